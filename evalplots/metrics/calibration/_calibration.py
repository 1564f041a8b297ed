"""Calibration of predicted probabilities: reliability curve, ECE/MCE and Brier score.

A model is calibrated when, among the samples it gives probability p, a fraction p
is positive. :func:`calibration_curve` bins the predicted probabilities and compares
each bin's mean prediction with its observed frequency (the reliability diagram);
:func:`expected_calibration_error` summarises the gaps; :func:`brier_score_loss` is
the mean squared error of the probabilities, a proper scoring rule.

Probabilities are checked, never repaired: a value outside [0, 1] (a raw score) or a
row of a probability matrix not summing to 1 raises ``ValueError``; nothing is
clipped or rescaled.
"""

from collections import namedtuple

import numpy as np

from evalplots.metrics._labels import binary_positive_mask
from evalplots.metrics.classification._logloss import (
    ROUNDED_PROBA_TOL,
    _check_prob,
    _check_rows_sum_to_one,
    proba_column_codes,
)
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_positive_int,
    check_sample_weight,
    check_weight_total,
    probability_argument,
)

__all__ = [
    "CalibrationBins",
    "CalibrationCurveCI",
    "brier_skill_score",
    "calibration_curve_ci",
    "binary_bins",
    "brier_score_loss",
    "calibration_curve",
    "calibration_error",
    "expected_calibration_error",
    "reliability_bins",
]

STRATEGIES = ("uniform", "quantile")
NORMS = ("l1", "max")

#: The non-empty bins of a reliability diagram, in increasing probability:
#: ``prob_true`` (observed frequency), ``prob_pred`` (mean probability), ``counts``
#: (samples, or weight sum, per bin) and ``bin_bounds`` (n_bins, 2): each bin's
#: [lower, upper] edge.
CalibrationBins = namedtuple(
    "CalibrationBins", ["prob_true", "prob_pred", "counts", "bin_bounds"]
)


def _check_choice(value, allowed, argname):
    if not isinstance(value, str) or value not in allowed:
        shown = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"{argname} must be one of {shown}; got {value!r}.")
    return value


def _bin_edges(prob, n_bins, strategy):
    """Edges of the bins: n_bins + 1 values, fewer for tied quantiles."""
    if strategy == "uniform":
        return np.linspace(0.0, 1.0, n_bins + 1)
    # the same expression as scikit-learn, so the edges are bit-identical
    edges = np.percentile(prob, np.linspace(0, 1, n_bins + 1) * 100)
    # tied probabilities give repeated edges: keep each once (a repeated edge only
    # delimits an empty bin)
    return np.concatenate([edges[:1], np.unique(edges[1:-1]), edges[-1:]])


#: Up to this many inner edges, bin numbers are counted by comparisons.
_COMPARED_EDGES = 31


def _bin_ids(inner, prob):
    """``np.searchsorted(inner, prob)`` (side 'left', as scikit-learn): the number
    of inner edges below each probability, so one equal to an edge falls in the
    bin below it.

    Up to :data:`_COMPARED_EDGES` edges it is counted edge by edge, one byte per
    probability: the same integers, several times faster than a binary search of
    unsorted values (10 bins, 10^6 probabilities: 8 ms instead of 40 ms).
    """
    if inner.size > _COMPARED_EDGES:
        return np.searchsorted(inner, prob)
    ids = np.zeros(prob.shape, dtype=np.uint8)
    for edge in inner:
        np.add(ids, prob > edge, out=ids, casting="unsafe")
    return ids


