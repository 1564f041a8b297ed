"""The merged-order counting kernel: class keys, the two-run merge,
the float32 path and label discovery, against independent oracles.

Oracles: the stable-argsort counting (the kernel used for small and weighted
inputs, independent of the merged order), brute-force pair counts written here,
and scikit-learn (test-only).
"""

import contextlib
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    average_precision_score,
    break_even_point,
    confusion_matrix_at_thresholds,
    precision_recall_curve,
    rank_loss,
    roc_auc_score,
    roc_curve,
)
from evalplots.metrics.ranking import _thresholds
from evalplots.metrics._labels import class_values
from evalplots.metrics.ranking._thresholds import (
    BinaryScores,
    MergedOrder,
    _counts_argsort,
    binary_scores,
)
from evalplots.metrics._validation import sums_exactly
from tests.support import examples


@contextlib.contextmanager
def merged_order_always(block=None):
    """Curves from the merged order at any n; optionally blocked passes of ``block``."""
    saved = _thresholds._SMALL_N, _thresholds._BLOCK
    _thresholds._SMALL_N = 0
    _thresholds._BLOCK = block or saved[1]
    try:
        yield
    finally:
        _thresholds._SMALL_N, _thresholds._BLOCK = saved


def brute_pairs(y, s):
    """Correctly ordered and tied positive-negative pairs, O(n^2), in Python ints."""
    pos = [int(v) if isinstance(v, (int, np.integer)) else v for v in s[y == 1].tolist()]
    neg = [int(v) if isinstance(v, (int, np.integer)) else v for v in s[y == 0].tolist()]
    correct = sum(1 for p in pos for q in neg if p > q)
    tied = sum(1 for p in pos for q in neg if p == q)
    return correct, tied


def brute_average_precision(y, s):
    """sum over distinct positive scores u of (#pos == u) * precision(>= u) / P."""
    y, s = list(y), list(s)
    n_pos = sum(y)
    total = 0.0
    for u in sorted({v for v, c in zip(s, y) if c}):
        at_least = [c for v, c in zip(s, y) if v >= u]
        total += sum(1 for v, c in zip(s, y) if c and v == u) * (sum(at_least) / len(at_least))
    return total / n_pos


def _assert_same_arrays(ours, expected):
    for a, b in zip(ours, expected):
        assert a.dtype == b.dtype
        np.testing.assert_array_equal(a, b)


# scores of every kind the kernel treats differently
SCORE_KINDS = {
    "probability": lambda r, n: np.round(r.random(n), 1),  # non-negative, ties
    "zero_signs": lambda r, n: r.choice([-0.0, 0.0, 0.5], n),  # -0.0 ties 0.0
    "log_probability": lambda r, n: np.log(r.choice([0.1, 0.5, 1.0], n)),  # <= 0
    "mixed_sign": lambda r, n: np.round(r.normal(0, 5, n), 1),  # signed keys, -0.0 and 0.0
    "logit": lambda r, n: r.normal(0, 5, n) * r.choice([1.0, 1e-300], n),  # signed keys
    "mixed_float32": lambda r, n: np.round(r.normal(0, 5, n), 1).astype(np.float32),
    # every magnitude from the least denormal to 1e300, both signs: the two-run merge
    "mixed_wide": lambda r, n: r.choice([-1e300, -5e-324, -0.0, 0.0, 5e-324, 1.0, 1e300], n),
    "float32": lambda r, n: np.round(r.random(n), 1).astype(np.float32),
    "small_int": lambda r, n: r.integers(-3, 4, n),
    "int8_full": lambda r, n: r.choice(np.array([-128, -1, 0, 127], dtype=np.int8), n),
    "uint8": lambda r, n: r.integers(0, 256, n).astype(np.uint8),
    "bool": lambda r, n: r.random(n) < 0.5,
    # distinct above 2**53 (float64 would tie them), within 2**62: class keys
    "int_above_2_53": lambda r, n: 2**60 + r.integers(0, 4, n),
    # spanning more than 2**62: the two-run merge
    "int_wide": lambda r, n: r.choice(np.array([-(2**62), -1, 0, 2**62 + 1]), n),
    "uint64_top": lambda r, n: np.uint64(2**64 - 8) + r.integers(0, 4, n).astype(np.uint64),
}


