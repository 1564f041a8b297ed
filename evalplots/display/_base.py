"""Shared machinery of the Display classes: axes handling, legend labels, style kwargs.

Every Display follows the scikit-learn pattern (compute, store, draw): ``__init__``
stores computed arrays, ``plot`` draws them and keeps the artists in trailing-underscore
attributes, ``from_predictions`` computes with :mod:`evalplots.metrics` and returns
``cls(...).plot(...)``. Nothing here touches ``matplotlib.rcParams``.
"""

import numbers
import re
from typing import NamedTuple

import numpy as np
from matplotlib import ft2font
from matplotlib.legend import Legend

from evalplots._text import drawn_text, left_to_right, shown_text
from evalplots.display._frame import FrameMixin
from evalplots.metrics._format import format_interval, format_score, score_decimals

__all__ = []

#: matplotlib property aliases -> canonical names (both spellings in one dict is an
#: error in matplotlib; we detect it up front and name the offending argument).
_ALIASES = {
    "aa": "antialiased",
    "c": "color",
    "ds": "drawstyle",
    "ec": "edgecolor",
    "fc": "facecolor",
    "ls": "linestyle",
    "lw": "linewidth",
    "mec": "markeredgecolor",
    "mew": "markeredgewidth",
    "mfc": "markerfacecolor",
    "mfcalt": "markerfacecoloralt",
    "ms": "markersize",
    "size": "fontsize",
    "weight": "fontweight",
    "family": "fontfamily",
    "ha": "horizontalalignment",
    "va": "verticalalignment",
    "ma": "multialignment",
}

#: gid given to chance-level lines, so that a second Display on the same axes reuses
#: the line instead of drawing (and labelling) it twice.
CHANCE_GID = "evalplots:chance_level"

#: a legend with more entries than this goes outside the axes (right side): inside,
#: it would hide the curves (10 classes + 2 averages + chance level fit inside)
LEGEND_INSIDE_MAX = 13


def merge_style_kwargs(defaults, user, *, argname):
    """Return ``defaults`` updated with the user's style dict, aliases resolved.

    Parameters
    ----------
    defaults : dict
        The Display's default matplotlib properties (canonical names).
    user : dict or None
        The user's properties; aliases such as ``c`` or ``ls`` are accepted.
    argname : str
        Name of the user's argument (e.g. ``"chance_level_kw"``), used in errors.

    Returns
    -------
    kwargs : dict
        A new dict; the user's values win over the defaults.

    Raises
    ------
    ValueError
        If ``user`` is not a dict, or gives one property under two names
        (e.g. both ``c`` and ``color``).
    """
    if user is None:
        return dict(defaults)
    if not isinstance(user, dict):  # ValueError by project rule: bad input, named
        raise ValueError(  # noqa: TRY004
            f"{argname} must be a dict of matplotlib properties or None, got "
            f"{type(user).__name__}; pass e.g. {argname}={{'color': 'k'}}."
        )
    for alias, canonical in _ALIASES.items():
        if alias in user and canonical in user:
            raise ValueError(
                f"{argname} sets both {alias!r} and {canonical!r}, which are aliases of "
                f"one another; keep only one of them."
            )
    merged = dict(defaults)
    for key, value in user.items():
        key = _ALIASES.get(key, key)
        merged[key] = value
    # A default given under an alias name (e.g. 'ls') must not survive next to the
    # user's canonical spelling.
    for alias, canonical in _ALIASES.items():
        if alias in merged and canonical in merged:
            del merged[alias]
    return merged


#: put before a legend label that starts with "_" (ZERO WIDTH SPACE: no width, no ink)
LEGEND_SHOW_PREFIX = "\N{ZERO WIDTH SPACE}"


def legend_text(label):
    """``label`` as a legend label matplotlib shows, even when it starts with ``"_"``.

    matplotlib leaves artists whose label starts with an underscore out of the
    legend (``"_nolegend_"``, ``"_child0"``), so a model or class named
    ``"_baseline"`` would vanish from it. Such a label gets a zero-width space
    in front: it prints exactly as written and is listed. None stays None
    (no label); to hide an entry on purpose, pass ``label="_nolegend_"`` in the
    Display's ``*_kw`` argument.
    """
    if isinstance(label, str) and label.startswith("_"):
        return LEGEND_SHOW_PREFIX + label
    return label