def reliability_bins(hit, prob, *, n_bins=10, strategy="uniform", sample_weight=None):
    """The non-empty bins (those of positive total weight) of validated probabilities
    ``prob`` in [0, 1] and the outcome ``hit`` (bool) each predicts, as
    :class:`CalibrationBins`; the options are those of :func:`calibration_curve`
    (``sample_weight``: validated, with ``strategy='uniform'`` only).
    """
    n_bins = check_positive_int(n_bins, "n_bins")
    _check_choice(strategy, STRATEGIES, "strategy")
    if sample_weight is not None and strategy == "quantile":
        raise ValueError(
            "sample_weight is supported with strategy='uniform' only: weighted "
            "quantile edges have no single standard definition; pass "
            "strategy='uniform', or repeat samples instead of weighting them."
        )
    check_weight_total(sample_weight)
    edges = _bin_edges(prob, n_bins, strategy)
    # searchsorted side='left' on the inner edges, as scikit-learn: a probability
    # equal to an inner edge falls in the bin below it; 0 in the first, 1 in the last
    ids = _bin_ids(edges[1:-1], prob)
    k = edges.shape[0] - 1
    w = sample_weight
    total = np.bincount(ids, weights=w, minlength=k)
    pred_sum = np.bincount(ids, weights=prob if w is None else prob * w, minlength=k)
    # unweighted: the count of hits, as float (the sum of 1.0s it replaces, exactly)
    true_sum = (np.bincount(ids[hit], minlength=k).astype(np.float64) if w is None
                else np.bincount(ids, weights=hit * w, minlength=k))
    kept = total > 0
    counts = total[kept]
    return CalibrationBins(
        prob_true=true_sum[kept] / counts,
        prob_pred=pred_sum[kept] / counts,
        counts=counts,
        bin_bounds=np.column_stack([edges[:-1][kept], edges[1:][kept]]),
    )


def calibration_error(prob_true, prob_pred, counts, *, norm="l1"):
    """ECE (``norm='l1'``: the count-weighted mean gap) or MCE (``norm='max'``: the
    largest gap) of the non-empty bins of a reliability curve (:func:`calibration_curve`)."""
    _check_choice(norm, NORMS, "norm")
    gap = np.abs(np.asarray(prob_true) - np.asarray(prob_pred))
    if norm == "max":
        return float(gap.max())
    return float(np.average(gap, weights=counts))


def binary_bins(y_true, y_prob, *, n_bins, strategy, pos_label, sample_weight):
    """Validate binary labels and 1-D probabilities, then bin them."""
    y = as_1d(y_true, "y_true")
    if np.ndim(y_prob) == 2:
        raise ValueError(
            f"y_prob must be 1-D, the probability of the positive class, got shape "
            f"{np.shape(y_prob)}; pass that column, e.g. y_prob[:, 1] (the top-label "
            f"calibration of a multi-class model: expected_calibration_error)."
        )
    prob = as_1d(y_prob, "y_prob")
    check_consistent_length(y_true=y, y_prob=prob)
    prob, _ = _check_prob(prob, prob.shape[0])
    positive = binary_positive_mask(y, pos_label)
    w = check_sample_weight(sample_weight, y.shape[0])
    return reliability_bins(
        positive, prob, n_bins=n_bins, strategy=strategy, sample_weight=w
    )


