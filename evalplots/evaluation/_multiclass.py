"""The evaluation of multi-class classifiers: scores, probabilities or labels."""

import functools
import math

import numpy as np

from evalplots._docstrings import INTERVAL_OPTION_PARAMS, fill_doc
from evalplots import metrics
from evalplots.evaluation._common import (
    FINITE_LOSS_HINT,
    Evaluation,
    IntervalOptions,
    cell_samples,
    check_model_names,
    named_warnings,
)
from evalplots.evaluation._compare import (
    ComparisonTable,
    ModelComparison,
    bootstrap_pvalue,
    bootstrap_pvalue_floor,
    mcnemar_from_table,
    model_pairs,
    not_available,
    percentile_difference,
)
from evalplots.evaluation._displays import display_factory
from evalplots.evaluation._intervals import (
    FRACTIONAL,
    IntervalTable,
    cell_bootstrap,
    is_frequency,
    mean_loss_ci,
    split_results,
    wilson,
)
from evalplots.evaluation._rows import NO_ROWS, MulticlassRows
from evalplots.evaluation._source import SummarySource
from evalplots.evaluation._summary import cell_jackknife
from evalplots.evaluation._table import MetricsTable
from evalplots.metrics.summaries import MulticlassSummary
from evalplots.metrics.summaries._base import INFINITE_LOSSES, loss_interval_moments
from evalplots.metrics.classification._classification import _average
from evalplots.metrics.classification._confusion import CellScores
from evalplots.metrics.classification._logloss import warn_infinite_log_loss
from evalplots.metrics.inference._resample import multinomial_cells
from evalplots.metrics._labels import (
    _show,
    check_label_arrays,
    discover_classes,
    encode_labels,
    label_name_map,
)
from evalplots.metrics.ranking._ovr_curves import ovr_precision_recall_curves, ovr_roc_curves
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_sample_weight,
    check_weight_total,
)

__all__ = ["MulticlassEvaluation", "MulticlassModel"]

_UNDEFINED = {
    "Macro OvR AUC": "the model gives predicted labels, not scores",
    "Log loss": "the model's scores are not probabilities (rows summing to 1)",
    "MCC": "all samples fall in one row or one column of the confusion matrix (0/0)",
    "QWK": "the chance agreement is 1 (0/0)",
}


#: Columns whose interval is a bootstrap of the confusion cells.
_CELL_COLUMNS = ("Balanced accuracy", "Macro F1", "Weighted F1", "MCC")

#: Largest k³ · n_resamples of the paired bootstrap of the joint cells.
_JOINT_CELLS_MAX = 5 * 10**7


def _cell_metrics(cells):
    """Balanced accuracy, macro/weighted F1 and MCC of matrices (m, k, k), rows =
    true class, with the table's rules (a class with 0/0 F1 is left out)."""
    scores = CellScores(cells)
    return {"Balanced accuracy": scores.balanced_accuracy, "Macro F1": scores.macro_f1,
            "Weighted F1": scores.weighted_f1, "MCC": scores.mcc}


def _dense(cells, shape, dtype):
    """The array of ``shape`` holding a summary's sparse ``{index: count}`` cells."""
    out = np.zeros(shape, dtype=dtype)
    for index, count in cells.items():
        out[index] = count
    return out


def _counted_exactly(summary):
    """Whether every count of ``summary`` is a whole number (frequency weights)."""
    counts = [c for model in summary.confusion.values() for c in model.values()]
    return all(isinstance(c, int) for c in counts) and all(
        isinstance(v, int) for v in summary.label_weight.values())