def legend_label(name, metric_name=None, value=None, *more, decimals=None):
    """Build a legend entry: ``"name (AUC = 0.87)"``, ``"AUC = 0.87"``, ``"name"``.

    More ``metric_name, value`` pairs may follow: ``"name (AP = 0.87, BEP = 0.67)"``;
    a pair whose value is None or NaN is left out. A value may be a
    :class:`LegendScore` (with an interval or a spread). ``decimals`` sets the
    number of decimals of every number; None uses :func:`score_decimals` of each.
    Returns None when there is neither a name nor a value (no legend entry). A
    name starting with ``"_"`` is shown (:func:`legend_text`).
    """
    pairs = zip((metric_name, *more[::2]), (value, *more[1::2]))
    shown = [
        f"{metric} = {_format_legend_value(v, decimals)}"
        for metric, v in pairs
        if metric is not None and _legend_number(v) is not None
    ]
    if shown:
        metrics = ", ".join(shown)
        return legend_text(f"{name} ({metrics})" if name is not None else metrics)
    return legend_text(name)


def pos_label_title(pos_label):
    """Return the legend title ``"Positive label: 1"``, or None when unknown.

    The positive label is said once per axes, in the legend title, so that axis
    titles stay short enough for a panel of a multi-panel figure ("True Positive
    Rate (Positive label: 1)" runs into the next panel at journal sizes).

    Examples
    --------
    >>> from evalplots.display._base import pos_label_title
    >>> pos_label_title("spam"), pos_label_title(None)
    ('Positive label: spam', None)
    """
    return f"Positive label: {pos_label}" if pos_label is not None else None


def store_arguments(display, arguments):
    """Set each constructor argument (``locals()`` of ``__init__``) as the public
    attribute of its name, as given: a Display's constructor stores, its ``plot``
    checks before drawing."""
    for key, value in arguments.items():
        if key != "self":
            setattr(display, key, value)


def check_option(value, allowed, argname):
    """Raise a ValueError naming ``argname`` unless ``value`` is one of ``allowed``."""
    if not isinstance(value, (str, type(None))) or value not in allowed:
        shown = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"{argname} must be one of {shown}; got {value!r}.")
    return value


def check_curve(x, y, xname, yname):
    """Return two curve coordinates as equal-length 1-D float arrays in [0, 1].

    Both coordinates of a ROC or P-R curve are rates, so a value outside [0, 1] (or
    NaN) is a mistake — e.g. counts passed instead of rates — and is refused.
    """
    out = []
    for arr, name in ((x, xname), (y, yname)):
        a = np.asarray(arr, dtype=float)
        if a.ndim != 1 or a.size == 0:
            raise ValueError(
                f"{name} must be a non-empty 1-D array, got shape {a.shape}; pass the "
                f"array returned by the matching evalplots.metrics curve function."
            )
        if not np.isfinite(a).all():
            raise ValueError(
                f"{name} contains NaN or inf; curve values must be finite."
            )
        if a.min() < 0 or a.max() > 1:
            raise ValueError(
                f"{name} values must lie in [0, 1] (rates), got min {a.min():g} and "
                f"max {a.max():g}; pass the rates returned by evalplots.metrics, not "
                f"counts or percentages."
            )
        out.append(a)
    if out[0].shape != out[1].shape:
        raise ValueError(
            f"{xname} and {yname} must have the same length, got {out[0].size} and "
            f"{out[1].size}."
        )
    return out


def check_score(value, argname):
    """Return ``value`` as a float in [0, 1] (or None); raise naming ``argname``."""
    if value is None:
        return None
    if not isinstance(value, numbers.Real) or not 0.0 <= float(value) <= 1.0:
        raise ValueError(
            f"{argname} must be a number in [0, 1] or None, got {value!r}."
        )
    return float(value)


