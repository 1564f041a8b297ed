"""Net benefit of treating by a risk threshold: the numbers of a decision curve.

A patient is treated when the predicted risk reaches the threshold probability
``p_t``, the risk at which a clinician is indifferent between treating and not.
The net benefit weighs the true positives against the false positives at the
exchange rate ``p_t / (1 − p_t)`` that this indifference implies (Vickers & Elkin
2006). The counts at every threshold are read off the one ascending order of the
scores that the ranking metrics share (:class:`~evalplots.metrics.ranking._thresholds.
MergedOrder`): one binary search per threshold and a count of the positives below
it, so a curve of any number of thresholds costs the sort and little more.
"""

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.metrics._labels import binary_positive_mask
from evalplots.metrics._validation import (
    as_1d,
    check_finite,
    check_sample_weight,
    check_weight_total,
)
from evalplots.metrics.ranking._thresholds import binary_scores

__all__ = ["counts_at_thresholds", "net_benefit", "net_benefit_from_counts",
           "treat_all_net_benefit"]

_SOURCES = """A. J. Vickers and E. B. Elkin, "Decision curve analysis: a novel method for
    evaluating prediction models", *Medical Decision Making* 26(6):565-574, 2006;
    A. J. Vickers, B. van Calster and E. W. Steyerberg, "Net benefit approaches to
    the evaluation of prediction models, molecular markers, and diagnostic tests",
    *BMJ* 352:i6, 2016."""


def check_risk_thresholds(thresholds):
    """Threshold probabilities as a 1-D float64 array in [0, 1), or raise naming them."""
    arr = np.asarray(thresholds.to_numpy() if hasattr(thresholds, "to_numpy") else thresholds)
    if arr.ndim == 0:
        arr = arr.reshape(1)
    arr = check_finite(as_1d(arr, "thresholds"), "thresholds")
    bad = (arr < 0) | (arr >= 1)
    if bad.any():
        raise ValueError(
            f"thresholds must be threshold probabilities in [0, 1), got "
            f"{arr[bad][0]!r}; at 1 the odds p_t / (1 - p_t) are infinite and the net "
            f"benefit is undefined. Pass e.g. thresholds=np.linspace(0, 0.99, 100)."
        )
    return arr


def _check_probabilities(data):
    """Raise unless the validated scores of ``data`` lie in [0, 1]."""
    if data._range is not None:
        lo, hi = data._range
    else:  # the one-pass validation keyed the scores: finite and non-negative
        lo, hi = 0.0, data.score.max()
    if not (lo >= 0 and hi <= 1):
        raise ValueError(
            f"y_prob holds values outside [0, 1] (min {lo}, max {hi}); the net benefit "
            f"compares predicted risks with threshold probabilities: pass probabilities, "
            f"e.g. apply a sigmoid or calibrate raw scores first."
        )


def _counts_at(data, thresholds):
    """``(tp, fp, total)``: the (weighted) positives and negatives with
    ``score >= t`` for each threshold t, and the total mass."""
    if data.weight is None and not data.few():
        order = data.merged()
        key = order.key
        score_dtype = data.score.dtype
        if order.shift == 1 and score_dtype.kind == "f":
            # keys of non-negative floats: bits(score) << 1 | class, so score >= t
            # exactly when key >= bits(t') << 1, t' the smallest value of the
            # scores' type that is >= t
            t = thresholds.astype(score_dtype)
            low = t < thresholds
            if low.any():
                t[low] = np.nextafter(t[low], score_dtype.type(np.inf))
            probe = t.view(key.dtype) << key.dtype.type(1)
            below = np.searchsorted(key, probe, side="left")
            pos_below = np.searchsorted(order.pos_at, below, side="left")
            n = key.size
            tp = (order.n_pos() - pos_below).astype(np.float64)
            fp = (n - below) - tp
            return tp, fp, float(n)
    fps, tps, distinct = data.counts()  # distinct scores, decreasing
    tp, fp = counts_at_thresholds(fps, tps, distinct, thresholds)
    total = float(data.score.size if data.weight is None else data.weight.sum())
    return tp, fp, total


def counts_at_thresholds(fps, tps, distinct, thresholds):
    """``(tp, fp)`` with ``score >= t`` for each threshold t, from the cumulative
    counts ``fps``, ``tps`` at the ``distinct`` scores (decreasing), as
    :meth:`~evalplots.metrics.ranking._thresholds.BinaryScores.counts` returns them."""
    ascending = distinct[::-1].astype(np.float64, copy=False)
    at_or_above = ascending.size - np.searchsorted(ascending, thresholds, side="left")
    tp = np.where(at_or_above > 0, tps[np.maximum(at_or_above - 1, 0)], 0.0)
    fp = np.where(at_or_above > 0, fps[np.maximum(at_or_above - 1, 0)], 0.0)
    return tp, fp


def net_benefit_from_counts(tp, fp, total, thresholds):
    """``tp / N − fp / N · p_t / (1 − p_t)`` elementwise (see :func:`net_benefit`)."""
    odds = thresholds / (1.0 - thresholds)
    return tp / total - fp / total * odds


