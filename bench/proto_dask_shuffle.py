"""Prototype (not the package's code): the exact AUC of continuous scores with Dask's own shuffle.

Not a test. Measures what replacing the range path's waves and spill files with
``dask.dataframe``'s ``set_index`` (divisions from Dask's approximate quantiles,
``shuffle_method``: 'p2p' or 'tasks') would cost, on the continuous dataset that
``bench/bench_dask.py --keep`` writes, against today's range path
(:func:`evalplots.dask.ranking_summary`) in the same run:

    python bench/proto_dask_shuffle.py --dir /tmp/evalplots-bench-dask [--ranges 40]

The prototype: read ``(y_true, m)`` of every file; ``set_index('m', npartitions=R)``
(each output partition one range of scores, sorted; equal scores in one range);
per range its table of distinct scores (persisted on the workers); the client
takes 2 numbers per range and sends back the counts above it; each range's exact
share of ``2 P N AUC`` (the trapezoid sum of the in-memory AUC). Prints the wall
and CPU seconds and the peak memory per worker of both, and both AUCs.
"""

import argparse
import glob
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import bench_dask as bench  # noqa: E402


def _table(frame):
    """(scores, positives, negatives) of one sorted range."""
    score = frame.index.to_numpy()
    positive = frame["y_true"].to_numpy() == 1
    if score.size == 0:
        return [(np.empty(0), np.empty(0, np.int64), np.empty(0, np.int64))]
    starts = np.flatnonzero(np.r_[True, score[1:] != score[:-1]])
    pos = np.add.reduceat(positive.astype(np.int64), starts)
    counts = np.diff(np.r_[starts, score.size])
    return [(score[starts], pos, counts - pos)]


def _totals(tables):
    return [(int(t[1].sum()), int(t[2].sum())) for t in tables]


def _auc2(tables, above):
    """Sum of dFP (TP_i + TP_{i-1}) over one range, walked from its highest score."""
    out = []
    for (score, pos, neg), (above_pos, above_neg) in zip(tables, above):
        tps = above_pos + np.cumsum(pos[::-1])
        prev = np.r_[above_pos, tps[:-1]]
        out.append(float(np.dot(neg[::-1].astype(np.float64), (tps + prev).astype(np.float64))))
    return out


def shuffle_auc(pattern, n_ranges, method, persist=True):
    """The exact AUC by Dask's shuffle: ranges' tables persisted on the workers
    between the totals and the shares, or (``persist=False``) the shuffle run twice
    (nothing held between the passes: the Spark shape without its cache)."""
    import dask
    import dask.dataframe as dd

    frame = dd.read_parquet(pattern, columns=["y_true", "m"])
    ranged = frame.set_index("m", npartitions=n_ranges, shuffle_method=method)

    def tables_of():
        return [dask.delayed(_table)(t) for t in ranged.to_delayed()]

    tables = tables_of()
    if persist:
        tables = dask.persist(*tables)
    totals = [t[0] for t in dask.compute(*[dask.delayed(_totals)(t) for t in tables])]
    above, running = [], [0, 0]
    for p, n in reversed(totals):  # the ranges from the highest scores down
        above.append((running[0], running[1]))
        running = [running[0] + p, running[1] + n]
    above = above[::-1]
    if not persist:
        tables = tables_of()  # a second shuffle of the same graph
    parts = dask.compute(*[dask.delayed(_auc2)(t, [a]) for t, a in zip(tables, above)])
    n_pos, n_neg = running
    return sum(p[0] for p in parts) / (2.0 * n_pos * n_neg), len(tables)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", default="/tmp/evalplots-bench-dask")
    parser.add_argument("--ranges", type=int, default=0,
                        help="output partitions (0: as many as input files)")
    args = parser.parse_args()
    from evalplots.dask import ranking_summary

    pattern = os.path.join(args.dir, "continuous", "*.parquet")
    files = sorted(glob.glob(pattern))
    rows = sum(__import__("pyarrow.parquet").parquet.read_metadata(f).num_rows
               for f in files)
    partition = rows // len(files) * 9
    n_ranges = args.ranges or len(files)
    print(f"load before: {os.getloadavg()}  {rows:,} rows in {len(files)} files")
    with bench._two_workers() as client:
        ranking_summary(files[0], labels=[0, 1])  # warm-up
        for name, run in (("today's range path", lambda: (
                              ranking_summary(pattern, labels=[0, 1]).roc_auc, None)),
                          ("dask set_index, p2p", lambda: shuffle_auc(pattern, n_ranges,
                                                                      "p2p")),
                          ("dask set_index, tasks", lambda: shuffle_auc(pattern, n_ranges,
                                                                        "tasks")),
                          ("p2p twice, no persist", lambda: shuffle_auc(
                              pattern, n_ranges, "p2p", persist=False)),
                          ("tasks twice, no persist", lambda: shuffle_auc(
                              pattern, n_ranges, "tasks", persist=False))):
            t0 = time.perf_counter()
            ((auc, parts), mem), cpu = bench.cpu_seconds(
                client, lambda: bench.worker_memory(client, run))
            wall = time.perf_counter() - t0
            print(f"  {name:24s} {wall:7.2f} s  CPU {cpu:6.2f} s  AUC {auc:.15f}  "
                  f"{bench.peaks(mem, partition)}"
                  + (f"  ({parts} ranges)" if parts else ""))
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
