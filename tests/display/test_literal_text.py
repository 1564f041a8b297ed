"""Text that users give (class and model names) is drawn literally, never as mathtext.

Names with dollar signs are ordinary in practice (price bands, currencies, column
names). matplotlib parses a text with an even number of unescaped ``$`` as mathtext:
``'cost_$ / gain_$'`` then fails at draw time (``_`` without a subscript), and
``'US$ 10-20'`` next to ``'<$5'`` in one text would be typeset as math. Every
Display and every figure of the standard report must draw such names as given.
"""

from io import BytesIO

import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.text import Text

from evalplots.display import (
    ClassificationReportDisplay,
    ConfusionMatrixDisplay,
    MetricThresholdCurveDisplay,
    PrecisionRecallDisplay,
    PredictionErrorDisplay,
    RocCurveDisplay,
)

#: class names; '$x_$' alone, and the two models' names together, fail as mathtext
CLASSES = ["US$ 10-20", "<$5", "$x_$"]
MODELS = ["gain_$", "cost_$ / gain_$"]

# fmt: off
CODES = np.array([0, 1, 2, 0, 1, 2, 0, 2, 2, 1, 0, 1])
PRED = np.array([0, 2, 1, 0, 1, 2, 0, 0, 2, 1, 1, 1])
PROBA = np.array([[.6, .3, .1], [.2, .3, .5], [.1, .6, .3], [.7, .2, .1],
                  [.3, .5, .2], [.2, .2, .6], [.5, .4, .1], [.4, .2, .4],
                  [.1, .2, .7], [.3, .4, .3], [.4, .45, .15], [.2, .7, .1]])
BINARY = np.array([1, 0, 0, 1, 0, 1, 1, 0, 1, 0])
SCORES = [np.array([.9, .2, .6, .7, .1, .8, .4, .3, .65, .35]),
          np.array([.8, .4, .3, .9, .2, .5, .7, .6, .75, .1])]
# fmt: on


def test_the_names_would_fail_as_mathtext():
    # the control: drawn the default way, these names raise at draw time
    for name in (CLASSES[2], MODELS[1]):
        figure = Figure()
        figure.add_subplot().set_title(name)
        with pytest.raises(ValueError):
            figure.savefig(BytesIO(), format="png")


def _drawn_literally(figure):
    """Draw ``figure`` (no error) and return its texts; every text with a '$' in it
    must be literal (``parse_math`` False), but matplotlib's own mathtext tick
    labels (log-scale colorbars: ``$\\mathdefault{10^{2}}$``)."""
    figure.savefig(BytesIO(), format="png")
    texts = [t for t in figure.findobj(Text) if t.get_visible() and t.get_text()]
    parsed = [
        t.get_text()
        for t in texts
        if "$" in t.get_text()
        and t.get_parse_math()
        and not t.get_text().startswith("$\\mathdefault{")
    ]
    assert parsed == []
    return [t.get_text() for t in texts]


def _legend_texts(ax):
    legend = ax.get_legend()
    return legend.get_title().get_text(), [t.get_text() for t in legend.get_texts()]


def _binary_y():
    return np.array(CLASSES[1:])[BINARY]  # '<$5' negative, '$x_$' positive


def _ax():
    return Figure(figsize=(6, 5), layout="constrained").add_subplot()


def _roc_binary():
    ax = _ax()
    for name, score in zip(MODELS, SCORES):
        RocCurveDisplay.from_predictions(_binary_y(), score, pos_label="$x_$",
                                         name=name, ax=ax)
    return ax, MODELS


def _pr_binary(drawstyle):
    def draw():
        ax = _ax()
        for name, score in zip(MODELS, SCORES):
            PrecisionRecallDisplay.from_predictions(
                _binary_y(), score, pos_label="$x_$", name=name, ax=ax,
                drawstyle=drawstyle, plot_chance_level=True)
        return ax, MODELS
    return draw


