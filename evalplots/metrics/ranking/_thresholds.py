"""The counting kernel behind every threshold curve and ranking score.

For binary labels and real-valued scores, every metric of this family is read off
one ascending order of all the scores in which each sample keeps its class: the
*merged order* (:class:`MergedOrder`). Within a tie the negatives come first, so
for the positive of rank ``k`` at position ``i`` exactly ``i - k`` negatives score
at most as high: AUC, AP and the curves are sums over the positions of the
positives, plus a correction for the few tie groups that hold both classes.

The merged order costs one ``np.sort`` and a few streaming passes, with no binary
search and no copy of the classes:

- Scores of one sign (probabilities, log-probabilities, distances) and integer
  scores whose range fits: the class goes into the lowest bit of an unsigned key
  that sorts like the score (the float's bits shifted left by one; the integer
  minus the minimum, shifted), and the keys are sorted in place. float32 scores
  sort as 32-bit keys.
- Anything else (floats of both signs, integers spanning 2**63 or more): the
  two classes are sorted apart and merged by a stable argsort of the two runs
  (timsort's merge, linear).

The curves are read off the order in blocked passes that write each output
once: the P-R curve computes, per block of positions, the positives at or above
each position (a staircase repeated from the block's positives), precision,
recall and the decoded thresholds (float64 thresholds are decoded into the keys'
own memory); the ROC curve of distinct scores keeps the points where the class
changes, noted with their keys by the pass after the sort; tie groups are found
block by block.

Weighted inputs take a stable argsort, because the weights have to follow the
samples. Every count is exact: unweighted counts are integers (held in float64
arrays only at the very end, as scikit-learn returns them), and one operating
point is produced per distinct score value, so tied scores are never split.
"""

import math
import sys

import numpy as np

from evalplots.metrics._labels import binary_positive_mask
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_sample_weight,
    check_weight_total,
    scores_and_range,
    sums_exactly,
    unsigned_zeros,
)

__all__ = ["BinaryScores", "MergedOrder", "binary_scores", "require_both_classes"]

# Below this many samples the curves take one stable argsort (fewer numpy calls),
# and the validation its separate passes. Re-tuned against the curves read off the
# merged order (CPU time, n = 250 .. 16,000, distinct and tied scores): the merged
# order is slower at 500, even at 1,000 and 1.9-2.9x faster at 2,000; AUC and AP
# gain from the one-pass validation at every size measured.
_SMALL_N = 1024
_UNSIGNED = (np.uint8, np.uint16, np.uint32, np.uint64)
_BLOCK = 1 << 15  # elements per block of a blocked pass (256 KiB of 64-bit keys)
_UNSIGNED_OF = {t(0).itemsize: t for t in _UNSIGNED}
# the score types taken as they are (float32/64 and every integer type: np.typecodes)
_FEW_SCORE_TYPES = "fd" + np.typecodes["AllInteger"]
_MIN, _MAX = np.minimum.reduce, np.maximum.reduce


