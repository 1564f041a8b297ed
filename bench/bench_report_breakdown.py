"""Where the time of the standard binary report goes, stage by stage, at two sizes.

Run by hand (not a test), from the repository root::

    python bench/bench_report_breakdown.py [--sizes 1000 1000000] [--runs 3] [--ci]
                                           [--clock cpu] [--profile OUT.prof]
    python bench/bench_report_breakdown.py --sample breast_cancer [--tree DIR]
                                           [--runs 5] [--clock cpu]

Writes binary predictions CSVs like bench/bench_report_scale.py (``y_true`` with
10 % positives, two models of six-decimal scores), then runs the CLI in this
process, ``evalplots report FILE --no-ci -o OUT.pdf``, once at the smallest size to
warm the imports, fonts and caches, then ``--runs`` times at each size, the sizes
taking turns; each stage's time is its shortest over the runs. Every stage below is
timed by wrapping the function that does it; a stage's time excludes the stages
nested in it (e.g. "draw: ROC page" excludes the thinning and the curves computed
while it draws), so the rows add up to the total. The last column is the
difference between the largest and the smallest size: what target (a)
compares with 3 x ``pandas.read_csv`` (timed here too).

Stages: read (the checked CSV reader), evaluation setup (validation, label
resolution), each cached quantity of each model (``counts`` is the one sort of
the scores; ``roc_curve``, ``precision_recall_curve``, ``det_curve``, ...), the
thinning of each curve (by the Display that draws it), each figure's drawing,
each figure's SVG export (matplotlib), its SVG -> reportlab conversion (svglib
and the report's text pass) and the PDF build: its passes (``multiBuild``'s layouts of the whole story) and
its paragraph wraps (each line breaking of a paragraph, ``Paragraph.breakLines``),
counted per report.

``--sample NAME`` times ``evalplots report --sample NAME`` instead (a bundled
sample, with the intervals unless ``--no-ci``), ``--runs`` times after a warm-up,
and adds the stages of the other report kinds (the constrained-layout solves,
the multi-class and regression figures). ``--tree DIR`` imports evalplots from
another checkout (e.g. main's, for the before side); the stages it lacks are
left out.
"""

import argparse
import collections
import cProfile
import functools
import gc
import os
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
if "--tree" in sys.argv:  # before anything imports evalplots
    sys.path.insert(0, str(pathlib.Path(sys.argv[sys.argv.index("--tree") + 1]).resolve()))
else:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("MPLBACKEND", "Agg")


class Stages:
    """Exclusive time per stage label: nested stages are subtracted from their caller."""

    def __init__(self, clock):
        self.clock = clock
        self.times = collections.defaultdict(float)
        self.calls = collections.Counter()
        self._stack = []  # [label, start, nested time]

    def start(self, label):
        self._stack.append([label, self.clock(), 0.0])

    def stop(self):
        label, start, nested = self._stack.pop()
        total = self.clock() - start
        self.times[label] += total - nested
        self.calls[label] += 1
        if self._stack:
            self._stack[-1][2] += total

    def wrap(self, owner, attr, label):
        """Replace ``owner.attr`` (a function, method or cached_property) by a timed one."""
        if attr not in (vars(owner) if isinstance(owner, type) else dir(owner)):
            return  # a stage this tree does not have
        original = owner.__dict__[attr] if isinstance(owner, type) else getattr(owner, attr)
        if isinstance(original, functools.cached_property):
            func = original.func
        else:
            func = original
        stages = self

        @functools.wraps(func)
        def timed(*args, **kwargs):
            name = label(args, kwargs) if callable(label) else label
            stages.start(name)
            try:
                return func(*args, **kwargs)
            finally:
                stages.stop()

        if isinstance(original, functools.cached_property):
            replacement = functools.cached_property(timed)
            replacement.attrname = original.attrname
            replacement.__set_name__(owner, attr)
        else:
            replacement = timed
        setattr(owner, attr, replacement)

    def reset(self):
        self.times.clear()
        self.calls.clear()


