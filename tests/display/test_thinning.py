"""Long curves are drawn thinned within 10⁻⁴ of their extent; stored arrays stay full."""

import numpy as np
import pytest
from matplotlib.cbook import STEP_LOOKUP_MAP
from matplotlib.figure import Figure
from sklearn.metrics import roc_auc_score
from sklearn.metrics import roc_curve as sk_roc_curve

from evalplots.display import (
    PrecisionRecallDisplay,
    RocCurveDisplay,
)
from evalplots.display._thin import (
    THIN_MIN_POINTS,
    TOLERANCE,
    plot_curve,
    thin_curve,
    thin_indices,
)


def _units(x, y, x_ref, y_ref):
    """x, y in units of the extent of the reference curve."""
    x_ref, y_ref = np.asarray(x_ref, float), np.asarray(y_ref, float)
    return ((np.asarray(x, float) - x_ref.min()) / np.ptp(x_ref),
            (np.asarray(y, float) - y_ref.min()) / np.ptp(y_ref))


def _distance_to_segments(pu, pv, au, av, bu, bv):
    du, dv = bu - au, bv - av
    length2 = du * du + dv * dv
    dot = (pu - au) * du + (pv - av) * dv
    t = np.divide(dot, length2, out=np.zeros_like(dot), where=length2 > 0)
    t = np.clip(t, 0, 1)
    return np.hypot(pu - au - t * du, pv - av - t * dv)


def _distance_to_polyline(pu, pv, qu, qv, chunk=500):
    """Distance of each point p to the polyline q, exact wherever it is <= TOLERANCE.

    Brute force over the segments whose bounding box comes within TOLERANCE of
    a chunk of points' bounding box (no other segment can be that close); a
    point with no such segment gets inf. So ``max() <= TOLERANCE`` is decided
    exactly, as by comparing with every segment, at a fraction of the cost.
    """
    u0, u1 = np.minimum(qu[:-1], qu[1:]), np.maximum(qu[:-1], qu[1:])
    v0, v1 = np.minimum(qv[:-1], qv[1:]), np.maximum(qv[:-1], qv[1:])
    out = np.full(pu.size, np.inf)
    for start in range(0, pu.size, chunk):
        s = slice(start, start + chunk)
        near = np.flatnonzero((u1 >= pu[s].min() - TOLERANCE) & (u0 <= pu[s].max() + TOLERANCE)
                              & (v1 >= pv[s].min() - TOLERANCE)
                              & (v0 <= pv[s].max() + TOLERANCE))
        if near.size:
            d = _distance_to_segments(pu[s, None], pv[s, None], qu[None, near],
                                      qv[None, near], qu[None, near + 1], qv[None, near + 1])
            out[s] = d.min(axis=1)
    return out


def test_random_score_roc_of_a_million_points_keeps_few_points_within_the_bound():
    rng = np.random.default_rng(0)
    n = 10**6
    y_true = rng.random(n) < 0.1
    fpr, tpr, _ = sk_roc_curve(y_true, rng.random(n), drop_intermediate=False)
    assert fpr.size > 10**6  # every distinct score, plus the origin
    keep = thin_indices(fpr, tpr)
    assert keep.size <= 5000, keep.size
    assert np.all(np.diff(keep) > 0)
    # the first, last and extreme points stay
    for index in (0, fpr.size - 1, fpr.argmin(), fpr.argmax(), tpr.argmin(), tpr.argmax()):
        assert index in set(keep.tolist()) or np.any(
            (fpr[keep] == fpr[index]) & (tpr[keep] == tpr[index]))
    # every dropped point is within the bound of the segment of kept points around it
    u, v = _units(fpr, tpr, fpr, tpr)
    dropped = np.setdiff1d(np.arange(fpr.size), keep)
    right = np.searchsorted(keep, dropped)
    a, b = keep[right - 1], keep[right]
    d = _distance_to_segments(u[dropped], v[dropped], u[a], v[a], u[b], v[b])
    assert d.max() <= TOLERANCE