class BinaryScores:
    """Validated binary labels and scores, ordered once and shared by every metric.

    Attributes
    ----------
    pos_sorted, neg_sorted : ndarray
        Ascending scores of the positive and of the negative samples (computed on
        first use; unweighted inputs only).
    score, positive, weight : ndarray
        The validated inputs (``weight`` is None when unweighted).
    """

    __slots__ = ("_count", "_keys", "_labels", "_neg", "_order", "_pos", "_positive", "_range",
                 "score", "weight")  # fmt: skip

    def __init__(self, score, positive, weight):
        self.score = score
        self._positive = positive
        self.weight = weight
        self._labels = None  # 0/1 labels to make ``positive`` from on first use
        self._pos = None
        self._neg = None
        self._order = None
        self._range = None  # (min, max) of score when the validation found them
        self._count = None  # number of positives (unweighted)
        self._keys = None  # (unsorted class keys, decoder) made while validating

    @property
    def positive(self):
        """Boolean mask of the positive samples (made on first use from 0/1 labels
        when the one-pass validation put the classes straight into the keys)."""
        if self._positive is None:
            self._positive = self._labels != 0
            self._labels = None
        return self._positive

    @property
    def pos_sorted(self):
        if self._pos is None:
            self._pos = (_sorted_class(self.score, self.positive) if self._order is None
                         else self._order.class_scores(True))  # fmt: skip
        return self._pos

    @property
    def neg_sorted(self):
        if self._neg is None:
            self._neg = (_sorted_class(self.score, ~self.positive) if self._order is None
                         else self._order.class_scores(False))  # fmt: skip
        return self._neg

    @property
    def n_pos(self):
        """Number (unweighted) or total weight of the positives."""
        if self.weight is None:
            if self._count is None:
                self._count = int(np.count_nonzero(self.positive))
            return self._count
        return float(self.weight[self.positive].sum())

    @property
    def n_neg(self):
        """Number (unweighted) or total weight of the negatives."""
        if self.weight is None:
            return self.score.size - self.n_pos
        return float(self.weight[~self.positive].sum())

    def merged(self, *, changes=False):
        """The :class:`MergedOrder` of the (unweighted) scores, built on first use
        (``changes``: noting where the class changes, for the ROC curve)."""
        if self._order is None:
            self._order = self._build_order(changes)
        return self._order

    def _build_order(self, changes):
        if self._pos is not None and self._neg is not None:  # halves sorted already
            return MergedOrder.from_halves(self._neg, self._pos)
        if self._keys is not None:
            (key, decode), self._keys = self._keys, None
            return MergedOrder.sorting(key, decode, changes=changes)
        lo, hi = self._range or (self.score.min(), self.score.max())
        order = MergedOrder.from_keys(self.score, self.positive, lo, hi, changes=changes)
        if order is None:
            order = MergedOrder.from_halves(self.neg_sorted, self.pos_sorted)
        return order

    def counts(self):
        """Cumulative (weighted) false and true positives at each distinct threshold.

        Returns
        -------
        fps, tps : ndarray of float64 of shape (n_thresholds,)
            Samples with ``score >= threshold`` that are negative / positive.
        thresholds : ndarray of shape (n_thresholds,)
            The distinct score values, in decreasing order (float64 for float
            scores, the scores' dtype for integer scores).
        """
        if self.weight is not None:
            return _counts_argsort(self.score, self.positive, self.weight)
        if self.score.size < _SMALL_N:
            return _counts_argsort(self.score, self.positive, None)
        return self.merged().counts()

    def roc_points(self, drop_intermediate):
        """ROC counts with the origin, read off the merged order; None when the
        curve is better made from :meth:`counts` (weighted, small or one-class
        inputs). See :meth:`MergedOrder.roc_points`."""
        if self.weight is not None or self.score.size < _SMALL_N:
            return None
        return self.merged(changes=drop_intermediate).roc_points(drop_intermediate)

    def pr_curve(self):
        """Precision, recall and thresholds of the P-R curve read off the merged order,
        or None for weighted, small or positive-free inputs. The order is consumed:
        its keys may become the thresholds. See :meth:`MergedOrder.pr_curve`."""
        if self.weight is not None or self.score.size < _SMALL_N or self.n_pos <= 0:
            return None
        curve = self.merged().pr_curve(self.n_pos, consume=True)
        self._order = None  # its keys were decoded into the thresholds
        return curve

    def few(self):
        """Whether the (unweighted) kernels read :meth:`counts`, one argsort, rather
        than build the merged order: below ``_SMALL_N`` samples, where its setup
        costs more than the sort."""
        return self._order is None and self.score is not None and self.score.size < _SMALL_N

    def pair_counts(self):
        """Count positive-negative pairs ordered correctly and tied (unweighted).

        Returns
        -------
        n_correct, n_tied : int
            Pairs with ``score(pos) > score(neg)`` and with equal scores.
        """
        if self.few():
            return _pair_counts_from_counts(*self.counts()[:2])
        return self.merged().pair_counts()

    def positive_groups(self):
        """Counts at each distinct score of the positives, ascending (unweighted).

        Returns
        -------
        size : ndarray of int64 of shape (n_groups,)
            Positives holding that score.
        tps, n_predicted : ndarray of int64 of shape (n_groups,)
            Positives, and all samples, scoring at least that much.
        """
        if self.few():
            return _positive_groups_from_counts(*self.counts()[:2])
        return self.merged().positive_groups()


