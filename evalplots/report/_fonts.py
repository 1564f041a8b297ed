"""Glyph coverage: which characters the report font can show, and what shows the rest.

The report's text font is DejaVu Sans (shipped with matplotlib), which covers
Latin, Greek and Cyrillic but not CJK. A run of characters it lacks is set in
the font :func:`~evalplots.display._fonts.find_fallback_font` finds for it (a
font file named in ``EVALPLOTS_FONT_PATH`` or an installed Noto Sans CJK,
WenQuanYi, Droid Sans Fallback: the search the figures use too), embedded as a
small TrueType font of just that run's glyphs (:func:`embedded_subset`); with
no such font, CJK runs are set in reportlab's built-in CID fonts
(STSong-Light, HeiseiMin-W3, HYSMyeongJo-Medium), which the PDF names but
cannot embed: the reader must supply the glyphs, and the report says so once.
:func:`font_runs` cuts a text into runs of one font, :func:`markup` writes
them as paragraph markup and :func:`text_width` measures them. The report says
once, in a :class:`MissingGlyphWarning`, what no font can show, instead of
matplotlib's warning per glyph and figure.
"""

import contextlib
import functools
import hashlib
import io
import os
import re
import warnings
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from evalplots._text import drawn_text, shown_text
from evalplots.display._fonts import (  # noqa: F401  (re-exported for the report)
    FONT_PATH_VARIABLE,
    GLYPH_WARNING,
    MissingGlyphWarning,
    cjk_script,
    find_fallback_font,
)
from evalplots.report._styles import FONT, register_fonts

FALLBACK = "EvalplotsFallback"
_GLYPH_WARNING = re.compile(GLYPH_WARNING)


# reportlab's built-in CID font of each CJK script (the scripts' Unicode blocks
# are in evalplots.display._fonts, shared with the figures' font rule).
CID_FONTS = {"HeiseiMin-W3": "japanese", "HYSMyeongJo-Medium": "korean",
             "STSong-Light": "chinese"}
_CID_FONT_OF = {script: name for name, script in CID_FONTS.items()}


def cid_font(ch):
    """The built-in CID font for the CJK character ``ch``, or None.

    Examples
    --------
    >>> cid_font("猫"), cid_font("か"), cid_font("한"), cid_font("é")
    ('STSong-Light', 'HeiseiMin-W3', 'HYSMyeongJo-Medium', None)
    """
    name = _CID_FONT_OF.get(cjk_script(ch))
    if name is not None and name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(name))
        _register_family(name)
    return name


def _register_family(name):
    # paragraph markup looks a face up by family (bold headings too)
    pdfmetrics.registerFontFamily(name, normal=name, bold=name, italic=name,
                                  boldItalic=name)


