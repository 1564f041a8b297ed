"""Provenance: the summary's table and the PDF's document information say where a
report comes from (input, SHA-256, rows, command line, options, versions, date), and
SOURCE_DATE_EPOCH sets its date (docs/test_readme.py: the README's command, run twice,
writes the same bytes)."""

import datetime
import hashlib
import platform

import matplotlib
import numpy as np
import pytest
import reportlab
from pypdf import PdfReader

import evalplots
from evalplots.evaluation import evaluate
from evalplots.report import Provenance, Report, evaluation_report
from evalplots.report._provenance import report_date, sha256_file
from evalplots.report.standard._provenance import provenance_section

from tests.support import run, spawn

Y = [0, 1, 0, 1, 1, 0]
SCORES = {"a": [0.1, 0.8, 0.3, 0.6, 0.7, 0.2], "b": [0.2, 0.9, 0.6, 0.5, 0.4, 0.1]}
CSV = "y_true,a,b\n" + "".join(f"{y},{a},{b}\n" for y, a, b in zip(Y, *SCORES.values()))
VERSIONS = {"EvalplotsVersion": evalplots.__version__,
            "PythonVersion": platform.python_version(), "NumpyVersion": np.__version__,
            "MatplotlibVersion": matplotlib.__version__,
            "ReportlabVersion": reportlab.Version}


def words(text):
    return " ".join(text.split())


def summary_text(path):
    """The text of the pages up to the provenance table's caption."""
    return words(" ".join(p.extract_text() for p in PdfReader(path).pages[:2]))


def test_the_library_records_versions_options_and_the_invariant_date(tmp_path,
                                                                      monkeypatch,
                                                                      stub_figures):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    path = evaluation_report(Y, SCORES, threshold=0.55, invariant=True,
                             random_state=7, n_resamples=200,
                             confidence_level=0.9).save(tmp_path / "r.pdf")
    meta = PdfReader(path).metadata
    assert {k[1:]: v for k, v in meta.items() if k[1:] in VERSIONS} == VERSIONS
    assert meta["/ReportDate"] == "2000-01-01 00:00 UTC"  # reportlab's invariant date
    assert meta["/CreationDate"].startswith("D:20000101000000")  # the same instant
    assert (meta["/Threshold"], meta["/PosLabel"]) == ("0.55", "1")
    assert (meta["/ConfidenceLevel"], meta["/BootstrapResamples"],
            meta["/BootstrapSeed"]) == ("0.9", "200", "7")
    assert meta["/InputRows"] == "6"
    assert "/InputFile" not in meta and "/CommandLine" not in meta  # nobody said
    assert meta["/Keywords"] == "evaluation report, binary, a, b"
    text = summary_text(path)
    assert ("Provenance Date 2000-01-01 00:00 UTC Input 6 samples (no file named) "
            "Settings threshold 0.55, positive class 1; intervals: level 0.9, "
            "200 resamples, seed 7 Software evalplots "
            f"{evalplots.__version__}, Python {platform.python_version()}, numpy "
            f"{np.__version__}, matplotlib {matplotlib.__version__}, reportlab "
            f"{reportlab.Version}") in text
    # in the table of contents, under Summary
    assert "Metrics . " in text and "Provenance . " in text.split("Summary", 2)[1]
    assert "Also in the PDF's document properties." in text


def _provenance_only(path, provenance=None, *, ci=True):
    """The provenance section alone, as the standard report ends its summary with it
    (whole reports: the test above, cli/test_command.py's --no-ci run and the CLI's below)."""
    report = Report("Provenance").add_heading("Summary")
    provenance_section(report, evaluate(Y, SCORES), provenance, ci=ci, invariant=True)
    return report.save(path)


