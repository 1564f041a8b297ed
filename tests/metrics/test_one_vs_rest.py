"""One-vs-rest metrics: multi-class average precision, OvR counts and curves, and the
exact macro-average curves. scikit-learn is the oracle for every number it has."""

import numpy as np
import pytest
import sklearn.metrics as skm

import evalplots

from evalplots.metrics import (
    auc,
    average_precision_from_curve,
    average_precision_score,
    break_even_point,
    precision_recall_curve,
    roc_auc_score,
    roc_curve,
)
from evalplots.metrics.ranking._macro_curves import (
    macro_precision_recall_curve,
    macro_roc_curve,
)
from evalplots.metrics.ranking._ovr_curves import (
    ovr_counts,
    ovr_precision_recall_curves,
    ovr_roc_curves,
)

AVERAGES = ["macro", "weighted", "micro", None]


def _multiclass(seed, n=60, k=3, decimals=1, weighted=False):
    """Labels 0..k-1 (every class present), row-normalised scores with many ties."""
    rng = np.random.default_rng(seed)
    y = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    raw = rng.integers(1, 10**decimals, size=(n, k)).astype(float)
    raw[np.arange(n), y] += rng.integers(0, 3, n)  # some signal
    proba = raw / raw.sum(axis=1, keepdims=True)
    w = rng.uniform(0.1, 3.0, n) if weighted else None
    return y, proba, w


# ------------------------------------------------- multi-class average precision
@pytest.mark.parametrize("average", AVERAGES)
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed, k", [(0, 3), (1, 4), (2, 6)])
def test_multiclass_average_precision_matches_scikit_learn(seed, k, weighted, average):
    y, proba, w = _multiclass(seed, k=k, weighted=weighted)
    ours = average_precision_score(y, proba, average=average, sample_weight=w)
    theirs = skm.average_precision_score(y, proba, average=average, sample_weight=w)
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=0)
    assert isinstance(ours, np.ndarray) == (average is None)


def test_multiclass_average_precision_by_hand():
    y = [0, 0, 1, 1, 2, 2]
    proba = np.array([[0.7, 0.2, 0.1], [0.4, 0.3, 0.3], [0.1, 0.8, 0.1],
                      [0.2, 0.3, 0.5], [0.4, 0.4, 0.2], [0.1, 0.2, 0.7]])
    per_class = average_precision_score(y, proba, average=None)
    # Each column ranked, AP = sum (R_n - R_{n-1}) P_n:
    # class 0: .7(+) then .4 tied {+, -}           -> 1/2 * 1 + 1/2 * 2/3 = 5/6
    # class 1: .8(+) .4(-) then .3 tied {+, -}     -> 1/2 * 1 + 1/2 * 2/4 = 3/4
    # class 2: .7(+) .5(-) .3(-) .2(+)             -> 1/2 * 1 + 1/2 * 2/4 = 3/4
    np.testing.assert_allclose(per_class, [5 / 6, 3 / 4, 3 / 4])
    assert average_precision_score(y, proba) == pytest.approx(per_class.mean())
    assert average_precision_score(y, proba, average="weighted") == pytest.approx(
        per_class.mean()  # equal supports
    )


def test_multiclass_average_precision_with_string_labels_and_plain_scores():
    y, proba, _ = _multiclass(3, k=3)
    names = np.array(["setosa", "versicolor", "virginica"])[y]
    scores = np.log(proba) * 7.0  # not probabilities: AP needs only the ranking
    for average in AVERAGES:
        np.testing.assert_allclose(
            average_precision_score(names, scores, average=average),
            skm.average_precision_score(names, scores, average=average),
            rtol=1e-12,
        )


def test_binary_average_precision_ignores_average_like_scikit_learn():
    y, s = [1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]
    for average in AVERAGES:
        assert average_precision_score(y, s, average=average) == pytest.approx(13 / 15)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"average": "samples"}, "'samples' needs a multilabel indicator matrix"),
        ({"average": "binary"}, "average must be one of"),
        ({"pos_label": 1}, "pos_label=1 applies to binary y_true only"),
        ({"y_score": np.ones((6, 2)) / 2}, "2 columns but there are 3 classes"),
        ({"y_score": np.ones((6, 1))}, r"shape \(6, 1\): one column is a binary"),
        ({"sample_weight": [1, 1, 1, 1, 0, 0]}, r"Class\(es\) \{2\} have total"),
        ({"sample_weight": np.zeros(6)}, "sample_weight sums to 0"),
        ({"y_true": [0, 0, 1, 1, 1, 1]}, "3 columns but there are 2 classes"),
    ],
)
def test_multiclass_average_precision_bad_input(kwargs, match):
    args = {"y_true": [0, 0, 1, 1, 2, 2], "y_score": np.full((6, 3), 1 / 3)}
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        average_precision_score(**args)


