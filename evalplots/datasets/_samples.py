"""The three bundled samples (binary, multi-class, regression) and their registry.

Each is a CSV next to this module, written by
``python -m evalplots.datasets.regenerate`` and read back with
:func:`evalplots.datasets.read_predictions`; the loaders add what the columns
cannot say (the task, the positive class, readable label names, the source).
"""

import dataclasses
import pathlib

from evalplots.datasets._reader import read_predictions

__all__ = ["SAMPLES", "SAMPLE_CSV", "load_breast_cancer_predictions",
           "load_diabetes_predictions", "load_digits_predictions", "load_sample"]

_HERE = pathlib.Path(__file__).parent
SAMPLE_CSV = _HERE / "breast_cancer_predictions.csv"
_DIGITS_CSV = _HERE / "digits_predictions.csv"
_DIABETES_CSV = _HERE / "diabetes_predictions.csv"

_BREAST_CANCER = (
    "Wisconsin diagnostic breast-cancer data (569 fine-needle aspirates, UCI "
    "Machine Learning Repository, as shipped by scikit-learn; CC BY 4.0). "
    "Out-of-fold probabilities of malignancy from stratified 5-fold "
    "cross-validation of two scikit-learn models."
)
_DIGITS = (
    "Optical Recognition of Handwritten Digits (1797 8x8 images of the digits "
    "0-9; E. Alpaydin and C. Kaynak, UCI Machine Learning Repository, as shipped "
    "by scikit-learn; CC BY 4.0). Out-of-fold class probabilities from "
    "stratified 5-fold cross-validation of two scikit-learn models."
)
_DIABETES = (
    "Diabetes data of Efron, Hastie, Johnstone and Tibshirani (2004), \"Least "
    "Angle Regression\", Annals of Statistics (442 patients; target: disease "
    "progression one year after baseline), as shipped by scikit-learn. "
    "Out-of-fold predictions from 5-fold cross-validation of two scikit-learn "
    "regressors."
)


def load_breast_cancer_predictions():
    """Load the binary sample: real labels and out-of-fold model probabilities.

    Returns
    -------
    predictions : Predictions
        ``y_true`` : ndarray of int of shape (569,), 1 = malignant (212
        samples), 0 = benign (357); ``predictions`` (also ``scores``): dict
        with the keys ``"logistic_regression"`` and ``"gaussian_naive_bayes"``,
        each an ndarray of float64 of shape (569,) holding the predicted
        probability of malignancy; ``classes`` = ``[0, 1]``; ``task`` =
        ``"binary"``; ``pos_label`` = 1; ``label_names`` = ``{0: "benign",
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
    >>> data.y_true.shape, int(data.y_true.sum()), data.pos_label, data.task
    ((569,), 212, 1, 'binary')
    >>> sorted(data.predictions)
    ['gaussian_naive_bayes', 'logistic_regression']
    """
    return dataclasses.replace(
        read_predictions(SAMPLE_CSV), task="binary", pos_label=1,
        label_names={0: "benign", 1: "malignant"}, description=_BREAST_CANCER,
    )


def load_digits_predictions():
    """Load the multi-class sample: handwritten digits and out-of-fold probabilities.

    Returns
    -------
    predictions : Predictions
        ``y_true`` : ndarray of int of shape (1797,), the digit 0-9 (174 to
        183 samples each); ``predictions``: dict with the keys
        ``"logistic_regression"`` and ``"gaussian_naive_bayes"``, each an
        ndarray of float64 of shape (1797, 10) whose column ``k`` is the
        predicted probability of digit ``k``; ``classes`` = ``[0, ..., 9]``;
        ``task`` = ``"multiclass"``; ``pos_label`` and ``label_names`` None
        (the digits name themselves); ``description``: the source.

    Raises
    ------
    FileNotFoundError
        If the bundled CSV is missing from the installation (a broken
        install; reinstall evalplots).

    Notes
    -----
    **Data.** Optical Recognition of Handwritten Digits, E. Alpaydin and
    C. Kaynak, UCI Machine Learning Repository (1998),
    https://doi.org/10.24432/C50P49, licensed under Creative Commons
    Attribution 4.0 (CC BY 4.0); the 1797 images of its test set, 8x8 pixel
    counts, as shipped by scikit-learn (``sklearn.datasets.load_digits``).

    **Predictions.** Out of fold, from ``StratifiedKFold(5, shuffle=True,
    random_state=0)`` (``cross_val_predict(..., method="predict_proba")``):
    a ``StandardScaler`` + ``LogisticRegression`` pipeline (accuracy 0.9694,
    macro one-vs-rest ROC AUC 0.99910, log loss 0.1079) and a ``GaussianNB``
    (accuracy 0.8509, ROC AUC 0.95263, log loss 3.310; its probabilities are
    mostly 0 or 1). Stored in columns ``<model>:<digit>`` with six decimals;
    the largest entry of each row absorbs the rounding, so every stored row
    sums to exactly 1 (within 1e-12 as float64).

    **Probabilities.** A user's file rounded to ``d`` decimals has rows that
    sum to 1 only within ``n_classes * 0.5 * 10**-d``; with six decimals and
    up to 200 classes that is 1e-4, the tolerance suggested for deciding that
    rows are probabilities.

    Examples
    --------
    >>> from evalplots.datasets import load_digits_predictions
    >>> data = load_digits_predictions()
    >>> data.y_true.shape, data.classes.tolist(), data.task
    ((1797,), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'multiclass')
    >>> proba = data.predictions["logistic_regression"]
    >>> proba.shape, bool(abs(proba.sum(axis=1) - 1).max() < 1e-12)
    ((1797, 10), True)
    """
    return dataclasses.replace(read_predictions(_DIGITS_CSV), task="multiclass",
                               description=_DIGITS)


