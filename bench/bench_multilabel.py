"""Side-by-side timings: evalplots' multilabel metrics vs scikit-learn.

Not a test. Run from the repository root with the test extra installed:

    python bench/bench_multilabel.py [--repeats 5] [--n 1000000] [--labels 20]

Times precision, recall and F1 (each average) on 0/1 indicator matrices of shape
(n, labels) — the target is >= 10x scikit-learn at n = 10⁶ with 20 labels —
and, for reference, the other multilabel metrics. Both libraries run in this one
process on the same int64 inputs; each number is the best of ``--repeats`` runs
(the machine is shared, so the minimum is the least disturbed run). Results are
checked equal before timing.
"""

import argparse
import time
import warnings

import numpy as np
import sklearn.metrics as skm

import evalplots.metrics as ep


def best_time(func, repeats):
    """Fastest of ``repeats`` runs of ``func``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def make_data(n, k, rng):
    """Indicator matrices with label frequencies from 2 % to 40 %, 80 % of entries right."""
    freq = np.linspace(0.02, 0.4, k)
    y_true = (rng.random((n, k)) < freq).astype(np.int64)
    flip = rng.random((n, k)) < 0.2
    y_pred = np.where(flip, 1 - y_true, y_true)
    y_score = np.round(np.clip(y_true * 0.3 + rng.random((n, k)) * 0.7, 0, 1), 3)
    return y_true, y_pred, y_score


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--labels", type=int, default=20)
    args = parser.parse_args()
    y_true, y_pred, y_score = make_data(args.n, args.labels, np.random.default_rng(0))
    weight = np.random.default_rng(1).random(args.n)
    n_small = min(args.n, 100_000)  # the ranking metrics loop over rows in scikit-learn
    cases = [
        (f"precision_recall_fscore_support {avg}", "precision_recall_fscore_support",
         (y_true, y_pred), {"average": avg, "zero_division": 0})
        for avg in ("micro", "macro", "weighted", "samples", None)
    ] + [
        ("f1_score macro, sample_weight", "f1_score", (y_true, y_pred),
         {"average": "macro", "sample_weight": weight}),
        ("jaccard_score samples", "jaccard_score", (y_true, y_pred),
         {"average": "samples", "zero_division": 0}),
        ("hamming_loss", "hamming_loss", (y_true, y_pred), {}),
        ("accuracy_score (subset)", "accuracy_score", (y_true, y_pred), {}),
        ("multilabel_confusion_matrix", "multilabel_confusion_matrix", (y_true, y_pred), {}),
        ("roc_auc_score macro", "roc_auc_score", (y_true, y_score), {"average": "macro"}),
        ("average_precision_score micro", "average_precision_score", (y_true, y_score),
         {"average": "micro"}),
        (f"label_ranking_loss (n={n_small})", "label_ranking_loss",
         (y_true[:n_small], y_score[:n_small]), {}),
        (f"coverage_error (n={n_small})", "coverage_error",
         (y_true[:n_small], y_score[:n_small]), {}),
        (f"label_ranking_average_precision_score (n={n_small})",
         "label_ranking_average_precision_score", (y_true[:n_small], y_score[:n_small]), {}),
    ]  # fmt: skip
    print(f"n = {args.n:,} samples x {args.labels} labels (int64 0/1), best of {args.repeats}")
    print(f"{'metric':<52} {'evalplots':>10} {'sklearn':>10} {'ratio':>7}")
    for title, name, data, kwargs in cases:
        ours = getattr(ep, name)
        theirs = getattr(skm, name)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            a, b = ours(*data, **kwargs), theirs(*data, **kwargs)
            for x, y in zip(np.atleast_1d(a), np.atleast_1d(b)):
                if y is not None:
                    np.testing.assert_allclose(x, y, rtol=1e-9)
            t_ours = best_time(lambda: ours(*data, **kwargs), args.repeats)
            t_theirs = best_time(lambda: theirs(*data, **kwargs), args.repeats)
        print(f"{title:<52} {t_ours * 1e3:8.1f}ms {t_theirs * 1e3:8.1f}ms "
              f"{t_theirs / t_ours:6.1f}x")  # fmt: skip


if __name__ == "__main__":
    main()