def calibration_curve(
    y_true, y_prob, *, n_bins=10, strategy="uniform", pos_label=None, sample_weight=None
):
    """Reliability curve: observed frequency of positives against mean probability.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. With labels other than {0, 1}, {-1, 1} or
        {False, True}, ``pos_label`` must be given.
    y_prob : array-like of shape (n_samples,)
        Predicted probability of the positive class, in [0, 1] (unitless).
    n_bins : int, default=10
        Number of bins (>= 1). Empty bins are dropped, so fewer may be returned.
        (scikit-learn's default is 5.)
    strategy : {'uniform', 'quantile'}, default='uniform'
        'uniform': ``n_bins`` bins of width 1/n_bins on [0, 1]. 'quantile': edges
        at the 0, 1/n_bins, ..., 1 quantiles of ``y_prob`` (linear interpolation,
        ``numpy.percentile``), so bins hold about the same number of samples;
        repeated edges (tied probabilities) are kept once.
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for the label sets
        above.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights; ``strategy='uniform'`` only.

    Returns
    -------
    prob_true : ndarray of shape (n_nonempty_bins,)
        Fraction (weighted) of positives in each non-empty bin, in increasing bin
        order.
    prob_pred : ndarray of shape (n_nonempty_bins,)
        Mean (weighted) predicted probability in each non-empty bin.
    counts : ndarray of shape (n_nonempty_bins,)
        Number of samples in each bin (int64); with ``sample_weight``, the sum of
        the weights (float64). Every entry is > 0.

    Raises
    ------
    ValueError
        If ``y_prob`` holds values outside [0, 1] (scores, not probabilities:
        apply a sigmoid or calibrate first; nothing is rescaled), NaN or inf, or
        is not 1-D; if the lengths differ; if ``y_true`` has more than two classes
        or ``pos_label`` is needed; if ``n_bins`` < 1 or ``strategy`` is unknown;
        if ``sample_weight`` is given with ``strategy='quantile'`` or sums to 0.

    Notes
    -----
    Bin j holds the samples with e_j < p <= e_{j+1}, the first bin also p = e_0:
    a probability exactly on an inner edge falls in the lower bin, 0 in the first
    bin and 1 in the last — scikit-learn's rule (``np.searchsorted`` of the inner
    edges, side 'left'), with the same edges, so ``prob_true`` and ``prob_pred``
    equal ``sklearn.calibration.calibration_curve``'s. Uniform edges are
    ``np.linspace(0, 1, n_bins + 1)``, whose floating-point values decide ties
    (0.3 lies just below the edge 0.30000000000000004, so it falls in the bin
    (0.2, 0.3]). For each non-empty bin B: prob_true = Σ_{i∈B} w_i y_i / Σ_{i∈B}
    w_i and prob_pred = Σ_{i∈B} w_i p_i / Σ_{i∈B} w_i (w_i = 1 unweighted). The
    plot of prob_true against prob_pred is the reliability diagram (DeGroot &
    Fienberg 1983; Niculescu-Mizil & Caruana, "Predicting good probabilities with
    supervised learning", ICML 2005, §4); a calibrated model lies on the diagonal.

    Examples
    --------
    >>> from evalplots.metrics import calibration_curve
    >>> y_true = [0, 0, 0, 0, 1, 1, 1, 1, 1]
    >>> y_prob = [0.1, 0.2, 0.3, 0.4, 0.65, 0.7, 0.8, 0.9, 1.0]
    >>> prob_true, prob_pred, counts = calibration_curve(y_true, y_prob, n_bins=3)
    >>> prob_true, prob_pred, counts
    (array([0. , 0.5, 1. ]), array([0.2  , 0.525, 0.85 ]), array([3, 2, 4]))
    """
    bins = binary_bins(
        y_true, y_prob, n_bins=n_bins, strategy=strategy, pos_label=pos_label,
        sample_weight=sample_weight,
    )
    return bins.prob_true, bins.prob_pred, bins.counts


