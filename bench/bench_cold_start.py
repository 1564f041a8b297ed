"""Cold start: wall time of `evalplots report` on the bundled sample, one process per run.

Run by hand (not a test)::

    python bench/bench_cold_start.py [--runs 7] [--sample NAME ...] [TREE ...]

Each TREE is a source checkout (default: this one); the command runs as
``python -m evalplots.cli report -o OUT.pdf`` in a fresh interpreter with
``PYTHONPATH=TREE``, the trees taking turns so that they share the machine's load.
``--sample`` names the bundled samples to report on (default: the CLI's default,
breast_cancer; each sample is timed on its own, the trees taking turns).
``TREE=PYTHON`` runs that tree with another interpreter (e.g. a venv with an
optional accelerator installed). Prints the best and median wall and CPU time
(user + system of the child: less disturbed by other processes on a shared
machine) of each, the ratios to the first (same run), which heavy modules
``import evalplots`` loads, and the machine's load average before and after (other
processes inflate wall and, less, CPU times).

``--errors`` times instead the three bad inputs that end with one line and exit
status 2 (a missing INPUT file, a missing --target column, a target of one
class; 569-row CSVs written to a temporary directory) and ``import evalplots``,
and prints which heavy modules each error path loaded (``-X importtime``): an
input error should be answered before matplotlib, reportlab and svglib load.

``--import-costs`` also prints what importing seaborn (which pulls scipy.stats),
pandas and rich adds to a process that already holds what every report needs
(numpy, matplotlib's Figure, reportlab, svglib): the most that not importing them
would save (best CPU time of ``--runs`` fresh interpreters each).
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HEAVY = ("scipy", "pandas", "seaborn", "matplotlib", "reportlab", "pyarrow", "rich")


def _run(tree, args, python=sys.executable, status=0):
    """(wall time, CPU time user + system) of one run in a new interpreter."""
    env = {**os.environ, "PYTHONPATH": tree, "MPLBACKEND": "Agg"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # cwd=tree: ``python -m`` puts the working directory first on sys.path
    returncode = subprocess.run([python, *args], env=env, cwd=tree,
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode
    wall = time.perf_counter() - start
    if returncode != status:
        raise RuntimeError(f"{' '.join(args)} in {tree}: exit status {returncode}, "
                           f"expected {status}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _times(runs, n_runs, sample=None):
    """{(tree, python): [(wall, CPU), ...]}: the trees take turns, after one warm-up each."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "report.pdf")
        report = ["-m", "evalplots.cli", "report", "-o", out,
                  *(["--sample", sample] if sample else [])]
        times = {run: [] for run in runs}
        for tree, python in runs:  # warm the file cache (and .pyc files) once
            _run(tree, report, python)
        for _ in range(n_runs):
            for tree, python in runs:
                times[tree, python].append(_run(tree, report, python))
    return times


def cold_start_times(trees, n_runs):
    """{tree: [(wall, CPU), ...]} of `evalplots report` on the sample, this interpreter."""
    times = _times([(tree, sys.executable) for tree in trees], n_runs)
    return {tree: samples for (tree, _), samples in times.items()}


#: What every report imports anyway, before the optional modules are timed.
_BASE_IMPORTS = ("import numpy, matplotlib.figure, reportlab.platypus, svglib.svglib, "
                 "matplotlib.backends.backend_svg")
_TIMED_IMPORT = """
import time
{base}
start = time.process_time()
import {module}
print(time.process_time() - start)
"""


def import_cost(module, runs, python=sys.executable):
    """Best CPU seconds that ``import module`` adds after the report's own imports."""
    code = _TIMED_IMPORT.format(base=_BASE_IMPORTS, module=module)
    return min(float(subprocess.run([python, "-c", code], check=True, capture_output=True,
                                    text=True).stdout) for _ in range(runs))


def _error_cases(tmp, rows=569):
    """{case: (arguments, exit status)}: the three input errors and the bare import."""
    scores = [(i * 7919 % 1000) / 1000 for i in range(rows)]
    files = {"two.csv": [i % 2 for i in range(rows)], "one.csv": [1] * rows}
    for name, labels in files.items():
        with open(os.path.join(tmp, name), "w") as fh:
            fh.write("y_true,model\n")
            fh.writelines(f"{y},{s}\n" for y, s in zip(labels, scores))
    out = ["-o", os.path.join(tmp, "report.pdf")]
    report = ["-m", "evalplots.cli", "report"]
    return {
        "missing file": ([*report, os.path.join(tmp, "missing.csv"), *out], 2),
        "missing column": ([*report, os.path.join(tmp, "two.csv"), "--target", "label",
                            *out], 2),
        "single class": ([*report, os.path.join(tmp, "one.csv"), *out], 2),
        "import evalplots": (["-c", "import evalplots"], 0),
    }


