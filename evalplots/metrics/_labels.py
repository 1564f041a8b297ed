"""Class labels, resolved in one place: discovery, encoding and the positive class.

Every layer (metrics, displays, the evaluation objects, the report and the CLI)
asks this module which classes the labels hold, which one is positive and how a
label is named; none keeps a copy of these rules.

What counts as a class label (the rule of :func:`check_label_arrays`): strings, bools,
integers, and floats that hold whole numbers (``1.0``, ``-3.0``). A float array with a
fractional value (``0.1``, ``2.5``) is refused with a ``ValueError`` naming the
argument: it is almost always a score or probability passed where a predicted label
was wanted (``accuracy_score(y, y_prob)``), which would otherwise be silently counted
as dozens of one-sample "classes". scikit-learn refuses it too ("continuous"
targets). Threshold scores first (``y_score >= 0.5``) or use a ranking metric. The
same rule applies to ``labels=`` and to ``y_true``.

What counts as a multilabel indicator matrix (the rule of :func:`check_indicator`):
a 2-D array of shape (n_samples, n_labels) with at least two columns whose values are
all 0 or 1 (bools, integers or floats; a scipy sparse matrix is densified). Entry
``[i, j]`` says whether label j belongs to sample i. A 2-D label array is read this
way and no other: other values (``2``, ``-1``, ``0.5``) are a ``ValueError`` rather
than being read as "non-zero means present", and a single column is refused as in
:func:`~evalplots.metrics._validation.as_1d` (it is a 1-D binary problem written as a
column).

The positive class of a binary problem (:func:`resolve_pos_label`): ``pos_label``
when given (it must be one of the classes); otherwise 1 when the classes are a
subset of {0, 1} or {-1, 1}, True for bool labels, and an error naming
``pos_label`` for anything else (e.g. ``{'ham', 'spam'}``): guessing "the larger
label" silently picks a class. :func:`binary_classes` is the one call that resolves
the two classes of a binary task and its positive class, with one set of messages.

An error whose fix is an argument set to one of some values is a :class:`ChoiceError`:
it carries the argument's name and the values, so that each front end spells them its
own way (``pos_label='M'`` in Python, ``--pos-label M`` on the command line) from the
same fields, without rewriting a message.
"""

from collections import namedtuple
from collections.abc import Mapping

import numpy as np

from evalplots.metrics._validation import as_1d, check_consistent_length

__all__ = [
    "BinaryClasses",
    "ChoiceError",
    "binary_classes",
    "binary_positive_mask",
    "check_finite_labels",
    "check_indicator",
    "indicator_pair",
    "is_indicator",
    "check_label_arrays",
    "class_values",
    "discover_classes",
    "encode_labels",
    "label_name_map",
    "match_label_text",
    "resolve_pos_label",
    "validated_labels",
]

_NOT_GIVEN = object()


def python_argument(argument, value):
    """``argument=value`` as a Python call spells it (``pos_label='M'``)."""
    return f"{argument}={value!r}"


class ChoiceError(ValueError):
    """A bad input whose fix is an argument set to one of some values.

    The message is built from fields, so a front end can spell the argument its
    own way: :meth:`message` takes the spelling (the command line gives
    ``--pos-label M`` where Python says ``pos_label='M'``).

    Parameters
    ----------
    problem : str
        What is wrong, without the argument's spelling.
    argument : str
        The Python name of the argument that fixes it, e.g. ``'pos_label'``.
    choices : sequence
        The values of ``argument`` that fix it, in the order to show them.
    given : object, optional
        The value that was passed; when given, the message starts with it.
    lead : str, default='pass'
        The words before the choices.

    Notes
    -----
    A subclass of ValueError, so ``except ValueError`` catches it. The message is
    ``"<given> <problem>; <lead> <choice> or <choice>."``, each ``<...>`` of the
    argument spelled by the front end.

    Examples
    --------
    >>> err = ChoiceError("y_true takes values {'B', 'M'}, so the positive class is "
    ...                   "ambiguous", "pos_label", ["B", "M"])
    >>> str(err)
    "y_true takes values {'B', 'M'}, so the positive class is ambiguous; pass pos_label='B' or pos_label='M'."
    >>> err.message(lambda argument, value: f"--{argument} {value}")
    "y_true takes values {'B', 'M'}, so the positive class is ambiguous; pass --pos_label B or --pos_label M."
    """

    def __init__(self, problem, argument, choices, *, given=_NOT_GIVEN, lead="pass"):
        self.problem, self.argument, self.lead = problem, argument, lead
        self.choices = tuple(np.asarray(choices).tolist())
        self.given = given
        super().__init__(self.message())

    def message(self, spell=python_argument):
        """The message, each value of the argument spelled by ``spell(argument, value)``."""
        head = "" if self.given is _NOT_GIVEN else f"{spell(self.argument, self.given)} "
        fix = " or ".join(spell(self.argument, c) for c in self.choices)
        return f"{head}{self.problem}; {self.lead} {fix}."


