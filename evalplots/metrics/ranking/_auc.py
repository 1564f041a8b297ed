"""Area under the ROC curve (binary, one-vs-rest, one-vs-one) and the ranking loss.

Unweighted binary AUC is computed as the Mann-Whitney statistic, from the sorted
scores of each class: ``AUC = (#{s+ > s-} + 1/2 #{s+ = s-}) / (m+ m-)`` (Zhou,
*Machine Learning* §2.3.3, eq. 2.21-2.22; Hanley & McNeil, Radiology 143, 1982),
which equals the trapezoidal area under the ROC curve exactly and needs no argsort.
"""

import functools

import numpy as np

from evalplots._docstrings import BINARY_SCORE_PARAMS, fill_doc
from evalplots.metrics.ranking._thresholds import (
    BinaryScores,
    binary_scores,
    binary_scores_in_one_pass,
    require_both_classes,
)
from evalplots.metrics._labels import (
    _show,
    check_finite_labels,
    class_values,
    is_indicator,
)
from evalplots.metrics.ranking._ovr import (
    as_score_array,
    check_class_weights,
    multilabel_score,
    ovr_average,
    resolve_ovr_classes,
)
from evalplots.metrics._validation import as_1d, check_sample_weight, is_real

__all__ = ["auc_from_counts", "auc_from_pairs", "partial_area", "partial_auc", "rank_loss",
           "roc_auc_score", "trapezoid_pairs"]

_PROBA_RTOL, _PROBA_ATOL = 1e-5, 1e-8


def _binary_auc(data, max_fpr=None):
    """ROC AUC of a :class:`BinaryScores`; McClish-corrected partial AUC with ``max_fpr``."""
    if max_fpr is not None and max_fpr != 1:
        if data.weight is None:  # only the top of the merged order, down to the cut
            fps, tps = data.merged().top_counts(max_fpr * data.n_neg)
            partial = partial_auc_from_counts(fps, tps, max_fpr,
                                              totals=(data.n_neg, data.n_pos))  # fmt: skip
        else:
            fps, tps, _ = data.counts()
            partial = partial_auc_from_counts(fps, tps, max_fpr)
        return mcclish_correction(partial, 0.0, max_fpr)
    if data.weight is None and not data.few():
        n_correct, n_tied = data.pair_counts()
        return auc_from_pairs(2.0 * n_correct + n_tied, data.n_pos, data.n_neg)
    fps, tps, _ = data.counts()  # few unweighted samples: the same float (see below)
    return auc_from_counts(fps, tps)


def auc_from_counts(fps, tps):
    """ROC AUC from cumulative counts (highest threshold first), ties counting 1/2.

    ``sum_i (fps[i] - fps[i-1]) * (tps[i] + tps[i-1]) / (2 * P * N)`` with
    ``fps[-1] = 0, tps[-1] = 0`` before the first point (:func:`trapezoid_pairs`,
    then :func:`auc_from_pairs`): for integer counts each term is an integer, so
    the sum is exactly ``2 * n_correct + n_tied`` (as long as it stays below
    2**53), the Mann-Whitney count of ``BinaryScores.pair_counts``. Returns NaN
    when a class is absent (the caller decides whether to raise).
    """
    if fps.size == 0:
        return float("nan")
    dfps = fps.copy()
    dfps[1:] -= fps[:-1]
    return float(auc_from_pairs(trapezoid_pairs(dfps, tps), tps[-1], fps[-1]))


def trapezoid_pairs(neg, tps, above=0.0):
    """Twice the trapezoidal area under the ROC curve, in units of pairs.

    Parameters
    ----------
    neg : ndarray of shape (n_points,) or (n_rows, n_points)
        The (weighted) negatives added at each point, highest threshold first
        (``fps[i] - fps[i-1]``).
    tps : ndarray of the shape of ``neg``
        The cumulative (weighted) positives at each point.
    above : float, default=0.0
        The positives above the first point (``tps[-1]``; 0 from the origin, the
        count above a range of a longer curve otherwise).

    Returns
    -------
    pairs2 : float or ndarray of shape (n_rows,)
        ``sum_i neg[i] * (tps[i] + tps[i-1])``: each negative beats the positives
        above its point and ties with those at it, so for integer counts this is
        ``2 * (pairs ordered correctly) + (tied pairs)`` exactly (below 2**53), the
        Mann-Whitney count of Hanley & McNeil (Radiology 143, 1982).
    """
    t_pairs = tps.copy()
    t_pairs[..., 1:] += tps[..., :-1]
    if above:
        t_pairs[..., 0] += above
    if neg.ndim == 1:
        return neg.dot(t_pairs)
    return np.einsum("ij,ij->i", neg, t_pairs)


