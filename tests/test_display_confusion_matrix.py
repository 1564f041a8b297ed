"""ConfusionMatrixDisplay: cells, texts, their colours, and the transposed layout."""

import numpy as np
import pytest
import seaborn as sns
from matplotlib.collections import QuadMesh
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.testing.decorators import check_figures_equal

from evalplots.display import ConfusionMatrixDisplay
from evalplots.display.confusion_matrix import relative_luminance


def _texts(display):
    return [[t.get_text() for t in row] for row in display.text_]


def test_cells_titles_and_ticks(three_class):
    cm = three_class.confusion_matrix
    display = ConfusionMatrixDisplay.from_predictions(
        three_class.y_true, three_class.y_pred
    )
    np.testing.assert_array_equal(display.confusion_matrix, cm)
    assert _texts(display) == cm.astype(str).tolist()
    assert display.ax_.get_ylabel() == "True label"
    assert display.ax_.get_xlabel() == "Predicted label"
    assert [t.get_text() for t in display.ax_.get_xticklabels()] == ["0", "1", "2"]
    assert [t.get_text() for t in display.ax_.get_yticklabels()] == ["0", "1", "2"]
    assert isinstance(display.im_, QuadMesh)
    np.testing.assert_array_equal(display.im_.get_array().reshape(3, 3), cm)
    # text [i, j] sits in the centre of drawn row i, column j
    assert display.text_[2, 1].get_position() == (1.5, 2.5)


def test_transposed_draws_predicted_on_rows_and_keeps_the_stored_matrix(three_class):
    cm = three_class.confusion_matrix
    display = ConfusionMatrixDisplay.from_predictions(
        three_class.y_true, three_class.y_pred, transposed=True
    )
    np.testing.assert_array_equal(display.confusion_matrix, cm)
    assert _texts(display) == cm.T.astype(str).tolist()
    np.testing.assert_array_equal(display.im_.get_array().reshape(3, 3), cm.T)
    assert display.ax_.get_ylabel() == "Predicted label"
    assert display.ax_.get_xlabel() == "True label"


def test_cell_texts_match_scikit_learn(three_class):
    sk_metrics = pytest.importorskip("sklearn.metrics")
    theirs = sk_metrics.ConfusionMatrixDisplay.from_predictions(
        three_class.y_true, three_class.y_pred
    )
    ours = ConfusionMatrixDisplay.from_predictions(
        three_class.y_true, three_class.y_pred
    )
    assert _texts(ours) == [[t.get_text() for t in row] for row in theirs.text_]


@check_figures_equal(extensions=["png"])
def test_transposed_equals_the_transposed_matrix_with_swapped_titles(
    fig_test, fig_ref, three_class
):
    cm = three_class.confusion_matrix
    ConfusionMatrixDisplay(cm, display_labels=["a", "b", "c"]).plot(
        ax=fig_test.add_subplot(), transposed=True
    )
    ref = ConfusionMatrixDisplay(cm.T, display_labels=["a", "b", "c"]).plot(
        ax=fig_ref.add_subplot()
    )
    ref.ax_.set(xlabel="True label", ylabel="Predicted label")


@check_figures_equal(extensions=["png"])
def test_transposed_normalize_true_is_column_normalized(fig_test, fig_ref, three_class):
    cm = three_class.confusion_matrix
    # normalize='true' keeps its meaning: true classes are the columns once transposed
    ConfusionMatrixDisplay(cm).plot(
        ax=fig_test.add_subplot(), transposed=True, normalize="true", values="both"
    )
    ref = ConfusionMatrixDisplay(cm.T).plot(
        ax=fig_ref.add_subplot(), normalize="pred", values="both"
    )
    ref.ax_.set(xlabel="True label", ylabel="Predicted label")


def test_text_colour_follows_cell_luminance_like_seaborn(three_class):
    cm = three_class.confusion_matrix
    display = ConfusionMatrixDisplay(cm).plot(colorbar=False)
    colours = [[to_rgba(t.get_color()) for t in row] for row in display.text_]
    white, dark = to_rgba("w"), to_rgba("0.15")
    assert colours[0][0] == white  # the darkest cell (3)
    assert colours[0][1] == dark  # an empty cell (0)
    # oracle: seaborn's own annotation colours for the same cells
    ax = sns.heatmap(
        cm,
        cmap="Blues",
        vmin=0,
        annot=True,
        cbar=False,
        ax=Figure().add_subplot(),
    )
    theirs = [to_rgba(t.get_color()) for t in ax.texts]
    assert [c for row in colours for c in row] == theirs


def test_text_colour_works_with_a_reversed_colormap(three_class):
    cm = three_class.confusion_matrix
    display = ConfusionMatrixDisplay(cm).plot(cmap="Blues_r")
    assert to_rgba(display.text_[0, 0].get_color()) == to_rgba("0.15")
    assert to_rgba(display.text_[0, 1].get_color()) == to_rgba("w")


def test_relative_luminance_values():
    np.testing.assert_allclose(
        relative_luminance([[1, 1, 1, 1], [0, 0, 0, 1], [1, 0, 0, 1]]),
        [1.0, 0.0, 0.2126],
    )