@settings(max_examples=examples(60), deadline=None)
@given(
    kind=st.sampled_from(sorted(SCORE_KINDS)),
    n=st.integers(2, 60),
    seed=st.integers(0, 2**32 - 1),
)
def test_merged_order_matches_argsort_counts_and_brute_force(kind, n, seed):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(np.int64)
    y[0], y[1] = 0, 1
    s = SCORE_KINDS[kind](rng, n)
    with merged_order_always(block=7):  # passes over several blocks
        data = binary_scores(y, s)
        order = data.merged()
        counts = order.counts()
    old = _counts_argsort(data.score, data.positive, None)  # independent kernel
    _assert_same_arrays(counts, old)
    assert data.pair_counts() == brute_pairs(y, s)
    size, tps, n_predicted = data.positive_groups()
    ap = float(np.sum(size * (tps / n_predicted)) / tps[0])
    assert ap == pytest.approx(brute_average_precision(y, s), rel=1e-12)
    # the merged order is the sorted scores, negatives first in a tie
    is_pos = order.is_pos.view(np.bool_)
    np.testing.assert_array_equal(np.flatnonzero(is_pos), order.pos_at)
    assert is_pos.sum() == y.sum()


@pytest.mark.parametrize("kind", ["probability", "log_probability", "small_int",
                                  "int_above_2_53", "float32", "zero_signs"])  # fmt: skip
def test_class_keys_and_two_run_merge_agree(kind):
    rng = np.random.default_rng(3)
    y = (rng.random(500) < 0.3).astype(np.int64)
    s = SCORE_KINDS[kind](rng, 500)
    data = binary_scores(y, s)
    keyed = data.merged()
    assert keyed.shift == 1  # these kinds fit the class keys
    merged = MergedOrder.from_halves(data.neg_sorted, data.pos_sorted)
    assert merged.shift == 0
    _assert_same_arrays(keyed.counts(), merged.counts())
    np.testing.assert_array_equal(keyed.pos_at, merged.pos_at)
    assert keyed.pair_counts() == merged.pair_counts()
    for a, b in zip(keyed.positive_groups(), merged.positive_groups()):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("kind", ["mixed_wide", "int_wide"])
def test_scores_that_do_not_fit_a_key_take_the_two_run_merge(kind):
    rng = np.random.default_rng(4)
    y = (rng.random(300) < 0.5).astype(np.int64)
    s = SCORE_KINDS[kind](rng, 300)
    data = binary_scores(y, s)
    assert data.merged().shift == 0
    assert data.pair_counts() == brute_pairs(y, s)


@pytest.mark.parametrize("kind", ["probability", "log_probability", "mixed_sign", "small_int",
                                  "logit", "mixed_wide"])  # fmt: skip
def test_large_inputs_match_scikit_learn(kind):
    # n above _SMALL_N: the curves come from the merged order
    rng = np.random.default_rng(5)
    n = 3 * _thresholds._SMALL_N
    y = (rng.random(n) < 0.1).astype(np.int64)
    s = SCORE_KINDS[kind](rng, n)
    assert roc_auc_score(y, s) == pytest.approx(skm.roc_auc_score(y, s), rel=1e-12)
    assert average_precision_score(y, s) == pytest.approx(
        skm.average_precision_score(y, s), rel=1e-12)
    for ours, theirs in zip(roc_curve(y, s), skm.roc_curve(y, s)):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)
    for ours, theirs in zip(precision_recall_curve(y, s), skm.precision_recall_curve(y, s)):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)
    for ours, theirs in zip(confusion_matrix_at_thresholds(y, s),
                            skm.confusion_matrix_at_thresholds(y, s)):  # fmt: skip
        np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize(("kind", "key_dtype"), [
    ("mixed_sign", np.uint64), ("logit", np.uint64), ("mixed_float32", np.uint32)])
def test_floats_of_both_signs_take_signed_keys(kind, key_dtype):
    # sign and magnitude as two's complement, the unused small magnitudes taken out
    rng = np.random.default_rng(12)
    y = (rng.random(400) < 0.3).astype(np.int64)
    s = SCORE_KINDS[kind](rng, 400)
    data = binary_scores(y, s)
    order = data.merged()
    assert order.shift == 1 and order.key.dtype == key_dtype
    merged = MergedOrder.from_halves(np.sort(s[y == 0]), np.sort(s[y == 1]))
    _assert_same_arrays(order.counts(), merged.counts())
    assert order.pair_counts() == merged.pair_counts() == brute_pairs(y, s)
    np.testing.assert_array_equal(order.class_scores(True), np.sort(s[y == 1]))
    assert order.class_scores(True).dtype == s.dtype


