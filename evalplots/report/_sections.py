"""The standard evaluation report: summary, ROC, precision-recall, confusion pages.

Only assembly lives here; layout is :class:`evalplots.report.Report`'s job and
every number comes from :mod:`evalplots.metrics`.
"""

import math
import numbers
import warnings
from collections.abc import Mapping

import numpy as np
from reportlab.platypus import CondPageBreak

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite,
)
from evalplots.metrics._validation import label_names as label_names_of
from evalplots.report._figures import (
    confusion_figure,
    precision_recall_figure,
    roc_figure,
)
from evalplots.report._fonts import (
    MissingGlyphWarning,
    find_fallback_font,
    missing_chars,
)
from evalplots.report._metrics_table import (
    METRIC_COLUMNS,
    fmt,
    named_metrics,
    undefined_note,
)
from evalplots.report.builder import Report

__all__ = ["evaluation_report"]




def _check_scores(scores, n_samples):
    if not isinstance(scores, Mapping) or not scores:
        raise ValueError(
            "scores must be a non-empty dict {model name: array of scores}; wrap a "
            "single model's scores as {'model': y_score}."
        )
    out = {}
    for name, y_score in scores.items():
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"model names (the keys of scores) must be non-empty "
                             f"strings, got {name!r}.")
        arr = check_finite(as_1d(y_score, f"scores[{name!r}]"), f"scores[{name!r}]")
        check_consistent_length(y_true=np.empty(n_samples), **{f"scores[{name!r}]": arr})
        out[name] = arr
    return out


def _resolve_pos_label(y_true, pos_label):
    classes = np.unique(y_true)
    if classes.size != 2:
        raise ValueError(
            f"y_true has {classes.size} distinct label(s) {classes.tolist()[:6]}; the "
            f"evaluation report needs exactly two (positive and negative samples)."
        )
    if pos_label is None:
        if set(classes.tolist()) in ({0, 1}, {-1, 1}):
            return 1
        raise ValueError(
            f"y_true takes values {classes.tolist()}, so the positive class is "
            f"ambiguous; pass pos_label= one of them."
        )
    if pos_label not in classes.tolist():
        raise ValueError(
            f"pos_label={pos_label!r} is not a label of y_true {classes.tolist()}; "
            f"pass one of them."
        )
    return pos_label


def _font_for(texts):
    """(font path or None, family or None, {text: its missing chars}).

    The report font is DejaVu Sans unless some text needs characters it lacks
    and a font covering all of them is installed.
    """
    missing = {t: missing_chars(t) for t in texts}
    need = "".join(sorted(set("".join(missing.values()))))
    found = find_fallback_font(need)
    if found is not None:
        return found[0], found[1], {}
    return None, None, {t: m for t, m in missing.items() if m}


