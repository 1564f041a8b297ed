"""The page checker: is a PDF page, or a matplotlib figure, ready to print?

Two readers feed the same checks:

- :func:`read_pdf` reads each word of a PDF (a report, or a figure saved as PDF)
  with PDFium (pypdfium2), its glyph positions corrected to the fonts' exact
  widths: its text, its box on the page (oriented along the text, so rotated
  tick labels are not taken for overlapping) and its printed font size (the
  font size times the scale the text is drawn at);
- :func:`figure_words` reads each drawn text artist of a matplotlib figure after
  its last draw, with its role (tick label, axis label, title, legend entry,
  legend title, annotation, table cell, figure text), window extent and font
  size at the scale the figure is printed at.

The checks (:func:`word_defects`), each defect a line naming the page (or the
figure), the words and their boxes in points:

- no two words overlap (boxes meet by more than :data:`OVERLAP_TOLERANCE`);
- nothing lies outside the page, or outside the figure it belongs to;
- no text is smaller than :data:`MIN_PRINTED_SIZE` at its printed size;
- one font size per text role on a page;
- no number is printed as a signed zero ("-0", "+0", "−0.000").

How the role of a word is known: from the structure that printed it. In a PDF,
a word inside a report table (its grid is drawn in the report's table rule
colour, :data:`TABLE_GRID`) is a table cell; other words of the page's text
(headings, paragraphs, captions, the page furniture) have fixed paragraph
styles and no role to compare. The roles of a figure's words come from its
artist tree: :func:`recording_report_figures` reads every figure a report adds,
right after the report draws it, and where it lands (page, box, scale), so that
one size per role is checked across the tables and the figures of each page,
and each figure's words are kept inside its box. Legend frames are checked on
the artists too: a legend's box may cover no text outside the legend (tick
labels under a legend).

The tolerances: words are em boxes (the font size high, the advance wide);
matplotlib's extents span the font's line height, so :data:`LINE_GAP` of the
size is taken off each side across the text. A mathtext script counts at
:data:`SCRIPT_SHRINK` of its text's size. Figures are read in the rcParams and
at the dpi they were drawn with (their tick locator and axis labels depend on
both).

API: :func:`pdf_defects` (a PDF path, optionally the recorded figures) and
:func:`figure_defects` (a drawn figure at its printed scale) give the defect
lines by check (:data:`CHECKS`); :func:`assert_pdf_print_ready` and
:func:`assert_figure_print_ready` raise with all of them; :func:`read_pdf`,
:func:`figure_words` and :func:`word_defects` are what they are made of.
"""

import contextlib
import ctypes
import dataclasses
import math
import re

import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from evalplots.report import _content, _flowables

#: Smallest font size (points) at the printed size.
MIN_PRINTED_SIZE = 6.0
#: Two boxes overlap when they meet by more than this (points) across both axes.
OVERLAP_TOLERANCE = 0.25
#: A box is outside its page or figure when it pokes out by more than this (points).
BOUNDS_TOLERANCE = 0.5
#: Stroke colour (RGB, 0-1) of the report's table grid (evalplots.report._styles).
TABLE_GRID = (0.764706, 0.8, 0.835294)
#: Font sizes closer than this (points) count as one size.
SIZE_TOLERANCE = 0.05

#: A zero with a sign: "-0", "+0", "−0.000", "-0.0%" (not "-0.02", "1e-07", "2000-01").
SIGNED_ZERO = re.compile(r"(?<![\w.])[-+\u2212]0(?:\.0*)?(?![\d.])")


