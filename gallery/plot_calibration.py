"""
Calibration curves: are the probabilities right?
================================================

:class:`~evalplots.display.CalibrationDisplay` bins the predicted probabilities with
:func:`evalplots.metrics.calibration_curve` and draws, for each non-empty bin, the
fraction of positives against the mean predicted probability. A calibrated model
lies on the dotted diagonal. Under the curve, an axes of the same width shows how
many samples each bin holds: a point resting on a handful of samples is noise. The
legend gives the Brier score (:func:`evalplots.metrics.brier_score_loss`) and the
expected calibration error (:func:`evalplots.metrics.expected_calibration_error`).

The data are the bundled out-of-fold probabilities of two scikit-learn models on the
Wisconsin breast-cancer data. Naive Bayes is famously over-confident: most of its
probabilities are 0 or 1.
"""

# %%
# Load the predictions
# --------------------
import pathlib

import matplotlib.pyplot as plt

from evalplots.datasets import load_breast_cancer_predictions, load_digits_predictions
from evalplots.display import CalibrationDisplay
from evalplots.metrics import brier_score_loss, expected_calibration_error

data = load_breast_cancer_predictions()
print(data.description)

# %%
# Uniform and quantile bins
# -------------------------
# Each ``ax`` is split by the Display: the curve keeps the top three quarters, the
# counts take the bottom quarter. Calling ``from_predictions`` again with the same
# ``ax`` adds a model to both. Uniform bins have equal widths (the counts vary);
# quantile bins hold about equal counts (the widths vary), which puts more points
# where the probabilities are dense.
fig, (ax_uniform, ax_quantile) = plt.subplots(
    1, 2, figsize=(11, 5.5), layout="constrained"
)
displays = {}
for strategy, ax in (("uniform", ax_uniform), ("quantile", ax_quantile)):
    for name, y_prob in data.scores.items():
        displays[strategy, name] = CalibrationDisplay.from_predictions(
            data.y_true, y_prob, pos_label=data.pos_label, n_bins=10,
            strategy=strategy, name=name, ax=ax,
        )
    ax.set_title(f"strategy={strategy!r}")

for (strategy, name), display in displays.items():
    print(f"{strategy:9s} {display.line_.get_label():55s} bins: {display.counts.size}")

# %%
# Multi-class: top-label calibration
# ----------------------------------
# With a probability matrix, the Brier score sums the squared errors over the
# classes (range [0, 2]) and the ECE bins the top-label confidence (the largest
# probability of each row) against whether the top label is right (Guo et al. 2017).
digits = load_digits_predictions()
for name, proba in digits.predictions.items():
    brier = brier_score_loss(digits.y_true, proba)
    ece = expected_calibration_error(digits.y_true, proba, n_bins=15)
    print(f"digits, {name:20s} Brier = {brier:.3f}, top-label ECE = {ece:.3f}")

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
