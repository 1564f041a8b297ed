"""Discounted cumulative gain (DCG) and its normalised form (NDCG) for graded relevance.

Each row is one query: ``y_true[i, j]`` is the relevance (gain) of document j for
query i, and ``y_score[i, j]`` the score the model ranks it by. Documents with tied
scores share their positions: each receives the mean gain of its tie group at the
sum of the group's discounts (McSherry & Najork 2008), as scikit-learn does. All
queries are ranked at once — one row-wise sort and three ``np.bincount`` calls over
the tie groups — with no Python loop over the queries.
"""


import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.metrics._validation import (
    check_bool,
    check_finite,
    check_positive_int,
    check_sample_weight,
    check_weight_total,
    check_zero_division,
    is_real,
    safe_divide,
)

__all__ = ["dcg_score", "ndcg_score"]

_PARAMS = """y_true : array-like of shape (n_samples, n_labels)
        True relevance of each document (column) for each query (row): graded
        gains or a 0/1 indicator matrix.
    y_score : array-like of shape (n_samples, n_labels)
        Predicted scores; a higher score ranks the document higher.
    k : int, default=None
        Only the k highest-ranked documents count (DCG@k); None: all.
    %(log_base)ssample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each query in the mean.
    ignore_ties : bool, default=False
        False: tied documents share the mean gain of their tie group. True:
        tied scores are ranked in column order, the later column first, which
        makes the score depend on the column order (scikit-learn offers it for
        speed; here the tie-averaging default costs about the same)."""

_LOG_BASE = """log_base : float, default=2
        Base of the logarithm of the discount, > 0 and != 1; a smaller base
        discounts faster.
    """

_RAISES = """ValueError
        If ``y_true`` or ``y_score`` is not 2-D, they differ in shape, have fewer
        than 2 columns, are non-numeric or hold NaN/inf; if ``k`` is not an
        integer >= 1, ``ignore_ties`` not a bool, or ``sample_weight`` invalid
        or summing to 0."""


def _check_inputs(y_true, y_score, k, sample_weight, ignore_ties, metric):
    arrays = []
    for name, y in (("y_true", y_true), ("y_score", y_score)):
        arr = y.to_numpy() if hasattr(y, "to_numpy") else np.asarray(y)
        if arr.ndim != 2:
            raise ValueError(
                f"{name} must be 2-D of shape (n_samples, n_labels): one row of "
                f"document relevances/scores per query, got shape {arr.shape}."
            )
        arrays.append(check_finite(arr.reshape(-1), name).reshape(arr.shape))
    t, s = arrays
    if t.shape != s.shape:
        raise ValueError(
            f"y_true has shape {t.shape} but y_score has shape {s.shape}; pass one "
            f"score per document of each query."
        )
    if t.shape[1] < 2:
        raise ValueError(
            f"Computing {metric} is only meaningful when there is more than 1 "
            f"document. Got {t.shape[1]} instead; pass y_true of shape "
            f"(n_samples, n_labels) with n_labels >= 2."
        )
    if t.shape[0] == 0:
        raise ValueError("y_true is empty; pass at least one query (row).")
    check_positive_int(k, "k", allow_none=True)
    check_bool(ignore_ties, "ignore_ties")
    w = check_sample_weight(sample_weight, t.shape[0])
    check_weight_total(w, "query")
    return t, s, w


def _discount(n_labels, k, log_base):
    """1 / log_base(rank + 1) for ranks 1..n_labels, zero beyond rank ``k``."""
    discount = np.log(log_base) / np.log(np.arange(2, n_labels + 2, dtype=np.float64))
    if k is not None:
        discount[k:] = 0.0
    return discount


def dcg_per_query(gain, score, discount, ignore_ties):
    """DCG of every row of ``gain`` ranked by ``score`` (both of shape (n, m)).

    Ties: each tie group's positions carry the group's mean gain (unless
    ``ignore_ties``: a stable order, the later column first). The rows are
    sorted ascending, against the discounts reversed: the same sums, without
    reversed (strided) copies. numpy's unstable (SIMD) sort is several times
    faster than its stable one and gives the same ranking when no score is tied.
    """
    n, m = gain.shape
    discount = np.ascontiguousarray(discount[::-1])
    order = np.argsort(score, axis=1)
    ranked_score = np.take_along_axis(score, order, axis=1)
    starts = np.empty((n, m), dtype=bool)
    starts[:, 0] = True
    np.not_equal(ranked_score[:, 1:], ranked_score[:, :-1], out=starts[:, 1:])
    del ranked_score
    if starts.all():  # no ties: the plain sum, whatever ignore_ties says
        return np.take_along_axis(gain, order, axis=1) @ discount
    if ignore_ties:  # a deterministic order of the tied documents
        order = np.argsort(score, axis=1, kind="stable")
        return np.take_along_axis(gain, order, axis=1) @ discount
    ranked_gain = np.take_along_axis(gain, order, axis=1)
    del order
    group = np.cumsum(starts.ravel()) - 1  # tie groups never span two rows
    n_groups = int(group[-1]) + 1
    size = np.bincount(group, minlength=n_groups)
    gain_sum = np.bincount(group, weights=ranked_gain.ravel(), minlength=n_groups)
    disc_sum = np.bincount(
        group, weights=np.broadcast_to(discount, (n, m)).ravel(), minlength=n_groups
    )
    row = np.repeat(np.arange(n), starts.sum(axis=1))
    return np.bincount(row, weights=gain_sum / size * disc_sum, minlength=n)


