"""Mergeable summary of regression predictions: error sums, Chan-merged moments, a row sample."""

import math
from dataclasses import dataclass

import numpy as np

from evalplots.metrics.summaries._base import _predictions, _same, _Summary
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite,
    check_sample_weight,
)

__all__ = ["RegressionSummary", "merge_moments"]

#: Sums kept per regression model: Σw, Σw|e|, Σw e², Σw e/y, Σw |e|/|y|,
#: Σw (log1p y − log1p ŷ)², Σe (unweighted), n (rows).
_REG_SUMS = ("w", "abs", "sq", "pct", "abs_pct", "sq_log", "residual", "rows")

_SPLITMIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9),
             np.uint64(0x94D049BB133111EB))


def _row_keys(columns):
    """A 64-bit hash of each row's float values (splitmix64 of the bits, chained):
    a key that depends on the row alone, not on its chunk or position."""
    h = np.zeros(columns[0].size, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for col in columns:
            h ^= np.ascontiguousarray(col, dtype=np.float64).view(np.uint64)
            h += _SPLITMIX[0]
            h = (h ^ (h >> np.uint64(30))) * _SPLITMIX[1]
            h = (h ^ (h >> np.uint64(27))) * _SPLITMIX[2]
            h ^= h >> np.uint64(31)
    return h


def _weighted_sum(values, weight):
    """``Σ w v`` as :func:`numpy.average` sums it (``Σ v`` without weights), so that
    a one-chunk sum divided by the total weight is that mean to the bit."""
    return float(values.sum() if weight is None else np.multiply(values, weight).sum())


def _moments(y, weight):
    """``(W, shift, offset, M2)`` of ``y`` with weights (None: 1): the mean is
    ``shift + offset``, ``M2 = Σ w (y − ȳ)²``; ``shift`` is one of the values.

    ``M2`` is summed about ``ȳ = numpy.average(y, weights)`` as
    :func:`~evalplots.metrics.r2_score` sums its denominator, so ``M2 / W`` of one
    chunk is that denominator to the bit; about a centre off the mean by ``c`` it
    grows by ``W c²``, below the sum's own rounding here.
    """
    w = np.ones(y.size) if weight is None else weight
    total = float(w.sum()) if y.size else 0.0
    if total == 0:
        return (0.0, 0.0, 0.0, 0.0)
    shift = float(y[np.argmax(w > 0)])
    offset = float(np.dot(w, y - shift) / total)
    centred = y - np.average(y, weights=weight)
    return (total, shift, offset, _weighted_sum(centred ** 2, weight))


def merge_moments(parts):
    """Merge ``(W, shift, offset, M2)`` of disjoint chunks (Chan, Golub & LeVeque).

    With means ``μ = shift + offset``: ``δ = μ_b − μ_a``, ``W = W_a + W_b``,
    ``μ = μ_a + δ W_b / W``, ``M2 = M2_a + M2_b + δ² W_a W_b / W`` (T. F. Chan,
    G. H. Golub, R. J. LeVeque, "Algorithms for computing the sample variance",
    *The American Statistician* 37(3), 1983): no sum of squares of the raw
    values is formed. Each mean is held as a data value (``shift``) plus the
    mean offset from it, and ``δ`` is computed as ``(shift_b − shift_a) +
    (offset_b − offset_a)``: the first difference is exact for values within
    a factor 2 (Sterbenz), so a target of mean 10⁹ and spread 1 keeps its
    digits in ``δ`` too, not only in M2.
    """
    total, shift, offset, m2 = 0.0, 0.0, 0.0, 0.0
    for wb, shift_b, offset_b, m2b in parts:
        if wb == 0:
            continue
        if total == 0:
            total, shift, offset, m2 = wb, shift_b, offset_b, m2b
            continue
        new = total + wb
        delta = (shift_b - shift) + (offset_b - offset)
        offset += delta * (wb / new)
        m2 += m2b + delta * delta * (total * wb / new)
        total = new
    return (total, shift, offset, m2)


@dataclass(repr=False, eq=False)
class RegressionSummary(_Summary):
    """Mergeable summary of regression predictions of one or more models on one chunk.

    Make it with :meth:`from_arrays` on each chunk, combine with :meth:`merge`,
    and evaluate with
    :meth:`evalplots.evaluation.RegressionEvaluation.from_summary`.

    Parameters
    ----------
    sums : dict of str to ndarray of shape (8,)
        Model -> Σw, Σw|e|, Σw e², Σw e/y, Σw |e|/|y|, Σw (log1p y − log1p ŷ)²,
        Σe (unweighted) and the number of rows, with ``e = y − ŷ`` (the
        percentage sums over rows with ``y != 0``, the log sum over rows
        with ``y, ŷ > −1``).
    pred_min : dict of str to float
        Model -> smallest prediction (MSLE is defined only above −1).
    target : tuple of 4 float
        ``(W, shift, offset, M2)`` of the target with the sample weights: the
        total weight, the mean as ``shift + offset``, and ``Σ w (y − mean)²``
        (see :func:`merge_moments`).
    target_plain : tuple of 4 float
        The same, unweighted (the report's description of the target).
    target_range : tuple of 2 float
        Smallest and largest target (NaN, NaN without rows).
    n_zero : int
        Rows whose target is 0 (MPE and MAPE are undefined then).
    sample : dict of str to ndarray
        At most ``sample_size`` rows: ``'key'`` (uint64 hash), ``'y_true'``,
        ``'weight'`` (when weighted), and one entry per model.
    sample_size : int
        The bound of ``sample``.
    n_rows, n_partitions : int
        Rows summarized, chunks merged.

    Attributes
    ----------
    sums, pred_min, sample : dict
        As given.
    target, target_plain, target_range : tuple of float
        As given.
    n_zero, sample_size, n_rows, n_partitions : int
        As given.

    Notes
    -----
    Every error of the table is a weighted mean of a per-row term, so its sum
    and the total weight merge by addition. R² = 1 − Σw e² / Σw (y − ȳ)²
    needs the target's spread about its mean, merged by Chan, Golub & LeVeque
    (:func:`merge_moments`). The sample keeps the rows of the smallest hash of
    their values: the bottom-k of a union is the bottom-k of the chunks'
    bottom-k's, so the sample does not depend on how the rows were chunked or
    merged (a reproducible uniform sample for the prediction-error figure).

    Examples
    --------
    >>> from evalplots.metrics import RegressionSummary
    >>> a = RegressionSummary.from_arrays([1.0, 2.0], {"m": [1.5, 2.0]})
    >>> b = RegressionSummary.from_arrays([4.0], {"m": [3.0]})
    >>> s = RegressionSummary.merge([a, b])
    >>> w, shift, offset, m2 = s.target
    >>> w, round(shift + offset, 6), round(m2, 6), s.sums["m"][:3].tolist()
    (3.0, 2.333333, 4.666667, [3.0, 1.5, 1.25])
    """

    sums: dict
    pred_min: dict
    target: tuple
    target_plain: tuple
    target_range: tuple
    n_zero: int
    sample: dict
    sample_size: int
    n_rows: int
    n_partitions: int = 1

    _BY_MODEL = "sums"

    @classmethod
    def from_arrays(cls, y_true, predictions, *, sample_weight=None, sample_size=10_000):
        """The summary of one chunk of rows.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True target values (finite). May be empty.
        predictions : dict of str to array-like of shape (n_samples,)
            Model name -> predicted values (finite).
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights.
        sample_size : int, default=10000
            Rows kept for the prediction-error figure.

        Returns
        -------
        RegressionSummary

        Raises
        ------
        ValueError
            On non-finite values, lengths that differ or invalid weights.

        Notes
        -----
        O(n) per model, plus a partial sort for the sample.

        Examples
        --------
        >>> s = RegressionSummary.from_arrays([0.0, 2.0], {"m": [1.0, 2.0]})
        >>> s.n_zero, s.sums["m"][3].item(), s.sample["y_true"].size
        (1, 0.0, 2)
        """
        predictions = _predictions(predictions)
        y = check_finite(as_1d(y_true, "y_true", allow_empty=True).astype(np.float64),
                         "y_true")
        n = y.shape[0]
        weight = check_sample_weight(sample_weight, n) if n else None
        w = np.ones(n) if weight is None else weight
        nonzero = y != 0
        sums, pred_min, preds = {}, {}, {}
        for name, values in predictions.items():
            arg = f"predictions[{name!r}]"
            p = check_finite(as_1d(values, arg, allow_empty=True).astype(np.float64), arg)
            check_consistent_length(y_true=y, **{arg: p})
            e = y - p
            with np.errstate(divide="ignore", invalid="ignore"):
                pct = np.where(nonzero, e / np.where(nonzero, y, 1.0), 0.0)
                ok = (y > -1) & (p > -1)
                dl = np.where(ok, np.log1p(np.where(ok, y, 0.0)) - np.log1p(np.where(ok, p, 0.0)),
                              0.0)
            # each sum as numpy.average forms it: the table's means are those of
            # evalplots.metrics to the bit on one chunk
            sums[name] = np.array([w.sum() if weight is not None else float(n),
                                   *(_weighted_sum(v, weight) for v in (
                                       np.abs(e), e ** 2, pct, np.abs(pct), dl ** 2)),
                                   e.sum(), n], dtype=np.float64)
            pred_min[name] = float(p.min()) if n else math.inf
            preds[name] = p
        columns = [y, *preds.values()] + ([] if weight is None else [weight])
        sample = {"key": _row_keys(columns) if n else np.zeros(0, np.uint64), "y_true": y,
                  **{f"model:{name}": p for name, p in preds.items()}}
        if sample_weight is not None:
            sample["weight"] = np.ones(0) if weight is None else weight
        plain = _moments(y, None)
        return cls(sums, pred_min, plain if weight is None else _moments(y, weight), plain,
                   (float(y.min()), float(y.max())) if n else (math.inf, -math.inf),
                   int(n - nonzero.sum()), _bottom(sample, sample_size), sample_size, n, 1)

    @classmethod
    def merge(cls, summaries):
        """Merge summaries of disjoint chunks into the summary of their union.

        Parameters
        ----------
        summaries : iterable of RegressionSummary
            Of the same models and sample size.

        Returns
        -------
        RegressionSummary

        Raises
        ------
        ValueError
            If ``summaries`` is empty or they differ in models or sample size.

        Notes
        -----
        Sums added, moments merged by :func:`merge_moments`, samples by
        bottom-k of their union.

        Examples
        --------
        >>> a = RegressionSummary.from_arrays([1e9 + 1, 1e9 - 1], {"m": [1e9, 1e9]})
        >>> b = RegressionSummary.from_arrays([1e9 + 2, 1e9 - 2], {"m": [1e9, 1e9]})
        >>> w, shift, offset, m2 = RegressionSummary.merge([a, b]).target
        >>> w, shift + offset, m2
        (4.0, 1000000000.0, 10.0)
        """
        summaries = cls._nonempty(summaries, "summaries")
        names = _same(summaries, "model_names")
        size = _same(summaries, "sample_size")
        samples = [s.sample for s in summaries]
        keys = samples[0].keys()
        if any(s.keys() != keys for s in samples):
            raise ValueError("the summaries differ in weighting (some weighted, some "
                             "not); summarize every chunk alike.")
        sample = {k: np.concatenate([s[k] for s in samples]) for k in keys}
        return cls(
            {n: sum(s.sums[n] for s in summaries) for n in names},
            {n: min(s.pred_min[n] for s in summaries) for n in names},
            merge_moments(s.target for s in summaries),
            merge_moments(s.target_plain for s in summaries),
            (min(s.target_range[0] for s in summaries),
             max(s.target_range[1] for s in summaries)),
            sum(s.n_zero for s in summaries), _bottom(sample, size), size,
            sum(s.n_rows for s in summaries), sum(s.n_partitions for s in summaries))


def _bottom(sample, size):
    """The rows of the ``size`` smallest keys, in key order (ties: by the values)."""
    keys = sample["key"]
    if size == 0:
        return {k: v[:0] for k, v in sample.items()}
    if keys.size > size:
        cut = np.partition(keys, size - 1)[size - 1]
        keep = np.flatnonzero(keys <= cut)
        sample = {k: v[keep] for k, v in sample.items()}
        keys = sample["key"]
    # a total order: key, then the row's values, so equal keys sort alike anywhere
    order = np.lexsort([v for k, v in reversed(sample.items()) if k != "key"] + [keys])
    return {k: v[order][:size] for k, v in sample.items()}
