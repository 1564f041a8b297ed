"""Exact ROC AUC, AP and BEP when the distinct scores do not fit one process.

The per-distinct-score table (:class:`evalplots.metrics.ScoreCounts`) of
continuous scores has one row per sample: 10^8 rows of 24 bytes is 2.4 GB, and
the merged table would have to sit in one process. Instead, within a memory
budget ``B`` per task slot (a worker thread):

1. each partition gives a small quantile sketch (``SKETCH_POINTS`` scores,
   each standing for an equal share of the partition's samples; continuous
   scores are sampled, not sorted), merged into approximate quantiles of all
   scores;
2. the quantiles cut the score axis into ``R`` ranges, each small enough that
   merging its table takes at most ``RANGE_SHARE * B`` (:func:`plan`);
3. the ranges are taken in *waves* of ``W`` ranges, from the highest scores
   down, ``W`` chosen so that one wave's pieces held on a slot (its
   partitions' rows of the wave as compact tables, ~10 bytes per distinct
   score) take at most ``WAVE_SHARE * B``. The first wave reads every
   partition (a Parquet file in blocks of 2^20 rows), keeps its own rows
   and puts each later wave's rows aside on the worker's local disk
   (:class:`Spill`); a later wave reads them back (or, where they are not,
   the partition again). Each partition's rows of the wave are grouped by
   range and tabled, and the partitions are dealt to the slots in turn;
4. the client receives the positives and negatives of each range of the wave
   (2W numbers) and sends back the cumulative offsets: the positives and
   negatives scored above the range (the running totals of the earlier
   waves, plus the wave's higher ranges);
5. with its offsets, each range's pieces are merged on a worker (one sort of
   their scores) and its exact share of the AUC (trapezoid sums), of the AP
   (recall steps times precision), the break-even crossing if it lies there,
   and a thinned piece of the curve are computed, walking the table in blocks
   of ``WALK_ROWS``; the wave's data is released before the next wave.

So a worker holds at most one wave's pieces and one range's merge: about
``B`` whatever the data's size; what grows is the number of waves,
``R / W ~ data / (slots x B)`` (the rows put aside on disk meanwhile: about
9 bytes per row, spread over the workers).

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
import os
import uuid
import warnings

import numpy as np

from evalplots.dask._reduce import current_client, run_tasks
from evalplots.metrics import ScoreCounts
from evalplots.metrics.ranking._auc import auc_from_pairs, trapezoid_pairs
from evalplots.metrics.ranking._curves import pr_from_counts
from evalplots.metrics.ranking._threshold_metrics import _TIE_RTOL, metrics_from_counts
from evalplots.metrics.ranking._thresholds import BinaryScores

__all__ = ["RankingSummary", "SKETCH_POINTS", "TABLE_ROW_BYTES"]

#: Points of a partition's quantile sketch.
SKETCH_POINTS = 8192
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
    n_waves : int
        Waves of the exact path, each merging ``n_ranges / n_waves`` ranges
        from the rows the first wave read (1 for 'table' and 'binned').
    range_rows : int
        Rows (distinct scores) of the exact path's largest range table (0 for
        'table' and 'binned').

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
    n_waves: int = 1
    range_rows: int = 0


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
        if score.dtype.kind == "f":  # -0.0 -> 0.0 before the sort (rows of any block)
            data = BinaryScores(score + 0.0, positive, weight)
        return ScoreCounts._from_binary_scores(data)
    if score.dtype.kind == "f":
        score = score + 0.0  # -0.0 -> 0.0: one value, as a sort groups them
    encoded = pc.dictionary_encode(pa.array(score))  # Arrow's hash table
    codes = encoded.indices.to_numpy().astype(np.int64)
    distinct = encoded.dictionary.to_numpy()
    order = np.argsort(distinct, kind="stable")
    pos, neg = cell_counts(codes, distinct.size, positive, weight, in_place=True)
    if weight is not None and sums_exactly(weight):
        pos, neg = pos.astype(np.int64), neg.astype(np.int64)
    return ScoreCounts(distinct[order], pos[order], neg[order])


def cell_counts(codes, k, positive, weight, in_place=False):
    """Positives and negatives of int64 codes ``0..k-1`` (weighted sums when ``weight``;
    ``in_place``: ``codes`` may be overwritten)."""
    if weight is None:  # one count of the keys 2 * code + is_positive
        key = np.left_shift(codes, 1, out=codes if in_place else None)
        np.bitwise_or(key, positive, out=key)
        counts = np.bincount(key, minlength=2 * k)
        return counts[1::2], counts[0::2]
    return (np.bincount(codes, weights=np.where(positive, weight, 0.0), minlength=k),
            np.bincount(codes, weights=np.where(positive, 0.0, weight), minlength=k))


def looks_continuous(score):
    """Whether the first ``PROBE`` scores are nearly all distinct (few ties seen)."""
    return np.unique(score[:PROBE]).size >= PROBE_DISTINCT


def estimated_distinct(score):
    """Distinct scores to expect in ``score``: its size when a probe finds them all
    distinct (continuous scores), else 0 (unknown: the table is built and measured)."""
    if score.size > PROBE and not looks_continuous(score):
        return 0
    return score.size


#: Scores a partition samples for its quantile sketch (continuous scores).
SAMPLE_POINTS = 65_536


def part_of_sample(score, mass, n_pos, n_neg, n_rows):
    """The :class:`PartTable` of a sample of a partition's scores (``mass``: their
    weights, None for unit weights), its sketch scaled to the partition's mass."""
    total = float(n_pos) + float(n_neg)
    mass = np.ones(score.size) if mass is None else np.asarray(mass, dtype=np.float64)
    if mass.sum() > 0:
        mass = mass * (total / mass.sum())
    order = np.argsort(score)
    sk, sw = sketch(np.asarray(score, dtype=np.float64)[order], mass[order])
    return PartTable(None, sk, sw, n_pos, n_neg, n_rows)