def _ovr(display_class):
    def draw():
        ax = _ax()
        display_class.from_predictions(np.array(CLASSES)[CODES], PROBA, name=MODELS[1],
                                       ax=ax)
        return ax, CLASSES
    return draw


@pytest.mark.parametrize(
    "draw",
    [_roc_binary, _pr_binary("steps-post"), _pr_binary("sawtooth"),
     _ovr(RocCurveDisplay), _ovr(PrecisionRecallDisplay)],
    ids=["roc", "pr-steps", "pr-sawtooth", "roc-ovr", "pr-ovr"],
)
def test_curve_legends_show_names_literally(draw):
    ax, names = draw()
    texts = _drawn_literally(ax.get_figure(root=True))
    title, entries = _legend_texts(ax)
    for name in names:  # each name starts its entry, as written
        assert any(entry.startswith(f"{name} (") for entry in entries), (name, entries)
    if names is CLASSES:
        assert title == f"{MODELS[1]} (one-vs-rest)"
    assert title in texts and all(entry in texts for entry in entries)


def test_a_bidi_override_in_a_name_is_drawn_escaped_not_obeyed():
    ax = _ax()
    RocCurveDisplay.from_predictions([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3], ax=ax,
                                     name="m\u202egpj")
    assert _legend_texts(ax)[1][0] == "m\\u202egpj (AUC = 1.00)"


HEBREW, ARABIC = "מודל", "نموذج"


def _read_back(ax, tmp_path):
    """The strings of the figure saved as PDF, as a PDF viewer copies them
    (right-to-left runs read back into logical order; Arabic's joined forms
    NFKC-normalised to letters): a name drawn in reading order reads back as
    written, one drawn mirrored (or ordered twice) reads back reversed."""
    from tests.support import _drawn_strings

    path = tmp_path / "figure.pdf"
    ax.get_figure(root=True).savefig(path)
    return " | ".join(_drawn_strings(path))


def test_right_to_left_names_are_drawn_in_reading_order(tmp_path):
    ax = _ax()
    for name, score in zip((HEBREW, f"{ARABIC} 2"), SCORES):
        RocCurveDisplay.from_predictions(BINARY, score, ax=ax, name=name)
    cm = ConfusionMatrixDisplay.from_predictions(
        np.array([HEBREW, ARABIC])[BINARY], np.array([HEBREW, ARABIC])[BINARY[::-1]],
        ax=_ax())
    for strings in (_read_back(ax, tmp_path), _read_back(cm.ax_, tmp_path)):
        for name in (HEBREW, ARABIC):
            assert name in strings and name[::-1] not in strings, strings


def test_a_kept_legend_title_is_not_reordered_twice(tmp_path):
    """A second curve on the axes keeps the legend title (the positive class,
    here a Hebrew name): it is drawn in reading order, not reordered again."""
    ax = _ax()
    y = np.array(["x", HEBREW])[BINARY]
    for name, score in zip(MODELS, SCORES):
        RocCurveDisplay.from_predictions(y, score, pos_label=HEBREW, name=name, ax=ax)
    strings = _read_back(ax, tmp_path)
    assert HEBREW in strings and HEBREW[::-1] not in strings, strings


def _heatmap_texts(display):
    ax = display.ax_
    return [t.get_text() for t in (*ax.get_xticklabels(), *ax.get_yticklabels(),
                                   display.im_.colorbar.ax.yaxis.label)]


def _prediction_error_title(name):
    ax = _ax()
    PredictionErrorDisplay.from_predictions([1.0, 2.0, 3.0], [1.5, 2.0, 2.5], ax=ax,
                                            name=name)
    return [ax.get_title()]


