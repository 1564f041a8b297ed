"""The standard report's structure sections: Subgroups and Cross-validation.

An evaluation made with ``groups=`` gets a "Subgroups" section per grouping (a
forest plot per headline metric, the gap table, the fairness table at the
threshold and the test of equal AUCs); one made with ``folds=`` a
"Cross-validation" section (per-fold table, mean ± SD, pooled). The summary's
first page states weights, folds and groupings (:func:`structure_note`). Every
number is read from the evaluation (``ev.groups``, ``ev.folds``).
"""

import math

from matplotlib.figure import Figure

from evalplots.display.forest import ROW_HEIGHT, ForestPlotDisplay
from evalplots.metrics._format import (
    NOT_AVAILABLE,
    format_difference,
    format_number,
    format_pvalue,
)
from evalplots.report.standard._figures import figure_style

__all__ = ["cross_validation_section", "structure_note", "structure_paragraph",
           "structure_sections", "subgroup_sections"]

#: The metrics of the forest plots and the fold table, per task (those present).
HEADLINE = {"binary": ("ROC AUC", "AP", "F1", "Recall", "Specificity"),
            "multiclass": ("Accuracy", "Balanced accuracy", "Macro F1"),
            "regression": ("MAE", "RMSE", "R²")}
#: Of those, the ones drawn as forest plots.
FOREST = {"binary": ("ROC AUC", "Recall", "Specificity"),
          "multiclass": ("Accuracy", "Macro F1"), "regression": ("MAE", "R²")}


def _headline(ev, which):
    columns = ev.metrics_table.columns
    return [m for m in which.get(ev.task, ()) if m in columns] or columns[:3]


def structure_note(ev):
    """The sentence of page 1 on weights, folds and groupings ('' when none)."""
    parts = []
    if ev.weighted:
        parts.append("Samples are weighted (the weight column): every count, rate and "
                     "metric is a sum of weights.")
    if ev.folds is not None:
        f = ev.folds
        parts.append(f"The scores are out-of-fold predictions of {len(f.levels)} folds "
                     f"(column '{f.name}'). " + f.headline_note + " See "
                     "'Cross-validation'.")
    if ev.groups:
        described = ", ".join(f"'{name}' ({len(g.levels)} groups)"
                              for name, g in ev.groups.items())
        parts.append(f"Subgroups by {described}: each group's metrics are those of its "
                     f"rows alone" + (", pooled over the folds" if ev.folds else "")
                     + "; see 'Subgroups'.")
    return " ".join(parts)


def structure_paragraph(report, ev):
    """Page 1's paragraph on weights, folds and groupings (none when there are none)."""
    note = structure_note(ev)
    if note:
        report.add_paragraph(note)


def structure_sections(report, ev, *, ci, family):
    """The Cross-validation and Subgroups sections, those the evaluation has."""
    cross_validation_section(report, ev)
    subgroup_sections(report, ev, ci=ci, family=family)


def _cell(value, ci=None, digits=3):
    if isinstance(value, float) and math.isnan(value):
        return NOT_AVAILABLE
    return ci.format(digits) if ci is not None else format_number(value, digits)


def _forest_figure(ev, grouping, metric, family):
    g = ev.groups[grouping]
    k = len(ev.model_names)
    height = 1.2 + ROW_HEIGHT * len(g.levels) * (1 + 0.35 * (k - 1))
    with figure_style("report", family):
        fig = Figure(figsize=(7.0, height), layout="constrained")
        ax, table = fig.subplots(1, 2, sharey=True, width_ratios=[2.4, 1.25 if k == 1
                                                                    else 0.35])
        ForestPlotDisplay.from_evaluation(ev, metric, grouping=grouping, ax=ax,
                                          table_ax=table)
    return fig


