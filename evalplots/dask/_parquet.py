"""The fast path of a Parquet partition: binary score tables straight from pyarrow.

The general reader of a partition (:mod:`evalplots.dask._input`) reads the whole
file into pandas and checks every cell by the rules of
:mod:`evalplots.datasets`. For the common large input — a Parquet file of a
binary target and float score columns of few distinct values — this module
reads only the needed columns with pyarrow, in blocks of at most
``BLOCK_ROWS`` rows (the memory of a task stays a few blocks, whatever the
partition's size), and counts each model's positives and negatives per
distinct score: each score is looked up by its bits in a small direct-mapped
table of the scores seen so far (new ones are found by Arrow's hash table),
and one ``np.bincount`` of ``2 * code + is_positive`` counts the block.

It keeps one copy of the rules by accepting only what they accept unchanged,
and leaving every other input to them: labels are read by the reader's own
rule (:func:`~evalplots.datasets._columns.read_labels`, after its text
stripping), once per distinct label of the file, and must be classes; scores
must be float columns without nulls whose every value is finite (what
:func:`~evalplots.datasets._columns.read_numbers` accepts from a float
column); weights go through ``read_numbers`` and
:func:`~evalplots.metrics._validation.check_sample_weight`, as in
:func:`evalplots.metrics.ranking._thresholds.binary_scores`. Whenever the input is
not of that form (another layout or type, a refused value, continuous scores),
the fast path gives up (returns None) and the general reader reads the
partition again, so every accepted input gives the general reader's table,
and every refused one its error message, naming the file and the row.

Parquet stores low-cardinality float columns dictionary-encoded, but pyarrow
decodes dictionaries of non-binary columns to values (``read_dictionary``
applies to BYTE_ARRAY columns only); the scores are therefore hashed again,
block by block. Text targets are read as dictionaries (their labels are
checked once per distinct value).
"""

import os

import numpy as np

from evalplots.dask._ranking import (
    PROBE,
    Spill,
    cell_counts,
    estimated_distinct,
    looks_continuous,
    rows_by_range,
)

__all__ = ["BLOCK_ROWS", "delong_sums", "ranged_scores", "sampled_summary",
           "score_samples", "score_tables"]

#: Rows read and grouped at a time: the task's memory is a few such blocks.
BLOCK_ROWS = 1 << 20


class _NotHere(Exception):
    """The fast path does not apply to this file: read it the general way."""


def score_tables(path, spec, names, pos_label):
    """Per model the :class:`~evalplots.metrics.ScoreCounts` of one Parquet file, or None.

    Parameters
    ----------
    path : str
        The partition's file.
    spec : dict
        The evaluation's reading spec (``target``, ``weight_column``,
        ``kinds``, ``classes``).
    names : list of str
        The models (columns) to count.
    pos_label : object
        The resolved positive class.

    Returns
    -------
    tables : dict of str to ScoreCounts or None, or None
        None when the general reader must read this file (not Parquet, another
        layout or type, a refused value, continuous scores); else per model its
        table, or None for every model when no row has non-zero weight.
    """
    out = _guarded(path, spec, names, lambda: _score_tables(path, spec, names, pos_label))
    return None if out is None else out[0]


def binary_summary(path, spec, names, pos_label, threshold):
    """The :class:`~evalplots.metrics.BinarySummary` of one Parquet file, or None.

    As :meth:`BinarySummary.from_arrays` of the rows the general reader reads
    (tables, McNemar pair tables, loss moments, label totals), built block by
    block; None when the general reader must read the file (see
    :func:`score_tables`).
    """
    from evalplots.metrics import BinarySummary, ScoreCounts
    from evalplots.metrics.summaries._binary import block_sums
    from evalplots.metrics._validation import check_threshold

    def run():
        checked = check_threshold(threshold)
        sums = []

        def on_block(y, positive, scores, weight):
            sums.append(block_sums(y, positive, scores, weight, checked))

        tables, n_rows = _score_tables(path, spec, names, pos_label, on_block)
        empty = ScoreCounts.empty(sample_weight=np.zeros(0))  # every (float) weight 0
        tables = {name: empty if t is None else t for name, t in tables.items()}
        return BinarySummary._from_blocks(tables, sums, pos_label=pos_label,
                                          threshold=checked, n_rows=n_rows)
    return _guarded(path, spec, names, run)


