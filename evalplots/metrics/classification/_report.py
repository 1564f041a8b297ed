"""The classification report: per-class precision, recall, F1 and support, and averages.

One confusion matrix is counted (by :func:`class_counts`), divided once per class and
once pooled ('micro'); the 'macro' and 'weighted' rows are means of the per-class
values, taken by the same rule as :func:`precision_recall_fscore_support`.
"""

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.metrics.classification._classification import (
    _average,
    class_counts,
    class_support,
    scores_from_counts,
)
from evalplots.metrics.classification._confusion import SET_PAIR_DOC
from evalplots.metrics._labels import discover_classes, is_indicator, validated_labels
from evalplots.metrics._validation import (
    as_1d,
    check_bool,
    check_positive_int,
    check_zero_division,
)

__all__ = ["classification_report"]

#: The value columns of every row, as named in the text header and the dict.
COLUMNS = ("precision", "recall", "f1-score", "support")
_SUMMARY_NAMES = ("accuracy", "micro avg", "macro avg", "weighted avg", "samples avg")
_OUTPUTS = ("text", "dict", "rows")


def _check_output(output, output_dict):
    check_bool(output_dict, "output_dict")
    if output is None:
        return "dict" if output_dict else "text"
    if not isinstance(output, str) or output not in _OUTPUTS:
        raise ValueError(f"output must be 'text', 'dict', 'rows' or None, got {output!r}.")
    if output_dict and output != "dict":
        raise ValueError(
            f"output_dict=True asks for a dict but output={output!r}; pass only one "
            f"of them (output_dict is kept for scikit-learn compatibility)."
        )
    return output


def _row_names(target_names, classes, output):
    """The name of each class row: ``target_names`` if given, else ``str(label)``."""
    if target_names is None:
        names = [str(v) for v in classes.tolist()]
    else:
        names = [str(v) for v in as_1d(target_names, "target_names").tolist()]
        if len(names) != classes.shape[0]:
            raise ValueError(
                f"target_names has {len(names)} names but there are "
                f"{classes.shape[0]} classes {classes[:6].tolist()}; pass one name per "
                f"class, in the order of labels (or pass labels= to choose the classes)."
            )
    if output == "dict":
        # a dict keeps one entry per key: a repeated name would silently lose a row
        clash = sorted({n for n in names if names.count(n) > 1 or n in _SUMMARY_NAMES})
        if clash:
            raise ValueError(
                f"Row names {clash} repeat, or clash with the summary rows "
                f"{list(_SUMMARY_NAMES)}, so output='dict' would lose rows; pass "
                f"distinct target_names, or use output='rows' or 'text'."
            )
    return names


def _text(rows, n_classes, digits, show_micro):
    """The report as scikit-learn lays it out (same widths, same number formats)."""
    width = max(max(len(r[0]) for r in rows[:n_classes]), len("weighted avg"), digits)
    head_fmt = "{:>{width}s} " + " {:>9}" * len(COLUMNS)
    row_fmt = "{:>{width}s} " + " {:>9.{digits}f}" * 3 + " {:>9}\n"
    acc_fmt = "{:>{width}s} " + " {:>9.{digits}}" * 2 + " {:>9.{digits}f} {:>9}\n"
    text = head_fmt.format("", *COLUMNS, width=width) + "\n\n"
    for row in rows[:n_classes]:
        text += row_fmt.format(*row, width=width, digits=digits)
    text += "\n"
    for row in rows[n_classes:]:
        if row[0] == "accuracy":
            text += acc_fmt.format(row[0], "", "", *row[3:], width=width, digits=digits)
        elif row[0] != "micro avg" or show_micro:
            text += row_fmt.format(*row, width=width, digits=digits)
    return text


def _dict(rows):
    out = {}
    for name, *values in rows:
        if name == "accuracy":
            out[name] = float(values[2])
        else:
            out[name] = dict(zip(COLUMNS, (float(v) for v in values)))
    return out


