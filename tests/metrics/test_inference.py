"""Confidence intervals and paired tests: roc_auc_ci, delong_test, proportion_ci,
binary_rates_ci and mcnemar_test, checked against independent oracles.

Oracles: a direct O(m·n) implementation of DeLong, DeLong & Clarke-Pearson (1988)
written below from the paper's definitions; pROC's published test values on its
aSAH data set; scikit-learn's roc_auc_score and rates; scipy's binomtest (its
Wilson and exact intervals, its binomial p-value); hand formulas.
"""

import math
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose
from scipy.special import ndtr, ndtri
from scipy.stats import beta, binomtest, chi2

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    ConfidenceInterval,
    DeLongTestResult,
    McNemarTestResult,
    binary_rates_ci,
    delong_test,
    mcnemar_test,
    proportion_ci,
    roc_auc_ci,
    roc_auc_score,
)
from tests.support import examples

SETTINGS = settings(
    max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
Z95 = float(ndtri(0.975))


# ------------------------------------------------------------------ the oracle


def direct_delong(y_true, *scores):
    """DeLong et al. (1988) by their definitions, with O(m·n) kernels.

    Returns the AUCs and S = S10/m + S01/n, the covariance matrix of the AUCs.
    """
    y_true = np.asarray(y_true)
    pos = y_true == 1
    v10, v01, aucs = [], [], []
    for s in scores:
        s = np.asarray(s, dtype=float)
        x, y = s[pos], s[~pos]
        psi = (x[:, None] > y[None, :]) + 0.5 * (x[:, None] == y[None, :])
        v10.append(psi.mean(axis=1))  # V10(X_i) = 1/n sum_j psi(X_i, Y_j)
        v01.append(psi.mean(axis=0))  # V01(Y_j) = 1/m sum_i psi(X_i, Y_j)
        aucs.append(psi.mean())
    m, n = int(pos.sum()), int((~pos).sum())
    s10 = np.atleast_2d(np.cov(np.array(v10)))  # divisor m - 1
    s01 = np.atleast_2d(np.cov(np.array(v01)))
    return np.array(aucs), s10 / m + s01 / n


def clipped(center, half, lo=0.0, hi=1.0):
    return max(lo, center - half), min(hi, center + half)


@st.composite
def tied_binary(draw, min_each=2, max_size=60, score_range=4):
    """Binary labels with at least ``min_each`` of each class and small integer
    scores (many ties), plus a second score on the same samples."""
    n = draw(st.integers(2 * min_each, max_size))
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    y = np.array(y)
    y[:min_each] = 1
    y[min_each : 2 * min_each] = 0
    ints = st.integers(0, score_range)
    a = np.array(draw(st.lists(ints, min_size=n, max_size=n)))
    b = np.array(draw(st.lists(ints, min_size=n, max_size=n)))
    return y, a, b


# --------------------------------------------------------------- roc_auc_ci


@SETTINGS
@given(tied_binary())
def test_delong_interval_matches_the_direct_implementation(data):
    y, a, _ = data
    (auc,), var = direct_delong(y, a)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)  # variance 0 cases
        ci = roc_auc_ci(y, a)
    assert ci.method == "delong" and ci.confidence_level == 0.95
    assert ci.estimate == pytest.approx(auc, abs=1e-12)
    low, high = clipped(auc, Z95 * math.sqrt(max(var[0, 0], 0.0)))
    assert ci.low == pytest.approx(low, abs=1e-12)
    assert ci.high == pytest.approx(high, abs=1e-12)


@SETTINGS
@given(tied_binary(), st.sampled_from([0.5, 0.9, 0.99]))
def test_delong_confidence_level_sets_the_normal_quantile(data, level):
    y, a, _ = data
    (auc,), var = direct_delong(y, a)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        ci = roc_auc_ci(y, a, confidence_level=level)
    half = float(ndtri(0.5 + level / 2)) * math.sqrt(max(var[0, 0], 0.0))
    assert ci.interval == pytest.approx(clipped(auc, half), abs=1e-12)
    assert ci.confidence_level == level


@pytest.mark.parametrize("prevalence", [0.3, 0.7])  # either class is the smaller one
def test_delong_on_continuous_scores_of_two_thousand_samples(prevalence):
    rng = np.random.default_rng(7)
    y = (rng.random(2000) < prevalence).astype(int)
    score = y * 0.8 + rng.normal(size=2000)
    (auc,), var = direct_delong(y, score)
    ci = roc_auc_ci(y, score)
    assert ci.interval == pytest.approx(clipped(auc, Z95 * math.sqrt(var[0, 0])), abs=1e-12)
    assert ci.low > 0.0 and ci.high < 1.0  # not clipped here


