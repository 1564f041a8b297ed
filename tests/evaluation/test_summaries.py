"""Evaluations built from merged per-chunk summaries equal the in-memory evaluation.

The rows are cut into chunks with numpy (one of them empty, one holding a single
class), each chunk is summarized, the summaries are merged in a shuffled tree, and
the evaluation built from the merged summary is compared with ``evaluate()`` on
the raw rows: every metrics-table value to 1e-12, confusion matrices exactly,
curves, and the intervals and tests that have an exact table form.
"""

import math
import pickle
import warnings

import numpy as np
import pytest

from evalplots import evaluate
from evalplots.evaluation import BinaryEvaluation, MulticlassEvaluation, RegressionEvaluation
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    BinarySummary,
    DeLongCrossSums,
    MulticlassSummary,
    RegressionSummary,
    ScoreCounts,
    delong_test,
    log_loss,
)
from evalplots.metrics.summaries._regression import merge_moments

TOL = 1e-12


def chunks(n, positive, rng, k=6):
    """Index arrays of k chunks of the rows: a shuffled split, plus an empty chunk
    and a chunk holding only rows of one class (``positive`` False)."""
    one_class = np.flatnonzero(~positive)[:25]
    rest = rng.permutation(np.setdiff1d(np.arange(n), one_class))
    return [np.array([], dtype=np.intp), one_class, *np.array_split(rest, k - 2)]


def tree_merge(merge, parts, rng):
    """Merge ``parts`` pairwise in a random order until one is left."""
    parts = list(parts)
    while len(parts) > 1:
        rng.shuffle(parts)
        a, b = parts.pop(), parts.pop()
        parts.append(merge([a, b]))
    return parts[0]


def assert_table_equal(ev, es):
    assert ev.metrics_table.columns == es.metrics_table.columns
    for name, row in ev.metrics_table.rows.items():
        other = es.metrics_table.rows[name]
        for column, value in row.items():
            if math.isnan(value) or math.isinf(value):
                assert value == other[column] or (math.isnan(value)
                                                  and math.isnan(other[column])), column
            else:
                assert other[column] == pytest.approx(value, rel=TOL, abs=TOL), (name, column)


def assert_ci_equal(a, b):
    assert a.method == b.method
    for x, y in ((a.estimate, b.estimate), (a.low, b.low), (a.high, b.high)):
        assert y == pytest.approx(x, rel=TOL, abs=TOL)


# ------------------------------------------------------------------------ binary


def binary_data(kind, weighted, rng, n=4000):
    y = rng.integers(0, 2, n)
    logit = 1.3 * y + rng.normal(size=n)
    a = 1.0 / (1.0 + np.exp(-logit))
    b = 1.0 / (1.0 + np.exp(-(0.8 * y + rng.normal(size=n))))
    if kind == "discrete":  # many ties: 101 distinct scores
        a, b = np.round(a, 2), np.round(b, 2)
    w = rng.integers(0, 4, n).astype(float) if weighted else None
    return y, {"a": a, "b": b}, w


def binary_summary(y, preds, w, rng, pos_label=None):
    idx = chunks(y.size, y == (pos_label if pos_label is not None else 1), rng)
    parts = [BinarySummary.from_arrays(y[i], {k: v[i] for k, v in preds.items()},
                                       pos_label=pos_label,
                                       sample_weight=None if w is None else w[i])
             for i in idx]
    merged = tree_merge(BinarySummary.merge, parts, rng)
    cross = tree_merge(DeLongCrossSums.merge, [
        DeLongCrossSums.from_arrays(y[i], {k: v[i] for k, v in preds.items()}, merged.tables,
                                    pos_label=pos_label,
                                    sample_weight=None if w is None else w[i])
        for i in idx], rng)
    return merged, cross, len(idx)


