"""DecisionCurveDisplay: what it stores and draws, checked against the metrics and
hand-computed values (the curve values themselves: tests/metrics/test_net_benefit.py)."""

import numpy as np
import pytest
from matplotlib.figure import Figure

from evalplots.display import DecisionCurveDisplay
from evalplots.display.decision_curve import odds_label, threshold_ticks


def _ax():
    return Figure().add_subplot()


def _data(seed=0, n=400):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=n)
    p = 1 / (1 + np.exp(-(2 * y - 1 + rng.normal(size=n))))
    return y, p


def test_from_predictions_draws_the_model_treat_all_and_treat_none():
    y = [0, 0, 1, 1]
    p = [0.1, 0.4, 0.35, 0.8]
    display = DecisionCurveDisplay.from_predictions(y, p, thresholds=[0.2, 0.5], name="toy",
                                                    ax=_ax())
    # t = 0.2: treated 0.4 (-), 0.35 (+), 0.8 (+): 2/4 - 1/4 * 0.25; t = 0.5: 1/4
    np.testing.assert_allclose(display.line_.get_ydata(), [0.4375, 0.25], atol=1e-15)
    # treat all: 1/2 - 1/2 * odds
    np.testing.assert_allclose(display.treat_all_.get_ydata(), [0.375, 0.0], atol=1e-15)
    assert display.treat_none_.get_ydata().tolist() == [0.0, 0.0]
    labels = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert labels == ["toy", "Treat all", "Treat none"]
    assert display.ax_.get_legend().get_title().get_text() == "Positive label: 1"


def test_default_thresholds_are_dcurves_grid():
    y, p = _data()
    display = DecisionCurveDisplay.from_predictions(y, p, ax=_ax())
    np.testing.assert_array_equal(display.thresholds, np.arange(100) / 100)
    assert display.ax_.get_xlim() == (0.0, 0.99)


def test_two_models_share_the_reference_lines_and_the_limits():
    y, p = _data()
    ax = _ax()
    first = DecisionCurveDisplay.from_predictions(y, p, name="A", ax=ax)
    second = DecisionCurveDisplay.from_predictions(y, p ** 3, name="B", ax=ax)
    assert second.treat_all_ is first.treat_all_ and second.treat_none_ is first.treat_none_
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["A", "B", "Treat all", "Treat none"]
    top = max(first.net_benefit.max(), second.net_benefit.max(), first.treat_all.max())
    assert ax.get_ylim() == pytest.approx((-0.1 * top, 1.05 * top))
    odds_axes = [c for c in ax.child_axes if getattr(c, "_evalplots_odds", False)]
    assert odds_axes == [second.odds_axis_]  # one top axis, not one per model


def test_odds_axis_labels_are_cost_benefit_ratios():
    display = DecisionCurveDisplay(np.arange(100) / 100, np.zeros(100)).plot(ax=_ax())
    assert list(display.ax_.get_xticks()) == pytest.approx([0, 0.2, 0.4, 0.6, 0.8])
    assert [t.get_text() for t in display.odds_axis_.get_xticklabels()] == [
        "0:1", "1:4", "2:3", "3:2", "4:1"]
    assert display.odds_axis_.get_xlabel() == "Cost:benefit ratio"


@pytest.mark.parametrize("p, label", [(0.1, "1:9"), (0.25, "1:3"), (0.3, "3:7"),
                                      (0.05, "1:19"), (0.5, "1:1"), (0.0, "0:1")])
def test_odds_label(p, label):
    assert odds_label(p) == label


def test_threshold_ticks_take_the_coarsest_step_with_three_ticks():
    assert threshold_ticks(0.0, 0.99) == [0.0, 0.2, 0.4, 0.6, 0.8]
    assert threshold_ticks(0.05, 0.35) == [0.1, 0.2, 0.3]
    assert threshold_ticks(0.1, 0.12) == [0.1, 0.11, 0.12]


def test_no_treat_all_stored_draws_none():
    display = DecisionCurveDisplay([0.1, 0.2], [0.1, 0.05]).plot(ax=_ax(),
                                                                 plot_treat_none=False)
    assert display.treat_all_ is None and display.treat_none_ is None


@pytest.mark.parametrize(
    "kwargs, match",
    [({"thresholds": [0.1, 1.0], "net_benefit": [0, 0]}, r"\[0, 1\)"),
     ({"thresholds": [0.1, 0.2], "net_benefit": [0.0]}, "one value per threshold"),
     ({"thresholds": [0.1, 0.2], "net_benefit": [0, 0], "treat_all": [np.nan, 0]},
      "treat_all must be finite")],
)
def test_constructor_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        DecisionCurveDisplay(**kwargs)


def test_from_predictions_errors():
    with pytest.raises(ValueError, match="thresholds must increase"):
        DecisionCurveDisplay.from_predictions([0, 1], [0.2, 0.8], thresholds=[0.5, 0.1])
    with pytest.raises(ValueError, match="only one class"):
        DecisionCurveDisplay.from_predictions([1, 1], [0.2, 0.8])
    with pytest.raises(ValueError, match=r"outside \[0, 1\]"):
        DecisionCurveDisplay.from_predictions([0, 1], [0.2, 1.8])
