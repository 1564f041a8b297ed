"""PDF reports: the generic :class:`Report` builder and the standard evaluation report.

``Report`` (builder.py and its private modules) lays out headings, paragraphs,
tables and vector figures on pages with page numbers, a table of contents and a
PDF outline, and writes the file atomically; it knows nothing of evaluation.
:func:`evaluation_report` (the ``standard`` subpackage) assembles the standard
report of an evaluation with it. This package imports evalplots.evaluation,
evalplots.display and evalplots.metrics, never evalplots.cli.

The names are loaded on first use (module ``__getattr__``), so that
``evalplots.report._provenance`` (the report's date, which the CLI checks
before reading its input) is imported without reportlab and matplotlib.
"""

import importlib

#: Public name -> the module that defines it.
_HOMES = {
    "Provenance": "evalplots.report._provenance",
    "Report": "evalplots.report.builder",
    "evaluation_metrics": "evalplots.report.standard",
    "evaluation_report": "evalplots.report.standard",
}

__all__ = ["Provenance", "Report", "evaluation_metrics", "evaluation_report"]


def __getattr__(name):
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'evalplots.report' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
