"""Top-k accuracy: how often the true class is among the k highest-scored classes.

Not to be confused with :mod:`evalplots.metrics.ranking._topk` (P@k and AP@k of ranked item
lists, one list per query): here each sample has one true class and one score per
class. The rank of the true class is counted directly — the classes scored higher,
plus the tied classes of a higher column index (scikit-learn's tie rule) — so no
sort is needed: O(n_samples × n_classes).
"""

import warnings

import numpy as np

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._labels import _show, encode_labels
from evalplots.metrics.ranking._ovr import as_score_array
from evalplots.metrics._validation import (
    check_bool,
    check_consistent_length,
    check_finite,
    check_positive_int,
    check_sample_weight,
    check_weight_total,
)

__all__ = ["top_k_accuracy_score"]


def _binary_hits(codes, score, k):
    """1-D score of the second class: the top-1 prediction is a fixed threshold."""
    if k >= 2:
        return np.ones(codes.shape[0], dtype=bool)
    threshold = 0.5 if score.min() >= 0 and score.max() <= 1 else 0.0
    return (score > threshold) == (codes == 1)


def _multiclass_hits(codes, score, k):
    """True class among the k first: fewer than k classes ranked before it."""
    n, n_classes = score.shape
    true_score = score[np.arange(n), codes][:, None]
    ahead = np.count_nonzero(score > true_score, axis=1)
    later_tie = (score == true_score) & (np.arange(n_classes) > codes[:, None])
    ahead += np.count_nonzero(later_tie, axis=1)
    return ahead < k


def top_k_accuracy_score(
    y_true, y_score, *, k=2, normalize=True, sample_weight=None, labels=None
):
    """Top-k accuracy: the fraction of samples whose true class is in the k best-scored.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: integers, whole-number floats, bools or strings (one type).
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        2-D: one score column per class, in the order of ``labels`` (None: the
        sorted classes of ``y_true``). 1-D: binary, the score of the second
        class (``labels[1]``, or the greater of the two labels of ``y_true``).
    k : int, default=2
        How many of the highest-scored classes count as a hit.
    normalize : bool, default=True
        True: the (weighted) fraction of hits. False: their (weighted) number.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample.
    labels : array-like of shape (n_classes,), default=None
        The classes of the columns of ``y_score``, in column order (any order;
        scikit-learn requires them sorted). Needed when ``y_true`` lacks a class.

    Returns
    -------
    score : float
        In [0, 1] with ``normalize=True``; a count (or total weight) otherwise.

    Raises
    ------
    ValueError
        If ``y_true`` is not 1-D labels (NaN, fractional floats, mixed types),
        holds a value missing from ``labels``, or ``labels`` repeats a value; if
        ``y_score`` is non-numeric, holds NaN/inf, has another number of rows,
        a single column, or not one column per class (two classes for a 1-D
        ``y_score``); if ``k`` is not an integer >= 1, ``normalize`` not a bool,
        or ``sample_weight`` invalid (or summing to 0 with ``normalize=True``).

    Warns
    -----
    UndefinedMetricWarning
        If ``k >= n_classes``: every sample is a hit, the score is trivially 1.

    Notes
    -----
    :math:`\\mathrm{top}_k = \\sum_i w_i [\\mathrm{rank}_i(y_i) \\le k] / \\sum_i
    w_i`, with :math:`\\mathrm{rank}_i(c)` the position of class c when the
    scores of sample i are sorted in decreasing order (the top-k error of the
    ImageNet challenge is its complement; Russakovsky et al., IJCV 115, 2015).
    Ties follow scikit-learn: of two classes with equal scores, the one with
    the higher column index ranks first. Binary 1-D scores, with k = 1: the
    prediction is ``y_score > 0.5`` when all scores lie in [0, 1], else
    ``y_score > 0`` (scikit-learn's rule); k >= 2 always hits.

    Examples
    --------
    >>> from evalplots.metrics import top_k_accuracy_score
    >>> y_true = [0, 1, 2, 2]
    >>> y_score = [[0.5, 0.2, 0.2], [0.3, 0.4, 0.2], [0.2, 0.4, 0.3], [0.7, 0.2, 0.1]]
    >>> top_k_accuracy_score(y_true, y_score, k=2)
    0.75
    >>> top_k_accuracy_score(y_true, y_score, k=2, normalize=False)
    3.0
    >>> top_k_accuracy_score(["b", "b"], [[0.6, 0.4, 0.0], [0.1, 0.2, 0.7]],
    ...                      k=1, labels=["a", "b", "c"])
    0.0
    """
    check_positive_int(k, "k")
    check_bool(normalize, "normalize")
    classes, (codes,) = encode_labels(y_true, labels=labels)
    score = as_score_array(y_score)
    if score.ndim not in (1, 2):
        raise ValueError(
            f"y_score must be of shape (n_samples,) or (n_samples, n_classes), got "
            f"shape {score.shape}."
        )
    score = check_finite(score.reshape(-1), "y_score").reshape(score.shape)
    check_consistent_length(y_true=codes, y_score=score)
    n_columns = 2 if score.ndim == 1 else score.shape[1]
    if n_columns != classes.shape[0]:
        source = "classes in 'y_true'" if labels is None else "given labels"
        what = "a 1-D y_score scores 2" if score.ndim == 1 else f"y_score has {n_columns}"
        raise ValueError(
            f"Number of {source} ({classes.shape[0]}) not equal to the number of "
            f"classes in 'y_score' ({n_columns}): {what} classes, the classes are "
            f"{_show(classes)}. Pass labels= listing the class of each column "
            f"(every class, also those absent from y_true)."
        )
    w = check_sample_weight(sample_weight, codes.shape[0])
    if k >= n_columns:
        warnings.warn(
            f"'k' ({k}) greater than or equal to 'n_classes' ({n_columns}) will "
            f"result in a perfect score and is therefore meaningless.",
            UndefinedMetricWarning,
            stacklevel=2,
        )
    if score.ndim == 1:
        hits = _binary_hits(codes, score, k)
    else:
        hits = _multiclass_hits(codes, score, k)
    if not normalize:
        return float(np.count_nonzero(hits) if w is None else np.dot(hits, w))
    check_weight_total(w)
    return float(np.average(hits, weights=w))
