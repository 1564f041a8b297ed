"""ClassificationReportDisplay: values (against scikit-learn), artists, layout, input."""

import warnings

import numpy as np
import pytest
from matplotlib.collections import QuadMesh
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from evalplots.display import ClassificationReportDisplay
from evalplots.exceptions import UndefinedMetricWarning

sk_metrics = pytest.importorskip("sklearn.metrics")

NAMES = np.array(["bird", "cat", "dog", "fish"])


@pytest.fixture
def four_class():
    """200 samples of 4 string classes, 70 % predicted right (deterministic)."""
    rng = np.random.default_rng(1)
    t = rng.integers(0, 4, 200)
    p = np.where(rng.random(200) < 0.7, t, rng.integers(0, 4, 200))
    return NAMES[t], NAMES[p]


def _grid(display):
    """The drawn scores as a (n_rows, 3) float array, NaN where masked."""
    return np.ma.filled(display.im_.get_array().astype(float), np.nan).reshape(-1, 3)


def _texts(display):
    return [[None if t is None else t.get_text() for t in row] for row in display.text_]


def test_drawn_scores_are_scikit_learns(four_class):
    y_true, y_pred = four_class
    display = ClassificationReportDisplay.from_predictions(y_true, y_pred)
    report = sk_metrics.classification_report(y_true, y_pred, output_dict=True)
    grid = _grid(display)
    for i, name in enumerate(NAMES):
        expected = [report[name][k] for k in ("precision", "recall", "f1-score")]
        np.testing.assert_allclose(grid[i], expected, rtol=1e-12)
        assert display.support[i] == report[name]["support"]
    assert np.isnan(grid[4]).all()  # the blank row between classes and averages
    np.testing.assert_allclose(grid[5], [report["accuracy"]] * 3, rtol=1e-12)
    for row, key in ((6, "macro avg"), (7, "weighted avg")):
        expected = [report[key][k] for k in ("precision", "recall", "f1-score")]
        np.testing.assert_allclose(grid[row], expected, rtol=1e-12)
        np.testing.assert_allclose(display.averages[key], expected, rtol=1e-12)
    assert display.averages["accuracy"] == pytest.approx(report["accuracy"], rel=1e-12)
    assert list(display.averages) == ["accuracy", "macro avg", "weighted avg"]


def test_texts_follow_the_scores_and_support(four_class):
    y_true, y_pred = four_class
    display = ClassificationReportDisplay.from_predictions(y_true, y_pred)
    p, r, f, s = sk_metrics.precision_recall_fscore_support(y_true, y_pred)
    texts = _texts(display)
    assert texts[0] == [f"{p[0]:.2f}", f"{r[0]:.2f}", f"{f[0]:.2f}", str(s[0])]
    assert texts[4] == [None] * 4  # the blank row
    accuracy = sk_metrics.accuracy_score(y_true, y_pred)
    assert texts[5] == [None, f"{accuracy:.2f}", None, "200"]  # one number per row
    assert texts[7][3] == "200"  # averages: the total support
    percent = ClassificationReportDisplay.from_predictions(
        y_true, y_pred, values_format=".1%", show_support=False
    )
    assert _texts(percent)[0] == [f"{p[0]:.1%}", f"{r[0]:.1%}", f"{f[0]:.1%}"]


def test_artists_ticks_and_fixed_colour_scale(four_class):
    y_true, y_pred = four_class
    display = ClassificationReportDisplay.from_predictions(y_true, y_pred)
    assert isinstance(display.im_, QuadMesh)
    assert display.im_.get_clim() == (0.0, 1.0)
    assert display.ax_.child_axes == [display.im_.colorbar.ax]  # beside the cells
    assert [t.get_text() for t in display.ax_.get_xticklabels()] == [
        "precision",
        "recall",
        "f1-score",
        "support",
    ]
    assert [t.get_text() for t in display.ax_.get_yticklabels()] == [
        *NAMES,
        "accuracy",
        "macro avg",
        "weighted avg",
    ]
    ticks = display.ax_.get_yticks()
    np.testing.assert_array_equal(ticks, [0.5, 1.5, 2.5, 3.5, 5.5, 6.5, 7.5])
    assert display.ax_.get_xlim() == (0.0, 4.0)
    assert display.text_[1, 2].get_position() == (2.5, 1.5)
    assert display.text_[5, 1].get_position() == (1.5, 5.5)  # accuracy: centred
    bare = ClassificationReportDisplay.from_predictions(
        y_true, y_pred, colorbar=False, show_support=False
    )
    assert len(bare.figure_.axes) == 1 and bare.ax_.get_xlim() == (0.0, 3.0)
    assert bare.text_.shape == (8, 3)


