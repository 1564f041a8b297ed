"""Mergeable summaries of binary scores: BinarySummary and the paired DeLong second pass."""

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from evalplots.metrics.ranking._auc import auc_from_counts
from evalplots.metrics.inference._delong import _Placements, placements_from_sums
from evalplots.metrics._labels import (
    binary_positive_mask,
    class_values,
)
from evalplots.metrics.ranking._score_counts import ScoreCounts, sorted_lookup
from evalplots.metrics.ranking._thresholds import BinaryScores
from evalplots.metrics.summaries._base import (
    _chunk_arrays,
    _predictions,
    _label_totals,
    _add_dicts,
    _same,
    _pair_table,
    loss_moments,
    _Summary,
)
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_scores,
    check_threshold,
    sums_exactly,
)

__all__ = ["BinarySummary", "DeLongCrossSums", "table_auc", "table_delong_placements",
           "table_from_one_sort", "table_placements"]


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
        return cls._from_arrays(y_true, predictions, pos_label=pos_label,
                                threshold=threshold, sample_weight=sample_weight,
                                table_of=_table_of)

    @classmethod
    def _from_arrays(cls, y_true, predictions, *, pos_label, threshold, sample_weight,
                     table_of):
        """:meth:`from_arrays`, each model's table made by ``table_of(name, positive,
        scores, weight)`` (validated arrays); a None table leaves the model's table
        empty here (counted elsewhere) and its loss moments come from the rows."""
        threshold = check_threshold(threshold)
        y, positive, scores, weight, n = checked_rows(y_true, predictions, pos_label,
                                                      sample_weight)
        tables, by_rows = {}, []
        for name, s in scores.items():
            table = None
            if n and (weight is None or weight.any()):
                table = table_of(name, positive, s, weight)
                by_rows += [name] if table is None else []
            if table is None:
                table = ScoreCounts.empty(s.dtype, weight)
            tables[name] = table
        sums = block_sums(y, positive, scores, weight, threshold, by_rows=by_rows)
        return cls._from_blocks(tables, [sums], pos_label=pos_label, threshold=threshold,
                                n_rows=n)

    @classmethod
    def _from_blocks(cls, tables, sums, *, pos_label, threshold, n_rows):
        """The summary of rows read in blocks: each model's table of all of them, and the
        :func:`block_sums` of every block (their sums are those of all rows)."""
        pairs, losses, label_rows, label_weight = (_add_dicts(part) for part in zip(*sums))
        for name, table in tables.items():
            if name not in losses:  # unweighted rows: the moments come from the table
                losses[name] = _binary_loss_moments(table, None, None, None)
        return cls(tables, pairs, {name: losses[name] for name in tables}, label_rows,
                   label_weight, pos_label, threshold, n_rows, 1)

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


def checked_rows(y_true, predictions, pos_label, sample_weight):
    """The checked rows of one chunk of :meth:`BinarySummary.from_arrays`:
    ``(labels, positive mask, {model: scores}, weights or None, n_rows)``."""
    predictions = _predictions(predictions)
    y, weight, n = _chunk_arrays(y_true, sample_weight)
    if n and class_values(y).size > 2:
        raise ValueError(f"y_true has {class_values(y).size} classes in this chunk; "
                         f"a binary summary needs at most two.")
    positive = (binary_positive_mask(y, pos_label) if n else np.zeros(0, bool))
    scores = {}
    for name, values in predictions.items():
        arg = f"predictions[{name!r}]"
        s = as_1d(values, arg, allow_empty=True)
        check_consistent_length(y_true=y, **{arg: s})
        if n and s.dtype.kind not in "biuf":
            raise ValueError(f"{arg} must hold numeric scores, got dtype {s.dtype}.")
        scores[name] = check_scores(s, arg) if n else s.astype(np.float64)
    return y, positive, scores, weight, n


def _table_of(name, positive, score, weight):
    return ScoreCounts.from_arrays(positive, score, pos_label=True, sample_weight=weight)


