"""calibration_curve, expected_calibration_error and brier_score_loss.

Oracles: scikit-learn 1.9.1 (``calibration_curve`` returns prob_true and prob_pred,
``brier_score_loss`` binary and multi-class) and hand computations written here for
the counts, empty bins, tied quantile edges and a single bin.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.calibration import calibration_curve as sk_calibration_curve
from sklearn.metrics import brier_score_loss as sk_brier_score_loss

from evalplots.metrics import (
    brier_score_loss,
    calibration_curve,
    expected_calibration_error,
)
from tests.support import examples


def _random_binary(n, seed, *, decimals=None):
    rng = np.random.default_rng(seed)
    y_prob = rng.beta(0.8, 1.6, n)
    if decimals is not None:  # many ties, some exactly on bin edges
        y_prob = np.round(y_prob, decimals)
    y_true = (rng.random(n) < y_prob**1.3).astype(int)
    return y_true, y_prob


def _counts_by_hand(y_prob, edges):
    """Samples per bin, bins (e_j, e_{j+1}], the first also holding e_0."""
    inner = edges[1:-1]
    counts = [np.sum(y_prob <= inner[0])] if inner.size else [len(y_prob)]
    counts += [np.sum((y_prob > lo) & (y_prob <= hi)) for lo, hi in zip(inner, inner[1:])]
    if inner.size:
        counts.append(np.sum(y_prob > inner[-1]))
    counts = np.array(counts)
    return counts[counts > 0]


# --- calibration_curve against scikit-learn --------------------------------------


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("n_bins", [1, 3, 5, 10, 17])
@pytest.mark.parametrize("decimals", [None, 1, 2])
def test_calibration_curve_matches_sklearn(strategy, n_bins, decimals):
    y_true, y_prob = _random_binary(300, n_bins, decimals=decimals)
    prob_true, prob_pred, counts = calibration_curve(
        y_true, y_prob, n_bins=n_bins, strategy=strategy
    )
    sk_true, sk_pred = sk_calibration_curve(
        y_true, y_prob, n_bins=n_bins, strategy=strategy
    )
    np.testing.assert_array_equal(prob_true, sk_true)
    np.testing.assert_array_equal(prob_pred, sk_pred)
    if strategy == "uniform":
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    else:
        edges = np.percentile(y_prob, np.linspace(0, 1, n_bins + 1) * 100)
    np.testing.assert_array_equal(counts, _counts_by_hand(y_prob, edges))
    assert counts.dtype == np.int64 and counts.sum() == 300


def test_calibration_curve_string_labels_and_pos_label():
    y_true, y_prob = _random_binary(200, 7)
    labels = np.where(y_true == 1, "spam", "ham")
    ours = calibration_curve(labels, y_prob, pos_label="spam", n_bins=5)
    sk = sk_calibration_curve(labels, y_prob, pos_label="spam", n_bins=5)
    np.testing.assert_array_equal(ours[0], sk[0])
    np.testing.assert_array_equal(ours[1], sk[1])
    # the other class as positive: frequencies flip, mean probabilities do not
    flipped = calibration_curve(labels, y_prob, pos_label="ham", n_bins=5)
    np.testing.assert_allclose(flipped[0], 1 - ours[0])
    np.testing.assert_array_equal(flipped[1], ours[1])


@settings(max_examples=examples(150), deadline=None)
@given(
    data=st.lists(
        st.tuples(
            st.sampled_from([0.0, 0.1, 0.2, 0.25, 0.3, 0.5, 0.7, 0.75, 0.9, 1.0])
            | st.floats(0, 1),
            st.booleans(),
        ),
        min_size=1,
        max_size=40,
    ),
    n_bins=st.integers(1, 12),
    strategy=st.sampled_from(["uniform", "quantile"]),
)
def test_calibration_curve_matches_sklearn_on_generated_ties(data, n_bins, strategy):
    y_prob = np.array([p for p, _ in data])
    y_true = np.array([int(t) for _, t in data])
    prob_true, prob_pred, counts = calibration_curve(
        y_true, y_prob, n_bins=n_bins, strategy=strategy
    )
    sk_true, sk_pred = sk_calibration_curve(
        y_true, y_prob, n_bins=n_bins, strategy=strategy
    )
    np.testing.assert_array_equal(prob_true, sk_true)
    np.testing.assert_array_equal(prob_pred, sk_pred)
    assert counts.sum() == len(data) and (counts > 0).all()
    gaps = np.abs(prob_true - prob_pred)
    ece = expected_calibration_error(y_true, y_prob, n_bins=n_bins, strategy=strategy)
    assert ece == pytest.approx(np.sum(counts * gaps) / len(data), abs=1e-15)


# --- hand computations -----------------------------------------------------------


def test_edge_values_fall_in_the_lower_bin_and_0_1_in_the_end_bins():
    # uniform, n_bins=4: edges 0, .25, .5, .75, 1; .25 and .5 are exact in binary
    y_prob = [0.0, 0.25, 0.5, 0.75, 1.0]
    y_true = [0, 0, 1, 1, 1]
    prob_true, prob_pred, counts = calibration_curve(y_true, y_prob, n_bins=4)
    # bins [0, .25] = {0, .25}; (.25, .5] = {.5}; (.5, .75] = {.75}; (.75, 1] = {1}
    np.testing.assert_array_equal(counts, [2, 1, 1, 1])
    np.testing.assert_array_equal(prob_pred, [0.125, 0.5, 0.75, 1.0])
    np.testing.assert_array_equal(prob_true, [0.0, 1.0, 1.0, 1.0])


def test_empty_bins_are_dropped():
    # n_bins=5 (width .2): only bins [0, .2] and (.8, 1] hold samples
    y_true = [0, 0, 1, 1, 1, 0]
    y_prob = [0.05, 0.1, 0.15, 0.85, 0.9, 0.95]
    prob_true, prob_pred, counts = calibration_curve(y_true, y_prob, n_bins=5)
    np.testing.assert_array_equal(counts, [3, 3])
    np.testing.assert_allclose(prob_true, [1 / 3, 2 / 3])
    np.testing.assert_allclose(prob_pred, [0.1, 0.9])
    # ECE = 3/6 |1/3 - 0.1| + 3/6 |2/3 - 0.9| = (7/30 + 7/30) / 2 = 7/30
    ece = expected_calibration_error(y_true, y_prob, n_bins=5)
    assert ece == pytest.approx(7 / 30, abs=1e-15)
    mce = expected_calibration_error(y_true, y_prob, n_bins=5, norm="max")
    assert mce == pytest.approx(7 / 30, abs=1e-15)


def test_tied_probabilities_in_quantile_bins():
    # 10 samples, 6 tied at 0.2: the 4-bin quantile edges are
    # percentile([.2]*6 + [.4, .6, .8, 1.], [0, 25, 50, 75, 100]) = .2, .2, .2, .55, 1
    # -> inner edges .2, .2, .55 deduplicated to .2, .55: bins [., .2] (the six
    # ties), (.2, .55] = {.4}, (.55, 1] = {.6, .8, 1}
    y_prob = [0.2] * 6 + [0.4, 0.6, 0.8, 1.0]
    y_true = [0, 0, 0, 0, 1, 1, 0, 1, 1, 1]
    prob_true, prob_pred, counts = calibration_curve(
        y_true, y_prob, n_bins=4, strategy="quantile"
    )
    np.testing.assert_array_equal(counts, [6, 1, 3])
    np.testing.assert_allclose(prob_true, [2 / 6, 0.0, 1.0])
    np.testing.assert_allclose(prob_pred, [0.2, 0.4, 0.8])
    sk = sk_calibration_curve(y_true, y_prob, n_bins=4, strategy="quantile")
    np.testing.assert_array_equal(prob_true, sk[0])
    np.testing.assert_array_equal(prob_pred, sk[1])
    # ECE = (6 |1/3 - .2| + 1 |0 - .4| + 3 |1 - .8|) / 10 = (0.8 + 0.4 + 0.6) / 10
    ece = expected_calibration_error(y_true, y_prob, n_bins=4, strategy="quantile")
    assert ece == pytest.approx(0.18, abs=1e-15)


def test_all_probabilities_tied_give_one_bin():
    prob_true, prob_pred, counts = calibration_curve(
        [0, 1, 1, 0, 1], [0.3] * 5, n_bins=10, strategy="quantile"
    )
    np.testing.assert_array_equal(counts, [5])
    np.testing.assert_allclose(prob_true, [0.6])
    np.testing.assert_allclose(prob_pred, [0.3])


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_single_bin_ece_is_the_gap_of_the_means(strategy):
    y_true, y_prob = _random_binary(250, 3)
    prob_true, prob_pred, counts = calibration_curve(
        y_true, y_prob, n_bins=1, strategy=strategy
    )
    np.testing.assert_array_equal(counts, [250])
    ece = expected_calibration_error(y_true, y_prob, n_bins=1, strategy=strategy)
    assert ece == pytest.approx(abs(np.mean(y_true) - np.mean(y_prob)), abs=1e-15)
    mce = expected_calibration_error(
        y_true, y_prob, n_bins=1, strategy=strategy, norm="max"
    )
    assert mce == ece


def test_ece_is_the_count_weighted_gap_of_the_curve():
    y_true, y_prob = _random_binary(500, 11, decimals=2)
    for strategy in ("uniform", "quantile"):
        sk_true, sk_pred = sk_calibration_curve(
            y_true, y_prob, n_bins=8, strategy=strategy
        )
        _, _, counts = calibration_curve(y_true, y_prob, n_bins=8, strategy=strategy)
        expected = np.sum(counts * np.abs(sk_true - sk_pred)) / 500
        ece = expected_calibration_error(y_true, y_prob, n_bins=8, strategy=strategy)
        assert ece == pytest.approx(expected, rel=1e-12)
        mce = expected_calibration_error(
            y_true, y_prob, n_bins=8, strategy=strategy, norm="max"
        )
        assert mce == np.max(np.abs(sk_true - sk_pred))


def test_sample_weight_equals_repeating_samples():
    y_true = np.array([0, 1, 1, 0, 1, 0])
    y_prob = np.array([0.1, 0.35, 0.4, 0.62, 0.9, 0.97])
    weight = np.array([2, 1, 3, 0, 1, 2])
    prob_true, prob_pred, counts = calibration_curve(
        y_true, y_prob, n_bins=4, sample_weight=weight
    )
    rep_true, rep_pred, rep_counts = calibration_curve(
        np.repeat(y_true, weight), np.repeat(y_prob, weight), n_bins=4
    )
    # the bin (.5, .75] holds only the zero-weight sample: dropped
    np.testing.assert_allclose(prob_true, rep_true)
    np.testing.assert_allclose(prob_pred, rep_pred)
    np.testing.assert_array_equal(counts, rep_counts)
    assert counts.dtype == np.float64
    np.testing.assert_array_equal(counts, [2.0, 4.0, 3.0])
    assert expected_calibration_error(
        y_true, y_prob, n_bins=4, sample_weight=weight
    ) == pytest.approx(expected_calibration_error(
        np.repeat(y_true, weight), np.repeat(y_prob, weight), n_bins=4
    ), abs=1e-15)


# --- top-label (multi-class) ECE -------------------------------------------------


def test_top_label_ece_by_hand():
    y_true = ["a", "b", "c", "a", "b"]
    proba = np.array([
        [0.9, 0.05, 0.05],  # top a, correct, confidence .9
        [0.6, 0.3, 0.1],    # top a, wrong,   confidence .6
        [0.2, 0.2, 0.6],    # top c, correct, confidence .6
        [0.45, 0.45, 0.1],  # tie a/b -> first column a, correct, confidence .45
        [0.1, 0.85, 0.05],  # top b, correct, confidence .85
    ])  # fmt: skip
    # n_bins=2: [0, .5] = {.45} acc 1; (.5, 1] = {.9, .6, .6, .85} acc 3/4, conf .7375
    # ECE = 1/5 * .55 + 4/5 * |.75 - .7375| = .11 + .01 = .12
    ece = expected_calibration_error(y_true, proba, n_bins=2)
    assert ece == pytest.approx(0.12, abs=1e-15)
    assert expected_calibration_error(
        y_true, proba, n_bins=2, norm="max"
    ) == pytest.approx(0.55, abs=1e-15)


def test_top_label_of_two_columns_uses_max_p():
    y_true = [0, 1, 1, 0]
    p1 = np.array([0.2, 0.7, 0.4, 0.45])
    proba = np.column_stack([1 - p1, p1])
    # confidences .8 (right), .7 (right), .6 (wrong), .55 (right); one bin:
    # |3/4 - 2.65/4| = .0875
    assert expected_calibration_error(y_true, proba, n_bins=1) == pytest.approx(0.0875)
    # the 1-D positive-class version: |2/4 - 1.75/4| = .0625
    assert expected_calibration_error(y_true, p1, n_bins=1) == pytest.approx(0.0625)


# --- brier_score_loss against scikit-learn ---------------------------------------


def test_brier_binary_matches_sklearn():
    y_true, y_prob = _random_binary(400, 5)
    weight = np.random.default_rng(1).random(400)
    assert brier_score_loss(y_true, y_prob) == pytest.approx(
        sk_brier_score_loss(y_true, y_prob), rel=1e-13
    )
    assert brier_score_loss(y_true, y_prob, sample_weight=weight) == pytest.approx(
        sk_brier_score_loss(y_true, y_prob, sample_weight=weight), rel=1e-13
    )
    labels = np.where(y_true == 1, "yes", "no")
    assert brier_score_loss(labels, y_prob, pos_label="no") == pytest.approx(
        sk_brier_score_loss(labels, y_prob, pos_label="no"), rel=1e-13
    )
    assert brier_score_loss(y_true, y_prob, scale_by_half=False) == pytest.approx(
        sk_brier_score_loss(y_true, y_prob, scale_by_half=False), rel=1e-13
    )


def test_brier_binary_by_hand():
    # (.1)² + (.1)² + (.2)² + (.3)² = .15, / 4
    assert brier_score_loss([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]) == pytest.approx(0.0375)
    assert brier_score_loss([1, 0], [1.0, 0.0]) == 0.0
    assert brier_score_loss([1, 0], [0.0, 1.0]) == 1.0


def test_brier_multiclass_matches_sklearn_and_scale():
    rng = np.random.default_rng(4)
    raw = rng.random((300, 4))
    proba = raw / raw.sum(axis=1, keepdims=True)
    y_true = rng.choice(["w", "x", "y", "z"], size=300)
    weight = rng.random(300)
    ours = brier_score_loss(y_true, proba)
    assert ours == pytest.approx(sk_brier_score_loss(y_true, proba), rel=1e-13)
    assert brier_score_loss(y_true, proba, sample_weight=weight) == pytest.approx(
        sk_brier_score_loss(y_true, proba, sample_weight=weight), rel=1e-13
    )
    one_hot = (y_true[:, None] == np.array(["w", "x", "y", "z"])).astype(float)
    assert ours == pytest.approx(np.mean(np.sum((proba - one_hot) ** 2, axis=1)))
    # the extremes of the [0, 2] scale
    assert brier_score_loss(["w", "x"], [[1, 0, 0, 0], [0, 1, 0, 0]],
                            labels=["w", "x", "y", "z"]) == 0.0
    assert brier_score_loss(["w", "x"], [[0, 1, 0, 0], [1, 0, 0, 0]],
                            labels=["w", "x", "y", "z"]) == 2.0


def test_brier_two_columns_equals_binary():
    y_true, p1 = _random_binary(100, 9)
    proba = np.column_stack([1 - p1, p1])
    assert brier_score_loss(y_true, proba) == pytest.approx(
        brier_score_loss(y_true, p1), rel=1e-13
    )
    assert brier_score_loss(y_true, proba) == pytest.approx(
        sk_brier_score_loss(y_true, proba), rel=1e-13
    )


def test_brier_labels_give_absent_classes_and_column_order():
    proba = [[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]]
    ours = brier_score_loss([0, 1, 0], proba, labels=[0, 1, 2])
    assert ours == pytest.approx((0.14 + 0.06 + 0.74) / 3)
    assert ours == pytest.approx(
        sk_brier_score_loss([0, 1, 0], proba, labels=[0, 1, 2]), rel=1e-13
    )


def test_brier_accepts_rows_rounded_to_six_decimals():
    proba = np.array([[0.333333, 0.333333, 0.333333], [0.1, 0.2, 0.7]])
    expected = ((0.666667**2 + 2 * 0.333333**2) + (0.01 + 0.04 + 0.09)) / 2
    assert brier_score_loss([0, 2], proba, labels=[0, 1, 2]) == pytest.approx(expected)


# --- errors -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "func", [calibration_curve, expected_calibration_error, brier_score_loss]
)
def test_scores_outside_0_1_are_refused_not_rescaled(func):
    with pytest.raises(ValueError, match=r"y_prob holds values outside \[0, 1\]"):
        func([0, 1, 1], [-0.5, 0.2, 1.7])
    with pytest.raises(ValueError, match="non-finite"):
        func([0, 1, 1], [np.nan, 0.2, 0.7])
    with pytest.raises(ValueError, match="Inconsistent numbers of samples"):
        func([0, 1, 1], [0.1, 0.2])


@pytest.mark.parametrize("n_bins", [0, -1, 2.5, True, "10"])
def test_bad_n_bins(n_bins):
    with pytest.raises(ValueError, match="n_bins must be an integer >= 1"):
        calibration_curve([0, 1], [0.2, 0.7], n_bins=n_bins)


def test_bad_options():
    with pytest.raises(ValueError, match="strategy must be one of 'uniform', 'quantile'"):
        calibration_curve([0, 1], [0.2, 0.7], strategy="kmeans")
    with pytest.raises(ValueError, match="norm must be one of 'l1', 'max'"):
        expected_calibration_error([0, 1], [0.2, 0.7], norm="l2")
    with pytest.raises(ValueError, match="scale_by_half must be"):
        brier_score_loss([0, 1], [0.2, 0.7], scale_by_half="yes")


def test_label_errors():
    with pytest.raises(ValueError, match="positive class is ambiguous; pass pos_label"):
        calibration_curve(["a", "b"], [0.2, 0.7])
    with pytest.raises(ValueError, match="binary metric"):
        calibration_curve([0, 1, 2], [0.2, 0.7, 0.5])
    with pytest.raises(ValueError, match="must be 1-D"):
        calibration_curve([0, 1], [[0.8, 0.2], [0.3, 0.7]])
    with pytest.raises(ValueError, match="3 columns but there are 2 classes"):
        brier_score_loss([0, 1], [[0.8, 0.1, 0.1], [0.3, 0.6, 0.1]])
    with pytest.raises(ValueError, match="pos_label applies to a 1-D y_prob"):
        brier_score_loss([0, 1], [[0.8, 0.2], [0.3, 0.7]], pos_label=1)
    with pytest.raises(ValueError, match="pos_label applies to a 1-D y_prob"):
        expected_calibration_error([0, 1], [[0.8, 0.2], [0.3, 0.7]], pos_label=1)
    with pytest.raises(ValueError, match="labels applies to a 2-D y_prob"):
        brier_score_loss([0, 1], [0.2, 0.7], labels=[0, 1])
    with pytest.raises(ValueError, match="labels applies to a 2-D y_prob"):
        expected_calibration_error([0, 1], [0.2, 0.7], labels=[0, 1])


def test_rows_not_summing_to_one_are_refused():
    for func in (brier_score_loss, expected_calibration_error):
        with pytest.raises(ValueError, match="rows of y_prob must sum to 1"):
            func([0, 1], [[0.5, 0.4], [0.3, 0.7]])


def test_weight_errors():
    with pytest.raises(ValueError, match="strategy='uniform' only"):
        calibration_curve([0, 1], [0.2, 0.7], strategy="quantile", sample_weight=[1, 1])
    with pytest.raises(ValueError, match="sample_weight sums to 0"):
        calibration_curve([0, 1], [0.2, 0.7], sample_weight=[0, 0])
    with pytest.raises(ValueError, match="sample_weight sums to 0"):
        brier_score_loss([0, 1], [0.2, 0.7], sample_weight=[0, 0])
    with pytest.raises(ValueError, match="negative"):
        brier_score_loss([0, 1], [0.2, 0.7], sample_weight=[1, -1])


def test_single_class_is_defined():
    # no positive: every bin's frequency is 0, the curve is still defined
    prob_true, prob_pred, counts = calibration_curve([0, 0, 0], [0.1, 0.5, 0.9], n_bins=2)
    np.testing.assert_array_equal(prob_true, [0.0, 0.0])
    np.testing.assert_allclose(prob_pred, [0.3, 0.9])
    np.testing.assert_array_equal(counts, [2, 1])
    assert brier_score_loss([0, 0], [0.1, 0.3]) == pytest.approx(0.05)


@pytest.mark.parametrize("n_bins, strategy", [(10, "uniform"), (7, "quantile"),
                                              (31, "uniform"), (32, "uniform"),
                                              (64, "quantile")])
def test_bins_are_those_of_a_binary_search_bit_for_bit(n_bins, strategy):
    # a few edges are counted by comparisons, many by np.searchsorted: both give
    # scikit-learn's bin (a probability on an inner edge in the bin below it)
    # and the same sums, to the bit
    from evalplots.metrics.calibration._calibration import _bin_edges, reliability_bins

    y_true, y_prob = _random_binary(5000, 7, decimals=2)  # many exactly on edges
    hit = y_true == 1
    edges = _bin_edges(y_prob, n_bins, strategy)
    ids = np.searchsorted(edges[1:-1], y_prob)
    k = edges.size - 1
    total = np.bincount(ids, minlength=k)
    kept = total > 0
    bins = reliability_bins(hit, y_prob, n_bins=n_bins, strategy=strategy)
    np.testing.assert_array_equal(bins.counts, total[kept])
    assert bins.counts.dtype == total.dtype
    for got, weights in ((bins.prob_true, hit), (bins.prob_pred, y_prob)):
        expected = np.bincount(ids, weights=weights, minlength=k)[kept] / total[kept]
        assert got.tobytes() == expected.tobytes()
    if strategy == "uniform":
        w = np.random.default_rng(1).random(y_prob.size)
        weighted = reliability_bins(hit, y_prob, n_bins=n_bins, sample_weight=w)
        expected = np.bincount(ids, weights=hit * w, minlength=k)
        total = np.bincount(ids, weights=w, minlength=k)
        assert weighted.prob_true.tobytes() == (expected / total)[total > 0].tobytes()