@dataclasses.dataclass(frozen=True)
class Box:
    """A rectangle turned by ``angle`` (radians) about its centre, in points.

    ``half`` holds the half lengths along the text and across it.
    """

    cx: float
    cy: float
    half: tuple
    angle: float = 0.0

    @classmethod
    def from_extent(cls, x0, y0, x1, y1):
        return cls((x0 + x1) / 2, (y0 + y1) / 2, ((x1 - x0) / 2, (y1 - y0) / 2))

    def axes(self):
        c, s = math.cos(self.angle), math.sin(self.angle)
        return (c, s), (-s, c)

    def corners(self):
        (ux, uy), (vx, vy) = self.axes()
        hu, hv = self.half
        return [(self.cx + a * hu * ux + b * hv * vx, self.cy + a * hu * uy + b * hv * vy)
                for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]

    def extent(self):
        """The axis-aligned bounds (x0, y0, x1, y1)."""
        xs, ys = zip(*self.corners())
        return min(xs), min(ys), max(xs), max(ys)

    def overlap(self, other):
        """How far the two boxes overlap (points; <= 0: apart), by separating axes."""
        depth = math.inf
        for box in (self, other):
            for ax, ay in box.axes():
                p = [x * ax + y * ay for x, y in self.corners()]
                q = [x * ax + y * ay for x, y in other.corners()]
                depth = min(depth, min(max(p), max(q)) - max(min(p), min(q)))
        return depth

    def __str__(self):
        x0, y0, x1, y1 = self.extent()
        turned = f", turned {math.degrees(self.angle):.0f}°" if self.angle else ""
        return f"[{x0:.1f}, {y0:.1f}, {x1:.1f}, {y1:.1f}{turned}]"


@dataclasses.dataclass(frozen=True)
class Word:
    """One word as printed: ``size`` is its main printed font size (points),
    ``smallest`` the smallest of its characters (a superscript)."""

    text: str
    box: Box
    size: float
    smallest: float
    role: str = None
    source: str = ""

    def __str__(self):
        role = f" ({self.role})" if self.role else ""
        return f"{self.text!r}{role} at {self.box}, {self.size:.2f} pt"


@dataclasses.dataclass
class Page:
    """A page (or a figure) to check: its name, box, words and regions.

    ``regions`` are ``(name, Box)`` pairs: a word that meets a region must lie
    inside it (the figures of a report page). ``frames`` are ``(name, Box)``
    pairs of legend frames, which may cover no word of another source.
    """

    name: str
    box: Box
    words: list
    regions: list = dataclasses.field(default_factory=list)
    frames: list = dataclasses.field(default_factory=list)


# --- reading a PDF -------------------------------------------------------------


def _font_name(font):
    """A PDFium font's base name (PDFium drops a subset's 'ABCDEF+' tag)."""
    n = pdfium_c.FPDFFont_GetBaseFontName(font, None, 0)
    buffer = ctypes.create_string_buffer(n)
    pdfium_c.FPDFFont_GetBaseFontName(font, buffer, n)
    return buffer.value.decode("latin-1")


def _unicode_map(cmap):
    """Character code -> text of a ToUnicode CMap (its bfchar and bfrange entries)."""
    found = {}

    def text(hexes):
        raw = bytes.fromhex(hexes.decode())
        return raw.decode("utf-16-be", "replace")

    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
            found[int(code, 16)] = text(dst)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
        for lo, hi, dst in re.findall(
                rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]*>|\[[^\]]*\])", block):
            lo, hi = int(lo, 16), int(hi, 16)
            if dst.startswith(b"["):
                for code, d in zip(range(lo, hi + 1), re.findall(rb"<([0-9A-Fa-f]*)>", dst)):
                    found[code] = text(d)
            else:
                first = bytes.fromhex(dst[1:-1].decode())
                for code in range(lo, hi + 1):
                    last = int.from_bytes(first[-2:], "big") + code - lo
                    found[code] = (first[:-2] + last.to_bytes(2, "big")).decode(
                        "utf-16-be", "replace")
    return found


def _exact_widths(path):
    """Font base name -> {character: advance in 1/1000 em} of the PDF's simple fonts,
    as their /Widths give them. PDFium keeps whole thousandths (it truncates), so
    along a line of text its glyph positions drift by up to 1/1000 em a character;
    these are what the positions are corrected with."""
    widths = {}
    for page in pypdf.PdfReader(path).pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for font in fonts.values():
            font = font.get_object()
            if "/Widths" not in font or "/ToUnicode" not in font:
                continue
            name = str(font["/BaseFont"])[1:].split("+")[-1]
            codes = _unicode_map(font["/ToUnicode"].get_object().get_data())
            first = int(font.get("/FirstChar", 0))
            known = widths.setdefault(name, {})
            for code, width in enumerate(font["/Widths"], start=first):
                if code in codes and len(codes[code]) == 1:
                    known.setdefault(codes[code], float(width))
    return widths


