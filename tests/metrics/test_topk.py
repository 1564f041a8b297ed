"""Top-k metrics: P@k, AP@k (both variants), MAP@k, both denominators, and top-k
accuracy (against scikit-learn and by hand)."""

import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from numpy.testing import assert_allclose

import evalplots.metrics as ep
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    average_precision_at_k,
    mean_average_precision_at_k,
    precision_at_k,
)

from tests.support import _sk


def ml_metrics_apk(actual, predicted, k):
    """The Kaggle rule from its definition: precision at each new hit, / min(|rel|, k)."""
    found, precisions = [], []
    for rank, item in enumerate(predicted[:k], start=1):
        if item in actual and item not in found:
            found.append(item)
            precisions.append(len(found) / rank)
    return sum(precisions) / min(len(actual), k) if actual else 0.0


def thakur_apk(y_true, y_pred, k):
    """Thakur's pk/apk code (its P@i divides by len(y_pred[:i]))."""

    def pk(i):
        top = y_pred[:i]
        return len(set(top) & set(y_true)) / len(top)

    return sum(pk(i) for i in range(1, k + 1)) / k


def test_precision_at_k_by_hand():
    assert precision_at_k([1, 2, 5], [1, 3, 2, 5], k=3) == pytest.approx(2 / 3)
    assert precision_at_k([1, 2, 5], [1, 3, 2, 5], k=4) == 0.75
    assert precision_at_k(["a"], ["b", "a"], k=1) == 0.0


def test_precision_at_k_duplicates_count_once():
    assert precision_at_k([1, 2], [1, 1, 1], k=3) == pytest.approx(1 / 3)


def test_precision_at_k_short_prediction_both_denominators():
    assert precision_at_k([1, 2], [1], k=3) == pytest.approx(1 / 3)
    assert precision_at_k([1, 2], [1], k=3, denominator="n_predicted") == 1.0


@pytest.mark.parametrize("k", [1, 2, 3, 5])
@pytest.mark.parametrize(
    "actual, predicted",
    [
        ([1, 2, 3], [1, 99, 3]),
        ([1, 2, 3], [0, 1, 2]),
        ([5], [1, 2, 3, 5]),
        ([1, 2], [2, 2, 1]),
        (["x", "y"], ["y", "z", "x", "w"]),
        ([1, 2, 3, 4], [4]),
    ],
)
def test_ranked_hits_matches_ml_metrics(actual, predicted, k):
    assert_allclose(
        average_precision_at_k(actual, predicted, k=k),
        ml_metrics_apk(actual, predicted, k),
    )


@pytest.mark.parametrize("k", [1, 2, 3, 5])
@pytest.mark.parametrize(
    "actual, predicted",
    [([1, 2, 3], [0, 1, 2]), ([0, 2], [1]), ([2, 3], [2, 3, 4, 0]), ([1], [0, 2, 3])],
)
def test_mean_precision_matches_thakur_code_with_n_predicted(actual, predicted, k):
    assert_allclose(
        average_precision_at_k(
            actual, predicted, k=k, variant="mean_precision", denominator="n_predicted"
        ),
        thakur_apk(actual, predicted, k),
    )


def test_mean_precision_default_divides_by_k():
    # P@1 = 1, P@2 = 1/2, P@3 = 1/3 (prediction has one item)
    assert_allclose(
        average_precision_at_k([0, 2], [2], k=3, variant="mean_precision"),
        (1 + 1 / 2 + 1 / 3) / 3,
    )


def test_ranked_hits_no_relevant_item_is_zero_division():
    with pytest.warns(UndefinedMetricWarning):
        assert average_precision_at_k([], [1, 2], k=2) == 0.0
    assert np.isnan(average_precision_at_k([], [1, 2], k=2, zero_division=np.nan))
    # mean_precision is defined there (no hits: 0/k)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert average_precision_at_k([], [1], k=2, variant="mean_precision") == 0.0


def test_map_is_mean_of_ap():
    y_true = [[1, 2], [3], ["a"]]
    y_pred = [[2, 9, 1], [9, 3], ["b"]]
    expected = np.mean([ml_metrics_apk(t, p, 3) for t, p in zip(y_true, y_pred)])
    assert_allclose(mean_average_precision_at_k(y_true, y_pred, k=3), expected)


def test_numpy_arrays_accepted():
    assert precision_at_k(np.array([1, 2]), np.array([2, 1, 3]), k=2) == 1.0


@pytest.mark.parametrize("metric", [precision_at_k, average_precision_at_k])
def test_a_label_vector_and_a_score_vector_are_refused_with_the_items_to_pass(metric):
    labels, scores = [0, 1, 1, 0, 1], np.array([0.2, 0.9, 0.4, 0.7, 0.8])
    with pytest.raises(ValueError, match=r"non-integer number 0\.2, a score.*"
                                         r"y_true=np\.flatnonzero\(labels\)"):
        metric(labels, scores, k=2)
    with pytest.raises(ValueError, match="a score rather than an item"):
        mean_average_precision_at_k([labels], [scores.tolist()], k=2)
    # the fix the message gives: top 2 = samples 1 (0.9, relevant) and 4 (0.8, relevant)
    items = dict(y_true=np.flatnonzero(labels), y_pred=np.argsort(-scores, kind="stable"))
    assert metric(**items, k=2) == 1.0
    assert metric(**items, k=3) == pytest.approx(2 / 3)  # P@3; AP@3 = (1 + 1) / 3
    assert precision_at_k([1.0, 2.0], [2.0, 5.0], k=2) == 0.5  # whole floats are ids


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: precision_at_k([1], [1], k=0), "k must be an integer >= 1"),
        (lambda: precision_at_k([1], [1], k=2.0), "k must be an integer"),
        (lambda: precision_at_k([1], [1], k=True), "k must be an integer"),
        (lambda: precision_at_k([1], [1], k=1, denominator="n"), "denominator must"),
        (lambda: average_precision_at_k([1], [1], k=1, variant="x"), "variant must"),
        (lambda: precision_at_k("abc", [1], k=1), "y_true must be a list"),
        (lambda: precision_at_k(3, [1], k=1), "y_true must be a list"),
        (
            lambda: precision_at_k([[1, 2], [3]], [[1], [3]], k=1),
            "mean_average_precision",
        ),
        (lambda: mean_average_precision_at_k([[1]], [[1], [2]], k=1), "1 queries"),
        (lambda: mean_average_precision_at_k([], [], k=1), "at least one query"),
    ],
)
def test_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_ap_at_k_ranked_hits():
    # hits at ranks 1 and 3: (1/1 + 2/3) / min(3, 3)
    got = average_precision_at_k([1, 2, 3], [1, 99, 3], k=3)
    assert_allclose(got, 0.555556, atol=1e-6)
    assert_allclose(got, (1 + 2 / 3) / 3)


def test_p_at_k_divides_by_k_not_by_prediction_length():
    assert_allclose(precision_at_k([1, 2], [1], k=3), 1 / 3)


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
