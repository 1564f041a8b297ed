"""Display objects: compute once, draw with matplotlib, keep the artists.

Each Display follows the scikit-learn pattern: ``__init__`` stores computed arrays,
``plot(ax=None, ...)`` draws them and returns ``self`` with the artists in
trailing-underscore attributes, ``from_predictions`` computes with
:mod:`evalplots.metrics` and plots. Publication styles are context managers in
:mod:`evalplots.display.style`; nothing here changes ``rcParams``.
"""

from evalplots.display.calibration import CalibrationDisplay
from evalplots.display.classification_report import ClassificationReportDisplay
from evalplots.display.confusion_matrix import ConfusionMatrixDisplay
from evalplots.display.decision_curve import DecisionCurveDisplay
from evalplots.display.det_curve import DetCurveDisplay
from evalplots.display.forest import ForestPlotDisplay
from evalplots.display.gain import CumulativeGainDisplay
from evalplots.display.precision_recall import PrecisionRecallDisplay
from evalplots.display.prediction_error import PredictionErrorDisplay
from evalplots.display.roc import RocCurveDisplay
from evalplots.display.score_distribution import ScoreDistributionDisplay
from evalplots.display.threshold import MetricThresholdCurveDisplay

__all__ = [
    "CalibrationDisplay",
    "ClassificationReportDisplay",
    "ConfusionMatrixDisplay",
    "CumulativeGainDisplay",
    "DetCurveDisplay",
    "PrecisionRecallDisplay",
    "PredictionErrorDisplay",
    "RocCurveDisplay",
]

__all__ += ["DecisionCurveDisplay", "ForestPlotDisplay", "MetricThresholdCurveDisplay",
            "ScoreDistributionDisplay"]
