"""Scores of a fitted binary classifier, duck-typed (no scikit-learn import).

``from_estimator`` of a Display calls :func:`binary_estimator_scores` and hands the
result to ``from_predictions``: the positive class is resolved with the label rules
of :mod:`evalplots.metrics._labels`, against ``estimator.classes_``.
"""

import numpy as np

from evalplots.display._base import check_option
from evalplots.metrics._labels import resolve_pos_label

__all__ = ["RESPONSE_METHODS", "binary_estimator_scores"]

RESPONSE_METHODS = ("auto", "predict_proba", "decision_function")


def binary_estimator_scores(estimator, X, *, response_method="auto", pos_label=None):
    """Return ``(y_score, pos_label)``: the positive-class score of each row of ``X``.

    'auto' uses ``predict_proba`` when the estimator has it, else
    ``decision_function``. A decision function scores ``classes_[1]``, so it is
    negated when ``pos_label`` is ``classes_[0]`` (scikit-learn does the same).

    Raises
    ------
    ValueError
        If ``response_method`` is not an option, the estimator lacks the method or
        ``classes_`` (not fitted), is not binary, or ``pos_label`` is ambiguous or
        not one of its classes.
    """
    check_option(response_method, RESPONSE_METHODS, "response_method")
    methods = (
        ("predict_proba", "decision_function")
        if response_method == "auto"
        else (response_method,)
    )
    kind = type(estimator).__name__
    method = next((m for m in methods if callable(getattr(estimator, m, None))), None)
    if method is None:
        raise ValueError(
            f"{kind} has no {' or '.join(methods)} method; pass a fitted classifier "
            f"that has one, or compute the scores and use from_predictions."
        )
    classes = getattr(estimator, "classes_", None)
    if classes is None:
        raise ValueError(
            f"{kind} has no classes_ attribute; fit it before calling from_estimator."
        )
    classes = np.asarray(classes)
    if classes.shape[0] != 2:
        raise ValueError(
            f"{kind} has {classes.shape[0]} classes {classes.tolist()}, but this "
            f"Display is binary; pass a binary classifier."
        )
    pos_label = resolve_pos_label(classes, pos_label, name="estimator.classes_")
    column = classes.tolist().index(pos_label)
    response = np.asarray(getattr(estimator, method)(X))
    if method == "predict_proba":
        return response[:, column], pos_label
    if response.ndim != 1:
        raise ValueError(
            f"{kind}.decision_function returned shape {response.shape}; a binary "
            f"classifier's decision function must be 1-D."
        )
    return (-response if column == 0 else response), pos_label