def expected_calibration_error(
    y_true,
    y_prob,
    *,
    n_bins=10,
    strategy="uniform",
    norm="l1",
    pos_label=None,
    labels=None,
    sample_weight=None,
):
    """Expected (or maximum) calibration error: the binned |accuracy − confidence|.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: binary for a 1-D ``y_prob``, any classes for a 2-D one.
    y_prob : array-like of shape (n_samples,) or (n_samples, n_classes)
        Probabilities in [0, 1]. 1-D: of the positive class (binary). 2-D: one
        column per class in the order of ``labels``, rows summing to 1 within
        1e-4 (probabilities written with 6 decimals pass); the top-label
        confidence is used.
    n_bins : int, default=10
        Number of bins (>= 1); empty bins do not count.
    strategy : {'uniform', 'quantile'}, default='uniform'
        Bins as in :func:`calibration_curve`, on the binned probability (1-D:
        ``y_prob``; 2-D: the top-label confidence).
    norm : {'l1', 'max'}, default='l1'
        'l1': the expected calibration error (ECE); 'max': the maximum
        calibration error (MCE).
    pos_label : int, float, bool or str, default=None
        1-D ``y_prob`` only: the label of the positive class; None means 1 (True)
        for labels {0, 1}, {-1, 1} or {False, True}.
    labels : array-like of shape (n_classes,), default=None
        2-D ``y_prob`` only: the classes of its columns; None means the sorted
        values of ``y_true``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights; ``strategy='uniform'`` only.

    Returns
    -------
    error : float
        In [0, 1]; 0 when every non-empty bin's observed frequency equals its mean
        probability.

    Raises
    ------
    ValueError
        As :func:`calibration_curve`; also if ``norm`` is unknown, a 2-D
        ``y_prob`` has rows not summing to 1 or not one column per class, or
        ``pos_label`` is given with a 2-D (``labels`` with a 1-D) ``y_prob``.

    Notes
    -----
    With the non-empty bins B_1..B_M of n_b samples (N in all), accuracy acc(B) and
    confidence conf(B) (the bin means of the outcome and of the probability),

    ECE = Σ_b (n_b / N) |acc(B_b) − conf(B_b)|,  MCE = max_b |acc(B_b) − conf(B_b)|

    (Naeini, Cooper & Hauskrecht, "Obtaining well calibrated probabilities using
    Bayesian binning", AAAI 2015; Guo, Pleiss, Sun & Weinberger, "On calibration of
    modern neural networks", ICML 2017, §2); weights replace counts when given.
    1-D ``y_prob``: the outcome is "positive" and the confidence the positive-class
    probability, i.e. the gaps of :func:`calibration_curve` (binary). 2-D
    ``y_prob``: top-label calibration (Guo et al.): the confidence is the row
    maximum, the outcome "the top class is the true class" (ties: the first
    column). The two differ on a binary problem given as a 2-column matrix: there
    the confidence is max(p, 1 − p). With ``n_bins=1``, ECE = |mean(y) − mean(p)|.
    Binned ECE depends on ``n_bins`` and ``strategy``; compare models with the
    same binning.

    Examples
    --------
    >>> from evalplots.metrics import expected_calibration_error
    >>> y_true = [0, 0, 0, 0, 1, 1, 1, 1, 1]
    >>> y_prob = [0.1, 0.2, 0.3, 0.4, 0.65, 0.7, 0.8, 0.9, 1.0]
    >>> round(expected_calibration_error(y_true, y_prob, n_bins=3), 6)
    0.138889
    >>> round(expected_calibration_error(y_true, y_prob, n_bins=3, norm="max"), 6)
    0.2

    Top-label ECE of three classes, one bin: |accuracy − mean confidence| =
    |2/3 − 1.9/3|:

    >>> proba = [[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]]
    >>> round(expected_calibration_error([0, 1, 0], proba, n_bins=1,
    ...                                  labels=[0, 1, 2]), 6)
    0.033333
    """
    _check_choice(norm, NORMS, "norm")
    arr = y_prob.to_numpy() if hasattr(y_prob, "to_numpy") else np.asarray(y_prob)
    if arr.ndim == 2:
        if pos_label is not None:
            raise ValueError(
                "pos_label applies to a 1-D y_prob (binary); a 2-D y_prob gives "
                "top-label calibration: pass labels= for the column classes instead."
            )
        y = as_1d(y_true, "y_true")
        prob, _ = _check_prob(arr, y.shape[0])
        _check_rows_sum_to_one(prob, ROUNDED_PROBA_TOL)
        codes = proba_column_codes(y, prob, labels)
        top = np.argmax(prob, axis=1)
        confidence = prob[np.arange(prob.shape[0]), top]
        w = check_sample_weight(sample_weight, y.shape[0])
        bins = reliability_bins(
            top == codes, confidence, n_bins=n_bins, strategy=strategy,
            sample_weight=w,
        )
    else:
        _refuse_labels_with_1d(labels)
        bins = binary_bins(
            y_true, arr, n_bins=n_bins, strategy=strategy, pos_label=pos_label,
            sample_weight=sample_weight,
        )
    return calibration_error(bins.prob_true, bins.prob_pred, bins.counts, norm=norm)


