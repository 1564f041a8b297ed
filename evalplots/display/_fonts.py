"""Which font draws the figures' CJK text: one rule for the report and saved figures.

matplotlib draws figure text in DejaVu Sans, which covers Latin, Greek and
Cyrillic but not Chinese, Japanese or Korean. :func:`figure_font_family` looks
through the font files named in the ``EVALPLOTS_FONT_PATH`` environment
variable, then the fonts matplotlib's font manager knows, for one that covers
the CJK characters of the names a figure shows (an installed Noto Sans CJK,
WenQuanYi, Droid Sans Fallback ...) and returns its family, to be tried after
DejaVu Sans (:func:`find_fallback_font` is the one search; the PDF report
embeds a subset of the same font in its text);
without one it warns once (:class:`MissingGlyphWarning`), instead of
matplotlib's warning per glyph and figure. The PDF report
(:mod:`evalplots.report.standard`) and :meth:`Evaluation.save_figures` both
call it, so a figure saved for a paper is drawn in the report's fonts. This
module imports matplotlib only: the evaluation layer may use it, and the report
layer re-exports what it shares.
"""

import contextlib
import functools
import os
import warnings
from typing import NamedTuple

__all__ = ["FONT_PATH_VARIABLE", "FallbackFont", "MissingGlyphWarning",
           "figure_font_family", "find_fallback_font", "ignore_glyph_warnings"]

#: The environment variable naming font files (separated by ``os.pathsep``) to
#: try first for the characters DejaVu Sans lacks, before the installed fonts:
#: a font that is not installed, or a fixed choice among several.
FONT_PATH_VARIABLE = "EVALPLOTS_FONT_PATH"

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


class FallbackFont(NamedTuple):
    """A font file that covers characters DejaVu Sans lacks."""

    path: str
    family: str
    index: int = 0  # the face in a font collection (.ttc)


def find_fallback_font(chars):
    """A font that covers every one of ``chars``: named in the setting, or installed.

    Parameters
    ----------
    chars : str
        The characters to cover.

    Returns
    -------
    font : FallbackFont or None
        ``(path, family, index)`` of the first font found, or None.

    Raises
    ------
    ValueError
        If :data:`FONT_PATH_VARIABLE` names a file that is not a readable font.

    Notes
    -----
    The files named in the ``EVALPLOTS_FONT_PATH`` environment variable come
    first, in their order (each is added to matplotlib's font manager, so the
    figures can use it by family); then the fonts matplotlib's font manager
    found installed, regular upright faces first, then by file and face. The
    figures use the font's family as their fallback family
    (:func:`figure_font_family`); the PDF report embeds a subset of the same
    face in its text (:func:`evalplots.report._fonts.font_runs`).

    Examples
    --------
    >>> find_fallback_font("")  # nothing to cover
    """
    return _find_fallback_font(chars, os.environ.get(FONT_PATH_VARIABLE, ""))


#: the family-name suffix of a CJK collection's face for each script (Noto
#: Sans CJK SC, JP, KR): the ideographs of one script drawn in its own shapes
SCRIPT_FACES = {"chinese": " SC", "japanese": " JP", "korean": " KR"}


@functools.lru_cache(maxsize=64)
def _find_fallback_font(chars, setting):
    if not chars:
        return None
    codes = {ord(c) for c in chars}
    covering = [font for font in _candidates(setting)
                if codes <= _charmap(font.path, font.index)]
    # kana make a text Japanese, Hangul Korean, ideographs alone Chinese
    scripts = {cjk_script(ch) for ch in chars}
    script = next((s for s in ("japanese", "korean", "chinese") if s in scripts), None)
    suffix = SCRIPT_FACES.get(script, "\0")
    # a named file is taken as named; among installed faces, TrueType outlines
    # first (matplotlib embeds a PostScript-outline face in a saved PDF under a
    # TrueType descriptor, which viewers flag), then the text's script's face
    named = [font for font in covering if font in _named(setting)]
    return next(iter(named or sorted(covering, key=lambda f: (
        _postscript_outlines(f.path, f.index), not f.family.endswith(suffix)))), None)


