"""Readable heatmaps: cells drawn by seaborn, tick labels and cell texts fitted to the cells.

Shared by :class:`~evalplots.display.ConfusionMatrixDisplay` and
:class:`~evalplots.display.ClassificationReportDisplay`, so that both stay readable
from 2 to 100+ rows and columns by the same rules (each one measured, not guessed):

- **Geometry.** The size of one cell, in points, is read off the axes' data transform
  once the axes has its final place: when the figure has a layout engine (constrained
  layout, as the Displays' own figures have), that engine is run first — once or
  twice, because the tick labels chosen change the room left for the cells — and the
  axes are put back afterwards (see :func:`fit_tick_labels`).
- **Text extents.** Widths and heights of the labels and cell texts are measured with
  matplotlib's text layout (the figure's renderer, or Agg) at the figure's dpi, at
  each candidate font size (hinting makes small sizes relatively larger).
- **Tick labels stay inside the figure.** Across its axis, a label (a row
  label's width, a column label's height when vertical) may take at most
  ``LABEL_SHARE`` (40 %) of the axes' slot (its grid cell in the figure); a longer
  one is broken into at most three lines and, if still too long, keeps its start
  and end around "…" (:func:`~evalplots.display._base.break_lines`, the rule of
  panel titles). The cells keep the rest, so a 60-character class name in a
  3.5 in column figure neither leaves the figure nor collapses the axes.
- **Tick labels never overlap.** A label needs, along its axis, ``min(w / |cos a|,
  h / |sin a|)`` points, where w × h is its unrotated extent and a the angle between
  text and axis (two equal parallel boxes are apart when one of their two directions
  separates them). Labels keep the default tick-label size when that fits in
  ``FILL`` (90 %) of the tick spacing; otherwise the font shrinks, down to
  ``MIN_FONTSIZE`` (5 pt), and below that only every k-th label is written (k the
  smallest step that fits; labels named in ``keep`` are chosen first). With
  ``rotation='auto'`` the x labels are horizontal when they fit, else whichever of
  horizontal and vertical (90°, anchored at the tick) needs fewer skipped labels and
  allows the larger font.
- **Cell texts fit their cells.** The cell-text size is the default font size, or
  the largest smaller one at which the widest text fits in 90 % of the cell width
  and its lines in 90 % of the cell height. Below 5 pt no cell text is drawn. A
  ``fontsize`` given in ``text_kw`` is used as is (the user's choice: not fitted).
- **The colorbar is as tall as the cells.** It is a child axes of the heatmap's
  axes, placed at draw time beside the drawn cells (:class:`ColorbarBesideCells`),
  so that a square matrix in a wider or taller panel keeps a bar of its own
  height; the layout engine makes room for it as for the axes' own tick labels.
- **Large meshes are rasterized.** With more than ``RASTERIZE_CELLS`` (2500) cells
  the colour mesh is drawn as an image inside vector output (PDF, SVG): one path per
  cell would make the file slow to write and to open. ``im_kw={'rasterized': False}``
  keeps it vector.
"""

import math
import warnings
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from matplotlib.font_manager import FontProperties
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from evalplots._text import shown_text
from evalplots.display._base import LITERAL_TEXT, break_lines, merge_style_kwargs
from evalplots.display._cells import text_colors
from evalplots.metrics._labels import (
    check_labels,
    discover_classes,
    label_name_map,
    validated_labels,
)

__all__ = []

#: smallest font (points) for tick labels and cell texts; smaller ones are not drawn.
MIN_FONTSIZE = 5.0
#: share of a cell (or tick spacing) a text may take, leaving a gap to its neighbour.
FILL = 0.9
#: share of the axes' slot (width for row labels, height for column labels) a
#: tick label may take across its axis; a longer label is broken or shortened.
LABEL_SHARE = 0.4
#: meshes with more cells than this are rasterized in vector output.
RASTERIZE_CELLS = 2500
#: height / width of a heatmap's colorbar (matplotlib's default colorbar aspect).
COLORBAR_ASPECT = 20.0
#: at most this many distinct tick labels / cell texts are measured (the longest).
_MEASURED_LABELS = 200
_MEASURED_CELLS = 20


