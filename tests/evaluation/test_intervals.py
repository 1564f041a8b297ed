"""The evaluation's intervals and pair comparisons, against independent oracles."""

import itertools
import math
import warnings

import numpy as np
import pytest
import scipy.stats

from evalplots import evaluate
from evalplots.datasets import load_sample
from evalplots.evaluation._compare import bootstrap_pvalue
from evalplots.metrics import (
    average_precision_score,
    balanced_accuracy_score,
    bootstrap_ci,
    break_even_point,
    delong_test,
    f1_score,
    holm_adjust,
    matthews_corrcoef,
    mcnemar_test,
    mean_absolute_error,
    proportion_ci,
    r2_score,
    roc_auc_ci,
)
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics.inference._resample import resample_plan


@pytest.fixture(scope="module")
def cancer():
    data = load_sample("breast_cancer")
    return data, evaluate(data.y_true, data.predictions, n_resamples=400)


def small_binary(n=300, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return y, {"a": np.clip(0.35 * y + rng.normal(0.35, 0.2, n), 0, 1),
               "b": np.round(np.clip(0.2 * y + rng.normal(0.4, 0.25, n), 0, 1), 1)}


# ----------------------------------------------------------------------- Holm


def test_holm_by_hand():
    # sorted: 0.01 (x4), 0.02 (x3) -> 0.06, 0.03 (x2) -> 0.06 (monotone), 0.04 (x1)
    assert holm_adjust([0.03, 0.01, 0.04, 0.02]).tolist() == pytest.approx(
        [0.06, 0.04, 0.06, 0.06])
    assert holm_adjust([0.5, 0.6]).tolist() == [1.0, 1.0]
    assert holm_adjust([0.2]).tolist() == [0.2]


def test_holm_is_the_step_down_rule():
    """Rejecting adjusted p <= alpha is exactly Holm's sequential rule, for every alpha."""
    rng = np.random.default_rng(3)
    for _ in range(200):
        p = np.round(rng.random(rng.integers(1, 8)) ** 3, 3)  # ties included
        adjusted = holm_adjust(p)
        for alpha in (0.01, 0.05, 0.1, 0.3):
            rejected = set()
            for rank, i in enumerate(np.argsort(p, kind="stable")):
                if p[i] > alpha / (p.size - rank):
                    break
                rejected.add(i)
            assert rejected == set(np.flatnonzero(adjusted <= alpha)), (p, alpha)


def test_holm_matches_statsmodels_when_installed():
    multitest = pytest.importorskip("statsmodels.stats.multitest")
    p = np.random.default_rng(0).random(9) / 5
    assert holm_adjust(p) == pytest.approx(multitest.multipletests(p, method="holm")[1])


@pytest.mark.parametrize("bad", [[0.1, np.nan], [1.5], [-0.1]])
def test_holm_refuses_non_pvalues(bad):
    with pytest.raises(ValueError, match="pvalues must be p-values in"):
        holm_adjust(bad)


# --------------------------------------------------------------------- binary


def test_auc_interval_and_delong_test_are_the_metrics_functions(cancer):
    data, ev = cancer
    y, a, b = (data.y_true, data.predictions["logistic_regression"],
               data.predictions["gaussian_naive_bayes"])
    ci = ev.intervals["logistic_regression"]["ROC AUC"]
    oracle = roc_auc_ci(y, a)
    assert ci.method == "delong"
    assert (ci.estimate, ci.low, ci.high) == pytest.approx(
        (oracle.estimate, oracle.low, oracle.high), rel=1e-12)
    (delong, mcnemar) = ev.comparisons
    test = delong_test(y, a, b)
    assert delong.test == "DeLong" and delong.difference == pytest.approx(test.difference)
    assert (delong.ci.low, delong.ci.high) == pytest.approx((test.ci.low, test.ci.high))
    assert delong.pvalue == pytest.approx(test.pvalue, rel=1e-9)
    assert delong.pvalue == pytest.approx(0.0007, abs=5e-5)  # the README's number
    # McNemar: the discordant counts at the threshold and scipy's binomial test
    ref = mcnemar_test(y, a >= 0.5, b >= 0.5)
    assert mcnemar.note.startswith(f"b = {ref.b}, c = {ref.c}")
    assert mcnemar.pvalue == pytest.approx(ref.pvalue)
    assert mcnemar.difference == pytest.approx((ref.b - ref.c) / y.size)


def test_delong_interval_by_hand():
    # positives 0.9, 0.6, 0.4; negatives 0.5, 0.2: placements V10 = 1, 1, 1/2,
    # V01 = 1 - (2/3) ... (fraction of positives above) = 2/3, 1
    y, s = [1, 1, 1, 0, 0], [0.9, 0.6, 0.4, 0.5, 0.2]
    ci = evaluate(y, {"m": s}).intervals["m"]["ROC AUC"]
    v10, v01, auc = np.array([1, 1, 0.5]), np.array([2 / 3, 1]), 5 / 6
    var = np.var(v10, ddof=1) / 3 + np.var(v01, ddof=1) / 2
    half = scipy.stats.norm.ppf(0.975) * math.sqrt(var)
    assert ci.estimate == pytest.approx(auc)
    assert (ci.low, ci.high) == pytest.approx((auc - half, min(1.0, auc + half)))


def test_wilson_intervals_are_proportion_ci_and_scipy(cancer):
    data, ev = cancer
    (tn, fp), (fn, tp) = ev["logistic_regression"].confusion_matrix.tolist()
    counts = {"Accuracy": (tp + tn, tp + tn + fp + fn), "Precision": (tp, tp + fp),
              "Recall": (tp, tp + fn), "Specificity": (tn, tn + fp), "NPV": (tn, tn + fn)}
    for column, (k, n) in counts.items():
        ci = ev.intervals["logistic_regression"][column]
        assert ci.method == "wilson"
        assert ci.interval == pytest.approx(proportion_ci(k, n).interval, rel=1e-12)
        scipy_ci = scipy.stats.binomtest(k, n).proportion_ci(method="wilson")
        assert ci.interval == pytest.approx((scipy_ci.low, scipy_ci.high), rel=1e-9)


def test_ap_and_bep_intervals_draw_the_tables_as_the_merged_summary_does():
    """In memory, AP and BEP are bootstrapped by multinomial draws of each class over
    the model's table: the very intervals of the same rows summarized in chunks and
    merged, and the distribution of the row bootstrap (bootstrap_ci, other draws)."""
    from evalplots.evaluation import BinaryEvaluation
    from evalplots.metrics import BinarySummary

    y, scores = small_binary()
    ev = evaluate(y, scores, n_resamples=300, random_state=5)
    parts = [BinarySummary.from_arrays(y[:100], {k: v[:100] for k, v in scores.items()}),
             BinarySummary.from_arrays(y[100:], {k: v[100:] for k, v in scores.items()})]
    merged = BinaryEvaluation.from_summary(BinarySummary.merge(parts), n_resamples=300,
                                           random_state=5)
    for name, s in scores.items():
        for column, metric in (("AP", average_precision_score), ("BEP", break_even_point)):
            ci = ev.intervals[name][column]
            assert ci == merged.intervals[name][column], (name, column)
            oracle = bootstrap_ci(metric, y, s, n_resamples=300, random_state=0)
            assert ci.method == oracle.method == "bootstrap-bca"
            assert ci.estimate == pytest.approx(oracle.estimate, rel=1e-12)
            assert (ci.low, ci.high) == pytest.approx((oracle.low, oracle.high), abs=0.03)


@pytest.mark.parametrize("weighted", [False, True])
def test_ap_and_bep_positions_are_bootstrap_ci_on_the_rows_in_table_order(weighted):
    """A table drawn as positions (every model here) resamples each class's rows laid
    out by decreasing score, from the draws that bootstrap_ci's plan makes for the
    same generator, shared by all models: its intervals are bootstrap_ci's of the rows
    sorted by the model's score (the same resamples; up to 1000 rows the same
    leave-one-out jackknife), to rounding. Whole-number weights are frequencies: a
    row of weight 3 is three rows (and weight 0 none)."""
    y, scores = small_binary()
    w = np.random.default_rng(9).integers(0, 4, y.size) if weighted else None
    if weighted:
        scores = {"a": scores["a"]}
    ev = evaluate(y, scores, sample_weight=w, n_resamples=300, random_state=5)
    rows = np.arange(y.size) if w is None else np.repeat(np.arange(y.size), w)
    for name, s in scores.items():
        order = rows[np.argsort(-s[rows], kind="stable")]
        for column, metric in (("AP", average_precision_score), ("BEP", break_even_point)):
            ci = ev.intervals[name][column]
            oracle = bootstrap_ci(metric, y[order], s[order], n_resamples=300,
                                  random_state=ev.interval_options.rng("bootstrap", "AP, BEP"))
            assert (ci.estimate, ci.low, ci.high) == pytest.approx(
                (oracle.estimate, oracle.low, oracle.high), rel=1e-9), (name, column)


def test_ap_and_bep_of_a_coarse_table_are_a_multinomial_of_its_slots():
    """A table of few scores (rows > 20 x its cells) is drawn as one multinomial of each
    class over its slots, from its own stream: not the shared positions, the same
    distribution (bootstrap_ci on the rows, other draws), and not moved by another
    model."""
    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 2000)
    coarse = np.round(np.clip(0.2 * y + rng.normal(0.4, 0.2, y.size), 0, 1), 1)
    fine = np.clip(0.3 * y + rng.normal(0.4, 0.2, y.size), 0, 1)
    ev = evaluate(y, {"coarse": coarse, "fine": fine}, n_resamples=400)
    alone = evaluate(y, {"coarse": coarse}, n_resamples=400)
    order = np.argsort(-coarse, kind="stable")
    for column, metric in (("AP", average_precision_score), ("BEP", break_even_point)):
        ci = ev.intervals["coarse"][column]
        assert ci == alone.intervals["coarse"][column]
        shared = bootstrap_ci(metric, y[order], coarse[order], n_resamples=400,
                              random_state=ev.interval_options.rng("bootstrap", "AP, BEP"))
        assert (ci.low, ci.high) != pytest.approx((shared.low, shared.high), rel=1e-9)
        oracle = bootstrap_ci(metric, y, coarse, n_resamples=400, random_state=1)
        assert (ci.low, ci.high) == pytest.approx((oracle.low, oracle.high), abs=0.01)


