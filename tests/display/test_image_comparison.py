"""pytest-mpl image tests of every Display (baselines in ../../baseline_images).

Run ``pytest --mpl tests/display/test_image_comparison.py`` to compare;
``pytest --mpl-generate-path=baseline_images tests/display/test_image_comparison.py`` to
regenerate (then look at every PNG before committing). Figures are about 4 in
square at 100 dpi and built without pyplot, so baselines stay small and tests
independent. The data are the seeds' worked examples (fixtures in conftest.py).
"""

import numpy as np
import pytest
from matplotlib.figure import Figure

from evalplots.display import (
    ClassificationReportDisplay,
    ConfusionMatrixDisplay,
    PrecisionRecallDisplay,
    PredictionErrorDisplay,
    RocCurveDisplay,
)
from evalplots.display.style import STYLES

# A second, better model for the 16 labels of seed 004.
# fmt: off
SCORE_B = [0.1, 0.7, 0.3, 0.9, 0.65, 0.45, 0.5, 0.95,
           0.15, 0.55, 0.2, 0.35, 0.6, 0.05, 0.4, 0.25]
# fmt: on

compare = pytest.mark.mpl_image_compare(tolerance=2)


@pytest.fixture(autouse=True)
def _compared_with_the_baselines(request):
    """Without --mpl, pytest-mpl only draws the figures and compares nothing."""
    config = request.config
    if not (config.getoption("--mpl") or config.getoption("--mpl-generate-path")
            or config.getoption("--mpl-generate-hash-library")):
        pytest.fail("the image comparisons compare nothing without --mpl: run "
                    "pytest --mpl (the README's test command does)", pytrace=False)


def _axes(width=4.0, height=4.0):
    figure = Figure(figsize=(width, height), dpi=100, layout="constrained")
    return figure, figure.add_subplot()


@compare
def test_roc_two_models(blog16):
    figure, ax = _axes()
    for name, score in [("model A", blog16.y_score), ("model B", SCORE_B)]:
        RocCurveDisplay.from_predictions(blog16.y_true, score, name=name, ax=ax)
    return figure


@pytest.mark.parametrize("drawstyle", ["steps-post", "sawtooth"])
@compare
def test_precision_recall_with_break_even(drawstyle, watermelon):
    figure, ax = _axes()
    PrecisionRecallDisplay.from_predictions(
        watermelon.y_true,
        watermelon.y_score,
        name="toy",
        ax=ax,
        drawstyle=drawstyle,
        plot_chance_level=True,
    )
    ax.set_title(f"drawstyle='{drawstyle}'")
    return figure


@pytest.mark.parametrize("transposed", [False, True])
@compare
def test_confusion_matrix(transposed, three_class):
    figure, ax = _axes(4.4, 4.0)
    display = ConfusionMatrixDisplay.from_predictions(
        three_class.y_true,
        three_class.y_pred,
        ax=ax,
        transposed=transposed,
        display_labels=["cat", "dog", "bird"],
    )
    ax.set_title("transposed (Thakur)" if transposed else "rows = true class")
    drawn = (
        three_class.confusion_matrix.T if transposed else three_class.confusion_matrix
    )
    np.testing.assert_array_equal(display.im_.get_array().reshape(3, 3), drawn)
    return figure


def _regression(n_samples):
    """Deterministic regression predictions: a slightly shrunk, noisy fit."""
    rng = np.random.default_rng(0)
    y_true = rng.normal(50.0, 10.0, n_samples)
    y_pred = 0.8 * y_true + 10.0 + rng.normal(0.0, 4.0, n_samples)
    return y_true, y_pred


@pytest.mark.parametrize(
    "kind", ["actual_vs_predicted", "residual_vs_predicted", "residual_distribution"]
)
@compare
def test_prediction_error(kind):
    figure, ax = _axes()
    y_true, y_pred = _regression(200)
    display = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, kind=kind, name="ridge", ax=ax
    )
    if kind == "residual_distribution":
        assert sum(bar.get_height() for bar in display.hist_) == 200
    else:
        assert len(display.scatter_.get_offsets()) == 200
    return figure


@pytest.mark.parametrize("kind", ["actual_vs_predicted", "residual_vs_predicted"])
@compare
def test_prediction_error_large_n_hexbin(kind):
    figure, ax = _axes(4.8, 4.0)
    y_true, y_pred = _regression(100_000)
    display = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, kind=kind, name="ridge", ax=ax
    )
    assert display.hexbin_.get_array().sum() == 100_000
    assert ax.get_title() == "ridge\nhexbin of 100,000 samples"
    return figure


