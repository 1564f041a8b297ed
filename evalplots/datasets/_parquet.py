"""Read a predictions Parquet file into a pandas DataFrame (pyarrow engine), whole or in blocks.

Parquet columns are typed already, so only the column names and the row count
are checked here; the cells are checked by :mod:`evalplots.datasets._columns`
as for a CSV, with messages that name the (1-based) row. A large file is read
in blocks of rows (:func:`parquet_blocks`) by the same rules: each block's
source numbers its rows from the file's start.
"""

import contextlib
import os

import pandas as pd

from evalplots.datasets._columns import check_header, header_name, strip_text_columns

__all__ = ["ParquetSource", "parquet_blocks", "read_parquet_frame"]


class ParquetSource:
    """Where a cell of a Parquet file is (its row) and what it holds, for messages."""

    def __init__(self, frame, offset=0):
        self.frame, self.offset = frame, offset  # rows of the file before the frame's

    def where(self, i):
        """``'row N'`` (1-based, in the file) for data row ``i`` (0-based) of the frame."""
        return f"row {self.offset + i + 1}"

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


@contextlib.contextmanager
def _readable(path):
    """Turn pyarrow's failure to read ``path`` into the reader's message."""
    import pyarrow

    if not os.path.exists(path):
        raise FileNotFoundError(2, "No such file or directory", path)
    try:
        yield
    except (pyarrow.ArrowException, OSError) as exc:
        if isinstance(exc, (FileNotFoundError, PermissionError, IsADirectoryError)):
            raise
        raise ValueError(f"{path!r} is not a readable Parquet file "
                         f"({' '.join(str(exc).split())}); pass a Parquet file, or a "
                         f"CSV file with a .csv suffix.") from None


def _header(columns, path):
    """The column names stripped and checked (text, not empty, not repeated)."""
    names = [header_name(name) if isinstance(name, str) else name for name in columns]
    for j, name in enumerate(names, start=1):
        if not isinstance(name, str):
            raise ValueError(f"column {j} of {path!r} is named {name!r}, not text; "
                             f"give every column a text name.")
    return check_header(names)


def parquet_header(path):
    """(stripped column names, the file's Arrow schema) of a Parquet file, by the
    rules of :func:`read_parquet_frame`, without reading its rows."""
    import pyarrow.parquet as pq

    path = os.fspath(path)
    with _readable(path):
        schema = pq.read_schema(path)
    return _header(schema.names, path), schema


def parquet_blocks(path, columns, *, block_rows):
    """The named columns of a Parquet file in blocks of rows, as the reader reads them.

    Parameters
    ----------
    path : str or path-like
        A Parquet file.
    columns : list of str
        Column names (stripped, as :func:`read_parquet_frame` names them).
    block_rows : int
        Rows per block, at most (a task holds a few blocks, whatever the file).

    Yields
    ------
    frame : pandas.DataFrame
        The block's columns, named ``columns``, typed as pandas reads them;
        text columns are categoricals (each distinct value is read once by
        :func:`~evalplots.datasets._columns.read_labels`).
    source : ParquetSource
        Locates a row of the block by its row in the file.

    Raises
    ------
    FileNotFoundError, ValueError
        As :func:`read_parquet_frame`, or if a column is not in the file.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    header, schema = parquet_header(path)
    raw = dict(zip(header, schema.names))
    missing = [c for c in columns if c not in raw]
    if missing:
        raise ValueError(f"{os.fspath(path)!r} has no column {missing[0]!r}; every file "
                         f"needs the same columns.")
    text = [raw[c] for c in columns if pa.types.is_string(schema.field(raw[c]).type)
            or pa.types.is_large_string(schema.field(raw[c]).type)]
    offset = 0
    with _readable(os.fspath(path)):
        reader = pq.ParquetFile(path, read_dictionary=text or None)
        for batch in reader.iter_batches(batch_size=block_rows, use_threads=False,
                                         columns=[raw[c] for c in columns]):
            frame = batch.to_pandas(split_blocks=True)
            frame.columns = columns
            yield frame, ParquetSource(frame, offset)
            offset += batch.num_rows


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
    path = os.fspath(path)
    with _readable(path):
        frame = pd.read_parquet(path if nrows is None else _head(path, nrows),
                                engine="pyarrow")
    frame.columns = _header(frame.columns, path)
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
