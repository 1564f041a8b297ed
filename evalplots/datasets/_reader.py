"""``read_predictions``: a CSV or Parquet file of predictions -> a Predictions record.

The file is read by pandas (:mod:`evalplots.datasets._csv`,
:mod:`evalplots.datasets._parquet`) and every cell is checked by
:mod:`evalplots.datasets._columns`. This module groups the columns into
models (DESIGN.md, "Input layouts"): the target, one column per model (scores,
regression predictions or predicted labels) or ``<model>:<class>`` columns
(one score per class), the ``models``/``exclude`` selection, and the columns
that look like row identifiers. It does not decide the task.
"""

import os

import numpy as np

from evalplots.datasets._cells import parse_number
from evalplots.datasets._columns import (
    check_target,
    column_kind,
    read_labels,
    read_model_column,
    read_numbers,
    show_values,
)
from evalplots.datasets._record import Predictions
from evalplots.datasets._roles import read_roles
from evalplots.metrics._labels import class_values

__all__ = ["ID_COLUMN_NAMES", "PARQUET_SUFFIXES", "predictions_from_frame", "read_predictions"]

#: File suffixes (any case) read as Parquet; anything else is read as CSV.
PARQUET_SUFFIXES = (".parquet", ".pq", ".parq")

#: Column names (compared in lower case, with spaces and '-' read as '_') that
#: mark a row identifier; so does any name ending in '_id'.
ID_COLUMN_NAMES = frozenset({
    "id", "idx", "index", "row", "rownum", "row_id", "row_idx", "row_index",
    "row_number", "sample_id", "sample_idx", "sample_index", "uid", "uuid",
    "unnamed:_0",
})


def _read_frame(path, allow_empty=False, target=None):
    """(DataFrame, source, notes) for a CSV or Parquet file, by suffix (``allow_empty``:
    a file without rows reads as an empty frame; a CSV header without the ``target``
    column is refused before pandas reads the cells)."""
    if os.fspath(path).lower().endswith(PARQUET_SUFFIXES):
        from evalplots.datasets._parquet import read_parquet_frame

        return read_parquet_frame(path, allow_empty=allow_empty)
    from evalplots.datasets._csv import read_csv_frame

    frame, source = read_csv_frame(path, allow_empty=allow_empty, target=target)
    return frame, source, []


def _is_id_name(name):
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    return key in ID_COLUMN_NAMES or key.endswith("_id")


def _id_reason(name, series):
    """Why a numeric column looks like a row identifier, or None."""
    if _is_id_name(name):
        return "its name marks a row identifier"
    if column_kind(series) != "int" or len(series) < 3 or series.hasnans:
        return None
    x = series.to_numpy(dtype=np.int64)
    lo, hi = int(x.min()), int(x.max())
    if hi - lo == x.size - 1 and np.bincount(x - lo, minlength=x.size).max() == 1:
        return f"it holds each integer from {lo} to {hi} once, like a row number"
    return None


def _class_lookup(classes):
    """A function: text after ':' in a header -> index into ``classes``, or None.

    Text matches a class as written in the target column: equal strings for
    text labels; the same number for integer labels (``1``, ``1.0`` and
    ``+1`` all name class 1); ``true``/``false`` in any case for booleans.
    """
    if classes is None:
        return None
    values = classes.tolist()
    if classes.dtype.kind == "U":
        index = {v: k for k, v in enumerate(values)}
        return index.get
    if classes.dtype.kind == "b":
        index = {str(v).lower(): k for k, v in enumerate(values)}
        return lambda text: index.get(text.lower())
    index = {v: k for k, v in enumerate(values)}

    def lookup(text):
        number = parse_number(text)
        if number is None or not np.isfinite(number) or number != int(number):
            return None
        return index.get(int(number))

    return lookup


def _split_header(name, lookup):
    """(model, class index or None, colon_without_class) for one header.

    The header is split at the first ':' after which the rest (stripped) is a
    class value, so class values may contain ':' and model names may too.
    """
    if lookup is None or ":" not in name:
        return name, None, False
    for pos, char in enumerate(name):
        if char == ":":
            k = lookup(name[pos + 1:].strip())
            if k is not None:
                return name[:pos].rstrip(), k, False
    return name, None, True


