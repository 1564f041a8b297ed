"""Differential tests: evalplots vs scikit-learn (test oracle) on generated inputs.

Inputs: 2–6 classes as integers (small and huge ranges), bools or strings, lengths
from 1 to a few hundred (plus n = 10⁵ outside hypothesis), optional weights with
many ties. Where evalplots deliberately differs from scikit-learn the test says why
and compares against the documented evalplots rule instead.
"""

import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose, assert_array_equal

import evalplots.metrics as ep
from evalplots.metrics.regression import _regression

from tests.support import SETTINGS, _sk_quiet, label_pairs

# scikit-learn's own note when an input holds one class; not ours to test
pytestmark = pytest.mark.filterwarnings("ignore:A single label was found:UserWarning")


@SETTINGS
@given(label_pairs())
def test_confusion_matrix(data):
    y_true, y_pred, w = data
    assert_allclose(
        ep.confusion_matrix(y_true, y_pred, sample_weight=w),
        _sk_quiet(skm.confusion_matrix, y_true, y_pred, sample_weight=w),
    )
    for normalize in ("true", "pred", "all"):
        assert_allclose(
            ep.confusion_matrix(y_true, y_pred, sample_weight=w, normalize=normalize),
            _sk_quiet(
                skm.confusion_matrix,
                y_true,
                y_pred,
                sample_weight=w,
                normalize=normalize,
            ),
        )


@SETTINGS
@given(label_pairs())
def test_accuracy(data):
    y_true, y_pred, w = data
    assert_allclose(
        ep.accuracy_score(y_true, y_pred, sample_weight=w),
        skm.accuracy_score(y_true, y_pred, sample_weight=w),
    )
    assert_allclose(
        ep.error_rate(y_true, y_pred, sample_weight=w),
        skm.zero_one_loss(y_true, y_pred, sample_weight=w),
    )


@SETTINGS
@given(
    label_pairs(),
    st.sampled_from(["micro", "macro", "weighted", None]),
    st.sampled_from([0, 1, np.nan]),
    st.sampled_from([0.5, 1.0, 2.0]),
    st.booleans(),
)
def test_precision_recall_fscore_support(data, average, zero_division, beta, subset):
    y_true, y_pred, w = data
    labels = None
    if subset:  # average over a subset of the classes (others still count)
        labels = np.unique(np.concatenate([y_true, y_pred]))[:2][::-1]
    kw = {"beta": beta, "average": average, "labels": labels, "sample_weight": w,
          "zero_division": zero_division}  # fmt: skip
    ours = ep.precision_recall_fscore_support(y_true, y_pred, **kw)
    theirs = _sk_quiet(skm.precision_recall_fscore_support, y_true, y_pred, **kw)
    for a, b in zip(ours[:3], theirs[:3]):
        assert_allclose(a, b, rtol=1e-12, atol=1e-15)
    if average is None:
        assert_allclose(ours[3], theirs[3])


@SETTINGS
@given(label_pairs(max_classes=2), st.sampled_from([0, 1, np.nan]), st.booleans())
def test_binary_scores_with_pos_label(data, zero_division, second):
    y_true, y_pred, w = data
    present = np.unique(np.concatenate([y_true, y_pred])).tolist()
    pos_label = present[int(second) % len(present)]
    for name in ("precision_score", "recall_score", "f1_score"):
        kw = {
            "pos_label": pos_label,
            "sample_weight": w,
            "zero_division": zero_division,
        }
        assert_allclose(
            getattr(ep, name)(y_true, y_pred, **kw),
            _sk_quiet(getattr(skm, name), y_true, y_pred, **kw),
        )


