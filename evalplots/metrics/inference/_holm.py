"""Holm's step-down adjustment of p-values for a family of tests done at once."""

import numpy as np

from evalplots.metrics._validation import as_1d

__all__ = ["holm_adjust"]


def holm_adjust(pvalues):
    """Holm-Bonferroni adjusted p-values of a family of tests.

    Parameters
    ----------
    pvalues : array-like of shape (n_tests,)
        Raw p-values of the tests of one family (e.g. every pair of models
        compared by the same test), each in [0, 1]. May be empty.

    Returns
    -------
    adjusted : ndarray of shape (n_tests,)
        Adjusted p-values, in the order of ``pvalues``, each in [0, 1] and
        never below its raw p-value. Rejecting the tests whose adjusted
        p-value is <= alpha controls the family-wise error rate at alpha.

    Raises
    ------
    ValueError
        If ``pvalues`` is not 1-D, holds NaN or a value outside [0, 1].

    Notes
    -----
    Holm (1979), "A simple sequentially rejective multiple test procedure",
    *Scandinavian Journal of Statistics* 6(2):65-70. With the m raw p-values
    sorted, :math:`p_{(1)} \\le \\dots \\le p_{(m)}`, the adjusted value of the
    i-th smallest is

    .. math::
        \\tilde p_{(i)} = \\min\\Big(1, \\max_{j \\le i} (m - j + 1)\\, p_{(j)}\\Big),

    the step-down rule "reject H_(1), ..., H_(i) while :math:`p_{(j)} \\le
    \\alpha / (m - j + 1)`" written as p-values (Wright, "Adjusted p-values
    for simultaneous inference", *Biometrics* 48:1005-1013, 1992). It controls
    the family-wise error rate under any dependence between the tests (the
    pairs of models share samples), and is uniformly more powerful than
    Bonferroni's :math:`\\min(1, m\\,p)`. Tied p-values get the same
    adjusted value. Equals statsmodels'
    ``multipletests(pvalues, method='holm')[1]``.

    Examples
    --------
    >>> from evalplots.metrics import holm_adjust
    >>> holm_adjust([0.01, 0.04, 0.03]).tolist()
    [0.03, 0.06, 0.06]
    >>> holm_adjust([]).tolist()
    []
    """
    p = as_1d(pvalues, "pvalues", allow_empty=True).astype(float)
    if p.size and not (np.all(p >= 0) and np.all(p <= 1)):  # NaN fails both
        bad = p[~((p >= 0) & (p <= 1))][0]
        raise ValueError(f"pvalues must be p-values in [0, 1], got {bad!r}; pass the raw "
                         f"p-values of the tests, without NaN.")
    m = p.size
    order = np.argsort(p, kind="stable")
    stepped = np.maximum.accumulate((m - np.arange(m)) * p[order])
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(1.0, stepped)
    return adjusted
