"""The standard report of binary classifiers: summary, ROC, P-R, confusion pages.

Every number and curve comes from a :class:`~evalplots.evaluation.BinaryEvaluation`;
the Displays are built from its stored arrays, so nothing here sorts a score.
"""

from evalplots.evaluation._figures import (
    binary_confusion_figure,
    precision_recall_figure,
    roc_figure,
)
from evalplots.evaluation._table import format_value
from evalplots.report.standard._common import (
    Steps,
    infinite_note,
    keep_on_one_page,
    new_report,
    quiet_figures,
    summary_tables,
)
from evalplots.report.standard._provenance import provenance_section

__all__ = ["binary_report"]

def binary_report(ev, *, ci, title, description, author, invariant, progress,
                  provenance):
    """Assemble the standard report of a BinaryEvaluation (see evaluation_report)."""
    names = ev.model_names
    tick = Steps(["computing metrics", "drawing ROC curves", "drawing P-R curves",
                  *(f"confusion matrix: {name}" for name in names)], progress)
    tick()
    table = ev.metrics_table
    report, family = new_report(
        ev, title=title, author=author, invariant=invariant,
        subtitle=f"{len(names)} model{'s' if len(names) > 1 else ''}, "
                 f"{ev.n_samples:,} samples, positive class: {ev.pos_name}, "
                 f"decision threshold {ev.threshold:g}")
    _summary(report, ev, description, ci)
    provenance_section(report, ev, provenance, ci=ci, invariant=invariant)
    with quiet_figures():
        tick()
        report.add_page_break().add_heading("ROC curves")
        report.add_figure(roc_figure(ev, family=family), caption=(
            "Receiver operating characteristic of every model on the same samples; the "
            "legend gives each ROC AUC. The dashed diagonal is a random ranking. Right: "
            "the top-left corner enlarged."))
        tick()
        report.add_page_break().add_heading("Precision-recall curves")
        report.add_figure(precision_recall_figure(ev, family=family), caption=(
            "Left: the step-wise curve (scikit-learn's drawing), whose area is the "
            "average precision (AP, as in the legend). Right: the textbook sawtooth "
            "through every operating point, joined by straight segments. Dots: "
            "break-even points (BEP, where precision = recall). Dashed black line, in "
            "both upper panels: chance level (the positive rate). Lower row: the same "
            "curves, enlarged around the break-even points."))
        for i, name in enumerate(names):
            tick()
            if i == 0:
                report.add_page_break()
            _confusion_section(report, ev, name, family)  # two per page when they fit
    return report


def _describe(name, label):
    """"class 'malignant' (label 1)", or "label 1" when there is no name."""
    return f"label {label!r}" if name == str(label) else f"class '{name}' (label {label!r})"


def _summary(report, ev, description, ci):
    n, n_pos = ev.n_samples, int(ev.positive.sum())
    report.add_table_of_contents()
    report.add_heading("Summary")
    report.add_heading("Data", level=1)
    report.add_paragraph(
        f"{n:,} samples: {n_pos:,} positive ({100 * n_pos / n:.1f} %), "
        f"{_describe(ev.pos_name, ev.pos_label)}, and {n - n_pos:,} negative, "
        f"{_describe(ev.neg_name, ev.neg_label)}. Scores are of the positive class.")
    if description:
        report.add_paragraph(f"Source: {description}")
    report.add_heading("Metrics", level=1)
    t = ev.threshold
    caption = (
        f"Decision threshold {t:g}: a sample is predicted '{ev.pos_name}' when its "
        f"score is >= {t:g}. Accuracy, precision, recall, F1, specificity, NPV, MCC "
        f"and balanced accuracy are taken at this threshold; ROC AUC, AP, BEP, Brier "
        f"and log loss do not depend on it.")
    explanation = (
        "ROC AUC: area under the ROC curve (ties count one half). AP: average "
        "precision, the step-wise area under the precision-recall curve. BEP: the "
        "break-even point, the value where precision equals recall on the sawtooth "
        "precision-recall curve. Specificity: TN / (TN + FP). NPV: TN / (TN + FN). "
        "MCC: Matthews correlation coefficient. Balanced accuracy: (recall + "
        "specificity) / 2. Brier: mean (y - score)². Log loss: mean -log p(true "
        "class); both only for scores in [0, 1]." + infinite_note(ev))
    summary_tables(
        report, ev, ci=ci, caption=caption, explanation=explanation, methods=(
            "DeLong: from the placement values, no resampling. Bootstrap: rows "
            "resampled within each class (for F1, MCC and balanced accuracy drawn as "
            "a multinomial of each class's confusion cells), BCa, which corrects the "
            "bias and skew of metrics bounded near 1. Wilson: a count out of a fixed "
            "number of samples. Brier, log loss: the exact bootstrap standard error "
            "of a mean loss."))


def _confusion_section(report, ev, name, family):
    (tn, fp), (fn, tp) = ev[name].confusion_matrix.tolist()
    row = ev.metrics_table.rows[name]
    fig = binary_confusion_figure(ev, name, family=family)
    keep_on_one_page(report, fig, text_lines=5 + len(name) // 60)
    report.add_heading(f"Confusion matrix: {name}")
    report.add_paragraph(
        f"At threshold {ev.threshold:g}: {format_value(tp)} true positives, "
        f"{format_value(fp)} false positives, {format_value(fn)} false negatives, "
        f"{format_value(tn)} true negatives (precision "
        f"{format_value(row['Precision'])}, recall {format_value(row['Recall'])}).")
    report.add_figure(fig, caption="Left: rows are the true class, columns the predicted "
                                   "class. Right: the same counts transposed, predicted "
                                   "class on the rows.")
