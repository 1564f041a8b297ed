"""The metrics table of the standard report: one row of numbers per model.

Every number comes from :mod:`evalplots.metrics`; this module picks them, formats
them, and says why a value is undefined.
"""

import math
import warnings

import numpy as np

from evalplots import metrics
from evalplots.metrics._validation import as_1d, check_finite

__all__ = ["METRIC_COLUMNS", "evaluation_metrics", "fmt", "named_metrics", "undefined_note"]

METRIC_COLUMNS = ("ROC AUC", "AP", "BEP", "Accuracy", "Precision", "Recall", "F1")


def named_metrics(name, y_true, y_score, threshold, pos_label):
    """:func:`evaluation_metrics` whose warnings say which model they are about."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        row = evaluation_metrics(y_true, y_score, threshold=threshold, pos_label=pos_label)
    for w in caught:
        warnings.warn(f"{name}: {w.message}", w.category, stacklevel=2)
    return row


def evaluation_metrics(y_true, y_score, *, threshold=0.5, pos_label=1):
    """Threshold-free and thresholded metrics of one binary model.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels.
    y_score : array-like of shape (n_samples,)
        Scores of the positive class.
    threshold : float, default=0.5
        A sample is predicted positive when ``y_score >= threshold``.
    pos_label : int, float, bool or str, default=1
        The positive label.

    Returns
    -------
    metrics : dict
        ``"ROC AUC"``, ``"AP"`` (step-wise average precision), ``"BEP"``
        (break-even point), ``"Accuracy"``, ``"Precision"``, ``"Recall"``,
        ``"F1"`` (floats; Precision and F1 are NaN when nothing is predicted
        positive) and ``"tn"``, ``"fp"``, ``"fn"``, ``"tp"`` (ints).

    Raises
    ------
    ValueError
        As the metrics of :mod:`evalplots.metrics` (e.g. a non-finite score,
        lengths that differ).

    Notes
    -----
    Predicted labels are ``y_score >= threshold``; the ranking metrics (ROC
    AUC, AP, BEP) use the scores and ignore ``threshold``.

    Examples
    --------
    >>> m = evaluation_metrics([1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76])
    >>> round(m["ROC AUC"], 4), round(m["AP"], 4), round(m["BEP"], 4)
    (0.7778, 0.8667, 0.6667)
    >>> m["tp"], m["fp"], m["Accuracy"]
    (2, 2, 0.5)
    """
    y = (as_1d(y_true, "y_true") == pos_label).astype(np.int64)
    s = check_finite(as_1d(y_score, "y_score"), "y_score")
    pred = (s >= threshold).astype(np.int64)
    (tn, fp), (fn, tp) = metrics.confusion_matrix(y, pred, labels=[0, 1]).tolist()
    nan = math.nan
    return {
        "ROC AUC": metrics.roc_auc_score(y, s),
        "AP": metrics.average_precision_score(y, s),
        "BEP": metrics.break_even_point(y, s),
        "Accuracy": metrics.accuracy_score(y, pred),
        "Precision": metrics.precision_score(y, pred, zero_division=nan),
        "Recall": metrics.recall_score(y, pred, zero_division=nan),
        "F1": metrics.f1_score(y, pred, zero_division=nan),
        "tn": int(tn), "fp": int(fp), "fn": int(fn), "tp": int(tp),
    }


def fmt(value):
    return "n/a" if isinstance(value, float) and math.isnan(value) else f"{value:.4f}"


# Why a metric of the table can be undefined ('n/a').
_UNDEFINED = {
    "BEP": "the sawtooth precision-recall curve never meets P = R (a group of "
           "tied top scores holds more samples than there are positives)",
    "Precision": "no sample is predicted positive at the threshold",
    "F1": "no sample is predicted positive at the threshold",
}


def undefined_note(table):
    """" 'n/a' for BEP: ...; for Precision, F1: ..." for the metrics shown as n/a."""
    reasons = {}
    for column in METRIC_COLUMNS:
        if any(fmt(m[column]) == "n/a" for m in table.values()):
            reason = _UNDEFINED.get(column, "undefined for these data")
            reasons.setdefault(reason, []).append(column)
    if not reasons:
        return ""
    parts = [f"for {', '.join(cols)}: {reason}" for reason, cols in reasons.items()]
    return f" 'n/a' (undefined) {'; '.join(parts)}."