# One-vs-rest: a curve per class, the micro and the macro average, in one axes.
@compare
def test_roc_one_vs_rest(iris30):
    figure, ax = _axes()
    display = RocCurveDisplay.from_predictions(
        iris30.y_true, iris30.y_score, name="forest", ax=ax
    )
    assert len(display.line_) == 5
    return figure


@compare
def test_precision_recall_one_vs_rest(iris30):
    # 5 in: the legend entries name two numbers each ("step-wise AP = .., BEP = ..")
    figure, ax = _axes(5.0, 5.0)
    display = PrecisionRecallDisplay.from_predictions(
        iris30.y_true, iris30.y_score, name="forest", ax=ax, drawstyle="sawtooth"
    )
    assert display.line_[-1].get_drawstyle() == "steps-post"  # the macro average
    ax.set_title("drawstyle='sawtooth'")
    return figure


@compare
@compare
def test_confusion_matrix_forty_classes(forty_classes):
    # 40 classes stay readable — vertical labels, counts fitted to cells
    figure, ax = _axes(9.0, 8.4)
    display = ConfusionMatrixDisplay(
        forty_classes.confusion_matrix, display_labels=forty_classes.labels
    ).plot(ax=ax)
    assert display.text_.shape == (40, 40)
    ax.set_title("40 classes")
    return figure


@compare
def test_classification_report_named_classes():
    # named classes; fish and ant are never predicted (precision 0/0, drawn as 0 by
    # zero_division=0), so both ends of the fixed [0, 1] colour scale show
    y_true = ["cat"] * 6 + ["dog"] * 5 + ["bird"] * 4 + ["fish"] * 2 + ["ant"]
    y_pred = (["cat"] * 5 + ["dog"] + ["dog"] * 4 + ["cat"] + ["bird"] * 3 + ["cat"]
              + ["bird"] * 2 + ["cat"])  # fmt: skip
    figure, ax = _axes(5.0, 3.6)
    display = ClassificationReportDisplay.from_predictions(
        y_true, y_pred, labels=["cat", "dog", "bird", "fish", "ant"], ax=ax,
        zero_division=0,
    )
    np.testing.assert_allclose(display.recall, [5 / 6, 4 / 5, 3 / 4, 0, 0])
    ax.set_title("classification report")
    return figure


# reliability curves of two models, the bin counts in an axes below
@compare
def test_calibration_two_models():
    from evalplots.display import CalibrationDisplay

    rng = np.random.default_rng(7)
    p_true = rng.beta(1.2, 2.0, 600)
    y_true = (rng.random(600) < p_true).astype(int)
    logit = np.log(p_true / (1 - p_true))
    models = {
        "calibrated": p_true,
        "over-confident": 1 / (1 + np.exp(-2.5 * logit)),
    }
    figure, ax = _axes(4.4, 5.2)
    displays = [
        CalibrationDisplay.from_predictions(y_true, y_prob, name=name, ax=ax)
        for name, y_prob in models.items()
    ]
    assert displays[1].hist_ax_ is displays[0].hist_ax_
    assert sum(bar.get_height() for bar in displays[1].hist_) == 600
    return figure


# ---------------------------------------------------------------- thresholds


@compare
def test_metric_threshold_curve_with_lines_and_band(blog16):
    # seed 004's 16 labels, model B: P, R, F1 against the threshold, the chosen
    # threshold 0.5, the F1 optimum (0.4: TP 7, FP 2, F1 = 14/16) and the cheapest
    # threshold when a false positive costs 3 (0.65: 3 FN), a 95% bootstrap band
    from evalplots.display import MetricThresholdCurveDisplay

    figure, ax = _axes(5.0, 4.6)
    display = MetricThresholdCurveDisplay.from_predictions(
        blog16.y_true, SCORE_B, threshold=0.5, plot_optimal=["f1", "cost"], cost_fp=3,
        plot_ci=True, n_resamples=500, random_state=0, name="model B", ax=ax,
    )  # fmt: skip
    assert (display.optimal["f1"].threshold, display.optimal["f1"].value) == (0.4, 0.875)
    assert (display.optimal["cost"].threshold, display.optimal["cost"].value) == (0.65, 3)
    return figure


