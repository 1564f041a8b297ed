"""``evaluate``: read the task from the arrays, build the matching evaluation."""

import numpy as np

from evalplots._docstrings import INTERVAL_OPTION_PARAMS, fill_doc
from evalplots.evaluation._binary import BinaryEvaluation
from evalplots.evaluation._common import check_model_names
from evalplots.evaluation._folds import FoldEvaluation
from evalplots.evaluation._multiclass import MulticlassEvaluation
from evalplots.evaluation._partitions import Partition, check_groups
from evalplots.evaluation._regression import RegressionEvaluation, is_regression_target
from evalplots.evaluation._subgroups import GroupEvaluation, Subgroups
from evalplots.metrics._labels import ChoiceError, class_values
from evalplots.metrics._validation import as_1d

__all__ = ["TASKS", "detect_task", "evaluate"]

TASKS = ("auto", "binary", "multiclass", "regression")


class AmbiguousTaskError(ChoiceError):
    """Two tasks fit the arrays; the caller must name one (``task=`` / ``--task``).

    Parameters
    ----------
    problem : str
        Names the two readings.
    choices : sequence of str
        The tasks that fit, e.g. ``('multiclass', 'regression')``.

    Notes
    -----
    A :class:`~evalplots.metrics._labels.ChoiceError` of the argument ``task``
    (so a ValueError too): ``argument`` and ``choices`` are fields, and the CLI
    spells them as ``--task multiclass`` from the fields.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> evaluate([1, 2, 3], {"m": [1, 2, 2]})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    evalplots.evaluation._evaluate.AmbiguousTaskError: ... pass task='multiclass' or task='regression'.
    """

    def __init__(self, problem, choices):
        super().__init__(problem, "task", choices)


def _as_array(values):
    return values.to_numpy() if hasattr(values, "to_numpy") else np.asarray(values)


def _is_whole(a):
    return a.dtype.kind in "biu" or (
        a.dtype.kind == "f" and bool(np.all(np.isfinite(a) & (a == np.floor(a)))))


def detect_task(y_true, predictions):
    """The task the arrays describe: 'binary', 'multiclass' or 'regression'.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels or target values.
    predictions : dict of str to array-like
        Model name -> scores (1-D or 2-D), probabilities or predicted values.

    Returns
    -------
    task : str
        The only reading that fits.

    Raises
    ------
    ValueError
        If no reading fits (e.g. 1-D scores for more than two classes; a
        :class:`~evalplots.metrics._labels.ChoiceError` when ``task='regression'``
        would fit), or two do (an :class:`AmbiguousTaskError` that asks for
        ``task=``).

    Notes
    -----
    The rules (DESIGN, "Input layouts"): any 2-D prediction -> multiclass (one
    column per class); a target with a non-integer value -> regression; a target
    with two classes and numeric 1-D predictions -> binary; more than two classes
    and predicted labels -> multiclass. A numeric target of whole numbers with more
    than two values and whole-number predictions reads both as labels and as
    regression: that is ambiguous; with non-integer 1-D predictions nothing fits
    (a regression target of whole numbers needs ``task='regression'``).

    Examples
    --------
    >>> detect_task([0, 1, 1], {"m": [0.2, 0.9, 0.6]})
    'binary'
    >>> detect_task([1.5, 2.25, 3.0], {"m": [1.4, 2.0, 3.1]})
    'regression'
    >>> detect_task(["a", "b", "c"], {"m": ["a", "c", "c"]})
    'multiclass'
    """
    y = as_1d(y_true, "y_true")
    preds = {name: _as_array(v) for name, v in check_model_names(predictions).items()}
    if any(p.ndim == 2 for p in preds.values()):
        return "multiclass"
    if is_regression_target(y):
        return "regression"
    numeric = {name: p.dtype.kind in "biuf" for name, p in preds.items()}
    n_classes = class_values(y).size if y.dtype.kind in "biufUSO" else 0
    if n_classes <= 2 and all(numeric.values()):
        return "binary"
    if any(numeric.values()) and not all(numeric.values()) and y.dtype.kind not in "iuf":
        scores = next(n for n, is_num in numeric.items() if is_num)
        labels = next(n for n, is_num in numeric.items() if not is_num)
        raise ValueError(
            f"the predictions mix scores (model {scores!r}) and predicted labels (model "
            f"{labels!r}); one evaluation takes one kind: evaluate them separately "
            f"(e.g. --models / --exclude).")
    scored = [name for name, p in preds.items() if numeric[name] and not _is_whole(p)]
    if y.dtype.kind not in "iuf":
        if scored and n_classes > 2:
            raise ValueError(
                f"y_true holds {n_classes} classes but model {scored[0]!r} gives one "
                f"score per sample, which fits no task: for multi-class scores pass one "
                f"column per class (shape (n_samples, n_classes)).")
        return "multiclass"  # text or bool labels: the predictions are labels too
    whole = [name for name, p in preds.items() if numeric[name] and _is_whole(p)]
    if len(whole) == len(preds):
        raise AmbiguousTaskError(
            f"y_true holds {n_classes} whole-number values and the predictions are whole "
            f"numbers too: this reads as multi-class labels and as regression",
            ("multiclass", "regression"))
    raise ChoiceError(
        f"y_true holds {n_classes} classes (whole numbers) but model {scored[0]!r} gives "
        f"one non-integer score per sample, which fits no task: for multi-class scores "
        f"pass one column per class (shape (n_samples, n_classes))", "task",
        ("regression",), lead="if the target is a quantity, pass")


@fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
def evaluate(y_true, predictions, *, task="auto", pos_label=None, threshold=0.5,
             labels=None, sample_weight=None, label_names=None, ordinal=False,
             confidence_level=0.95, n_resamples=1000, random_state=0, groups=None,
             folds=None):
    """Evaluate one or more models on the same samples, computing each thing once.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (classification) or target values (regression).
    predictions : dict of str to array-like
        Model name -> its predictions: scores of the positive class, shape
        (n_samples,) (binary); scores or probabilities of shape (n_samples,
        n_classes), or predicted labels of shape (n_samples,) (multi-class);
        predicted values of shape (n_samples,) (regression).
    task : {'auto', 'binary', 'multiclass', 'regression'}, default='auto'
        'auto' reads it from the arrays (see :func:`detect_task`).
    pos_label : int, float, bool, str or None, default=None
        Binary: the positive class (None: 1 for {0, 1}/{-1, 1}, True for bools).
    threshold : float, default=0.5
        Binary: ``score >= threshold`` is predicted positive.
    labels : array-like of shape (n_classes,), default=None
        Multi-class: the classes in the column order of the score matrices.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    label_names : dict, sequence of str or None, default=None
        Readable class names (classification).
    ordinal : bool, default=False
        Multi-class: the classes are ordered; adds quadratic weighted kappa.
    %(interval_params)s
    groups : array-like of shape (n_samples,), dict of str to array-like or DataFrame, default=None
        Subgroup labels: one array (a pandas Series keeps its name, else
        'group'), or several by name (a dict, or a DataFrame's columns), each
        grouping analysed on its own. No label may be missing.
    folds : array-like of shape (n_samples,), default=None
        The cross-validation fold of each row, the predictions being
        out-of-fold (each row scored by the model fitted without its fold).

    Returns
    -------
    evaluation : BinaryEvaluation, MulticlassEvaluation or RegressionEvaluation
        Holds every curve, count and table (computed on first use, then kept);
        ``.metrics_table``, ``.to_frame()``, the ``*_display(name)`` methods and
        the report read from it. Its numbers are those of all rows (with
        ``folds``, the pooled ones). ``.groups`` is a
        :class:`~evalplots.evaluation.Subgroups` (``{grouping:
        GroupEvaluation}``) when ``groups`` is given, and ``.folds`` a
        :class:`~evalplots.evaluation.FoldEvaluation` when ``folds`` is; both
        None otherwise.

    Raises
    ------
    ValueError
        If ``task`` is unknown, the arrays fit no task or two (then the message
        asks for ``task=``), the inputs are invalid for the task (see the
        evaluation classes), or ``groups`` / ``folds`` have another length,
        a missing label, or labels of mixed types.

    Notes
    -----
    One evaluation object per task is the seam of evalplots (DESIGN.md): Displays
    are built from its stored arrays through their constructors, the report and
    the CLI only read it, and nothing downstream recomputes a curve or
    re-resolves a label.

    A group's or a fold's evaluation is that of its rows alone (its summary),
    with the overall positive class, threshold, classes and interval options;
    a part that cannot be evaluated alone (e.g. a group with one class) keeps
    its size and the reason. The parts' summaries merged are the summary of all
    rows, so the pooled evaluation is the evaluation itself.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> ev = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})
    >>> type(ev).__name__, round(ev.metrics_table.rows["m"]["ROC AUC"], 4)
    ('BinaryEvaluation', 0.7778)
    >>> evaluate([2.5, 0.5, 2.0], {"m": [3.0, -0.5, 2.0]}).task
    'regression'
    """
    if not isinstance(task, str) or task not in TASKS:
        raise ValueError(f"task must be one of {', '.join(map(repr, TASKS))}; got {task!r}.")
    if task == "auto":
        task = detect_task(y_true, predictions)
    options = {"confidence_level": confidence_level, "n_resamples": n_resamples,
               "random_state": random_state}
    evaluation = _evaluate_rows(task, y_true, predictions, pos_label=pos_label,
                                threshold=threshold, labels=labels,
                                sample_weight=sample_weight, label_names=label_names,
                                ordinal=ordinal, options=options)
    evaluation.groups, evaluation.folds = _partitions(
        evaluation, y_true, predictions, sample_weight, groups, folds, ordinal, options)
    return evaluation


