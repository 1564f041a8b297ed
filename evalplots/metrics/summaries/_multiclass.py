"""Mergeable summary of multi-class predictions: confusion, one-vs-rest and joint counts."""

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from evalplots.metrics._labels import (
    class_values,
    encode_labels,
)
from evalplots.metrics.classification._logloss import is_probability_matrix
from evalplots.metrics.ranking._score_counts import ScoreCounts, frequency_counts
from evalplots.metrics.summaries._base import (
    _chunk_arrays,
    _predictions,
    _add_dicts,
    _same,
    loss_moments,
    _Summary,
)
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite,
)

__all__ = ["MulticlassSummary"]

def _merge_kind(kinds):
    """'labels', 'probabilities' or 'scores' of a model over chunks (None: no row)."""
    kinds = {k for k in kinds if k is not None}
    if not kinds:
        return None
    if len(kinds) == 1:
        return kinds.pop()
    if "labels" in kinds:
        raise ValueError("a model gives predicted labels in one chunk and scores in "
                         "another; summarize every chunk alike.")
    return "scores"  # probabilities in some chunks, scores in others


def _sparse_counts(codes, k, weight):
    """``{index tuple: count}`` of the rows' index tuples (``codes``: list of d int
    arrays of indices in [0, k)), non-zero counts only."""
    if codes[0].size == 0:
        return {}
    flat = np.zeros(codes[0].size, dtype=np.int64)
    for c in codes:
        flat = flat * k + c
    if k ** len(codes) <= 1 << 20:
        counts = np.bincount(flat, weights=weight, minlength=k ** len(codes))
        keys = np.flatnonzero(counts)
        counts = counts[keys]
    else:
        keys, inverse = np.unique(flat, return_inverse=True)
        counts = np.bincount(inverse, weights=weight, minlength=keys.size)
    counts = frequency_counts(counts)  # integer counts come back unchanged
    index = np.unravel_index(keys, (k,) * len(codes))
    return dict(zip(zip(*(i.tolist() for i in index)), counts.tolist()))


def class_tables(codes, score, weight):
    """The k one-vs-rest tables of a score matrix (n, k): column c's scores,
    positive when the true class is c (empty when no row has a positive weight)."""
    if score.shape[0] and (weight is None or weight.any()):
        return [ScoreCounts.from_arrays(codes == c, score[:, c], pos_label=True,
                                        sample_weight=weight) for c in range(score.shape[1])]
    return [ScoreCounts.empty(score.dtype, weight) for _ in range(score.shape[1])]


class TablesOnFirstUse(Sequence):
    """The one-vs-rest tables of a score matrix, made when first read: the tables of
    an evaluation that reads its one-vs-rest counts off its rows wait for a merge
    (or a pickle, which holds the tables, not the rows)."""

    def __init__(self, codes, score, weight):
        self._rows = codes, score, weight

    @functools.cached_property
    def _tables(self):
        tables, self._rows = class_tables(*self._rows), None
        return tables

    def __getitem__(self, c):
        return self._tables[c]

    def __len__(self):
        return len(self._tables)

    def __reduce__(self):
        return list, (self._tables,)


