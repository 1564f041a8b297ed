"""Label-ranking metrics of multilabel data: LRAP, coverage error and ranking loss.

Each sample ranks its labels by score; the metrics ask how high the sample's true
labels come in that ranking. Sources: Schapire & Singer, "BoosTexter: a boosting-based
system for text categorization", Machine Learning 39 (2000) (coverage, ranking
loss, average precision); Zhang & Zhou, "A review on multi-label learning
algorithms", IEEE TKDE 26(8), 2014, §2.2.1; Tsoumakas, Katakis & Vlahavas,
"Mining multi-label data", 2010, §3.3. Semantics (tie handling, degenerate rows)
follow scikit-learn.

All three are vectorised over the samples: every row is sorted once
(``np.argsort(axis=1)``), and a tie group of equal scores is handled exactly by
reading each label at the *last* position of its tie group, so tied labels
always count against the ranking, as scikit-learn's ``rankdata(method='max')``
does.
"""

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.metrics._labels import check_indicator
from evalplots.metrics._validation import check_finite, check_sample_weight, check_weight_total

__all__ = [
    "coverage_error",
    "label_ranking_average_precision_score",
    "label_ranking_loss",
]

_PARAMS_DOC = """y_true : array-like or sparse matrix of shape (n_samples, n_labels)
        Multilabel indicator matrix: 1 where the label is relevant to the sample.
    y_score : array-like of shape (n_samples, n_labels)
        Scores of each label for each sample (any finite real; higher ranks the
        label higher).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample in the mean."""

_RAISES_DOC = """ValueError
        If ``y_true`` is not a 0/1 matrix with at least two columns, the shapes
        differ, ``y_score`` is not finite, or ``sample_weight`` is invalid or
        sums to 0."""


def _check(y_true, y_score, sample_weight, min_labels=2):
    truth = check_indicator(y_true, "y_true", min_labels=min_labels)
    score = np.asarray(y_score.toarray() if hasattr(y_score, "toarray") else y_score)
    if score.shape != truth.shape:
        raise ValueError(
            f"y_true has shape {truth.shape} but y_score has shape {score.shape}; pass "
            f"one score per sample and label."
        )
    score = check_finite(score, "y_score")
    w = check_sample_weight(sample_weight, truth.shape[0])
    check_weight_total(w)
    return truth, score, w


def _sorted_rows(truth, score, descending):
    """Each row's relevance in score order, and the last position of each tie group.

    Returns ``(rel, last)``: ``rel[i, p]`` is the relevance of the label at
    position p of row i's ranking; ``last[i, p]`` the last position holding the
    same score, so that ``last + 1`` is the number of labels scored at least as
    high (descending) or at most as high (ascending) as position p.
    """
    order = np.argsort(-score if descending else score, axis=1, kind="stable")
    values = np.take_along_axis(score, order, axis=1)
    rel = np.take_along_axis(truth, order, axis=1)
    n_labels = score.shape[1]
    ends = np.ones(values.shape, dtype=bool)
    ends[:, :-1] = values[:, 1:] != values[:, :-1]
    positions = np.where(ends, np.arange(n_labels), n_labels)
    last = np.minimum.accumulate(positions[:, ::-1], axis=1)[:, ::-1]
    return rel, last


