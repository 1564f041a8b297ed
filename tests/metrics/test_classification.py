"""Classification count metrics: values against hand computations and scikit-learn."""

import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from numpy.testing import assert_allclose, assert_array_equal

import evalplots.metrics as ep
from evalplots.metrics import confusion_matrix

from tests.support import _sk

# --------------------------------------------------------------------------- confusion


def test_confusion_matrix_rows_true_columns_predicted():
    # 3 samples of class 0: predicted 0, 0, 1; 1 sample of class 1 predicted 0.
    cm = confusion_matrix([0, 0, 0, 1], [0, 0, 1, 0])
    assert_array_equal(cm, [[2, 1], [1, 0]])
    assert cm.dtype == np.int64


@pytest.mark.parametrize(
    "y_true, y_pred, classes",
    [
        ([True, False, True], [True, True, False], [False, True]),
        ([-3, 7, 7], [7, 7, -3], [-3, 7]),
        (["b", "a", "a"], ["a", "a", "b"], ["a", "b"]),
        ([10**12, 0, 0], [0, 0, 10**12], [0, 10**12]),  # huge range: sort path
    ],
)
def test_confusion_matrix_label_types(y_true, y_pred, classes):
    from sklearn.metrics import confusion_matrix as sk_cm

    assert_array_equal(
        confusion_matrix(y_true, y_pred), sk_cm(y_true, y_pred, labels=classes)
    )


def test_confusion_matrix_whole_number_float_labels():
    # Floats holding whole numbers are classes (1.0 == 1); fractional ones are not.
    assert_array_equal(confusion_matrix([1.0, 3.0, 3.0], [3, 3, 1]), [[0, 1], [1, 1]])


def test_confusion_matrix_refuses_fractional_float_labels():
    # Reverses the earlier choice "fractional float labels (e.g. 2.5) are classes": it
    # made passing scores as y_pred silent. scikit-learn refuses them too.
    with pytest.raises(
        ValueError, match=r"y_true holds non-integer values such as 2\.5"
    ):
        confusion_matrix([1.0, 2.5, 2.5], [2.0, 2.0, 1.0])


_Y = [0, 1, 1, 0, 1]
_SCORES = [0.1, 0.9, 0.4, 0.3, 0.8]


def _metric_calls():
    from evalplots import metrics as m

    return {
        "accuracy_score": m.accuracy_score,
        "error_rate": m.error_rate,
        "confusion_matrix": m.confusion_matrix,
        "matthews_corrcoef": m.matthews_corrcoef,
        "cohen_kappa_score": m.cohen_kappa_score,
        "precision_score": m.precision_score,
        "recall_score": m.recall_score,
        "f1_score": m.f1_score,
        "fbeta_score": lambda t, p: m.fbeta_score(t, p, beta=2),
        "precision_recall_fscore_support": m.precision_recall_fscore_support,
        "specificity_score": m.specificity_score,
        "binary_rates": m.binary_rates,
    }


@pytest.mark.parametrize("metric", sorted(_metric_calls()))
def test_scores_passed_as_y_pred_are_refused(metric):
    # accuracy_score(y, scores) used to be 0.0 and confusion_matrix 7x7: each score
    # was a "class" of its own.
    func = _metric_calls()[metric]
    with pytest.raises(
        ValueError,
        match=r"y_pred holds non-integer values such as 0\.1"
        r" .*threshold them first \(y_score >= 0\.5\)",
    ):
        func(_Y, _SCORES)
    with pytest.raises(ValueError, match="y_true holds non-integer values"):
        func(_SCORES, _Y)


@pytest.mark.parametrize("metric", sorted(_metric_calls()))
def test_thresholded_scores_are_accepted(metric):
    thresholded = (np.asarray(_SCORES) >= 0.5).astype(float)  # 0.0 / 1.0
    func = _metric_calls()[metric]
    got, want = func(_Y, thresholded), func(_Y, [0, 1, 0, 0, 1])
    if isinstance(want, dict):
        got, want = list(got.values()), list(want.values())
    assert_allclose(got, want)


@pytest.mark.parametrize(
    "metric, kwargs",
    [
        ("confusion_matrix", {}),
        ("cohen_kappa_score", {}),
        ("precision_score", {"average": "macro"}),  # 'binary' ignores labels
    ],
)
def test_fractional_labels_argument_is_refused(metric, kwargs):
    func = _metric_calls()[metric]
    with pytest.raises(
        ValueError, match=r"labels holds non-integer values such as 0\.5"
    ):
        func([0.0, 1.0], [1.0, 0.0], labels=[0.5, 1.0], **kwargs)


def test_log_loss_refuses_fractional_y_true():
    from evalplots.metrics import log_loss

    with pytest.raises(ValueError, match="y_true holds non-integer values such as 0.9"):
        log_loss([0.9, 0.2], [0.9, 0.2])
    with pytest.raises(ValueError, match="labels holds non-integer values"):
        log_loss([0, 1], [0.9, 0.2], labels=[0.5, 1.0])


def test_confusion_matrix_labels_order_and_absent_class():
    cm = confusion_matrix([0, 0, 1], [0, 1, 1], labels=[2, 1, 0])
    assert_array_equal(cm, [[0, 0, 0], [0, 1, 0], [0, 1, 1]])


def test_confusion_matrix_sample_weight():
    cm = confusion_matrix([0, 0, 1], [0, 1, 1], sample_weight=[0.5, 2.0, 3.0])
    assert_allclose(cm, [[0.5, 2.0], [0.0, 3.0]])
    assert cm.dtype == np.float64


