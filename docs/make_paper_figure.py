"""Render the README's picture of the three-panel paper figure (run by hand, not a test).

    python docs/make_paper_figure.py

Draws the README's ``paper_figure`` example on the bundled binary sample and writes
``docs/paper_figure.png`` (150 dpi). Regenerate it when the figure's look changes,
in the same commit.
"""

import pathlib

from evalplots import evaluate
from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import style
from evalplots.evaluation import paper_figure

DOCS = pathlib.Path(__file__).resolve().parent


def main():
    data = load_breast_cancer_predictions()
    ev = evaluate(data.y_true, data.predictions)
    fig = paper_figure(ev, ["roc", "precision_recall", "calibration"], width="double")
    with style.context("paper", width="double"):  # the size and fonts of the PDF
        fig.savefig(DOCS / "paper_figure.png", dpi=150)
    print(f"wrote {DOCS / 'paper_figure.png'}")


if __name__ == "__main__":
    main()