def _evaluate_rows(task, y_true, predictions, *, pos_label, threshold, labels,
                   sample_weight, label_names, ordinal, options):
    if task == "binary":
        return BinaryEvaluation.from_rows(y_true, predictions, pos_label=pos_label,
                                          threshold=threshold, sample_weight=sample_weight,
                                          label_names=label_names, **options)
    if task == "multiclass":
        return MulticlassEvaluation.from_rows(y_true, predictions, labels=labels,
                                              sample_weight=sample_weight,
                                              label_names=label_names, ordinal=ordinal,
                                              **options)
    return RegressionEvaluation.from_rows(y_true, predictions, sample_weight=sample_weight,
                                          **options)


def _partitions(overall, y_true, predictions, sample_weight, groups, folds, ordinal, options):
    """``(Subgroups or None, FoldEvaluation or None)`` of the evaluation ``overall``."""
    if groups is None and folds is None:
        return None, None
    y = as_1d(y_true, "y_true")
    preds = {name: _as_array(v) for name, v in predictions.items()}
    weight = None if sample_weight is None else np.asarray(sample_weight, dtype=float)
    task = overall.task
    fixed = ({"pos_label": overall.pos_label, "threshold": overall.threshold,
              "labels": None, "label_names": overall.label_names} if task == "binary" else
             {"pos_label": None, "threshold": 0.5, "labels": overall.classes_,
              "label_names": overall.label_names} if task == "multiclass" else
             {"pos_label": None, "threshold": 0.5, "labels": None, "label_names": None})

    def build(mask):
        return _evaluate_rows(task, y[mask], {n: p[mask] for n, p in preds.items()},
                              sample_weight=None if weight is None else weight[mask],
                              ordinal=ordinal, options=options, **fixed)

    rows = None
    if task == "binary":
        rows = (y == overall.pos_label, {n: np.asarray(p, dtype=float)
                                         for n, p in preds.items()}, weight)
    subgroups = None
    if groups is not None:
        subgroups = Subgroups({name: GroupEvaluation(partition, overall, build, rows)
                               for name, partition in check_groups(groups, y.size).items()})
    fold_results = None
    if folds is not None:
        name = getattr(folds, "name", None)
        fold_results = FoldEvaluation(
            Partition("fold" if name is None else str(name), folds, y.size, "folds"),
            overall, build)
    return subgroups, fold_results
