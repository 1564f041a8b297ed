"""DeLong's confidence interval of the ROC AUC and the paired DeLong test of two AUCs.

Both rest on the placement values of DeLong, DeLong & Clarke-Pearson (1988): the
fraction of negatives a positive outranks (ties ½) and the fraction of positives
that outrank a negative. Sun & Xu (2014) compute them from midranks in
O(n log n). Here the same counts come from the two sorted classes (the halves
that :class:`~evalplots.metrics.ranking._thresholds.BinaryScores` sorts once): the
smaller class is searched in the larger (``searchsorted`` left and right:
strictly below, and tied), and the larger class's counts follow from those
positions by one histogram and a cumulative sum. Counts stay integers until the
final divisions, so nothing overflows at n = 10⁷ and the AUC is exactly the one
:func:`roc_auc_score` returns.
"""

import math
import warnings
from dataclasses import dataclass

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics.ranking._auc import auc_from_pairs
from evalplots.metrics._format import format_number, format_pvalue
from evalplots.metrics.inference._interval import ConfidenceInterval, check_confidence_level
from evalplots.metrics._labels import binary_positive_mask
from evalplots.metrics.inference._pvalue import two_sided_normal_pvalue
from evalplots.metrics.ranking._thresholds import (
    BinaryScores,
    binary_scores,
    require_both_classes,
)
from evalplots.metrics._validation import as_1d, check_consistent_length, check_scores

__all__ = ["DeLongTestResult", "auc_from_sums", "delong_interval", "delong_test",
           "paired_delong", "paired_delong_from_squares", "placements_from_sums", "roc_auc_ci",
           "sample_placements"]

_METHODS = ("delong", "bootstrap")

_SOURCES = """E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, "Comparing the areas
    under two or more correlated receiver operating characteristic curves: a
    nonparametric approach", *Biometrics* 44(3):837-845, 1988; X. Sun and W. Xu,
    "Fast implementation of DeLong's algorithm for comparing the areas under
    correlated receiver operating characteristic curves", *IEEE Signal Processing
    Letters* 21(11):1389-1393, 2014."""


# --------------------------------------------------------------------------- kernel


def _placement_sums(needles, hay, w_needles=None, w_hay=None):
    """``2 * (mass strictly below) + (mass tied)`` of each element of two ascending
    arrays among the other: ``(sums of the needles, sums of the hay)``.

    Only the needles are searched (twice, left and right); the hay's sums follow
    from the needles' positions by one histogram and a cumulative sum, because
    needle i is below hay element j iff ``hi_i <= j`` and not above it iff
    ``lo_i <= j``. Unweighted, every sum is an exact int64 count; with weights
    (in the arrays' order) the same sums of weights.
    """
    lo = np.searchsorted(hay, needles, side="left")
    hi = np.searchsorted(hay, needles, side="right")
    size = hay.size + 1
    s_hay = np.bincount(lo, weights=w_needles, minlength=size)
    s_hay += np.bincount(hi, weights=w_needles, minlength=size)
    np.cumsum(s_hay, out=s_hay)
    if w_hay is None:
        lo += hi
        s_needles = lo
    else:
        cum = np.concatenate(([0.0], np.cumsum(w_hay)))
        s_needles = cum[lo] + cum[hi]
    return s_needles, s_hay[:-1]


def auc_from_sums(s10, m, n, w_pos=None):
    """The AUC from the positives' sums ``s10 = 2 · (negative mass below) + (tied)``.

    ``Σ w_pos · s10 / (2 m n)`` (unit weights when ``w_pos`` is None: then the
    sum is an exact integer, 2 · correctly ordered pairs + tied pairs), m and n
    the positive and negative mass.
    """
    if w_pos is None:
        return auc_from_pairs(int(s10.sum(dtype=np.int64)), m, n)
    return auc_from_pairs(float(np.dot(w_pos, s10)), m, n)


