"""``evalplots.dask.evaluate``: the in-memory evaluation, computed from partitions."""

import os

import numpy as np

from evalplots._docstrings import INTERVAL_OPTION_PARAMS, fill_doc

from evalplots.dask import _input, _ranking
from evalplots.dask._counts import ModelCounts, Placements
from evalplots.dask._reduce import current_client, run_tasks, tree_reduce

__all__ = ["evaluate", "ranking_summary", "DEFAULT_MEMORY_BUDGET"]

#: The memory budget when the partitions' sizes are unknown (256 MiB).
DEFAULT_MEMORY_BUDGET = 256 * 2**20
#: The least default budget (64 MiB), however small the partitions.
MIN_MEMORY_BUDGET = 64 * 2**20
METHODS = ("auto", "exact", "binned")


def _check_options(method, memory_budget, split_every, n_bins, max_points):
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}; got "
                         f"{method!r}.")
    for name, value, low in (("memory_budget", memory_budget, _ranking.TABLE_ROW_BYTES),
                             ("split_every", split_every, 2), ("n_bins", n_bins, 2),
                             ("max_points", max_points, 2)):
        if name == "memory_budget" and value is None:
            continue  # from the partitions' size
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
    notes = (*dict.fromkeys(n for s in scans for n in s[4]), *_empty_note(scans, where))
    first = next(i for i, s in enumerate(scans) if s[0] > 0)
    return n_rows, classes, notes, first


def _empty_note(scans, where):
    """One line naming the partitions without rows (they contribute nothing), if any."""
    empty = [w for s, w in zip(scans, where) if s[0] == 0]
    if not empty:
        return ()
    named, one = empty[0] + (", ..." if len(empty) > 1 else ""), len(empty) == 1
    return (f"{len(empty)} of {len(where)} partitions {'has' if one else 'have'} no rows "
            f"({named}); {'it contributes' if one else 'they contribute'} nothing.",)


def _gather(parts):
    client = current_client()
    return client.gather(parts) if client is not None else parts


def prepare(y_true, predictions=None, *, sample_weight=None, task="auto", labels=None,
            target="y_true", models=None, exclude=None, progress=None):
    """Scan the input and read its layout: partitions, classes, models, task."""
    import dask

    spec = {"target": target, "models": models, "exclude": exclude, "task": task}
    parts = _partitions(y_true, predictions, sample_weight, spec)
    if labels is None:  # one pass over the target column finds the classes
        scans = _gather(run_tasks(parts.scan_tasks(), progress=progress,
                                  description="scanning partitions"))
        n_rows, classes, notes, first = _merge_scans(scans, parts.where)
    else:
        from evalplots.metrics._labels import class_values

        n_rows, notes, first = None, (), 0
        classes = class_values(np.asarray(labels))
    spec = dict(parts.spec, classes=classes)
    layout = None
    for index in range(first, len(parts.where)):
        layout = dask.compute(parts.layout_task(index, spec))[0]
        if layout is not None:
            break
    if layout is None:
        raise ValueError("every partition is empty; there is nothing to evaluate.")
    if task == "auto":
        from evalplots.evaluation import detect_task

        task = detect_task(layout["standin_y"], layout["standin_predictions"])
    spec.update(models=layout["models"], exclude=None, kinds=layout["kinds"], task=task)
    rows = None if labels is not None else max(s[0] for s in scans)
    return parts, spec, {**layout, "n_rows": n_rows, "classes": classes,
                         "notes": tuple(dict.fromkeys(layout["notes"] + notes)),
                         "partition_bytes": _partition_bytes(y_true, predictions,
                                                             sample_weight, parts, spec,
                                                             rows)}


def memory_budget_of(memory_budget, info):
    """The budget in bytes: ``memory_budget``, or by default twice the largest
    partition's in-memory size (its needed columns), at least ``MIN_MEMORY_BUDGET``,
    and ``DEFAULT_MEMORY_BUDGET`` when that size is unknown."""
    if memory_budget is not None:
        return memory_budget
    size = info.get("partition_bytes")
    return DEFAULT_MEMORY_BUDGET if size is None else max(MIN_MEMORY_BUDGET, 2 * size)


