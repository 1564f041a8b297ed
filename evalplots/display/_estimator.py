"""Scores of a fitted binary classifier, duck-typed (no scikit-learn import).

``from_estimator`` of a Display calls :func:`binary_estimator_scores` and hands the
result to ``from_predictions``: the positive class is resolved with the label rules
of :mod:`evalplots.metrics._labels`, against ``estimator.classes_``.
"""

import numpy as np

from evalplots.display._base import check_option
from evalplots.metrics._labels import resolve_pos_label

__all__ = [
    "ESTIMATOR_DATA_PARAMS",
    "ESTIMATOR_NOTES",
    "ESTIMATOR_OPTION_PARAMS",
    "ESTIMATOR_RAISES",
    "RESPONSE_METHODS",
    "BinaryEstimatorMixin",
    "binary_estimator_scores",
    "estimator_name",
    "plot_from_estimator",
]

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
        The positive class; None means 1 (True) for {0, 1}, {-1, 1} or bool classes;
        other classes need it.
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


class BinaryEstimatorMixin:
    """``from_estimator`` of a binary Display: score ``X``, then ``from_predictions``.

    A Display whose ``from_predictions`` takes no ``pos_label`` sets
    ``_from_predictions_takes_pos_label = False``.
    """

    _from_predictions_takes_pos_label = True

    @classmethod
    def from_estimator(
        cls, estimator, X, y, *, response_method="auto", pos_label=None, name=None,
        ax=None, **kwargs,
    ):  # fmt: skip
        """Score ``X`` with a fitted binary classifier, then compute and plot.

        Parameters
        ----------
        estimator : object
            A fitted binary classifier with ``classes_`` and ``predict_proba`` or
            ``decision_function`` (duck-typed; scikit-learn is not imported).
        X : array-like of shape (n_samples, n_features)
            Input samples.
        y : array-like of shape (n_samples,)
            True labels.
        response_method : {'auto', 'predict_proba', 'decision_function'}, default='auto'
            'auto' tries ``predict_proba`` first.
        pos_label : int, float, bool or str, default=None
            The class whose score is used; None means 1 (True) for {0, 1},
            {-1, 1} or bool classes.
        name : str, default=None
            Legend title; None uses the estimator's class name.
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        **kwargs : dict
            Options of the Display's ``from_predictions`` and ``plot``.

        Returns
        -------
        display : Display
            The plotted display, an instance of the class called.

        Raises
        ------
        ValueError
            If the estimator has no such method or no ``classes_``, is not binary,
            ``pos_label`` is ambiguous or not a class; or as ``from_predictions``.

        Notes
        -----
        ``predict_proba``'s column of ``pos_label`` is the score; a decision
        function scores ``classes_[1]`` and is negated when ``pos_label`` is
        ``classes_[0]`` (as scikit-learn's ``from_estimator``), so that thresholds
        are then on the negated scale.

        Examples
        --------
        >>> from evalplots.display import MetricThresholdCurveDisplay
        >>> class Stub:
        ...     classes_ = ["ham", "spam"]
        ...     def predict_proba(self, X):
        ...         return [[1 - p, p] for p in X]
        >>> display = MetricThresholdCurveDisplay.from_estimator(
        ...     Stub(), [0.1, 0.8, 0.6, 0.3], ["ham", "spam", "ham", "spam"],
        ...     pos_label="spam", metrics=["recall"])
        >>> display.thresholds.tolist(), display.values["recall"].tolist()
        ([0.8, 0.6, 0.3, 0.1], [0.5, 0.5, 1.0, 1.0])
        >>> display.ax_.get_legend().get_title().get_text()
        'Stub'
        """
        y_score, pos_label = binary_estimator_scores(
            estimator, X, response_method=response_method, pos_label=pos_label
        )
        if cls._from_predictions_takes_pos_label:
            kwargs["pos_label"] = pos_label
        name = estimator_name(estimator, name)
        return cls.from_predictions(y, y_score, name=name, ax=ax, **kwargs)


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
