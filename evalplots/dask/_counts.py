"""Counting a partition's blocks: one model's table, or a sample of its scores.

A partition arrives as blocks of checked rows (:func:`evalplots.dask._input.blocks`:
a large Parquet file in blocks of ``BLOCK_ROWS`` rows, anything else as one
block). :class:`ModelCounts` counts one model's blocks into its table of
distinct scores (:class:`~evalplots.metrics.ScoreCounts`):

- a partition of one block is tabled at once (:func:`score_table`);
- a partition of many blocks of float scores is counted block by block: each
  score is looked up by its bits in a small direct-mapped table of the scores
  seen so far (:class:`ScoreCodes`; new ones are found by Arrow's hash table),
  and one ``np.bincount`` of ``2 * code + is_positive`` counts the block: the
  fast path of dictionary-like scores, a task's memory a few blocks;
- continuous scores (one distinct score per row) whose table would exceed the
  partition's share of the budget are not tabled: a sample of them (for the
  quantile sketch of the range path) and the class totals are kept.

The same bit-keyed lookup gives each row its DeLong placement in the second
pass (:class:`Placements`).
"""

import numpy as np

from evalplots.dask import _ranking
from evalplots.metrics.ranking._score_counts import ScoreCounts

__all__ = ["ModelCounts", "Placements", "ScoreCodes"]

#: Multipliers of the two hash functions (Fibonacci hashing, Knuth; and a second
#: odd constant): the top ``TABLE_BITS`` bits of ``bits * multiplier`` are a slot.
_HASHES = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F))
#: Slots of each of a model's two direct-mapped tables of known scores (1 MiB each).
TABLE_BITS = 17
#: The key of an empty slot: a NaN's bits (no table ever holds a non-finite score).
_EMPTY = np.uint64(0x7FF8_0000_0000_0001)
#: Rows of a partition's first block whose distinct scores fill the tables first.
PRIME_ROWS = 1 << 16


def _slots(bits, level, out=None):
    """Slots of float64 bit patterns in table ``level`` (0 or 1), as int64."""
    slot = np.multiply(bits, _HASHES[level], out=out)
    np.right_shift(slot, np.uint64(64 - TABLE_BITS), out=slot)
    if level:
        slot += np.uint64(1 << TABLE_BITS)
    return slot.view(np.int64)


def _distinct(score):
    """(distinct values, code of each score) by Arrow's hash table."""
    import pyarrow as pa
    import pyarrow.compute as pc

    encoded = pc.dictionary_encode(pa.array(score))
    return encoded.dictionary.to_numpy(), encoded.indices.to_numpy().astype(np.int64)