@dataclasses.dataclass
class PartTable:
    """One model's partition result: its table (or None over budget) and sketch."""

    table: object
    sketch_score: np.ndarray
    sketch_weight: np.ndarray
    n_pos: float
    n_neg: float
    n_rows: int  # sum of the tables' lengths merged into this one (an upper bound)
    max_rows: int = 0  # the longest partition's table length (or rows), of those merged

    def __post_init__(self):
        self.max_rows = self.max_rows or self.n_rows


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
                     len(table) if table is not None else n_rows,
                     max(p.max_rows for p in parts))


def boundaries(part, n_ranges):
    """``n_ranges - 1`` increasing cut scores at the sketch's quantiles."""
    s, w = part.sketch_score, part.sketch_weight
    if n_ranges <= 1 or s.size == 0:
        return np.empty(0)
    cum = np.cumsum(w)
    where = np.arange(1, n_ranges) * (cum[-1] / n_ranges)
    idx = np.minimum(np.searchsorted(cum, where, side="left"), s.size - 1)
    return np.unique(s[idx])


def compact(table, copy=True):
    """A copy of ``table`` whose integer counts take the smallest unsigned type that
    holds them (one byte per count for continuous scores); real counts are copied
    (and the scores, unless ``copy=False``)."""
    def small(counts):
        if counts.dtype.kind not in "iu":
            return counts.copy()
        top = int(counts.max()) if counts.size else 0
        for dtype in (np.uint8, np.uint16, np.uint32):
            if top <= np.iinfo(dtype).max:
                return counts.astype(dtype)
        return counts.copy()
    return ScoreCounts(table.score.copy() if copy else table.score, small(table.positive),
                       small(table.negative))


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
    from evalplots.metrics.ranking._pr_scores import break_even_point_from_curve

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


#: Rows of a table walked at a time: the temporaries of a contribution stay this small.
WALK_ROWS = 1 << 16


