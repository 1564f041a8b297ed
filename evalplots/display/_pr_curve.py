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
    LegendScore,
    chance_line,
    check_curve,
    check_score,
    legend_label,
    merge_style_kwargs,
    set_legend_entry,
)
from evalplots.display._operating_points import draw_band
from evalplots.display._multicurve import curve_styles, line_kwargs
from evalplots.display._thin import plot_curve

__all__ = [
    "DRAWSTYLES",
    "ISO_F1_VALUES",
    "PRCurve",
    "check_break_even",
    "check_iso_f1_values",
    "check_pr_curve",
    "draw_chance_level",
    "draw_iso_f1",
    "draw_pr_curves",
    "iso_f1_curve",
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
    average_precision_ci: object = None


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
                   curve_kwargs, bands=None, ci_kw=None):
    """Draw each :class:`PRCurve` on ``ax``; return the lists (lines, BEP markers,
    chance lines, bands), None where a marker, chance line or band is not drawn.

    Each curve has one legend entry, ``"name (AP = 0.87, BEP = 0.67)"``, whose
    handle shows the band (``bands[i]``, a ``(recall_grid, low, high)`` or None),
    the line and the BEP marker together. One curve (``multi`` False) gets
    matplotlib's next colour and the shared black chance line; several curves get
    :func:`curve_styles` and a chance line each, in their colour.
    """
    defaults = curve_styles([c.average for c in curves]) if multi else [{}]
    styles, beps, parts = [], [], []
    for default, name, curve in zip(defaults, names, curves):
        styles.append("steps-post" if curve.average == "macro" else drawstyle)
        beps.append(_break_even_of(curve) if plot_break_even else None)
        ap = curve.average_precision
        if ap is not None and curve.average_precision_ci is not None:
            ci = curve.average_precision_ci
            ap = LegendScore(ap, ci.low, ci.high)
        parts.append((name, AP_NAMES[styles[-1]], ap, "BEP", beps[-1]))
        default["label"] = legend_label(*parts[-1])
        default["drawstyle"] = "default" if styles[-1] == "sawtooth" else "steps-post"
    lines, markers, chances, patches = [], [], [], []
    kws = line_kwargs(defaults, kwargs, curve_kwargs)
    bands = [None] * len(curves) if bands is None else bands
    for curve, kw, style, bep, part, default, band in zip(
        curves, kws, styles, beps, parts, defaults, bands
    ):
        p, r = curve.precision, curve.recall
        line = plot_curve(ax, *(sawtooth(p, r) if style == "sawtooth" else (r, p)), **kw)
        lines.append(line)
        markers.append(
            None if bep is None else _mark(line, bep, "_nolegend_", break_even_kw)
        )
        patches.append(None if band is None else draw_band(line, band, ci_kw))
        if kw.get("label") == default["label"]:
            set_legend_entry(line, *part, before=(patches[-1],), after=(markers[-1],))
        chances.append(
            draw_chance_level(line, curve.prevalence, multi, chance_level_kw)
            if plot_chance_level
            else None
        )
    return lines, markers, chances, patches


def _break_even_of(curve):
    """The curve's stored BEP; None when not stored, undefined (NaN) or 'macro'."""
    bep = curve.break_even
    if curve.average == "macro" or bep is None:  # macro: no operating points
        return None
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


def draw_chance_level(line, prevalence, multi, chance_level_kw):
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


#: default F1 values of the iso-F1 lines
ISO_F1_VALUES = (0.2, 0.4, 0.6, 0.8)


def check_iso_f1_values(values):
    """The iso-F1 values: a non-empty sequence of numbers in (0, 1)."""
    arr = np.asarray(values, dtype=float) if np.ndim(values) == 1 else None
    if arr is None or arr.size == 0 or not np.all((arr > 0) & (arr < 1)):
        raise ValueError(
            f"iso_f1_values must be a non-empty sequence of F1 values in (0, 1), got "
            f"{values!r}; e.g. iso_f1_values=(0.2, 0.4, 0.6, 0.8)."
        )
    return arr


def iso_f1_curve(f1, n_points=200):
    """Points ``(recall, precision)`` of the curve F1 = ``f1`` inside [0, 1]²:
    P = f·R / (2R − f), from (f / (2 − f), 1) to (1, f / (2 − f))."""
    recall = np.linspace(f1 / (2 - f1), 1.0, n_points)
    return recall, f1 * recall / (2 * recall - f1)


def draw_iso_f1(ax, values, iso_f1_kw):
    """Draw the iso-F1 curves, each labelled inline ``"F1=0.8"`` at its right end;
    curves already on ``ax`` (from another Display) are reused. Returns the lines
    and the label Texts."""
    lines, texts = [], []
    for f1 in values:
        gid = f"evalplots:iso_f1:{f1:g}"
        found = [ln for ln in ax.get_lines() if ln.get_gid() == gid]
        if found:
            lines.append(found[0])
            texts.extend(t for t in ax.texts if t.get_gid() == gid)
            continue
        kw = merge_style_kwargs(
            {"color": "0.7", "linewidth": 0.8, "linestyle": "-", "zorder": 0.5,
             "label": "_nolegend_", "gid": gid},
            iso_f1_kw,
            argname="iso_f1_kw",
        )
        (line,) = ax.plot(*iso_f1_curve(f1), **kw)
        r, p = iso_f1_curve(f1)
        texts.append(ax.text(
            r[-1] - 0.01, p[-1] + 0.01, f"F1={f1:g}", color=line.get_color(),
            fontsize="x-small", ha="right", va="bottom", gid=gid, zorder=0.5,
            clip_on=True,
        ))
        lines.append(line)
    return lines, texts
