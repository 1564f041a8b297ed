"""The result object of every confidence interval and paired test in evalplots.

One small frozen record, so that tables, legends and reports read intervals the same
way whatever computed them (DeLong, bootstrap, Wilson, Clopper-Pearson).
"""

import math
from dataclasses import dataclass

from evalplots.metrics._format import format_interval, format_number, format_ratio

__all__ = ["ConfidenceInterval", "check_confidence_level"]

#: methods whose interval is computed on the log scale: the interval of a ratio,
#: written in significant digits (:func:`~evalplots.metrics._format.format_ratio`)
LOG_SCALE_METHODS = frozenset({"log"})


def check_confidence_level(confidence_level):
    """Return ``confidence_level`` as a float in (0, 1) or raise naming it."""
    try:
        level = float(confidence_level)
    except (TypeError, ValueError):
        level = math.nan
    if not 0.0 < level < 1.0:
        raise ValueError(
            f"confidence_level must be a number strictly between 0 and 1, got "
            f"{confidence_level!r}; pass e.g. confidence_level=0.95 for a 95% interval."
        )
    return level


@dataclass(frozen=True)
class ConfidenceInterval:
    """A point estimate with a two-sided confidence interval.

    Parameters
    ----------
    estimate : float
        The statistic on the full sample (e.g. the AUC), in the statistic's own units.
    low, high : float
        Lower and upper bounds of the interval, ``low <= high``.
    method : str
        How the interval was computed, e.g. ``'delong'``, ``'bootstrap-bca'``,
        ``'bootstrap-percentile'``, ``'wilson'``, ``'clopper-pearson'``.
    confidence_level : float
        Nominal coverage in (0, 1), e.g. 0.95.

    Notes
    -----
    ``str()`` gives the form used in legends and reports, ``0.912 [0.887, 0.934]``:
    the numbers rounded where the interval's width has two significant digits
    (:meth:`format`, which also takes a number of decimals); a ratio's interval
    (method ``'log'``) in the significant digits of its relative width,
    ``2.0 [0.29, 14]``. The record also unpacks
    as ``low, high = ci.interval``.

    Examples
    --------
    >>> from evalplots.metrics import ConfidenceInterval
    >>> ci = ConfidenceInterval(0.9953, 0.9891, 0.9990, "delong", 0.95)
    >>> str(ci)
    '0.9953 [0.9891, 0.9990]'
    >>> ConfidenceInterval(0.912, 0.8, 0.99, "wilson", 0.95).format()
    '0.91 [0.80, 0.99]'
    >>> ci.format(2)
    '1.00 [0.99, 1.00]'
    >>> ci.interval
    (0.9891, 0.999)
    """

    estimate: float
    low: float
    high: float
    method: str
    confidence_level: float

    @property
    def interval(self):
        """``(low, high)`` as a tuple of floats."""
        return (self.low, self.high)

    def format(self, decimals=None):
        """Return ``'estimate [low, high]'``, to the digits the interval carries.

        Parameters
        ----------
        decimals : int or None, default=None
            Number of decimals for all three numbers; None rounds them where
            the interval's width has two significant digits (a ratio's,
            method ``'log'``: in the significant digits at which its relative
            width has two), and writes an interval of zero width
            ``'estimate [zero width]'``.

        Returns
        -------
        text : str
            E.g. ``'0.995 [0.989, 0.999]'``.

        Raises
        ------
        ValueError
            If ``decimals`` is not an integer-like number.

        Notes
        -----
        :func:`evalplots.metrics._format.format_interval` (the rule, its
        source and its scientific notation) and
        :func:`~evalplots.metrics._format.format_ratio`: Python's
        round-half-even formatting of each number.

        Examples
        --------
        >>> from evalplots.metrics import ConfidenceInterval
        >>> ConfidenceInterval(0.5, 0.25, 0.75, "wilson", 0.95).format(1)
        '0.5 [0.2, 0.8]'
        >>> ConfidenceInterval(2.0, 0.2857, 14.0, "log", 0.95).format()
        '2.0 [0.29, 14]'
        """
        if decimals is None and self.method in LOG_SCALE_METHODS:
            return format_ratio(self.estimate, self.low, self.high)
        return format_interval(self.estimate, self.low, self.high, decimals)

    def format_estimate(self):
        """Return the estimate alone, as a table cell writes it.

        Returns
        -------
        text : str
            :func:`~evalplots.metrics._format.format_number` of the estimate
            (``'0.9953'``), or for a ratio (method ``'log'``)
            :func:`~evalplots.metrics._format.format_ratio`, 3 significant
            digits (``'114'``, not ``'113.95'``).

        Notes
        -----
        A table without intervals writes each estimate this way, so that it
        reads as the same number as the interval's estimate in a table with them.

        Examples
        --------
        >>> from evalplots.metrics import ConfidenceInterval
        >>> ConfidenceInterval(113.95, 40.2, 350.4, "log", 0.95).format_estimate()
        '114'
        >>> ConfidenceInterval(0.99528, 0.99, 1.0, "delong", 0.95).format_estimate()
        '0.9953'
        """
        if self.method in LOG_SCALE_METHODS:
            return format_ratio(self.estimate)
        return format_number(self.estimate)

    def __str__(self):
        return self.format()
