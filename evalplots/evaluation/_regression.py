"""The evaluation of regression models: every error metric of the seeds, once."""

import functools
import math

import numpy as np

from evalplots._docstrings import INTERVAL_OPTION_PARAMS, fill_doc
from evalplots import metrics
from evalplots.evaluation._common import (
    Evaluation,
    IntervalOptions,
    check_model_names,
    named_warnings,
)
from evalplots.evaluation._compare import (
    ComparisonTable,
    ModelComparison,
    bootstrap_pvalue,
    model_pairs,
    not_available,
    percentile_difference,
)
from evalplots.evaluation._summary import NEEDS_ROWS
from evalplots.evaluation._intervals import (
    IntervalTable,
    jackknife_groups,
    jackknife_sums,
    replicate_intervals,
    row_bootstrap_sums,
    split_results,
)
from evalplots.evaluation._table import MetricsTable
from evalplots.metrics._resample import resample_plan
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite,
    check_sample_weight,
)

__all__ = ["RegressionEvaluation", "RegressionModel"]

#: Columns of the regression table and the metric each one reads.
REGRESSION_METRICS = {
    "MAE": metrics.mean_absolute_error,
    "MSE": metrics.mean_squared_error,
    "RMSE": metrics.root_mean_squared_error,
    "MSLE": metrics.mean_squared_log_error,
    "RMSLE": metrics.root_mean_squared_log_error,
    "MPE": metrics.mean_percentage_error,
    "MAPE": metrics.mean_absolute_percentage_error,
    "R²": metrics.r2_score,
}

_UNDEFINED = {
    "MSLE": "log(1 + y) needs every true and predicted value above -1",
    "RMSLE": "log(1 + y) needs every true and predicted value above -1",
    "MPE": "a percentage error divides by y_true, which holds a 0",
    "MAPE": "a percentage error divides by y_true, which holds a 0",
    "R²": "y_true is constant (0/0)",
}


def _sum_features(y_true, y_pred, weight):
    """Per-row terms whose sums give MAE, RMSE and R²: w, w|e|, w e², w y, w y²."""
    w = np.ones(y_true.size) if weight is None else weight
    e = y_true - y_pred
    return np.stack([w, w * np.abs(e), w * e * e, w * y_true, w * y_true * y_true])


def _from_sums(sums):
    """MAE, RMSE and R² from the sums of :func:`_sum_features` (per column)."""
    w, abs_e, sq_e, y, y2 = sums
    with np.errstate(divide="ignore", invalid="ignore"):
        spread = y2 - y * y / w
        # a constant target: 0/0 (a relative rounding residue counts as 0)
        spread = np.where(spread > 1e-12 * y2, spread, np.nan)
        return {"MAE": abs_e / w, "RMSE": np.sqrt(sq_e / w), "R²": 1.0 - sq_e / spread}


class RegressionModel:
    """One regression model's predictions, residuals and errors (computed once).

    Built by :func:`evalplots.evaluate`; read its attributes.

    Parameters
    ----------
    name : str
        The model's name.
    y_true, y_pred : ndarray of shape (n_samples,)
        Validated targets and predictions (float64).
    sample_weight : ndarray of shape (n_samples,) or None
        Validated weights.

    Attributes
    ----------
    residuals : ndarray of shape (n_samples,)
        ``y_true - y_pred`` (scikit-learn's sign).
    errors : dict of str to float
        Every column of the table; NaN where the metric is undefined.

    Raises
    ------
    None

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

    def __init__(self, name, y_true, y_pred, sample_weight):
        self.name = name
        self.y_true = y_true
        self.y_pred = y_pred
        self.sample_weight = sample_weight

    @functools.cached_property
    def residuals(self):
        return self.y_true - self.y_pred

    @functools.cached_property
    def residual_stats(self):
        """Mean, median, 5th and 95th percentile of the residuals; ``'sample'`` is
        None, or the size of the sample the quantiles come from (a summary)."""
        return {"mean": float(self.residuals.mean()), **_quantile_stats(self.residuals),
                "sample": None}

    @functools.cached_property
    def errors(self):
        out = {}
        for column, metric in REGRESSION_METRICS.items():
            if column in ("MSLE", "RMSLE") and (
                    self.y_true.min() <= -1 or self.y_pred.min() <= -1):
                out[column] = math.nan
            elif column in ("MPE", "MAPE") and not self.y_true.all():
                out[column] = math.nan
            elif column == "R²" and np.ptp(self.y_true) == 0:
                out[column] = math.nan  # 0/0: no variance to explain
            else:
                with named_warnings(self.name):
                    out[column] = float(metric(self.y_true, self.y_pred,
                                               sample_weight=self.sample_weight))
        return out


class _SummaryModel(RegressionModel):
    """A regression model of an evaluation built from a merged summary: its errors
    come from the summary's sums; ``y_true``, ``y_pred`` (and the residuals) are
    the summary's sample of rows, for the prediction-error figure."""

    def __init__(self, name, summary):
        sample = summary.sample
        super().__init__(name, sample["y_true"], sample[f"model:{name}"],
                         sample.get("weight"))
        self._summary = summary

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

    @functools.cached_property
    def residual_stats(self):
        s = self._summary
        sample = self.residuals
        return {"mean": float(s.sums[self.name][6] / s.n_rows),
                **_quantile_stats(sample), "sample": sample.size}


