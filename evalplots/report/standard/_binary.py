"""The standard report of binary classifiers: summary, ROC, P-R, confusion pages.

Every number and curve comes from a :class:`~evalplots.evaluation.BinaryEvaluation`;
the Displays are built from its stored arrays, so nothing here sorts a score.
"""

import math

import numpy as np

from evalplots.report.standard._figures import (
    binary_confusion_figure,
    calibration_figure,
    calibration_models,
    chunks,
    decision_curve_figure,
    RANKING_ROWS,
    precision_recall_figure,
    ranking_figure,
    roc_page_figure,
    score_distribution_figure,
    shared_score_bins,
    threshold_figure,
)
from evalplots.metrics._format import (
    NOT_AVAILABLE,
    format_number,
    format_pvalue,
    format_threshold,
)
from evalplots.report.standard._common import (
    ModelView,
    Steps,
    ranked_models,
    infinite_note,
    new_report,
    quiet_figures,
    summary_tables,
)
from evalplots.report.standard._gates import gates_section
from evalplots.report.standard._provenance import provenance_section
from evalplots.report.standard._structure import structure_paragraph, structure_sections

__all__ = ["binary_report"]


def binary_report(ev, *, ci, title, description, author, invariant, progress,
                  provenance, max_models, gates=None):
    """Assemble the standard report of a BinaryEvaluation (see evaluation_report)."""
    names = ev.model_names
    summarised = max_models is not None and len(names) > max_models
    ranked = ranked_models(ev) if summarised else names
    # the curve and per-model pages: every model, or the max_models best by ROC AUC
    shown = ModelView(ev, ranked[:max_models]) if summarised else ev
    calibrated, skipped = calibration_models(shown)
    tick = Steps(["computing metrics",
                  *(["drawing the ranking of the models"] if summarised else []),
                  "drawing ROC curves", "drawing P-R curves",
                  "drawing metrics against the threshold",
                  *(["drawing calibration curves", "drawing decision curves"]
                    if calibrated else []),
                  "drawing score distributions",
                  *(f"confusion matrix: {name}" for name in shown.model_names)], progress)
    tick()
    ev.metrics_table  # computed under its own progress step
    report, family = new_report(
        ev, title=title, author=author, invariant=invariant,
        subtitle=f"{len(names)} model{'s' if len(names) > 1 else ''}, "
                 f"{ev.n_samples:,} samples, positive class: {ev.pos_name}, "
                 f"decision threshold {_threshold_text(ev)}")
    _summary(report, ev, description, ci, provenance, invariant,
             reference=ranked[0] if summarised else None, gates=gates)
    with quiet_figures():
        if summarised:
            tick()
            _ranking_section(report, ev, ranked, shown.model_names, ci, family)
        tick()
        _roc_page(report, shown, ci, family)
        tick()
        _precision_recall_page(report, shown, ci, family)
        tick()
        _threshold_page(report, shown, ci, family)
        if calibrated:
            tick()
            _calibration_page(report, shown, calibrated, skipped, ci, family)
            tick()
            _clinical_utility_page(report, shown, calibrated, family)
        tick()
        _score_distribution_page(report, shown, family)
        for name in shown.model_names:
            tick()
            _confusion_section(report, shown, name, family)  # on a page with room left
        structure_sections(report, ev, ci=ci, family=family)
    return report


def _ranking_section(report, ev, ranked, shown, ci, family):
    """Every model in one ranking (figures of RANKING_ROWS models each), and which
    models the pages after it show."""
    report.add_section("Ranking of the models")
    report.add_paragraph(
        f"{len(ranked)} models, too many to draw each on its own: the curves and the "
        f"per-model pages that follow show the {len(shown)} of highest ROC AUC "
        f"({', '.join(shown)}); every model is in the tables of the summary and in "
        f"the ranking below. For every model's pages, use --all-models (the "
        f"command) or max_models=None (evaluation_report); the report then grows "
        f"by about one page per model.")
    groups = chunks(ranked, RANKING_ROWS)
    for i, group in enumerate(groups):
        fig = ranking_figure(ev, group, ci=ci, highlighted=shown, family=family)
        caption = None if i < len(groups) - 1 else (
            "Every model, by decreasing ROC AUC: its ROC AUC (left) and average "
            "precision (right)"
            + (", each with its interval (DeLong for the AUC; for AP the method of "
               "the summary's table)" if ci else "")
            + f". Black: the {len(shown)} models drawn on the pages that follow; grey: "
            "the others.")
        report.add_figure(fig, caption=caption)