def load_diabetes_predictions():
    """Load the regression sample: disease progression and out-of-fold predictions.

    Returns
    -------
    predictions : Predictions
        ``y_true`` : ndarray of float64 of shape (442,), a measure of disease
        progression one year after baseline (integers from 25 to 346);
        ``predictions``: dict with the keys ``"ridge"`` and
        ``"gradient_boosting"``, each an ndarray of float64 of shape (442,);
        ``classes`` None; ``task`` = ``"regression"``; ``pos_label`` and
        ``label_names`` None; ``description``: the source.

    Raises
    ------
    FileNotFoundError
        If the bundled CSV is missing from the installation (a broken
        install; reinstall evalplots).

    Notes
    -----
    **Data.** The diabetes data of B. Efron, T. Hastie, I. Johnstone and
    R. Tibshirani (2004), "Least Angle Regression", *Annals of Statistics*
    32(2), 407-499, https://doi.org/10.1214/009053604000000067: ten baseline
    variables (age, sex, body mass index, blood pressure, six serum
    measurements) of 442 patients, as shipped by scikit-learn
    (``sklearn.datasets.load_diabetes``; source page
    https://www4.stat.ncsu.edu/~boos/var.select/diabetes.html). The source
    states no licence; the data are redistributed with scikit-learn (BSD-3-
    Clause) and the R package lars. Only the target and predictions are
    stored here.

    **Coding.** The target is written as the integers it is; the reader
    would type it int64, so this loader returns it as float64 and sets the
    task, since integer values alone would read as 214 classes.

    **Predictions.** Out of fold, from ``KFold(5, shuffle=True,
    random_state=0)`` (``cross_val_predict``): a ``Ridge(alpha=0.1)``
    (R² 0.4965, MAE 44.49) and a ``GradientBoostingRegressor`` (200 depth-2
    trees, learning rate 0.05, random_state=0; R² 0.4629, MAE 45.65), four
    decimals.

    Examples
    --------
    >>> from evalplots.datasets import load_diabetes_predictions
    >>> data = load_diabetes_predictions()
    >>> data.y_true.dtype, data.y_true.shape, data.task, data.classes
    (dtype('float64'), (442,), 'regression', None)
    >>> sorted(data.predictions)
    ['gradient_boosting', 'ridge']
    """
    data = read_predictions(_DIABETES_CSV)
    return dataclasses.replace(data, y_true=data.y_true.astype("float64"),
                               classes=None, task="regression", description=_DIABETES)


#: Sample name -> its CSV file (for the report's provenance: file name, SHA-256).
SAMPLE_FILES = {
    "breast_cancer": SAMPLE_CSV,
    "digits": _DIGITS_CSV,
    "diabetes": _DIABETES_CSV,
}

#: Sample name -> loader, for ``--sample NAME``.
SAMPLES = {
    "breast_cancer": load_breast_cancer_predictions,
    "digits": load_digits_predictions,
    "diabetes": load_diabetes_predictions,
}


def load_sample(name):
    """Load a bundled sample by name.

    Parameters
    ----------
    name : {"breast_cancer", "digits", "diabetes"}
        The sample (the keys of ``SAMPLES``): binary, multi-class or
        regression.

    Returns
    -------
    predictions : Predictions
        What the sample's loader returns, ``task`` set.

    Raises
    ------
    ValueError
        If ``name`` is not a sample; the message lists the names.

    Notes
    -----
    The same as calling ``SAMPLES[name]()``, with a clear error for a
    misspelt name.

    Examples
    --------
    >>> from evalplots.datasets import load_sample
    >>> load_sample("diabetes").task
    'regression'
    >>> load_sample("iris")
    Traceback (most recent call last):
    ...
    ValueError: no sample 'iris'; the samples are breast_cancer, digits, diabetes.
    """
    if name not in SAMPLES:
        raise ValueError(f"no sample {name!r}; the samples are "
                         f"{', '.join(SAMPLES)}.")
    return SAMPLES[name]()
