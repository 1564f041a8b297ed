"""PDF reports: a generic :class:`Report` builder and the standard evaluation report.

``Report`` lays out headings, paragraphs, tables and vector figures on pages
with page numbers, a table of contents and a PDF outline, and writes the file
atomically. :func:`evaluation_report` assembles the standard evaluation report
from labels and model scores with it. This package imports evalplots.display
and evalplots.metrics, never evalplots.cli.
"""

from evalplots.report._metrics_table import evaluation_metrics
from evalplots.report._sections import evaluation_report
from evalplots.report.builder import Report

__all__ = ["Report", "evaluation_metrics", "evaluation_report"]