class MergedOrder:
    """The scores of both classes in one ascending order, negatives first in a tie.

    Attributes
    ----------
    key : ndarray of shape (n_samples,)
        Sorted. Two positions hold the same score exactly when their keys agree
        after ``>> shift`` (``shift`` is 1 when the key carries the class in its
        lowest bit, 0 when ``key`` holds the scores themselves).
    is_pos : ndarray of bool or uint8 of shape (n_samples,)
        Whether the sample at each position is a positive (1) or a negative (0).
    pos_at : ndarray of int64 of shape (n_pos,)
        Ascending positions of the positives (computed on first use).
    """

    __slots__ = ("_changes", "_decode", "_distinct", "_pos_at", "is_pos", "key", "shift")

    def __init__(self, key, is_pos, shift, decode):
        self.key = key
        self.is_pos = is_pos
        self.shift = shift
        self._decode = decode
        self._pos_at = None
        self._distinct = None
        self._changes = None  # (positions where the class changes, their keys)

    @property
    def pos_at(self):
        if self._pos_at is None:
            self._pos_at = np.flatnonzero(self.is_pos.view(np.bool_))
        return self._pos_at

    def n_pos(self):
        """Number of positives (without finding their positions)."""
        if self._pos_at is not None:
            return self._pos_at.size
        return int(np.count_nonzero(self.is_pos))

    def class_scores(self, positive):
        """Ascending scores of the positives (or negatives), read off the order."""
        at = self.pos_at if positive else np.flatnonzero(~self.is_pos.view(np.bool_))
        return self._decode(self.key[at])

    @classmethod
    def from_keys(cls, score, positive, lo, hi, *, changes=False):
        """Sort ``(score, class)`` as one unsigned key; None if the keys would not fit."""
        made = _class_keys(score, positive, lo, hi)
        return None if made is None else cls.sorting(*made, changes=changes)

    @classmethod
    def sorting(cls, key, decode, *, changes=False):
        """The order of class keys ``key`` (sorted in place) with their decoder.

        One blocked pass after the sort reads the class bits and whether any score
        ties; with ``changes`` it also notes the positions where the class differs
        from the one before, with their keys, while the block is in cache (the
        kept points of the ROC curve of distinct scores: :meth:`roc_points`).
        """
        key.sort()
        n_samples = key.size
        lowest = 0 if sys.byteorder == "little" else key.itemsize - 1
        low_byte = key.view(np.uint8)[lowest :: key.itemsize]
        is_pos = np.empty(n_samples, dtype=np.uint8)
        buf = np.empty(min(_BLOCK, n_samples), dtype=key.dtype)
        distinct, found = True, []
        for part in _blocks(n_samples):  # the class bits, and whether any score ties
            np.bitwise_and(low_byte[part], 1, out=is_pos[part])
            if distinct and part.start + 1 < n_samples:
                a = key[part.start + 1 : part.stop + 1]
                diff = np.bitwise_xor(a, key[part.start : part.start + a.size], out=buf[: a.size])
                distinct = bool(diff.min() > 1)  # one score: the keys differ in the class bit
            if changes and distinct:
                start, stop = max(part.start, 1), min(part.stop, n_samples)
                at = np.flatnonzero(np.not_equal(is_pos[start:stop], is_pos[start - 1 : stop - 1]))
                at += start
                found.append((at, key[at]))
        order = cls(key, is_pos, 1, decode)
        order._distinct = distinct
        if changes and distinct:
            order._changes = tuple(np.concatenate(arrays) for arrays in zip(*found))
        return order

    @classmethod
    def from_halves(cls, neg_sorted, pos_sorted):
        """Merge two ascending runs (the stable argsort of their concatenation)."""
        both = np.concatenate((neg_sorted, pos_sorted))
        order = np.argsort(both, kind="stable")  # timsort: a linear merge of two runs
        return cls(both[order], order >= neg_sorted.size, 0, _copy)

    def _differ(self, a, b, out=None):
        """Whether the scores of keys ``a`` and ``b`` differ (elementwise)."""
        if self.shift:
            return np.greater(np.bitwise_xor(a, b), 1, out=out)
        return np.not_equal(a, b, out=out)

    def _tie_start(self, at):
        """First position of the tie group of each (sorted) position in ``at``."""
        value = self.key[at]
        if self.shift:
            value &= ~value.dtype.type(1)
        return np.searchsorted(self.key, value, side="left")

    def _groups(self):
        """Per distinct score of the positives (ascending): its first positive's rank
        and position, the number of positives and of tied negatives."""
        pos_at, key = self.pos_at, self.key
        n_pos = pos_at.size
        # each positive's key and the key just before it, in one gather
        pairs = np.lib.stride_tricks.as_strided(
            key, shape=(key.size - 1, 2), strides=(key.strides[0],) * 2, writeable=False)
        first_at_0 = int(n_pos > 0 and pos_at[0] == 0)
        around = pairs[pos_at[1:] - 1 if first_at_0 else pos_at - 1]
        tied = np.zeros(n_pos, dtype=bool)  # the sample before scores the same
        np.logical_not(self._differ(around[:, 0], around[:, 1]), out=tied[first_at_0:])
        after_pos = np.zeros(n_pos, dtype=bool)  # ... and is a positive
        np.equal(np.diff(pos_at), 1, out=after_pos[1:])
        rank = np.flatnonzero(~(tied & after_pos))  # first positive of each group
        size = np.diff(rank, append=n_pos)
        at = pos_at[rank]
        # negatives tied with a group sit right before its first positive
        n_tied = np.zeros(rank.size, dtype=np.int64)
        cross = np.flatnonzero(tied[rank] & ~after_pos[rank])
        if cross.size:
            n_tied[cross] = at[cross] - self._tie_start(at[cross])
        return rank, at, size, n_tied

    def positive_groups(self):
        """See :meth:`BinaryScores.positive_groups`."""
        if self.distinct():  # one positive per group
            n_pos = self.pos_at.size
            return (np.ones(n_pos, dtype=np.int64), np.arange(n_pos, 0, -1),
                    self.key.size - self.pos_at)  # fmt: skip
        rank, at, size, tied = self._groups()
        return size, self.pos_at.size - rank, self.key.size - at + tied

    def pair_counts(self):
        """See :meth:`BinaryScores.pair_counts`."""
        n_pos = self.pos_at.size
        # the positive of rank k at position i has i - k negatives scored <= its score
        n_at_most = int(self.pos_at.sum(dtype=np.int64)) - n_pos * (n_pos - 1) // 2
        if self.distinct():
            return n_at_most, 0
        _, _, size, tied = self._groups()
        n_tied = int(np.dot(size, tied))
        return n_at_most - n_tied, n_tied

    def distinct(self):
        """Whether every position holds a different score (one blocked pass, cached)."""
        if self._distinct is None:
            key, self._distinct = self.key, True
            buf = np.empty(min(_BLOCK, key.size), dtype=key.dtype)
            for part in _blocks(key.size - 1):
                a, b = key[1:][part], key[:-1][part]
                if self.shift:  # the keys of one score differ in the class bit at most
                    tie = np.bitwise_xor(a, b, out=buf[: a.size]).min() <= 1
                else:
                    tie = not np.not_equal(a, b).all()
                if tie:
                    self._distinct = False
                    break
        return self._distinct

    def _group_starts(self):
        """Ascending first position of each distinct score."""
        key, n_samples = self.key, self.key.size
        is_new = np.empty(n_samples, dtype=bool)
        is_new[:1] = True
        for part in _blocks(n_samples - 1):
            self._differ(key[1:][part], key[:-1][part], out=is_new[1:][part])
        return np.flatnonzero(is_new)

    def _positives_from_top(self):
        """``t[m]``: positives among the ``m`` highest-scored samples, ``m = 0 .. n``
        (float64 of length n + 1; a step function of the positives' positions)."""
        n_samples = self.key.size
        steps = np.empty(self.pos_at.size + 1, dtype=np.int64)
        np.subtract(n_samples, self.pos_at[::-1], out=steps[:-1])  # 1 + rank from the top
        steps[-1] = n_samples + 1
        steps[1:] -= steps[:-1].copy()
        return np.repeat(np.arange(steps.size, dtype=np.float64), steps)

    def thresholds_at(self, at=None, *, reverse=False, out=None):
        """Decoded scores at positions ``at`` (all positions if None), in ``out``.

        float64 for float scores, the scores' dtype for integer scores (like
        :meth:`counts`); ``reverse`` reads the positions from the last one.
        """
        source = self.key if at is None else at
        if reverse:
            source = source[::-1]
        if out is None:
            out = np.empty(source.size, dtype=_as_threshold(self._decode(self.key[:1])).dtype)
        for part in _blocks(source.size):  # keys gathered and decoded block by block
            self._decode(source[part] if at is None else self.key[source[part]], out[part])
        return out

    def counts(self):
        """See :meth:`BinaryScores.counts` (unweighted)."""
        n_samples = self.key.size
        tps = self._positives_from_top()[1:]  # tps[j]: positives among the top j + 1
        if self.distinct():  # one threshold per sample
            fps = np.empty(n_samples)
            for part in _blocks(n_samples):
                np.subtract(np.arange(part.start + 1.0, min(part.stop, n_samples) + 1.0),
                            tps[part], out=fps[part])  # fmt: skip
            return fps, tps, self.thresholds_at(reverse=True)
        starts = self._group_starts()[::-1]
        ends = (n_samples - 1) - starts  # the same positions counted from the top
        tps = tps[ends]
        fps = np.add(ends, 1.0)
        fps -= tps
        return fps, tps, self.thresholds_at(starts)

    def top_counts(self, limit):
        """:meth:`counts`' ``fps`` and ``tps`` from the highest threshold down to the
        first point with more than ``limit`` negatives at or above it (all points if
        there is none): only the top of the order is read, a segment doubled until
        it holds that point and the tie group it ends on."""
        n_samples = self.key.size
        n_neg = n_samples - self.pos_at.size
        size = min(n_samples, int((limit + 1) * n_samples / max(n_neg, 1) * 1.1) + 1024)
        while True:
            key = self.key[n_samples - size :][::-1]  # the top, highest first
            ends = np.flatnonzero(self._differ(key[1:], key[:-1]))  # complete groups
            if size == n_samples:
                ends = np.append(ends, size - 1)  # the lowest group is complete too
            tps = np.cumsum(self.is_pos[n_samples - size :][::-1], dtype=np.float64)[ends]
            fps = np.add(ends, 1.0)
            fps -= tps
            if size == n_samples or (fps.size and fps[-1] > limit):
                return fps, tps
            size = min(n_samples, 2 * size)

    def roc_points(self, drop_intermediate):
        """ROC counts with the origin, or None where :meth:`counts` serves better.

        Returns ``(fps, tps, thresholds)``, float64 of shape (n_points + 1,),
        highest threshold first, starting at ``(0, 0, inf)``; with
        ``drop_intermediate`` only the points where the curve changes slope. None
        unless both classes are present. For distinct scores each position is a
        threshold, and a point is dropped unless its sample's class differs from
        the next one's, so the kept points are the ends of the runs of positives
        (:meth:`_runs`); tied scores are counted per tie group
        (:meth:`_tied_roc_points`).
        """
        n_samples, n_pos = self.key.size, self.n_pos()
        if not 0 < n_pos < n_samples:
            return None
        if not self.distinct():
            return self._tied_roc_points(drop_intermediate, n_pos)
        if not drop_intermediate:
            tps = self._positives_from_top()
            fps = np.empty(n_samples + 1)
            for part in _blocks(n_samples + 1):
                np.subtract(np.arange(part.start, min(part.stop, n_samples + 1), dtype=float),
                            tps[part], out=fps[part])  # fmt: skip
            thresholds = np.empty(n_samples + 1)
            thresholds[0] = np.inf
            self.thresholds_at(reverse=True, out=thresholds[1:])
            return fps, tps, thresholds
        starts, stops, before_starts, before_stops = self._runs()
        # the kept positions, ascending, are the change points (each run's first
        # position and the position after its last one) between the end positions
        # 0 and n - 1; ``asc`` views the descending arrays from their end
        at = np.empty(2 * starts.size + 2, dtype=np.int64)  # descending positions
        before = np.empty_like(at)  # positives below each position
        asc_at, asc_before = at[::-1], before[::-1]
        asc_at[1:-1:2] = starts
        asc_at[2:-1:2] = stops
        asc_before[1:-1:2] = before_starts
        asc_before[2:-1:2] = before_stops
        # the end positions are always kept; they replace the change points at or
        # beyond them
        lo, hi = 1 + int(asc_at[1] == 0), at.size - 1
        while hi > lo and asc_at[hi - 1] >= n_samples - 1:
            hi -= 1
        asc_at[lo - 1], asc_before[lo - 1] = 0, 0
        asc_at[hi] = n_samples - 1
        asc_before[hi] = n_pos - int(self.is_pos[-1])
        keep = slice(at.size - 1 - hi, at.size - lo + 1)  # highest first
        at, before = at[keep], before[keep]
        fps, tps, thresholds = np.empty(at.size + 1), np.empty(at.size + 1), np.empty(at.size + 1)
        fps[0] = tps[0] = 0.0
        thresholds[0] = np.inf
        np.subtract(n_pos, before, out=tps[1:])
        np.subtract(n_samples, at, out=fps[1:])
        fps[1:] -= tps[1:]
        if self._changes is None:
            self.thresholds_at(at, out=thresholds[1:])
        else:  # the keys at the change points strictly inside, noted while sorting
            inner = self._changes[1][: at.size - 2]
            self._decode(self.key[-1:], thresholds[1:2])
            self._decode(inner[::-1], thresholds[2:-1])
            self._decode(self.key[:1], thresholds[-1:])
        return fps, tps, thresholds

    def _runs(self):
        """The runs of positives in the merged order (distinct scores): each run's
        first position, the position after its last one, and the positives below
        both; from the change points noted while sorting, or from the positives'
        positions."""
        n_samples = self.key.size
        if self._changes is None:
            pos_at = self.pos_at
            firsts = np.flatnonzero(np.not_equal(np.diff(pos_at), 1))  # ranks
            firsts += 1
            firsts = np.concatenate(([0], firsts))
            stops = np.empty_like(firsts)
            stops[:-1] = firsts[1:]
            stops[-1] = pos_at.size
            ends = pos_at[stops - 1]
            ends += 1
            return pos_at[firsts], ends, firsts, stops
        change = self._changes[0]  # the class alternates from one change to the next
        first, last = self.is_pos[0], self.is_pos[-1]
        starts = np.concatenate(([0], change[1::2])) if first else change[0::2]
        ends = change[0::2] if first else change[1::2]
        if last:
            ends = np.append(ends, n_samples)
        below = ends - starts  # each run's length, then the positives up to its end
        np.cumsum(below, out=below)
        return starts, ends, below - (ends - starts), below

    def _tied_roc_points(self, drop_intermediate, n_pos):
        """:meth:`roc_points` with tie groups: counted at each group's first position;
        a group's point is dropped when it holds as many positives and negatives as
        the next lower group (the ROC steps on both sides of it are equal). Decided
        block by block (:meth:`_blocked_groups`); the last two groups of a block,
        whose next group is not known yet, are carried into the next one."""
        n_samples = self.key.size
        kept_starts, kept_above = [], []
        # the block's groups, after room for the groups carried from the last block
        starts_buf = np.empty(2 + min(_BLOCK, n_samples), dtype=np.int64)
        above_buf = np.empty(starts_buf.size)
        carried = 0
        for at, local, tps in self._blocked_groups(n_pos):
            starts, above = starts_buf[2 - carried : 2 + tps.size], above_buf[2 - carried : 2 + tps.size]
            np.add(local, at.start, out=starts[carried:])
            above[carried:] = tps
            if not kept_starts:  # the lowest group is always kept
                kept_starts.append(starts[:1].copy())
                kept_above.append(above[:1].copy())
            if drop_intermediate and starts.size > 2:
                size = starts[1:] - starts[:-1]  # of each group but the last
                pos_in = above[:-1] - above[1:]
                # group j (1 <= j <= size - 2) is kept if it differs from group j - 1
                kept = np.not_equal(size[1:], size[:-1])
                kept |= np.not_equal(pos_in[1:], pos_in[:-1])
                kept = np.flatnonzero(kept)
                kept += 1
                kept_starts.append(starts[kept])
                kept_above.append(above[kept])
                carried = 2
            elif not drop_intermediate:
                kept_starts.append(starts[1:].copy())
                kept_above.append(above[1:].copy())
                carried = 1
            else:
                carried = starts.size
            starts_buf[2 - carried : 2] = starts[starts.size - carried :]
            above_buf[2 - carried : 2] = above[above.size - carried :]
        starts, above = starts_buf[2 - carried : 2], above_buf[2 - carried : 2]
        if starts.size > 1:  # the highest group is always kept
            kept_starts.append(starts[-1:])
            kept_above.append(above[-1:])
        starts = np.concatenate(kept_starts)[::-1]  # highest first
        above = np.concatenate(kept_above)[::-1]
        fps, tps, thresholds = (np.empty(starts.size + 1) for _ in range(3))
        fps[0] = tps[0] = 0.0
        thresholds[0] = np.inf
        tps[1:] = above
        np.subtract(n_samples, starts, out=fps[1:])
        fps[1:] -= tps[1:]
        self.thresholds_at(starts, out=thresholds[1:])
        return fps, tps, thresholds

    def pr_curve(self, n_pos, *, consume=False):
        """Precision, recall and thresholds in the layout of
        :func:`~evalplots.metrics.precision_recall_curve` (increasing thresholds, then
        the sentinel ``(P, R) = (1, 0)``), for ``n_pos > 0`` positives.

        One blocked pass (:meth:`_blocked_groups`): per block, the positives at or
        above each tie group's first position ``i`` are divided by the ``n - i``
        samples at or above it (precision) and by ``n_pos`` (recall), and the keys
        there are decoded into the thresholds. With ``consume`` the thresholds are
        decoded into the keys' own memory when the widths agree (the order is
        unusable afterwards), so no third array of n is allocated.
        """
        n_samples = self.key.size
        precision, recall = np.empty(n_samples + 1), np.empty(n_samples + 1)
        thresholds = self._threshold_buffer(consume)
        offsets = np.arange(min(_BLOCK, n_samples), dtype=np.float64)
        predicted = np.empty_like(offsets)
        done = 0  # points written
        for at, starts, tps in self._blocked_groups(n_pos):
            out = slice(done, done + tps.size)
            if starts is None:  # every position: n - i samples score at least the i-th
                np.subtract(n_samples - at.start, offsets[: tps.size], out=predicted[: tps.size])
                keys = self.key[at]  # decoded in place when thresholds share its memory
            else:
                np.subtract(n_samples - at.start, starts, out=predicted[: tps.size])
                keys = self.key[at][starts]  # a copy: the points are written at or below
            np.divide(tps, predicted[: tps.size], out=precision[out])
            np.divide(tps, n_pos, out=recall[out])
            self._decode(keys, thresholds[out])
            done += tps.size
        precision[done], recall[done] = 1.0, 0.0
        precision, recall, thresholds = precision[: done + 1], recall[: done + 1], thresholds[:done]
        if 2 * done < n_samples:  # few tie groups: do not hold arrays of n
            precision, recall, thresholds = precision.copy(), recall.copy(), thresholds.copy()
        return precision, recall, thresholds

    def _blocked_groups(self, n_pos):
        """Yield, block by block of ascending positions, ``(at, starts, tps)``: the
        block (a slice), the block-relative positions that start a tie group (None
        when the scores are distinct: every position), and the positives at or
        above each of these positions (float64). (Integer positions and takes: a
        boolean mask's compress costs more per element in numpy.)

        The positives at or above position ``i`` form a staircase that steps down
        after each positive: it is repeated from the block's positives, so no
        array of n is written. The consumer may overwrite the keys of a block
        once it has it (the previous block's last key is kept apart).
        """
        n_samples, key = self.key.size, self.key
        distinct = self.distinct()
        above = np.arange(n_pos, -1, -1, dtype=np.float64)  # indexed by positives below
        is_pos, below = self.is_pos.view(np.bool_), 0
        new = np.empty(min(_BLOCK, n_samples), dtype=bool)
        last = None  # the previous block's last key
        for part in _blocks(n_samples):
            start = part.start
            at = slice(start, min(part.stop, n_samples))
            size = at.stop - start
            ones = np.flatnonzero(is_pos[at])  # block positions of its positives
            steps = np.empty(ones.size + 1, dtype=np.intp)  # positions per stair
            steps[:-1] = ones
            steps[-1] = size - 1
            steps[1:] -= ones
            steps[0] += 1
            tps = np.repeat(above[below : below + ones.size + 1], steps)
            below += ones.size
            starts = None
            if not distinct:
                flags = new[:size]
                block = key[at]
                if last is None:
                    flags[0] = True
                else:
                    flags[0] = self._differ(block[:1], last)[0]
                self._differ(block[1:], block[:-1], out=flags[1:])
                last = block[-1:].copy()
                starts = np.flatnonzero(flags)
                tps = tps[starts]
            yield at, starts, tps

    def _threshold_buffer(self, consume):
        """The array of n thresholds to decode into: the keys' memory if ``consume``
        and the threshold type is as wide as the key, else a new array."""
        dtype = _as_threshold(self._decode(self.key[:1])).dtype
        if consume and dtype.itemsize == self.key.itemsize:
            return self.key.view(dtype)
        return np.empty(self.key.size, dtype=dtype)

