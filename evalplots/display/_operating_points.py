"""Points marked on a binary curve: the operating point at a threshold, the optimum.

A ROC or P-R Display stores the curve's points and, optionally, the threshold of
each. The operating point at a threshold t (score >= t predicted positive) is the
stored point of the smallest stored threshold >= t; the optimal point is stored
too, as the :class:`~evalplots.metrics.OptimalThreshold` of metrics (Youden's
J = TPR - FPR for ROC, F1 for P-R, the one tie rule of
:func:`evalplots.metrics.optimal_threshold`): a Display finds no optimum. Both
are marked with a small marker and a short annotation next to it, outside the
legend (one legend entry per model).
"""

import numbers

import numpy as np

from evalplots.display._base import given_title, merge_style_kwargs, pos_label_title
from evalplots.metrics._format import format_quantity, format_score, format_threshold
from evalplots.metrics._validation import check_threshold as check_threshold_value

__all__ = [
    "CI_PARAMS",
    "check_curve_band",
    "draw_band",
    "interval_title",
    "check_interval",
    "check_mean_std",
    "check_single_curve_only",
    "check_threshold",
    "check_thresholds",
    "mark_point",
    "mark_points",
    "optimal_point",
    "optimum_text",
    "threshold_index",
]


def check_thresholds(thresholds, n_points, argname, layout):
    """Return ``thresholds`` as a 1-D float array of ``n_points`` entries, or None."""
    if thresholds is None:
        return None
    t = np.asarray(thresholds, dtype=float)
    if t.ndim != 1 or t.size != n_points:
        raise ValueError(
            f"{argname} must be a 1-D array of {n_points} thresholds ({layout}), got "
            f"shape {t.shape}; pass the thresholds returned with the curve."
        )
    if np.isnan(t).any():
        raise ValueError(f"{argname} contains NaN; thresholds must be numbers.")
    return t


def check_threshold(threshold, thresholds, multi):
    """Validate ``plot(threshold=...)``: a threshold
    (:func:`evalplots.metrics._validation.check_threshold`) that a Display can
    mark, on its one curve with stored thresholds."""
    if threshold is None:
        return None
    if multi:
        raise ValueError(
            "threshold= marks the operating point of one curve, but the Display "
            "holds several curves; plot each model's Display with its own threshold."
        )
    threshold = check_threshold_value(threshold)
    if thresholds is None:
        raise ValueError(
            "threshold= needs the curve's thresholds; pass thresholds= to the Display "
            "or build it with from_predictions, which stores them."
        )
    return threshold


def optimal_point(plot_optimal, allowed, multi, optimal):
    """The stored optimum to mark, or None.

    ``plot_optimal`` is False/None (no point), or True / the criterion
    ``allowed`` (the Display's only criterion, so True means it); the optimum
    must be stored (``optimal``, an OptimalThreshold of that criterion).
    """
    if plot_optimal is None or plot_optimal is False:
        return None
    if plot_optimal is not True and plot_optimal != allowed:
        raise ValueError(
            f"plot_optimal must be False, True or {allowed!r}, got {plot_optimal!r}."
        )
    if multi:
        raise ValueError(
            "plot_optimal= marks one curve's optimal point, but the Display holds "
            "several curves; plot each model's Display on its own."
        )
    if optimal is None:
        raise ValueError(
            f"plot_optimal= needs the stored optimum; pass optimal=evalplots.metrics."
            f"optimal_threshold(y_true, y_score, criterion={allowed!r}) to the Display "
            f"or build it with from_predictions, which stores it."
        )
    return optimal


def optimum_text(best, short, sense="max"):
    """``"max J = 0.67 at t = 0.76"``: the criterion's value (a score; a cost in
    4 significant digits) and its threshold (``": flag no sample"`` at inf)."""
    value = (format_quantity(best.value) if best.criterion == "cost"
             else format_score(best.value))
    if not np.isfinite(best.threshold):
        return f"{sense} {short} = {value}: flag no sample"
    return f"{sense} {short} = {value} at t = {format_threshold(best.threshold)}"


