"""bootstrap_ci and the ROC/P-R bootstrap bands.

Oracles: scipy.stats.bootstrap (same formulas, its own resamples: compared within
Monte Carlo tolerance), a hand computation of the BCa formula on the resamples the
documented plan draws, scikit-learn metrics looped over those resamples, and a tiny
case whose band follows from enumerating the possible resamples by hand.
"""

import numpy as np
import pytest
import scipy.stats
import sklearn.metrics as skm

from evalplots.exceptions import BootstrapWarning
from evalplots.metrics import (
    average_precision_score,
    bootstrap_ci,
    break_even_point,
    f1_score,
    log_loss,
    mean_absolute_error,
    precision_recall_ci_band,
    r2_score,
    roc_auc_score,
    roc_curve,
    roc_curve_ci_band,
)
from evalplots.metrics.inference._replicates import ClassCurves
from evalplots.metrics.inference._resample import (
    ResamplePlan,
    class_strata,
    position_plan,
    resample_plan,
)


def binary_data(n, seed=0, prevalence=0.3, decimals=None):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prevalence).astype(int)
    s = rng.normal(size=n) + y
    return y, (s if decimals is None else np.round(s, decimals))


def resamples(y_true, n_resamples, seed, *, stratify=True):
    """The row indices of bootstrap_ci's resamples for ``seed`` (its documented plan)."""
    plan = resample_plan(y_true, len(y_true), stratify=stratify)
    rng = np.random.default_rng(seed)
    return [rows for block in plan.index_blocks(rng, n_resamples) for rows in block]


def generic(metric):
    """The same metric under another identity, so bootstrap_ci takes the generic loop."""

    def wrapped(y_true, y_pred, **kwargs):
        return metric(y_true, y_pred, **kwargs)

    return wrapped


# --- BCa and percentile formulas -------------------------------------------------


def test_bca_equals_a_hand_computation_on_the_same_resamples():
    rng = np.random.default_rng(3)
    x = rng.exponential(size=60)
    y = np.zeros(60)  # one class; stratify=False anyway

    def mean_metric(y_true, y_pred):
        return float(np.mean(y_pred))

    ci = bootstrap_ci(mean_metric, y, x, n_resamples=999, stratify=False, random_state=7)
    theta = np.array([x[rows].mean() for rows in resamples(y, 999, 7, stratify=False)])
    est = x.mean()
    # Efron & Tibshirani (1993) eq. 14.14-14.15, mid-rank z0 as scipy
    z0 = scipy.stats.norm.ppf((np.sum(theta < est) + np.sum(theta <= est)) / (2 * 999))
    jack = (x.sum() - x) / (x.size - 1)  # leave-one-out means (n <= 1000)
    d = jack.mean() - jack
    a = np.sum(d**3) / (6 * np.sum(d**2) ** 1.5)
    z = scipy.stats.norm.ppf([0.025, 0.975])
    levels = scipy.stats.norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z)))
    low, high = np.quantile(theta, levels)
    assert ci.method == "bootstrap-bca"
    assert ci.estimate == pytest.approx(est, rel=1e-15)
    assert (ci.low, ci.high) == pytest.approx((low, high), rel=1e-12)
    pct = bootstrap_ci(mean_metric, y, x, n_resamples=999, stratify=False, random_state=7,
                       method="percentile")
    assert (pct.low, pct.high) == pytest.approx(tuple(np.quantile(theta, [0.025, 0.975])),
                                                rel=1e-12)
    assert ci.low > pct.low  # right-skewed data: BCa shifts the interval right


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_agrees_with_scipy_bootstrap_unstratified(method):
    rng = np.random.default_rng(11)
    x = rng.exponential(size=150)
    res = scipy.stats.bootstrap(
        (x,), np.mean, n_resamples=20000, method=method, confidence_level=0.9,
        random_state=np.random.default_rng(1),
    )
    ci = bootstrap_ci(
        lambda y_true, y_pred: np.mean(y_pred), np.zeros(150), x, n_resamples=20000,
        method=method, stratify=False, confidence_level=0.9, random_state=2,
    )
    se = res.standard_error  # ~0.08; Monte Carlo error of the ends ~0.002
    assert ci.low == pytest.approx(res.confidence_interval.low, abs=0.1 * se)
    assert ci.high == pytest.approx(res.confidence_interval.high, abs=0.1 * se)
    assert ci.confidence_level == 0.9


