"""Read a predictions CSV (a label column and one score column per model).

The standard library's :mod:`csv` and numpy are enough here; pandas is not a
runtime dependency of evalplots.
"""

import csv
import dataclasses
import math
import os
import re

import numpy as np

__all__ = ["Predictions", "read_predictions_csv"]


@dataclasses.dataclass(frozen=True)
class Predictions:
    """Binary labels and the scores of one or more models for the same samples.

    Parameters
    ----------
    y_true : ndarray of shape (n_samples,)
        True labels (ints, floats or strings).
    scores : dict of str to ndarray of shape (n_samples,)
        Model name -> float64 scores (higher means more likely positive), in
        column order.
    pos_label : int, float, str or None, default=None
        The positive label, when known (the bundled sample sets it).
    label_names : dict or None, default=None
        Optional readable names of the labels, e.g. ``{1: "malignant"}``.
    description : str, default=""
        One-sentence description of where the data come from.
    ignored_columns : tuple of str, default=()
        Columns of the CSV that held no numbers and were therefore not read
        as models.

    Raises
    ------
    None
        A plain frozen record: nothing is checked on construction;
        :func:`read_predictions_csv` and :func:`evalplots.report.evaluation_report`
        validate the arrays.

    Notes
    -----
    Frozen (attributes cannot be reassigned). ``scores`` keeps the CSV's
    column order, which is the order of models in the report.

    Examples
    --------
    >>> import numpy as np
    >>> p = Predictions(np.array([0, 1]), {"m": np.array([0.2, 0.7])}, pos_label=1)
    >>> p.n_samples, list(p.scores)
    (2, ['m'])
    """

    y_true: np.ndarray
    scores: dict
    pos_label: object = None
    label_names: dict = None
    description: str = ""
    ignored_columns: tuple = ()

    @property
    def n_samples(self):
        """Number of samples (rows).

        Returns
        -------
        n_samples : int
            ``len(y_true)``.

        Raises
        ------
        None

        Notes
        -----
        Every score array has this length too.

        Examples
        --------
        >>> import numpy as np
        >>> Predictions(np.array([0, 1, 1]), {"m": np.zeros(3)}).n_samples
        3
        """
        return int(self.y_true.shape[0])


# Plain ASCII decimal or scientific notation, or nan/inf spelled out (so that
# they can be rejected with a clear message). float() alone would also take
# '1_0' (10.0), non-ASCII digits ('١') and surrounding whitespace.
_NUMBER = re.compile(
    r"[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|nan|inf|infinity)",
    re.IGNORECASE | re.ASCII,
)


def parse_number(text):
    """``float(text)`` for a plain ASCII number, else None.

    Parameters
    ----------
    text : str
        One CSV cell or command-line value, already stripped.

    Returns
    -------
    value : float or None
        None unless ``text`` is a decimal or scientific number in ASCII digits
        or ``nan``/``inf``/``infinity`` (any case, optional sign).

    Examples
    --------
    >>> parse_number("1e-3"), parse_number("-.5"), parse_number("1_0"), parse_number("\u0661")
    (0.001, -0.5, None, None)
    """
    if _NUMBER.fullmatch(text) is None:
        return None
    return float(text)


_parse_number = parse_number


def _parse_labels(values, target):
    if any(v == "" for v in values):
        row = values.index("") + 2
        raise ValueError(
            f"label column {target!r} is empty on line {row}; give every row a label."
        )
    numbers = [_parse_number(v) for v in values]
    for line, number in enumerate(numbers, start=2):
        if number is not None and math.isnan(number):
            raise ValueError(
                f"label column {target!r} is missing on line {line} "
                f"({values[line - 2]!r}); give every row a label."
            )
    if any(n is None for n in numbers):
        return np.array(values)
    if all(math.isfinite(n) and n == int(n) for n in numbers):
        return np.array([int(n) for n in numbers], dtype=np.int64)
    return np.array(numbers, dtype=np.float64)


def _parse_scores(values, name):
    out = np.empty(len(values), dtype=np.float64)
    for i, text in enumerate(values):
        number = _parse_number(text)
        if number is None:
            raise ValueError(
                f"score column {name!r} has a non-numeric value {text!r} on line "
                f"{i + 2}; every score must be a number (or drop the column)."
            )
        if not math.isfinite(number):
            raise ValueError(
                f"score column {name!r} has a non-finite value {text!r} on line "
                f"{i + 2}; remove or impute NaN/inf scores first."
            )
        out[i] = number
    return out


