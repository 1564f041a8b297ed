"""Operating points with intervals: sensitivity at a fixed specificity (and the
reverse), precision at a fixed recall, and the likelihood ratios.

The operating points follow pROC's ``coords`` (Robin et al. 2011): the ROC curve
through every distinct threshold, read at the given specificity (sensitivity) —
the best point when several have it, else the straight line between the two
neighbouring points. Their intervals are pROC's stratified bootstrap
(``ci.se``/``ci.sp``: the positives and the negatives resampled apart, with
replacement; percentile interval), drawn without materialising a resample.

Only three numbers of a resample decide the sensitivity at specificity s: the
j-th smallest resampled negative v (j the least count with j / n >= s), how many
resampled negatives lie below and at v, and how many resampled positives lie
above and at v. With n indices drawn uniformly from {0, ..., n − 1} written as
⌊n U_i⌋, U_i uniform on (0, 1), the j-th smallest index is ⌊n U_(j)⌋ with the
order statistic U_(j) ~ Beta(j, n − j + 1); given U_(j) = u, the other draws are
j − 1 uniforms on (0, u) and n − j on (u, 1), so the negatives below v's tie
group and within it are binomial. The positives, resampled independently, fall
above and at v by a two-step binomial. Each resample costs a beta, four binomial
draws and a binary search, in one vectorised pass over all resamples: the
bootstrap distribution is exactly that of resampling the rows, at O(1) per
resample.
"""

import math
import warnings
from dataclasses import dataclass

import numpy as np

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._validation import check_positive_int, is_real
from evalplots.metrics.inference._interval import ConfidenceInterval, check_confidence_level
from evalplots.metrics.ranking._thresholds import binary_scores, require_both_classes

__all__ = [
    "LikelihoodRatios",
    "likelihood_ratios",
    "precision_at_recall",
    "sensitivity_at_specificity",
    "specificity_at_sensitivity",
]

_METHOD = "bootstrap-percentile-stratified"


def _check_rate(value, name, *, low_open=False):
    if not (is_real(value) and (0.0 < value <= 1.0 if low_open else 0.0 <= value <= 1.0)):
        shown = "(0, 1]" if low_open else "[0, 1]"
        raise ValueError(f"{name} must be a number in {shown}, got {value!r}; e.g. {name}=0.9.")
    return float(value)


def _sorted_classes(y_true, y_score, pos_label):
    data = binary_scores(y_true, y_score, pos_label=pos_label)
    require_both_classes(data, need_neg=True, metric="the operating point")
    return data.neg_sorted.astype(np.float64), data.pos_sorted.astype(np.float64)


def _order_index(n, target):
    """The least j in 0..n with ``j / n >= target`` (in floating point, as pROC
    compares its specificities), and whether ``j / n == target``."""
    j = min(n, max(0, math.ceil(target * n)))
    while j > 0 and (j - 1) / n >= target:
        j -= 1
    while j < n and j / n < target:
        j += 1
    return j, j / n == target


def _interpolate(target, n, m, below, at_most, pos_above, pos_at_least, exact):
    """pROC's sensitivity at specificity ``target`` from the counts around the cut
    (arrays, one entry per curve): the point at the cut just above v when its
    specificity is the target, else the line to the point just below v."""
    se_hi = pos_above / m
    if exact is None:
        exact = at_most / n == target
    sp_hi, sp_lo = at_most / n, below / n
    with np.errstate(invalid="ignore", divide="ignore"):
        proportion = (target - sp_hi) / (sp_lo - sp_hi)
    return np.where(exact, se_hi, se_hi + proportion * (pos_at_least / m - se_hi))


class CountedScores:
    """The ascending scores of one class given as distinct values and their
    counts, read as the sorted array they stand for: ``size``, ``[i]`` (the
    i-th smallest) and ``searchsorted(v, side)`` (how many are below v, or at
    most v), without building that array.

    Parameters
    ----------
    values : ndarray of shape (n_distinct,)
        Distinct scores, strictly increasing.
    counts : ndarray of shape (n_distinct,)
        Whole numbers of samples at each score (zeros allowed).
    """

    def __init__(self, values, counts):
        keep = np.asarray(counts) > 0
        self.values = np.asarray(values, dtype=np.float64)[keep]
        self.cumulative = np.cumsum(np.asarray(counts)[keep]).astype(np.int64)
        self.size = int(self.cumulative[-1]) if self.cumulative.size else 0

    def __getitem__(self, index):
        return self.values[np.searchsorted(self.cumulative, index, "right")]

    def searchsorted(self, v, side="left"):
        k = np.searchsorted(self.values, v, side)
        return np.where(k > 0, self.cumulative[np.maximum(k - 1, 0)], 0)


