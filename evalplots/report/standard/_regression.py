"""The standard report of regression models: the error table, then each model's figures."""


from evalplots.report.standard._figures import prediction_error_figure
from evalplots.metrics._format import format_quantity
from evalplots.report.standard._common import (
    Steps,
    new_report,
    quiet_figures,
    summary_tables,
)
from evalplots.report.standard._provenance import provenance_section
from evalplots.report.standard._structure import structure_paragraph, structure_sections

__all__ = ["regression_report"]


def regression_report(ev, *, ci, title, description, author, invariant, progress,
                      provenance):
    """Assemble the standard report of a RegressionEvaluation (see evaluation_report)."""
    names = ev.model_names
    tick = Steps(["computing metrics", *(f"prediction errors: {n}" for n in names)],
                 progress)
    tick()
    y = ev.target_stats
    report, family = new_report(
        ev, title=title, author=author, invariant=invariant,
        subtitle=f"{len(names)} regression model{'s' if len(names) > 1 else ''}, "
                 f"{ev.n_samples:,} samples")
    report.add_table_of_contents()
    report.add_heading("Summary")
    report.add_heading("Data", level=1)
    report.add_paragraph(
        f"{ev.n_samples:,} samples; the target ranges from {format_quantity(y['min'])} "
        f"to {format_quantity(y['max'])} (mean {format_quantity(y['mean'])}, standard "
        f"deviation {format_quantity(y['std'])}).")
    if description:
        report.add_paragraph(f"Source: {description}")
    structure_paragraph(report, ev)
    report.add_section("Metrics", level=1)
    caption = (
        "Errors of each model, in the unit of the target (MAE, RMSE), its square "
        "(MSE), on log(1 + y) (MSLE, RMSLE), as a fraction of the target (MPE, MAPE), "
        "and the coefficient of determination R².")
    explanation = (
        "MAE: mean |y - ŷ|. MSE: mean (y - ŷ)². RMSE: √MSE. MSLE: mean (log(1 + y) - "
        "log(1 + ŷ))². MPE: mean (y - ŷ)/y (signed). MAPE: mean |y - ŷ|/|y|. R²: 1 - "
        "Σ(y - ŷ)² / Σ(y - ȳ)² (Thakur, Approaching (Almost) Any Machine Learning "
        "Problem, 'Evaluation metrics').")
    summary_tables(
        report, ev, ci=ci, caption=caption, explanation=explanation, methods=(
            "MAE, RMSE and R²: bootstrap of the rows (plain: a continuous target has "
            "no classes to stratify by), BCa (RMSE and R² are non-linear and skewed; "
            "BCa corrects bias and skewness)."))
    # movable: it fills the first page when the metrics table does not fit there
    provenance_section(report, ev, provenance, ci=ci, invariant=invariant)
    with quiet_figures():
        for name in names:
            tick()
            fig = prediction_error_figure(ev, name, family=family)
            report.add_section(f"Prediction errors: {name}", movable=True)
            r = ev[name].residual_stats
            sampled = (f" (the median and percentiles of a sample of {r['sample']:,} rows, "
                       f"which the figure draws)" if r["sample"] is not None else "")
            report.add_paragraph(
                f"Residuals y - ŷ: mean {format_quantity(r['mean'])}, median "
                f"{format_quantity(r['median'])}, 5th to 95th percentile "
                f"{format_quantity(r['p5'])} to {format_quantity(r['p95'])}{sampled}.")
            report.add_figure(fig, caption=(
                "Left: true against predicted values; the diagonal is a perfect "
                "prediction. Middle: residuals (true - predicted) against the "
                "predictions; points above zero are under-predicted. Right: the "
                "distribution of the residuals."))
        structure_sections(report, ev, ci=ci, family=family)
    return report
