"""CalibrationDisplay: what it draws, asserted on its artists.

Oracles: evalplots.metrics.calibration_curve (itself checked against scikit-learn),
scikit-learn's brier_score_loss and CalibrationDisplay, and hand computations.
"""

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.figure import Figure

import evalplots
from evalplots.display import CalibrationDisplay
from evalplots.metrics import calibration_curve

# The example of scikit-learn's calibration_curve docstring, n_bins=3:
# bins [0, 1/3] = {.1, .2, .3}, (1/3, 2/3] = {.4, .65}, (2/3, 1] = {.7, .8, .9, 1}
Y_TRUE = [0, 0, 0, 0, 1, 1, 1, 1, 1]
Y_PROB = [0.1, 0.2, 0.3, 0.4, 0.65, 0.7, 0.8, 0.9, 1.0]
# Brier = (.01 + .04 + .09 + .16 + .1225 + .09 + .04 + .01 + 0) / 9 = .0625
# ECE = (3 * .2 + 2 * .025 + 4 * .15) / 9 = 1.25 / 9
BRIER, ECE = 0.0625, 1.25 / 9


def _model(n, seed, power):
    rng = np.random.default_rng(seed)
    y_prob = rng.beta(0.7, 1.2, n)
    y_true = (rng.random(n) < y_prob**power).astype(int)
    return y_true, y_prob


def _bars(display):
    return np.array(
        [(b.get_x(), b.get_x() + b.get_width(), b.get_height()) for b in display.hist_]
    )


