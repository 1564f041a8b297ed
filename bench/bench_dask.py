"""evalplots.dask at scale: exact evaluation vs reading the data, sort, memory, workers.

Not a test. Run from the repository root (the machine's load changes the
numbers: note ``uptime`` with them):

    python bench/bench_dask.py [--rows 100000000] [--rows-per-file 5000000]
                               [--dir /tmp/evalplots-bench-dask] [--keep]
                               [--continuous | --delong | --arrays]

Writes two Parquet datasets of ``--rows`` rows in files of ``--rows-per-file``
rows (``y_true`` int8 in {0, 1}, 30 % positives; one float64 score column
``m``): *discrete* scores with 10^4 distinct values and *continuous* scores
(all distinct). Then, in this one run:

1. discrete, 2 local workers: the exact evaluation
   (:func:`evalplots.dask.ranking_summary`: exact AUC, AP, BEP and the curve)
   vs reading the same two columns of every file with pyarrow in this process
   (``pq.read_table``, pyarrow's threads) — target: ratio <= 1.5;
   with the classes given (``labels=[0, 1]``, no scan pass) and without; and
   the evaluation object the report is built from (``evaluate``, ``ci=False``);
2. continuous, 2 workers: the exact range-partitioned path (default budget:
   twice a partition's columns in memory; its ranges by Dask's shuffle) vs one
   ``np.sort`` of all scores in memory in this process (``--continuous``: only
   this, see :func:`continuous_section`);
3. peak memory per worker (VmHWM, reset before each run through
   /proc/self/clear_refs, minus the worker's resident size before the run) vs
   the in-memory size of one partition (its two columns);
4. discrete, 1 worker vs 2 workers (each ``threads_per_worker=1``) — target:
   >= 1.6x faster with 2.

Two more sections, each run alone (two discrete score columns, ``m`` and ``m2``,
10^4 distinct values each):

- ``--delong``: the paired DeLong test's second pass over Parquet files,
  given the first pass's tables, vs reading the
  three columns with pyarrow (:func:`delong_section`);
- ``--arrays``: dask arrays in worker memory vs the same rows as Parquet files,
  ``ci=False`` and ``ci=True`` (:func:`arrays_section`).

Times are the best of ``--repeats`` runs (the machine is shared).
"""

import argparse
import contextlib
import glob
import os
import shutil
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def write_dataset(directory, rows, rows_per_file, kind, seed, models=1):
    """Parquet files of ``y_true`` and ``models`` score columns (``m``, then ``m2``)."""
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
        columns = {"y_true": y, "m": m}
        if models == 2:  # a second model, correlated with the first (10^4 distinct)
            half = np.floor(np.round(m * 6_000.0, 3))  # 0 .. 4999, from the first
            m2 = np.round((half + rng.integers(0, 5_000, n)) / 12_000.0, 6)
            columns["m2"] = m2 if kind == "discrete" else m + rng.normal(size=n)
        pq.write_table(pa.table(columns), path)
    return sorted(glob.glob(os.path.join(directory, "*.parquet")))


