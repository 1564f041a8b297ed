"""scikit-learn parity: partial AUC, multioutput regression, kappa's
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


# ------------------------------------------------------------ exact integer weights


def test_integer_weights_give_exact_int64_counts():
    w = np.full(3, 2**53 + 1)
    cm = ep.confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=w)
    assert cm.dtype == np.int64
    assert cm[0, 0] == 9007199254740993  # float64 would give ...992
    assert cm[1, 1] == 2 * (2**53 + 1)
    assert cm[0, 1] == cm[1, 0] == 0
    # the same through the label-encoding path (strings, labels=)
    cm = ep.confusion_matrix(["a", "b", "b"], ["a", "b", "b"], sample_weight=w)
    assert cm.tolist() == [[2**53 + 1, 0], [0, 2 * (2**53 + 1)]]
    cm = ep.confusion_matrix([0, 1, 1], [0, 1, 1], labels=[1, 0], sample_weight=w)
    assert cm.tolist() == [[2 * (2**53 + 1), 0], [0, 2**53 + 1]]


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint16, bool])
def test_small_integer_weights_match_scikit_learn(dtype):
    rng = np.random.default_rng(1)
    t, p = rng.integers(0, 4, 500), rng.integers(0, 4, 500)
    w = rng.integers(0, 3, 500).astype(dtype)
    got = ep.confusion_matrix(t, p, sample_weight=w)
    want = skm.confusion_matrix(t, p, sample_weight=w)
    assert got.dtype == np.int64
    np.testing.assert_array_equal(got, want)
    # by hand: the weighted count of each cell
    by_hand = np.zeros((4, 4), dtype=np.int64)
    for ti, pi, wi in zip(t, p, w.astype(np.int64)):
        by_hand[ti, pi] += wi
    np.testing.assert_array_equal(got, by_hand)


def test_float_weights_stay_float():
    cm = ep.confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=[0.5, 1.0, 2.0])
    assert cm.dtype == np.float64
    assert cm.tolist() == [[0.5, 0.0], [0.0, 3.0]]
    whole = ep.confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=[1.0, 1.0, 2.0])
    assert whole.dtype == np.float64  # float weights, float counts (as scikit-learn)


def test_int64_overflow_raises_naming_sample_weight():
    # scikit-learn (and evalplots before) wrap to -2**63 with a RuntimeWarning
    with pytest.raises(ValueError, match=r"sample_weight sums to 13835058055282163712, which overflows"):
        ep.confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=np.full(3, 2**62))
    with pytest.raises(ValueError, match="sample_weight holds 18446744073709551615"):
        ep.confusion_matrix([0, 1], [0, 1], sample_weight=np.array([1, 2**64 - 1], np.uint64))
    for metric in (ep.precision_score, ep.matthews_corrcoef, ep.cohen_kappa_score):
        with pytest.raises(ValueError, match="overflows the int64 counts"):
            metric([0, 1, 1], [0, 1, 1], sample_weight=np.full(3, 2**62))
    # the largest total that fits is fine, and exact
    w = np.array([2**62, 2**62 - 1], dtype=np.int64)
    cm = ep.confusion_matrix([0, 0], [0, 0], sample_weight=w)
    assert cm.tolist() == [[2**63 - 1]]


def test_metrics_counting_through_the_matrix_use_the_exact_counts():
    w = np.array([2**53 + 1, 1, 2**53 + 1, 3])
    t, p = [0, 1, 1, 0], [0, 1, 0, 0]
    prec, rec, f, support = ep.precision_recall_fscore_support(t, p, sample_weight=w)
    assert support.tolist() == [2**53 + 4, 2**53 + 2]  # exact integers
    assert_allclose(rec, [1.0, 1 / (2**53 + 2)])
    assert_allclose(prec, skm.precision_score(t, p, sample_weight=w, average=None))


# ----------------------------------------------------------------------- partial AUC


def test_partial_auc_by_hand():
    # y_true [0, 0, 1, 1], scores [0.1, 0.4, 0.35, 0.8]: ROC points (in counts)
    # (0,0) (0,1) (1,1) (1,2) (2,2). Up to FPR 0.5 (1 negative): area 0.5 * 1 = 0.5
    # of the (P N = 4)-unit square's half, i.e. A = (1 * 1) / 4 = 0.25.
    # McClish: 0.5 * (1 + (0.25 - 0.125) / (0.5 - 0.125)) = 2/3.
    got = ep.roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], max_fpr=0.5)
    assert_allclose(got, 2 / 3, rtol=1e-15)
    # the cut inside a tied segment: scores [0.1, 0, 0.1, 0.01] go (0,0)->(1,1)
    # diagonally (a tie), so up to FPR 0.3 the curve is the chance diagonal: 0.5.
    y = np.array([0, 0, 1, 1])
    assert ep.roc_auc_score(y, [0.1, 0, 0.1, 0.01], max_fpr=0.3) == 0.5
    assert ep.roc_auc_score(y, y, max_fpr=0.001) == 1.0
    assert ep.roc_auc_score(y, 1 - y, max_fpr=0.25) == 0.5 * (1 + (0 - 1 / 32) / (0.25 - 1 / 32))


@pytest.mark.parametrize("max_fpr", [1e-4, 0.05, 0.1, 0.3, 0.5, 0.77, 0.999, 1.0])
@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("n", [50, 6000])  # both counting paths of the kernel
def test_partial_auc_matches_scikit_learn(max_fpr, ties, weighted, n):
    rng = np.random.default_rng(n + 7 * ties + 3 * weighted)
    y = rng.integers(0, 2, n)
    s = rng.normal(size=n) + y
    if ties:
        s = np.round(s, 1)
    w = rng.random(n) if weighted else None
    got = ep.roc_auc_score(y, s, max_fpr=max_fpr, sample_weight=w)
    want = skm.roc_auc_score(y, s, max_fpr=max_fpr, sample_weight=w)
    assert_allclose(got, want, rtol=1e-12)


def test_partial_auc_at_one_is_the_full_auc_and_integer_scores_are_exact():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    s = rng.integers(0, 20, 300)  # many ties
    assert ep.roc_auc_score(y, s, max_fpr=1) == ep.roc_auc_score(y, s)
    assert_allclose(ep.roc_auc_score(y, s, max_fpr=0.2), skm.roc_auc_score(y, s, max_fpr=0.2))


def test_partial_auc_strings_and_pos_label():
    y = ["ham", "spam", "spam", "ham", "spam", "ham"]
    s = [0.2, 0.7, 0.4, 0.5, 0.9, 0.1]
    got = ep.roc_auc_score(y, s, pos_label="spam", max_fpr=0.4)
    assert_allclose(got, skm.roc_auc_score(np.array(y) == "spam", s, max_fpr=0.4))


@pytest.mark.parametrize("bad", [0, -0.1, 1.1, True, "0.5", np.nan])
def test_partial_auc_bad_max_fpr(bad):
    with pytest.raises(ValueError, match=r"max_fpr must be None or a number in \(0, 1\]"):
        ep.roc_auc_score([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], max_fpr=bad)


def test_partial_auc_multiclass_raises_as_scikit_learn():
    proba = np.array([[0.6, 0.2, 0.2], [0.3, 0.4, 0.3], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6]])
    with pytest.raises(ValueError, match=r"Partial AUC computation not available in multiclass setting, 'max_fpr' must be set to `None`, received `max_fpr=0.5` instead"):
        ep.roc_auc_score([0, 1, 2, 2], proba, multi_class="ovr", max_fpr=0.5)
    full = ep.roc_auc_score([0, 1, 2, 2], proba, multi_class="ovr")
    assert ep.roc_auc_score([0, 1, 2, 2], proba, multi_class="ovr", max_fpr=1) == full


# ------------------------------------------------------------ multioutput regression

_REG_SHARED = [
    "mean_absolute_error",
    "mean_squared_error",
    "root_mean_squared_error",
    "mean_squared_log_error",
    "root_mean_squared_log_error",
    "mean_absolute_percentage_error",
    "r2_score",
]


def _multi_targets(n=60, k=3, seed=0):
    rng = np.random.default_rng(seed)
    t = rng.uniform(0.5, 10, (n, k))
    p = t + rng.normal(0, 1, (n, k)).clip(-0.4, None) * np.arange(1, k + 1)
    return t, p, rng.uniform(0, 2, n)


@pytest.mark.parametrize("name", _REG_SHARED)
@pytest.mark.parametrize("multioutput", ["raw_values", "uniform_average", [0.2, 0.5, 0.3]])
@pytest.mark.parametrize("weighted", [False, True])
def test_multioutput_matches_scikit_learn(name, multioutput, weighted):
    t, p, w = _multi_targets()
    w = w if weighted else None
    got = getattr(ep, name)(t, p, sample_weight=w, multioutput=multioutput)
    want = getattr(skm, name)(t, p, sample_weight=w, multioutput=multioutput)
    if multioutput == "raw_values":
        assert isinstance(got, np.ndarray) and got.shape == (3,)
    else:
        assert type(got) is float
    assert_allclose(got, want, rtol=1e-12)


@pytest.mark.parametrize("name", _REG_SHARED + ["mean_percentage_error"])
def test_multioutput_is_the_metric_of_each_column(name):
    t, p, w = _multi_targets(seed=1)
    func = getattr(ep, name)
    raw = func(t, p, sample_weight=w, multioutput="raw_values")
    by_column = [func(t[:, j], p[:, j], sample_weight=w) for j in range(3)]
    assert_allclose(raw, by_column, rtol=1e-13)
    assert_allclose(func(t, p, sample_weight=w), np.mean(by_column), rtol=1e-13)
    assert_allclose(func(t, p, sample_weight=w, multioutput=[1, 0, 3]),
                    (by_column[0] + 3 * by_column[2]) / 4, rtol=1e-13)
    # one output: raw_values is an array of shape (1,), as scikit-learn
    one = func(t[:, 0], p[:, 0], multioutput="raw_values")
    assert one.shape == (1,) and one[0] == func(t[:, 0], p[:, 0])


def test_r2_variance_weighted_by_hand_and_scikit_learn():
    t = np.array([[0.5, 1], [-1, 1], [7, -6]])
    p = np.array([[0, 2], [-1, 2], [8, -5]])
    ss_res = ((t - p) ** 2).sum(axis=0)
    ss_tot = ((t - t.mean(axis=0)) ** 2).sum(axis=0)
    pooled = 1 - ss_res.sum() / ss_tot.sum()
    got = ep.r2_score(t, p, multioutput="variance_weighted")
    assert_allclose(got, pooled, rtol=1e-14)
    assert_allclose(got, skm.r2_score(t, p, multioutput="variance_weighted"), rtol=1e-14)
    assert_allclose(ep.r2_score(t, p, multioutput="raw_values"), 1 - ss_res / ss_tot)


@pytest.mark.parametrize("force_finite", [True, False])
@pytest.mark.parametrize("multioutput", ["raw_values", "uniform_average", "variance_weighted"])
def test_r2_multioutput_with_a_constant_output(force_finite, multioutput):
    t = np.array([[1.0, 2.0, 3.0], [2.0, 2.0, 3.0], [4.0, 2.0, 3.0]])
    p = np.array([[1.5, 2.0, 3.5], [2.0, 2.0, 3.0], [3.0, 2.0, 3.0]])
    with pytest.warns(UndefinedMetricWarning, match="for 2 output"):
        got = ep.r2_score(t, p, multioutput=multioutput, force_finite=force_finite)
    want = _sk(skm.r2_score, t, p, multioutput=multioutput, force_finite=force_finite)
    assert_allclose(got, want, equal_nan=True)
    with pytest.warns(UndefinedMetricWarning):
        all_constant = ep.r2_score(t[:, 1:], p[:, 1:], multioutput="variance_weighted")
    assert all_constant == _sk(skm.r2_score, t[:, 1:], p[:, 1:], multioutput="variance_weighted")
    assert all_constant == 0.5  # (1.0 + 0.0) / 2: uniform weights when all are constant


@pytest.mark.parametrize("name", _REG_SHARED + ["mean_percentage_error"])
@pytest.mark.parametrize(
    "y_true, y_pred, kwargs, match",
    [
        ([[1.0, 2.0]] * 2, [[1.0, 2.0, 3.0]] * 2, {}, "y_true has 2 outputs .* y_pred has 3"),
        ([[1.0, 2.0]] * 2, [1.0, 2.0], {}, "y_true must be 1-D like y_pred"),
        ([1.0, 2.0], [[1.0], [2.0]], {}, "y_pred must be 1-D like y_true"),
        ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"multioutput": "variance"}, "multioutput must be one of"),
        ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"multioutput": [1.0]}, "multioutput has 1 weights but there are 2 outputs"),
        ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"multioutput": [1.0, -1.0]}, "must be >= 0 with a positive sum"),
        ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"multioutput": [0, 0]}, "must be >= 0 with a positive sum"),
        ([[1.0, 2.0]] * 2, [[1.0, 2.0]] * 2, {"multioutput": [1.0, np.nan]}, "multioutput contains 1 non-finite"),
        ([1.0, 2.0], [1.0, 2.0], {"multioutput": [1.0]}, "need several outputs"),
        ([[1.0, 2.0], [1.0, np.inf]], [[1.0, 2.0]] * 2, {}, "y_true contains 1 non-finite"),
        (np.ones((2, 0)), np.ones((2, 0)), {}, "y_true is empty"),
        (np.ones((2, 2, 2)), np.ones((2, 2, 2)), {}, "y_true must be 1-D"),
    ],
)
def test_multioutput_bad_input(name, y_true, y_pred, kwargs, match):
    with pytest.raises(ValueError, match=match):
        getattr(ep, name)(y_true, y_pred, **kwargs)


def test_variance_weighted_only_for_r2():
    t, p, _ = _multi_targets()
    with pytest.raises(ValueError, match="multioutput must be one of"):
        ep.mean_absolute_error(t, p, multioutput="variance_weighted")


def test_multioutput_zero_and_log_checks_name_the_cell():
    with pytest.raises(ValueError, match=r"first at index \(1, 0\)"):
        ep.mean_absolute_percentage_error([[1.0, 2.0], [0.0, 1.0]], [[1.0, 2.0]] * 2)
    with pytest.raises(ValueError, match=r"first -2.0 at index \(0, 1\)"):
        ep.mean_squared_log_error([[1.0, -2.0], [0.0, 1.0]], [[1.0, 2.0]] * 2)


# ------------------------------------------------------------------------- DCG, NDCG


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


# ---------------------------------------------------------------- top-k accuracy


@pytest.mark.parametrize("k", [1, 2, 3, 4])
@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("normalize", [True, False])
def test_top_k_accuracy_matches_scikit_learn(k, ties, weighted, normalize):
    rng = np.random.default_rng(k)
    y = rng.integers(0, 5, 300)
    s = rng.integers(0, 4, (300, 5)).astype(float) if ties else rng.random((300, 5))
    w = rng.uniform(0, 2, 300) if weighted else None
    got = ep.top_k_accuracy_score(y, s, k=k, normalize=normalize, sample_weight=w)
    want = skm.top_k_accuracy_score(y, s, k=k, normalize=normalize, sample_weight=w)
    assert_allclose(got, want, rtol=1e-12)
    assert type(got) is float


def test_top_k_accuracy_ties_and_by_hand():
    # scikit-learn's rule: of tied classes the higher column index ranks first
    s = np.array([[5, 5, 7, 0], [1, 5, 5, 5], [0, 0, 3, 3], [1, 1, 1, 1]])
    y = [0, 1, 2, 3]
    # ranks of the true class: 3 (7, then column 1, then 0), 3, 2, 1
    for k, want in ((1, 0.25), (2, 0.5), (3, 1.0)):
        assert ep.top_k_accuracy_score(y, s, k=k) == want
        assert skm.top_k_accuracy_score(y, s, k=k) == want
    with pytest.warns(UndefinedMetricWarning, match=r"'k' \(4\) greater than or equal to 'n_classes' \(4\)"):
        assert ep.top_k_accuracy_score(y, s, k=4) == 1.0


@pytest.mark.parametrize(
    "y_score, k, want",
    [
        ([-1, -1, 1, 1], 1, 1.0),  # scores outside [0, 1]: threshold 0
        ([-1, 1, -1, 1], 1, 0.5),
        ([0.2, 0.2, 0.7, 0.7], 1, 1.0),  # within [0, 1]: threshold 0.5
        ([0.2, 0.7, 0.2, 0.7], 1, 0.5),
        ([0.2, 0.7, 0.2, 0.7], 2, 1.0),
    ],
)
def test_top_k_accuracy_binary(y_score, k, want):
    def ours(y):
        if k < 2:
            return ep.top_k_accuracy_score(y, y_score, k=k)
        with pytest.warns(UndefinedMetricWarning, match="perfect score"):
            return ep.top_k_accuracy_score(y, y_score, k=k)

    assert ours([0, 0, 1, 1]) == want
    assert _sk(skm.top_k_accuracy_score, [0, 0, 1, 1], y_score, k=k) == want
    # strings: the 1-D score is the second class's
    assert ours(np.array(["neg", "pos"])[[0, 0, 1, 1]]) == want


@pytest.mark.parametrize(
    "y_true, want",
    [
        ([0, 1, 1, 2], 0.75),
        ([0, 1, 1, 1], 0.5),
        ([1, 1, 1, 1], 0.5),
    ],
)
def test_top_k_accuracy_labels(y_true, want):
    s = np.array([[0.4, 0.3, 0.2, 0.1], [0.1, 0.3, 0.4, 0.2],
                  [0.4, 0.1, 0.2, 0.3], [0.3, 0.2, 0.4, 0.1]])
    assert ep.top_k_accuracy_score(y_true, s, k=2, labels=[0, 1, 2, 3]) == want
    assert skm.top_k_accuracy_score(y_true, s, k=2, labels=[0, 1, 2, 3]) == want
    # labels in another order name the columns in that order
    perm = [2, 0, 3, 1]
    got = ep.top_k_accuracy_score(y_true, s[:, perm], k=2, labels=np.array([0, 1, 2, 3])[perm])
    assert got == want


@pytest.mark.parametrize(
    "y_true, y_score, kwargs, match",
    [
        ([0, 0.57, 1, 2], np.full((4, 3), 1 / 3), {}, "y_true holds non-integer values"),
        ([0, 1, 2, 3], np.full((4, 3), 1 / 3), {}, r"Number of classes in 'y_true' \(4\) not equal to the number of classes in 'y_score' \(3\)"),
        (["c", "c", "a", "b"], np.full((4, 3), 1 / 3), {"labels": ["a", "b", "c", "c"]}, "duplicate"),
        ([0, 0, 1, 2], np.full((4, 3), 1 / 3), {"labels": [0, 1, 2, 3]}, r"Number of given labels \(4\) not equal to the number of classes in 'y_score' \(3\)"),
        ([0, 0, 1, 2], np.full((4, 3), 1 / 3), {"labels": [0, 1, 3]}, "y_true contains 1 value"),
        ([0, 1], [[0.5, 0.2, 0.3], [0.3, 0.4, 0.3]], {}, r"\(2\) not equal .* \(3\): y_score has 3 classes"),
        ([0, 1, 2], [0.1, 0.2, 0.3], {}, r"\(3\) not equal .* \(2\): a 1-D y_score scores 2 classes"),
        ([0, 1], [[0.1], [0.2]], {}, r"y_score has shape \(2, 1\)"),
        ([0, 1], [np.nan, 0.2], {}, "y_score contains 1 non-finite"),
        ([0, 1], [0.1, 0.2, 0.3], {}, "Inconsistent numbers of samples"),
        ([0, 1], [0.1, 0.2], {"k": 0}, "k must be an integer >= 1"),
        ([0, 1], [0.1, 0.2], {"normalize": None}, "normalize must be True or False"),
        ([0, 1], [0.1, 0.2], {"sample_weight": [0, 0], "k": 1}, "sample_weight sums to 0"),
    ],
)
def test_top_k_accuracy_bad_input(y_true, y_score, kwargs, match):
    with pytest.raises(ValueError, match=match):
        ep.top_k_accuracy_score(y_true, y_score, **kwargs)


def test_partial_auc_two_kernels_agree():
    # unweighted data go through the top of the merged order, weighted ones through
    # all cumulative counts; unit weights must give the same area on any ties
    from evalplots.metrics.ranking._auc import partial_auc_from_counts
    from evalplots.metrics.ranking._thresholds import binary_scores

    rng = np.random.default_rng(11)
    for _ in range(400):
        n = int(rng.integers(2, 40))
        y = rng.integers(0, 2, n)
        if y.min() == y.max():
            continue
        s = rng.integers(0, int(rng.integers(1, 8)), n).astype(float)
        max_fpr = float(rng.choice([rng.random(), 0.5, 1 / 3, 0.25, 1 - 1e-9, 1e-3]))
        data = binary_scores(y, s)
        fps, tps, _ = data.counts()
        n_neg, n_pos = fps[-1], tps[-1]
        top = data.merged().top_counts(max_fpr * n_neg)
        got = partial_auc_from_counts(*top, max_fpr, totals=(n_neg, n_pos))
        assert got == partial_auc_from_counts(fps, tps, max_fpr)
        weighted = ep.roc_auc_score(y, s, max_fpr=max_fpr, sample_weight=np.ones(n))
        assert_allclose(ep.roc_auc_score(y, s, max_fpr=max_fpr), weighted, rtol=1e-13)


def test_probabilities_under_scikit_learns_y_proba_keyword():
    """scikit-learn >= 1.7 calls them y_proba: the keyword works, once."""
    from evalplots.metrics import brier_score_loss, log_loss

    y, p = [0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]
    assert brier_score_loss(y, y_proba=p) == brier_score_loss(y, p) == pytest.approx(
        skm.brier_score_loss(y, p))
    assert log_loss(y_true=y, y_proba=p) == log_loss(y, p) == pytest.approx(
        skm.log_loss(y, p))
    for fn in (brier_score_loss, log_loss):
        with pytest.raises(ValueError, match="not both"):
            fn(y, p, y_proba=p)
        with pytest.raises(ValueError, match="not neither"):
            fn(y)