def _guarded(path, spec, names, run):
    """``run()`` when the fast path may apply, else (or when it gives up) None."""
    from evalplots.datasets import PARQUET_SUFFIXES

    if not os.fspath(path).lower().endswith(PARQUET_SUFFIXES):
        return None
    kinds = spec.get("kinds") or {}
    if spec.get("classes") is None or any(kinds.get(n) != "numbers" for n in names):
        return None
    try:
        return run()
    except _NotHere:
        return None
    except (ValueError, TypeError, OSError, ArithmeticError) as exc:
        if isinstance(exc, FileNotFoundError):
            raise
        return None  # the general reader reads the file, and says what is wrong


def is_text(arrow_type):
    """Whether a Parquet column of this type holds text (read as dictionaries)."""
    import pyarrow as pa

    return pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type)


def is_class_column(arrow_type):
    """Whether a Parquet column of this type reads as classes whatever its values
    (integers, booleans or text): the target types the block path takes."""
    import pyarrow as pa

    return (pa.types.is_integer(arrow_type) or pa.types.is_boolean(arrow_type)
            or is_text(arrow_type))


def _columns(schema, spec, names):
    """Raw column names (as in the file) of the target, the weight and the models."""
    import pyarrow as pa

    from evalplots.datasets._columns import check_header

    raw = schema.names
    if not all(isinstance(n, str) for n in raw):
        raise _NotHere
    stripped = check_header([n.strip() for n in raw])
    if any(":" in n for n in stripped):  # <model>:<class> headers: the general reader
        raise _NotHere
    by_name = dict(zip(stripped, raw))
    wanted = [spec["target"], *names]
    weight = spec.get("weight_column")
    if weight is not None:
        wanted.append(weight)
    if not all(n in by_name for n in wanted):
        raise _NotHere
    types = {n: schema.field(by_name[n]).type for n in wanted}
    target_type = types[spec["target"]]
    if not is_class_column(target_type):
        raise _NotHere
    if not all(pa.types.is_floating(types[n]) for n in names):
        raise _NotHere
    if weight is not None and not (pa.types.is_floating(types[weight])
                                   or pa.types.is_integer(types[weight])):
        raise _NotHere
    return by_name, is_text(target_type)


def _small_frame(name, values):
    """A one-column frame of ``values`` with its source, as the reader would give."""
    import pandas as pd

    from evalplots.datasets._columns import strip_text_columns
    from evalplots.datasets._parquet import ParquetSource

    frame = strip_text_columns(pd.DataFrame({name: values}))
    return frame[name], ParquetSource(frame)


class _Positives:
    """Positive masks of a file's blocks of labels, by the reader's label rules.

    :func:`~evalplots.datasets._columns.read_labels` (after the reader's text
    stripping) reads each distinct label once per file; a label outside the
    classes, an empty one, or anything the rule refuses sends the file to the
    general reader.
    """

    def __init__(self, target, classes, pos_label):
        self.target, self.classes, self.pos_label = target, classes, pos_label
        self.seen = {}  # distinct raw labels -> which of them is the positive class

    def _checked(self, values):
        """(typed labels, is positive) of distinct raw labels, read once."""
        from evalplots.datasets._columns import read_labels

        key = tuple(values.tolist())
        if key not in self.seen:
            series, source = _small_frame(self.target, values)
            labels = read_labels(series, self.target, source)
            if not np.isin(labels, self.classes).all():
                raise _NotHere  # a value outside the classes: the general path decides
            self.seen[key] = labels, labels == self.pos_label
        return self.seen[key]

    def labels(self, column):
        """The block's labels, typed as the reader types them (text, or as stored)."""
        import pyarrow as pa

        if pa.types.is_dictionary(column.type):
            labels = self._checked(column.dictionary.to_numpy(zero_copy_only=False))[0]
            return labels[column.indices.to_numpy()]
        return column.to_numpy(zero_copy_only=False)

    def __call__(self, column):
        """The block's positive mask."""
        import pyarrow as pa

        from evalplots.metrics._labels import class_values

        if column.null_count:
            raise _NotHere
        if pa.types.is_dictionary(column.type):  # text labels: one check per value
            hits = self._checked(column.dictionary.to_numpy(zero_copy_only=False))[1]
            return hits[column.indices.to_numpy()]
        y = column.to_numpy(zero_copy_only=False)
        self._checked(class_values(y))
        return y == self.pos_label