#: Characters PDFium mirrors in a right-to-left run (Unicode's Bidi_Mirroring pairs
#: the report's texts can hold).
MIRRORED = dict(zip("()[]{}<>«»‹›≤≥", ")(][}{><»«›‹≥≤"))


def _chars(page, widths):
    """The characters of a PDFium page in content-stream order (text objects in
    page order, each object's characters along its direction), each as
    ``(text, angle, advance, size, centre)`` in points as printed; None for a
    blank. Each character is an em box: its advance along the text, the font
    size across it from the font's descent (pdfminer's character box).

    PDFium places glyphs by whole thousandths of an em and leaves out the second
    of two spaces; the origins are moved by the difference to the fonts' exact
    widths (``widths``, :func:`_exact_widths`), summed along each run of text."""
    order = {ctypes.cast(obj.raw, ctypes.c_void_p).value: k for k, obj in enumerate(
        page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT], max_depth=1))}
    textpage = page.get_textpage()
    handle = textpage.raw
    matrix, x, y = pdfium_c.FS_MATRIX(), ctypes.c_double(), ctypes.c_double()
    size, value = ctypes.c_float(), ctypes.c_float()
    fonts, found = {}, []

    def glyph(font, cache, name, char):
        """(PDFium's advance, the exact advance, the descent), in 1/1000 em."""
        if char not in cache:
            pdfium_c.FPDFFont_GetGlyphWidth(font, ord(char), 1000.0, value)
            kept = value.value
            pdfium_c.FPDFFont_GetDescent(font, 1000.0, value)
            cache[char] = (kept, widths.get(name, {}).get(char, kept), value.value)
        return cache[char]

    for i in range(pdfium_c.FPDFText_CountChars(handle)):
        obj = pdfium_c.FPDFText_GetTextObject(handle, i)
        if pdfium_c.FPDFText_IsGenerated(handle, i) == 1 or not obj:
            continue  # a space or line end PDFium inferred
        char = chr(pdfium_c.FPDFText_GetUnicode(handle, i))
        pdfium_c.FPDFText_GetMatrix(handle, i, matrix)
        pdfium_c.FPDFText_GetCharOrigin(handle, i, x, y)
        pdfium_c.FPDFTextObj_GetFontSize(obj, size)
        font = pdfium_c.FPDFTextObj_GetFont(obj)
        key = ctypes.cast(font, ctypes.c_void_p).value
        if key not in fonts:
            fonts[key] = (font, {}, _font_name(font))
        angle = math.atan2(matrix.b, matrix.a)
        found.append((order.get(ctypes.cast(obj, ctypes.c_void_p).value, -1),
                      x.value * math.cos(angle) + y.value * math.sin(angle), char, angle,
                      math.hypot(matrix.a, matrix.b) * size.value / 1000,
                      math.hypot(matrix.c, matrix.d) * size.value / 1000,
                      (x.value, y.value), fonts[key]))
    textpage.close()
    # PDFium reorders right-to-left runs and mirrors their brackets: where two
    # characters of one text object follow each other backwards, mirror them back
    backwards = {k + step for k, (first, second) in enumerate(zip(found, found[1:]))
                 if first[0] == second[0] and first[3] == second[3] and second[1] < first[1]
                 for step in (0, 1)}
    for k in backwards:
        found[k] = found[k][:2] + (MIRRORED.get(found[k][2], found[k][2]),) + found[k][3:]
    found.sort(key=lambda c: c[:2])
    chars, drift, last = [], 0.0, None
    for k, at, char, angle, along, across, (ox, oy), font in found:
        kept, exact, low = glyph(*font, char)
        if last is not None and last[0] == k:
            # spaces PDFium left out between the last character and this one
            gap = at - last[1] - last[2]
            space_kept, space_exact, _ = glyph(*font, " ")
            if space_kept > 0 and gap > 0.5 * space_kept * along:
                drift += round(gap / (space_kept * along)) * (space_exact - space_kept) * along
        elif last is None or abs(at - last[1] - last[2]) > 1e-2 or last[3] != angle:
            drift = 0.0  # a new run; else the next show of the same text block
        last = (k, at, kept * along, angle)
        ux, uy = math.cos(angle), math.sin(angle)
        ox, oy = ox + drift * ux, oy + drift * uy
        advance = exact * along
        drift += (exact - kept) * along
        if not char.strip():
            chars.append(None)
            continue
        v = (low + 500) * across  # the em box's centre above the baseline
        chars.append((char, angle, advance, 1000 * across,
                      (ox + ux * advance / 2 - uy * v, oy + uy * advance / 2 + ux * v)))
    return chars