def pyarrow_read(files, columns=("y_true", "m")):
    import pyarrow.parquet as pq

    n = 0
    for path in files:
        n += pq.read_table(path, columns=list(columns)).num_rows
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
    this process, the ranges, and the peak memory per worker against
    one partition's two columns in memory (the default budget is twice that).
    """
    from evalplots.dask import ranking_summary
    from evalplots.dask._evaluate import memory_budget_of, prepare

    print(f"load before: {os.getloadavg()}  rows={args.rows:,}  "
          f"rows/file={args.rows_per_file:,}")
    files = write_dataset(os.path.join(args.dir, "continuous"), args.rows,
                          args.rows_per_file, "continuous", 2)
    pattern = os.path.join(args.dir, "continuous", "*.parquet")
    partition_bytes = args.rows_per_file * (1 + 8)  # int8 label + float64 score
    budget = memory_budget_of(None, prepare(pattern, labels=[0, 1])[2])
    with _two_workers() as client:
        ranking_summary(
            os.path.join(args.dir, "continuous", "part-0000[01].parquet"),
            labels=[0, 1], memory_budget=budget)  # warm-up, both workers
        t_cont, ((r, mem), cpu_cont) = best(lambda: cpu_seconds(
            client, lambda: worker_memory(
                client, lambda: ranking_summary(pattern, labels=[0, 1]))), 1)
    t_sort, cpu_sort = sort_time(files)
    print(f"\n[2 workers] continuous (all distinct), {args.rows:,} rows in {len(files)} "
          f"files, exact range path: {t_cont:.2f} s ({r.method}: {r.n_ranges} ranges "
          f"by Dask's shuffle, largest range {r.range_rows:,} scores; budget "
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
    parser.add_argument("--delong", action="store_true",
                        help="only the DeLong pass of two models (see delong_section)")
    parser.add_argument("--arrays", action="store_true",
                        help="only dask arrays vs Parquet files (see arrays_section)")
    args = parser.parse_args()
    if args.continuous:
        return continuous_section(args)
    if args.delong:
        return delong_section(args)
    if args.arrays:
        return arrays_section(args)

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
                      f"{t_cont:8.2f} s  ({rc.method}, {rc.n_ranges} ranges by Dask's "
                      f"shuffle; AUC "
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


def _two_models(args):
    """(files, glob) of the dataset of two discrete models, written if missing."""
    print(f"load before: {os.getloadavg()}  rows={args.rows:,}  "
          f"rows/file={args.rows_per_file:,}")
    files = write_dataset(os.path.join(args.dir, "discrete2"), args.rows,
                          args.rows_per_file, "discrete", 3, models=2)
    return files, os.path.join(args.dir, "discrete2", "*.parquet")


@contextlib.contextmanager
def _two_workers():
    """A client of a LocalCluster of 2 worker processes, evalplots.dask imported."""
    import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None,
                                  scheduler_kwargs={"dashboard_address": ":0"},
                                  memory_limit="8GiB", silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        client.run(lambda: __import__("evalplots.dask"))  # imports off the clock
        yield client


def delong_section(args):
    """The paired DeLong test's second pass, two discrete models (10^4 distinct each).

    ``evaluate(ci=True)`` runs the first pass (tables, McNemar pairs, losses)
    and then the DeLong pass (each row's placement under each model, from the
    merged tables); ``ci=False`` only the first. The pass alone is timed given
    the first pass's tables, against reading the same three columns with
    pyarrow in this process.
    """
    from evalplots.dask import _evaluate, evaluate

    files, pattern = _two_models(args)
    columns = ("y_true", "m", "m2")
    with _two_workers() as client:
        parts, spec, info = _evaluate.prepare(pattern, labels=[0, 1])
        summary = _evaluate._evaluate_binary(
            parts, spec, info, pos_label=None, threshold=0.5, method="auto",
            memory_budget=_evaluate.DEFAULT_MEMORY_BUDGET, split_every=8, n_bins=1000,
            max_points=20_000, delong=False, progress=None)[0]

        def delong_pass():
            return _evaluate._delong_pass(parts, spec, summary.tables, 1, split_every=8,
                                          progress=None)

        t_pass, _ = best(delong_pass, args.repeats)
        _, cpu_pass = cpu_seconds(client, delong_pass)
        t_all, ev = best(lambda: evaluate(pattern, labels=[0, 1], ci=True), args.repeats)
        t_read, n = best(lambda: pyarrow_read(files, columns), args.repeats)
        _, cpu_read = cpu_seconds(None, lambda: pyarrow_read(files, columns))
        t_first, _ = best(lambda: evaluate(pattern, labels=[0, 1], ci=False), args.repeats)
    test = next(c for c in ev.comparisons if c.test == "DeLong")
    print(f"\n[2 workers] two discrete models (10^4 distinct), {n:,} rows in "
          f"{len(files)} files")
    print(f"  pyarrow read of the 3 columns:         {t_read:6.2f} s  (CPU {cpu_read:.2f} s)")
    print(f"  evaluate(ci=False), first pass only:   {t_first:6.2f} s  "
          f"ratio {t_first / t_read:.2f}")
    print(f"  the DeLong pass alone:                 {t_pass:6.2f} s  ratio "
          f"{t_pass / t_read:5.2f}  CPU {cpu_pass:5.2f} s  ratio {cpu_pass / cpu_read:5.2f}")
    print(f"  evaluate(ci=True):                     {t_all:6.2f} s")
    print(f"  DeLong: AUC difference {test.difference:.6f}, CI [{test.ci.low:.6f}, "
          f"{test.ci.high:.6f}], p = {test.pvalue:.3g} ({test.note})")
    print(f"load after: {os.getloadavg()}")
    if not args.keep:
        shutil.rmtree(os.path.join(args.dir, "discrete2"))


def _file_block(path):
    """One file's (labels, scores of m, scores of m2) as numpy arrays (array blocks)."""
    import pyarrow.parquet as pq

    table = pq.read_table(path, columns=["y_true", "m", "m2"])
    return tuple(table.column(k).to_numpy() for k in ("y_true", "m", "m2"))