# --- stratification ----------------------------------------------------------------


def class_count_recorder(classes):
    seen = []

    def metric(y_true, y_pred):
        seen.append([int(np.sum(y_true == c)) for c in classes])
        return float(np.mean(y_pred == y_true))

    return metric, seen


def test_stratified_resamples_keep_every_class_count():
    rng = np.random.default_rng(0)
    y = np.array(["a"] * 50 + ["b"] * 7 + ["c"] * 3)
    pred = np.where(rng.random(60) < 0.7, y, "a")
    metric, seen = class_count_recorder(["a", "b", "c"])
    bootstrap_ci(metric, y, pred, n_resamples=300, method="percentile", random_state=0)
    assert len(seen) == 301  # the full sample, then the resamples
    assert all(counts == [50, 7, 3] for counts in seen)


def test_cumulative_blocks_count_the_plans_draws_below_each_position():
    """Entry [b, t] of a stratum's cumulated block is the number of the draws of
    resample b below position t: the very draws of draw_blocks for the same seed, in
    blocks of 2**20 // n resamples (small strata, so several blocks)."""
    plan = position_plan([3, 50_000, 1])
    assert plan.n_samples == 50_004 and plan.block == 20
    cumulated = list(plan.cumulative_blocks(np.random.default_rng(4), 45))
    drawn = list(plan.draw_blocks(np.random.default_rng(4), 45))
    assert [c[0].shape[0] for c in cumulated] == [20, 20, 5]
    for got, draws in zip(cumulated, drawn):
        for below, positions, size in zip(got, draws, (3, 50_000, 1)):
            t = np.array([0, 1, size // 2, size])
            want = (positions[:, :, None] < t).sum(axis=1)
            np.testing.assert_array_equal(below[:, t], want)
            assert below.dtype == np.int64 and below.shape[1] == size + 1


def test_unstratified_resamples_vary_the_class_counts():
    rng = np.random.default_rng(0)
    y = np.array(["a"] * 50 + ["b"] * 7 + ["c"] * 3)
    pred = np.where(rng.random(60) < 0.7, y, "a")
    metric, seen = class_count_recorder(["a", "b", "c"])
    bootstrap_ci(metric, y, pred, n_resamples=300, method="percentile", stratify=False,
                 random_state=0)
    counts = np.array(seen[1:])
    assert (counts.sum(axis=1) == 60).all()
    assert (counts[:, 2] == 0).sum() > 0  # (57/60)**60 = 4.6 % of resamples lack 'c'
    assert len({tuple(c) for c in counts}) > 50


def test_stratification_rule():
    n = 100
    strata = class_strata(np.r_[np.zeros(70), np.ones(30)])
    assert [s.size for s in strata] == [70, 30]
    assert class_strata(np.linspace(0, 1, n)) is None  # fractional floats: regression
    assert class_strata(np.arange(n) % 20) is not None  # 20 classes <= 100 // 5
    assert class_strata(np.arange(n) % 21) is None  # 21 values > 100 // 5: counts
    assert class_strata(np.array([0, 1, 0])) is not None  # binary: always stratified
    assert class_strata(np.zeros((4, 2))) is None  # not 1-D


# --- fast kernels == generic loop -----------------------------------------------------


@pytest.mark.parametrize("n", [400, 2500])  # leave-one-out and grouped jackknife
@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_fast_auc_is_bit_identical_to_the_generic_loop(n, method):
    y, s = binary_data(n, seed=n, decimals=1)  # many ties
    kw = dict(n_resamples=300, method=method, random_state=5)
    fast = bootstrap_ci(roc_auc_score, y, s, **kw)
    assert fast == bootstrap_ci(generic(roc_auc_score), y, s, **kw)


@pytest.mark.parametrize("metric", [roc_auc_score, average_precision_score])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("stratify", [True, False])
def test_fast_paths_equal_the_generic_loop(metric, weighted, stratify):
    y, s = binary_data(600, seed=1, prevalence=0.5, decimals=1)
    labels = np.where(y == 1, "spam", "ham")
    w = np.random.default_rng(2).random(600) if weighted else None
    kw = dict(n_resamples=200, random_state=9, stratify=stratify, pos_label="spam",
              sample_weight=w)
    fast = bootstrap_ci(metric, labels, s, **kw)
    slow = bootstrap_ci(generic(metric), labels, s, **kw)
    assert fast.estimate == slow.estimate
    assert (fast.low, fast.high) == pytest.approx((slow.low, slow.high), rel=1e-12)


def test_fast_auc_matches_a_sklearn_loop_over_the_same_resamples():
    y, s = binary_data(3000, seed=4)
    ci = bootstrap_ci(roc_auc_score, y, s, n_resamples=400, method="percentile",
                      random_state=3)
    values = [skm.roc_auc_score(y[rows], s[rows]) for rows in resamples(y, 400, 3)]
    assert (ci.low, ci.high) == pytest.approx(tuple(np.quantile(values, [0.025, 0.975])),
                                              rel=1e-12)


def test_roc_auc_ci_call_shape_works():
    """The call roc_auc_ci(method='bootstrap') makes: every keyword explicit."""
    y, s = binary_data(500, seed=8)
    ci = bootstrap_ci(roc_auc_score, y, s, n_resamples=500, confidence_level=0.9,
                      random_state=0, sample_weight=None, pos_label=None)
    a = skm.roc_auc_score(y, s)
    assert ci.estimate == pytest.approx(a, rel=1e-15)
    assert ci.low < ci.estimate < ci.high and ci.confidence_level == 0.9
    # width ~ 2 z SE, with Hanley & McNeil's (1982) standard error of the AUC
    p, n = y.sum(), (1 - y).sum()
    q1, q2 = a / (2 - a), 2 * a**2 / (1 + a)
    se = np.sqrt((a * (1 - a) + (p - 1) * (q1 - a**2) + (n - 1) * (q2 - a**2)) / (p * n))
    assert ci.high - ci.low == pytest.approx(2 * 1.645 * se, rel=0.2)


# --- any metric: oracle = scikit-learn on the same resamples ----------------------------


def percentile_oracle(sk_metric, y, pred, seed, n_resamples=200, weight=None, **kw):
    values = []
    for rows in resamples(y, n_resamples, seed):
        extra = {} if weight is None else {"sample_weight": weight[rows]}
        values.append(sk_metric(y[rows], pred[rows], **kw, **extra))
    return np.quantile(values, [0.025, 0.975])


def check_against(metric, sk_metric, y, pred, weight=None, **kw):
    extra = {} if weight is None else {"sample_weight": weight}
    ci = bootstrap_ci(metric, y, pred, n_resamples=200, method="percentile",
                      random_state=4, **kw, **extra)
    expected = percentile_oracle(sk_metric, y, pred, 4, weight=weight, **kw)
    assert ci.estimate == pytest.approx(sk_metric(y, pred, **kw, **extra), rel=1e-12)
    assert (ci.low, ci.high) == pytest.approx(tuple(expected), rel=1e-10)
    assert ci.low <= ci.estimate <= ci.high


def test_average_precision_and_f1_at_a_threshold():
    y, s = binary_data(400, seed=6)
    check_against(average_precision_score, skm.average_precision_score, y, s)
    check_against(f1_score, skm.f1_score, y, (s >= 0.5).astype(int))


def test_macro_f1_multiclass():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 4, 500)
    pred = np.where(rng.random(500) < 0.6, y, rng.integers(0, 4, 500))
    check_against(f1_score, skm.f1_score, y, pred, average="macro")


def test_log_loss_resamples_rows_of_the_probability_matrix():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 3, 300)
    logits = rng.normal(size=(300, 3)) + 2 * np.eye(3)[y]
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    check_against(log_loss, skm.log_loss, y, proba, labels=[0, 1, 2])