def check_curve_band(band, argname, xname, yname):
    """Validate a band ``(grid, low, high)``: three 1-D arrays of one length in
    [0, 1], the grid increasing and ``low <= high``; None passes."""
    if band is None:
        return None
    if not isinstance(band, (tuple, list)) or len(band) != 3:
        raise ValueError(
            f"{argname} must be a tuple ({xname}_grid, {yname}_low, {yname}_high) "
            f"of three arrays, as returned by the evalplots.metrics band functions."
        )
    arrays = [np.asarray(a, dtype=float) for a in band]
    if any(a.ndim != 1 or a.size != arrays[0].size or a.size < 2 for a in arrays):
        raise ValueError(
            f"{argname} must hold three 1-D arrays of one length (at least 2), got "
            f"shapes {[a.shape for a in arrays]}."
        )
    if any(not np.isfinite(a).all() or a.min() < 0 or a.max() > 1 for a in arrays):
        raise ValueError(f"{argname} values must be finite rates in [0, 1].")
    grid, low, high = arrays
    if np.any(np.diff(grid) < 0):
        raise ValueError(f"{argname}[0] (the {xname} grid) must be non-decreasing.")
    if np.any(low > high):
        raise ValueError(f"{argname}: the lower bound exceeds the upper bound somewhere.")
    return grid, low, high


def mark_point(line, x, y, text, kw, argname, *, marker, above=False):
    """Mark ``(x, y)`` in ``line``'s colour with ``text`` beside it.

    The text goes below the point (``above``: above it, so that the threshold's
    and the optimum's texts part when the points are close), to its right, or
    to its left when the point lies in the right part of the axes (x > 0.6).
    Returns ``(marker, annotation)``; neither has a legend entry.
    """
    defaults = {
        "marker": marker,
        "linestyle": "none",
        "markersize": 8 if marker == "*" else 6,
        "color": line.get_color(),
        "markeredgecolor": "k",
        "zorder": line.get_zorder() + 0.2,
        "label": "_nolegend_",
    }
    kw = merge_style_kwargs(defaults, kw, argname=argname)
    (point,) = line.axes.plot([x], [y], **kw)
    left = x > 0.6
    # texts of other curves' points near this one, on the same side: stack below
    # (or above) them instead of printing over them
    gid = f"evalplots-mark-{'above' if above else 'below'}-{'left' if left else 'right'}"
    near = sum(
        1 for t in line.axes.texts
        if t.get_gid() == gid and abs(t.xy[0] - x) < _NEAR_X and abs(t.xy[1] - y) < _NEAR_Y
    )  # fmt: skip
    shift = _TEXT_STEP * near
    annotation = line.axes.annotate(
        text,
        (x, y),
        xytext=(-6 if left else 6, 4 + shift if above else -4 - shift),
        textcoords="offset points",
        ha="right" if left else "left",
        va="bottom" if above else "top",
        fontsize="x-small",
        color=line.get_color() if near else "0.15",
        parse_math=False,
        gid=gid,
        # readable over the curves it crosses
        bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none",
              "alpha": 0.75},
    )
    return point, annotation


#: Points closer than this (data units of rate axes: about a text's width and
#: height on [0, 1]) have stacked texts.
_NEAR_X, _NEAR_Y = 0.25, 0.05
#: Vertical step (points) between stacked texts: one x-small line and its padding.
_TEXT_STEP = 9


#: Readable names of the interval methods of ConfidenceInterval.method.
_METHODS = {"delong": "DeLong", "bootstrap-bca": "BCa bootstrap",
            "bootstrap-percentile": "percentile bootstrap", "wilson": "Wilson",
            "clopper-pearson": "Clopper-Pearson", "influence-logit": "linearised, logit"}


def interval_title(ax, legend_title, pos_label, ci):
    """The legend title saying what a bracketed interval in the legend is.

    ``"Positive label: 1\n[ ]: 95% CI (DeLong)"`` when ``ci`` (a
    ConfidenceInterval) is shown and no ``legend_title`` is given; the note is
    added once per axes (the title of the axes' legend is kept otherwise).
    """
    if ci is None or legend_title is not None:
        return legend_title
    level = getattr(ci, "confidence_level", None)
    method = getattr(ci, "method", None)
    note = "[ ]: " + (f"{level:.0%} CI" if level is not None else "CI")
    if method:
        note += f" ({_METHODS.get(method, method)})"
    base = given_title(ax.get_legend()) or pos_label_title(pos_label)
    if base and note in base:
        return base
    return f"{base}\n{note}" if base else note


