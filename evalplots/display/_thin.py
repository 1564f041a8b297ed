"""Thinning of long curves for drawing: the picture of the full curve, fewer points.

A ROC or precision-recall curve of 10⁶ samples has up to 10⁶ points, far more than
any drawing resolves: drawing them all costs seconds and megabytes of PDF. Every
curve Display draws through :func:`plot_curve`, which draws a curve of more than
:data:`THIN_MIN_POINTS` points thinned, in three steps:

1. in units of the curve's extent (``u = (x - min x) / (max x - min x)``, likewise
   ``v``), a run of consecutive points inside one column of width
   ``TOLERANCE / 2`` keeps only its first and last point and its lowest and
   highest one (the first of each), when ``u`` is monotone (every curve of a
   report: ROC, DET, P-R, gain, metric against threshold); the kept path then
   climbs from the lowest to the highest value of the run inside the column, so
   every dropped point is within the column's width of it. A step drawing's
   staircase through the kept points is cut into the same columns once more: in
   each column it holds the first and last corner of the full staircase and its
   lowest and highest value, so its own column points are those of the full
   staircase, up to where a run's extremes sit inside the column, and the bound
   holds for them without adding up (half the points are left for step 3). Any
   other curve: a run inside one grid cell of side ``TOLERANCE / (2√2)`` keeps
   its first and last point (the run, and the path between its ends, stay in
   the cell). Either way linear time, so that 10⁶ points cost little, and
   nothing moves by more than ``TOLERANCE / 2``;
2. exact: the drawn polyline (for a step drawing, the staircase matplotlib would
   draw, with ``drawstyle='default'``) loses its repeated points, then every point
   where it goes on straight ahead (zero cross product, positive dot product);
3. bounded: Douglas-Peucker (Douglas & Peucker 1973) keeps a point wherever
   dropping it would move the line by more than ``TOLERANCE / 2``; it starts
   from the points where the line enters a new cell of a coarse grid (32 times
   that bound), which costs a few more points and saves most of its rounds.

The first, last, lowest, highest, leftmost and rightmost points are always kept.
Every point of the full polyline is then within ``TOLERANCE`` (10⁻⁴ of the curve's
extent along each axis, 0.03 pt on a 3 in axes; distances to a segment are convex
along a segment, so the two bounds add) of the drawn one, far below what a
printer or screen shows. Only the ``Line2D`` holds the thinned points: the
Display's arrays and every number read off them are those of the full curve.

Every function here is pure: it keeps nothing between calls (a curve drawn on
two axes is thinned twice, in linear time).
"""

import numpy as np
from matplotlib.cbook import STEP_LOOKUP_MAP

__all__ = ["THIN_MIN_POINTS", "TOLERANCE", "plot_curve", "thin_curve", "thin_indices"]

#: A curve of at most this many points is drawn exactly as given.
THIN_MIN_POINTS = 1000
#: Largest distance of a point of the full curve from the drawn one, in units of the
#: curve's extent along each axis.
TOLERANCE = 1e-4


def plot_curve(ax, x, y, **kwargs):
    """``ax.plot(x, y, **kwargs)``, the curve thinned when it is long (see module).

    A curve is drawn as given when it has at most :data:`THIN_MIN_POINTS` points,
    markers (each point is then shown), or a value that is not finite. A thinned
    step drawing is drawn as its explicit staircase (``drawstyle='default'``).
    Returns the ``Line2D``.
    """
    style = kwargs.pop("drawstyle", kwargs.pop("ds", "default")) or "default"
    marker = kwargs.get("marker", kwargs.get("m"))
    if marker in (None, "", " ", "None", "none"):
        x, y, style = thin_curve(x, y, style)
    (line,) = ax.plot(x, y, drawstyle=style, **kwargs)
    return line


def thin_curve(x, y, drawstyle="default", *, tolerance=TOLERANCE):
    """The points to draw for the curve ``(x, y)`` and their drawstyle.

    Returns ``(x, y, drawstyle)`` unchanged for a curve of at most
    :data:`THIN_MIN_POINTS` points or with a non-finite value; otherwise the kept
    points of the drawn polyline (a step drawing made explicit) and ``'default'``.
    """
    return _thin_curve(np.asarray(x), np.asarray(y), drawstyle, tolerance)


