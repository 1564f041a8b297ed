"""Mergeable summaries of one chunk of predictions, from which whole evaluations follow.

Data too large for one process is cut into chunks (partitions). Each chunk is
reduced to a small summary; summaries are merged by adding their counts and sums,
an associative and commutative operation, so a tree reduction may merge them in
any order; the merged summary is what
:meth:`~evalplots.evaluation.BinaryEvaluation.from_summary` (and the same
classmethod of the multi-class and regression evaluations) turn into the
evaluation of all rows. Every summary is picklable and holds no raw row (the
regression summary keeps a bounded sample for the prediction-error figure).

- :class:`BinarySummary`: per model a :class:`ScoreCounts` (distinct score ->
  weighted positives and negatives), per pair of models the 2 x 2 table of which
  rows each gets right at the threshold (McNemar), the label totals, and the
  per-class moments of the Brier and log losses (their intervals).
- :class:`DeLongCrossSums`: a second pass, given the merged tables, that sums what
  the paired DeLong test needs beyond them.
- :class:`MulticlassSummary`: per model the confusion counts (true x predicted),
  the one-vs-rest tables of score models, the log-loss moments; per pair the
  McNemar table and the joint (true, predicted a, predicted b) counts.
- :class:`RegressionSummary`: per model the sums of every error of the table, the
  target's weighted mean and M2 merged by Chan, Golub & LeVeque's rule, and a
  hash-chosen sample of at most ``sample_size`` rows.
"""

import math
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from evalplots.metrics._labels import (
    binary_positive_mask,
    check_finite_labels,
    class_values,
    encode_labels,
)
from evalplots.metrics._logloss import is_probability_matrix
from evalplots.metrics._score_counts import ScoreCounts, frequency_counts, sorted_lookup
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite,
    check_sample_weight,
    check_scores,
    check_threshold,
)

__all__ = ["BinarySummary", "DeLongCrossSums", "MulticlassSummary", "RegressionSummary",
           "table_placements"]

#: Moments of a per-row loss kept per class: rows of non-zero weight, Σw, Σw², Σw·l,
#: Σw²·l, Σw²·l² (see :func:`loss_interval_moments`).
N_MOMENTS = 6


# ----------------------------------------------------------------------- helpers


def _chunk_arrays(y_true, sample_weight, name="y_true"):
    """``(y, weight, n)`` of one chunk; an empty chunk is allowed."""
    y = as_1d(y_true, name, allow_empty=True)
    check_finite_labels(y, name)
    weight = check_sample_weight(sample_weight, y.shape[0]) if y.size else None
    if sample_weight is not None and y.size == 0 and np.asarray(sample_weight).size:
        raise ValueError("sample_weight has entries but y_true is empty; pass one weight "
                         "per row.")
    return y, weight, int(y.shape[0])


def _predictions(predictions):
    if not isinstance(predictions, dict) or not predictions:
        raise ValueError("predictions must be a non-empty dict {model name: array}; wrap "
                         "a single model's predictions as {'model': y_score}.")
    for name in predictions:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"model names (the keys of predictions) must be non-empty "
                             f"strings, got {name!r}.")
    return dict(predictions)


def _label_totals(y, weight):
    """``({label: rows}, {label: weight})`` of the labels present (Python values)."""
    if y.size == 0:
        return {}, {}
    classes, (codes,) = encode_labels(y, labels=class_values(y))
    rows = np.bincount(codes, minlength=classes.size)
    mass = rows if weight is None else np.bincount(codes, weights=weight,
                                                   minlength=classes.size)
    mass = frequency_counts(mass) if weight is not None else mass
    keys = classes.tolist()
    return dict(zip(keys, rows.tolist())), dict(zip(keys, mass.tolist()))


def _add_dicts(dicts):
    out = {}
    for d in dicts:
        for key, value in d.items():
            out[key] = out[key] + value if key in out else value
    return out


def _same(summaries, attribute):
    values = [getattr(s, attribute) for s in summaries]
    first = values[0]
    for v in values[1:]:
        if not _equal(v, first):
            raise ValueError(f"the summaries were made with different {attribute} "
                             f"({first!r} and {v!r}); summarize every chunk alike.")
    return first


def _equal(a, b):
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    return a == b or (isinstance(a, float) and isinstance(b, float)
                      and math.isnan(a) and math.isnan(b))


def _mass(weight, mask):
    """Weighted count of ``mask`` (int when unweighted or integer-valued weights)."""
    if weight is None:
        return int(np.count_nonzero(mask))
    return frequency_counts(np.array([weight[mask].sum()]))[0].item()


def _pair_table(right_a, right_b, weight):
    """2 x 2 table: ``[a right][b right]`` (weighted), index 1 = right."""
    cell = right_a.astype(np.intp) * 2 + right_b
    counts = np.bincount(cell, weights=weight, minlength=4)
    return frequency_counts(counts).reshape(2, 2) if weight is not None else counts.reshape(2, 2)


