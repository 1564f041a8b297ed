"""Behaviour shared by every Display, one test parametrized over all of them."""

import functools
import inspect
from types import SimpleNamespace

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.figure import Figure

import evalplots.display
from evalplots import metrics
from evalplots.display import (
    CalibrationDisplay,
    ClassificationReportDisplay,
    ConfusionMatrixDisplay,
    CumulativeGainDisplay,
    DecisionCurveDisplay,
    DetCurveDisplay,
    ForestPlotDisplay,
    MetricThresholdCurveDisplay,
    PrecisionRecallDisplay,
    PredictionErrorDisplay,
    RocCurveDisplay,
    ScoreDistributionDisplay,
)
from evalplots.metrics.calibration._calibration import binary_bins, calibration_error
from evalplots.metrics.ranking._gain import gain_from_counts
from evalplots.metrics.ranking._threshold_metrics import metrics_from_counts
from evalplots.metrics.ranking._thresholds import binary_scores


def _manual_roc(y_true, y_score):
    fpr, tpr, _ = metrics.roc_curve(y_true, y_score)
    return RocCurveDisplay(
        fpr, tpr, roc_auc=metrics.auc(fpr, tpr), name="m", pos_label=1
    )


def _manual_pr(y_true, y_score):
    precision, recall, _ = metrics.precision_recall_curve(y_true, y_score)
    return PrecisionRecallDisplay(
        precision,
        recall,
        average_precision=metrics.average_precision_score(y_true, y_score),
        break_even=metrics.break_even_point(y_true, y_score),
        prevalence_pos_label=0.5,
        name="m",
        pos_label=1,
    )


def _manual_cm(y_true, y_pred):
    return ConfusionMatrixDisplay(
        metrics.confusion_matrix(y_true, y_pred), display_labels=[0, 1]
    )


def _manual_pe(y_true, y_pred):
    return PredictionErrorDisplay(y_true=y_true, y_pred=y_pred, name="m")


def _manual_det(y_true, y_score):
    fpr, fnr, _ = metrics.det_curve(y_true, y_score, drop_intermediate=True)
    return DetCurveDisplay(fpr, fnr, name="m", pos_label=1)


def _manual_gain(y_true, y_score):
    fps, tps, thresholds = binary_scores(y_true, y_score).counts()
    queue_rate, gain, gain_thresholds = gain_from_counts(fps, tps, thresholds)
    fpr, _, _ = metrics.roc_curve(y_true, y_score, drop_intermediate=False)
    return CumulativeGainDisplay(queue_rate, gain, fpr=fpr, thresholds=gain_thresholds,
                                 prevalence=float(np.mean(y_true)), name="m",
                                 pos_label=1)


def _manual_calibration(y_true, y_prob):
    bins = binary_bins(y_true, y_prob, n_bins=10, strategy="uniform", pos_label=None,
                       sample_weight=None)
    return CalibrationDisplay(
        bins.prob_true, bins.prob_pred, bins.counts, bin_bounds=bins.bin_bounds,
        brier_score=metrics.brier_score_loss(y_true, y_prob),
        ece=calibration_error(bins.prob_true, bins.prob_pred, bins.counts),
        name="m", pos_label=1)


def _manual_decision(y_true, y_prob):
    thresholds = np.arange(100) / 100.0
    return DecisionCurveDisplay(
        thresholds, metrics.net_benefit(y_true, y_prob, thresholds),
        treat_all=metrics.treat_all_net_benefit(y_true, thresholds), name="m",
        pos_label=1)


def _manual_threshold(y_true, y_score):
    fps, tps, thresholds = binary_scores(y_true, y_score).counts()
    table = metrics_from_counts(fps, tps, thresholds.astype(float))
    values = {m: getattr(table, "fbeta" if m == "f1" else m)
              for m in ("precision", "recall", "f1")}
    return MetricThresholdCurveDisplay(thresholds.astype(float), values, optimal={},
                                       name="m", pos_label=1)


def _manual_scores(y_true, y_score):
    edges = np.histogram_bin_edges(y_score, bins=30)
    counts = np.array([np.histogram(y_score[y_true == c], edges)[0] for c in (0, 1)],
                      dtype=float)
    density = counts / (counts.sum(axis=1, keepdims=True) * np.diff(edges))
    return ScoreDistributionDisplay(edges, density, display_labels=[0, 1], name="m")


def _manual_report(y_true, y_pred):
    precision, recall, f1, support = metrics.precision_recall_fscore_support(
        y_true, y_pred, average=None)
    averages = {"accuracy": metrics.accuracy_score(y_true, y_pred)}
    for average in ("macro", "weighted"):
        averages[f"{average} avg"] = metrics.precision_recall_fscore_support(
            y_true, y_pred, average=average)[:3]
    return ClassificationReportDisplay(precision, recall, f1, support,
                                       display_labels=["0", "1"], averages=averages)


_GROUPS = np.array(["a", "b"] * 3)


