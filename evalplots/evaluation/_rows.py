"""The rows an evaluation keeps beside its summaries, for what the summaries cannot give.

A binary evaluation is built from its summaries alone (per model, the weighted class
counts at each distinct score). Under unweighted or whole-number weights the
summaries hold every interval too: a stratified bootstrap of the rows is a
multinomial draw of each class's counts over the table. Under fractional weights it
is not (a resampled row brings its own weight), so :func:`evalplots.evaluate`
attaches the rows, and exactly two computations read them: the AP/BEP bootstrap and
the ROC and precision-recall bands. An evaluation merged from summaries without rows
(``from_summary``, evalplots.dask) has :data:`NO_ROWS` instead, whose answers say why
there is no interval.
"""

import functools

from evalplots.evaluation._common import named_warnings
from evalplots.evaluation._intervals import FRACTIONAL, RankingSlots, jackknife_groups
from evalplots.metrics._ci_bands import roc_and_precision_recall_ci_bands
from evalplots.metrics._resample import resample_plan

__all__ = ["NO_ROWS", "BinaryRows"]


class BinaryRows:
    """The rows of the binary models of one evaluation (weight-0 rows left out).

    Parameters
    ----------
    data : dict of str to BinaryScores
        Model name -> its validated scores, classes and weights (the same rows,
        in the same order, for every model).

    Notes
    -----
    The AP/BEP bootstrap resamples the rows within each class (one plan for all
    models, as :func:`evalplots.metrics.bootstrap_ci`); each model's bands
    resample them with their weights (:func:`evalplots.metrics.roc_curve_ci_band`).

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.evaluation import IntervalOptions
    >>> from evalplots.metrics._thresholds import BinaryScores
    >>> y = np.array([1, 0, 1, 0, 1, 0, 1, 0], bool)
    >>> s = np.array([.9, .8, .7, .6, .5, .4, .3, .2])
    >>> rows = BinaryRows({"m": BinaryScores(s, y, np.linspace(0.5, 1.5, 8))})
    >>> (grid, low, high), _ = rows.ci_bands("m", IntervalOptions(n_resamples=50))
    >>> grid.shape, bool((low <= high).all())
    ((101,), True)
    """

    def __init__(self, data):
        self.data = data

    @functools.cached_property
    def _resampling(self):
        """The stratified resample plan of the rows and its jackknife groups."""
        data = next(iter(self.data.values()))
        plan = resample_plan(data.positive, data.positive.size, stratify=True)
        return plan, jackknife_groups(plan)

    def ranking_intervals(self, estimates, options):
        """{model: {'AP': ..., 'BEP': ...}}: BCa intervals of the row bootstrap (a str
        is the reason for none); ``estimates`` is {model: metrics-table row}."""
        plan, groups = self._resampling
        slots = {name: RankingSlots(d, plan, groups) for name, d in self.data.items()}
        blocks = {name: [] for name in slots}
        for draws in plan.draw_blocks(options.rng("bootstrap", "AP, BEP"),
                                      options.n_resamples):
            for name, slot in slots.items():
                blocks[name].append(slot.replicates(draws))
        out = {}
        for name, slot in slots.items():
            with named_warnings(name):
                out[name] = slot.intervals(estimates[name], blocks[name],
                                           options.confidence_level)
        return out

    def ci_bands(self, name, options):
        """``(roc_band, precision_recall_band)`` of model ``name`` from its rows."""
        d = self.data[name]
        return roc_and_precision_recall_ci_bands(
            d.positive, d.score, sample_weight=d.weight, pos_label=True,
            n_resamples=options.n_resamples, confidence_level=options.confidence_level,
            random_state=options.rng("band", name))


class _NoRows:
    """The rows of an evaluation merged from summaries: none (see the module)."""

    def ranking_intervals(self, estimates, options):
        return {name: dict.fromkeys(("AP", "BEP"), FRACTIONAL) for name in estimates}

    def ci_bands(self, name, options):
        return None, None


#: The row attachment of an evaluation that has no rows.
NO_ROWS = _NoRows()
