"""pytest-mpl image tests of every Display (baselines in ../baseline_images).

Run ``pytest --mpl tests/test_image_comparison.py`` to compare;
``pytest --mpl-generate-path=baseline_images tests/test_image_comparison.py`` to
regenerate (then look at every PNG before committing). Figures are 4 in wide at
100 dpi and built without pyplot, so baselines stay small and tests independent.
"""

import pytest
from matplotlib.figure import Figure

from evalplots.display import (
    ConfusionMatrixDisplay,
    PrecisionRecallDisplay,
    RocCurveDisplay,
)

# Seed 004: 16 samples (7 positives) with tied scores, and a second, better model.
Y16 = [0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0]
S16_A = [
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
S16_B = [
    0.1,
    0.7,
    0.3,
    0.9,
    0.65,
    0.45,
    0.5,
    0.95,
    0.15,
    0.55,
    0.2,
    0.35,
    0.6,
    0.05,
    0.4,
    0.25,
]
# Seed 000 (watermelon book §2.3): BEP 2/3.
Y6 = [1, 0, 0, 1, 0, 1]
S6 = [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]
# The 3-class example: rows = true [[3, 0, 0], [0, 0, 2], [1, 2, 1]].
Y3_TRUE = [0, 1, 2, 0, 1, 2, 0, 2, 2]
Y3_PRED = [0, 2, 1, 0, 2, 1, 0, 0, 2]

compare = pytest.mark.mpl_image_compare(tolerance=2)


def _axes(width=4.0, height=4.0):
    figure = Figure(figsize=(width, height), dpi=100, layout="constrained")
    return figure, figure.add_subplot()


@compare
def test_roc_two_models():
    figure, ax = _axes()
    RocCurveDisplay.from_predictions(Y16, S16_A, name="model A", ax=ax)
    RocCurveDisplay.from_predictions(Y16, S16_B, name="model B", ax=ax)
    return figure


@pytest.mark.parametrize("drawstyle", ["steps-post", "sawtooth"])
@compare
def test_precision_recall_with_break_even(drawstyle):
    figure, ax = _axes()
    PrecisionRecallDisplay.from_predictions(
        Y6, S6, name="toy", ax=ax, drawstyle=drawstyle, plot_chance_level=True
    )
    ax.set_title(f"drawstyle='{drawstyle}'")
    return figure


@pytest.mark.parametrize("transposed", [False, True])
@compare
def test_confusion_matrix(transposed):
    figure, ax = _axes(4.4, 4.0)
    ConfusionMatrixDisplay.from_predictions(
        Y3_TRUE,
        Y3_PRED,
        ax=ax,
        transposed=transposed,
        display_labels=["cat", "dog", "bird"],
    )
    ax.set_title("transposed (Thakur)" if transposed else "rows = true class")
    return figure
