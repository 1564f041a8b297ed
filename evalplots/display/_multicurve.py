"""Several curves in one Display: list arguments, class colours, average styles.

A curve Display holds one curve (arrays) or several (lists of arrays, as scikit-learn
>= 1.7 lets ``RocCurveDisplay`` hold CV folds). Here the several curves are the
one-vs-rest curves of a multi-class problem: one per class, drawn in distinct colours
(tab10, tab20 beyond 10 classes, a sampled 'turbo' colormap beyond 20), plus the
micro and macro averages in black and grey with their own dash patterns. This module
holds what ``RocCurveDisplay`` and ``PrecisionRecallDisplay`` share for that.
"""

import numpy as np

from evalplots.display._base import check_option, check_score, merge_style_kwargs
from evalplots.display._thin import plot_curve
from evalplots.display.style import class_colors

__all__ = [
    "AVERAGES",
    "AVERAGE_NAMES",
    "check_averages",
    "check_binary_labels_arg",
    "check_curve_lists",
    "check_names",
    "check_scores",
    "curve_styles",
    "draw_folds",
    "expand",
    "is_multi_curve",
    "legend_title",
    "line_kwargs",
    "ovr_names",
    "plot_one_vs_rest",
]

#: what a curve can be: a class (or binary) curve, or an average over classes
AVERAGES = (None, "micro", "macro")

#: legend names of the averaged curves drawn by ``from_predictions``
AVERAGE_NAMES = {"micro": "micro-average", "macro": "macro-average"}

#: default Line2D properties of the averaged curves (the chance line is black '--')
AVERAGE_STYLES = {
    "micro": {"color": "k", "linestyle": ":", "linewidth": 2.0},
    "macro": {"color": "0.45", "linestyle": "-.", "linewidth": 2.0},
}


def is_multi_curve(values):
    """True for a list or tuple of two or more array-likes (several curves).

    ``[0, 0.5, 1]`` is one curve; ``[array, array]`` is two. A list holding a single
    array is not a list of curves but a 2-D array-like, refused as a curve.
    """
    return (
        isinstance(values, (list, tuple))
        and len(values) >= 2
        and any(np.ndim(v) >= 1 for v in values)
    )


def expand(value, n_curves, argname):
    """Return an optional per-curve argument as a list of ``n_curves`` entries.

    None gives ``[None] * n_curves``; a list, tuple or 1-D array must have one entry
    per curve.
    """
    if value is None:
        return [None] * n_curves
    if isinstance(value, (list, tuple, np.ndarray)) and np.ndim(value) == 1:
        if len(value) != n_curves:
            raise ValueError(
                f"{argname} has {len(value)} entries but there are {n_curves} curves; "
                f"pass one entry per curve (None where there is none)."
            )
        return [v.item() if isinstance(v, np.generic) else v for v in value]
    raise ValueError(
        f"{argname} must be a list with one entry per curve ({n_curves}) when the "
        f"Display holds several curves, got {type(value).__name__}."
    )


def check_curve_lists(x, y, xname, yname, check):
    """Validate two lists of curves pairwise with ``check(x_i, y_i, names)``.

    Returns the list of ``check``'s results, one per curve.
    """
    if not isinstance(y, (list, tuple)) or len(y) != len(x):
        shown = len(y) if isinstance(y, (list, tuple)) else type(y).__name__
        raise ValueError(
            f"{xname} is a list of {len(x)} curves, so {yname} must be a list of "
            f"{len(x)} arrays too, got {shown}."
        )
    return [
        check(xi, yi, f"{xname}[{i}]", f"{yname}[{i}]")
        for i, (xi, yi) in enumerate(zip(x, y))
    ]


def check_scores(values, n_curves, argname):
    """Per-curve scores in [0, 1] (or None), as a list of ``n_curves``."""
    return [
        check_score(v, f"{argname}[{i}]")
        for i, v in enumerate(expand(values, n_curves, argname))
    ]


