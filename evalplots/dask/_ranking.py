"""Exact ROC AUC, AP and BEP when the distinct scores do not fit one process.

The per-distinct-score table (:class:`evalplots.metrics.ScoreCounts`) of
continuous scores has one row per sample: 10^8 rows of 24 bytes is 2.4 GB, and
the merged table would have to sit in one process. Instead:

1. each partition's table gives a small quantile sketch (``SKETCH_POINTS``
   scores, each standing for an equal share of the partition's samples), merged
   into approximate quantiles of all scores;
2. the quantiles cut the score axis into ``R`` ranges chosen so that one range's
   table fits the memory budget; each partition splits its table by range and
   the pieces of one range are merged on a worker (a task-based shuffle, as
   dask's own ``shuffle`` moves rows between partitions);
3. the client receives the positives and negatives of each range (2R numbers)
   and sends back the cumulative offsets: the positives and negatives scored
   above the range;
4. with its offsets, each range's worker computes its exact share of the AUC
   (integer trapezoid sums), of the AP (recall steps times precision) and the
   break-even crossing if it lies there, and a thinned piece of the curve.

The sums are those of :func:`evalplots.metrics.roc_auc_score`,
:func:`~evalplots.metrics.average_precision_score` and
:func:`~evalplots.metrics.break_even_point` split at range boundaries, so they
agree with the in-memory values to rounding (exactly, for the AUC's integer
counts below 2**53). The thinned curve keeps a subset of the exact curve's
vertices; the area between it and the exact curve is at most
``1/2 sum_k dFPR_k dTPR_k`` over the kept segments (stated with it).
"""

import dataclasses
import math
import operator
import warnings

import numpy as np

from evalplots.dask._reduce import current_client, run_tasks, tree_reduce
from evalplots.metrics import ScoreCounts

__all__ = ["RankingSummary", "SKETCH_POINTS", "TABLE_ROW_BYTES"]

#: Points of a partition's quantile sketch.
SKETCH_POINTS = 512
#: Bytes per row of a ScoreCounts table (score, positive, negative: 8 bytes each).
TABLE_ROW_BYTES = 24


@dataclasses.dataclass(frozen=True)
class RankingSummary:
    """Exact ranking scores of one model and a thinned table for drawing.

    Parameters
    ----------
    roc_auc : float
        Exact ROC AUC (ties count 1/2), as :func:`evalplots.metrics.roc_auc_score`.
    average_precision : float
        Exact AP, as :func:`evalplots.metrics.average_precision_score`.
    break_even_point : float
        Exact BEP, as :func:`evalplots.metrics.break_even_point`.
    n_pos, n_neg : float
        Positives and negatives (total weights).
    table : ScoreCounts
        The coarsened table: a subset of the exact curve's vertices (every
        kept threshold has its exact cumulative counts), for drawing.
    auc_bound : float
        ``1/2 sum_k dFPR_k dTPR_k`` over the coarsened table's steps: the
        largest possible difference between the area under the drawn
        (thinned) curve and the exact AUC. For ``method='binned'`` it bounds
        ``|roc_auc - AUC_exact|``.
    method : str
        'table' (merged table), 'ranges' (range-partitioned exact path) or
        'binned' (``roc_auc`` is the binned trapezoid AUC; AP and BEP NaN).
    n_ranges : int
        Ranges of the exact path (1 for 'table'; bins for 'binned').

    Raises
    ------
    None
        A frozen record, made by :func:`evalplots.dask.ranking_summary`.

    Notes
    -----
    Each kept vertex ``(FP_k, TP_k)`` of ``table`` is a vertex of the exact
    ROC curve; between two kept vertices the exact curve is a monotone
    staircase inside the rectangle ``dFP_k x dTP_k``, so the trapezoid over
    the kept vertices differs from the exact area by at most half of the
    rectangles' total area: ``auc_bound = 1/2 sum_k dFPR_k dTPR_k``.

    Examples
    --------
    >>> import dask.array as da
    >>> from evalplots.dask import ranking_summary
    >>> y = da.from_array([0, 0, 1, 1], chunks=2)
    >>> r = ranking_summary(y, da.from_array([.1, .4, .35, .8], chunks=2))
    >>> r.roc_auc, r.method, r.auc_bound
    (0.75, 'table', 0.0)
    """

    roc_auc: float
    average_precision: float
    break_even_point: float
    n_pos: float
    n_neg: float
    table: ScoreCounts
    auc_bound: float
    method: str
    n_ranges: int = 1


