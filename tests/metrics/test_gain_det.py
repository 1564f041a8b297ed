"""DET curve, cumulative gain, lift and KS statistic: hand computations, scikit-learn's
``det_curve`` and ``precision_recall_curve``, ``scipy.stats.ks_2samp`` and
scikit-plot's published definition of the gain curve as oracles."""

import itertools
import warnings

import numpy as np
import pytest
import scipy.stats
import sklearn.metrics as skm

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    KSResult,
    cumulative_gain_curve,
    det_curve,
    ks_statistic,
    lift_curve,
    roc_curve,
)


def _random_case(rng, *, n_max=40, weighted=False):
    """Small binary data with many tied scores (and integer weights, some 0)."""
    while True:
        n = int(rng.integers(2, n_max))
        y = rng.integers(0, 2, n)
        s = rng.integers(0, int(rng.integers(1, 8)), n) / 4.0
        w = rng.integers(0, 4, n).astype(float) if weighted else None
        mass = np.ones(n) if w is None else w
        if mass[y == 1].sum() > 0 and mass[y == 0].sum() > 0:
            return y, s, w


# ------------------------------------------------------------------------ DET curve
def test_det_curve_by_hand_with_ties(blog16):
    # counts at the distinct scores .8 .6 .5 .4 .3 .28 .25 .2 .18 .1 (9 neg, 7 pos):
    # FP 0 1 2 3 4 4 4 7 8 9, TP 1 2 3 3 4 5 6 6 7 7. The DET curve runs from the
    # last point with FP = 0 (.8) to the first with FN = 0 (.18), lowest first.
    fpr, fnr, thr = det_curve(blog16.y_true, blog16.y_score)
    np.testing.assert_array_equal(thr, [0.18, 0.2, 0.25, 0.28, 0.3, 0.4, 0.5, 0.6, 0.8])
    np.testing.assert_allclose(fpr, np.array([8, 7, 4, 4, 4, 3, 2, 1, 0]) / 9)
    np.testing.assert_allclose(fnr, np.array([0, 1, 1, 2, 3, 4, 4, 5, 6]) / 7)


def test_det_curve_drop_intermediate_by_hand():
    # TP at .9 .8 .7 .6 .5 .1: 1 1 1 1 1 2 -- a run of equal FNR whose inner points
    # .8 .7 .6 are dropped; its ends .9 and .5 are kept
    y = [1, 0, 0, 0, 0, 1]
    s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.1]
    fpr, fnr, thr = det_curve(y, s, drop_intermediate=True)
    np.testing.assert_array_equal(thr, [0.1, 0.5, 0.9])
    np.testing.assert_allclose(fpr, [1.0, 1.0, 0.0])
    np.testing.assert_allclose(fnr, [0.0, 0.5, 0.5])
    full = det_curve(y, s)
    np.testing.assert_array_equal(full[2], [0.1, 0.5, 0.6, 0.7, 0.8, 0.9])


def test_det_curve_adds_the_infinite_threshold_when_the_top_score_is_negative():
    # the highest score is a negative: FPR = 0 only at threshold +inf (no sample
    # predicted positive), the point (FPR, FNR) = (0, 1)
    fpr, fnr, thr = det_curve([0, 1], [0.9, 0.1])
    np.testing.assert_array_equal(thr, [0.1, 0.9, np.inf])
    np.testing.assert_array_equal(fpr, [1.0, 1.0, 0.0])
    np.testing.assert_array_equal(fnr, [0.0, 1.0, 1.0])


def test_det_curve_is_the_roc_curve_read_as_errors(blog16):
    fpr, fnr, thr = det_curve(blog16.y_true, blog16.y_score)
    roc_fpr, tpr, roc_thr = roc_curve(blog16.y_true, blog16.y_score,
                                      drop_intermediate=False)
    at = {t: (f, 1 - r) for f, r, t in zip(roc_fpr, tpr, roc_thr)}
    np.testing.assert_allclose(np.array([at[t] for t in thr]), np.c_[fpr, fnr])


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("drop_intermediate", [False, True])
def test_det_curve_matches_scikit_learn(weighted, drop_intermediate):
    rng = np.random.default_rng(7 + weighted + 2 * drop_intermediate)
    for _ in range(300):
        y, s, w = _random_case(rng, weighted=weighted)
        expected = skm.det_curve(y, s, sample_weight=w,
                                 drop_intermediate=drop_intermediate)
        got = det_curve(y, s, sample_weight=w, drop_intermediate=drop_intermediate)
        for e, g in zip(expected, got):
            np.testing.assert_array_equal(g, e)


