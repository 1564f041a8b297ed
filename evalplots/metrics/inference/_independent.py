"""Tests and intervals of independent samples: subgroups compared with one another.

Two subgroups of a test set hold different rows, so a metric's estimates in them
are independent: the variance of their difference is the sum of their variances.
Here: DeLong's variance of one AUC (:func:`auc_variance`), the unpaired DeLong
test of two AUCs (:func:`unpaired_delong_test`), the chi-square test of equality
of k AUCs (:func:`auc_heterogeneity_test`) and Newcombe's interval of the
difference of two independent proportions (:func:`proportion_difference_ci`).
"""

import math
import warnings
from dataclasses import dataclass

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._format import format_number, format_pvalue
from evalplots.metrics.inference._delong import _delong_variance
from evalplots.metrics.inference._interval import ConfidenceInterval
from evalplots.metrics.inference._proportion import _interval

__all__ = ["AUCHeterogeneityResult", "UnpairedDeLongResult", "auc_heterogeneity_test",
           "auc_variance", "proportion_difference_ci", "unpaired_delong_test"]


def auc_variance(placements):
    """DeLong's variance of one AUC, ``S10 / m + S01 / n``, from its placements.

    Parameters
    ----------
    placements : _Placements
        The placement values of one model on one sample (e.g.
        ``BinaryModel.placements``).

    Returns
    -------
    variance : float
        ``S10 / m + S01 / n`` with ``S10 = Σ w (V10 − AUC)² / (m − 1)`` over the
        positives and ``S01`` likewise over the negatives (DeLong, DeLong &
        Clarke-Pearson, *Biometrics* 44:837-845, 1988).

    Notes
    -----
    The variance :func:`evalplots.metrics.roc_auc_ci` takes the interval from;
    a class of one sample adds 0 and warns (UndefinedMetricWarning).

    Examples
    --------
    >>> from evalplots import evaluate
    >>> m = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})["m"]
    >>> round(auc_variance(m.placements), 6)
    0.061728
    """
    return float(_delong_variance(placements.v10, placements.v01, placements.auc, placements,
                            what="the AUC", stacklevel=3))


@dataclass(frozen=True)
class UnpairedDeLongResult:
    """Result of :func:`unpaired_delong_test`: two independent AUCs and their difference.

    Parameters
    ----------
    auc_a, auc_b : float
        The two AUCs.
    difference : float
        ``auc_a − auc_b``.
    ci : ConfidenceInterval
        Interval of the difference, ``difference ± t_{1−α/2, df} √(V_a + V_b)``,
        clipped to [−1, 1].
    statistic : float
        ``D = difference / √(V_a + V_b)`` (pROC's statistic ``D``).
    df : float
        Welch-Satterthwaite degrees of freedom of the t reference.
    pvalue : float
        Two-sided p-value of H0: equal AUCs, ``2 P(T_df >= |D|)``.

    Notes
    -----
    ``str()`` gives one line for a report.

    Examples
    --------
    >>> ci = ConfidenceInterval(0.1, -0.05, 0.25, "delong", 0.95)
    >>> print(UnpairedDeLongResult(0.8, 0.7, 0.1, ci, 1.31, 180.0, 0.19))
    AUC a = 0.800, AUC b = 0.700, difference = 0.100 [-0.050, 0.250] (95% CI), D = 1.31, df = 180.0, p = 0.19 (unpaired DeLong test)
    """

    auc_a: float
    auc_b: float
    difference: float
    ci: ConfidenceInterval
    statistic: float
    df: float
    pvalue: float

    def __str__(self):
        level = f"{100 * self.ci.confidence_level:g}%"
        return (f"AUC a = {self.auc_a:.3f}, AUC b = {self.auc_b:.3f}, difference = "
                f"{self.ci.format(3)} ({level} CI), D = {format_number(self.statistic, 2)}, "
                f"df = {self.df:.1f}, p = {format_pvalue(self.pvalue)} (unpaired DeLong test)")


