"""Run one function per partition and merge the results in a tree, on dask.

Every reduction of :mod:`evalplots.dask` has the same shape: a *chunk* function
turns one partition into a small mergeable summary on a worker, and a *merge*
function combines up to ``split_every`` summaries into one, again on a worker,
until one is left. Only that last summary travels to the client. With a
``distributed`` client the partition results are futures, so progress can be
shown as partitions finish and a lost worker's tasks are recomputed by the
scheduler; without one the same graph runs on dask's default scheduler.
"""

import dask

__all__ = ["current_client", "tree_reduce", "run_tasks"]


def current_client():
    """The active ``distributed.Client``, or None (dask's local scheduler is used)."""
    try:
        from distributed import default_client
    except ImportError:  # pragma: no cover - distributed is part of the extra
        return None
    try:
        return default_client()
    except ValueError:
        return None


def _merge_present(merge):
    """``merge`` that ignores the None of an empty partition (None if all are)."""
    def merged(parts):
        parts = [p for p in parts if p is not None]
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else merge(parts)
    return merged


def run_tasks(delayed_parts, *, progress=None, description="reducing partitions",
              workers=None):
    """Compute delayed values on the cluster; keep them there when a client exists.

    Parameters
    ----------
    delayed_parts : list of dask.delayed.Delayed
        One small result per partition.
    progress : callable or None
        ``progress(description, done, total)`` after each partition.
    description : str
        The step named to ``progress``.
    workers : list or None
        Per task the worker address to run it on, if it can (None: any).

    Returns
    -------
    parts : list
        Futures (with a client) or values (without one), in order.
    """
    client = current_client()
    total = len(delayed_parts)
    if progress is not None:
        progress(description, 0, total)
    if client is None:
        values = list(dask.compute(*delayed_parts)) if delayed_parts else []
        if progress is not None:
            progress(description, total, total)
        return values
    from distributed import as_completed

    if workers is None:
        futures = client.compute(delayed_parts)
    else:
        futures = [client.compute(d, workers=w, allow_other_workers=True)
                   for d, w in zip(delayed_parts, workers)]
    if progress is not None:
        for done, future in enumerate(as_completed(futures), start=1):
            if future.status == "error":
                future.result()  # raises the task's exception here
            progress(description, done, total)
    return futures


def tree_reduce(parts, merge, *, split_every=8, finish=None):
    """Merge partition results in a tree of fan-in ``split_every`` on the workers.

    Parameters
    ----------
    parts : list
        Results of :func:`run_tasks` (futures or values); None marks an empty
        partition and is skipped.
    merge : callable
        ``merge(list_of_summaries) -> summary``, associative.
    split_every : int, default=8
        How many summaries one merge task combines (>= 2).
    finish : callable or None
        Applied to the final summary on a worker before it is returned.

    Returns
    -------
    summary
        The merged summary (``finish``-ed), None if every partition was empty.
    """
    if split_every < 2:
        raise ValueError(f"split_every must be an integer >= 2, got {split_every!r}.")
    merged = _merge_present(merge)
    client = current_client()
    level = list(parts)
    if client is None:  # the values are here already (small summaries)
        while len(level) > 1:
            level = [merged(level[i:i + split_every])
                     for i in range(0, len(level), split_every)]
        result = level[0] if level else None
        return _finish_present(finish)(result) if finish is not None else result
    if not level:
        return None
    while len(level) > 1:
        level = [client.submit(merged, level[i:i + split_every], pure=False)
                 for i in range(0, len(level), split_every)]
    if finish is not None:
        level = [client.submit(_finish_present(finish), level[0], pure=False)]
    return level[0].result()


def _finish_present(finish):
    def finished(summary):
        return None if summary is None else finish(summary)
    return finished
