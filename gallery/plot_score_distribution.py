"""
Score distributions per class, with the threshold
=================================================

:class:`~evalplots.display.ScoreDistributionDisplay` shows the scores of each true
class: histograms on shared bins (densities, so that the small class is as visible
as the large one, or counts) or Gaussian kernel density estimates. The mass of the
positive class right of the threshold is the recall; that of the negative class the
false positive rate.

One display shows one model; for several models, draw one display per axes — here
one row per model, histogram and KDE side by side, on the bundled breast-cancer
predictions.
"""

# %%
import pathlib

import matplotlib.pyplot as plt
import numpy as np

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import ScoreDistributionDisplay

data = load_breast_cancer_predictions()
fig, axes = plt.subplots(2, 2, figsize=(9, 7), layout="constrained", sharex=True)
displays = []
for row, (name, score) in zip(axes, data.scores.items()):
    displays.append(ScoreDistributionDisplay.from_predictions(
        data.y_true, score, bins=np.linspace(0, 1, 21), threshold=0.5, name=name, ax=row[0],
        histtype="stepfilled",
    ))  # fmt: skip
    displays.append(ScoreDistributionDisplay.from_predictions(
        data.y_true, score, kind="kde", threshold=0.5, name=name, ax=row[1],
    ))  # fmt: skip
axes[0, 0].set_title("histogram (density)")
axes[0, 1].set_title("kernel density")

# %%
# With 0.5 on a bin edge, the positives' density mass right of the line is exactly
# the recall at threshold 0.5:
from evalplots.metrics import recall_score  # noqa: E402

hist = displays[0]
mass = (hist.values[1] * np.diff(hist.x))[hist.x[:-1] >= 0.5].sum()
recall = recall_score(data.y_true, data.scores["logistic_regression"] >= 0.5)
print(f"class-1 mass right of 0.5: {mass:.4f}; recall at 0.5: {recall:.4f}")

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