def check_names(name, n_curves):
    """Per-curve legend names: None, or a list of one name (or None) per curve."""
    if isinstance(name, str):
        raise ValueError(
            f"name is one string but the Display holds {n_curves} curves; pass a list "
            f"of {n_curves} names (e.g. the class names), and the model name as "
            f"plot(legend_title=...)."
        )
    return expand(name, n_curves, "name")


def check_averages(average, n_curves=None):
    """Validate ``average``: one of None/'micro'/'macro' (one curve), or a list of
    these with one entry per curve (``n_curves`` given)."""
    if n_curves is None:
        return check_option(average, AVERAGES, "average")
    averages = expand(average, n_curves, "average")
    for i, value in enumerate(averages):
        check_option(value, AVERAGES, f"average[{i}]")
    return averages


def curve_styles(averages):
    """Default Line2D properties of each curve of a multi-curve Display.

    Class curves (``average`` None) get
    :func:`evalplots.display.style.class_colors` in order; 'micro' is
    black dotted, 'macro' grey dash-dotted, both 2 pt wide.
    """
    colors = iter(class_colors(sum(a is None for a in averages)))
    return [
        dict(AVERAGE_STYLES[a]) if a is not None else {"color": next(colors)}
        for a in averages
    ]


def line_kwargs(defaults, kwargs, curve_kwargs):
    """Line2D properties of each curve: ``defaults[i]``, then ``kwargs``, then
    ``curve_kwargs`` (one dict for every curve, or a list with one dict per curve).
    """
    n_curves = len(defaults)
    if curve_kwargs is None or isinstance(curve_kwargs, dict):
        per_curve = [curve_kwargs] * n_curves
    else:
        per_curve = expand(curve_kwargs, n_curves, "curve_kwargs")
    merged = []
    for i, (default, own) in enumerate(zip(defaults, per_curve)):
        kw = merge_style_kwargs(default, kwargs, argname="kwargs")
        merged.append(merge_style_kwargs(kw, own, argname=f"curve_kwargs[{i}]"))
    return merged


def ovr_names(classes):
    """Legend names of the one-vs-rest curves: the classes, then the two averages."""
    return [str(c) for c in classes] + [AVERAGE_NAMES["micro"], AVERAGE_NAMES["macro"]]


def legend_title(name):
    """Legend title of a one-vs-rest plot: ``"forest (one-vs-rest)"``."""
    return "One-vs-rest" if name is None else f"{name} (one-vs-rest)"


def check_binary_labels_arg(labels):
    """Raise if ``labels`` is given with a 1-D (binary) ``y_score``."""
    if labels is not None:
        raise ValueError(
            "labels names the columns of a 2-D y_score (one per class); with a 1-D "
            "y_score (binary) pass pos_label= instead, or leave labels=None."
        )


def plot_one_vs_rest(build, y_true, y_score, *, labels, pos_label, sample_weight,
                     name, ax, plot_kwargs):
    """``from_predictions`` for a 2-D ``y_score``: resolve the classes, count each
    one-vs-rest problem once, build the Display and plot it.

    ``build(counts, names)`` turns the :class:`~evalplots.metrics.ranking._ovr_curves.OvrCounts`
    and the curve names (:func:`ovr_names`) into a Display; the legend is titled
    :func:`legend_title` of ``name`` unless ``plot_kwargs`` sets ``legend_title``.
    """
    from evalplots.metrics.ranking._ovr import check_class_weights, resolve_ovr_classes
    from evalplots.metrics.ranking._ovr_curves import ovr_counts
    from evalplots.metrics._validation import check_sample_weight

    if pos_label is not None:
        raise ValueError(
            f"pos_label={pos_label!r} applies to a binary y_score; a 2-D y_score draws "
            f"one curve per class (each class in turn positive), so leave pos_label=None."
        )
    codes, classes, scores = resolve_ovr_classes(y_true, y_score, labels)
    weight = check_sample_weight(sample_weight, codes.size)
    check_class_weights(codes, weight, classes)
    display = build(ovr_counts(codes, scores, sample_weight=weight), ovr_names(classes))
    plot_kwargs.setdefault("legend_title", legend_title(name))
    return display.plot(ax=ax, **plot_kwargs)


