"""Logarithmic loss (cross-entropy) of predicted probabilities."""

import warnings

import numpy as np

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._labels import (
    check_labels,
    class_values,
    encode_labels,
    validated_labels,
)
from evalplots.metrics._validation import (
    check_bool,
    check_finite,
    check_sample_weight,
    check_weight_total,
    probability_argument,
)

__all__ = ["log_loss"]


def _check_prob(y_prob, n_samples):
    """Probabilities as float64: finite, in [0, 1], one row per sample."""
    arr = y_prob.to_numpy() if hasattr(y_prob, "to_numpy") else np.asarray(y_prob)
    if arr.ndim not in (1, 2):
        raise ValueError(
            f"y_prob must be of shape (n_samples,) or (n_samples, n_classes), got "
            f"shape {arr.shape}."
        )
    if arr.shape[0] != n_samples:
        raise ValueError(
            f"Inconsistent numbers of samples: y_true has {n_samples}, y_prob has "
            f"{arr.shape[0]}; pass one row of probabilities per sample."
        )
    tol = np.sqrt(np.finfo(arr.dtype).eps) if arr.dtype.kind == "f" else 1.5e-8
    if arr.dtype.kind not in "biuf":
        check_finite(arr.reshape(-1), "y_prob")  # raises: not numeric
    prob = arr.astype(np.float64, copy=False)
    lo, hi = (prob.min(), prob.max()) if prob.size else (0.0, 0.0)
    if not (lo >= 0 and hi <= 1):  # NaN fails both comparisons
        check_finite(prob.reshape(-1), "y_prob")  # raises on NaN/inf first
        raise ValueError(
            f"y_prob holds values outside [0, 1] (min {lo}, max {hi}); pass "
            f"probabilities, e.g. apply a softmax/sigmoid to raw scores first."
        )
    return prob, tol


#: Row-sum tolerance of probabilities read from files: rounding each of k entries to
#: d decimals moves the sum by at most k * 0.5e-d, i.e. <= 1e-4 for 6 decimals and
#: up to 200 classes.
ROUNDED_PROBA_TOL = 1e-4


def is_probability_matrix(prob, tol=ROUNDED_PROBA_TOL):
    """True when ``prob`` (2-D, float) is in [0, 1] with rows summing to 1 within ``tol``.

    The default tolerance accepts probabilities written with 6 decimals (see
    :data:`ROUNDED_PROBA_TOL`); nothing is renormalised.
    """
    prob = np.asarray(prob)
    if prob.ndim != 2 or prob.dtype.kind != "f" or not prob.size:
        return False
    if not (prob.min() >= 0 and prob.max() <= 1):
        return False
    return bool(np.abs(np.einsum("ij->i", prob) - 1.0).max() <= tol)


def _check_rows_sum_to_one(prob, tol):
    sums = np.einsum("ij->i", prob)  # ~3x faster than prob.sum(axis=1)
    deviation = np.abs(sums - 1.0)
    if not deviation.max() <= tol:  # NaN fails too; the details only on failure
        bad = np.flatnonzero(~(deviation <= tol))
        raise ValueError(
            f"The rows of y_prob must sum to 1 (tolerance {tol:.1e}); {bad.size} do "
            f"not, first row {bad[0]} sums to {sums[bad[0]]!r}. Pass normalised "
            f"probabilities (nothing is renormalised here)."
        )


def _binary_true_class_prob(y_true, prob, labels):
    """1-D ``prob`` = P(second class): the probability of each sample's true class."""
    y = validated_labels(y_true)["y_true"]
    classes = class_values(y) if labels is None else check_labels(labels)
    if classes.shape[0] != 2:
        raise ValueError(
            f"A 1-D y_prob is the probability of the positive class of a binary "
            f"problem, but {'labels has' if labels is not None else 'y_true holds'} "
            f"{classes.shape[0]} class(es) {classes.tolist()[:6]}; pass "
            f"labels=[negative, positive] (or an (n_samples, n_classes) y_prob)."
        )
    negative = y != classes[1]
    if labels is not None and (
        (y.dtype.kind in "USO") != (classes.dtype.kind in "USO")
        or (negative & (y != classes[0])).any()
    ):
        encode_labels(y, labels=classes)  # raises, naming the type or unlisted values
    # |1 - p| for a negative, |0 - p| = p for a positive: no branch per sample
    p_true = np.subtract(negative, prob)
    return np.abs(p_true, out=p_true)