def instrument(stages):
    """Wrap every stage of the standard binary report (see the module docstring)."""
    import matplotlib.figure
    import matplotlib.layout_engine
    from reportlab.platypus import BaseDocTemplate, Paragraph

    import evalplots.cli
    import evalplots.datasets
    import evalplots.display._thin as thin
    import evalplots.evaluation._binary as binary
    import evalplots.report._flowables as flowables
    import evalplots.report.builder as builder
    import evalplots.report.standard._binary as standard
    from evalplots.metrics.ranking._thresholds import BinaryScores

    stages.wrap(evalplots.datasets, "read_predictions", "read: read_predictions")
    # the CLI imported the name inside _load: patch where it is looked up
    stages.wrap(evalplots.cli, "_load", "read: CLI load (rest)")
    stages.wrap(BinaryScores, "counts", "sort: counts (the one sort)")
    for attr, value in list(vars(binary.BinaryModel).items()):
        if isinstance(value, functools.cached_property) and attr != "counts":
            stages.wrap(binary.BinaryModel, attr, f"model: {attr}")
    for attr in ("_table", "metrics_table", "score_bins"):
        value = vars(binary.BinaryEvaluation).get(attr)
        if value is None:
            for base in binary.BinaryEvaluation.__mro__:
                if attr in vars(base):
                    value = vars(base)[attr]
                    owner = base
                    break
        else:
            owner = binary.BinaryEvaluation
        if value is not None:
            stages.wrap(owner, attr, f"evaluation: {attr}")
    stages.wrap(binary.BinaryEvaluation, "__init__", "evaluation: setup, validation")

    def thin_label(args, kwargs):
        frame = sys._getframe(1)
        while frame.f_code.co_filename in (__file__, thin.__file__):
            frame = frame.f_back
        return (f"thin: {os.path.basename(frame.f_code.co_filename)}:"
                f"{frame.f_code.co_name}")

    stages.wrap(thin, "_thin_curve", thin_label)
    for attr in ("roc_page_figure", "precision_recall_figure", "threshold_figure",
                 "calibration_figure", "score_distribution_figure",
                 "binary_confusion_figure"):
        stages.wrap(standard, attr, f"draw: {attr}")
    stages.wrap(matplotlib.figure.Figure, "savefig", "figure -> SVG: savefig")
    stages.wrap(flowables, "svg2rlg", "SVG -> reportlab: svg2rlg")
    for attr in ("_embed_text", "_round_points"):
        if hasattr(flowables, attr):
            stages.wrap(flowables, attr, f"SVG -> reportlab: {attr}")
    import evalplots.report._content as content
    stages.wrap(content, "figure_to_drawing", "figure -> reportlab: rest")  # looked up there
    for attr in ("load_svg_file", "_lean_svg"):
        stages.wrap(flowables, attr, f"SVG -> reportlab: {attr}")
    if hasattr(flowables, "SvgRenderer"):
        stages.wrap(flowables.SvgRenderer, "render", "SVG -> reportlab: svglib render")
    stages.wrap(builder.Report, "save", "PDF build: Report.save")
    stages.wrap(BaseDocTemplate, "build", "PDF build: one pass (build)")
    stages.wrap(Paragraph, "breakLines", "PDF build: paragraph wraps (breakLines)")
    stages.wrap(matplotlib.layout_engine.ConstrainedLayoutEngine, "execute",
                "layout: constrained layout solve")
    import evalplots.report.standard._multiclass as multiclass
    import evalplots.report.standard._regression as regression
    for module in (multiclass, regression):  # where the report looks the names up
        for attr in ("classification_report_figure", "ovr_figure",
                     "multiclass_confusion_figure", "prediction_error_figure"):
            if hasattr(module, attr):
                stages.wrap(module, attr, f"draw: {attr}")

    def collection(phase, info):  # the garbage collector's passes, wherever they fall
        if phase == "start":
            stages.start(f"Python garbage collection (generation {info['generation']})")
        elif stages._stack and stages._stack[-1][0].startswith("Python garbage"):
            stages.stop()

    gc.callbacks.append(collection)


def run_cli(stages, csv, out):
    from evalplots.cli import main

    stages.reset()
    start = stages.clock()
    stages.start("other (CLI, report assembly, tables)")
    source = ["--sample", OPTIONS.sample] if OPTIONS.sample else [str(csv)]
    status = main(["report", *source, "-o", str(out), *([] if OPTIONS.ci else ["--no-ci"])])
    stages.stop()
    if status:
        raise RuntimeError(f"report failed ({status})")
    return stages.clock() - start, dict(stages.times), dict(stages.calls)


def best_read_csv(path, clock, runs=3):
    import pandas as pd

    pd.read_csv(path)
    times = []
    for _ in range(runs):
        start = clock()
        pd.read_csv(path)
        times.append(clock() - start)
    return min(times)