@dataclass(repr=False, eq=False)
class MulticlassSummary(_Summary):
    """Mergeable summary of multi-class predictions of one or more models on one chunk.

    Make it with :meth:`from_arrays` on each chunk, combine with :meth:`merge`,
    and evaluate with
    :meth:`evalplots.evaluation.MulticlassEvaluation.from_summary`.

    Parameters
    ----------
    labels : tuple
        The classes in column order of the score matrices (and display order).
    confusion : dict of str to dict of (int, int) to number
        Model -> ``{(true index, predicted index): weight}`` (non-zero cells).
    joint : dict of (str, str) to dict of (int, int, int) to number
        Pair of models -> ``{(true, predicted by a, predicted by b): weight}``.
    ovr : dict of str to sequence of ScoreCounts
        Score models -> one table per class: column c's scores, positive when
        the true class is c.
    kinds : dict of str to str or None
        Model -> 'labels', 'probabilities' (every row in [0, 1] summing to 1)
        or 'scores'; None for a chunk without rows.
    log_loss : dict of str to ndarray of shape (n_classes, 7)
        Probability models -> per true class, the moments of ``−log p_true``
        and the rows whose true-class probability is 0 (:func:`loss_moments`
        with ``count_infinite``).
    label_rows, label_weight : dict of int to number
        True class index -> rows / weight.
    n_rows, n_partitions : int
        Rows summarized, chunks merged.

    Attributes
    ----------
    labels : tuple
        As given.
    confusion, joint, ovr, kinds, log_loss, label_rows, label_weight : dict
        As given.
    n_rows, n_partitions : int
        As given.

    Notes
    -----
    The confusion counts are the sufficient statistic of every count metric of
    the table (accuracy, balanced accuracy, F1, MCC, QWK; Zhou Zhihua, *Machine
    Learning* §2.3.2); the one-vs-rest tables that of the OvR curves and AUCs;
    the joint counts that of McNemar's test and of the paired bootstrap of the
    macro-F1 difference. All are sums over rows, so they merge by addition.

    Examples
    --------
    >>> from evalplots.metrics import MulticlassSummary
    >>> s = MulticlassSummary.from_arrays(["a", "b", "c"], {"m": ["a", "c", "c"]},
    ...                                   labels=["a", "b", "c"])
    >>> sorted(s.confusion["m"].items())
    [((0, 0), 1), ((1, 2), 1), ((2, 2), 1)]
    """

    labels: tuple
    confusion: dict
    joint: dict
    ovr: dict
    kinds: dict
    log_loss: dict
    label_rows: dict
    label_weight: dict
    n_rows: int
    n_partitions: int = 1

    _BY_MODEL = "confusion"

    @classmethod
    def from_arrays(cls, y_true, predictions, *, labels, sample_weight=None):
        """The summary of one chunk of rows.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True class labels, each one of ``labels``. May be empty.
        predictions : dict of str to array-like
            Model name -> scores or probabilities of shape (n_samples,
            n_classes), columns in the order of ``labels``, or predicted labels
            of shape (n_samples,).
        labels : array-like of shape (n_classes,)
            Every class, in column order (a chunk rarely holds them all, so
            they cannot be found from it).
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights.

        Returns
        -------
        MulticlassSummary

        Raises
        ------
        ValueError
            If a label is not one of ``labels``, a score matrix has the wrong
            number of columns or a non-finite value, or lengths differ.

        Notes
        -----
        The predicted class of a score matrix is the column of the highest
        score (the first on ties), as in the in-memory evaluation.

        Examples
        --------
        >>> s = MulticlassSummary.from_arrays([0, 1], {"m": [[.7, .2, .1], [.3, .3, .4]]},
        ...                                   labels=[0, 1, 2])
        >>> s.kinds["m"], sorted(s.confusion["m"])
        ('probabilities', [(0, 0), (1, 2)])
        """
        return cls._summarize(y_true, predictions, labels, sample_weight, class_tables)

    @classmethod
    def _summarize(cls, y_true, predictions, labels, sample_weight, tables):
        """:meth:`from_arrays`, each score model's one-vs-rest tables made by
        ``tables(codes, score, weight)``: :func:`class_tables`, or
        :class:`TablesOnFirstUse`."""
        predictions = _predictions(predictions)
        classes = as_1d(labels, "labels")
        if class_values(classes).size != classes.size or classes.size < 2:
            raise ValueError("labels must hold at least two distinct classes.")
        k = classes.size
        y, weight, n = _chunk_arrays(y_true, sample_weight)
        codes = encode_labels(y, labels=classes)[1][0] if n else np.zeros(0, np.intp)
        rows = np.bincount(codes, minlength=k)
        label_rows = dict(enumerate(rows.tolist()))
        mass = rows if weight is None else frequency_counts(
            np.bincount(codes, weights=weight, minlength=k))
        label_weight = dict(enumerate(mass.tolist()))
        confusion, preds, ovr, kinds, log_loss = {}, {}, {}, {}, {}
        for name, values in predictions.items():
            arg = f"predictions[{name!r}]"
            arr = values.to_numpy() if hasattr(values, "to_numpy") else np.asarray(values)
            if arr.ndim == 2:
                check_consistent_length(y_true=y, **{arg: arr})
                if arr.shape[1] != k:
                    raise ValueError(f"{arg} has {arr.shape[1]} columns but labels has {k} "
                                     f"classes; pass one score column per class.")
                score = check_finite(arr, arg) if n else arr.astype(np.float64)
                pred = np.argmax(score, axis=1) if n else np.zeros(0, np.intp)
                kinds[name] = (None if not n else "probabilities"
                               if is_probability_matrix(score) else "scores")
                ovr[name] = tables(codes, score, weight)
                with np.errstate(divide="ignore", invalid="ignore"):  # scores: unused
                    losses = -np.log(score[np.arange(n), codes]) if n else np.zeros(0)
                log_loss[name] = loss_moments(losses, weight, codes, k,
                                              count_zero_weight=True, count_infinite=True)
            else:
                v = as_1d(arr, arg, allow_empty=True)
                check_consistent_length(y_true=y, **{arg: v})
                try:
                    pred = encode_labels(v, labels=classes)[1][0] if n else np.zeros(0, np.intp)
                except ValueError as exc:
                    raise ValueError(f"{arg} holds labels that are not classes "
                                     f"({exc}); pass labels= with every class.") from None
                kinds[name] = "labels" if n else None
            preds[name] = pred
            confusion[name] = _sparse_counts([codes, pred], k, weight)
        joint = {(a, b): _sparse_counts([codes, preds[a], preds[b]], k, weight)
                 for a, b in combinations(predictions, 2)}
        return cls(tuple(classes.tolist()), confusion, joint, ovr, kinds, log_loss,
                   label_rows, label_weight, n, 1)

    @classmethod
    def merge(cls, summaries):
        """Merge summaries of disjoint chunks into the summary of their union.

        Parameters
        ----------
        summaries : iterable of MulticlassSummary
            Of the same models and labels.

        Returns
        -------
        MulticlassSummary

        Raises
        ------
        ValueError
            If ``summaries`` is empty or they differ in models or labels.

        Notes
        -----
        Counts are added; tables merged (:meth:`ScoreCounts.merge`).

        Examples
        --------
        >>> a = MulticlassSummary.from_arrays([0, 2], {"m": [0, 1]}, labels=[0, 1, 2])
        >>> sorted(MulticlassSummary.merge([a, a]).confusion["m"].items())
        [((0, 0), 2), ((2, 1), 2)]
        """
        summaries = cls._nonempty(summaries, "summaries")
        names = _same(summaries, "model_names")
        labels = _same(summaries, "labels")
        scored = [n for n in names if n in summaries[0].ovr]
        return cls(
            labels,
            {n: _add_dicts(s.confusion[n] for s in summaries) for n in names},
            {p: _add_dicts(s.joint[p] for s in summaries) for p in summaries[0].joint},
            {n: [ScoreCounts.merge([s.ovr[n][c] for s in summaries])
                 for c in range(len(labels))] for n in scored},
            {n: _merge_kind(s.kinds[n] for s in summaries) for n in names},
            {n: sum(s.log_loss[n] for s in summaries) for n in scored},
            _add_dicts(s.label_rows for s in summaries),
            _add_dicts(s.label_weight for s in summaries),
            sum(s.n_rows for s in summaries), sum(s.n_partitions for s in summaries))
