"""PredictionErrorDisplay: the drawn data equal the inputs, large n is drawn as a
stated hexbin or subsample, bad input raises naming the argument.

Oracles: hand computations written here, numpy (histograms, the seeded subsample)
and scikit-learn's ``PredictionErrorDisplay`` (the scatter and the line it draws).
"""

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from evalplots.display import PredictionErrorDisplay
from evalplots.display.prediction_error import SCATTER_MAX_POINTS

# A small hand example: residuals (actual - predicted) are 0.5, -0.5, 0, -1.
Y_TRUE = [3.0, -0.5, 2.0, 7.0]
Y_PRED = [2.5, 0.0, 2.0, 8.0]

KINDS = ["residual_vs_predicted", "actual_vs_predicted", "residual_distribution"]


def _ax():
    return Figure(layout="constrained").add_subplot()


@pytest.fixture
def large():
    """2,000 samples (above SCATTER_MAX_POINTS): y_pred = y_true + noise."""
    rng = np.random.default_rng(0)
    y_true = rng.normal(10.0, 2.0, 2_000)
    return y_true, y_true + rng.normal(0.0, 1.0, y_true.size)


# --- drawn data equal the inputs ------------------------------------------------


def test_residual_vs_predicted_draws_predicted_against_actual_minus_predicted():
    display = PredictionErrorDisplay.from_predictions(Y_TRUE, Y_PRED, ax=_ax())
    np.testing.assert_array_equal(
        display.scatter_.get_offsets(),
        [[2.5, 0.5], [0.0, -0.5], [2.0, 0.0], [8.0, -1.0]],
    )
    # zero line over the predicted range
    np.testing.assert_array_equal(display.line_.get_xydata(), [[0.0, 0.0], [8.0, 0.0]])
    assert display.ax_.get_xlabel() == "Predicted values"
    assert display.ax_.get_ylabel() == "Residuals (actual - predicted)"


def test_under_prediction_gives_a_positive_residual():
    display = PredictionErrorDisplay.from_predictions([2.0], [1.0], ax=_ax())
    np.testing.assert_array_equal(display.scatter_.get_offsets(), [[1.0, 1.0]])


def test_actual_vs_predicted_has_identity_line_over_the_data_and_equal_ranges():
    display = PredictionErrorDisplay.from_predictions(
        Y_TRUE, Y_PRED, kind="actual_vs_predicted", ax=_ax()
    )
    np.testing.assert_array_equal(
        display.scatter_.get_offsets(), np.column_stack([Y_PRED, Y_TRUE])
    )
    lo, hi = -0.5, 8.0  # min and max over y_true and y_pred together
    np.testing.assert_array_equal(display.line_.get_xydata(), [[lo, lo], [hi, hi]])
    ax = display.ax_
    assert ax.get_xlim() == ax.get_ylim()
    x0, x1 = ax.get_xlim()
    assert x0 < lo and x1 > hi
    assert ax.get_aspect() == 1.0
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("Predicted values", "Actual values")
    assert display.line_.get_label() == "Perfect prediction"


def test_constant_data_still_get_a_non_empty_square_range():
    display = PredictionErrorDisplay.from_predictions(
        [2.0, 2.0], [2.0, 2.0], kind="actual_vs_predicted", ax=_ax()
    )
    assert display.ax_.get_xlim() == display.ax_.get_ylim() == (1.5, 2.5)


@pytest.mark.parametrize("kind", ["residual_vs_predicted", "actual_vs_predicted"])
def test_scatter_and_line_match_scikit_learn(kind):
    from sklearn.metrics import PredictionErrorDisplay as SkDisplay

    rng = np.random.default_rng(1)
    y_true = rng.normal(size=50)
    y_pred = y_true + rng.normal(scale=0.3, size=50)
    ours = PredictionErrorDisplay(y_true=y_true, y_pred=y_pred).plot(_ax(), kind=kind)
    theirs = SkDisplay(y_true=y_true, y_pred=y_pred).plot(_ax(), kind=kind)
    np.testing.assert_allclose(
        ours.scatter_.get_offsets(), theirs.scatter_.get_offsets()
    )
    np.testing.assert_allclose(ours.line_.get_xydata(), theirs.line_.get_xydata())
    assert ours.ax_.get_ylabel() == theirs.ax_.get_ylabel()


