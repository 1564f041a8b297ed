"""Where the time of the binary ranking kernels goes, step by step.

Not a test. Run from the repository root::

    python bench/bench_kernel_breakdown.py                 # n = 1e6 and 1e7, best of 5
    python bench/bench_kernel_breakdown.py --sizes 1e6 --repeat 9
    python bench/bench_kernel_breakdown.py --clock cpu          # on a shared machine

Data: float64 scores ``rng.random(n)`` and int64 labels with 10 % positives (the
table of the kernel's targets), plus the same scores as float32. Every function is timed in
round-robin (one call of each per round, the best of ``--repeat`` rounds), so the
ratios compare calls made under the same machine load; absolute times on a shared
machine are only indicative.

Printed per n:

1. The steps of the issue's table: ``np.sort`` (the floor), sorting the two
   pre-split class halves, the old kernel's binary searches (left + right), the
   two-run merge of the sorted halves, label discovery, ``np.argsort``.
2. The steps of the merged-order kernel: validation (labels, scores' range), the
   class keys (apart, and in the one blocked pass the kernel makes), their
   in-place sort, the positions of the positives, and the counts and curve points
   read off them.
3. Each kernel's total as a multiple of ``np.sort``, and its non-sorting
   remainder: kernel time minus the time to sort its two halves (the part that
   a faster sort does not shrink; targets: <= 0.12x np.sort for AUC and AP,
   <= 0.3x for the curves); then AUC and the ROC curve of logits (the same
   scores minus 0.5: both signs, the signed keys) and partial AUC (max_fpr=0.1).
4. The memory-bandwidth floor at the largest n: the streaming passes that any
   exact kernel needs beyond its sort, timed as the cheapest numpy call that
   makes each one and as a plain ``np.copyto`` of the same sizes: one read of
   the scores and labels writing the keys, one read of the sorted keys, and
   writing each output array (into fresh memory, as a kernel returns it, and
   into memory already touched). Their sums are each kernel's floor of the
   remainder, printed next to the targets.
5. float32 against the same values as float64 (target: >= 1.4x faster).
6. n = 100 per call against scikit-learn (target: >= 10x faster).
"""

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _timing import fmt_time  # noqa: E402

import evalplots.metrics as epm  # noqa: E402
from evalplots.metrics._labels import binary_positive_mask, class_values  # noqa: E402
from evalplots.metrics.ranking._thresholds import MergedOrder, _class_keys  # noqa: E402

try:  # absent in older trees: the script then times the older kernel
    from evalplots.metrics.ranking._thresholds import binary_scores_in_one_pass  # noqa: E402
except ImportError:
    binary_scores_in_one_pass = None
CLOCK = time.perf_counter
from evalplots.metrics._validation import scores_and_range  # noqa: E402

KERNELS = ["roc_auc_score", "average_precision_score", "roc_curve", "precision_recall_curve"]
LOGIT_KERNELS = ["roc_auc_score", "roc_curve"]
EXTRA = [k + ", logits" for k in LOGIT_KERNELS] + ["roc_auc_score, max_fpr=0.1"]
TARGET_REMAINDER = {"roc_auc_score": 0.12, "average_precision_score": 0.12,
                    "roc_curve": 0.3, "precision_recall_curve": 0.3}  # fmt: skip


def best_of(funcs, repeat):
    """Best wall time of each function over ``repeat`` round-robin rounds."""
    times = {name: [] for name in funcs}
    for _ in range(repeat):
        for name, func in funcs.items():
            t0 = CLOCK()
            func()
            times[name].append(CLOCK() - t0)
    return {name: min(t) for name, t in times.items()}


def make_data(n, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.1).astype(np.int64)
    y[0], y[1] = 0, 1
    return y, rng.random(n)


def _sort_halves(pos, neg):
    pos = pos.copy()
    pos.sort()
    neg = neg.copy()
    neg.sort()