def unpaired_delong_test(auc_a, variance_a, n_a, auc_b, variance_b, n_b, *,
                         confidence_level=0.95):
    """DeLong's test of two AUCs measured on independent samples.

    Parameters
    ----------
    auc_a, auc_b : float
        The AUCs, each of its own sample (two subgroups, two test sets).
    variance_a, variance_b : float
        Their DeLong variances (:func:`auc_variance`), >= 0.
    n_a, n_b : float
        The samples' sizes (positives and negatives), each >= 2.
    confidence_level : float, default=0.95
        Level of the interval of the difference.

    Returns
    -------
    result : UnpairedDeLongResult

    Raises
    ------
    ValueError
        If a variance is negative or not finite, or a size is below 2.

    Notes
    -----
    pROC's ``roc.test(paired=FALSE, method='delong')`` (Robin et al., *BMC
    Bioinformatics* 12:77, 2011; ``delong.unpaired.test``): the samples share
    no row, so the covariance is 0 and ``D = (A_a − A_b) / √(V_a + V_b)``, with a
    Student t reference on the Welch-Satterthwaite degrees of freedom
    ``df = (V_a + V_b)² / (V_a² / (n_a − 1) + V_b² / (n_b − 1))``. The interval
    inverts the same test. A total variance of 0 gives D = 0 and p = 1 when the
    AUCs are equal, else ±inf and p = 0, with an UndefinedMetricWarning.

    Examples
    --------
    >>> r = unpaired_delong_test(0.8, 0.002, 100, 0.7, 0.003, 120)
    >>> round(r.statistic, 4), round(r.df, 1), round(r.pvalue, 4)
    (1.4142, 215.5, 0.1587)
    """
    for name, v in (("variance_a", variance_a), ("variance_b", variance_b)):
        if not (math.isfinite(v) and v >= 0):
            raise ValueError(f"{name} must be a finite number >= 0, got {v!r}.")
    for name, n in (("n_a", n_a), ("n_b", n_b)):
        if not n >= 2:
            raise ValueError(f"{name} must be at least 2 (a positive and a negative), "
                             f"got {n!r}.")
    difference = auc_a - auc_b
    variance = variance_a + variance_b
    if variance == 0.0:
        d = 0.0 if difference == 0.0 else math.copysign(math.inf, difference)
        warnings.warn(f"The DeLong variance of both AUCs is 0, so the unpaired test is "
                      f"degenerate: D = {d:g} by rule.", UndefinedMetricWarning, stacklevel=2)
        ci = ConfidenceInterval(difference, difference, difference, "delong",
                                confidence_level)
        return UnpairedDeLongResult(auc_a, auc_b, difference, ci, d, math.nan,
                                    1.0 if difference == 0.0 else 0.0)
    from scipy.special import stdtr, stdtrit  # scipy only when a p-value is asked for

    df = variance ** 2 / (variance_a ** 2 / (n_a - 1) + variance_b ** 2 / (n_b - 1))
    se = math.sqrt(variance)
    d = difference / se
    half = float(stdtrit(df, 0.5 + confidence_level / 2.0)) * se
    ci = ConfidenceInterval(difference, max(-1.0, difference - half),
                            min(1.0, difference + half), "delong", confidence_level)
    return UnpairedDeLongResult(auc_a, auc_b, difference, ci, d, df,
                                float(min(1.0, 2.0 * stdtr(df, -abs(d)))))


@dataclass(frozen=True)
class AUCHeterogeneityResult:
    """Result of :func:`auc_heterogeneity_test`: do k independent AUCs differ?

    Parameters
    ----------
    statistic : float
        ``Q = Σ (A_i − Ā)² / V_i``.
    df : int
        Degrees of freedom, k − 1.
    pvalue : float
        ``P(χ²_df >= Q)``.
    pooled_auc : float
        ``Ā = Σ (A_i / V_i) / Σ (1 / V_i)``, the inverse-variance weighted mean.

    Notes
    -----
    ``str()`` gives one line for a report.

    Examples
    --------
    >>> print(AUCHeterogeneityResult(4.2, 2, 0.1225, 0.81))
    chi2 = 4.20 on 2 df, p = 0.122 (test of equal AUCs across 3 groups)
    """

    statistic: float
    df: int
    pvalue: float
    pooled_auc: float

    def __str__(self):
        return (f"chi2 = {self.statistic:.2f} on {self.df} df, p = "
                f"{format_pvalue(self.pvalue)} (test of equal AUCs across "
                f"{self.df + 1} groups)")


