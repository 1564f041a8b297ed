"""Curves, AUC, partial AUC, AP, BEP and ranking loss: hand-computed values, bug-report
inputs, properties, and differential tests against scikit-learn (the test oracle)."""

import contextlib
import itertools
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

import evalplots.metrics as ep
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    auc,
    average_precision_from_curve,
    average_precision_score,
    break_even_point,
    break_even_point_from_curve,
    confusion_matrix_at_thresholds,
    precision_recall_curve,
    rank_loss,
    roc_auc_score,
    roc_curve,
)
from evalplots.metrics.ranking import _thresholds
from tests.support import examples

Y6 = [1, 0, 0, 1, 0, 1]
S6 = [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]


# --------------------------------------------------------------------- hand values
def test_counts_at_thresholds_by_hand():
    tns, fps, fns, tps, thr = confusion_matrix_at_thresholds(Y6, S6)
    # ranked: .88(+) .76(+) .57(-) .53(-) .45(+) .24(-)
    np.testing.assert_array_equal(thr, [0.88, 0.76, 0.57, 0.53, 0.45, 0.24])
    np.testing.assert_array_equal(tps, [1, 2, 2, 2, 3, 3])
    np.testing.assert_array_equal(fps, [0, 0, 1, 2, 2, 3])
    np.testing.assert_array_equal(fns, [2, 1, 1, 1, 0, 0])
    np.testing.assert_array_equal(tns, [3, 3, 2, 1, 1, 0])
    assert tps.dtype == np.float64


def test_tied_scores_share_one_operating_point():
    # bug report: y_true=[0,0,1,1,0], scores [.8,.8,.8,.2,.2] in any order gives
    # exactly two operating points (R, P) = (0.5, 1/3) at 0.8 and (1, 0.4) at 0.2.
    y = np.array([0, 0, 1, 1, 0])
    s = np.array([0.8, 0.8, 0.8, 0.2, 0.2])
    for perm in itertools.permutations(range(5)):
        p, r, t = precision_recall_curve(y[list(perm)], s[list(perm)])
        np.testing.assert_array_equal(t, [0.2, 0.8])
        np.testing.assert_allclose(r, [1.0, 0.5, 0.0])
        np.testing.assert_allclose(p, [0.4, 1 / 3, 1.0])
        assert average_precision_score(y[list(perm)], s[list(perm)]) == pytest.approx(
            0.366667, abs=1e-6
        )


@pytest.mark.parametrize(
    "y, s, expected",
    [
        ([0, 1, 1], [0.9, 0.8, 0.7], 0.583333),  # not 0.666667 nor 0.416667
        ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], 0.833333),  # never the trapezoid 0.791667
        ([0, 0, 1, 1, 0], [0.8, 0.8, 0.8, 0.2, 0.2], 0.366667),
        ([1, 1, 1], [0.1, 0.2, 0.3], 1.0),  # all positives: every precision is 1
    ],
)
def test_average_precision_bug_reports(y, s, expected):
    ap = average_precision_score(y, s)
    assert ap == pytest.approx(expected, abs=1e-6)
    # both code paths (sorted-halves and weighted cumsum) agree
    assert average_precision_score(y, s, sample_weight=np.ones(len(y))) == pytest.approx(
        ap, abs=1e-12
    )


def test_roc_curve_drop_intermediate_keeps_corners():
    y = [0, 0, 1, 1, 1, 0]
    s = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    fpr, tpr, thr = roc_curve(y, s)
    # full curve: (0,0) (1/3,0) (1/3,1/3) (1/3,2/3) (1/3,1) (2/3,1) (1,1); inner
    # collinear points on the vertical and horizontal runs are dropped
    np.testing.assert_allclose(fpr, [0, 1 / 3, 1 / 3, 1])
    np.testing.assert_allclose(tpr, [0, 0, 1, 1])
    np.testing.assert_array_equal(thr, [np.inf, 0.6, 0.3, 0.1])
    assert auc(fpr, tpr) == pytest.approx(roc_auc_score(y, s))


def test_auc_direction_and_monotonicity():
    assert auc([0, 1], [1, 1]) == 1.0
    assert auc([1, 0], [1, 1]) == 1.0
    with pytest.raises(ValueError, match="sort the points by x"):
        auc([0, 1, 0.5], [0, 1, 1])
    with pytest.raises(ValueError, match="At least 2 points"):
        auc([0], [1])


