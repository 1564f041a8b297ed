"""Regenerate ``breast_cancer_predictions.csv``, the bundled real sample.

Run from a checkout with the test extra installed (scikit-learn is needed here
only, never by evalplots at runtime)::

    python -m evalplots.datasets.regenerate

What it does, step by step:

1. Load the Wisconsin diagnostic breast-cancer data as shipped by scikit-learn
   (``sklearn.datasets.load_breast_cancer``: 569 samples, 30 features).
2. Recode the target so that **1 = malignant** (the positive class of a
   diagnosis) and 0 = benign; scikit-learn codes malignant as 0.
3. Predict every sample *out of fold*: ``cross_val_predict`` with
   ``StratifiedKFold(n_splits=5, shuffle=True, random_state=0)``, so each
   probability comes from a model that never saw that sample.
4. Two models whose curves differ visibly: a logistic regression in a
   ``StandardScaler`` pipeline, and a Gaussian naive Bayes (which saturates
   many probabilities at 0 or 1, so its curves show tied scores).
5. Write ``y_true`` and one probability column per model, ``%.6f``.

The output is deterministic for a fixed scikit-learn version; the ROC AUCs of
the written (rounded) columns are printed, and recorded in
``tests/test_datasets.py``.
"""

import csv
import pathlib
import sys

CSV_PATH = pathlib.Path(__file__).with_name("breast_cancer_predictions.csv")
RANDOM_STATE = 0
N_SPLITS = 5


def _models():
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


def main(path=CSV_PATH):
    """Compute the out-of-fold probabilities and write them to ``path``."""
    import sklearn
    from sklearn.datasets import load_breast_cancer
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import StratifiedKFold, cross_val_predict

    X, y_sklearn = load_breast_cancer(return_X_y=True)
    y_true = 1 - y_sklearn  # scikit-learn: 0 = malignant; here: 1 = malignant
    cv = StratifiedKFold(n_splits=N_SPLITS, shuffle=True, random_state=RANDOM_STATE)
    columns = {}
    for name, model in _models().items():
        proba = cross_val_predict(model, X, y_true, cv=cv, method="predict_proba")
        columns[name] = [f"{p:.6f}" for p in proba[:, 1]]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["y_true", *columns])
        for i, label in enumerate(y_true):
            writer.writerow([int(label), *(col[i] for col in columns.values())])
    print(f"wrote {path} ({len(y_true)} rows, scikit-learn {sklearn.__version__})")
    for name, col in columns.items():
        auc = roc_auc_score(y_true, [float(v) for v in col])
        print(f"  {name}: out-of-fold ROC AUC = {auc:.10f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
