"""Flowables of evalplots reports: vector figures and outline-aware headings.

A matplotlib figure is saved as SVG in memory with its text kept as text, and
converted by svglib into a reportlab ``Drawing`` whose strings are then set in
the report's embedded fonts (DejaVu Sans, matplotlib's default, so the layout
matplotlib measured holds; CJK runs in reportlab's CID fonts). The drawing is
drawn scaled to the frame: the figure stays vector graphics in the PDF, and its
text is searchable and selectable. The shape follows rst2pdf's ``svgimage``
flowable.
"""

import contextlib
import io
import re
import warnings

import matplotlib
import numpy as np
from matplotlib.backends.backend_svg import FigureCanvasSVG
from reportlab import rl_config
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Group, Path, PolyLine, Polygon, String
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph
from svglib.svglib import SvgRenderer, load_svg_file

from evalplots.display._base import ORDERS_TEXT
from evalplots.display._fonts import missing_glyph_note
from evalplots.report._fonts import (
    MissingGlyphWarning,
    font_runs,
    summarised_glyph_warnings,
)
from evalplots.report._styles import FONT, FONT_BOLD, MIN_PRINTED_TEXT, register_fonts

# Deterministic SVG: text kept as text (set in embedded fonts below), fixed ids, no date;
# the two layout switches off, so that set_layout_engine(None) means no engine.
_SVG_RC = {"svg.fonttype": "none", "svg.hashsalt": "evalplots", "path.simplify": True,
           "figure.autolayout": False, "figure.constrained_layout.use": False}


def figure_to_drawing(fig):
    """Convert a matplotlib Figure to a reportlab Drawing through SVG.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure; it is not modified or closed.

    Returns
    -------
    drawing : reportlab.graphics.shapes.Drawing
        Vector drawing of the figure, sized in points (1/72 inch).

    Raises
    ------
    TypeError
        If ``fig`` is not a matplotlib Figure.
    RuntimeError
        If svglib cannot read the SVG matplotlib wrote.

    Warns
    -----
    MissingGlyphWarning
        Once, listing every character of the figure's text that no font in
        ``font.family`` covers (matplotlib's own warning per glyph is
        suppressed), and saying whether the PDF still shows it (CJK).

    Notes
    -----
    Text stays text (``svg.fonttype='none'``): each string is set in the
    report's embedded DejaVu Sans (bold where matplotlib drew bold), which is
    matplotlib's default font, so the widths matplotlib laid out hold; runs of
    CJK characters are set in reportlab's built-in CID fonts. No Type 3 font
    and no outlined text reach the PDF, and the figure's text is searchable.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(2, 1))
    >>> drawing = figure_to_drawing(fig)
    >>> round(drawing.width), round(drawing.height)
    (144, 72)
    """
    if not isinstance(fig, matplotlib.figure.Figure):
        raise TypeError(
            f"fig must be a matplotlib Figure, got {type(fig).__name__}; pass "
            f"display.figure_ or plt.figure()."
        )
    buf = io.BytesIO()
    missing = []
    with matplotlib.rc_context(_SVG_RC), summarised_glyph_warnings(missing), \
            _laid_out_once(fig):
        fig.savefig(buf, format="svg", metadata={"Date": None})
    if missing:
        warnings.warn(missing_glyph_note("".join(missing)), MissingGlyphWarning,
                      stacklevel=2)
    buf.seek(0)
    register_fonts()
    root = load_svg_file(buf)  # what svg2rlg does, with _lean_svg in between
    if root is None:  # svglib logs and returns None on unreadable input
        raise RuntimeError("svglib could not convert the figure's SVG.")
    _lean_svg(root)
    with _unchecked_shapes():
        drawing = SvgRenderer(buf, font_map=_REPORT_FONTS).render(root)
        # renderPDF selects this font before drawing (even with no text in the
        # drawing): the embedded DejaVu Sans, not the non-embedded Helvetica default
        drawing.initialFontName = FONT
        _drop_unknown_attributes(drawing)
        _embed_text(drawing)
        _round_points(drawing)
    return drawing