def test_rank_loss_plus_auc_is_one_with_ties():
    y = [1, 0, 1, 0, 1, 0, 0]
    s = [0.3, 0.3, 0.9, 0.1, 0.3, 0.9, 0.5]
    # by hand: pairs (pos, neg) = 3 * 4 = 12; pos .3 vs negs (.3,.1,.9,.5):
    # tie, win, lose, lose; twice -> 2*(1 + 0.5) = 3; pos .9: wins .3,.1,.5 ties .9 -> 3.5
    assert roc_auc_score(y, s) == pytest.approx(6.5 / 12)
    assert rank_loss(y, s) == pytest.approx(5.5 / 12)
    assert rank_loss(y, s) + roc_auc_score(y, s) == pytest.approx(1.0, abs=1e-15)


# ----------------------------------------------------------- break-even point
def test_bep_equals_precision_at_m_pos_without_ties():
    rng = np.random.default_rng(3)
    for _ in range(50):
        n = int(rng.integers(2, 40))
        y = rng.integers(0, 2, n)
        if y.sum() == 0:
            y[0] = 1
        s = rng.permutation(n).astype(float)  # distinct scores
        m_pos = int(y.sum())
        top = np.argsort(-s)[:m_pos]
        assert break_even_point(y, s) == pytest.approx(y[top].mean(), abs=1e-12)


def test_bep_with_ties_is_crossing_on_the_segment():
    # ranked groups: {+} then {+,-,-} tied then {+,-}: m+ = 3, m = 6
    y = [1, 1, 0, 0, 1, 0]
    s = [0.9, 0.5, 0.5, 0.5, 0.1, 0.1]
    # operating points (R, P): (1/3, 1) then (2/3, 1/2) then (1, 1/2)
    # P - R on the segment from (1/3,1) to (2/3,1/2): d = 2/3 -> -1/6,
    # t = (2/3) / (5/6) = 0.8, R = 1/3 + 0.8/3 = 0.6 = P
    assert break_even_point(y, s) == pytest.approx(0.6, abs=1e-12)


def test_bep_is_zero_when_curve_meets_p_equals_r_only_at_the_origin():
    # ranked groups: {-,-} at .75, {-} at .25, {+} at 0: points (0,0), (0,0), (1,1/4)
    assert break_even_point([0, 0, 1, 0], [0.25, 0.75, 0.0, 0.75]) == 0.0


def test_bep_undefined_when_first_tie_group_is_too_big():
    with pytest.warns(UndefinedMetricWarning, match="never meets P = R"):
        assert np.isnan(break_even_point([1, 0, 0], [0.5, 0.5, 0.5]))


@pytest.mark.parametrize("drop", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
def test_ap_from_curve_matches_ap_score(drop, weighted):
    rng = np.random.default_rng(7)
    for _ in range(30):
        y = rng.integers(0, 2, 60)
        y[:2] = [0, 1]
        s = rng.integers(0, 8, 60) / 8.0  # ties
        w = rng.random(60) if weighted else None
        p, r, _ = precision_recall_curve(y, s, sample_weight=w, drop_intermediate=drop)
        assert average_precision_from_curve(p, r) == pytest.approx(
            skm.average_precision_score(y, s, sample_weight=w), abs=1e-12
        )


def test_bep_from_curve_matches_function():
    p, r, _ = precision_recall_curve(Y6, S6)
    assert break_even_point_from_curve(p, r) == break_even_point(Y6, S6) == pytest.approx(2 / 3)


# --------------------------------------------------------------- bad input
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize(
    "func", [roc_curve, precision_recall_curve, roc_auc_score, average_precision_score,
             break_even_point, rank_loss, confusion_matrix_at_thresholds]
)
def test_non_finite_scores_rejected(func, bad):
    with pytest.raises(ValueError, match="y_score contains 1 non-finite"):
        func([0, 1, 1], [0.1, bad, 0.3])


def test_one_class_is_an_error_for_auc_and_a_warning_for_the_curve():
    with pytest.raises(ValueError, match="Only one class"):
        roc_auc_score([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="only positive samples"):
        rank_loss([1, 1], [0.1, 0.2])
    with pytest.raises(ValueError, match="no positive sample"):
        average_precision_score([0, 0], [0.1, 0.2])
    with pytest.warns(UndefinedMetricWarning, match="false positive rate"):
        fpr, tpr, _ = roc_curve([1, 1, 1], [0.1, 0.2, 0.3], drop_intermediate=False)
    assert np.isnan(fpr).all()
    np.testing.assert_allclose(tpr, [0, 1 / 3, 2 / 3, 1])


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (dict(y_true=[0, 1], y_score=[0.1, 0.2, 0.3]), "Inconsistent numbers of samples"),
        (dict(y_true=[], y_score=[]), "y_true is empty"),
        (dict(y_true=[[0, 1]], y_score=[0.1, 0.2]), r"y_true must be 1-D"),
        (dict(y_true=["a", "b"], y_score=[0.1, 0.2]), "pass pos_label"),
        (dict(y_true=["a", "b"], y_score=[0.1, 0.2], pos_label="c"), "pos_label='c'"),
        (dict(y_true=[0, 1, 2], y_score=[0.1, 0.2, 0.3]), "3 classes"),
        (dict(y_true=[0, 1], y_score=["x", "y"]), "y_score must be numeric"),
        (dict(y_true=[0, 1], y_score=[0.1, 0.2], sample_weight=[1, -1]), "negative"),
        (dict(y_true=[0, 1], y_score=[0.1, 0.2], sample_weight=[1]), "sample_weight has 1"),
    ],
)
def test_bad_input_names_the_argument(kwargs, match):
    with pytest.raises(ValueError, match=match):
        precision_recall_curve(**kwargs)


