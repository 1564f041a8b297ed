"""One-vs-rest (OvR) ROC and precision-recall curves: per class, micro and macro.

A k-class problem scored by a matrix S of shape (n, k) gives k binary problems,
"class c against the rest" scored by column c, and one pooled binary problem, the
micro average: all n*k (sample, class) pairs, one-hot labels against the raveled
scores. :func:`ovr_counts` sorts and counts each of these k + 1 problems once
(:meth:`BinaryScores.counts`); :func:`ovr_roc_curves` and
:func:`ovr_precision_recall_curves` read every curve and score off those counts.

The macro-average curves are the exact averages of the k per-class curves made by
:mod:`evalplots.metrics.ranking._macro_curves`, whose areas are the macro AUC and macro AP.

Inputs are resolved class codes 0..k-1 (see
:func:`evalplots.metrics.ranking._ovr.resolve_ovr_classes`); every list returned holds
the k classes in code order, then 'micro', then 'macro'.
"""

from itertools import chain
from typing import NamedTuple

import numpy as np

from evalplots.metrics.ranking._macro_curves import (
    macro_precision_recall_curve,
    macro_roc_curve,
)
from evalplots.metrics.ranking._pr_scores import (
    _break_even,
    _curve_area,
)
from evalplots.metrics.ranking._curves import (
    _rate,
    auc,
    drop_collinear,
    drop_flat_recall,
    pr_arrays,
)
from evalplots.metrics.ranking._thresholds import BinaryScores
from evalplots.metrics._validation import check_finite, check_sample_weight

__all__ = [
    "OvrCounts",
    "OvrPrecisionRecallCurves",
    "OvrRocCurves",
    "ThresholdCounts",
    "ovr_counts",
    "ovr_precision_recall_curves",
    "ovr_roc_curves",
]


class ThresholdCounts(NamedTuple):
    """Cumulative counts of one binary problem, one entry per distinct score.

    ``fps``/``tps``: (weighted) negatives / positives scored >= ``thresholds``,
    thresholds decreasing (the output of :meth:`BinaryScores.counts`).
    """

    fps: np.ndarray
    tps: np.ndarray
    thresholds: np.ndarray


class OvrCounts(NamedTuple):
    """The counts of the k one-vs-rest problems and of the pooled (micro) one."""

    per_class: tuple  # k ThresholdCounts, in class-code order (or a sequence of them)
    micro: ThresholdCounts

    @property
    def n_classes(self):
        return len(self.per_class)

    @property
    def support(self):
        """ndarray of shape (k,): (weighted) number of samples of each class."""
        return np.array([c.tps[-1] for c in self.per_class])

    @property
    def averages(self):
        """``[None] * k + ['micro', 'macro']``: what each returned curve is."""
        return [None] * self.n_classes + ["micro", "macro"]


class OvrRocCurves(NamedTuple):
    """ROC curves of :func:`ovr_roc_curves`; lists of k + 2 (classes, micro, macro)."""

    fpr: list
    tpr: list
    thresholds: list  # the macro entry is None: an average has no thresholds
    roc_auc: np.ndarray
    average: list


class OvrPrecisionRecallCurves(NamedTuple):
    """P-R curves of :func:`ovr_precision_recall_curves`; lists of k + 2."""

    precision: list
    recall: list
    thresholds: list  # the macro entry is None
    average_precision: np.ndarray
    break_even: list  # the macro entry is None: the macro curve has no BEP
    prevalence: np.ndarray
    average: list


def ovr_counts(y_codes, y_score, *, sample_weight=None):
    """Sort and count each one-vs-rest problem and the pooled (micro) problem once.

    ``y_codes`` are class codes 0..k-1 (column ``y_codes[i]`` of the finite score
    matrix ``y_score`` scores the true class of sample i); samples of weight 0 are
    left out, as in :func:`evalplots.metrics.roc_curve`. Returns an
    :class:`OvrCounts`: ``per_class[c]``, the :class:`ThresholdCounts` of class c
    against the rest, and ``micro``, that of the n*k (sample, class) pairs (one-hot
    labels against the raveled scores, each weight repeated k times: scikit-learn's
    ``average='micro'``). k + 1 sorts in all. A ValueError names a bad shape, codes
    outside [0, k), invalid weights, or a class without a sample of positive weight
    (its curves would divide by zero).
    """
    scores = check_finite(np.asarray(y_score), "y_score")
    codes = np.asarray(y_codes)
    if scores.ndim != 2 or scores.shape[1] < 2:
        raise ValueError(
            f"y_score must be 2-D of shape (n_samples, n_classes >= 2), got shape "
            f"{scores.shape}."
        )
    n_classes = scores.shape[1]
    if codes.ndim != 1 or codes.shape[0] != scores.shape[0] or codes.dtype.kind not in "iu":
        raise ValueError(
            f"y_codes must be 1-D integer class codes, one per row of y_score "
            f"({scores.shape[0]}), got dtype {codes.dtype} and shape {codes.shape}."
        )
    if codes.size and (codes.min() < 0 or codes.max() >= n_classes):
        raise ValueError(
            f"y_codes must lie in [0, {n_classes}) (one code per column of y_score), "
            f"got values in [{codes.min()}, {codes.max()}]."
        )
    weight = check_sample_weight(sample_weight, codes.size)
    if weight is not None:
        keep = weight != 0
        codes, scores, weight = codes[keep], scores[keep], weight[keep]
    support = np.bincount(codes, weights=weight, minlength=n_classes)
    if not (support > 0).all():
        empty = np.flatnonzero(support <= 0).tolist()
        raise ValueError(
            f"Class code(s) {empty} have no sample{'' if weight is None else ' of positive weight'}, "
            f"so their one-vs-rest curves are undefined (0/0); drop those classes."
        )
    per_class = tuple(
        ThresholdCounts(*BinaryScores(scores[:, c], codes == c, weight).counts())
        for c in range(n_classes)
    )
    onehot = (codes[:, None] == np.arange(n_classes)).ravel()
    w = None if weight is None else np.repeat(weight, n_classes)
    micro = ThresholdCounts(*BinaryScores(scores.ravel(), onehot, w).counts())
    return OvrCounts(per_class, micro)


