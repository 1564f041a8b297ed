"""Docstring fragments shared by several public functions, and the decorator that
fills them in, so that a parameter shared by many functions is described once.

Convention: a fragment is written as it stands in a function's docstring (continuation
lines indented 4 or 8 spaces), minus the indentation of its first line.
:func:`fill_doc` shifts the continuation lines when the placeholder is deeper, as in a
method's docstring.
"""

import re

__all__ = [
    "BINARY_SCORE_PARAMS",
    "CURVE_PLOT_PARAMS",
    "DISPLAY_NAME_AX_PARAMS",
    "OVR_NAME_AX_PARAMS",
    "OVR_SCORE_PARAMS",
    "REGRESSION_PARAMS",
    "THINNED_CURVE_NOTE",
    "fill_doc",
]

_FUNCTION_INDENT = 4

#: Notes paragraph of every curve Display: how a long curve is drawn.
THINNED_CURVE_NOTE = """A curve of more than 1,000 points is drawn thinned (the same rule for
    every curve Display): runs of points inside one narrow column keep their
    ends and their lowest and highest point (inside one tiny grid cell, their
    ends, for a curve that turns back along x), repeated points and points
    where the drawn line goes straight on are removed, then Douglas-Peucker (Douglas & Peucker, "Algorithms for the
    reduction of the number of points required to represent a digitized line",
    Cartographica 10, 1973) keeps enough points that every point of the full
    curve lies within 10⁻⁴ of the curve's extent along each axis of the drawn
    line (0.03 pt on a 3 in axes): 10⁶ points become a few thousand, with the
    same picture. The first, last and extreme points are always kept; a
    thinned step drawing is drawn as its staircase (``Line2D`` drawstyle
    'default'), and a curve drawn with markers is never thinned. The Display's
    arrays and every number shown are those of the full curve."""

#: Parameters of every binary-score metric and Display.from_predictions.
BINARY_SCORE_PARAMS = """y_true : array-like of shape (n_samples,)
        True binary labels. With labels other than {0, 1}, {-1, 1} or
        {False, True}, ``pos_label`` must be given.
    y_score : array-like of shape (n_samples,)
        Target scores (probabilities, confidence values or any finite real
        number); higher means more likely positive.
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for the label sets
        above.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights. Samples of weight 0 create no threshold."""

#: ``y_true`` and ``y_pred`` of every regression metric and Display.
REGRESSION_PARAMS = """y_true : array-like of shape (n_samples,)
        True target values (finite numbers).
    y_pred : array-like of shape (n_samples,)
        Predicted values, in the unit of ``y_true``."""

#: Parameters of the curve Displays' from_predictions: binary or one-vs-rest.
OVR_SCORE_PARAMS = """y_true : array-like of shape (n_samples,)
        True labels: binary for a 1-D ``y_score`` (with labels other than {0, 1},
        {-1, 1} or {False, True}, ``pos_label`` must be given), any classes for a
        2-D ``y_score``.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        1-D: scores of the positive class (probabilities, confidence values or any
        finite real number; higher means more likely positive). 2-D: one score
        column per class, in the order of ``labels``; this draws the one-vs-rest
        curves.
    labels : array-like of shape (n_classes,), default=None
        2-D ``y_score`` only: the classes in its column order; None means the
        sorted distinct values of ``y_true`` (as ``roc_auc_score``).
    pos_label : int, float, bool or str, default=None
        1-D ``y_score`` only: the label of the positive class; None means 1
        (True) for the label sets above.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights. Samples of weight 0 create no threshold."""

#: ``name`` and ``ax`` of the curve Displays' from_predictions (binary or OvR).
OVR_NAME_AX_PARAMS = """name : str, default=None
        Model name. Binary: the legend entry. One-vs-rest: the curves are named
        by class (``str`` of each label), ``"micro-average"`` and
        ``"macro-average"``, and the legend is titled ``"name (one-vs-rest)"``
        (``"One-vs-rest"`` without a name).
    ax : matplotlib.axes.Axes, default=None
        Axes to draw on; None creates a new figure and axes."""

#: Options of the curve Displays' plot for one or several curves.
CURVE_PLOT_PARAMS = """curve_kwargs : dict or list of dict, default=None
        Line2D properties of the curves: one dict for every curve, or a list of
        one dict (or None) per curve; applied after ``kwargs``.
    legend_title : str, default=None
        Title of the legend; None keeps the title of the axes' legend, or on
        new axes writes the positive label (``"Positive label: 1"``; the axis
        titles do not repeat it).
    align_decimals : bool, default=True
        Write every number of the axes' legend with one number of decimals,
        the largest any of them needs (``"AUC = 0.995"`` beside
        ``"AUC = 0.980"``, never ``"AUC = 0.98"``): the entries of the models
        already drawn on ``ax`` are relabelled. False leaves them as they are
        and gives this Display's numbers their own decimals."""

#: ``name`` and ``ax`` of every Display.from_predictions.
DISPLAY_NAME_AX_PARAMS = """name : str, default=None
        Model name for the legend.
    ax : matplotlib.axes.Axes, default=None
        Axes to draw on; None creates a new figure and axes."""


#: The interval options of every evaluation (evaluate and the three classes).
INTERVAL_OPTION_PARAMS = """confidence_level : float, default=0.95
        Coverage of every confidence interval the evaluation computes.
    n_resamples : int, default=1000
        Bootstrap resamples per interval.
    random_state : int or None, default=0
        Bootstrap seed, fixed by default so results are reproducible; None
        draws one (kept in ``interval_options.random_state``)."""


def fill_doc(**fragments):
    """Decorator replacing each ``%(key)s`` in a docstring by ``fragments[key]``.

    The fragment's continuation lines are shifted by the placeholder's depth beyond
    a function docstring's 4 spaces, so one fragment serves functions and methods.
    """

    def decorate(obj):
        doc = obj.__doc__
        for key, text in fragments.items():
            pattern = re.compile(r"^([ \t]*)%\(" + re.escape(key) + r"\)s", re.MULTILINE)
            doc = pattern.sub(lambda m, text=text: m.group(1) + _shift(text, m.group(1)), doc)
        obj.__doc__ = doc
        return obj

    return decorate


def _shift(text, prefix):
    extra = " " * max(0, len(prefix) - _FUNCTION_INDENT)
    first, *rest = text.split("\n")
    return "\n".join([first] + [extra + line if line.strip() else line for line in rest])
