"""Cross-validation results: per-fold metrics, their mean ± SD, and the pooled evaluation.

``evaluate(..., folds=...)`` takes out-of-fold predictions (each row scored by the
model fitted without its fold) and a fold id per row. Each fold's evaluation is
built from its rows' summary; the pooled evaluation is the evaluation of all rows,
which is the folds' summaries merged, and it is the one the headline numbers are.
"""

import math
import statistics
from dataclasses import dataclass

from evalplots._docstrings import fill_doc
from evalplots.evaluation._partitions import METRIC_MODEL_PARAMS, PartitionResults

__all__ = ["FoldEvaluation", "FoldSummary", "HEADLINE_NOTE"]

#: The sentence that says which numbers the headline ones are.
HEADLINE_NOTE = ("Headline numbers are pooled: each metric computed once on the "
                 "out-of-fold predictions of all {k} folds together; per fold, the "
                 "mean ± SD (n − 1 in the denominator) across folds.")


@dataclass(frozen=True)
class FoldSummary:
    """One metric across folds: mean, standard deviation and the pooled value.

    Parameters
    ----------
    metric : str
        The metric.
    mean : float
        Mean of the folds' values (of the folds where it is defined).
    sd : float
        Their sample standard deviation (n − 1; NaN with fewer than two folds).
    n_folds : int
        Folds with a defined value.
    pooled : float
        The metric on all rows pooled (the headline number).
    missing : dict
        ``{fold: reason}`` of the folds without a value.

    Notes
    -----
    Made by :meth:`FoldEvaluation.mean_sd`.

    Examples
    --------
    >>> FoldSummary("AUC", 0.8, 0.02, 5, 0.79, {}).n_folds
    5
    """

    metric: str
    mean: float
    sd: float
    n_folds: int
    pooled: float
    missing: dict


