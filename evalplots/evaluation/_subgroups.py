"""Subgroup results: per-group metrics with intervals, gaps, fairness at the threshold,
and the test of equal AUCs across independent groups.

``evaluate(..., groups=...)`` keeps, per grouping column, a :class:`GroupEvaluation`:
each group's own evaluation (its rows' summary), the overall evaluation (all rows:
the groups' summaries merged), and what compares the groups. The names follow
fairlearn's ``MetricFrame`` (``overall``, ``by_group``, ``difference``).
"""

import math
import warnings
from dataclasses import dataclass

import numpy as np

from evalplots.evaluation._intervals import FRACTIONAL, wilson
from evalplots._docstrings import fill_doc
from evalplots.evaluation._partitions import METRIC_MODEL_PARAMS, PartitionResults
from evalplots.metrics.inference._independent import (
    auc_heterogeneity_test,
    auc_variance,
    proportion_difference_ci,
    unpaired_delong_test,
)
from evalplots.metrics.inference._proportion import _RATES

__all__ = ["AUCGroupTest", "FairnessTable", "GroupEvaluation", "GroupGap", "GroupValue",
           "Subgroups"]

# metrics-table columns whose value is a proportion of counts at the threshold
_PROPORTIONS = {"Accuracy": "accuracy", "Precision": "precision", "Recall": "recall",
                "Specificity": "specificity", "NPV": "npv"}

#: The rates of the fairness table: (successes, trials) of the counts (tp, fn, fp, tn).
FAIRNESS_RATES = {
    "TPR": lambda tp, fn, fp, tn: (tp, tp + fn),
    "FPR": lambda tp, fn, fp, tn: (fp, fp + tn),
    "Selection rate": lambda tp, fn, fp, tn: (tp + fp, tp + fn + fp + tn),
}
_RATE_NEEDS = {"TPR": "no positive sample", "FPR": "no negative sample",
               "Selection rate": "no sample of non-zero weight"}

_SELECTED = ("the largest and the smallest of {k} groups, chosen after seeing the data: "
             "the interval is that pair's difference and does not allow for the choice")


@dataclass(frozen=True)
class GroupValue:
    """One group's value of one metric.

    Parameters
    ----------
    group : object
        The group's label, as written in the data.
    estimate : float
        The metric on the group's rows (NaN when undefined).
    ci : ConfidenceInterval or None
        Its interval (None: ``note`` says why).
    n : int
        The group's rows.
    note : str
        Why the value or its interval is n/a ('' otherwise).

    Notes
    -----
    Made by :meth:`GroupEvaluation.by_group` and :meth:`GroupEvaluation.fairness`.

    Examples
    --------
    >>> GroupValue("a", 0.8, None, 40, "").n
    40
    """

    group: object
    estimate: float
    ci: object
    n: int
    note: str


@dataclass(frozen=True)
class GroupGap:
    """The difference of a metric between two groups (or a group and the overall value).

    Parameters
    ----------
    metric : str
        The metric.
    difference : float
        ``value(high) − value(low)`` (NaN when fewer than two groups have a value).
    ci : ConfidenceInterval or None
        Its interval, or None (``note`` says why).
    high, low : object
        The groups compared (``low`` is ``'overall'`` for a gap to the overall value).
    note : str
        How the interval was made, or why there is none.

    Notes
    -----
    Made by :meth:`GroupEvaluation.difference` and the gaps of
    :class:`FairnessTable`.

    Examples
    --------
    >>> GroupGap("TPR", 0.1, None, "a", "b", "").difference
    0.1
    """

    metric: str
    difference: float
    ci: object
    high: object
    low: object
    note: str


