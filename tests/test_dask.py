"""evalplots.dask on a LocalCluster of 2 worker processes: the same numbers as in memory.

The data of each test is drawn block by block on the workers (a seeded generator
per block), and the in-memory reference draws the same blocks in the test process,
so no large array is shipped through the scheduler.
"""

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

N_ROWS = 1_000_000
N_PARTS = 16


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, memory_limit="2GiB",
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


def _sizes():
    """16 partitions, one of them empty."""
    sizes = np.full(N_PARTS, N_ROWS // (N_PARTS - 1))
    sizes[5] = 0
    sizes[-1] += N_ROWS - sizes.sum()
    return [int(s) for s in sizes]


def _data(seed, kind, weights, labels=(0, 1)):
    """(dask y, dask s, dask w) and the same arrays in memory."""
    sizes = _sizes()
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
    ("continuous", False, 24 * 50_000),  # 10^6 distinct: range-partitioned exact path
    ("continuous", True, 24 * 50_000),
])
def test_binary_exact_equals_in_memory(client, kind, weights, budget):
    (y, s, w), (ym, sm, wm) = _data(1, kind, weights)
    options = {} if budget is None else {"memory_budget": budget}
    r = ranking_summary(y, s, sample_weight=w if weights else None, **options)
    expected = _reference(ym, sm, wm if weights else None, None)
    assert r.method == ("table" if budget is None else "ranges")
    if budget is not None:
        assert r.n_ranges > 10  # each range's table fits the budget
    np.testing.assert_allclose([r.roc_auc, r.average_precision, r.break_even_point],
                               expected, rtol=0, atol=1e-12)
    assert r.n_pos == pytest.approx(((ym == 1) * wm).sum() if weights else (ym == 1).sum())
    # the thinned table's vertices are exact points of the curve: its area is
    # within the stated bound of the exact AUC
    from evalplots.metrics._auc import auc_from_counts

    fps, tps, _ = r.table.counts()
    assert abs(auc_from_counts(fps, tps) - r.roc_auc) <= r.auc_bound + 1e-15
    assert len(r.table) <= 20_000 + r.n_ranges


def test_string_labels_with_pos_label(client):
    (y, s, _), (ym, sm, _) = _data(2, "continuous", False, labels=("ham", "spam"))
    r = ranking_summary(y, s, pos_label="spam", method="exact", memory_budget=24 * 100_000)
    expected = _reference(ym, sm, None, "spam")
    np.testing.assert_allclose([r.roc_auc, r.average_precision, r.break_even_point],
                               expected, rtol=0, atol=1e-12)
    # 'ham' as the positive class: the complement ranking
    r = ranking_summary(y, -s, pos_label="ham")
    assert r.roc_auc == pytest.approx(expected[0], abs=1e-12)


def test_binned_mode_states_its_bound(client):
    (y, s, _), (ym, sm, _) = _data(3, "continuous", False)
    r = ranking_summary(y, s, method="binned", n_bins=100)
    exact = roc_auc_score(ym, sm)
    assert r.method == "binned" and np.isnan(r.average_precision)
    assert abs(r.roc_auc - exact) <= r.auc_bound
    assert 0 < r.auc_bound < 0.01
    assert len(r.table) == 100


def _killer(marker):
    """A block function that kills its worker process the first time it runs."""
    def block(x):
        if not os.path.exists(marker):
            with open(marker, "w") as fh:
                fh.write(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
        return x
    return block


def test_worker_killed_mid_run_gives_the_exact_answer(client, tmp_path):
    (y, s, _), (ym, sm, _) = _data(4, "continuous", False)
    marker = str(tmp_path / "killed")
    s = s.map_blocks(_killer(marker), dtype=s.dtype)
    r = ranking_summary(y, s, memory_budget=24 * 100_000)
    assert os.path.exists(marker)  # a worker did die
    np.testing.assert_allclose([r.roc_auc, r.average_precision, r.break_even_point],
                               _reference(ym, sm, None, None), rtol=0, atol=1e-12)