#: Multipliers of the two hash functions (Fibonacci hashing, Knuth; and a second
#: odd constant): the top ``TABLE_BITS`` bits of ``bits * multiplier`` are a slot.
_HASHES = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F))
#: Slots of each of a model's two direct-mapped tables of known scores (1 MiB each).
TABLE_BITS = 17
#: The key of an empty slot: a NaN's bits (no table ever holds a non-finite score).
_EMPTY = np.uint64(0x7FF8_0000_0000_0001)
#: Rows of a file's first block whose distinct scores fill the tables first.
PRIME_ROWS = 1 << 16


def _slots(bits, level, out=None):
    """Slots of float64 bit patterns in table ``level`` (0 or 1), as int64."""
    slot = np.multiply(bits, _HASHES[level], out=out)
    np.right_shift(slot, np.uint64(64 - TABLE_BITS), out=slot)
    if level:
        slot += np.uint64(1 << TABLE_BITS)
    return slot.view(np.int64)


class _ScoreCodes:
    """One model's scores, block by block: cells of (distinct score, positives, negatives).

    A block's scores are looked up by their bit patterns in two direct-mapped
    tables of the scores seen so far (two-choice hashing: each score sits in
    its slot of the first table, or, when another took it, of the second):
    a multiply, a shift and a gather per row, and the slot is the row's code.
    The few rows found in neither (a new score, or one whose both slots hold
    others) are grouped by Arrow's hash table; their distinct scores are
    checked (finite, else the general reader reads the file and names the row)
    and enter the free slots. So every key in the tables is a finite score,
    and an empty slot's key (a NaN's bits) stands for no score.
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

    def _enter(self, bits):
        """Enter distinct finite scores' bits into free slots (first table, then second)."""
        for level in (0, 1):
            slot = _slots(bits, level)
            free = np.flatnonzero(self.keys[slot] == _EMPTY)
            taken, first = np.unique(slot[free], return_index=True)
            self.keys[taken] = bits[free[first]]  # one score per free slot
            bits = np.setdiff1d(bits, bits[free[first]], assume_unique=True)
            if not bits.size:
                return

    def add(self, column, positive, weight):
        """Count one block of scores (a pyarrow array) with its positive mask and weights;
        return the block's scores as float64."""
        import pyarrow.compute as pc

        if column.null_count:
            raise _NotHere
        score = column.to_numpy(zero_copy_only=False).astype(np.float64, copy=False)
        if looks_continuous(score[:PROBE]):
            raise _NotHere  # continuous scores: the general path samples or sorts them
        bits = score.view(np.uint64)
        if not self.learnt and np.isscalar(self.pos):  # first block: fill from its head
            head = pc.unique(column.slice(0, PRIME_ROWS)).to_numpy()
            self._enter(_finite(head.astype(np.float64)).view(np.uint64))
        slot, rows = self.find(bits)
        if rows.size:
            self.learnt.append(self._learn(score[rows], positive[rows],
                                           None if weight is None else weight[rows]))
        pos, neg = cell_counts(slot, self.keys.size + 1, positive, weight, in_place=True)
        self.pos, self.neg = self.pos + pos, self.neg + neg
        return score

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

    def cells(self):
        """[(distinct scores, positives, negatives), ...] of every block added."""
        if np.isscalar(self.pos):
            return list(self.learnt)
        used = np.flatnonzero((self.pos[:-1] != 0) | (self.neg[:-1] != 0))
        if (self.keys[used] == _EMPTY).any():
            raise _NotHere  # a NaN with the empty key's bits: the general reader
        return [(self.keys[used].view(np.float64) + 0.0, self.pos[used], self.neg[used]),
                *self.learnt]

    def _learn(self, score, positive, weight):
        """Cells of the rows in neither table, by Arrow's hash; their scores enter them."""
        import pyarrow as pa
        import pyarrow.compute as pc

        encoded = pc.dictionary_encode(pa.array(score))
        distinct = _finite(encoded.dictionary.to_numpy())
        self._enter(distinct.view(np.uint64))
        codes = encoded.indices.to_numpy().astype(np.int64)
        pos, neg = cell_counts(codes, distinct.size, positive, weight)
        return distinct + 0.0, pos, neg  # -0.0 -> 0.0, as a sort groups them


