"""Top-k metrics of ranked predictions: P@k, AP@k and MAP@k.

One query is a pair (relevant items, ranked predicted items). ``precision_at_k`` and
``average_precision_at_k`` score ONE query: ``y_true`` is a collection of items,
``y_pred`` a ranked sequence of items. ``mean_average_precision_at_k`` scores MANY
queries: ``y_true`` and ``y_pred`` are sequences of such lists, one per query. The
function, not the shape of the input, tells the two apart; a list of lists passed
to a one-query function is refused (its items would be unhashable lists), and so
is a score vector passed as ``y_pred`` (a non-integer number is not an item; the
message shows how to turn labels and scores into items).
"""

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.metrics._validation import (
    check_positive_int,
    check_zero_division,
    safe_divide,
)

__all__ = ["average_precision_at_k", "mean_average_precision_at_k", "precision_at_k"]

_VARIANTS = ("ranked_hits", "mean_precision")
_DENOMINATORS = ("k", "n_predicted")

_QUERY_DOC = """y_true : collection of hashable items
        The relevant items of the query (order and repetition do not matter).
    y_pred : sequence of hashable items
        The predicted items, best first. Only the first ``k`` count; a repeated
        item counts once (at its first rank). It may be shorter than ``k``."""

_K_DOC = """k : int
        The cut-off rank, >= 1.
    denominator : {'k', 'n_predicted'}, default='k'
        What P@i divides the hits in the top i by: ``i`` (the definition in
        Thakur's prose, the default) or the number of predictions actually in the
        top i, ``min(i, len(y_pred))`` (what Thakur's code does). The two differ
        only when ``y_pred`` has fewer than ``k`` items."""

_VARIANT_DOC = """variant : {'ranked_hits', 'mean_precision'}, default='ranked_hits'
        'ranked_hits': the sum of P@i over the ranks i that hold a new relevant
        item, divided by ``min(len(y_true), k)`` (Kaggle / ml_metrics ``apk``).
        'mean_precision': the mean of P@1, ..., P@k (Thakur, *Approaching (Almost)
        Any Machine Learning Problem*, ch. "Evaluation metrics")."""

_ZD_DOC = """zero_division : {'warn', 0, 1, np.nan}, default='warn'
        The value of a 0/0: 'ranked_hits' with no relevant item, or
        ``denominator='n_predicted'`` with an empty ``y_pred``. 'warn' gives 0.0
        and an UndefinedMetricWarning."""

_doc = fill_doc(query=_QUERY_DOC, k=_K_DOC, variant=_VARIANT_DOC, zd=_ZD_DOC)


def _check_options(k, denominator, variant="ranked_hits"):
    check_positive_int(k, "k")
    if denominator not in _DENOMINATORS:
        raise ValueError(
            f"denominator must be 'k' or 'n_predicted', got {denominator!r}."
        )
    if variant not in _VARIANTS:
        raise ValueError(
            f"variant must be 'ranked_hits' or 'mean_precision', got {variant!r}."
        )


def _items(x, name):
    if isinstance(x, (str, bytes)) or not hasattr(x, "__iter__"):
        raise ValueError(
            f"{name} must be a list of items for one query, got {type(x).__name__} "
            f"{x!r}; wrap a single item in a list."
        )
    items = x.tolist() if hasattr(x, "tolist") else list(x)
    try:
        set(items)
    except TypeError:
        raise ValueError(
            f"{name} holds unhashable items (lists?); for many queries use "
            f"mean_average_precision_at_k."
        ) from None
    return items


def _refuse_scores(predicted):
    """Raise if the predicted items hold a fraction: a score, not an item.

    A label vector and a score vector (``target=[0, 1, 1]``, ``preds=[0.2, 0.9,
    0.7]``, the retrieval form of torchmetrics and evidently) would otherwise be
    read as items that are never relevant, and every metric would be 0.0.
    """
    for item in predicted:
        if isinstance(item, (float, np.floating)) and not float(item).is_integer():
            raise ValueError(
                f"y_pred holds the non-integer number {item!r}, a score rather than an "
                f"item: y_pred is the ranked list of predicted items (ids), y_true the "
                f"relevant items. For a 0/1 label vector and a score vector over the "
                f"same samples, pass y_true=np.flatnonzero(labels) and "
                f"y_pred=np.argsort(-scores, kind='stable')."
            )


def _new_hits(y_true, y_pred, k):
    """0/1 per rank 1..min(k, len(y_pred)): does it hold a not-yet-seen relevant item?"""
    relevant = set(_items(y_true, "y_true"))
    predicted = _items(y_pred, "y_pred")
    _refuse_scores(predicted)
    seen = set()
    hits = []
    for item in predicted[:k]:
        hits.append(item in relevant and item not in seen)
        seen.add(item)
    return np.array(hits, dtype=np.float64), len(relevant)


def _precisions(hits, k, denominator):
    """P@1..P@k from the hit indicators of the first min(k, len(y_pred)) ranks."""
    cum = np.zeros(k)
    cum[: hits.size] = np.cumsum(hits)
    cum[hits.size :] = cum[hits.size - 1] if hits.size else 0.0
    ranks = np.arange(1, k + 1, dtype=np.float64)
    if denominator == "n_predicted":
        ranks = np.minimum(ranks, hits.size)
    return cum, ranks


