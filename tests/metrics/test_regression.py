"""Regression metrics: hand computations, scikit-learn, and strict input checks;
multioutput averages against scikit-learn."""

import numpy as np
import pytest
import sklearn.metrics as skm
from numpy.testing import assert_allclose

import evalplots.metrics as M
import evalplots.metrics as ep
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

from tests.support import _sk

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


_REG_SHARED = [
    "mean_absolute_error",
    "mean_squared_error",
    "root_mean_squared_error",
    "mean_squared_log_error",
    "root_mean_squared_log_error",
    "mean_absolute_percentage_error",
    "r2_score",
]


def _multi_targets(n=60, k=3, seed=0):
    rng = np.random.default_rng(seed)
    t = rng.uniform(0.5, 10, (n, k))
    p = t + rng.normal(0, 1, (n, k)).clip(-0.4, None) * np.arange(1, k + 1)
    return t, p, rng.uniform(0, 2, n)


@pytest.mark.parametrize("name", _REG_SHARED)
@pytest.mark.parametrize("multioutput", ["raw_values", "uniform_average", [0.2, 0.5, 0.3]])
@pytest.mark.parametrize("weighted", [False, True])
def test_multioutput_matches_scikit_learn(name, multioutput, weighted):
    t, p, w = _multi_targets()
    w = w if weighted else None
    got = getattr(ep, name)(t, p, sample_weight=w, multioutput=multioutput)
    want = getattr(skm, name)(t, p, sample_weight=w, multioutput=multioutput)
    if multioutput == "raw_values":
        assert isinstance(got, np.ndarray) and got.shape == (3,)
    else:
        assert type(got) is float
    assert_allclose(got, want, rtol=1e-12)


@pytest.mark.parametrize("name", _REG_SHARED + ["mean_percentage_error"])
def test_multioutput_is_the_metric_of_each_column(name):
    t, p, w = _multi_targets(seed=1)
    func = getattr(ep, name)
    raw = func(t, p, sample_weight=w, multioutput="raw_values")
    by_column = [func(t[:, j], p[:, j], sample_weight=w) for j in range(3)]
    assert_allclose(raw, by_column, rtol=1e-13)
    assert_allclose(func(t, p, sample_weight=w), np.mean(by_column), rtol=1e-13)
    assert_allclose(func(t, p, sample_weight=w, multioutput=[1, 0, 3]),
                    (by_column[0] + 3 * by_column[2]) / 4, rtol=1e-13)
    # one output: raw_values is an array of shape (1,), as scikit-learn
    one = func(t[:, 0], p[:, 0], multioutput="raw_values")
    assert one.shape == (1,) and one[0] == func(t[:, 0], p[:, 0])


def test_r2_variance_weighted_by_hand_and_scikit_learn():
    t = np.array([[0.5, 1], [-1, 1], [7, -6]])
    p = np.array([[0, 2], [-1, 2], [8, -5]])
    ss_res = ((t - p) ** 2).sum(axis=0)
    ss_tot = ((t - t.mean(axis=0)) ** 2).sum(axis=0)
    pooled = 1 - ss_res.sum() / ss_tot.sum()
    got = ep.r2_score(t, p, multioutput="variance_weighted")
    assert_allclose(got, pooled, rtol=1e-14)
    assert_allclose(got, skm.r2_score(t, p, multioutput="variance_weighted"), rtol=1e-14)
    assert_allclose(ep.r2_score(t, p, multioutput="raw_values"), 1 - ss_res / ss_tot)


@pytest.mark.parametrize("force_finite", [True, False])
@pytest.mark.parametrize("multioutput", ["raw_values", "uniform_average", "variance_weighted"])
def test_r2_multioutput_with_a_constant_output(force_finite, multioutput):
    t = np.array([[1.0, 2.0, 3.0], [2.0, 2.0, 3.0], [4.0, 2.0, 3.0]])
    p = np.array([[1.5, 2.0, 3.5], [2.0, 2.0, 3.0], [3.0, 2.0, 3.0]])
    with pytest.warns(UndefinedMetricWarning, match="for 2 output"):
        got = ep.r2_score(t, p, multioutput=multioutput, force_finite=force_finite)
    want = _sk(skm.r2_score, t, p, multioutput=multioutput, force_finite=force_finite)
    assert_allclose(got, want, equal_nan=True)
    with pytest.warns(UndefinedMetricWarning):
        all_constant = ep.r2_score(t[:, 1:], p[:, 1:], multioutput="variance_weighted")
    assert all_constant == _sk(skm.r2_score, t[:, 1:], p[:, 1:], multioutput="variance_weighted")
    assert all_constant == 0.5  # (1.0 + 0.0) / 2: uniform weights when all are constant


@pytest.mark.parametrize("name", _REG_SHARED + ["mean_percentage_error"])
@pytest.mark.parametrize(
    "y_true, y_pred, kwargs, match",
    [
        ([[1.0, 2.0]] * 2, [[1.0, 2.0, 3.0]] * 2, {}, "y_true has 2 outputs .* y_pred has 3"),
        ([[1.0, 2.0]] * 2, [1.0, 2.0], {}, "y_true must be 1-D like y_pred"),
        ([1.0, 2.0], [[1.0], [2.0]], {}, "y_pred must be 1-D like y_true"),
        ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"multioutput": "variance"}, "multioutput must be one of"),
        ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"multioutput": [1.0]}, "multioutput has 1 weights but there are 2 outputs"),
        ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"multioutput": [1.0, -1.0]}, "must be >= 0 with a positive sum"),
        ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"multioutput": [0, 0]}, "must be >= 0 with a positive sum"),
        ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"multioutput": [1.0, np.nan]}, "multioutput contains 1 non-finite"),
        ([1.0, 2.0], [1.0, 2.0], {"multioutput": [1.0]}, "need several outputs"),
        ([[1.0, 2.0], [1.0, np.inf]], [[1.0, 2.0]] * 2, {}, "y_true contains 1 non-finite"),
        (np.ones((2, 0)), np.ones((2, 0)), {}, "y_true is empty"),
        (np.ones((2, 2, 2)), np.ones((2, 2, 2)), {}, "y_true must be 1-D"),
    ],
)
def test_multioutput_bad_input(name, y_true, y_pred, kwargs, match):
    with pytest.raises(ValueError, match=match):
        getattr(ep, name)(y_true, y_pred, **kwargs)


def test_variance_weighted_only_for_r2():
    t, p, _ = _multi_targets()
    with pytest.raises(ValueError, match="multioutput must be one of"):
        ep.mean_absolute_error(t, p, multioutput="variance_weighted")


def test_multioutput_zero_and_log_checks_name_the_cell():
    with pytest.raises(ValueError, match=r"first at index \(1, 0\)"):
        ep.mean_absolute_percentage_error([[1.0, 2.0], [0.0, 1.0]], [[1.0, 2.0]] * 2)
    with pytest.raises(ValueError, match=r"first -2.0 at index \(0, 1\)"):
        ep.mean_squared_log_error([[1.0, -2.0], [0.0, 1.0]], [[1.0, 2.0]] * 2)