def _refuse_labels_with_1d(labels):
    if labels is not None:
        raise ValueError(
            "labels applies to a 2-D y_prob (one column per class); with a 1-D "
            "y_prob (the positive-class probability) pass pos_label instead."
        )


def brier_score_loss(
    y_true,
    y_prob=None,
    *,
    sample_weight=None,
    pos_label=None,
    labels=None,
    scale_by_half="auto",
    y_proba=None,
):
    """Brier score: mean squared difference between probabilities and outcomes.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: binary for a 1-D ``y_prob``, any classes for a 2-D one.
    y_prob : array-like of shape (n_samples,) or (n_samples, n_classes)
        Probabilities in [0, 1]. 1-D: of the positive class. 2-D: one column per
        class in the order of ``labels``, each row summing to 1 within 1e-4
        (probabilities written with 6 decimals pass; nothing is renormalised).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    pos_label : int, float, bool or str, default=None
        1-D ``y_prob`` only: the label of the positive class; None means 1 (True)
        for labels {0, 1}, {-1, 1} or {False, True}, and an error otherwise.
    labels : array-like of shape (n_classes,), default=None
        2-D ``y_prob`` only: the classes of its columns; None means the sorted
        values of ``y_true`` (pass it when a class is absent from ``y_true``).
    scale_by_half : bool or 'auto', default='auto'
        Whether to halve the sum over classes. 'auto': halve for a 1-D ``y_prob``
        or 2 columns (the binary Brier score, in [0, 1]), not for 3 or more
        columns (in [0, 2]) — scikit-learn's rule.
    y_proba : array-like, default=None
        The same as ``y_prob``, under scikit-learn >= 1.7's keyword name; pass
        exactly one of the two.

    Returns
    -------
    loss : float
        In squared probability units: [0, 1] for binary input (the default
        scaling), [0, 2] for multi-class; 0 for perfect confident predictions.

    Raises
    ------
    ValueError
        If ``y_prob`` holds values outside [0, 1], NaN or inf, or (2-D) rows not
        summing to 1 or not one column per class; if lengths differ; if a 1-D
        ``y_prob`` meets other than two classes or an ambiguous positive class;
        if ``pos_label`` is given with a 2-D (``labels`` with a 1-D) ``y_prob``;
        if ``scale_by_half`` is not a bool or 'auto'; if the weights sum to 0; if
        both or neither of ``y_prob`` and ``y_proba`` are given.

    Notes
    -----
    With o_{ic} = 1 if sample i is of class c, else 0, and weights w_i (1 by
    default), the Brier score (Brier, "Verification of forecasts expressed in terms
    of probability", Monthly Weather Review 78, 1950) is

    BS = Σ_i w_i Σ_c (p_{ic} − o_{ic})² / Σ_i w_i,

    in [0, 2]; halved when ``scale_by_half``. For a binary problem the two classes
    contribute equally, so the halved score is the familiar
    BS = Σ_i w_i (p_i − y_i)² / Σ_i w_i with p_i the positive-class probability and
    y_i in {0, 1}. This is ``sklearn.metrics.brier_score_loss`` (scikit-learn
    1.7+, both cases), except that numeric labels other than {0, 1}/{-1, 1} need an
    explicit ``pos_label`` (scikit-learn takes the greater label) and that rows of
    a 2-D ``y_prob`` not summing to 1 raise (scikit-learn warns). It decomposes as
    reliability − resolution + uncertainty (Murphy 1973).

    Examples
    --------
    >>> from evalplots.metrics import brier_score_loss
    >>> round(brier_score_loss([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]), 6)
    0.0375
    >>> proba = [[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]]
    >>> round(brier_score_loss([0, 1, 0], proba, labels=[0, 1, 2]), 6)
    0.313333
    """
    if not (isinstance(scale_by_half, (bool, np.bool_)) or scale_by_half == "auto"):
        raise ValueError(
            f"scale_by_half must be True, False or 'auto', got {scale_by_half!r}."
        )
    y_prob = probability_argument(y_prob, y_proba)
    arr = y_prob.to_numpy() if hasattr(y_prob, "to_numpy") else np.asarray(y_prob)
    y = as_1d(y_true, "y_true")
    prob, _ = _check_prob(arr, y.shape[0])
    w = check_sample_weight(sample_weight, y.shape[0])
    if prob.ndim == 1:
        _refuse_labels_with_1d(labels)
        outcome = binary_positive_mask(y, pos_label)
        per_sample = 2.0 * np.square(prob - outcome)  # both classes: (p-y)² + (y-p)²
        n_columns = 2
    else:
        if pos_label is not None:
            raise ValueError(
                "pos_label applies to a 1-D y_prob (binary); with a 2-D y_prob pass "
                "labels= for the classes of its columns."
            )
        _check_rows_sum_to_one(prob, ROUNDED_PROBA_TOL)
        codes = proba_column_codes(y, prob, labels)
        diff = prob.copy()
        diff[np.arange(prob.shape[0]), codes] -= 1.0
        per_sample = np.einsum("ij,ij->i", diff, diff)
        n_columns = prob.shape[1]
    check_weight_total(w)
    score = float(np.average(per_sample, weights=w))
    if scale_by_half == "auto":
        scale_by_half = n_columns < 3
    return 0.5 * score if scale_by_half else score