class MulticlassModel:
    """One multi-class model: its confusion matrix, one-vs-rest curves and scores.

    Built by :func:`evalplots.evaluate` (and ``MulticlassEvaluation.from_summary``)
    from the evaluation's summary; read its attributes, don't construct it.

    Parameters
    ----------
    name : str
        The model's name.
    evaluation : MulticlassEvaluation
        The evaluation it belongs to (classes, summary, source).

    Attributes
    ----------
    kind : {'probabilities', 'scores', 'labels'}
        What the model gave.
    confusion_matrix : ndarray of shape (n_classes, n_classes)
        Rows = true class, columns = predicted class, in class order.
    per_class : dict of str to ndarray of shape (n_classes,)
        'precision', 'recall', 'f1', 'support' per class (NaN where 0/0).
    roc_auc : ndarray of shape (n_classes,) or None
        One-vs-rest AUC of each class (None for labels).

    Notes
    -----
    The count metrics are read off the confusion counts of the summary
    (Zhou Zhihua, *Machine Learning* §2.3.2: macro-P/R/F1 average per-class
    values; micro-P/R/F1 pool the counts), the one-vs-rest curves off its
    per-class score tables, log loss off its per-class sums. Thakur,
    *Approaching (Almost) Any ML Problem*, ch. "Evaluation metrics", for
    weighted F1, log loss, MCC and QWK.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> ev = evaluate(["a", "b", "c", "a"], {"m": ["a", "b", "b", "a"]})
    >>> ev["m"].confusion_matrix.tolist()
    [[2, 0, 0], [0, 1, 0], [0, 1, 0]]
    """

    def __init__(self, name, evaluation):
        summary = evaluation._summary
        self.name = name
        self._ev = evaluation
        self._summary = summary
        self.kind = summary.kinds[name] or ("scores" if name in summary.ovr else "labels")

    @property
    def has_scores(self):
        """Whether the model gives scores or probabilities (not labels): it has
        one-vs-rest curves."""
        return self.kind != "labels"

    @functools.cached_property
    def log_loss(self):
        """Log loss of the true classes' probabilities (NaN unless probabilities):
        the summary's Σ w·(−log p_true) over Σ w."""
        if self.kind != "probabilities":
            return math.nan
        moments = self._summary.log_loss[self.name]
        loss = 0.0 + float(moments[:, 3].sum() / moments[:, 1].sum())
        if math.isinf(loss):
            warn_infinite_log_loss(int(moments[:, INFINITE_LOSSES].sum()), FINITE_LOSS_HINT,
                                   stacklevel=3)
        return loss

    @functools.cached_property
    def confusion_matrix(self):
        k = self._ev.classes_.size
        return _dense(self._summary.confusion[self.name], (k, k), self._ev._count_dtype)

    @functools.cached_property
    def per_class(self):
        t, p, w = cell_samples(self.confusion_matrix)
        k = self._ev.classes_.size
        with named_warnings(self.name):
            precision, recall, f1, support = metrics.precision_recall_fscore_support(
                t, p, labels=np.arange(k), average=None, sample_weight=w,
                zero_division=math.nan)
        return {"precision": precision, "recall": recall, "f1": f1, "support": support}

    @functools.cached_property
    def ovr_counts(self):
        """Counts of each one-vs-rest problem and the pooled one."""
        if not self.has_scores:
            return None
        for c, weight in self._summary.label_weight.items():
            if not weight > 0:
                raise ValueError(
                    f"class {self._ev.classes_[c].item()!r} has no sample of positive "
                    f"weight, so its one-vs-rest curve is undefined; evaluate on data "
                    f"holding every class, or leave it out of labels.")
        return self._ev._rows.ovr_counts(self.name, self._summary.ovr[self.name])

    @functools.cached_property
    def ovr_roc(self):
        """One-vs-rest ROC curves: each class, then micro and macro (exact) averages."""
        return ovr_roc_curves(self.ovr_counts) if self.has_scores else None

    @functools.cached_property
    def ovr_precision_recall(self):
        """One-vs-rest P-R curves (classes, micro, macro) with AP and BEP."""
        if not self.has_scores:
            return None
        with named_warnings(self.name):
            return ovr_precision_recall_curves(self.ovr_counts)

    @functools.cached_property
    def roc_auc(self):
        if not self.has_scores:
            return None
        return np.asarray(self.ovr_roc.roc_auc[: self._ev.classes_.size])

    @functools.cached_property
    def summary(self):
        """The row of the metrics table."""
        t, p, w = cell_samples(self.confusion_matrix)
        k = self._ev.classes_.size
        nan = math.nan
        pc = self.per_class
        with named_warnings(self.name):
            row = {
                "Accuracy": metrics.accuracy_score(t, p, sample_weight=w),
                "Balanced accuracy": metrics.balanced_accuracy_score(t, p, sample_weight=w),
                "Macro F1": _average(pc["f1"], "macro", pc["support"]),
                "Weighted F1": _average(pc["f1"], "weighted", pc["support"]),
                "Macro OvR AUC": nan if self.roc_auc is None else float(self.ovr_roc.roc_auc[-1]),
                "Log loss": self.log_loss,
                "MCC": metrics.matthews_corrcoef(t, p, sample_weight=w, zero_division=nan),
            }
            if self._ev.ordinal:
                row["QWK"] = metrics.cohen_kappa_score(
                    t, p, labels=np.arange(k), weights="quadratic", sample_weight=w,
                    zero_division=nan)
        return row


@fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
class MulticlassEvaluation(Evaluation):
    """The evaluation of one or more multi-class classifiers on the same samples.

    Made by :func:`evalplots.evaluate` (:meth:`from_rows`, which reduces the rows
    to a :class:`~evalplots.metrics.MulticlassSummary`) or by
    :meth:`from_summary` (a summary merged from chunks); both build it from
    the summary alone, through this one constructor.

    Parameters
    ----------
    summary : MulticlassSummary
        The summary of all rows (merged: :meth:`MulticlassSummary.merge`).
    source : SummarySource
        Where the summary came from (the rows in memory, or merged chunks).
    label_names : dict, sequence of str or None, default=None
        Readable class names.
    ordinal : bool, default=False
        The classes are ordered (in ``labels`` order): adds quadratic weighted
        kappa (QWK) to the table.
    %(interval_params)s
    rows : MulticlassRows, default=NO_ROWS
        The rows, kept beside the summary under fractional weights for the
        one computation whose numbers a summary of them would change: each
        one-vs-rest problem's own sort (``evalplots.evaluation._rows``).

    Attributes
    ----------
    interval_options : IntervalOptions
        ``confidence_level``, ``n_resamples``, ``random_state`` (the seed used)
        and one random stream per computation (``interval_options.rng(*key)``).
    classes_ : ndarray of shape (n_classes,)
        The classes, in order.
    source : SummarySource
        The rows summarized and how (``merged`` for :meth:`from_summary`).
    models : dict of str to MulticlassModel
        Per-model results.

    Raises
    ------
    ValueError
        If the summary's models are not named by non-empty strings,
        ``label_names`` does not fit the classes, or an interval option is out
        of range.

    Notes
    -----
    Rows of a score matrix that are in [0, 1] and sum to 1 within 1e-4 (which
    admits probabilities rounded to 6 decimals, up to 200 classes) are
    probabilities: log loss is then reported, on the values as given (nothing is
    renormalised). The predicted class of a score
    matrix is the column of the highest score (the first one on ties).

    Examples
    --------
    >>> from evalplots import evaluate
    >>> ev = evaluate([0, 1, 2, 2], {"m": [[.6, .2, .2], [.3, .4, .3], [.2, .5, .3],
    ...                                  [.1, .3, .6]]})
    >>> ev.task, ev["m"].kind, ev["m"].confusion_matrix.diagonal().tolist()
    ('multiclass', 'probabilities', [1, 1, 1])
    """

    task = "multiclass"

    @classmethod
    @fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
    def from_rows(cls, y_true, predictions, *, labels=None, sample_weight=None,
                  label_names=None, ordinal=False, confidence_level=0.95, n_resamples=1000,
                  random_state=0):
        """The evaluation of rows in memory: their summary, and the rows where needed.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True class labels (integers, strings or bools).
        predictions : dict of str to array-like
            Model name -> either scores/probabilities of shape (n_samples, n_classes),
            one column per class in the order of ``labels``, or predicted labels of
            shape (n_samples,).
        labels : array-like of shape (n_classes,), default=None
            The classes, in the column order of the score matrices and the display
            order. None: the sorted classes of ``y_true`` and any predicted labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights.
        label_names : dict, sequence of str or None, default=None
            Readable class names.
        ordinal : bool, default=False
            The classes are ordered (in ``labels`` order): adds QWK.
        %(interval_params)s

        Returns
        -------
        evaluation : MulticlassEvaluation
            Built from the rows' :class:`~evalplots.metrics.MulticlassSummary`,
            as :func:`evalplots.evaluate` returns it.

        Raises
        ------
        ValueError
            If a score matrix has the wrong number of columns, holds NaN/inf, a
            predicted label is not one of ``labels``, lengths differ, or fewer than
            two classes are given, or an interval option is out of range.

        Notes
        -----
        A score table with named columns (a DataFrame) is matched to the
        classes by name. The rows are kept
        (:class:`~evalplots.evaluation._rows.MulticlassRows`) only under
        fractional weights, for the one-vs-rest counts; the summary's per-class
        tables are then made only if it is merged.

        Examples
        --------
        >>> from evalplots.evaluation import MulticlassEvaluation
        >>> ev = MulticlassEvaluation.from_rows(["a", "b", "c", "a"],
        ...                                     {"m": ["a", "b", "b", "a"]})
        >>> ev.n_samples, ev.metrics_table.rows["m"]["Accuracy"]
        (4, 0.75)
        """
        options = IntervalOptions(confidence_level, n_resamples, random_state)
        predictions = check_model_names(predictions)
        y = as_1d(y_true, "y_true")
        arrays, columns = {}, {}
        for name, values in predictions.items():
            arr = values.to_numpy() if hasattr(values, "to_numpy") else np.asarray(values)
            if arr.ndim == 2 and hasattr(values, "columns"):
                columns[name] = list(values.columns)
            arrays[name] = arr if arr.ndim == 2 else as_1d(arr, f"predictions[{name!r}]")
        label_preds = {f"predictions[{n!r}]": a for n, a in arrays.items() if a.ndim == 1}
        if labels is None:
            check_label_arrays({"y_true": y, **label_preds})
            labels = discover_classes([y, *label_preds.values()])
        classes, (codes,) = encode_labels(y, labels=labels)
        if classes.size < 2:
            raise ValueError(f"y_true holds one class {_show(classes)}; a multi-class "
                             f"evaluation needs at least two.")
        label_name_map(label_names, classes)
        weight = check_sample_weight(sample_weight, y.shape[0])
        check_weight_total(weight)
        scores = {}
        for name, arr in arrays.items():
            arg = f"predictions[{name!r}]"
            check_consistent_length(y_true=y, **{arg: arr})
            if arr.ndim == 2:
                if name in columns:
                    arr = arr[:, _column_order(columns[name], classes, arg)]
                if arr.shape[1] != classes.size:
                    raise ValueError(
                        f"{arg} has {arr.shape[1]} columns but there are {classes.size} "
                        f"classes {_show(classes)}; pass one score column per class, "
                        f"in the order of labels.")
                arrays[name] = scores[name] = arr  # validated by the summary
            else:
                _encode_prediction(arr, classes, arg)
        frequency = is_frequency(weight)
        # what a summary of fractional weights would count in another order: the
        # one-vs-rest counts are the rows', the summary's tables wait for a merge
        rows = NO_ROWS if frequency else MulticlassRows(codes, scores, weight)
        summary = MulticlassSummary._summarize(y, arrays, classes, weight, rows.tables)
        source = SummarySource(summary.n_rows, 1, weight is not None, frequency,
                               merged=False)
        return cls(summary, source=source, label_names=label_names, ordinal=ordinal,
                   confidence_level=options.confidence_level,
                   n_resamples=options.n_resamples, random_state=options.random_state,
                   rows=rows)

    @classmethod
    @fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
    def from_summary(cls, summary, *, label_names=None, ordinal=False, confidence_level=0.95,
                     n_resamples=1000, random_state=0):
        """The evaluation of the rows a merged
        :class:`~evalplots.metrics.MulticlassSummary` was made from, without the rows.

        Parameters
        ----------
        summary : MulticlassSummary
            The merged summary of all rows.
        label_names : dict, sequence of str or None, default=None
            Readable class names.
        ordinal : bool, default=False
            The classes are ordered (adds QWK).
        %(interval_params)s

        Returns
        -------
        evaluation : MulticlassEvaluation
            The same class as :func:`evalplots.evaluate` returns; its table,
            confusion matrices, one-vs-rest curves and Displays are those of
            the rows.

        Raises
        ------
        ValueError
            If ``summary`` is not a MulticlassSummary, a class of ``labels``
            has no sample while a model gives scores (its one-vs-rest curve is
            undefined), or an option is invalid.

        Notes
        -----
        The same construction as :func:`evalplots.evaluate`'s, from the summary
        alone: count metrics read the merged confusion counts; one-vs-rest
        curves the merged per-class tables (the pooled micro table is their
        merge); log loss its sums. Every interval and test is that of the rows
        under unweighted or whole-number weights (Wilson's interval, McNemar's
        test and the log-loss interval from counts and sums, the bootstraps as
        multinomial draws of the same confusion and joint counts).

        Examples
        --------
        >>> from evalplots.evaluation import MulticlassEvaluation
        >>> from evalplots.metrics import MulticlassSummary
        >>> parts = [MulticlassSummary.from_arrays(["a", "b"], {"m": ["a", "b"]},
        ...                                        labels=["a", "b", "c"]),
        ...          MulticlassSummary.from_arrays(["c", "a"], {"m": ["b", "a"]},
        ...                                        labels=["a", "b", "c"])]
        >>> ev = MulticlassEvaluation.from_summary(MulticlassSummary.merge(parts))
        >>> ev["m"].confusion_matrix.tolist(), ev.metrics_table.rows["m"]["Accuracy"]
        ([[2, 0, 0], [0, 1, 0], [0, 1, 0]], 0.75)
        """
        if not isinstance(summary, MulticlassSummary):
            raise ValueError(f"summary must be a MulticlassSummary (merged), got "
                             f"{type(summary).__name__}.")
        source = SummarySource(summary.n_rows, summary.n_partitions,
                               summary.label_rows != summary.label_weight,
                               _counted_exactly(summary))
        return cls(summary, source=source, label_names=label_names, ordinal=ordinal,
                   confidence_level=confidence_level, n_resamples=n_resamples,
                   random_state=random_state)

    def __init__(self, summary, *, source, label_names=None, ordinal=False,
                 confidence_level=0.95, n_resamples=1000, random_state=0, rows=NO_ROWS):
        self.interval_options = IntervalOptions(confidence_level, n_resamples, random_state)
        self.classes_ = np.asarray(summary.labels)
        self.ordinal = bool(ordinal)
        self.label_names = label_name_map(label_names, self.classes_)
        self.source = source
        self._summary = summary
        self._rows = rows
        check_model_names(summary.confusion)
        self.models = {name: MulticlassModel(name, self) for name in summary.model_names}

    @property
    def _count_dtype(self):
        """Counts are shown as integers unless the samples were weighted."""
        return float if self.source.weighted or not self.source.frequency else np.int64

    @property
    def class_counts(self):
        """(Weighted) number of true samples of each class, in class order.

        Returns
        -------
        counts : ndarray of shape (n_classes,)

        Notes
        -----
        The summary's weight of each true class.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> evaluate(["a", "b", "c", "a"], {"m": ["a", "b", "b", "a"]}).class_counts.tolist()
        [2, 1, 1]
        """
        k = self.classes_.size
        return _dense(self._summary.label_weight, k, self._count_dtype)

    @property
    def display_labels(self):
        """Class names in class order (for axes and tables).

        Returns
        -------
        names : list of str

        Notes
        -----
        From ``label_names``.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 1, 2], {"m": [0, 1, 1]}, task="multiclass",
        ...               label_names=["x", "y", "z"])
        >>> ev.display_labels
        ['x', 'y', 'z']
        """
        return list(self.label_names.values())

    def _description(self):
        text = (f"multi-class evaluation of {len(self.models)} model(s) on "
                f"{self.n_samples:,} samples, {self.classes_.size} classes")
        return self.source.describe(text)

    def _table(self):
        columns = ["Accuracy", "Balanced accuracy", "Macro F1", "Weighted F1",
                   "Macro OvR AUC", "Log loss", "MCC"] + (["QWK"] if self.ordinal else [])
        rows = {name: m.summary for name, m in self.models.items()}
        return MetricsTable(columns, rows, notes=_UNDEFINED, remarks=self._summary_remarks())

    def _intervals(self):
        opts = self.interval_options
        level, n_resamples = opts.confidence_level, opts.n_resamples
        rows, notes = {}, {}
        for name, m in self.models.items():
            row, results, estimates = {}, {}, self.metrics_table.rows[name]
            cm = np.asarray(m.confusion_matrix, dtype=float)
            with named_warnings(name):
                if self.source.frequency:
                    results["Accuracy"] = wilson(np.trace(cm), cm.sum(), level)
                    results.update(cell_bootstrap(
                        cm, _cell_metrics, estimates, opts.rng("bootstrap", "cells", name),
                        n_resamples, level, jackknife=cell_jackknife(m.confusion_matrix)))
                else:
                    results.update(dict.fromkeys(("Accuracy", *_CELL_COLUMNS), FRACTIONAL))
                if m.has_scores:
                    results["Macro OvR AUC"] = (
                        "not computed: a bootstrap would sort the k one-vs-rest problems "
                        "again in every resample")
                loss = estimates["Log loss"]
                if m.kind == "probabilities" and math.isfinite(loss):
                    results["Log loss"] = mean_loss_ci(
                        loss, loss_interval_moments(self._summary.log_loss[name], loss),
                        level)
                elif m.kind == "probabilities":
                    results["Log loss"] = ("infinite: a true class has probability 0 "
                                           "(nothing is clipped)")
            split_results(results, row, notes, name)
            rows[name] = row
        return IntervalTable(rows, notes, self.metrics_table.columns,
                             self.metrics_table.rows)

    def _joint(self, a, b):
        """(k, k, k) weights of (true, predicted by a, predicted by b)."""
        k = self.classes_.size
        return _dense(self._summary.joint[(a, b)], (k, k, k),
                      np.int64 if self.source.frequency else float)

    def _comparisons(self):
        opts = self.interval_options
        k = self.classes_.size
        out = []
        for a, b in model_pairs(self.model_names):
            if not self.source.frequency:
                out += [not_available(a, b, "McNemar", "errors", FRACTIONAL),
                        not_available(a, b, "paired bootstrap", "macro F1", FRACTIONAL)]
                continue
            joint = self._joint(a, b)
            out.append(_joint_mcnemar(a, b, joint))
            if k**3 * opts.n_resamples > _JOINT_CELLS_MAX:
                out.append(not_available(
                    a, b, "paired bootstrap", "macro F1",
                    f"{k} classes: the k³ joint cells of {opts.n_resamples} resamples "
                    f"are too many to hold"))
                continue
            joint = joint.reshape(k, k * k)
            rng = opts.rng("paired bootstrap", "macro F1", a, b)
            drawn = np.zeros((opts.n_resamples, k, k * k))
            for t in range(k):
                drawn[:, t] = multinomial_cells(joint[t], opts.n_resamples, rng)
            drawn = drawn.reshape(-1, k, k, k)
            f1_a = _cell_metrics(drawn.sum(axis=3))["Macro F1"]
            f1_b = _cell_metrics(drawn.sum(axis=2))["Macro F1"]
            estimate = (self.metrics_table.rows[a]["Macro F1"]
                        - self.metrics_table.rows[b]["Macro F1"])
            diff = f1_a - f1_b
            out.append(ModelComparison(
                a, b, "paired bootstrap", "macro F1", estimate,
                percentile_difference(estimate, diff, opts.confidence_level),
                bootstrap_pvalue(diff), pvalue_floor=bootstrap_pvalue_floor(diff.size)))
        return ComparisonTable(out)

    def _curve_names(self):
        from evalplots.display._multicurve import AVERAGE_NAMES

        return [*self.display_labels, AVERAGE_NAMES["micro"], AVERAGE_NAMES["macro"]]

    def _scored(self, name):
        m = self[name]
        if not m.has_scores:
            raise ValueError(f"model {name!r} gives predicted labels, not scores: it has "
                             f"no one-vs-rest curves.")
        return m

    def _display_arguments(self, name):
        return {"name": name, "display_labels": self.display_labels}

    @display_factory("RocCurveDisplay")
    def roc_display(self, name):
        """The model's one-vs-rest :class:`~evalplots.display.RocCurveDisplay`.

        Parameters
        ----------
        name : str
            A model that gives scores or probabilities.

        Returns
        -------
        display : RocCurveDisplay
            One curve per class, then the micro- and macro-average curves; not
            yet drawn.

        Raises
        ------
        KeyError
            If there is no such model.
        ValueError
            If the model gives predicted labels.

        Notes
        -----
        The macro curve is the exact vertical average whose area is the macro AUC.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 1, 2, 2], {"m": [[.6, .2, .2], [.3, .4, .3],
        ...                                  [.2, .5, .3], [.1, .3, .6]]})
        >>> [round(float(a), 4) for a in ev.roc_display("m").roc_auc]
        [1.0, 0.6667, 0.875, 0.8906, 0.8472]
        """
        roc = self._scored(name).ovr_roc
        return {"fpr": roc.fpr, "tpr": roc.tpr, "roc_auc": list(roc.roc_auc),
                "name": self._curve_names(), "average": roc.average}

    @display_factory("PrecisionRecallDisplay")
    def precision_recall_display(self, name):
        """The model's one-vs-rest :class:`~evalplots.display.PrecisionRecallDisplay`.

        Parameters
        ----------
        name : str
            A model that gives scores or probabilities.

        Returns
        -------
        display : PrecisionRecallDisplay
            One curve per class with its AP and BEP, then the micro- and
            macro-average curves; not yet drawn.

        Raises
        ------
        KeyError
            If there is no such model.
        ValueError
            If the model gives predicted labels.

        Notes
        -----
        The macro curve is the mean of the per-class step functions (area = macro AP).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 1, 2, 2], {"m": [[.6, .2, .2], [.3, .4, .3],
        ...                                  [.2, .5, .3], [.1, .3, .6]]})
        >>> round(float(ev.precision_recall_display("m").average_precision[-1]), 4)
        0.7778
        """
        pr = self._scored(name).ovr_precision_recall
        return {"precision": pr.precision, "recall": pr.recall,
                "average_precision": list(pr.average_precision),
                "break_even": pr.break_even, "prevalence_pos_label": list(pr.prevalence),
                "name": self._curve_names(), "average": pr.average}

    @display_factory("ClassificationReportDisplay")
    def classification_report_display(self, name):
        """The model's :class:`~evalplots.display.ClassificationReportDisplay`.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : ClassificationReportDisplay
            Per-class precision, recall, F1 and support, with the accuracy, macro
            and weighted averages of the metrics table; not yet drawn.

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        Built from the stored per-class arrays (no recount); a 0/0 score is NaN
        (a blank cell), and the averages leave it out, as the table does.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate(["a", "b", "c", "a"], {"m": ["a", "b", "b", "a"]})
        >>> d = ev.classification_report_display("m")
        >>> d.recall.tolist(), d.averages["accuracy"]
        ([1.0, 1.0, 0.0], 0.75)
        """
        m = self[name]
        pc = m.per_class
        averages = {"accuracy": m.summary["Accuracy"]}
        for average in ("macro", "weighted"):
            averages[f"{average} avg"] = tuple(
                _average(pc[key], average, pc["support"])
                for key in ("precision", "recall", "f1"))
        return {"precision": pc["precision"], "recall": pc["recall"], "f1": pc["f1"],
                "support": pc["support"], "averages": averages}

    @display_factory("ConfusionMatrixDisplay")
    def confusion_matrix_display(self, name):
        """The model's :class:`~evalplots.display.ConfusionMatrixDisplay`, not yet drawn.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : ConfusionMatrixDisplay
            Rows = true class, in class order.

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        Built from the stored matrix (no recount).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate(["a", "b", "c", "a"], {"m": ["a", "b", "b", "a"]})
        >>> ev.confusion_matrix_display("m").confusion_matrix.shape
        (3, 3)
        """
        return {"confusion_matrix": self[name].confusion_matrix}


