"""Cross-validation results as scikit-learn's ``cross_validate`` returns them.

``from_cv_results`` of the curve Displays walks the folds of ``cross_validate(...,
return_estimator=True, return_indices=True)``: each fold's fitted estimator and its
test samples. Nothing here imports scikit-learn.
"""

import numpy as np

__all__ = ["CV_PARAMS", "cv_folds", "fold_scores"]


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


def fold_scores(cv_results, X, y, *, sample_weight, response_method, pos_label):
    """Yield ``(y_test, y_score, pos_label, sample_weight_test)`` of each CV fold,
    the scores from the fold's estimator (:func:`binary_estimator_scores`)."""
    from evalplots.display._estimator import binary_estimator_scores

    for estimator, X_test, y_test, w in cv_folds(cv_results, X, y, sample_weight):
        y_score, fold_pos_label = binary_estimator_scores(
            estimator, X_test, response_method=response_method, pos_label=pos_label
        )
        yield y_test, y_score, fold_pos_label, w


#: Parameters of ``from_cv_results`` (docstring fragment); ``%s`` is the metric.
CV_PARAMS = """cv_results : dict
        As returned by scikit-learn's ``cross_validate(...,
        return_estimator=True, return_indices=True)``: the keys "estimator"
        (one fitted binary classifier per fold) and "indices" (``"test"``: the
        test sample indices of each fold).
    X : array-like of shape (n_samples, n_features)
        Input values given to ``cross_validate``.
    y : array-like of shape (n_samples,)
        Target values given to ``cross_validate``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    drop_intermediate : bool
        As in ``from_predictions`` (and with its default).
    response_method : {'auto', 'predict_proba', 'decision_function'}, default='auto'
        As in ``from_estimator``.
    pos_label : int, float, bool or str, default=None
        The positive class, as in ``from_estimator`` (for the fold estimators).
    ax : matplotlib.axes.Axes, default=None
        Axes to draw on; None creates a new figure and axes.
    name : str or list of str, default=None
        Legend name. With ``curve_kwargs`` a dict (or None), one legend entry
        on the mean curve with the mean ± std of the fold scores; with
        ``curve_kwargs`` a list, one entry per fold (a list gives one name per
        fold) and one for the mean curve.
    curve_kwargs : dict or list of dict, default=None
        Line2D properties of the fold curves: one dict for all folds, or a list
        of one dict per fold (which also gives each fold a legend entry), as in
        scikit-learn 1.9."""