@pytest.mark.parametrize("kind", ["float", "rounded", "int"])
def test_estimate_is_exactly_roc_auc_score_and_sklearn(kind):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, size=5000)
    score = y + rng.normal(size=5000)
    if kind == "rounded":
        score = np.round(score, 1)
    elif kind == "int":
        score = np.round(score * 3).astype(np.int64)
    ci = roc_auc_ci(y, score)
    assert ci.estimate == roc_auc_score(y, score)
    assert ci.estimate == pytest.approx(skm.roc_auc_score(y, score), abs=1e-15)


# pROC's aSAH data (Turck et al. 2010, shipped with pROC): the 41 poor-outcome
# (positive) and 72 good-outcome patients, in pROC's data order. Each marker is
# written as the dense ranks of its values, which keep every comparison (and so
# every placement value); they were rebuilt from, and checked against, the
# placement values of pROC's tests/testthat/helper-deLongPlacementsCpp-expected.R.
_ASAH = {
    "wfns": (
        "3 2 4 5 5 5 5 2 5 2 1 2 5 4 4 2 5 5 5 2 5 2 5 2 4 5 4 4 1 4 4 2 2 5 5 2 2 5 5 5 5",
        "1 1 1 1 5 1 2 2 1 2 2 1 1 1 2 1 2 1 1 3 4 1 4 1 5 5 1 1 2 4 1 1 2 2 1 2 1 2 2 1 "
        "1 1 1 2 1 2 1 1 3 2 4 2 1 4 1 1 5 4 2 2 1 1 1 3 1 2 2 4 4 1 1 1",
    ),
    "ndka": (
        "38 25 29 36 4 10 19 44 48 44 44 15 33 40 6 8 31 2 52 40 17 19 23 31 42 27 40 8 "
        "50 35 4 13 40 4 12 44 21 33 46 19 36",
        "1 9 7 18 5 35 5 39 30 39 37 47 11 5 24 5 5 51 26 14 14 39 3 7 5 13 28 7 34 45 7 "
        "5 24 11 7 28 43 41 16 22 49 5 37 14 18 18 34 3 37 24 11 18 39 18 22 7 14 18 43 "
        "9 24 27 45 20 24 11 43 16 32 41 5 30",
    ),
    "s100b": (
        "9 6 12 8 26 31 29 3 20 5 3 24 22 28 31 16 31 31 31 3 31 18 1 5 14 31 16 31 4 16 "
        "9 6 7 14 31 10 31 19 31 31 26",
        "9 10 6 2 27 13 6 6 2 4 2 5 7 3 13 3 7 9 13 2 12 10 21 5 30 27 12 3 25 27 7 4 5 4 "
        "2 9 6 10 11 2 2 5 2 5 4 12 5 4 20 7 17 3 6 19 3 2 15 23 6 11 4 10 6 3 2 13 11 "
        "27 13 11 30 28",
    ),
}
ASAH_Y = np.r_[np.ones(41, dtype=int), np.zeros(72, dtype=int)]
ASAH = {k: np.array(f"{p} {n}".split(), dtype=int) for k, (p, n) in _ASAH.items()}


def test_asah_placements_match_pROC_published_values():
    # pROC tests/testthat/helper-deLongPlacementsCpp-expected.R: theta of each marker
    for name, theta in [
        ("ndka", 0.611957994579946),
        ("wfns", 0.823678861788618),
        ("s100b", 0.731368563685637),
    ]:
        assert roc_auc_score(ASAH_Y, ASAH[name]) == pytest.approx(theta, abs=1e-14)


@pytest.mark.parametrize(
    "name, variance",
    # pROC tests/testthat/test-var.R: var(roc) with the DeLong method
    [("wfns", 0.00146991470882363), ("ndka", 0.0031908105493913), ("s100b", 0.00266868245717244)],
)
def test_delong_variance_matches_pROC(name, variance):
    ci = roc_auc_ci(ASAH_Y, ASAH[name])
    assert ((ci.high - ci.estimate) / Z95) ** 2 == pytest.approx(variance, rel=1e-12)


