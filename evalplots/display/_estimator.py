"""Scores of a fitted binary classifier, duck-typed (no scikit-learn import).

``from_estimator`` and ``from_cv_results`` of the curve Displays need the score of
the positive class: the ``predict_proba`` column of ``pos_label`` (found through
``estimator.classes_``), or ``decision_function`` (positive for ``classes_[1]``,
negated when ``pos_label`` is ``classes_[0]``) — scikit-learn's
``_get_response_values_binary`` rule, written against the estimator protocol only.
"""

import numpy as np

from evalplots.display._base import check_option

__all__ = ["RESPONSE_METHODS", "binary_response", "cv_folds", "estimator_name"]

RESPONSE_METHODS = ("auto", "predict_proba", "decision_function")


def estimator_name(estimator, name):
    """The legend name: ``name``, else the estimator's class name (scikit-learn's rule)."""
    return type(estimator).__name__ if name is None else name


def binary_response(estimator, X, *, response_method="auto", pos_label=None):
    """Return ``(y_score, pos_label)``: the positive-class score of each row of ``X``.

    Raises a ValueError when the estimator is not a fitted binary classifier
    (no ``classes_`` of two labels), lacks the response method asked for, or
    ``pos_label`` is not one of its classes.
    """
    check_option(response_method, RESPONSE_METHODS, "response_method")
    classes = getattr(estimator, "classes_", None)
    if classes is None:
        raise ValueError(
            f"{type(estimator).__name__} has no classes_: pass a fitted classifier "
            f"(call estimator.fit(X, y) first)."
        )
    classes = np.asarray(classes)
    if classes.size != 2:
        raise ValueError(
            f"The estimator has {classes.size} classes, {classes.tolist()}; this curve "
            f"needs a binary classifier (use from_predictions with a 2-D y_score for "
            f"one-vs-rest curves)."
        )
    if pos_label is None:
        pos_label = classes[1].item() if hasattr(classes[1], "item") else classes[1]
    elif pos_label not in classes.tolist():
        raise ValueError(
            f"pos_label={pos_label!r} is not a class of the estimator; its classes "
            f"are {classes.tolist()}."
        )
    methods = (
        ("predict_proba", "decision_function")
        if response_method == "auto"
        else (response_method,)
    )
    for method in methods:
        if hasattr(estimator, method):
            break
    else:
        raise ValueError(
            f"{type(estimator).__name__} has no {' or '.join(methods)}; pass "
            f"response_method= naming a method it has."
        )
    scores = np.asarray(getattr(estimator, method)(X), dtype=float)
    if method == "predict_proba":
        return scores[:, classes.tolist().index(pos_label)], pos_label
    scores = scores.ravel()
    return (-scores if pos_label == classes[0] else scores), pos_label


def cv_folds(cv_results, X, y, sample_weight):
    """Yield ``(estimator, X_test, y_test, sample_weight_test)`` of each CV fold.

    ``cv_results`` is the dict of scikit-learn's ``cross_validate(...,
    return_estimator=True, return_indices=True)``.
    """
    if not isinstance(cv_results, dict) or not {"estimator", "indices"} <= set(
        cv_results
    ):
        raise ValueError(
            "cv_results must be the dict returned by cross_validate(..., "
            "return_estimator=True, return_indices=True), with the keys 'estimator' "
            "and 'indices'."
        )
    tests = cv_results["indices"]["test"]
    n = sum(len(t) for t in tests)
    if len(y) != n:
        raise ValueError(
            f"y has {len(y)} samples but the cross-validation test folds hold {n}; "
            f"pass the X and y given to cross_validate."
        )
    y = np.asarray(y)
    w = None if sample_weight is None else np.asarray(sample_weight, dtype=float)
    for estimator, test in zip(cv_results["estimator"], tests):
        X_test = X.iloc[test] if hasattr(X, "iloc") else np.asarray(X)[test]
        yield estimator, X_test, y[test], None if w is None else w[test]