def test_regression_metrics_with_resampled_sample_weight():
    rng = np.random.default_rng(7)
    y = rng.normal(size=300)
    pred = y + rng.normal(scale=0.5, size=300)
    w = rng.random(300)
    assert class_strata(y) is None  # plain resampling: the oracle's plan is the same
    check_against(mean_absolute_error, skm.mean_absolute_error, y, pred, weight=w)
    check_against(r2_score, skm.r2_score, y, pred)


def test_break_even_point():
    y, s = binary_data(300, seed=9)
    ci = bootstrap_ci(break_even_point, y, s, n_resamples=200, random_state=0)
    values = [break_even_point(y[rows], s[rows]) for rows in resamples(y, 200, 0)]
    assert ci.estimate == break_even_point(y, s)
    assert min(values) <= ci.low < ci.estimate < ci.high <= max(values)


# --- reproducibility, degenerate cases, errors ----------------------------------------


def test_same_seed_same_interval_and_generators_accepted():
    y, s = binary_data(300, seed=1)
    a = bootstrap_ci(roc_auc_score, y, s, n_resamples=200, random_state=42)
    assert a == bootstrap_ci(roc_auc_score, y, s, n_resamples=200, random_state=42)
    assert a == bootstrap_ci(roc_auc_score, y, s, n_resamples=200,
                             random_state=np.random.default_rng(42))
    assert a != bootstrap_ci(roc_auc_score, y, s, n_resamples=200, random_state=43)