def loss_moments(losses, weight, stratum, n_strata, *, count_zero_weight=False):
    """Per stratum, the moments of ``losses`` its interval needs: (n_strata, 6).

    ``stratum`` gives each row's stratum in [0, n_strata). Columns: rows (of
    non-zero weight, or all with ``count_zero_weight``: the multi-class
    evaluation keeps weight-0 rows in its strata, the binary one leaves them
    out), Σw, Σw², Σw·l, Σw²·l, Σw²·l² (see :func:`loss_interval_moments`).
    Sums over chunks are the sums over all rows.
    """
    out = np.zeros((n_strata, N_MOMENTS))
    if losses.size == 0:
        return out
    if weight is None:
        w = w2 = None
        rows = np.bincount(stratum, minlength=n_strata)
    else:
        keep = weight != 0
        losses = np.where(keep, losses, 0.0)  # an infinite loss of weight 0 adds 0
        w, w2 = weight, weight * weight
        rows = np.bincount(stratum, weights=None if count_zero_weight else keep,
                           minlength=n_strata)
    with np.errstate(invalid="ignore", over="ignore"):
        out[:, 0] = rows
        out[:, 1] = rows if w is None else np.bincount(stratum, w, n_strata)
        out[:, 2] = rows if w is None else np.bincount(stratum, w2, n_strata)
        out[:, 3] = np.bincount(stratum, losses if w is None else w * losses, n_strata)
        out[:, 4] = out[:, 3] if w is None else np.bincount(stratum, w2 * losses, n_strata)
        out[:, 5] = np.bincount(stratum, losses * losses if w is None
                                else w2 * losses * losses, n_strata)
    return out


def loss_interval_moments(moments, estimate):
    """``Σ_k n_k var_k(u)`` of ``u = w (l − L) / W`` from the moments (n_strata, 6).

    The ideal stratified-bootstrap variance of a weighted mean loss ``L`` (see
    ``evalplots.evaluation._intervals.stratified_mean_ci``), from sums only:
    ``n_k var_k(u) = Σu² − (Σu)² / n_k`` with ``Σu = (Σwl − L Σw) / W`` and
    ``Σu² = (Σw²l² − 2 L Σw²l + L² Σw²) / W²`` over stratum k.
    """
    total = moments[:, 1].sum()
    variance = 0.0
    for n, sw, sw2, swl, sw2l, sw2l2 in moments:
        if n:
            su = (swl - estimate * sw) / total
            su2 = (sw2l2 - 2.0 * estimate * sw2l + estimate * estimate * sw2) / total**2
            variance += max(su2 - su * su / n, 0.0)
    return variance


# ------------------------------------------------------------------------ binary


class _Summary:
    """What every summary shares: its models, its size and a short repr.

    Subclasses are dataclasses whose first per-model dict is named by
    ``_BY_MODEL``; they hold ``n_rows`` and ``n_partitions``.
    """

    _BY_MODEL = None

    @property
    def model_names(self):
        """Model names, in the order given to ``from_arrays``."""
        return list(getattr(self, self._BY_MODEL))

    @classmethod
    def _nonempty(cls, summaries, arg):
        summaries = list(summaries)
        if not summaries:
            raise ValueError(f"{arg} is empty; pass at least one {cls.__name__}.")
        for s in summaries:
            if not isinstance(s, cls):
                raise ValueError(f"{arg} holds a {type(s).__name__}; pass only "
                                 f"{cls.__name__} objects.")
        return summaries

    def __repr__(self):
        return (f"{type(self).__name__}({len(self.model_names)} model(s), "
                f"{self.n_rows:,} rows, {self.n_partitions} partition(s))")




