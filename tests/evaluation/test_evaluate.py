"""The evaluation objects: values against scikit-learn, one sort per model."""

import warnings

import numpy as np
import pytest
import sklearn.metrics as skm

from evalplots import evaluate
from evalplots.datasets import load_breast_cancer_predictions
from evalplots.evaluation import (
    AmbiguousTaskError,
    BinaryEvaluation,
    MulticlassEvaluation,
    RegressionEvaluation,
    detect_task,
)
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import break_even_point
from evalplots.metrics.ranking import _thresholds
from evalplots.metrics.ranking._thresholds import MergedOrder


@pytest.fixture(scope="module")
def sample():
    return load_breast_cancer_predictions()


def test_binary_table_matches_scikit_learn(sample):
    ev = evaluate(sample.y_true, sample.scores, threshold=0.5)
    assert isinstance(ev, BinaryEvaluation) and ev.pos_label == 1
    for name, s in sample.scores.items():
        row = ev.metrics_table.rows[name]
        pred = (s >= 0.5).astype(int)
        assert row["ROC AUC"] == pytest.approx(skm.roc_auc_score(sample.y_true, s), abs=1e-12)
        assert row["AP"] == pytest.approx(
            skm.average_precision_score(sample.y_true, s), abs=1e-12)
        assert row["BEP"] == pytest.approx(break_even_point(sample.y_true, s), abs=1e-12)
        assert row["Accuracy"] == pytest.approx(skm.accuracy_score(sample.y_true, pred))
        assert row["Precision"] == pytest.approx(skm.precision_score(sample.y_true, pred))
        assert row["Recall"] == pytest.approx(skm.recall_score(sample.y_true, pred))
        assert row["F1"] == pytest.approx(skm.f1_score(sample.y_true, pred))
        np.testing.assert_array_equal(
            ev[name].confusion_matrix, skm.confusion_matrix(sample.y_true, pred))
    # the README's numbers
    assert round(ev.metrics_table.rows["logistic_regression"]["ROC AUC"], 4) == 0.9953


@pytest.mark.parametrize("threshold", [0.35, 0.4, 0.45, 0.9, -1.0, 2.0])
def test_threshold_equal_to_a_score_counts_as_positive(threshold):
    y = [1, 0, 0, 1, 0, 1, 1]
    s = np.array([0.45, 0.4, 0.35, 0.9, 0.45, 0.4, 0.1])
    ev = evaluate(y, {"m": s}, threshold=threshold)
    expected = skm.confusion_matrix(y, (s >= threshold).astype(int), labels=[0, 1])
    np.testing.assert_array_equal(ev["m"].confusion_matrix, expected)


def test_weighted_binary_matches_scikit_learn():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    s = np.round(rng.random(300), 1)  # many ties
    w = rng.integers(0, 4, 300).astype(float)  # zero weights included
    ev = evaluate(y, {"m": s}, sample_weight=w, threshold=0.5)
    row = ev.metrics_table.rows["m"]
    assert row["ROC AUC"] == pytest.approx(skm.roc_auc_score(y, s, sample_weight=w), abs=1e-12)
    assert row["AP"] == pytest.approx(
        skm.average_precision_score(y, s, sample_weight=w), abs=1e-12)
    assert row["F1"] == pytest.approx(skm.f1_score(y, s >= 0.5, sample_weight=w))
    np.testing.assert_allclose(
        ev["m"].confusion_matrix, skm.confusion_matrix(y, s >= 0.5, sample_weight=w))


def test_integer_scores_above_2_53_stay_distinct():
    big = 2**53
    ev = evaluate([0, 1, 0, 1], {"m": np.array([big, big + 1, big + 2, big + 3])})
    assert ev["m"].roc_auc == 0.75  # (b+1 > b), (b+3 > b), (b+3 > b+2): 3 of 4 pairs


