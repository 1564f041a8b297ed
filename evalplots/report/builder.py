"""`Report`: a small builder over reportlab platypus for multi-page PDF reports.

The builder knows nothing about evaluation; :mod:`evalplots.report._sections`
assembles the standard evaluation report from it, and users can assemble their
own in the same way.
"""

import numbers
import os
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4
from reportlab.platypus import (
    CondPageBreak,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents, defaultTableStyle

from evalplots import __version__
from evalplots.report._atomic import write_atomically
from evalplots.report._doctemplate import MARGIN, ReportDocTemplate
from evalplots.report._flowables import (
    Heading,
    VectorFigure,
    figure_to_drawing,
    fit_column_widths,
)
from evalplots.report._fonts import register_fallback
from evalplots.report._styles import FONT, TABLE_GRID, TABLE_HEAD, make_styles

__all__ = ["Report"]

_ALIGN = ("left", "right", "center")


def _require_text(value, name):
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} must be a non-empty string, got {value!r}.")
    return value


class Report:
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
        A TrueType font file for all text instead of DejaVu Sans, e.g. one
        that covers CJK (bold text uses the same file).

    Attributes
    ----------
    page_count_ : int or None
        Number of pages of the last saved PDF; None before :meth:`save`.

    Notes
    -----
    All user text (title, headings, paragraphs, table cells, captions) is
    escaped with :func:`xml.sax.saxutils.escape` before it reaches reportlab's
    ``Paragraph`` mini-markup, so ``<``, ``>`` and ``&`` print literally.
    Figures are converted when added (matplotlib SVG -> svglib Drawing) and
    stay vector graphics; the figure may be closed afterwards.

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
        self.title = _require_text(title, "title")
        self.author = None if author is None else _require_text(author, "author")
        self.subtitle = None if subtitle is None else _require_text(subtitle, "subtitle")
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
        self._story = []
        self._last_level = -1
        self._n_headings = 0
        self._title_block()

    # -- content -----------------------------------------------------------
    def _title_block(self):
        self._story.append(Paragraph(escape(self.title), self.styles.title))
        lines = [x for x in (self.subtitle, self.author) if x is not None]
        for line in lines:
            self._story.append(Paragraph(escape(line), self.styles.subtitle))
        if not lines:
            self._story.append(Spacer(0, 10))

    def add_heading(self, text, level=0):
        """Append a heading; it enters the table of contents and PDF outline.

        Parameters
        ----------
        text : str
            Heading text (escaped; shown literally).
        level : {0, 1, 2}, default=0
            0 for a section, 1 for a subsection, 2 below that. A heading may be
            at most one level deeper than the one before it (the PDF outline
            requires it).

        Returns
        -------
        self : Report

        Raises
        ------
        ValueError
            If ``text`` is empty or ``level`` is not 0, 1 or 2, or skips a level.
        """
        _require_text(text, "text")
        if not isinstance(level, numbers.Integral) or not 0 <= level <= 2:
            raise ValueError(f"level must be 0, 1 or 2, got {level!r}.")
        if level > self._last_level + 1:
            raise ValueError(
                f"level={level} follows a level-{self._last_level} heading; add a "
                f"level-{self._last_level + 1} heading first (levels may not be skipped)."
            )
        self._last_level = int(level)
        self._n_headings += 1
        key = f"section-{self._n_headings}"
        self._story.append(Heading(escape(text), self.styles.headings[level],
                                   plain=text, level=int(level), key=key))
        return self

    def add_paragraph(self, text):
        """Append a paragraph of body text (escaped; shown literally).

        Parameters
        ----------
        text : str
            The paragraph. Line breaks in ``text`` are kept.

        Returns
        -------
        self : Report
        """
        if not isinstance(text, str):
            raise ValueError(f"text must be a string, got {type(text).__name__}.")
        self._story.append(
            Paragraph(escape(text).replace("\n", "<br/>"), self.styles.body)
        )
        return self

    def add_table(self, rows, *, header=None, caption=None, float_format="{:.4f}",
                  col_widths=None, align=None):
        """Append a table; numbers are formatted, text is escaped.

        Parameters
        ----------
        rows : sequence of sequences
            The body rows, all of the same length. Cells may be str, int,
            float (formatted with ``float_format``) or None (printed empty).
        header : sequence of str or None, default=None
            Column titles; repeated at the top of each page the table spans.
        caption : str or None, default=None
            A line under the table.
        float_format : str, default="{:.4f}"
            :meth:`str.format` pattern for float cells.
        col_widths : sequence of float or None, default=None
            Column widths in points; None sizes each column to its longest
            text, narrowing the widest columns (whose text then wraps) when the
            table would be wider than the page.
        align : sequence of {'left', 'right', 'center'} or None, default=None
            Alignment of each column's cells (header included); None aligns
            all columns left. Right-align columns of numbers.

        Returns
        -------
        self : Report

        Raises
        ------
        ValueError
            If ``rows`` is empty or the rows (and header) differ in length.
        """
        rows = [list(r) for r in rows]
        if not rows:
            raise ValueError("rows is empty; pass at least one row.")
        widths = {len(r) for r in rows} | ({len(header)} if header is not None else set())
        if len(widths) != 1:
            raise ValueError(
                f"rows (and header) have different lengths {sorted(widths)}; give "
                f"every row one cell per column."
            )
        cells, heads = self._column_styles(align, widths.pop())
        texts = [[self._format(v, float_format) for v in r] for r in rows]
        text_styles = [cells] * len(texts)
        style = [("FONTNAME", (0, 0), (-1, -1), self._font),
                 ("GRID", (0, 0), (-1, -1), 0.4, TABLE_GRID),
                 ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]
        if header is not None:
            texts.insert(0, [str(h) for h in header])
            text_styles.insert(0, heads)
            style.append(("BACKGROUND", (0, 0), (-1, 0), TABLE_HEAD))
        if col_widths is None:
            col_widths = fit_column_widths(texts, text_styles, self.pagesize[0] - 2 * MARGIN)
        data = [[Paragraph(escape(t), st) for t, st in zip(r, sts)]
                for r, sts in zip(texts, text_styles)]
        table = Table(data, colWidths=col_widths, repeatRows=1 if header else 0,
                      hAlign="CENTER")
        table.setStyle(TableStyle(style))
        self._story.append(table)
        self._caption(caption)
        return self

    def _column_styles(self, align, n_columns):
        """Per-column (cell, header) paragraph styles for ``align``."""
        if align is None:
            align = ["left"] * n_columns
        align = list(align)
        if len(align) != n_columns or not set(align) <= set(_ALIGN):
            raise ValueError(
                f"align must give one of 'left', 'right', 'center' for each of the "
                f"{n_columns} columns, got {align!r}."
            )
        styles = self.styles
        return ([styles.aligned(styles.table_cell, a) for a in align],
                [styles.aligned(styles.table_head, a) for a in align])

    @staticmethod
    def _format(value, float_format):
        """The plain (unescaped) text of a table cell."""
        if value is None:
            return ""
        if isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral):
            return float_format.format(value)
        return str(value)

    def _caption(self, caption):
        if caption is not None:
            self._story.append(Paragraph(escape(caption), self.styles.caption))
        else:
            self._story.append(Spacer(0, 8))

    def add_figure(self, fig, *, caption=None, width=1.0, max_height=None):
        """Append a matplotlib figure as vector graphics.

        Parameters
        ----------
        fig : matplotlib.figure.Figure
            The figure; converted now, so it may be closed afterwards.
        caption : str or None, default=None
            A line under the figure (escaped).
        width : float, default=1.0
            Fraction of the text width the figure spans, in (0, 1].
        max_height : float or None, default=None
            Largest height in points; by default 75 % of the text height.

        Returns
        -------
        self : Report

        Raises
        ------
        TypeError
            If ``fig`` is not a matplotlib Figure.
        ValueError
            If ``width`` is not in (0, 1].
        """
        if not isinstance(width, numbers.Real) or not 0 < width <= 1:
            raise ValueError(f"width must be a fraction in (0, 1], got {width!r}.")
        if max_height is None:
            max_height = 0.75 * (self.pagesize[1] - 2 * 72)
        drawing = figure_to_drawing(fig)
        self._story.append(CondPageBreak(min(max_height, 0.4 * self.pagesize[1])))
        self._story.append(VectorFigure(drawing, width_fraction=width,
                                        max_height=max_height))
        self._caption(caption)
        return self

    def add_table_of_contents(self, title="Contents"):
        """Append a table of contents of all headings (filled in by save()).

        Parameters
        ----------
        title : str, default="Contents"
            Its title (not itself an outline entry).

        Returns
        -------
        self : Report
        """
        self._story.append(Paragraph(escape(_require_text(title, "title")),
                                     self.styles.toc_title))
        # the table's own default cell font would be Helvetica (not embedded)
        toc_style = TableStyle([*defaultTableStyle.getCommands(),
                                ("FONTNAME", (0, 0), (-1, -1), self._font)])
        self._story.append(TableOfContents(levelStyles=list(self.styles.toc_levels),
                                           dotsMinLevel=0, tableStyle=toc_style))
        self._story.append(Spacer(0, 12))
        return self

    def add_page_break(self):
        """Start a new page.

        Returns
        -------
        self : Report
        """
        self._story.append(PageBreak())
        return self

    def add_flowable(self, flowable):
        """Append any reportlab flowable (for layouts the methods above lack).

        Parameters
        ----------
        flowable : reportlab.platypus.Flowable
            Appended as is: its text is *not* escaped.

        Returns
        -------
        self : Report
        """
        self._story.append(flowable)
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
        FileNotFoundError
            If the directory of ``path`` does not exist.
        """
        documents = []

        def write(tmp):
            doc = ReportDocTemplate(
                tmp, header=self.title, font=self._font, pagesize=self.pagesize,
                title=self.title,
                author=self.author or "", subject=self.subtitle or "",
                creator=f"evalplots {__version__}", invariant=int(self.invariant),
            )
            doc.build_story(list(self._story))
            documents.append(doc)

        path = write_atomically(path, write)
        self.page_count_ = documents[0].page_counter.total
        return path