def brier_skill_score(y_true, y_prob, *, sample_weight=None, pos_label=None):
    """Brier skill score: the Brier score's improvement on predicting the prevalence.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. With labels other than {0, 1}, {-1, 1} or
        {False, True}, ``pos_label`` must be given.
    y_prob : array-like of shape (n_samples,)
        Predicted probability of the positive class, in [0, 1].
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for the label sets
        above.

    Returns
    -------
    score : float
        At most 1 (perfect predictions); 0 for predictions no better than the
        prevalence; negative when worse.

    Raises
    ------
    ValueError
        As :func:`brier_score_loss` (binary, 1-D ``y_prob``); also if ``y_true``
        (counting weight) holds one class only, so that the reference score is 0.

    Notes
    -----
    BSS = 1 − BS / BS_ref, where BS is :func:`brier_score_loss` and BS_ref =
    π̄ (1 − π̄) the Brier score of the constant prediction π̄, the (weighted)
    prevalence of the sample (Murphy, "A new vector partition of the
    probability score", *J. Appl. Meteor.* 12, 1973; Wilks, *Statistical
    Methods in the Atmospheric Sciences*, 4th ed., 2019, §9.4.2). It is the
    "scaled Brier score" of Steyerberg et al. (*Epidemiology* 21:128-138, 2010).
    The reference is estimated on the same sample, so BSS compares with the
    best constant forecast in hindsight.

    Examples
    --------
    >>> from evalplots.metrics import brier_skill_score
    >>> round(brier_skill_score([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]), 6)
    0.85
    """
    if np.ndim(y_prob) == 2:
        raise ValueError(
            f"y_prob must be 1-D, the probability of the positive class, got shape "
            f"{np.shape(y_prob)}; pass that column, e.g. y_prob[:, 1]."
        )
    score = brier_score_loss(y_true, y_prob, sample_weight=sample_weight, pos_label=pos_label)
    y = as_1d(y_true, "y_true")
    positive = binary_positive_mask(y, pos_label)
    w = check_sample_weight(sample_weight, y.shape[0])
    prevalence = float(np.average(positive, weights=w))
    reference = prevalence * (1.0 - prevalence)
    if reference == 0.0:
        raise ValueError(
            "y_true holds one class only (prevalence "
            f"{prevalence:g}), so the reference Brier score is 0 and the skill score "
            "is undefined; evaluate on data with both classes."
        )
    return 1.0 - score / reference


