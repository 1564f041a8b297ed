"""The figures of the standard report, drawn from an evaluation: one recipe each.

The PDF report (:mod:`evalplots.report.standard`, 'report' style, 7.6 in wide)
and :meth:`Evaluation.save_figures` ('paper' style, 3.5 or 7 in wide) both draw
with these functions, so a figure in a paper is the figure of the report.
Figures are made with :class:`matplotlib.figure.Figure` directly (no pyplot
state, nothing to close) inside :func:`evalplots.display.style.context`, so
nothing changes the user's rcParams. This module imports matplotlib: the
evaluation objects import it only when they draw.
"""

import functools
import pathlib
import re

import matplotlib
import numpy as np
from matplotlib.figure import Figure

from evalplots.display import style
from evalplots.display._base import LITERAL_TEXT, legend_handle, literal_legend
from evalplots.display._fonts import figure_font_family, ignore_glyph_warnings

_LINESTYLES = ("-", "--", ":", "-.")


def model_style(i):
    """Colour and line style of the ``i``-th model: no two models alike.

    The ten tab10 colours solid, then dashed, dotted and dash-dotted (40
    models), then the ten light tab20 shades in the same four styles (80);
    beyond that, colours from evenly spaced hues (never repeated).

    Examples
    --------
    >>> model_style(0), model_style(10)
    ({'color': '#1f77b4', 'linestyle': '-'}, {'color': '#1f77b4', 'linestyle': '--'})
    """
    from matplotlib.colors import hsv_to_rgb, to_hex

    if i < 80:
        palette = matplotlib.colormaps["tab20"].colors[i // 40::2]
        return {"color": to_hex(palette[i % 10]), "linestyle": _LINESTYLES[i // 10 % 4]}
    hue = ((i - 80) * 0.6180339887) % 1.0  # golden-ratio steps: distinct hues
    return {"color": to_hex(hsv_to_rgb((hue, 0.8, 0.6 + 0.3 * (i % 2)))),
            "linestyle": "-"}


def figure_style(name="report", font_family=None):
    """A figure style (:func:`evalplots.display.style.context`) with a fallback font.

    ``font_family`` is a fallback font family (e.g. a CJK font) tried after
    DejaVu Sans for characters it lacks.
    """
    rc = None
    if font_family is not None:
        rc = {"font.family": ["sans-serif"], "font.sans-serif": ["DejaVu Sans", font_family]}
    return style.context(name, rc=rc)


def legend_below(fig, axes, handles, labels):
    """Replace the per-axes legends by one legend under the axes.

    With several models a legend inside the axes would cover the curves. Model
    and class names are shown literally (never parsed as mathtext).
    """
    for ax in np.ravel(axes):
        if ax.get_legend() is not None:
            ax.get_legend().remove()
    # two columns only while two entries fit side by side (~55 characters each)
    wide = max((len(label) for label in labels), default=0) > 55
    literal_legend(fig, handles, labels, loc="outside lower center", frameon=False,
                   ncols=1 if len(handles) <= 3 or wide else 2)


def legend_height(n_entries, labels=()):
    """Extra figure height (inches) for a legend of ``n_entries`` under the axes."""
    wide = max((len(label) for label in labels), default=0) > 55
    rows = n_entries if n_entries <= 3 or wide else -(-n_entries // 2)
    return 0.2 + 0.17 * rows


def zoom_limits(breakevens):
    """A square window around the break-even points, up to the top-right corner."""
    finite = [b for b in breakevens if np.isfinite(b)]
    low = max(0.0, min(finite, default=0.5) - 0.15)
    return (low, 1.005)


# --- the figures: each takes the evaluation, a style name, a width in inches
# and the fallback font family, and returns a drawn Figure. Heights follow the
# width, so the report's 7.6 in figures and a paper's 7 in ones look alike.

def roc_figure(ev, *, style="report", width=7.6, family=None):
    """All models' ROC curves on one axes (left) and the top-left corner (right)."""
    names = ev.model_names
    with figure_style(style, family):
        fig = Figure(figsize=(width, width * 3.7 / 7.6 + legend_height(
                         len(names) + 1, [f"{n} (AUC = 0.000)" for n in names])),
                     layout="constrained")
        full, detail = fig.subplots(1, 2)
        handles = []
        for ax in (full, detail):
            for i, name in enumerate(names):
                display = ev.roc_display(name).plot(
                    ax=ax, plot_chance_level=ax is full, **model_style(i))
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
        for ax in (full, detail):  # two square boxes of one size, whatever the limits
            ax.set_aspect("auto")
            ax.set_box_aspect(1)
        legend_below(fig, (full, detail), handles, labels)
    return fig


_PR_TITLES = {"steps-post": "steps-post (area = AP)",
              "sawtooth": "sawtooth (textbook; BEP where P = R)"}


def precision_recall_figure(ev, *, drawstyles=("steps-post", "sawtooth"), style="report",
                            width=7.6, family=None):
    """Precision-recall curves: full range and detail for each drawing style.

    With both drawing styles: steps-post (left) and sawtooth (right), full range
    above, detail below. With one: full range (left) and detail (right).
    """
    names = ev.model_names
    both = len(drawstyles) == 2
    with figure_style(style, family):
        fig = Figure(figsize=(width, width * (7.6 if both else 3.7) / 7.6 + legend_height(
                         len(names) + 1, [f"{n} (AP = 0.00, BEP = 0.00)" for n in names])),
                     layout="constrained")
        grid = fig.subplots(2, 2) if both else fig.subplots(1, 2)[None, :]
        # (full, detail) axes of each drawing style
        panels = ([(grid[0, c], grid[1, c]) for c in range(2)] if both
                  else [(grid[0, 0], grid[0, 1])])
        displays = [ev.precision_recall_display(name) for name in names]
        entries = []
        for col, (drawstyle, axes) in enumerate(zip(drawstyles, panels)):
            for row, ax in enumerate(axes):
                for i, display in enumerate(displays):
                    display.plot(ax=ax, drawstyle=drawstyle,
                                 plot_chance_level=row == 0 and i == 0, **model_style(i))
                    if (row, col) == (0, 0):
                        entries.append(display.line_)
                        if i == 0:
                            chance = display.chance_level_
        # one entry per model, "m (AP = 0.99, BEP = 0.96)" with the BEP dot on the
        # line; read once all models are drawn (the legend's decimals are shared)
        entries = [(legend_handle(line), line.get_label()) for line in entries]
        entries.append((chance, chance.get_label()))
        limits = zoom_limits([ev[n].break_even_point for n in names])
        for drawstyle, (full, detail) in zip(drawstyles, panels):
            full.set_title(_PR_TITLES[drawstyle])
            detail.set(title=f"{drawstyle}, detail", xlim=limits, ylim=limits)
            for ax in (full, detail):
                ax.grid(alpha=0.25, linewidth=0.5)
        legend_below(fig, grid, *zip(*entries))
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
        # the paper style's tighter padding widens the square panels: more height
        extra = 0.5 if style == "paper" else 0.0
        fig = Figure(figsize=(width, width * 7.4 / 7.6 + legend_height(entries) + extra),
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
            ax.set_aspect("auto")
            ax.set_box_aspect(1)
        handles, labels = axes[0, 0].get_legend_handles_labels()
        pr_handles, pr_labels = axes[0, 1].get_legend_handles_labels()
        legend_below(fig, axes, handles + pr_handles, labels + pr_labels)
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
            ax.set_title(ax.get_title().replace(f"{name}\n", "").replace(name, ""),
                         fontsize="small", **LITERAL_TEXT)
    return fig


# --- the report's figures as files, for papers

#: Figure widths (in) in papers: one journal column, and the full page width.
ONE_COLUMN, TWO_COLUMNS = 3.5, 7.0
FORMATS = ("pdf", "svg", "png")
# Characters no file system takes in a name (Windows' set, '/' and NUL), and
# controls; names Windows reserves whatever the suffix.
_UNSAFE = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*\s]+')
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
             *(f"lpt{i}" for i in range(10))}


def file_stem(name, taken=()):
    """A file-name part for a model name: recognisable, safe on every file system.

    Runs of characters that Windows, macOS or Linux refuse (``<>:"/\\|?*``,
    controls) and whitespace become one ``_``; letters of any script are kept.
    Leading and trailing dots and ``_`` go; an empty result is ``model``, a name
    Windows reserves (``CON``, ``NUL``, ...) gets ``_`` appended, and the name is
    cut to 100 characters. A stem already in ``taken`` gets ``_2``, ``_3``, ....

    Examples
    --------
    >>> file_stem("logistic regression / L2"), file_stem("Модель-1"), file_stem("nul")
    ('logistic_regression_L2', 'Модель-1', 'nul_')
    >>> file_stem("a:b", taken={"a_b"})
    'a_b_2'
    """
    stem = _UNSAFE.sub("_", name).strip("._")[:100] or "model"
    if stem.lower() in _RESERVED:
        stem += "_"
    unique, i = stem, 2
    while unique in taken:
        unique, i = f"{stem}_{i}", i + 1
    return unique


def paper_figures(ev):
    """The standard report's figures of ``ev`` as ``(file stem, width, draw)`` triples.

    ``draw(style, width)`` returns the drawn Figure. Figures with two panels or
    more are two columns wide (7 in), single panels one column (3.5 in).
    """
    figures = []
    if ev.task == "binary":
        figures += [
            ("roc_curves", TWO_COLUMNS, functools.partial(roc_figure, ev)),
            ("precision_recall_steps", TWO_COLUMNS, functools.partial(
                precision_recall_figure, ev, drawstyles=("steps-post",))),
            ("precision_recall_sawtooth", TWO_COLUMNS, functools.partial(
                precision_recall_figure, ev, drawstyles=("sawtooth",)))]
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
            if ev[name].y_score is not None:
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
    from evalplots._atomic import write_atomically

    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(map(repr, FORMATS))}; "
                         f"got {format!r}.")
    directory = pathlib.Path(directory)
    if directory.exists() and not directory.is_dir():
        raise ValueError(f"directory {str(directory)!r} exists and is not a directory; "
                         f"give the path of a directory for the figure files.")
    directory.mkdir(parents=True, exist_ok=True)
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
