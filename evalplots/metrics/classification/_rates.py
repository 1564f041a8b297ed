"""Accuracy, balanced accuracy, error rate, specificity and the binary rates TPR/FNR/FPR/TNR."""

import warnings

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics.classification._classification import (
    _average,
    average_support,
    class_counts,
    score_doc,
)
from evalplots.metrics.classification._confusion import (
    PAIR_DOC,
    SET_PAIR_DOC,
    class_mean,
    nan_divide,
)
from evalplots.metrics.classification._indicator import weighted_sums
from evalplots.metrics._labels import check_label_arrays, indicator_pair, is_indicator
from evalplots.metrics._validation import (
    as_1d,
    check_bool,
    check_consistent_length,
    check_sample_weight,
    check_weight_total,
    check_zero_division,
    safe_divide,
)

__all__ = [
    "accuracy_score",
    "balanced_accuracy_score",
    "binary_rates",
    "error_rate",
    "specificity_score",
    "zero_one_loss",
]

_WEIGHT_DOC = """sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample."""




def _correct(y_true, y_pred, sample_weight):
    """Whether each sample is right (its whole label set, for indicator matrices)."""
    if is_indicator(y_true) or is_indicator(y_pred):
        t, p = indicator_pair(y_true, y_pred)
        wrong = weighted_sums(t ^ p, None, axis=1)
        return wrong == 0, check_sample_weight(sample_weight, t.shape[0])
    t = as_1d(y_true, "y_true")
    p = as_1d(y_pred, "y_pred")
    check_consistent_length(y_true=t, y_pred=p)
    check_label_arrays({"y_true": t, "y_pred": p})
    w = check_sample_weight(sample_weight, t.shape[0])
    return t == p, w


@fill_doc(pair=SET_PAIR_DOC, weight=_WEIGHT_DOC)
def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Accuracy: the (weighted) fraction of samples whose prediction is right.

    Parameters
    ----------
    %(pair)s
    normalize : bool, default=True
        True: the fraction correct. False: the number (or total weight) correct.
    %(weight)s

    Returns
    -------
    accuracy : float

    Raises
    ------
    ValueError
        If the inputs are empty, not 1-D, of different lengths, or hold NaN,
        non-integer floats (scores, not labels) or mixed string/number labels; if ``sample_weight`` is invalid; if
        ``normalize=True`` and all weights are 0.

    Notes
    -----
    :math:`\\mathrm{acc} = \\sum_s w_s [y_s = \\hat y_s] / \\sum_s w_s` (Zhou Zhihua,
    *Machine Learning*, §2.3.1, eq. 2.5; unweighted when ``sample_weight`` is None).
    For indicator matrices this is the subset accuracy (exact match): a sample
    counts as right only when its whole predicted label set equals the true one
    (Zhang & Zhou, "A review on multi-label learning algorithms", IEEE TKDE 26(8),
    2014, §2.2.1; Ghamrawi & McCallum, CIKM 2005).

    Examples
    --------
    >>> from evalplots.metrics import accuracy_score
    >>> accuracy_score([0, 1, 2, 2], [0, 2, 2, 2])
    0.75
    >>> accuracy_score(["a", "b"], ["a", "a"], normalize=False)
    1.0
    >>> import numpy as np
    >>> accuracy_score(np.array([[0, 1], [1, 1]]), np.ones((2, 2)))
    0.5
    """
    correct, w = _correct(y_true, y_pred, sample_weight)
    hits = float(correct.sum() if w is None else w[correct].sum())
    if not normalize:
        return hits
    check_weight_total(w)
    return hits / float(correct.shape[0] if w is None else w.sum())


@fill_doc(pair=SET_PAIR_DOC, weight=_WEIGHT_DOC)
def error_rate(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Error rate: the (weighted) fraction of samples whose prediction is wrong.

    Parameters
    ----------
    %(pair)s
    normalize : bool, default=True
        True: the fraction wrong. False: the number (or total weight) wrong.
    %(weight)s

    Returns
    -------
    error : float
        ``1 - accuracy_score(...)`` when normalised (scikit-learn's ``zero_one_loss``).

    Raises
    ------
    ValueError
        As :func:`accuracy_score`.

    Notes
    -----
    :math:`E = \\sum_s w_s [y_s \\ne \\hat y_s] / \\sum_s w_s` (Zhou Zhihua,
    *Machine Learning*, §2.3.1, eq. 2.4); for indicator matrices a sample is wrong
    when any of its labels is (the subset zero-one loss, 1 - subset accuracy).

    Examples
    --------
    >>> from evalplots.metrics import error_rate
    >>> error_rate([0, 1, 2, 2], [0, 2, 2, 2])
    0.25
    """
    correct, w = _correct(y_true, y_pred, sample_weight)
    w = np.ones(correct.shape[0]) if w is None else w
    errors = float(w[~correct].sum())
    if not normalize:
        return errors
    check_weight_total(w)
    return errors / float(w.sum())


