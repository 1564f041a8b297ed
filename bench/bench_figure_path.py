"""The figure path into the report's PDF, measured per figure of the sample report.

Run by hand (not a test), from the repository root::

    python bench/bench_figure_path.py [--runs 5]

Draws the figures of the standard binary report of the bundled breast-cancer
sample (intervals on), solves each one's layout once, and then times, per figure
(CPU time, best of ``--runs``, the paths taking turns):

- ``draw only``: ``Figure.draw`` on a renderer that draws nothing (matplotlib's
  own cost of visiting the artists: the floor of every path);
- ``SVG``: ``savefig(format="svg")`` with the report's SVG settings;
- ``SVG -> reportlab``: today's path, ``figure_to_drawing`` (SVG, svglib, the
  text pass) less the layout;
- ``PDF (Type 42)``: ``savefig(format="pdf")`` with TrueType fonts, the first
  half of the path that would embed matplotlib's PDF as form XObjects (the
  embedding itself comes on top);

and prints each figure's PDF and SVG sizes. The figures' layout engines are
off while timing, as in the report.
"""

import argparse
import io
import os
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("MPLBACKEND", "Agg")


def report_figures():
    """(name, figure) of the binary sample report's figures, laid out once."""
    import matplotlib
    from matplotlib.backends.backend_svg import FigureCanvasSVG

    from evalplots.datasets import load_sample
    from evalplots.evaluation import evaluate
    from evalplots.report import _flowables
    from evalplots.report.standard import _figures as figures

    data = load_sample("breast_cancer")
    ev = evaluate(data.y_true, data.predictions)
    names = ev.model_names
    calibrated, _ = figures.calibration_models(ev)
    made = [("ROC page", figures.roc_page_figure(ev, ci=True)[0]),
            ("P-R page", figures.precision_recall_figure(ev, ci=True)),
            ("threshold", figures.threshold_figure(ev)),
            ("calibration", figures.calibration_figure(ev, calibrated)),
            ("score distribution", figures.score_distribution_figure(ev)),
            *((f"confusion {n}", figures.binary_confusion_figure(ev, n)) for n in names)]
    out = []
    for name, fig in made:
        fig = fig[0] if isinstance(fig, tuple) else fig
        FigureCanvasSVG(fig)
        with matplotlib.rc_context(_flowables._SVG_RC), _flowables._laid_out_once(fig):
            pass
        fig.set_layout_engine(None)
        out.append((name, fig))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    import matplotlib
    from matplotlib.backend_bases import RendererBase

    from evalplots.report import _flowables

    class NullRenderer(RendererBase):  # draws nothing; text measured as Agg would
        def __init__(self, fig):
            super().__init__()
            from matplotlib.backends.backend_agg import RendererAgg
            self._agg = RendererAgg(fig.bbox.width, fig.bbox.height, fig.dpi)

        def draw_path(self, *args, **kwargs):
            pass

        def draw_image(self, *args, **kwargs):
            pass

        def draw_text(self, *args, **kwargs):
            pass

        def get_text_width_height_descent(self, s, prop, ismath):
            return self._agg.get_text_width_height_descent(s, prop, ismath)

        def get_canvas_width_height(self):
            return self._agg.get_canvas_width_height()

    def draw_only(fig):
        fig.draw(NullRenderer(fig))

    def svg(fig):
        with matplotlib.rc_context(_flowables._SVG_RC):
            fig.savefig(io.BytesIO(), format="svg", metadata={"Date": None})

    def to_reportlab(fig):
        _flowables.figure_to_drawing(fig)

    def pdf(fig):
        with matplotlib.rc_context({"pdf.fonttype": 42, **_flowables._SVG_RC}):
            fig.savefig(io.BytesIO(), format="pdf", metadata={"CreationDate": None})

    paths = {"draw only": draw_only, "SVG": svg, "SVG -> reportlab": to_reportlab,
             "PDF (Type 42)": pdf}
    figs = report_figures()
    best = {(n, p): float("inf") for n, _ in figs for p in paths}
    for _ in range(options.runs):
        for name, fig in figs:
            for path, func in paths.items():
                start = time.process_time()
                func(fig)
                best[name, path] = min(best[name, path], time.process_time() - start)
    print(f"CPU ms per figure, best of {options.runs}; load average "
          f"{os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    print(f"{'figure':22}" + "".join(f"{p:>18}" for p in paths) + f"{'PDF kB':>9}{'SVG kB':>9}")
    totals = dict.fromkeys(paths, 0.0)
    for name, fig in figs:
        row = ""
        for path in paths:
            totals[path] += best[name, path]
            row += f"{best[name, path] * 1e3:18.1f}"
        sizes = []
        for fmt, rc in (("pdf", {"pdf.fonttype": 42}), ("svg", {})):
            buf = io.BytesIO()
            with matplotlib.rc_context({**rc, **_flowables._SVG_RC}):
                fig.savefig(buf, format=fmt)
            sizes.append(len(buf.getvalue()) / 1e3)
        print(f"{name:22}{row}{sizes[0]:9.1f}{sizes[1]:9.1f}")
    print(f"{'total':22}" + "".join(f"{totals[p] * 1e3:18.1f}" for p in paths))


if __name__ == "__main__":
    main()
