"""Regression metrics: hand computations, scikit-learn, and strict input checks."""

import numpy as np
import pytest
from numpy.testing import assert_allclose

import evalplots.metrics as M
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_percentage_error,
    mean_squared_error,
    mean_squared_log_error,
    r2_score,
    root_mean_squared_error,
    root_mean_squared_log_error,
)
from evalplots.metrics.regression import _regression

REGRESSION_NAMES = _regression.__all__
ALL = [getattr(M, name) for name in REGRESSION_NAMES]

Y_TRUE = [1.0, 2.0, 4.0]
Y_PRED = [2.0, 2.0, 2.0]
W = [1.0, 2.0, 1.0]


@pytest.mark.parametrize(
    "func, expected",
    [
        # errors (true - pred): -1, 0, 2
        (mean_absolute_error, (1 + 0 + 2) / 3),
        (M.mean_squared_error, (1 + 0 + 4) / 3),
        (M.root_mean_squared_error, np.sqrt(5 / 3)),
        (
            M.mean_squared_log_error,
            ((np.log(2) - np.log(3)) ** 2 + 0 + (np.log(5) - np.log(3)) ** 2) / 3,
        ),
        (
            M.root_mean_squared_log_error,
            np.sqrt(((np.log(2) - np.log(3)) ** 2 + (np.log(5) - np.log(3)) ** 2) / 3),
        ),
        (mean_percentage_error, (-1 / 1 + 0 + 2 / 4) / 3),
        (M.mean_absolute_percentage_error, (1 / 1 + 0 + 2 / 4) / 3),
        # mean 7/3; SS_tot = (16 + 1 + 25)/9 = 42/9; SS_res = 5
        (r2_score, 1 - 5 / (42 / 9)),
    ],
)
def test_values_by_hand(func, expected):
    got = func(Y_TRUE, Y_PRED)
    assert type(got) is float
    assert_allclose(got, expected)


@pytest.mark.parametrize("func", ALL)
def test_sample_weight_equals_repetition(func):
    rep_t = np.repeat(Y_TRUE, [1, 2, 1])
    rep_p = np.repeat(Y_PRED, [1, 2, 1])
    assert_allclose(func(Y_TRUE, Y_PRED, sample_weight=W), func(rep_t, rep_p))


@pytest.mark.parametrize(
    "name", [n for n in REGRESSION_NAMES if n != "mean_percentage_error"]
)
def test_against_scikit_learn(name):
    import sklearn.metrics as skm

    import evalplots.metrics as ours

    rng = np.random.default_rng(0)
    y_true = rng.uniform(0.5, 10, 200)
    y_pred = y_true + rng.normal(0, 1, 200).clip(-0.4, None)
    w = rng.uniform(0, 2, 200)
    for weight in (None, w):
        assert_allclose(
            getattr(ours, name)(y_true, y_pred, sample_weight=weight),
            getattr(skm, name)(y_true, y_pred, sample_weight=weight),
            rtol=1e-12,
        )


def test_mpe_sign_convention():
    # true - pred: under-prediction is positive
    assert mean_percentage_error([10.0], [8.0]) == pytest.approx(0.2)
    assert mean_percentage_error([10.0], [12.0]) == pytest.approx(-0.2)


def test_r2_constant_y_true():
    with pytest.warns(UndefinedMetricWarning):
        assert r2_score([2, 2], [2, 2]) == 1.0
    with pytest.warns(UndefinedMetricWarning):
        assert r2_score([2, 2], [1, 2]) == 0.0
    with pytest.warns(UndefinedMetricWarning):
        assert r2_score([2, 2], [1, 2], force_finite=False) == -np.inf


@pytest.mark.parametrize("func", ALL)
@pytest.mark.parametrize(
    "y_true, y_pred, kwargs, match",
    [
        ([1.0, 2.0], [1.0], {}, "Inconsistent numbers of samples"),
        ([], [], {}, "y_true is empty"),
        ([[1.0], [2.0]], [1.0, 2.0], {}, "y_true must be 1-D"),
        ([1.0, 2.0], [[1.0], [2.0]], {}, "y_pred must be 1-D"),
        ([1.0, np.inf], [1.0, 2.0], {}, "y_true contains 1 non-finite"),
        ([1.0, 2.0], [np.nan, 2.0], {}, "y_pred contains 1 non-finite"),
        (["a", "b"], [1.0, 2.0], {}, "y_true must be numeric"),
        ([1.0, 2.0], [1.0, 2.0], {"sample_weight": [-1, 1]}, "negative"),
        ([1.0, 2.0], [1.0, 2.0], {"sample_weight": [0, 0]}, "sums to 0"),
    ],
)
def test_bad_input(func, y_true, y_pred, kwargs, match):
    with pytest.raises(ValueError, match=match):
        func(y_true, y_pred, **kwargs)


def test_pandas_series_accepted():
    pd = pytest.importorskip("pandas")
    assert mean_absolute_error(pd.Series([1, 2]), pd.Series([2, 2])) == 0.5


def test_r2_single_sample_is_nan():
    with pytest.warns(UndefinedMetricWarning, match="fewer than two"):
        assert np.isnan(r2_score([1.0], [1.0]))


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