def get_axes(ax):
    """Return ``(ax, figure)``; with ``ax=None`` a new figure and axes are created.

    A new figure is made with :func:`matplotlib.pyplot.subplots`, as scikit-learn does,
    so that it shows in notebooks and ``plt.show()`` scripts, with the constrained
    layout so that long axis titles are not clipped. A given ``ax`` is used as is (it
    may belong to a :class:`matplotlib.figure.Figure` made without pyplot), but must
    be rectilinear: a polar or 3-D axes raises ``ValueError`` instead of drawing a
    curve or heatmap that means nothing in its coordinates.
    """
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(layout="constrained")
    elif getattr(ax, "name", None) != "rectilinear":
        raise ValueError(
            f"ax is a {getattr(ax, 'name', type(ax).__name__)!r} Axes, but a Display "
            f"needs a rectilinear Axes (x and y in data units); create it without "
            f"projection=, e.g. fig.add_subplot() or plt.subplots()."
        )
    return ax, ax.figure


def legend_entries(ax):
    """``(handles, labels)`` of the artists of ``ax`` for a legend: the models
    first, in drawing order, and the shared reference lines (chance, treat all,
    treat none; gid ``CHANCE_GID``) last, whichever model's plot drew them."""
    handles, labels = ax.get_legend_handles_labels()
    order = sorted(range(len(handles)), key=lambda i: handles[i].get_gid() == CHANCE_GID)
    return [handles[i] for i in order], [labels[i] for i in order]


def literal_legend(ax, *args, **kwargs):
    """Draw ``ax.legend(*args, **kwargs)`` with every entry and the title shown literally.

    Labels come from users (model and class names); a name such as ``gain_$`` or
    ``US$ 10-20`` must show as written, never be parsed as mathtext (which would
    fail at draw time or change the text); controls and bidi overrides in it
    are shown as escapes and right-to-left runs are drawn in the order they are
    read (:func:`figure_text`). ``ax`` may also be a Figure (a figure legend).
    Returns the Legend.
    """
    return _literal(ax.legend(*args, **kwargs))


def _literal(legend):
    legend.given_title = legend.get_title().get_text()  # read by given_title()
    for text in (*legend.get_texts(), legend.get_title()):
        text.set_parse_math(False)
        text.set_text(figure_text(text.get_text()))  # no bidi override reorders it
    return legend


def given_title(legend):
    """The title ``legend`` was given, in logical order, or None (no legend or title).

    A literal legend's title is shown as :func:`figure_text` gives it (in drawn
    order, with a matplotlib that cannot order text); a new legend that keeps
    the title of the one it replaces must start from what that one was given,
    or a right-to-left name would be reordered twice (back to logical order).
    """
    if legend is None:
        return None
    return getattr(legend, "given_title", legend.get_title().get_text()) or None


#: smallest font (points) a legend inside the axes shrinks to (journal minimum).
LEGEND_MIN_FONTSIZE = 5.0


class FittedLegend(Legend):
    """A Legend inside its axes whose texts shrink until it is no wider than the axes.

    At journal sizes (panels about 2 in wide) an entry such as "model A
    (step-wise AP = 0.63, BEP = 0.50)" is wider than the axes: the legend then
    sticks out over the next panel, or the layout engine shrinks the axes to make
    room for it. Each time the legend is measured (by the layout engine) or
    drawn, its entries and title are set back to their own sizes and, while the
    legend box is wider than the axes' drawn box less the border padding on
    both sides, scaled down together — never below ``LEGEND_MIN_FONTSIZE``
    (5 pt). Handles and paddings keep their size. Still too wide at 5 pt, each
    entry "name (metrics)" is broken before its metrics onto two lines. A legend
    that fits is left as it is; one anchored outside the axes
    (``bbox_to_anchor``) is never resized.
    """

    _nominal = None

    def _fit(self, renderer):
        if self.get_bbox_to_anchor() is not self.axes.bbox or not self.axes.bbox.width:
            return
        texts = [*self.get_texts(), self.get_title()]
        if self._nominal is None:
            self._nominal = [(text.get_fontsize(), text.get_text()) for text in texts]
        for text, (_, string) in zip(texts, self._nominal):
            text.set_text(string)
        pad = renderer.points_to_pixels(self.borderaxespad * self._fontsize)
        room = self.axes.bbox.width - 2 * pad
        sizes = [size for size, _ in self._nominal]
        # below this scale every text is at its floor (5 pt, or its own size)
        floor = max(min(size, LEGEND_MIN_FONTSIZE) / size for size in sizes)
        scale = 1.0
        for _ in range(10):  # texts are only part of the width: converge in steps
            for text, size in zip(texts, sizes):
                text.set_fontsize(max(size * scale, min(size, LEGEND_MIN_FONTSIZE)))
            width = self._legend_box.get_window_extent(renderer).width
            if width <= room:
                return
            if scale <= floor:
                break
            scale = max(floor, 0.98 * scale * room / width)
        # still too wide at the floor: the metrics go on a second line
        for text in texts[:-1]:
            text.set_text(text.get_text().replace(" (", "\n(", 1))

    def get_window_extent(self, renderer=None):
        # docstring inherited
        if renderer is None:
            renderer = self.get_figure(root=True)._get_renderer()
        self._fit(renderer)
        return super().get_window_extent(renderer)

    def get_tightbbox(self, renderer=None):
        # docstring inherited
        return self.get_window_extent(renderer)

    def draw(self, renderer):
        # docstring inherited
        if self.get_visible():
            self._fit(renderer)
        super().draw(renderer)