@pytest.mark.parametrize("drawstyle", ["steps-post", "steps-pre", "default"])
def test_thinned_drawing_stays_within_the_bound_of_the_full_one_both_ways(drawstyle):
    # a precision-recall curve: noisy at the start, long flat runs, vertical runs
    rng = np.random.default_rng(1)
    n = 20_000
    y_true = rng.random(n) < 0.2
    y_score = np.round(rng.random(n) + 0.3 * y_true, 4)
    display = PrecisionRecallDisplay.from_predictions(y_true, y_score)
    x, y = display.recall, display.precision
    tx, ty, style = thin_curve(x, y, drawstyle)
    assert style == "default" and tx.size < x.size  # the staircase has 2 x size - 1
    full = STEP_LOOKUP_MAP[drawstyle](x, y)
    fu, fv = _units(*full, x, y)
    tu, tv = _units(tx, ty, x, y)
    assert _distance_to_polyline(fu, fv, tu, tv).max() <= TOLERANCE
    assert _distance_to_polyline(tu, tv, fu, fv).max() <= TOLERANCE
    assert (tx[0], ty[0], tx[-1], ty[-1]) == (x[0], y[0], x[-1], y[-1])
    assert ty.max() == y.max() and ty.min() == y.min()


def test_display_keeps_the_full_curve_and_its_numbers():
    rng = np.random.default_rng(2)
    n = 200_000
    y_true = rng.random(n) < 0.3
    y_score = rng.normal(size=n) + y_true
    display = RocCurveDisplay.from_predictions(y_true, y_score, drop_intermediate=False)
    fpr, tpr, _ = sk_roc_curve(y_true, y_score, drop_intermediate=False)
    np.testing.assert_array_equal(display.fpr, fpr)
    np.testing.assert_array_equal(display.tpr, tpr)
    assert display.roc_auc == pytest.approx(roc_auc_score(y_true, y_score), abs=1e-12)
    drawn = display.line_.get_xdata()
    assert 2 < drawn.size < 5000
    assert display.line_.get_label() == f"AUC = {display.roc_auc:.2f}"  # the full AUC


def test_short_curves_markers_and_non_finite_values_are_drawn_as_given():
    ax = Figure().add_subplot()
    x = np.linspace(0, 1, THIN_MIN_POINTS)
    y = x**2  # collinear-free but smooth: would thin a lot if it were longer
    line = plot_curve(ax, x, y, drawstyle="steps-post")
    np.testing.assert_array_equal(line.get_xdata(), x)
    assert line.get_drawstyle() == "steps-post"
    long_x = np.linspace(0, 1, 10 * THIN_MIN_POINTS)
    with_markers = plot_curve(ax, long_x, long_x**2, marker="o")
    assert len(with_markers.get_xdata()) == long_x.size
    gap = long_x**2
    gap[5] = np.nan
    assert len(plot_curve(ax, long_x, gap).get_xdata()) == long_x.size
    thinned = plot_curve(ax, long_x, long_x**2, drawstyle="steps-post")
    # every step is 10⁻⁴ wide, as large as the bound: most corners stay, but far
    # fewer than the 2n - 1 corners of the staircase
    assert thinned.get_drawstyle() == "default"
    assert len(thinned.get_xdata()) < 1.2 * long_x.size


def test_straight_and_repeated_points_are_removed_exactly():
    x = np.repeat(np.linspace(0, 1, 3000), 2)  # each point twice, all on y = 2x
    keep = thin_indices(x, 2 * x)
    np.testing.assert_array_equal(keep, [0, x.size - 2])  # the first copy of the end
    # a corner is never cut, however many points lead to it
    x = np.r_[np.linspace(0, 1, 2000), np.ones(2000)]
    y = np.r_[np.zeros(2000), np.linspace(0, 1, 2000)]
    kept = thin_indices(x, y)
    assert {(x[i], y[i]) for i in kept} == {(0, 0), (1, 0), (1, 1)}