#: The two classes of a binary task, and which one is positive.
BinaryClasses = namedtuple("BinaryClasses", "classes pos_label neg_label")


# Integer labels spanning at most this many values are discovered with np.bincount
# (one O(n) pass) instead of np.unique (a sort).
_BINCOUNT_SPAN = 1 << 16


def _kind(arr):
    return "str" if arr.dtype.kind in "USO" else "number"


def check_label_arrays(arrays):
    """Refuse NaN/inf labels, fractional float labels, and mixed string/number labels.

    Parameters
    ----------
    arrays : dict of str to ndarray
        Argument name -> 1-D label array (the names appear in the errors).

    Raises
    ------
    ValueError
        If the arrays mix strings and numbers, or a float array holds NaN, inf or a
        non-integer value (see the module docstring for why scores are refused).
    """
    kinds = {name: _kind(a) for name, a in arrays.items()}
    if len(set(kinds.values())) > 1:
        desc = ", ".join(f"{k} holds {v}s" for k, v in kinds.items())
        raise ValueError(
            f"Labels of different types: {desc}; pass labels of one type "
            f"(all strings or all numbers)."
        )
    for name, a in arrays.items():
        if a.dtype.kind == "f" and not np.isfinite(a).all():
            raise ValueError(
                f"{name} contains NaN or inf; class labels must be finite values."
            )
        if a.dtype.kind == "f" and not (a == np.floor(a)).all():
            example = a[a != np.floor(a)][0]
            raise ValueError(
                f"{name} holds non-integer values such as {example:.6g} — these look "
                f"like scores or probabilities, not class labels; threshold them "
                f"first (y_score >= 0.5) or use a ranking metric (roc_auc_score, "
                f"average_precision_score)."
            )


def _as_small_ints(arrays):
    """Return (int arrays, lo, span) when all labels are whole numbers in a small range.

    Returns None when a sort-based discovery is needed instead.
    """
    first = next(iter(arrays))
    if first.dtype.kind not in "biuf":
        return None
    ints = []
    for a in arrays:
        if a.dtype.kind == "b":
            a = a.view(np.uint8)
        elif a.dtype.kind == "f" and not np.abs(a).max() < 2.0**53:
            # whole numbers (check_label_arrays has run), too large for int64 exactly
            return None
        elif a.dtype.kind == "u" and a.max() >= 2**63:
            return None
        ints.append(a.astype(np.int64, copy=False))
    lo = min(int(a.min()) for a in ints)
    hi = max(int(a.max()) for a in ints)
    span = hi - lo + 1
    if span > max(4096, 2 * sum(a.shape[0] for a in ints)):
        return None
    return ints, lo, span


def _present(arrays, ints, lo, span):
    """Which values of the range ``lo .. lo + span - 1`` occur, and those classes."""
    present = np.zeros(span, dtype=bool)
    for a in ints:
        present |= np.bincount(a - lo if lo else a, minlength=span).astype(bool)
    return present, (np.flatnonzero(present) + lo).astype(np.result_type(*arrays))


def discover_classes(arrays):
    """Sorted distinct values of validated label ``arrays`` (no per-sample codes)."""
    small = _as_small_ints(arrays)
    if small is None:
        return np.unique(np.concatenate(arrays))
    return _present(arrays, *small)[1]


def _discover(arrays):
    """Sorted classes present in any of ``arrays`` and each array's codes."""
    small = _as_small_ints(arrays)
    if small is not None:
        ints, lo, _ = small
        present, classes = _present(arrays, *small)
        if present.all():  # classes lo, lo+1, ...: the code is the offset
            return classes, [a - lo if lo else a for a in ints]
        lut = np.cumsum(present) - 1
        return classes, [lut[a - lo if lo else a] for a in ints]
    sizes = np.cumsum([a.shape[0] for a in arrays])[:-1]
    classes, inverse = np.unique(np.concatenate(arrays), return_inverse=True)
    return classes, np.split(inverse.ravel(), sizes)


