"""``Display.frame()``: the arrays a Display draws, checked against scikit-learn."""

import inspect

import numpy as np
import pytest
from sklearn.metrics import (
    confusion_matrix,
    det_curve,
    precision_recall_curve,
    precision_recall_fscore_support,
    roc_curve,
)

import evalplots.display
from evalplots import evaluate
from evalplots.display import (
    ClassificationReportDisplay,
    ConfusionMatrixDisplay,
    DetCurveDisplay,
    PrecisionRecallDisplay,
    RocCurveDisplay,
)

@pytest.fixture(autouse=True)
def _close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


rng = np.random.default_rng(0)
Y = rng.integers(0, 2, 200)
S = np.round(Y * 0.3 + rng.random(200), 2)  # ties: fewer thresholds than samples


def test_roc_frame_is_the_curve():
    frame = RocCurveDisplay.from_predictions(Y, S).frame()
    fpr, tpr, thresholds = roc_curve(Y, S)
    assert list(frame.columns) == ["fpr", "tpr", "thresholds"]
    np.testing.assert_array_equal(frame["fpr"], fpr)
    np.testing.assert_array_equal(frame["tpr"], tpr)
    np.testing.assert_array_equal(frame["thresholds"], thresholds)


def test_precision_recall_frame_pads_the_sentinel_threshold():
    frame = PrecisionRecallDisplay.from_predictions(Y, S).frame()
    precision, recall, thresholds = precision_recall_curve(Y, S)
    order = np.argsort(-recall, kind="stable")  # both layouts: any order of the points
    got = frame.sort_values("recall", ascending=False, kind="stable")
    np.testing.assert_allclose(got["precision"], precision[order])
    np.testing.assert_allclose(got["recall"], recall[order])
    assert frame["thresholds"].isna().sum() == 1  # the point P = 1, R = 0 has none
    assert sorted(frame["thresholds"].dropna()) == sorted(thresholds)


def test_det_frame_is_the_curve():
    frame = DetCurveDisplay.from_predictions(Y, S).frame()
    fpr, fnr, _ = det_curve(Y, S, drop_intermediate=True)  # the drawn points
    np.testing.assert_allclose(frame["fpr"], fpr)
    np.testing.assert_allclose(frame["fnr"], fnr)


def test_several_curves_get_one_block_each_named():
    display = RocCurveDisplay([np.array([0, 0, 1.]), np.array([0, .5, 1.])],
                              [np.array([0, 1, 1.]), np.array([0, .5, 1.])],
                              name=["cat", "dog"])
    frame = display.frame()
    assert list(frame.columns) == ["curve", "fpr", "tpr"]
    assert frame["curve"].tolist() == ["cat"] * 3 + ["dog"] * 3
    assert frame.loc[frame.curve == "dog", "tpr"].tolist() == [0, .5, 1]


def test_confusion_matrix_frame_has_a_row_per_cell():
    y_pred = (S >= 0.6).astype(int)
    frame = ConfusionMatrixDisplay.from_predictions(Y, y_pred).frame()
    assert list(frame.columns) == ["true", "predicted", "value"]
    np.testing.assert_array_equal(frame["value"], confusion_matrix(Y, y_pred).ravel())
    # the classes as the axes name them
    assert frame[["true", "predicted"]].values.tolist() == [["0", "0"], ["0", "1"],
                                                           ["1", "0"], ["1", "1"]]


def test_classification_report_frame_has_a_row_per_class_and_average():
    y_true = rng.integers(0, 3, 90)
    y_pred = np.where(rng.random(90) < .7, y_true, rng.integers(0, 3, 90))
    frame = ClassificationReportDisplay.from_predictions(y_true, y_pred).frame()
    p, r, f, s = precision_recall_fscore_support(y_true, y_pred)
    head = frame.iloc[:3]
    np.testing.assert_allclose(head["precision"], p)
    np.testing.assert_allclose(head["recall"], r)
    np.testing.assert_allclose(head["f1"], f)
    np.testing.assert_array_equal(head["support"], s)
    macro = frame.set_index("class").loc["macro avg"]
    assert macro["f1"] == pytest.approx(f.mean())


def test_every_display_of_an_evaluation_gives_its_frame():
    ev = evaluate(Y, {"m": np.clip(S / 1.3, 0, 1)}, n_resamples=20)
    for kind in ev.display_kinds:
        frame = ev.display(kind, "m").frame()
        assert len(frame) > 0 and frame.select_dtypes("number").shape[1] > 0, kind
    threshold = ev.display("threshold", "m").frame()
    assert threshold.columns[0] == "threshold"
    hist = ev.display("score_distribution", "m").frame()
    assert (hist["bin_left"].iloc[1:].values == hist["bin_right"].iloc[:-1].values).all()


def test_every_display_class_has_frame():
    displays = [obj for name in evalplots.display.__all__
                if inspect.isclass(obj := getattr(evalplots.display, name))
                and name.endswith("Display")]
    assert len(displays) >= 10
    assert [d.__name__ for d in displays if not callable(getattr(d, "frame", None))] == []
