"""One-vs-rest (OvR) ROC and precision-recall curves: per class, micro and macro.

A k-class problem scored by a matrix S of shape (n, k) gives k binary problems,
"class c against the rest" scored by column c, and one pooled binary problem, the
micro average: all n*k (sample, class) pairs, one-hot labels against the raveled
scores. :func:`ovr_counts` sorts and counts each of these k + 1 problems once
(:meth:`BinaryScores.counts`); :func:`ovr_roc_curves` and
:func:`ovr_precision_recall_curves` read every curve and score off those counts.

The macro-average curves are exact averages of the k per-class curves (no np.interp
on a fixed grid), so that their areas are the macro AUC and the macro AP:

- ROC (:func:`macro_roc_curve`): vertical averaging (Fawcett, "An introduction to
  ROC analysis", Pattern Recognition Letters 27, 2006, §10.1) of the per-class
  TPR(FPR) over the union of all FPR breakpoints, with both the left and the right
  limit at each breakpoint;
- P-R (:func:`macro_precision_recall_curve`): the mean of the per-class step
  functions precision(recall) that average precision integrates.

Inputs are resolved class codes 0..k-1 (see :func:`evalplots.metrics._ovr.resolve_ovr_classes`);
every list returned holds the k classes in code order, then 'micro', then 'macro'.
"""

from typing import NamedTuple

import numpy as np

from evalplots.metrics._pr_scores import (
    average_precision_from_curve,
    break_even_point_from_curve,
)
from evalplots.metrics._ranking import (
    _rate,
    auc,
    drop_collinear,
    drop_flat_recall,
    pr_arrays,
)
from evalplots.metrics._thresholds import BinaryScores
from evalplots.metrics._validation import check_finite, check_sample_weight

__all__ = [
    "OvrCounts",
    "OvrPrecisionRecallCurves",
    "OvrRocCurves",
    "ThresholdCounts",
    "macro_precision_recall_curve",
    "macro_roc_curve",
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

    per_class: tuple  # k ThresholdCounts, in class-code order
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

    Parameters
    ----------
    y_codes : array-like of int of shape (n_samples,)
        Class codes 0..k-1: column ``y_codes[i]`` of ``y_score`` scores the true class
        of sample i. Every class must occur (with positive weight).
    y_score : array-like of shape (n_samples, k)
        Finite scores, one column per class (probabilities or any real scores).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights; samples of weight 0 are left out (they create no
        threshold), as in :func:`evalplots.metrics.roc_curve`.

    Returns
    -------
    counts : OvrCounts
        ``counts.per_class[c]`` is the :class:`ThresholdCounts` ``(fps, tps,
        thresholds)`` of class c against the rest (column c), ``counts.micro`` that
        of the n*k (sample, class) pairs (one-hot labels against the raveled
        scores, each weight repeated k times); ``counts.support`` is the (weighted)
        size of each class.

    Raises
    ------
    ValueError
        If ``y_score`` is not a finite 2-D array with at least 2 columns, ``y_codes``
        is not 1-D integer in [0, k) with one entry per row, the weights are
        invalid or all 0, or a class has no sample (of positive weight): its curves
        would divide by zero.

    Notes
    -----
    One sort per column and one of the pooled n*k scores: k + 1 sorts in all, the
    minimum for k + 1 distinct rankings. The micro problem is that of
    scikit-learn's ``average='micro'`` (``roc_auc_score``,
    ``average_precision_score``).
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

    Raises
    ------
    ValueError
        Never for counts made by :func:`ovr_counts`.

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
    for fps, tps, thr in (*counts.per_class, counts.micro):
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

    Raises
    ------
    ValueError
        Never for counts made by :func:`ovr_counts`.

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
    for fps, tps, thr in (*counts.per_class, counts.micro):
        prevalence.append(tps[-1] / (tps[-1] + fps[-1]))
        if drop_intermediate:
            fps, tps, thr = drop_flat_recall(fps, tps, thr)
        p, r = pr_arrays(fps.copy(), tps)  # pr_arrays overwrites its first argument
        precision.append(p)
        recall.append(r)
        thresholds.append(thr[::-1].copy())
        ap.append(average_precision_from_curve(p, r))
        bep.append(break_even_point_from_curve(p, r))
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


