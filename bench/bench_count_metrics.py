"""Side-by-side timings: evalplots' count, top-k-free and regression metrics vs scikit-learn.

Not a test. Run from the repository root with the test extra installed:

    python bench/bench_count_metrics.py [--repeats 7] [--n-large 1000000]

Part 1 times the count metrics at n = 10⁶ (target: >= 20x faster than
scikit-learn). Part 2 times one call at n = 100 for every function (target: <= 1/10
of scikit-learn's time per call). Every number is the median of ``--repeats`` runs;
both libraries run in this one process on the same inputs.
"""

import argparse
import statistics
import time
import warnings

import numpy as np
import sklearn.metrics as skm

import evalplots.metrics as ep
from evalplots.metrics.regression import _regression


def median_time(func, repeats, number=1):
    """Median over ``repeats`` runs of the mean time of ``number`` calls, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            func()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def make_data(n, rng):
    """Labels with 10 classes (70 % right), binary labels and probabilities, targets."""
    t10 = rng.integers(0, 10, n)
    p10 = np.where(rng.random(n) < 0.7, t10, rng.integers(0, 10, n))
    t2 = (rng.random(n) < 0.1).astype(np.int64)
    p2 = np.where(rng.random(n) < 0.8, t2, 1 - t2)
    prob = np.clip(0.1 + 0.8 * t2 + rng.normal(0, 0.1, n), 0.01, 0.99)
    raw = rng.random((n, 10)) + 3 * np.eye(10)[t10]
    prob10 = raw / raw.sum(axis=1, keepdims=True)
    y = rng.uniform(1, 100, n)
    y_hat = y * rng.uniform(0.8, 1.2, n)
    r_true = rng.integers(0, 5, n)
    r_pred = np.clip(r_true + rng.integers(-1, 2, n), 0, 4)
    return {
        "t10": t10,
        "p10": p10,
        "t2": t2,
        "p2": p2,
        "prob": prob,
        "prob10": prob10,
        "y": y,
        "y_hat": y_hat,
        "r_true": r_true,
        "r_pred": r_pred,
    }


def cases(d):
    """(name, evalplots call, scikit-learn call) for every function with a counterpart."""
    regression = [n for n in _regression.__all__ if hasattr(skm, n)]
    out = [
        (
            "confusion_matrix (10 classes)",
            lambda m: m.confusion_matrix(d["t10"], d["p10"]),
        ),
        ("accuracy_score", lambda m: m.accuracy_score(d["t10"], d["p10"])),
        ("precision_score (binary)", lambda m: m.precision_score(d["t2"], d["p2"])),
        ("recall_score (binary)", lambda m: m.recall_score(d["t2"], d["p2"])),
        ("f1_score (binary)", lambda m: m.f1_score(d["t2"], d["p2"])),
        (
            "f1_score (macro, 10 classes)",
            lambda m: m.f1_score(d["t10"], d["p10"], average="macro"),
        ),
        ("fbeta_score (beta=2)", lambda m: m.fbeta_score(d["t2"], d["p2"], beta=2)),
        (
            "precision_recall_fscore_support (macro)",
            lambda m: m.precision_recall_fscore_support(
                d["t10"], d["p10"], average="macro"
            ),
        ),
        ("matthews_corrcoef", lambda m: m.matthews_corrcoef(d["t10"], d["p10"])),
        (
            "cohen_kappa_score (quadratic)",
            lambda m: m.cohen_kappa_score(
                d["r_true"], d["r_pred"], weights="quadratic"
            ),
        ),
        ("log_loss (binary, 1-D)", lambda m: m.log_loss(d["t2"], d["prob"])),
        ("log_loss (10 classes)", lambda m: m.log_loss(d["t10"], d["prob10"])),
    ]
    out += [
        (name, lambda m, name=name: getattr(m, name)(d["y"], d["y_hat"]))
        for name in regression
    ]
    return out


# Functions without a scikit-learn counterpart: timed against the closest sklearn call.
NO_COUNTERPART = [
    (
        "error_rate ~ zero_one_loss",
        lambda d: ep.error_rate(d["t10"], d["p10"]),
        lambda d: skm.zero_one_loss(d["t10"], d["p10"]),
    ),
    (
        "specificity_score ~ recall_score(neg)",
        lambda d: ep.specificity_score(d["t2"], d["p2"]),
        lambda d: skm.recall_score(d["t2"], d["p2"], pos_label=0),
    ),
    (
        "binary_rates ~ confusion_matrix",
        lambda d: ep.binary_rates(d["t2"], d["p2"]),
        lambda d: skm.confusion_matrix(d["t2"], d["p2"]),
    ),
    (
        "mean_percentage_error ~ MAPE",
        lambda d: ep.mean_percentage_error(d["y"], d["y_hat"]),
        lambda d: skm.mean_absolute_percentage_error(d["y"], d["y_hat"]),
    ),
]


def run(n, repeats, number, names=None, out=print):
    d = make_data(n, np.random.default_rng(0))
    rows = []
    for name, call in cases(d):
        if names is None or name in names:
            rows.append((name, lambda call=call: call(ep), lambda call=call: call(skm)))
    if names is None:
        rows += [
            (name, lambda f=f: f(d), lambda g=g: g(d)) for name, f, g in NO_COUNTERPART
        ]
    out(
        f"\n n = {n:,}  (median of {repeats} runs"
        + (f" of {number} calls)" if number > 1 else ")")
    )
    unit, scale = ("µs", 1e6) if n <= 10_000 else ("ms", 1e3)
    out(f" {'function':44s} {'evalplots':>11s} {'sklearn':>11s} {'speed-up':>9s}")
    for name, ours, theirs in rows:
        t_ours = median_time(ours, repeats, number)
        t_sk = median_time(theirs, repeats, number)
        out(
            f" {name:44s} {t_ours * scale:8.1f} {unit} {t_sk * scale:8.1f} {unit} "
            f"{t_sk / t_ours:8.1f}x"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--n-large", type=int, default=1_000_000)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    large = [
        "confusion_matrix (10 classes)",
        "f1_score (binary)",
        "f1_score (macro, 10 classes)",
        "precision_recall_fscore_support (macro)",
        "log_loss (binary, 1-D)",
        "log_loss (10 classes)",
    ]
    run(args.n_large, args.repeats, 1, names=large)
    run(100, args.repeats, 200)


if __name__ == "__main__":
    main()