@pytest.mark.parametrize("drop_intermediate", [False, True])
def test_det_curve_matches_scikit_learn_large_n_and_string_labels(drop_intermediate):
    # n >= 4096 unweighted takes the sort-each-class path of the counting kernel
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 20_000)
    s = np.round(rng.normal(size=y.size) + y, 2)
    labels = np.where(y == 1, "spam", "ham")
    expected = skm.det_curve(labels, s, pos_label="spam",
                             drop_intermediate=drop_intermediate)
    got = det_curve(labels, s, pos_label="spam", drop_intermediate=drop_intermediate)
    for e, g in zip(expected, got):
        np.testing.assert_allclose(g, e, rtol=0, atol=1e-15)


def test_det_curve_integer_weights_equal_repeated_samples():
    y = np.array([1, 0, 1, 0, 1, 0])
    s = np.array([0.9, 0.9, 0.6, 0.4, 0.4, 0.1])
    w = np.array([2, 1, 0, 3, 1, 2])
    got = det_curve(y, s, sample_weight=w)
    expected = det_curve(np.repeat(y, w), np.repeat(s, w))
    for e, g in zip(expected, got):
        np.testing.assert_allclose(g, e)


@pytest.mark.parametrize("y_true", [[1, 1, 1], [0, 0, 0]])
def test_det_curve_refuses_a_single_class(y_true):
    with pytest.raises(ValueError, match="the DET curve is undefined"):
        det_curve(y_true, [0.1, 0.5, 0.9])


def test_det_curve_refuses_a_class_present_only_with_weight_zero():
    with pytest.raises(ValueError, match="no positive sample"):
        det_curve([1, 0, 0], [0.9, 0.5, 0.1], sample_weight=[0, 1, 1])


# ------------------------------------------------------------------- gain and lift
def test_cumulative_gain_by_hand_with_ties(blog16):
    # targeted samples (FP + TP) and positives at each distinct score, from the top
    queue, gain, thr = cumulative_gain_curve(blog16.y_true, blog16.y_score)
    np.testing.assert_array_equal(
        thr, [np.inf, 0.8, 0.6, 0.5, 0.4, 0.3, 0.28, 0.25, 0.2, 0.18, 0.1]
    )
    np.testing.assert_allclose(queue, np.array([0, 1, 3, 5, 6, 8, 9, 10, 13, 15, 16]) / 16)
    np.testing.assert_allclose(gain, np.array([0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 7]) / 7)


def _scikit_plot_gain(y_true, y_score):
    """scikit-plot's cumulative_gain_curve (skplt.helpers, 2017): one point per
    sample in score order, ties split in the order of ``np.argsort``."""
    order = np.argsort(y_score)[::-1]
    y = np.asarray(y_true)[order]
    gains = np.insert(np.cumsum(y) / y.sum(), 0, 0.0)
    percentages = np.insert(np.arange(1, y.size + 1) / y.size, 0, 0.0)
    return percentages, gains, np.asarray(y_score)[order]


def test_cumulative_gain_without_ties_is_scikit_plots_curve():
    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, 200)
    s = rng.permutation(200) / 200.0  # distinct scores
    queue, gain, thr = cumulative_gain_curve(y, s)
    ref_queue, ref_gain, ref_scores = _scikit_plot_gain(y, s)
    np.testing.assert_allclose(queue, ref_queue, rtol=1e-15)
    np.testing.assert_allclose(gain, ref_gain, rtol=1e-15)
    np.testing.assert_array_equal(thr[1:], ref_scores)


