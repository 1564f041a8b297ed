"""Read a predictions CSV into a pandas DataFrame, with messages that name the line.

pandas' C parser reads the cells; this module adds what it does not check:
the header (read with :mod:`csv`, so that repeated or empty names are seen
before pandas renames them), rows with too many or too few cells, another
delimiter, text that is not UTF-8 — each as a ValueError naming the line.
The meaning of the columns (label, scores, ids) is decided in
:mod:`evalplots.datasets._columns` and :mod:`evalplots.datasets._reader`,
for CSV and Parquet alike.
"""

import codecs
import csv
import itertools
import os
import re
import warnings

from evalplots.datasets._cells import parse_number
from evalplots.datasets._columns import (
    check_header,
    check_target,
    header_name,
    strip_text_columns,
)

__all__ = ["CsvSource", "parse_number", "read_csv_frame"]

_PARQUET_MAGIC = b"PAR1"


def _is_blank(row):
    """pandas skips empty and whitespace-only lines; so does the line counter."""
    return not row or (len(row) == 1 and not row[0].strip())


class _Lines:
    """Decoded lines of a binary file, counted, the UTF-8 byte-order mark dropped."""

    def __init__(self, fh):
        self._fh = fh
        self.count = 0

    def __iter__(self):
        return self

    def __next__(self):
        raw = self._fh.readline()
        if not raw:
            raise StopIteration
        self.count += 1
        text = raw.decode("utf-8")
        return text.removeprefix("\ufeff") if self.count == 1 else text


def _rows(fh):
    """Yield ``(first_line, row)`` for each non-blank CSV row of ``fh``."""
    lines = _Lines(fh)
    reader = csv.reader(lines)
    start = 1
    for row in reader:
        if not _is_blank(row):
            yield start, row
        start = lines.count + 1


def _data_rows(path):
    """Yield ``(first_line, row)`` for each data row (after the header) of ``path``."""
    with open(path, "rb") as fh:
        rows = _rows(fh)
        next(rows)  # the header
        yield from rows


class CsvSource:
    """Where a cell of a CSV is (its line) and what it said, for error messages.

    Only used once something is wrong, so it re-reads the file with :mod:`csv`
    rather than keeping the raw text of every cell.
    """

    def __init__(self, path, header):
        self.path = path
        self.header = header
        self._found = {}

    def _data_row(self, i):
        if i not in self._found:
            self._found[i] = next(itertools.islice(_data_rows(self.path), i, None))
        return self._found[i]

    def where(self, i):
        """``'line N'`` for data row ``i`` (0-based)."""
        return f"line {self._data_row(i)[0]}"

    def text(self, column, i):
        """The cell as written (stripped) in data row ``i``, after checking its length."""
        self.check_row(i)
        return self._data_row(i)[1][self.header.index(column)].strip()

    def check_row(self, i):
        """Raise the ragged-row message if data row ``i`` has the wrong length."""
        line, row = self._data_row(i)
        if len(row) != len(self.header):
            raise ValueError(_ragged_message(line, row, self.header))

    def column_text(self, column):
        """The column re-read as text (str cells, NaN where empty), stripped."""
        with open(self.path, "rb") as fh:
            _read_header(fh, self.path)
            frame = _pandas_read(fh, usecols=[self.header.index(column)], dtype=str)
        return frame.iloc[:, 0].str.strip()


def _ragged_message(line, row, header):
    message = (f"line {line} has {len(row)} cells but the header has {len(header)}; "
               f"make every row as long as the header")
    pairs = zip(row, row[1:])
    if len(row) > len(header) and any(a.strip().lstrip("+-").isdigit()
                                      and b.strip().isdigit() for a, b in pairs):
        message += (" (numbers with a decimal comma, such as 0,97? write them with "
                     "a '.' decimal point)")
    return message + "."


def _read_header(fh, path):
    """Read the header row of the open binary file ``fh``; return the raw names."""
    for _, row in _rows(fh):
        return row
    raise ValueError(f"{os.fspath(path)!r} is empty; pass a CSV with a header row.")


def _check_delimiter(header, fh):
    """A one-column header that holds ';', tab or '|' means another delimiter."""
    if len(header) != 1:
        return
    for delimiter, name in ((";", "';'"), ("\t", "tab"), ("|", "'|'")):
        if delimiter in header[0]:
            comma = re.search(r"[0-9],[0-9]", fh.readline().decode("utf-8", "replace"))
            decimal = " and '.' as the decimal point" if comma else ""
            raise ValueError(
                f"the header has one column {header[0]!r}; the file looks "
                f"{name}-separated, but evalplots reads comma-separated CSV: "
                f"convert it (e.g. save it again as CSV with ',' between "
                f"cells{decimal})."
            )


