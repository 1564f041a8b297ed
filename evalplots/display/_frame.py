"""``Display.frame()``: what a Display draws, as a pandas DataFrame.

One implementation for every Display (:class:`FrameMixin`): a Display names the
arrays it draws (``_FRAME``, attribute names in column order) or, when they are
not plain arrays (a matrix, a dict of metrics, histogram bins), says how to lay
them out as columns (``_frame_parts``). A Display of several curves (lists of
arrays) gives one block of rows per curve, with a ``curve`` column naming it.
"""

import numpy as np

__all__ = ["FrameMixin", "distribution_frame_parts", "matrix_frame_parts",
           "report_frame_parts", "threshold_frame_parts"]


def _padded(values, n):
    """``values`` as a float array of length ``n``, NaN after its own end."""
    values = np.asarray(values)
    if values.shape[0] == n:
        return values
    out = np.full(n, np.nan)
    out[:values.shape[0]] = values
    return out


class FrameMixin:
    """``frame()``: the arrays a Display draws, as a pandas DataFrame.

    Notes
    -----
    The columns are the Display's own arrays, full length (a curve drawn thinned
    is given whole), named as its attributes. An array shorter than the others
    (the thresholds of a precision-recall curve: none at its last point, the
    sentinel P = 1, R = 0) is padded with NaN at its end. Several curves: one
    block of rows per curve, the first column ``curve`` holding its name.

    Examples
    --------
    >>> from evalplots import RocCurveDisplay
    >>> RocCurveDisplay([0., 0., 1.], [0., 1., 1.], thresholds=[2, 0.8, 0.1]).frame()
       fpr  tpr  thresholds
    0  0.0  0.0         2.0
    1  0.0  1.0         0.8
    2  1.0  1.0         0.1
    """

    #: the drawn arrays, by attribute name, in column order (None ones left out)
    _FRAME = ()

    def frame(self):
        """What the Display draws, as a pandas DataFrame.

        Returns
        -------
        frame : pandas.DataFrame
            One column per drawn array (e.g. ``fpr``, ``tpr``, ``thresholds``);
            with several curves, a first column ``curve`` naming each one.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        The Display's stored arrays, as given to its constructor (the full
        curve, not the thinned drawing): what a reader of the figure would
        want to check or plot again. Nothing is computed.

        Examples
        --------
        >>> from evalplots import ConfusionMatrixDisplay
        >>> ConfusionMatrixDisplay([[5, 1], [2, 7]], display_labels=["no", "yes"]).frame()
          true predicted  value
        0   no        no      5
        1   no       yes      1
        2  yes        no      2
        3  yes       yes      7
        """
        import pandas as pd

        frames = []
        for label, columns in self._frame_parts():
            n = max(np.shape(v)[0] for v in columns.values())
            block = pd.DataFrame({k: _padded(v, n) for k, v in columns.items()})
            if label is not None:
                block.insert(0, "curve", label)
            frames.append(block)
        return frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)

    def _frame_parts(self):
        """``[(curve name or None, {column: 1-D array})]`` of the ``_FRAME`` arrays."""
        # _multicurve imports _base, which gives its curve mixin this one: on call
        from evalplots.display._multicurve import is_multi_curve

        values = {k: getattr(self, k) for k in self._FRAME if getattr(self, k, None) is not None}
        first = values[self._FRAME[0]]
        if not is_multi_curve(first):
            return [(None, values)]
        names = getattr(self, "name", None)
        if not isinstance(names, (list, tuple)) or len(names) != len(first):
            names = [str(i) for i in range(len(first))]
        return [(name, {k: v[i] for k, v in values.items() if is_multi_curve(v)})
                for i, name in enumerate(names)]


# --- the layouts of the Displays that draw no plain arrays (``_frame_parts = ...``)

def _labels(display, n):
    labels = getattr(display, "display_labels", None)
    return list(range(n)) if labels is None else list(labels)


def matrix_frame_parts(display):
    """A confusion matrix, one row per cell: ``true``, ``predicted``, ``value``
    (rows = true class, as stored; the drawing may transpose it)."""
    cm = np.asarray(display.confusion_matrix)
    labels = np.asarray(_labels(display, cm.shape[0]), dtype=object)
    k = labels.size
    return [(None, {"true": np.repeat(labels, k), "predicted": np.tile(labels, k),
                    "value": cm.ravel()})]


def report_frame_parts(display):
    """A classification report, one row per class then per average: ``class``,
    ``precision``, ``recall``, ``f1``, ``support`` (an average without the three,
    accuracy, in ``f1``, as scikit-learn's report prints it)."""
    rows = [(label, p, r, f, s) for label, p, r, f, s in zip(
        _labels(display, len(display.support)), display.precision, display.recall,
        display.f1, display.support)]
    for name, value in (display.averages or {}).items():
        p, r, f = value if np.ndim(value) else (np.nan, np.nan, value)
        rows.append((name, p, r, f, np.nan))
    names, *columns = zip(*rows)
    return [(None, {"class": np.asarray(names, dtype=object),
                    **{k: np.asarray(v, dtype=float) for k, v in zip(
                        ("precision", "recall", "f1", "support"), columns)}})]


def distribution_frame_parts(display):
    """Score histograms (``bin_left``, ``bin_right``) or densities (``x``), one
    column per class."""
    x = np.asarray(display.x)
    where = ({"bin_left": x[:-1], "bin_right": x[1:]} if display.kind == "hist"
             else {"x": x})
    labels = _labels(display, len(display.values))
    return [(None, {**where, **{str(label): v for label, v in zip(labels, display.values)}})]


def threshold_frame_parts(display):
    """``threshold`` and one column per metric drawn against it."""
    return [(None, {"threshold": display.thresholds, **display.values})]
