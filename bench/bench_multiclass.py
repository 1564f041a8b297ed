"""Benchmark: evalplots' multi-class metrics vs scikit-learn, side by side in one process.

Run by hand (not a test)::

    python bench/bench_multiclass.py                 # n = 1e5 and 1e6, 10 classes
    python bench/bench_multiclass.py --max-n 100000 --repeat 3
    python bench/bench_multiclass.py --only "ovr macro"   # the lines whose name has it

Data: 10 classes; the true class gets a score bonus, so the predicted class (argmax
of the probabilities) is right about 70 % of the time; probabilities are rows that
sum to 1. For each n it prints the median time of evalplots and scikit-learn and
their ratio (sklearn / evalplots: > 1 means evalplots is faster).

Target: roc_auc_score(multi_class='ovr', average='macro') at n = 1e6,
10 classes, at least 3x faster than scikit-learn in the same run.
"""

import argparse
import os
import sys
import warnings

import numpy as np
import sklearn
import sklearn.metrics as skm

sys.path.insert(0, os.path.dirname(__file__))
from _timing import fmt_time, median_time  # noqa: E402

import evalplots.metrics as epm  # noqa: E402

N_CLASSES = 10


def make_data(n, n_classes=N_CLASSES, seed=0):
    """True labels, predicted labels (argmax) and probabilities of shape (n, n_classes)."""
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n)
    raw = rng.random((n, n_classes))
    raw[np.arange(n), y_true] += 0.6
    prob = raw / raw.sum(axis=1, keepdims=True)
    return y_true, prob.argmax(axis=1), prob


def cases(y_true, y_pred, prob):
    """(name, call) pairs; each call takes the metrics module (evalplots or sklearn)."""
    out = [
        (
            f"roc_auc_score ovr {average}",
            lambda m, a=average: m.roc_auc_score(y_true, prob, multi_class="ovr", average=a),
        )
        for average in ("macro", "weighted", "micro")
    ]
    return out + [
        ("roc_auc_score ovo macro",
         lambda m: m.roc_auc_score(y_true, prob, multi_class="ovo", average="macro")),
        ("classification_report", lambda m: m.classification_report(y_true, y_pred)),
        ("balanced_accuracy_score", lambda m: m.balanced_accuracy_score(y_true, y_pred)),
        (f"confusion_matrix ({N_CLASSES} classes)",
         lambda m: m.confusion_matrix(y_true, y_pred)),
        (f"log_loss ({N_CLASSES} classes)", lambda m: m.log_loss(y_true, prob)),
    ]  # fmt: skip


def bench_speed(sizes, repeat, only=""):
    print(f"numpy {np.__version__}, scikit-learn {sklearn.__version__}, "
          f"{N_CLASSES} classes")  # fmt: skip
    header = f"{'n':>9} {'function':<30} {'evalplots':>11} {'sklearn':>11} {'sk/ours':>8}"
    print(header)
    print("-" * len(header))
    for n in sizes:
        reps = repeat if n < 10**6 else max(3, repeat // 2)
        data = make_data(n)
        for name, call in cases(*data):
            if only not in name:
                continue
            t_ours = median_time(lambda: call(epm), repeat=reps)
            t_theirs = median_time(lambda: call(skm), repeat=reps)
            print(
                f"{n:>9} {name:<30} {fmt_time(t_ours)} {fmt_time(t_theirs)} "
                f"{t_theirs / t_ours:7.1f}x",
                flush=True,
            )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=float, default=1e6)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", default="", help="time only the functions named so")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # neither library's notes are under test here
    bench_speed([n for n in (10**5, 10**6) if n <= args.max_n], args.repeat, args.only)


if __name__ == "__main__":
    main()
