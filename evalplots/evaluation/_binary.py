"""The evaluation of binary classifiers: one sort per model, every number from it."""

import functools
import math
import numbers
import warnings

import numpy as np

from evalplots import metrics
from evalplots.evaluation._common import (
    Evaluation,
    IntervalOptions,
    cell_samples,
    check_model_names,
    named_warnings,
)
from evalplots.evaluation._compare import (
    ComparisonTable,
    ModelComparison,
    mcnemar_comparison,
    model_pairs,
    not_available,
)
from evalplots.evaluation._intervals import (
    DELONG_DEGENERATE,
    FRACTIONAL,
    caught_warnings,
    IntervalTable,
    RankingSlots,
    cell_bootstrap,
    is_frequency,
    jackknife_groups,
    split_results,
    stratified_mean_ci,
    wilson,
)
from evalplots.evaluation._table import MetricsTable
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._delong import delong_interval, paired_delong, sample_placements
from evalplots.metrics._proportion import _RATES
from evalplots.metrics._resample import resample_plan
from evalplots.metrics._auc import auc_from_counts
from evalplots.metrics._labels import (
    check_finite_labels,
    class_values,
    label_name_map,
    resolve_pos_label,
)
from evalplots.metrics._ranking import pr_from_counts, roc_from_counts
from evalplots.metrics._thresholds import BinaryScores
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_sample_weight,
    check_scores,
)

__all__ = ["BinaryEvaluation", "BinaryModel", "check_threshold"]

#: Columns of the binary metrics table.
BINARY_COLUMNS = ("ROC AUC", "AP", "BEP", "Accuracy", "Precision", "Recall", "F1",
                  "Specificity", "NPV", "MCC", "Balanced accuracy", "Brier", "Log loss")

# Wilson intervals: column -> the rate's name in metrics._proportion._RATES
_WILSON = {"Accuracy": "accuracy", "Precision": "precision", "Recall": "recall",
           "Specificity": "specificity", "NPV": "npv"}

# Why a column of the table can be undefined ('n/a').
_UNDEFINED = {
    "BEP": "the sawtooth precision-recall curve never meets P = R (a group of "
           "tied top scores holds more samples than there are positives)",
    "Precision": "no sample is predicted positive at the threshold",
    "F1": "no sample is predicted positive at the threshold",
    "NPV": "no sample is predicted negative at the threshold",
    "MCC": "every sample is predicted in one class at the threshold (0/0)",
    "Brier": "the scores are not probabilities (a score lies outside [0, 1])",
    "Log loss": "the scores are not probabilities (a score lies outside [0, 1])",
}


def check_threshold(threshold):
    """Return ``threshold`` as a float, or raise a ValueError naming it."""
    if (not isinstance(threshold, numbers.Real) or isinstance(threshold, bool)
            or not math.isfinite(threshold)):
        raise ValueError(f"threshold must be a finite number, got {threshold!r}; "
                         f"e.g. threshold=0.5.")
    return float(threshold)


#: Columns whose interval is a bootstrap of the confusion cells at the threshold.
_CELL_COLUMNS = ("F1", "MCC", "Balanced accuracy")


def _cell_metrics(cells):
    """F1, MCC and balanced accuracy of binary confusion matrices (m, 2, 2)."""
    tn, fp, fn, tp = (cells[:, i, j] for i in (0, 1) for j in (0, 1))
    with np.errstate(divide="ignore", invalid="ignore"):
        return {
            "F1": 2 * tp / (2 * tp + fp + fn),
            "MCC": (tp * tn - fp * fn) / np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)),
            "Balanced accuracy": (tp / (tp + fn) + tn / (tn + fp)) / 2,
        }


def _losses(data):
    """Per-sample Brier and log losses of probability scores."""
    p, y = data.score, data.positive
    with np.errstate(divide="ignore"):
        return {"Brier": (y - p) ** 2,
                "Log loss": -np.log(np.where(y, p, 1.0 - p))}


