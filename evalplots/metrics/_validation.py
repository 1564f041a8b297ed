"""Input checks shared by every metric.

Each check raises a ``ValueError`` that names the argument and says how to fix it.
Nothing is renormalised, clipped or dropped. The checks are kept cheap (no
repeated passes over the data), because bootstrap loops call metrics thousands
of times on small inputs.
"""

import math
import numbers
import warnings

import numpy as np

from evalplots.exceptions import UndefinedMetricWarning

__all__ = [
    "all_whole",
    "as_1d",
    "check_beta",
    "check_bool",
    "check_consistent_length",
    "check_finite",
    "check_nonnegative",
    "check_positive_int",
    "check_sample_weight",
    "check_scores",
    "check_threshold",
    "check_weight_total",
    "check_zero_division",
    "finite_range",
    "is_real",
    "safe_divide",
    "scores_and_range",
    "sums_exactly",
    "unsigned_zeros",
    "whole_sums_exact",
]

def as_1d(x, name, *, allow_empty=False):
    """Return ``x`` as a 1-D numpy array or raise naming ``name``.

    A column vector of shape (n, 1) is refused rather than silently flattened:
    mixing shapes (n, 1) and (n,) is the classic source of a broadcast bug.
    """
    if isinstance(x, np.ndarray):
        arr = x
    else:
        if hasattr(x, "to_numpy"):  # pandas Series / Index
            x = x.to_numpy()
        arr = np.asarray(x)
    if arr.ndim != 1:
        if arr.ndim == 0:
            raise ValueError(
                f"{name} must be a 1-D array-like of shape (n_samples,), got a scalar "
                f"{arr!r}; pass a list or array."
            )
        raise ValueError(
            f"{name} must be 1-D of shape (n_samples,), got shape {arr.shape}; "
            f"pass a 1-D array (for a single column use {name}.ravel())."
        )
    if not allow_empty and arr.shape[0] == 0:
        raise ValueError(f"{name} is empty; pass at least one sample.")
    if arr.dtype == object:
        arr = _object_to_typed(arr, name)
    return arr


def _object_to_typed(arr, name):
    """Convert an object array of labels to a typed array when it is homogeneous."""
    kinds = {type(v) for v in arr.tolist()}
    if kinds <= {str, np.str_}:
        return arr.astype(str)
    if all(issubclass(k, (bool, np.bool_)) for k in kinds):
        return arr.astype(bool)
    if all(issubclass(k, numbers.Integral) for k in kinds):
        return arr.astype(np.int64)
    if all(issubclass(k, numbers.Real) for k in kinds):
        return arr.astype(np.float64)
    names = sorted(k.__name__ for k in kinds)
    raise ValueError(
        f"{name} mixes value types {names}; pass labels of one type "
        f"(all strings or all numbers)."
    )


def check_consistent_length(**arrays):
    """Raise if the named arrays do not all have the same first dimension."""
    lengths = {name: len(a) for name, a in arrays.items() if a is not None}
    if len(set(lengths.values())) > 1:
        desc = ", ".join(f"{k} has {v}" for k, v in lengths.items())
        raise ValueError(
            f"Inconsistent numbers of samples: {desc}; pass arrays of equal length."
        )


def check_finite(arr, name):
    """Return ``arr`` as float64 if numeric and free of NaN/inf, else raise.

    Zeros come out unsigned (:func:`unsigned_zeros`): these are scores and values
    that are sorted, grouped and shown.
    """
    _check_numeric(arr, name)
    out = arr.astype(np.float64, copy=False)
    if out.dtype.kind == "f" and out.size:
        out = unsigned_zeros(out, *finite_range(out, name))
    return out


def _check_numeric(arr, name):
    if arr.dtype.kind not in "biuf":
        raise ValueError(
            f"{name} must be numeric, got dtype {arr.dtype}; pass numbers (scores, "
            f"probabilities or values), not labels."
        )


def finite_range(arr, name):
    """``(min, max)`` of a non-empty numeric array; raise if it holds NaN or inf.

    Two streaming reductions and no temporary: NaN propagates through ``min`` and
    an infinity is the minimum or the maximum, so both are finite exactly when
    every value is. The per-element search runs only to write the error.
    """
    # the ufuncs' reductions: the methods' wrappers cost more than the work on small arrays
    lo, hi = np.minimum.reduce(arr, axis=None), np.maximum.reduce(arr, axis=None)
    if arr.dtype.kind == "f" and not (math.isfinite(lo) and math.isfinite(hi)):
        bad = np.flatnonzero(~np.isfinite(arr))
        raise ValueError(
            f"{name} contains {bad.size} non-finite value(s) (NaN or inf), first at "
            f"index {bad[0]} ({arr[bad[0]]}); remove or impute them before scoring."
        )
    return lo, hi