@pytest.mark.parametrize("draw", [
    lambda name: _heatmap_texts(ConfusionMatrixDisplay.from_predictions(
        ["a", name, "a"], ["a", name, name], ax=_ax(), im_kw={"cbar_kws": {"label": name}})),
    lambda name: _heatmap_texts(ClassificationReportDisplay.from_predictions(
        ["a", name, "a"], ["a", name, name], ax=_ax(), im_kw={"cbar_kws": {"label": name}})),
    _prediction_error_title,
    lambda name: [MetricThresholdCurveDisplay.from_predictions(
        [name, "b", name, "b"], [0.9, 0.2, 0.6, 0.4], pos_label=name,
        ax=_ax()).ax_.get_xlabel()],
], ids=["confusion-matrix", "classification-report", "prediction-error", "threshold"])
def test_a_bidi_override_in_a_class_or_model_name_is_drawn_escaped(draw):
    texts = [t for t in draw("m\u202egpj") if "gpj" in t]
    assert texts and all("m\\u202egpj" in t and "\u202e" not in t for t in texts), texts


@pytest.mark.parametrize("transposed", [False, True])
def test_confusion_matrix_ticks_and_colorbar_label(transposed):
    ax = _ax()
    display = ConfusionMatrixDisplay.from_predictions(
        np.array(CLASSES)[CODES], np.array(CLASSES)[PRED], labels=CLASSES, ax=ax,
        transposed=transposed, im_kw={"cbar_kws": {"label": "count of $x_$"}})
    _drawn_literally(display.figure_)
    for labels in (ax.get_xticklabels(), ax.get_yticklabels()):
        assert [t.get_text() for t in labels] == CLASSES
        assert not any(t.get_parse_math() for t in labels)
    colorbar_label = display.im_.colorbar.ax.yaxis.label
    assert colorbar_label.get_text() == "count of $x_$"
    assert colorbar_label.get_parse_math() is False


def test_classification_report_row_labels():
    ax = _ax()
    ClassificationReportDisplay.from_predictions(
        np.array(CLASSES)[CODES], np.array(CLASSES)[PRED], labels=CLASSES, ax=ax)
    _drawn_literally(ax.get_figure(root=True))
    rows = [t.get_text() for t in ax.get_yticklabels()]
    assert rows[:3] == CLASSES
    assert not any(t.get_parse_math() for t in ax.get_yticklabels())


@pytest.mark.parametrize(
    "kind, n_samples",
    [("actual_vs_predicted", 50), ("residual_vs_predicted", 50),
     ("residual_distribution", 50), ("actual_vs_predicted", 2000)],
)
def test_prediction_error_title_and_legend(kind, n_samples):
    rng = np.random.default_rng(0)
    y_true = rng.normal(10.0, 2.0, n_samples)
    display = PredictionErrorDisplay.from_predictions(
        y_true, y_true + rng.normal(0.0, 1.0, n_samples), kind=kind, name=MODELS[1],
        ax=_ax(), line_kw={"label": MODELS[0]})
    _drawn_literally(display.figure_)
    title = display.ax_.title
    assert title.get_text().split("\n")[0] == MODELS[1]
    assert title.get_parse_math() is False
    assert MODELS[0] in _legend_texts(display.ax_)[1]


@pytest.mark.parametrize("task", ["binary", "multiclass", "regression"])
def test_report_figures_show_names_literally(task, stub_figures, tmp_path):
    """The figures the standard report draws, recorded where it would convert them
    (conftest's stub_figures: the test draws them itself)."""
    from evalplots.report import evaluation_report

    if task == "binary":
        y, predictions = _binary_y(), dict(zip(MODELS, SCORES))
        extra, names = {"pos_label": "$x_$"}, [*MODELS, *CLASSES[1:]]
    elif task == "multiclass":
        y = np.array(CLASSES)[CODES]
        predictions = {MODELS[1]: PROBA, MODELS[0]: PROBA[:, ::-1]}
        extra, names = {"labels": CLASSES}, CLASSES  # model names: in headings only
    else:
        y = np.linspace(1.0, 20.0, 30)
        predictions = {MODELS[0]: y + np.sin(y), MODELS[1]: 0.9 * y + 1.0}
        extra, names = {}, []
    evaluation_report(y, predictions, invariant=True, **extra).save(tmp_path / "r.pdf")
    assert stub_figures
    drawn = [text for fig in stub_figures for text in _drawn_literally(fig)]
    for name in names:  # every name is drawn somewhere, as written
        assert any(text == name or text.startswith(f"{name} (") for text in drawn), name