def fitted_legend(ax, handles, labels, **kwargs):
    """Put a literal :class:`FittedLegend` on ``ax`` (as ``ax.legend`` would)."""
    legend = FittedLegend(ax, handles, labels, **kwargs)
    ax.legend_ = legend
    legend._remove_method = ax._remove_legend  # as Axes.legend does
    return _literal(legend)


#: matplotlib lays text out with libraqm (3.11 and later): it applies the Unicode
#: bidirectional algorithm and shapes Arabic itself, in every backend
#: (:func:`figure_text`)
ORDERS_TEXT = hasattr(ft2font, "__libraqm_version__")


def figure_text(text):
    """User text as a figure is given it: :func:`evalplots._text.shown_text`
    and, when matplotlib orders right-to-left text itself (:data:`ORDERS_TEXT`),
    each line made left-to-right (:func:`evalplots._text.left_to_right`), else
    :func:`evalplots._text.drawn_text` (reordered and shaped here).

    Examples
    --------
    >>> from evalplots.display._base import ORDERS_TEXT, figure_text
    >>> figure_text("מודל") == ("\u200eמודל" if ORDERS_TEXT else "לדומ")
    True
    """
    return left_to_right(shown_text(text)) if ORDERS_TEXT else drawn_text(text)


#: Text properties for any text that shows user strings (tick labels, titles).
LITERAL_TEXT = {"parse_math": False}


def break_lines(text, width, *, fontsize, max_lines=3):
    """``text`` broken into lines no wider than ``width`` points, where it can be.

    Lines break after ``_`` or ``-`` and before white space (model names such as
    ``logistic_regression_C_1.0`` break between their words); a piece still
    wider than ``width`` on its own is broken between characters. Widths are
    those of the current rc font at ``fontsize`` (points or a size name such as
    ``"medium"``), as matplotlib measures text without mathtext. A text that
    fits is returned unchanged. A text that needs more than ``max_lines`` lines
    keeps its first ``max_lines - 1`` lines and, on the last, "…" and as much of
    its end as fits (a figure title must leave room for its axes; tables carry
    the whole name): names that differ only at the end (``..._C_0.1`` and
    ``..._C_1.0``) keep different titles. Controls and bidi overrides are
    shown as escapes first (:func:`evalplots._text.shown_text`), and the lines
    are handed to matplotlib as :func:`figure_text` says (right-to-left runs
    ordered line by line, after the breaks).
    """
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    prop = FontProperties(size=fontsize)

    def fits(line):
        return text_to_path.get_text_width_height_descent(line, prop, ismath=False)[0] <= width

    text = shown_text(text)
    if "\n" in text or fits(text):
        return figure_text(text)
    lines, line = [], ""
    for piece in re.split(r"(?<=[_\-])|(?=\s)", text):
        if line and not fits(line + piece):
            lines.append(line)
            line = piece.lstrip()
        else:
            line += piece
        while len(line) > 1 and not fits(line):  # one piece wider than the room
            cut = max(k for k in range(1, len(line)) if k == 1 or fits(line[:k]))
            lines.append(line[:cut])
            line = line[cut:]
    lines.append(line)
    if len(lines) > max_lines:  # the start, "…", and the end that tells names apart
        tail = ""
        for start in range(len(text) - 1, -1, -1):
            longer = text[start:].lstrip()
            if not fits("…" + longer):
                break
            tail = longer
        lines = [*lines[:max_lines - 1], "…" + tail]
    return figure_text("\n".join(lines))


