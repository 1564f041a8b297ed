"""Pointwise bootstrap confidence bands for the ROC and precision-recall curves.

Sources: Fawcett, "An introduction to ROC analysis", Pattern Recognition Letters 27
(2006), §7 (vertical averaging: TPR at fixed FPR); Macskassy, Provost & Rosset,
ICML 2005 (pointwise ROC confidence bands); Robin et al., pROC, BMC Bioinformatics
12:77 (2011) (``ci.se``: stratified bootstrap of sensitivity at fixed specificity);
Manning, Raghavan & Schütze, *Introduction to Information Retrieval* (2008), §8.4
(interpolated precision).
"""

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.metrics.inference._bootstrap import check_n_resamples
from evalplots.metrics.inference._interval import check_confidence_level
from evalplots.metrics.inference._replicates import ClassCurves, validated_binary
from evalplots.metrics.inference._resample import ResamplePlan, class_strata, multinomial_cells
from evalplots.metrics._validation import as_1d, check_finite

__all__ = ["precision_recall_ci_band", "roc_curve_ci_band"]

_DEFAULT_POINTS = 101
#: Entries of one block of multinomial draws held at once (counted cells).
_BLOCK_ENTRIES = 1 << 20

_BAND_DATA = """y_true : array-like of shape (n_samples,)
        Binary labels.
    y_score : array-like of shape (n_samples,)
        Scores of the positive class (any finite reals)."""

_BAND_OPTIONS = """n_resamples : int, default=1000
        Number of stratified bootstrap resamples (at least 2).
    confidence_level : float, default=0.95
        Pointwise coverage ``1 - alpha`` in (0, 1).
    pos_label : int, float, bool or str, default=None
        The positive label; None means 1 for {0, 1} or {-1, 1} labels, True for
        bools (otherwise it must be given).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative row weights, resampled with the rows.
    random_state : None, int or numpy.random.Generator, default=None
        Seed of ``numpy.random.default_rng``."""


@fill_doc(band_data=_BAND_DATA, band_options=_BAND_OPTIONS)
def roc_curve_ci_band(
    y_true,
    y_score,
    *,
    fpr_grid=None,
    n_resamples=1000,
    confidence_level=0.95,
    pos_label=None,
    sample_weight=None,
    random_state=None,
):
    """Pointwise bootstrap band of the true positive rate at fixed false positive rates.

    Parameters
    ----------
    %(band_data)s
    fpr_grid : array-like of shape (n_points,), default=None
        Non-decreasing false positive rates in [0, 1] at which the band is
        evaluated; default 101 points ``0, 0.01, ..., 1``.
    %(band_options)s

    Returns
    -------
    fpr_grid : ndarray of shape (n_points,)
        The false positive rates.
    tpr_low, tpr_high : ndarray of shape (n_points,)
        The ``alpha/2`` and ``1 - alpha/2`` quantiles of the resamples' TPR at
        each grid point; ``tpr_low <= tpr_high``, both non-decreasing.

    Raises
    ------
    ValueError
        On invalid labels, scores or weights (as :func:`roc_curve`), if a class
        is absent or has zero total weight, if ``fpr_grid`` is not a
        non-decreasing array in [0, 1], or on an invalid ``n_resamples`` or
        ``confidence_level``.

    Notes
    -----
    Vertical averaging (Fawcett 2006, §7; pROC's ``ci.se`` on specificity): each
    resample draws the positives and the negatives with replacement separately
    (stratified, so every resample has both classes and the class counts of the
    data), and its ROC step curve is read at every grid point x as

    ``TPR*(x) = max{TPR_j : FPR_j <= x}``,

    the highest TPR reached at a false positive rate not above x (at a vertical
    jump located exactly at x, the top of the jump), with the origin (0, 0)
    included. The band is the pointwise percentile interval
    ``[q(alpha/2), q(1 - alpha/2)]`` of ``TPR*(x)`` over the resamples (linear
    interpolation between order statistics). It is pointwise, not simultaneous:
    the whole curve lies inside it with probability below ``confidence_level``.
    Each class's rows are listed once by decreasing score; a resample's per-class
    multiplicities, cumulated along those lists, give every point of its curve.

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import roc_curve_ci_band
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 300)
    >>> score = y + rng.normal(size=300)
    >>> fpr, low, high = roc_curve_ci_band(y, score, n_resamples=200, random_state=0)
    >>> fpr.shape, bool(np.all(low <= high)), float(high[-1])
    ((101,), True, 1.0)
    """
    return _band(
        _tpr_at_fpr, y_true, y_score, fpr_grid, "fpr_grid", n_resamples, confidence_level,
        pos_label, sample_weight, random_state,
    )


