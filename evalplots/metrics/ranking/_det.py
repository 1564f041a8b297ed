"""Detection Error Tradeoff (DET) curve: false negative rate against false positive rate.

Source: Martin, Doddington, Kamm, Ordowski & Przybocki, "The DET curve in assessment
of detection task performance", Proc. Eurospeech 1997. Output layout and semantics
follow scikit-learn 1.9 (``sklearn.metrics.det_curve``), computed from the one-sort
counting kernel of :mod:`evalplots.metrics.ranking._thresholds`.
"""

import numpy as np

from evalplots._docstrings import BINARY_SCORE_PARAMS, fill_doc
from evalplots.metrics.ranking._curves import drop_flat_recall, with_origin
from evalplots.metrics.ranking._thresholds import binary_scores, require_both_classes

__all__ = ["det_curve", "det_from_counts"]


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def det_curve(
    y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=False
):
    """Compute the Detection Error Tradeoff (DET) curve: FNR against FPR.

    Parameters
    ----------
    %(binary_params)s
    drop_intermediate : bool, default=False
        Drop the thresholds at which the true positives do not change from both the
        previous and the next threshold: such points share one false negative rate
        (the inner points of a horizontal run of the curve).

    Returns
    -------
    fpr : ndarray of float64 of shape (n_points,)
        False positive rate ``FP / N`` of the predictions ``y_score >= thresholds[i]``,
        decreasing (the false-alarm probability).
    fnr : ndarray of float64 of shape (n_points,)
        False negative rate ``FN / P`` of the same predictions, increasing (the miss
        probability).
    thresholds : ndarray of float64 of shape (n_points,)
        Increasing thresholds. The last one is ``inf`` (no sample predicted
        positive: FPR = 0, FNR = 1) unless FPR = 0 is already reached at a finite
        threshold.

    Raises
    ------
    ValueError
        On invalid input (see :func:`confusion_matrix_at_thresholds`), or if
        ``y_true`` (counting samples of non-zero weight) lacks the positive or
        the negative class: both rates then divide by zero.

    Notes
    -----
    At threshold ``t`` (predict positive when ``y_score >= t``),
    ``FPR(t) = FP(t) / N`` and ``FNR(t) = FN(t) / P = 1 - TPR(t)``, with P and N
    the (weighted) numbers of positives and negatives. The DET curve plots FNR
    against FPR on normal-deviate axes (Martin et al., Eurospeech 1997), where two
    normal score distributions give a straight line. The points are scikit-learn's
    (>= 1.7): the ROC operating points at every distinct score plus the point
    (0, 1) at threshold ``inf``, keeping only the last point of the leading run of
    FPR = 0 and ending at the first point where FNR = 0, listed from the lowest
    threshold up. With ties, each distinct score is one point (ties are never
    split); samples of weight 0 create no point. Unlike scikit-learn, a
    single-class ``y_true`` (or a class present only with weight 0) raises instead
    of returning NaN.

    Examples
    --------
    >>> from evalplots.metrics import det_curve
    >>> fpr, fnr, thresholds = det_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr
    array([0.5, 0.5, 0. ])
    >>> fnr
    array([0. , 0.5, 0.5])
    >>> thresholds
    array([0.35, 0.4 , 0.8 ])
    """
    data = binary_scores(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    require_both_classes(data, need_neg=True, metric="the DET curve")
    return det_from_counts(*data.counts(), drop_intermediate=drop_intermediate)


def det_from_counts(fps, tps, thresholds, *, drop_intermediate=False):
    """The :func:`det_curve` arrays from cumulative counts (no new sort).

    ``fps``, ``tps`` and ``thresholds`` are as returned by ``BinaryScores.counts()``
    (highest threshold first, both classes present); they are not modified.
    """
    # the point where every sample is predicted negative, at threshold +inf
    fps, tps = with_origin(fps, None, 0.0), with_origin(tps, None, 0.0)
    thresholds = with_origin(thresholds, None, np.inf)
    if drop_intermediate:
        # runs of equal TP are horizontal runs of the DET curve: keep their ends
        fps, tps, thresholds = drop_flat_recall(fps, tps, thresholds)
    n_pos, n_neg = tps[-1], fps[-1]
    # from the last point with FP = 0 to the first point with FN = 0
    first = int(fps.searchsorted(0.0, side="right")) - 1
    last = int(tps.searchsorted(n_pos, side="left")) + 1
    fpr = fps[first:last][::-1] / n_neg
    fnr = (n_pos - tps[first:last][::-1]) / n_pos
    return fpr, fnr, thresholds[first:last][::-1].copy()

