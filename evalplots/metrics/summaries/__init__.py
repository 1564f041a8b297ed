"""Mergeable summaries of one chunk of predictions, from which whole evaluations follow.

Data too large for one process is cut into chunks (partitions). Each chunk is
reduced to a small summary; summaries are merged by adding their counts and sums,
an associative and commutative operation, so a tree reduction may merge them in
any order; the merged summary is what
:meth:`~evalplots.evaluation.BinaryEvaluation.from_summary` (and the same
classmethod of the multi-class and regression evaluations) turn into the
evaluation of all rows. Every summary is picklable and holds no raw row (the
regression summary keeps a bounded sample for the prediction-error figure).

- :class:`BinarySummary`: per model a :class:`ScoreCounts` (distinct score ->
  weighted positives and negatives), per pair of models the 2 x 2 table of which
  rows each gets right at the threshold (McNemar), the label totals, and the
  per-class moments of the Brier and log losses (their intervals).
- :class:`DeLongCrossSums`: a second pass, given the merged tables, that sums what
  the paired DeLong test needs beyond them.
- :class:`MulticlassSummary`: per model the confusion counts (true x predicted),
  the one-vs-rest tables of score models, the log-loss moments; per pair the
  McNemar table and the joint (true, predicted a, predicted b) counts.
- :class:`RegressionSummary`: per model the sums of every error of the table, the
  target's weighted mean and M2 merged by Chan, Golub & LeVeque's rule, and a
  hash-chosen sample of at most ``sample_size`` rows.
"""

from evalplots.metrics.summaries._binary import (
    BinarySummary,
    DeLongCrossSums,
    table_auc,
    table_placements,
)
from evalplots.metrics.summaries._multiclass import MulticlassSummary
from evalplots.metrics.summaries._regression import RegressionSummary

__all__ = ["BinarySummary", "DeLongCrossSums", "MulticlassSummary", "RegressionSummary",
           "table_auc", "table_placements"]
