"""p-values of the paired tests (DeLong, McNemar): the normal tail.

Their text form is :func:`evalplots.metrics._format.format_pvalue`.
"""

__all__ = ["two_sided_normal_pvalue"]


def two_sided_normal_pvalue(z):
    """``P(|Z| >= |z|)`` for a standard normal Z, accurate far into the tail.

    ``2 * ndtr(-|z|)`` rather than ``2 * (1 - ndtr(|z|))``, which loses every
    digit once ``ndtr(|z|)`` rounds to 1 (|z| above about 8.3).
    """
    from scipy.special import ndtr  # scipy only when a p-value is asked for

    return float(min(1.0, 2.0 * ndtr(-abs(z))))

