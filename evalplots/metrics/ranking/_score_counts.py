"""Mergeable count tables of binary scores: one row per distinct score value.

A :class:`ScoreCounts` holds, for each distinct score, the (weighted) number of
positive and of negative samples with that score. Every ranking metric and
threshold curve of a binary problem depends on the data only through this table,
so tables built on separate chunks of the data and merged give exactly the curves
and scores of the whole data (this is how :mod:`evalplots.dask` evaluates data
that does not fit one process).
"""

import numpy as np

from evalplots.metrics.ranking._thresholds import BinaryScores, _as_threshold, binary_scores
from evalplots.metrics._validation import sums_exactly

__all__ = ["ScoreCounts", "frequency_counts", "sorted_lookup"]


def sorted_lookup(values, needles):
    """``np.searchsorted(values, needles)`` for many unsorted needles, faster.

    Searching a million random needles in a large sorted array misses the CPU
    cache on every probe; searching them in sorted order (one quicksort argsort,
    then a scatter back) walks the array once and is several times faster.
    """
    order = np.argsort(needles)
    out = np.empty(needles.size, dtype=np.intp)
    out[order] = np.searchsorted(values, needles[order])
    return out


def frequency_counts(weights):
    """Whole-number float weights (or sums of weights) as int64, so that adding them
    stays exact; anything else unchanged.

    Floats are converted only when every value is a whole number and their sum is
    below 2**53 (where float64 still counts by ones: see
    :func:`evalplots.metrics._validation.whole_sums_exact`).
    """
    if weights.dtype.kind == "f" and sums_exactly(weights):
        return weights.astype(np.int64)
    return weights


