"""metrics_at_thresholds and optimal_threshold against scikit-learn and hand computations.

Oracle for every column: scikit-learn's scores of ``y_pred = y_score >= t`` evaluated
at each threshold t (precision_score, recall_score, fbeta_score, accuracy_score and
the confusion matrix), with tied scores and sample weights.
"""

import warnings

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn import metrics as skm

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    OptimalThreshold,
    metrics_at_thresholds,
    optimal_threshold,
    roc_curve,
)

# seed 002 (老饼讲解, AUC计算与ROC曲线绘制): 16 samples with tied scores
# fmt: off
SEED002_TRUE = [0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0]
SEED002_SCORE = [0.2, 0.28, 0.1, 0.6, 0.5, 0.3, 0.6, 0.8,
                 0.2, 0.25, 0.4, 0.2, 0.5, 0.3, 0.18, 0.18]
# seed 003 (Thakur, 选择阈值): 15 samples, the ROC table of 13 handmade thresholds
SEED003_TRUE = [0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1]
SEED003_SCORE = [0.1, 0.3, 0.2, 0.6, 0.8, 0.05, 0.9, 0.5, 0.3, 0.66, 0.3, 0.2,
                 0.85, 0.15, 0.99]
# fmt: on


def _sklearn_rows(y_true, y_score, thresholds, *, beta, sample_weight=None, pos_label=1):
    """Every column evaluated the slow way: one y_pred per threshold."""
    y_true = np.asarray(y_true)
    neg_label = [c for c in np.unique(y_true) if c != pos_label][0]
    rows = []
    for t in thresholds:
        y_pred = np.where(np.asarray(y_score) >= t, pos_label, neg_label)
        kw = {"pos_label": pos_label, "sample_weight": sample_weight}
        tn, fp, fn, tp = skm.confusion_matrix(
            y_true, y_pred, labels=[neg_label, pos_label], sample_weight=sample_weight
        ).ravel()
        rows.append({
            "tp": tp, "fp": fp, "tn": tn, "fn": fn,
            "precision": skm.precision_score(y_true, y_pred, **kw),
            "recall": skm.recall_score(y_true, y_pred, **kw),
            "fbeta": skm.fbeta_score(y_true, y_pred, beta=beta, **kw),
            "specificity": skm.recall_score(
                y_true, y_pred, pos_label=neg_label, sample_weight=sample_weight
            ),
            "fpr": fp / (fp + tn),
            "accuracy": skm.accuracy_score(y_true, y_pred, sample_weight=sample_weight),
            "queue_rate": np.average(y_pred == pos_label, weights=sample_weight),
        })  # fmt: skip
    return {k: np.array([r[k] for r in rows], dtype=float) for k in rows[0]}


COLUMNS = ["tp", "fp", "tn", "fn", "precision", "recall", "fbeta", "specificity",
           "fpr", "accuracy", "queue_rate"]  # fmt: skip


@pytest.mark.parametrize("beta", [1.0, 0.5, 2.0])
@pytest.mark.parametrize("weighted", [False, True])
def test_every_column_matches_sklearn_at_every_threshold(beta, weighted):
    rng = np.random.default_rng(7)
    y_true = rng.integers(0, 2, 300)
    y_score = np.round(rng.normal(y_true, 1.0), 1)  # rounded: many ties
    weight = rng.uniform(0.2, 3.0, 300) if weighted else None
    table = metrics_at_thresholds(y_true, y_score, beta=beta, sample_weight=weight)
    assert_array_equal(table.thresholds, np.unique(y_score)[::-1])
    assert len(table) < 300  # ties share one row
    expected = _sklearn_rows(y_true, y_score, table.thresholds, beta=beta,
                             sample_weight=weight)  # fmt: skip
    for column in COLUMNS:
        assert_allclose(getattr(table, column), expected[column], rtol=1e-12,
                        atol=1e-12, err_msg=column)  # fmt: skip
    assert table.tpr is table.recall
    assert table.beta == beta


def test_string_labels_and_pos_label():
    y_true = np.array(["ham", "spam", "spam", "ham", "spam", "ham", "ham"])
    y_score = [0.1, 0.9, 0.4, 0.4, 0.7, 0.2, 0.8]
    table = metrics_at_thresholds(y_true, y_score, pos_label="spam")
    expected = _sklearn_rows(y_true, y_score, table.thresholds, beta=1.0,
                             pos_label="spam")  # fmt: skip
    for column in COLUMNS:
        assert_allclose(getattr(table, column), expected[column], err_msg=column)
    with pytest.raises(ValueError, match="pos_label"):
        metrics_at_thresholds(y_true, y_score)


