"""The standard report of multi-class classifiers: classes, metrics, per-class
tables, one-vs-rest curves and confusion matrices, all read off the evaluation."""

from evalplots.report.standard._figures import (
    BOTH_VALUES_MAX,
    NAMED_CURVES_MAX,
    classification_report_figure,
    multiclass_confusion_figure,
    multiclass_confusion_width,
    ovr_figure,
)
from evalplots.metrics._format import format_number
from evalplots.report.standard._common import (
    Steps,
    infinite_note,
    new_report,
    quiet_figures,
    summary_tables,
)
from evalplots.report.standard._provenance import provenance_section
from evalplots.report.standard._structure import structure_paragraph, structure_sections

__all__ = ["multiclass_report"]



def multiclass_report(ev, *, ci, title, description, author, invariant, progress,
                      provenance, transposed=False):
    """Assemble the standard report of a MulticlassEvaluation (see evaluation_report)."""
    names = ev.model_names
    scored = [n for n in names if ev[n].has_scores]
    tick = Steps(["computing metrics",
                  *(f"one-vs-rest curves: {n}" for n in scored),
                  *(f"confusion matrix: {n}" for n in names)], progress)
    tick()
    k = ev.classes_.size
    report, family = new_report(
        ev, title=title, author=author, invariant=invariant,
        subtitle=f"{len(names)} model{'s' if len(names) > 1 else ''}, "
                 f"{ev.n_samples:,} samples, {k} classes")
    _summary(report, ev, description, ci, provenance, invariant)
    with quiet_figures():
        _per_class_sections(report, ev, family)
        for name in scored:
            tick()
            report.add_section(f"One-vs-rest curves: {name}")
            report.add_figure(ovr_figure(ev, name, family=family), caption=(
                "Each class against the rest: left the ROC curves (legend: AUC), right "
                "the step-wise precision-recall curves (legend: AP and the break-even "
                "point BEP). Micro-average: all (sample, class) decisions pooled. "
                "Macro-average: the exact mean of the class curves, whose area is the "
                "mean of the class AUCs / APs. Lower row: the same curves enlarged "
                "around the best corner."
                + (f" With {ev.classes_.size} classes the class curves are drawn in grey "
                   f"without their names; each class's AUC is in its per-class table."
                   if ev.classes_.size > NAMED_CURVES_MAX else "")))
        for name in names:
            tick()
            _confusion_section(report, ev, name, family, transposed)
        structure_sections(report, ev, ci=ci, family=family)
    return report


def _summary(report, ev, description, ci, provenance, invariant):
    report.add_table_of_contents()
    report.add_heading("Summary")
    report.add_heading("Data", level=1)
    counts = ev.class_counts
    report.add_paragraph(f"{ev.n_samples:,} samples in {ev.classes_.size} classes.")
    rows = [[str(label), ev.label_names[label], format_number(c),
             f"{100 * c / counts.sum():.1f} %"]
            for label, c in zip(ev.classes_.tolist(), counts.tolist())]
    report.add_table(rows, header=["Label", "Class", "Samples", "Share"],
                     align=["left", "left", "right", "right"],
                     caption="The classes of y_true and their counts.")
    if description:
        report.add_paragraph(f"Source: {description}")
    structure_paragraph(report, ev)
    report.add_section("Metrics", level=1)
    kinds = ", ".join(f"{n}: {ev[n].kind}" for n in ev.model_names)
    caption = f"The predicted class is the one with the highest score ({kinds})."
    explanation = (
        "Balanced accuracy: the mean recall of the classes. Macro F1: the mean of the "
        "class F1 scores; weighted F1 weights them by class size. Macro OvR AUC: the "
        "mean one-vs-rest ROC AUC. Log loss: mean -log p(true class), for "
        "probabilities only. MCC: Matthews correlation coefficient"
        + (". QWK: quadratic weighted kappa, for ordered classes" if ev.ordinal else "")
        + " (Thakur, Approaching (Almost) Any Machine Learning Problem, 'Evaluation "
        "metrics'; Zhou Zhihua, Machine Learning §2.3)." + infinite_note(ev))
    summary_tables(
        report, ev, ci=ci, caption=caption, explanation=explanation, methods=(
            "Wilson: the count of correct samples out of n. Bootstrap: within each "
            "true class, drawn as a multinomial of its row of the confusion matrix, "
            "BCa (corrects the bias and skew of metrics bounded near 1). Log loss: the "
            "exact bootstrap standard error of a mean loss."))
    # movable: it fills the first page when the metrics table does not fit there
    provenance_section(report, ev, provenance, ci=ci, invariant=invariant)


def _per_class_sections(report, ev, family):
    """Per model: the per-class table (with OvR AUC for scores) and its heatmap."""
    for i, name in enumerate(ev.model_names):
        m = ev[name]
        pc = m.per_class
        auc = m.roc_auc
        rows = [[ev.label_names[label], *(format_number(float(pc[key][i]))
                                           for key in ("precision", "recall", "f1")),
                 format_number(_whole(pc["support"][i])),
                 *([format_number(float(auc[i]))] if auc is not None else [])]
                for i, label in enumerate(ev.classes_.tolist())]
        header = ["Class", "Precision", "Recall", "F1", "Support",
                  *(["OvR AUC"] if auc is not None else [])]
        # the heading stays with the table (whole when up to half a page high); the
        # captioned heatmap moves by itself when it does not fit
        report.add_section(f"Per-class metrics: {name}")
        report.add_table(rows, header=header, align=["left", *["right"] * (len(header) - 1)],
                         caption=f"{name}: precision, recall and F1 of each class "
                                 f"(one-vs-rest), and its number of true samples.")
        # 0.7 of the text width, drawn at the scale of every report figure (7.6 in
        # to the text width): its text prints at the size of the confusion
        # matrix's beside it
        fig = classification_report_figure(ev, name, width=0.7 * 7.6, family=family)
        report.add_figure(fig, width=0.7, caption=(
            f"{name}: the same scores as colours (0 white to 1 dark), the support "
            f"beside them, and the accuracy, macro and weighted averages below."))


def _whole(x):
    """An int when ``x`` is a whole number (unweighted counts), else the float."""
    return int(x) if float(x).is_integer() else float(x)


def _confusion_section(report, ev, name, family, transposed):
    row = ev.metrics_table.rows[name]
    k = ev.classes_.size
    width = min(1.0, multiclass_confusion_width(k) / 7.6)
    fig, display = multiclass_confusion_figure(ev, name, transposed=transposed,
                                               family=family)
    if display.text_ is None:
        cells = ("each cell's colour is its share of the true class; the counts are "
                 "too many to print at this size (see the per-class table).")
    elif k <= BOTH_VALUES_MAX:
        cells = "each cell shows the count and, in parentheses, its share of the true class."
    else:
        cells = "each cell's colour is its share of the true class and its text the count."
    report.add_section(f"Confusion matrix: {name}", movable=True)
    report.add_paragraph(
        f"Accuracy {format_number(row['Accuracy'])}, macro F1 "
        f"{format_number(row['Macro F1'])}. "
        + ("Rows are the predicted class, columns the true class (Thakur's layout); "
           if transposed else "Rows are the true class, columns the predicted class; ")
        + cells)
    report.add_figure(fig, caption=f"{name}: confusion matrix, colour = share of the "
                                   f"true class.", width=width)
