"""
Confusion matrix: rows = true class, or transposed
==================================================

:class:`~evalplots.display.ConfusionMatrixDisplay` keeps the matrix as
:func:`evalplots.metrics.confusion_matrix` returns it (rows = true class,
columns = predicted class) and draws it with seaborn's heatmap. With
``transposed=True`` it draws predicted classes on the rows and true classes on
the columns — the layout of Thakur's *Approaching (Almost) Any Machine Learning
Problem* — and the axis titles, tick labels and cell texts follow.

Cell texts are dark or white, whichever contrasts more with the cell colour (WCAG
contrast ratio), so they stay readable with any colormap. Tick labels and cell texts are
fitted to the cells, so the same call stays readable from 2 to 100 classes.
"""

# %%
# A 3-class example, both layouts
# -------------------------------
import pathlib

import matplotlib.pyplot as plt
import numpy as np

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import ConfusionMatrixDisplay

y_true = [0, 1, 2, 0, 1, 2, 0, 2, 2]
y_pred = [0, 2, 1, 0, 2, 1, 0, 0, 2]

fig, axes = plt.subplots(1, 2, figsize=(9, 4), layout="constrained")
for ax, transposed in zip(axes, [False, True]):
    display = ConfusionMatrixDisplay.from_predictions(
        y_true, y_pred, transposed=transposed, ax=ax
    )
    ax.set_title("transposed=True" if transposed else "transposed=False")
print(display.confusion_matrix)  # stored rows = true in both cases

# %%
# Real predictions at the threshold 0.5, normalized over the true classes
# -----------------------------------------------------------------------
# ``values='both'`` writes the count and, below it, the share of its true class.
data = load_breast_cancer_predictions()
score = data.scores["gaussian_naive_bayes"]
names = [data.label_names[0], data.label_names[1]]
display = ConfusionMatrixDisplay.from_predictions(
    data.y_true,
    (score >= 0.5).astype(int),
    normalize="true",
    values="both",
    values_format=".1%",
    display_labels=names,
    cmap="viridis",
)
display.ax_.set_title("Gaussian naive Bayes, threshold 0.5")

# %%
# Counts coloured, with the share of the true class
# -------------------------------------------------
# Without ``normalize``, ``values='both'`` keeps the colours on the counts and
# writes below each count its share of the row's true class. The bundled
# sample's ``label_names`` dict names the classes.
display = ConfusionMatrixDisplay.from_predictions(
    data.y_true,
    (data.scores["logistic_regression"] >= 0.5).astype(int),
    values="both",
    display_labels=data.label_names,
)
display.ax_.set_title("Logistic regression: counts (row %)")

# %%
# Forty classes
# -------------
# Tick labels turn vertical and shrink (down to 5 pt, then every k-th class is
# labelled); cell texts shrink to fit their cells and are left out below 5 pt.
# On the default figure 3-digit counts fit up to 25 classes; this figure is
# large enough (about 0.2 in per class) to show all 1600 counts.
rng = np.random.default_rng(0)
n_classes = 40
y_true_40 = rng.integers(0, n_classes, 20_000)
y_pred_40 = np.where(
    rng.random(20_000) < 0.8, y_true_40, rng.integers(0, n_classes, 20_000)
)
names_40 = [f"class_{i:02d}" for i in range(n_classes)]
fig, ax = plt.subplots(figsize=(9, 8.4), layout="constrained")
display = ConfusionMatrixDisplay.from_predictions(
    y_true_40, y_pred_40, display_labels=names_40, ax=ax
)
ax.set_title(f"{n_classes} classes")

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
