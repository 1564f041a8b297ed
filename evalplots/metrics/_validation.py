"""Input checks shared by every metric.

Each check raises a ``ValueError`` that names the argument and says how to fix it.
Nothing is renormalised, clipped or dropped. The checks are kept cheap (no
repeated passes over the data), because bootstrap loops call metrics thousands
of times on small inputs.
"""

import numbers
import warnings
from collections.abc import Mapping

import numpy as np

from evalplots.exceptions import UndefinedMetricWarning

__all__ = [
    "as_1d",
    "binary_positive_mask",
    "check_consistent_length",
    "check_finite",
    "check_finite_labels",
    "check_sample_weight",
    "check_scores",
    "check_zero_division",
    "class_values",
    "label_names",
    "safe_divide",
]

# Integer labels spanning at most this many values are discovered with np.bincount
# (one O(n) pass) instead of np.unique (a sort).
_BINCOUNT_SPAN = 1 << 16


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
    """Return ``arr`` as float64 if numeric and free of NaN/inf, else raise."""
    if arr.dtype.kind not in "biuf":
        raise ValueError(
            f"{name} must be numeric, got dtype {arr.dtype}; pass numbers (scores, "
            f"probabilities or values), not labels."
        )
    out = arr.astype(np.float64, copy=False)
    if out.dtype.kind == "f" and not np.isfinite(out).all():
        bad = np.flatnonzero(~np.isfinite(out))
        raise ValueError(
            f"{name} contains {bad.size} non-finite value(s) (NaN or inf), first at "
            f"index {bad[0]} ({out[bad[0]]}); remove or impute them before scoring."
        )
    return out


def check_scores(arr, name):
    """Return numeric scores ready for sorting, exactly: integers stay integers.

    Casting int64 scores to float64 would merge distinct values above 2**53 into
    ties, so integer (and bool) scores keep an integer dtype; floats become float64
    and must be finite.
    """
    if arr.dtype.kind == "b":
        return arr.view(np.uint8)
    if arr.dtype.kind in "iu":
        return arr
    return check_finite(arr, name)


def check_sample_weight(sample_weight, n_samples):
    """Validate ``sample_weight``: None, or 1-D, finite, non-negative, length n."""
    if sample_weight is None:
        return None
    w = check_finite(as_1d(sample_weight, "sample_weight"), "sample_weight")
    if w.shape[0] != n_samples:
        raise ValueError(
            f"sample_weight has {w.shape[0]} entries but there are {n_samples} samples; "
            f"pass one weight per sample."
        )
    if (w < 0).any():
        raise ValueError(
            "sample_weight contains negative values; weights must be >= 0."
        )
    return w


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
    with np.errstate(divide="ignore", invalid="ignore"):
        out = num / np.where(zero, 1.0, den)
    if zero.any():
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
        out = np.where(zero, fill, out)
    return out


def binary_positive_mask(y_true, pos_label, *, name="y_true"):
    """Return a boolean mask of the positive class for binary ``y_true``.

    Parameters
    ----------
    y_true : ndarray of shape (n_samples,)
        Labels; at most two distinct values.
    pos_label : int, float, bool, str or None
        The positive label. None is allowed only when the labels are a subset
        of {0, 1}, {-1, 1} or {False, True}; then 1 (True) is positive.

    Returns
    -------
    mask : ndarray of bool, shape (n_samples,)
    """
    if y_true.dtype == bool and pos_label is None:
        return y_true
    check_finite_labels(y_true, name)
    classes = class_values(y_true)
    if classes.size > 2:
        raise ValueError(
            f"{name} has {classes.size} classes {_show(classes)} but a binary metric "
            f"was asked for; pass binary labels (or use a multi-class metric)."
        )
    if pos_label is None:
        if y_true.dtype.kind in "biuf" and set(classes.tolist()) <= {0, 1, -1} and not (
            {0, -1} <= set(classes.tolist())
        ):
            return y_true == 1
        raise ValueError(
            f"{name} takes values {_show(classes)}, so the positive class is ambiguous; "
            f"pass pos_label= one of them."
        )
    # With one class present, a pos_label absent from it just means no positives.
    if classes.size == 2 and pos_label not in classes.tolist():
        raise ValueError(
            f"pos_label={pos_label!r} is not a value of {name}, which takes "
            f"{_show(classes)}; pass one of these."
        )
    return y_true == pos_label


def check_finite_labels(y, name):
    """Raise if float labels hold NaN or inf (a missing label is not a class)."""
    if y.dtype.kind == "f" and not np.isfinite(y).all():
        first = int(np.flatnonzero(~np.isfinite(y))[0])
        raise ValueError(
            f"{name} contains NaN or inf (first at index {first}); labels must be finite: "
            f"drop or fill the samples with missing labels."
        )


def class_values(y):
    """Sorted distinct values of a 1-D label array (like ``np.unique``, faster for ints).

    Small-range integer and boolean labels are found by ``np.bincount`` in O(n);
    anything else falls back to ``np.unique``.
    """
    if y.dtype == bool:
        n_true = int(np.count_nonzero(y))
        return np.array([False, True])[[n_true < y.size, n_true > 0]]
    if y.dtype.kind in "iu" and y.size:
        lo, hi = int(y.min()), int(y.max())
        if hi - lo < _BINCOUNT_SPAN:
            present = np.flatnonzero(np.bincount(y - lo if lo else y))
            return (present + lo).astype(y.dtype)
    return np.unique(y)


def label_names(names, classes, *, argname="label_names"):
    """Display name of each class, from a mapping or a sequence in class order.

    The one rule for naming classes, shared by the Displays (``display_labels``) and
    the report (``label_names``).

    Parameters
    ----------
    names : dict, sequence of str or None
        ``{label: name}`` (classes missing from it are shown as the label itself, and
        keys that are not classes are ignored), or one name per class in the order
        of ``classes``, or None (every class shown as itself).
    classes : array-like of shape (n_classes,)
        The class labels, in display order.
    argname : str, default='label_names'
        Name of the caller's argument, used in the error.

    Returns
    -------
    names : list of str of length n_classes

    Raises
    ------
    ValueError
        If ``names`` is a string, not iterable, or a sequence of the wrong length.

    Examples
    --------
    >>> from evalplots.metrics._validation import label_names
    >>> label_names({0: "benign", 1: "malignant"}, [0, 1])
    ['benign', 'malignant']
    >>> label_names({"b": "bird"}, ["b", "c"]), label_names(None, [1, 2])
    (['bird', 'c'], ['1', '2'])
    """
    classes = classes.tolist() if hasattr(classes, "tolist") else list(classes)
    if names is None:
        return [str(c) for c in classes]
    if isinstance(names, Mapping):
        return [str(names.get(c, c)) for c in classes]
    if not isinstance(names, (str, bytes)):
        try:
            listed = list(names)
        except TypeError:
            listed = None
        if listed is not None and len(listed) == len(classes):
            return [str(name) for name in listed]
    raise ValueError(
        f"{argname} must be a dict {{label: name}} or a sequence of "
        f"{len(classes)} names in class order {classes} (e.g. "
        f"{['name of ' + str(c) for c in classes]!r}), got {names!r}."
    )


def _show(values, limit=6):
    vals = list(values.tolist()) if hasattr(values, "tolist") else list(values)
    text = ", ".join(repr(v) for v in vals[:limit])
    if len(vals) > limit:
        text += ", ..."
    return "{" + text + "}"