def test_fractional_weight_ap_and_bep_resample_the_rows():
    """Under fractional weights the rows are kept for the AP/BEP bootstrap: the
    intervals are bootstrap_ci's on the same resamples of the weighted rows."""
    y, scores = small_binary()
    w = np.random.default_rng(3).random(y.size) + 0.5
    ev = evaluate(y, scores, sample_weight=w, n_resamples=300, random_state=5)
    assert "ROC AUC" not in ev.intervals["a"]  # frequency-weight intervals: n/a
    for name, s in scores.items():
        for column, metric in (("AP", average_precision_score), ("BEP", break_even_point)):
            ci = ev.intervals[name][column]
            oracle = bootstrap_ci(metric, y, s, n_resamples=300, sample_weight=w,
                                  random_state=ev.interval_options.rng("bootstrap", "AP, BEP"))
            assert (ci.estimate, ci.low, ci.high) == pytest.approx(
                (oracle.estimate, oracle.low, oracle.high), rel=1e-9), (name, column)


def test_bep_fast_kernel_equals_the_generic_loop():
    """bootstrap_ci recognises break_even_point: the same resamples as the row loop."""
    y, scores = small_binary(120, seed=2)
    fast = bootstrap_ci(break_even_point, y, scores["b"], n_resamples=200, random_state=1)
    slow = bootstrap_ci(lambda t, s: break_even_point(t, s), y, scores["b"],
                        n_resamples=200, random_state=1)
    assert (fast.low, fast.high) == pytest.approx((slow.low, slow.high), rel=1e-12)