@pytest.mark.parametrize(
    "normalize, expected",
    [
        ("true", [[1 / 3, 2 / 3, 0], [0, 1, 0], [0, 0, 0]]),
        ("pred", [[1, 2 / 3, 0], [0, 1 / 3, 0], [0, 0, 0]]),
        ("all", [[1 / 4, 2 / 4, 0], [0, 1 / 4, 0], [0, 0, 0]]),
    ],
)
def test_confusion_matrix_normalize_empty_class_gives_zeros(normalize, expected):
    # class 2 has no samples and is never predicted: its row/column normalise to 0.
    with np.errstate(all="raise"):
        cm = confusion_matrix(
            [0, 0, 0, 1], [0, 1, 1, 1], labels=[0, 1, 2], normalize=normalize
        )
    assert_allclose(cm, expected)
    assert np.isfinite(cm).all()


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"y_true": [0, 1], "y_pred": [0, 1, 1]}, "Inconsistent numbers of samples"),
        ({"y_true": [], "y_pred": []}, "y_true is empty"),
        ({"y_true": [[0, 1]], "y_pred": [[0, 1]]}, "y_true must be 1-D"),
        ({"y_true": [0, 1], "y_pred": ["a", "b"]}, "one type"),
        ({"y_true": [0.0, np.nan], "y_pred": [0, 1]}, "y_true contains NaN"),
        ({"y_true": [0, 1], "y_pred": [0, 1], "labels": [5, 6]}, "None of labels"),
        ({"y_true": [0, 1], "y_pred": [0, 1], "labels": [0, 0, 1]}, "duplicate"),
        (
            {"y_true": [0, 2], "y_pred": [0, 1], "labels": [0, 1]},
            "y_true contains 1 value",
        ),
        ({"y_true": [0, 1], "y_pred": [0, 1], "labels": ["a", "b"]}, "same type"),
        (
            {"y_true": [0, 1], "y_pred": [0, 1], "normalize": "rows"},
            "normalize must be",
        ),
        (
            {"y_true": [0, 1], "y_pred": [0, 1], "sample_weight": [1]},
            "sample_weight has 1",
        ),
    ],
)
def test_confusion_matrix_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        confusion_matrix(**kwargs)


def test_confusion_matrix_string_labels_in_given_order():
    cm = confusion_matrix(
        ["cat", "dog", "dog", "bird", "bird"],
        ["dog", "dog", "cat", "bird", "cat"],
        labels=["dog", "cat", "bird"],
    )
    assert_array_equal(cm, [[1, 1, 0], [1, 0, 0], [0, 1, 1]])


def test_confusion_matrix_empty_class_normalises_to_zero_row():
    with np.errstate(all="raise"):
        cm = confusion_matrix(
            ["cat", "dog"],
            ["dog", "dog"],
            labels=["dog", "cat", "bird"],
            normalize="true",
        )
    assert_array_equal(cm, [[1, 0, 0], [1, 0, 0], [0, 0, 0]])


@pytest.mark.parametrize(
    "y_true, y_pred, expected",
    [
        ([1, 0, 0, 1, 0, 1], [0, 1, 0, 1, 1, 1], [[1, 2], [1, 2]]),
        (
            [0, 1, 2, 0, 1, 2, 0, 2, 2],
            [0, 2, 1, 0, 2, 1, 0, 0, 2],
            [[3, 0, 0], [0, 0, 2], [1, 2, 1]],
        ),
    ],
)
def test_confusion_matrices_of_worked_examples(y_true, y_pred, expected):
    assert_array_equal(confusion_matrix(y_true, y_pred), expected)


# ------------------------------------------------------------------ precision & co.


from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    accuracy_score,
    binary_rates,
    cohen_kappa_score,
    error_rate,
    f1_score,
    fbeta_score,
    log_loss,
    matthews_corrcoef,
    precision_recall_fscore_support,
    precision_score,
    recall_score,
    specificity_score,
)

# y_true/y_pred of three classes; per class (TP, FP, FN) counted by hand:
#   a: TP=2 FP=1 FN=1   b: TP=1 FP=1 FN=1   c: TP=0 FP=0 FN=0 + class "c" absent
Y3_TRUE = ["a", "a", "a", "b", "b"]
Y3_PRED = ["a", "a", "b", "a", "b"]


def test_prfs_per_class_by_hand():
    p, r, f, s = precision_recall_fscore_support(Y3_TRUE, Y3_PRED)
    assert_allclose(p, [2 / 3, 1 / 2])
    assert_allclose(r, [2 / 3, 1 / 2])
    assert_allclose(f, [2 / 3, 1 / 2])
    assert_array_equal(s, [3, 2])


def test_prfs_averages_by_hand():
    # micro: pooled TP=3, FP=2, FN=2 -> P=R=F=3/5 (= accuracy for single-label data)
    assert_allclose(
        precision_recall_fscore_support(Y3_TRUE, Y3_PRED, average="micro")[:3],
        [0.6, 0.6, 0.6],
    )
    assert_allclose(f1_score(Y3_TRUE, Y3_PRED, average="macro"), (2 / 3 + 1 / 2) / 2)
    assert_allclose(
        f1_score(Y3_TRUE, Y3_PRED, average="weighted"), (3 * 2 / 3 + 2 * 1 / 2) / 5
    )
    assert precision_recall_fscore_support(Y3_TRUE, Y3_PRED, average="macro")[3] is None


def test_scores_are_python_floats():
    for fn in (precision_score, recall_score, f1_score, specificity_score):
        assert type(fn([1, 0, 1], [1, 1, 0])) is float
    assert type(fbeta_score([1, 0, 1], [1, 1, 0], beta=2)) is float
    assert type(accuracy_score([1, 0], [1, 1])) is float
    assert type(matthews_corrcoef([1, 0, 1], [1, 0, 0])) is float