def auc_heterogeneity_test(aucs, variances):
    """The chi-square test of equality of k AUCs measured on independent samples.

    Parameters
    ----------
    aucs : sequence of float of length k
        The AUCs, k >= 2.
    variances : sequence of float of length k
        Their DeLong variances, each > 0.

    Returns
    -------
    result : AUCHeterogeneityResult

    Raises
    ------
    ValueError
        If fewer than two AUCs are given, the lengths differ, or a variance is
        not a finite number > 0.

    Notes
    -----
    Cochran's Q of the AUCs: with weights ``w_i = 1 / V_i`` and the weighted mean
    ``Ā = Σ w_i A_i / Σ w_i``, ``Q = Σ w_i (A_i − Ā)²`` is χ² with k − 1 degrees
    of freedom under H0: all AUCs equal (Hanley & McNeil's test of independent
    AUCs, *Radiology* 148:839-843, 1983, generalised to k; the meta-analytic
    test of heterogeneity). With k = 2 it is the square of the unpaired DeLong
    statistic D; its χ² (normal) reference gives a p-value a little below the
    t reference of :func:`unpaired_delong_test` in small samples.

    Examples
    --------
    >>> r = auc_heterogeneity_test([0.8, 0.7], [0.002, 0.003])
    >>> round(r.statistic, 4), r.df, round(r.pvalue, 4)
    (2.0, 1, 0.1573)
    """
    aucs, variances = [float(a) for a in aucs], [float(v) for v in variances]
    if len(aucs) != len(variances):
        raise ValueError(f"aucs has {len(aucs)} values but variances {len(variances)}; "
                         f"pass one variance per AUC.")
    if len(aucs) < 2:
        raise ValueError(f"the test compares at least two AUCs, got {len(aucs)}.")
    for v in variances:
        if not (math.isfinite(v) and v > 0):
            raise ValueError(f"each variance must be a finite number > 0, got {v!r}; a "
                             f"group whose AUC has no spread cannot be weighted.")
    from scipy.special import chdtrc  # scipy only when a p-value is asked for

    weights = [1.0 / v for v in variances]
    pooled = sum(w * a for w, a in zip(weights, aucs)) / sum(weights)
    q = sum(w * (a - pooled) ** 2 for w, a in zip(weights, aucs))
    df = len(aucs) - 1
    return AUCHeterogeneityResult(q, df, float(chdtrc(df, q)), pooled)


def proportion_difference_ci(k_a, n_a, k_b, n_b, *, confidence_level=0.95):
    """Newcombe's interval of the difference of two independent proportions.

    Parameters
    ----------
    k_a, n_a : float
        Successes and trials of the first sample (whole numbers, ``n_a > 0``).
    k_b, n_b : float
        Of the second sample.
    confidence_level : float, default=0.95
        Nominal coverage.

    Returns
    -------
    ci : ConfidenceInterval
        Of ``k_a / n_a − k_b / n_b``, method 'newcombe'.

    Raises
    ------
    ValueError
        If a number of trials is 0.

    Notes
    -----
    Newcombe's hybrid score interval (method 10 of R. G. Newcombe, "Interval
    estimation for the difference between independent proportions", *Statistics
    in Medicine* 17:873-890, 1998; its examples (a) 56/70 − 48/80 and (b)
    9/10 − 3/10 give [0.0524, 0.3339] and [0.1705, 0.8090]): with Wilson's intervals ``[l_a, u_a]`` and
    ``[l_b, u_b]`` and ``d = p_a − p_b``,
    ``[d − √((p_a − l_a)² + (u_b − p_b)²), d + √((u_a − p_a)² + (p_b − l_b)²)]``.

    Examples
    --------
    >>> ci = proportion_difference_ci(56, 70, 48, 80)
    >>> round(ci.estimate, 4), round(ci.low, 4), round(ci.high, 4)
    (0.2, 0.0524, 0.3339)
    """
    if n_a <= 0 or n_b <= 0:
        raise ValueError(f"each sample needs at least one trial, got n_a={n_a!r} and "
                         f"n_b={n_b!r}.")
    p_a, p_b = k_a / n_a, k_b / n_b
    l_a, u_a = _interval(float(k_a), float(n_a), "wilson", confidence_level)
    l_b, u_b = _interval(float(k_b), float(n_b), "wilson", confidence_level)
    d = p_a - p_b
    low = d - math.sqrt((p_a - l_a) ** 2 + (u_b - p_b) ** 2)
    high = d + math.sqrt((u_a - p_a) ** 2 + (p_b - l_b) ** 2)
    return ConfidenceInterval(d, max(-1.0, low), min(1.0, high), "newcombe", confidence_level)
