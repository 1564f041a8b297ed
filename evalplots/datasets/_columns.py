"""Type and check one column of a predictions table, CSV or Parquet alike.

Each column arrives as a pandas Series (as pandas read it) together with a
*source* that says where data row ``i`` is (``'line 7'`` of a CSV, ``'row 6'``
of a Parquet file) and what its cell said. Here the strict rules live: a
number is a plain ASCII decimal, never NaN or infinite; a label is never
empty; a column that holds any number holds only numbers. Every refusal is a
ValueError naming the column, the line and the fix.
"""

import re

import numpy as np

from evalplots._text import FORMAT_CHARACTERS, escaped_format_characters
from evalplots.datasets._cells import (
    DECIMAL_COMMA_PATTERN,
    NON_FINITE_PATTERN,
    NUMBER_PATTERN,
    looks_like_decimal_comma,
    parse_number,
)

__all__ = ["check_header", "column_kind", "header_name", "is_text", "read_labels",
           "read_model_column", "read_numbers", "show_name", "show_values",
           "strip_text_columns"]

_EDGES = re.compile(f"^[\\s{FORMAT_CHARACTERS}]+|[\\s{FORMAT_CHARACTERS}]+$")


def header_name(name):
    r"""A column name without the white space and format characters at its ends.

    Spaces, NBSP and the other white space are stripped, and so are the
    invisible format characters (zero-width space, byte order mark, word
    joiner, bidi marks, ...): ``'y_true\u200b'`` is the column ``y_true``.
    Those inside a name stay, and messages show them (:func:`show_name`).

    Examples
    --------
    >>> header_name(" y_true\u200b"), header_name("\ufeffm\xa0")
    ('y_true', 'm')
    """
    return _EDGES.sub("", name)


def show_name(name):
    r"""``name`` for a message: its format characters written ``\u200b``, since
    they are invisible and would make two different names print alike.

    Examples
    --------
    >>> show_name("y\u200b_true"), show_name("score")
    ('y\\u200b_true', 'score')
    """
    return escaped_format_characters(str(name))

_EXACT_INT = 2.0**53  # floats beyond this are not reliably integers


def check_header(names):
    """Refuse empty or repeated column names; return the names."""
    for j, name in enumerate(names, start=1):
        if not name:
            hint = (" (an unnamed first column is often the index written by "
                    "pandas' to_csv: save with index=False)") if j == 1 else ""
            raise ValueError(f"column {j} of the header is empty{hint}; give every "
                             f"column a name (the model name for score columns).")
    duplicates = sorted({h for h in names if names.count(h) > 1})
    if duplicates:
        raise ValueError(f"the header repeats column name(s) {show_values(duplicates, 99)}; "
                         f"give every column a distinct name.")
    return names


def check_target(names, target):
    """Refuse a header without the ``target`` column; the message lists the columns."""
    if target not in names:
        raise ValueError(f"no label column {target!r}; the columns are "
                         f"{show_values(names, len(names))} "
                         f"(choose one with --target / target=).")


def show_values(values, limit=6):
    """``'a, b, c, ...'``: the first ``limit`` values for a message."""
    values = list(values)
    text = ", ".join(show_name(v) for v in values[:limit])
    return text + (", ..." if len(values) > limit else "")


def column_kind(series):
    """``'bool'``, ``'int'``, ``'float'`` or ``'text'``: how pandas typed the column."""
    import pandas as pd  # imported when a file is read, not with the package

    dtype = series.dtype
    if pd.api.types.is_bool_dtype(dtype):
        return "bool"
    if pd.api.types.is_integer_dtype(dtype):
        return "int"
    if pd.api.types.is_float_dtype(dtype):
        return "float"
    return "text"


def _matches(text, pattern):
    """Boolean ndarray: which cells of a text column match ``pattern`` in full."""
    return text.str.fullmatch(pattern).fillna(False).to_numpy(dtype=bool)


def _first(mask):
    return int(np.flatnonzero(mask)[0])


def _empty(role, name, source, i, fix):
    source.check_row(i)
    return ValueError(f"{role} {name!r} is empty on {source.where(i)}; {fix}")


def is_text(series):
    """True when every non-missing cell of ``series`` is a Python/pandas str."""
    import pandas as pd  # imported when a file is read, not with the package

    return pd.api.types.infer_dtype(series, skipna=True) in ("string", "empty")


def strip_text_columns(frame):
    """Strip surrounding blanks from every text column of ``frame``, in place."""
    for name in frame.columns:
        if is_text(frame[name]):  # decided by the dtype alone for numeric columns
            frame[name] = frame[name].str.strip()
    return frame


