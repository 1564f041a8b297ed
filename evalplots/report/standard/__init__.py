"""The standard evaluation report: one layout per task, read off an evaluation.

:func:`evaluation_report` takes an evaluation from :func:`evalplots.evaluate`
(or the arrays to make one) and assembles the pages of its task with the
generic :class:`~evalplots.report.Report` builder. Nothing here computes a
metric or a curve: every number and Display comes from the evaluation.
"""

from evalplots.evaluation import Evaluation, evaluate
from evalplots.report.standard._binary import binary_report
from evalplots.report.standard._common import MAX_MODELS, check_max_models
from evalplots.report.standard._gates import check_gates
from evalplots.report.standard._multiclass import multiclass_report
from evalplots.report.standard._regression import regression_report

__all__ = ["evaluation_metrics", "evaluation_report"]

_BUILDERS = {"binary": binary_report, "multiclass": multiclass_report,
             "regression": regression_report}


def evaluation_report(y_true, predictions=None, *, task="auto", threshold=0.5,
                      pos_label=None, labels=None, label_names=None, ordinal=False,
                      sample_weight=None, transposed=False, title=None,
                      description=None, author=None, invariant=False, progress=None,
                      ci=True, confidence_level=0.95, n_resamples=1000, random_state=0,
                      provenance=None, max_models=MAX_MODELS, gates=None):
    """Assemble the standard evaluation report of binary, multi-class or regression models.

    Binary pages: a summary (data, contents, every metric of every model with
    its confidence interval and method, and a table comparing every pair of
    models with raw and Holm-adjusted p-values; with ``ci=False`` a plain
    metrics table with one row per model); the ROC curves of all models on one
    axes with each operating point and Youden optimum marked (and, with ``ci``,
    pointwise bootstrap bands), with the DET and cumulative gain curves below; the precision-recall
    curves drawn step-wise and as the textbook sawtooth with each break-even
    point, operating point and max-F1 point marked; precision, recall, F1 and
    FPR against the threshold with a table of operating points (the chosen
    threshold, Youden's and the max-F1 optimum); reliability diagrams with ECE
    and Brier score when the scores are probabilities; the score distributions
    of both classes; and each model's confusion matrix in both layouts. Multi-class pages: the classes and their counts, the metrics
    table, a per-class table per model, one-vs-rest ROC and precision-recall
    curves for models that give scores, and each model's confusion matrix with
    counts and row percentages. Regression pages: the metrics table, and for each
    model the predictions against the truth, the residuals against the
    predictions and the residual distribution.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,), or an evaluation
        True labels or target values; or an evaluation made by
        :func:`evalplots.evaluate` (then ``predictions`` and the options that
        make an evaluation must be left at their defaults).
    predictions : dict of str to array-like, default=None
        Model name -> scores, probabilities, predicted labels or values (see
        :func:`evalplots.evaluate`).
    task : {'auto', 'binary', 'multiclass', 'regression'}, default='auto'
        As :func:`evalplots.evaluate`.
    threshold : float, default=0.5
        Binary: ``score >= threshold`` is predicted positive.
    pos_label : int, float, bool, str or None, default=None
        Binary: the positive class; None means 1 for labels {0, 1} or {-1, 1}.
    labels : array-like of shape (n_classes,), default=None
        Multi-class: the classes in the column order of the score matrices.
    label_names : dict, sequence of str or None, default=None
        Readable class names: a mapping such as ``{0: "benign", 1:
        "malignant"}``, or a sequence in class order (sorted labels).
    ordinal : bool, default=False
        Multi-class: the classes are ordered; adds quadratic weighted kappa.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    transposed : bool, default=False
        Multi-class: draw the confusion matrices with the predicted class on the
        rows (Thakur's layout) instead of the true class.
    title : str or None, default=None
        Report title; None gives "Evaluation report".
    description : str or None, default=None
        Where the data come from, printed under "Data".
    author : str or None, default=None
        Shown under the title.
    invariant : bool, default=False
        Reproducible PDF bytes (for tests); see :class:`Report`.
    progress : callable or None, default=None
        Called as ``progress(step, done, total)`` before each step.
    ci : bool, default=True
        Show confidence intervals, comparison tests and confidence bands; False
        leaves them out (and does not compute them).
    confidence_level : float, default=0.95
        Coverage of the intervals (as :func:`evalplots.evaluate`).
    n_resamples : int, default=1000
        Bootstrap resamples per interval.
    random_state : int or None, default=0
        Bootstrap seed, fixed so that a report is reproducible. With an
        evaluation as first argument, its own options are used and these three
        must stay at their defaults.
    max_models : int or None, default=8
        Binary: with more models than this (a sweep), the curves and the
        per-model pages show the ``max_models`` models of highest ROC AUC; every
        model stays in the summary's tables and in one ranking figure (ROC AUC
        and AP of each, with intervals), and the comparisons test each model
        against the best one only (n − 1 pairs, not n (n − 1) / 2). None: every
        model on every page.
    provenance : Provenance or None, default=None
        Where the data come from (input file, its SHA-256 and row count, the
        command line), for the provenance table that ends the summary and the
        PDF's document information; None records what the library knows by
        itself: the software versions, the date and the evaluation's options.
    gates : GateTable or None, default=None
        Binary: the evaluation's baseline gates
        (:meth:`~evalplots.evaluation.BinaryEvaluation.baseline_gates`), whose
        verdicts page 1 states under "Baseline gates": each model's difference
        from the baseline, its one-sided bound, the margin and Holm's p.

    Returns
    -------
    report : Report
        Call :meth:`Report.save` to write the PDF; more sections may be added
        first.

    Raises
    ------
    ValueError
        If the inputs are invalid for the task (see :func:`evalplots.evaluate`),
        e.g. an empty ``predictions``, a non-finite score, lengths that differ, a
        binary ``y_true`` without exactly two labels, an ambiguous or absent
        ``pos_label``, a threshold that is not a finite number, or bad
        ``label_names``; if an evaluation is passed together with arrays; if
        ``max_models`` is not None or an integer >= 1; or if ``gates`` is given
        for a task other than binary, or is not a GateTable.

    Warns
    -----
    MissingGlyphWarning
        Once per model name, class name or title with characters no available
        font can show (they print as boxes); once when names hold CJK and no
        installed font covers them for the figures.
    UndefinedMetricWarning
        From :mod:`evalplots.metrics`, naming the model, e.g. when the
        break-even point is undefined because all scores tie; the table then
        prints 'n/a' and a note under it says why, per metric.

    Notes
    -----
    The report reads everything from one evaluation object (DESIGN.md: metrics
    -> display -> evaluation -> report): each model's scores are sorted once.
    The summary ends with a provenance table (date, input, SHA-256, rows,
    command line, threshold and positive class, interval options, software
    versions), also written into the PDF's document information. The date is
    ``SOURCE_DATE_EPOCH`` when set (so a rerun writes the same bytes), else
    2000-01-01 with ``invariant=True``, else now.
    Text is set in DejaVu Sans; CJK runs in a subset, embedded, of an
    installed font that covers them (e.g. Noto Sans CJK, WenQuanYi, or a file
    named in ``EVALPLOTS_FONT_PATH``), which is also the figures' fallback font
    family; without one a single MissingGlyphWarning says so and the text falls
    back to reportlab's built-in CID fonts (named, not embedded). Right-to-left
    names are drawn in reading order. Each model gets its own colour and line
    style.

    Examples
    --------
    >>> import os, tempfile
    >>> from evalplots.report import evaluation_report
    >>> report = evaluation_report(
    ...     [1, 0, 0, 1, 0, 1], {"model": [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]},
    ...     title="Six samples", invariant=True)
    >>> _ = report.save(os.path.join(tempfile.mkdtemp(), "six.pdf"))
    >>> report.page_count_
    7
    >>> evaluation_report([0, 1], {"m": [0.2, 0.8]}, label_names=["neg"])
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: label_names must be a dict {label: name} or a sequence of 2 names ...
    """
    if isinstance(y_true, Evaluation):
        if predictions is not None:
            raise ValueError("pass either an evaluation or y_true and predictions, "
                             "not both.")
        ev = y_true
        if (confidence_level, n_resamples, random_state) != (0.95, 1000, 0):
            raise ValueError("confidence_level, n_resamples and random_state are options "
                             "of the evaluation: pass them to evalplots.evaluate, not "
                             "together with an evaluation.")
    else:
        if predictions is None:
            raise ValueError("predictions is missing: pass {model name: predictions} "
                             "(or an evaluation made by evalplots.evaluate as the "
                             "only argument).")
        ev = evaluate(y_true, predictions, task=task, pos_label=pos_label,
                      threshold=threshold, labels=labels, sample_weight=sample_weight,
                      label_names=label_names, ordinal=ordinal,
                      confidence_level=confidence_level, n_resamples=n_resamples,
                      random_state=random_state)
    options = {"ci": bool(ci), "title": title, "description": description, "author": author,
               "invariant": invariant, "progress": progress, "provenance": provenance}
    max_models = check_max_models(max_models)
    if ev.task == "binary":
        options["max_models"] = max_models
        options["gates"] = check_gates(gates)
    elif gates is not None:
        raise ValueError(f"gates apply to binary reports; this one is {ev.task}.")
    if ev.task == "multiclass":
        options["transposed"] = transposed
    elif transposed:
        raise ValueError(
            f"transposed=True applies to multi-class reports; this one is {ev.task}"
            + (" (its confusion matrices show both layouts)." if ev.task == "binary"
               else " (it has no confusion matrices)."))
    return _BUILDERS[ev.task](ev, **options)


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
        ``"F1"``, ``"Specificity"``, ``"NPV"``, ``"MCC"``, ``"Balanced
        accuracy"``, ``"Brier"``, ``"Log loss"`` (floats; Precision and F1 are
        NaN when nothing is predicted positive, NPV when nothing is predicted
        negative, Brier and log loss when a score is outside [0, 1]) and
        ``"tn"``, ``"fp"``, ``"fn"``, ``"tp"`` (ints).

    Raises
    ------
    ValueError
        As :func:`evalplots.evaluate` (e.g. a non-finite score, lengths that
        differ, a single class).

    Notes
    -----
    The row of the report's metrics table, from a one-model
    :class:`~evalplots.evaluation.BinaryEvaluation`. Predicted labels are
    ``y_score >= threshold``; the ranking metrics (ROC AUC, AP, BEP) use the
    scores and ignore ``threshold``.

    Examples
    --------
    >>> m = evaluation_metrics([1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76])
    >>> round(m["ROC AUC"], 4), round(m["AP"], 4), round(m["BEP"], 4)
    (0.7778, 0.8667, 0.6667)
    >>> m["tp"], m["fp"], m["Accuracy"]
    (2, 2, 0.5)
    """
    ev = evaluate(y_true, {"model": y_score}, task="binary", threshold=threshold,
                  pos_label=pos_label)
    (tn, fp), (fn, tp) = ev["model"].confusion_matrix.tolist()
    return {**ev.metrics_table.rows["model"], "tn": tn, "fp": fp, "fn": fn, "tp": tp}