def test_labels_subset_counts_other_classes_as_errors():
    # Class 2 is left out of the average, but its samples still count: the true-2
    # sample predicted 0 is a false positive of class 0.
    y_true, y_pred = [0, 1, 2, 2], [0, 1, 0, 2]
    p = precision_score(y_true, y_pred, labels=[0, 1], average=None)
    assert_allclose(p, [1 / 2, 1.0])
    assert_allclose(
        precision_score(y_true, y_pred, labels=[0, 1], average="micro"), 2 / 3
    )


def test_pos_label_string_and_bool():
    y_true = ["spam", "ham", "spam", "ham"]
    y_pred = ["spam", "spam", "ham", "ham"]
    assert precision_score(y_true, y_pred, pos_label="spam") == 0.5
    assert (
        recall_score([True, True, False], [True, False, False], pos_label=True) == 0.5
    )


def test_binary_with_single_class_present_and_pos_label_absent():
    # only class 0 present, pos_label=1 absent: TP = FP = FN = 0 -> 0/0 everywhere
    with pytest.warns(UndefinedMetricWarning, match="precision"):
        assert precision_score([0, 0], [0, 0]) == 0.0
    assert precision_score([0, 0], [0, 0], zero_division=np.nan) != 0.0  # nan


def test_beta_limits():
    y_true, y_pred = [1, 1, 0, 0], [1, 0, 1, 1]
    assert fbeta_score(y_true, y_pred, beta=0) == precision_score(y_true, y_pred)
    assert fbeta_score(y_true, y_pred, beta=np.inf) == recall_score(y_true, y_pred)
    with pytest.raises(ValueError, match="beta must be"):
        fbeta_score(y_true, y_pred, beta=-1)


def test_zero_division_nan_left_out_of_macro():
    # class 2 is never predicted: its precision is 0/0 -> nan, left out of the mean
    y_true, y_pred = [0, 1, 2], [0, 1, 1]
    p = precision_score(y_true, y_pred, average=None, zero_division=np.nan)
    assert_allclose(p, [1.0, 0.5, np.nan])
    assert_allclose(
        precision_score(y_true, y_pred, average="macro", zero_division=np.nan), 0.75
    )


def test_sample_weight_equals_repetition():
    y_true, y_pred = [0, 1, 1, 2, 2], [0, 1, 2, 2, 1]
    w = [1, 2, 1, 3, 1]
    rep_t = np.repeat(y_true, w)
    rep_p = np.repeat(y_pred, w)
    for avg in ("micro", "macro", "weighted"):
        assert_allclose(
            f1_score(y_true, y_pred, average=avg, sample_weight=w),
            f1_score(rep_t, rep_p, average=avg),
        )
    assert_allclose(
        accuracy_score(y_true, y_pred, sample_weight=w), accuracy_score(rep_t, rep_p)
    )


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"average": "samples"}, "needs multilabel indicator matrices"),
        ({"average": "binary", "y_pred": [0, 1, 2, 2]}, "average='binary'"),
        ({"pos_label": 5}, "pos_label=5 is not a label"),
        ({"zero_division": 2}, "zero_division must be"),
        ({"labels": [7, 8], "average": "macro"}, "None of labels"),
        ({"y_pred": [0, 1, 1]}, "Inconsistent numbers"),
    ],
)
def test_precision_bad_input(kwargs, match):
    args = {"y_true": [0, 1, 1, 0], "y_pred": [0, 1, 0, 0]}
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        precision_score(**args)


def test_precision_no_predicted_positive_warns_and_is_zero():
    with pytest.warns(UndefinedMetricWarning, match="precision"):
        assert precision_score([1, 1, 0, 0], [0, 0, 0, 0]) == 0.0


@pytest.mark.parametrize("zero_division, expected", [(1, 1.0), (0, 0.0)])
def test_precision_zero_division_value_and_no_warning(zero_division, expected):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = precision_score([1, 1, 0, 0], [0, 0, 0, 0], zero_division=zero_division)
    assert got == expected


@pytest.mark.parametrize("zero_division", ["warn", 0, 1, np.nan])
def test_f1_stays_zero_whatever_zero_division(zero_division):
    # TP = 0 but FN = 2: F1 = 2TP/(2TP+FN+FP) = 0/2 is defined, never 1 or nan.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert f1_score([1, 1, 0, 0], [0, 0, 0, 0], zero_division=zero_division) == 0.0
        assert (
            recall_score([1, 1, 0, 0], [0, 0, 0, 0], zero_division=zero_division) == 0.0
        )


def test_recall_no_true_positive_class_warns():
    # the same kind of fault on the other ratio: no positives in y_true
    with pytest.warns(UndefinedMetricWarning, match="recall"):
        assert recall_score([0, 0, 0], [1, 0, 0]) == 0.0
    assert recall_score([0, 0, 0], [1, 0, 0], zero_division=1) == 1.0


def test_macro_f1_is_mean_of_per_class_f1():
    y_true, y_pred = [0, 0, 1, 1, 2, 2], [0, 1, 1, 1, 2, 2]
    got = f1_score(y_true, y_pred, average="macro")
    assert_allclose(got, 0.822222, atol=1e-6)
    # per-class F1 = 2/3, 4/5, 1 by hand; F1 of macro-P and macro-R would be 0.8333
    assert_allclose(got, (2 / 3 + 4 / 5 + 1) / 3)
    p, r, _, _ = precision_recall_fscore_support(y_true, y_pred, average="macro")
    assert not np.isclose(got, 2 * p * r / (p + r))


def test_weighted_f1():
    got = f1_score([0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 2, 2], average="weighted")
    assert_allclose(got, 0.677778, atol=1e-6)
    # per-class F1 0.8, 0.5, 2/3 with supports 3, 2, 1
    assert_allclose(got, (3 * 0.8 + 2 * 0.5 + 1 * 2 / 3) / 6)


