"""Side-by-side timings: evalplots' ConfusionMatrixDisplay vs scikit-learn's.

Not a test. Run from the repository root with the test extra installed:

    python bench/bench_confusion_display.py [--repeats 5] [--classes 10 40 100]

For each number of classes, both Displays draw the same matrix (deterministic
counts 0 … 999, tick labels class_00, class_01, …) on a new pyplot figure of the
default size (``plot()`` with ``ax=None``), then the figure is saved as PDF to
memory. "build" is the ``plot()`` call, "save" the ``savefig(format='pdf')`` call.
Every number is the median of ``--repeats`` runs in this one process (the first,
warm-up run of each library is not counted); target: build + save
<= 0.5 s at 100 classes (scikit-learn measured 2.6 s + 3 s there).

What differs: scikit-learn writes a text in every cell (10,000 at 100 classes) and
draws every tick label; evalplots fits tick labels and cell texts to the cells
(at 100 classes on this figure: every third label at 5 pt, no cell texts) and
rasterizes meshes above 2500 cells in vector output.
"""

import argparse
import io
import statistics
import time

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from sklearn.metrics import ConfusionMatrixDisplay as SklearnDisplay  # noqa: E402

from evalplots.display import ConfusionMatrixDisplay  # noqa: E402


def run_once(display_cls, cm, labels):
    """(build seconds, save seconds, number of cell texts drawn)."""
    start = time.perf_counter()
    display = display_cls(cm, display_labels=labels).plot()
    built = time.perf_counter()
    display.figure_.savefig(io.BytesIO(), format="pdf")
    saved = time.perf_counter()
    n_texts = 0 if display.text_ is None else int(np.sum(display.text_ != None))  # noqa: E711
    plt.close(display.figure_)
    return built - start, saved - built, n_texts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--classes", type=int, nargs="+", default=[10, 40, 100])
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    libraries = {"evalplots": ConfusionMatrixDisplay, "scikit-learn": SklearnDisplay}
    for display_cls in libraries.values():  # warm up imports, fonts and caches
        run_once(display_cls, rng.integers(0, 1000, (3, 3)), None)
    print(f"{'classes':>7}  {'library':<12} {'build':>8} {'save pdf':>9} "
          f"{'total':>8} {'texts':>6}  ratio (scikit-learn / evalplots)")  # fmt: skip
    for n in args.classes:
        cm = rng.integers(0, 1000, (n, n))
        labels = [f"class_{i:02d}" for i in range(n)]
        totals = {}
        for name, display_cls in libraries.items():
            runs = [run_once(display_cls, cm, labels) for _ in range(args.repeats)]
            build = statistics.median(r[0] for r in runs)
            save = statistics.median(r[1] for r in runs)
            totals[name] = statistics.median(r[0] + r[1] for r in runs)
            print(f"{n:>7}  {name:<12} {build:8.3f} {save:9.3f} {totals[name]:8.3f} "
                  f"{runs[0][2]:>6}")  # fmt: skip
        print(f"{'':>7}  {'':<12} {'':>8} {'':>9} {'':>8} {'':>6}  "
              f"{totals['scikit-learn'] / totals['evalplots']:.1f}x")  # fmt: skip


if __name__ == "__main__":
    main()
