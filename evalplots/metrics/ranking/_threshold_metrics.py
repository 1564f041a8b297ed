"""Every confusion-matrix metric at every distinct threshold, and the optimal threshold.

One sort of the scores (:meth:`BinaryScores.counts`) gives the cumulative true and
false positives at each distinct score; precision, recall, F-beta, specificity, queue
rate and accuracy at every threshold are then elementwise ratios of those counts.
A threshold ``t`` predicts positive when ``y_score >= t`` (scikit-learn's rule).

Sources: Zhou Zhihua, *Machine Learning* (2016), §2.3.2 (P, R, F-beta) and §2.3.4
(cost-sensitive error); Youden, "Index for rating diagnostic tests", Cancer 3 (1950);
Elkan, "The foundations of cost-sensitive learning", IJCAI 2001 (Bayes decision).
"""

import functools
from dataclasses import dataclass

import numpy as np

from evalplots._docstrings import BINARY_SCORE_PARAMS, fill_doc
from evalplots.metrics.classification._confusion import CountRates
from evalplots.metrics.ranking._thresholds import binary_scores, require_both_classes
from evalplots.metrics._validation import (
    check_beta,
    check_nonnegative,
    check_zero_division,
    safe_divide,
)

__all__ = [
    "OptimalThreshold",
    "ThresholdMetrics",
    "check_beta",
    "first_best",
    "metrics_at_thresholds",
    "metrics_from_counts",
    "optimal_threshold",
    "rates_from_counts",
]

#: relative tolerance under which two criterion values are a tie (rounding only)
_TIE_RTOL = 1e-12

_CRITERIA = ("youden", "f1", "fbeta", "cost")


#: The columns of :class:`ThresholdMetrics` after ``thresholds``, in order.
_COLUMNS = ("tp", "fp", "tn", "fn", "precision", "recall", "fpr", "specificity", "fbeta",
            "queue_rate", "accuracy")


class _Rates(CountRates):
    """The counts and rates at each threshold, each computed on first use.

    The one copy of the formulas (precision, recall and F-beta are
    :class:`~evalplots.metrics.classification._confusion.CountRates`'); a column that is never
    read (e.g. accuracy, when only precision and recall are drawn) is never held
    in memory.
    """

    names = {"precision": "precision (no sample predicted positive)",
             "recall": "recall (no positive sample)", "fbeta": "F-beta"}

    def __init__(self, tps, fps, n_pos, n_neg, *, beta, divide):
        self.tp, self.fp = tps, fps
        self._n_pos, self._n_neg = n_pos, n_neg
        self.beta = beta
        self._divide = divide

    @functools.cached_property
    def tn(self):
        return self._n_neg - self.fp

    @functools.cached_property
    def fn(self):
        return self._n_pos - self.tp

    def _per_threshold(self, total):
        """A class total as the denominator at every threshold: as it is when it
        holds no 0 (the ratio broadcasts), else one per threshold, so that a 0/0
        warning counts the thresholds."""
        nonzero = total != 0
        if nonzero.all() if isinstance(nonzero, np.ndarray) else nonzero:
            return total
        return np.broadcast_to(total, self.tp.shape)

    def _at(self, i):
        """The rates at the ``i``-th threshold alone: the same formulas on its counts."""
        return _Rates(self.tp[i], self.fp[i], self._n_pos, self._n_neg, beta=self.beta,
                      divide=self._divide)

    @property
    def true(self):
        """The positives P: the denominator of recall at every threshold."""
        return self._per_threshold(self._n_pos)

    @property
    def pred(self):
        """TP + FP: the samples predicted positive at each threshold."""
        return self.tp + self.fp

    @functools.cached_property
    def fpr(self):
        return self._divide(self.fp, self._per_threshold(self._n_neg),
                            "false positive rate (no negative sample)")

    @functools.cached_property
    def specificity(self):
        return self._divide(self.tn, self._per_threshold(self._n_neg),
                            "specificity (no negative sample)")

    @functools.cached_property
    def queue_rate(self):
        return self.pred / (self._n_pos + self._n_neg)

    @functools.cached_property
    def accuracy(self):
        return (self.tp + self.tn) / (self._n_pos + self._n_neg)