def _check_header(header):
    for j, name in enumerate(header, start=1):
        if not name:
            raise ValueError(f"column {j} of the header is empty; give every column "
                             f"a name (the model name for score columns).")
    duplicates = sorted({h for h in header if header.count(h) > 1})
    if duplicates:
        raise ValueError(f"the header repeats column name(s) {', '.join(duplicates)}; "
                         f"give every column a distinct name.")
    return header


def _check_delimiter(header):
    """A one-column header that holds ';', tab or '|' means another delimiter."""
    if len(header) != 1:
        return
    for delimiter, name in ((";", "';'"), ("\t", "tab"), ("|", "'|'")):
        if delimiter in header[0]:
            raise ValueError(
                f"the header has one column {header[0]!r}; the file looks "
                f"{name}-separated, but evalplots reads comma-separated CSV: "
                f"convert it (e.g. save it again as CSV with ',' between cells)."
            )


def read_predictions_csv(path, *, target="y_true"):
    """Read labels and per-model scores from a CSV file with a header row.

    Parameters
    ----------
    path : str or path-like
        The CSV file: a header row, then one row per sample.
    target : str, default="y_true"
        Header of the label column. Every other column that holds numbers is a
        model's score column, named by its header; columns without a single
        number (e.g. an id or a comment column) are skipped and listed in
        ``ignored_columns``.

    Returns
    -------
    predictions : Predictions
        ``y_true`` (ints when every label is an integer, else floats or
        strings) and ``scores`` (float64, in column order).

    Raises
    ------
    FileNotFoundError
        If ``path`` does not exist.
    ValueError
        If the file is empty, a header name is empty or repeated, the header
        looks ';'-, tab- or '|'-separated, ``target`` is not a column, no score
        column is left, a row has the wrong number of cells, a label is empty
        or NaN, or a score is non-numeric or non-finite. The message names the
        column, line and fix.
    UnicodeDecodeError
        If the file is not UTF-8 (a UTF-8 byte-order mark is allowed).

    Notes
    -----
    A column counts as a score column as soon as one of its cells is a number;
    then every cell must be a finite number, so a typo is reported rather than
    the column silently dropped. Numbers are plain ASCII decimals or
    scientific notation: ``1_0`` and non-ASCII digits, which :func:`float`
    would accept, are not numbers here.

    Examples
    --------
    >>> import os, tempfile
    >>> d = tempfile.mkdtemp()
    >>> path = os.path.join(d, "p.csv")
    >>> with open(path, "w") as fh:
    ...     _ = fh.write("id,y_true,model_a\\nx1,1,0.9\\nx2,0,0.3\\n")
    >>> p = read_predictions_csv(path)
    >>> p.y_true, p.scores["model_a"], p.ignored_columns
    (array([1, 0]), array([0.9, 0.3]), ('id',))
    """
    with open(os.fspath(path), newline="", encoding="utf-8-sig") as fh:
        rows = [row for row in csv.reader(fh) if row]
    if not rows:
        raise ValueError(f"{os.fspath(path)!r} is empty; pass a CSV with a header row.")
    _check_delimiter(rows[0])
    header = _check_header([h.strip() for h in rows[0]])
    body = rows[1:]
    if not body:
        raise ValueError(f"{os.fspath(path)!r} has a header but no data rows.")
    for line, row in enumerate(body, start=2):
        if len(row) != len(header):
            raise ValueError(
                f"line {line} has {len(row)} cells but the header has {len(header)}; "
                f"make every row as long as the header."
            )
    if target not in header:
        raise ValueError(
            f"no label column {target!r}; the columns are {', '.join(header)} "
            f"(choose one with --target / target=)."
        )
    columns = {h: [row[j].strip() for row in body] for j, h in enumerate(header)}
    y_true = _parse_labels(columns.pop(target), target)
    scores, ignored = {}, []
    for name, values in columns.items():
        if all(_parse_number(v) is None for v in values):
            ignored.append(name)
        else:
            scores[name] = _parse_scores(values, name)
    if not scores:
        raise ValueError(
            f"no numeric score column besides {target!r}; add one column of scores "
            f"per model."
        )
    return Predictions(y_true, scores, ignored_columns=tuple(ignored))