@pytest.mark.parametrize("kind", ["discrete", "continuous"])
@pytest.mark.parametrize("weighted", [False, True])
def test_binary_from_summary_equals_in_memory(kind, weighted):
    rng = np.random.default_rng(7)
    y, preds, w = binary_data(kind, weighted, rng)
    ev = evaluate(y, preds, sample_weight=w, n_resamples=200)
    summary, cross, n_parts = binary_summary(y, preds, w, rng)
    es = BinaryEvaluation.from_summary(summary, cross=cross, n_resamples=200)

    assert (es.n_samples, es.n_positive, es.weighted) == (ev.n_samples, ev.n_positive,
                                                          weighted)
    assert es.prevalence == pytest.approx(ev.prevalence, rel=TOL)
    assert f"{n_parts} partitions" in repr(es)
    assert_table_equal(ev, es)
    for name in preds:
        m, s = ev[name], es[name]
        np.testing.assert_array_equal(s.confusion_matrix, m.confusion_matrix)
        assert s.confusion_matrix.dtype == m.confusion_matrix.dtype
        for curve in ("roc_curve", "precision_recall_curve", "det_curve"):
            for x, z in zip(getattr(m, curve), getattr(s, curve)):
                np.testing.assert_allclose(z, x, rtol=TOL, atol=TOL)
        assert [p.threshold for p in s.operating_points] == [
            p.threshold for p in m.operating_points]
        assert s.expected_calibration_error == pytest.approx(m.expected_calibration_error,
                                                             rel=TOL, abs=TOL)
        # intervals with an exact table form: the same numbers
        for column in ("ROC AUC", "Accuracy", "Precision", "Recall", "Specificity", "NPV",
                       "Brier", "Log loss"):
            assert_ci_equal(ev.intervals[name][column], es.intervals[name][column])
        # bootstraps: multinomial draws over the table (other draws)
        for column in ("AP", "BEP", "F1", "MCC", "Balanced accuracy"):
            ci = es.intervals[name][column]
            assert ci.method.startswith("bootstrap")
            assert ci.low <= es.metrics_table.rows[name][column] <= ci.high
        grid, low, high = es.roc_ci_bands[name]
        assert grid.shape == (101,) and (low <= high).all() and high[-1] == 1.0
    (delong_ev, mcnemar_ev), (delong_es, mcnemar_es) = ev.comparisons, es.comparisons
    assert_ci_equal(delong_ev.ci, delong_es.ci)
    assert delong_es.pvalue == pytest.approx(delong_ev.pvalue, rel=1e-9, abs=TOL)
    assert (mcnemar_es.difference, mcnemar_es.pvalue, mcnemar_es.note) == (
        mcnemar_ev.difference, mcnemar_ev.pvalue, mcnemar_ev.note)


def test_binary_string_labels_with_pos_label():
    rng = np.random.default_rng(3)
    y01, preds, _ = binary_data("discrete", False, rng, n=1500)
    y = np.where(y01 == 1, "spam", "ham")
    ev = evaluate(y, preds, pos_label="spam")
    summary, cross, _ = binary_summary(y, preds, None, rng, pos_label="spam")
    es = BinaryEvaluation.from_summary(summary, cross=cross)
    assert (es.pos_label, es.neg_label, es.classes_.tolist()) == ("spam", "ham",
                                                                  ["ham", "spam"])
    assert_table_equal(ev, es)
    assert_ci_equal(ev.intervals["a"]["ROC AUC"], es.intervals["a"]["ROC AUC"])
    with pytest.raises(ValueError, match="differs from the positive class"):
        BinaryEvaluation.from_summary(summary, pos_label="ham")


def test_binary_small_unweighted_cell_bootstrap_is_the_in_memory_one():
    # up to 1000 rows the BCa jackknife is leave-one-out, a function of the table;
    # the multinomial draws of the confusion cells come from the same stream
    rng = np.random.default_rng(11)
    y, preds, _ = binary_data("continuous", False, rng, n=600)
    ev = evaluate(y, preds)
    es = BinaryEvaluation.from_summary(binary_summary(y, preds, None, rng)[0])
    for column in ("F1", "MCC", "Balanced accuracy"):
        assert_ci_equal(ev.intervals["a"][column], es.intervals["a"][column])