def _sorted_class(score, mask):
    values = score[mask]  # a fresh array: sorted in place, no second copy
    values.sort()
    return values


def _as_threshold(values):
    return values.astype(np.float64, copy=False) if values.dtype.kind == "f" else values


def _class_keys(score, positive, lo, hi):
    """Unsigned keys ``rank(score) << 1 | positive`` that sort like ``(score, class)``.

    Returns the keys and the decoder of their scores (``decode(keys, out=None)``),
    or None when the scores do not fit one bit short of the key (integers spanning
    2**63 or more; float64 scores of both signs spanning nearly all magnitudes,
    e.g. from 1e-300 to 1e300). Built block by block, so each key is written once
    and its temporaries stay in cache.
    """
    codec = _key_codec(score, lo, hi)
    if codec is None:
        return None
    utype, bits, rank, decode = codec
    key = np.empty(score.size, dtype=utype)
    for part in _blocks(score.size):
        rank(bits[part], key[part])
        np.bitwise_or(key[part], positive[part], out=key[part])
    return key, decode


def _key_codec(score, lo, hi):
    """``(utype, bits, rank, decode)``: the key type, the view of the scores that
    ``rank(block, out)`` turns into keys without the class bit, and the decoder;
    None when the scores do not fit (see :func:`_class_keys`)."""
    if score.dtype.kind == "f":
        utype = _UNSIGNED[score.itemsize.bit_length() - 1]
        bits = score.view(utype)
        if lo >= 0:  # the sign bit (of -0.0) is shifted out
            def rank(block, out):
                np.left_shift(block, 1, out=out)

            def decode(k, out=None):
                if out is not None and out.dtype == score.dtype:  # into the output's bits
                    np.right_shift(k, 1, out=out.view(utype))
                    return out
                return _put((k >> 1).view(score.dtype), out)
        elif hi <= 0:  # ~bits sorts non-positive floats ascending
            def rank(block, out):
                np.invert(block, out=out)
                out <<= 1

            def decode(k, out=None):
                return _put((~(k >> 1)).view(score.dtype) + score.dtype.type(0), out)
        else:
                return _signed_float_keys(score, lo, hi)
    else:
        span = int(hi) - int(lo)
        utype = next((t for t in _UNSIGNED if 2 * span + 1 <= np.iinfo(t).max), None)
        if utype is None:
            return None
        bits, offset, base = score, utype(int(lo) % (1 << (8 * utype(0).itemsize))), score.dtype.type(lo)

        def rank(block, out):
            np.copyto(out, block, casting="unsafe")  # modulo 2**bits, like the offset
            out -= offset
            out <<= 1

        def decode(k, out=None):
            return _put((k >> 1).astype(score.dtype) + base, out)
    return utype, bits, rank, decode