def auc_from_pairs(pairs2, n_pos, n_neg):
    """The AUC ``pairs2 / (2 * n_pos * n_neg)`` of twice the correctly ordered pairs
    plus the tied ones (:func:`trapezoid_pairs`, or DeLong's placement sums);
    NaN where a class has no mass. Scalars give a scalar, arrays (one value per
    row of replicates) an array."""
    den = 2.0 * n_pos * n_neg
    if np.ndim(den) == 0 and np.ndim(pairs2) == 0:
        return pairs2 / den if den > 0 else float("nan")
    out = np.full(np.broadcast_shapes(np.shape(pairs2), np.shape(den)), np.nan)
    np.divide(pairs2, den, out=out, where=den > 0)
    return out


def partial_auc_from_counts(fps, tps, max_fpr, *, totals=None):
    """Area under the ROC curve for FPR in [0, max_fpr], from cumulative counts.

    ``fps``/``tps`` are as returned by ``BinaryScores.counts()`` (highest
    threshold first, both classes present). The curve is the trapezoidal one
    through (0, 0) and every operating point (tied scores: one diagonal
    segment); it is cut at ``FPR = max_fpr`` by linear interpolation on the
    segment that crosses it, as scikit-learn does. The whole trapezoids left of
    the cut are summed in count units (exact for unweighted counts) and divided
    by ``P * N`` once; the cut piece is ``(max_fpr - FPR_0) * (TPR_0 +
    TPR_cut) / 2`` in rates, so a perfect ranking gives ``max_fpr`` and a worst
    one 0 to the last bit (McClish's bounds, exactly). ``totals`` is ``(N, P)``
    when the counts stop after the first point right of the cut
    (``MergedOrder.top_counts``).
    """
    n_neg, n_pos = totals or (fps[-1], tps[-1])
    limit = max_fpr * n_neg  # the cut, in negatives
    stop = int(np.searchsorted(fps, limit, side="right"))  # points left of the cut
    f, t = fps[:stop], tps[:stop]
    df = f.copy()
    df[1:] -= f[:-1]
    area = float(trapezoid_pairs(df, t)) / (2.0 * n_pos * n_neg)
    f0, t0 = (float(f[-1]), float(t[-1])) if stop else (0.0, 0.0)
    f1, t1 = float(fps[stop]), float(tps[stop])  # stop < size: limit < n_neg
    t_cut = t0 + (t1 - t0) * ((limit - f0) / (f1 - f0))
    return area + (max_fpr - f0 / n_neg) * ((t0 + t_cut) / (2.0 * n_pos))


def mcclish_correction(partial_auc, fpr_low, fpr_high):
    """Standardise a partial AUC over FPR in [fpr_low, fpr_high] so that 0.5 is
    chance and 1 perfect (McClish 1989).

    ``0.5 * (1 + (A - A_min) / (A_max - A_min))`` with ``A_max = fpr_high -
    fpr_low`` (a perfect classifier) and ``A_min = (fpr_high**2 - fpr_low**2) / 2``
    (the chance diagonal). A specificity range [a, b] is FPR in [1 - b, 1 - a],
    and so is a sensitivity range [a, b] on the curve reflected in the
    anti-diagonal (the diagonal is symmetric): ``A_min = (b - a)(2 - a - b) / 2``,
    pROC's ``roc_utils_min_partial_auc``. The bounds are taken in FPR so that
    ``[0, max_fpr]`` gives scikit-learn's ``A_max = max_fpr``, ``A_min =
    max_fpr**2 / 2`` to the last bit (``1 - (1 - f)`` is not ``f`` in floating
    point): a perfect ranking gives exactly 1.
    """
    max_area = fpr_high - fpr_low
    min_area = 0.5 * (fpr_high**2 - fpr_low**2)
    return 0.5 * (1.0 + (partial_auc - min_area) / (max_area - min_area))


def _area_below(fps, tps, fpr, totals=None):
    """The area under the ROC curve for FPR in [0, fpr] (0 <= fpr <= 1)."""
    if fpr >= 1.0:
        n_neg, n_pos = totals or (fps[-1], tps[-1])
        return auc_from_counts(fps, tps) if totals is None else float(
            trapezoid_pairs(np.diff(fps, prepend=0), tps)) / (2.0 * n_pos * n_neg)
    return partial_auc_from_counts(fps, tps, fpr, totals=totals)


