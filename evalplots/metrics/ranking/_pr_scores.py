"""Single-number summaries of the precision-recall curve: AP and the break-even point.

Sources: Zhou Zhihua, *Machine Learning* (2016), §2.3.2 (P-R curve, break-even point);
Manning, Raghavan & Schütze, *Introduction to Information Retrieval* (2008), §8.4
(average precision, R-precision).
"""

import warnings

import numpy as np

from evalplots._docstrings import BINARY_SCORE_PARAMS, fill_doc
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._labels import is_indicator
from evalplots.metrics.ranking._ovr import (
    OVR_AVERAGES,
    as_score_array,
    check_class_weights,
    multilabel_score,
    ovr_average,
    resolve_ovr_classes,
)
from evalplots.metrics.ranking._curves import pr_arrays
from evalplots.metrics.ranking._thresholds import binary_scores, require_both_classes
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite,
    check_sample_weight,
)

__all__ = [
    "average_precision_from_curve",
    "average_precision_score",
    "break_even_point",
    "break_even_point_from_curve",
]


def average_precision_score(
    y_true, y_score, *, average="macro", pos_label=None, sample_weight=None
):
    """Average precision (AP): the step-wise area under the P-R curve.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        True labels: binary (with a 1-D ``y_score``), multi-class (with a 2-D
        ``y_score``), or a multilabel indicator matrix of 0/1 entries (with a
        ``y_score`` of the same shape). With binary labels other than {0, 1},
        {-1, 1} or {False, True}, ``pos_label`` must be given.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary: score of the positive class (any finite real; higher means more
        likely positive). Multi-class: one score column per class, in the order of
        the sorted distinct values of ``y_true`` (scores need not be probabilities).
        Multilabel: one score per sample and label.
    average : {'macro', 'weighted', 'micro', 'samples'} or None, default='macro'
        Multi-class and multilabel only (ignored for binary ``y_true``, as in
        scikit-learn). 'macro': unweighted mean of the per-class (one-vs-rest) or
        per-label APs; 'weighted': their mean weighted by support (summed
        ``sample_weight`` of the class or label; labels without positives get
        weight 0); 'micro': the AP of the pooled binary problem of all
        (sample, class) pairs; 'samples' (multilabel only): the mean over samples
        of the AP of ranking each sample's labels, weighted by ``sample_weight``;
        None: the per-class APs.
    pos_label : int, float, bool or str, default=None
        Binary only: the label of the positive class; None means 1 (True) for
        the label sets above. Must stay None for a 2-D ``y_score``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights. Samples of weight 0 create no threshold.

    Returns
    -------
    average_precision : float or ndarray of shape (n_classes,)
        ndarray only for a 2-D ``y_score`` with ``average=None``.

    Raises
    ------
    ValueError
        On invalid input; if ``y_true`` has no positive sample (AP is 0/0); if
        ``average`` is not one of the options ('samples' needs multilabel
        ``y_true``); for a 2-D ``y_score``, if its columns are not one per class of
        ``y_true``, if ``pos_label`` is given, or (except for 'micro') if a class has
        total ``sample_weight`` 0; for multilabel ``y_true``, if it is not a 0/1
        matrix of the shape of ``y_score``, or if a label column ('macro', None),
        a sample ('samples') or the pooled matrix ('micro') that is read has no
        positive (scikit-learn warns and scores it 0).

    Notes
    -----
    ``AP = sum_n (R_n - R_{n-1}) P_n`` over the distinct thresholds (Zhu, 2004;
    Manning et al., *Introduction to Information Retrieval* §8.4), the same as
    scikit-learn: a step function, never the trapezoid, which is optimistic.
    It matches the 'steps-post' drawing of :class:`evalplots.PrecisionRecallDisplay`.

    Multi-class (one-vs-rest, as scikit-learn's ``label_binarize`` of the present
    classes): class c is positive and every other class negative, scored by
    column c. 'macro' is ``(1/k) sum_c AP_c``, 'weighted' ``sum_c s_c AP_c / sum_c
    s_c`` with s_c the support of class c, 'micro' the AP of the one-hot matrix
    raveled against the raveled scores (each sample's weight repeated k times).
    Multilabel: the same, with the indicator matrix in place of the one-hot one;
    'samples' is the example-based AP of each sample's label ranking (Zhang &
    Zhou, "A review on multi-label learning algorithms", IEEE TKDE 26(8), 2014,
    §2.2.1).

    Examples
    --------
    >>> from evalplots.metrics import average_precision_score
    >>> round(average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)
    0.833333
    >>> y_true = [0, 0, 1, 1, 2, 2]
    >>> y_score = [[0.7, 0.2, 0.1], [0.4, 0.3, 0.3], [0.1, 0.8, 0.1],
    ...            [0.2, 0.3, 0.5], [0.4, 0.4, 0.2], [0.1, 0.2, 0.7]]
    >>> round(average_precision_score(y_true, y_score), 4)
    0.7778
    >>> average_precision_score(y_true, y_score, average=None).round(4)
    array([0.8333, 0.75  , 0.75  ])
    >>> Y = [[1, 0, 1], [0, 1, 1], [1, 1, 0]]
    >>> S = [[0.9, 0.2, 0.4], [0.1, 0.8, 0.7], [0.3, 0.5, 0.6]]
    >>> round(average_precision_score(Y, S, average="samples"), 4)
    0.8611
    """
    if is_indicator(y_true):
        return multilabel_score(_average_precision, y_true, y_score, average, sample_weight,
                                pos_label=pos_label, need_neg=False,
                                metric="average precision")  # fmt: skip
    if average not in OVR_AVERAGES:
        raise ValueError(
            f"average must be one of {OVR_AVERAGES}, got {average!r} ('samples' needs a "
            f"multilabel indicator matrix y_true)."
        )
    scores = as_score_array(y_score)
    if scores.ndim == 2:
        return _multiclass_average_precision(
            y_true, scores, average, pos_label, sample_weight
        )
    data = binary_scores(y_true, scores, pos_label=pos_label, sample_weight=sample_weight)
    require_both_classes(data, need_neg=False, metric="average precision")
    return _average_precision(data)