def _check_log_base(log_base):
    if not (is_real(log_base) and log_base > 0 and log_base != 1 and np.isfinite(log_base)):
        raise ValueError(
            f"log_base must be a finite number > 0 and != 1, got {log_base!r}."
        )


@fill_doc(params=_PARAMS.replace("%(log_base)s", _LOG_BASE), raises=_RAISES)
def dcg_score(
    y_true, y_score, *, k=None, log_base=2, sample_weight=None, ignore_ties=False
):
    """Discounted cumulative gain (DCG), averaged over the queries.

    Parameters
    ----------
    %(params)s

    Returns
    -------
    dcg : float
        The (weighted) mean DCG of the queries, in the unit of the gains.

    Raises
    ------
    %(raises)s
        Also if ``log_base`` is not a finite number > 0 and != 1.

    Notes
    -----
    For one query, with the documents sorted by decreasing score,
    :math:`\\mathrm{DCG@k} = \\sum_{r=1}^{k} g_r / \\log_b(r + 1)` with :math:`g_r`
    the gain of the document at rank r (Järvelin & Kekäläinen, ACM TOIS 20(4),
    2002). Tied scores: each document of a tie group occupying ranks
    :math:`r \\in R` gets the group's mean gain, so the group contributes
    :math:`\\bar g_R \\sum_{r \\in R, r \\le k} 1/\\log_b(r+1)` (McSherry & Najork,
    ECIR 2008), as scikit-learn's ``dcg_score``.

    Examples
    --------
    >>> from evalplots.metrics import dcg_score
    >>> dcg_score([[10, 0, 0, 1, 5]], [[0.1, 0.2, 0.3, 4, 70]])
    9.49...
    >>> dcg_score([[10, 0, 0, 1, 5]], [[0.1, 0.2, 0.3, 4, 70]], k=2)
    5.63...
    >>> dcg_score([[1, 0, 0]], [[0.5, 0.5, 0.1]])  # a tie: gain 1/2 at ranks 1 and 2
    0.815...
    """
    _check_log_base(log_base)
    t, s, w = _check_inputs(y_true, y_score, k, sample_weight, ignore_ties, "DCG")
    gains = dcg_per_query(t, s, _discount(t.shape[1], k, log_base), ignore_ties)
    return float(np.average(gains, weights=w))


@fill_doc(params=_PARAMS.replace("%(log_base)s", ""), raises=_RAISES)
def ndcg_score(
    y_true, y_score, *, k=None, sample_weight=None, ignore_ties=False, zero_division="warn"
):
    """Normalised discounted cumulative gain (NDCG), averaged over the queries.

    Parameters
    ----------
    %(params)s
    zero_division : {'warn', 0, 1, np.nan}, default='warn'
        The NDCG of a query without any relevant document (ideal DCG 0, so
        0/0). 'warn' gives 0.0, scikit-learn's value, and an
        UndefinedMetricWarning. np.nan leaves those queries out of the mean.

    Returns
    -------
    ndcg : float
        In [0, 1]: the (weighted) mean over the queries of DCG / ideal DCG.

    Raises
    ------
    %(raises)s
        Also if ``y_true`` holds a negative relevance, or ``zero_division`` is
        invalid.

    Notes
    -----
    :math:`\\mathrm{NDCG@k} = \\mathrm{DCG@k} / \\mathrm{IDCG@k}`, with IDCG the
    DCG of the documents sorted by their true relevance (Järvelin & Kekäläinen,
    ACM TOIS 20(4), 2002); the discount is :math:`1/\\log_2(r + 1)`. Tied scores
    are averaged as in :func:`dcg_score`.

    Examples
    --------
    >>> from evalplots.metrics import ndcg_score
    >>> ndcg_score([[10, 0, 0, 1, 5]], [[0.1, 0.2, 0.3, 4, 70]])
    0.69...
    >>> ndcg_score([[10, 0, 0, 1, 5]], [[0.05, 1.1, 1.0, 0.5, 0.0]], k=4)
    0.35...
    >>> ndcg_score([[10, 0, 0, 1, 5]], [[1, 0, 0, 0, 1]], k=1)  # tie: (10 + 5) / 2
    0.75
    """
    zero_division = check_zero_division(zero_division)
    t, s, w = _check_inputs(y_true, y_score, k, sample_weight, ignore_ties, "NDCG")
    if (t < 0).any():
        raise ValueError(
            "ndcg_score should not be used on negative y_true values; pass "
            "relevances >= 0 (NDCG is not bounded otherwise), or use dcg_score."
        )
    discount = _discount(t.shape[1], k, 2)
    gains = dcg_per_query(t, s, discount, ignore_ties)
    ideal = np.sort(t, axis=1) @ discount[::-1]  # the gains in decreasing order
    ndcg = safe_divide(gains, ideal, zero_division=zero_division, metric="NDCG")
    keep = ~np.isnan(ndcg)  # zero_division=np.nan: undefined queries left out
    weights = np.ones(keep.size) if w is None else w
    if not weights[keep].any():
        return float("nan")
    return float(np.average(ndcg[keep], weights=weights[keep]))
