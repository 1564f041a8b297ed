"""PDF reports: the generic :class:`Report` builder and the standard evaluation report.

``Report`` (builder.py and its private modules) lays out headings, paragraphs,
tables and vector figures on pages with page numbers, a table of contents and a
PDF outline, and writes the file atomically; it knows nothing of evaluation.
:func:`evaluation_report` (the ``standard`` subpackage) assembles the standard
report of an evaluation with it. This package imports evalplots.evaluation,
evalplots.display and evalplots.metrics, never evalplots.cli.
"""

from evalplots.report._provenance import Provenance
from evalplots.report.builder import Report
from evalplots.report.standard import evaluation_metrics, evaluation_report

__all__ = ["Provenance", "Report", "evaluation_metrics", "evaluation_report"]
