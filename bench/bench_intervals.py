"""Intervals and comparisons of the standard report: their cost against the report.

Run by hand (not a test): ``python bench/bench_intervals.py [--n 100000] [--repeat 3]
[--models 3]``. Two binary models (one continuous, one rounded to 2 decimals; 10 %
positives) on n rows, or with ``--models 3`` a third, continuous and weaker one. In
one run, best of ``--repeat``, CPU time of this process (``time.process_time``: the
machine may be shared):

- the report without intervals (``evaluate`` + ``evaluation_report(ci=False)`` +
  ``save``);
- the evaluation's intervals and comparisons alone (``ev.intervals`` and
  ``ev.comparisons``, 1000 resamples), on a fresh evaluation each time;
- the report with intervals (``ci=True``, the default).

The target: report with intervals <= 2 x report without.
"""

import argparse
import os
import tempfile
import time

import numpy as np


def data(n, models=2):
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.1).astype(int)
    scores = {"good": np.clip(0.3 * y + rng.normal(0.4, 0.15, n), 0, 1),
              "rounded": np.round(np.clip(0.2 * y + rng.normal(0.4, 0.2, n), 0, 1), 2)}
    if models == 3:
        scores["weak"] = 0.5 * y + rng.normal(size=n)
    return y, scores


def best(func, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        func()
        times.append(time.process_time() - t0)
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--n-resamples", type=int, default=1000)
    parser.add_argument("--models", type=int, choices=(2, 3), default=2)
    args = parser.parse_args()
    import scipy.stats  # noqa: F401  (imported by both paths; keep it out of the timings)

    from evalplots import evaluate
    from evalplots.report import evaluation_report

    y, scores = data(args.n, args.models)
    tmp = tempfile.mkdtemp()

    def report(ci):
        def run():
            ev = evaluate(y, scores, n_resamples=args.n_resamples)
            evaluation_report(ev, ci=ci).save(os.path.join(tmp, f"r{ci}.pdf"))
        return run

    def intervals():
        ev = evaluate(y, scores, n_resamples=args.n_resamples)
        ev.metrics_table  # noqa: B018  (part of both reports)
        t0 = time.process_time()
        ev.intervals  # noqa: B018
        ev.comparisons  # noqa: B018
        return time.process_time() - t0

    report(False)()  # warm up (imports, fonts)
    plain = best(report(False), args.repeat)
    only = min(intervals() for _ in range(args.repeat))
    full = best(report(True), args.repeat)
    print(f"n = {args.n:,}, {args.models} models, {args.n_resamples} resamples, best of {args.repeat}")
    print(f"report without intervals      {plain:7.2f} s")
    print(f"intervals + comparisons alone {only:7.2f} s   ({only / plain:.2f} x the report)")
    print(f"report with intervals         {full:7.2f} s   ({full / plain:.2f} x the report "
          f"without; target <= 2)")


if __name__ == "__main__":
    main()
