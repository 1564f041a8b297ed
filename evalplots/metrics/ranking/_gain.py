"""Cumulative gain, lift and the Kolmogorov-Smirnov statistic of a binary scorer.

The marketing view of a ranking: target the samples scored ``>= t``; the *queue rate*
is the share of all samples targeted, the *gain* the share of all positives among
them, the *lift* how many times better than targeting at random that is. The KS
statistic is the largest gap between the shares of positives and of negatives
targeted. Every point comes from the one-sort counting kernel of
:mod:`evalplots.metrics.ranking._thresholds`: one point per distinct score, ties never split.

Sources: Thakur, *Approaching (Almost) Any Machine Learning Problem* (2020), and
Berry & Linoff, *Data Mining Techniques* (3rd ed., 2011), ch. 5 (cumulative gains and
lift charts); Siddiqi, *Credit Risk Scorecards* (2006), ch. 6 (KS in scoring);
Kolmogorov (1933), Smirnov (1948).
"""

from typing import NamedTuple

import numpy as np

from evalplots._docstrings import BINARY_SCORE_PARAMS, fill_doc
from evalplots.metrics.ranking._curves import _rate
from evalplots.metrics.ranking._thresholds import binary_scores, require_both_classes

__all__ = [
    "KSResult",
    "cumulative_gain_curve",
    "gain_from_counts",
    "ks_from_counts",
    "ks_statistic",
    "lift_curve",
    "lift_from_gain",
]


