"""Confidence intervals of the metrics table, per model, computed once per evaluation.

Which interval each number gets, and why (the report's Notes say the same):

- ROC AUC: DeLong's interval (normal, from the placement values; exact, no
  resampling), read off the model's table (the placements at each distinct
  score, weighted by its counts).
- AP and BEP: a stratified bootstrap, BCa. Resampling each class's rows with
  replacement is one multinomial draw of its counts over the table's slots, so
  the resamples are drawn from the table: as positions among the class's rows,
  shared by the models, or as a multinomial of the table's own slots, whichever
  is cheaper for that table
  (:func:`evalplots.evaluation._summary.table_ranking_intervals`); under
  fractional weights the rows themselves are resampled (as
  :func:`evalplots.metrics.bootstrap_ci` does; :class:`RankingSlots`, read by
  the row attachment of ``evalplots.evaluation._rows``). Above 10⁸ slots x
  resamples (about 10⁶ rows with 1000 resamples), where the draws would cost
  O(n x resamples): AP gets the logit interval of its linearised variance
  ('influence-logit') and BEP the same bootstrap drawn by bisection
  (:func:`evalplots.evaluation._summary.large_table_ranking_intervals`).
- Accuracy, precision, recall, specificity, NPV at the threshold: Wilson's score
  interval, each being a number of successes out of a fixed number of trials.
- F1, MCC, balanced accuracy at the threshold (binary), and macro-/weighted F1,
  balanced accuracy and MCC (multi-class): a stratified bootstrap, BCa. With
  fixed predictions, resampling rows within each true class is exactly a
  multinomial draw of that class's row of the confusion matrix, so each
  resample costs O(k²), not O(n).
- Brier score and log loss: means of per-sample losses. Their stratified
  bootstrap distribution has the exact variance sum_k n_k var_k(u) of the
  linearised losses u (the "ideal" bootstrap standard error, B = infinity;
  Efron & Tibshirani 1993, §6.1), so they get the normal interval with that
  standard error rather than 1000 resamples of every row
  (``method='bootstrap-normal'``).
- Regression MAE, RMSE, R²: the bootstrap of rows (plain: a continuous target
  has no classes), BCa.

BCa (Efron 1987) rather than the percentile interval wherever it applies: the
metrics are bounded (AP, F1, MCC near 1) or ratios (R²), so their bootstrap
distributions are skewed and biased, which BCa corrects to second order; its
jackknife costs one pass over 1000 groups here (no refit), so it is affordable.
Weights are frequency weights: Wilson, DeLong and the multinomial draws count
a weight of 3 as three samples; fractional weights give 'n/a' with the reason
(the bootstrap of rows, AP/BEP and regression, resamples each row with its
weight, as :func:`~evalplots.metrics.bootstrap_ci` does).
"""

import contextlib
import math
import warnings

import numpy as np

from evalplots.evaluation._text_tables import IntervalTableText
from evalplots.exceptions import BootstrapWarning
from evalplots.metrics.inference._bootstrap import interval_from_replicates
from evalplots.metrics.inference._interval import ConfidenceInterval
from evalplots.metrics.inference._proportion import _proportion
from evalplots.metrics.inference._resample import multinomial_cells
from evalplots.metrics._validation import all_whole

__all__ = ["IntervalTable", "RankingSlots", "cell_bootstrap", "is_frequency",
           "caught_warnings", "jackknife_groups", "jackknife_sums", "mean_loss_ci",
           "replicate_intervals", "row_bootstrap_sums", "split_results", "wilson"]

FRACTIONAL = ("sample_weight holds non-integer weights; this interval counts a weight "
              "as a number of samples (frequency weights)")


