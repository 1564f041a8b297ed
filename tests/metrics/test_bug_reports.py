"""Inputs from public bug reports, each with its right answer.

Each test fixes the whole kind of fault, not only the example: where a report is
about one function, the sibling functions sharing the code path are checked too.
"""

import warnings

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    average_precision_at_k,
    cohen_kappa_score,
    confusion_matrix,
    f1_score,
    fbeta_score,
    log_loss,
    matthews_corrcoef,
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_percentage_error,
    mean_squared_error,
    mean_squared_log_error,
    precision_at_k,
    precision_recall_fscore_support,
    precision_score,
    r2_score,
    recall_score,
    root_mean_squared_error,
    root_mean_squared_log_error,
)

REGRESSION = [
    mean_absolute_error,
    mean_squared_error,
    root_mean_squared_error,
    mean_squared_log_error,
    root_mean_squared_log_error,
    mean_percentage_error,
    mean_absolute_percentage_error,
    r2_score,
]

# ------------------------------------------------------------- zero_division (0/0)


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


# ------------------------------------------------------------------ F averages, β


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


# ------------------------------------------------------------------------ log loss


def test_log_loss_labels_for_classes_absent_from_y_true():
    got = log_loss([2, 2], [[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]], labels=[0, 1, 2])
    assert_allclose(got, 0.458145, atol=1e-6)
    assert_allclose(got, -(np.log(0.5) + np.log(0.8)) / 2)
    with pytest.raises(ValueError, match="3 columns but there are 1 classes"):
        log_loss([2, 2], [[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]])


# --------------------------------------------------------------------------- MCC


def test_mcc_constant_prediction_is_zero_with_warning():
    with pytest.warns(UndefinedMetricWarning, match="Matthews"):
        assert matthews_corrcoef([1, 1, 0, 0], [1, 1, 1, 1]) == 0.0
    # the same 0/0 when y_true is constant
    with pytest.warns(UndefinedMetricWarning):
        assert matthews_corrcoef([1, 1, 1, 1], [1, 0, 1, 0]) == 0.0


def test_mcc_total_disagreement_is_minus_one():
    assert matthews_corrcoef([1, 1, 0, 0], [0, 0, 1, 1]) == -1.0
    assert matthews_corrcoef(["a", "a", "b"], ["b", "b", "a"]) == -1.0


# ----------------------------------------------------------------------- QWK


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


# ----------------------------------------------------------- confusion matrices


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


# --------------------------------------------------------------------- regression


def test_mape_is_a_fraction():
    assert_allclose(
        mean_absolute_percentage_error([1, 2, 3], [1, 1, 1]), 0.388889, atol=1e-6
    )


@pytest.mark.parametrize(
    "func", [mean_absolute_percentage_error, mean_percentage_error]
)
def test_percentage_errors_refuse_zero_in_y_true(func):
    with pytest.raises(ValueError, match="y_true contains 1 zero"):
        func([1.0, 0.0, 3.0], [1.0, 1.0, 1.0])


@pytest.mark.parametrize("func", [mean_squared_log_error, root_mean_squared_log_error])
@pytest.mark.parametrize(
    "y_true, y_pred, name",
    [
        ([1.0, -1.0], [1.0, 2.0], "y_true"),
        ([1.0, 2.0], [-1.5, 2.0], "y_pred"),
        ([-3.0, 2.0], [-2.0, 2.0], "y_true"),
    ],
)
def test_log_errors_refuse_values_at_or_below_minus_one(func, y_true, y_pred, name):
    with pytest.raises(ValueError, match=f"{name} contains 1 value"):
        func(y_true, y_pred)
    # values in (-1, 0) are fine: log1p is defined
    assert np.isfinite(func([-0.5, 1.0], [0.0, 1.0]))


@pytest.mark.parametrize("func", REGRESSION)
def test_column_vector_never_broadcast(func):
    # (3, 1) against (3,) would broadcast to (3, 3): MSE 2.333 instead of 0.333
    with pytest.raises(ValueError, match="y_true must be 1-D"):
        func([[1], [2], [3]], [1, 2, 4])
    with pytest.raises(ValueError, match="y_pred must be 1-D"):
        func([1, 2, 4], [[1], [2], [3]])


@pytest.mark.parametrize("func", REGRESSION)
def test_nan_in_y_pred_names_y_pred(func):
    with pytest.raises(ValueError, match="y_pred contains 1 non-finite"):
        func([1.0, 2.0, 3.0], [1.0, np.nan, 3.0])


# ------------------------------------------------------------------------- top-k


def test_ap_at_k_ranked_hits():
    # hits at ranks 1 and 3: (1/1 + 2/3) / min(3, 3)
    got = average_precision_at_k([1, 2, 3], [1, 99, 3], k=3)
    assert_allclose(got, 0.555556, atol=1e-6)
    assert_allclose(got, (1 + 2 / 3) / 3)


def test_p_at_k_divides_by_k_not_by_prediction_length():
    assert_allclose(precision_at_k([1, 2], [1], k=3), 1 / 3)


def test_mcc_large_n_no_integer_overflow():
    # found by the differential tests: (s^2 - p.p)(s^2 - t.t) overflowed int64
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 5, 100_000)
    y_pred = np.where(rng.random(100_000) < 0.7, y_true, rng.integers(0, 5, 100_000))
    from sklearn.metrics import matthews_corrcoef as sk_mcc

    assert_allclose(matthews_corrcoef(y_true, y_pred), sk_mcc(y_true, y_pred))
    assert -1 <= matthews_corrcoef(y_true, y_pred) <= 1
