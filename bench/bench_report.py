"""Standard report at scale: time per stage and how often each model's scores are sorted.

Run by hand (not a test): ``python bench/bench_report.py [--n 1000000]``. For a binary
problem with two models it times ``evaluate`` + the metrics table, the report build
(figures included) and the PDF save, and counts every ``np.sort``/``np.argsort`` call
on an array at least as large as the smaller class: the evaluation core promises one
sort of each class's half per model (two calls), whatever the pages draw. For the
10-class case it counts the one-vs-rest sorts (one per class column, plus one of the
pooled scores for the micro curve; each as two half-sorts). scikit-learn's equivalent (roc_curve,
precision_recall_curve, roc_auc_score, average_precision_score per model) is timed in
the same run for scale.
"""

import argparse
import os
import tempfile
import time

import numpy as np


def _count_sorts(min_size):
    sizes = []
    originals = {name: getattr(np, name) for name in ("sort", "argsort")}

    def wrap(original):
        def counted(a, *args, **kwargs):
            if np.size(a) >= min_size:
                sizes.append(np.size(a))
            return original(a, *args, **kwargs)
        return counted

    for name, original in originals.items():
        setattr(np, name, wrap(original))
    return sizes, lambda: [setattr(np, k, v) for k, v in originals.items()]


def binary(n):
    from evalplots import evaluate
    from evalplots.report import evaluation_report

    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.1).astype(int)
    scores = {"good": np.clip(0.3 * y + rng.normal(0.4, 0.15, n), 0, 1),
              "rounded": np.round(np.clip(0.2 * y + rng.normal(0.4, 0.2, n), 0, 1), 2)}
    n_pos = int(y.sum())
    sizes, restore = _count_sorts(min(n_pos, n - n_pos))
    t0 = time.perf_counter()
    ev = evaluate(y, scores)
    ev.metrics_table  # noqa: B018
    t1 = time.perf_counter()
    report = evaluation_report(ev)
    t2 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        report.save(os.path.join(tmp, "r.pdf"))
    t3 = time.perf_counter()
    restore()
    import sklearn.metrics as skm

    t4 = time.perf_counter()
    for s in scores.values():
        skm.roc_curve(y, s), skm.precision_recall_curve(y, s)
        skm.roc_auc_score(y, s), skm.average_precision_score(y, s)
    t5 = time.perf_counter()
    print(f"binary, n = {n:,}, 2 models, {report.page_count_} pages")
    print(f"  evaluate + table      {t1 - t0:7.2f} s")
    print(f"  report build (figs)   {t2 - t1:7.2f} s")
    print(f"  PDF save              {t3 - t2:7.2f} s")
    print(f"  sklearn curves+scores {t5 - t4:7.2f} s (the same numbers, no figures)")
    print(f"  sorts of >= {min(n_pos, n - n_pos):,} values: {len(sizes)} "
          f"(expected {2 * len(scores)}: each model's positives and negatives once) "
          f"sizes {sorted(sizes)}")


def multiclass(n, k=10):
    from evalplots import evaluate
    from evalplots.report import evaluation_report

    rng = np.random.default_rng(0)
    y = rng.integers(0, k, n)
    raw = rng.random((n, k)) + np.eye(k)[y] * 0.5
    proba = raw / raw.sum(axis=1, keepdims=True)
    smallest = int(np.bincount(y).min())
    sizes, restore = _count_sorts(smallest)
    t0 = time.perf_counter()
    ev = evaluate(y, {"forest": proba})
    ev.metrics_table  # noqa: B018
    t1 = time.perf_counter()
    report = evaluation_report(ev)
    with tempfile.TemporaryDirectory() as tmp:
        report.save(os.path.join(tmp, "m.pdf"))
    t2 = time.perf_counter()
    restore()
    print(f"multi-class, n = {n:,}, {k} classes, 1 model, {report.page_count_} pages")
    print(f"  evaluate + table      {t1 - t0:7.2f} s")
    print(f"  report build + save   {t2 - t1:7.2f} s")
    print(f"  sorts of >= {smallest:,} values: {len(sizes)} (expected {2 * k + 2}: the "
          f"positive and negative half of each class column, and of the pooled micro "
          f"scores, once each)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    args = parser.parse_args()
    binary(args.n)
    multiclass(args.n // 10)