def partial_area(fps, tps, fpr_low, fpr_high, focus):
    """Uncorrected partial AUC of cumulative counts over a specificity
    (``focus='specificity'``) or sensitivity range [a, b], given as
    ``fpr_low = 1 - b``, ``fpr_high = 1 - a``; see :func:`partial_auc`."""
    totals = None
    if focus == "sensitivity":
        # the curve reflected in the anti-diagonal, (x, y) -> (1 - y, 1 - x): the
        # classes swap roles, and a sensitivity band becomes a specificity band
        n_neg, n_pos = fps[-1], tps[-1]
        fps, tps = n_pos - tps[::-1][1:], n_neg - fps[::-1][1:]
        fps, tps = np.append(fps, n_pos), np.append(tps, n_neg)
        totals = (n_pos, n_neg)
    return _area_below(fps, tps, fpr_high, totals) - _area_below(fps, tps, fpr_low, totals)


def _check_partial_range(partial_range, focus):
    if focus not in ("specificity", "sensitivity"):
        raise ValueError(
            f"focus must be 'specificity' or 'sensitivity', got {focus!r}."
        )
    try:
        low, high = sorted(float(v) for v in partial_range)
        ok = all(is_real(v) for v in partial_range)
    except (TypeError, ValueError):
        ok = False
    if not ok or not (0.0 <= low < high <= 1.0):
        raise ValueError(
            f"partial_range must be two different numbers in [0, 1] (a range of "
            f"{focus}), got {partial_range!r}; e.g. partial_range=(0.9, 1.0)."
        )
    return low, high


def _check_max_fpr(max_fpr):
    if max_fpr is None:
        return None
    if not (is_real(max_fpr) and 0 < max_fpr <= 1):
        raise ValueError(
            f"max_fpr must be None or a number in (0, 1], got {max_fpr!r}; e.g. "
            f"max_fpr=0.1 for the standardised area over FPR <= 10 %."
        )
    return float(max_fpr)