@_doc
def precision_at_k(y_true, y_pred, *, k, denominator="k", zero_division="warn"):
    """Precision at k (P@k) of one query: the share of the top k that is relevant.

    Parameters
    ----------
    %(query)s
    %(k)s
    %(zd)s

    Returns
    -------
    precision : float
        In [0, 1].

    Raises
    ------
    ValueError
        If ``k`` is not an integer >= 1, ``denominator`` or ``zero_division`` is
        unknown, an input is a string, a scalar or holds unhashable items, or
        ``y_pred`` holds a non-integer number (a score, not an item).

    Notes
    -----
    :math:`P@k = |\\{\\text{relevant items in the top } k\\}| / k` (Thakur,
    *Approaching (Almost) Any Machine Learning Problem*, ch. "Evaluation metrics",
    top-k metrics).

    Examples
    --------
    >>> from evalplots.metrics import precision_at_k
    >>> precision_at_k([1, 2], [1], k=3)
    0.3333333333333333
    >>> precision_at_k([1, 2], [1], k=3, denominator="n_predicted")
    1.0
    """
    _check_options(k, denominator)
    zero_division = check_zero_division(zero_division)
    hits, _ = _new_hits(y_true, y_pred, k)
    cum, ranks = _precisions(hits, k, denominator)
    return float(
        safe_divide(cum[-1], ranks[-1], zero_division=zero_division, metric="P@k")
    )


def _ap(y_true, y_pred, k, variant, denominator, zero_division):
    hits, n_relevant = _new_hits(y_true, y_pred, k)
    if variant == "mean_precision":
        cum, ranks = _precisions(hits, k, denominator)
        return float(
            safe_divide(cum, ranks, zero_division=zero_division, metric="P@i").mean()
        )
    p_at_hits = (np.cumsum(hits) / np.arange(1, hits.size + 1))[hits > 0]
    return float(
        safe_divide(
            p_at_hits.sum(),
            min(n_relevant, k),
            zero_division=zero_division,
            metric="AP@k with no relevant item",
        )
    )


@_doc
def average_precision_at_k(
    y_true, y_pred, *, k, variant="ranked_hits", denominator="k", zero_division="warn"
):
    """Average precision at k (AP@k) of one query.

    Parameters
    ----------
    %(query)s
    %(k)s
    %(variant)s
    %(zd)s

    Returns
    -------
    ap : float
        In [0, 1].

    Raises
    ------
    ValueError
        As :func:`precision_at_k`, and if ``variant`` is unknown.

    Notes
    -----
    With :math:`\\mathrm{rel}(i) = 1` when rank i holds a relevant item not seen
    above it: 'ranked_hits' is :math:`\\sum_{i \\le k} P@i\\,\\mathrm{rel}(i) /
    \\min(|y_\\mathrm{true}|, k)` (Kaggle; B. Hamner's ml_metrics ``apk``, quoted by
    Thakur); 'mean_precision' is :math:`\\frac1k \\sum_{i=1}^{k} P@i` (Thakur,
    ch. "Evaluation metrics", top-k metrics). ``denominator`` changes P@i only at
    ranks beyond ``len(y_pred)``, so it matters for 'mean_precision' only.

    Examples
    --------
    >>> from evalplots.metrics import average_precision_at_k
    >>> round(average_precision_at_k([1, 2, 3], [1, 99, 3], k=3), 6)
    0.555556
    >>> round(average_precision_at_k([1, 2, 3], [0, 1, 2], k=3,
    ...                              variant="mean_precision"), 6)
    0.388889
    """
    _check_options(k, denominator, variant)
    zero_division = check_zero_division(zero_division)
    return _ap(y_true, y_pred, k, variant, denominator, zero_division)


@_doc
def mean_average_precision_at_k(
    y_true, y_pred, *, k, variant="ranked_hits", denominator="k", zero_division="warn"
):
    """Mean average precision at k (MAP@k): the mean of AP@k over queries.

    Parameters
    ----------
    y_true : sequence of collections of hashable items, length n_queries
        For each query, its relevant items (a list of lists).
    y_pred : sequence of sequences of hashable items, length n_queries
        For each query, its predicted items, best first.
    %(k)s
    %(variant)s
    %(zd)s

    Returns
    -------
    map : float
        In [0, 1].

    Raises
    ------
    ValueError
        If ``y_true`` and ``y_pred`` hold different numbers of queries or none, a
        query is not a list of hashable items, a query's ``y_pred`` holds a
        non-integer number (a score, not an item), or an option is invalid.

    Notes
    -----
    :math:`\\mathrm{MAP@k} = \\frac{1}{Q} \\sum_q \\mathrm{AP@k}_q` (Thakur,
    ch. "Evaluation metrics"); see :func:`average_precision_at_k` for the variants.

    Examples
    --------
    >>> from evalplots.metrics import mean_average_precision_at_k
    >>> y_true = [[1, 2, 3], [0, 2], [1], [2, 3], [1, 0], []]
    >>> y_pred = [[0, 1, 2], [1], [0, 2, 3], [2, 3, 4, 0], [0, 1, 2], [0]]
    >>> round(mean_average_precision_at_k(y_true, y_pred, k=4,
    ...                                   variant="mean_precision"), 6)
    0.333333
    >>> round(mean_average_precision_at_k(y_true, y_pred, k=4,
    ...       variant="mean_precision", denominator="n_predicted"), 6)
    0.347222
    """
    _check_options(k, denominator, variant)
    zero_division = check_zero_division(zero_division)
    if isinstance(y_true, (str, bytes)) or isinstance(y_pred, (str, bytes)):
        raise ValueError(  # noqa: TRY004 (the project raises ValueError on bad input)
            "y_true and y_pred must be lists of lists, one per query."
        )
    y_true, y_pred = list(y_true), list(y_pred)
    if len(y_true) != len(y_pred) or not y_true:
        raise ValueError(
            f"y_true has {len(y_true)} queries and y_pred {len(y_pred)}; pass one list "
            f"of relevant items and one ranked list per query (at least one query)."
        )
    aps = [
        _ap(t, p, k, variant, denominator, zero_division)
        for t, p in zip(y_true, y_pred)
    ]
    return float(np.mean(aps))
