"""Count-based classification metrics: precision, recall and the F-beta family.

All of them are read off one confusion matrix, computed once per call by
:func:`evalplots.metrics.classification._confusion.confusion_counts` after one label discovery.
"""

from collections import namedtuple

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.metrics.classification._confusion import (
    SET_PAIR_DOC,
    CountRates,
    class_mean,
    confusion_counts,
)
from evalplots.metrics.classification._indicator import indicator_counts
from evalplots.metrics._labels import is_indicator
from evalplots.metrics._validation import check_beta, check_zero_division, safe_divide

__all__ = [
    "f1_score",
    "fbeta_score",
    "precision_recall_fscore_support",
    "precision_score",
    "recall_score",
]

_AVERAGES = ("binary", "micro", "macro", "weighted", "samples")

_PARAMS = (
    SET_PAIR_DOC
    + """
    labels : array-like of shape (n_labels,), default=None
        The classes to report (``average=None``) or to average over. Samples of
        other classes still count as false positives/negatives of the listed
        classes. None: every class in ``y_true`` or ``y_pred``, sorted. Ignored
        when ``average='binary'``. ValueError if none of them occurs in the data.
        For indicator matrices: column indices in [0, n_labels), in any order.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average='binary'``; ignored otherwise.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None
        'binary': the score of ``pos_label`` only (the data must hold at most two
        classes). 'micro': pool the counts of all classes, then divide. 'macro': the
        unweighted mean of the per-class scores. 'weighted': their mean weighted by
        support (the number of true samples of each class). 'samples' (indicator
        matrices only): the score of each sample's predicted label set against its
        true one, averaged over the samples (weighted by ``sample_weight``). None:
        the per-class scores as an array, in the order of ``labels``. For indicator
        matrices each label (column) is one class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample; counts become sums of weights.
    zero_division : {'warn', 0, 1, np.nan}, default='warn'
        The value of a 0/0 ratio. 'warn' gives 0.0 and an UndefinedMetricWarning.
        np.nan values are left out of the 'macro'/'weighted' means."""
)

_RAISES = """ValueError
        If the inputs are empty, of different lengths, or hold NaN, non-integer
        floats (scores, not labels) or mixed string/number labels; if a 2-D input
        is not a 0/1 indicator matrix of the other's shape; if ``average`` is
        unknown, 'binary' with indicator matrices or 'samples' without; if
        ``average='binary'`` and there are more than two classes, or two classes
        neither of which is ``pos_label``; if none of ``labels`` occurs (or, for
        indicator matrices, one is not a column index); if ``zero_division`` or
        ``sample_weight`` is invalid."""


_SECTIONS = """Parameters
    ----------
    %(params)s%(extra)s

    Returns
    -------
    %(returns)s : float, or ndarray of shape (n_labels,) if average is None

    Raises
    ------
    %(raises)s"""


_BETA_DOC = """
    beta : float
        Recall counts β times as much as precision (β² in the formula): β = 2
        favours recall, β = 0.5 precision."""


def score_doc(returns, extra=""):
    """Fill ``%(sections)s``: the Parameters, Returns and Raises of a per-class score."""
    sections = _SECTIONS.replace("%(extra)s", extra).replace("%(returns)s", returns)
    return fill_doc(sections=sections, params=_PARAMS, raises=_RAISES)


#: ``weight``: the sample weights for the 'samples' average (per-sample counts).
Counts = namedtuple("Counts", "classes tp pred true total weight", defaults=(None,))


def _check_average(average, multilabel):
    if average is not None and (
        not isinstance(average, str) or average not in _AVERAGES
    ):
        raise ValueError(
            f"average must be one of 'binary', 'micro', 'macro', 'weighted', 'samples' "
            f"or None, got {average!r}."
        )
    if multilabel and average == "binary":
        raise ValueError(
            "y_true and y_pred are multilabel indicator matrices but average='binary'; "
            "pass average='micro', 'macro', 'weighted', 'samples' or None."
        )
    if not multilabel and average == "samples":
        raise ValueError(
            "average='samples' averages over the label sets of the samples, so it needs "
            "multilabel indicator matrices of shape (n_samples, n_labels); for 1-D labels "
            "pass 'binary', 'micro', 'macro', 'weighted' or None."
        )


def _binary_index(classes, pos_label):
    present = classes.tolist()
    if len(present) > 2:
        raise ValueError(
            f"y_true and y_pred hold {len(present)} classes {present[:6]} but "
            f"average='binary'; pass average='macro', 'micro', 'weighted' or None."
        )
    if pos_label in present:
        return present.index(pos_label)
    if len(present) == 2:
        raise ValueError(
            f"pos_label={pos_label!r} is not a label of y_true or y_pred, which hold "
            f"{present}; pass pos_label= one of them."
        )
    return None


