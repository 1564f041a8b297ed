"""Benchmark: evalplots' ranking metrics vs scikit-learn, side by side in one process.

Run by hand (not a test)::

    python bench/bench_metrics.py            # n = 1e2, 1e4, 1e6, 1e7
    python bench/bench_metrics.py --max-n 1000000 --repeat 5

For each n (10 % positives) and two score kinds (distinct floats, and floats rounded
to 2 decimals: massive ties) it prints the median time of evalplots and scikit-learn,
their ratio (sklearn / evalplots: > 1 means evalplots is faster), and the ratio to
numpy's ``np.sort(y_score)``, the floor of any exact tie-aware method. It then
prints the peak extra memory of the curve functions at the largest n, in units of
8n bytes (one float64 copy of the scores).

Targets: roc_auc_score and average_precision_score at n >= 1e6 at least
3x faster than scikit-learn and within 2x of np.sort; the curve functions at least
2x faster; per-call time at n = 100 at most 1/10 of scikit-learn's; peak extra
memory of the curve functions at n = 1e7 at most 5 x 8n bytes.
"""

import argparse
import os
import sys

import numpy as np
import sklearn
import sklearn.metrics as skm

sys.path.insert(0, os.path.dirname(__file__))
from _timing import fmt_time, median_time, peak_extra_bytes  # noqa: E402

import evalplots.metrics as epm  # noqa: E402

FUNCTIONS = [
    "roc_auc_score",
    "average_precision_score",
    "roc_curve",
    "precision_recall_curve",
    "confusion_matrix_at_thresholds",
]


def _ours(name):
    return getattr(epm, name)


def _theirs(name):
    return getattr(skm, name)


def make_data(n, kind, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.1).astype(np.int64)
    y[0], y[1] = 0, 1  # both classes, even at tiny n
    score = rng.random(n)
    if kind == "rounded":
        score = np.round(score, 2)
    return y, score


def bench_speed(sizes, repeat):
    print(f"numpy {np.__version__}, scikit-learn {sklearn.__version__}")
    header = f"{'n':>9} {'scores':>9} {'function':<31} {'evalplots':>11} {'sklearn':>11} " \
             f"{'sk/ours':>8} {'ours/sort':>9}"
    print(header)
    print("-" * len(header))
    for n in sizes:
        reps = repeat if n <= 10**6 else max(3, repeat // 2)
        for kind in ("distinct", "rounded"):
            y, s = make_data(n, kind)
            t_sort = median_time(lambda: np.sort(s), repeat=reps)
            print(f"{n:>9} {kind:>9} {'np.sort(y_score)':<31} {fmt_time(t_sort)}")
            for name in FUNCTIONS:
                f_ours, f_theirs = _ours(name), _theirs(name)
                t_ours = median_time(lambda: f_ours(y, s), repeat=reps)
                t_theirs = median_time(lambda: f_theirs(y, s), repeat=reps)
                print(
                    f"{n:>9} {kind:>9} {name:<31} {fmt_time(t_ours)} {fmt_time(t_theirs)} "
                    f"{t_theirs / t_ours:7.1f}x {t_ours / t_sort:8.2f}x"
                )
            w = np.random.default_rng(1).random(n)
            for name in ("roc_auc_score", "roc_curve"):
                f_ours, f_theirs = _ours(name), _theirs(name)
                t_ours = median_time(lambda: f_ours(y, s, sample_weight=w), repeat=reps)
                t_theirs = median_time(lambda: f_theirs(y, s, sample_weight=w), repeat=reps)
                label = name + " (weighted)"
                print(
                    f"{n:>9} {kind:>9} {label:<31} {fmt_time(t_ours)} {fmt_time(t_theirs)} "
                    f"{t_theirs / t_ours:7.1f}x {t_ours / t_sort:8.2f}x"
                )


def bench_memory(n):
    print(f"\npeak extra memory at n = {n:.0e}, in units of 8n bytes ({8 * n / 2**20:.0f} MiB)")
    for kind in ("distinct", "rounded"):
        y, s = make_data(n, kind)
        for name in FUNCTIONS:
            ours = peak_extra_bytes(lambda: _ours(name)(y, s)) / (8 * n)
            theirs = peak_extra_bytes(lambda: _theirs(name)(y, s)) / (8 * n)
            print(f"  {kind:>9} {name:<31} evalplots {ours:5.2f}   sklearn {theirs:5.2f}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=float, default=1e7)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    sizes = [n for n in (10**2, 10**4, 10**6, 10**7) if n <= args.max_n]
    bench_speed(sizes, args.repeat)
    bench_memory(sizes[-1])


if __name__ == "__main__":
    main()
