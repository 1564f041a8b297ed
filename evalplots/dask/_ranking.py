"""Exact ROC AUC, AP and BEP when the distinct scores do not fit one process.

The per-distinct-score table (:class:`evalplots.metrics.ScoreCounts`) of
continuous scores has one row per sample: 10^8 rows of 24 bytes is 2.4 GB, and
the merged table would have to sit in one process. Instead, within a memory
budget ``B`` per task slot (a worker thread), in the shape of Spark MLlib's
``BinaryClassificationMetrics`` (range-partition by score, count per
partition, cumulative offsets from the higher partitions):

1. each partition gives a small quantile sketch (``SKETCH_POINTS`` scores,
   each standing for an equal share of the partition's samples; continuous
   scores are sampled, not sorted), merged into approximate quantiles of all
   scores;
2. the quantiles cut the score axis into ``R`` ranges, each small enough that
   its rows and table take at most ``B`` (:func:`n_ranges_for`);
3. Dask's own shuffle moves each row ``(score, class, weight)`` to its range
   (``set_index`` on the score with those divisions: the disk-backed P2P
   shuffle on a ``distributed`` cluster) and sorts each range; equal scores
   fall in one range;
4. beside the shuffle, each partition counts its rows per range; the counts,
   summed in a tree, give each range the positives and negatives scored above
   it (2 numbers per range);
5. with its offsets, each range's table is built and its exact share of the
   AUC (trapezoid sums), of the AP (recall steps times precision), the
   break-even crossing if it lies there, and a thinned piece of the curve are
   computed, walking the table in blocks of ``WALK_ROWS``. The piece keeps
   the vertex at each given threshold and every vertex that can be the
   optimum of Youden's J or of F1 (:func:`optimum_candidates`: a running
   record near the range's own maximum, given the offsets), so those optima
   and the operating points read off it are the exact curve's.

So a worker holds a partition being shuffled and one range at a time, whatever
the data's size; what grows is ``R`` and the shuffle's traffic (each row moves
once, through the workers' local disks).

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


# --- the range side: exact contributions with offsets ------------------------


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


# --- the range path: Dask's shuffle, then each range with the counts above it ---

#: Bytes per row a range takes on its worker while its share is computed: its rows
#: as the shuffle delivers them (a float64 score, the class, a float64 weight) and
#: their sorted copy, the table of its distinct scores (24 bytes each) and the walk's
#: temporaries.
RANGE_ROW_BYTES = 64
#: Ranges are cut this much smaller than the budget allows (the sketch's quantiles
#: are approximate).
RANGE_MARGIN = 1.25


#: Rows of one piece of the shuffle's input: each partition's rows are split into
#: pieces of at most this many, so the shuffle's copies of one input stay small
#: (10^7 rows in 2 files, 2 workers: peak per worker 631-650 MiB whole, 209-212 MiB
#: in pieces of 2^20 rows, 85-114 MiB in pieces of 2^18; bench/bench_dask.py data).
SHUFFLE_PIECE_ROWS = 1 << 18


def n_ranges_for(n_rows, memory_budget):
    """Ranges of about equal mass whose rows each take at most ``memory_budget``."""
    return max(1, math.ceil(RANGE_MARGIN * n_rows * RANGE_ROW_BYTES / memory_budget))


def rows_frame(blocks, n_rows, weighted):
    """One partition's rows as the shuffle's input: a pandas DataFrame of ``score``,
    ``positive`` and (``weighted``) ``weight``, from its blocks of validated binary
    scores (at most ``n_rows`` rows; rows of weight 0 are already left out).

    The columns are filled block by block, so the partition is held once.
    """
    import pandas as pd

    score = np.empty(n_rows, np.float64)
    positive = np.empty(n_rows, np.bool_)
    weight = np.empty(n_rows, np.float64) if weighted else None
    n = 0
    for data in blocks:
        k = data.score.size
        np.add(data.score, 0.0, out=score[n:n + k])  # -0.0 -> 0.0: one score
        positive[n:n + k] = data.positive
        if weighted:
            weight[n:n + k] = 1.0 if data.weight is None else data.weight
        n += k
    columns = {"score": score[:n], "positive": positive[:n]}
    if weighted:
        columns["weight"] = weight[:n]
    return pd.DataFrame(columns, copy=False)


def range_counts(frame, cuts):
    """(len(cuts) + 1, 2): positives and negatives of a rows frame per range (range r:
    ``cuts[r-1] <= score < cuts[r]``, as Dask's ``set_index`` divides)."""
    which = np.searchsorted(cuts, frame["score"].to_numpy(), side="right")
    positive = frame["positive"].to_numpy()
    k = cuts.size + 1
    if "weight" not in frame:
        pos = np.bincount(which[positive], minlength=k)
        return np.stack([pos, np.bincount(which, minlength=k) - pos], axis=1)
    weight = frame["weight"].to_numpy()
    return np.stack([np.bincount(which, weights=np.where(positive, weight, 0.0),
                                 minlength=k),
                     np.bincount(which, weights=np.where(positive, 0.0, weight),
                                 minlength=k)], axis=1)


def _sum_counts(counts):
    return sum(counts[1:], counts[0])


def _above(counts):
    """Per range the positives and negatives scored above it (cumulative offsets from
    the higher ranges), as integers when they are whole."""
    above = np.cumsum(counts[::-1], axis=0)[::-1] - counts
    return [(_count(p), _count(n)) for p, n in above]


def sorted_table(frame):
    """The :class:`ScoreCounts` of a range's rows, sorted by score (the shuffle's
    output, its index the score): counts summed over each run of equal scores."""
    from evalplots.metrics._validation import sums_exactly

    score = frame.index.to_numpy()
    if score.size == 0:
        return None
    starts = np.flatnonzero(np.r_[True, score[1:] != score[:-1]])
    positive = frame["positive"].to_numpy()
    if "weight" not in frame:
        pos = np.add.reduceat(positive, starts, dtype=np.int64)
        return ScoreCounts(score[starts], pos, np.diff(np.r_[starts, score.size]) - pos)
    weight = frame["weight"].to_numpy()
    pos = np.add.reduceat(np.where(positive, weight, 0.0), starts)
    neg = np.add.reduceat(np.where(positive, 0.0, weight), starts)
    if sums_exactly(weight):  # whole weights, total below 2**53: exact counts
        pos, neg = pos.astype(np.int64), neg.astype(np.int64)
    return ScoreCounts(score[starts], pos, neg)


def _range_share(frame, above, r, class_totals, max_points, keep_at):
    n_pos, n_neg = class_totals
    return range_contribution(sorted_table(frame), *above[r], n_pos, max_points, keep_at,
                              n_neg=n_neg)


def exact_ranges(frames, merged, *, memory_budget, max_points, split_every=8,
                 weighted=False, progress=None, n_ranges=None, keep_at=()):
    """The exact path: range-partition the rows with Dask's shuffle, then each range's
    exact shares given the counts scored above it.

    ``frames``: one delayed :func:`rows_frame` per partition; ``merged``: the
    merged :class:`PartTable` of the first pass (its sketch and totals). The
    sketch's quantiles cut the scores into ranges whose rows fit the budget
    (:func:`n_ranges_for`); ``set_index`` on the score, with those divisions,
    moves each row to its range (the disk-backed P2P shuffle on a
    ``distributed`` cluster) and sorts each range; equal scores fall in one
    range. Beside it, each partition counts its rows per range, and the counts,
    summed in a tree, give each range the positives and negatives above it.
    Each range then yields its exact shares (:func:`range_contribution`); the
    client receives those and the kept vertices only.
    """
    import dask
    import dask.dataframe as dd

    cuts = boundaries(merged, n_ranges or n_ranges_for(max(merged.n_rows, 1),
                                                       memory_budget))
    n_ranges = cuts.size + 1
    meta = rows_frame([], 0, weighted)
    client = current_client()
    frame = dd.from_delayed(frames, meta=meta, verify_meta=False)
    pieces = -(-max(merged.max_rows, 1) // SHUFFLE_PIECE_ROWS)
    if pieces > 1:  # each partition in equal pieces (views of its rows)
        frame = frame.repartition(npartitions=len(frames) * pieces)
    ranged = frame.set_index(
        "score", divisions=[-np.inf, *cuts.tolist(), np.inf],
        shuffle_method="p2p" if client is not None else "tasks")
    counts = [dask.delayed(range_counts, pure=True)(f, cuts) for f in frames]
    while len(counts) > 1:  # a tree of fan-in split_every
        counts = [dask.delayed(_sum_counts, pure=True)(counts[i:i + split_every])
                  for i in range(0, len(counts), split_every)]
    above = dask.delayed(_above, pure=True)(counts[0])
    class_totals = (_count(merged.n_pos), _count(merged.n_neg))
    per_range = max(1, max_points // n_ranges)
    share = dask.delayed(_range_share, pure=True)
    shares = run_tasks([share(p, above, r, class_totals, per_range, tuple(keep_at))
                        for r, p in enumerate(ranged.to_delayed())], progress=progress,
                       description="range-partitioning the scores (Dask's shuffle)")
    shares = client.gather(shares) if client is not None else shares
    summary = summarize(shares, class_totals[0], class_totals[1], "ranges", n_ranges)
    return dataclasses.replace(summary, range_rows=max(p["rows"] for p in shares))


def _count(total):
    """A total back to an integer when it is one (unweighted or whole weights)."""
    from evalplots.metrics._validation import whole_sums_exact

    return int(total) if whole_sums_exact(float(total).is_integer(), total) else total



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