def test_zero_total_weight_is_a_clear_error():
    # found by a newcomer test: an IndexError escaped from the curve functions
    for func in (roc_curve, precision_recall_curve, roc_auc_score, average_precision_score):
        with pytest.raises(ValueError, match="sample_weight sums to 0"):
            func([0, 1, 1, 0], [0.1, 0.2, 0.3, 0.4], sample_weight=np.zeros(4))


def test_large_integer_scores_stay_exact():
    # 2**60 + 1 and 2**60 + 2 are distinct integers but equal as float64: casting
    # would turn them into ties (AUC 0.6667 instead of 0.8333)
    y = [0, 1, 1, 0, 1]
    s = np.array([2**60, 2**60 + 1, 3, 2, 2**60 + 2])
    assert roc_auc_score(y, s) == pytest.approx(5 / 6)  # by hand: 5 of 6 pairs right
    assert roc_auc_score(y, s) == pytest.approx(skm.roc_auc_score(y, s))
    assert average_precision_score(y, s) == pytest.approx(skm.average_precision_score(y, s))
    assert average_precision_score(y, s) == pytest.approx((1 + 1 + 0.75) / 3)
    _, _, thresholds = precision_recall_curve(y, s)
    assert thresholds.dtype == np.int64 and np.unique(thresholds).size == 5


def test_roc_auc_messages_name_the_real_problem():
    with pytest.raises(ValueError, match="y_true contains NaN or inf .first at index 2"):
        roc_auc_score([0, 1, np.nan], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match=r"pass y_score.ravel\(\)"):
        roc_auc_score([0, 1, 1], [[0.1], [0.2], [0.3]])


def test_labels_of_other_types():
    y = np.array(["spam", "ham", "spam", "ham"])
    s = [0.9, 0.2, 0.4, 0.6]
    assert roc_auc_score(y, s, pos_label="spam") == 0.75
    # scikit-learn takes the greater label ("spam"); evalplots asks for pos_label
    with pytest.raises(ValueError, match="ambiguous; pass pos_label"):
        roc_auc_score(y, s)
    assert average_precision_score(y, s, pos_label="spam") == pytest.approx(
        skm.average_precision_score(y, s, pos_label="spam")
    )
    assert roc_auc_score(np.array([True, False, True, False]), s) == 0.75
    assert roc_auc_score([1, -1, 1, -1], s) == 0.75


def test_pandas_and_lists_equivalent():
    pd = pytest.importorskip("pandas")
    a = roc_curve(pd.Series(Y6), pd.Series(S6))
    b = roc_curve(np.array(Y6), S6)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)


# ------------------------------------------------------ differential (sklearn)
binary_cases = st.integers(min_value=2, max_value=200).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < n),
        st.lists(st.integers(0, 6), min_size=n, max_size=n),  # few levels: many ties
        st.one_of(st.none(), st.lists(st.integers(0, 5), min_size=n, max_size=n)),
    )
)


