"""The figures of the standard report, drawn from an evaluation: one recipe each.

The PDF report (:mod:`evalplots.report.standard`, 'report' style, 7.6 in wide)
and :meth:`Evaluation.save_figures` ('paper' style, 3.5 or 7 in wide, through
:func:`save_figures` here) both draw with these functions, so a figure in a
paper is the figure of the report. Each recipe reads the evaluation's public
attributes and Displays only. Figures are made with
:class:`matplotlib.figure.Figure` directly (no pyplot state, nothing to close)
inside :func:`evalplots.display.style.context`, so nothing changes the user's
rcParams.
"""

import functools
import pathlib
import re
import unicodedata
import warnings

import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.transforms import ScaledTranslation

from evalplots._atomic import NAME_MAX, cut_to_bytes, make_directories, write_atomically
from evalplots._text import NEUTRALISED
from evalplots.display import style
from evalplots.display._base import (
    LITERAL_TEXT,
    break_lines,
    figure_text,
    legend_entries,
    legend_handle,
    literal_legend,
)
from evalplots.display._fonts import figure_font_family, ignore_glyph_warnings
from evalplots.display.style import model_style
from evalplots.exceptions import EmptyFigureWarning
from evalplots.metrics._format import format_threshold
from evalplots.report._flowables import run_layout_as_svg


def figure_style(name="report", font_family=None):
    """A figure style (:func:`evalplots.display.style.context`) with a fallback font.

    ``font_family`` is a fallback font family (e.g. a CJK font) tried after
    DejaVu Sans for characters it lacks.
    """
    return style.context(name, fallback_family=font_family)


def legend_below(fig, axes, handles, labels, *, ncols=None):
    """Replace the per-axes legends by one legend under the axes.

    With several models a legend inside the axes would cover the curves. Model
    and class names are shown literally (never parsed as mathtext). ``ncols``
    None: one column, or two when there are more than three entries. An entry
    wider than its column is broken into lines (:func:`legend_text_width`), so
    that a long model name never runs off the figure. Returns the legend.
    """
    for ax in np.ravel(axes):
        if ax.get_legend() is not None:
            ax.get_legend().remove()
    # two columns only while two entries fit side by side (~55 characters each)
    wide = max((len(label) for label in labels), default=0) > 55
    if ncols is None:
        ncols = 1 if len(handles) <= 3 or wide else 2
    legend = literal_legend(fig, handles, labels, loc="outside lower center",
                            frameon=False, ncols=ncols)
    room = legend_text_width(legend, fig.get_figwidth() * 72, ncols)
    for text, label in zip(legend.get_texts(), labels):
        text.set_text(break_lines(label, room, fontsize=text.get_fontsize()))
    return legend


def legend_text_width(legend, width, ncols):
    """Points left for the text of one entry of ``legend`` in ``width`` points
    split into ``ncols`` columns: less the handle, the gap after it, the
    spacing between columns and the padding on both sides.

    A longer entry is broken into lines (:func:`break_lines`: at ``_``, ``-``
    and white space, a middle "…" past three lines) instead of running off the
    figure.
    """
    size = legend._fontsize
    own = (legend.handlelength + legend.handletextpad) * size
    outer = 2 * (legend.borderpad + legend.borderaxespad) * size
    gaps = (ncols - 1) * legend.columnspacing * size
    return (width - outer - gaps) / ncols - own


