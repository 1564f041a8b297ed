"""Chance-corrected agreement: Matthews correlation coefficient and Cohen's kappa."""

import numbers
import warnings

import numpy as np

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics.classification._confusion import confusion_counts, matthews_from_cells
from evalplots.metrics._validation import check_zero_division, safe_divide

__all__ = ["cohen_kappa_score", "matthews_corrcoef"]

_KAPPA_WEIGHTS = (None, "linear", "quadratic")


def _matrix(y_true, y_pred, labels, sample_weight):
    return confusion_counts(y_true, y_pred, labels=labels, sample_weight=sample_weight)[
        1
    ]


def matthews_corrcoef(y_true, y_pred, *, sample_weight=None, zero_division="warn"):
    """Matthews correlation coefficient (MCC), binary and multi-class.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: numbers, bools or strings (one type).
    y_pred : array-like of shape (n_samples,)
        Predicted labels, same type as ``y_true``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample.
    zero_division : {'warn', 0, 1, np.nan}, default='warn'
        The value when the coefficient is 0/0 (``y_true`` or ``y_pred`` holds a
        single class): 'warn' gives 0.0 and an UndefinedMetricWarning.

    Returns
    -------
    mcc : float
        In [-1, 1]: 1 perfect, 0 no better than chance, -1 total disagreement.

    Raises
    ------
    ValueError
        If the inputs are empty, not 1-D, of different lengths, hold NaN or mixed
        string/number labels, or ``sample_weight``/``zero_division`` is invalid.

    Notes
    -----
    Binary: :math:`\\frac{TP\\,TN - FP\\,FN}{\\sqrt{(TP+FP)(TP+FN)(TN+FP)(TN+FN)}}`
    (Matthews 1975; Thakur, *Approaching (Almost) Any Machine Learning Problem*,
    ch. "Evaluation metrics"). Multi-class (Gorodkin 2004), with C the confusion
    matrix, t and p its row and column sums, s its total and c its trace:
    :math:`(c\\,s - t\\cdot p)/\\sqrt{(s^2 - p\\cdot p)(s^2 - t\\cdot t)}`.

    scikit-learn returns 0.0 silently in the 0/0 case; here it warns unless
    ``zero_division`` is given.

    Examples
    --------
    >>> from evalplots.metrics import matthews_corrcoef
    >>> matthews_corrcoef([1, 1, 0, 0], [0, 0, 1, 1])
    -1.0
    >>> round(matthews_corrcoef([1, 1, 1, 0, 0], [1, 1, 0, 0, 1]), 6)
    0.166667
    """
    zero_division = check_zero_division(zero_division)

    def divide(num, den, metric):
        return safe_divide(num, den, zero_division=zero_division, metric=metric)

    cm = _matrix(y_true, y_pred, None, sample_weight)
    return float(matthews_from_cells(cm, divide))