def _words_of_chars(chars, source):
    """Group characters (in content-stream order, None for a blank) into words:
    runs of non-blank characters of one direction, each starting where the last
    ended."""
    words, run = [], []

    def close():
        if run:
            words.append(_word(run, source))
            run.clear()

    for item in chars:
        if item is None:
            close()
            continue
        _, angle, advance, size, (cx, cy) = item
        if run:
            _, angle0, adv0, size0, (px, py) = run[-1]
            ux, uy = math.cos(angle0), math.sin(angle0)
            dx, dy = cx - px, cy - py
            gap = dx * ux + dy * uy - (adv0 + advance) / 2
            offset = -dx * uy + dy * ux
            if (abs(angle - angle0) > 1e-3 or abs(gap) > 0.3 * max(size, size0)
                    or abs(offset) > 0.6 * max(size, size0)):
                close()
        run.append(item)
    close()
    return words


def _word(run, source):
    """The Word of characters ``run``: its box spans theirs, along their direction."""
    angle = run[0][1]
    ux, uy = math.cos(angle), math.sin(angle)
    us, vs = [], []
    for _, _, advance, size, (cx, cy) in run:
        u, v = cx * ux + cy * uy, -cx * uy + cy * ux
        us += [u - advance / 2, u + advance / 2]
        vs += [v - size / 2, v + size / 2]
    u, v = (min(us) + max(us)) / 2, (min(vs) + max(vs)) / 2
    sizes = [r[3] for r in run]
    main = max(set(round(s, 2) for s in sizes), key=[round(s, 2) for s in sizes].count)
    return Word("".join(r[0] for r in run),
                Box(u * ux - v * uy, u * uy + v * ux,
                    ((max(us) - min(us)) / 2, (max(vs) - min(vs)) / 2), angle),
                main, min(sizes), source=source)


def _grid_segments(page):
    """The lines and rectangles (x0, y0, x1, y1) the page strokes in the table
    grid colour: each subpath of two points (a line) or four corners (a
    rectangle), as pdfminer reads them; curves are left out."""
    found = []
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    x, y, m = ctypes.c_float(), ctypes.c_float(), pdfium_c.FS_MATRIX()
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=1):
        path = obj.raw
        pdfium_c.FPDFPath_GetDrawMode(path, fill, stroke)
        pdfium_c.FPDFPageObj_GetStrokeColor(path, r, g, b, a)
        if not stroke.value or not _same_colour(
                (r.value / 255, g.value / 255, b.value / 255), TABLE_GRID, tol=3e-3):
            continue
        pdfium_c.FPDFPageObj_GetMatrix(path, m)
        points = []

        def close():
            corners = [p for k, p in enumerate(points) if k == 0 or p != points[k - 1]]
            while len(corners) > 2 and corners[-1] == corners[0]:
                corners.pop()  # the closing segment back to the start
            if None not in corners and len(corners) in (2, 4):
                xs, ys = [p[0] for p in corners], [p[1] for p in corners]
                found.append([min(xs), min(ys), max(xs), max(ys)])
            points.clear()

        for k in range(pdfium_c.FPDFPath_CountSegments(path)):
            segment = pdfium_c.FPDFPath_GetPathSegment(path, k)
            kind = pdfium_c.FPDFPathSegment_GetType(segment)
            pdfium_c.FPDFPathSegment_GetPoint(segment, x, y)
            point = (m.a * x.value + m.c * y.value + m.e, m.b * x.value + m.d * y.value + m.f)
            if kind == pdfium_c.FPDF_SEGMENT_MOVETO:
                close()
            elif kind == pdfium_c.FPDF_SEGMENT_BEZIERTO:
                points.append(None)
            points.append(point)
            if pdfium_c.FPDFPathSegment_GetClose(segment) and points:
                points.append(points[0])
        close()
    return found


