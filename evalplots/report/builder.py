"""`Report`: a small builder over reportlab platypus for multi-page PDF reports.

The builder knows nothing about evaluation; :mod:`evalplots.report._sections`
assembles the standard evaluation report from it, and users can assemble their
own in the same way.
"""

import os
import re

from reportlab.lib.pagesizes import A4
from reportlab.platypus import Spacer

from evalplots._atomic import write_atomically
from evalplots._version import __version__
from evalplots.report._content import ReportContent, _markup, require_text
from evalplots.report._doctemplate import ReportDocTemplate
from evalplots.report._flowables import CachedParagraph
from evalplots.report._fonts import register_fallback
from evalplots.report._keep import keep_with_next
from evalplots.report._preview import preview_html
from evalplots.report._styles import FONT, make_styles

__all__ = ["Report"]



class Report(ReportContent):
    """A multi-page PDF report assembled from headings, text, tables and figures.

    Each ``add_*`` method appends to the story and returns the report, so calls
    chain. :meth:`save` lays the story out on A4 pages with a running header,
    "Page N of M" footers, a PDF outline (one bookmark per heading) and, where
    :meth:`add_table_of_contents` was called, a table of contents.

    Parameters
    ----------
    title : str
        Shown at the top of the first page, in every later page's header and
        in the PDF metadata.
    author : str or None, default=None
        Shown under the title and stored in the PDF metadata.
    subtitle : str or None, default=None
        A line under the title (e.g. the data set).
    pagesize : tuple of float, default=reportlab.lib.pagesizes.A4
        Page width and height in points.
    invariant : bool, default=False
        Write a byte-for-byte reproducible PDF (fixed creation date and
        document id); meant for tests.
    font : str, path-like or None, default=None
        A TrueType font file for all text instead of DejaVu Sans (bold text
        uses the same file). CJK needs none: runs of Chinese, Japanese or
        Korean characters are set in reportlab's built-in CID fonts.

    Raises
    ------
    ValueError
        If ``title`` (or ``author``, ``subtitle``) is not a non-empty string.
    reportlab.pdfbase.ttfonts.TTFError
        If ``font`` is not a TrueType font reportlab can embed.

    Attributes
    ----------
    page_count_ : int or None
        Number of pages of the last saved PDF; None before :meth:`save`.
    metadata : dict of str to str
        More entries of the PDF's document information (:meth:`add_metadata`).
    keywords : list of str
        The PDF's keywords (:meth:`add_metadata`).

    Notes
    -----
    All user text (title, headings, paragraphs, table cells, captions) is
    escaped with :func:`xml.sax.saxutils.escape` before it reaches reportlab's
    ``Paragraph`` mini-markup, so ``<``, ``>`` and ``&`` print literally; runs
    of characters the font lacks are set in an embedded subset of an installed
    font that covers them (:func:`evalplots.report._fonts.font_runs`), else in
    reportlab's CID font of their script (STSong-Light, HeiseiMin-W3,
    HYSMyeongJo-Medium: named, not embedded).
    Figures are converted when added (matplotlib SVG -> svglib Drawing) and
    stay vector graphics with searchable text in the embedded fonts; the
    figure may be closed afterwards.

    Examples
    --------
    >>> import os, tempfile
    >>> import matplotlib.pyplot as plt
    >>> from evalplots.report import Report
    >>> fig, ax = plt.subplots(figsize=(4, 3))
    >>> _ = ax.plot([0, 1], [0, 1])
    >>> report = (
    ...     Report("Demo <draft>", author="A & B", invariant=True)
    ...     .add_table_of_contents()
    ...     .add_heading("Numbers")
    ...     .add_table([["x", 0.5], ["y", 0.25]], header=["name", "value"])
    ...     .add_page_break()
    ...     .add_heading("A figure")
    ...     .add_figure(fig, caption="The diagonal.", width=0.6)
    ... )
    >>> plt.close(fig)
    >>> path = report.save(os.path.join(tempfile.mkdtemp(), "demo.pdf"))
    >>> report.page_count_, path.name
    (2, 'demo.pdf')
    """

    def __init__(self, title, *, author=None, subtitle=None, pagesize=A4,
                 invariant=False, font=None):
        self.title = require_text(title, "title")
        self.author = None if author is None else require_text(author, "author")
        self.subtitle = None if subtitle is None else require_text(subtitle, "subtitle")
        self.pagesize = pagesize
        self.invariant = bool(invariant)
        self.font = font
        if font is None:
            self._font = FONT
            self.styles = make_styles()
        else:
            self._font = register_fallback(os.fspath(font))
            self.styles = make_styles(self._font, self._font)
        self.page_count_ = None
        self.keywords = []
        self.metadata = {}
        self._story = []
        self._last_level = -1
        self._n_headings = 0
        self._turned_back = None  # story length after the last landscape table
        self._title_block()

    # -- content -----------------------------------------------------------
    def _title_block(self):
        self._story.append(CachedParagraph(_markup(self.title, self.styles.title),
                                           self.styles.title))
        lines = [x for x in (self.subtitle, self.author) if x is not None]
        for line in lines:
            self._story.append(CachedParagraph(_markup(line, self.styles.subtitle),
                                               self.styles.subtitle))
        if not lines:
            self._story.append(Spacer(0, 10))

    # -- document information -------------------------------------------------
    #: keys reportlab writes itself; add_metadata leaves them to the constructor
    _STANDARD_INFO = frozenset({"Title", "Author", "Subject", "Keywords", "Creator",
                                "Producer", "CreationDate", "ModDate", "Trapped"})

    def add_metadata(self, entries=None, *, keywords=()):
        """Add entries and keywords to the PDF's document information.

        Parameters
        ----------
        entries : mapping of str to str or None, default=None
            Key -> text, each written as an entry of its own (``/Key (text)``)
            next to the title and author, where PDF readers list them under the
            document's properties (pypdf: ``PdfReader(path).metadata``).
        keywords : sequence of str, default=()
            Added to the PDF's Keywords (joined with ", ").

        Returns
        -------
        self : Report

        Raises
        ------
        ValueError
            If a key is not ASCII letters and digits starting with a letter, is
            one of the keys set from the constructor (Title, Author, Subject,
            Keywords, Creator, Producer, CreationDate, ModDate, Trapped), or a
            value or keyword is not a string.

        Notes
        -----
        ISO 32000-1 (section 14.3.3) allows any key in the document information
        dictionary beside the standard ones. A later entry of the same key
        replaces the earlier one.

        Examples
        --------
        >>> from evalplots.report import Report
        >>> report = Report("R").add_metadata({"InputSHA256": "ab12"}, keywords=["ROC"])
        >>> report.metadata, report.keywords
        ({'InputSHA256': 'ab12'}, ['ROC'])
        >>> report.add_metadata({"Title": "x"})
        Traceback (most recent call last):
        ValueError: 'Title' is an entry the report writes itself (from its title, author, subtitle or keywords=); choose another key.
        """
        entries = dict(entries or {})
        for key, value in entries.items():
            if not isinstance(key, str) or not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", key):
                raise ValueError(f"metadata keys are ASCII letters and digits starting "
                                 f"with a letter, e.g. 'InputSHA256'; got {key!r}.")
            if key in self._STANDARD_INFO:
                raise ValueError(f"{key!r} is an entry the report writes itself (from "
                                 f"its title, author, subtitle or keywords=); choose "
                                 f"another key.")
            if not isinstance(value, str):
                raise ValueError(f"metadata[{key!r}] must be a string, got "
                                 f"{type(value).__name__}.")
        keywords = list(keywords)
        if not all(isinstance(k, str) for k in keywords):
            raise ValueError(f"keywords must be strings, got {keywords!r}.")
        self.metadata.update(entries)
        self.keywords.extend(keywords)
        return self

    # -- output --------------------------------------------------------------
    def save(self, path):
        """Write the PDF to ``path`` atomically and return the path.

        The PDF is written to a temporary file in the same directory and moved
        over ``path`` with :func:`os.replace` only when complete: on any error
        no partial file is left, and a file already at ``path`` is untouched.

        Parameters
        ----------
        path : str or path-like
            Destination; its directory must exist.

        Returns
        -------
        path : pathlib.Path

        Raises
        ------
        ValueError
            If ``path`` is empty, ``'-'``, a directory, or exists and is not a
            regular file (a FIFO, a device).
        FileNotFoundError
            If the directory of ``path`` does not exist.

        Notes
        -----
        A symbolic link at ``path`` is followed: its target is replaced and the
        link kept. The new file keeps the permission bits of the file it
        replaces (a new file gets ``0o666 & ~umask``). Saving does not consume
        the report: it can be saved again or extended and saved.

        Examples
        --------
        >>> import os, tempfile
        >>> from evalplots.report import Report
        >>> report = Report("R").add_heading("Results")
        >>> d = tempfile.mkdtemp()
        >>> report.save(os.path.join(d, "r.pdf")).name, report.page_count_
        ('r.pdf', 1)
        >>> report.save(d)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ValueError: '...' is a directory; give a file name such as '.../report.pdf'.
        """
        counts = []
        path = write_atomically(path, lambda tmp: counts.append(self._build(tmp)))
        self.page_count_ = counts[0]
        return path

    def _build(self, target):
        """Lay the story out into ``target`` (a path or a binary file); return the page count."""
        doc = ReportDocTemplate(
            target, header=self.title, font=self._font, pagesize=self.pagesize,
            title=self.title,
            author=self.author or "", subject=self.subtitle or "",
            creator=f"evalplots {__version__}", invariant=int(self.invariant),
            keywords=list(self.keywords), info=self.metadata,
        )
        doc.build_story(keep_with_next(self._story))
        return doc.page_counter.total

    #: Pages shown by the notebook preview (:meth:`_repr_html_`); the rest are counted.
    preview_pages = 4

    def _repr_html_(self):
        """Notebook display: the first pages as PNG images (needs pypdfium2)."""
        return preview_html(self, max_pages=self.preview_pages)
