"""Regression metrics: absolute, squared, logarithmic and percentage errors, R².

Inputs are 1-D: a column vector of shape (n, 1) is refused (never broadcast
against (n,)), and multi-output targets are not supported.
"""

import warnings

import numpy as np

from evalplots._docstrings import REGRESSION_PARAMS, fill_doc
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite,
    check_sample_weight,
)

__all__ = [
    "mean_absolute_error",
    "mean_absolute_percentage_error",
    "mean_percentage_error",
    "mean_squared_error",
    "mean_squared_log_error",
    "r2_score",
    "root_mean_squared_error",
    "root_mean_squared_log_error",
]

_PARAMS = REGRESSION_PARAMS + """
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample; the mean becomes a weighted mean."""

_RAISES = """ValueError
        If an input is empty, not 1-D (a column of shape (n, 1) included: pass
        ``y.ravel()``), of a different length, non-numeric or holds NaN/inf; if
        ``sample_weight`` is invalid or sums to 0."""

_SECTIONS = """Parameters
    ----------
    %(params)s%(extra_params)s

    Returns
    -------
    %(returns)s : float%(returns_note)s

    Raises
    ------
    %(raises)s%(extra_raises)s"""


def _doc(returns, *, returns_note="", extra_params="", extra_raises=""):
    """Fill ``%(sections)s`` with the Parameters, Returns and Raises of one metric."""
    sections = _SECTIONS
    for key, text in (
        ("extra_params", extra_params),
        ("returns", returns),
        ("returns_note", returns_note),
        ("extra_raises", extra_raises),
    ):
        sections = sections.replace(f"%({key})s", text)
    return fill_doc(sections=sections, params=_PARAMS, raises=_RAISES)


def _check(y_true, y_pred, sample_weight):
    t = check_finite(as_1d(y_true, "y_true"), "y_true")
    p = check_finite(as_1d(y_pred, "y_pred"), "y_pred")
    check_consistent_length(y_true=t, y_pred=p)
    w = check_sample_weight(sample_weight, t.shape[0])
    if w is not None and w.sum() == 0:
        raise ValueError("sample_weight sums to 0; give some sample a positive weight.")
    return t, p, w


def _mean(values, w):
    return float(np.average(values, weights=w))


def _check_no_zero(t):
    zero = np.flatnonzero(t == 0)
    if zero.size:
        raise ValueError(
            f"y_true contains {zero.size} zero(s), first at index {zero[0]}; a "
            f"percentage error divides by y_true and is undefined there. Drop those "
            f"samples or use mean_absolute_error."
        )


@_doc("mae")
def mean_absolute_error(y_true, y_pred, *, sample_weight=None):
    """Mean absolute error (MAE), in the unit of the target.

    %(sections)s

    Notes
    -----
    :math:`\\mathrm{MAE} = \\sum_i w_i |y_i - \\hat y_i| / \\sum_i w_i` (Thakur,
    *Approaching (Almost) Any Machine Learning Problem*, ch. "Evaluation metrics").

    Examples
    --------
    >>> from evalplots.metrics import mean_absolute_error
    >>> mean_absolute_error([3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0])
    0.5
    """
    t, p, w = _check(y_true, y_pred, sample_weight)
    return _mean(np.abs(t - p), w)


@_doc("mse")
def mean_squared_error(y_true, y_pred, *, sample_weight=None):
    """Mean squared error (MSE), in the squared unit of the target.

    %(sections)s

    Notes
    -----
    :math:`\\mathrm{MSE} = \\sum_i w_i (y_i - \\hat y_i)^2 / \\sum_i w_i` (Thakur,
    ch. "Evaluation metrics"; Zhou Zhihua, *Machine Learning*, §2.3, eq. 2.2).

    Examples
    --------
    >>> from evalplots.metrics import mean_squared_error
    >>> mean_squared_error([3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0])
    0.375
    """
    t, p, w = _check(y_true, y_pred, sample_weight)
    return _mean((t - p) ** 2, w)


@_doc("rmse")
def root_mean_squared_error(y_true, y_pred, *, sample_weight=None):
    """Root mean squared error (RMSE), in the unit of the target.

    %(sections)s

    Notes
    -----
    :math:`\\mathrm{RMSE} = \\sqrt{\\mathrm{MSE}}` (Thakur, ch. "Evaluation metrics").

    Examples
    --------
    >>> from evalplots.metrics import root_mean_squared_error
    >>> root_mean_squared_error([1.0, 2.0, 3.0], [1.0, 2.0, 5.0])
    1.1547005383792515
    """
    return float(
        np.sqrt(mean_squared_error(y_true, y_pred, sample_weight=sample_weight))
    )


def _log1p_checked(t, p):
    for name, a in (("y_true", t), ("y_pred", p)):
        bad = np.flatnonzero(a <= -1)
        if bad.size:
            raise ValueError(
                f"{name} contains {bad.size} value(s) <= -1 (first {a[bad[0]]} at index "
                f"{bad[0]}); log(1 + y) is undefined there. The squared log error is "
                f"meant for non-negative targets such as counts or prices."
            )
    return np.log1p(t), np.log1p(p)


@_doc(
    "msle",
    extra_raises="""
        Also if any value of ``y_true`` or ``y_pred`` is <= -1.""",
)
def mean_squared_log_error(y_true, y_pred, *, sample_weight=None):
    """Mean squared logarithmic error (MSLE): the MSE of ``log(1 + y)``.

    %(sections)s

    Notes
    -----
    :math:`\\mathrm{MSLE} = \\sum_i w_i (\\log(1+y_i) - \\log(1+\\hat y_i))^2 / \\sum_i
    w_i` (Thakur, ch. "Evaluation metrics"). It penalises relative rather than
    absolute errors, and under-prediction more than over-prediction.

    Examples
    --------
    >>> from evalplots.metrics import mean_squared_log_error
    >>> round(mean_squared_log_error([3, 5, 2.5, 7], [2.5, 5, 4, 8]), 6)
    0.039730
    """
    t, p, w = _check(y_true, y_pred, sample_weight)
    lt, lp = _log1p_checked(t, p)
    return _mean((lt - lp) ** 2, w)