@dataclass(repr=False, eq=False)
class BinarySummary(_Summary):
    """Mergeable summary of binary scores of one or more models on one chunk of rows.

    Make it with :meth:`from_arrays` on each chunk, combine with :meth:`merge`,
    and turn the result into the evaluation of all rows with
    :meth:`evalplots.evaluation.BinaryEvaluation.from_summary`.

    Parameters
    ----------
    tables : dict of str to ScoreCounts
        Model name -> its table of weighted positives and negatives per score.
    pairs : dict of (str, str) to ndarray of shape (2, 2)
        For each pair of models (in model order), the weight of the rows that
        ``[a is right][b is right]`` at the threshold (index 1 = right).
    losses : dict of str to ndarray of shape (2, 2, 6)
        Model -> ``[Brier, log loss][negative, positive]`` moments of the
        per-row loss of the scores read as probabilities (see
        :func:`loss_moments`).
    label_rows, label_weight : dict
        Label -> number of rows / their total weight (weight-0 rows included
        in ``label_rows``).
    pos_label : object or None
        The ``pos_label`` the chunks were summarized with.
    threshold : float
        Decision threshold: ``score >= threshold`` is predicted positive.
    n_rows : int
        Rows summarized.
    n_partitions : int
        Chunks merged into this summary.

    Attributes
    ----------
    tables, pairs, losses, label_rows, label_weight : dict
        As given.
    pos_label, threshold, n_rows, n_partitions : object, float, int, int
        As given.

    Raises
    ------
    None

    Notes
    -----
    Every count is int64 when the rows are unweighted or their weights are
    whole numbers (then merging is exact), else float64. The table of each model
    is its sufficient statistic for every curve and ranking score (see
    :class:`ScoreCounts`); McNemar's test needs which rows both models get
    right, which the separate tables do not hold, hence ``pairs``; the paired
    DeLong test needs one more pass (:class:`DeLongCrossSums`).

    Examples
    --------
    >>> from evalplots.metrics import BinarySummary
    >>> a = BinarySummary.from_arrays([1, 0, 1], {"m": [0.9, 0.2, 0.4]})
    >>> b = BinarySummary.from_arrays([0, 0], {"m": [0.7, 0.1]})
    >>> s = BinarySummary.merge([a, b])
    >>> s.n_rows, s.n_partitions, s.label_rows
    (5, 2, {0: 3, 1: 2})
    >>> s.tables["m"].positive.tolist(), s.tables["m"].negative.tolist()
    ([0, 0, 1, 0, 1], [1, 1, 0, 1, 0])
    """

    tables: dict
    pairs: dict
    losses: dict
    label_rows: dict
    label_weight: dict
    pos_label: object
    threshold: float
    n_rows: int
    n_partitions: int = 1

    _BY_MODEL = "tables"

    @classmethod
    def from_arrays(cls, y_true, predictions, *, pos_label=None, threshold=0.5,
                    sample_weight=None):
        """The summary of one chunk of rows.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels (at most two distinct ones; one, or none, is fine in a
            chunk). May be empty.
        predictions : dict of str to array-like of shape (n_samples,)
            Model name -> scores of the positive class (finite numbers).
        pos_label : int, float, bool, str or None, default=None
            The positive class; None means 1 (True) for labels within {0, 1},
            {-1, 1} or bools. Pass it for other labels (a chunk may lack it).
        threshold : float, default=0.5
            ``score >= threshold`` is predicted positive (McNemar's table).
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights; whole numbers keep every count exact.

        Returns
        -------
        BinarySummary

        Raises
        ------
        ValueError
            On invalid labels, scores, lengths or weights (as
            :func:`evalplots.evaluate`), or an ambiguous positive class.

        Notes
        -----
        O(n log n) per model (the sort of the table).

        Examples
        --------
        >>> s = BinarySummary.from_arrays(["b", "a"], {"m": [3.0, 1.0]}, pos_label="b")
        >>> s.tables["m"].positive.tolist(), s.label_weight
        ([0, 1], {'a': 1, 'b': 1})
        """
        threshold = check_threshold(threshold)
        predictions = _predictions(predictions)
        y, weight, n = _chunk_arrays(y_true, sample_weight)
        if n and class_values(y).size > 2:
            raise ValueError(f"y_true has {class_values(y).size} classes in this chunk; "
                             f"a binary summary needs at most two.")
        positive = (binary_positive_mask(y, pos_label) if n else np.zeros(0, bool))
        label_rows, label_weight = _label_totals(y, weight)
        tables, right, losses = {}, {}, {}
        for name, values in predictions.items():
            arg = f"predictions[{name!r}]"
            s = as_1d(values, arg, allow_empty=True)
            check_consistent_length(y_true=y, **{arg: s})
            if n and s.dtype.kind not in "biuf":
                raise ValueError(f"{arg} must hold numeric scores, got dtype {s.dtype}.")
            s = check_scores(s, arg) if n else s.astype(np.float64)
            if n and (weight is None or weight.any()):
                tables[name] = ScoreCounts.from_arrays(positive, s, pos_label=True,
                                                       sample_weight=weight)
            else:
                dtype = np.int64 if weight is None or weight.dtype.kind in "iub" else float
                tables[name] = ScoreCounts(s[:0], np.zeros(0, dtype), np.zeros(0, dtype))
            right[name] = (s >= threshold) == positive
            losses[name] = _binary_loss_moments(tables[name], s, positive, weight)
        pairs = {(a, b): _pair_table(right[a], right[b], weight)
                 for a, b in combinations(predictions, 2)}
        return cls(tables, pairs, losses, label_rows, label_weight, pos_label, threshold,
                   n, 1)

    @classmethod
    def merge(cls, summaries):
        """Merge summaries of disjoint chunks into the summary of their union.

        Parameters
        ----------
        summaries : iterable of BinarySummary
            Of the same models, ``pos_label`` and ``threshold``.

        Returns
        -------
        BinarySummary

        Raises
        ------
        ValueError
            If ``summaries`` is empty or they differ in models, ``pos_label``
            or ``threshold``.

        Notes
        -----
        Counts and sums are added: associative and commutative (exact for
        integer counts; real weights to within rounding of the summation order).

        Examples
        --------
        >>> a = BinarySummary.from_arrays([1, 0], {"m": [0.8, 0.3]})
        >>> BinarySummary.merge([a, a]).tables["m"].positive.tolist()
        [0, 2]
        """
        summaries = cls._nonempty(summaries, "summaries")
        names = _same(summaries, "model_names")
        return cls(
            {name: ScoreCounts.merge([s.tables[name] for s in summaries]) for name in names},
            _add_dicts(s.pairs for s in summaries),
            _add_dicts(s.losses for s in summaries),
            _add_dicts(s.label_rows for s in summaries),
            _add_dicts(s.label_weight for s in summaries),
            _same(summaries, "pos_label"), _same(summaries, "threshold"),
            sum(s.n_rows for s in summaries), sum(s.n_partitions for s in summaries))


def _binary_losses(score, positive):
    """Per-row Brier and log losses of scores read as probabilities (NaN or inf
    where they are not; then unused)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        p = score.astype(np.float64)
        return (np.where(positive, (1.0 - p) ** 2, p * p),
                -np.log(np.where(positive, p, 1.0 - p)))


def _binary_loss_moments(table, score, positive, weight):
    """(2 losses, 2 classes, 6) moments; unweighted, from the table's cells."""
    if weight is not None:
        stratum = positive.astype(np.intp)
        return np.stack([loss_moments(loss, weight, stratum, 2)
                         for loss in _binary_losses(score, positive)])
    cells = table._to_binary_scores()  # rows of one score and class, count = weight
    counts = cells.weight.astype(np.float64)
    stratum = cells.positive.astype(np.intp)
    out = []
    for loss in _binary_losses(cells.score, cells.positive):
        with np.errstate(invalid="ignore"):
            sums = [np.bincount(stratum, counts * v, 2) for v in (loss, loss * loss)]
        n = np.bincount(stratum, counts, 2)
        out.append(np.stack([n, n, n, sums[0], sums[0], sums[1]], axis=1))
    return np.stack(out)


