"""The ``evalplots`` command: ``evalplots report [INPUT] -o OUT.pdf``.

argparse (standard library) is enough for one subcommand with a handful of
options, so the CLI adds no dependency beyond rich, which draws the progress
bar. Input problems end with one line on stderr naming the problem and the
fix, and exit status 2 (argparse's convention for usage errors); no traceback,
no output file. Ctrl-C at any moment before the finished PDF is moved into place
ends with one line and exit status 130, the output file as it was and no
temporary file (evalplots._interrupts says how).

The library (numpy, matplotlib, reportlab: most of a second to import), and
any module that would double the start-up time, is imported inside the function
that uses it, once the arguments are known to be usable: ``--help``,
``--version`` and a usage error answer at once. The outputs are checked and
the input is read and validated (numpy, and pandas for a CSV's cells) before
the evaluation is computed and the report layers (matplotlib, reportlab,
svglib) load, so that a bad input is answered in a fraction of a second.
"""

import argparse
import contextlib
import math
import os
import re
import shlex
import sys
import time
import warnings

from evalplots._interrupts import InterruptGuard, checkpoint
from evalplots._text import shown_text
from evalplots._version import __version__

EXIT_GATE_FAILED = 1  # the report is written; a baseline gate did not pass
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, the shell's convention
PROG = "evalplots"


