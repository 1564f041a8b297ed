"""Pointwise bootstrap bands of the threshold metrics on a fixed threshold grid.

A stratified bootstrap resamples the positives and the negatives separately (each
with replacement, keeping the class sizes), so no resample lacks a class. At every
grid threshold the metric of each resample is computed from counts, and the band is
the pointwise percentile interval of the resampled values (Efron & Tibshirani, *An
Introduction to the Bootstrap*, 1993, §13.3).

No resample is sorted: each sample's grid cell (how many grid thresholds its score
reaches) is found once; a resample's counts at every grid threshold are then a
histogram of cells and a cumulative sum. Unweighted, a stratified resample of the
m⁺ positives puts a Multinomial(m⁺, h/m⁺) number of them in the cells (h the
positives' histogram), so the resamples are drawn directly as multinomial cell
counts, O(grid) each; weighted samples are drawn one by one.
"""

import warnings

import numpy as np

from evalplots.metrics.inference._bootstrap import check_n_resamples
from evalplots.metrics.classification._confusion import nan_divide
from evalplots.metrics.inference._interval import check_confidence_level
from evalplots.metrics.inference._resample import multinomial_cells
from evalplots.metrics.ranking._threshold_metrics import rates_from_counts

__all__ = ["threshold_metric_bands"]

#: samples x resamples drawn at once on the weighted path (memory bound)
_CHUNK = 1 << 21


def threshold_metric_bands(
    data, grid, names, *, beta=1.0, n_resamples=1000, confidence_level=0.95,
    random_state=None,
):  # fmt: skip
    """Percentile bands of threshold metrics over stratified bootstrap resamples.

    Parameters
    ----------
    data : BinaryScores
        Validated scores, classes and weights (``binary_scores(...)``); both classes
        must be present.
    grid : ndarray of float64 of shape (n_grid,)
        Thresholds at which to evaluate (a sample is positive when its score is >=
        the threshold), in any order.
    names : sequence of str
        Keys of :func:`rates_from_counts` (``'precision'``, ``'recall'``,
        ``'fbeta'``, ``'fpr'``, ...), or ``'f1'`` (F-beta with β = 1).
    beta : float
        β of ``'fbeta'``.
    n_resamples : int
        Number of bootstrap resamples (>= 1).
    confidence_level : float
        Coverage of the pointwise band, in (0, 1).
    random_state : None, int or numpy.random.Generator
        Seed of ``numpy.random.default_rng``.

    Returns
    -------
    bands : dict of str to (ndarray, ndarray)
        ``name -> (low, high)``, each of shape (n_grid,). Where the metric is 0/0
        in some resamples (precision above every resampled score) the percentiles
        are taken over the others; NaN where it is undefined in all.
    """
    level = check_confidence_level(confidence_level)
    n_resamples = check_n_resamples(n_resamples)
    rng = np.random.default_rng(random_state)
    grid = np.asarray(grid, dtype=np.float64)
    ascending = np.sort(grid)
    # cell of a sample = number of grid thresholds <= its score; it is predicted
    # positive at ascending[j] exactly when cell > j
    cell = np.searchsorted(ascending, data.score, side="right")
    n_cells = ascending.size + 1
    counts = [
        _resampled_cells(cell[mask], None if data.weight is None else data.weight[mask],
                         n_cells, n_resamples, rng)  # fmt: skip
        for mask in (data.positive, ~data.positive)
    ]
    # positives/negatives predicted positive at ascending[j]: cells j+1 .. n_grid
    tps, fps = (np.cumsum(c[:, ::-1], axis=1)[:, ::-1][:, 1:] for c in counts)
    n_pos, n_neg = (c.sum(axis=1, keepdims=True) for c in counts)
    rates = rates_from_counts(tps, fps, n_pos, n_neg, beta=beta, divide=nan_divide)
    if "f1" in names:
        rates["f1"] = (
            rates["fbeta"] if beta == 1 else
            rates_from_counts(tps, fps, n_pos, n_neg, beta=1.0, divide=nan_divide)["fbeta"]
        )  # fmt: skip
    alpha = (1 - level) / 2
    back = np.searchsorted(ascending, grid)  # the caller's order
    bands = {}
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "All-NaN slice", RuntimeWarning)
        for name in names:
            low, high = np.nanquantile(rates[name], [alpha, 1 - alpha], axis=0)
            bands[name] = (low[back], high[back])
    return bands


def _resampled_cells(cell, weight, n_cells, n_resamples, rng):
    """(n_resamples, n_cells) resampled counts (or weights) of one class per cell."""
    n = cell.size
    if weight is None:
        return multinomial_cells(np.bincount(cell, minlength=n_cells), n_resamples, rng)
    out = np.empty((n_resamples, n_cells))
    step = max(1, _CHUNK // n)
    for start in range(0, n_resamples, step):
        rows = min(step, n_resamples - start)
        draw = rng.integers(0, n, size=(rows, n))
        flat = (np.arange(rows)[:, None] * n_cells + cell[draw]).ravel()
        out[start:start + rows] = np.bincount(
            flat, weights=weight[draw].ravel(), minlength=rows * n_cells
        ).reshape(rows, n_cells)
    return out