def _needed(name, spec):
    """Whether a column (its stripped name) is read by the evaluation."""
    models = spec["models"]
    return (name in (spec["target"], spec.get("weight_column")) or name in models
            or name.split(":")[0] in models)


def _partition_bytes(source, predictions, sample_weight, parts, spec, rows):
    """In-memory bytes of the largest partition's needed columns, or None if unknown
    (``rows``: the largest partition's rows when the scan counted them)."""
    import dask.array as da
    import dask.dataframe as dd

    files = parts.files()
    if files is not None:
        return max(_file_bytes(f, spec) for f in files)
    if isinstance(source, dd.DataFrame):
        meta = source._meta
        widths = [meta[c].dtype.itemsize for c in meta.columns
                  if isinstance(c, str) and _needed(c.strip(), spec)]
        return None if rows is None else rows * sum(widths)
    columns = [source, *predictions.values(), sample_weight]
    width = sum(c.dtype.itemsize * (c.shape[1] if c.ndim == 2 else 1)
                for c in columns if c is not None)
    if isinstance(source, da.Array):
        rows = max(source.chunks[0], default=0)
    return None if rows is None else rows * width


def _file_bytes(path, spec):
    """A file's needed columns in memory: from a Parquet file's metadata (rows times
    the columns' widths, 8 bytes for text), else the file's size."""
    from evalplots.datasets import PARQUET_SUFFIXES

    if os.fspath(path).lower().endswith(PARQUET_SUFFIXES):
        import pyarrow.parquet as pq

        try:
            meta = pq.read_metadata(path)
            schema = meta.schema.to_arrow_schema()
        except Exception:  # not Parquet: the reader says why when it reads the file
            return os.path.getsize(path)
        widths = [max(1, f.type.bit_width // 8) if _fixed_width(f.type) else 8
                  for f in schema if isinstance(f.name, str) and _needed(f.name.strip(),
                                                                         spec)]
        return meta.num_rows * sum(widths)
    return os.path.getsize(path)


def _fixed_width(arrow_type):
    try:
        return arrow_type.bit_width > 0
    except ValueError:
        return False


# --- the passes: each reduces the blocks of a partition -------------------------


def _first_part(part, where, names, pos_label, classes, threshold, budget_rows, n_parts,
                summary):
    """One partition's ``{model: PartTable}`` and, with ``summary``, its
    :class:`~evalplots.metrics.BinarySummary` (tables left empty: they merge
    apart, within the budget); None when it has no rows. Without ``summary``
    (ranking_summary) no row is summed but into the tables."""
    from evalplots.metrics import BinarySummary, ScoreCounts
    from evalplots.metrics.ranking._thresholds import BinaryScores, binary_scores
    from evalplots.metrics.summaries._binary import block_sums, checked_rows
    from evalplots.metrics._validation import check_threshold

    def run():
        n_rows, chunks = _input.blocks(part)
        counts = {name: ModelCounts(n_rows, budget_rows, n_parts) for name in names}
        sums, n = [], 0
        for block in chunks:
            y, predictions, weight = block
            labels, pos, checked = y, pos_label, isinstance(block, _input.Checked)
            if checked:  # by the reader's rules: labels typed, scores finite
                labels = _positive(y, pos_label, classes)
            elif summary:  # the summary's checks, then its rows' sums
                y, labels, predictions, weight, _ = checked_rows(y, predictions, pos_label,
                                                                 weight)
                pos = True
            n += len(y)
            if len(y) and (weight is None or weight.any()):
                kept = _kept(predictions, labels, weight) if checked else None
                for name in names:
                    counts[name].add(BinaryScores(kept[0][name], *kept[1:]) if checked
                                     else binary_scores(labels, predictions[name],
                                                        pos_label=pos, sample_weight=weight,
                                                        classes=None if summary else classes))
            if summary:
                sums.append(block_sums(y, labels, predictions, weight,
                                       check_threshold(threshold),
                                       by_rows=[m for m in names if counts[m].sampled]))
        if not n:
            return None
        tables = {name: c.table() for name, c in counts.items()}
        out = {name: counts[name].part(tables[name]) for name in names}
        if not summary:
            return out
        empty = ScoreCounts.empty(sample_weight=np.zeros(0))  # a sampled model's
        merged = BinarySummary._from_blocks(
            {name: empty if t is None else t for name, t in tables.items()}, sums,
            pos_label=pos_label, threshold=check_threshold(threshold), n_rows=n)
        for name in names:
            merged.tables[name] = _empty_like(merged.tables[name])
        return merged, out
    return _input._checked(where, run)


def _positive(y, pos_label, classes):
    """The positive mask of checked labels, each of them one of ``classes``."""
    positive = y == pos_label
    outside = ~positive
    for other in classes[classes != pos_label].tolist():
        outside &= y != other
    if outside.any():
        raise ValueError(f"y_true holds {y[outside][0].item()!r}, which is not one of the "
                         f"classes {classes.tolist()}; pass labels= with every class.")
    return positive


def _kept(scores, positive, weight):
    """``(scores, positive, weight)`` of checked rows without those of weight 0 (they
    make no score, and the tables may not hold their scores)."""
    if weight is not None and not weight.all():
        keep = weight != 0
        positive, weight = positive[keep], weight[keep]
        scores = {name: s[keep] for name, s in scores.items()}
    return scores, positive, weight


def _merge_tables(budget_rows):
    def merge(parts):
        out = {}
        for name in parts[0]:
            present = [p[name] for p in parts if p[name] is not None]
            out[name] = (None if not present else present[0] if len(present) == 1
                         else _ranking.merge_part_tables(present, budget_rows))
        return out
    return merge


def _merge_first(budget_rows, summary):
    merge_tables = _merge_tables(budget_rows)

    def merge(parts):
        from evalplots.metrics import BinarySummary

        if not summary:
            return merge_tables(parts)
        return (BinarySummary.merge([p[0] for p in parts]),
                merge_tables([p[1] for p in parts]))
    return merge


def _first_pass(parts, spec, pos_label, threshold, budget_rows, *, summary, split_every,
                progress):
    """The merged first pass: ``{model: PartTable}``, and the summary with
    ``summary`` (see :func:`_first_part`)."""
    import dask

    names, tasks = spec["models"], parts.part_tasks(spec)
    part = dask.delayed(_first_part, pure=True)
    firsts = run_tasks([part(t, w, names, pos_label, spec.get("classes"), threshold,
                             budget_rows, len(tasks), summary)
                        for t, w in zip(tasks, parts.where)],
                       progress=progress, description="reducing partitions")
    return tree_reduce(firsts, _merge_first(budget_rows, summary),
                       split_every=split_every)


def _rows_frame(part, where, name, pos_label, classes, weighted):
    """One partition's rows of one model as the range shuffle's input
    (:func:`~evalplots.dask._ranking.rows_frame`), read block by block."""
    def run():
        n_rows, chunks = _input.blocks(part)
        rows = (_rows(block, name, pos_label, classes) for block in chunks
                if len(block[0]) and (block[2] is None or block[2].any()))
        if n_rows is None:  # one block: its rows
            rows = list(rows)
            n_rows = sum(r.score.size for r in rows)
        return _ranking.rows_frame(rows, n_rows, weighted)
    return _input._checked(where, run)


def _rows(block, name, pos_label, classes):
    """One model's validated rows of a block (weight-0 rows left out), zeros unsigned:
    a reader-checked block's as they are, any other by ``binary_scores``."""
    from evalplots.metrics.ranking._thresholds import BinaryScores, binary_scores

    y, predictions, weight = block
    if not isinstance(block, _input.Checked):
        return binary_scores(y, predictions[name], pos_label=pos_label,
                             sample_weight=weight, classes=classes)
    scores, positive, weight = _kept({name: predictions[name]},
                                     _positive(y, pos_label, classes), weight)
    return BinaryScores(scores[name] + 0.0, positive, weight)  # -0.0 -> 0.0


def _binned_part(part, where, name, pos_label, classes, edges):
    """One partition's counts per bin of ``edges`` (see :func:`_ranking.bin_table`)."""
    def run():
        return _ranking.merge_bins([_ranking.bin_table(_ranking.score_table(
            _rows(block, name, pos_label, classes)), edges)
            for block in _input.blocks(part)[1]
            if len(block[0]) and (block[2] is None or block[2].any())] or [
            _ranking.bin_table(None, edges)])
    return _input._checked(where, run)


def _delong_part(part, where, tables, pos_label, classes=None):
    """One partition's :class:`~evalplots.metrics.DeLongCrossSums`, as
    ``DeLongCrossSums.from_arrays`` of its rows, each row's placement looked up by
    its score's bits (:class:`~evalplots.dask._counts.Placements`), ``BLOCK_ROWS``
    rows at a time; None when it has no rows."""
    from evalplots.metrics import DeLongCrossSums
    from evalplots.metrics.summaries._binary import delong_rows

    def run():
        lookups, sums, n_rows = {}, [], 0
        for chunk in _input.blocks(part)[1]:
            if isinstance(chunk, _input.Checked):  # checked by the reader's rules
                y, scores, weight = chunk
                n = len(y)
                scores, positive, weight = _kept(scores, _positive(y, pos_label, classes),
                                                 weight)
            else:
                positive, scores, weight, n = delong_rows(*chunk[:2], tables, pos_label,
                                                          chunk[2])
            n_rows += n
            for name in scores:
                lookups.setdefault(name, Placements(tables[name], name))
            aucs = {name: lookup.auc for name, lookup in lookups.items()}
            for a in range(0, max(positive.size, 1), _input.BLOCK_ROWS):
                at = slice(a, a + _input.BLOCK_ROWS)
                placed = {name: lookups[name](s[at], positive[at])
                          for name, s in scores.items()}
                sums.append(DeLongCrossSums._from_placed(
                    placed, aucs, positive[at], None if weight is None else weight[at], 0))
        return (DeLongCrossSums(DeLongCrossSums.merge(sums).sums, n_rows, 1)
                if n_rows else None)
    return _input._checked(where, run)


def _summary_part(kind, part, options, where):
    from evalplots import metrics

    def run():
        cls = getattr(metrics, kind)
        found = [cls.from_arrays(y, predictions, sample_weight=weight, **options)
                 for y, predictions, weight in _input.blocks(part)[1]]
        return None if not found else found[0] if len(found) == 1 else cls.merge(found)
    return _input._checked(where, run)


def _merge_summaries(kind):
    def merge(parts):
        from evalplots import metrics

        return getattr(metrics, kind).merge(parts)
    return merge


def _empty_like(table):
    from evalplots.metrics import ScoreCounts

    return ScoreCounts.empty(table.score.dtype, table.positive)  # counts' dtype kept


# --- binary ------------------------------------------------------------------


def binary_rankings(parts, spec, *, pos_label, method="auto", memory_budget=None,
                    split_every=8, n_bins=1000, max_points=20_000, progress=None):
    """Per model, a :class:`~evalplots.dask._ranking.RankingSummary` (exact unless binned)."""
    budget_rows = _budget_rows(memory_budget, method)
    merged = _first_pass(parts, spec, pos_label, None, budget_rows, summary=False,
                         split_every=split_every, progress=progress)
    out = {}
    for name in spec["models"]:
        part = _checked_part(merged, name)
        if part.table is not None:
            out[name] = _ranking.exact_from_table(part.table, max_points)
        else:
            out[name] = _second_pass(parts, spec, name, pos_label, part, method=method,
                                     memory_budget=memory_budget, split_every=split_every,
                                     n_bins=n_bins, max_points=max_points,
                                     progress=progress)
    return out


def _budget_rows(memory_budget, method):
    """Rows of the largest table merged (0 unless 'auto': the range path, or bins)."""
    return max(1, memory_budget // _ranking.TABLE_ROW_BYTES) if method == "auto" else 0


def _checked_part(merged, name):
    part = None if merged is None else merged[name]
    if part is None or part.n_pos + part.n_neg == 0:
        raise ValueError(f"model {name!r} has no row of non-zero weight; there is "
                         f"nothing to evaluate.")
    return part


def _second_pass(parts, spec, name, pos_label, part, *, method, memory_budget,
                 split_every, n_bins, max_points, progress, keep_at=()):
    """The RankingSummary of a model whose table was not merged: exact ranges or bins."""
    import dask

    tasks, where, classes = parts.part_tasks(spec), parts.where, spec.get("classes")
    if method == "binned":
        edges = _ranking.boundaries(part, n_bins)
        binned = run_tasks([dask.delayed(_binned_part, pure=True)(
            t, w, name, pos_label, classes, edges) for t, w in zip(tasks, where)],
            progress=progress, description="binning the scores")
        return _ranking.binned(tree_reduce(binned, _ranking.merge_bins,
                                           split_every=split_every))

    weighted = (spec.get("weight_column") is not None
                or getattr(parts, "weight", None) is not None)
    task = dask.delayed(_rows_frame, pure=True)
    frames = [task(t, w, name, pos_label, classes, weighted) for t, w in zip(tasks, where)]
    return _ranking.exact_ranges(frames, part, memory_budget=memory_budget,
                                 max_points=max_points, split_every=split_every,
                                 weighted=weighted, progress=progress, keep_at=keep_at)


def _resolve_pos_label(classes, pos_label):
    from evalplots.metrics._labels import ChoiceError, binary_classes

    if classes is None:  # more distinct values than the scan keeps
        raise ChoiceError("a binary evaluation needs two classes, but y_true holds more "
                          "than two",
                          "task", ("multiclass", "regression"))
    return binary_classes(classes=classes, pos_label=pos_label).pos_label


def ranking_summary(y_true, y_score=None, *, pos_label=None, sample_weight=None,
                    labels=None, method="auto", memory_budget=None,
                    n_bins=1000,
                    max_points=20_000, split_every=8, target="y_true", models=None,
                    exclude=None, progress=None):
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
    labels : array-like of shape (2,) or None, default=None
        The two classes; None finds them with a pass over the labels.
    method : {'auto', 'exact', 'binned'}, default='auto'
        'auto': merge the per-score tables when they fit ``memory_budget``,
        else take the range-partitioned exact path. 'exact': always the range
        path. 'binned': ``n_bins`` quantile bins (approximate AUC, with its
        error bound; AP and BEP are NaN).
    memory_budget : int or None, default=None
        Bytes one task slot (a worker thread) may use: the merged table of
        distinct scores (24 bytes each) must fit it, else the exact range
        path takes over, its ranges sized to stay within it. None:
        twice the largest partition's needed columns in memory, at least
        64 MiB (256 MiB, ``DEFAULT_MEMORY_BUDGET``, when the partitions'
        sizes are unknown).
    n_bins : int, default=1000
        Bins of ``method='binned'``.
    max_points : int, default=20000
        Vertices kept of the curve for drawing.
    split_every : int, default=8
        Fan-in of the tree reduction.
    target : str, default="y_true"
        Label column of a path or DataFrame.
    models, exclude : list of str or None, default=None
        Which column of a path or DataFrame is the model (exactly one must
        be left).
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
    scores; the range path splits that walk at quantile cuts, has Dask's
    shuffle move each row to its range, and hands each range the cumulative
    counts above it (see :mod:`evalplots.dask._ranking`); ``n_ranges`` and
    ``range_rows`` of the result say how.
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
    (0.7778, 0.8667, 'ranges')
    """
    _check_options(method, memory_budget, split_every, n_bins, max_points)
    predictions = None if y_score is None else {"y_score": y_score}
    parts, spec, info = prepare(y_true, predictions, sample_weight=sample_weight,
                                task="binary", labels=labels, target=target,
                                models=models, exclude=exclude, progress=progress)
    if len(spec["models"]) != 1:
        raise ValueError(f"ranking_summary takes one model; the input has "
                         f"{len(spec['models'])}: {', '.join(spec['models'])}.")
    pos = _resolve_pos_label(info["classes"], pos_label)
    out = binary_rankings(parts, spec, pos_label=pos, method=method,
                          memory_budget=memory_budget_of(memory_budget, info), split_every=split_every,
                          n_bins=n_bins, max_points=max_points, progress=progress)
    return out[spec["models"][0]]


# --- the evaluation ------------------------------------------------------------


def _evaluate_binary(parts, spec, info, *, pos_label, threshold, method, memory_budget,
                     split_every, n_bins, max_points, delong, progress):
    names = spec["models"]
    pos = _resolve_pos_label(info["classes"], pos_label)
    summary, tables = _first_pass(parts, spec, pos, threshold,
                                  _budget_rows(memory_budget, method), summary=True,
                                  split_every=split_every, progress=progress)
    exact = {}
    for name in names:
        table = _checked_part(tables, name)
        if table.table is not None:
            summary.tables[name] = table.table
            continue
        ranking = _second_pass(parts, spec, name, pos, table, method=method,
                               memory_budget=memory_budget, split_every=split_every,
                               n_bins=n_bins, max_points=max_points, progress=progress,
                               keep_at=(summary.threshold,))  # exact confusion there
        summary.tables[name] = ranking.table
        exact[name] = ranking
    cross = None
    if delong and len(names) > 1 and not exact:
        cross = _delong_pass(parts, spec, summary.tables, pos, split_every=split_every,
                             progress=progress)
    return summary, cross, exact


def _delong_pass(parts, spec, tables, pos_label, *, split_every, progress):
    """The paired DeLong test's second pass: the merged DeLongCrossSums given the
    merged tables."""
    import dask

    from evalplots.metrics import DeLongCrossSums

    client = current_client()
    # one future holding the dict, under a key of its own: scattering the dict itself
    # would key each table by its model's name, and a later run's tables under the
    # same names would meet (or lose) an earlier run's
    shared = tables if client is None else client.scatter(
        [tables], broadcast=True, hash=False)[0]
    part = dask.delayed(_delong_part, pure=True)
    seconds = run_tasks([part(t, w, shared, pos_label, spec.get("classes"))
                         for t, w in zip(parts.part_tasks(spec), parts.where)],
                        progress=progress, description="DeLong pass")
    return tree_reduce(seconds, DeLongCrossSums.merge, split_every=split_every)


@fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
def evaluate(y_true, predictions=None, *, task="auto", pos_label=None, threshold=0.5,
             labels=None, sample_weight=None, label_names=None, ordinal=False,
             confidence_level=0.95, n_resamples=1000, random_state=0, target="y_true",
             models=None, exclude=None, method="auto",
             memory_budget=None, n_bins=1000, max_points=20_000,
             split_every=8, ci=True, progress=None):
    """Evaluate models on data in dask partitions: the evaluation of :func:`evalplots.evaluate`.

    Parameters
    ----------
    y_true : dask array or dask Series of shape (n_samples,), dask DataFrame, or str
        True labels or target values; or a dask DataFrame, or a Parquet/CSV
        path, directory or glob (one partition per file), whose ``target``
        column holds them and whose other columns are the models, read by the
        rules of :func:`evalplots.datasets.read_predictions`.
    predictions : dict of str to dask array or dask Series, or None
        Model name -> its predictions (as :func:`evalplots.evaluate` takes
        them), partitioned like ``y_true``; None with a DataFrame or path.
    task, pos_label, threshold, label_names, ordinal : as in evalplots.evaluate
        As :func:`evalplots.evaluate`; 'auto' reads the task from the global
        classes and the first non-empty partition.
    labels : array-like of shape (n_classes,) or None, default=None
        The classes, in column order of score matrices; None finds them with
        one pass over the target column.
    sample_weight : dask array of shape (n_samples,), str or None, default=None
        Weights (a column name with a DataFrame or path).
    %(interval_params)s
    target : str, default="y_true"
        The target column of a DataFrame or path.
    models, exclude : list of str or None, default=None
        Columns to read as models, or to leave out (DataFrame or path).
    method : {'auto', 'exact', 'binned'}, default='auto'
        Binary scores: 'auto' merges each model's table of distinct scores
        while it fits ``memory_budget`` and otherwise takes the exact
        range-partitioned path; 'exact' always takes that path; 'binned' uses
        ``n_bins`` quantile bins (AUC within its stated bound; AP, BEP n/a).
    memory_budget : int or None, default=None
        Bytes one task slot (a worker thread) may use: past it a model's table
        of distinct scores (24 bytes each) is not merged, and the exact range
        path cuts the scores into ranges whose rows fit it (see
        :mod:`evalplots.dask`). None: twice the largest partition's needed
        columns in memory, at least 64 MiB (256 MiB when unknown).
    n_bins : int, default=1000
        Bins of ``method='binned'``.
    max_points : int, default=20000
        Curve vertices kept for drawing when the table is not merged.
    split_every : int, default=8
        Fan-in of the tree reduction.
    ci : bool, default=True
        Run the second pass that the paired DeLong test of two binary models
        needs (False skips it).
    progress : callable or None, default=None
        ``progress(step, done, total)`` as partitions finish.

    Returns
    -------
    evaluation : BinaryEvaluation, MulticlassEvaluation or RegressionEvaluation
        Built by their ``from_summary`` constructors from the merged tables:
        the same metrics table, Displays and report as in memory.

    Raises
    ------
    ValueError
        On invalid input (the message names the file or partition), options,
        or a task that does not fit.
    FileNotFoundError
        If a path or glob matches no file.

    Notes
    -----
    Each partition is reduced on a worker to a mergeable summary
    (:class:`evalplots.metrics.BinarySummary`, ``MulticlassSummary``,
    ``RegressionSummary``); summaries are merged in a tree of fan-in
    ``split_every``; only the merged summary reaches the client. Binary
    curves come from the per-distinct-score tables (Fawcett 2006, Alg. 1);
    when those exceed ``memory_budget`` the exact range path of
    :mod:`evalplots.dask._ranking` gives AUC, AP and BEP exactly and a thinned
    table for drawing.

    Examples
    --------
    >>> import dask.array as da
    >>> from evalplots.dask import evaluate
    >>> y = da.from_array([1, 0, 0, 1, 0, 1], chunks=2)
    >>> s = da.from_array([.45, .53, .24, .88, .57, .76], chunks=2)
    >>> ev = evaluate(y, {"m": s})
    >>> type(ev).__name__, round(ev.metrics_table.rows["m"]["ROC AUC"], 4)
    ('BinaryEvaluation', 0.7778)
    """
    _check_options(method, memory_budget, split_every, n_bins, max_points)
    parts, spec, info = prepare(y_true, predictions, sample_weight=sample_weight,
                                task=task, labels=labels, target=target, models=models,
                                exclude=exclude, progress=progress)
    return evaluate_prepared(
        parts, spec, info, pos_label=pos_label, threshold=threshold,
        label_names=label_names, ordinal=ordinal, confidence_level=confidence_level,
        n_resamples=n_resamples, random_state=random_state, method=method,
        memory_budget=memory_budget, n_bins=n_bins, max_points=max_points,
        split_every=split_every, ci=ci, progress=progress)


def evaluate_prepared(parts, spec, info, *, pos_label, threshold, label_names, ordinal,
                      confidence_level, n_resamples, random_state, method, memory_budget,
                      n_bins, max_points, split_every, ci, progress):
    """:func:`evaluate` after :func:`prepare` (the CLI resolves --pos-label in between)."""
    from evalplots import evaluation

    options = {"confidence_level": confidence_level, "n_resamples": n_resamples,
               "random_state": random_state, "label_names": label_names}
    memory_budget = memory_budget_of(memory_budget, info)
    task = spec["task"]
    if task == "binary":
        summary, cross, exact = _evaluate_binary(
            parts, spec, info, pos_label=pos_label, threshold=threshold, method=method,
            memory_budget=memory_budget, split_every=split_every, n_bins=n_bins,
            max_points=max_points, delong=ci, progress=progress)
        return evaluation.BinaryEvaluation.from_summary(
            summary, cross=cross, exact=_exact_overrides(exact), **options)
    import dask

    if task == "multiclass":
        kind, part_options = "MulticlassSummary", {"labels": info["classes"]}
        options["ordinal"] = ordinal
    else:
        kind, part_options = "RegressionSummary", {}
        del options["label_names"]
    part = dask.delayed(_summary_part, pure=True)
    firsts = run_tasks([part(kind, t, part_options, w)
                        for t, w in zip(parts.part_tasks(spec), parts.where)],
                       progress=progress, description="reducing partitions")
    summary = tree_reduce(firsts, _merge_summaries(kind), split_every=split_every)
    cls = (evaluation.MulticlassEvaluation if task == "multiclass"
           else evaluation.RegressionEvaluation)
    return cls.from_summary(summary, **options)


def _exact_overrides(exact):
    """Per model the exact scores of the range path, for ``from_summary(exact=)``."""
    return {name: {"ROC AUC": r.roc_auc, "AP": r.average_precision,
                   "BEP": r.break_even_point}
            for name, r in exact.items()} or None
