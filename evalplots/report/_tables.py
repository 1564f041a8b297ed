"""Table layout of evalplots reports: column widths, shrinking and column groups.

A table is laid out at the body size first, each column as wide as its longest
text; when that is wider than the page, the header cells wrap between words,
then the longest columns wrap their text. When even the narrowest layout (each
column as wide as its longest word, at most :data:`MAX_WORD`) does not fit,
the font shrinks step by step down to :data:`FONT_SIZES` [-1] points with
narrower cell padding; a table still too wide is cut into groups of columns,
each repeating the first column, printed one after the other. No table fails
to lay out, and every cell is printed.

A row taller than :data:`TALL_ROW` of a page (a reviewer's note of thousands of
words in one cell) is printed as several rows of at most :data:`ROW_PART` of a
page, each holding the next lines of its cells, with no rule between them: the
table then breaks between those parts like between any rows, and the row
continues on the next page under the repeated header.
"""

import dataclasses

from reportlab.lib.styles import ParagraphStyle

from evalplots.report._fonts import text_width

#: A row taller than this share of the page's text height is printed in parts ...
TALL_ROW = 0.5
#: ... each at most this share of it high (a page is then filled to within it).
ROW_PART = 0.1
#: a height no paragraph reaches: wrap to it to measure a paragraph's full height
_UNBOUNDED = 1e9

#: Font sizes (points) tried in turn; the last is the floor.
FONT_SIZES = (8.5, 7.5, 6.5, 6.0)
#: Left plus right cell padding (points) at the body size and when shrunk.
PADDING = (12.0, 6.0)
#: A column is never narrower than its longest word, up to this width (points);
#: longer words are broken across lines.
MAX_WORD = 110.0


@dataclasses.dataclass
class TableLayout:
    """How to print a table: its font size, padding and column groups.

    ``groups`` lists, per printed table, the column indices it holds and their
    widths in points; one group when the table fits the page.
    """

    font_size: float
    padding: float
    groups: list

    def styles(self, styles):
        """``styles`` (one ParagraphStyle per column) at this layout's font size."""
        if self.font_size == styles[0].fontSize:
            return styles
        return [ParagraphStyle(f"{st.name}-{self.font_size:g}", parent=st,
                               fontSize=self.font_size, leading=self.font_size * 1.24)
                for st in styles]


def layout_table(texts, cell_styles, head_styles, available, *, header_rows=0):
    """Font size, padding and column groups that fit ``texts`` into ``available``.

    Parameters
    ----------
    texts : list of lists of str
        Plain cell texts, row by row (header rows first).
    cell_styles, head_styles : list of ParagraphStyle
        The style of each column's body and header cells.
    available : float
        Width of the frame in points.
    header_rows : int, default=0
        How many leading rows are headers.

    Returns
    -------
    layout : TableLayout

    Examples
    --------
    >>> from reportlab.lib.styles import ParagraphStyle
    >>> st = ParagraphStyle("s", fontName="Helvetica", fontSize=8.5)
    >>> [(cols, [round(w, 1) for w in widths])
    ...  for cols, widths in layout_table([["a", "bb"]], [st, st], [st, st], 500).groups]
    [([0, 1], [16.7, 21.5])]
    >>> wide = layout_table([["0.1234"] * 61], [st] * 61, [st] * 61, 481)
    >>> wide.font_size, len(wide.groups), wide.groups[1][0][:3]
    (6.0, 4, [0, 19, 20])
    """
    n_columns = len(texts[0])
    for size in FONT_SIZES:
        padding = PADDING[0] if size == FONT_SIZES[0] else PADDING[1]
        layout = TableLayout(size, padding, [])
        styles = [layout.styles(head_styles)] * header_rows + \
            [layout.styles(cell_styles)] * (len(texts) - header_rows)
        minimum = _minimum_widths(texts, styles, padding)
        if sum(minimum) <= available:
            layout.groups = [(list(range(n_columns)), fit_column_widths(
                texts, styles, available, padding=padding, header_rows=header_rows,
                minimum=minimum))]
            return layout
    # at the floor size, still too wide: groups of columns, the first one repeated
    layout.groups = []
    rest = list(range(1, n_columns))
    while rest:
        group, used = [0], minimum[0]
        while rest and (len(group) == 1 or used + minimum[rest[0]] <= available):
            used += minimum[rest[0]]
            group.append(rest.pop(0))
        sub = [[row[j] for j in group] for row in texts]
        sub_styles = [[row[j] for j in group] for row in styles]
        layout.groups.append((group, fit_column_widths(
            sub, sub_styles, available, padding=padding, header_rows=header_rows,
            minimum=[minimum[j] for j in group])))
    return layout


