"""McNemar's test: do two classifiers, scored on the same samples, err equally often?

Only the discordant samples matter: b, where model a is right and model b wrong,
and c, where a is wrong and b right. Under H0 (equal error rates) each discordant
sample is a fair coin, so b ~ Binomial(b + c, 1/2).
"""

from dataclasses import dataclass

import numpy as np

from evalplots.metrics._format import format_pvalue
from evalplots.metrics._labels import check_label_arrays
from evalplots.metrics._validation import as_1d, check_consistent_length

__all__ = ["McNemarTestResult", "mcnemar_from_counts", "mcnemar_test"]

#: below this many discordant samples the exact binomial test is used by default
EXACT_BELOW = 25


@dataclass(frozen=True)
class McNemarTestResult:
    """Result of :func:`mcnemar_test`.

    Parameters
    ----------
    statistic : float
        ``'exact'``: ``min(b, c)``; ``'chi2'``: the continuity-corrected
        chi-square statistic (1 degree of freedom).
    pvalue : float
        Two-sided p-value of H0: both models have the same error rate.
    b : int
        Samples model a classifies correctly and model b wrongly.
    c : int
        Samples model a classifies wrongly and model b correctly.
    method : {'exact', 'chi2'}
        The exact binomial test or the chi-square approximation.

    Notes
    -----
    ``str()`` gives one line for a report, e.g.
    ``McNemar's test (exact binomial): b = 3, c = 9, statistic = 3, p = 0.146``.

    Examples
    --------
    >>> from evalplots.metrics import McNemarTestResult
    >>> print(McNemarTestResult(3.0, 0.14599609375, 3, 9, "exact"))
    McNemar's test (exact binomial): b = 3, c = 9, statistic = 3, p = 0.1460
    """

    statistic: float
    pvalue: float
    b: int
    c: int
    method: str

    def __str__(self):
        how = "exact binomial" if self.method == "exact" else "chi-square, continuity-corrected"
        return (
            f"McNemar's test ({how}): b = {self.b}, c = {self.c}, statistic = "
            f"{self.statistic:.4g}, p = {format_pvalue(self.pvalue)}"
        )


def _discordant_counts(y_true, y_pred_a, y_pred_b):
    arrays = {
        "y_true": as_1d(y_true, "y_true"),
        "y_pred_a": as_1d(y_pred_a, "y_pred_a"),
        "y_pred_b": as_1d(y_pred_b, "y_pred_b"),
    }
    check_consistent_length(**arrays)
    check_label_arrays(arrays)
    t, a, b = arrays.values()
    right_a, right_b = a == t, b == t
    n_b = int(np.count_nonzero(right_a & ~right_b))
    n_c = int(np.count_nonzero(~right_a & right_b))
    return n_b, n_c


def mcnemar_test(y_true, y_pred_a, y_pred_b, *, exact=None):
    """McNemar's test of equal error rates of two classifiers on the same samples.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (any classes: integers, whole-number floats, bools or
        strings, one type).
    y_pred_a : array-like of shape (n_samples,)
        Labels predicted by model a, same type as ``y_true`` (not scores).
    y_pred_b : array-like of shape (n_samples,)
        Labels predicted by model b for the same samples, in the same order.
    exact : bool or None, default=None
        True: the exact binomial test. False: the chi-square test with
        continuity correction. None: exact when ``b + c < 25``, else chi-square.

    Returns
    -------
    result : McNemarTestResult
        ``statistic``, two-sided ``pvalue``, the discordant counts ``b`` and
        ``c`` and the ``method`` used ('exact' or 'chi2').

    Raises
    ------
    ValueError
        If the arrays are empty, not 1-D, of different lengths, or hold NaN,
        non-integer floats (scores: threshold them first) or mixed
        string/number labels; if ``exact`` is not True, False or None.

    Notes
    -----
    McNemar (1947), "Note on the sampling error of the difference between
    correlated proportions or percentages", *Psychometrika* 12:153-157. With b
    the samples only model a gets right and c those only model b gets right:

    - exact: ``pvalue = scipy.stats.binomtest(b, b + c, 0.5).pvalue`` (the
      two-sided binomial test); ``statistic = min(b, c)`` (as statsmodels);
    - chi2: :math:`\\chi^2 = \\max(|b - c| - 1, 0)^2 / (b + c)` with 1 degree of
      freedom, the continuity correction of Edwards (1948), "Note on the
      'correction for continuity' in testing the significance of the
      difference between correlated proportions", *Psychometrika* 13:185-187.
      The max(·, 0) keeps b = c at statistic 0, p = 1 (statsmodels would give
      1/(b + c) there).

    The default switches to the exact test below 25 discordant samples, the
    usual rule (e.g. statsmodels' documentation; Fagerland, Lydersen & Laake,
    *BMC Med. Res. Methodol.* 13:91, 2013), where the chi-square
    approximation is poor. Rule: with b + c = 0 (the models err on the same
    samples) there is no evidence of a difference: ``statistic = 0`` and
    ``pvalue = 1``, for either method.

    Examples
    --------
    >>> from evalplots.metrics import mcnemar_test
    >>> y_true = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0]
    >>> y_a    = [1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 0]
    >>> y_b    = [1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0]
    >>> result = mcnemar_test(y_true, y_a, y_b)
    >>> result.b, result.c, result.method
    (5, 1, 'exact')
    >>> round(result.pvalue, 4)
    0.2188
    """
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise ValueError(f"exact must be True, False or None, got {exact!r}.")
    b, c = _discordant_counts(y_true, y_pred_a, y_pred_b)
    return mcnemar_from_counts(b, c, exact)


def mcnemar_from_counts(b, c, exact=None):
    """McNemar's test from the discordant counts ``b`` and ``c`` (see
    :func:`mcnemar_test`; the evaluation reads them off its stored predictions)."""
    n = b + c
    use_exact = bool(exact) if exact is not None else n < EXACT_BELOW
    method = "exact" if use_exact else "chi2"
    if n == 0:
        return McNemarTestResult(0.0, 1.0, b, c, method)
    if use_exact:
        from scipy.stats import binomtest  # scipy.stats (slow to import) only here

        return McNemarTestResult(float(min(b, c)), float(binomtest(b, n, 0.5).pvalue), b, c, method)
    from scipy.special import chdtrc
    statistic = max(abs(b - c) - 1, 0) ** 2 / n
    return McNemarTestResult(float(statistic), float(chdtrc(1, statistic)), b, c, method)