def test_delong_interval_matches_pROC_ci_auc():
    # pROC tests/testthat/test-ci.auc.R: ci.auc(r.ndka) = (low, auc, high)
    ci = roc_auc_ci(ASAH_Y, ASAH["ndka"])
    expected = (0.501244999271703, 0.611957994579946, 0.722670989888189)
    assert (ci.low, ci.estimate, ci.high) == pytest.approx(expected, abs=1e-13)
    # the pROC documentation's example, ci.auc(aSAH$outcome, aSAH$s100b)
    assert roc_auc_ci(ASAH_Y, ASAH["s100b"]).format(4) == "0.7314 [0.6301, 0.8326]"
    # pROC's direction '>' (ci.auc of -ndka) is the reversed AUC: 1 - each bound
    flipped = roc_auc_ci(ASAH_Y, -ASAH["ndka"])
    assert (1 - flipped.high, 1 - flipped.low) == pytest.approx(expected[::2], abs=1e-13)


@pytest.mark.parametrize(
    "a, b, z, pvalue, low, high",
    # pROC tests/testthat/test-roc.test.R, roc.test(...) defaults (paired DeLong)
    [
        ("wfns", "s100b", 2.20898359144091, 0.0271757822291882, 0.0104061769564846, 0.174214419249478),
        ("wfns", "ndka", 2.79777591868904, 0.00514557970691098, 0.0634011709339876, 0.3600405634833566),
        ("ndka", "s100b", -1.39077002573558, 0.164295175223054, -0.2876917446341914, 0.0488706064228094),
    ],
)
def test_delong_test_matches_pROC_roc_test(a, b, z, pvalue, low, high):
    result = delong_test(ASAH_Y, ASAH[a], ASAH[b])
    assert result.z == pytest.approx(z, rel=1e-12)
    assert result.pvalue == pytest.approx(pvalue, rel=1e-11)
    assert result.ci.interval == pytest.approx((low, high), abs=1e-13)
    reverse = delong_test(ASAH_Y, ASAH[b], ASAH[a])  # pROC: same p, z negated
    assert reverse.z == pytest.approx(-z, rel=1e-12)
    assert reverse.pvalue == pytest.approx(pvalue, rel=1e-11)


@SETTINGS
@given(tied_binary(min_each=1, max_size=30), st.data())
def test_frequency_weights_equal_replicated_rows(data, draw):
    y, a, _ = data
    w = np.array(draw.draw(st.lists(st.integers(0, 3), min_size=y.size, max_size=y.size)))
    rep_y, rep_a = np.repeat(y, w), np.repeat(a, w)
    if min((rep_y == 1).sum(), (rep_y == 0).sum()) < 2:
        return  # the replicated data need two of each class for a variance
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        weighted = roc_auc_ci(y, a, sample_weight=w.astype(float))
        replicated = roc_auc_ci(rep_y, rep_a)
    assert weighted.estimate == pytest.approx(replicated.estimate, abs=1e-12)
    assert weighted.interval == pytest.approx(replicated.interval, abs=1e-12)


def test_non_integer_weights_are_refused_naming_the_bootstrap():
    with pytest.raises(ValueError, match=r"whole numbers.*method='bootstrap'"):
        roc_auc_ci([0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6], sample_weight=[1, 0.5, 1, 1])


def test_bounds_stay_in_unit_interval_near_auc_one_and_zero():
    y = np.array([0] * 6 + [1] * 6)
    score = np.array([0, 1, 2, 3, 4, 6, 5, 7, 8, 9, 10, 11])  # one swapped pair
    (auc,), var = direct_delong(y, score)
    ci = roc_auc_ci(y, score)
    assert auc + Z95 * math.sqrt(var[0, 0]) > 1.0  # the normal bound crosses 1 ...
    assert ci.high == 1.0  # ... and is clipped
    assert ci.low == pytest.approx(auc - Z95 * math.sqrt(var[0, 0]), abs=1e-12)
    reverse = roc_auc_ci(y, -score)
    assert reverse.low == 0.0 and reverse.high == pytest.approx(1 - ci.low, abs=1e-12)


@pytest.mark.parametrize(
    "y, score, auc",
    [
        ([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9], 1.0),  # perfect ranking
        ([0, 0, 1, 1], [0.9, 0.8, 0.2, 0.1], 0.0),  # perfectly reversed
        ([0, 0, 1, 1], [0.5, 0.5, 0.5, 0.5], 0.5),  # all tied
    ],
)
def test_zero_variance_gives_the_degenerate_interval_with_a_warning(y, score, auc):
    with pytest.warns(UndefinedMetricWarning, match="variance of the AUC is 0"):
        ci = roc_auc_ci(y, score)
    assert (ci.estimate, ci.low, ci.high) == (auc, auc, auc)