class ThresholdMetrics(_Rates):
    """The confusion matrix and its rates at every distinct threshold.

    Returned by :func:`metrics_at_thresholds`; every array attribute has shape
    (n_thresholds,) and is ordered like ``thresholds``, highest first. Each rate
    is computed from the counts when it is first read, and kept.

    Parameters
    ----------
    thresholds : ndarray of float64 of shape (n_thresholds,)
        The distinct scores, decreasing. At ``thresholds[i]`` a sample is predicted
        positive when ``y_score >= thresholds[i]``.
    tp, fp : ndarray of shape (n_thresholds,)
        Cumulative true and false positives at each threshold (sums of sample
        weights when weighted), as ``BinaryScores.counts()`` gives them; the last
        entries are the class totals P and N.
    beta : float, default=1.0
        The β of ``fbeta``.
    zero_division : {'warn', 0, 1, np.nan}, default='warn'
        The value of a 0/0 rate (recall without positives, FPR and specificity
        without negatives); 'warn' gives 0.0 and a warning.
    precision, recall : ndarray of float64 of shape (n_thresholds,), default=None
        These two rates when already computed from the same counts by the same
        formulas (e.g. views of the P-R curve's arrays): kept as the attributes
        instead of a second copy. None computes them when first read.

    Attributes
    ----------
    tn, fn : ndarray of float64 of shape (n_thresholds,)
        True negatives and false negatives.
    precision : ndarray of float64 of shape (n_thresholds,)
        ``tp / (tp + fp)``.
    recall : ndarray of float64 of shape (n_thresholds,)
        ``tp / (tp + fn)``, the true positive rate (sensitivity).
    fpr : ndarray of float64 of shape (n_thresholds,)
        ``fp / (fp + tn)``, the false positive rate.
    specificity : ndarray of float64 of shape (n_thresholds,)
        ``tn / (fp + tn) = 1 - fpr``, the true negative rate.
    fbeta : ndarray of float64 of shape (n_thresholds,)
        ``(1 + β²) tp / ((1 + β²) tp + β² fn + fp)``.
    queue_rate : ndarray of float64 of shape (n_thresholds,)
        ``(tp + fp) / n``: the fraction of samples (of the total weight) predicted
        positive, i.e. the share of cases a review queue would receive.
    accuracy : ndarray of float64 of shape (n_thresholds,)
        ``(tp + tn) / n``.

    Raises
    ------
    ValueError
        If ``zero_division`` is not one of its options, or ``precision`` or
        ``recall`` is not of the counts' shape; :func:`metrics_at_thresholds`
        checks the other inputs.

    Notes
    -----
    ``tpr`` is an alias of ``recall``. :meth:`to_frame` gives a pandas DataFrame
    with one row per threshold (pandas is imported only then). A 0/0 rate is
    only possible when a class is absent; its warning then comes when the table
    is made, not when the rate is read.

    Examples
    --------
    >>> from evalplots.metrics import metrics_at_thresholds
    >>> table = metrics_at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> table.thresholds
    array([0.8 , 0.4 , 0.35, 0.1 ])
    >>> table.precision
    array([1.        , 0.5       , 0.66666667, 0.5       ])
    >>> table.tpr is table.recall
    True
    """

    def __init__(self, thresholds, tp, fp, *, beta=1.0, zero_division="warn",
                 precision=None, recall=None):
        zero_division = check_zero_division(zero_division)

        if tp[-1] > 0 and fp[-1] > 0:  # every denominator is positive (see below)
            divide = _positive_divide
        else:
            def divide(num, den, metric):
                return safe_divide(num, den, zero_division=zero_division, metric=metric)

        super().__init__(tp, fp, tp[-1], fp[-1], beta=beta, divide=divide)
        self.thresholds = thresholds
        if not (self._n_pos > 0 and self._n_neg > 0):  # a 0/0 rate: warn now
            for column in _COLUMNS:
                getattr(self, column)
        for name, known in (("precision", precision), ("recall", recall)):
            if known is not None:
                if known.shape != tp.shape:
                    raise ValueError(f"{name} has shape {known.shape}; the counts have "
                                     f"{tp.shape}: pass the rates of these counts.")
                setattr(self, name, known)  # the rate, known: not computed again

    @property
    def tpr(self):
        """The true positive rate: the same array as ``recall``."""
        return self.recall

    def __len__(self):
        return self.thresholds.shape[0]

    def to_frame(self):
        """Return the table as a pandas DataFrame, one row per threshold.

        Returns
        -------
        frame : pandas.DataFrame of shape (n_thresholds, 12)
            Columns ``threshold, tp, fp, tn, fn, precision, recall, fpr,
            specificity, fbeta, queue_rate, accuracy``, highest threshold first.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        pandas is imported lazily, so that :mod:`evalplots.metrics` imports numpy only.
        The F-beta column is named ``fbeta`` whatever β is (see ``beta``).

        Examples
        --------
        >>> from evalplots.metrics import metrics_at_thresholds
        >>> frame = metrics_at_thresholds([0, 1, 1], [0.2, 0.9, 0.6]).to_frame()
        >>> frame[["threshold", "tp", "fp", "precision", "recall"]]
           threshold   tp   fp  precision  recall
        0        0.9  1.0  0.0   1.000000     0.5
        1        0.6  2.0  0.0   1.000000     1.0
        2        0.2  2.0  1.0   0.666667     1.0
        """
        import pandas as pd

        columns = {"threshold": self.thresholds}
        for name in _COLUMNS:
            columns[name] = getattr(self, name)
        return pd.DataFrame(columns)

    def _repr_html_(self):
        # the notebook view: pandas' table, shortened as pandas shortens long frames
        return self.to_frame()._repr_html_()


