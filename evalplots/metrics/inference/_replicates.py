"""Ranking statistics of many weighted replicates of one binary sample, sorted once.

A bootstrap resample (or a jackknife deletion) of n rows is a vector of row
multiplicities; times ``sample_weight`` it is a vector of row weights. With the
scores sorted once in decreasing order and tied scores grouped, every replicate's
cumulative true/false positive weights are a cumulative sum of its weights over
that fixed order, so a block of replicates (a 2-D array, one row per replicate) is
handled by a few whole-array numpy operations instead of one sort per replicate.

For integer multiplicities without ``sample_weight`` every sum here is a sum of
integers (or half-integers) below 2**53, hence exact: the AUC of a replicate is
bit-for-bit the value :func:`evalplots.metrics.roc_auc_score` gives on the
resampled rows.
"""

import numpy as np

from evalplots.metrics.ranking._auc import auc_from_pairs, trapezoid_pairs
from evalplots.metrics._labels import binary_positive_mask
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_sample_weight,
    check_scores,
)

__all__ = [
    "ClassCurves",
    "break_even_from_crossing",
    "ranking_from_cumulative",
    "ranking_from_groups",
    "SortedBinary",
    "StratifiedAuc",
    "auc_jackknife",
    "validated_binary",
]


def validated_binary(y_true, y_score, pos_label, sample_weight):
    """``(score, positive, weight)`` of binary inputs, validated as :func:`roc_curve`
    does (all rows kept, including rows of weight 0)."""
    y_true = as_1d(y_true, "y_true")
    score = check_scores(as_1d(y_score, "y_score"), "y_score")
    check_consistent_length(y_true=y_true, y_score=score)
    positive = binary_positive_mask(y_true, pos_label)
    return score, positive, check_sample_weight(sample_weight, y_true.shape[0])


class SortedBinary:
    """Binary labels and scores sorted once by decreasing score.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels.
    y_score : array-like of shape (n_samples,)
        Scores of the positive class.
    pos_label : label or None
        The positive label (the rule of :func:`binary_positive_mask`).
    sample_weight : array-like of shape (n_samples,) or None
        Non-negative row weights, multiplied into every replicate's counts.

    Attributes
    ----------
    position : ndarray of int of shape (n_samples,)
        ``position[i]``: the column of row ``i`` in the sorted order.
    n_samples : int
    """

    def __init__(self, y_true, y_score, *, pos_label=None, sample_weight=None):
        score, positive, weight = validated_binary(y_true, y_score, pos_label, sample_weight)
        order = np.argsort(score, kind="stable")[::-1]
        self.n_samples = n = score.shape[0]
        self.position = np.empty(n, dtype=np.intp)
        self.position[order] = np.arange(n)
        self._positive = positive[order].astype(np.int64)
        self._weight = None if weight is None else weight[order]
        self.score, self.positive, self.weighted = score, positive, weight is not None
        ordered = score[order]
        starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
        self._starts = None if starts.size == n else starts
        self.thresholds = ordered if self._starts is None else ordered[starts]

    def group_weights(self, counts):
        """Positive and negative weight of each distinct score, per replicate.

        Parameters
        ----------
        counts : ndarray of int64 or float64 of shape (n_replicates, n_samples)
            Row multiplicities in sorted order; overwritten. Without
            ``sample_weight`` the result stays integer (exact).

        Returns
        -------
        pos, neg : ndarray of shape (n_replicates, n_thresholds)
            Weights of the positives and negatives scored at each distinct
            threshold, highest threshold first.
        """
        if self._weight is not None:
            counts = np.multiply(counts, self._weight)
        pos = counts * self._positive.astype(counts.dtype, copy=False)
        neg = np.subtract(counts, pos, out=counts)
        if self._starts is not None:
            pos = np.add.reduceat(pos, self._starts, axis=1)
            neg = np.add.reduceat(neg, self._starts, axis=1)
        return pos, neg

    def roc_auc(self, counts):
        """ROC AUC of each replicate (ties count 1/2); NaN when a class has no weight.

        ``(2 C + T) / (2 P N)`` with C the (weighted) pairs ordered correctly and T
        the tied ones: each negative at a threshold beats the positives above it
        (``tps - pos``) and ties with those at it (``pos``).
        """
        pos, neg = self.group_weights(counts)
        tps = np.cumsum(pos, axis=1)
        twice = trapezoid_pairs(neg, tps)
        return auc_from_pairs(twice.astype(np.float64), tps[:, -1], neg.sum(axis=1))

    def average_precision(self, counts):
        """Step-wise AP of each replicate; NaN when it has no positive weight."""
        pos, neg = self.group_weights(counts)
        tps = np.cumsum(pos, axis=1)
        predicted = np.cumsum(neg, axis=1, out=neg)
        predicted += tps
        precision = np.divide(tps, predicted, out=np.zeros(tps.shape), where=predicted > 0)
        return _ratio(np.einsum("ij,ij->i", pos, precision), tps[:, -1].astype(np.float64))


    def break_even_point(self, counts):
        """Break-even point of each replicate (NaN where undefined)."""
        return ranking_from_groups(*self.group_weights(counts))[1]