@pytest.mark.parametrize("metric", [roc_auc_score, generic(roc_auc_score)])
def test_perfect_auc_falls_back_to_a_finite_percentile_interval(metric):
    y = np.r_[np.zeros(30), np.ones(20)].astype(int)
    s = np.r_[np.linspace(0, 1, 30), np.linspace(2, 3, 20)]
    with pytest.warns(BootstrapWarning, match="all 200 bootstrap replicates equal 1"):
        ci = bootstrap_ci(metric, y, s, n_resamples=200, random_state=0)
    assert (ci.estimate, ci.low, ci.high) == (1.0, 1.0, 1.0)
    assert ci.method == "bootstrap-percentile"


def test_infinite_bias_correction_falls_back_to_percentile():
    x = np.arange(40.0)

    def n_distinct(y_true, y_pred):  # every resample has fewer distinct rows
        return float(np.unique(y_pred).size)

    with pytest.warns(BootstrapWarning, match="z0 is infinite"):
        ci = bootstrap_ci(n_distinct, x, x, n_resamples=100, random_state=0)
    assert ci.method == "bootstrap-percentile"
    assert np.isfinite([ci.low, ci.high]).all() and ci.high < 40


def test_constant_jackknife_falls_back_to_percentile():
    x = np.r_[np.zeros(20), np.ones(20)]

    def rounded_mean(y_true, y_pred):  # leave-one-out never changes it
        return float(np.round(np.mean(y_pred), 1))

    with pytest.warns(BootstrapWarning, match="jackknife values are all equal"):
        ci = bootstrap_ci(rounded_mean, x, x, n_resamples=200, stratify=False,
                          random_state=1)
    assert ci.method == "bootstrap-percentile" and ci.low < ci.high


