"""Warnings and errors raised by evalplots."""

__all__ = ["UndefinedMetricWarning"]


class UndefinedMetricWarning(UserWarning):
    """Warning raised when a metric is undefined (a 0/0) on the given input.

    The metric then returns the value chosen by its ``zero_division`` argument
    (or NaN where the function documents so).

    Examples
    --------
    >>> import warnings
    >>> from evalplots.exceptions import UndefinedMetricWarning
    >>> issubclass(UndefinedMetricWarning, UserWarning)
    True
    """
