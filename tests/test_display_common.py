"""Behaviour shared by every Display, one test parametrized over all of them."""

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.figure import Figure

from evalplots import metrics
from evalplots.display import (
    ConfusionMatrixDisplay,
    PrecisionRecallDisplay,
    RocCurveDisplay,
)

Y_TRUE = np.array([1, 0, 0, 1, 0, 1])
Y_SCORE = np.array([0.45, 0.53, 0.24, 0.88, 0.57, 0.76])
Y_PRED = (Y_SCORE >= 0.5).astype(int)


def _manual_roc():
    fpr, tpr, _ = metrics.roc_curve(Y_TRUE, Y_SCORE)
    return RocCurveDisplay(
        fpr, tpr, roc_auc=metrics.auc(fpr, tpr), name="m", pos_label=1
    )


def _manual_pr():
    precision, recall, _ = metrics.precision_recall_curve(Y_TRUE, Y_SCORE)
    return PrecisionRecallDisplay(
        precision,
        recall,
        average_precision=metrics.average_precision_score(Y_TRUE, Y_SCORE),
        break_even=metrics.break_even_point(Y_TRUE, Y_SCORE),
        prevalence_pos_label=0.5,
        name="m",
        pos_label=1,
    )


def _manual_cm():
    return ConfusionMatrixDisplay(
        metrics.confusion_matrix(Y_TRUE, Y_PRED), display_labels=[0, 1]
    )


# (class, from_predictions args, from_predictions kwargs, manual constructor)
CASES = {
    "roc": (RocCurveDisplay, (Y_TRUE, Y_SCORE), {"name": "m"}, _manual_roc),
    "pr": (PrecisionRecallDisplay, (Y_TRUE, Y_SCORE), {"name": "m"}, _manual_pr),
    "cm": (ConfusionMatrixDisplay, (Y_TRUE, Y_PRED), {}, _manual_cm),
}
IDS = list(CASES)


def _artists(display):
    """Comparable summary of what a display drew: lines, texts, mesh colours, titles."""
    ax = display.ax_
    lines = [(ln.get_label(), ln.get_xydata().tolist()) for ln in ax.get_lines()]
    texts = [(t.get_text(), t.get_position()) for t in ax.texts]
    mesh = [c.get_array().tolist() for c in ax.collections]
    return lines, texts, mesh, ax.get_xlabel(), ax.get_ylabel()


@pytest.mark.parametrize("case", IDS)
def test_plot_returns_self_and_sets_axes(case):
    display = CASES[case][3]()
    assert display.plot() is display
    assert display.ax_.figure is display.figure_
    assert display.figure_.axes[0] is display.ax_


@pytest.mark.parametrize("case", IDS)
def test_given_ax_is_used_even_without_pyplot(case):
    figure = Figure()
    ax = figure.add_subplot()
    display = CASES[case][3]().plot(ax=ax)
    assert display.ax_ is ax
    assert display.figure_ is figure


@pytest.mark.parametrize("case", IDS)
def test_from_predictions_equals_manual_compute_and_plot(case):
    cls, args, kwargs, manual = CASES[case]
    via_predictions = cls.from_predictions(*args, **kwargs)
    by_hand = manual().plot()
    assert isinstance(via_predictions, cls)
    assert _artists(via_predictions) == _artists(by_hand)


@pytest.mark.parametrize("case", IDS)
def test_plot_leaves_rcparams_unchanged(case):
    before = dict(mpl.rcParams)
    CASES[case][3]().plot()
    after = dict(mpl.rcParams)
    assert {k for k in before if before[k] != after[k]} == set()


STYLE_ARGS = {"roc": "chance_level_kw", "pr": "break_even_kw", "cm": "text_kw"}


@pytest.mark.parametrize("case", IDS)
def test_conflicting_aliases_raise_value_error_naming_the_argument(case):
    argname = STYLE_ARGS[case]
    with pytest.raises(ValueError, match=rf"{argname} sets both 'c' and 'color'"):
        CASES[case][3]().plot(**{argname: {"c": "r", "color": "b"}})


@pytest.mark.parametrize("case", IDS)
def test_style_kw_must_be_a_dict(case):
    argname = STYLE_ARGS[case]
    with pytest.raises(ValueError, match=rf"{argname} must be a dict"):
        CASES[case][3]().plot(**{argname: "red"})


@pytest.mark.parametrize("case", ["roc", "pr"])
def test_two_models_share_one_axes(case):
    cls, args, _, _ = CASES[case]
    first = cls.from_predictions(*args, name="A", plot_chance_level=True)
    second = cls.from_predictions(
        Y_TRUE, 1 - Y_SCORE, name="B", ax=first.ax_, plot_chance_level=True
    )
    assert second.ax_ is first.ax_
    # one chance line, shared, listed last in the legend
    assert second.chance_level_ is first.chance_level_
    labels = [t.get_text() for t in second.ax_.get_legend().get_texts()]
    assert labels[0].startswith("A (") and labels[-1].startswith("Chance level")
    assert sum(label.startswith("Chance level") for label in labels) == 1
    assert any(label.startswith("B (") for label in labels)


def test_displays_are_reexported_lazily_from_the_package():
    import evalplots

    assert evalplots.RocCurveDisplay is RocCurveDisplay
    assert evalplots.PrecisionRecallDisplay is PrecisionRecallDisplay
    assert evalplots.ConfusionMatrixDisplay is ConfusionMatrixDisplay


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
