"""Scores of a fitted binary classifier, for the Displays' ``from_estimator``.

Duck-typed on the scikit-learn estimator API (``classes_``, ``predict_proba``,
``decision_function``), so that no scikit-learn import is needed: any object with
these attributes works, a scikit-learn Pipeline included.
"""

import numpy as np

from evalplots.display._base import check_option

__all__ = [
    "ESTIMATOR_DATA_PARAMS",
    "ESTIMATOR_NOTES",
    "ESTIMATOR_OPTION_PARAMS",
    "ESTIMATOR_RAISES",
    "RESPONSE_METHODS",
    "binary_estimator_scores",
    "estimator_name",
    "plot_from_estimator",
]

#: what ``response_method`` may be
RESPONSE_METHODS = ("auto", "predict_proba", "decision_function")

#: ``estimator``, ``X``, ``y`` and ``sample_weight`` of every ``from_estimator``
ESTIMATOR_DATA_PARAMS = """estimator : object
        A fitted binary classifier: it has ``classes_`` (two classes) and
        ``predict_proba`` or ``decision_function`` (e.g. any scikit-learn
        classifier or Pipeline). scikit-learn itself is not needed.
    X : array-like of shape (n_samples, n_features)
        Input of the estimator.
    y : array-like of shape (n_samples,)
        True labels, with the estimator's classes.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights."""

#: the options of every binary ``from_estimator`` after its own ones
ESTIMATOR_OPTION_PARAMS = """response_method : {'auto', 'predict_proba', 'decision_function'}, default='auto'
        Which scores to use; 'auto' tries ``predict_proba`` first.
    pos_label : int, float, bool or str, default=None
        The positive class; None means ``estimator.classes_[1]``.
    name : str, default=None
        Legend name; None uses the estimator's class name.
    ax : matplotlib.axes.Axes, default=None
        Axes to draw on; None creates a new figure and axes.
    **plot_kwargs : dict
        Any option of :meth:`plot`."""

#: the Raises entry of every binary ``from_estimator``
ESTIMATOR_RAISES = """ValueError
        If the estimator is not a fitted binary classifier (no ``classes_``,
        or not two classes), lacks the requested ``response_method``, or
        ``pos_label`` is not one of its classes; or as
        :meth:`from_predictions`."""

#: the first sentence of the Notes of every binary ``from_estimator``
ESTIMATOR_NOTES = """The scores are the ``predict_proba`` column of ``pos_label`` or the
    ``decision_function`` (negated when ``pos_label`` is
    ``estimator.classes_[0]``), scikit-learn's rule
    (``sklearn.utils._response._get_response_values_binary``); then as
    :meth:`from_predictions`"""


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


def plot_from_estimator(cls, estimator, X, y, *, response_method, pos_label, name,
                        **from_predictions_kwargs):
    """``cls.from_predictions`` on the estimator's positive-class scores.

    The legend name defaults to the estimator's class name, and the positive
    label resolved from ``estimator.classes_`` is passed on.
    """
    y_score, pos_label = binary_estimator_scores(
        estimator, X, response_method=response_method, pos_label=pos_label
    )
    return cls.from_predictions(
        y, y_score, pos_label=pos_label, name=estimator_name(estimator, name),
        **from_predictions_kwargs,
    )