def cohen_kappa_score(
    y1,
    y2,
    *,
    labels=None,
    weights=None,
    sample_weight=None,
    replace_undefined_by=np.nan,
    zero_division=None,
):
    """Cohen's kappa: agreement between two raters corrected for chance.

    Parameters
    ----------
    y1 : array-like of shape (n_samples,)
        Ratings (labels) of the first rater, e.g. the true labels.
    y2 : array-like of shape (n_samples,)
        Ratings of the second rater, e.g. the predictions. The score is symmetric.
    labels : array-like of shape (n_classes,), default=None
        The rating scale, in order. With weights, the distance between ratings
        ``labels[i]`` and ``labels[j]`` is ``|i - j|`` (linear) or ``(i - j)**2``
        (quadratic): the positions on this scale, not the label values. None: the
        sorted values present in ``y1`` or ``y2`` — which shrinks the scale when
        some rating is never used; pass the full scale for ordinal ratings. Every
        value in ``y1``/``y2`` must be on the scale.
    weights : {None, 'linear', 'quadratic'}, default=None
        None: plain kappa (every disagreement costs 1). 'linear'/'quadratic':
        weighted kappa for ordinal ratings; 'quadratic' is QWK.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample.
    replace_undefined_by : np.nan or float in [-1, 1], default=np.nan
        The value returned when kappa is undefined (0/0): the total weight is 0,
        or the chance disagreement is 0 because both raters use one and the same
        rating. An UndefinedMetricWarning is raised whatever the value, as in
        scikit-learn 1.9.
    zero_division : {'warn', 0, 1, np.nan} or None, default=None
        The older evalplots spelling of the same choice, kept for existing
        callers: None defers to ``replace_undefined_by``; 'warn' gives 0.0 with
        an UndefinedMetricWarning; 0, 1 or np.nan are returned without a warning.
        Give at most one of the two.

    Returns
    -------
    kappa : float
        At most 1 (perfect agreement); 0 is chance level; negative is worse.

    Raises
    ------
    ValueError
        If the inputs are empty, not 1-D, of different lengths, hold NaN or mixed
        types; if ``weights`` is unknown; if ``labels`` has duplicates, misses a
        value of ``y1``/``y2`` or none of it occurs; if ``replace_undefined_by``
        is neither NaN nor a number in [-1, 1], or both it and ``zero_division``
        are given.

    Warns
    -----
    UndefinedMetricWarning
        When kappa is undefined (see ``replace_undefined_by``).

    Notes
    -----
    With O the confusion matrix of observed proportions, E the outer product of
    its marginals (agreement expected by chance), and W the disagreement weights
    (:math:`W_{ij} = [i \\ne j]`, :math:`|i-j|` or :math:`(i-j)^2`):
    :math:`\\kappa = 1 - \\sum W O / \\sum W E` (Cohen 1960; weighted: Cohen 1968;
    Thakur, *Approaching (Almost) Any Machine Learning Problem*, ch. "Evaluation
    metrics", quadratic weighted kappa).

    Examples
    --------
    >>> from evalplots.metrics import cohen_kappa_score
    >>> y_true = [1, 2, 3, 1, 2, 3, 1, 2, 3]
    >>> y_pred = [2, 1, 3, 1, 2, 3, 3, 1, 2]
    >>> round(cohen_kappa_score(y_true, y_pred), 6)
    0.166667
    >>> round(cohen_kappa_score(y_true, y_pred, weights="quadratic"), 6)
    0.333333
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")  # UndefinedMetricWarning: one rating only
    ...     cohen_kappa_score([2, 2], [2, 2], replace_undefined_by=0.0)
    0.0
    """
    if weights not in _KAPPA_WEIGHTS:
        raise ValueError(
            f"weights must be None, 'linear' or 'quadratic', got {weights!r}."
        )
    undefined = _undefined_rule(replace_undefined_by, zero_division)
    # float64 before any product: the outer product of int64 sums of large whole-number
    # weights overflows int64 (4e9 * 6e9 > 2**63) and wraps silently
    cm = _matrix(y1, y2, labels, sample_weight).astype(np.float64)
    k = cm.shape[0]
    total = cm.sum()
    expected = np.outer(cm.sum(axis=1), cm.sum(axis=0)) / (total if total else 1.0)
    pos = np.arange(k, dtype=np.float64)
    dist = np.abs(pos[:, None] - pos[None, :])
    w = {None: (dist > 0).astype(np.float64), "linear": dist, "quadratic": dist**2}[
        weights
    ]
    den = (w * expected).sum()
    if den == 0:  # no weight at all, or a single rating shared by both raters
        return undefined()
    return float(1.0 - (w * cm).sum() / den)


def _undefined_rule(replace_undefined_by, zero_division):
    """Validate the two spellings; return a callable giving the undefined kappa."""
    if zero_division is not None:
        if not _is_nan_scalar(replace_undefined_by):
            raise ValueError(
                "Pass replace_undefined_by or zero_division, not both; "
                "replace_undefined_by is scikit-learn's name."
            )
        zero_division = check_zero_division(zero_division)
        return lambda: float(
            safe_divide(1.0, 0.0, zero_division=zero_division, metric="Cohen's kappa")
        )
    if not (
        _is_nan_scalar(replace_undefined_by)
        or (
            isinstance(replace_undefined_by, numbers.Real)
            and -1.0 <= replace_undefined_by <= 1.0
        )
    ):
        raise ValueError(
            f"replace_undefined_by must be np.nan or a number in [-1, 1], got "
            f"{replace_undefined_by!r}."
        )

    def warn():
        warnings.warn(
            f"Cohen's kappa is undefined (0/0: no weight, or both raters use one "
            f"and the same rating) and set to replace_undefined_by="
            f"{replace_undefined_by!r}.",
            UndefinedMetricWarning,
            stacklevel=3,
        )
        return float(replace_undefined_by)

    return warn


def _is_nan_scalar(x):
    return isinstance(x, numbers.Real) and np.isnan(x)
