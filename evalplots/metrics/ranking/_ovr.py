"""One-vs-rest (OvR) reading of a multi-class problem: classes, codes and averages.

A label vector ``y_true`` and a score matrix of shape (n_samples, n_classes) are
turned into integer class codes 0..k-1 (column c of the matrix scores class c), and
a binary metric is averaged over the k problems "class c against the rest" the way
scikit-learn does (``average`` in {'macro', 'weighted', 'micro', None}). Used by
:func:`~evalplots.metrics.roc_auc_score`, :func:`~evalplots.metrics.average_precision_score`
and the OvR Displays, so that the rule lives in one place. A multilabel indicator
matrix is read the same way, column by column ("label j against not j"), with one
more average, 'samples' (one binary problem per row), in :func:`indicator_average`.
"""

import numpy as np

from evalplots.metrics.ranking._thresholds import BinaryScores
from evalplots.metrics.classification._indicator import weighted_sums
from evalplots.metrics._labels import (
    _show,
    check_finite_labels,
    check_indicator,
    class_values,
)
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite,
    check_sample_weight,
    check_weight_total,
)

__all__ = [
    "MULTILABEL_AVERAGES",
    "OVR_AVERAGES",
    "as_score_array",
    "check_class_weights",
    "indicator_average",
    "multilabel_score",
    "ovr_average",
    "resolve_ovr_classes",
]

#: the ``average`` options of a one-vs-rest score, in scikit-learn's meaning
OVR_AVERAGES = ("macro", "weighted", "micro", None)
#: the ``average`` options of a score of a multilabel indicator matrix
MULTILABEL_AVERAGES = ("macro", "weighted", "micro", "samples", None)


def as_score_array(y_score):
    """Return ``y_score`` as an ndarray, refusing a single-column matrix.

    A metric that accepts a 1-D score (binary) or a 2-D score matrix (multi-class)
    dispatches on the result's ``ndim``. A matrix of shape (n_samples, 1) is a binary
    problem written as a column, the classic source of a broadcast bug: it raises.
    """
    arr = y_score.to_numpy() if hasattr(y_score, "to_numpy") else np.asarray(y_score)
    if arr.ndim == 2 and arr.shape[1] == 1:
        raise ValueError(
            f"y_score has shape {arr.shape}: one column is a binary problem; pass "
            f"y_score.ravel() (the score of the positive class)."
        )
    return arr


def resolve_ovr_classes(y_true, y_score, labels=None):
    """Validate multi-class labels and a score matrix (one finite column per class, in
    the order of ``labels``; default the sorted values of ``y_true``).

    Returns ``(codes, classes, scores)``: each sample's column index, the classes in
    column order and the validated float64 matrix. A ValueError names what does not
    fit: the matrix's shape, repeated ``labels``, a column count that is not the
    number of classes (or below 2), a label of ``y_true`` not in ``labels``, or a
    class of ``labels`` that never occurs in ``y_true``.
    """
    y_true = as_1d(y_true, "y_true")
    check_finite_labels(y_true, "y_true")
    scores = as_score_array(y_score)
    if scores.ndim != 2:
        raise ValueError(
            f"y_score must be 2-D of shape (n_samples, n_classes) for one-vs-rest, got "
            f"shape {scores.shape}; pass one score column per class."
        )
    scores = check_finite(scores, "y_score")
    check_consistent_length(y_true=y_true, y_score=scores)
    classes = class_values(y_true) if labels is None else as_1d(labels, "labels")
    if labels is not None and np.unique(classes).size != classes.size:
        raise ValueError(f"labels must be unique, got {_show(classes)}.")
    if classes.size != scores.shape[1]:
        raise ValueError(
            f"y_score has {scores.shape[1]} columns but there are {classes.size} classes "
            f"{_show(classes)}; pass one score column per class (set labels= to "
            f"name the columns)."
        )
    if classes.size < 2:
        raise ValueError(
            "At least two classes are needed for a one-vs-rest evaluation; y_score has "
            "one column."
        )
    onehot = y_true[:, None] == classes[None, :]
    if (~onehot.any(axis=1)).any():
        raise ValueError(
            f"y_true holds labels not in labels={_show(classes)}; add them to labels."
        )
    missing = ~onehot.any(axis=0)
    if missing.any():
        raise ValueError(
            f"Class(es) {_show(classes[missing])} of labels never occur in y_true, so "
            f"their one-vs-rest curve and score are undefined; drop them from labels "
            f"and y_score."
        )
    return np.argmax(onehot, axis=1), classes, scores


def check_class_weights(codes, weight, classes, *, per_class=True):
    """Raise unless the total ``weight`` is positive (None: no weights).

    With ``per_class``, every class must have a positive total weight (its
    one-vs-rest problem has positives); ``classes`` (the labels in code order, or
    their number) names the offending classes in the message.
    """
    check_weight_total(weight)
    if weight is None or not per_class:
        return
    names = np.arange(classes) if np.ndim(classes) == 0 else np.asarray(classes)
    weightless = np.bincount(codes, weights=weight, minlength=names.size) == 0
    if weightless.any():
        raise ValueError(
            f"Class(es) {_show(names[weightless])} have total sample_weight 0, so "
            f"their one-vs-rest score is undefined; give them weight, or drop them "
            f"from labels and y_score."
        )