class FoldEvaluation(PartitionResults):
    """The evaluation of out-of-fold predictions: each fold's own, and the pooled one.

    Made by :func:`evalplots.evaluate` with ``folds=`` (``ev.folds``); read it,
    don't construct it.

    Parameters
    ----------
    partition : Partition
        The folds.
    overall : Evaluation
        The pooled evaluation (all rows).
    build : callable
        ``build(mask)``: the evaluation of the rows of a mask.

    Attributes
    ----------
    name : str
        The fold column's name.
    levels : tuple
        The fold ids, sorted.
    pooled : Evaluation
        The evaluation of all rows: the headline numbers.
    headline : str
        ``'pooled'``: which numbers the headline ones are.
    sizes, evaluations, reasons : dict
        Per fold: rows, its own evaluation (or None), why none.

    Notes
    -----
    Pooling treats the out-of-fold predictions as one test set (the curve of
    all folds' rows; scikit-learn's ``cross_val_predict``); the mean across
    folds weighs each fold equally (``cross_val_score``). The two differ when
    the folds' models are calibrated differently; both are shown.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
    >>> ev = evaluate(y, {"m": [.9, .2, .7, .4, .6, .5, .3, .1]}, folds=[0, 0, 0, 0, 1, 1, 1, 1])
    >>> s = ev.folds.mean_sd("ROC AUC")
    >>> s.mean, round(s.sd, 4), s.pooled
    (0.875, 0.1768, 0.875)
    """

    _PART = "fold"
    headline = "pooled"

    @property
    def pooled(self):
        """The evaluation of all rows (the folds pooled)."""
        return self.overall

    @property
    def headline_note(self):
        """The sentence saying the headline numbers are pooled."""
        return HEADLINE_NOTE.format(k=len(self.levels))

    @fill_doc(metric_model=METRIC_MODEL_PARAMS)
    def per_fold(self, metric, model=None):
        """One metric per fold.

        Parameters
        ----------
        %(metric_model)s

        Returns
        -------
        values : dict
            ``{fold: float}`` (NaN where undefined).

        Raises
        ------
        ValueError
            If ``metric`` or ``model`` is unknown, or ``model`` is None with
            several models.

        Notes
        -----
        Each fold's own evaluation's value.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> f = evaluate(y, {"m": [.9, .2, .7, .4, .6, .5, .3, .1]},
        ...              folds=[0, 0, 0, 0, 1, 1, 1, 1]).folds
        >>> f.per_fold("ROC AUC")
        {0: 1.0, 1: 0.75}
        """
        metric, model = self._metric(metric), self._model(model)
        return {fold: self._value(fold, model, metric)[0] for fold in self.levels}

    @fill_doc(metric_model=METRIC_MODEL_PARAMS)
    def mean_sd(self, metric, model=None):
        """Mean ± SD of a metric across folds, beside its pooled value.

        Parameters
        ----------
        %(metric_model)s

        Returns
        -------
        summary : FoldSummary
            Folds without a value are counted out and listed in ``missing``.

        Raises
        ------
        ValueError
            As :meth:`per_fold`.

        Notes
        -----
        ``mean = Σ v_f / k``, ``sd = √(Σ (v_f − mean)² / (k − 1))`` over the k
        folds with a value (NaN when k < 2).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> f = evaluate(y, {"m": [.9, .2, .7, .4, .6, .5, .3, .1]},
        ...              folds=[0, 0, 0, 0, 1, 1, 1, 1]).folds
        >>> s = f.mean_sd("ROC AUC")
        >>> s.mean, round(s.sd, 4), s.pooled
        (0.875, 0.1768, 0.875)
        """
        metric, model = self._metric(metric), self._model(model)
        values, missing = [], {}
        for fold in self.levels:
            value, note = self._value(fold, model, metric)
            if note:
                missing[fold] = note
            else:
                values.append(float(value))
        mean = statistics.fmean(values) if values else math.nan
        sd = statistics.stdev(values) if len(values) >= 2 else math.nan
        pooled = self.overall.metrics_table.rows[model][metric]
        return FoldSummary(metric, mean, sd, len(values), pooled, missing)

    def to_frame(self, metrics=None):
        """Tidy rows: one per (model, metric, fold).

        Parameters
        ----------
        metrics : sequence of str or None, default=None
            Metrics-table columns (None: all).

        Returns
        -------
        frame : pandas.DataFrame
            Columns ``fold``, ``model``, ``metric``, ``value``, ``n``, ``note``.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        A fold without a value keeps its row: NaN and the reason in ``note``.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> f = evaluate(y, {"m": [.9, .2, .7, .4, .6, .5, .3, .1]},
        ...              folds=[0, 0, 0, 0, 1, 1, 1, 1]).folds
        >>> f.to_frame(["ROC AUC"])["value"].tolist()
        [1.0, 0.75]
        """
        import pandas as pd

        records = []
        for model in self.overall.model_names:
            for metric in metrics or self.overall.metrics_table.columns:
                for fold in self.levels:
                    value, note = self._value(fold, model, metric)
                    records.append((fold, model, metric, value, self.sizes[fold], note))
        return pd.DataFrame.from_records(
            records, columns=["fold", "model", "metric", "value", "n", "note"])

    def summary_frame(self, metrics=None):
        """One row per (model, metric): mean, SD, folds with a value, pooled.

        Parameters
        ----------
        metrics : sequence of str or None, default=None
            Metrics-table columns (None: all).

        Returns
        -------
        frame : pandas.DataFrame
            Columns ``model``, ``metric``, ``mean``, ``sd``, ``n_folds``, ``pooled``.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        :meth:`mean_sd` of each (model, metric).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 1, 0, 1, 0, 1, 0]
        >>> f = evaluate(y, {"m": [.9, .2, .7, .4, .6, .5, .3, .1]},
        ...              folds=[0, 0, 0, 0, 1, 1, 1, 1]).folds
        >>> f.summary_frame(["ROC AUC"])[["mean", "pooled"]].values.tolist()
        [[0.875, 0.875]]
        """
        import pandas as pd

        records = []
        for model in self.overall.model_names:
            for metric in metrics or self.overall.metrics_table.columns:
                s = self.mean_sd(metric, model)
                records.append((model, metric, s.mean, s.sd, s.n_folds, s.pooled))
        return pd.DataFrame.from_records(
            records, columns=["model", "metric", "mean", "sd", "n_folds", "pooled"])