def test_fbeta_uses_beta_squared():
    y_true, y_pred = [1, 1, 0, 0], [1, 1, 1, 1]
    assert_allclose(fbeta_score(y_true, y_pred, beta=2), 0.833333, atol=1e-6)
    assert_allclose(fbeta_score(y_true, y_pred, beta=0.5), 0.555556, atol=1e-6)
    # P = 1/2, R = 1: (1+β²)PR/(β²P+R)
    for beta in (0.5, 2, 3):
        b2 = beta**2
        assert_allclose(
            fbeta_score(y_true, y_pred, beta=beta), (1 + b2) * 0.5 / (b2 * 0.5 + 1)
        )


# ----------------------------------------------------------- accuracy, rates, spec.


def test_accuracy_and_error_rate_by_hand():
    assert accuracy_score(["a", "b", "c", "a"], ["a", "b", "a", "a"]) == 0.75
    assert error_rate(["a", "b", "c", "a"], ["a", "b", "a", "a"]) == 0.25
    assert error_rate([0, 1], [1, 1], normalize=False, sample_weight=[3, 1]) == 3.0
    with pytest.raises(ValueError, match="sums to 0"):
        accuracy_score([0, 1], [1, 1], sample_weight=[0, 0])
    with pytest.raises(ValueError, match="one type"):
        accuracy_score([0, 1], ["0", "1"])


def test_binary_rates_by_hand():
    # TP=2 FN=1 FP=1 TN=3
    r = binary_rates([1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 1, 0, 0, 0])
    assert r == pytest.approx({"tpr": 2 / 3, "fnr": 1 / 3, "fpr": 1 / 4, "tnr": 3 / 4})
    with pytest.warns(UndefinedMetricWarning):
        r = binary_rates([1, 1], [1, 0])  # no negatives: FPR, TNR are 0/0
    assert r == {"tpr": 0.5, "fnr": 0.5, "fpr": 0.0, "tnr": 0.0}


def test_specificity_by_hand():
    # per class TN/(TN+FP): 0: 3/3, 1: 2/3 (a true-2 sample predicted 1), 2: 2/2;
    # micro pools TN = 3 + 2 + 2 over negatives 3 + 3 + 2.
    y_true, y_pred = [0, 1, 2, 2], [0, 1, 1, 2]
    assert_allclose(specificity_score(y_true, y_pred, average=None), [1.0, 2 / 3, 1.0])
    assert_allclose(specificity_score(y_true, y_pred, average="micro"), 7 / 8)
    assert_allclose(
        specificity_score(y_true, y_pred, average="weighted"),
        (1 * 1 + 1 * 2 / 3 + 2 * 1) / 4,
    )


# ------------------------------------------------------------------- MCC and kappa


def test_mcc_binary_formula_by_hand():
    # TP=3 TN=2 FP=1 FN=2: (3*2 - 1*2)/sqrt(4*5*3*4)
    y_true = [1, 1, 1, 1, 1, 0, 0, 0]
    y_pred = [1, 1, 1, 0, 0, 0, 0, 1]
    assert_allclose(matthews_corrcoef(y_true, y_pred), 4 / np.sqrt(4 * 5 * 3 * 4))


def test_mcc_zero_division():
    with pytest.warns(UndefinedMetricWarning, match="Matthews"):
        assert matthews_corrcoef([0, 0, 1], [1, 1, 1]) == 0.0
    assert np.isnan(matthews_corrcoef([0, 0, 1], [1, 1, 1], zero_division=np.nan))


def test_kappa_by_hand():
    # p_o = 3/4; marginals true (2,2), pred (1,3): p_e = (2*1 + 2*3)/16 = 1/2
    assert_allclose(cohen_kappa_score([0, 0, 1, 1], [0, 1, 1, 1]), (0.75 - 0.5) / 0.5)


def test_kappa_labels_define_the_scale():
    # ratings 0 and 4 only: with the scale 0..4 the quadratic distance is 16, not 1;
    # the rescaled kappa is the same here but weights change with extra ratings.
    y1, y2 = [0, 4, 4, 2], [0, 4, 2, 2]
    full = cohen_kappa_score(y1, y2, weights="linear", labels=[0, 1, 2, 3, 4])
    present = cohen_kappa_score(y1, y2, weights="linear")
    # by hand with positions 0..4: observed sum w*O = 2/4; expected from marginals
    t = np.array([1, 0, 1, 0, 2]) / 4
    p = np.array([1, 0, 2, 0, 1]) / 4
    d = np.abs(np.subtract.outer(np.arange(5), np.arange(5)))
    assert_allclose(full, 1 - (2 / 4) / (d * np.outer(t, p)).sum())
    d3 = np.abs(np.subtract.outer(np.arange(3), np.arange(3)))
    t3, p3 = t[[0, 2, 4]], p[[0, 2, 4]]
    assert_allclose(present, 1 - (1 / 4) / (d3 * np.outer(t3, p3)).sum())


def test_kappa_bad_input():
    with pytest.raises(ValueError, match="weights must be"):
        cohen_kappa_score([0, 1], [0, 1], weights="cubic")
    with pytest.raises(ValueError, match="not in labels"):
        cohen_kappa_score([0, 5], [0, 1], labels=[0, 1])
    with pytest.warns(UndefinedMetricWarning, match="kappa"):
        assert np.isnan(cohen_kappa_score([1, 1], [1, 1]))  # scikit-learn 1.9's default
    with pytest.warns(UndefinedMetricWarning, match="kappa"):
        assert cohen_kappa_score([1, 1], [1, 1], zero_division="warn") == 0.0


