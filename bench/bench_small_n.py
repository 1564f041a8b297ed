"""Benchmark: per-call cost of the binary ranking metrics at small n, against scikit-learn.

Run by hand (not a test)::

    python bench/bench_small_n.py                 # n = 100 and 1,000
    python bench/bench_small_n.py --sizes 100 --repeat 7
    python bench/bench_small_n.py --clock cpu      # CPU time: steadier on a busy machine
    PYTHONPATH=/path/to/old/tree python bench/bench_small_n.py   # the same, old code

Users call these metrics in loops (folds, queries, their own bootstraps), where the
per-call overhead (validation, dispatch, setup) matters more than the sort. For each
n (30 % positives) and four input kinds (distinct float scores; scores rounded to 2
decimals, so ties; random float sample weights; string labels with ``pos_label``)
it prints the median time per call of evalplots and of scikit-learn's function of
the same name where there is one, and their ratio (sklearn / evalplots: > 1 means
evalplots is faster). Target: every function at most 60 µs per call at n = 100.
Print ``uptime`` beside the numbers: the machine may be shared.

It also times the confusion-cell kernel of the binary bootstrap (F1, MCC and
balanced accuracy of a stack of 2000 resampled 2 x 2 matrices, one call per
interval table and model).
"""

import argparse
import os
import sys
import time

import numpy as np
from sklearn import __version__ as sklearn_version, metrics as skm

sys.path.insert(0, os.path.dirname(__file__))
import evalplots.metrics as epm  # noqa: E402
from _timing import median_time  # noqa: E402
from bench_metrics import FUNCTIONS as CURVE_AND_SCORE_FUNCTIONS  # noqa: E402
from evalplots.metrics.classification._confusion import CellScores  # noqa: E402

# every public function of evalplots.metrics that sorts binary scores
FUNCTIONS = CURVE_AND_SCORE_FUNCTIONS + [
    "det_curve",
    "break_even_point",
    "rank_loss",
    "cumulative_gain_curve",
    "lift_curve",
    "ks_statistic",
    "metrics_at_thresholds",
    "optimal_threshold",
]
KINDS = ("distinct", "ties", "weighted", "str+pos_label")
TARGET_US = 60.0


def make_case(n, kind, seed=0):
    """``(y_true, y_score, keywords)`` of one input kind."""
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    y[0], y[1] = 0, 1  # both classes
    score = rng.random(n)
    if kind == "ties":
        return y, np.round(score, 2), {}
    if kind == "weighted":
        return y, score, {"sample_weight": rng.random(n)}
    if kind == "str+pos_label":
        return np.where(y == 1, "spam", "ham"), score, {"pos_label": "spam"}
    return y, score, {}


def _sklearn_call(name, y, s, kw):
    """scikit-learn's function of that name on the same input, or None."""
    func = getattr(skm, name, None)
    if func is None:
        return None
    if name == "roc_auc_score":  # no pos_label: it takes the greater label ('spam')
        kw = {k: v for k, v in kw.items() if k != "pos_label"}
    return lambda: func(y, s, **kw)


def cell_stack(m=2000, n=1000, seed=0):
    """``m`` resampled binary confusion matrices (m, 2, 2) of ``n`` rows, as floats."""
    rng = np.random.default_rng(seed)
    return rng.multinomial(n, [0.4, 0.1, 0.1, 0.4], size=m).reshape(m, 2, 2).astype(float)


def cell_scores(cells):
    """The three statistics the binary cell bootstrap reads of a stack."""
    scores = CellScores(cells)
    return scores.f1[:, 1], scores.mcc, scores.balanced_accuracy


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--functions", nargs="+", default=FUNCTIONS)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"evalplots from {os.path.dirname(epm.__file__)}")
    print(f"numpy {np.__version__}, scikit-learn {sklearn_version}; load "
          f"{os.getloadavg()[0]:.2f} (1 min); {args.clock} time")
    header = (f"{'n':>5} {'input':<14} {'function':<31} {'evalplots':>10} {'sklearn':>10} "
              f"{'sk/ours':>8}")
    print(header)
    print("-" * len(header))
    worst = {}
    for n in args.sizes:
        for kind in KINDS:
            y, s, kw = make_case(n, kind)
            for name in args.functions:
                ours = getattr(epm, name)
                t_ours = median_time(lambda: ours(y, s, **kw), repeat=args.repeat,
                                     clock=clock)
                theirs = _sklearn_call(name, y, s, kw)
                if theirs is None:
                    sk, ratio = f"{'-':>10}", f"{'-':>8}"
                else:
                    t_theirs = median_time(theirs, repeat=args.repeat, clock=clock)
                    sk, ratio = f"{t_theirs * 1e6:7.1f} µs", f"{t_theirs / t_ours:7.1f}x"
                print(f"{n:>5} {kind:<14} {name:<31} {t_ours * 1e6:7.1f} µs {sk} {ratio}")
                worst[n] = max(worst.get(n, (0.0, "")), (t_ours * 1e6, f"{name} ({kind})"))
    cells = cell_stack()
    t_cells = median_time(lambda: cell_scores(cells), repeat=args.repeat, clock=clock)
    print(f"cell kernel, F1/MCC/balanced accuracy of {cells.shape[0]} x 2 x 2 matrices: "
          f"{t_cells * 1e6:.1f} µs")
    for n, (t, what) in worst.items():
        flag = "within" if n != 100 or t <= TARGET_US else "ABOVE"
        print(f"slowest at n = {n}: {what}, {t:.1f} µs"
              + (f" ({flag} the {TARGET_US:.0f} µs target)" if n == 100 else ""))


if __name__ == "__main__":
    main()