class BinaryModel:
    """One binary model's curves and scores, each computed on first use and kept.

    Built by :func:`evalplots.evaluate`; read its attributes, don't construct it.

    Parameters
    ----------
    name : str
        The model's name.
    y_score : ndarray of shape (n_samples,)
        Its scores (higher = more positive), validated.
    data : BinaryScores
        Labels, scores and weights ready for counting (zero-weight samples removed).
    threshold : float
        Decision threshold: ``y_score >= threshold`` is predicted positive.

    Attributes
    ----------
    counts : tuple of ndarray
        ``(fps, tps, thresholds)``: cumulative false and true positives at each
        distinct score, highest first — the only sort of the scores.
    roc_curve : tuple of ndarray
        ``(fpr, tpr, thresholds)`` as :func:`evalplots.metrics.roc_curve`
        (``drop_intermediate=True``).
    precision_recall_curve : tuple of ndarray
        ``(precision, recall, thresholds)`` as
        :func:`evalplots.metrics.precision_recall_curve`.
    roc_auc, average_precision, break_even_point : float
        Read off the counts and curves above.
    confusion_matrix : ndarray of shape (2, 2)
        ``[[tn, fp], [fn, tp]]`` at ``threshold`` (rows = true class, negative first).
    is_probability : bool
        Whether every score is in [0, 1], so that it can be read as a probability
        of the positive class (Brier score, log loss and calibration apply).
    brier_score, log_loss : float
        Of the scores as probabilities (NaN when ``is_probability`` is False);
        log loss is ``inf`` when a positive scores 0 or a negative 1 (nothing is
        clipped).

    Raises
    ------
    None

    Notes
    -----
    AUC = Σ ΔFP·(TP_i + TP_{i−1}) / (2·m⁺·m⁻) over the distinct thresholds, the
    Mann-Whitney count with ties as ½ (Zhou Zhihua, *Machine Learning* §2.3.3);
    the confusion matrix at the threshold is read off the same counts.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> m = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})["m"]
    >>> round(m.roc_auc, 4), m.confusion_matrix.tolist()
    (0.7778, [[1, 2], [1, 2]])
    """

    def __init__(self, name, y_score, data, threshold):
        self.name = name
        self.y_score = y_score
        self.threshold = threshold
        self._data = data

    @functools.cached_property
    def counts(self):
        return self._data.counts()

    @functools.cached_property
    def roc_curve(self):
        fps, tps, thresholds = self.counts
        return roc_from_counts(fps, tps, thresholds, drop_intermediate=True)

    @functools.cached_property
    def precision_recall_curve(self):
        return pr_from_counts(*self.counts)

    @functools.cached_property
    def roc_auc(self):
        fps, tps, _ = self.counts
        return auc_from_counts(fps, tps)

    @functools.cached_property
    def average_precision(self):
        precision, recall, _ = self.precision_recall_curve
        return metrics.average_precision_from_curve(precision, recall)

    @functools.cached_property
    def break_even_point(self):
        precision, recall, _ = self.precision_recall_curve
        with named_warnings(self.name):
            return metrics.break_even_point_from_curve(precision, recall)

    @functools.cached_property
    def confusion_matrix(self):
        fps, tps, thresholds = self.counts
        # number of distinct thresholds >= self.threshold (thresholds decrease)
        k = thresholds.size - np.searchsorted(thresholds[::-1], self.threshold, side="left")
        fp, tp = (fps[k - 1], tps[k - 1]) if k else (0.0, 0.0)
        cm = np.array([[fps[-1] - fp, fp], [tps[-1] - tp, tp]])
        return cm.astype(np.int64) if self._data.weight is None else cm

    @functools.cached_property
    def is_probability(self):
        score = self._data.score
        return bool(score.min() >= 0 and score.max() <= 1)

    @functools.cached_property
    def brier_score(self):
        if not self.is_probability:
            return math.nan
        d = self._data
        return float(metrics.brier_score_loss(d.positive, d.score, sample_weight=d.weight,
                                              pos_label=True))

    @functools.cached_property
    def log_loss(self):
        if not self.is_probability:
            return math.nan
        d = self._data
        with named_warnings(self.name):
            return float(metrics.log_loss(d.positive, d.score, labels=[False, True],
                                          sample_weight=d.weight))

    @functools.cached_property
    def threshold_metrics(self):
        """Accuracy, precision, recall, F1, specificity, NPV, MCC and balanced
        accuracy at the threshold (NaN when 0/0)."""
        t, p, w = cell_samples(self.confusion_matrix)
        nan = math.nan
        with named_warnings(self.name):
            return {
                "Accuracy": metrics.accuracy_score(t, p, sample_weight=w),
                "Precision": metrics.precision_score(t, p, sample_weight=w, zero_division=nan),
                "Recall": metrics.recall_score(t, p, sample_weight=w, zero_division=nan),
                "F1": metrics.f1_score(t, p, sample_weight=w, zero_division=nan),
                "Specificity": metrics.specificity_score(t, p, sample_weight=w,
                                                         zero_division=nan),
                "NPV": metrics.precision_score(t, p, pos_label=0, sample_weight=w,
                                               zero_division=nan),
                "MCC": metrics.matthews_corrcoef(t, p, sample_weight=w, zero_division=nan),
                "Balanced accuracy": metrics.balanced_accuracy_score(t, p, sample_weight=w),
            }

    @functools.cached_property
    def placements(self):
        """DeLong's placement values in sample order (for the AUC interval and the
        paired tests), from the halves sorted once."""
        return sample_placements(self._data)

    @functools.cached_property
    def predicted(self):
        """Whether each (non-zero-weight) sample is predicted positive."""
        return self._data.score >= self.threshold


