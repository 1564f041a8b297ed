"""Comparisons of every pair of models of an evaluation, with Holm-adjusted p-values.

Tests per task:

- binary: the paired DeLong test of the ROC AUCs (difference, its interval, p),
  and McNemar's test of the errors at the threshold;
- multi-class: McNemar's test on correct/incorrect, and a paired bootstrap of
  the macro-F1 difference;
- regression: paired bootstraps of the MAE and R² differences.

Paired bootstrap: both models are scored on the same resamples; the interval of
the difference is the percentile interval, and its p-value the smallest level at
which that interval excludes 0, ``min(1, 2 min(#{d* <= 0} + 1, #{d* >= 0} + 1) /
(B + 1))`` (the bootstrap test by inverting the percentile interval; the +1
counts the observed sample, so p is never 0; Davison & Hinkley, *Bootstrap
Methods and their Application*, 1997, §4.4). The percentile interval (not BCa)
keeps the interval and the p-value consistent: 0 lies outside the 95 % interval
exactly when p < 0.05, up to the +1.

Holm: each test is run on every pair at once, so among many pairs one is
likely to look significant by chance; the p-values of one test (one family)
are adjusted with :func:`evalplots.metrics.holm_adjust`.
"""

import itertools
import math
from dataclasses import dataclass, replace

import numpy as np

from evalplots.evaluation._text_tables import ComparisonTableText
from evalplots.metrics._format import format_number
from evalplots.metrics.inference._holm import holm_adjust
from evalplots.metrics.inference._interval import ConfidenceInterval

__all__ = ["ComparisonTable", "ModelComparison", "bootstrap_pvalue", "bootstrap_pvalue_floor",
           "delong_comparison", "mcnemar_comparison", "mcnemar_from_table", "model_pairs", "not_available",
           "percentile_difference"]


@dataclass(frozen=True)
class ModelComparison:
    """One test of one pair of models (a row of ``ev.comparisons``).

    Parameters
    ----------
    model_a, model_b : str
        The two models, in the evaluation's order; differences are a - b.
    test : str
        The test, e.g. ``'DeLong'``, ``'McNemar'``, ``'paired bootstrap'``.
    quantity : str
        What is compared, e.g. ``'ROC AUC'``, ``'errors at the threshold'``,
        ``'macro F1'``, ``'MAE'``.
    difference : float
        The estimate of metric(a) - metric(b) (McNemar: accuracy(a) -
        accuracy(b)); NaN when not defined.
    ci : ConfidenceInterval or None
        Interval of the difference (None for McNemar, or when the test is n/a).
    pvalue : float
        Two-sided raw p-value; NaN when the test could not be done (``note``).
    pvalue_holm : float
        Holm-adjusted p-value within the family of this test (all pairs).
    note : str
        Details (McNemar's discordant counts b, c) or why the test is n/a.
    pvalue_floor : float, default=0.0
        The smallest p-value the test can give: 2 / (B + 1) for a paired
        bootstrap of B resamples (:func:`bootstrap_pvalue_floor`), 0 for an
        analytic test. A p-value at the floor says only that it is below the
        resampling's resolution
        (:func:`evalplots.metrics._format.format_pvalue`).

    Notes
    -----
    ``family`` (the property) is ``test + quantity``: the p-values of one
    family are adjusted together (Holm 1979).

    Examples
    --------
    >>> c = ModelComparison("a", "b", "McNemar", "errors at the threshold", 0.02,
    ...                     None, 0.01, 0.02, "b = 12, c = 3")
    >>> c.family
    'McNemar: errors at the threshold'
    """

    model_a: str
    model_b: str
    test: str
    quantity: str
    difference: float
    ci: ConfidenceInterval
    pvalue: float
    pvalue_holm: float = math.nan
    note: str = ""
    pvalue_floor: float = 0.0

    @property
    def family(self):
        """``'test: quantity'``, the family of tests Holm adjusts together."""
        return f"{self.test}: {self.quantity}"


