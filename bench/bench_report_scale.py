"""The speed targets of the standard report, measured in one run.

Run by hand (not a test), from the repository root::

    python bench/bench_report_scale.py [--runs 3] [--base /work/wt-base] [--cold-runs 5]

Writes binary predictions CSVs (``y_true`` with 10 % positives and two models of
continuous scores, six decimals, like the bundled sample) of 10³, 10⁵ and 10⁶ rows,
then runs ``python -m evalplots.cli report FILE -o OUT.pdf`` for each in a fresh
interpreter, the runs taking turns so that they share the machine's load. Each
child's wall time, CPU time (user + system: less disturbed by other processes on
a shared machine) and peak resident set size come from ``os.wait4`` (its own
``ru_maxrss``, not the maximum over all children). Every time is the best of
``--runs``; the machine's load average is printed with the results.

Targets, each a same-run ratio:

(a) report without intervals: time(10⁶) - time(10³) <= 3 x ``pandas.read_csv``
    of the 10⁶-row file (best of ``--runs`` in this process);
(b) report with intervals at 10⁵ rows <= 1.6 x the same report with ``--no-ci``
    (when the CLI has no ``--no-ci``, the script says so and times only the
    default report);
(f) report with intervals at 10⁶ rows <= 2 x the same report with ``--no-ci``,
    and its max RSS <= that of the ``--no-ci`` report + 150 MB;
(c) PDF size of 10⁶ rows <= 1.5 x that of 10³ rows;
(d) max RSS of the 10⁶-row report - that of the 10³-row report <= 150 MB;
(e) cold start, ``evalplots report`` on the bundled sample: this tree <= 0.7 x the
    ``--base`` tree (main before the change measured), timed as in bench/bench_cold_start.py.

Where the time of (a) goes, stage by stage (read, sort, each curve, each thinning,
each figure, SVG, svglib, PDF build): bench/bench_report_breakdown.py.
"""

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_cold_start import cold_start_times  # noqa: E402


def write_csv(path, n, seed=0):
    """An n-row binary predictions CSV: y_true and two six-decimal score columns."""
    import pandas as pd

    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.1).astype(np.int64)
    frame = pd.DataFrame({
        "y_true": y,
        "good": np.clip(0.3 * y + rng.normal(0.4, 0.15, n), 0, 1),
        "weak": np.clip(0.1 * y + rng.normal(0.45, 0.2, n), 0, 1),
    })
    frame.to_csv(path, index=False, float_format="%.6f")


def run_report(tree, csv, out, extra=()):
    """(wall s, max RSS bytes, PDF bytes, CPU s) of one CLI report in a new interpreter."""
    env = {**os.environ, "PYTHONPATH": str(tree), "MPLBACKEND": "Agg"}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "evalplots.cli", "report", str(csv), "-o", str(out),
         *extra], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"report failed ({proc.returncode}): {stderr.decode()}")
    return (wall, usage.ru_maxrss * 1024, os.path.getsize(out),
            usage.ru_utime + usage.ru_stime)