def _legend(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_artists_hold_the_metric_arrays(strategy):
    y_true, y_prob = _model(400, 0, 1.5)
    display = CalibrationDisplay.from_predictions(
        y_true, y_prob, n_bins=8, strategy=strategy, name="m"
    )
    prob_true, prob_pred, counts = calibration_curve(
        y_true, y_prob, n_bins=8, strategy=strategy
    )
    np.testing.assert_array_equal(display.line_.get_xdata(), prob_pred)
    np.testing.assert_array_equal(display.line_.get_ydata(), prob_true)
    np.testing.assert_array_equal(display.counts, counts)
    bars = _bars(display)
    np.testing.assert_array_equal(bars[:, 2], counts)
    assert bars[:, 2].sum() == 400
    # each bar spans its bin, and the bin holds the bin's mean probability
    assert np.all(bars[:, 0] <= prob_pred) and np.all(prob_pred <= bars[:, 1])
    if strategy == "uniform":
        np.testing.assert_allclose(bars[:, 1] - bars[:, 0], 1 / 8)
    assert display.hist_ax_.patches[0] is display.hist_[0]


def test_hand_example_bins_legend_and_histogram():
    display = CalibrationDisplay.from_predictions(Y_TRUE, Y_PROB, n_bins=3, name="toy")
    np.testing.assert_allclose(display.prob_true, [0, 0.5, 1])
    np.testing.assert_allclose(display.prob_pred, [0.2, 0.525, 0.85])
    np.testing.assert_allclose(
        _bars(display), [[0, 1 / 3, 3], [1 / 3, 2 / 3, 2], [2 / 3, 1, 4]]
    )
    assert display.brier_score == pytest.approx(BRIER)
    assert display.ece == pytest.approx(ECE)
    # .0625 is written to 3 decimals with Python's round-half-even: 0.062
    assert _legend(display.ax_) == [
        "toy (Brier = 0.062, ECE = 0.139)",
        "Perfectly calibrated",
    ]
    assert display.ax_.get_legend().get_title().get_text() == "Positive label: 1"


def test_values_match_scikit_learn():
    sk_calibration = pytest.importorskip("sklearn.calibration")
    sk_metrics = pytest.importorskip("sklearn.metrics")
    y_true, y_prob = _model(300, 1, 0.8)
    labels = np.where(y_true == 1, "sick", "healthy")
    ours = CalibrationDisplay.from_predictions(labels, y_prob, n_bins=5, pos_label="sick")
    theirs = sk_calibration.CalibrationDisplay.from_predictions(
        labels, y_prob, n_bins=5, pos_label="sick"
    )
    np.testing.assert_array_equal(ours.line_.get_xydata(), theirs.line_.get_xydata())
    assert ours.brier_score == pytest.approx(
        sk_metrics.brier_score_loss(labels, y_prob, pos_label="sick"), rel=1e-13
    )
    assert ours.ax_.get_legend().get_title().get_text() == "Positive label: sick"


def test_two_models_share_the_diagonal_and_the_histogram_axes():
    first = CalibrationDisplay.from_predictions(*_model(300, 2, 1.0), name="A")
    second = CalibrationDisplay.from_predictions(
        *_model(300, 3, 2.0), name="B", ax=first.ax_
    )
    assert second.hist_ax_ is first.hist_ax_
    assert second.ref_line_ is first.ref_line_
    assert len(first.figure_.axes) == 2
    assert len(first.hist_ax_.patches) == len(first.hist_) + len(second.hist_)
    legend = _legend(first.ax_)
    assert [t.split(" (")[0] for t in legend] == ["A", "B", "Perfectly calibrated"]
    # each model's bars take its curve's colour
    assert first.hist_[0].get_edgecolor() == mpl.colors.to_rgba(first.line_.get_color())
    assert second.hist_[0].get_edgecolor() == mpl.colors.to_rgba(
        second.line_.get_color()
    )
    assert first.line_.get_color() != second.line_.get_color()


def test_new_figure_has_the_histogram_below_sharing_x():
    display = CalibrationDisplay.from_predictions(Y_TRUE, Y_PROB, n_bins=3)
    ax, hist_ax = display.ax_, display.hist_ax_
    assert display.figure_.axes == [ax, hist_ax]
    assert ax.get_shared_x_axes().joined(ax, hist_ax)
    assert hist_ax.get_position().y1 < ax.get_position().y0
    assert ax.get_position().height == pytest.approx(
        3 * hist_ax.get_position().height, rel=0.25
    )
    assert (hist_ax.get_xlabel(), hist_ax.get_ylabel()) == (
        "Mean predicted probability",
        "Count",
    )
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("", "Fraction of positives")
    assert not any(t.get_visible() for t in ax.get_xticklabels())
    assert ax.get_xlim() == pytest.approx((-0.01, 1.01))
    assert ax.get_ylim() == pytest.approx((-0.01, 1.01))


def test_given_ax_is_split_and_its_neighbours_untouched():
    figure = Figure(figsize=(8, 4), layout="constrained")
    left, right = figure.subplots(1, 2)
    display = CalibrationDisplay.from_predictions(Y_TRUE, Y_PROB, n_bins=3, ax=left)
    assert display.ax_ is left and display.figure_ is figure
    assert len(figure.axes) == 3
    figure.canvas.draw()
    top, bottom = left.get_position(), display.hist_ax_.get_position()
    assert bottom.y1 < top.y0
    assert bottom.x0 == pytest.approx(top.x0) and bottom.x1 == pytest.approx(top.x1)
    assert right.get_position().x0 > top.x1


def test_given_hist_ax_is_used_as_is():
    figure = Figure()
    ax, hist_ax = figure.subplots(1, 2)
    display = CalibrationDisplay.from_predictions(
        Y_TRUE, Y_PROB, n_bins=3, ax=ax, hist_ax=hist_ax
    )
    assert display.hist_ax_ is hist_ax and len(figure.axes) == 2
    assert [b.get_height() for b in display.hist_] == [3, 2, 4]
    assert ax.get_xlabel() == "Mean predicted probability"  # not under ax: labelled
    assert any(t.get_visible() for t in ax.get_xticklabels())


def test_without_histogram():
    figure = Figure()
    ax = figure.add_subplot()
    display = CalibrationDisplay.from_predictions(
        Y_TRUE, Y_PROB, n_bins=3, ax=ax, plot_histogram=False, ref_line=False
    )
    assert display.hist_ is None and display.hist_ax_ is None
    assert display.ref_line_ is None
    assert figure.axes == [ax]
    assert _legend(ax) == ["Brier = 0.062, ECE = 0.139"]


def test_style_kwargs_reach_the_artists():
    display = CalibrationDisplay.from_predictions(
        Y_TRUE, Y_PROB, n_bins=3, color="tab:red", marker="o",
        ref_line_kw={"ls": "--", "label": "ideal"}, hist_kw={"alpha": 1.0},
    )
    assert display.line_.get_color() == "tab:red" and display.line_.get_marker() == "o"
    assert display.ref_line_.get_linestyle() == "--"
    assert _legend(display.ax_)[-1] == "ideal"
    assert display.hist_[0].get_facecolor() == mpl.colors.to_rgba("tab:red")


def test_more_decimals_only_when_three_would_show_zero():
    display = CalibrationDisplay(
        [0.5], [0.5], [10], brier_score=2e-4, ece=0.0, name="m"
    ).plot(plot_histogram=False)
    assert display.line_.get_label() == "m (Brier = 0.0002, ECE = 0.0000)"
    display = CalibrationDisplay([0.5], [0.5], [10], brier_score=0.25).plot(
        plot_histogram=False
    )
    assert display.line_.get_label() == "Brier = 0.250"


def test_user_names_are_literal():
    display = CalibrationDisplay.from_predictions(Y_TRUE, Y_PROB, n_bins=3, name="gain_$")
    display.figure_.canvas.draw()  # mathtext would raise here
    assert _legend(display.ax_)[0].startswith("gain_$ (")
    assert not display.ax_.get_legend().get_texts()[0].get_parse_math()


def test_plot_leaves_rcparams_unchanged():
    before = dict(mpl.rcParams)
    CalibrationDisplay.from_predictions(Y_TRUE, Y_PROB, n_bins=3)
    assert dict(mpl.rcParams) == before


def test_sample_weight_counts_are_weight_sums():
    display = CalibrationDisplay.from_predictions(
        [0, 1, 1, 0], [0.1, 0.2, 0.8, 0.9], n_bins=2, sample_weight=[1, 3, 0.5, 0.5]
    )
    np.testing.assert_allclose(display.counts, [4.0, 1.0])
    np.testing.assert_allclose(display.prob_true, [0.75, 0.5])
    np.testing.assert_allclose(display.prob_pred, [0.175, 0.85])


# --- from_estimator ---------------------------------------------------------------


def test_from_estimator_equals_from_predictions():
    sk_linear = pytest.importorskip("sklearn.linear_model")
    rng = np.random.default_rng(5)
    X = rng.normal(size=(200, 3))
    y = np.where(X[:, 0] + rng.normal(size=200) > 0, "yes", "no")
    model = sk_linear.LogisticRegression().fit(X, y)
    display = CalibrationDisplay.from_estimator(model, X, y, pos_label="yes", n_bins=5)
    expected = CalibrationDisplay.from_predictions(
        y, model.predict_proba(X)[:, 1], pos_label="yes", n_bins=5
    )
    np.testing.assert_array_equal(display.prob_true, expected.prob_true)
    np.testing.assert_array_equal(display.prob_pred, expected.prob_pred)
    assert display.line_.get_label().startswith("LogisticRegression (Brier = ")
    # the other class: its column, frequencies flipped
    other = CalibrationDisplay.from_estimator(model, X, y, pos_label="no", n_bins=5)
    np.testing.assert_allclose(other.prob_pred[::-1], 1 - display.prob_pred)


def test_from_estimator_errors():
    class Scores:
        classes_ = [0, 1]

        def decision_function(self, X):
            return np.zeros(len(X))

    class ThreeClasses:
        classes_ = ["a", "b", "c"]

        def predict_proba(self, X):
            return np.full((len(X), 3), 1 / 3)

    class Unfitted:
        def predict_proba(self, X):
            return np.full((len(X), 2), 0.5)

    class OneColumn:
        classes_ = [0, 1]

        def predict_proba(self, X):
            return np.full(len(X), 0.5)

    X = [[0.0], [1.0]]
    with pytest.raises(ValueError, match=r"returned shape \(2,\)"):
        CalibrationDisplay.from_estimator(OneColumn(), X, [0, 1])
    with pytest.raises(ValueError, match="Scores has no predict_proba"):
        CalibrationDisplay.from_estimator(Scores(), X, [0, 1])
    with pytest.raises(ValueError, match="3 classes"):
        CalibrationDisplay.from_estimator(ThreeClasses(), X, ["a", "b"])
    with pytest.raises(ValueError, match="no classes_ attribute"):
        CalibrationDisplay.from_estimator(Unfitted(), X, [0, 1])


# --- errors -------------------------------------------------------------------------


def test_input_errors():
    with pytest.raises(ValueError, match=r"values outside \[0, 1\]"):
        CalibrationDisplay.from_predictions([0, 1], [-1.2, 3.4])
    with pytest.raises(ValueError, match=r"pass that column, e.g. y_prob\[:, 1\]"):
        CalibrationDisplay.from_predictions([0, 1], [[0.8, 0.2], [0.3, 0.7]])
    with pytest.raises(ValueError, match="positive class is ambiguous"):
        CalibrationDisplay.from_predictions(["a", "b"], [0.2, 0.7])
    with pytest.raises(ValueError, match="strategy='uniform' only"):
        CalibrationDisplay.from_predictions(
            [0, 1], [0.2, 0.7], strategy="quantile", sample_weight=[1, 2]
        )


def test_constructor_errors():
    with pytest.raises(ValueError, match=r"counts must be a numeric array of shape \(2,\)"):
        CalibrationDisplay([0.1, 0.9], [0.2, 0.8], [5])
    with pytest.raises(ValueError, match="counts must be finite and > 0"):
        CalibrationDisplay([0.1, 0.9], [0.2, 0.8], [5, 0])
    with pytest.raises(ValueError, match=r"bin_bounds must be an array of shape \(2, 2\)"):
        CalibrationDisplay([0.1, 0.9], [0.2, 0.8], [5, 5], bin_bounds=[[0, 0.5]])
    with pytest.raises(ValueError, match="bin_bounds"):
        CalibrationDisplay([0.1, 0.9], [0.2, 0.8], [5, 5], bin_bounds=[[0.5, 0], [0.5, 1]])
    with pytest.raises(ValueError, match=r"prob_true values must lie in \[0, 1\]"):
        CalibrationDisplay([0.1, 1.9], [0.2, 0.8], [5, 5])
    with pytest.raises(ValueError, match="ece must be a number in"):
        CalibrationDisplay([0.1, 0.9], [0.2, 0.8], [5, 5], ece=1.5)


def test_plot_errors():
    display = CalibrationDisplay([0.1, 0.9], [0.2, 0.8], [5, 5])
    with pytest.raises(ValueError, match="plot_histogram=True needs bin_bounds"):
        display.plot()
    display = CalibrationDisplay(
        [0.1, 0.9], [0.2, 0.8], [5, 5], bin_bounds=[[0, 0.5], [0.5, 1]]
    )
    figure = Figure()
    with pytest.raises(ValueError, match="pass hist_ax="):
        display.plot(ax=figure.add_axes((0.1, 0.1, 0.8, 0.8)))
    with pytest.raises(ValueError, match="needs a rectilinear Axes"):
        display.plot(ax=figure.add_subplot(projection="polar"))
    with pytest.raises(ValueError, match="hist_kw sets both 'c' and 'color'"):
        display.plot(hist_kw={"c": "r", "color": "b"})


def test_exported_lazily_from_the_package():
    assert evalplots.CalibrationDisplay is CalibrationDisplay
    assert "CalibrationDisplay" in evalplots.__all__