def truetype_subset(path, index, chars, postscript_name=None):
    """A TrueType font (bytes) of the glyphs of ``chars`` in a font file's face.

    Parameters
    ----------
    path : str
        A TrueType or OpenType font file, or a collection (.ttc).
    index : int
        The face in a collection (0 for a single font).
    chars : str
        The characters to keep; the face must have a glyph for each.
    postscript_name : str, default=None
        The subset's PostScript name (name ID 6, which PDF viewers know a font
        by); None keeps the face's. Two subsets of one face need two names.

    Returns
    -------
    data : bytes
        A font of ``.notdef`` and those glyphs only (components decomposed),
        with the face's metrics and name table (its copyright and licence
        entries included); PostScript (CFF) outlines become quadratic ones.

    Notes
    -----
    reportlab embeds TrueType outlines only, and parses a whole font file
    (tens of megabytes for a CJK collection) before it subsets it; the glyphs
    of one run are read here with fontTools, lazily, and cubic curves are
    approximated by quadratic ones within 1 font unit (cu2qu, as fontTools'
    ``otf2ttf`` does; CFF contours run the other way round). The result is
    deterministic (the face's own timestamps are kept).

    Examples
    --------
    >>> import matplotlib, os
    >>> path = os.path.join(matplotlib.get_data_path(), "fonts", "ttf", "DejaVuSans.ttf")
    >>> from fontTools.ttLib import TTFont as Font
    >>> sorted(Font(io.BytesIO(truetype_subset(path, 0, "ab"))).getBestCmap())
    [97, 98]
    """
    # fontTools is matplotlib's dependency; only a report with such runs needs it
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as Font

    with Font(path, fontNumber=index, lazy=True) as source:  # closes the file
        cmap = source.getBestCmap()
        names = list(dict.fromkeys([".notdef", *(cmap[ord(ch)] for ch in chars)]))
        glyph_set, cubic = source.getGlyphSet(), "glyf" not in source
        glyphs = {}
        for name in names:
            recording = DecomposingRecordingPen(glyph_set)
            glyph_set[name].draw(recording)
            pen = TTGlyphPen(None)
            recording.replay(Cu2QuPen(pen, 1.0, reverse_direction=True) if cubic else pen)
            glyphs[name] = pen.glyph()
        head, hhea, os2 = source["head"], source["hhea"], source["OS/2"]
        builder = FontBuilder(head.unitsPerEm, isTTF=True)
        builder.setupGlyphOrder(names)
        builder.setupCharacterMap({ord(ch): cmap[ord(ch)] for ch in chars})
        builder.setupGlyf(glyphs)
        builder.setupHorizontalMetrics({name: source["hmtx"][name] for name in names})
        builder.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent)
        builder.font["name"] = source["name"]
        builder.setupOS2(sTypoAscender=os2.sTypoAscender, sTypoDescender=os2.sTypoDescender,
                         sTypoLineGap=os2.sTypoLineGap, usWinAscent=os2.usWinAscent,
                         usWinDescent=os2.usWinDescent, fsType=os2.fsType,
                         achVendID=os2.achVendID)
        created, modified = head.created, head.modified
    if postscript_name is not None:
        for record in builder.font["name"].names:
            if record.nameID == 6:
                record.string = postscript_name
    builder.setupPost()
    builder.setupMaxp()
    builder.font["head"].created, builder.font["head"].modified = created, modified
    builder.font.recalcTimestamp = False
    out = io.BytesIO()
    builder.save(out)
    return out.getvalue()


@functools.lru_cache(maxsize=1024)
def embedded_subset(font, chars):
    """Register the glyphs of ``chars`` in ``font`` with reportlab; return the name.

    ``font`` is a :class:`~evalplots.display._fonts.FallbackFont`; the name
    (``EvalplotsCJK-`` and a digest of the family and ``chars``, also the
    subset's PostScript name: viewers confuse fonts of one name) is the same
    on every run, so an invariant report stays byte for byte the same. None when
    the face forbids embedding (its OS/2 ``fsType``) or reportlab cannot read
    the subset: the caller falls back to the CID fonts.
    """
    digest = hashlib.sha1(f"{font.family}\0{font.index}\0{chars}".encode()).hexdigest()
    name = f"EvalplotsCJK-{digest[:12]}"
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TTFont(name, io.BytesIO(
                truetype_subset(font.path, font.index, chars, name))))
        except (TTFError, KeyError, OSError):  # embedding forbidden; unreadable face
            return None
        _register_family(name)
    return name


@functools.lru_cache(maxsize=8)
def _coverage(font):
    register_fonts()
    face = getattr(pdfmetrics.getFont(font), "face", None)
    return getattr(face, "charToGlyph", None)  # None: a non-TrueType font


def font_runs(text, font=FONT, *, ordered=False):
    """Cut ``text`` into runs of one font: ``font``, and fonts for what it lacks.

    A run of characters ``font`` has no glyph for is set in the font
    :func:`~evalplots.display._fonts.find_fallback_font` finds for the whole
    run, embedded as a subset (:func:`embedded_subset`); without one, each CJK
    character goes to the built-in CID font of its script (:data:`CID_FONTS`,
    named in the PDF, not embedded). Spaces and characters no font has stay in
    ``font``. Every text drawn on a page passes here, so it is put in the
    order it is drawn first (:func:`evalplots._text.drawn_text`: controls, bidi
    overrides and surrogate escapes written visibly, right-to-left runs
    reordered, Arabic joined).

    Parameters
    ----------
    text : str
        Any text.
    font : str, default="EvalplotsSans"
        A registered reportlab font (a TrueType one, or the run is the whole text).
    ordered : bool, default=False
        True for a text already in drawn order (a figure's string, when
        matplotlib got it from :func:`~evalplots._text.drawn_text`): only
        :func:`~evalplots._text.shown_text` applies, it is not reordered again.

    Returns
    -------
    runs : tuple of (str, str)
        ``(text, font name)`` pairs whose texts join to ``drawn_text(text)``
        (``shown_text(text)`` when ``ordered``).

    Examples
    --------
    >>> runs = font_runs("模型 — cão")  # the first run's font: a CJK font's subset
    >>> runs[0][0], runs[1]               # or, with none installed, STSong-Light
    ('模型', (' — cão', 'EvalplotsSans'))
    >>> font_runs("מודל 1")
    (('1 לדומ', 'EvalplotsSans'),)
    """
    # the setting is part of the cache key: it changes which font is found
    return _font_runs(text, font, ordered, os.environ.get(FONT_PATH_VARIABLE, ""))


