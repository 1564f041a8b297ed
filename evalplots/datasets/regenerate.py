"""Regenerate the bundled real samples (one CSV each, byte for byte).

Run from a checkout with the test extra installed (scikit-learn is needed here
only, never by evalplots at runtime)::

    python -m evalplots.datasets.regenerate              # all three samples
    python -m evalplots.datasets.regenerate digits       # one of them

Every sample holds out-of-fold predictions: ``cross_val_predict`` with a
shuffled 5-fold split (``random_state=0``), so each prediction comes from a
model that never saw that sample. Two models per sample, whose results differ
visibly.

``breast_cancer_predictions.csv`` (binary)
    The Wisconsin diagnostic breast-cancer data
    (``sklearn.datasets.load_breast_cancer``: 569 samples, 30 features), the
    target recoded so that **1 = malignant** (scikit-learn codes malignant as
    0). ``StratifiedKFold``; a ``StandardScaler`` + ``LogisticRegression``
    pipeline and a ``GaussianNB``; the probability of malignancy, ``%.6f``.
``digits_predictions.csv`` (multi-class)
    The handwritten digits (``sklearn.datasets.load_digits``: 1797 8x8
    images, classes 0-9). ``StratifiedKFold``; the same two models; the
    probability of each digit in columns ``<model>:<digit>``, six decimals.
    Rounding alone would leave row sums up to ~5e-6 away from 1, so the
    largest entry of each row absorbs the difference: every stored row sums
    to exactly 1 in decimal (within 1e-12 once parsed as floats).
``diabetes_predictions.csv`` (regression)
    The diabetes data of Efron et al. (2004)
    (``sklearn.datasets.load_diabetes``: 442 patients, 10 features; the
    target, disease progression one year after baseline, is an integer from
    25 to 346, written as such). ``KFold``; a ``Ridge`` (alpha=0.1) and a
    ``GradientBoostingRegressor`` (depth-2 trees, learning rate 0.05, 200
    trees, random_state=0); predictions with four decimals.

The output is deterministic for a fixed scikit-learn version; the metrics of
the written (rounded) columns are printed and recorded in
``tests/datasets/test_samples.py``.
"""

import csv
import pathlib
import sys

import numpy as np

DATA_DIR = pathlib.Path(__file__).parent
FILES = {
    "breast_cancer": "breast_cancer_predictions.csv",
    "digits": "digits_predictions.csv",
    "diabetes": "diabetes_predictions.csv",
}
RANDOM_STATE = 0
N_SPLITS = 5
_MICRO = 10**6  # six decimals


def _classifiers():
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    return {
        "logistic_regression": make_pipeline(
            StandardScaler(), LogisticRegression(max_iter=1000)
        ),
        "gaussian_naive_bayes": GaussianNB(),
    }


def _regressors():
    from sklearn.ensemble import GradientBoostingRegressor
    from sklearn.linear_model import Ridge

    return {
        "ridge": Ridge(alpha=0.1),
        "gradient_boosting": GradientBoostingRegressor(
            n_estimators=200, learning_rate=0.05, max_depth=2,
            random_state=RANDOM_STATE,
        ),
    }


def _oof_proba(X, y):
    from sklearn.model_selection import StratifiedKFold, cross_val_predict

    cv = StratifiedKFold(n_splits=N_SPLITS, shuffle=True, random_state=RANDOM_STATE)
    return {name: cross_val_predict(model, X, y, cv=cv, method="predict_proba")
            for name, model in _classifiers().items()}


def six_decimal_rows(proba):
    """Round probabilities to six decimals, each row summing to exactly 1.

    Returns the rows as integers in millionths: the rounding error of a row
    (at most ``n_classes`` x 5e-7) is added to its largest entry, which stays
    within [0, 1] because the others are non-negative and sum to at most 1.
    """
    micro = np.rint(np.asarray(proba) * _MICRO).astype(np.int64)
    top = micro.argmax(axis=1)
    micro[np.arange(micro.shape[0]), top] += _MICRO - micro.sum(axis=1)
    return micro


