"""Bootstrap resampling plans: strata, deterministic draws and jackknife groups.

One plan serves two consumers: the generic bootstrap loop, which reads each resample
as an array of row indices, and the fast kernels, which read the same resample as a
vector of multiplicity counts over presorted rows. Both take the draws from one
stream of the same ``numpy.random.Generator`` in the same order and the same blocks,
so a fast kernel and the generic loop see identical resamples for one seed.
A third consumer has no rows: count tables (a summary's class counts per score)
read the same draws as positions among each stratum's counted rows
(:func:`position_plan`, :meth:`ResamplePlan.cumulative_blocks`).

Two draws of one stratum's cell counts, the same distribution (the bootstrap of
its n rows, ``Multinomial(n, counts / n)``): n uniform positions counted per cell
(:meth:`ResamplePlan.cumulative_blocks`: O(n) per resample, about 5 ns a
position here, drawn once for every table of the same strata), or one
multinomial of the cells (:func:`multinomial_cells`: O(cells), about 125 ns a
non-empty cell, one table at a time). ``POSITIONS_PER_CELL`` is their cost
ratio: a table is drawn as positions when its rows number at most that many
times its non-empty cells (:func:`drawn_as_positions`).

Stratification rule (``stratify=True``): the rows are resampled within the classes
of ``y_true`` when ``y_true`` is a 1-D array of class labels by the rule of
:mod:`evalplots.metrics._labels` (strings, bools, integers or whole-number floats;
a fractional float is a regression target, as in
``evalplots.evaluation``'s ``is_regression_target``) **and** has at most
``max(2, n_samples // 5)`` distinct values (on average at least 5 rows per class).
Anything else is resampled plainly: stratifying by the nearly unique values of a
continuous or count-valued target would freeze most rows in every resample and
shrink the interval towards zero width.
"""

import numpy as np

from evalplots.metrics._labels import encode_labels

__all__ = ["POSITIONS_PER_CELL", "ResamplePlan", "drawn_as_positions", "multinomial_cells",
           "position_plan", "resample_plan"]

# Rows of the (block x n_samples) index/count matrices held at once: ~2**20 entries
# (8 MiB per float64 matrix) keeps the kernels' temporaries near the CPU caches.
_BLOCK_ENTRIES = 1 << 20
# Up to this many rows the jackknife leaves one row out; above, it leaves out one
# of _JACKKNIFE_GROUPS stratified groups (a delete-d jackknife).
_JACKKNIFE_GROUPS = 1000
# Average rows per class below which y_true is not treated as class labels.
_MIN_ROWS_PER_CLASS = 5


