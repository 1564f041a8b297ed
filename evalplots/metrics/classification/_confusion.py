"""The confusion matrix, counted once per call after one label discovery, and the
scores read off confusion matrices (the one home of their formulas).

Every count metric (accuracy aside) reduces to one matrix of counts, so the work is
done once here. Small-range integer labels (and bool labels, and floats holding
whole numbers) need no sort and no per-sample relabelling: one ``np.bincount`` of
``(t - lo) * span + (p - lo)`` counts every pair over the value range, and the
classes are the rows/columns that are not empty. Other labels (strings, huge
ranges) are encoded by :func:`evalplots.metrics._labels.encode_labels`, then
counted by one ``np.bincount`` of ``t_idx * k + p_idx``.

The scores of confusion counts (precision, recall, F-beta, MCC, balanced accuracy and
the means over classes) are written once, below, over arrays of any shape: one
matrix (the scalar metrics), the thresholds of a score (the threshold tables) or a
stack of matrices (m, k, k) (the bootstraps of the evaluations). Every count is
converted to float64 before it is multiplied, so that products of large (weighted)
counts never overflow int64.
"""

import functools

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.metrics._labels import (
    _as_small_ints,
    _encode,
    validated_labels,
)
from evalplots.metrics._validation import check_sample_weight, safe_divide, sums_exactly

__all__ = ["CellScores", "CountRates", "class_mean", "confusion_matrix",
           "matthews_from_cells", "nan_divide"]

_NORMALIZE = (None, "true", "pred", "all")

PAIR_DOC = """y_true : array-like of shape (n_samples,)
        True labels: integers, whole-number floats, bools or strings (one type).
    y_pred : array-like of shape (n_samples,)
        Predicted labels, of the same type as ``y_true`` — not scores: a float
        such as 0.1 is refused (threshold scores first, ``y_score >= 0.5``)."""


def weighted_bincount(idx, weights, minlength):
    """``np.bincount`` that stays exact for integer ``weights`` (int64 counts).

    Float weights give float64 sums. Integer weights (validated by
    ``check_sample_weight(exact_int=True)``, so that their total fits in int64)
    are summed by ``np.bincount`` in float64 while the total is below 2**53, where
    every partial sum is an exact float, and by an int64 ``np.add.at`` above.
    """
    if weights is None or weights.dtype.kind == "f":
        return np.bincount(idx, weights=weights, minlength=minlength)
    if sums_exactly(weights):
        counts = np.bincount(idx, weights=weights, minlength=minlength)
        return counts.astype(np.int64)
    counts = np.zeros(max(minlength, int(idx.max()) + 1 if idx.size else 0), np.int64)
    np.add.at(counts, idx, weights)
    return counts


#: ``y_true``/``y_pred`` of the metrics that also take multilabel indicator matrices.
SET_PAIR_DOC = """y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        True labels: integers, whole-number floats, bools or strings (one type), or
        a multilabel indicator matrix of 0/1 entries (one column per label).
    y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        Predicted labels, in the same form as ``y_true`` — not scores: a float
        such as 0.1 is refused (threshold scores first, ``y_score >= 0.5``)."""


def count_matrix(t_idx, p_idx, n_codes, sample_weight=None):
    """(n_codes, n_codes) matrix of (weighted) counts, rows = true, columns = predicted."""
    flat = t_idx * n_codes + p_idx
    cm = weighted_bincount(flat, sample_weight, n_codes * n_codes)
    return cm.reshape(n_codes, n_codes)


def _direct_counts(small, dtype, w):
    """Counts over the whole small integer range in one bincount, then the present rows."""
    (t, p), lo, span = small
    flat = t - lo if lo else t.copy()
    flat *= span
    flat += p
    if lo:
        flat -= lo
    full = weighted_bincount(flat, w, span * span).reshape(span, span)
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
    w = check_sample_weight(sample_weight, t.shape[0], exact_int=True)
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
        ``labels``. int64 counts (also with integer or bool weights, summed
        exactly), float64 with float weights or when normalised.

    Raises
    ------
    ValueError
        If the inputs are empty, not 1-D, of different lengths, hold NaN,
        non-integer floats (scores: threshold them first) or mixed string/number
        labels; if ``labels`` has duplicates, none of its values
        occurs in the data, or a value of ``y_true``/``y_pred`` is missing from it
        (scikit-learn silently drops such samples; here nothing is dropped); if
        ``normalize`` is not one of the values above; if integer
        ``sample_weight`` sum to more than the int64 maximum (2**63 - 1).

    Notes
    -----
    :math:`C_{ij} = \\sum_s w_s [y_s = c_i][\\hat y_s = c_j]` (Zhou Zhihua, *Machine
    Learning*, §2.3.2, Table 2.1, for the binary case; Thakur, *Approaching (Almost)
    Any Machine Learning Problem*, ch. "Evaluation metrics", whose figures draw the
    transpose: predicted on the rows).

    Integer weights are summed exactly in int64 (float64 would round sums above
    2**53), and a total that would overflow int64 raises instead of wrapping.

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
    >>> confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=[2**53 + 1] * 3)
    array([[ 9007199254740993,                 0],
           [                0, 18014398509481986]])
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
    if sample_weight is None:
        cm = cm.astype(np.int64)  # integer weights give exact int64 counts already
    if normalize is None:
        return cm
    if normalize == "true":
        den = cm.sum(axis=1, keepdims=True)
    elif normalize == "pred":
        den = cm.sum(axis=0, keepdims=True)
    else:
        den = cm.sum()
    return np.divide(cm, den, out=np.zeros(cm.shape), where=den != 0)


