"""The command's input: strict cells, one error line ending in one period, hints for
the encoding and a decimal comma, boolean labels, id columns, Parquet.
"""

import pytest
from pypdf import PdfReader

from tests.support import GOOD_CSV, _lines, assert_usage_error, run, write_csv


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