class ComparisonTable(ComparisonTableText, list):
    """Every pair comparison of an evaluation (a list of :class:`ModelComparison`).

    Parameters
    ----------
    comparisons : iterable of ModelComparison
        With raw p-values; the Holm-adjusted ones are filled in here, per family.

    Notes
    -----
    Holm's step-down adjustment (:func:`evalplots.metrics.holm_adjust`) is
    applied to the defined p-values of each family (one test on all pairs).

    Examples
    --------
    >>> rows = [ModelComparison("a", "b", "T", "x", 0.1, None, 0.01),
    ...         ModelComparison("a", "c", "T", "x", 0.2, None, 0.04)]
    >>> [c.pvalue_holm for c in ComparisonTable(rows)]
    [0.02, 0.04]
    """

    def __init__(self, comparisons):
        comparisons = list(comparisons)
        families = {}
        for i, c in enumerate(comparisons):
            if not math.isnan(c.pvalue):
                families.setdefault(c.family, []).append(i)
        for rows in families.values():
            adjusted = holm_adjust([comparisons[i].pvalue for i in rows])
            for i, p in zip(rows, adjusted):
                comparisons[i] = replace(comparisons[i], pvalue_holm=float(p))
        super().__init__(comparisons)

    def n_pairs(self, family):
        """Number of pairs tested in ``family`` (the m of Holm's adjustment).

        Parameters
        ----------
        family : str
            A :attr:`ModelComparison.family`.

        Returns
        -------
        n : int

        Notes
        -----
        Pairs whose test is n/a are not counted.

        Examples
        --------
        >>> ComparisonTable([ModelComparison("a", "b", "T", "x", 0., None, .5)]).n_pairs("T: x")
        1
        """
        return sum(c.family == family and not math.isnan(c.pvalue) for c in self)

    def to_frame(self):
        """The comparisons as a pandas DataFrame, one row per pair and test.

        Returns
        -------
        frame : pandas.DataFrame of shape (n_comparisons, 10)
            Columns ``model_a``, ``model_b``, ``test``, ``quantity``,
            ``difference``, ``low``, ``high``, ``pvalue``, ``pvalue_holm``,
            ``note``.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        ``low``/``high`` are NaN where there is no interval.

        Examples
        --------
        >>> t = ComparisonTable([ModelComparison("a", "b", "T", "x", 0., None, .5)])
        >>> t.to_frame()["pvalue_holm"].tolist()
        [0.5]
        """
        import pandas as pd

        return pd.DataFrame.from_records(
            [(c.model_a, c.model_b, c.test, c.quantity, c.difference,
              c.ci.low if c.ci else math.nan, c.ci.high if c.ci else math.nan,
              c.pvalue, c.pvalue_holm, c.note) for c in self],
            columns=["model_a", "model_b", "test", "quantity", "difference", "low",
                     "high", "pvalue", "pvalue_holm", "note"])


def model_pairs(names):
    """Every unordered pair of models, in the evaluation's order."""
    return list(itertools.combinations(names, 2))


def bootstrap_pvalue(differences):
    """Two-sided p-value of H0: difference 0, from paired bootstrap differences."""
    b = differences.size
    below = int(np.count_nonzero(differences <= 0)) + 1
    above = int(np.count_nonzero(differences >= 0)) + 1
    return min(1.0, 2.0 * min(below, above) / (b + 1))


def bootstrap_pvalue_floor(n_resamples):
    """The smallest p-value :func:`bootstrap_pvalue` gives for ``n_resamples``
    differences: ``min(1, 2 / (B + 1))``, none of them on the far side of 0."""
    return min(1.0, 2.0 / (n_resamples + 1))


def percentile_difference(estimate, differences, level):
    """The percentile interval of paired bootstrap differences."""
    alpha = 1.0 - level
    low, high = np.quantile(differences, [alpha / 2.0, 1.0 - alpha / 2.0])
    return ConfidenceInterval(estimate, float(low), float(high), "bootstrap-percentile",
                              level)


def mcnemar_comparison(a, b, right_a, right_b, weight, quantity):
    """McNemar's test of models a and b from which samples each gets right."""
    only_a, only_b = right_a & ~right_b, ~right_a & right_b
    n_b, n_c = ((int(only_a.sum()), int(only_b.sum())) if weight is None else
                (int(weight[only_a].sum()), int(weight[only_b].sum())))
    total = only_a.size if weight is None else float(weight.sum())
    return mcnemar_from_table(a, b, n_b, n_c, total, quantity)


def mcnemar_from_table(a, b, n_b, n_c, total, quantity):
    """McNemar's test of models a and b from the counts of samples only a gets
    right (``n_b``), only b (``n_c``), and of all samples (``total``)."""
    from evalplots.metrics.inference._mcnemar import mcnemar_from_counts

    test = mcnemar_from_counts(n_b, n_c)
    how = "exact binomial" if test.method == "exact" else "chi-square"
    return ModelComparison(a, b, "McNemar", quantity, (n_b - n_c) / total, None,
                           test.pvalue, note=f"b = {n_b}, c = {n_c} ({how})")


def delong_comparison(a, b, test, degenerate):
    """The row of a paired DeLong test (a DeLongTestResult); ``degenerate`` lists
    the warnings its computation raised (a zero variance: z and p by rule)."""
    note = (f"z = {format_number(test.z, 2)}" if not degenerate else
            "variance of the difference 0 or undefined: z and p set by rule")
    return ModelComparison(a, b, "DeLong", "ROC AUC", test.difference, test.ci, test.pvalue,
                           note=note)


def not_available(a, b, test, quantity, reason):
    """A comparison that could not be made, with the reason."""
    return ModelComparison(a, b, test, quantity, math.nan, None, math.nan, note=reason)