# ------------------------------------------------------- scores of confusion counts


def nan_divide(num, den, metric=None):
    """``num / den`` with NaN where ``den == 0``, silently (``metric`` is unused).

    The 0/0 rule of replicates (bootstrap resamples, jackknife samples), where an
    undefined value is counted, not warned about.
    """
    return safe_divide(num, den, zero_division=np.nan, metric=metric)


class CountRates:
    """Precision, recall and F-beta of one-vs-rest counts, each computed on first use.

    Parameters
    ----------
    tp : ndarray
        True positives of the class (or of each threshold, or of each matrix).
    true : ndarray
        TP + FN: the (weighted) samples of the class; broadcasts against ``tp``.
    pred : ndarray
        TP + FP: the (weighted) samples predicted as the class.
    beta : float, default=1.0
        β of F-beta (≥ 0, validated by the caller; ``inf`` gives recall).
    divide : callable, default=nan_divide
        ``divide(num, den, metric)``: the caller's 0/0 rule; ``metric`` is the
        entry of ``names`` of the ratio ('precision', 'recall' or 'fbeta').

    Notes
    -----
    Zhou Zhihua, *Machine Learning*, §2.3.2, eqs. 2.8–2.11 (van Rijsbergen 1979):

    .. math::
        P = \\frac{TP}{TP + FP},\\quad R = \\frac{TP}{TP + FN},\\quad
        F_\\beta = \\frac{(1+\\beta^2)\\,TP}{\\beta^2 (TP + FN) + (TP + FP)}

    F-beta is computed from the counts, so it is 0 (not undefined) when TP = 0
    but FN + FP > 0; β = 0 is precision and β = ∞ recall (the same arrays).
    """

    #: The ``metric`` passed to ``divide`` for each ratio.
    names = {"precision": "precision", "recall": "recall", "fbeta": "f-score"}

    def __init__(self, tp, true, pred, *, beta=1.0, divide=nan_divide):
        self.tp, self.true, self.pred = tp, true, pred
        self.beta = beta
        self._divide = divide

    @functools.cached_property
    def precision(self):
        return self._divide(self.tp, self.pred, self.names["precision"])

    @functools.cached_property
    def recall(self):
        return self._divide(self.tp, self.true, self.names["recall"])

    @functools.cached_property
    def fbeta(self):
        beta = self.beta
        if np.isinf(beta):
            return self.recall
        if beta == 0:
            return self.precision
        b2 = beta * beta
        return self._divide((1 + b2) * self.tp, b2 * self.true + self.pred,
                            self.names["fbeta"])


