"""Benchmark: the decision curve and the bootstrapped operating points, as same-run
CPU-time ratios.

Run by hand (not a test)::

    python bench/bench_clinical.py               # both
    python bench/bench_clinical.py --only nb     # decision curve only

- Decision curve: ``net_benefit`` at 100 thresholds (and ``treat_all_net_benefit``)
  on n = 10⁶ probabilities (30 % positives; distinct and rounded to 3 decimals),
  against one ``roc_auc_score`` on the same data (target: at most 1.5x).
- Operating point with intervals: ``sensitivity_at_specificity`` with 2000
  stratified bootstrap resamples at n = 10⁴, against a loop of scikit-learn's
  ``roc_curve`` over 2000 stratified resamples of the same data (target: at least
  20x faster).

Times are CPU times (``time.process_time``), the best of interleaved rounds.
"""

import argparse
import time

import numpy as np


def best_interleaved(funcs, rounds):
    best = {name: np.inf for name in funcs}
    for _ in range(rounds):
        for name, func in funcs.items():
            t0 = time.process_time()
            func()
            best[name] = min(best[name], time.process_time() - t0)
    return best


def probabilities(n, rounded, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    p = 1.0 / (1.0 + np.exp(-(y * 1.2 - 1.0 + rng.normal(size=n))))
    return y, (np.round(p, 3) if rounded else p)


def bench_decision_curve(rounds):
    from evalplots.metrics import net_benefit, roc_auc_score, treat_all_net_benefit

    thresholds = np.linspace(0.0, 0.99, 100)
    for rounded in (False, True):
        y, p = probabilities(10**6, rounded)

        def curve():
            net_benefit(y, p, thresholds)
            treat_all_net_benefit(y, thresholds)

        best = best_interleaved({"auc": lambda: roc_auc_score(y, p), "curve": curve}, rounds)
        print(f"decision curve, n=1e6, 100 thresholds, {'rounded' if rounded else 'distinct'}: "
              f"roc_auc_score {best['auc'] * 1e3:.1f} ms, net_benefit + treat_all "
              f"{best['curve'] * 1e3:.1f} ms, ratio {best['curve'] / best['auc']:.2f} "
              f"(target <= 1.5)")


def bench_operating_point(rounds, n_resamples=2000):
    from sklearn.metrics import roc_curve

    from evalplots.metrics import sensitivity_at_specificity

    y, p = probabilities(10**4, False, seed=1)
    pos, neg = p[y == 1], p[y == 0]

    def sklearn_loop():
        rng = np.random.default_rng(0)
        yy = np.r_[np.ones(pos.size), np.zeros(neg.size)]
        out = np.empty(n_resamples)
        for b in range(n_resamples):
            s = np.r_[rng.choice(pos, pos.size), rng.choice(neg, neg.size)]
            fpr, tpr, _ = roc_curve(yy, s)
            out[b] = np.interp(0.1, fpr, tpr)
        return np.quantile(out, [0.025, 0.975])

    def ours():
        return sensitivity_at_specificity(y, p, 0.9, n_resamples=n_resamples, random_state=0)

    best = best_interleaved({"sklearn": sklearn_loop, "ours": ours}, rounds)
    print(f"sensitivity at 90% specificity, n=1e4, {n_resamples} resamples: scikit-learn "
          f"roc_curve loop {best['sklearn'] * 1e3:.0f} ms, sensitivity_at_specificity "
          f"{best['ours'] * 1e3:.2f} ms, speed-up {best['sklearn'] / best['ours']:.0f}x "
          f"(target >= 20)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["nb", "op"])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if args.only in (None, "nb"):
        bench_decision_curve(args.rounds)
    if args.only in (None, "op"):
        bench_operating_point(max(2, args.rounds // 2))


if __name__ == "__main__":
    main()