def test_residual_distribution_counts_every_residual():
    rng = np.random.default_rng(2)
    y_true = rng.normal(size=3_000)
    y_pred = 0.9 * y_true + 0.1
    display = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, kind="residual_distribution", ax=_ax(), subsample=10
    )
    residuals = y_true - y_pred
    counts, edges = np.histogram(residuals, bins="auto")
    np.testing.assert_array_equal([bar.get_height() for bar in display.hist_], counts)
    np.testing.assert_allclose([bar.get_x() for bar in display.hist_], edges[:-1])
    assert sum(bar.get_height() for bar in display.hist_) == 3_000  # not subsampled
    np.testing.assert_array_equal(display.line_.get_xdata(), [0.0, 0.0])
    mean = residuals.mean()
    np.testing.assert_array_equal(display.mean_line_.get_xdata(), [mean, mean])
    assert display.mean_line_.get_label() == f"Mean residual = {mean:.4g}"
    assert display.ax_.get_xlabel() == "Residuals (actual - predicted)"
    assert display.ax_.get_ylabel() == "Number of samples"
    assert display.ax_.get_title() == ""  # nothing drawn partially: no note


def test_residuals_equal_but_for_rounding_are_one_bar():
    # y - (y + 0.4) is -0.4 up to one ulp: numpy's 'auto' bins would be narrower
    # than the floats between them and raise "Too many bins for data range"
    y_true = np.array([0.5, 1.5, 2.5, 3.5])
    assert 0 < np.ptp(y_true - (y_true + 0.4)) < 1e-15
    display = PredictionErrorDisplay.from_predictions(
        y_true, y_true + 0.4, kind="residual_distribution", ax=_ax())
    assert [bar.get_height() for bar in display.hist_] == [4]


def test_residual_distribution_hand_example():
    display = PredictionErrorDisplay.from_predictions(
        Y_TRUE,
        Y_PRED,
        kind="residual_distribution",
        hist_kw={"bins": [-1.5, -0.5, 0.5, 1.5]},
        ax=_ax(),
    )
    assert [bar.get_height() for bar in display.hist_] == [1, 2, 1]
    assert display.mean_line_.get_label() == "Mean residual = -0.25"
    legend = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert legend == ["Zero residual", "Mean residual = -0.25"]
    density = PredictionErrorDisplay.from_predictions(
        Y_TRUE,
        Y_PRED,
        kind="residual_distribution",
        hist_kw={"bins": [-1.5, -0.5, 0.5, 1.5], "density": True},
        ax=_ax(),
    )
    assert [bar.get_height() for bar in density.hist_] == [0.25, 0.5, 0.25]
    assert density.ax_.get_ylabel() == "Density"


# --- large n: hexbin or subsample, and the title says which -----------------------


@pytest.mark.parametrize("kind", ["residual_vs_predicted", "actual_vs_predicted"])
def test_large_n_is_a_hexbin_of_every_sample(kind, large):
    y_true, y_pred = large
    display = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, kind=kind, name="noisy", ax=_ax()
    )
    assert display.scatter_ is None
    counts = display.hexbin_.get_array()
    assert counts.sum() == 2_000
    assert counts.min() >= 1  # empty hexagons are not painted
    assert display.ax_.get_title() == "noisy\nhexbin of 2,000 samples"
    colorbar = display.hexbin_.colorbar
    assert colorbar is not None and colorbar.ax.get_ylabel() == "Samples per hexagon"


def test_hexbin_threshold_is_scatter_max_points(large):
    y_true, y_pred = large
    n = SCATTER_MAX_POINTS
    at_limit = PredictionErrorDisplay.from_predictions(y_true[:n], y_pred[:n], ax=_ax())
    above = PredictionErrorDisplay.from_predictions(
        y_true[: n + 1], y_pred[: n + 1], ax=_ax()
    )
    assert at_limit.hexbin_ is None and len(at_limit.scatter_.get_offsets()) == n
    assert above.scatter_ is None and above.hexbin_.get_array().sum() == n + 1