def draw_folds(ax, fold_lines, fold_band, scores, name, *, metric_name,
               curve_kwargs, kwargs, mean_kw, band_kw, drawstyle="default", step=None):
    """Draw several curves of one model (e.g. cross-validation folds).

    ``fold_lines`` are ``(x, y, drawstyle)`` to plot, ``fold_band`` the
    :class:`~evalplots.metrics.ranking._macro_curves.FoldBand` of the folds: the mean curve
    (drawn with ``drawstyle``), the ±1 std band (``step`` passed to
    ``fill_between``) and the mean ± std of the scores. The mean curve is drawn
    after the folds (thin, translucent, in the axes' next colour), in their
    colour (black when each fold has its own legend entry), the band behind
    them. Legend as scikit-learn's ``from_cv_results``:
    ``curve_kwargs`` a dict (or None) gives one entry, on the mean curve, with the
    mean ± std of ``scores``; a list of one dict per fold gives one entry per fold
    (``name`` then a string or a list of one name per fold) plus the mean curve's.

    Returns ``(fold lines, mean line, band)``.
    """
    from evalplots.display._base import LegendScore, legend_label, set_legend_entry

    n_curves = len(fold_lines)
    per_fold = isinstance(curve_kwargs, list)
    if isinstance(name, list) and all(n is None for n in name):
        name = None  # (a Display's stored names: none given)
    if isinstance(name, list) and not per_fold:
        raise ValueError(
            f"name is a list, but curve_kwargs is not a list of {n_curves} dicts: "
            f"folds drawn alike get one legend entry; pass name as one string, or "
            f"curve_kwargs as a list of one dict per fold."
        )
    names = expand(name, n_curves, "name") if isinstance(name, list) else [name] * n_curves
    defaults = [
        {"linewidth": 0.8, "alpha": 0.45, "drawstyle": style,
         "label": legend_label(fold_name, metric_name, score) if per_fold else "_nolegend_"}
        for (_, _, style), fold_name, score in zip(fold_lines, names, scores)
    ]
    kws = line_kwargs(defaults, {k: v for k, v in kwargs.items() if k != "color"},
                      curve_kwargs)
    lines = []
    for (fx, fy, _), kw, fold_name, score in zip(fold_lines, kws, names, scores):
        if lines and not per_fold:  # folds drawn alike: the first fold's colour
            kw = {"color": lines[0].get_color(), **kw}
        line = plot_curve(ax, fx, fy, **kw)
        if per_fold and kw.get("label") == legend_label(fold_name, metric_name, score):
            set_legend_entry(line, fold_name, metric_name, score)
        lines.append(line)
    # the mean in the folds' colour (black when each fold has its own entry)
    color = "k" if per_fold else lines[0].get_color()
    mean_default = {"linewidth": 2.0, "drawstyle": drawstyle, "color": color}
    mean_default = merge_style_kwargs(mean_default, kwargs, argname="kwargs")
    mean_line = plot_curve(ax, fold_band.x, fold_band.mean,
                           **merge_style_kwargs(mean_default, mean_kw, argname="mean_kw"))
    color = mean_line.get_color()
    patch = ax.fill_between(
        fold_band.x, fold_band.low, fold_band.high, step=step,
        **merge_style_kwargs({"color": color, "alpha": 0.2, "linewidth": 0,
                              "label": "_nolegend_"}, band_kw, argname="band_kw"),
    )
    summary = (None if fold_band.score_mean is None else
               LegendScore(fold_band.score_mean, std=fold_band.score_std))
    shown = "mean" if per_fold else name
    if mean_line.get_label().startswith("_"):
        set_legend_entry(mean_line, shown, metric_name, summary, before=(patch,))
    return lines, mean_line, patch
