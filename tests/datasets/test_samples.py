"""The bundled real samples and the predictions-CSV reader (more in
datasets/test_read_predictions.py)."""

import numpy as np
import pytest

from evalplots.datasets import (
    SAMPLE_CSV,
    SAMPLES,
    load_breast_cancer_predictions,
    load_diabetes_predictions,
    load_digits_predictions,
    load_sample,
    read_predictions_csv,
)
from evalplots.datasets import regenerate

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


# -- the multi-class and regression samples ---------------------------------------

# Printed by `python -m evalplots.datasets.regenerate` (scikit-learn 1.9.1) from the
# committed CSVs: accuracy of the arg-max class, macro one-vs-rest ROC AUC, log loss.
RECORDED_DIGITS = {
    "logistic_regression": (0.9693934335, 0.9990955234, 0.1078755149),
    "gaussian_naive_bayes": (0.8508625487, 0.9526314180, 3.3101023709),
}
# R² and mean absolute error of the diabetes predictions.
RECORDED_DIABETES = {
    "ridge": (0.4965157287, 44.4869633484),
    "gradient_boosting": (0.4628543454, 45.6506710407),
}
RECORDED_SKLEARN = "1.9.1"


def test_breast_cancer_sets_task_and_classes():
    data = load_breast_cancer_predictions()
    assert data.task == "binary"
    np.testing.assert_array_equal(data.classes, [0, 1])
    assert data.scores is data.predictions


def test_digits_shape_classes_and_labels():
    data = load_digits_predictions()
    assert data.task == "multiclass"
    assert data.y_true.shape == (1797,) and data.y_true.dtype == np.int64
    np.testing.assert_array_equal(data.classes, np.arange(10))
    assert np.bincount(data.y_true).tolist() == [178, 182, 177, 183, 181, 182, 181,
                                                 179, 174, 180]
    assert list(data.predictions) == ["logistic_regression", "gaussian_naive_bayes"]
    assert data.pos_label is None and data.label_names is None
    assert "CC BY 4.0" in data.description and "Handwritten Digits" in data.description
    for proba in data.predictions.values():
        assert proba.shape == (1797, 10) and proba.dtype == np.float64
        assert proba.min() >= 0.0 and proba.max() <= 1.0


def test_digits_labels_are_sklearns():
    datasets = pytest.importorskip("sklearn.datasets")
    np.testing.assert_array_equal(load_digits_predictions().y_true,
                                  datasets.load_digits().target)


def test_digits_rows_sum_to_one():
    """Rounded to six decimals, each row still sums to 1 (the stored decimals
    exactly; as float64 within a few ulp), so an evaluation with tolerance 1e-4
    (or 1e-5) reads them as probabilities."""
    for name, proba in load_digits_predictions().predictions.items():
        assert np.abs(proba.sum(axis=1) - 1).max() < 1e-12, name
    lines = regenerate.DATA_DIR.joinpath(regenerate.FILES["digits"]).read_text()
    for line in lines.splitlines()[1:]:
        cells = line.split(",")[1:]
        assert all(len(c.split(".")[1]) == 6 for c in cells)
        micro = [int(c.replace(".", "")) for c in cells]
        assert sum(micro[:10]) == sum(micro[10:]) == 10**6


@pytest.mark.parametrize("name", sorted(RECORDED_DIGITS))
def test_digits_recorded_accuracy_by_hand(name):
    data = load_digits_predictions()
    accuracy = np.mean(data.predictions[name].argmax(axis=1) == data.y_true)
    assert accuracy == pytest.approx(RECORDED_DIGITS[name][0], abs=1e-10)


def test_digits_recorded_auc_and_log_loss_agree_with_sklearn():
    metrics = pytest.importorskip("sklearn.metrics")
    data = load_digits_predictions()
    for name, (_, auc, loss) in RECORDED_DIGITS.items():
        proba = data.predictions[name]
        assert metrics.roc_auc_score(data.y_true, proba, multi_class="ovr") == \
            pytest.approx(auc, abs=1e-10)
        assert metrics.log_loss(data.y_true, proba) == pytest.approx(loss, abs=1e-10)


def test_diabetes_shape_target_and_task():
    data = load_diabetes_predictions()
    assert data.task == "regression" and data.classes is None
    assert data.y_true.shape == (442,) and data.y_true.dtype == np.float64
    assert data.y_true.min() == 25.0 and data.y_true.max() == 346.0
    np.testing.assert_array_equal(data.y_true, np.round(data.y_true))
    assert list(data.predictions) == ["ridge", "gradient_boosting"]
    assert "Least Angle Regression" in data.description
    lines = regenerate.DATA_DIR.joinpath(regenerate.FILES["diabetes"]).read_text()
    assert all(len(c.split(".")[1]) == 4
               for line in lines.splitlines()[1:] for c in line.split(",")[1:])


def test_diabetes_target_is_sklearns():
    datasets = pytest.importorskip("sklearn.datasets")
    np.testing.assert_array_equal(load_diabetes_predictions().y_true,
                                  datasets.load_diabetes().target)


@pytest.mark.parametrize("name", sorted(RECORDED_DIABETES))
def test_diabetes_recorded_r2_and_mae(name):
    """R² = 1 - SS_res / SS_tot and MAE, by hand and by scikit-learn."""
    metrics = pytest.importorskip("sklearn.metrics")
    data = load_diabetes_predictions()
    y, pred = data.y_true, data.predictions[name]
    r2 = 1 - np.sum((y - pred) ** 2) / np.sum((y - y.mean()) ** 2)
    r2_recorded, mae_recorded = RECORDED_DIABETES[name]
    assert r2 == pytest.approx(r2_recorded, abs=1e-10)
    assert np.mean(np.abs(y - pred)) == pytest.approx(mae_recorded, abs=1e-9)
    assert metrics.r2_score(y, pred) == pytest.approx(r2_recorded, abs=1e-10)


def test_sample_registry():
    assert list(SAMPLES) == ["breast_cancer", "digits", "diabetes"]
    tasks = {name: load_sample(name).task for name in SAMPLES}
    assert tasks == {"breast_cancer": "binary", "digits": "multiclass",
                     "diabetes": "regression"}
    with pytest.raises(ValueError, match=r"^no sample 'iris'; the samples are "
                                         r"breast_cancer, digits, diabetes\.$"):
        load_sample("iris")


def test_six_decimal_rows_sum_to_a_million():
    proba = np.array([[1 / 3, 1 / 3, 1 / 3], [0.1234564, 0.1234564, 0.7530872],
                      [1.0, 0.0, 0.0]])
    micro = regenerate.six_decimal_rows(proba)
    assert micro.tolist() == [[333334, 333333, 333333], [123456, 123456, 753088],
                              [1000000, 0, 0]]


@pytest.mark.parametrize("name", sorted(regenerate.FILES))
def test_regenerate_is_byte_identical(tmp_path, name):
    sklearn = pytest.importorskip("sklearn")
    if sklearn.__version__ != RECORDED_SKLEARN:
        pytest.skip(f"samples recorded with scikit-learn {RECORDED_SKLEARN}, "
                    f"running {sklearn.__version__}")
    out = regenerate.write(name, tmp_path / "sample.csv")
    bundled = regenerate.DATA_DIR / regenerate.FILES[name]
    assert out.read_bytes() == bundled.read_bytes()