def _tpr_at_fpr(curves, tps, fps, grid):
    """Highest TPR at FPR <= x per resample: the positives scored above the first
    negative whose inclusion takes the FPR past x (all of them if none does)."""
    first = _searches(fps, grid, side="right")
    above = np.append(curves.pos_above_neg, tps.shape[1])[first]
    top = np.take_along_axis(tps, np.maximum(above - 1, 0), axis=1)
    return np.where(above > 0, top / tps[:, -1:], 0.0)


@fill_doc(band_data=_BAND_DATA, band_options=_BAND_OPTIONS)
def precision_recall_ci_band(
    y_true,
    y_score,
    *,
    recall_grid=None,
    n_resamples=1000,
    confidence_level=0.95,
    pos_label=None,
    sample_weight=None,
    random_state=None,
):
    """Pointwise bootstrap band of the interpolated precision at fixed recall.

    Parameters
    ----------
    %(band_data)s
    recall_grid : array-like of shape (n_points,), default=None
        Non-decreasing recalls in [0, 1] at which the band is evaluated; default
        101 points ``0, 0.01, ..., 1``.
    %(band_options)s

    Returns
    -------
    recall_grid : ndarray of shape (n_points,)
        The recalls.
    precision_low, precision_high : ndarray of shape (n_points,)
        The ``alpha/2`` and ``1 - alpha/2`` quantiles of the resamples'
        interpolated precision at each grid point; ``precision_low <=
        precision_high``, both non-increasing.

    Raises
    ------
    ValueError
        On invalid labels, scores or weights (as :func:`precision_recall_curve`),
        if a class is absent or has zero total weight, if ``recall_grid`` is not
        a non-decreasing array in [0, 1], or on an invalid ``n_resamples`` or
        ``confidence_level``.

    Notes
    -----
    Each stratified resample (as in :func:`roc_curve_ci_band`) gives the
    operating points ``(R_j, P_j)`` of its P-R curve, one per distinct score, and
    is read at every grid recall r as the interpolated precision

    ``P*(r) = max{P_j : R_j >= r}``

    (Manning et al. 2008, §8.4): the best precision reachable at a recall of at
    least r. It is non-increasing in r and defined at every r in [0, 1] (the
    lowest threshold has R = 1), unlike the sawtooth curve, whose precision at a
    fixed recall is not a function. ``P*(0)`` is the maximum precision of the
    curve. The band is the pointwise percentile interval
    ``[q(alpha/2), q(1 - alpha/2)]`` of ``P*(r)`` over the resamples; it lies on
    or above the sawtooth curve of the data, as interpolated precision does.

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import precision_recall_ci_band
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 300)
    >>> score = y + rng.normal(size=300)
    >>> r, low, high = precision_recall_ci_band(y, score, n_resamples=200, random_state=0)
    >>> r.shape, bool(np.all(low <= high)), bool(np.all(np.diff(high) <= 0))
    ((101,), True, True)
    """
    return _band(
        _interpolated_precision, y_true, y_score, recall_grid, "recall_grid", n_resamples,
        confidence_level, pos_label, sample_weight, random_state,
    )