def test_consistent_with_roc_curve():
    fpr, tpr, thr = roc_curve(SEED002_TRUE, SEED002_SCORE, drop_intermediate=False)
    table = metrics_at_thresholds(SEED002_TRUE, SEED002_SCORE)
    assert_array_equal(table.thresholds, thr[1:])
    assert_allclose(table.fpr, fpr[1:])
    assert_allclose(table.tpr, tpr[1:])
    assert_allclose(table.specificity, 1 - table.fpr)


def test_seed_003_tp_fp_table():
    """003 选择阈值 (Figure 5): TP and FP at the handmade thresholds 0.6, 0.85, 0.99.

    At a threshold between scores the operating point is that of the next
    distinct score above it.
    """
    table = metrics_at_thresholds(SEED003_TRUE, SEED003_SCORE)
    rows = {t: i for i, t in enumerate(table.thresholds)}
    # t = 0.6 is a score; 0.85, 0.99 too (Figure 5: tp 4/2/1, fp 2/1/0)
    for t, tp, fp in [(0.6, 4, 2), (0.85, 2, 1), (0.99, 1, 0)]:
        assert (table.tp[rows[t]], table.fp[rows[t]]) == (tp, fp)
    # t = 0.05 (lowest score): everything positive, like the seed's t = 0: 5 / 10
    assert (table.tp[-1], table.fp[-1], table.queue_rate[-1]) == (5, 10, 1.0)


def test_hand_computed_small_table():
    # scores 0.9(+) 0.7(-) 0.7(+) 0.3(-); P = 2, N = 2, n = 4
    table = metrics_at_thresholds([1, 0, 1, 0], [0.9, 0.7, 0.7, 0.3], beta=2.0)
    assert_array_equal(table.thresholds, [0.9, 0.7, 0.3])
    assert_array_equal(table.tp, [1, 2, 2])
    assert_array_equal(table.fp, [0, 1, 2])
    assert_array_equal(table.tn, [2, 1, 0])
    assert_array_equal(table.fn, [1, 0, 0])
    assert_allclose(table.precision, [1, 2 / 3, 1 / 2])
    assert_allclose(table.recall, [1 / 2, 1, 1])
    # F2 = 5 TP / (5 TP + 4 FN + FP)
    assert_allclose(table.fbeta, [5 / 9, 10 / 11, 10 / 12])
    assert_allclose(table.queue_rate, [1 / 4, 3 / 4, 1])
    assert_allclose(table.accuracy, [3 / 4, 3 / 4, 1 / 2])


def test_beta_limits():
    table = metrics_at_thresholds(SEED002_TRUE, SEED002_SCORE, beta=0)
    assert_array_equal(table.fbeta, table.precision)
    table = metrics_at_thresholds(SEED002_TRUE, SEED002_SCORE, beta=np.inf)
    assert_array_equal(table.fbeta, table.recall)
    for bad in (-1, "2", np.nan, True):
        with pytest.raises(ValueError, match="beta must be a number >= 0"):
            metrics_at_thresholds(SEED002_TRUE, SEED002_SCORE, beta=bad)


def test_zero_weight_samples_make_no_row_and_precision_is_defined():
    # the top score has weight 0: it is not a threshold, so the top row has TP+FP>0
    table = metrics_at_thresholds(
        [0, 1, 0, 1], [0.99, 0.8, 0.5, 0.2], sample_weight=[0, 1, 2, 1]
    )
    assert_array_equal(table.thresholds, [0.8, 0.5, 0.2])
    assert_allclose(table.precision, [1.0, 1 / 3, 2 / 4])
    assert_allclose(table.queue_rate, [1 / 4, 3 / 4, 1.0])


def test_integer_scores_give_float_thresholds():
    table = metrics_at_thresholds([0, 1, 1], [3, 5, 5])
    assert table.thresholds.dtype == np.float64
    assert_array_equal(table.thresholds, [5.0, 3.0])


@pytest.mark.parametrize(
    ("y_true", "undefined"),
    [([1, 1, 1], ["fpr", "specificity"]), ([0, 0, 0], ["recall"])],
)
def test_one_class_follows_zero_division(y_true, undefined):
    y_score = [0.2, 0.5, 0.9]
    with pytest.warns(UndefinedMetricWarning, match="no (negative|positive) sample"):
        table = metrics_at_thresholds(y_true, y_score)
    for column in undefined:
        assert_array_equal(getattr(table, column), 0.0)
    for value in (0, 1, np.nan):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            table = metrics_at_thresholds(y_true, y_score, zero_division=value)
        for column in undefined:
            assert_array_equal(getattr(table, column), value)
    with pytest.raises(ValueError, match="zero_division must be"):
        metrics_at_thresholds(y_true, y_score, zero_division="skip")