#: The non-empty bins of :func:`calibration_curve` with an interval of each
#: observed frequency: ``low`` and ``high`` (n_bins,) beside the curve's arrays.
CalibrationCurveCI = namedtuple(
    "CalibrationCurveCI", ["prob_true", "prob_pred", "counts", "low", "high"]
)


def calibration_curve_ci(
    y_true, y_prob, *, n_bins=10, strategy="uniform", pos_label=None, method="wilson",
    confidence_level=0.95,
):
    """Reliability curve with a binomial interval of the observed frequency in each bin.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. With labels other than {0, 1}, {-1, 1} or
        {False, True}, ``pos_label`` must be given.
    y_prob : array-like of shape (n_samples,)
        Predicted probability of the positive class, in [0, 1].
    n_bins : int, default=10
        Number of bins (>= 1); empty bins are dropped.
    strategy : {'uniform', 'quantile'}, default='uniform'
        The bins of :func:`calibration_curve`.
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for the label sets
        above.
    method : {'wilson', 'clopper-pearson'}, default='wilson'
        The interval of each bin's proportion of positives
        (:func:`proportion_ci`).
    confidence_level : float, default=0.95
        Nominal coverage of each (pointwise) interval, in (0, 1).

    Returns
    -------
    curve : CalibrationCurveCI
        ``prob_true``, ``prob_pred`` and ``counts`` as :func:`calibration_curve`
        returns them, and ``low``, ``high``: ndarray of shape
        (n_nonempty_bins,), the interval of each ``prob_true``.

    Raises
    ------
    ValueError
        As :func:`calibration_curve`; also if ``method`` is unknown or
        ``confidence_level`` is not in (0, 1).

    Notes
    -----
    In a bin of n samples of which k are positive, ``prob_true = k / n`` and the
    interval is that of :func:`proportion_ci` (Wilson's score interval by
    default: E. B. Wilson, *JASA* 22:209-212, 1927), as in the reliability
    diagrams of the TRIPOD explanation (Collins et al., *BMJ* 2024;385:e078378,
    calibration plots with per-group intervals). The intervals are pointwise:
    each covers its bin's frequency with the nominal probability, not all bins
    at once. Unweighted only: a binomial interval counts samples.

    Examples
    --------
    >>> from evalplots.metrics import calibration_curve_ci
    >>> curve = calibration_curve_ci([0, 0, 1, 1, 1, 0], [0.1, 0.2, 0.3, 0.7, 0.8, 0.9],
    ...                              n_bins=2)
    >>> curve.prob_true, curve.counts
    (array([0.33333333, 0.66666667]), array([3, 3]))
    >>> [round(float(v), 4) for v in curve.low]
    [0.0615, 0.2077]
    """
    from evalplots.metrics.inference._proportion import proportion_ci

    bins = binary_bins(y_true, y_prob, n_bins=n_bins, strategy=strategy,
                       pos_label=pos_label, sample_weight=None)
    # unweighted: counts are integers, and prob_true * counts recovers the whole
    # number of positives in the bin
    positives = np.rint(bins.prob_true * bins.counts)
    intervals = [proportion_ci(int(k), int(n), method=method, confidence_level=confidence_level)
                 for k, n in zip(positives, bins.counts)]
    return CalibrationCurveCI(
        bins.prob_true, bins.prob_pred, bins.counts,
        np.array([ci.low for ci in intervals]), np.array([ci.high for ci in intervals]),
    )
