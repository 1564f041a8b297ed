"""Subgroups: each group's numbers are the metric functions on its rows; gaps, fairness
rates and the AUC tests against hand computations, scikit-learn and pROC.
"""

import math

import numpy as np
import pytest
import sklearn.metrics as skm
from scipy import stats

from evalplots import evaluate
from tests.metrics.test_independent import delong_by_hand
from tests.metrics.test_inference import ASAH, ASAH_Y

TOL = 1e-12


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(11)
    n = 900
    y = rng.integers(0, 2, n)
    site = rng.choice(np.array(["north", "south", "east"]), n)
    shift = np.where(site == "east", 0.4, 1.0)
    scores = {"a": 1 / (1 + np.exp(-(shift * y + rng.normal(size=n)))),
              "b": 1 / (1 + np.exp(-(0.5 * y + rng.normal(size=n))))}
    sex = rng.choice(np.array(["F", "M"]), n)
    return y, scores, {"site": site, "sex": sex}


@pytest.fixture(scope="module")
def ev(data):
    y, scores, groups = data
    return evaluate(y, scores, groups=groups, n_resamples=50)


@pytest.mark.parametrize("weighted", [False, True])
def test_per_group_values_are_the_metrics_on_the_groups_rows(data, weighted):
    y, scores, groups = data
    w = np.random.default_rng(2).integers(1, 4, y.size) if weighted else None
    ev = evaluate(y, scores, groups=groups, sample_weight=w, n_resamples=20)
    for grouping, labels in groups.items():
        g = ev.groups[grouping]
        assert g.levels == tuple(sorted(set(labels)))
        for model, s in scores.items():
            for level in g.levels:
                m = labels == level
                ws = None if w is None else w[m]
                pred = s[m] >= 0.5
                expected = {
                    "ROC AUC": skm.roc_auc_score(y[m], s[m], sample_weight=ws),
                    "AP": skm.average_precision_score(y[m], s[m], sample_weight=ws),
                    "F1": skm.f1_score(y[m], pred, sample_weight=ws),
                    "MCC": skm.matthews_corrcoef(y[m], pred, sample_weight=ws),
                    "Brier": skm.brier_score_loss(y[m], s[m], sample_weight=ws),
                    "Log loss": skm.log_loss(y[m], s[m], sample_weight=ws),
                }
                for metric, value in expected.items():
                    got = g.by_group(metric, model)[level]
                    assert got.estimate == pytest.approx(value, abs=TOL), (metric, level)
                    assert got.n == m.sum()


def test_gap_to_overall_and_largest_gap(ev, data):
    y, scores, groups = data
    g = ev.groups["site"]
    overall = skm.roc_auc_score(y, scores["a"])
    by = {k: skm.roc_auc_score(y[groups["site"] == k], scores["a"][groups["site"] == k])
          for k in g.levels}
    gaps = g.gaps_to_overall("ROC AUC", "a")
    assert gaps == {k: pytest.approx(v - overall, abs=TOL) for k, v in by.items()}
    gap = g.difference("ROC AUC", "a")
    high, low = max(by, key=by.get), min(by, key=by.get)
    assert (gap.high, gap.low) == (high, low)
    assert gap.difference == pytest.approx(by[high] - by[low], abs=TOL)
    # the interval of the unpaired DeLong test of the two groups (t reference)
    (aa, va), (ab, vb) = (delong_by_hand(y[groups["site"] == k],
                                         scores["a"][groups["site"] == k]) for k in (high, low))
    na, nb = (int((groups["site"] == k).sum()) for k in (high, low))
    df = (va + vb) ** 2 / (va ** 2 / (na - 1) + vb ** 2 / (nb - 1))
    half = stats.t.ppf(0.975, df) * math.sqrt(va + vb)
    assert (gap.ci.low, gap.ci.high) == pytest.approx((aa - ab - half, aa - ab + half),
                                                      abs=1e-12)
    assert "does not allow for the choice" in gap.note  # three groups: max and min chosen


def test_fairness_rates_and_differences(ev, data):
    y, scores, groups = data
    g = ev.groups["site"]
    table = g.fairness("b")
    tpr, fpr, sel = {}, {}, {}
    for k in g.levels:
        m = groups["site"] == k
        pred = scores["b"][m] >= 0.5
        tpr[k] = skm.recall_score(y[m], pred)
        fpr[k] = 1 - skm.recall_score(y[m], pred, pos_label=0)
        sel[k] = pred.mean()
        assert table.rates[k]["TPR"].estimate == pytest.approx(tpr[k], abs=TOL)
        assert table.rates[k]["FPR"].estimate == pytest.approx(fpr[k], abs=TOL)
        assert table.rates[k]["Selection rate"].estimate == pytest.approx(sel[k], abs=TOL)
    spread = {name: max(v.values()) - min(v.values())
              for name, v in (("TPR", tpr), ("FPR", fpr), ("Selection rate", sel))}
    # fairlearn's definitions: the larger of the two between-group gaps, and the
    # selection-rate gap
    assert table.equalized_odds_difference.difference == pytest.approx(
        max(spread["TPR"], spread["FPR"]), abs=TOL)
    assert table.demographic_parity_difference.difference == pytest.approx(
        spread["Selection rate"], abs=TOL)
    assert table.gaps["TPR"].ci.method == "newcombe"


