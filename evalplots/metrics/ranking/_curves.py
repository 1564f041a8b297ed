"""Threshold curves and the scores read off them: ROC, P-R, AUC, AP and BEP.

Sources: Zhou Zhihua, *Machine Learning* (2016), §2.3.2-2.3.3 (P-R curve, break-even
point, ROC, AUC, ranking loss); Fawcett, "An introduction to ROC analysis", Pattern
Recognition Letters 27 (2006); Hand & Till, Machine Learning 45 (2001) (one-vs-one
multi-class AUC). Output layouts follow scikit-learn 1.9.
"""

import warnings

import numpy as np

from evalplots._docstrings import BINARY_SCORE_PARAMS, fill_doc
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics.ranking._thresholds import binary_scores
from evalplots.metrics._validation import as_1d, check_finite

__all__ = [
    "auc",
    "confusion_matrix_at_thresholds",
    "pr_from_counts",
    "precision_recall_curve",
    "roc_curve",
    "roc_from_counts",
]


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def confusion_matrix_at_thresholds(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Compute the binary confusion matrix at every distinct score threshold.

    A sample is predicted positive at threshold ``t`` when ``y_score >= t``.

    Parameters
    ----------
    %(binary_params)s

    Returns
    -------
    tns, fps, fns, tps : ndarray of float64 of shape (n_thresholds,)
        True negatives, false positives, false negatives and true positives
        (weighted counts) at each threshold.
    thresholds : ndarray of float64 of shape (n_thresholds,)
        The distinct values of ``y_score``, in decreasing order.

    Raises
    ------
    ValueError
        On inputs that are not 1-D, empty, of different lengths, non-finite
        scores, more than two classes or an ambiguous positive class.

    Notes
    -----
    ``tps[i] = sum(w[j] for j if y_score[j] >= thresholds[i] and y_true[j] == pos_label)``,
    one entry per distinct score, so tied scores share one operating point
    (Fawcett 2006, algorithm 2). Unweighted inputs are counted from the sorted
    scores of each class (exact integer counts); weighted ones from cumulative
    sums in score order.

    Examples
    --------
    >>> from evalplots.metrics import confusion_matrix_at_thresholds
    >>> tns, fps, fns, tps, thr = confusion_matrix_at_thresholds(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> thr
    array([0.8 , 0.4 , 0.35, 0.1 ])
    >>> tps, fps
    (array([1., 1., 2., 2.]), array([0., 1., 1., 2.]))
    """
    # the sorted halves are released before the two extra outputs are allocated
    fps, tps, thresholds = binary_scores(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    ).counts()
    if fps.size:
        tns = fps[-1] - fps
        fns = tps[-1] - tps
    else:
        tns, fns = fps.copy(), tps.copy()
    return tns, fps, fns, tps, thresholds


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def roc_curve(y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=True):
    """Compute the Receiver Operating Characteristic (ROC) curve.

    Parameters
    ----------
    %(binary_params)s
    drop_intermediate : bool, default=True
        Drop thresholds whose point lies on the straight segment between its
        neighbours (collinear points); the drawn curve and the AUC are unchanged.

    Returns
    -------
    fpr : ndarray of float64 of shape (n_thresholds + 1,)
        False positive rate ``FP / N`` at each threshold, increasing.
    tpr : ndarray of float64 of shape (n_thresholds + 1,)
        True positive rate (recall) ``TP / P``, increasing.
    thresholds : ndarray of float64 of shape (n_thresholds + 1,)
        Decreasing thresholds; ``thresholds[0] = inf`` is the point (0, 0) at
        which no sample is predicted positive.

    Raises
    ------
    ValueError
        On invalid input (see :func:`confusion_matrix_at_thresholds`).

    Warns
    -----
    UndefinedMetricWarning
        If there are no negatives (``fpr`` is NaN) or no positives (``tpr`` is NaN).

    Notes
    -----
    ``TPR = TP / (TP + FN)``, ``FPR = FP / (FP + TN)`` (Zhou, *Machine Learning*
    §2.3.3, eq. 2.18-2.19). Each distinct score is one threshold; the curve starts
    at (0, 0) with threshold ``+inf``, as in scikit-learn >= 1.3.

    Examples
    --------
    >>> from evalplots.metrics import roc_curve
    >>> fpr, tpr, thr = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr
    array([0. , 0. , 0.5, 0.5, 1. ])
    >>> tpr
    array([0. , 0.5, 0.5, 1. , 1. ])
    >>> thr
    array([ inf, 0.8 , 0.4 , 0.35, 0.1 ])
    """
    data = binary_scores(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    points = data.roc_points(drop_intermediate)  # distinct scores: read off the order
    if points is None:
        return roc_from_counts(*data.counts(), drop_intermediate=drop_intermediate)
    return _roc_from_points(*points)


def roc_from_counts(fps, tps, thresholds, *, drop_intermediate=True):
    """The :func:`roc_curve` arrays from cumulative counts (no new sort).

    ``fps``, ``tps`` and ``thresholds`` are as returned by
    ``BinaryScores.counts()`` (highest threshold first); they are not modified.
    """
    keep = None
    if drop_intermediate and fps.size > 2:
        keep = np.flatnonzero(_changes_slope(fps, tps))
    return _roc_from_points(with_origin(fps, keep, 0.0), with_origin(tps, keep, 0.0),
                            with_origin(thresholds, keep, np.inf))  # fmt: skip


def with_origin(values, keep, first):
    """``[first, *values[keep]]`` as a new float64 array (all values if keep is None)."""
    out = np.empty(1 + (values.size if keep is None else keep.size))
    out[0] = first
    out[1:] = values if keep is None else values[keep]
    return out


def _roc_from_points(fps, tps, thresholds):
    """The rates of counts that start at the origin, in place: ``counts / counts[-1]``."""
    _divide_by_total(fps, fps, "negative", "false positive rate")
    _divide_by_total(tps, tps, "positive", "true positive rate")
    return fps, tps, thresholds


def drop_collinear(fps, tps, thresholds):
    """Counts without the points that lie on a straight segment of the ROC curve.

    A point is kept unless both counts change at the same rate on either side; the
    ends are kept. New arrays are returned (the inputs are not modified).
    """
    if fps.size <= 2:
        return fps, tps, thresholds
    keep = _changes_slope(fps, tps)
    return fps[keep], tps[keep], thresholds[keep]


def _changes_slope(fps, tps):
    """Mask of the points where the step of ``fps`` or ``tps`` changes (ends kept)."""
    keep = np.ones(fps.size, dtype=bool)
    step = fps[1:] - fps[:-1]  # (np.diff costs more per call on small inputs)
    np.not_equal(step[1:], step[:-1], out=keep[1:-1])
    step = np.subtract(tps[1:], tps[:-1], out=step)
    keep[1:-1] |= step[1:] != step[:-1]
    return keep


def _rate(counts, kind, what, *, origin=False):
    """``counts / counts[-1]`` as a new array, with a leading 0 if ``origin``."""
    out = np.empty(counts.size + origin)
    out[:origin] = 0.0
    _divide_by_total(counts, out[origin:], kind, what)
    if np.isnan(out[-1]):
        out[:origin] = np.nan  # an undefined rate is undefined at the origin too
    return out


def _divide_by_total(counts, out, kind, what, total=-1):
    """Write ``counts / counts[total]`` into ``out``; NaN and a warning if the total is 0."""
    total = counts[total]
    if total <= 0:
        warnings.warn(
            f"No {kind} samples in y_true: the {what} is undefined (0/0) and set to NaN.",
            UndefinedMetricWarning,
            stacklevel=4,
        )
        out[:] = np.nan
    else:
        np.divide(counts, total, out=out)


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def precision_recall_curve(
    y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=False
):
    """Compute precision-recall pairs for every distinct threshold.

    Parameters
    ----------
    %(binary_params)s
    drop_intermediate : bool, default=False
        Keep only the first and last point of each run of equal recall (the
        inner points of a vertical drop); the step and sawtooth drawings are
        unchanged.

    Returns
    -------
    precision : ndarray of float64 of shape (n_thresholds + 1,)
        ``precision[i]`` at ``thresholds[i]``; the last element is 1.
    recall : ndarray of float64 of shape (n_thresholds + 1,)
        Decreasing recall; the last element is 0.
    thresholds : ndarray of float64 of shape (n_thresholds,)
        Increasing distinct score values.

    Raises
    ------
    ValueError
        On invalid input (see :func:`confusion_matrix_at_thresholds`).

    Warns
    -----
    UndefinedMetricWarning
        If ``y_true`` has no positives: recall is then NaN (scikit-learn sets it
        to 1; a recall of 0/0 is undefined, so evalplots does not invent one).

    Notes
    -----
    ``P = TP / (TP + FP)``, ``R = TP / (TP + FN)`` (Zhou, *Machine Learning* §2.3.2,
    eq. 2.8-2.9). The layout is scikit-learn's (>= 1.8): increasing thresholds and
    a final sentinel point (R, P) = (0, 1) that has no threshold. The sentinel
    makes step-wise AP a sum over this array; it is not an operating point, and
    the sawtooth drawing of :class:`evalplots.PrecisionRecallDisplay` leaves it out.

    Examples
    --------
    >>> from evalplots.metrics import precision_recall_curve
    >>> p, r, t = precision_recall_curve([1, 0, 0, 1, 0, 1],
    ...                                  [0.45, 0.53, 0.24, 0.88, 0.57, 0.76])
    >>> p
    array([0.5 , 0.6 , 0.5 , 0.66666667, 1. , 1. , 1. ])
    >>> r
    array([1. , 1. , 0.66666667, 0.66666667, 0.66666667, 0.33333333, 0. ])
    >>> t
    array([0.24, 0.45, 0.53, 0.57, 0.76, 0.88])
    """
    data = binary_scores(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    curve = None if drop_intermediate else data.pr_curve()  # large unweighted inputs
    if curve is None:
        return pr_from_counts(*data.counts(), drop_intermediate=drop_intermediate,
                              overwrite=True)  # fmt: skip
    return curve


def pr_from_counts(fps, tps, thresholds, *, drop_intermediate=False, overwrite=False):
    """The :func:`precision_recall_curve` arrays from cumulative counts (no new sort).

    ``fps``, ``tps`` and ``thresholds`` are as returned by
    ``BinaryScores.counts()`` (highest threshold first). ``fps`` is used as
    scratch space when ``overwrite`` is True, and left untouched otherwise.
    """
    if drop_intermediate:
        fps, tps, thresholds = drop_flat_recall(fps, tps, thresholds)
    if not overwrite:
        fps = fps.copy()
    precision, recall = pr_arrays(fps, tps)
    return precision, recall, thresholds[::-1].copy()


def drop_flat_recall(fps, tps, thresholds):
    """Counts with only the first and last point of each run of equal recall.

    The dropped points are the inner points of a vertical drop of the P-R curve:
    the step and sawtooth drawings, AP and BEP are unchanged. New arrays are
    returned when points are dropped (the inputs are not modified).
    """
    if fps.size <= 2:
        return fps, tps, thresholds
    changes = np.logical_or(np.diff(tps[:-1]), np.diff(tps[1:]))
    keep = np.flatnonzero(np.concatenate(([True], changes, [True])))
    return fps[keep], tps[keep], thresholds[keep]


def pr_arrays(fps, tps):
    """Precision and recall in :func:`precision_recall_curve` layout from counts.

    ``fps``/``tps`` run from the highest threshold down; ``fps`` is overwritten.
    Outputs are written in place, reversed, before the sentinel: memory ~4 x 8n.
    """
    precision = np.zeros(fps.size + 1)
    precision[-1] = 1.0
    predicted = np.add(tps, fps, out=fps)
    np.divide(tps, predicted, out=precision[-2::-1], where=predicted != 0)
    del fps, predicted
    recall = np.zeros(tps.size + 1)
    _divide_by_total(tps, recall[-2::-1], "positive", "recall")
    return precision, recall


def auc(x, y):
    """Area under a curve given by points, with the trapezoidal rule.

    Parameters
    ----------
    x : array-like of shape (n_points,)
        Monotonic (increasing or decreasing) x coordinates, at least 2.
    y : array-like of shape (n_points,)
        y coordinates.

    Returns
    -------
    area : float

    Raises
    ------
    ValueError
        If fewer than two points, lengths differ, values are not finite, or ``x``
        is neither non-decreasing nor non-increasing.

    Notes
    -----
    ``AUC = 1/2 * sum_i (x[i+1] - x[i]) * (y[i] + y[i+1])`` (Zhou, *Machine
    Learning* eq. 2.20). For ROC AUC prefer :func:`roc_auc_score`; for P-R curves
    the trapezoid over-estimates, use :func:`average_precision_score`.

    Examples
    --------
    >>> from evalplots.metrics import auc
    >>> auc([0, 0, 0.5, 0.5, 1], [0, 0.5, 0.5, 1, 1])
    0.75
    """
    x = check_finite(as_1d(x, "x"), "x")
    y = check_finite(as_1d(y, "y"), "y")
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same length, got {x.size} and {y.size}.")
    if x.size < 2:
        raise ValueError(f"At least 2 points are needed to compute an area, got {x.size}.")
    dx = np.diff(x)
    if (dx < 0).any():
        if (dx > 0).any():
            raise ValueError(
                "x is neither non-decreasing nor non-increasing; sort the points by x "
                "(e.g. order = np.argsort(x, kind='stable')) before calling auc."
            )
        direction = -1.0
    else:
        direction = 1.0
    return float(direction * np.sum(dx * (y[1:] + y[:-1])) / 2.0)
