"""What the figures of the standard report share: style, model colours, legends.

Figures are made with :class:`matplotlib.figure.Figure` directly (no pyplot
state, nothing to close) inside :func:`evalplots.display.style.context`, so the
report never changes the user's rcParams.
"""

import matplotlib
import numpy as np
from matplotlib.figure import Figure

from evalplots.display import style
from evalplots.display._base import literal_legend

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


def report_style(font_family=None):
    """The report's figure style (:func:`evalplots.display.style.context` 'report').

    ``font_family`` is a fallback font family (e.g. a CJK font) tried after
    DejaVu Sans for characters it lacks.
    """
    rc = None
    if font_family is not None:
        rc = {"font.family": ["sans-serif"], "font.sans-serif": ["DejaVu Sans", font_family]}
    return style.context("report", rc=rc)


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