@contextlib.contextmanager
def _unchecked_shapes():
    """reportlab's check of every attribute set on a shape, off for the duration.

    With ``rl_config.shapeChecking`` on (reportlab's default), each attribute
    svglib sets on the shapes it makes is validated against the shape's
    attribute map: a sixth of the conversion's time, for values that come from
    matplotlib's SVG through svglib. The one effect of the check on such a
    drawing, refusing the attributes a shape does not have, is had by
    :func:`_drop_unknown_attributes`. reportlab reads the switch at each
    assignment; it is put back afterwards.
    """
    saved = rl_config.shapeChecking
    rl_config.shapeChecking = 0
    try:
        yield
    finally:
        rl_config.shapeChecking = saved


def _drop_unknown_attributes(node):
    """Take off every shape of a drawing the attributes its class does not know.

    svglib sets each style property on every shape and lets reportlab's check
    refuse those a shape lacks (a text's stroke width, say); without the check
    (:func:`_unchecked_shapes`) they would stay, and be written to the PDF.
    """
    known = node._attrMap
    if known is not None:
        for name in [k for k in vars(node) if k[0] != "_" and k not in known]:
            del node.__dict__[name]
    for item in getattr(node, "contents", ()):
        _drop_unknown_attributes(item)


def run_layout_as_svg(fig):
    """Run ``fig``'s layout engine as the SVG save of :func:`figure_to_drawing`
    runs it: on the SVG canvas's renderer at 72 dpi (the same text extents).

    Returns whether the engine ran (False: no engine, no axes, or the engine
    gave up, as ``Figure.draw`` lets it). The figure's canvas and dpi are put
    back.
    """
    engine = fig.get_layout_engine()
    if engine is None or not fig.axes:  # as Figure.draw: no axes, no layout
        return False
    canvas, dpi = fig.canvas, fig.dpi
    FigureCanvasSVG(fig)  # attaches itself to fig
    fig.set_dpi(72)  # what the SVG canvas draws at
    try:
        engine.execute(fig)
    except ValueError:  # as Figure.draw
        return False
    finally:
        fig.set_dpi(dpi)
        fig.set_canvas(canvas)
    return True


@contextlib.contextmanager
def _laid_out_once(fig):
    """Run ``fig``'s layout engine as savefig would, then save without the engine.

    Given a layout engine, savefig draws the figure twice: once with drawing
    turned off, only so that the engine runs inside ``Figure.draw``, then for
    real. Here the engine runs alone, as it does in that first draw (the SVG
    canvas's renderer, 72 dpi: the same text extents), and the figure is saved
    with no engine, so drawn once; the SVG is the same, byte for byte. The
    engine, canvas and dpi are put back afterwards.
    """
    engine = fig.get_layout_engine()
    if engine is None:
        yield
        return
    run_layout_as_svg(fig)
    fig.set_layout_engine(None)
    try:
        yield
    finally:
        fig.set_layout_engine(engine)


_SVG = "{http://www.w3.org/2000/svg}"
_FONT_FAMILY = re.compile(r"font-family:[^;]*")
_REFERENCE = re.compile(r"#([^\s)'\"]+)")  # href="#id", url(#id)


def _lean_svg(root):
    """Take out of matplotlib's SVG what svglib would parse for nothing.

    - A ``<g>`` with no attribute but its ``id`` (matplotlib names every artist
      so) neither moves, styles nor clips what it holds: unless an ``href`` or
      ``url()`` points to it, its children take its place. svglib looks every
      style property of a shape up through all its ancestors, so each such
      group cost a lookup per property and shape.
    - The ``font-family`` list of a text or tspan (ten names, parsed with
      shlex for each) becomes one name: :class:`_ReportFontMap` answers with the
      report's faces whatever the family, by weight and style only.

    The drawing is the same shapes, strings and styles, in the same order, at
    the same places (tests compare them with svglib's own reading).
    """
    referenced = {ref for element in root.iter() for value in element.values()
                  for ref in _REFERENCE.findall(value)}
    for group in list(root.iter(_SVG + "g")):
        if group.keys() == ["id"] and group.get("id") not in referenced:
            parent = group.getparent()
            at = parent.index(group)
            parent[at:at + 1] = list(group)
    for text in root.iter(_SVG + "text", _SVG + "tspan"):
        style = text.get("style")
        if style and "font-family" in style:
            text.set("style", _FONT_FAMILY.sub("font-family: sans-serif", style))


