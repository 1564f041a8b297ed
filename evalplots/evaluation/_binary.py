"""The evaluation of binary classifiers: one sort per model, every number from it."""

import functools
import math
import warnings

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
    delong_comparison,
    mcnemar_from_table,
    model_pairs,
    not_available,
)
from evalplots.evaluation._displays import display_factory
from evalplots.evaluation._gates import GATE_METRICS, Gate, GateTable
from evalplots.evaluation._intervals import (
    DELONG_DEGENERATE,
    FRACTIONAL,
    caught_warnings,
    IntervalTable,
    cell_bootstrap,
    mean_loss_ci,
    split_results,
    wilson,
)
from evalplots.evaluation._rows import NO_ROWS, BinaryRows
from evalplots.evaluation._source import SummarySource
from evalplots.evaluation._summary import (
    COARSENED,
    binned_auc_bound,
    cell_jackknife,
    check_finite_exact,
    counted_exactly,
    table_ci_bands,
    table_ranking_intervals,
)
from evalplots.evaluation._operating_points import insert_point, operating_point
from evalplots.evaluation._table import MetricsTable
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics.inference._delong import delong_interval, paired_delong_from_squares
from evalplots.metrics.inference._margin import margin_test
from evalplots.metrics.inference._operating_points import (
    CountedScores,
    likelihood_ratios_from_counts,
    sensitivity_interval_from_counts,
)
from evalplots.metrics.inference._proportion import _RATES
from evalplots.metrics.summaries import BinarySummary, DeLongCrossSums
from evalplots.metrics.summaries._base import loss_interval_moments
from evalplots.metrics.summaries._binary import (
    table_auc,
    table_delong_placements,
    table_from_one_sort,
)
from evalplots.metrics.ranking._auc import auc_from_counts
from evalplots.metrics.ranking._net_benefit import counts_at_thresholds, net_benefit_from_counts
from evalplots.metrics._labels import binary_classes, class_values, label_name_map
from evalplots.metrics.classification._logloss import _log_loss
from evalplots.metrics.calibration._calibration import calibration_error, reliability_bins
from evalplots.metrics.classification._confusion import CellScores
from evalplots.metrics.ranking._det import det_from_counts
from evalplots.metrics.ranking._gain import gain_from_counts, ks_from_counts
from evalplots.metrics.ranking._curves import drop_collinear, pr_from_counts, roc_from_counts
from evalplots.metrics.ranking._threshold_metrics import first_best, metrics_from_counts
from evalplots.metrics.ranking._thresholds import BinaryScores
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_sample_weight,
    check_scores,
    check_threshold,
    check_weight_total,
)

__all__ = ["BinaryEvaluation", "BinaryModel", "check_threshold"]

#: Columns of the binary metrics table.
BINARY_COLUMNS = ("ROC AUC", "AP", "BEP", "Accuracy", "Precision", "Recall", "F1",
                  "Specificity", "NPV", "MCC", "Balanced accuracy", "Brier", "Log loss")

# Wilson intervals: column -> the rate's name in metrics.inference._proportion._RATES
_WILSON = {"Accuracy": "accuracy", "Precision": "precision", "Recall": "recall",
           "Specificity": "specificity", "NPV": "npv"}

#: The specificities at which the sensitivity is read, and the columns of
#: :attr:`BinaryEvaluation.operating_point_intervals`.
SPECIFICITIES = (0.9, 0.95)
CLINICAL_POINT_COLUMNS = ("Sensitivity at 90 % specificity",
                          "Sensitivity at 95 % specificity", "LR+", "LR-")

#: Uniform bins of the reliability diagram and its ECE.
CALIBRATION_BINS = 10
#: Equal-width bins of the score-distribution histograms.
SCORE_BINS = 30

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


#: Columns whose interval is a bootstrap of the confusion cells at the threshold.
_CELL_COLUMNS = ("F1", "MCC", "Balanced accuracy")


def _cell_metrics(cells):
    """F1, MCC and balanced accuracy of binary confusion matrices (m, 2, 2)."""
    scores = CellScores(cells)
    return {"F1": scores.f1[:, 1], "MCC": scores.mcc,
            "Balanced accuracy": scores.balanced_accuracy}


#: The values a BinaryModel may be given exactly (``exact``): read off the curves
#: unless given, and the losses, NaN unless the scores are probabilities.
_EXACT_RANKING = ("roc_auc", "average_precision", "break_even_point")
_EXACT_LOSSES = ("brier_score", "log_loss")

#: the threshold probabilities of a model's decision curve (R dcurves' default grid)
DECISION_THRESHOLDS = np.arange(100) / 100.0


