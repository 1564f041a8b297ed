"""The ``evalplots`` command: ``evalplots report [INPUT] -o OUT.pdf``.

argparse (standard library) is enough for one subcommand with a handful of
options, so the CLI adds no dependency beyond rich, which draws the progress
bar. Input problems end with one line on stderr naming the problem and the
fix, and exit status 2 (argparse's convention for usage errors); no traceback,
no output file.
"""

import argparse
import math
import os
import sys
import time
import warnings

import numpy as np

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
    from evalplots import __version__

    parser = _Parser(prog=PROG, description="Evaluation reports from model predictions.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rep = sub.add_parser(
        "report",
        help="write a PDF evaluation report",
        description=(
            "Write a multi-page PDF evaluation report (metrics table, ROC, "
            "precision-recall and confusion-matrix pages). INPUT is a CSV with a "
            "label column and one numeric score column per model; without INPUT "
            "the bundled breast-cancer sample is used."
        ),
    )
    rep.add_argument("input", nargs="?", metavar="INPUT",
                     help="predictions CSV (default: the bundled sample)")
    rep.add_argument("-o", "--output", default="report.pdf", metavar="OUT.pdf",
                     help="where to write the PDF (default: %(default)s)")
    rep.add_argument("--target", default="y_true", metavar="COL",
                     help="label column of INPUT (default: %(default)s)")
    rep.add_argument("--pos-label", default=None, metavar="V",
                     help="the positive label (default: 1 for 0/1 or -1/1 labels)")
    rep.add_argument("--threshold", default="0.5", metavar="T",
                     help="decision threshold: score >= T predicts positive "
                          "(default: %(default)s)")
    rep.add_argument("--title", default=None, metavar="TEXT", help="report title")
    return parser


def _threshold(text):
    from evalplots.datasets._csv import parse_number

    value = parse_number(text)
    if value is None or not math.isfinite(value):
        raise UsageError(f"--threshold must be a finite number, got {text!r}; "
                         f"e.g. --threshold 0.5")
    return value


def _load(args, notes):
    """Return the predictions to report on; notices for stderr go to ``notes``."""
    from evalplots.datasets import load_breast_cancer_predictions, read_predictions_csv

    if args.input is None:
        data = load_breast_cancer_predictions()
        notes.append(f"no INPUT given; using the bundled sample (Wisconsin "
                     f"breast-cancer, {data.n_samples} samples, {len(data.scores)} "
                     f"models).")
        return data
    try:
        data = read_predictions_csv(args.input, target=args.target)
    except FileNotFoundError:
        raise UsageError(f"INPUT {args.input!r} does not exist; check the path "
                         f"(or omit INPUT to use the bundled sample)") from None
    except IsADirectoryError:
        raise UsageError(f"INPUT {args.input!r} is a directory; pass a CSV file") from None
    notes.extend(data.notes)  # ignored and id-like columns, one line each
    return _scores_only(data, notes)


def _scores_only(data, notes):
    """Drop text or True/False predicted-label columns: the report reads scores."""
    import dataclasses

    labels = [m for m, v in data.predictions.items() if v.dtype.kind in "bU"]
    if not labels:
        return data
    if len(labels) == len(data.predictions):
        raise UsageError(f"no numeric score column: {', '.join(map(repr, labels))} "
                         f"hold(s) predicted labels, but the report needs one column "
                         f"of scores per model")
    notes.append(f"ignoring predicted-label column(s) {', '.join(map(repr, labels))}; "
                 f"the report reads scores.")
    return dataclasses.replace(data, predictions={
        m: v for m, v in data.predictions.items() if m not in labels})


