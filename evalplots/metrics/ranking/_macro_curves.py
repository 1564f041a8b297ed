"""Exact macro-average curves: the mean of k per-class ROC or P-R curves.

Averaging curves with ``np.interp`` on a fixed grid (the usual recipe) cuts the
corners between grid points and takes one value per x where a curve has a vertical
run, so the averaged curve's area is not the mean of the areas. These functions
average the curves as functions, exactly:

- ROC (:func:`macro_roc_curve`): vertical averaging (Fawcett, "An introduction to
  ROC analysis", Pattern Recognition Letters 27, 2006, §10.1) of the per-class
  TPR(FPR) over the union of all FPR breakpoints, with both the left and the right
  limit at each breakpoint; its trapezoidal area is the macro AUC;
- P-R (:func:`macro_precision_recall_curve`): the mean of the per-class step
  functions precision(recall) that average precision integrates; its step-wise
  area is the macro AP.
"""

from typing import NamedTuple

import numpy as np

__all__ = [
    "FoldBand",
    "macro_precision_recall_curve",
    "macro_roc_curve",
    "precision_recall_curves_on_grid",
    "precision_recall_fold_band",
    "roc_curves_on_grid",
    "roc_fold_band",
]


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
    xs, ys = roc_curves_on_grid(fpr, tpr)
    return xs, ys.mean(axis=0)


def roc_curves_on_grid(fpr, tpr):
    """Every ROC curve's TPR at the vertices of their exact vertical average.

    Returns the vertices' FPR, shape (n_points,): the union of all FPR values, twice
    where some curve has a vertical run there (its left, then its right limit); and
    each curve's TPR there, shape (n_curves, n_points). :func:`macro_roc_curve` is
    their mean; the per-curve values give the pointwise spread of folds. A curve
    that does not run from FPR 0 to FPR 1 is a ValueError.
    """
    grid = np.unique(np.concatenate(fpr))
    left = np.zeros((len(fpr), grid.size))
    right = np.zeros((len(fpr), grid.size))
    for c, (x, y) in enumerate(zip(fpr, tpr)):
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
        left[c] = np.where(on, y[np.minimum(lo, x.size - 1)], inside)
        right[c] = np.where(on, y[hi - 1], inside)
    xs = np.repeat(grid, 2)
    ys = np.stack((left, right), axis=2).reshape(len(fpr), -1)
    keep = np.ones(xs.size, dtype=bool)
    # one vertex where the two limits coincide for every curve (right >= left)
    keep[1::2] = (left != right).any(axis=0)
    return xs[keep], ys[:, keep]


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
    grid, values = precision_recall_curves_on_grid(precision, recall)
    mean = values.mean(axis=0)
    return np.r_[mean[::-1], 1.0], np.r_[grid[::-1], 0.0]


def precision_recall_curves_on_grid(precision, recall):
    """Every P-R step function at the recall values of their exact average.

    Returns the union of all positive recall values, increasing, shape (n_points,);
    and each curve's step function ``p_c(r)`` there (the precision of its first
    operating point from the highest threshold whose recall reaches r), shape
    (n_curves, n_points). :func:`macro_precision_recall_curve` is their mean. A
    curve that does not reach recall 1 or lacks the sentinel is a ValueError.
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
    values = np.empty((len(precision), grid.size))
    for c, (p, r) in enumerate(zip(precision, recall)):
        # operating points from the highest threshold: recall non-decreasing
        first = np.searchsorted(r[-2::-1], grid, side="left")
        values[c] = p[-2::-1][first]
    return grid, values


# ------------------------------------- several curves of one model (e.g. CV folds)


class FoldBand(NamedTuple):
    """The mean of several curves of one model (e.g. cross-validation folds), its ±1
    std band and the mean ± std of the curves' scores, in the curves' layout.

    ``x`` holds the points of the mean curve and of the band, ``mean`` the mean
    curve there, ``low`` and ``high`` the band (mean ∓ one population standard
    deviation, clipped to the rates' range [0, 1]); ``score_mean`` and
    ``score_std`` are those of the curves' scores (AUC or AP; None when no curve
    has one).
    """

    x: np.ndarray
    mean: np.ndarray
    low: np.ndarray
    high: np.ndarray
    score_mean: float = None
    score_std: float = None


def _fold_band(x, values, mean, layout, scores):
    """FoldBand of the per-curve ``values`` (n_curves, n_points) on ``x``; ``mean``
    and ``layout`` put the mean curve and the band in the curves' layout."""
    centre, std = values.mean(axis=0), values.std(axis=0)
    given = [s for s in (scores if scores is not None else []) if s is not None]
    return FoldBand(x, mean(centre), layout(np.clip(centre - std, 0.0, 1.0)),
                    layout(np.clip(centre + std, 0.0, 1.0)),
                    float(np.mean(given)) if given else None,
                    float(np.std(given)) if given else None)


def roc_fold_band(fpr, tpr, roc_auc=None):
    """The exact vertical average of ROC curves of one model and its ±1 std band.

    ``fpr``, ``tpr``: lists of curves in :func:`~evalplots.metrics.roc_curve`
    layout; ``roc_auc``: their AUCs (or None). The mean curve is the mean TPR at
    the vertices of :func:`roc_curves_on_grid` (Fawcett 2006, §10.1), so its
    area is the mean AUC; the band the mean ± one std of the curves' TPRs there.
    """
    xs, ys = roc_curves_on_grid(fpr, tpr)
    return _fold_band(xs, ys, lambda v: v, lambda v: v, roc_auc)


def precision_recall_fold_band(precision, recall, average_precision=None):
    """The mean of P-R step functions of one model and its ±1 std band.

    ``precision``, ``recall``: lists of curves in
    :func:`~evalplots.metrics.precision_recall_curve` layout; ``average_precision``:
    their APs (or None). On the union of the recall values
    (:func:`precision_recall_curves_on_grid`) the mean step function, whose
    step-wise area is the mean AP, and the mean ± one std of the curves'
    precisions; returned in ``precision_recall_curve`` layout (recall decreasing,
    then the sentinel R = 0: P = 1 on the mean curve, the band held at its last
    value).
    """
    grid, values = precision_recall_curves_on_grid(precision, recall)
    return _fold_band(np.r_[grid[::-1], 0.0], values, lambda v: np.r_[v[::-1], 1.0],
                      lambda v: np.r_[v[::-1], v[0]], average_precision)