def test_hexbin_can_be_forced_either_way(large):
    y_true, y_pred = large
    forced = PredictionErrorDisplay.from_predictions(
        Y_TRUE, Y_PRED, hexbin=True, colorbar=False, ax=_ax()
    )
    assert forced.hexbin_.get_array().sum() == 4 and forced.hexbin_.colorbar is None
    assert forced.ax_.get_title() == "hexbin of 4 samples"
    scatter = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, hexbin=False, ax=_ax()
    )
    assert len(scatter.scatter_.get_offsets()) == 2_000
    assert scatter.ax_.get_title() == ""  # every sample drawn as a point


def test_subsample_is_reproducible_distinct_and_stated(large):
    y_true, y_pred = large
    display = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, subsample=300, random_state=7, name="noisy", ax=_ax()
    )
    offsets = display.scatter_.get_offsets()
    # the seeded draw without replacement, in input order
    kept = np.sort(np.random.default_rng(7).choice(2_000, size=300, replace=False))
    np.testing.assert_array_equal(
        offsets, np.column_stack([y_pred[kept], (y_true - y_pred)[kept]])
    )
    assert len(np.unique(offsets, axis=0)) == 300
    assert display.ax_.get_title() == (
        "noisy\n300 of 2,000 samples,\nrandom subsample (random_state=7)"
    )
    again = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, subsample=300, random_state=7, ax=_ax()
    )
    np.testing.assert_array_equal(again.scatter_.get_offsets(), offsets)
    other = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, subsample=300, random_state=8, ax=_ax()
    )
    assert not np.array_equal(other.scatter_.get_offsets(), offsets)
    # the identity line still spans every sample, drawn or not
    avp = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, kind="actual_vs_predicted", subsample=300, ax=_ax()
    )
    lo = min(y_true.min(), y_pred.min())
    hi = max(y_true.max(), y_pred.max())
    np.testing.assert_array_equal(avp.line_.get_xydata(), [[lo, lo], [hi, hi]])


def test_subsample_fraction_and_oversized_subsample(large):
    y_true, y_pred = large
    half = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, subsample=0.25, ax=_ax()
    )
    assert len(half.scatter_.get_offsets()) == 500
    assert half.ax_.get_title().startswith("500 of 2,000 samples,")
    everything = PredictionErrorDisplay.from_predictions(
        Y_TRUE, Y_PRED, subsample=1_000, ax=_ax()
    )
    assert len(everything.scatter_.get_offsets()) == 4
    assert everything.ax_.get_title() == ""


def test_large_subsample_is_drawn_as_a_hexbin_and_says_both(large):
    y_true, y_pred = large
    display = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, subsample=1_500, random_state=0, ax=_ax()
    )
    assert display.hexbin_.get_array().sum() == 1_500
    assert display.ax_.get_title() == (
        "hexbin of 1,500 of 2,000 samples,\nrandom subsample (random_state=0)"
    )


def test_unseeded_and_generator_subsamples_say_so(large):
    y_true, y_pred = large
    unseeded = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, subsample=10, random_state=None, ax=_ax()
    )
    assert unseeded.ax_.get_title().endswith("(random_state=None)")
    generator = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, subsample=10, random_state=np.random.default_rng(3), ax=_ax()
    )
    assert generator.ax_.get_title().endswith("(random_state=<Generator>)")
    kept = np.sort(np.random.default_rng(3).choice(2_000, size=10, replace=False))
    np.testing.assert_array_equal(generator.scatter_.get_offsets()[:, 0], y_pred[kept])


def test_the_display_keeps_every_sample(large):
    y_true, y_pred = large
    display = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, subsample=10, ax=_ax()
    )
    np.testing.assert_array_equal(display.y_true, y_true)
    np.testing.assert_array_equal(display.y_pred, y_pred)


# --- artists, names, several models -------------------------------------------


