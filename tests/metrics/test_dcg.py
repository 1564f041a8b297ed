"""dcg_score and ndcg_score: scikit-learn (the oracle) on generated relevances with
and without ties and weights, hand computations, zero division and the errors.
"""

import numpy as np
import pytest
import sklearn.metrics as skm
from numpy.testing import assert_allclose

import evalplots.metrics as ep
from evalplots.exceptions import UndefinedMetricWarning


def _relevance(n=40, m=12, seed=0, ties=True):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, 4, (n, m)).astype(float)
    t[0] = 0  # one query without any relevant document
    s = rng.integers(0, 5, (n, m)) if ties else rng.normal(size=(n, m))
    return t, s.astype(float), rng.uniform(0.1, 2, n)


@pytest.mark.parametrize("k", [None, 1, 3, 7, 12, 50])
# not ignore_ties with ties: scikit-learn's unstable argsort orders ties its own
# way; evalplots' order (later column first) is tested in test_dcg_ties_by_hand
@pytest.mark.parametrize("ties, ignore_ties", [(False, False), (False, True), (True, False)])
@pytest.mark.parametrize("weighted", [False, True])
def test_dcg_matches_scikit_learn(k, ignore_ties, ties, weighted):
    t, s, w = _relevance(ties=ties, seed=k or 0)
    w = w if weighted else None
    for log_base in (2, 10, 1.5):
        got = ep.dcg_score(t, s, k=k, log_base=log_base, sample_weight=w,
                           ignore_ties=ignore_ties)
        want = skm.dcg_score(t, s, k=k, log_base=log_base, sample_weight=w,
                             ignore_ties=ignore_ties)
        assert_allclose(got, want, rtol=1e-12)


@pytest.mark.parametrize("k", [None, 1, 3, 12])
@pytest.mark.parametrize("ignore_ties", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
def test_ndcg_matches_scikit_learn(k, ignore_ties, weighted):
    t, s, w = _relevance(seed=5, m=10, ties=not ignore_ties)  # see the DCG test
    w = w if weighted else None
    with pytest.warns(UndefinedMetricWarning, match="NDCG is ill-defined"):
        got = ep.ndcg_score(t, s, k=k, sample_weight=w, ignore_ties=ignore_ties)
    want = skm.ndcg_score(t, s, k=k, sample_weight=w, ignore_ties=ignore_ties)
    assert_allclose(got, want, rtol=1e-12)
    # with every query relevant there is nothing to warn about
    got = ep.ndcg_score(t[1:], s[1:], k=k, ignore_ties=ignore_ties)
    assert_allclose(got, skm.ndcg_score(t[1:], s[1:], k=k, ignore_ties=ignore_ties))


def test_dcg_ties_by_hand():
    # gains 0..4, all scores tied: every rank gets the mean gain 2
    d = 1 / np.log2(np.arange(2, 7))
    assert_allclose(ep.dcg_score([np.arange(5)], [np.zeros(5)]), 2 * d.sum())
    # ignoring ties, the later column ranks first: gains 4, 3, 2, 1, 0
    assert_allclose(ep.dcg_score([np.arange(5)], [np.zeros(5)], ignore_ties=True),
                    (d * np.arange(5)[::-1]).sum())
    # columns 3, 4 tied on top (gains 3, 4: mean 3.5), then columns 0-2 (mean 1)
    s = [[0, 0, 0, 1, 1]]
    assert_allclose(ep.dcg_score([np.arange(5)], s), 3.5 * d[:2].sum() + 1 * d[2:].sum())
    # k cuts a tie group: only its first rank's discount counts
    assert_allclose(ep.dcg_score([np.arange(5)], s, k=1), 3.5 * d[0])
    assert_allclose(ep.ndcg_score([np.arange(5)], s, k=1), 3.5 / 4)


def test_ndcg_zero_division():
    t = [[0, 0, 0], [1, 0, 2]]
    s = [[0.1, 0.2, 0.3], [0.3, 0.2, 0.1]]
    d = 1 / np.log2([2, 3, 4])
    second = (1 * d[0] + 2 * d[2]) / (2 * d[0] + 1 * d[1])
    with pytest.warns(UndefinedMetricWarning, match=r"NDCG is ill-defined \(0/0\) and set to 0.0 for 1 case"):
        assert_allclose(ep.ndcg_score(t, s), second / 2)
    assert_allclose(ep.ndcg_score(t, s, zero_division=1), (1 + second) / 2)
    assert_allclose(ep.ndcg_score(t, s, zero_division=np.nan), second)
    assert np.isnan(ep.ndcg_score(t[:1], s[:1], zero_division=np.nan))


@pytest.mark.parametrize("func", [ep.dcg_score, ep.ndcg_score])
@pytest.mark.parametrize(
    "y_true, y_score, kwargs, match",
    [
        ([1, 0, 2], [0.1, 0.2, 0.3], {}, "y_true must be 2-D"),
        ([[1, 0, 2]], [[0.1, 0.2]], {}, r"y_true has shape \(1, 3\) but y_score has shape \(1, 2\)"),
        ([[1]], [[1]], {}, "is only meaningful when there is more than 1 document. Got 1 instead"),
        ([[1, 0]], [[np.nan, 0.2]], {}, "y_score contains 1 non-finite"),
        ([["a", "b"]], [[0.1, 0.2]], {}, "y_true must be numeric"),
        ([[1, 0]], [[0.1, 0.2]], {"k": 0}, "k must be None or an integer >= 1"),
        ([[1, 0]], [[0.1, 0.2]], {"k": 1.5}, "k must be None or an integer >= 1"),
        ([[1, 0]], [[0.1, 0.2]], {"ignore_ties": "no"}, "ignore_ties must be True or False"),
        ([[1, 0]], [[0.1, 0.2]], {"sample_weight": [0]}, "sample_weight sums to 0"),
        ([[1, 0]], [[0.1, 0.2]], {"sample_weight": [1, 2]}, "sample_weight has 2 entries"),
    ],
)
def test_dcg_bad_input(func, y_true, y_score, kwargs, match):
    with pytest.raises(ValueError, match=match):
        func(y_true, y_score, **kwargs)


def test_dcg_specific_errors():
    with pytest.raises(ValueError, match="ndcg_score should not be used on negative y_true values"):
        ep.ndcg_score([[-0.89, -0.53, 0.39]], [[0.07, 0.31, 0.75]])
    assert_allclose(ep.dcg_score([[-1.0, 2.0]], [[0.0, 1.0]]), 2 - 1 / np.log2(3))
    for bad in (1, 0, -2, np.inf, "e"):
        with pytest.raises(ValueError, match="log_base must be a finite number > 0 and != 1"):
            ep.dcg_score([[1, 0]], [[0.1, 0.2]], log_base=bad)
    with pytest.raises(ValueError, match="zero_division must be"):
        ep.ndcg_score([[1, 0]], [[0.1, 0.2]], zero_division=2)