def test_float32_of_both_signs_and_every_magnitude_take_64_bit_keys():
    s = np.array([-3e38, -1e-45, -0.0, 0.0, 1e-45, 0.5, 3e38], dtype=np.float32)
    y = np.array([0, 1, 1, 0, 0, 1, 1])
    data = binary_scores(y, s)
    assert data.merged().key.dtype == np.uint64
    _assert_same_arrays(data.merged().counts(), _counts_argsort(s, y == 1, None))
    assert data.pair_counts() == brute_pairs(y, s)


def test_no_ties_path_matches_scikit_learn():
    # distinct scores: counts() takes its one-threshold-per-sample branch
    rng = np.random.default_rng(6)
    n = 2 * _thresholds._SMALL_N
    y = (rng.random(n) < 0.2).astype(np.int64)
    s = rng.random(n)
    assert np.unique(s).size == n
    for ours, theirs in zip(confusion_matrix_at_thresholds(y, s),
                            skm.confusion_matrix_at_thresholds(y, s)):  # fmt: skip
        np.testing.assert_array_equal(ours, theirs)


def test_negative_zero_ties_positive_zero():
    y = np.array([0, 1, 0, 1])
    s = np.array([-0.0, 0.0, 0.5, -0.0])
    with merged_order_always():
        tns, fps, fns, tps, thr = confusion_matrix_at_thresholds(y, s)
    np.testing.assert_array_equal(thr, [0.5, 0.0])
    assert not np.signbit(thr).any()  # decoded as +0.0
    np.testing.assert_array_equal(tps, [0, 2])
    np.testing.assert_array_equal(fps, [1, 2])
    # pairs: (0.0 vs 0.5) wrong, (0.0 vs -0.0) tied, (-0.0 vs -0.0) tied, (-0.0 vs 0.5) wrong
    assert rank_loss(y, s) == pytest.approx(1.0 - 1.0 / 4)
    assert roc_auc_score(y, s) == pytest.approx(skm.roc_auc_score(y, s))


def test_integer_scores_above_2_53_stay_distinct():
    big = 2**53
    y = np.array([0, 1, 0, 1, 1, 0])
    s = np.array([big, big + 1, big + 1, big + 2, big, big - 1], dtype=np.int64)
    with merged_order_always():
        *_, tps, thr = confusion_matrix_at_thresholds(y, s)
        assert roc_auc_score(y, s) == (2 * 6 + 2) / 18  # 6 pairs correct, 2 tied
    assert brute_pairs(y, s) == (6, 2)
    np.testing.assert_array_equal(thr, [big + 2, big + 1, big, big - 1])
    assert thr.dtype == np.int64
    np.testing.assert_array_equal(tps, [1, 2, 3, 3])


def test_uint64_scores_above_2_63():
    top = np.uint64(2**64 - 1)
    y = np.array([1, 0, 1, 0])
    s = np.array([top, top - np.uint64(1), top - np.uint64(1), np.uint64(0)])
    with merged_order_always():
        *_, thr = confusion_matrix_at_thresholds(y, s)
        assert roc_auc_score(y, s) == (2 * 3 + 1) / 8
    np.testing.assert_array_equal(thr, s[[0, 1, 3]])
    assert thr.dtype == np.uint64


# ---------------------------------------------------------------- float32
def _float32_case(n, seed):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    y[:2] = 0, 1
    s32 = np.round(rng.normal(0.5, 0.3, n), 3).astype(np.float32)  # ties, both signs
    return y, s32, s32.astype(np.float64)