def _quantile_stats(residuals):
    return {"median": float(np.median(residuals)),
            "p5": float(np.percentile(residuals, 5)),
            "p95": float(np.percentile(residuals, 95))}


@fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
class RegressionEvaluation(Evaluation):
    """The evaluation of one or more regression models on the same samples.

    Made by :func:`evalplots.evaluate`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True target values (finite numbers).
    predictions : dict of str to array-like of shape (n_samples,)
        Model name -> predicted values, in the unit of ``y_true``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights.
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
        If a value is not a finite number, lengths differ, the weights are
        invalid, or an interval option is out of range.

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
        :func:`evalplots.metrics._summaries.merge_moments`. The bootstraps of
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
        from evalplots.evaluation._summary import SummarySource
        from evalplots.metrics._summaries import RegressionSummary

        if not isinstance(summary, RegressionSummary):
            raise ValueError(f"summary must be a RegressionSummary (merged), got "
                             f"{type(summary).__name__}.")
        if summary.n_rows == 0:
            raise ValueError("the summary holds no row; summarize non-empty data.")
        ev = cls.__new__(cls)
        ev.interval_options = IntervalOptions(confidence_level, n_resamples, random_state)
        ev.y_true = ev.sample_weight = None
        weighted = "weight" in summary.sample
        ev._summary = summary
        ev.source = SummarySource(summary.n_rows, summary.n_partitions, weighted, False)
        check_model_names(summary.sums)
        ev.models = {name: _SummaryModel(name, summary) for name in summary.model_names}
        return ev

    @property
    def target_stats(self):
        """The target's smallest, largest, mean and standard deviation (unweighted).

        Returns
        -------
        stats : dict of str to float
            ``'min'``, ``'max'``, ``'mean'``, ``'std'`` (population, as numpy's).

        Raises
        ------
        None

        Notes
        -----
        From the rows, or from the summary's merged moments.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> evaluate([0.5, 1.5, 2.5], {"m": [0.4, 1.7, 2.5]}).target_stats["max"]
        2.5
        """
        if self.source is not None:
            n, shift, offset, m2 = self._summary.target_plain
            lo, hi = self._summary.target_range
            return {"min": lo, "max": hi, "mean": shift + offset, "std": math.sqrt(m2 / n)}
        y = self.y_true
        return {"min": float(y.min()), "max": float(y.max()), "mean": float(y.mean()),
                "std": float(y.std())}

    def __init__(self, y_true, predictions, *, sample_weight=None, confidence_level=0.95, n_resamples=1000, random_state=0):
        self.interval_options = IntervalOptions(confidence_level, n_resamples, random_state)
        self.y_true = check_finite(as_1d(y_true, "y_true"), "y_true")
        self.sample_weight = check_sample_weight(sample_weight, self.y_true.shape[0])
        self.models = {}
        for name, values in check_model_names(predictions).items():
            arg = f"predictions[{name!r}]"
            y_pred = check_finite(as_1d(values, arg), arg)
            check_consistent_length(y_true=self.y_true, **{arg: y_pred})
            self.models[name] = RegressionModel(name, self.y_true, y_pred,
                                                self.sample_weight)

    def _description(self):
        text = (f"regression evaluation of {len(self.models)} model(s) on "
                f"{self.n_samples:,} samples")
        return text if self.source is None else f"{text}; {self.source}"

    def _summary_remarks(self):
        remarks = self._base_remarks()
        if self.source is not None:
            n = self._summary.sample["y_true"].size
            remarks.append(f"The prediction-error figures draw a reproducible sample of "
                           f"{n:,} of the {self.n_samples:,} rows (those of the smallest "
                           f"hash of their values).")
        return remarks

    def _table(self):
        rows = {name: dict(m.errors) for name, m in self.models.items()}
        return MetricsTable(list(REGRESSION_METRICS), rows, notes=_UNDEFINED,
                            remarks=self._summary_remarks())

    @functools.cached_property
    def _resampling(self):
        """The resample plan (plain: a continuous target has no classes) and its
        jackknife groups."""
        plan = resample_plan(self.y_true, self.n_samples, stratify=False)
        return plan, jackknife_groups(plan)

    def _intervals(self):
        if self.source is not None:
            reason = NEEDS_ROWS.format(what="its bootstrap")
            return IntervalTable(
                {name: {} for name in self.models},
                {c: dict.fromkeys(self.models, reason) for c in ("MAE", "RMSE", "R²")},
                self.metrics_table.columns)
        opts = self.interval_options
        plan, groups = self._resampling
        rows, notes = {}, {}
        for name, m in self.models.items():
            features = _sum_features(m.y_true, m.y_pred, m.sample_weight)
            sums = row_bootstrap_sums(features, plan, opts.rng("bootstrap", name),
                                      opts.n_resamples)
            row = {}
            with named_warnings(name):
                results = replicate_intervals(
                    self.metrics_table.rows[name], _from_sums(sums),
                    _from_sums(jackknife_sums(features, groups)), opts.confidence_level)
            split_results(results, row, notes, name)
            rows[name] = row
        return IntervalTable(rows, notes, self.metrics_table.columns)

    def _comparisons(self):
        if self.source is not None:
            reason = NEEDS_ROWS.format(what="the paired bootstrap")
            return ComparisonTable(not_available(a, b, "paired bootstrap", column, reason)
                                   for a, b in model_pairs(self.model_names)
                                   for column in ("MAE", "R²"))
        opts = self.interval_options
        plan, _ = self._resampling
        out = []
        for a, b in model_pairs(self.model_names):
            ma, mb = self[a], self[b]
            both = np.concatenate([_sum_features(m.y_true, m.y_pred, m.sample_weight)
                                   for m in (ma, mb)])
            sums = row_bootstrap_sums(both, plan, opts.rng("paired bootstrap", a, b),
                                      opts.n_resamples)
            reps_a, reps_b = _from_sums(sums[:5]), _from_sums(sums[5:])
            for column in ("MAE", "R²"):
                estimate = (self.metrics_table.rows[a][column]
                            - self.metrics_table.rows[b][column])
                diff = reps_a[column] - reps_b[column]
                if not (math.isfinite(estimate) and np.isfinite(diff).all()):
                    out.append(ModelComparison(
                        a, b, "paired bootstrap", column, estimate, None, math.nan,
                        note="undefined (0/0) on the data or on a resample"))
                    continue
                out.append(ModelComparison(
                    a, b, "paired bootstrap", column, estimate,
                    percentile_difference(estimate, diff, opts.confidence_level),
                    bootstrap_pvalue(diff)))
        return ComparisonTable(out)

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
        from evalplots.display import PredictionErrorDisplay

        m = self[name]
        return PredictionErrorDisplay(y_true=m.y_true, y_pred=m.y_pred, name=name)


def is_regression_target(y):
    """True when ``y`` is numeric (not bool) and holds a non-integer value."""
    return y.dtype.kind == "f" and bool((np.isfinite(y) & (y != np.floor(y))).any())