def _table_boxes(page):
    """The boxes of the report's tables on ``page``: groups of touching lines
    (and rectangles) stroked in the table grid colour."""
    boxes = []
    for box in _grid_segments(page):
        for other in [b for b in boxes if _touch(b, box)]:
            boxes.remove(other)
            box = [min(box[0], other[0]), min(box[1], other[1]),
                   max(box[2], other[2]), max(box[3], other[3])]
        boxes.append(box)
    return [Box.from_extent(*b) for b in boxes if b[2] - b[0] > 1 and b[3] - b[1] > 1]


def _same_colour(colour, rgb, tol=2e-3):
    return (isinstance(colour, (tuple, list)) and len(colour) == 3
            and all(abs(a - b) < tol for a, b in zip(colour, rgb)))


def _touch(a, b, eps=1.0):
    return a[0] - eps <= b[2] and b[0] - eps <= a[2] and a[1] - eps <= b[3] and b[1] - eps <= a[3]


def _inside(box, outer, tol=BOUNDS_TOLERANCE):
    x0, y0, x1, y1 = box.extent()
    X0, Y0, X1, Y1 = outer.extent()
    return x0 >= X0 - tol and y0 >= Y0 - tol and x1 <= X1 + tol and y1 <= Y1 + tol


def read_pdf(path, figures=()):
    """The pages of the PDF at ``path``, each as a :class:`Page` of its words.

    Parameters
    ----------
    path : path-like
        A report or a figure saved as PDF.
    figures : sequence of PlacedFigure, default=()
        The report's figures as :func:`recording_report_figures` recorded them:
        the box of each is a region of its page that its words may not leave.

    Returns
    -------
    pages : list of Page
        In PDF coordinates (points, origin at the lower left). Words inside a
        report table have the role 'table cell'; others have none.
    """
    pages = []
    widths = _exact_widths(path)
    document = pdfium.PdfDocument(str(path))
    try:
        for number, page in enumerate(document, start=1):
            name = f"page {number}"
            tables = _table_boxes(page)
            words = [dataclasses.replace(w, role="table cell")
                     if any(_inside(w.box, t, tol=1.0) for t in tables) else w
                     for w in _words_of_chars(_chars(page, widths), name)]
            width, height = page.get_size()
            pages.append(Page(name, Box.from_extent(0, 0, width, height), words,
                              regions=[(f"figure {f.index} at {f.box}", f.box)
                                       for f in figures if f.page == number]))
            page.close()
    finally:
        document.close()
    return pages


# --- reading a matplotlib figure -------------------------------------------------


def _axes_of(container):
    for ax in container.axes:
        yield ax
        yield from ax.child_axes
    for sub in getattr(container, "subfigs", ()):
        yield from _axes_of(sub)


def _figures_of(fig):
    yield fig
    for sub in getattr(fig, "subfigs", ()):
        yield from _figures_of(sub)


def _role_texts(fig):
    """Every drawn text artist of ``fig`` as ``(role, text, source)``, each once;
    the source of a legend's texts is that legend, of the others the figure."""
    seen, found = set(), []

    def add(role, text, owner=None, source="figure"):
        if (isinstance(text, Text) and id(text) not in seen and text.get_visible()
                and text.get_text().strip() and (owner is None or owner.get_visible())):
            seen.add(id(text))
            found.append((role, text, source))

    def add_legend(legend):
        if legend is not None and legend.get_visible():
            for text in legend.get_texts():
                add("legend entry", text, source=f"legend {id(legend)}")
            add("legend title", legend.get_title(), source=f"legend {id(legend)}")

    for ax in _axes_of(fig):
        if not ax.get_visible():
            continue
        for axis in (ax.xaxis, ax.yaxis):
            if ax.axison and axis.get_visible():
                for tick in axis._update_ticks():  # the ticks drawn (in the view)
                    for label in (tick.label1, tick.label2):
                        add("tick label", label, ax)
                add("tick label", axis.offsetText, ax)
                add("axis label", axis.label, ax)
        for title in (ax.title, ax._left_title, ax._right_title):
            add("title", title, ax)
        for text in ax.texts:
            add("annotation", text, ax)
        for table in ax.tables:
            for cell in table.get_celld().values():
                add("table cell", cell.get_text(), ax)
        add_legend(ax.get_legend())
    for sub in _figures_of(fig):
        for legend in sub.legends:
            add_legend(legend)
        add("title", getattr(sub, "_suptitle", None))
        add("axis label", getattr(sub, "_supxlabel", None))
        add("axis label", getattr(sub, "_supylabel", None))
        for text in sub.texts:
            add("figure text", text)
    return found