@fill_doc(params=_PARAMS_DOC)
def label_ranking_average_precision_score(y_true, y_score, *, sample_weight=None):
    """Label ranking average precision (LRAP) of multilabel scores.

    Parameters
    ----------
    %(params)s

    Returns
    -------
    score : float
        In (0, 1]; 1 when every sample ranks all its relevant labels first.

    Raises
    ------
    ValueError
        If ``y_true`` is not a 0/1 matrix (one column is allowed), the shapes
        differ, ``y_score`` is not finite, or ``sample_weight`` is invalid or
        sums to 0.

    Notes
    -----
    For sample i with relevant labels :math:`Y_i` among L labels and
    :math:`\\mathrm{rank}_{ij} = |\\{k : s_{ik} \\ge s_{ij}\\}|` (ties count
    against the label, as scikit-learn's ``rankdata(method='max')``):

    .. math::
        \\mathrm{LRAP} = \\frac{1}{\\sum_i w_i} \\sum_i \\frac{w_i}{|Y_i|}
        \\sum_{j \\in Y_i}
        \\frac{|\\{k \\in Y_i : s_{ik} \\ge s_{ij}\\}|}{\\mathrm{rank}_{ij}}

    the "average precision" of Schapire & Singer (2000) and Zhang & Zhou (IEEE
    TKDE 26(8), 2014, §2.2.1, eq. "avgprec"). A sample with no relevant label,
    or with all labels relevant, scores 1 (its ranking cannot be wrong), as in
    scikit-learn; so does every sample of a single-column ``y_true``, which is
    accepted here (and only here, as in scikit-learn).

    Examples
    --------
    >>> from evalplots.metrics import label_ranking_average_precision_score
    >>> label_ranking_average_precision_score([[1, 0, 0], [0, 0, 1]],
    ...                                       [[0.75, 0.5, 1], [1, 0.2, 0.1]])
    0.416666...
    """
    truth, score, w = _check(y_true, y_score, sample_weight, min_labels=1)
    n_labels = truth.shape[1]
    n_relevant = np.count_nonzero(truth, axis=1)
    rel, last = _sorted_rows(truth, score, descending=True)
    relevant_above = np.take_along_axis(np.cumsum(rel, axis=1), last, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        per_sample = np.sum(np.where(rel, relevant_above / (last + 1), 0.0), axis=1)
        per_sample /= n_relevant
    per_sample[(n_relevant == 0) | (n_relevant == n_labels)] = 1.0
    return float(np.average(per_sample, weights=w))


@fill_doc(params=_PARAMS_DOC, raises=_RAISES_DOC)
def coverage_error(y_true, y_score, *, sample_weight=None):
    """Coverage error: how far down each sample's ranking its relevant labels reach.

    Parameters
    ----------
    %(params)s

    Returns
    -------
    coverage : float
        In [0, n_labels]: the mean number of top-ranked labels that must be
        taken to include all relevant ones.

    Raises
    ------
    %(raises)s

    Notes
    -----
    .. math::
        \\mathrm{cov} = \\frac{1}{\\sum_i w_i} \\sum_i w_i\\,
        |\\{k : s_{ik} \\ge \\min_{j \\in Y_i} s_{ij}\\}|

    Ties count against the ranking (all labels tied with the lowest relevant one
    are included); a sample with no relevant label counts 0. This is
    scikit-learn's definition; Schapire & Singer (2000) and Zhang & Zhou (IEEE
    TKDE 26(8), 2014, §2.2.1) subtract 1, so that a perfect single-label
    ranking scores 0 instead of 1.

    Examples
    --------
    >>> from evalplots.metrics import coverage_error
    >>> coverage_error([[1, 0, 0], [0, 0, 1]], [[0.75, 0.5, 1], [1, 0.2, 0.1]])
    2.5
    """
    truth, score, w = _check(y_true, y_score, sample_weight)
    lowest_relevant = np.where(truth, score, np.inf).min(axis=1)
    covered = np.count_nonzero(score >= lowest_relevant[:, None], axis=1)
    return float(np.average(covered, weights=w))


@fill_doc(params=_PARAMS_DOC, raises=_RAISES_DOC)
def label_ranking_loss(y_true, y_score, *, sample_weight=None):
    """Ranking loss: the fraction of (relevant, irrelevant) label pairs ranked wrongly.

    Parameters
    ----------
    %(params)s

    Returns
    -------
    loss : float
        In [0, 1]; 0 when every sample scores all its relevant labels above all
        its irrelevant ones.

    Raises
    ------
    %(raises)s

    Notes
    -----
    With :math:`\\bar Y_i` the irrelevant labels of sample i:

    .. math::
        \\mathrm{RL} = \\frac{1}{\\sum_i w_i} \\sum_i
        \\frac{w_i}{|Y_i|\\,|\\bar Y_i|}
        |\\{(j, k) \\in Y_i \\times \\bar Y_i : s_{ij} \\le s_{ik}\\}|

    (Schapire & Singer 2000; Zhang & Zhou, IEEE TKDE 26(8), 2014, §2.2.1): a tie
    counts as a wrongly ordered pair. A sample with no relevant or no irrelevant
    label has no pair and counts 0, as in scikit-learn. Not to be confused with
    :func:`rank_loss`, the binary ranking loss 1 - AUC over samples.

    Examples
    --------
    >>> from evalplots.metrics import label_ranking_loss
    >>> label_ranking_loss([[1, 0, 0], [0, 0, 1]], [[0.75, 0.5, 1], [1, 0.2, 0.1]])
    0.75
    """
    truth, score, w = _check(y_true, y_score, sample_weight)
    n_labels = truth.shape[1]
    n_relevant = np.count_nonzero(truth, axis=1)
    rel, last = _sorted_rows(truth, score, descending=False)
    # for an irrelevant label: the relevant labels scored at most as high
    relevant_below = np.take_along_axis(np.cumsum(rel, axis=1), last, axis=1)
    wrong = np.sum(np.where(rel, 0, relevant_below), axis=1)
    pairs = n_relevant * (n_labels - n_relevant)
    loss = np.divide(wrong, pairs, out=np.zeros(wrong.shape), where=pairs > 0)
    return float(np.average(loss, weights=w))


