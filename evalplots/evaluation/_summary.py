"""Intervals read off summaries: what the evaluations compute from their tables.

A binary evaluation is built from a :class:`~evalplots.metrics.BinarySummary`
(:func:`evalplots.evaluate` makes it from the rows; ``from_summary`` takes one
merged from chunks), and so are its intervals, where an exact table form exists;
otherwise they are 'n/a at this scale' with the reason:

- Intervals that are functions of counts are the same numbers as in memory:
  DeLong's interval of the AUC (its placements are functions of the score
  table), Wilson's intervals (counts at the threshold), McNemar's test (the 2 x 2
  table of the pair), the paired DeLong test (with the second pass,
  :class:`~evalplots.metrics.DeLongCrossSums`), the mean-loss intervals of the
  Brier score and log loss (per-class moments).
- The stratified bootstrap of AP and BEP draws each class's rows with
  replacement; on the score table that is exactly one multinomial draw of the
  class's counts over the scores, so the intervals have the distribution of a
  bootstrap of the rows. It is drawn in one of two ways, by cost
  (:func:`table_ranking_intervals`): uniform positions among each class's
  counted rows, drawn once and read by every such table, or a multinomial of the
  table's cells (:func:`evalplots.metrics.inference._resample.multinomial_cells`).
  The confusion-cell bootstrap of F1, MCC and balanced accuracy is a multinomial
  of each row of the confusion matrix (a few cells: never worth positions), and
  the ROC and P-R bands a multinomial of each class over the slots
  (:func:`table_ci_bands`). The BCa acceleration's jackknife groups are
  dealt from the table (:func:`dealt_groups`: leave-one-out up to 1000 rows).
  Above ``MAX_TABLE_DRAWS`` slots x resamples (about 10⁵ slots, 10⁶ rows, with
  1000 resamples) the AP interval is the logit interval of the linearised AP's
  variance and the BEP's bootstrap is drawn by bisection
  (:func:`large_table_ranking_intervals`), in O(slots + resamples x log slots);
  the bands are left out there.
- Under fractional weights a resampled row brings its own weight, which a
  table does not keep: the AP/BEP bootstrap and the bands then read the rows
  (``evalplots.evaluation._rows``), and the other bootstraps are 'n/a'.
"""

import math
from collections.abc import Sequence

import numpy as np

from evalplots.evaluation._intervals import replicate_intervals
from evalplots.evaluation._source import SummarySource
from evalplots.metrics.inference._ci_bands import counted_ci_bands
from evalplots.metrics.ranking._ovr_curves import OvrCounts, ThresholdCounts
from evalplots.metrics.inference._replicates import ranking_from_cumulative, ranking_from_groups
from evalplots.metrics.inference._resample import (
    drawn_as_positions,
    multinomial_cells,
    position_plan,
)
from evalplots.metrics.ranking._score_counts import ScoreCounts

__all__ = ["MAX_TABLE_DRAWS", "SummarySource", "cell_jackknife", "counted_exactly",
           "dealt_groups", "large_table_ranking_intervals", "ranking_slots",
           "table_ci_bands", "table_ovr_counts", "table_ranking_intervals"]

#: Largest (cells of a table) x (bootstrap resamples) drawn as multinomials: 10⁸
#: draws take a few seconds and 2 x 8 MiB blocks; beyond, the AP and BEP intervals
#: of large_table_ranking_intervals (and no bands).
MAX_TABLE_DRAWS = 10**8
#: Entries of one block of multinomial draws held at once.
_BLOCK_ENTRIES = 1 << 20
#: Jackknife groups of the BCa acceleration above 1000 rows (as in memory:
#: 1000 for the cell bootstrap, 200 for AP and BEP).
_CELL_GROUPS, _RANKING_GROUPS = 1000, 200

NEEDS_ROWS = "n/a at this scale: {what} resamples rows, and a summary keeps none"
COARSENED = ("n/a at this scale: the score table is coarsened (ranges of scores), "
             "and this interval needs the exact per-score table")