def test_metric_failing_on_a_resample_is_a_clear_error():
    y, s = binary_data(40, seed=3, prevalence=0.05)
    assert y.sum() >= 1
    failed = r"wrapped failed on bootstrap resample \d+: Only one class"
    with pytest.raises(ValueError, match=failed):
        bootstrap_ci(generic(roc_auc_score), y, s, stratify=False, random_state=0)
    with pytest.raises(ValueError, match=r"NaN or inf on \d+ of 2000 bootstrap resamples"):
        bootstrap_ci(roc_auc_score, y, s, stratify=False, random_state=0)


def test_nan_on_a_resample_is_not_dropped():
    x = np.arange(30.0)

    def sometimes_nan(y_true, y_pred):
        return np.nan if y_pred.sum() > 470 else float(y_pred.mean())

    with pytest.raises(ValueError, match="first: resample"):
        bootstrap_ci(sometimes_nan, x, x, n_resamples=200, random_state=0)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"method": "basic"}, "method must be one of"),
        ({"n_resamples": 1}, "n_resamples must be an integer >= 2"),
        ({"n_resamples": 2.5}, "n_resamples"),
        ({"confidence_level": 95}, "confidence_level"),
        ({"sample_weight": np.ones(3)}, "same number of rows"),
    ],
)
def test_invalid_arguments(kwargs, match):
    y, s = binary_data(50)
    with pytest.raises(ValueError, match=match):
        bootstrap_ci(roc_auc_score, y, s, **kwargs)


def test_metric_must_be_callable_and_return_one_number():
    y, s = binary_data(50)
    with pytest.raises(ValueError, match="metric must be a function"):
        bootstrap_ci("roc_auc", y, s)
    proba = np.c_[1 - s.clip(0, 1), s.clip(0, 1)]
    with pytest.raises(ValueError, match="returned an array"):
        bootstrap_ci(average_precision_score, y, proba, average=None)


# --- bands ---------------------------------------------------------------------------


def test_roc_band_tiny_case_by_enumeration():
    # Stratified resamples: positives {0.35, 0.8} and negatives {0.1, 0.4}, two
    # draws each. TPR at FPR 0 = share of positives above the top negative:
    # P(1) = 1/4 + 3/4 * 1/4 = 7/16, P(1/2) = 3/4 * 1/2 = 6/16, P(0) = 3/16, so
    # the quartiles are 1/2 and 1. TPR at FPR 0.5 is 1 unless both negatives are
    # 0.4: P(<1) = 1/4 * 3/4 = 3/16 < 1/4, so both quartiles are 1.
    y = [0, 0, 1, 1]
    s = [0.1, 0.4, 0.35, 0.8]
    grid, low, high = roc_curve_ci_band(y, s, fpr_grid=[0, 0.5, 1], n_resamples=4000,
                                        confidence_level=0.5, random_state=0)
    np.testing.assert_array_equal(grid, [0, 0.5, 1])
    np.testing.assert_array_equal(low, [0.5, 1, 1])
    np.testing.assert_array_equal(high, [1, 1, 1])


def test_bands_of_a_fixed_resample_are_the_curve():
    # one row per class: every stratified resample is the data itself
    y, s = [0, 1], [0.8, 0.2]
    _, low, high = roc_curve_ci_band(y, s, fpr_grid=[0, 0.5, 1], n_resamples=20)
    np.testing.assert_array_equal(low, [0, 0, 1])  # the vertical jump at FPR = 1
    np.testing.assert_array_equal(high, [0, 0, 1])
    _, low, high = precision_recall_ci_band(y, s, recall_grid=[0, 0.5, 1], n_resamples=20)
    np.testing.assert_array_equal(low, [0.5, 0.5, 0.5])  # max precision at R >= r
    np.testing.assert_array_equal(high, [0.5, 0.5, 0.5])


def band_resamples(y, s, n_resamples, seed):
    """The band's resamples: stratified, each class's rows listed by decreasing score."""
    strata = ClassCurves(s, y == 1, None, class_strata(y)).strata
    plan = ResamplePlan(strata, len(y))
    rng = np.random.default_rng(seed)
    return [rows for block in plan.index_blocks(rng, n_resamples) for rows in block]