def _names(value, argument):
    if value is None:
        return None
    names = [value] if isinstance(value, str) else list(value)
    if not all(isinstance(n, str) for n in names):
        raise ValueError(f"{argument}= must be a list of model names (str), got "
                         f"{value!r}.")
    return list(dict.fromkeys(names))


def select_models(available, models, exclude):
    """The model names to read, in order; unknown names raise."""
    models, exclude = _names(models, "models"), _names(exclude, "exclude")
    for argument, names in (("models", models), ("exclude", exclude)):
        unknown = [n for n in names or () if n not in available]
        if unknown:
            raise ValueError(
                f"{argument}= names {', '.join(map(repr, unknown))}, which is not a "
                f"model here; the models are: {', '.join(map(repr, available))}.")
    if models and exclude and set(models) & set(exclude):
        both = [n for n in models if n in exclude]
        raise ValueError(f"{', '.join(map(repr, both))} is both in models= and "
                         f"exclude=; name each model in one of them.")
    chosen = [m for m in (available if models is None else models)
              if m not in (exclude or ())]
    if not chosen:
        kept = "every model" if models is None else (", ".join(map(repr, models))
                                                      or "no model")
        dropped = ", ".join(map(repr, exclude or ())) or "nothing"
        raise ValueError(f"no model left: models= keeps {kept} and exclude= drops "
                         f"{dropped}; keep at least one.")
    return chosen


def _class_matrix(model, entries, frame, source, classes, target, strays):
    """The (n_samples, n_classes) float64 scores of a ``<model>:<class>`` group."""
    if not model:
        raise ValueError(f"column {entries[0][0]!r} has no model name before ':'; "
                         f"name multi-class columns <model>:<class>.")
    plain = [name for name, k, _ in entries if k is None]
    if plain:
        raise ValueError(
            f"model {model!r} has both the column {plain[0]!r} and <model>:<class> "
            f"columns ({', '.join(repr(n) for n, k, _ in entries if k is not None)}); "
            f"rename one of them.")
    by_class = {}
    for name, k, _ in entries:
        if k in by_class:
            raise ValueError(f"columns {by_class[k]!r} and {name!r} both hold class "
                             f"{classes[k].item()!r} of model {model!r}; keep one.")
        by_class[k] = name
    missing = [f"{model}:{c}" for k, c in enumerate(classes.tolist()) if k not in by_class]
    if missing:
        stray = (f" ({', '.join(map(repr, strays))} names no class)" if strays else "")
        raise ValueError(
            f"model {model!r} has no column {', '.join(map(repr, missing))}{stray}; a "
            f"model with <model>:<class> columns needs one per class of {target!r} "
            f"({show_values(classes.tolist(), limit=12)}).")
    out = np.empty((len(frame), classes.size), dtype=np.float64)
    for k, name in by_class.items():
        out[:, k] = read_numbers(frame[name], name, source)
    return out