def evaluation_report(y_true, scores, *, threshold=0.5, pos_label=None, title=None,
                      description=None, label_names=None, author=None,
                      invariant=False, progress=None):
    """Assemble the standard evaluation report of one or more binary models.

    Pages: a summary (data, a metrics table with one row per model, contents),
    the ROC curves of all models on one axes, the precision-recall curves drawn
    step-wise and as the textbook sawtooth with each break-even point marked,
    and one page per model with its confusion matrix in both layouts.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary true labels.
    scores : dict of str to array-like of shape (n_samples,)
        Model name -> scores of the positive class (higher = more positive).
    threshold : float, default=0.5
        Decision threshold for the thresholded metrics and the confusion
        matrices: ``score >= threshold`` is predicted positive.
    pos_label : int, float, bool, str or None, default=None
        The positive label; None means 1 for labels {0, 1} or {-1, 1}.
    title : str or None, default=None
        Report title; None gives "Evaluation report".
    description : str or None, default=None
        Where the data come from, printed under "Data".
    label_names : dict, sequence of str or None, default=None
        Readable names of the two labels: a mapping such as ``{0: "benign",
        1: "malignant"}``, or a sequence in class order (sorted labels), e.g.
        ``["benign", "malignant"]`` for labels 0 and 1.
    author : str or None, default=None
        Shown under the title.
    invariant : bool, default=False
        Reproducible PDF bytes (for tests); see :class:`Report`.
    progress : callable or None, default=None
        Called as ``progress(step, done, total)`` before each step.

    Returns
    -------
    report : Report
        Call :meth:`Report.save` to write the PDF; more sections may be added
        first.

    Raises
    ------
    ValueError
        If ``scores`` is empty or not a dict, a score is non-numeric or not
        finite, lengths differ, ``y_true`` does not hold exactly two labels,
        ``pos_label`` is ambiguous or absent, ``threshold`` is not a finite
        number, or ``label_names`` is neither a mapping nor a sequence of two
        names.

    Warns
    -----
    MissingGlyphWarning
        Once per model name, class name or title with characters no available
        font can show (they print as boxes).
    UndefinedMetricWarning
        From :mod:`evalplots.metrics`, e.g. when the break-even point is
        undefined because all scores tie; the table then prints 'n/a' and a
        note under it says why, per metric.

    Notes
    -----
    Thresholded metrics count ``score >= threshold`` as positive; ROC AUC, AP
    and BEP are computed from the scores alone (see :func:`evaluation_metrics`).
    Text is set in DejaVu Sans; when a name needs characters it lacks and an
    installed TrueType font covering them is found through matplotlib's font
    manager (e.g. Noto Sans CJK, WenQuanYi), that font is used for the text and
    as the figures' fallback font. Each model gets its own colour and line
    style (:func:`evalplots.report._figures.model_style`). The confusion
    matrices of two models share a page.

    Examples
    --------
    >>> import os, tempfile
    >>> from evalplots.report import evaluation_report
    >>> report = evaluation_report(
    ...     [1, 0, 0, 1, 0, 1], {"model": [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]},
    ...     title="Six samples", invariant=True)
    >>> _ = report.save(os.path.join(tempfile.mkdtemp(), "six.pdf"))
    >>> report.page_count_
    4
    >>> evaluation_report([0, 1], {"m": [0.2, 0.8]}, label_names=["neg"])
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: label_names must be a dict {label: name} or a sequence of 2 names ...
    """
    y_true = as_1d(y_true, "y_true")
    scores = _check_scores(scores, y_true.shape[0])
    if (not isinstance(threshold, numbers.Real) or isinstance(threshold, bool)
            or not math.isfinite(threshold)):
        raise ValueError(f"threshold must be a finite number, got {threshold!r}; "
                         f"e.g. threshold=0.5.")
    pos_label = _resolve_pos_label(y_true, pos_label)
    classes = np.unique(y_true).tolist()
    neg_label = next(c for c in classes if c != pos_label)
    names = dict(zip(classes, label_names_of(label_names, classes)))
    pos_name, neg_name = names[pos_label], names[neg_label]
    y_named = np.where(y_true == pos_label, pos_name, neg_name)
    kinds = {**{n: "class name" for n in (pos_name, neg_name)},
             **{n: "model name" for n in scores}}
    if title:
        kinds[title] = "title"
    font_path, family, boxes = _font_for(kinds)
    for text in boxes:
        warnings.warn(f"{kinds[text]} {text!r} has characters the report font cannot "
                      f"show; they appear as boxes.", MissingGlyphWarning, stacklevel=2)

    steps = ["computing metrics", "drawing ROC curves", "drawing P-R curves",
             *(f"confusion matrix: {name}" for name in scores)]
    step = iter(range(len(steps)))

    def tick():
        if progress is not None:
            done = next(step)
            progress(steps[done], done, len(steps))

    tick()
    table = {name: named_metrics(name, y_true, s, threshold, pos_label)
             for name, s in scores.items()}
    report = Report(title or "Evaluation report", author=author, invariant=invariant,
                    font=font_path,
                    subtitle=f"{len(scores)} model{'s' if len(scores) > 1 else ''}, "
                             f"{y_true.shape[0]:,} samples, positive class: {pos_name}, "
                             f"decision threshold {threshold:g}")
    _summary(report, y_true == pos_label, table, threshold, (pos_name, pos_label),
             (neg_name, neg_label), description)
    with warnings.catch_warnings():
        # the names were checked above: no second warning per figure
        warnings.simplefilter("ignore", MissingGlyphWarning)
        # the metrics table already warned of each undefined value, naming the model
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        _figure_pages(report, y_named, scores, table, threshold, (pos_name, neg_name),
                      family, tick)
    return report