def test_mcc_constant_prediction_is_zero_with_warning():
    with pytest.warns(UndefinedMetricWarning, match="Matthews"):
        assert matthews_corrcoef([1, 1, 0, 0], [1, 1, 1, 1]) == 0.0
    # the same 0/0 when y_true is constant
    with pytest.warns(UndefinedMetricWarning):
        assert matthews_corrcoef([1, 1, 1, 1], [1, 0, 1, 0]) == 0.0


def test_mcc_total_disagreement_is_minus_one():
    assert matthews_corrcoef([1, 1, 0, 0], [0, 0, 1, 1]) == -1.0
    assert matthews_corrcoef(["a", "a", "b"], ["b", "b", "a"]) == -1.0


def test_mcc_large_n_no_integer_overflow():
    # found by the differential tests: (s^2 - p.p)(s^2 - t.t) overflowed int64
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 5, 100_000)
    y_pred = np.where(rng.random(100_000) < 0.7, y_true, rng.integers(0, 5, 100_000))
    from sklearn.metrics import matthews_corrcoef as sk_mcc

    assert_allclose(matthews_corrcoef(y_true, y_pred), sk_mcc(y_true, y_pred))
    assert -1 <= matthews_corrcoef(y_true, y_pred) <= 1


QWK_ACTUAL = [4, 4, 3, 4, 4, 0, 1, 1, 2, 1]
QWK_PRED = [0, 4, 1, 0, 4, 0, 1, 1, 2, 1]


@pytest.mark.parametrize(
    "weights, expected",
    [("quadratic", 0.318182), ("linear", 0.450549), (None, 0.605263)],
)
def test_kappa_weights(weights, expected):
    got = cohen_kappa_score(
        QWK_ACTUAL, QWK_PRED, weights=weights, labels=[0, 1, 2, 3, 4]
    )
    assert_allclose(got, expected, atol=1e-6)


@pytest.mark.parametrize("replace", [0.0, -1.0, 0.5, np.nan])
@pytest.mark.parametrize(
    "y1, y2, labels, weights",
    [
        ([3] * 10, [3] * 10, None, None),  # one rating shared by both raters
        ([1] * 5, [1] * 5, [1, 2], "linear"),  # one label of the scale in use
        ([4, 4, 4], [4, 4, 4], [2, 3, 4], "quadratic"),
    ],
)
def test_kappa_replace_undefined_by_as_scikit_learn(y1, y2, labels, weights, replace):
    kwargs = dict(labels=labels, weights=weights, replace_undefined_by=replace)
    with pytest.warns(UndefinedMetricWarning, match="replace_undefined_by"):
        got = ep.cohen_kappa_score(y1, y2, **kwargs)
    want = _sk(skm.cohen_kappa_score, y1, y2, **kwargs)
    assert_allclose(got, replace, equal_nan=True)
    assert_allclose(got, want, equal_nan=True)


def test_kappa_zero_total_weight_is_undefined():
    with pytest.warns(UndefinedMetricWarning, match="kappa is undefined"):
        got = ep.cohen_kappa_score([0, 1], [0, 1], sample_weight=[0, 0])
    assert np.isnan(got)


def test_kappa_defined_values_ignore_replace_undefined_by():
    y1 = [0] * 40 + [1] * 60  # Artstein & Poesio (2008), table 1: kappa 0.348
    y2 = [0] * 20 + [1] * 20 + [0] * 10 + [1] * 50
    got = ep.cohen_kappa_score(y1, y2, replace_undefined_by=1.0)
    assert_allclose(got, (0.7 - 0.54) / (1 - 0.54))  # p_o = 0.7, p_e = .4*.3 + .6*.7
    assert_allclose(got, skm.cohen_kappa_score(y1, y2))


def test_kappa_undefined_options_are_validated():
    with pytest.raises(ValueError, match=r"replace_undefined_by must be np.nan or a number in \[-1, 1\]"):
        ep.cohen_kappa_score([0, 1], [0, 1], replace_undefined_by=2.0)
    with pytest.raises(ValueError, match="replace_undefined_by must be"):
        ep.cohen_kappa_score([0, 1], [0, 1], replace_undefined_by="nan")
    with pytest.raises(ValueError, match="not both"):
        ep.cohen_kappa_score([0, 1], [0, 1], replace_undefined_by=0.0, zero_division=0)
    # the older spelling still works, silently for a number
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ep.cohen_kappa_score([2, 2], [2, 2], zero_division=1) == 1.0


# ------------------------------------------------------------------------ log loss


def test_log_loss_binary_1d_and_2d_agree():
    y = [0, 1, 1]
    p1 = [0.2, 0.7, 0.6]
    expected = -(np.log(0.8) + np.log(0.7) + np.log(0.6)) / 3
    assert_allclose(log_loss(y, p1), expected)
    assert_allclose(log_loss(y, np.c_[1 - np.array(p1), p1]), expected)
    assert_allclose(log_loss(["no", "yes", "yes"], p1), expected)


def test_log_loss_weighted():
    w = [1, 3]
    expected = -(1 * np.log(0.8) + 3 * np.log(0.4)) / 4
    assert_allclose(log_loss([0, 1], [0.2, 0.4], sample_weight=w), expected)


def test_log_loss_multilabel_is_mean_of_columns():
    y = np.array([[1, 0], [0, 1], [1, 1]])
    p = np.array([[0.9, 0.2], [0.4, 0.7], [0.6, 0.5]])
    col0 = -(np.log(0.9) + np.log(0.6) + np.log(0.6)) / 3
    col1 = -(np.log(0.8) + np.log(0.7) + np.log(0.5)) / 3
    assert_allclose(log_loss(y, p), (col0 + col1) / 2)


