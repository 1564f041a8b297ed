"""Regression metrics: absolute, squared, logarithmic and percentage errors, R².

Single output: ``y_true`` and ``y_pred`` 1-D. Several outputs: both 2-D of shape
(n_samples, n_outputs); each metric is computed per output (column) and combined
as ``multioutput`` says, as in scikit-learn. A column vector (n, 1) is never
broadcast against (n,): the two arguments must have the same number of dimensions.
"""

import warnings

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite,
    check_sample_weight,
    check_weight_total,
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

_OUTPUT_MODES = ("raw_values", "uniform_average")

_PARAMS = """y_true : array-like of shape (n_samples,) or (n_samples, n_outputs)
        True target values (finite numbers).
    y_pred : array-like of shape (n_samples,) or (n_samples, n_outputs)
        Predicted values, in the unit of ``y_true`` and of the same shape.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample; the mean becomes a weighted mean.
    multioutput : {'raw_values', 'uniform_average'} or array-like, default='uniform_average'
        How the per-output values are combined: 'raw_values' returns them all
        (an array, also of shape (1,) for 1-D inputs); 'uniform_average' their
        mean; an array of shape (n_outputs,) of non-negative weights (with a
        positive sum) their weighted mean."""

_RAISES = """ValueError
        If an input is empty, neither 1-D nor 2-D, of a different shape than the
        other (a column of shape (n, 1) against (n,) included: pass
        ``y.ravel()``), non-numeric or holds NaN/inf; if ``sample_weight`` is
        invalid or sums to 0; if ``multioutput`` is unknown, or weights that are
        negative, non-finite, sum to 0, do not have one entry per output, or are
        given for a single output."""

_SECTIONS = """Parameters
    ----------
    %(params)s%(extra_params)s

    Returns
    -------
    %(returns)s : float or ndarray of shape (n_outputs,)%(returns_note)s
        An ndarray only with ``multioutput='raw_values'``.

    Raises
    ------
    %(raises)s%(extra_raises)s"""


def _doc(returns, *, returns_note="", extra_params="", extra_raises="", modes="",
         modes_note=""):  # fmt: skip
    """Fill ``%(sections)s`` with the Parameters, Returns and Raises of one metric."""
    sections = _SECTIONS
    for key, text in (
        ("extra_params", extra_params),
        ("returns", returns),
        ("returns_note", returns_note),
        ("extra_raises", extra_raises),
    ):
        sections = sections.replace(f"%({key})s", text)
    params = _PARAMS
    if modes:
        params = params.replace("{'raw_values', 'uniform_average'}", modes)
        params = params.replace("        weighted mean.", "        weighted mean;" + modes_note)
    return fill_doc(sections=sections, params=params, raises=_RAISES)


def _as_target(y, name):
    """``y`` as finite float64, 1-D (one output) or 2-D (n_samples, n_outputs)."""
    arr = y.to_numpy() if hasattr(y, "to_numpy") else np.asarray(y)
    if arr.ndim != 2:
        return check_finite(as_1d(arr, name), name)
    if arr.shape[0] == 0 or arr.shape[1] == 0:
        raise ValueError(f"{name} is empty (shape {arr.shape}); pass at least one sample.")
    return check_finite(arr.reshape(-1), name).reshape(arr.shape)


def _check(y_true, y_pred, sample_weight, multioutput="uniform_average",
           modes=_OUTPUT_MODES):  # fmt: skip
    """Validated ``(y_true, y_pred, weight, output_weights)``.

    ``output_weights`` is the validated ``multioutput``: one of ``modes``, or a
    float64 array with one non-negative weight per output.
    """
    t = _as_target(y_true, "y_true")
    p = _as_target(y_pred, "y_pred")
    if t.ndim != p.ndim:
        name, other = ("y_true", "y_pred") if t.ndim == 2 else ("y_pred", "y_true")
        shape = (t if t.ndim == 2 else p).shape
        raise ValueError(
            f"{name} must be 1-D like {other} (one output), got shape {shape}; pass "
            f"{name}.ravel(), or both of shape (n_samples, n_outputs) for several "
            f"outputs (a column (n, 1) is never broadcast against (n,))."
        )
    check_consistent_length(y_true=t, y_pred=p)
    if t.ndim == 2 and t.shape[1] != p.shape[1]:
        raise ValueError(
            f"y_true has {t.shape[1]} outputs (columns) but y_pred has {p.shape[1]}; "
            f"pass one prediction column per target column."
        )
    w = check_sample_weight(sample_weight, t.shape[0])
    check_weight_total(w)
    n_outputs = 1 if t.ndim == 1 else t.shape[1]
    return t, p, w, _check_multioutput(multioutput, n_outputs, modes)


