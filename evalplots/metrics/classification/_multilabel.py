"""Metrics of label sets: per-label 2x2 tables, the Hamming loss and the Jaccard index.

They take 1-D class labels (binary or multi-class, each class read one-vs-rest) or
multilabel indicator matrices (the counts of :mod:`evalplots.metrics.classification._indicator`).
Sources: Zhang & Zhou, "A review on multi-label learning algorithms", IEEE TKDE
26(8), 2014; Tsoumakas, Katakis & Vlahavas, "Mining multi-label data", *Data Mining
and Knowledge Discovery Handbook*, 2010.
"""

import numpy as np

from evalplots.metrics.classification._classification import (
    _average,
    average_support,
    class_counts,
    score_doc,
)
from evalplots.metrics.classification._indicator import indicator_counts, weighted_sums
from evalplots.metrics._labels import indicator_pair, is_indicator
from evalplots.metrics.classification._rates import error_rate
from evalplots.metrics._validation import (
    check_bool,
    check_sample_weight,
    check_weight_total,
    check_zero_division,
    safe_divide,
)

__all__ = ["hamming_loss", "jaccard_score", "multilabel_confusion_matrix"]


def multilabel_confusion_matrix(
    y_true, y_pred, *, sample_weight=None, labels=None, samplewise=False
):
    """One 2x2 confusion matrix per label (or per sample): ``[[TN, FP], [FN, TP]]``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        True labels: 1-D class labels (each class is then one-vs-rest), or a 2-D
        multilabel indicator matrix of 0/1 entries (a sparse matrix is densified).
    y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        Predicted labels, in the same form as ``y_true``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample; counts become sums of weights (exact
        integers for integer weights).
    labels : array-like of shape (n_labels,), default=None
        The classes (1-D input) or column indices (indicator input) to report, in
        this order. 1-D: listed classes absent from the data give zero counts, and
        samples of unlisted classes are negatives of every listed class. None: every
        class, sorted (1-D), or every column (indicator).
    samplewise : bool, default=False
        Indicator input only: one matrix per sample (over the listed labels) instead
        of one per label.

    Returns
    -------
    multi_confusion : ndarray of shape (n_outputs, 2, 2)
        ``[k] = [[TN, FP], [FN, TP]]`` of label (or sample) k: rows = true
        (negative, positive), columns = predicted. int64 counts (also with integer
        weights), float64 with float weights.

    Raises
    ------
    ValueError
        On invalid labels (see :func:`confusion_matrix`) or indicator matrices
        (2-D input must hold only 0 and 1, both inputs must have the same shape,
        a 1-D input cannot be mixed with a 2-D one); if ``labels`` are not column
        indices in [0, n_labels) for indicator input; if ``samplewise=True`` with
        1-D input; on invalid ``sample_weight``.

    Notes
    -----
    For label (column) j, with weights :math:`w_s`:
    :math:`TP_j = \\sum_s w_s [y_{sj} = 1][\\hat y_{sj} = 1]`,
    :math:`FP_j = \\sum_s w_s [y_{sj} = 0][\\hat y_{sj} = 1]`,
    :math:`FN_j = \\sum_s w_s [y_{sj} = 1][\\hat y_{sj} = 0]` and
    :math:`TN_j = \\sum_s w_s - TP_j - FP_j - FN_j`: the binary contingency table of
    each label, from which the label-based ("macro"/"micro") metrics are read
    (Zhang & Zhou, "A review on multi-label learning algorithms", IEEE TKDE 26(8),
    2014, §2.2.2; Tsoumakas et al., "Mining multi-label data", 2010, §3.2). With
    ``samplewise=True`` the sums run over the labels of one sample instead, and
    the sample's weight multiplies its counts (:math:`TN = w_s L - TP - FP - FN`),
    as in scikit-learn.

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import multilabel_confusion_matrix
    >>> y_true = np.array([[1, 0, 1], [0, 1, 0]])
    >>> y_pred = np.array([[1, 0, 0], [0, 1, 1]])
    >>> multilabel_confusion_matrix(y_true, y_pred)
    array([[[1, 0],
            [0, 1]],
    <BLANKLINE>
           [[1, 0],
            [0, 1]],
    <BLANKLINE>
           [[0, 1],
            [1, 0]]])
    >>> multilabel_confusion_matrix(["cat", "ant", "cat"], ["ant", "ant", "cat"],
    ...                             labels=["ant", "cat"])[1]
    array([[1, 0],
           [1, 1]])
    """
    samplewise = check_bool(samplewise, "samplewise")
    if is_indicator(y_true) or is_indicator(y_pred):
        _, tp, pred, true, total, w = indicator_counts(
            y_true, y_pred, labels, sample_weight, samplewise
        )
        if w is not None:  # per sample: the sample's weight multiplies its counts
            tp, pred, true, total = tp * w, pred * w, true * w, total * w
    else:
        if samplewise:
            raise ValueError(
                "samplewise=True needs multilabel indicator matrices (one 2x2 table per "
                "sample over its labels); with 1-D labels pass samplewise=False."
            )
        c = class_counts(y_true, y_pred, labels, None, None, sample_weight)
        tp, pred, true, total = c.tp, c.pred, c.true, c.total
        if sample_weight is None or np.asarray(sample_weight).dtype.kind in "biu":
            tp, pred, true, total = (np.asarray(a).astype(np.int64) for a in (tp, pred, true, total))
    fp = pred - tp
    fn = true - tp
    tn = total - tp - fp - fn
    return np.stack([tn, fp, fn, tp], axis=-1).reshape(-1, 2, 2)


