"""Partitions of predictions, however they arrive: dask arrays, a dask DataFrame, files.

Every input becomes a list of *partitions*, each a dask task that yields the
typed arrays of one part of the data, ``(y_true, predictions, sample_weight)``,
exactly as :func:`evalplots.evaluate` takes them in memory. Files (a Parquet or
CSV path or glob, one partition per file) and the partitions of a dask
DataFrame are read with :func:`evalplots.datasets._reader.predictions_from_frame`,
the rules of the in-memory reader (column roles, ``<model>:<class>`` headers,
row identifiers, strict cells), so both paths read a column the same way.

Three steps, each a reduction over the partitions or a single task, so no raw row
reaches the client:

1. *scan*: each partition's row count and distinct target values (the classes of
   the whole data; a partition may hold one class only, or none);
2. *layout*: the first non-empty partition, read with the global classes, names
   the models, their kind and the task (:func:`evalplots.evaluation.detect_task`
   on the global classes and that partition's predictions);
3. the evaluation's own passes, where every partition is read with the same
   models and classes, and a partition whose columns read differently is an
   error naming it.

In those passes a partition is what :func:`blocks` makes of it: blocks of
typed rows. A Parquet file of a class target and float score columns (the
common large input) is read in blocks of ``BLOCK_ROWS`` rows by
:func:`evalplots.datasets._parquet.parquet_blocks` and the reader's cell
rules, so a task holds a few blocks whatever the file's size; any other file,
a DataFrame's partition or a chunk of arrays is one block.
"""

import dataclasses
import glob
import os

import numpy as np

__all__ = ["BLOCK_ROWS", "FilePart", "blocks", "partitions_from_arrays",
           "partitions_from_frame", "partitions_from_path"]

#: More distinct target values than this: a regression target, not classes.
MAX_CLASSES = 10_000
#: Rows of a Parquet file read at a time: a task's memory is a few such blocks.
BLOCK_ROWS = 1 << 20


class InputError(ValueError):
    """An input problem located in one partition (its file, or its number)."""


def _located(where, exc):
    message = " ".join(str(exc).split())
    return InputError(f"{where}: {message}")


def _checked(where, function, *args):
    try:
        return function(*args)
    except InputError:
        raise
    except (ValueError, OSError) as exc:
        if isinstance(exc, FileNotFoundError):
            raise
        raise _located(where, exc) from None


# --- reading one partition -------------------------------------------------


def _frame_of_file(path):
    """A file's frame; one without rows is an empty partition, not an error."""
    from evalplots.datasets._reader import _read_frame

    return _read_frame(path, allow_empty=True)


def _target_of_file(path, target):
    """(labels or None, header, notes) for the scan: a Parquet file's target column
    only, in blocks (text read once per distinct value); a CSV file whole."""
    from evalplots.datasets import PARQUET_SUFFIXES
    from evalplots.datasets._columns import read_labels
    from evalplots.datasets._parquet import parquet_blocks, parquet_header

    if not os.fspath(path).lower().endswith(PARQUET_SUFFIXES):
        frame, source, notes = _frame_of_file(path)
        _has_target(frame.columns, target)
        y = read_labels(frame[target], target, source) if len(frame) else None
        return y, list(frame.columns), notes
    header = _has_target(parquet_header(path)[0], target)
    ys = [read_labels(frame[target], target, source)
          for frame, source in parquet_blocks(path, [target], block_rows=BLOCK_ROWS)]
    return (np.concatenate(ys) if ys else None), header, []


def _has_target(header, target):
    """The header as a list, refused (by the readers' message) without ``target``."""
    from evalplots.datasets._columns import check_target

    header = list(header)
    check_target(header, target)
    return header


def _frame_of_partition(frame):
    from evalplots.datasets._columns import check_header, strip_text_columns
    from evalplots.datasets._parquet import ParquetSource

    frame = frame.reset_index(drop=True)
    names = [n.strip() if isinstance(n, str) else n for n in frame.columns]
    if not all(isinstance(n, str) for n in names):
        raise ValueError(f"the column names {names!r} are not all text; give every "
                         f"column a text name.")
    frame.columns = check_header(names)
    strip_text_columns(frame)
    return frame, ParquetSource(frame), []


def _read(loader, item, spec):
    """Typed ``(y_true, predictions, weight)`` of one frame partition."""
    from evalplots.datasets._columns import read_numbers
    from evalplots.datasets._reader import predictions_from_frame

    frame, source, notes = loader(item)
    if len(frame) == 0:  # an empty partition contributes nothing
        return None, notes
    weight = None
    exclude = list(spec.get("exclude") or ())
    if spec.get("weight_column") is not None:
        name = spec["weight_column"]
        if name not in frame.columns:
            raise ValueError(f"no sample-weight column {name!r}; the columns are "
                             f"{', '.join(frame.columns)}.")
        weight = read_numbers(frame[name], name, source).astype(np.float64)
        exclude.append(name)
    data = predictions_from_frame(frame, source, notes, target=spec["target"],
                                  models=spec.get("models"), exclude=exclude or None,
                                  classes=spec.get("classes"))
    return (data.y_true, data.predictions, weight), data


