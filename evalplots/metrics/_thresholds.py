"""The counting kernel behind every threshold curve and ranking score.

For binary labels and real-valued scores, every metric of this family is a function
of two sorted arrays: the scores of the positives and the scores of the negatives.
Sorting the two halves separately costs about one ``np.sort`` of the scores, which is
several times cheaper than the stable ``argsort`` that a per-sample cumulative sum
needs; merging two sorted runs is linear. Weighted inputs take the argsort path,
because the weights have to follow the samples.

Every count is exact: unweighted counts are integers (held in float64 arrays only at
the very end, as scikit-learn returns them), and one operating point is produced per
distinct score value, so tied scores are never split.
"""

import numpy as np

from evalplots.metrics._labels import binary_positive_mask
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_sample_weight,
    check_scores,
)

__all__ = ["BinaryScores", "binary_scores", "require_both_classes"]

# Below this many samples one stable argsort beats sorting the two classes
# separately and merging (fewer numpy calls; measured crossover ~5,000).
_SMALL_N = 4096


class BinaryScores:
    """Validated binary labels and scores, sorted once and shared by every metric.

    Attributes
    ----------
    pos_sorted, neg_sorted : ndarray of float64
        Ascending scores of the positive and of the negative samples (unweighted
        inputs only; None when ``weight`` is given).
    score, positive, weight : ndarray
        The validated inputs (``weight`` is None when unweighted).
    """

    __slots__ = ("_neg", "_pos", "positive", "score", "weight")

    def __init__(self, score, positive, weight):
        self.score = score
        self.positive = positive
        self.weight = weight
        self._pos = None
        self._neg = None

    @property
    def pos_sorted(self):
        if self._pos is None:
            self._pos = np.sort(self.score[self.positive])
        return self._pos

    @property
    def neg_sorted(self):
        if self._neg is None:
            self._neg = np.sort(self.score[~self.positive])
        return self._neg

    @property
    def n_pos(self):
        """Number (unweighted) or total weight of the positives."""
        if self.weight is None:
            return int(np.count_nonzero(self.positive))
        return float(self.weight[self.positive].sum())

    @property
    def n_neg(self):
        """Number (unweighted) or total weight of the negatives."""
        if self.weight is None:
            return int(self.positive.size - np.count_nonzero(self.positive))
        return float(self.weight[~self.positive].sum())

    def counts(self):
        """Cumulative (weighted) false and true positives at each distinct threshold.

        Returns
        -------
        fps, tps : ndarray of float64 of shape (n_thresholds,)
            Samples with ``score >= threshold`` that are negative / positive.
        thresholds : ndarray of float64 of shape (n_thresholds,)
            The distinct score values, in decreasing order.
        """
        if self.weight is not None:
            return _counts_weighted(self.score, self.positive, self.weight)
        if self.score.size < _SMALL_N:
            return _counts_weighted(self.score, self.positive, None)
        return _counts_unweighted(self.pos_sorted, self.neg_sorted)

    def pair_counts(self):
        """Count positive-negative pairs ordered correctly and tied (unweighted).

        Returns
        -------
        n_correct, n_tied : int
            Pairs with ``score(pos) > score(neg)`` and with equal scores.
        """
        ps, ns = self.pos_sorted, self.neg_sorted
        if ps.size <= ns.size:
            lo = np.searchsorted(ns, ps, side="left")
            hi = np.searchsorted(ns, ps, side="right")
            n_correct = int(lo.sum(dtype=np.int64))
        else:
            lo = np.searchsorted(ps, ns, side="left")
            hi = np.searchsorted(ps, ns, side="right")
            n_correct = int(ps.size * ns.size - hi.sum(dtype=np.int64))
        n_tied = int((hi - lo).sum(dtype=np.int64))
        return n_correct, n_tied


def binary_scores(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Validate binary-curve inputs and wrap them in a :class:`BinaryScores`.

    Raises
    ------
    ValueError
        If the arrays are not 1-D, are empty or differ in length, if ``y_score``
        holds NaN/inf or non-numbers, if ``y_true`` has more than two classes or an
        ambiguous positive class, or if ``sample_weight`` is invalid.
    """
    y_true = as_1d(y_true, "y_true")
    y_score = check_scores(as_1d(y_score, "y_score"), "y_score")
    check_consistent_length(y_true=y_true, y_score=y_score)
    positive = binary_positive_mask(y_true, pos_label)
    weight = check_sample_weight(sample_weight, y_true.shape[0])
    if weight is not None:
        # A sample of weight 0 has no mass: it must not create an operating point
        # (scikit-learn does the same).
        keep = weight != 0
        if not keep.any():
            raise ValueError(
                "sample_weight is 0 for every sample, so there is nothing to evaluate; "
                "pass weights with a positive sum."
            )
        if not keep.all():
            y_score, positive, weight = y_score[keep], positive[keep], weight[keep]
    return BinaryScores(y_score, positive, weight)


def _counts_unweighted(pos_sorted, neg_sorted):
    # Memory is kept near 4 x 8n bytes: each temporary is freed as soon as it is used.
    n_samples = pos_sorted.size + neg_sorted.size
    merged = np.concatenate((pos_sorted, neg_sorted))
    # Two sorted runs: the stable sort (timsort) merges them in linear time.
    merged.sort(kind="stable")
    is_new = np.empty(n_samples, dtype=bool)
    is_new[:1] = True
    np.not_equal(merged[1:], merged[:-1], out=is_new[1:])
    starts = np.flatnonzero(is_new)  # first index of each distinct value, ascending
    del is_new
    thresholds = merged[starts[::-1]]
    del merged
    # Samples scored >= the value starting at index i: n - i.
    fps = np.subtract(n_samples, starts[::-1], dtype=np.float64)
    del starts
    # Positives per distinct value: locate each positive's value among the distinct
    # values (P binary searches, not n), count, and accumulate from the top.
    group = np.searchsorted(thresholds[::-1], pos_sorted, side="left")
    tps = np.bincount(group, weights=np.ones(group.size), minlength=fps.size)[::-1]
    del group
    np.cumsum(tps, out=tps)
    fps -= tps
    return fps, tps, thresholds


def _counts_weighted(score, positive, weight):
    """Counts by one stable argsort and cumulative sums (``weight=None``: unit weights)."""
    order = np.argsort(score, kind="stable")[::-1]
    score = score[order]
    ends = np.flatnonzero(np.concatenate((score[1:] != score[:-1], [True])))
    if weight is None:
        tps = np.cumsum(positive[order], dtype=np.float64)[ends]
        return (ends + 1.0) - tps, tps, score[ends]
    w = weight[order]
    tps = np.cumsum(np.where(positive[order], w, 0.0))[ends]
    fps = np.cumsum(np.where(positive[order], 0.0, w))[ends]
    return fps, tps, score[ends]


def require_both_classes(data, *, need_neg, metric):
    """Raise a ValueError naming ``metric`` if a class the metric needs is absent."""
    if data.n_pos <= 0:
        raise ValueError(
            f"y_true has no positive sample, so {metric} is undefined; check pos_label "
            f"or evaluate on data that contains the positive class."
        )
    if need_neg and data.n_neg <= 0:
        raise ValueError(
            f"y_true has only positive samples, so {metric} is undefined; evaluate on "
            f"data that contains both classes."
        )