def table_placements(table):
    """DeLong's placement values at each distinct score of a merged table.

    Parameters
    ----------
    table : ScoreCounts
        The table of all rows (both classes present).

    Returns
    -------
    score : ndarray of shape (n_distinct,)
        The table's scores, ascending.
    v10 : ndarray of shape (n_distinct,)
        ``(negatives below + ½ tied) / n``: a positive's placement at that score.
    v01 : ndarray of shape (n_distinct,)
        ``1 − (positives below + ½ tied) / m``: a negative's placement there.
    auc : float
        ``Σ positive · v10 / m``.

    Notes
    -----
    DeLong, DeLong & Clarke-Pearson (1988); the integer sums ``2·below + tied``
    are those of ``evalplots.metrics._delong``, divided the same way, so each
    placement is the float the row-wise computation gives.
    """
    pos, neg = table.positive, table.negative
    m, n = pos.sum(), neg.sum()
    s10 = 2 * (np.cumsum(neg) - neg) + neg
    s01 = 2 * (np.cumsum(pos) - pos) + pos
    v10 = np.divide(s10, 2.0 * n)
    v01 = np.divide(s01, -2.0 * m)
    v01 += 1.0
    auc = float(np.dot(pos.astype(np.float64), s10)) / (2.0 * m * n)
    return table.score, v10, v01, auc


@dataclass(repr=False, eq=False)
class DeLongCrossSums(_Summary):
    """Second-pass sums for the paired DeLong test of every pair of binary models.

    Parameters
    ----------
    sums : dict of (str, str) to ndarray of shape (2,)
        Pair ``(a, b)`` -> ``[Σ_pos w (V10_a − V10_b − d)², Σ_neg w (V01_a − V01_b − d)²]``
        with ``d = AUC_a − AUC_b`` of the merged tables.
    n_rows : int
        Rows summed.
    n_partitions : int
        Chunks merged.

    Attributes
    ----------
    sums : dict
        As given.
    n_rows, n_partitions : int
        As given.

    Raises
    ------
    None

    Notes
    -----
    DeLong et al. (1988), with Sun & Xu (2014)'s placements: the variance of
    AUC_a − AUC_b is ``S10/m + S01/n`` with ``S10 = Σ_pos w (Δ10 − d)² / (m − 1)``
    and ``S01 = Σ_neg w (Δ01 − d)² / (n − 1)``, ``Δ = V_a − V_b`` per row. A
    row's placement under a model depends only on its score and that model's
    merged table (:func:`table_placements`), so once the tables are merged and
    broadcast each chunk adds its rows' squared centred differences; the sums
    add over chunks. Centring by the known ``d`` (rather than summing
    ``V_a·V_b`` cross products) keeps the sums free of cancellation.

    Examples
    --------
    >>> from evalplots.metrics import BinarySummary, DeLongCrossSums
    >>> y, a, b = [1, 0, 1, 0, 1], [.9, .3, .6, .4, .2], [.8, .1, .3, .5, .7]
    >>> s = BinarySummary.from_arrays(y, {"a": a, "b": b})
    >>> x = DeLongCrossSums.from_arrays(y, {"a": a, "b": b}, s.tables)
    >>> [round(float(v), 6) for v in x.sums[("a", "b")]]
    [1.166667, 0.055556]
    """

    sums: dict
    n_rows: int
    n_partitions: int = 1

    _BY_MODEL = "sums"

    @classmethod
    def from_arrays(cls, y_true, predictions, tables, *, pos_label=None,
                    sample_weight=None):
        """The sums of one chunk, given every model's merged table.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels of the chunk (may be empty).
        predictions : dict of str to array-like of shape (n_samples,)
            Model name -> scores, as given to :meth:`BinarySummary.from_arrays`.
        tables : dict of str to ScoreCounts
            The merged tables of all rows (``merged_summary.tables``).
        pos_label : object or None, default=None
            As in the first pass.
        sample_weight : array-like of shape (n_samples,), default=None
            As in the first pass.

        Returns
        -------
        DeLongCrossSums

        Raises
        ------
        ValueError
            On invalid input, or if a score is absent from its model's table
            (the table is not that of these rows).

        Notes
        -----
        Each row's score is looked up in the table (binary search): O(n log k).

        Examples
        --------
        >>> from evalplots.metrics import BinarySummary
        >>> s = BinarySummary.from_arrays([1, 0], {"a": [.7, .2], "b": [.4, .6]})
        >>> DeLongCrossSums.from_arrays([1, 0], {"a": [.7, .2], "b": [.4, .6]},
        ...                             s.tables).n_rows
        2
        """
        predictions = _predictions(predictions)
        y, weight, n = _chunk_arrays(y_true, sample_weight)
        positive = binary_positive_mask(y, pos_label) if n else np.zeros(0, bool)
        if weight is not None:
            keep = weight != 0
            y, weight, positive = y[keep], weight[keep], positive[keep]
        placed, aucs = {}, {}
        for name, values in predictions.items():
            if name not in tables:
                raise ValueError(f"tables has no model {name!r}; pass the merged tables "
                                 f"of the first pass.")
            s = as_1d(values, f"predictions[{name!r}]", allow_empty=True)
            check_consistent_length(y_true=np.empty(n), **{f"predictions[{name!r}]": s})
            if weight is not None:
                s = s[keep]
            score, v10, v01, aucs[name] = table_placements(tables[name])
            at = sorted_lookup(score, s)
            if s.size and (at.max() >= score.size or not np.array_equal(score[at], s)):
                raise ValueError(f"predictions[{name!r}] holds a score absent from its "
                                 f"table; pass the merged tables of these rows.")
            placed[name] = np.where(positive, v10[np.minimum(at, score.size - 1)],
                                    v01[np.minimum(at, score.size - 1)]) if s.size else s
        sums = {}
        w = np.ones(positive.size) if weight is None else weight
        for a, b in combinations(predictions, 2):
            d = (placed[a] - placed[b]) - (aucs[a] - aucs[b])
            wd2 = w * d * d
            sums[(a, b)] = np.array([wd2[positive].sum(), wd2[~positive].sum()])
        return cls(sums, n, 1)

    @classmethod
    def merge(cls, parts):
        """Add the sums of disjoint chunks.

        Parameters
        ----------
        parts : iterable of DeLongCrossSums
            Of the same pairs.

        Returns
        -------
        DeLongCrossSums

        Raises
        ------
        ValueError
            If ``parts`` is empty.

        Notes
        -----
        Sums are added (associative, commutative).

        Examples
        --------
        >>> import numpy as np
        >>> x = DeLongCrossSums({("a", "b"): np.array([1.0, 2.0])}, 3)
        >>> DeLongCrossSums.merge([x, x]).sums[("a", "b")].tolist()
        [2.0, 4.0]
        """
        parts = cls._nonempty(parts, "parts")
        return cls(_add_dicts(p.sums for p in parts), sum(p.n_rows for p in parts),
                   sum(p.n_partitions for p in parts))