def test_micro_average_precision_accepts_a_weightless_class():
    y, proba = [0, 0, 1, 1, 2, 2], np.random.default_rng(4).dirichlet([1, 1, 1], 6)
    w = [1, 2, 1, 1, 0, 0]
    assert average_precision_score(
        y, proba, average="micro", sample_weight=w
    ) == pytest.approx(
        skm.average_precision_score(y, proba, average="micro", sample_weight=w),
        rel=1e-12,
    )


def test_roc_auc_keeps_its_multiclass_checks_after_sharing_the_class_rule():
    y, proba, _ = _multiclass(5, k=4)
    for average in AVERAGES:
        np.testing.assert_allclose(
            roc_auc_score(y, proba, multi_class="ovr", average=average),
            skm.roc_auc_score(y, proba, multi_class="ovr", average=average),
            rtol=1e-12,
        )
    with pytest.raises(ValueError, match="labels must be unique"):
        roc_auc_score(y, proba, multi_class="ovr", labels=[0, 1, 2, 2])
    with pytest.raises(ValueError, match="not in labels"):
        roc_auc_score(y, proba, multi_class="ovr", labels=[0, 1, 2, 5])


# ------------------------------------------------------------ OvR counts and curves
def _curves(seed, *, k=3, weighted=False, drop=False, n=60, decimals=1):
    y, proba, w = _multiclass(seed, n=n, k=k, weighted=weighted, decimals=decimals)
    counts = ovr_counts(y, proba, sample_weight=w)
    roc = ovr_roc_curves(counts, drop_intermediate=drop)
    pr = ovr_precision_recall_curves(counts, drop_intermediate=drop)
    return y, proba, w, roc, pr


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("drop", [False, True])
def test_per_class_and_micro_curves_are_the_binary_curves(weighted, drop):
    y, proba, w, roc, pr = _curves(7, k=4, weighted=weighted, drop=drop)
    k = proba.shape[1]
    onehot = (y[:, None] == np.arange(k)).astype(int)
    problems = [(onehot[:, c], proba[:, c], w) for c in range(k)]
    problems.append((onehot.ravel(), proba.ravel(), None if w is None else np.repeat(w, k)))
    for i, (yc, sc, wc) in enumerate(problems):
        for ours, theirs in zip(
            (roc.fpr[i], roc.tpr[i], roc.thresholds[i]),
            roc_curve(yc, sc, sample_weight=wc, drop_intermediate=drop),
        ):
            np.testing.assert_array_equal(ours, theirs)
        for ours, theirs in zip(
            (pr.precision[i], pr.recall[i], pr.thresholds[i]),
            precision_recall_curve(yc, sc, sample_weight=wc, drop_intermediate=drop),
        ):
            np.testing.assert_array_equal(ours, theirs)
        # and scikit-learn agrees on the curve
        sk_fpr, sk_tpr, _ = skm.roc_curve(yc, sc, sample_weight=wc, drop_intermediate=drop)
        if not drop:
            np.testing.assert_allclose(roc.fpr[i], sk_fpr, rtol=1e-12)
            np.testing.assert_allclose(roc.tpr[i], sk_tpr, rtol=1e-12)
        assert pr.break_even[i] == pytest.approx(break_even_point(yc, sc, sample_weight=wc))
        assert pr.prevalence[i] == pytest.approx(np.average(yc, weights=wc))
    assert roc.average == pr.average == [None] * k + ["micro", "macro"]
    assert roc.thresholds[-1] is None and pr.thresholds[-1] is None
    assert pr.break_even[-1] is None
    assert pr.prevalence[-1] == pytest.approx(1 / k) == pr.prevalence[-2]


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed, k", [(0, 3), (1, 5), (2, 10)])
def test_scores_equal_scikit_learn_averages(seed, k, weighted):
    y, proba, w, roc, pr = _curves(seed, k=k, weighted=weighted, n=120)
    sk_auc = [
        skm.roc_auc_score(y, proba, multi_class="ovr", average=a, sample_weight=w)
        for a in (None, "micro", "macro")
    ]
    np.testing.assert_allclose(roc.roc_auc, np.r_[sk_auc[0], sk_auc[1:]], rtol=1e-12)
    sk_ap = [
        skm.average_precision_score(y, proba, average=a, sample_weight=w)
        for a in (None, "micro", "macro")
    ]
    np.testing.assert_allclose(pr.average_precision, np.r_[sk_ap[0], sk_ap[1:]], rtol=1e-12)


