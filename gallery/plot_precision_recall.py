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

The break-even point (BEP), where P = R on the sawtooth curve, is marked and
labelled in both. For the worked example of the book (y_true = [1, 0, 0, 1, 0,
1]) it is 2/3: the operating point at k = m⁺ = 3, a vertex of both drawings.
"""

# %%
# The worked example, both drawings
# ---------------------------------
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
plt.show()