def _legends_of(fig):
    for ax in _axes_of(fig):
        if ax.get_visible() and ax.get_legend() is not None and ax.get_legend().get_visible():
            yield ax.get_legend()
    for sub in _figures_of(fig):
        yield from (lg for lg in sub.legends if lg.get_visible())


#: matplotlib's text extent spans the font's line height (ascent and descent,
#: about 1.17 em for DejaVu Sans); this much of the size (each side) is taken off
#: across the text, leaving about the em box the PDF reading gives.
LINE_GAP = 0.1


def _text_box(text, renderer, to_points, size):
    """``text``'s box in points (``size``: its printed font size), turned with
    the text when it is turned, about one em high per line."""
    x0, y0, x1, y1 = text.get_window_extent(renderer).extents
    angle = math.radians(text.get_rotation() % 180)
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    box = Box.from_extent(x0 * to_points, y0 * to_points, x1 * to_points, y1 * to_points)
    gap = LINE_GAP * size
    if min(cos, sin) < 1e-6 or "\n" in text.get_text():
        hx, hy = box.half
        half = (hx, max(hy - gap, 0.0)) if cos >= sin else (max(hx - gap, 0.0), hy)
        return dataclasses.replace(box, half=half)
    # the unturned length of the line, and its height from the turned extent
    string, ismath = text._preprocess_math(text.get_text())
    length = renderer.get_text_width_height_descent(
        string, text.get_fontproperties(), ismath)[0] * to_points
    width = (x1 - x0) * to_points
    height = max((width - length * cos) / sin - 2 * gap, 0.0)
    return Box(box.cx, box.cy, (length / 2, height / 2), angle)


#: mathtext sets a superscript or subscript at this fraction of the size
#: (matplotlib.mathtext's SHRINK_FACTOR; a script of a script is not looked for).
SCRIPT_SHRINK = 0.7


def _smallest(text, size):
    """The smallest printed size in ``text``: a mathtext script (``10^{-6}``, log
    tick labels) is set smaller, as the PDF's words of it show."""
    string, ismath = text._preprocess_math(text.get_text())
    scripted = ismath and any(c in part for part in string.split("$")[1::2] for c in "^_")
    return size * SCRIPT_SHRINK if scripted else size


def _legend_box(legend, renderer):
    """What a legend covers: its frame when drawn, else its entries (and title)."""
    if legend.get_frame_on() and legend.legendPatch.get_visible():
        return legend.get_window_extent(renderer)
    boxes = [legend._legend_handle_box.get_window_extent(renderer)]
    if legend.get_title().get_visible() and legend.get_title().get_text():
        boxes.append(legend.get_title().get_window_extent(renderer))
    return Bbox.union(boxes)


def figure_words(fig, *, scale=1.0, dpi=None):
    """The drawn texts of ``fig`` as Words, in points at the printed ``scale``.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        A figure drawn at least once (savefig, canvas.draw or
        draw_without_rendering). Call this in the rcParams it was drawn in (its
        style's context): the tick locator reads them, and the ticks read here
        are those the locator gives now.
    scale : float, default=1.0
        Printed size over the figure's own size (a report figure drawn smaller).
    dpi : float or None, default=None
        The dots per inch of that draw when not the figure's own (savefig's
        ``dpi``; 72 for SVG): axis labels are placed in the draw's pixels.

    Returns
    -------
    words : list of Word
        One per text artist (its whole text), with its role.
    frames : list of (str, Box)
        The legends' frames.
    """
    own = fig.dpi
    if dpi is not None:
        fig._set_dpi(dpi, forward=False)
    try:
        return _figure_words(fig, scale)
    finally:
        fig._set_dpi(own, forward=False)


