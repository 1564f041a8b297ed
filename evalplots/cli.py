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

import numpy as np

EXIT_USAGE = 2
PROG = "evalplots"


class UsageError(Exception):
    """An input problem the user can fix; reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (no usage block) and exit 2."""

    def error(self, message):
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
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
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
    except UnicodeDecodeError:
        raise UsageError(f"INPUT {args.input!r} is not UTF-8 text; pass a CSV "
                         f"file") from None
    if data.ignored_columns:
        notes.append(f"ignoring non-numeric column(s) "
                     f"{', '.join(map(repr, data.ignored_columns))}.")
    return data


def _pos_label(data, text):
    """Resolve --pos-label against the labels (typed as the label column)."""
    classes = np.unique(data.y_true)
    shown = ", ".join(str(c) for c in classes.tolist()[:6])
    if classes.size < 2:
        raise UsageError(f"the label column has a single class ({shown}); a report "
                         f"needs both positive and negative samples")
    if classes.size > 2:
        raise UsageError(f"the label column has {classes.size} classes ({shown}, ...); "
                         f"the report is binary: recode the labels to two classes")
    if text is None:
        if data.pos_label is not None:
            return data.pos_label
        if set(classes.tolist()) in ({0, 1}, {-1, 1}):
            return 1
        raise UsageError(f"labels are {shown}, so the positive class is ambiguous; "
                         f"pass --pos-label with one of them")
    for label in classes.tolist():
        if str(label) == text or (not isinstance(label, str) and _same_number(label, text)):
            return label
    raise UsageError(f"--pos-label {text!r} is not among the labels ({shown}); "
                     f"pass one of them")


def _same_number(label, text):
    try:
        return float(text) == float(label)
    except ValueError:
        return False


def _progress_bar():
    """A rich progress bar on stderr, drawn only when stderr is a terminal."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    return Progress(TextColumn("{task.description:<32}"), BarColumn(),
                    TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                    console=console, transient=True,
                    disable=not console.is_terminal)


def _check_output(path):
    if os.path.isdir(path):
        raise UsageError(f"-o {path!r} is a directory; give a file name such as "
                         f"{os.path.join(path, 'report.pdf')!r}")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise UsageError(f"the directory of -o {path!r} does not exist; create it "
                         f"or choose another path")


def _report(args):
    threshold = _threshold(args.threshold)
    _check_output(args.output)
    notes = []
    data = _load(args, notes)
    pos_label = _pos_label(data, args.pos_label)
    for note in notes:  # only once the input is known to be usable
        print(f"{PROG}: {note}", file=sys.stderr)
    from evalplots.report import evaluation_report

    start = time.perf_counter()
    with _progress_bar() as bar:
        task = bar.add_task("starting", total=None)

        def progress(step, done, total):
            bar.update(task, description=step, completed=done, total=total + 1)

        report = evaluation_report(
            data.y_true, data.scores, threshold=threshold, pos_label=pos_label,
            title=args.title, description=data.description or None,
            label_names=data.label_names, progress=progress,
        )
        bar.update(task, description="writing the PDF",
                   completed=bar.tasks[0].total - 1)
        path = report.save(args.output)
        bar.update(task, completed=bar.tasks[0].total)
    print(f"{path} ({report.page_count_} pages, "
          f"{time.perf_counter() - start:.1f} s)")
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
        0 on success, 2 on a usage or input error (after one line on stderr).

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
    except UsageError as exc:
        message = str(exc)
    except (ValueError, OSError) as exc:
        message = _os_message(exc) if isinstance(exc, OSError) else str(exc)
    print(f"{PROG}: error: {' '.join(message.split())}", file=sys.stderr)
    return EXIT_USAGE


def _os_message(exc):
    if exc.strerror is None:  # raised by evalplots with its own message
        return str(exc)
    where = f" {exc.filename!r}" if exc.filename else ""
    return f"cannot read or write{where}: {exc.strerror}; check the path and permissions"


if __name__ == "__main__":
    sys.exit(main())
