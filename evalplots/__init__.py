"""evalplots: exact evaluation metrics, Display figures and PDF evaluation reports.

Layers (each imports only the ones to its left)::

    evalplots.metrics -> evalplots.display -> evalplots.report -> evalplots.cli

The Display classes are re-exported here lazily, so that ``import evalplots`` (and
``import evalplots.metrics``) does not import matplotlib.
"""

from evalplots._version import __version__

_DISPLAYS = (
    "RocCurveDisplay",
    "PrecisionRecallDisplay",
    "ConfusionMatrixDisplay",
    "PredictionErrorDisplay",
    "ClassificationReportDisplay",
    "CalibrationDisplay",
    "MetricThresholdCurveDisplay",
    "ScoreDistributionDisplay",
    "DetCurveDisplay",
    "CumulativeGainDisplay",
    "ForestPlotDisplay",
    "DecisionCurveDisplay",
)

#: the evaluation's functions, re-exported lazily as the Displays are
_EVALUATION = ("evaluate", "paper_figure")

__all__ = ["__version__", *_EVALUATION, *_DISPLAYS]


def __getattr__(name):
    if name in _EVALUATION:
        from evalplots import evaluation

        return getattr(evaluation, name)
    if name in _DISPLAYS:
        from evalplots import display

        return getattr(display, name)
    raise AttributeError(f"module 'evalplots' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | {*_EVALUATION, *_DISPLAYS})