def _interpolated_precision(curves, tps, fps, grid):
    """Max precision at recall >= r per resample, over the points at the positives'
    scores (the precision of any other point is lower at the same recall)."""
    ranks = curves.neg_from_pos
    negatives = np.take(fps, np.maximum(ranks - 1, 0), axis=1)
    negatives[:, ranks == 0] = 0
    predicted = np.add(negatives, tps, out=negatives)
    precision = np.divide(tps, predicted, out=np.zeros(tps.shape), where=predicted > 0)
    # best precision at this positive or any lower-scored one (recall at least this one)
    best = np.maximum.accumulate(precision[:, ::-1], axis=1)[:, ::-1]
    first = np.minimum(_searches(tps, grid, side="left"), tps.shape[1] - 1)
    return np.take_along_axis(best, first, axis=1)


def _band(read, y_true, y_score, grid, grid_name, n_resamples, confidence_level,
          pos_label, sample_weight, random_state):
    """Validate, resample (stratified), ``read(tps, fps, grid)`` each block, and
    take the pointwise percentile interval."""
    (band,) = _bands([(read, grid, grid_name)], y_true, y_score, n_resamples,
                     confidence_level, pos_label, sample_weight, random_state)
    return band


def roc_and_precision_recall_ci_bands(
    y_true, y_score, *, n_resamples=1000, confidence_level=0.95, pos_label=None,
    sample_weight=None, random_state=None,
):  # fmt: skip
    """Both bands on their default grids from one set of resamples.

    Returns ``(roc_band, precision_recall_band)``, equal to
    :func:`roc_curve_ci_band` and :func:`precision_recall_ci_band` each called
    with a generator in the same state as ``random_state``: the resamples are
    drawn once and read twice, at half the cost of the two calls.
    """
    return _bands(
        [(_tpr_at_fpr, None, "fpr_grid"), (_interpolated_precision, None, "recall_grid")],
        y_true, y_score, n_resamples, confidence_level, pos_label, sample_weight,
        random_state,
    )


def _bands(reads, y_true, y_score, n_resamples, confidence_level, pos_label,
           sample_weight, random_state):
    """Validate, resample (stratified) once, apply each ``(read, grid, grid_name)``
    to every block, and take each pointwise percentile interval."""
    n_resamples = check_n_resamples(n_resamples)
    level = check_confidence_level(confidence_level)
    grids = [_check_grid(grid, grid_name) for _, grid, grid_name in reads]
    score, positive, weight = validated_binary(y_true, y_score, pos_label, sample_weight)
    w = np.ones(score.shape[0]) if weight is None else weight
    if not (w[positive].sum() > 0 and w[~positive].sum() > 0):
        raise ValueError(
            "y_true must hold both classes, each with a positive total sample_weight, "
            "for a ROC or P-R band; evaluate on data that contains both classes."
        )
    strata = class_strata(as_1d(y_true, "y_true"))
    curves = ClassCurves(score, positive, weight, strata)
    plan = ResamplePlan(curves.strata, score.shape[0])
    rng = np.random.default_rng(random_state)
    blocks = (curves.cumulative(d) for d in plan.draw_blocks(rng, n_resamples))
    return _percentile_bands([read for read, _, _ in reads], grids, curves, blocks, level)


