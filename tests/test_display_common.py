"""Behaviour shared by every Display, one test parametrized over all of them."""

from types import SimpleNamespace

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.figure import Figure

from evalplots import metrics
from evalplots.display import (
    ConfusionMatrixDisplay,
    PrecisionRecallDisplay,
    PredictionErrorDisplay,
    RocCurveDisplay,
)


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


# name -> (class, from_predictions kwargs, manual compute + construct, a style dict arg)
CASES = {
    "roc": (RocCurveDisplay, {"name": "m"}, _manual_roc, "chance_level_kw"),
    "pr": (PrecisionRecallDisplay, {"name": "m"}, _manual_pr, "break_even_kw"),
    "cm": (ConfusionMatrixDisplay, {}, _manual_cm, "text_kw"),
    "pe": (PredictionErrorDisplay, {"name": "m"}, _manual_pe, "line_kw"),
}


@pytest.fixture(params=list(CASES))
def case(request, watermelon):
    """One Display on the watermelon example (labels at threshold 0.5 for the matrix)."""
    cls, kwargs, manual, style_arg = CASES[request.param]
    y_true, y_score = np.asarray(watermelon.y_true), np.asarray(watermelon.y_score)
    second = (y_score >= 0.5).astype(int) if cls is ConfusionMatrixDisplay else y_score
    return SimpleNamespace(
        cls=cls,
        args=(y_true, second),
        kwargs=kwargs,
        make=lambda: manual(y_true, second),
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