def fit_column_widths(texts, styles, available, *, padding=12.0, header_rows=0,
                      minimum=None):
    """Column widths for table cells: each column as wide as its longest text.

    When the natural widths add up to more than ``available``, the header cells
    (the first ``header_rows`` rows) may wrap between words first; if that is not
    enough, the columns narrower than an equal share of what is left keep their
    width and the others share the rest equally (their text wraps), none
    narrower than its ``minimum``.

    Parameters
    ----------
    texts : list of lists of str
        Plain cell texts, row by row.
    styles : list of lists of ParagraphStyle
        The style of each cell (font name and size are used).
    available : float
        Width of the frame in points.
    padding : float, default=12.0
        Left plus right cell padding (reportlab's default is 6 + 6).
    header_rows : int, default=0
        How many leading rows are headers, whose words may go on separate lines.
    minimum : list of float or None, default=None
        Narrowest width of each column; None for no floor. Their sum must not
        exceed ``available``.

    Returns
    -------
    widths : list of float

    Examples
    --------
    >>> from reportlab.lib.styles import ParagraphStyle
    >>> st = ParagraphStyle("s", fontName="Helvetica", fontSize=10)
    >>> [round(w) for w in fit_column_widths([["a", "bb"]], [[st, st]], 500)]
    [18, 23]
    >>> [round(w) for w in fit_column_widths([["a", "x" * 200]], [[st, st]], 100)]
    [18, 82]
    >>> rows = [["name", "a long header"], ["model_name", "0.5"]]
    >>> [round(w) for w in fit_column_widths(rows, [[st, st]] * 2, 100, header_rows=1)]
    [57, 43]
    """
    natural = _natural_widths(texts, styles, padding, wrap_rows=0)
    if sum(natural) > available and header_rows:
        natural = _natural_widths(texts, styles, padding, wrap_rows=header_rows)
    if sum(natural) <= available:
        return natural
    floor = [0.0] * len(natural) if minimum is None else list(minimum)
    widths, left, open_cols = list(natural), available, set(range(len(natural)))
    while open_cols:
        share = left / len(open_cols)
        fixed = {j for j in open_cols if natural[j] <= share}
        if not fixed:  # the narrowest allowed width of a column above its share
            fixed = {j for j in open_cols if floor[j] > share}
            for j in fixed:
                widths[j] = floor[j]
        if not fixed:
            for j in open_cols:
                widths[j] = share
            break
        open_cols -= fixed
        left -= sum(widths[j] for j in fixed)
    return widths


def _natural_widths(texts, styles, padding, *, wrap_rows):
    """Widest line of each column; in the first ``wrap_rows`` rows, widest word."""
    natural = [0.0] * len(texts[0])
    for i, (row, row_styles) in enumerate(zip(texts, styles)):
        for j, (text, st) in enumerate(zip(row, row_styles)):
            parts = text.split() if i < wrap_rows else text.split("\n")
            width = max((text_width(part, st.fontName, st.fontSize) for part in parts),
                        default=0.0)
            natural[j] = max(natural[j], width + padding)
    return natural


def _minimum_widths(texts, styles, padding):
    """Narrowest width of each column: its longest word (at most MAX_WORD) + padding."""
    minimum = [0.0] * len(texts[0])
    for row, row_styles in zip(texts, styles):
        for j, (text, st) in enumerate(zip(row, row_styles)):
            width = max((text_width(w, st.fontName, st.fontSize) for w in text.split()),
                        default=0.0)
            minimum[j] = max(minimum[j], min(width, MAX_WORD) + padding)
    return minimum


def row_parts(cells, widths, page_height):
    """The rows that print one table row: ``[cells]``, or its parts when it is tall.

    Parameters
    ----------
    cells : list of Paragraph
        The row's cells.
    widths : list of float
        The width (points) each cell's text is wrapped to (column less padding).
    page_height : float
        Height (points) of the text on a page.

    Returns
    -------
    rows : list of lists of Paragraph or str
        ``[cells]`` when no cell is taller than ``TALL_ROW * page_height``; else
        rows of at most ``ROW_PART * page_height``, the i-th holding the i-th
        part of each cell (:meth:`Paragraph.split`, between lines) or ``""``
        once a cell has ended.

    Examples
    --------
    >>> from reportlab.lib.styles import ParagraphStyle
    >>> from reportlab.platypus import Paragraph
    >>> st = ParagraphStyle("s", fontName="Helvetica", fontSize=10, leading=12)
    >>> note = Paragraph(" ".join(["word"] * 2000), st)
    >>> parts = row_parts([Paragraph("model_a", st), note], [60, 300], 700)
    >>> len(parts), parts[1][0], [len(p.blPara.lines) for p in parts[0][1:]]
    (34, '', [5])
    """
    heights = [p.wrap(w, _UNBOUNDED)[1] for p, w in zip(cells, widths)]
    if max(heights) <= TALL_ROW * page_height:
        return [cells]
    columns = []
    for cell, width, height in zip(cells, widths, heights):
        pieces = [cell]
        while height > ROW_PART * page_height:
            split = pieces[-1].split(width, ROW_PART * page_height)
            if len(split) < 2:  # a single line taller than a part: keep it whole
                break
            pieces[-1:] = split
            height = split[1].wrap(width, _UNBOUNDED)[1]
        columns.append(pieces)
    n_rows = max(len(pieces) for pieces in columns)
    return [[pieces[i] if i < len(pieces) else "" for pieces in columns]
            for i in range(n_rows)]