def ranking_from_groups(pos, neg):
    """Step-wise AP and break-even point of replicates given per threshold group.

    Parameters
    ----------
    pos, neg : ndarray of shape (n_replicates, n_groups)
        Positive and negative weight at each group of thresholds, highest first.
        A group may merge several thresholds that hold negatives only (the
        values do not change: such thresholds add no recall); a group of weight
        0 repeats the previous operating point (likewise harmless).

    Returns
    -------
    ap, bep : ndarray of shape (n_replicates,)
        ``sum_g pos_g * precision_g / P``; and the break-even point by the rule
        of :func:`break_even_point_from_curve` (the first operating point with
        TP > 0 and TP + FP >= P: its precision when TP + FP == P, else the zero
        of P - R on the segment from the previous point; NaN without a previous
        point). NaN where a replicate has no positive weight.
    """
    return _ranking_from_cumulated(pos, *_cumulated(pos, neg))


def ranking_from_cumulative(tps, fps):
    """:func:`ranking_from_groups` of whole-number int64 counts, given cumulated.

    ``tps[:, g]`` and ``fps[:, g]`` are the positives and negatives in groups
    ``0 .. g`` (resampled count tables: a cumulative sum of multinomial draws, or
    read straight off the cumulated positions of
    :meth:`~evalplots.metrics.inference._resample.ResamplePlan.cumulative_blocks`).
    Integer sums are exact, and several times faster than float64 additions;
    read as float64 they give the same floats as ``ranking_from_groups`` of the
    per-group counts as float64.
    """
    pos = np.diff(tps, axis=1, prepend=0)
    predicted = tps + fps
    return _ranking_from_cumulated(pos.astype(np.float64), tps.astype(np.float64),
                                   predicted.astype(np.float64))


def _cumulated(pos, neg):
    """The true positives and the predicted positives at each group, cumulated."""
    tps = np.cumsum(pos, axis=1)
    predicted = np.cumsum(neg, axis=1)
    predicted += tps
    return tps, predicted


def _ranking_from_cumulated(pos, tps, predicted):
    """:func:`ranking_from_groups` from the positives and the cumulated counts."""
    total = tps[:, -1].astype(np.float64)
    precision = np.divide(tps, predicted, out=np.zeros(tps.shape), where=predicted > 0)
    ap = _ratio(np.einsum("ij,ij->i", pos, precision), total)
    rows = np.arange(tps.shape[0])
    j = np.argmax((tps > 0) & (predicted >= total[:, None]), axis=1)
    tp_j, pr_j = tps[rows, j].astype(np.float64), predicted[rows, j].astype(np.float64)
    prev = np.maximum(j - 1, 0)
    tp_p = np.where(j > 0, tps[rows, prev], 0).astype(np.float64)
    pr_p = np.where(j > 0, predicted[rows, prev], 0).astype(np.float64)
    return ap, break_even_from_crossing(tp_j, pr_j, tp_p, pr_p, total)