def _scan(y):
    """(n_rows, dtype kind, sorted distinct values or None when too many / continuous)."""
    from evalplots.evaluation._regression import is_regression_target
    from evalplots.metrics._labels import class_values

    if y is None:
        return 0, None, None
    if is_regression_target(y):
        return y.size, "f", None
    values = class_values(y)
    return y.size, y.dtype.kind, (values if values.size <= MAX_CLASSES else None)


def _scan_frame(loader, item, where, spec):
    def run():
        from evalplots.datasets._columns import read_labels

        target = spec["target"]
        if loader is _frame_of_file:
            y, header, notes = _target_of_file(item, target)
        else:
            frame, source, notes = loader(item)
            header = _has_target(frame.columns, target)
            y = read_labels(frame[target], target, source) if len(frame) else None
        if y is not None and y.size == 0:
            y = None
        return (*_scan(y), tuple(header), tuple(notes))
    return _checked(where, run)


def _frame_chunk(loader, item, where, spec):
    def run():
        chunk, data = _read(loader, item, spec)
        if chunk is None:
            return None
        expected = spec.get("kinds")
        if expected is not None:
            kinds = _kinds(data.predictions, data.y_true)
            for name, kind in kinds.items():
                if kind != expected[name]:
                    raise ValueError(
                        f"model {name!r} reads as {kind} here but as {expected[name]} "
                        f"in the first partition; make the column hold one kind of "
                        f"values in every file.")
        return chunk
    return _checked(where, run)


def _kinds(predictions, y_true):
    """Per model how its column reads: 'class scores', 'numbers' or 'predicted labels'."""
    return {name: "class scores" if p.ndim == 2 else "numbers" if p.dtype.kind == "f"
            else "predicted labels" for name, p in predictions.items()}


#: Rows of a file's head that the layout reads when the schema decides the kinds.
LAYOUT_ROWS = 1000


def _head_of_file(path):
    from evalplots.datasets._parquet import read_parquet_frame

    return read_parquet_frame(path, nrows=LAYOUT_ROWS)


def _class_type(arrow_type):
    """Whether a Parquet column of this type reads as classes whatever its values
    (integers, booleans or text)."""
    import pyarrow as pa

    return (pa.types.is_integer(arrow_type) or pa.types.is_boolean(arrow_type)
            or pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type))


def _schema(path, spec):
    """{stripped name: Arrow type} of a Parquet file whose reading the schema
    decides (known classes), else None."""
    from evalplots.datasets import PARQUET_SUFFIXES
    from evalplots.datasets._parquet import parquet_header

    if spec.get("classes") is None or not os.fspath(path).lower().endswith(
            PARQUET_SUFFIXES):
        return None
    header, schema = parquet_header(path)
    return {name: schema.field(i).type for i, name in enumerate(header)}


def _typed_by_schema(path, spec):
    """Whether a file's head reads as the whole file does: a Parquet file, known
    classes, a text/integer/boolean target and float other columns.

    Then the reader's rules decide each column's role and kind by its name and
    type alone (a float column is scores, or a row identifier by its name; never
    predicted labels), so the head's layout is the file's, and any bad value
    past the head is found, with its row, when its partition is read.
    """
    import pyarrow as pa

    types = _schema(path, spec)
    return (types is not None and spec["target"] in types
            and _class_type(types[spec["target"]])
            and all(pa.types.is_floating(t) for n, t in types.items()
                    if n != spec["target"]))


def _block_columns(path, spec):
    """The columns a file is read in blocks by (target, models, weight), or None
    when it is read whole: a Parquet file of a binary task, a class target, float
    models that read as numbers, a numeric weight."""
    import pyarrow as pa

    models, weight = spec["models"], spec.get("weight_column")
    kinds = spec.get("kinds") or {}
    if spec.get("task") != "binary" or any(kinds.get(n) != "numbers" for n in models):
        return None
    types = _schema(path, spec)
    columns = [spec["target"], *models, *([] if weight is None else [weight])]
    if types is None or not all(n in types for n in columns):
        return None
    if not (_class_type(types[spec["target"]])
            and all(pa.types.is_floating(types[n]) for n in models)
            and (weight is None or pa.types.is_floating(types[weight])
                 or pa.types.is_integer(types[weight]))):
        return None
    return columns


class Checked(tuple):
    """A block ``(y_true, predictions, sample_weight)`` whose every cell the reader's
    rules checked: labels typed, scores finite float64, weights valid."""


