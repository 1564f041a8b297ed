"""The `evalplots` command, run as a subprocess (`python -m evalplots.cli`)."""

import os
import subprocess
import sys

import pytest
from pypdf import PdfReader


def run(*args, cwd):
    env = {**os.environ, "MPLBACKEND": "Agg"}
    return subprocess.run(
        [sys.executable, "-m", "evalplots.cli", *map(str, args)],
        capture_output=True, text=True, cwd=cwd, env=env, timeout=300, check=False,
    )


def write_csv(tmp_path, text, name="preds.csv"):
    path = tmp_path / name
    path.write_text(text)
    return path


GOOD_CSV = (
    "id,y_true,model_a,model_b\n"
    + "".join(
        f"s{i},{y},{a},{b}\n"
        for i, (y, a, b) in enumerate(
            [(1, 0.9, 0.6), (0, 0.2, 0.4), (1, 0.7, 0.3), (0, 0.6, 0.1),
             (1, 0.4, 0.8), (0, 0.1, 0.5), (0, 0.3, 0.2), (1, 0.8, 0.7)]
        )
    )
)


def assert_usage_error(result, out, *needles):
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("evalplots: error: ")
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in lines[0]
    assert result.stdout == ""
    assert not out.exists()
    assert not [p for p in out.parent.iterdir() if p.suffix == ".tmp"]


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
        (GOOD_CSV, ["--threshold", "abc"], ["--threshold must be a finite number, got 'abc'"]),
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
    result = run(cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "evalplots: error: no command given; use 'evalplots report [INPUT.csv] "
        "-o report.pdf' (see 'evalplots --help').\n")
    assert result.stdout == ""


def test_default_run_uses_bundled_sample(tmp_path):
    result = run("report", cwd=tmp_path)  # -o defaults to report.pdf
    assert result.returncode == 0, result.stderr
    notice = ("evalplots: no INPUT given; using the bundled sample (Wisconsin "
              "breast-cancer, 569 samples, 2 models).")
    assert result.stderr.strip().splitlines() == [notice]
    out = tmp_path / "report.pdf"
    reader = PdfReader(out)
    assert result.stdout.startswith(f"report.pdf ({len(reader.pages)} pages, ")
    summary = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    # with intervals by default: the AUC row, DeLong's, and the pair test
    assert "ROC AUC 0.995 [0.990, 1.000] 0.977 [0.964, 0.989] DeLong" in summary
    assert "Bootstrap: 1,000 resamples, seed 0" in summary and "Holm: with one pair of models, the Holm-adjusted p is the raw p" in summary
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.pdf"]


def test_csv_input_with_options(tmp_path):
    csv_path = write_csv(tmp_path, GOOD_CSV.replace("y_true", "label"))
    out = tmp_path / "custom.pdf"
    result = run("report", csv_path, "-o", out, "--target", "label",
                 "--pos-label", "1", "--threshold", "0.55", "--title", "My <run> & co",
                 "--no-ci", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "evalplots: ignoring non-numeric column(s) 'id'."
    reader = PdfReader(out)
    assert result.stdout.startswith(f"{out} ({len(reader.pages)} pages, ")
    assert len(reader.pages) == 6
    # the summary: data and the metrics table, then the provenance on page 2
    summary = " ".join(" ".join(p.extract_text().split()) for p in reader.pages[:2])
    assert "My <run> & co" in summary
    assert "Decision threshold 0.55" in summary
    assert "8 samples: 4 positive (50.0 %)" in summary
    # model_a ranks 15 of the 16 (positive, negative) pairs right: AUC 0.9375
    assert "model_a 0.9375" in summary
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert titles[-2:] == ["Confusion matrix: model_a", "Confusion matrix: model_b"]


def test_string_labels_with_pos_label(tmp_path):
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