def class_counts(y_true, y_pred, labels, average, pos_label, sample_weight):
    """Per-class true positives, predicted and true totals, from one confusion matrix.

    Returns a ``Counts`` of float arrays, one entry per class averaged over (one
    entry for ``average='binary'``), and the total (weighted) number of samples.
    Multilabel indicator matrices give one entry per label (column), or per sample
    for ``average='samples'`` (then ``weight`` holds the sample weights).
    """
    multilabel = is_indicator(y_true) or is_indicator(y_pred)
    _check_average(average, multilabel)
    if multilabel:
        return Counts(*indicator_counts(
            y_true, y_pred, labels, sample_weight, average == "samples"
        ))
    binary = average == "binary"
    if binary:
        labels = None
    classes, cm = confusion_counts(
        y_true, y_pred, labels=labels, allow_unlisted=True, sample_weight=sample_weight
    )
    k = classes.shape[0]
    tp, pred, true = np.diagonal(cm)[:k], cm.sum(axis=0)[:k], cm.sum(axis=1)[:k]
    if binary:
        i = _binary_index(classes, pos_label)
        if i is None:
            tp = pred = true = np.zeros(1)
        else:
            tp, pred, true = tp[i : i + 1], pred[i : i + 1], true[i : i + 1]
    return Counts(classes, tp, pred, true, cm.sum())


def _average(values, average, support):
    """Mean of per-class ``values`` as ``average`` says, NaN entries left out.

    'weighted' weights by ``support``; 'samples' (per-sample values) by ``support``
    too, there the sample weights (None: unweighted). All-zero weights: plain mean.
    """
    if average is None:
        return values
    uses = average in ("weighted", "samples") and support is not None
    return class_mean(values, support if uses else None)


def _pooled(c, average):
    if average == "micro":
        return tuple(counts.sum(keepdims=True) for counts in (c.tp, c.pred, c.true))
    return c.tp, c.pred, c.true


@fill_doc(params=_PARAMS, raises=_RAISES)
def precision_recall_fscore_support(
    y_true,
    y_pred,
    *,
    beta=1.0,
    labels=None,
    pos_label=1,
    average=None,
    warn_for=("precision", "recall", "f-score"),
    sample_weight=None,
    zero_division="warn",
):
    """Precision, recall, F-beta score and support, per class or averaged.

    Parameters
    ----------
    %(params)s
    beta : float, default=1.0
        Weight of recall relative to precision (β ≥ 0; ``np.inf`` gives recall).
    warn_for : tuple of str, default=('precision', 'recall', 'f-score')
        Which of the three may warn on 0/0 when ``zero_division='warn'``.

    Returns
    -------
    precision, recall, fbeta : float, or ndarray of shape (n_labels,) if average is None
    support : ndarray of shape (n_labels,) or None
        Number (or weight) of true samples of each class; None when averaged.

    Raises
    ------
    %(raises)s

    Notes
    -----
    Per class, with TP, FP, FN counted one-vs-rest (Zhou Zhihua, *Machine Learning*,
    §2.3.2, eqs. 2.8–2.11; van Rijsbergen 1979 for F-beta):

    .. math::
        P = \\frac{TP}{TP + FP},\\quad R = \\frac{TP}{TP + FN},\\quad
        F_\\beta = \\frac{(1+\\beta^2)\\,TP}{(1+\\beta^2)\\,TP + \\beta^2 FN + FP}

    The F-beta score is computed from the counts, so it equals
    :math:`(1+\\beta^2)PR/(\\beta^2P + R)` whenever that is defined and is 0.0 (not
    undefined) when TP = 0 but FN + FP > 0, whatever ``zero_division`` says about
    P or R. 'macro' is the mean of the per-class F (Zhou's macro-F1 is instead the
    F of macro-P and macro-R; the two differ in general).

    Multilabel indicator matrices: the label-based measures read each label
    (column) as one class with its own TP, FP, FN ('macro', 'micro', 'weighted',
    None); the example-based 'samples' average computes P, R and F of each
    sample's label sets, :math:`|Y_s \\cap \\hat Y_s| / |\\hat Y_s|`,
    :math:`|Y_s \\cap \\hat Y_s| / |Y_s|`, and averages them over the samples
    (Zhang & Zhou, "A review on multi-label learning algorithms", IEEE TKDE
    26(8), 2014, §2.2.1-2.2.2; Tsoumakas et al., "Mining multi-label data",
    2010, §3). Integer ``sample_weight`` gives exact integer counts.

    Examples
    --------
    >>> from evalplots.metrics import precision_recall_fscore_support
    >>> p, r, f, s = precision_recall_fscore_support([0, 0, 1, 1, 2, 2],
    ...                                              [0, 1, 1, 1, 2, 2])
    >>> p, r, s
    (array([1.        , 0.66666667, 1.        ]), array([0.5, 1. , 1. ]), array([2, 2, 2]))
    >>> precision_recall_fscore_support([0, 0, 1, 1, 2, 2], [0, 1, 1, 1, 2, 2],
    ...                                 average="macro")[2]
    0.8222222222222223
    >>> import numpy as np
    >>> Y = np.array([[1, 1, 0], [0, 1, 0], [1, 0, 1]])
    >>> Y_hat = np.array([[1, 0, 0], [0, 1, 1], [1, 0, 1]])
    >>> precision_recall_fscore_support(Y, Y_hat, average="samples")[:3]
    (0.8333333333333334, 0.8333333333333334, 0.7777777777777777)
    """
    zero_division = check_zero_division(zero_division)
    check_beta(beta)
    c = class_counts(y_true, y_pred, labels, average, pos_label, sample_weight)
    precision, recall, fbeta = scores_from_counts(c, average, beta, warn_for, zero_division)
    if average is None:
        return precision, recall, fbeta, class_support(c, sample_weight)
    support = average_support(c, average)
    return (*(_average(v, average, support) for v in (precision, recall, fbeta)), None)


