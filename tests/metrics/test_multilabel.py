"""Multilabel (indicator-matrix) metrics against scikit-learn as the oracle.

Set-based: precision/recall/F-beta (every average, 'samples' included), Jaccard,
Hamming loss, subset accuracy and zero-one loss, multilabel_confusion_matrix; ranking:
AP and ROC AUC on 2-D y_true, LRAP, coverage error and label ranking loss. Plus hand
computations, the exactness of integer weights, and the strict errors.
"""

import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import evalplots.metrics as em
from evalplots.exceptions import UndefinedMetricWarning
from tests.support import examples

AVERAGES = ["micro", "macro", "weighted", "samples", None]
RANKING = ["label_ranking_average_precision_score", "coverage_error", "label_ranking_loss"]


def _data(seed, n=60, k=5, ties=4):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 2, (n, k))
    y_pred = rng.integers(0, 2, (n, k))
    y_score = rng.integers(0, ties, (n, k)) / ties  # many ties
    weight = rng.integers(0, 4, n).astype(float)
    return y_true, y_pred, y_score, weight


def _quiet(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


@pytest.mark.parametrize("average", AVERAGES)
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("zero_division", [0, 1, np.nan])
def test_prf_matches_sklearn(average, weighted, zero_division):
    y_true, y_pred, _, weight = _data(0)
    y_pred[:5] = 0  # samples with no predicted label: 0/0 precision
    y_true[5:8] = 0
    w = weight if weighted else None
    kwargs = dict(average=average, sample_weight=w, zero_division=zero_division)
    ours = em.precision_recall_fscore_support(y_true, y_pred, **kwargs)
    theirs = skm.precision_recall_fscore_support(y_true, y_pred, **kwargs)
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a, b, rtol=1e-12) if b is not None else None
    for beta in (0.5, 2.0):
        np.testing.assert_allclose(
            em.fbeta_score(y_true, y_pred, beta=beta, **kwargs),
            skm.fbeta_score(y_true, y_pred, beta=beta, **kwargs), rtol=1e-12,
        )


@pytest.mark.parametrize("labels", [[3, 0], [4, 1, 2], [0]])
@pytest.mark.parametrize("average", AVERAGES)
def test_prf_label_subsets_in_any_order(labels, average):
    y_true, y_pred, _, weight = _data(1)
    for name in ("precision_score", "recall_score", "f1_score", "jaccard_score"):
        ours = getattr(em, name)(y_true, y_pred, labels=labels, average=average,
                                 sample_weight=weight, zero_division=0)  # fmt: skip
        theirs = getattr(skm, name)(y_true, y_pred, labels=labels, average=average,
                                    sample_weight=weight, zero_division=0)  # fmt: skip
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)


def test_samples_average_by_hand():
    # sample 1: {0, 1} vs {0}: P = 1, R = 1/2; sample 2: {1} vs {1, 2}: P = 1/2, R = 1
    # sample 3: {0, 2} vs {0, 2}: P = R = 1
    y_true = np.array([[1, 1, 0], [0, 1, 0], [1, 0, 1]])
    y_pred = np.array([[1, 0, 0], [0, 1, 1], [1, 0, 1]])
    p, r, f, s = em.precision_recall_fscore_support(y_true, y_pred, average="samples")
    assert (p, r) == (pytest.approx(2.5 / 3), pytest.approx(2.5 / 3))
    assert f == pytest.approx((2 / 3 + 2 / 3 + 1) / 3)
    assert s is None
    # weights 2, 0, 1: (2 * 1 + 1 * 1) / 3
    assert em.precision_score(y_true, y_pred, average="samples",
                              sample_weight=[2, 0, 1]) == pytest.approx(1.0)  # fmt: skip
    # Jaccard per sample: 1/2, 1/2, 1
    assert em.jaccard_score(y_true, y_pred, average="samples") == pytest.approx(2 / 3)


def test_samples_average_warns_for_an_empty_prediction():
    y_true = np.array([[1, 0], [0, 1]])
    y_pred = np.array([[0, 0], [0, 1]])
    with pytest.warns(UndefinedMetricWarning, match="precision is ill-defined"):
        assert em.precision_score(y_true, y_pred, average="samples") == 0.5
    assert em.precision_score(y_true, y_pred, average="samples", zero_division=1) == 1.0
    assert np.isclose(
        em.precision_score(y_true, y_pred, average="samples", zero_division=np.nan), 1.0
    )  # NaN samples are left out of the mean


