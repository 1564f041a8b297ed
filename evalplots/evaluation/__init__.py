"""Evaluation objects: one per task, computing each curve, count and table once.

:func:`evaluate` reads the task from the arrays (or takes ``task=``) and returns a
:class:`BinaryEvaluation`, :class:`MulticlassEvaluation` or
:class:`RegressionEvaluation`. The Displays are built from their stored arrays
through the Display constructors; the report and the CLI only read them.
This package imports evalplots.metrics, and evalplots.display only when a Display
is first built (``evaluation._displays``), so importing it does not import matplotlib.
"""

from evalplots.evaluation._binary import BinaryEvaluation, BinaryModel
from evalplots.evaluation._common import Evaluation, IntervalOptions
from evalplots.evaluation._compare import ComparisonTable, ModelComparison
from evalplots.evaluation._evaluate import AmbiguousTaskError, detect_task, evaluate
from evalplots.evaluation._folds import FoldEvaluation, FoldSummary
from evalplots.evaluation._gates import Gate, GateTable
from evalplots.evaluation._intervals import IntervalTable
from evalplots.evaluation._multiclass import MulticlassEvaluation, MulticlassModel
from evalplots.evaluation._paper_figure import paper_figure
from evalplots.evaluation._regression import RegressionEvaluation, RegressionModel
from evalplots.evaluation._subgroups import (
    AUCGroupTest,
    FairnessTable,
    GroupEvaluation,
    GroupGap,
    GroupValue,
    Subgroups,
)
from evalplots.evaluation._table import MetricsTable

# read by the standard report (its method names and the size above which AP/BEP
# change method); not in __all__: constants of the evaluation, not user API
from evalplots.evaluation._summary import MAX_TABLE_DRAWS  # noqa: E402,F401
from evalplots.evaluation._text_tables import METHOD_NAMES  # noqa: E402,F401

__all__ = [
    "AUCGroupTest",
    "AmbiguousTaskError",
    "BinaryEvaluation",
    "BinaryModel",
    "ComparisonTable",
    "Evaluation",
    "FairnessTable",
    "FoldEvaluation",
    "FoldSummary",
    "Gate",
    "GateTable",
    "GroupEvaluation",
    "GroupGap",
    "GroupValue",
    "IntervalOptions",
    "IntervalTable",
    "MetricsTable",
    "ModelComparison",
    "MulticlassEvaluation",
    "MulticlassModel",
    "RegressionEvaluation",
    "RegressionModel",
    "Subgroups",
    "detect_task",
    "evaluate",
    "paper_figure",
]
