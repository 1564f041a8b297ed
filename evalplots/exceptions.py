"""Warnings and errors raised by evalplots."""

__all__ = ["UndefinedMetricWarning"]


class UndefinedMetricWarning(UserWarning):
    """Warning raised when a metric is undefined (a 0/0) on the given input.

    The metric then returns the value chosen by its ``zero_division`` argument
    (or NaN where the function documents so).

    Notes
    -----
    A metric is undefined when its formula divides 0 by 0: precision with no
    predicted positive (TP + FP = 0), recall with no positive sample, a rate of a
    class that is absent. Following scikit-learn's convention, evalplots warns
    instead of raising, so that loops over resamples (bootstrap, CV folds) keep
    running, and never substitutes a value silently. Filter it with
    ``warnings.filterwarnings("error", category=UndefinedMetricWarning)`` to make
    every undefined value an error.

    Examples
    --------
    >>> import warnings
    >>> from evalplots.exceptions import UndefinedMetricWarning
    >>> issubclass(UndefinedMetricWarning, UserWarning)
    True
    """
