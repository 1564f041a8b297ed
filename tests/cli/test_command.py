"""The `evalplots` command: its messages, exit statuses and options.

``run`` (tests/support.py) calls ``evalplots.cli.main`` in this process (what the
command does, in milliseconds for an input error); ``spawn`` starts ``python -m
evalplots.cli``, kept for what only a real process shows: its exit status at
interpreter exit, the console script, a closed stdout, a signal.
"""

import os
import re
import subprocess
import sys

import pytest
from pypdf import PdfReader

import evalplots.cli
import evalplots.evaluation
from evalplots.cli import build_parser

from tests.support import GOOD_CSV, _lines, assert_usage_error, run, spawn, write_csv


@pytest.mark.parametrize(
    "csv_text, extra, needles",
    [
        (None, ["missing.csv"], ["'missing.csv' does not exist", "check the path"]),
        (GOOD_CSV, ["--target", "label"], ["no label column 'label'", "--target"]),
        ("y_true,note\n1,a\n0,b\n", [], ["no numeric score column", "add one column"]),
        ("y_true,m\n1,0.2\n0,high\n", [], ["non-numeric value 'high' on line 3"]),
        ("y_true,m\n1,0.2\n0,nan\n", [], ["non-finite value 'nan' on line 3", "impute"]),
        ("y_true,m\n1,inf\n0,0.3\n", [], ["non-finite value 'inf' on line 2"]),
        ("y_true,m\n1,0.2\n1,0.3\n", [], ["single class {1}", "both positive"]),
        ("y_true,m\n0,0.2\n1,0.3\n2,0.4\n", [], ["3 classes", "fits no task", "--task regression"]),
        ("y_true,m\nB,0.2\nM,0.3\n", [], ["{'B', 'M'}, so the positive class is ambiguous", "pass --pos-label B or --pos-label M"]),
        (GOOD_CSV, ["--pos-label", "7"], ["--pos-label 7 is not a value of the label column, which takes {0, 1}"]),
        (GOOD_CSV, ["--threshold", "abc"], ["--threshold must be a finite number, got "
                                            "'abc'; e.g. --threshold 0.5."]),
        (GOOD_CSV, ["--threshold", "nan"], ["--threshold must be a finite number"]),
        (GOOD_CSV, ["--no-such-option"], ["unrecognized arguments: --no-such-option"]),
        ("y_true,m\n1,0.2\n0\n", [], ["line 3 has 1 cells"]),
    ],
    ids=["missing-file", "missing-column", "no-score-column", "non-numeric",
         "nan", "inf", "one-class", "three-classes", "ambiguous-pos-label",
         "bad-pos-label", "bad-threshold", "nan-threshold", "bad-option", "ragged"],
)
def test_error_paths(tmp_path, csv_text, extra, needles):
    out = tmp_path / "out.pdf"
    args = ["report", "-o", out]
    if csv_text is not None:
        args.insert(1, write_csv(tmp_path, csv_text))
    result = run(*args, *extra, cwd=tmp_path)
    assert_usage_error(result, out, *needles)


def test_error_leaves_existing_output_untouched(tmp_path):
    out = tmp_path / "out.pdf"
    out.write_bytes(b"last week's report")
    result = run("report", write_csv(tmp_path, "y_true,m\n1,0.2\n0,oops\n"), "-o", out,
                 cwd=tmp_path)
    assert result.returncode == 2
    assert out.read_bytes() == b"last week's report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pdf", "preds.csv"]


def test_missing_output_directory(tmp_path):
    out = tmp_path / "nowhere" / "r.pdf"
    result = run("report", write_csv(tmp_path, GOOD_CSV), "-o", out, cwd=tmp_path)
    assert result.returncode == 2
    assert "does not exist" in result.stderr and len(result.stderr.splitlines()) == 1
    assert not out.parent.exists()


def test_output_is_a_directory(tmp_path):
    result = run("report", write_csv(tmp_path, GOOD_CSV), "-o", tmp_path, cwd=tmp_path)
    assert result.returncode == 2
    assert "is a directory; give a file name" in result.stderr