# --- the partition side: tables, sketches and budgets ------------------------

#: A partition's scores are grouped by hashing (O(n)) instead of sorting when the
#: first PROBE scores hold fewer than PROBE_DISTINCT distinct values (ties seen).
PROBE, PROBE_DISTINCT = 10_000, 9_000


def score_table(data):
    """The :class:`ScoreCounts` of validated binary scores, by hashing when few are distinct.

    Equal to ``ScoreCounts._from_binary_scores(data)``; a partition of discrete
    scores (10^4 distinct values in 10^7 rows) is grouped by Arrow's hash
    dictionary encoding and ``np.bincount`` in linear time, and only the
    distinct values are sorted.
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    from evalplots.metrics._validation import sums_exactly

    score, positive, weight = data.score, data.positive, data.weight
    if score.size <= PROBE or looks_continuous(score):
        return _sorted_table(data)
    if score.dtype.kind == "f":
        score = score + 0.0  # -0.0 -> 0.0: one value, as a sort groups them
    encoded = pc.dictionary_encode(pa.array(score))  # Arrow's hash table
    codes = encoded.indices.to_numpy()
    distinct = encoded.dictionary.to_numpy()
    order = np.argsort(distinct, kind="stable")
    k = distinct.size
    if weight is None:  # one count of the keys 2 * code + is_positive
        cells = np.bincount(2 * codes.astype(np.int64) + positive, minlength=2 * k)
        neg, pos = cells[0::2], cells[1::2]
        return ScoreCounts(distinct[order], pos[order], neg[order])
    w = weight
    exact = sums_exactly(w)
    pos = np.bincount(codes, weights=np.where(positive, w, 0), minlength=k)
    neg = np.bincount(codes, weights=np.where(positive, 0, w), minlength=k)
    if exact:
        pos, neg = pos.astype(np.int64), neg.astype(np.int64)
    return ScoreCounts(distinct[order], pos[order], neg[order])



def _sorted_table(data):
    """The table by sorting: each class's scores by ``np.sort``, then one linear merge.

    ``np.sort`` (unstable, vectorised) is several times faster than the stable
    argsort of :meth:`ScoreCounts._from_binary_scores`, and equal scores need no
    order among themselves; the two sorted tables merge in linear time (the
    merge's stable sort finds the two runs). Weighted samples take the argsort.
    """
    score, positive = data.score, data.positive
    if data.weight is not None or score.size <= PROBE:
        return ScoreCounts._from_binary_scores(data)
    tables = []
    for in_class, counts_as_positive in ((positive, True), (~positive, False)):
        s = np.sort(score[in_class])
        if s.size == 0:
            continue
        starts = np.flatnonzero(np.concatenate(([True], s[1:] != s[:-1])))
        counts = np.diff(np.append(starts, s.size))
        none = np.zeros_like(counts)
        tables.append(ScoreCounts(s[starts], counts if counts_as_positive else none,
                                  none if counts_as_positive else counts))
    return ScoreCounts.merge(tables)


def looks_continuous(score):
    """Whether the first ``PROBE`` scores are nearly all distinct (few ties seen)."""
    return np.unique(score[:PROBE]).size >= PROBE_DISTINCT


def estimated_distinct(score):
    """Distinct scores to expect in ``score``: its size when a probe finds them all
    distinct (continuous scores), else 0 (unknown: the table is built and measured)."""
    if score.size > PROBE and not looks_continuous(score):
        return 0
    return score.size


def sampled_part(data, points=65_536):
    """A :class:`PartTable` without its table: the sketch of a sample, and the totals.

    For a partition whose table would be dropped anyway (about one distinct
    score per row, more than the budget's share): no sort of the partition.
    """
    score, positive, weight = data.score, data.positive, data.weight
    mass = np.ones(score.size) if weight is None else weight.astype(np.float64)
    n_pos = positive.sum() if weight is None else weight[positive].sum()
    n_neg = (score.size - n_pos) if weight is None else weight[~positive].sum()
    if score.size > points:
        pick = np.random.default_rng(score.size).choice(score.size, points, replace=False)
        s, m = score[pick], mass[pick] * (mass.sum() / mass[pick].sum())
    else:
        s, m = score, mass
    order = np.argsort(s)
    sk, sw = sketch(s[order], m[order])
    return PartTable(None, sk, sw, n_pos, n_neg, score.size)


@dataclasses.dataclass
class PartTable:
    """One model's partition result: its table (or None over budget) and sketch."""

    table: object
    sketch_score: np.ndarray
    sketch_weight: np.ndarray
    n_pos: float
    n_neg: float
    n_rows: int  # sum of the tables' lengths merged into this one (an upper bound)


def sketch(score, mass, points=SKETCH_POINTS):
    """``points`` scores at equal shares of ``mass`` (ascending scores), and their mass."""
    total = float(mass.sum())
    if score.size <= points or total == 0:
        return score.astype(np.float64), mass.astype(np.float64)
    cum = np.cumsum(mass, dtype=np.float64)
    where = (np.arange(points) + 0.5) * (total / points)
    idx = np.minimum(np.searchsorted(cum, where, side="left"), score.size - 1)
    return score[idx].astype(np.float64), np.full(points, total / points)


def part_table(table, budget_rows, n_parts=1):
    """A partition's :class:`PartTable`, its table dropped early when the merge would not fit.

    The table is kept while ``len(table) * n_parts <= budget_rows``: if every
    partition held as many distinct scores, their merge could fit. Past that
    (continuous scores) only the sketch and totals travel, and the exact range
    path takes over; nothing large waits in the tree.
    """
    mass = table.positive + table.negative
    s, w = sketch(table.score, mass)
    keep = len(table) * max(1, n_parts) <= budget_rows
    return PartTable(table if keep else None, s, w,
                     table.positive.sum(), table.negative.sum(), len(table))


def merge_part_tables(parts, budget_rows):
    """Merge :class:`PartTable` s; the table is dropped once its rows could exceed the budget."""
    n_rows = sum(p.n_rows for p in parts)
    tables = [p.table for p in parts]
    table = None
    if all(t is not None for t in tables) and n_rows <= budget_rows:
        table = ScoreCounts.merge(tables)
        if len(table) > budget_rows:
            table = None
    order_s = np.concatenate([p.sketch_score for p in parts])
    order_w = np.concatenate([p.sketch_weight for p in parts])
    order = np.argsort(order_s, kind="stable")
    s, w = sketch(order_s[order], order_w[order])
    return PartTable(table, s, w, sum(p.n_pos for p in parts),
                     sum(p.n_neg for p in parts),
                     len(table) if table is not None else n_rows)


def boundaries(part, n_ranges):
    """``n_ranges - 1`` increasing cut scores at the sketch's quantiles."""
    s, w = part.sketch_score, part.sketch_weight
    if n_ranges <= 1 or s.size == 0:
        return np.empty(0)
    cum = np.cumsum(w)
    where = np.arange(1, n_ranges) * (cum[-1] / n_ranges)
    idx = np.minimum(np.searchsorted(cum, where, side="left"), s.size - 1)
    return np.unique(s[idx])


def split_ranges(table, cuts):
    """The table cut into ``cuts.size + 1`` pieces: range r holds cuts[r-1] < score <= cuts[r].

    Each piece is a compact copy (:func:`compact`), so the partition's table is
    freed once it is split, and the pieces waiting for their range's merge take
    as little memory as their counts allow.
    """
    if table is None:
        return [None] * (cuts.size + 1)
    edges = np.searchsorted(table.score, cuts, side="right")
    bounds = np.concatenate(([0], edges, [len(table)]))
    return [compact(ScoreCounts(table.score[a:b], table.positive[a:b],
                                table.negative[a:b])) if b > a else None
            for a, b in zip(bounds[:-1], bounds[1:])]


def compact(table):
    """A copy of ``table`` whose integer counts take the smallest unsigned type that
    holds them (one byte per count for continuous scores); real counts are copied."""
    def small(counts):
        if counts.dtype.kind not in "iu":
            return counts.copy()
        top = int(counts.max()) if counts.size else 0
        for dtype in (np.uint8, np.uint16, np.uint32):
            if top <= np.iinfo(dtype).max:
                return counts.astype(dtype)
        return counts.copy()
    return ScoreCounts(table.score.copy(), small(table.positive), small(table.negative))


def widened(table):
    """``table`` with int64 counts again (sums of compact counts must not wrap)."""
    if table.positive.dtype.kind != "u":
        return table
    return ScoreCounts(table.score, table.positive.astype(np.int64),
                       table.negative.astype(np.int64))


def piece_totals(pieces):
    """(n_ranges, 2) positives and negatives of one partition's pieces."""
    return np.array([_totals(p) for p in pieces], dtype=np.float64)


# --- the range side: exact contributions with offsets ------------------------


def _totals(table):
    if table is None:
        return 0, 0
    return table.positive.sum(), table.negative.sum()


def _bep_in_range(fps, tps, above_neg, above_pos, n_pos):
    """(found, bep) for the points of one range, preceded by the last point above it."""
    from evalplots.metrics._pr_scores import break_even_point_from_curve

    if above_pos + above_neg > 0:
        fps, tps = np.r_[above_neg, fps], np.r_[above_pos, tps]
    predicted = fps + tps
    precision = np.divide(tps, predicted, out=np.zeros_like(tps), where=predicted != 0)
    recall = tps / n_pos
    d = precision - recall
    hit = (recall > 0) & ((d <= 0) | np.isclose(precision, recall, rtol=1e-12, atol=0))
    if not hit.any():
        return False, math.nan
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = break_even_point_from_curve(np.r_[precision[::-1], 1.0],
                                            np.r_[recall[::-1], 0.0])
    return True, (value, [str(w.message) for w in caught])


def range_contribution(table, above_pos, above_neg, n_pos, max_points, keep_at=()):
    """Exact AUC/AP shares, the BEP if it is here, and the thinned vertices of one range.

    Returns a dict: ``auc2`` (sum of dFP * (TP_i + TP_{i-1}), to divide by
    2 P N), ``ap`` (sum of dTP * precision, to divide by P), ``bep`` ((found,
    value)), and the kept vertices as a small ScoreCounts piece with its
    ``bound2`` (sum of dFP * dTP over kept steps, to divide by 2 P N). The
    vertex of each threshold of ``keep_at`` (its lowest score at or above
    it) is always kept, so the confusion matrix there is exact.
    """
    if table is None or len(table) == 0:
        return {"auc2": 0.0, "ap": 0.0, "bep": (False, math.nan), "coarse": None,
                "bound2": 0.0}
    fps_local, tps_local, thr = table.counts()  # this range, highest score first
    fps = fps_local + float(above_neg)
    tps = tps_local + float(above_pos)
    prev_f = np.r_[float(above_neg), fps[:-1]]
    prev_t = np.r_[float(above_pos), tps[:-1]]
    auc2 = float(np.dot(fps - prev_f, tps + prev_t))
    predicted = fps + tps
    precision = np.divide(tps, predicted, out=np.zeros_like(tps), where=predicted != 0)
    ap = float(np.dot(tps - prev_t, precision))
    if above_pos > 0 and above_pos + above_neg >= n_pos:
        bep = (False, math.nan)  # P <= R already above this range: the crossing is there
    else:
        bep = _bep_in_range(fps, tps, above_neg, above_pos, n_pos)
    # thinning: keep every step-th vertex and the last one of the range
    step = max(1, math.ceil(fps.size / max(1, max_points)))
    at = np.searchsorted(-thr, -np.asarray(keep_at, dtype=np.float64), side="right") - 1
    keep = np.unique(np.r_[np.arange(step - 1, fps.size, step), fps.size - 1,
                           at[at >= 0]].astype(np.intp))
    kf, kt = fps[keep], tps[keep]
    gf = np.diff(np.r_[float(above_neg), kf])
    gt = np.diff(np.r_[float(above_pos), kt])
    if table.positive.dtype.kind in "iu":  # counts stay integers (exact below 2**53)
        gf, gt = np.rint(gf).astype(np.int64), np.rint(gt).astype(np.int64)
    coarse = ScoreCounts(thr[keep][::-1].astype(np.float64), gt[::-1], gf[::-1])
    return {"auc2": auc2, "ap": ap, "bep": bep, "coarse": coarse,
            "bound2": float(np.dot(gf, gt))}


def _table_coarse(table, max_points):
    """range_contribution over a whole table (the 'table' method's thinning)."""
    return range_contribution(table, 0, 0, float(table.positive.sum()), max_points)


def summarize(pieces, n_pos, n_neg, method, n_ranges):
    """Combine the ranges' contributions (highest range last) into a RankingSummary."""
    auc2 = sum(p["auc2"] for p in pieces)
    ap = sum(p["ap"] for p in pieces)
    bound2 = sum(p["bound2"] for p in pieces)
    bep = math.nan
    for p in reversed(pieces):  # from the highest scores down: the first crossing
        found, value = p["bep"]
        if found:
            bep, messages = value
            for message in messages:
                from evalplots.exceptions import UndefinedMetricWarning

                warnings.warn(message, UndefinedMetricWarning, stacklevel=4)
            break
    coarse = [p["coarse"] for p in pieces if p["coarse"] is not None]
    table = ScoreCounts.merge(coarse) if coarse else ScoreCounts([], [], [])
    pn = 2.0 * float(n_pos) * float(n_neg)
    return RankingSummary(
        roc_auc=auc2 / pn if pn else math.nan,
        average_precision=ap / float(n_pos) if n_pos else math.nan,
        break_even_point=bep, n_pos=n_pos, n_neg=n_neg, table=table,
        auc_bound=bound2 / pn if pn else math.nan, method=method, n_ranges=n_ranges)


def exact_from_table(table, max_points):
    """RankingSummary of a merged table that fits in memory."""
    piece = _table_coarse(table, max_points)
    return summarize([piece], table.positive.sum(), table.negative.sum(), "table", 1)


# --- the range-partitioned pass ----------------------------------------------


def exact_ranges(table_tasks, merged, *, memory_budget, split_every, max_points,
                 progress=None, n_ranges=None, keep_at=()):
    """The exact path: range-partition the partitions' tables, offsets, contributions.

    ``table_tasks``: delayed per-partition ScoreCounts of one model (None if
    empty); ``merged``: the merged :class:`PartTable` of the first pass (its
    sketch and totals).
    """
    import dask

    budget_rows = max(1, memory_budget // TABLE_ROW_BYTES)
    total_rows = max(merged.n_rows, 1)
    if n_ranges is None:
        # twice the minimum, as the sketch's quantiles are approximate
        n_ranges = max(2, math.ceil(2 * total_rows / budget_rows))
    cuts = boundaries(merged, n_ranges)
    n_ranges = cuts.size + 1
    split = dask.delayed(split_ranges, pure=True, nout=n_ranges)
    parts = run_tasks([split(t, cuts) for t in table_tasks], progress=progress,
                      description="range-partitioning the scores")
    client = current_client()
    # 2R numbers to the client (from the pieces, before any merge), offsets back
    if client is None:
        totals = sum(piece_totals(p) for p in parts)
    else:
        totals = sum(client.gather([client.submit(piece_totals, p, pure=False)
                                    for p in parts]))
    totals = [(_count(t[0]), _count(t[1])) for t in totals]
    n_pos = sum(t[0] for t in totals)
    n_neg = sum(t[1] for t in totals)
    above_pos = np.cumsum([t[0] for t in totals][::-1])[::-1]  # at or above range r
    above_neg = np.cumsum([t[1] for t in totals][::-1])[::-1]
    offsets = [(above_pos[r] - totals[r][0], above_neg[r] - totals[r][1])
               for r in range(n_ranges)]
    per_range = max(1, max_points // n_ranges)
    # each range: its pieces merged and its contribution computed in one task, so
    # that no merged range waits for the others (its memory is freed at once)
    if client is None:
        pieces = [range_contribution(_merge_ranges([p[r] for p in parts]), op, on,
                                     n_pos, per_range, keep_at)
                  for r, (op, on) in enumerate(offsets)]
    else:
        futures = []
        for r, (op, on) in enumerate(offsets):
            level = [client.submit(operator.getitem, p, r, pure=False) for p in parts]
            while len(level) > split_every:
                level = [client.submit(_merge_ranges, level[i:i + split_every],
                                       pure=False)
                         for i in range(0, len(level), split_every)]
            futures.append(client.submit(_contribution_of_pieces, level, op, on, n_pos,
                                         per_range, keep_at, pure=False))
        del parts, level  # a partition's pieces are freed as their ranges merge
        pieces = client.gather(futures)
    return summarize(pieces, n_pos, n_neg, "ranges", n_ranges)


def _count(total):
    """A range's total back to an integer when it is one (unweighted or whole weights)."""
    return int(total) if float(total).is_integer() and abs(total) < 2.0**53 else total


def _merge_ranges(pieces):
    pieces = [widened(p) for p in pieces if p is not None]
    return ScoreCounts.merge(pieces) if pieces else None


def _contribution_of_pieces(pieces, above_pos, above_neg, n_pos, max_points, keep_at):
    return range_contribution(_merge_ranges(pieces), above_pos, above_neg, n_pos,
                              max_points, keep_at)


# --- the binned mode -----------------------------------------------------------


def bin_table(table, edges):
    """Positives and negatives per bin (bin b: edges[b-1] < score <= edges[b]) and bin minima."""
    n_bins = edges.size + 1
    if table is None:
        zero = np.zeros(n_bins, np.int64)
        return zero, zero, np.full(n_bins, np.inf)
    b = np.searchsorted(edges, table.score, side="left")
    pos = np.bincount(b, weights=table.positive, minlength=n_bins)
    neg = np.bincount(b, weights=table.negative, minlength=n_bins)
    if table.positive.dtype.kind in "iu":  # integer counts stay exact
        pos, neg = np.rint(pos).astype(np.int64), np.rint(neg).astype(np.int64)
    low = np.full(n_bins, np.inf)
    np.minimum.at(low, b, table.score.astype(np.float64))
    return pos, neg, low


def merge_bins(parts):
    return (sum(p[0] for p in parts), sum(p[1] for p in parts),
            np.minimum.reduce([p[2] for p in parts]))


def binned(table_tasks, merged, *, n_bins, split_every, progress=None):
    """The binned mode: counts per quantile bin; AUC by the trapezoid with its bound."""
    import dask

    edges = boundaries(merged, n_bins)
    parts = run_tasks([dask.delayed(bin_table, pure=True)(t, edges) for t in table_tasks],
                      progress=progress, description="binning the scores")
    pos, neg, low = tree_reduce(parts, merge_bins, split_every=split_every)
    keep = (pos + neg) > 0
    table = ScoreCounts(low[keep], pos[keep], neg[keep])
    piece = _table_coarse(table, table.score.size)
    n_pos, n_neg = pos.sum(), neg.sum()
    pn = 2.0 * n_pos * n_neg
    return RankingSummary(roc_auc=piece["auc2"] / pn, average_precision=math.nan,
                          break_even_point=math.nan, n_pos=n_pos, n_neg=n_neg,
                          table=table, auc_bound=piece["bound2"] / pn, method="binned",
                          n_ranges=int(keep.sum()))