def check_interval(ci, argname):
    """A :class:`~evalplots.metrics.ConfidenceInterval` (or any object with
    ``low``/``high`` in [0, 1], ``low <= high``), or None."""
    if ci is None:
        return None
    low, high = getattr(ci, "low", None), getattr(ci, "high", None)
    if not all(isinstance(v, numbers.Real) for v in (low, high)) or not (
        0 <= low <= high <= 1
    ):
        raise ValueError(
            f"{argname} must be a ConfidenceInterval (evalplots.metrics) with "
            f"0 <= low <= high <= 1, got {ci!r}."
        )
    return ci


def check_single_curve_only(**arguments):
    """Raise if an argument meaningful for one curve is given to a multi-curve Display."""
    given = [name for name, value in arguments.items() if value is not None]
    if given:
        raise ValueError(
            f"{', '.join(given)} describe one curve, but the Display holds several "
            f"curves; build one Display per model to show them."
        )


def threshold_index(thresholds, threshold):
    """Index of the operating point at ``threshold``: score >= threshold is
    positive, so it is the stored point of the smallest stored threshold >= it."""
    candidates = np.flatnonzero(thresholds >= threshold)
    if candidates.size == 0:
        raise ValueError(
            f"threshold={threshold!r} is above every stored threshold (the highest is "
            f"{thresholds.max():g}): no sample is predicted positive, so precision "
            f"is undefined; pass a threshold at or below the highest score."
        )
    return candidates[np.argmin(thresholds[candidates])]


def draw_band(line, band, ci_kw):
    """Fill the band ``(grid, low, high)`` behind ``line``, in its colour."""
    grid, low, high = band
    kw = merge_style_kwargs(
        {"color": line.get_color(), "alpha": 0.2, "linewidth": 0,
         "label": "_nolegend_", "zorder": line.get_zorder() - 0.1},
        ci_kw,
        argname="ci_kw",
    )
    return line.axes.fill_between(grid, low, high, **kw)


#: ``from_predictions`` parameters of the CI band and legend interval (docstring).
CI_PARAMS = """plot_ci : bool, default=False
        Compute and draw the pointwise bootstrap band of the curve (stratified
        resamples, percentile intervals) and put the interval of the legend's
        score into its entry (binary ``y_score`` only).
    n_resamples : int, default=1000
        Number of bootstrap resamples of the band (and of the bootstrap
        interval), with ``plot_ci=True``.
    confidence_level : float, default=0.95
        Coverage of the band and of the interval, in (0, 1).
    random_state : None, int or numpy.random.Generator, default=None
        Seed of the resampling, for a reproducible band."""


def mark_points(line, x, y, thresholds, *, threshold, threshold_kw, optimum,
                optimal_kw):
    """Mark the operating point at ``threshold`` (a diamond, ``"t = 0.5"`` below)
    and the optimum ``(x, y, "max J = 0.67 at t = 0.76")`` (a star, its text
    above) on the curve of points ``x, y``; either may be None.

    Returns ``(threshold marker, its text, optimum marker, its text)``, None where
    not drawn.
    """
    drawn = [None] * 4
    if threshold is not None:
        k = threshold_index(thresholds, threshold)
        drawn[:2] = mark_point(line, x[k], y[k], f"t = {format_threshold(threshold)}",
                               threshold_kw, "threshold_kw", marker="D")
    if optimum is not None:
        drawn[2:] = mark_point(line, *optimum, optimal_kw, "optimal_kw",
                               marker="*", above=True)
    return drawn


def check_mean_std(plot_mean_std, multi, fold_band):
    """``plot_mean_std=True`` draws the stored band of several curves; refuse it for
    one curve or without the band."""
    if plot_mean_std and not multi:
        raise ValueError(
            "plot_mean_std=True summarises several curves (e.g. cross-validation "
            "folds), but the Display holds one curve."
        )
    if plot_mean_std and fold_band is None:
        raise ValueError(
            "plot_mean_std=True draws the stored fold_band (the curves' mean and ±1 "
            "std band), but the Display has none; build it with from_cv_results, "
            "which computes it from the folds' curves."
        )
