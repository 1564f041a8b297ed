"""p-values of the paired tests (DeLong, McNemar): the normal tail and one text form."""

import math

__all__ = ["format_pvalue", "two_sided_normal_pvalue"]


def two_sided_normal_pvalue(z):
    """``P(|Z| >= |z|)`` for a standard normal Z, accurate far into the tail.

    ``2 * ndtr(-|z|)`` rather than ``2 * (1 - ndtr(|z|))``, which loses every
    digit once ``ndtr(|z|)`` rounds to 1 (|z| above about 8.3).
    """
    from scipy.special import ndtr  # scipy only when a p-value is asked for

    return float(min(1.0, 2.0 * ndtr(-abs(z))))


def format_pvalue(pvalue):
    """``'0.0272'`` for p >= 1e-4, ``'2.7e-07'`` below, as in a results table.

    A p-value that underflowed to 0 (a z of about 38 or more) is written
    ``'< 1e-300'``: it is positive, only smaller than a float can hold.
    """
    if math.isnan(pvalue):
        return "nan"
    if pvalue == 0.0:
        return "< 1e-300"
    return f"{pvalue:.4f}" if pvalue >= 1e-4 else f"{pvalue:.1e}"
