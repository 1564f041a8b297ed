"""Evaluation metrics in numpy: classification, ranking/curves, top-k and regression.

Names, signatures and semantics follow scikit-learn where the two overlap, so that
scikit-learn can serve as a test oracle. This package never imports matplotlib.
"""

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._auc import rank_loss, roc_auc_score
from evalplots.metrics._pr_scores import (
    average_precision_score,
    break_even_point,
    break_even_point_from_curve,
)
from evalplots.metrics._ranking import (
    auc,
    confusion_matrix_at_thresholds,
    precision_recall_curve,
    roc_curve,
)

__all__ = [
    "UndefinedMetricWarning",
    "auc",
    "average_precision_score",
    "break_even_point",
    "break_even_point_from_curve",
    "confusion_matrix_at_thresholds",
    "precision_recall_curve",
    "rank_loss",
    "roc_auc_score",
    "roc_curve",
]

# Classification counts, top-k and regression (issue 3).
from evalplots.metrics._confusion import confusion_matrix  # noqa: E402

__all__ += ["confusion_matrix"]