class UsageError(Exception):
    """An input problem the user can fix; reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (no usage block) and exit 2."""

    def error(self, message):
        if message == "the following arguments are required: command":
            message = f"no command given; use '{PROG} report [INPUT.csv] -o report.pdf'"
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser():
    """Return the argument parser of the ``evalplots`` command.

    Returns
    -------
    parser : argparse.ArgumentParser

    Examples
    --------
    >>> args = build_parser().parse_args(["report", "preds.csv", "-o", "out.pdf"])
    >>> args.input, args.output, args.target, args.threshold
    ('preds.csv', 'out.pdf', 'y_true', '0.5')
    """
    parser = _Parser(prog=PROG, description="Evaluation reports from model predictions.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rep = sub.add_parser(
        "report",
        help="write a PDF evaluation report",
        description=(
            "Write a multi-page PDF evaluation report of binary classifiers (metrics "
            "table, ROC, precision-recall and confusion-matrix pages), multi-class "
            "classifiers (metrics, per-class tables, one-vs-rest curves, confusion "
            "matrices) or regression models (error table, prediction-error figures). "
            "INPUT is a CSV or Parquet file with a target column and, per model, one "
            "score column (binary), one column per class named MODEL:CLASS or one "
            "column of predicted labels (multi-class), or one column of predicted "
            "values (regression); --task says which when the columns don't. Without "
            "INPUT the bundled breast-cancer sample is used (--sample picks another)."
        ),
    )
    rep.add_argument("input", nargs="?", metavar="INPUT",
                     help="predictions CSV or Parquet file (default: a bundled sample)")
    rep.add_argument("-o", "--output", default="report.pdf", metavar="OUT.pdf",
                     help="where to write the PDF (default: %(default)s)")
    rep.add_argument("--target", default="y_true", metavar="COL",
                     help="target column of INPUT: labels or values (default: %(default)s)")
    rep.add_argument("--pos-label", default=None, metavar="V",
                     help="the positive label (default: 1 for 0/1 or -1/1 labels)")
    rep.add_argument("--threshold", default="0.5", metavar="T",
                     help="decision threshold: score >= T predicts positive "
                          "(default: %(default)s)")
    rep.add_argument("--title", default=None, metavar="TEXT", help="report title")
    rep.add_argument("--task", default="auto",
                     choices=["auto", "binary", "multiclass", "regression"],
                     help="what the predictions are (default: read from the columns)")
    rep.add_argument("--models", default=None, metavar="A,B",
                     help="report only these models (comma-separated)")
    rep.add_argument("--exclude", default=None, metavar="C,D",
                     help="leave these models (or id columns) out (comma-separated)")
    rep.add_argument("--weight", default=None, metavar="COL",
                     help="column of INPUT holding sample weights (numbers >= 0)")
    rep.add_argument("--group", default=None, metavar="COL[,COL...]",
                     help="column(s) of INPUT holding subgroup labels: a Subgroups "
                          "section per column (comma-separated)")
    rep.add_argument("--fold", default=None, metavar="COL",
                     help="column of INPUT holding cross-validation fold ids (the scores "
                          "out-of-fold): a Cross-validation section; headline numbers "
                          "pooled")
    rep.add_argument("--baseline", default=None, metavar="MODEL",
                     help="binary: test every other model against MODEL (the one in "
                          "service) for non-inferiority in ROC AUC, paired DeLong, "
                          "Holm-adjusted; page 1 states each verdict, and the exit "
                          "status is 1 when a gate does not pass (needs --margin)")
    rep.add_argument("--margin", default=None, metavar="M",
                     help="with --baseline: the loss of ROC AUC accepted, a number >= 0 "
                          "(e.g. 0.02)")
    rep.add_argument("--superiority", action="store_true",
                     help="with --baseline: test whether each model beats MODEL by more "
                          "than --margin instead")
    rep.add_argument("--sample", default=None, metavar="NAME",
                     help="use a bundled sample instead of INPUT: breast_cancer, "
                          "digits or diabetes")
    rep.add_argument("--ordinal", action="store_true",
                     help="multi-class: the classes are ordered (adds quadratic "
                          "weighted kappa)")
    rep.add_argument("--transposed", action="store_true",
                     help="multi-class: confusion matrices with the predicted class on "
                          "the rows (Thakur's layout)")
    rep.add_argument("--figures", default=None, metavar="DIR",
                     help="also write each figure of the report as its own file in DIR "
                          "(made if missing), in the paper style: 3.5 or 7 in wide, "
                          "TrueType fonts")
    rep.add_argument("--figure-format", default="pdf", choices=["pdf", "svg", "png"],
                     help="file format of --figures (default: %(default)s)")
    rep.add_argument("--tables", default=None, metavar="DIR",
                     help="also write the metrics and comparison tables into DIR (made "
                          "if missing): LaTeX (booktabs), Markdown and CSV, and "
                          "numbers.json with every number, its interval, method and "
                          "the input's provenance")
    rep.add_argument("--no-ci", action="store_true",
                     help="leave out confidence intervals and the comparison tests "
                          "(and do not compute them)")
    rep.add_argument("--all-models", action="store_true",
                     help="binary: draw the curves and the pages of every model; by "
                          "default, with more than 8 models, those of the 8 of highest "
                          "ROC AUC (every model stays in the tables and the ranking "
                          "figure)")
    rep.add_argument("--n-resamples", default="1000", metavar="N",
                     help="bootstrap resamples per interval, an integer >= 2 "
                          "(default: %(default)s)")
    rep.add_argument("--seed", default="0", metavar="S",
                     help="bootstrap seed, a non-negative integer; fixed so a report "
                          "is reproducible (default: %(default)s)")
    rep.add_argument("--confidence-level", default="0.95", metavar="L",
                     help="coverage of the intervals, strictly between 0 and 1 "
                          "(default: %(default)s)")
    rep.add_argument("--engine", default="memory", choices=["memory", "dask"],
                     help="memory: read INPUT into this process; dask: INPUT may be a "
                          "glob ('DIR/*.parquet'), each file a partition reduced on "
                          "dask workers (needs the [dask] extra) (default: %(default)s)")
    rep.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                     help="--engine dask: a running dask scheduler (default: a local "
                          "cluster of worker processes, closed at the end)")
    rep.add_argument("--workers", default=None, type=_positive_int, metavar="N",
                     help="--engine dask: worker processes of the local cluster "
                          "(default: one per CPU)")
    return parser