def _figure_words(fig, scale):
    renderer = RendererAgg(int(fig.bbox.width) + 1, int(fig.bbox.height) + 1, fig.dpi)
    to_points = 72.0 / fig.dpi * scale
    words = []
    for role, text, source in _role_texts(fig):
        size = text.get_fontsize() * scale
        words.append(Word(text.get_text(), _text_box(text, renderer, to_points, size),
                          size, _smallest(text, size), role=role, source=source))
    frames = []
    for legend in _legends_of(fig):
        x0, y0, x1, y1 = _legend_box(legend, renderer).extents
        frames.append((f"legend {id(legend)}", Box.from_extent(
            x0 * to_points, y0 * to_points, x1 * to_points, y1 * to_points)))
    return words, frames


def figure_page(fig, *, scale=1.0, name="figure"):
    """``fig`` as a :class:`Page` (its box at the printed scale) to check."""
    words, frames = figure_words(fig, scale=scale)
    width, height = fig.get_size_inches() * 72 * scale
    return Page(name, Box.from_extent(0, 0, width, height), words, frames=frames)


# --- the checks -----------------------------------------------------------------


#: The checks of :func:`word_defects`.
CHECKS = ("overlap", "bounds", "size", "zero", "roles", "frames")
#: At most this many words are named per defect line of one kind.
NAMED = 6


def word_defects(page, checks=CHECKS):
    """The defects of one :class:`Page`, one line each (empty: print-ready).

    ``checks`` names those to run (:data:`CHECKS`): 'overlap' (no two words
    meet), 'bounds' (each word inside the page and inside any region it meets),
    'size' (none below :data:`MIN_PRINTED_SIZE`), 'zero' (no signed zero),
    'roles' (one size per role), 'frames' (a legend's box covers only its own
    words).
    """
    words = page.words
    defects = []
    if "overlap" in checks:
        defects += _overlap_defects(page.name, words)
    if "bounds" in checks:
        defects += _listed(page.name, f"outside the page {page.box}",
                           [w for w in words if not _inside(w.box, page.box)])
        for name, region in page.regions:
            defects += _listed(page.name, f"running out of {name}", [
                w for w in words
                if w.box.overlap(region) > OVERLAP_TOLERANCE and not _inside(w.box, region)])
    if "size" in checks:
        defects += _listed(page.name, f"set below {MIN_PRINTED_SIZE:g} pt", [
            w for w in words if w.smallest < MIN_PRINTED_SIZE - 1e-6], smallest=True)
    if "zero" in checks:
        defects += _listed(page.name, "printing a signed zero",
                           [w for w in words if SIGNED_ZERO.search(w.text)])
    if "frames" in checks:
        for name, frame in page.frames:
            defects += _listed(page.name, f"covered by {name} at {frame}", [
                w for w in words if w.source != name
                and w.box.overlap(frame) > OVERLAP_TOLERANCE])
    if "roles" in checks:
        defects += _role_size_defects(page.name, words)
    return defects


def _overlap_defects(name, words):
    defects = []
    extents = [w.box.extent() for w in words]
    order = sorted(range(len(words)), key=lambda i: extents[i][0])
    for k, i in enumerate(order):
        for j in order[k + 1:]:
            if extents[j][0] > extents[i][2]:
                break
            if (extents[j][1] < extents[i][3] and extents[i][1] < extents[j][3]
                    and words[i].box.overlap(words[j].box) > OVERLAP_TOLERANCE):
                defects.append(f"{name}: {words[i]} overlaps {words[j]}")
    return defects


def _listed(name, what, words, smallest=False):
    """One defect line for ``words`` (none when empty), naming the first few."""
    if not words:
        return []
    shown = "; ".join(f"{w} (smallest {w.smallest:.2f} pt)" if smallest else str(w)
                      for w in words[:NAMED])
    more = f"; and {len(words) - NAMED} more" if len(words) > NAMED else ""
    return [f"{name}: {len(words)} word(s) {what}: {shown}{more}"]


def _role_size_defects(name, words):
    sizes = {}
    for w in words:
        if w.role is not None:
            sizes.setdefault(w.role, {}).setdefault(round(w.size / SIZE_TOLERANCE), w)
    return [f"{name}: {role}s are set in {len(by)} sizes: "
            + "; ".join(str(w) for _, w in sorted(by.items()))
            for role, by in sizes.items() if len(by) > 1]