def test_string_labels_need_pos_label():
    with pytest.raises(ValueError, match="ambiguous; pass pos_label="):
        evaluate(["spam", "ham", "spam", "ham"], {"m": [0.9, 0.2, 0.6, 0.7]})
    ev = evaluate(["spam", "ham", "spam", "ham"], {"m": [0.9, 0.2, 0.6, 0.7]},
                  pos_label="spam")
    assert ev.pos_name == "spam" and ev.neg_name == "ham" and ev["m"].roc_auc == 0.75


def _count_sorts(monkeypatch):
    """Sizes of the sorts: np.sort/np.argsort calls, each merged order of the
    ranking kernel (one in-place sort of one key per sample) and each argsort of
    the small-n kernel."""
    sizes = []
    for fn in ("sort", "argsort"):
        original = getattr(np, fn)

        def wrapper(a, *args, _original=original, **kwargs):
            sizes.append(np.size(a))
            return _original(a, *args, **kwargs)

        monkeypatch.setattr(np, fn, wrapper)
    from_keys = MergedOrder.from_keys.__func__

    def counted(cls, score, *args, **kwargs):
        sizes.append(score.size)
        return from_keys(cls, score, *args, **kwargs)

    monkeypatch.setattr(MergedOrder, "from_keys", classmethod(counted))
    by_argsort = _thresholds._counts_argsort  # sorts by the array method

    def counted_argsort(score, *args):
        sizes.append(score.size)
        return by_argsort(score, *args)

    monkeypatch.setattr(_thresholds, "_counts_argsort", counted_argsort)
    return sizes


@pytest.mark.parametrize("n", [500, 20_000])  # the argsort and the merged-order kernels
def test_each_model_is_sorted_once(monkeypatch, n):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    scores = {f"m{i}": rng.random(n) for i in range(3)}
    sizes = _count_sorts(monkeypatch)
    ev = evaluate(y, scores)
    ev.metrics_table  # noqa: B018  (every number of the table)
    for name in scores:
        ev.roc_display(name), ev.precision_recall_display(name)
        ev.confusion_matrix_display(name)
    n_pos = int(y.sum())
    big = sorted(s for s in sizes if s >= min(n_pos, n - n_pos))
    assert big == [n] * len(scores)


def test_multiclass_matches_scikit_learn():
    rng = np.random.default_rng(1)
    names = np.array(["setosa", "versicolor", "virginica"])
    y = names[rng.integers(0, 3, 200)]
    raw = rng.random((200, 3)) + (y[:, None] == names[None, :]) * 0.6
    proba = raw / raw.sum(axis=1, keepdims=True)
    labels = names[rng.integers(0, 3, 200)]
    ev = evaluate(y, {"forest": proba, "rules": labels, "raw": raw}, ordinal=True)
    assert isinstance(ev, MulticlassEvaluation)
    assert [ev[m].kind for m in ev.model_names] == ["probabilities", "labels", "scores"]
    for name, pred in (("forest", names[proba.argmax(1)]), ("rules", labels)):
        row = ev.metrics_table.rows[name]
        assert row["Accuracy"] == pytest.approx(skm.accuracy_score(y, pred))
        assert row["Balanced accuracy"] == pytest.approx(skm.balanced_accuracy_score(y, pred))
        assert row["Macro F1"] == pytest.approx(skm.f1_score(y, pred, average="macro"))
        assert row["Weighted F1"] == pytest.approx(skm.f1_score(y, pred, average="weighted"))
        assert row["MCC"] == pytest.approx(skm.matthews_corrcoef(y, pred))
        assert row["QWK"] == pytest.approx(
            skm.cohen_kappa_score(y, pred, labels=names, weights="quadratic"))
    forest = ev.metrics_table.rows["forest"]
    assert forest["Macro OvR AUC"] == pytest.approx(
        skm.roc_auc_score(y, proba, multi_class="ovr"), abs=1e-12)
    assert forest["Log loss"] == pytest.approx(skm.log_loss(y, proba), abs=1e-12)
    assert np.isnan(ev.metrics_table.rows["rules"]["Macro OvR AUC"])
    assert np.isnan(ev.metrics_table.rows["raw"]["Log loss"])  # scores, not probabilities
    assert "not probabilities" in ev.metrics_table.undefined_note()
    np.testing.assert_array_equal(ev.class_counts, [np.sum(y == c) for c in names])
    np.testing.assert_array_equal(
        ev["rules"].confusion_matrix, skm.confusion_matrix(y, labels, labels=names))