def test_normalize_and_values(three_class):
    cm = three_class.confusion_matrix
    display = ConfusionMatrixDisplay(cm).plot(normalize="true")
    assert _texts(display)[2] == ["0.25", "0.50", "0.25"]
    np.testing.assert_allclose(display.im_.get_array().reshape(3, 3)[0], [1, 0, 0])
    both = ConfusionMatrixDisplay(cm).plot(
        normalize="all", values="both", values_format=".0%"
    )
    assert both.text_[0, 0].get_text() == "3\n(33%)"
    counts = ConfusionMatrixDisplay(cm).plot(normalize="pred", values="counts")
    assert _texts(counts)[2] == ["1", "2", "1"]
    np.testing.assert_allclose(
        counts.im_.get_array().reshape(3, 3)[2], [0.25, 1, 1 / 3]
    )
    none = ConfusionMatrixDisplay(cm).plot(values="none")
    assert none.text_ is None and len(none.ax_.texts) == 0


def test_normalize_passes_through_from_predictions_and_keeps_counts(three_class):
    cm = three_class.confusion_matrix
    display = ConfusionMatrixDisplay.from_predictions(
        three_class.y_true, three_class.y_pred, normalize="true", transposed=True
    )
    np.testing.assert_array_equal(display.confusion_matrix, cm)
    assert _texts(display)[0] == ["1.00", "0.00", "0.25"]


def test_weighted_counts_and_string_labels():
    display = ConfusionMatrixDisplay.from_predictions(
        ["dog", "cat", "bird", "cat"],
        ["dog", "dog", "bird", "cat"],
        sample_weight=[1.5, 1, 2, 0.5],
    )
    assert [t.get_text() for t in display.ax_.get_xticklabels()] == [
        "bird",
        "cat",
        "dog",
    ]
    # one format for the whole matrix: weighted counts are not all whole numbers
    assert _texts(display) == [
        ["2.00", "0.00", "0.00"],
        ["0.00", "0.50", "1.00"],
        ["0.00", "0.00", "1.50"],
    ]


def test_labels_choose_order_and_display_labels_rename(three_class):
    cm = three_class.confusion_matrix
    display = ConfusionMatrixDisplay.from_predictions(
        three_class.y_true,
        three_class.y_pred,
        labels=[2, 1, 0],
        display_labels=["two", "one", "zero"],
    )
    np.testing.assert_array_equal(display.confusion_matrix, cm[::-1, ::-1])
    assert [t.get_text() for t in display.ax_.get_yticklabels()] == [
        "two",
        "one",
        "zero",
    ]


def test_colorbar_rotation_and_text_kw(three_class):
    cm = three_class.confusion_matrix
    display = ConfusionMatrixDisplay(cm).plot(
        colorbar=False, xticks_rotation="vertical", text_kw={"c": "r", "size": 7}
    )
    assert len(display.figure_.axes) == 1
    assert display.ax_.get_xticklabels()[0].get_rotation() == 90
    assert to_rgba(display.text_[0, 0].get_color()) == to_rgba("r")
    assert display.text_[0, 0].get_fontsize() == 7
    with_bar = ConfusionMatrixDisplay(cm).plot()
    assert len(with_bar.figure_.axes) == 2


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"normalize": "rows"}, "normalize must be one of None, 'true', 'pred', 'all'"),
        ({"values": "percent"}, "values must be one of"),
        (
            {"normalize": "true", "values_format": "d"},
            "values_format='d' is not a format",
        ),
        ({"values_format": 3}, "values_format=3 is not a format spec"),
        ({"values": "both"}, "values='both' shows normalized values; pass normalize="),
        (
            {"im_kw": {"cmap": "Reds"}},
            r"im_kw sets \['cmap'\], which plot\(\) sets itself",
        ),
        (
            {"text_kw": {"ha": "left", "horizontalalignment": "right"}},
            "text_kw sets both",
        ),
    ],
)
def test_bad_plot_arguments(kwargs, match, three_class):
    cm = three_class.confusion_matrix
    with pytest.raises(ValueError, match=match):
        ConfusionMatrixDisplay(cm).plot(**kwargs)


@pytest.mark.parametrize(
    "matrix, kwargs, match",
    [
        ([[1, 2, 3]], {}, "confusion_matrix must be a square 2-D array"),
        ([[1, -1], [0, 1]], {}, "non-negative"),
        (
            [[1, 0], [0, 1]],
            {"display_labels": ["a"]},
            "display_labels must have one entry",
        ),
    ],
)
def test_bad_constructor_input(matrix, kwargs, match):
    with pytest.raises(ValueError, match=match):
        ConfusionMatrixDisplay(matrix, **kwargs)


def test_colorbar_has_whole_number_ticks_for_counts(three_class):
    cm = three_class.confusion_matrix
    display = ConfusionMatrixDisplay(cm).plot()
    display.figure_.canvas.draw()
    ticks = display.im_.colorbar.get_ticks()
    assert ticks.tolist() == [0, 1, 2, 3]
    normalized = ConfusionMatrixDisplay(cm).plot(normalize="true")
    assert normalized.im_.colorbar.vmax == 1.0


def test_colour_scale_of_shares_of_the_total_is_the_largest_cell(three_class):
    # 'true'/'pred' are rates on [0, 1]; 'all' gives shares of the total whose
    # largest here is 3/9, and a fixed vmax of 1 made every cell look pale
    cm = three_class.confusion_matrix
    display = ConfusionMatrixDisplay(cm).plot(normalize="all")
    assert display.im_.colorbar.vmin == 0.0
    assert display.im_.colorbar.vmax == pytest.approx(cm.max() / cm.sum())


def test_from_predictions_refuses_scores_as_y_pred():
    # Used to draw a 7x7 matrix, one "class" per distinct score.
    with pytest.raises(
        ValueError, match=r"y_pred holds non-integer values such as 0\.1"
    ):
        ConfusionMatrixDisplay.from_predictions(
            [0, 1, 1, 0, 1], [0.1, 0.9, 0.4, 0.3, 0.8]
        )
