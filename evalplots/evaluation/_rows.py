"""The rows an evaluation keeps beside its summaries, for what the summaries cannot give.

A binary evaluation is built from its summaries alone (per model, the weighted class
counts at each distinct score). Under unweighted or whole-number weights the
summaries hold every interval too: a stratified bootstrap of the rows is a
multinomial draw of each class's counts over the table (drawn as positions among
the counted rows, or as the multinomial itself). Under fractional weights it
is not (a resampled row brings its own weight), so :func:`evalplots.evaluate`
attaches the rows, and exactly two computations read them: the AP/BEP bootstrap and
the ROC and precision-recall bands.

A multi-class evaluation is built from its summary alone too. Under fractional
weights its one-vs-rest counts are the one computation that reads the rows
(:class:`MulticlassRows`): the pooled (micro) table merged from the per-class tables
would add each score's weights in another order than the problem's own sort, and
those sums of real weights differ in the last bits. Its summary's per-class tables
are then made only when read (by a merge or a pickle), never for the evaluation.

An evaluation merged from summaries without rows (``from_summary``, evalplots.dask)
has :data:`NO_ROWS` instead: its intervals say why there is none, its one-vs-rest
counts are read off the summary's tables.
"""

import functools

from evalplots.evaluation._common import named_warnings
from evalplots.evaluation._intervals import FRACTIONAL, RankingSlots, jackknife_groups
from evalplots.evaluation._summary import table_ovr_counts
from evalplots.metrics.inference._ci_bands import roc_and_precision_recall_ci_bands
from evalplots.metrics.ranking._ovr_curves import ovr_counts
from evalplots.metrics.summaries._multiclass import TablesOnFirstUse, class_tables
from evalplots.metrics.inference._resample import resample_plan

__all__ = ["NO_ROWS", "BinaryRows", "MulticlassRows"]


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
    >>> from evalplots.metrics.ranking._thresholds import BinaryScores
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


class MulticlassRows:
    """The rows of the score models of one multi-class evaluation.

    Parameters
    ----------
    codes : ndarray of int of shape (n_samples,)
        Each row's true class index.
    scores : dict of str to ndarray of shape (n_samples, n_classes)
        Score model name -> its validated scores, columns in class order.
    weight : ndarray of shape (n_samples,)
        The rows' (fractional) weights.

    Notes
    -----
    Each one-vs-rest problem, and the pooled (micro) problem of all (row, class)
    pairs, is sorted and counted once (:func:`evalplots.metrics.ranking._ovr_curves.ovr_counts`).

    Examples
    --------
    >>> import numpy as np
    >>> rows = MulticlassRows(np.array([0, 1, 1]), {"m": np.eye(3)[[0, 1, 2], :2]},
    ...                       np.array([0.5, 1.5, 1.0]))
    >>> rows.ovr_counts("m", None).micro.tps.tolist()
    [2.0, 3.0]
    """

    #: The summary's one-vs-rest tables, which no count of this evaluation reads.
    tables = TablesOnFirstUse

    def __init__(self, codes, scores, weight):
        self.codes, self.scores, self.weight = codes, scores, weight

    def ovr_counts(self, name, tables):
        """The OvrCounts of model ``name`` from its rows (``tables`` unread)."""
        return ovr_counts(self.codes, self.scores[name], sample_weight=self.weight)


class _NoRows:
    """The rows of an evaluation merged from summaries: none (see the module)."""

    #: The summary's one-vs-rest tables, from which the counts are read.
    tables = staticmethod(class_tables)

    def ranking_intervals(self, estimates, options):
        return {name: dict.fromkeys(("AP", "BEP"), FRACTIONAL) for name in estimates}

    def ci_bands(self, name, options):
        return None, None

    def ovr_counts(self, name, tables):
        return table_ovr_counts(tables)


#: The row attachment of an evaluation that has no rows.
NO_ROWS = _NoRows()