def steps(n, repeat):
    y, s = make_data(n)
    positive = y == 1
    pos, neg = s[positive], s[~positive]
    pos_sorted, neg_sorted = np.sort(pos), np.sort(neg)
    both = np.concatenate((pos_sorted, neg_sorted))
    key, decode = _class_keys(s, positive, 0.0, 1.0)
    sorted_key = np.sort(key)
    order = MergedOrder.from_keys(s, positive, 0.0, 1.0)
    order.pos_at
    noted = MergedOrder.from_keys(s, positive, 0.0, 1.0, changes=True)  # roc_curve's order

    def positions():
        low = sorted_key.view(np.uint8)[:: sorted_key.itemsize]
        return np.flatnonzero(np.bitwise_and(low, 1).view(np.bool_))

    funcs = {
        "np.sort(s), the floor": lambda: np.sort(s),
        "sorting the positive and negative halves": lambda: _sort_halves(pos, neg),
        "  splitting the halves (s[mask], s[~mask])": lambda: (s[positive], s[~positive]),
        "searchsorted positives in negatives (l+r)": lambda: (
            np.searchsorted(neg_sorted, pos_sorted, "left"),
            np.searchsorted(neg_sorted, pos_sorted, "right")),
        "merging the halves (stable 2-run sort)": lambda: np.sort(both, kind="stable"),
        "merging the halves (stable 2-run argsort)": lambda: np.argsort(both, kind="stable"),
        "label discovery (class_values)": lambda: class_values(y),
        "np.argsort(s)": lambda: np.argsort(s),
        "np.argsort(s, kind='stable')": lambda: np.argsort(s, kind="stable"),
        "new: positive mask (with discovery)": lambda: binary_positive_mask(y, None),
        "new: score check and range (min, max)": lambda: scores_and_range(s, "y_score"),
        "new: class keys (shift, or; blocked)": lambda: _class_keys(s, positive, 0.0, 1.0),
        "new: sorting the keys in place": lambda: key.copy().sort(),
        "  (copying the keys, part of the line above)": lambda: key.copy(),
        "new: positions of the positives": positions,
        "new: pair counts (AUC) from the order": order.pair_counts,
        "new: positive groups (AP) from the order": order.positive_groups,
        "new: all thresholds (counts()) from the order": order.counts,
    }
    if binary_scores_in_one_pass is not None:
        funcs["new: validation, mask, keys in one pass"] = lambda: binary_scores_in_one_pass(y, s)
        funcs["new: key sort + class bits + tie check"] = lambda: MergedOrder.sorting(
            key.copy(), decode)
        funcs["new: ... + class changes and their keys (ROC)"] = lambda: MergedOrder.sorting(
            key.copy(), decode, changes=True)
        funcs["new: ROC points (dropped) from the noted changes"] = lambda: noted.roc_points(True)
        funcs["new: P-R curve from the order (one blocked pass)"] = lambda: order.pr_curve(
            order.pos_at.size)
    for name in KERNELS:
        funcs[name] = lambda f=getattr(epm, name): f(y, s)
    logit = s - 0.5  # both signs: the signed keys
    funcs["np.sort(s - 0.5)"] = lambda: np.sort(logit)
    for name in LOGIT_KERNELS:
        funcs[name + ", logits"] = lambda f=getattr(epm, name): f(y, logit)
    funcs["roc_auc_score, max_fpr=0.1"] = lambda: epm.roc_auc_score(y, s, max_fpr=0.1)
    return best_of(funcs, repeat)


def report(n, repeat):
    t = steps(n, repeat)
    floor = t["np.sort(s), the floor"]
    halves = t["sorting the positive and negative halves"]
    print(f"\nn = {n:.0e} (10 % positives), best of {repeat}, round-robin")
    print(f"{'step':<46} {'time':>11} {'x np.sort':>9}")
    for name, value in t.items():
        if name not in KERNELS and name not in EXTRA:
            print(f"{name:<46} {fmt_time(value)} {value / floor:9.3f}")
    print(f"{'kernel':<26} {'time':>11} {'x np.sort':>9} {'remainder':>11} "
          f"{'x np.sort':>9} {'target':>7}")  # fmt: skip
    for name in KERNELS:
        rest = t[name] - halves
        print(f"{name:<26} {fmt_time(t[name])} {t[name] / floor:9.2f} "
              f"{fmt_time(rest)} {rest / floor:9.3f} {TARGET_REMAINDER[name]:7.2f}")
    for name in EXTRA:
        print(f"{name:<26} {fmt_time(t[name])} {t[name] / floor:9.2f}")


