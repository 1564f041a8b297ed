"""evalplots.dask at scale: exact evaluation vs reading the data, sort, memory, workers.

Not a test. Run from the repository root (the machine's load changes the
numbers: note ``uptime`` with them):

    python bench/bench_dask.py [--rows 100000000] [--rows-per-file 5000000]
                               [--dir /tmp/evalplots-bench-dask] [--keep]
                               [--continuous]

Writes two Parquet datasets of ``--rows`` rows in files of ``--rows-per-file``
rows (``y_true`` int8 in {0, 1}, 30 % positives; one float64 score column
``m``): *discrete* scores with 10^4 distinct values and *continuous* scores
(all distinct). Then, in this one run:

1. discrete, 2 local workers: the exact evaluation
   (:func:`evalplots.dask.ranking_summary`: exact AUC, AP, BEP and the curve)
   vs reading the same two columns of every file with pyarrow in this process
   (``pq.read_table``, pyarrow's threads) — issue 9 target: ratio <= 1.5;
   with the classes given (``labels=[0, 1]``, no scan pass) and without; and
   the evaluation object the report is built from (``evaluate``, ``ci=False``);
2. continuous, 2 workers: the exact range-partitioned path (default budget:
   twice a partition's columns in memory; its ranges and waves) vs one
   ``np.sort`` of all scores in memory in this process (``--continuous``: only
   this, see :func:`continuous_section`);
3. peak memory per worker (VmHWM, reset before each run through
   /proc/self/clear_refs, minus the worker's resident size before the run) vs
   the in-memory size of one partition (its two columns);
4. discrete, 1 worker vs 2 workers (each ``threads_per_worker=1``) — target:
   >= 1.6x faster with 2.

Times are the best of ``--repeats`` runs (the machine is shared).
"""

import argparse
import glob
import os
import shutil
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def write_dataset(directory, rows, rows_per_file, kind, seed):
    import pyarrow as pa
    import pyarrow.parquet as pq

    os.makedirs(directory, exist_ok=True)
    n_files = -(-rows // rows_per_file)
    for i in range(n_files):
        path = os.path.join(directory, f"part-{i:05d}.parquet")
        if os.path.exists(path):
            continue
        n = min(rows_per_file, rows - i * rows_per_file)
        rng = np.random.default_rng([seed, i])
        y = (rng.random(n) < 0.3).astype(np.int8)
        if kind == "discrete":
            m = (rng.integers(0, 10_000, n) + 2_000 * y.astype(np.int64)) / 12_000.0
            m = np.round(np.minimum(m, 9_999 / 12_000.0), 6)  # <= 10^4 distinct
        else:
            m = rng.normal(size=n) + 1.0 * y
        pq.write_table(pa.table({"y_true": y, "m": m}), path)
    return sorted(glob.glob(os.path.join(directory, "*.parquet")))


def pyarrow_read(files):
    import pyarrow.parquet as pq

    n = 0
    for path in files:
        n += pq.read_table(path, columns=["y_true", "m"]).num_rows
    return n


def best(func, repeats):
    times, result = [], None
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - t0)
    return min(times), result


def cpu_seconds(client, func):
    """(result, CPU seconds of this process and of every worker while ``func`` runs).

    On a machine shared with other jobs wall times swing with the load; the CPU
    time spent is the work itself, so CPU ratios are the steadier comparison.
    """
    before = sum(client.run(time.process_time).values()) if client else 0.0
    t0 = time.process_time()
    result = func()
    spent = time.process_time() - t0
    if client:
        spent += sum(client.run(time.process_time).values()) - before
    return result, spent


def _reset_peak():
    with open("/proc/self/clear_refs", "w") as fh:
        fh.write("5")


def _status(field):
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(field):
                return int(line.split()[1]) * 1024
    return 0


def worker_memory(client, func):
    """(result, [peak - resident-before] per worker in bytes)."""
    client.run(_reset_peak)
    before = client.run(_status, "VmRSS")
    result = func()
    peak = client.run(_status, "VmHWM")
    return result, [peak[w] - before[w] for w in sorted(peak)]


def sort_time(files):
    """(seconds, CPU seconds) of one ``np.sort`` of all the files' scores in memory."""
    import pyarrow.parquet as pq

    scores = np.concatenate([pq.read_table(f, columns=["m"]).column("m").to_numpy()
                             for f in files])
    t_sort, (_, cpu_sort) = best(lambda: cpu_seconds(None, lambda: np.sort(scores)), 1)
    return t_sort, cpu_sort