def _preference(entry):
    """Sort key of installed fonts: regular upright proportional faces first."""
    regular = entry.style == "normal" and entry.weight in (400, "normal", "regular")
    return (not regular, "Mono" in entry.name, entry.fname, entry.index)


@functools.lru_cache(maxsize=4)
def _candidates(setting):
    """The fonts to search, for a value of :data:`FONT_PATH_VARIABLE`: the named
    ones first, then the installed ones."""
    from matplotlib import font_manager

    named = _named(setting)
    # placeholder glyphs for everything (macOS) are no fallback; files added for
    # a setting are not installed ones (another setting does not see them)
    installed = sorted((e for e in font_manager.fontManager.ttflist
                        if not e.name.startswith("Last Resort")
                        and e.fname not in _ADDED_FILES), key=_preference)
    return tuple(dict.fromkeys(
        [*named, *(FallbackFont(e.fname, e.name, e.index) for e in installed)]))


#: the files :func:`_named` added to matplotlib's font manager
_ADDED_FILES = set()


@functools.lru_cache(maxsize=4)
def _named(setting):
    """The faces of the files a value of :data:`FONT_PATH_VARIABLE` names, each
    added to matplotlib's font manager (the figures find it by family)."""
    from matplotlib import font_manager

    manager = font_manager.fontManager
    named = []
    for path in filter(None, setting.split(os.pathsep)):
        path = os.path.abspath(path)
        try:
            known = [e for e in manager.ttflist if e.fname == path]
            if not known:
                manager.addfont(path)
                _ADDED_FILES.add(path)
                known = [e for e in manager.ttflist if e.fname == path]
        except (OSError, RuntimeError, ValueError) as exc:
            raise ValueError(
                f"{FONT_PATH_VARIABLE} names {path!r}, which is not a readable font "
                f"file ({exc}); name TrueType or OpenType files (.ttf, .otf, .ttc), "
                f"separated by {os.pathsep!r}.") from None
        named += [FallbackFont(e.fname, e.name, e.index) for e in known]
    return tuple(dict.fromkeys(named))


@functools.lru_cache(maxsize=256)
def _postscript_outlines(path, index):
    """Whether a face's glyphs are PostScript (CFF) outlines: its table
    directory starts ``OTTO`` (read in a collection's directory of faces)."""
    try:
        with open(path, "rb") as file:
            tag = file.read(4)
            if tag == b"ttcf":
                file.seek(12 + 4 * index)
                file.seek(int.from_bytes(file.read(4), "big"))
                tag = file.read(4)
    except OSError:
        return True
    return tag == b"OTTO"


@functools.lru_cache(maxsize=256)
def _charmap(path, index):
    from matplotlib.ft2font import FT2Font

    try:
        return frozenset(FT2Font(path, face_index=index).get_charmap())
    except (OSError, RuntimeError, ValueError):  # unreadable files
        return frozenset()


def missing_glyph_note(chars):
    """The one note for figure characters no installed font gives matplotlib."""
    shown = "".join(ch for ch in chars if cjk_script(ch))
    lost = "".join(ch for ch in chars if not cjk_script(ch))
    parts = []
    if shown:
        parts.append(f"no installed font covers {shown!r}: the PDF report shows them "
                     f"in a built-in CID font, which it names but cannot embed (a "
                     f"viewer without that font shows boxes), the figures are laid out "
                     f"with placeholder widths and figures saved on their own show "
                     f"boxes; install a CJK font (e.g. Noto Sans CJK, WenQuanYi) or "
                     f"name its file in {FONT_PATH_VARIABLE} to fix all three")
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
    return None if found is None else found.family


@contextlib.contextmanager
def ignore_glyph_warnings():
    """Silence matplotlib's "Glyph N missing from font" warnings inside the block.

    For code that has already said, in one :class:`MissingGlyphWarning`, what
    no font can draw.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", GLYPH_WARNING)
        yield