def dealt_groups(strata, n_groups):
    """The cell counts each jackknife group removes, rows dealt to groups in turn.

    Parameters
    ----------
    strata : list of ndarray of int
        Per stratum, the counts of its cells (the rows of cell j follow those of
        cell j − 1; strata follow one another).
    n_groups : int
        Number of groups.

    Returns
    -------
    removed : list of ndarray of shape (n_groups, n_cells_of_stratum)
        Row r of the concatenated strata goes to group ``r mod n_groups``, as
        :meth:`~evalplots.metrics.inference._resample.ResamplePlan.jackknife_groups` deals
        the rows; with ``n_groups`` equal to the number of rows, each group is
        one row (leave-one-out).
    """
    g = np.arange(n_groups, dtype=np.int64)[:, None]
    offset, out = 0, []
    for counts in strata:
        counts = np.asarray(counts, dtype=np.int64)
        ends = offset + np.cumsum(counts)
        starts = ends - counts
        # of the counts[j] rows from starts[j] on, group g gets every n_groups-th
        # one: whole rounds, and one more if g comes up in the last partial round
        rounds, rest = np.divmod(counts, n_groups)
        first = (g - starts[None, :]) % n_groups  # offset of group g's first row
        out.append(rounds[None, :] + (first < rest[None, :]))
        offset = int(ends[-1]) if ends.size else offset
    return out


def ranking_slots(table):
    """Positive and negative counts per slot of the table, highest scores first.

    A slot is a score holding positives, or a run of consecutive scores holding
    negatives only (AP and BEP do not change inside such a run; see
    :class:`evalplots.evaluation._intervals.RankingSlots`).

    Returns
    -------
    pos, neg : ndarray of shape (n_slots,)
    """
    has_pos = table.positive > 0
    if has_pos.size == 0:
        return table.positive, table.negative
    start = has_pos.copy()
    start[0] = True
    start[1:] |= has_pos[:-1]
    starts = np.flatnonzero(start)
    pos = np.add.reduceat(table.positive, starts)[::-1]
    neg = np.add.reduceat(table.negative, starts)[::-1]
    return pos, neg


def table_ranking_intervals(tables, estimates, options):
    """BCa intervals of AP and BEP of whole-number tables by a stratified bootstrap
    of each class's counts over the table's slots.

    Parameters
    ----------
    tables : dict of str to ScoreCounts
        Model name -> its table (the same rows: the same class totals).
    estimates : dict of str to dict
        Model name -> its metrics-table row.
    options : IntervalOptions
        Level, resamples and the streams.

    Returns
    -------
    intervals : dict of str to dict
        Model name -> ``{'AP': ..., 'BEP': ...}`` (a str is the reason for none).

    Notes
    -----
    The two draws of :mod:`evalplots.metrics.inference._resample`, the same
    distribution, chosen per table by their cost
    (:func:`~evalplots.metrics.inference._resample.drawn_as_positions`): the
    tables drawn as positions share one resample of positions per class, from
    the stream ``rng("bootstrap", "AP, BEP")``, each reading its slots' cumulated
    counts off it; any other table is one multinomial of each class over its
    slots per resample, from its own stream ``rng("bootstrap", "AP, BEP", name)``.
    Either way a table's draws depend on the seed, the class totals and the
    table alone, never on the other models. The shared positions are not a
    paired resample of rows: position j of one table and of another are not the
    same row, so they serve each model's own intervals only.
    """
    slots = {name: ranking_slots(table) for name, table in tables.items()}
    out, cumulated, positional = {}, {}, {}
    for name, (pos, neg) in slots.items():
        k = pos.size
        if k * options.n_resamples > MAX_TABLE_DRAWS:
            out[name] = large_table_ranking_intervals(pos, neg, estimates[name], options,
                                                      options.rng("bootstrap", "BEP", name))
        elif drawn_as_positions(int(pos.sum() + neg.sum()),
                                int(np.count_nonzero(pos) + np.count_nonzero(neg))):
            totals = (int(neg.sum()), int(pos.sum()))  # the strata of resample_plan
            positional.setdefault(totals, []).append(name)
        else:
            cumulated[name] = _multinomial_cumulated(
                pos, neg, options.rng("bootstrap", "AP, BEP", name), options.n_resamples)
    for totals, names in positional.items():
        ends = {name: (np.cumsum(slots[name][1]), np.cumsum(slots[name][0]))
                for name in names}
        blocks = {name: [] for name in names}
        plan = position_plan(totals)
        for drawn in plan.cumulative_blocks(options.rng("bootstrap", "AP, BEP"),
                                            options.n_resamples):
            for name in names:
                neg_ends, pos_ends = ends[name]
                blocks[name].append((drawn[1][:, pos_ends], drawn[0][:, neg_ends]))
        cumulated.update(blocks)
    for name, blocks in cumulated.items():
        pos, neg = slots[name]
        ap, bep = zip(*(ranking_from_cumulative(tps, fps) for tps, fps in blocks))
        n = int(pos.sum() + neg.sum())
        groups = n if n <= _CELL_GROUPS else _RANKING_GROUPS
        removed_pos, removed_neg = dealt_groups([pos, neg], groups)
        jack_ap, jack_bep = ranking_from_groups(pos[None, :] - removed_pos,
                                                neg[None, :] - removed_neg)
        out[name] = replicate_intervals(
            estimates[name], {"AP": np.concatenate(ap), "BEP": np.concatenate(bep)},
            {"AP": jack_ap, "BEP": jack_bep}, options.confidence_level)
    return {name: out[name] for name in tables}


