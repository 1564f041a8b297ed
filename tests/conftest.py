"""Shared pytest fixtures.

Image tests need a deterministic rendering setup: the Agg backend, a fixed style and
font (DejaVu Sans, shipped inside matplotlib), and a fixed SVG hash salt. Nothing here
changes rcParams globally: each test runs inside ``matplotlib.rc_context``.
"""

import matplotlib

matplotlib.use("Agg")

from types import SimpleNamespace  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

DETERMINISTIC_RC = {
    "font.family": "DejaVu Sans",
    "font.size": 10.0,
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "svg.hashsalt": "evalplots",
    "path.simplify": False,
    "text.hinting": "default",
    "axes.unicode_minus": True,
}


@pytest.fixture(autouse=True)
def _deterministic_matplotlib():
    """Run every test under the fixed rcParams above and close its figures after."""
    with matplotlib.rc_context(DETERMINISTIC_RC):
        yield
    plt.close("all")


# Worked examples of the seeds (../shared/seeds), shared by the Display, image and
# gallery tests. Each fixture returns the inputs and the values they must give.


@pytest.fixture
def watermelon():
    """Seed 000 (Zhou Zhihua, *Machine Learning* §2.3): six scored melons, m+ = 3.

    Ranked by score the labels read [1, 1, 0, 0, 1, 0]; ``sawtooth`` lists the
    textbook (R, P) operating points, highest threshold first.
    """
    return SimpleNamespace(
        y_true=[1, 0, 0, 1, 0, 1],
        y_score=[0.45, 0.53, 0.24, 0.88, 0.57, 0.76],
        ranked=[1, 1, 0, 0, 1, 0],
        sawtooth=[(1 / 3, 1), (2 / 3, 1), (2 / 3, 2 / 3), (2 / 3, 1 / 2), (1, 3 / 5), (1, 1 / 2)],
        break_even=2 / 3,
        average_precision=13 / 15,
        roc_auc=7 / 9,
    )


@pytest.fixture
def blog16():
    """Seed 004 (blog on P-R/ROC curves): 16 samples, 7 positives, tied scores."""
    return SimpleNamespace(
        y_true=[0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0],
        y_score=[0.2, 0.28, 0.1, 0.6, 0.5, 0.3, 0.6, 0.8, 0.2, 0.25, 0.4, 0.2, 0.5, 0.3, 0.18, 0.18],
        fpr=np.array([0, 0, 1, 2, 3, 4, 4, 4, 7, 8, 9]) / 9,
        tpr=np.array([0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 7]) / 7,
        roc_auc=2 / 3,
    )


@pytest.fixture
def three_class():
    """The issue's 3-class example; ``confusion_matrix`` has rows = true class."""
    return SimpleNamespace(
        y_true=[0, 1, 2, 0, 1, 2, 0, 2, 2],
        y_pred=[0, 2, 1, 0, 2, 1, 0, 0, 2],
        confusion_matrix=np.array([[3, 0, 0], [0, 0, 2], [1, 2, 1]]),
    )


@pytest.fixture
def iris30():
    """A fixed 3-class example (the issue's OvR figures): 30 samples, 10 per class,
    probabilities in tenths (many tied scores), columns in the order of ``classes``."""
    # fmt: off
    codes = [2, 2, 2, 0, 2, 1, 1, 2, 1, 1, 0, 2, 1, 1, 0,
             1, 0, 0, 0, 0, 2, 1, 1, 0, 0, 2, 0, 2, 1, 2]
    tenths = [[0, 2, 8], [2, 1, 7], [0, 7, 3], [9, 1, 0], [2, 6, 2], [2, 4, 4],
              [0, 5, 5], [4, 3, 3], [3, 1, 6], [1, 3, 6], [7, 3, 0], [1, 3, 6],
              [1, 3, 6], [3, 6, 1], [5, 1, 4], [1, 8, 1], [7, 2, 1], [6, 3, 1],
              [4, 3, 3], [8, 1, 1], [0, 3, 7], [2, 7, 1], [1, 7, 2], [9, 1, 0],
              [7, 3, 0], [0, 3, 7], [8, 1, 1], [1, 1, 8], [0, 6, 4], [1, 4, 5]]
    # fmt: on
    classes = np.array(["setosa", "versicolor", "virginica"])
    return SimpleNamespace(
        classes=classes,
        codes=np.array(codes),
        y_true=classes[codes],
        y_score=np.array(tenths) / 10,
    )