def floor(n, repeat):
    """The memory-bandwidth floor of the remainder (see the module docstring, 4)."""
    y, s = make_data(n)
    bits = s.view(np.uint64)
    labels = y.view(np.uint64)
    key = np.empty(n, dtype=np.uint64)
    key_copy = np.empty(n, dtype=np.uint64)
    out = np.empty(n + 1)
    small = np.empty(n, dtype=np.uint8)
    sorted_key = np.sort(bits << 1 | labels)
    n_roc = roc_points_kept(y, s)
    funcs = {
        "np.sort(s), the floor": lambda: np.sort(s),
        "keys: one ufunc reading scores + labels (16n B), writing keys (8n B)":
            lambda: np.bitwise_or(bits, labels, out=key),
        "  as copies: np.copyto of scores (8n B) and of labels (8n B)":
            lambda: (np.copyto(key, bits), np.copyto(key_copy, labels)),
        "sorted keys: one read (8n B, key.max())": sorted_key.max,
        "  as a copy: np.copyto of the keys (8n B each way)": lambda: np.copyto(key, sorted_key),
        "class bits: keys (8n B) to uint8 (1n B), np.copyto with a cast":
            lambda: np.copyto(small, sorted_key, casting="unsafe"),
        "one output of n + 1 float64, fresh (np.empty(n + 1).fill(0))": lambda: np.empty(n + 1).fill(0.0),
        "  into touched memory (out.fill(0))": lambda: out.fill(0.0),
        "  as a copy into touched memory (np.copyto)": lambda: np.copyto(out[:n], s),
        f"ROC output: 3 x {n_roc} float64 (the kept points), fresh":
            lambda: [np.empty(n_roc).fill(0.0) for _ in range(3)],
    }
    t = best_of(funcs, repeat)
    sort = t["np.sort(s), the floor"]
    print(f"\nmemory-bandwidth floor, n = {n:.0e}, best of {repeat}")
    for name, value in t.items():
        print(f"  {name:<72} {fmt_time(value)} {value / sort:7.3f}")
    keys = t["keys: one ufunc reading scores + labels (16n B), writing keys (8n B)"]
    read = t["sorted keys: one read (8n B, key.max())"]
    fresh = t["one output of n + 1 float64, fresh (np.empty(n + 1).fill(0))"]
    roc = t[f"ROC output: 3 x {n_roc} float64 (the kept points), fresh"]
    floors = {"roc_auc_score": keys + read, "average_precision_score": keys + read,
              "roc_curve": keys + read + roc, "precision_recall_curve": keys + read + 3 * fresh}
    print("  floor of the remainder (keys pass + one read of the sorted keys + outputs), "
          "x np.sort:")
    for name, value in floors.items():
        print(f"    {name:<26} {value / sort:6.3f}   target {TARGET_REMAINDER[name]:.2f}")


def roc_points_kept(y, s):
    """Number of points of the default (dropped) ROC curve of ``(y, s)``."""
    return epm.roc_curve(y, s)[0].size


def float32_check(n, repeat):
    y, s = make_data(n)
    s32 = s.astype(np.float32)
    s64 = s32.astype(np.float64)  # the same values
    funcs = {"np.sort float64": lambda: np.sort(s64), "np.sort float32": lambda: np.sort(s32)}
    for name in KERNELS:
        f = getattr(epm, name)
        funcs[name + " float64"] = lambda f=f: f(y, s64)
        funcs[name + " float32"] = lambda f=f: f(y, s32)
    t = best_of(funcs, repeat)
    print(f"\nfloat32 vs the same values as float64, n = {n:.0e}, best of {repeat}")
    for name in ["np.sort"] + KERNELS:
        a, b = t[name + " float64"], t[name + " float32"]
        same = "" if name == "np.sort" else (
            "  equal" if _equal(getattr(epm, name)(y, s64), getattr(epm, name)(y, s32))
            else "  DIFFERENT")  # fmt: skip
        print(f"  {name:<26} f64 {fmt_time(a)}  f32 {fmt_time(b)}  {a / b:5.2f}x{same}")


def _equal(a, b):
    if isinstance(a, tuple):
        return all(np.array_equal(x, z) and x.dtype == z.dtype for x, z in zip(a, b))
    return a == b


def small_check(repeat):
    import sklearn.metrics as skm

    y, s = make_data(100)
    print("\nn = 100 per call (best of 200-call loops)")
    for name in KERNELS:
        ours, theirs = getattr(epm, name), getattr(skm, name)
        t = best_of({"ours": lambda: [ours(y, s) for _ in range(200)],
                     "sklearn": lambda: [theirs(y, s) for _ in range(200)]},
                    repeat)  # fmt: skip
        print(f"  {name:<26} evalplots {fmt_time(t['ours'] / 200)}  scikit-learn "
              f"{fmt_time(t['sklearn'] / 200)}  {t['sklearn'] / t['ours']:5.1f}x")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="*", type=float, default=[1e6, 1e7])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                        help="cpu: process time, steadier on a shared machine (it leaves "
                             "out the time other processes hold the CPU)")  # fmt: skip
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"numpy {np.__version__}; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs; {args.clock} clock")  # fmt: skip
    for n in args.sizes:
        report(int(n), args.repeat)
    floor(int(max(args.sizes)), args.repeat)
    float32_check(int(max(args.sizes)), args.repeat)
    small_check(args.repeat)
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