def test_to_frame():
    frame = metrics_at_thresholds(SEED002_TRUE, SEED002_SCORE).to_frame()
    assert list(frame.columns) == ["threshold", *COLUMNS[:4], "precision", "recall",
                                   "fpr", "specificity", "fbeta", "queue_rate",
                                   "accuracy"]  # fmt: skip
    assert frame.shape == (10, 12)
    assert frame.loc[0, "threshold"] == 0.8
    assert frame.loc[6, "recall"] == pytest.approx(6 / 7)


# ------------------------------------------------------------ optimal_threshold


def test_youden_seed_002_by_hand():
    """J = TPR - FPR at every threshold of seed 002 (TPR, FPR as the seed prints)."""
    tpr = np.array([1, 2, 3, 3, 4, 5, 6, 6, 7, 7]) / 7
    fpr = np.array([0, 1, 2, 3, 4, 4, 4, 7, 8, 9]) / 9
    j = tpr - fpr
    assert np.argmax(j) == 6  # threshold 0.25: 6/7 - 4/9 = 0.41270
    best = optimal_threshold(SEED002_TRUE, SEED002_SCORE)
    assert best == OptimalThreshold(0.25, "youden", 6 / 7 - 4 / 9, 6 / 7, 4 / 9, 0.6)
    assert best.value == pytest.approx(0.412698, abs=1e-6)
    assert best.recall == best.tpr


def test_youden_seed_003():
    """003 选择阈值: the seed reads "about 0.6" off its grid; the exact J optimum is
    the score 0.66, TPR 4/5 and FPR 1/10 (J = 0.7; at 0.6 J = 0.8 - 0.2)."""
    best = optimal_threshold(SEED003_TRUE, SEED003_SCORE)
    assert (best.threshold, best.tpr, best.fpr) == (0.66, 0.8, 0.1)
    assert best.value == pytest.approx(0.7)
    assert best.precision == pytest.approx(0.8)


def test_f1_and_fbeta_against_sklearn():
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 2, 200)
    y_score = np.round(rng.normal(y_true, 1.2), 1)
    weight = rng.uniform(0.5, 2, 200)
    for criterion, beta in [("f1", 1.0), ("fbeta", 2.0), ("fbeta", 0.5)]:
        best = optimal_threshold(y_true, y_score, criterion=criterion, beta=beta,
                                 sample_weight=weight)  # fmt: skip
        thresholds = np.unique(y_score)[::-1]
        f = [skm.fbeta_score(y_true, y_score >= t, beta=beta, sample_weight=weight)
             for t in thresholds]  # fmt: skip
        i = int(np.argmax(f))
        assert best.threshold == thresholds[i]
        assert best.value == pytest.approx(f[i], rel=1e-12)
        assert best.precision == pytest.approx(
            skm.precision_score(y_true, y_score >= best.threshold, sample_weight=weight)
        )


def test_cost_by_hand_and_the_no_positive_decision():
    # seed 002: cost FP + FN at each threshold, by hand from the counts
    fp = np.array([0, 1, 2, 3, 4, 4, 4, 7, 8, 9])
    fn = 7 - np.array([1, 2, 3, 3, 4, 5, 6, 6, 7, 7])
    assert (fp + fn).min() == 5 and np.argmin(fp + fn) == 6
    best = optimal_threshold(SEED002_TRUE, SEED002_SCORE, criterion="cost")
    assert (best.threshold, best.value) == (0.25, 5.0)
    # FP costs 2: 2 FP + FN is smallest at the top score 0.8 (0 + 6)
    best = optimal_threshold(SEED002_TRUE, SEED002_SCORE, criterion="cost", cost_fp=2)
    assert (best.threshold, best.value, best.fpr) == (0.8, 6.0, 0.0)
    # a negative on top and costly FPs: flagging nothing (cost 2 FN) is cheapest
    best = optimal_threshold([0, 1, 1, 0], [0.9, 0.5, 0.4, 0.1], criterion="cost",
                             cost_fp=5.0)  # fmt: skip
    assert best.threshold == np.inf
    assert (best.value, best.tpr, best.fpr) == (2.0, 0.0, 0.0)
    assert np.isnan(best.precision)
    # missing a positive costs 10: flag everything above the negatives' mass
    best = optimal_threshold([0, 1, 1, 0], [0.9, 0.5, 0.4, 0.1], criterion="cost",
                             cost_fn=10.0)  # fmt: skip
    assert (best.threshold, best.value) == (0.4, 1.0)