class IntervalTable(IntervalTableText, dict):
    """The intervals of an evaluation: ``{model: {column: ConfidenceInterval}}``.

    Made by the evaluation (``ev.intervals``); a dict, in the order of the models.
    A column without an interval for a model is absent from its dict, and
    ``notes[column]`` says why; :meth:`to_frame` keeps such a row, with its
    estimate and the reason.

    Parameters
    ----------
    rows : dict of str to dict of str to ConfidenceInterval
        Model name -> column -> interval.
    notes : dict of str to dict of str to str
        Column -> {model: why that model has no interval for it}.
    columns : sequence of str
        The metric columns, in the order of the metrics table.
    estimates : dict of str to dict of str to float, default=None
        Model name -> column -> the metrics table's value, the estimate of a
        row without an interval (an infinite log loss is ``inf``); None: NaN.

    Notes
    -----
    ``notes`` maps a column to ``{model: reason}`` for the models without an
    interval. The method of each interval is in its ``method`` attribute ('delong',
    'wilson', 'bootstrap-bca', 'bootstrap-percentile', 'bootstrap-normal',
    'influence-logit');
    the module docstring of ``evalplots.evaluation._intervals`` explains the
    choice per metric.

    Examples
    --------
    >>> from evalplots.metrics import ConfidenceInterval
    >>> t = IntervalTable({"m": {"AUC": ConfidenceInterval(.8, .7, .9, "delong", .95)}},
    ...                   {}, ["AUC"])
    >>> str(t["m"]["AUC"])
    '0.800 [0.700, 0.900]'
    """

    def __init__(self, rows, notes, columns, estimates=None):
        super().__init__(rows)
        self.notes = dict(notes)
        self.columns = list(columns)
        self._estimates = estimates or {}

    def methods(self, column):
        """The distinct methods of ``column``'s intervals, in model order.

        Parameters
        ----------
        column : str
            A metric column.

        Returns
        -------
        methods : list of str
            E.g. ``['bootstrap-bca']``; two when BCa fell back to the
            percentile interval for some model; empty when no model has one.

        Notes
        -----
        Read off each interval's ``method``.

        Examples
        --------
        >>> from evalplots.metrics import ConfidenceInterval
        >>> ci = ConfidenceInterval(.8, .7, .9, "wilson", .95)
        >>> IntervalTable({"a": {"x": ci}, "b": {}}, {}, ["x"]).methods("x")
        ['wilson']
        """
        out = []
        for row in self.values():
            if column in row and row[column].method not in out:
                out.append(row[column].method)
        return out

    def to_frame(self):
        """One row per (model, metric): estimate, low, high, method, level, note.

        Returns
        -------
        frame : pandas.DataFrame of shape (n_rows, 6)
            Index (model, metric); columns ``estimate``, ``low``, ``high``,
            ``method``, ``confidence_level`` and ``note``: why there is no
            interval ('' where there is one).

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        A metric without an interval keeps its row: its estimate (the metrics
        table's value), NaN bounds, no method, and the reason from ``notes``.
        A metric that has neither an interval nor a reason has no row.

        Examples
        --------
        >>> from evalplots.metrics import ConfidenceInterval
        >>> ci = ConfidenceInterval(.8, .7, .9, "delong", .95)
        >>> t = IntervalTable({"m": {"AUC": ci}}, {"Log loss": {"m": "infinite"}},
        ...                   ["AUC", "Log loss"], {"m": {"Log loss": float("inf")}})
        >>> t.to_frame()[["estimate", "high", "note"]].values.tolist()
        [[0.8, 0.9, ''], [inf, nan, 'infinite']]
        """
        import pandas as pd

        nan = float("nan")
        records = []
        for name, row in self.items():
            for column in self.columns:
                if (ci := row.get(column)) is not None:
                    records.append((name, column, ci.estimate, ci.low, ci.high, ci.method,
                                    ci.confidence_level, ""))
                elif (why := self.notes.get(column, {}).get(name)) is not None:
                    estimate = self._estimates.get(name, {}).get(column, nan)
                    records.append((name, column, estimate, nan, nan, None, nan, why))
        frame = pd.DataFrame.from_records(
            records, columns=["model", "metric", "estimate", "low", "high", "method",
                              "confidence_level", "note"])
        return frame.set_index(["model", "metric"])