def placements_from_sums(s10, s01, m, n, w_pos=None):
    """``(auc, v10, v01)`` from the sums ``2 · (other class's mass below) + (tied)``
    of each positive (``s10``) and each negative (``s01``): the one place the
    integer sums are divided, so every caller gets the same floats.

    ``v10 = s10 / 2n`` (negatives a positive outranks, ties ½) and ``v01 = 1 −
    s01 / 2m`` (positives above a negative); the AUC as :func:`auc_from_sums`.
    """
    v10 = np.divide(s10, 2.0 * n)
    # fraction of positives above a negative (+ 1/2 tied) = 1 - (below + 1/2 tied)
    v01 = np.divide(s01, -2.0 * m)
    v01 += 1.0
    return auc_from_sums(s10, m, n, w_pos), v10, v01


@dataclass
class _Placements:
    """Placement values V10 (one per positive) and V01 (one per negative)."""

    auc: float
    v10: np.ndarray
    v01: np.ndarray
    w_pos: np.ndarray  # None: unit weights; else in the order of v10
    w_neg: np.ndarray
    n_pos: float  # number (or total frequency weight) of positives
    n_neg: float


def _sorted_class(score, weight, mask):
    """Ascending scores of one class, their weights, and the sorting permutation."""
    values = score[mask]
    order = np.argsort(values, kind="stable")
    return values[order], None if weight is None else weight[mask][order], order


def _placements(data, *, sample_order=False):
    """The placements of ``data`` (a BinaryScores), each class in ascending score
    order, or with ``sample_order`` in the order of the samples (to pair two
    scores of the same samples)."""
    if data.weight is None and not sample_order:
        pos, neg = data.pos_sorted, data.neg_sorted  # the shared one-sort kernel
        w_pos = w_neg = order_pos = order_neg = None
    else:
        pos, w_pos, order_pos = _sorted_class(data.score, data.weight, data.positive)
        neg, w_neg, order_neg = _sorted_class(data.score, data.weight, ~data.positive)
    # search the smaller class in the larger one
    if pos.size <= neg.size:
        s10, s01 = _placement_sums(pos, neg, w_pos, w_neg)
    else:
        s01, s10 = _placement_sums(neg, pos, w_neg, w_pos)
    if w_pos is None:
        m, n = pos.size, neg.size
    else:
        m, n = float(w_pos.sum()), float(w_neg.sum())
    auc, v10, v01 = placements_from_sums(s10, s01, m, n, w_pos)
    if sample_order:
        v10, w_pos = _unsort(v10, order_pos), _unsort(w_pos, order_pos)
        v01, w_neg = _unsort(v01, order_neg), _unsort(w_neg, order_neg)
    return _Placements(auc, v10, v01, w_pos, w_neg, m, n)


def _unsort(values, order):
    if values is None:
        return None
    out = np.empty_like(values)
    out[order] = values
    return out


def _squares(values, center, weight):
    """``Σ w (x − center)²`` of placement values (w = 1 when ``weight`` is None)."""
    d = values - center
    dw = d if weight is None else d * weight
    return float(np.dot(dw, d))


def _delong_variance(v10, v01, center, p, *, what, stacklevel=3):
    """``S10 / m + S01 / n`` of placements ``v10``, ``v01`` centred at ``center``."""
    return _variance_from_squares(
        _squares(v10, center, p.w_pos), _squares(v01, center, p.w_neg), p.n_pos, p.n_neg,
        what=what, stacklevel=stacklevel + 1)


def _variance_from_squares(squares_pos, squares_neg, n_pos, n_neg, *, what, stacklevel):
    """``S10 / m + S01 / n`` from the centred sums of squares of each class
    (``S10 = squares_pos / (m − 1)``, frequency weights counting as samples).

    A class with a single sample has no sample variance (0/0): its term is taken
    as 0, with an UndefinedMetricWarning saying the variance is understated.
    """
    variance = 0.0
    for squares, mass, name in ((squares_pos, n_pos, "positive"),
                                (squares_neg, n_neg, "negative")):
        if mass > 1:
            variance += squares / (mass - 1.0) / mass
        else:
            warnings.warn(
                f"y_true holds a single {name} sample, so the spread of its placement "
                f"values (DeLong's S10/S01) is undefined (0/0) and taken as 0: the "
                f"variance of {what} is understated; evaluate on more data.",
                UndefinedMetricWarning,
                stacklevel=stacklevel,
            )
    return variance