def _figure_groups(names):
    """The models of each figure of a per-model page: two (one row of panels), so
    that a page break can fall between rows and pages fill; the last three together
    rather than one alone (a single panel would be drawn across the page)."""
    groups = chunks(names, 2)
    if len(groups) > 1 and len(groups[-1]) == 1:
        groups[-2:] = [groups[-2] + groups[-1]]
    return groups


def _threshold_text(ev):
    """The decision threshold as the report's texts and tables write it."""
    return format_threshold(ev.threshold, precise=True)


def _band_text(ev, what, bands):
    """How the bands were computed, for a caption; which models have none and why
    (``bands``: model -> band or None)."""
    from evalplots.evaluation import MAX_TABLE_DRAWS

    o = ev.interval_options
    without = [name for name in ev.model_names if bands[name] is None]
    text = "" if len(without) == len(ev.model_names) else (
        f"Shaded: the {o.confidence_level:.0%} pointwise bootstrap band of {what} "
        f"(stratified resampling of positives and negatives, {o.n_resamples:,} "
        f"resamples, seed {o.random_state}, percentile intervals; pointwise, not "
        f"simultaneous).")
    if without:
        text += (f" No band for {', '.join(without)}: more than {MAX_TABLE_DRAWS:.0e} "
                 f"score slots x resamples (the band's resamples cost n x resamples), "
                 f"or a coarsened table.")
    return text.strip()


def _marker_text(ev, optimum):
    return (f"Diamonds: each model's operating point at the decision threshold "
            f"{_threshold_text(ev)} (scores >= {_threshold_text(ev)} predicted positive); "
            f"stars: "
            f"its {optimum}. Their values are in the table of operating points.")


def _roc_page(report, ev, ci, family):
    report.add_section("ROC curves")  # a full page: waits for one
    fig, invisible = roc_page_figure(ev, ci=ci, family=family)
    report.add_figure(fig, caption=(
        "Top: receiver operating characteristic of every model on the same samples "
        "(the legend gives each ROC AUC; dashed: a random ranking), and its top-left "
        "corner enlarged. "
        + _marker_text(ev, "Youden optimum, the threshold of largest J = TPR - FPR")
        + (" " + _band_text(ev, "the TPR at each fixed FPR (vertical averaging, "
                                "Fawcett 2006)", ev.roc_ci_bands) if ci else "")
        + " Bottom left: detection error tradeoff (DET), the miss rate (FNR) against "
        "the false-alarm rate (FPR) on normal-deviate axes, which spread out the "
        "low-error corner." + (
            f" Not visible there (no point with both rates strictly between 0 and 1, "
            f"e.g. perfectly separated scores): {', '.join(invisible)}."
            if invisible else "")
        + " Bottom right: cumulative gain, the share of positives found against the "
        "share of samples targeted from the top score down (dotted: a perfect "
        "ranking). Vertical bars: the KS statistic, the largest |TPR - FPR| over the "
        "thresholds (for a model better than chance, Youden's J of the table of "
        "operating points)."))


def _precision_recall_page(report, ev, ci, family):
    report.add_section("Precision-recall curves")
    empty = [n for n in ev.model_names
             if not ev[n].operating_points[0].tp + ev[n].operating_points[0].fp]
    report.add_figure(precision_recall_figure(ev, ci=ci, family=family), caption=(
        "Left: the step-wise curve (scikit-learn's drawing), whose area is the "
        "average precision (AP, as in the legend). Right: the textbook sawtooth "
        "through every operating point, joined by straight segments. Dots: "
        "break-even points (BEP, where precision = recall). Dashed black line, in "
        "both upper panels: chance level (the positive rate). Lower row: the same "
        "curves, enlarged around the break-even points. "
        + _marker_text(ev, "max-F1 point")
        + (f" No diamond for {', '.join(empty)}: no sample scores >= "
           f"{_threshold_text(ev)}, so precision is undefined there." if empty else "")
        + (" " + _band_text(ev, "the interpolated precision, max precision at recall "
                                ">= r (left panels only)", ev.precision_recall_ci_bands)
           if ci else "")))


#: Columns of the operating-points table.
_POINT_COLUMNS = ("Threshold", "TPR", "FPR", "Precision", "F1",
                  "TP", "FP", "TN", "FN")


def _count(value, weighted):
    return format_number(value, 2) if weighted else f"{int(value):,}"