def test_ties_return_the_highest_threshold():
    # J: t=0.8 -> 1/2 - 0 = 0.5; t=0.6 -> 1/2 - 1/2 = 0; t=0.4 -> 1 - 1/2 = 0.5
    best = optimal_threshold([1, 0, 1, 0], [0.8, 0.6, 0.4, 0.2])
    assert (best.threshold, best.value) == (0.8, 0.5)
    # costs 1 + 0 ... tie between 0.8 (FN 1) and 0.4 (FP 1)
    best = optimal_threshold([1, 0, 1, 0], [0.8, 0.6, 0.4, 0.2], criterion="cost")
    assert (best.threshold, best.value) == (0.8, 1.0)
    # a tie only up to rounding (FN at 0.8 costs 0.1 + 0.2 > 0.3, FP at 0.4 costs
    # 0.3) is still a tie
    best = optimal_threshold([1, 0, 1, 0], [0.8, 0.6, 0.4, 0.2], criterion="cost",
                             cost_fp=0.3, cost_fn=0.1 + 0.2)  # fmt: skip
    assert best.threshold == 0.8


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"criterion": "gmean"}, "criterion must be one of"),
        ({"criterion": "f1", "beta": 2.0}, "criterion='f1' fixes beta=1"),
        ({"criterion": "cost", "cost_fp": -1}, "cost_fp must be a finite number"),
        ({"criterion": "cost", "cost_fn": np.inf}, "cost_fn must be a finite number"),
        ({"criterion": "cost", "cost_fp": 0, "cost_fn": 0}, "both 0"),
    ],
)
def test_optimal_threshold_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        optimal_threshold(SEED002_TRUE, SEED002_SCORE, **kwargs)


@pytest.mark.parametrize("y_true", [[1, 1, 1], [0, 0, 0]])
def test_optimal_threshold_needs_both_classes(y_true):
    with pytest.raises(ValueError, match="youden criterion"):
        optimal_threshold(y_true, [0.1, 0.5, 0.9])


def test_columns_are_computed_when_first_read_and_equal_the_eager_rates():
    # a table of 10⁶ thresholds holds only the columns read;
    # every column is the one formula of rates_from_counts, value for value
    from evalplots.metrics.ranking._threshold_metrics import _COLUMNS, rates_from_counts

    rng = np.random.default_rng(3)
    y_true = rng.random(500) < 0.3
    y_score = np.round(rng.random(500), 2)  # ties
    table = metrics_at_thresholds(y_true, y_score, beta=2.0)
    computed = set(vars(table)) & set(_COLUMNS)
    assert computed == {"tp", "fp"}  # the counts only, nothing derived yet
    precision = table.precision
    assert table.precision is precision  # kept once computed
    assert set(vars(table)) & set(_COLUMNS) == {"tp", "fp", "precision"}
    eager = rates_from_counts(table.tp, table.fp, table.tp[-1], table.fp[-1], beta=2.0,
                              divide=lambda num, den, metric: num / den)
    for column in _COLUMNS:
        assert_array_equal(getattr(table, column), eager[column])
    # by hand, at the top threshold and over all samples
    n_pos, n_neg = y_true.sum(), (~y_true).sum()
    top = y_score >= table.thresholds[0]
    tp, fp = (top & y_true).sum(), (top & ~y_true).sum()
    assert (table.tn[0], table.fn[0]) == (n_neg - fp, n_pos - tp)
    assert table.accuracy[-1] == n_pos / 500 and table.queue_rate[-1] == 1.0
    assert table.fbeta[0] == pytest.approx(5 * tp / (5 * tp + 4 * (n_pos - tp) + fp))


def test_a_missing_class_warns_when_the_table_is_made_not_when_read():
    with pytest.warns(UndefinedMetricWarning, match="no negative sample"):
        table = metrics_at_thresholds([1, 1], [0.3, 0.7])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert_array_equal(table.fpr, 0.0)
        assert_array_equal(table.specificity, 0.0)
        assert_array_equal(table.recall, [0.5, 1.0])


def test_known_precision_and_recall_are_kept_not_recomputed():
    """ThresholdMetrics takes rates already computed from the same counts (the P-R
    curve's arrays) as constructor arguments and keeps those very arrays."""
    from evalplots.metrics import ThresholdMetrics
    from evalplots.metrics.ranking._threshold_metrics import metrics_from_counts

    tps, fps = np.array([1.0, 2.0, 2.0]), np.array([0.0, 0.0, 1.0])
    thresholds = np.array([0.9, 0.6, 0.2])
    precision, recall = tps / (tps + fps), tps / 2.0
    table = metrics_from_counts(fps, tps, thresholds, precision=precision, recall=recall)
    assert table.precision is precision and table.recall is recall and table.tpr is recall
    assert_array_equal(table.fbeta, [2 / 3, 1.0, 0.8])  # F1 from the known rates' counts
    fresh = ThresholdMetrics(thresholds, tps, fps)
    assert "precision" not in vars(fresh)  # not given: computed when first read
    assert_array_equal(fresh.precision, precision)
    with pytest.raises(ValueError, match="recall has shape"):
        ThresholdMetrics(thresholds, tps, fps, recall=recall[:2])