@pytest.mark.parametrize("n", [50, 3 * _thresholds._SMALL_N])
@pytest.mark.parametrize("sign", [np.positive, np.abs, lambda s: -np.abs(s)])  # +-, >=0, <=0
def test_float32_results_equal_the_float64_copy(n, sign):
    y, s32, _ = _float32_case(n, 7)
    s32 = sign(s32)
    s64 = s32.astype(np.float64)
    for func in (roc_auc_score, average_precision_score, break_even_point, rank_loss):
        assert func(y, s32) == func(y, s64)
    for func in (roc_curve, precision_recall_curve, confusion_matrix_at_thresholds):
        _assert_same_arrays(func(y, s32), func(y, s64))
    weights = np.random.default_rng(8).integers(1, 4, n).astype(float)
    assert roc_auc_score(y, s32, sample_weight=weights) == roc_auc_score(
        y, s64, sample_weight=weights)
    _assert_same_arrays(roc_curve(y, s32, sample_weight=weights),
                        roc_curve(y, s64, sample_weight=weights))  # fmt: skip


def test_float32_scores_are_not_upcast():
    y, s32, _ = _float32_case(2000, 9)
    s32 = np.abs(s32)
    data = binary_scores(y, s32)
    assert data.score is s32  # no copy
    assert data.merged().key.dtype == np.uint32  # sorted as 32-bit keys
    assert data.pos_sorted.dtype == np.float32


def test_float16_scores_widen_exactly_to_float32():
    y, s32, _ = _float32_case(200, 10)
    s16 = s32.astype(np.float16)
    assert binary_scores(y, s16).score.dtype == np.float32
    assert roc_auc_score(y, s16) == roc_auc_score(y, s16.astype(np.float64))


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_float32_non_finite_scores_raise(bad):
    s = np.array([0.1, bad, 0.3], dtype=np.float32)
    with pytest.raises(ValueError, match=r"y_score contains 1 non-finite value\(s\).*index 1"):
        roc_auc_score([0, 1, 1], s)


# ----------------------------------------------------------- label discovery
@pytest.mark.parametrize("y", [
    np.array([0, 1, 1, 0]), np.array([1, 1]), np.array([0, 0], dtype=np.uint8),
    np.array([-1, 0, 0], dtype=np.int8), np.array([-1, 1, 1]), np.array([3, 4, 3]),
    np.array([0, 2, 1]), np.array([2**63 + 1, 5], dtype=np.uint64),
    np.array([0.0, 1.0, 1.0]), np.array([2.5, 2.5]), np.array([0.5, 1.5, 7.0]),
    np.array([1.0, np.nan]), np.array([True, False]),
])  # fmt: skip
def test_class_values_match_np_unique(y):
    got = class_values(y)
    expected = np.unique(y)
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


def test_binary_scores_of_presorted_halves():
    # _SortedScores in _auc (one-vs-one) merges halves that are sorted already
    pos = np.array([0.2, 0.5, 0.5, 0.9])
    neg = np.array([0.1, 0.5, 0.7])
    data = BinaryScores(None, None, None)
    data._pos, data._neg = pos, neg
    assert data.pair_counts() == (1 + 1 + 1 + 3, 2)  # the two 0.5 tie the negative 0.5


@pytest.mark.parametrize("kind", ["probability", "log_probability", "mixed_sign", "float32",
                                  "int_above_2_53", "int_wide", "bool"])  # fmt: skip
def test_class_halves_read_off_the_merged_order(kind):
    # DeLong's placements reuse the order the curves sorted: no second sort
    rng = np.random.default_rng(11)
    y = (rng.random(400) < 0.3).astype(np.int64)
    s = SCORE_KINDS[kind](rng, 400)
    fresh = binary_scores(y, s)
    reused = binary_scores(y, s)
    reused.merged()
    for a, b in ((fresh.pos_sorted, reused.pos_sorted), (fresh.neg_sorted, reused.neg_sorted)):
        assert a.dtype == b.dtype
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(fresh.pos_sorted, np.sort(fresh.score[y == 1]))