def _threshold_page(report, ev, ci, family):
    report.add_section("Threshold", movable=True)  # may fill a page before a curve page
    groups = _figure_groups(ev.model_names)
    for group in groups[:-1]:
        report.add_figure(threshold_figure(ev, group, family=family))
    report.add_figure(threshold_figure(ev, groups[-1], family=family), caption=(
        "Precision, recall (= TPR), F1 and the false positive rate of each model at "
        "every threshold t (scores >= t predicted positive), drawn as the exact step "
        f"functions. Black dashed: the decision threshold {_threshold_text(ev)}, with each "
        "metric's value there in the legend; grey: the thresholds of largest "
        "Youden's J (= TPR - FPR) and of largest F1."))
    weighted = ev.weighted
    tables = {name: [[p.label, format_threshold(p.threshold, precise=True),
                      format_number(p.tpr), format_number(p.fpr),
                      format_number(p.precision), format_number(p.f1),
                      *(_count(v, weighted) for v in (p.tp, p.fp, p.tn, p.fn))]
                     for p in ev[name].operating_points] for name in ev.model_names}
    undefined = any(p.tp + p.fp == 0 for name in ev.model_names
                    for p in ev[name].operating_points)
    report.add_heading("Operating points", level=1)
    # the text first: it stays with the heading and the first table
    report.add_paragraph(
        "Below, for each model: the confusion matrix and its rates at the decision "
        f"threshold {_threshold_text(ev)} (scores >= {_threshold_text(ev)} predicted "
        "positive), at the threshold of largest Youden's J (= TPR - FPR) and at "
        "that of largest F1; ties go to the highest threshold (fewest samples "
        "predicted positive). The optimal thresholds are observed scores chosen on "
        "these same samples, so their rates are optimistic for new data."
        + (" Counts are sums of sample weights." if weighted else "")
        + (" Precision is n/a where no sample is predicted positive (0/0)."
           if undefined else ""))
    for name, rows in tables.items():
        report.add_table(rows, header=[name, *_POINT_COLUMNS],
                         align=["left", *["right"] * len(_POINT_COLUMNS)])
    _clinical_points_table(report, ev, ci)


def _interval_text(interval, ci):
    """A table cell: "estimate [low, high]" (the estimate alone without ``ci``), or
    'n/a' for None (the text under the table says why)."""
    if interval is None:
        return NOT_AVAILABLE
    return interval.format() if ci else interval.format_estimate()


def _clinical_points_table(report, ev, ci):
    """The sensitivity at fixed specificities and the likelihood ratios at the
    threshold, one row per model, with their intervals."""
    intervals = ev.operating_point_intervals
    columns = intervals.columns
    t = _threshold_text(ev)
    o = ev.interval_options
    level = f"{100 * o.confidence_level:g} %"
    # the ratios are read at the decision threshold; the sensitivities are not
    header = [column.replace("-", "−") + (f" at {t}" if column.startswith("LR") else "")
              for column in columns]
    report.add_table(
        [[name, *(_interval_text(intervals[name].get(c), ci) for c in columns)]
         for name in ev.model_names],
        header=["Model", *header], align=["left", *["right"] * len(columns)],
        caption=("Sensitivity at a fixed specificity, read off the ROC curve through "
                 "every distinct threshold (the highest sensitivity among the points of "
                 "that specificity, else the straight line between the two points "
                 "around it; pROC's coords), and the likelihood ratios at the decision "
                 f"threshold {t}: LR+ = TPR / FPR, LR− = FNR / TNR."
                 + (f" In brackets: {level} intervals; for the sensitivities a "
                    f"stratified bootstrap (pROC's ci.se: positives and negatives "
                    f"resampled apart, {o.n_resamples:,} resamples, seed "
                    f"{o.random_state}, percentile), for the ratios the log method "
                    f"(Simel, Samsa & Matchar 1991)." if ci else "")))
    missing = [f"{column.replace('-', '−')} of {name}: {why}"
               for column, by_model in intervals.notes.items()
               for name, why in by_model.items() if name in ev.model_names]
    if missing:
        report.add_paragraph("n/a: " + "; ".join(missing) + ".")


