"""Classification-report Display: per-class precision, recall and F1 as a heatmap."""

import numbers
import warnings
from collections.abc import Mapping

import numpy as np

from evalplots.display._frame import FrameMixin, report_frame_parts
from evalplots.display._base import get_axes, merge_style_kwargs
from evalplots.display._cells import DARK_TEXT, format_cells
from evalplots.display._heatmap import (
    cell_text_colors,
    check_display_labels,
    class_names,
    draw_cell_texts,
    draw_heatmap,
    fit_cell_fontsize,
    fit_tick_labels,
    heatmap_kwargs,
)
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics import accuracy_score, precision_recall_fscore_support

__all__ = ["ClassificationReportDisplay"]

#: column titles, in drawing order (scikit-learn's classification_report names).
METRICS = ("precision", "recall", "f1-score")
SUPPORT = "support"
#: heatmap arguments that plot() sets itself, so im_kw must not.
_OWN_HEATMAP_ARGS = ("data", "ax", "annot", "cmap", "cbar", "xticklabels",
                     "yticklabels", "vmin", "vmax", "norm", "center", "robust")  # fmt: skip


class ClassificationReportDisplay(FrameMixin):
    """Per-class precision, recall and F1 (and their averages) as a heatmap.

    Prefer :meth:`from_predictions`. All parameters are stored as attributes (as
    float arrays; ``averages`` as a dict of floats and 3-tuples of floats).

    Parameters
    ----------
    precision : array-like of shape (n_classes,)
        Precision of each class, in [0, 1]; NaN for an undefined value (drawn as
        an empty cell holding "nan").
    recall : array-like of shape (n_classes,)
        Recall of each class, in [0, 1] or NaN.
    f1 : array-like of shape (n_classes,)
        F1 score of each class, in [0, 1] or NaN.
    support : array-like of shape (n_classes,)
        Number (or total weight) of true samples of each class, >= 0.
    display_labels : array-like of shape (n_classes,), default=None
        Class names for the rows; None uses 0 … n_classes − 1. (A dict {label:
        name} needs the class labels: pass it to :meth:`from_predictions`.)
    averages : dict, default=None
        Summary rows drawn below the classes, after a blank row, in the dict's
        order: ``{name: (precision, recall, f1)}`` for an average (e.g.
        ``'macro avg'``, ``'weighted avg'``), ``{name: value}`` for one number that
        stands for the whole row (``'accuracy'``: it equals the micro-averaged
        precision, recall and F1 when every class is listed), written once in the
        middle. Values in [0, 1] or NaN. Their support is the total support.

    Attributes
    ----------
    im_ : matplotlib.collections.QuadMesh
        The coloured cells, shape (n_rows, 3): the class rows, then — with
        ``averages`` — one masked (blank) row and the average rows; columns
        precision, recall, F1. NaN cells are masked. Colour scale fixed to [0, 1].
    text_ : ndarray of shape (n_rows, 3) or (n_rows, 4), dtype=object, or None
        The texts as drawn: ``text_[i, j]`` in drawn row i, column j (the fourth
        column is the support); None where a cell has no text (the blank row; the
        side cells of a one-number row). None when the texts do not fit their
        cells (rules in :meth:`ConfusionMatrixDisplay.plot`).
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If the arrays are not 1-D of one length, a score lies outside [0, 1] or is
        infinite, a support is negative or not finite, ``display_labels`` is a dict
        or of the wrong length, or ``averages`` is not a dict of numbers and
        3-tuples of numbers.

    See Also
    --------
    evalplots.metrics.precision_recall_fscore_support : Compute the arrays.
    ConfusionMatrixDisplay : The counts the scores are computed from.

    Notes
    -----
    Per class, counted one-vs-rest: P = TP / (TP + FP), R = TP / (TP + FN),
    F1 = 2PR / (P + R) (Zhou Zhihua, *Machine Learning* §2.3.2, eqs. 2.8–2.10).
    'macro avg' is the unweighted mean over classes, 'weighted avg' the mean
    weighted by support; 'accuracy' is Σ[y = ŷ] / m (eq. 2.5). The rows and names
    follow scikit-learn's ``classification_report``; drawing it as a heatmap of
    fixed scale [0, 1] follows Yellowbrick's ``ClassificationReport``. Tick labels
    and cell texts are fitted to the cells by the rules of
    :meth:`ConfusionMatrixDisplay.plot`; when rows are too narrow for every row
    label, the average rows are labelled first.

    Examples
    --------
    >>> from evalplots.display import ClassificationReportDisplay
    >>> display = ClassificationReportDisplay(
    ...     [1.0, 0.5], [0.5, 1.0], [2 / 3, 2 / 3], [2, 1],
    ...     display_labels=["cat", "dog"], averages={"accuracy": 2 / 3}).plot()
    >>> [t.get_text() for t in display.text_[0]]
    ['1.00', '0.50', '0.67', '2']
    >>> [t.get_text() for t in display.ax_.get_yticklabels()]
    ['cat', 'dog', 'accuracy']
    >>> display.text_[3, 1].get_text(), display.text_[3, 3].get_text()
    ('0.67', '3')
    """

    _frame_parts = report_frame_parts

    def __init__(
        self, precision, recall, f1, support, *, display_labels=None, averages=None
    ):
        scores = {
            name: _check_scores(values, name)
            for name, values in (("precision", precision), ("recall", recall),
                                 ("f1", f1))
        }  # fmt: skip
        support = np.asarray(support)
        if support.ndim != 1 or support.dtype.kind not in "biuf":
            raise ValueError(
                f"support must be a 1-D array of counts, got shape {support.shape}; "
                f"pass the support returned by precision_recall_fscore_support."
            )
        if not np.isfinite(support).all() or (support < 0).any():
            raise ValueError("support must hold finite, non-negative counts.")
        lengths = {name: v.shape[0] for name, v in scores.items()}
        lengths["support"] = support.shape[0]
        if len(set(lengths.values())) != 1 or lengths["support"] == 0:
            raise ValueError(
                f"precision, recall, f1 and support must have one entry per class "
                f"(the same length, at least 1), got lengths {lengths}."
            )
        display_labels = check_display_labels(
            display_labels, support.shape[0], "ClassificationReportDisplay"
        )
        self.precision = scores["precision"]
        self.recall = scores["recall"]
        self.f1 = scores["f1"]
        self.support = support
        self.display_labels = display_labels
        self.averages = _check_averages(averages)

    def plot(
        self,
        ax=None,
        *,
        values_format=".2f",
        cmap="Blues",
        colorbar=True,
        show_support=True,
        text_kw=None,
        im_kw=None,
    ):
        """Draw the scores as a heatmap, the support beside it, averages below.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        values_format : str, default='.2f'
            Format spec of the scores in the cells (e.g. '.1%'); None is '.2f'.
        cmap : str or matplotlib.colors.Colormap, default='Blues'
            Colormap of the cells, on the fixed scale [0, 1].
        colorbar : bool, default=True
            Whether to draw a colorbar.
        show_support : bool, default=True
            Whether to write the support in a fourth, uncoloured column.
        text_kw : dict, default=None
            Text properties of the cell texts; a given ``color`` overrides the
            contrast rule, a given ``fontsize`` the fitting rule.
        im_kw : dict, default=None
            Further arguments of :func:`seaborn.heatmap` (e.g. ``linewidths``,
            ``linecolor``, ``cbar_kws``, ``rasterized``); not the colour scale,
            which is fixed.

        Returns
        -------
        display : ClassificationReportDisplay
            ``self``, with ``im_``, ``text_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``values_format`` is not a format spec for numbers, ``im_kw`` sets
            an argument plot() sets itself (``cmap``, ``vmin``, ``vmax``, …), a
            style dict sets one property under two names, or ``ax`` is a polar or
            3-D Axes.

        Notes
        -----
        Cell (i, j) is centred at (j + 0.5, i + 0.5), row 0 at the top: the
        classes in order, then a blank row, then the averages; columns precision,
        recall, F1 (P = TP/(TP+FP), R = TP/(TP+FN), F1 = 2PR/(P+R); Zhou Zhihua,
        *Machine Learning* §2.3.2) and, uncoloured, the support. The colour scale
        is [0, 1] whatever the values, so that two reports compare by eye. Each
        cell text is dark grey or white, whichever has the higher WCAG 2.x contrast
        ratio with the cell (as in :class:`ConfusionMatrixDisplay`). Tick labels
        and cell texts are fitted to the cells (the rules in
        :meth:`ConfusionMatrixDisplay.plot`): on a figure too short for every row
        label, the average rows are labelled first and every k-th class after.

        Examples
        --------
        >>> from evalplots.display import ClassificationReportDisplay
        >>> display = ClassificationReportDisplay(
        ...     [0.5, 1.0], [1.0, 0.5], [2 / 3, 2 / 3], [1, 2]).plot(
        ...     values_format=".0%", show_support=False)
        >>> [[t.get_text() for t in row] for row in display.text_]
        [['50%', '100%', '67%'], ['100%', '50%', '67%']]
        >>> display.im_.get_clim()
        (0.0, 1.0)
        """
        text_kw = merge_style_kwargs({}, text_kw, argname="text_kw")
        heatmap_kw = _heatmap_kwargs(im_kw)
        rows, texts, row_labels, keep = self._layout(values_format, show_support)

        self.ax_, self.figure_ = get_axes(ax)
        self.im_ = draw_heatmap(
            self.ax_, rows, cmap=cmap, colorbar=colorbar, heatmap_kw=heatmap_kw
        )
        n_cols = texts.shape[1]
        self.ax_.set_xlim(0, n_cols)
        columns = [*METRICS, SUPPORT][:n_cols]
        cell = fit_tick_labels(self.ax_, columns, row_labels, ykeep=keep)
        self.text_ = None
        size = fit_cell_fontsize(self.ax_.get_figure(root=True), texts, cell, text_kw)
        if size is not None:
            colors = np.full(texts.shape, DARK_TEXT, dtype=object)
            colors[:, :3] = cell_text_colors(self.im_, rows.shape)
            self.text_ = draw_cell_texts(self.ax_, texts, colors, text_kw, size)
        return self

    def _layout(self, values_format, show_support):
        """Drawn rows: (scores (n_rows, 3), texts, row labels, average row indices)."""
        n_classes = self.support.shape[0]
        names = (
            [str(i) for i in range(n_classes)]
            if self.display_labels is None
            else [str(label) for label in self.display_labels]
        )
        scores = [np.column_stack([self.precision, self.recall, self.f1])]
        texts = [_format(scores[0], values_format)]
        single = []  # rows holding one number for the whole row
        if self.averages:
            scores.append(np.full((1, 3), np.nan))
            texts.append(np.full((1, 3), None, dtype=object))
            names.append(None)
            for name, value in self.averages.items():
                row = np.full((1, 3), value, dtype=float)
                text = _format(row, values_format)
                if np.ndim(value) == 0:
                    text[0, 0] = text[0, 2] = None
                    single.append(len(names))
                scores.append(row)
                texts.append(text)
                names.append(name)
        rows = np.vstack(scores)
        texts = np.vstack(texts)
        if show_support:
            # classes and total in one format: whole numbers, or .2f for weights
            formatted = format_cells(np.append(self.support, self.support.sum()), None)
            column = formatted[:-1].tolist()
            if self.averages:
                column += [None] + [formatted[-1]] * len(self.averages)
            texts = np.hstack([texts, np.array(column, dtype=object)[:, None]])
        keep = list(range(n_classes + 1, len(names)))
        return rows, texts, names, keep

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_pred,
        *,
        labels=None,
        sample_weight=None,
        display_labels=None,
        zero_division="warn",
        ax=None,
        **plot_kwargs,
    ):
        """Compute per-class precision, recall, F1 and support, then plot them.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels.
        y_pred : array-like of shape (n_samples,)
            Predicted labels (not scores: threshold them first).
        labels : array-like of shape (n_classes,), default=None
            Classes to report and their order; None: the sorted union of both
            arrays. Samples of other classes still count as errors of the listed
            ones; then the summary row is 'micro avg' instead of 'accuracy'.
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.
        display_labels : dict or array-like of shape (n_classes,), default=None
            Row names: a dict {label: name} (classes missing from it show the
            label itself), or one name per class in class order; None uses the
            classes.
        zero_division : {'warn', 0, 1, np.nan}, default='warn'
            Value of an undefined (0/0) precision, recall or F1;
            'warn' gives 0.0 and an UndefinedMetricWarning (once per metric); NaN
            cells are drawn blank and left out of the averages.
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        **plot_kwargs : dict
            Any option of :meth:`plot`.

        Returns
        -------
        display : ClassificationReportDisplay
            The plotted display; ``averages`` holds 'accuracy' (or 'micro avg'),
            'macro avg' and 'weighted avg'.

        Raises
        ------
        ValueError
            As :func:`evalplots.metrics.precision_recall_fscore_support` and
            :meth:`plot`; if ``display_labels`` is a string or a sequence of the
            wrong length.

        Notes
        -----
        The scores come from :func:`evalplots.metrics.precision_recall_fscore_support`
        with ``average=None`` (per class), 'macro' and 'weighted', and from
        :func:`evalplots.metrics.accuracy_score` — or ``average='micro'`` when
        ``labels`` leaves out a class that occurs, as scikit-learn's
        ``classification_report`` does. Formulas: see the class Notes (Zhou
        Zhihua, *Machine Learning* §2.3).

        Examples
        --------
        >>> from evalplots.display import ClassificationReportDisplay
        >>> display = ClassificationReportDisplay.from_predictions(
        ...     ["cat", "dog", "dog", "bird"], ["cat", "dog", "cat", "bird"])
        >>> display.recall.tolist()
        [1.0, 1.0, 0.5]
        >>> display.averages
        {'accuracy': 0.75, 'macro avg': (0.8333333333333334, 0.8333333333333334, 0.7777777777777777), 'weighted avg': (0.875, 0.75, 0.75)}
        """
        common = {"labels": labels, "sample_weight": sample_weight,
                  "zero_division": zero_division}  # fmt: skip
        precision, recall, f1, support = precision_recall_fscore_support(
            y_true, y_pred, average=None, **common
        )
        classes, names = class_names(y_true, y_pred, labels, display_labels)
        present = classes
        if labels is not None:  # the classes that occur, listed or not
            present = class_names(y_true, y_pred, None, None)[0]
        averages = {}
        with warnings.catch_warnings():
            # the per-class call above has already warned of each undefined score
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            if set(present.tolist()) <= set(classes.tolist()):
                averages["accuracy"] = accuracy_score(
                    y_true, y_pred, sample_weight=sample_weight
                )
            else:
                averages["micro avg"] = _triple(y_true, y_pred, "micro", common)
            for average in ("macro", "weighted"):
                averages[f"{average} avg"] = _triple(y_true, y_pred, average, common)
        display = cls(
            precision, recall, f1, support, display_labels=names, averages=averages
        )
        return display.plot(ax=ax, **plot_kwargs)


