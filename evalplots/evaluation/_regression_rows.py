"""The rows a regression evaluation keeps beside its summary, for its row bootstrap.

A regression evaluation is built from its :class:`~evalplots.metrics.RegressionSummary`:
every error of the table is a sum over the rows divided by the total weight, R² also
reads the target's merged moments. What sums cannot give is the bootstrap of the rows
(the BCa intervals of MAE, RMSE and R², the paired bootstraps of the MAE and R²
differences): a resample of rows changes every sum at once. :func:`evalplots.evaluate`
attaches the rows (:class:`RegressionRows`), and exactly those computations and the
prediction-error figure read them. An evaluation merged from summaries has only the
summary's bounded sample of rows (:class:`SampledRows`): it draws the figure, and
says why there is no row bootstrap.
"""

import math

import numpy as np

from evalplots.evaluation._common import named_warnings
from evalplots.evaluation._compare import (
    ModelComparison,
    bootstrap_pvalue,
    bootstrap_pvalue_floor,
    model_pairs,
    not_available,
    percentile_difference,
)
from evalplots.evaluation._intervals import (
    jackknife_groups,
    jackknife_sums,
    replicate_intervals,
    row_bootstrap_sums,
    split_results,
)
from evalplots.evaluation._summary import NEEDS_ROWS
from evalplots.metrics.inference._resample import resample_plan

__all__ = ["RegressionRows", "SampledRows"]

#: The columns the row bootstrap gives intervals of, and those the paired one compares.
BOOTSTRAP_COLUMNS, PAIRED_COLUMNS = ("MAE", "RMSE", "R²"), ("MAE", "R²")


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


class RegressionRows:
    """Every row of a regression evaluation: targets, each model's predictions, weights.

    Parameters
    ----------
    y_true : ndarray of shape (n_samples,)
        Validated targets (float64).
    predictions : dict of str to ndarray of shape (n_samples,)
        Model name -> validated predictions (float64).
    sample_weight : ndarray of shape (n_samples,) or None
        Validated weights.

    Notes
    -----
    The bootstrap resamples the rows plainly (a continuous target has no classes),
    one plan for all models; BCa's acceleration comes from its jackknife groups.

    Examples
    --------
    >>> import numpy as np
    >>> rows = RegressionRows(np.array([1.0, 2.0]), {"m": np.array([1.5, 2.0])}, None)
    >>> rows.points("m")[1].tolist(), rows.sample_size
    ([1.5, 2.0], None)
    """

    #: None: the points are all the rows, not a sample of them.
    sample_size = None

    def __init__(self, y_true, predictions, sample_weight):
        self.y_true = y_true
        self.predictions = predictions
        self.sample_weight = sample_weight
        self._plan = None

    def points(self, name):
        """``(y_true, y_pred)`` of model ``name``: what its prediction-error figure draws."""
        return self.y_true, self.predictions[name]

    def remarks(self, n_rows):
        """The metrics table's remarks on the rows: none (all are here)."""
        return []

    def _resampling(self):
        if self._plan is None:
            plan = resample_plan(self.y_true, self.y_true.size, stratify=False)
            self._plan = plan, jackknife_groups(plan)
        return self._plan

    def _features(self, name):
        return _sum_features(self.y_true, self.predictions[name], self.sample_weight)

    def intervals(self, estimates, options):
        """``(rows, notes)`` of the BCa intervals of MAE, RMSE and R² per model
        (``estimates``: {model: metrics-table row})."""
        plan, groups = self._resampling()
        rows, notes = {}, {}
        for name in estimates:
            features = self._features(name)
            sums = row_bootstrap_sums(features, plan, options.rng("bootstrap", name),
                                      options.n_resamples)
            row = {}
            with named_warnings(name):
                results = replicate_intervals(
                    estimates[name], _from_sums(sums),
                    _from_sums(jackknife_sums(features, groups)), options.confidence_level)
            split_results(results, row, notes, name)
            rows[name] = row
        return rows, notes

    def comparisons(self, estimates, options):
        """The paired bootstraps of the MAE and R² differences of every pair of models."""
        plan, _ = self._resampling()
        out = []
        for a, b in model_pairs(list(estimates)):
            both = np.concatenate([self._features(a), self._features(b)])
            sums = row_bootstrap_sums(both, plan, options.rng("paired bootstrap", a, b),
                                      options.n_resamples)
            reps_a, reps_b = _from_sums(sums[:5]), _from_sums(sums[5:])
            for column in PAIRED_COLUMNS:
                estimate = estimates[a][column] - estimates[b][column]
                diff = reps_a[column] - reps_b[column]
                if not (math.isfinite(estimate) and np.isfinite(diff).all()):
                    out.append(ModelComparison(
                        a, b, "paired bootstrap", column, estimate, None, math.nan,
                        note="undefined (0/0) on the data or on a resample"))
                    continue
                out.append(ModelComparison(
                    a, b, "paired bootstrap", column, estimate,
                    percentile_difference(estimate, diff, options.confidence_level),
                    bootstrap_pvalue(diff), pvalue_floor=bootstrap_pvalue_floor(diff.size)))
        return out


class SampledRows:
    """The bounded sample of rows a merged :class:`~evalplots.metrics.RegressionSummary`
    keeps: it draws the prediction-error figure; the row bootstrap needs all rows.

    Parameters
    ----------
    sample : dict of str to ndarray
        The summary's ``sample`` (``'y_true'``, ``'model:<name>'``, ...).

    Notes
    -----
    The rows of the smallest hash of their values (see ``RegressionSummary``).

    Examples
    --------
    >>> from evalplots.metrics import RegressionSummary
    >>> s = RegressionSummary.from_arrays([1.0, 2.0, 4.0], {"m": [1.5, 2.0, 3.0]})
    >>> SampledRows(s.sample).sample_size
    3
    """

    y_true = sample_weight = None

    def __init__(self, sample):
        self.sample = sample
        self.sample_size = sample["y_true"].size

    def points(self, name):
        """``(y_true, y_pred)`` of model ``name`` in the sample."""
        return self.sample["y_true"], self.sample[f"model:{name}"]

    def remarks(self, n_rows):
        """The metrics table's remark that the figures draw a sample."""
        return [f"The prediction-error figures draw a reproducible sample of "
                f"{self.sample_size:,} of the {n_rows:,} rows (those of the smallest "
                f"hash of their values)."]

    def intervals(self, estimates, options):
        """No interval: each column's reason."""
        reason = NEEDS_ROWS.format(what="its bootstrap")
        return ({name: {} for name in estimates},
                {c: dict.fromkeys(estimates, reason) for c in BOOTSTRAP_COLUMNS})

    def comparisons(self, estimates, options):
        """No paired bootstrap: its reason for every pair."""
        reason = NEEDS_ROWS.format(what="the paired bootstrap")
        return [not_available(a, b, "paired bootstrap", column, reason)
                for a, b in model_pairs(list(estimates)) for column in PAIRED_COLUMNS]