def _sensitivity_at(neg, pos, target):
    """pROC's sensitivity at specificity ``target`` of ascending class scores
    (ndarrays or :class:`CountedScores`)."""
    n, m = neg.size, pos.size
    j, _ = _order_index(n, target)
    if j == 0:  # specificity 0: the lowest threshold, where every sample is positive
        return 1.0
    v = neg[j - 1]
    below, at_most = neg.searchsorted(v, "left"), neg.searchsorted(v, "right")
    above = m - pos.searchsorted(v, "right")
    at_least = m - pos.searchsorted(v, "left")
    return float(_interpolate(target, n, m, below, at_most, above, at_least, None))


def sensitivity_replicates(neg, pos, target, n_resamples, rng):
    """The sensitivity at specificity ``target`` of ``n_resamples`` stratified
    bootstrap resamples of the ascending class scores ``neg`` and ``pos``
    (the distribution of resampling each class with replacement; see the module
    docstring)."""
    n, m = neg.size, pos.size
    j, _ = _order_index(n, target)
    if j == 0:
        return np.ones(n_resamples)
    u = rng.beta(j, n - j + 1, size=n_resamples)
    index = np.minimum((u * n).astype(np.int64), n - 1)
    v = neg[index]
    lo = neg.searchsorted(v, "left")
    hi = neg.searchsorted(v, "right")
    # the j - 1 draws below U_(j) that fall below v's group; the n - j above it
    # that fall inside the group
    below = rng.binomial(j - 1, np.clip(lo / (n * u), 0.0, 1.0))
    inside = rng.binomial(n - j, np.clip((hi / n - u) / np.maximum(1.0 - u, 1e-300), 0.0, 1.0))
    at_most = j + inside
    q_above = (m - pos.searchsorted(v, "right")) / m
    q_at = (pos.searchsorted(v, "right") - pos.searchsorted(v, "left")) / m
    above = rng.binomial(m, q_above)
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(q_above < 1.0, q_at / (1.0 - q_above), 0.0)
    at = rng.binomial(m - above, np.clip(share, 0.0, 1.0))
    return _interpolate(target, n, m, below.astype(float), at_most.astype(float),
                        above.astype(float), (above + at).astype(float), None)


def _percentile(estimate, replicates, level):
    alpha = 1.0 - level
    low, high = np.quantile(replicates, [alpha / 2.0, 1.0 - alpha / 2.0])
    return ConfidenceInterval(float(estimate), float(low), float(high), _METHOD, level)


def _bootstrap_arguments(n_resamples, confidence_level, random_state):
    n_resamples = check_positive_int(n_resamples, "n_resamples")
    return n_resamples, check_confidence_level(confidence_level), np.random.default_rng(
        random_state)


_PARAMS = """y_true : array-like of shape (n_samples,)
        True binary labels. With labels other than {0, 1}, {-1, 1} or
        {False, True}, ``pos_label`` must be given.
    y_score : array-like of shape (n_samples,)
        Target scores (any finite reals); higher means more likely positive."""

_BOOT_PARAMS = """pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for the label sets
        above.
    n_resamples : int, default=2000
        Number of stratified bootstrap resamples (pROC's ``boot.n``).
    confidence_level : float, default=0.95
        Coverage of the percentile interval, in (0, 1).
    random_state : None, int or numpy.random.Generator, default=None
        Seed of ``numpy.random.default_rng``; the same seed gives the same
        interval."""

_BOOT_NOTES = """The interval is pROC's stratified bootstrap (``ci.se`` / ``ci.sp``,
    ``boot.stratified = TRUE``): the m positives and the n negatives are each
    resampled with replacement, the operating point is recomputed, and the
    ``(1 − level)/2`` and ``(1 + level)/2`` quantiles of the replicates (type 7,
    numpy's default) bound it. The replicates are drawn from their exact
    bootstrap distribution without building a resample (module
    :mod:`evalplots.metrics.inference._operating_points`): O(1) per resample,
    so 2000 resamples at any n cost about a millisecond. The ``estimate`` is
    the point on the full data (pROC prints the replicates' median instead).
    Sources: X. Robin, N. Turck, A. Hainard, N. Tiberti, F. Lisacek, J.-C.
    Sanchez and M. Müller, "pROC: an open-source package for R and S+ to
    analyze and compare ROC curves", *BMC Bioinformatics* 12:77, 2011; B. Efron
    and R. J. Tibshirani, *An Introduction to the Bootstrap*, Chapman & Hall,
    1993, §13.3."""