def has_option(tree, option):
    """Whether ``evalplots report --help`` of ``tree`` lists ``option``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    text = subprocess.run([sys.executable, "-m", "evalplots.cli", "report", "--help"],
                          env=env, capture_output=True, text=True, check=True).stdout
    return option in text


def best_read_csv(path, runs):
    import pandas as pd

    pd.read_csv(path)  # warm the file cache
    times = []
    for _ in range(runs):
        start, cpu = time.perf_counter(), time.process_time()
        pd.read_csv(path)
        times.append((time.perf_counter() - start, time.process_time() - cpu))
    return tuple(min(t[i] for t in times) for i in range(2))


def verdict(ok):
    return "PASS" if ok else "FAIL"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each report")
    parser.add_argument("--tree", default=str(ROOT), help="tree to measure")
    parser.add_argument("--base", default="/work/wt-base",
                        help="baseline tree for the cold start (target e); '' skips it")
    parser.add_argument("--cold-runs", type=int, default=5)
    options = parser.parse_args(argv)
    tree = pathlib.Path(options.tree)
    no_ci = has_option(tree, "--no-ci")
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        csvs = {n: tmp / f"pred_{n}.csv" for n in (10**3, 10**5, 10**6)}
        for n, path in csvs.items():
            write_csv(path, n)
        jobs = {("plain", 10**3): ["--no-ci"] if no_ci else [],
                ("plain", 10**6): ["--no-ci"] if no_ci else [],
                ("ci", 10**5): []}
        if no_ci:
            jobs["plain", 10**5] = ["--no-ci"]
            jobs["ci", 10**6] = []
        results = {key: [] for key in jobs}
        for key, extra in jobs.items():  # warm the .pyc files and the file cache
            run_report(tree, csvs[key[1]], tmp / "warm.pdf", extra)
        read = best_read_csv(csvs[10**6], options.runs)
        for _ in range(options.runs):
            for key, extra in jobs.items():
                out = tmp / f"{key[0]}_{key[1]}.pdf"
                results[key].append(run_report(tree, csvs[key[1]], out, extra))
        again = best_read_csv(csvs[10**6], options.runs)
        read = (min(read[0], again[0]), min(read[1], again[1]))
        cold = None
        if options.base:
            cold = cold_start_times([str(options.base), str(tree)], options.cold_runs)
    load_after = os.getloadavg()

    def best(key, i):
        values = [r[i] for r in results[key]]
        return min(values)

    mb = 2**20
    print(f"tree {tree}; best of {options.runs} runs of each report; load average "
          f"{load_before[0]:.2f} before, {load_after[0]:.2f} after "
          f"({os.cpu_count()} cores)")
    print(f"{'report':22} {'wall':>8} {'CPU':>8} {'max RSS':>10} {'PDF':>10}")
    for key in results:
        label = f"{key[1]:>9,} rows {'' if key[0] == 'ci' or not no_ci else '--no-ci'}"
        print(f"{label:22} {best(key, 0):7.2f}s {best(key, 3):7.2f}s "
              f"{best(key, 1) / mb:8.1f}MB {best(key, 2) / 1024:8.1f}kB")
    print(f"pandas.read_csv(10⁶ rows) {read[0]:.3f} s wall, {read[1]:.3f} s CPU")
    print()
    small, large = ("plain", 10**3), ("plain", 10**6)
    for i, kind in ((0, "wall"), (3, "CPU")):
        delta = best(large, i) - best(small, i)
        ref = read[0 if i == 0 else 1]
        print(f"(a) {kind:4} time(10⁶) - time(10³) = {delta:.2f} s = {delta / ref:.1f} x "
              f"read_csv (target <= 3): {verdict(delta / ref <= 3)}")
    if no_ci:
        for i, kind in ((0, "wall"), (3, "CPU")):
            ratio = best(("ci", 10**5), i) / best(("plain", 10**5), i)
            print(f"(b) {kind:4} 10⁵ rows with / without intervals = {ratio:.2f} "
                  f"(target <= 1.6): {verdict(ratio <= 1.6)}")
        for i, kind in ((0, "wall"), (3, "CPU")):
            ratio = best(("ci", 10**6), i) / best(("plain", 10**6), i)
            print(f"(f) {kind:4} 10⁶ rows with / without intervals = {ratio:.2f} "
                  f"(target <= 2): {verdict(ratio <= 2)}")
        extra = (best(("ci", 10**6), 1) - best(("plain", 10**6), 1)) / 2**20
        print(f"(f) max RSS 10⁶ rows with - without intervals = {extra:.0f} MB "
              f"(target <= 150): {verdict(extra <= 150)}")
    else:
        print("(b) not measured: this CLI has no --no-ci option yet; the (a) reports "
              "are the default report (with whatever intervals it draws)")
    size = best(large, 2) / best(small, 2)
    print(f"(c) PDF size 10⁶ / 10³ = {size:.2f} (target <= 1.5): {verdict(size <= 1.5)}")
    rss = (best(large, 1) - best(small, 1)) / mb
    print(f"(d) max RSS 10⁶ - 10³ = {rss:.0f} MB (target <= 150): {verdict(rss <= 150)}")
    if cold is not None:
        base, ours = (cold[str(options.base)], cold[str(tree)])
        for i, kind in enumerate(("wall", "CPU")):
            ratio = min(s[i] for s in ours) / min(s[i] for s in base)
            print(f"(e) cold start {kind}: base {min(s[i] for s in base):.2f} s, this "
                  f"tree {min(s[i] for s in ours):.2f} s, ratio {ratio:.2f} "
                  f"(target <= 0.7): {verdict(ratio <= 0.7)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
