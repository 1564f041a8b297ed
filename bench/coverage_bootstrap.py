"""Coverage of bootstrap_ci's 95 % AUC interval on a binormal model.

Run by hand (not a test; takes a minute)::

    python bench/coverage_bootstrap.py
    python bench/coverage_bootstrap.py --reps 400 --n-pos 60 --n-neg 140 --mu 1.5
    python bench/coverage_bootstrap.py --evaluation --reps 400 --n-resamples 1000

Negatives score N(0, 1), positives N(mu, 1), so the true AUC is
``P(X+ > X-) = Phi(mu / sqrt(2))`` (the binormal model; Hanley & McNeil 1982).
Each repetition draws a fresh sample, computes
``bootstrap_ci(roc_auc_score, ..., n_resamples=2000)`` with method 'bca' and
'percentile' (stratified, the default), and records whether the interval holds the
true AUC. Target: coverage between 93 % and 97 % over 400 repetitions
(the binomial standard error of a 95 % coverage over 400 runs is 1.1 points).

``--evaluation``: instead, the evaluation's own AP and BEP intervals
(``evaluate(y, {...}).intervals``: the stratified bootstrap drawn from the score
tables, BCa) of two models on the same rows: the continuous scores and the scores
rounded to one decimal (many ties), against the population AP
(``integral of precision d recall`` over the binormal curve, numerically) and the
population BEP (the threshold where precision equals recall). Each repetition
uses its own ``random_state``. Run it on two checkouts with the same arguments to
compare them (the same samples and seeds).

``--evaluation --large-table``: the same, with every table taken as above the
switch point ``MAX_TABLE_DRAWS`` (set to 0), so the intervals are those the
evaluation gives at 10⁶ rows: AP's logit interval of the linearised variance
and BEP's bootstrap drawn by bisection (``large_table_ranking_intervals``)::

    python bench/coverage_bootstrap.py --evaluation --large-table --reps 400 \
        --n-pos 100 --n-neg 900 --n-resamples 1000
"""

import argparse
import time

import numpy as np
from scipy.integrate import quad
from scipy.optimize import brentq
from scipy.stats import norm

from evalplots import evaluate
from evalplots.metrics import bootstrap_ci, roc_auc_score


def population_ap_bep(mu, prevalence, decimals=None):
    """AP and BEP of the binormal population (scores N(0, 1) / N(mu, 1)); with
    ``decimals``, of the scores rounded to that many decimals (a step curve)."""
    def rates(t):  # recall and false positive rate at threshold t (score >= t)
        return norm.sf(t - mu), norm.sf(t)

    def precision(t):
        tpr, fpr = rates(t)
        return prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr)

    if decimals is None:
        ap = quad(lambda t: precision(t) * norm.pdf(t - mu), -12 + mu, 12 + mu, limit=400)[0]
        t = brentq(lambda t: precision(t) - rates(t)[0], -12, 12 + mu)
        return ap, rates(t)[0]
    step = 10.0 ** -decimals  # rounded to k*step: score >= (k - 1/2) step
    cuts = (np.arange(-12 / step, (12 + mu) / step) + 0.5) * step
    tpr, fpr = rates(cuts[::-1])
    prec = prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr)
    ap = float(np.sum(np.diff(tpr, prepend=0) * prec))
    # the sawtooth curve's P = R point, between two operating points
    d = prec - tpr
    j = int(np.argmax(d <= 0))
    w = d[j - 1] / (d[j - 1] - d[j])
    return ap, float(tpr[j - 1] + w * (tpr[j] - tpr[j - 1]))


def evaluation_coverage(args):
    """Coverage of the evaluation's AP and BEP intervals (``--evaluation``)."""
    prevalence = args.n_pos / (args.n_pos + args.n_neg)
    truth = {"continuous": population_ap_bep(args.mu, prevalence),
             "rounded": population_ap_bep(args.mu, prevalence, decimals=1)}
    rng = np.random.default_rng(args.seed)
    y = np.r_[np.zeros(args.n_neg, int), np.ones(args.n_pos, int)]
    hits = {(m, c): 0 for m in truth for c in ("AP", "BEP")}
    widths = {key: [] for key in hits}
    methods = {}
    t0 = time.perf_counter()
    for rep in range(args.reps):
        score = rng.normal(size=y.size) + args.mu * y
        ev = evaluate(y, {"continuous": score, "rounded": np.round(score, 1)},
                      n_resamples=args.n_resamples, random_state=rep)
        for (model, column) in hits:
            ci = ev.intervals[model][column]
            value = truth[model][0 if column == "AP" else 1]
            methods.setdefault((model, column), set()).add(ci.method)
            hits[model, column] += ci.low <= value <= ci.high
            widths[model, column].append(ci.high - ci.low)
    elapsed = time.perf_counter() - t0
    print(f"binormal mu = {args.mu}, {args.n_pos} positives, {args.n_neg} negatives; "
          f"{args.reps} repetitions x {args.n_resamples} resamples ({elapsed:.1f} s)")
    for (model, column), hit in hits.items():
        cover = hit / args.reps
        se = np.sqrt(cover * (1 - cover) / args.reps)
        value = truth[model][0 if column == "AP" else 1]
        print(f"  {model:<10} {column:<3} (true {value:.4f}): coverage {100 * cover:5.1f} % "
              f"(± {100 * se:.1f}), mean width {np.mean(widths[model, column]):.4f} "
              f"({', '.join(sorted(methods[model, column]))})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=400)
    parser.add_argument("--n-pos", type=int, default=100)
    parser.add_argument("--n-neg", type=int, default=100)
    parser.add_argument("--mu", type=float, default=1.0)
    parser.add_argument("--n-resamples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--evaluation", action="store_true",
                        help="the evaluation's AP and BEP intervals instead")
    parser.add_argument("--large-table", action="store_true",
                        help="with --evaluation: the intervals above the switch point")
    args = parser.parse_args()
    if args.large_table:
        from evalplots.evaluation import _summary

        _summary.MAX_TABLE_DRAWS = 0
    if args.evaluation:
        return evaluation_coverage(args)
    true_auc = norm.cdf(args.mu / np.sqrt(2))
    rng = np.random.default_rng(args.seed)
    y = np.r_[np.zeros(args.n_neg, int), np.ones(args.n_pos, int)]
    hits = {"bca": 0, "percentile": 0}
    widths = {"bca": [], "percentile": []}
    t0 = time.perf_counter()
    for rep in range(args.reps):
        score = rng.normal(size=y.size) + args.mu * y
        for method in hits:
            ci = bootstrap_ci(roc_auc_score, y, score, n_resamples=args.n_resamples,
                              method=method, random_state=rng)
            hits[method] += ci.low <= true_auc <= ci.high
            widths[method].append(ci.high - ci.low)
    elapsed = time.perf_counter() - t0
    print(f"binormal mu = {args.mu}: true AUC = {true_auc:.4f}; {args.n_pos} positives, "
          f"{args.n_neg} negatives; {args.reps} repetitions x {args.n_resamples} resamples "
          f"({elapsed:.1f} s)")
    for method, hit in hits.items():
        cover = hit / args.reps
        se = np.sqrt(cover * (1 - cover) / args.reps)
        print(f"  {method:<10}: coverage {100 * cover:5.1f} % (± {100 * se:.1f}), "
              f"mean width {np.mean(widths[method]):.4f}  target 93-97 %: "
              f"{'ok' if 0.93 <= cover <= 0.97 else 'MISSED'}")


if __name__ == "__main__":
    main()