def test_one_sample_of_a_class_warns_and_drops_its_variance_term():
    y = [1, 0, 0, 0, 0]
    score = [0.5, 0.1, 0.6, 0.3, 0.7]
    with pytest.warns(UndefinedMetricWarning, match="single positive sample"):
        ci = roc_auc_ci(y, score)
    # AUC = 2/4; only S01/n remains: V01 = (0, 1, 0, 1), S01 = 1/3, n = 4
    assert ci.estimate == 0.5
    assert ci.interval == pytest.approx(clipped(0.5, Z95 * math.sqrt(1 / 12)), abs=1e-12)


def test_string_labels_and_pos_label():
    y = np.array(["ham", "spam", "spam", "ham", "spam", "ham", "ham"])
    score = [0.2, 0.7, 0.4, 0.5, 0.9, 0.1, 0.45]
    ci = roc_auc_ci(y, score, pos_label="spam")
    assert ci == roc_auc_ci((y == "spam").astype(int), score)
    with pytest.raises(ValueError, match="pos_label"):
        roc_auc_ci(y, score)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"method": "normal"}, "method must be 'delong' or 'bootstrap'"),
        ({"confidence_level": 95}, "confidence_level"),
        ({"confidence_level": 0.0}, "confidence_level"),
    ],
)
def test_roc_auc_ci_argument_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        roc_auc_ci([0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6], **kwargs)


def test_one_class_is_an_error():
    with pytest.raises(ValueError, match="no positive sample"):
        roc_auc_ci([0, 0, 0], [0.1, 0.2, 0.3])


def test_bootstrap_method_delegates_to_bootstrap_ci():
    bootstrap = pytest.importorskip("evalplots.metrics.inference._bootstrap")
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, size=300)
    score = y + rng.normal(size=300)
    ci = roc_auc_ci(y, score, method="bootstrap", n_resamples=300, random_state=0)
    direct = bootstrap.bootstrap_ci(
        roc_auc_score, y, score, n_resamples=300, confidence_level=0.95,
        random_state=0, sample_weight=None, pos_label=None,
    )
    assert ci == direct
    assert ci.estimate == roc_auc_score(y, score)
    assert ci.method.startswith("bootstrap")


# -------------------------------------------------------------- delong_test


@SETTINGS
@given(tied_binary())
def test_paired_test_matches_the_direct_implementation(data):
    y, a, b = data
    aucs, s = direct_delong(y, a, b)
    var = s[0, 0] + s[1, 1] - 2 * s[0, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)  # variance 0 cases
        result = delong_test(y, a, b)
    diff = aucs[0] - aucs[1]
    assert result.auc_a == pytest.approx(aucs[0], abs=1e-12)
    assert result.auc_b == pytest.approx(aucs[1], abs=1e-12)
    assert result.difference == pytest.approx(diff, abs=1e-12)
    if var > 1e-12:
        se = math.sqrt(var)
        assert result.z == pytest.approx(diff / se, rel=1e-9, abs=1e-12)
        assert result.pvalue == pytest.approx(2 * ndtr(-abs(diff / se)), rel=1e-9, abs=1e-12)
        assert result.ci.interval == pytest.approx(clipped(diff, Z95 * se, -1.0, 1.0), abs=1e-12)
    else:
        assert result.ci.low <= diff + 1e-12 and result.ci.high >= diff - 1e-12
        assert result.ci.high - result.ci.low <= 2 * Z95 * math.sqrt(max(var, 0.0)) + 1e-12


def test_identical_scores_give_z_zero_and_p_one_with_a_warning():
    y, a = ASAH_Y, ASAH["wfns"]
    with pytest.warns(UndefinedMetricWarning, match="variance of the AUC difference is 0"):
        result = delong_test(y, a, a.copy())
    # pROC's test-roc.test.R: roc.test(r.wfns, r.wfns) gives p = 1, Z = 0
    assert (result.z, result.pvalue, result.difference) == (0.0, 1.0, 0.0)
    assert result.ci.interval == (0.0, 0.0)