def subgroup_sections(report, ev, *, ci, family):
    """A "Subgroups" section per grouping of ``ev.groups`` (nothing without groups)."""
    if not ev.groups:
        return
    level = f"{100 * ev.interval_options.confidence_level:g} %"
    for grouping, g in ev.groups.items():
        report.add_section(f"Subgroups: {grouping}")
        sizes = ", ".join(f"{level_!s} {n:,}" for level_, n in g.sizes.items())
        report.add_paragraph(
            f"{len(g.levels)} groups by '{grouping}' (rows: {sizes}). Each group's "
            f"numbers are the metrics of its rows alone, with the overall positive class "
            f"and threshold; the overall value is the dashed line. A group whose metric "
            f"is undefined keeps its row as 'n/a'.")
        for metric in _headline(ev, FOREST):
            report.add_figure(_forest_figure(ev, grouping, metric, family), caption=(
                f"{metric} per '{grouping}' group with its {level} interval (the "
                f"methods of the summary table); n: the group's rows."))
        _gap_table(report, ev, g, level)
        if ev.task == "binary":
            _fairness_table(report, ev, g, level)
            if ci:
                _auc_tests(report, ev, g)
        _unavailable(report, ev, g)


def _gap_table(report, ev, g, level):
    rows = []
    notes = []
    for metric in _headline(ev, HEADLINE):
        for model in ev.model_names:
            gap = g.difference(metric, model)
            gaps = g.gaps_to_overall(metric, model)
            defined = [v for v in gaps.values() if not math.isnan(v)]
            far = max(defined, key=abs) if defined else math.nan
            overall = ev.metrics_table.rows[model][metric]
            rows.append([metric, model, _cell(overall),
                         NOT_AVAILABLE if math.isnan(far) else format_difference(far),
                         NOT_AVAILABLE if gap.high is None else f"{gap.high} − {gap.low}",
                         _cell(gap.difference, gap.ci)])
            if gap.note and gap.note not in notes:
                notes.append(gap.note)
    report.add_table(rows, header=["Metric", "Model", "Overall", "Largest gap to overall",
                                   "Groups", f"Largest gap [{level} CI]"],
                     align=["left", "left", "right", "right", "left", "right"],
                     caption=f"Gaps between '{g.name}' groups: the group farthest from "
                             f"the overall value, and the highest minus the lowest group.")
    report.add_paragraph(
        "Gap to overall: a point estimate (a group is part of the overall rows). "
        "Largest gap: " + "; ".join(dict.fromkeys(
            n.split("; ")[0] for n in notes)) + "." + (
            " With more than two groups, the pair is the largest and the smallest, "
            "chosen after seeing the data: its interval does not allow for the choice."
            if len(g.levels) > 2 else ""))


def _fairness_table(report, ev, g, level):
    rows = []
    for model in ev.model_names:
        table = g.fairness(model)
        for group, rates in table.rates.items():
            rows.append([model, str(group), f"{g.sizes[group]:,}",
                         *(_cell(v.estimate, v.ci) for v in rates.values())])
        eod, dpd = table.equalized_odds_difference, table.demographic_parity_difference
        rows.append([model, "difference (max − min)", "",
                     *(_cell(table.gaps[r].difference, table.gaps[r].ci)
                       for r in ("TPR", "FPR", "Selection rate"))])
        rows.append([model, f"equalized odds difference ({eod.metric})", "",
                     _cell(eod.difference, eod.ci), "", ""])
        rows.append([model, "demographic parity difference", "", "", "",
                     _cell(dpd.difference, dpd.ci)])
    report.add_table(rows, header=["Model", "Group", "n", "TPR", "FPR", "Selection rate"],
                     align=["left", "left", "right", "right", "right", "right"],
                     caption=f"At the decision threshold {ev.threshold:g}: true and false "
                             f"positive rates and the share predicted positive, per "
                             f"'{g.name}' group, with Wilson {level} intervals; the "
                             f"differences with Newcombe's interval.")
    report.add_paragraph(
        "Equalized odds difference: the larger of the TPR and FPR differences between "
        "groups (Hardt, Price & Srebro 2016; fairlearn's equalized_odds_difference). "
        "Demographic parity difference: the difference of selection rates. A rate whose "
        "group has no positive (TPR) or no negative (FPR) is 'n/a'.")