def test_cumulative_gain_with_ties_keeps_the_ends_of_tie_blocks_in_any_order():
    # scikit-plot splits a tie block in array order; the evalplots curve has only the
    # point after the whole block, the same for every order of the tied samples
    y = np.array([1, 0, 0, 1, 1, 0])
    s = np.array([0.7, 0.7, 0.7, 0.3, 0.3, 0.1])
    for perm in itertools.permutations(range(6)):
        p = list(perm)
        queue, gain, thr = cumulative_gain_curve(y[p], s[p])
        np.testing.assert_array_equal(thr, [np.inf, 0.7, 0.3, 0.1])
        np.testing.assert_allclose(queue, [0, 3 / 6, 5 / 6, 1])
        np.testing.assert_allclose(gain, [0, 1 / 3, 1, 1])
        ref_queue, ref_gain, _ = _scikit_plot_gain(y[p], s[p])
        ends = [0, 3, 5, 6]  # scikit-plot's points after each tie block
        np.testing.assert_allclose(queue, ref_queue[ends])
        np.testing.assert_allclose(gain, ref_gain[ends])


def test_cumulative_gain_weighted_equals_repeated_samples():
    y = np.array([1, 0, 1, 0, 1, 0, 1])
    s = np.array([0.9, 0.9, 0.6, 0.5, 0.5, 0.2, 0.1])
    w = np.array([1, 2, 0, 3, 1, 1, 2])
    got = cumulative_gain_curve(y, s, sample_weight=w)
    expected = cumulative_gain_curve(np.repeat(y, w), np.repeat(s, w))
    for e, g in zip(expected, got):
        np.testing.assert_allclose(g, e)
    # by hand: total weight 10, positive weight 4; at .9: 3 targeted, 1 positive
    np.testing.assert_allclose(got[0], [0, 0.3, 0.7, 0.8, 1.0])
    np.testing.assert_allclose(got[1], [0, 0.25, 0.5, 0.5, 1.0])


def test_cumulative_gain_without_positives_warns_and_is_nan():
    with pytest.warns(UndefinedMetricWarning, match="cumulative gain is undefined"):
        queue, gain, _ = cumulative_gain_curve([0, 0, 0], [0.2, 0.5, 0.5])
    np.testing.assert_allclose(queue, [0, 2 / 3, 1])
    assert np.isnan(gain).all()


def test_lift_by_hand_with_ties(blog16):
    queue, lift, thr = lift_curve(blog16.y_true, blog16.y_score)
    # lift = (TP / 7) / ((FP + TP) / 16); the origin (0/0) is dropped
    targeted = np.array([1, 3, 5, 6, 8, 9, 10, 13, 15, 16])
    positives = np.array([1, 2, 3, 3, 4, 5, 6, 6, 7, 7])
    np.testing.assert_allclose(queue, targeted / 16)
    np.testing.assert_allclose(lift, (positives / 7) / (targeted / 16))
    np.testing.assert_array_equal(thr, [0.8, 0.6, 0.5, 0.4, 0.3, 0.28, 0.25, 0.2, 0.18, 0.1])
    assert lift[0] == pytest.approx(16 / 7) and lift[-1] == 1.0


@pytest.mark.parametrize("weighted", [False, True])
def test_lift_is_precision_over_prevalence_as_scikit_learn_computes_it(weighted):
    rng = np.random.default_rng(5 + weighted)
    for _ in range(200):
        y, s, w = _random_case(rng, weighted=weighted)
        queue, lift, thr = lift_curve(y, s, sample_weight=w)
        precision, _, sk_thr = skm.precision_recall_curve(y, s, sample_weight=w)
        mass = np.ones(y.size) if w is None else w
        prevalence = mass[y == 1].sum() / mass.sum()
        np.testing.assert_array_equal(thr, sk_thr[::-1])
        np.testing.assert_allclose(lift, precision[-2::-1] / prevalence, rtol=1e-13)
        gain_queue, gain, _ = cumulative_gain_curve(y, s, sample_weight=w)
        np.testing.assert_array_equal(queue, gain_queue[1:])
        assert np.all(queue > 0)


# ------------------------------------------------------------------- KS statistic
def test_ks_statistic_by_hand_with_ties(blog16):
    # TPR - FPR at each distinct score (7 pos, 9 neg): the largest gap is at .25,
    # 6/7 - 4/9 = 26/63
    result = ks_statistic(blog16.y_true, blog16.y_score)
    assert isinstance(result, KSResult)
    assert result.statistic == pytest.approx(26 / 63, abs=1e-15)
    assert result.threshold == 0.25