def test_confusion_cell_shortcut_equals_resampling_the_rows():
    """With fixed predictions, a resample's metrics depend on its rows only through the
    confusion cells: tallying the drawn rows' cells gives the row loop's values."""
    from evalplots.evaluation._binary import _cell_metrics

    y, scores = small_binary(200, seed=4)
    pred = (scores["a"] >= 0.5).astype(int)
    plan = resample_plan(y, y.size, stratify=True)
    rng = np.random.default_rng(0)
    for rows in next(plan.index_blocks(rng, 50)):
        cells = np.bincount(2 * y[rows] + pred[rows], minlength=4).reshape(1, 2, 2)
        got = _cell_metrics(cells.astype(float))
        assert got["F1"][0] == pytest.approx(f1_score(y[rows], pred[rows]))
        assert got["MCC"][0] == pytest.approx(matthews_corrcoef(y[rows], pred[rows]))
        assert got["Balanced accuracy"][0] == pytest.approx(
            balanced_accuracy_score(y[rows], pred[rows]))


def test_multinomial_cells_are_a_stratified_resample_in_distribution():
    """The drawn cells of each true class sum to its size, with the expected mean."""
    y, scores = small_binary(400, seed=6)
    ev = evaluate(y, scores, n_resamples=2000)
    ci = ev.intervals["a"]["F1"]
    assert ci.method == "bootstrap-bca" and ci.low < ci.estimate < ci.high
    # the interval of a binomial-type metric is close to the normal one at this n
    (tn, fp), (fn, tp) = ev["a"].confusion_matrix.tolist()
    recall = ev.intervals["a"]["Recall"]
    assert recall.estimate == pytest.approx(tp / (tp + fn))
    assert 0.5 < (ci.high - ci.low) / (recall.high - recall.low) < 2


