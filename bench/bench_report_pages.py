"""The binary report's figure pages at scale: time and PDF size, with and without bands.

Run by hand (not a test): ``python bench/bench_report_pages.py``. Builds and saves the
standard binary report of two models (the data of bench_report.py) at 10^3 and 10^6
rows without intervals, and at 10^5 rows with and without them (DeLong/bootstrap
intervals of the summary are not part of this branch; the bands are: ROC and P-R,
1000 stratified resamples each model). Prints same-run times, ratios and PDF sizes.
"""

import os
import tempfile
import time

import numpy as np


def data(n):
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.1).astype(int)
    return y, {"good": np.clip(0.3 * y + rng.normal(0.4, 0.15, n), 0, 1),
               "rounded": np.round(np.clip(0.2 * y + rng.normal(0.4, 0.2, n), 0, 1), 2)}


def run(n, ci):
    from evalplots import evaluate
    from evalplots.report import evaluation_report

    y, scores = data(n)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.pdf")
        t0 = time.perf_counter()
        report = evaluation_report(evaluate(y, scores), ci=ci)
        report.save(path)
        elapsed = time.perf_counter() - t0
        size = os.path.getsize(path)
    print(f"n = {n:>9,}  ci = {ci!s:5}  {report.page_count_} pages  {elapsed:6.2f} s  "
          f"{size / 1e6:6.2f} MB")
    return elapsed, size


if __name__ == "__main__":
    run(1_000, False)  # warm-up: imports, fonts
    small, small_size = run(1_000, False)
    big, big_size = run(1_000_000, False)
    without, _ = run(100_000, False)
    with_ci, _ = run(100_000, True)
    print(f"10^6 - 10^3 without intervals: {big - small:.2f} s; PDF size ratio "
          f"{big_size / small_size:.2f}")
    print(f"10^5 with bands / without: {with_ci / without:.2f}")
