"""The `evalplots report` command for the three tasks, end to end."""

import numpy as np
import pytest
import sklearn.metrics as skm
from pypdf import PdfReader

from tests.support import assert_usage_error, run, write_csv



def _pages(path):
    return [" ".join(p.extract_text().split()) for p in PdfReader(path).pages]


def _iris_like_csv(tmp_path):
    """A 3-class CSV in the documented <model>:<class> layout, string class names."""
    rng = np.random.default_rng(7)
    names = np.array(["setosa", "versicolor", "virginica"])
    y = names[np.arange(60) % 3]
    raw = np.round(rng.random((60, 3)) + (y[:, None] == names) * 0.7, 2)
    lines = ["y_true," + ",".join(f"forest:{c}" for c in names) + ",rules"]
    rules = names[(np.arange(60) + (np.arange(60) % 5 == 0)) % 3]
    for label, row, rule in zip(y, raw, rules):
        lines.append(f"{label}," + ",".join(f"{v:.2f}" for v in row) + f",{rule}")
    return write_csv(tmp_path, "\n".join(lines) + "\n"), y, raw, rules


def test_three_class_csv_with_string_classes_writes_a_correct_report(tmp_path,
                                                                    stub_figures):
    path, y, raw, rules = _iris_like_csv(tmp_path)
    result = run("report", path, "-o", "m.pdf", "--no-ci", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pages = _pages(tmp_path / "m.pdf")
    assert "1 model" not in pages[0] and "2 models, 60 samples, 3 classes" in pages[0]
    pred = np.array(["setosa", "versicolor", "virginica"])[raw.argmax(1)]
    acc = skm.accuracy_score(y, pred)
    # raw scores: the macro OvR AUC is the mean of each class's binary AUC
    auc = np.mean([skm.roc_auc_score(y == c, raw[:, j])
                   for j, c in enumerate(["setosa", "versicolor", "virginica"])])
    text = " ".join(pages)
    assert f"forest {acc:.4f}" in text
    assert f"rules {skm.accuracy_score(y, rules):.4f}" in text
    # raw scores (rows do not sum to 1): log loss n/a, with the reason
    assert "not probabilities" in text
    assert "One-vs-rest curves: forest" in text and "Confusion matrix: rules" in text
    assert "One-vs-rest curves: rules" not in text  # labels have no curves
    assert f"{auc:.4f}" in pages[1] or f"{auc:.4f}" in pages[0]


def test_bundled_samples_for_each_task(tmp_path, stub_figures):
    """The multi-class and regression samples; the regression run is also given the
    options of the other tasks, each noted as ignored, none fatal (figures of their
    real size, blank: their content is tested with the Displays)."""
    ignored = ["--transposed", "--threshold", "0.3", "--ordinal"]
    runs = {}
    for sample, extra, pages, needle in [
            ("digits", [], 8, "1,797 samples, 10 classes"),
            ("diabetes", ignored, 3, "2 regression models, 442 samples")]:
        runs[sample] = run("report", "--sample", sample, "-o", f"{sample}.pdf", *extra,
                           cwd=tmp_path)
        assert runs[sample].returncode == 0, runs[sample].stderr
        text = _pages(tmp_path / f"{sample}.pdf")
        assert len(text) == pages and needle in text[0]
    digits = " ".join(_pages(tmp_path / "digits.pdf"))
    # accuracy of the bundled model, with its Wilson interval
    assert "Accuracy 0.969 [0.960, 0.976] 0.851 [0.834, 0.867] Wilson" in digits
    assert runs["diabetes"].stderr.splitlines() == [
        "evalplots: --threshold is ignored: it applies to binary reports, and this one "
        "is regression.",
        "evalplots: --ordinal is ignored: it applies to multi-class reports, and this one "
        "is regression.",
        "evalplots: --transposed is ignored: it applies to multi-class reports, and this "
        "one is regression.",
    ]


def test_regression_csv_needs_task_when_the_target_is_whole_numbers(tmp_path):
    path = write_csv(tmp_path, "y_true,ridge\n10,11.5\n20,19.0\n30,33.2\n40,38.0\n")
    out = tmp_path / "r.pdf"
    assert_usage_error(run("report", path, "-o", out, cwd=tmp_path), out,
                       "fits no task", "--task regression")
    result = run("report", path, "-o", out, "--task", "regression", "--no-ci",
                 cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    text = " ".join(_pages(out))
    y, p = np.array([10, 20, 30, 40]), np.array([11.5, 19.0, 33.2, 38.0])
    assert f"ridge {skm.mean_absolute_error(y, p):.4f}" in text


def test_ambiguous_task_asks_for_task(tmp_path):
    path = write_csv(tmp_path, "y_true,m\n1,1\n2,2\n3,2\n4,4\n")
    out = tmp_path / "a.pdf"
    assert_usage_error(run("report", path, "-o", out, cwd=tmp_path), out,
                       "--task multiclass or --task regression")


@pytest.mark.parametrize(
    "args, needles",
    [
        (["--sample", "iris"], ["--sample 'iris' is not a bundled sample",
                                "breast_cancer, digits, diabetes"]),
        (["--sample", "digits", "--models", "forest"],
         ["--models names 'forest', which is not a model here"]),
        (["--sample", "digits", "--exclude", "logistic_regression,gaussian_naive_bayes"],
         ["no model left", "--exclude drops"]),
    ],
)
def test_sample_option_errors(tmp_path, args, needles):
    out = tmp_path / "x.pdf"
    assert_usage_error(run("report", *args, "-o", out, cwd=tmp_path), out, *needles)


def test_models_and_exclude_select_columns(tmp_path, stub_figures):
    path, *_ = _iris_like_csv(tmp_path)
    result = run("report", path, "-o", "s.pdf", "--exclude", "rules", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    text = " ".join(_pages(tmp_path / "s.pdf"))
    assert "1 model, 60 samples" in text
    # only the provenance's command line names it
    assert text.count("rules") == 1 and "--exclude rules" in text
    out = tmp_path / "u.pdf"
    assert_usage_error(run("report", path, "-o", out, "--models", "tree", cwd=tmp_path),
                       out, "tree")


def test_transposed_and_ordinal_options(tmp_path, stub_figures):
    path, *_ = _iris_like_csv(tmp_path)
    result = run("report", path, "-o", "t.pdf", "--transposed", "--ordinal", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    text = " ".join(_pages(tmp_path / "t.pdf"))
    assert "Rows are the predicted class" in text and "QWK" in text


@pytest.mark.parametrize(
    "csv_text, extra, needles",
    [
        ("y_true,forest:a,forest:b,forest:c\na,0.7,0.2,0.1\nb,0.1,0.8,0.1\nc,0.2,0.2,0.6\n",
         ["--task", "binary"], ["a binary report needs two classes", "3 {'a', 'b', 'c'}",
                                "--task multiclass"]),
        ("y_true,m\na,0.2\nb,0.7\nc,0.4\n", ["--task", "multiclass"],
         ["one non-integer score per sample", "one score column per class"]),
        ("y_true,m,n\n1,0.2,0.3\n0,0.7,0.1\n", ["--models", "m", "--exclude", "m"],
         ["'m' is both in --models and --exclude"]),
    ],
)
def test_task_errors_give_the_command_line_fix(tmp_path, csv_text, extra, needles):
    path = write_csv(tmp_path, csv_text)
    out = tmp_path / "e.pdf"
    result = run("report", path, "-o", out, *extra, cwd=tmp_path)
    assert_usage_error(result, out, *needles)
    assert "models=" not in result.stderr and "exclude=" not in result.stderr


def test_constant_target_has_no_r2(tmp_path):
    path = write_csv(tmp_path, "y_true,r\n1.5,1.0\n1.5,2.0\n1.5,3.0\n")
    result = run("report", path, "-o", "c.pdf", "--no-ci", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    text = " ".join(_pages(tmp_path / "c.pdf"))
    assert "r 0.8333 0.9167" in text  # residuals .5, -.5, -1.5: MAE 2.5/3, MSE 2.75/3
    assert "for R²: y_true is constant (0/0)" in text