def test_log_loss_zero_probability_is_inf_unless_eps():
    with pytest.warns(UndefinedMetricWarning, match="infinite"):
        assert log_loss([1, 0], [0.0, 0.0]) == np.inf
    assert_allclose(log_loss([1, 0], [0.0, 0.0], eps=1e-15), -np.log(1e-15) / 2)


@pytest.mark.parametrize(
    "y_true, y_prob, kwargs, match",
    [
        ([0, 1], [0.2, 1.2], {}, "outside \\[0, 1\\]"),
        ([0, 1], [-0.1, 0.5], {}, "outside \\[0, 1\\]"),
        ([0, 1], [0.2, np.nan], {}, "y_prob contains 1 non-finite"),
        ([0, 1], [[0.5, 0.6], [0.5, 0.5]], {}, "rows of y_prob must sum to 1"),
        (
            [0, 1, 2],
            [[0.5, 0.5], [0.5, 0.5], [0.5, 0.5]],
            {},
            "2 columns but there are 3",
        ),
        ([0, 0], [0.2, 0.3], {}, "1 class"),
        ([0, 1, 2], [0.2, 0.3, 0.1], {}, "3 class"),
        ([0, 1], [0.2], {}, "Inconsistent numbers"),
        ([0, 3], [[0.5, 0.5], [0.5, 0.5]], {"labels": [0, 1]}, "not in labels"),
        ([0, 1], [0.2, 0.3], {"eps": 0.7}, "eps must be"),
    ],
)
def test_log_loss_bad_input(y_true, y_prob, kwargs, match):
    with pytest.raises(ValueError, match=match):
        log_loss(y_true, y_prob, **kwargs)


def test_log_loss_float32_tolerance():
    p = np.array([[0.1, 0.2, 0.7]], dtype=np.float32)  # sums to 1 within float32
    assert_allclose(
        log_loss([2], p, labels=[0, 1, 2]), -np.log(np.float32(0.7)), rtol=1e-6
    )


@pytest.mark.parametrize(
    "y_true, labels, match",
    [
        ([0, 2], [0, 1], "not in labels"),
        ([1, 1], ["a", "b"], "same type"),
        ([0, 1], [0, 1, 2], "3 class"),
    ],
)
def test_log_loss_binary_labels_checked(y_true, labels, match):
    with pytest.raises(ValueError, match=match):
        log_loss(y_true, [0.5, 0.5], labels=labels)


def test_log_loss_binary_labels_all_positive():
    assert_allclose(
        log_loss([1, 1], [0.5, 0.25], labels=[0, 1]), -(np.log(0.5) + np.log(0.25)) / 2
    )


def test_pandas_inputs():
    pd = pytest.importorskip("pandas")
    y_true = pd.Series(["a", "b", "a"], dtype="category")
    y_pred = pd.Series(["a", "a", "a"])
    assert_array_equal(confusion_matrix(y_true, y_pred), [[2, 0], [1, 0]])
    # class "a": TP 2, FP 1, FN 0 -> F1 = 4/5
    assert_allclose(f1_score(y_true, y_pred, pos_label="a"), 0.8)
    assert_allclose(
        cohen_kappa_score(pd.Series([1, 2, 3]), pd.Series([1, 2, 2]),
                          labels=pd.Index([1, 2, 3])),
        0.5,
    )  # fmt: skip
    assert_allclose(log_loss(pd.Series([0, 1]), pd.Series([0.2, 0.9])),
                    -(np.log(0.8) + np.log(0.9)) / 2)  # fmt: skip


@pytest.mark.parametrize(
    "y_true, y_pred, classes, expected",
    [
        ([1e300, 2e300, 1e300], [2e300, 2e300, 1e300], [1e300, 2e300],
         [[1, 1], [0, 1]]),
        (np.array([2**64 - 1, 0, 0], dtype=np.uint64),
         np.array([0, 0, 2**64 - 1], dtype=np.uint64), [0, 2**64 - 1],
         [[1, 1], [1, 0]]),
        ([-(2**62), 2**62, 2**62], [2**62, 2**62, -(2**62)], [-(2**62), 2**62],
         [[0, 1], [1, 1]]),
    ],
)  # fmt: skip
def test_confusion_matrix_extreme_label_values(y_true, y_pred, classes, expected):
    # whole-number floats beyond 2**53 and uint64 beyond 2**63 must not be folded
    # together by an int64 conversion (rows follow the sorted classes)
    assert_array_equal(confusion_matrix(y_true, y_pred), expected)
    assert_array_equal(confusion_matrix(y_true, y_pred, labels=classes), expected)


def test_confusion_matrix_integer_weights_give_integer_counts():
    cm = confusion_matrix([0, 1, 1], [0, 1, 0], sample_weight=[2, 3, 1])
    assert cm.dtype == np.int64
    assert_array_equal(cm, [[2, 0], [1, 3]])


@pytest.mark.parametrize("eps", [None, 1e-3])
def test_log_loss_leaves_inputs_untouched(eps):
    # the implementation takes logs in place on its own temporary arrays
    y = np.array([0, 1, 1, 0])
    p1 = np.array([0.2, 0.7, 0.9, 0.4])
    p2 = np.c_[1 - p1, p1]
    y_ml = np.c_[y, 1 - y]
    for y_true, prob in ((y, p1), (y, p2), (y_ml, p2)):
        before = prob.copy()
        log_loss(y_true, prob, eps=eps)
        assert_array_equal(prob, before)


@pytest.mark.parametrize(
    "y_true, y_prob, kwargs",
    [
        ([0, 1], [0.0, 1.0], {}),
        ([0, 1], [[1.0, 0.0], [0.0, 1.0]], {}),
        ([0, 1], [0.0, 1.0], {"sample_weight": [1.0, 2.0]}),
    ],
)
def test_log_loss_perfect_prediction_is_positive_zero(y_true, y_prob, kwargs):
    loss = log_loss(y_true, y_prob, **kwargs)
    assert loss == 0.0
    assert np.copysign(1.0, loss) == 1.0  # not -0.0