@settings(max_examples=examples(150), deadline=None)
@given(binary_cases)
def test_differential_binary_curves(case):
    # both counting kernels: the argsort one (small n) and the sorted-halves one
    for small_n in (_thresholds._SMALL_N, 0):
        with _kernel_threshold(small_n):
            _compare_binary_with_sklearn(*case)


@contextlib.contextmanager
def _kernel_threshold(small_n):
    saved = _thresholds._SMALL_N
    _thresholds._SMALL_N = small_n
    try:
        yield
    finally:
        _thresholds._SMALL_N = saved


def _compare_binary_with_sklearn(y, s, w):
    y = np.array(y)
    s = np.array(s) / 6.0 if sum(y) % 2 else np.array(s)  # float and integer scores
    w = None if w is None else np.array(w, dtype=float)
    if w is not None and (w[y == 1].sum() == 0 or w[y == 0].sum() == 0):
        w = w + 1.0
    for ours, theirs in zip(
        confusion_matrix_at_thresholds(y, s, sample_weight=w),
        skm.confusion_matrix_at_thresholds(y, s, sample_weight=w),
    ):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12)
    for drop in (True, False):
        for ours, theirs in zip(
            roc_curve(y, s, sample_weight=w, drop_intermediate=drop),
            skm.roc_curve(y, s, sample_weight=w, drop_intermediate=drop),
        ):
            np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12)
        for ours, theirs in zip(
            precision_recall_curve(y, s, sample_weight=w, drop_intermediate=drop),
            skm.precision_recall_curve(y, s, sample_weight=w, drop_intermediate=drop),
        ):
            np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12)
    assert roc_auc_score(y, s, sample_weight=w) == pytest.approx(
        skm.roc_auc_score(y, s, sample_weight=w), abs=1e-12
    )
    assert average_precision_score(y, s, sample_weight=w) == pytest.approx(
        skm.average_precision_score(y, s, sample_weight=w), abs=1e-12
    )
    assert rank_loss(y, s, sample_weight=w) == pytest.approx(
        1 - skm.roc_auc_score(y, s, sample_weight=w), abs=1e-12
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    st.integers(3, 6).flatmap(
        lambda k: st.tuples(
            st.just(k),
            st.integers(k, 120),
            st.integers(0, 2**31 - 1),
            st.booleans(),
        )
    )
)
def test_differential_multiclass_auc(case):
    k, n, seed, weighted = case
    rng = np.random.default_rng(seed)
    y = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    logits = np.round(rng.normal(size=(n, k)), 1)  # rounded: ties between samples
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    w = rng.integers(1, 4, n).astype(float) if weighted else None
    for average in ("macro", "weighted", "micro", None):
        ours = roc_auc_score(y, proba, multi_class="ovr", average=average, sample_weight=w)
        theirs = skm.roc_auc_score(y, proba, multi_class="ovr", average=average, sample_weight=w)
        np.testing.assert_allclose(ours, theirs, rtol=1e-10)
    for average in ("macro", "weighted"):
        ours = roc_auc_score(y, proba, multi_class="ovo", average=average)
        theirs = skm.roc_auc_score(y, proba, multi_class="ovo", average=average)
        assert ours == pytest.approx(theirs, rel=1e-10)
    labels = np.array([f"c{i}" for i in range(k)])
    assert roc_auc_score(labels[y], proba, multi_class="ovr") == pytest.approx(
        skm.roc_auc_score(labels[y], proba, multi_class="ovr"), rel=1e-10
    )


def test_multiclass_bad_input():
    proba = np.array([[0.5, 0.3, 0.2], [0.2, 0.2, 0.6], [0.1, 0.8, 0.1]])
    with pytest.raises(ValueError, match="multi_class must be 'ovr' or 'ovo'"):
        roc_auc_score([0, 2, 1], proba)
    with pytest.raises(ValueError, match="row 0 sums to 1.1"):
        roc_auc_score([0, 2, 1], proba + [[0.1, 0, 0], [0, 0, 0], [0, 0, 0]], multi_class="ovr")
    with pytest.raises(ValueError, match="3 columns but there are 2 classes"):
        roc_auc_score([0, 1, 1], proba, multi_class="ovr")
    with pytest.raises(ValueError, match="never occur in y_true"):
        roc_auc_score([0, 1, 1], proba, multi_class="ovr", labels=[0, 1, 2])
    with pytest.raises(ValueError, match=r"Class\(es\) \{2\} have total sample_weight 0"):
        # found by a newcomer: NaN plus a bare numpy RuntimeWarning before
        roc_auc_score([0, 2, 1], proba, multi_class="ovr", sample_weight=[1, 0, 1])
    micro = roc_auc_score([0, 2, 1], proba, multi_class="ovr", average="micro",
                          sample_weight=[1, 0, 1])
    assert micro == pytest.approx(skm.roc_auc_score(
        [0, 2, 1], proba, multi_class="ovr", average="micro", sample_weight=[1, 0, 1]))
    with pytest.raises(ValueError, match="sample_weight is not supported"):
        roc_auc_score([0, 2, 1], proba, multi_class="ovo", sample_weight=[1, 1, 1])


