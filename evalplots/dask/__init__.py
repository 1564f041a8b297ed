"""Exact evaluation of predictions that do not fit one process, on Dask.

Install with ``pip install "evalplots[dask]"``. Nothing else in evalplots
imports this package.
"""

from evalplots.dask._evaluate import DEFAULT_MEMORY_BUDGET, evaluate, ranking_summary
from evalplots.dask._ranking import RankingSummary

__all__ = ["DEFAULT_MEMORY_BUDGET", "RankingSummary", "evaluate", "ranking_summary"]