def _manual_forest(y_true, y_score):
    import warnings

    with warnings.catch_warnings():  # one positive in a group: DeLong's variance warns
        warnings.simplefilter("ignore")
        cis = [metrics.roc_auc_ci(y_true[_GROUPS == g], y_score[_GROUPS == g])
               for g in "ab"]
    return ForestPlotDisplay(["a", "b"], [c.estimate for c in cis], [c.low for c in cis],
                             [c.high for c in cis], counts=[3, 3],
                             overall=[metrics.roc_auc_score(y_true, y_score)],
                             names=["m"], metric="ROC AUC")


# name -> (class, from_predictions kwargs, manual compute + construct, a style dict
# arg, plot kwargs of every drawing, whether the second input is labels)
CASES = {
    "roc": (RocCurveDisplay, {"name": "m"}, _manual_roc, "chance_level_kw", {}, False),
    "pr": (PrecisionRecallDisplay, {"name": "m"}, _manual_pr, "break_even_kw", {}, False),
    "cm": (ConfusionMatrixDisplay, {}, _manual_cm, "text_kw", {}, True),
    "pe": (PredictionErrorDisplay, {"name": "m"}, _manual_pe, "line_kw", {}, False),
    "det": (DetCurveDisplay, {"name": "m"}, _manual_det, "chance_level_kw", {}, False),
    "gain": (CumulativeGainDisplay, {"name": "m"}, _manual_gain, "chance_level_kw", {},
             False),
    "calibration": (CalibrationDisplay, {"name": "m"}, _manual_calibration,
                    "ref_line_kw", {}, False),
    "decision": (DecisionCurveDisplay, {"name": "m"}, _manual_decision, "treat_all_kw",
                 {}, False),
    "threshold": (MetricThresholdCurveDisplay, {"name": "m"}, _manual_threshold,
                  "threshold_kw", {"threshold": 0.5}, False),
    "scores": (ScoreDistributionDisplay, {"name": "m"}, _manual_scores, "threshold_kw",
               {"threshold": 0.5}, False),
    "report": (ClassificationReportDisplay, {}, _manual_report, "text_kw", {}, True),
    "forest": (ForestPlotDisplay, {"name": "m", "groups": _GROUPS}, _manual_forest,
               "errorbar_kw", {}, False),
}


def test_every_display_is_covered():
    assert {case[0] for case in CASES.values()} == {
        getattr(evalplots.display, name) for name in evalplots.display.__all__}


def test_style_dicts_end_in_kw_with_curve_kwargs_the_one_alias():
    """Every style-dict parameter of every Display method ends in ``_kw``; the one
    exception is scikit-learn's ``curve_kwargs`` (``**kwargs``/``**plot_kwargs``
    pass Line2D properties or plot options, not a dict)."""
    wrong = []
    for name in evalplots.display.__all__:
        cls = getattr(evalplots.display, name)
        for method in ("__init__", "plot", *(m for m in dir(cls) if m.startswith("from_"))):
            for p in inspect.signature(getattr(cls, method)).parameters.values():
                if (p.kind is not p.VAR_KEYWORD and "kw" in p.name
                        and not p.name.endswith("_kw") and p.name != "curve_kwargs"):
                    wrong.append(f"{name}.{method}({p.name})")
    assert wrong == []


@pytest.fixture(params=list(CASES))
def case(request, watermelon):
    """One Display on the watermelon example (labels at threshold 0.5 for the matrix)."""
    cls, kwargs, manual, style_arg, plot_kwargs, labels = CASES[request.param]
    y_true, y_score = np.asarray(watermelon.y_true), np.asarray(watermelon.y_score)
    second = (y_score >= 0.5).astype(int) if labels else y_score

    def make():  # the manual Display, drawn with the case's plot kwargs
        display = manual(y_true, second)
        display.plot = functools.partial(display.plot, **plot_kwargs)
        return display

    return SimpleNamespace(
        cls=cls,
        args=(y_true, second),
        kwargs={**kwargs, **plot_kwargs},
        make=make,
        style_arg=style_arg,
    )


def _artists(display):
    """Comparable summary of what a display drew: lines, texts, collections (mesh
    colours, scatter offsets), titles."""
    ax = display.ax_
    lines = [(ln.get_label(), ln.get_xydata().tolist()) for ln in ax.get_lines()]
    texts = [(t.get_text(), t.get_position()) for t in ax.texts]
    collections = [
        (
            None if c.get_array() is None else c.get_array().tolist(),
            c.get_offsets().tolist(),
        )
        for c in ax.collections
    ]
    titles = (ax.get_title(), ax.get_xlabel(), ax.get_ylabel())
    return lines, texts, collections, titles


def test_plot_returns_self_and_sets_axes(case):
    display = case.make()
    assert display.plot() is display
    assert display.ax_.figure is display.figure_
    assert display.figure_.axes[0] is display.ax_


def test_given_ax_is_used_even_without_pyplot(case):
    figure = Figure()
    ax = figure.add_subplot()
    display = case.make().plot(ax=ax)
    assert display.ax_ is ax
    assert display.figure_ is figure


def test_from_predictions_equals_manual_compute_and_plot(case):
    via_predictions = case.cls.from_predictions(*case.args, **case.kwargs)
    by_hand = case.make().plot()
    assert isinstance(via_predictions, case.cls)
    assert _artists(via_predictions) == _artists(by_hand)