def _text(series, name, source):
    """The column as text cells (str; NaN or None where empty), stripped."""
    if is_text(series):
        return series
    return source.column_text(name)  # e.g. a CSV column pandas read as mixed types


def _without_missing(series, name, source, role, fix):
    """Raise at the first empty cell of a non-float column."""
    if isinstance(series.dtype, np.dtype) and series.dtype.kind in "biu":
        return  # a numpy integer or bool column holds no missing cell
    missing = series.isna().to_numpy()
    if missing.any():
        raise _empty(role, name, source, _first(missing), fix)


def _finite_floats(series, name, source, role, fix, non_finite):
    """float64 values; the first NaN/inf cell raises (empty or as written)."""
    x = series.to_numpy(dtype=np.float64, na_value=np.nan)
    bad = ~np.isfinite(x)
    if bad.any():
        i = _first(bad)
        text = source.text(name, i)
        if text == "":
            raise _empty(role, name, source, i, fix)
        raise ValueError(non_finite(text, source.where(i)))
    return x


_LABEL_FIX = "give every row a label."
_SCORE_FIX = ("every score must be a number (remove or impute missing scores first, "
              "or drop the column).")
_PREDICTED_LABEL_FIX = "give every row a predicted label (or drop the column)."


def _label_non_finite(name):
    def message(text, where):
        if text.strip("+-").lower() == "nan":
            return (f"label column {name!r} is missing on {where} ({text!r}); "
                    f"{_LABEL_FIX}")
        return (f"label column {name!r} has a non-finite value {text!r} on {where}; "
                f"labels must be finite.")
    return message


def read_labels(series, name, source):
    """The target column as a typed label (or regression target) array.

    Parameters
    ----------
    series : pandas.Series of shape (n_samples,)
        The column as pandas read it.
    name : str
        Its header (for messages).
    source : CsvSource or ParquetSource
        Locates rows for messages.

    Returns
    -------
    y_true : ndarray of shape (n_samples,)
        bool for a True/False column; int64 for integers (also integers
        written as floats, e.g. ``1.0``); float64 for other numbers; str when
        any cell is not a number.

    Raises
    ------
    ValueError
        If a label is empty, NaN (in any spelling) or infinite.
    """
    import pandas as pd  # imported when a file is read, not with the package

    if isinstance(series.dtype, pd.CategoricalDtype):
        return _read_categories(series, name, source)
    kind = column_kind(series)
    if kind in ("bool", "int"):
        _without_missing(series, name, source, "label column", _LABEL_FIX)
        return series.to_numpy(dtype=bool if kind == "bool" else np.int64)
    if kind == "float":
        x = _finite_floats(series, name, source, "label column", _LABEL_FIX,
                           _label_non_finite(name))
        if np.all(np.abs(x) < _EXACT_INT) and np.array_equal(x, np.trunc(x)):
            return x.astype(np.int64)
        return x
    text = _text(series, name, source)
    _without_missing(text, name, source, "label column", _LABEL_FIX)
    special = _matches(text, NON_FINITE_PATTERN)
    if special.any():
        i = _first(special)
        raise ValueError(_label_non_finite(name)(text.iloc[i], source.where(i)))
    return text.to_numpy(dtype=str)


class _FirstRows:
    """The source of a column's distinct values: value ``k`` is found at the first
    row holding it."""

    def __init__(self, source, values, codes):
        self.source, self.values, self.codes = source, values, codes

    def _row(self, k):
        return int(np.flatnonzero(self.codes == k)[0])

    def where(self, k):
        return self.source.where(self._row(k))

    def text(self, column, k):
        value = self.values.iloc[k]
        return value.strip() if isinstance(value, str) else ""

    def check_row(self, k):
        self.source.check_row(self._row(k))


def _read_categories(series, name, source):
    """:func:`read_labels` of a categorical column: each distinct value read once (by
    the rules of a text column, stripped), a refused one named at its first row."""
    import pandas as pd

    codes = series.cat.codes.to_numpy()
    if (codes < 0).any():
        raise _empty("label column", name, source, _first(codes < 0), _LABEL_FIX)
    used = np.flatnonzero(np.bincount(codes, minlength=len(series.cat.categories)))
    values = pd.Series(series.cat.categories[used].astype(object)).str.strip()
    at = np.full(len(series.cat.categories), -1, dtype=np.int64)
    at[used] = np.arange(used.size)
    codes = at[codes]
    return read_labels(values, name, _FirstRows(source, values, codes))[codes]


def _score_non_finite(name):
    def message(text, where):
        return (f"score column {name!r} has a non-finite value {text!r} on {where}; "
                f"remove or impute NaN/inf scores first.")
    return message