def _signed_float_keys(score, lo, hi):
    """Keys of floats of both signs: their bits as a signed integer (sign and
    magnitude turned into two's complement, so -0.0 meets 0.0), with the empty
    range of magnitudes below the smallest non-zero one taken out, minus the
    lowest. Returns ``(utype, bits, rank, decode)`` as used by :func:`_class_keys`,
    or None if the keys need more than 63 bits (float32 keys take 32 bits when
    they fit in 31, else 64)."""
    width = 8 * score.itemsize
    itype = np.dtype(f"i{score.itemsize}").type
    same = _UNSIGNED[score.itemsize.bit_length() - 1]
    mask = (1 << (width - 1)) - 1  # the magnitude's bits
    # the smallest non-zero magnitude m: 2 * m - 1 is the least of 2 * |bits| - 1,
    # where 0 wraps round to the top
    ubuf = np.empty(min(_BLOCK, score.size), dtype=same)
    least = np.iinfo(same).max
    for part in _blocks(score.size):
        block = ubuf[: min(part.stop, score.size) - part.start]
        np.left_shift(score.view(same)[part], 1, out=block)
        block -= 1
        least = min(least, int(block.min()))
    gap = (least + 1) // 2 - 1  # magnitudes 1 .. gap are unused: shift them out
    mag_lo = int(np.array(lo, dtype=score.dtype).view(same)) & mask
    mag_hi = int(np.array(hi, dtype=score.dtype).view(same)) & mask
    low = gap - mag_lo  # the key of lo, the least (lo < 0, so its magnitude > gap)
    span = (mag_hi - gap) - low
    utype = next((t for t in _UNSIGNED[score.itemsize.bit_length() - 1 :]
                  if 2 * span + 1 <= np.iinfo(t).max), None)  # fmt: skip
    if utype is None:
        return None
    m = np.empty(min(_BLOCK, score.size), dtype=np.int64)
    s = np.empty_like(m)

    def rank(block, out):
        mag, sign = m[: block.size], s[: block.size]
        np.bitwise_and(block, mask, out=mag)
        mag -= gap
        np.maximum(mag, 0, out=mag)  # 0 stays 0, others start at 1
        np.right_shift(block, width - 1, out=sign)  # 0 or -1
        mag ^= sign
        mag -= sign  # two's complement: -mag for negative scores
        mag -= low  # in [0, span]
        np.copyto(out, mag, casting="unsafe")
        out <<= 1

    def decode(k, out=None):
        t = (k >> 1).astype(np.int64)
        t += low
        negative = t < 0
        np.abs(t, out=t)
        t += np.where(t != 0, gap, 0)
        bits = t.view(np.uint64)
        bits |= negative.astype(np.uint64) << np.uint64(width - 1)
        return _put(bits.astype(same).view(score.dtype), out)

    return utype, score.view(itype), rank, decode


