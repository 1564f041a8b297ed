"""The binary report's figure pages: what the PDF says and draws."""

import re
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from matplotlib.collections import PolyCollection
from matplotlib.lines import Line2D
from pypdf import PdfReader
from scipy.stats import norm

from evalplots import evaluate
from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display.style import model_style
from evalplots.exceptions import EmptyFigureWarning, UndefinedMetricWarning
from evalplots.report import evaluation_report
from evalplots.metrics._format import format_number, format_pvalue
from evalplots.report.standard._binary import NET_BENEFIT_AT
from evalplots.report.standard._figures import (
    calibration_models,
    decision_curve_figure,
    precision_recall_figure,
    roc_figure,
    roc_page_figure,
)


def _pages(path):
    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]


def _outline(path):
    """{heading: 0-based page} of every outline entry (nested ones too)."""
    reader = PdfReader(path)
    found = {}

    def visit(items):
        for item in items:
            if isinstance(item, list):
                visit(item)
            else:
                found[item.title] = reader.get_destination_page_number(item)
    visit(reader.outline)
    return found


@pytest.fixture(scope="module")
def sample():
    return load_breast_cancer_predictions()


@pytest.fixture(scope="module")
def sample_pages(binary_sample_report):
    path = binary_sample_report.path
    return binary_sample_report.evaluation, _pages(path), _outline(path)


def _page_of(sample_pages, heading):
    _, pages, outline = sample_pages
    return pages[outline[heading]]


def test_new_headings_and_pages(sample_pages):
    _, pages, outline = sample_pages
    assert list(outline) == [
        "Summary", "Data", "Provenance", "Metrics", "Comparisons", "ROC curves",
        "Precision-recall curves", "Threshold", "Operating points", "Calibration",
        "Clinical utility", "Score distributions", "Confusion matrix: logistic_regression",
        "Confusion matrix: gaussian_naive_bayes"]
    # 8 full pages: the summary takes two (the contents, data and provenance; the
    # metrics with their intervals and the comparison), calibration one, the
    # decision curves and score distributions share one, so do the two confusion
    # matrices
    assert list(outline.values()) == [0, 0, 0, 1, 1, 2, 3, 4, 4, 5, 6, 6, 7, 7]
    assert len(pages) == 8
    roc = pages[2]
    assert "Bottom left: detection error tradeoff (DET)" in roc
    assert "95% pointwise bootstrap band" in roc and "200 resamples" in roc
    assert "operating point at threshold 0.5" in roc  # the legend key


def test_operating_points_table_holds_the_confusion_matrices(sample, sample_pages):
    ev = sample_pages[0]
    page = _page_of(sample_pages, "Operating points")
    y = sample.y_true
    for name, s in sample.scores.items():
        rows = []
        for label, t in (("chosen threshold", 0.5),
                         ("Youden's J", ev[name].optimal_thresholds["youden"].threshold),
                         ("max F1", ev[name].optimal_thresholds["f1"].threshold)):
            pred = (np.asarray(s) >= t).astype(int)
            (tn, fp), (fn, tp) = skm.confusion_matrix(y, pred)
            rows.append(" ".join([
                label, f"{t:.6g}", f"{skm.recall_score(y, pred):.4f}",
                f"{fp / (fp + tn):.4f}", f"{skm.precision_score(y, pred):.4f}",
                f"{skm.f1_score(y, pred):.4f}", str(tp), str(fp), str(tn), str(fn)]))
        assert " ".join([name, "Threshold TPR FPR Precision F1 TP FP TN FN", *rows]) in page
    # fixed values (scikit-learn, independently): logistic regression at 0.5
    assert "chosen threshold 0.5 0.9575 0.0084 0.9854 0.9713 203 3 354 9" in page


def test_calibration_page_values(sample, sample_pages):
    page = _page_of(sample_pages, "Calibration")
    from sklearn.calibration import calibration_curve

    for name, s in sample.scores.items():
        prob_true, prob_pred = calibration_curve(sample.y_true, s, n_bins=10)
        counts = np.histogram(s, np.linspace(0, 1, 11))[0]
        counts = counts[counts > 0]
        ece = np.sum(counts * np.abs(prob_true - prob_pred)) / counts.sum()
        brier = skm.brier_score_loss(sample.y_true, s)
        prevalence = np.mean(sample.y_true)
        skill = 1 - brier / (prevalence * (1 - prevalence))
        # Spiegelhalter (1986): the Brier sum against its mean and variance under H0
        z = (np.sum((sample.y_true - s) * (1 - 2 * s))
             / np.sqrt(np.sum((1 - 2 * s) ** 2 * s * (1 - s))))
        p = 2 * norm.sf(abs(z))
        # every model of the sample has probabilities of exactly 0 or 1: no slope
        assert (f"{name} {ece:.4f} {brier:.4f} {skill:.4f} n/a n/a {z:.2f} "
                f"{format_pvalue(p)}") in page
        extreme = int(np.isin(s, (0.0, 1.0)).sum())
        assert f"{name}: {extreme} probabilities are exactly 0 or 1" in page
    assert "Not shown" not in page


