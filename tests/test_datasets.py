"""The bundled real sample and the predictions-CSV reader."""

import numpy as np
import pytest

from evalplots.datasets import (
    SAMPLE_CSV,
    load_breast_cancer_predictions,
    read_predictions_csv,
)

# Out-of-fold ROC AUCs of the committed CSV, printed by
# `python -m evalplots.datasets.regenerate` (scikit-learn 1.9.1).
RECORDED_AUC = {
    "logistic_regression": 0.9952830189,
    "gaussian_naive_bayes": 0.9767520216,
}


def _rank_auc(y, s):
    """ROC AUC as the Mann-Whitney statistic (ties count 1/2), independent code."""
    pos, neg = s[y == 1], s[y == 0]
    greater = (pos[:, None] > neg[None, :]).sum()
    ties = (pos[:, None] == neg[None, :]).sum()
    return (greater + 0.5 * ties) / (pos.size * neg.size)


def test_shape_and_label_balance():
    data = load_breast_cancer_predictions()
    assert data.y_true.shape == (569,)
    assert data.y_true.dtype.kind == "i"
    assert int((data.y_true == 1).sum()) == 212  # malignant
    assert int((data.y_true == 0).sum()) == 357  # benign
    assert data.pos_label == 1
    assert data.label_names == {0: "benign", 1: "malignant"}
    assert list(data.scores) == ["logistic_regression", "gaussian_naive_bayes"]
    assert "CC BY 4.0" in data.description


def test_probabilities_in_unit_interval():
    data = load_breast_cancer_predictions()
    for name, p in data.scores.items():
        assert p.shape == (569,), name
        assert p.dtype == np.float64
        assert p.min() >= 0.0 and p.max() <= 1.0


@pytest.mark.parametrize("name", sorted(RECORDED_AUC))
def test_oof_auc_matches_recorded(name):
    data = load_breast_cancer_predictions()
    auc = _rank_auc(data.y_true, data.scores[name])
    assert auc == pytest.approx(RECORDED_AUC[name], abs=1e-10)


def test_sklearn_agrees_on_recorded_auc():
    metrics = pytest.importorskip("sklearn.metrics")
    data = load_breast_cancer_predictions()
    for name, auc in RECORDED_AUC.items():
        assert metrics.roc_auc_score(data.y_true, data.scores[name]) == pytest.approx(
            auc, abs=1e-10
        )


def test_malignant_is_coded_one():
    """sklearn codes malignant as 0; the CSV must hold its complement."""
    datasets = pytest.importorskip("sklearn.datasets")
    bunch = datasets.load_breast_cancer()
    assert list(bunch.target_names) == ["malignant", "benign"]
    data = load_breast_cancer_predictions()
    np.testing.assert_array_equal(data.y_true, 1 - bunch.target)


def test_csv_has_six_decimals():
    first = SAMPLE_CSV.read_text().splitlines()[1].split(",")
    assert all(len(cell.split(".")[1]) == 6 for cell in first[1:])


def _write(tmp_path, text):
    path = tmp_path / "p.csv"
    path.write_text(text)
    return path


def test_reader_string_labels_and_ignored_column(tmp_path):
    path = _write(tmp_path, "note,label,a,b\nx,M,0.9,3\ny,B,0.1,-2\n")
    p = read_predictions_csv(path, target="label")
    np.testing.assert_array_equal(p.y_true, ["M", "B"])
    np.testing.assert_array_equal(p.scores["b"], [3.0, -2.0])
    assert list(p.scores) == ["a", "b"]
    assert p.ignored_columns == ("note",)


@pytest.mark.parametrize(
    "text, target, match",
    [
        ("", "y_true", "is empty"),
        ("y_true,a\n", "y_true", "no data rows"),
        ("y,a\n1,0.2\n", "y_true", "no label column 'y_true'"),
        ("y_true,a\n1,0.2\n0\n", "y_true", "line 3 has 1 cells"),
        ("y_true,a\n1,0.2\n0,abc\n", "y_true", "'a' has a non-numeric value 'abc' on line 3"),
        ("y_true,a\n1,0.2\n0,nan\n", "y_true", "'a' has a non-finite value 'nan'"),
        ("y_true,a\n1,0.2\n0,inf\n", "y_true", "non-finite value 'inf'"),
        ("y_true,note\n1,x\n0,y\n", "y_true", "no numeric score column"),
        ("y_true,a\n1,0.2\n,0.3\n", "y_true", "empty on line 3"),
        ("y_true,a,a\n1,0.2,0.3\n", "y_true", "repeats column name\\(s\\) a;"),
        ("y_true,,a\n1,0.2,0.3\n", "y_true", "column 2 of the header is empty"),
    ],
)
def test_reader_errors_name_problem(tmp_path, text, target, match):
    with pytest.raises(ValueError, match=match):
        read_predictions_csv(_write(tmp_path, text), target=target)


def test_reader_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_predictions_csv(tmp_path / "nope.csv")


@pytest.mark.parametrize(
    "text, value",
    [("1", 1.0), ("-0.5", -0.5), ("+.5", 0.5), ("1e-3", 0.001), ("2E+2", 200.0),
     ("5.", 5.0), ("1_0", None), ("\u0661", None), ("\uff11", None), ("0x1p3", None),
     ("1,5", None), ("", None), ("e5", None), (" 1", None), ("nan", "nan"),
     ("-Infinity", -np.inf), ("INF", np.inf)],
)
def test_parse_number_accepts_plain_ascii_numbers_only(text, value):
    from evalplots.datasets._csv import parse_number

    got = parse_number(text)
    if value == "nan":
        assert np.isnan(got)
    else:
        assert got == value


def test_nan_label_is_a_missing_label(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("y_true,m\n0,0.1\nNaN,0.9\n1,0.3\n")
    with pytest.raises(ValueError, match=r"label column 'y_true' is missing on line 3 "
                                         r"\('NaN'\); give every row a label\."):
        read_predictions_csv(path)


@pytest.mark.parametrize("sep, name", [(";", "';'"), ("\t", "tab"), ("|", "'|'")])
def test_other_delimiters_are_named(tmp_path, sep, name):
    path = tmp_path / "p.csv"
    path.write_text(f"y_true{sep}m\n0{sep}0.1\n1{sep}0.9\n")
    with pytest.raises(ValueError, match=f"looks {name}-separated, but evalplots "
                                         f"reads comma-separated CSV"):
        read_predictions_csv(path)