def class_mean(values, weights=None):
    """The mean over the last axis (the classes) of ``values``, NaN entries left out.

    Parameters
    ----------
    values : ndarray of shape (..., n_classes)
        Per-class scores; NaN where a class's score is undefined.
    weights : ndarray of shape (..., n_classes) or None
        Weights of a weighted mean (e.g. the class supports). When the weights of
        the defined entries sum to 0 the plain mean is taken.

    Returns
    -------
    mean : float, or ndarray of shape (...) for stacked ``values``
        NaN where no entry is defined.

    Notes
    -----
    The rule of the 'macro' and 'weighted' averages (scikit-learn leaves a NaN
    score out the same way). One row (1-D ``values``) sums only its defined
    entries; a stack sums every row with its undefined entries as zeros, in one
    vectorised pass: the same mean, summed in an order that can differ in the
    last bit when an undefined entry is not last.
    """
    values = np.asarray(values)
    defined = ~np.isnan(values)
    if values.ndim == 1:
        if not defined.any():
            return float("nan")
        w = None if weights is None else np.asarray(weights)[defined]
        if w is not None and w.sum() == 0:
            w = None
        return float(np.average(values[defined], weights=w))
    zeroed = np.where(defined, values, 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        plain = zeroed.sum(axis=-1) / defined.sum(axis=-1)
        if weights is None:
            return plain
        support = np.where(defined, weights, 0)
        total = support.sum(axis=-1)
        return np.where(total > 0, (zeroed * support).sum(axis=-1) / total, plain)


def _class_major(cells):
    """Matrices (..., k, k) as (k, k, ...), the classes first, for the sums over them.

    A stack of 2 x 2 matrices is copied, so that each cell is one contiguous vector
    and a sum over the classes is a few vector additions (numpy adds along a last
    axis of length 2 row by row, ten times slower); as numpy adds fewer than 8
    numbers in turn either way, the copy's sums are the same floats. A stack of
    larger matrices is a view, whose sums run through memory as the matrices' own
    do (numpy adds 8 or more contiguous numbers pairwise): the same floats again.
    One matrix is itself.
    """
    if cells.ndim == 2:
        return cells
    major = cells.transpose(cells.ndim - 2, cells.ndim - 1, *range(cells.ndim - 2))
    return major.copy() if cells.shape[-1] <= 2 else major


def _class_dot(a, b):
    """``a · b`` over the first axis (the classes): ``a @ b`` for one matrix, a
    vectorised sum of products for a stack (the same value for whole-number
    counts; a BLAS dot per matrix of a stack is several times slower)."""
    return a @ b if a.ndim == 1 else (a * b).sum(axis=0)


def matthews_from_cells(cells, divide=nan_divide):
    """Matthews correlation coefficient of confusion matrices (..., k, k).

    Parameters
    ----------
    cells : array-like of shape (..., k, k)
        Confusion matrices, rows = true class (integer or float counts).
    divide : callable, default=nan_divide
        ``divide(num, den, metric)``: the 0/0 rule (one class in every row or
        every column of a matrix).

    Returns
    -------
    mcc : ndarray of shape (...)

    Notes
    -----
    Gorodkin (2004), with t and p the row and column sums, s the total and c the
    trace: :math:`(c\\,s - t\\cdot p)/\\sqrt{(s^2 - p\\cdot p)(s^2 - t\\cdot t)}`;
    for k = 2 it is Matthews' (1975)
    :math:`(TP\\,TN - FP\\,FN)/\\sqrt{(TP+FP)(TP+FN)(TN+FP)(TN+FN)}` (numerator and
    denominator are both twice Matthews'). In float64: the products of counts
    overflow int64 from about 55 000 unweighted samples on.
    """
    major = _class_major(np.asarray(cells, dtype=np.float64))
    return _matthews(major, major.sum(axis=1), major.sum(axis=0), divide)


def _matthews(major, t, p, divide):
    """:func:`matthews_from_cells` of class-major matrices (k, k, ...) (see
    :func:`_class_major`) whose row and column sums are ``t`` and ``p``."""
    s = major.sum(axis=(0, 1))
    c = np.trace(major)
    s2 = s * s
    cov_tp = c * s - _class_dot(t, p)
    cov_pp = s2 - _class_dot(p, p)
    cov_tt = s2 - _class_dot(t, t)
    return divide(cov_tp, np.sqrt(cov_pp * cov_tt), "Matthews correlation coefficient")


class CellScores:
    """F1, MCC and balanced accuracy of a stack of confusion matrices (m, k, k).

    Each score is computed on first use; 0/0 gives NaN silently (the rule of
    bootstrap and jackknife replicates).

    Parameters
    ----------
    cells : array-like of shape (m, k, k)
        Confusion matrices, rows = true class; binary ones are (m, 2, 2) with the
        positive class last.

    Notes
    -----
    The formulas of :class:`CountRates` (F1), :func:`matthews_from_cells` (MCC)
    and :func:`class_mean` (the means over classes): the scalar metrics give the
    same values for each matrix (``f1_score(..., zero_division=np.nan)``,
    ``matthews_corrcoef``, ``balanced_accuracy_score``).
    """

    def __init__(self, cells):
        self.cells = np.asarray(cells, dtype=np.float64)
        # class-major (k, k, m): every count below is a vector over the matrices
        self._major = _class_major(self.cells)
        tp = np.diagonal(self._major, axis1=0, axis2=1).T
        true, pred = self._major.sum(axis=1), self._major.sum(axis=0)
        self._rates = CountRates(tp, true, pred)
        self.tp, self.true, self.pred = tp.T, true.T, pred.T

    @property
    def f1(self):
        """(m, k): the F1 score of each class, NaN where TP + FP + FN = 0."""
        return self._rates.fbeta.T

    @property
    def recall(self):
        """(m, k): the recall of each class, NaN where the class has no sample."""
        return self._rates.recall.T

    @functools.cached_property
    def macro_f1(self):
        """(m,): the mean F1 over the classes whose F1 is defined."""
        return class_mean(self.f1)

    @functools.cached_property
    def weighted_f1(self):
        """(m,): the mean F1 weighted by the classes' supports."""
        return class_mean(self.f1, self.true)

    @functools.cached_property
    def mcc(self):
        """(m,): the Matthews correlation coefficient (Gorodkin's for k > 2)."""
        return _matthews(self._major, self._rates.true, self._rates.pred, nan_divide)

    @functools.cached_property
    def balanced_accuracy(self):
        """(m,): the mean recall over the classes that have samples."""
        return class_mean(self.recall)