def test_brier_and_log_loss_use_the_exact_bootstrap_standard_error():
    y, scores = small_binary(250, seed=7)
    ev = evaluate(y, scores)
    s = scores["a"]
    losses = (y - s) ** 2
    # the variance of the stratified bootstrap mean: sum_k (n_k/n)^2 var_k / n_k
    var = sum((np.sum(y == k) / y.size) ** 2 * np.var(losses[y == k]) / np.sum(y == k)
              for k in (0, 1))
    ci = ev.intervals["a"]["Brier"]
    assert ci.method == "bootstrap-normal"
    half = scipy.stats.norm.ppf(0.975) * math.sqrt(var)
    assert (ci.low, ci.high) == pytest.approx((losses.mean() - half, losses.mean() + half))
    assert ev.intervals["a"]["Log loss"].estimate == pytest.approx(
        -np.mean(np.log(np.where(y == 1, s, 1 - s))))


def test_scores_outside_0_1_have_no_brier_or_log_loss():
    ev = evaluate([0, 1, 0, 1, 1, 0], {"m": [-2.0, 1.5, 0.2, 3.0, 0.1, -1.0]})
    row = ev.metrics_table.rows["m"]
    assert math.isnan(row["Brier"]) and math.isnan(row["Log loss"])
    assert "not probabilities" in ev.metrics_table.undefined_note()
    assert "Brier" not in ev.intervals["m"]


def test_a_row_without_an_interval_stays_with_its_estimate_and_why():
    # a positive scored 0: the log loss is inf, shown in the table; its interval
    # row stays, saying why there is none
    ev = evaluate([1, 0, 1, 0, 1, 0], {"m": [0.0, 0.2, 0.9, 0.4, 0.7, 0.1]},
                  n_resamples=50)
    row = ev.intervals.to_frame().loc[("m", "Log loss")]
    assert row["estimate"] == math.inf == ev.metrics_table.rows["m"]["Log loss"]
    assert math.isnan(row["low"]) and not isinstance(row["method"], str)  # no method
    assert row["note"] == "infinite: a positive scores 0 or a negative 1 (nothing is clipped)"
    assert ev.intervals.to_frame().loc[("m", "Brier"), "note"] == ""


