"""Glyph coverage: which characters the report font can show, and a fallback.

The report's text font is DejaVu Sans (shipped with matplotlib), which covers
Latin, Greek and Cyrillic but not CJK. When text needs characters it lacks,
:func:`find_fallback_font` looks through the fonts matplotlib's font manager
knows (e.g. an installed Noto Sans CJK, WenQuanYi or Droid Sans Fallback) for
a TrueType font that covers them; without one the characters print as boxes
and the report says so once, in a :class:`MissingGlyphWarning`, instead of
matplotlib's warning per glyph and figure.
"""

import contextlib
import functools
import re
import warnings

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from evalplots.report._styles import FONT, register_fonts

FALLBACK = "EvalplotsFallback"
_GLYPH_WARNING = re.compile(r"Glyph (\d+) .*missing from (current )?font")


class MissingGlyphWarning(UserWarning):
    """Text has characters that no available font can show (drawn as boxes)."""


def missing_chars(text, font=FONT):
    """The distinct characters of ``text`` that ``font`` has no glyph for.

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


@functools.lru_cache(maxsize=16)
def find_fallback_font(chars):
    """A TrueType font known to matplotlib that covers every one of ``chars``.

    Parameters
    ----------
    chars : str
        The characters to cover.

    Returns
    -------
    font : tuple of (str, str) or None
        ``(path, family name)`` of the first font found, or None.

    Notes
    -----
    Only fonts reportlab can embed qualify (TrueType outlines; OpenType/CFF
    fonts such as some Noto CJK builds are skipped).

    Examples
    --------
    >>> find_fallback_font("")  # nothing to cover
    """
    if not chars:
        return None
    from matplotlib import font_manager

    codes = {ord(c) for c in chars}
    for entry in font_manager.fontManager.ttflist:
        if not entry.fname.lower().endswith((".ttf", ".ttc")):
            continue
        try:
            face = TTFont(FALLBACK, entry.fname).face
        except (TTFError, OSError, ValueError, KeyError):  # CFF outlines, broken files
            continue
        if codes <= set(face.charToGlyph):
            return entry.fname, entry.name
    return None


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
