"""Side-by-side timings of the scikit-learn parity metrics (not a test).

Run from the repository root with the test extra installed:

    python bench/bench_parity.py [--rounds 7] [--n 1000000]

Targets: ``ndcg_score`` on 10⁴ queries × 100 documents at least 3× faster
than scikit-learn; the partial ROC AUC (``max_fpr``) at most 1.2× the time of the
full AUC on the same data. On a shared machine the numbers move, so each pair is
timed in alternation for ``--rounds`` rounds and the best (minimum) of each is
kept: the ratios are same-run ratios.
"""

import argparse
import time
import warnings

import numpy as np
import sklearn.metrics as skm

import evalplots.metrics as ep


def best_times(funcs, rounds):
    """Best wall time of each function, the functions timed in alternation."""
    for func in funcs:
        func()  # warm up
    best = [float("inf")] * len(funcs)
    for _ in range(rounds):
        for i, func in enumerate(funcs):
            start = time.perf_counter()
            func()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def fmt(seconds):
    return f"{seconds * 1e3:9.2f} ms"


def bench_ndcg(rounds):
    rng = np.random.default_rng(0)
    n_queries, n_docs = 10_000, 100
    relevance = rng.integers(0, 5, (n_queries, n_docs)).astype(float)
    cases = {
        "continuous scores": rng.normal(size=(n_queries, n_docs)),
        "tied scores (10 levels)": rng.integers(0, 10, (n_queries, n_docs)).astype(float),
    }
    print(f"ndcg_score, {n_queries} queries x {n_docs} documents (best of {rounds})")
    print(f"  {'case':<40}{'evalplots':>13}{'scikit-learn':>14}{'speed-up':>10}")
    for name, score in cases.items():
        for ignore_ties in (False, True):
            ours, theirs = best_times(
                [
                    lambda: ep.ndcg_score(relevance, score, ignore_ties=ignore_ties),
                    lambda: skm.ndcg_score(relevance, score, ignore_ties=ignore_ties),
                ],
                rounds,
            )
            label = f"{name}, ignore_ties={ignore_ties}"
            print(f"  {label:<40}{fmt(ours)}{fmt(theirs)}{theirs / ours:9.1f}x")
    ours, theirs = best_times(
        [
            lambda: ep.ndcg_score(relevance, cases["continuous scores"], k=10),
            lambda: skm.ndcg_score(relevance, cases["continuous scores"], k=10),
        ],
        rounds,
    )
    print(f"  {'continuous scores, k=10':<40}{fmt(ours)}{fmt(theirs)}{theirs / ours:9.1f}x")


def bench_partial_auc(n, rounds):
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, n)
    cases = {
        "continuous scores": rng.normal(size=n) + y,
        "tied scores (100 levels)": np.round(rng.random(n) + 0.3 * y, 2),
    }
    print(f"\nroc_auc_score, n = {n:,} (best of {rounds}); ratio = partial / full, same run")
    print(
        f"  {'case':<36}{'full':>12}{'max_fpr=0.1':>13}{'ratio':>7}"
        f"{'max_fpr=0.5':>13}{'ratio':>7}{'sklearn 0.1':>13}"
    )
    for name, score in cases.items():
        full, p01, p05, sk01 = best_times(
            [
                lambda: ep.roc_auc_score(y, score),
                lambda: ep.roc_auc_score(y, score, max_fpr=0.1),
                lambda: ep.roc_auc_score(y, score, max_fpr=0.5),
                lambda: skm.roc_auc_score(y, score, max_fpr=0.1),
            ],
            rounds,
        )
        print(
            f"  {name:<36}{fmt(full)}{fmt(p01)}{p01 / full:6.2f}x"
            f"{fmt(p05)}{p05 / full:6.2f}x{fmt(sk01)}"
        )
    w = rng.random(n)
    score = cases["continuous scores"]
    full, p01, sk01 = best_times(
        [
            lambda: ep.roc_auc_score(y, score, sample_weight=w),
            lambda: ep.roc_auc_score(y, score, sample_weight=w, max_fpr=0.1),
            lambda: skm.roc_auc_score(y, score, sample_weight=w, max_fpr=0.1),
        ],
        rounds,
    )
    print(
        f"  {'weighted, continuous':<36}{fmt(full)}{fmt(p01)}{p01 / full:6.2f}x"
        f"{'':>13}{'':>7}{fmt(sk01)}"
    )


def bench_top_k(rounds):
    rng = np.random.default_rng(2)
    n, n_classes = 100_000, 20
    y = rng.integers(0, n_classes, n)
    score = rng.random((n, n_classes))
    ours, theirs = best_times(
        [
            lambda: ep.top_k_accuracy_score(y, score, k=5),
            lambda: skm.top_k_accuracy_score(y, score, k=5),
        ],
        rounds,
    )
    print(f"\ntop_k_accuracy_score, n = {n:,}, {n_classes} classes, k = 5 (best of {rounds})")
    print(f"  evalplots {fmt(ours)}   scikit-learn {fmt(theirs)}   {theirs / ours:.1f}x")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--n", type=int, default=1_000_000)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    bench_ndcg(args.rounds)
    for n in (10_000, args.n):
        bench_partial_auc(n, args.rounds)
    bench_top_k(args.rounds)


if __name__ == "__main__":
    main()