def _calibration_page(report, ev, names, skipped, ci, family):
    # one model: one panel, of a single column's width (not blown up to the page)
    width = 7.6 if len(names) > 1 else 3.6
    groups = _figure_groups(names)
    figures = [calibration_figure(ev, group, width=width, family=family)
               for group in groups]
    report.add_section("Calibration", movable=True)
    for fig in figures[:-1]:
        report.add_figure(fig, width=width / 7.6)
    report.add_figure(figures[-1], width=width / 7.6, caption=(
        "Reliability diagrams: for each of 10 equal-width bins of predicted "
        "probability (empty bins left out), the observed share of positives against "
        "the mean predicted probability; a calibrated model lies on the dashed "
        "diagonal, a point below it over-predicts the positive class. Bars below: "
        "the number of samples in each bin (a point on few samples is noisy)."))
    level = f"{100 * ev.interval_options.confidence_level:g} %"
    report.add_table(
        [_calibration_row(ev[name], ci) for name in names],
        header=["Model", "ECE", "Brier score", "Brier skill score",
                "Slope" + (f" [{level} CI]" if ci else ""),
                "Intercept" + (f" [{level} CI]" if ci else ""),
                "Spiegelhalter z", "p"],
        align=["left", *["right"] * 7],
        caption=("ECE: expected calibration error, the sample-weighted mean of "
                 "|observed share - mean probability| over the bins above (Naeini et "
                 "al. 2015). Brier score: the mean squared difference between the "
                 "probability and the outcome (0 is perfect); its skill score, 1 - "
                 "Brier / (π(1 - π)), the improvement on predicting the prevalence π "
                 "for everyone (1 is perfect, 0 no better)."))
    undefined = {name: ev[name].calibration_slope_intercept_note for name in names
                 if ev[name].calibration_slope_intercept is None}
    flat = [name for name in names if not _spiegelhalter_defined(ev[name])]
    report.add_paragraph(
        "Slope and intercept: logistic recalibration, logit P(y = 1) = a + b · "
        "logit(p) (Cox 1958). The slope b is 1 for calibrated predictions, below 1 "
        "when they are too extreme (the mark of overfitting); the intercept, a with b "
        "fixed at 1 (calibration-in-the-large), is 0 when the predictions are right on "
        "average, below 0 when too high." + (" Wald intervals." if ci else "")
        + " Spiegelhalter's z (1986) tests whether the Brier score is what calibrated "
        "predictions would give (positive: larger), with its two-sided p."
        + (" Slope and intercept n/a: " + "; ".join(
            f"{name}: {why}" for name, why in undefined.items()) + "." if undefined
           else "")
        + (" Spiegelhalter's z n/a: " + ", ".join(flat) + " (every probability is 0, "
           "½ or 1: the statistic has no variance)." if flat else ""))
    if skipped:
        report.add_paragraph("Not shown: " + "; ".join(
            f"{name} ({reason})" for name, reason in skipped.items()) + ".")


def _calibration_row(model, ci):
    """ECE, Brier score and its skill score, slope, intercept and Spiegelhalter's
    z and p of one model (n/a where undefined: the paragraph under says why)."""
    fit = model.calibration_slope_intercept
    test = model.spiegelhalter_test
    defined = _spiegelhalter_defined(model)
    return [model.name, format_number(model.expected_calibration_error),
            format_number(model.brier_score), format_number(model.brier_skill_score),
            _interval_text(None if fit is None else fit.slope, ci),
            _interval_text(None if fit is None else fit.intercept, ci),
            format_number(test.z, 2) if defined else NOT_AVAILABLE,
            format_pvalue(test.pvalue) if defined else NOT_AVAILABLE]


def _spiegelhalter_defined(model):
    """Whether Spiegelhalter's z of a probability model is defined (it is NaN when
    every probability is 0, ½ or 1: no variance)."""
    return not math.isnan(model.spiegelhalter_test.z)


#: Threshold probabilities of the net-benefit table (points of the decision curves).
NET_BENEFIT_AT = (0.05, 0.1, 0.2, 0.3, 0.5)


def _clinical_utility_page(report, ev, names, family):
    """The decision curves of the probability models ``names`` and their net
    benefit at a few threshold probabilities."""
    fig = decision_curve_figure(ev, names, family=family)
    curves = {name: ev[name].decision_curve for name in names}
    thresholds, _, treat_all = curves[names[0]]
    at = [int(np.flatnonzero(np.isclose(thresholds, p))[0]) for p in NET_BENEFIT_AT]
    grid = ", ".join(format_threshold(p) for p in thresholds[:2])
    report.add_section("Clinical utility", movable=True)
    report.add_figure(fig, caption=(
        "Decision curves (Vickers & Elkin 2006): the net benefit of treating the "
        "samples whose predicted probability is at least the threshold probability "
        f"p_t, NB = TP/N - FP/N · p_t / (1 - p_t), at p_t = {grid}, ..., "
        f"{format_threshold(thresholds[-1])}. The odds p_t / (1 - p_t) weigh a false "
        "positive against a true positive: whoever picks p_t = 0.2 (cost:benefit "
        "1:4, the top axis) holds one true positive worth four false positives. A "
        "model helps at the thresholds where its curve lies above both treating "
        "everyone (Treat all) and no one (Treat none, NB = 0); the y axis stops 10 % "
        "of the highest benefit below 0, where the treat-all line leaves it."))
    report.add_table(
        [*([name, *(format_number(float(curve[1][k])) for k in at)]
           for name, curve in curves.items()),
         ["Treat all", *(format_number(float(treat_all[k])) for k in at)]],
        header=["Net benefit at p_t", *(format_threshold(thresholds[k]) for k in at)],
        align=["left", *["right"] * len(at)],
        caption="The curves' values at a few threshold probabilities (treat none: 0).")