@dataclass(frozen=True)
class TickFit:
    """How one axis writes its tick labels: angle (degrees), size (points), step."""

    rotation: float
    fontsize: float
    step: int


def check_display_labels(display_labels, n_classes, display):
    """``display_labels`` as an array of one name per class, or None.

    A dict is refused: the constructor has no class labels to map it with;
    ``display`` names the class whose from_predictions takes one.
    """
    if isinstance(display_labels, Mapping):
        raise ValueError(
            f"display_labels is a dict {{label: name}}, but the {display} constructor "
            f"does not know the class labels; pass the names as a sequence in class "
            f"order, or pass the dict to {display}.from_predictions."
        )
    if display_labels is None:
        return None
    display_labels = np.asarray(display_labels)
    if display_labels.shape != (n_classes,):
        raise ValueError(
            f"display_labels must have one entry per class ({n_classes}), got shape "
            f"{display_labels.shape}."
        )
    return display_labels


def class_names(y_true, y_pred, labels, display_labels):
    """``(classes, names)``: the classes a count metric uses and their display names.

    ``display_labels`` follows :func:`evalplots.metrics._labels.label_name_map`
    (a dict {label: name} or a sequence in class order; None: the classes).
    """
    if labels is not None:
        classes = check_labels(labels)
    else:
        classes = discover_classes(list(validated_labels(y_true, y_pred).values()))
    names = label_name_map(display_labels, classes, arg="display_labels")
    return classes, list(names.values())


def heatmap_kwargs(im_kw, defaults, own, hint):
    """``defaults`` merged with the user's ``im_kw`` (seaborn.heatmap arguments).

    Raises a ValueError naming the keys of ``own`` that ``im_kw`` sets (arguments
    plot() sets itself); ``hint`` says which plot() arguments to use instead.
    """
    given = [key for key in own if im_kw and key in im_kw]
    if given:
        raise ValueError(
            f"im_kw sets {given}, which plot() sets itself; {hint}"
        )
    return merge_style_kwargs(defaults, im_kw, argname="im_kw")


def draw_heatmap(ax, data, *, cmap, colorbar, heatmap_kw):
    """Draw ``data`` with :func:`seaborn.heatmap` (no ticks, no texts); return the mesh.

    The colorbar is as tall as the drawn cells (see :class:`ColorbarBesideCells`)
    unless ``heatmap_kw`` places it (``cbar_ax``, or ``cbar_kws`` with a placement
    key such as ``shrink`` or ``orientation``); its label
    (``cbar_kws={'label': ...}``) is shown literally. Meshes of more than
    ``RASTERIZE_CELLS`` cells are rasterized unless ``heatmap_kw`` says otherwise.
    """
    import seaborn as sns

    kw = dict(heatmap_kw)
    kw.setdefault("rasterized", np.size(data) > RASTERIZE_CELLS)
    placed = set(kw.get("cbar_kws") or ()) & _COLORBAR_PLACEMENT
    if colorbar and "cbar_ax" not in kw and not placed:
        # a child axes: drawn and laid out with ``ax`` (not listed in figure.axes)
        kw["cbar_ax"] = ax.inset_axes([1.0, 0.0, 0.05, 1.0], label="<colorbar>")
        kw["cbar_ax"].set_axes_locator(ColorbarBesideCells(ax))
    before = set(ax.collections)
    sns.heatmap(
        data,
        ax=ax,
        cmap=cmap,
        cbar=colorbar,
        annot=False,
        xticklabels=False,
        yticklabels=False,
        **kw,
    )
    mesh = next(c for c in ax.collections if c not in before)
    if mesh.colorbar is not None:  # its label (cbar_kws) is the user's text
        for label in (mesh.colorbar.ax.xaxis.label, mesh.colorbar.ax.yaxis.label):
            label.set_parse_math(False)
            label.set_text(shown_text(label.get_text()))
    return mesh