@pytest.mark.parametrize(
    ("kind", "drawn"),
    [
        ("residual_vs_predicted", {"scatter_", "line_"}),
        ("actual_vs_predicted", {"scatter_", "line_"}),
        ("residual_distribution", {"hist_", "line_", "mean_line_"}),
    ],
)
def test_artists_not_drawn_are_none(kind, drawn):
    display = PredictionErrorDisplay(y_true=Y_TRUE, y_pred=Y_PRED)
    display.plot(_ax(), kind=KINDS[2] if kind != KINDS[2] else KINDS[0], hexbin=True)
    display.plot(_ax(), kind=kind)  # a second plot resets the first one's artists
    attributes = {"scatter_", "hexbin_", "line_", "hist_", "mean_line_"}
    assert {a for a in attributes if getattr(display, a) is not None} == drawn
    assert display.line_.axes is display.ax_


def test_two_models_share_one_figure_on_two_axes(large):
    y_true, y_pred = large
    figure = Figure(layout="constrained")
    left, right = figure.subplots(1, 2)
    good = PredictionErrorDisplay.from_predictions(
        Y_TRUE, Y_PRED, name="good", kind="actual_vs_predicted", ax=left
    )
    noisy = PredictionErrorDisplay.from_predictions(
        y_true, y_pred, name="noisy", kind="actual_vs_predicted", ax=right
    )
    assert good.figure_ is noisy.figure_ is figure
    assert (good.ax_, noisy.ax_) == (left, right)
    assert left.get_title() == "good"
    assert right.get_title() == "noisy\nhexbin of 2,000 samples"
    # the second display's colorbar belongs to its own axes
    assert noisy.hexbin_.colorbar is not None and len(figure.axes) == 3
    for ax in (left, right):
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        assert legend == ["Perfect prediction"]


def test_plot_name_overrides_the_constructor_name():
    display = PredictionErrorDisplay(y_true=Y_TRUE, y_pred=Y_PRED, name="a")
    assert display.plot(_ax()).ax_.get_title() == "a"
    assert display.plot(_ax(), name="b").ax_.get_title() == "b"


def test_style_dicts_reach_their_artists():
    display = PredictionErrorDisplay.from_predictions(
        Y_TRUE,
        Y_PRED,
        kind="actual_vs_predicted",
        scatter_kw={"c": "red", "marker": "x"},
        line_kw={"ls": ":", "label": "y = x"},
        ax=_ax(),
    )
    np.testing.assert_array_equal(display.scatter_.get_edgecolor()[0], [1, 0, 0, 0.8])
    assert display.line_.get_linestyle() == ":"
    assert display.line_.get_label() == "y = x"
    hexbin = PredictionErrorDisplay.from_predictions(
        Y_TRUE, Y_PRED, hexbin=True, hexbin_kw={"gridsize": 3, "cmap": "Greys"}, ax=_ax()
    )
    assert hexbin.hexbin_.get_cmap().name == "Greys"


def test_pandas_input_is_accepted():
    display = PredictionErrorDisplay.from_predictions(
        pd.Series(Y_TRUE), pd.Series(Y_PRED), ax=_ax()
    )
    np.testing.assert_array_equal(display.scatter_.get_offsets()[:, 1], [0.5, -0.5, 0, -1])


# --- bad input -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("y_true", "y_pred", "match"),
    [
        ([1.0, 2.0], [1.0], "Inconsistent numbers of samples: y_true has 2, y_pred has 1"),
        ([1.0, np.nan], [1.0, 2.0], "y_true contains 1 non-finite value"),
        ([1.0, 2.0], [1.0, np.inf], "y_pred contains 1 non-finite value"),
        (["a", "b"], [1.0, 2.0], "y_true must be numeric"),
        ([1.0, 2.0], ["1", "2"], "y_pred must be numeric"),
        ([[1.0], [2.0]], [1.0, 2.0], r"y_true must be 1-D .*y_true.ravel\(\)"),
        ([], [], "y_true is empty"),
    ],
)
def test_bad_targets_raise_naming_the_argument(y_true, y_pred, match):
    with pytest.raises(ValueError, match=match):
        PredictionErrorDisplay(y_true=y_true, y_pred=y_pred)
    with pytest.raises(ValueError, match=match):
        PredictionErrorDisplay.from_predictions(y_true, y_pred)