def _true_class_prob(y_true, prob, labels):
    """Probability given to the true class of each sample (single-label input)."""
    if prob.ndim == 1:
        return _binary_true_class_prob(y_true, prob, labels)
    codes = proba_column_codes(y_true, prob, labels)
    flat_index = np.arange(0, prob.size, prob.shape[1]) + codes  # row start + column
    return np.ascontiguousarray(prob).ravel()[flat_index]


def proba_column_codes(y_true, prob, labels):
    """Column of each sample's true class in a 2-D ``prob`` (one column per class).

    ``labels`` lists the class of each column (None: the sorted values of
    ``y_true``); raises if the number of columns is not the number of classes.
    """
    classes, (codes,) = encode_labels(y_true, labels=labels)
    k = classes.shape[0]
    if prob.shape[1] != k:
        raise ValueError(
            f"y_prob has {prob.shape[1]} columns but there are {k} classes "
            f"{classes.tolist()[:6]}; pass labels= listing the class of each column."
        )
    return codes


def _multilabel_true_prob(y_true, prob):
    """Probability given to each true 0/1 entry of an indicator ``y_true``."""
    if prob.shape != y_true.shape:
        raise ValueError(
            f"For a multi-label indicator y_true of shape {y_true.shape}, y_prob must "
            f"have the same shape, got {prob.shape}."
        )
    if not np.isin(y_true, (0, 1)).all():
        raise ValueError("A 2-D y_true must be a 0/1 indicator matrix (multi-label).")
    return np.where(y_true == 1, prob, 1.0 - prob)


def log_loss(y_true, y_prob=None, *, normalize=True, labels=None, sample_weight=None,
             eps=None, y_proba=None):
    """Log loss (cross-entropy): the mean negative log-probability of the true class.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        True labels (numbers, bools or strings); or a 0/1 multi-label indicator
        matrix, then ``y_prob`` has the same shape.
    y_prob : array-like of shape (n_samples,) or (n_samples, n_classes)
        Predicted probabilities in [0, 1]. 1-D: the probability of the positive
        class ``labels[1]`` (the greater of the two labels) of a binary problem.
        2-D: one column per class in the order of ``labels``; each row must sum to
        1 within √ε of its float type (1.5e-8 for float64, 3.5e-4 for float32).
    normalize : bool, default=True
        True: the (weighted) mean loss per sample. False: the (weighted) sum of
        the per-sample losses, in nats (scikit-learn's ``normalize``).
    labels : array-like of shape (n_classes,), default=None
        The classes of the columns of ``y_prob``. None: the sorted values in
        ``y_true``; pass it when some class never occurs in ``y_true``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample.
    eps : float or None, default=None
        None: nothing is clipped; a probability of exactly 0 for a true class
        makes the loss ``inf`` (with an UndefinedMetricWarning). A float in
        (0, 0.5): probabilities are first clipped to ``[eps, 1 - eps]``.
    y_proba : array-like, default=None
        The same as ``y_prob``, under scikit-learn >= 1.7's keyword name; pass
        exactly one of the two.

    Returns
    -------
    loss : float
        In nats (per sample with ``normalize=True``, summed otherwise); 0 for
        perfect confident predictions.

    Raises
    ------
    ValueError
        If the shapes or lengths disagree; if ``y_prob`` holds NaN/inf or values
        outside [0, 1], or a row not summing to 1; if the number of columns is not
        the number of classes; if a 1-D ``y_prob`` meets other than two classes;
        if a value of ``y_true`` is missing from ``labels``; if ``eps`` or
        ``normalize`` is invalid; if ``normalize=True`` and ``sample_weight`` sums to 0;
        if both or neither of ``y_prob`` and ``y_proba`` are given.

    Notes
    -----
    :math:`L = -\\sum_s w_s \\log p_{s, y_s} / \\sum_s w_s` (without the division
    by :math:`\\sum_s w_s` when ``normalize=False``); binary:
    :math:`-[y\\log p + (1-y)\\log(1-p)]` (Thakur, *Approaching (Almost) Any
    Machine Learning Problem*, ch. "Evaluation metrics", log loss). Multi-label:
    the mean over the columns of the binary log loss of each column, as Thakur
    describes. scikit-learn silently clips to machine epsilon (a prediction of 0
    for the true class gives ≈ 36.04 instead of inf); here clipping happens only
    with an explicit ``eps``.

    Examples
    --------
    >>> from evalplots.metrics import log_loss
    >>> round(log_loss([2, 2], [[.2, .3, .5], [.1, .1, .8]], labels=[0, 1, 2]), 6)
    0.458145
    >>> round(log_loss([1, 0], [0.9, 0.2]), 6)
    0.164252
    >>> round(log_loss([1, 0], [0.9, 0.2], normalize=False), 6)  # the sum
    0.328504
    """
    y_prob = probability_argument(y_prob, y_proba)
    return _log_loss(y_true, y_prob, normalize=normalize, labels=labels,
                     sample_weight=sample_weight, eps=eps)