def test_zero_variance_with_a_difference_gives_infinite_z():
    y = [0, 0, 0, 1, 1, 1]
    perfect = [0.1, 0.2, 0.3, 0.7, 0.8, 0.9]
    constant = [0.5] * 6  # every placement 1/2
    with pytest.warns(UndefinedMetricWarning, match=r"z = ±inf and p = 0"):
        result = delong_test(y, perfect, constant)
    assert result.difference == 0.5
    assert result.z == math.inf and result.pvalue == 0.0


def test_delong_test_names_the_bad_argument():
    with pytest.raises(ValueError, match="y_score_b"):
        delong_test([0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6], [0.1, np.nan, 0.4, 0.6])
    with pytest.raises(ValueError, match="y_score_a has 3"):
        delong_test([0, 1, 0, 1], [0.1, 0.9, 0.4], [0.1, 0.2, 0.4, 0.6])


def test_delong_result_is_frozen_and_reads_as_one_line():
    result = delong_test(ASAH_Y, ASAH["wfns"], ASAH["s100b"], confidence_level=0.9)
    assert isinstance(result, DeLongTestResult) and isinstance(result.ci, ConfidenceInterval)
    assert result.ci.confidence_level == 0.9
    half = float(ndtri(0.95)) * result.difference / result.z
    assert result.ci.interval == pytest.approx(clipped(result.difference, half), abs=1e-14)
    assert str(result) == (
        "AUC a = 0.824, AUC b = 0.731, difference = 0.092 [0.024, 0.161] (90% CI), "
        "z = 2.21, p = 0.0272 (paired DeLong test)"
    )
    with pytest.raises(AttributeError):
        result.z = 0.0


# ----------------------------------------------------------- proportion_ci

COUNTS = [(0, 1), (1, 1), (0, 10), (1, 10), (5, 10), (10, 10), (81, 263), (3, 1000), (999, 1000)]


@pytest.mark.parametrize("k, n", COUNTS)
@pytest.mark.parametrize("level", [0.8, 0.95, 0.99])
def test_wilson_matches_scipy_and_the_hand_formula(k, n, level):
    ci = proportion_ci(k, n, confidence_level=level)
    expected = binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    assert ci.interval == pytest.approx((expected.low, expected.high), abs=1e-12)
    # Wilson (1927) written with p-hat: (p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)
    z, p = float(ndtri(0.5 + level / 2)), k / n
    center = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert ci.interval == pytest.approx((center - half, center + half), abs=1e-12)
    assert ci.estimate == p and ci.method == "wilson" and ci.confidence_level == level


@pytest.mark.parametrize("k, n", COUNTS)
@pytest.mark.parametrize("level", [0.8, 0.95, 0.99])
def test_clopper_pearson_matches_scipy_and_beta_quantiles(k, n, level):
    ci = proportion_ci(k, n, method="clopper-pearson", confidence_level=level)
    expected = binomtest(k, n).proportion_ci(confidence_level=level, method="exact")
    assert ci.interval == pytest.approx((expected.low, expected.high), abs=1e-10)  # scipy: root finding
    alpha = 1 - level
    low = beta.ppf(alpha / 2, k, n - k + 1) if k > 0 else 0.0
    high = beta.ppf(1 - alpha / 2, k + 1, n - k) if k < n else 1.0
    assert ci.interval == pytest.approx((low, high), abs=1e-12)
    assert ci.method == "clopper-pearson"


def test_proportion_bounds_are_exact_at_zero_and_all():
    assert proportion_ci(0, 7).low == 0.0 and proportion_ci(7, 7).high == 1.0
    assert proportion_ci(0, 7, method="clopper-pearson").low == 0.0
    # Clopper-Pearson at k = 0: the upper bound solves (1 - p)^n = alpha/2
    assert proportion_ci(0, 7, method="clopper-pearson").high == pytest.approx(1 - 0.025 ** (1 / 7), abs=1e-14)


def test_proportion_of_zero_trials_warns_and_is_uninformative():
    with pytest.warns(UndefinedMetricWarning, match="0/0"):
        ci = proportion_ci(0, 0)
    assert math.isnan(ci.estimate) and ci.interval == (0.0, 1.0)