class BinaryEvaluation(Evaluation):
    """The evaluation of one or more binary classifiers on the same samples.

    Made by :func:`evalplots.evaluate`; every curve and table is computed once
    (on first use) and kept. The metrics table, the Displays and the report read
    from it.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, two classes.
    predictions : dict of str to array-like of shape (n_samples,)
        Model name -> scores of the positive class (higher = more positive).
    pos_label : int, float, bool, str or None, default=None
        The positive class; None means 1 for {0, 1} or {-1, 1} labels, True for
        bools, and is an error otherwise.
    threshold : float, default=0.5
        ``score >= threshold`` is predicted positive.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights; samples of weight 0 are left out of every count.
    label_names : dict, sequence of str or None, default=None
        Readable class names (``{label: name}`` or one per class in sorted order).
    confidence_level : float, default=0.95
        Coverage of every confidence interval the evaluation computes.
    n_resamples : int, default=1000
        Bootstrap resamples per interval.
    random_state : int or None, default=0
        Bootstrap seed, fixed by default so results are reproducible; None
        draws one (kept in ``interval_options.random_state``).

    Attributes
    ----------
    interval_options : IntervalOptions
        ``confidence_level``, ``n_resamples``, ``random_state`` (the seed used)
        and one random stream per computation (``interval_options.rng(*key)``).
    classes_ : ndarray of shape (2,)
        The labels, sorted. ``pos_label`` / ``neg_label`` are the resolved classes.
    label_names : dict
        ``{label: name}`` for both classes.
    positive : ndarray of bool of shape (n_samples,)
        Which samples are positive.
    models : dict of str to BinaryModel
        Per-model results.

    Raises
    ------
    ValueError
        If ``y_true`` does not hold exactly two classes, the positive class is
        ambiguous or absent, a score is not finite, lengths differ, the weights
        are invalid, ``threshold`` is not a finite number, or an interval option
        is out of range.

    Notes
    -----
    Each model's scores are sorted once (two half-sorts, or one argsort for small
    or weighted inputs); ROC, P-R, AUC, AP, BEP and the confusion matrix at the
    threshold are read off those counts (Fawcett 2006, algorithm 2; Zhou Zhihua,
    *Machine Learning* §2.3).

    Examples
    --------
    >>> from evalplots import evaluate
    >>> ev = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})
    >>> ev.task, ev.pos_label, round(ev["m"].break_even_point, 4)
    ('binary', 1, 0.6667)
    """

    task = "binary"

    def __init__(self, y_true, predictions, *, pos_label=None, threshold=0.5,
                 sample_weight=None, label_names=None, confidence_level=0.95, n_resamples=1000, random_state=0):
        self.interval_options = IntervalOptions(confidence_level, n_resamples, random_state)
        y = as_1d(y_true, "y_true")
        check_finite_labels(y, "y_true")
        classes = class_values(y)
        if classes.size != 2:
            raise ValueError(
                f"y_true has {classes.size} distinct label(s) {classes.tolist()[:6]}; a "
                f"binary evaluation needs exactly two (positive and negative samples)."
            )
        self.classes_ = classes
        self.pos_label = resolve_pos_label(classes, pos_label)
        self.neg_label = next(c for c in classes.tolist() if c != self.pos_label)
        self.label_names = label_name_map(label_names, classes)
        self.threshold = check_threshold(threshold)
        self.y_true = y
        self.positive = y == self.pos_label
        weight = check_sample_weight(sample_weight, y.shape[0])
        self.sample_weight = weight
        keep = None if weight is None or weight.all() else weight != 0
        if keep is not None and not keep.any():
            raise ValueError("sample_weight is 0 for every sample, so there is nothing "
                             "to evaluate; pass weights with a positive sum.")
        self.models = {}
        for name, scores in check_model_names(predictions).items():
            arg = f"predictions[{name!r}]"
            s = as_1d(scores, arg)
            if s.dtype.kind not in "biuf":
                raise ValueError(
                    f"{arg} must hold numeric scores, got dtype {s.dtype}; a binary "
                    f"evaluation takes the score of the positive class.")
            s = check_scores(s, arg)
            check_consistent_length(y_true=y, **{arg: s})
            data = (BinaryScores(s, self.positive, weight) if keep is None else
                    BinaryScores(s[keep], self.positive[keep], weight[keep]))
            self.models[name] = BinaryModel(name, s, data, self.threshold)
        mass = self.positive if weight is None else np.where(self.positive, weight, 0)
        total = y.shape[0] if weight is None else weight.sum()
        self.prevalence = float(mass.sum() / total)
        for missing, label in (("positive", self.pos_label), ("negative", self.neg_label)):
            share = self.prevalence if missing == "positive" else 1 - self.prevalence
            if share <= 0:
                raise ValueError(
                    f"y_true has no {missing} sample of non-zero weight (class "
                    f"{label!r}); a binary evaluation needs both classes.")

    @property
    def pos_name(self):
        """The positive class's display name (its label when it has no name).

        Returns
        -------
        name : str

        Raises
        ------
        None

        Notes
        -----
        From ``label_names``.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> evaluate([0, 1], {"m": [.2, .7]}, label_names=["benign", "malignant"]).pos_name
        'malignant'
        """
        return self.label_names[self.pos_label]

    @property
    def neg_name(self):
        """The negative class's display name.

        Returns
        -------
        name : str

        Raises
        ------
        None

        Notes
        -----
        From ``label_names``.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> evaluate([0, 1], {"m": [.2, .7]}).neg_name
        '0'
        """
        return self.label_names[self.neg_label]

    def _description(self):
        return (f"binary evaluation of {len(self.models)} model(s) on {self.n_samples:,} "
                f"samples; positive class {self.pos_name!r}, threshold {self.threshold:g}")

    def _table(self):
        rows = {}
        for name, m in self.models.items():
            with warnings.catch_warnings():
                # an infinite log loss is a value ('inf'), explained under the table
                warnings.filterwarnings("ignore", ".*log loss is infinite",
                                        UndefinedMetricWarning)
                log_loss = m.log_loss
            rows[name] = {"ROC AUC": m.roc_auc, "AP": m.average_precision,
                          "BEP": m.break_even_point, **m.threshold_metrics,
                          "Brier": m.brier_score, "Log loss": log_loss}
        return MetricsTable(BINARY_COLUMNS, rows, notes=_UNDEFINED)

    @functools.cached_property
    def _resampling(self):
        """The stratified resample plan of the samples and its jackknife groups."""
        data = next(iter(self.models.values()))._data
        plan = resample_plan(data.positive, data.positive.size, stratify=True)
        return plan, jackknife_groups(plan)

    def _intervals(self):
        opts = self.interval_options
        level, n_resamples = opts.confidence_level, opts.n_resamples
        frequency = is_frequency(self.sample_weight)
        plan, groups = self._resampling
        rows, notes = {}, {}
        # AP and BEP: one stratified resampling of the rows, read by every model
        slots = {name: RankingSlots(m._data, plan, groups) for name, m in self.models.items()}
        blocks = {name: [] for name in slots}
        for draws in plan.draw_blocks(opts.rng("bootstrap", "AP, BEP"), n_resamples):
            for name, slot in slots.items():
                blocks[name].append(slot.replicates(draws))
        for name, m in self.models.items():
            row, d, estimates = {}, m._data, self.metrics_table.rows[name]
            with named_warnings(name):
                results = slots[name].intervals(estimates, blocks[name], level)
                if frequency:
                    degenerate = []
                    with caught_warnings(degenerate):
                        results["ROC AUC"] = delong_interval(m.placements, level)
                    if degenerate:
                        results["ROC AUC"] = DELONG_DEGENERATE
                    (tn, fp), (fn, tp) = m.confusion_matrix.tolist()
                    for column, rate in _WILSON.items():
                        results[column] = wilson(*_RATES[rate](tp, fn, fp, tn), level)
                    cells = d.positive.astype(np.intp) * 2 + m.predicted
                    results.update(cell_bootstrap(
                        np.asarray(m.confusion_matrix, dtype=float), _cell_metrics,
                        estimates, opts.rng("bootstrap", "cells", name), n_resamples,
                        level, jackknife=(*groups, cells, d.weight)))
                else:
                    results.update(dict.fromkeys(("ROC AUC", *_WILSON, *_CELL_COLUMNS),
                                                 FRACTIONAL))
                if m.is_probability:
                    for column, losses in _losses(d).items():
                        if math.isfinite(estimates[column]):
                            results[column] = stratified_mean_ci(
                                losses, d.weight, plan.strata, estimates[column], level)
                        else:
                            results[column] = ("infinite: a positive scores 0 or a "
                                               "negative 1 (nothing is clipped)")
            split_results(results, row, notes, name)
            rows[name] = row
        return IntervalTable(rows, notes, BINARY_COLUMNS)

    def _comparisons(self):
        level = self.interval_options.confidence_level
        frequency = is_frequency(self.sample_weight)
        out = []
        for a, b in model_pairs(self.model_names):
            ma, mb = self[a], self[b]
            if not frequency:
                out += [not_available(a, b, "DeLong", "ROC AUC", FRACTIONAL),
                        not_available(a, b, "McNemar", "errors at the threshold",
                                      FRACTIONAL)]
                continue
            degenerate = []
            with caught_warnings(degenerate):
                test = paired_delong(ma.placements, mb.placements, level)
            note = (f"z = {test.z:.2f}" if not degenerate else
                    "variance of the difference 0 or undefined: z and p set by rule")
            out.append(ModelComparison(a, b, "DeLong", "ROC AUC", test.difference,
                                       test.ci, test.pvalue, note=note))
            positive = ma._data.positive
            out.append(mcnemar_comparison(a, b, ma.predicted == positive,
                                          mb.predicted == positive, ma._data.weight,
                                          "errors at the threshold"))
        return ComparisonTable(out)

    def roc_display(self, name):
        """The model's :class:`~evalplots.display.RocCurveDisplay`, not yet drawn.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : RocCurveDisplay
            Built from the stored curve; call ``.plot(ax=...)``.

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        The legend shows the AUC of the table (same number).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})
        >>> ev.roc_display("m").plot().line_.get_label()
        'm (AUC = 0.78)'
        """
        from evalplots.display import RocCurveDisplay

        m = self[name]
        fpr, tpr, _ = m.roc_curve
        return RocCurveDisplay(fpr, tpr, roc_auc=m.roc_auc, name=name,
                               pos_label=self.pos_name)

    def precision_recall_display(self, name):
        """The model's :class:`~evalplots.display.PrecisionRecallDisplay`, not yet drawn.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : PrecisionRecallDisplay
            With AP, BEP and the prevalence (chance level); call ``.plot(...)``.

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        Both drawstyles read the stored curve; see the Display's Notes.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})
        >>> round(ev.precision_recall_display("m").break_even, 4)
        0.6667
        """
        from evalplots.display import PrecisionRecallDisplay

        m = self[name]
        precision, recall, _ = m.precision_recall_curve
        return PrecisionRecallDisplay(
            precision, recall, average_precision=m.average_precision,
            break_even=m.break_even_point, prevalence_pos_label=self.prevalence,
            name=name, pos_label=self.pos_name)

    def confusion_matrix_display(self, name):
        """The model's :class:`~evalplots.display.ConfusionMatrixDisplay` at the threshold.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : ConfusionMatrixDisplay
            Rows = true class, negative class first; not yet drawn.

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        The matrix is read off the model's counts (no recount).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})
        >>> ev.confusion_matrix_display("m").confusion_matrix.tolist()
        [[1, 2], [1, 2]]
        """
        from evalplots.display import ConfusionMatrixDisplay

        return ConfusionMatrixDisplay(self[name].confusion_matrix,
                                      display_labels=[self.neg_name, self.pos_name])