#: ``cbar_kws`` keys that place the colorbar: given one, matplotlib places it.
_COLORBAR_PLACEMENT = frozenset(
    {"orientation", "location", "fraction", "shrink", "aspect", "pad", "anchor",
     "panchor", "use_gridspec"}
)  # fmt: skip


class ColorbarBesideCells:
    """Axes locator of a heatmap's colorbar: beside the cells, exactly as tall.

    matplotlib's ``figure.colorbar(mesh, ax=ax)`` makes the bar as tall as the
    space the layout gives ``ax``; a square heatmap (``square=True``) is drawn
    smaller than that space, so the bar stood up to twice as tall as the matrix.
    This locator reads the axes' drawn box (after its aspect is applied) at every
    draw and puts the bar to its right: as tall as the cells,
    1/``COLORBAR_ASPECT`` of that wide (matplotlib's default aspect, 20) and half
    a bar width away.
    """

    def __init__(self, parent):
        self.parent = parent

    def __call__(self, cax, renderer):
        """The colorbar's box in the figure's (subfigure's) fraction coordinates."""
        box = self.parent.bbox  # display units, after apply_aspect
        width = box.height / COLORBAR_ASPECT
        bar = Bbox.from_bounds(box.x1 + width / 2, box.y0, width, box.height)
        return bar.transformed(cax.get_figure(root=False).transSubfigure.inverted())


def cell_text_colors(mesh, shape):
    """Dark or white text for each cell of ``mesh``: the one of higher WCAG contrast.

    See :func:`evalplots.display._cells.text_colors`. Cells without colour (masked:
    NaN values, gaps) show the axes background, and are judged against it.
    """
    mesh.update_scalarmappable()
    rgba = np.asarray(mesh.get_facecolors())
    background = mesh.axes.get_facecolor()
    return text_colors(rgba, background).reshape(shape)


def _renderer(figure):
    canvas = figure.canvas
    if hasattr(canvas, "get_renderer"):
        return canvas.get_renderer()
    from matplotlib.backends.backend_agg import RendererAgg

    return RendererAgg(1, 1, figure.dpi)


def _candidates(strings, limit):
    """The distinct strings most likely to be the widest (longest lines first)."""
    unique = list(dict.fromkeys(s for s in strings if s))
    if len(unique) > limit:
        unique.sort(key=lambda s: -max(len(line) for line in s.split("\n")))
        unique = unique[:limit]
    return unique


#: Text properties that do not change a text's unrotated extent.
_NOT_SIZE = frozenset(
    {
        "color",
        "horizontalalignment",
        "verticalalignment",
        "rotation",
        "rotation_mode",
        "alpha",
        "zorder",
        "clip_on",
        "visible",
        "label",
        "gid",
        "in_layout",
        "transform",
    }
)


class TextExtent:
    """Largest unrotated width and height (points) of some strings, per font size.

    Measured with matplotlib's text layout (the figure's renderer if it has one, else
    Agg) at the figure's dpi, and cached per size: at small sizes glyph hinting makes
    extents grow faster than the size shrinks, so every candidate size is measured
    rather than scaled. ``props`` are further Text properties (family, weight,
    linespacing, ...); texts are measured as drawn, literally (never parsed as mathtext)
    unless ``props`` sets ``parse_math``. Only the ``limit`` distinct strings with the
    longest lines are measured. Calling it returns ``(0.0, 0.0)`` when there is nothing
    to measure.
    """

    def __init__(self, figure, strings, props=None, *, limit=_MEASURED_LABELS):
        self.strings = _candidates(strings, limit)
        self._figure = figure
        self._props = {k: v for k, v in (props or {}).items() if k not in _NOT_SIZE}
        self._cache = {}

    def __call__(self, fontsize):
        if fontsize not in self._cache:
            self._cache[fontsize] = self._measure(fontsize)
        return self._cache[fontsize]

    def _measure(self, fontsize):
        if not self.strings:
            return 0.0, 0.0
        probe = Text(0, 0, "", **{**LITERAL_TEXT, **self._props})
        probe.set_fontsize(fontsize)
        probe.set_figure(self._figure)
        renderer = _renderer(self._figure)
        width = height = 0.0
        for s in self.strings:
            probe.set_text(s)
            box = probe.get_window_extent(renderer)
            width, height = max(width, box.width), max(height, box.height)
        points = 72.0 / self._figure.dpi
        return width * points, height * points