def _check_frequency_weights(weight):
    if weight is None:
        return
    fractional = weight != np.floor(weight)
    if fractional.any():
        example = weight[fractional][0]
        raise ValueError(
            f"sample_weight holds non-integer values such as {example:.6g}; "
            f"method='delong' needs frequency weights (whole numbers: a weight of 3 "
            f"counts the sample 3 times). For other weights use method='bootstrap'."
        )


def _z_critical(level):
    from scipy.special import ndtri  # scipy only when an interval is asked for

    return float(ndtri(0.5 + level / 2.0))


# --------------------------------------------------------------------- roc_auc_ci


@fill_doc(sources=_SOURCES)
def roc_auc_ci(
    y_true,
    y_score,
    *,
    method="delong",
    confidence_level=0.95,
    n_resamples=2000,
    random_state=None,
    sample_weight=None,
    pos_label=None,
):
    """Binary ROC AUC with a confidence interval: DeLong's (default) or a bootstrap.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. With labels other than {0, 1}, {-1, 1} or
        {False, True}, ``pos_label`` must be given.
    y_score : array-like of shape (n_samples,)
        Target scores (probabilities, confidence values or any finite real
        number); higher means more likely positive.
    method : {'delong', 'bootstrap'}, default='delong'
        'delong': DeLong's nonparametric variance and a normal interval (see
        Notes). 'bootstrap': a stratified bootstrap of :func:`roc_auc_score` by
        :func:`bootstrap_ci` (its default interval, BCa).
    confidence_level : float, default=0.95
        Nominal coverage of the two-sided interval, in (0, 1).
    n_resamples : int, default=2000
        Number of bootstrap resamples ('bootstrap' only; unused by 'delong').
    random_state : None, int or numpy.random.Generator, default=None
        Seed of the bootstrap resampling ('bootstrap' only; 'delong' is
        deterministic).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights. For 'delong' they must be frequency weights
        (whole numbers): the result is exactly that of the data with each sample
        repeated ``sample_weight`` times. Samples of weight 0 are left out.
        'bootstrap' resamples the rows, each carrying its weight: with
        frequency weights it measures the uncertainty of n rows, not of
        ``sum(sample_weight)`` replicated samples, so its interval is wider.
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for the label sets
        above.

    Returns
    -------
    ci : ConfidenceInterval
        ``estimate`` (the AUC, equal to :func:`roc_auc_score`), ``low`` and
        ``high`` (both in [0, 1]), ``method`` ('delong', or the bootstrap's
        method name) and ``confidence_level``.

    Raises
    ------
    ValueError
        If ``method`` is unknown; if ``confidence_level`` is not in (0, 1); if
        ``y_true`` lacks either class, holds more than two, or its positive
        class is ambiguous; on invalid shapes, non-finite scores or invalid
        ``sample_weight``; for 'delong', if ``sample_weight`` holds non-integer
        values (use ``method='bootstrap'``).

    Warns
    -----
    UndefinedMetricWarning
        'delong', when the variance is 0, so that the interval collapses to the
        estimate (AUC exactly 0 or 1, all scores tied, or one sample per class),
        and when a class has a single sample (its variance term is undefined and
        taken as 0).

    Notes
    -----
    DeLong, DeLong & Clarke-Pearson (1988). With m positives :math:`X_i`, n
    negatives :math:`Y_j` and :math:`\\psi(x, y) = 1` if x > y, ½ if x = y, 0
    otherwise, the placement values are

    .. math::
        V_{10}(X_i) = \\frac{1}{n}\\sum_j \\psi(X_i, Y_j), \\qquad
        V_{01}(Y_j) = \\frac{1}{m}\\sum_i \\psi(X_i, Y_j),

    the AUC is :math:`\\hat\\theta = \\bar V_{10} = \\bar V_{01}` (the
    Mann-Whitney statistic, ties counting ½), and its variance is

    .. math::
        \\widehat{\\mathrm{Var}}(\\hat\\theta) = \\frac{S_{10}}{m} + \\frac{S_{01}}{n},
        \\quad S_{10} = \\frac{\\sum_i (V_{10}(X_i) - \\hat\\theta)^2}{m - 1},
        \\quad S_{01} = \\frac{\\sum_j (V_{01}(Y_j) - \\hat\\theta)^2}{n - 1}.

    The interval is :math:`\\hat\\theta \\pm z_{1-\\alpha/2}
    \\sqrt{\\widehat{\\mathrm{Var}}}`, :math:`z_{1-\\alpha/2} = \\Phi^{-1}((1 +
    \\text{confidence\\_level}) / 2)`. The placements are computed in
    O(n log n), as in Sun & Xu (2014), from the sorted scores of each class
    (binary searches of the smaller class in the larger, then one cumulative
    histogram); counts stay integers until the last division, so the
    result is exact with ties and stable at n = 10⁷. The values match pROC's
    ``ci.auc(..., method = "delong")`` (Robin et al., BMC Bioinformatics 12:77,
    2011).

    Bounds: the normal interval can cross 0 or 1 (an AUC near 1 on small
    data); its bounds are clipped to [0, 1], as pROC does. When the variance is
    0 the interval is ``[AUC, AUC]``, with a warning: it then says nothing about
    the sampling uncertainty (use 'bootstrap' or more data). A class with one
    sample contributes no variance term (its sample variance, with divisor
    m - 1 = 0, is undefined).

    Frequency weights (whole numbers) enter every sum as counts: :math:`m =
    \\sum_{i} w_i` over the positives, and so on, which is exactly the
    computation on the replicated data.

    Sources:
    %(sources)s

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import roc_auc_ci
    >>> rng = np.random.default_rng(0)
    >>> y_true = rng.integers(0, 2, size=200)
    >>> y_score = y_true + rng.normal(size=200)
    >>> ci = roc_auc_ci(y_true, y_score)
    >>> print(ci)
    0.76 [0.69, 0.83]
    >>> ci.method, ci.confidence_level
    ('delong', 0.95)

    Near AUC = 1 on little data the upper bound is clipped to 1:

    >>> print(roc_auc_ci([0, 0, 1, 1, 0, 1, 0, 1, 1, 0],
    ...                  [0.1, 0.4, 0.35, 0.8, 0.2, 0.7, 0.5, 0.9, 0.45, 0.3]))
    0.88 [0.66, 1.00]
    """
    if not isinstance(method, str) or method not in _METHODS:
        raise ValueError(
            f"method must be 'delong' or 'bootstrap', got {method!r}."
        )
    level = check_confidence_level(confidence_level)
    if method == "bootstrap":
        from evalplots.metrics.ranking._auc import roc_auc_score
        from evalplots.metrics.inference._bootstrap import bootstrap_ci

        return bootstrap_ci(
            roc_auc_score,
            y_true,
            y_score,
            n_resamples=n_resamples,
            confidence_level=level,
            random_state=random_state,
            sample_weight=sample_weight,
            pos_label=pos_label,
        )
    data = binary_scores(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    require_both_classes(data, need_neg=True, metric="ROC AUC")
    _check_frequency_weights(data.weight)
    return delong_interval(_placements(data), level, stacklevel=3)


def delong_interval(p, level, *, stacklevel=2):
    """DeLong's interval of the AUC from its placements ``p`` (any order); see
    :func:`roc_auc_ci`. ``stacklevel`` points the warnings at the caller's caller."""
    auc = p.auc
    variance = _delong_variance(p.v10, p.v01, auc, p, what="the AUC",
                                stacklevel=stacklevel + 1)
    if variance <= 0.0:
        warnings.warn(
            f"The DeLong variance of the AUC is 0 (AUC = {auc:.6g}: all placement "
            f"values are equal), so the interval collapses to [{auc:.6g}, {auc:.6g}] "
            f"and says nothing about the sampling uncertainty; use "
            f"method='bootstrap' or more data.",
            UndefinedMetricWarning,
            stacklevel=stacklevel,
        )
        return ConfidenceInterval(auc, auc, auc, "delong", level)
    half = _z_critical(level) * math.sqrt(variance)
    return ConfidenceInterval(
        auc, max(0.0, auc - half), min(1.0, auc + half), "delong", level
    )


def sample_placements(data):
    """The placements of ``data`` (a BinaryScores) in the order of the samples, to
    pair two models scored on the same samples.

    Unweighted, each sample is searched in the other class's sorted scores (the
    halves the evaluation sorted once): no argsort. Weighted, as
    ``_placements(data, sample_order=True)``.
    """
    if data.weight is not None:
        return _placements(data, sample_order=True)
    ps, ns = data.pos_sorted, data.neg_sorted
    pos, neg = data.score[data.positive], data.score[~data.positive]
    s10 = np.searchsorted(ns, pos, side="left")
    s10 += np.searchsorted(ns, pos, side="right")
    s01 = np.searchsorted(ps, neg, side="left")
    s01 += np.searchsorted(ps, neg, side="right")
    m, n = ps.size, ns.size
    auc, v10, v01 = placements_from_sums(s10, s01, m, n)
    return _Placements(auc, v10, v01, None, None, m, n)


# -------------------------------------------------------------------- delong_test


@dataclass(frozen=True)
class DeLongTestResult:
    """Result of :func:`delong_test`: two correlated AUCs and their difference.

    Parameters
    ----------
    auc_a, auc_b : float
        ROC AUC of ``y_score_a`` and of ``y_score_b``, in [0, 1].
    difference : float
        ``auc_a - auc_b``, in [-1, 1].
    ci : ConfidenceInterval
        Interval of the difference (``ci.estimate == difference``), bounds in
        [-1, 1].
    z : float
        ``difference / SE(difference)``; 0 when both are 0, ±inf when only the
        standard error is 0. For the unpaired test it is pROC's statistic D,
        referred to Student's t with ``df`` degrees of freedom.
    pvalue : float
        p-value of H0: equal AUCs, against ``alternative``: ``2 * Phi(-|z|)``
        (two-sided), ``Phi(-z)`` ('greater': AUC a > AUC b) or ``Phi(z)``
        ('less'); Student's t instead of Phi for the unpaired test.
    alternative : {'two-sided', 'greater', 'less'}, default='two-sided'
        The alternative hypothesis the p-value is computed against.
    paired : bool, default=True
        Whether the two scores are of the same samples (the paired test).
    df : float, default=inf
        Degrees of freedom of the unpaired test's t distribution (inf: normal).
    se : float, default=nan
        Standard error of ``difference``: DeLong's; 0 for a degenerate test
        (zero variance). The one-sided tests against a margin
        (:func:`evalplots.metrics.margin_test`) read it.

    Notes
    -----
    ``str()`` gives one line for a report:
    ``AUC a = 0.824, AUC b = 0.731, difference = 0.093 [0.010, 0.174] (95% CI),
    z = 2.21, p = 0.0272 (paired DeLong test)``; p-values below 1e-4 are written
    in scientific notation.

    Examples
    --------
    >>> from evalplots.metrics import DeLongTestResult, ConfidenceInterval
    >>> ci = ConfidenceInterval(0.25, 0.05, 0.45, "delong", 0.95)
    >>> print(DeLongTestResult(0.9, 0.65, 0.25, ci, 2.45, 0.0143))
    AUC a = 0.900, AUC b = 0.650, difference = 0.250 [0.050, 0.450] (95% CI), z = 2.45, p = 0.0143 (paired DeLong test)
    """

    auc_a: float
    auc_b: float
    difference: float
    ci: ConfidenceInterval
    z: float
    pvalue: float
    alternative: str = "two-sided"
    paired: bool = True
    df: float = math.inf
    se: float = math.nan

    def __str__(self):
        level = f"{100 * self.ci.confidence_level:g}%"
        kind = "paired" if self.paired else f"unpaired, df = {format_number(self.df, 1)}"
        if self.alternative != "two-sided":
            kind += f", alternative: {self.alternative}"
        statistic = "z" if self.paired else "D"
        return (
            f"AUC a = {self.auc_a:.3f}, AUC b = {self.auc_b:.3f}, difference = "
            f"{self.ci.format(3)} ({level} CI), {statistic} = {format_number(self.z, 2)}, "
            f"p = {format_pvalue(self.pvalue)} ({kind} DeLong test)"
        )


def _paired_scores(y_true, y_score_a, y_score_b, pos_label):
    y_true = as_1d(y_true, "y_true")
    a = check_scores(as_1d(y_score_a, "y_score_a"), "y_score_a")
    b = check_scores(as_1d(y_score_b, "y_score_b"), "y_score_b")
    check_consistent_length(y_true=y_true, y_score_a=a, y_score_b=b)
    positive = binary_positive_mask(y_true, pos_label)
    data_a = BinaryScores(a, positive, None)
    require_both_classes(data_a, need_neg=True, metric="ROC AUC")
    return data_a, BinaryScores(b, positive, None)


_ALTERNATIVES = ("two-sided", "greater", "less")


def _check_alternative(alternative):
    if not isinstance(alternative, str) or alternative not in _ALTERNATIVES:
        raise ValueError(
            f"alternative must be 'two-sided', 'greater' (AUC a > AUC b) or 'less', "
            f"got {alternative!r}."
        )
    return alternative


def _pvalue(statistic, alternative, df=math.inf):
    """p-value of ``statistic`` against ``alternative``: the standard normal, or
    Student's t with ``df`` degrees of freedom when df is finite."""
    if math.isinf(df):
        if alternative == "two-sided":
            return two_sided_normal_pvalue(statistic)
        from scipy.special import ndtr

        return float(ndtr(-statistic if alternative == "greater" else statistic))
    from scipy.special import stdtr

    if alternative == "two-sided":
        return float(min(1.0, 2.0 * stdtr(df, -abs(statistic))))
    return float(stdtr(df, -statistic if alternative == "greater" else statistic))


@fill_doc(sources=_SOURCES)
def delong_test(y_true, y_score_a, y_score_b, *, pos_label=None, confidence_level=0.95,
                paired=True, alternative="two-sided", y_true_b=None):
    """DeLong's test: do two scores have equal ROC AUCs (paired or unpaired)?

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels (of the samples of both scores when ``paired``, of
        ``y_score_a``'s otherwise). With labels other than {0, 1}, {-1, 1} or
        {False, True}, ``pos_label`` must be given.
    y_score_a : array-like of shape (n_samples,)
        Scores of model a (any finite reals, higher means more likely positive).
    y_score_b : array-like of shape (n_samples,) or (n_samples_b,)
        Scores of model b: on the same samples, in the same order, when
        ``paired``; else on the samples of ``y_true_b``.
    pos_label : int, float, bool or str, default=None
        The label of the positive class (of both label arrays); None means 1
        (True) for the label sets above.
    confidence_level : float, default=0.95
        Coverage of the (two-sided) interval of the difference, in (0, 1).
    paired : bool, default=True
        True: both scores are of the same samples (the correlated test).
        False: the two AUCs are independent (different samples, or samples
        taken as unrelated): pROC's ``paired = FALSE``.
    alternative : {'two-sided', 'greater', 'less'}, default='two-sided'
        The alternative hypothesis: AUC a ≠ AUC b, AUC a > AUC b, AUC a < AUC b.
    y_true_b : array-like of shape (n_samples_b,), default=None
        Unpaired only: the labels of ``y_score_b``'s samples; None means
        ``y_true`` (the same samples, compared as if unrelated).

    Returns
    -------
    result : DeLongTestResult
        ``auc_a``, ``auc_b``, ``difference`` (a - b), ``ci`` (ConfidenceInterval of
        the difference), ``z`` (D for the unpaired test), ``pvalue``, and
        ``alternative``, ``paired``, ``df``.

    Raises
    ------
    ValueError
        If a label array lacks either class, holds more than two, or its
        positive class is ambiguous; if scores and labels differ in length, are
        not 1-D, or a score is NaN, inf or not a number; if ``confidence_level``
        is not in (0, 1); if ``alternative`` is unknown; if ``y_true_b`` is
        given with ``paired=True``.

    Warns
    -----
    UndefinedMetricWarning
        When the variance of the difference is 0 (e.g. identical scores, or two
        rankings with all placements shifted alike): see Notes. When a class has
        a single sample, its variance term is undefined and taken as 0.

    Notes
    -----
    DeLong, DeLong & Clarke-Pearson (1988), for two AUCs measured on the same
    samples. With the placement values of :func:`roc_auc_ci` for each score
    (:math:`V^a_{10}, V^b_{10}` for the m positives, :math:`V^a_{01},
    V^b_{01}` for the n negatives), the estimated covariance matrix of
    :math:`(\\hat\\theta_a, \\hat\\theta_b)` is :math:`S = S_{10}/m + S_{01}/n`,
    :math:`S_{10}` and :math:`S_{01}` the sample covariance matrices (divisor
    m - 1, n - 1) of the placements, and

    .. math::
        z = \\frac{\\hat\\theta_a - \\hat\\theta_b}
        {\\sqrt{S_{aa} + S_{bb} - 2 S_{ab}}}, \\qquad p = 2\\,\\Phi(-|z|)

    (one-sided: :math:`\\Phi(-z)` for 'greater', :math:`\\Phi(z)` for 'less').
    The denominator is computed as the variance of the differences
    :math:`V^a - V^b` (the same quantity, never negative by rounding). The
    interval of the difference is :math:`\\hat\\theta_a - \\hat\\theta_b \\pm
    z_{1-\\alpha/2} \\sqrt{\\cdot}`, clipped to [-1, 1], two-sided whatever the
    alternative (as pROC). The placements cost O(n log n) (Sun & Xu 2014).
    Values match pROC's ``roc.test(..., method = "delong", paired = TRUE,
    alternative = ...)``.

    Unpaired (``paired=False``): the two AUCs are independent, so with their
    DeLong variances :math:`V_a, V_b` (:func:`roc_auc_ci`) pROC's statistic is
    :math:`D = (\\hat\\theta_a - \\hat\\theta_b) / \\sqrt{V_a + V_b}`, referred to
    Student's t with Welch-Satterthwaite degrees of freedom

    .. math::
        \\nu = \\frac{(V_a + V_b)^2}{V_a^2 / (N_a - 1) + V_b^2 / (N_b - 1)},

    :math:`N_a, N_b` the sample sizes (pROC's ``delong.unpaired.test``); the
    interval is :math:`\\hat\\theta_a - \\hat\\theta_b \\pm t_{\\nu, 1-\\alpha/2}
    \\sqrt{V_a + V_b}` (pROC reports none). Values match pROC's ``roc.test(...,
    paired = FALSE)``.

    Zero variance (rule): if the difference is 0 too (e.g. identical scores),
    ``z = 0`` (two-sided ``pvalue = 1``, as pROC); otherwise ``z = ±inf``.
    The p-value follows from z by the formulas above, the interval is
    ``[difference, difference]`` and an UndefinedMetricWarning is raised,
    never a silent NaN.

    Sources:
    %(sources)s

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import delong_test
    >>> rng = np.random.default_rng(0)
    >>> y_true = rng.integers(0, 2, size=200)
    >>> score_a = y_true + rng.normal(size=200)
    >>> score_b = y_true + 1.5 * rng.normal(size=200)
    >>> result = delong_test(y_true, score_a, score_b)
    >>> round(result.difference, 4), round(result.pvalue, 4)
    (0.0788, 0.1294)
    >>> print(result)
    AUC a = 0.757, AUC b = 0.679, difference = 0.079 [-0.023, 0.181] (95% CI), z = 1.52, p = 0.1294 (paired DeLong test)

    Two models on different test sets:

    >>> y_other = rng.integers(0, 2, size=150)
    >>> print(delong_test(y_true, score_a, y_other + rng.normal(size=150), paired=False,
    ...                   y_true_b=y_other, alternative="greater"))  # doctest: +ELLIPSIS
    AUC a = 0.757, AUC b = 0.7..., D = ..., p = ... (unpaired, df = ..., alternative: greater DeLong test)
    """
    level = check_confidence_level(confidence_level)
    alternative = _check_alternative(alternative)
    if paired:
        if y_true_b is not None:
            raise ValueError(
                "y_true_b is for the unpaired test (two models on different samples); "
                "with paired=True both scores are of the samples of y_true: drop "
                "y_true_b, or pass paired=False."
            )
        data_a, data_b = _paired_scores(y_true, y_score_a, y_score_b, pos_label)
        pa = _placements(data_a, sample_order=True)
        pb = _placements(data_b, sample_order=True)
        return paired_delong(pa, pb, level, stacklevel=3, alternative=alternative)
    return _unpaired_delong(y_true, y_score_a, y_true if y_true_b is None else y_true_b,
                            y_score_b, pos_label, level, alternative)


def _unpaired_scores(y_true, y_score, pos_label, name):
    data = binary_scores(y_true, check_scores(as_1d(y_score, name), name), pos_label=pos_label)
    require_both_classes(data, need_neg=True, metric="ROC AUC")
    return data


def _unpaired_delong(y_true_a, y_score_a, y_true_b, y_score_b, pos_label, level, alternative):
    """pROC's ``delong.unpaired.test``, with a t interval; see :func:`delong_test`."""
    variances, aucs, sizes = [], [], []
    for y, score, name in ((y_true_a, y_score_a, "y_score_a"), (y_true_b, y_score_b, "y_score_b")):
        p = _placements(_unpaired_scores(y, score, pos_label, name))
        variances.append(_delong_variance(p.v10, p.v01, p.auc, p, what="the AUC", stacklevel=4))
        aucs.append(p.auc)
        sizes.append(p.n_pos + p.n_neg)
    (auc_a, auc_b), (var_a, var_b) = aucs, variances
    difference, variance = auc_a - auc_b, var_a + var_b
    if variance <= 0.0:
        return _degenerate(auc_a, auc_b, level, alternative, paired=False, stacklevel=3)
    df = variance ** 2 / (var_a ** 2 / (sizes[0] - 1) + var_b ** 2 / (sizes[1] - 1))
    from scipy.special import stdtrit

    se = math.sqrt(variance)
    half = float(stdtrit(df, 0.5 + level / 2.0)) * se
    ci = ConfidenceInterval(
        difference, max(-1.0, difference - half), min(1.0, difference + half), "delong", level
    )
    statistic = difference / se
    return DeLongTestResult(auc_a, auc_b, difference, ci, statistic,
                            _pvalue(statistic, alternative, df), alternative, False, float(df),
                            se)


def paired_delong(pa, pb, level, *, stacklevel=2, alternative="two-sided"):
    """The paired DeLong test of two models' placements in sample order (see
    :func:`delong_test`); ``pa`` gives the weights and class sizes of both."""
    difference = pa.auc - pb.auc
    return paired_delong_from_squares(
        pa.auc, pb.auc, _squares(pa.v10 - pb.v10, difference, pa.w_pos),
        _squares(pa.v01 - pb.v01, difference, pa.w_neg), pa.n_pos, pa.n_neg, level,
        stacklevel=stacklevel + 1, alternative=alternative)


def _degenerate(auc_a, auc_b, level, alternative, *, paired, stacklevel):
    """The zero-variance rule of :func:`delong_test`."""
    difference = auc_a - auc_b
    if difference == 0.0:
        z, why = 0.0, "z = 0"
    else:
        z, why = math.copysign(math.inf, difference), "z = ±inf"
    pvalue = _pvalue(z, alternative)
    warnings.warn(
        f"The DeLong variance of the AUC difference is 0 (difference = "
        f"{difference:.6g}; e.g. identical scores), so the test is degenerate: "
        f"{why} and p = {pvalue:g} by rule, and the interval is [{difference:.6g}, "
        f"{difference:.6g}].",
        UndefinedMetricWarning,
        stacklevel=stacklevel + 1,
    )
    ci = ConfidenceInterval(difference, difference, difference, "delong", level)
    return DeLongTestResult(auc_a, auc_b, difference, ci, z, pvalue, alternative, paired,
                            math.inf, 0.0)


def paired_delong_from_squares(auc_a, auc_b, squares_pos, squares_neg, n_pos, n_neg, level,
                               *, stacklevel=2, alternative="two-sided"):
    """The paired DeLong test from the centred sums of squares of the placement
    differences, ``Σ_pos w (ΔV10 − d)²`` and ``Σ_neg w (ΔV01 − d)²`` with
    ``d = auc_a − auc_b`` (see :func:`delong_test`; the sums may come from
    chunks, :class:`~evalplots.metrics.DeLongCrossSums`)."""
    difference = auc_a - auc_b
    variance = _variance_from_squares(squares_pos, squares_neg, n_pos, n_neg,
                                      what="the AUC difference", stacklevel=stacklevel + 1)
    if variance <= 0.0:
        return _degenerate(auc_a, auc_b, level, alternative, paired=True,
                           stacklevel=stacklevel + 1)
    se = math.sqrt(variance)
    z = difference / se
    half = _z_critical(level) * se
    ci = ConfidenceInterval(
        difference, max(-1.0, difference - half), min(1.0, difference + half), "delong", level
    )
    return DeLongTestResult(auc_a, auc_b, difference, ci, z, _pvalue(z, alternative),
                            alternative, se=se)
