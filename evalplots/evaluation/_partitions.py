"""Partitions of the rows (subgroups, folds): checked labels, and one evaluation per part.

A partition column gives each row a part (a site, a sex, a fold). Each part's
evaluation is the evaluation of its rows alone, built from their summary like any
other; the parts' summaries merged are the summary of all rows, so the pooled
evaluation is the evaluation of all rows (DESIGN, "Summaries in, pictures out").
"""

import functools
import math

import numpy as np

__all__ = ["METRIC_MODEL_PARAMS", "Partition", "PartitionResults", "check_groups",
           "check_partition"]

#: The ``metric`` and ``model`` parameters of the per-part methods (``fill_doc``).
METRIC_MODEL_PARAMS = """metric : str
        A column of the metrics table (e.g. ``'ROC AUC'``, ``'F1'``).
    model : str or None, default=None
        The model; None when there is one."""


def _missing(values):
    """Mask of missing labels: None, NaN (float or object) and pandas' NA/NaT."""
    if values.dtype.kind == "f":
        return np.isnan(values)
    if values.dtype.kind == "M" or values.dtype.kind == "m":
        return np.isnat(values)
    if values.dtype.kind != "O":
        return np.zeros(values.shape, bool)
    out = np.zeros(values.shape, bool)
    for i, v in enumerate(values):
        if v is None or (isinstance(v, float) and math.isnan(v)) or str(v) in ("<NA>", "NaT"):
            out[i] = True
    return out


class Partition:
    """The parts of one partition column: its sorted labels and each row's part.

    Parameters
    ----------
    name : str
        The column's name (e.g. 'site', 'fold').
    values : array-like of shape (n_samples,)
        The part of each row; no value missing.
    n_samples : int
        Rows of the evaluation (the length ``values`` must have).
    arg : str
        The argument's name in error messages (e.g. ``"groups['site']"``).

    Attributes
    ----------
    name : str
    levels : tuple
        The distinct labels as Python values, sorted (as written: a label is
        never renamed).
    codes : ndarray of shape (n_samples,)
        Each row's index into ``levels``.

    Raises
    ------
    ValueError
        If the length differs from ``n_samples``, a label is missing (None,
        NaN) or the labels cannot be sorted (mixed types).

    Examples
    --------
    >>> p = Partition("site", ["b", "a", "b"], 3, "groups")
    >>> p.levels, p.codes.tolist()
    (('a', 'b'), [1, 0, 1])
    """

    def __init__(self, name, values, n_samples, arg):
        values = values.to_numpy() if hasattr(values, "to_numpy") else np.asarray(values)
        if values.ndim != 1:
            raise ValueError(f"{arg} must be 1-D (one label per sample), got shape "
                             f"{values.shape}; pass several columns as a dict or DataFrame.")
        if values.shape[0] != n_samples:
            raise ValueError(f"{arg} has {values.shape[0]} labels but y_true has "
                             f"{n_samples} samples; pass one label per sample.")
        missing = _missing(values)
        if missing.any():
            raise ValueError(f"{arg} has {int(missing.sum())} missing label(s) (e.g. row "
                             f"{int(np.flatnonzero(missing)[0])}); give those rows a label "
                             f"of their own (e.g. 'unknown') or leave them out of the input.")
        try:
            levels, codes = np.unique(values, return_inverse=True)
        except TypeError:
            raise ValueError(f"{arg} mixes labels of different types (e.g. numbers and "
                             f"text), which have no order; write them all as text.") from None
        self.name = name
        self.levels = tuple(v.item() if hasattr(v, "item") else v for v in levels)
        self.codes = codes.reshape(-1)

    def masks(self):
        """``{level: boolean mask of its rows}``, in the order of ``levels``."""
        return {level: self.codes == k for k, level in enumerate(self.levels)}

    def __repr__(self):
        return f"Partition({self.name!r}, {len(self.levels)} parts)"


def check_partition(values, n_samples, arg, name):
    """A :class:`Partition` of ``values`` (see there for the checks)."""
    return Partition(name, values, n_samples, arg)


