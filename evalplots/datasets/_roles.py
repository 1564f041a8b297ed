"""Columns that are not models: the sample weight, subgroup labels and fold ids.

``read_predictions(..., weight=, groups=, folds=)`` names them; each must be a
column of the file, none may serve two roles, and they are read before the
models, which never include them. A weight is a finite number >= 0; a group or
fold label is read as the target's labels are (never empty, text kept as
written).
"""

import numpy as np

from evalplots.datasets._cells import NON_FINITE_PATTERN, NUMBER_PATTERN
from evalplots.datasets._columns import (
    _finite_floats,
    _first,
    _matches,
    _text,
    _without_missing,
    column_kind,
    read_labels,
    show_values,
)

__all__ = ["RoleColumns", "read_roles"]

_WEIGHT_FIX = "give every row a weight (a number >= 0)."


class RoleColumns:
    """The role columns read from a frame.

    Parameters
    ----------
    sample_weight : ndarray of shape (n_samples,) or None
        The weights (float64), None without ``weight=``.
    groups : dict of str to ndarray or None
        Grouping column -> its labels, None without ``groups=``.
    folds : ndarray of shape (n_samples,) or None
        The fold ids, None without ``folds=``.
    fold_name : str or None
        The fold column's name.
    names : tuple of str
        Every column read here (left out of the models).
    """

    def __init__(self, sample_weight, groups, folds, fold_name, names):
        self.sample_weight = sample_weight
        self.groups = groups
        self.folds = folds
        self.fold_name = fold_name
        self.names = names


def _check_column(header, name, argument, role):
    if not isinstance(name, str) or name not in header:
        raise ValueError(f"no {role} column {name!r}; the columns are "
                         f"{show_values(header, len(header))} (choose one with "
                         f"{argument}=).")


def read_weights(series, name, source):
    """The weight column as float64: finite numbers >= 0."""
    kind = column_kind(series)
    if kind in ("int", "bool"):
        _without_missing(series, name, source, "weight column", _WEIGHT_FIX)
        w = series.to_numpy(dtype=np.float64)
    elif kind == "float":
        def non_finite(text, where):
            return (f"weight column {name!r} has a non-finite value {text!r} on {where}; "
                    f"{_WEIGHT_FIX}")
        w = _finite_floats(series, name, source, "weight column", _WEIGHT_FIX, non_finite)
    else:
        text = _text(series, name, source)
        number = _matches(text, NUMBER_PATTERN) & ~_matches(text, NON_FINITE_PATTERN)
        if not number.all():
            i = _first(~number)
            source.check_row(i)
            raise ValueError(f"weight column {name!r} has {text.iloc[i]!r} on "
                             f"{source.where(i)}; {_WEIGHT_FIX}")
        w = text.to_numpy(dtype=np.float64)
    negative = w < 0
    if negative.any():
        i = _first(negative)
        raise ValueError(f"weight column {name!r} has a negative weight "
                         f"{source.text(name, i)!r} on {source.where(i)}; {_WEIGHT_FIX}")
    return w


def read_roles(frame, source, *, target, weight=None, groups=None, folds=None):
    """Read the weight, group and fold columns of ``frame``.

    Parameters
    ----------
    frame : pandas.DataFrame
        The table as read.
    source : CsvSource or ParquetSource
        Locates rows for messages.
    target : str
        The label column (no role column may be it).
    weight : str or None
        The weight column.
    groups : sequence of str or None
        The grouping columns.
    folds : str or None
        The fold column.

    Returns
    -------
    roles : RoleColumns

    Raises
    ------
    ValueError
        If a named column is absent, named twice or is the target, a weight
        is empty, non-numeric, infinite or negative, or a label is empty.
    """
    header = list(frame.columns)
    if isinstance(groups, str):
        groups = [groups]
    named = []
    for argument, role, columns in (("weight", "weight", [] if weight is None else [weight]),
                                    ("groups", "group", list(groups or [])),
                                    ("folds", "fold", [] if folds is None else [folds])):
        for name in columns:
            _check_column(header, name, argument, role)
            if name == target:
                raise ValueError(f"{argument}={name!r} is the label column; choose "
                                 f"another column.")
            if name in named:
                raise ValueError(f"column {name!r} is named twice among weight=, groups= "
                                 f"and folds=; give each role its own column.")
            named.append(name)
    sample_weight = None if weight is None else read_weights(frame[weight], weight, source)
    group_labels = None if not groups else {
        name: read_labels(frame[name], name, source) for name in groups}
    fold_ids = None if folds is None else read_labels(frame[folds], folds, source)
    return RoleColumns(sample_weight, group_labels, fold_ids, folds, tuple(named))