def _lookup(arrays, labels):
    """Codes of each array's values in ``labels``; unlisted values get ``len(labels)``."""
    k = labels.shape[0]
    order = np.argsort(labels, kind="stable")
    ordered = labels[order]
    codes = []
    for a in arrays.values():
        pos = np.minimum(np.searchsorted(ordered, a), k - 1)
        codes.append(np.where(ordered[pos] == a, order[pos], k))
    return codes


def _check_listed(arrays, codes, classes, allow_unlisted):
    k = classes.shape[0]
    unlisted = [c == k for c in codes]
    if all(u.all() for u in unlisted):
        raise ValueError(
            f"None of labels {classes[:5].tolist()} occurs in "
            f"{' or '.join(arrays)}; pass the label values used in the data."
        )
    if allow_unlisted:
        return
    for (name, a), u in zip(arrays.items(), unlisted):
        if u.any():
            missing = np.unique(a[u])
            raise ValueError(
                f"{name} contains {missing.size} value(s) not in labels, e.g. "
                f"{missing[:5].tolist()}; add them to labels (or pass labels=None)."
            )


def check_labels(labels):
    """Validate a ``labels`` argument: 1-D, non-empty, finite, no duplicates."""
    labels = as_1d(labels, "labels")
    check_label_arrays({"labels": labels})
    if np.unique(labels).shape[0] != labels.shape[0]:
        raise ValueError("labels contains duplicate values; list each class once.")
    return labels


def encode_labels(y_true, y_pred=None, *, labels=None, allow_unlisted=False):
    """Validate label arrays and map them to integer codes (one discovery per call).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (any hashable numbers, bools or strings).
    y_pred : array-like of shape (n_samples,) or None
        Predicted labels, encoded on the same class list.
    labels : array-like of shape (n_classes,) or None
        The class list, in the order wanted. None: the sorted union of the values
        in ``y_true`` and ``y_pred``.
    allow_unlisted : bool
        With ``labels`` given: if True, values not in ``labels`` get the extra code
        ``n_classes`` ("other"); if False they raise ``ValueError``.

    Returns
    -------
    classes : ndarray of shape (n_classes,)
    codes : list of ndarray of int, each of shape (n_samples,)
        One array per input (``y_true`` first).

    Raises
    ------
    ValueError
        Empty, 2-D, mismatched lengths, NaN or non-integer float labels (scores),
        mixed string/number labels, duplicated ``labels``, or ``labels`` none of
        which occurs in the data.
    """
    return _encode(validated_labels(y_true, y_pred), labels, allow_unlisted)


def validated_labels(y_true, y_pred=None):
    """``{'y_true': array[, 'y_pred': array]}``: 1-D, same length, one type, no NaN."""
    arrays = {"y_true": as_1d(y_true, "y_true")}
    if y_pred is not None:
        arrays["y_pred"] = as_1d(y_pred, "y_pred")
        check_consistent_length(**arrays)
    check_label_arrays(arrays)
    return arrays


def _encode(arrays, labels, allow_unlisted):
    if labels is None:
        return _discover(list(arrays.values()))
    classes = check_labels(labels)
    if _kind(classes) != _kind(arrays["y_true"]):
        raise ValueError(
            f"labels holds {_kind(classes)}s but y_true holds "
            f"{_kind(arrays['y_true'])}s; pass labels of the same type as the data."
        )
    codes = _lookup(arrays, classes)
    _check_listed(arrays, codes, classes, allow_unlisted)
    return classes, codes


def binary_positive_mask(y_true, pos_label, *, name="y_true", classes=None):
    """Return a boolean mask of the positive class for binary ``y_true``.

    Parameters
    ----------
    y_true : ndarray of shape (n_samples,)
        Labels; at most two distinct values.
    pos_label : int, float, bool, str or None
        The positive label. None is allowed only when the labels are a subset
        of {0, 1}, {-1, 1} or {False, True}; then 1 (True) is positive.
    classes : ndarray of shape (n_classes,) or None
        ``class_values(y_true)`` when the caller has it already (not recomputed).

    Returns
    -------
    mask : ndarray of bool, shape (n_samples,)
    """
    if y_true.dtype == bool and pos_label is None:
        return y_true
    if classes is None:
        check_finite_labels(y_true, name)
        classes = class_values(y_true)
    if classes.size > 2:
        raise ValueError(
            f"{name} has {classes.size} classes {_show(classes)} but a binary metric "
            f"was asked for; pass binary labels (or use a multi-class metric)."
        )
    pos_label = resolve_pos_label(classes, pos_label, name=name)
    return y_true == pos_label