def roc_oracle(y, s, grid, seed, n_resamples, weight=None):
    values = []
    for rows in band_resamples(y, s, n_resamples, seed):
        sw = None if weight is None else weight[rows]
        fpr, tpr, _ = skm.roc_curve(y[rows], s[rows], sample_weight=sw,
                                    drop_intermediate=False)
        values.append(tpr[np.searchsorted(fpr, grid, side="right") - 1])
    return np.quantile(values, [0.025, 0.975], axis=0)


def pr_oracle(y, s, grid, seed, n_resamples):
    values = []
    for rows in band_resamples(y, s, n_resamples, seed):
        p, r, _ = skm.precision_recall_curve(y[rows], s[rows])
        p, r = p[:-1], r[:-1]  # the sentinel (R, P) = (0, 1) is not an operating point
        values.append([p[r >= x].max() for x in grid])
    return np.quantile(values, [0.025, 0.975], axis=0)


@pytest.mark.parametrize("weighted", [False, True])
def test_roc_band_equals_vertical_averaging_of_sklearn_curves(weighted):
    y, s = binary_data(300, seed=2, decimals=1)
    w = np.random.default_rng(0).random(300) if weighted else None
    grid, low, high = roc_curve_ci_band(y, s, n_resamples=150, random_state=3,
                                        sample_weight=w)
    exp_low, exp_high = roc_oracle(y, s, grid, 3, 150, weight=w)
    np.testing.assert_allclose(low, exp_low, rtol=0, atol=1e-12)
    np.testing.assert_allclose(high, exp_high, rtol=0, atol=1e-12)


def test_pr_band_equals_interpolated_sklearn_curves():
    y, s = binary_data(300, seed=3, decimals=1)
    grid = np.linspace(0, 1, 21)
    _, low, high = precision_recall_ci_band(y, s, recall_grid=grid, n_resamples=150,
                                            random_state=1)
    exp_low, exp_high = pr_oracle(y, s, grid, 1, 150)
    np.testing.assert_allclose(low, exp_low, rtol=0, atol=1e-12)
    np.testing.assert_allclose(high, exp_high, rtol=0, atol=1e-12)


def test_bands_are_ordered_monotone_and_hold_the_curve():
    y, s = binary_data(2000, seed=12)
    grid, low, high = roc_curve_ci_band(y, s, n_resamples=300, random_state=0)
    assert (low <= high).all()
    assert (np.diff(low) >= 0).all() and (np.diff(high) >= 0).all()
    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    curve = tpr[np.searchsorted(fpr, grid, side="right") - 1]
    inside = (low <= curve) & (curve <= high)
    assert inside.mean() >= 0.9
    r, plow, phigh = precision_recall_ci_band(y, s, n_resamples=300, random_state=0)
    assert (plow <= phigh).all()
    assert (np.diff(plow) <= 0).all() and (np.diff(phigh) <= 0).all()
    p, rec, _ = skm.precision_recall_curve(y, s)
    interpolated = np.array([p[:-1][rec[:-1] >= x].max() for x in r])
    assert ((plow <= interpolated) & (interpolated <= phigh)).mean() >= 0.9


def test_band_errors():
    with pytest.raises(ValueError, match="both classes"):
        roc_curve_ci_band([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="fpr_grid must be non-decreasing values in"):
        roc_curve_ci_band([0, 1], [0.1, 0.2], fpr_grid=[0, 1.5])
    with pytest.raises(ValueError, match="recall_grid"):
        precision_recall_ci_band([0, 1], [0.1, 0.2], recall_grid=[0.5, 0.2])
    with pytest.raises(ValueError, match="pos_label"):
        roc_curve_ci_band(["a", "b"], [0.1, 0.2])
    with pytest.raises(ValueError, match="n_resamples"):
        roc_curve_ci_band([0, 1], [0.1, 0.2], n_resamples=0)