@pytest.mark.parametrize("task", ["binary", "multiclass"])
def test_the_infinite_log_loss_advice_names_what_evaluate_users_can_change(task):
    # evaluate() and the command have no eps=: the advice is about the probabilities
    y, p = {"binary": ([1, 0, 1, 0], [0.0, 0.2, 0.9, 0.4]),
            "multiclass": ([0, 1, 2], [[0.0, 0.5, 0.5], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6]])}[task]
    ev = evaluate(y, {"m": np.array(p)}, n_resamples=20)
    with pytest.warns(UndefinedMetricWarning, match="log loss is infinite") as caught:
        assert ev["m"].log_loss == math.inf
    message = str(caught[0].message)
    assert "eps" not in message and message.endswith(
        "1 true-class probabilities are exactly 0; nothing is clipped: for a finite "
        "log loss, give the "
        "true classes probabilities above 0 (clip them, or write them with more decimals).")


def test_intervals_are_reproducible_with_the_seed():
    y, scores = small_binary()
    one = evaluate(y, scores, n_resamples=200, random_state=11).intervals
    two = evaluate(y, scores, n_resamples=200, random_state=11).intervals
    other = evaluate(y, scores, n_resamples=200, random_state=12).intervals
    assert one == two
    assert one["a"]["AP"] != other["a"]["AP"] and one["a"]["F1"] != other["a"]["F1"]
    assert one["a"]["ROC AUC"] == other["a"]["ROC AUC"]  # DeLong: no randomness
    # a model's intervals do not depend on the other models
    alone = evaluate(y, {"a": scores["a"]}, n_resamples=200, random_state=11).intervals
    assert alone["a"] == one["a"]


def test_fractional_weights_give_reasons_not_numbers():
    y, scores = small_binary(100)
    w = np.linspace(0.5, 1.5, 100)
    ev = evaluate(y, scores, sample_weight=w, n_resamples=100)
    assert "ROC AUC" not in ev.intervals["a"] and "AP" in ev.intervals["a"]
    assert "frequency weights" in ev.intervals.notes["ROC AUC"]["a"]
    assert all(math.isnan(c.pvalue) and "frequency" in c.note for c in ev.comparisons)


def test_to_frame_views():
    y, scores = small_binary(100)
    ev = evaluate(y, scores, n_resamples=100)
    frame = ev.intervals.to_frame()
    assert frame.loc[("a", "ROC AUC"), "method"] == "delong"
    assert frame.loc[("b", "AP"), "low"] == ev.intervals["b"]["AP"].low
    comparisons = ev.comparisons.to_frame()
    assert comparisons["test"].tolist() == ["DeLong", "McNemar"]
    assert comparisons["pvalue_holm"].tolist() == comparisons["pvalue"].tolist()  # 1 pair


def test_holm_is_applied_per_test_over_all_pairs():
    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 300)
    scores = {f"m{i}": y * i / 4 + rng.normal(size=300) for i in range(4)}
    ev = evaluate(y, scores, n_resamples=50)
    for test in ("DeLong", "McNemar"):
        rows = [c for c in ev.comparisons if c.test == test]
        assert [(c.model_a, c.model_b) for c in rows] == list(
            itertools.combinations(scores, 2))
        assert [c.pvalue_holm for c in rows] == pytest.approx(
            holm_adjust([c.pvalue for c in rows]).tolist())
    assert ev.comparisons.n_pairs("DeLong: ROC AUC") == 6


# ---------------------------------------------------------------- multi-class


@pytest.fixture(scope="module")
def digits():
    data = load_sample("digits")
    with pytest.warns(UndefinedMetricWarning, match="log loss is infinite"):
        ev = evaluate(data.y_true, data.predictions, labels=data.classes,
                      n_resamples=300)
        ev.metrics_table  # noqa: B018
    return data, ev


def test_multiclass_intervals_and_comparisons(digits):
    data, ev = digits
    a, b = ev.model_names
    m = ev[a]
    correct = int(np.trace(m.confusion_matrix))
    assert ev.intervals[a]["Accuracy"].interval == pytest.approx(
        proportion_ci(correct, ev.n_samples).interval)
    for column in ("Macro F1", "Balanced accuracy", "MCC"):
        ci = ev.intervals[a][column]
        assert ci.estimate == ev.metrics_table.rows[a][column]
        assert ci.method == "bootstrap-bca" and ci.low < ci.estimate < ci.high
    assert "Macro OvR AUC" in ev.intervals.notes
    mcnemar, paired = ev.comparisons
    ref = mcnemar_test(data.y_true, data.classes[data.predictions[a].argmax(axis=1)],
                       data.classes[data.predictions[b].argmax(axis=1)])
    assert mcnemar.pvalue == pytest.approx(ref.pvalue)
    assert paired.quantity == "macro F1" and paired.ci.low < paired.difference < paired.ci.high
    assert paired.difference == pytest.approx(
        ev.metrics_table.rows[a]["Macro F1"] - ev.metrics_table.rows[b]["Macro F1"])


