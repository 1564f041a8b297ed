"""
Classification report as a heatmap
===================================

:class:`~evalplots.display.ClassificationReportDisplay` draws the per-class
precision, recall and F1 score — the rows of scikit-learn's
``classification_report`` — as a heatmap on the fixed colour scale [0, 1], with
the support in an uncoloured column and the accuracy, macro and weighted
averages below a blank row. ``from_predictions`` computes everything with
:func:`evalplots.metrics.precision_recall_fscore_support`; the constructor takes
the arrays directly, e.g. from an earlier evaluation.
"""

# %%
# Five named classes
# ------------------
# ``fish`` and ``ant`` are never predicted: their precision is 0/0, written as 0
# because of ``zero_division=0`` (the default, ``'warn'``, also warns).
import pathlib

import matplotlib.pyplot as plt

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import ClassificationReportDisplay
from evalplots.metrics import precision_recall_fscore_support

y_true = ["cat"] * 6 + ["dog"] * 5 + ["bird"] * 4 + ["fish"] * 2 + ["ant"]
y_pred = (["cat"] * 5 + ["dog"] + ["dog"] * 4 + ["cat"] + ["bird"] * 3 + ["cat"]
          + ["bird"] * 2 + ["cat"])  # fmt: skip
classes = ["cat", "dog", "bird", "fish", "ant"]
display = ClassificationReportDisplay.from_predictions(
    y_true, y_pred, labels=classes, zero_division=0
)
display.ax_.set_title("Five classes")
print(display.averages)

# %%
# The bundled sample, two models side by side
# -------------------------------------------
# The sample's ``label_names`` dict ``{0: 'benign', 1: 'malignant'}`` names the rows.
data = load_breast_cancer_predictions()
fig, axes = plt.subplots(1, 2, figsize=(10, 3.2), layout="constrained")
for ax, (name, score) in zip(axes, data.scores.items()):
    ClassificationReportDisplay.from_predictions(
        data.y_true,
        (score >= 0.5).astype(int),
        display_labels=data.label_names,
        ax=ax,
        colorbar=ax is axes[-1],
    )
    ax.set_title(f"{name}, threshold 0.5")

# %%
# From stored arrays
# ------------------
# An evaluation that has already computed the scores builds the Display through
# its constructor; ``averages`` takes triples (precision, recall, F1) or one
# number for the whole row.
precision, recall, f1, support = precision_recall_fscore_support(
    y_true, y_pred, labels=classes, average=None, zero_division=0
)
stored = ClassificationReportDisplay(
    precision, recall, f1, support, display_labels=[c.upper() for c in classes],
    averages={"accuracy": 12 / 18},
).plot(values_format=".0%", show_support=False)
stored.ax_.set_title("From arrays, in percent")

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