@pytest.mark.parametrize("average", ["binary", "micro", "macro", "weighted", None])
def test_jaccard_matches_sklearn_on_1d_labels(average):
    rng = np.random.default_rng(2)
    y_true = rng.integers(0, 2 if average == "binary" else 4, 50)
    y_pred = rng.integers(0, 2 if average == "binary" else 4, 50)
    weight = rng.random(50)
    np.testing.assert_allclose(
        em.jaccard_score(y_true, y_pred, average=average, sample_weight=weight),
        skm.jaccard_score(y_true, y_pred, average=average, sample_weight=weight),
        rtol=1e-12,
    )


@pytest.mark.parametrize("average", AVERAGES)
def test_jaccard_matches_sklearn_on_indicators(average):
    y_true, y_pred, _, weight = _data(3)
    np.testing.assert_allclose(
        em.jaccard_score(y_true, y_pred, average=average, sample_weight=weight,
                         zero_division=0),  # fmt: skip
        skm.jaccard_score(y_true, y_pred, average=average, sample_weight=weight,
                          zero_division=0),  # fmt: skip
        rtol=1e-12,
    )


@pytest.mark.parametrize("weighted", [False, True])
def test_subset_accuracy_zero_one_and_hamming_loss(weighted):
    y_true, y_pred, _, weight = _data(4, k=2)
    w = weight if weighted else None
    for normalize in (True, False):
        assert em.accuracy_score(y_true, y_pred, normalize=normalize, sample_weight=w) == (
            pytest.approx(skm.accuracy_score(y_true, y_pred, normalize=normalize,
                                             sample_weight=w))  # fmt: skip
        )
        assert em.zero_one_loss(y_true, y_pred, normalize=normalize, sample_weight=w) == (
            pytest.approx(skm.zero_one_loss(y_true, y_pred, normalize=normalize,
                                            sample_weight=w))  # fmt: skip
        )
    assert em.hamming_loss(y_true, y_pred, sample_weight=w) == pytest.approx(
        skm.hamming_loss(y_true, y_pred, sample_weight=w)
    )
    # 1-D labels: Hamming loss is the error rate
    assert em.hamming_loss([1, 2, 3], [1, 0, 0]) == pytest.approx(2 / 3)


@pytest.mark.parametrize("average", AVERAGES)
def test_specificity_of_indicators_is_tn_over_negatives(average):
    y_true, y_pred, _, weight = _data(10)
    samplewise = average == "samples"
    mcm = skm.multilabel_confusion_matrix(
        y_true, y_pred, sample_weight=None if samplewise else weight, samplewise=samplewise
    )
    tn, fp = mcm[:, 0, 0], mcm[:, 0, 1]
    if average == "micro":
        tn, fp = tn.sum(keepdims=True), fp.sum(keepdims=True)
    tnr = np.divide(tn, tn + fp, out=np.zeros(tn.shape), where=tn + fp > 0)
    if average is None or average == "micro":
        expected = tnr if average is None else tnr[0]
    elif average == "macro":
        expected = tnr.mean()
    else:
        support = weight if samplewise else mcm[:, 1].sum(axis=1)
        expected = np.average(tnr, weights=support)
    ours = em.specificity_score(y_true, y_pred, average=average, sample_weight=weight,
                                zero_division=0)  # fmt: skip
    np.testing.assert_allclose(ours, expected, rtol=1e-12)


def test_subset_accuracy_by_hand():
    y_true = np.array([[0, 1, 1], [1, 0, 1]])
    y_pred = np.array([[0, 0, 1], [1, 0, 1]])
    assert em.accuracy_score(y_true, y_pred) == 0.5
    assert em.zero_one_loss(y_true, ~y_pred.astype(bool)) == 1.0
    assert em.hamming_loss(y_true, y_pred) == pytest.approx(1 / 6)
    assert em.error_rate(y_true, y_pred, normalize=False) == 1.0


@pytest.mark.parametrize("samplewise", [False, True])
@pytest.mark.parametrize("labels", [None, [2, 0]])
@pytest.mark.parametrize("weight_kind", [None, "int", "float"])
def test_multilabel_confusion_matrix_matches_sklearn(samplewise, labels, weight_kind):
    y_true, y_pred, _, weight = _data(5)
    w = {None: None, "int": weight.astype(int), "float": weight + 0.5}[weight_kind]
    ours = em.multilabel_confusion_matrix(y_true, y_pred, sample_weight=w, labels=labels,
                                          samplewise=samplewise)  # fmt: skip
    theirs = skm.multilabel_confusion_matrix(y_true, y_pred, sample_weight=w,
                                             labels=labels, samplewise=samplewise)  # fmt: skip
    np.testing.assert_array_equal(ours, theirs)
    assert ours.dtype == (np.float64 if weight_kind == "float" else np.int64)