def _net_benefit_by_hand(y, s, p):
    """Vickers & Elkin (2006): TP/N - FP/N * p / (1 - p), treated when s >= p."""
    treated = s >= p
    return (np.sum(treated & (y == 1)) - np.sum(treated & (y == 0)) * p / (1 - p)) / len(y)


def test_clinical_utility_page_values(sample, sample_pages):
    page = _page_of(sample_pages, "Clinical utility")
    y = np.asarray(sample.y_true)
    at = NET_BENEFIT_AT
    assert "Net benefit at p_t 0.05 0.1 0.2 0.3 0.5" in page
    for name, s in sample.scores.items():
        values = [_net_benefit_by_hand(y, np.asarray(s), p) for p in at]
        assert " ".join([name, *map(format_number, values)]) in page
    everyone = [_net_benefit_by_hand(y, np.ones(len(y)), p) for p in at]
    assert " ".join(["Treat all", *map(format_number, everyone)]) in page
    assert "at p_t = 0, 0.01, ..., 0.99" in page


def test_decision_curve_legend_lists_the_models_before_the_strategies(sample_pages):
    ev = sample_pages[0]
    fig = decision_curve_figure(ev, ev.model_names)
    (legend,) = fig.legends
    # two columns fill column by column: the models in the first, the strategies in
    # the second (not "model, Treat all / Treat none, model")
    assert legend._ncols == 2
    assert [t.get_text() for t in legend.get_texts()] == [*ev.model_names, "Treat all",
                                                          "Treat none"]


def test_clinical_operating_points_values(sample, sample_pages):
    ev = sample_pages[0]
    page = _page_of(sample_pages, "Operating points")
    y = sample.y_true
    z = norm.ppf(0.975)
    for name, s in sample.scores.items():
        intervals = ev.operating_point_intervals[name]
        fpr, tpr, _ = skm.roc_curve(y, s, drop_intermediate=False)
        # no point of the curve has exactly these specificities (357 negatives):
        # the straight line between the two around each
        for specificity in (0.9, 0.95):
            assert (intervals[f"Sensitivity at {100 * specificity:g} % specificity"]
                    .estimate == pytest.approx(np.interp(1 - specificity, fpr, tpr),
                                               rel=1e-12))
        (tn, fp), (fn, tp) = skm.confusion_matrix(y, (s >= 0.5).astype(int))
        ratios = {"LR+": (tp / (tp + fn)) / (fp / (fp + tn)),
                  "LR-": (fn / (tp + fn)) / (tn / (fp + tn))}
        # the log method (Simel, Samsa & Matchar 1991)
        spread = {"LR+": np.sqrt(1 / tp - 1 / (tp + fn) + 1 / fp - 1 / (fp + tn)),
                  "LR-": np.sqrt(1 / fn - 1 / (tp + fn) + 1 / tn - 1 / (fp + tn))}
        for column, ratio in ratios.items():
            ci = intervals[column]
            assert (ci.estimate, ci.low, ci.high) == pytest.approx(
                (ratio, ratio * np.exp(-z * spread[column]),
                 ratio * np.exp(z * spread[column])), rel=1e-9)
        assert " ".join([name, *(intervals[c].format() for c in (
            "Sensitivity at 90 % specificity", "Sensitivity at 95 % specificity",
            "LR+", "LR-"))]) in page
    assert "Sensitivity at 90 % specificity Sensitivity at 95 % specificity LR+ at 0.5 " \
        "LR− at 0.5" in page
    assert "200 resamples, seed 0" in page


