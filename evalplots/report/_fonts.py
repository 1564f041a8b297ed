"""Glyph coverage: which characters the report font can show, and what shows the rest.

The report's text font is DejaVu Sans (shipped with matplotlib), which covers
Latin, Greek and Cyrillic but not CJK. Runs of Chinese, Japanese or Korean
characters are set in reportlab's built-in CID fonts (STSong-Light,
HeiseiMin-W3, HYSMyeongJo-Medium: no font file needed, the PDF reader
supplies the glyphs): :func:`font_runs` cuts a text into runs of one font,
:func:`markup` writes them as paragraph markup and :func:`text_width`
measures them. For the figures, :func:`find_fallback_font` (in
evalplots.display._fonts, shared with saved figures) looks through the
fonts matplotlib's font manager knows (e.g. an installed Noto Sans CJK,
WenQuanYi or Droid Sans Fallback) for one that covers the characters; the
report says once, in a :class:`MissingGlyphWarning`, what no font can show,
instead of matplotlib's warning per glyph and figure.
"""

import contextlib
import functools
import re
import warnings
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

from evalplots._text import drawn_text, shown_text
from evalplots.display._fonts import (  # noqa: F401  (re-exported for the report)
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
        # paragraph markup looks a face up by family (bold headings too)
        pdfmetrics.registerFontFamily(name, normal=name, bold=name, italic=name,
                                      boldItalic=name)
    return name


@functools.lru_cache(maxsize=8)
def _coverage(font):
    register_fonts()
    face = getattr(pdfmetrics.getFont(font), "face", None)
    return getattr(face, "charToGlyph", None)  # None: a non-TrueType font


@functools.lru_cache(maxsize=4096)
def font_runs(text, font=FONT, *, ordered=False):
    """Cut ``text`` into runs of one font: ``font`` and the CID fonts for CJK.

    A character ``font`` has no glyph for goes to the built-in CID font of its
    script (:data:`CID_FONTS`); spaces and characters no font has stay in
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
        True for a text already in drawn order (a figure's string, which the
        figure got from :func:`~evalplots._text.drawn_text`): only
        :func:`~evalplots._text.shown_text` applies, it is not reordered again.

    Returns
    -------
    runs : tuple of (str, str)
        ``(text, font name)`` pairs whose texts join to ``drawn_text(text)``
        (``shown_text(text)`` when ``ordered``).

    Examples
    --------
    >>> font_runs("模型 — cão")
    (('模型', 'STSong-Light'), (' — cão', 'EvalplotsSans'))
    >>> font_runs("מודל 1")
    (('1 לדומ', 'EvalplotsSans'),)
    """
    text = shown_text(text) if ordered else drawn_text(text)
    cmap = _coverage(font)
    runs = []
    for ch in text:
        name = font
        if cmap is not None and ord(ch) not in cmap and not ch.isspace():
            name = cid_font(ch) or font
        if runs and runs[-1][1] == name:
            runs[-1][0] += ch
        else:
            runs.append([ch, name])
    return tuple((t, f) for t, f in runs)


def markup(text, font=FONT):
    """``text`` escaped for reportlab paragraphs, CJK runs in their CID font.

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
    >>> markup("猫 <b>")
    '<font face="STSong-Light">猫</font> &lt;b&gt;'
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
