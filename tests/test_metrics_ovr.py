"""One-vs-rest metrics: multi-class average precision, OvR counts and curves, and the
exact macro-average curves. scikit-learn is the oracle for every number it has."""

import numpy as np
import pytest
import sklearn.metrics as skm

from evalplots.metrics import average_precision_score, roc_auc_score

AVERAGES = ["macro", "weighted", "micro", None]


def _multiclass(seed, n=60, k=3, decimals=1, weighted=False):
    """Labels 0..k-1 (every class present), row-normalised scores with many ties."""
    rng = np.random.default_rng(seed)
    y = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    raw = rng.integers(1, 10**decimals, size=(n, k)).astype(float)
    raw[np.arange(n), y] += rng.integers(0, 3, n)  # some signal
    proba = raw / raw.sum(axis=1, keepdims=True)
    w = rng.uniform(0.1, 3.0, n) if weighted else None
    return y, proba, w


# ------------------------------------------------- multi-class average precision
@pytest.mark.parametrize("average", AVERAGES)
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed, k", [(0, 3), (1, 4), (2, 6)])
def test_multiclass_average_precision_matches_scikit_learn(seed, k, weighted, average):
    y, proba, w = _multiclass(seed, k=k, weighted=weighted)
    ours = average_precision_score(y, proba, average=average, sample_weight=w)
    theirs = skm.average_precision_score(y, proba, average=average, sample_weight=w)
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=0)
    assert isinstance(ours, np.ndarray) == (average is None)


def test_multiclass_average_precision_by_hand():
    y = [0, 0, 1, 1, 2, 2]
    proba = np.array([[0.7, 0.2, 0.1], [0.4, 0.3, 0.3], [0.1, 0.8, 0.1],
                      [0.2, 0.3, 0.5], [0.4, 0.4, 0.2], [0.1, 0.2, 0.7]])
    per_class = average_precision_score(y, proba, average=None)
    # Each column ranked, AP = sum (R_n - R_{n-1}) P_n:
    # class 0: .7(+) then .4 tied {+, -}           -> 1/2 * 1 + 1/2 * 2/3 = 5/6
    # class 1: .8(+) .4(-) then .3 tied {+, -}     -> 1/2 * 1 + 1/2 * 2/4 = 3/4
    # class 2: .7(+) .5(-) .3(-) .2(+)             -> 1/2 * 1 + 1/2 * 2/4 = 3/4
    np.testing.assert_allclose(per_class, [5 / 6, 3 / 4, 3 / 4])
    assert average_precision_score(y, proba) == pytest.approx(per_class.mean())
    assert average_precision_score(y, proba, average="weighted") == pytest.approx(
        per_class.mean()  # equal supports
    )


def test_multiclass_average_precision_with_string_labels_and_plain_scores():
    y, proba, _ = _multiclass(3, k=3)
    names = np.array(["setosa", "versicolor", "virginica"])[y]
    scores = np.log(proba) * 7.0  # not probabilities: AP needs only the ranking
    for average in AVERAGES:
        np.testing.assert_allclose(
            average_precision_score(names, scores, average=average),
            skm.average_precision_score(names, scores, average=average),
            rtol=1e-12,
        )


def test_binary_average_precision_ignores_average_like_scikit_learn():
    y, s = [1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]
    for average in AVERAGES:
        assert average_precision_score(y, s, average=average) == pytest.approx(13 / 15)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"average": "samples"}, "'samples', a multi-label average"),
        ({"average": "binary"}, "average must be one of"),
        ({"pos_label": 1}, "pos_label=1 applies to binary y_true only"),
        ({"y_score": np.ones((6, 2)) / 2}, "2 columns but there are 3 classes"),
        ({"y_score": np.ones((6, 1))}, r"shape \(6, 1\): one column is a binary"),
        ({"sample_weight": [1, 1, 1, 1, 0, 0]}, r"Class\(es\) \{2\} have total"),
        ({"sample_weight": np.zeros(6)}, "sample_weight is 0 for every sample"),
        ({"y_true": [0, 0, 1, 1, 1, 1]}, "3 columns but there are 2 classes"),
    ],
)
def test_multiclass_average_precision_bad_input(kwargs, match):
    args = {"y_true": [0, 0, 1, 1, 2, 2], "y_score": np.full((6, 3), 1 / 3)}
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        average_precision_score(**args)


def test_micro_average_precision_accepts_a_weightless_class():
    y, proba = [0, 0, 1, 1, 2, 2], np.random.default_rng(4).dirichlet([1, 1, 1], 6)
    w = [1, 2, 1, 1, 0, 0]
    assert average_precision_score(
        y, proba, average="micro", sample_weight=w
    ) == pytest.approx(
        skm.average_precision_score(y, proba, average="micro", sample_weight=w),
        rel=1e-12,
    )


def test_roc_auc_keeps_its_multiclass_checks_after_sharing_the_class_rule():
    y, proba, _ = _multiclass(5, k=4)
    for average in AVERAGES:
        np.testing.assert_allclose(
            roc_auc_score(y, proba, multi_class="ovr", average=average),
            skm.roc_auc_score(y, proba, multi_class="ovr", average=average),
            rtol=1e-12,
        )
    with pytest.raises(ValueError, match="labels must be unique"):
        roc_auc_score(y, proba, multi_class="ovr", labels=[0, 1, 2, 2])
    with pytest.raises(ValueError, match="not in labels"):
        roc_auc_score(y, proba, multi_class="ovr", labels=[0, 1, 2, 5])