# ------------------------------------------------------ curves off the order
@settings(max_examples=examples(80), deadline=None)
@given(
    n=st.integers(2, 40),
    seed=st.integers(0, 2**32 - 1),
    share=st.sampled_from([0.1, 0.5, 0.9]),
    kind=st.sampled_from(["distinct", "ties", "float32", "mixed_sign", "int"]),
    drop=st.booleans(),
)
def test_curves_read_off_the_order_match_scikit_learn(n, seed, share, kind, drop):
    # roc_points/pr_points: runs of positives at either end, ties, one threshold
    # per sample; blocks of 3 so that the blocked passes cross block edges
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < share).astype(np.int64)
    y[rng.permutation(n)[:2]] = 0, 1  # both classes
    s = {"distinct": rng.permutation(n) / 7.0,
         "ties": rng.integers(0, 4, n) / 4.0,
         "float32": (rng.permutation(n) / 7.0).astype(np.float32),
         "mixed_sign": rng.permutation(n) - n / 2.0,
         "int": rng.integers(-3, 3, n)}[kind]  # fmt: skip
    with merged_order_always(block=3):
        roc = roc_curve(y, s, drop_intermediate=drop)
        pr = precision_recall_curve(y, s)
    for ours, theirs in zip(roc, skm.roc_curve(y, s, drop_intermediate=drop)):
        assert ours.dtype == np.float64
        np.testing.assert_array_equal(ours, theirs)
    for ours, theirs in zip(pr, skm.precision_recall_curve(y, s)):
        np.testing.assert_array_equal(ours, theirs)


@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(2, 3000),
    seed=st.integers(0, 2**32 - 1),
    levels=st.sampled_from([3, 50, 10**9]),
    limit=st.floats(0, 1, exclude_max=True),
)
def test_top_counts_are_a_prefix_of_the_counts(n, seed, levels, limit):
    # partial AUC reads only the top of the order; a segment that starts with many
    # positives (or one long tie) must grow until it passes the cut
    rng = np.random.default_rng(seed)
    s = rng.integers(0, levels, n).astype(float)
    y = (s > np.quantile(s, 0.7)).astype(np.int64) | (rng.random(n) < 0.1)
    y[rng.permutation(n)[:2]] = 0, 1
    order = binary_scores(y, s).merged()
    fps, tps, _ = order.counts()
    limit *= fps[-1]
    top_fps, top_tps = order.top_counts(limit)
    stop = int(np.searchsorted(fps, limit, side="right"))
    assert top_fps.size > stop  # holds the first point right of the cut
    np.testing.assert_array_equal(top_fps, fps[: top_fps.size])
    np.testing.assert_array_equal(top_tps, tps[: top_fps.size])


def test_top_counts_segment_grows_past_a_run_of_positives():
    # the 3000 highest scores are positives: the first segments hold no negative
    n = 5000
    s = np.arange(n, dtype=float)
    y = (s >= n - 3000).astype(np.int64)
    order = binary_scores(y, s).merged()
    fps, tps = order.top_counts(0.0)
    assert 3000 < fps.size < n  # grown past the first negative, not to the whole order
    assert fps[3000] == 1 and tps[3000] == 3000 and fps[2999] == 0
    assert roc_auc_score(y, s, max_fpr=1e-4) == pytest.approx(
        skm.roc_auc_score(y, s, max_fpr=1e-4), rel=1e-12)


@pytest.mark.parametrize("weights", ["integer", "integer_dtype", "fraction"])
def test_weighted_counts_equal_the_stable_order_bit_for_bit(weights):
    # integer-valued weights take the unstable argsort (exact sums in any order);
    # fractional ones keep the stable order, so both give the stable order's bits
    rng = np.random.default_rng(13)
    n = 3000
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = np.round(rng.random(n), 2)  # many ties: the order within them differs
    w = {"integer": rng.integers(1, 5, n).astype(float),
         "integer_dtype": rng.integers(1, 5, n),
         "fraction": rng.random(n)}[weights]  # fmt: skip
    assert sums_exactly(w) == (weights != "fraction")
    order = np.argsort(s, kind="stable")[::-1]
    ends = np.flatnonzero(np.append(s[order][1:] != s[order][:-1], True))
    pos, ws = (y == 1)[order], w[order].astype(float)
    expected = (np.cumsum(np.where(pos, 0.0, ws))[ends], np.cumsum(np.where(pos, ws, 0.0))[ends],
                s[order][ends])  # fmt: skip
    _assert_same_arrays(_counts_argsort(s, y == 1, w.astype(float)), expected)
    if weights != "fraction":
        for ours, theirs in zip(roc_curve(y, s, sample_weight=w),
                                skm.roc_curve(y, s, sample_weight=w)):  # fmt: skip
            np.testing.assert_array_equal(ours, theirs)