def _triple(y_true, y_pred, average, common):
    """(precision, recall, F1) averaged as ``average`` says."""
    return tuple(
        float(v)
        for v in precision_recall_fscore_support(
            y_true, y_pred, average=average, **common
        )[:3]
    )


def _check_scores(values, name):
    """A 1-D float array of scores in [0, 1] (NaN allowed: undefined)."""
    arr = np.asarray(values)
    if arr.ndim != 1 or arr.dtype.kind not in "biuf":
        raise ValueError(
            f"{name} must be a 1-D array of scores (one per class), got shape "
            f"{arr.shape}; pass the {name} returned by "
            f"precision_recall_fscore_support(..., average=None)."
        )
    arr = arr.astype(float)
    finite = arr[~np.isnan(arr)]
    if np.isinf(finite).any() or (finite < 0).any() or (finite > 1).any():
        raise ValueError(
            f"{name} values must lie in [0, 1] (or be NaN when undefined), got "
            f"{arr[~np.isnan(arr)].min():g} … {arr[~np.isnan(arr)].max():g}; pass "
            f"fractions, not percentages."
        )
    return arr


def _check_averages(averages):
    """``{name: float or (p, r, f)}`` with scores in [0, 1] or NaN, order kept."""
    if averages is None:
        return None
    if not isinstance(averages, Mapping):
        raise ValueError(
            f"averages must be a dict {{name: (precision, recall, f1) or value}}, "
            f"got {type(averages).__name__}; e.g. {{'macro avg': (0.8, 0.7, 0.74)}}."
        )
    checked = {}
    for name, value in averages.items():
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            checked[str(name)] = float(_check_scores([value], f"averages[{name!r}]")[0])
            continue
        arr = np.asarray(value) if not isinstance(value, (str, bytes)) else None
        if arr is None or arr.shape != (3,):
            raise ValueError(
                f"averages[{name!r}] must be one number or a (precision, recall, f1) "
                f"triple, got {value!r}."
            )
        checked[str(name)] = tuple(_check_scores(arr, f"averages[{name!r}]").tolist())
    return checked


def _format(scores, values_format):
    """Format scores (NaN as 'nan'); ValueError naming ``values_format``."""
    try:
        return format_cells(
            np.asarray(scores, dtype=float),
            ".2f" if values_format is None else values_format,
        )
    except ValueError:
        raise ValueError(
            f"values_format={values_format!r} is not a format spec for scores; pass "
            f"e.g. '.2f' or '.1%'."
        ) from None


def _heatmap_kwargs(im_kw):
    """Default seaborn.heatmap arguments merged with the user's ``im_kw``."""
    return heatmap_kwargs(
        im_kw,
        {"vmin": 0.0, "vmax": 1.0, "square": False},
        _OWN_HEATMAP_ARGS,
        "the colour scale is fixed to [0, 1]; use the plot() arguments (cmap=, "
        "colorbar=) instead.",
    )