@fill_doc(pair=SET_PAIR_DOC)
def classification_report(
    y_true,
    y_pred,
    *,
    labels=None,
    target_names=None,
    sample_weight=None,
    digits=2,
    output_dict=False,
    zero_division="warn",
    output=None,
):
    """Precision, recall, F1 and support of each class, with accuracy and averages.

    Parameters
    ----------
    %(pair)s
    labels : array-like of shape (n_labels,), default=None
        The classes to report, in this order. Samples of other classes still
        count as false positives/negatives of the listed classes. None: every
        class in ``y_true`` or ``y_pred``, sorted. For indicator matrices: column
        indices.
    target_names : array-like of shape (n_labels,), default=None
        Display name of each class, in the order of ``labels`` (shown as str).
        None: ``str(label)``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample; counts and supports become sums of
        weights.
    digits : int, default=2
        Decimal places of the numbers in the text output (the dict and rows hold
        unrounded floats).
    output_dict : bool, default=False
        True: return the dict (scikit-learn's switch; the same as
        ``output='dict'``).
    zero_division : {'warn', 0, 1, np.nan}, default='warn'
        The value of a 0/0 precision, recall or F1 (a class never predicted, or
        with no true sample). 'warn' gives 0.0 and an UndefinedMetricWarning;
        np.nan values are left out of the macro and weighted means.
    output : {'text', 'dict', 'rows'} or None, default=None
        The form of the result; None: 'dict' if ``output_dict`` else 'text'.

    Returns
    -------
    report : str, dict or list of tuple
        'text': a table of ``n_labels`` class rows, then the summary rows, laid
        out as scikit-learn prints it. 'dict': ``{name: {'precision': p,
        'recall': r, 'f1-score': f, 'support': s}}`` for each class and summary
        row, except ``'accuracy'``, whose value is a float. 'rows': a list of
        ``(name, precision, recall, f1_score, support)`` tuples, the class rows
        first — the body of a report table (``Report.add_table(rows,
        header=("", "precision", "recall", "f1-score", "support"))``); the
        accuracy row holds None for precision and recall. Supports are ints
        without ``sample_weight`` (floats in the dict, as scikit-learn).

    Raises
    ------
    ValueError
        If the inputs are empty, not 1-D, of different lengths, or hold NaN,
        non-integer floats (scores, not labels) or mixed string/number labels; if
        ``labels`` has duplicates or none of its values occurs; if
        ``target_names`` does not hold one name per class (scikit-learn only warns
        when ``labels`` is given, and drops rows), or, for the dict, repeats a
        name or uses a summary row's name; if ``digits``, ``zero_division``,
        ``sample_weight``, ``output`` or ``output_dict`` is invalid.

    Notes
    -----
    Per class c, with one-vs-rest counts (Zhou Zhihua, *Machine Learning*,
    §2.3.2, eqs. 2.8–2.10): :math:`P_c = TP_c/(TP_c+FP_c)`,
    :math:`R_c = TP_c/(TP_c+FN_c)`, :math:`F1_c = 2TP_c/(2TP_c+FP_c+FN_c)`,
    support :math:`= TP_c+FN_c`. The summary rows (Zhou §2.3.2; Thakur,
    *Approaching (Almost) Any Machine Learning Problem*, "multi-class metrics"):

    - 'micro avg': P, R and F1 of the TP, FP and FN pooled over the listed
      classes. When ``labels`` lists every class of ``y_true`` and ``y_pred``
      (always with ``labels=None``) these three equal the accuracy.
    - 'accuracy': shown (only) in that case; its value is the micro average.
    - 'macro avg': the unweighted mean of the per-class values (Zhou's macro-F1
      is instead the F1 of macro-P and macro-R).
    - 'weighted avg': their mean weighted by support.
    - 'samples avg' (multilabel indicator matrices only, last): the mean over
      the samples of P, R and F1 of each sample's label set, as
      :func:`precision_recall_fscore_support` with ``average='samples'``. A
      multilabel report has no 'accuracy' row (it shows 'micro avg').

    The support of a summary row is the total support of the listed classes.
    Which summary rows appear:

    - text: exactly scikit-learn's — 'accuracy' when it equals the micro
      average, otherwise 'micro avg'; then 'macro avg' and 'weighted avg'.
    - dict: scikit-learn's keys, plus 'micro avg' always (after 'accuracy' when
      both are present), so the micro average can always be read.
    - rows: the class rows, ['accuracy',] 'micro avg', 'macro avg',
      'weighted avg'.

    Examples
    --------
    >>> from evalplots.metrics import classification_report
    >>> y_true = [0, 1, 2, 0, 1, 2, 0, 2, 2]
    >>> y_pred = [0, 2, 1, 0, 2, 1, 0, 0, 2]
    >>> print(classification_report(y_true, y_pred, target_names=["a", "b", "c"],
    ...                             zero_division=0))
                  precision    recall  f1-score   support
    <BLANKLINE>
               a       0.75      1.00      0.86         3
               b       0.00      0.00      0.00         2
               c       0.33      0.25      0.29         4
    <BLANKLINE>
        accuracy                           0.44         9
       macro avg       0.36      0.42      0.38         9
    weighted avg       0.40      0.44      0.41         9
    <BLANKLINE>
    >>> report = classification_report(y_true, y_pred, output_dict=True, zero_division=0)
    >>> report["accuracy"], report["micro avg"]["f1-score"]
    (0.444..., 0.444...)
    >>> rows = classification_report(y_true, y_pred, labels=[2, 0], output="rows")
    >>> [row[0] for row in rows]
    ['2', '0', 'micro avg', 'macro avg', 'weighted avg']
    >>> rows[1]
    ('0', 0.75, 1.0, 0.857..., 3)
    """
    output = _check_output(output, output_dict)
    check_positive_int(digits, "digits", minimum=0)
    zero_division = check_zero_division(zero_division)
    multilabel = is_indicator(y_true) or is_indicator(y_pred)
    if multilabel:
        c = class_counts(y_true, y_pred, labels, None, None, sample_weight)
        micro_is_accuracy = False
    else:
        arrays = validated_labels(y_true, y_pred)
        c = class_counts(*arrays.values(), labels, None, None, sample_weight)
        micro_is_accuracy = labels is None or bool(
            np.isin(discover_classes(list(arrays.values())), c.classes).all()
        )
    names = _row_names(target_names, c.classes, output)

    per_class = scores_from_counts(c, None, zero_division=zero_division)
    support = class_support(c, sample_weight)
    total = support.sum().item()
    rows = [
        (name, *(float(v[i]) for v in per_class), support[i].item())
        for i, name in enumerate(names)
    ]
    micro = [float(v[0]) for v in scores_from_counts(c, "micro", zero_division=zero_division)]
    if micro_is_accuracy:
        rows.append(("accuracy", None, None, micro[0], total))
    rows.append(("micro avg", *micro, total))
    for average in ("macro", "weighted"):
        means = (_average(v, average, c.true) for v in per_class)
        rows.append((f"{average} avg", *means, total))
    if multilabel:
        s = class_counts(y_true, y_pred, labels, "samples", None, sample_weight)
        per_sample = scores_from_counts(s, "samples", zero_division=zero_division)
        rows.append(("samples avg", *(_average(v, "samples", s.weight) for v in per_sample), total))

    if output == "rows":
        return rows
    if output == "dict":
        return _dict(rows)
    return _text(rows, len(names), digits, show_micro=not micro_is_accuracy)