def _doc(func):
    func.__doc__ = (func.__doc__.replace("%(params)s", _PARAMS)
                    .replace("%(boot_params)s", _BOOT_PARAMS)
                    .replace("%(boot_notes)s", _BOOT_NOTES))
    return func


def sensitivity_interval_from_counts(neg, pos, specificity, n_resamples, level, rng):
    """:func:`sensitivity_at_specificity` of the classes' :class:`CountedScores`
    (the same estimate and, for the same ``rng``, the same interval as the rows
    they count)."""
    return _percentile(_sensitivity_at(neg, pos, specificity),
                       sensitivity_replicates(neg, pos, specificity, n_resamples, rng), level)


@_doc
def sensitivity_at_specificity(
    y_true, y_score, specificity, *, pos_label=None, n_resamples=2000,
    confidence_level=0.95, random_state=None,
):
    """Sensitivity at a fixed specificity, with a stratified bootstrap interval.

    Parameters
    ----------
    %(params)s
    specificity : float
        The specificity to read the ROC curve at, in [0, 1].
    %(boot_params)s

    Returns
    -------
    ci : ConfidenceInterval
        ``estimate`` (the sensitivity, in [0, 1]), ``low``, ``high``, method
        ``'bootstrap-percentile-stratified'``.

    Raises
    ------
    ValueError
        If ``specificity`` is not in [0, 1]; if ``y_true`` lacks a class, has
        more than two or an ambiguous positive class; on invalid shapes or
        non-finite scores; if ``n_resamples`` < 1 or ``confidence_level`` is
        not in (0, 1).

    Notes
    -----
    pROC's ``coords(roc, x = specificity, input = "specificity", ret =
    "sensitivity")``: on the ROC curve through every distinct threshold
    (specificity = negatives below the threshold / n, sensitivity = positives
    at or above it / m), the highest sensitivity among the points of exactly
    that specificity, else the linear interpolation between the two
    neighbouring points. With v the j-th smallest negative score (j the least
    count with j / n >= s), :math:`n_<` and :math:`n_\\le` the negatives below
    and at most v, :math:`m_>` and :math:`m_\\ge` the positives above and at
    least v:

    .. math::
        \\mathrm{Se}(s) = \\frac{m_>}{m} + \\frac{s - n_\\le/n}{n_</n - n_\\le/n}
        \\left(\\frac{m_\\ge}{m} - \\frac{m_>}{m}\\right),

    the second term 0 when :math:`n_\\le / n = s`.

    %(boot_notes)s

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import sensitivity_at_specificity
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, size=500)
    >>> score = y + rng.normal(size=500)
    >>> print(sensitivity_at_specificity(y, score, 0.9, random_state=0))
    0.31 [0.25, 0.40]
    """
    target = _check_rate(specificity, "specificity")
    n_resamples, level, rng = _bootstrap_arguments(n_resamples, confidence_level, random_state)
    neg, pos = _sorted_classes(y_true, y_score, pos_label)
    estimate = _sensitivity_at(neg, pos, target)
    return _percentile(estimate, sensitivity_replicates(neg, pos, target, n_resamples, rng),
                       level)


@_doc
def specificity_at_sensitivity(
    y_true, y_score, sensitivity, *, pos_label=None, n_resamples=2000,
    confidence_level=0.95, random_state=None,
):
    """Specificity at a fixed sensitivity, with a stratified bootstrap interval.

    Parameters
    ----------
    %(params)s
    sensitivity : float
        The sensitivity to read the ROC curve at, in [0, 1].
    %(boot_params)s

    Returns
    -------
    ci : ConfidenceInterval
        ``estimate`` (the specificity, in [0, 1]), ``low``, ``high``, method
        ``'bootstrap-percentile-stratified'``.

    Raises
    ------
    ValueError
        If ``sensitivity`` is not in [0, 1]; otherwise as
        :func:`sensitivity_at_specificity`.

    Notes
    -----
    pROC's ``coords(roc, x = sensitivity, input = "sensitivity", ret =
    "specificity")``: the highest specificity among the points of exactly
    that sensitivity, else the linear interpolation between the two
    neighbouring points. It is :func:`sensitivity_at_specificity` with the
    classes swapped and the scores negated (the same curve, read along the
    other axis), and so is its bootstrap.

    %(boot_notes)s

    Examples
    --------
    >>> from evalplots.metrics import specificity_at_sensitivity
    >>> ci = specificity_at_sensitivity([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
    ...                                 2 / 3, random_state=0)
    >>> ci.estimate  # the best point with sensitivity 2/3: threshold 0.8
    1.0
    """
    target = _check_rate(sensitivity, "sensitivity")
    n_resamples, level, rng = _bootstrap_arguments(n_resamples, confidence_level, random_state)
    neg, pos = _sorted_classes(y_true, y_score, pos_label)
    mirrored_neg, mirrored_pos = -pos[::-1], -neg[::-1]
    estimate = _sensitivity_at(mirrored_neg, mirrored_pos, target)
    replicates = sensitivity_replicates(mirrored_neg, mirrored_pos, target, n_resamples, rng)
    return _percentile(estimate, replicates, level)


