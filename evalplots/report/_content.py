"""The content methods of :class:`evalplots.report.Report` (headings, text, tables,
figures, contents), kept apart from the page set-up and saving in builder.py.
"""

import numbers

from reportlab.platypus import (
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents, defaultTableStyle

from evalplots.metrics._format import unsigned_zero
from evalplots.report._doctemplate import HEADER_GAP, LANDSCAPE, MARGIN
from evalplots.report._flowables import (
    CachedParagraph,
    Heading,
    VectorFigure,
    figure_to_drawing,
)
from evalplots.report._fonts import markup
from evalplots.report._keep import MAX_LEAD_PARAGRAPHS, Captioned, SectionStart
from evalplots.report._tables import layout_table, row_parts
from evalplots.report._styles import TABLE_GRID, TABLE_HEAD, TOC_PADDING

_ALIGN = ("left", "right", "center")


def _markup(text, style):
    """``text`` as escaped paragraph markup in ``style``'s font (CJK in CID fonts)."""
    return markup(text, style.fontName)


def require_text(value, name):
    """``value`` if it is a non-empty string, else a ValueError naming ``name``."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} must be a non-empty string, got {value!r}.")
    return value


def _rules(cut, n_rows, n_head):
    """The grid of a table of ``n_rows`` printed rows (``n_head`` of them its
    header), with no rule between the parts of a row printed in parts (``cut``:
    their first and last row)."""
    if not cut:
        return [("GRID", (0, 0), (-1, -1), 0.4, TABLE_GRID)]
    starts, start = [], 0  # rows that begin a table row: a rule above each
    for first, last in cut:
        starts.append((start, first))
        start = last + 1
    starts.append((start, n_rows - 1))
    return [("LINEBEFORE", (0, 0), (-1, -1), 0.4, TABLE_GRID),
            ("LINEAFTER", (-1, 0), (-1, -1), 0.4, TABLE_GRID),
            ("LINEBELOW", (0, -1), (-1, -1), 0.4, TABLE_GRID),
            *([("LINEBELOW", (0, n_head - 1), (-1, n_head - 1), 0.4, TABLE_GRID)]
              if n_head else []),  # above a part that continues on a new page
            *(("LINEABOVE", (0, a), (-1, b), 0.4, TABLE_GRID)
              for a, b in starts if a <= b)]


class ReportContent:
    """Mixin of :class:`~evalplots.report.Report`: the ``add_*`` methods.

    Expects ``self._story``, ``self.styles``, ``self.pagesize``, ``self._font``,
    ``self._last_level``, ``self._n_headings`` and ``self._turned_back`` (set by
    ``Report.__init__``).
    """

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

        Notes
        -----
        The heading is kept on the page of what follows it; the table of
        contents shows its page number, and the PDF outline nests level-1
        headings under the level-0 heading before them.

        Examples
        --------
        >>> from evalplots.report import Report
        >>> report = Report("R").add_heading("Results").add_heading("Detail", level=1)
        >>> report.add_heading("Deeper", level=3)
        Traceback (most recent call last):
        ValueError: level must be 0, 1 or 2, got 3.
        """
        require_text(text, "text")
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
        self._story.append(Heading(_markup(text, self.styles.headings[level]),
                                   self.styles.headings[level],
                                   plain=text, level=int(level), key=key))
        return self

    def add_section(self, text, level=0, *, movable=False):
        """Append a heading that opens a section, on this page if it fits, else the next.

        Parameters
        ----------
        text : str
            Heading text, as :meth:`add_heading`.
        level : {0, 1, 2}, default=0
            Heading level, as :meth:`add_heading`.
        movable : bool, default=False
            Whether the section may be laid out ahead of the sections of the same
            level before it, to fill the rest of a page they leave empty.

        Returns
        -------
        self : Report

        Raises
        ------
        ValueError
            As :meth:`add_heading`.

        Notes
        -----
        The section starts on the current page when its heading, the short text
        under it and the start of its table or figure fit there (a figure may be
        drawn down to 80 % of its size to fit); otherwise it starts a new page.
        Before that page break, the first movable section after it of the same
        level (up to the next section of a lower level) is laid out first if its
        own start fits, so that the page is filled; then the section is tried
        again. This is how LaTeX places floats: a full-page figure waits for a
        new page while smaller sections fill the page before it. Each pass of
        the layout starts from the order in which sections were added.

        Examples
        --------
        >>> from evalplots.report import Report
        >>> report = (Report("R").add_section("Curves").add_paragraph("A tall figure.")
        ...           .add_section("Counts", movable=True).add_paragraph("A short table."))
        >>> report.add_section("")
        Traceback (most recent call last):
        ValueError: text must be a non-empty string, got ''.
        """
        self.add_heading(text, level)  # checks text and level
        self._story.insert(len(self._story) - 1, SectionStart(int(level), bool(movable)))
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

        Raises
        ------
        ValueError
            If ``text`` is not a string.

        Notes
        -----
        ``<``, ``>`` and ``&`` print literally (the text is escaped before
        reportlab's paragraph markup sees it); the paragraph wraps to the text
        width.

        Examples
        --------
        >>> from evalplots.report import Report
        >>> report = Report("R").add_paragraph("AUC > 0.9 & AP < 1 for <model>")
        >>> report.add_paragraph(3)
        Traceback (most recent call last):
        ValueError: text must be a string, got int.
        """
        if not isinstance(text, str):
            raise ValueError(f"text must be a string, got {type(text).__name__}.")
        self._story.append(
            CachedParagraph(_markup(text, self.styles.body).replace("\n", "<br/>"),
                            self.styles.body)
        )
        return self

    def add_table(self, rows, *, header=None, caption=None, float_format="{:.4f}",
                  col_widths=None, align=None, landscape=False):
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
            text and, when the table is wider than the page, wraps the header,
            then the widest columns, then shrinks the font (down to 6 pt) and
            at last prints the columns in groups (see Notes).
        align : sequence of {'left', 'right', 'center'} or None, default=None
            Alignment of each column's cells (header included); None aligns
            all columns left. Right-align columns of numbers.
        landscape : bool or 'auto', default=False
            True prints the table on pages turned a quarter (landscape, 1.4
            times the text width on A4); 'auto' does so only when the table
            does not fit the portrait page even at 6 pt and would be cut into
            groups of columns there. The heading and short text just before the
            table go with it; what follows starts a new portrait page.

        Returns
        -------
        self : Report

        Raises
        ------
        ValueError
            If ``rows`` is empty, the rows (and header) differ in length,
            ``align`` does not give a valid alignment per column, or
            ``landscape`` is not True, False or 'auto'.

        Notes
        -----
        Every cell becomes an escaped paragraph in the report's font, so long
        text wraps inside its column. Integers (and bools) print with
        :class:`str`, other real numbers with ``float_format``. A table longer
        than a page continues on the next one under a repeated header; one up
        to half a page high moves to the next page whole rather than split,
        and the caption stays with the table's last rows. A row taller than
        half a page (a long note in one cell) is printed in parts of a tenth of
        a page, with no rule between them, so that it too continues on the next
        pages; every line of it is printed. A table too wide for
        the page even at 6 pt, each column as narrow as its longest word, is
        printed as several tables of consecutive columns, each repeating the
        first column, with a line saying which columns it holds (on landscape
        pages too, when even their width is not enough).

        Examples
        --------
        >>> from evalplots.report import Report
        >>> report = Report("R").add_table(
        ...     [["model_a", 0.91234, 12], ["model_b", None, 7]],
        ...     header=["model", "AUC", "n"], align=["left", "right", "right"],
        ...     caption="AUC to four decimals.")
        >>> report.add_table([["a", 1], ["b"]])
        Traceback (most recent call last):
        ValueError: rows (and header) have different lengths [1, 2]; give every row one cell per column.
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
        n_columns = widths.pop()
        if not (landscape is True or landscape is False or landscape == "auto"):
            raise ValueError(f"landscape must be True, False or 'auto', got {landscape!r}.")
        cells, heads = self._column_styles(align, n_columns)
        texts = [[self._format(v, float_format) for v in r] for r in rows]
        n_head = 0
        if header is not None:
            texts.insert(0, [str(h) for h in header])
            n_head = 1
        turn = landscape is True
        if col_widths is not None:
            groups, padding = [(list(range(n_columns)), list(col_widths))], 12.0
        else:
            layout = layout_table(texts, cells, heads, self.pagesize[0] - 2 * MARGIN,
                                  header_rows=n_head)
            turn = turn or (landscape == "auto" and len(layout.groups) > 1)
            if turn:  # the same rules on the wider frame
                layout = layout_table(texts, cells, heads, self.pagesize[1] - 2 * MARGIN,
                                      header_rows=n_head)
            cells, heads = layout.styles(cells), layout.styles(heads)
            groups, padding = layout.groups, layout.padding
        if turn:
            self._turn_pages(LANDSCAPE)
        for k, (columns, col_widths) in enumerate(groups):
            note = None
            if len(groups) > 1:
                note = (f"Columns 1 and {columns[1] + 1}–{columns[-1] + 1} of {n_columns}"
                        + (" (continued below)." if k < len(groups) - 1 else "."))
                if caption is not None and k == len(groups) - 1:
                    note += " " + caption
            table = self._table([[r[j] for j in columns] for r in texts],
                                [cells[j] for j in columns], [heads[j] for j in columns],
                                col_widths, n_head, padding)
            self._story.append(Captioned(table, self._caption(
                note if len(groups) > 1 else caption)))
        if turn:
            self._turn_pages("later")
        return self

    def _turn_pages(self, template):
        """Continue on a new page of ``template`` (landscape, or back to "later").

        Turning to landscape takes the headings and up to three paragraphs just
        added (the table's introduction) along to the new page; turning back is
        undone by the next turn to landscape, so two wide tables in a row share
        landscape pages.
        """
        story = self._story
        if template != LANDSCAPE:
            story.extend([NextPageTemplate(template), PageBreak()])
            self._turned_back = len(story)
            return
        # the introduction just added: headings, then at most a few paragraphs
        texts = len(story)
        while (texts > 0 and len(story) - texts < MAX_LEAD_PARAGRAPHS
               and isinstance(story[texts - 1], Paragraph)
               and not story[texts - 1].getKeepWithNext()):
            texts -= 1
        start = texts
        while start > 0 and story[start - 1].getKeepWithNext():
            start -= 1
        if start == texts:  # text without a heading stays where it is
            start = len(story)
        lead = story[start:]
        del story[start:]
        if self._turned_back == len(story):  # still landscape
            del story[-2:]
        elif story and type(story[-1]) is PageBreak:  # a new page anyway: turn it
            story.insert(len(story) - 1, NextPageTemplate(LANDSCAPE))
        else:
            story.extend([NextPageTemplate(LANDSCAPE), PageBreak()])
        story.extend(lead)

    def _table(self, texts, cells, heads, col_widths, n_head, padding):
        """One platypus Table of paragraph cells, its header repeated on each page;
        a row taller than half a page is printed in parts (:func:`row_parts`)."""
        styles = [heads] * n_head + [cells] * (len(texts) - n_head)
        data = [[CachedParagraph(_markup(t, st), st) for t, st in zip(r, sts)]
                for r, sts in zip(texts, styles)]
        page_height = min(self.pagesize) - 2 * (MARGIN + HEADER_GAP)  # the shorter frame
        widths = [w - padding for w in col_widths]
        # a header that is itself taller than half a page is not repeated: it is
        # printed once, in parts, as the body rows are
        repeat = n_head if all(len(row_parts(r, widths, page_height)) == 1
                               for r in data[:n_head]) else 0
        rows, cut = data[:repeat], []  # cut: (first, last) printed row of a row in parts
        head_end = repeat  # the printed rows of the header
        for k, row in enumerate(data[repeat:], start=repeat):
            parts = row_parts(row, widths, page_height)
            if len(parts) > 1:
                cut.append((len(rows), len(rows) + len(parts) - 1))
            rows.extend(parts)
            if k < n_head:
                head_end = len(rows)
        style = [("FONTNAME", (0, 0), (-1, -1), self._font),
                 ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                 ("LEFTPADDING", (0, 0), (-1, -1), padding / 2),
                 ("RIGHTPADDING", (0, 0), (-1, -1), padding / 2),
                 *_rules(cut, len(rows), repeat)]
        for first, last in cut:  # the parts' lines follow on as in one paragraph
            style += [("VALIGN", (0, first), (-1, last), "TOP"),
                      ("BOTTOMPADDING", (0, first), (-1, last - 1), 0),
                      ("TOPPADDING", (0, first + 1), (-1, last), 0)]
        if n_head:
            style.append(("BACKGROUND", (0, 0), (-1, head_end - 1), TABLE_HEAD))
        table = Table(rows, colWidths=col_widths, repeatRows=repeat, hAlign="CENTER")
        table.setStyle(TableStyle(style))
        return table

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
            return unsigned_zero(float_format.format(value))
        return str(value)

    def _caption(self, caption):
        """The caption paragraph (a spacer when there is none)."""
        if caption is None:
            return Spacer(0, 8)
        return CachedParagraph(_markup(caption, self.styles.caption), self.styles.caption)

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
            Largest height in points; by default 75 % of the text height. A
            figure is never taller than the page's text frame less its caption.

        Returns
        -------
        self : Report

        Raises
        ------
        TypeError
            If ``fig`` is not a matplotlib Figure.
        ValueError
            If ``width`` is not in (0, 1].

        Warns
        -----
        MissingGlyphWarning
            Once, when the figure's text has characters no available font has.

        Notes
        -----
        The figure is saved as SVG with text as text and converted with
        svglib, so it stays vector graphics whose text is searchable, in the
        report's embedded fonts (CJK in reportlab's CID fonts). It is
        scaled to ``width`` times the text width (less if ``max_height`` or
        the frame height bites, keeping its aspect ratio) and starts a new page
        when the figure and its caption do not fit on this one.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> from evalplots.report import Report
        >>> fig = Figure(figsize=(4, 3))
        >>> _ = fig.add_subplot().plot([0, 1], [0, 1])
        >>> report = Report("R").add_figure(fig, caption="A line.", width=0.5)
        >>> report.add_figure("fig.png")
        Traceback (most recent call last):
        TypeError: fig must be a matplotlib Figure, got str; pass display.figure_ or plt.figure().
        """
        if not isinstance(width, numbers.Real) or not 0 < width <= 1:
            raise ValueError(f"width must be a fraction in (0, 1], got {width!r}.")
        if max_height is None:
            max_height = 0.75 * (self.pagesize[1] - 2 * 72)
        drawing = figure_to_drawing(fig)
        caption = self._caption(caption)
        # never taller than the frame less the caption: both go on one page
        frame_w, frame_h = (self.pagesize[0] - 2 * MARGIN,
                            self.pagesize[1] - 2 * (MARGIN + HEADER_GAP))
        room = frame_h - caption.wrap(frame_w, frame_h)[1] - caption.getSpaceBefore() \
            - caption.getSpaceAfter() - 1
        self._story.append(Captioned(VectorFigure(drawing, width_fraction=width,
                                                  max_height=min(max_height, room),
                                                  frame_height=room),
                                     caption))
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

        Raises
        ------
        ValueError
            If ``title`` is empty.

        Notes
        -----
        Headings added before or after it are listed with dot leaders and page
        numbers; :meth:`save` lays the report out as often as needed for the
        numbers to settle.

        Examples
        --------
        >>> from evalplots.report import Report
        >>> report = Report("R").add_table_of_contents().add_heading("Results")
        """
        self._story.append(CachedParagraph(_markup(require_text(title, "title"),
                                                   self.styles.toc_title),
                                           self.styles.toc_title))
        # the table's own default cell font would be Helvetica (not embedded)
        toc_style = TableStyle([*defaultTableStyle.getCommands(),
                                ("FONTNAME", (0, 0), (-1, -1), self._font),
                                ("TOPPADDING", (0, 0), (-1, -1), TOC_PADDING),
                                ("BOTTOMPADDING", (0, 0), (-1, -1), TOC_PADDING)])
        self._story.append(TableOfContents(levelStyles=list(self.styles.toc_levels),
                                           dotsMinLevel=0, tableStyle=toc_style))
        self._story.append(Spacer(0, 12))
        return self

    def add_page_break(self):
        """Start a new page.

        Returns
        -------
        self : Report

            It cannot fail.

        Notes
        -----
        Two page breaks in a row leave an empty page.

        Examples
        --------
        >>> from evalplots.report import Report
        >>> report = Report("R").add_page_break().add_heading("On page 2")
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

            Nothing is checked here; a broken flowable fails in :meth:`save`.

        Notes
        -----
        Use it for reportlab features the other methods lack (e.g. a
        ``CondPageBreak``); text in a ``Paragraph`` you build yourself must be
        escaped by you.

        Examples
        --------
        >>> from reportlab.platypus import CondPageBreak
        >>> from evalplots.report import Report
        >>> report = Report("R").add_flowable(CondPageBreak(200))
        """
        self._story.append(flowable)
        return self