def font_size(value):
    """A font size (number or name such as 'small') in points."""
    return FontProperties(size=value).get_size_in_points()


def largest_size(ratio, default):
    """Largest size <= ``default`` (0.1 pt steps) with ``ratio(size) <= 1``, or None.

    ``ratio(size)`` is the room a text needs at that size over the room it has.
    None when only sizes below ``MIN_FONTSIZE`` (or ``default``, if smaller) fit.
    """
    smallest = min(MIN_FONTSIZE, default)
    size = default
    while size >= smallest:
        r = ratio(size)
        if r <= 1.0:
            return size
        size = min(math.floor(10.0 * size / r) / 10.0, round(size - 0.1, 1))
    return None


def _needed(width, height, angle):
    """Spacing along the axis two labels of extent width × height need at ``angle``."""
    a = math.radians(angle)
    c, s = abs(math.cos(a)), abs(math.sin(a))
    along = width / c if c > 1e-9 else math.inf
    across = height / s if s > 1e-9 else math.inf
    return min(along, across)


def fit_ticks(extent, spacing, *, rotation, axis, fontsize):
    """Choose the angle, size and step of one axis' tick labels (see module docstring).

    ``extent`` is a :class:`TextExtent` of the labels, ``spacing`` the distance
    between neighbouring tick positions (points), ``rotation`` the text angle in
    degrees or 'auto' (horizontal or vertical, x axis only), ``axis`` 'x' or 'y'
    and ``fontsize`` the default label size. Returns a :class:`TickFit`.
    """
    room = FILL * spacing
    angles = (0.0, 90.0) if rotation == "auto" else (float(rotation),)
    best = None
    for angle in angles:
        to_axis = angle if axis == "x" else 90.0 - angle
        size = largest_size(
            lambda f, a=to_axis: _needed(*extent(f), a) / room, fontsize
        )
        step = 1
        if size is None:
            size = min(MIN_FONTSIZE, fontsize)
            step = max(1, math.ceil(_needed(*extent(size), to_axis) / room))
        key = (step, -size, angle != 0.0)
        if best is None or key < best[0]:
            best = (key, TickFit(angle, size, step))
    return best[1]


def thin(labels, step, keep=()):
    """Indices of the labels to write: at least ``step`` positions apart.

    Labels at the indices in ``keep`` are chosen first, then the others from the
    start; positions whose label is None are never chosen.
    """
    present = [i for i, label in enumerate(labels) if label is not None]
    if step <= 1:
        return present
    chosen = []
    for i in [*keep, *present]:
        if labels[i] is not None and all(abs(i - j) >= step for j in chosen):
            chosen.append(i)
    return sorted(chosen)


def set_ticks(ax, axis, labels, fit, keep=()):
    """Put ticks at the centres of the labelled cells and write them as ``fit`` says.

    The labels are the lines :func:`~evalplots.display._base.break_lines` made
    (escaped and ordered as :func:`~evalplots.display._base.figure_text` says),
    written literally, never parsed as mathtext.
    """
    shown = thin(labels, fit.step, keep)
    props = {"fontsize": fit.fontsize, "rotation": fit.rotation, **LITERAL_TEXT}
    angle = (fit.rotation + 180.0) % 360.0 - 180.0
    if axis == "x" and angle != 0.0:
        props.update(
            rotation_mode="anchor", ha="right" if angle > 0 else "left", va="center"
        )
    elif axis == "x":
        props.update(rotation_mode="default", ha="center", va="top")
    else:
        props.update(rotation_mode="default", ha="right", va="center")
    target = ax.xaxis if axis == "x" else ax.yaxis
    target.set_ticks(np.asarray(shown) + 0.5, [labels[i] for i in shown], **props)