@pytest.mark.usefixtures("stub_figures")  # which sections and notes the text has
def test_no_calibration_page_for_scores_outside_0_1(sample, tmp_path):
    logit = {"logit": np.log(sample.scores["logistic_regression"].clip(1e-6, 1 - 1e-6)
                             / (1 - sample.scores["logistic_regression"].clip(1e-6, 1 - 1e-6)))}
    pages = _pages(evaluation_report(sample.y_true, logit, threshold=0.0, ci=False,
                                     invariant=True).save(tmp_path / "logit.pdf"))
    text = " ".join(pages)
    assert "Calibration" not in text and "Score distributions" in text
    # one probability model and one score model: the page names the skipped one
    mixed = {**logit, "prob": sample.scores["logistic_regression"]}
    path = evaluation_report(sample.y_true, mixed, ci=False,
                             invariant=True).save(tmp_path / "mixed.pdf")
    page = _pages(path)[_outline(path)["Calibration"]]
    lo, hi = logit["logit"].min(), logit["logit"].max()
    assert (f"Not shown: logit (scores from {lo:.3g} to {hi:.3g}, not probabilities "
            f"in [0, 1]).") in page
    assert calibration_models(evaluate(sample.y_true, mixed))[0] == ["prob"]


def _bands(fig):
    return [c for ax in fig.axes for c in ax.collections
            if isinstance(c, PolyCollection) and c.get_label() == "_nolegend_"]


def test_ci_false_draws_and_computes_no_band(sample):
    ev = evaluate(sample.y_true, sample.scores, n_resamples=100)
    fig, _ = roc_page_figure(ev, ci=False)
    assert _bands(fig) == [] and "_ci_bands" not in vars(ev)
    assert _bands(precision_recall_figure(ev, ci=False)) == []
    assert "_ci_bands" not in vars(ev)
    fig, _ = roc_page_figure(ev, ci=True)
    bands = _bands(fig)
    assert len(bands) == 4  # two models, full and detail panel
    # the band drawn is the evaluation's: its upper edge at FPR = 0.5
    grid, low, high = ev.roc_ci_bands["logistic_regression"]
    path = bands[0].get_paths()[0].vertices
    assert np.isclose(path[:, 1], high[50]).any() and np.isclose(path[:, 1], low[50]).any()
    fig = precision_recall_figure(ev, ci=True)
    assert len(_bands(fig)) == 4  # steps-post panels only (2 models x 2 panels)


def test_report_without_ci_says_nothing_of_bands(binary_sample_report_without_intervals):
    pages = _pages(binary_sample_report_without_intervals.path)
    text = " ".join(pages)
    assert "bootstrap band" not in text and "Shaded" not in text
    assert "Operating points" in text
    # the clinical operating points: the estimates alone, no bootstrap named
    data = binary_sample_report_without_intervals.data
    fpr, tpr, _ = skm.roc_curve(data.y_true, data.scores["logistic_regression"],
                                drop_intermediate=False)
    sensitivities = [format_number(np.interp(1 - s, fpr, tpr)) for s in (0.9, 0.95)]
    # a ratio alone in three significant digits (LR+ 110.4 is not "110.42")
    (tn, fp), (fn, tp) = skm.confusion_matrix(
        data.y_true, (data.scores["logistic_regression"] >= 0.5).astype(int))
    ratios = [f"{(tp / (tp + fn)) / (fp / (fp + tn)):#.3g}".rstrip("."),
              f"{(fn / (tp + fn)) / (tn / (fp + tn)):#.3g}"]
    assert f"logistic_regression {' '.join(sensitivities + ratios)} " in text
    assert "In brackets" not in text and "[95 % CI]" not in text


def test_perfect_separation_is_named_not_silently_empty(tmp_path, stub_figures):
    y = np.r_[np.zeros(30, int), np.ones(20, int)]
    perfect = np.r_[np.linspace(0, 0.4, 30), np.linspace(0.6, 1, 20)]
    noisy = np.random.default_rng(0).uniform(size=50)
    with warnings.catch_warnings():
        warnings.simplefilter("error", EmptyFigureWarning)  # none escapes the report
        report = evaluation_report(y, {"perfect": perfect, "noisy": noisy}, ci=False,
                                   invariant=True)
    page = [p for p in _pages(report.save(tmp_path / "perfect.pdf")) if "ROC curves" in p
            and "DET" in p][0]
    assert re.search(r"Not visible there \(no point with both rates strictly between "
                     r"0 and 1, e\.g\. perfectly separated scores\): perfect\.", page)