def test_two_groups_auc_test_equals_pROC_unpaired():
    # the two markers of pROC's aSAH data as two groups of one model's scores:
    # roc.test(r.wfns, r.s100b, paired = FALSE) gives D = 1.43490640926908, p = 0.1528...
    y = np.r_[ASAH_Y, ASAH_Y]
    s = np.r_[ASAH["wfns"], ASAH["s100b"] + 100].astype(float)
    ev = evaluate(y, {"m": s}, groups=np.repeat(["1 wfns", "2 s100b"], ASAH_Y.size),
                  n_resamples=20)
    test = ev.groups["group"].auc_test()
    assert test.unpaired.statistic == pytest.approx(1.43490640926908, rel=1e-12)
    assert test.unpaired.pvalue == pytest.approx(0.152825378808796, rel=1e-9)
    assert test.heterogeneity.statistic == pytest.approx(1.43490640926908 ** 2, rel=1e-12)


def test_k_group_heterogeneity_equals_the_hand_computation(ev, data):
    y, scores, groups = data
    test = ev.groups["site"].auc_test("a")
    aucs, variances = zip(*(delong_by_hand(y[groups["site"] == k],
                                           scores["a"][groups["site"] == k])
                            for k in test.groups))
    w = 1 / np.array(variances)
    pooled = np.sum(w * aucs) / w.sum()
    q = float(np.sum(w * (np.array(aucs) - pooled) ** 2))
    assert test.heterogeneity.statistic == pytest.approx(q, rel=1e-10)
    assert test.heterogeneity.pvalue == pytest.approx(stats.chi2.sf(q, 2), rel=1e-9)
    assert test.unpaired is None and test.excluded == {}


def test_a_group_too_small_says_na_with_its_size():
    y = np.array([1, 0, 1, 0, 1, 0, 1, 0, 1, 1])
    s = np.array([.9, .2, .7, .4, .6, .5, .8, .1, .7, .3])
    site = np.array(["a"] * 8 + ["tiny"] * 2)  # 'tiny' holds positives only
    ev = evaluate(y, {"m": s}, groups={"site": site}, n_resamples=20)
    g = ev.groups["site"]
    v = g.by_group("ROC AUC")["tiny"]
    assert math.isnan(v.estimate) and v.n == 2
    assert "'tiny' (2 rows)" in v.note and "single class" in v.note
    # kept in the tidy frame, the test and the fairness table, with the reason
    frame = g.to_frame(["ROC AUC"])
    assert frame.loc[frame.group == "tiny", "note"].item() == v.note
    assert "tiny" in g.auc_test().excluded
    rates = g.fairness().rates["tiny"]
    assert rates["TPR"].estimate == 0.5 and rates["Selection rate"].estimate == 0.5
    assert math.isnan(rates["FPR"].estimate)
    assert "no negative sample in group 'tiny' (2 rows)" in rates["FPR"].note


def test_groups_as_a_dataframe_or_a_named_series(data):
    pd = pytest.importorskip("pandas")
    y, scores, groups = data
    frame = pd.DataFrame(groups)
    a = evaluate(y, scores, groups=frame, n_resamples=20)
    b = evaluate(y, scores, groups=frame["sex"], n_resamples=20)
    assert list(a.groups) == ["site", "sex"] and list(b.groups) == ["sex"]
    assert (a.groups["sex"].by_group("AP", "a")["F"].estimate
            == b.groups["sex"].by_group("AP", "a")["F"].estimate)


def test_multiclass_and_regression_groups_are_the_metrics_on_the_rows():
    rng = np.random.default_rng(4)
    y = rng.integers(0, 3, 300)
    pred = np.where(rng.random(300) < 0.7, y, rng.integers(0, 3, 300))
    g = np.where(np.arange(300) < 120, "x", "y")
    ev = evaluate(y, {"m": pred}, task="multiclass", groups=g, n_resamples=20)
    for k in ("x", "y"):
        assert ev.groups["group"].by_group("Accuracy")[k].estimate == pytest.approx(
            skm.accuracy_score(y[g == k], pred[g == k]), abs=TOL)
    t = rng.normal(size=300)
    p = t + rng.normal(scale=0.5, size=300)
    ev = evaluate(t, {"m": p}, groups=g, n_resamples=20)
    for k in ("x", "y"):
        assert ev.groups["group"].by_group("MAE")[k].estimate == pytest.approx(
            skm.mean_absolute_error(t[g == k], p[g == k]), abs=TOL)
    with pytest.raises(ValueError, match="binary"):
        ev.groups["group"].fairness()


@pytest.mark.parametrize("groups, match", [
    (["a", "b"], "2 labels but y_true has 4"),
    ([None, "a", "b", "a"], "1 missing label"),
    ([1.0, float("nan"), 2.0, 1.0], "1 missing label"),
    (np.array([1, "a", 2, "b"], dtype=object), "mixes labels"),
    ({"": ["a"] * 4}, "non-empty strings"),
])
def test_bad_groups_are_named(groups, match):
    with pytest.raises(ValueError, match=match):
        evaluate([1, 0, 1, 0], {"m": [.9, .2, .7, .4]}, groups=groups)


def test_unknown_metric_or_model_is_named(ev):
    g = ev.groups["site"]
    with pytest.raises(ValueError, match="as the model"):
        g.by_group("ROC AUC")
    with pytest.raises(ValueError, match="not a column of the metrics table"):
        g.by_group("AUC", "a")
