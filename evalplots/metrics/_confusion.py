"""Label encoding shared by the count metrics, and the confusion matrix.

What counts as a class label (the rule of :func:`check_label_arrays`): strings, bools,
integers, and floats that hold whole numbers (``1.0``, ``-3.0``). A float array with a
fractional value (``0.1``, ``2.5``) is refused with a ``ValueError`` naming the
argument: it is almost always a score or probability passed where a predicted label
was wanted (``accuracy_score(y, y_prob)``), which would otherwise be silently counted
as dozens of one-sample "classes". scikit-learn refuses it too ("continuous"
targets). Threshold scores first (``y_score >= 0.5``) or use a ranking metric. The
same rule applies to ``labels=`` and to ``y_true``.

Every count metric (accuracy aside) reduces to one matrix of counts, so the work is
done once here, with one label discovery per call. Small-range integer labels (and
bool labels, and floats holding whole numbers) need no sort and no per-sample
relabelling: one ``np.bincount`` of ``(t - lo) * span + (p - lo)`` counts every pair
over the value range, and the classes are the rows/columns that are not empty.
Other labels (strings, huge ranges) are encoded by one
``np.unique`` of the concatenation (or looked up in ``labels``), then counted by one
``np.bincount`` of ``t_idx * k + p_idx``.
"""

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_sample_weight,
)

__all__ = ["confusion_matrix"]

_NORMALIZE = (None, "true", "pred", "all")

PAIR_DOC = """y_true : array-like of shape (n_samples,)
        True labels: integers, whole-number floats, bools or strings (one type).
    y_pred : array-like of shape (n_samples,)
        Predicted labels, of the same type as ``y_true`` — not scores: a float
        such as 0.1 is refused (threshold scores first, ``y_score >= 0.5``)."""


def _kind(arr):
    return "str" if arr.dtype.kind in "USO" else "number"


def check_label_arrays(arrays):
    """Refuse NaN/inf labels, fractional float labels, and mixed string/number labels.

    Parameters
    ----------
    arrays : dict of str to ndarray
        Argument name -> 1-D label array (the names appear in the errors).

    Raises
    ------
    ValueError
        If the arrays mix strings and numbers, or a float array holds NaN, inf or a
        non-integer value (see the module docstring for why scores are refused).
    """
    kinds = {name: _kind(a) for name, a in arrays.items()}
    if len(set(kinds.values())) > 1:
        desc = ", ".join(f"{k} holds {v}s" for k, v in kinds.items())
        raise ValueError(
            f"Labels of different types: {desc}; pass labels of one type "
            f"(all strings or all numbers)."
        )
    for name, a in arrays.items():
        if a.dtype.kind == "f" and not np.isfinite(a).all():
            raise ValueError(
                f"{name} contains NaN or inf; class labels must be finite values."
            )
        if a.dtype.kind == "f" and not (a == np.floor(a)).all():
            example = a[a != np.floor(a)][0]
            raise ValueError(
                f"{name} holds non-integer values such as {example:.6g} — these look "
                f"like scores or probabilities, not class labels; threshold them "
                f"first (y_score >= 0.5) or use a ranking metric (roc_auc_score, "
                f"average_precision_score)."
            )


def _as_small_ints(arrays):
    """Return (int arrays, lo, span) when all labels are whole numbers in a small range.

    Returns None when a sort-based discovery is needed instead.
    """
    first = next(iter(arrays))
    if first.dtype.kind not in "biuf":
        return None
    ints = []
    for a in arrays:
        if a.dtype.kind == "b":
            a = a.view(np.uint8)
        elif a.dtype.kind == "f" and not np.abs(a).max() < 2.0**53:
            # whole numbers (check_label_arrays has run), too large for int64 exactly
            return None
        elif a.dtype.kind == "u" and a.max() >= 2**63:
            return None
        ints.append(a.astype(np.int64, copy=False))
    lo = min(int(a.min()) for a in ints)
    hi = max(int(a.max()) for a in ints)
    span = hi - lo + 1
    if span > max(4096, 2 * sum(a.shape[0] for a in ints)):
        return None
    return ints, lo, span


def _present(ints, lo, span):
    present = np.zeros(span, dtype=bool)
    for a in ints:
        present |= np.bincount(a - lo if lo else a, minlength=span).astype(bool)
    return present


def discover_classes(arrays):
    """Sorted distinct values of validated label ``arrays`` (no per-sample codes)."""
    small = _as_small_ints(arrays)
    if small is None:
        return np.unique(np.concatenate(arrays))
    ints, lo, span = small
    return (np.flatnonzero(_present(ints, lo, span)) + lo).astype(
        np.result_type(*arrays)
    )


def resolve_classes(y_true, y_pred, labels=None):
    """The classes of a count metric, in order: ``labels`` if given, else discovered.

    The same class list :func:`confusion_matrix` uses for its rows and columns
    (validated ``labels``, or the sorted union of the values of both arrays).
    """
    if labels is not None:
        return check_labels(labels)
    return discover_classes(list(validated_labels(y_true, y_pred).values()))


