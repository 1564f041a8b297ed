"""ConfusionMatrixDisplay: cells, texts, their colours, and the transposed layout."""

import re
import warnings

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


def _wcag_luminance(rgb):
    """W3C relative luminance of one sRGB colour, written out by hand (WCAG 2.x)."""
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _wcag_contrast(rgb_a, rgb_b):
    la, lb = sorted((_wcag_luminance(rgb_a), _wcag_luminance(rgb_b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_text_colour_has_the_higher_wcag_contrast():
    # the matrix: in 'Blues' the cell 110 is mid-blue; seaborn's rule
    # (L > 0.408) gave it white text at 2.8:1, dark text gives 5.5:1
    display = ConfusionMatrixDisplay([[200, 95], [110, 170]]).plot()
    cells = display.im_.get_facecolors()  # row-major, as drawn
    white, dark = to_rgba("w"), to_rgba("0.15")
    mid_blue = cells[2][:3]  # row 1, column 0: the 110
    assert display.im_.get_array().reshape(2, 2)[1, 0] == 110
    assert round(_wcag_contrast(mid_blue, white[:3]), 1) == 2.8
    assert round(_wcag_contrast(mid_blue, dark[:3]), 1) == 5.5
    assert to_rgba(display.text_[1, 0].get_color()) == dark
    # every cell: the chosen colour contrasts at least as much as the other one
    for text, cell in zip(display.text_.ravel(), cells):
        chosen = to_rgba(text.get_color())
        other = white if chosen == dark else dark
        rgb = cell[:3]
        assert _wcag_contrast(rgb, chosen[:3]) >= _wcag_contrast(rgb, other[:3])
    # 200 (darkest) white, 95 dark (6.7:1 against white's 2.3:1), 170 white
    chosen = [to_rgba(t.get_color()) for t in display.text_.ravel()]
    assert chosen == [white, dark, dark, white]
    assert round(_wcag_contrast(cells[1][:3], dark[:3]), 1) == 6.7
    assert round(_wcag_contrast(cells[1][:3], white[:3]), 1) == 2.3


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
    assert len(display.figure_.axes) == 1 and display.ax_.child_axes == []
    assert display.ax_.get_xticklabels()[0].get_rotation() == 90
    assert to_rgba(display.text_[0, 0].get_color()) == to_rgba("r")
    assert display.text_[0, 0].get_fontsize() == 7
    with_bar = ConfusionMatrixDisplay(cm).plot()
    assert with_bar.ax_.child_axes == [with_bar.im_.colorbar.ax]


@pytest.mark.parametrize("size", [(7.0, 2.4), (3.0, 6.0), (6.4, 4.8)])
def test_colorbar_is_as_tall_as_the_matrix(three_class, size):
    # in a wide panel the colorbar stood twice as tall as the square matrix
    figure = Figure(figsize=size, layout="constrained")
    ax = figure.add_subplot()
    display = ConfusionMatrixDisplay(three_class.confusion_matrix).plot(ax=ax)
    figure.draw_without_rendering()  # runs the layout, places the axes
    cells, bar = ax.get_window_extent(), display.im_.colorbar.ax.get_window_extent()
    assert bar.height == pytest.approx(cells.height)
    assert (bar.y0, bar.y1) == pytest.approx((cells.y0, cells.y1))
    assert bar.width == pytest.approx(cells.height / 20)  # matplotlib's aspect 20
    assert bar.x0 == pytest.approx(cells.x1 + bar.width / 2)  # half a width away
    # it and its tick labels lie inside the figure (the layout made room)
    ticks = display.im_.colorbar.ax.get_tightbbox()
    assert ticks.x1 <= figure.bbox.x1 and ticks.y0 >= 0 and ticks.y1 <= figure.bbox.y1


def test_colorbar_placed_by_the_user_is_matplotlibs(three_class):
    display = ConfusionMatrixDisplay(three_class.confusion_matrix).plot(
        im_kw={"cbar_kws": {"shrink": 0.5, "label": "count"}}
    )
    bar = display.im_.colorbar.ax
    assert bar in display.figure_.axes and display.ax_.child_axes == []
    assert bar.get_ylabel() == "count"


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
        (
            {"values": "normalized"},
            "values='normalized' shows normalized values; pass normalize=",
        ),
        ({"xticks_rotation": "diagonal"}, "xticks_rotation must be 'auto'"),
        ({"xticks_rotation": float("nan")}, "xticks_rotation must be 'auto'"),
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


# -- readability from 2 to 100 classes -------------------------------------


def _many(n):
    i = np.arange(n)
    cm = (np.arange(n * n).reshape(n, n) * 7919) % 1000
    cm[i, i] = 999
    return cm, [f"class_{k:02d}" for k in range(n)]


def test_forty_classes_on_the_default_figure_are_readable(
    forty_classes, measure_readability
):
    display = ConfusionMatrixDisplay(
        forty_classes.confusion_matrix, display_labels=forty_classes.labels
    ).plot()
    # every class labelled on both axes, vertical on x; 3-digit counts do not fit
    # 40 cells across a 6.4 x 4.8 in figure at 5 pt or more, so no texts
    assert measure_readability(display) == (40, 40, 0)
    assert display.text_ is None and not display.ax_.texts
    label = display.ax_.get_xticklabels()[0]
    assert label.get_rotation() == 90 and label.get_rotation_mode() == "anchor"
    assert 5 <= label.get_fontsize() < 10


@pytest.mark.parametrize(("values", "transposed"), [("counts", False), ("both", True)])
def test_forty_classes_on_a_large_figure_show_every_count_inside_its_cell(
    forty_classes, measure_readability, transposed, values
):
    # two lines per cell ("999\n(91%)") need taller cells
    figure = Figure(figsize=(10, 9) if values == "counts" else (13, 12),
                    layout="constrained")  # fmt: skip
    display = ConfusionMatrixDisplay(
        forty_classes.confusion_matrix, display_labels=forty_classes.labels
    ).plot(ax=figure.add_subplot(), transposed=transposed, values=values)
    assert measure_readability(display) == (40, 40, 1600)
    drawn = forty_classes.confusion_matrix.T if transposed else forty_classes.confusion_matrix
    texts = np.array([[t.get_text().split("\n")[0] for t in row] for row in display.text_])
    np.testing.assert_array_equal(texts, drawn.astype(str))
    assert 5 <= display.text_[0, 0].get_fontsize() < 10


@pytest.mark.parametrize("n_classes", [2, 5, 10, 20, 60, 100])
def test_tick_labels_and_texts_fit_from_2_to_100_classes(n_classes, measure_readability):
    cm, labels = _many(n_classes)
    display = ConfusionMatrixDisplay(cm, display_labels=labels).plot()
    n_x, n_y, n_texts = measure_readability(display)
    assert n_x == n_y
    if n_classes <= 40:
        assert n_x == n_classes  # every class labelled
    else:
        # labels thinned to every k-th class at 5 pt, the first one always shown
        assert 20 <= n_x < n_classes
        shown = [labels.index(t.get_text()) for t in display.ax_.get_yticklabels()]
        assert shown[0] == 0 and len(set(np.diff(shown))) == 1  # every k-th class
        assert display.ax_.get_yticklabels()[0].get_fontsize() == 5.0
    # 3-digit counts fit at >= 5 pt up to 20 classes on this figure, then no texts
    assert n_texts == (n_classes**2 if n_classes <= 20 else 0)


def test_fit_without_a_layout_engine(measure_readability):
    figure = Figure(figsize=(5, 5))
    figure.subplots_adjust(left=0.2, bottom=0.2)
    cm, labels = _many(30)
    display = ConfusionMatrixDisplay(cm, display_labels=labels).plot(
        ax=figure.add_subplot(), colorbar=False
    )
    assert measure_readability(display)[:2] == (30, 30)


def test_short_labels_stay_horizontal_long_ones_turn_vertical():
    short = ConfusionMatrixDisplay(np.eye(3, dtype=int)).plot()
    assert short.ax_.get_xticklabels()[0].get_rotation() == 0
    long = ConfusionMatrixDisplay(
        np.eye(3, dtype=int), display_labels=["a long class name"] * 3
    ).plot()
    assert long.ax_.get_xticklabels()[0].get_rotation() == 90
    fixed = ConfusionMatrixDisplay(
        np.eye(3, dtype=int), display_labels=["a long class name"] * 3
    ).plot(xticks_rotation="horizontal")
    label = fixed.ax_.get_xticklabels()[0]
    assert label.get_rotation() == 0 and label.get_fontsize() < 10  # shrunk to fit


def test_explicit_fontsize_is_not_fitted(forty_classes):
    display = ConfusionMatrixDisplay(forty_classes.confusion_matrix).plot(
        text_kw={"fontsize": 4}
    )
    assert display.text_.shape == (40, 40)
    assert display.text_[3, 3].get_fontsize() == 4


def test_large_meshes_are_rasterized_unless_asked_not_to():
    cm, _ = _many(51)
    plain = {"values": "none"}  # the mesh is the subject: no cell texts to fit
    assert ConfusionMatrixDisplay(cm).plot(**plain).im_.get_rasterized()
    assert not ConfusionMatrixDisplay(cm[:50, :50]).plot(**plain).im_.get_rasterized()
    vector = ConfusionMatrixDisplay(cm).plot(im_kw={"rasterized": False}, **plain)
    assert not vector.im_.get_rasterized()


# -- counts with the share of their true class in one cell ----------------------------


def test_both_without_normalize_writes_counts_and_row_shares(three_class):
    sk_metrics = pytest.importorskip("sklearn.metrics")
    cm = np.array([[12, 23, 0], [5, 30, 1], [0, 0, 0]])
    display = ConfusionMatrixDisplay(cm).plot(values="both")
    rows = sk_metrics.confusion_matrix(
        np.repeat([0, 0, 1, 1, 1], [12, 23, 5, 30, 1]),
        np.repeat([0, 1, 0, 1, 2], [12, 23, 5, 30, 1]),
        labels=[0, 1, 2],
        normalize="true",
    )
    expected = [
        [f"{c}\n({r:.0%})" for c, r in zip(crow, rrow)] for crow, rrow in zip(cm, rows)
    ]
    assert _texts(display) == expected
    assert display.text_[0, 0].get_text() == "12\n(34%)"
    assert display.text_[2, 2].get_text() == "0\n(0%)"  # empty class: 0, not NaN
    # the colours stay counts
    np.testing.assert_array_equal(display.im_.get_array().reshape(3, 3), cm)
    transposed = ConfusionMatrixDisplay(cm).plot(values="both", transposed=True)
    assert transposed.text_[1, 0].get_text() == "23\n(66%)"  # share of true class 0
    fine = ConfusionMatrixDisplay(cm).plot(values="both", values_format=".1%")
    assert fine.text_[0, 1].get_text() == "23\n(65.7%)"


# -- display_labels as the report accepts them ----------------------------------------


def test_display_labels_dict_of_the_bundled_sample():
    from evalplots.datasets import load_breast_cancer_predictions

    data = load_breast_cancer_predictions()
    y_pred = (data.scores["gaussian_naive_bayes"] >= 0.5).astype(int)
    display = ConfusionMatrixDisplay.from_predictions(
        data.y_true, y_pred, display_labels=data.label_names
    )
    assert [t.get_text() for t in display.ax_.get_xticklabels()] == [
        "benign",
        "malignant",
    ]
    np.testing.assert_array_equal(display.display_labels, ["benign", "malignant"])
    assert _texts(display) == [["346", "11"], ["24", "188"]]


def test_display_labels_dict_may_name_some_classes_only(three_class):
    display = ConfusionMatrixDisplay.from_predictions(
        three_class.y_true,
        three_class.y_pred,
        labels=[2, 0, 1],
        display_labels={0: "zero", 2: "two", 7: "unused"},
    )
    assert [t.get_text() for t in display.ax_.get_yticklabels()] == [
        "two",
        "zero",
        "1",
    ]


@pytest.mark.parametrize("names", ["ab", ["a", "b"], 3])
def test_bad_display_labels_say_what_to_pass(names, three_class):
    with pytest.raises(
        ValueError,
        match=r"display_labels must be a dict \{label: name\} or a sequence of 3 "
        r"names in class order \[0, 1, 2\]",
    ):
        ConfusionMatrixDisplay.from_predictions(
            three_class.y_true, three_class.y_pred, display_labels=names
        )


def test_constructor_refuses_a_dict_it_cannot_map():
    with pytest.raises(ValueError, match="pass the dict to ConfusionMatrixDisplay"):
        ConfusionMatrixDisplay([[1, 0], [0, 1]], display_labels={0: "a", 1: "b"})


#: four class names of 59-63 characters that differ at the start and at the end
LONG_NAMES = [
    f"{kind} reviewer-annotated lesion with uncertain margins, site {site}"
    for kind, site in (("benign", "A"), ("malignant", "B"), ("atypical", "C"),
                       ("in situ", "D"))
]


def _shown_part_of(text, name):
    """Whether a tick label shows ``name`` whole, or its start and end around "…"
    (compared without white space: lines may break at any space)."""
    text, name = re.sub(r"\s", "", text), re.sub(r"\s", "", name)
    if "…" not in text:
        return text == name
    head, tail = text.split("…")
    return name.startswith(head) and name.endswith(tail) and len(head) > 8


@pytest.mark.parametrize("width", [3.5, 7.0])
@pytest.mark.parametrize("transposed", [False, True])
def test_long_class_names_in_a_column_figure_stay_inside_it(
    width, transposed, measure_readability
):
    cm = np.array([[50, 3, 2, 0], [4, 40, 6, 1], [0, 5, 30, 2], [1, 0, 3, 20]])
    figure = Figure(figsize=(width, 3), layout="constrained")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "axes sizes collapsed to zero"
        display = ConfusionMatrixDisplay(cm, display_labels=LONG_NAMES).plot(
            ax=figure.add_subplot(), transposed=transposed)
        # inside the figure, every class named, counts in their cells
        assert measure_readability(display) == (4, 4, 16)
    ax = display.ax_
    assert ax.bbox.width > 72 and ax.bbox.height > 72  # cells of a readable size
    for labels in (ax.get_xticklabels(), ax.get_yticklabels()):
        texts = [t.get_text() for t in labels]
        assert len(set(texts)) == 4  # the classes stay told apart
        for text, name in zip(texts, LONG_NAMES):
            assert _shown_part_of(text, name), (text, name)
        assert all(t.get_fontsize() >= 6 for t in labels)  # the paper minimum
