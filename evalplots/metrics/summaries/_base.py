"""Shared parts of the mergeable summaries: chunk validation, dict sums, loss moments, the base class."""

import math

import numpy as np

from evalplots.metrics._labels import (
    check_finite_labels,
    class_values,
    encode_labels,
)
from evalplots.metrics.ranking._score_counts import frequency_counts
from evalplots.metrics._validation import (
    as_1d,
    check_sample_weight,
)

__all__ = []

#: Moments of a per-row loss kept per class: rows of non-zero weight, Σw, Σw², Σw·l,
#: Σw²·l, Σw²·l² (see :func:`loss_interval_moments`).
N_MOMENTS = 6

#: The column after the moments (``count_infinite``): rows of non-zero weight whose
#: loss is infinite (a true-class probability of exactly 0).
INFINITE_LOSSES = N_MOMENTS


# ----------------------------------------------------------------------- helpers


def _chunk_arrays(y_true, sample_weight, name="y_true"):
    """``(y, weight, n)`` of one chunk; an empty chunk is allowed."""
    y = as_1d(y_true, name, allow_empty=True)
    check_finite_labels(y, name)
    weight = check_sample_weight(sample_weight, y.shape[0]) if y.size else None
    if sample_weight is not None and y.size == 0 and np.asarray(sample_weight).size:
        raise ValueError("sample_weight has entries but y_true is empty; pass one weight "
                         "per row.")
    return y, weight, int(y.shape[0])


def _predictions(predictions):
    if not isinstance(predictions, dict) or not predictions:
        raise ValueError("predictions must be a non-empty dict {model name: array}; wrap "
                         "a single model's predictions as {'model': y_score}.")
    for name in predictions:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"model names (the keys of predictions) must be non-empty "
                             f"strings, got {name!r}.")
    return dict(predictions)


def _label_totals(y, weight):
    """``({label: rows}, {label: weight})`` of the labels present (Python values)."""
    if y.size == 0:
        return {}, {}
    classes = class_values(y)
    if classes.size <= 2 and y.dtype.kind in "biufU":  # one comparison, not a lookup
        second = y == classes[1] if classes.size == 2 else np.zeros(y.size, bool)
        codes = second.view(np.uint8)
    else:
        classes, (codes,) = encode_labels(y, labels=classes)
    rows = np.bincount(codes, minlength=classes.size)
    mass = rows if weight is None else frequency_counts(
        np.bincount(codes, weights=weight, minlength=classes.size))
    keys = classes.tolist()
    return dict(zip(keys, rows.tolist())), dict(zip(keys, mass.tolist()))


def _add_dicts(dicts):
    out = {}
    for d in dicts:
        for key, value in d.items():
            out[key] = out[key] + value if key in out else value
    return out


def _same(summaries, attribute):
    values = [getattr(s, attribute) for s in summaries]
    first = values[0]
    for v in values[1:]:
        if not _equal(v, first):
            raise ValueError(f"the summaries were made with different {attribute} "
                             f"({first!r} and {v!r}); summarize every chunk alike.")
    return first


def _equal(a, b):
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    return a == b or (isinstance(a, float) and isinstance(b, float)
                      and math.isnan(a) and math.isnan(b))


def _pair_table(right_a, right_b, weight):
    """2 x 2 table: ``[a right][b right]`` (weighted), index 1 = right."""
    cell = right_a.astype(np.intp) * 2 + right_b
    counts = np.bincount(cell, weights=weight, minlength=4)
    return frequency_counts(counts).reshape(2, 2)  # integer counts come back unchanged


def loss_moments(losses, weight, stratum, n_strata, *, count_zero_weight=False,
                 count_infinite=False):
    """Per stratum, the moments of ``losses`` its interval needs: (n_strata, 6).

    ``stratum`` gives each row's stratum in [0, n_strata). Columns: rows (of
    non-zero weight, or all with ``count_zero_weight``: the multi-class
    evaluation keeps weight-0 rows in its strata, the binary one leaves them
    out), Σw, Σw², Σw·l, Σw²·l, Σw²·l² (see :func:`loss_interval_moments`);
    with ``count_infinite``, a seventh: the rows of non-zero weight whose loss
    is infinite (:data:`INFINITE_LOSSES`). Sums over chunks are the sums over
    all rows.
    """
    out = np.zeros((n_strata, N_MOMENTS + count_infinite))
    if losses.size == 0:
        return out
    if weight is None:
        w = w2 = None
        rows = np.bincount(stratum, minlength=n_strata)
    else:
        keep = weight != 0
        losses = np.where(keep, losses, 0.0)  # an infinite loss of weight 0 adds 0
        w, w2 = weight, weight * weight
        rows = np.bincount(stratum, weights=None if count_zero_weight else keep,
                           minlength=n_strata)
    with np.errstate(invalid="ignore", over="ignore"):
        out[:, 0] = rows
        out[:, 1] = rows if w is None else np.bincount(stratum, w, n_strata)
        out[:, 2] = rows if w is None else np.bincount(stratum, w2, n_strata)
        out[:, 3] = np.bincount(stratum, losses if w is None else w * losses, n_strata)
        out[:, 4] = out[:, 3] if w is None else np.bincount(stratum, w2 * losses, n_strata)
        out[:, 5] = np.bincount(stratum, losses * losses if w is None
                                else w2 * losses * losses, n_strata)
    if count_infinite:
        out[:, INFINITE_LOSSES] = np.bincount(stratum, np.isinf(losses), n_strata)
    return out


def loss_interval_moments(moments, estimate):
    """``Σ_k n_k var_k(u)`` of ``u = w (l − L) / W`` from the moments (n_strata, 6).

    The ideal stratified-bootstrap variance of a weighted mean loss ``L`` (see
    ``evalplots.evaluation._intervals.mean_loss_ci``), from sums only:
    ``n_k var_k(u) = Σu² − (Σu)² / n_k`` with ``Σu = (Σwl − L Σw) / W`` and
    ``Σu² = (Σw²l² − 2 L Σw²l + L² Σw²) / W²`` over stratum k.
    """
    total = moments[:, 1].sum()
    variance = 0.0
    for n, sw, sw2, swl, sw2l, sw2l2 in moments[:, :N_MOMENTS]:
        if n:
            su = (swl - estimate * sw) / total
            su2 = (sw2l2 - 2.0 * estimate * sw2l + estimate * estimate * sw2) / total**2
            variance += max(su2 - su * su / n, 0.0)
    return variance



class _Summary:
    """What every summary shares: its models, its size and a short repr.

    Subclasses are dataclasses whose first per-model dict is named by
    ``_BY_MODEL``; they hold ``n_rows`` and ``n_partitions``.
    """

    _BY_MODEL = None

    @property
    def model_names(self):
        """Model names, in the order given to ``from_arrays``."""
        return list(getattr(self, self._BY_MODEL))

    @classmethod
    def _nonempty(cls, summaries, arg):
        summaries = list(summaries)
        if not summaries:
            raise ValueError(f"{arg} is empty; pass at least one {cls.__name__}.")
        for s in summaries:
            if not isinstance(s, cls):
                raise ValueError(f"{arg} holds a {type(s).__name__}; pass only "
                                 f"{cls.__name__} objects.")
        return summaries

    def __repr__(self):
        return (f"{type(self).__name__}({len(self.model_names)} model(s), "
                f"{self.n_rows:,} rows, {self.n_partitions} partition(s))")