@dataclass(frozen=True)
class AUCGroupTest:
    """Whether one model's AUC differs between independent groups.

    Parameters
    ----------
    model : str
        The model.
    groups : tuple
        The groups tested (those with an AUC and a DeLong variance > 0).
    aucs, variances : tuple of float
        Their AUCs and DeLong variances.
    unpaired : UnpairedDeLongResult or None
        With exactly two groups, the unpaired DeLong test of the first minus the second.
    heterogeneity : AUCHeterogeneityResult or None
        With two groups or more, the chi-square test of equal AUCs.
    excluded : dict
        ``{group: reason}`` of the groups left out of the test.

    Notes
    -----
    Made by :meth:`GroupEvaluation.auc_test`.

    Examples
    --------
    >>> AUCGroupTest("m", (), (), (), None, None, {"a": "n/a"}).excluded
    {'a': 'n/a'}
    """

    model: str
    groups: tuple
    aucs: tuple
    variances: tuple
    unpaired: object
    heterogeneity: object
    excluded: dict


class FairnessTable:
    """TPR, FPR and selection rate per group at the threshold, and their gaps.

    Made by :meth:`GroupEvaluation.fairness`.

    Parameters
    ----------
    model : str
        The model.
    threshold : float
        ``score >= threshold`` is predicted positive.
    rates : dict
        ``{group: {'TPR': GroupValue, 'FPR': ..., 'Selection rate': ...}}``.
    gaps : dict
        ``{'TPR': GroupGap, 'FPR': ..., 'Selection rate': ...}``: largest minus
        smallest over the groups with a value, with Newcombe's interval.

    Attributes
    ----------
    equalized_odds_difference : GroupGap
        The larger of the TPR and FPR gaps (fairlearn's
        ``equalized_odds_difference``).
    demographic_parity_difference : GroupGap
        The selection-rate gap (fairlearn's ``demographic_parity_difference``).

    Notes
    -----
    Hardt, Price & Srebro, "Equality of opportunity in supervised learning"
    (NeurIPS 2016) for equalized odds; the gaps are fairlearn's
    ``between_groups`` differences (max − min).

    Examples
    --------
    >>> from evalplots import evaluate
    >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
    >>> s = [.9, .2, .7, .4, .6, .5, .3, .1]
    >>> g = evaluate(y, {"m": s}, groups={"site": list("aaaabbbb")}).groups["site"]
    >>> t = g.fairness()
    >>> t.rates["b"]["TPR"].estimate, round(t.equalized_odds_difference.difference, 3)
    (0.5, 0.5)
    """

    def __init__(self, model, threshold, rates, gaps):
        self.model = model
        self.threshold = threshold
        self.rates = rates
        self.gaps = gaps
        tpr, fpr = gaps["TPR"], gaps["FPR"]
        defined = [g for g in (tpr, fpr) if not math.isnan(g.difference)]
        self.equalized_odds_difference = (
            max(defined, key=lambda g: g.difference) if defined else tpr)
        self.demographic_parity_difference = gaps["Selection rate"]

    def to_frame(self):
        """One row per (group, rate): estimate, low, high, n, note.

        Returns
        -------
        frame : pandas.DataFrame

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        A rate without a value or interval keeps its row, with NaN and the note.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> s = [.9, .2, .7, .4, .6, .5, .3, .1]
        >>> g = evaluate(y, {"m": s}, groups={"site": list("aaaabbbb")}).groups["site"]
        >>> g.fairness().to_frame().shape
        (6, 7)
        """
        import pandas as pd

        records = []
        for group, row in self.rates.items():
            for rate, v in row.items():
                records.append((group, rate, v.estimate, *_bounds(v.ci), v.n, v.note))
        return pd.DataFrame.from_records(
            records, columns=["group", "rate", "estimate", "low", "high", "n", "note"])


def _bounds(ci):
    return (math.nan, math.nan) if ci is None else (ci.low, ci.high)


