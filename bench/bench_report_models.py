"""How the standard binary report grows with the number of models, in one run.

Run by hand (not a test), from the repository root::

    python bench/bench_report_models.py [--models 2,10,20,50] [--rows 300] [--runs 1]
                                        [--all-models]

Writes one binary predictions CSV per model count (``y_true`` with 30 %
positives; model k scores ``expit(N(0, 1) + (1 + 2 k / m) y - 1)``, six
decimals, like a hyper-parameter sweep whose models differ in strength), then
runs ``python -m evalplots.cli report FILE -o OUT.pdf`` (default intervals)
for each in a fresh interpreter, the counts taking turns. Each child's CPU time
(user + system), wall time and peak RSS come from ``os.wait4``; each is the
best of ``--runs``, with the load average printed beside them (the machine
may be shared).

Targets: CPU time at most linear in the number of models, and the 50-model
report <= 30 x the 2-model report. ``--all-models`` passes the option of that
name (every model drawn on every page) to measure what the summary saves.
"""

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np


def write_csv(path, n_models, n_rows, seed=0):
    """A sweep: ``n_models`` score columns of increasing strength."""
    import pandas as pd

    rng = np.random.default_rng(seed)
    y = (rng.random(n_rows) < 0.3).astype(np.int64)
    columns = {"y_true": y}
    for k in range(n_models):
        logit = rng.normal(0, 1, n_rows) + (1 + 2 * k / n_models) * y - 1
        columns[f"model_{k:03d}"] = 1 / (1 + np.exp(-logit))
    pd.DataFrame(columns).to_csv(path, index=False, float_format="%.6f")


def run_report(csv, out, extra=()):
    """(CPU s, wall s, max RSS bytes, stdout, stderr) of one CLI report."""
    root = pathlib.Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root), "MPLBACKEND": "Agg"}
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "evalplots.cli", "report", str(csv),
                             "-o", str(out), *extra], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stdout, stderr = proc.stdout.read(), proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        raise RuntimeError(f"report failed: {stderr.decode()}")
    return (usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss * 1024,
            stdout.decode().strip(), stderr.decode().strip())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="2,10,20,50")
    parser.add_argument("--rows", type=int, default=300)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--all-models", action="store_true")
    options = parser.parse_args(argv)
    counts = [int(m) for m in options.models.split(",")]
    extra = ["--all-models"] if options.all_models else []
    load = os.getloadavg()
    results = {m: [] for m in counts}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for m in counts:
            write_csv(tmp / f"m{m}.csv", m, options.rows)
        for _ in range(options.runs):
            for m in counts:
                results[m].append(run_report(tmp / f"m{m}.csv", tmp / f"m{m}.pdf", extra))
    print(f"{options.rows} rows; best of {options.runs}; load average {load[0]:.2f} "
          f"before, {os.getloadavg()[0]:.2f} after ({os.cpu_count()} cores; shared)"
          + (" --all-models" if extra else ""))
    base = min(r[0] for r in results[counts[0]])
    for m in counts:
        cpu = min(r[0] for r in results[m])
        wall = min(r[1] for r in results[m])
        rss = min(r[2] for r in results[m]) / 2**20
        print(f"{m:4} models: CPU {cpu:7.1f} s ({cpu / base:5.1f} x {counts[0]} models, "
              f"{cpu / m:5.2f} s per model), wall {wall:7.1f} s, max RSS {rss:6.0f} MB; "
              f"{results[m][0][3]}")
    if 2 in results and 50 in results:
        ratio = min(r[0] for r in results[50]) / min(r[0] for r in results[2])
        print(f"50 models / 2 models CPU = {ratio:.1f} (target <= 30): "
              f"{'PASS' if ratio <= 30 else 'FAIL'}")
    for m in counts:
        if results[m][0][4]:
            print(f"stderr at {m} models: {results[m][0][4]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