def despine(ax):
    """Hide the top and right spines and bound the others to [0, 1]."""
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    for side in ("bottom", "left"):
        ax.spines[side].set_bounds(0, 1)


def chance_line(ax, x, y, kwargs):
    """Draw a chance-level line, or return the identical one already on ``ax``.

    Plotting several models on one axes then gives one chance line and one legend entry.
    """
    for line in ax.get_lines():
        if (
            line.get_gid() == CHANCE_GID
            and np.array_equal(line.get_xdata(), x)
            and np.array_equal(line.get_ydata(), y)
        ):
            return line
    (line,) = ax.plot(x, y, gid=CHANCE_GID, **kwargs)
    return line


class CurveDisplayMixin(FrameMixin):
    """Shared plot/from_predictions plumbing of the binary-curve Displays."""

    def _prepare_axes(self, ax, name):
        """Set ``ax_``/``figure_`` and return the name to show in the legend."""
        self.ax_, self.figure_ = get_axes(ax)
        return self.name if name is None else name

    def _finish_axes(
        self, *, xlabel, ylabel, despine_axes, legend_loc, legend_title=None,
        xlim=(-0.01, 1.01), ylim=(-0.01, 1.01), aspect="equal", small_legend=False,
        align_decimals=False,
    ):
        """Short axis titles, limits (square [-0.01, 1.01] by default), the legend.

        The positive label goes once, as the legend title ``"Positive label: 1"``
        (:func:`pos_label_title`), not into the axis titles. A given
        ``legend_title`` replaces it; without one, the title of the axes' previous
        legend is kept (several Displays on one axes), else the positive-label
        title is used. A legend with no entries but a title still shows the title.
        A Display holding several curves (a list in ``line_``) or asking for
        ``small_legend`` gets a legend in a smaller font; with more than
        ``LEGEND_INSIDE_MAX`` entries the legend is placed outside the axes, to
        their right. Entries and title are literal
        text (:func:`literal_legend`). With ``align_decimals`` every legend number
        of the axes gets one number of decimals (:func:`align_legend_decimals`,
        which relabels the entries already there): only a Display whose ``plot``
        documents that option passes it.
        """
        self.ax_.set(
            xlabel=xlabel,
            ylabel=ylabel,
            xlim=xlim,
            ylim=ylim,
            aspect=aspect,
        )
        if despine_axes:
            despine(self.ax_)
        if align_decimals:  # the Display's documented plot option
            align_legend_decimals(self.ax_)
        handles, labels = legend_entries(self.ax_)
        previous = self.ax_.get_legend()
        if legend_title is None:
            legend_title = given_title(previous)
        if legend_title is None:
            legend_title = pos_label_title(self.pos_label)
        if not handles and legend_title is None:
            return
        placement = {"loc": legend_loc}
        if small_legend or isinstance(self.line_, list):
            placement.update(fontsize="small", title_fontsize="small")
        if len(handles) > LEGEND_INSIDE_MAX:
            placement.update(
                loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0
            )
        fitted_legend(
            self.ax_,
            [legend_handle(h) for h in handles],
            labels,
            title=legend_title,
            **placement,
        )

    @staticmethod
    def _check_classes(y_true, pos_label, sample_weight, *, curve, need_negatives):
        """Check the classes a curve needs before computing it.

        Returns ``(shown_pos_label, positive, weight)``: the positive label to show on
        the axes (1 / True when implicit), the positive mask and the validated weights
        (None when unweighted). Raises a ``ValueError`` when ``y_true`` (counting only
        samples of non-zero weight) lacks the positive class, or the negative class
        when ``need_negatives``: the curve is then undefined (0/0 rates), and the
        metric would only warn and return NaN.
        """
        from evalplots.metrics._labels import (
            binary_positive_mask,
            class_values,
            default_pos_label,
        )
        from evalplots.metrics._validation import as_1d, check_sample_weight

        y = as_1d(y_true, "y_true")
        positive = binary_positive_mask(y, pos_label)  # raises when ambiguous
        w = check_sample_weight(sample_weight, y.shape[0])
        mass = (lambda m: m.sum()) if w is None else (lambda m: w[m].sum())
        missing = "positive" if mass(positive) <= 0 else None
        if need_negatives and mass(~positive) <= 0:
            missing = missing or "negative"
        # (all weights 0: left to the metric, which says so)
        if missing is not None and (w is None or w.any()):
            classes = class_values(y if w is None else y[w > 0]).tolist()
            raise ValueError(
                f"y_true holds only one class, {classes[0]!r} (no {missing} sample"
                f"{'' if w is None else ' of non-zero weight'}), so the {curve} is "
                f"undefined; evaluate on data that contains both classes, or check "
                f"pos_label."
            )
        if pos_label is None:
            pos_label = default_pos_label(class_values(y))
        return pos_label, positive, w