#: how a caller of :func:`log_loss` gets a finite loss from 0 probabilities
EPS_HINT = "pass eps= to clip them if you want a finite number"


def warn_infinite_log_loss(n_zero, finite_hint, *, stacklevel):
    """The warning that log loss is infinite: ``n_zero`` true-class probabilities
    are 0; ``finite_hint`` is the advice, in the terms of the caller."""
    warnings.warn(f"log loss is infinite: {n_zero} true-class probabilities are "
                  f"exactly 0; {finite_hint}.", UndefinedMetricWarning, stacklevel=stacklevel)


def _log_loss(y_true, y_prob, *, normalize=True, labels=None, sample_weight=None,
              eps=None, row_tol=None, finite_hint=EPS_HINT):
    """:func:`log_loss`; ``row_tol`` overrides the row-sum tolerance (√ε), and
    ``finite_hint`` is the advice of the infinite-loss warning, in the terms of the
    caller (an evaluation has no ``eps``)."""
    check_bool(normalize, "normalize")
    if eps is not None and not (np.isscalar(eps) and 0 < eps < 0.5):
        raise ValueError(f"eps must be None or a number in (0, 0.5), got {eps!r}.")
    y_arr = y_true.to_numpy() if hasattr(y_true, "to_numpy") else np.asarray(y_true)
    n = y_arr.shape[0] if y_arr.ndim else 0
    prob, tol = _check_prob(y_prob, n)
    tol = tol if row_tol is None else row_tol
    w = check_sample_weight(sample_weight, n)
    if y_arr.ndim == 2:
        p_true = _multilabel_true_prob(y_arr, prob)
    else:
        if prob.ndim == 2:
            _check_rows_sum_to_one(prob, tol)
        p_true = _true_class_prob(y_true, prob, labels)
    if eps is not None:
        p_true = np.clip(p_true, eps, 1.0 - eps)
    elif (p_true == 0).any():
        warn_infinite_log_loss(int((p_true == 0).sum()), finite_hint, stacklevel=4)
    with np.errstate(divide="ignore"):
        log_p = np.log(p_true, out=p_true)  # p_true is always a fresh array here
    if log_p.ndim == 2:
        log_p = log_p.mean(axis=1)
    if not normalize:
        return 0.0 - float(log_p.sum() if w is None else np.dot(log_p, w))
    check_weight_total(w)
    # 0.0 - x, not -x: a perfect prediction gives 0.0, never -0.0
    return 0.0 - float(np.average(log_p, weights=w))