def test_delong_cross_sums_give_the_paired_test_on_raw_rows():
    rng = np.random.default_rng(5)
    y, preds, _ = binary_data("discrete", False, rng, n=2500)
    summary, cross, _ = binary_summary(y, preds, None, rng)
    es = BinaryEvaluation.from_summary(summary, cross=cross)
    raw = delong_test(y, preds["a"], preds["b"])
    row = es.comparisons[0]
    assert row.difference == pytest.approx(raw.difference, rel=TOL)
    assert row.ci.low == pytest.approx(raw.ci.low, rel=TOL)
    assert row.ci.high == pytest.approx(raw.ci.high, rel=TOL)
    assert row.pvalue == pytest.approx(raw.pvalue, rel=1e-9)


def test_binary_without_second_pass_or_rows_says_why():
    rng = np.random.default_rng(1)
    y, preds, _ = binary_data("discrete", False, rng, n=500)
    es = BinaryEvaluation.from_summary(binary_summary(y, preds, None, rng)[0])
    delong = es.comparisons[0]
    assert math.isnan(delong.pvalue) and "needs the second pass" in delong.note
    assert es.comparisons[1].test == "McNemar" and not math.isnan(es.comparisons[1].pvalue)
    # another threshold: every metric follows, McNemar's tables do not
    es = BinaryEvaluation.from_summary(binary_summary(y, preds, None, rng)[0],
                                       threshold=0.7)
    ev = evaluate(y, preds, threshold=0.7)
    assert_table_equal(ev, es)
    assert "threshold 0.5, not 0.7" in es.comparisons[1].note


def test_binary_fractional_weights_give_the_reason():
    rng = np.random.default_rng(2)
    y, preds, _ = binary_data("discrete", False, rng, n=800)
    w = rng.uniform(0.5, 2.0, y.size)
    ev = evaluate(y, preds, sample_weight=w)
    es = BinaryEvaluation.from_summary(binary_summary(y, preds, w, rng)[0])
    assert_table_equal(ev, es)
    for column in ("ROC AUC", "AP", "F1"):
        assert "non-integer" in es.intervals.notes[column]["a"]
    assert es.roc_ci_bands["a"] is None


def test_binary_summary_merge_is_exact_in_any_order_and_picklable():
    rng = np.random.default_rng(4)
    y, preds, w = binary_data("discrete", True, rng, n=3000)
    idx = chunks(y.size, y == 1, rng, k=9)
    parts = [BinarySummary.from_arrays(y[i], {k: v[i] for k, v in preds.items()},
                                       sample_weight=w[i]) for i in idx]
    one = tree_merge(BinarySummary.merge, parts, np.random.default_rng(0))
    two = BinarySummary.merge(pickle.loads(pickle.dumps(parts[::-1])))
    for name in preds:
        for attr in ("score", "positive", "negative"):
            np.testing.assert_array_equal(getattr(one.tables[name], attr),
                                          getattr(two.tables[name], attr))
        assert one.tables[name].positive.dtype == np.int64  # whole weights: exact
    np.testing.assert_array_equal(one.pairs[("a", "b")], two.pairs[("a", "b")])
    assert one.label_rows == two.label_rows == {0: int((y == 0).sum()), 1: int(y.sum())}
    assert (one.n_rows, one.n_partitions) == (y.size, len(idx))
    assert len(pickle.dumps(one)) < 60_000  # 101 distinct scores per model: small


def test_binary_summary_rejects_what_evaluate_rejects():
    with pytest.raises(ValueError, match="ambiguous"):
        BinarySummary.from_arrays(["x", "y"], {"m": [0.1, 0.2]})
    with pytest.raises(ValueError, match="threshold"):
        BinarySummary.from_arrays([0, 1], {"m": [0.1, 0.2]}, threshold=float("nan"))
    a = BinarySummary.from_arrays([0, 1], {"m": [0.1, 0.2]})
    b = BinarySummary.from_arrays([0, 1], {"m": [0.1, 0.2]}, threshold=0.3)
    with pytest.raises(ValueError, match="different threshold"):
        BinarySummary.merge([a, b])
    only_neg = BinarySummary.from_arrays([0, 0], {"m": [0.1, 0.2]})
    with pytest.raises(ValueError, match="exactly two"):
        BinaryEvaluation.from_summary(only_neg)