def arrays_section(args):
    """Dask arrays in worker memory vs the same rows as Parquet files (in blocks).

    Two discrete models (the data of :func:`delong_section`). The arrays' blocks
    are the files' columns, read and persisted on the workers before the clock
    starts, so the arrays' time is the reduction alone while the files' time
    includes reading them: a per-row comparison of the chunk path (validation
    and tables of in-memory chunks) with the files' blocks, for the first
    pass (``ci=False``) and with the DeLong pass (``ci=True``).
    """
    import dask
    import dask.array as da
    import distributed
    import pyarrow.parquet as pq

    from evalplots.dask import evaluate

    files, pattern = _two_models(args)
    sizes = [pq.ParquetFile(f).metadata.num_rows for f in files]
    n = sum(sizes)
    with _two_workers() as client:
        blocks = [dask.delayed(_file_block, nout=3)(f) for f in files]
        y, m, m2 = client.persist([
            da.concatenate([da.from_delayed(b[k], shape=(size,), dtype=dtype)
                            for b, size in zip(blocks, sizes)])
            for k, dtype in enumerate((np.int8, np.float64, np.float64))])
        distributed.wait([y, m, m2])
        timed = {}

        def arrays(ci):
            return best(lambda: evaluate(y, {"m": m, "m2": m2}, labels=[0, 1], ci=ci),
                        args.repeats)

        for ci in (False, True):
            timed["arrays", ci] = arrays(ci)
            timed["files", ci] = best(lambda: evaluate(pattern, labels=[0, 1], ci=ci),
                                      args.repeats)
    print(f"\n[2 workers] two discrete models (10^4 distinct), {n:,} rows in {len(files)} "
          f"partitions")
    for ci in (False, True):
        (t_a, _), (t_f, _) = timed["arrays", ci], timed["files", ci]
        print(f"  ci={ci!s:5}: Parquet files (in blocks) {t_f:6.2f} s "
              f"({t_f / n * 1e9:5.1f} ns/row); dask arrays in worker memory {t_a:6.2f} s "
              f"({t_a / n * 1e9:5.1f} ns/row); arrays / files = {t_a / t_f:.2f}")
    p = [next(c.pvalue for c in e.comparisons if c.test == "DeLong")
         for e in (timed["arrays", True][1], timed["files", True][1])]
    print(f"  same DeLong test: z of arrays and files "
          f"{[next(c.note for c in e.comparisons if c.test == 'DeLong') for e in (timed['arrays', True][1], timed['files', True][1])]}, p {p}")
    print(f"load after: {os.getloadavg()}")

if __name__ == "__main__":
    main()
