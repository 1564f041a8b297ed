"""Warnings and errors raised by evalplots."""

__all__ = ["BootstrapWarning", "EmptyFigureWarning", "UndefinedMetricWarning"]


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


class BootstrapWarning(UserWarning):
    """Warning raised when a bootstrap interval falls back to a simpler method.

    Notes
    -----
    :func:`evalplots.metrics.bootstrap_ci` warns with this class, and returns a
    finite percentile interval, when the BCa interval of Efron (1987) is undefined:
    every bootstrap replicate is equal (a zero-width interval), the estimate lies
    at or beyond the edge of the bootstrap distribution (the bias correction
    ``z0 = Phi^-1(...)`` is infinite, e.g. an AUC of 1), or the jackknife values
    are all equal or undefined (the acceleration is 0/0).

    Examples
    --------
    >>> from evalplots.exceptions import BootstrapWarning
    >>> issubclass(BootstrapWarning, UserWarning)
    True
    """


class EmptyFigureWarning(UserWarning):
    """Warning raised when a Display would draw nothing visible for its data.

    Notes
    -----
    A degenerate input can leave a figure empty without any error: the DET curve
    of scores that separate the classes perfectly has no point with both error
    rates strictly between 0 and 1, so it lies outside the normal-deviate axes;
    a metric-versus-threshold curve of one distinct score is a single value, which
    a step line does not show. The Display says so with this warning (and draws
    what can be drawn) instead of returning an empty axes silently.

    Examples
    --------
    >>> from evalplots.exceptions import EmptyFigureWarning
    >>> issubclass(EmptyFigureWarning, UserWarning)
    True
    """
