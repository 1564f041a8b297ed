"""AP and BEP intervals of a count table whose cost does not grow with n x resamples.

A binary model's table, reduced to slots (highest scores first: each distinct
positive score with its tied negatives, and each run of negatives between two
of them), holds ``pos[g]`` positives and ``neg[g]`` negatives per slot. The
stratified bootstrap of the rows is one multinomial draw of each class's counts
over the slots per resample: O(slots) each, too many at 10⁶ rows x 1000
resamples. Two forms that keep the intervals honest at that scale:

- Average precision: the variance of its linearisation (the infinitesimal
  jackknife, Jaeckel 1972; Efron 1982, §6): AP is a smooth function of the
  slot counts, and the stratified bootstrap variance of its linear part is
  ``sum_c sum_{i in c} (U_i - mean_c U)²`` with ``U_i`` the derivative of AP
  with respect to row i's weight (:func:`average_precision_influence`; exact
  sums over the slots, O(slots)). The interval is normal on the logit scale
  (the logit interval of Boyd, Eng & Page 2013, with this variance in place of
  theirs, which counts the positives only), so it stays inside (0, 1).
- Break-even point: the bootstrap itself, each resample drawn only where the
  BEP reads it. The BEP of a resample depends on its cumulative counts at the
  first slot where TP + FP >= P and at the slot before; cumulative multinomial
  counts are a bridge (given the counts up to slots a < b, those up to a slot in
  between are binomial), so that slot is found by bisection, drawing each class's
  cumulative count at each probe: O(log slots) binomial draws per resample, the
  same distribution as the full multinomial (:func:`break_even_bootstrap`).
"""

import math

import numpy as np

from evalplots.metrics.inference._interval import ConfidenceInterval
from evalplots.metrics.inference._replicates import break_even_from_crossing

__all__ = ["average_precision_influence", "break_even_bootstrap", "break_even_jackknife",
           "logit_interval"]


def average_precision_influence(pos, neg):
    """Step-wise AP of a slot table and the bootstrap variance of its linearisation.

    Parameters
    ----------
    pos, neg : ndarray of shape (n_slots,)
        Whole-number positive and negative counts per slot, highest scores first.

    Returns
    -------
    ap : float
        ``sum_g pos_g TP_g / D_g / P`` (TP_g, D_g: positives and all rows in
        slots 0..g).
    variance : float
        ``sum_g pos_g (U+_g - mean U+)² + neg_g (U-_g - mean U-)²``, with the
        derivatives of AP with respect to the weight of one row of slot h:
        ``U+_h = (TP_h / D_h + sum_{g>=h} pos_g FP_g / D_g² - AP) / P`` for a
        positive and ``U-_h = -sum_{g>=h} pos_g TP_g / D_g² / P`` for a negative
        (a row of slot h counts in TP or FP of every slot from h on).

    Notes
    -----
    Within class c the bootstrap multiplicities are Multinomial(n_c, 1/n_c), so
    the linear part ``sum_i U_i M_i`` has variance ``n_c var_c(U)``; summed over
    the two classes (drawn independently) this is the variance above.
    """
    pos = np.asarray(pos, dtype=np.float64)
    neg = np.asarray(neg, dtype=np.float64)
    total = pos.sum()
    tp = np.cumsum(pos)
    rows = tp + np.cumsum(neg)
    has = pos > 0  # a slot with positives has rows
    precision = np.divide(tp, rows, out=np.zeros_like(tp), where=has)
    ap = float(pos @ precision / total)
    square = np.divide(pos, rows * rows, out=np.zeros_like(tp), where=has)
    after_fp = np.cumsum((square * (rows - tp))[::-1])[::-1]  # sum over g >= h
    after_tp = np.cumsum((square * tp)[::-1])[::-1]
    u_pos = (precision + after_fp - ap) / total
    u_neg = -after_tp / total
    variance = 0.0
    for u, n in ((u_pos, pos), (u_neg, neg)):
        if n.sum() > 0:
            centred = u - (n @ u) / n.sum()
            variance += float(n @ (centred * centred))
    return ap, variance


def logit_interval(estimate, variance, level, method):
    """``expit(logit(estimate) ± z sqrt(variance) / (estimate (1 - estimate)))``
    (the delta method on the logit scale), or None when the estimate is 0 or 1 or
    the variance is 0 (a point)."""
    from scipy.special import expit, logit, ndtri

    if not (0.0 < estimate < 1.0) or not variance > 0.0:
        return None
    half = float(ndtri(0.5 + level / 2.0)) * math.sqrt(variance) / (estimate * (1 - estimate))
    centre = float(logit(estimate))
    return ConfidenceInterval(estimate, float(expit(centre - half)),
                              float(expit(centre + half)), method, level)


