"""Operating points of a binary model: the confusion matrix and its rates at one threshold.

The report's threshold page lists, for each model, the point at the chosen threshold
and at the optimal ones (Youden's J, max F1), as the per-threshold lists of the
source texts do. Every point is read off the model's one sort (its cumulative
counts); nothing is recounted.
"""

from dataclasses import dataclass

import numpy as np

from evalplots.metrics.classification._confusion import CountRates

__all__ = ["OperatingPoint", "insert_point", "operating_point"]


@dataclass(frozen=True)
class OperatingPoint:
    """The confusion matrix and its rates where ``score >= threshold`` is positive.

    Parameters
    ----------
    label : str
        What the point is: ``'chosen threshold'``, ``"Youden's J"`` or ``'max F1'``.
    threshold : float
        Predict positive when the score is >= ``threshold``.
    tp, fp, tn, fn : float
        True and false positives, true and false negatives (sums of weights when
        weighted).
    tpr, fpr : float
        ``tp / (tp + fn)`` (recall, sensitivity) and ``fp / (fp + tn)``.
    precision : float
        ``tp / (tp + fp)``; NaN when no sample is predicted positive (0/0).
    f1 : float
        ``2 tp / (2 tp + fp + fn)``: 0 (not undefined) when ``tp = 0``.

    Notes
    -----
    Youden's J = TPR − FPR (Youden, Cancer 3, 1950) is :attr:`youden_j`. Precision,
    TPR and F1 are those of :class:`evalplots.metrics.classification._confusion.CountRates`: F1
    from the counts (Zhou Zhihua, *Machine Learning* §2.3.2, eq. 2.10), which
    equals 2PR / (P + R) wherever precision is defined.

    Examples
    --------
    >>> from evalplots.evaluation._operating_points import operating_point
    >>> p = operating_point("chosen threshold", 0.5, tp=3, fp=1, n_pos=4, n_neg=5)
    >>> p.tpr, p.fpr, p.precision, round(p.f1, 4), round(p.youden_j, 4)
    (0.75, 0.2, 0.75, 0.75, 0.55)
    """

    label: str
    threshold: float
    tp: float
    fp: float
    tn: float
    fn: float
    tpr: float
    fpr: float
    precision: float
    f1: float

    @property
    def youden_j(self):
        """Youden's J = TPR − FPR at this point."""
        return self.tpr - self.fpr


def operating_point(label, threshold, *, tp, fp, n_pos, n_neg):
    """The :class:`OperatingPoint` of ``tp`` and ``fp`` among ``n_pos`` and ``n_neg``.

    Both classes are present in an evaluation (``n_pos, n_neg > 0``), so TPR and FPR
    are defined; precision is NaN when ``tp + fp = 0`` (documented, no warning: the
    summary table already says why).
    """
    tp, fp, n_pos, n_neg = (float(v) for v in (tp, fp, n_pos, n_neg))
    rates = CountRates(tp, n_pos, tp + fp)  # the confusion-cell kernel, 0/0 -> NaN
    return OperatingPoint(
        label=label, threshold=float(threshold), tp=tp, fp=fp, tn=n_neg - fp,
        fn=n_pos - tp, tpr=float(rates.recall), fpr=fp / n_neg,
        precision=float(rates.precision), f1=float(rates.fbeta),
    )  # fmt: skip


def insert_point(x, y, thresholds, x_new, y_new, t_new):
    """``(x, y, thresholds)`` of a curve with the point ``(x_new, y_new)`` of
    threshold ``t_new`` inserted in its place (thresholds decrease), unless that
    threshold is already stored. The point lies on the drawn line (it was dropped
    as an intermediate point), so the drawing does not change."""
    k = int(np.searchsorted(-thresholds, -t_new, side="left"))
    if k < thresholds.size and thresholds[k] == t_new:
        return x, y, thresholds
    return np.insert(x, k, x_new), np.insert(y, k, y_new), np.insert(thresholds, k, t_new)