def break_even_from_crossing(tp_j, pr_j, tp_p, pr_p, total):
    """The break-even point from the operating point j where TP + FP first reaches
    P (with TP > 0) and the one before it (0, 0 when j is the first).

    Parameters
    ----------
    tp_j, pr_j, tp_p, pr_p : ndarray of shape (n_replicates,)
        True positives and predicted positives at j and before j.
    total : float or ndarray of shape (n_replicates,)
        Positives, P.

    Returns
    -------
    bep : ndarray of shape (n_replicates,)
        Recall at j when TP + FP == P there, else the zero of P - R on the
        segment from the point before; NaN without one, or when P is 0.
    """
    tp_j, pr_j, tp_p, pr_p = (np.asarray(a, dtype=np.float64)
                              for a in (tp_j, pr_j, tp_p, pr_p))
    total = np.broadcast_to(np.asarray(total, dtype=np.float64), tp_j.shape)
    with np.errstate(divide="ignore", invalid="ignore"):
        r_j, r_p = tp_j / total, tp_p / total
        d_j = tp_j / pr_j - r_j
        d_p = tp_p / pr_p - r_p
        t = d_p / (d_p - d_j)
        bep = np.where(pr_j == total, r_j, np.where(pr_p > 0, r_p + t * (r_j - r_p), np.nan))
    bep[~(total > 0)] = np.nan
    return bep


def _ratio(num, den):
    out = np.full(num.shape, np.nan)
    np.divide(num, den, out=out, where=den > 0)
    return out


class StratifiedAuc:
    """Unweighted ROC AUC of stratified resamples, read straight from their draws.

    With one stratum per class and no ``sample_weight``, a resample's AUC needs
    the multiplicities of one class only. The larger class ("counted") is
    counted per distinct score and cumulated; each draw of the other class
    ("gathered") then reads, at its placement among the counted scores, how many
    counted draws score below it and how many tie with it (DeLong's placement
    values, evaluated on the resample). The sums are integers, so the AUC is
    bit-for-bit that of :meth:`SortedBinary.roc_auc` on the same resamples.

    Parameters
    ----------
    score : ndarray of shape (n_samples,)
        Validated scores.
    positive : ndarray of bool of shape (n_samples,)
        The positive class.
    strata : list of two ndarray of int
        The rows of each class (the draws refer to these member lists).
    """

    def __init__(self, score, positive, strata):
        counted = int(np.argmax([s.size for s in strata]))
        gathered = 1 - counted
        values = np.unique(score[strata[counted]])
        self._counted, self._gathered = counted, gathered
        # int32 tables and slots (a block's slots number at most 2**20 + n): half the
        # memory traffic of intp
        self._key = (np.searchsorted(values, score[strata[counted]]) + 1).astype(np.int32)
        lo = np.searchsorted(values, score[strata[gathered]], side="left")
        hi = np.searchsorted(values, score[strata[gathered]], side="right")
        self._lo = lo.astype(np.int32)
        # no score shared by the two classes: no tie term, one lookup per draw
        self._hi = None if np.array_equal(lo, hi) else hi.astype(np.int32)
        self._width = values.size + 1
        n_counted, n_gathered = strata[counted].size, strata[gathered].size
        self._flip = bool(positive[strata[counted][0]])  # counted the positives
        self._pairs2 = 2 * n_counted * n_gathered
        self._sizes = n_counted, n_gathered

    def __call__(self, draws):
        """AUC of each resample of a block from its per-stratum draws."""
        drawn = draws[self._counted]
        rows, width = drawn.shape[0], self._width
        offset = (np.arange(rows, dtype=np.int32) * width)[:, None]
        keys = np.take(self._key, drawn)
        keys += offset
        below = np.bincount(keys.ravel(), minlength=rows * width).reshape(rows, width)
        np.cumsum(below, axis=1, out=below)  # below[b, m]: counted draws in groups < m
        below = below.ravel()
        other = draws[self._gathered]
        lo = np.take(self._lo, other)
        lo += offset
        if self._hi is None:
            twice = 2 * np.take(below, lo).sum(axis=1)
        else:
            hi = np.take(self._hi, other)
            hi += offset
            twice = np.take(below, lo).sum(axis=1) + np.take(below, hi).sum(axis=1)
        # twice = 2 #(<) + #(=) over the pairs of each resample
        if self._flip:  # pairs ordered wrongly, counted from the negatives' side
            twice = self._pairs2 - twice
        return auc_from_pairs(twice, *self._sizes)


