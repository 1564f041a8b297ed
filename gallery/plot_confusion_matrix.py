"""
Confusion matrix: rows = true class, or transposed
==================================================

:class:`~evalplots.display.ConfusionMatrixDisplay` keeps the matrix as
:func:`evalplots.metrics.confusion_matrix` returns it (rows = true class,
columns = predicted class) and draws it with seaborn's heatmap. With
``transposed=True`` it draws predicted classes on the rows and true classes on
the columns — the layout of Thakur's *Approaching (Almost) Any Machine Learning
Problem* — and the axis titles, tick labels and cell texts follow.

Cell texts are dark or white according to the luminance of the cell colour,
so they stay readable with any colormap.
"""

# %%
# A 3-class example, both layouts
# -------------------------------
import matplotlib.pyplot as plt

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
plt.show()
