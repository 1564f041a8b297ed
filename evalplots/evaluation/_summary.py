"""Evaluations built from merged summaries of chunks of rows, not from the rows.

``BinaryEvaluation.from_summary`` (and the same classmethod of the multi-class and
regression evaluations) returns the ordinary evaluation class, filled from a
merged :class:`~evalplots.metrics.BinarySummary` (...): every metric, curve and
Display is the one of the rows the summary was made from. What needs the rows
themselves is computed from the tables where an exact table form exists, and is
otherwise 'n/a at this scale' with the reason:

- Intervals that are functions of counts are the same numbers as in memory:
  DeLong's interval of the AUC (its placements are functions of the score
  table), Wilson's intervals (counts at the threshold), McNemar's test (the 2 x 2
  table of the pair), the paired DeLong test (with the second pass,
  :class:`~evalplots.metrics.DeLongCrossSums`), the mean-loss intervals of the
  Brier score and log loss (per-class moments).
- The stratified bootstrap of AP and BEP draws each class's rows with
  replacement; on the score table that is exactly one multinomial draw of the
  class's counts over the scores (:func:`evalplots.metrics._resample.multinomial_cells`),
  so the intervals here have the distribution of the in-memory bootstrap with
  other draws (a different, equally valid, Monte Carlo sample). The same holds
  for the confusion-cell bootstrap of F1, MCC and balanced accuracy, whose draws
  are the in-memory ones (the same multinomial from the same stream); only the
  BCa acceleration's jackknife groups are dealt from the table (the same as in
  memory when unweighted with at most 1000 rows). Tables with more than
  ``MAX_TABLE_DRAWS`` cells x resamples are 'n/a at this scale'.
"""

import math
from dataclasses import dataclass

import numpy as np

from evalplots.evaluation._common import IntervalOptions, check_model_names
from evalplots.evaluation._compare import (
    delong_comparison,
    mcnemar_from_table,
    not_available,
)
from evalplots.evaluation._intervals import FRACTIONAL, caught_warnings, replicate_intervals
from evalplots.metrics._labels import (
    binary_classes,
    class_values,
    label_name_map,
    resolve_pos_label,
)
from evalplots.metrics._validation import check_threshold

__all__ = ["MAX_TABLE_DRAWS", "SummarySource", "binary_from_summary", "cell_jackknife",
           "dealt_groups", "ranking_slots", "summary_ci_bands", "summary_delong_comparison",
           "summary_mcnemar_comparison", "summary_ranking_intervals",
           "table_ranking_intervals"]

#: Largest (cells of a table) x (bootstrap resamples) drawn as multinomials: 10⁸
#: draws take a few seconds and 2 x 8 MiB blocks; beyond, 'n/a at this scale'.
MAX_TABLE_DRAWS = 10**8
#: Entries of one block of multinomial draws held at once.
_BLOCK_ENTRIES = 1 << 20
#: Jackknife groups of the BCa acceleration above 1000 rows (as in memory:
#: 1000 for the cell bootstrap, 200 for AP and BEP).
_CELL_GROUPS, _RANKING_GROUPS = 1000, 200

NEEDS_ROWS = "n/a at this scale: {what} resamples rows, and a summary keeps none"
COARSENED = ("n/a at this scale: the score table is coarsened (ranges of scores), "
             "and this interval needs the exact per-score table")