def main(argv=None):
    global OPTIONS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10**3, 10**6])
    parser.add_argument("--ci", action="store_true", help="the report with intervals")
    parser.add_argument("--sample", help="a bundled sample's report (intervals on unless "
                                         "--no-ci) instead of the generated sizes")
    parser.add_argument("--no-ci", action="store_true", help="with --sample: no intervals")
    parser.add_argument("--tree", help="import evalplots from this checkout")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="wall time, or this process's CPU time (steadier on a "
                             "shared machine)")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs of each size; each stage's shortest time is shown")
    parser.add_argument("--profile", help="also write a cProfile of the largest size "
                                           "(one more run)")
    OPTIONS = parser.parse_args(argv)
    clock = time.perf_counter if OPTIONS.clock == "wall" else time.process_time
    from bench_report_scale import write_csv

    stages = Stages(clock)
    instrument(stages)
    if OPTIONS.sample:
        OPTIONS.ci = not OPTIONS.no_ci
        return sample_main(stages, clock)
    sizes = sorted(OPTIONS.sizes)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        csvs = {n: tmp / f"pred_{n}.csv" for n in sizes}
        for n, path in csvs.items():
            write_csv(path, n)
        run_cli(stages, csvs[sizes[0]], tmp / "warm.pdf")  # imports, fonts
        for _ in range(OPTIONS.runs):  # the sizes take turns; each stage's best run
            for n in sizes:
                total, times, calls = run_cli(stages, csvs[n], tmp / f"r{n}.pdf")
                if n in results:
                    old_total, old_times, _ = results[n]
                    total = min(total, old_total)
                    times = {k: min(v, old_times.get(k, v)) for k, v in times.items()}
                results[n] = total, times, calls
        if OPTIONS.profile:
            profile = cProfile.Profile()
            profile.enable()
            run_cli(stages, csvs[sizes[-1]], tmp / "profiled.pdf")
            profile.disable()
            profile.dump_stats(OPTIONS.profile)
        read = best_read_csv(csvs[sizes[-1]], clock)
    load = os.getloadavg()
    labels = sorted({k for r in results.values() for k in r[1]},
                    key=lambda k: -results[sizes[-1]][1].get(k, 0))
    print(f"{OPTIONS.clock} time in ms per stage (exclusive of the nested stages), the "
          f"best of {OPTIONS.runs} runs (the total: the best run's); load average "
          f"{load[0]:.2f} ({os.cpu_count()} cores)")
    header = "".join(f"{n:>12,}" for n in sizes)
    print(f"{'stage':58}{'calls':>6}{header}{'difference':>12}")
    for label in labels:
        row = [results[n][1].get(label, 0.0) * 1e3 for n in sizes]
        calls = results[sizes[-1]][2].get(label, 0)
        print(f"{label[:58]:58}{calls:6d}" + "".join(f"{v:12.1f}" for v in row)
              + f"{row[-1] - row[0]:12.1f}")
    totals = [results[n][0] * 1e3 for n in sizes]
    print(f"{'total':58}{'':6}" + "".join(f"{v:12.1f}" for v in totals)
          + f"{totals[-1] - totals[0]:12.1f}")
    delta = (totals[-1] - totals[0]) / 1e3
    print(f"pandas.read_csv({sizes[-1]:,} rows) {read * 1e3:.1f} ms; difference = "
          f"{delta / read:.1f} x read_csv (target (a): <= 3)")
    return 0


def sample_main(stages, clock):
    """Time the report of a bundled sample: each stage's best of ``--runs``."""
    import evalplots

    best = None
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "sample.pdf"
        run_cli(stages, None, out)  # imports, fonts
        for _ in range(OPTIONS.runs):
            total, times, calls = run_cli(stages, None, out)
            if best is None:
                best = total, times, calls
            else:
                best = (min(total, best[0]),
                        {k: min(v, best[1].get(k, v)) for k, v in times.items()}, calls)
        size = out.stat().st_size
    total, times, calls = best
    load = os.getloadavg()
    print(f"{OPTIONS.sample} report ({'intervals' if OPTIONS.ci else 'no intervals'}), "
          f"evalplots from {os.path.dirname(os.path.dirname(evalplots.__file__))}; "
          f"{OPTIONS.clock} ms per stage (exclusive of nested stages), best of "
          f"{OPTIONS.runs}; load average {load[0]:.2f} ({os.cpu_count()} cores)")
    print(f"{'stage':58}{'calls':>7}{'ms':>10}")
    for label in sorted(times, key=lambda k: -times[k]):
        print(f"{label[:58]:58}{calls.get(label, 0):7d}{times[label] * 1e3:10.1f}")
    print(f"{'total (after the imports)':58}{'':7}{total * 1e3:10.1f}")
    print(f"PDF {size:,} bytes")
    return 0


OPTIONS = None

if __name__ == "__main__":
    sys.exit(main())
