"""Confidence intervals of binomial proportions, and of the rates of a binary prediction.

Accuracy, precision, recall, specificity and NPV at a fixed threshold are each a
number of successes out of a number of trials read off the confusion matrix, so
each gets a binomial interval: Wilson's score interval by default (good coverage
from small n, never outside [0, 1]) or the Clopper-Pearson "exact" interval
(coverage at least nominal, conservative).
"""

import math
import numbers
import warnings


from evalplots._docstrings import fill_doc
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics.classification._confusion import PAIR_DOC, confusion_counts
from evalplots.metrics.inference._interval import ConfidenceInterval, check_confidence_level
from evalplots.metrics._labels import _show, resolve_pos_label

__all__ = ["binary_rates_ci", "proportion_ci"]

_METHODS = ("wilson", "clopper-pearson")

_METHOD_DOC = """method : {'wilson', 'clopper-pearson'}, default='wilson'
        'wilson': Wilson's score interval. 'clopper-pearson': the exact
        interval from beta quantiles (statsmodels' ``method='beta'``, scipy's
        ``method='exact'``).
    confidence_level : float, default=0.95
        Nominal coverage of the two-sided interval, in (0, 1)."""

_FORMULAS = """With k successes out of n, :math:`\\hat p = k/n`, :math:`\\alpha = 1 -`
    ``confidence_level`` and :math:`z = \\Phi^{-1}(1 - \\alpha/2)`:

    - Wilson (1927), the score interval:

      .. math::
          \\frac{k + z^2/2}{n + z^2} \\pm \\frac{z}{n + z^2}
          \\sqrt{\\frac{k (n - k)}{n} + \\frac{z^2}{4}}

      (E. B. Wilson, "Probable inference, the law of succession, and
      statistical inference", *JASA* 22:209-212, 1927); the lower bound is 0
      when k = 0 and the upper bound 1 when k = n.
    - Clopper-Pearson (1934): :math:`[B(\\alpha/2; k, n-k+1),\\ B(1-\\alpha/2;
      k+1, n-k)]`, B the beta quantile function, 0 when k = 0 and 1 when
      k = n (C. J. Clopper and E. S. Pearson, "The use of confidence or
      fiducial limits illustrated in the case of the binomial", *Biometrika*
      26:404-413, 1934).

    Brown, Cai & DasGupta ("Interval estimation for a binomial proportion",
    *Statistical Science* 16:101-133, 2001) recommend Wilson over the Wald
    interval :math:`\\hat p \\pm z\\sqrt{\\hat p(1-\\hat p)/n}`, whose coverage
    is poor for small n or p near 0 or 1; Clopper-Pearson guarantees at least
    nominal coverage and is wider. Both equal ``scipy.stats.binomtest(k,
    n).proportion_ci(method='wilson' | 'exact')``."""


def _check_method(method):
    if not isinstance(method, str) or method not in _METHODS:
        raise ValueError(
            f"method must be 'wilson' or 'clopper-pearson', got {method!r} "
            f"(statsmodels' 'beta' and scipy's 'exact' are 'clopper-pearson')."
        )


def _check_count(value, name):
    if isinstance(value, (bool, str)) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a whole number >= 0, got {value!r}.")
    number = float(value)
    if not (math.isfinite(number) and number >= 0 and number == math.floor(number)):
        raise ValueError(f"{name} must be a whole number >= 0, got {value!r}.")
    return number


def _interval(k, n, method, level):
    """(low, high) of the proportion k/n; n > 0."""
    from scipy.special import betaincinv, ndtri  # scipy only when an interval is asked for

    alpha = 1.0 - level
    if method == "wilson":
        z = float(ndtri(1.0 - alpha / 2.0))
        z2 = z * z
        center = (k + z2 / 2.0) / (n + z2)
        half = z / (n + z2) * math.sqrt(k * (n - k) / n + z2 / 4.0)
        low, high = center - half, center + half
    else:
        low = float(betaincinv(k, n - k + 1.0, alpha / 2.0)) if k > 0 else 0.0
        high = float(betaincinv(k + 1.0, n - k, 1.0 - alpha / 2.0)) if k < n else 1.0
    # k = 0 and k = n: the bound is 0 (1) exactly; elsewhere rounding stays inside.
    low = 0.0 if k == 0 else max(0.0, low)
    high = 1.0 if k == n else min(1.0, high)
    return low, high


def _proportion(k, n, method, level):
    """ConfidenceInterval of k/n; for n = 0, NaN estimate and [0, 1] (no warning)."""
    if n == 0:
        return ConfidenceInterval(math.nan, 0.0, 1.0, method, level)
    low, high = _interval(k, n, method, level)
    return ConfidenceInterval(k / n, low, high, method, level)


def _warn_empty(subject, stacklevel):
    warnings.warn(
        f"{subject} undefined (0/0: an empty denominator), so the "
        f"estimate is NaN and the interval [0, 1] (no information).",
        UndefinedMetricWarning,
        stacklevel=stacklevel + 1,
    )


