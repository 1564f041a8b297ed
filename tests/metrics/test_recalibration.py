"""Calibration slope and intercept, Spiegelhalter's test, the Brier skill score and
the per-bin intervals of the reliability curve.

Oracles: statsmodels' Logit and GLM (Binomial, with an offset) for the logistic
recalibration and its Wald intervals; R's dcurves (its test value of a logistic
model of age, fitted here by the same Newton fitter); scikit-learn's
brier_score_loss; scipy's binomtest for the Wilson intervals; hand formulas.
"""

import math
import warnings

import numpy as np
import pytest
from scipy.special import expit, logit, ndtr, ndtri
from scipy.stats import binomtest

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    brier_score_loss,
    brier_skill_score,
    calibration_curve,
    calibration_curve_ci,
    calibration_slope_intercept,
    net_benefit,
    spiegelhalter_z_test,
)
from evalplots.metrics.calibration._recalibration import logistic_recalibration

sm = pytest.importorskip("statsmodels.api")


def _miscalibrated(n=3000, seed=0, scale=1.6, shift=-0.4):
    rng = np.random.default_rng(seed)
    eta = rng.normal(size=n)
    y = (rng.random(n) < expit(eta)).astype(int)
    return y, expit(scale * eta + shift)


@pytest.mark.parametrize("seed, scale, shift", [(0, 1.6, -0.4), (1, 0.5, 0.3), (2, 1.0, 0.0)])
def test_slope_and_intercept_match_statsmodels(seed, scale, shift):
    y, p = _miscalibrated(seed=seed, scale=scale, shift=shift)
    lp = logit(p)
    result = calibration_slope_intercept(y, p)
    fit = sm.Logit(y, sm.add_constant(lp)).fit(disp=0, tol=1e-12)
    ci = fit.conf_int(alpha=0.05)
    assert result.slope.estimate == pytest.approx(fit.params[1], rel=1e-9)
    assert result.slope.interval == pytest.approx(tuple(ci[1]), rel=1e-8)
    glm = sm.GLM(y, np.ones((y.size, 1)), family=sm.families.Binomial(), offset=lp).fit(
        tol=1e-13)
    assert result.intercept.estimate == pytest.approx(glm.params[0], abs=1e-9)
    assert result.intercept.interval == pytest.approx(tuple(glm.conf_int(alpha=0.05)[0]),
                                                      abs=1e-8)
    assert result.slope.method == "wald" and result.slope.confidence_level == 0.95


def test_weights_are_frequency_weights():
    y, p = _miscalibrated(n=400, seed=3)
    w = np.random.default_rng(4).integers(0, 4, size=y.size)
    weighted = calibration_slope_intercept(y, p, sample_weight=w)
    replicated = calibration_slope_intercept(np.repeat(y, w), np.repeat(p, w))
    assert weighted.slope.interval == pytest.approx(replicated.slope.interval, rel=1e-9)
    assert weighted.intercept.interval == pytest.approx(replicated.intercept.interval,
                                                        rel=1e-9, abs=1e-12)


def test_calibrated_by_construction_gives_slope_one_intercept_zero():
    # predictions equal to the in-sample fit of a logistic model are calibrated
    # in-sample: refitting on their log-odds returns a = 0, b = 1 exactly
    y, p = _miscalibrated(n=1000, seed=5)
    (a, b), _ = logistic_recalibration(y.astype(float), logit(p), None, fit_slope=True)
    refit = expit(a + b * logit(p))
    result = calibration_slope_intercept(y, refit)
    assert result.slope.estimate == pytest.approx(1.0, abs=1e-10)
    assert result.intercept.estimate == pytest.approx(0.0, abs=1e-10)


def test_confidence_level_widens_the_interval():
    y, p = _miscalibrated(n=500, seed=6)
    r95 = calibration_slope_intercept(y, p)
    r99 = calibration_slope_intercept(y, p, confidence_level=0.99)
    se = (r95.slope.high - r95.slope.estimate) / ndtri(0.975)
    assert r99.slope.high - r99.slope.estimate == pytest.approx(se * ndtri(0.995), rel=1e-12)


def test_the_fitter_reproduces_dcurves_logistic_model_of_age():
    # dcurves tests/testthat/test-dca.R: dca(cancer ~ age, as_probability = "age")
    # fits glm(cancer ~ age, binomial); net benefit at 0.25 = 0.02444444
    from tests.metrics.test_net_benefit import load_df_binary

    d = load_df_binary()
    (a, b), _ = logistic_recalibration(d["cancer"], d["age"], None, fit_slope=True)
    risk = expit(a + b * d["age"])
    assert net_benefit(d["cancer"], risk, [0.25])[0] == pytest.approx(0.02444444, abs=1e-7)


def test_probabilities_of_zero_or_one_are_refused_not_clipped():
    with pytest.raises(ValueError, match=r"exactly 0 or 1.*nothing is clipped"):
        calibration_slope_intercept([0, 1, 1, 0], [0.0, 0.8, 0.6, 0.3])


