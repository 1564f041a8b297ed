"""Evaluation metrics in numpy: ranking, classification, inference, regression, calibration.

Names, signatures and semantics follow scikit-learn where the two overlap, so that
scikit-learn can serve as a test oracle. This package never imports matplotlib.

Every public name is exported here. The modules behind them are grouped by concept:

- :mod:`~evalplots.metrics.ranking`: metrics of an order: the one-sort counting
  kernel and mergeable score counts, ROC / P-R / DET / gain curves, AUC, AP, BEP,
  metrics at every threshold and the optimal threshold, one-vs-rest and macro
  curves, top-k accuracy, label ranking, DCG/NDCG and P@k / MAP@k;
- :mod:`~evalplots.metrics.classification`: metrics of predicted labels: the
  confusion counts and their cell formulas, rates, the F-beta family, the
  classification report, MCC and kappa, multilabel metrics, the log loss;
- :mod:`~evalplots.metrics.inference`: confidence intervals, bands and paired tests
  (bootstrap, DeLong, McNemar, binomial proportions, Holm);
- :mod:`~evalplots.metrics.regression` and :mod:`~evalplots.metrics.calibration`;
- :mod:`~evalplots.metrics.summaries`: mergeable summaries of chunks of predictions.

The rules they all share have one home each, here: class labels and the positive
class (``_labels``), input checks (``_validation``) and number formatting (``_format``).
"""

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics.ranking._auc import rank_loss, roc_auc_score
from evalplots.metrics.ranking._pr_scores import (
    average_precision_from_curve,
    average_precision_score,
    break_even_point,
    break_even_point_from_curve,
)
from evalplots.metrics.ranking._curves import (
    auc,
    confusion_matrix_at_thresholds,
    precision_recall_curve,
    roc_curve,
)

__all__ = [
    "UndefinedMetricWarning",
    "auc",
    "average_precision_from_curve",
    "average_precision_score",
    "break_even_point",
    "break_even_point_from_curve",
    "confusion_matrix_at_thresholds",
    "precision_recall_curve",
    "rank_loss",
    "roc_auc_score",
    "roc_curve",
]

# Classification counts, top-k and regression.
from evalplots.metrics.classification._agreement import cohen_kappa_score, matthews_corrcoef
from evalplots.metrics.classification._classification import (
    f1_score,
    fbeta_score,
    precision_recall_fscore_support,
    precision_score,
    recall_score,
)
from evalplots.metrics.classification._confusion import confusion_matrix
from evalplots.metrics.classification._logloss import log_loss
from evalplots.metrics.classification._rates import (
    accuracy_score,
    binary_rates,
    error_rate,
    specificity_score,
)
from evalplots.metrics.regression._regression import (
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_percentage_error,
    mean_squared_error,
    mean_squared_log_error,
    r2_score,
    root_mean_squared_error,
    root_mean_squared_log_error,
)
from evalplots.metrics.ranking._topk import (
    average_precision_at_k,
    mean_average_precision_at_k,
    precision_at_k,
)

__all__ += [
    "accuracy_score",
    "average_precision_at_k",
    "binary_rates",
    "cohen_kappa_score",
    "confusion_matrix",
    "error_rate",
    "f1_score",
    "fbeta_score",
    "log_loss",
    "matthews_corrcoef",
    "mean_absolute_error",
    "mean_absolute_percentage_error",
    "mean_average_precision_at_k",
    "mean_percentage_error",
    "mean_squared_error",
    "mean_squared_log_error",
    "precision_at_k",
    "precision_recall_fscore_support",
    "precision_score",
    "r2_score",
    "recall_score",
    "root_mean_squared_error",
    "root_mean_squared_log_error",
    "specificity_score",
]

# Multi-class classification.
from evalplots.metrics.classification._rates import balanced_accuracy_score
from evalplots.metrics.classification._report import classification_report

__all__ += [
    "balanced_accuracy_score",
    "classification_report",
]

from evalplots.metrics.inference._interval import ConfidenceInterval

__all__ += ["ConfidenceInterval"]

# Calibration.
from evalplots.metrics.calibration._calibration import (
    brier_score_loss,
    calibration_curve,
    expected_calibration_error,
)

__all__ += [
    "brier_score_loss",
    "calibration_curve",
    "expected_calibration_error",
]

# Confidence intervals and paired tests (DeLong, proportions, McNemar).
from evalplots.metrics.inference._delong import DeLongTestResult, delong_test, roc_auc_ci
from evalplots.metrics.inference._mcnemar import McNemarTestResult, mcnemar_test
from evalplots.metrics.inference._proportion import binary_rates_ci, proportion_ci

__all__ += [
    "DeLongTestResult",
    "McNemarTestResult",
    "binary_rates_ci",
    "delong_test",
    "mcnemar_test",
    "proportion_ci",
    "roc_auc_ci",
]

# Metrics at every threshold and the optimal threshold.
from evalplots.metrics.ranking._threshold_metrics import (
    OptimalThreshold,
    ThresholdMetrics,
    metrics_at_thresholds,
    optimal_threshold,
)

__all__ += [
    "OptimalThreshold",
    "ThresholdMetrics",
    "metrics_at_thresholds",
    "optimal_threshold",
]

# DET, cumulative gain, lift and KS.
from evalplots.metrics.ranking._det import det_curve
from evalplots.metrics.ranking._gain import (
    KSResult,
    cumulative_gain_curve,
    ks_statistic,
    lift_curve,
)

__all__ += [
    "KSResult",
    "cumulative_gain_curve",
    "det_curve",
    "ks_statistic",
    "lift_curve",
]

# Bootstrap intervals and CI bands.
from evalplots.exceptions import BootstrapWarning
from evalplots.metrics.inference._bootstrap import bootstrap_ci
from evalplots.metrics.inference._ci_bands import precision_recall_ci_band, roc_curve_ci_band

__all__ += [
    "BootstrapWarning",
    "bootstrap_ci",
    "precision_recall_ci_band",
    "roc_curve_ci_band",
]

# scikit-learn parity: ranking of graded relevance and top-k accuracy.
from evalplots.metrics.ranking._ndcg import dcg_score, ndcg_score
from evalplots.metrics.ranking._topk_accuracy import top_k_accuracy_score

__all__ += [
    "dcg_score",
    "ndcg_score",
    "top_k_accuracy_score",
]

# Multiple comparisons (the report's comparison table).
from evalplots.metrics.inference._holm import holm_adjust

__all__ += ["holm_adjust"]

# Multilabel classification and label ranking.
from evalplots.metrics.ranking._label_ranking import (
    coverage_error,
    label_ranking_average_precision_score,
    label_ranking_loss,
)
from evalplots.metrics.classification._multilabel import (
    hamming_loss,
    jaccard_score,
    multilabel_confusion_matrix,
)
from evalplots.metrics.classification._rates import zero_one_loss

__all__ += [
    "coverage_error",
    "hamming_loss",
    "jaccard_score",
    "label_ranking_average_precision_score",
    "label_ranking_loss",
    "multilabel_confusion_matrix",
    "zero_one_loss",
]

# Mergeable count tables: the sufficient statistic of binary ranking metrics.
from evalplots.metrics.ranking._score_counts import ScoreCounts

__all__ += ["ScoreCounts"]

# Mergeable summaries of chunks of predictions (evaluation beyond one process).
from evalplots.metrics.summaries import (
    BinarySummary,
    DeLongCrossSums,
    MulticlassSummary,
    RegressionSummary,
)

__all__ += ["BinarySummary", "DeLongCrossSums", "MulticlassSummary", "RegressionSummary"]