def ovr_average(binary_metric, codes, scores, weight, average):
    """Average ``binary_metric`` (of a ``BinaryScores``) over the one-vs-rest problems
    of class codes 0..k-1, column c of ``scores`` scoring class c, as scikit-learn
    does: :func:`indicator_average` of the codes' one-hot matrix ('micro' pools the
    n*k (sample, class) pairs; None gives the k values; 'macro' and 'weighted' their
    mean, plain or by class support).
    """
    onehot = codes[:, None] == np.arange(scores.shape[1])
    return indicator_average(binary_metric, onehot, scores, weight, average)


def indicator_average(binary_metric, member, scores, weight, average):
    """Average ``binary_metric`` over the columns (or rows) of a membership matrix.

    ``member[i, j]``: sample i belongs to class/label j, scored by ``scores[i, j]``.
    'micro' pools all (sample, label) pairs, each with its sample's weight; None,
    'macro' and 'weighted' (by the weighted support of each column) read column by
    column; 'samples' reads row by row (sample i ranks its labels), averaged with
    the sample weights. Columns of zero support are skipped for 'weighted' (their
    weight is 0).
    """
    if average == "micro":
        w = None if weight is None else np.repeat(weight, member.shape[1])
        return float(binary_metric(BinaryScores(scores.ravel(), member.ravel(), w)))
    if average == "samples":
        rows = range(member.shape[0]) if weight is None else np.flatnonzero(weight)
        per_row = [binary_metric(BinaryScores(scores[i], member[i], None)) for i in rows]
        return float(np.average(per_row, weights=None if weight is None else weight[rows]))
    support = weighted_sums(member, weight)
    columns = range(member.shape[1])
    if average == "weighted":
        columns = np.flatnonzero(support)
    per_class = np.array([
        binary_metric(BinaryScores(scores[:, c], member[:, c], weight)) for c in columns
    ])
    if average is None:
        return per_class
    if average == "macro":
        return float(per_class.mean())
    return float(np.average(per_class, weights=support[columns]))


def multilabel_score(binary_metric, y_true, y_score, average, sample_weight, *,
                     pos_label, need_neg, metric):  # fmt: skip
    """``binary_metric`` of a multilabel indicator ``y_true`` and a score matrix.

    Validates the pair and that every binary problem the ``average`` reads is
    defined: it has a positive (and, with ``need_neg``, a negative) of positive
    weight; otherwise a ``ValueError`` names the offending label columns (or rows
    for 'samples') rather than averaging an undefined value.
    """
    if average not in MULTILABEL_AVERAGES:
        raise ValueError(
            f"average must be one of {MULTILABEL_AVERAGES} for a multilabel y_true, got "
            f"{average!r}."
        )
    member = check_indicator(y_true, "y_true")
    if pos_label not in (None, 1):
        raise ValueError(
            f"pos_label={pos_label!r} does not apply to a multilabel indicator y_true: "
            f"1 marks the positive entries; leave pos_label=None."
        )
    scores = as_score_array(y_score)
    if scores.shape != member.shape:
        raise ValueError(
            f"y_true is a multilabel indicator matrix of shape {member.shape}, so y_score "
            f"must have the same shape (one score per sample and label), got "
            f"{scores.shape}."
        )
    scores = check_finite(scores, "y_score")
    weight = check_sample_weight(sample_weight, member.shape[0])
    check_class_weights(None, weight, member.shape[1], per_class=False)
    _check_defined(member, weight, average, need_neg, metric)
    return indicator_average(binary_metric, member, scores, weight, average)


def _check_defined(member, weight, average, need_neg, metric):
    """Raise unless each binary problem that ``average`` reads has both classes."""
    if average == "samples":
        rows = slice(None) if weight is None else weight > 0  # weight 0: not read
        pos = np.count_nonzero(member[rows], axis=1)
        neg = member.shape[1] - pos
        index = np.arange(member.shape[0])[rows]
        what, axis_name = "row(s)", "samples"
    else:
        pos = weighted_sums(member, weight)
        neg = (member.shape[0] if weight is None else weight.sum()) - pos
        if average == "micro":
            pos, neg = pos.sum(keepdims=True), neg.sum(keepdims=True)
        index = np.arange(pos.size)
        if average == "weighted":  # zero-support columns have weight 0: not read
            index, neg, pos = index[pos > 0], neg[pos > 0], pos[pos > 0]
        what, axis_name = "label column(s)", "labels"
    bad = (pos == 0) | ((neg == 0) if need_neg else False)
    if not np.any(bad):
        return
    lacking = "a positive and a negative" if need_neg else "a positive"
    if average == "micro":
        raise ValueError(
            f"The pooled labels of y_true lack {lacking} entry of positive weight, so "
            f"the micro-averaged {metric} is undefined."
        )
    raise ValueError(
        f"The {metric} is undefined for {what} {index[bad][:6].tolist()} of y_true, "
        f"which lack {lacking} of positive weight (average={average!r} scores each of "
        f"the {axis_name} on its own); use average='micro' or 'weighted', or drop them."
    )