def _heavy_loaded(tree, args, python):
    """The heavy top-level packages a run imported (read off ``-X importtime``)."""
    env = {**os.environ, "PYTHONPATH": tree, "MPLBACKEND": "Agg"}
    stderr = subprocess.run([python, "-X", "importtime", *args], env=env, cwd=tree,
                            capture_output=True, text=True).stderr
    names = {line.rpartition("|")[2].strip() for line in stderr.splitlines()
             if line.startswith("import time:")}
    return [m for m in (*HEAVY, "svglib") if m in names]


def error_times(runs, n_runs):
    """Print best-of-``n_runs`` wall and CPU seconds of each error case per tree."""
    with tempfile.TemporaryDirectory() as tmp:
        cases = _error_cases(tmp)
        times = {(run, case): [] for run in runs for case in cases}
        for (tree, python) in runs:  # warm-up
            for args, status in cases.values():
                _run(tree, args, python, status)
        for _ in range(n_runs):
            for case, (args, status) in cases.items():
                for tree, python in runs:
                    times[(tree, python), case].append(_run(tree, args, python, status))
        print(f"input errors of `evalplots report` and `import evalplots`, best of "
              f"{n_runs}; wall / CPU (user + system) seconds, CPU ratio to the first tree")
        for case, (args, _) in cases.items():
            print(f"  {case}:")
            ref = min(s[1] for s in times[runs[0], case])
            for tree, python in runs:
                samples = times[(tree, python), case]
                cpu = min(s[1] for s in samples)
                loaded = ", ".join(_heavy_loaded(tree, args, python)) or "none"
                print(f"    {tree:24} wall {min(s[0] for s in samples):5.2f}  CPU "
                      f"{cpu:5.2f}  ratio {cpu / ref:4.2f}  loads: {loaded}")


def _load(averages):
    return "/".join(f"{a:.1f}" for a in averages)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="*", metavar="TREE[=PYTHON]", default=[
        os.path.dirname(os.path.dirname(os.path.abspath(__file__)))],
        help="source trees to compare, each optionally with its interpreter")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sample", nargs="+", default=[None],
                        help="bundled samples to report on (default: the CLI's)")
    parser.add_argument("--import-costs", action="store_true",
                        help="also time the optional imports (seaborn, pandas, rich)")
    parser.add_argument("--errors", action="store_true",
                        help="time the three input errors and `import evalplots` instead")
    options = parser.parse_args()
    runs = [(t.partition("=")[0], t.partition("=")[2] or sys.executable)
            for t in options.trees]
    load_before = os.getloadavg()
    if options.errors:
        error_times(runs, options.runs)
        print(f"load average before {_load(load_before)}, after {_load(os.getloadavg())}")
        return
    for sample in options.sample:
        _report_times(runs, options, sample, load_before)
        load_before = os.getloadavg()
    if options.import_costs:
        print("CPU seconds each import adds after numpy, matplotlib, reportlab, svglib "
              f"(best of {options.runs}):")
        for module in ("pandas", "seaborn", "scipy.stats", "rich.progress"):
            print(f"    {module:14} {import_cost(module, options.runs):5.2f} s")
        both = "pandas; import seaborn"
        print(f"    {'seaborn after pandas':14} "
              f"{import_cost(both, options.runs) - import_cost('pandas', options.runs):5.2f} s")


def _report_times(runs, options, sample, load_before):
    times = _times(runs, options.runs, sample)
    print(f"`evalplots report{f' --sample {sample}' if sample else ''}` on the bundled "
          f"sample, {options.runs} runs each; wall and "
          f"CPU (user + system) seconds, ratios to the first; load average (1, 5, 15 "
          f"min) before {_load(load_before)}, after {_load(os.getloadavg())}")
    base = times[runs[0]]
    for (tree, python), samples in times.items():
        line = f"{tree} ({python}):"
        for i, kind in enumerate(("wall", "CPU")):
            values = [s[i] for s in samples]
            ref = [s[i] for s in base]
            line += (f"\n    {kind:4} best {min(values):5.2f} s, median "
                     f"{statistics.median(values):5.2f} s; ratio best "
                     f"{min(values) / min(ref):.2f}, median "
                     f"{statistics.median(values) / statistics.median(ref):.2f}")
        env = {**os.environ, "PYTHONPATH": tree}
        loaded = subprocess.run(
            [python, "-c", "import sys, evalplots.cli, evalplots\n"
             f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules))"],
            env=env, cwd=tree, check=True, capture_output=True, text=True).stdout.split()
        line += f"\n    `import evalplots, evalplots.cli` loads: {', '.join(loaded) or 'none'}"
        print(line)


if __name__ == "__main__":
    main()