def _pandas_read(fh, **kwargs):
    """pandas' C parser on the rest of ``fh``: every cell as written, '' as missing.

    ``keep_default_na=False`` keeps 'NA', 'nan', 'null' ... as text, so they
    are reported as written instead of silently becoming NaN.
    """
    import pandas as pd  # imported when a file is read, not with the package

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pd.errors.DtypeWarning)
        return pd.read_csv(fh, header=None, keep_default_na=False, na_values=[""],
                           encoding="utf-8", **kwargs)


def _first_ragged(path, header):
    for line, row in _data_rows(path):
        if len(row) != len(header):
            return _ragged_message(line, row, header)
    return None


def _not_utf8_message(path):
    with open(path, "rb") as fh:
        data = fh.read()
    try:
        codecs.decode(data, "utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        byte = f"byte 0x{data[exc.start]:02x} on line {line}"
    else:  # pragma: no cover - only called after a decoding error
        byte = "a byte"
    return (f"{os.fspath(path)!r} is not UTF-8 text ({byte} is not valid UTF-8); "
            f"re-save it as UTF-8 (e.g. 'CSV UTF-8' in a spreadsheet's Save As).")


def read_csv_frame(path, *, allow_empty=False, target=None):
    """Read a CSV with a header row into a DataFrame of typed columns.

    Parameters
    ----------
    path : str or path-like
        The CSV file: a header row, then one row per sample, ',' between cells.
    allow_empty : bool, default=False
        Read a file with a header but no data rows as an empty frame of its
        columns (a partition of a larger dataset, which contributes nothing)
        instead of refusing it.
    target : str or None, default=None
        A column the header must hold (the target), checked before pandas
        (and its import) reads the cells; None checks none.

    Returns
    -------
    frame : pandas.DataFrame
        One column per header name (stripped), dtypes as pandas infers them
        (int64, float64, bool, str or object); empty cells are NaN, every
        other cell is kept as written (``'NA'`` stays text).
    source : CsvSource
        Locates a data row's line and cell text for messages.

    Raises
    ------
    FileNotFoundError, IsADirectoryError
        If ``path`` is not a readable file.
    ValueError
        If the file is empty, not UTF-8, a Parquet file, looks ';'-, tab- or
        '|'-separated, a header name is empty or repeated, the header has no
        ``target`` column, a row has the wrong number of cells, or there are
        no data rows (unless ``allow_empty``). The message names the line.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "p.csv")
    >>> with open(path, "w") as fh:
    ...     _ = fh.write("y_true,m\\n1,0.9\\n0,0.2\\n")
    >>> frame, source = read_csv_frame(path)
    >>> frame.dtypes.tolist(), source.where(1)
    ([dtype('int64'), dtype('float64')], 'line 3')
    """
    path = os.fspath(path)
    try:
        with open(path, "rb") as fh:
            if fh.read(4) == _PARQUET_MAGIC:
                raise ValueError(f"{path!r} is a Parquet file, not CSV text; give it "
                                 f"a .parquet suffix.")
            fh.seek(0)
            raw = _read_header(fh, path)
            _check_delimiter(raw, fh)
            header = check_header([header_name(name) for name in raw])
            if target is not None:
                check_target(header, target)
            frame = _read_body(fh, path, header, allow_empty)
    except UnicodeDecodeError:
        raise ValueError(_not_utf8_message(path)) from None
    return frame, CsvSource(path, header)


def _read_body(fh, path, header, allow_empty=False):
    import pandas as pd  # imported when a file is read, not with the package

    try:
        frame = _pandas_read(fh)
    except pd.errors.EmptyDataError:
        if allow_empty:
            return pd.DataFrame(columns=header)
        raise ValueError(f"{path!r} has a header but no data rows.") from None
    except pd.errors.ParserError as exc:
        raise ValueError(_first_ragged(path, header) or (
            f"{path!r} is not a well-formed CSV file ({' '.join(str(exc).split())})."
        )) from None
    if frame.shape[1] != len(header):  # the first data row is longer or shorter
        raise ValueError(_first_ragged(path, header) or (
            f"{path!r} has {frame.shape[1]} columns of data but {len(header)} in its "
            f"header; make every row as long as the header."))
    frame.columns = header
    return strip_text_columns(frame)