class ScoreCodes:
    """One model's float64 scores, block by block: cells of (distinct score, positives,
    negatives).

    A block's scores are looked up by their bit patterns in two direct-mapped
    tables of the scores seen so far (two-choice hashing: each score sits in
    its slot of the first table, or, when another took it, of the second):
    a multiply, a shift and a gather per row, and the slot is the row's code.
    The few rows found in neither (a new score, or one whose both slots hold
    others) are grouped by Arrow's hash table and their scores enter the free
    slots. The scores are checked (finite), so an empty slot's key (a NaN's
    bits) stands for no score.
    """

    def __init__(self):
        self.keys = np.full(2 << TABLE_BITS, _EMPTY, dtype=np.uint64)
        self.pos = self.neg = 0  # counts per slot (the last one: rows not in the tables)
        self.learnt = []  # cells of those rows
        self._buffers = None

    def _work(self, n):
        """Reused row buffers (no fresh pages per block): slots, looked-up keys, misses."""
        if self._buffers is None or self._buffers[0].size < n:
            self._buffers = (np.empty(n, np.uint64), np.empty(n, np.uint64),
                             np.empty(n, bool))
        return [b[:n] for b in self._buffers]

    def enter(self, bits):
        """Enter distinct finite scores' bits into free slots (first table, then second)."""
        for level in (0, 1):
            slot = _slots(bits, level)
            free = np.flatnonzero(self.keys[slot] == _EMPTY)
            taken, first = np.unique(slot[free], return_index=True)
            self.keys[taken] = bits[free[first]]  # one score per free slot
            bits = np.setdiff1d(bits, bits[free[first]], assume_unique=True)
            if not bits.size:
                return

    def add(self, score, positive, weight):
        """Count one block of checked float64 scores with its positive mask and weights."""
        if not self.learnt and np.isscalar(self.pos):  # first block: fill from its head
            self.enter(_distinct(score[:PRIME_ROWS])[0].view(np.uint64))
        slot, rows = self.find(score.view(np.uint64))
        if rows.size:
            distinct, codes = _distinct(score[rows])
            self.enter(distinct.view(np.uint64))
            pos, neg = _ranking.cell_counts(codes, distinct.size, positive[rows],
                                   None if weight is None else weight[rows])
            self.learnt.append((distinct + 0.0, pos, neg))  # -0.0 -> 0.0, as a sort
        pos, neg = _ranking.cell_counts(slot, self.keys.size + 1, positive, weight, in_place=True)
        self.pos, self.neg = self.pos + pos, self.neg + neg

    def find(self, bits):
        """(slot of each score's bits, rows found in neither table): those rows get
        the slot ``keys.size``, a bin of its own (the slots are a reused buffer)."""
        slot_buffer, found, miss = self._work(bits.size)
        slot = _slots(bits, 0, out=slot_buffer)
        np.take(self.keys, slot, out=found)
        np.not_equal(found, bits, out=miss)
        if not miss.any():
            return slot, np.zeros(0, np.intp)
        rows = np.flatnonzero(miss)
        second = _slots(bits[rows], 1)
        hit = self.keys[second] == bits[rows]
        slot[rows[hit]] = second[hit]
        rows = rows[~hit]
        slot[rows] = self.keys.size
        return slot, rows

    def table(self, exact):
        """The :class:`ScoreCounts` of every block added (int64 counts when ``exact``)."""
        cells = list(self.learnt)
        if not np.isscalar(self.pos):
            used = np.flatnonzero((self.pos[:-1] != 0) | (self.neg[:-1] != 0))
            cells.append((self.keys[used].view(np.float64) + 0.0, self.pos[used],
                          self.neg[used]))
        score, pos, neg = (np.concatenate([c[k] for c in cells]) for k in range(3))
        if exact:
            pos, neg = pos.astype(np.int64), neg.astype(np.int64)
        keep = (pos != 0) | (neg != 0)  # weight-0 rows make no score, as in binary_scores
        return ScoreCounts._grouped(score[keep], pos[keep], neg[keep])