def _average_precision(data):
    """AP of validated binary scores (a :class:`BinaryScores` with positives)."""
    if data.weight is None:
        # Only thresholds where recall moves contribute: the distinct positive scores.
        size, tps, n_predicted = data.positive_groups()
        return float(np.sum(size * (tps / n_predicted)) / tps[0])  # tps[0]: all positives
    return _curve_area(*_curve_from(data))


def _multiclass_average_precision(y_true, scores, average, pos_label, sample_weight):
    if pos_label is not None:
        raise ValueError(
            f"pos_label={pos_label!r} applies to binary y_true only; with a 2-D y_score "
            f"every class is in turn the positive one, so leave pos_label=None."
        )
    codes, classes, scores = resolve_ovr_classes(y_true, scores)
    weight = check_sample_weight(sample_weight, codes.size)
    check_class_weights(codes, weight, classes, per_class=average != "micro")
    return ovr_average(_average_precision, codes, scores, weight, average)


def average_precision_from_curve(precision, recall):
    """Average precision of a P-R curve given in :func:`precision_recall_curve` layout.

    Parameters
    ----------
    precision, recall : array-like of shape (n_thresholds + 1,)
        As returned by :func:`precision_recall_curve`, with or without
        ``drop_intermediate`` (increasing thresholds, final sentinel R = 0, P = 1).

    Returns
    -------
    average_precision : float

    Raises
    ------
    ValueError
        If the arrays are not 1-D, differ in length, are empty or hold NaN/inf.

    Notes
    -----
    ``AP = -sum_i (R[i+1] - R[i]) P[i]``: the step-wise area of
    :func:`average_precision_score`, read off a curve already computed, so a
    Display that draws the curve needs no second pass over the data. The points
    that ``drop_intermediate`` removes have no recall step, so they add nothing.
    The sum is divided by the sum of its recall steps and multiplied by
    ``R[0] - R[-1]`` (1 for a whole curve): the float sum of steps such as
    twenty 1/20 is 1 + 2⁻⁵² (which would put a perfect ranking's AP above 1),
    while ``P <= 1`` keeps the area below that same sum, so the AP of a curve is
    within [0, 1] by construction.

    Examples
    --------
    >>> from evalplots.metrics import average_precision_from_curve
    >>> round(average_precision_from_curve([0.5, 2/3, 0.5, 1, 1], [1, 1, 0.5, 0.5, 0]), 6)
    0.833333
    """
    p = check_finite(as_1d(precision, "precision"), "precision")
    r = check_finite(as_1d(recall, "recall"), "recall")
    check_consistent_length(precision=p, recall=r)
    return _curve_area(p, r)


def _curve_area(p, r):
    """:func:`average_precision_from_curve` of a validated float64 curve (no copy
    of it; one temporary of its size)."""
    steps = np.diff(r)
    np.negative(steps, out=steps)
    total = float(np.sum(steps))
    area = float(np.sum(np.multiply(steps, p[:-1], out=steps)))
    if total == 0:
        return area
    # the recall steps are summed in floats and can add up to 1 + 2**-52 instead of
    # R[0] - R[-1]; divided by their own sum, P <= 1 gives area <= total, so the ratio
    # is within [0, 1] by construction, then scaled to the recall actually covered
    return area / total * float(r[0] - r[-1])