def check_scores(arr, name):
    """Return numeric scores ready for sorting, exactly: integers stay integers.

    Casting int64 scores to float64 would merge distinct values above 2**53 into
    ties, so integer (and bool) scores keep an integer dtype; floats become float64
    and must be finite.
    """
    arr = scores_and_range(arr, name)[0]
    return arr.astype(np.float64, copy=False) if arr.dtype.kind == "f" else arr


def scores_and_range(arr, name):
    """Validated scores in the narrowest exact sortable dtype, and their min and max.

    Integers stay integers (exact above 2**53), bools become uint8, float32 stays
    float32 (float16 widens to it, exactly) and other floats become float64. One
    pass for the minimum and one for the maximum; no copy of float32/float64 input.

    Returns
    -------
    scores : ndarray of shape (n_samples,)
    lo, hi : scalar
        The smallest and the largest score.

    Raises
    ------
    ValueError
        If ``arr`` is not numeric or holds NaN/inf.
    """
    _check_numeric(arr, name)
    if arr.dtype.kind == "b":
        arr = arr.view(np.uint8)
    elif arr.dtype.kind == "f" and arr.dtype not in (np.float32, np.float64):
        arr = arr.astype(np.float32 if arr.dtype.itemsize < 4 else np.float64)
    lo, hi = finite_range(arr, name)
    return unsigned_zeros(arr, lo, hi), lo, hi


def unsigned_zeros(arr, lo, hi):
    """``arr`` with every ``-0.0`` made ``+0.0`` (a copy only if zero lies in [lo, hi]).

    -0.0 and 0.0 are one score (they compare equal, so they form one tie group),
    but which of the two a sort puts first, and so which one stands for the group
    as its threshold, depends on the sort's kernel (numpy's CPU dispatch). Scores
    are made unsigned once, here, so that no result depends on it. Adding 0.0
    is the IEEE 754 way: ``-0.0 + 0.0 == +0.0`` and every other value is kept.
    """
    if arr.dtype.kind == "f" and lo <= 0 <= hi:
        return arr + arr.dtype.type(0)
    return arr


_INT64_MAX = np.iinfo(np.int64).max


def check_bool(value, name):
    """Raise unless ``value`` is a bool (numpy's included): no truthy strings or None."""
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False, got {value!r}.")
    return bool(value)


def probability_argument(y_prob, y_proba):
    """The probabilities passed as ``y_prob`` or as scikit-learn 1.7's ``y_proba``.

    Exactly one of the two must be given (a keyword alias, not a second meaning).
    """
    if (y_prob is None) == (y_proba is None):
        raise ValueError(
            "pass the predicted probabilities once: as y_prob (the second positional "
            "argument) or as y_proba (scikit-learn >= 1.7's keyword), not "
            + ("both." if y_prob is not None else "neither.")
        )
    return y_prob if y_proba is None else y_proba


def is_real(value):
    """Whether ``value`` is a real number (numpy's included) and not a bool."""
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def check_positive_int(value, name, *, allow_none=False, minimum=1):
    """Raise unless ``value`` is an integer >= ``minimum`` (a bool is not); None if allowed."""
    if value is None and allow_none:
        return None
    if not (is_real(value) and isinstance(value, numbers.Integral) and value >= minimum):
        none = "None or " if allow_none else ""
        raise ValueError(f"{name} must be {none}an integer >= {minimum}, got {value!r}.")
    return int(value)


def check_nonnegative(value, name, *, finite=True):
    """Return ``value`` as a float >= 0, finite unless ``finite=False`` (then ``inf``
    too), or raise naming it: a bool, NaN or a non-number is refused."""
    if not (is_real(value) and value >= 0) or (finite and not math.isfinite(value)):
        kind = "a finite number" if finite else "a number"
        raise ValueError(f"{name} must be {kind} >= 0, got {value!r}.")
    return float(value)


def check_beta(beta):
    """Return F-beta's ``beta`` as a float >= 0 (``inf``: recall alone) or raise."""
    return check_nonnegative(beta, "beta", finite=False)