# ------------------------------------------------------------------- multi-class


def _merge_kind(kinds):
    """'labels', 'probabilities' or 'scores' of a model over chunks (None: no row)."""
    kinds = {k for k in kinds if k is not None}
    if not kinds:
        return None
    if len(kinds) == 1:
        return kinds.pop()
    if "labels" in kinds:
        raise ValueError("a model gives predicted labels in one chunk and scores in "
                         "another; summarize every chunk alike.")
    return "scores"  # probabilities in some chunks, scores in others


def _sparse_counts(codes, k, weight):
    """``{index tuple: count}`` of the rows' index tuples (``codes``: list of d int
    arrays of indices in [0, k)), non-zero counts only."""
    if codes[0].size == 0:
        return {}
    flat = np.zeros(codes[0].size, dtype=np.int64)
    for c in codes:
        flat = flat * k + c
    if k ** len(codes) <= 1 << 20:
        counts = np.bincount(flat, weights=weight, minlength=k ** len(codes))
        keys = np.flatnonzero(counts)
        counts = counts[keys]
    else:
        keys, inverse = np.unique(flat, return_inverse=True)
        counts = np.bincount(inverse, weights=weight, minlength=keys.size)
    if weight is not None:
        counts = frequency_counts(counts)
    index = np.unravel_index(keys, (k,) * len(codes))
    return dict(zip(zip(*(i.tolist() for i in index)), counts.tolist()))