@fill_doc(sources=_SOURCES)
def net_benefit(y_true, y_prob, thresholds, *, pos_label=None, sample_weight=None):
    """Net benefit of treating the samples whose predicted risk reaches each threshold.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels (the outcome). With labels other than {0, 1},
        {-1, 1} or {False, True}, ``pos_label`` must be given.
    y_prob : array-like of shape (n_samples,)
        Predicted probability of the positive class (the risk), in [0, 1].
    thresholds : float or array-like of shape (n_thresholds,)
        Threshold probabilities p_t in [0, 1), in any order; a sample is treated
        when ``y_prob >= p_t``.
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for the label sets
        above.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights; every count becomes a sum of weights.

    Returns
    -------
    net_benefit : ndarray of float64 of shape (n_thresholds,)
        The net benefit at each threshold, in the order of ``thresholds``: true
        positives per sample, less the false positives per sample weighted by
        the odds of the threshold. At most the prevalence; can be negative.

    Raises
    ------
    ValueError
        If ``y_prob`` holds values outside [0, 1], NaN or inf; if a threshold is
        outside [0, 1) or not finite; if the arrays are not 1-D or differ in
        length; if ``y_true`` has more than two classes or an ambiguous positive
        class; if ``sample_weight`` is invalid or sums to 0.

    Notes
    -----
    Vickers & Elkin (2006): with N samples (the total weight), TP(p_t) and
    FP(p_t) the positives and negatives with ``y_prob >= p_t``,

    .. math::
        \\mathrm{NB}(p_t) = \\frac{TP(p_t)}{N} - \\frac{FP(p_t)}{N}
        \\cdot \\frac{p_t}{1 - p_t}.

    Treating everyone gives :func:`treat_all_net_benefit`; treating no one
    gives 0 at every threshold. A model is of use at p_t where its net benefit
    exceeds both. The values equal those of R's ``dcurves::dca`` (Sjoberg) for
    every threshold in (0, 1); at p_t = 0, ``dca`` moves predicted risks of
    exactly 0 to −ε, so it does not treat them, while here a risk of 0 reaches
    the threshold 0 (NB(0) is then the prevalence).

    The counts come from the scores' one ascending order, shared with
    :func:`roc_auc_score` and the curves: one binary search per threshold
    (unweighted; weighted inputs read the cumulative counts at each distinct
    score).

    Sources:
    %(sources)s

    Examples
    --------
    >>> from evalplots.metrics import net_benefit
    >>> y_true = [0, 0, 1, 1, 0, 1, 0, 0]
    >>> y_prob = [0.1, 0.3, 0.35, 0.8, 0.2, 0.6, 0.5, 0.05]
    >>> net_benefit(y_true, y_prob, [0.25, 0.5])
    array([0.29166667, 0.125     ])

    At 0.25 three positives and two negatives are treated: 3/8 − 2/8 · 1/3.
    """
    thresholds = check_risk_thresholds(thresholds)
    y_prob = as_1d(y_prob, "y_prob")
    data = binary_scores(y_true, y_prob, pos_label=pos_label, sample_weight=sample_weight)
    _check_probabilities(data)
    check_weight_total(data.weight)
    tp, fp, total = _counts_at(data, thresholds)
    return net_benefit_from_counts(tp, fp, total, thresholds)


@fill_doc(sources=_SOURCES)
def treat_all_net_benefit(y_true, thresholds, *, pos_label=None, sample_weight=None):
    """Net benefit of treating every sample, at each threshold probability.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. With labels other than {0, 1}, {-1, 1} or
        {False, True}, ``pos_label`` must be given.
    thresholds : float or array-like of shape (n_thresholds,)
        Threshold probabilities p_t in [0, 1).
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for the label sets
        above.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.

    Returns
    -------
    net_benefit : ndarray of float64 of shape (n_thresholds,)
        ``π − (1 − π) · p_t / (1 − p_t)``, π the (weighted) prevalence.

    Raises
    ------
    ValueError
        If a threshold is outside [0, 1) or not finite; if ``y_true`` is not
        1-D, has more than two classes or an ambiguous positive class; if
        ``sample_weight`` is invalid or sums to 0.

    Notes
    -----
    The treat-all strategy of decision curve analysis (Vickers & Elkin 2006):
    :func:`net_benefit` of a model that gives every sample the risk 1. It
    crosses 0 at p_t = π. The treat-none strategy has net benefit 0 everywhere.

    Sources:
    %(sources)s

    Examples
    --------
    >>> from evalplots.metrics import treat_all_net_benefit
    >>> treat_all_net_benefit([0, 0, 1, 1, 0, 1, 0, 0], [0.0, 0.25, 0.5])
    array([ 0.375     ,  0.16666667, -0.25      ])
    """
    thresholds = check_risk_thresholds(thresholds)
    y = as_1d(y_true, "y_true")
    positive = binary_positive_mask(y, pos_label)
    w = check_sample_weight(sample_weight, y.shape[0])
    check_weight_total(w)
    if w is None:
        tp, total = float(np.count_nonzero(positive)), float(y.shape[0])
    else:
        tp, total = float(w[positive].sum()), float(w.sum())
    return net_benefit_from_counts(tp, total - tp, total, thresholds)