def check_sample_weight(sample_weight, n_samples, *, exact_int=False):
    """Validate ``sample_weight``: None, or 1-D, finite, non-negative, length n.

    Weights are returned as float64, except with ``exact_int`` when they are
    integers (or bools): then as int64, after checking that their total, and so
    every sum of some of them, fits in int64 (a ValueError otherwise), so that
    counts summed from them are exact.
    """
    if sample_weight is None:
        return None
    raw = as_1d(sample_weight, "sample_weight")
    if exact_int and raw.dtype.kind in "biu":
        w = _exact_int_weights(raw)
        lowest = None
    else:
        _check_numeric(raw, "sample_weight")
        w = raw.astype(np.float64, copy=False)
        lowest = finite_range(w, "sample_weight")[0]  # as check_finite, keeping the minimum
    if w.shape[0] != n_samples:
        raise ValueError(
            f"sample_weight has {w.shape[0]} entries but there are {n_samples} samples; "
            f"pass one weight per sample."
        )
    if (w < 0).any() if lowest is None else lowest < 0:
        raise ValueError(
            "sample_weight contains negative values; weights must be >= 0."
        )
    return w


def check_weight_total(weight, what="sample"):
    """Raise if validated weights (None: unweighted) sum to 0: a weighted mean is 0/0."""
    if weight is not None and not weight.sum() > 0:
        raise ValueError(f"sample_weight sums to 0; give some {what} a positive weight.")


def _exact_int_weights(raw):
    """int64 weights whose exact total fits in int64, or a ValueError."""
    if raw.dtype.kind == "u" and raw.size and raw.max() > _INT64_MAX:
        raise ValueError(
            f"sample_weight holds {raw.max()}, above the int64 maximum {_INT64_MAX}; "
            f"pass smaller integer weights (or float weights, summed inexactly)."
        )
    w = raw.astype(np.int64)
    if w.size and w.min() >= 0 and w.max() > _INT64_MAX // max(w.size, 1):
        # exact total from two int64 sums that cannot overflow (n < 2**31)
        total = (int(np.sum(w >> 32)) << 32) + int(np.sum(w & 0xFFFFFFFF))
        if total > _INT64_MAX:
            raise ValueError(
                f"sample_weight sums to {total}, which overflows the int64 counts "
                f"(maximum {_INT64_MAX}); pass smaller integer weights (or float "
                f"weights, summed inexactly)."
            )
    return w


def whole_sums_exact(whole, total):
    """Whether weights that are all whole numbers and total ``total`` add exactly in float64.

    float64 holds every integer below 2**53, so every partial sum of such weights
    (non-negative) is exact, in any order: their float64 sums may be stored as
    int64 counts, and ``np.bincount`` (which sums in float64) counts them
    exactly. This is the one statement of that rule: ``whole`` says whether
    every weight is a whole number (:func:`all_whole`), ``total`` is their sum.
    :func:`sums_exactly` applies it to an array; readers that see the weights
    block by block pass whether all blocks were whole and the sum of their sums.
    """
    return bool(whole and total < 2.0**53)


def all_whole(weights):
    """Whether every value of the array ``weights`` is a whole number (always, for
    integer and bool dtypes)."""
    return weights.dtype.kind in "biu" or bool((np.trunc(weights) == weights).all())


def sums_exactly(weights):
    """:func:`whole_sums_exact` of one array of non-negative weights (summed only
    when they are whole)."""
    return all_whole(weights) and whole_sums_exact(True, np.add.reduce(weights))


def check_zero_division(zero_division):
    """Validate a ``zero_division`` argument: 'warn', 0, 1 or np.nan."""
    if isinstance(zero_division, str):
        if zero_division == "warn":
            return zero_division
    elif isinstance(zero_division, numbers.Real) and (
        zero_division in (0, 1) or np.isnan(zero_division)
    ):
        return float(zero_division)
    raise ValueError(
        f"zero_division must be 'warn', 0, 1 or np.nan, got {zero_division!r}."
    )


def safe_divide(num, den, *, zero_division, metric):
    """Divide elementwise; where ``den == 0`` use the ``zero_division`` rule.

    'warn' gives 0.0 and an :class:`UndefinedMetricWarning` naming ``metric``.
    """
    num = np.asarray(num, dtype=np.float64)
    den = np.asarray(den, dtype=np.float64)
    zero = den == 0
    if not np.count_nonzero(zero):  # nothing to fill; a count over a count never warns
        return num / den
    with np.errstate(divide="ignore", invalid="ignore"):
        out = num / np.where(zero, 1.0, den)
    if zero_division == "warn":
        warnings.warn(
            f"{metric} is ill-defined (0/0) and set to 0.0 for {int(zero.sum())} "
            f"case(s); use zero_division to choose the value and silence this.",
            UndefinedMetricWarning,
            stacklevel=3,
        )
        fill = 0.0
    else:
        fill = zero_division
    return np.where(zero, fill, out)


def check_threshold(threshold):
    """Return ``threshold`` as a float, or raise a ValueError naming it."""
    if not (is_real(threshold) and math.isfinite(threshold)):
        raise ValueError(f"threshold must be a finite number, got {threshold!r}; "
                         f"e.g. threshold=0.5.")
    return float(threshold)