def _curve_from(data):
    fps, tps, _ = data.counts()
    return pr_arrays(fps, tps)


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def break_even_point(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Break-even point (BEP): the value at which precision equals recall.

    Parameters
    ----------
    %(binary_params)s

    Returns
    -------
    bep : float
        The common value of P and R where the sawtooth P-R curve meets the line
        P = R; NaN (with a warning) if it never does.

    Raises
    ------
    ValueError
        On invalid input, or if ``y_true`` has no positive sample.

    Warns
    -----
    UndefinedMetricWarning
        If the top-scored tie group alone already holds more samples than there
        are positives, so that the curve starts below P = R and never meets it.

    Notes
    -----
    Zhou, *Machine Learning* §2.3.2: the BEP is the value where P = R on the P-R
    curve drawn through the operating points (the 'sawtooth' curve). At an
    operating point with TP > 0, ``P = R`` exactly when the number predicted
    positive equals the number of positives ``m+``, so without ties
    ``BEP = precision@m+`` (the R-precision of information retrieval). With ties
    the curve crosses P = R on the straight segment between the two thresholds
    around ``m+``, and the BEP is that crossing. A curve that starts at (0, 0)
    (the top-scored samples are negatives) and stays below P = R after it meets
    the line only there: its BEP is 0.

    Examples
    --------
    >>> from evalplots.metrics import break_even_point
    >>> break_even_point([1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76])
    0.666666...
    """
    data = binary_scores(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    require_both_classes(data, need_neg=False, metric="the break-even point")
    precision, recall = _curve_from(data)
    return _break_even(precision, recall)


def break_even_point_from_curve(precision, recall):
    """Break-even point of a P-R curve given in :func:`precision_recall_curve` layout.

    Parameters
    ----------
    precision, recall : array-like of shape (n_thresholds + 1,)
        As returned by :func:`precision_recall_curve` (increasing thresholds, final
        sentinel (R, P) = (0, 1), which is ignored).

    Returns
    -------
    bep : float
        See :func:`break_even_point`.

    Raises
    ------
    ValueError
        If the arrays are not 1-D, are empty or hold NaN/inf.

    Warns
    -----
    UndefinedMetricWarning
        If the curve never meets P = R (then NaN is returned).

    Notes
    -----
    Reads the operating points from the highest threshold down (the sentinel
    dropped). Points with TP > 0 satisfy ``sign(P - R) = sign(m+ - n_predicted)``,
    so ``P - R`` changes sign once: the BEP is the first point with ``P = R``, or
    the zero of ``P - R`` on the straight segment that crosses it (Zhou, *Machine
    Learning* §2.3.2). Works on curves computed with ``drop_intermediate=True``
    too: the points it drops lie inside vertical runs of the sawtooth.

    Examples
    --------
    >>> from evalplots.metrics import break_even_point_from_curve
    >>> break_even_point_from_curve([0.5, 2/3, 1, 1], [1, 2/3, 1/3, 0])
    0.666666...
    """
    p = check_finite(as_1d(precision, "precision"), "precision")
    r = check_finite(as_1d(recall, "recall"), "recall")
    return _break_even(p, r, stacklevel=4)


def _break_even(precision, recall, *, stacklevel=3):
    """:func:`break_even_point_from_curve` of a validated float64 curve (its warning
    ``stacklevel`` frames up from here)."""
    p, r = precision[-2::-1], recall[-2::-1]
    d = p - r
    # P = R to a relative 1e-12 (np.isclose(p, r, rtol=1e-12, atol=0) of finite values)
    equal = np.abs(d) <= 1e-12 * np.abs(r)
    # Points with TP > 0 have sign(P - R) = sign(m+ - n_predicted): one crossing.
    below = ((r > 0) & ((d <= 0) | equal)).nonzero()[0]
    if below.size == 0:  # only possible for a curve without positives
        return _no_bep(stacklevel)
    j = below[0]
    if equal[j]:
        return float(p[j])
    if j == 0:
        return _no_bep(stacklevel)
    t = d[j - 1] / (d[j - 1] - d[j])
    return float(r[j - 1] + t * (r[j] - r[j - 1]))


def _no_bep(stacklevel):
    warnings.warn(
        "The P-R curve never meets P = R (the top-scored tie group already holds more "
        "samples than there are positives); the break-even point is set to NaN.",
        UndefinedMetricWarning,
        stacklevel=stacklevel + 1,
    )
    return float("nan")