def test_large_input_exact_against_sklearn():
    rng = np.random.default_rng(0)
    n = 200_000
    y = rng.random(n) < 0.1
    for s in (rng.random(n), np.round(rng.random(n), 2)):
        assert roc_auc_score(y, s) == pytest.approx(skm.roc_auc_score(y, s), abs=1e-12)
        assert average_precision_score(y, s) == pytest.approx(
            skm.average_precision_score(y, s), abs=1e-12
        )
        ours, theirs = roc_curve(y, s), skm.roc_curve(y, s)
        for a, b in zip(ours, theirs):
            np.testing.assert_allclose(a, b, rtol=1e-12)


def test_no_warning_on_clean_input():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        roc_curve(Y6, S6)
        precision_recall_curve(Y6, S6)
        break_even_point(Y6, S6)


@pytest.mark.parametrize(
    "metric",
    [
        roc_auc_score,
        average_precision_score,
        break_even_point,
        rank_loss,
        roc_curve,
        precision_recall_curve,
        confusion_matrix_at_thresholds,
    ],
)
def test_string_labels_need_pos_label(metric):
    """With labels {'ham', 'spam'} no binary metric picks a class silently."""
    y = ["spam", "ham", "spam", "ham"]
    s = [0.9, 0.2, 0.6, 0.7]
    with pytest.raises(ValueError, match=r"\{'ham', 'spam'\}.*pass pos_label="):
        metric(y, s)
    metric(y, s, pos_label="spam")  # and the explicit class is accepted
    if metric is roc_auc_score:
        assert metric(y, s, pos_label="spam") == 0.75  # pairs: (.9,.2) (.9,.7) (.6,.2) right


# -------------------------------------------------------------------------- partial AUC


def test_partial_auc_by_hand():
    # y_true [0, 0, 1, 1], scores [0.1, 0.4, 0.35, 0.8]: ROC points (in counts)
    # (0,0) (0,1) (1,1) (1,2) (2,2). Up to FPR 0.5 (1 negative): area 0.5 * 1 = 0.5
    # of the (P N = 4)-unit square's half, i.e. A = (1 * 1) / 4 = 0.25.
    # McClish: 0.5 * (1 + (0.25 - 0.125) / (0.5 - 0.125)) = 2/3.
    got = ep.roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], max_fpr=0.5)
    assert_allclose(got, 2 / 3, rtol=1e-15)
    # the cut inside a tied segment: scores [0.1, 0, 0.1, 0.01] go (0,0)->(1,1)
    # diagonally (a tie), so up to FPR 0.3 the curve is the chance diagonal: 0.5.
    y = np.array([0, 0, 1, 1])
    assert ep.roc_auc_score(y, [0.1, 0, 0.1, 0.01], max_fpr=0.3) == 0.5
    assert ep.roc_auc_score(y, y, max_fpr=0.001) == 1.0
    assert ep.roc_auc_score(y, 1 - y, max_fpr=0.25) == 0.5 * (1 + (0 - 1 / 32) / (0.25 - 1 / 32))


def test_partial_auc_bounds_are_exact_for_any_class_sizes_and_weights():
    # McClish's bounds: a perfect ranking is 1 and a worst one is
    # 0.5 * (1 + (0 - f**2 / 2) / (f - f**2 / 2)) to the last bit, as scikit-learn
    # gives them, also where f * N is not a whole count of negatives
    rng = np.random.default_rng(11)
    for n_neg, n_pos, f in [(1, 3, 0.7), (3, 1, 0.1), (7, 9, 0.999), (5, 6, 1 / 3)]:
        y = np.r_[np.zeros(n_neg, int), np.ones(n_pos, int)]
        for w in (None, rng.random(y.size)):
            assert ep.roc_auc_score(y, y, max_fpr=f, sample_weight=w) == 1.0
            worst = ep.roc_auc_score(y, 1 - y, max_fpr=f, sample_weight=w)
            assert worst == skm.roc_auc_score(y, 1 - y, max_fpr=f, sample_weight=w)
        for focus in ("specificity", "sensitivity"):
            assert ep.partial_auc(y, y, partial_range=(0.35, 0.9), focus=focus,
                                  correct=True) == 1.0


