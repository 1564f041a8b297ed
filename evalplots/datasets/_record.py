"""The record returned by the readers and loaders of evalplots.datasets."""

import dataclasses

import numpy as np

__all__ = ["Predictions"]


@dataclasses.dataclass(frozen=True)
class Predictions:
    """True values and the predictions of one or more models for the same samples.

    Parameters
    ----------
    y_true : ndarray of shape (n_samples,)
        The target column: int64, float64, bool or str labels, or float64
        regression targets.
    predictions : dict of str to ndarray
        Model name -> that model's predictions, in the order of the input's
        columns (or of ``models=``). Each is one of:

        - ndarray of float64 of shape (n_samples,): binary scores (higher =
          more likely positive) or regression predictions;
        - ndarray of shape (n_samples,) typed like ``y_true`` (int64, bool or
          str): predicted labels;
        - ndarray of float64 of shape (n_samples, n_classes): one score or
          probability per class, columns in the order of ``classes``.
    pos_label : int, float, bool, str or None, default=None
        The positive label, when known (the bundled binary sample sets it).
    label_names : dict or None, default=None
        Optional readable names of the labels, e.g. ``{1: "malignant"}``.
    description : str, default=""
        One-sentence description of where the data come from.
    ignored_columns : tuple of str, default=()
        Columns that held no numbers (and no predicted labels), therefore not
        read as models.
    classes : ndarray of shape (n_classes,) or None, default=None
        The sorted distinct values of ``y_true`` when it is a label column
        (int, bool or str); None for a float target with non-integer values
        (and for the regression sample).
    task : {"binary", "multiclass", "regression"} or None, default=None
        The task, when the data say it (the bundled samples); None when read
        from a file: the columns alone do not decide it.
    notes : tuple of str, default=()
        One-line notices about how the input was read (ignored or excluded
        columns), each ending with a period.
    id_columns : tuple of str, default=()
        Numeric columns that look like row identifiers and were therefore not
        read as models (name them in ``models=`` to read them anyway).
    sample_weight : ndarray of shape (n_samples,) or None, default=None
        Sample weights (float64) read from the ``weight=`` column.
    groups : dict of str to ndarray or None, default=None
        Grouping column -> its labels, from the ``groups=`` columns.
    folds : ndarray of shape (n_samples,) or None, default=None
        Cross-validation fold ids, from the ``folds=`` column.
    fold_name : str or None, default=None
        The name of that column.

        A plain frozen record: nothing is checked on construction;
        :func:`read_predictions` validates what it reads.

    Notes
    -----
    Frozen (attributes cannot be reassigned). ``predictions`` keeps the
    input's column order, which is the order of models in a report.
    ``scores`` is the same dict under its former name (kept for backward
    compatibility).

    Examples
    --------
    >>> import numpy as np
    >>> p = Predictions(np.array([0, 1]), {"m": np.array([0.2, 0.7])}, pos_label=1)
    >>> p.n_samples, list(p.predictions), p.scores is p.predictions
    (2, ['m'], True)
    """

    y_true: np.ndarray
    predictions: dict
    pos_label: object = None
    label_names: dict = None
    description: str = ""
    ignored_columns: tuple = ()
    classes: np.ndarray = None
    task: str = None
    notes: tuple = ()
    id_columns: tuple = ()
    sample_weight: np.ndarray = None
    groups: dict = None
    folds: np.ndarray = None
    fold_name: str = None

    @property
    def scores(self):
        """The predictions dict, under the name it had before multi-class input.

        Returns
        -------
        scores : dict of str to ndarray
            ``self.predictions`` itself (not a copy).

        Notes
        -----
        Kept so that code written for binary scores keeps working; new code
        reads ``predictions``.

        Examples
        --------
        >>> import numpy as np
        >>> Predictions(np.array([0, 1]), {"m": np.zeros(2)}).scores["m"]
        array([0., 0.])
        """
        return self.predictions

    @property
    def n_samples(self):
        """Number of samples (rows).

        Returns
        -------
        n_samples : int
            ``len(y_true)``.

        Notes
        -----
        Every prediction array has this many rows too.

        Examples
        --------
        >>> import numpy as np
        >>> Predictions(np.array([0, 1, 1]), {"m": np.zeros(3)}).n_samples
        3
        """
        return int(self.y_true.shape[0])
