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
  (bootstrap, DeLong, McNemar, binomial proportions, Holm, margin tests);
- :mod:`~evalplots.metrics.regression` and :mod:`~evalplots.metrics.calibration`;
- :mod:`~evalplots.metrics.summaries`: mergeable summaries of chunks of predictions.

The rules they all share have one home each, here: class labels and the positive
class (``_labels``), input checks (``_validation``) and number formatting (``_format``).
"""

from evalplots.exceptions import BootstrapWarning, UndefinedMetricWarning
from evalplots.metrics.calibration._calibration import (
    brier_score_loss,
    brier_skill_score,
    calibration_curve,
    calibration_curve_ci,
    expected_calibration_error,
)
from evalplots.metrics.calibration._recalibration import (
    CalibrationSlopeIntercept,
    SpiegelhalterTestResult,
    calibration_slope_intercept,
    spiegelhalter_z_test,
)
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
from evalplots.metrics.classification._multilabel import (
    hamming_loss,
    jaccard_score,
    multilabel_confusion_matrix,
)
from evalplots.metrics.classification._rates import (
    accuracy_score,
    balanced_accuracy_score,
    binary_rates,
    error_rate,
    specificity_score,
    zero_one_loss,
)
from evalplots.metrics.classification._report import classification_report
from evalplots.metrics.inference._bootstrap import bootstrap_ci
from evalplots.metrics.inference._ci_bands import precision_recall_ci_band, roc_curve_ci_band
from evalplots.metrics.inference._delong import DeLongTestResult, delong_test, roc_auc_ci
from evalplots.metrics.inference._holm import holm_adjust
from evalplots.metrics.inference._interval import ConfidenceInterval
from evalplots.metrics.inference._margin import MarginTestResult, margin_test
from evalplots.metrics.inference._mcnemar import McNemarTestResult, mcnemar_test
from evalplots.metrics.inference._operating_points import (
    LikelihoodRatios,
    likelihood_ratios,
    precision_at_recall,
    sensitivity_at_specificity,
    specificity_at_sensitivity,
)
from evalplots.metrics.inference._proportion import binary_rates_ci, proportion_ci
from evalplots.metrics.ranking._auc import partial_auc, rank_loss, roc_auc_score
from evalplots.metrics.ranking._curves import (
    auc,
    confusion_matrix_at_thresholds,
    precision_recall_curve,
    roc_curve,
)
from evalplots.metrics.ranking._det import det_curve
from evalplots.metrics.ranking._gain import (
    KSResult,
    cumulative_gain_curve,
    ks_statistic,
    lift_curve,
)
from evalplots.metrics.ranking._label_ranking import (
    coverage_error,
    label_ranking_average_precision_score,
    label_ranking_loss,
)
from evalplots.metrics.ranking._ndcg import dcg_score, ndcg_score
from evalplots.metrics.ranking._net_benefit import net_benefit, treat_all_net_benefit
from evalplots.metrics.ranking._pr_scores import (
    average_precision_from_curve,
    average_precision_score,
    break_even_point,
    break_even_point_from_curve,
)
from evalplots.metrics.ranking._score_counts import ScoreCounts
from evalplots.metrics.ranking._threshold_metrics import (
    OptimalThreshold,
    ThresholdMetrics,
    metrics_at_thresholds,
    optimal_threshold,
)
from evalplots.metrics.ranking._topk import (
    average_precision_at_k,
    mean_average_precision_at_k,
    precision_at_k,
)
from evalplots.metrics.ranking._topk_accuracy import top_k_accuracy_score
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
from evalplots.metrics.summaries import (
    BinarySummary,
    DeLongCrossSums,
    MulticlassSummary,
    RegressionSummary,
)

__all__ = [
    "accuracy_score",
    "auc",
    "average_precision_at_k",
    "average_precision_from_curve",
    "average_precision_score",
    "balanced_accuracy_score",
    "binary_rates",
    "binary_rates_ci",
    "BinarySummary",
    "bootstrap_ci",
    "BootstrapWarning",
    "break_even_point",
    "break_even_point_from_curve",
    "brier_score_loss",
    "brier_skill_score",
    "calibration_curve",
    "calibration_curve_ci",
    "calibration_slope_intercept",
    "CalibrationSlopeIntercept",
    "classification_report",
    "cohen_kappa_score",
    "ConfidenceInterval",
    "confusion_matrix",
    "confusion_matrix_at_thresholds",
    "coverage_error",
    "cumulative_gain_curve",
    "dcg_score",
    "delong_test",
    "DeLongCrossSums",
    "DeLongTestResult",
    "det_curve",
    "error_rate",
    "expected_calibration_error",
    "f1_score",
    "fbeta_score",
    "hamming_loss",
    "holm_adjust",
    "jaccard_score",
    "ks_statistic",
    "KSResult",
    "label_ranking_average_precision_score",
    "label_ranking_loss",
    "lift_curve",
    "likelihood_ratios",
    "LikelihoodRatios",
    "log_loss",
    "margin_test",
    "MarginTestResult",
    "matthews_corrcoef",
    "mcnemar_test",
    "McNemarTestResult",
    "mean_absolute_error",
    "mean_absolute_percentage_error",
    "mean_average_precision_at_k",
    "mean_percentage_error",
    "mean_squared_error",
    "mean_squared_log_error",
    "metrics_at_thresholds",
    "MulticlassSummary",
    "multilabel_confusion_matrix",
    "ndcg_score",
    "net_benefit",
    "optimal_threshold",
    "OptimalThreshold",
    "partial_auc",
    "precision_at_k",
    "precision_at_recall",
    "precision_recall_ci_band",
    "precision_recall_curve",
    "precision_recall_fscore_support",
    "precision_score",
    "proportion_ci",
    "r2_score",
    "rank_loss",
    "recall_score",
    "RegressionSummary",
    "roc_auc_ci",
    "roc_auc_score",
    "roc_curve",
    "roc_curve_ci_band",
    "root_mean_squared_error",
    "root_mean_squared_log_error",
    "ScoreCounts",
    "sensitivity_at_specificity",
    "specificity_at_sensitivity",
    "specificity_score",
    "spiegelhalter_z_test",
    "SpiegelhalterTestResult",
    "ThresholdMetrics",
    "top_k_accuracy_score",
    "treat_all_net_benefit",
    "UndefinedMetricWarning",
    "zero_one_loss",
]