def coarsen(table, edges):
    """The table with its scores grouped into the ranges of ``edges`` (each row
    keyed by its range's lower edge)."""
    key = edges[np.searchsorted(edges, table.score, side="right") - 1]
    starts = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
    return ScoreCounts(key[starts], np.add.reduceat(table.positive, starts),
                       np.add.reduceat(table.negative, starts))


def test_coarsened_table_with_exact_overrides():
    rng = np.random.default_rng(9)
    y, preds, _ = binary_data("continuous", False, rng, n=3000)
    ev = evaluate(y, preds)
    summary, _, _ = binary_summary(y, preds, None, rng)
    edges = np.linspace(0.0, 1.0, 21)
    summary.tables["a"] = coarsen(summary.tables["a"], edges)
    exact = {"a": {"ROC AUC": ev["a"].roc_auc, "AP": ev["a"].average_precision,
                   "BEP": ev["a"].break_even_point}}
    es = BinaryEvaluation.from_summary(summary, exact=exact)
    row = es.metrics_table.rows["a"]
    assert (row["ROC AUC"], row["AP"], row["BEP"]) == tuple(exact["a"].values())
    for column in ("Brier", "Log loss"):  # sums over the rows' own scores: exact
        assert row[column] == pytest.approx(ev.metrics_table.rows["a"][column], rel=TOL)
    binned = es["a"]._data  # the coarsened cells
    from evalplots.evaluation._summary import binned_auc_bound
    from evalplots.metrics.ranking._auc import auc_from_counts

    bound = binned_auc_bound(summary.tables["a"])
    binned_auc = auc_from_counts(*binned.counts()[:2])
    assert abs(binned_auc - ev["a"].roc_auc) <= bound
    assert f"{bound:.2e}" in es.metrics_table.footnote()
    for column in ("ROC AUC", "AP", "BEP"):
        assert "coarsened" in es.intervals.notes[column]["a"]
    assert "coarsened" in es.comparisons[0].note
    with pytest.raises(ValueError, match="unknown keys"):
        BinaryEvaluation.from_summary(summary, exact={"a": {"AUC": 0.5}})


# ------------------------------------------------------------------- multi-class


def multiclass_data(weighted, rng, n=3000, k=4):
    y = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k)) + 1.5 * np.eye(k)[y]
    p = np.exp(logits)
    p = np.round(p / p.sum(axis=1, keepdims=True), 3)
    p[:, -1] = 1.0 - p[:, :-1].sum(axis=1)
    p = np.clip(p, 0.0, 1.0)
    labels = np.where(rng.random(n) < 0.6, y, rng.integers(0, k, n))
    w = rng.integers(0, 3, n).astype(float) if weighted else None
    names = np.array(["ant", "bee", "cat", "dog"])[:k]
    return names[y], {"proba": p, "scores": logits, "labels": names[labels]}, w, names


