"""``evalplots.dask.evaluate``: the in-memory evaluation, computed from partitions."""

import math

import numpy as np

from evalplots.dask import _input, _ranking
from evalplots.dask._reduce import current_client, run_tasks, tree_reduce

__all__ = ["evaluate", "ranking_summary", "DEFAULT_MEMORY_BUDGET"]

#: Bytes one merged score table may take in one process (256 MiB: 11 million scores).
DEFAULT_MEMORY_BUDGET = 256 * 2**20
METHODS = ("auto", "exact", "binned")


def _check_options(method, memory_budget, split_every, n_bins, max_points):
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}; got "
                         f"{method!r}.")
    for name, value, low in (("memory_budget", memory_budget, _ranking.TABLE_ROW_BYTES),
                             ("split_every", split_every, 2), ("n_bins", n_bins, 2),
                             ("max_points", max_points, 2)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
                or value < low:
            raise ValueError(f"{name} must be an integer >= {low}, got {value!r}.")


def _partitions(y_true, predictions, sample_weight, spec):
    """The input as partitions: a path or glob, a dask DataFrame, or dask collections."""
    import os

    import dask.dataframe as dd

    if isinstance(y_true, (str, os.PathLike)):
        if predictions is not None:
            raise ValueError("with a path, leave predictions=None: the models are the "
                             "file's columns (choose them with models= / exclude=).")
        spec["weight_column"] = _weight_column(sample_weight)
        return _input.partitions_from_path(y_true, spec)
    if isinstance(y_true, dd.DataFrame):
        if predictions is not None:
            raise ValueError("with a dask DataFrame, leave predictions=None: the models "
                             "are its columns (choose them with models= / exclude=).")
        spec["weight_column"] = _weight_column(sample_weight)
        return _input.partitions_from_frame(y_true, spec)
    if not isinstance(predictions, dict) or not predictions:
        raise ValueError("predictions must be a non-empty dict {model name: dask array "
                         "or dask Series}.")
    return _input.partitions_from_arrays(y_true, predictions, sample_weight, spec)


def _weight_column(sample_weight):
    if sample_weight is None or isinstance(sample_weight, str):
        return sample_weight
    raise ValueError("with a path or a dask DataFrame, sample_weight must be the name of "
                     "its weight column (str) or None.")


def _merge_scans(scans, where):
    """Rows, classes (or None) and notes from the partitions' scans."""
    from evalplots.metrics._labels import class_values

    n_rows = sum(s[0] for s in scans)
    kinds = [(s[1], w) for s, w in zip(scans, where) if s[1] is not None]
    if not kinds:
        raise ValueError("every partition is empty; there is nothing to evaluate.")
    numeric = {k: "numbers" if k in "iuf" else "True/False" if k == "b" else "text"
               for k, _ in kinds}
    first_kind, first_where = kinds[0]
    for kind, w in kinds:
        if numeric[kind] != numeric[first_kind]:
            raise ValueError(f"the target column holds {numeric[first_kind]} in "
                             f"{first_where} but {numeric[kind]} in {w}; give it one type "
                             f"in every partition.")
    headers = [(s[3], w) for s, w in zip(scans, where) if s[3] is not None]
    for header, w in headers[1:]:
        if header != headers[0][0]:
            raise ValueError(f"{w} has the columns {', '.join(header)} but {headers[0][1]} "
                             f"has {', '.join(headers[0][0])}; every file needs the same "
                             f"columns.")
    classes = None
    if all(s[2] is not None for s in scans if s[1] is not None) and "f" not in dict(kinds):
        classes = class_values(np.concatenate([s[2] for s in scans if s[1] is not None]))
        if classes.size > _input.MAX_CLASSES:
            classes = None
    notes = tuple(dict.fromkeys(n for s in scans for n in s[4]))
    first = next(i for i, s in enumerate(scans) if s[0] > 0)
    return n_rows, classes, notes, first


def _gather(parts):
    client = current_client()
    return client.gather(parts) if client is not None else parts


def prepare(y_true, predictions=None, *, sample_weight=None, task="auto", labels=None,
            target="y_true", models=None, exclude=None, progress=None):
    """Scan the input and read its layout: partitions, classes, models, task."""
    import dask

    spec = {"target": target, "models": models, "exclude": exclude, "task": task}
    parts = _partitions(y_true, predictions, sample_weight, spec)
    scans = _gather(run_tasks(parts.scan_tasks(), progress=progress,
                              description="scanning partitions"))
    n_rows, classes, notes, first = _merge_scans(scans, parts.where)
    if labels is not None:
        classes = np.asarray(labels)
    spec = dict(parts.spec, classes=classes)
    layout = dask.compute(parts.layout_task(first, spec))[0]
    spec.update(models=layout["models"], exclude=None, kinds=layout["kinds"],
                task=layout["task"])
    return parts, spec, {"n_rows": n_rows, "classes": classes,
                         "notes": notes + layout["notes"], **layout}


# --- binary ------------------------------------------------------------------


def _model_table(chunk, name, pos_label, classes):
    """One model's ScoreCounts of one partition (None when it is empty)."""
    from evalplots.metrics._thresholds import binary_scores

    if chunk is None:
        return None
    y, predictions, weight = chunk
    if weight is not None and not weight.any():
        return None
    return _ranking.score_table(binary_scores(
        y, predictions[name], pos_label=pos_label, sample_weight=weight,
        classes=classes))


def _part_tables(chunk, names, pos_label, classes, budget_rows, where):
    def run():
        out = {}
        for name in names:
            table = _model_table(chunk, name, pos_label, classes)
            out[name] = None if table is None else _ranking.part_table(table, budget_rows)
        return out
    return _input._checked(where, run)


def _merge_part_dicts(budget_rows):
    def merge(parts):
        names = list(parts[0])
        out = {}
        for name in names:
            present = [p[name] for p in parts if p[name] is not None]
            out[name] = (None if not present else present[0] if len(present) == 1
                         else _ranking.merge_part_tables(present, budget_rows))
        return out
    return merge


def binary_rankings(parts, spec, *, pos_label, method="auto",
                    memory_budget=DEFAULT_MEMORY_BUDGET, split_every=8, n_bins=1000,
                    max_points=20_000, progress=None):
    """Per model, a :class:`~evalplots.dask._ranking.RankingSummary` (exact unless binned)."""
    import dask

    budget_rows = max(1, memory_budget // _ranking.TABLE_ROW_BYTES)
    if method != "auto":
        budget_rows = 0  # force the second pass (exact ranges or bins)
    chunks = parts.chunk_tasks(spec)
    names = spec["models"]
    classes = spec.get("classes")
    first = run_tasks([dask.delayed(_part_tables, pure=True)(c, names, pos_label, classes,
                                                             budget_rows, w)
                       for c, w in zip(chunks, parts.where)],
                      progress=progress, description="reducing partitions")
    merged = tree_reduce(first, _merge_part_dicts(budget_rows), split_every=split_every)
    out = {}
    for name in names:
        part = merged[name]
        if part is None or part.n_pos + part.n_neg == 0:
            raise ValueError(f"model {name!r} has no row of non-zero weight; there is "
                             f"nothing to evaluate.")
        if part.table is not None:
            out[name] = _ranking.exact_from_table(part.table, max_points)
            continue
        tables = [dask.delayed(_model_table, pure=True)(c, name, pos_label, classes)
                  for c in chunks]
        if method == "binned":
            out[name] = _ranking.binned(tables, part, n_bins=n_bins,
                                        split_every=split_every, progress=progress)
        else:
            out[name] = _ranking.exact_ranges(tables, part, memory_budget=memory_budget,
                                              split_every=split_every,
                                              max_points=max_points, progress=progress)
    return out


def _resolve_pos_label(classes, pos_label):
    from evalplots.metrics._labels import resolve_pos_label

    if classes is None or classes.size != 2:
        raise ValueError(f"a binary evaluation needs two classes in y_true, found "
                         f"{'more than two' if classes is None else classes.size}.")
    return resolve_pos_label(classes, pos_label, name="y_true", arg="pos_label")


def ranking_summary(y_true, y_score=None, *, pos_label=None, sample_weight=None,
                    method="auto", memory_budget=DEFAULT_MEMORY_BUDGET, n_bins=1000,
                    max_points=20_000, split_every=8, target="y_true", progress=None):
    """Exact ROC AUC, AP and BEP of one binary model from dask partitions.

    Parameters
    ----------
    y_true : dask array or dask Series of shape (n_samples,), or str
        True binary labels; or a Parquet/CSV path or glob, or a dask
        DataFrame, whose ``target`` column holds them and whose one other
        model column holds the scores.
    y_score : dask array or dask Series of shape (n_samples,) or None
        Scores of the positive class (None with a path or DataFrame).
    pos_label : int, float, bool, str or None, default=None
        The positive class; None means 1 for {0, 1} or {-1, 1} labels.
    sample_weight : dask array of shape (n_samples,), str or None, default=None
        Sample weights (a column name with a path or DataFrame).
    method : {'auto', 'exact', 'binned'}, default='auto'
        'auto': merge the per-score tables when they fit ``memory_budget``,
        else take the range-partitioned exact path. 'exact': always the range
        path. 'binned': ``n_bins`` quantile bins (approximate AUC, with its
        error bound; AP and BEP are NaN).
    memory_budget : int, default=268435456 (256 MiB)
        Bytes one score table may take in one process (24 bytes per distinct
        score). It sets when the merged table is given up for the range path,
        and how many ranges that path cuts (each range's table should fit).
    n_bins : int, default=1000
        Bins of ``method='binned'``.
    max_points : int, default=20000
        Vertices kept of the curve for drawing.
    split_every : int, default=8
        Fan-in of the tree reduction.
    target : str, default="y_true"
        Label column of a path or DataFrame.
    progress : callable or None, default=None
        ``progress(step, done, total)`` as partitions finish.

    Returns
    -------
    summary : RankingSummary
        ``roc_auc``, ``average_precision``, ``break_even_point``, the
        coarsened ``table`` and ``auc_bound`` (see its documentation).

    Raises
    ------
    ValueError
        On invalid input (naming the partition or file), or options.

    Notes
    -----
    Fawcett (2006), Alg. 1 computes the curve from the table of distinct
    scores; the range path splits that walk at quantile cuts and hands each
    range the cumulative counts above it (see :mod:`evalplots.dask._ranking`).
    The binned AUC is the trapezoid over bin edges; its distance to the exact
    AUC is at most ``1/2 sum_k dFPR_k dTPR_k`` (each bin's curve lies in the
    rectangle its step spans).

    Examples
    --------
    >>> import dask.array as da
    >>> from evalplots.dask import ranking_summary
    >>> y = da.from_array([1, 0, 0, 1, 0, 1], chunks=2)
    >>> s = da.from_array([.45, .53, .24, .88, .57, .76], chunks=2)
    >>> r = ranking_summary(y, s, method="exact")
    >>> round(r.roc_auc, 4), round(r.average_precision, 4), r.method
    (0.7778, 0.8056, 'ranges')
    """
    _check_options(method, memory_budget, split_every, n_bins, max_points)
    predictions = None if y_score is None else {"y_score": y_score}
    parts, spec, info = prepare(y_true, predictions, sample_weight=sample_weight,
                                task="binary", target=target, progress=progress)
    if len(spec["models"]) != 1:
        raise ValueError(f"ranking_summary takes one model; the input has "
                         f"{len(spec['models'])}: {', '.join(spec['models'])}.")
    pos = _resolve_pos_label(info["classes"], pos_label)
    out = binary_rankings(parts, spec, pos_label=pos, method=method,
                          memory_budget=memory_budget, split_every=split_every,
                          n_bins=n_bins, max_points=max_points, progress=progress)
    return out[spec["models"][0]]


def evaluate(*args, **kwargs):  # replaced once the evaluation-from-summary API lands
    raise NotImplementedError


_ = math
