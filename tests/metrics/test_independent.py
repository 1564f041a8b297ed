"""Tests of independent samples: unpaired DeLong, the chi-square test of k AUCs, Newcombe.

Oracles: pROC's tests/testthat/test-roc.test.R (``roc.test(paired=FALSE)`` on the
aSAH data), an O(m·n) Mann-Whitney placement computation written here, Newcombe's
(1998) published examples, and scipy's chi-square tail.
"""

import math

import numpy as np
import pytest
from scipy import stats

from evalplots import evaluate
from evalplots.metrics.inference._independent import (
    auc_heterogeneity_test,
    auc_variance,
    proportion_difference_ci,
    unpaired_delong_test,
)
from tests.metrics.test_inference import ASAH, ASAH_Y


def delong_by_hand(y, s):
    """(AUC, variance) by the definition: ψ(x, y) = 1, ½, 0 over every (pos, neg) pair."""
    pos, neg = s[y == 1], s[y == 0]
    psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    auc = psi.mean()
    v10, v01 = psi.mean(axis=1), psi.mean(axis=0)
    return auc, v10.var(ddof=1) / pos.size + v01.var(ddof=1) / neg.size


def test_auc_variance_equals_the_definition():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    s = np.round(y + rng.normal(size=300), 1)  # ties
    m = evaluate(y, {"m": s})["m"]
    auc, variance = delong_by_hand(y, s)
    assert m.roc_auc == pytest.approx(auc, abs=1e-12)
    assert auc_variance(m.placements) == pytest.approx(variance, rel=1e-12)


@pytest.mark.parametrize("a, b, statistic, pvalue", [
    # pROC tests/testthat/test-roc.test.R, "unpaired roc.test statistic and p are as expected"
    ("wfns", "s100b", 1.43490640926908, 0.152825378808796),
    ("wfns", "ndka", 3.10125096778969, 0.00220950791756457),
    ("ndka", "s100b", -1.55995743389685, 0.120192832430845),
])
def test_unpaired_delong_matches_pROC(a, b, statistic, pvalue):
    ma, mb = (evaluate(ASAH_Y, {"m": ASAH[k]})["m"] for k in (a, b))
    r = unpaired_delong_test(ma.roc_auc, auc_variance(ma.placements), ASAH_Y.size,
                             mb.roc_auc, auc_variance(mb.placements), ASAH_Y.size)
    assert r.statistic == pytest.approx(statistic, rel=1e-12)
    assert r.pvalue == pytest.approx(pvalue, rel=1e-9)


def test_unpaired_delong_of_two_groups_equals_the_hand_computation():
    rng = np.random.default_rng(5)
    ya, yb = rng.integers(0, 2, 150), rng.integers(0, 2, 90)
    sa, sb = ya + rng.normal(size=150), 0.4 * yb + rng.normal(size=90)
    (auc_a, va), (auc_b, vb) = delong_by_hand(ya, sa), delong_by_hand(yb, sb)
    z = (auc_a - auc_b) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va ** 2 / 149 + vb ** 2 / 89)  # Welch-Satterthwaite
    r = unpaired_delong_test(auc_a, va, 150, auc_b, vb, 90, confidence_level=0.9)
    assert (r.statistic, r.df) == (pytest.approx(z, rel=1e-12), pytest.approx(df, rel=1e-12))
    assert r.pvalue == pytest.approx(2 * stats.t.sf(abs(z), df), rel=1e-10)
    half = stats.t.ppf(0.95, df) * math.sqrt(va + vb)
    assert (r.ci.low, r.ci.high) == pytest.approx((auc_a - auc_b - half,
                                                   auc_a - auc_b + half), abs=1e-12)


def test_heterogeneity_is_cochrans_q():
    aucs, variances = [0.81, 0.72, 0.9, 0.65], [0.001, 0.002, 0.0015, 0.004]
    w = 1 / np.array(variances)
    pooled = np.sum(w * aucs) / w.sum()
    q = np.sum(w * (np.array(aucs) - pooled) ** 2)
    r = auc_heterogeneity_test(aucs, variances)
    assert (r.statistic, r.df, r.pooled_auc) == (pytest.approx(q, rel=1e-12), 3,
                                                 pytest.approx(pooled, rel=1e-12))
    assert r.pvalue == pytest.approx(stats.chi2.sf(q, 3), rel=1e-10)


def test_heterogeneity_of_two_is_the_square_of_the_unpaired_statistic():
    r2 = auc_heterogeneity_test([0.8, 0.7], [0.002, 0.003])
    d = unpaired_delong_test(0.8, 0.002, 10**6, 0.7, 0.003, 10**6)
    assert r2.statistic == pytest.approx(d.statistic ** 2, rel=1e-12)
    assert r2.pvalue == pytest.approx(d.pvalue, rel=1e-5)  # t with huge df -> normal


@pytest.mark.parametrize("counts, bounds", [
    # Newcombe (1998), Table II, method 10 (score interval, no continuity correction)
    ((56, 70, 48, 80), (0.0524, 0.3339)),
    ((9, 10, 3, 10), (0.1705, 0.8090)),
])
def test_newcombe_matches_the_published_examples(counts, bounds):
    ci = proportion_difference_ci(*counts)
    assert (round(ci.low, 4), round(ci.high, 4)) == bounds


@pytest.mark.parametrize("call, match", [
    (lambda: auc_heterogeneity_test([0.8], [0.01]), "at least two"),
    (lambda: auc_heterogeneity_test([0.8, 0.7], [0.01, 0.0]), "variance"),
    (lambda: auc_heterogeneity_test([0.8, 0.7], [0.01]), "one variance per AUC"),
    (lambda: unpaired_delong_test(0.8, -1.0, 9, 0.7, 0.1, 9), "variance_a"),
    (lambda: unpaired_delong_test(0.8, 0.1, 1, 0.7, 0.1, 9), "n_a"),
    (lambda: proportion_difference_ci(1, 0, 1, 2), "at least one trial"),
])
def test_bad_arguments_are_named(call, match):
    with pytest.raises(ValueError, match=match):
        call()