@pytest.mark.parametrize("weighted", [False, True])
def test_multiclass_from_summary_equals_in_memory(weighted):
    rng = np.random.default_rng(21)
    y, preds, w, names = multiclass_data(weighted, rng)
    ev = evaluate(y, preds, task="multiclass", labels=names, sample_weight=w,
                  n_resamples=200)
    idx = chunks(y.size, y != "ant", rng)
    parts = [MulticlassSummary.from_arrays(y[i], {k: v[i] for k, v in preds.items()},
                                           labels=names,
                                           sample_weight=None if w is None else w[i])
             for i in idx]
    es = MulticlassEvaluation.from_summary(tree_merge(MulticlassSummary.merge, parts, rng),
                                           n_resamples=200)
    assert [es[n].kind for n in preds] == [ev[n].kind for n in preds]
    np.testing.assert_array_equal(es.class_counts, ev.class_counts)
    assert_table_equal(ev, es)
    for name in preds:
        np.testing.assert_array_equal(es[name].confusion_matrix, ev[name].confusion_matrix)
        assert es[name].confusion_matrix.dtype == ev[name].confusion_matrix.dtype
        # one jackknife rule (dealt from the confusion counts) on both paths: every
        # interval, the cell bootstraps' included, is the in-memory one
        assert set(es.intervals[name]) == set(ev.intervals[name])
        for column, ci in ev.intervals[name].items():
            assert_ci_equal(ci, es.intervals[name][column])
    for name in ("proba", "scores"):
        a, b = ev.roc_display(name), es.roc_display(name)
        for x, z in zip(a.fpr + a.tpr, b.fpr + b.tpr):
            np.testing.assert_allclose(z, x, rtol=TOL, atol=TOL)
        np.testing.assert_allclose(es.precision_recall_display(name).average_precision,
                                   ev.precision_recall_display(name).average_precision,
                                   rtol=TOL)
    for c1, c2 in zip(ev.comparisons, es.comparisons):
        assert (c1.test, c1.quantity) == (c2.test, c2.quantity)
        assert c2.pvalue == pytest.approx(c1.pvalue, rel=TOL)
        assert c2.difference == pytest.approx(c1.difference, rel=TOL, abs=TOL)
        if c1.ci is not None:  # the paired bootstrap: the same joint counts, same draws
            assert_ci_equal(c1.ci, c2.ci)


def test_a_chunk_of_weight_zero_has_tables_of_its_weights_dtype():
    """A chunk whose rows all have weight 0 counts nothing; its empty tables take
    the count dtype of its weights (float64 here), as the tables of float weights
    do, so they merge with the other chunks' fractional tables without changing
    the count dtype (the multi-class copy used to make int64 counts)."""
    proba = [[.7, .2, .1], [.1, .3, .6]]
    labels = [0, 1, 2]
    zero = MulticlassSummary.from_arrays([0, 2], {"m": proba}, labels=labels,
                                         sample_weight=[0.0, 0.0])
    for table in zero.ovr["m"]:
        assert len(table) == 0
        assert table.positive.dtype == table.negative.dtype == np.float64
    binary = BinarySummary.from_arrays([0, 1], {"m": [.3, .6]}, sample_weight=[0.0, 0.0])
    assert binary.tables["m"].positive.dtype == np.float64
    unweighted = MulticlassSummary.from_arrays([], {"m": np.zeros((0, 3))}, labels=labels)
    assert all(t.positive.dtype == np.int64 for t in unweighted.ovr["m"])
    # merged with a chunk of fractional weights: that chunk's counts, unchanged
    half = MulticlassSummary.from_arrays([0, 2], {"m": proba}, labels=labels,
                                         sample_weight=[0.5, 1.5])
    merged = MulticlassSummary.merge([zero, half])
    for a, b in zip(merged.ovr["m"], half.ovr["m"]):
        np.testing.assert_array_equal(a.score, b.score)
        assert a.positive.dtype == np.float64
        assert a.positive.tolist() == b.positive.tolist()
        assert a.negative.tolist() == b.negative.tolist()
    assert merged.ovr["m"][0].positive.tolist() == [0.0, 0.5]  # class 0: scores .1, .7


def test_fractional_weights_make_the_summary_tables_only_for_a_merge():
    """Under fractional weights the in-memory evaluation reads its one-vs-rest
    counts off the rows, so its summary's per-class tables are not made for it;
    merged or pickled, that summary holds the tables from_arrays makes."""
    rng = np.random.default_rng(5)
    y, preds, _, names = multiclass_data(False, rng)
    w = rng.random(y.size) + 0.1
    ev = evaluate(y, preds, task="multiclass", labels=names, sample_weight=w,
                  n_resamples=20)
    ev.metrics_table, ev.precision_recall_display("proba")
    tables = ev._summary.ovr["proba"]
    assert "_tables" not in vars(tables)  # not made by the evaluation
    eager = MulticlassSummary.from_arrays(y, preds, labels=names, sample_weight=w)
    half = MulticlassSummary.from_arrays(y[:0], {k: v[:0] for k, v in preds.items()},
                                         labels=names, sample_weight=w[:0])
    for summary in (MulticlassSummary.merge([half, ev._summary]),
                    pickle.loads(pickle.dumps(ev._summary))):
        for a, b in zip(summary.ovr["proba"], eager.ovr["proba"], strict=True):
            for field in ("score", "positive", "negative"):
                np.testing.assert_array_equal(getattr(a, field), getattr(b, field))