def check_groups(groups, n_samples):
    """``{name: Partition}`` of the ``groups`` argument of :func:`evalplots.evaluate`.

    ``groups`` is one label array (a pandas Series keeps its name; else
    'group'), a dict ``{name: labels}`` or a DataFrame (one grouping per
    column); each grouping is analysed on its own.
    """
    if groups is None:
        return {}
    if hasattr(groups, "columns") and hasattr(groups, "__getitem__"):  # a DataFrame
        columns = {str(c): groups[c] for c in groups.columns}
    elif isinstance(groups, dict):
        columns = {}
        for key, value in groups.items():
            if not isinstance(key, str) or not key.strip():
                raise ValueError(f"the keys of groups name the groupings and must be "
                                 f"non-empty strings, got {key!r}.")
            columns[key] = value
    else:
        name = getattr(groups, "name", None)
        columns = {str(name) if name is not None else "group": groups}
    if not columns:
        raise ValueError("groups is empty; pass at least one label array, or None.")
    return {name: Partition(name, values, n_samples,
                            f"groups[{name!r}]" if len(columns) > 1 or isinstance(
                                groups, dict) else "groups")
            for name, values in columns.items()}


class PartitionResults:
    """Shared part of the subgroup and fold results: one evaluation per part.

    Parameters
    ----------
    partition : Partition
        The parts.
    overall : Evaluation
        The evaluation of all rows (the pooled one).
    build : callable
        ``build(mask) -> Evaluation`` of the rows of a boolean mask; a
        ValueError it raises is the reason the part has no evaluation.

    Attributes
    ----------
    name : str
        The partition column's name.
    levels : tuple
        The parts' labels, sorted.
    overall : Evaluation
        As given.
    """

    #: What a part is called in the sentences ('group', 'fold').
    _PART = "part"

    def __init__(self, partition, overall, build):
        self.partition = partition
        self.name = partition.name
        self.levels = partition.levels
        self.overall = overall
        self._build = build

    @functools.cached_property
    def sizes(self):
        """``{level: number of rows}`` (weight-0 rows included)."""
        counts = np.bincount(self.partition.codes, minlength=len(self.levels))
        return dict(zip(self.levels, counts.tolist()))

    @functools.cached_property
    def _built(self):
        evaluations, reasons = {}, {}
        for level, mask in self.partition.masks().items():
            try:
                evaluations[level] = self._build(mask)
                reasons[level] = ""
            except ValueError as error:
                evaluations[level] = None
                reasons[level] = (f"n/a: {self._PART} {level!r} ({self.sizes[level]:,} "
                                  f"rows) cannot be evaluated on its own: {error}")
        return evaluations, reasons

    @property
    def evaluations(self):
        """``{level: Evaluation or None}``: each part's own evaluation (None when its
        rows cannot be evaluated alone; ``reasons[level]`` says why)."""
        return self._built[0]

    @property
    def reasons(self):
        """``{level: str}``: why a part has no evaluation ('' where it has one)."""
        return self._built[1]

    def _model(self, model):
        names = self.overall.model_names
        if model is None:
            if len(names) == 1:
                return names[0]
            raise ValueError(f"model is None but the evaluation holds {len(names)} "
                             f"models; name one of {names} as the model.")
        if model not in names:
            raise ValueError(f"model {model!r} is not evaluated; the models are {names}.")
        return model

    def _metric(self, metric):
        columns = self.overall.metrics_table.columns
        if metric not in columns:
            raise ValueError(f"metric {metric!r} is not a column of the metrics table; "
                             f"use one of {columns}.")
        return metric

    def _value(self, level, model, metric):
        """``(estimate, reason)`` of a part: NaN and the reason when undefined."""
        ev = self.evaluations[level]
        if ev is None:
            return math.nan, self.reasons[level]
        value = ev.metrics_table.rows[model][metric]
        if isinstance(value, float) and math.isnan(value):
            why = ev.metrics_table.notes.get(metric, "undefined for these rows")
            return value, (f"n/a: {why} in {self._PART} {level!r} "
                           f"({self.sizes[level]:,} rows)")
        return value, ""

    def __repr__(self):
        return (f"{type(self).__name__}({self.name!r}: {len(self.levels)} "
                f"{self._PART}s, {self.overall.n_samples:,} rows)")