def table_from_one_sort(name, positive, score, weight):
    """The table of one model's validated rows, read off their one sort.

    Parameters
    ----------
    name : str
        The model (unused; the ``table_of`` signature of ``BinarySummary._from_arrays``).
    positive : ndarray of bool of shape (n_samples,)
        Which rows are positive.
    score : ndarray of shape (n_samples,)
        Validated scores.
    weight : ndarray of shape (n_samples,) or None
        Validated weights (rows of weight 0 are left out).

    Returns
    -------
    table : ScoreCounts
        The weight of each class at each distinct score: int64 when the weights
        add exactly (unweighted or whole numbers), else float64.

    Notes
    -----
    :meth:`BinaryScores.counts` sorts the scores once (its fastest kernel for
    the input) into cumulative counts per distinct score, highest first; the
    table is their differences, so its own cumulative counts are the sort's
    (bit for bit when the counts are whole numbers). :func:`_table_of` gives the
    same table by two plain sorts.
    """
    if weight is not None and not weight.all():
        keep = weight != 0
        score, positive, weight = score[keep], positive[keep], weight[keep]
    fps, tps, thresholds = BinaryScores(score, positive, weight).counts()
    pos, neg = np.diff(tps, prepend=0.0)[::-1], np.diff(fps, prepend=0.0)[::-1]
    if weight is None or sums_exactly(weight):
        pos, neg = pos.astype(np.int64), neg.astype(np.int64)
    return ScoreCounts(thresholds[::-1], pos, neg)


def block_sums(y, positive, scores, weight, threshold, *, by_rows=()):
    """What a :class:`BinarySummary` sums row by row, besides the tables, for one block.

    Parameters
    ----------
    y : ndarray of shape (n_samples,)
        Validated labels.
    positive : ndarray of bool of shape (n_samples,)
        Which rows are of the positive class.
    scores : dict of str to ndarray of shape (n_samples,)
        Validated scores per model.
    weight : ndarray of shape (n_samples,) or None
        Validated weights.
    threshold : float
        The decision threshold.
    by_rows : sequence of str, default=()
        Models whose loss moments come from the rows even when unweighted
        (their table is not built here).

    Returns
    -------
    pairs, losses, label_rows, label_weight : dict
        McNemar's 2 x 2 table of each pair of models, the loss moments of each
        model (weighted rows, or ``by_rows``: unweighted ones come from the
        table), and the rows and weight of each label.
    """
    label_rows, label_weight = _label_totals(y, weight)
    right = {name: (s >= threshold) == positive for name, s in scores.items()}
    pairs = {(a, b): _pair_table(right[a], right[b], weight)
             for a, b in combinations(scores, 2)}
    losses = {name: _binary_loss_moments(None, s, positive, weight)
              for name, s in scores.items() if weight is not None or name in by_rows}
    return pairs, losses, label_rows, label_weight


def _binary_losses(score, positive):
    """Per-row Brier and log losses of scores read as probabilities (NaN or inf
    where they are not; then unused)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        p = score.astype(np.float64)
        return (np.where(positive, (1.0 - p) ** 2, p * p),
                -np.log(np.where(positive, p, 1.0 - p)))


def _binary_loss_moments(table, score, positive, weight):
    """(2 losses, 2 classes, 6) moments; unweighted, from the table's cells (from the
    rows without a table)."""
    if weight is not None or table is None:
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
    are those of ``evalplots.metrics.inference._delong``, divided the same way, so each
    placement is the float the row-wise computation gives.
    """
    pos, neg = table.positive, table.negative
    auc, v10, v01 = placements_from_sums(_below_tied(neg), _below_tied(pos), pos.sum(),
                                         neg.sum(), pos.astype(np.float64))
    return table.score, v10, v01, auc


def table_delong_placements(table):
    """DeLong's placements of a table's cells, weighted by their counts, as
    :func:`evalplots.metrics.inference._delong.delong_interval` takes them.

    Parameters
    ----------
    table : ScoreCounts
        As for :func:`table_placements`.

    Returns
    -------
    placements : _Placements
        ``v10`` and ``v01`` at every distinct score of :func:`table_placements`,
        weighted by the positives and negatives there: their weighted sums of
        squares are those over the rows, each row standing at its score.
    """
    _, v10, v01, auc = table_placements(table)
    return _Placements(auc, v10, v01, table.positive.astype(np.float64),
                       table.negative.astype(np.float64), table.n_pos, table.n_neg)