def _positive_int(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, got {text!r}")
    return value


def _interval_options(args):
    """(confidence_level, n_resamples, seed) from the options, or a UsageError."""
    def integer(text, option, minimum, example):
        try:
            value = int(text.strip())
        except ValueError:
            value = None
        if value is None or value < minimum:
            raise UsageError(f"{option} must be an integer >= {minimum}, got {text!r}; "
                             f"e.g. {option} {example}")
        return value

    n_resamples = integer(args.n_resamples, "--n-resamples", 2, 1000)
    seed = integer(args.seed, "--seed", 0, 0)
    from evalplots.datasets._cells import parse_number  # slow: the package loads numpy

    level = parse_number(args.confidence_level)
    if level is None or not 0 < level < 1:
        raise UsageError(f"--confidence-level must be a number strictly between 0 and 1, "
                         f"got {args.confidence_level!r}; e.g. --confidence-level 0.95")
    return level, n_resamples, seed


def _gate_margin(args):
    """The margin of --baseline's gates (None without --baseline), or a UsageError."""
    if args.baseline is None:
        if args.margin is not None or args.superiority:
            option = "--margin" if args.margin is not None else "--superiority"
            raise UsageError(f"{option} applies with --baseline MODEL, the model the "
                             f"others are tested against")
        return None
    if args.margin is None:
        raise UsageError("--baseline needs --margin M, the loss of ROC AUC accepted "
                         "(e.g. --margin 0.02)")
    if args.no_ci:
        raise UsageError("--baseline tests the models with the paired DeLong test, "
                         "which --no-ci leaves out; drop --no-ci")
    from evalplots.datasets._cells import parse_number  # slow: the package loads numpy

    margin = parse_number(args.margin)
    if margin is None or not math.isfinite(margin) or margin < 0:
        raise UsageError(f"--margin must be a number >= 0, got {args.margin!r}; "
                         f"e.g. --margin 0.02")
    return margin


def _check_baseline(args, data, task):
    """--baseline names a model of a binary input, or a UsageError."""
    if args.baseline is None:
        return
    if task != "binary":
        raise UsageError(f"--baseline applies to binary reports, and this one is {task}")
    if args.baseline not in data.predictions:
        raise UsageError(f"--baseline {args.baseline!r} is not a model; the models are "
                         f"{', '.join(map(repr, data.predictions))}")
    if len(data.predictions) < 2:
        raise UsageError(f"--baseline {args.baseline!r} is the only model; there is "
                         f"nothing to test against it")


def _threshold(text):
    from evalplots.datasets._cells import parse_number  # slow: the package loads numpy

    value = parse_number(text)
    if value is None or not math.isfinite(value):
        raise UsageError(f"--threshold must be a finite number, got {text!r}; "
                         f"e.g. --threshold 0.5")
    return value


def _names(text):
    return None if text is None else [n.strip() for n in text.split(",") if n.strip()]


def _load(args, notes):
    """Return the predictions to report on; notices for stderr go to ``notes``."""
    from evalplots.datasets import SAMPLES, load_sample, read_predictions  # slow: numpy

    roles = {"--weight": args.weight, "--group": args.group, "--fold": args.fold}
    given = [option for option, value in roles.items() if value is not None]
    if given and args.engine == "dask":
        raise UsageError(f"{given[0]} is not supported with --engine dask yet; use "
                         f"--engine memory")
    if args.engine == "dask":
        return _load_dask(args, notes)
    if args.sample is not None or args.input is None:
        if args.sample is not None and args.input is not None:
            raise UsageError("give INPUT or --sample, not both")
        if given:
            raise UsageError(f"{given[0]} names a column of INPUT; the bundled samples "
                             f"have none: give an INPUT file")
        name = args.sample or "breast_cancer"
        if name not in SAMPLES:
            raise UsageError(f"--sample {name!r} is not a bundled sample; choose one of "
                             f"{', '.join(SAMPLES)}")
        data = load_sample(name)
        if args.sample is None:
            notes.append(f"no INPUT given; using the bundled sample (Wisconsin "
                         f"breast-cancer, {data.n_samples} samples, "
                         f"{len(data.predictions)} models).")
        return _selected(data, args)
    try:
        data = read_predictions(args.input, target=args.target,
                                models=_names(args.models), exclude=_names(args.exclude),
                                weight=args.weight, groups=_names(args.group),
                                folds=args.fold)
    except FileNotFoundError:
        raise UsageError(f"INPUT {args.input!r} does not exist; check the path "
                         f"(or omit INPUT to use the bundled sample)") from None
    except IsADirectoryError:
        raise UsageError(f"INPUT {args.input!r} is a directory; pass a CSV or Parquet "
                         f"file") from None
    notes.extend(data.notes)  # ignored and id-like columns, one line each
    return data


def _load_dask(args, notes):
    """The input as dask partitions (a glob, directory or file; or a bundled sample)."""
    from evalplots._dask_cli import load  # optional: the [dask] extra

    name = None
    path = args.input
    if path is None or args.sample is not None:
        if args.sample is not None and args.input is not None:
            raise UsageError("give INPUT or --sample, not both")
        from evalplots.datasets._samples import SAMPLE_FILES  # slow: numpy

        sample = args.sample or "breast_cancer"
        if sample not in SAMPLE_FILES:
            raise UsageError(f"--sample {sample!r} is not a bundled sample")
        path, name = SAMPLE_FILES[sample], f"bundled sample {sample}"
        notes.append(f"no INPUT given; using the bundled sample {sample} "
                     f"({SAMPLE_FILES[sample].name}).")
    try:
        data = load(os.fspath(path), target=args.target, models=_names(args.models),
                    exclude=_names(args.exclude), task=args.task, name=name)
    except FileNotFoundError:
        raise UsageError(f"INPUT {args.input!r} matches no file; check the path or "
                         f"glob (quote it: 'DIR/*.parquet')") from None
    notes.extend(data.notes)
    return data


def _selected(data, args):
    """A bundled sample with --models / --exclude applied (the reader's rule)."""
    import dataclasses  # slow for --help: it loads inspect (~30 ms)

    from evalplots.datasets._reader import select_models  # slow: numpy

    chosen = select_models(list(data.predictions), _names(args.models),
                           _names(args.exclude))
    return dataclasses.replace(data, predictions={n: data.predictions[n] for n in chosen})


def _pos_label(data, text):
    """Resolve --pos-label against the labels (typed as the label column)."""
    from evalplots.metrics._labels import (  # slow: numpy
        binary_classes,
        class_values,
        match_label_text,
    )

    name = "the label column"
    classes = class_values(data.y_true)
    pos_label = data.pos_label
    if text is not None and classes.size == 2:  # else the count is the error
        pos_label = match_label_text(text, classes, name=name)
    return binary_classes(classes=classes, pos_label=pos_label, name=name,
                          what="a binary report").pos_label


def _progress_bar():
    """A rich progress bar on stderr, drawn only when stderr is a terminal."""
    # slow (rich: 40 ms), needed only once a report is drawn
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    return Progress(TextColumn("{task.description:<32}"), BarColumn(),
                    TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                    console=console, transient=True,
                    disable=not console.is_terminal)


def _check_output(path, figures, notes, tables=None):
    """Refuse an unusable -o, --figures or --tables before any work; note an unusual suffix.

    A file is created and removed where each output goes, so that a read-only
    directory is reported now, under the user's path, not after the work.
    """
    # slow for --help: secrets (~20 ms)
    from evalplots._atomic import check_writable, resolve_output

    if path == "":
        raise UsageError("-o is empty; give a file name such as report.pdf")
    if path == "-":
        raise UsageError("writing to stdout is not supported; give a file name "
                         "such as report.pdf")
    try:
        resolve_output(path)
    except ValueError as exc:
        raise UsageError(f"-o {exc}") from None
    except FileNotFoundError:
        raise UsageError(f"the directory of -o {path!r} does not exist; create it "
                         f"or choose another path") from None
    for option, where in (("--figures", figures), ("--tables", tables)):
        if where is not None and os.path.exists(where) and not os.path.isdir(where):
            raise UsageError(f"{option} {where!r} exists and is not a directory; "
                             f"give a directory for the {option[2:-1]} files")
    for option, where in (("-o", path), ("--figures", figures), ("--tables", tables)):
        try:
            if where is not None:
                check_writable(where if option == "-o" else os.path.join(where, "figure"))
        except OSError as exc:
            raise UsageError(f"{option} {where!r} cannot be written: {exc.strerror}; "
                             f"check the permissions or choose another path") from None
    if os.path.splitext(path)[1].lower() != ".pdf":
        notes.append(f"-o {path!r} does not end in .pdf; writing a PDF there anyway.")


def _threshold_notes(data, threshold):
    """A note for each model whose every score is on one side of the threshold
    (all predicted in one class): per model, since a model of percentages (0-100)
    beside probabilities is all positive at 0.5 while the pooled range holds 0.5."""
    from evalplots.metrics._format import format_threshold  # slow: numpy

    notes = []
    for name, scores in data.predictions.items():
        low, high = float(scores.min()), float(scores.max())
        if threshold > high or threshold < low:
            side = "negative" if threshold > high else "positive"
            of = f" of {name!r}" if len(data.predictions) > 1 else ""
            notes.append(f"--threshold {format_threshold(threshold, precise=True)} is "
                         f"outside the scores' range{of} [{format_threshold(low, precise=True)}, "
                         f"{format_threshold(high, precise=True)}]: every sample is "
                         f"predicted {side}.")
    return notes


def _task(data, args):
    """The task: --task, else the sample's, else read from the arrays."""
    from evalplots.evaluation import detect_task  # slow: numpy

    if args.task != "auto":
        return args.task
    if data.task is not None:
        return data.task
    return detect_task(data.y_true, data.predictions)  # a ChoiceError names --task


#: Bootstrap draws (per model: rows x resamples, at most the tables' cap, above
#: which AP, BEP take forms that do not resample) from which the intervals take
#: long enough to say so: about 5 s of CPU per 10⁸ (measured at 10⁵ rows).
_LONG_INTERVALS = 5 * 10**8


def _duration_notes(data, task, args, n_resamples):
    """Lines for the start of a run that will be long: many models drawn (binary
    reports summarise beyond MAX_MODELS unless --all-models), or intervals on
    many rows; each names the option that makes it shorter."""
    from evalplots.evaluation._summary import MAX_TABLE_DRAWS  # slow: numpy
    from evalplots.report.standard._common import MAX_MODELS  # slow: reportlab

    notes = []
    n_models = len(data.predictions)
    if task == "binary" and n_models > MAX_MODELS:
        if args.all_models:
            notes.append(f"{n_models} models, each drawn on every page (--all-models): "
                         f"this takes a few seconds per model; without --all-models "
                         f"the pages show the {MAX_MODELS} of highest ROC AUC.")
        else:
            notes.append(f"{n_models} models: the curves and per-model pages show the "
                         f"{MAX_MODELS} of highest ROC AUC, every model is in the tables "
                         f"and the ranking figure (--all-models draws every model, "
                         f"longer).")
    n_rows = getattr(data, "n_samples", 0) or 0
    draws = n_models * min(n_rows * n_resamples, MAX_TABLE_DRAWS)
    if not args.no_ci and draws >= _LONG_INTERVALS:
        notes.append(f"intervals on {n_rows:,} rows x {n_models} models with "
                     f"{n_resamples:,} resamples may take a while; --no-ci leaves them out, "
                     f"and a smaller --n-resamples is quicker.")
    return notes


def _warning_notes(caught):
    """Each distinct warning message once, one line each, without source paths."""
    seen = []
    for w in caught:
        message = " ".join(str(w.message).split())
        if message not in seen:
            seen.append(message)
    return seen


def _provenance(args, data, command_line):
    """The input file (or bundled sample), its SHA-256 and rows, and the command."""
    from evalplots.report import Provenance  # slow: numpy

    if args.engine == "dask":
        return data.provenance(command_line)
    if args.input is None:
        from evalplots.datasets._samples import SAMPLE_FILES  # slow: numpy

        name = args.sample or "breast_cancer"
        path = SAMPLE_FILES[name]
        return Provenance.from_file(path, rows=data.n_samples, command_line=command_line,
                                    name=f"bundled sample {name} ({path.name})")
    return Provenance.from_file(args.input, rows=data.n_samples,
                                command_line=command_line)


def _dated(provenance):
    """``provenance`` with its date filled in as the report's (``report_date``)."""
    import dataclasses  # slow for --help: it loads inspect (~30 ms)

    from evalplots.report._provenance import report_date

    if provenance.date is not None:
        return provenance
    return dataclasses.replace(provenance, date=report_date())


def _say(line, stream=None):
    """Print one line to stderr (or ``stream``): user text in it (names, paths) with
    controls, bidi overrides and undecodable bytes written as escapes."""
    print(shown_text(line), file=stream or sys.stderr, flush=True)


def _print_notes(notes):
    for note in filter(None, notes):
        _say(f"{PROG}: {_command_line_words(note)}")


def _report(args, command_line):
    threshold = _threshold(args.threshold)
    level, n_resamples, seed = _interval_options(args)
    margin = _gate_margin(args)
    # checked before any work: scipy's import (numpy.f2py) also reads it and fails
    # with a bare "invalid literal for int()" on a bad value
    from evalplots.report._provenance import report_date  # slow: numpy

    report_date()
    notes = []
    _check_output(args.output, args.figures, notes, tables=args.tables)
    data = _load(args, notes)
    task = _task(data, args)
    _check_baseline(args, data, task)
    pos_label = None
    if task == "binary":
        pos_label = _pos_label(data, args.pos_label)
        if args.engine != "dask":  # the scores' range is not read before the pass
            notes.extend(_threshold_notes(data, threshold))
    ignored = {"--pos-label": args.pos_label is not None and task != "binary",
               "--threshold": args.threshold != "0.5" and task != "binary",
               "--ordinal": args.ordinal and task != "multiclass",
               "--transposed": args.transposed and task != "multiclass"}
    for option, is_ignored in ignored.items():
        if is_ignored:
            notes.append(f"{option} is ignored: it applies to "
                         f"{'binary' if option in ('--pos-label', '--threshold') else 'multi-class'} "
                         f"reports, and this one is {task}.")
    notes.extend(_duration_notes(data, task, args, n_resamples))
    if args.engine != "dask":  # with dask the partitions are checked as they reduce
        _print_notes(notes)  # only once the input is known to be usable
    from evalplots._atomic import publish_together  # slow for --help: secrets
    from evalplots.evaluation import evaluate  # slow: numpy
    from evalplots.report import evaluation_report  # slow: reportlab, matplotlib

    start = time.perf_counter()
    with _progress_bar() as bar:
        task_bar = bar.add_task("starting", total=None)

        def progress(step, done, total):
            checkpoint()  # a Ctrl-C swallowed while drawing a figure stops here
            bar.update(task_bar, description=step, completed=done, total=total + 1)

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            engine = ({"progress": progress, "ci": not args.no_ci}
                      if args.engine == "dask" else _structure(data))
            evaluation = getattr(data, "evaluate", evaluate)(
                                  data.y_true, data.predictions, task=task,
                                  pos_label=pos_label, threshold=threshold,
                                  labels=data.classes if task == "multiclass" else None,
                                  label_names=data.label_names, ordinal=args.ordinal,
                                  confidence_level=level, n_resamples=n_resamples,
                                  random_state=seed, **engine)
            if args.engine == "dask":
                _print_notes(notes)
            provenance = _provenance(args, data, command_line)
            gates = None if margin is None else evaluation.baseline_gates(
                args.baseline, margin, superiority=args.superiority)
            report = evaluation_report(
                evaluation, title=args.title, description=data.description or None,
                progress=progress, transposed=args.transposed and task == "multiclass",
                provenance=provenance, gates=gates,
                ci=not args.no_ci, **({"max_models": None} if args.all_models else {}),
            )
        for note in _warning_notes(caught):
            _say(f"{PROG}: note: {note}")
        bar.update(task_bar, description="writing the PDF",
                   completed=bar.tasks[0].total - 1)
        with publish_together():  # the report and the figures, or no file changed
            path = report.save(args.output)
            bar.update(task_bar, completed=bar.tasks[0].total)
            if args.figures is not None:
                bar.update(task_bar, description="writing the figures")
                figures = evaluation.save_figures(args.figures, args.figure_format)
            if args.tables is not None:
                bar.update(task_bar, description="writing the tables")
                tables = evaluation.save_tables(args.tables, ci=not args.no_ci,
                                                provenance=_dated(provenance))
    try:
        _say(f"{path} ({report.page_count_} pages, "
             f"{time.perf_counter() - start:.1f} s)", sys.stdout)
        if args.figures is not None:
            _say(f"{len(figures)} figures in {args.figures}: "
                 f"{', '.join(p.name for p in figures)}", sys.stdout)
        if args.tables is not None:
            _say(f"{len(tables)} table files in {args.tables}: "
                 f"{', '.join(p.name for p in tables)}", sys.stdout)
        for gate in gates or ():
            _say(f"gate: {gate}", sys.stdout)
    except BrokenPipeError:  # e.g. `| head -c0`: the report is written all the same
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error at interpreter exit
    return EXIT_GATE_FAILED if gates is not None and not gates.passed else 0


def main(argv=None):
    """Run the ``evalplots`` command; return its exit status.

    Parameters
    ----------
    argv : list of str or None, default=None
        The arguments after the program name; None reads ``sys.argv[1:]``.

    Returns
    -------
    status : int
        0 on success, 2 on a usage or input error (after one line on stderr),
        130 when interrupted with Ctrl-C at any moment before the finished PDF
        is moved into place (after one line on stderr; a file already at the
        output path is left byte for byte as it was, and no temporary file
        remains).

    Examples
    --------
    >>> import os, tempfile, contextlib, io
    >>> out = os.path.join(tempfile.mkdtemp(), "r.pdf")
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     status = main(["report", os.path.join(out, "missing.csv"), "-o", out])
    >>> status, os.path.exists(out)
    (2, False)
    >>> print(err.getvalue().strip())  # doctest: +ELLIPSIS
    evalplots: error: INPUT '.../missing.csv' does not exist; check the path ...
    """
    # as the program (argv=None), SIGINT stays ignored once the status is decided,
    # so a late Ctrl-C cannot kill the interpreter while it shuts down
    with InterruptGuard(keep_ignoring=argv is None) as guard:
        args = None
        try:
            argv = sys.argv[1:] if argv is None else list(argv)
            args = build_parser().parse_args(argv)
            with _engine(args):
                return _report(args, shlex.join([PROG, *argv]))
        except BaseException as exc:
            # also a KeyboardInterrupt that a library swallowed or turned into
            # another exception (reportlab's cleanup code raises AttributeError)
            if guard.interrupted or isinstance(exc, KeyboardInterrupt):
                _say(f"{PROG}: interrupted; {_unchanged(args)}")
                return EXIT_INTERRUPTED
            if isinstance(exc, UsageError):
                message = str(exc)
            elif isinstance(exc, OSError):
                message = _os_message(exc)
            elif isinstance(exc, ValueError):
                message = _library_message(exc)
            else:
                raise
        message = _command_line_words(" ".join(message.split()).rstrip("."))
        _say(f"{PROG}: error: {message}.")
        return EXIT_USAGE


def _engine(args):
    """With --engine dask, a dask client for the run (its local cluster closed after)."""
    if args.engine != "dask":
        for option in ("scheduler", "workers"):
            if getattr(args, option) is not None:
                raise UsageError(f"--{option} applies to --engine dask only")
        return contextlib.nullcontext()
    try:
        from evalplots._dask_cli import cluster  # optional: the [dask] extra
    except ImportError:
        raise UsageError("--engine dask needs dask: pip install \"evalplots[dask]\"") \
            from None
    return cluster(args.scheduler, args.workers)


def _structure(data):
    """The weight, group and fold arguments of ``evaluate`` read from INPUT (those given)."""
    out = {}
    if data.sample_weight is not None:
        out["sample_weight"] = data.sample_weight
    if data.groups is not None:
        out["groups"] = data.groups
    if data.folds is not None:
        import pandas as pd  # read with the file already

        out["folds"] = pd.Series(data.folds, name=data.fold_name)
    return out


def _unchanged(args):
    """What an interrupt left: the output file as it was, or no file."""
    output = getattr(args, "output", None)
    if output and os.path.isfile(output):
        return f"{output} was not changed"
    return "no report written"


#: library arguments this command's options spell otherwise (keyword -> option dest)
_RENAMED_ARGUMENTS = {"random_state": "seed", "groups": "group", "folds": "fold"}


#: The options of this command that library errors (ChoiceError) name as arguments.
_OPTIONS = {"pos_label": "--pos-label", "task": "--task"}


def _option(argument, value):
    """``argument=value`` of a library error as this command's option (``--task multiclass``)."""
    return f"{_OPTIONS[argument]} {shlex.quote(str(value))}"  # every ChoiceError's argument


def _library_message(exc):
    """A library ValueError in this command's terms: a ChoiceError's argument and
    values spelled as options, from its fields."""
    # the library (numpy under it) is imported only once it has raised: --help stays fast
    from evalplots.metrics._labels import ChoiceError

    return exc.message(_option) if isinstance(exc, ChoiceError) else str(exc)


#: a keyword argument as library messages write it: ``name=`` and its value, if any
_KEYWORD = re.compile(r"(?<![\w.-])([a-z_][a-z0-9_]*)=([^\s,;)]*)")


def _command_line_options(message=None):
    """``{library keyword: (option, takes a value)}`` of ``evalplots report``.

    The keywords of :func:`evalplots.evaluate`, :func:`evalplots.report.evaluation_report`
    and :func:`evalplots.datasets.read_predictions` that an option sets, read off the
    parser (an option's destination is its keyword, but those in
    ``_RENAMED_ARGUMENTS``): a library message that names one can be told in this
    command's terms. Options of the command alone (``-o``, ``--figures``) are not
    keywords: ``output=`` in a message means another function's argument. Given a
    ``message``, the report's signature is read only if the message names an option
    the other two do not take (the report package loads the drawing libraries: an
    input error is answered without them).

    Examples
    --------
    >>> options = _command_line_options()
    >>> options["pos_label"], options["transposed"], options["random_state"]
    (('--pos-label', True), ('--transposed', False), ('--seed', True))
    """
    # the library is imported only once it has spoken: --help stays fast
    import inspect

    from evalplots import evaluate
    from evalplots.datasets import read_predictions

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    options = {action.dest: (action.option_strings[-1], action.nargs != 0)
               for action in sub.choices["report"]._actions if action.option_strings}

    def dest(keyword):
        return _RENAMED_ARGUMENTS.get(keyword, keyword)

    functions = [evaluate, read_predictions]
    keywords = {name for function in functions for name in inspect.signature(function).parameters}
    named = None if message is None else {m.group(1) for m in _KEYWORD.finditer(message)}
    if named is None or any(dest(k) in options and k not in keywords for k in named):
        from evalplots.report import evaluation_report  # slow: loads matplotlib, reportlab

        keywords |= set(inspect.signature(evaluation_report).parameters)
    return {keyword: options[dest(keyword)] for keyword in keywords if dest(keyword) in options}


def _command_line_words(message):
    """A library message with its argument names (``models=``, ``threshold=0.7``,
    ``transposed=True``) as options (``--models``, ``--threshold 0.7``,
    ``--transposed``)."""
    message = message.replace("--target / target=", "--target")  # said both ways
    options = _command_line_options(message)

    def spell(match):
        keyword, value = match.group(1), match.group(2)
        if keyword not in options:
            return match.group()
        option, takes_value = options[keyword]
        if not takes_value:  # a flag: "transposed=True" is "--transposed"
            return option if value in ("", "True") else match.group()
        return f"{option} {value}" if value else option

    return _KEYWORD.sub(spell, message)


def _os_message(exc):
    if exc.strerror is None:  # raised by evalplots with its own message
        return str(exc)
    where = f" {exc.filename!r}" if exc.filename else ""
    return f"cannot read or write{where}: {exc.strerror}; check the path and permissions"


if __name__ == "__main__":
    sys.exit(main())