def _crossing(total, cumulative_at, size, n):
    """Bisection for the first slot where TP > 0 and TP + FP >= ``total``, for ``n``
    tables at once; ``cumulative_at(index, lo, hi, lo_values, hi_values)`` gives
    (tp, fp) up to slot ``index`` (arrays of shape (n,)) given those at the
    brackets. Returns (tp, fp) at the crossing and at the slot before it."""
    lo = np.full(n, -1, dtype=np.int64)
    hi = np.full(n, size - 1, dtype=np.int64)
    lo_v = [np.zeros(n, np.int64), np.zeros(n, np.int64)]
    hi_v = [None, None]
    hi_v[0], hi_v[1] = cumulative_at(hi, None, None, None, None)
    while True:
        open_ = hi - lo > 1
        if not open_.any():
            break
        mid = np.where(open_, (lo + hi) // 2, hi)
        tp, fp = cumulative_at(mid, lo, hi, lo_v, hi_v)
        met = (tp > 0) & (tp + fp >= total)
        up = open_ & met
        down = open_ & ~met
        hi = np.where(up, mid, hi)
        lo = np.where(down, mid, lo)
        for values, new, where in ((hi_v, (tp, fp), up), (lo_v, (tp, fp), down)):
            values[0] = np.where(where, new[0], values[0])
            values[1] = np.where(where, new[1], values[1])
    return hi_v, lo_v


def break_even_bootstrap(pos, neg, n_resamples, rng):
    """BEP of ``n_resamples`` stratified bootstrap resamples of a slot table.

    Parameters
    ----------
    pos, neg : ndarray of int of shape (n_slots,)
        Whole-number counts per slot, highest scores first.
    n_resamples : int
    rng : numpy.random.Generator

    Returns
    -------
    bep : ndarray of shape (n_resamples,)
        The break-even point of each resample (NaN where undefined), as
        ``ranking_from_groups`` gives it on the resample's full slot counts.

    Notes
    -----
    Each class's resampled cumulative count up to slot m, given those up to the
    brackets a < m <= b, is Binomial(C(b) - C(a), (c(m) - c(a)) / (c(b) - c(a)))
    with c the table's own cumulative counts: the bridge of a multinomial. The
    bisection draws it at about log2(n_slots) slots per resample.
    """
    cum = [np.cumsum(np.asarray(pos, np.int64)), np.cumsum(np.asarray(neg, np.int64))]
    total = int(cum[0][-1])
    size = cum[0].size

    def cumulative_at(index, lo, hi, lo_v, hi_v):
        if lo is None:  # the last slot: every row of each class
            return [np.full(n_resamples, int(c[-1]), np.int64) for c in cum]
        out = []
        for c, low, high in zip(cum, lo_v, hi_v):
            base = np.where(lo >= 0, c[np.maximum(lo, 0)], 0)
            span = c[hi] - base
            part = c[index] - base
            p = np.divide(part, span, out=np.zeros(index.shape), where=span > 0)
            out.append(low + rng.binomial(high - low, np.clip(p, 0.0, 1.0)))
        return out

    (tp_j, fp_j), (tp_p, fp_p) = _crossing(total, cumulative_at, size, n_resamples)
    return break_even_from_crossing(tp_j, tp_j + fp_j, tp_p, tp_p + fp_p, float(total))


def break_even_jackknife(pos, neg, n_groups):
    """BEP of the table without each of ``n_groups`` groups of rows, the rows dealt to
    the groups in turn (positives, then negatives: the jackknife of
    :func:`evalplots.evaluation._summary.dealt_groups`), in O(n_groups log n_slots).

    Returns
    -------
    bep : ndarray of shape (n_groups,)
    """
    cum = [np.cumsum(np.asarray(pos, np.int64)), np.cumsum(np.asarray(neg, np.int64))]
    total_pos = int(cum[0][-1])
    offsets = (0, total_pos)  # the first row of each class in the dealt order
    g = np.arange(n_groups, dtype=np.int64)

    def dealt(rows):  # rows r < ``rows`` with r = g (mod n_groups)
        return np.maximum(rows - g + n_groups - 1, 0) // n_groups

    def cumulative_at(index, *_):
        out = []
        for c, offset in zip(cum, offsets):
            kept = c[index]
            out.append(kept - (dealt(offset + kept) - dealt(np.full_like(kept, offset))))
        return out

    removed_pos = dealt(np.full(n_groups, total_pos, np.int64))
    totals = total_pos - removed_pos
    (tp_j, fp_j), (tp_p, fp_p) = _crossing(totals, cumulative_at, cum[0].size, n_groups)
    return break_even_from_crossing(tp_j, tp_j + fp_j, tp_p, tp_p + fp_p,
                                    totals.astype(np.float64))