def class_strata(y_true):
    """Per-class row indices of ``y_true`` under the stratification rule, or None.

    Returns None (plain resampling) for targets that are not 1-D class labels or
    that have more than ``max(2, n_samples // 5)`` distinct values.
    """
    y = y_true.to_numpy() if hasattr(y_true, "to_numpy") else np.asarray(y_true)
    if y.ndim != 1 or y.shape[0] == 0:
        return None
    try:
        classes, (codes,) = encode_labels(y)
    except ValueError:  # fractional floats (a regression target), NaN, mixed types
        return None
    if classes.size > max(2, y.shape[0] // _MIN_ROWS_PER_CLASS):
        return None
    order = np.argsort(codes, kind="stable")
    bounds = np.searchsorted(codes[order], np.arange(1, classes.size))
    return np.split(order, bounds)


class ResamplePlan:
    """Strata of ``n_samples`` rows and the rules to draw resamples from them.

    Parameters
    ----------
    strata : list of ndarray of int
        Row indices of each stratum, ascending; together a partition of the rows.
    n_samples : int
        Number of rows.
    """

    def __init__(self, strata, n_samples):
        self.strata = strata
        self.n_samples = n_samples
        self.block = max(1, _BLOCK_ENTRIES // n_samples)

    def draw_blocks(self, rng, n_resamples):
        """Yield, per block of resamples, one (block, n_k) array of draws per stratum.

        Entry ``[b, j]`` of stratum k's array is the position, within stratum k's
        member list, of the j-th row drawn from stratum k by resample b. Every
        consumer of the plan takes its random numbers from here, in this order, so
        that all of them see the same resamples for one generator state.
        """
        for start in range(0, n_resamples, self.block):
            rows = min(self.block, n_resamples - start)
            yield [
                rng.integers(0, members.size, size=(rows, members.size), dtype=np.int32)
                for members in self.strata
            ]

    def cumulative_blocks(self, rng, n_resamples):
        """Yield, per block of resamples, one (block, n_k + 1) int64 array per stratum.

        Entry ``[b, t]`` of stratum k's array is the number of stratum k's draws
        of resample b at positions below ``t`` (column 0 is 0, column ``n_k`` is
        ``n_k``). The draws are those of :meth:`draw_blocks`, so a consumer that
        lays the stratum's members out in any order and reads the members of
        positions ``[s, e)`` as one cell reads that cell's resampled count as
        ``[b, e] - [b, s]``; cells that follow one another are read off the same
        array, for any number of tables of the same strata.
        """
        for draws in self.draw_blocks(rng, n_resamples):
            out = []
            for drawn in draws:
                rows, size = drawn.shape
                below = np.zeros((rows, size + 1), dtype=np.int64)
                for b in range(rows):  # one resample at a time: its counts stay in cache
                    np.cumsum(np.bincount(drawn[b], minlength=size), out=below[b, 1:])
                out.append(below)
            yield out

    def index_blocks(self, rng, n_resamples, table=None):
        """Yield (block, n_samples) arrays: row ``b`` lists the rows of one resample.

        ``table`` (shape (n_samples,)) maps each drawn row to another number, e.g.
        its position in a presorted order; default the row index itself. Stratum
        ``k`` fills the columns of its own size, after the strata before it.
        """
        tables = [s if table is None else table[s] for s in self.strata]
        for draws in self.draw_blocks(rng, n_resamples):
            out = np.empty((draws[0].shape[0], self.n_samples), dtype=np.intp)
            col = 0
            for mapped, drawn in zip(tables, draws):
                np.take(mapped, drawn, out=out[:, col:col + mapped.size], mode="clip")
                col += mapped.size
            yield out

    def count_blocks(self, rng, n_resamples, position):
        """Yield (block, n_samples) int64 multiplicity counts of the same resamples.

        Column ``j`` counts how often the row at sorted position ``j`` was drawn,
        where ``position[i]`` is row ``i``'s position in the kernel's sorted order.
        """
        n = self.n_samples
        for idx in self.index_blocks(rng, n_resamples, table=position):
            rows = idx.shape[0]
            idx += (np.arange(rows, dtype=np.intp) * n)[:, None]
            counts = np.bincount(idx.ravel(), minlength=rows * n)
            yield counts.reshape(rows, n)

    def jackknife_groups(self):
        """Row groups left out in turn by the jackknife (a list of index arrays).

        Leave-one-out when ``n_samples <= 1000``; otherwise 1000 groups, formed by
        dealing the rows of each stratum in turn (row ``k`` of the strata, taken
        one after the other, goes to group ``k mod 1000``), so every group holds
        a near-equal share of every class. Deterministic: no random numbers.
        """
        n = self.n_samples
        rows = np.concatenate(self.strata)
        if n <= _JACKKNIFE_GROUPS:
            return [rows[k:k + 1] for k in range(n)]
        group = np.arange(n) % _JACKKNIFE_GROUPS
        order = np.argsort(group, kind="stable")
        bounds = np.searchsorted(group[order], np.arange(1, _JACKKNIFE_GROUPS))
        return [rows[g] for g in np.split(order, bounds)]


#: Uniform positions numpy draws and counts in the time of one binomial draw of a
#: multinomial's cell (measured: ~5 ns against ~125 ns); see drawn_as_positions.
POSITIONS_PER_CELL = 20


def drawn_as_positions(n_rows, n_cells):
    """Whether a table of ``n_rows`` counted rows in ``n_cells`` non-empty cells is
    cheaper to resample as positions (:func:`position_plan`) than as a multinomial
    of its cells (:func:`multinomial_cells`): ``n_rows <= POSITIONS_PER_CELL * n_cells``.
    A function of the table alone, so a table's draws never depend on the others."""
    return n_rows <= POSITIONS_PER_CELL * n_cells


def multinomial_cells(counts, n_resamples, rng, dtype=np.float64):
    """Resampled cell counts of one stratum: ``(n_resamples, n_cells)`` of ``dtype``.

    Drawing the stratum's n rows with replacement and counting them per cell is
    exactly one Multinomial(n, counts / n) draw, so it is made directly, in
    O(n_cells) per resample instead of O(n). A stratum without rows gives zeros.
    ``dtype=np.int64`` keeps numpy's counts as drawn (e.g. to cumulate them in
    integers, which is exact and several times faster than float64 additions).
    """
    counts = np.asarray(counts)
    n = int(counts.sum())
    if n == 0:
        return np.zeros((n_resamples, counts.size), dtype=dtype)
    return rng.multinomial(n, counts / n, size=n_resamples).astype(dtype, copy=False)


def position_plan(sizes):
    """The :class:`ResamplePlan` of count tables whose strata hold ``sizes`` rows.

    A table of whole-number counts keeps no rows, only how many of each stratum
    fall in each cell; stratum k's rows are then the positions ``0 .. sizes[k] - 1``,
    laid out cell after cell (:meth:`ResamplePlan.cumulative_blocks`). Every
    table of the same strata reads the same draws.
    """
    sizes = [int(s) for s in sizes]
    starts = np.cumsum([0, *sizes[:-1]])
    return ResamplePlan([np.arange(a, a + s) for a, s in zip(starts, sizes)], sum(sizes))


def resample_plan(y_true, n_samples, *, stratify):
    """The :class:`ResamplePlan` for ``y_true`` under the stratification rule."""
    strata = class_strata(y_true) if stratify else None
    if strata is None:
        strata = [np.arange(n_samples)]
    return ResamplePlan(strata, n_samples)