def label_room(ax):
    """Room (points) tick labels may take across their axis: ``(row labels' width,
    column labels' height)``, each ``LABEL_SHARE`` of the axes' slot.

    The slot is the axes' grid cell (its subplot spec) in its figure or subfigure,
    else the axes' own box: the place the layout engine shares between the cells
    and their decorations, known before it runs.
    """
    figure = ax.get_figure(root=False)
    spec = ax.get_subplotspec()
    slot = spec.get_position(figure) if spec is not None else ax.get_position(original=True)
    points = 72.0 / ax.get_figure(root=True).dpi  # figure.bbox is in pixels
    return (LABEL_SHARE * slot.width * figure.bbox.width * points,
            LABEL_SHARE * slot.height * figure.bbox.height * points)


def cell_size(ax):
    """Width and height (points) of one data unit of ``ax``, as it will be drawn."""
    ax.apply_aspect()
    (x0, y0), (x1, y1) = ax.transData.transform([(0.0, 0.0), (1.0, 1.0)])
    points = 72.0 / ax.get_figure(root=True).dpi
    return abs(x1 - x0) * points, abs(y1 - y0) * points


def fit_tick_labels(ax, xlabels, ylabels, *, xrotation="auto", ykeep=()):
    """Fit and set both axes' tick labels; return the final cell size in points.

    ``xlabels``/``ylabels`` hold one label (or None) per column/row; ``ykeep`` the
    rows whose labels are written first when labels must be thinned. A label longer
    than its :func:`label_room` is broken into lines or shortened in the middle
    (:func:`~evalplots.display._base.break_lines`, which also shows controls and
    bidi overrides as escapes). Without a
    layout engine the axes' place is fixed and one fit is exact. With one, the
    labels are fitted to the place the axes has now, the engine is run, and they
    are refitted to the cells it leaves; if that made any label larger, the engine
    runs once more and the last fit uses the smallest cell size seen (labels only
    shrink, which leaves the cells at least as large). Afterwards every axes is put
    back where it was, so that the figure's own layout at draw time starts from
    the same state as without this measurement.
    """
    import matplotlib as mpl

    figure = ax.get_figure(root=True)
    engine = figure.get_layout_engine()
    sizes, extents, broken = {}, {}, {}
    given = {"x": xlabels, "y": ylabels}
    rooms = dict(zip("yx", label_room(ax)))

    def lines(axis, fontsize):
        return [None if s is None else break_lines(s, rooms[axis], fontsize=fontsize)
                for s in given[axis]]

    for axis in "xy":
        target = ax.xaxis if axis == "x" else ax.yaxis
        sizes[axis] = font_size(
            target.get_tick_params().get(
                "labelsize", mpl.rcParams[f"{axis}tick.labelsize"]
            )
        )
        broken[axis] = lines(axis, sizes[axis])
        if axis == "y" and broken["y"] == broken["x"]:
            extents["y"] = extents["x"]  # a confusion matrix: measure once
        else:
            shown = [s for s in broken[axis] if s is not None]
            extents[axis] = TextExtent(figure, shown)

    def fit(cell):
        return tuple(
            fit_ticks(extents[axis], cell[i], axis=axis, fontsize=sizes[axis],
                      rotation=xrotation if axis == "x" else 0.0)
            for i, axis in enumerate("xy")
        )  # fmt: skip

    def written(axis, fit):
        # Labels shrunk to fit their spacing are broken again at their own size:
        # where their lines stack along the axis (row labels, vertical column
        # labels), wider lines are no more lines, so they still fit.
        across = fit.rotation % 180.0 == (90.0 if axis == "x" else 0.0)
        if fit.fontsize < sizes[axis] and across:
            return lines(axis, fit.fontsize)
        return broken[axis]

    def apply(fits):
        set_ticks(ax, "x", written("x", fits[0]), fits[0])
        set_ticks(ax, "y", written("y", fits[1]), fits[1], keep=ykeep)

    cell = cell_size(ax)
    fits = fit(cell)
    apply(fits)
    if engine is None:
        return cell
    saved = _positions(figure)
    try:
        _run_layout(engine, figure)
        cell = cell_size(ax)
        refits = fit(cell)
        if refits != fits:
            apply(refits)
            if any(_grew(new, old) for new, old in zip(refits, fits)):
                _run_layout(engine, figure)
                again = cell_size(ax)
                cell = (min(cell[0], again[0]), min(cell[1], again[1]))
                fits, refits = refits, fit(cell)
                if refits != fits:
                    apply(refits)
    finally:
        # Constrained layout starts from the axes' current places, so its result
        # depends (slightly) on how often it ran: put every axes back.
        for target, original, active in saved:
            target._set_position(original, which="original")
            target._set_position(active, which="active")
    return cell


