"""evalplots.dask on a LocalCluster of 2 worker processes: the same numbers as in memory.

The data of each test is drawn block by block on the workers (a seeded generator
per block), and the in-memory reference draws the same blocks in the test process,
so no large array is shipped through the scheduler.
"""

import contextlib
import os
import signal

import numpy as np
import pytest

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")

from evalplots.dask import ranking_summary  # noqa: E402
from evalplots.metrics import (  # noqa: E402
    average_precision_score,
    break_even_point,
    roc_auc_score,
)

N_ROWS = 100_000  # budgets below are scaled to it: every path still runs
N_PARTS = 16


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, memory_limit="2GiB",
                                  scheduler_kwargs={"dashboard_address": ":0"},
                                  silence_logs=40) as cluster, \
            distributed.Client(cluster) as c:
        yield c


def _block(i, size, seed, kind, weights, labels):
    """Block ``i``: labels, scores and weights drawn from a generator seeded by (seed, i)."""
    rng = np.random.default_rng([seed, i])
    y = rng.integers(0, 2, size)
    if i == 1:
        y[:] = 0  # a partition holding the negative class only
    if kind == "discrete":
        s = np.round(rng.random(size) * 0.7 + 0.3 * y, 3)  # ~1000 distinct scores
    else:
        s = rng.normal(size=size) + 0.8 * y
    w = rng.integers(0, 4, size).astype(np.float64) if weights else np.ones(size)
    y = np.asarray(labels)[y]
    return y, s, w