def test_multiclass_log_loss_leaves_out_rows_of_weight_zero():
    """A row of weight 0 adds nothing to log loss, even when its true class has
    probability 0 (0 * log 0 is not a NaN here); a weighted row at 0 makes it inf."""
    y = [0, 1, 2, 0]
    proba = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [0., .5, .5]])
    w = np.array([1.0, 2.0, 1.0, 0.0])
    expected = -(np.log(.7) + 2 * np.log(.5) + np.log(.6)) / 4
    loss = evaluate(y, {"m": proba}, sample_weight=w).metrics_table.rows["m"]["Log loss"]
    assert loss == pytest.approx(expected, rel=1e-12)
    with pytest.warns(UndefinedMetricWarning, match="m: log loss is infinite"):
        loss = evaluate(y, {"m": proba}, sample_weight=w + 1).metrics_table.rows["m"]
    assert loss["Log loss"] == np.inf


def test_fractional_weight_one_vs_rest_curves_are_each_problems_own_sort():
    """Under fractional weights the one-vs-rest counts are those of each problem's
    one sort of the rows (the pooled micro problem too): the per-class tables of a
    summary, merged, add the weights in another order and differ in the last bits."""
    from evalplots.metrics.ranking._ovr_curves import ovr_counts, ovr_roc_curves

    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 60)
    scores = np.round(rng.random((60, 3)), 1)  # ties within and across classes
    w = rng.random(60) + 0.1
    display = evaluate(y, {"m": scores}, task="multiclass", sample_weight=w).roc_display("m")
    expected = ovr_roc_curves(ovr_counts(y, scores, sample_weight=w))
    for got, want in zip(display.fpr + display.tpr, expected.fpr + expected.tpr):
        np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(display.roc_auc, expected.roc_auc)


def test_multiclass_errors_name_the_argument():
    with pytest.raises(ValueError, match=r"predictions\['m'\] has 2 columns but there are 3"):
        evaluate([0, 1, 2], {"m": [[0.5, 0.5]] * 3})
    with pytest.raises(ValueError, match=r"predictions\['m'\] holds labels that are not"):
        evaluate(["a", "b", "c"], {"m": ["a", "b", "z"]}, labels=["a", "b", "c"])


def test_regression_matches_scikit_learn_and_marks_undefined():
    rng = np.random.default_rng(2)
    y = rng.normal(50, 10, 100)
    pred = y + rng.normal(0, 3, 100)
    ev = evaluate(y, {"m": pred})
    assert isinstance(ev, RegressionEvaluation)
    row = ev.metrics_table.rows["m"]
    assert row["MAE"] == pytest.approx(skm.mean_absolute_error(y, pred))
    assert row["RMSE"] == pytest.approx(skm.root_mean_squared_error(y, pred))
    assert row["RMSLE"] == pytest.approx(skm.root_mean_squared_log_error(y, pred))
    assert row["MAPE"] == pytest.approx(skm.mean_absolute_percentage_error(y, pred))
    assert row["R²"] == pytest.approx(skm.r2_score(y, pred))
    np.testing.assert_allclose(ev["m"].residuals, y - pred)
    ev = evaluate([0.0, -2.5, 1.5], {"m": [0.5, -2.0, 1.0]})
    row = ev.metrics_table.rows["m"]
    assert np.isnan(row["MSLE"]) and np.isnan(row["MAPE"]) and row["MAE"] == 0.5
    note = ev.metrics_table.undefined_note()
    assert "for MSLE, RMSLE: log(1 + y)" in note and "for MPE, MAPE" in note