@dataclass(repr=False, eq=False)
class MulticlassSummary(_Summary):
    """Mergeable summary of multi-class predictions of one or more models on one chunk.

    Make it with :meth:`from_arrays` on each chunk, combine with :meth:`merge`,
    and evaluate with
    :meth:`evalplots.evaluation.MulticlassEvaluation.from_summary`.

    Parameters
    ----------
    labels : tuple
        The classes in column order of the score matrices (and display order).
    confusion : dict of str to dict of (int, int) to number
        Model -> ``{(true index, predicted index): weight}`` (non-zero cells).
    joint : dict of (str, str) to dict of (int, int, int) to number
        Pair of models -> ``{(true, predicted by a, predicted by b): weight}``.
    ovr : dict of str to list of ScoreCounts
        Score models -> one table per class: column c's scores, positive when
        the true class is c.
    kinds : dict of str to str or None
        Model -> 'labels', 'probabilities' (every row in [0, 1] summing to 1)
        or 'scores'; None for a chunk without rows.
    log_loss : dict of str to ndarray of shape (n_classes, 6)
        Probability models -> per true class, the moments of ``−log p_true``
        (:func:`loss_moments`).
    label_rows, label_weight : dict of int to number
        True class index -> rows / weight.
    n_rows, n_partitions : int
        Rows summarized, chunks merged.

    Attributes
    ----------
    labels : tuple
        As given.
    confusion, joint, ovr, kinds, log_loss, label_rows, label_weight : dict
        As given.
    n_rows, n_partitions : int
        As given.

    Raises
    ------
    None

    Notes
    -----
    The confusion counts are the sufficient statistic of every count metric of
    the table (accuracy, balanced accuracy, F1, MCC, QWK; Zhou Zhihua, *Machine
    Learning* §2.3.2); the one-vs-rest tables that of the OvR curves and AUCs;
    the joint counts that of McNemar's test and of the paired bootstrap of the
    macro-F1 difference. All are sums over rows, so they merge by addition.

    Examples
    --------
    >>> from evalplots.metrics import MulticlassSummary
    >>> s = MulticlassSummary.from_arrays(["a", "b", "c"], {"m": ["a", "c", "c"]},
    ...                                   labels=["a", "b", "c"])
    >>> sorted(s.confusion["m"].items())
    [((0, 0), 1), ((1, 2), 1), ((2, 2), 1)]
    """

    labels: tuple
    confusion: dict
    joint: dict
    ovr: dict
    kinds: dict
    log_loss: dict
    label_rows: dict
    label_weight: dict
    n_rows: int
    n_partitions: int = 1

    _BY_MODEL = "confusion"

    @classmethod
    def from_arrays(cls, y_true, predictions, *, labels, sample_weight=None):
        """The summary of one chunk of rows.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True class labels, each one of ``labels``. May be empty.
        predictions : dict of str to array-like
            Model name -> scores or probabilities of shape (n_samples,
            n_classes), columns in the order of ``labels``, or predicted labels
            of shape (n_samples,).
        labels : array-like of shape (n_classes,)
            Every class, in column order (a chunk rarely holds them all, so
            they cannot be found from it).
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights.

        Returns
        -------
        MulticlassSummary

        Raises
        ------
        ValueError
            If a label is not one of ``labels``, a score matrix has the wrong
            number of columns or a non-finite value, or lengths differ.

        Notes
        -----
        The predicted class of a score matrix is the column of the highest
        score (the first on ties), as in the in-memory evaluation.

        Examples
        --------
        >>> s = MulticlassSummary.from_arrays([0, 1], {"m": [[.7, .2, .1], [.3, .3, .4]]},
        ...                                   labels=[0, 1, 2])
        >>> s.kinds["m"], sorted(s.confusion["m"])
        ('probabilities', [(0, 0), (1, 2)])
        """
        predictions = _predictions(predictions)
        classes = as_1d(labels, "labels")
        if class_values(classes).size != classes.size or classes.size < 2:
            raise ValueError("labels must hold at least two distinct classes.")
        k = classes.size
        y, weight, n = _chunk_arrays(y_true, sample_weight)
        codes = encode_labels(y, labels=classes)[1][0] if n else np.zeros(0, np.intp)
        label_rows = dict(enumerate(np.bincount(codes, minlength=k).tolist()))
        mass = (np.bincount(codes, minlength=k) if weight is None else
                frequency_counts(np.bincount(codes, weights=weight, minlength=k)))
        label_weight = dict(enumerate(mass.tolist()))
        confusion, preds, ovr, kinds, log_loss = {}, {}, {}, {}, {}
        for name, values in predictions.items():
            arg = f"predictions[{name!r}]"
            arr = values.to_numpy() if hasattr(values, "to_numpy") else np.asarray(values)
            if arr.ndim == 2:
                check_consistent_length(y_true=y, **{arg: arr})
                if arr.shape[1] != k:
                    raise ValueError(f"{arg} has {arr.shape[1]} columns but labels has {k} "
                                     f"classes; pass one score column per class.")
                score = check_finite(arr, arg) if n else arr.astype(np.float64)
                pred = np.argmax(score, axis=1) if n else np.zeros(0, np.intp)
                kinds[name] = (None if not n else "probabilities"
                               if is_probability_matrix(score) else "scores")
                ovr[name] = [ScoreCounts.from_arrays(codes == c, score[:, c], pos_label=True,
                                                     sample_weight=weight)
                             if n and (weight is None or weight.any()) else
                             ScoreCounts(score[:0, c], np.zeros(0, np.int64),
                                         np.zeros(0, np.int64)) for c in range(k)]
                with np.errstate(divide="ignore", invalid="ignore"):  # scores: unused
                    losses = -np.log(score[np.arange(n), codes]) if n else np.zeros(0)
                log_loss[name] = loss_moments(losses, weight, codes, k,
                                              count_zero_weight=True)
            else:
                v = as_1d(arr, arg, allow_empty=True)
                check_consistent_length(y_true=y, **{arg: v})
                try:
                    pred = encode_labels(v, labels=classes)[1][0] if n else np.zeros(0, np.intp)
                except ValueError as exc:
                    raise ValueError(f"{arg} holds labels that are not classes "
                                     f"({exc}); pass labels= with every class.") from None
                kinds[name] = "labels" if n else None
            preds[name] = pred
            confusion[name] = _sparse_counts([codes, pred], k, weight)
        joint = {(a, b): _sparse_counts([codes, preds[a], preds[b]], k, weight)
                 for a, b in combinations(predictions, 2)}
        return cls(tuple(classes.tolist()), confusion, joint, ovr, kinds, log_loss,
                   label_rows, label_weight, n, 1)

    @classmethod
    def merge(cls, summaries):
        """Merge summaries of disjoint chunks into the summary of their union.

        Parameters
        ----------
        summaries : iterable of MulticlassSummary
            Of the same models and labels.

        Returns
        -------
        MulticlassSummary

        Raises
        ------
        ValueError
            If ``summaries`` is empty or they differ in models or labels.

        Notes
        -----
        Counts are added; tables merged (:meth:`ScoreCounts.merge`).

        Examples
        --------
        >>> a = MulticlassSummary.from_arrays([0, 2], {"m": [0, 1]}, labels=[0, 1, 2])
        >>> sorted(MulticlassSummary.merge([a, a]).confusion["m"].items())
        [((0, 0), 2), ((2, 1), 2)]
        """
        summaries = cls._nonempty(summaries, "summaries")
        names = _same(summaries, "model_names")
        labels = _same(summaries, "labels")
        scored = [n for n in names if n in summaries[0].ovr]
        return cls(
            labels,
            {n: _add_dicts(s.confusion[n] for s in summaries) for n in names},
            {p: _add_dicts(s.joint[p] for s in summaries) for p in summaries[0].joint},
            {n: [ScoreCounts.merge([s.ovr[n][c] for s in summaries])
                 for c in range(len(labels))] for n in scored},
            {n: _merge_kind(s.kinds[n] for s in summaries) for n in names},
            {n: sum(s.log_loss[n] for s in summaries) for n in scored},
            _add_dicts(s.label_rows for s in summaries),
            _add_dicts(s.label_weight for s in summaries),
            sum(s.n_rows for s in summaries), sum(s.n_partitions for s in summaries))


# -------------------------------------------------------------------- regression

#: Sums kept per regression model: Σw, Σw|e|, Σw e², Σw e/y, Σw |e|/|y|,
#: Σw (log1p y − log1p ŷ)², Σe (unweighted), n (rows).
_REG_SUMS = ("w", "abs", "sq", "pct", "abs_pct", "sq_log", "residual", "rows")

_SPLITMIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9),
             np.uint64(0x94D049BB133111EB))


def _row_keys(columns):
    """A 64-bit hash of each row's float values (splitmix64 of the bits, chained):
    a key that depends on the row alone, not on its chunk or position."""
    h = np.zeros(columns[0].size, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for col in columns:
            h ^= np.ascontiguousarray(col, dtype=np.float64).view(np.uint64)
            h += _SPLITMIX[0]
            h = (h ^ (h >> np.uint64(30))) * _SPLITMIX[1]
            h = (h ^ (h >> np.uint64(27))) * _SPLITMIX[2]
            h ^= h >> np.uint64(31)
    return h


def _moments(y, weight):
    """``(W, shift, offset, M2)`` of ``y`` with weights (None: 1): the mean is
    ``shift + offset``, ``M2 = Σ w (y − mean)²``; ``shift`` is one of the values."""
    w = np.ones(y.size) if weight is None else weight
    total = float(w.sum()) if y.size else 0.0
    if total == 0:
        return (0.0, 0.0, 0.0, 0.0)
    shift = float(y[np.argmax(w > 0)])
    d = y - shift
    offset = float(np.dot(w, d) / total)
    d -= offset
    return (total, shift, offset, float(np.dot(w * d, d)))


def merge_moments(parts):
    """Merge ``(W, shift, offset, M2)`` of disjoint chunks (Chan, Golub & LeVeque).

    With means ``μ = shift + offset``: ``δ = μ_b − μ_a``, ``W = W_a + W_b``,
    ``μ = μ_a + δ W_b / W``, ``M2 = M2_a + M2_b + δ² W_a W_b / W`` (T. F. Chan,
    G. H. Golub, R. J. LeVeque, "Algorithms for computing the sample variance",
    *The American Statistician* 37(3), 1983): no sum of squares of the raw
    values is formed. Each mean is held as a data value (``shift``) plus the
    mean offset from it, and ``δ`` is computed as ``(shift_b − shift_a) +
    (offset_b − offset_a)``: the first difference is exact for values within
    a factor 2 (Sterbenz), so a target of mean 10⁹ and spread 1 keeps its
    digits in ``δ`` too, not only in M2.
    """
    total, shift, offset, m2 = 0.0, 0.0, 0.0, 0.0
    for wb, shift_b, offset_b, m2b in parts:
        if wb == 0:
            continue
        if total == 0:
            total, shift, offset, m2 = wb, shift_b, offset_b, m2b
            continue
        new = total + wb
        delta = (shift_b - shift) + (offset_b - offset)
        offset += delta * (wb / new)
        m2 += m2b + delta * delta * (total * wb / new)
        total = new
    return (total, shift, offset, m2)


@dataclass(repr=False, eq=False)
class RegressionSummary(_Summary):
    """Mergeable summary of regression predictions of one or more models on one chunk.

    Make it with :meth:`from_arrays` on each chunk, combine with :meth:`merge`,
    and evaluate with
    :meth:`evalplots.evaluation.RegressionEvaluation.from_summary`.

    Parameters
    ----------
    sums : dict of str to ndarray of shape (8,)
        Model -> Σw, Σw|e|, Σw e², Σw e/y, Σw |e|/|y|, Σw (log1p y − log1p ŷ)²,
        Σe (unweighted) and the number of rows, with ``e = y − ŷ`` (the
        percentage sums over rows with ``y != 0``, the log sum over rows
        with ``y, ŷ > −1``).
    pred_min : dict of str to float
        Model -> smallest prediction (MSLE is defined only above −1).
    target : tuple of 4 float
        ``(W, shift, offset, M2)`` of the target with the sample weights: the
        total weight, the mean as ``shift + offset``, and ``Σ w (y − mean)²``
        (see :func:`merge_moments`).
    target_plain : tuple of 4 float
        The same, unweighted (the report's description of the target).
    target_range : tuple of 2 float
        Smallest and largest target (NaN, NaN without rows).
    n_zero : int
        Rows whose target is 0 (MPE and MAPE are undefined then).
    sample : dict of str to ndarray
        At most ``sample_size`` rows: ``'key'`` (uint64 hash), ``'y_true'``,
        ``'weight'`` (when weighted), and one entry per model.
    sample_size : int
        The bound of ``sample``.
    n_rows, n_partitions : int
        Rows summarized, chunks merged.

    Attributes
    ----------
    sums, pred_min, sample : dict
        As given.
    target, target_plain, target_range : tuple of float
        As given.
    n_zero, sample_size, n_rows, n_partitions : int
        As given.

    Raises
    ------
    None

    Notes
    -----
    Every error of the table is a weighted mean of a per-row term, so its sum
    and the total weight merge by addition. R² = 1 − Σw e² / Σw (y − ȳ)²
    needs the target's spread about its mean, merged by Chan, Golub & LeVeque
    (:func:`merge_moments`). The sample keeps the rows of the smallest hash of
    their values: the bottom-k of a union is the bottom-k of the chunks'
    bottom-k's, so the sample does not depend on how the rows were chunked or
    merged (a reproducible uniform sample for the prediction-error figure).

    Examples
    --------
    >>> from evalplots.metrics import RegressionSummary
    >>> a = RegressionSummary.from_arrays([1.0, 2.0], {"m": [1.5, 2.0]})
    >>> b = RegressionSummary.from_arrays([4.0], {"m": [3.0]})
    >>> s = RegressionSummary.merge([a, b])
    >>> w, shift, offset, m2 = s.target
    >>> w, round(shift + offset, 6), round(m2, 6), s.sums["m"][:3].tolist()
    (3.0, 2.333333, 4.666667, [3.0, 1.5, 1.25])
    """

    sums: dict
    pred_min: dict
    target: tuple
    target_plain: tuple
    target_range: tuple
    n_zero: int
    sample: dict
    sample_size: int
    n_rows: int
    n_partitions: int = 1

    _BY_MODEL = "sums"

    @classmethod
    def from_arrays(cls, y_true, predictions, *, sample_weight=None, sample_size=10_000):
        """The summary of one chunk of rows.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True target values (finite). May be empty.
        predictions : dict of str to array-like of shape (n_samples,)
            Model name -> predicted values (finite).
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights.
        sample_size : int, default=10000
            Rows kept for the prediction-error figure.

        Returns
        -------
        RegressionSummary

        Raises
        ------
        ValueError
            On non-finite values, lengths that differ or invalid weights.

        Notes
        -----
        O(n) per model, plus a partial sort for the sample.

        Examples
        --------
        >>> s = RegressionSummary.from_arrays([0.0, 2.0], {"m": [1.0, 2.0]})
        >>> s.n_zero, s.sums["m"][3].item(), s.sample["y_true"].size
        (1, 0.0, 2)
        """
        predictions = _predictions(predictions)
        y = check_finite(as_1d(y_true, "y_true", allow_empty=True).astype(np.float64),
                         "y_true")
        n = y.shape[0]
        weight = check_sample_weight(sample_weight, n) if n else None
        w = np.ones(n) if weight is None else weight
        nonzero = y != 0
        sums, pred_min, preds = {}, {}, {}
        for name, values in predictions.items():
            arg = f"predictions[{name!r}]"
            p = check_finite(as_1d(values, arg, allow_empty=True).astype(np.float64), arg)
            check_consistent_length(y_true=y, **{arg: p})
            e = y - p
            with np.errstate(divide="ignore", invalid="ignore"):
                pct = np.where(nonzero, e / np.where(nonzero, y, 1.0), 0.0)
                ok = (y > -1) & (p > -1)
                dl = np.where(ok, np.log1p(np.where(ok, y, 0.0)) - np.log1p(np.where(ok, p, 0.0)),
                              0.0)
            we = w * e
            sums[name] = np.array([w.sum(), np.dot(w, np.abs(e)), np.dot(we, e),
                                   np.dot(w, pct), np.dot(w, np.abs(pct)), np.dot(w * dl, dl),
                                   e.sum(), n], dtype=np.float64)
            pred_min[name] = float(p.min()) if n else math.inf
            preds[name] = p
        columns = [y, *preds.values()] + ([] if weight is None else [weight])
        sample = {"key": _row_keys(columns) if n else np.zeros(0, np.uint64), "y_true": y,
                  **{f"model:{name}": p for name, p in preds.items()}}
        if sample_weight is not None:
            sample["weight"] = np.ones(0) if weight is None else weight
        return cls(sums, pred_min, _moments(y, weight), _moments(y, None),
                   (float(y.min()), float(y.max())) if n else (math.inf, -math.inf),
                   int(n - nonzero.sum()), _bottom(sample, sample_size), sample_size, n, 1)

    @classmethod
    def merge(cls, summaries):
        """Merge summaries of disjoint chunks into the summary of their union.

        Parameters
        ----------
        summaries : iterable of RegressionSummary
            Of the same models and sample size.

        Returns
        -------
        RegressionSummary

        Raises
        ------
        ValueError
            If ``summaries`` is empty or they differ in models or sample size.

        Notes
        -----
        Sums added, moments merged by :func:`merge_moments`, samples by
        bottom-k of their union.

        Examples
        --------
        >>> a = RegressionSummary.from_arrays([1e9 + 1, 1e9 - 1], {"m": [1e9, 1e9]})
        >>> b = RegressionSummary.from_arrays([1e9 + 2, 1e9 - 2], {"m": [1e9, 1e9]})
        >>> w, shift, offset, m2 = RegressionSummary.merge([a, b]).target
        >>> w, shift + offset, m2
        (4.0, 1000000000.0, 10.0)
        """
        summaries = cls._nonempty(summaries, "summaries")
        names = _same(summaries, "model_names")
        size = _same(summaries, "sample_size")
        samples = [s.sample for s in summaries]
        keys = samples[0].keys()
        if any(s.keys() != keys for s in samples):
            raise ValueError("the summaries differ in weighting (some weighted, some "
                             "not); summarize every chunk alike.")
        sample = {k: np.concatenate([s[k] for s in samples]) for k in keys}
        return cls(
            {n: sum(s.sums[n] for s in summaries) for n in names},
            {n: min(s.pred_min[n] for s in summaries) for n in names},
            merge_moments(s.target for s in summaries),
            merge_moments(s.target_plain for s in summaries),
            (min(s.target_range[0] for s in summaries),
             max(s.target_range[1] for s in summaries)),
            sum(s.n_zero for s in summaries), _bottom(sample, size), size,
            sum(s.n_rows for s in summaries), sum(s.n_partitions for s in summaries))


def _bottom(sample, size):
    """The rows of the ``size`` smallest keys, in key order (ties: by the values)."""
    keys = sample["key"]
    if keys.size > size:
        cut = np.partition(keys, size - 1)[size - 1]
        keep = np.flatnonzero(keys <= cut)
        sample = {k: v[keep] for k, v in sample.items()}
        keys = sample["key"]
    # a total order: key, then the row's values, so equal keys sort alike anywhere
    order = np.lexsort([v for k, v in reversed(sample.items()) if k != "key"] + [keys])
    return {k: v[order][:size] for k, v in sample.items()}