def legend_height(n_entries, labels=()):
    """Extra figure height (inches) for a legend of ``n_entries`` under the axes."""
    wide = max((len(label) for label in labels), default=0) > 55
    rows = n_entries if n_entries <= 3 or wide else -(-n_entries // 2)
    return 0.2 + 0.17 * rows


def square_panels(fig, axes):
    """Lay ``axes`` (the panels of one grid) out in square slots of the figure.

    A fixed aspect (``set_box_aspect``, ``aspect='equal'``) under constrained
    layout shrinks each axes inside the slot the layout made for it, and the
    layout misjudges the room around it: an x label runs into the title of the
    panel below, a title out of the figure. Here the panels fill their slots
    (aspect 'auto') and the slots are made square instead: the layout is run
    once as the report's SVG draws it (:func:`run_layout_as_svg`); slots taller
    than wide give up the difference of height (the figure gets shorter), slots
    wider than tall the difference of width (the layout's rectangle gets
    narrower, centred), so the figure is never taller than it was made. Titles,
    labels and the legend keep the room the layout gave them.
    """
    axes = list(np.ravel(axes))
    for ax in axes:
        ax.set_aspect("auto")
        ax.set_box_aspect(None)
    if not run_layout_as_svg(fig):
        return
    width, height = fig.get_size_inches()
    boxes = [ax.get_position() for ax in axes]
    rows = len({ax.get_subplotspec().rowspan.start for ax in axes})
    cols = len({ax.get_subplotspec().colspan.start for ax in axes})
    across = np.mean([b.width for b in boxes]) * width
    up = np.mean([b.height for b in boxes]) * height
    if up > across:
        fig.set_size_inches(width, height - rows * (up - across), forward=False)
    else:
        kept = 1.0 - cols * (across - up) / width
        fig.get_layout_engine().set(rect=((1.0 - kept) / 2, 0.0, kept, 1.0))


def zoom_limits(breakevens):
    """A square window around the break-even points, up to the top-right corner."""
    finite = [b for b in breakevens if np.isfinite(b)]
    low = max(0.0, min(finite, default=0.5) - 0.15)
    return (low, 1.005)


# --- the figures: each takes the evaluation, a style name, a width in inches
# and the fallback font family, and returns a drawn Figure. Heights follow the
# width, so the report's 7.6 in figures and a paper's 7 in ones look alike.

def roc_figure(ev, *, ci=False, style="report", width=7.6, family=None):
    """All models' ROC curves on one axes (left) and the top-left corner (right).

    Each curve marks its operating point at ``ev.threshold`` (diamond) and its
    Youden optimum (star), without texts (legend keys say what they are). With
    ``ci`` each curve has its pointwise bootstrap band (``ev.roc_ci_bands``).
    """
    names = ev.model_names
    with figure_style(style, family):
        fig = Figure(figsize=(width, width * 3.7 / 7.6 + legend_height(
                         len(names) + 3 + bool(ci), roc_labels(names))),
                     layout="constrained")
        full, detail = fig.subplots(1, 2)
        handles, labels = draw_roc(ev, full, detail, ci)
        legend_below(fig, (full, detail), handles, labels)
        square_panels(fig, (full, detail))
    return fig


def roc_page_figure(ev, *, ci=False, style="report", width=7.6, family=None):
    """The report's ROC page: :func:`roc_figure`'s two panels above, the DET and
    cumulative gain panels of :func:`det_gain_figure` below, one legend.

    Returns the figure and the models whose DET curve is not visible.
    """
    names = ev.model_names
    with figure_style(style, family):
        fig = Figure(figsize=(width, width * 7.2 / 7.6 + legend_height(
                         len(names) + 4 + bool(ci), roc_labels(names))),
                     layout="constrained")
        axes = fig.subplots(2, 2)
        handles, labels = draw_roc(ev, *axes[0], ci)
        invisible, (perfect,) = draw_det_gain(ev, *axes[1])
        legend_below(fig, axes, [*handles, perfect], [*labels, perfect.get_label()])
        square_panels(fig, axes)
    return fig, invisible


def roc_labels(names):
    """Legend texts as long as the ROC legend's, for its height."""
    return [f"{n} (AUC = 0.000)" for n in names]


def draw_roc(ev, full, detail, ci):
    """Draw the ROC panels of :func:`roc_figure`; return the legend's entries."""
    names = ev.model_names
    handles = []
    displays = [ev.roc_display(name, ci=ci) for name in names]  # one per model
    for ax in (full, detail):
        for i, display in enumerate(displays):
            display.plot(ax=ax, plot_chance_level=ax is full, threshold=ev.threshold,
                         plot_optimal=True, **model_style(i))
            remove_marker_texts(display)
            if ax is full:
                handles.append(display.line_)
                chance = display.chance_level_  # one shared diagonal
        ax.grid(alpha=0.25, linewidth=0.5)
    handles.append(chance)
    labels = [h.get_label() for h in handles]  # after all: shared decimals
    tpr_low = zoom_limits([ev[n].break_even_point for n in names])[0]
    detail.set(title="detail: top-left corner", xlim=(-0.005, 1.005 - tpr_low),
               ylim=(tpr_low, 1.005))
    full.set_title("ROC curves")
    keys = marker_keys(ev, "Youden optimum (max J = TPR - FPR)",
                       ci and _any_band(ev, ev.roc_ci_bands))
    return handles + [k for k, _ in keys], labels + [t for _, t in keys]


_PR_TITLES = {"steps-post": "steps-post (area = AP)",
              "sawtooth": "sawtooth (textbook; BEP where P = R)"}


def precision_recall_figure(ev, *, drawstyles=("steps-post", "sawtooth"), ci=False,
                            style="report", width=7.6, family=None):
    """Precision-recall curves: full range and detail for each drawing style.

    With both drawing styles: steps-post (left) and sawtooth (right), full range
    above, detail below. With one: full range (left) and detail (right). Each
    curve marks its operating point at ``ev.threshold`` (diamond; not where no
    sample is predicted positive) and its max-F1 point (star), without texts.
    With ``ci`` the steps-post panels show each model's band of
    the interpolated precision (``ev.precision_recall_ci_bands``).
    """
    names = ev.model_names
    both = len(drawstyles) == 2
    with figure_style(style, family):
        fig = Figure(figsize=(width, width * (7.6 if both else 3.7) / 7.6 + legend_height(
                         len(names) + 3 + bool(ci),
                         [f"{n} (AP = 0.00, BEP = 0.00)" for n in names])),
                     layout="constrained")
        grid = fig.subplots(2, 2) if both else fig.subplots(1, 2)[None, :]
        # (full, detail) axes of each drawing style
        panels = ([(grid[0, c], grid[1, c]) for c in range(2)] if both
                  else [(grid[0, 0], grid[0, 1])])
        displays = [ev.precision_recall_display(name, ci=ci) for name in names]
        entries = []
        for col, (drawstyle, axes) in enumerate(zip(drawstyles, panels)):
            for row, ax in enumerate(axes):
                for i, (name, display) in enumerate(zip(names, displays)):
                    display.plot(ax=ax, drawstyle=drawstyle,
                                 plot_chance_level=row == 0 and i == 0,
                                 plot_ci=drawstyle == "steps-post",
                                 threshold=(ev.threshold if ev[name].operating_points[0].tp
                                            + ev[name].operating_points[0].fp else None),
                                 plot_optimal=True, **model_style(i))
                    remove_marker_texts(display)
                    if (row, col) == (0, 0):
                        entries.append(display.line_)
                        if i == 0:
                            chance = display.chance_level_
        # one entry per model, "m (AP = 0.99, BEP = 0.96)" with the BEP dot on the
        # line; read once all models are drawn (the legend's decimals are shared)
        entries = [(legend_handle(line), line.get_label()) for line in entries]
        entries.append((chance, chance.get_label()))
        entries += marker_keys(ev, "max F1 point", ci and "steps-post" in drawstyles
                               and _any_band(ev, ev.precision_recall_ci_bands),
                               band="pointwise band of the interpolated precision")
        limits = zoom_limits([ev[n].break_even_point for n in names])
        for drawstyle, (full, detail) in zip(drawstyles, panels):
            full.set_title(_PR_TITLES[drawstyle])
            detail.set(title=f"{drawstyle}, detail", xlim=limits, ylim=limits)
            for ax in (full, detail):
                ax.grid(alpha=0.25, linewidth=0.5)
        legend_below(fig, grid, *zip(*entries))
        square_panels(fig, grid)
    return fig


def remove_marker_texts(display):
    """Remove the texts beside the markers: with several models they crowd the
    panel; the legend keys say what the markers are, the report's table of
    operating points gives their values."""
    for text in (display.threshold_annotation_, display.optimal_annotation_):
        if text is not None:
            text.remove()


def _any_band(ev, bands):
    """Whether a model of ``ev`` has a band to shade (none above the size where
    the band's resamples are left out)."""
    return any(bands[name] is not None for name in ev.model_names)


def marker_keys(ev, optimum, ci, *, band="pointwise bootstrap band"):
    """Legend keys ``(handle, text)`` of the operating-point and optimum markers
    (and of the band, with ``ci``), in black: each model's are in its colour."""
    keys = [(Line2D([], [], marker="D", linestyle="none", color="0.6",
                    markeredgecolor="k"), f"operating point at threshold {ev.threshold:g}"),
            (Line2D([], [], marker="*", markersize=8, linestyle="none", color="0.6",
                    markeredgecolor="k"), optimum)]
    if ci:
        level = ev.interval_options.confidence_level
        keys.append((Patch(color="0.6", alpha=0.35, linewidth=0),
                     f"shaded: {level:.0%} {band}"))
    return keys


def shared_score_bins(ev):
    """Whether all models' score histograms share one set of bins."""
    return len({tuple(e) for e in ev.score_bins.values()}) == 1


def chunks(names, size):
    """``names`` in consecutive groups of ``size``: the models of one report figure
    (a grid of more rows would be scaled down to unreadable text)."""
    return [names[i:i + size] for i in range(0, len(names), size)]


def grid_shape(n):
    """(rows, columns) of a small-multiples grid of ``n`` panels: two per row,
    three side by side for three (a second row of one would leave half a page)."""
    cols = 3 if n == 3 else min(2, n)
    return -(-n // cols), cols


def det_gain_figure(ev, *, style="report", width=7.6, family=None):
    """All models' DET curves (left) and cumulative gain curves (right).

    Returns the figure and the names of the models whose DET curve has no point
    inside the deviate axes (drawn nowhere; see DetCurveDisplay).
    """
    names = ev.model_names
    with figure_style(style, family):
        fig = Figure(figsize=(width, width * 3.7 / 7.6 + legend_height(len(names) + 2)),
                     layout="constrained")
        det, gain = fig.subplots(1, 2)
        invisible, _ = draw_det_gain(ev, det, gain)
        handles, labels = gain.get_legend_handles_labels()
        legend_below(fig, (det, gain), handles, labels)
        square_panels(fig, (det, gain))
    return fig, invisible


def draw_det_gain(ev, det, gain):
    """Draw the DET and gain panels; return the models whose DET curve is not
    visible and the perfect-model line (a legend entry of its own)."""
    invisible = []
    for i, name in enumerate(ev.model_names):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", EmptyFigureWarning)
            ev.det_display(name).plot(ax=det, plot_chance_level=i == 0, **model_style(i))
        if any(issubclass(w.category, EmptyFigureWarning) for w in caught):
            invisible.append(name)
        g = ev.gain_display(name).plot(ax=gain, plot_chance_level=i == 0,
                                       plot_perfect=i == 0, **model_style(i))
        g.line_.set_label(name)  # the KS values are in the caption
        if i == 0:
            perfect = g.perfect_
    det.set_title("DET curves (normal-deviate axes)")
    gain.set_title("cumulative gain; bars: KS statistic")
    for ax in (det, gain):
        ax.grid(alpha=0.25, linewidth=0.5)
    return invisible, (perfect,)


#: Inches from an axes' bottom edge to the top of a legend under its x label (the
#: tick labels and the label end 0.37 in below the edge in the report style): a
#: fixed length, so that short panels (three per row) do not overlap the label.
_BELOW_XLABEL = 0.43


def threshold_figure(ev, names=None, *, style="report", width=7.6, family=None):
    """One metric-versus-threshold panel per model of ``names`` (two per row).

    Precision, recall (TPR), F1 and FPR against the threshold; the chosen
    threshold (black dashed) and the Youden and max-F1 thresholds (grey) are
    vertical lines, each with its legend entry under the panel. ``names`` None
    means every model.
    """
    names = ev.model_names if names is None else names
    rows, cols = grid_shape(len(names))
    panel = width / cols
    with figure_style(style, family):
        fig = Figure(figsize=(width, rows * (min(panel * 0.62, 3.0) + 1.35)),
                     layout="constrained")
        axes = np.atleast_1d(fig.subplots(rows, cols, squeeze=False).ravel())
        for ax, name in zip(axes, names):
            with warnings.catch_warnings():
                # one distinct score: the display draws points and says so; the
                # report's summary already notes the tied scores
                warnings.simplefilter("ignore", EmptyFigureWarning)
                display = ev.threshold_display(name).plot(ax=ax, threshold=ev.threshold)
            panel_title(ax, name, panel)
            handles, labels = ax.get_legend_handles_labels()
            ax.get_legend().remove()
            literal_legend(ax, handles, [label.replace("False positive rate", "FPR")
                                         for label in labels],
                           loc="upper center", bbox_to_anchor=(0.5, 0.0),
                           bbox_transform=ax.transAxes + ScaledTranslation(
                               0, -_BELOW_XLABEL, fig.dpi_scale_trans),
                           ncols=1 if cols > 1 else 2, borderaxespad=0.0, frameon=False)
            ax.grid(alpha=0.25, linewidth=0.5)
            display.ax_.set_ylabel("metric value")
        for ax in axes[len(names):]:
            ax.set_visible(False)
    return fig


#: Models per ranking figure (:func:`ranking_figure`): one page's height.
RANKING_ROWS = 40


def ranking_figure(ev, names, *, ci, highlighted=(), style="report", width=7.6,
                   family=None):
    """Every model of ``names`` on one row: its ROC AUC (left) and AP (right),
    each with its interval when ``ci``; a summary of many models in one figure.

    ``names`` are drawn top to bottom in the given order (the report ranks
    them by ROC AUC); the models of ``highlighted`` (those with their own
    curves and pages) are drawn in black, the others in grey. Reads
    ``ev.metrics_table`` and ``ev.intervals`` only.
    """
    names = list(names)
    rows = ev.metrics_table.rows
    with figure_style(style, family):
        fig = Figure(figsize=(width, 0.9 + 0.16 * len(names)), layout="constrained")
        axes = fig.subplots(1, 2, sharey=True)
        y = np.arange(len(names))
        for ax, column in zip(axes, ("ROC AUC", "AP")):
            for shown in (True, False):
                keep = [i for i, n in enumerate(names) if (n in highlighted) == shown]
                if not keep:
                    continue
                value = np.array([rows[names[i]][column] for i in keep], dtype=float)
                color = "black" if shown else "0.55"
                if ci:
                    bounds = [ev.intervals[names[i]].get(column) for i in keep]
                    low = np.array([np.nan if b is None else b.low for b in bounds])
                    high = np.array([np.nan if b is None else b.high for b in bounds])
                    ax.hlines(y[keep], low, high, color=color, linewidth=1.0)
                ax.plot(value, y[keep], "o", color=color, markersize=3.5)
            ax.set_xlabel(column + (f" [{ev.interval_options.confidence_level:.0%} CI]"
                                    if ci else ""))
            ax.grid(axis="x", alpha=0.25, linewidth=0.5)
        axes[0].set_yticks(y, names, **LITERAL_TEXT)
        axes[0].set_ylim(len(names) - 0.5, -0.5)
        axes[0].tick_params(axis="y", labelsize="small")
    return fig


def panel_title(ax, name, panel):
    """Title a model's panel with ``name``, in lines that fit the panel's axes.

    The axes of a panel ``panel`` inches wide are about 0.6 in narrower (the
    y label and tick labels); a longer name is broken (:func:`break_lines`) so
    that it does not run into the titles of the panels beside it.
    """
    ax.set_title(break_lines(name, (panel - 0.6) * 72, fontsize="medium"),
                 fontsize="medium", **LITERAL_TEXT)


def calibration_figure(ev, names, *, style="report", width=7.6, family=None):
    """One reliability diagram per model of ``names`` (two per row), each with the
    histogram of its bin counts below."""
    rows, cols = grid_shape(len(names))
    panel = width / cols
    with figure_style(style, family):
        fig = Figure(figsize=(width, rows * panel),
                     layout="constrained")
        cells = fig.add_gridspec(rows, cols)
        for k, name in enumerate(names):
            sub = cells[k // cols, k % cols].subgridspec(2, 1, height_ratios=(3, 1))
            ax = fig.add_subplot(sub[0])
            hist_ax = fig.add_subplot(sub[1], sharex=ax)
            i = ev.model_names.index(name)
            ev.calibration_display(name).plot(
                ax=ax, hist_ax=hist_ax, color=model_style(i)["color"],
                ref_line_kw={"linestyle": "--"})
            panel_title(ax, name, panel)
            ax.grid(alpha=0.25, linewidth=0.5)
            ax.get_legend().remove()  # ECE and Brier are in the report's table
            ax.set_xlabel("")
            ax.tick_params(labelbottom=False)
    return fig


def decision_curve_figure(ev, names, *, style="report", width=7.6, family=None):
    """The decision curves of the models of ``names`` (probabilities) on one axes,
    with the treat-all and treat-none strategies and one legend under the axes."""
    with figure_style(style, family):
        labels = [*names, "Treat all", "Treat none"]
        fig = Figure(figsize=(width, 0.45 * width + legend_height(len(labels), labels)),
                     layout="constrained")
        ax = fig.add_subplot()
        for name in names:
            i = ev.model_names.index(name)
            ev.decision_curve_display(name).plot(ax=ax, name=name, **model_style(i))
        ax.grid(alpha=0.25, linewidth=0.5)
        legend_below(fig, ax, *legend_entries(ax))
    return fig


def score_distribution_figure(ev, names=None, *, style="report", width=7.6, family=None):
    """One panel per model of ``names`` (two per row; None: every model): the two
    classes' score histograms (densities, on ``ev.score_bins``) and the threshold
    line."""
    names = ev.model_names if names is None else names
    rows, cols = grid_shape(len(names))
    panel = width / cols
    shared = shared_score_bins(ev)
    with figure_style(style, family):
        # the one-row legend below takes its room from the panels (page height kept)
        fig = Figure(figsize=(width, rows * min(panel * 0.64, 2.6)), layout="constrained")
        axes = fig.subplots(rows, cols, squeeze=False, sharex=shared, sharey=False).ravel()
        colours = {"curve_kwargs": [{"color": "C0"}, {"color": "C3"}]}
        for ax, name in zip(axes, names):
            ev.score_distribution_display(name).plot(
                ax=ax, threshold=ev.threshold, legend_loc="upper center", name="",
                **colours)
            panel_title(ax, name, panel)
            ax.set_xlabel(figure_text(f"score of class {ev.pos_name}"), **LITERAL_TEXT)
            if shared:
                ax.tick_params(labelbottom=True)
        for ax in axes[len(names):]:
            ax.set_visible(False)
        # the classes and the threshold are the same in every panel: one legend under
        # them instead of one inside each, over the histograms
        handles, labels = axes[0].get_legend_handles_labels()
        legend_below(fig, axes[:len(names)], handles, labels, ncols=len(handles))
    return fig


def binary_confusion_figure(ev, name, *, layouts=(False, True), style="report",
                            width=7.6, family=None):
    """One model's confusion matrix, one panel per layout (``transposed`` value)."""
    titles = {False: "rows = true class", True: "transposed: rows = predicted class"}
    with figure_style(style, family):
        fig = Figure(figsize=(width, 6.6 * width / (7.6 * len(layouts))),
                     layout="constrained")
        display = ev.confusion_matrix_display(name)
        for ax, transposed in zip(fig.subplots(1, len(layouts), squeeze=False)[0],
                                  layouts):
            display.plot(ax=ax, transposed=transposed, colorbar=False)
            if len(layouts) > 1:  # a single panel needs no title saying its layout
                ax.set_title(titles[transposed])
    return fig


def classification_report_height(k):
    """Height (in) of a per-class heatmap of ``k`` classes, 5.2 in wide."""
    return min(8.0, 1.6 + 0.22 * (k + 4))


def classification_report_figure(ev, name, *, style="report", width=5.2, family=None):
    """One model's per-class precision, recall and F1 as a heatmap."""
    height = classification_report_height(ev.classes_.size) * width / 5.2
    with figure_style(style, family):
        fig = Figure(figsize=(width, height), layout="constrained")
        ev.classification_report_display(name).plot(ax=fig.add_subplot())
    return fig


#: Above this many classes the one-vs-rest figures draw the class curves in grey,
#: without legend entries or BEP dots (their numbers are in the per-class tables);
#: only the micro and macro averages are named.
NAMED_CURVES_MAX = 12
#: Above this many classes a confusion-matrix cell is too small for "count (row %)".
BOTH_VALUES_MAX = 12


def ovr_figure(ev, name, *, style="report", width=7.6, family=None):
    """ROC (left) and P-R (right) one-vs-rest curves; below, the same enlarged."""
    k = ev.classes_.size
    with figure_style(style, family):
        entries = (k if k <= NAMED_CURVES_MAX else 0) + 3
        fig = Figure(figsize=(width, width * 7.4 / 7.6 + legend_height(entries)),
                     layout="constrained")
        axes = fig.subplots(2, 2)
        roc, pr = ev.roc_display(name), ev.precision_recall_display(name)
        curve_kwargs = None
        if k > NAMED_CURVES_MAX:  # grey class curves, named averages only
            grey = {"color": "0.72", "linewidth": 0.6, "label": "_nolegend_"}
            curve_kwargs = [grey] * k + [{}, {}]
        for row in (0, 1):
            roc.plot(ax=axes[row, 0], plot_chance_level=row == 0,
                     curve_kwargs=curve_kwargs)
            pr.plot(ax=axes[row, 1], plot_break_even=k <= NAMED_CURVES_MAX,
                    curve_kwargs=curve_kwargs)
        macro_auc, macro_ap = roc.roc_auc[-1], pr.average_precision[-1]
        low = max(0.0, min(macro_auc, macro_ap) - 0.25)
        axes[0, 0].set_title("ROC, one-vs-rest")
        axes[0, 1].set_title("precision-recall, one-vs-rest")
        axes[1, 0].set(title="ROC, detail: top-left corner", xlim=(-0.005, 1.005 - low),
                       ylim=(low, 1.005))
        axes[1, 1].set(title="precision-recall, detail: top-right corner",
                       xlim=(low, 1.005), ylim=(low, 1.005))
        for ax in axes.flat:
            ax.grid(alpha=0.25, linewidth=0.5)
        handles, labels = axes[0, 0].get_legend_handles_labels()
        pr_handles, pr_labels = axes[0, 1].get_legend_handles_labels()
        legend_below(fig, axes, handles + pr_handles, labels + pr_labels)
        square_panels(fig, axes)
    return fig


def multiclass_confusion_width(k):
    """Natural width (in) of a multi-class confusion-matrix figure of ``k`` classes."""
    return min(7.0, 2.2 + 0.35 * k) + 1.0


def multiclass_confusion_figure(ev, name, *, transposed=False, style="report", width=None,
                                family=None):
    """One model's confusion matrix, colour = share of the true class.

    Returns the figure and the drawn Display (its ``text_`` is None when the
    counts are too many to print). ``width`` None is the natural width.
    """
    k = ev.classes_.size
    natural = multiclass_confusion_width(k)
    width = natural if width is None else width
    with figure_style(style, family):
        fig = Figure(figsize=(width, width * (natural - 1.0) / natural),
                     layout="constrained")
        display = ev.confusion_matrix_display(name).plot(
            ax=fig.add_subplot(), normalize="true", transposed=transposed,
            values="both" if k <= BOTH_VALUES_MAX else "counts",
            values_format=".0%" if k <= BOTH_VALUES_MAX else None)
    return fig, display


def prediction_error_figure(ev, name, *, style="report", width=7.6, family=None):
    """Actual vs predicted, residuals vs predicted and the residual distribution."""
    display = ev.prediction_error_display(name)
    with figure_style(style, family):
        fig = Figure(figsize=(width, 2.9 * width / 7.6), layout="constrained")
        axes = fig.subplots(1, 3)
        for ax, kind in zip(axes, ("actual_vs_predicted", "residual_vs_predicted",
                                   "residual_distribution")):
            display.plot(ax=ax, kind=kind)
            shown = figure_text(name)  # as the Display's title shows it
            ax.set_title(ax.get_title().replace(f"{shown}\n", "").replace(shown, ""),
                         fontsize="small", **LITERAL_TEXT)
    return fig


# --- the report's figures as files, for papers

#: Figure widths (in) in papers: one journal column, and the full page width.
ONE_COLUMN, TWO_COLUMNS = 3.5, 7.0
FORMATS = ("pdf", "svg", "png")
# Characters no file system takes in a name (Windows' set, '/' and NUL), and
# controls; names Windows reserves whatever the suffix.
# what file systems refuse, whitespace, and what shown_text escapes (controls, bidi
# overrides, surrogate escapes): a file name shows no escape, so these become "_"
_UNSAFE = re.compile(rf'(?:[<>:"/\\|?*\s]|{NEUTRALISED.pattern})+')
#: the most UTF-8 bytes of a model's part of a figure file name: NAME_MAX less
#: room for the longest fixed part around it ("classification_report_", ".pdf")
STEM_BYTES = NAME_MAX - 32
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
             *(f"lpt{i}" for i in range(10))}


def calibration_models(ev):
    """``(names, skipped)``: the models whose scores are probabilities (all in
    [0, 1]) and have a calibration page, and ``{name: reason}`` of the others."""
    names, skipped = [], {}
    for name in ev.model_names:
        if ev[name].is_probability:
            names.append(name)
        else:
            distinct = ev[name].counts[2]  # the distinct scores, highest first
            skipped[name] = (f"scores from {format_threshold(distinct[-1])} to "
                             f"{format_threshold(distinct[0])}, not probabilities in [0, 1]")
    return names, skipped


def file_stem(name, taken=()):
    """A file-name part for a model name: recognisable, safe on every file system.

    Runs of characters that Windows, macOS or Linux refuse (``<>:"/\\|?*``,
    controls), whitespace, bidi overrides and surrogate escapes
    (:data:`evalplots._text.NEUTRALISED`) become one ``_``; letters of any script are kept, in
    Unicode's composed form (NFC). Leading and trailing dots and ``_`` go; an
    empty result is ``model``, a name Windows reserves (``CON``, ``NUL``, ...)
    gets ``_`` appended, and the name is cut to 100 characters and to
    ``STEM_BYTES`` bytes of UTF-8 (file names are limited in bytes: 100 CJK
    characters are 300). A stem that a case-insensitive or normalisation-
    insensitive file system (macOS, Windows) would take for one in ``taken``
    (``RF`` and ``rf``; ``é`` composed and decomposed) gets ``_2``, ``_3``, ....

    Examples
    --------
    >>> file_stem("logistic regression / L2"), file_stem("Модель-1"), file_stem("nul")
    ('logistic_regression_L2', 'Модель-1', 'nul_')
    >>> file_stem("a:b", taken={"a_b"}), file_stem("rf", taken={"RF"})
    ('a_b_2', 'rf_2')
    """
    stem = unicodedata.normalize("NFC", _UNSAFE.sub("_", name).strip("._")[:100])
    stem = cut_to_bytes(stem, STEM_BYTES) or "model"
    if stem.lower() in _RESERVED:
        stem += "_"
    keys = {_same_file_key(t) for t in taken}
    unique, i = stem, 2
    while _same_file_key(unique) in keys:
        number = f"_{i}"
        unique, i = cut_to_bytes(stem, STEM_BYTES - len(number)) + number, i + 1
    return unique


def _same_file_key(stem):
    """What a case- and normalisation-insensitive file system compares of a name:
    Unicode's canonical caseless match, NFD(casefold(NFD(stem)))."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", stem).casefold())


def paper_figures(ev, *, ci=False):
    """The standard report's figures of ``ev`` as ``(file stem, width, draw)`` triples.

    ``draw(style, width)`` returns the drawn Figure. Figures with two panels or
    more are two columns wide (7 in), single panels one column (3.5 in). With
    ``ci`` the ROC and step-wise P-R figures hold the bootstrap bands.
    """
    figures = []
    if ev.task == "binary":
        figures += [
            ("roc_curves", TWO_COLUMNS, functools.partial(roc_figure, ev, ci=ci)),
            ("det_and_cumulative_gain_curves", TWO_COLUMNS,
             lambda **kw: det_gain_figure(ev, **kw)[0]),
            ("precision_recall_steps", TWO_COLUMNS, functools.partial(
                precision_recall_figure, ev, drawstyles=("steps-post",), ci=ci)),
            ("precision_recall_sawtooth", TWO_COLUMNS, functools.partial(
                precision_recall_figure, ev, drawstyles=("sawtooth",))),
            ("metrics_vs_threshold", TWO_COLUMNS, functools.partial(threshold_figure, ev)),
            ("score_distributions", TWO_COLUMNS,
             functools.partial(score_distribution_figure, ev))]
        calibrated = calibration_models(ev)[0]
        if calibrated:
            figures.append(("calibration", TWO_COLUMNS if len(calibrated) > 1 else ONE_COLUMN,
                            functools.partial(calibration_figure, ev, calibrated)))
    k = ev.classes_.size if ev.task == "multiclass" else 0
    stems = set()
    for name in ev.model_names:
        stem = file_stem(name, stems)
        stems.add(stem)
        if ev.task == "binary":
            figures.append((f"confusion_matrix_{stem}", ONE_COLUMN, functools.partial(
                binary_confusion_figure, ev, name, layouts=(False,))))
        elif ev.task == "multiclass":
            figures.append((f"classification_report_{stem}",
                            ONE_COLUMN if k <= 10 else TWO_COLUMNS,
                            functools.partial(classification_report_figure, ev, name)))
            if ev[name].has_scores:
                figures.append((f"one_vs_rest_curves_{stem}", TWO_COLUMNS,
                                functools.partial(ovr_figure, ev, name)))
            figures.append((f"confusion_matrix_{stem}",
                            ONE_COLUMN if k <= 6 else TWO_COLUMNS,
                            lambda name=name, **kw: multiclass_confusion_figure(
                                ev, name, **kw)[0]))
        else:
            figures.append((f"prediction_errors_{stem}", TWO_COLUMNS,
                            functools.partial(prediction_error_figure, ev, name)))
    return figures


def figure_texts(ev):
    """The user texts the figures of ``ev`` show: model names and class names."""
    names = getattr(ev, "label_names", None) or {}
    return [*ev.model_names, *map(str, names.values())]


def save_figures(ev, directory, format="pdf", *, dpi=300):
    """Write each figure of :func:`paper_figures` atomically; see Evaluation.save_figures."""
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(map(repr, FORMATS))}; "
                         f"got {format!r}.")
    directory = pathlib.Path(directory)
    if directory.exists() and not directory.is_dir():
        raise ValueError(f"directory {str(directory)!r} exists and is not a directory; "
                         f"give the path of a directory for the figure files.")
    make_directories(directory)
    # svg.fonttype 'path': SVG cannot embed fonts, so text is drawn as outlines and
    # looks the same everywhere (the PDF keeps it as text, TrueType embedded).
    rc = {"pdf.fonttype": 42, "ps.fonttype": 42, "svg.fonttype": "path",
          "svg.hashsalt": "evalplots", "savefig.bbox": None}
    metadata = {"pdf": {"CreationDate": None}, "svg": {"Date": None}, "png": None}[format]
    # the report's fallback font for the names' CJK characters (one warning if none)
    family = figure_font_family(figure_texts(ev), stacklevel=3)
    paths = []
    for stem, width, draw in paper_figures(ev):
        with style.context("paper", rc=rc), ignore_glyph_warnings():
            fig = draw(style="paper", width=width, family=family)
            paths.append(write_atomically(
                directory / f"{stem}.{format}",
                lambda tmp, fig=fig: fig.savefig(tmp, format=format, dpi=dpi,
                                                 metadata=metadata)))
    return paths