@dataclasses.dataclass(frozen=True)
class FilePart:
    """A partition that is a file, read in the task that reduces it."""

    path: str
    where: str
    spec: dict


def blocks(part):
    """``(rows, blocks)`` of a partition: its typed ``(y_true, predictions,
    sample_weight)`` blocks, and its rows (None when it is one block).

    A :class:`FilePart` whose columns :func:`_block_columns` finds is read in
    blocks of ``BLOCK_ROWS`` rows, each cell by the reader's rules (labels by
    ``read_labels``, scores and weights by ``read_numbers``), a refused one
    named by its row in the file; another file is read whole, as
    :func:`evalplots.datasets.read_predictions` reads it. A chunk read already
    (a DataFrame's partition, arrays) is one block; None (an empty partition)
    has none.
    """
    if not isinstance(part, FilePart):
        return None, iter(() if part is None else (part,))
    columns = _block_columns(part.path, part.spec)
    if columns is not None:
        import pyarrow.parquet as pq

        n_rows = pq.read_metadata(part.path).num_rows
        return (n_rows if n_rows > BLOCK_ROWS else None,
                _file_blocks(part.path, columns, part.spec))
    return blocks(_frame_chunk(_frame_of_file, part.path, part.where, part.spec))


def _file_blocks(path, columns, spec):
    from evalplots.datasets._columns import read_labels, read_numbers
    from evalplots.datasets._parquet import parquet_blocks
    from evalplots.metrics._validation import check_sample_weight

    target, models, weight = columns[0], spec["models"], spec.get("weight_column")
    for frame, source in parquet_blocks(path, columns, block_rows=BLOCK_ROWS):
        if len(frame):
            yield Checked((read_labels(frame[target], target, source),
                           {name: read_numbers(frame[name], name, source)
                            for name in models},
                           None if weight is None else check_sample_weight(
                               read_numbers(frame[weight], weight, source)
                               .astype(np.float64), len(frame))))


def _layout_frame(loader, item, where, spec):
    def run():
        head = loader is _frame_of_file and _typed_by_schema(item, spec)
        chunk, data = _read(_head_of_file if head else loader, item, spec)
        return _layout_of(chunk, spec, data)
    return _checked(where, run)


def _layout_of(chunk, spec, data=None):
    """Models, kinds and stand-in arrays of one non-empty partition (a small result).

    The stand-ins are what the task's rules (:func:`evalplots.evaluation.detect_task`)
    look at: the global classes (or this partition's target when it is
    continuous) and each model's first predictions, as many rows.
    """
    if chunk is None:
        return None
    y, predictions, _ = chunk
    classes = spec.get("classes")
    standin = y[:1000] if classes is None else classes
    n = standin.size
    return {
        "models": list(predictions),
        "kinds": _kinds(predictions, y),
        "standin_y": standin,
        "standin_predictions": {name: np.resize(p, (n,) + p.shape[1:])
                                for name, p in predictions.items()},
        "notes": tuple(data.notes) if data is not None else (),
        "id_columns": tuple(data.id_columns) if data is not None else (),
    }


# --- building the partitions ------------------------------------------------


def _files(path):
    path = os.fspath(path)
    if any(ch in path for ch in "*?["):
        files = sorted(glob.glob(path))
        if not files:
            raise FileNotFoundError(2, "No file matches the pattern", path)
        return files
    if os.path.isdir(path):
        from evalplots.datasets import PARQUET_SUFFIXES

        files = sorted(os.path.join(path, f) for f in os.listdir(path)
                       if f.lower().endswith(PARQUET_SUFFIXES + (".csv",)))
        if not files:
            raise FileNotFoundError(2, "No Parquet or CSV file in the directory", path)
        return files
    if not os.path.exists(path):
        raise FileNotFoundError(2, "No such file or directory", path)
    return [path]


class _FramePartitions:
    """Partitions read from frames: files, or the partitions of a dask DataFrame."""

    def __init__(self, loader, items, where, source, spec):
        self.loader, self.items, self.where, self.source = loader, items, where, source
        self.spec = dict(spec)

    def scan_tasks(self):
        import dask

        scan = dask.delayed(_scan_frame, pure=True)
        return [scan(self.loader, item, w, self.spec)
                for item, w in zip(self.items, self.where)]

    def layout_task(self, index, spec):
        import dask

        return dask.delayed(_layout_frame, pure=True)(
            self.loader, self.items[index], self.where[index], spec)

    def part_tasks(self, spec):
        """Per partition a :class:`FilePart`, or a task of its typed chunk."""
        import dask

        if self.loader is _frame_of_file:
            return [FilePart(f, w, spec) for f, w in zip(self.items, self.where)]
        chunk = dask.delayed(_frame_chunk, pure=True)
        return [chunk(self.loader, item, w, spec) for item, w in zip(self.items, self.where)]

    def files(self):
        """The partitions' files, or None (a dask DataFrame's partitions)."""
        return list(self.items) if self.loader is _frame_of_file else None