def test_multiclass_cell_metrics_equal_the_metrics_on_resampled_rows():
    from evalplots.evaluation._multiclass import _cell_metrics

    rng = np.random.default_rng(9)
    y = rng.integers(0, 4, 300)
    pred = np.where(rng.random(300) < 0.6, y, rng.integers(0, 4, 300))
    plan = resample_plan(y, y.size, stratify=True)
    for rows in next(plan.index_blocks(np.random.default_rng(1), 30)):
        cells = np.bincount(4 * y[rows] + pred[rows], minlength=16).reshape(1, 4, 4)
        got = _cell_metrics(cells.astype(float))
        assert got["Macro F1"][0] == pytest.approx(
            f1_score(y[rows], pred[rows], average="macro"))
        assert got["Weighted F1"][0] == pytest.approx(
            f1_score(y[rows], pred[rows], average="weighted"))
        assert got["MCC"][0] == pytest.approx(matthews_corrcoef(y[rows], pred[rows]))


# ----------------------------------------------------------------- regression


def test_regression_intervals_equal_bootstrap_ci_on_the_same_resamples():
    data = load_sample("diabetes")
    y, preds = data.y_true, data.predictions
    ev = evaluate(y, preds, task="regression", n_resamples=200, random_state=3)
    name = ev.model_names[0]
    for column, metric in (("MAE", mean_absolute_error), ("R²", r2_score)):
        ci = ev.intervals[name][column]
        oracle = bootstrap_ci(metric, y, preds[name], n_resamples=200, stratify=False,
                              random_state=ev.interval_options.rng("bootstrap", name))
        assert ci.method == oracle.method == "bootstrap-bca"
        assert (ci.low, ci.high) == pytest.approx((oracle.low, oracle.high), rel=1e-9)
    mae, r2 = ev.comparisons
    assert (mae.quantity, r2.quantity) == ("MAE", "R²")
    assert mae.ci.method == "bootstrap-percentile" and 0 < mae.pvalue <= 1


def test_bootstrap_pvalue_by_hand():
    # 3 of 9 differences <= 0, 7 >= 0 (one is 0): p = 2 * (3 + 1) / 10
    d = np.array([-2.0, -1.0, 0.0, 1, 2, 3, 4, 5, 6])
    assert bootstrap_pvalue(d) == pytest.approx(0.8)
    assert bootstrap_pvalue(np.ones(999)) == pytest.approx(2 / 1000)


def test_no_warning_from_intervals_of_clean_data():
    y, scores = small_binary()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ev = evaluate(y, scores, n_resamples=100)
        ev.intervals  # noqa: B018
        ev.comparisons  # noqa: B018


# ------------------------------------------------------------- report and CLI


def _pdf_text(path):
    from pypdf import PdfReader

    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(path).pages)