def _figure_pages(report, y_named, scores, table, threshold, names, family, tick):
    pos_name = names[0]
    tick()
    report.add_page_break().add_heading("ROC curves")
    report.add_figure(roc_figure(y_named, scores, pos_name, table, family), caption=(
        "Receiver operating characteristic of every model on the same samples; the "
        "legend gives each ROC AUC. The dashed diagonal is a random ranking. Right: "
        "the top-left corner enlarged."))
    tick()
    report.add_page_break().add_heading("Precision-recall curves")
    report.add_figure(precision_recall_figure(y_named, scores, pos_name, table, family),
                      caption=(
        "Left: the step-wise curve (scikit-learn's drawing), whose area is the average "
        "precision (AP, as in the legend). Right: the textbook sawtooth through every "
        "operating point, joined by straight segments. Dots: break-even points (BEP, "
        "where precision = recall). Dashed black line, in both upper panels: chance "
        "level (the positive rate). Lower row: the same curves, enlarged around the "
        "break-even points."))
    for i, (name, s) in enumerate(scores.items()):
        tick()
        if i == 0:
            report.add_page_break()
        else:  # two models per page: start a new one only when this one won't fit
            report.add_flowable(CondPageBreak(_CONFUSION_HEIGHT))
        _confusion_section(report, name, table[name], y_named, s >= threshold,
                           threshold, names, family)


def _summary(report, positive, table, threshold, pos, neg, description):
    n, n_pos = positive.shape[0], int(positive.sum())
    report.add_table_of_contents()
    report.add_heading("Summary")
    report.add_heading("Data", level=1)
    report.add_paragraph(
        f"{n:,} samples: {n_pos:,} positive ({100 * n_pos / n:.1f} %), "
        f"{_describe(*pos)}, and {n - n_pos:,} negative, {_describe(*neg)}. Scores "
        f"are of the positive class.")
    if description:
        report.add_paragraph(f"Source: {description}")
    report.add_heading("Metrics", level=1)
    rows = [[name, *(fmt(m[c]) for c in METRIC_COLUMNS)] for name, m in table.items()]
    report.add_table(rows, header=["Model", *METRIC_COLUMNS],
                     align=["left", *["right"] * len(METRIC_COLUMNS)], caption=(
        f"Decision threshold {threshold:g}: a sample is predicted '{pos[0]}' when its "
        f"score is >= {threshold:g}. Accuracy, precision, recall and F1 are taken at "
        f"this threshold; ROC AUC, AP and BEP do not depend on it."))
    report.add_paragraph(
        "ROC AUC: area under the ROC curve (ties count one half). AP: average "
        "precision, the step-wise area under the precision-recall curve. BEP: the "
        "break-even point, the value where precision equals recall on the sawtooth "
        "precision-recall curve." + undefined_note(table))


def _describe(name, label):
    """"class 'malignant' (label 1)", or "label 1" when there is no name."""
    return f"label {label!r}" if name == str(label) else f"class '{name}' (label {label!r})"


# height in points of one model's confusion section (heading, text, figure, caption)
_CONFUSION_HEIGHT = 320


def _confusion_section(report, name, m, y_named, predicted_pos, threshold, names,
                       family):
    pos_name, neg_name = names
    pred_named = np.where(predicted_pos, pos_name, neg_name)
    report.add_heading(f"Confusion matrix: {name}")
    report.add_paragraph(
        f"At threshold {threshold:g}: {m['tp']} true positives, {m['fp']} false "
        f"positives, {m['fn']} false negatives, {m['tn']} true negatives "
        f"(precision {fmt(m['Precision'])}, recall {fmt(m['Recall'])}).")
    report.add_figure(
        confusion_figure(y_named, pred_named, [neg_name, pos_name], [neg_name, pos_name],
                         family),
        caption="Left: rows are the true class, columns the predicted class. Right: the "
                "same counts transposed, predicted class on the rows.")