class KSResult(NamedTuple):
    """The Kolmogorov-Smirnov statistic of a binary scorer and where it is reached.

    A named tuple, so ``statistic, threshold = ks_statistic(...)`` unpacks it.

    Parameters
    ----------
    statistic : float
        ``max_t |TPR(t) - FPR(t)|``, in [0, 1].
    threshold : float
        The highest distinct score ``t`` at which the maximum is reached (predict
        positive when ``y_score >= t``).

    Notes
    -----
    See :func:`ks_statistic` for the definition and the choice of threshold.

    Examples
    --------
    >>> from evalplots.metrics import KSResult
    >>> result = KSResult(statistic=0.5, threshold=0.8)
    >>> statistic, threshold = result
    >>> result.statistic, threshold
    (0.5, 0.8)
    """

    statistic: float
    threshold: float


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def cumulative_gain_curve(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Compute the cumulative gain curve: share of positives captured vs share targeted.

    Parameters
    ----------
    %(binary_params)s

    Returns
    -------
    queue_rate : ndarray of float64 of shape (n_thresholds + 1,)
        Share of all samples (of the total weight) scored ``>= thresholds[i]``,
        increasing from 0 to 1: the x axis of a gain chart.
    gain : ndarray of float64 of shape (n_thresholds + 1,)
        Share of all positives scored ``>= thresholds[i]`` (the true positive
        rate), increasing from 0 to 1: the y axis.
    thresholds : ndarray of float64 of shape (n_thresholds + 1,)
        Decreasing thresholds; ``thresholds[0] = inf`` is the point (0, 0) at
        which no sample is targeted, then every distinct score value.

    Raises
    ------
    ValueError
        On invalid input (see :func:`confusion_matrix_at_thresholds`).

    Warns
    -----
    UndefinedMetricWarning
        If ``y_true`` has no positives: the gain is 0/0 and set to NaN.

    Notes
    -----
    Target the samples with ``y_score >= t``. With P the (weighted) number of
    positives and n that of all samples,
    ``queue_rate(t) = (TP(t) + FP(t)) / n`` and ``gain(t) = TP(t) / P``: "the
    top 20% of the list holds 60% of the responders" (Berry & Linoff, *Data
    Mining Techniques*, ch. 5; Thakur, *Approaching (Almost) Any Machine
    Learning Problem*). There is one point per distinct score, so samples with
    tied scores are targeted together and the curve joins the two operating
    points with a straight segment, whatever order the tied samples came in.
    scikit-plot's historical ``cumulative_gain_curve`` sorts the samples and
    gives one point per sample, splitting ties in array order (so its curve
    depends on the order of tied samples); without ties its points are a
    superset of these, lying on the same straight segments. A random ranking
    follows the diagonal ``gain = queue_rate``; a perfect one reaches gain 1 at
    queue rate ``P / n``.

    Examples
    --------
    >>> from evalplots.metrics import cumulative_gain_curve
    >>> queue_rate, gain, thresholds = cumulative_gain_curve(
    ...     [1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
    >>> queue_rate
    array([0.  , 0.25, 0.75, 1.  ])
    >>> gain
    array([0. , 0.5, 1. , 1. ])
    >>> thresholds
    array([inf, 0.9, 0.5, 0.1])
    """
    fps, tps, thresholds = binary_scores(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    ).counts()
    return gain_from_counts(fps, tps, thresholds)


def gain_from_counts(fps, tps, thresholds, *, gain=None):
    """The :func:`cumulative_gain_curve` arrays from cumulative counts (no new sort).

    ``fps``, ``tps`` and ``thresholds`` are as returned by
    ``BinaryScores.counts()`` (highest threshold first); they are not modified.
    ``gain``, when given, is the gain array already computed from the same
    counts by the same division (the P-R curve's recall read backwards,
    ``recall[::-1]``: 0, then TP/P from the highest threshold down) and is kept
    instead of a second copy.
    """
    queue_rate = np.empty(fps.size + 1)
    queue_rate[0] = 0.0
    np.add(fps, tps, out=queue_rate[1:])
    queue_rate[1:] /= queue_rate[-1]
    if gain is None:
        gain = _rate(tps, "positive", "cumulative gain", origin=True)
    elif gain.shape != queue_rate.shape:
        raise ValueError(f"gain has shape {gain.shape}; the curve has "
                         f"{queue_rate.shape}: pass the gain of these counts.")
    return queue_rate, gain, np.concatenate(([np.inf], thresholds))


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def lift_curve(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Compute the lift curve: gain divided by the share of samples targeted.

    Parameters
    ----------
    %(binary_params)s

    Returns
    -------
    queue_rate : ndarray of float64 of shape (n_thresholds,)
        Share of all samples scored ``>= thresholds[i]``, increasing, in (0, 1]
        (the gain curve's origin is left out, see Notes).
    lift : ndarray of float64 of shape (n_thresholds,)
        ``gain / queue_rate`` at each threshold; 1 at the last point.
    thresholds : ndarray of float64 of shape (n_thresholds,)
        The distinct score values, decreasing.

    Raises
    ------
    ValueError
        On invalid input (see :func:`confusion_matrix_at_thresholds`).

    Warns
    -----
    UndefinedMetricWarning
        If ``y_true`` has no positives: the lift is 0/0 and set to NaN.

    Notes
    -----
    ``lift(t) = gain(t) / queue_rate(t) = (TP(t) / (TP(t) + FP(t))) / (P / n)``:
    the precision of the targeted samples divided by the prevalence, i.e. how many
    times more positives the top of the ranking holds than a random selection of
    the same size (Berry & Linoff, *Data Mining Techniques*, ch. 5). It is 0/0 at
    the gain curve's origin (nothing targeted), which is therefore dropped: the
    arrays are those of :func:`cumulative_gain_curve` without their first
    element, and every queue rate is positive because every distinct score is
    held by a sample of positive weight. A random ranking has lift 1; a perfect
    one ``n / P`` up to queue rate ``P / n``.

    Examples
    --------
    >>> from evalplots.metrics import lift_curve
    >>> queue_rate, lift, thresholds = lift_curve([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
    >>> queue_rate
    array([0.25, 0.75, 1.  ])
    >>> lift
    array([2.        , 1.33333333, 1.        ])
    >>> thresholds
    array([0.9, 0.5, 0.1])
    """
    queue_rate, gain, thresholds = cumulative_gain_curve(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    return queue_rate[1:], lift_from_gain(queue_rate, gain), thresholds[1:]


def lift_from_gain(queue_rate, gain):
    """Lift ``gain / queue_rate`` of a gain curve, without its origin (queue rate 0).

    ``queue_rate`` and ``gain`` are the first two arrays of
    :func:`cumulative_gain_curve`; the result has one element fewer.
    """
    return np.asarray(gain[1:], dtype=float) / np.asarray(queue_rate[1:], dtype=float)


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def ks_statistic(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Kolmogorov-Smirnov statistic: the largest gap between TPR and FPR, and where.

    Parameters
    ----------
    %(binary_params)s

    Returns
    -------
    result : KSResult
        A named tuple ``(statistic, threshold)``: ``statistic`` is
        ``max_t |TPR(t) - FPR(t)|`` in [0, 1], ``threshold`` the highest distinct
        score at which it is reached.

    Raises
    ------
    ValueError
        On invalid input (see :func:`confusion_matrix_at_thresholds`), or if
        ``y_true`` (counting samples of non-zero weight) lacks the positive or
        the negative class.

    Notes
    -----
    ``KS = max_t |TPR(t) - FPR(t)|`` over the distinct scores ``t``, with
    ``TPR(t) = TP(t) / P`` and ``FPR(t) = FP(t) / N`` the (weighted) shares of
    positives and of negatives scored ``>= t``. This is the two-sample
    Kolmogorov-Smirnov distance ``sup_x |F+(x) - F-(x)|`` between the empirical
    score distributions of the two classes (Kolmogorov 1933; Smirnov 1948), the
    value ``scipy.stats.ks_2samp(scores_pos, scores_neg).statistic`` gives
    unweighted, and the usual separation measure of credit scorecards (Siddiqi,
    *Credit Risk Scorecards*, ch. 6). ``TPR - FPR`` is Youden's J at ``t``, so
    with a positive gap the threshold is also the one that maximises J. When the
    maximum is reached at several thresholds (a plateau, or equal gaps of
    opposite sign), the highest such threshold is returned: the smallest
    targeted set with the largest gap. The gaps are compared as the exact
    products ``|TP * N - FP * P|`` of (weighted) counts, so that two equal gaps
    are never told apart by rounding. When all scores are equal the statistic
    is 0 at that score.

    Examples
    --------
    >>> from evalplots.metrics import ks_statistic
    >>> ks_statistic([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    KSResult(statistic=0.5, threshold=0.8)
    """
    data = binary_scores(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    require_both_classes(data, need_neg=True, metric="the KS statistic")
    return ks_from_counts(*data.counts())


def ks_from_counts(fps, tps, thresholds):
    """The :func:`ks_statistic` result from cumulative counts (no new sort).

    ``fps``, ``tps`` and ``thresholds`` are as returned by
    ``BinaryScores.counts()`` (highest threshold first), with both classes present.
    """
    n_neg, n_pos = fps[-1], tps[-1]
    gaps = np.abs(tps * n_neg - fps * n_pos)
    best = int(np.argmax(gaps))  # the first maximum: the highest threshold
    # TPR - FPR computed as the curves compute the rates, so that the value read
    # off the stored rates of a curve is the same float
    statistic = abs(tps[best] / n_pos - fps[best] / n_neg)
    return KSResult(float(statistic), float(thresholds[best]))
