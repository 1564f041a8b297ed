"""The bundled real sample and a reader for predictions CSV files.

``breast_cancer_predictions.csv`` holds out-of-fold predicted probabilities of
two scikit-learn models on the Wisconsin diagnostic breast-cancer data; see
:func:`load_breast_cancer_predictions` for the source, licence and coding, and
``evalplots/datasets/regenerate.py`` for how it was made.
"""

import pathlib

from evalplots.datasets._csv import Predictions, read_predictions_csv

__all__ = ["Predictions", "load_breast_cancer_predictions", "read_predictions_csv"]

SAMPLE_CSV = pathlib.Path(__file__).with_name("breast_cancer_predictions.csv")

_DESCRIPTION = (
    "Wisconsin diagnostic breast-cancer data (569 fine-needle aspirates, UCI "
    "Machine Learning Repository, as shipped by scikit-learn; CC BY 4.0). "
    "Out-of-fold probabilities of malignancy from stratified 5-fold "
    "cross-validation of two scikit-learn models."
)


def load_breast_cancer_predictions():
    """Load the bundled sample: real labels and out-of-fold model probabilities.

    Returns
    -------
    predictions : Predictions
        ``y_true`` : ndarray of int of shape (569,), 1 = malignant (212
        samples), 0 = benign (357); ``scores`` : dict with the keys
        ``"logistic_regression"`` and ``"gaussian_naive_bayes"``, each an
        ndarray of float64 of shape (569,) holding the predicted probability of
        malignancy; ``pos_label`` = 1; ``label_names`` = ``{0: "benign",
        1: "malignant"}``; ``description``: the source in one sentence.

    Raises
    ------
    FileNotFoundError
        If the bundled CSV is missing from the installation (a broken
        install; reinstall evalplots).

    Notes
    -----
    **Data.** Breast Cancer Wisconsin (Diagnostic), W. Wolberg, O. Mangasarian,
    N. Street and W. Street, UCI Machine Learning Repository (1995),
    https://doi.org/10.24432/C5DW2B, licensed under Creative Commons
    Attribution 4.0 (CC BY 4.0); used as shipped by scikit-learn
    (``sklearn.datasets.load_breast_cancer``).

    **Coding.** scikit-learn codes malignant as 0; here ``y_true`` is recoded
    so that 1 = malignant, the positive class of a diagnosis.

    **Predictions.** Each probability comes from a model fitted on the other
    four folds of ``StratifiedKFold(5, shuffle=True, random_state=0)``
    (``cross_val_predict(..., method="predict_proba")``): a
    ``StandardScaler`` + ``LogisticRegression`` pipeline and a ``GaussianNB``.
    Probabilities are stored with six decimals, so some of the naive Bayes
    probabilities tie at 0.000000 or 1.000000. The out-of-fold ROC AUCs are
    0.99528 (logistic regression) and 0.97675 (Gaussian naive Bayes).
    Regenerate with ``python -m evalplots.datasets.regenerate`` (needs
    scikit-learn).

    Examples
    --------
    >>> from evalplots.datasets import load_breast_cancer_predictions
    >>> data = load_breast_cancer_predictions()
    >>> data.y_true.shape, int(data.y_true.sum()), data.pos_label
    ((569,), 212, 1)
    >>> sorted(data.scores)
    ['gaussian_naive_bayes', 'logistic_regression']
    """
    data = read_predictions_csv(SAMPLE_CSV, target="y_true")
    return Predictions(
        y_true=data.y_true,
        scores=data.scores,
        pos_label=1,
        label_names={0: "benign", 1: "malignant"},
        description=_DESCRIPTION,
    )