# (bold, slanted) -> the embedded DejaVu Sans face
_FACES = {(False, False): FONT, (True, False): FONT_BOLD,
          (False, True): "EvalplotsSans-Oblique", (True, True): "EvalplotsSans-BoldOblique"}



class _ReportFontMap:
    """svglib's font lookup answered with the report's embedded faces.

    Every figure string is set in DejaVu Sans (:func:`_embed_text`), so the family
    matplotlib names is not looked up: svglib's own map would run ``fc-match`` and
    load a TrueType file for each family, weight and style it meets (a third of a
    second per report), and its names lose the weight (``'DejaVu Sans-700'``).
    """

    def find_font(self, font_name, weight="normal", style="normal"):
        weight = str(weight).lower()
        bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
        return _FACES[bold, str(style).lower() in ("italic", "oblique")], True


_REPORT_FONTS = _ReportFontMap()


def _embed_text(node):
    """Set every string of a drawing in the report's fonts, CJK runs in CID fonts.

    svglib maps matplotlib's font list to Helvetica (not embedded, Latin-1 only)
    and keeps the blank strings between the ``tspan`` of mathtext; blanks are
    dropped, a string with CJK becomes a group of one string per font run.
    """
    contents = node.contents
    for i in range(len(contents) - 1, -1, -1):
        item = contents[i]
        if isinstance(item, Group):
            _embed_text(item)
        elif isinstance(item, String):
            if not item.text.strip():
                del contents[i]
                continue
            name = item.fontName.lower()
            item.fontName = _FACES["bold" in name, "oblique" in name or "italic" in name]
            # a figure string is in logical order unless matplotlib could not order it
            runs = font_runs(item.text, item.fontName, ordered=not ORDERS_TEXT)
            if len(runs) > 1:
                contents[i] = _string_runs(item, runs)
            else:
                item.text, item.fontName = runs[0]


#: Decimals of the path coordinates written to the PDF (points, 1/72 in): 0.01 pt
#: is far below what prints or shows, and shorter numbers keep the PDF small.
POINT_DECIMALS = 2


def _round_points(node):
    """Round the vertices of every path and polyline of a drawing (see POINT_DECIMALS).

    reportlab writes seven significant digits per coordinate; a curve of a few
    thousand vertices then weighs tens of kilobytes more than it needs. All
    vertices are rounded in one numpy call (a figure has hundreds of short paths).
    """
    items = list(_shapes_with_points(node))
    if not items:
        return
    rounded = np.round(np.concatenate([np.asarray(item.points, dtype=float)
                                       for item in items]), POINT_DECIMALS).tolist()
    start = 0
    for item in items:
        stop = start + len(item.points)
        item.points = rounded[start:stop]
        start = stop


def _shapes_with_points(node):
    """Every path, polyline and polygon of a drawing, depth first."""
    for item in node.contents:
        if isinstance(item, Group):
            yield from _shapes_with_points(item)
        elif isinstance(item, (Path, PolyLine, Polygon)):
            yield item


def _string_runs(item, runs):
    """A group of strings, one per ``(text, font)`` run, placed as ``item`` was."""
    widths = [stringWidth(t, f, item.fontSize) for t, f in runs]
    x = item.x - {"start": 0.0, "middle": 0.5, "end": 1.0}.get(item.textAnchor,
                                                               0.0) * sum(widths)
    group = Group()
    for (text, font), width in zip(runs, widths):
        group.add(String(x, item.y, text, fontName=font, fontSize=item.fontSize,
                         fillColor=item.fillColor, textAnchor="start"))
        x += width
    return group


def _strings(node):
    """The String shapes of a reportlab drawing or group, at any depth."""
    for child in getattr(node, "contents", ()):
        if isinstance(child, String):
            yield child
        else:
            yield from _strings(child)