@pytest.mark.parametrize("labels", [None, ["c", "a"], ["a", "b", "c", "z"]])
def test_multilabel_confusion_matrix_of_1d_labels(labels):
    y_true = np.array(["a", "b", "c", "a", "c", "c"])
    y_pred = np.array(["a", "c", "c", "b", "c", "a"])
    np.testing.assert_array_equal(
        em.multilabel_confusion_matrix(y_true, y_pred, labels=labels),
        skm.multilabel_confusion_matrix(y_true, y_pred, labels=labels),
    )
    # class 'a': TP 1 (sample 0), FN 1 (sample 3), FP 1 (sample 5), TN 3
    assert em.multilabel_confusion_matrix(y_true, y_pred)[0].tolist() == [[3, 1], [1, 1]]


def test_integer_weights_give_exact_counts():
    big = 2**53 + 1  # float64 cannot hold it
    y = np.array([[1, 0], [1, 1], [0, 1]])
    mcm = em.multilabel_confusion_matrix(y, y, sample_weight=np.full(3, big))
    assert mcm.dtype == np.int64
    assert int(mcm[0, 1, 1]) == 2 * big  # label 0 is in samples 0 and 1
    assert int(mcm[0, 0, 0]) == big
    with pytest.raises(ValueError, match="overflows the int64 counts"):
        em.multilabel_confusion_matrix(y, y, sample_weight=np.full(3, 2**62))


@pytest.mark.parametrize("average", AVERAGES)
@pytest.mark.parametrize("weighted", [False, True])
def test_average_precision_and_roc_auc_on_indicators(average, weighted):
    y_true, _, y_score, weight = _data(6, n=80, k=4)
    y_true[:, 0] = np.arange(80) % 2  # every row holds a positive and a negative
    y_true[:, 1] = 1 - y_true[:, 0]
    w = weight + 1 if weighted else None
    for name in ("average_precision_score", "roc_auc_score"):
        ours = getattr(em, name)(y_true, y_score, average=average, sample_weight=w)
        theirs = getattr(skm, name)(y_true, y_score, average=average, sample_weight=w)
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)


def test_average_precision_weighted_skips_labels_without_positives():
    y_true = np.array([[1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 0]])
    y_score = np.array([[0.9, 0.1, 0.3], [0.2, 0.8, 0.1], [0.6, 0.4, 0.5], [0.1, 0.2, 0.3]])
    theirs = _quiet(skm.average_precision_score, y_true, y_score, average="weighted")
    assert em.average_precision_score(y_true, y_score, average="weighted") == (
        pytest.approx(theirs)
    )
    with pytest.raises(ValueError, match=r"label column\(s\) \[2\]"):
        em.average_precision_score(y_true, y_score, average="macro")
    with pytest.raises(ValueError, match=r"row\(s\) \[3\]"):
        em.average_precision_score(y_true, y_score, average="samples")
    with pytest.raises(ValueError, match=r"label column\(s\) \[2\]"):
        em.roc_auc_score(y_true, y_score, average=None)


@pytest.mark.parametrize("name", RANKING)
@pytest.mark.parametrize("weighted", [False, True])
def test_label_ranking_metrics_match_sklearn(name, weighted):
    y_true, _, y_score, weight = _data(7, n=100, k=6, ties=3)
    y_true[0] = 0  # no relevant label
    y_true[1] = 1  # all labels relevant
    w = weight if weighted else None
    ours = getattr(em, name)(y_true, y_score, sample_weight=w)
    assert ours == pytest.approx(getattr(skm, name)(y_true, y_score, sample_weight=w),
                                 rel=1e-12)  # fmt: skip