def large_table_ranking_intervals(pos, neg, estimates, options, rng):
    """AP and BEP intervals of a table of more than ``MAX_TABLE_DRAWS`` slots x
    resamples, in O(slots + resamples x log slots).

    Parameters
    ----------
    pos, neg : ndarray of int of shape (n_slots,)
        The table's slots (:func:`ranking_slots`).
    estimates : dict
        The model's metrics-table row.
    options : IntervalOptions
    rng : numpy.random.Generator
        The BEP bootstrap's stream.

    Returns
    -------
    intervals : dict
        ``{'AP': ..., 'BEP': ...}``; a str is the reason for none.

    Notes
    -----
    AP: the logit interval with the variance of the linearised AP
    (``method='influence-logit'``,
    :func:`~evalplots.metrics.inference._slots.average_precision_influence`).
    BEP: the same stratified bootstrap as below the switch, each resample drawn
    at the slots the BEP reads only
    (:func:`~evalplots.metrics.inference._slots.break_even_bootstrap`), BCa
    with the jackknife of 200 dealt groups; its draws differ from the full
    multinomial's, its distribution does not.
    """
    from evalplots.metrics.inference._slots import (
        average_precision_influence,
        break_even_bootstrap,
        break_even_jackknife,
        logit_interval,
    )

    level = options.confidence_level
    out = {}
    if math.isfinite(estimates["AP"]):
        _, variance = average_precision_influence(pos, neg)
        out["AP"] = logit_interval(estimates["AP"], variance, level, "influence-logit") or (
            "the variance of the linearised AP is 0 (AP 0 or 1), so the interval "
            "would be a point")
    replicates = break_even_bootstrap(pos, neg, options.n_resamples, rng)
    jackknife = break_even_jackknife(pos, neg, _RANKING_GROUPS)
    out.update(replicate_intervals(estimates, {"BEP": replicates}, {"BEP": jackknife},
                                   level))
    return out