@dataclass(frozen=True)
class SummarySource:
    """Where a summary-built evaluation's numbers come from.

    Parameters
    ----------
    n_rows : int
        Rows summarized (weight-0 rows included).
    n_partitions : int
        Chunks merged.
    weighted : bool
        Whether the rows carried weights other than 1.
    frequency : bool
        Whether every weight was a whole number (counts exact, frequency-weight
        intervals apply).

    Raises
    ------
    None

    Notes
    -----
    Shown in the evaluation's description and its metrics table's remarks.

    Examples
    --------
    >>> str(SummarySource(10**6, 16, False, True))
    'built from merged summaries of 1,000,000 rows in 16 partitions'
    """

    n_rows: int
    n_partitions: int
    weighted: bool
    frequency: bool

    def __str__(self):
        return (f"built from merged summaries of {self.n_rows:,} rows in "
                f"{self.n_partitions:,} partition{'s' if self.n_partitions != 1 else ''}")


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
        :meth:`~evalplots.metrics._resample.ResamplePlan.jackknife_groups` deals
        the rows; with ``n_groups`` equal to the number of rows, each group is
        one row (leave-one-out).
    """
    g = np.arange(n_groups, dtype=np.int64)[:, None]
    offset, out = 0, []
    for counts in strata:
        counts = np.asarray(counts, dtype=np.int64)
        ends = offset + np.cumsum(counts)
        starts = ends - counts

        def below(x):  # rows r < x with r ≡ g (mod n_groups)
            return np.maximum((x[None, :] - g + n_groups - 1) // n_groups, 0)

        out.append(below(ends) - below(starts))
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


def table_ranking_intervals(table, estimates, rng, n_resamples, level):
    """BCa intervals of AP and BEP by multinomial draws of each class over the
    table's slots (``{'AP': ..., 'BEP': ...}``; a str is the reason for none)."""
    from evalplots.metrics._replicates import ranking_from_groups
    from evalplots.metrics._resample import multinomial_cells

    pos, neg = ranking_slots(table)
    k = pos.size
    if k * n_resamples > MAX_TABLE_DRAWS:
        reason = (f"n/a at this scale: {k:,} score slots x {n_resamples:,} resamples "
                  f"exceed the {MAX_TABLE_DRAWS:.0e} multinomial draws drawn from a table")
        return {"AP": reason, "BEP": reason}
    block = max(1, _BLOCK_ENTRIES // max(k, 1))
    ap, bep = [], []
    for start in range(0, n_resamples, block):
        rows = min(block, n_resamples - start)
        a, b = ranking_from_groups(multinomial_cells(pos, rows, rng),
                                   multinomial_cells(neg, rows, rng))
        ap.append(a)
        bep.append(b)
    n = int(pos.sum() + neg.sum())
    groups = n if n <= _CELL_GROUPS else _RANKING_GROUPS
    removed_pos, removed_neg = dealt_groups([pos, neg], groups)
    jack_ap, jack_bep = ranking_from_groups(pos[None, :] - removed_pos,
                                            neg[None, :] - removed_neg)
    return replicate_intervals(
        estimates, {"AP": np.concatenate(ap), "BEP": np.concatenate(bep)},
        {"AP": jack_ap, "BEP": jack_bep}, level)


def cell_jackknife(matrix):
    """(n_groups, k * k) cell counts removed by each jackknife group of a
    whole-number confusion matrix (rows = strata), for ``cell_bootstrap``."""
    matrix = np.asarray(matrix).astype(np.int64)
    n = int(matrix.sum())
    groups = n if n <= _CELL_GROUPS else _CELL_GROUPS
    return np.concatenate(dealt_groups(list(matrix), groups), axis=1)


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


# ------------------------------------------------------------------------ binary


def _is_int(a):
    return np.asarray(a).dtype.kind in "iub"


def binary_from_summary(cls, summary, *, pos_label, threshold, label_names, confidence_level,
                        n_resamples, random_state, cross, exact):
    """Fill a ``cls`` (BinaryEvaluation) from a merged BinarySummary (see
    :meth:`BinaryEvaluation.from_summary`)."""
    from evalplots.evaluation._binary import BinaryModel
    from evalplots.metrics._summaries import BinarySummary

    if not isinstance(summary, BinarySummary):
        raise ValueError(f"summary must be a BinarySummary (merged), got "
                         f"{type(summary).__name__}.")
    ev = cls.__new__(cls)
    ev.interval_options = IntervalOptions(confidence_level, n_resamples, random_state)
    labels = list(summary.label_rows)
    classes = class_values(np.asarray(labels)) if labels else np.asarray(labels)
    counted = binary_classes(classes=classes, pos_label=summary.pos_label,
                             name="the summarized y_true").pos_label
    ev.pos_label = resolve_pos_label(classes, pos_label if pos_label is not None
                                     else summary.pos_label)
    if ev.pos_label != counted:
        raise ValueError(
            f"pos_label={pos_label!r} differs from the positive class {counted!r} the "
            f"summary counted; summarize with pos_label={pos_label!r}, or pass "
            f"pos_label={counted!r}.")
    ev.classes_ = classes
    ev.neg_label = next(c for c in classes.tolist() if c != ev.pos_label)
    ev.label_names = label_name_map(label_names, classes)
    ev.threshold = check_threshold(summary.threshold if threshold is None else threshold)
    ev.y_true = ev.positive = ev.sample_weight = None
    weights = summary.label_weight
    weighted = any(summary.label_rows[k] != weights[k] for k in labels)
    tables = check_model_names(summary.tables)
    frequency = all(_is_int(t.positive) and _is_int(t.negative) for t in tables.values())
    ev._summary = summary
    ev.source = SummarySource(summary.n_rows, summary.n_partitions, weighted, frequency)
    ev._exact = check_finite_exact(exact, list(tables))
    ev._cross = cross
    total = sum(weights.values())
    for missing, label in (("positive", ev.pos_label), ("negative", ev.neg_label)):
        if not weights.get(label, 0) > 0:
            raise ValueError(
                f"y_true has no {missing} sample of non-zero weight (class {label!r}); a "
                f"binary evaluation needs both classes.")
    ev.prevalence = float(weights[ev.pos_label] / total)
    ev.models = {}
    for name, table in tables.items():
        # equal up to the rounding of adding real weights in another order
        if not (np.isclose(table.n_pos, weights[ev.pos_label], rtol=1e-9, atol=0)
                and np.isclose(table.n_neg, weights[ev.neg_label], rtol=1e-9, atol=0)):
            raise ValueError(f"the table of model {name!r} does not count the summary's "
                             f"rows; merge the summaries of all chunks.")
        known = None
        if name in ev._exact:  # a coarsened table: the exact values replace its own
            known = {attribute: float(ev._exact[name][key])
                     for key, attribute in (("ROC AUC", "roc_auc"),
                                            ("AP", "average_precision"),
                                            ("BEP", "break_even_point"))
                     if key in ev._exact[name]}
            # the losses' sums were taken on the rows' own scores
            for moments, attribute in zip(summary.losses[name], ("brier_score", "log_loss")):
                known[attribute] = float(moments[:, 3].sum() / moments[:, 1].sum())
        ev.models[name] = BinaryModel(name, None, table._to_binary_scores(), ev.threshold,
                                      weighted=weighted or not frequency, exact=known)
    return ev


def binary_remarks(ev):
    """The remarks of a binary summary-built table: the source, and the binned
    AUC's error bound of each coarsened model."""
    out = ev._base_remarks()
    if ev.source.frequency:
        out.append(
            "Bootstraps draw each class's counts from the tables as multinomials: "
            "the in-memory row bootstrap's distribution, other draws.")
    for name in ev._exact:
        bound = binned_auc_bound(ev._summary.tables[name])
        out.append(f"{name}: AUC, AP and BEP exact (computed on the exact scores); its "
                   f"table is coarsened into ranges of scores, whose own AUC is within "
                   f"½ Σ ΔFPR·ΔTPR = {bound:.2e} of the exact one (the curves, "
                   f"calibration and score histograms are drawn from the ranges; the "
                   f"Brier score and log loss are sums over the rows' own scores).")
    return out


def summary_ranking_intervals(ev):
    """{model: {'AP': ..., 'BEP': ...}} of a summary-built binary evaluation."""
    opts = ev.interval_options
    out = {}
    for name, m in ev.models.items():
        if name in ev._exact:
            out[name] = dict.fromkeys(("AP", "BEP"), COARSENED)
        elif not ev.source.frequency:
            out[name] = dict.fromkeys(("AP", "BEP"), FRACTIONAL)
        else:
            out[name] = table_ranking_intervals(
                ev._summary.tables[name], ev.metrics_table.rows[name],
                opts.rng("bootstrap", "AP, BEP", name), opts.n_resamples,
                opts.confidence_level)
    return out


def summary_delong_comparison(ev, a, b):
    """The paired DeLong test of a summary-built evaluation (from the cross sums)."""
    from evalplots.metrics._delong import paired_delong_from_squares

    if a in ev._exact or b in ev._exact:
        return not_available(a, b, "DeLong", "ROC AUC", COARSENED)
    if ev._cross is None or (a, b) not in ev._cross.sums:
        return not_available(a, b, "DeLong", "ROC AUC",
                             "n/a at this scale: needs the second pass (DeLongCrossSums)")
    if ev._cross.n_rows != ev.source.n_rows:
        return not_available(a, b, "DeLong", "ROC AUC",
                             f"n/a: the second pass summed {ev._cross.n_rows:,} rows, not "
                             f"the {ev.source.n_rows:,} of the tables")
    squares_pos, squares_neg = ev._cross.sums[(a, b)]
    ta = ev._summary.tables[a]
    aucs = ev._table_aucs  # each table's AUC once, whatever the number of pairs
    degenerate = []
    with caught_warnings(degenerate):
        test = paired_delong_from_squares(
            aucs[a], aucs[b], float(squares_pos), float(squares_neg), float(ta.n_pos),
            float(ta.n_neg), ev.interval_options.confidence_level)
    return delong_comparison(a, b, test, degenerate)


def summary_mcnemar_comparison(ev, a, b, quantity):
    """McNemar's test of a summary-built evaluation (from the pair's 2 x 2 table)."""
    summary = ev._summary
    if ev.threshold != summary.threshold:
        return not_available(a, b, "McNemar", quantity,
                             f"n/a: the summary counted the pairs at threshold "
                             f"{summary.threshold:g}, not {ev.threshold:g}")
    table = summary.pairs[(a, b)]
    return mcnemar_from_table(a, b, int(table[1, 0]), int(table[0, 1]),
                              table.sum().item(), quantity)


def summary_ci_bands(ev):
    """{model: (roc_band, pr_band)} by multinomial draws over each model's table
    (``(None, None)`` when the draws are too many, the weights fractional or the
    table coarsened)."""
    from evalplots.metrics._resample import multinomial_cells

    opts = ev.interval_options
    alpha = 1.0 - opts.confidence_level
    grid = np.linspace(0.0, 1.0, 101)
    out = {}
    for name in ev.models:
        pos, neg = ranking_slots(ev._summary.tables[name])
        k = pos.size
        if (name in ev._exact or not ev.source.frequency
                or k * opts.n_resamples > MAX_TABLE_DRAWS):
            out[name] = (None, None)
            continue
        rng = opts.rng("band", name)
        block = max(1, _BLOCK_ENTRIES // max(k, 1))
        roc, pr = [], []
        for start in range(0, opts.n_resamples, block):
            rows = min(block, opts.n_resamples - start)
            tps = np.cumsum(multinomial_cells(pos, rows, rng), axis=1)
            fps = np.cumsum(multinomial_cells(neg, rows, rng), axis=1)
            roc.append(_tpr_at_fpr(tps, fps, grid))
            pr.append(_interpolated_precision(tps, fps, pos > 0, grid))
        bands = []
        for values in (np.concatenate(roc), np.concatenate(pr)):
            low, high = np.quantile(values, [alpha / 2.0, 1.0 - alpha / 2.0], axis=0)
            bands.append((grid, low, high))
        out[name] = tuple(bands)
    return out


def _tpr_at_fpr(tps, fps, grid):
    """Highest TPR at FPR <= x per resample: the positives down to the slot of the
    first negative that takes the FPR past x (positives first within a tie, as
    :func:`evalplots.metrics.roc_curve_ci_band` orders them)."""
    out = np.empty((tps.shape[0], grid.size))
    for r in range(tps.shape[0]):
        j = np.searchsorted(fps[r] / fps[r, -1], grid, side="right")
        tpr = np.append(tps[r] / tps[r, -1], 1.0)
        out[r] = tpr[j]
    return out


def _interpolated_precision(tps, fps, has_pos, grid):
    """Max precision at recall >= r per resample, over the points at the
    positives' slots (the last positive of a slot, before its negatives)."""
    before = np.concatenate((np.zeros((fps.shape[0], 1)), fps[:, :-1]), axis=1)
    t, f = tps[:, has_pos], before[:, has_pos]
    precision = np.divide(t, t + f, out=np.zeros(t.shape), where=t + f > 0)
    best = np.maximum.accumulate(precision[:, ::-1], axis=1)[:, ::-1]
    out = np.empty((t.shape[0], grid.size))
    for r in range(t.shape[0]):
        j = np.minimum(np.searchsorted(t[r] / t[r, -1], grid, side="left"), t.shape[1] - 1)
        out[r] = best[r, j]
    return out