def pdf_defects(path, figures=()):
    """The defects of every page of the PDF at ``path`` (see :func:`read_pdf`),
    by check: a dict of each of :data:`CHECKS` to its defect lines.

    With ``figures`` (recorded by :func:`recording_report_figures`), also what
    only the figures' artists tell: one size per role across the page's figures
    and its tables ('roles'), and legend frames that cover other text ('frames').
    """
    figures = [f for f in figures if f.page is not None]
    defects = {check: [] for check in CHECKS}
    for page in read_pdf(path, figures):
        placed = [f for f in figures if f.page == int(page.name.split()[1])]
        printed = [f.printed() for f in placed]
        for check in ("overlap", "bounds", "size", "zero"):
            defects[check] += word_defects(page, (check,))
        for fig in printed:
            defects["frames"] += word_defects(fig, ("frames",))
        roles = [w for w in page.words if w.role] + [w for fig in printed for w in fig.words]
        defects["roles"] += _role_size_defects(page.name, roles)
    return defects


def figure_defects(fig, *, scale=1.0, name="figure"):
    """The defects of ``fig``'s drawn texts at the printed ``scale``, by check
    (a dict of each of :data:`CHECKS` to its defect lines)."""
    page = figure_page(fig, scale=scale, name=name)
    return {check: word_defects(page, (check,)) for check in CHECKS}


def _raise(defects, what):
    lines = [line for check in CHECKS for line in defects[check]]
    if lines:
        raise AssertionError(f"{what} is not print-ready ({len(lines)} defects):\n  "
                             + "\n  ".join(lines))


def assert_pdf_print_ready(path, figures=()):
    """Raise AssertionError listing every defect of the PDF at ``path``."""
    _raise(pdf_defects(path, figures), str(path))


def assert_figure_print_ready(fig, *, scale=1.0, name="figure"):
    """Raise AssertionError listing every defect of ``fig`` at ``scale``."""
    _raise(figure_defects(fig, scale=scale, name=name), name)


# --- recording where a report prints its figures -----------------------------------


@dataclasses.dataclass
class PlacedFigure:
    """A report figure as printed: its texts (``words``, ``frames``: read from the
    artists right after the report drew it, in points of the figure), its page,
    its box on the page (points) and the scale it is printed at."""

    index: int
    words: list
    frames: list
    page: int = None
    box: Box = None
    scale: float = None

    def printed(self):
        """The figure's words and legend frames moved onto its page."""
        x0, y0, _, _ = self.box.extent()
        s = self.scale

        def move(b):
            return Box(x0 + b.cx * s, y0 + b.cy * s, (b.half[0] * s, b.half[1] * s), b.angle)

        return Page(f"page {self.page}, figure {self.index}", self.box,
                    [dataclasses.replace(w, box=move(w.box), size=w.size * s,
                                         smallest=w.smallest * s) for w in self.words],
                    frames=[(n, move(b)) for n, b in self.frames])


@contextlib.contextmanager
def recording_report_figures():
    """Within: each figure a report adds is read (its artists, right after the
    report draws it) and, when the report is saved, placed (page, box, scale).

    Gives the list of :class:`PlacedFigure`, in the order the report added them;
    pass it to :func:`pdf_defects` or :func:`assert_pdf_print_ready`.
    """
    placed, by_drawing = [], {}
    convert, draw = _content.figure_to_drawing, _flowables.VectorFigure.draw

    def recorded_convert(fig):
        drawing = convert(fig)
        # read at 72 dpi: the SVG draw placed the axis labels in its pixels
        placed.append(PlacedFigure(len(placed) + 1, *figure_words(fig, dpi=72)))
        by_drawing[id(drawing)] = placed[-1]
        return drawing

    def recorded_draw(self):
        draw(self)
        record = by_drawing.get(id(self.drawing))
        doc = getattr(self.canv, "_doctemplate", None)
        if record is not None and getattr(doc, "draws_figures", True):
            a, b, c, d, e, f = self.canv._currentMatrix
            s = math.sqrt(abs(a * d - b * c))
            record.page = self.canv.getPageNumber()
            record.scale = s * self._scale
            record.box = Box.from_extent(e, f, e + self.width * s, f + self.height * s)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_content, "figure_to_drawing", recorded_convert)
        patch.setattr(_flowables.VectorFigure, "draw", recorded_draw)
        yield placed
