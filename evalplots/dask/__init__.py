"""Exact evaluation of predictions that do not fit one process, on Dask.

Install with ``pip install "evalplots[dask]"``; nothing else in evalplots
imports this package. :func:`evaluate` takes dask arrays or Series, a dask
DataFrame, or a Parquet/CSV path or glob (one partition per file, read by the
rules of :func:`evalplots.datasets.read_predictions`) and returns the
evaluation object that :func:`evalplots.evaluate` returns in memory, so the
metrics table, the Displays and the standard report work unchanged:

    >>> import dask.array as da
    >>> import evalplots.dask
    >>> y = da.from_array([1, 0, 0, 1, 0, 1], chunks=3)
    >>> s = da.from_array([.45, .53, .24, .88, .57, .76], chunks=3)
    >>> ev = evalplots.dask.evaluate(y, {"m": s})
    >>> round(ev.metrics_table.rows["m"]["ROC AUC"], 4)
    0.7778

From the command line: ``evalplots report 'DIR/*.parquet' --engine dask``.

How it works
------------
Each partition is reduced on a worker to a mergeable summary
(:class:`evalplots.metrics.BinarySummary`: per model the weighted positives and
negatives at each distinct score, per pair of models McNemar's 2 x 2 table;
``MulticlassSummary``: confusion counts; ``RegressionSummary``: sums and
Chan-merged moments). Summaries merge in a tree of fan-in ``split_every`` on
the workers; only the final one reaches the client. No raw row does.

A Parquet file of a binary target and float scores is read by a fast path
(:mod:`evalplots.dask._parquet`): only the needed columns, in blocks of 2^20
rows, each score looked up by its bits in a small table of the scores seen so
far, and counted with one ``np.bincount``; a task's memory stays about the
size of one partition. Any other input, and any value the reader's rules
would refuse, is read by the general reader, with its messages. The paired
DeLong test of two or more models (``ci=True``) takes a second pass, given the
merged tables, that reads the files the same way (dask arrays: their chunks,
in blocks of 2^20 rows) and looks each row's placement up by its score's bits.

When one model's table of distinct scores would exceed ``memory_budget``
(continuous scores: one row per sample), it is not merged. Instead the exact
range path (:mod:`evalplots.dask._ranking`) cuts the scores at approximate
quantiles into ranges whose tables fit the budget, merges each range's pieces
on a worker, sends each range the counts scored above it, and sums the
ranges' exact shares of AUC, AP and BEP. The drawn curve keeps a subset of
the exact curve's vertices, and its area is within the stated
``1/2 sum dFPR dTPR`` of the exact AUC; ``method='binned'`` is the explicit
approximate alternative, with the same bound reported next to its AUC.

Scaling to 10^10 rows
---------------------
What grows with the data: the number of partitions (tasks; with 10^7-row
partitions, 1000 of them), the scan and reduction passes over the files
(linear, parallel over workers, I/O-bound per partition), and, for continuous
scores only, the shuffle of the range path: every row's (score, class) is
moved once between workers as part of a per-range table, so network traffic
and the total of all range tables are proportional to the number of
*distinct* scores, and the number of ranges grows as
``24 bytes x distinct scores / memory_budget`` (about 2000 ranges of 256 MiB
for 2 x 10^10 distinct scores). While the ranges merge, the range pieces
of every partition wait on the workers: about 10 bytes per distinct score
(compact counts), spread over the workers (1 GB per worker for 10^10 scores
on 100 workers; dask spills them to disk past its memory thresholds).
What does not grow: the memory of each task
(one partition, or one range's table, both bounded by the partition size and
the budget), what the client receives (2 numbers per range, then each range's
shares and ``max_points`` thinned vertices), the merged summaries of discrete
scores (one row per distinct score: 10^4 scores stay 240 KB at any row
count), multi-class confusion counts (n_classes^2 per model) and regression
moments (a few numbers per model), and the figures and PDF (curves thinned to
``max_points``). The tree depth is ``log_split_every(partitions)``: 4 levels
for 1000 partitions at fan-in 8. A lost worker costs the recomputation of its
tasks only (the scheduler reruns them from the files).
"""

from evalplots.dask._evaluate import DEFAULT_MEMORY_BUDGET, evaluate, ranking_summary
from evalplots.dask._ranking import RankingSummary

__all__ = ["DEFAULT_MEMORY_BUDGET", "RankingSummary", "evaluate", "ranking_summary"]