# ------------------------------------------- the fused passes of the curves
@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(2, 60),
    seed=st.integers(0, 2**32 - 1),
    share=st.sampled_from([0.1, 0.5, 0.9]),
    block=st.sampled_from([1, 2, 3, 8]),
)
def test_roc_change_points_noted_while_sorting_equal_the_positions_path(n, seed, share, block):
    # distinct scores: the ROC points from the class changes noted in the sorting
    # pass (keys gathered there) equal those from the positives' positions (the
    # two-run merge, no notes) and scikit-learn's, runs at either end included
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < share).astype(np.int64)
    y[rng.permutation(n)[:2]] = 0, 1
    s = rng.permutation(n) / 7.0
    positive = y == 1
    with merged_order_always(block=block):
        noted = MergedOrder.from_keys(s, positive, s.min(), s.max(), changes=True)
        merged = MergedOrder.from_halves(np.sort(s[~positive]), np.sort(s[positive]))
        assert noted._changes is not None and merged._changes is None
        np.testing.assert_array_equal(noted._changes[0],
                                      np.flatnonzero(np.diff(positive[np.argsort(s)])) + 1)
        a, b = noted.roc_points(True), merged.roc_points(True)
    expected = skm.roc_curve(y, s)
    for x, z, e in zip(a, b, (expected[0] * (n - positive.sum()), expected[1] * positive.sum(),
                              expected[2])):  # fmt: skip
        np.testing.assert_array_equal(x, z)
        np.testing.assert_allclose(x, e, rtol=1e-12)


def test_precision_recall_curve_consumes_the_order_and_the_data_stays_usable():
    # P-R decodes the float64 thresholds into the keys' memory; the order is
    # dropped, and the next metric on the same data builds a fresh one
    rng = np.random.default_rng(11)
    n = 4 * _thresholds._SMALL_N
    y = (rng.random(n) < 0.2).astype(np.int64)
    s = rng.random(n)
    data = binary_scores(y, s)
    precision, recall, thresholds = data.pr_curve()
    assert data._order is None
    for ours, theirs in zip((precision, recall, thresholds), skm.precision_recall_curve(y, s)):
        np.testing.assert_array_equal(ours, theirs)
    _assert_same_arrays(data.counts(), _counts_argsort(s, y == 1, None))
    np.testing.assert_array_equal(data.positive, y == 1)  # made on first use


@pytest.mark.parametrize("levels", [2, 5, 300])
def test_tied_curves_with_groups_spanning_blocks(levels):
    # tie groups longer than a block, and blocks that hold no group start
    rng = np.random.default_rng(levels)
    n = 500
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = rng.integers(0, levels, n) / 3.0
    with merged_order_always(block=4):
        for drop in (True, False):
            for ours, theirs in zip(roc_curve(y, s, drop_intermediate=drop),
                                    skm.roc_curve(y, s, drop_intermediate=drop)):  # fmt: skip
                np.testing.assert_array_equal(ours, theirs)
        for ours, theirs in zip(precision_recall_curve(y, s), skm.precision_recall_curve(y, s)):
            np.testing.assert_array_equal(ours, theirs)


@settings(max_examples=examples(60), deadline=None)
@given(
    kind=st.sampled_from(sorted(SCORE_KINDS)),
    n=st.integers(1, 300),
    seed=st.integers(0, 2**32 - 1),
    labels=st.sampled_from(["int64", "uint8", "bool"]),
)
def test_few_sample_kernels_equal_the_merged_order_bit_for_bit(kind, n, seed, labels):
    """Below _SMALL_N the pair counts, positive groups, AUC and AP are read off one
    argsort's counts; they are the merged order's, to the bit and the dtype."""
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(labels)
    s = SCORE_KINDS[kind](rng, n)
    few = binary_scores(y, s)
    assert few.score.size < _thresholds._SMALL_N
    with merged_order_always():
        order = binary_scores(y, s)
        order.merged()
        expected = order.pair_counts(), order.positive_groups()
        scores = [f(y, s) for f in (roc_auc_score, average_precision_score, rank_loss)
                  if y.any() and not y.all()]
    assert few.few() and not order.few()
    assert few.pair_counts() == expected[0] == brute_pairs(y.astype(np.int64), s)
    _assert_same_arrays(few.positive_groups(), expected[1])
    ours = [f(y, s) for f in (roc_auc_score, average_precision_score, rank_loss)
            if y.any() and not y.all()]
    assert [np.float64(v).tobytes() for v in ours] == [np.float64(v).tobytes() for v in scores]