def _discover(arrays):
    """Sorted classes present in any of ``arrays`` and each array's codes."""
    small = _as_small_ints(arrays)
    if small is not None:
        ints, lo, span = small
        present = _present(ints, lo, span)
        classes = (np.flatnonzero(present) + lo).astype(np.result_type(*arrays))
        if present.all():  # classes lo, lo+1, ...: the code is the offset
            return classes, [a - lo if lo else a for a in ints]
        lut = np.cumsum(present) - 1
        return classes, [lut[a - lo if lo else a] for a in ints]
    sizes = np.cumsum([a.shape[0] for a in arrays])[:-1]
    classes, inverse = np.unique(np.concatenate(arrays), return_inverse=True)
    return classes, np.split(inverse.ravel(), sizes)


def _lookup(arrays, labels):
    """Codes of each array's values in ``labels``; unlisted values get ``len(labels)``."""
    k = labels.shape[0]
    order = np.argsort(labels, kind="stable")
    ordered = labels[order]
    codes = []
    for a in arrays.values():
        pos = np.minimum(np.searchsorted(ordered, a), k - 1)
        codes.append(np.where(ordered[pos] == a, order[pos], k))
    return codes


def _check_listed(arrays, codes, classes, allow_unlisted):
    k = classes.shape[0]
    unlisted = [c == k for c in codes]
    if all(u.all() for u in unlisted):
        raise ValueError(
            f"None of labels {classes[:5].tolist()} occurs in "
            f"{' or '.join(arrays)}; pass the label values used in the data."
        )
    if allow_unlisted:
        return
    for (name, a), u in zip(arrays.items(), unlisted):
        if u.any():
            missing = np.unique(a[u])
            raise ValueError(
                f"{name} contains {missing.size} value(s) not in labels, e.g. "
                f"{missing[:5].tolist()}; add them to labels (or pass labels=None)."
            )


def check_labels(labels):
    """Validate a ``labels`` argument: 1-D, non-empty, finite, no duplicates."""
    labels = as_1d(labels, "labels")
    check_label_arrays({"labels": labels})
    if np.unique(labels).shape[0] != labels.shape[0]:
        raise ValueError("labels contains duplicate values; list each class once.")
    return labels


def encode_labels(y_true, y_pred=None, *, labels=None, allow_unlisted=False):
    """Validate label arrays and map them to integer codes (one discovery per call).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (any hashable numbers, bools or strings).
    y_pred : array-like of shape (n_samples,) or None
        Predicted labels, encoded on the same class list.
    labels : array-like of shape (n_classes,) or None
        The class list, in the order wanted. None: the sorted union of the values
        in ``y_true`` and ``y_pred``.
    allow_unlisted : bool
        With ``labels`` given: if True, values not in ``labels`` get the extra code
        ``n_classes`` ("other"); if False they raise ``ValueError``.

    Returns
    -------
    classes : ndarray of shape (n_classes,)
    codes : list of ndarray of int, each of shape (n_samples,)
        One array per input (``y_true`` first).

    Raises
    ------
    ValueError
        Empty, 2-D, mismatched lengths, NaN or non-integer float labels (scores),
        mixed string/number labels, duplicated ``labels``, or ``labels`` none of
        which occurs in the data.
    """
    return _encode(validated_labels(y_true, y_pred), labels, allow_unlisted)


def validated_labels(y_true, y_pred=None):
    """``{'y_true': array[, 'y_pred': array]}``: 1-D, same length, one type, no NaN."""
    arrays = {"y_true": as_1d(y_true, "y_true")}
    if y_pred is not None:
        arrays["y_pred"] = as_1d(y_pred, "y_pred")
        check_consistent_length(**arrays)
    check_label_arrays(arrays)
    return arrays


def _encode(arrays, labels, allow_unlisted):
    if labels is None:
        return _discover(list(arrays.values()))
    classes = check_labels(labels)
    if _kind(classes) != _kind(arrays["y_true"]):
        raise ValueError(
            f"labels holds {_kind(classes)}s but y_true holds "
            f"{_kind(arrays['y_true'])}s; pass labels of the same type as the data."
        )
    codes = _lookup(arrays, classes)
    _check_listed(arrays, codes, classes, allow_unlisted)
    return classes, codes


def count_matrix(t_idx, p_idx, n_codes, sample_weight=None):
    """(n_codes, n_codes) matrix of (weighted) counts, rows = true, columns = predicted."""
    flat = t_idx * n_codes + p_idx
    cm = np.bincount(flat, weights=sample_weight, minlength=n_codes * n_codes)
    return cm.reshape(n_codes, n_codes)