def _sizes(n_rows=N_ROWS):
    """16 partitions, one of them empty."""
    sizes = np.full(N_PARTS, n_rows // (N_PARTS - 1))
    sizes[5] = 0
    sizes[-1] += n_rows - sizes.sum()
    return [int(s) for s in sizes]


def _data(seed, kind, weights, labels=(0, 1), n_rows=N_ROWS):
    """(dask y, dask s, dask w) and the same arrays in memory."""
    sizes = _sizes(n_rows)
    y_dtype = np.asarray(labels).dtype
    blocks = [dask.delayed(_block, nout=3)(i, n, seed, kind, weights, labels)
              for i, n in enumerate(sizes)]
    arrays = [da.concatenate([da.from_delayed(b[k], shape=(n,), dtype=dt)
                              for b, n in zip(blocks, sizes)])
              for k, dt in enumerate((y_dtype, np.float64, np.float64))]
    local = [_block(i, n, seed, kind, weights, labels) for i, n in enumerate(sizes)]
    memory = [np.concatenate([b[k] for b in local]) for k in range(3)]
    return arrays, memory


def _reference(y, s, w, pos_label):
    return (roc_auc_score(y, s, sample_weight=w) if pos_label is None else
            _auc_pos(y, s, w, pos_label),
            average_precision_score(y, s, pos_label=pos_label, sample_weight=w),
            break_even_point(y, s, pos_label=pos_label, sample_weight=w))


def _auc_pos(y, s, w, pos_label):
    return roc_auc_score(np.asarray(y) == pos_label, s, sample_weight=w)


@pytest.mark.parametrize("kind, weights, budget", [
    ("discrete", False, None),           # ~1000 distinct scores: merged tables
    ("discrete", True, None),
    ("continuous", False, 24 * 20_000),  # 10^5 distinct: range-partitioned exact path
    ("continuous", True, 24 * 20_000),
])
def test_binary_exact_equals_in_memory(client, kind, weights, budget):
    (y, s, w), (ym, sm, wm) = _data(1, kind, weights)
    options = {} if budget is None else {"memory_budget": budget}
    r = ranking_summary(y, s, sample_weight=w if weights else None, **options)
    expected = _reference(ym, sm, wm if weights else None, None)
    assert r.method == ("table" if budget is None else "ranges")
    if budget is not None:
        assert r.n_ranges >= 5  # each range's table fits the budget
    np.testing.assert_allclose([r.roc_auc, r.average_precision, r.break_even_point],
                               expected, rtol=0, atol=1e-12)
    assert r.n_pos == pytest.approx(((ym == 1) * wm).sum() if weights else (ym == 1).sum())
    # the thinned table's vertices are exact points of the curve: its area is
    # within the stated bound of the exact AUC
    from evalplots.metrics.ranking._auc import auc_from_counts

    fps, tps, _ = r.table.counts()
    assert abs(auc_from_counts(fps, tps) - r.roc_auc) <= r.auc_bound + 1e-15
    assert len(r.table) <= 20_000 + r.n_ranges


def test_string_labels_with_pos_label(client):
    (y, s, _), (ym, sm, _) = _data(2, "continuous", False, labels=("ham", "spam"))
    r = ranking_summary(y, s, pos_label="spam", method="exact", memory_budget=24 * 20_000)
    expected = _reference(ym, sm, None, "spam")
    np.testing.assert_allclose([r.roc_auc, r.average_precision, r.break_even_point],
                               expected, rtol=0, atol=1e-12)
    # 'ham' as the positive class: the complement ranking (merged tables)
    (y, s, _), (ym, sm, _) = _data(2, "continuous", False, ("ham", "spam"), 10_000)
    r = ranking_summary(y, -s, pos_label="ham")
    assert r.roc_auc == pytest.approx(_auc_pos(ym, sm, None, "spam"), abs=1e-12)


def test_binned_mode_states_its_bound(client):
    (y, s, _), (ym, sm, _) = _data(3, "continuous", False, n_rows=100_000)
    r = ranking_summary(y, s, method="binned", n_bins=100)
    exact = roc_auc_score(ym, sm)
    assert r.method == "binned" and np.isnan(r.average_precision)
    assert abs(r.roc_auc - exact) <= r.auc_bound
    assert 0 < r.auc_bound < 0.01
    assert len(r.table) == 100


def _killer(marker):
    """A block function that kills its worker process the first time it runs."""
    def block(x):
        if x.size and not os.path.exists(marker):
            with open(marker, "w") as fh:
                fh.write(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
        return x
    return block


def test_worker_killed_mid_run_gives_the_exact_answer(client, tmp_path):
    (y, s, _), (ym, sm, _) = _data(4, "continuous", False, n_rows=200_000)
    marker = str(tmp_path / "killed")
    s = s.map_blocks(_killer(marker), meta=np.array((), dtype=s.dtype))  # not run here
    r = ranking_summary(y, s, memory_budget=24 * 40_000)  # the exact range path
    assert r.method == "ranges"
    with open(marker) as fh:  # a worker process (not this one) did die
        assert int(fh.read()) != os.getpid()
    np.testing.assert_allclose([r.roc_auc, r.average_precision, r.break_even_point],
                               _reference(ym, sm, None, None), rtol=0, atol=1e-12)


# --- files: a Parquet glob read by the datasets rules, errors naming the file ----------


def _write_parts(directory, n_files=4, rows=500, seed=0, kind="binary"):
    import pandas as pd

    rng = np.random.default_rng(seed)
    frames = []
    for i in range(n_files):
        y = rng.integers(0, 2 if kind == "binary" else 3, rows)
        if i == 1:
            y[:] = 0  # one class only in this file
        frame = {"row_id": np.arange(rows) + i * rows, "y_true": y}
        if kind == "binary":
            frame["a"] = np.round(rng.random(rows) * 0.6 + 0.4 * y, 2)
            frame["b"] = rng.random(rows) + 0.2 * y
        elif kind == "multiclass":
            for m in ("a", "b"):
                p = rng.dirichlet(np.ones(3), rows)
                p[np.arange(rows), y] += 0.5
                p /= p.sum(axis=1, keepdims=True)
                for k in range(3):
                    frame[f"{m}:{k}"] = p[:, k]
        frame = pd.DataFrame(frame)
        frame.to_parquet(directory / f"part-{i}.parquet", index=False)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def test_parquet_glob_layout_and_an_error_naming_the_file(client, tmp_path):
    import pandas as pd

    from evalplots.dask._evaluate import prepare

    whole = _write_parts(tmp_path)
    parts, spec, info = prepare(str(tmp_path / "*.parquet"))
    assert spec["models"] == ["a", "b"] and spec["task"] == "binary"
    assert info["n_rows"] == len(whole) and info["classes"].tolist() == [0, 1]
    assert any("'row_id'" in note for note in info["notes"])  # an id column, left out
    pd.DataFrame({"row_id": [9, 10], "y_true": [0, 1], "a": ["0.5", "x"],
                  "b": [0.1, 0.2]}).to_parquet(tmp_path / "part-9.parquet", index=False)
    with pytest.raises(ValueError, match=r"^file '.*part-9\.parquet': score column 'a' "
                                         r"has a non-numeric value 'x' on row 2"):
        ranking_summary(str(tmp_path / "part-9.parquet"), exclude=["b"])


# --- the Parquet fast path -----------------------------------------------------------


def _grouped_scores(rng, y, continuous=False):
    """Scores whose distinct values differ from one row group (1000 rows) to the next,
    with both 0.0 and -0.0 (one score, as a sort groups them)."""
    n = y.size
    if continuous:
        return rng.normal(size=n) + 0.7 * y
    group = np.arange(n) // 1000
    s = np.round((rng.integers(0, 40, n) + 31 * (group % 3) + 15 * y) / 97 - 0.3, 4)
    s[3], s[4], s[1500] = 0.0, -0.0, -0.0
    return s


def _write_grouped(path, seed, n, *, labels=(0, 1), weights=None, continuous=False,
                   second=False):
    """A Parquet file in row groups of 1000 rows (y_true, m[, m2][, w]); its columns."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(seed)
    k = rng.integers(0, 2, n)
    columns = {"y_true": np.asarray(labels)[k], "m": _grouped_scores(rng, k, continuous)}
    if second:
        columns["m2"] = np.round(rng.random(n) * 0.8 + 0.2 * k, 2)  # in [0, 1]
    if weights == "int":
        columns["w"] = rng.integers(0, 4, n).astype(np.float64)  # zeros too
    elif weights == "real":
        columns["w"] = rng.random(n) * 2.5
    pq.write_table(pa.table(columns), path, row_group_size=1000)
    return columns


def _spec(labels, models, weights):
    """The reading spec of a binary evaluation of float ``models``."""
    return {"target": "y_true", "classes": np.array(sorted(labels)), "task": "binary",
            "models": models, "kinds": dict.fromkeys(models, "numbers"),
            "weight_column": None if weights is None else "w"}


def _file_first(path, spec, pos_label, threshold=None, budget_rows=10**9):
    """The first pass of one file: its PartTables (and summary, given a threshold)."""
    from evalplots.dask._evaluate import _first_part
    from evalplots.dask._input import FilePart

    return _first_part(FilePart(path, f"file {path!r}", spec), f"file {path!r}",
                       spec["models"], pos_label, spec["classes"], threshold,
                       budget_rows, 1, threshold is not None)


@pytest.mark.parametrize("labels, pos_label, weights", [
    ((0, 1), 1, None), (("ham", "spam"), "spam", "int"), ((0, 1), 0, "real")])
def test_parquet_fast_path_tables_equal_the_readers(tmp_path, monkeypatch, labels,
                                                    pos_label, weights):
    from evalplots.dask import _input
    from evalplots.metrics import ScoreCounts

    monkeypatch.setattr(_input, "BLOCK_ROWS", 700)  # blocks across row groups
    path = str(tmp_path / "p.parquet")
    cols = _write_grouped(path, 7, 5500, labels=labels, weights=weights)
    got = _file_first(path, _spec(labels, ["m"], weights), pos_label)["m"].table
    expected = ScoreCounts.from_arrays(cols["y_true"], cols["m"], pos_label=pos_label,
                                       sample_weight=cols.get("w"))
    np.testing.assert_array_equal(got.score, expected.score)
    assert (got.score == 0).sum() == 1  # -0.0 and 0.0: one score
    assert got.positive.dtype == expected.positive.dtype  # int64 unless real weights
    np.testing.assert_allclose(got.positive, expected.positive, rtol=1e-13, atol=0)
    np.testing.assert_allclose(got.negative, expected.negative, rtol=1e-13, atol=0)


@pytest.mark.parametrize("labels, pos_label, weights", [
    ((0, 1), 1, None), (("ham", "spam"), "spam", "real")])
def test_parquet_fast_path_summary_equals_from_arrays(tmp_path, monkeypatch, labels,
                                                      pos_label, weights):
    from evalplots.dask import _input
    from evalplots.metrics import BinarySummary

    monkeypatch.setattr(_input, "BLOCK_ROWS", 700)
    path = str(tmp_path / "p.parquet")
    cols = _write_grouped(path, 8, 4200, labels=labels, weights=weights, second=True)
    got, parts = _file_first(path, _spec(labels, ["m", "m2"], weights), pos_label, 0.4)
    expected = BinarySummary.from_arrays(cols["y_true"], {"m": cols["m"], "m2": cols["m2"]},
                                         pos_label=pos_label, threshold=0.4,
                                         sample_weight=cols.get("w"))
    assert (got.n_rows, got.pos_label, got.threshold) == (4200, pos_label, 0.4)
    assert got.label_rows == expected.label_rows
    for key in expected.label_weight:
        assert got.label_weight[key] == pytest.approx(expected.label_weight[key],
                                                      rel=1e-13)
    for name in ("m", "m2"):
        table = parts[name].table
        np.testing.assert_array_equal(table.score, expected.tables[name].score)
        np.testing.assert_allclose(table.positive, expected.tables[name].positive,
                                   rtol=1e-13)
        np.testing.assert_allclose(got.losses[name], expected.losses[name], rtol=1e-12)
    np.testing.assert_allclose(got.pairs[("m", "m2")], expected.pairs[("m", "m2")],
                               rtol=1e-13)


@pytest.mark.parametrize("labels, pos_label, weights", [
    ((0, 1), None, None), (("ham", "spam"), "spam", "int")])
def test_parquet_files_evaluation_equals_in_memory(client, tmp_path, labels, pos_label,
                                                   weights):
    import evalplots
    import evalplots.dask

    cols = [_write_grouped(str(tmp_path / f"part-{i}.parquet"), 20 + i, n, labels=labels,
                           weights=weights, second=True)
            for i, n in enumerate([3000, 2500, 4100])]
    got, expected = _both_evaluations(tmp_path, cols, pos_label, weights)
    _table_values_equal(got, expected)
    np.testing.assert_array_equal(got.models["m2"].confusion_matrix,
                                  expected.models["m2"].confusion_matrix)


@pytest.mark.parametrize("suffix", ["parquet", "csv"])
def test_a_missing_target_column_has_the_readers_message(tmp_path, suffix):
    """A file without the target column is refused with the message of
    evalplots.datasets.read_predictions (the columns shown as it shows them: an
    invisible character escaped)."""
    import pandas as pd

    import evalplots.dask
    from evalplots.datasets import read_predictions

    frame = pd.DataFrame({"y\u200b_true": [0, 1, 1], "m": [.1, .2, .3]})
    path = tmp_path / f"part.{suffix}"
    if suffix == "parquet":
        frame.to_parquet(path, index=False)
    else:
        frame.to_csv(path, index=False)
    with pytest.raises(ValueError, match="no label column 'y_true'") as expected:
        read_predictions(str(path))
    with pytest.raises(ValueError, match="no label column 'y_true'") as got:
        evalplots.dask.evaluate(str(path))
    assert str(got.value).endswith(str(expected.value))


@pytest.mark.parametrize("continuous, method", [(False, "auto"), (True, "exact")])
def test_an_empty_partition_file_contributes_nothing(client, tmp_path, continuous, method):
    import pyarrow as pa
    import pyarrow.parquet as pq

    import evalplots
    import evalplots.dask
    from evalplots.dask._evaluate import prepare

    cols = [_write_grouped(str(tmp_path / f"part-{i}.parquet"), 30 + i, n,
                           labels=("ham", "spam"), weights="int", continuous=continuous,
                           second=True)
            for i, n in zip((0, 2, 3), (3000, 2500, 4100))]
    pq.write_table(pa.table({k: v[:0] for k, v in cols[0].items()}),  # columns, no rows
                   tmp_path / "part-1.parquet")
    assert pq.read_metadata(tmp_path / "part-1.parquet").num_rows == 0
    (tmp_path / "part-4.csv").write_text("y_true,m,m2,w\n")  # a header, no rows
    pattern = str(tmp_path / "part-*")
    notes = prepare(pattern, sample_weight="w")[2]["notes"]
    assert [n for n in notes if "no rows" in n] == [
        f"2 of 5 partitions have no rows (file {str(tmp_path / 'part-1.parquet')!r}, "
        f"...); they contribute nothing."]
    y, m, m2, w = (np.concatenate([c[k] for c in cols]) for k in ("y_true", "m", "m2", "w"))
    got = evalplots.dask.evaluate(pattern, pos_label="spam", sample_weight="w",
                                  method=method)
    expected = evalplots.evaluate(y, {"m": m, "m2": m2}, pos_label="spam",
                                  sample_weight=w)
    _table_values_equal(got, expected)


def _both_evaluations(tmp_path, cols, pos_label, weights):
    """evalplots.dask.evaluate of the files in tmp_path, and evalplots.evaluate of
    their columns ``cols`` (models m and m2) in memory."""
    import evalplots
    import evalplots.dask

    y, m, m2 = (np.concatenate([c[k] for c in cols]) for k in ("y_true", "m", "m2"))
    w = None if weights is None else np.concatenate([c["w"] for c in cols])
    got = evalplots.dask.evaluate(str(tmp_path / "*.parquet"), pos_label=pos_label,
                                  sample_weight=None if weights is None else "w")
    expected = evalplots.evaluate(y, {"m": m, "m2": m2}, pos_label=pos_label,
                                  sample_weight=w)
    return got, expected


def test_parquet_blocks_refuse_what_the_reader_refuses(tmp_path, monkeypatch):
    """A file read in blocks: a bad cell past the first block is the reader's error,
    naming the file and the row; continuous scores are sampled; integer scores, which
    the schema does not type, are read whole (the same table)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from evalplots.dask import _input

    spec = _spec((0, 1), ["m"], None)
    path = str(tmp_path / "c.parquet")
    monkeypatch.setattr(_input, "BLOCK_ROWS", 700)
    _write_grouped(path, 3, 12_000, continuous=True)  # no ties: continuous scores
    assert _file_first(path, spec, 1, budget_rows=5000)["m"].table is None
    cols = _write_grouped(path, 4, 3000)
    whole, kept = _file_first(path, spec, 1)["m"].table, cols["m"][2500]
    for bad, message in ((np.nan, r"score column 'm' has a non-finite value 'nan' on "
                                  r"row 2501"),
                         (np.inf, r"score column 'm' has a non-finite value 'inf' on "
                                  r"row 2501")):
        cols["m"][2500] = bad
        pq.write_table(pa.table(cols), path, row_group_size=1000)
        with pytest.raises(ValueError, match=r"^file '.*c\.parquet': " + message):
            _file_first(path, spec, 1)
    pq.write_table(pa.table({"y_true": pa.array([0, 1] * 1000 + [None]),
                             "m": np.linspace(0, 1, 2001).round(2)}), path)
    with pytest.raises(ValueError, match=r"label column 'y_true' is missing on row 2001"):
        _file_first(path, spec, 1)
    pq.write_table(pa.table({"y_true": np.r_[[0, 1] * 1000, 2],
                             "m": np.linspace(0, 1, 2001).round(2)}), path)
    with pytest.raises(ValueError, match=r"y_true holds 2, which is not one of the "
                                         r"classes \[0, 1\]"):
        _file_first(path, spec, 1)  # labels=[0, 1] given: no scan found the class 2
    text = np.array(["ham", " spam"] * 1000, dtype=object)  # each value read once
    text[1800] = "NaN"
    pq.write_table(pa.table({"y_true": text, "m": np.linspace(0, 1, 2000).round(2)}),
                   path)
    with pytest.raises(ValueError, match=r"label column 'y_true' is missing on row 1801 "
                                         r"\('NaN'\)"):
        _file_first(path, _spec(("ham", "spam"), ["m"], None), "spam")
    cols["m"][2500] = kept
    cols["m"] = np.round(cols["m"] * 1e4).astype(np.int64)  # integer scores: read whole
    pq.write_table(pa.table(cols), path, row_group_size=1000)
    table = _file_first(path, dict(spec, kinds={"m": "numbers"}), 1)["m"].table
    np.testing.assert_array_equal(table.score, np.round(whole.score * 1e4))
    np.testing.assert_array_equal(table.positive, whole.positive)


@pytest.mark.parametrize("labels, pos_label, weights", [
    ((0, 1), None, None), (("ham", "spam"), "spam", "int"), ((0, 1), 1, "real")])
def test_parquet_files_with_row_groups_equal_in_memory(client, tmp_path, labels,
                                                       pos_label, weights):
    """Discrete files (dictionaries differing per row group), a file of continuous
    scores (the general reader) and a file of one class, through the cluster."""
    sizes = [5500, 12_000, 3000, 2500]
    cols = [_write_grouped(str(tmp_path / f"part-{i}.parquet"), 10 + i, n,
                           labels=labels, weights=weights, continuous=i == 1)
            for i, n in enumerate(sizes)]
    one = tmp_path / "part-3.parquet"  # rewritten with the negative class only
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pq.read_table(one)
    negative = [v for v in labels if v != (pos_label if pos_label is not None else 1)][0]
    pq.write_table(table.set_column(0, "y_true", pa.array([negative] * table.num_rows)),
                   one, row_group_size=1000)
    cols[3]["y_true"] = np.full(table.num_rows, negative)
    y, s = (np.concatenate([c[k] for c in cols]) for k in ("y_true", "m"))
    w = None if weights is None else np.concatenate([c["w"] for c in cols])
    r = ranking_summary(str(tmp_path / "*.parquet"), pos_label=pos_label,
                        sample_weight=None if weights is None else "w")
    expected = (_auc_pos(y, s, w, 1 if pos_label is None else pos_label),
                average_precision_score(y, s, pos_label=pos_label, sample_weight=w),
                break_even_point(y, s, pos_label=pos_label, sample_weight=w))
    assert r.method == "table"
    np.testing.assert_allclose([r.roc_auc, r.average_precision, r.break_even_point],
                               expected, rtol=0, atol=1e-12)


@pytest.mark.parametrize("column, value, message", [
    ("m", np.nan, r"score column 'm' has a non-finite value 'nan' on row 2501"),
    ("m", -np.inf, r"score column 'm' has a non-finite value '-inf' on row 2501"),
    ("w", -1.0, r"sample_weight contains negative values")])
def test_a_bad_value_in_the_third_row_group_names_the_file(client, tmp_path, column,
                                                           value, message):
    import pyarrow as pa
    import pyarrow.parquet as pq

    _write_grouped(str(tmp_path / "part-0.parquet"), 1, 3000, weights="int")
    cols = _write_grouped(str(tmp_path / "part-1.parquet"), 2, 4000, weights="int")
    cols[column][2500] = value  # row 2501, in the third row group
    pq.write_table(pa.table(cols), tmp_path / "part-1.parquet", row_group_size=1000)
    with pytest.raises(ValueError, match=r"^file '.*part-1\.parquet': " + message):
        ranking_summary(str(tmp_path / "*.parquet"), labels=[0, 1], sample_weight="w")


@pytest.mark.parametrize("weights", [None, "int", "real"])
def test_a_range_table_and_its_counts_equal_the_in_memory_table(weights):
    """A range as the shuffle delivers it (rows sorted by score, ties and -0.0 among
    them): its table equals ScoreCounts of its rows (whole weights as integers), and
    the rows' counts per range equal the tables' totals cut at the same divisions."""
    import pandas as pd

    from evalplots.dask import _ranking
    from evalplots.metrics import ScoreCounts
    from evalplots.metrics.ranking._thresholds import BinaryScores

    rng = np.random.default_rng(5)
    n = 3000
    y = rng.integers(0, 2, n).astype(bool)
    s = np.round(rng.normal(size=n), 2)
    s[:5] = -0.0
    w = None if weights is None else (rng.integers(1, 4, n).astype(np.float64)
                                      if weights == "int" else rng.random(n) + 0.1)
    frame = _ranking.rows_frame([BinaryScores(s[:1000], y[:1000], None if w is None
                                              else w[:1000]),
                                 BinaryScores(s[1000:], y[1000:], None if w is None
                                              else w[1000:])], n + 7, w is not None)
    zero = frame["score"].to_numpy() == 0
    assert len(frame) == n and zero[:5].all() and not np.signbit(frame["score"][zero]).any()
    expected = ScoreCounts.from_arrays(y, s, sample_weight=w)
    got = _ranking.sorted_table(frame.set_index("score").sort_index())
    np.testing.assert_array_equal(got.score, expected.score)
    np.testing.assert_allclose(got.positive, expected.positive, rtol=1e-13)
    np.testing.assert_allclose(got.negative, expected.negative, rtol=1e-13)
    assert got.positive.dtype.kind == ("f" if weights == "real" else "i")
    cuts = np.array([-0.5, 0.0, 0.3])  # range r: cuts[r-1] <= score < cuts[r]
    counts = _ranking.range_counts(frame, cuts)
    at = np.searchsorted(cuts, expected.score, side="right")
    for r in range(4):
        np.testing.assert_allclose(counts[r], [expected.positive[at == r].sum(),
                                               expected.negative[at == r].sum()],
                                   rtol=1e-13)
    above = _ranking._above(counts)
    assert above[-1] == (0, 0)
    assert above[0] == pytest.approx(tuple(counts[1:].sum(axis=0)), rel=1e-13)
    assert _ranking.sorted_table(pd.DataFrame(frame[:0]).set_index("score")) is None


# --- the command: --engine dask -------------------------------------------------------


def _pdf_text(path, pages=slice(0, 3)):
    from pypdf import PdfReader

    return [" ".join(p.extract_text().split()) for p in PdfReader(path).pages[pages]]


def test_cli_report_on_a_parquet_glob_has_the_in_memory_numbers(client, tmp_path, capsys,
                                                               monkeypatch, stub_figures):
    """The command's Dask evaluation (read back from what it hands the report) has
    the in-memory numbers, and the report is built from it (figures stubbed: how
    the report prints an evaluation is the report tests' subject)."""
    import evalplots
    import evalplots.report
    from evalplots.cli import main

    data = tmp_path / "data"
    data.mkdir()
    whole = _write_parts(data)
    handed = []
    build = evalplots.report.evaluation_report

    def recording(evaluation, **kwargs):
        handed.append((evaluation, kwargs["provenance"]))
        return build(evaluation, **kwargs)

    monkeypatch.setattr(evalplots.report, "evaluation_report", recording)
    out = tmp_path / "big.pdf"
    assert main(["report", str(data / "*.parquet"), "--engine", "dask", "--scheduler",
                 client.scheduler.address, "--no-ci", "-o", str(out)]) == 0
    ((got, provenance),) = handed
    expected = evalplots.evaluate(whole["y_true"].to_numpy(),
                                  {m: whole[m].to_numpy() for m in ("a", "b")})
    _table_values_equal(got, expected)
    assert provenance.input_name.endswith("(4 files)")  # the pattern and its files
    assert "(4 files)" in " ".join(_pdf_text(out, slice(None)))
    err = capsys.readouterr().err
    assert "excluding column 'row_id'" in err


def test_cli_input_error_names_the_file_and_exits_2(client, tmp_path, capsys):
    import pandas as pd

    from evalplots.cli import main

    _write_parts(tmp_path, n_files=2)
    pd.DataFrame({"row_id": [9, 10], "y_true": [0, 1], "a": [0.5, float("nan")],
                  "b": [0.1, 0.2]}).to_parquet(tmp_path / "part-7.parquet", index=False)
    out = tmp_path / "r.pdf"
    status = main(["report", str(tmp_path / "*.parquet"), "--engine", "dask",
                   "--scheduler", client.scheduler.address, "-o", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and not out.exists()
    assert len(err) == 1
    assert "part-7.parquet" in err[0] and "row 2" in err[0] and "non-finite" in err[0]
    status = main(["report", str(tmp_path / "nothing-*.parquet"), "--engine", "dask",
                   "--scheduler", client.scheduler.address, "-o", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and "matches no file" in err[0]


def test_layering_dask_knows_no_report_nor_command():
    import subprocess
    import sys

    code = ("import sys, evalplots.dask, evalplots.dask._counts\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'reportlab'\n"
            "             or m.startswith(('evalplots.report', 'evalplots.cli',\n"
            "                              'evalplots._dask_cli'))))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_cli_ctrl_c_closes_the_local_cluster(tmp_path):
    import subprocess
    import sys
    import time

    import psutil

    from tests.support import AS_IN_A_TERMINAL

    _write_parts(tmp_path, n_files=4, rows=20_000)
    out = tmp_path / "r.pdf"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.Popen([sys.executable, "-m", "evalplots.cli", "report",
                             str(tmp_path / "*.parquet"), "--engine", "dask",
                             "--workers", "1", "-o", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, **AS_IN_A_TERMINAL)
    parent = psutil.Process(proc.pid)
    start = time.monotonic()
    deadline = start + 60
    children = []
    while time.monotonic() < deadline and len(children) < 2 and proc.poll() is None:
        time.sleep(0.2)  # wait for the nanny and its worker process
        children = parent.children(recursive=True)
    seen = time.monotonic() - start
    names = []
    for child in children:
        with contextlib.suppress(psutil.Error):  # it may have ended meanwhile
            names.append(child.name())
    time.sleep(0.3)  # well before the report's commit point (after it, exit 0 is right)
    running = proc.poll() is None
    proc.send_signal(signal.SIGINT)
    sent = time.monotonic() - start
    _, err = proc.communicate(timeout=60)
    # when this fails, say when: the worker seen, the signal sent, the run's end
    when = (f"children {names} "
            f"seen at {seen:.2f} s, SIGINT at {sent:.2f} s (run still going: {running}), "
            f"run ended at {time.monotonic() - start:.2f} s; stderr: {err}")
    assert proc.returncode == 130, when
    assert err.strip().splitlines() == ["evalplots: interrupted; no report written"]
    assert not out.exists()
    gone, alive = psutil.wait_procs(children, timeout=20)
    assert not alive  # the local cluster's processes ended with the command


# --- the evaluation objects: every table value as in memory -------------------------


def _table_values_equal(got, expected):
    """Every number of the metrics table, model by model, to 1e-12."""
    assert list(got.metrics_table.rows) == list(expected.metrics_table.rows)
    for model, row in expected.metrics_table.rows.items():
        assert list(got.metrics_table.rows[model]) == list(row)
        for column, value in row.items():
            np.testing.assert_allclose(got.metrics_table.rows[model][column], value,
                                       rtol=1e-12, atol=1e-12, err_msg=f"{model} {column}")


def _blocks_of(x, sizes):
    return da.from_array(x, chunks=(tuple(sizes),) + x.shape[1:])


def test_binary_evaluation_table_equals_in_memory(client):
    import evalplots
    import evalplots.dask

    (y, s, w), (ym, sm, wm) = _data(5, "discrete", True, n_rows=100_000)
    other = np.sin(np.arange(ym.size)) + 0.3 * ym  # a second model, for the pair tests
    got = evalplots.dask.evaluate(y, {"a": s, "b": _blocks_of(other, _sizes(ym.size))},
                                  sample_weight=w)
    expected = evalplots.evaluate(ym, {"a": sm, "b": other}, sample_weight=wm)
    assert type(got) is type(expected)
    _table_values_equal(got, expected)
    _delong_equal(got, expected)  # the DeLong pass of in-memory chunks
    np.testing.assert_array_equal(got.models["a"].confusion_matrix,
                                  expected.models["a"].confusion_matrix)


@pytest.mark.parametrize("weights", [False, True])
def test_binary_evaluation_on_the_range_path_equals_in_memory(client, weights):
    """Continuous scores past the budget: the first pass sketches instead of sorting,
    losses come from the rows, and AUC, AP, BEP from the exact range path."""
    import evalplots
    import evalplots.dask

    (y, s, w), (ym, sm, wm) = _data(6, "continuous", weights, n_rows=100_000)
    proba = 1.0 / (1.0 + np.exp(-s))  # probabilities: Brier and log loss defined
    got = evalplots.dask.evaluate(y, {"p": proba}, sample_weight=w if weights else None,
                                  memory_budget=24 * 20_000, ci=False)
    expected = evalplots.evaluate(ym, {"p": 1.0 / (1.0 + np.exp(-sm))},
                                  sample_weight=wm if weights else None)
    _table_values_equal(got, expected)


@pytest.mark.parametrize("weights", [False, True])
def test_range_path_optima_and_operating_points_are_exact(client, weights):
    """On the range path the drawn table keeps ~220 of ~4000 vertices; Youden's J,
    max F1 and every operating point are still the in-memory ones, bit for bit."""
    import evalplots
    import evalplots.dask

    rng = np.random.default_rng(12)
    n = 12_000
    y = rng.integers(0, 2, n)
    s = np.round(rng.normal(size=n) + 0.9 * y, 3)  # continuous, with ties
    w = rng.integers(0, 4, n).astype(np.float64) if weights else None
    chunks = 1_500
    got = evalplots.dask.evaluate(
        da.from_array(y, chunks=chunks), {"m": da.from_array(s, chunks=chunks)},
        sample_weight=None if w is None else da.from_array(w, chunks=chunks),
        method="exact", memory_budget=24 * 2_000, max_points=60, ci=False)
    expected = evalplots.evaluate(y, {"m": s}, sample_weight=w)
    model, reference = got.models["m"], expected.models["m"]
    assert len(model.table) < len(reference.table) // 10  # thinned for drawing
    assert model.optimal_thresholds == reference.optimal_thresholds
    assert model.operating_points == reference.operating_points
    assert model.threshold_metrics == reference.threshold_metrics


def test_multiclass_confusion_and_table_equal_in_memory(client):
    import evalplots
    import evalplots.dask

    rng = np.random.default_rng(6)
    n = 60_000
    sizes = _sizes(n)
    y = np.array(["cat", "dog", "emu"])[rng.integers(0, 3, n)]
    y[:sizes[0]] = "dog"  # a partition of one class
    proba = rng.dirichlet(np.ones(3), n)
    labels = np.array(["cat", "dog", "emu"])[rng.integers(0, 3, n)]
    got = evalplots.dask.evaluate(_blocks_of(y, sizes), {"p": _blocks_of(proba, sizes),
                                                         "l": _blocks_of(labels, sizes)},
                                  task="multiclass")
    expected = evalplots.evaluate(y, {"p": proba, "l": labels}, task="multiclass")
    assert type(got).__name__ == "MulticlassEvaluation"
    for model in ("p", "l"):
        np.testing.assert_array_equal(got.models[model].confusion_matrix,
                                      expected.models[model].confusion_matrix)
    _table_values_equal(got, expected)


def test_regression_metrics_equal_in_memory(client):
    import evalplots
    import evalplots.dask

    rng = np.random.default_rng(7)
    n = 60_000
    sizes = _sizes(n)
    y = 1e6 + rng.normal(size=n)  # a large mean: R² needs the Chan-merged M2
    pred = y + rng.normal(scale=0.5, size=n)
    got = evalplots.dask.evaluate(_blocks_of(y, sizes), {"m": _blocks_of(pred, sizes)})
    expected = evalplots.evaluate(y, {"m": pred})
    assert type(got).__name__ == "RegressionEvaluation"
    _table_values_equal(got, expected)


# --- the paired DeLong test: the second pass, by the Parquet fast path -----------------


def _delong_rows(ev):
    """(pair, [difference, CI low, CI high, p-value]) of every DeLong comparison."""
    rows = [c for c in ev.comparisons if c.test == "DeLong"]
    return ([(c.model_a, c.model_b) for c in rows],
            [[c.difference, c.ci.low, c.ci.high, c.pvalue] for c in rows])


def _delong_equal(got, expected):
    pairs, values = _delong_rows(expected)
    assert pairs and np.isfinite(values).all()  # real tests, not 'n/a'
    assert _delong_rows(got)[0] == pairs
    np.testing.assert_allclose(_delong_rows(got)[1], values, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("labels, pos_label, weights, table_bits", [
    ((0, 1), 1, None, None), (("ham", "spam"), "spam", "int", None),
    ((0, 1), 0, "real", None),
    ((0, 1), 1, "int", 3)])  # 8 slots: most scores take the general lookup
def test_parquet_delong_sums_equal_from_arrays(tmp_path, monkeypatch, labels, pos_label,
                                               weights, table_bits):
    from evalplots.dask import _counts, _input
    from evalplots.dask._evaluate import _delong_part
    from evalplots.dask._input import FilePart
    from evalplots.metrics import BinarySummary, DeLongCrossSums

    monkeypatch.setattr(_input, "BLOCK_ROWS", 700)  # blocks across row groups
    if table_bits is not None:
        monkeypatch.setattr(_counts, "TABLE_BITS", table_bits)
    path = str(tmp_path / "p.parquet")
    cols = _write_grouped(path, 9, 5500, labels=labels, weights=weights, second=True)
    spec = _spec(labels, ["m", "m2"], weights)
    predictions = {"m": cols["m"], "m2": cols["m2"]}
    tables = BinarySummary.from_arrays(cols["y_true"], predictions, pos_label=pos_label,
                                       sample_weight=cols.get("w")).tables
    got = _delong_part(FilePart(path, "p", spec), "p", tables, pos_label, spec["classes"])
    expected = DeLongCrossSums.from_arrays(cols["y_true"], predictions, tables,
                                           pos_label=pos_label,
                                           sample_weight=cols.get("w"))
    assert (got.n_rows, list(got.sums)) == (5500, [("m", "m2")])
    assert expected.sums[("m", "m2")].min() > 1.0  # sums of many rows, both classes
    np.testing.assert_allclose(got.sums[("m", "m2")], expected.sums[("m", "m2")],
                               rtol=1e-12, atol=0)


def test_parquet_delong_pass_names_the_file_and_row(tmp_path, monkeypatch):
    import pyarrow as pa
    import pyarrow.parquet as pq

    from evalplots.dask import _input
    from evalplots.dask._evaluate import _delong_part
    from evalplots.dask._input import FilePart
    from evalplots.metrics import BinarySummary

    monkeypatch.setattr(_input, "BLOCK_ROWS", 700)
    path = str(tmp_path / "part-0.parquet")
    cols = _write_grouped(path, 5, 4000, second=True)
    spec = _spec((0, 1), ["m", "m2"], None)
    tables = BinarySummary.from_arrays(cols["y_true"], {"m": cols["m"], "m2": cols["m2"]},
                                       pos_label=1).tables
    # a float target: read whole by the reader's rules (same sums)
    as_float = dict(cols, y_true=cols["y_true"].astype(np.float64))
    pq.write_table(pa.table(as_float), tmp_path / "f.parquet", row_group_size=1000)
    general = _delong_part(FilePart(str(tmp_path / "f.parquet"), "f", spec), "f", tables, 1)
    blocks = _delong_part(FilePart(path, "p", spec), "p", tables, 1, spec["classes"])
    np.testing.assert_allclose(general.sums[("m", "m2")], blocks.sums[("m", "m2")],
                               rtol=1e-12)
    # a bad value in the third row group (row 2501): the reader names file and row
    cols["m"][2500] = np.nan
    pq.write_table(pa.table(cols), path, row_group_size=1000)
    part = FilePart(path, f"file {path!r}", spec)
    with pytest.raises(ValueError, match=r"^file '.*part-0\.parquet': score column 'm' "
                                         r"has a non-finite value 'nan' on row 2501"):
        _delong_part(part, part.where, tables, 1, spec["classes"])
    # a finite score absent from the first pass's table: not these rows' tables
    cols["m"][2500] = 123.0
    pq.write_table(pa.table(cols), path, row_group_size=1000)
    with pytest.raises(ValueError, match=r"^file '.*part-0\.parquet': predictions\['m'\] "
                                         r"holds a score absent from its table"):
        _delong_part(part, part.where, tables, 1, spec["classes"])


@pytest.mark.parametrize("labels, pos_label, weights", [
    ((0, 1), None, None), (("ham", "spam"), "spam", "int")])
def test_parquet_delong_test_equals_in_memory(client, tmp_path, labels, pos_label,
                                              weights):
    """DeLong's difference, interval and p-value of two models on a Parquet glob: files
    of discrete scores (the fast path), one of continuous scores (the first pass reads
    it the general way) and one the fast path leaves to the reader."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    import evalplots
    import evalplots.dask

    cols = [_write_grouped(str(tmp_path / f"part-{i}.parquet"), 30 + i, n, labels=labels,
                           weights=weights, continuous=i == 1, second=True)
            for i, n in enumerate([5500, 4000, 3000, 2500])]
    last = dict(cols[3])  # stored so that the fast path gives it to the general reader
    if weights is None:
        last["y_true"] = last["y_true"].astype(np.float64)  # a float target
    else:
        last["w"] = last["w"].astype(str)  # weights as text
    pq.write_table(pa.table(last), tmp_path / "part-3.parquet", row_group_size=1000)
    got, expected = _both_evaluations(tmp_path, cols, pos_label, weights)
    _delong_equal(got, expected)
    assert 0 < _delong_rows(expected)[1][0][3] < 0.5  # not 0 by underflow
    _table_values_equal(got, expected)


@pytest.mark.parametrize("weights, score_dtype", [
    (None, np.float64), ("int", np.float64), ("real", np.float64), ("int", np.int64)])
def test_delong_sums_of_rows_equal_from_arrays(monkeypatch, weights, score_dtype):
    """In-memory chunks (dask arrays, or a file the general reader read) take the
    bit-keyed lookup, block by block: the sums of from_arrays."""
    from evalplots.dask import _input
    from evalplots.dask._evaluate import _delong_part
    from evalplots.metrics import BinarySummary, DeLongCrossSums

    monkeypatch.setattr(_input, "BLOCK_ROWS", 700)
    rng = np.random.default_rng(11)
    n = 5000
    y = np.array(["ham", "spam"])[rng.integers(0, 2, n)]
    a = _grouped_scores(rng, (y == "spam").astype(int))  # 0.0 and -0.0 among them
    b = np.round(rng.random(n) + 0.3 * (y == "spam"), 2)
    if score_dtype is np.int64:
        a, b = np.round(a * 1e4).astype(np.int64), np.round(b * 100).astype(np.int64)
    w = (None if weights is None else rng.integers(0, 4, n).astype(np.float64)
         if weights == "int" else rng.random(n) * 2)
    predictions = {"a": a, "b": b}
    keep = np.ones(n, bool) if w is None else w != 0
    tables = BinarySummary.from_arrays(y[keep], {k: v[keep] for k, v in predictions.items()},
                                       pos_label="spam").tables  # no weight-0 row's score
    got = _delong_part((y, predictions, w), "chunk", tables, "spam")
    expected = DeLongCrossSums.from_arrays(y, predictions, tables, pos_label="spam",
                                           sample_weight=w)
    assert got.n_rows == expected.n_rows == n
    assert expected.sums[("a", "b")].min() > 1.0
    np.testing.assert_allclose(got.sums[("a", "b")], expected.sums[("a", "b")],
                               rtol=1e-12, atol=0)


def test_delong_test_of_dask_arrays_with_text_labels_equals_in_memory(client):
    import evalplots
    import evalplots.dask

    (y, s, _), (ym, sm, _) = _data(8, "discrete", False, labels=("ham", "spam"),
                                   n_rows=100_000)
    other = np.round(np.cos(np.arange(ym.size)) + 1.3 * (ym == "spam"), 3)
    got = evalplots.dask.evaluate(y, {"a": s, "b": _blocks_of(other, _sizes(ym.size))},
                                  pos_label="spam")
    expected = evalplots.evaluate(ym, {"a": sm, "b": other}, pos_label="spam")
    _delong_equal(got, expected)
    assert 0 < _delong_rows(expected)[1][0][3] < 0.5  # not 0 by underflow
    _table_values_equal(got, expected)


# --- the exact range path: Dask's shuffle, bounded memory ------------------------------------


@pytest.mark.parametrize("weights", [False, True])
def test_ranges_follow_the_budget_and_equal_in_memory(client, monkeypatch, weights):
    """A budget of 512 KiB for 5·10^4 continuous scores in 16 partitions (one empty,
    one of one class), each shuffled in pieces of 1000 rows: many ranges, each range's
    table within the budget's rows."""
    from evalplots.dask import _ranking

    monkeypatch.setattr(_ranking, "SHUFFLE_PIECE_ROWS", 1000)
    budget = 2**19
    (y, s, w), (ym, sm, wm) = _data(7, "continuous", weights, n_rows=50_000)
    r = ranking_summary(y, s, sample_weight=w if weights else None, memory_budget=budget)
    rows = int((wm != 0).sum())  # rows of weight 0 are no score
    assert r.method == "ranges"
    assert r.n_ranges == _ranking.n_ranges_for(rows, budget) >= 6
    assert 0 < r.range_rows <= budget // _ranking.RANGE_ROW_BYTES
    np.testing.assert_allclose([r.roc_auc, r.average_precision, r.break_even_point],
                               _reference(ym, sm, wm if weights else None, None),
                               rtol=0, atol=1e-12)


@pytest.mark.parametrize("weights", [False, True])
def test_ranges_keep_ties_in_one(client, weights):
    """~1000 distinct scores, each shared by ~50 rows, on the exact path with ranges
    of a few distinct scores: the cuts fall on scores, so no tie is split."""
    (y, s, w), (ym, sm, wm) = _data(8, "discrete", weights, n_rows=50_000)
    r = ranking_summary(y, s, sample_weight=w if weights else None, method="exact",
                        memory_budget=24 * 10_000)
    assert r.method == "ranges" and r.n_ranges >= 8
    np.testing.assert_allclose([r.roc_auc, r.average_precision, r.break_even_point],
                               _reference(ym, sm, wm if weights else None, None),
                               rtol=0, atol=1e-12)


def _continuous_files(directory, sizes, labels=(0, 1), weights=None):
    """Parquet files of continuous scores (the second of one class); their columns."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    cols = []
    for i, n in enumerate(sizes):
        rng = np.random.default_rng(30 + i)
        k = np.zeros(n, int) if i == 1 else rng.integers(0, 2, n)
        c = {"y_true": np.asarray(labels)[k], "m": rng.normal(size=n) + 0.6 * k}
        if weights == "int":
            c["w"] = rng.integers(0, 4, n).astype(np.float64)
        elif weights == "real":
            c["w"] = rng.random(n) * 2.5
        pq.write_table(pa.table(c), directory / f"part-{i}.parquet", row_group_size=7000)
        cols.append(c)
    return {k: np.concatenate([c[k] for c in cols]) for k in cols[0]}


@pytest.mark.parametrize("labels, pos_label, weights", [
    ((0, 1), None, None), (("ham", "spam"), "spam", "int"), ((0, 1), 1, "real")])
def test_parquet_ranges_equal_in_memory(client, tmp_path, labels, pos_label, weights):
    """Continuous Parquet scores: sampled block by block in the first pass, read again
    by blocks for the shuffle; the same AUC, AP and BEP as in memory."""
    cols = _continuous_files(tmp_path, [40_000, 25_000, 30_000], labels, weights)
    r = ranking_summary(str(tmp_path / "*.parquet"), pos_label=pos_label,
                        sample_weight=None if weights is None else "w",
                        memory_budget=2**20)
    assert r.method == "ranges" and r.n_ranges >= 2
    y, s, w = cols["y_true"], cols["m"], cols.get("w")
    expected = (_auc_pos(y, s, w, 1 if pos_label is None else pos_label),
                average_precision_score(y, s, pos_label=pos_label, sample_weight=w),
                break_even_point(y, s, pos_label=pos_label, sample_weight=w))
    np.testing.assert_allclose([r.roc_auc, r.average_precision, r.break_even_point],
                               expected, rtol=0, atol=1e-12)


@pytest.mark.parametrize("weights", [None, "real"])
def test_parquet_range_rows_equal_the_readers(tmp_path, monkeypatch, weights):
    """A file's rows for the shuffle, read in blocks across row groups, and its
    sample's totals, equal those of the general reader's arrays."""
    from evalplots.dask import _input
    from evalplots.dask._evaluate import _rows_frame
    from evalplots.dask._input import FilePart
    from evalplots.metrics.ranking._thresholds import binary_scores

    monkeypatch.setattr(_input, "BLOCK_ROWS", 3000)  # blocks across row groups
    cols = _continuous_files(tmp_path, [20_000], weights=weights)
    path = str(tmp_path / "part-0.parquet")
    spec = _spec((0, 1), ["m"], weights)
    got = _rows_frame(FilePart(path, "p", spec), "p", "m", 1, spec["classes"],
                      weights is not None)
    data = binary_scores(cols["y_true"], cols["m"], pos_label=1,
                         sample_weight=cols.get("w"))
    np.testing.assert_array_equal(got["score"], data.score)
    np.testing.assert_array_equal(got["positive"], data.positive)
    if weights is not None:
        np.testing.assert_array_equal(got["weight"], data.weight)
    part = _file_first(path, spec, 1, budget_rows=1000)["m"]
    assert part.table is None and part.n_rows == data.score.size
    w = np.ones(20_000) if weights is None else cols["w"]
    assert part.n_pos == pytest.approx(w[cols["y_true"] == 1].sum(), rel=1e-13)
    assert part.n_neg == pytest.approx(w[cols["y_true"] == 0].sum(), rel=1e-13)


def test_default_budget_is_twice_the_largest_partition(tmp_path):
    """memory_budget=None: twice the largest partition's needed columns in memory (a
    Parquet file's from its metadata, dask arrays' from their chunks), at least 64 MiB."""
    from evalplots.dask._evaluate import (
        DEFAULT_MEMORY_BUDGET,
        MIN_MEMORY_BUDGET,
        memory_budget_of,
        prepare,
    )

    _continuous_files(tmp_path, [4000, 9000])  # int64 labels, float64 scores
    _, _, info = prepare(str(tmp_path / "*.parquet"), labels=[0, 1])
    assert info["partition_bytes"] == 9000 * (8 + 8)
    y = da.from_array(np.zeros(50_000, np.int8), chunks=20_000)
    s = da.from_array(np.linspace(0, 1, 50_000), chunks=20_000)
    _, _, info = prepare(y, {"m": s}, sample_weight=s, labels=[0, 1])
    assert info["partition_bytes"] == 20_000 * (1 + 8 + 8)
    assert memory_budget_of(None, {"partition_bytes": 2**30}) == 2**31
    assert memory_budget_of(None, {"partition_bytes": 1000}) == MIN_MEMORY_BUDGET
    assert memory_budget_of(None, {"partition_bytes": None}) == DEFAULT_MEMORY_BUDGET
    assert memory_budget_of(5000, {"partition_bytes": 2**30}) == 5000


def test_range_walk_in_blocks_equals_one_table():
    """A table walked in blocks gives the numbers of the whole table in one block."""
    from evalplots.dask import _ranking
    from evalplots.metrics import ScoreCounts

    rng = np.random.default_rng(3)
    tables = [ScoreCounts.from_arrays(rng.integers(0, 2, n), np.round(rng.random(n), 3))
              for n in (500, 800, 300)]
    whole = ScoreCounts.merge(tables)
    n_pos = int(whole.positive.sum())
    one = _ranking.range_contribution(whole, 7, 3, n_pos + 7, 50, keep_at=(0.5,))
    old = _ranking.WALK_ROWS
    try:
        _ranking.WALK_ROWS = 64  # 15 blocks
        walked = _ranking.range_contribution(whole, 7, 3, n_pos + 7, 50, keep_at=(0.5,))
    finally:
        _ranking.WALK_ROWS = old
    for key in ("auc2", "ap", "bound2"):
        assert walked[key] == pytest.approx(one[key], rel=1e-13)
    assert walked["bep"][1][0] == pytest.approx(one["bep"][1][0], rel=1e-13)
    fps, tps, thr = walked["coarse"].counts()
    f_all, t_all, thr_all = whole.counts()
    at = np.searchsorted(-thr_all, -thr)  # every kept vertex is an exact vertex
    np.testing.assert_array_equal(fps, f_all[at])  # (counted from the range's top)
    np.testing.assert_array_equal(tps, t_all[at])
    assert thr[thr >= 0.5].min() == thr_all[thr_all >= 0.5].min()  # kept at 0.5


@pytest.mark.parametrize("weights", [None, "int"])
def test_parquet_evaluation_on_the_ranges_equals_in_memory(client, tmp_path, weights):
    """evaluate() of continuous Parquet scores past the budget: the first pass reads
    blocks (sums, pair tables, losses, a sample), AUC/AP/BEP from the ranges."""
    import evalplots
    import evalplots.dask

    cols = _continuous_files(tmp_path, [30_000, 20_000, 25_000], weights=weights)
    got = evalplots.dask.evaluate(str(tmp_path / "*.parquet"), memory_budget=2**20,
                                  sample_weight=None if weights is None else "w",
                                  ci=False, threshold=0.3)
    expected = evalplots.evaluate(cols["y_true"], {"m": cols["m"]}, threshold=0.3,
                                  sample_weight=cols.get("w"))
    _table_values_equal(got, expected)
    np.testing.assert_array_equal(got.models["m"].confusion_matrix,
                                  expected.models["m"].confusion_matrix)


def test_parquet_sampled_summary_equals_from_arrays(tmp_path, monkeypatch):
    """The first pass of evaluate() on a continuous Parquet file: all but the tables
    as BinarySummary.from_arrays (weights with zeros), and the sample's totals."""
    from evalplots.dask import _input
    from evalplots.metrics import BinarySummary

    monkeypatch.setattr(_input, "BLOCK_ROWS", 3000)
    cols = _continuous_files(tmp_path, [12_000], labels=("ham", "spam"), weights="int")
    summary, parts = _file_first(str(tmp_path / "part-0.parquet"),
                                 _spec(("ham", "spam"), ["m"], "int"), "spam", 0.2,
                                 budget_rows=1000)
    expected = BinarySummary.from_arrays(cols["y_true"], {"m": cols["m"]},
                                         pos_label="spam", threshold=0.2,
                                         sample_weight=cols["w"])
    assert (summary.n_rows, summary.label_rows) == (12_000, expected.label_rows)
    assert len(summary.tables["m"]) == 0 and parts["m"].table is None
    np.testing.assert_allclose(summary.losses["m"], expected.losses["m"], rtol=1e-12)
    assert (parts["m"].n_pos, parts["m"].n_neg) == (expected.tables["m"].positive.sum(),
                                                    expected.tables["m"].negative.sum())


def test_cli_input_error_on_the_local_cluster_is_one_line(tmp_path):
    """The local cluster's workers log a failed task at ERROR level; the command's
    stderr is still the one line naming the file."""
    import subprocess
    import sys

    import pandas as pd

    _write_parts(tmp_path, n_files=2)
    pd.DataFrame({"row_id": [9, 10], "y_true": [0, 1], "a": [0.5, float("nan")],
                  "b": [0.1, 0.2]}).to_parquet(tmp_path / "part-7.parquet", index=False)
    out = tmp_path / "r.pdf"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    run = subprocess.run([sys.executable, "-m", "evalplots.cli", "report",
                          str(tmp_path / "*.parquet"), "--engine", "dask", "--workers", "1",
                          "-o", str(out)], capture_output=True, text=True, env=env,
                         timeout=120)
    err = run.stderr.strip().splitlines()
    assert run.returncode == 2 and not out.exists()
    assert len(err) == 1, run.stderr
    assert "part-7.parquet" in err[0] and "non-finite" in err[0]


def test_a_relative_glob_is_read_by_workers_in_another_directory(client, tmp_path,
                                                                  monkeypatch):
    """The files of a relative glob are found by the client and read by workers whose
    working directory is elsewhere (a remote scheduler's): by absolute paths."""
    import evalplots.dask
    from evalplots.metrics import roc_auc_score

    data = tmp_path / "data"
    data.mkdir()
    whole = _write_parts(data, n_files=2)
    monkeypatch.chdir(tmp_path)  # the client's directory; the workers stay where they are
    assert str(tmp_path) not in client.run(os.getcwd).values()
    ev = evalplots.dask.evaluate("data/*.parquet")
    for model in ("a", "b"):
        assert ev.metrics_table.rows[model]["ROC AUC"] == roc_auc_score(
            whole["y_true"], whole[model])