@fill_doc(pair=SET_PAIR_DOC, weight=_WEIGHT_DOC)
def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Zero-one loss, scikit-learn's name for :func:`error_rate`.

    Parameters
    ----------
    %(pair)s
    normalize : bool, default=True
        True: the fraction of samples wrong. False: their number (or total weight).
    %(weight)s

    Returns
    -------
    loss : float

    Raises
    ------
    ValueError
        As :func:`accuracy_score`.

    Notes
    -----
    :math:`\\ell_{0/1} = \\sum_s w_s [y_s \\ne \\hat y_s] / \\sum_s w_s = 1 -
    \\mathrm{acc}` (Zhou Zhihua, *Machine Learning*, §2.3.1, eq. 2.4). For indicator
    matrices a sample is wrong when its predicted label set differs from the true
    one in any label: 1 - subset accuracy (Zhang & Zhou, IEEE TKDE 26(8), 2014,
    §2.2.1); :func:`hamming_loss` counts the wrong labels instead.

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import zero_one_loss
    >>> zero_one_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    >>> zero_one_loss(np.array([[0, 1], [1, 1]]), np.ones((2, 2)), normalize=False)
    1.0
    """
    return error_rate(y_true, y_pred, normalize=normalize, sample_weight=sample_weight)


@fill_doc(pair=PAIR_DOC, weight=_WEIGHT_DOC)
def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    """Balanced accuracy: the mean recall over the classes that occur in ``y_true``.

    Parameters
    ----------
    %(pair)s
    %(weight)s
    adjusted : bool, default=False
        True: rescale so that chance scores 0 and a perfect prediction 1.

    Returns
    -------
    balanced_accuracy : float
        In [0, 1]; adjusted, in [-1/(K-1), 1] for K classes in ``y_true``
        (NaN when K = 1, see Notes).

    Raises
    ------
    ValueError
        If the inputs are empty, not 1-D, of different lengths, or hold NaN,
        non-integer floats (scores, not labels) or mixed string/number labels; if
        ``sample_weight`` is invalid or sums to 0; if ``adjusted`` is not a bool.

    Warns
    -----
    UndefinedMetricWarning
        When ``y_pred`` holds a class that never occurs in ``y_true`` (or whose
        samples all have weight 0): its recall is 0/0, and it is left out of the
        mean (scikit-learn warns too, with a plain UserWarning — this warning is
        one). Also when ``adjusted=True`` and ``y_true`` holds one class.

    Notes
    -----
    With :math:`C` the confusion matrix (rows = true class) and :math:`K` the
    classes with :math:`\\sum_j C_{cj} > 0`:

    .. math::
        \\mathrm{BA} = \\frac{1}{K}\\sum_{c} \\frac{C_{cc}}{\\sum_j C_{cj}}, \\qquad
        \\mathrm{BA}_{adj} = \\frac{\\mathrm{BA} - 1/K}{1 - 1/K}

    the macro-averaged recall (Brodersen et al., "The balanced accuracy and its
    posterior distribution", ICPR 2010; Kelleher et al., *Fundamentals of Machine
    Learning for Predictive Data Analytics*, 2015); the adjusted form follows
    Guyon et al., "Design of the 2015 ChaLearn AutoML challenge", IJCNN 2015. A
    prediction of a class absent from ``y_true`` still counts as a miss of the
    sample's true class. For two classes BA = (TPR + TNR) / 2, the rates of Zhou
    Zhihua, *Machine Learning*, §2.3.3, eq. 2.18, and the adjusted score is
    Youden's J = TPR + TNR - 1. With K = 1 the adjusted score divides
    by 1 - 1/K = 0: it is NaN with an UndefinedMetricWarning (scikit-learn gives
    NaN or -inf with a RuntimeWarning).

    Examples
    --------
    >>> from evalplots.metrics import balanced_accuracy_score
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    0.625
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1], adjusted=True)
    0.25
    """
    check_bool(adjusted, "adjusted")
    if is_indicator(y_true) or is_indicator(y_pred):
        raise ValueError(
            "y_true must be 1-D class labels: balanced accuracy is not defined for "
            "multilabel indicator matrices (use recall_score(..., average='macro'))."
        )
    c = class_counts(y_true, y_pred, None, None, None, sample_weight)
    present = c.true > 0
    if not present.any():
        raise ValueError("sample_weight sums to 0; give some sample a positive weight.")
    if not present.all():
        warnings.warn(
            f"y_pred contains class(es) {c.classes[~present][:6].tolist()} that never "
            f"occur in y_true (or only with weight 0): their recall is undefined (0/0) "
            f"and they are left out of the mean recall.",
            UndefinedMetricWarning,
            stacklevel=2,
        )
    score = class_mean(nan_divide(c.tp, c.true))
    if not adjusted:
        return score
    if present.sum() == 1:
        warnings.warn(
            "y_true holds a single class, so chance-level balanced accuracy is 1 and "
            "the adjusted score (BA - 1) / 0 is undefined; returning NaN.",
            UndefinedMetricWarning,
            stacklevel=2,
        )
        return float("nan")
    chance = 1.0 / int(present.sum())
    return (score - chance) / (1.0 - chance)


@score_doc("specificity")
def specificity_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                      sample_weight=None, zero_division="warn"):  # fmt: skip
    """Specificity TN / (TN + FP), the true-negative rate, one class vs. the rest.

    %(sections)s

    Notes
    -----
    For class c, negatives are the samples whose true class is not c:
    :math:`\\mathrm{TNR}_c = TN_c/(TN_c + FP_c)`. 'micro' pools TN and FP over
    classes; 'weighted' weights by the support of c (as imbalanced-learn does).
    Binary specificity is the TNR of Zhou Zhihua, *Machine Learning*, §2.3.3
    (FPR = 1 − TNR, eq. 2.19). scikit-learn has no such function.

    Examples
    --------
    >>> from evalplots.metrics import specificity_score
    >>> specificity_score([1, 1, 0, 0, 0], [1, 0, 1, 0, 0])
    0.6666666666666666
    >>> specificity_score([0, 1, 2], [0, 2, 2], average=None)
    array([1. , 1. , 0.5])
    """
    zero_division = check_zero_division(zero_division)
    c = class_counts(y_true, y_pred, labels, average, pos_label, sample_weight)
    negatives = c.total - c.true
    tn = negatives - (c.pred - c.tp)
    if average == "micro":
        tn, negatives = tn.sum(keepdims=True), negatives.sum(keepdims=True)
    tnr = safe_divide(tn, negatives, zero_division=zero_division, metric="specificity")
    return _average(tnr, average, average_support(c, average))


@fill_doc(pair=PAIR_DOC, weight=_WEIGHT_DOC)
def binary_rates(
    y_true, y_pred, *, pos_label=1, sample_weight=None, zero_division="warn"
):
    """The four rates of a binary confusion matrix: TPR, FNR, FPR and TNR.

    Parameters
    ----------
    %(pair)s
    pos_label : int, float, bool or str, default=1
        The positive class (the data hold at most two classes).
    %(weight)s
    zero_division : {'warn', 0, 1, np.nan}, default='warn'
        Value of a rate whose denominator is 0 (no positives, or no negatives);
        'warn' gives 0.0 and an UndefinedMetricWarning.

    Returns
    -------
    rates : dict of str to float
        ``{'tpr': ..., 'fnr': ..., 'fpr': ..., 'tnr': ...}``; TPR + FNR = 1 and
        FPR + TNR = 1 whenever defined.

    Raises
    ------
    ValueError
        As :func:`precision_score` with ``average='binary'``.

    Notes
    -----
    With positives P = TP + FN and negatives N = FP + TN (Zhou Zhihua, *Machine
    Learning*, §2.3.3, eq. 2.18): TPR = TP/P (recall, sensitivity), FNR = FN/P,
    FPR = FP/N, TNR = TN/N (specificity). The ROC curve plots TPR against FPR.

    Examples
    --------
    >>> from evalplots.metrics import binary_rates
    >>> binary_rates([1, 1, 0, 0, 0], [1, 0, 1, 0, 0])
    {'tpr': 0.5, 'fnr': 0.5, 'fpr': 0.3333333333333333, 'tnr': 0.6666666666666666}
    """
    zero_division = check_zero_division(zero_division)
    c = class_counts(y_true, y_pred, None, "binary", pos_label, sample_weight)
    tp, fn, fp = c.tp[0], c.true[0] - c.tp[0], c.pred[0] - c.tp[0]
    negatives = c.total - c.true[0]
    num = np.array([tp, fn, fp, negatives - fp])
    den = np.array([c.true[0], c.true[0], negatives, negatives])
    rates = safe_divide(num, den, zero_division=zero_division, metric="rate")
    return dict(zip(("tpr", "fnr", "fpr", "tnr"), rates.tolist()))