def _finite(values):
    """``values`` if all are finite; else the general reader reads the file (and names
    the row of the first NaN or infinite score, by its rule)."""
    if not np.isfinite(values).all():
        raise _NotHere
    return values


def _weights(column, name, n):
    from evalplots.datasets._columns import read_numbers
    from evalplots.metrics._validation import check_sample_weight

    if column.null_count:
        raise _NotHere
    series, source = _small_frame(name, column.to_numpy(zero_copy_only=False))
    return check_sample_weight(read_numbers(series, name, source).astype(np.float64), n)


def _blocks(path, spec, names, pos_label):
    """(the file's label rule, its blocks): each block of at most ``BLOCK_ROWS`` rows
    is ``(batch, positive mask, weights or None)``, the batch holding the target, the
    models in order and the weight column, as stored."""
    import pyarrow.parquet as pq

    target, weight_name = spec["target"], spec.get("weight_column")
    schema = pq.read_schema(path)
    by_name, text_target = _columns(schema, spec, names)
    reader = pq.ParquetFile(path, read_dictionary=[by_name[target]] if text_target
                            else None)
    if reader.metadata.num_rows == 0:
        raise _NotHere  # a file without rows: the general reader (it contributes nothing)
    positives = _Positives(target, spec["classes"], pos_label)
    raw = [by_name[target], *(by_name[n] for n in names)]
    if weight_name is not None:
        raw.append(by_name[weight_name])

    def blocks():
        for batch in reader.iter_batches(batch_size=BLOCK_ROWS, columns=raw,
                                         use_threads=False):
            n = batch.num_rows
            if n == 0:
                continue
            positive = positives(batch.column(0))
            weight = None
            if weight_name is not None:
                weight = _weights(batch.column(len(raw) - 1), weight_name, n)
            yield batch, positive, weight
    return positives, blocks()


def _score_tables(path, spec, names, pos_label, on_block=None):
    """(per model its table or None when no row has weight, rows read); ``on_block``
    is called with each block's (labels, positive mask, scores, weights)."""
    from evalplots.metrics.ranking._score_counts import ScoreCounts
    from evalplots.metrics._validation import all_whole, whole_sums_exact

    weight_name = spec.get("weight_column")
    positives, blocks = _blocks(path, spec, names, pos_label)
    codes = {name: _ScoreCodes() for name in names}
    whole, total, any_weight, n_rows = True, 0.0, weight_name is None, 0
    for batch, positive, weight in blocks:
        n = batch.num_rows
        if weight is not None:
            whole = whole and all_whole(weight)
            total += float(weight.sum())
            any_weight = any_weight or bool(weight.any())
        scores = {name: codes[name].add(batch.column(j), positive, weight)
                  for j, name in enumerate(names, start=1)}
        if on_block is not None:
            on_block(positives.labels(batch.column(0)), positive, scores, weight)
        n_rows += n
    if not any_weight:
        return dict.fromkeys(names), n_rows
    exact = weight_name is None or whole_sums_exact(whole, total)
    out = {}
    for name in names:
        cells = codes[name].cells()
        score = np.concatenate([c[0] for c in cells])
        pos = np.concatenate([c[1] for c in cells])
        neg = np.concatenate([c[2] for c in cells])
        if weight_name is not None and exact:
            pos, neg = pos.astype(np.int64), neg.astype(np.int64)
        keep = (pos != 0) | (neg != 0)  # weight-0 rows make no score, as in binary_scores
        out[name] = ScoreCounts._grouped(score[keep], pos[keep], neg[keep])
    return out, n_rows