def test_ks_statistic_unpacks_and_matches_the_docstring_example():
    statistic, threshold = ks_statistic([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    assert (statistic, threshold) == (0.5, 0.8)


@pytest.mark.parametrize(
    ("y_true", "expected_threshold"),
    [
        ([1, 0, 1, 0], 4.0),  # gaps .5, 0, .5, 0: a plateau, the highest is kept
        ([1, 0, 0, 1], 4.0),  # gaps .5, 0, -.5, 0: equal size, opposite sign
        ([0, 1, 0, 1], 4.0),  # gaps -.5, 0, -.5, 0: a reversed ranking
    ],
)
def test_ks_statistic_ties_of_the_maximum_give_the_highest_threshold(
    y_true, expected_threshold
):
    result = ks_statistic(y_true, [4.0, 3.0, 2.0, 1.0])
    assert result == KSResult(0.5, expected_threshold)


def test_ks_statistic_compares_gaps_exactly_not_after_rounding():
    # P = 2, N = 10: the gaps at 10 (1/2 - 2/10) and at 4 (2/2 - 7/10) are both
    # 3/10, but in floats 0.3 and 0.30000000000000004
    y = [0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0]
    s = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert 2 / 2 - 7 / 10 > 1 / 2 - 2 / 10  # argmax over float gaps would pick 4
    assert ks_statistic(y, s) == KSResult(0.3, 10.0)


def test_ks_statistic_of_constant_scores_is_zero_at_that_score():
    assert ks_statistic([0, 1, 1], [0.5, 0.5, 0.5]) == KSResult(0.0, 0.5)


@pytest.mark.parametrize("n_max", [40, 9000])
def test_ks_statistic_is_scipys_two_sample_ks_distance(n_max):
    rng = np.random.default_rng(n_max)
    for _ in range(100 if n_max < 100 else 3):
        y, s, _ = _random_case(rng, n_max=n_max)
        result = ks_statistic(y, s)
        with warnings.catch_warnings():  # scipy: "exact calculation unsuccessful"
            warnings.simplefilter("ignore", RuntimeWarning)
            expected = scipy.stats.ks_2samp(s[y == 1], s[y == 0]).statistic
        assert result.statistic == pytest.approx(expected, abs=1e-14)
        # ... reached at the returned threshold, and at no higher one
        fpr, tpr, thr = roc_curve(y, s, drop_intermediate=False)
        gaps = np.abs(tpr - fpr)
        at = int(np.flatnonzero(thr == result.threshold)[0])
        assert gaps[at] == pytest.approx(result.statistic, abs=1e-14)
        assert np.all(gaps[1:at] < result.statistic - 1e-14)  # (gaps[0]: origin)


def test_ks_statistic_weighted_equals_repeated_samples():
    rng = np.random.default_rng(2)
    for _ in range(100):
        y, s, w = _random_case(rng, weighted=True)
        k = w.astype(int)
        expected = ks_statistic(np.repeat(y, k), np.repeat(s, k))
        got = ks_statistic(y, s, sample_weight=w)
        assert got.threshold == expected.threshold
        assert got.statistic == pytest.approx(expected.statistic, abs=1e-15)


@pytest.mark.parametrize("y_true", [[1, 1, 1], [0, 0, 0]])
def test_ks_statistic_refuses_a_single_class(y_true):
    with pytest.raises(ValueError, match="the KS statistic is undefined"):
        ks_statistic(y_true, [0.1, 0.5, 0.9])


@pytest.mark.parametrize("func", [det_curve, cumulative_gain_curve, lift_curve,
                                  ks_statistic])
def test_bad_input_is_refused_naming_the_argument(func):
    with pytest.raises(ValueError, match="y_score"):
        func([0, 1, 1], [0.1, np.nan, 0.3])
    with pytest.raises(ValueError, match="pos_label"):
        func(["a", "b", "b"], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="sample_weight"):
        func([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[1, -1, 1])
