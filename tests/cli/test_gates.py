"""`evalplots report --baseline MODEL --margin M`: the verdicts on page 1 and on stdout,
exit status 1 when a gate does not pass (the report written all the same)."""

import io

import pandas as pd
import pytest
from pypdf import PdfReader

from evalplots import evaluate
from tests.support import GOOD_CSV, assert_usage_error, run, write_csv


def _gates(margin):
    frame = pd.read_csv(io.StringIO(GOOD_CSV))
    ev = evaluate(frame["y_true"].to_numpy(),
                  {m: frame[m].to_numpy() for m in ("model_a", "model_b")})
    return ev.baseline_gates("model_b", margin)


@pytest.mark.parametrize("margin, status", [("0.3", 0), ("0.1", 1)])
def test_the_gate_decides_the_exit_status_after_the_report(tmp_path, stub_figures, margin,
                                                          status):
    out = tmp_path / "g.pdf"
    result = run("report", write_csv(tmp_path, GOOD_CSV), "-o", out, "--baseline",
                 "model_b", "--margin", margin, cwd=tmp_path)
    assert result.returncode == status, result.stderr
    (gate,) = _gates(float(margin))
    assert gate.passed == (status == 0)  # model_a: 0.062 better, lower bound -0.263
    assert result.stdout.splitlines()[-1] == f"gate: {gate}"
    page = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "Baseline gates ROC AUC of each model against the baseline model_b" in page
    assert ("Every gate passed." if status == 0 else "Not passed: model_a.") in page
    assert str(gate) in page


@pytest.mark.parametrize("options, needle", [
    (["--margin", "0.02"], "--margin applies with --baseline MODEL"),
    (["--superiority"], "--superiority applies with --baseline MODEL"),
    (["--baseline", "model_b"], "--baseline needs --margin M"),
    (["--baseline", "model_b", "--margin", "0.02", "--no-ci"], "drop --no-ci"),
    (["--baseline", "model_b", "--margin", "-0.02"], "--margin must be a number >= 0"),
    (["--baseline", "svm", "--margin", "0.02"],
     "--baseline 'svm' is not a model; the models are 'model_a', 'model_b'"),
    (["--baseline", "model_b", "--models", "model_b", "--margin", "0.02"],
     "--baseline 'model_b' is the only model"),
])
def test_a_bad_gate_option_is_one_error_line(tmp_path, options, needle):
    out = tmp_path / "g.pdf"
    result = run("report", write_csv(tmp_path, GOOD_CSV), "-o", out, *options,
                 cwd=tmp_path)
    assert_usage_error(result, out, needle)


def test_gates_apply_to_binary_reports_only(tmp_path):
    out = tmp_path / "g.pdf"
    csv = "y_true,m\n1.5,1.2\n2.5,2.9\n3.5,3.1\n4.5,4.0\n"
    result = run("report", write_csv(tmp_path, csv), "-o", out, "--baseline", "m",
                 "--margin", "0.1", cwd=tmp_path)
    assert_usage_error(result, out, "--baseline applies to binary reports, and this one "
                                    "is regression")