def _joint_mcnemar(a, b, joint):
    """McNemar's test of a and b from the (true, predicted a, predicted b) counts."""
    k = joint.shape[0]
    t, pa, pb = np.indices((k, k, k))
    right_a, right_b = pa == t, pb == t
    n_b, n_c = joint[right_a & ~right_b].sum(), joint[~right_a & right_b].sum()
    return mcnemar_from_table(a, b, int(n_b), int(n_c), joint.sum().item(), "errors")


def _column_order(names, classes, arg):
    """Indices putting a DataFrame's class-named columns in the order of ``classes``.

    A score table that names its columns is matched by name, never by position:
    ``df[['dog', 'bird', 'cat']]`` and ``df`` give the same evaluation.
    """
    lookup = {str(c): j for j, c in enumerate(names)}
    missing = [c for c in classes.tolist() if str(c) not in lookup]
    if missing or len(names) != classes.size:
        raise ValueError(
            f"{arg} is a table whose columns {names[:6]} are not the classes "
            f"{_show(classes)}; name its columns by class (or pass a numpy array with "
            f"the columns in the order of labels).")
    return [lookup[str(c)] for c in classes.tolist()]


def _encode_prediction(values, classes, arg):
    """Codes of predicted labels in ``classes``; an unknown label is an error."""
    if values.dtype.kind == "f" and not np.all(values == np.floor(values)):
        raise ValueError(
            f"{arg} holds one non-integer score per sample, but a multi-class model "
            f"gives either one score column per class, shape (n_samples, n_classes) "
            f"(<model>:<class> columns in a file), or predicted class labels.")
    check_label_arrays({arg: values})
    try:
        return encode_labels(values, labels=classes)
    except ValueError as exc:
        raise ValueError(
            f"{arg} holds labels that are not classes {_show(classes)} ({exc}); pass "
            f"labels= with every class, or fix the predictions.") from None