def test_text_colour_follows_cell_luminance():
    display = ClassificationReportDisplay(
        [1.0, 0.0], [1.0, 0.0], [1.0, np.nan], [3, 0], display_labels=["a", "b"]
    ).plot()
    white, dark = to_rgba("w"), to_rgba("0.15")
    assert to_rgba(display.text_[0, 0].get_color()) == white  # darkest cell
    assert to_rgba(display.text_[1, 0].get_color()) == dark  # lightest cell
    assert to_rgba(display.text_[1, 2].get_color()) == dark  # NaN: blank cell
    assert to_rgba(display.text_[0, 3].get_color()) == dark  # support: no colour
    assert display.text_[1, 2].get_text() == "nan"
    red = ClassificationReportDisplay([1.0], [1.0], [1.0], [3]).plot(
        text_kw={"c": "r", "size": 7}
    )
    assert to_rgba(red.text_[0, 0].get_color()) == to_rgba("r")
    assert red.text_[0, 0].get_fontsize() == 7


def test_labels_subset_gives_micro_average_like_scikit_learn(four_class):
    y_true, y_pred = four_class
    display = ClassificationReportDisplay.from_predictions(
        y_true, y_pred, labels=["dog", "cat"]
    )
    report = sk_metrics.classification_report(
        y_true, y_pred, labels=["dog", "cat"], output_dict=True
    )
    assert list(display.averages) == ["micro avg", "macro avg", "weighted avg"]
    for key in display.averages:
        expected = [report[key][k] for k in ("precision", "recall", "f1-score")]
        np.testing.assert_allclose(display.averages[key], expected, rtol=1e-12)
    assert [t.get_text() for t in display.ax_.get_yticklabels()][:2] == ["dog", "cat"]
    np.testing.assert_array_equal(display.support, [report["dog"]["support"],
                                                    report["cat"]["support"]])  # fmt: skip


def test_all_classes_listed_keeps_accuracy(four_class):
    y_true, y_pred = four_class
    display = ClassificationReportDisplay.from_predictions(
        y_true, y_pred, labels=["fish", "dog", "cat", "bird"]
    )
    assert list(display.averages)[0] == "accuracy"


def test_weighted_support_and_scores_match_scikit_learn(four_class):
    y_true, y_pred = four_class
    weight = np.linspace(0.5, 2.0, y_true.shape[0])
    display = ClassificationReportDisplay.from_predictions(
        y_true, y_pred, sample_weight=weight
    )
    p, r, f, s = sk_metrics.precision_recall_fscore_support(
        y_true, y_pred, sample_weight=weight
    )
    np.testing.assert_allclose(_grid(display)[:4], np.column_stack([p, r, f]))
    np.testing.assert_allclose(display.support, s)
    assert display.text_[0, 3].get_text() == f"{s[0]:.2f}"
    assert display.averages["accuracy"] == pytest.approx(
        sk_metrics.accuracy_score(y_true, y_pred, sample_weight=weight)
    )


