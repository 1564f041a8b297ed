"""
A PDF evaluation report, standard and extended
==============================================

:func:`evalplots.report.evaluation_report` assembles the standard report of one
or more binary models: a summary (data, contents, every metric with its
confidence interval and a comparison of every pair of models), the ROC curves of all models, the precision-recall curves
drawn step-wise and as the textbook sawtooth with each break-even point, and the
confusion matrices (two models per page, each in both layouts). It returns a :class:`evalplots.report.Report`,
so you can add your own sections before saving. The command line
``evalplots report -o report.pdf`` does the same for the bundled sample or a CSV.

The data are the bundled real sample: out-of-fold probabilities of malignancy
from two scikit-learn models on the Wisconsin diagnostic breast-cancer data
(1 = malignant; CC BY 4.0).
"""

# %%
# The standard report of the bundled sample
# -----------------------------------------
from matplotlib.figure import Figure

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import RocCurveDisplay
from evalplots.report import evaluation_report

data = load_breast_cancer_predictions()
report = evaluation_report(
    data.y_true,
    data.scores,
    threshold=0.5,
    pos_label=data.pos_label,
    label_names=data.label_names,
    description=data.description,
    title="Breast-cancer diagnosis: two models",
)

# %%
# Extend it with a section of your own
# ------------------------------------
# Headings enter the table of contents and the PDF outline; text is escaped, so
# names such as ``<baseline>`` print literally; figures stay vector graphics.
fig = Figure(figsize=(5, 4), layout="constrained")
ax = fig.add_subplot()
for name, y_score in data.scores.items():
    RocCurveDisplay.from_predictions(
        data.y_true, y_score, pos_label=data.pos_label, name=name, ax=ax,
        plot_chance_level=False,
    )
ax.set(xlim=(0, 0.2), ylim=(0.8, 1.0), aspect="auto", title="ROC, high-specificity region")

report.add_page_break()
report.add_heading("Appendix: high-specificity region")
report.add_paragraph(
    "Screening asks for few false alarms, so the region FPR <= 0.2 matters "
    "most: there the logistic regression finds more malignant cases than the "
    "naive Bayes model at every false-positive rate."
)
report.add_figure(fig, caption="ROC curves, enlarged.", width=0.7)

path = report.save("breast_cancer_report.pdf").resolve()  # where the script runs
print(f"wrote {path} ({report.page_count_} pages)")
