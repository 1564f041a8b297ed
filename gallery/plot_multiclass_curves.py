"""
Multi-class ROC and precision-recall curves, one-vs-rest
=========================================================

Give :class:`~evalplots.display.RocCurveDisplay` or
:class:`~evalplots.display.PrecisionRecallDisplay` a 2-D score matrix, one column
per class, and ``from_predictions`` draws, in one axes:

* one curve per class: class c against the rest, scored by column c;
* the **micro average**: the curve of the pooled binary problem of all
  (sample, class) pairs, one-hot labels against the raveled scores;
* the **macro average**: the exact mean of the class curves. For ROC it is the
  vertical average (Fawcett 2006, §10.1) over every class's FPR values, keeping
  both ends of each vertical run; for P-R it is the mean of the step functions
  that average precision integrates. Its area is therefore exactly the macro AUC
  (macro AP) -- not approximately, as an ``np.interp`` average on a fixed grid
  would be.

Every legend number is the matching scikit-learn score:
``roc_auc_score(y_true, y_score, multi_class='ovr', average=None | 'micro' |
'macro')`` and ``average_precision_score(y_true, y_score, average=...)``.
"""

# %%
# A small three-class example
# ---------------------------
# 30 flowers, 10 per species, with probabilities in tenths (many tied scores).
import pathlib

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from evalplots.display import PrecisionRecallDisplay, RocCurveDisplay
from evalplots.metrics import auc, average_precision_score, roc_auc_score

species = np.array(["setosa", "versicolor", "virginica"])
# fmt: off
codes = [2, 2, 2, 0, 2, 1, 1, 2, 1, 1, 0, 2, 1, 1, 0,
         1, 0, 0, 0, 0, 2, 1, 1, 0, 0, 2, 0, 2, 1, 2]
proba = np.array([
    [0, 2, 8], [2, 1, 7], [0, 7, 3], [9, 1, 0], [2, 6, 2], [2, 4, 4],
    [0, 5, 5], [4, 3, 3], [3, 1, 6], [1, 3, 6], [7, 3, 0], [1, 3, 6],
    [1, 3, 6], [3, 6, 1], [5, 1, 4], [1, 8, 1], [7, 2, 1], [6, 3, 1],
    [4, 3, 3], [8, 1, 1], [0, 3, 7], [2, 7, 1], [1, 7, 2], [9, 1, 0],
    [7, 3, 0], [0, 3, 7], [8, 1, 1], [1, 1, 8], [0, 6, 4], [1, 4, 5],
]) / 10
# fmt: on
y_true = species[codes]  # columns follow the sorted class names

fig, (ax_roc, ax_pr) = plt.subplots(1, 2, figsize=(10, 5), layout="constrained")
roc = RocCurveDisplay.from_predictions(y_true, proba, name="forest", ax=ax_roc)
pr = PrecisionRecallDisplay.from_predictions(
    y_true, proba, name="forest", drawstyle="sawtooth", ax=ax_pr
)
ax_roc.set_title("ROC, one-vs-rest")
ax_pr.set_title("Precision-recall (sawtooth), one-vs-rest")

# %%
# The legend numbers are scikit-learn's scores
# --------------------------------------------
# ``roc.roc_auc`` and ``pr.average_precision`` hold one value per curve: the
# classes in column order, then micro, then macro.
for average, auc_value, ap_value in zip(
    [None, None, None, "micro", "macro"], roc.roc_auc, pr.average_precision
):
    print(f"{str(average):6s} AUC = {auc_value:.4f}   AP = {ap_value:.4f}")
print("roc_auc_score, per class:", roc_auc_score(y_true, proba, multi_class="ovr", average=None))
print("average_precision_score, macro:", average_precision_score(y_true, proba))

# %%
# The macro curves are exact
# --------------------------
# The area under the drawn macro ROC curve is the macro AUC, and the step-wise
# area under the drawn macro P-R curve is the macro AP, to rounding error. The
# usual recipe -- ``np.interp`` of each class's TPR on ``linspace(0, 1, 1000)``,
# then the mean -- cuts the corners between grid points.
macro_roc, macro_pr = roc.line_[-1], pr.line_[-1]
exact_error = auc(macro_roc.get_xdata(), macro_roc.get_ydata()) - roc.roc_auc[-1]
grid = np.linspace(0, 1, 1000)
interp_tpr = np.mean([np.interp(grid, roc.fpr[c], roc.tpr[c]) for c in range(3)], axis=0)
interp_error = auc(grid, interp_tpr) - roc.roc_auc[-1]
recall, precision = macro_pr.get_xdata(), macro_pr.get_ydata()
ap_error = -np.sum(np.diff(recall) * precision[:-1]) - pr.average_precision[-1]
print(f"macro ROC: area - macro AUC = {exact_error:.1e} (np.interp grid: {interp_error:.1e})")
print(f"macro P-R: step area - macro AP = {ap_error:.1e}")

# %%
# The macro P-R curve has no operating points: it is the mean of step
# functions, not a curve traced by a threshold. It is drawn as steps whatever
# the drawstyle (its legend says ``AP``, the area of what is drawn) and has no
# break-even point; every class and the micro average keep their sawtooth and
# their BEP, written in their legend entry.
print("macro-average drawstyle:", macro_pr.get_drawstyle())

# %%
# Comparing models by their macro curves
# --------------------------------------
# The Displays keep the arrays they drew; the constructor takes them back, here
# one macro-average curve per model. ``average='macro'`` says what the curve is
# (for P-R it means: steps, no BEP).
rng = np.random.default_rng(0)
labels = rng.integers(0, 5, 400)
models = {}
for model, signal in [("weak", 0.8), ("strong", 2.0)]:
    logits = rng.normal(size=(400, 5)) + signal * np.eye(5)[labels]
    models[model] = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)

fig, ax = plt.subplots(figsize=(5, 5), layout="constrained")
for model, scores in models.items():
    # all the curves, drawn on an axes that is never shown
    full = RocCurveDisplay.from_predictions(labels, scores, ax=Figure().add_subplot())
    RocCurveDisplay(
        full.fpr[-1], full.tpr[-1], roc_auc=full.roc_auc[-1], name=model, average="macro"
    ).plot(ax=ax, legend_title="macro-average, 5 classes")
ax.set_title("Two models, macro-average ROC")

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
