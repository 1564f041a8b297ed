"""The standard report of multi-class classifiers: classes, metrics, per-class
tables, one-vs-rest curves and confusion matrices, all read off the evaluation."""

from matplotlib.figure import Figure
from reportlab.platypus import CondPageBreak

from evalplots.evaluation._table import format_value
from evalplots.report.standard._common import (
    Steps,
    keep_on_one_page,
    metrics_table_section,
    new_report,
    quiet_figures,
)
from evalplots.report.standard._figures import legend_below, legend_height, report_style

__all__ = ["multiclass_report"]

# Above this many classes a confusion-matrix cell is too small for "count (row %)".
_BOTH_VALUES_MAX = 12
# Above this many classes the one-vs-rest figures draw the class curves in grey,
# without legend entries or BEP dots (their numbers are in the per-class tables);
# only the micro and macro averages are named.
_NAMED_CURVES_MAX = 12


def multiclass_report(ev, *, title, description, author, invariant, progress,
                      transposed=False):
    """Assemble the standard report of a MulticlassEvaluation (see evaluation_report)."""
    names = ev.model_names
    scored = [n for n in names if ev[n].y_score is not None]
    tick = Steps(["computing metrics",
                  *(f"one-vs-rest curves: {n}" for n in scored),
                  *(f"confusion matrix: {n}" for n in names)], progress)
    tick()
    k = ev.classes_.size
    report, family = new_report(
        ev, title=title, author=author, invariant=invariant,
        subtitle=f"{len(names)} model{'s' if len(names) > 1 else ''}, "
                 f"{ev.n_samples:,} samples, {k} classes")
    _summary(report, ev, description)
    with quiet_figures():
        _per_class_sections(report, ev, family)
        for name in scored:
            tick()
            report.add_page_break().add_heading(f"One-vs-rest curves: {name}")
            report.add_figure(_ovr_figure(ev, name, family), caption=(
                "Each class against the rest: left the ROC curves (legend: AUC), right "
                "the step-wise precision-recall curves (legend: AP and the break-even "
                "point BEP). Micro-average: all (sample, class) decisions pooled. "
                "Macro-average: the exact mean of the class curves, whose area is the "
                "mean of the class AUCs / APs. Lower row: the same curves enlarged "
                "around the best corner."
                + (f" With {ev.classes_.size} classes the class curves are drawn in grey "
                   f"without their names; each class's AUC is in its per-class table."
                   if ev.classes_.size > _NAMED_CURVES_MAX else "")))
        for i, name in enumerate(names):
            tick()
            if i == 0:
                report.add_page_break()
            _confusion_section(report, ev, name, family, transposed)
    return report


def _summary(report, ev, description):
    report.add_table_of_contents()
    report.add_heading("Summary")
    report.add_heading("Data", level=1)
    counts = ev.class_counts
    report.add_paragraph(f"{ev.n_samples:,} samples in {ev.classes_.size} classes.")
    rows = [[str(label), ev.label_names[label], format_value(c),
             f"{100 * c / counts.sum():.1f} %"]
            for label, c in zip(ev.classes_.tolist(), counts.tolist())]
    report.add_table(rows, header=["Label", "Class", "Samples", "Share"],
                     align=["left", "left", "right", "right"],
                     caption="The classes of y_true and their counts.")
    if description:
        report.add_paragraph(f"Source: {description}")
    report.add_heading("Metrics", level=1)
    kinds = ", ".join(f"{n}: {ev[n].kind}" for n in ev.model_names)
    metrics_table_section(report, ev.metrics_table, caption=(
        f"The predicted class is the one with the highest score ({kinds})."),
        explanation=(
        "Balanced accuracy: the mean recall of the classes. Macro F1: the mean of the "
        "class F1 scores; weighted F1 weights them by class size. Macro OvR AUC: the "
        "mean one-vs-rest ROC AUC. Log loss: mean -log p(true class), for "
        "probabilities only. MCC: Matthews correlation coefficient"
        + (". QWK: quadratic weighted kappa, for ordered classes" if ev.ordinal else "")
        + " (Thakur, Approaching (Almost) Any Machine Learning Problem, 'Evaluation "
        "metrics'; Zhou Zhihua, Machine Learning §2.3)." + _infinite_note(ev)))


def _infinite_note(ev):
    """Why a log loss is inf: nothing is clipped, so a 0 for the true class counts."""
    infinite = [n for n, row in ev.metrics_table.rows.items()
                if row["Log loss"] == float("inf")]
    if not infinite:
        return ""
    return (f" Log loss 'inf' ({', '.join(infinite)}): some sample's true class has "
            f"probability exactly 0; nothing is clipped.")