def roc_auc_score(
    y_true,
    y_score,
    *,
    average="macro",
    sample_weight=None,
    max_fpr=None,
    multi_class="raise",
    labels=None,
    pos_label=None,
):
    """Area under the ROC curve, for binary or multi-class targets.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        True labels (binary, or multi-class with a 2-D ``y_score``), or a
        multilabel indicator matrix of 0/1 entries.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary: score of the positive class (any finite real). Multi-class:
        probability estimates, one column per class in the order of ``labels``,
        each row summing to 1 (``np.allclose`` with rtol=1e-5, atol=1e-8).
        Multilabel: any finite score per sample and label (same shape as
        ``y_true``).
    average : {'macro', 'weighted', 'micro', 'samples'} or None, default='macro'
        Multi-class and multilabel only. 'macro': unweighted mean over classes
        (or class pairs, or labels); 'weighted': weighted by class prevalence
        (pair prevalence for 'ovo'; label support for multilabel, where labels
        without positives get weight 0); 'micro' ('ovr' and multilabel): one AUC
        over all flattened one-vs-rest decisions; 'samples' (multilabel only):
        the mean over samples of the AUC of ranking each sample's labels,
        weighted by ``sample_weight``; None ('ovr' and multilabel): the
        per-class (per-label) AUCs.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights (not with ``multi_class='ovo'``).
    max_fpr : float in (0, 1], default=None
        Binary only: return the standardised partial AUC over false positive
        rates in [0, ``max_fpr``] (McClish correction: 0.5 is chance, 1 perfect).
        None or 1: the full AUC. A multi-class ``y_score`` with a ``max_fpr``
        below 1 raises, as in scikit-learn.
    multi_class : {'raise', 'ovr', 'ovo'}, default='raise'
        Multi-class strategy; must be given for a 2-D ``y_score`` with 1-D
        ``y_true`` (ignored for multilabel ``y_true``).
    labels : array-like of shape (n_classes,), default=None
        Multi-class: the classes in the column order of ``y_score``; default the
        sorted unique values of ``y_true``.
    pos_label : int, float, bool or str, default=None
        Binary: the positive label. None means 1 for labels within {0, 1} or
        {-1, 1} and True for bools; for any other labels (e.g. strings) it must
        be given. (scikit-learn takes the greater label, which silently picks a
        class for ``['ham', 'spam']``; evalplots raises instead.)

    Returns
    -------
    auc : float or ndarray of shape (n_classes,)
        ndarray only for ``average=None``.

    Raises
    ------
    ValueError
        If ``y_true`` holds a single class (AUC is undefined), if ``pos_label``
        is None and the positive class is ambiguous, on invalid shapes,
        non-finite scores, rows of probabilities not summing to 1, unknown
        ``average``/``multi_class``, or ``labels`` inconsistent with ``y_true``;
        for multilabel ``y_true``, if a label column (or, for 'samples', a row)
        that is read lacks a positive or a negative, or if ``labels`` or
        ``pos_label`` is given; if ``max_fpr`` is not in (0, 1], or below 1 with
        a 2-D ``y_score`` of a multi-class ``y_true``.

    Notes
    -----
    Binary: ``AUC = 1/(m+ m-) * sum_{x+} sum_{x-} (I(f(x+) > f(x-)) + 1/2 I(f(x+) =
    f(x-)))`` (Zhou, *Machine Learning* §2.3.3: AUC = 1 - l_rank). One-vs-rest:
    AUC of each class against the rest. One-vs-one: Hand & Till (2001),
    ``M = 2/(c(c-1)) sum_{i<j} (A(i|j) + A(j|i))/2``. Multilabel: each label
    column against its complement, as one-vs-rest ('samples': each sample's
    labels ranked; Zhang & Zhou, IEEE TKDE 26(8), 2014, §2.2.2, AUC_macro /
    AUC_micro).

    Partial AUC (``max_fpr``): A, the trapezoidal area under the ROC curve for
    FPR in [0, ``max_fpr``] (the curve cut by linear interpolation at
    ``max_fpr``), summed from the same counts as the full curve, then
    standardised as McClish (Medical Decision Making 9, 1989):
    ``0.5 * (1 + (A - max_fpr**2/2) / (max_fpr - max_fpr**2/2))``.

    Examples
    --------
    >>> from evalplots.metrics import roc_auc_score
    >>> roc_auc_score([1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76])
    0.777...
    >>> proba = [[.6, .2, .2], [.3, .4, .3], [.2, .5, .3], [.1, .3, .6]]
    >>> roc_auc_score([0, 1, 2, 2], proba, multi_class='ovr')
    0.847222...
    >>> roc_auc_score([0, 1, 2, 2], proba, multi_class='ovo')
    0.875
    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], max_fpr=0.5)
    0.666...
    >>> roc_auc_score([[1, 0], [0, 1], [1, 1]], [[.8, .3], [.4, .6], [.6, .2]])
    0.75
    """
    max_fpr = _check_max_fpr(max_fpr)
    if is_indicator(y_true):
        if labels is not None:
            raise ValueError(
                "labels does not apply to a multilabel indicator y_true (its columns are "
                "the labels); leave labels=None."
            )
        binary_auc = functools.partial(_binary_auc, max_fpr=max_fpr)
        return multilabel_score(binary_auc, y_true, y_score, average, sample_weight,
                                pos_label=pos_label, need_neg=True, metric="ROC AUC")
    y_score_arr = as_score_array(y_score)
    if y_score_arr.ndim == 2:
        if max_fpr is not None and max_fpr != 1:
            raise ValueError(
                f"Partial AUC computation not available in multiclass setting, "
                f"'max_fpr' must be set to `None`, received `max_fpr={max_fpr}` "
                f"instead; pass max_fpr=None, or a 1-D y_score of one class."
            )
        return _multiclass_auc(y_true, y_score_arr, average, sample_weight, multi_class, labels)
    y_true = as_1d(y_true, "y_true")
    data = None
    if pos_label is None and sample_weight is None and y_score_arr.ndim == 1:
        data = binary_scores_in_one_pass(y_true, y_score_arr)  # 0/1 labels, float scores
    if data is not None:
        if data.n_pos in (0, y_true.size):  # one class, found without a second pass
            _check_two_classes(y_true[:1].copy())
    elif pos_label is None:
        check_finite_labels(y_true, "y_true")
        classes = class_values(y_true)
        if classes.size > 2:
            raise ValueError(
                f"y_true has {classes.size} classes {_show(classes)} but y_score is 1-D; "
                f"pass y_score of shape (n_samples, n_classes) with multi_class='ovr' or 'ovo'."
            )
        _check_two_classes(classes)
        data = binary_scores(y_true, y_score_arr, sample_weight=sample_weight, classes=classes)
    else:
        data = binary_scores(y_true, y_score_arr, pos_label=pos_label,
                             sample_weight=sample_weight)  # fmt: skip
    require_both_classes(data, need_neg=True, metric="ROC AUC")
    return float(_binary_auc(data, max_fpr))