def _non_numeric(name, text, where):
    if looks_like_decimal_comma(text):
        return (f"score column {name!r} has {text!r} on {where}, a number with a "
                f"decimal comma; evalplots reads '.' as the decimal point: write "
                f"0.97, not 0,97 (e.g. save the CSV with '.' as decimal separator).")
    return (f"score column {name!r} has a non-numeric value {text!r} on {where}; "
            f"every score must be a number (or drop the column).")


def read_numbers(series, name, source):
    """A column that must hold only finite numbers, as float64 (or int64).

    Parameters
    ----------
    series : pandas.Series of shape (n_samples,)
        The column as pandas read it.
    name : str
        Its header (for messages).
    source : CsvSource or ParquetSource
        Locates rows for messages.

    Returns
    -------
    values : ndarray of shape (n_samples,)
        int64 when pandas read integers, else float64.

    Raises
    ------
    ValueError
        At the first empty, non-numeric (``1_0``, ``١``, ``0,97`` ...), NaN or
        infinite cell, naming its line.
    """
    kind = column_kind(series)
    if kind == "int":
        _without_missing(series, name, source, "score column", _SCORE_FIX)
        return series.to_numpy(dtype=np.int64)
    if kind == "float":
        return _finite_floats(series, name, source, "score column", _SCORE_FIX,
                              _score_non_finite(name))
    text = _text(series, name, source)  # pandas found a cell that is no number
    number = _matches(text, NUMBER_PATTERN) & ~_matches(text, NON_FINITE_PATTERN)
    if not number.all():
        i = _first(~number)
        cell = text.iloc[i]
        if not isinstance(cell, str):
            raise _empty("score column", name, source, i, _SCORE_FIX)
        if parse_number(cell) is None:
            raise ValueError(_non_numeric(name, cell, source.where(i)))
        raise ValueError(_score_non_finite(name)(cell, source.where(i)))
    return text.to_numpy(dtype=np.float64)  # plain numbers pandas left as text


def read_model_column(series, name, source, *, target, y_true, classes):
    """Read a model's column: scores, predicted labels, or text to skip.

    Parameters
    ----------
    series : pandas.Series of shape (n_samples,)
        The column as pandas read it.
    name : str
        Its header.
    source : CsvSource or ParquetSource
        Locates rows for messages.
    target : str
        The target column's header (for messages).
    y_true : ndarray of shape (n_samples,)
        The typed target (see :func:`read_labels`).
    classes : ndarray of shape (n_classes,) or None
        The target's distinct values, None for a non-integer float target.

    Returns
    -------
    kind : {"numbers", "labels", "text"}
        "labels" when every cell is a value of the target (same type: an int
        column for an int target, text for a text target, True/False for a
        True/False target); "numbers" for any other numeric column; "text"
        for a column without any number, to be skipped.
    values : ndarray of shape (n_samples,) or None
        float64 numbers, labels typed like ``y_true``, or None for "text".

    Raises
    ------
    ValueError
        For a column that holds some numbers and an empty, non-numeric or
        non-finite cell; a text column of mostly target values with an empty
        cell or a value that is not a class; a column of decimal-comma numbers.
    """
    kind = column_kind(series)
    if kind == "int" and classes is not None and y_true.dtype.kind == "i":
        values = read_numbers(series, name, source)
        if np.isin(values, classes).all():
            return "labels", values
        return "numbers", values.astype(np.float64, copy=False)
    if kind in ("int", "float"):
        return "numbers", read_numbers(series, name, source).astype(np.float64, copy=False)
    if kind == "bool":
        if y_true.dtype != bool:
            return "text", None
        _without_missing(series, name, source, "column", _PREDICTED_LABEL_FIX)
        return "labels", series.to_numpy(dtype=bool)
    text = _text(series, name, source)
    if _matches(text, NUMBER_PATTERN).any():
        return "numbers", read_numbers(text, name, source)
    if y_true.dtype.kind == "U":
        inside = text.isin(classes.tolist()).to_numpy(dtype=bool)
        if inside.all():
            return "labels", text.to_numpy(dtype=str)
        if inside.mean() >= 0.5:
            i = _first(~inside)
            if not isinstance(text.iloc[i], str):
                raise _empty("column", name, source, i, _PREDICTED_LABEL_FIX)
            raise ValueError(
                f"column {name!r} looks like predicted labels (most cells are values "
                f"of {target!r}) but {source.where(i)} holds {text.iloc[i]!r}, which "
                f"is not one of them ({show_values(classes.tolist())}); fix the cell "
                f"or drop the column.")
    comma = _matches(text, DECIMAL_COMMA_PATTERN)
    filled = text.notna().to_numpy()
    if comma.any() and comma.sum() >= 0.5 * filled.sum():
        i = _first(comma)
        raise ValueError(_non_numeric(name, text.iloc[i], source.where(i)))
    return "text", None