def macro_roc_curve(fpr, tpr):
    """Exact macro-average ROC curve: the mean TPR(FPR) of the per-class curves.

    Parameters
    ----------
    fpr, tpr : list of ndarray of shape (n_points_c,)
        The per-class ROC curves in :func:`~evalplots.metrics.roc_curve` layout
        (both non-decreasing, from (0, 0) to (1, 1); vertical runs allowed).

    Returns
    -------
    fpr, tpr : ndarray of shape (n_points,)
        The vertices of the averaged curve, FPR non-decreasing.

    Raises
    ------
    ValueError
        If a curve does not start at FPR 0 and end at FPR 1.

    Notes
    -----
    Vertical averaging (Fawcett 2006, §10.1): as a function of FPR each curve is
    piecewise linear, with a jump at the FPR of a vertical run. On the union
    ``x_1 < ... < x_J`` of all FPR breakpoints, take each curve's left limit
    ``TPR_c(x_j-)`` (its lowest TPR at x_j) and right limit ``TPR_c(x_j+)`` (its
    highest); the averaged curve has the vertices ``(x_j, (1/k) sum_c TPR_c(x_j-))``
    and ``(x_j, (1/k) sum_c TPR_c(x_j+))`` (one when they coincide). Between two
    breakpoints every curve is linear, so the averaged polyline *is* the mean
    function, and its trapezoidal area is exactly ``(1/k) sum_c AUC_c`` — the
    macro AUC — where an ``np.interp`` average on a fixed grid, taking one value
    per FPR, is not.
    """
    grid = np.unique(np.concatenate(fpr))
    left = np.zeros(grid.size)
    right = np.zeros(grid.size)
    for x, y in zip(fpr, tpr):
        if x[0] != 0 or x[-1] != 1:
            raise ValueError(
                "Each per-class ROC curve must run from FPR 0 to FPR 1; pass the "
                "curves returned by evalplots.metrics.roc_curve."
            )
        lo = np.searchsorted(x, grid, side="left")  # first point at or after x_j
        hi = np.searchsorted(x, grid, side="right")  # first point after x_j
        on = lo < hi  # x_j is one of this curve's FPR values
        # elsewhere x_j lies inside the segment (lo - 1, lo): linear interpolation
        a, b = np.maximum(lo - 1, 0), np.minimum(lo, x.size - 1)
        span = np.where(on, 1.0, x[b] - x[a])
        inside = y[a] + (y[b] - y[a]) * (grid - x[a]) / span
        left += np.where(on, y[np.minimum(lo, x.size - 1)], inside)
        right += np.where(on, y[hi - 1], inside)
    k = len(fpr)
    xs = np.repeat(grid, 2)
    ys = np.column_stack((left / k, right / k)).ravel()
    keep = np.ones(xs.size, dtype=bool)
    keep[1::2] = left != right  # one vertex where the two limits coincide
    return xs[keep], ys[keep]


def macro_precision_recall_curve(precision, recall):
    """Exact macro-average P-R curve: the mean of the per-class step functions.

    Parameters
    ----------
    precision, recall : list of ndarray of shape (n_thresholds_c + 1,)
        The per-class curves in :func:`~evalplots.metrics.precision_recall_curve`
        layout (lowest threshold first, sentinel R = 0, P = 1 last).

    Returns
    -------
    precision, recall : ndarray of shape (n_points + 1,)
        The averaged step curve in the same layout (recall decreasing to the
        sentinel R = 0, P = 1), to be drawn 'steps-post'.

    Raises
    ------
    ValueError
        If a curve does not end with the sentinel or does not reach recall 1.

    Notes
    -----
    Average precision integrates the step function ``p_c(r) = P_n`` for
    ``r in (R_{n-1}, R_n]`` (operating points n from the highest threshold; R_0 =
    0): the precision of the first operating point whose recall reaches r. On the
    union ``0 < g_1 < ... < g_J = 1`` of all recall values, every p_c is constant on
    ``(g_{j-1}, g_j]``, so the macro curve ``p(r) = (1/k) sum_c p_c(r)`` is the step
    function with value ``(1/k) sum_c p_c(g_j)`` there, and its step-wise area
    ``sum_j (g_j - g_{j-1}) p(g_j)`` is exactly ``(1/k) sum_c AP_c`` — the macro
    AP. The average of step functions is a step function of recall with no
    thresholds behind it: it has no operating points, so no sawtooth and no
    break-even point.
    """
    for p, r in zip(precision, recall):
        if r[-1] != 0 or p[-1] != 1 or r.max() != 1:
            raise ValueError(
                "Each per-class P-R curve must reach recall 1 and end with the "
                "sentinel R=0, P=1; pass the curves returned by "
                "evalplots.metrics.precision_recall_curve."
            )
    grid = np.unique(np.concatenate(recall))
    grid = grid[grid > 0]
    mean = np.zeros(grid.size)
    for p, r in zip(precision, recall):
        # operating points from the highest threshold: recall non-decreasing
        first = np.searchsorted(r[-2::-1], grid, side="left")
        mean += p[-2::-1][first]
    mean /= len(precision)
    return np.r_[mean[::-1], 1.0], np.r_[grid[::-1], 0.0]