@pytest.mark.parametrize("kind", ["hist", "kde"])
@compare
def test_score_distribution(kind):
    # two well-separated beta-distributed classes with named labels, threshold 0.5
    from evalplots.display import ScoreDistributionDisplay

    rng = np.random.default_rng(0)
    y_true = np.repeat(["benign", "malignant"], [120, 80])
    y_score = np.concatenate((rng.beta(2, 6, 120), rng.beta(6, 2, 80)))
    figure, ax = _axes()
    ScoreDistributionDisplay.from_predictions(
        y_true, y_score, kind=kind, bins=20, threshold=0.5, name="forest", ax=ax,
        histtype="stepfilled",
    )  # fmt: skip
    ax.set_title(f"kind='{kind}'")
    return figure


# DET and cumulative gain / lift: two binormal models, 300 samples, about
# a quarter positive (a typical response rate for a gain chart).
def _binormal_scores():
    """Labels and the scores of two models: positives shifted by 1.0 and by 2.0."""
    rng = np.random.default_rng(0)
    y_true = (rng.random(300) < 0.25).astype(int)
    noise = rng.normal(size=(2, 300))
    return y_true, {"weak": noise[0] + 1.0 * y_true, "strong": noise[1] + 2.0 * y_true}


@compare
def test_det_curve_two_models():
    from evalplots.display import DetCurveDisplay

    figure, ax = _axes()
    y_true, scores = _binormal_scores()
    displays = [
        DetCurveDisplay.from_predictions(y_true, score, name=name, ax=ax)
        for name, score in scores.items()
    ]
    assert displays[0].chance_level_ is displays[1].chance_level_
    assert [float(v) for v in ax.get_xlim()] == [-3.0, 3.0]
    return figure


@pytest.mark.parametrize("kind", ["gain", "lift"])
@compare
def test_cumulative_gain_two_models(kind):
    from evalplots.display import CumulativeGainDisplay

    figure, ax = _axes()
    y_true, scores = _binormal_scores()
    displays = [
        CumulativeGainDisplay.from_predictions(y_true, score, name=name, ax=ax,
                                               kind=kind)
        for name, score in scores.items()
    ]
    assert displays[0].perfect_ is displays[1].perfect_
    assert (displays[1].ks_line_ is None) == (kind == "lift")
    ax.set_title(f"kind='{kind}'")
    return figure


# the journal figure of tests/display/test_paper_figure.py (measured there), saved
# under the same 'paper' style at 100 dpi and at its full 7 × 2.4 in size
@pytest.mark.mpl_image_compare(
    tolerance=2,
    style={**STYLES["paper"], "savefig.dpi": 100, "savefig.bbox": "standard"},
)
def test_paper_figure_three_panels(paper_figure):
    figure, (roc, pr, cm) = paper_figure()
    assert [len(ax.get_legend().get_texts()) for ax in (roc, pr)][0] == 3
    assert cm.child_axes[0] is cm.collections[0].colorbar.ax
    return figure


# a CI band with the interval in the legend, the operating point at a
# threshold and the Youden optimum. The band and interval are given to the
# constructor (a plain stratified percentile bootstrap computed here), so the
# image does not depend on the metrics' band functions.
@compare
def test_roc_ci_band_and_operating_point():
    from evalplots.metrics import ConfidenceInterval, auc, optimal_threshold, roc_curve

    rng = np.random.default_rng(7)
    y = np.r_[np.ones(60, int), np.zeros(90, int)]
    s = np.round(np.r_[rng.normal(1.3, 1, 60), rng.normal(0, 1, 90)], 2)
    grid = np.linspace(0, 1, 101)
    tprs, aucs = [], []
    for _ in range(300):
        rows = np.r_[rng.choice(60, 60), 60 + rng.choice(90, 90)]  # stratified
        fpr, tpr, _ = roc_curve(y[rows], s[rows])
        tprs.append(np.interp(grid, fpr, tpr))
        aucs.append(auc(fpr, tpr))
    low, high = np.percentile(tprs, [2.5, 97.5], axis=0)
    fpr, tpr, thresholds = roc_curve(y, s, drop_intermediate=False)
    estimate = auc(fpr, tpr)
    ci = ConfidenceInterval(estimate, *np.percentile(aucs, [2.5, 97.5]),
                            "bootstrap-percentile", 0.95)
    figure, ax = _axes()
    display = RocCurveDisplay(
        fpr, tpr, roc_auc=estimate, thresholds=thresholds, roc_auc_ci=ci,
        ci_band=(grid, low, high), name="model", pos_label=1,
        optimal=optimal_threshold(y, s, criterion="youden"),
    ).plot(ax=ax, threshold=0.5, plot_optimal="youden")
    assert display.line_.get_label() == f"model (AUC = {ci.format(2)})"
    ax.set_title("95% bootstrap band, threshold 0.5")
    return figure