def read_predictions(path, *, target="y_true", models=None, exclude=None, weight=None,
                     groups=None, folds=None):
    """Read true values and per-model predictions from a CSV or Parquet file.

    Parameters
    ----------
    path : str or path-like
        A file with a header row (CSV) or named columns (Parquet) and one
        row per sample. A name ending in ``.parquet``, ``.pq`` or ``.parq``
        (any case) is read as Parquet, anything else as comma-separated,
        UTF-8 CSV.
    target : str, default="y_true"
        The column of true values (labels or regression targets).
    models : list of str or None, default=None
        The models to read, in this order (for ``<model>:<class>`` columns,
        the ``<model>`` part). None reads every model column. A model named
        here is read even when it looks like a row identifier.
    exclude : list of str or None, default=None
        Models not to read (not even checked).
    weight : str or None, default=None
        A column of sample weights (finite numbers >= 0), read as
        ``sample_weight`` and not as a model.
    groups : str, list of str or None, default=None
        Columns of subgroup labels, read as ``groups`` (labels as written).
    folds : str or None, default=None
        A column of cross-validation fold ids, read as ``folds``.

    Returns
    -------
    predictions : Predictions
        ``y_true`` of shape (n_samples,): bool for a True/False column, int64
        when every value is an integer (``1.0`` too), float64 for other
        numbers, else str. ``predictions``: model name -> ndarray, either of
        shape (n_samples,) (float64 scores or regression predictions, or
        predicted labels typed like ``y_true``) or of shape
        (n_samples, n_classes) (float64, one column per class in the order of
        ``classes``). ``classes``: sorted distinct ``y_true`` values, or None
        when ``y_true`` is float (not all integers). ``task`` is None (the
        columns alone do not decide it). ``notes``: one line per column left
        out as a row identifier, one naming the non-numeric columns skipped;
        ``id_columns`` and ``ignored_columns`` list them.

    Raises
    ------
    FileNotFoundError
        If ``path`` does not exist.
    ValueError
        With one message naming the column, the line (CSV) or row (Parquet)
        and the fix, if: the file is empty, has no data rows, is not UTF-8
        (re-save it as UTF-8), looks ';'-, tab- or '|'-separated, has an
        empty or repeated column name, a row of the wrong length, no column
        ``target``; a label is empty, NaN or infinite; a score column holds
        an empty, non-numeric (``1_0``, non-ASCII digits, ``0,97`` — with a
        decimal-comma hint), NaN or infinite cell; a ``<model>:<class>``
        column names no class, or a model lacks a class; ``models`` or
        ``exclude`` names a model that is not in the file; no model column is
        left; ``weight``, ``groups`` or ``folds`` names a column that is not
        in the file, is the target or is named twice; a weight is empty,
        non-numeric, infinite or negative; a group or fold label is empty.

    Notes
    -----
    Column rules, in order (DESIGN.md, "Input layouts"):

    - **Multi-class scores**: a header ``<model>:<class>`` whose ``<class>``
      is a value of the target column as written there (text: equal strings;
      integers: the same number, so ``m:1`` and ``m:1.0`` both name 1;
      booleans: ``true``/``false`` in any case) is one column of model
      ``<model>``'s (n_samples, n_classes) array. The header is split at the
      first ':' after which the rest is a class value. Every such model needs
      one column per class. A numeric column with ':' whose text after every
      ':' is not a class is an error (rename it without ':'); with a float,
      non-integer target ':' has no meaning.
    - **Row identifiers** are never read as models unless named in
      ``models``: a numeric column whose name, in lower case with spaces and
      '-' read as '_', is one of ``id, idx, index, row, rownum, row_id,
      row_idx, row_index, row_number, sample_id, sample_idx, sample_index,
      uid, uuid, unnamed:_0`` or ends in ``_id``, or an integer column
      (3 rows or more) holding each integer of a range ``lo..lo+n-1`` once
      (0..n-1, 1..n, in any order). Each is named in ``notes``.
    - **Predicted labels**: a column whose every cell is a value of the
      target column, typed alike (integers for an integer target, text for a
      text target, True/False for a True/False target), is read as labels.
      A text column in which most (at least half) cells are target values
      but not all is an error naming the first other cell.
    - **Scores / predictions**: any other column holding a number; then
      every cell must be a finite plain ASCII number.
    - **Skipped**: a column without numbers (a text id, a comment) is listed
      in ``ignored_columns`` and ``notes``; a column of mostly decimal-comma
      numbers (``0,97``) is an error with the hint instead.

    Line numbers count physical lines of the file, header included, skipping
    blank lines as pandas does. Empty cells are missing; ``NA``, ``null``
    and the like are text, never silently NaN.

    Examples
    --------
    >>> import os, tempfile
    >>> d = tempfile.mkdtemp()
    >>> path = os.path.join(d, "p.csv")
    >>> with open(path, "w") as fh:
    ...     _ = fh.write("id,y_true,model_a\\n1,1,0.9\\n2,0,0.3\\n3,1,0.6\\n")
    >>> p = read_predictions(path)
    >>> p.y_true, p.predictions["model_a"], p.id_columns
    (array([1, 0, 1]), array([0.9, 0.3, 0.6]), ('id',))
    >>> print(p.notes[0])
    excluding column 'id' (its name marks a row identifier); name it in models= to read it as a model.

    Three classes, one model giving a probability per class:

    >>> with open(path, "w") as fh:
    ...     _ = fh.write("y_true,nb:a,nb:b,nb:c\\n"
    ...                  "b,0.1,0.7,0.2\\nc,0.2,0.2,0.6\\na,0.5,0.3,0.2\\n")
    >>> p = read_predictions(path)
    >>> p.classes, p.predictions["nb"][0]
    (array(['a', 'b', 'c'], dtype='<U1'), array([0.1, 0.7, 0.2]))
    """
    frame, source, notes = _read_frame(path, target=target)
    return predictions_from_frame(frame, source, notes, target=target, models=models,
                                  exclude=exclude, weight=weight, groups=groups,
                                  folds=folds)