class BinaryModel:
    """One binary model's curves and scores, each computed on first use and kept.

    Built by :func:`evalplots.evaluate` (and ``BinaryEvaluation.from_summary``)
    from the model's table; read its attributes, don't construct it.

    Parameters
    ----------
    name : str
        The model's name.
    table : ScoreCounts
        The weighted positives and negatives at each distinct score of all rows
        (the model's summary); its cells stand for the rows.
    threshold : float
        Decision threshold: ``score >= threshold`` is predicted positive.
    weighted : bool, default=False
        Whether the rows were weighted (counts shown as floats).
    exact : dict of str to float, default=None
        Values known exactly from elsewhere, which replace those read off
        ``table`` (a model built from a coarsened table, whose AUC, AP, BEP and
        losses were computed on the rows' own scores): keys among
        ``'roc_auc'``, ``'average_precision'``, ``'break_even_point'``,
        ``'brier_score'`` and ``'log_loss'``. The losses stay NaN unless
        ``is_probability``.

    Attributes
    ----------
    table : ScoreCounts
        As given.
    counts : tuple of ndarray
        ``(fps, tps, thresholds)``: cumulative false and true positives at each
        distinct score, highest first, read off ``table`` (sorted once).
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
    threshold_table : ThresholdMetrics
        Precision, recall (TPR), FPR, F1 (``fbeta``), ... at every distinct score,
        as :func:`evalplots.metrics.metrics_at_thresholds`.
    optimal_thresholds : dict of str to OptimalThreshold
        ``'youden'`` (max TPR − FPR) and ``'f1'`` (max F1), as
        :func:`evalplots.metrics.optimal_threshold` (ties: the highest threshold).
    operating_points : tuple of 3 OperatingPoint
        The confusion matrix and TPR, FPR, precision, F1 at ``threshold``, at
        Youden's optimum and at the max-F1 optimum, in this order.
    det_curve, cumulative_gain_curve : tuple of ndarray
        ``(fpr, fnr, thresholds)`` and ``(queue_rate, gain, thresholds)`` as
        :func:`evalplots.metrics.det_curve` and
        :func:`~evalplots.metrics.cumulative_gain_curve`.
    ks_statistic : KSResult
        ``(statistic, threshold)`` as :func:`evalplots.metrics.ks_statistic`.
    calibration_curve : CalibrationBins or None
        The non-empty bins of 10 uniform bins on [0, 1] (``prob_true``,
        ``prob_pred``, ``counts``, ``bin_bounds``), as
        :func:`evalplots.metrics.calibration_curve`; None unless ``is_probability``.
    expected_calibration_error : float
        ECE over those bins, as :func:`evalplots.metrics.expected_calibration_error`
        (NaN unless ``is_probability``).
    calibration_slope_intercept : CalibrationSlopeIntercept or None
        As :func:`evalplots.metrics.calibration_slope_intercept`; None unless
        ``is_probability`` with every score strictly inside (0, 1), and None
        when the log-odds separate the classes (infinite slope).
    calibration_slope_intercept_note : str
        Why ``calibration_slope_intercept`` is None: how many probabilities are
        exactly 0 or 1, separation, or scores that are not probabilities; ''
        when it is defined.
    spiegelhalter_test : SpiegelhalterTestResult or None
        As :func:`evalplots.metrics.spiegelhalter_z_test`; None unless
        ``is_probability``.
    brier_skill_score : float
        As :func:`evalplots.metrics.brier_skill_score` (NaN unless
        ``is_probability``).
    decision_curve : tuple of ndarray or None
        ``(thresholds, net_benefit, treat_all)`` at 0, 0.01, ..., 0.99, as
        :func:`evalplots.metrics.net_benefit`; None unless ``is_probability``.

    Raises
    ------
    ValueError
        If ``exact`` holds a key that is not one of the values above.

    Notes
    -----
    AUC = Σ ΔFP·(TP_i + TP_{i−1}) / (2·m⁺·m⁻) over the distinct thresholds, the
    Mann-Whitney count with ties as ½ (Zhou Zhihua, *Machine Learning* §2.3.3);
    the confusion matrix at the threshold is read off the same counts, and so are
    the rates at every threshold, the optimal thresholds (Youden, Cancer 3, 1950;
    Zhou §2.3.2), the DET curve (Martin et al., Eurospeech 1997) and the gain
    curve. The operating point at ``threshold`` comes from the full counts, not
    from ``roc_curve``, whose intermediate points are dropped.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> m = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})["m"]
    >>> round(m.roc_auc, 4), m.confusion_matrix.tolist()
    (0.7778, [[1, 2], [1, 2]])
    >>> [(p.label, p.threshold, round(p.tpr, 3), round(p.fpr, 3))
    ...  for p in m.operating_points]  # doctest: +NORMALIZE_WHITESPACE
    [('chosen threshold', 0.5, 0.667, 0.667), ("Youden's J", 0.76, 0.667, 0.0),
     ('max F1', 0.76, 0.667, 0.0)]
    """

    def __init__(self, name, table, threshold, *, weighted=False, exact=None):
        self.name = name
        self.table = table
        self.threshold = threshold
        self._data = table._to_binary_scores()  # one weighted sample per cell
        # whole-number counts are shown as integers unless the samples were weighted
        self._weighted = weighted
        self._exact = {} if exact is None else dict(exact)
        unknown = sorted(set(self._exact) - {*_EXACT_RANKING, *_EXACT_LOSSES})
        if unknown:
            raise ValueError(f"exact holds {unknown}; its keys must be among "
                             f"{[*_EXACT_RANKING, *_EXACT_LOSSES]}.")
        for attribute in _EXACT_RANKING:
            if attribute in self._exact:
                setattr(self, attribute, self._exact[attribute])  # not computed then

    @functools.cached_property
    def counts(self):
        return self.table.counts()

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
    def _n_above(self):
        # number of distinct thresholds >= self.threshold (thresholds decrease)
        thresholds = self.counts[2]
        return int(thresholds.size - np.searchsorted(thresholds[::-1], self.threshold,
                                                     side="left"))

    @functools.cached_property
    def confusion_matrix(self):
        fps, tps, _ = self.counts
        k = self._n_above
        fp, tp = (fps[k - 1], tps[k - 1]) if k else (0.0, 0.0)
        cm = np.array([[fps[-1] - fp, fp], [tps[-1] - tp, tp]])
        return cm if self._weighted else cm.astype(np.int64)

    @functools.cached_property
    def is_probability(self):
        score = self._data.score
        return bool(score.min() >= 0 and score.max() <= 1)

    @functools.cached_property
    def brier_score(self):
        if not self.is_probability:
            return math.nan
        if "brier_score" in self._exact:
            return self._exact["brier_score"]
        d = self._data
        return float(metrics.brier_score_loss(d.positive, d.score, sample_weight=d.weight,
                                              pos_label=True))

    @functools.cached_property
    def log_loss(self):
        if not self.is_probability:
            return math.nan
        if "log_loss" in self._exact:
            return self._exact["log_loss"]
        d = self._data
        with named_warnings(self.name):
            return float(_log_loss(d.positive, d.score, labels=[False, True],
                                   sample_weight=d.weight, finite_hint=FINITE_LOSS_HINT))

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
        """DeLong's placement values at each distinct score, weighted by the table's
        counts (for the AUC interval)."""
        return table_delong_placements(self.table)

    # --- the figure pages: everything below reads the one sort (counts)

    @functools.cached_property
    def threshold_table(self):
        """Every confusion-matrix metric at every distinct score (from ``counts``)."""
        fps, tps, thresholds = self.counts
        # precision and recall are the P-R curve's own arrays, read in threshold
        # order (same counts, same formulas, so the same bits): one copy, not two
        precision, recall, _ = self.precision_recall_curve
        return metrics_from_counts(fps, tps, thresholds.astype(np.float64, copy=False),
                                   precision=precision[-2::-1], recall=recall[-2::-1])

    @functools.cached_property
    def optimal_thresholds(self):
        """``{'youden': OptimalThreshold, 'f1': OptimalThreshold}`` (ties: highest)."""
        table = self.threshold_table
        best = {}
        for criterion, values in (("youden", table.tpr - table.fpr), ("f1", table.fbeta)):
            k = first_best(values)
            best[criterion] = metrics.OptimalThreshold(
                threshold=float(table.thresholds[k]), criterion=criterion,
                value=float(values[k]), tpr=float(table.tpr[k]), fpr=float(table.fpr[k]),
                precision=float(table.precision[k]))
        return best

    @functools.cached_property
    def operating_points(self):
        """The points at the chosen threshold, Youden's optimum and the max-F1 one."""
        (_, fp), (_, tp) = self.confusion_matrix.tolist()
        fps, tps, _ = self.counts
        n_pos, n_neg = tps[-1], fps[-1]
        points = [operating_point("chosen threshold", self.threshold, tp=tp, fp=fp,
                                  n_pos=n_pos, n_neg=n_neg)]
        table = self.threshold_table
        for criterion, label in (("youden", "Youden's J"), ("f1", "max F1")):
            k = int(np.searchsorted(-table.thresholds,
                                    -self.optimal_thresholds[criterion].threshold))
            points.append(operating_point(label, table.thresholds[k], tp=table.tp[k],
                                          fp=table.fp[k], n_pos=n_pos, n_neg=n_neg))
        return tuple(points)

    @functools.cached_property
    def det_curve(self):
        """``(fpr, fnr, thresholds)`` as :func:`evalplots.metrics.det_curve`."""
        return det_from_counts(*self.counts)

    @functools.cached_property
    def cumulative_gain_curve(self):
        """``(queue_rate, gain, thresholds)`` as :func:`evalplots.metrics.cumulative_gain_curve`."""
        # the gain (0, then TP/P from the top) is the P-R curve's recall read
        # backwards, bit for bit: one copy, not two
        recall = self.precision_recall_curve[1]
        return gain_from_counts(*self.counts, gain=recall[::-1])

    @functools.cached_property
    def ks_statistic(self):
        """``KSResult(statistic, threshold)`` as :func:`evalplots.metrics.ks_statistic`."""
        return ks_from_counts(*self.counts)

    @functools.cached_property
    def calibration_curve(self):
        """The non-empty bins of 10 uniform bins (CalibrationBins), or None unless
        ``is_probability``."""
        if not self.is_probability:
            return None
        d = self._data
        bins = reliability_bins(d.positive, d.score, n_bins=CALIBRATION_BINS,
                                sample_weight=d.weight)
        # the cells' weights are counts of rows: whole numbers unless weighted
        return bins if self._weighted else bins._replace(counts=bins.counts.astype(np.int64))

    @functools.cached_property
    def calibration_slope_intercept(self):
        """The :class:`~evalplots.metrics.CalibrationSlopeIntercept` of the scores as
        probabilities, or None unless ``is_probability`` with every score strictly
        inside (0, 1) (a probability of 0 or 1 has infinite log-odds) and log-odds
        that do not separate the classes (the slope would be infinite)."""
        if not self.is_probability:
            return None
        d = self._data
        if d.score.min() <= 0 or d.score.max() >= 1:
            return None
        with warnings.catch_warnings():  # separation: None, the documented answer
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            # the cells' weights are frequency weights: the fit of the rows
            fit = metrics.calibration_slope_intercept(d.positive, d.score,
                                                      sample_weight=d.weight, pos_label=True)
        return None if math.isnan(fit.slope.estimate) else fit

    @functools.cached_property
    def calibration_slope_intercept_note(self):
        """Why :attr:`calibration_slope_intercept` is None ('' when it is not)."""
        if not self.is_probability:
            return "the scores are not probabilities (a score lies outside [0, 1])"
        table = self.table
        extreme = np.isin(table.score, (0.0, 1.0))
        n = float(table.positive[extreme].sum() + table.negative[extreme].sum())
        if n:
            shown = f"{int(n):,}" if n == int(n) else f"{n:g} (weight)"
            return (f"{shown} probabilit{'y is' if n == 1 else 'ies are'} exactly 0 or 1, "
                    f"whose log-odds are infinite (nothing is clipped or dropped)")
        if self.calibration_slope_intercept is None:
            return ("the predicted log-odds separate the classes, so the "
                    "maximum-likelihood slope is infinite")
        return ""

    @functools.cached_property
    def spiegelhalter_test(self):
        """The :class:`~evalplots.metrics.SpiegelhalterTestResult` of the scores as
        probabilities (z and p NaN when every probability is 0, ½ or 1), or None
        unless ``is_probability``."""
        if not self.is_probability:
            return None
        d = self._data
        with warnings.catch_warnings():  # no variance: NaN, the documented answer
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            return metrics.spiegelhalter_z_test(d.positive, d.score, sample_weight=d.weight,
                                                pos_label=True)

    @functools.cached_property
    def brier_skill_score(self):
        """:func:`evalplots.metrics.brier_skill_score` of the scores as
        probabilities (NaN unless ``is_probability``)."""
        if not self.is_probability:
            return math.nan
        d = self._data
        return float(metrics.brier_skill_score(d.positive, d.score, sample_weight=d.weight,
                                               pos_label=True))

    @functools.cached_property
    def decision_curve(self):
        """``(thresholds, net_benefit, treat_all)`` at the threshold probabilities
        0, 0.01, ..., 0.99, as :func:`evalplots.metrics.net_benefit` and
        :func:`~evalplots.metrics.treat_all_net_benefit`; None unless
        ``is_probability``."""
        if not self.is_probability:
            return None
        fps, tps, distinct = self.counts
        thresholds = DECISION_THRESHOLDS
        tp, fp = counts_at_thresholds(fps, tps, distinct, thresholds)
        total = float(fps[-1] + tps[-1])
        return (thresholds, net_benefit_from_counts(tp, fp, total, thresholds),
                net_benefit_from_counts(float(tps[-1]), float(fps[-1]), total, thresholds))

    @functools.cached_property
    def expected_calibration_error(self):
        """ECE over :attr:`calibration_curve`'s bins (NaN unless ``is_probability``)."""
        bins = self.calibration_curve
        if bins is None:
            return math.nan
        return calibration_error(bins.prob_true, bins.prob_pred, bins.counts)


@fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
class BinaryEvaluation(Evaluation):
    """The evaluation of one or more binary classifiers on the same samples.

    Made by :func:`evalplots.evaluate` (which reduces the rows to a
    :class:`~evalplots.metrics.BinarySummary`) or by :meth:`from_summary` (a
    summary merged from chunks); both build it from the summary alone. Every
    curve and table is computed once (on first use) and kept. The metrics
    table, the Displays and the report read from it.

    Parameters
    ----------
    summary : BinarySummary
        The summary of all rows (merged: :meth:`BinarySummary.merge`).
    source : SummarySource
        Where the summary came from (the rows in memory, or merged chunks).
    pos_label : int, float, bool, str or None, default=None
        The positive class; None takes the summary's (or the default rule).
        It must be the class the summary counted as positive.
    threshold : float or None, default=None
        Decision threshold (``score >= threshold`` is predicted positive);
        None takes the summary's. Another threshold works for every metric,
        but McNemar's test (whose tables were counted at the summary's
        threshold) is then n/a.
    label_names : dict, sequence of str or None, default=None
        Readable class names (``{label: name}`` or one per class in sorted order).
    %(interval_params)s
    cross : DeLongCrossSums, callable or None, default=None
        The second pass over the rows for the paired DeLong test, or a
        function of no argument returning it (called on first use); without
        it the test is 'n/a at this scale: needs the second pass'.
    exact : dict of str to dict of str to float, default=None
        See :meth:`from_summary`.
    rows : BinaryRows, default=NO_ROWS
        The rows, kept beside the summary for the two computations a summary
        of fractional weights cannot do (the AP/BEP bootstrap and the bands;
        ``evalplots.evaluation._rows``); without them those are n/a.

    Attributes
    ----------
    interval_options : IntervalOptions
        ``confidence_level``, ``n_resamples``, ``random_state`` (the seed used)
        and one random stream per computation (``interval_options.rng(*key)``).
    classes_ : ndarray of shape (2,)
        The labels, sorted. ``pos_label`` / ``neg_label`` are the resolved classes.
    label_names : dict
        ``{label: name}`` for both classes.
    source : SummarySource
        The rows summarized and how (``merged`` for :meth:`from_summary`).
    models : dict of str to BinaryModel
        Per-model results.

    Raises
    ------
    ValueError
        If the summary's labels are not two classes,
        the positive class differs from the summary's, a class has no weight,
        a table does not count the summary's rows, ``threshold`` is not a
        finite number, or an interval option is out of range.

    Notes
    -----
    Each model's table is its scores sorted once with the weight of each class
    at each distinct score; ROC, P-R, AUC, AP, BEP and the confusion matrix at
    the threshold are read off its cumulative counts (Fawcett 2006, algorithm
    2; Zhou Zhihua, *Machine Learning* §2.3). The intervals are functions of
    the tables (see ``evalplots.evaluation._intervals``).

    Examples
    --------
    >>> from evalplots import evaluate
    >>> ev = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})
    >>> ev.task, ev.pos_label, round(ev["m"].break_even_point, 4)
    ('binary', 1, 0.6667)
    """

    task = "binary"

    @classmethod
    @fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
    def from_rows(cls, y_true, predictions, *, pos_label=None, threshold=0.5,
                  sample_weight=None, label_names=None, confidence_level=0.95,
                  n_resamples=1000, random_state=0):
        """The evaluation of rows in memory: their summary, and the rows where needed.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels, two classes.
        predictions : dict of str to array-like of shape (n_samples,)
            Model name -> scores of the positive class (higher = more positive).
        pos_label : int, float, bool, str or None, default=None
            The positive class; None means 1 for {0, 1} or {-1, 1} labels, True
            for bools, and is an error otherwise.
        threshold : float, default=0.5
            ``score >= threshold`` is predicted positive.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights; samples of weight 0 are left out of every count.
        label_names : dict, sequence of str or None, default=None
            Readable class names.
        %(interval_params)s

        Returns
        -------
        evaluation : BinaryEvaluation
            Built from the rows' :class:`~evalplots.metrics.BinarySummary`
            (with the second pass of the paired DeLong test), as
            :func:`evalplots.evaluate` returns it.

        Raises
        ------
        ValueError
            If ``y_true`` does not hold exactly two classes, the positive class
            is ambiguous or absent, a score is not finite, lengths differ, the
            weights are invalid, ``threshold`` is not a finite number, or an
            interval option is out of range.

        Notes
        -----
        The rows are kept (:class:`~evalplots.evaluation._rows.BinaryRows`)
        only under fractional weights, for the AP/BEP bootstrap and the bands.

        Examples
        --------
        >>> from evalplots.evaluation import BinaryEvaluation
        >>> ev = BinaryEvaluation.from_rows([1, 0, 0, 1], {"m": [.8, .3, .75, .7]})
        >>> ev["m"].roc_auc, ev.n_samples
        (0.75, 4)
        """
        options = IntervalOptions(confidence_level, n_resamples, random_state)
        y = as_1d(y_true, "y_true")
        classes, pos_label, _ = binary_classes(y, pos_label)
        label_name_map(label_names, classes)
        threshold = check_threshold(threshold)
        positive = y == pos_label
        weight = check_sample_weight(sample_weight, y.shape[0])
        check_weight_total(weight)
        keep = None if weight is None or weight.all() else weight != 0
        scores = {}
        for name, values in check_model_names(predictions).items():
            arg = f"predictions[{name!r}]"
            s = as_1d(values, arg)
            if s.dtype.kind not in "biuf":
                raise ValueError(
                    f"{arg} must hold numeric scores, got dtype {s.dtype}; a binary "
                    f"evaluation takes the score of the positive class.")
            scores[name] = check_scores(s, arg)
            check_consistent_length(y_true=y, **{arg: scores[name]})
        summary = BinarySummary._from_arrays(y, scores, pos_label=pos_label,
                                             threshold=threshold, sample_weight=weight,
                                             table_of=table_from_one_sort)
        frequency = counted_exactly(summary.tables)
        source = SummarySource(summary.n_rows, 1, weight is not None, frequency,
                               merged=False)

        def second_pass():  # the paired DeLong test's sums, on first use
            return DeLongCrossSums.from_arrays(y, scores, summary.tables,
                                               pos_label=pos_label, sample_weight=weight)

        rows = NO_ROWS
        if not frequency:  # what a summary of fractional weights cannot resample
            rows = BinaryRows({
                name: BinaryScores(s, positive, weight) if keep is None else
                BinaryScores(s[keep], positive[keep], weight[keep])
                for name, s in scores.items()})
        return cls(summary, source=source, pos_label=pos_label, threshold=threshold,
                   label_names=label_names, confidence_level=options.confidence_level,
                   n_resamples=options.n_resamples, random_state=options.random_state,
                   cross=second_pass, rows=rows)

    @classmethod
    @fill_doc(interval_params=INTERVAL_OPTION_PARAMS)
    def from_summary(cls, summary, *, pos_label=None, threshold=None, label_names=None,
                     confidence_level=0.95, n_resamples=1000, random_state=0, cross=None,
                     exact=None):
        """The evaluation of the rows a merged :class:`~evalplots.metrics.BinarySummary`
        was made from, without the rows.

        Parameters
        ----------
        summary : BinarySummary
            The merged summary of all rows (:meth:`BinarySummary.merge`).
        pos_label : int, float, bool, str or None, default=None
            The positive class; None takes the summary's (or the default rule).
            It must be the class the summary counted as positive.
        threshold : float or None, default=None
            Decision threshold; None takes the summary's. Another threshold
            works for every metric, but McNemar's test (whose tables were
            counted at the summary's threshold) is then n/a.
        label_names : dict, sequence of str or None, default=None
            Readable class names.
        %(interval_params)s
        cross : DeLongCrossSums or None, default=None
            The merged second pass; without it the paired DeLong test is
            'n/a at this scale: needs the second pass'.
        exact : dict of str to dict of str to float, default=None
            Model -> ``{'ROC AUC': ..., 'AP': ..., 'BEP': ...}`` computed
            elsewhere, for a model whose table is coarsened (rows are ranges of
            scores, each keyed by a score of its range): they replace the
            table's values, and the table's note gives the binned AUC's error
            bound ½ Σ ΔFPR·ΔTPR. The metrics at the threshold are exact when
            the threshold is a range's key (no range straddles it); the Brier
            score and log loss come from the summary's sums over the rows'
            own scores; the intervals of AUC, AP and BEP, the bands and the
            paired DeLong test are 'n/a at this scale' for such a model.

        Returns
        -------
        evaluation : BinaryEvaluation
            The same class as :func:`evalplots.evaluate` returns, so every
            Display, the report and ``save_figures`` work unchanged;
            ``source`` says it was built from merged summaries.

        Raises
        ------
        ValueError
            If the labels are not two classes, the positive class differs
            from the summary's, a class has no weight, or an option is
            invalid.

        Notes
        -----
        The same construction as :func:`evalplots.evaluate`'s, from the
        summary alone: every number equals the in-memory one (sums of real
        weights to rounding), and so do the bootstrap intervals of whole-number
        weights (the same multinomial draws of the same tables). Under
        fractional weights the AP/BEP bootstrap and the bands, which resample
        rows, are n/a.

        Examples
        --------
        >>> from evalplots.evaluation import BinaryEvaluation
        >>> from evalplots.metrics import BinarySummary
        >>> y, s = [1, 0, 0, 1, 0, 1], [.45, .53, .24, .88, .57, .76]
        >>> parts = [BinarySummary.from_arrays(y[:3], {"m": s[:3]}),
        ...          BinarySummary.from_arrays(y[3:], {"m": s[3:]})]
        >>> ev = BinaryEvaluation.from_summary(BinarySummary.merge(parts))
        >>> round(ev["m"].roc_auc, 4), ev["m"].confusion_matrix.tolist()
        (0.7778, [[1, 2], [1, 2]])
        """
        if not isinstance(summary, BinarySummary):
            raise ValueError(f"summary must be a BinarySummary (merged), got "
                             f"{type(summary).__name__}.")
        source = SummarySource(
            summary.n_rows, summary.n_partitions,
            any(summary.label_rows[k] != summary.label_weight[k] for k in summary.label_rows),
            counted_exactly(summary.tables))
        return cls(summary, source=source, pos_label=pos_label, threshold=threshold,
                   label_names=label_names, confidence_level=confidence_level,
                   n_resamples=n_resamples, random_state=random_state, cross=cross,
                   exact=exact)

    def __init__(self, summary, *, source, pos_label=None, threshold=None, label_names=None,
                 confidence_level=0.95, n_resamples=1000, random_state=0, cross=None,
                 exact=None, rows=NO_ROWS):
        self.interval_options = IntervalOptions(confidence_level, n_resamples, random_state)
        labels = list(summary.label_rows)
        classes = class_values(np.asarray(labels)) if labels else np.asarray(labels)
        counted = binary_classes(classes=classes, pos_label=summary.pos_label,
                                 name="the summarized y_true").pos_label
        self.classes_, self.pos_label, self.neg_label = binary_classes(
            classes=classes, pos_label=counted if pos_label is None else pos_label,
            name="the summarized y_true")
        if self.pos_label != counted:
            raise ValueError(
                f"pos_label={pos_label!r} differs from the positive class {counted!r} the "
                f"summary counted; summarize with pos_label={pos_label!r}, or pass "
                f"pos_label={counted!r}.")
        self.label_names = label_name_map(label_names, classes)
        self.threshold = check_threshold(summary.threshold if threshold is None else threshold)
        weights = summary.label_weight
        tables = check_model_names(summary.tables)
        self.source = source
        self._summary = summary
        self._exact = check_finite_exact(exact, list(tables))
        self._second_pass = cross if callable(cross) else lambda: cross
        self._rows = rows
        for missing, label in (("positive", self.pos_label), ("negative", self.neg_label)):
            if not weights.get(label, 0) > 0:
                raise ValueError(
                    f"y_true has no {missing} sample of non-zero weight (class {label!r}); "
                    f"a binary evaluation needs both classes.")
        self.prevalence = float(weights[self.pos_label] / sum(weights.values()))
        self.models = {}
        for name, table in tables.items():
            # equal up to the rounding of adding real weights in another order
            if not (np.isclose(table.n_pos, weights[self.pos_label], rtol=1e-9, atol=0)
                    and np.isclose(table.n_neg, weights[self.neg_label], rtol=1e-9, atol=0)):
                raise ValueError(f"the table of model {name!r} does not count the summary's "
                                 f"rows; merge the summaries of all chunks.")
            self.models[name] = BinaryModel(
                name, table, self.threshold, weighted=source.weighted or not source.frequency,
                exact=self._known(name))

    def _known(self, name):
        """The exact values replacing a coarsened table's own (None for other models)."""
        if name not in self._exact:
            return None
        known = {attribute: float(self._exact[name][key])
                 for key, attribute in (("ROC AUC", "roc_auc"), ("AP", "average_precision"),
                                        ("BEP", "break_even_point"))
                 if key in self._exact[name]}
        # the losses' sums were taken on the rows' own scores
        for moments, attribute in zip(self._summary.losses[name], ("brier_score", "log_loss")):
            known[attribute] = float(moments[:, 3].sum() / moments[:, 1].sum())
        return known

    @property
    def pos_name(self):
        """The positive class's display name (its label when it has no name).

        Returns
        -------
        name : str

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
        text = (f"binary evaluation of {len(self.models)} model(s) on {self.n_samples:,} "
                f"samples; positive class {self.pos_name!r}, threshold {self.threshold:g}")
        return self.source.describe(text)

    @property
    def n_positive(self):
        """Number of positive samples (rows of the positive class, weight-0 ones
        included).

        Returns
        -------
        n : int

        Notes
        -----
        The summary's rows of the positive class.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> evaluate([0, 1, 1], {"m": [.2, .7, .4]}).n_positive
        2
        """
        return int(self._summary.label_rows.get(self.pos_label, 0))

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
        return MetricsTable(BINARY_COLUMNS, rows, notes=_UNDEFINED,
                            remarks=self._summary_remarks())

    def _ranking_intervals(self):
        """{model: {'AP': ..., 'BEP': ...}}: BCa intervals or the reason for none."""
        opts = self.interval_options
        estimates = self.metrics_table.rows
        # whole-number counts: a bootstrap of the tables; else the rows' bootstrap
        if self._frequency:
            out = table_ranking_intervals(
                {name: table for name, table in self._summary.tables.items()
                 if name not in self._exact}, estimates, opts)
        else:
            out = self._rows.ranking_intervals(estimates, opts)
        out.update({name: dict.fromkeys(("AP", "BEP"), COARSENED) for name in self._exact})
        return {name: out[name] for name in self.models}

    def _intervals(self):
        opts = self.interval_options
        level, n_resamples = opts.confidence_level, opts.n_resamples
        rows, notes = {}, {}
        ranking = self._ranking_intervals()
        for name, m in self.models.items():
            row, estimates = {}, self.metrics_table.rows[name]
            with named_warnings(name):
                results = ranking[name]
                if self._frequency:
                    if name in self._exact:  # no interval of a coarsened table's AUC
                        results["ROC AUC"] = COARSENED
                    else:
                        degenerate = []
                        with caught_warnings(degenerate):
                            results["ROC AUC"] = delong_interval(m.placements, level)
                        if degenerate:
                            results["ROC AUC"] = DELONG_DEGENERATE
                    (tn, fp), (fn, tp) = m.confusion_matrix.tolist()
                    for column, rate in _WILSON.items():
                        results[column] = wilson(*_RATES[rate](tp, fn, fp, tn), level)
                    results.update(cell_bootstrap(
                        np.asarray(m.confusion_matrix, dtype=float), _cell_metrics,
                        estimates, opts.rng("bootstrap", "cells", name), n_resamples,
                        level, jackknife=cell_jackknife(m.confusion_matrix)))
                else:
                    results.update(dict.fromkeys(("ROC AUC", *_WILSON, *_CELL_COLUMNS),
                                                 FRACTIONAL))
                if m.is_probability:
                    for column in ("Brier", "Log loss"):
                        if math.isfinite(estimates[column]):
                            results[column] = self._loss_interval(name, column,
                                                                  estimates[column])
                        else:
                            results[column] = ("infinite: a positive scores 0 or a "
                                               "negative 1 (nothing is clipped)")
            split_results(results, row, notes, name)
            rows[name] = row
        return IntervalTable(rows, notes, BINARY_COLUMNS, self.metrics_table.rows)

    def _loss_interval(self, name, column, estimate):
        """The mean-loss interval of the Brier score or log loss of model ``name``,
        from the summary's per-class moments of the loss."""
        moments = self._summary.losses[name][0 if column == "Brier" else 1]
        return mean_loss_ci(estimate, loss_interval_moments(moments, estimate),
                            self.interval_options.confidence_level)

    @functools.cached_property
    def operating_point_intervals(self):
        """Clinical operating points with intervals, per model (computed once).

        Returns
        -------
        intervals : IntervalTable
            ``{model: {column: ConfidenceInterval}}`` over the columns of
            ``CLINICAL_POINT_COLUMNS``: the sensitivity at 90 % and at 95 %
            specificity, and LR+ and LR- at the decision threshold. A column
            without an interval is absent from a model's dict and
            ``intervals.notes[column][model]`` says why.

        Notes
        -----
        The sensitivities are :func:`evalplots.metrics.sensitivity_at_specificity`
        (pROC's ``coords`` and stratified-bootstrap ``ci.se``), read off each
        model's table of counts, with ``interval_options``' resamples, level and
        one random stream per model and specificity; the likelihood ratios are
        :func:`evalplots.metrics.likelihood_ratios` of the confusion matrix at the
        threshold, with the log-method interval (Simel, Samsa & Matchar 1991).
        Both count samples, so fractional weights and coarsened tables get none.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 0, 0, 1, 1, 0, 1, 1], {"m": [.1, .2, .3, .35, .4, .6, .7, .9]})
        >>> ev.operating_point_intervals["m"]["LR+"].format(2)
        '2.00 [0.28, 14.20]'
        """
        opts = self.interval_options
        level = opts.confidence_level
        rows, notes = {}, {}
        for name, m in self.models.items():
            results = {}
            if not self._frequency or name in self._exact:
                results = dict.fromkeys(CLINICAL_POINT_COLUMNS,
                                        FRACTIONAL if not self._frequency else COARSENED)
            else:
                t = m.table
                neg, pos = CountedScores(t.score, t.negative), CountedScores(t.score, t.positive)
                for column, specificity in zip(CLINICAL_POINT_COLUMNS, SPECIFICITIES):
                    results[column] = sensitivity_interval_from_counts(
                        neg, pos, specificity, opts.n_resamples, level,
                        opts.rng("bootstrap", "sensitivity at specificity", name,
                                 f"{specificity:g}"))
                (tn, fp), (fn, tp) = m.confusion_matrix.tolist()
                undefined = []
                with caught_warnings(undefined):
                    ratios = likelihood_ratios_from_counts(tp, fn, fp, tn, level)
                for column, ci, cell in (("LR+", ratios.positive, "FP"),
                                         ("LR-", ratios.negative, "FN")):
                    results[column] = ci if math.isfinite(ci.low) else (
                        f"no {cell} at the threshold, so the ratio is "
                        f"{'infinite' if cell == 'FP' else '0'} and its log-method "
                        f"interval undefined")
            split_results(results, rows.setdefault(name, {}), notes, name)
        return IntervalTable(rows, notes, CLINICAL_POINT_COLUMNS)

    def _summary_remarks(self):
        """The source, and the binned AUC's error bound of each coarsened model."""
        out = self.source.remarks()
        for name in self._exact:
            bound = binned_auc_bound(self._summary.tables[name])
            out.append(f"{name}: AUC, AP and BEP exact (computed on the exact scores); its "
                       f"table is coarsened into ranges of scores, whose own AUC is within "
                       f"½ Σ ΔFPR·ΔTPR = {bound:.2e} of the exact one (the curves, "
                       f"calibration and score histograms are drawn from the ranges; the "
                       f"Brier score and log loss are sums over the rows' own scores).")
        return out

    @property
    def _frequency(self):
        return self.source.frequency

    def comparisons_with(self, reference):
        """Every other model compared with ``reference`` only, Holm-adjusted
        over those pairs.

        Parameters
        ----------
        reference : str
            A model name, e.g. the model of highest ROC AUC.

        Returns
        -------
        comparisons : ComparisonTable
            The rows of :attr:`comparisons` for the ``n_models - 1`` pairs that
            hold ``reference``, each pair in model order (first minus second),
            with Holm's adjustment over these pairs only.

        Raises
        ------
        KeyError
            If ``reference`` is not a model of the evaluation.

        Notes
        -----
        The same tests as :attr:`comparisons` (paired DeLong, McNemar), on
        n − 1 pairs instead of n (n − 1) / 2: the form for many models (a
        sweep), where every pair would be quadratic in tests and in rows.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 0, 1, 0, 1, 1, 0]
        >>> ev = evaluate(y, {"a": [.8, .3, .6, .7, .2, .4, .9, .1],
        ...                   "b": [.6, .5, .4, .3, .7, .8, .9, .2],
        ...                   "c": [.9, .1, .2, .8, .3, .7, .6, .4]})
        >>> [(c.model_a, c.model_b, c.test) for c in ev.comparisons_with("c")]
        [('a', 'c', 'DeLong'), ('a', 'c', 'McNemar'), ('b', 'c', 'DeLong'), ('b', 'c', 'McNemar')]
        """
        self[reference]  # a KeyError naming the models
        return self._comparisons([(a, b) for a, b in model_pairs(self.model_names)
                                  if reference in (a, b)])

    def _comparisons(self, pairs=None):
        out = []
        for a, b in model_pairs(self.model_names) if pairs is None else pairs:
            mcnemar = (self._mcnemar_comparison(a, b) if self._frequency else
                       not_available(a, b, "McNemar", "errors at the threshold",
                                     FRACTIONAL))
            out += [self._delong_comparison(a, b), mcnemar]
        return ComparisonTable(out)

    @functools.cached_property
    def _cross(self):
        """The paired DeLong test's second pass (DeLongCrossSums or None)."""
        return self._second_pass()

    @functools.cached_property
    def _table_aucs(self):
        """{model: AUC of its table}: the AUCs the DeLong cross sums are centred on,
        each computed once for all pairs."""
        return {name: float(table_auc(table))
                for name, table in self._summary.tables.items() if name not in self._exact}

    def _delong_comparison(self, a, b):
        """The paired DeLong test of models a and b, from the second pass's sums."""
        test = self._paired_delong(a, b)
        if isinstance(test, str):
            return not_available(a, b, "DeLong", "ROC AUC", test)
        return delong_comparison(a, b, *test)

    def _paired_delong(self, a, b):
        """``(DeLongTestResult, warnings)`` of models a and b (a before b in model
        order), or the reason it is n/a."""
        if not self._frequency:
            return FRACTIONAL
        if a in self._exact or b in self._exact:
            return COARSENED
        if self._cross is None or (a, b) not in self._cross.sums:
            return "n/a at this scale: needs the second pass (DeLongCrossSums)"
        if self._cross.n_rows != self.source.n_rows:
            return (f"n/a: the second pass summed {self._cross.n_rows:,} rows, "
                    f"not the {self.source.n_rows:,} of the tables")
        squares_pos, squares_neg = self._cross.sums[(a, b)]
        ta = self._summary.tables[a]
        aucs = self._table_aucs
        degenerate = []
        with caught_warnings(degenerate):
            test = paired_delong_from_squares(
                aucs[a], aucs[b], float(squares_pos), float(squares_neg), float(ta.n_pos),
                float(ta.n_neg), self.interval_options.confidence_level)
        return test, degenerate

    def baseline_gates(self, baseline, margin, *, metric="roc_auc", superiority=False):
        """Test every other model against ``baseline``: non-inferior (or superior)?

        Parameters
        ----------
        baseline : str
            The model in service, which the others must not fall behind.
        margin : float
            In the metric's units, >= 0: the loss accepted (non-inferiority),
            or the gain required (``superiority``), e.g. 0.02 of ROC AUC.
        metric : {'roc_auc'}, default='roc_auc'
            The metric gated; it needs a paired test (ROC AUC: DeLong's).
        superiority : bool, default=False
            Test whether each model beats the baseline by more than ``margin``
            instead of whether it falls behind by less.

        Returns
        -------
        gates : GateTable
            One :class:`~evalplots.evaluation.Gate` per other model, in model
            order, Holm-adjusted together; ``gates.passed`` is whether all passed.

        Raises
        ------
        KeyError
            If ``baseline`` is not a model of the evaluation.
        ValueError
            If ``metric`` has no paired test here, ``margin`` is not a finite
            number >= 0, or there is no other model to gate.

        Notes
        -----
        With ``d`` the difference of AUCs (model − baseline) and ``se`` its
        paired DeLong standard error (DeLong, DeLong & Clarke-Pearson 1988),
        non-inferiority rejects H0: d <= −margin when ``Phi(−(d + margin) /
        se)``, Holm-adjusted over the models (Holm 1979), is below ``1 −
        confidence_level`` (:func:`evalplots.metrics.margin_test`; Liu et al.
        2006 for the paired AUCs). A model whose test is n/a (fractional
        weights, coarsened tables) does not pass, and its note says why.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 0, 1, 0, 1, 1, 0, 1, 0]
        >>> ev = evaluate(y, {"old": [.8, .3, .6, .7, .2, .4, .9, .1, .7, .5],
        ...                   "new": [.9, .2, .5, .8, .1, .6, .9, .3, .6, .4]})
        >>> gates = ev.baseline_gates("old", 0.1)
        >>> print(gates[0])  # doctest: +NORMALIZE_WHITESPACE
        new vs old (ROC AUC, non-inferiority, margin 0.100): difference 0.080, one-sided
        95% lower bound -0.074, Holm p = 0.0275: passed
        >>> ev.baseline_gates("old", 0.1, superiority=True).passed
        False
        """
        self[baseline]  # a KeyError naming the models
        if metric not in GATE_METRICS:
            raise ValueError(f"metric must be one of {', '.join(map(repr, GATE_METRICS))} "
                             f"(a metric with a paired test), got {metric!r}.")
        others = [name for name in self.model_names if name != baseline]
        if not others:
            raise ValueError(f"there is no model to gate against {baseline!r}: the "
                             f"evaluation holds that model only; add the models to test.")
        shown, _ = GATE_METRICS[metric]
        level = self.interval_options.confidence_level
        gates = []
        for name in others:
            first, second = ((name, baseline) if self.model_names.index(name)
                             < self.model_names.index(baseline) else (baseline, name))
            found = self._paired_delong(first, second)
            if isinstance(found, str):
                gates.append(Gate(name, baseline, shown, None, note=found))
                continue
            test, degenerate = found
            sign = 1.0 if first == name else -1.0
            gate = margin_test(sign * test.difference, test.se, margin,
                               superiority=superiority, confidence_level=level)
            note = "DeLong variance 0 or undefined: z set by rule" if degenerate else ""
            gates.append(Gate(name, baseline, shown, gate, note=note))
        return GateTable(gates)

    def _mcnemar_comparison(self, a, b):
        """McNemar's test of models a and b, from the summary's 2 x 2 table of the pair."""
        quantity = "errors at the threshold"
        summary = self._summary
        if self.threshold != summary.threshold:
            return not_available(a, b, "McNemar", quantity,
                                 f"n/a: the summary counted the pairs at threshold "
                                 f"{summary.threshold:g}, not {self.threshold:g}")
        table = summary.pairs[(a, b)]
        return mcnemar_from_table(a, b, int(table[1, 0]), int(table[0, 1]),
                                  table.sum().item(), quantity)

    def _display_arguments(self, name):
        return {"name": name, "pos_label": self.pos_name,
                "display_labels": [self.neg_name, self.pos_name]}

    @display_factory("RocCurveDisplay")
    def roc_display(self, name, *, ci=False):
        """The model's :class:`~evalplots.display.RocCurveDisplay`, not yet drawn.

        Parameters
        ----------
        name : str
            A model name.
        ci : bool, default=False
            Whether to attach the model's band of ``roc_ci_bands`` (computed on
            first use), drawn by ``plot()``.

        Returns
        -------
        display : RocCurveDisplay
            Built from the stored curve and its thresholds, so that
            ``plot(threshold=ev.threshold)`` marks the operating point and
            ``plot(plot_optimal=True)`` Youden's optimum (``optimal_thresholds``).

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        The legend shows the AUC of the table (same number). The stored curve
        lacks its collinear intermediate points; the operating point at the
        evaluation's threshold is put back in (from the full counts), so the
        marked point is exact and the drawn line unchanged.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})
        >>> d = ev.roc_display("m").plot(threshold=ev.threshold)
        >>> d.line_.get_label(), d.threshold_point_.get_xydata().tolist()
        ('m (AUC = 0.78)', [[0.6666666666666666, 0.6666666666666666]])
        """
        m = self[name]
        fpr, tpr, thresholds = m.roc_curve
        k = m._n_above
        if k:
            fps, tps, scores = m.counts
            fpr, tpr, thresholds = insert_point(fpr, tpr, thresholds, fps[k - 1] / fps[-1],
                                                tps[k - 1] / tps[-1], scores[k - 1])
        return {"fpr": fpr, "tpr": tpr, "roc_auc": m.roc_auc, "thresholds": thresholds,
                "ci_band": self.roc_ci_bands[name] if ci else None,
                "optimal": m.optimal_thresholds["youden"]}

    @display_factory("PrecisionRecallDisplay")
    def precision_recall_display(self, name, *, ci=False):
        """The model's :class:`~evalplots.display.PrecisionRecallDisplay`, not yet drawn.

        Parameters
        ----------
        name : str
            A model name.
        ci : bool, default=False
            Whether to attach the model's band of ``precision_recall_ci_bands``
            (computed on first use), drawn by ``plot()``.

        Returns
        -------
        display : PrecisionRecallDisplay
            With AP, BEP, the prevalence (chance level) and the thresholds of the
            full curve (``plot(threshold=...)`` marks the operating point);
            call ``.plot(...)``.

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
        m = self[name]
        precision, recall, thresholds = m.precision_recall_curve
        return {"precision": precision, "recall": recall,
                "average_precision": m.average_precision, "break_even": m.break_even_point,
                "prevalence_pos_label": self.prevalence, "thresholds": thresholds,
                "ci_band": self.precision_recall_ci_bands[name] if ci else None,
                "optimal": m.optimal_thresholds["f1"]}

    @display_factory("ConfusionMatrixDisplay")
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
        return {"confusion_matrix": self[name].confusion_matrix}

    # --- the figure pages: bands, shared bins and the Displays they feed

    @functools.cached_property
    def roc_ci_bands(self):
        """Each model's pointwise bootstrap band of the ROC curve, computed on first use.

        Returns
        -------
        bands : dict of str to tuple of 3 ndarray of shape (101,)
            Model name -> ``(fpr_grid, tpr_low, tpr_high)`` of
            :func:`evalplots.metrics.roc_curve_ci_band` with the evaluation's
            ``interval_options`` (``n_resamples``, ``confidence_level`` and the
            stream ``rng("band", name)``).

        Notes
        -----
        Vertical averaging (Fawcett 2006, §7): stratified bootstrap resamples,
        the percentile interval of the TPR at each fixed FPR; pointwise, not
        simultaneous. Each model has its own random stream, so a band does not
        depend on the other models or on the order of computation. The ROC and
        P-R bands of a model read the same resamples (drawn once).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 0, 1, 1, 0, 1], {"m": [.1, .4, .35, .8, .2, .9]},
        ...               n_resamples=50)
        >>> grid, low, high = ev.roc_ci_bands["m"]
        >>> grid.shape, bool((low <= high).all()), float(high[-1])
        ((101,), True, 1.0)
        """
        return {name: bands[0] for name, bands in self._ci_bands.items()}

    @functools.cached_property
    def precision_recall_ci_bands(self):
        """Each model's pointwise bootstrap band of the interpolated precision.

        Returns
        -------
        bands : dict of str to tuple of 3 ndarray of shape (101,)
            Model name -> ``(recall_grid, precision_low, precision_high)`` of
            :func:`evalplots.metrics.precision_recall_ci_band` with the
            evaluation's ``interval_options`` (stream ``rng("band", name)``, the
            resamples of the ROC band).

        Notes
        -----
        At each recall r, the percentile interval of the interpolated precision
        max{P : R >= r} over stratified bootstrap resamples (Manning et al.,
        *Introduction to Information Retrieval* §8.4); pointwise.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 0, 1, 1, 0, 1], {"m": [.1, .4, .35, .8, .2, .9]},
        ...               n_resamples=50)
        >>> recall, low, high = ev.precision_recall_ci_bands["m"]
        >>> recall.shape, bool((low <= high).all())
        ((101,), True)
        """
        return {name: bands[1] for name, bands in self._ci_bands.items()}

    @functools.cached_property
    def _ci_bands(self):
        """{model: (roc_band, pr_band)}: multinomial draws of each table (the rows'
        bootstrap under fractional weights); ``(None, None)`` for a coarsened
        table, or when the draws are too many."""
        opts = self.interval_options
        out = {}
        for name in self.models:
            if name in self._exact:
                out[name] = (None, None)
            elif self._frequency:
                out[name] = table_ci_bands(self._summary.tables[name], opts,
                                           opts.rng("band", name))
            else:
                out[name] = self._rows.ci_bands(name, opts)
        return out

    @functools.cached_property
    def score_bins(self):
        """The histogram bin edges of each model's score distribution.

        Returns
        -------
        edges : dict of str to ndarray of shape (31,)
            Model name -> 30 equal-width bins. When every model's scores are
            probabilities all models share one set of edges, spanning all their
            scores, so that the panels compare; otherwise each model's bins span
            its own scores (scores of different models need not share a scale).

        Notes
        -----
        Edges as :func:`numpy.histogram_bin_edges` with 30 bins over the range
        (min and max only: no sort).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 1, 0, 1], {"a": [.1, .6, .3, .8], "b": [.2, .9, .4, .5]})
        >>> e = ev.score_bins
        >>> float(e["a"][0]), float(e["a"][-1]), bool((e["a"] == e["b"]).all())
        (0.1, 0.9, True)
        """
        ranges = {name: (float(m._data.score.min()), float(m._data.score.max()))
                  for name, m in self.models.items()}
        if all(m.is_probability for m in self.models.values()):
            shared = (min(lo for lo, _ in ranges.values()),
                      max(hi for _, hi in ranges.values()))
            ranges = dict.fromkeys(ranges, shared)
        return {name: np.histogram_bin_edges([], bins=SCORE_BINS, range=r)
                if r[0] < r[1] else np.array([r[0] - 0.5, r[0] + 0.5])
                for name, r in ranges.items()}

    @display_factory("MetricThresholdCurveDisplay")
    def threshold_display(self, name):
        """The model's :class:`~evalplots.display.MetricThresholdCurveDisplay`.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : MetricThresholdCurveDisplay
            Precision, recall (TPR), F1 and FPR at every distinct score, with the
            Youden and max-F1 optima; not yet drawn (``plot(threshold=...)``).

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        Read off ``threshold_table`` and ``optimal_thresholds`` (no recount).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})
        >>> display = ev.threshold_display("m")
        >>> list(display.values), display.optimal["f1"].threshold
        (['precision', 'recall', 'f1', 'fpr'], 0.76)
        """
        m = self[name]
        table = m.threshold_table
        values = {"precision": table.precision, "recall": table.recall, "f1": table.fbeta,
                  "fpr": table.fpr}
        return {"thresholds": table.thresholds, "values": values,
                "optimal": m.optimal_thresholds}

    @display_factory("DetCurveDisplay")
    def det_display(self, name):
        """The model's :class:`~evalplots.display.DetCurveDisplay`, not yet drawn.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : DetCurveDisplay
            The points of ``det_curve`` without the inner points of its
            horizontal runs (the drawing is the same).

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        FNR against FPR on normal-deviate axes (Martin et al., Eurospeech 1997).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 0, 1, 1], {"m": [0.1, 0.4, 0.35, 0.8]})
        >>> ev.det_display("m").fnr
        array([0. , 0.5, 0.5])
        """
        fpr, fnr, _ = det_from_counts(*self[name].counts, drop_intermediate=True)
        return {"fpr": fpr, "fnr": fnr}

    @display_factory("CumulativeGainDisplay")
    def gain_display(self, name):
        """The model's :class:`~evalplots.display.CumulativeGainDisplay`, not yet drawn.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : CumulativeGainDisplay
            With the FPR and thresholds (for the KS mark) and the prevalence (for
            the perfect model).

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        Gain and queue rate are linear in (FP, TP), so the points dropped from
        the ROC curve as collinear are dropped here too: the drawing, and the
        KS statistic read off it, are those of the full curve.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 1, 0], {"m": [0.9, 0.5, 0.5, 0.1]})
        >>> display = ev.gain_display("m")
        >>> display.gain.tolist(), round(display.ks.statistic, 2)
        ([0.0, 0.5, 1.0, 1.0], 0.5)
        """
        fps, tps, thresholds = drop_collinear(*self[name].counts)
        queue_rate, gain, thresholds = gain_from_counts(fps, tps, thresholds)
        return {"queue_rate": queue_rate, "gain": gain,
                "fpr": np.concatenate(([0.0], fps / fps[-1])), "thresholds": thresholds,
                "prevalence": self.prevalence}

    @display_factory("CalibrationDisplay")
    def calibration_display(self, name):
        """The model's :class:`~evalplots.display.CalibrationDisplay`, not yet drawn.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : CalibrationDisplay
            The reliability curve of ``calibration_curve`` with its bin counts,
            the Brier score and the ECE.

        Raises
        ------
        KeyError
            If there is no such model.
        ValueError
            If the model's scores are not all in [0, 1] (not probabilities).

        Notes
        -----
        See :func:`evalplots.metrics.calibration_curve` (Niculescu-Mizil &
        Caruana, ICML 2005).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 0, 0, 0, 1, 1, 1, 1, 1],
        ...               {"m": [.1, .2, .3, .4, .65, .7, .8, .9, 1.0]})
        >>> ev.calibration_display("m").counts.tolist()
        [1, 1, 1, 1, 2, 1, 1, 1]
        """
        m = self[name]
        bins = m.calibration_curve
        if bins is None:
            raise ValueError(
                f"model {name!r} has scores outside [0, 1], so they are not "
                f"probabilities and have no calibration curve; calibrate them first.")
        return {"prob_true": bins.prob_true, "prob_pred": bins.prob_pred,
                "counts": bins.counts, "bin_bounds": bins.bin_bounds,
                "brier_score": m.brier_score, "ece": m.expected_calibration_error}

    @display_factory("DecisionCurveDisplay")
    def decision_curve_display(self, name):
        """The model's :class:`~evalplots.display.DecisionCurveDisplay`, not yet drawn.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : DecisionCurveDisplay
            The net benefit of the model and of treating everyone at the
            threshold probabilities 0, 0.01, ..., 0.99.

        Raises
        ------
        KeyError
            If there is no such model.
        ValueError
            If the model's scores are not all in [0, 1] (not probabilities).

        Notes
        -----
        See :func:`evalplots.metrics.net_benefit` (Vickers & Elkin, *Medical
        Decision Making* 26, 2006).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 0, 1, 1], {"m": [0.1, 0.4, 0.35, 0.8]})
        >>> ev.decision_curve_display("m").net_benefit[[20, 50]]
        array([0.4375, 0.25  ])
        """
        curve = self[name].decision_curve
        if curve is None:
            raise ValueError(
                f"model {name!r} has scores outside [0, 1], so they are not "
                f"probabilities and have no decision curve; calibrate them first.")
        thresholds, net_benefit, treat_all = curve
        return {"thresholds": thresholds, "net_benefit": net_benefit, "treat_all": treat_all}

    @display_factory("ScoreDistributionDisplay")
    def score_distribution_display(self, name):
        """The model's :class:`~evalplots.display.ScoreDistributionDisplay`.

        Parameters
        ----------
        name : str
            A model name.

        Returns
        -------
        display : ScoreDistributionDisplay
            One density histogram per class (negative first) on ``score_bins``;
            not yet drawn (``plot(threshold=...)``).

        Raises
        ------
        KeyError
            If there is no such model.

        Notes
        -----
        Each class's area is 1 (``stat='density'``), so the shapes compare
        whatever the class sizes; samples of weight 0 are left out.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 1, 0, 1], {"m": [.1, .9, .3, .7]})
        >>> d = ev.score_distribution_display("m")
        >>> d.display_labels, d.x.shape, d.values.shape
        (['0', '1'], (31,), (2, 30))
        """
        edges = self.score_bins[name]
        values = [counts / (counts.sum() * np.diff(edges))
                  for counts in _class_histograms(self[name], edges)]
        return {"x": edges, "values": values, "stat": "density"}

def _class_histograms(model, edges):
    """Counts of the negatives and of the positives in the equal-width bins ``edges``,
    as :func:`numpy.histogram` gives them (bins ``[e_i, e_i+1)``, the last one closed).

    Unweighted scores are counted off the model's count table (the distinct scores,
    sorted once, with the samples at or above each): two searches per edge instead
    of a pass over the cells, and the same integers. Weighted scores (sums of
    weights, whose rounding depends on the order of summation) and non-finite
    edges take :func:`numpy.histogram` over each class's cells, weighted by their
    counts.
    """
    d = model._data  # the table's cells, weighted by their counts
    if model._weighted or not np.isfinite(edges).all():
        # equal-width bins given by number and range: numpy's linear binning,
        # no sort of the scores (edge cases follow the same edges)
        return [np.histogram(d.score[mask], edges.size - 1, range=(edges[0], edges[-1]),
                             weights=d.weight[mask].astype(np.float64, copy=False))[0]
                for mask in (~d.positive, d.positive)]
    fps, tps, thresholds = model.counts
    ascending = thresholds[::-1]
    # distinct scores >= each edge (> the last edge: the last bin holds it)
    above = thresholds.size - np.concatenate((
        np.searchsorted(ascending, edges[:-1], side="left"),
        np.searchsorted(ascending, edges[-1:], side="right")))
    return [-np.diff(np.concatenate(([0], cumulative.astype(np.int64)))[above])
            for cumulative in (fps, tps)]