def average_support(c, average):
    """The weights of the mean over a ``Counts``: class support, or sample weights."""
    return c.weight if average == "samples" else c.true


def class_support(c, sample_weight):
    """Per-class support of a ``Counts``: int64 counts, or float sums of weights."""
    return c.true.astype(np.int64) if sample_weight is None else c.true


def scores_from_counts(c, average, beta=1.0, warn_for=("precision", "recall", "f-score"),
                       zero_division="warn"):  # fmt: skip
    """Precision, recall and F-beta of a ``Counts``: per class, or pooled for 'micro'.

    ``zero_division`` must be validated already. The 'macro'/'weighted' means are
    not taken here (see ``_average``): the arrays are per class for any other
    ``average``, so a caller can take several means of one division.
    """
    tp, pred, true = _pooled(c, average)

    def divide(num, den, name):
        zd = zero_division if name in warn_for or zero_division != "warn" else 0.0
        return safe_divide(num, den, zero_division=zd, metric=name)

    rates = CountRates(tp, true, pred, beta=float(beta), divide=divide)
    return rates.precision, rates.recall, rates.fbeta


def _one_score(index, warn_for, **kwargs):
    kwargs.setdefault("beta", 1.0)
    return precision_recall_fscore_support(warn_for=warn_for, **kwargs)[index]


@score_doc("precision")
def precision_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                    sample_weight=None, zero_division="warn"):  # fmt: skip
    """Precision TP / (TP + FP): the fraction of predicted positives that are right.

    %(sections)s

    Notes
    -----
    Zhou Zhihua, *Machine Learning*, §2.3.2, eq. 2.8. See
    :func:`precision_recall_fscore_support` for the averages.

    Examples
    --------
    >>> from evalplots.metrics import precision_score
    >>> precision_score([1, 1, 0, 0], [1, 0, 1, 1])
    0.3333333333333333
    >>> precision_score([1, 1, 0, 0], [0, 0, 0, 0], zero_division=1)
    1.0
    """
    return _one_score(0, ("precision",), **locals())


@score_doc("recall")
def recall_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                 sample_weight=None, zero_division="warn"):  # fmt: skip
    """Recall TP / (TP + FN), also sensitivity or true-positive rate.

    %(sections)s

    Notes
    -----
    Zhou Zhihua, *Machine Learning*, §2.3.2, eq. 2.9. See
    :func:`precision_recall_fscore_support` for the averages.

    Examples
    --------
    >>> from evalplots.metrics import recall_score
    >>> recall_score([1, 1, 0, 0], [1, 0, 1, 1])
    0.5
    >>> recall_score(["a", "b", "b"], ["a", "a", "b"], average=None)
    array([1. , 0.5])
    """
    return _one_score(1, ("recall",), **locals())


@score_doc("fbeta", extra=_BETA_DOC)
def fbeta_score(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary",
                sample_weight=None, zero_division="warn"):  # fmt: skip
    """F-beta score, the weighted harmonic mean of precision and recall.

    %(sections)s

    Notes
    -----
    :math:`F_\\beta = (1+\\beta^2)PR/(\\beta^2 P + R)` (Zhou Zhihua, *Machine
    Learning*, §2.3.2, eq. 2.11), computed from the counts as in
    :func:`precision_recall_fscore_support`.

    Examples
    --------
    >>> from evalplots.metrics import fbeta_score
    >>> fbeta_score([1, 1, 0, 0], [1, 1, 1, 1], beta=2)
    0.8333333333333334
    >>> fbeta_score([1, 1, 0, 0], [1, 1, 1, 1], beta=0.5)
    0.5555555555555556
    """
    return _one_score(2, ("f-score",), **locals())


@score_doc("f1")
def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
             sample_weight=None, zero_division="warn"):  # fmt: skip
    """F1 score, the harmonic mean of precision and recall: 2PR / (P + R).

    %(sections)s

    Notes
    -----
    :math:`F_1 = 2TP/(2TP + FN + FP)` (Zhou Zhihua, *Machine Learning*, §2.3.2,
    eq. 2.10); 'macro' is the mean of per-class F1, 'weighted' weights it by support.

    Examples
    --------
    >>> from evalplots.metrics import f1_score
    >>> f1_score([0, 0, 1, 1, 2, 2], [0, 1, 1, 1, 2, 2], average="macro")
    0.8222222222222223
    >>> round(f1_score([0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 2, 2], average="weighted"), 6)
    0.677778
    """
    return _one_score(2, ("f-score",), **locals())
