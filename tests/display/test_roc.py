"""RocCurveDisplay: what it draws, asserted on its artists."""

import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from evalplots.display import RocCurveDisplay


def test_line_vertices_are_the_roc_points_of_every_threshold(blog16):
    display = RocCurveDisplay.from_predictions(
        blog16.y_true, blog16.y_score, drop_intermediate=False
    )
    xy = display.line_.get_xydata()
    np.testing.assert_allclose(xy[:, 0], blog16.fpr)
    np.testing.assert_allclose(xy[:, 1], blog16.tpr)
    assert display.line_.get_label() == "AUC = 0.67"
    assert display.roc_auc == pytest.approx(blog16.roc_auc)


def test_line_matches_scikit_learn_display(blog16):
    sk_metrics = pytest.importorskip("sklearn.metrics")
    ours = RocCurveDisplay.from_predictions(blog16.y_true, blog16.y_score)
    theirs = sk_metrics.RocCurveDisplay.from_predictions(blog16.y_true, blog16.y_score)
    np.testing.assert_allclose(ours.line_.get_xydata(), theirs.line_.get_xydata())


@pytest.mark.parametrize(
    "name, roc_auc, label",
    [
        ("LogReg", 0.7777, "LogReg (AUC = 0.78)"),
        (None, 0.7777, "AUC = 0.78"),
        ("LogReg", None, "LogReg"),
    ],
)
def test_legend_label(name, roc_auc, label):
    display = RocCurveDisplay([0, 1], [0, 1], roc_auc=roc_auc, name=name).plot()
    assert display.line_.get_label() == label
    legend = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert legend == [label, "Chance level (AUC = 0.5)"]


def test_plot_name_overrides_constructor_name():
    display = RocCurveDisplay([0, 1], [0, 1], roc_auc=0.5, name="a").plot(name="b")
    assert display.line_.get_label() == "b (AUC = 0.50)"
    assert display.name == "a"


def test_no_name_and_no_auc_gives_no_legend_entry_for_the_curve():
    display = RocCurveDisplay([0, 1], [0, 1]).plot(plot_chance_level=False)
    assert display.line_.get_label().startswith("_")
    assert display.ax_.get_legend() is None


def test_axes_titles_limits_and_aspect(watermelon):
    display = RocCurveDisplay.from_predictions(watermelon.y_true, watermelon.y_score)
    ax = display.ax_
    # short axis titles; the positive label is said once, as the legend title
    assert ax.get_xlabel() == "False Positive Rate"
    assert ax.get_ylabel() == "True Positive Rate"
    assert ax.get_legend().get_title().get_text() == "Positive label: 1"
    assert ax.get_xlim() == pytest.approx((-0.01, 1.01))
    assert ax.get_ylim() == pytest.approx((-0.01, 1.01))
    assert ax.get_aspect() == 1.0
    assert display.ax_.get_legend()._loc == 4  # 'lower right'


def test_string_pos_label_is_shown(watermelon):
    y = np.where(np.array(watermelon.y_true) == 1, "spam", "ham")
    display = RocCurveDisplay.from_predictions(y, watermelon.y_score, pos_label="spam")
    assert display.ax_.get_legend().get_title().get_text() == "Positive label: spam"
    assert display.ax_.get_xlabel() == "False Positive Rate"
    assert display.line_.get_label() == "AUC = 0.78"


def test_positive_label_title_without_legend_entries_and_given_title(watermelon):
    # nothing labelled: the legend still names the positive class
    bare = RocCurveDisplay([0, 1], [0, 1], pos_label="spam").plot(
        plot_chance_level=False
    )
    legend = bare.ax_.get_legend()
    assert legend.get_texts() == []
    assert legend.get_title().get_text() == "Positive label: spam"
    # a given title wins; a second model on the axes keeps it
    ax = Figure().add_subplot()
    RocCurveDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, ax=ax, legend_title="melons"
    )
    RocCurveDisplay.from_predictions(watermelon.y_true, watermelon.y_score, ax=ax)
    assert ax.get_legend().get_title().get_text() == "melons"