def test_log_loss_labels_for_classes_absent_from_y_true():
    got = log_loss([2, 2], [[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]], labels=[0, 1, 2])
    assert_allclose(got, 0.458145, atol=1e-6)
    assert_allclose(got, -(np.log(0.5) + np.log(0.8)) / 2)
    with pytest.raises(ValueError, match="3 columns but there are 1 classes"):
        log_loss([2, 2], [[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]])


@pytest.mark.parametrize("weighted", [False, True])
def test_log_loss_normalize_false_is_the_sum(weighted):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 200)
    prob = rng.dirichlet(np.ones(3), 200)
    w = rng.integers(0, 5, 200) if weighted else None
    got = ep.log_loss(y, prob, normalize=False, sample_weight=w)
    want = skm.log_loss(y, prob, normalize=False, sample_weight=w)
    assert_allclose(got, want, rtol=1e-12)
    # by hand: the weighted sum of -log p(true class)
    p_true = prob[np.arange(200), y]
    assert_allclose(got, -np.dot(np.log(p_true), np.ones(200) if w is None else w))
    mean = ep.log_loss(y, prob, sample_weight=w)
    assert_allclose(got, mean * (200 if w is None else w.sum()), rtol=1e-12)


def test_log_loss_normalize_false_binary_and_bad_value():
    assert_allclose(ep.log_loss([1, 0], [0.9, 0.2], normalize=False),
                    -(np.log(0.9) + np.log(0.8)))
    with pytest.raises(ValueError, match="normalize must be True or False"):
        ep.log_loss([1, 0], [0.9, 0.2], normalize="yes")
    # a zero total weight is fine for a sum (it is 0), not for a mean
    assert ep.log_loss([1, 0], [0.9, 0.2], normalize=False, sample_weight=[0, 0]) == 0.0
    with pytest.raises(ValueError, match="sample_weight sums to 0"):
        ep.log_loss([1, 0], [0.9, 0.2], sample_weight=[0, 0])


def test_probabilities_under_scikit_learns_y_proba_keyword():
    """scikit-learn >= 1.7 calls them y_proba: the keyword works, once."""
    from evalplots.metrics import brier_score_loss, log_loss

    y, p = [0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]
    assert brier_score_loss(y, y_proba=p) == brier_score_loss(y, p) == pytest.approx(
        skm.brier_score_loss(y, p))
    assert log_loss(y_true=y, y_proba=p) == log_loss(y, p) == pytest.approx(
        skm.log_loss(y, p))
    for fn in (brier_score_loss, log_loss):
        with pytest.raises(ValueError, match="not both"):
            fn(y, p, y_proba=p)
        with pytest.raises(ValueError, match="not neither"):
            fn(y)


# ---------------------------------------------------------------- the cell kernel

_BIG = np.array([4, 3, 2, 1]) * 10**9  # whole-number weights whose products pass 2**63


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_kappa_with_large_integer_weights_equals_the_float_weight_result(weights):
    from sklearn.metrics import cohen_kappa_score as sk_kappa

    y1, y2 = [0, 1, 2, 0], [0, 1, 1, 0]
    got = cohen_kappa_score(y1, y2, weights=weights, sample_weight=_BIG)
    assert got == cohen_kappa_score(y1, y2, weights=weights,
                                    sample_weight=_BIG.astype(float))
    assert_allclose(got, sk_kappa(y1, y2, weights=weights,
                                  sample_weight=_BIG.astype(float)), rtol=1e-12)
    if weights is None:  # p_o = 0.9, p_e = 0.7 * 0.7 + 0.2 * 0.3 = 0.55 (by hand)
        assert_allclose(got, 2 / 3, rtol=1e-12)


def test_mcc_with_large_integer_weights_equals_the_float_weight_result():
    from sklearn.metrics import matthews_corrcoef as sk_mcc

    y1, y2 = [0, 1, 2, 0], [0, 1, 1, 0]
    got = matthews_corrcoef(y1, y2, sample_weight=_BIG)
    assert got == matthews_corrcoef(y1, y2, sample_weight=_BIG.astype(float))
    assert_allclose(got, sk_mcc(y1, y2, sample_weight=_BIG.astype(float)), rtol=1e-12)


def _stack(rng, m, k, high):
    cells = rng.integers(0, high, size=(m, k, k)).astype(float)
    cells[0, 0] = 0  # a class without samples
    cells[1, :, 0] = 0  # a class never predicted
    cells[2, 0] = 0  # (for k = 2, with cells[2, 1] below: one row only)
    cells[2, :, 0] = 0
    return cells


@pytest.mark.parametrize("k", [2, 3, 9])
def test_cell_scores_of_a_stack_equal_scikit_learn_on_each_matrix(k):
    import warnings

    from sklearn import metrics as sk

    from evalplots.evaluation._common import cell_samples
    from evalplots.metrics.classification._confusion import CellScores

    cells = _stack(np.random.default_rng(k), 12, k, 6)
    scores = CellScores(cells)
    for i, matrix in enumerate(cells):
        t, p, w = cell_samples(matrix.astype(np.int64))
        labels = np.arange(k)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            f1 = sk.f1_score(t, p, labels=labels, average=None, sample_weight=w,
                             zero_division=np.nan)
            expected = {
                "mcc": sk.matthews_corrcoef(t, p, sample_weight=w),
                "balanced_accuracy": sk.balanced_accuracy_score(t, p, sample_weight=w),
            }
        assert_allclose(scores.f1[i], f1, rtol=1e-12)
        defined = ~np.isnan(f1)
        assert_allclose(scores.macro_f1[i], f1[defined].mean(), rtol=1e-12)
        support = matrix.sum(axis=1)[defined]
        assert_allclose(scores.weighted_f1[i], np.average(f1[defined], weights=support)
                        if support.sum() else f1[defined].mean(), rtol=1e-12)
        # scikit-learn gives 0.0 where MCC is 0/0; the kernel gives NaN
        mcc = scores.mcc[i]
        assert (np.isnan(mcc) and expected["mcc"] == 0) or np.isclose(
            mcc, expected["mcc"], rtol=1e-12, atol=0)
        assert_allclose(scores.balanced_accuracy[i], expected["balanced_accuracy"],
                        rtol=1e-12)


