r"""Text that leaves the process: the characters that must not reach a reader raw.

User text (model, class and file names, titles) reaches PDF pages and metadata,
figure files' names and the terminal. Three kinds of character in it mislead or
break whatever shows it, and :func:`shown_text` writes each of them as a visible
escape instead:

- **controls** (Unicode category Cc other than tab, newline and carriage return:
  NUL, ESC, DEL, the C1 range): a terminal obeys them, a PDF viewer shows
  nothing;
- **bidirectional embeddings, overrides and isolates** (U+202A..U+202E,
  U+2066..U+2069): they reorder the text after them, so ``m\u202egpj.exe``
  reads ``mexe.jpg`` (CVE-2021-42574, "Trojan Source");
- **surrogate escapes** (U+DC80..U+DCFF): the bytes of a file name that is not
  UTF-8, as Python decodes ``argv`` and ``os.listdir`` (PEP 383); no encoder
  writes them, so a PDF's metadata would fail after the whole report was made.
  They are written as the byte they stand for, ``\xe9``.

The letters of every script, the bidirectional marks (LRM, RLM, ALM) and the
joiners (ZWJ, ZWNJ, needed by Persian and Indic scripts) are kept.

What is *drawn* (page text, figure text) goes one step further, through
:func:`drawn_text`: neither reportlab nor matplotlib orders right-to-left
scripts or joins Arabic letters, so Hebrew and Arabic names are put in the
order they are seen (the Unicode bidirectional algorithm, UAX #9) and Arabic
letters in their joined forms. Metadata, outlines, file names and the terminal
stay in logical order: their readers apply the algorithm themselves.
"""

import functools
import re

from bidi import get_display

__all__ = ["FORMAT_CHARACTERS", "NEUTRALISED", "drawn_text", "escaped_format_characters",
           "left_to_right", "shown_text"]

#: Unicode's format characters (category Cf, Unicode 15), for a regex class:
#: invisible, yet part of a name; a zero-width space (U+200B) or a byte order
#: mark (U+FEFF) after a delimiter makes ``y_true`` another name that looks the same
FORMAT_CHARACTERS = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    "\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f")
_FORMAT = re.compile(f"[{FORMAT_CHARACTERS}]")

#: one character of the three kinds :func:`shown_text` escapes
NEUTRALISED = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\udc80-\udcff]")


def shown_text(text):
    r"""``text`` with controls, bidi overrides and surrogate escapes written as escapes.

    Parameters
    ----------
    text : str
        User text on its way out: to a PDF (page or metadata), a file name, or
        the terminal.

    Returns
    -------
    str
        ``text`` itself when it holds none of them (the common case, no copy);
        else each such character as ``\u202e`` (a control or bidi control) or
        ``\xe9`` (the undecodable byte a surrogate escape stands for).

    Examples
    --------
    >>> from evalplots._text import shown_text
    >>> shown_text("model"), shown_text("m\u202egpj.exe"), shown_text("r\udce9sultats.csv")
    ('model', 'm\\u202egpj.exe', 'r\\xe9sultats.csv')
    """
    if not NEUTRALISED.search(text):
        return text
    return NEUTRALISED.sub(_escape, text)


#: one character of a right-to-left script (bidirectional classes R and AL, with
#: the Arabic digits, AN): Hebrew, Arabic, Syriac, Thaana, N'Ko ... and their
#: presentation forms, the RLM mark, and the historic scripts of U+10800..U+10FFF
#: and U+1E800..U+1EFFF. Text without one is drawn as it is stored.
RIGHT_TO_LEFT = re.compile(
    "[\u0590-\u08ff\u200f\ufb1d-\ufdff\ufe70-\ufefc"
    "\U00010800-\U00010fff\U0001e800-\U0001efff]")


@functools.lru_cache(maxsize=4096)
def drawn_text(text):
    r"""``text`` as it is drawn: :func:`shown_text`, right-to-left runs in visual order.

    Parameters
    ----------
    text : str
        User text, or text holding it, to be drawn on a page or in a figure
        (whose renderers place characters left to right as stored).

    Returns
    -------
    str
        ``shown_text(text)`` itself when it holds no right-to-left character
        (:data:`RIGHT_TO_LEFT`); else each of its lines with Arabic letters in
        their joined (presentation) forms and every run in the left-to-right
        order it is seen.

    Notes
    -----
    Arabic shaping is arabic-reshaper's (contextual forms and the lam-alef
    ligatures of Unicode's Arabic Presentation Forms-B, which DejaVu Sans
    covers); the order is python-bidi's implementation of the Unicode
    bidirectional algorithm (UAX #9, the unicode-bidi crate), applied to each
    line with a left-to-right paragraph level (rule HL1: the report and the
    figures are English text, so "מודל 2" in them reads as a browser shows it
    in an English page). Shape first, then reorder (shaping reads the logical
    order). A paragraph that the renderer itself breaks into lines is
    reordered before the break: a right-to-left run of several words that
    wraps keeps each word right, not the words' order across the lines.

    Examples
    --------
    >>> from evalplots._text import drawn_text
    >>> drawn_text("model"), drawn_text("מודל"), drawn_text("model מודל (AUC)")
    ('model', 'לדומ', 'model לדומ (AUC)')
    >>> [hex(ord(c)) for c in drawn_text("لا")]  # lam-alef joined: one ligature
    ['0xfefb']
    """
    text = shown_text(text)
    if not RIGHT_TO_LEFT.search(text):
        return text
    # arabic_reshaper takes 40 ms to import: only text with such letters needs it
    import arabic_reshaper

    return "\n".join(get_display(arabic_reshaper.reshape(line), base_dir="L")
                     for line in text.split("\n"))


#: LEFT-TO-RIGHT MARK: a strong left-to-right character that draws nothing
LRM = "\u200e"


def left_to_right(text):
    r"""``text`` with each line that holds a right-to-left character opened by LRM.

    For a renderer that applies the bidirectional algorithm itself (matplotlib
    3.11 and later, through libraqm): it takes a line's direction from its
    first strong character (UAX #9, P2-P3), so "מודל 2 (AUC = 0.86)" would be
    laid out right to left, its English part first. The mark (U+200E) makes
    the line left-to-right, the level :func:`drawn_text` uses, and draws
    nothing.

    Parameters
    ----------
    text : str

    Returns
    -------
    str
        ``text`` itself without right-to-left characters; else its lines, each
        with such a character starting with LRM (once).

    Examples
    --------
    >>> from evalplots._text import left_to_right
    >>> left_to_right("model"), left_to_right("מודל\nAUC")
    ('model', '\u200eמודל\nAUC')
    """
    if not RIGHT_TO_LEFT.search(text):
        return text
    return "\n".join(LRM + line if RIGHT_TO_LEFT.search(line) and not line.startswith(LRM)
                     else line for line in text.split("\n"))


def _escape(match):
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escaped_format_characters(text):
    r"""``text`` with every format character written ``\u200b``: for a name in a
    message, where an invisible character would make two names print alike.

    Stricter than :func:`shown_text`, which keeps the joiners and marks that
    scripts need in running text.

    Parameters
    ----------
    text : str
        A name (of a column, a model, a class).

    Returns
    -------
    str

    Examples
    --------
    >>> escaped_format_characters("y\u200b_true"), escaped_format_characters("m")
    ('y\\u200b_true', 'm')
    """
    return _FORMAT.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