@fill_doc(method=_METHOD_DOC, formulas=_FORMULAS)
def proportion_ci(successes, total, *, method="wilson", confidence_level=0.95):
    """Confidence interval of a binomial proportion ``successes / total``.

    Parameters
    ----------
    successes : int
        Number of successes k, a whole number with ``0 <= k <= total``.
    total : int
        Number of trials n, a whole number >= 0.
    %(method)s

    Returns
    -------
    ci : ConfidenceInterval
        ``estimate = successes / total``, ``low``/``high`` in [0, 1], ``method``
        ('wilson' or 'clopper-pearson') and ``confidence_level``.

    Raises
    ------
    ValueError
        If ``successes`` or ``total`` is not a whole number >= 0, if
        ``successes > total``, if ``method`` is unknown, or if
        ``confidence_level`` is not in (0, 1).

    Warns
    -----
    UndefinedMetricWarning
        When ``total == 0``: the proportion is 0/0; the result is then a NaN
        estimate with the interval [0, 1] (rule).

    Notes
    -----
    %(formulas)s

    Examples
    --------
    >>> from evalplots.metrics import proportion_ci
    >>> print(proportion_ci(81, 263))
    0.31 [0.26, 0.37]
    >>> print(proportion_ci(81, 263, method='clopper-pearson'))
    0.31 [0.25, 0.37]
    >>> proportion_ci(0, 10).interval
    (0.0, 0.277...)
    """
    _check_method(method)
    level = check_confidence_level(confidence_level)
    k = _check_count(successes, "successes")
    n = _check_count(total, "total")
    if k > n:
        raise ValueError(
            f"successes ({successes!r}) cannot exceed total ({total!r}); pass the "
            f"number of successes among the total trials."
        )
    if n == 0:
        _warn_empty("the proportion is", stacklevel=2)
    return _proportion(k, n, method, level)


_RATES = {
    # name: (successes, trials) as functions of the counts (tp, fn, fp, tn)
    "accuracy": lambda tp, fn, fp, tn: (tp + tn, tp + fn + fp + tn),
    "precision": lambda tp, fn, fp, tn: (tp, tp + fp),
    "recall": lambda tp, fn, fp, tn: (tp, tp + fn),
    "specificity": lambda tp, fn, fp, tn: (tn, tn + fp),
    "npv": lambda tp, fn, fp, tn: (tn, tn + fn),
}


def _binary_counts(y_true, y_pred, pos_label):
    """(tp, fn, fp, tn) of binary labels, from one confusion matrix."""
    classes, cm = confusion_counts(y_true, y_pred)
    if classes.size > 2:
        raise ValueError(
            f"y_true and y_pred hold {classes.size} classes {_show(classes)}; "
            f"binary_rates_ci needs binary labels (evaluate one class against the "
            f"rest by passing y_true == c, y_pred == c)."
        )
    pos = resolve_pos_label(classes, pos_label, name="y_true and y_pred")
    total = float(cm.sum())
    listed = classes.tolist()
    if pos not in listed:  # a single class, not the positive one: all negatives
        return 0.0, 0.0, 0.0, total
    i = listed.index(pos)
    tp = float(cm[i, i])
    fn = float(cm[i].sum()) - tp
    fp = float(cm[:, i].sum()) - tp
    return tp, fn, fp, total - tp - fn - fp


@fill_doc(pair=PAIR_DOC, method=_METHOD_DOC, formulas=_FORMULAS)
def binary_rates_ci(y_true, y_pred, *, pos_label=None, method="wilson", confidence_level=0.95):
    """Accuracy, precision, recall, specificity and NPV with binomial confidence intervals.

    Parameters
    ----------
    %(pair)s
    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 (True) for labels within {0, 1},
        {-1, 1} or {False, True}, and must be given otherwise.
    %(method)s

    Returns
    -------
    intervals : dict of str to ConfidenceInterval
        Keys ``'accuracy'``, ``'precision'``, ``'recall'``, ``'specificity'``,
        ``'npv'``, in this order; each value holds the rate and its interval.

    Raises
    ------
    ValueError
        If the inputs are empty, not 1-D, of different lengths, hold NaN,
        non-integer floats (scores: threshold them first) or mixed
        string/number labels; if they hold more than two classes; if the
        positive class is ambiguous; if ``method`` or ``confidence_level`` is
        invalid.

    Warns
    -----
    UndefinedMetricWarning
        When a rate's denominator is 0 (precision with no predicted positive,
        recall with no positive, specificity with no negative, NPV with no
        predicted negative): that rate gets a NaN estimate and the interval
        [0, 1] (rule: no data, no information).

    Notes
    -----
    From the binary confusion counts TP, FN, FP, TN (Zhou Zhihua, *Machine
    Learning*, §2.3): accuracy = (TP + TN)/n, precision = TP/(TP + FP),
    recall (sensitivity, TPR) = TP/(TP + FN), specificity (TNR) = TN/(TN + FP),
    negative predictive value NPV = TN/(TN + FN). Each is a binomial proportion
    whose trials are its denominator, so it gets the interval of
    :func:`proportion_ci` (conditional on that denominator, as is usual for
    precision and NPV).

    %(formulas)s

    Examples
    --------
    >>> from evalplots.metrics import binary_rates_ci
    >>> y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 1, 0]
    >>> for name, ci in binary_rates_ci(y_true, y_pred).items():
    ...     print(f"{name:12} {ci}")
    accuracy     0.80 [0.49, 0.94]
    precision    0.75 [0.30, 0.95]
    recall       0.75 [0.30, 0.95]
    specificity  0.83 [0.44, 0.97]
    npv          0.83 [0.44, 0.97]
    """
    _check_method(method)
    level = check_confidence_level(confidence_level)
    counts = _binary_counts(y_true, y_pred, pos_label)
    out, empty = {}, []
    for name, rule in _RATES.items():
        k, n = rule(*counts)
        if n == 0:
            empty.append(name)
        out[name] = _proportion(k, n, method, level)
    if empty:
        verb = "are" if len(empty) > 1 else "is"
        _warn_empty(f"{', '.join(empty)} {verb}", stacklevel=2)
    return out