def _score_distribution_page(report, ev, family):
    shared = shared_score_bins(ev)
    figures = [score_distribution_figure(ev, group, family=family)
               for group in _figure_groups(ev.model_names)]
    report.add_section("Score distributions", movable=True)
    for fig in figures[:-1]:
        report.add_figure(fig)
    report.add_figure(figures[-1], caption=(
        f"Histograms of each model's scores, one per true class (negative: "
        f"'{ev.neg_name}', positive: '{ev.pos_name}'), each scaled to area 1 so "
        f"that the shapes compare whatever the class sizes; 30 equal-width bins, "
        + ("shared by all models. " if shared else "spanning each model's own scores "
           "(the models' scores are not all probabilities, so their scales differ). ")
        + f"Dashed line: the decision threshold {_threshold_text(ev)}; the share of the "
        "positive class right of it is the TPR, that of the negative class the FPR."))


def _describe(name, label):
    """"class 'malignant' (label 1)", or "label 1" when there is no name."""
    return f"label {label!r}" if name == str(label) else f"class '{name}' (label {label!r})"


def _summary(report, ev, description, ci, provenance, invariant, reference=None,
             gates=None):
    n, n_pos = ev.n_samples, ev.n_positive
    report.add_table_of_contents()
    report.add_heading("Summary")
    report.add_heading("Data", level=1)
    report.add_paragraph(
        f"{n:,} samples: {n_pos:,} positive ({100 * n_pos / n:.1f} %), "
        f"{_describe(ev.pos_name, ev.pos_label)}, and {n - n_pos:,} negative, "
        f"{_describe(ev.neg_name, ev.neg_label)}. Scores are of the positive class.")
    if description:
        report.add_paragraph(f"Source: {description}")
    structure_paragraph(report, ev)
    gates_section(report, gates)
    report.add_section("Metrics", level=1)
    t = _threshold_text(ev)
    caption = (
        f"Decision threshold {t}: a sample is predicted '{ev.pos_name}' when its "
        f"score is >= {t}. Accuracy, precision, recall, F1, specificity, NPV, MCC "
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
            "of a mean loss." + _large_table_text(ev) if ci else ""),
        reference=reference)
    # movable: it fills the first page when the metrics table does not fit there
    provenance_section(report, ev, provenance, ci=ci, invariant=invariant)


def _large_table_text(ev):
    """What the AP and BEP intervals of the models above the switch point are."""
    from evalplots.evaluation import MAX_TABLE_DRAWS

    large = [n for n in ev.model_names
             if getattr(ev.intervals[n].get("AP"), "method", None) == "influence-logit"]
    if not large:
        return ""
    return (f" AP of {', '.join(large)} (more than {MAX_TABLE_DRAWS:.0e} score slots x "
            f"resamples, where resampling costs n x resamples): normal on the logit "
            f"scale, with the variance of the linearised AP (the ideal bootstrap "
            f"variance of its linear part, from the influence of each sample); its "
            f"BEP: the same bootstrap, each resample drawn only at the scores the BEP "
            f"reads (a bisection of the resampled counts).")


def _confusion_section(report, ev, name, family):
    (tn, fp), (fn, tp) = ev[name].confusion_matrix.tolist()
    row = ev.metrics_table.rows[name]
    fig = binary_confusion_figure(ev, name, family=family)
    report.add_section(f"Confusion matrix: {name}", movable=True)
    report.add_paragraph(
        f"At threshold {_threshold_text(ev)}: {format_number(tp)} true positives, "
        f"{format_number(fp)} false positives, {format_number(fn)} false negatives, "
        f"{format_number(tn)} true negatives (precision "
        f"{format_number(row['Precision'])}, recall {format_number(row['Recall'])}).")
    report.add_figure(fig, caption="Left: rows are the true class, columns the predicted "
                                   "class. Right: the same counts transposed, predicted "
                                   "class on the rows.")
