"""
Choosing a threshold: precision, recall and F1 against the threshold
=====================================================================

:class:`~evalplots.display.MetricThresholdCurveDisplay` draws every metric of the
confusion matrix as the exact step function of the decision threshold (a sample is
positive when its score is >= t), computed from one sort of the scores with
:func:`evalplots.metrics.metrics_at_thresholds`. It marks a chosen threshold (each
metric's value there goes into the legend) and the optimal thresholds of
:func:`evalplots.metrics.optimal_threshold`: the largest F1, the largest Youden's
J = TPR - FPR, or the smallest cost. A stratified bootstrap band shows how much each
curve would move on another sample of the same size.

The data are the bundled out-of-fold probabilities of two scikit-learn models on
the Wisconsin breast-cancer data (positive class: malignant, coded 1).
"""

# %%
# The table behind the figure
# ---------------------------
import pathlib

import matplotlib.pyplot as plt

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import MetricThresholdCurveDisplay
from evalplots.metrics import metrics_at_thresholds, optimal_threshold

data = load_breast_cancer_predictions()
score = data.scores["logistic_regression"]
table = metrics_at_thresholds(data.y_true, score, pos_label=data.pos_label)
print(table.to_frame().head())

for criterion in ("youden", "f1"):
    print(optimal_threshold(data.y_true, score, criterion=criterion,
                            pos_label=data.pos_label))  # fmt: skip
# A missed malignancy costs ten false alarms:
costly = optimal_threshold(data.y_true, score, criterion="cost", cost_fn=10.0,
                           pos_label=data.pos_label)  # fmt: skip
print(costly)

# %%
# One display per model
# ---------------------
# The band is a pointwise 95% percentile band over 1000 stratified resamples,
# evaluated at 101 evenly spaced thresholds.
fig, axes = plt.subplots(1, 2, figsize=(10, 5), layout="constrained", sharey=True)
displays = {}
for ax, (name, score) in zip(axes, data.scores.items()):
    displays[name] = MetricThresholdCurveDisplay.from_predictions(
        data.y_true, score, pos_label=data.pos_label,
        metrics=("precision", "recall", "f1", "queue_rate"), threshold=0.5,
        plot_optimal=("f1", "cost"), cost_fn=10.0, plot_ci=True, random_state=0,
        name=name, ax=ax,
    )  # fmt: skip

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