@pytest.mark.usefixtures("stub_figures")  # the tables' text is under test
def test_report_shows_intervals_methods_and_the_holm_sentence(tmp_path, cancer,
                                                              stub_figures):
    from evalplots.report import evaluation_report

    data, _ = cancer
    ev = evaluate(data.y_true, data.predictions, n_resamples=300)
    evaluation_report(ev, invariant=True).save(tmp_path / "r.pdf")
    text = _pdf_text(tmp_path / "r.pdf")
    auc = ev.intervals["logistic_regression"]["ROC AUC"]
    assert str(auc) == "0.9953 [0.9905, 1.0000]" and str(auc) in text
    assert str(ev.intervals["gaussian_naive_bayes"]["AP"]) in text
    assert str(ev.intervals["logistic_regression"]["Accuracy"]) in text
    for method in ("DeLong", "bootstrap BCa", "Wilson", "bootstrap SE, normal"):
        assert method in text
    assert "Each cell: estimate [95 % confidence interval]" in text
    assert "Holm: with one pair of models, the Holm-adjusted p is the raw p" in text
    assert "0.019 [0.008, 0.029]" in text and "b = 28, c = 5" in text
    evaluation_report(ev, ci=False, invariant=True).save(tmp_path / "plain.pdf")
    plain = _pdf_text(tmp_path / "plain.pdf")
    assert "Holm" not in plain and "[0.990, 1.000]" not in plain
    assert "Specificity" in plain and "Balanced accuracy" in plain


@pytest.mark.usefixtures("stub_figures")  # the tables' text is under test
def test_multiclass_and_regression_reports_have_comparisons(tmp_path):
    from evalplots.report import evaluation_report

    data = load_sample("diabetes")
    ev = evaluate(data.y_true, data.predictions, task="regression", n_resamples=200)
    evaluation_report(ev, invariant=True).save(tmp_path / "g.pdf")
    text = _pdf_text(tmp_path / "g.pdf")
    assert str(ev.intervals["ridge"]["MAE"]) in text
    assert "paired bootstrap: MAE" in text and "Holm: with one pair of models, the Holm-adjusted p is the raw p" in text
    y = np.repeat([0, 1, 2], 40)
    rng = np.random.default_rng(0)
    preds = {m: np.where(rng.random(120) < acc, y, rng.integers(0, 3, 120))
             for m, acc in (("x", 0.9), ("y", 0.6), ("z", 0.5))}
    ev = evaluate(y, preds, task="multiclass", n_resamples=200)
    evaluation_report(ev, invariant=True).save(tmp_path / "m.pdf")
    text = _pdf_text(tmp_path / "m.pdf")
    assert "paired bootstrap: macro F1" in text and "McNemar: errors" in text
    assert "each test is run on all 3 pairs at once" in text
    assert str(ev.intervals["x"]["Macro F1"]) in text


def _cli(tmp_path, name, *options):
    import contextlib
    import io

    from evalplots.cli import main

    out = tmp_path / name
    with contextlib.redirect_stderr(io.StringIO()) as err, \
            contextlib.redirect_stdout(io.StringIO()):
        status = main(["report", "-o", str(out), *options])
    return status, err.getvalue(), out


def test_cli_interval_options(tmp_path, stub_figures):
    """--seed, --n-resamples and --confidence-level reach the evaluation: the report
    prints the intervals evaluate() gives with the same options (--no-ci:
    cli/test_command.py)."""
    status, _, out = _cli(tmp_path, "a.pdf", "--seed", "7", "--n-resamples", "200",
                          "--confidence-level", "0.9")
    assert status == 0
    text = _pdf_text(out)
    assert "Bootstrap: 200 resamples, seed 7" in text
    assert "90 % confidence interval" in text
    data = load_sample("breast_cancer")
    options = {"n_resamples": 200, "confidence_level": 0.9}
    ev = evaluate(data.y_true, data.predictions, random_state=7, **options)
    other = evaluate(data.y_true, data.predictions, random_state=8, **options)
    for model, row in ev.intervals.items():
        for metric, ci in row.items():
            assert str(ci) in text, (model, metric, str(ci))
    # another seed gives other bootstrap intervals: the check above sees the seed
    assert any(str(ci) != str(other.intervals[model][metric])
               for model, row in ev.intervals.items() for metric, ci in row.items())


@pytest.mark.parametrize("option, value, message", [
    ("--n-resamples", "1", "--n-resamples must be an integer >= 2, got '1'"),
    ("--n-resamples", "many", "--n-resamples must be an integer >= 2, got 'many'"),
    ("--seed", "-1", "--seed must be an integer >= 0, got '-1'"),
    ("--confidence-level", "95", "--confidence-level must be a number strictly between"),
])
def test_cli_bad_interval_options_exit_2(tmp_path, option, value, message):
    status, err, out = _cli(tmp_path, "x.pdf", option, value)
    assert status == 2 and not out.exists()
    assert err.strip().count("\n") == 0 and message in err


