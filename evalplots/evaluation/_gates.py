"""Baseline gates: is each model at least as good as the one in service?

Each other model is tested against the baseline with the paired test of the
metric, one-sided against a margin (:func:`evalplots.metrics.margin_test`:
non-inferiority, or superiority), and the p-values of the gates are
Holm-adjusted together: a release that passes one of many gates by chance is
what the adjustment prevents. A gate passes when its adjusted p-value is below
``1 - confidence_level``; a gate that cannot be tested (the metric's test is
n/a) does not pass, and says why.
"""

import math
from dataclasses import dataclass, replace

from evalplots.metrics._format import format_number, format_pvalue
from evalplots.metrics.inference._holm import holm_adjust
from evalplots.metrics.inference._margin import MarginTestResult

__all__ = ["GATE_METRICS", "Gate", "GateTable"]

#: The metrics a gate can test, each by its paired test: {name: (shown name, test)}.
GATE_METRICS = {"roc_auc": ("ROC AUC", "paired DeLong")}


@dataclass(frozen=True)
class Gate:
    """One model tested against the baseline (a row of a :class:`GateTable`).

    Parameters
    ----------
    model, baseline : str
        The model tested and the baseline; differences are model − baseline.
    metric : str
        The metric's shown name, e.g. ``'ROC AUC'``.
    test : MarginTestResult or None
        The one-sided test against the margin; None when it could not be made
        (``note`` says why).
    pvalue_holm : float, default=nan
        The test's p-value, Holm-adjusted over the gates of the table.
    note : str, default=''
        Why the gate is untested, or details of the test.

    Notes
    -----
    ``passed`` (the property) is ``pvalue_holm < 1 - confidence_level``; an
    untested gate has ``passed`` False. The test's ``bound`` is the unadjusted
    one-sided bound.

    Examples
    --------
    >>> test = MarginTestResult(-0.004, 0.02, -0.012, 3.2, 0.0007, False, 0.95)
    >>> print(Gate("new", "old", "ROC AUC", test, 0.0007))
    new vs old (ROC AUC, non-inferiority, margin 0.020): difference -0.004, one-sided 95% lower bound -0.012, Holm p = 0.0007: passed
    """

    model: str
    baseline: str
    metric: str
    test: MarginTestResult
    pvalue_holm: float = math.nan
    note: str = ""

    @property
    def passed(self):
        """Whether the gate passed: the Holm-adjusted p-value below ``1 - level``."""
        if self.test is None:
            return False
        return replace(self.test, pvalue=self.pvalue_holm).passed  # the test's one rule

    def __str__(self):
        head = f"{self.model} vs {self.baseline} ({self.metric}"
        if self.test is None:
            return f"{head}): not tested, {self.note}"
        t = self.test
        return (f"{head}, {t.hypothesis}, margin {format_number(t.margin, 3)}): "
                f"difference {format_number(t.difference, 3)}, one-sided "
                f"{100 * t.confidence_level:g}% lower bound {format_number(t.bound, 3)}, "
                f"Holm p = {format_pvalue(self.pvalue_holm)}: "
                f"{'passed' if self.passed else 'not passed'}")


class GateTable(list):
    """The gates of an evaluation (a list of :class:`Gate`), Holm-adjusted together.

    Parameters
    ----------
    gates : iterable of Gate
        With each test's raw p-value; the adjusted ones are filled in here.

    Notes
    -----
    Holm's step-down adjustment (:func:`evalplots.metrics.holm_adjust`) over
    the tested gates; ``passed`` (the property) is True only when every gate
    passed, untested ones included.

    Examples
    --------
    >>> tests = [MarginTestResult(.01, .02, -.01, 3.0, .001, False, .95),
    ...          MarginTestResult(-.03, .02, -.05, -1.0, .84, False, .95)]
    >>> table = GateTable(Gate(m, "old", "ROC AUC", t) for m, t in zip("ab", tests))
    >>> [g.pvalue_holm for g in table], table.passed
    ([0.002, 0.84], False)
    """

    def __init__(self, gates):
        gates = list(gates)
        tested = [i for i, g in enumerate(gates) if g.test is not None]
        adjusted = holm_adjust([gates[i].test.pvalue for i in tested])
        for i, p in zip(tested, adjusted):
            gates[i] = replace(gates[i], pvalue_holm=float(p))
        super().__init__(gates)

    @property
    def passed(self):
        """Whether every gate passed (False for an empty table: nothing was shown)."""
        return bool(self) and all(g.passed for g in self)

    def to_frame(self):
        """The gates as a pandas DataFrame, one row per model.

        Returns
        -------
        frame : pandas.DataFrame of shape (n_gates, 11)
            Columns ``model``, ``baseline``, ``metric``, ``hypothesis``,
            ``margin``, ``difference``, ``bound``, ``pvalue``, ``pvalue_holm``,
            ``passed``, ``note``.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        An untested gate has NaN numbers, ``passed`` False and its reason in
        ``note``.

        Examples
        --------
        >>> t = MarginTestResult(.01, .02, -.01, 3.0, .001, False, .95)
        >>> GateTable([Gate("a", "old", "ROC AUC", t)]).to_frame()["passed"].tolist()
        [True]
        """
        import pandas as pd

        untested = (None, math.nan, math.nan, math.nan, math.nan)
        return pd.DataFrame.from_records(
            [(g.model, g.baseline, g.metric,
              *((g.test.hypothesis, g.test.margin, g.test.difference, g.test.bound,
                 g.test.pvalue) if g.test else untested),
              g.pvalue_holm, g.passed, g.note) for g in self],
            columns=["model", "baseline", "metric", "hypothesis", "margin", "difference",
                     "bound", "pvalue", "pvalue_holm", "passed", "note"])
