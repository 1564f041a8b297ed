"""Operating points with intervals (sensitivity at specificity, specificity at
sensitivity, precision at recall) and the likelihood ratios.

Oracles: a literal port, written below, of pROC's curve (roc_utils_thresholds:
midpoints between distinct values) and of coords(..., input = "specificity" |
"sensitivity" | "recall") from pROC's R/coords.R; the exact bootstrap
distribution by enumerating every stratified resample of tiny data; a loop of
explicit stratified resamples; scikit-learn's class_likelihood_ratios for LR±;
the log-method formula of Simel et al. (1991) by hand.
"""

import itertools
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import ndtri
from sklearn.metrics import class_likelihood_ratios

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    likelihood_ratios,
    precision_at_recall,
    sensitivity_at_specificity,
    specificity_at_sensitivity,
)
from evalplots.metrics.inference._operating_points import sensitivity_replicates
from tests.support import examples


def proc_curve(controls, cases):
    """pROC's curve, thresholds ascending: sp increasing, se decreasing."""
    values = np.unique(np.r_[controls, cases])
    thresholds = (np.r_[-np.inf, values] + np.r_[values, np.inf]) / 2
    se = np.sum(cases[None, :] > thresholds[:, None], axis=1) / cases.size
    sp = (controls.size - np.sum(controls[None, :] > thresholds[:, None], axis=1)) / controls.size
    return se, sp


def proc_coords(input_values, se, sp, value, decreasing):
    """pROC R/coords.R, 'Arbitrary coord given in input' branch, for one value."""
    idx = np.flatnonzero(input_values == value)
    if idx.size > 1:
        idx = idx[-1:] if decreasing else idx[:1]
    if idx.size == 1:
        return se[idx[0]], sp[idx[0]]
    nxt = (np.flatnonzero(input_values < value) if decreasing
           else np.flatnonzero(input_values > value))[0]
    proportion = (value - input_values[nxt]) / (input_values[nxt - 1] - input_values[nxt])
    return (se[nxt] + proportion * (se[nxt - 1] - se[nxt]),
            sp[nxt] + proportion * (sp[nxt - 1] - sp[nxt]))


def proc_se_at_sp(controls, cases, s):
    se, sp = proc_curve(controls, cases)
    return proc_coords(sp, se, sp, s, decreasing=False)[0]


def proc_sp_at_se(controls, cases, s):
    se, sp = proc_curve(controls, cases)
    return proc_coords(se, se, sp, s, decreasing=True)[1]


def proc_precision_at_recall(controls, cases, r):
    se, sp = proc_curve(controls, cases)
    se_r, sp_r = proc_coords(se, se, sp, r, decreasing=True)
    tp, fp = se_r * cases.size, (1 - sp_r) * controls.size
    return tp / (tp + fp)


def split(y, score):
    y, score = np.asarray(y), np.asarray(score, dtype=float)
    return score[y == 0], score[y == 1]


small_data = st.integers(2, 40).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda v: 0 < sum(v) < len(v)),
    st.lists(st.integers(0, 6), min_size=n, max_size=n),
))


@settings(max_examples=examples(120), deadline=None)
@given(small_data, st.integers(0, 20))
def test_point_values_match_the_proc_port(data, k):
    y, score = data
    controls, cases = split(y, score)
    # targets on the curve's grid (exact matches) and between it
    for s in {k / 20, min(1.0, k / controls.size), 0.9, 0.95, 1.0, 0.0}:
        got = sensitivity_at_specificity(y, score, s, n_resamples=1).estimate
        assert got == pytest.approx(proc_se_at_sp(controls, cases, s), abs=1e-12)
    for s in {k / 20, min(1.0, k / cases.size), 0.9, 1.0, 0.0}:
        got = specificity_at_sensitivity(y, score, s, n_resamples=1).estimate
        assert got == pytest.approx(proc_sp_at_se(controls, cases, s), abs=1e-12)
    for r in {max(k, 1) / 20, 1.0, 0.5}:
        got = precision_at_recall(y, score, r, n_resamples=1).estimate
        assert got == pytest.approx(proc_precision_at_recall(controls, cases, r), abs=1e-12)


def test_hand_values():
    y = [0, 0, 0, 0, 1, 1, 1, 1]
    score = [0.1, 0.2, 0.3, 0.6, 0.4, 0.5, 0.7, 0.8]
    # specificity 0.75 is reached at the cut just above 0.3: positives above 0.3: 4/4
    assert sensitivity_at_specificity(y, score, 0.75, n_resamples=1).estimate == 1.0
    # 0.875 lies between the lowest point at sp 0.75 (cut above 0.5: se 0.5) and
    # sp 1 (cut above 0.6: se 0.5): 0.5, not the 1 of the highest point at 0.75
    assert sensitivity_at_specificity(y, score, 0.875, n_resamples=1).estimate == 0.5
    # sensitivity 0.75: only the cut above 0.4 (0.5, 0.7, 0.8 above it), at sp 0.75
    assert specificity_at_sensitivity(y, score, 0.75, n_resamples=1).estimate == 0.75


def _enumerated_distribution(controls, cases, s):
    """Every stratified resample of tiny data, equally likely."""
    counts = Counter()
    for c in itertools.product(controls, repeat=controls.size):
        for d in itertools.product(cases, repeat=cases.size):
            counts[round(proc_se_at_sp(np.array(c), np.array(d), s), 12)] += 1
    total = sum(counts.values())
    return {k: v / total for k, v in counts.items()}


