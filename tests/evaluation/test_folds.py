"""Folds: per-fold numbers are the metric functions on each fold's rows, mean ± SD is
numpy's, and the pooled evaluation is the flat one and the merge of the folds' summaries.
"""

import math

import numpy as np
import pytest
import sklearn.metrics as skm

from evalplots import evaluate
from evalplots.evaluation import BinaryEvaluation
from evalplots.metrics import BinarySummary

TOL = 1e-12


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(8)
    n = 700
    y = rng.integers(0, 2, n)
    fold = rng.permutation(np.arange(n) % 5) + 1
    scores = {"a": 1 / (1 + np.exp(-(y + rng.normal(size=n)))),
              "b": 1 / (1 + np.exp(-(0.3 * y + rng.normal(size=n))))}
    return y, scores, fold


def test_per_fold_values_are_the_metrics_on_each_folds_rows(data):
    y, scores, fold = data
    ev = evaluate(y, scores, folds=fold, n_resamples=20)
    f = ev.folds
    assert f.levels == (1, 2, 3, 4, 5) and f.name == "fold"
    for model, s in scores.items():
        auc = f.per_fold("ROC AUC", model)
        acc = f.per_fold("Accuracy", model)
        for k in f.levels:
            m = fold == k
            assert auc[k] == pytest.approx(skm.roc_auc_score(y[m], s[m]), abs=TOL)
            assert acc[k] == pytest.approx(skm.accuracy_score(y[m], s[m] >= 0.5), abs=TOL)
        summary = f.mean_sd("ROC AUC", model)
        values = np.array(list(auc.values()))
        assert summary.mean == pytest.approx(values.mean(), abs=TOL)
        assert summary.sd == pytest.approx(values.std(ddof=1), abs=TOL)
        assert summary.n_folds == 5 and summary.missing == {}
        assert summary.pooled == pytest.approx(skm.roc_auc_score(y, s), abs=TOL)


def test_pooled_is_the_flat_evaluation_and_the_merged_fold_summaries(data):
    y, scores, fold = data
    ev = evaluate(y, scores, folds=fold, n_resamples=20)
    flat = evaluate(y, scores, n_resamples=20)
    assert ev.folds.pooled is ev and ev.folds.headline == "pooled"
    assert "pooled" in ev.folds.headline_note and "5 folds" in ev.folds.headline_note
    parts = [BinarySummary.from_arrays(y[fold == k], {n: s[fold == k]
                                                      for n, s in scores.items()})
             for k in ev.folds.levels]
    merged = BinaryEvaluation.from_summary(BinarySummary.merge(parts))
    for other in (flat, merged):
        for model in scores:
            for column, value in ev.metrics_table.rows[model].items():
                assert value == pytest.approx(other.metrics_table.rows[model][column],
                                              abs=TOL, nan_ok=True), column


def test_a_fold_with_one_class_is_counted_out_with_the_reason():
    y = np.array([1, 0, 1, 0, 1, 0, 1, 1, 1])
    s = np.array([.9, .2, .7, .4, .6, .5, .8, .3, .7])
    fold = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2])  # fold 2: positives only
    ev = evaluate(y, {"m": s}, folds=fold, n_resamples=20)
    summary = ev.folds.mean_sd("ROC AUC")
    assert summary.n_folds == 2 and list(summary.missing) == [2]
    assert "fold 2 (3 rows)" in summary.missing[2]
    aucs = [skm.roc_auc_score(y[fold == k], s[fold == k]) for k in (0, 1)]
    assert summary.mean == pytest.approx(np.mean(aucs), abs=TOL)
    frame = ev.folds.to_frame(["ROC AUC"])
    assert frame["fold"].tolist() == [0, 1, 2] and math.isnan(frame["value"].iloc[2])


def test_folds_and_groups_together(data):
    y, scores, fold = data
    site = np.where(np.arange(y.size) % 3 == 0, "x", "y")
    ev = evaluate(y, scores, folds=fold, groups={"site": site}, n_resamples=20)
    # per group, pooled over the folds: the group's rows of every fold together
    m = site == "x"
    assert ev.groups["site"].by_group("ROC AUC", "a")["x"].estimate == pytest.approx(
        skm.roc_auc_score(y[m], scores["a"][m]), abs=TOL)
    assert ev.folds.summary_frame(["ROC AUC"]).shape == (2, 6)


def test_a_named_series_names_the_folds(data):
    pd = pytest.importorskip("pandas")
    y, scores, fold = data
    ev = evaluate(y, scores, folds=pd.Series(fold, name="cv_fold"), n_resamples=20)
    assert ev.folds.name == "cv_fold"


def test_bad_folds_are_named():
    with pytest.raises(ValueError, match="folds has 3 labels but y_true has 4"):
        evaluate([1, 0, 1, 0], {"m": [.9, .2, .7, .4]}, folds=[0, 1, 1])