def range_contribution(table, above_pos, above_neg, n_pos, max_points, keep_at=(), *,
                       n_neg=None):
    """Exact AUC/AP shares, the BEP if it is here, and the thinned vertices of one range.

    Returns a dict: ``auc2`` (sum of dFP * (TP_i + TP_{i-1}), to divide by
    2 P N), ``ap`` (sum of dTP * precision, to divide by P), ``bep`` ((found,
    value)), and the kept vertices as a small ScoreCounts piece with its
    ``bound2`` (sum of dFP * dTP over kept steps, to divide by 2 P N). The
    vertex of each threshold of ``keep_at`` (its lowest score at or above
    it) is always kept, so the confusion matrix there is exact; given the
    negatives of all rows ``n_neg``, so is every vertex that can be the
    optimum of Youden's J or of F1 (:func:`optimum_candidates`), so those
    optima, read off the kept vertices, are the exact curve's. The table
    is walked from its highest score down in blocks of ``WALK_ROWS`` rows (a
    block is a range of its own, with the counts above it as offsets), so
    the temporaries stay a few blocks, whatever the table's length.
    """
    empty = {"auc2": 0.0, "ap": 0.0, "bep": (False, math.nan), "coarse": None,
             "bound2": 0.0, "rows": 0}
    if table is None or len(table) == 0:
        return empty
    used = (table.positive != 0) | (table.negative != 0)
    if not used.all():  # a score of weight 0 is no operating point
        table = ScoreCounts(table.score[used], table.positive[used],
                            table.negative[used])
    del used
    n = len(table)
    if n == 0:
        return empty
    step = max(1, math.ceil(n / max(1, max_points)))
    # walk positions (0 = highest score) kept for ``keep_at``: the lowest score >= t
    at = np.searchsorted(table.score, np.asarray(keep_at, dtype=np.float64), side="left")
    pinned = n - 1 - at[at < n]
    out = dict(empty, rows=n)
    coarse = []
    last = (float(above_neg), float(above_pos))  # the last kept vertex, above the range
    for b in range(n, 0, -WALK_ROWS):
        a = max(0, b - WALK_ROWS)
        block = ScoreCounts(table.score[a:b], table.positive[a:b], table.negative[a:b])
        done = n - b  # walk positions before this block
        keep = np.r_[np.arange((step - 1 - done) % step, b - a, step),
                     pinned[(pinned >= done) & (pinned < done + b - a)] - done,
                     [b - a - 1] if a == 0 else []].astype(np.intp)
        piece = _walk(block, above_pos, above_neg, n_pos, np.unique(keep), last,
                      find_bep=not out["bep"][0], n_neg=n_neg)
        out["auc2"] += piece["auc2"]
        out["ap"] += piece["ap"]
        out["bound2"] += piece["bound2"]
        if piece["bep"][0]:
            out["bep"] = piece["bep"]
        if piece["coarse"] is not None:
            coarse.append(piece["coarse"])
            last = piece["last"]
        above_pos = above_pos + block.positive.sum()
        above_neg = above_neg + block.negative.sum()
    out["coarse"] = ScoreCounts.merge(coarse) if coarse else None
    return out


def _dot(a, b):
    """``sum(a * b)`` as a float, without BLAS (whose threads stall on a busy machine)."""
    return float(np.multiply(a, b, dtype=np.float64).sum())


def _walk(table, above_pos, above_neg, n_pos, keep, last, find_bep=True, n_neg=None):
    """:func:`range_contribution` of one block (no zero rows), given the counts above
    it, the walk positions ``keep`` to keep and the last kept vertex ``last``."""
    fps_local, tps_local, thr = table.counts()  # this block, highest score first
    fps = fps_local + float(above_neg)
    tps = tps_local + float(above_pos)
    if n_neg is not None:
        keep = np.union1d(keep, optimum_candidates(fps, tps, n_pos, n_neg)).astype(np.intp)
    prev_f = np.r_[float(above_neg), fps[:-1]]
    prev_t = np.r_[float(above_pos), tps[:-1]]
    auc2 = float(trapezoid_pairs(fps - prev_f, tps, float(above_pos)))
    predicted = fps + tps
    precision = np.divide(tps, predicted, out=np.zeros_like(tps), where=predicted != 0)
    ap = _dot(tps - prev_t, precision)
    if not find_bep or (above_pos > 0 and above_pos + above_neg >= n_pos):
        bep = (False, math.nan)  # P <= R already above this block: the crossing is there
    else:
        bep = _bep_in_range(fps, tps, above_neg, above_pos, n_pos)
    if keep.size == 0:
        return {"auc2": auc2, "ap": ap, "bep": bep, "coarse": None, "bound2": 0.0,
                "last": last}
    kf, kt = fps[keep], tps[keep]
    gf = np.diff(np.r_[last[0], kf])
    gt = np.diff(np.r_[last[1], kt])
    if table.positive.dtype.kind in "iu":  # counts stay integers (exact below 2**53)
        gf, gt = np.rint(gf).astype(np.int64), np.rint(gt).astype(np.int64)
    coarse = ScoreCounts(thr[keep][::-1].astype(np.float64), gt[::-1], gf[::-1])
    return {"auc2": auc2, "ap": ap, "bep": bep, "coarse": coarse,
            "bound2": _dot(gf, gt), "last": (float(kf[-1]), float(kt[-1]))}