def _above_switch(monkeypatch):
    """Every table above the switch point: the large-table AP and BEP intervals."""
    from evalplots.evaluation import _summary

    monkeypatch.setattr(_summary, "MAX_TABLE_DRAWS", 0)


def test_large_table_ap_interval_agrees_with_the_bootstrap(monkeypatch):
    """Above the switch, AP's logit interval of the linearised variance is within a
    tenth of the interval's width of the table bootstrap's BCa bounds (n = 3000),
    and the BEP bootstrap drawn by bisection within a twentieth of its width."""
    rng = np.random.default_rng(7)
    y = (rng.random(3000) < 0.15).astype(int)
    score = rng.normal(size=y.size) + y
    below = evaluate(y, {"m": score}, n_resamples=2000).intervals["m"]
    _above_switch(monkeypatch)
    above = evaluate(y, {"m": score}, n_resamples=2000).intervals["m"]
    assert below["AP"].method == "bootstrap-bca" and above["AP"].method == "influence-logit"
    assert above["BEP"].method == "bootstrap-bca"
    for column, share in (("AP", 0.1), ("BEP", 0.05)):
        width = below[column].high - below[column].low
        assert above[column].estimate == below[column].estimate
        assert abs(above[column].low - below[column].low) < share * width
        assert abs(above[column].high - below[column].high) < share * width


def test_large_table_ap_variance_is_the_infinitesimal_jackknife_by_hand():
    """sum_c sum_i (U_i - mean_c U)², U_i the derivative of scikit-learn's weighted
    AP with respect to row i's weight (central differences), equals the closed form."""
    from sklearn.metrics import average_precision_score as sk_ap

    from evalplots.evaluation._summary import ranking_slots
    from evalplots.metrics.inference._slots import average_precision_influence
    from evalplots.metrics.ranking._score_counts import ScoreCounts

    rng = np.random.default_rng(2)
    y = np.r_[np.ones(15, int), np.zeros(35, int)]
    score = np.round(rng.normal(size=50) + y, 1)  # ties, also across the classes
    h = 1e-6
    u = np.empty(50)
    for i in range(50):
        w = np.ones(50)
        w[i] += h
        up = sk_ap(y, score, sample_weight=w)
        w[i] -= 2 * h
        u[i] = (up - sk_ap(y, score, sample_weight=w)) / (2 * h)
    expected = sum(((u[y == c] - u[y == c].mean()) ** 2).sum() for c in (0, 1))
    table = ScoreCounts.from_arrays(y, score)
    ap, variance = average_precision_influence(*ranking_slots(table))
    assert ap == pytest.approx(sk_ap(y, score), abs=1e-12)
    assert variance == pytest.approx(expected, rel=1e-6)


def test_large_table_bep_jackknife_is_the_bep_without_each_group():
    """The bisection's jackknife: the BEP of the rows left after removing group g
    (rows dealt to 7 groups in turn, positives first, in slot order), by
    break_even_point on those rows."""
    from evalplots.evaluation._summary import ranking_slots
    from evalplots.metrics import break_even_point
    from evalplots.metrics.inference._slots import break_even_jackknife
    from evalplots.metrics.ranking._score_counts import ScoreCounts

    rng = np.random.default_rng(4)
    y = np.r_[np.ones(20, int), np.zeros(40, int)]
    score = np.round(rng.normal(size=60) + y, 1)
    pos, neg = ranking_slots(ScoreCounts.from_arrays(y, score))
    # the rows in the dealt order: positives by decreasing score, then negatives
    order = np.r_[np.flatnonzero(y == 1)[np.argsort(-score[y == 1], kind="stable")],
                  np.flatnonzero(y == 0)[np.argsort(-score[y == 0], kind="stable")]]
    got = break_even_jackknife(pos, neg, 7)
    for g in range(7):
        keep = np.ones(60, bool)
        keep[order[g::7]] = False
        assert got[g] == pytest.approx(break_even_point(y[keep], score[keep]), abs=1e-12)