def hamming_loss(y_true, y_pred, *, sample_weight=None):
    """Hamming loss: the (weighted) fraction of labels predicted wrongly.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        True labels: 1-D class labels, or a 2-D multilabel indicator matrix.
    y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        Predicted labels, in the same form as ``y_true``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample.

    Returns
    -------
    loss : float
        In [0, 1]. For 1-D labels it equals :func:`error_rate` (the zero-one loss).

    Raises
    ------
    ValueError
        On invalid labels or indicator matrices (see
        :func:`multilabel_confusion_matrix`); on invalid ``sample_weight``, or
        weights that sum to 0.

    Notes
    -----
    With :math:`L` labels and :math:`\\Delta` the symmetric difference of the
    true and predicted label sets (Schapire & Singer, "BoosTexter", Machine
    Learning 39, 2000; Zhang & Zhou, IEEE TKDE 26(8), 2014, §2.2.1, eq. 1):

    .. math::
        \\mathrm{HL} = \\frac{1}{\\sum_s w_s}\\sum_s w_s
        \\frac{|Y_s \\,\\Delta\\, \\hat Y_s|}{L}

    For 1-D labels each sample has one label, and the loss is the fraction of
    samples whose label is wrong.

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import hamming_loss
    >>> hamming_loss(np.array([[0, 1], [1, 1]]), np.zeros((2, 2)))
    0.75
    >>> hamming_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    """
    if not (is_indicator(y_true) or is_indicator(y_pred)):
        return error_rate(y_true, y_pred, sample_weight=sample_weight)
    t, p = indicator_pair(y_true, y_pred)
    w = check_sample_weight(sample_weight, t.shape[0])
    if w is None:
        return float(np.count_nonzero(t ^ p) / (t.shape[0] * t.shape[1]))
    wrong = weighted_sums(t ^ p, None, axis=1)
    check_weight_total(w)
    return float(np.dot(w, wrong) / (w.sum() * t.shape[1]))


@score_doc("jaccard")
def jaccard_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                  sample_weight=None, zero_division="warn"):  # fmt: skip
    """Jaccard similarity coefficient |Y ∩ Ŷ| / |Y ∪ Ŷ|, per class, label or sample.

    %(sections)s

    Notes
    -----
    For one class (or label), from its one-vs-rest counts (Jaccard 1901; Zhang &
    Zhou, IEEE TKDE 26(8), 2014, §2.2.1 for the example-based and §2.2.2 for the
    label-based form; Tsoumakas et al. 2010, §3.1):

    .. math::
        J = \\frac{TP}{TP + FP + FN}

    'samples' (indicator input only) is the mean over the samples of
    :math:`|Y_s \\cap \\hat Y_s| / |Y_s \\cup \\hat Y_s|`, weighted by
    ``sample_weight``; 'micro' pools TP, FP and FN over the classes; 'macro' and
    'weighted' average the per-class values (by support for 'weighted'). An empty
    union is 0/0 and follows ``zero_division``; np.nan values are left out of the
    means (scikit-learn does not accept np.nan here). For indicator input,
    ``labels`` are column indices. :math:`J = F_1/(2 - F_1)` per class.

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import jaccard_score
    >>> jaccard_score([0, 1, 1, 1], [1, 1, 1, 0])
    0.5
    >>> y_true = np.array([[0, 1, 1], [1, 1, 0]])
    >>> y_pred = np.array([[1, 1, 1], [1, 0, 0]])
    >>> jaccard_score(y_true, y_pred, average="samples")
    0.5833333333333333
    >>> jaccard_score(y_true, y_pred, average=None)
    array([0.5, 0.5, 1. ])
    """
    zero_division = check_zero_division(zero_division)
    c = class_counts(y_true, y_pred, labels, average, pos_label, sample_weight)
    tp, union = c.tp, c.true + c.pred - c.tp
    if average == "micro":
        tp, union = tp.sum(keepdims=True), union.sum(keepdims=True)
    scores = safe_divide(tp, union, zero_division=zero_division, metric="jaccard")
    return _average(scores, average, average_support(c, average))