class GroupEvaluation(PartitionResults):
    """The evaluation of one grouping: each group's own evaluation and their comparison.

    Made by :func:`evalplots.evaluate` with ``groups=`` (``ev.groups[name]``);
    read it, don't construct it.

    Parameters
    ----------
    partition : Partition
        The groups.
    overall : Evaluation
        The evaluation of all rows.
    build : callable
        ``build(mask)``: the evaluation of the rows of a mask.
    rows : tuple or None
        Binary: ``(positive, scores, weight)``, the rows the fairness counts
        are read from (any group, with one class or both); None otherwise.

    Attributes
    ----------
    name : str
        The grouping column.
    levels : tuple
        The groups, sorted, as written in the data.
    overall : Evaluation
        The evaluation of all rows (every group pooled).
    sizes : dict
        ``{group: rows}``.
    evaluations : dict
        ``{group: Evaluation or None}`` (None: ``reasons[group]`` says why).

    Notes
    -----
    Each group's numbers are those of :func:`evalplots.evaluate` on its rows
    alone, with the overall evaluation's positive class, threshold, classes
    and interval options. With ``folds=`` too, a group's rows are pooled over
    the folds (its out-of-fold predictions together).

    Examples
    --------
    >>> from evalplots import evaluate
    >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
    >>> s = [.9, .2, .7, .4, .6, .5, .8, .1]
    >>> ev = evaluate(y, {"m": s}, groups={"site": list("aaaabbbb")})
    >>> g = ev.groups["site"]
    >>> g.levels, [round(v.estimate, 3) for v in g.by_group("ROC AUC").values()]
    (('a', 'b'), [1.0, 1.0])
    """

    _PART = "group"

    def __init__(self, partition, overall, build, rows=None):
        super().__init__(partition, overall, build)
        self._rows = rows

    def by_group(self, metric, model=None):
        """One metric per group, with its interval and the group's size.

        Parameters
        ----------
        metric : str
            A column of the metrics table (e.g. ``'ROC AUC'``, ``'F1'``).
        model : str or None, default=None
            The model; None when there is one.

        Returns
        -------
        values : dict
            ``{group: GroupValue}`` in the order of ``levels``; an undefined
            value is NaN with the reason and the group's size in ``note``.

        Raises
        ------
        ValueError
            If ``metric`` or ``model`` is unknown, or ``model`` is None with
            several models.

        Notes
        -----
        The group's own evaluation's value and interval (the same methods as
        the overall interval table's).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> s = [.9, .2, .7, .4, .6, .5, .3, .1]
        >>> g = evaluate(y, {"m": s}, groups={"site": list("aaaabbbb")}).groups["site"]
        >>> [round(v.estimate, 3) for v in g.by_group("ROC AUC").values()]
        [1.0, 0.75]
        """
        metric, model = self._metric(metric), self._model(model)
        out = {}
        for level in self.levels:
            estimate, note = self._value(level, model, metric)
            ci = None
            ev = self.evaluations[level]
            if ev is not None and not note:
                ci = ev.intervals[model].get(metric)
                if ci is None:
                    note = ev.intervals.notes.get(metric, {}).get(model, "")
            out[level] = GroupValue(level, estimate, ci, self.sizes[level], note)
        return out

    @fill_doc(metric_model=METRIC_MODEL_PARAMS)
    def gaps_to_overall(self, metric, model=None):
        """Each group's value minus the overall value.

        Parameters
        ----------
        %(metric_model)s

        Returns
        -------
        gaps : dict
            ``{group: float}`` (NaN where the group's value is undefined).

        Raises
        ------
        ValueError
            As :meth:`by_group`.

        Notes
        -----
        A point estimate only: a group is part of the overall rows, so its
        value and the overall one are not independent.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> s = [.9, .2, .7, .4, .6, .5, .3, .1]
        >>> g = evaluate(y, {"m": s}, groups={"site": list("aaaabbbb")}).groups["site"]
        >>> {k: round(v, 4) for k, v in g.gaps_to_overall("ROC AUC").items()}
        {'a': 0.125, 'b': -0.125}
        """
        metric, model = self._metric(metric), self._model(model)
        overall = self.overall.metrics_table.rows[model][metric]
        return {level: self._value(level, model, metric)[0] - overall
                for level in self.levels}

    @fill_doc(metric_model=METRIC_MODEL_PARAMS)
    def difference(self, metric, model=None):
        """The largest gap of a metric between two groups, with an interval.

        Parameters
        ----------
        %(metric_model)s

        Returns
        -------
        gap : GroupGap
            The highest group's value minus the lowest one's (fairlearn's
            ``difference(method='between_groups')``); NaN when fewer than two
            groups have a value.

        Raises
        ------
        ValueError
            As :meth:`by_group`.

        Notes
        -----
        The interval of the pair's difference, the two groups being
        independent samples: for ROC AUC the unpaired DeLong interval
        (:func:`~evalplots.metrics.inference._independent.unpaired_delong_test`);
        for accuracy, precision, recall, specificity and NPV Newcombe's interval
        of two proportions; other metrics get none (their intervals come from
        bootstraps that do not combine), and ``note`` says so.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> s = [.9, .2, .7, .4, .6, .5, .3, .1]
        >>> g = evaluate(y, {"m": s}, groups={"site": list("aaaabbbb")}).groups["site"]
        >>> gap = g.difference("ROC AUC")
        >>> gap.high, gap.low, gap.difference
        ('a', 'b', 0.25)
        """
        metric, model = self._metric(metric), self._model(model)
        values = {level: self._value(level, model, metric)[0] for level in self.levels}
        defined = {k: v for k, v in values.items() if not math.isnan(v)}
        if len(defined) < 2:
            return GroupGap(metric, math.nan, None, None, None,
                            f"n/a: {len(defined)} group(s) have a value of {metric}; a gap "
                            f"needs two")
        high = max(defined, key=defined.get)
        low = min(defined, key=defined.get)
        ci, note = self._pair_interval(metric, model, high, low)
        selected = _SELECTED.format(k=len(defined)) if len(defined) > 2 else ""
        note = "; ".join(t for t in (note, selected) if t)
        return GroupGap(metric, defined[high] - defined[low], ci, high, low, note)

    def _pair_interval(self, metric, model, high, low):
        a, b = self.evaluations[high], self.evaluations[low]
        if not (a.source.frequency and b.source.frequency):
            return None, f"no interval: {FRACTIONAL}"
        level = self.overall.interval_options.confidence_level
        if metric == "ROC AUC":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                va, vb = auc_variance(a[model].placements), auc_variance(b[model].placements)
                test = unpaired_delong_test(a[model].roc_auc, va, self.sizes[high],
                                            b[model].roc_auc, vb, self.sizes[low],
                                            confidence_level=level)
            return test.ci, "unpaired DeLong interval"
        if metric in _PROPORTIONS and self.overall.task == "binary":
            rule = _RATES[_PROPORTIONS[metric]]
            ka, na = rule(*_counts(a[model].confusion_matrix))
            kb, nb = rule(*_counts(b[model].confusion_matrix))
            return (proportion_difference_ci(ka, na, kb, nb, confidence_level=level),
                    "Newcombe's interval of two proportions")
        return None, (f"no interval: the interval of {metric} is a bootstrap of each "
                      f"group, which gives none of a difference")

    def fairness(self, model=None):
        """TPR, FPR and selection rate per group at the threshold, and their gaps.

        Parameters
        ----------
        model : str or None, default=None
            The model; None when there is one.

        Returns
        -------
        table : FairnessTable
            Per group the three rates with Wilson intervals; their largest
            gaps with Newcombe's interval; the equalized-odds and
            demographic-parity differences.

        Raises
        ------
        ValueError
            If the evaluation is not binary, or ``model`` is unknown.

        Notes
        -----
        Read from the rows of every group, so a group with one class still has
        a selection rate (and the rate its class defines); a rate whose
        denominator is empty is NaN with the reason and the group's size.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> s = [.9, .2, .7, .4, .6, .5, .3, .1]
        >>> g = evaluate(y, {"m": s}, groups={"site": list("aaaabbbb")}).groups["site"]
        >>> g.fairness().demographic_parity_difference.difference
        0.0
        """
        if self._rows is None:
            raise ValueError(f"fairness rates are defined for binary evaluations; this "
                             f"one is {self.overall.task}.")
        model = self._model(model)
        positive, scores, weight = self._rows
        predicted = scores[model] >= self.overall.threshold
        level = self.overall.interval_options.confidence_level
        rates, counts = {}, {}
        for group, mask in self.partition.masks().items():
            w = None if weight is None else weight[mask]
            cells = [_weighted_count(positive[mask] & predicted[mask], w),
                     _weighted_count(positive[mask] & ~predicted[mask], w),
                     _weighted_count(~positive[mask] & predicted[mask], w),
                     _weighted_count(~positive[mask] & ~predicted[mask], w)]
            counts[group] = cells
            whole = all(float(c).is_integer() for c in cells)
            row = {}
            for rate, rule in FAIRNESS_RATES.items():
                k, n = rule(*cells)
                if n <= 0:
                    row[rate] = GroupValue(group, math.nan, None, self.sizes[group],
                                           f"n/a: {_RATE_NEEDS[rate]} in group {group!r} "
                                           f"({self.sizes[group]:,} rows)")
                elif whole:
                    row[rate] = GroupValue(group, k / n, wilson(k, n, level),
                                           self.sizes[group], "")
                else:
                    row[rate] = GroupValue(group, k / n, None, self.sizes[group],
                                           f"no interval: {FRACTIONAL}")
            rates[group] = row
        gaps = {}
        for rate, rule in FAIRNESS_RATES.items():
            defined = {g: rates[g][rate].estimate for g in self.levels
                       if not math.isnan(rates[g][rate].estimate)}
            if len(defined) < 2:
                gaps[rate] = GroupGap(rate, math.nan, None, None, None,
                                      f"n/a: {len(defined)} group(s) have a {rate}")
                continue
            high, low = max(defined, key=defined.get), min(defined, key=defined.get)
            ci, note = None, f"no interval: {FRACTIONAL}"
            if rates[high][rate].ci is not None and rates[low][rate].ci is not None:
                ci = proportion_difference_ci(*rule(*counts[high]), *rule(*counts[low]),
                                              confidence_level=level)
                note = "Newcombe's interval of two proportions"
            if len(defined) > 2:
                note += "; " + _SELECTED.format(k=len(defined))
            gaps[rate] = GroupGap(rate, defined[high] - defined[low], ci, high, low, note)
        return FairnessTable(model, self.overall.threshold, rates, gaps)

    def auc_test(self, model=None):
        """Does the model's AUC differ between the groups (independent samples)?

        Parameters
        ----------
        model : str or None, default=None
            The model; None when there is one.

        Returns
        -------
        test : AUCGroupTest
            The unpaired DeLong test with exactly two testable groups, the
            chi-square test of equal AUCs with two or more; groups without an
            AUC or without a DeLong variance are listed in ``excluded`` with
            the reason.

        Raises
        ------
        ValueError
            If the evaluation is not binary, or ``model`` is unknown.

        Notes
        -----
        See :func:`~evalplots.metrics.inference._independent.auc_heterogeneity_test`:
        ``Q = Σ (A_g − Ā)² / V_g`` on k − 1 degrees of freedom, Ā the
        inverse-variance weighted mean; V_g DeLong's variance of group g.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> s = [.9, .2, .7, .4, .6, .5, .3, .1]
        >>> g = evaluate(y, {"m": s}, groups={"site": list("aaaabbbb")}).groups["site"]
        >>> t = g.auc_test()
        >>> t.groups, t.excluded
        (('b',), {'a': "n/a: the DeLong variance of the AUC is 0 in group 'a' (4 rows)"})
        """
        if self._rows is None:
            raise ValueError(f"the AUC test across groups is defined for binary "
                             f"evaluations; this one is {self.overall.task}.")
        model = self._model(model)
        kept, aucs, variances, excluded = [], [], [], {}
        for level in self.levels:
            auc, note = self._value(level, model, "ROC AUC")
            if note:
                excluded[level] = note
                continue
            ev = self.evaluations[level]
            if not ev.source.frequency:
                excluded[level] = f"n/a: {FRACTIONAL}"
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                variance = auc_variance(ev[model].placements)
            if not variance > 0:
                excluded[level] = (f"n/a: the DeLong variance of the AUC is 0 in group "
                                   f"{level!r} ({self.sizes[level]:,} rows)")
                continue
            kept.append(level)
            aucs.append(auc)
            variances.append(variance)
        level = self.overall.interval_options.confidence_level
        unpaired = (unpaired_delong_test(aucs[0], variances[0], self.sizes[kept[0]],
                                         aucs[1], variances[1], self.sizes[kept[1]],
                                         confidence_level=level)
                    if len(kept) == 2 else None)
        heterogeneity = auc_heterogeneity_test(aucs, variances) if len(kept) >= 2 else None
        return AUCGroupTest(model, tuple(kept), tuple(aucs), tuple(variances), unpaired,
                            heterogeneity, excluded)

    def to_frame(self, metrics=None):
        """Tidy rows: one per (model, metric, group).

        Parameters
        ----------
        metrics : sequence of str or None, default=None
            Metrics-table columns (None: all).

        Returns
        -------
        frame : pandas.DataFrame
            Columns ``grouping``, ``group``, ``model``, ``metric``, ``estimate``,
            ``low``, ``high``, ``n``, ``gap_to_overall``, ``note``.

        Raises
        ------
        ImportError
            If pandas is not installed.
        ValueError
            If a metric is unknown.

        Notes
        -----
        The gap to the overall value is a point estimate (see
        :meth:`gaps_to_overall`).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> s = [.9, .2, .7, .4, .6, .5, .3, .1]
        >>> g = evaluate(y, {"m": s}, groups={"site": list("aaaabbbb")}).groups["site"]
        >>> g.to_frame(["ROC AUC"])[["group", "estimate", "n"]].values.tolist()
        [['a', 1.0, 4], ['b', 0.75, 4]]
        """
        import pandas as pd

        records = []
        for model in self.overall.model_names:
            for metric in metrics or self.overall.metrics_table.columns:
                gaps = self.gaps_to_overall(metric, model)
                for level, v in self.by_group(metric, model).items():
                    records.append((self.name, level, model, metric, v.estimate,
                                    *_bounds(v.ci), v.n, gaps[level], v.note))
        return pd.DataFrame.from_records(
            records, columns=["grouping", "group", "model", "metric", "estimate", "low",
                              "high", "n", "gap_to_overall", "note"])