def _auc_tests(report, ev, g):
    rows = []
    for model in ev.model_names:
        t = g.auc_test(model)
        if t.heterogeneity is None:
            rows.append([model, f"{len(t.groups)} group(s) testable", NOT_AVAILABLE,
                         NOT_AVAILABLE, NOT_AVAILABLE])
            continue
        h = t.heterogeneity
        rows.append([model, f"χ² of equal AUCs ({len(t.groups)} groups)",
                     format_number(h.statistic, 2), str(h.df), format_pvalue(h.pvalue)])
        if t.unpaired is not None:
            u = t.unpaired
            rows.append([model, f"unpaired DeLong, {t.groups[0]} − {t.groups[1]}",
                         f"D = {format_number(u.statistic, 2)}", f"{u.df:.1f}",
                         format_pvalue(u.pvalue)])
    report.add_table(rows, header=["Model", "Test", "Statistic", "df", "p"],
                     align=["left", "left", "right", "right", "right"],
                     caption=f"Does the AUC differ between '{g.name}' groups? The groups "
                             f"are independent samples.")
    excluded = {level: why for model in ev.model_names
                for level, why in g.auc_test(model).excluded.items()}
    report.add_paragraph(
        "χ²: Cochran's Q of the groups' AUCs weighted by their inverse DeLong "
        "variances, on k − 1 df. Unpaired DeLong (two groups): D = (A₁ − A₂) / "
        "√(V₁ + V₂) with a Welch-Satterthwaite t reference, as pROC's "
        "roc.test(paired = FALSE)." + (
            " Left out: " + "; ".join(f"{k}: {v}" for k, v in excluded.items()) + "."
            if excluded else ""))


def _unavailable(report, ev, g):
    missing = {level: why for level, why in g.reasons.items() if why}
    if missing:
        report.add_paragraph("Not evaluated alone: " + "; ".join(missing.values()) + ".")


def cross_validation_section(report, ev):
    """The "Cross-validation" section of ``ev.folds`` (nothing without folds)."""
    f = ev.folds
    if f is None:
        return
    metrics = _headline(ev, HEADLINE)
    report.add_section("Cross-validation")
    report.add_paragraph(
        f"{len(f.levels)} folds (column '{f.name}'; rows: "
        + ", ".join(f"{k} {n:,}" for k, n in f.sizes.items()) + "). "
        + f.headline_note)
    for model in ev.model_names:
        rows = []
        per_fold = {m: f.per_fold(m, model) for m in metrics}
        for fold in f.levels:
            rows.append([str(fold), f"{f.sizes[fold]:,}",
                         *(_cell(per_fold[m][fold]) for m in metrics)])
        summaries = [f.mean_sd(m, model) for m in metrics]
        rows.append(["mean ± SD", "", *(
            NOT_AVAILABLE if s.n_folds == 0 else
            f"{format_number(s.mean, 3)} ± "
            f"{format_number(s.sd, 3) if s.n_folds > 1 else NOT_AVAILABLE}"
            for s in summaries)])
        rows.append(["pooled (headline)", f"{ev.n_samples:,}",
                     *(_cell(s.pooled) for s in summaries)])
        report.add_table(rows, header=["Fold", "n", *metrics],
                         align=["left", "right", *["right"] * len(metrics)],
                         caption=f"{model}: each fold's metrics, their mean ± SD across "
                                 f"folds (n − 1), and the pooled value.")
        missing = {fold: why for s in summaries for fold, why in s.missing.items()}
        if missing:
            report.add_paragraph("Counted out of the mean: "
                                 + "; ".join(dict.fromkeys(missing.values())) + ".")