@_doc
def precision_at_recall(
    y_true, y_score, recall, *, pos_label=None, n_resamples=2000,
    confidence_level=0.95, random_state=None,
):
    """Precision at a fixed recall, with a stratified bootstrap interval.

    Parameters
    ----------
    %(params)s
    recall : float
        The recall (sensitivity) to read the curve at, in (0, 1].
    %(boot_params)s

    Returns
    -------
    ci : ConfidenceInterval
        ``estimate`` (the precision, in [0, 1]), ``low``, ``high``, method
        ``'bootstrap-percentile-stratified'``.

    Raises
    ------
    ValueError
        If ``recall`` is not in (0, 1]; otherwise as
        :func:`sensitivity_at_specificity`.

    Notes
    -----
    pROC's ``coords(roc, x = recall, input = "recall", ret = "precision")``:
    the ROC point at that sensitivity (:func:`specificity_at_sensitivity`,
    the highest specificity, else interpolated in ROC space) turned into a
    precision, with m positives and n negatives,

    .. math::
        P(r) = \\frac{r\\,m}{r\\,m + (1 - \\mathrm{Sp}(r))\\,n}.

    This differs from the "maximum precision at recall >= r" of torchmetrics'
    ``BinaryPrecisionAtFixedRecall``, which reads the P-R curve's points only.
    The stratified bootstrap keeps m and n fixed, so each replicate's precision
    is this formula of its specificity.

    %(boot_notes)s

    Examples
    --------
    >>> from evalplots.metrics import precision_at_recall
    >>> ci = precision_at_recall([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
    ...                          1.0, random_state=0)
    >>> round(ci.estimate, 4)  # every positive found at 0.35: 3 of 4 predicted positives
    0.75
    """
    target = _check_rate(recall, "recall", low_open=True)
    n_resamples, level, rng = _bootstrap_arguments(n_resamples, confidence_level, random_state)
    neg, pos = _sorted_classes(y_true, y_score, pos_label)
    mirrored_neg, mirrored_pos = -pos[::-1], -neg[::-1]
    m, n = pos.size, neg.size

    def precision(specificity):
        return target * m / (target * m + (1.0 - specificity) * n)

    estimate = precision(_sensitivity_at(mirrored_neg, mirrored_pos, target))
    replicates = precision(sensitivity_replicates(mirrored_neg, mirrored_pos, target,
                                                  n_resamples, rng))
    return _percentile(estimate, replicates, level)


# ----------------------------------------------------------- likelihood ratios


@dataclass(frozen=True)
class LikelihoodRatios:
    """Result of :func:`likelihood_ratios`.

    Parameters
    ----------
    positive : ConfidenceInterval
        LR+ = sensitivity / (1 − specificity), with its log-method interval.
    negative : ConfidenceInterval
        LR− = (1 − sensitivity) / specificity, with its log-method interval.

    Notes
    -----
    ``str()`` gives ``LR+ = 4.0 [2.1, 7.6], LR- = 0.25 [0.12, 0.52] (95% CI)``: a
    ratio in the significant digits its interval carries
    (:meth:`ConfidenceInterval.format`).

    Examples
    --------
    >>> from evalplots.metrics import ConfidenceInterval, LikelihoodRatios
    >>> print(LikelihoodRatios(ConfidenceInterval(4.0, 2.1, 7.62, "log", 0.95),
    ...                        ConfidenceInterval(0.25, 0.12, 0.521, "log", 0.95)))
    LR+ = 4.0 [2.1, 7.6], LR- = 0.25 [0.12, 0.52] (95% CI)
    """

    positive: ConfidenceInterval
    negative: ConfidenceInterval

    def __str__(self):
        level = f"{100 * self.positive.confidence_level:g}%"
        return (f"LR+ = {self.positive}, LR- = {self.negative} "
                f"({level} CI)")