def _counts(matrix):
    (tn, fp), (fn, tp) = np.asarray(matrix).tolist()
    return tp, fn, fp, tn


def _weighted_count(mask, weight):
    if weight is None:
        return int(np.count_nonzero(mask))
    total = float(weight[mask].sum())
    return int(total) if total.is_integer() else total


class Subgroups(dict):
    """``{grouping: GroupEvaluation}``: every grouping column, each analysed on its own.

    Parameters
    ----------
    groupings : dict of str to GroupEvaluation
        In the order given.

    Notes
    -----
    Each grouping is its own partition of all rows (marginal subgroups, as in
    a forest plot by sex, then by site); for the intersection, pass one column
    combining them.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> ev = evaluate([1, 0, 1, 0], {"m": [.9, .2, .7, .4]}, groups={"s": list("aabb")})
    >>> list(ev.groups), ev.groups.to_frame(["ROC AUC"])["estimate"].tolist()
    (['s'], [1.0, 1.0])
    """

    def __init__(self, groupings):
        super().__init__(groupings)

    def to_frame(self, metrics=None):
        """All groupings' :meth:`GroupEvaluation.to_frame` rows, one frame.

        Parameters
        ----------
        metrics : sequence of str or None, default=None
            Metrics-table columns (None: all).

        Returns
        -------
        frame : pandas.DataFrame

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        The column ``grouping`` tells the groupings apart.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 1, 0], {"m": [.9, .2, .7, .4]},
        ...               groups={"s": list("aabb"), "t": list("abab")})
        >>> ev.groups.to_frame(["AP"])["grouping"].tolist()
        ['s', 's', 't', 't']
        """
        import pandas as pd

        return pd.concat([g.to_frame(metrics) for g in self.values()], ignore_index=True)