# --- Legend numbers: one number of decimals per legend, one entry per model -------

class LegendScore(NamedTuple):
    """A legend number with an optional interval or spread.

    ``LegendScore(0.995, low=0.989, high=0.999)`` shows as ``0.995 [0.989, 0.999]``
    and ``LegendScore(0.93, std=0.02)`` as ``0.93 ± 0.02``.
    """

    value: float
    low: float = None
    high: float = None
    std: float = None

    def numbers(self):
        """The numbers shown, for choosing the decimals."""
        return [v for v in (self.value, self.low, self.high, self.std) if v is not None]


def _legend_number(value):
    """The main number of a legend value (float or LegendScore); None when not shown."""
    v = value.value if isinstance(value, LegendScore) else value
    return None if v is None or v != v else v  # (v != v: NaN)


def _format_legend_value(value, decimals):
    if not isinstance(value, LegendScore):
        return format_score(value, decimals)
    if decimals is None:  # one number of decimals within the entry
        decimals = max(score_decimals(v) for v in value.numbers())
    if value.low is not None:
        text = format_interval(value.value, value.low, value.high, decimals)
    else:
        text = format_score(value.value, decimals)
    if value.std is not None:
        text += f" \N{PLUS-MINUS SIGN} {format_score(value.std, decimals)}"
    return text


#: attribute of an artist holding its legend parts ``(name, metric, value, ...)``
_LEGEND_PARTS = "_evalplots_legend_parts"
#: attribute of an artist holding the artists drawn with it in its legend entry
_LEGEND_EXTRAS = "_evalplots_legend_extras"


def set_legend_entry(artist, name, *pairs, before=(), after=()):
    """Label ``artist`` with :func:`legend_label` ``(name, *pairs)``, remembering the
    parts so that :func:`align_legend_decimals` can relabel it, and the artists
    drawn with it in its legend entry (``before`` it, e.g. a band, and ``after``
    it, e.g. a marker): one legend entry per model.
    """
    setattr(artist, _LEGEND_PARTS, (name, *pairs))
    setattr(artist, _LEGEND_EXTRAS, (tuple(before), tuple(after)))
    label = legend_label(name, *pairs)
    artist.set_label("_nolegend_" if label is None else label)


def align_legend_decimals(ax):
    """Relabel every entry made by :func:`set_legend_entry` on ``ax`` with one
    number of decimals: the largest :func:`score_decimals` of all numbers shown.

    The one rule of a legend's decimals: "AUC = 0.995" and "AUC = 0.980", never
    "AUC = 0.98", stand next to each other. Returns the number of decimals (None
    when ``ax`` holds no such entry).
    """
    artists = [
        a for a in (*ax.lines, *ax.collections, *ax.patches)
        if getattr(a, _LEGEND_PARTS, None) is not None
        and not a.get_label().startswith("_")
    ]
    numbers = []
    for artist in artists:
        for value in getattr(artist, _LEGEND_PARTS)[2::2]:
            if _legend_number(value) is not None:
                numbers += value.numbers() if isinstance(value, LegendScore) else [value]
    if not numbers:
        return None
    decimals = max(score_decimals(v) for v in numbers)
    for artist in artists:
        artist.set_label(legend_label(*getattr(artist, _LEGEND_PARTS), decimals=decimals))
    return decimals


def legend_handle(artist):
    """The legend handle of ``artist``: a tuple with the artists drawn with it
    (e.g. band, line and BEP marker, overlaid by matplotlib's HandlerTuple), or
    the artist alone."""
    before, after = getattr(artist, _LEGEND_EXTRAS, ((), ()))
    extras = [a for a in (*before, *after) if a is not None and a.axes is not None]
    if not extras:
        return artist
    return (*[a for a in before if a in extras], artist, *[a for a in after if a in extras])
