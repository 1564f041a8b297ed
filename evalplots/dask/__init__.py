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

From the command line: ``evalplots report 'DIR/*.parquet' --engine dask``. A
partition without rows (a file with columns but no rows, as Spark and Dask
writers leave them, or an empty chunk) contributes nothing; the command says
so in one line.

How it works
------------
Each partition is reduced on a worker to a mergeable summary
(:class:`evalplots.metrics.BinarySummary`: per model the weighted positives and
negatives at each distinct score, per pair of models McNemar's 2 x 2 table;
``MulticlassSummary``: confusion counts; ``RegressionSummary``: sums and
Chan-merged moments). Summaries merge in a tree of fan-in ``split_every`` on
the workers; only the final one reaches the client. No raw row does.

Each task reads its partition in blocks (:func:`evalplots.dask._input.blocks`):
a Parquet file of a class target and float scores by the block reader of
:mod:`evalplots.datasets` (only the needed columns, 2^20 rows at a time, each
cell by the reader's rules and messages, naming the file and the row), any
other input as one block. Each pass reduces blocks: the first counts each
model's scores into its table (blocks of float scores by a bit-keyed lookup
in a small table of the scores seen so far and one ``np.bincount``,
:mod:`evalplots.dask._counts`); the paired DeLong test of two or more models
(``ci=True``) takes a second pass, given the merged tables, that looks each
row's placement up by its score's bits.

When one model's table of distinct scores would exceed ``memory_budget``
(continuous scores: one row per sample), it is not merged. Instead the exact
range path (:mod:`evalplots.dask._ranking`, the shape of Spark MLlib's
``BinaryClassificationMetrics``) cuts the scores at the first pass's
approximate quantiles into ranges whose tables fit the budget, and lets
Dask's own shuffle move each row ``(score, class, weight)`` to its range
(``set_index`` on the score with those divisions; on a ``distributed``
cluster the disk-backed P2P shuffle); equal scores fall in one range. Beside
the shuffle each partition counts its rows per range, and each range is sent
the counts scored above it (2 numbers per range); each range then builds its
exact table and its exact shares of AUC, AP and BEP. The drawn curve keeps a
subset of the exact curve's vertices, with their exact counts: among them
the vertex at the threshold and, found in each range with the counts above
it (a running record near the range's maximum), every vertex that can be
the optimum of Youden's J or of F1, so those optima and every operating
point are the exact ones. Its area is within the stated ``1/2 sum dFPR
dTPR`` of the exact AUC; ``method='binned'`` is the explicit approximate
alternative, with the same bound reported next to its AUC.

Memory
------
``memory_budget`` is the memory one task slot (a worker thread) may use. By
default it is twice the largest partition's needed columns in memory (a
Parquet file's rows from its metadata, dask arrays' from their chunks), at
least 64 MiB, and ``DEFAULT_MEMORY_BUDGET`` (256 MiB) when the partitions'
sizes are unknown (a dask DataFrame or Series with the classes given). It
bounds the merged table of distinct scores and, on the range path, each
range's rows and table (``RANGE_ROW_BYTES`` per row). The shuffle's own
memory is Dask's: its input is one partition's rows (9 or 17 bytes each),
split into pieces of ``SHUFFLE_PIECE_ROWS`` rows, and its buffers are set by
the ``distributed.p2p.comm.buffer`` and ``distributed.p2p.storage.buffer``
options of the workers. Measured with ``bench/bench_dask.py --continuous``
data (10^7 continuous scores in 2 files of 5 x 10^6 rows, 43 MiB each in
memory, 2 workers, default budget 86 MiB: 9 ranges; a loaded machine): the
peak per worker was 85 and 114 MiB (2.0x and 2.6x the partition) with pieces
of 2^18 rows and buffers of 64 MiB and 32 MiB; 209 and 212 MiB (4.9x) with
pieces of 2^20 rows and Dask's default buffers; 631 and 650 MiB (15x) with
each partition shuffled whole. The run took 75x (pieces of 2^20) to 104x
(2^18) the CPU time of one in-memory ``np.sort`` of the scores, 1.6x to
2.2x the CPU time of the former home-made range path (measured earlier, at
half the machine's load).

Scaling to 10^10 rows
---------------------
What grows with the data: the number of partitions (tasks; with 10^7-row
partitions, 1000 of them), the scan and reduction passes over the files
(linear, parallel over workers, I/O-bound per partition) and, for
continuous scores only, the range path: its ranges (``R ~ rows x 80 bytes /
memory_budget``), their tables (as many rows as distinct scores, spread over
the ranges and the workers, never merged in one place) and the shuffle,
which moves each row once between workers through their local disks
(network and disk traffic proportional to the rows, 9 to 17 bytes each).
Dask's P2P shuffle is built for that scale: it streams each input partition
to the workers that own its output partitions, spills to disk, and restarts
on a lost worker. What does not grow: the memory of each task (one partition
being read, one range's rows and table: within the budget, itself set by the
partition size), what the client receives (2 numbers per range, then each
range's shares and ``max_points / R`` thinned vertices), the merged
summaries of discrete scores (one row per distinct score: 10^4 scores stay
240 KB at any row count), multi-class confusion counts (n_classes^2 per
model) and regression moments (a few numbers per model), and the figures
and PDF (curves thinned to ``max_points``). The tree depth is
``log_split_every(partitions)``: 4 levels for 1000 partitions at fan-in 8.
A lost worker costs the recomputation of its tasks only (the scheduler
reruns them from the files; the shuffle reruns its transfer).
"""

from evalplots.dask._evaluate import DEFAULT_MEMORY_BUDGET, evaluate, ranking_summary
from evalplots.dask._ranking import RankingSummary

__all__ = ["DEFAULT_MEMORY_BUDGET", "RankingSummary", "evaluate", "ranking_summary"]