def _check_two_classes(classes):
    if classes.size < 2:
        raise ValueError(
            f"Only one class {_show(classes)} is present in y_true: ROC AUC is undefined; "
            f"evaluate on data that contains both classes."
        )


def _multiclass_auc(y_true, y_score, average, sample_weight, multi_class, labels):
    if multi_class not in ("ovr", "ovo"):
        raise ValueError(
            f"y_score is 2-D (one column per class), so multi_class must be 'ovr' or 'ovo', "
            f"got {multi_class!r}."
        )
    allowed = ("macro", "weighted", "micro", None) if multi_class == "ovr" else ("macro", "weighted")
    if average not in allowed:
        raise ValueError(f"average must be one of {allowed} for multi_class={multi_class!r}, got {average!r}.")
    codes, classes, y_score = resolve_ovr_classes(y_true, y_score, labels)
    weight = check_sample_weight(sample_weight, codes.size)
    if weight is not None and multi_class == "ovo":
        raise ValueError("sample_weight is not supported with multi_class='ovo'; use 'ovr'.")
    sums = y_score.sum(axis=1)
    off = np.abs(sums - 1.0)
    bad = int(np.argmax(off))
    # np.allclose(sums, 1.0, rtol, atol), checked on the worst row only
    if not off[bad] <= _PROBA_ATOL + _PROBA_RTOL:
        raise ValueError(
            f"Rows of y_score must be probabilities summing to 1 for a multi-class AUC; row "
            f"{bad} sums to {sums[bad]:.6g}. Pass predict_proba output (softmax scores)."
        )
    check_class_weights(codes, weight, classes, per_class=average != "micro")
    if multi_class == "ovr":
        return ovr_average(_binary_auc, codes, y_score, weight, average)
    onehot = codes[:, None] == np.arange(classes.size)
    return _ovo(onehot, y_score, average, onehot.sum(axis=0))


class _SortedScores(BinaryScores):
    """Unweighted positive and negative scores that are sorted already."""

    __slots__ = ()

    def __init__(self, pos_sorted, neg_sorted):
        super().__init__(None, None, None)
        self._pos, self._neg = pos_sorted, neg_sorted

    @property
    def n_pos(self):
        return self._pos.size

    @property
    def n_neg(self):
        return self._neg.size


def _ovo(onehot, y_score, average, counts):
    """Hand & Till's M over all class pairs; ``counts`` holds each class's size.

    Each class's rows are sorted once, column by column (``blocks[g][c]``: the
    ascending scores for class c of the samples of class g), so a pair (i, j) needs
    no mask and no sort: A(i|j) ranks ``blocks[i][i]`` against ``blocks[j][i]``.
    """
    n_classes = onehot.shape[1]
    blocks = []
    for g in range(n_classes):
        block = np.ascontiguousarray(y_score[onehot[:, g]].T)
        block.sort(axis=1)
        blocks.append(block)
    pair_scores, prevalence = [], []
    for i in range(n_classes):
        for j in range(i + 1, n_classes):
            a_ij = _binary_auc(_SortedScores(blocks[i][i], blocks[j][i]))
            a_ji = _binary_auc(_SortedScores(blocks[j][j], blocks[i][j]))
            pair_scores.append((a_ij + a_ji) / 2.0)
            prevalence.append((counts[i] + counts[j]) / onehot.shape[0])
    weights = None if average == "macro" else prevalence
    return float(np.average(pair_scores, weights=weights))