# --- the DeLong pass -----------------------------------------------------------------


class _Placements:
    """One model's DeLong placements of a block's rows, looked up by their scores' bits.

    The merged table's scores enter the two direct-mapped tables of a
    :class:`_ScoreCodes`; at ``2 * slot + 1`` and ``2 * slot`` sit the placement
    of a positive (``v10``) and of a negative (``v01``) at that slot's score
    (:func:`~evalplots.metrics.summaries.table_placements`), so a row's
    placement is one gather at ``2 * slot + is_positive``. Rows whose score is
    in neither table (one that found no free slot, ``-0.0`` where the table
    holds ``0.0``, or one absent from the table) take the general rule,
    :func:`~evalplots.metrics.summaries._binary.placed_rows`, which refuses a
    score absent from the table; rows of weight 0 are not looked up (they add
    nothing, and the table may not hold their scores).
    """

    def __init__(self, table, name):
        from evalplots.metrics.summaries import table_placements

        score, v10, v01, self.auc = table_placements(table)
        self.name, self.placements = name, (score, v10, v01)
        self.hashed = score.dtype == np.float64  # distinct floats, distinct bits
        self.codes = _ScoreCodes()
        self.by_key = np.zeros(2 * (self.codes.keys.size + 1))  # last 2: not entered
        if not self.hashed:
            return
        bits = np.ascontiguousarray(score).view(np.uint64)
        self.codes._enter(bits)  # distinct finite scores
        slot, missing = self.codes.find(bits)
        entered = np.ones(score.size, bool)
        entered[missing] = False
        slot = slot[entered]
        self.by_key[2 * slot + 1] = v10[entered]
        self.by_key[2 * slot] = v01[entered]

    def __call__(self, score, positive, weight):
        """Each row's placement (float64) of a block's scores (an ndarray)."""
        from evalplots.metrics.summaries._binary import placed_rows

        if self.hashed and score.dtype == np.float64:
            slot, rows = self.codes.find(np.ascontiguousarray(score).view(np.uint64))
            key = np.left_shift(slot, 1, out=slot)
            np.bitwise_or(key, positive, out=key)
            placed = self.by_key[key]
        else:  # scores of another type: every row by the general rule
            rows, placed = np.arange(score.size), np.zeros(score.size)
        if rows.size:
            if weight is not None:
                rows = rows[weight[rows] != 0]
            placed[rows] = placed_rows(self.placements, score[rows], positive[rows],
                                       self.name)
        return placed


def delong_sums(path, spec, names, pos_label, tables):
    """The :class:`~evalplots.metrics.DeLongCrossSums` of one Parquet file, or None.

    Parameters
    ----------
    path : str
        The partition's file.
    spec : dict
        The evaluation's reading spec (as for :func:`score_tables`).
    names : list of str
        The models, in the evaluation's order.
    pos_label : object
        The resolved positive class.
    tables : dict of str to ScoreCounts
        Every model's merged table of all rows (the first pass's).

    Returns
    -------
    cross : DeLongCrossSums or None
        As :meth:`DeLongCrossSums.from_arrays` of the rows the general reader
        reads, summed block by block (the sums of blocks add, as its ``merge``
        adds those of partitions); None when the general reader must read the
        file (see :func:`score_tables`; also when a score is absent from its
        table, which the general path then reports).
    """
    def run():
        return _delong_of_blocks(
            ((positive, _float_scores(batch, names), weight, batch.num_rows)
             for batch, positive, weight in _blocks(path, spec, names, pos_label)[1]),
            names, tables)
    return _guarded(path, spec, names, run)