class ScoreCounts:
    """Weighted counts of positives and negatives at each distinct score.

    Parameters
    ----------
    score : ndarray of shape (n_distinct,)
        Distinct score values, strictly increasing.
    positive, negative : ndarray of shape (n_distinct,)
        Number of positive and negative samples at each score: int64 for
        unweighted or integer-weighted samples (exact), float64 for real weights
        (the sum of the samples' weights).

    Attributes
    ----------
    score, positive, negative : ndarray of shape (n_distinct,)
        As given.

    Raises
    ------
    ValueError
        If the arrays differ in length or are not 1-D, if ``score`` is not
        strictly increasing, or if a count is negative.

    Notes
    -----
    The table is the sufficient statistic of binary ranking evaluation: the ROC
    and P-R curves, AUC, AP and the confusion matrix at any threshold are sums
    over it (Fawcett, *An introduction to ROC analysis*, Pattern Recognition
    Letters 27, 2006, Alg. 1 walks the same table in decreasing score order).
    Two tables merge by adding the counts of equal scores, which is associative
    and commutative, so partial tables can be combined in any tree. Integer
    counts merge exactly; real-weighted counts merge to within rounding of the
    summation order (about 1e-16 relative).

    Examples
    --------
    >>> from evalplots.metrics import ScoreCounts
    >>> a = ScoreCounts.from_arrays([1, 0, 1], [0.9, 0.2, 0.2])
    >>> b = ScoreCounts.from_arrays([0, 0], [0.9, 0.5])
    >>> m = ScoreCounts.merge([a, b])
    >>> m.score.tolist(), m.positive.tolist(), m.negative.tolist()
    ([0.2, 0.5, 0.9], [1, 0, 1], [1, 1, 1])
    >>> fps, tps, thresholds = m.counts()
    >>> fps.tolist(), tps.tolist(), thresholds.tolist()
    ([1.0, 2.0, 3.0], [1.0, 1.0, 2.0], [0.9, 0.5, 0.2])
    """

    __slots__ = ("negative", "positive", "score")

    def __init__(self, score, positive, negative):
        score, positive, negative = (np.asarray(a) for a in (score, positive, negative))
        if not (score.ndim == positive.ndim == negative.ndim == 1
                and score.size == positive.size == negative.size):
            raise ValueError(
                f"score, positive and negative must be 1-D arrays of one length; got "
                f"shapes {score.shape}, {positive.shape} and {negative.shape}.")
        if score.size > 1 and not np.all(score[1:] > score[:-1]):
            raise ValueError("score must hold distinct values in increasing order; "
                             "build the table with ScoreCounts.from_arrays or merge.")
        if (positive < 0).any() or (negative < 0).any():
            raise ValueError("positive and negative counts must be >= 0.")
        self.score, self.positive, self.negative = score, positive, negative

    @classmethod
    def from_arrays(cls, y_true, y_score, *, pos_label=None, sample_weight=None):
        """The table of one chunk of labelled scores.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True binary labels.
        y_score : array-like of shape (n_samples,)
            Scores, higher = more positive (finite numbers).
        pos_label : int, float, bool or str, default=None
            The positive class; None means 1 for {0, 1} or {-1, 1} labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights; integer weights keep the counts exact (int64).

        Returns
        -------
        ScoreCounts
            One row per distinct score of the samples of non-zero weight.

        Raises
        ------
        ValueError
            As :func:`evalplots.metrics.roc_curve` for invalid inputs.

        Notes
        -----
        Samples of weight 0 are left out (they create no operating point, as in
        :func:`evalplots.metrics.roc_curve`). Integer-valued weights give int64
        counts, so that merging stays exact.

        Examples
        --------
        >>> t = ScoreCounts.from_arrays(["b", "a", "b"], [3, 1, 1], pos_label="b")
        >>> t.score.tolist(), t.positive.tolist(), t.negative.tolist()
        ([1, 3], [1, 1], [1, 0])
        """
        return cls._from_binary_scores(binary_scores(
            y_true, y_score, pos_label=pos_label, sample_weight=sample_weight))

    @classmethod
    def empty(cls, score_dtype=np.float64, sample_weight=None):
        """The table of no sample (or of samples that all have weight 0).

        Parameters
        ----------
        score_dtype : data-type, default=np.float64
            The dtype of the (empty) ``score`` array, that of the scores the
            table stands for, so that merging it with their tables keeps it.
        sample_weight : array-like or None, default=None
            The weights the table would count; only their dtype is read.

        Returns
        -------
        ScoreCounts
            Zero rows; int64 counts when ``sample_weight`` is None or of an
            integer (or bool) dtype, float64 counts otherwise.

        Raises
        ------
        TypeError
            If ``score_dtype`` is not a data-type.

        Notes
        -----
        With no weight value to test, only the weights' dtype decides: an
        unweighted or integer-weighted chunk gets int64 counts like its tables
        with rows, a float-weighted one float64 (its tables with rows are int64
        only when their weights add exactly, see :func:`frequency_counts`). An
        empty table adds no count to a merge, only its dtype.

        Examples
        --------
        >>> t = ScoreCounts.empty()
        >>> len(t), t.score.dtype, t.positive.dtype
        (0, dtype('float64'), dtype('int64'))
        >>> ScoreCounts.empty(sample_weight=[0.5, 0.0]).negative.dtype
        dtype('float64')
        """
        weighted = sample_weight is not None and np.asarray(sample_weight).dtype.kind not in "iub"
        dtype = np.float64 if weighted else np.int64
        return cls(np.zeros(0, score_dtype), np.zeros(0, dtype), np.zeros(0, dtype))

    @classmethod
    def _from_binary_scores(cls, data):
        """The table of validated :class:`BinaryScores` (internal input form)."""
        score, positive, weight = data.score, data.positive, data.weight
        if score.size == 0:
            return cls.empty(score.dtype, weight)
        # two plain sorts (all scores, positives' scores) instead of an argsort:
        # several times faster, and the counts are the same
        s = np.sort(score)
        starts = np.flatnonzero(np.concatenate(([True], s[1:] != s[:-1])))
        values = s[starts]
        if weight is None:
            n_all = np.diff(np.append(starts, s.size))
            # every positive's score is one of the values: count them by where each
            # value starts among the sorted positives (k searches, not n)
            pos_sorted = np.sort(score[positive])
            pos = np.diff(np.append(np.searchsorted(pos_sorted, values), pos_sorted.size))
            return cls(values, pos, n_all - pos)
        at = sorted_lookup(values, score)
        pos = np.bincount(at, weights=np.where(positive, weight, 0), minlength=values.size)
        neg = np.bincount(at, weights=np.where(positive, 0, weight), minlength=values.size)
        if sums_exactly(weight):  # whole weights, total below 2**53: exact counts
            pos, neg = pos.astype(np.int64), neg.astype(np.int64)
        return cls(values, pos, neg)

    @classmethod
    def merge(cls, tables):
        """Merge tables of disjoint chunks into the table of their union.

        Parameters
        ----------
        tables : iterable of ScoreCounts
            Tables whose scores share one kind (all float or all integer).

        Returns
        -------
        ScoreCounts
            Counts of equal scores added.

        Raises
        ------
        ValueError
            If ``tables`` is empty.

        Notes
        -----
        The counts of equal scores are added; the operation is associative and
        commutative, so partial tables can be merged in any order or tree.

        Examples
        --------
        >>> a = ScoreCounts.from_arrays([1, 0], [0.3, 0.7])
        >>> b = ScoreCounts.from_arrays([1], [0.7])
        >>> m = ScoreCounts.merge([a, b])
        >>> m.score.tolist(), m.positive.tolist(), m.negative.tolist()
        ([0.3, 0.7], [1, 1], [0, 1])
        """
        tables = list(tables)
        if not tables:
            raise ValueError("tables is empty; pass at least one ScoreCounts.")
        if len(tables) == 1:
            return tables[0]
        return cls._grouped(np.concatenate([t.score for t in tables]),
                            np.concatenate([t.positive for t in tables]),
                            np.concatenate([t.negative for t in tables]))

    @classmethod
    def _grouped(cls, score, pos, neg):
        """The table of count cells in any order, equal scores repeated: their sums."""
        order = np.argsort(score, kind="stable")
        s = score[order]
        if s.size == 0:
            return cls(s, pos, neg)
        starts = np.flatnonzero(np.concatenate(([True], s[1:] != s[:-1])))
        return cls(s[starts], np.add.reduceat(pos[order], starts),
                   np.add.reduceat(neg[order], starts))

    @property
    def n_pos(self):
        """Number (or total weight) of positives."""
        return self.positive.sum()

    @property
    def n_neg(self):
        """Number (or total weight) of negatives."""
        return self.negative.sum()

    def __len__(self):
        return self.score.size

    def __repr__(self):
        return (f"ScoreCounts({self.score.size} distinct scores, {self.n_pos} positive, "
                f"{self.n_neg} negative)")

    def counts(self):
        """Cumulative false and true positives at each distinct threshold, highest first.

        Returns
        -------
        fps, tps : ndarray of float64 of shape (n_thresholds,)
            Negatives and positives with ``score >= threshold``.
        thresholds : ndarray of shape (n_thresholds,)
            The distinct scores in decreasing order, as
            :meth:`BinaryScores.counts` returns them (scores with no sample of
            non-zero weight left out).

        Notes
        -----
        ``tps[i] = Σ_{j ≥ i} positive[j]`` over the scores from the highest down
        (Fawcett 2006, Alg. 1); the same arrays that
        :func:`evalplots.metrics.roc_curve` builds from the raw samples.

        Examples
        --------
        >>> fps, tps, thr = ScoreCounts([0.1, 0.8], [1, 2], [3, 0]).counts()
        >>> fps.tolist(), tps.tolist(), thr.tolist()
        ([0.0, 3.0], [2.0, 3.0], [0.8, 0.1])
        """
        keep = (self.positive != 0) | (self.negative != 0)
        score, pos, neg = self.score[keep], self.positive[keep], self.negative[keep]
        tps = np.cumsum(pos[::-1], dtype=np.float64)
        fps = np.cumsum(neg[::-1], dtype=np.float64)
        return fps, tps, _as_threshold(score[::-1])

    def _to_binary_scores(self):
        """The table as weighted :class:`BinaryScores`, one sample per non-empty (score,
        class) cell weighted by its count: every metric equals that of the rows."""
        has_pos, has_neg = self.positive != 0, self.negative != 0
        score = np.concatenate((self.score[has_pos], self.score[has_neg]))
        positive = np.concatenate((np.ones(has_pos.sum(), bool), np.zeros(has_neg.sum(), bool)))
        weight = np.concatenate((self.positive[has_pos], self.negative[has_neg]))
        return BinaryScores(score, positive, weight)
