"""Benchmark: bootstrap intervals and CI bands. Run by hand, not a test::

    python bench/bench_bootstrap.py
    python bench/bench_bootstrap.py --repeat 3

(a) ``bootstrap_ci(roc_auc_score, ..., n_resamples=2000)`` at n = 10**4 (30 %
positives, continuous scores) against a plain Python loop of scikit-learn's
``roc_auc_score`` over the same 2000 stratified resamples (the row indices the
generic path of ``bootstrap_ci`` draws for the same seed). Reports both times and
the ratio (target >= 20x), for method='percentile' (the same work as the loop) and
method='bca' (plus the jackknife). Also checks that the loop's percentile interval
equals ``bootstrap_ci``'s.

(b) ``roc_curve_ci_band`` and ``precision_recall_ci_band`` with 1000 resamples at
n = 10**5 (target: under 5 s).
"""

import argparse
import os
import sys
import time

import numpy as np
from sklearn.metrics import roc_auc_score as sk_roc_auc_score

sys.path.insert(0, os.path.dirname(__file__))
from _timing import fmt_time  # noqa: E402

from evalplots.metrics import (  # noqa: E402
    bootstrap_ci,
    precision_recall_ci_band,
    roc_auc_score,
    roc_curve_ci_band,
)
from evalplots.metrics.inference._resample import resample_plan  # noqa: E402


def best_time(func, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - t0)
    return min(times), result


def data(n, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(int)
    return y, rng.normal(size=n) + 1.2 * y


def sklearn_loop(y, s, n_resamples, seed):
    plan = resample_plan(y, y.size, stratify=True)
    rng = np.random.default_rng(seed)
    values = [
        sk_roc_auc_score(y[rows], s[rows])
        for block in plan.index_blocks(rng, n_resamples)
        for rows in block
    ]
    return np.quantile(values, [0.025, 0.975])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n, n_resamples = 10**4, 2000
    y, s = data(n)
    t_loop, loop_ci = best_time(lambda: sklearn_loop(y, s, n_resamples, 1), 1)
    print(f"(a) n = {n}, {n_resamples} stratified resamples")
    print(f"    loop of sklearn roc_auc_score : {fmt_time(t_loop)}")
    for method in ("percentile", "bca"):
        t, ci = best_time(
            lambda: bootstrap_ci(roc_auc_score, y, s, n_resamples=n_resamples,
                                 method=method, random_state=1),
            args.repeat,
        )
        print(f"    bootstrap_ci method={method:<10}: {fmt_time(t)}  ratio {t_loop / t:6.1f}x"
              f"  {ci}")
        if method == "percentile":
            same = np.allclose([ci.low, ci.high], loop_ci, rtol=0, atol=1e-12)
            print(f"    same interval as the sklearn loop: {same}")
    n_band = 10**5
    y, s = data(n_band, seed=1)
    print(f"(b) n = {n_band}, 1000 resamples, 101-point grid")
    t, _ = best_time(lambda: roc_curve_ci_band(y, s, n_resamples=1000, random_state=0),
                     args.repeat)
    print(f"    roc_curve_ci_band        : {fmt_time(t)}")
    t, _ = best_time(
        lambda: precision_recall_ci_band(y, s, n_resamples=1000, random_state=0), args.repeat
    )
    print(f"    precision_recall_ci_band : {fmt_time(t)}")


if __name__ == "__main__":
    main()
