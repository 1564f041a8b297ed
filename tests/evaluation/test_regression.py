"""The regression evaluation from a summary: the same numbers as from the rows."""

import math
import warnings

import numpy as np
import pytest

from evalplots import evaluate
from evalplots.datasets import load_diabetes_predictions
from evalplots.evaluation import RegressionEvaluation
from evalplots.metrics import RegressionSummary

_DATA = load_diabetes_predictions()
_RNG = np.random.default_rng(0)
_N = _DATA.y_true.size
WEIGHTS = {"unweighted": None, "whole-number": _RNG.integers(0, 4, _N),
           "fractional": _RNG.random(_N) + 0.1, "tiny": _RNG.random(_N) * 1e-3}


@pytest.mark.parametrize("weighting", list(WEIGHTS))
def test_one_chunk_summary_table_equals_the_rows_table_bit_for_bit(weighting):
    # every error is a mean of numpy.average's sums (and R²'s denominator is
    # summed about numpy.average's mean), so one chunk's summary is the metric
    weight = WEIGHTS[weighting]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rows = evaluate(_DATA.y_true, _DATA.predictions, task="regression",
                        sample_weight=weight).metrics_table.rows
        summary = RegressionSummary.from_arrays(_DATA.y_true, _DATA.predictions,
                                                sample_weight=weight)
        merged = RegressionEvaluation.from_summary(summary).metrics_table.rows
    for name, row in rows.items():
        for column, value in row.items():
            other = merged[name][column]
            assert value == other or (math.isnan(value) and math.isnan(other)), (
                name, column, value, other)


def test_evaluate_keeps_every_row_in_order_and_a_merged_summary_its_sample():
    y = np.linspace(1.0, 50.0, 50)
    pred = y[::-1].copy()
    ev = evaluate(y, {"m": pred}, task="regression", n_resamples=50)
    display = ev.prediction_error_display("m")
    np.testing.assert_array_equal(display.y_true, y)  # the rows, in their order
    np.testing.assert_array_equal(display.y_pred, pred)
    assert ev["m"].residual_stats["sample"] is None
    assert set(ev.intervals["m"]) == {"MAE", "RMSE", "R²"}
    summary = RegressionSummary.from_arrays(y, {"m": pred}, sample_size=20)
    merged = RegressionEvaluation.from_summary(summary, n_resamples=50)
    assert merged.prediction_error_display("m").y_true.size == 20
    assert merged["m"].residual_stats["sample"] == 20
    assert merged.intervals["m"] == {}
    assert "resamples rows" in merged.intervals.notes["MAE"]["m"]
    assert merged.metrics_table.rows["m"] == ev.metrics_table.rows["m"]
