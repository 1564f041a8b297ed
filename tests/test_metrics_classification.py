"""Classification count metrics: values against hand computations and scikit-learn."""

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

from evalplots.metrics import confusion_matrix

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


def test_confusion_matrix_fractional_float_labels():
    # scikit-learn refuses these ("continuous"); as labels they are just two classes.
    assert_array_equal(confusion_matrix([1.0, 2.5, 2.5], [2.5, 2.5, 1.0]),
                       [[0, 1], [1, 1]])


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
        cm = confusion_matrix([0, 0, 0, 1], [0, 1, 1, 1], labels=[0, 1, 2],
                              normalize=normalize)
    assert_allclose(cm, expected)
    assert np.isfinite(cm).all()


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (dict(y_true=[0, 1], y_pred=[0, 1, 1]), "Inconsistent numbers of samples"),
        (dict(y_true=[], y_pred=[]), "y_true is empty"),
        (dict(y_true=[[0, 1]], y_pred=[[0, 1]]), "y_true must be 1-D"),
        (dict(y_true=[0, 1], y_pred=["a", "b"]), "one type"),
        (dict(y_true=[0.0, np.nan], y_pred=[0, 1]), "y_true contains NaN"),
        (dict(y_true=[0, 1], y_pred=[0, 1], labels=[5, 6]), "None of labels"),
        (dict(y_true=[0, 1], y_pred=[0, 1], labels=[0, 0, 1]), "duplicate"),
        (dict(y_true=[0, 2], y_pred=[0, 1], labels=[0, 1]), "y_true contains 1 value"),
        (dict(y_true=[0, 1], y_pred=[0, 1], labels=["a", "b"]), "same type"),
        (dict(y_true=[0, 1], y_pred=[0, 1], normalize="rows"), "normalize must be"),
        (dict(y_true=[0, 1], y_pred=[0, 1], sample_weight=[1]), "sample_weight has 1"),
    ],
)
def test_confusion_matrix_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        confusion_matrix(**kwargs)
