"""
Prediction error of regression models
=====================================

:class:`~evalplots.display.PredictionErrorDisplay` draws three figures of a
regression model's errors, chosen with ``kind``:

- ``"actual_vs_predicted"``: actual against predicted values on equal axis ranges,
  with the identity line y = x (perfect prediction);
- ``"residual_vs_predicted"`` (the default, as in scikit-learn): the residuals
  actual − predicted against the predicted values, with the zero line;
- ``"residual_distribution"``: the histogram of the residuals, with the zero line
  and the mean residual in the legend.

A positive residual means the model under-predicts. The data are synthetic and
seeded: one model is unbiased, the other shrinks its predictions towards the mean,
which shows as a tilt in the residuals.
"""

# %%
# Two models, one figure, one row per model
# -----------------------------------------
import pathlib

import matplotlib.pyplot as plt
import numpy as np

from evalplots.display import PredictionErrorDisplay

rng = np.random.default_rng(0)
y_true = rng.normal(50.0, 10.0, 500)
predictions = {
    "unbiased": y_true + rng.normal(0.0, 4.0, y_true.size),
    "shrunk": 0.6 * y_true + 20.0 + rng.normal(0.0, 4.0, y_true.size),
}
kinds = ["actual_vs_predicted", "residual_vs_predicted", "residual_distribution"]

fig, axes = plt.subplots(2, 3, figsize=(12, 8), layout="constrained")
displays = {}
for row, (name, y_pred) in zip(axes, predictions.items()):
    for ax, kind in zip(row, kinds):
        displays[name, kind] = PredictionErrorDisplay.from_predictions(
            y_true, y_pred, kind=kind, name=name, ax=ax
        )

for name in predictions:
    print(f"{name:9s} {displays[name, 'residual_distribution'].mean_line_.get_label()}")

# %%
# Many samples: a hexbin of all of them, or a stated subsample
# ------------------------------------------------------------
# Above 1,000 points the scatter would be a blot, so every sample is drawn as a
# hexbin density instead (the colour counts the samples in each hexagon, on a log
# scale, so single outliers stay visible). ``subsample=`` draws a reproducible
# random subset instead. Either way the title says what is shown.
n_large = 200_000
y_true_large = rng.normal(50.0, 10.0, n_large)
y_pred_large = 0.6 * y_true_large + 20.0 + rng.normal(0.0, 4.0, n_large)

fig_large, (ax_hexbin, ax_subsample) = plt.subplots(
    1, 2, figsize=(10, 4.5), layout="constrained"
)
hexbin = PredictionErrorDisplay.from_predictions(
    y_true_large, y_pred_large, name="shrunk", ax=ax_hexbin
)
subsampled = PredictionErrorDisplay.from_predictions(
    y_true_large, y_pred_large, name="shrunk", subsample=1_000, random_state=0,
    ax=ax_subsample,
)
for display in (hexbin, subsampled):
    print(display.ax_.get_title().replace("\n", " | "))

# %%
# The artists stay available: ``hexbin_`` (its counts sum to the number of
# samples), ``scatter_``, ``line_``, ``hist_``, ``mean_line_``, ``ax_``,
# ``figure_``; those not drawn are None.
assert hexbin.hexbin_.get_array().sum() == n_large and hexbin.scatter_ is None

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
