"""ScoreCounts: tables of chunks merge into the table of the whole data, exactly."""

import numpy as np
import pytest
from sklearn import metrics as skm

from evalplots import metrics
from evalplots.metrics import ScoreCounts
from evalplots.metrics.ranking._curves import roc_from_counts


def _chunks(n, k, rng):
    cuts = np.sort(rng.integers(0, n + 1, k - 1))
    return np.split(np.arange(n), cuts)


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("discrete", [False, True])
def test_merged_chunks_give_the_curve_of_the_whole(weighted, discrete):
    rng = np.random.default_rng(3)
    n = 5000
    y = rng.random(n) < 0.3
    s = rng.integers(0, 40, n) / 8.0 if discrete else rng.normal(size=n) + y
    w = rng.integers(0, 4, n) if weighted else None
    parts = [ScoreCounts.from_arrays(y[i], s[i], sample_weight=None if w is None else w[i])
             for i in _chunks(n, 7, rng)]
    merged = ScoreCounts.merge([ScoreCounts.merge(parts[:3]), ScoreCounts.merge(parts[3:])])
    assert merged.positive.dtype == np.int64  # integer weights stay exact counts
    fpr, tpr, thr = roc_from_counts(*merged.counts(), drop_intermediate=False)
    e_fpr, e_tpr, e_thr = skm.roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    np.testing.assert_array_equal(thr[1:], e_thr[1:])
    np.testing.assert_allclose(fpr, e_fpr, rtol=0, atol=1e-15)
    np.testing.assert_allclose(tpr, e_tpr, rtol=0, atol=1e-15)
    # the same table read as weighted samples gives every metric of the raw samples
    data = merged._to_binary_scores()
    assert metrics.roc_auc_score(data.positive, data.score, sample_weight=data.weight) == \
        pytest.approx(skm.roc_auc_score(y, s, sample_weight=w), abs=1e-14)
    assert int(merged.n_pos) == int(y.sum() if w is None else w[y].sum())


def test_hand_table_and_empty_chunk():
    # scores 0.2 (one pos, one neg), 0.5 (neg), 0.9 (pos, neg); an empty chunk adds nothing
    a = ScoreCounts.from_arrays([1, 0, 1], [0.9, 0.2, 0.2])
    b = ScoreCounts.from_arrays([0, 0], [0.9, 0.5])
    empty = ScoreCounts(np.zeros(0), np.zeros(0, np.int64), np.zeros(0, np.int64))
    m = ScoreCounts.merge([a, empty, b])
    assert m.score.tolist() == [0.2, 0.5, 0.9]
    assert m.positive.tolist() == [1, 0, 1] and m.negative.tolist() == [1, 1, 1]
    assert (m.n_pos, m.n_neg, len(m)) == (2, 3, 3)


def test_invalid_tables_name_the_argument():
    with pytest.raises(ValueError, match="increasing"):
        ScoreCounts([0.5, 0.2], [1, 0], [0, 1])
    with pytest.raises(ValueError, match="one length"):
        ScoreCounts([0.5], [1, 0], [0, 1])
    with pytest.raises(ValueError, match=">= 0"):
        ScoreCounts([0.5], [-1], [0])
    with pytest.raises(ValueError, match="tables is empty"):
        ScoreCounts.merge([])


def test_one_rule_decides_when_weights_count_exactly():
    """Whole weights whose total stays below 2**53 add exactly in float64, so they
    are counted as int64; the tables, the confusion matrix and the block-wise
    Parquet reader all ask this one predicate."""
    from evalplots.metrics.classification._confusion import weighted_bincount
    from evalplots.metrics._validation import all_whole, sums_exactly, whole_sums_exact

    assert sums_exactly(np.array([1.0, 2.0, 0.0])) and sums_exactly(np.array([3, 4]))
    assert not sums_exactly(np.array([1.0, 0.5]))
    assert not sums_exactly(np.array([2.0**52, 2.0**52]))  # total 2**53: not below
    assert sums_exactly(np.array([2.0**52, 2.0**52 - 1]))
    assert not sums_exactly(np.array([1.0, np.nan])) and not sums_exactly(np.array([np.inf]))
    assert all_whole(np.array([True, False])) and not all_whole(np.array([0.25]))
    # the block form: the blocks' verdicts and totals combined give the array's
    for last in (2.0**53 - 7, 2.0**53 - 4):  # totals 2**53 - 1 and 2**53 + 2
        blocks = [np.array([1.0, 2.0]), np.array([3.0, last])]
        verdict = whole_sums_exact(all(all_whole(b) for b in blocks),
                                   sum(float(b.sum()) for b in blocks))
        assert verdict is sums_exactly(np.concatenate(blocks)) is (last < 2.0**53 - 6)
    # a table of whole float weights has int64 counts, of fractional ones float64
    y, s = [1, 0, 1, 0], [0.1, 0.1, 0.5, 0.7]
    whole = ScoreCounts.from_arrays(y, s, sample_weight=[1.0, 2.0, 3.0, 0.0])
    assert whole.positive.dtype == np.int64 and whole.positive.tolist() == [1, 3]
    half = ScoreCounts.from_arrays(y, s, sample_weight=[1.0, 2.5, 3.0, 1.0])
    assert half.negative.dtype == np.float64 and half.negative.tolist() == [2.5, 0.0, 1.0]
    # integer weights too large to add in float64 are summed in int64 instead
    big = np.array([2**53, 1, 1], dtype=np.int64)
    counts = weighted_bincount(np.array([0, 0, 1]), big, 2)
    assert counts.dtype == np.int64 and counts.tolist() == [2**53 + 1, 1]