def counted_ci_bands(score, positive, count, *, n_resamples, confidence_level, rng):
    """Both bands on their default grids from whole-number counted cells.

    Parameters
    ----------
    score : ndarray of shape (n_cells,)
        Each cell's score (any order; cells of both classes may share a score).
    positive : ndarray of bool of shape (n_cells,)
        Each cell's class; both classes must hold a cell.
    count : ndarray of shape (n_cells,)
        Each cell's whole-number count of rows (> 0).
    n_resamples : int
        Number of stratified bootstrap resamples.
    confidence_level : float
        Pointwise coverage in (0, 1).
    rng : numpy.random.Generator
        The draws' stream.

    Returns
    -------
    roc_band, precision_recall_band : tuple of 3 ndarray of shape (101,)
        ``(grid, low, high)`` of :func:`roc_curve_ci_band` and
        :func:`precision_recall_ci_band`.

    Notes
    -----
    Drawing a class's n rows with replacement and counting them per cell is one
    Multinomial(n, count / n) draw of the class's cells (made directly, O(cells)
    per resample instead of O(n)); each resample is then read by the same
    kernels as a resample of rows, the cells standing for their rows (the
    rows of one cell tie, so the kernels' tie rules give the same curve). The
    bands have the distribution of :func:`roc_curve_ci_band`'s on the rows
    (stratified, unweighted or frequency-weighted), with other draws.
    """
    strata = [np.flatnonzero(positive), np.flatnonzero(~positive)]
    curves = ClassCurves(score, positive, None, strata)
    counts = [count[s] for s in curves.strata]  # positives first, by decreasing score
    block = max(1, _BLOCK_ENTRIES // max(score.size, 1))

    def blocks():
        for start in range(0, n_resamples, block):
            rows = min(block, n_resamples - start)
            # cumulated in int64 (exact, and several times faster than float64
            # additions), then the float64 counts the kernels read
            yield [np.cumsum(multinomial_cells(c, rows, rng, np.int64), axis=1)
                   .astype(np.float64) for c in counts]

    grids = [_check_grid(None, "fpr_grid"), _check_grid(None, "recall_grid")]
    return _percentile_bands([_tpr_at_fpr, _interpolated_precision], grids, curves,
                             blocks(), confidence_level)


def _percentile_bands(reads, grids, curves, blocks, level):
    """Apply each ``read(curves, tps, fps, grid)`` to every block of resampled
    ``(tps, fps)`` and take each pointwise percentile interval."""
    values = [[] for _ in reads]
    for tps, fps in blocks:
        for out, read, grid in zip(values, reads, grids):
            out.append(read(curves, tps, fps, grid))
    alpha = 1.0 - level
    bands = []
    for out, grid in zip(values, grids):
        out = np.concatenate(out)
        if not np.isfinite(out).all():
            _zero_weight_class()
        low, high = np.quantile(out, [alpha / 2.0, 1.0 - alpha / 2.0], axis=0)
        bands.append((grid, low, high))
    return bands


def _searches(cumulative, grid, *, side):
    """Per replicate, ``searchsorted(cumulative[k] / cumulative[k, -1], grid, side)``.

    Integer counts (no ``sample_weight``) are searched as integers, against the
    count ``m`` that bounds ``m / total <= x`` (side 'right') or ``m / total >= x``
    (side 'left') in floating point, so no rate array is formed and the result
    is the one the divided rates give.
    """
    out = np.empty((cumulative.shape[0], grid.size), dtype=np.intp)
    for k, row in enumerate(cumulative):
        total = row[-1]
        if not total > 0:
            _zero_weight_class()
        if row.dtype.kind == "f":
            out[k] = np.searchsorted(row / total, grid, side=side)
            continue
        m = np.floor(grid * total).astype(np.int64)
        if side == "right":  # largest m with m / total <= x
            m = np.where((m + 1) / total <= grid, m + 1, m)
            m = np.where(m / total > grid, m - 1, m)
        else:  # smallest m with m / total >= x
            m = np.where(m / total < grid, m + 1, m)
            m = np.where((m - 1) / total >= grid, m - 1, m)
        out[k] = np.searchsorted(row, m, side=side)
    return out


def _check_grid(grid, name):
    if grid is None:
        return np.linspace(0.0, 1.0, _DEFAULT_POINTS)
    grid = check_finite(as_1d(grid, name), name)
    if grid.min() < 0 or grid.max() > 1 or (np.diff(grid) < 0).any():
        raise ValueError(
            f"{name} must be non-decreasing values in [0, 1], got values from "
            f"{grid.min():.6g} to {grid.max():.6g}; pass e.g. np.linspace(0, 1, 101)."
        )
    return grid


def _zero_weight_class():
    raise ValueError(
        "A bootstrap resample drew only rows of zero sample_weight for a class, so its "
        "curve is undefined; pass weights that are positive on more rows."
    )