@fill_doc(binary_params=BINARY_SCORE_PARAMS)
def rank_loss(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Ranking loss l_rank: the fraction of positive-negative pairs ranked wrongly.

    Parameters
    ----------
    %(binary_params)s

    Returns
    -------
    loss : float
        In [0, 1]; ``rank_loss + roc_auc_score = 1``.

    Raises
    ------
    ValueError
        On invalid input, or if ``y_true`` lacks either class.

    Notes
    -----
    ``l_rank = 1/(m+ m-) sum_{x+} sum_{x-} (I(f(x+) < f(x-)) + 1/2 I(f(x+) = f(x-)))``
    (Zhou, *Machine Learning* §2.3.3, eq. 2.21); ``AUC = 1 - l_rank`` (eq. 2.22).
    This is not scikit-learn's ``label_ranking_loss`` (a multi-label metric).

    Examples
    --------
    >>> from evalplots.metrics import rank_loss
    >>> rank_loss([1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76])
    0.222...
    """
    data = binary_scores(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    require_both_classes(data, need_neg=True, metric="the ranking loss")
    if data.weight is None:
        n_pairs = data.n_pos * data.n_neg
        n_correct, n_tied = data.pair_counts()
        return float((2.0 * (n_pairs - n_correct) - n_tied) / (2.0 * n_pairs))
    return float(1.0 - _binary_auc(data))


@fill_doc(binary=BINARY_SCORE_PARAMS)
def partial_auc(y_true, y_score, *, partial_range, focus="specificity", correct=False,
                pos_label=None, sample_weight=None):
    """Partial area under the ROC curve over a specificity or a sensitivity range.

    Parameters
    ----------
    %(binary)s
    partial_range : tuple of two floats in [0, 1]
        The range of specificity (``focus='specificity'``) or of sensitivity
        (``focus='sensitivity'``), in either order, e.g. ``(0.9, 1.0)``.
    focus : {'specificity', 'sensitivity'}, default='specificity'
        Which rate ``partial_range`` bounds: the area under the curve in a
        vertical band of specificities, or the area to its right in a
        horizontal band of sensitivities.
    correct : bool, default=False
        Standardise with McClish's correction: 0.5 for the chance diagonal, 1
        for a perfect classifier over the range.

    Returns
    -------
    pauc : float
        The partial area, in [0, high - low] (uncorrected), or its McClish
        standardisation (``correct=True``).

    Raises
    ------
    ValueError
        If ``partial_range`` is not two different numbers in [0, 1], if
        ``focus`` is unknown, or for the label, score and weight errors of
        :func:`roc_auc_score` (a class missing, more than two classes,
        non-finite scores).

    Notes
    -----
    The ROC curve is the trapezoidal one of :func:`roc_curve` through every
    distinct threshold (tied scores: one diagonal segment), from (0, 0) to
    (1, 1). Specificity focus on [a, b]: :math:`\\int_{1-b}^{1-a}
    \\mathrm{TPR}\\,d\\mathrm{FPR}`, the curve cut at both ends by linear
    interpolation on the segment that crosses it. Sensitivity focus on [a, b]:
    :math:`\\int_a^b (1 - \\mathrm{FPR})\\,d\\mathrm{TPR}`, the same area of the
    curve reflected in the anti-diagonal (positives and negatives swapped).
    The full range gives the AUC for either focus.

    McClish (Medical Decision Making 9, 1989): :math:`\\frac{1}{2}\\left(1 +
    \\frac{A - A_{min}}{A_{max} - A_{min}}\\right)` with :math:`A_{max} = b - a`
    and :math:`A_{min} = (b - a)(2 - a - b)/2`, the area of the diagonal over
    the range. It is below 0.5 for a curve below the diagonal over the range
    (returned as computed, as ``roc_auc_score(max_fpr=...)`` and scikit-learn
    do; pROC returns NA there). ``roc_auc_score(y, s, max_fpr=f)`` equals
    ``partial_auc(y, s, partial_range=(1 - f, 1), correct=True)``.

    Values match pROC's ``auc(roc, partial.auc = c(b, a), partial.auc.focus =
    ..., partial.auc.correct = ...)`` (Robin et al., BMC Bioinformatics 12:77,
    2011). Its interval: :func:`bootstrap_ci` with this function as the
    metric and ``method='percentile'`` is pROC's ``ci.auc`` of a partial AUC
    (stratified percentile bootstrap).

    Examples
    --------
    >>> from evalplots.metrics import partial_auc
    >>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> partial_auc(y, s, partial_range=(0.5, 1.0))
    0.25
    >>> partial_auc(y, s, partial_range=(0.5, 1.0), correct=True)
    0.666...
    >>> partial_auc(y, s, partial_range=(0.0, 1.0), focus="sensitivity")
    0.75
    """
    low, high = _check_partial_range(partial_range, focus)
    data = binary_scores(as_1d(y_true, "y_true"), as_score_array(y_score), pos_label=pos_label,
                         sample_weight=sample_weight)
    require_both_classes(data, need_neg=True, metric="partial ROC AUC")
    fps, tps, _ = data.counts()
    fpr_low, fpr_high = 1.0 - high, 1.0 - low
    area = partial_area(np.asarray(fps, dtype=float), np.asarray(tps, dtype=float), fpr_low,
                        fpr_high, focus)
    return float(mcclish_correction(area, fpr_low, fpr_high) if correct else area)