def _direct_counts(small, dtype, w):
    """Counts over the whole small integer range in one bincount, then the present rows."""
    (t, p), lo, span = small
    flat = t - lo if lo else t.copy()
    flat *= span
    flat += p
    if lo:
        flat -= lo
    full = np.bincount(flat, weights=w, minlength=span * span).reshape(span, span)
    seen = (
        full
        if w is None
        else np.bincount(flat, minlength=span * span).reshape(span, span)
    )
    idx = np.flatnonzero(seen.any(axis=0) | seen.any(axis=1))
    return (idx + lo).astype(dtype), full[np.ix_(idx, idx)]


def confusion_counts(
    y_true, y_pred, *, labels=None, allow_unlisted=False, sample_weight=None
):
    """Validate, discover or look up the classes, and count: one pass of each kind.

    Returns ``(classes, cm)``: cm has rows = true, columns = predicted, in the order
    of ``classes``; with ``labels`` and ``allow_unlisted`` it has one extra last row
    and column ("other") for the values not in ``labels``. Small-range integer
    labels without ``labels`` are counted with a single ``np.bincount`` over the
    range (no per-sample relabelling).
    """
    arrays = validated_labels(y_true, y_pred)
    t, p = arrays.values()
    w = check_sample_weight(sample_weight, t.shape[0])
    if labels is None:
        small = _as_small_ints([t, p])
        if small is not None and small[2] ** 2 <= max(1 << 16, t.shape[0]):
            return _direct_counts(small, np.result_type(t, p), w)
    classes, (t_idx, p_idx) = _encode(arrays, labels, allow_unlisted)
    n_codes = classes.shape[0] + int(labels is not None and allow_unlisted)
    return classes, count_matrix(t_idx, p_idx, n_codes, w)


@fill_doc(pair=PAIR_DOC)
def confusion_matrix(
    y_true, y_pred, *, labels=None, normalize=None, sample_weight=None
):
    """Confusion matrix: entry ``[i, j]`` counts samples of true class i predicted as j.

    Parameters
    ----------
    %(pair)s
    labels : array-like of shape (n_classes,), default=None
        The classes and their order for the rows and columns. None: the sorted
        union of the values in ``y_true`` and ``y_pred``. Listed classes that occur
        in neither give a row and a column of zeros.
    normalize : {'true', 'pred', 'all'} or None, default=None
        Divide by the row sums ('true': each row is the distribution of predictions
        for that true class), the column sums ('pred') or the total ('all').
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample; the counts become sums of weights.

    Returns
    -------
    C : ndarray of shape (n_classes, n_classes)
        Rows = true class, columns = predicted class, both in the order of
        ``labels``. int64 counts (also with integer weights), float64 with float
        weights or when normalised.

    Raises
    ------
    ValueError
        If the inputs are empty, not 1-D, of different lengths, hold NaN,
        non-integer floats (scores: threshold them first) or mixed string/number
        labels; if ``labels`` has duplicates, none of its values
        occurs in the data, or a value of ``y_true``/``y_pred`` is missing from it
        (scikit-learn silently drops such samples; here nothing is dropped); if
        ``normalize`` is not one of the values above.

    Notes
    -----
    :math:`C_{ij} = \\sum_s w_s [y_s = c_i][\\hat y_s = c_j]` (Zhou Zhihua, *Machine
    Learning*, §2.3.2, Table 2.1, for the binary case; Thakur, *Approaching (Almost)
    Any Machine Learning Problem*, ch. "Evaluation metrics", whose figures draw the
    transpose: predicted on the rows).

    Normalisation never divides by zero: a row (for 'true'), a column (for 'pred')
    or a matrix (for 'all') whose sum is 0 — a class with no samples — normalises
    to zeros, never to inf or NaN, and no warning is raised.

    Examples
    --------
    >>> from evalplots.metrics import confusion_matrix
    >>> confusion_matrix([1, 0, 0, 1, 0, 1], [0, 1, 0, 1, 1, 1])
    array([[1, 2],
           [1, 2]])
    >>> confusion_matrix(["cat", "dog", "dog", "bird", "bird"],
    ...                  ["dog", "dog", "cat", "bird", "cat"],
    ...                  labels=["dog", "cat", "bird"])
    array([[1, 1, 0],
           [1, 0, 0],
           [0, 1, 1]])
    >>> confusion_matrix([0, 0, 1], [0, 1, 1], labels=[0, 1, 2], normalize="true")
    array([[0.5, 0.5, 0. ],
           [0. , 1. , 0. ],
           [0. , 0. , 0. ]])
    """
    if normalize not in _NORMALIZE:
        raise ValueError(
            f"normalize must be 'true', 'pred', 'all' or None, got {normalize!r}."
        )
    _, cm = confusion_counts(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    if sample_weight is None or np.asarray(sample_weight).dtype.kind in "biu":
        cm = cm.astype(np.int64)  # as scikit-learn: integer weights, integer counts
    if normalize is None:
        return cm
    if normalize == "true":
        den = cm.sum(axis=1, keepdims=True)
    elif normalize == "pred":
        den = cm.sum(axis=0, keepdims=True)
    else:
        den = cm.sum()
    return np.divide(cm, den, out=np.zeros(cm.shape), where=den != 0)
