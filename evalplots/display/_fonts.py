"""Which font draws the figures' CJK text: one rule for the report and saved figures.

matplotlib draws figure text in DejaVu Sans, which covers Latin, Greek and
Cyrillic but not Chinese, Japanese or Korean. :func:`figure_font_family` looks
through the fonts matplotlib's font manager knows for one that covers the CJK
characters of the names a figure shows (an installed Noto Sans CJK, WenQuanYi,
Droid Sans Fallback ...) and returns its family, to be tried after DejaVu Sans;
without one it warns once (:class:`MissingGlyphWarning`), instead of
matplotlib's warning per glyph and figure. The PDF report
(:mod:`evalplots.report.standard`) and :meth:`Evaluation.save_figures` both
call it, so a figure saved for a paper is drawn in the report's fonts. This
module imports matplotlib only: the evaluation layer may use it, and the report
layer re-exports what it shares.
"""

import contextlib
import functools
import warnings

__all__ = ["MissingGlyphWarning", "figure_font_family", "find_fallback_font",
           "ignore_glyph_warnings"]

#: Unicode blocks of each CJK script; the first script whose blocks hold a
#: character is its script (kana -> Japanese, Hangul -> Korean, other
#: ideographs, CJK punctuation and full-width forms -> Chinese).
CJK_BLOCKS = {
    "japanese": ((0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF65, 0xFF9F)),
    "korean": ((0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7AF)),
    "chinese": ((0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3100, 0x312F),
                (0x31A0, 0x31BF), (0x3200, 0x33FF), (0x3400, 0x4DBF),
                (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F),
                (0xFF00, 0xFFEF)),
}

#: matplotlib's default text font, which the figures are drawn in first.
BASE_FAMILY = "DejaVu Sans"

#: matplotlib's per-glyph warning, which :class:`MissingGlyphWarning` replaces.
GLYPH_WARNING = r"Glyph (\d+) .*missing from (current )?font"


class MissingGlyphWarning(UserWarning):
    """Text has characters that no available font can show (drawn as boxes)."""


def cjk_script(ch):
    """``'chinese'``, ``'japanese'`` or ``'korean'`` for a CJK character, else None.

    Examples
    --------
    >>> cjk_script("猫"), cjk_script("か"), cjk_script("한"), cjk_script("é")
    ('chinese', 'japanese', 'korean', None)
    """
    code = ord(ch)
    for script, blocks in CJK_BLOCKS.items():
        if any(lo <= code <= hi for lo, hi in blocks):
            return script
    return None


@functools.lru_cache(maxsize=1)
def _base_charmap():
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    return frozenset(FT2Font(font_manager.findfont(BASE_FAMILY)).get_charmap())


@functools.lru_cache(maxsize=16)
def find_fallback_font(chars):
    """A font known to matplotlib that covers every one of ``chars``.

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
    The font is for matplotlib (the figures' fallback family, e.g. Noto Sans
    CJK, WenQuanYi or Droid Sans Fallback); the PDF report's own text shows CJK
    in reportlab's built-in CID fonts and needs no font file.

    Examples
    --------
    >>> find_fallback_font("")  # nothing to cover
    """
    if not chars:
        return None
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    codes = {ord(c) for c in chars}
    for entry in font_manager.fontManager.ttflist:
        if entry.name.startswith("Last Resort"):  # placeholder glyphs for everything
            continue
        try:
            charmap = FT2Font(entry.fname).get_charmap()
        except (OSError, RuntimeError, ValueError):  # unreadable files
            continue
        if codes <= set(charmap):
            return entry.fname, entry.name
    return None


def missing_glyph_note(chars):
    """The one note for figure characters no installed font gives matplotlib."""
    shown = "".join(ch for ch in chars if cjk_script(ch))
    lost = "".join(ch for ch in chars if not cjk_script(ch))
    parts = []
    if shown:
        parts.append(f"no installed font covers {shown!r} for matplotlib: the PDF "
                     f"report shows them in a built-in CID font, but the figures are "
                     f"laid out with placeholder widths and figures saved on their own "
                     f"show boxes; install a CJK font (e.g. Noto Sans CJK, WenQuanYi) "
                     f"to fix both")
    if lost:
        parts.append(f"no available font can show {lost!r}; they appear as boxes")
    return "figure text: " + "; ".join(parts) + "."


def figure_font_family(texts, *, stacklevel=2):
    """The fallback font family for the CJK characters of ``texts``, or None.

    Parameters
    ----------
    texts : iterable of str
        The texts the figures show (model and class names).
    stacklevel : int, default=2
        Passed to :func:`warnings.warn` (2: the caller's caller is named).

    Returns
    -------
    family : str or None
        The family name of an installed font covering every CJK character of
        ``texts`` that DejaVu Sans lacks; None when there is no such character,
        or no such font.

    Warns
    -----
    MissingGlyphWarning
        Once, when ``texts`` hold CJK characters and no installed font covers
        them (matplotlib would draw boxes).

    Notes
    -----
    Use the family after DejaVu Sans (``font.sans-serif = ['DejaVu Sans',
    family]``): matplotlib falls back glyph by glyph, so Latin text keeps
    DejaVu Sans. Characters of other scripts no font has are not searched for
    here (they are rare in names and no single font family is known to hold
    them).

    Examples
    --------
    >>> figure_font_family(["logistic", "Модель-1", "cão"]) is None  # DejaVu has all
    True
    """
    base = _base_charmap()
    cjk = "".join(sorted({ch for text in texts for ch in str(text)
                          if ord(ch) not in base and cjk_script(ch)}))
    found = find_fallback_font(cjk)
    if cjk and found is None:
        warnings.warn(missing_glyph_note(cjk), MissingGlyphWarning,
                      stacklevel=stacklevel + 1)
    return None if found is None else found[1]


@contextlib.contextmanager
def ignore_glyph_warnings():
    """Silence matplotlib's "Glyph N missing from font" warnings inside the block.

    For code that has already said, in one :class:`MissingGlyphWarning`, what
    no font can draw.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", GLYPH_WARNING)
        yield