def test_no_subcommand_is_one_line(tmp_path):
    result = spawn(cwd=tmp_path)  # the program's own exit status
    assert result.returncode == 2
    assert result.stderr == (
        "evalplots: error: no command given; use 'evalplots report [INPUT.csv] "
        "-o report.pdf' (see 'evalplots --help').\n")
    assert result.stdout == ""


def test_without_input_and_output_the_bundled_sample_goes_to_report_pdf():
    args = build_parser().parse_args(["report"])
    assert (args.input, args.sample, args.output) == (None, None, "report.pdf")


def test_csv_input_with_options(tmp_path, stub_figures):
    csv_path = write_csv(tmp_path, GOOD_CSV.replace("y_true", "label"))
    out = tmp_path / "custom.pdf"
    result = run("report", csv_path, "-o", out, "--target", "label",
                 "--pos-label", "1", "--threshold", "0.55", "--title", "My <run> & co",
                 "--no-ci", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "evalplots: ignoring non-numeric column(s) 'id'."
    reader = PdfReader(out)
    assert result.stdout.startswith(f"{out} ({len(reader.pages)} pages, ")
    assert len(reader.pages) == 7  # the decision curves have a page with the scores
    # the summary: data and the metrics table, then the provenance on page 2
    summary = " ".join(" ".join(p.extract_text().split()) for p in reader.pages[:2])
    assert "My <run> & co" in summary
    assert "Decision threshold 0.55" in summary
    # --no-ci: no interval and no pair test anywhere
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    assert "intervals: off" in summary
    assert not re.search(r"\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]", text)
    assert "Holm" not in text and "DeLong" not in text
    assert "8 samples: 4 positive (50.0 %)" in summary
    # model_a ranks 15 of the 16 (positive, negative) pairs right: AUC 0.9375
    assert "model_a 0.9375" in summary
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert titles[-2:] == ["Confusion matrix: model_a", "Confusion matrix: model_b"]


def test_string_labels_with_pos_label(tmp_path, stub_figures):
    csv_path = write_csv(tmp_path, "diagnosis,score\nM,0.9\nB,0.2\nM,0.4\nB,0.5\n")
    out = tmp_path / "s.pdf"
    result = run("report", csv_path, "-o", out, "--target", "diagnosis",
                 "--pos-label", "M", "--no-ci", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    summary = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(out).pages[:2])
    assert "2 positive (50.0 %), label 'M', and 2 negative, label 'B'" in summary
    assert "score 0.7500" in summary


def test_console_script_is_installed(tmp_path):
    import shutil

    exe = shutil.which("evalplots", path=os.path.dirname(sys.executable))
    if exe is None:
        pytest.skip("evalplots console script not installed in this environment")
    result = subprocess.run([exe, "report", "--help"], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0
    assert "--pos-label" in result.stdout and "--threshold" in result.stdout


#: Loaded only to draw or typeset: an input error is answered without them.
DRAWING_PACKAGES = ("matplotlib", "reportlab", "svglib", "seaborn")


@pytest.mark.parametrize("csv_text, extra, needle, unloaded", [
    (None, [], "does not exist", ("pandas", *DRAWING_PACKAGES)),
    # the header is checked before pandas reads (and imports) the cells
    (GOOD_CSV, ["--target", "label"], "no label column 'label'",
     ("pandas", *DRAWING_PACKAGES)),
    ("y_true,m\n1,0.9\n1,0.2\n", [], "single class", DRAWING_PACKAGES),
])
def test_an_input_error_is_answered_before_the_drawing_packages_load(
        tmp_path, csv_text, extra, needle, unloaded):
    csv_path = (tmp_path / "missing.csv" if csv_text is None
                else write_csv(tmp_path, csv_text))
    argv = ["report", str(csv_path), "-o", str(tmp_path / "r.pdf"), *extra]
    code = ("import sys, evalplots.cli\n"
            f"status = evalplots.cli.main({argv!r})\n"
            f"print(status, sorted(m for m in {unloaded!r} if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False, cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert needle in result.stderr
    assert result.stdout.split(maxsplit=1) == ["2", "[]\n"]


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


def test_all_tied_scores_note_once_without_source_path(tmp_path, stub_figures):
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