def partitions_from_path(path, spec):
    """Partitions of a Parquet/CSV file, directory or glob: one per file.

    The files are found here, on the client, and named by absolute paths: a
    worker of a remote scheduler runs in a directory of its own.
    """
    files = [os.path.abspath(f) for f in _files(path)]
    return _FramePartitions(_frame_of_file, files, [f"file {f!r}" for f in files],
                            os.fspath(path), spec)


def partitions_from_frame(frame, spec):
    """Partitions of a dask DataFrame: its own partitions, read by the file rules."""
    parts = frame.to_delayed()
    return _FramePartitions(_frame_of_partition, parts,
                            [f"partition {i}" for i in range(len(parts))],
                            "a dask DataFrame", spec)


def _array_chunk(y, predictions, weight, where, spec):
    def run():
        y_ = np.asarray(y)
        if y_.ndim != 1:
            raise ValueError(f"y_true must be 1-D, got shape {y_.shape}.")
        if y_.size == 0:
            return None
        preds = {name: np.asarray(p) for name, p in predictions.items()}
        return y_, preds, None if weight is None else np.asarray(weight, dtype=np.float64)
    return _checked(where, run)


def _array_scan(y, where):
    def run():
        y_ = np.asarray(y)
        return (*_scan(y_ if y_.size else None), None, ())
    return _checked(where, run)


def _array_layout(chunk, where, spec):
    return _checked(where, _layout_of, chunk, spec)


def _blocks(x, chunks):
    """Per-partition delayed pieces of a dask array or Series, aligned to ``chunks``."""
    import dask.array as da

    if isinstance(x, da.Array):
        if x.ndim == 2:
            x = x.rechunk((chunks, (x.shape[1],)))
            return list(x.to_delayed()[:, 0])
        return list(x.rechunk((chunks,)).to_delayed())
    return list(x.to_delayed())  # a dask Series: its partitions


class _ArrayPartitions:
    """Partitions of dask arrays (blocks along the samples) or dask Series."""

    def __init__(self, y_true, predictions, sample_weight, spec):
        import dask.array as da

        self.spec = dict(spec)
        if isinstance(y_true, da.Array):
            if y_true.ndim != 1:
                raise ValueError(f"y_true must be a 1-D dask array, got {y_true.ndim}-D.")
            chunks = y_true.chunks[0]
            self.y = list(y_true.to_delayed())
            for name, p in predictions.items():
                if not isinstance(p, da.Array) or p.shape[0] != y_true.shape[0]:
                    raise ValueError(
                        f"predictions[{name!r}] must be a dask array of "
                        f"{y_true.shape[0]} rows like y_true, got {p!r}.")
            if sample_weight is not None and (not isinstance(sample_weight, da.Array)
                                              or sample_weight.shape != y_true.shape):
                raise ValueError("sample_weight must be a 1-D dask array shaped like "
                                 "y_true.")
        else:
            chunks = None
            self.y = list(y_true.to_delayed())
            for name, p in predictions.items():
                if getattr(p, "npartitions", None) != y_true.npartitions:
                    raise ValueError(
                        f"predictions[{name!r}] must be a dask Series with the "
                        f"{y_true.npartitions} partitions of y_true (columns of one "
                        f"dask DataFrame), got {p!r}.")
        self.preds = {name: _blocks(p, chunks) for name, p in predictions.items()}
        self.weight = None if sample_weight is None else _blocks(sample_weight, chunks)
        self.where = [f"partition {i}" for i in range(len(self.y))]
        self.source = "dask arrays"

    def _pieces(self, i):
        return (self.y[i], {name: blocks[i] for name, blocks in self.preds.items()},
                None if self.weight is None else self.weight[i])

    def scan_tasks(self):
        import dask

        scan = dask.delayed(_array_scan, pure=True)
        return [scan(y, w) for y, w in zip(self.y, self.where)]

    def part_tasks(self, spec):
        """Per partition a task of its typed chunk."""
        import dask

        chunk = dask.delayed(_array_chunk, pure=True)
        return [chunk(*self._pieces(i), self.where[i], spec) for i in range(len(self.y))]

    def files(self):
        """None: the partitions are blocks of arrays, not files."""
        return None

    def layout_task(self, index, spec):
        import dask

        chunk = self.part_tasks(spec)[index]
        return dask.delayed(_array_layout, pure=True)(chunk, self.where[index], spec)


def partitions_from_arrays(y_true, predictions, sample_weight, spec):
    """Partitions of dask arrays or dask Series (partition i = block i of each)."""
    return _ArrayPartitions(y_true, predictions, sample_weight, spec)
