"""The command's structure options: --weight, --group and --fold name columns of INPUT;
each mistake is one error line, exit 2, no file.
"""

import numpy as np
import pytest
import sklearn.metrics as skm
from pypdf import PdfReader

from evalplots.datasets import read_predictions
from tests.support import assert_usage_error, run, write_csv

ROWS = [(1, 0.9, 2, "Lyon", 1), (0, 0.2, 1, "Lyon", 1), (1, 0.7, 1, "Paris", 2),
        (0, 0.6, 3, "Paris", 2), (1, 0.4, 1, "Lyon", 3), (0, 0.1, 2, "Paris", 3),
        (0, 0.3, 1, "Lyon", 1), (1, 0.8, 2, "Paris", 2), (0, 0.5, 1, "Lyon", 3),
        (1, 0.35, 1, "Paris", 1)]
CSV = "y_true,m,w,site,fold\n" + "".join(",".join(map(str, r)) + "\n" for r in ROWS)


@pytest.mark.parametrize("options, needle", [
    (["--group", "sitee"], "no group column 'sitee'; the columns are y_true, m, w, site, "
                           "fold (choose one with --group)"),
    (["--weight", "weights"], "no weight column 'weights'"),
    (["--fold", "folds"], "no fold column 'folds'"),
    (["--weight", "site"], "weight column 'site' has 'Lyon' on line 2; give every row a "
                           "weight (a number >= 0)"),
    (["--fold", "y_true"], "--fold 'y_true' is the label column; choose another column"),
    (["--group", "site,fold", "--fold", "fold"],
     "column 'fold' is named twice among --weight, --group and --fold"),
])
def test_a_bad_structure_column_is_one_error_line(tmp_path, options, needle):
    out = tmp_path / "out.pdf"
    result = run("report", write_csv(tmp_path, CSV), "-o", out, *options, cwd=tmp_path)
    assert_usage_error(result, out, needle)


def test_a_negative_or_empty_weight_names_its_line(tmp_path):
    out = tmp_path / "out.pdf"
    bad = CSV.replace("0,0.2,1,Lyon", "0,0.2,-1,Lyon")
    result = run("report", write_csv(tmp_path, bad), "-o", out, "--weight", "w",
                 cwd=tmp_path)
    assert_usage_error(result, out, "weight column 'w' has a negative weight '-1' on line 3")
    empty = CSV.replace("0,0.2,1,Lyon", "0,0.2,,Lyon")
    result = run("report", write_csv(tmp_path, empty), "-o", out, "--weight", "w",
                 cwd=tmp_path)
    assert_usage_error(result, out, "weight column 'w' is empty on line 3")


def test_structure_options_need_an_input_file(tmp_path):
    out = tmp_path / "out.pdf"
    result = run("report", "-o", out, "--group", "site", cwd=tmp_path)
    assert_usage_error(result, out, "--group names a column of INPUT; the bundled "
                                    "samples have none: give an INPUT file")


def test_the_reader_takes_the_role_columns_out_of_the_models(tmp_path):
    p = read_predictions(write_csv(tmp_path, CSV), weight="w", groups=["site"],
                         folds="fold")
    assert list(p.predictions) == ["m"]
    assert p.sample_weight.tolist() == [r[2] for r in ROWS]
    assert p.groups["site"].tolist() == [r[3] for r in ROWS]
    assert p.folds.tolist() == [r[4] for r in ROWS] and p.fold_name == "fold"
    # without them, w and fold are read as models
    assert list(read_predictions(write_csv(tmp_path, CSV)).predictions) == ["m", "w", "fold"]


def test_the_weights_reach_the_report(tmp_path, stub_figures):
    result = run("report", write_csv(tmp_path, CSV), "-o", "w.pdf", "--weight", "w",
                 "--no-ci", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    y, s, w = (np.array([r[k] for r in ROWS]) for k in (0, 1, 2))
    text = " ".join(" ".join(p.extract_text().split())
                    for p in PdfReader(tmp_path / "w.pdf").pages[:2])
    weighted = skm.roc_auc_score(y, s, sample_weight=w)
    assert weighted != skm.roc_auc_score(y, s)
    assert f"m {weighted:.4f}" in text