def _put(values, out):
    """``values`` written into ``out`` (returned), or ``values`` itself if out is None."""
    if out is None:
        return values
    out[...] = values
    return out


def _copy(values, out=None):
    """The decoder of keys that are the scores themselves."""
    return values.copy() if out is None else _put(values, out)


def _blocks(n):
    """Slices of ``range(n)`` short enough for a block of temporaries to stay in cache."""
    return [slice(i, i + _BLOCK) for i in range(0, n, _BLOCK)]


def binary_scores(y_true, y_score, *, pos_label=None, sample_weight=None, classes=None):
    """Validate binary-curve inputs and wrap them in a :class:`BinaryScores`.

    ``classes`` is ``class_values(y_true)`` when the caller has found it already.

    Raises
    ------
    ValueError
        If the arrays are not 1-D, are empty or differ in length, if ``y_score``
        holds NaN/inf or non-numbers, if ``y_true`` has more than two classes or an
        ambiguous positive class, or if ``sample_weight`` is invalid.
    """
    y_true = as_1d(y_true, "y_true")
    y_score = as_1d(y_score, "y_score")
    few = None
    if pos_label is None and sample_weight is None:
        data = binary_scores_in_one_pass(y_true, y_score)
        if data is not None:
            return data
    elif pos_label is None and y_score.size < _SMALL_N:  # weighted: labels, scores checked
        few = _few_binary_scores(y_true, y_score)
    if few is None:
        y_score, lo, hi = scores_and_range(y_score, "y_score")
        check_consistent_length(y_true=y_true, y_score=y_score)
        positive = binary_positive_mask(y_true, pos_label, classes=classes)
    else:
        y_score, positive, (lo, hi) = few.score, few.positive, few._range
    weight = check_sample_weight(sample_weight, y_true.shape[0])
    if weight is not None:
        # A sample of weight 0 has no mass: it must not create an operating point
        # (scikit-learn does the same).
        keep = weight != 0
        if np.count_nonzero(keep) < keep.size:  # (cheaper than keep.all() on small inputs)
            check_weight_total(weight)
            y_score, positive, weight = y_score[keep], positive[keep], weight[keep]
    data = BinaryScores(y_score, positive, weight)
    data._range = (lo, hi)  # bounds of the kept scores too
    return data