@pytest.mark.parametrize("controls, cases, s", [
    ([0.1, 0.4, 0.4, 0.7], [0.3, 0.5, 0.9], 0.5),    # ties among the negatives
    ([0.1, 0.3, 0.6, 0.8], [0.3, 0.6, 0.65], 0.8),   # ties across the classes, interpolation
    ([0.2, 0.5, 0.9], [0.4, 0.5, 1.0], 1 / 3),       # exact grid value
])
def test_bootstrap_draws_follow_the_exact_stratified_distribution(controls, cases, s):
    controls, cases = np.array(controls), np.array(cases)
    exact = _enumerated_distribution(controls, cases, s)
    n_draws = 200_000
    draws = sensitivity_replicates(np.sort(controls), np.sort(cases), s, n_draws,
                                   np.random.default_rng(0))
    seen = Counter(np.round(draws, 12).tolist())
    assert set(seen) <= set(exact)  # no value the resampling cannot give
    for value, p in exact.items():
        sd = math.sqrt(p * (1 - p) / n_draws)
        assert abs(seen[value] / n_draws - p) < 5 * sd + 1e-12, (value, p)


def test_interval_agrees_with_explicit_resamples():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, size=600)
    score = np.round(y + rng.normal(size=600), 1)
    controls, cases = split(y, score)
    loop = np.array([proc_se_at_sp(rng.choice(controls, controls.size),
                                   rng.choice(cases, cases.size), 0.9) for _ in range(1000)])
    ci = sensitivity_at_specificity(y, score, 0.9, n_resamples=20000, random_state=1)
    low, high = np.quantile(loop, [0.025, 0.975])
    assert ci.low == pytest.approx(low, abs=0.03) and ci.high == pytest.approx(high, abs=0.03)
    assert ci.method == "bootstrap-percentile-stratified"


def test_seed_reproduces_and_level_orders():
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, size=300)
    score = y + rng.normal(size=300)
    a = specificity_at_sensitivity(y, score, 0.9, random_state=7)
    assert a == specificity_at_sensitivity(y, score, 0.9, random_state=7)
    wide = specificity_at_sensitivity(y, score, 0.9, random_state=7, confidence_level=0.99)
    assert wide.low <= a.low <= a.estimate <= a.high <= wide.high


@pytest.mark.parametrize("func, arg, value", [
    (sensitivity_at_specificity, "specificity", 1.5),
    (specificity_at_sensitivity, "sensitivity", -0.1),
    (precision_at_recall, "recall", 0.0),
])
def test_bad_targets(func, arg, value):
    with pytest.raises(ValueError, match=arg):
        func([0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6], value)


def test_bad_bootstrap_arguments_and_one_class():
    with pytest.raises(ValueError, match="n_resamples"):
        sensitivity_at_specificity([0, 1], [0.1, 0.9], 0.9, n_resamples=0)
    with pytest.raises(ValueError, match="confidence_level"):
        sensitivity_at_specificity([0, 1], [0.1, 0.9], 0.9, confidence_level=1.0)
    with pytest.raises(ValueError, match="no positive sample"):
        sensitivity_at_specificity([0, 0], [0.1, 0.9], 0.9)


# ------------------------------------------------------------ likelihood ratios


def test_likelihood_ratios_match_sklearn_and_the_log_method():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, size=400)
    pred = np.where(rng.random(400) < 0.8, y, 1 - y)
    result = likelihood_ratios(y, pred)
    lr_pos, lr_neg = class_likelihood_ratios(y, pred)
    assert result.positive.estimate == pytest.approx(lr_pos, rel=1e-14)
    assert result.negative.estimate == pytest.approx(lr_neg, rel=1e-14)
    tp = np.sum((y == 1) & (pred == 1)); fn = np.sum((y == 1) & (pred == 0))
    fp = np.sum((y == 0) & (pred == 1)); tn = np.sum((y == 0) & (pred == 0))
    se = math.sqrt(1 / tp - 1 / (tp + fn) + 1 / fp - 1 / (fp + tn))
    z = ndtri(0.975)
    assert result.positive.interval == pytest.approx(
        (lr_pos * math.exp(-z * se), lr_pos * math.exp(z * se)), rel=1e-12)
    se_neg = math.sqrt(1 / fn - 1 / (tp + fn) + 1 / tn - 1 / (fp + tn))
    assert result.negative.high == pytest.approx(lr_neg * math.exp(z * se_neg), rel=1e-12)


def test_likelihood_ratios_zero_counts_warn():
    with pytest.warns(UndefinedMetricWarning, match="LR\\+ has a zero count in its denominator"):
        result = likelihood_ratios([1, 1, 0, 0], [1, 0, 0, 0])
    assert math.isnan(result.positive.estimate) and math.isnan(result.positive.low)
    assert result.negative.estimate == pytest.approx(0.5)
    with pytest.raises(ValueError, match="no negative sample"):
        likelihood_ratios([1, 1], [1, 0])


def test_likelihood_ratios_string_labels():
    y = ["ill", "well", "ill", "well", "ill", "well"]
    pred = ["ill", "well", "well", "ill", "ill", "well"]
    result = likelihood_ratios(y, pred, pos_label="ill")
    # se = 2/3, sp = 2/3: LR+ = 2, LR- = 0.5
    assert (result.positive.estimate, result.negative.estimate) == pytest.approx((2.0, 0.5))


def test_specificity_on_the_grid_despite_rounding():
    # 0.28 * 25 rounds to 7.000000000000001, but 7 / 25 == 0.28: the 7th negative
    # (score 6) decides, with 3 of 4 positives above it; not the 8th (2 of 4)
    y = [0] * 25 + [1] * 4
    score = list(range(25)) + [5.5, 6.5, 7.5, 30]
    assert 0.28 * 25 > 7 and 7 / 25 == 0.28
    assert sensitivity_at_specificity(y, score, 0.28, n_resamples=1).estimate == 0.75
