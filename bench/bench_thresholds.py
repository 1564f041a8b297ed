"""Timings of the threshold table, the optimal threshold and the threshold-curve band.

Not a test. Run from the repository root with the test extra installed:

    python bench/bench_thresholds.py [--n 100000] [--resamples 1000]

1. ``metrics_at_thresholds`` (every rate at every distinct score, one sort) against
   scikit-learn's ``precision_recall_curve`` + ``roc_curve`` (two sorts, fewer
   columns), and against ``sklearn.metrics.metric_at_thresholds`` with f1_score on a
   small input (it evaluates the metric once per threshold).
2. ``optimal_threshold`` for each criterion.
3. The stratified bootstrap band of MetricThresholdCurveDisplay (101 grid points,
   precision/recall/F1), unweighted (multinomial cell counts) and weighted (sample
   draws).
All in this one process, on the same inputs; medians of several runs.
"""

import argparse
import pathlib
import sys

import numpy as np
import sklearn.metrics as skm

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from _timing import fmt_time, median_time  # noqa: E402

from evalplots.metrics import metrics_at_thresholds, optimal_threshold  # noqa: E402
from evalplots.metrics.inference._threshold_bands import threshold_metric_bands  # noqa: E402
from evalplots.metrics.ranking._thresholds import binary_scores  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--resamples", type=int, default=1000)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, args.n)
    s = rng.normal(y, 1.0)
    w = rng.uniform(0.5, 2.0, args.n)

    def sk_curves():
        skm.precision_recall_curve(y, s)
        skm.roc_curve(y, s, drop_intermediate=False)

    ours = median_time(lambda: metrics_at_thresholds(y, s))
    theirs = median_time(sk_curves)
    print(f"n = {args.n:,}")
    print(f"metrics_at_thresholds        {fmt_time(ours)}  (all 12 columns)")
    print(f"sklearn PR curve + ROC curve {fmt_time(theirs)}  ratio {theirs / ours:.1f}x")
    small = 2_000
    ys, ss = y[:small], np.round(s[:small], 2)
    ours_small = median_time(lambda: metrics_at_thresholds(ys, ss).fbeta)
    theirs_small = median_time(
        lambda: skm.metric_at_thresholds(ys, ss, skm.f1_score), repeat=3
    )
    print(f"n = {small:,} ({np.unique(ss).size} thresholds): F1 at every threshold")
    print(f"  metrics_at_thresholds      {fmt_time(ours_small)}")
    print(f"  sklearn metric_at_thresholds(f1_score) {fmt_time(theirs_small)}  "
          f"ratio {theirs_small / ours_small:.0f}x")  # fmt: skip
    for criterion in ("youden", "f1", "cost"):
        t = median_time(lambda c=criterion: optimal_threshold(y, s, criterion=c))
        print(f"optimal_threshold({criterion!r:9}) {fmt_time(t)}")
    grid = np.linspace(s.min(), s.max(), 101)
    names = ["precision", "recall", "f1"]
    for label, data in (("unweighted", binary_scores(y, s)),
                        ("weighted", binary_scores(y, s, sample_weight=w))):  # fmt: skip
        t = median_time(
            lambda d=data: threshold_metric_bands(d, grid, names,
                                                  n_resamples=args.resamples,
                                                  random_state=0),
            repeat=3,
        )  # fmt: skip
        print(f"band, {args.resamples} resamples, 101 thresholds, {label:10} {fmt_time(t)}")


if __name__ == "__main__":
    main()
