"""Top-k metrics: P@k, AP@k (both variants), MAP@k, and both denominators."""

import warnings

import numpy as np
import pytest
from numpy.testing import assert_allclose

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import (
    average_precision_at_k,
    mean_average_precision_at_k,
    precision_at_k,
)


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