def binary_scores_in_one_pass(y_true, y_score):
    """:func:`binary_scores` of the common large input in one blocked pass, or None.

    For 0/1 integer (or bool) labels, the default positive class 1 and float32/64
    scores of at least ``_SMALL_N`` samples, each block of the inputs is read once
    while it is in cache: the labels' range and sum (the count of positives) and,
    while every score is finite and non-negative (one test: the float's bits as an
    unsigned integer are below those of +inf), the class keys, with the labels as
    their class bits (the mask of the positives is made only if a metric asks for
    it). Once a block fails that test, the scores' minimum and maximum are found
    instead (finite check; the keys are made after the sort's type is chosen).
    Anything else (other labels, non-finite scores, other dtypes) returns None,
    and :func:`binary_scores` validates it the long way, with its messages.
    Below ``_SMALL_N`` samples the same inputs are checked by :func:`_few_binary_scores`.
    """
    if y_score.size < _SMALL_N:
        return _few_binary_scores(y_true, y_score)
    if (y_score.dtype not in (np.float32, np.float64) or y_true.dtype.kind not in "biu"
            or y_true.shape != y_score.shape):  # fmt: skip
        return None
    n_samples = y_score.size
    utype, bits, rank, decode = _key_codec(y_score, 0, 0)  # keys of non-negative floats
    finite = np.array(np.inf, dtype=y_score.dtype).view(utype)  # bits of +inf
    labels = y_true.view(f"u{y_true.dtype.itemsize}")
    key = np.empty(n_samples, dtype=utype)
    buf = np.empty(min(_BLOCK, n_samples), dtype=utype)
    lo = hi = None
    n_pos, keyed = 0, True
    for part in _blocks(n_samples):
        if y_true.dtype != bool and labels[part].max() > 1:  # not 0/1 (class_values' test)
            return None
        n_pos += int(labels[part].sum(dtype=np.int64))
        if keyed:
            if bits[part].max() < finite:
                rank(bits[part], key[part])
                classes = labels[part]
                if classes.itemsize != key.itemsize:  # a loop of one type is faster
                    np.copyto(buf[: classes.size], classes, casting="unsafe")
                    classes = buf[: classes.size]
                np.bitwise_or(key[part], classes, out=key[part])
                continue
            keyed, done = False, y_score[: part.start]  # finite and non-negative
            lo, hi = (done.min(), done.max()) if done.size else (None, None)
        block = y_score[part]
        block_lo, block_hi = block.min(), block.max()
        if not (np.isfinite(block_lo) and np.isfinite(block_hi)):
            return None
        lo = block_lo if lo is None else min(lo, block_lo)
        hi = block_hi if hi is None else max(hi, block_hi)
    if not keyed:  # a key test fails on -0.0 (its sign bit), so only here can it be
        y_score = unsigned_zeros(y_score, lo, hi)
    data = BinaryScores(y_score, y_true if y_true.dtype == bool else None, None)
    if y_true.dtype != bool:
        data._labels = labels
    data._count = n_pos
    if keyed:
        data._keys = (key, decode)
    else:
        data._range = (lo, hi)
    return data