# -- names starting with "_" (matplotlib hides such labels from legends) -----------

ZWSP = "\N{ZERO WIDTH SPACE}"


def _entry_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


def test_underscore_model_names_stay_in_every_legend():
    """"_baseline" is listed, printed as written (a zero-width space in front keeps
    matplotlib from treating it as a hidden label); numbers from scikit-learn."""
    import sklearn.metrics as skm

    from evalplots.display import (
        CalibrationDisplay,
        CumulativeGainDisplay,
        DetCurveDisplay,
    )

    y, s = BINARY, SCORES[0]
    auc = skm.roc_auc_score(y, s)  # 0.96
    ap = skm.average_precision_score(y, s)
    brier = skm.brier_score_loss(y, s)
    expected = {
        RocCurveDisplay: [f"{ZWSP}_baseline (AUC = {auc:.2f})", "Chance level (AUC = 0.5)"],
        PrecisionRecallDisplay: [f"{ZWSP}_baseline (AP = {ap:.2f}, BEP = 0.80)"],
        DetCurveDisplay: [f"{ZWSP}_baseline", "Chance level"],
        CumulativeGainDisplay: [f"{ZWSP}_baseline\nKS = 0.80 at 0.65", "Chance level",
                                "Perfect model"],
        CalibrationDisplay: [f"{ZWSP}_baseline (Brier = {brier:.3f}, ECE = 0.240)",
                             "Perfectly calibrated"],
    }
    assert auc == pytest.approx(0.96) and brier == pytest.approx(0.1245)
    for cls, texts in expected.items():
        ax = Figure().add_subplot()
        cls.from_predictions(y, s, name="_baseline", ax=ax)
        assert _entry_texts(ax) == texts, cls.__name__
        # and it is drawn as given: the zero-width space has no width and no ink
        ax.figure.savefig(BytesIO(), format="png")


def test_underscore_class_names_stay_in_the_legend():
    from evalplots.display import ScoreDistributionDisplay

    ax = Figure().add_subplot()
    ScoreDistributionDisplay.from_predictions(np.where(BINARY == 1, "_pos", "_neg"),
                                              SCORES[0], ax=ax)
    assert _entry_texts(ax) == [f"{ZWSP}_neg", f"{ZWSP}_pos"]
    ax = Figure().add_subplot()
    RocCurveDisplay.from_predictions(np.array(["_a", "b", "c"])[CODES], PROBA, ax=ax)
    assert _entry_texts(ax)[:3] == [f"{ZWSP}_a (AUC = 0.98)", "b (AUC = 0.78)",
                                     "c (AUC = 0.92)"]


def test_hiding_an_entry_on_purpose_still_works():
    ax = Figure().add_subplot()
    display = RocCurveDisplay.from_predictions(
        BINARY, SCORES[0], name="m", curve_kwargs={"label": "_nolegend_"}, ax=ax)
    assert display.line_.get_label() == "_nolegend_"
    assert _entry_texts(ax) == ["Chance level (AUC = 0.5)"]


def test_underscore_model_name_in_the_report_figure():
    """The report's shared legend under the ROC figure lists "_baseline" too."""
    from evalplots import evaluate
    from evalplots.report.standard._figures import roc_figure

    ev = evaluate(BINARY, {"_baseline": SCORES[0], "m": SCORES[1]}, threshold=0.5)
    fig = roc_figure(ev)
    assert [t.get_text() for t in fig.legends[0].get_texts()] == [
        f"{ZWSP}_baseline (AUC = 0.96)", "m (AUC = 0.96)", "Chance level (AUC = 0.5)",
        "operating point at threshold 0.5", "Youden optimum (max J = TPR - FPR)"]