def test_without_intervals_no_seed_is_claimed(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    path = _provenance_only(tmp_path / "r.pdf", ci=False)
    meta = PdfReader(path).metadata
    assert meta["/ConfidenceLevel"] == "off"
    assert "/BootstrapSeed" not in meta and "/BootstrapResamples" not in meta
    assert "intervals: off Software evalplots" in summary_text(path)


def test_a_given_provenance_and_date_are_printed(tmp_path):
    date = datetime.datetime(2024, 2, 29, 13, 5, tzinfo=datetime.timezone.utc)
    p = Provenance(input_name="data/preds.csv", input_sha256="ab" * 32, input_rows=6,
                   command_line="evalplots report data/preds.csv", date=date)
    path = _provenance_only(tmp_path / "r.pdf", p)
    meta = PdfReader(path).metadata
    assert (meta["/ReportDate"], meta["/InputFile"], meta["/InputSHA256"],
            meta["/InputRows"], meta["/CommandLine"]) == (
        "2024-02-29 13:05 UTC", "data/preds.csv", "ab" * 32, "6",
        "evalplots report data/preds.csv")
    assert ("Date 2024-02-29 13:05 UTC Input data/preds.csv, 6 rows read SHA-256 "
            + "ab" * 32 + " Command evalplots report data/preds.csv Settings") \
        in summary_text(path)


def test_multiclass_and_regression_reports_end_their_summary_with_it(tmp_path,
                                                                    monkeypatch, stub_figures):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    proba = np.array([[.7, .2, .1], [.1, .8, .1], [.2, .2, .6], [.5, .3, .2]])
    multi = evaluation_report([0, 1, 2, 1], {"m": proba}, invariant=True,
                              n_resamples=50).save(tmp_path / "m.pdf")
    meta = PdfReader(multi).metadata
    assert "/Threshold" not in meta and "/PosLabel" not in meta  # binary only
    assert (meta["/BootstrapResamples"], meta["/InputRows"]) == ("50", "4")
    assert meta["/Keywords"] == "evaluation report, multiclass, m"
    reg = evaluation_report([1.5, 2.5, 3.0, 4.2], {"r": [1.4, 2.7, 3.1, 3.9]},
                            invariant=True).save(tmp_path / "r.pdf")
    text = summary_text(reg)
    assert ("Provenance Date 2000-01-01 00:00 UTC Input 4 samples (no file named) "
            "Settings intervals: level 0.95") in text
    # before the first model's figures
    assert text.index("Provenance Date") < text.rindex("Prediction errors: r")


def test_sha256_is_read_in_chunks(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text(CSV)
    expected = hashlib.sha256(CSV.encode()).hexdigest()
    assert sha256_file(path) == sha256_file(path, chunk_size=7) == expected
    p = Provenance.from_file(path, rows=6, command_line="x")
    assert (p.input_name, p.input_sha256, p.input_rows) == (str(path), expected, 6)


def test_report_metadata_checks_its_keys():
    report = Report("R")
    with pytest.raises(ValueError, match="ASCII letters and digits"):
        report.add_metadata({"Input file": "x"})
    with pytest.raises(ValueError, match="'Producer' is an entry the report writes"):
        report.add_metadata({"Producer": "x"})
    with pytest.raises(ValueError, match=r"metadata\['Rows'\] must be a string"):
        report.add_metadata({"Rows": 3})
    assert report.metadata == {} and report.keywords == []


def test_cli_records_the_input_file_command_line_and_source_date_epoch(tmp_path, stub_figures):
    (tmp_path / "preds.csv").write_text(CSV)
    epoch = 1700000000  # 2023-11-14 22:13:20 UTC
    result = run("report", "preds.csv", "-o", "r.pdf", "--title", "it's a test",
                 cwd=tmp_path, SOURCE_DATE_EPOCH=str(epoch))
    assert result.returncode == 0, result.stderr
    meta = PdfReader(tmp_path / "r.pdf").metadata
    day = datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc)
    assert meta["/ReportDate"] == day.strftime("%Y-%m-%d %H:%M UTC") \
        == "2023-11-14 22:13 UTC"
    assert meta["/CreationDate"].startswith("D:20231114221320")
    assert meta["/InputSHA256"] == hashlib.sha256(CSV.encode()).hexdigest()
    assert meta["/InputRows"] == str(CSV.count("\n") - 1) == "6"
    assert meta["/InputFile"] == "preds.csv"
    # quoted as a shell needs it
    command = "evalplots report preds.csv -o r.pdf --title 'it'\"'\"'s a test'"
    assert meta["/CommandLine"] == command
    assert ("Date 2023-11-14 22:13 UTC Input preds.csv, 6 rows read SHA-256 "
            + hashlib.sha256(CSV.encode()).hexdigest()
            + f" Command {command} Settings threshold 0.5, positive class 1") \
        in summary_text(tmp_path / "r.pdf")


def test_source_date_epoch_zero_is_a_date_and_wins_over_invariant(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert report_date().isoformat() == "1970-01-01T00:00:00+00:00"
    assert report_date(invariant=True) == report_date()


def test_cli_refuses_a_bad_source_date_epoch(tmp_path):
    """Checked before the library loads: a fresh interpreter's import of scipy reads
    SOURCE_DATE_EPOCH too, and fails on it with a bare message."""
    (tmp_path / "preds.csv").write_text(CSV)
    result = spawn("report", "preds.csv", "-o", "r.pdf", cwd=tmp_path,
                 SOURCE_DATE_EPOCH="yesterday")
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "evalplots: error: SOURCE_DATE_EPOCH must be a whole number of seconds since "
        "1970-01-01 UTC, got 'yesterday'; e.g. SOURCE_DATE_EPOCH=$(date +%s).")
    assert not (tmp_path / "r.pdf").exists()