def test_chance_level_diagonal(watermelon):
    display = RocCurveDisplay.from_predictions(watermelon.y_true, watermelon.y_score)
    chance = display.chance_level_
    assert chance.get_xydata().tolist() == [[0, 0], [1, 1]]
    assert chance.get_label() == "Chance level (AUC = 0.5)"
    assert chance.get_linestyle() == "--"
    assert to_rgba(chance.get_color()) == to_rgba("k")

    styled = RocCurveDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, chance_level_kw={"c": "r", "lw": 3}
    )
    assert to_rgba(styled.chance_level_.get_color()) == to_rgba("r")
    assert styled.chance_level_.get_linewidth() == 3

    hidden = RocCurveDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, plot_chance_level=False
    )
    assert hidden.chance_level_ is None
    assert len(hidden.ax_.get_lines()) == 1


def test_line_kwargs_and_aliases(watermelon):
    display = RocCurveDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, c="tab:red", ls=":", label="x"
    )
    assert to_rgba(display.line_.get_color()) == to_rgba("tab:red")
    assert display.line_.get_linestyle() == ":"
    assert display.line_.get_label() == "x"
    with pytest.raises(ValueError, match="kwargs sets both 'ls' and 'linestyle'"):
        RocCurveDisplay.from_predictions(
            watermelon.y_true, watermelon.y_score, ls=":", linestyle="-"
        )


def test_despine(watermelon):
    display = RocCurveDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, despine=True
    )
    spines = display.ax_.spines
    assert not spines["top"].get_visible() and not spines["right"].get_visible()
    assert spines["left"].get_visible()


@pytest.mark.parametrize(
    "args, kwargs, match",
    [
        (([0, 0.5, 1], [0, 1]), {}, "fpr and tpr must have the same length"),
        (([[0, 1]], [[0, 1]]), {}, "fpr must be a non-empty 1-D array"),
        (([0, np.nan], [0, 1]), {}, "fpr contains NaN"),
        (([0, 1], [0, 1]), {"roc_auc": 1.5}, r"roc_auc must be a number in \[0, 1\]"),
        (([0, 2], [0, 1]), {}, r"fpr values must lie in \[0, 1\].*max 2"),
        (([0, 1], [-0.5, 1]), {}, r"tpr values must lie in \[0, 1\].*min -0.5"),
        (([0, 50, 100], [0, 80, 100]), {}, r"fpr values must lie in \[0, 1\]"),
    ],
)
def test_bad_constructor_input(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        RocCurveDisplay(*args, **kwargs).plot(ax=Figure().subplots())


def test_from_predictions_bad_labels():
    with pytest.raises(ValueError, match="binary"):
        RocCurveDisplay.from_predictions([0, 1, 2], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="pos_label"):
        RocCurveDisplay.from_predictions(["a", "b", "a"], [0.1, 0.2, 0.3])


@pytest.mark.parametrize(
    "roc_auc, label",
    [
        (0.99528, "AUC = 0.995"),
        (1.0, "AUC = 1.00"),
        (0.004, "AUC = 0.004"),
        (0.5, "AUC = 0.50"),
    ],
)
def test_legend_never_rounds_to_a_perfect_or_null_score(roc_auc, label):
    display = RocCurveDisplay([0, 1], [0, 1], roc_auc=roc_auc).plot()
    assert display.line_.get_label() == label


@pytest.mark.parametrize(
    "y_true, kwargs, shown, missing",
    [
        (np.ones(5), {}, "1.0", "negative"),
        (np.zeros(5), {}, "0.0", "positive"),
        (["a"] * 5, {"pos_label": "a"}, "'a'", "negative"),
        ([0, 1, 1, 1, 1], {"sample_weight": [0, 1, 1, 1, 1]}, "1", "negative"),
    ],
)
def test_from_predictions_single_class_says_so(y_true, kwargs, shown, missing):
    # Used to say "x contains 3 non-finite value(s)... remove or impute them", after
    # an UndefinedMetricWarning from roc_curve (an error in the tests: none leaks now).
    with pytest.raises(
        ValueError,
        match=rf"y_true holds only one class, {shown} \(no {missing} sample.*\), so "
        r"the ROC curve is undefined",
    ):
        RocCurveDisplay.from_predictions(y_true, [0.1, 0.2, 0.3, 0.4, 0.5], **kwargs)
