"""Scores of a fitted binary classifier, for the Displays' ``from_estimator``.

Duck-typed on the scikit-learn estimator API (``classes_``, ``predict_proba``,
``decision_function``), so that no scikit-learn import is needed: any object with
these attributes works, a scikit-learn Pipeline included.
"""

import numpy as np

from evalplots.display._base import check_option

__all__ = ["RESPONSE_METHODS", "binary_estimator_scores", "estimator_name"]

#: what ``response_method`` may be
RESPONSE_METHODS = ("auto", "predict_proba", "decision_function")


def estimator_name(estimator, name):
    """The legend name: ``name`` if given, else the estimator's class name."""
    return type(estimator).__name__ if name is None else name


def binary_estimator_scores(estimator, X, *, response_method="auto", pos_label=None):
    """Positive-class scores of a fitted binary classifier, and the positive label.

    ``response_method='auto'`` uses ``predict_proba`` when the estimator has it,
    else ``decision_function``. ``pos_label=None`` means ``estimator.classes_[1]``
    (scikit-learn's rule). The probability column of ``pos_label`` is returned;
    a decision function scores ``classes_[1]``, so it is negated when
    ``pos_label`` is ``classes_[0]``.

    Returns
    -------
    y_score : ndarray of shape (n_samples,)
    pos_label : the positive class (an element of ``estimator.classes_``)

    Raises
    ------
    ValueError
        If the estimator has no ``classes_`` (not a fitted classifier), does not
        have exactly two classes, lacks the requested method, or ``pos_label`` is
        not one of its classes.
    """
    check_option(response_method, RESPONSE_METHODS, "response_method")
    classes = getattr(estimator, "classes_", None)
    if classes is None:
        raise ValueError(
            f"estimator {type(estimator).__name__} has no classes_ attribute: pass a "
            f"fitted binary classifier (call estimator.fit(X, y) first)."
        )
    classes = np.asarray(classes).tolist()
    if np.ndim(classes) != 1 or len(classes) != 2:
        raise ValueError(
            f"estimator must be a binary classifier, but its classes_ are {classes}; "
            f"use from_predictions with the scores of one class."
        )
    if pos_label is None:
        pos_label = classes[1]
    elif pos_label not in classes:
        raise ValueError(
            f"pos_label={pos_label!r} is not a class of the estimator; pass one of "
            f"{classes}."
        )
    methods = (
        ("predict_proba", "decision_function")
        if response_method == "auto"
        else (response_method,)
    )
    for method in methods:
        if hasattr(estimator, method):
            response = np.asarray(getattr(estimator, method)(X), dtype=float)
            break
    else:
        raise ValueError(
            f"estimator {type(estimator).__name__} has no {' or '.join(methods)} "
            f"method; choose another response_method."
        )
    if method == "predict_proba":
        return response[:, classes.index(pos_label)], pos_label
    response = response.reshape(-1)
    return (response if pos_label == classes[1] else -response), pos_label