class ModelCounts:
    """One model's counts over the blocks of a partition of ``n_rows`` rows (None:
    the partition is one block).

    :meth:`add` takes each block's validated rows (a ``BinaryScores``);
    :meth:`table` and :meth:`part` give the partition's table and its
    :class:`~evalplots.dask._ranking.PartTable`. The way of counting is chosen
    at the first block: a sample when the scores look continuous and the
    partition's rows exceed its share of the budget (``budget_rows /
    n_parts``); the bit-keyed lookup (:class:`ScoreCodes`) for float64 scores
    of a partition of several blocks; else the rows are kept and tabled at
    the end (:func:`~evalplots.dask._ranking.score_table`).
    """

    def __init__(self, n_rows, budget_rows, n_parts, points=_ranking.SAMPLE_POINTS):
        self.n_rows, self.budget_rows, self.n_parts = n_rows, budget_rows, n_parts
        self.points, self.mode, self.blocks = points, None, []
        self.n_pos = self.n_neg = self.rows = 0
        self.whole, self.total = True, 0.0

    @property
    def sampled(self):
        """Whether the rows are sampled (no table)."""
        return self.mode == "sample"

    def add(self, data):
        from evalplots.metrics._validation import all_whole

        score, positive, weight = data.score, data.positive, data.weight
        if self.mode is None:
            one = self.n_rows is None  # the partition is this block
            self.n_rows = score.size if one else self.n_rows
            if (_ranking.estimated_distinct(score)
                    and self.n_rows * self.n_parts > self.budget_rows):
                self.mode, self.rng = "sample", np.random.default_rng(self.n_rows)
            elif one or score.dtype != np.float64 or _ranking.looks_continuous(score):
                self.mode = "rows"
            else:
                self.mode, self.codes = "codes", ScoreCodes()
        self.rows += score.size
        if self.mode == "rows":
            self.blocks.append(data)
            return
        if self.mode == "codes":
            self.codes.add(score, positive, weight)
            if weight is not None:
                self.whole = self.whole and all_whole(weight)
                self.total += float(weight.sum())
            return
        if weight is None:
            self.n_pos += int(np.count_nonzero(positive))
            self.n_neg += score.size - int(np.count_nonzero(positive))
        else:
            self.n_pos, self.n_neg = (self.n_pos + weight[positive].sum(),
                                      self.n_neg + weight[~positive].sum())
        n = score.size
        k = min(n, -(-self.points * n // max(1, self.n_rows)))
        pick = self.rng.choice(n, k, replace=False) if k < n else slice(None)
        self.blocks.append((score[pick], None if weight is None else weight[pick]))

    def table(self):
        """The partition's table (empty when no row has weight; None when sampled)."""
        from evalplots.metrics._validation import whole_sums_exact

        if self.mode == "sample":
            return None
        if self.mode == "codes":
            return self.codes.table(whole_sums_exact(self.whole, self.total))
        if not self.blocks:
            return ScoreCounts.empty(sample_weight=np.zeros(0))
        data = self.blocks[0] if len(self.blocks) == 1 else type(self.blocks[0])(
            *(None if getattr(self.blocks[0], k) is None
              else np.concatenate([getattr(b, k) for b in self.blocks])
              for k in ("score", "positive", "weight")))
        return _ranking.score_table(data)

    def part(self, table=None):
        """The partition's PartTable (``table``: :meth:`table`'s, if made), or None
        when no row has weight."""
        if self.mode == "sample":
            if self.n_pos + self.n_neg == 0:
                return None
            weights = [w for _, w in self.blocks]
            return _ranking.part_of_sample(
                np.concatenate([s for s, _ in self.blocks]),
                None if weights[0] is None else np.concatenate(weights),
                self.n_pos, self.n_neg, self.rows)
        table = self.table() if table is None else table
        return (_ranking.part_table(table, self.budget_rows, self.n_parts)
                if len(table) else None)


class Placements:
    """One model's DeLong placements of a block's rows, looked up by their scores' bits.

    The merged table's scores enter the two direct-mapped tables of a
    :class:`ScoreCodes`; at ``2 * slot + 1`` and ``2 * slot`` sit the placement
    of a positive (``v10``) and of a negative (``v01``) at that slot's score
    (:func:`~evalplots.metrics.summaries.table_placements`), so a row's
    placement is one gather at ``2 * slot + is_positive``. Rows whose score is
    in neither table (one that found no free slot, ``-0.0`` where the table
    holds ``0.0``, or one absent from the table) take the general rule,
    :func:`~evalplots.metrics.summaries._binary.placed_rows`, which refuses a
    score absent from the table.
    """

    def __init__(self, table, name):
        from evalplots.metrics.summaries import table_placements

        score, v10, v01, self.auc = table_placements(table)
        self.name, self.placements = name, (score, v10, v01)
        self.hashed = score.dtype == np.float64  # distinct floats, distinct bits
        self.codes = ScoreCodes()
        self.by_key = np.zeros(2 * (self.codes.keys.size + 1))  # last 2: not entered
        if not self.hashed:
            return
        bits = np.ascontiguousarray(score).view(np.uint64)
        self.codes.enter(bits)  # distinct finite scores
        slot, missing = self.codes.find(bits)
        entered = np.ones(score.size, bool)
        entered[missing] = False
        slot = slot[entered]
        self.by_key[2 * slot + 1] = v10[entered]
        self.by_key[2 * slot] = v01[entered]

    def __call__(self, score, positive):
        """Each row's placement (float64) of a block's checked rows (weight not 0)."""
        from evalplots.metrics.summaries._binary import placed_rows

        if self.hashed and score.dtype == np.float64:
            slot, rows = self.codes.find(np.ascontiguousarray(score).view(np.uint64))
            key = np.left_shift(slot, 1, out=slot)
            np.bitwise_or(key, positive, out=key)
            placed = self.by_key[key]
        else:  # scores of another type: every row by the general rule
            rows, placed = np.arange(score.size), np.zeros(score.size)
        if rows.size:
            placed[rows] = placed_rows(self.placements, score[rows], positive[rows],
                                       self.name)
        return placed
