"""
Cumulative gain and lift charts, with the KS statistic
======================================================

:class:`~evalplots.display.CumulativeGainDisplay` answers the marketing question
"if we act on the top x% of the ranking, which share of the positives do we
reach?". Each point is one distinct score threshold (tied scores are targeted
together): the share of samples targeted (x) and the share of positives among them
(y). The random model is the diagonal; the perfect model reaches every positive
after targeting the prevalence P / n.

The KS statistic, the largest gap between the shares of positives and of
negatives targeted at one threshold (the two-sample Kolmogorov-Smirnov distance
between the classes' scores), is drawn as a vertical segment at that threshold and
written in the legend with its threshold. ``kind='lift'`` draws gain / share
targeted: how many times better than random the top of the ranking is.
"""

# %%
# Gain and lift of the two bundled models
# ---------------------------------------
import pathlib

import matplotlib.pyplot as plt

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import CumulativeGainDisplay
from evalplots.metrics import ks_statistic, lift_curve

data = load_breast_cancer_predictions()
fig, (ax_gain, ax_lift) = plt.subplots(1, 2, figsize=(9, 4.5), layout="constrained")
gains = {}
for name, score in data.scores.items():
    gains[name] = CumulativeGainDisplay.from_predictions(
        data.y_true, score, pos_label=data.pos_label, name=name, ax=ax_gain
    )
    CumulativeGainDisplay.from_predictions(
        data.y_true, score, pos_label=data.pos_label, name=name, ax=ax_lift,
        kind="lift",
    )
ax_gain.set_title("Cumulative gain (breast cancer, out-of-fold)")
ax_lift.set_title("Lift")

# %%
# The numbers behind the charts
# -----------------------------
# ``ks_statistic`` returns the statistic and the (highest) threshold reaching it;
# ``lift_curve`` the lift at every threshold (the gain curve's origin, 0/0, is
# left out). Naive Bayes gives many samples the same probability (1.0 to double
# precision), so its first threshold already targets a large block of tied
# samples: ties are never split.
for name, score in data.scores.items():
    ks = ks_statistic(data.y_true, score, pos_label=data.pos_label)
    queue_rate, lift, _ = lift_curve(data.y_true, score, pos_label=data.pos_label)
    print(f"{name:22s} KS = {ks.statistic:.3f} at {ks.threshold:.3g}; first "
          f"threshold targets {queue_rate[0]:.1%} with lift {lift[0]:.2f}")
    assert gains[name].ks == ks

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