def predictions_from_frame(frame, source, notes=(), *, target="y_true", models=None,
                           exclude=None, classes=None, weight=None, groups=None,
                           folds=None):
    """The rules of :func:`read_predictions` applied to a frame already read.

    Parameters
    ----------
    frame : pandas.DataFrame
        The table as :func:`read_predictions` reads it from a file.
    source : CsvSource or ParquetSource
        Locates rows for messages.
    notes : sequence of str, default=()
        Notices of the reading step, kept first.
    target, models, exclude, weight, groups, folds : as in :func:`read_predictions`
    classes : ndarray of shape (n_classes,) or None, default=None
        The target's classes when known from more rows than ``frame`` holds
        (:mod:`evalplots.dask` reads one part of the data per task); None takes
        them from ``frame``.

    Returns
    -------
    predictions : Predictions
        See :func:`read_predictions`.

    Raises
    ------
    ValueError
        See :func:`read_predictions`.
    """
    notes = list(notes)
    header = list(frame.columns)
    check_target(header, target)
    y_true = read_labels(frame[target], target, source)
    roles = read_roles(frame, source, target=target, weight=weight, groups=groups,
                       folds=folds)
    if classes is None:
        classes = None if y_true.dtype.kind == "f" else class_values(y_true)
    lookup = _class_lookup(classes)
    layout = {}
    for name in header:
        if name != target and name not in roles.names:
            model, k, colon = _split_header(name, lookup)
            layout.setdefault(model, []).append((name, k, colon))

    predictions, ignored, id_columns, id_notes = {}, [], [], []
    for model in select_models(list(layout), models, exclude):
        entries = layout[model]
        if len(entries) > 1 or entries[0][1] is not None:
            strays = [name for group in layout.values() for name, _, colon in group
                      if colon and name.startswith(model + ":")]
            predictions[model] = _class_matrix(model, entries, frame, source, classes,
                                               target, strays)
            continue
        name, _, colon = entries[0]
        series = frame[name]
        reason = None if models is not None or column_kind(series) not in (
            "int", "float") else _id_reason(name, series)
        if reason:
            id_columns.append(name)
            id_notes.append(f"excluding column {name!r} ({reason}); name it in models= "
                            f"to read it as a model.")
            continue
        kind, values = read_model_column(series, name, source, target=target,
                                         y_true=y_true, classes=classes)
        if kind == "text":
            if models is not None:
                raise ValueError(f"column {name!r} holds no numbers (nor predicted "
                                 f"labels), so it cannot be a model; remove it from "
                                 f"models=.")
            ignored.append(name)
            continue
        if colon and kind == "numbers":
            raise ValueError(
                f"column {name!r} is not a <model>:<class> column: "
                f"{name.rsplit(':', 1)[1].strip()!r} is not a value of {target!r} "
                f"({show_values(classes.tolist())}); fix the class or rename the "
                f"column without ':'.")
        predictions[model] = values

    if ignored:
        id_notes.append(f"ignoring non-numeric column(s) "
                        f"{', '.join(map(repr, ignored))}.")
    if not predictions:
        hint = (f" ({', '.join(map(repr, id_columns))} looked like row identifiers: "
                f"name them in models= to read them)") if id_columns else ""
        raise ValueError(f"no numeric score column besides {target!r}{hint}; add one "
                         f"column of scores per model.")
    return Predictions(
        y_true, predictions, ignored_columns=tuple(ignored), classes=classes,
        notes=tuple(notes + id_notes), id_columns=tuple(id_columns),
        sample_weight=roles.sample_weight, groups=roles.groups, folds=roles.folds,
        fold_name=roles.fold_name,
    )