def _per_class_sections(report, ev, family):
    """Per model: the per-class table (with OvR AUC for scores) and its heatmap."""
    for i, name in enumerate(ev.model_names):
        m = ev[name]
        pc = m.per_class
        auc = m.roc_auc
        rows = [[ev.label_names[label], *(format_value(float(pc[key][i]))
                                           for key in ("precision", "recall", "f1")),
                 format_value(_whole(pc["support"][i])),
                 *([format_value(float(auc[i]))] if auc is not None else [])]
                for i, label in enumerate(ev.classes_.tolist())]
        header = ["Class", "Precision", "Recall", "F1", "Support",
                  *(["OvR AUC"] if auc is not None else [])]
        k = ev.classes_.size
        height = min(8.0, 1.6 + 0.22 * (k + 4))
        # table and heatmap on one page when they fit one: heading and captions, the
        # table rows (~16 pt each), the figure scaled to 70 % of the text width
        report.add_flowable(CondPageBreak(90 + 16 * (k + 1) + 66 * height))
        report.add_heading(f"Per-class metrics: {name}")
        report.add_table(rows, header=header, align=["left", *["right"] * (len(header) - 1)],
                         caption=f"{name}: precision, recall and F1 of each class "
                                 f"(one-vs-rest), and its number of true samples.")
        with report_style(family):
            fig = Figure(figsize=(5.2, height), layout="constrained")
            ev.classification_report_display(name).plot(ax=fig.add_subplot())
        report.add_figure(fig, width=0.7, caption=(
            f"{name}: the same scores as colours (0 white to 1 dark), the support "
            f"beside them, and the accuracy, macro and weighted averages below."))


def _whole(x):
    """An int when ``x`` is a whole number (unweighted counts), else the float."""
    return int(x) if float(x).is_integer() else float(x)


def _ovr_figure(ev, name, family):
    """ROC (left) and P-R (right) one-vs-rest curves; below, the same enlarged."""
    k = ev.classes_.size
    with report_style(family):
        entries = (k if k <= _NAMED_CURVES_MAX else 0) + 3
        fig = Figure(figsize=(7.6, 7.4 + legend_height(entries)),
                     layout="constrained")
        axes = fig.subplots(2, 2)
        roc, pr = ev.roc_display(name), ev.precision_recall_display(name)
        curve_kwargs = None
        if k > _NAMED_CURVES_MAX:  # grey class curves, named averages only
            grey = {"color": "0.72", "linewidth": 0.6, "label": "_nolegend_"}
            curve_kwargs = [grey] * k + [{}, {}]
        for row in (0, 1):
            roc.plot(ax=axes[row, 0], plot_chance_level=row == 0,
                     curve_kwargs=curve_kwargs)
            pr.plot(ax=axes[row, 1], plot_break_even=k <= _NAMED_CURVES_MAX,
                    curve_kwargs=curve_kwargs)
        macro_auc, macro_ap = roc.roc_auc[-1], pr.average_precision[-1]
        low = max(0.0, min(macro_auc, macro_ap) - 0.25)
        axes[0, 0].set_title("ROC, one-vs-rest")
        axes[0, 1].set_title("precision-recall, one-vs-rest")
        axes[1, 0].set(title="ROC, detail: top-left corner", xlim=(-0.005, 1.005 - low),
                       ylim=(low, 1.005))
        axes[1, 1].set(title="precision-recall, detail: top-right corner",
                       xlim=(low, 1.005), ylim=(low, 1.005))
        for ax in axes.flat:
            ax.grid(alpha=0.25, linewidth=0.5)
            ax.set_aspect("auto")
            ax.set_box_aspect(1)
        handles, labels = axes[0, 0].get_legend_handles_labels()
        pr_handles, pr_labels = axes[0, 1].get_legend_handles_labels()
        legend_below(fig, axes, handles + pr_handles, labels + pr_labels)
    return fig


def _confusion_section(report, ev, name, family, transposed):
    row = ev.metrics_table.rows[name]
    k = ev.classes_.size
    size = min(7.0, 2.2 + 0.35 * k)
    width = min(1.0, (size + 1.0) / 7.6)
    with report_style(family):
        fig = Figure(figsize=(size + 1.0, size), layout="constrained")
        ax = fig.add_subplot()
        display = ev.confusion_matrix_display(name).plot(
            ax=ax, normalize="true", transposed=transposed,
            values="both" if k <= _BOTH_VALUES_MAX else "counts",
            values_format=".0%" if k <= _BOTH_VALUES_MAX else None)
    if display.text_ is None:
        cells = ("each cell's colour is its share of the true class; the counts are "
                 "too many to print at this size (see the per-class table).")
    elif k <= _BOTH_VALUES_MAX:
        cells = "each cell shows the count and, in parentheses, its share of the true class."
    else:
        cells = "each cell's colour is its share of the true class and its text the count."
    keep_on_one_page(report, fig, width=width, text_lines=5)
    report.add_heading(f"Confusion matrix: {name}")
    report.add_paragraph(
        f"Accuracy {format_value(row['Accuracy'])}, macro F1 "
        f"{format_value(row['Macro F1'])}. "
        + ("Rows are the predicted class, columns the true class (Thakur's layout); "
           if transposed else "Rows are the true class, columns the predicted class; ")
        + cells)
    report.add_figure(fig, caption=f"{name}: confusion matrix, colour = share of the "
                                   f"true class.", width=width)