def binary_classes(y=None, pos_label=None, *, classes=None, name="y_true",
                   what="a binary evaluation"):
    """The two classes of binary labels and the positive one: the one resolution call.

    Parameters
    ----------
    y : ndarray of shape (n_samples,) or None
        The labels (1-D); their classes are found here. None: pass ``classes``.
    pos_label : object or None
        The positive class; None applies :func:`default_pos_label`.
    classes : ndarray of shape (n_classes,) or None
        The sorted distinct labels, when the caller has them already.
    name : str, default='y_true'
        The labels as the messages name them (``'the label column'`` on the
        command line).
    what : str, default='a binary evaluation'
        What needs the two classes, as the messages name it.

    Returns
    -------
    resolved : BinaryClasses
        ``classes`` (the two, sorted), ``pos_label`` (typed as an element of
        ``classes``) and ``neg_label``.

    Raises
    ------
    ValueError
        If the labels hold NaN or inf, or fewer than two classes.
    ChoiceError
        If they hold more than two classes (the fix: ``task``), or ``pos_label``
        is None and the positive class is ambiguous, or ``pos_label`` is not a
        class (the fix: ``pos_label``).

    Examples
    --------
    >>> import numpy as np
    >>> binary_classes(np.array(["B", "M", "M"]), "M")
    BinaryClasses(classes=array(['B', 'M'], dtype='<U1'), pos_label='M', neg_label='B')
    >>> binary_classes(np.array([0, 1, 2]))
    Traceback (most recent call last):
    ...
    evalplots.metrics._labels.ChoiceError: a binary evaluation needs two classes, but y_true holds 3 {0, 1, 2}; pass task='multiclass' or task='regression'.
    """
    if classes is None:
        check_finite_labels(y, name)
        classes = class_values(y)
    classes = np.asarray(classes)
    shown = _show(classes)
    if classes.size < 2:
        held = f"a single class {shown}" if classes.size else "no class"
        raise ValueError(f"{name} holds {held}, but {what} needs exactly two (both "
                         f"positive and negative samples).")
    if classes.size > 2:
        tasks = (("multiclass", "regression") if classes.dtype.kind in "iuf"
                 else ("multiclass",))
        raise ChoiceError(f"{what} needs two classes, but {name} holds {classes.size} "
                          f"{shown}", "task", tasks)
    pos_label = resolve_pos_label(classes, pos_label, name=name)
    return BinaryClasses(classes, pos_label,
                         next(c for c in classes.tolist() if c != pos_label))


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

    Labels within two adjacent integers are found by the minimum and the maximum
    alone (0/1 labels by their maximum as unsigned and their sum), other small-range integer and
    boolean labels by ``np.bincount`` in O(n), two float values by two comparisons;
    anything else falls back to ``np.unique``. Float classes come out with unsigned
    zeros: -0.0 and 0.0 are one class, named 0.0 whichever a sort saw first.
    """
    if y.dtype.kind == "f":
        return _float_class_values(y) + y.dtype.type(0)  # -0.0 + 0.0 is +0.0
    if y.dtype == bool:
        n_true = int(np.count_nonzero(y))
        return np.array([False, True])[[n_true < y.size, n_true > 0]]
    if y.dtype.kind in "iu" and y.size:
        if y.view(f"u{y.dtype.itemsize}").max() <= 1:  # within {0, 1}: one pass
            n_one = int(y.sum())  # (a SIMD sum streams faster than count_nonzero)
            return np.array([0, 1], dtype=y.dtype)[[n_one < y.size, n_one > 0]]
        lo, hi = int(y.min()), int(y.max())
        if hi - lo <= 1:  # the minimum and the maximum are both present
            return np.array([lo, hi][: hi - lo + 1], dtype=y.dtype)
        if hi - lo < _BINCOUNT_SPAN:
            present = np.flatnonzero(np.bincount(y - lo if lo else y))
            return (present + lo).astype(y.dtype)
    return np.unique(y)


def _float_class_values(y):
    """:func:`class_values` of float labels (two values by two comparisons)."""
    if y.size:
        lo, hi = y.min(), y.max()
        if lo == hi:
            return y[:1]
        if np.count_nonzero(y == lo) + np.count_nonzero(y == hi) == y.size:
            return np.array([lo, hi], dtype=y.dtype)
    return np.unique(y)


def _show(values, limit=6):
    vals = list(values.tolist()) if hasattr(values, "tolist") else list(values)
    text = ", ".join(repr(v) for v in vals[:limit])
    if len(vals) > limit:
        text += ", ..."
    return "{" + text + "}"


def default_pos_label(classes):
    """The implicit positive label of ``classes``, or None when it is ambiguous.

    1 for classes within {0, 1} or {-1, 1} (numbers), True for bools; None otherwise.
    """
    values = set(np.asarray(classes).tolist())
    if np.asarray(classes).dtype == bool:
        return True
    if np.asarray(classes).dtype.kind in "iuf" and values <= {0, 1, -1} and not (
        {0, -1} <= values
    ):
        return 1
    return None


def resolve_pos_label(classes, pos_label=None, *, name="y_true"):
    """Return the positive label, typed as an element of ``classes``.

    Parameters
    ----------
    classes : ndarray of shape (n_classes,)
        The distinct labels (at most two; one is allowed).
    pos_label : object or None
        The requested positive label; None applies :func:`default_pos_label`.
    name : str
        The label array as the error messages name it.

    Raises
    ------
    ChoiceError
        If ``pos_label`` is None and the positive class is ambiguous, or if it
        is not one of two classes (the fix: ``pos_label``, one of ``classes``).
    """
    classes = np.asarray(classes)
    if pos_label is None:
        implicit = default_pos_label(classes)
        if implicit is None:
            raise ChoiceError(f"{name} takes values {_show(classes)}, so the positive "
                              f"class is ambiguous", "pos_label", classes)
        return implicit
    listed = classes.tolist()
    if pos_label in listed:
        return listed[listed.index(pos_label)]
    if classes.size == 2:
        raise _not_a_class(pos_label, classes, name)
    return pos_label  # one class present: pos_label absent just means no positives


def _not_a_class(given, classes, name):
    return ChoiceError(f"is not a value of {name}, which takes {_show(classes)}",
                       "pos_label", classes, given=given)


def match_label_text(text, classes, *, name="y_true"):
    """Return the element of ``classes`` written as ``text`` (command-line input).

    A class matches when its ``str()`` equals ``text``, a number when it equals
    the number ``text`` denotes (``"1.0"`` matches 1), a bool when ``text`` is
    true/false in any case.

    Raises
    ------
    ChoiceError
        If no class matches ``text`` (the message of :func:`resolve_pos_label`,
        ``name`` naming the labels).
    """
    lowered = text.strip().lower()
    for label in np.asarray(classes).tolist():
        if str(label) == text:
            return label
        if isinstance(label, bool):
            if lowered == str(label).lower():
                return label
            continue
        if isinstance(label, (int, float)):
            try:
                if float(text) == float(label):
                    return label
            except ValueError:
                pass
    raise _not_a_class(text, classes, name)


def label_name_map(label_names, classes, *, arg="label_names"):
    """``{label: display name}`` for every class, from a mapping or a sequence.

    Parameters
    ----------
    label_names : mapping, sequence of str or None
        A mapping ``{label: name}`` (labels it omits are shown as themselves) or
        a sequence of one name per class, in the order of ``classes``.
    classes : ndarray of shape (n_classes,)
        The labels, in display order.

    Returns
    -------
    names : dict
        ``{label: str name}`` for each class, in the order of ``classes``.

    Raises
    ------
    ValueError
        If ``label_names`` is neither, has the wrong length, or gives two classes
        the same name (the figures could not tell them apart).
    """
    labels = np.asarray(classes).tolist()
    if label_names is None:
        names = {c: str(c) for c in labels}
    elif isinstance(label_names, Mapping):
        names = {c: str(label_names.get(c, c)) for c in labels}
    else:
        seq = None
        if not isinstance(label_names, (str, bytes)):
            try:
                seq = [str(v) for v in label_names]
            except TypeError:
                seq = None
        if seq is None or len(seq) != len(labels):
            raise ValueError(
                f"{arg} must be a dict {{label: name}} or a sequence of "
                f"{len(labels)} names in class order {labels} (e.g. "
                f"{['name of ' + str(c) for c in labels]!r}), got {label_names!r}."
            )
        names = dict(zip(labels, seq))
    shown = list(names.values())
    dupes = sorted({n for n in shown if shown.count(n) > 1})
    if dupes:
        raise ValueError(
            f"{arg} gives several classes the same name {dupes[0]!r}; give each "
            f"class a distinct name."
        )
    return names


def _as_array(y):
    if hasattr(y, "toarray"):  # scipy.sparse matrix or array
        return np.asarray(y.toarray())
    if hasattr(y, "to_numpy"):  # pandas DataFrame
        return y.to_numpy()
    return np.asarray(y)


def is_indicator(y):
    """True when ``y`` is 2-D (a multilabel indicator matrix by the module's rule).

    Cheap: reads the shape, or a list's first row, so a 1-D list is not copied. A
    single column (shape (n, 1)) is not an indicator matrix; :func:`as_1d`
    refuses it with the fix.
    """
    shape = getattr(y, "shape", None)
    if shape is not None:
        return len(shape) == 2 and shape[1] != 1
    if isinstance(y, (list, tuple)):  # look at the first row only: no conversion
        first = y[0] if len(y) else None
        if isinstance(first, (str, bytes)) or not hasattr(first, "__len__"):
            return False
        return len(first) != 1
    return False


def check_indicator(y, name, *, min_labels=2):
    """Return a multilabel indicator matrix as a bool ndarray, or raise naming ``name``.

    Parameters
    ----------
    y : array-like or sparse matrix of shape (n_samples, n_labels)
        0/1 (or bool) entries; ``y[i, j]`` is whether label j belongs to sample i.
    name : str
        The argument name used in the errors.
    min_labels : int, default=2
        The fewest columns accepted (1 only where a single label is meaningful,
        as in :func:`~evalplots.metrics.label_ranking_average_precision_score`).

    Returns
    -------
    Y : ndarray of bool of shape (n_samples, n_labels)

    Raises
    ------
    ValueError
        If ``y`` is not 2-D, is empty, has fewer than ``min_labels`` columns, or
        holds a value other than 0 and 1 (NaN, 2, -1, 0.5, strings).
    """
    arr = _as_array(y)
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be a 2-D indicator matrix of shape (n_samples, n_labels), got "
            f"shape {arr.shape}."
        )
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty; pass at least one sample.")
    if arr.shape[1] < min_labels:
        raise ValueError(
            f"{name} has shape {arr.shape}: one column is a binary problem, not a "
            f"multilabel one; pass {name}.ravel()."
        )
    if arr.dtype == bool:
        return arr
    if arr.dtype.kind not in "iuf":
        raise ValueError(
            f"{name} is 2-D, so it is read as a multilabel indicator matrix, but it has "
            f"dtype {arr.dtype}; pass 0/1 (or bool) entries, one column per label."
        )
    if arr.dtype.kind in "iu":  # one pass: a negative value is huge as unsigned
        unsigned = arr.view(arr.dtype.str.replace("i", "u"))
        if arr.size == 0 or unsigned.max() <= 1:
            return arr != 0
    present = arr != 0
    if not np.array_equal(arr, present):
        bad = arr[arr != present]  # NaN != 1 too
        raise ValueError(
            f"{name} is 2-D, so it is read as a multilabel indicator matrix (one column "
            f"per label), but it holds values other than 0 and 1, e.g. {bad[0].item()!r}; "
            f"pass 0/1 entries (a multiclass-multioutput target is not supported)."
        )
    return present


def indicator_pair(y_true, y_pred):
    """Validate two indicator matrices of one multilabel problem; return them as bool.

    Raises
    ------
    ValueError
        If either is not an indicator matrix (:func:`check_indicator`), if only one
        of the two is 2-D, or if their shapes differ.
    """
    two_d = {"y_true": is_indicator(y_true), "y_pred": is_indicator(y_pred)}
    if two_d["y_true"] != two_d["y_pred"]:
        one, other = ("y_true", "y_pred") if two_d["y_true"] else ("y_pred", "y_true")
        raise ValueError(
            f"{one} is a 2-D multilabel indicator matrix but {other} is not; pass both "
            f"as indicator matrices of shape (n_samples, n_labels), or both as 1-D labels."
        )
    t = check_indicator(y_true, "y_true")
    p = check_indicator(y_pred, "y_pred")
    if t.shape != p.shape:
        raise ValueError(
            f"y_true has shape {t.shape} but y_pred has shape {p.shape}; pass indicator "
            f"matrices with the same samples and the same labels (columns)."
        )
    return t, p