def _pos_label(data, text):
    """Resolve --pos-label against the labels (typed as the label column)."""
    from evalplots.metrics._labels import (
        _show,
        class_values,
        match_label_text,
        resolve_pos_label,
    )

    classes = class_values(data.y_true)
    shown = _show(classes)
    if classes.size < 2:
        raise UsageError(f"the label column has a single class {shown}; a report "
                         f"needs both positive and negative samples")
    if classes.size > 2:
        raise UsageError(f"the label column has {classes.size} classes {shown}; "
                         f"the report is binary: recode the labels to two classes")
    if text is not None:
        return match_label_text(text, classes)
    if data.pos_label is not None:
        return data.pos_label
    return resolve_pos_label(classes, None, name="the label column", arg="--pos-label")


def _progress_bar():
    """A rich progress bar on stderr, drawn only when stderr is a terminal."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    return Progress(TextColumn("{task.description:<32}"), BarColumn(),
                    TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                    console=console, transient=True,
                    disable=not console.is_terminal)


def _check_output(path, notes):
    """Refuse an unusable -o before any work; note an unusual suffix."""
    from evalplots.report._atomic import resolve_output

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
    if os.path.splitext(path)[1].lower() != ".pdf":
        notes.append(f"-o {path!r} does not end in .pdf; writing a PDF there anyway.")


def _threshold_note(data, threshold):
    """A note when every score is on one side of the threshold (all one class)."""
    low = min(float(s.min()) for s in data.scores.values())
    high = max(float(s.max()) for s in data.scores.values())
    if threshold > high or threshold < low:
        side = "negative" if threshold > high else "positive"
        return (f"--threshold {threshold:g} is outside the scores' range "
                f"[{low:g}, {high:g}]: every sample is predicted {side}.")
    return None


def _warning_notes(caught):
    """Each distinct warning message once, one line each, without source paths."""
    seen = []
    for w in caught:
        message = " ".join(str(w.message).split())
        if message not in seen:
            seen.append(message)
    return seen


def _report(args):
    threshold = _threshold(args.threshold)
    notes = []
    _check_output(args.output, notes)
    data = _load(args, notes)
    pos_label = _pos_label(data, args.pos_label)
    notes.append(_threshold_note(data, threshold))
    for note in filter(None, notes):  # only once the input is known to be usable
        print(f"{PROG}: {note}", file=sys.stderr)
    from evalplots.report import evaluation_report

    start = time.perf_counter()
    with _progress_bar() as bar:
        task = bar.add_task("starting", total=None)

        def progress(step, done, total):
            bar.update(task, description=step, completed=done, total=total + 1)

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            report = evaluation_report(
                data.y_true, data.scores, threshold=threshold, pos_label=pos_label,
                title=args.title, description=data.description or None,
                label_names=data.label_names, progress=progress,
            )
        for note in _warning_notes(caught):
            print(f"{PROG}: note: {note}", file=sys.stderr)
        bar.update(task, description="writing the PDF",
                   completed=bar.tasks[0].total - 1)
        path = report.save(args.output)
        bar.update(task, completed=bar.tasks[0].total)
    try:
        print(f"{path} ({report.page_count_} pages, "
              f"{time.perf_counter() - start:.1f} s)", flush=True)
    except BrokenPipeError:  # e.g. `| head -c0`: the report is written all the same
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error at interpreter exit
    return 0


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
        130 when interrupted with Ctrl-C (no report is written).

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
    try:
        args = build_parser().parse_args(argv)
        return _report(args)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; no report written", file=sys.stderr)
        return EXIT_INTERRUPTED
    except UsageError as exc:
        message = str(exc)
    except (ValueError, OSError) as exc:
        message = _os_message(exc) if isinstance(exc, OSError) else str(exc)
    message = " ".join(message.split()).rstrip(".")
    print(f"{PROG}: error: {message}.", file=sys.stderr)
    return EXIT_USAGE


def _os_message(exc):
    if exc.strerror is None:  # raised by evalplots with its own message
        return str(exc)
    where = f" {exc.filename!r}" if exc.filename else ""
    return f"cannot read or write{where}: {exc.strerror}; check the path and permissions"


if __name__ == "__main__":
    sys.exit(main())
