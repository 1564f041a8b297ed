"""scikit-learn parity (issue 11): partial AUC, multioutput regression, kappa's
replace_undefined_by, log loss normalize, exact integer weights, DCG/NDCG and top-k
accuracy. scikit-learn (a test-only dependency) is the oracle; hand computations
are written out where they are short.
"""

import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from numpy.testing import assert_allclose

import evalplots.metrics as ep
from evalplots.exceptions import UndefinedMetricWarning


def _sk(func, *args, **kwargs):
    """Call a scikit-learn metric with its warnings silenced (it is the oracle)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


# ------------------------------------------------------------------ log loss normalize


@pytest.mark.parametrize("weighted", [False, True])
def test_log_loss_normalize_false_is_the_sum(weighted):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 200)
    prob = rng.dirichlet(np.ones(3), 200)
    w = rng.integers(0, 5, 200) if weighted else None
    got = ep.log_loss(y, prob, normalize=False, sample_weight=w)
    want = skm.log_loss(y, prob, normalize=False, sample_weight=w)
    assert_allclose(got, want, rtol=1e-12)
    # by hand: the weighted sum of -log p(true class)
    p_true = prob[np.arange(200), y]
    assert_allclose(got, -np.dot(np.log(p_true), np.ones(200) if w is None else w))
    mean = ep.log_loss(y, prob, sample_weight=w)
    assert_allclose(got, mean * (200 if w is None else w.sum()), rtol=1e-12)


def test_log_loss_normalize_false_binary_and_bad_value():
    assert_allclose(ep.log_loss([1, 0], [0.9, 0.2], normalize=False),
                    -(np.log(0.9) + np.log(0.8)))
    with pytest.raises(ValueError, match="normalize must be True or False"):
        ep.log_loss([1, 0], [0.9, 0.2], normalize="yes")
    # a zero total weight is fine for a sum (it is 0), not for a mean
    assert ep.log_loss([1, 0], [0.9, 0.2], normalize=False, sample_weight=[0, 0]) == 0.0
    with pytest.raises(ValueError, match="sample_weight sums to 0"):
        ep.log_loss([1, 0], [0.9, 0.2], sample_weight=[0, 0])


# ------------------------------------------------------------- kappa undefined value


@pytest.mark.parametrize("replace", [0.0, -1.0, 0.5, np.nan])
@pytest.mark.parametrize(
    "y1, y2, labels, weights",
    [
        ([3] * 10, [3] * 10, None, None),  # one rating shared by both raters
        ([1] * 5, [1] * 5, [1, 2], "linear"),  # one label of the scale in use
        ([4, 4, 4], [4, 4, 4], [2, 3, 4], "quadratic"),
    ],
)
def test_kappa_replace_undefined_by_as_scikit_learn(y1, y2, labels, weights, replace):
    kwargs = dict(labels=labels, weights=weights, replace_undefined_by=replace)
    with pytest.warns(UndefinedMetricWarning, match="replace_undefined_by"):
        got = ep.cohen_kappa_score(y1, y2, **kwargs)
    want = _sk(skm.cohen_kappa_score, y1, y2, **kwargs)
    assert_allclose(got, replace, equal_nan=True)
    assert_allclose(got, want, equal_nan=True)


def test_kappa_zero_total_weight_is_undefined():
    with pytest.warns(UndefinedMetricWarning, match="kappa is undefined"):
        got = ep.cohen_kappa_score([0, 1], [0, 1], sample_weight=[0, 0])
    assert np.isnan(got)


def test_kappa_defined_values_ignore_replace_undefined_by():
    y1 = [0] * 40 + [1] * 60  # Artstein & Poesio (2008), table 1: kappa 0.348
    y2 = [0] * 20 + [1] * 20 + [0] * 10 + [1] * 50
    got = ep.cohen_kappa_score(y1, y2, replace_undefined_by=1.0)
    assert_allclose(got, (0.7 - 0.54) / (1 - 0.54))  # p_o = 0.7, p_e = .4*.3 + .6*.7
    assert_allclose(got, skm.cohen_kappa_score(y1, y2))


def test_kappa_undefined_options_are_validated():
    with pytest.raises(ValueError, match=r"replace_undefined_by must be np.nan or a number in \[-1, 1\]"):
        ep.cohen_kappa_score([0, 1], [0, 1], replace_undefined_by=2.0)
    with pytest.raises(ValueError, match="replace_undefined_by must be"):
        ep.cohen_kappa_score([0, 1], [0, 1], replace_undefined_by="nan")
    with pytest.raises(ValueError, match="not both"):
        ep.cohen_kappa_score([0, 1], [0, 1], replace_undefined_by=0.0, zero_division=0)
    # the older spelling still works, silently for a number
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ep.cohen_kappa_score([2, 2], [2, 2], zero_division=1) == 1.0
