"""
ROC curves: two models on one axes
==================================

:class:`~evalplots.display.RocCurveDisplay` computes the ROC curve with
:func:`evalplots.metrics.roc_curve`, writes the area under it in the legend
("name (AUC = 0.99)") and draws the chance diagonal once per axes. Calling
``from_predictions`` again with the same ``ax`` adds a model; all entries of a
legend share one number of decimals (0.9953 needs three, so 0.9768 shows as
0.977). Operating points, iso-F1 curves and cross-validation folds are in
``plot_curve_features.py``.

The left panel uses the bundled real sample (out-of-fold probabilities of two
scikit-learn models on the Wisconsin breast-cancer data); the right panel the
16-sample example of the P-R/ROC seed, whose tied scores give diagonal segments.
"""

# %%
# Load the predictions
# --------------------
import pathlib

import matplotlib.pyplot as plt

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import RocCurveDisplay

data = load_breast_cancer_predictions()
print(data.description)

# %%
# Draw both models, then the textbook example
# -------------------------------------------
# ``drop_intermediate=False`` keeps one point per distinct score, so the ROC
# points of the worked example can be read off the figure: FPR 0, 0, 1/9, ...
fig, (ax_real, ax_seed) = plt.subplots(1, 2, figsize=(9, 4.5), layout="constrained")
displays = [
    RocCurveDisplay.from_predictions(
        data.y_true, score, pos_label=data.pos_label, name=name, ax=ax_real
    )
    for name, score in data.scores.items()
]
ax_real.set_title("Breast cancer, out-of-fold")

y_true = [0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0]
y_score = [
    0.2,
    0.28,
    0.1,
    0.6,
    0.5,
    0.3,
    0.6,
    0.8,
    0.2,
    0.25,
    0.4,
    0.2,
    0.5,
    0.3,
    0.18,
    0.18,
]
seed = RocCurveDisplay.from_predictions(
    y_true,
    y_score,
    name="seed example",
    drop_intermediate=False,
    ax=ax_seed,
    marker="o",
)
ax_seed.set_title("16 samples with tied scores")

for display in displays + [seed]:
    print(f"{display.line_.get_label():45s} {display.fpr.size} points")

# %%
# The curve's artists stay available: ``line_``, ``chance_level_``, ``ax_``,
# ``figure_``. Both models share one chance line.
assert displays[0].chance_level_ is displays[1].chance_level_

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