@_doc(
    "rmsle",
    extra_raises="""
        Also if any value of ``y_true`` or ``y_pred`` is <= -1.""",
)
def root_mean_squared_log_error(y_true, y_pred, *, sample_weight=None):
    """Root mean squared logarithmic error (RMSLE): the square root of the MSLE.

    %(sections)s

    Notes
    -----
    :math:`\\mathrm{RMSLE} = \\sqrt{\\mathrm{MSLE}}` (Thakur, ch. "Evaluation metrics").

    Examples
    --------
    >>> from evalplots.metrics import root_mean_squared_log_error
    >>> round(root_mean_squared_log_error([3, 5, 2.5, 7], [2.5, 5, 4, 8]), 6)
    0.199324
    """
    msle = mean_squared_log_error(y_true, y_pred, sample_weight=sample_weight)
    return float(np.sqrt(msle))


@_doc(
    "mpe",
    returns_note="""
        A fraction (multiply by 100 for percent). Sign convention: error = true −
        predicted, so a positive MPE means the model under-predicts on average
        (for positive targets) and a negative MPE that it over-predicts.""",
    extra_raises="""
        Also if ``y_true`` contains 0.""",
)
def mean_percentage_error(y_true, y_pred, *, sample_weight=None):
    """Mean percentage error (MPE), a signed fraction: the bias relative to the truth.

    %(sections)s

    Notes
    -----
    :math:`\\mathrm{MPE} = \\sum_i w_i (y_i - \\hat y_i)/y_i / \\sum_i w_i` (Thakur,
    ch. "Evaluation metrics", "percentage error", whose code returns the fraction
    and whose formula multiplies by 100). No scikit-learn counterpart.

    Examples
    --------
    >>> from evalplots.metrics import mean_percentage_error
    >>> mean_percentage_error([100.0, 200.0], [90.0, 220.0])  # +10 % and -10 %
    0.0
    >>> mean_percentage_error([100.0, 200.0], [90.0, 180.0])  # under-predicts
    0.1
    """
    t, p, w = _check(y_true, y_pred, sample_weight)
    _check_no_zero(t)
    return _mean((t - p) / t, w)


@_doc(
    "mape",
    returns_note="""
        A non-negative fraction, as scikit-learn returns it: 0.1 means 10 %.""",
    extra_raises="""
        Also if ``y_true`` contains 0 (scikit-learn instead divides by machine
        epsilon and returns a huge finite number).""",
)
def mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None):
    """Mean absolute percentage error (MAPE), as a fraction (not in percent).

    %(sections)s

    Notes
    -----
    :math:`\\mathrm{MAPE} = \\sum_i w_i |y_i - \\hat y_i|/|y_i| / \\sum_i w_i`
    (Thakur, ch. "Evaluation metrics"; Thakur's code divides by :math:`y_i`, not
    :math:`|y_i|`, which differs only for negative targets).

    Examples
    --------
    >>> from evalplots.metrics import mean_absolute_percentage_error
    >>> round(mean_absolute_percentage_error([1, 2, 3], [1, 1, 1]), 6)
    0.388889
    """
    t, p, w = _check(y_true, y_pred, sample_weight)
    _check_no_zero(t)
    return _mean(np.abs(t - p) / np.abs(t), w)


@_doc(
    "r2",
    extra_params="""
    force_finite : bool, default=True
        What to return when ``y_true`` is constant (zero variance, R² undefined):
        True gives 1.0 for a perfect prediction and 0.0 otherwise (scikit-learn's
        rule); False gives NaN (perfect) or -inf. Either way an
        UndefinedMetricWarning is raised. With a single sample R² is NaN (with
        the warning), as in scikit-learn.""",
    returns_note="""
        At most 1; 0 for predicting the (weighted) mean; negative when worse.""",
)
def r2_score(y_true, y_pred, *, sample_weight=None, force_finite=True):
    """Coefficient of determination R²: the fraction of variance explained.

    %(sections)s

    Notes
    -----
    :math:`R^2 = 1 - \\sum_i w_i (y_i - \\hat y_i)^2 / \\sum_i w_i (y_i - \\bar y)^2`
    with :math:`\\bar y` the weighted mean of ``y_true`` (Thakur, ch. "Evaluation
    metrics", fig. 10).

    Examples
    --------
    >>> from evalplots.metrics import r2_score
    >>> round(r2_score([3, -0.5, 2, 7], [2.5, 0.0, 2, 8]), 6)
    0.948608
    """
    t, p, w = _check(y_true, y_pred, sample_weight)
    if t.shape[0] < 2:
        warnings.warn(
            "R^2 is undefined with fewer than two samples; returning NaN.",
            UndefinedMetricWarning,
            stacklevel=2,
        )
        return float("nan")
    ss_res = float(np.average((t - p) ** 2, weights=w))
    ss_tot = float(np.average((t - np.average(t, weights=w)) ** 2, weights=w))
    if ss_tot != 0:
        return 1.0 - ss_res / ss_tot
    warnings.warn(
        "R^2 is undefined (0/0 or x/0): y_true is constant; "
        f"returning {'the force_finite value' if force_finite else 'NaN/-inf'}.",
        UndefinedMetricWarning,
        stacklevel=2,
    )
    if force_finite:
        return 1.0 if ss_res == 0 else 0.0
    return float("nan") if ss_res == 0 else float("-inf")
