"""
Precision-recall: the textbook sawtooth, scikit-learn's steps, and the BEP
==========================================================================

:class:`~evalplots.display.PrecisionRecallDisplay` draws the same operating
points two ways:

* ``drawstyle='sawtooth'`` — the textbook curve (Zhou Zhihua, *Machine Learning*
  §2.3): one point per distinct threshold, highest first, joined by straight
  segments (up-right at a positive, straight down at a negative), starting at
  (1/m⁺, 1) or (0, 0) — no invented (0, 1) point.
* ``drawstyle='steps-post'`` — scikit-learn's drawing. Its area is the average
  precision, which the legend reports as ``AP``; with the sawtooth the legend
  calls it ``step-wise AP``, because the area under straight segments is not AP.

The break-even point (BEP), where P = R on the sawtooth curve, is marked in
both, its value in the model's one legend entry ("toy (AP = 0.87, BEP = 0.67)"). For the worked example of the book (y_true = [1, 0, 0, 1, 0,
1]) it is 2/3: the operating point at k = m⁺ = 3, a vertex of both drawings.
"""

# %%
# The worked example, both drawings
# ---------------------------------
import pathlib

import matplotlib.pyplot as plt

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import PrecisionRecallDisplay, style

y_true = [1, 0, 0, 1, 0, 1]
y_score = [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]

fig, axes = plt.subplots(1, 2, figsize=(9, 4.5), layout="constrained")
for ax, drawstyle in zip(axes, ["sawtooth", "steps-post"]):
    display = PrecisionRecallDisplay.from_predictions(
        y_true,
        y_score,
        name="toy",
        drawstyle=drawstyle,
        plot_chance_level=True,
        marker=".",
        ax=ax,
    )
    ax.set_title(f"drawstyle={drawstyle!r}")
    print(
        f"{drawstyle:10s} vertices (R, P):",
        display.line_.get_xydata().round(3).tolist(),
    )
print(f"AP = {display.average_precision:.4f}, BEP = {display.break_even:.4f}")

# %%
# Tied scores across rank m⁺
# --------------------------
# Here two samples share the score 0.5 and straddle rank m⁺ = 2, so no threshold
# predicts exactly two positives. The sawtooth's straight segment across the tie
# block, from (1/2, 1) to (1, 2/3), meets P = R at 0.8: that is the BEP. The step
# drawing goes through the corner (1/2, 2/3) instead, so the marker sits on the
# sawtooth only.
fig, ax = plt.subplots(figsize=(4.5, 4.5), layout="constrained")
tie_true, tie_score = [1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1]
for drawstyle, linestyle in [("steps-post", ":"), ("sawtooth", "-")]:
    tie = PrecisionRecallDisplay.from_predictions(
        tie_true,
        tie_score,
        name=drawstyle,
        drawstyle=drawstyle,
        plot_break_even=drawstyle == "sawtooth",
        linestyle=linestyle,
        ax=ax,
    )
ax.plot([0, 1], [0, 1], color="0.6", linewidth=0.8, label="P = R")
ax.legend(loc="lower left")
ax.set_title("A tie block spans rank m⁺")
print(f"BEP with ties = {tie.break_even:.4f}")

# %%
# Real predictions, in a publication style
# ----------------------------------------
# Styles are context managers: nothing changes ``rcParams`` outside the block.
data = load_breast_cancer_predictions()
with style.context("paper"):
    fig, ax = plt.subplots(layout="constrained")
    for name, score in data.scores.items():
        PrecisionRecallDisplay.from_predictions(
            data.y_true, score, name=name, drawstyle="sawtooth", ax=ax
        )
    ax.set_title("Breast cancer, out-of-fold (sawtooth)")

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