def _few_binary_scores(y_true, y_score):
    """:func:`binary_scores_in_one_pass` of fewer than ``_SMALL_N`` samples, in a few
    whole-array calls (a bootstrap or a loop over folds calls the metrics thousands
    of times on such inputs): 0/1 integer or bool labels with the default positive
    class 1, and float32/64 or integer scores whose minimum and maximum are finite.
    The same :class:`BinaryScores` as :func:`binary_scores` makes of them; None for
    anything else, which :func:`binary_scores` validates the long way."""
    if y_true.shape != y_score.shape or not y_score.size:
        return None
    label_kind, kind = y_true.dtype.kind, y_score.dtype.char
    if label_kind == "b":
        positive = y_true
    elif label_kind in "iu" and _MAX(y_true.view(_UNSIGNED_OF[y_true.itemsize])) <= 1:
        positive = y_true != 0  # within {0, 1}: the default positive class is 1
    else:
        return None
    if kind not in _FEW_SCORE_TYPES:
        return None
    lo, hi = _MIN(y_score), _MAX(y_score)
    if kind in "fd" and not (math.isfinite(lo) and math.isfinite(hi)):
        return None
    data = BinaryScores(unsigned_zeros(y_score, lo, hi), positive, None)
    data._range = (lo, hi)
    return data


def _pair_counts_from_counts(fps, tps):
    """:meth:`BinaryScores.pair_counts` from its unweighted :meth:`~BinaryScores.counts`:
    the positives of each tie group beat the negatives below the group and tie with
    its own (integer products and sums, exact in float64 below 2**53)."""
    pos_in, neg_in = tps.copy(), fps.copy()  # per tie group, highest first
    pos_in[1:] -= tps[:-1]
    neg_in[1:] -= fps[:-1]
    return int(pos_in.dot(fps[-1] - fps)), int(pos_in.dot(neg_in))


def _positive_groups_from_counts(fps, tps):
    """:meth:`BinaryScores.positive_groups` from its unweighted
    :meth:`~BinaryScores.counts`: the tie groups that hold positives, ascending."""
    pos_in = tps.copy()
    pos_in[1:] -= tps[:-1]
    at = pos_in.nonzero()[0][::-1]
    tps = tps[at]
    return (pos_in[at].astype(np.int64), tps.astype(np.int64),
            (fps[at] + tps).astype(np.int64))  # fmt: skip


def _counts_argsort(score, positive, weight):
    """Counts by one argsort and cumulative sums (``weight=None``: unit weights).

    The argsort is stable (scikit-learn's order, so float weights are summed in
    the same order and give the same bits), except for integer-valued weights whose
    total stays below 2**53: their sums are exact in any order, so the faster
    unstable (SIMD) argsort serves. (Array methods and ufuncs rather than numpy's
    function wrappers: on the small inputs sorted here the wrappers cost more than
    the work.)
    """
    exact = weight is not None and sums_exactly(weight)
    order = score.argsort(kind=None if exact else "stable")[::-1]
    score = score[order]
    last = np.empty(score.size, dtype=bool)  # the last (lowest) position of a tie group
    last[-1:] = True
    np.not_equal(score[1:], score[:-1], out=last[:-1])
    ends = last.nonzero()[0]
    thresholds = _as_threshold(score[ends])
    if weight is None:
        tps = np.add.accumulate(positive[order].astype(np.float64))[ends]
        return (ends + 1.0) - tps, tps, thresholds
    w, positive = weight[order], positive[order]
    tps = np.add.accumulate(np.where(positive, w, 0.0))[ends]
    fps = np.add.accumulate(np.where(positive, 0.0, w))[ends]
    return fps, tps, thresholds


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
