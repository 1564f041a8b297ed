"""``--tables DIR``: the paper tables and every number as JSON, published with the report.

The report's own rendering is stood in for (QuickReport): what is tested is what
the option writes, its errors, and that it is published together with the report.
"""

import csv
import hashlib
import json
import pathlib

import pytest
from sklearn.metrics import roc_auc_score

import evalplots._atomic
import evalplots.cli
import evalplots.evaluation._text_tables
import evalplots.report

from tests.evaluation.test_text_tables import read_markdown, read_tabular
from tests.support import GOOD_CSV, write_csv

Y = [1, 0, 1, 0, 1, 0, 0, 1]
A = [0.9, 0.2, 0.7, 0.6, 0.4, 0.1, 0.3, 0.8]


class QuickReport:
    page_count_ = 1

    def __init__(self, evaluation, *, progress, **options):
        progress("drawing", 1, 1)

    def save(self, path):
        return evalplots._atomic.write_atomically(
            path, lambda tmp: pathlib.Path(tmp).write_bytes(b"the new report"))


@pytest.fixture
def quick_report(monkeypatch):
    monkeypatch.setattr(evalplots.report, "evaluation_report", QuickReport)


def test_tables_are_written_with_every_number_and_its_provenance(tmp_path, capsys,
                                                                 quick_report):
    source = write_csv(tmp_path, GOOD_CSV)
    tables = tmp_path / "tables"
    status = evalplots.cli.main(["report", str(source), "-o", str(tmp_path / "r.pdf"),
                                 "--tables", str(tables), "--n-resamples", "50",
                                 "--exclude", "id"])
    out, err = capsys.readouterr()
    assert status == 0, err
    names = ["metrics.tex", "metrics.md", "metrics.csv", "comparisons.tex",
             "comparisons.md", "comparisons.csv", "numbers.json"]
    assert sorted(p.name for p in tables.iterdir()) == sorted(names)
    assert out.splitlines()[-1] == f"7 table files in {tables}: {', '.join(names)}"
    numbers = json.loads((tables / "numbers.json").read_text())
    auc = next(r for r in numbers["metrics"]
               if r["model"] == "model_a" and r["metric"] == "ROC AUC")
    assert auc["estimate"] == pytest.approx(roc_auc_score(Y, A), abs=1e-15)
    assert auc["low"] < auc["estimate"] < auc["high"]
    assert (auc["method"], auc["confidence_level"]) == ("delong", 0.95)
    assert numbers["interval_options"] == {"confidence_level": 0.95, "n_resamples": 50,
                                           "random_state": 0}
    provenance = numbers["provenance"]
    assert provenance["input_sha256"] == hashlib.sha256(source.read_bytes()).hexdigest()
    assert provenance["input_rows"] == 8 and "--tables" in provenance["command_line"]
    assert provenance["date"] is not None and "numpy" in provenance["versions"]
    assert [c["test"] for c in numbers["comparisons"]] == ["DeLong", "McNemar"]
    with open(tables / "metrics.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(numbers["metrics"]) == 2 * 13
    assert float(rows[0]["estimate"]) == auc["estimate"]  # full precision
    header, cells, _ = read_tabular((tables / "metrics.tex").read_text())
    assert header == ["Metric", "model_a", "model_b"]
    assert read_markdown((tables / "metrics.md").read_text())[1] == cells


def test_without_intervals_the_tables_hold_the_estimates(tmp_path, capsys, quick_report):
    tables = tmp_path / "tables"
    status = evalplots.cli.main(["report", str(write_csv(tmp_path, GOOD_CSV)), "-o",
                                 str(tmp_path / "r.pdf"), "--tables", str(tables),
                                 "--no-ci", "--exclude", "id"])
    assert status == 0, capsys.readouterr().err
    assert sorted(p.name for p in tables.iterdir()) == [
        "metrics.csv", "metrics.md", "metrics.tex", "numbers.json"]
    numbers = json.loads((tables / "numbers.json").read_text())
    assert numbers["interval_options"] is None and numbers["comparisons"] == []
    assert {r["low"] for r in numbers["metrics"]} == {None}  # NaN is null in JSON
    assert "Point estimates" in (tables / "metrics.tex").read_text()


def test_tables_on_a_file_is_one_line_and_exit_2(tmp_path, capsys):
    taken = tmp_path / "taken"
    taken.write_text("x")
    status = evalplots.cli.main(["report", str(write_csv(tmp_path, GOOD_CSV)), "-o",
                                 str(tmp_path / "r.pdf"), "--tables", str(taken)])
    assert (status, capsys.readouterr().err) == (2, (
        f"evalplots: error: --tables {str(taken)!r} exists and is not a directory; "
        f"give a directory for the table files.\n"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["preds.csv", "taken"]


def test_a_failing_table_leaves_the_old_report_and_no_table(tmp_path, monkeypatch, capsys,
                                                            quick_report):
    report = tmp_path / "r.pdf"
    report.write_bytes(b"the old report")
    real = evalplots.evaluation._text_tables._write_text

    def write_text(path, text):
        if path.name == "numbers.json":  # the last file
            raise OSError(28, "No space left on device", str(path))
        return real(path, text)

    monkeypatch.setattr(evalplots.evaluation._text_tables, "_write_text", write_text)
    status = evalplots.cli.main(["report", str(write_csv(tmp_path, GOOD_CSV)), "-o",
                                 str(report), "--tables", str(tmp_path / "t"),
                                 "--n-resamples", "20", "--exclude", "id"])
    assert status == 2
    assert capsys.readouterr().err.splitlines()[-1].startswith(
        "evalplots: error: cannot read or write")
    assert report.read_bytes() == b"the old report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["preds.csv", "r.pdf"]