@pytest.mark.parametrize(
    ("y", "preds", "task"),
    [
        ([0, 1, 1], {"m": [0.2, 0.9, 0.6]}, "binary"),
        ([True, False], {"m": [0.2, 0.9]}, "binary"),
        (["a", "b"], {"m": [0.2, 0.9]}, "binary"),
        ([0, 1, 2], {"m": [[0.2, 0.3, 0.5]] * 3}, "multiclass"),
        (["a", "b", "c"], {"m": ["a", "b", "b"]}, "multiclass"),
        ([1.5, 2.0, 3.0], {"m": [1.0, 2.0, 3.0]}, "regression"),
    ],
)
def test_detect_task(y, preds, task):
    assert detect_task(y, preds) == task


def test_scores_and_labels_are_not_mixed_silently():
    with pytest.raises(ValueError, match=r"mix scores \(model 'score'\) and predicted "
                                         r"labels \(model 'pred'\)"):
        evaluate(["M", "B", "M", "B"], {"score": [0.9, 0.2, 0.4, 0.5],
                                        "pred": ["M", "B", "B", "M"]})
    ev = evaluate(["M", "B", "M", "B"], {"pred": ["M", "B", "B", "M"]})
    assert ev.task == "multiclass" and ev.metrics_table.rows["pred"]["Accuracy"] == 0.5


def test_ambiguous_task_asks_for_task():
    with pytest.raises(AmbiguousTaskError, match="task='multiclass' or task='regression'"):
        evaluate([1, 2, 3, 4], {"m": [1, 2, 2, 4]})
    assert evaluate([1, 2, 3, 4], {"m": [1, 2, 2, 4]}, task="multiclass").task == "multiclass"
    with pytest.raises(ValueError, match="fits no task.*task='regression'"):
        evaluate([10, 20, 30, 40], {"m": [11.5, 19.0, 33.2, 38.0]})
    assert evaluate([10, 20, 30, 40], {"m": [11.5, 19.0, 33.2, 38.0]},
                    task="regression").task == "regression"
    with pytest.raises(ValueError, match="task must be one of"):
        evaluate([0, 1], {"m": [0.1, 0.2]}, task="ranking")


def test_undefined_metric_warns_with_the_model_name():
    with pytest.warns(UndefinedMetricWarning, match="^tied: "):
        ev = evaluate([1, 0, 1, 0], {"tied": [0.5, 0.5, 0.5, 0.5]})
        table = ev.metrics_table
    assert np.isnan(table.rows["tied"]["BEP"])


def test_frame_and_html_show_the_table():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ev = evaluate([1, 0, 0, 1], {"<b>m</b>": [0.9, 0.1, 0.6, 0.7]})
    frame = ev.to_frame()
    assert list(frame.columns) == ["ROC AUC", "AP", "BEP", "Accuracy", "Precision",
                                   "Recall", "F1", "Specificity", "NPV", "MCC",
                                   "Balanced accuracy", "Brier", "Log loss"]
    assert frame.loc["<b>m</b>", "ROC AUC"] == 1.0
    html = ev._repr_html_()  # the AUC of 1 has no interval (DeLong's variance is 0)
    assert "&lt;b&gt;m&lt;/b&gt;" in html and '<td style="text-align: right">1.000</td>' in html


@pytest.mark.usefixtures("stub_figures")  # the sorts are counted, not the figures
def test_the_standard_report_sorts_each_model_once(monkeypatch, stub_figures):
    """ROC, P-R, AUC, AP, BEP, the table and the confusion pages share one sort."""
    from evalplots.report import evaluation_report

    rng = np.random.default_rng(1)
    n = 20_000
    y = rng.integers(0, 2, n)
    scores = {"a": rng.random(n), "b": np.round(rng.random(n), 2)}
    sizes = _count_sorts(monkeypatch)
    n_pos = int(y.sum())

    def big_sorts():
        return sorted(s for s in sizes if s >= min(n_pos, n - n_pos))

    # ci=False: the figure pages' bootstrap bands list each class by score once more
    evaluation_report(y, scores, ci=False)
    assert big_sorts() == [n] * 2  # one merged order per model
    sizes.clear()
    ev = evaluate(y, scores)
    ev.metrics_table
    assert big_sorts() == [n] * 2  # the table of each model is its one sort
    sizes.clear()
    ev.intervals  # read off the tables: no sort
    assert big_sorts() == []
    # the paired DeLong test's second pass looks each row's score up in its
    # model's table (one argsort per model)
    ev.comparisons
    assert big_sorts() == [n] * 2