@pytest.mark.parametrize("weight", [None, [1, 1, 1, 0.0], [0.5, 1.5, 1, 0.0]])
def test_a_class_without_weight_has_no_one_vs_rest_curve_on_every_path(weight):
    y, proba = [0, 1, 0, 2], np.array([[.6, .3, .1], [.2, .7, .1], [.5, .4, .1], [.1, .1, .8]])
    labels = [0, 1, 2] if weight is not None else [0, 1, 2, 3]
    proba = proba if weight is not None else np.c_[proba * 0.9, np.full(4, 0.1)]
    summary = MulticlassSummary.from_arrays(y, {"m": proba}, labels=labels,
                                            sample_weight=weight)
    absent = 2 if weight is not None else 3
    for ev in (evaluate(y, {"m": proba}, labels=labels, sample_weight=weight),
               MulticlassEvaluation.from_summary(summary)):
        with pytest.raises(ValueError, match=f"class {absent} has no sample of positive "
                                             f"weight, so its one-vs-rest curve"):
            ev["m"].ovr_roc


def test_multiclass_summary_needs_known_labels():
    with pytest.raises(ValueError, match="not classes"):
        MulticlassSummary.from_arrays([0, 1], {"m": [0, 5]}, labels=[0, 1, 2])
    with pytest.raises(ValueError, match="columns"):
        MulticlassSummary.from_arrays([0, 1], {"m": np.ones((2, 2))}, labels=[0, 1, 2])


def test_the_zero_probabilities_behind_an_infinite_log_loss_add_up_over_chunks():
    """The summary counts the rows of non-zero weight whose true class has
    probability 0 (a weight-0 row adds nothing); merged, the counts add, and the
    evaluation's warning gives their sum, as log_loss() on all rows does."""
    y = np.array([0, 1, 2, 0, 1, 2, 0])
    p = np.array([[0.0, .5, .5], [.1, .9, 0], [.5, .5, 0.0], [.4, .3, .3],
                  [.2, 0.0, .8], [.1, .1, .8], [0.0, 1, 0]])
    w = np.array([1.0, 2.0, 0.5, 1.0, 0.0, 1.0, 3.0])
    parts = [MulticlassSummary.from_arrays(y[i], {"m": p[i]}, labels=[0, 1, 2],
                                           sample_weight=w[i])
             for i in (slice(0, 3), slice(3, 7))]
    assert [part.log_loss["m"][:, -1].tolist() for part in parts] == [
        [1, 0, 1], [1, 0, 0]]  # row 4 (class 1, probability 0) has weight 0
    merged = MulticlassSummary.merge(parts)
    assert merged.log_loss["m"][:, -1].tolist() == [2, 0, 1]
    ev = MulticlassEvaluation.from_summary(merged)
    with pytest.warns(UndefinedMetricWarning, match="infinite: 3 true-class probabilities"):
        assert ev["m"].log_loss == math.inf
    with pytest.warns(UndefinedMetricWarning, match="infinite: 3 true-class probabilities"):
        log_loss(y[w > 0], p[w > 0], sample_weight=w[w > 0])


# -------------------------------------------------------------------- regression