@SETTINGS
@given(label_pairs())
def test_zero_division_warn_matches(data):
    # 'warn' warns exactly when scikit-learn warns (and both give 0.0)
    y_true, y_pred, w = data
    with warnings.catch_warnings(record=True) as ours_w:
        warnings.simplefilter("always")
        ours = ep.precision_score(y_true, y_pred, average="macro", sample_weight=w)
    with warnings.catch_warnings(record=True) as theirs_w:
        warnings.simplefilter("always")
        theirs = skm.precision_score(y_true, y_pred, average="macro", sample_weight=w)
    assert_allclose(ours, theirs)
    assert bool(ours_w) == any("ill-defined" in str(x.message) for x in theirs_w)


@SETTINGS
@given(label_pairs())
def test_specificity_is_recall_of_the_rest(data):
    # no scikit-learn function; oracle: TNR of class c = recall of "not c"
    y_true, y_pred, w = data
    classes = np.unique(np.concatenate([y_true, y_pred]))
    ours = ep.specificity_score(
        y_true, y_pred, average=None, sample_weight=w, zero_division=np.nan
    )
    oracle = [
        _sk_quiet(
            skm.recall_score,
            y_true != c,
            y_pred != c,
            sample_weight=w,
            zero_division=np.nan,
        )
        for c in classes
    ]
    assert_allclose(ours, oracle)


@SETTINGS
@given(label_pairs())
def test_matthews_corrcoef(data):
    # scikit-learn returns 0.0 silently on 0/0; evalplots warns unless zero_division
    # is given, so zero_division=0 reproduces scikit-learn's value without a warning.
    y_true, y_pred, w = data
    assert_allclose(
        ep.matthews_corrcoef(y_true, y_pred, sample_weight=w, zero_division=0),
        skm.matthews_corrcoef(y_true, y_pred, sample_weight=w),
        atol=1e-12,
    )


@SETTINGS
@given(label_pairs(), st.sampled_from([None, "linear", "quadratic"]))
def test_cohen_kappa(data, weights):
    # scikit-learn's 0/0 value is NaN (replace_undefined_by); evalplots' default is
    # the zero_division rule, so pass zero_division=np.nan to compare.
    y_true, y_pred, w = data
    scale = np.unique(np.concatenate([y_true, y_pred]))
    ours = ep.cohen_kappa_score(
        y_true,
        y_pred,
        weights=weights,
        labels=scale,
        sample_weight=w,
        zero_division=np.nan,
    )
    theirs = _sk_quiet(
        skm.cohen_kappa_score,
        y_true,
        y_pred,
        weights=weights,
        labels=scale,
        sample_weight=w,
    )
    assert_allclose(ours, theirs, atol=1e-12)


@st.composite
def probabilities(draw):
    k = draw(st.integers(2, 6))
    n = draw(st.integers(1, 200))
    raw = np.array(
        draw(st.lists(st.floats(0.01, 1.0), min_size=n * k, max_size=n * k))
    ).reshape(n, k)
    prob = raw / raw.sum(axis=1, keepdims=True)
    y = np.array(draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
    w = None
    if draw(st.booleans()):
        w = np.array(draw(st.lists(st.integers(1, 3), min_size=n, max_size=n)), float)
    return y, prob, w


@SETTINGS
@given(probabilities(), st.booleans())
def test_log_loss(data, as_strings):
    y, prob, w = data
    k = prob.shape[1]
    labels = np.arange(k)
    if as_strings:
        names = np.array([f"c{i}" for i in range(k)])
        y, labels = names[y], names
    assert_allclose(
        ep.log_loss(y, prob, labels=labels, sample_weight=w),
        skm.log_loss(y, prob, labels=labels, sample_weight=w),
        rtol=1e-10,
    )
    if k == 2 and len(np.unique(y)) == 2:
        assert_allclose(
            ep.log_loss(y, prob[:, 1], sample_weight=w),
            skm.log_loss(y, prob[:, 1], sample_weight=w),
            rtol=1e-10,
        )


@st.composite
def regression_pairs(draw):
    n = draw(st.integers(1, 300))
    # few distinct values: many ties; strictly positive so that every metric applies
    vals = st.sampled_from([0.5, 1.0, 2.0, 3.5, 10.0, 1e3]) | st.floats(0.1, 1e4)
    t = np.array(draw(st.lists(vals, min_size=n, max_size=n)))
    p = np.array(draw(st.lists(vals, min_size=n, max_size=n)))
    w = None
    if draw(st.booleans()):
        w = np.array(draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)), float)
        if w.sum() == 0:
            w[0] = 1.0
    return t, p, w


