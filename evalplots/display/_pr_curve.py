"""Drawing precision-recall curves: step or sawtooth vertices, BEP marker, chance line.

The pieces of :meth:`PrecisionRecallDisplay.plot <evalplots.display.PrecisionRecallDisplay.plot>`
for one curve or several: which vertices each drawing uses, what the legend says,
where the break-even marker goes and how the chance line is drawn. A 'macro' curve
(the mean of class step functions) has no operating points: it is drawn
'steps-post' whatever the drawstyle, and has no BEP.
"""

import math
from typing import NamedTuple

import numpy as np

from evalplots.display._base import (
    CHANCE_GID,
    chance_line,
    check_curve,
    check_score,
    legend_label,
    merge_style_kwargs,
)
from evalplots.display._multicurve import curve_styles, line_kwargs
from evalplots.metrics import break_even_point_from_curve

__all__ = [
    "DRAWSTYLES",
    "PRCurve",
    "check_break_even",
    "check_pr_curve",
    "draw_pr_curves",
    "sawtooth",
]

DRAWSTYLES = ("steps-post", "sawtooth")

#: legend name of the AP for each drawing: AP is the area under the step curve only.
AP_NAMES = {"steps-post": "AP", "sawtooth": "step-wise AP"}


class PRCurve(NamedTuple):
    """One stored P-R curve and its numbers, as a Display holds them."""

    precision: np.ndarray
    recall: np.ndarray
    average_precision: float
    break_even: float
    prevalence: float
    average: str


def check_pr_curve(precision, recall, pname, rname):
    """Return ``(recall, precision)`` checked to be in precision_recall_curve layout."""
    recall, precision = check_curve(recall, precision, rname, pname)
    if np.any(np.diff(recall) > 0):
        raise ValueError(
            f"{rname} must be non-increasing (the layout of "
            f"evalplots.metrics.precision_recall_curve: recall 1 first, the sentinel "
            f"R=0, P=1 last); if your arrays run the other way, pass recall[::-1] and "
            f"precision[::-1]."
        )
    if recall[-1] != 0.0 or precision[-1] != 1.0:
        raise ValueError(
            f"{rname} and {pname} must end with the sentinel R=0, P=1, as returned "
            f"by evalplots.metrics.precision_recall_curve; append it (np.r_[x, 0] and "
            f"np.r_[p, 1])."
        )
    return recall, precision


def check_break_even(value, argname):
    """A BEP in [0, 1], NaN (undefined: no marker) or None (computed when drawn)."""
    if isinstance(value, float) and math.isnan(value):
        return math.nan
    return check_score(value, argname)


def sawtooth(precision, recall):
    """Return the sawtooth vertices ``(recall, precision)``, highest threshold first.

    The stored arrays run from the lowest threshold (recall 1) to the highest, then
    the sentinel (R=0, P=1), which is not an operating point: it is dropped and the
    rest reversed.
    """
    return recall[-2::-1], precision[-2::-1]


def draw_pr_curves(ax, curves, names, *, multi, drawstyle, plot_break_even,
                   break_even_kw, plot_chance_level, chance_level_kw, kwargs,
                   curve_kwargs):
    """Draw each :class:`PRCurve` on ``ax``; return the lists (lines, BEP markers,
    chance lines), None where a marker or chance line is not drawn.

    One curve (``multi`` False) is drawn as it always was: matplotlib's next colour,
    the BEP as its own legend entry, the shared black chance line. Several curves
    get :func:`curve_styles` and the BEP inside each curve's legend entry.
    """
    defaults = curve_styles([c.average for c in curves]) if multi else [{}]
    styles, beps = [], []
    for default, name, curve in zip(defaults, names, curves):
        styles.append("steps-post" if curve.average == "macro" else drawstyle)
        beps.append(_break_even_of(curve) if plot_break_even else None)
        bep_part = ("BEP", beps[-1]) if multi else ()
        default["label"] = legend_label(
            name, AP_NAMES[styles[-1]], curve.average_precision, *bep_part
        )
        default["drawstyle"] = "default" if styles[-1] == "sawtooth" else "steps-post"
    lines, markers, chances = [], [], []
    kws = line_kwargs(defaults, kwargs, curve_kwargs)
    for curve, kw, style, bep, name in zip(curves, kws, styles, beps, names):
        p, r = curve.precision, curve.recall
        (line,) = ax.plot(*(sawtooth(p, r) if style == "sawtooth" else (r, p)), **kw)
        lines.append(line)
        label = "_nolegend_" if multi else legend_label(name, "BEP", bep)
        markers.append(None if bep is None else _mark(line, bep, label, break_even_kw))
        chances.append(
            _chance_level(line, curve.prevalence, multi, chance_level_kw)
            if plot_chance_level
            else None
        )
    return lines, markers, chances


def _break_even_of(curve):
    """The curve's BEP (computed when not stored); None when undefined or 'macro'."""
    if curve.average == "macro":  # an average of step functions: no operating points
        return None
    bep = curve.break_even
    if bep is None:
        bep = break_even_point_from_curve(curve.precision, curve.recall)
    return None if math.isnan(bep) else bep  # (the metric has already warned why)


def _mark(line, bep, label, break_even_kw):
    """Mark (b, b) in ``line``'s colour, just above it."""
    marker_kw = merge_style_kwargs(
        {
            "label": label,
            "marker": "o",
            "linestyle": "none",
            "color": line.get_color(),
            "markeredgecolor": "k",
            "zorder": line.get_zorder() + 0.1,
        },
        break_even_kw,
        argname="break_even_kw",
    )
    (marker,) = line.axes.plot([bep], [bep], **marker_kw)
    return marker


def _chance_level(line, prevalence, multi, chance_level_kw):
    """The chance line P = prevalence.

    One curve: black, dashed, labelled, shared by every Display on the axes. Several
    curves: thin, dashed, in ``line``'s colour, without legend entry.
    """
    if multi:
        defaults = {"label": "_nolegend_", "color": line.get_color(),
                    "linestyle": "--", "linewidth": 1.0, "gid": CHANCE_GID}
    else:
        defaults = {"label": f"Chance level (prevalence = {prevalence:0.2f})",
                    "color": "k", "linestyle": "--"}
    kw = merge_style_kwargs(defaults, chance_level_kw, argname="chance_level_kw")
    if multi:
        (chance,) = line.axes.plot((0, 1), (prevalence, prevalence), **kw)
        return chance
    return chance_line(line.axes, (0, 1), (prevalence, prevalence), kw)