@pytest.mark.parametrize("bad", ["three_classes", "minus_one", "nan_score", "inf_score",
                                 "length", "float16_score"])
def test_few_sample_validation_falls_back_with_the_long_messages(bad):
    """Inputs the few-sample checks do not take go the long way, with its messages."""
    y, s = np.array([0, 1, 0, 1]), np.array([0.1, 0.9, 0.4, 0.6])
    if bad == "three_classes":
        y = np.array([0, 1, 2, 1])
        match = "3 classes"
    elif bad == "minus_one":  # -1/1 labels: valid, positive class 1
        y = np.array([-1, 1, -1, 1])
        assert roc_curve(y, s)[1].tolist() == roc_curve(y == 1, s)[1].tolist()
        return
    elif bad in ("nan_score", "inf_score"):
        s = s.copy()
        s[2] = np.nan if bad == "nan_score" else np.inf
        match = "y_score contains 1 non-finite value"
    elif bad == "length":
        s = s[:3]
        match = "Inconsistent numbers of samples"
    else:
        assert roc_auc_score(y, s.astype(np.float16)) == 1.0
        return
    for func in (roc_curve, precision_recall_curve, average_precision_score):
        with pytest.raises(ValueError, match=match):
            func(y, s)


@pytest.mark.parametrize("levels", [None, 3, 20])
def test_one_auc_from_counts_is_every_path_s_mann_whitney_value(levels):
    """The summary table, the replicates, the jackknife, the Dask ranges, DeLong and
    roc_auc_score all take the one AUC from counts: for integer counts every one is
    (2 C + T) / (2 P N) of the brute-force pair count, to the bit."""
    from evalplots.dask._ranking import range_contribution, summarize
    from evalplots.metrics import roc_auc_ci
    from evalplots.metrics.ranking._auc import auc_from_pairs
    from evalplots.metrics.inference._replicates import SortedBinary, auc_jackknife
    from evalplots.metrics.ranking._score_counts import ScoreCounts
    from evalplots.metrics.summaries import table_auc

    rng = np.random.default_rng(levels or 0)
    n = 400
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = rng.random(n) if levels is None else rng.integers(0, levels, n) / levels
    correct, tied = brute_pairs(y, s)
    expected = (2.0 * correct + tied) / (2.0 * y.sum() * (n - y.sum()))
    table = ScoreCounts.from_arrays(y, s)
    high = table.score > np.median(table.score)  # two ranges of scores, as on Dask
    low_part, high_part = (ScoreCounts(table.score[m], table.positive[m], table.negative[m])
                           for m in (~high, high))
    n_pos, n_neg = table.positive.sum(), table.negative.sum()
    with warnings.catch_warnings():  # a tie group of more samples than positives: no BEP
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        pieces = [range_contribution(low_part, high_part.positive.sum(),
                                     high_part.negative.sum(), n_pos, 5),
                  range_contribution(high_part, 0, 0, n_pos, 5)]
        ranges = summarize(pieces, n_pos, n_neg, "ranges", 2)  # the ranges' AUC shares
    values = {
        "roc_auc_score": roc_auc_score(y, s),
        "table_auc": table_auc(table),
        "dask ranges": ranges.roc_auc,
        "replicates": SortedBinary(y, s).roc_auc(np.ones((2, s.size), dtype=np.int64))[1],
        "jackknife": auc_jackknife(s, y == 1, [np.array([], dtype=np.intp)])[0],
        "DeLong": roc_auc_ci(y, s).estimate,
        "weights of one": roc_auc_score(y, s, sample_weight=np.ones(s.size)),
    }
    assert {k: float(v) for k, v in values.items()} == dict.fromkeys(values, expected)
    assert np.isnan(auc_from_pairs(3.0, 0, 5)) and np.isnan(auc_from_pairs(3.0, 2.0, 0.0))
    np.testing.assert_array_equal(auc_from_pairs(np.array([4.0, 1.0]), np.array([2, 0]), 2),
                                  [0.5, np.nan])