def test_thinning_is_a_pure_function_of_the_values():
    # nothing is kept between calls: a curve changed in place is thinned anew
    x = np.linspace(0, 1, 5000)
    y = np.sin(8 * x)
    first = thin_curve(x, y)
    y[10] = 5.0
    second = thin_curve(x, y)
    assert first[1].max() < 1.01 and second[1].max() == 5.0
    import evalplots.display._thin as thin
    assert not [name for name, value in vars(thin).items()
                if isinstance(value, dict) and name.startswith("_")
                and not name.startswith("__")]  # no module-level cache




def _assert_within_bound(x, y, tx, ty):
    fu, fv = _units(x, y, x, y)
    tu, tv = _units(tx, ty, x, y)
    assert _distance_to_polyline(fu, fv, tu, tv).max() <= TOLERANCE
    assert _distance_to_polyline(tu, tv, fu, fv).max() <= TOLERANCE


def test_monotone_x_keeps_each_columns_ends_and_extremes():
    # x monotone (every curve of a report): columns of width TOLERANCE / 2 keep
    # their first, last, lowest and highest point; y goes up and down, with ties
    rng = np.random.default_rng(4)
    n = 50_000
    x = np.sort(rng.random(n))[::-1]  # decreasing, like thresholds highest first
    y = np.round(np.sin(8 * x), 3) + 0.01 * (rng.random(n) < 0.001)
    tx, ty, style = thin_curve(x, y)
    assert style == "default" and tx.size < n / 4
    # (drawn points are rebuilt from units of the extent: equal up to rounding)
    np.testing.assert_allclose([tx[0], ty[0], tx[-1], ty[-1], ty.min(), ty.max()],
                               [x[0], y[0], x[-1], y[-1], y.min(), y.max()],
                               rtol=1e-12, atol=1e-15)
    _assert_within_bound(x, y, tx, ty)


def test_a_curve_that_turns_back_is_thinned_on_the_grid_within_the_bound():
    t = np.linspace(0, 6 * np.pi, 20_000)
    x, y = t * np.cos(t), t * np.sin(t)  # a spiral: x is not monotone
    tx, ty, _ = thin_curve(x, y)
    assert tx.size < x.size / 4
    _assert_within_bound(x, y, tx, ty)


@pytest.mark.parametrize("drawstyle", ["steps-pre", "steps-post"])
def test_noisy_steps_against_a_monotone_x_stay_within_the_bound_both_ways(drawstyle):
    # the metrics-against-threshold drawing: precision at every distinct score,
    # noisy where few samples score high; its staircase is cut into columns again
    rng = np.random.default_rng(5)
    n = 40_000
    y_true = rng.random(n) < 0.1
    order = np.argsort(-(rng.random(n) + 0.3 * y_true))
    tps = np.cumsum(y_true[order])
    precision = tps / np.arange(1, n + 1)
    x = np.sort(rng.random(n))  # increasing, like thresholds[::-1]
    y = precision[::-1]
    tx, ty, style = thin_curve(x, y, drawstyle)
    assert style == "default" and tx.size < n / 4
    full = STEP_LOOKUP_MAP[drawstyle](x, y)
    fu, fv = _units(*full, x, y)
    tu, tv = _units(tx, ty, x, y)
    assert _distance_to_polyline(fu, fv, tu, tv).max() <= TOLERANCE
    assert _distance_to_polyline(tu, tv, fu, fv).max() <= TOLERANCE
    np.testing.assert_allclose([tx[0], ty[0], tx[-1], ty[-1], ty.min(), ty.max()],
                               [full[0][0], full[1][0], full[0][-1], full[1][-1],
                                y.min(), y.max()], rtol=1e-12, atol=1e-15)