def test_zero_division_nan_draws_blank_cells_and_warn_warns_once_per_metric():
    y_true, y_pred = [0, 0, 1, 1], [0, 0, 0, 0]  # class 1 never predicted
    display = ClassificationReportDisplay.from_predictions(
        y_true, y_pred, zero_division=np.nan
    )
    grid = _grid(display)
    assert np.isnan(grid[1, 0]) and grid[1, 1] == 0.0
    assert display.text_[1, 0].get_text() == "nan"
    expected = sk_metrics.classification_report(
        y_true, y_pred, zero_division=np.nan, output_dict=True
    )
    np.testing.assert_allclose(
        display.averages["macro avg"],
        [expected["macro avg"][k] for k in ("precision", "recall", "f1-score")],
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", UndefinedMetricWarning)
        warned = ClassificationReportDisplay.from_predictions(y_true, y_pred)
    messages = [str(w.message) for w in caught if w.category is UndefinedMetricWarning]
    assert len(messages) == 1 and messages[0].startswith("precision is ill-defined")
    assert _grid(warned)[1, 0] == 0.0


def test_display_labels_dict_of_the_bundled_sample():
    from evalplots.datasets import load_breast_cancer_predictions

    data = load_breast_cancer_predictions()
    y_pred = (data.scores["logistic_regression"] >= 0.5).astype(int)
    display = ClassificationReportDisplay.from_predictions(
        data.y_true, y_pred, display_labels=data.label_names
    )
    assert [t.get_text() for t in display.ax_.get_yticklabels()][:2] == [
        "benign",
        "malignant",
    ]
    np.testing.assert_allclose(
        display.recall, sk_metrics.recall_score(data.y_true, y_pred, average=None)
    )
    np.testing.assert_array_equal(display.support, [357, 212])


def test_constructor_stores_arrays_and_draws_without_averages():
    display = ClassificationReportDisplay([0.5, 1], [1, 0.5], [2 / 3, 2 / 3], [1, 2])
    assert display.averages is None and display.display_labels is None
    assert display.precision.dtype == float
    display.plot(show_support=False)
    assert _grid(display).shape == (2, 3)  # no blank row without averages
    assert [t.get_text() for t in display.ax_.get_yticklabels()] == ["0", "1"]


def test_forty_classes_are_readable(measure_readability):
    n = 40
    scores = (np.arange(n) % 10) / 10 + 0.05
    averages = {"accuracy": 0.5, "macro avg": (0.5, 0.5, 0.5), "weighted avg": (0.5,) * 3}
    labels = [f"class_{k:02d}" for k in range(n)]
    args = (scores, scores[::-1], scores, np.arange(n) * 25)
    display = ClassificationReportDisplay(
        *args, display_labels=labels, averages=averages
    ).plot()
    # every row labelled (classes and averages), every text in its cell
    # texts: 4 per class row, 4 per average row, 2 in the accuracy row
    assert measure_readability(display) == (4, n + 3, n * 4 + 4 + 4 + 2)
    short = Figure(figsize=(6, 3), layout="constrained")
    thinned = ClassificationReportDisplay(
        *args, display_labels=labels, averages=averages
    ).plot(ax=short.add_subplot())
    n_x, n_y, n_texts = measure_readability(thinned)
    assert n_x == 4 and n_y < n + 3 and n_texts == 0
    shown = [t.get_text() for t in thinned.ax_.get_yticklabels()]
    assert "accuracy" in shown  # average rows are labelled first


@pytest.mark.parametrize("width", [3.5, 7.0])
def test_long_class_names_in_a_column_figure_stay_inside_it(width, measure_readability):
    names = [f"{kind} reviewer-annotated lesion with uncertain margins, site {site}"
             for kind, site in (("benign", "A"), ("malignant", "B"))]
    figure = Figure(figsize=(width, 3), layout="constrained")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "axes sizes collapsed to zero"
        display = ClassificationReportDisplay(
            [0.5, 0.75], [0.6, 0.7], [0.55, 0.72], [40, 60], display_labels=names
        ).plot(ax=figure.add_subplot())
        assert measure_readability(display) == (4, 2, 8)  # inside the figure
    rows = [t.get_text() for t in display.ax_.get_yticklabels()]
    assert len(set(rows)) == 2 and all(row.endswith(f"site {s}") for row, s in zip(rows, "AB"))
    assert display.ax_.bbox.width > 72


@pytest.mark.parametrize(
    "args, kwargs, match",
    [
        (([0.5], [0.5], [0.5, 0.5], [1]), {}, "one entry per class"),
        (([1.5], [0.5], [0.5], [1]), {}, r"precision values must lie in \[0, 1\]"),
        (([0.5], [np.inf], [0.5], [1]), {}, "recall values must lie in"),
        (([[0.5]], [0.5], [0.5], [1]), {}, "precision must be a 1-D array"),
        ((["a"], [0.5], [0.5], [1]), {}, "precision must be a 1-D array"),
        (([0.5], [0.5], [0.5], [-1]), {}, "support must hold finite, non-negative"),
        (([0.5], [0.5], [0.5], [1]), {"display_labels": ["a", "b"]},
         "display_labels must have one entry per class"),
        (([0.5], [0.5], [0.5], [1]), {"display_labels": {0: "a"}},
         "pass the dict to ClassificationReportDisplay.from_predictions"),
        (([0.5], [0.5], [0.5], [1]), {"averages": [0.5]}, "averages must be a dict"),
        (([0.5], [0.5], [0.5], [1]), {"averages": {"macro avg": (0.5, 0.5)}},
         r"averages\['macro avg'\] must be one number or a"),
        (([0.5], [0.5], [0.5], [1]), {"averages": {"accuracy": 75.0}},
         r"averages\['accuracy'\] values must lie in \[0, 1\]"),
    ],
)  # fmt: skip
def test_bad_constructor_input(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        ClassificationReportDisplay(*args, **kwargs)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"im_kw": {"vmax": 0.5}}, r"im_kw sets \['vmax'\], which plot\(\) sets"),
        ({"im_kw": {"cmap": "Reds"}}, r"im_kw sets \['cmap'\]"),
        ({"values_format": "d"}, "values_format='d' is not a format spec for scores"),
        ({"text_kw": {"c": "r", "color": "b"}}, "text_kw sets both"),
        ({"ax": Figure().add_subplot(projection="polar")}, "rectilinear"),
    ],
)
def test_bad_plot_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        ClassificationReportDisplay([0.5], [0.5], [0.5], [1]).plot(**kwargs)


def test_from_predictions_refuses_bad_input():
    with pytest.raises(ValueError, match=r"y_pred holds non-integer values"):
        ClassificationReportDisplay.from_predictions([0, 1], [0.2, 0.9])
    with pytest.raises(ValueError, match="display_labels must be a dict"):
        ClassificationReportDisplay.from_predictions(
            [0, 1], [0, 1], display_labels=["only one"]
        )
    with pytest.raises(ValueError, match="zero_division must be"):
        ClassificationReportDisplay.from_predictions([0, 1], [0, 1], zero_division=2)