def test_separated_classes_warn_and_give_nan():
    with pytest.warns(UndefinedMetricWarning, match="separate the classes"):
        result = calibration_slope_intercept([0, 0, 1, 1], [0.1, 0.2, 0.7, 0.9])
    assert math.isnan(result.slope.estimate) and math.isnan(result.intercept.high)


def test_one_class_is_an_error():
    with pytest.raises(ValueError, match="no positive sample"):
        calibration_slope_intercept([0, 0, 0], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="no negative sample"):
        spiegelhalter_z_test([1, 1], [0.1, 0.2])


# ------------------------------------------------------------------ Spiegelhalter


def test_spiegelhalter_z_from_the_brier_score():
    # z = (n·BS − Σ p(1−p)) / sqrt(Σ (1−2p)² p(1−p)), BS from scikit-learn
    from sklearn.metrics import brier_score_loss as sk_brier

    y, p = _miscalibrated(n=800, seed=7)
    expected = ((y.size * sk_brier(y, p) - np.sum(p * (1 - p)))
                / math.sqrt(np.sum((1 - 2 * p) ** 2 * p * (1 - p))))
    result = spiegelhalter_z_test(y, p)
    assert result.z == pytest.approx(expected, rel=1e-10)
    assert result.pvalue == pytest.approx(2 * ndtr(-abs(expected)), rel=1e-10)


def test_spiegelhalter_hand_computation():
    # y = [0, 1], p = [0.2, 0.6]: numerator (−0.2)(0.6) + (0.4)(−0.2) = −0.2;
    # variance 0.36·0.16 + 0.04·0.24 = 0.0672
    result = spiegelhalter_z_test([0, 1], [0.2, 0.6])
    assert result.z == pytest.approx(-0.2 / math.sqrt(0.0672), rel=1e-12)


def test_spiegelhalter_zero_variance_warns():
    with pytest.warns(UndefinedMetricWarning, match="0/0"):
        result = spiegelhalter_z_test([0, 1, 1], [0.5, 1.0, 0.5])
    assert math.isnan(result.z) and math.isnan(result.pvalue)


# --------------------------------------------------------------- Brier skill


def test_brier_skill_score_hand_and_sklearn():
    y = [0, 1, 1, 0]
    p = [0.1, 0.9, 0.8, 0.3]
    # BS = (0.01 + 0.01 + 0.04 + 0.09) / 4 = 0.0375; reference 0.5 · 0.5 = 0.25
    assert brier_skill_score(y, p) == pytest.approx(1 - 0.0375 / 0.25, abs=1e-15)
    yy, pp = _miscalibrated(n=500, seed=8)
    prevalence = yy.mean()
    assert brier_skill_score(yy, pp) == pytest.approx(
        1 - brier_score_loss(yy, pp) / (prevalence * (1 - prevalence)), rel=1e-14)
    # predicting the prevalence everywhere scores exactly 0
    assert brier_skill_score(yy, np.full(yy.size, prevalence)) == pytest.approx(0, abs=1e-12)


def test_brier_skill_score_weighted_and_errors():
    y, p, w = [0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3], [1, 2, 1, 3]
    assert brier_skill_score(y, p, sample_weight=w) == pytest.approx(
        brier_skill_score(np.repeat(y, w), np.repeat(p, w)), rel=1e-14)
    with pytest.raises(ValueError, match="one class only"):
        brier_skill_score([1, 1], [0.2, 0.9])
    with pytest.raises(ValueError, match="1-D"):
        brier_skill_score([0, 1], [[0.8, 0.2], [0.1, 0.9]])


# ------------------------------------------------------------- per-bin intervals


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_calibration_curve_ci_matches_the_curve_and_scipy_wilson(strategy):
    y, p = _miscalibrated(n=700, seed=9)
    curve = calibration_curve_ci(y, p, n_bins=8, strategy=strategy)
    prob_true, prob_pred, counts = calibration_curve(y, p, n_bins=8, strategy=strategy)
    np.testing.assert_array_equal(curve.prob_true, prob_true)
    np.testing.assert_array_equal(curve.counts, counts)
    for k_frac, n, low, high in zip(curve.prob_true, curve.counts, curve.low, curve.high):
        k = round(k_frac * n)
        ci = binomtest(k, int(n)).proportion_ci(method="wilson")
        assert (low, high) == pytest.approx((ci.low, ci.high), abs=1e-12)
    exact = calibration_curve_ci(y, p, n_bins=8, strategy=strategy,
                                 method="clopper-pearson", confidence_level=0.9)
    k, n = round(exact.prob_true[0] * exact.counts[0]), int(exact.counts[0])
    ci = binomtest(k, n).proportion_ci(method="exact", confidence_level=0.9)
    assert (exact.low[0], exact.high[0]) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_calibration_curve_ci_errors():
    with pytest.raises(ValueError, match="method"):
        calibration_curve_ci([0, 1], [0.2, 0.7], method="wald")
    with pytest.raises(ValueError, match="confidence_level"):
        calibration_curve_ci([0, 1], [0.2, 0.7], confidence_level=95)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        calibration_curve_ci([0, 1], [0.2, 0.7])