def _positive_divide(num, den, metric):
    """``num / den`` in float64 where no ``den`` is 0 (``metric`` is unused).

    The rates of a table with both classes: recall, FPR and specificity divide by
    the class totals P, N > 0, precision by TP + FP > 0 (every threshold is a score
    of non-zero weight) and F-beta by β²P + TP + FP > 0. The same float as
    :func:`safe_divide`, without its search for 0/0.
    """
    return np.true_divide(num, den)


def rates_from_counts(tps, fps, n_pos, n_neg, *, beta, divide):
    """Every rate of :class:`ThresholdMetrics` from counts (arrays broadcast).

    ``divide(num, den, metric)`` is the 0/0 rule of the caller; it is applied to the
    rates whose denominator may be 0 (precision, recall, FPR, specificity). F-beta's
    denominator ``β²P + TP + FP`` is positive whenever anything is predicted
    positive or a positive exists. Returns a dict of the rate arrays (and the counts).
    """
    rates = _Rates(tps, fps, n_pos, n_neg, beta=beta, divide=divide)
    return {name: getattr(rates, name) for name in _COLUMNS}


def metrics_from_counts(fps, tps, thresholds, *, beta=1.0, zero_division="warn",
                        precision=None, recall=None):
    """A :class:`ThresholdMetrics` from the cumulative counts of
    ``BinaryScores.counts()`` (no new sort); the options are the class's."""
    return ThresholdMetrics(thresholds, tps, fps, beta=beta, zero_division=zero_division,
                            precision=precision, recall=recall)


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def metrics_at_thresholds(
    y_true, y_score, *, beta=1.0, pos_label=None, sample_weight=None, zero_division="warn"
):
    """Precision, recall, F-beta, FPR, specificity, queue rate and accuracy at every threshold.

    All from one sort of the scores: the binary confusion matrix at every distinct
    score, highest first, then elementwise ratios.

    Parameters
    ----------
    %(binary_params)s
    beta : float, default=1.0
        Weight of recall relative to precision in ``fbeta`` (β ≥ 0; ``np.inf``
        gives recall, 0 gives precision).
    zero_division : {'warn', 0, 1, np.nan}, default='warn'
        The value of a 0/0 rate: recall when ``y_true`` has no positive sample,
        FPR and specificity when it has no negative one. 'warn' gives 0.0 and an
        :class:`~evalplots.exceptions.UndefinedMetricWarning`.

    Returns
    -------
    table : ThresholdMetrics
        Arrays of shape (n_thresholds,): ``thresholds`` (the distinct scores,
        decreasing), ``tp, fp, tn, fn``, ``precision``, ``recall`` (= ``tpr``),
        ``fpr``, ``specificity``, ``fbeta``, ``queue_rate`` and ``accuracy``.

    Raises
    ------
    ValueError
        If the arrays are not 1-D, empty or of different lengths, the scores are
        not finite numbers, ``y_true`` is not binary or its positive class is
        ambiguous, ``sample_weight`` is invalid, ``beta`` is not a number ≥ 0 or
        ``zero_division`` is not one of its options.

    Warns
    -----
    UndefinedMetricWarning
        With ``zero_division='warn'``, when ``y_true`` lacks one of the classes.

    See Also
    --------
    confusion_matrix_at_thresholds : The four counts only.
    optimal_threshold : The threshold that maximises a criterion of this table.

    Notes
    -----
    At threshold t, ``TP(t)`` and ``FP(t)`` are the (weighted) positives and
    negatives with ``y_score >= t``; with P and N the class totals and n = P + N
    (Zhou Zhihua, *Machine Learning* §2.3.2, eqs. 2.8–2.11):

    .. math::
        \\mathrm{precision} = \\frac{TP}{TP+FP},\\;
        \\mathrm{recall} = \\frac{TP}{P},\\;
        \\mathrm{FPR} = \\frac{FP}{N},\\;
        F_\\beta = \\frac{(1+\\beta^2)TP}{(1+\\beta^2)TP + \\beta^2 FN + FP},\\;
        \\mathrm{queue} = \\frac{TP+FP}{n},\\;
        \\mathrm{accuracy} = \\frac{TP+TN}{n}.

    Every threshold is a score that some sample (of non-zero weight) has, so at
    least one sample is predicted positive and precision is never 0/0; the
    "predict nothing" point (threshold above every score) is not a row, as in
    scikit-learn's ``metric_at_thresholds``. F-beta is computed from the counts,
    so it is 0 (not undefined) when TP = 0. Each row equals scikit-learn's
    ``precision_score``, ``recall_score`` and ``fbeta_score`` of
    ``y_pred = y_score >= t``.

    Examples
    --------
    >>> from evalplots.metrics import metrics_at_thresholds
    >>> table = metrics_at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> table.thresholds
    array([0.8 , 0.4 , 0.35, 0.1 ])
    >>> table.recall, table.fpr
    (array([0.5, 0.5, 1. , 1. ]), array([0. , 0.5, 0.5, 1. ]))
    >>> table.fbeta
    array([0.66666667, 0.5       , 0.8       , 0.66666667])
    >>> table.queue_rate, table.accuracy
    (array([0.25, 0.5 , 0.75, 1.  ]), array([0.75, 0.5 , 0.75, 0.5 ]))
    """
    zero_division = check_zero_division(zero_division)
    beta = check_beta(beta)
    fps, tps, thresholds = binary_scores(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    ).counts()
    return metrics_from_counts(
        fps, tps, thresholds.astype(np.float64, copy=False), beta=beta,
        zero_division=zero_division,
    )  # fmt: skip