def delong_sums_of_rows(positive, scores, weight, n_rows, tables):
    """:class:`~evalplots.metrics.DeLongCrossSums` of checked rows in memory.

    As :meth:`DeLongCrossSums.from_arrays` of the rows that
    :func:`~evalplots.metrics.summaries._binary.delong_rows` returns (its
    arguments), by the lookup of :func:`delong_sums`, ``BLOCK_ROWS`` rows at a
    time.
    """
    from evalplots.metrics import DeLongCrossSums

    starts = range(0, max(positive.size, 1), BLOCK_ROWS)
    blocks = ((positive[i:i + BLOCK_ROWS],
               {name: s[i:i + BLOCK_ROWS] for name, s in scores.items()},
               None if weight is None else weight[i:i + BLOCK_ROWS], 0) for i in starts)
    sums = _delong_of_blocks(blocks, list(scores), tables)
    return DeLongCrossSums(sums.sums, n_rows, 1)


def _delong_of_blocks(blocks, names, tables):
    """DeLongCrossSums of ``(positive mask, {model: scores}, weights or None, rows)``
    blocks: per block :meth:`DeLongCrossSums._from_placed`, then added."""
    from evalplots.metrics import DeLongCrossSums

    lookups = {name: _Placements(tables[name], name) for name in names}
    aucs = {name: lookup.auc for name, lookup in lookups.items()}
    parts = [DeLongCrossSums._from_placed(
        {name: lookups[name](scores[name], positive, weight) for name in names}, aucs,
        positive, weight, n_rows) for positive, scores, weight, n_rows in blocks]
    return DeLongCrossSums.merge(parts)


# --- continuous scores: blocks of checked rows for the exact range path ---------------


def _checked_blocks(path, spec, names, pos_label):
    """Blocks of a file's rows as ``(labels, positive mask, {model: float64 scores},
    weights)``, every value checked as the reader checks it (labels by
    :class:`_Positives`, weights by ``read_numbers``, scores finite floats without
    nulls). Raises :class:`_NotHere` where the general reader must read the file."""
    positives, blocks = _blocks(path, spec, names, pos_label)
    for batch, positive, weight in blocks:
        scores = {name: _finite(s) for name, s in _float_scores(batch, names).items()}
        yield positives.labels(batch.column(0)), positive, scores, weight


def _float_scores(batch, names):
    """{model: float64 scores} of a block (columns 1.. in ``names``' order); a null
    score raises :class:`_NotHere` (the general reader reports it)."""
    out = {}
    for j, name in enumerate(names, start=1):
        column = batch.column(j)
        if column.null_count:
            raise _NotHere
        out[name] = column.to_numpy(zero_copy_only=False).astype(np.float64, copy=False)
    return out


def score_samples(path, spec, names, pos_label, points, min_rows=0):
    """Per model a sample of one Parquet file's continuous scores, or None.

    Returns
    -------
    samples : dict of str to tuple or None, or None
        None when the general reader must read the file (see
        :func:`score_tables`), when it has fewer than ``min_rows`` rows (its
        table is built), or a model's first block is not continuous;
        else per model ``(scores, weights or None, n_pos, n_neg, n_rows)``: about
        ``points`` scores drawn without replacement block by block (each
        block in proportion to its rows) and the totals of all rows; None
        for every model when no row has non-zero weight.
    """
    out = _guarded(path, spec, names,
                   lambda: _samples(path, spec, names, pos_label, points, min_rows))
    return None if out is None else out[0]