@pytest.mark.parametrize(
    "args, kwargs, match",
    [
        ((5, 3), {}, "cannot exceed total"),
        ((-1, 3), {}, "successes must be a whole number"),
        ((1.5, 3), {}, "successes must be a whole number"),
        ((1, "3"), {}, "total must be a whole number"),
        ((1, 3), {"method": "beta"}, "'clopper-pearson'"),
        ((1, 3), {"confidence_level": 1.0}, "confidence_level"),
    ],
)
def test_proportion_ci_errors(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        proportion_ci(*args, **kwargs)


def test_whole_number_floats_are_counts():
    assert proportion_ci(3.0, 10.0) == proportion_ci(3, 10)


# --------------------------------------------------------- binary_rates_ci


@pytest.mark.parametrize("method", ["wilson", "clopper-pearson"])
def test_binary_rates_ci_uses_the_confusion_counts(method):
    rng = np.random.default_rng(5)
    y_true = rng.integers(0, 2, size=500)
    y_pred = np.where(rng.random(500) < 0.8, y_true, 1 - y_true)
    tp = int(((y_true == 1) & (y_pred == 1)).sum())
    fn = int(((y_true == 1) & (y_pred == 0)).sum())
    fp = int(((y_true == 0) & (y_pred == 1)).sum())
    tn = int(((y_true == 0) & (y_pred == 0)).sum())
    out = binary_rates_ci(y_true, y_pred, method=method, confidence_level=0.9)
    assert list(out) == ["accuracy", "precision", "recall", "specificity", "npv"]
    expected = {
        "accuracy": (tp + tn, 500),
        "precision": (tp, tp + fp),
        "recall": (tp, tp + fn),
        "specificity": (tn, tn + fp),
        "npv": (tn, tn + fn),
    }
    for name, (k, n) in expected.items():
        assert out[name] == proportion_ci(k, n, method=method, confidence_level=0.9)
    assert out["accuracy"].estimate == pytest.approx(skm.accuracy_score(y_true, y_pred), abs=1e-15)
    assert out["precision"].estimate == pytest.approx(skm.precision_score(y_true, y_pred), abs=1e-15)
    assert out["recall"].estimate == pytest.approx(skm.recall_score(y_true, y_pred), abs=1e-15)
    assert out["specificity"].estimate == pytest.approx(
        skm.recall_score(y_true, y_pred, pos_label=0), abs=1e-15
    )
    assert out["npv"].estimate == pytest.approx(skm.precision_score(y_true, y_pred, pos_label=0), abs=1e-15)


def test_binary_rates_ci_string_labels_need_pos_label():
    y_true = ["spam", "ham", "spam", "ham", "ham"]
    y_pred = ["spam", "spam", "ham", "ham", "ham"]
    out = binary_rates_ci(y_true, y_pred, pos_label="spam")
    assert out["recall"] == proportion_ci(1, 2) and out["specificity"] == proportion_ci(2, 3)
    with pytest.raises(ValueError, match="pos_label"):
        binary_rates_ci(y_true, y_pred)


def test_binary_rates_ci_empty_denominators_warn_once_and_are_uninformative():
    y_true = [0, 0, 1, 0]
    y_pred = [0, 0, 0, 0]  # no predicted positive: precision is 0/0
    with pytest.warns(UndefinedMetricWarning, match="precision is undefined") as record:
        out = binary_rates_ci(y_true, y_pred)
    assert len(record) == 1
    assert math.isnan(out["precision"].estimate) and out["precision"].interval == (0.0, 1.0)
    assert out["recall"] == proportion_ci(0, 1) and out["npv"] == proportion_ci(3, 4)
    # a single class, negative: recall and precision are both undefined
    with pytest.warns(UndefinedMetricWarning, match="precision, recall are undefined"):
        out = binary_rates_ci([0, 0, 0], [0, 0, 0])
    assert out["specificity"] == proportion_ci(3, 3)


def test_binary_rates_ci_refuses_three_classes_and_scores():
    with pytest.raises(ValueError, match="3 classes"):
        binary_rates_ci([0, 1, 2], [0, 1, 1])
    with pytest.raises(ValueError, match="threshold"):
        binary_rates_ci([0, 1, 1], [0.2, 0.7, 0.9])


# ----------------------------------------------------------- mcnemar_test


def _binomial_two_sided(b, n):
    """Exact two-sided p of b successes in n fair-coin trials, by hand: twice the
    smaller tail (symmetric null), capped at 1."""
    k = min(b, n - b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def _pairs(b, c, both_right=5, both_wrong=3):
    """Labels and two predictions with b (a right, b wrong) and c (a wrong, b right)."""
    y = np.array([1] * (b + c + both_right + both_wrong))
    pa = np.array([1] * b + [0] * c + [1] * both_right + [0] * both_wrong)
    pb = np.array([0] * b + [1] * c + [1] * both_right + [0] * both_wrong)
    return y, pa, pb


@pytest.mark.parametrize("b, c", [(3, 9), (0, 5), (7, 7), (12, 12), (1, 0)])
def test_mcnemar_exact_below_25_discordant(b, c):
    result = mcnemar_test(*_pairs(b, c))
    assert (result.b, result.c, result.method) == (b, c, "exact")
    assert result.statistic == min(b, c)
    assert result.pvalue == pytest.approx(_binomial_two_sided(b, b + c), rel=1e-12)
    assert result.pvalue == pytest.approx(binomtest(b, b + c, 0.5).pvalue, rel=1e-12)


@pytest.mark.parametrize("b, c", [(30, 12), (12, 30), (20, 5), (40, 41)])
def test_mcnemar_chi_square_with_continuity_correction(b, c):
    result = mcnemar_test(*_pairs(b, c))
    assert result.method == "chi2"
    statistic = max(abs(b - c) - 1, 0) ** 2 / (b + c)  # Edwards (1948)
    assert result.statistic == pytest.approx(statistic, rel=1e-15)
    assert result.pvalue == pytest.approx(chi2.sf(statistic, 1), rel=1e-12)


def test_mcnemar_exact_argument_overrides_the_rule():
    forced = mcnemar_test(*_pairs(30, 12), exact=True)
    assert forced.method == "exact"
    assert forced.pvalue == pytest.approx(_binomial_two_sided(30, 42), rel=1e-12)
    approx = mcnemar_test(*_pairs(3, 9), exact=False)
    assert approx.method == "chi2" and approx.statistic == pytest.approx(25 / 12)


def test_mcnemar_no_discordant_pairs_is_p_one():
    y, pa, _ = _pairs(0, 0)
    for exact in (None, True, False):
        result = mcnemar_test(y, pa, pa, exact=exact)
        assert (result.statistic, result.pvalue, result.b, result.c) == (0.0, 1.0, 0, 0)


def test_mcnemar_multiclass_string_labels():
    y = ["cat", "dog", "eel", "cat", "dog", "eel", "cat"]
    a = ["cat", "dog", "eel", "dog", "dog", "cat", "cat"]  # wrong at 3, 5
    b = ["cat", "eel", "eel", "cat", "cat", "cat", "eel"]  # wrong at 1, 4, 5, 6
    result = mcnemar_test(y, a, b)
    assert (result.b, result.c) == (3, 1)  # only a right: 1, 4, 6; only b right: 3
    assert result.pvalue == pytest.approx(0.625, rel=1e-12)  # 2 * (1 + 4) / 16


def test_mcnemar_errors_and_text():
    with pytest.raises(ValueError, match="exact must be"):
        mcnemar_test([0, 1], [0, 1], [1, 1], exact="yes")
    with pytest.raises(ValueError, match="y_pred_b"):
        mcnemar_test([0, 1], [0, 1], [1, 1, 0])
    result = mcnemar_test(*_pairs(3, 9))
    assert isinstance(result, McNemarTestResult)
    assert str(result) == "McNemar's test (exact binomial): b = 3, c = 9, statistic = 3, p = 0.1460"
    assert str(mcnemar_test(*_pairs(30, 12))).startswith(
        "McNemar's test (chi-square, continuity-corrected): b = 30, c = 12, statistic = 6.881"
    )


def test_pvalue_text_of_an_underflowed_pvalue():
    # McNemar with b = 10001, c = 1702: chi-square = (|b - c| - 1)^2 / (b + c) = 5883.8,
    # whose tail underflows to 0.0; the text says it is below what a float holds
    from evalplots.metrics._format import format_pvalue

    y_true = np.ones(11703, int)
    a_right = np.r_[np.ones(10001, int), np.zeros(1702, int)]  # b = 10001, c = 1702
    result = mcnemar_test(y_true, a_right, 1 - a_right)
    assert result.statistic == pytest.approx((10001 - 1702 - 1) ** 2 / 11703)
    assert result.pvalue == 0.0 and format_pvalue(result.pvalue) == "< 1e-300"
    assert [format_pvalue(p) for p in (0.02718, 2.7e-7, float("nan"))] == \
        ["0.0272", "2.7e-07", "nan"]


# ------------------------------------------------ unpaired and one-sided DeLong


@pytest.mark.parametrize(
    "a, b, statistic, pvalue",
    # pROC tests/testthat/test-roc.test.R, "unpaired roc.test statistic and p are
    # as expected": roc.test(r.a, r.b, paired = FALSE), statistic D
    [
        ("wfns", "s100b", 1.43490640926908, 0.152825378808796),
        ("wfns", "ndka", 3.10125096778969, 0.00220950791756457),
        ("ndka", "s100b", -1.55995743389685, 0.120192832430845),
    ],
)
def test_unpaired_delong_matches_pROC(a, b, statistic, pvalue):
    result = delong_test(ASAH_Y, ASAH[a], ASAH[b], paired=False)
    assert result.z == pytest.approx(statistic, rel=1e-12)
    assert result.pvalue == pytest.approx(pvalue, rel=1e-11)
    assert not result.paired and result.alternative == "two-sided"
    reverse = delong_test(ASAH_Y, ASAH[b], ASAH[a], paired=False)
    assert (reverse.z, reverse.pvalue) == pytest.approx((-statistic, pvalue), rel=1e-11)


def test_one_sided_delong_matches_pROC():
    # pROC test-roc.test.R: roc.test(r.wfns, r.s100b, alternative = ...), paired
    # and unpaired; the statistic is the two-sided one
    greater = delong_test(ASAH_Y, ASAH["wfns"], ASAH["s100b"], alternative="greater")
    less = delong_test(ASAH_Y, ASAH["wfns"], ASAH["s100b"], alternative="less")
    assert greater.pvalue == pytest.approx(0.0135878911145941, rel=1e-11)
    assert less.pvalue == pytest.approx(0.986412108885406, rel=1e-12)
    assert greater.z == less.z == pytest.approx(2.20898359144091, rel=1e-12)
    assert greater.ci == less.ci  # the interval stays two-sided, as pROC's
    up_greater = delong_test(ASAH_Y, ASAH["wfns"], ASAH["s100b"], paired=False,
                             alternative="greater")
    up_less = delong_test(ASAH_Y, ASAH["wfns"], ASAH["s100b"], paired=False,
                          alternative="less")
    assert up_greater.pvalue == pytest.approx(0.076412689404398, rel=1e-11)
    assert up_less.pvalue == pytest.approx(0.923587310595602, rel=1e-12)


def test_unpaired_delong_on_two_samples_by_hand():
    # independent samples: D = (θa − θb) / sqrt(Va + Vb), Welch df, t interval
    from scipy.stats import t as student

    rng = np.random.default_rng(11)
    ya, yb = rng.integers(0, 2, size=120), rng.integers(0, 2, size=90)
    sa, sb = ya + rng.normal(size=120), yb + 0.6 * rng.normal(size=90)
    (ta,), va = direct_delong(ya, sa)
    (tb,), vb = direct_delong(yb, sb)
    va, vb = va[0, 0], vb[0, 0]
    df = (va + vb) ** 2 / (va ** 2 / 119 + vb ** 2 / 89)
    d = (ta - tb) / math.sqrt(va + vb)
    result = delong_test(ya, sa, sb, paired=False, y_true_b=yb, confidence_level=0.9)
    assert result.z == pytest.approx(d, rel=1e-12)
    assert result.df == pytest.approx(df, rel=1e-12)
    assert result.pvalue == pytest.approx(2 * student.sf(abs(d), df), rel=1e-10)
    half = student.ppf(0.95, df) * math.sqrt(va + vb)
    assert result.ci.interval == pytest.approx((ta - tb - half, ta - tb + half), abs=1e-13)
    assert "unpaired, df = " in str(result) and "D = " in str(result)


def test_delong_test_argument_errors():
    y, a, b = [0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6], [0.2, 0.8, 0.3, 0.7]
    with pytest.raises(ValueError, match="alternative must be"):
        delong_test(y, a, b, alternative="two.sided")
    with pytest.raises(ValueError, match="y_true_b is for the unpaired test"):
        delong_test(y, a, b, y_true_b=y)
    with pytest.raises(ValueError, match="Inconsistent numbers of samples"):
        delong_test(y, a, b + [0.5], paired=False)


def test_one_sided_degenerate_rule():
    y, a = [0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6]
    with pytest.warns(UndefinedMetricWarning, match="variance of the AUC difference is 0"):
        result = delong_test(y, a, a, alternative="greater")
    assert (result.z, result.pvalue) == (0.0, 0.5)
