"""
One evaluation per task: the numbers once, every figure from them
==================================================================

:func:`evalplots.evaluate` reads the task from the arrays (or takes ``task=``) and
returns a binary, multi-class or regression evaluation. It sorts and counts each
model's scores once; its metrics table (``.to_frame()``, and the HTML view in a
notebook), its ``*_display(name)`` Displays and the PDF report all read from it.

This example evaluates the bundled handwritten-digits sample (10 classes,
out-of-fold probabilities of two scikit-learn models) and draws, for one model,
the one-vs-rest ROC curves, the per-class scores and the confusion matrix with
counts and row shares.
"""

# %%
# The metrics table
# -----------------
import pathlib
import warnings

import matplotlib.pyplot as plt

from evalplots import evaluate
from evalplots.datasets import load_digits_predictions

data = load_digits_predictions()
ev = evaluate(data.y_true, data.predictions, task=data.task)
# An undefined or infinite value warns once, naming its model: here the naive Bayes
# model gives some true classes probability exactly 0, so its log loss is inf.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    table = ev.to_frame()
for w in caught:
    print("warning:", w.message)
print(table.round(4))

# %%
# Figures built from the evaluation (nothing is recomputed)
# ---------------------------------------------------------
fig, (roc_ax, report_ax) = plt.subplots(1, 2, figsize=(11, 5), layout="constrained")
roc = ev.roc_display("logistic_regression").plot(ax=roc_ax, plot_chance_level=True)
report = ev.classification_report_display("logistic_regression").plot(ax=report_ax)

fig, cm_ax = plt.subplots(figsize=(7, 6), layout="constrained")
cm = ev.confusion_matrix_display("gaussian_naive_bayes").plot(
    ax=cm_ax, normalize="true", values="both", values_format=".0%")

# %%
# The macro-average AUC of the legend is the table's "Macro OvR AUC".
print(f"macro AUC in the legend: {roc.roc_auc[-1]:.4f}; "
      f"in the table: {table.loc['logistic_regression', 'Macro OvR AUC']:.4f}")

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