def test_the_note_of_missing_intervals_names_only_the_models_of_each_reason():
    """Two models without an AP interval for two different reasons: each reason is
    said of its own model, not of both."""
    from types import SimpleNamespace

    from evalplots.report.standard._common import interval_table_section

    paragraphs = []
    report = SimpleNamespace(add_table=lambda *a, **k: None,
                             add_paragraph=paragraphs.append)
    table = SimpleNamespace(columns=["AP"], rows={"a": {"AP": 0.7}, "b": {"AP": 0.6}},
                            footnote=lambda: "")
    class Intervals(SimpleNamespace):
        def __getitem__(self, name):
            return {}  # no model has an AP interval

    intervals = Intervals(notes={"AP": {"a": "146 slots", "b": "148 slots"}},
                          methods=lambda column: [])
    ev = SimpleNamespace(metrics_table=table, intervals=intervals, model_names=["a", "b"],
                         interval_options=SimpleNamespace(confidence_level=0.95,
                                                          n_resamples=1000,
                                                          random_state=0))
    interval_table_section(report, ev, caption="c", explanation="e", methods="m")
    assert paragraphs[-1].endswith(
        "No interval for AP of a: 146 slots; for AP of b: 148 slots.")


# -------------------------- undefined metrics, many models, class names, counts, panels


def _text(path):
    return [" ".join(p.extract_text().split()) for p in PdfReader(path).pages]


def test_all_tied_scores_explain_bep_na(tmp_path, stub_figures):
    with pytest.warns(UndefinedMetricWarning, match="never meets P = R"):
        report = evaluation_report([1, 0, 1, 0, 0], {"m": [0.5] * 5}, invariant=True,
                                   ci=False)
    summary = " ".join(_text(report.save(tmp_path / "t.pdf"))[:2])
    assert "m 0.5000 0.4000 n/a" in summary
    assert ("'n/a' (undefined) for BEP: the sawtooth precision-recall curve never "
            "meets P = R") in summary
    assert "no sample is predicted positive" not in summary


def test_precision_na_note_names_precision(tmp_path, stub_figures):
    report = evaluation_report([0, 1, 0, 1], {"m": [0.1, 0.2, 0.3, 0.4]},
                               threshold=0.9, invariant=True, ci=False)
    summary = " ".join(_text(report.save(tmp_path / "p.pdf"))[:2])
    assert ("'n/a' (undefined) for Precision: no sample is predicted positive at "
            "the threshold;") in summary
    assert "for BEP" not in summary


def test_twelve_models_never_share_colour_and_linestyle():
    rng = np.random.default_rng(0)
    y = np.array(["neg", "pos"] * 20)
    scores = {f"model_{i:02d}": rng.random(40) for i in range(12)}
    ev = evaluate(y, scores, pos_label="pos")
    for fig in (roc_figure(ev), precision_recall_figure(ev)):
        for ax in fig.axes:
            curves = [ln for ln in ax.get_lines() if isinstance(ln, Line2D)
                      and len(ln.get_xdata()) > 2]
            styles = [(ln.get_color(), ln.get_linestyle()) for ln in curves]
            assert len(styles) == 12
            assert len(set(styles)) == 12, styles
    assert len({tuple(model_style(i).values()) for i in range(300)}) == 300


@pytest.mark.parametrize("label_names", [["neg", "pos"], ("neg", "pos"),
                                         {0: "neg", 1: "pos"}])
def test_label_names_sequence_or_mapping(tmp_path, label_names, stub_figures):
    report = evaluation_report([0, 1, 0, 1], {"m": [0.1, 0.8, 0.3, 0.6]},
                               label_names=label_names, invariant=True)
    summary = _text(report.save(tmp_path / "l.pdf"))[0]
    assert "class 'pos' (label 1)" in summary and "class 'neg' (label 0)" in summary


@pytest.mark.parametrize("label_names", [["only one"], "np", 3])
def test_bad_label_names_say_what_to_pass(label_names):
    with pytest.raises(ValueError, match=r"label_names must be a dict \{label: name\} "
                                         r"or a sequence of 2 names in class order"):
        evaluation_report([0, 1], {"m": [0.1, 0.9]}, label_names=label_names)


@pytest.mark.usefixtures("stub_figures")  # the summary's text is under test
def test_large_sample_counts_have_thousands_separators(tmp_path, stub_figures):
    y = np.tile([0, 1], 6000)
    report = evaluation_report(y, {"m": np.linspace(0, 1, y.size)}, invariant=True,
                               ci=False)
    summary = _text(report.save(tmp_path / "big.pdf"))[0]
    assert "1 model, 12,000 samples" in summary
    assert "12,000 samples: 6,000 positive (50.0 %)" in summary