@pytest.mark.parametrize("drop", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_macro_curve_areas_are_the_macro_scores_exactly(seed, weighted, drop):
    # decimals=1: about 9 distinct raw scores per cell, so many ties in every column
    k = 3 + seed % 4
    y, proba, w, roc, pr = _curves(seed, k=k, weighted=weighted, drop=drop, n=80)
    macro_auc = skm.roc_auc_score(y, proba, multi_class="ovr", average="macro", sample_weight=w)
    macro_ap = skm.average_precision_score(y, proba, average="macro", sample_weight=w)
    assert abs(auc(roc.fpr[-1], roc.tpr[-1]) - macro_auc) < 1e-12
    assert abs(average_precision_from_curve(pr.precision[-1], pr.recall[-1]) - macro_ap) < 1e-12
    assert abs(roc.roc_auc[-1] - macro_auc) < 1e-12
    assert abs(pr.average_precision[-1] - macro_ap) < 1e-12


def _step_precision(precision, recall, r):
    """p(r): precision of the first operating point (highest threshold first) whose
    recall reaches r -- the step function that AP integrates."""
    for p_n, r_n in zip(precision[-2::-1], recall[-2::-1]):
        if r_n >= r:
            return p_n
    raise AssertionError("recall never reaches r")


def test_macro_curves_are_the_mean_functions():
    y, proba, _, roc, pr = _curves(11, k=4)
    k = proba.shape[1]
    rng = np.random.default_rng(0)
    # ROC: at points off every breakpoint the curves are single-valued
    x = rng.uniform(0, 1, 200)
    mean_tpr = np.mean([np.interp(x, roc.fpr[c], roc.tpr[c]) for c in range(k)], axis=0)
    np.testing.assert_allclose(np.interp(x, roc.fpr[-1], roc.tpr[-1]), mean_tpr, rtol=1e-12)
    # P-R: at random recalls and at every recall value of every class
    recalls = np.r_[rng.uniform(1e-9, 1, 200), np.concatenate(pr.recall[:k])]
    for r in recalls[recalls > 0]:
        mean_p = np.mean([_step_precision(pr.precision[c], pr.recall[c], r) for c in range(k)])
        assert _step_precision(pr.precision[-1], pr.recall[-1], r) == pytest.approx(mean_p, rel=1e-12)


def test_macro_roc_keeps_both_limits_of_a_vertical_run():
    # class A is perfect: (0,0) -> (0,1) -> (1,1); class B is the diagonal
    fpr, tpr = macro_roc_curve([np.array([0, 0, 1.0]), np.array([0, 0.5, 1.0])],
                               [np.array([0, 1, 1.0]), np.array([0, 0.5, 1.0])])
    np.testing.assert_allclose(fpr, [0, 0, 0.5, 1])
    np.testing.assert_allclose(tpr, [0, 0.5, 0.75, 1])
    assert auc(fpr, tpr) == pytest.approx(0.75)  # = mean(1, 0.5)


def test_interp_on_a_fixed_grid_would_not_give_the_macro_auc():
    # scikit-learn's gallery recipe (np.interp on linspace(0, 1, 1000)) misses the
    # corners between grid points; the exact curve does not
    y, proba, _, roc, _ = _curves(0, k=3, n=80)
    grid = np.linspace(0, 1, 1000)
    naive = np.mean([np.interp(grid, roc.fpr[c], roc.tpr[c]) for c in range(3)], axis=0)
    assert abs(auc(grid, naive) - roc.roc_auc[-1]) > 1e-5
    assert abs(auc(roc.fpr[-1], roc.tpr[-1]) - roc.roc_auc[-1]) < 1e-12


def test_macro_precision_recall_by_hand():
    # class A ranked (+, -, +): operating points (R, P) = (1/2, 1), (1/2, 1/2), (1, 2/3)
    # class B ranked (+, +, -): (1/2, 1), (1, 1), (1, 2/3); union of recalls {1/2, 1}
    a = precision_recall_curve([1, 0, 1], [0.9, 0.5, 0.1])
    b = precision_recall_curve([1, 1, 0], [0.9, 0.5, 0.1])
    precision, recall = macro_precision_recall_curve([a[0], b[0]], [a[1], b[1]])
    np.testing.assert_allclose(recall, [1, 0.5, 0])
    np.testing.assert_allclose(precision, [(2 / 3 + 1) / 2, 1, 1])
    assert average_precision_from_curve(precision, recall) == pytest.approx(
        (average_precision_score([1, 0, 1], [0.9, 0.5, 0.1])
         + average_precision_score([1, 1, 0], [0.9, 0.5, 0.1])) / 2
    )


def test_the_ap_of_a_perfect_ranking_is_1_not_1_plus_an_ulp():
    # the float sum of twenty recall steps of 1/20 is 1 + 2**-52: the class with 20
    # positives, each scored above every other sample, has AP exactly 1, and so
    # does the P-R Display built from the evaluation (it refuses values above 1)
    y = np.repeat([0, 1, 2], [10, 20, 10])
    proba = np.full((40, 3), 0.1)
    proba[np.arange(40), y] = 0.8
    proba[y == 1, 1] += np.arange(20) * 1e-3  # distinct scores: 20 recall steps
    proba[y == 1, 0] -= np.arange(20) * 1e-3
    assert -np.sum(np.diff(np.arange(20, -1, -1) / 20)) > 1  # the float sum, unguarded
    pr = ovr_precision_recall_curves(ovr_counts(y, proba))
    assert pr.average_precision.tolist() == [1.0] * 5  # 3 classes, micro, macro
    assert average_precision_from_curve(*precision_recall_curve(y == 1, proba[:, 1])[:2]) == 1
    display = evalplots.evaluate(y, {"m": proba}).precision_recall_display("m")
    assert [float(v) for v in display.average_precision] == [1.0] * 5


def test_counts_are_not_modified_by_the_curves():
    y, proba, _ = _multiclass(2)
    counts = ovr_counts(y, proba)
    before = [np.copy(a) for c in (*counts.per_class, counts.micro) for a in c]
    ovr_precision_recall_curves(counts)
    ovr_roc_curves(counts)
    after = [a for c in (*counts.per_class, counts.micro) for a in c]
    for x, z in zip(before, after):
        np.testing.assert_array_equal(x, z)
    np.testing.assert_array_equal(counts.support, np.bincount(y))


def test_zero_weight_samples_are_left_out():
    y, proba, w = _multiclass(3, weighted=True)
    w[::4] = 0
    keep = w > 0
    full = ovr_roc_curves(ovr_counts(y, proba, sample_weight=w), drop_intermediate=False)
    kept = ovr_roc_curves(ovr_counts(y[keep], proba[keep], sample_weight=w[keep]), drop_intermediate=False)
    for a, b in zip(full.fpr + full.tpr, kept.fpr + kept.tpr):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize(
    "codes, scores, weight, match",
    [
        ([0, 1, 2], np.ones((3, 1)), None, r"n_classes >= 2\), got shape \(3, 1\)"),
        ([0.0, 1.0, 2.0], np.ones((3, 3)), None, "y_codes must be 1-D integer"),
        ([0, 1], np.ones((3, 3)), None, "one per row of y_score"),
        ([0, 1, 3], np.ones((3, 3)), None, r"must lie in \[0, 3\)"),
        ([0, 1, 1], np.ones((3, 3)), None, r"Class code\(s\) \[2\] have no sample,"),
        ([0, 1, 2], np.ones((3, 3)), [1, 1, 0], r"\[2\] have no sample of positive weight"),
        ([0, 1, 2], np.full((3, 3), np.nan), None, "y_score contains 9 non-finite"),
    ],
)
def test_ovr_counts_bad_input(codes, scores, weight, match):
    with pytest.raises(ValueError, match=match):
        ovr_counts(np.asarray(codes), scores, sample_weight=weight)