@pytest.mark.parametrize("weighted", [False, True])
def test_regression_from_summary_equals_in_memory(weighted):
    rng = np.random.default_rng(31)
    n = 5000
    y = rng.gamma(2.0, 3.0, n)
    preds = {"good": y + rng.normal(size=n), "poor": y + 3 * rng.normal(size=n) + 1}
    w = rng.integers(0, 4, n).astype(float) if weighted else None
    ev = evaluate(y, preds, sample_weight=w)
    idx = chunks(n, np.zeros(n, bool), rng)
    parts = [RegressionSummary.from_arrays(y[i], {k: v[i] for k, v in preds.items()},
                                           sample_weight=None if w is None else w[i],
                                           sample_size=500) for i in idx]
    es = RegressionEvaluation.from_summary(tree_merge(RegressionSummary.merge, parts, rng))
    assert_table_equal(ev, es)
    for key, value in ev.target_stats.items():
        assert es.target_stats[key] == pytest.approx(value, rel=TOL)
    assert es["good"].residual_stats["mean"] == pytest.approx(
        ev["good"].residual_stats["mean"], rel=1e-9)
    # the figure's sample: 500 of the rows, whatever the chunking and merge order
    sample = es["good"]
    assert sample.y_true.size == 500 and np.isin(sample.y_true, y).all()
    again = RegressionSummary.merge(parts[::-1]).sample
    np.testing.assert_array_equal(again["y_true"], sample.y_true)
    assert "n/a at this scale" in es.intervals.notes["R²"]["good"]
    assert all("n/a at this scale" in c.note for c in es.comparisons)
    assert es.prediction_error_display("good").y_pred.size == 500


def test_regression_r2_is_stable_for_a_target_far_from_zero():
    # mean 1e9, spread 1: Σy² − (Σy)²/n loses every digit; Chan's merge keeps them
    rng = np.random.default_rng(41)
    n = 100_000
    y = 1e9 + rng.normal(size=n)
    pred = y + 0.5 * rng.normal(size=n)
    parts = [RegressionSummary.from_arrays(y[i], {"m": pred[i]})
             for i in np.array_split(rng.permutation(n), 13)]
    es = RegressionEvaluation.from_summary(tree_merge(RegressionSummary.merge, parts, rng))
    ev = evaluate(y, {"m": pred})
    exact_m2 = float(np.sum((y - y.mean()) ** 2))
    naive_m2 = float(np.sum(y * y) - np.sum(y) ** 2 / n)
    assert abs(naive_m2 / exact_m2 - 1) > 1e-3  # the naive formula fails here
    total, shift, offset, m2 = es._summary.target
    assert m2 == pytest.approx(exact_m2, rel=1e-12)
    assert es.metrics_table.rows["m"]["R²"] == pytest.approx(
        ev.metrics_table.rows["m"]["R²"], rel=1e-12)


def test_merge_moments_is_chan_golub_leveque():
    rng = np.random.default_rng(0)
    x = rng.normal(5.0, 2.0, 1000)
    parts = [(float(c.size), float(c[0]), float(c.mean() - c[0]),
              float(((c - c.mean()) ** 2).sum())) for c in np.array_split(x, 7)]
    total, shift, offset, m2 = merge_moments(parts)
    assert total == 1000
    assert shift + offset == pytest.approx(x.mean(), rel=TOL)
    assert m2 == pytest.approx(((x - x.mean()) ** 2).sum(), rel=TOL)


# ------------------------------------------------------------------------ report


@pytest.mark.usefixtures("stub_figures")  # the report's text is under test
def test_report_from_a_summary(tmp_path, stub_figures):
    from pypdf import PdfReader

    from evalplots.report import evaluation_report

    rng = np.random.default_rng(8)
    y, preds, _ = binary_data("discrete", False, rng, n=1500)
    es = BinaryEvaluation.from_summary(binary_summary(y, preds, None, rng)[0],
                                       n_resamples=100)
    path = tmp_path / "summary.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        evaluation_report(es).save(path)
    text = " ".join(page.extract_text() for page in PdfReader(path).pages)
    assert "1,500 samples" in " ".join(text.split())
    assert "needs the second pass" in " ".join(text.split())
    assert "built from merged summaries" in " ".join(text.split())
