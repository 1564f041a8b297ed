"""The bundled real samples and a reader for prediction files (CSV or Parquet).

Three samples of out-of-fold predictions of two scikit-learn models each, one
per task: ``breast_cancer`` (binary), ``digits`` (multi-class) and
``diabetes`` (regression); see the loaders for sources, licences and coding,
and ``evalplots/datasets/regenerate.py`` for how they were made.
:func:`read_predictions` reads the same layouts from a user's file.
"""

from evalplots.datasets._reader import (
    ID_COLUMN_NAMES,
    PARQUET_SUFFIXES,
    read_predictions,
)
from evalplots.datasets._record import Predictions
from evalplots.datasets._samples import (
    SAMPLE_CSV,
    SAMPLES,
    load_breast_cancer_predictions,
    load_diabetes_predictions,
    load_digits_predictions,
    load_sample,
)

#: Former name of :func:`read_predictions` (it reads Parquet too, by suffix).
read_predictions_csv = read_predictions

__all__ = [
    "ID_COLUMN_NAMES",
    "PARQUET_SUFFIXES",
    "Predictions",
    "SAMPLES",
    "SAMPLE_CSV",
    "load_breast_cancer_predictions",
    "load_diabetes_predictions",
    "load_digits_predictions",
    "load_sample",
    "read_predictions",
    "read_predictions_csv",
]