def _multinomial_cumulated(pos, neg, rng, n_resamples):
    """Blocks of cumulated (tps, fps): one multinomial of each class over its slots
    per resample."""
    block = max(1, _BLOCK_ENTRIES // max(pos.size, 1))
    out = []
    for start in range(0, n_resamples, block):
        rows = min(block, n_resamples - start)
        out.append((np.cumsum(multinomial_cells(pos, rows, rng, np.int64), axis=1),
                    np.cumsum(multinomial_cells(neg, rows, rng, np.int64), axis=1)))
    return out


def cell_jackknife(matrix):
    """(n_groups, k * k) cell counts removed by each jackknife group of a
    whole-number confusion matrix (rows = strata), for ``cell_bootstrap``."""
    matrix = np.asarray(matrix).astype(np.int64)
    n = int(matrix.sum())
    groups = n if n <= _CELL_GROUPS else _CELL_GROUPS
    return np.concatenate(dealt_groups(list(matrix), groups), axis=1)


def table_ovr_counts(tables):
    """The OvrCounts of a model's per-class score tables: each class's counts, and
    the pooled (micro) problem's, whose table is their merge (a (row, class) pair
    is a sample of the pooled problem, positive when the class is the row's)."""
    return OvrCounts(_CountsWhenRead(tables),
                     ThresholdCounts(*ScoreCounts.merge(tables).counts()))


class _CountsWhenRead(Sequence):
    """The ThresholdCounts of each table, made each time it is read: the tables
    hold them (the curves read each once), so they are not held twice."""

    def __init__(self, tables):
        self._tables = tables

    def __getitem__(self, c):
        return ThresholdCounts(*self._tables[c].counts())

    def __len__(self):
        return len(self._tables)


def binned_auc_bound(table):
    """``½ Σ_k ΔFPR_k ΔTPR_k`` over the rows of a table whose rows are ranges of
    scores: the largest error of its AUC against the AUC of the exact scores
    (inside a range, the order of its positives and negatives is unknown)."""
    pos = table.positive.astype(np.float64)
    neg = table.negative.astype(np.float64)
    return 0.5 * float(np.dot(pos / pos.sum(), neg / neg.sum()))


def check_finite_exact(exact, names):
    """Validate the ``exact=`` overrides: ``{model: {'ROC AUC'|'AP'|'BEP': float}}``."""
    exact = dict(exact or {})
    for name, values in exact.items():
        if name not in names:
            raise ValueError(f"exact has a model {name!r} that the summary does not hold; "
                             f"the models are {names}.")
        unknown = set(values) - {"ROC AUC", "AP", "BEP"}
        if unknown:
            raise ValueError(f"exact[{name!r}] has unknown keys {sorted(unknown)}; use "
                             f"'ROC AUC', 'AP' and 'BEP'.")
        for key, v in values.items():
            if not (isinstance(v, (int, float)) and (math.isnan(v) or 0 <= v <= 1)):
                raise ValueError(f"exact[{name!r}][{key!r}] must be a number in [0, 1] "
                                 f"(or NaN), got {v!r}.")
    return exact


def table_ci_bands(table, options, rng):
    """``(roc_band, pr_band)`` of a whole-number table by multinomial draws of each
    class over its slots (:func:`evalplots.metrics.inference._ci_bands.counted_ci_bands`)
    with ``options.n_resamples`` and ``options.confidence_level`` from the stream
    ``rng``; ``(None, None)`` when the draws are too many.

    A slot stands for its rows: the positives of a score with the negatives tied
    to it, or a run of scores holding negatives only, inside which neither the
    TPR at a fixed FPR nor the precision at a positive changes.
    """
    pos, neg = ranking_slots(table)
    if pos.size * options.n_resamples > MAX_TABLE_DRAWS:
        return None, None
    rank = -np.arange(pos.size, dtype=np.float64)  # slots, highest scores first
    has_pos, has_neg = pos > 0, neg > 0
    return counted_ci_bands(
        np.concatenate((rank[has_pos], rank[has_neg])),
        np.concatenate((np.ones(has_pos.sum(), bool), np.zeros(has_neg.sum(), bool))),
        np.concatenate((pos[has_pos], neg[has_neg])), n_resamples=options.n_resamples,
        confidence_level=options.confidence_level, rng=rng)


def counted_exactly(tables):
    """Whether every table's counts are whole numbers (int64: unweighted rows or
    whole-number weights), so that frequency-weight intervals apply."""
    return all(np.asarray(t.positive).dtype.kind in "iub"
               and np.asarray(t.negative).dtype.kind in "iub" for t in tables.values())