@dataclass(frozen=True)
class OptimalThreshold:
    """The threshold that optimises a criterion, and the operating point there.

    Returned by :func:`optimal_threshold`.

    Parameters
    ----------
    threshold : float
        Predict positive when ``y_score >= threshold``. ``inf`` (criterion
        'cost' only) means: predict no sample positive.
    criterion : str
        'youden', 'f1', 'fbeta' or 'cost'.
    value : float
        The criterion at ``threshold``: Youden's J = TPR − FPR, F1 or F-beta (to
        maximise), or the total cost ``cost_fp·FP + cost_fn·FN`` (to minimise, in
        cost units times samples or weight).
    tpr : float
        True positive rate (recall) at ``threshold``.
    fpr : float
        False positive rate at ``threshold``.
    precision : float
        ``TP / (TP + FP)`` at ``threshold``; NaN at ``threshold = inf``, where no
        sample is predicted positive (0/0).

    Notes
    -----
    ``recall`` is an alias of ``tpr``.

    Examples
    --------
    >>> from evalplots.metrics import optimal_threshold
    >>> best = optimal_threshold([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> best.threshold, best.value
    (0.8, 0.5)
    >>> best.recall == best.tpr
    True
    """

    threshold: float
    criterion: str
    value: float
    tpr: float
    fpr: float
    precision: float

    @property
    def recall(self):
        """Recall at the threshold: the same value as ``tpr``."""
        return self.tpr


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def optimal_threshold(
    y_true,
    y_score,
    *,
    criterion="youden",
    beta=1.0,
    cost_fp=1.0,
    cost_fn=1.0,
    pos_label=None,
    sample_weight=None,
):
    """The score threshold that maximises Youden's J or F-beta, or minimises a cost.

    Parameters
    ----------
    %(binary_params)s
    criterion : {'youden', 'f1', 'fbeta', 'cost'}, default='youden'
        'youden': maximise J = TPR − FPR. 'f1': maximise F1. 'fbeta': maximise
        F-beta with ``beta``. 'cost': minimise ``cost_fp·FP + cost_fn·FN``.
    beta : float, default=1.0
        β of 'fbeta' (β ≥ 0); with 'f1' it must stay 1.
    cost_fp, cost_fn : float, default=1.0
        'cost' only: the cost of one false positive and of one false negative
        (finite, ≥ 0, not both 0); a weighted sample costs its weight times these.

    Returns
    -------
    best : OptimalThreshold
        ``threshold``, ``criterion``, ``value`` (the criterion there) and the
        operating point ``tpr`` (= ``recall``), ``fpr`` and ``precision``.

    Raises
    ------
    ValueError
        If ``criterion`` is not one of the options, ``beta`` is not a number ≥ 0
        (or not 1 with 'f1'), the costs are negative, not finite or both 0, or
        ``y_true`` lacks a class (J, F-beta and a cost trade-off need both); or
        on invalid input as :func:`metrics_at_thresholds`.

    See Also
    --------
    metrics_at_thresholds : Every metric at every threshold.

    Notes
    -----
    The candidates are the distinct scores (the rows of
    :func:`metrics_at_thresholds`); for 'cost' also ``+inf``, "predict no sample
    positive", which is the Bayes decision when every positive prediction costs
    more than it saves.

    - Youden's index (Youden, Cancer 3, 1950): J(t) = TPR(t) − FPR(t), the
      vertical distance from the ROC point to the chance diagonal.
    - F-beta (Zhou Zhihua, *Machine Learning* §2.3.2, eq. 2.11), computed from
      the counts as in :func:`metrics_at_thresholds`.
    - Cost (Zhou §2.3.4; Elkan, IJCAI 2001): C(t) = c_FP·FP(t) + c_FN·FN(t),
      minimised over the observed thresholds. This is the empirical Bayes
      decision: for calibrated probabilities p it approaches the rule
      "positive when p ≥ c_FP / (c_FP + c_FN)".

    Ties: values equal up to a relative 1e-12 (floating-point rounding) are
    ties, and the highest tied threshold is returned — the most conservative
    choice, predicting the fewest samples positive.

    Examples
    --------
    The 16 scores of the ROC seed (老饼讲解): J is largest at 0.25, where
    TPR = 6/7 and FPR = 4/9.

    >>> from evalplots.metrics import optimal_threshold
    >>> y_true = [0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0]
    >>> y_score = [0.2, 0.28, 0.1, 0.6, 0.5, 0.3, 0.6, 0.8,
    ...            0.2, 0.25, 0.4, 0.2, 0.5, 0.3, 0.18, 0.18]
    >>> best = optimal_threshold(y_true, y_score)
    >>> best.threshold, round(best.value, 4), round(best.tpr, 4), round(best.fpr, 4)
    (0.25, 0.4127, 0.8571, 0.4444)
    >>> round(optimal_threshold(y_true, y_score, criterion="f1").value, 4)
    0.7059

    With equal costs the cheapest threshold is 0.25 (4 FP + 1 FN); when a false
    positive costs 2, only the top score is worth flagging (6 FN):

    >>> best = optimal_threshold(y_true, y_score, criterion="cost")
    >>> best.threshold, best.value
    (0.25, 5.0)
    >>> best = optimal_threshold(y_true, y_score, criterion="cost", cost_fp=2.0)
    >>> best.threshold, best.value
    (0.8, 6.0)
    """
    if criterion not in _CRITERIA:
        shown = ", ".join(repr(c) for c in _CRITERIA)
        raise ValueError(f"criterion must be one of {shown}; got {criterion!r}.")
    beta = check_beta(beta)
    if criterion == "f1" and beta != 1.0:
        raise ValueError(
            f"criterion='f1' fixes beta=1, got beta={beta!r}; use criterion='fbeta' "
            f"to choose beta."
        )
    cost_fp = check_nonnegative(cost_fp, "cost_fp")
    cost_fn = check_nonnegative(cost_fn, "cost_fn")
    if criterion == "cost" and cost_fp == 0 and cost_fn == 0:
        raise ValueError(
            "cost_fp and cost_fn are both 0, so every threshold costs nothing; give "
            "at least one of them a positive cost."
        )
    data = binary_scores(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    require_both_classes(data, need_neg=True, metric=f"the {criterion} criterion")
    fps, tps, thresholds = data.counts()
    table = metrics_from_counts(fps, tps, thresholds.astype(np.float64, copy=False),
                                beta=beta, zero_division="warn")  # fmt: skip
    if criterion == "cost":
        return _minimal_cost(table, cost_fp, cost_fn)
    values = table.tpr - table.fpr if criterion == "youden" else table.fbeta
    best = first_best(values)
    return _optimum(table, best, criterion, values[best])


def first_best(values):
    """Index of the first (highest-threshold) value tied with the maximum."""
    top = values.max()
    return int((values >= top - _TIE_RTOL * max(1.0, abs(top))).argmax())


def _minimal_cost(table, cost_fp, cost_fn):
    # row 0: threshold +inf, nothing predicted positive: FP = 0, FN = P
    n_pos = table.tp[-1]
    costs = np.concatenate(([cost_fn * n_pos], cost_fp * table.fp + cost_fn * table.fn))
    best = first_best(-costs)
    if best == 0:
        return OptimalThreshold(np.inf, "cost", float(costs[0]), 0.0, 0.0, np.nan)
    return _optimum(table, best - 1, "cost", costs[best])


def _optimum(table, i, criterion, value):
    """The :class:`OptimalThreshold` at the ``i``-th threshold of ``table``."""
    point = table._at(i)
    return OptimalThreshold(threshold=float(table.thresholds[i]), criterion=criterion,
                            value=float(value), tpr=float(point.recall),
                            fpr=float(point.fpr), precision=float(point.precision))