def _check_multioutput(multioutput, n_outputs, modes):
    if isinstance(multioutput, str):
        if multioutput not in modes:
            raise ValueError(
                f"multioutput must be one of {modes} or an array of one weight per "
                f"output, got {multioutput!r}."
            )
        return multioutput
    weights = check_finite(as_1d(multioutput, "multioutput"), "multioutput")
    if n_outputs == 1:
        raise ValueError(
            "multioutput weights need several outputs, but y_true is 1-D (one "
            "output); pass multioutput='uniform_average' or 2-D targets."
        )
    if weights.shape[0] != n_outputs:
        raise ValueError(
            f"multioutput has {weights.shape[0]} weights but there are {n_outputs} "
            f"outputs; pass one weight per output (column)."
        )
    if (weights < 0).any() or weights.sum() == 0:
        raise ValueError(
            f"multioutput weights must be >= 0 with a positive sum, got "
            f"{weights.tolist()}."
        )
    return weights


def _per_output_mean(values, w):
    """Weighted mean over the samples: a float (1-D) or one value per output."""
    return np.average(values, axis=0, weights=w)


def _combine(per_output, multioutput):
    """Combine the per-output values as ``multioutput`` (validated) says."""
    if isinstance(multioutput, str):
        if multioutput == "raw_values":
            return np.atleast_1d(np.asarray(per_output, dtype=np.float64))
        return float(np.mean(per_output))
    return float(np.average(per_output, weights=multioutput))


def _position(flat_index, shape):
    """A flat index as the sample index (1-D) or the (sample, output) pair (2-D)."""
    where = tuple(int(i) for i in np.unravel_index(flat_index, shape))
    return where[0] if len(where) == 1 else where


def _check_no_zero(t):
    zero = np.flatnonzero(t == 0)
    if zero.size:
        raise ValueError(
            f"y_true contains {zero.size} zero(s), first at index "
            f"{_position(zero[0], t.shape)}; a "
            f"percentage error divides by y_true and is undefined there. Drop those "
            f"samples or use mean_absolute_error."
        )