def test_label_ranking_by_hand():
    # sample 1: relevant label 0 is ranked 2nd (behind label 2): precision 1/2;
    # sample 2: relevant label 2 is ranked 3rd: precision 1/3 (scikit-learn's example)
    y_true = [[1, 0, 0], [0, 0, 1]]
    y_score = [[0.75, 0.5, 1], [1, 0.2, 0.1]]
    assert em.label_ranking_average_precision_score(y_true, y_score) == pytest.approx(5 / 12)
    assert em.coverage_error(y_true, y_score) == 2.5  # (2 + 3) / 2
    assert em.label_ranking_loss(y_true, y_score) == 0.75  # (1/2 + 2/2) / 2
    # a tie between a relevant and an irrelevant label counts against the ranking
    assert em.label_ranking_loss([[1, 0]], [[0.5, 0.5]]) == 1.0
    assert em.coverage_error([[1, 0]], [[0.5, 0.5]]) == 2.0
    assert em.label_ranking_average_precision_score([[1, 0]], [[0.5, 0.5]]) == 0.5


def test_sparse_and_dataframe_inputs():
    pd = pytest.importorskip("pandas")
    sparse = pytest.importorskip("scipy.sparse")
    y_true, y_pred, y_score, _ = _data(8)
    expected = em.f1_score(y_true, y_pred, average="samples", zero_division=0)
    assert em.f1_score(sparse.csr_matrix(y_true), sparse.csr_matrix(y_pred),
                       average="samples", zero_division=0) == expected  # fmt: skip
    assert em.f1_score(pd.DataFrame(y_true), pd.DataFrame(y_pred), average="samples",
                       zero_division=0) == expected  # fmt: skip
    assert em.label_ranking_loss(sparse.csr_matrix(y_true), y_score) == pytest.approx(
        skm.label_ranking_loss(y_true, y_score)
    )


def test_classification_report_of_indicators_matches_sklearn():
    y_true, y_pred, _, weight = _data(9, k=4)
    y_true[:, 0] = 1  # avoid labels with no true sample: the two warn differently
    y_pred[:, 0] = 1
    ours = em.classification_report(y_true, y_pred, output_dict=True, sample_weight=weight,
                                     zero_division=0)  # fmt: skip
    theirs = skm.classification_report(y_true, y_pred, output_dict=True,
                                       sample_weight=weight, zero_division=0)  # fmt: skip
    assert ours.keys() == theirs.keys()
    for key in theirs:
        for column, value in theirs[key].items():
            assert ours[key][column] == pytest.approx(value), (key, column)
    assert em.classification_report(y_true, y_pred, zero_division=0) == (
        skm.classification_report(y_true, y_pred, zero_division=0)
    )


@pytest.mark.parametrize(
    "y_true, y_pred, kwargs, match",
    [
        ([[0, 2], [1, 0]], [[0, 1], [1, 0]], {}, r"values other than 0 and 1, e\.g\. 2"),
        ([[0, 0.5], [1, 0]], [[0, 1], [1, 0]], {}, "values other than 0 and 1"),
        ([[0, np.nan], [1, 0]], [[0, 1], [1, 0]], {}, "values other than 0 and 1"),
        ([["a", "b"], ["b", "a"]], [[0, 1], [1, 0]], {}, "dtype <U1"),
        ([[0, 1], [1, 0]], [0, 1], {}, "y_true is a 2-D multilabel indicator matrix but"),
        ([0, 1], [[0, 1], [1, 0]], {}, "y_pred is a 2-D multilabel indicator matrix but"),
        ([[0, 1], [1, 0]], [[0, 1, 0], [1, 0, 0]], {}, r"shape \(2, 2\) but y_pred"),
        ([[0, 1], [1, 0]], [[0, 1], [1, 0]], {"average": "binary"}, "average='binary'"),
        ([0, 1], [0, 1], {"average": "samples"}, "needs multilabel indicator"),
        ([[0, 1], [1, 0]], [[0, 1], [1, 0]], {"labels": [0, 2], "average": None},
         r"\[0, 2\) for multilabel"),
        ([[0, 1], [1, 0]], [[0, 1], [1, 0]], {"labels": [-1], "average": None},
         r"got \[-1\]"),
        ([[0, 1], [1, 0]], [[0, 1], [1, 0]], {"labels": ["a"], "average": None},
         "column indices"),
        ([[0, 1], [1, 0]], [[0, 1], [1, 0]], {"sample_weight": [1]}, "sample_weight has 1"),
    ],
)
def test_bad_indicator_input_raises(y_true, y_pred, kwargs, match):
    kwargs.setdefault("average", "micro")
    with pytest.raises(ValueError, match=match):
        em.precision_score(y_true, y_pred, **kwargs)


