"""
DET curves: miss rate against false-alarm rate on normal-deviate axes
=====================================================================

:class:`~evalplots.display.DetCurveDisplay` plots the false negative rate (miss
rate) against the false positive rate (false-alarm rate) of every threshold, both
on the normal-deviate scale ``Φ⁻¹(rate)`` of Martin et al. (Eurospeech 1997), with
ticks in percent as in scikit-learn. The scale spreads out the low-error corner
where good models differ, and scores that are normal within each class give
straight lines.

The left panel uses the bundled real sample (out-of-fold probabilities of two
scikit-learn models on the Wisconsin breast-cancer data); the right panel two
simulated binormal models, whose DET curves are straight lines of slope -1.
"""

# %%
# Two models on the bundled sample
# --------------------------------
import pathlib

import matplotlib.pyplot as plt
import numpy as np

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import DetCurveDisplay
from evalplots.metrics import det_curve

data = load_breast_cancer_predictions()
fig, (ax_real, ax_sim) = plt.subplots(1, 2, figsize=(9, 4.5), layout="constrained")
displays = {
    name: DetCurveDisplay.from_predictions(
        data.y_true, score, pos_label=data.pos_label, name=name, ax=ax_real
    )
    for name, score in data.scores.items()
}
ax_real.set_title("Breast cancer, out-of-fold")

# %%
# Rates of 0 and 1 are kept
# -------------------------
# A rate of exactly 0 or 1 lies at -inf or +inf on the normal-deviate scale. The
# stored arrays keep those points; only the drawing puts them beyond the axis
# limits, so the line runs off the axes towards them.
fpr, fnr, thresholds = det_curve(
    data.y_true, data.scores["logistic_regression"], pos_label=data.pos_label
)
print(f"first point: FPR = {fpr[0]:.3f}, FNR = {fnr[0]:.3f}")
print(f"last point:  FPR = {fpr[-1]:.3f}, FNR = {fnr[-1]:.3f}")
logistic = displays["logistic_regression"]
assert logistic.fpr[-1] == 0.0  # not clipped to eps

# %%
# Binormal scores give straight lines
# -----------------------------------
# With scores N(0, 1) for negatives and N(d', 1) for positives, FNR = Φ(t - d')
# and FPR = 1 - Φ(t), so Φ⁻¹(FNR) = -Φ⁻¹(FPR) - d': a line of slope -1 that is
# d' below the chance line.
rng = np.random.default_rng(0)
y_sim = rng.integers(0, 2, 20_000)
for d_prime in (1.0, 2.0):
    DetCurveDisplay.from_predictions(
        y_sim, rng.normal(size=y_sim.size) + d_prime * y_sim,
        name=f"d' = {d_prime:g}", ax=ax_sim,
    )
ax_sim.set_title("Binormal scores, 20,000 samples")

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
