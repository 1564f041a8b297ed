"""Where an evaluation's numbers come from: the rows its summaries were made of."""

from dataclasses import dataclass

__all__ = ["SummarySource"]


@dataclass(frozen=True)
class SummarySource:
    """The rows behind an evaluation built from summaries, and how they were summarized.

    Parameters
    ----------
    n_rows : int
        Rows summarized (weight-0 rows included).
    n_partitions : int
        Chunks merged.
    weighted : bool
        Whether the rows carried weights (counts are then sums of weights).
    frequency : bool
        Whether every weight was a whole number (counts exact, frequency-weight
        intervals apply).
    merged : bool, default=True
        Whether the summaries were made apart and merged
        (``Evaluation.from_summary``, evalplots.dask); False when
        :func:`evalplots.evaluate` summarized the rows it was given, whose
        description then says nothing about summaries.

    Notes
    -----
    Shown in the evaluation's description and its metrics table's remarks
    when ``merged``. :func:`evalplots.evaluate` summarizes the rows it is
    given: its source has ``merged=False``.

    Examples
    --------
    >>> str(SummarySource(10**6, 16, False, True))
    'built from merged summaries of 1,000,000 rows in 16 partitions'
    >>> SummarySource(10, 1, False, True, merged=False).describe("binary evaluation")
    'binary evaluation'
    """

    n_rows: int
    n_partitions: int
    weighted: bool
    frequency: bool
    merged: bool = True

    def __str__(self):
        return (f"built from merged summaries of {self.n_rows:,} rows in "
                f"{self.n_partitions:,} partition{'s' if self.n_partitions != 1 else ''}")

    def describe(self, text):
        """``text`` (an evaluation's description) with the source appended when merged."""
        return f"{text}; {self}" if self.merged else text

    def remarks(self):
        """The metrics table's remarks on the source (none unless merged): the
        values equal the rows', and so does the bootstraps' distribution when the
        counts are whole numbers (``frequency``)."""
        if not self.merged:
            return []
        out = [f"Values {self}, equal to those of the rows (sums of floats to "
               f"rounding, about 1e-15 relative)."]
        if self.frequency:
            out.append("Bootstraps draw each class's counts from the tables as "
                       "multinomials: the distribution of the row bootstrap.")
        return out
