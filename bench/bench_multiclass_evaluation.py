"""Benchmark: build time and peak memory of a multi-class evaluation, trees side by side.

Run by hand (not a test), from the repository root::

    python bench/bench_multiclass_evaluation.py . /work/base            # every case
    python bench/bench_multiclass_evaluation.py . /work/base --only digits --repeat 7

Each case runs in a fresh interpreter per tree (``PYTHONPATH=<tree>``), the trees
taking turns case by case so that they share the machine's load. A case builds
``evaluate(...)`` and reads what the report reads: the metrics table, the
intervals, the comparisons and each score model's ROC and precision-recall
Displays. Its time is the best of ``--repeat`` builds (3 at 10⁶ rows, 1 at
2×10⁵) in CPU time (``time.process_time``: less disturbed by other processes than
the wall time); its peak memory is the child's own maximum resident set size
(``os.wait4``: the data, then one build at a time). The ratios are each tree's CPU
time over the first tree's, in the same run.

Cases:

- ``digits``, ``digits fractional``: the bundled digits sample (1,797 rows, two
  probability models, 10 classes), unweighted and with weights ``U(0, 1) + 0.1``;
- ``2e5 x 3 fractional``: 2×10⁵ rows, three probability models, 10 classes,
  fractional weights (about half a minute per build);
- ``1e6 memory``: 10⁶ rows, one probability model, 10 classes, unweighted: the
  peak resident memory of one build (the data are 80 MB of it).
"""

import argparse
import gc
import json
import os
import subprocess
import sys
import time
import warnings

import numpy as np

CASES = {
    "digits": dict(n=None, models=2, weights=None, repeat=None),
    "digits fractional": dict(n=None, models=2, weights="fractional", repeat=None),
    "2e5 x 3 fractional": dict(n=200_000, models=3, weights="fractional", repeat=1),
    "1e6 memory": dict(n=1_000_000, models=1, weights=None, repeat=3),
}


def make_data(case):
    """(y_true, predictions, sample_weight) of a case."""
    spec = CASES[case]
    rng = np.random.default_rng(0)
    if spec["n"] is None:
        from evalplots.datasets import load_digits_predictions

        data = load_digits_predictions()
        y, predictions = data.y_true, data.predictions
    else:
        n, k = spec["n"], 10
        y = rng.integers(0, k, n)
        predictions = {}
        for m in range(spec["models"]):
            raw = rng.random((n, k))
            raw[np.arange(n), y] += 0.3 + 0.2 * m
            predictions[f"model {m}"] = raw / raw.sum(axis=1, keepdims=True)
    weight = rng.random(y.shape[0]) + 0.1 if spec["weights"] == "fractional" else None
    return y, predictions, weight


def build(y, predictions, weight):
    from evalplots import evaluate

    ev = evaluate(y, predictions, task="multiclass", sample_weight=weight)
    ev.metrics_table, ev.intervals, ev.comparisons
    for name in ev.model_names:
        if ev[name].has_scores:
            ev.roc_display(name), ev.precision_recall_display(name)
    return ev


def child(case, repeat):
    """Print the best CPU time of ``repeat`` builds of ``case`` as JSON."""
    warnings.simplefilter("ignore")
    data = make_data(case)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        ev = build(*data)
        best = min(best, time.process_time() - start)
        del ev
        gc.collect()  # an evaluation and its models hold one another: free it now
    print(json.dumps({"cpu": best}))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="*", default=["."],
                        help="checkouts to compare; ratios are against the first")
    parser.add_argument("--repeat", type=int, default=5,
                        help="builds per child of the small cases (best CPU time)")
    parser.add_argument("--only", default="", help="run only the cases named so")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child, args.repeat)
    print(f"load average {os.getloadavg()[0]:.2f}; trees: {', '.join(args.trees)}")
    print(f"{'case':<20} {'tree':<28} {'CPU':>10} {'ratio':>6} {'max RSS':>9}")
    for case, spec in CASES.items():
        if args.only not in case:
            continue
        first = None
        for tree in args.trees:
            cpu, rss = _measure(tree, case, spec["repeat"] or args.repeat)
            first = first or cpu
            print(f"{case:<20} {tree:<28} {cpu * 1e3:8.1f} ms {cpu / first:6.3f} "
                  f"{rss / 2**20:6.0f} MiB", flush=True)
    return 0


def _measure(tree, case, repeat):
    """(best CPU s, max RSS bytes of the child) of ``case`` on ``tree``."""
    env = {**os.environ, "PYTHONPATH": os.path.abspath(tree), "MPLBACKEND": "Agg"}
    proc = subprocess.Popen(
        [sys.executable, os.path.abspath(__file__), "--child", case, "--repeat", str(repeat)],
        env=env, cwd=os.path.abspath(tree), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise RuntimeError(f"{case} on {tree} failed: {err.decode()}")
    return json.loads(out)["cpu"], usage.ru_maxrss * 1024


if __name__ == "__main__":
    sys.exit(main())