# every regression metric with a scikit-learn namesake (r2_score: its own test below)
REGRESSION = [n for n in _regression.__all__ if hasattr(skm, n) and n != "r2_score"]


@SETTINGS
@given(regression_pairs())
def test_regression(data):
    t, p, w = data
    for name in REGRESSION:
        assert_allclose(
            getattr(ep, name)(t, p, sample_weight=w),
            getattr(skm, name)(t, p, sample_weight=w),
            rtol=1e-9,
            err_msg=name,
        )


@SETTINGS
@given(regression_pairs())
def test_r2(data):
    # constant y_true: scikit-learn's force_finite values, and evalplots also warns
    t, p, w = data
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = ep.r2_score(t, p, sample_weight=w)
    theirs = _sk_quiet(skm.r2_score, t, p, sample_weight=w)
    assert_allclose(ours, theirs, rtol=1e-9, atol=1e-9)


# ------------------------------------------------------------- large n, both paths


@pytest.mark.parametrize("kind", ["int", "str", "float", "bool", "huge_int"])
def test_large_n(kind):
    rng = np.random.default_rng(3)
    n = 100_000
    t = rng.integers(0, 5, n)
    p = np.where(rng.random(n) < 0.7, t, rng.integers(0, 5, n))
    if kind == "str":
        t, p = np.array(list("abcde"))[t], np.array(list("abcde"))[p]
    elif kind == "float":
        t, p = t.astype(float), p.astype(float)
    elif kind == "bool":
        t, p = t > 2, p > 2
    elif kind == "huge_int":
        t, p = t * 10**12, p * 10**12
    w = rng.integers(0, 4, n).astype(float)
    assert_array_equal(ep.confusion_matrix(t, p), skm.confusion_matrix(t, p))
    assert_allclose(
        ep.f1_score(t, p, average="macro", sample_weight=w),
        skm.f1_score(t, p, average="macro", sample_weight=w),
    )
    assert_allclose(
        ep.cohen_kappa_score(t, p, weights="quadratic"),
        skm.cohen_kappa_score(t, p, weights="quadratic"),
    )
    # n = 10^5 makes the MCC products exceed int64: computed in float64
    assert_allclose(ep.matthews_corrcoef(t, p), skm.matthews_corrcoef(t, p))


# ------------------------------------------------------- deliberate differences


def test_difference_confusion_matrix_refuses_unlisted_values():
    # scikit-learn silently drops the samples whose label is not in `labels`;
    # evalplots drops nothing and asks for the missing label instead.
    assert_array_equal(
        skm.confusion_matrix([0, 1, 2], [0, 1, 2], labels=[0, 1]), [[1, 0], [0, 1]]
    )
    with pytest.raises(ValueError, match="not in labels"):
        ep.confusion_matrix([0, 1, 2], [0, 1, 2], labels=[0, 1])


def test_difference_log_loss_does_not_clip():
    # scikit-learn clips to machine epsilon and returns a large finite number;
    # evalplots returns inf with a warning, and clips only with an explicit eps.
    assert np.isfinite(skm.log_loss([1, 0], [0.0, 0.0]))
    with pytest.warns(ep.UndefinedMetricWarning):
        assert ep.log_loss([1, 0], [0.0, 0.0]) == np.inf


def test_difference_mape_refuses_zero_targets():
    # scikit-learn divides by max(|y|, eps): a silent huge number
    assert skm.mean_absolute_percentage_error([0.0, 1.0], [1.0, 1.0]) > 1e14
    with pytest.raises(ValueError, match="zero"):
        ep.mean_absolute_percentage_error([0.0, 1.0], [1.0, 1.0])