def test_binary_cell_mcc_is_matthews_form_for_large_counts():
    from evalplots.metrics.classification._confusion import matthews_from_cells

    cells = np.array([[[9 * 10**8, 3 * 10**8], [10**8, 7 * 10**8]]], dtype=np.int64)
    (tn, fp), (fn, tp) = (map(int, row) for row in cells[0])
    num = tp * tn - fp * fn  # Python ints: exact
    den = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
    assert_allclose(matthews_from_cells(cells), [num / den**0.5], rtol=1e-14)


def test_scalar_metrics_and_the_kernel_agree_bit_for_bit():
    from evalplots.metrics import balanced_accuracy_score
    from evalplots.metrics.classification._confusion import CellScores

    rng = np.random.default_rng(5)
    for k in (2, 4, 11):
        t, p = rng.integers(0, k, 300), rng.integers(0, k, 300)
        w = rng.random(300)
        cm = confusion_matrix(t, p, labels=np.arange(k), sample_weight=w)
        scores = CellScores(cm[None])
        assert scores.mcc[0] == matthews_corrcoef(t, p, sample_weight=w)
        assert scores.balanced_accuracy[0] == balanced_accuracy_score(t, p, sample_weight=w)
        assert_array_equal(scores.f1[0], f1_score(t, p, average=None, sample_weight=w))


# ---------------------------------------------------------------- exact integer weights


def test_integer_weights_give_exact_int64_counts():
    w = np.full(3, 2**53 + 1)
    cm = ep.confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=w)
    assert cm.dtype == np.int64
    assert cm[0, 0] == 9007199254740993  # float64 would give ...992
    assert cm[1, 1] == 2 * (2**53 + 1)
    assert cm[0, 1] == cm[1, 0] == 0
    # the same through the label-encoding path (strings, labels=)
    cm = ep.confusion_matrix(["a", "b", "b"], ["a", "b", "b"], sample_weight=w)
    assert cm.tolist() == [[2**53 + 1, 0], [0, 2 * (2**53 + 1)]]
    cm = ep.confusion_matrix([0, 1, 1], [0, 1, 1], labels=[1, 0], sample_weight=w)
    assert cm.tolist() == [[2 * (2**53 + 1), 0], [0, 2**53 + 1]]


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint16, bool])
def test_small_integer_weights_match_scikit_learn(dtype):
    rng = np.random.default_rng(1)
    t, p = rng.integers(0, 4, 500), rng.integers(0, 4, 500)
    w = rng.integers(0, 3, 500).astype(dtype)
    got = ep.confusion_matrix(t, p, sample_weight=w)
    want = skm.confusion_matrix(t, p, sample_weight=w)
    assert got.dtype == np.int64
    np.testing.assert_array_equal(got, want)
    # by hand: the weighted count of each cell
    by_hand = np.zeros((4, 4), dtype=np.int64)
    for ti, pi, wi in zip(t, p, w.astype(np.int64)):
        by_hand[ti, pi] += wi
    np.testing.assert_array_equal(got, by_hand)


def test_float_weights_stay_float():
    cm = ep.confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=[0.5, 1.0, 2.0])
    assert cm.dtype == np.float64
    assert cm.tolist() == [[0.5, 0.0], [0.0, 3.0]]
    whole = ep.confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=[1.0, 1.0, 2.0])
    assert whole.dtype == np.float64  # float weights, float counts (as scikit-learn)


def test_int64_overflow_raises_naming_sample_weight():
    # scikit-learn (and evalplots before) wrap to -2**63 with a RuntimeWarning
    with pytest.raises(ValueError, match=r"sample_weight sums to 13835058055282163712, which overflows"):
        ep.confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=np.full(3, 2**62))
    with pytest.raises(ValueError, match="sample_weight holds 18446744073709551615"):
        ep.confusion_matrix([0, 1], [0, 1], sample_weight=np.array([1, 2**64 - 1], np.uint64))
    for metric in (ep.precision_score, ep.matthews_corrcoef, ep.cohen_kappa_score):
        with pytest.raises(ValueError, match="overflows the int64 counts"):
            metric([0, 1, 1], [0, 1, 1], sample_weight=np.full(3, 2**62))
    # the largest total that fits is fine, and exact
    w = np.array([2**62, 2**62 - 1], dtype=np.int64)
    cm = ep.confusion_matrix([0, 0], [0, 0], sample_weight=w)
    assert cm.tolist() == [[2**63 - 1]]


def test_metrics_counting_through_the_matrix_use_the_exact_counts():
    w = np.array([2**53 + 1, 1, 2**53 + 1, 3])
    t, p = [0, 1, 1, 0], [0, 1, 0, 0]
    prec, rec, f, support = ep.precision_recall_fscore_support(t, p, sample_weight=w)
    assert support.tolist() == [2**53 + 4, 2**53 + 2]  # exact integers
    assert_allclose(rec, [1.0, 1 / (2**53 + 2)])
    assert_allclose(prec, skm.precision_score(t, p, sample_weight=w, average=None))