def _table_coarse(table, max_points):
    """range_contribution over a whole table (the 'table' method's thinning)."""
    return range_contribution(table, 0, 0, float(table.positive.sum()), max_points,
                              n_neg=float(table.negative.sum()))


def optimum_candidates(fps, tps, n_pos, n_neg):
    """Walk positions of a run of vertices that can be Youden's or the max-F1 optimum.

    ``fps``/``tps`` are a run of the exact curve's cumulative counts (highest
    threshold first, the counts above the run included), ``n_pos``/``n_neg``
    the totals. The optimum is chosen over the whole curve by
    :func:`evalplots.metrics.ranking._threshold_metrics.first_best`: the first vertex
    whose value is within the tie tolerance of the maximum. Whatever the
    maximum elsewhere, that vertex, if it lies in this run, is the first of
    the run at or above some level near the run's own maximum: a running
    record among the run's values near its maximum. Those records are
    returned (a few positions), their values computed by the formulas and
    from the counts that the evaluation's ``threshold_table`` uses, so a
    table that keeps them yields the exact optima and operating points.
    """
    fps = np.r_[fps, float(n_neg)]  # the totals close the run, as counts() ends
    tps = np.r_[tps, float(n_pos)]
    precision, recall, _ = pr_from_counts(fps, tps, fps)
    rates = metrics_from_counts(fps, tps, fps, zero_division=0.0,
                                precision=precision[-2::-1], recall=recall[-2::-1])
    out = []
    for values in (rates.tpr - rates.fpr, rates.fbeta):
        values = values[:-1]
        top = values.max()
        near = np.flatnonzero(values >= top - 2 * _TIE_RTOL * max(1.0, abs(top)))
        held = values[near]
        out.append(near[held > np.maximum.accumulate(np.r_[-np.inf, held[:-1]])])
    return np.union1d(*out)


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
    table = ScoreCounts.merge(coarse) if coarse else ScoreCounts.empty()
    pn = 2.0 * float(n_pos) * float(n_neg)
    return RankingSummary(
        roc_auc=auc_from_pairs(auc2, float(n_pos), float(n_neg)),
        average_precision=ap / float(n_pos) if n_pos else math.nan,
        break_even_point=bep, n_pos=n_pos, n_neg=n_neg, table=table,
        auc_bound=bound2 / pn if pn else math.nan, method=method, n_ranges=n_ranges)


def exact_from_table(table, max_points):
    """RankingSummary of a merged table that fits in memory."""
    piece = _table_coarse(table, max_points)
    return summarize([piece], table.positive.sum(), table.negative.sum(), "table", 1)


# --- the range-partitioned pass, in waves --------------------------------------

#: Bytes per row of a range piece waiting for its merge: a float64 score and two
#: compact counts (unweighted or whole weights), or two float64 weight sums.
PIECE_ROW_BYTES, WEIGHTED_PIECE_ROW_BYTES = 10, 24
#: Bytes per row a range's merge adds to its pieces: the sorted scores and counts.
MERGE_ROW_BYTES = 24
#: Shares of the budget: one wave's pieces on a worker, and one range's merge.
#: The rest is the reader's: pyarrow decoding a Parquet row group (of 2^20 rows of
#: a label and a float64 score) holds ~45 MiB at its peak, about one partition of
#: the benchmark; with a wave share of 0.45 a worker peaked at 2.2x its partition
#: in the first wave, with 0.3 at 1.2x (bench/bench_dask.py --continuous).
WAVE_SHARE, RANGE_SHARE = 0.3, 0.25
#: Ranges merged at a time per task slot (their pieces travel ahead of the merge).
IN_FLIGHT = 2
#: Ranges are cut this much smaller than the budget allows (the sketch's
#: quantiles are approximate).
RANGE_MARGIN = 1.25