@pytest.mark.parametrize("max_fpr", [1e-4, 0.05, 0.1, 0.3, 0.5, 0.77, 0.999, 1.0])
@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("n", [50, 6000])  # both counting paths of the kernel
def test_partial_auc_matches_scikit_learn(max_fpr, ties, weighted, n):
    rng = np.random.default_rng(n + 7 * ties + 3 * weighted)
    y = rng.integers(0, 2, n)
    s = rng.normal(size=n) + y
    if ties:
        s = np.round(s, 1)
    w = rng.random(n) if weighted else None
    got = ep.roc_auc_score(y, s, max_fpr=max_fpr, sample_weight=w)
    want = skm.roc_auc_score(y, s, max_fpr=max_fpr, sample_weight=w)
    assert_allclose(got, want, rtol=1e-12)


def test_partial_auc_at_one_is_the_full_auc_and_integer_scores_are_exact():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    s = rng.integers(0, 20, 300)  # many ties
    assert ep.roc_auc_score(y, s, max_fpr=1) == ep.roc_auc_score(y, s)
    assert_allclose(ep.roc_auc_score(y, s, max_fpr=0.2), skm.roc_auc_score(y, s, max_fpr=0.2))


def test_partial_auc_strings_and_pos_label():
    y = ["ham", "spam", "spam", "ham", "spam", "ham"]
    s = [0.2, 0.7, 0.4, 0.5, 0.9, 0.1]
    got = ep.roc_auc_score(y, s, pos_label="spam", max_fpr=0.4)
    assert_allclose(got, skm.roc_auc_score(np.array(y) == "spam", s, max_fpr=0.4))


@pytest.mark.parametrize("bad", [0, -0.1, 1.1, True, "0.5", np.nan])
def test_partial_auc_bad_max_fpr(bad):
    with pytest.raises(ValueError, match=r"max_fpr must be None or a number in \(0, 1\]"):
        ep.roc_auc_score([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], max_fpr=bad)


def test_partial_auc_multiclass_raises_as_scikit_learn():
    proba = np.array([[0.6, 0.2, 0.2], [0.3, 0.4, 0.3], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6]])
    with pytest.raises(ValueError, match=r"Partial AUC computation not available in multiclass setting, 'max_fpr' must be set to `None`, received `max_fpr=0.5` instead"):
        ep.roc_auc_score([0, 1, 2, 2], proba, multi_class="ovr", max_fpr=0.5)
    full = ep.roc_auc_score([0, 1, 2, 2], proba, multi_class="ovr")
    assert ep.roc_auc_score([0, 1, 2, 2], proba, multi_class="ovr", max_fpr=1) == full


def test_partial_auc_two_kernels_agree():
    # unweighted data go through the top of the merged order, weighted ones through
    # all cumulative counts; unit weights must give the same area on any ties
    from evalplots.metrics.ranking._auc import partial_auc_from_counts
    from evalplots.metrics.ranking._thresholds import binary_scores

    rng = np.random.default_rng(11)
    for _ in range(400):
        n = int(rng.integers(2, 40))
        y = rng.integers(0, 2, n)
        if y.min() == y.max():
            continue
        s = rng.integers(0, int(rng.integers(1, 8)), n).astype(float)
        max_fpr = float(rng.choice([rng.random(), 0.5, 1 / 3, 0.25, 1 - 1e-9, 1e-3]))
        data = binary_scores(y, s)
        fps, tps, _ = data.counts()
        n_neg, n_pos = fps[-1], tps[-1]
        top = data.merged().top_counts(max_fpr * n_neg)
        got = partial_auc_from_counts(*top, max_fpr, totals=(n_neg, n_pos))
        assert got == partial_auc_from_counts(fps, tps, max_fpr)
        weighted = ep.roc_auc_score(y, s, max_fpr=max_fpr, sample_weight=np.ones(n))
        assert_allclose(ep.roc_auc_score(y, s, max_fpr=max_fpr), weighted, rtol=1e-13)