# the textbook sawtooth of two models with iso-F1 curves; each model has
# one legend entry holding its AP and BEP, its handle the line with the BEP dot.
@compare
def test_precision_recall_sawtooth_iso_f1(blog16):
    figure, ax = _axes(5.0, 5.0)  # entries name two numbers, as the OvR P-R test
    for name, score in [("model A", blog16.y_score), ("model B", SCORE_B)]:
        PrecisionRecallDisplay.from_predictions(
            blog16.y_true, score, name=name, ax=ax, drawstyle="sawtooth",
            plot_iso_f1=True,
        )
    assert len(ax.get_legend().get_texts()) == 2
    ax.set_title("sawtooth with iso-F1 curves")
    return figure


# the figure recipes of the binary report's pages, drawn from an
# evaluation of two models (probabilities) on 150 synthetic samples; the bands use
# 200 resamples. Figures are 6 in wide at 60 dpi to keep the baselines small.
def _two_model_evaluation():
    from evalplots import evaluate

    rng = np.random.default_rng(8)
    y = np.r_[np.ones(60, int), np.zeros(90, int)]
    a = 1 / (1 + np.exp(-(1.6 * y + rng.normal(size=150) - 0.8)))
    b = 1 / (1 + np.exp(-(1.0 * y + rng.normal(size=150) - 0.5)))
    return evaluate(y, {"model A": np.round(a, 2), "model B": np.round(b, 2)},
                    n_resamples=200, random_state=0)


def _small(figure):
    figure.set_dpi(60)
    return figure


@compare
def test_report_roc_page_figure():
    from evalplots.report.standard._figures import roc_page_figure

    figure, invisible = roc_page_figure(_two_model_evaluation(), ci=True, width=6.0)
    assert invisible == []
    return _small(figure)


@compare
def test_report_precision_recall_figure_with_bands():
    from evalplots.report.standard._figures import precision_recall_figure

    return _small(precision_recall_figure(_two_model_evaluation(), ci=True, width=6.0))


@compare
def test_report_threshold_figure():
    from evalplots.report.standard._figures import threshold_figure

    return _small(threshold_figure(_two_model_evaluation(), width=6.0))


@compare
def test_report_calibration_figure():
    from evalplots.report.standard._figures import calibration_figure

    return _small(calibration_figure(_two_model_evaluation(), ["model A", "model B"],
                                     width=6.0))


@compare
def test_report_score_distribution_figure():
    from evalplots.report.standard._figures import score_distribution_figure

    return _small(score_distribution_figure(_two_model_evaluation(), width=6.0))


@compare
def test_forest_plot_two_models_with_an_undefined_group():
    from evalplots.display import ForestPlotDisplay

    # five sites, two models; the last site has no interval for model b and
    # the "tiny" site no value at all (one class only): it keeps its row, 'n/a'
    estimates = [[0.81, 0.70], [0.77, 0.66], [0.86, 0.74], [0.72, 0.69], [0.79, 0.71],
                 [np.nan, np.nan]]
    lows = [[0.74, 0.61], [0.69, 0.57], [0.80, 0.66], [0.61, 0.58], [0.70, np.nan],
            [np.nan, np.nan]]
    highs = [[0.88, 0.79], [0.85, 0.75], [0.92, 0.82], [0.83, 0.80], [0.88, np.nan],
             [np.nan, np.nan]]
    display = ForestPlotDisplay(
        ["Lyon", "Paris", "Marseille", "Lille", "Nantes", "tiny"], estimates, lows, highs,
        counts=[420, 380, 510, 160, 240, 3], overall=[0.80, 0.70], names=["forest", "logit"],
        metric="ROC AUC", grouping="site").plot()
    display.figure_.set_dpi(100)
    return display.figure_


@compare
def test_decision_curve_two_models():
    # the dcurves tutorial's data (tests/metrics/data): a risk model and a 0/1 marker
    from pathlib import Path

    from evalplots.display import DecisionCurveDisplay

    table = np.genfromtxt(Path(__file__).parents[1] / "metrics" / "data" /
                          "dcurves_df_binary.csv", delimiter=",", names=True)
    figure, ax = _axes(4.4, 3.6)
    thresholds = np.arange(36) / 100
    for name in ("cancerpredmarker", "famhistory"):
        DecisionCurveDisplay.from_predictions(table["cancer"], table[name], name=name,
                                              thresholds=thresholds, ax=ax)
    return figure