@pytest.mark.parametrize(
    ("option", "match"),
    [
        ({"kind": "predictions"}, "kind must be one of 'residual_vs_predicted'"),
        ({"kind": None}, "kind must be one of"),
        ({"hexbin": "yes"}, "hexbin must be 'auto', True or False"),
        ({"hexbin": 1}, "hexbin must be 'auto', True or False"),
        ({"subsample": 0}, "subsample must be a positive number"),
        ({"subsample": -5}, "subsample must be a positive number"),
        ({"subsample": 1.5}, r"subsample must be a fraction in \(0, 1\)"),
        ({"subsample": 0.0}, r"subsample must be a fraction in \(0, 1\)"),
        ({"subsample": 0.1}, "subsample=0.1 of 4 samples keeps none of them"),
        ({"subsample": True}, "subsample must be an int, a float in"),
        ({"subsample": "all"}, "subsample must be an int, a float in"),
        ({"random_state": -1}, "random_state must be None, a non-negative int"),
        ({"random_state": 1.5}, "random_state must be None, a non-negative int"),
        ({"scatter_kw": "red"}, "scatter_kw must be a dict"),
        ({"hexbin_kw": {"c": "r", "color": "b"}}, "hexbin_kw sets both 'c' and 'color'"),
        ({"hist_kw": "auto"}, "hist_kw must be a dict"),
        ({"mean_line_kw": {"ls": "-", "linestyle": ":"}}, "mean_line_kw sets both"),
    ],
)
def test_bad_options_raise_naming_the_argument(option, match):
    ax = _ax()
    with pytest.raises(ValueError, match=match):
        PredictionErrorDisplay.from_predictions(Y_TRUE, Y_PRED, ax=ax, **option)
    assert not ax.lines and not ax.collections and not ax.patches  # nothing drawn


# --- axis titles: the power of ten in the title, never an offset text ------------------


def test_power_of_ten_goes_into_the_axis_title():
    # values about 3e-6 and residuals about 1e-7: matplotlib would write "1e−6" and
    # "1e−7" at the axes' ends; the titles carry them, and no offset text is drawn
    y_true = np.array([3.1e-6, 2.7e-6, 3.6e-6, 2.2e-6])
    y_pred = y_true + np.array([1e-7, -2e-7, 3e-7, -1e-7])
    display = PredictionErrorDisplay.from_predictions(y_true, y_pred, ax=_ax())
    display.figure_.draw_without_rendering()
    ax = display.ax_
    assert ax.get_xlabel() == "Predicted values [\u00d71e\u22126]"
    assert ax.get_ylabel() == "Residuals (actual - predicted) [\u00d71e\u22127]"
    assert ax.xaxis.get_offset_text().get_text() == ""
    assert ax.yaxis.get_offset_text().get_text() == ""
    # a tick label times the stated power is the value: "3.00" at 3e-6
    ticks = {t.get_text(): t.get_position()[0] for t in ax.get_xticklabels()}
    assert ticks["3.00"] == pytest.approx(3e-6)
    # at unit scale the titles stay as they are
    plain = PredictionErrorDisplay.from_predictions(Y_TRUE, Y_PRED, ax=_ax())
    plain.figure_.draw_without_rendering()
    assert plain.ax_.get_xlabel() == "Predicted values"


def test_axis_title_longer_than_its_axes_is_broken_and_user_titles_are_kept():
    fig = Figure(figsize=(2.3, 2.0), layout="constrained")
    display = PredictionErrorDisplay.from_predictions(
        Y_TRUE, Y_PRED, kind="residual_distribution", ax=fig.add_subplot())
    fig.draw_without_rendering()
    assert display.ax_.get_xlabel() == "Residuals (actual -\npredicted)"
    display.ax_.set_xlabel("my residuals")
    fig.draw_without_rendering()
    assert display.ax_.get_xlabel() == "my residuals"


def test_zero_line_of_the_residual_plot_says_zero_residual():
    display = PredictionErrorDisplay.from_predictions(Y_TRUE, Y_PRED, ax=_ax())
    assert display.line_.get_label() == "Zero residual"
    assert [t.get_text() for t in display.ax_.get_legend().get_texts()] == ["Zero residual"]
