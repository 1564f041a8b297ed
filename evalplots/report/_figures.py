"""The figures of the standard evaluation report, drawn with the Display classes.

Figures are made with :class:`matplotlib.figure.Figure` directly (no pyplot
state, nothing to close) inside :func:`matplotlib.rc_context`, so the report
never changes the user's rcParams.
"""

import contextlib

import matplotlib
import numpy as np
from matplotlib.figure import Figure

from evalplots.display import (
    ConfusionMatrixDisplay,
    PrecisionRecallDisplay,
    RocCurveDisplay,
)

# Sizes for figures printed ~17 cm wide: small fonts, thin lines.
REPORT_RC = {
    "font.size": 8.0,
    "axes.titlesize": 9.0,
    "axes.labelsize": 8.0,
    "legend.fontsize": 7.0,
    "xtick.labelsize": 7.0,
    "ytick.labelsize": 7.0,
    "lines.linewidth": 1.3,
    "lines.markersize": 6.0,
    "axes.unicode_minus": False,
}


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


@contextlib.contextmanager
def report_style(font_family=None):
    """Context manager with the report's figure rcParams.

    ``font_family`` is a fallback font family (e.g. a CJK font) tried after
    DejaVu Sans for characters it lacks.
    """
    rc = dict(REPORT_RC)
    if font_family is not None:
        rc["font.family"] = ["sans-serif"]
        rc["font.sans-serif"] = ["DejaVu Sans", font_family]
    with matplotlib.rc_context(rc):
        yield


def _legend_below(fig, axes, handles, labels):
    """Replace the per-axes legends by one legend under the axes.

    With several models a legend inside the axes would cover the curves.
    """
    for ax in np.ravel(axes):
        if ax.get_legend() is not None:
            ax.get_legend().remove()
    fig.legend(handles, labels, loc="outside lower center", frameon=False,
               ncols=1 if len(handles) <= 3 else 2)


def _legend_height(n_entries):
    """Extra figure height (inches) for a legend of ``n_entries`` under the axes."""
    rows = n_entries if n_entries <= 3 else -(-n_entries // 2)
    return 0.2 + 0.17 * rows


def roc_figure(y_true, scores, pos_label, table, font_family=None):
    """All models' ROC curves on one axes (left) and the top-left corner (right).

    ``table`` maps each model to its metrics; the legend shows the ROC AUC to
    four decimals, as the report's metrics table does. Both panels are square
    and of the same size.
    """
    with report_style(font_family):
        fig = Figure(figsize=(7.6, 3.7 + _legend_height(len(scores) + 1)),
                     layout="constrained")
        full, detail = fig.subplots(1, 2)
        handles, labels = [], []
        for ax in (full, detail):
            for i, (name, y_score) in enumerate(scores.items()):
                display = RocCurveDisplay.from_predictions(
                    y_true, y_score, pos_label=pos_label, name=name, ax=ax,
                    plot_chance_level=ax is full, **model_style(i),
                )
                if ax is full:
                    handles.append(display.line_)
                    labels.append(f"{name} (AUC = {table[name]['ROC AUC']:.4f})")
                    chance = display.chance_level_  # one shared diagonal
            ax.grid(alpha=0.25, linewidth=0.5)
        handles.append(chance)
        labels.append(chance.get_label())
        tpr_low = _zoom_limits([m["BEP"] for m in table.values()])[0]
        detail.set(title="detail: top-left corner", xlim=(-0.005, 1.005 - tpr_low),
                   ylim=(tpr_low, 1.005))
        full.set_title("ROC curves")
        for ax in (full, detail):  # two square boxes of one size, whatever the limits
            ax.set_aspect("auto")
            ax.set_box_aspect(1)
        _legend_below(fig, (full, detail), handles, labels)
    return fig


def _zoom_limits(breakevens):
    """A square window around the break-even points, up to the top-right corner."""
    finite = [b for b in breakevens if np.isfinite(b)]
    low = max(0.0, min(finite, default=0.5) - 0.15)
    return (low, 1.005)


def _pr_legend_entry(name, display, m):
    """One legend entry per model: its line with the BEP dot, AP and BEP values."""
    if display.break_even_ is None:  # BEP undefined
        return display.line_, f"{name} (AP = {m['AP']:.4f})"
    return ((display.line_, display.break_even_),
            f"{name} (AP = {m['AP']:.4f}, BEP = {m['BEP']:.4f})")


def precision_recall_figure(y_true, scores, pos_label, table, font_family=None):
    """Steps-post (left) and sawtooth (right), full range above, detail below.

    Every model is drawn on every axes with its break-even point marked;
    ``table`` holds the metrics shown in the legend (four decimals). Both
    full-range panels show the chance level (the positive rate).
    """
    columns = [
        ("steps-post", "steps-post (area = AP)"),
        ("sawtooth", "sawtooth (textbook; BEP where P = R)"),
    ]
    with report_style(font_family):
        fig = Figure(figsize=(7.6, 7.6 + _legend_height(len(scores) + 1)),
                     layout="constrained")
        axes = fig.subplots(2, 2)
        displays, entries = [], []
        for i, (name, y_score) in enumerate(scores.items()):
            display = PrecisionRecallDisplay.from_predictions(
                y_true, y_score, pos_label=pos_label, name=name, ax=axes[0, 0],
                drawstyle="steps-post", plot_chance_level=i == 0, **model_style(i),
            )
            displays.append(display)
            entries.append(_pr_legend_entry(name, display, table[name]))
        chance = displays[0].chance_level_
        entries.append((chance, chance.get_label()))
        for row in (0, 1):
            for col, (drawstyle, _) in enumerate(columns):
                if (row, col) == (0, 0):
                    continue
                for i, display in enumerate(displays):
                    display.plot(ax=axes[row, col], drawstyle=drawstyle,
                                 plot_chance_level=(row, i) == (0, 0), **model_style(i))
        limits = _zoom_limits([m["BEP"] for m in table.values()])
        for col, (_, title) in enumerate(columns):
            axes[0, col].set_title(title)
            axes[1, col].set(title=f"{title.split(' ')[0]}, detail", xlim=limits,
                             ylim=limits)
            for ax in axes[:, col]:
                ax.grid(alpha=0.25, linewidth=0.5)
        _legend_below(fig, axes, *zip(*entries))
    return fig


def confusion_figure(y_true, y_pred, labels, display_labels, font_family=None):
    """One model's confusion matrix: rows = true (left) and transposed (right)."""
    with report_style(font_family):
        fig = Figure(figsize=(7.6, 3.3), layout="constrained")
        left, right = fig.subplots(1, 2)
        display = ConfusionMatrixDisplay.from_predictions(
            y_true, y_pred, labels=labels, display_labels=display_labels, ax=left,
            colorbar=False,
        )
        display.plot(ax=right, transposed=True, colorbar=False)
        left.set_title("rows = true class")
        right.set_title("transposed: rows = predicted class")
    return fig