def test_other_bad_input_raises():
    with pytest.raises(ValueError, match="samplewise=True needs multilabel"):
        em.multilabel_confusion_matrix([0, 1], [0, 1], samplewise=True)
    with pytest.raises(ValueError, match="one column is a binary problem"):
        em.coverage_error([[1], [0]], [[0.5], [0.2]])
    # LRAP accepts one label: each row is all or nothing, and scores 1
    assert em.label_ranking_average_precision_score([[1], [0]], [[0.5], [0.2]]) == 1.0
    with pytest.raises(ValueError, match=r"y_score has shape \(2, 3\)"):
        em.label_ranking_loss([[1, 0], [0, 1]], np.zeros((2, 3)))
    with pytest.raises(ValueError, match="sample_weight sums to 0"):
        em.coverage_error([[1, 0], [0, 1]], [[1, 0], [0, 1]], sample_weight=[0, 0])
    with pytest.raises(ValueError, match="non-finite"):
        em.label_ranking_loss([[1, 0], [0, 1]], [[np.inf, 0], [0, 1]])
    with pytest.raises(ValueError, match="pos_label=0 does not apply"):
        em.average_precision_score([[1, 0], [0, 1]], [[1, 0], [0, 1]], pos_label=0)
    with pytest.raises(ValueError, match="labels does not apply"):
        em.roc_auc_score([[1, 0], [0, 1]], [[1, 0], [0, 1]], labels=[0, 1])
    with pytest.raises(ValueError, match="balanced accuracy is not defined"):
        em.balanced_accuracy_score([[1, 0], [0, 1]], [[1, 0], [0, 1]])
    with pytest.raises(ValueError, match=r"y_true must be 1-D .* got shape \(2, 1\)"):
        em.precision_score([[1], [0]], [[1], [0]])


# --- property tests: random small problems with ties, against scikit-learn ----------

_indicators = st.integers(2, 6).flatmap(
    lambda k: st.tuples(
        arrays(np.int8, st.tuples(st.integers(1, 12), st.just(k)), elements=st.integers(0, 1)),
        st.integers(0, 2**31 - 1),
    )
)


@settings(max_examples=examples(40), deadline=None)
@given(_indicators)
def test_property_set_metrics_match_sklearn(case):
    y_true, seed = case
    rng = np.random.default_rng(seed)
    y_pred = rng.integers(0, 2, y_true.shape)
    weight = rng.integers(1, 5, y_true.shape[0]).astype(float)
    for average in AVERAGES:
        for name in ("precision_recall_fscore_support", "jaccard_score"):
            ours = _quiet(getattr(em, name), y_true, y_pred, average=average,
                          sample_weight=weight, zero_division=0)  # fmt: skip
            theirs = _quiet(getattr(skm, name), y_true, y_pred, average=average,
                            sample_weight=weight, zero_division=0)  # fmt: skip
            for a, b in zip(np.atleast_1d(ours), np.atleast_1d(theirs)):
                if b is not None:
                    np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)
    np.testing.assert_array_equal(
        em.multilabel_confusion_matrix(y_true, y_pred, samplewise=True),
        skm.multilabel_confusion_matrix(y_true, y_pred, samplewise=True),
    )
    assert em.hamming_loss(y_true, y_pred, sample_weight=weight) == pytest.approx(
        skm.hamming_loss(y_true, y_pred, sample_weight=weight)
    )


@settings(max_examples=examples(40), deadline=None)
@given(_indicators)
def test_property_label_ranking_matches_sklearn(case):
    y_true, seed = case
    rng = np.random.default_rng(seed)
    y_score = rng.integers(0, 3, y_true.shape).astype(float)  # ties
    weight = rng.integers(1, 5, y_true.shape[0]).astype(float)
    for name in RANKING:
        assert getattr(em, name)(y_true, y_score, sample_weight=weight) == pytest.approx(
            getattr(skm, name)(y_true, y_score, sample_weight=weight), rel=1e-12
        )
    usable = y_true.any(axis=0) & ~y_true.all(axis=0)
    if usable.all():
        for average in ("macro", "micro", "weighted", None):
            np.testing.assert_allclose(
                em.roc_auc_score(y_true, y_score, average=average),
                skm.roc_auc_score(y_true, y_score, average=average), rtol=1e-12,
            )
    if y_true.any(axis=0).all():
        for average in ("macro", "micro", None):
            np.testing.assert_allclose(
                em.average_precision_score(y_true, y_score, average=average),
                skm.average_precision_score(y_true, y_score, average=average), rtol=1e-12,
            )
