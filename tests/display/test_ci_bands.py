"""Confidence bands and intervals of the ROC and P-R Displays: given to the
constructor, or computed by plot_ci= (the metrics' band functions, DeLong).
"""

import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.patches import Rectangle

import evalplots.metrics as em
from evalplots.display import PrecisionRecallDisplay, RocCurveDisplay
from evalplots.display._base import format_score, score_decimals
from evalplots.metrics import ConfidenceInterval

from tests.support import S6, Y6, _ax, _random


def test_roc_band_and_interval_from_the_constructor():
    band = ([0, 0.5, 1], [0, 0.6, 1], [0.2, 0.9, 1])
    ci = ConfidenceInterval(0.9953, 0.9891, 0.9990, "delong", 0.95)
    display = RocCurveDisplay(
        [0, 0, 1], [0, 1, 1], roc_auc=0.9953, roc_auc_ci=ci, ci_band=band, name="m"
    ).plot(ax=_ax())
    assert display.line_.get_label() == "m (AUC = 0.995 [0.989, 0.999])"
    vertices = display.ci_band_.get_paths()[0].vertices
    for x, low, high in zip(*band):  # both bounds at each grid FPR
        assert [x, low] in vertices.tolist() and [x, high] in vertices.tolist()
    assert to_rgba(display.ci_band_.get_facecolor()[0])[:3] == to_rgba(
        display.line_.get_color())[:3]
    # the legend handle shows the band behind the line
    (patch,) = display.ax_.get_legend().findobj(Rectangle)
    assert patch.get_facecolor() == pytest.approx(display.ci_band_.get_facecolor()[0])
    no_band = display.plot(ax=_ax(), plot_ci=False)
    assert no_band.ci_band_ is None


def test_pr_band_and_interval_from_the_constructor():
    precision, recall, thresholds = em.precision_recall_curve(Y6, S6)
    ci = ConfidenceInterval(0.8667, 0.61, 1.0, "bootstrap-bca", 0.95)
    display = PrecisionRecallDisplay(
        precision, recall, average_precision=0.8667, average_precision_ci=ci,
        break_even=2 / 3, thresholds=thresholds,
        ci_band=([0.2, 1.0], [0.5, 0.4], [1.0, 0.9]),
    ).plot(ax=_ax(), threshold=0.7)
    assert display.line_.get_label() == "AP = 0.87 [0.61, 1.00], BEP = 0.67"
    assert display.ci_band_ is not None
    np.testing.assert_allclose(display.threshold_point_.get_xydata(), [[2 / 3, 1]])


@pytest.mark.parametrize(
    "band, match",
    [
        (([0, 1], [0, 1]), "tuple"),
        (([0, 1], [0.5, 1], [0.4, 1]), "lower bound exceeds"),
        (([1, 0], [0, 0], [1, 1]), "non-decreasing"),
        (([0, 1], [0, 1.5], [1, 2]), r"rates in \[0, 1\]"),
    ],
)
def test_bands_are_checked(band, match):
    with pytest.raises(ValueError, match=match):
        RocCurveDisplay([0, 1], [0, 1], ci_band=band).plot(ax=_ax())


def test_band_and_interval_need_one_curve():
    with pytest.raises(ValueError, match="ci_band describe one curve"):
        RocCurveDisplay([[0, 1], [0, 1]], [[0, 1], [0, 1]],
                        ci_band=([0, 1], [0, 1], [0, 1])).plot(ax=_ax())


def _labelled(seed, weighted):
    y, s = _random(seed, n=200)
    w = np.random.default_rng(seed).integers(1, 4, y.size) if weighted else None
    return np.array(["no", "yes"])[y], s, w


@pytest.mark.parametrize("weighted", [False, True])
def test_roc_plot_ci_computes_the_band_and_delong_interval(weighted):
    y, s, w = _labelled(3, weighted)
    common = {"pos_label": "yes", "sample_weight": w, "confidence_level": 0.9}
    display = RocCurveDisplay.from_predictions(
        y, s, plot_ci=True, n_resamples=200, random_state=0, name="m", ax=_ax(), **common
    )
    ci = em.roc_auc_ci(y, s, method="delong", **common)
    assert display.roc_auc_ci == ci
    assert ci.estimate == pytest.approx(display.roc_auc, abs=1e-12)
    grid, low, high = em.roc_curve_ci_band(y, s, n_resamples=200, random_state=0,
                                           **common)
    for mine, theirs in zip(display.ci_band, (grid, low, high)):
        np.testing.assert_array_equal(mine, theirs)
    d = max(score_decimals(v) for v in (ci.estimate, ci.low, ci.high))
    assert display.line_.get_label() == (
        f"m (AUC = {format_score(display.roc_auc, d)} [{format_score(ci.low, d)}, "
        f"{format_score(ci.high, d)}])"
    )
    np.testing.assert_allclose(  # the band drawn: both bounds at every grid FPR
        np.unique(display.ci_band_.get_paths()[0].vertices[:, 0]), grid)


@pytest.mark.parametrize("weighted", [False, True])
def test_pr_plot_ci_computes_the_band_and_interval(weighted):
    y, s, w = _labelled(4, weighted)
    common = {"pos_label": "yes", "sample_weight": w, "confidence_level": 0.9,
              "n_resamples": 200, "random_state": 0}
    display = PrecisionRecallDisplay.from_predictions(y, s, plot_ci=True, ax=_ax(),
                                                      **common)
    for mine, theirs in zip(display.ci_band, em.precision_recall_ci_band(y, s, **common)):
        np.testing.assert_array_equal(mine, theirs)
    ci = em.bootstrap_ci(em.average_precision_score, y, s, **common)
    assert display.average_precision_ci == ci
    assert ci.estimate == pytest.approx(display.average_precision, abs=1e-12)
    assert display.line_.get_label().startswith("AP = ")
    assert "[" in display.line_.get_label() and ", BEP = " in display.line_.get_label()


def test_plot_ci_refuses_one_vs_rest():
    proba = np.eye(3)[[0, 1, 2, 0, 1, 2]] * 0.8 + 0.05
    with pytest.raises(ValueError, match="plot_ci=True draws the band of one binary"):
        RocCurveDisplay.from_predictions([0, 1, 2, 0, 1, 2], proba, plot_ci=True)