def _micro_text(m):
    return f"{m // _MICRO}.{m % _MICRO:06d}"


def breast_cancer_table():
    """Header and rows of ``breast_cancer_predictions.csv``."""
    from sklearn.datasets import load_breast_cancer

    X, y_sklearn = load_breast_cancer(return_X_y=True)
    y_true = 1 - y_sklearn  # scikit-learn: 0 = malignant; here: 1 = malignant
    columns = {name: [f"{p:.6f}" for p in proba[:, 1]]
               for name, proba in _oof_proba(X, y_true).items()}
    rows = [[str(int(label)), *(col[i] for col in columns.values())]
            for i, label in enumerate(y_true)]
    return ["y_true", *columns], rows


def digits_table():
    """Header and rows of ``digits_predictions.csv``."""
    from sklearn.datasets import load_digits

    X, y_true = load_digits(return_X_y=True)
    header, blocks = ["y_true"], []
    for name, proba in _oof_proba(X, y_true).items():
        header += [f"{name}:{digit}" for digit in range(proba.shape[1])]
        blocks.append(six_decimal_rows(proba))
    micro = np.hstack(blocks)
    rows = [[str(int(label)), *map(_micro_text, micro[i].tolist())]
            for i, label in enumerate(y_true)]
    return header, rows


def diabetes_table():
    """Header and rows of ``diabetes_predictions.csv``."""
    from sklearn.datasets import load_diabetes
    from sklearn.model_selection import KFold, cross_val_predict

    X, y_true = load_diabetes(return_X_y=True)
    assert np.array_equal(y_true, np.round(y_true))  # integers, written as such
    cv = KFold(n_splits=N_SPLITS, shuffle=True, random_state=RANDOM_STATE)
    columns = {name: [f"{p:.4f}" for p in cross_val_predict(model, X, y_true, cv=cv)]
               for name, model in _regressors().items()}
    rows = [[str(int(v)), *(col[i] for col in columns.values())]
            for i, v in enumerate(y_true)]
    return ["y_true", *columns], rows


TABLES = {"breast_cancer": breast_cancer_table, "digits": digits_table,
          "diabetes": diabetes_table}


def write(name, path=None):
    """Compute sample ``name`` and write it (default: its bundled path); return the path."""
    path = DATA_DIR / FILES[name] if path is None else pathlib.Path(path)
    header, rows = TABLES[name]()
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    return path


def _summary(name, path):
    """One line per model: the sample's headline metric, from the written file."""
    from sklearn import metrics

    from evalplots.datasets import read_predictions

    data = read_predictions(path)
    for model, pred in data.predictions.items():
        if name == "breast_cancer":
            text = f"ROC AUC = {metrics.roc_auc_score(data.y_true, pred):.10f}"
        elif name == "digits":
            text = (f"accuracy = {metrics.accuracy_score(data.y_true, pred.argmax(1)):.10f}"
                    f", macro OvR ROC AUC = "
                    f"{metrics.roc_auc_score(data.y_true, pred, multi_class='ovr'):.10f}"
                    f", log loss = {metrics.log_loss(data.y_true, pred):.10f}")
        else:
            text = (f"R2 = {metrics.r2_score(data.y_true, pred):.10f}, MAE = "
                    f"{metrics.mean_absolute_error(data.y_true, pred):.10f}")
        print(f"  {model}: out-of-fold {text}")


def main(argv=None):
    """Write the samples named in ``argv`` (default: all) and print their metrics."""
    import sklearn

    names = list(FILES) if not argv else list(argv)
    unknown = [n for n in names if n not in FILES]
    if unknown:
        print(f"unknown sample(s) {', '.join(unknown)}; choose from {', '.join(FILES)}",
              file=sys.stderr)
        return 2
    for name in names:
        path = write(name)
        print(f"wrote {path} (scikit-learn {sklearn.__version__})")
        _summary(name, path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