def test_roc_panels_have_equal_size_and_pr_chance_lines_on_both_panels():
    y = np.array([0, 1, 0, 1, 1, 0])
    scores = {"m": np.array([0.1, 0.8, 0.3, 0.6, 0.4, 0.5])}
    ev = evaluate(y, scores)
    fig = roc_figure(ev)
    fig.canvas.draw()
    full, detail = (ax.get_position() for ax in fig.axes)
    assert full.height == pytest.approx(detail.height, rel=1e-3)
    assert full.width == pytest.approx(detail.width, rel=1e-3)
    pr = precision_recall_figure(ev)
    chance = [[ln for ln in ax.get_lines() if ln.get_label().startswith("Chance")]
              for ax in pr.axes]
    assert [len(c) for c in chance] == [1, 1, 0, 0]  # both upper panels, no detail


@pytest.mark.usefixtures("stub_figures")  # where figures fall, not what they show
def test_three_models_confusion_matrices_on_two_pages(tmp_path):
    y = [0, 1, 0, 1, 1, 0]
    scores = {f"m{i}": [0.1, 0.8, 0.3, 0.6, 0.4 + i / 10, 0.5] for i in range(3)}
    report = evaluation_report(y, scores, invariant=True, ci=False)
    reader = PdfReader(report.save(tmp_path / "c.pdf"))
    # summary, threshold (filling the page the summary leaves before the ROC page),
    # ROC, P-R, calibration, decision curves + score distributions, 2 models, 1 model
    assert report.page_count_ == 8
    dest = {o.title: reader.get_destination_page_number(o) + 1
            for o in reader.outline if not isinstance(o, list)}
    assert [dest[f"Confusion matrix: m{i}"] for i in range(3)] == [7, 7, 8]


def test_pr_legend_joins_ap_and_bep_of_each_model_once():
    """The legend entry reads "m (AP = 0.81, BEP = 0.67)", not the name twice."""
    import sklearn.metrics as skm

    from evalplots.display._base import format_score

    y = np.array([0, 1, 0, 1, 1, 0])
    s = np.array([0.1, 0.8, 0.3, 0.6, 0.4, 0.5])
    fig = precision_recall_figure(evaluate(y, {"m": s}))
    texts = [t.get_text() for t in fig.legends[0].get_texts()]
    ap = format_score(skm.average_precision_score(y, s))
    # ranked labels 1,1,0,1,0,0: P = R first at k = 3 (2 of 3), so BEP = 2/3
    assert texts[0] == f"m (AP = {ap}, BEP = 0.67)"


def test_many_models_are_summarised_and_every_model_is_listed(tmp_path):
    """Beyond max_models: pages for the best models by ROC AUC only, every model in
    the tables and the ranking figure, comparisons against the best one only."""
    from tests.support import stubbed_figures

    rng = np.random.default_rng(3)
    y = np.r_[np.zeros(40, int), np.ones(20, int)]
    scores = {f"sweep_{i}": rng.normal(size=60) + 0.4 * i * y for i in range(5)}
    aucs = {name: skm.roc_auc_score(y, s) for name, s in scores.items()}
    ranked = sorted(aucs, key=aucs.get, reverse=True)
    ev = evaluate(y, scores, n_resamples=50)
    with stubbed_figures() as figures:
        report = evaluation_report(ev, invariant=True, max_models=2)
        path = report.save(tmp_path / "sweep.pdf")
    outline = _outline(path)
    assert sorted(t for t in outline if t.startswith("Confusion matrix")) == sorted(
        f"Confusion matrix: {name}" for name in ranked[:2])
    assert "Ranking of the models" in outline
    ranking = figures[0]  # the first figure: the ranking, every model, best first
    assert [t.get_text() for t in ranking.axes[0].get_yticklabels()] == ranked
    roc = figures[1]  # the ROC page draws the two best models only
    assert sorted(ln.get_label() for ln in roc.axes[0].get_lines()
                  if ln.get_label().startswith("sweep_")) == sorted(
        f"{name} (AUC = {aucs[name]:.2f})" for name in ranked[:2])
    text = " ".join(_pages(path))
    for name in scores:  # the interval table lists every model
        assert name in text
    best = ranked[0]
    pairs = ev.comparisons_with(best)
    delong = [c for c in pairs if c.test == "DeLong"]
    assert len(delong) == 4 and {frozenset((c.model_a, c.model_b)) for c in delong} == {
        frozenset((best, other)) for other in ranked[1:]}
    for c in delong:  # first model minus second, in the evaluation's order
        assert c.difference == pytest.approx(aucs[c.model_a] - aucs[c.model_b])
    # Holm's step-down over these 4 pairs, by hand
    p = np.array([c.pvalue for c in delong])
    order = np.argsort(p)
    holm = np.minimum(1, np.maximum.accumulate((4 - np.arange(4)) * p[order]))
    np.testing.assert_allclose([c.pvalue_holm for c in delong], holm[np.argsort(order)])
    assert f"Each model against {best}" in text


