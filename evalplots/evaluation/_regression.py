"""The evaluation of regression models: every error metric of the seeds, once."""

import functools
import math

import numpy as np

from evalplots._docstrings import INTERVAL_OPTION_PARAMS, fill_doc
from evalplots.evaluation._common import (
    Evaluation,
    IntervalOptions,
    check_model_names,
)
from evalplots.evaluation._compare import ComparisonTable
from evalplots.evaluation._displays import display_factory
from evalplots.evaluation._intervals import IntervalTable, is_frequency
from evalplots.evaluation._regression_rows import RegressionRows, SampledRows
from evalplots.evaluation._source import SummarySource
from evalplots.evaluation._table import MetricsTable
from evalplots.metrics.summaries import RegressionSummary
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite,
    check_sample_weight,
    check_weight_total,
)

__all__ = ["RegressionEvaluation", "RegressionModel"]

#: Columns of the regression table (:attr:`RegressionModel.errors` reads them off the summary).
REGRESSION_COLUMNS = ("MAE", "MSE", "RMSE", "MSLE", "RMSLE", "MPE", "MAPE", "R²")

_UNDEFINED = {
    "MSLE": "log(1 + y) needs every true and predicted value above -1",
    "RMSLE": "log(1 + y) needs every true and predicted value above -1",
    "MPE": "a percentage error divides by y_true, which holds a 0",
    "MAPE": "a percentage error divides by y_true, which holds a 0",
    "R²": "y_true is constant (0/0)",
}


class RegressionModel:
    """One regression model's predictions, residuals and errors (computed once).

    Built by :func:`evalplots.evaluate`; read its attributes.

    Parameters
    ----------
    name : str
        The model's name.
    summary : RegressionSummary
        The evaluation's summary: the errors are read off its sums.
    rows : RegressionRows or SampledRows
        The evaluation's rows (or the summary's sample of them): ``y_true``,
        ``y_pred`` and the residuals are theirs.

    Attributes
    ----------
    residuals : ndarray of shape (n_samples,)
        ``y_true - y_pred`` (scikit-learn's sign).
    errors : dict of str to float
        Every column of the table; NaN where the metric is undefined.

    Notes
    -----
    The metrics are those of Thakur, *Approaching (Almost) Any Machine Learning
    Problem*, ch. "Evaluation metrics" (MAE, MSE, RMSE, MSLE, RMSLE, MPE, MAPE,
    R²). MSLE/RMSLE are defined only when every value exceeds −1; MPE/MAPE only
    without a zero target.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> m = evaluate([1.5, 2.0, 3.5], {"m": [1.0, 2.5, 3.5]})["m"]
    >>> m.residuals.tolist(), round(m.errors["MAE"], 4)
    ([0.5, -0.5, 0.0], 0.3333)
    """

    def __init__(self, name, summary, rows):
        self.name = name
        self._summary = summary
        self._rows = rows
        self.y_true, self.y_pred = rows.points(name)
        self.sample_weight = rows.sample_weight

    @functools.cached_property
    def residuals(self):
        return self.y_true - self.y_pred

    @functools.cached_property
    def residual_stats(self):
        """Mean (of all rows), median, 5th and 95th percentile of the residuals;
        ``'sample'`` is None, or the size of the sample the quantiles come from."""
        r = self.residuals
        return {"mean": float(self._summary.sums[self.name][6] / self._summary.n_rows),
                "median": float(np.median(r)), "p5": float(np.percentile(r, 5)),
                "p95": float(np.percentile(r, 95)), "sample": self._rows.sample_size}

    @functools.cached_property
    def errors(self):
        s = self._summary
        w, abs_e, sq_e, pct, abs_pct, sq_log, _, rows = s.sums[self.name].tolist()
        lo, hi = s.target_range
        nan = math.nan
        msle = nan if lo <= -1 or s.pred_min[self.name] <= -1 else sq_log / w
        total, _, _, m2 = s.target
        return {
            "MAE": abs_e / w, "MSE": sq_e / w, "RMSE": math.sqrt(sq_e / w),
            "MSLE": msle, "RMSLE": math.sqrt(msle),
            "MPE": nan if s.n_zero else pct / w, "MAPE": nan if s.n_zero else abs_pct / w,
            # as r2_score: 1 - mean(w e²) / mean(w (y - ȳ)²); constant target: 0/0
            "R²": nan if lo == hi or rows < 2 else 1.0 - (sq_e / w) / (m2 / total),
        }


@fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
class RegressionEvaluation(Evaluation):
    """The evaluation of one or more regression models on the same samples.

    Made by :func:`evalplots.evaluate` (:meth:`from_rows`) or :meth:`from_summary`,
    both through this one constructor.

    Parameters
    ----------
    summary : RegressionSummary
        The summary of all rows: every error of the table is read off it.
    rows : RegressionRows or SampledRows
        The rows themselves (the row bootstrap and the figures read them), or
        the summary's bounded sample of them (figures only).
    source : SummarySource
        Where the summary came from (the rows in memory, or merged chunks,
        which its description then names).
    %(interval_params)s

    Attributes
    ----------
    interval_options : IntervalOptions
        ``confidence_level``, ``n_resamples``, ``random_state`` (the seed used)
        and one random stream per computation (``interval_options.rng(*key)``).
    models : dict of str to RegressionModel
        Per-model results.

    Raises
    ------
    ValueError
        If the summary holds no row or an interval option is out of range.

    Notes
    -----
    A metric undefined for the data (MSLE with a value ≤ −1, MAPE with a zero
    target) shows as 'n/a' with the reason under the table, never as a clipped
    or imputed number.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> ev = evaluate([0.5, 1.5, 2.5, 3.5], {"m": [0.4, 1.7, 2.5, 3.1]})
    >>> ev.task, round(ev.metrics_table.rows["m"]["R²"], 4)
    ('regression', 0.958)
    """

    task = "regression"

    @classmethod
    @fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
    def from_summary(cls, summary, *, confidence_level=0.95, n_resamples=1000,
                     random_state=0):
        """The evaluation of the rows a merged
        :class:`~evalplots.metrics.RegressionSummary` was made from, without the rows.

        Parameters
        ----------
        summary : RegressionSummary
            The merged summary of all rows.
        %(interval_params)s

        Returns
        -------
        evaluation : RegressionEvaluation
            The same class as :func:`evalplots.evaluate` returns. Its table is
            that of the rows; the prediction-error Displays draw the summary's
            sample of rows (at most ``summary.sample_size``).

        Raises
        ------
        ValueError
            If ``summary`` is not a RegressionSummary or holds no row.

        Notes
        -----
        Each error is a sum over rows divided by the total weight; R² divides
        by the target's spread merged by Chan, Golub & LeVeque (1983), see
        :func:`evalplots.metrics.summaries._regression.merge_moments`. The bootstraps of
        MAE, RMSE and R² and the paired bootstraps resample rows, which a
        summary does not keep: they are 'n/a at this scale'.

        Examples
        --------
        >>> from evalplots.evaluation import RegressionEvaluation
        >>> from evalplots.metrics import RegressionSummary
        >>> parts = [RegressionSummary.from_arrays([0.5, 1.5], {"m": [0.4, 1.7]}),
        ...          RegressionSummary.from_arrays([2.5, 3.5], {"m": [2.5, 3.1]})]
        >>> ev = RegressionEvaluation.from_summary(RegressionSummary.merge(parts))
        >>> round(ev.metrics_table.rows["m"]["R²"], 4)
        0.958
        """
        if not isinstance(summary, RegressionSummary):
            raise ValueError(f"summary must be a RegressionSummary (merged), got "
                             f"{type(summary).__name__}.")
        source = SummarySource(summary.n_rows, summary.n_partitions,
                               "weight" in summary.sample, False)
        return cls(summary, SampledRows(summary.sample), source=source,
                   confidence_level=confidence_level, n_resamples=n_resamples,
                   random_state=random_state)

    @classmethod
    @fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
    def from_rows(cls, y_true, predictions, *, sample_weight=None, confidence_level=0.95,
                  n_resamples=1000, random_state=0):
        """The evaluation of the rows: their summary, with the rows attached.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True target values (finite numbers).
        predictions : dict of str to array-like of shape (n_samples,)
            Model name -> predicted values, in the unit of ``y_true``.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights.
        %(interval_params)s

        Returns
        -------
        evaluation : RegressionEvaluation
            What :func:`evalplots.evaluate` returns for a regression task.

        Raises
        ------
        ValueError
            If a value is not a finite number, lengths differ, the weights are
            invalid, or an interval option is out of range.

        Notes
        -----
        The table is read off the rows' :class:`~evalplots.metrics.RegressionSummary`
        (the same numbers as :mod:`evalplots.metrics`, to the bit); the rows
        (:class:`~evalplots.evaluation._regression_rows.RegressionRows`) serve the
        row bootstrap and the prediction-error figures.

        Examples
        --------
        >>> from evalplots.evaluation import RegressionEvaluation
        >>> ev = RegressionEvaluation.from_rows([0.5, 1.5, 2.5], {"m": [0.4, 1.7, 2.5]})
        >>> round(ev["m"].errors["MAE"], 4), ev["m"].residual_stats["sample"]
        (0.1, None)
        """
        y = check_finite(as_1d(y_true, "y_true"), "y_true")
        weight = check_sample_weight(sample_weight, y.shape[0])
        check_weight_total(weight)
        preds = {}
        for name, values in check_model_names(predictions).items():
            arg = f"predictions[{name!r}]"
            preds[name] = check_finite(as_1d(values, arg), arg)
            check_consistent_length(y_true=y, **{arg: preds[name]})
        summary = RegressionSummary.from_arrays(y, preds, sample_weight=weight,
                                                sample_size=0)
        source = SummarySource(summary.n_rows, 1, weight is not None, is_frequency(weight),
                               merged=False)
        return cls(summary, RegressionRows(y, preds, weight), source=source,
                   confidence_level=confidence_level, n_resamples=n_resamples,
                   random_state=random_state)

    @property
    def target_stats(self):
        """The target's unweighted ``'min'``, ``'max'``, ``'mean'`` and population ``'std'``."""
        n, shift, offset, m2 = self._summary.target_plain
        lo, hi = self._summary.target_range
        return {"min": lo, "max": hi, "mean": shift + offset, "std": math.sqrt(m2 / n)}

    def __init__(self, summary, rows, *, source, confidence_level=0.95,
                 n_resamples=1000, random_state=0):
        if summary.n_rows == 0:
            raise ValueError("the summary holds no row; summarize non-empty data.")
        self.interval_options = IntervalOptions(confidence_level, n_resamples, random_state)
        self._summary = summary
        self._rows = rows
        self.source = source
        self.y_true, self.sample_weight = rows.y_true, rows.sample_weight
        check_model_names(summary.sums)
        self.models = {name: RegressionModel(name, summary, rows)
                       for name in summary.model_names}

    def _description(self):
        text = (f"regression evaluation of {len(self.models)} model(s) on "
                f"{self.n_samples:,} samples")
        return self.source.describe(text)

    def _table(self):
        rows = {name: dict(m.errors) for name, m in self.models.items()}
        return MetricsTable(list(REGRESSION_COLUMNS), rows, notes=_UNDEFINED,
                            remarks=self._summary_remarks() + self._rows.remarks(self.n_samples))

    def _intervals(self):
        rows, notes = self._rows.intervals(self.metrics_table.rows, self.interval_options)
        return IntervalTable(rows, notes, self.metrics_table.columns,
                             self.metrics_table.rows)

    def _comparisons(self):
        return ComparisonTable(self._rows.comparisons(self.metrics_table.rows,
                                                      self.interval_options))

    @display_factory("PredictionErrorDisplay")
    def prediction_error_display(self, name):
        """The model's :class:`~evalplots.display.PredictionErrorDisplay`, not yet drawn.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : PredictionErrorDisplay
            Call ``.plot(kind=...)`` for actual vs predicted, residuals vs
            predicted, or the residual distribution.

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        Built from the stored arrays through the constructor.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0.5, 1.5, 2.5], {"m": [0.4, 1.7, 2.5]})
        >>> ev.prediction_error_display("m").y_pred.tolist()
        [0.4, 1.7, 2.5]
        """
        m = self[name]
        return {"y_true": m.y_true, "y_pred": m.y_pred}


def is_regression_target(y):
    """True when ``y`` is numeric (not bool) and holds a non-integer value."""
    return y.dtype.kind == "f" and bool((np.isfinite(y) & (y != np.floor(y))).any())