def test_plot_leaves_rcparams_unchanged(case):
    before = dict(mpl.rcParams)
    case.make().plot()
    after = dict(mpl.rcParams)
    assert {k for k in before if before[k] != after[k]} == set()


def test_conflicting_aliases_raise_value_error_naming_the_argument(case):
    argname = case.style_arg
    with pytest.raises(ValueError, match=rf"{argname} sets both 'c' and 'color'"):
        case.make().plot(**{argname: {"c": "r", "color": "b"}})


def test_style_kw_must_be_a_dict(case):
    argname = case.style_arg
    with pytest.raises(ValueError, match=rf"{argname} must be a dict"):
        case.make().plot(**{argname: "red"})


@pytest.mark.parametrize("cls", [RocCurveDisplay, PrecisionRecallDisplay])
def test_two_models_share_one_axes(cls, watermelon):
    y_true, y_score = watermelon.y_true, np.asarray(watermelon.y_score)
    first = cls.from_predictions(y_true, y_score, name="A", plot_chance_level=True)
    second = cls.from_predictions(
        y_true, 1 - y_score, name="B", ax=first.ax_, plot_chance_level=True
    )
    assert second.ax_ is first.ax_
    # one chance line, shared, listed last in the legend
    assert second.chance_level_ is first.chance_level_
    labels = [t.get_text() for t in second.ax_.get_legend().get_texts()]
    assert labels[0].startswith("A (") and labels[-1].startswith("Chance level")
    assert sum(label.startswith("Chance level") for label in labels) == 1
    assert any(label.startswith("B (") for label in labels)


def test_displays_are_reexported_lazily_from_the_package():
    import subprocess
    import sys

    import evalplots

    assert evalplots.RocCurveDisplay is RocCurveDisplay
    assert evalplots.PrecisionRecallDisplay is PrecisionRecallDisplay
    assert evalplots.ConfusionMatrixDisplay is ConfusionMatrixDisplay
    assert evalplots.PredictionErrorDisplay is PredictionErrorDisplay
    # Lazily: in a fresh interpreter, matplotlib is imported by the first access to a
    # Display, not by ``import evalplots`` (nor by ``import evalplots.metrics``).
    code = (
        "import sys, evalplots, evalplots.metrics\n"
        "print('matplotlib' in sys.modules, 'evalplots.display' in sys.modules)\n"
        "evalplots.RocCurveDisplay\n"
        "print('matplotlib' in sys.modules, 'evalplots.display' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["False", "False", "True", "True"]


@pytest.mark.parametrize("projection", ["polar", "3d"])
def test_non_rectilinear_axes_are_refused(case, projection):
    ax = Figure().add_subplot(projection=projection)
    with pytest.raises(
        ValueError,
        match=rf"ax is a '{projection}' Axes.*needs a "
        r"rectilinear Axes",
    ):
        case.make().plot(ax=ax)
    with pytest.raises(ValueError, match="needs a rectilinear Axes"):
        case.cls.from_predictions(*case.args, ax=ax, **case.kwargs)
    assert not ax.lines and not ax.collections  # nothing drawn


def test_display_package_does_not_import_reportlab():
    import subprocess
    import sys

    code = (
        "import sys, evalplots.display; "
        "print(any(m.split('.')[0] == 'reportlab' for m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


def test_the_evaluations_build_every_display_kind_through_one_entry(watermelon):
    from evalplots import evaluate

    y_true = np.asarray(watermelon.y_true)
    y_score = np.asarray(watermelon.y_score)
    binary = evaluate(y_true, {"m": y_score})
    proba = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6],
                      [.5, .3, .2], [.3, .3, .4], [.2, .2, .6]])
    multiclass = evaluate(["a", "b", "c", "a", "b", "c"], {"m": proba})
    regression = evaluate([0.5, 1.5, 2.25, 3.0], {"m": [0.75, 1.25, 2.5, 2.75]})
    built = set()
    for ev in (binary, multiclass, regression):
        for kind in ev.display_kinds:
            display = ev.display(kind, "m")
            named = getattr(ev, f"{kind}_display")("m")
            assert type(display) is type(named)
            built.add(type(display))
        with pytest.raises(ValueError, match="kind must be one of"):
            ev.display("violin", "m")
    assert {CalibrationDisplay, CumulativeGainDisplay, DecisionCurveDisplay,
            DetCurveDisplay, MetricThresholdCurveDisplay, PrecisionRecallDisplay, RocCurveDisplay,
            ScoreDistributionDisplay, ConfusionMatrixDisplay,
            PredictionErrorDisplay} <= built
    assert binary.display("roc", "m").optimal == binary["m"].optimal_thresholds["youden"]
    # the template passes the options through: a misspelt one is refused, not ignored
    assert binary.display("roc", "m", ci=True).ci_band is not None
    with pytest.raises(TypeError, match=r"roc_display\(\) got an unexpected keyword .*'cii'"):
        binary.display("roc", "m", cii=True)
    with pytest.raises(TypeError, match="unexpected keyword argument 'ci'"):
        regression.display("prediction_error", "m", ci=True)