def _log_interval(name, num, num_total, den, den_total, z, level, stacklevel):
    """``(num/num_total) / (den/den_total)`` with the interval ``exp(log LR ± z SE)``."""
    if den == 0 or num == 0:
        estimate = math.nan if den == 0 else 0.0
        warnings.warn(
            f"{name} has a zero count in its {'denominator' if den == 0 else 'numerator'}, "
            f"so its log and the log-method interval are undefined: the interval is "
            f"[NaN, NaN]{' and the estimate NaN' if den == 0 else ''}.",
            UndefinedMetricWarning, stacklevel=stacklevel)
        return ConfidenceInterval(estimate, math.nan, math.nan, "log", level)
    estimate = (num / num_total) / (den / den_total)
    se = math.sqrt(1.0 / num - 1.0 / num_total + 1.0 / den - 1.0 / den_total)
    log_lr = math.log(estimate)
    return ConfidenceInterval(estimate, math.exp(log_lr - z * se), math.exp(log_lr + z * se),
                              "log", level)


def likelihood_ratios(y_true, y_pred, *, pos_label=None, confidence_level=0.95):
    """Positive and negative likelihood ratios of binary predictions, with intervals.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_pred : array-like of shape (n_samples,)
        Predicted binary labels (e.g. ``y_score >= threshold``), of the classes
        of ``y_true``.
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for labels {0, 1},
        {-1, 1} or {False, True}.
    confidence_level : float, default=0.95
        Coverage of the two intervals, in (0, 1).

    Returns
    -------
    result : LikelihoodRatios
        ``positive`` (LR+) and ``negative`` (LR−), each a
        :class:`ConfidenceInterval` (method ``'log'``).

    Raises
    ------
    ValueError
        If the labels hold more than two classes or an ambiguous positive
        class; if the lengths differ; if ``confidence_level`` is not in (0, 1);
        if ``y_true`` holds no positive or no negative.

    Warns
    -----
    UndefinedMetricWarning
        When a count in a ratio is 0 (e.g. no false positive, so LR+ is
        infinite): its interval is [NaN, NaN]; its estimate is NaN if the
        denominator is 0, 0 if the numerator is.

    Notes
    -----
    With TP, FN, FP, TN the confusion counts, LR+ = [TP/(TP+FN)] / [FP/(FP+TN)]
    and LR− = [FN/(TP+FN)] / [TN/(FP+TN)] (the point values of scikit-learn's
    ``class_likelihood_ratios``). The log-method interval (Simel, Samsa &
    Matchar, "Likelihood ratios with confidence: sample size estimation for
    diagnostic test studies", *J. Clin. Epidemiol.* 44(8):763-770, 1991) is
    :math:`\\exp(\\log \\mathrm{LR} \\pm z_{1-\\alpha/2}\\,\\mathrm{SE})` with

    .. math::
        \\mathrm{SE}(\\log \\mathrm{LR}^+) = \\sqrt{\\tfrac{1}{TP} - \\tfrac{1}{TP+FN}
        + \\tfrac{1}{FP} - \\tfrac{1}{FP+TN}},\\quad
        \\mathrm{SE}(\\log \\mathrm{LR}^-) = \\sqrt{\\tfrac{1}{FN} - \\tfrac{1}{TP+FN}
        + \\tfrac{1}{TN} - \\tfrac{1}{FP+TN}}.

    Examples
    --------
    >>> from evalplots.metrics import likelihood_ratios
    >>> y_true = [1] * 40 + [0] * 60
    >>> y_pred = [1] * 30 + [0] * 10 + [1] * 6 + [0] * 54
    >>> print(likelihood_ratios(y_true, y_pred))
    LR+ = 7.5 [3.4, 16], LR- = 0.28 [0.16, 0.48] (95% CI)
    """
    from evalplots.metrics.inference._proportion import _binary_counts

    level = check_confidence_level(confidence_level)
    tp, fn, fp, tn = _binary_counts(y_true, y_pred, pos_label)
    if tp + fn == 0 or fp + tn == 0:
        raise ValueError(
            f"y_true holds no {'positive' if tp + fn == 0 else 'negative'} sample, so "
            f"sensitivity or specificity is undefined; evaluate on data with both classes."
        )
    return likelihood_ratios_from_counts(tp, fn, fp, tn, level, stacklevel=3)


def likelihood_ratios_from_counts(tp, fn, fp, tn, level, *, stacklevel=2):
    """:func:`likelihood_ratios` of the confusion counts (both classes present)."""
    from scipy.special import ndtri

    z = float(ndtri(0.5 + level / 2.0))
    return LikelihoodRatios(
        _log_interval("LR+", tp, tp + fn, fp, fp + tn, z, level, stacklevel + 1),
        _log_interval("LR-", fn, tp + fn, tn, fp + tn, z, level, stacklevel + 1),
    )