def peaks(mem, partition_bytes):
    """The line of the peak memory per worker against one partition."""
    return (f"peak memory per worker above resident: "
            f"{', '.join(f'{m / 2**20:.0f} MiB' for m in mem)}  = "
            f"{', '.join(f'{m / partition_bytes:.2f}x' for m in mem)} the partition "
            f"({partition_bytes / 2**20:.0f} MiB)")


def continuous_section(args):
    """Only the continuous scores' exact range path (``--continuous``), 2 workers.

    The workers first run the path on two files (pyarrow's pools and the code
    paths warmed, as the discrete runs warm them in the full run), then the
    measured run: time and CPU seconds against one ``np.sort`` of all scores in
    this process, the ranges and waves, and the peak memory per worker against
    one partition's two columns in memory (the default budget is twice that).
    """
    import distributed

    from evalplots.dask import ranking_summary
    from evalplots.dask._evaluate import memory_budget_of, prepare

    print(f"load before: {os.getloadavg()}  rows={args.rows:,}  "
          f"rows/file={args.rows_per_file:,}")
    files = write_dataset(os.path.join(args.dir, "continuous"), args.rows,
                          args.rows_per_file, "continuous", 2)
    pattern = os.path.join(args.dir, "continuous", "*.parquet")
    partition_bytes = args.rows_per_file * (1 + 8)  # int8 label + float64 score
    budget = memory_budget_of(None, prepare(pattern, labels=[0, 1])[2])
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": ":0"},
                                  memory_limit="8GiB", silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        client.run(lambda: __import__("evalplots.dask"))  # imports off the clock
        ranking_summary(
            os.path.join(args.dir, "continuous", "part-0000[01].parquet"),
            labels=[0, 1], memory_budget=budget)  # warm-up, both workers
        t_cont, ((r, mem), cpu_cont) = best(lambda: cpu_seconds(
            client, lambda: worker_memory(
                client, lambda: ranking_summary(pattern, labels=[0, 1]))), 1)
    t_sort, cpu_sort = sort_time(files)
    print(f"\n[2 workers] continuous (all distinct), {args.rows:,} rows in {len(files)} "
          f"files, exact range path: {t_cont:.2f} s ({r.method}: {r.n_ranges} ranges "
          f"in {r.n_waves} waves, largest range {r.range_rows:,} scores; budget "
          f"{budget / 2**20:.0f} MiB)")
    print(f"  AUC {r.roc_auc:.6f}, AP {r.average_precision:.6f}, BEP "
          f"{r.break_even_point:.6f}; drawn table {len(r.table):,} rows, AUC bound of "
          f"the drawing {r.auc_bound:.1e}")
    print(f"  one np.sort of the scores in memory: {t_sort:.2f} s  (exact range path / "
          f"sort = {t_cont / t_sort:.2f}; CPU {cpu_cont:.2f} s vs {cpu_sort:.2f} s, ratio "
          f"{cpu_cont / cpu_sort:.2f})")
    print(f"  {peaks(mem, partition_bytes)}")
    print(f"load after: {os.getloadavg()}")
    if not args.keep:
        shutil.rmtree(os.path.join(args.dir, "continuous"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000_000)
    parser.add_argument("--rows-per-file", type=int, default=5_000_000)
    parser.add_argument("--dir", default="/tmp/evalplots-bench-dask")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--continuous", action="store_true",
                        help="only the continuous scores' exact path (continuous_section)")
    parser.add_argument("--keep", action="store_true", help="keep the Parquet files")
    args = parser.parse_args()
    if args.continuous:
        return continuous_section(args)

    import distributed

    from evalplots.dask import evaluate, ranking_summary

    print(f"load before: {os.getloadavg()}  rows={args.rows:,}  "
          f"rows/file={args.rows_per_file:,}")
    t0 = time.perf_counter()
    discrete = write_dataset(os.path.join(args.dir, "discrete"), args.rows,
                             args.rows_per_file, "discrete", 1)
    continuous = write_dataset(os.path.join(args.dir, "continuous"), args.rows,
                               args.rows_per_file, "continuous", 2)
    size = sum(os.path.getsize(f) for f in discrete + continuous)
    print(f"data: {len(discrete)} + {len(continuous)} files, {size / 2**30:.2f} GiB on "
          f"disk ({time.perf_counter() - t0:.0f} s to write or find)")
    partition_bytes = args.rows_per_file * (1 + 8)  # int8 label + float64 score
    d_glob = os.path.join(args.dir, "discrete", "*.parquet")
    c_glob = os.path.join(args.dir, "continuous", "*.parquet")

    results = {}
    for n_workers in (2, 1):
        with distributed.LocalCluster(n_workers=n_workers, threads_per_worker=1,
                                      processes=True, dashboard_address=None,
                                      scheduler_kwargs={"dashboard_address": ":0"},
                                      memory_limit="8GiB", silence_logs=40) as cluster, \
                distributed.Client(cluster) as client:
            client.run(lambda: __import__("evalplots.dask"))  # imports off the clock
            t_read, n = best(lambda: pyarrow_read(discrete), args.repeats)
            _, cpu_read = cpu_seconds(None, lambda: pyarrow_read(discrete))
            t_exact, (r, mem) = best(lambda: worker_memory(
                client, lambda: ranking_summary(d_glob, labels=[0, 1])), args.repeats)
            _, cpu_exact = cpu_seconds(client,
                                       lambda: ranking_summary(d_glob, labels=[0, 1]))
            results[n_workers] = t_exact
            print(f"\n[{n_workers} worker(s)] discrete (10^4 distinct), {n:,} rows")
            print(f"  pyarrow read of the 2 columns:        {t_read:8.2f} s")
            print(f"  exact evaluation, labels given:       {t_exact:8.2f} s  "
                  f"ratio {t_exact / t_read:.2f}  (AUC {r.roc_auc:.6f}, AP "
                  f"{r.average_precision:.6f}, BEP {r.break_even_point:.6f}, "
                  f"{r.method})")
            print(f"  CPU seconds: pyarrow read {cpu_read:.2f}, exact evaluation "
                  f"{cpu_exact:.2f} (client + workers): ratio {cpu_exact / cpu_read:.2f}")
            print(f"  peak memory per worker above resident: "
                  f"{', '.join(f'{m / 2**20:.0f} MiB' for m in mem)}  = "
                  f"{', '.join(f'{m / partition_bytes:.2f}x' for m in mem)} the partition "
                  f"({partition_bytes / 2**20:.0f} MiB)")
            if n_workers == 2:
                t_scan, _ = best(lambda: ranking_summary(d_glob), args.repeats)
                print(f"  exact evaluation, classes scanned:    {t_scan:8.2f} s  "
                      f"ratio {t_scan / t_read:.2f}")
                t_ev, ev = best(lambda: evaluate(d_glob, labels=[0, 1], ci=False),
                                args.repeats)
                print(f"  the report's evaluation object:       {t_ev:8.2f} s  "
                      f"ratio {t_ev / t_read:.2f}  (evalplots.dask.evaluate, ci=False; "
                      f"AUC {ev.metrics_table.rows['m']['ROC AUC']:.6f})")
                t_cont, ((rc, cmem), cpu_cont) = best(lambda: cpu_seconds(
                    client, lambda: worker_memory(
                        client, lambda: ranking_summary(c_glob, labels=[0, 1]))), 1)
                print(f"\n[2 workers] continuous (all distinct), exact range path: "
                      f"{t_cont:8.2f} s  ({rc.method}, {rc.n_ranges} ranges in "
                      f"{rc.n_waves} waves; AUC "
                      f"{rc.roc_auc:.6f}, AP {rc.average_precision:.6f}, BEP "
                      f"{rc.break_even_point:.6f}; drawn table {len(rc.table):,} rows, "
                      f"AUC bound of the drawing {rc.auc_bound:.1e})")
                print(f"  CPU seconds (client + workers): {cpu_cont:.2f}")
                print(f"  {peaks(cmem, partition_bytes)}")
    t_sort, cpu_sort = sort_time(continuous)
    print(f"\none np.sort of the {args.rows:,} continuous scores in memory: {t_sort:.2f} s"
          f"  (exact range path / sort = {t_cont / t_sort:.2f}; CPU {cpu_sort:.2f} s, "
          f"ratio {cpu_cont / cpu_sort:.2f})")
    print(f"1 worker vs 2 workers (discrete, exact): {results[1]:.2f} s vs "
          f"{results[2]:.2f} s = {results[1] / results[2]:.2f}x faster with 2")
    print(f"load after: {os.getloadavg()}")
    if not args.keep:
        shutil.rmtree(args.dir)


if __name__ == "__main__":
    main()