@contextlib.contextmanager
def caught_warnings(messages):
    """Collect the warnings of the block into ``messages`` instead of issuing them:
    an interval that cannot be computed shows 'no interval' with its reason."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    messages.extend(str(w.message) for w in caught)


#: Why DeLong's interval or test is not shown (its variance is 0 or undefined).
DELONG_DEGENERATE = ("DeLong's variance is 0 or undefined on these data (e.g. AUC = 1, "
                     "or a class with a single sample), so the interval would be a point")


def split_results(results, row, notes, name):
    """Put each ConfidenceInterval of ``results`` in ``row`` and each reason (str)
    in ``notes[column][name]``."""
    for column, value in results.items():
        if isinstance(value, str):
            notes.setdefault(column, {})[name] = value
        elif value is not None:
            row[column] = value


def row_bootstrap_sums(features, plan, rng, n_resamples):
    """(n_features, n_resamples) sums of ``features`` (n_features, n_samples) over
    the rows of each resample of ``plan`` (the generic loop's resamples)."""
    blocks = [np.take(features, rows, axis=1).sum(axis=-1)
              for rows in plan.index_blocks(rng, n_resamples)]
    return np.concatenate(blocks, axis=1)


def jackknife_sums(features, groups):
    """(n_features, n_groups) sums of ``features`` without each jackknife group."""
    group_of_row, n_groups = groups
    removed = np.stack([np.bincount(group_of_row, weights=f, minlength=n_groups)
                        for f in features])
    return features.sum(axis=1, keepdims=True) - removed


def replicate_intervals(estimates, replicates, jackknife, level):
    """BCa interval per column of ``replicates``, or the reason there is none."""
    return _from_replicates(estimates, replicates, jackknife, level, list(replicates))


def is_frequency(weight):
    """Whether ``weight`` (None or an array) is unweighted or whole numbers only."""
    return weight is None or all_whole(weight)


def wilson(successes, total, level):
    """Wilson's interval of ``successes / total`` (None when total is 0)."""
    if total <= 0:
        return None
    return _proportion(float(successes), float(total), "wilson", level)


def jackknife_groups(plan):
    """``(group_of_row, n_groups)`` of the plan's jackknife (the bootstrap's groups)."""
    groups = plan.jackknife_groups()
    ids = np.empty(plan.n_samples, dtype=np.intp)
    for g, rows in enumerate(groups):
        ids[rows] = g
    return ids, len(groups)


def _group_totals(group_of_row, n_groups, key, n_keys, weight):
    """(n_groups, n_keys) sums of ``weight`` (or counts) of the rows per group and key."""
    flat = group_of_row * n_keys + key
    return np.bincount(flat, weights=weight, minlength=n_groups * n_keys).reshape(
        n_groups, n_keys)


def _finite_or_note(values, what):
    """None when every replicate is finite, else the reason the interval is n/a."""
    bad = int(np.count_nonzero(~np.isfinite(values)))
    if bad:
        return f"undefined (0/0) on {bad} of {values.size} {what}, so it has no interval"
    return None


def _from_replicates(estimates, replicates, jackknife, level, columns):
    """Per column: a BCa interval, or the reason there is none (a str)."""
    out = {}
    for column in columns:
        estimate = estimates[column]
        if not math.isfinite(estimate):
            continue  # the table says 'n/a' and why
        reason = (_finite_or_note(replicates[column], "bootstrap resamples")
                  or _finite_or_note(jackknife[column], "jackknife samples"))
        if reason:
            out[column] = reason
            continue
        with warnings.catch_warnings():
            # where BCa is undefined the percentile interval is used, and the
            # interval's method (shown in the report) says so
            warnings.simplefilter("ignore", BootstrapWarning)
            out[column] = interval_from_replicates(
                replicates[column], estimate, level, "bca", lambda c=column: jackknife[c])
    return out


def cell_bootstrap(matrix, stats, estimates, rng, n_resamples, level, *, jackknife):
    """BCa intervals of statistics of a confusion matrix under a stratified bootstrap.

    Parameters
    ----------
    matrix : ndarray of shape (k, k)
        Whole-number counts, rows = true class.
    stats : callable
        ``stats(cells) -> {column: values}`` for ``cells`` of shape (m, k, k)
        (m matrices); NaN where a statistic is 0/0.
    estimates : dict of str to float
        The statistics on ``matrix`` (the metrics table's values).
    rng : numpy.random.Generator
    n_resamples : int
    level : float
    jackknife : ndarray of shape (n_groups, k * k)
        The cell counts each jackknife group of the BCa acceleration removes
        (:func:`evalplots.evaluation._summary.cell_jackknife`).

    Returns
    -------
    intervals : dict of str to ConfidenceInterval or str
        A str is the reason a column has no interval.

    Notes
    -----
    Resampling the rows within each true class t (n_t draws with replacement)
    gives row t of the resampled matrix ~ Multinomial(n_t, matrix[t] / n_t),
    independently across classes: drawn here directly, O(k²) per resample.
    """
    k = matrix.shape[0]
    resampled = np.stack([multinomial_cells(row, n_resamples, rng) for row in matrix],
                         axis=1)
    left = matrix.reshape(1, k * k) - jackknife
    replicates = stats(resampled)
    return _from_replicates(estimates, replicates, stats(left.reshape(-1, k, k)), level,
                            list(replicates))


def mean_loss_ci(estimate, variance, level):
    """Normal interval ``estimate ± z·sqrt(variance)`` of a (weighted) mean loss
    with its ideal bootstrap SE (``method='bootstrap-normal'``).

    The variance of the stratified bootstrap distribution of the mean, for
    B -> infinity, is ``sum_k n_k var_k(u)`` with ``u_i = w_i (l_i - mean) / W``
    (exact for the unweighted mean, the delta method for the weighted one) and
    ``var_k`` the plug-in variance within stratum k; it is read off the
    summary's per-stratum moments
    (:func:`evalplots.metrics.summaries._base.loss_interval_moments`).
    """
    from scipy.special import ndtri

    half = float(ndtri(0.5 + level / 2.0)) * math.sqrt(variance)
    return ConfidenceInterval(estimate, estimate - half, estimate + half,
                              "bootstrap-normal", level)


#: Jackknife groups of the AP/BEP acceleration when the rows outnumber the
#: bootstrap's 1000 groups: every 5th of them merged (see RankingSlots).
_RANKING_GROUPS = 200


class RankingSlots:
    """AP and BEP of stratified bootstrap resamples of one binary model, counted
    per group of thresholds.

    The distinct scores of the positives split the score axis into slots: each
    distinct positive score (where positives and tied negatives sit) and each
    open interval between two of them (negatives only). AP and the break-even
    point depend on a resample only through the weight of each class in each
    slot (thresholds inside an interval add no recall; see
    :func:`~evalplots.metrics.inference._replicates.ranking_from_groups`), so a resample
    is a bincount of its draws over at most 2 m⁺ + 1 slots, not a cumulative
    sum over n rows. The draws are those of the plan of
    :func:`~evalplots.metrics.bootstrap_ci` for the same generator: the same
    resamples and, up to 1000 rows, the same (leave-one-out) jackknife, hence
    the same interval. Above 1000 rows the BCa acceleration is estimated from
    200 delete-d groups (the bootstrap's 1000 stratified groups merged five by
    five): each jackknife value of AP costs a pass over all slots, and the
    acceleration, a ratio of the 3rd to the 1.5th power of the 2nd moment of
    the group influences, is estimated well by 200 groups, at a fifth of the cost.

    Parameters
    ----------
    data : BinaryScores
        The model's scores, classes and weights (zero weights removed).
    plan : ResamplePlan
        ``resample_plan(positive, n_samples, stratify=True)``.
    groups : tuple
        ``jackknife_groups(plan)``.
    """

    def __init__(self, data, plan, groups):
        self.plan, self.groups = plan, groups
        score, positive, weight = data.score, data.positive, data.weight
        ps = data.pos_sorted  # the evaluation's one sort of the positives
        pos_values = ps[np.concatenate(([True], ps[1:] != ps[:-1]))]
        lo = np.searchsorted(pos_values, score, side="left")
        lo += np.searchsorted(pos_values, score, side="right")  # slot 2g+1: at value g
        used = np.bincount(lo, minlength=2 * pos_values.size + 1) > 0
        # slot columns, highest scores first, empty slots dropped
        column = np.cumsum(used[::-1]) - 1
        self.slot = column[::-1][lo].astype(np.int32)
        self.n_slots = int(used.sum())
        self.positive, self.weight = positive, weight
        # per stratum: is it the positives, and each member's slot and weight
        self._strata = [(bool(positive[rows[0]]), self.slot[rows],
                         None if weight is None else weight[rows])
                        for rows in self.plan.strata]

    def replicates(self, draws):
        """AP and BEP of one block of resamples (the plan's per-stratum draws)."""
        from evalplots.metrics.inference._replicates import ranking_from_groups

        k = self.n_slots
        counts = {}
        for (is_pos, slot, weight), drawn in zip(self._strata, draws):
            rows = drawn.shape[0]
            keys = np.take(slot, drawn)
            keys += (np.arange(rows, dtype=np.int32) * k)[:, None]
            w = None if weight is None else np.take(weight, drawn).ravel()
            counts[is_pos] = np.bincount(keys.ravel(), weights=w,
                                         minlength=rows * k).reshape(rows, k)
        return ranking_from_groups(counts[True], counts[False])

    def intervals(self, estimates, blocks, level):
        """{'AP': ..., 'BEP': ...}: BCa intervals (or the reason there is none) from
        the (ap, bep) replicates of each block."""
        from evalplots.metrics.inference._replicates import ranking_from_groups

        k = self.n_slots
        group_of_row, n_groups = self.groups
        if self.plan.n_samples > n_groups:  # delete-d groups: merge them
            group_of_row, n_groups = group_of_row % _RANKING_GROUPS, _RANKING_GROUPS
        totals = {}
        for is_pos in (True, False):
            mask = self.positive if is_pos else ~self.positive
            w = None if self.weight is None else self.weight[mask]
            full = np.bincount(self.slot[mask], weights=w, minlength=k)
            removed = _group_totals(group_of_row[mask], n_groups, self.slot[mask], k, w)
            totals[is_pos] = full[None, :] - removed
        jack_ap, jack_bep = ranking_from_groups(totals[True], totals[False])
        return _from_replicates(
            estimates, {"AP": np.concatenate([a for a, _ in blocks]),
                        "BEP": np.concatenate([b for _, b in blocks])},
            {"AP": jack_ap, "BEP": jack_bep}, level, ("AP", "BEP"))