def _run_layout(engine, figure):
    """Run the layout engine; its complaints are left to the drawing, which repeats them."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "constrained_layout not applied", UserWarning)
        engine.execute(figure)


def _grew(new, old):
    """Whether a TickFit takes more room than another (larger, denser or turned)."""
    return (
        new.fontsize > old.fontsize
        or new.step < old.step
        or new.rotation != old.rotation
    )


def _positions(figure):
    """(axes, original position, active position) of every axes in ``figure``."""
    figures, found = [figure], []
    while figures:
        current = figures.pop()
        figures.extend(current.subfigs)
        found.extend(
            (a, a.get_position(original=True).frozen(), a.get_position().frozen())
            for a in current.axes
        )
    return found


def fit_cell_fontsize(figure, texts, cell, text_kw):
    """Font size (points) at which every text fits its cell, or None: draw no text.

    ``texts`` is an object array (None: no text in that cell), ``cell`` the cell
    (width, height) in points and ``text_kw`` the merged cell-text properties; a
    ``fontsize`` in it is returned as is.
    """
    if "fontsize" in text_kw:
        return text_kw["fontsize"]
    import matplotlib as mpl

    strings = [s for s in np.ravel(texts) if s is not None]
    extent = TextExtent(figure, strings, text_kw, limit=_MEASURED_CELLS)
    if not extent.strings:
        return None
    room = (FILL * cell[0], FILL * cell[1])

    def ratio(size):
        width, height = extent(size)
        return max(width / room[0], height / room[1])

    default = font_size(mpl.rcParams["font.size"])
    if ratio(min(MIN_FONTSIZE, default)) > 1.0:
        return None  # one measurement settles the many-class case
    return largest_size(ratio, default)


def draw_cell_texts(ax, texts, colors, text_kw, fontsize):
    """Write ``texts[i, j]`` at the centre of cell (i, j); return the Text array.

    ``colors`` gives each cell's default text colour; ``text_kw`` (canonical names,
    as :func:`~evalplots.display._base.merge_style_kwargs` returns them) may override
    it. Cells whose text is None stay empty (None in the returned array). The texts
    do not take part in the figure's layout: they lie inside the axes.
    """
    n_rows, n_cols = texts.shape
    drawn = np.full((n_rows, n_cols), None, dtype=object)
    kw = {
        "horizontalalignment": "center",
        "verticalalignment": "center",
        "in_layout": False,
        **LITERAL_TEXT,
        **text_kw,
        "fontsize": fontsize,
    }
    own_color = "color" in text_kw
    for i in range(n_rows):
        for j in range(n_cols):
            if texts[i, j] is None:
                continue
            if not own_color:
                kw["color"] = colors[i, j]
            drawn[i, j] = ax.text(j + 0.5, i + 0.5, texts[i, j], **kw)
    return drawn