def ovr_roc_curves(counts, *, drop_intermediate=True):
    """ROC curves and AUCs of every class, the micro average and the macro average.

    Parameters
    ----------
    counts : OvrCounts
        From :func:`ovr_counts` (not modified).
    drop_intermediate : bool, default=True
        Drop collinear points, as :func:`evalplots.metrics.roc_curve` does; the
        curves and their areas are unchanged.

    Returns
    -------
    curves : OvrRocCurves
        Lists of k + 2 entries (classes in code order, 'micro', 'macro'):
        ``fpr``, ``tpr`` (ndarrays in :func:`~evalplots.metrics.roc_curve` layout),
        ``thresholds`` (the macro entry None), ``roc_auc`` (ndarray of shape (k + 2,)),
        and ``average`` (``[None] * k + ['micro', 'macro']``).

    Notes
    -----
    Per class and micro: ``TPR = TP/m⁺``, ``FPR = FP/m⁻`` at every distinct score,
    from (0, 0); AUC is their trapezoidal area, equal to
    ``roc_auc_score(..., multi_class='ovr', average=None)`` entries and to
    ``average='micro'``. The macro curve is :func:`macro_roc_curve` of the per-class
    curves; its AUC is the mean of the per-class AUCs (``average='macro'``), which
    is also its area.
    """
    fpr, tpr, thresholds = [], [], []
    for fps, tps, thr in chain(counts.per_class, [counts.micro]):  # one at a time
        if drop_intermediate:
            fps, tps, thr = drop_collinear(fps, tps, thr)
        fpr.append(_rate(fps, "negative", "false positive rate", origin=True))
        tpr.append(_rate(tps, "positive", "true positive rate", origin=True))
        thresholds.append(np.concatenate(([np.inf], thr)))
    k = counts.n_classes
    roc_auc = [auc(x, y) for x, y in zip(fpr, tpr)]
    macro_fpr, macro_tpr = macro_roc_curve(fpr[:k], tpr[:k])
    return OvrRocCurves(
        fpr=[*fpr, macro_fpr],
        tpr=[*tpr, macro_tpr],
        thresholds=[*thresholds, None],
        roc_auc=np.array([*roc_auc, np.mean(roc_auc[:k])]),
        average=counts.averages,
    )


def ovr_precision_recall_curves(counts, *, drop_intermediate=False):
    """P-R curves, AP, BEP and prevalence of every class, micro and macro average.

    Parameters
    ----------
    counts : OvrCounts
        From :func:`ovr_counts` (not modified).
    drop_intermediate : bool, default=False
        Keep only the ends of each run of equal recall, as
        :func:`evalplots.metrics.precision_recall_curve` does (the step drawing, AP
        and BEP are unchanged; the sawtooth drawing needs False).

    Returns
    -------
    curves : OvrPrecisionRecallCurves
        Lists of k + 2 entries (classes in code order, 'micro', 'macro'):
        ``precision``, ``recall`` (ndarrays in
        :func:`~evalplots.metrics.precision_recall_curve` layout, sentinel R = 0,
        P = 1 last), ``thresholds`` (increasing; macro None),
        ``average_precision`` (ndarray of shape (k + 2,)), ``break_even`` (floats,
        NaN where the curve never meets P = R; macro None), ``prevalence``
        (ndarray: class share m⁺/m; micro and macro 1/k) and ``average``.

    Warns
    -----
    UndefinedMetricWarning
        If a curve never meets P = R (its break-even point is NaN).

    Notes
    -----
    Per class and micro: ``P = TP/(TP + FP)``, ``R = TP/m⁺``, AP the step-wise
    ``sum_n (R_n - R_{n-1}) P_n`` (equal to ``average_precision_score`` with
    ``average=None`` entries and ``'micro'``), the BEP that of
    :func:`~evalplots.metrics.break_even_point` (Zhou Zhihua, *Machine Learning*
    §2.3.2). The macro curve is :func:`macro_precision_recall_curve`; its AP is the
    mean of the per-class APs (``average='macro'``), which is also its step-wise
    area. It has no operating points, hence no thresholds, sawtooth or BEP.
    """
    precision, recall, thresholds, ap, bep, prevalence = [], [], [], [], [], []
    for fps, tps, thr in chain(counts.per_class, [counts.micro]):  # one at a time
        prevalence.append(tps[-1] / (tps[-1] + fps[-1]))
        if drop_intermediate:
            fps, tps, thr = drop_flat_recall(fps, tps, thr)
        p, r = pr_arrays(fps.copy(), tps)  # pr_arrays overwrites its first argument
        precision.append(p)
        recall.append(r)
        thresholds.append(thr[::-1].copy())
        ap.append(_curve_area(p, r))  # validated curves: no copy
        bep.append(_break_even(p, r))
    k = counts.n_classes
    macro_p, macro_r = macro_precision_recall_curve(precision[:k], recall[:k])
    return OvrPrecisionRecallCurves(
        precision=[*precision, macro_p],
        recall=[*recall, macro_r],
        thresholds=[*thresholds, None],
        average_precision=np.array([*ap, np.mean(ap[:k])]),
        break_even=[*bep, None],
        prevalence=np.array([*prevalence, np.mean(prevalence[:k])]),
        average=counts.averages,
    )