def _thin_curve(x, y, drawstyle, tolerance):
    if (x.ndim != 1 or x.shape != y.shape or x.size <= THIN_MIN_POINTS
            or drawstyle not in STEP_LOOKUP_MAP or x.dtype.kind not in "biuf"
            or y.dtype.kind not in "biuf"):
        return x, y, drawstyle
    (u, x0, sx, columns), (v, y0, sy) = _axis(x, tolerance / 2), _units(y)
    if not np.isfinite((x0, sx, y0, sy)).all():  # a NaN or inf value (see _units)
        return x, y, drawstyle
    if columns is None:
        cells = _grid_indices(u, v, tolerance / 2)
    else:
        cells = _column_indices(u, v, columns)
    u, v = u[cells], v[cells]
    if drawstyle != "default":
        u, v = STEP_LOOKUP_MAP[drawstyle](u, v)
        if columns is not None:  # the staircase's own column points (see module)
            cells = _column_indices(u, v, _columns(u, tolerance / 2))
            u, v = u[cells], v[cells]
    keep = _thin_polyline(u, v, tolerance / 2)
    return x0 + u[keep] * sx, y0 + v[keep] * sy, "default"


def _axis(x, bound):
    """``(u, x0, sx, columns)``: :func:`_units` of ``x`` and, when ``u`` is
    monotone, its :func:`_columns` (else None)."""
    u, x0, sx = _units(x)
    columns = None
    if u is not None and _is_monotone(u):
        columns = _columns(u, bound)
    return u, x0, sx, columns


def _units(values):
    """``(values in units of their extent, lowest value, extent)``.

    The lowest value or the extent is not finite when a value is not (NaN or
    inf); ``u`` is then None.
    """
    values = np.asarray(values, dtype=np.float64)
    low, high = values.min(), values.max()
    scale = float(high - low) or 1.0
    if not (np.isfinite(low) and np.isfinite(scale)):
        return None, low, scale
    return (values - low) / scale, low, scale


def thin_indices(x, y, *, tolerance=TOLERANCE):
    """Sorted indices of the points of the polyline ``(x, y)`` that are drawn.

    Every point left out is within ``tolerance`` (in units of the extent of ``x``
    and of ``y``) of the polyline through the kept points (see module).
    """
    (u, _, _), (v, _, _) = _units(x), _units(y)
    bound = tolerance / 2
    cells = (_column_indices(u, v, _columns(u, bound)) if _is_monotone(u)
             else _grid_indices(u, v, bound))
    return cells[_thin_polyline(u[cells], v[cells], bound)]


def _is_monotone(values):
    step = values[1:] >= values[:-1]
    return bool(step.all() or (values[1:] <= values[:-1]).all())


def _columns(u, bound):
    """The first index of each run of points of a monotone ``u`` in one column
    ``[k bound, (k + 1) bound)`` (the part of step 1 that depends on ``u`` only)."""
    column = np.floor(u * (1 / bound))
    return np.flatnonzero(np.concatenate(([True], column[1:] != column[:-1])))


def _column_indices(u, v, starts):
    """Indices of the first, last, lowest and highest point of each run of points
    in one column (``starts``: :func:`_columns` of the monotone ``u``).

    Between the lowest and the highest point of a run the kept path crosses every
    value of the run inside the column (for a step drawing too: its vertical
    segment stands at a kept point of the column), so a dropped point is within
    the column's width of it.
    """
    keep = np.zeros(u.size, dtype=bool)
    keep[[0, -1, v.argmin(), v.argmax()]] = True
    keep[starts] = True  # each run's first point
    keep[starts[1:] - 1] = True  # and the last one of the run before it
    if not _is_monotone(v):  # a monotone v has its extremes at the run's ends
        sizes = np.diff(np.append(starts, u.size))
        for extreme in (np.minimum, np.maximum):
            hits = np.flatnonzero(v == np.repeat(extreme.reduceat(v, starts), sizes))
            run = np.searchsorted(starts, hits, side="right")
            first = np.concatenate(([True], run[1:] != run[:-1]))
            keep[hits[first]] = True
    return np.flatnonzero(keep)