def plan(n_rows, *, memory_budget, n_parts=1, max_rows=None, n_slots=1,
         weighted=False):
    """(ranges, ranges per wave): each range's merge within ``RANGE_SHARE`` of the
    budget; one wave's pieces within ``WAVE_SHARE`` of it per task slot.

    ``n_rows`` bounds the distinct scores (one row per sample), ``max_rows``
    those of the longest of the ``n_parts`` partitions; ``n_slots`` is the
    number of tasks the cluster runs at once (its threads). Each slot holds
    the pieces of at most ``ceil(n_parts / n_slots)`` partitions in a wave
    (the partitions are dealt to the slots in turn), and while it reads one
    more, that one's rows of the wave.
    """
    piece = WEIGHTED_PIECE_ROW_BYTES if weighted else PIECE_ROW_BYTES
    range_rows = max(1, int(memory_budget * RANGE_SHARE) // (piece + MERGE_ROW_BYTES))
    n_ranges = max(1, math.ceil(RANGE_MARGIN * n_rows / range_rows))
    # per slot: its partitions' pieces, and the rows of the one being read
    held = (-(-max(1, n_parts) // max(1, n_slots)) + 1) * (max_rows or n_rows)
    wave_rows = int(memory_budget * WAVE_SHARE) // piece  # rows of those partitions
    per_wave = max(1, min(n_ranges, wave_rows * n_ranges // max(1, held)))
    return n_ranges, per_wave


def rows_by_range(data, lo, hi, cuts):
    """The rows of validated binary scores with ``lo < score <= hi``, grouped by the
    range of ``cuts`` they fall in (range r: cuts[r-1] < score <= cuts[r]): a list
    of BinaryScores (None for a range without rows).

    The rows are grouped by a stable radix sort of their range numbers; the
    temporaries are a few bytes per row of ``data``. Rows of weight 0 are
    left out (they make no score, as in ``binary_scores``).
    """
    score = data.score
    inside = (score > lo) & (score <= hi)
    if data.weight is not None:
        inside &= data.weight != 0
    inside = np.flatnonzero(inside)
    score = score[inside]
    which = np.searchsorted(cuts, score, side="left")
    which = which.astype(np.min_scalar_type(cuts.size), copy=False)
    order = np.argsort(which, kind="stable")
    ends = np.cumsum(np.bincount(which, minlength=cuts.size + 1))
    del which
    rows = inside[order]
    del inside, order
    weight = data.weight
    return [BinaryScores(data.score[rows[a:b]], data.positive[rows[a:b]],
                         None if weight is None else weight[rows[a:b]]) if b > a else None
            for a, b in zip(np.r_[0, ends[:-1]], ends)]


def pieces_of(ranges):
    """A partition's pieces of a wave: per range the compact table (:func:`compact`)
    of its rows, given as a list of blocks of BinaryScores (None: no rows).

    Each range's blocks are joined, tabled and released in turn, so the rows
    and the tables together stay about the size of the rows.
    """
    pieces = []
    for r, blocks in enumerate(ranges):
        blocks = [b for b in blocks if b is not None and b.score.size]
        ranges[r] = None
        if not blocks:
            pieces.append(None)
            continue
        data = blocks[0] if len(blocks) == 1 else BinaryScores(
            np.concatenate([b.score for b in blocks]),
            np.concatenate([b.positive for b in blocks]),
            None if blocks[0].weight is None else np.concatenate([b.weight
                                                                  for b in blocks]))
        del blocks
        pieces.append(compact(ScoreCounts._from_binary_scores(data), copy=False))
    return pieces


class Spill:
    """The rows of a partition's later waves, put aside on the worker's local disk.

    The first wave reads every row of a partition anyway; instead of reading
    it again in each later wave, its task writes each later wave's rows
    (score, class, weight: 9 or 17 bytes) to files in the worker's local
    directory, and the later wave's task on that worker reads them back (and
    deletes them). A task that finds no file (another worker, a retried
    task, no ``distributed`` worker) reads its partition again: the files
    only save time, and memory stays one block and one wave's rows.

    ``plan`` is ``(token, partition, wave, bounds)``: a name for the run, the
    partition's number, the wave (0 = the highest scores), and the
    ascending scores between waves; None: nothing put aside.
    """

    def __init__(self, plan):
        self.token, self.part, self.wave, self.bounds = plan or (None, 0, 0, np.empty(0))
        self.files = self.directory = None
        if plan is None:
            return
        try:
            from distributed import get_worker

            self.directory = get_worker().local_directory
        except (ImportError, ValueError):  # not on a distributed worker: no files
            self.directory = None

    def _path(self, wave, kind):
        return os.path.join(self.directory,
                            f"evalplots-{self.token}-{self.part}-{wave}.{kind}")

    def rows(self):
        """This wave's rows read back (their files deleted), or None."""
        if self.directory is None or self.wave == 0:
            return None
        paths = [self._path(self.wave, kind) for kind in "spw"]
        if not all(os.path.exists(p) for p in paths[:2]):
            return None
        score = np.fromfile(paths[0], np.float64)
        positive = np.fromfile(paths[1], np.bool_)
        weight = np.fromfile(paths[2], np.float64) if os.path.exists(paths[2]) else None
        for p in paths:
            if os.path.exists(p):
                os.remove(p)
        return BinaryScores(score, positive, weight)

    def __enter__(self):
        if self.directory is not None and self.wave == 0 and self.bounds.size:
            self.files = {}
        return self

    def add(self, data):
        """Write the rows of ``data`` (validated binary scores) that belong to later
        waves, each to its wave's files (rows of weight 0 are left out), in slices
        of ``WALK_ROWS`` rows (the temporaries stay small)."""
        if self.files is None:
            return
        for a in range(0, data.score.size, WALK_ROWS):
            b = a + WALK_ROWS
            self._add(BinaryScores(data.score[a:b], data.positive[a:b],
                                   None if data.weight is None else data.weight[a:b]))

    def _add(self, data):
        n_waves = self.bounds.size + 1  # wave w (ascending) ends at bounds[w]
        which = np.searchsorted(self.bounds, data.score, side="left")
        if data.weight is not None:
            which[data.weight == 0] = n_waves - 1  # the current wave: not written
        which = which.astype(np.min_scalar_type(n_waves), copy=False)
        order = np.argsort(which, kind="stable")
        ends = np.cumsum(np.bincount(which, minlength=n_waves))
        for w, (a, b) in enumerate(zip(np.r_[0, ends[:-1]], ends)):
            wave = n_waves - 1 - w  # waves are numbered from the highest scores
            if b == a or wave == 0:
                continue
            if wave not in self.files:
                self.files[wave] = [open(self._path(wave, kind), "wb") for kind in
                                    ("sp" if data.weight is None else "spw")]
            rows = order[a:b]
            for fh, values in zip(self.files[wave], (data.score, data.positive,
                                                     data.weight)):
                values[rows].tofile(fh)

    def __exit__(self, *exc):
        for handles in (self.files or {}).values():
            for fh in handles:
                fh.close()
        return False


def remove_spills(token, dask_worker):
    """Delete a run's files left on this worker (a wave that failed, or was cut short).

    Run by ``client.run(remove_spills, token)``, which passes the worker as
    ``dask_worker`` (``get_worker()`` finds no worker outside a task, so it
    cannot be asked there).
    """
    import glob

    for path in glob.glob(os.path.join(dask_worker.local_directory,
                                       f"evalplots-{token}-*")):
        os.remove(path)


def exact_ranges(piece_tasks, n_parts, merged, *, memory_budget, max_points,
                 progress=None, n_ranges=None, per_wave=None, weighted=False,
                 keep_at=()):
    """The exact path: range-partition the scores in waves, offsets, contributions.

    ``piece_tasks(lo, hi, cuts, spill)``: one delayed task per partition whose
    value is the list of its pieces (compact :class:`ScoreCounts` or None) of
    the ranges ``lo < score <= hi`` cut at ``cuts``, read again from the input
    or from the rows its first wave put aside (``spill(i)``: the
    :class:`Spill` plan of partition ``i``);
    ``merged``: the merged :class:`PartTable` of the first pass (its sketch
    and totals). The ranges are taken in waves from the highest scores down,
    ``per_wave`` at a time: a wave's partition tasks run, the client gathers
    each range's positives and negatives and sends each range the counts
    scored above it, each range's pieces are merged and its contribution
    computed, and the wave's data is released before the next wave starts.
    """
    client = current_client()
    slots = [None]  # a worker per task slot (each of its threads)
    if client is not None:
        slots = [address for address, w in client.scheduler_info()["workers"].items()
                 for _ in range(w.get("nthreads", 1))] or [None]
    n_slots = len(slots)
    planned, planned_wave = plan(max(merged.n_rows, 1), memory_budget=memory_budget,
                                 n_parts=n_parts, max_rows=merged.max_rows,
                                 n_slots=n_slots, weighted=weighted)
    cuts = boundaries(merged, n_ranges or planned)
    n_ranges = cuts.size + 1
    per_wave = min(n_ranges, per_wave or planned_wave)
    edges = np.r_[-np.inf, cuts, np.inf]
    class_totals = (_count(merged.n_pos), _count(merged.n_neg))
    per_range = max(1, max_points // n_ranges)
    above = [0, 0]
    totals, pieces = [], []  # per range, from the highest down
    tops = list(range(n_ranges, 0, -per_wave))
    token = uuid.uuid4().hex
    bounds = edges[tops[:0:-1]]  # the ascending scores between waves
    try:
        pieces = _waves(piece_tasks, tops, per_wave, edges, cuts, token, bounds, client,
                        slots, progress, above, totals, class_totals, per_range,
                        keep_at)
    finally:
        if client is not None and len(tops) > 1:
            client.run(remove_spills, token)
    pieces = pieces[::-1]  # lowest range first, as summarize takes them
    summary = summarize(pieces, sum(t[0] for t in totals), sum(t[1] for t in totals),
                        "ranges", n_ranges)
    return dataclasses.replace(summary, n_waves=len(tops),
                               range_rows=max(p["rows"] for p in pieces))


def _waves(piece_tasks, tops, per_wave, edges, cuts, token, bounds, client, slots,
           progress, above, totals, class_totals, per_range, keep_at):
    """The contributions of the ranges, highest first, wave by wave."""
    n_slots = len(slots)
    pieces = []
    for wave, top in enumerate(tops, start=1):
        low = max(0, top - per_wave)
        tasks = piece_tasks(edges[low], edges[top], cuts[low:top - 1],
                            lambda part: (token, part, wave - 1, bounds))
        parts = run_tasks(tasks, progress=progress,
                          workers=[slots[i % n_slots] for i in range(len(tasks))],
                          description=f"range-partitioning the scores, wave {wave} of "
                                      f"{len(tops)}")
        wave_totals = _wave_totals(client, parts)[::-1]  # highest range first
        offsets = []
        for t in wave_totals:
            offsets.append(tuple(above))
            above[:] = [above[0] + t[0], above[1] + t[1]]
        totals.extend(wave_totals)
        ranges = range(top - low - 1, -1, -1)  # the wave's ranges, highest first
        args = [(off, class_totals, per_range, keep_at) for off in offsets]
        pieces.extend(_wave_contributions(client, parts, ranges, args, slots))
        del parts  # the wave's pieces are freed before the next wave reads
        if client is not None:
            client.run(_trim_memory)
    return pieces


def _trim_memory():
    """Give the freed heap of a worker back to the system (glibc's ``malloc_trim``):
    the next wave then starts from the worker's resident size before this one."""
    import ctypes

    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to do
        pass


def _wave_totals(client, parts):
    """Per range of the wave (lowest first) its positives and negatives, as integers
    when they are whole: 2 numbers per range reach the client."""
    if client is None:
        sums = sum(piece_totals(p) for p in parts)
    else:
        sums = sum(client.gather([client.submit(piece_totals, p, pure=False)
                                  for p in parts]))
    return [(_count(t[0]), _count(t[1])) for t in sums]


def _wave_contributions(client, parts, ranges, args, slots):
    """Each range's contribution (in the order of ``ranges``), its pieces merged on a
    worker: ``IN_FLIGHT`` ranges per task slot at a time, each slot's on its worker
    (if it can), so that few ranges' pieces travel ahead of their merge."""
    if client is None:
        return [_contribution_of_pieces([p[r] for p in parts], *a)
                for r, a in zip(ranges, args)]
    from distributed import as_completed

    jobs = list(zip(ranges, args))
    running, started, out = as_completed(), {}, [None] * len(jobs)

    def submit(slot):
        i = len(started)
        if i < len(jobs):
            r, a = jobs[i]
            level = [client.submit(operator.getitem, p, r, pure=False) for p in parts]
            future = client.submit(_contribution_of_pieces, level, *a, pure=False,
                                   workers=slot, allow_other_workers=True)
            started[future.key] = (i, slot, future)
            running.add(future)

    for _ in range(IN_FLIGHT):
        for slot in slots:
            submit(slot)
    for future in running:
        i, slot, _ = started[future.key]
        out[i] = future.result()
        started[future.key] = (i, slot, None)  # its pieces may go
        submit(slot)
    return out


def _count(total):
    """A range's total back to an integer when it is one (unweighted or whole weights)."""
    from evalplots.metrics._validation import whole_sums_exact

    return int(total) if whole_sums_exact(float(total).is_integer(), total) else total


def _merge_ranges(pieces):
    """The table of a range from its pieces (each sorted, of distinct scores).

    One ``np.sort`` of their scores, then each piece's counts added at its
    scores' places: the only arrays as long as the range are its scores and
    its counts (of the pieces' compact type when no score repeats across
    pieces; int64 or float64 sums otherwise, so that nothing wraps).
    """
    pieces = [p for p in pieces if p is not None and len(p)]
    if len(pieces) <= 1:
        return pieces[0] if pieces else None
    score = np.concatenate([p.score for p in pieces])
    score.sort()
    repeats = bool((score[1:] == score[:-1]).any())
    if repeats:
        score = score[np.r_[True, score[1:] != score[:-1]]]
    kinds = {p.positive.dtype.kind for p in pieces}
    dtype = (np.float64 if "f" in kinds else np.int64 if repeats
             else np.result_type(*(c for p in pieces for c in (p.positive, p.negative))))
    pos = np.zeros(score.size, dtype)
    neg = np.zeros(score.size, dtype)
    for p in pieces:
        at = np.searchsorted(score, p.score)
        pos[at] += p.positive  # the scores of one piece are distinct
        neg[at] += p.negative
    return ScoreCounts(score, pos, neg)


def _contribution_of_pieces(pieces, offsets, class_totals, max_points, keep_at):
    n_pos, n_neg = class_totals
    return range_contribution(_merge_ranges(pieces), offsets[0], offsets[1], n_pos,
                              max_points, keep_at, n_neg=n_neg)


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


def binned(bins):
    """The binned mode from the merged counts per quantile bin (:func:`bin_table`):
    the AUC by the trapezoid, with its bound."""
    pos, neg, low = bins
    keep = (pos + neg) > 0
    table = ScoreCounts(low[keep], pos[keep], neg[keep])
    piece = _table_coarse(table, table.score.size)
    n_pos, n_neg = pos.sum(), neg.sum()
    pn = 2.0 * n_pos * n_neg
    return RankingSummary(roc_auc=auc_from_pairs(piece["auc2"], n_pos, n_neg),
                          average_precision=math.nan,
                          break_even_point=math.nan, n_pos=n_pos, n_neg=n_neg,
                          table=table, auc_bound=piece["bound2"] / pn, method="binned",
                          n_ranges=int(keep.sum()))