def test_probabilities_rounded_to_six_decimals_are_probabilities():
    """Rows of 6-decimal probabilities sum to 1 only within ~k * 5e-7: still log loss."""
    rng = np.random.default_rng(4)
    y = rng.integers(0, 3, 300)
    raw = rng.random((300, 3)) + np.eye(3)[y]
    proba = np.round(raw / raw.sum(1, keepdims=True), 6)
    assert np.abs(proba.sum(1) - 1).max() > 1e-8  # not exactly normalised
    ev = evaluate(y, {"m": proba})
    assert ev["m"].kind == "probabilities"
    expected = -np.mean(np.log(proba[np.arange(300), y]))  # as given, not renormalised
    assert ev.metrics_table.rows["m"]["Log loss"] == pytest.approx(expected, rel=1e-12)
    assert evaluate(y, {"m": proba * 1.01})["m"].kind == "scores"


def test_score_table_columns_are_matched_by_class_name():
    pd = pytest.importorskip("pandas")
    y = ["cat", "dog", "bird", "cat", "dog"]
    frame = pd.DataFrame({"bird": [.1, .2, .7, .2, .1], "cat": [.8, .1, .2, .6, .3],
                          "dog": [.1, .7, .1, .2, .6]})
    shuffled = frame[["dog", "bird", "cat"]]
    a = evaluate(y, {"m": frame}).metrics_table.rows["m"]
    b = evaluate(y, {"m": shuffled}).metrics_table.rows["m"]
    assert a == b and a["Accuracy"] == 1.0
    with pytest.raises(ValueError, match=r"columns \['a', 'b', 'c'\] are not the classes"):
        evaluate(y, {"m": frame.set_axis(["a", "b", "c"], axis=1)})


def test_binary_model_takes_known_exact_values():
    """A model built from a coarsened table is given the values computed on the
    rows' own scores; the losses stay NaN when the scores are not probabilities."""
    from evalplots.evaluation._binary import BinaryModel
    from evalplots.metrics import ScoreCounts

    table = ScoreCounts.from_arrays([1, 0, 1, 0], [0.9, 0.4, 0.35, 0.1])
    m = BinaryModel("m", table, 0.5, exact={"roc_auc": 0.5, "log_loss": 0.25})
    assert (m.roc_auc, m.log_loss) == (0.5, 0.25)
    assert m.average_precision == pytest.approx(5 / 6)  # not given: read off the curve
    assert m.brier_score == pytest.approx((0.01 + 0.16 + 0.4225 + 0.01) / 4)
    scores = BinaryModel("s", ScoreCounts.from_arrays([1, 0], [2.0, -1.0]), 0.5,
                         exact={"brier_score": 0.1})
    assert np.isnan(scores.brier_score)  # not probabilities: NaN as always
    with pytest.raises(ValueError, match="exact holds"):
        BinaryModel("m", table, 0.5, exact={"auc": 0.5})


@pytest.mark.parametrize("y, predictions", [
    ([0, 1, 0, 1], {"m": [.1, .8, .3, .6]}),
    ([0, 1, 2, 1], {"m": np.full((4, 3), 1 / 3)}),
    ([0.5, 1.0, 2.0, 3.0], {"m": [0.0, 1.0, 2.0, 3.0]}),
], ids=["binary", "multiclass", "regression"])
def test_weights_summing_to_zero_are_refused_by_every_task(y, predictions):
    """Every metric of every task is a weighted mean, 0/0 with weights summing to 0:
    the evaluation refuses with the metrics' own message, not a table of NaNs."""
    with pytest.raises(ValueError, match="^sample_weight sums to 0; give some sample"):
        evaluate(y, predictions, sample_weight=[0, 0, 0, 0])