def sampled_summary(path, spec, names, pos_label, threshold, points, min_rows=0):
    """(:class:`~evalplots.metrics.BinarySummary` without tables, samples) of one
    Parquet file of continuous scores, or None.

    The summary is :func:`binary_summary`'s with each model's table left empty
    (its loss moments from the rows), the samples :func:`score_samples`'; read
    in one pass of blocks.
    """
    from evalplots.metrics import BinarySummary, ScoreCounts
    from evalplots.metrics.summaries._binary import block_sums
    from evalplots.metrics._validation import check_threshold

    def run():
        checked = check_threshold(threshold)
        sums = []

        def on_block(y, positive, scores, weight):
            sums.append(block_sums(y, positive, scores, weight, checked, by_rows=names))

        samples, n_rows = _samples(path, spec, names, pos_label, points, min_rows,
                                   on_block)
        empty = ScoreCounts.empty(sample_weight=np.zeros(0))  # merged apart
        return BinarySummary._from_blocks(dict.fromkeys(names, empty), sums,
                                          pos_label=pos_label, threshold=checked,
                                          n_rows=n_rows), samples
    return _guarded(path, spec, names, run)


def _samples(path, spec, names, pos_label, points, min_rows, on_block=None):
    """(:func:`score_samples`' samples, rows); ``on_block`` as in :func:`_score_tables`."""
    import pyarrow.parquet as pq

    n_rows = pq.read_metadata(path).num_rows
    if n_rows < min_rows:
        raise _NotHere
    rng = np.random.default_rng(n_rows)
    picks = {name: [] for name in names}
    n_pos = n_neg = 0
    blocks = _checked_blocks(path, spec, names, pos_label)
    for i, (y, positive, scores, weight) in enumerate(blocks):
        n = positive.size
        if i == 0 and not all(estimated_distinct(s) for s in scores.values()):
            raise _NotHere  # few distinct scores: their tables are merged
        if on_block is not None:
            on_block(y, positive, scores, weight)
        if weight is None:
            n_pos += int(np.count_nonzero(positive))
            n_neg += n - int(np.count_nonzero(positive))
        else:
            n_pos += weight[positive].sum()
            n_neg += weight[~positive].sum()
        k = min(n, -(-points * n // max(1, n_rows)))
        pick = rng.choice(n, k, replace=False) if k < n else slice(None)
        for name in names:
            picks[name].append((scores[name][pick],
                                None if weight is None else weight[pick]))
    if n_pos + n_neg == 0:
        return dict.fromkeys(names), n_rows
    return {name: (np.concatenate([s for s, _ in picks[name]]),
                   None if spec.get("weight_column") is None
                   else np.concatenate([w for _, w in picks[name]]),
                   n_pos, n_neg, n_rows) for name in names}, n_rows


def ranged_scores(path, spec, name, pos_label, lo, hi, cuts, spill=None):
    """The rows of one Parquet file with ``lo < score <= hi`` (one model), by range.

    Returns
    -------
    ranges : list of list of BinaryScores, or None
        Per range of ``cuts`` (see :func:`evalplots.dask._ranking.rows_by_range`)
        its rows, one BinaryScores per block read (the task holds one block
        and the rows picked); None when the general reader must read the file.
        The rows of later waves are put aside as ``spill`` says (see
        :class:`evalplots.dask._ranking.Spill`).
    """
    def run():
        from evalplots.metrics.ranking._thresholds import BinaryScores

        ranges = [[] for _ in range(cuts.size + 1)]
        with Spill(spill) as aside:
            for _, positive, scores, weight in _checked_blocks(path, spec, [name],
                                                               pos_label):
                data = BinaryScores(scores[name], positive, weight)
                aside.add(data)
                for rows, found in zip(ranges, rows_by_range(data, lo, hi, cuts)):
                    rows.append(found)
        return ranges
    return _guarded(path, spec, [name], run)