@functools.lru_cache(maxsize=4096)
def _font_runs(text, font, ordered, setting):
    text = shown_text(text) if ordered else drawn_text(text)
    cmap = _coverage(font)
    if cmap is None:
        return ((text, font),)
    runs = []
    for lacking, piece in _pieces(text, cmap):
        found = find_fallback_font(piece) if lacking else None
        subset = None if found is None else embedded_subset(found, piece)
        if subset is not None or not lacking:
            pieces = [(piece, subset or font)]
        else:
            pieces = [(ch, cid_font(ch) or font) for ch in piece]
        for part, name in pieces:
            if runs and runs[-1][1] == name:
                runs[-1][0] += part
            else:
                runs.append([part, name])
    return tuple((t, f) for t, f in runs)


def _pieces(text, cmap):
    """``(lacking, piece)``: the maximal pieces of ``text`` that ``cmap`` lacks
    (True) or has (False); spaces count as had."""
    pieces = []
    for ch in text:
        lacking = ord(ch) not in cmap and not ch.isspace()
        if pieces and pieces[-1][0] == lacking:
            pieces[-1][1] += ch
        else:
            pieces.append([lacking, ch])
    return [(lacking, piece) for lacking, piece in pieces]


def markup(text, font=FONT):
    """``text`` escaped for reportlab paragraphs, each run in its font (:func:`font_runs`).

    Parameters
    ----------
    text : str
        User text, shown literally (``<``, ``>``, ``&`` are escaped).
    font : str, default="EvalplotsSans"
        The paragraph's font.

    Returns
    -------
    markup : str

    Examples
    --------
    >>> markup("猫 <b>").endswith('">猫</font> &lt;b&gt;')
    True
    """
    return "".join(escape(t) if f == font else f'<font face="{f}">{escape(t)}</font>'
                   for t, f in font_runs(text, font))


def text_width(text, font, size):
    """Width in points of ``text`` drawn in runs as :func:`font_runs` cuts it.

    Examples
    --------
    >>> text_width("猫猫", "EvalplotsSans", 10)
    20.0
    """
    return sum(pdfmetrics.stringWidth(t, f, size) for t, f in font_runs(text, font))


def missing_chars(text, font=FONT):
    """The distinct characters of ``text`` that ``font`` has no glyph for.

    CJK characters count as missing here (DejaVu Sans lacks them) although the
    PDF text shows them in a CID font (:func:`font_runs`); this is what
    matplotlib, drawing the figures in ``font``, lacks.

    Parameters
    ----------
    text : str
        Any text.
    font : str, default="EvalplotsSans"
        A font name registered with reportlab.

    Returns
    -------
    chars : str
        The missing characters in order of first appearance ('' if none).

    Examples
    --------
    >>> missing_chars("modèle_é"), missing_chars("中文 model")
    ('', '中文')
    """
    register_fonts()
    cmap = pdfmetrics.getFont(font).face.charToGlyph
    out = []
    for ch in text:
        if ord(ch) not in cmap and not ch.isspace() and ch not in out:
            out.append(ch)
    return "".join(out)


def register_fallback(path):
    """Register ``path`` with reportlab as the report font family; return its name."""
    name = f"{FALLBACK}-{abs(hash(path))}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, path))
        pdfmetrics.registerFontFamily(name, normal=name, bold=name, italic=name,
                                      boldItalic=name)
    return name


@contextlib.contextmanager
def summarised_glyph_warnings(missing):
    """Swallow matplotlib's per-glyph warnings; add each missing char to ``missing``.

    ``missing`` is a list the caller reads afterwards to warn once.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    for w in caught:
        match = _GLYPH_WARNING.search(str(w.message))
        if match is None:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
            continue
        ch = chr(int(match.group(1)))
        if ch not in missing:
            missing.append(ch)