@_doc("mae")
def mean_absolute_error(y_true, y_pred, *, sample_weight=None,
                        multioutput="uniform_average"):  # fmt: skip
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
    >>> y_true, y_pred = [[0.5, 1], [-1, 1], [7, -6]], [[0, 2], [-1, 2], [8, -5]]
    >>> mean_absolute_error(y_true, y_pred, multioutput="raw_values")
    array([0.5, 1. ])
    >>> mean_absolute_error(y_true, y_pred, multioutput=[0.3, 0.7])
    0.85
    """
    t, p, w, out = _check(y_true, y_pred, sample_weight, multioutput)
    return _combine(_per_output_mean(np.abs(t - p), w), out)


@_doc("mse")
def mean_squared_error(y_true, y_pred, *, sample_weight=None,
                       multioutput="uniform_average"):  # fmt: skip
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
    t, p, w, out = _check(y_true, y_pred, sample_weight, multioutput)
    return _combine(_per_output_mean((t - p) ** 2, w), out)


@_doc("rmse")
def root_mean_squared_error(y_true, y_pred, *, sample_weight=None,
                            multioutput="uniform_average"):  # fmt: skip
    """Root mean squared error (RMSE), in the unit of the target.

    %(sections)s

    Notes
    -----
    :math:`\\mathrm{RMSE} = \\sqrt{\\mathrm{MSE}}` (Thakur, ch. "Evaluation metrics"),
    per output; the outputs' RMSEs are then averaged (as scikit-learn).

    Examples
    --------
    >>> from evalplots.metrics import root_mean_squared_error
    >>> root_mean_squared_error([1.0, 2.0, 3.0], [1.0, 2.0, 5.0])
    1.1547005383792515
    """
    t, p, w, out = _check(y_true, y_pred, sample_weight, multioutput)
    return _combine(np.sqrt(_per_output_mean((t - p) ** 2, w)), out)


def _log1p_checked(t, p):
    for name, a in (("y_true", t), ("y_pred", p)):
        bad = np.flatnonzero(a <= -1)
        if bad.size:
            raise ValueError(
                f"{name} contains {bad.size} value(s) <= -1 (first {a.flat[bad[0]]} at "
                f"index {_position(bad[0], a.shape)}); log(1 + y) is undefined there. The squared log error is "
                f"meant for non-negative targets such as counts or prices."
            )
    return np.log1p(t), np.log1p(p)


@_doc(
    "msle",
    extra_raises="""
        Also if any value of ``y_true`` or ``y_pred`` is <= -1.""",
)
def mean_squared_log_error(y_true, y_pred, *, sample_weight=None,
                           multioutput="uniform_average"):  # fmt: skip
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
    t, p, w, out = _check(y_true, y_pred, sample_weight, multioutput)
    lt, lp = _log1p_checked(t, p)
    return _combine(_per_output_mean((lt - lp) ** 2, w), out)


@_doc(
    "rmsle",
    extra_raises="""
        Also if any value of ``y_true`` or ``y_pred`` is <= -1.""",
)
def root_mean_squared_log_error(y_true, y_pred, *, sample_weight=None,
                                multioutput="uniform_average"):  # fmt: skip
    """Root mean squared logarithmic error (RMSLE): the square root of the MSLE.

    %(sections)s

    Notes
    -----
    :math:`\\mathrm{RMSLE} = \\sqrt{\\mathrm{MSLE}}` (Thakur, ch. "Evaluation metrics"),
    per output; the outputs' RMSLEs are then averaged (as scikit-learn).

    Examples
    --------
    >>> from evalplots.metrics import root_mean_squared_log_error
    >>> round(root_mean_squared_log_error([3, 5, 2.5, 7], [2.5, 5, 4, 8]), 6)
    0.199324
    """
    t, p, w, out = _check(y_true, y_pred, sample_weight, multioutput)
    lt, lp = _log1p_checked(t, p)
    return _combine(np.sqrt(_per_output_mean((lt - lp) ** 2, w)), out)


@_doc(
    "mpe",
    returns_note="""
        A fraction (multiply by 100 for percent). Sign convention: error = true −
        predicted, so a positive MPE means the model under-predicts on average
        (for positive targets) and a negative MPE that it over-predicts.""",
    extra_raises="""
        Also if ``y_true`` contains 0.""",
)
def mean_percentage_error(y_true, y_pred, *, sample_weight=None,
                          multioutput="uniform_average"):  # fmt: skip
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
    t, p, w, out = _check(y_true, y_pred, sample_weight, multioutput)
    _check_no_zero(t)
    return _combine(_per_output_mean((t - p) / t, w), out)


@_doc(
    "mape",
    returns_note="""
        A non-negative fraction, as scikit-learn returns it: 0.1 means 10 %.""",
    extra_raises="""
        Also if ``y_true`` contains 0 (scikit-learn instead divides by machine
        epsilon and returns a huge finite number).""",
)
def mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None,
                                   multioutput="uniform_average"):  # fmt: skip
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
    t, p, w, out = _check(y_true, y_pred, sample_weight, multioutput)
    _check_no_zero(t)
    return _combine(_per_output_mean(np.abs(t - p) / np.abs(t), w), out)


@_doc(
    "r2",
    modes="{'raw_values', 'uniform_average', 'variance_weighted'}",
    modes_note=""" 'variance_weighted': the outputs' R² weighted by the variance
        of their ``y_true`` (uniform when every output is constant).""",
    extra_params="""
    force_finite : bool, default=True
        What to return for an output whose ``y_true`` is constant (zero
        variance, R² undefined): True gives 1.0 for a perfect prediction and 0.0
        otherwise (scikit-learn's rule); False gives NaN (perfect) or -inf.
        Either way an UndefinedMetricWarning is raised. With a single sample R²
        is NaN (with the warning), as in scikit-learn.""",
    returns_note="""
        At most 1; 0 for predicting the (weighted) mean; negative when worse.""",
)
def r2_score(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average",
             force_finite=True):  # fmt: skip
    """Coefficient of determination R²: the fraction of variance explained.

    %(sections)s

    Notes
    -----
    :math:`R^2 = 1 - \\sum_i w_i (y_i - \\hat y_i)^2 / \\sum_i w_i (y_i - \\bar y)^2`
    with :math:`\\bar y` the weighted mean of ``y_true`` (Thakur, ch. "Evaluation
    metrics", fig. 10), per output. 'variance_weighted' weights output j by its
    denominator :math:`\\sum_i w_i (y_{ij} - \\bar y_j)^2`, which equals the R²
    of all outputs pooled (scikit-learn's rule).

    Examples
    --------
    >>> from evalplots.metrics import r2_score
    >>> round(r2_score([3, -0.5, 2, 7], [2.5, 0.0, 2, 8]), 6)
    0.948608
    >>> y_true = [[0.5, 1], [-1, 1], [7, -6]]
    >>> y_pred = [[0, 2], [-1, 2], [8, -5]]
    >>> r2_score(y_true, y_pred, multioutput="raw_values")
    array([0.96543779, 0.90816327])
    >>> round(r2_score(y_true, y_pred, multioutput="variance_weighted"), 6)
    0.938257
    """
    t, p, w, out = _check(
        y_true, y_pred, sample_weight, multioutput, (*_OUTPUT_MODES, "variance_weighted")
    )
    if t.shape[0] < 2:
        warnings.warn(
            "R^2 is undefined with fewer than two samples; returning NaN.",
            UndefinedMetricWarning,
            stacklevel=2,
        )
        return float("nan")
    ss_res = np.atleast_1d(_per_output_mean((t - p) ** 2, w))
    ss_tot = np.atleast_1d(_per_output_mean((t - _per_output_mean(t, w)) ** 2, w))
    constant = ss_tot == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        scores = 1.0 - ss_res / ss_tot
    if constant.any():
        warnings.warn(
            f"R^2 is undefined (0/0 or x/0) for {int(constant.sum())} output(s): "
            f"y_true is constant; returning "
            f"{'the force_finite value' if force_finite else 'NaN/-inf'} there.",
            UndefinedMetricWarning,
            stacklevel=2,
        )
        if force_finite:
            scores[constant] = np.where(ss_res[constant] == 0, 1.0, 0.0)
    if isinstance(out, str) and out == "variance_weighted":
        out = ss_tot if not constant.all() else "uniform_average"
    if t.ndim == 1 and isinstance(out, str) and out != "raw_values":
        return float(scores[0])
    with np.errstate(invalid="ignore"):  # NaN (force_finite=False) times weight 0
        return _combine(scores, out)