class VectorFigure(Flowable):
    """A reportlab Drawing scaled to a fraction of the frame width.

    Parameters
    ----------
    drawing : reportlab.graphics.shapes.Drawing
        What to draw.
    width_fraction : float
        Fraction of the available frame width the figure spans.
    max_height : float
        Upper bound of the drawn height in points; the width shrinks to keep
        the aspect ratio when the bound bites, but not below :attr:`min_scale`.
    frame_height : float
        The frame's height in points less the caption's: the figure is never
        taller, whatever its text.
    """

    def __init__(self, drawing, *, width_fraction=1.0, max_height=None,
                 frame_height=None):
        super().__init__()
        self.drawing = drawing
        self.width_fraction = width_fraction
        self.max_height = max_height
        self.frame_height = frame_height
        self.hAlign = "CENTER"
        self._scale = 1.0
        sizes = [s.fontSize for s in _strings(drawing)]
        #: the smallest scale that keeps the smallest text at MIN_PRINTED_TEXT
        self.min_scale = MIN_PRINTED_TEXT / min(sizes) if sizes else 0.0

    def wrap(self, availWidth, availHeight):
        d = self.drawing
        scale = availWidth * self.width_fraction / d.width
        if self.max_height is not None:
            scale = min(scale, max(self.max_height / d.height, self.min_scale))
        if self.frame_height is not None:
            scale = min(scale, self.frame_height / d.height)
        self._scale = scale
        self.width, self.height = d.width * scale, d.height * scale
        return self.width, self.height

    def draw(self):
        doc = getattr(self.canv, "_doctemplate", None)
        if not getattr(doc, "draws_figures", True):  # a pass that only lays out
            return
        self.canv.saveState()
        self.canv.scale(self._scale, self._scale)
        renderPDF.draw(self.drawing, self.canv, 0, 0)
        self.canv.restoreState()


class CachedParagraph(Paragraph):
    """A reportlab Paragraph that breaks its lines once per available width.

    Parameters are those of :class:`reportlab.platypus.Paragraph`.

    Notes
    -----
    reportlab breaks a paragraph into lines anew at each ``wrap``, and a
    report's layout wraps the same paragraph many times at the same width: a
    keep-with-next group measures its content, the frame wraps it again to
    place it, the page-filling test measures the next sections' first blocks,
    and every pass of the build starts over. A paragraph's text and style do
    not change once it is made, and its lines depend on the width alone (not on
    the height left), so the lines broken at a width are kept and given back
    for that width: the same ``blPara``, width and height that breaking them
    again would give.

    Examples
    --------
    >>> from reportlab.lib.styles import ParagraphStyle
    >>> p = CachedParagraph("one two three four", ParagraphStyle("body"))
    >>> p.wrap(40, 100) == p.wrap(40, 5)
    True
    """

    def wrap(self, availWidth, availHeight):
        kept = getattr(self, "_kept_lines", None)
        if kept is None or kept[0] is not self.frags:  # new text (or never wrapped)
            kept = self._kept_lines = (self.frags, {})
        lines = kept[1].get(availWidth)
        if lines is not None:
            self.width, self._wrapWidths, self.blPara, self.height = lines
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        if hasattr(self, "blPara") and self.width == availWidth:  # not "too narrow"
            kept[1][availWidth] = (self.width, self._wrapWidths, self.blPara, self.height)
        return size


class Heading(CachedParagraph):
    """A heading paragraph that feeds the table of contents and the outline.

    ``markup`` is the escaped paragraph text, ``plain`` the user's raw text
    (used as the PDF outline title, which is not markup), ``level`` 0, 1 or 2,
    and ``key`` a unique bookmark name. A heading taller than what is left of
    the page splits as any paragraph (reportlab's ``Paragraph.split`` builds
    the parts with this constructor and reportlab's arguments): the first part
    is the heading (bookmark, outline and contents entry at the page where it
    starts), the later parts continue its text with no entry (``key`` None).
    """

    def __init__(self, markup, style, bulletText=None, frags=None, *, plain=None,
                 level=None, key=None):
        super().__init__(markup, style, bulletText=bulletText, frags=frags)
        self.markup = markup
        self.plain = plain
        self.level = level
        self.key = key

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        if parts and parts[0] is not self:
            parts[0].markup, parts[0].plain = self.markup, self.plain
            parts[0].level, parts[0].key = self.level, self.key
        return parts
