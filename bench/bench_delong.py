"""Benchmark: DeLong's interval against the AUC alone, in one process.

Run by hand (not a test)::

    python bench/bench_delong.py                 # n = 1e6 (ratio) and n = 1e7 (once)
    python bench/bench_delong.py --skip-1e7 --repeat 7

At n = 10⁶ (30 % positives; distinct floats and floats rounded to 2 decimals) it
prints the median time of ``roc_auc_ci(method='delong')`` and of ``roc_auc_score``
on the same data and their ratio (target: at most 3x). At n = 10⁷ it runs
``roc_auc_ci`` once and prints the time and the interval, which must be finite
and inside [0, 1] (pROC's fast DeLong overflowed near 145k samples and gave
"1-1"), and its distance to the AUC of ``roc_auc_score``.
"""

import argparse
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _timing import fmt_time, median_time  # noqa: E402

from evalplots.metrics import roc_auc_ci, roc_auc_score  # noqa: E402


def make_data(n, kind, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    score = y * 1.2 + rng.normal(size=n)
    if kind == "rounded":
        score = np.round(score, 2)
    return y, score


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-1e7", action="store_true")
    args = parser.parse_args()

    n = 10**6
    print(f"n = {n:.0e}, 30 % positives; median of {args.repeat}")
    print(f"{'scores':10} {'roc_auc_ci':>12} {'roc_auc_score':>14} {'ratio':>7}")
    for kind in ("float", "rounded"):
        y, score = make_data(n, kind)
        t_ci = median_time(lambda: roc_auc_ci(y, score), repeat=args.repeat)
        t_auc = median_time(lambda: roc_auc_score(y, score), repeat=args.repeat)
        print(f"{kind:10} {fmt_time(t_ci):>12} {fmt_time(t_auc):>14} {t_ci / t_auc:7.2f}x")

    if args.skip_1e7:
        return
    n = 10**7
    y, score = make_data(n, "float", seed=1)
    t0 = time.perf_counter()
    ci = roc_auc_ci(y, score)
    elapsed = time.perf_counter() - t0
    auc = roc_auc_score(y, score)
    ok = all(math.isfinite(v) for v in ci.interval) and 0.0 <= ci.low <= ci.high <= 1.0
    print(f"\nn = {n:.0e}: roc_auc_ci {fmt_time(elapsed).strip()} -> {ci.format(6)} "
          f"(width {ci.high - ci.low:.3e}); finite and in [0, 1]: {ok}; "
          f"|estimate - roc_auc_score| = {abs(ci.estimate - auc):.1e}")


if __name__ == "__main__":
    main()