def _grid_indices(u, v, bound):
    """Indices of the first and last point of each run of points in one grid cell.

    The cell's side is ``bound / √2``: a dropped point is within ``bound`` of both
    kept ends of its run, and of the path between them.
    """
    side = bound / np.sqrt(2)
    cu, cv = np.floor(u / side), np.floor(v / side)
    change = (cu[1:] != cu[:-1]) | (cv[1:] != cv[:-1])
    keep = np.zeros(u.size, dtype=bool)
    keep[[0, -1, u.argmin(), u.argmax(), v.argmin(), v.argmax()]] = True
    keep[1:] |= change
    keep[:-1] |= change
    return np.flatnonzero(keep)


def _thin_polyline(u, v, bound):
    """Exact removal, then Douglas-Peucker within ``bound``: indices kept."""
    index = _exact_indices(u, v)
    return index[_douglas_peucker(u[index], v[index], bound)]


def _exact_indices(x, y):
    """Indices left once repeated points and straight-ahead points are removed."""
    dx, dy = np.diff(x), np.diff(y)
    moved = np.flatnonzero((dx != 0) | (dy != 0)) + 1  # point differs from previous
    index = np.concatenate(([0], moved))
    if index.size < 3:
        return index
    dx, dy = np.diff(x[index]), np.diff(y[index])
    # interior point j: incoming (dx[j-1], dy[j-1]), outgoing (dx[j], dy[j])
    straight = ((dx[:-1] * dy[1:] == dy[:-1] * dx[1:])
                & (dx[:-1] * dx[1:] + dy[:-1] * dy[1:] > 0))
    return index[np.concatenate(([True], ~straight, [True]))]


def _segment_distance2(pu, pv, au, av, bu, bv):
    """Squared Euclidean distance of points p to the segments [a, b] (elementwise)."""
    du, dv = bu - au, bv - av
    pu, pv = pu - au, pv - av
    length2 = du * du + dv * dv
    t = pu * du + pv * dv
    np.divide(t, length2, out=t, where=length2 > 0)
    np.clip(t, 0.0, 1.0, out=t)
    pu -= t * du
    pv -= t * dv
    return pu * pu + pv * pv


_ANCHOR_CELLS = 32


def _douglas_peucker(u, v, bound):
    """Boolean mask of the points Douglas-Peucker keeps, every segment split at once.

    Each undecided point carries the kept points around it (``left``, ``right``),
    so one round costs a pass over the points still undecided.
    """
    # start from the extremes and the points where the curve enters a new cell of a
    # coarse grid (side 32 x bound): far fewer rounds over the points for a few more
    # points kept
    side = _ANCHOR_CELLS * bound
    cu, cv = np.floor(u / side), np.floor(v / side)
    keep = np.concatenate(([True], (cu[1:] != cu[:-1]) | (cv[1:] != cv[:-1])))
    keep[[-1, u.argmin(), u.argmax(), v.argmin(), v.argmax()]] = True
    kept = np.flatnonzero(keep)
    active = np.flatnonzero(~keep)  # points not yet decided, ascending
    side = np.searchsorted(kept, active)
    left, right = kept[side - 1], kept[side]
    while active.size:
        d = _segment_distance2(u[active], v[active], u[left], v[left], u[right], v[right])
        starts = np.flatnonzero(np.concatenate(([True], left[1:] != left[:-1])))
        worst = np.maximum.reduceat(d, starts)
        split = worst > bound * bound
        if not split.any():
            break
        sizes = np.diff(np.append(starts, active.size))
        in_split = np.repeat(split, sizes)
        # the first point of each segment to split where its distance is the largest
        is_worst = in_split & (d == np.repeat(worst, sizes))
        group = np.repeat(np.arange(starts.size), sizes)
        first = np.flatnonzero(is_worst)[np.unique(group[is_worst], return_index=True)[1]]
        new = np.zeros(starts.size, dtype=active.dtype)
        new[group[first]] = active[first]
        keep[active[first]] = True
        at = np.repeat(new, sizes)
        right = np.where(active < at, at, right)
        left = np.where(active > at, at, left)
        in_split[first] = False
        active, left, right = active[in_split], left[in_split], right[in_split]
    return keep
