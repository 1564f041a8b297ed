"""Read a predictions Parquet file into a pandas DataFrame (pyarrow engine).

Parquet columns are typed already, so only the column names and the row count
are checked here; the cells are checked by :mod:`evalplots.datasets._columns`
as for a CSV, with messages that name the (1-based) row.
"""

import os

import pandas as pd

from evalplots.datasets._columns import check_header, header_name, strip_text_columns

__all__ = ["ParquetSource", "read_parquet_frame"]


class ParquetSource:
    """Where a cell of a Parquet file is (its row) and what it holds, for messages."""

    def __init__(self, frame):
        self.frame = frame

    def where(self, i):
        """``'row N'`` (1-based) for data row ``i`` (0-based)."""
        return f"row {i + 1}"

    def text(self, column, i):
        """The cell as text: ``''`` for a null, ``'nan'`` for a float NaN."""
        value = self.frame[column].iloc[i]
        if value is None or value is pd.NA or value is pd.NaT:
            return ""
        return str(value).strip()

    def check_row(self, i):
        """Parquet rows always have every column: nothing to check."""

    def column_text(self, column):
        """The column as text cells (str, None where null), e.g. for dates or bytes."""
        return pd.Series([self.text(column, i) or None
                          for i in range(len(self.frame))], dtype=object)


def _head(path, nrows):
    """The first ``nrows`` rows of a Parquet file, as an in-memory Parquet file.

    pandas then reads them exactly as it reads the whole file (same types, same
    pandas metadata), without reading the rest.
    """
    import io

    import pyarrow as pa
    import pyarrow.parquet as pq

    reader = pq.ParquetFile(path)
    batch = next(reader.iter_batches(batch_size=nrows), None)
    table = (reader.schema_arrow.empty_table() if batch is None
             else pa.Table.from_batches([batch]))
    buffer = io.BytesIO()
    pq.write_table(table, buffer)
    buffer.seek(0)
    return buffer


def read_parquet_frame(path, *, nrows=None, allow_empty=False):
    """Read a Parquet file into a DataFrame of typed columns.

    Parameters
    ----------
    path : str or path-like
        A Parquet file (or a directory of Parquet files, read as one table).
    nrows : int or None, default=None
        Read only the first ``nrows`` rows (the head of a large file); None
        reads every row.
    allow_empty : bool, default=False
        Read a file with columns but no rows as an empty frame (a partition of
        a larger dataset, which contributes nothing) instead of refusing it.

    Returns
    -------
    frame : pandas.DataFrame
        One column per Parquet column (names stripped), as pandas reads them.
    source : ParquetSource
        Locates a data row for messages.
    notes : list of str
        A notice when the file holds a pandas index, which is not read.

    Raises
    ------
    FileNotFoundError
        If ``path`` does not exist.
    ValueError
        If the file is not Parquet, a column name is empty, not text or
        repeated, or there are no rows (unless ``allow_empty``).

    Examples
    --------
    >>> import os, tempfile
    >>> import pandas as pd
    >>> path = os.path.join(tempfile.mkdtemp(), "p.parquet")
    >>> pd.DataFrame({"y_true": [1, 0], "m": [0.9, 0.2]}).to_parquet(path)
    >>> frame, source, notes = read_parquet_frame(path)
    >>> frame.dtypes.tolist(), source.where(1), notes
    ([dtype('int64'), dtype('float64')], 'row 2', [])
    """
    import pyarrow

    path = os.fspath(path)
    if not os.path.exists(path):
        raise FileNotFoundError(2, "No such file or directory", path)
    try:
        frame = pd.read_parquet(path if nrows is None else _head(path, nrows),
                                engine="pyarrow")
    except (pyarrow.ArrowException, OSError) as exc:
        if isinstance(exc, (FileNotFoundError, PermissionError, IsADirectoryError)):
            raise
        raise ValueError(f"{path!r} is not a readable Parquet file "
                         f"({' '.join(str(exc).split())}); pass a Parquet file, or a "
                         f"CSV file with a .csv suffix.") from None
    names = [header_name(name) if isinstance(name, str) else name for name in frame.columns]
    for j, name in enumerate(names, start=1):
        if not isinstance(name, str):
            raise ValueError(f"column {j} of {path!r} is named {name!r}, not text; "
                             f"give every column a text name.")
    frame.columns = check_header(names)
    if len(frame) == 0 and not allow_empty:
        raise ValueError(f"{path!r} has columns but no data rows.")
    notes = []
    if not isinstance(frame.index, pd.RangeIndex) or frame.index.name is not None:
        shown = ", ".join(repr(str(n)) for n in frame.index.names if n is not None)
        notes.append(f"not reading the Parquet file's index{' ' + shown if shown else ''}"
                     f"; reset_index() before saving to use it as a column.")
        frame = frame.reset_index(drop=True)
    strip_text_columns(frame)
    return frame, ParquetSource(frame), notes
