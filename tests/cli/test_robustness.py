"""The `evalplots` command against a tester's attempts to break it.

Companion of cli/test_command.py; runs the command in-process (``run``), and as a program
(``spawn``) where a closed stdout is the point. Ctrl-C: cli/test_interrupts.py. Never
touches real device nodes: non-regular outputs are FIFOs and symlinks inside tmp_path.
"""

import os
import pathlib
import stat
import subprocess
import sys

import pytest
from matplotlib.figure import Figure
from pypdf import PdfReader

import evalplots._atomic
import evalplots.cli
import evalplots.evaluation
import evalplots.report

from tests.support import GOOD_CSV, assert_usage_error, run, write_csv


def _lines(stream):
    return stream.strip().splitlines()


# -- 1. output paths -------------------------------------------------------------

@pytest.mark.parametrize(
    "output, message",
    [
        ("", "evalplots: error: -o is empty; give a file name such as report.pdf."),
        ("-", ("evalplots: error: writing to stdout is not supported; give a file "
              "name such as report.pdf.")),
    ],
)
def test_empty_and_dash_output(tmp_path, output, message):
    result = run("report", write_csv(tmp_path, GOOD_CSV), "-o", output, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == message + "\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["preds.csv"]


def test_fifo_output_is_refused_and_kept(tmp_path):
    fifo = tmp_path / "out.pdf"
    os.mkfifo(fifo)
    result = run("report", write_csv(tmp_path, GOOD_CSV), "-o", fifo, cwd=tmp_path)
    assert result.returncode == 2
    assert _lines(result.stderr) == [
        (f"evalplots: error: -o {str(fifo)!r} exists and is not a regular file (a "
        f"FIFO, device or socket); give the path of a regular file.")]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_symlink_output_without_pdf_suffix_writes_the_target_with_a_note(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "target.txt"
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    result = run("report", write_csv(tmp_path, GOOD_CSV), "-o", "link.txt", "--no-ci",
                 cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "evalplots: -o 'link.txt' does not end in .pdf; writing a PDF there " \
           "anyway." in _lines(result.stderr)
    assert link.is_symlink()
    assert target.read_bytes().startswith(b"%PDF-")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert sorted(p.name for p in target.parent.iterdir()) == ["target.txt"]


def _read_only(monkeypatch, directory):
    """Creating a file in ``directory`` fails as on a read-only mount (the tests run
    as root, for whom permission bits do not stop a write)."""
    real_open = os.open

    def guarded(path, *args, **kwargs):
        if os.path.dirname(os.path.abspath(path)) == str(directory):
            raise OSError(30, "Read-only file system", path)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(evalplots._atomic.os, "open", guarded)


def _no_work(monkeypatch):
    def refused(*args):
        raise AssertionError("the input was read before the outputs were checked")

    monkeypatch.setattr(evalplots.cli, "_load", refused)


@pytest.mark.parametrize("option", ["-o", "--figures"])
def test_an_output_that_cannot_be_written_is_refused_first_by_its_own_path(
        tmp_path, monkeypatch, capsys, option):
    locked = tmp_path / "locked"
    locked.mkdir()
    _read_only(monkeypatch, locked)
    _no_work(monkeypatch)
    where = {"-o": (locked / "r.pdf", tmp_path / "figs"),
             "--figures": (tmp_path / "r.pdf", locked)}[option]
    status = evalplots.cli.main(["report", str(tmp_path / "in.csv"), "-o", str(where[0]),
                                 "--figures", str(where[1])])
    shown = where[0] if option == "-o" else where[1]
    assert (status, capsys.readouterr().err) == (2, (
        f"evalplots: error: {option} {str(shown)!r} cannot be written: Read-only file "
        f"system; check the permissions or choose another path.\n"))
    assert os.listdir(tmp_path) == ["locked"] and os.listdir(locked) == []


@pytest.mark.parametrize("made", ["", "figs", "out/figs"])
def test_a_failing_figure_leaves_the_old_report_as_it_was(tmp_path, monkeypatch, capsys,
                                                           made):
    # the report and the figures are published together: none, when one fails;
    # the directories the run made for them are removed, the ones that were are kept
    report = tmp_path / "r.pdf"
    report.write_bytes(b"the old report")
    figures = tmp_path / "out" / "figs"
    existing = {"": figures, "figs": figures.parent, "out/figs": None}[made]
    if existing is not None:
        existing.mkdir(parents=True)
    real_savefig = Figure.savefig

    def savefig(self, fname, **kwargs):
        if isinstance(fname, str) and "roc_curves" not in fname:  # the second file
            raise OSError(28, "No space left on device", fname)
        return real_savefig(self, fname, **kwargs)

    class QuickReport:  # the report's own rendering is not what is tested here
        page_count_ = 1

        def __init__(self, evaluation, *, progress, **options):
            progress("drawing", 1, 1)

        def save(self, path):
            return evalplots._atomic.write_atomically(
                path, lambda tmp: pathlib.Path(tmp).write_bytes(b"the new report"))

    monkeypatch.setattr(evalplots.report, "evaluation_report", QuickReport)
    monkeypatch.setattr(Figure, "savefig", savefig)
    status = evalplots.cli.main(["report", str(write_csv(tmp_path, GOOD_CSV)), "-o",
                                 str(report), "--figures", str(figures)])
    assert (status, capsys.readouterr().err.splitlines()[-1]) == (2, (
        f"evalplots: error: cannot read or write "
        f"{str(figures / 'det_and_cumulative_gain_curves.pdf')!r}: No space "
        f"left on device; check the path and permissions."))
    assert report.read_bytes() == b"the old report"
    kept = {"": ["out"], "figs": ["out"], "out/figs": []}[made]
    assert sorted(os.listdir(tmp_path)) == [*kept, "preds.csv", "r.pdf"]
    if made != "out/figs":
        assert os.listdir(tmp_path / "out") == (["figs"] if not made else [])
    if not made:
        assert os.listdir(figures) == []  # not even the figure that was drawn


def test_a_file_name_that_is_not_utf8_and_a_bidi_override_are_written_escaped(
        tmp_path, capsys, stub_figures):
    # a name from a Windows zip (Latin-1 bytes: Python's argv holds a surrogate
    # escape, which no encoder writes) and a model name with U+202E, which makes a
    # viewer's properties dialog or a terminal show the text after it reversed
    source = os.fsencode(tmp_path) + b"/r\xe9sultats.csv"
    with open(source, "w") as f:
        f.write("y_true,m\u202e_x\n1,0.9\n0,0.2\n1,0.7\n0,0.4\n")
    status = evalplots.cli.main(["report", os.fsdecode(source), "-o",
                                 str(tmp_path / "r\u202e.pdf")])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert out.startswith(f"{tmp_path}/r\\u202e.pdf (")  # the terminal's line
    info = PdfReader(tmp_path / "r\u202e.pdf").metadata
    assert info["/InputFile"] == f"{tmp_path}/r\\xe9sultats.csv"
    assert info["/Keywords"] == "evaluation report, binary, m\\u202e_x"
    assert not any("\u202e" in str(v) or "\ufffd" in str(v) for v in info.values())


# -- 2. a closed stdout ---------------------------------------------------------

def test_broken_stdout_pipe_keeps_success(tmp_path):
    csv_path = write_csv(tmp_path, GOOD_CSV)
    proc = subprocess.Popen(
        [sys.executable, "-m", "evalplots.cli", "report", str(csv_path), "-o", "x.pdf",
         "--no-ci"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "MPLBACKEND": "Agg"},
    )
    proc.stdout.close()  # like `| head -c0`: the reader is gone before the print
    stderr = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert proc.returncode == 0, stderr
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF-")


def test_version(tmp_path):
    from evalplots import __version__

    result = run("--version", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == f"evalplots {__version__}\n"


# -- 3/4. one note per problem, no warning flood -----------------------------------

def test_cjk_model_name_is_one_warning_line(tmp_path):
    from evalplots.report._fonts import find_fallback_font

    if find_fallback_font("中文模型") is not None:
        pytest.skip("an installed font covers CJK for matplotlib here")
    csv_path = write_csv(tmp_path, GOOD_CSV.replace("model_a", "中文模型"))
    result = run("report", csv_path, "-o", "c.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert _lines(result.stderr) == [
        "evalplots: ignoring non-numeric column(s) 'id'.",
        ("evalplots: note: figure text: no installed font covers '中型文模': the PDF "
         "report shows them in a built-in CID font, which it names but cannot embed (a "
         "viewer without that font shows boxes), the figures are laid out with "
         "placeholder widths and figures saved on their own show boxes; install a CJK "
         "font (e.g. Noto Sans CJK, WenQuanYi) or name its file in EVALPLOTS_FONT_PATH "
         "to fix all three.")]


def test_all_tied_scores_note_once_without_source_path(tmp_path):
    csv_path = write_csv(tmp_path, "y_true,m\n1,0.5\n0,0.5\n1,0.5\n0,0.5\n0,0.5\n")
    result = run("report", csv_path, "-o", "t.pdf", "--no-ci", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert _lines(result.stderr) == [
        ("evalplots: note: m: The P-R curve never meets P = R (the top-scored tie group "
        "already holds more samples than there are positives); the break-even point "
        "is set to NaN.")]
    summary = " ".join(" ".join(p.extract_text().split())
                       for p in PdfReader(tmp_path / "t.pdf").pages[:2])
    assert "for BEP: the sawtooth precision-recall curve never meets P = R" in summary


def _notes_before_the_work(monkeypatch, capsys, *argv):
    """The stderr lines of ``evalplots report ARGV`` up to the evaluation (not run)."""
    def stop(*args, **kwargs):
        raise ValueError("stopped before the evaluation")

    monkeypatch.setattr(evalplots.evaluation, "evaluate", stop)
    assert evalplots.cli.main(["report", *map(str, argv)]) == 2
    return _lines(capsys.readouterr().err)


@pytest.mark.parametrize("threshold, side", [("2", "negative"), ("-1", "positive")])
def test_threshold_outside_scores_is_a_note(tmp_path, monkeypatch, capsys, threshold, side):
    lines = _notes_before_the_work(monkeypatch, capsys, write_csv(tmp_path, GOOD_CSV),
                                   "-o", tmp_path / "t.pdf", "--threshold", threshold)
    for name, high in (("model_a", 0.9), ("model_b", 0.8)):
        assert (f"evalplots: --threshold {threshold} is outside the scores' range of "
                f"{name!r} [0.1, {high}]: every sample is predicted {side}.") in lines


def test_threshold_outside_one_models_scores_is_a_note_for_that_model(
        tmp_path, monkeypatch, capsys):
    # percentages beside probabilities: the pooled range [0.1, 93] holds 0.5, but
    # every sample of the percent model is predicted positive at 0.5
    csv = write_csv(tmp_path, "y_true,proba,percent\n1,0.9,93\n0,0.1,12\n1,0.6,71\n0,0.3,40\n")
    lines = _notes_before_the_work(monkeypatch, capsys, csv, "-o", tmp_path / "t.pdf")
    assert [line for line in lines if "--threshold" in line] == [
        "evalplots: --threshold 0.5 is outside the scores' range of 'percent' [12, 93]: "
        "every sample is predicted positive."]


# -- 7/8. input parsing ---------------------------------------------------------------

@pytest.mark.parametrize(
    "csv_text, extra, needles",
    [
        ("y_true,m\n1,0.9\n0,1_0\n", [], ["non-numeric value '1_0' on line 3"]),
        ("y_true,m\n1,0.9\n0,\u0661\n", [], ["non-numeric value '\u0661' on line 3"]),
        ("y_true,m\n\u0661,0.9\n0,0.1\n1,0.3\n", [], ["3 classes but model 'm' gives one score per sample"]),
        (GOOD_CSV, ["--threshold", "0_5"], [("--threshold must be a finite number, "
                                            "got '0_5'")]),
        (GOOD_CSV, ["--threshold", "\u0660.5"], ["--threshold must be a finite number"]),
        ("y_true;m\n1;0.9\n0;0.1\n", [], [
            ("the header has one column 'y_true;m'; the file looks ';'-separated, but "
            "evalplots reads comma-separated CSV")]),
        ("y_true\tm\n1\t0.9\n0\t0.1\n", [], ["looks tab-separated"]),
        ("y_true,m\nnan,0.9\n0,0.1\n1,0.3\n", [], [
            ("label column 'y_true' is missing on line 2 ('nan'); give every row a "
            "label.")]),
        ("y_true,m\n0,0.2\n1,0.3\n2,0.4\n", [], ["3 classes (whole numbers) but model 'm'"]),
        ("y_true,m\n" + "".join(f"{i},0.{i}\n" for i in range(8)), [],
         ["8 classes (whole numbers) but model 'm'"]),
    ],
    ids=["underscore", "arabic-indic-score", "arabic-indic-label", "threshold-underscore",
         "threshold-arabic-indic", "semicolon", "tab", "nan-label", "three-classes",
         "eight-classes"],
)
def test_strict_input_parsing(tmp_path, csv_text, extra, needles):
    out = tmp_path / "out.pdf"
    result = run("report", write_csv(tmp_path, csv_text), "-o", out, *extra,
                 cwd=tmp_path)
    assert_usage_error(result, out, *needles)


def test_every_error_line_ends_with_one_period(tmp_path):
    for csv_text in ("y_true,m\n1,0.2\n0,high\n", "y_true,m\n1,0.2\n1,0.3\n",
                     "y_true;m\n1;0\n"):
        result = run("report", write_csv(tmp_path, csv_text), "-o", "o.pdf",
                     cwd=tmp_path)
        line = result.stderr.strip()
        assert line.endswith(".") and not line.endswith(".."), line


# -- the pandas reader through the command -----------------------------------

def test_non_utf8_input_asks_to_resave(tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes("y_true,m\n1,0.5\n0,caf\xe9\n".encode("latin-1"))
    out = tmp_path / "out.pdf"
    result = run("report", path, "-o", out, cwd=tmp_path)
    assert_usage_error(result, out, "is not UTF-8 text (byte 0xe9 on line 3 is not "
                                    "valid UTF-8); re-save it as UTF-8")


def test_decimal_comma_hint(tmp_path):
    out = tmp_path / "out.pdf"
    result = run("report", write_csv(tmp_path, 'y_true,m\n1,"0,97"\n0,"0,12"\n'),
                 "-o", out, cwd=tmp_path)
    assert_usage_error(result, out, "score column 'm' has '0,97' on line 2, a number "
                                    "with a decimal comma")


def test_true_false_labels_with_pos_label_true(tmp_path, stub_figures):
    csv_path = write_csv(tmp_path, "y_true,m\nTrue,0.9\nFalse,0.2\nTrue,0.4\nFalse,0.5\n")
    result = run("report", csv_path, "-o", "b.pdf", "--pos-label", "true", "--no-ci",
                 cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    summary = " ".join(" ".join(p.extract_text().split())
                       for p in PdfReader(tmp_path / "b.pdf").pages[:2])
    assert "2 positive (50.0 %), label True, and 2 negative, label False" in summary
    # positives 0.9, 0.4 vs negatives 0.2, 0.5: 3 of 4 pairs ranked right
    assert "m 0.7500" in summary


def test_numeric_id_column_is_not_a_model(tmp_path, stub_figures):
    """A new user's file: an `id` column 1..8 used to become the model "id"."""
    text = "id,y_true,model_a\n" + "".join(
        f"{i + 1},{line.split(',')[1]},{line.split(',')[2]}\n"
        for i, line in enumerate(GOOD_CSV.splitlines()[1:]))
    result = run("report", write_csv(tmp_path, text), "-o", "i.pdf", "--no-ci", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert _lines(result.stderr) == [
        "evalplots: excluding column 'id' (its name marks a row identifier); name it "
        "in --models to read it as a model."]
    summary = " ".join(" ".join(p.extract_text().split())
                       for p in PdfReader(tmp_path / "i.pdf").pages[:2])
    assert "1 model, 8 samples" in summary
    assert "model_a0.9375" in summary.replace(" ", "")  # the name may wrap


def test_parquet_input(tmp_path, stub_figures):
    import pandas as pd

    frame = pd.read_csv(write_csv(tmp_path, GOOD_CSV))
    frame.to_parquet(tmp_path / "p.parquet", index=False)
    result = run("report", tmp_path / "p.parquet", "-o", "q.pdf", "--no-ci", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert _lines(result.stderr) == ["evalplots: ignoring non-numeric column(s) 'id'."]
    summary = " ".join(" ".join(p.extract_text().split())
                       for p in PdfReader(tmp_path / "q.pdf").pages[:2])
    assert "model_a0.9375" in summary.replace(" ", "")




# -- hints in the command's terms ---------------------------------------------------

#: library keywords that messages of the modules under the command name, but that
#: a run of the command never gets to see: the command passes them itself
_SET_BY_THE_COMMAND = {
    "labels",  # every class of the target column (the reader refuses any other first)
    "predictions",  # the file's columns (evalplots.dask: predictions=None with a path)
}


def _hinted_keywords(package):
    """``{keyword: files}`` of every ``keyword=`` in the raised and warned messages
    of the modules under ``package`` (an argument a message tells to set)."""
    import ast
    import re

    root = pathlib.Path(evalplots.cli.__file__).parent
    found = {}
    for path in (root / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_warning = (isinstance(node, ast.Call)
                          and getattr(node.func, "attr", getattr(node.func, "id", None))
                          == "warn")
            if not (isinstance(node, ast.Raise) or is_warning):
                continue
            for sub in ast.walk(node):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    for keyword in re.findall(r"(?<![\w.'\"-])([a-z_][a-z0-9_]*)=",
                                              sub.value):
                        found.setdefault(keyword, set()).add(path.name)
    return found


def test_every_hint_the_command_can_print_names_one_of_its_options():
    # the modules a run of the command goes through: every keyword their messages
    # ask for is spelled as the command's option, or is one the command sets itself
    options = evalplots.cli._command_line_options()
    hinted = {}
    for package in ("evaluation", "datasets", "dask", "report/standard"):
        for keyword, files in _hinted_keywords(package).items():
            hinted.setdefault(keyword, set()).update(files)
    unspelled = {k: sorted(v) for k, v in hinted.items()
                 if k not in options and k not in _SET_BY_THE_COMMAND}
    assert unspelled == {}
    assert {"models", "pos_label", "random_state"} <= set(hinted)  # the scan finds them


@pytest.mark.parametrize("message, shown", [
    ("choose them with models= / exclude=", "choose them with --models / --exclude"),
    ("(choose one with --target / target=)", "(choose one with --target)"),
    ("e.g. random_state=0", "e.g. --seed 0"),
    ("a higher threshold=0.7, with transposed=True", "a higher --threshold 0.7, with --transposed"),
    ("use output='rows'", "use output='rows'"),  # another function's argument, not -o
])
def test_library_keywords_are_told_as_the_options_that_set_them(message, shown):
    assert evalplots.cli._command_line_words(message) == shown