def test_above_the_switch_the_report_names_the_ap_method_and_no_band(tmp_path,
                                                                     monkeypatch):
    """Tables above MAX_TABLE_DRAWS: the interval table says AP's method, the notes
    say what it is, and the captions say there is no band (none is drawn)."""
    import evalplots.evaluation as evaluation_package
    from evalplots.evaluation import _summary
    from tests.support import stubbed_figures

    monkeypatch.setattr(_summary, "MAX_TABLE_DRAWS", 0)
    monkeypatch.setattr(evaluation_package, "MAX_TABLE_DRAWS", 0)  # as the report reads it
    rng = np.random.default_rng(5)
    y = np.r_[np.zeros(40, int), np.ones(20, int)]
    ev = evaluate(y, {"m": rng.normal(size=60) + y}, n_resamples=50)
    with stubbed_figures() as figures:
        path = evaluation_report(ev, invariant=True).save(tmp_path / "large.pdf")
    text = " ".join(_pages(path))
    assert "linearised, logit" in text and "AP of m (more than 0e+00 score slots" in text
    assert "No band for m: more than 0e+00" in text and "Shaded:" not in text
    labels = [t.get_text() for fig in figures[:2] for t in fig.legends[0].get_texts()]
    assert not any("band" in label for label in labels)


def test_a_long_model_name_is_broken_into_lines_within_the_figure():
    """A 120-character name in the P-R legend under the axes: its entry is broken
    at the word boundaries into lines no wider than the figure, the last line
    keeping the metrics; a short name is left as it is."""
    long = "GradientBoostedTrees" * 6  # no space or "_": broken between characters
    y = np.array([0, 1, 0, 1, 1, 0])
    s = np.array([0.1, 0.8, 0.3, 0.6, 0.4, 0.5])
    from evalplots.metrics._format import format_score

    fig = precision_recall_figure(evaluate(y, {long: s, "m": s[::-1]}))
    fig.draw_without_rendering()
    legend = fig.legends[0]
    texts = legend.get_texts()
    entry = texts[0].get_text()
    ap = [format_score(skm.average_precision_score(y, score)) for score in (s, s[::-1])]
    assert "\n" in entry and " ".join(entry.split()) == f"{long} (AP = {ap[0]}, BEP = 0.67)"
    assert texts[1].get_text() == f"m (AP = {ap[1]}, BEP = 0.33)"
    renderer = fig._get_renderer()
    for text in texts:
        box = text.get_window_extent(renderer)
        assert 0 <= box.x0 and box.x1 <= fig.bbox.x1


def test_calibration_row_prints_the_slope_then_the_intercept():
    """Where the fit is defined (every probability inside (0, 1)), the calibration
    table's slope and intercept cells are statsmodels' fits with Wald intervals."""
    sm = pytest.importorskip("statsmodels.api")
    from evalplots.metrics import ConfidenceInterval
    from evalplots.report.standard._binary import _calibration_row

    rng = np.random.default_rng(4)
    eta = rng.normal(size=400)
    y = (rng.random(400) < 1 / (1 + np.exp(-eta))).astype(int)
    p = 1 / (1 + np.exp(-1.6 * eta - 0.3))  # too extreme and too high
    lp = np.log(p / (1 - p))
    slope = sm.Logit(y, sm.add_constant(lp)).fit(disp=0)
    intercept = sm.GLM(y, np.ones((400, 1)), family=sm.families.Binomial(),
                       offset=lp).fit()
    cells = [ConfidenceInterval(fit.params[k], *fit.conf_int()[k], "wald", 0.95).format()
             for fit, k in ((slope, 1), (intercept, 0))]
    row = _calibration_row(evaluate(y, {"m": p})["m"], ci=True)
    assert row[4:6] == cells
    assert _calibration_row(evaluate(y, {"m": p})["m"], ci=False)[4:6] == [
        format_number(slope.params[1]), format_number(intercept.params[0])]