def table_auc(table):
    """The AUC of a merged table as :func:`table_placements` gives it (the AUC the
    :class:`DeLongCrossSums` are centred on), without the placements.

    Parameters
    ----------
    table : ScoreCounts
        As for :func:`table_placements`: merged, both classes present.

    Returns
    -------
    auc : float
        ``Σ positive · (2 · negatives below + negatives tied) / (2 m n)``.

    Notes
    -----
    The Mann-Whitney count with ties as ½ (DeLong, DeLong & Clarke-Pearson,
    1988), read off the table's cumulative counts by the one AUC from counts
    (:func:`evalplots.metrics.ranking._auc.auc_from_counts`); for the integer counts
    DeLong needs, the sums are exact, so it is the float
    :func:`table_placements` gives.
    """
    return auc_from_counts(*table.counts()[:2])


def _below_tied(counts):
    """``2 · (count at lower scores) + (count at this score)`` at each score of a table."""
    return 2 * (np.cumsum(counts) - counts) + counts


def delong_rows(y_true, predictions, tables, pos_label, sample_weight):
    """The checked rows of one chunk of :meth:`DeLongCrossSums.from_arrays`.

    Returns ``(positive mask, {model: scores}, weights or None, n_rows)``: labels,
    weights and lengths checked, rows of weight 0 left out (they add nothing, and
    the tables may not hold their scores); ``n_rows`` counts every row.
    """
    predictions = _predictions(predictions)
    y, weight, n = _chunk_arrays(y_true, sample_weight)
    positive = binary_positive_mask(y, pos_label) if n else np.zeros(0, bool)
    if weight is not None:
        keep = weight != 0
        weight, positive = weight[keep], positive[keep]
    scores = {}
    for name, values in predictions.items():
        if name not in tables:
            raise ValueError(f"tables has no model {name!r}; pass the merged tables "
                             f"of the first pass.")
        s = as_1d(values, f"predictions[{name!r}]", allow_empty=True)
        check_consistent_length(y_true=np.empty(n), **{f"predictions[{name!r}]": s})
        scores[name] = s if weight is None else s[keep]
    return positive, scores, weight, n


def placed_rows(placements, score, positive, name):
    """Each row's placement: ``v10`` at its score for a positive, ``v01`` for a negative.

    ``placements`` is ``(scores, v10, v01)`` of :func:`table_placements`; a score
    absent from the table raises ValueError naming ``predictions[name]``.
    """
    values, v10, v01 = placements
    at = sorted_lookup(values, score)
    if score.size and (at.max() >= values.size or not np.array_equal(values[at], score)):
        raise ValueError(f"predictions[{name!r}] holds a score absent from its "
                         f"table; pass the merged tables of these rows.")
    return np.where(positive, v10[at], v01[at]) if score.size else score


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
        positive, scores, weight, n = delong_rows(y_true, predictions, tables,
                                                  pos_label, sample_weight)
        placed, aucs = {}, {}
        for name, s in scores.items():
            *placements, aucs[name] = table_placements(tables[name])
            placed[name] = placed_rows(placements, s, positive, name)
        return cls._from_placed(placed, aucs, positive, weight, n)

    @classmethod
    def _from_placed(cls, placed, aucs, positive, weight, n_rows):
        """The sums of ``n_rows`` rows given each row's placement under each model
        (``placed``: model -> ndarray, in model order) and each model's AUC; rows of
        weight 0 add nothing."""
        by_class = np.stack([positive, ~positive]).astype(np.float64)  # the weights
        if weight is not None:
            by_class *= weight
        sums = {}
        for a, b in combinations(placed, 2):
            d = placed[a] - placed[b]
            d -= aucs[a] - aucs[b]
            d *= d
            sums[(a, b)] = by_class @ d  # both classes' sums in one pass over d
        return cls(sums, n_rows, 1)

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
