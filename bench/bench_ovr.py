"""Benchmark: one-vs-rest curves and scores, evalplots vs scikit-learn, in one process.

Run by hand (not a test)::

    python bench/bench_ovr.py                    # n = 1e3, 1e5, 1e6; k = 10
    python bench/bench_ovr.py --max-n 100000 --classes 5

The task is what the OvR Displays (and the evaluation object) need for a k-class
score matrix: the ROC and the P-R curve of every class and of the micro average,
each class's and the micro AUC, AP and BEP. evalplots sorts and counts each of the
k + 1 binary problems once (``ovr_counts``) and reads both curves and all scores off
those counts, plus the exact macro curves. The scikit-learn side calls
``roc_curve``, ``precision_recall_curve``, ``roc_auc_score`` and
``average_precision_score`` per class and on the pooled problem (no BEP, no exact
macro curves: it does less). Printed: the median time of each and the ratio
(scikit-learn / evalplots: > 1 means evalplots is faster).
"""

import argparse
import os
import sys

import numpy as np
import sklearn
import sklearn.metrics as skm

sys.path.insert(0, os.path.dirname(__file__))
from _timing import fmt_time, median_time  # noqa: E402

from evalplots.metrics.ranking._ovr_curves import (  # noqa: E402
    ovr_counts,
    ovr_precision_recall_curves,
    ovr_roc_curves,
)


def make_data(n, k, seed=0):
    """Class codes and softmax scores rounded to 3 decimals (ties), every class present."""
    rng = np.random.default_rng(seed)
    y = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    logits = rng.normal(size=(n, k)) + 1.5 * np.eye(k)[y]
    proba = np.exp(logits)
    proba /= proba.sum(axis=1, keepdims=True)
    return y, np.round(proba, 3)


def ours(y, proba):
    counts = ovr_counts(y, proba)
    return ovr_roc_curves(counts), ovr_precision_recall_curves(counts)


def theirs(y, proba):
    k = proba.shape[1]
    onehot = (y[:, None] == np.arange(k)).astype(int)
    problems = [(onehot[:, c], proba[:, c]) for c in range(k)]
    problems.append((onehot.ravel(), proba.ravel()))
    out = []
    for yc, sc in problems:
        out.append((
            skm.roc_curve(yc, sc),
            skm.precision_recall_curve(yc, sc),
            skm.roc_auc_score(yc, sc),
            skm.average_precision_score(yc, sc),
        ))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max-n", type=float, default=1e6)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"numpy {np.__version__}, scikit-learn {sklearn.__version__}, "
          f"k = {args.classes} classes, scores rounded to 3 decimals")
    print(f"{'n':>9s} {'evalplots':>12s} {'scikit-learn':>12s} {'ratio':>7s}")
    for n in (1e3, 1e5, 1e6, 1e7):
        if n > args.max_n:
            break
        y, proba = make_data(int(n), args.classes)
        t_ours = median_time(lambda: ours(y, proba), repeat=args.repeat)
        t_theirs = median_time(lambda: theirs(y, proba), repeat=args.repeat)
        print(f"{n:9.0e} {fmt_time(t_ours)} {fmt_time(t_theirs)} {t_theirs / t_ours:6.1f}x")


if __name__ == "__main__":
    main()