def auc_jackknife(score, positive, groups):
    """Unweighted ROC AUC with each group of rows left out in turn, in O(n log n).

    ``2C + T`` (pairs ordered correctly, counted twice, plus ties) of the sample
    without the rows D is the full sample's, minus the placement values of the
    rows of D (each row's ``2 #(beaten) + #(tied)`` against the other class), plus
    the pairs inside D, which were subtracted twice. Integer arithmetic: the
    values equal :func:`roc_auc_score` on the remaining rows.
    """
    pos_sorted = np.sort(score[positive])
    neg_sorted = np.sort(score[~positive])
    n_pos, n_neg = pos_sorted.size, neg_sorted.size
    placement = np.empty(score.size, dtype=np.int64)
    s = score[positive]
    lo, hi = np.searchsorted(neg_sorted, s, "left"), np.searchsorted(neg_sorted, s, "right")
    placement[positive] = lo + hi
    s = score[~positive]
    lo, hi = np.searchsorted(pos_sorted, s, "left"), np.searchsorted(pos_sorted, s, "right")
    placement[~positive] = 2 * n_pos - lo - hi
    total = int(placement[positive].sum())
    out = np.empty(len(groups))
    for g, rows in enumerate(groups):
        is_pos = positive[rows]
        twice = total - int(placement[rows].sum())
        if rows.size > 1:
            inside_neg = np.sort(score[rows[~is_pos]])
            inside_pos = score[rows[is_pos]]
            twice += int(np.searchsorted(inside_neg, inside_pos, "left").sum()
                         + np.searchsorted(inside_neg, inside_pos, "right").sum())
        k_pos = int(is_pos.sum())
        out[g] = auc_from_pairs(twice, n_pos - k_pos, n_neg - (rows.size - k_pos))
    return out


class ClassCurves:
    """Per-class cumulative weights of stratified resamples, for curve bands.

    Each class's rows are listed by decreasing score (the member lists of the
    resample plan), so a resample's multiplicities per class, cumulated along
    that list, give the weight of the class's rows at or above each member's
    score without sorting the two classes together.

    Parameters
    ----------
    score : ndarray of shape (n_samples,)
        Validated scores.
    positive : ndarray of bool of shape (n_samples,)
        The positive class.
    weight : ndarray of shape (n_samples,) or None
        Row weights.
    strata : list of two ndarray of int
        The rows of each class (any order; they are re-listed by decreasing score).

    Attributes
    ----------
    strata : list of two ndarray of int
        The member lists by decreasing score, in the order of ``strata``.
    """

    def __init__(self, score, positive, weight, strata):
        self.strata = [s[np.argsort(score[s], kind="stable")[::-1]] for s in strata]
        self._pos = 0 if positive[self.strata[0][0]] else 1
        pos_score = score[self.strata[self._pos]]
        neg_score = score[self.strata[1 - self._pos]]
        # positives scored strictly above each negative; negatives at or above each positive
        self.pos_above_neg = pos_score.size - np.searchsorted(
            pos_score[::-1], neg_score, side="right"
        )
        self.neg_from_pos = neg_score.size - np.searchsorted(
            neg_score[::-1], pos_score, side="left"
        )
        self._weights = [None if weight is None else weight[s] for s in self.strata]

    def cumulative(self, draws):
        """``(tps, fps)``: per resample of the block, the cumulative weight of the
        positives (shape (block, n_pos)) and negatives (shape (block, n_neg))
        along their member lists. ``draws`` (from ``ResamplePlan.draw_blocks``)
        is overwritten."""
        out = []
        for drawn, weight in zip(draws, self._weights):
            rows, size = drawn.shape
            # the draws become their row's slot in one bincount (overwritten in place;
            # rows * size <= max(2**20, n_samples) fits the draws' int32)
            drawn += (np.arange(rows, dtype=drawn.dtype) * size)[:, None]
            counts = np.bincount(drawn.ravel(), minlength=rows * size).reshape(rows, size)
            if weight is not None:
                counts = counts * weight
            out.append(np.cumsum(counts, axis=1, out=counts))
        return out[self._pos], out[1 - self._pos]
