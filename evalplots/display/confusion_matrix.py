"""Confusion-matrix Display, drawn with seaborn's heatmap; optionally transposed."""

import numpy as np
from matplotlib.ticker import MaxNLocator

from evalplots.display._base import check_option, get_axes, merge_style_kwargs
from evalplots.display._cells import (
    DARK_TEXT,
    LIGHT_TEXT,
    LUMINANCE_THRESHOLD,
    format_cells,
    is_integral,
    normalize_matrix,
    relative_luminance,
)
from evalplots.metrics import confusion_matrix as _confusion_matrix
from evalplots.metrics._validation import as_1d

__all__ = ["ConfusionMatrixDisplay"]

NORMALIZE = (None, "true", "pred", "all")
VALUES = ("auto", "counts", "normalized", "both", "none")
#: heatmap arguments that plot() sets itself, so im_kw must not.
_OWN_HEATMAP_ARGS = (
    "data",
    "ax",
    "annot",
    "cmap",
    "cbar",
    "xticklabels",
    "yticklabels",
)


class ConfusionMatrixDisplay:
    """Confusion matrix visualization as an annotated heatmap.

    Prefer :meth:`from_predictions`. All parameters are stored as attributes.

    Parameters
    ----------
    confusion_matrix : array-like of shape (n_classes, n_classes)
        Rows = true class, columns = predicted class (the layout of
        :func:`evalplots.metrics.confusion_matrix`); counts or weighted counts.
    display_labels : array-like of shape (n_classes,), default=None
        Class names for the ticks; None uses 0 … n_classes − 1.

    Attributes
    ----------
    im_ : matplotlib.collections.QuadMesh
        The heatmap cells; their colorbar, when drawn, is ``im_.colorbar`` (whole-number
        ticks for counts).
    text_ : ndarray of shape (n_classes, n_classes), dtype=object, or None
        The cell texts as DRAWN: ``text_[i, j]`` is in drawn row i, column j (so it
        shows entry [j, i] of the stored matrix when ``transposed=True``). None when
        ``values='none'``.
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If the matrix is not square 2-D, holds negative or non-finite values, or
        ``display_labels`` does not have one entry per class.

    See Also
    --------
    evalplots.metrics.confusion_matrix : Compute the matrix.

    Notes
    -----
    Entry [i, j] counts the samples of true class i predicted as class j (Zhou Zhihua,
    *Machine Learning* §2.3.2, Table 2.1). Thakur (*Approaching (Almost) Any Machine
    Learning Problem*, "Evaluation metrics") draws the transpose — predicted on the
    rows, actual on the columns; ``plot(transposed=True)`` draws that layout without
    changing the stored matrix. Text colour is chosen per cell from the relative
    luminance of its colour (dark text when L > 0.408, as seaborn does), so it stays
    readable with any colormap.

    Examples
    --------
    >>> from evalplots.display import ConfusionMatrixDisplay
    >>> display = ConfusionMatrixDisplay.from_predictions(
    ...     [0, 1, 2, 0, 1, 2, 0, 2, 2], [0, 2, 1, 0, 2, 1, 0, 0, 2], transposed=True)
    >>> display.confusion_matrix.tolist()
    [[3, 0, 0], [0, 0, 2], [1, 2, 1]]
    >>> [[t.get_text() for t in row] for row in display.text_]
    [['3', '0', '1'], ['0', '0', '2'], ['0', '2', '1']]
    >>> display.ax_.get_ylabel(), display.ax_.get_xlabel()
    ('Predicted label', 'True label')
    """

    def __init__(self, confusion_matrix, *, display_labels=None):
        cm = np.asarray(confusion_matrix)
        if cm.ndim != 2 or cm.shape[0] != cm.shape[1] or cm.shape[0] == 0:
            raise ValueError(
                f"confusion_matrix must be a square 2-D array (n_classes, n_classes), "
                f"got shape {cm.shape}; pass the output of "
                f"evalplots.metrics.confusion_matrix."
            )
        if cm.dtype.kind not in "biuf" or not np.isfinite(cm).all() or (cm < 0).any():
            raise ValueError(
                "confusion_matrix must hold finite, non-negative numbers (counts)."
            )
        if display_labels is not None:
            display_labels = np.asarray(display_labels)
            if display_labels.shape != (cm.shape[0],):
                raise ValueError(
                    f"display_labels must have one entry per class ({cm.shape[0]}), got "
                    f"shape {display_labels.shape}."
                )
        self.confusion_matrix = cm
        self.display_labels = display_labels

    def plot(
        self,
        ax=None,
        *,
        transposed=False,
        normalize=None,
        values="auto",
        values_format=None,
        cmap="Blues",
        colorbar=True,
        xticks_rotation="horizontal",
        text_kw=None,
        im_kw=None,
    ):
        """Draw the matrix as a seaborn heatmap with one text per cell.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        transposed : bool, default=False
            False: true class on the rows, predicted on the columns. True: predicted
            on the rows, true class on the columns (Thakur's layout); axis titles,
            tick labels and cell texts follow.
        normalize : {'true', 'pred', 'all'} or None, default=None
            Colour (and by default annotate) the matrix divided by its true-class
            sums, predicted-class sums or total; sums of 0 give 0. The stored matrix
            is not changed. 'true'/'pred' keep their meaning when transposed.
        values : {'auto', 'counts', 'normalized', 'both', 'none'}, default='auto'
            Cell text: 'counts' the stored matrix; 'normalized' the normalized one;
            'both' the count with the normalized value below it in parentheses;
            'none' no text; 'auto' is 'normalized' when ``normalize`` is set, else
            'counts'. 'normalized' and 'both' need ``normalize``.
        values_format : str, default=None
            Format spec (e.g. '.1%') of the normalized values — of the counts when
            they are the only text. None: integers as such, other values with '.2f'.
        cmap : str or matplotlib.colors.Colormap, default='Blues'
            Colormap of the cells.
        colorbar : bool, default=True
            Whether to draw a colorbar.
        xticks_rotation : {'horizontal', 'vertical'} or float, default='horizontal'
            Rotation of the column tick labels.
        text_kw : dict, default=None
            Text properties of the cell texts; a given ``color`` overrides the
            luminance rule.
        im_kw : dict, default=None
            Further arguments of :func:`seaborn.heatmap` (e.g. ``vmin``, ``vmax``,
            ``linewidths``, ``cbar_kws``, ``square``). Defaults: ``vmin=0``, ``vmax=1``
            for ``normalize='true'|'pred'`` (rates), the largest cell otherwise,
            ``square=True``.

        Returns
        -------
        display : ConfusionMatrixDisplay
            ``self``, with ``im_``, ``text_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``normalize`` or ``values`` is unknown, ``values`` needs ``normalize``,
            ``im_kw`` sets an argument plot() sets itself (e.g. ``cmap``), a style
            dict sets one property under two names, or ``ax`` is a polar or 3-D (non-rectilinear) Axes.

        Notes
        -----
        Draws C, or its normalised form — 'true': C_ij / Σ_j C_ij (each row a
        distribution over predictions), 'pred': C_ij / Σ_i C_ij, 'all': C_ij / Σ C;
        a zero sum gives 0 — as a :func:`seaborn.heatmap` with cell (i, j) centred at
        (j + 0.5, i + 0.5), row 0 at the top, true class on the rows (Zhou Zhihua,
        *Machine Learning* §2.3.2, Table 2.1). ``transposed=True`` draws Cᵀ with
        predicted on the rows and true on the columns, the layout of Thakur,
        *Approaching (Almost) Any Machine Learning Problem*, "Evaluation metrics";
        'true'/'pred' still divide by the true/predicted class sums. Each cell text
        is dark or white by the cell colour's relative luminance (see the class
        Notes). The API (``plot(ax=None, *, ...) -> self``; ``im_``, ``text_``,
        ``ax_``, ``figure_``) follows scikit-learn's Display API
        (``sklearn.metrics.ConfusionMatrixDisplay.plot``).

        Examples
        --------
        >>> from evalplots.display import ConfusionMatrixDisplay
        >>> display = ConfusionMatrixDisplay([[1, 2], [1, 2]]).plot(
        ...     normalize="true", values="both", values_format=".0%")
        >>> display.text_[0, 1].get_text()
        '2\\n(67%)'
        """
        import seaborn as sns

        check_option(normalize, NORMALIZE, "normalize")
        check_option(values, VALUES, "values")
        if values == "auto":
            values = "normalized" if normalize else "counts"
        if values in ("normalized", "both") and normalize is None:
            raise ValueError(
                f"values={values!r} shows normalized values; pass normalize='true', "
                f"'pred' or 'all' as well."
            )
        heatmap_kw = self._heatmap_kwargs(im_kw, normalize)
        counts = self.confusion_matrix
        shown = counts if normalize is None else normalize_matrix(counts, normalize)
        if transposed:
            counts, shown = counts.T, shown.T
        n_classes = counts.shape[0]
        labels = (
            np.arange(n_classes) if self.display_labels is None else self.display_labels
        )
        tick_labels = [str(label) for label in labels]

        self.ax_, self.figure_ = get_axes(ax)
        before = set(self.ax_.collections)
        sns.heatmap(
            shown,
            ax=self.ax_,
            cmap=cmap,
            cbar=colorbar,
            annot=False,
            xticklabels=tick_labels,
            yticklabels=tick_labels,
            **heatmap_kw,
        )
        self.im_ = next(c for c in self.ax_.collections if c not in before)
        if colorbar and normalize is None and is_integral(counts):
            self.im_.colorbar.locator = MaxNLocator(integer=True)  # counts: 0, 1, 2 …
        self.text_ = None
        if values != "none":
            texts = self._cell_texts(counts, shown, values, values_format)
            self.text_ = self._draw_texts(texts, text_kw)

        true_title, pred_title = "True label", "Predicted label"
        self.ax_.set(
            xlabel=true_title if transposed else pred_title,
            ylabel=pred_title if transposed else true_title,
        )
        for tick in self.ax_.get_yticklabels():
            tick.set_rotation("horizontal")
        for tick in self.ax_.get_xticklabels():
            tick.set_rotation(xticks_rotation)
        return self

    @staticmethod
    def _heatmap_kwargs(im_kw, normalize):
        """Default seaborn.heatmap arguments merged with the user's ``im_kw``."""
        own = [key for key in _OWN_HEATMAP_ARGS if im_kw and key in im_kw]
        if own:
            raise ValueError(
                f"im_kw sets {own}, which plot() sets itself; use the plot() arguments "
                f"(cmap=, colorbar=, display_labels=) instead."
            )
        defaults = {"vmin": 0.0, "square": True}
        if normalize in ("true", "pred"):
            # rates share the scale [0, 1]; shares of the total ('all') are
            # small, and a fixed 1 would make every cell pale
            defaults["vmax"] = 1.0
        return merge_style_kwargs(defaults, im_kw, argname="im_kw")

    @staticmethod
    def _cell_texts(counts, shown, values, values_format):
        """The text of each drawn cell, shape (n_classes, n_classes), dtype object."""
        if values == "counts":
            return format_cells(counts, values_format)
        fmt = ".2f" if values_format is None else values_format
        normalized = format_cells(shown, fmt)
        if values == "normalized":
            return normalized
        return format_cells(counts, None) + "\n(" + normalized + ")"

    def _draw_texts(self, texts, text_kw):
        """Write ``texts`` at the cell centres, coloured by the cell's luminance."""
        self.im_.update_scalarmappable()
        n_rows, n_cols = texts.shape
        luminance = relative_luminance(self.im_.get_facecolors()).reshape(
            n_rows, n_cols
        )
        drawn = np.empty((n_rows, n_cols), dtype=object)
        for i in range(n_rows):
            for j in range(n_cols):
                color = (
                    DARK_TEXT if luminance[i, j] > LUMINANCE_THRESHOLD else LIGHT_TEXT
                )
                kw = merge_style_kwargs(
                    {"ha": "center", "va": "center", "color": color},
                    text_kw,
                    argname="text_kw",
                )
                drawn[i, j] = self.ax_.text(j + 0.5, i + 0.5, texts[i, j], **kw)
        return drawn

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_pred,
        *,
        labels=None,
        sample_weight=None,
        normalize=None,
        display_labels=None,
        ax=None,
        **plot_kwargs,
    ):
        """Count the confusion matrix of predicted labels, then plot it.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels.
        y_pred : array-like of shape (n_samples,)
            Predicted labels.
        labels : array-like of shape (n_classes,), default=None
            Classes and their order; None: the sorted union of both arrays.
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.
        normalize : {'true', 'pred', 'all'} or None, default=None
            Passed to :meth:`plot`; the stored matrix keeps the counts.
        display_labels : array-like of shape (n_classes,), default=None
            Tick labels; None uses the classes.
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        **plot_kwargs : dict
            Any option of :meth:`plot` (``transposed``, ``values``, ``cmap``, …).

        Returns
        -------
        display : ConfusionMatrixDisplay
            The plotted display; ``confusion_matrix`` holds the (weighted) counts.

        Raises
        ------
        ValueError
            As :func:`evalplots.metrics.confusion_matrix` (including a ``y_pred``
            of scores such as 0.1, which are not labels: threshold them first) and
            :meth:`plot`.

        Notes
        -----
        Counts C_ij = Σ_s w_s [y_s = c_i][ŷ_s = c_j] with
        :func:`evalplots.metrics.confusion_matrix` (w_s = 1 without
        ``sample_weight``; Zhou Zhihua, *Machine Learning* §2.3.2, Table 2.1) over
        ``labels``, or the sorted union of the labels in ``y_true`` and ``y_pred``,
        which also give the tick labels unless ``display_labels`` is passed; then
        draws it with :meth:`plot` (``transposed=True`` for Thakur's layout,
        predicted on the rows). The stored matrix keeps the counts whatever
        ``normalize`` is. The method mirrors scikit-learn's
        ``ConfusionMatrixDisplay.from_predictions`` (Display API: compute,
        construct, ``plot``).

        Examples
        --------
        >>> from evalplots.display import ConfusionMatrixDisplay
        >>> display = ConfusionMatrixDisplay.from_predictions(
        ...     ["cat", "dog", "dog"], ["cat", "cat", "dog"], normalize="true")
        >>> [t.get_text() for t in display.text_.ravel()]
        ['1.00', '0.00', '0.50', '0.50']
        """
        cm = _confusion_matrix(
            y_true, y_pred, labels=labels, sample_weight=sample_weight
        )
        if display_labels is None and labels is not None:
            display_labels = labels
        elif display_labels is None:
            both = [as_1d(y_true, "y_true"), as_1d(y_pred, "y_pred")]
            display_labels = np.unique(np.concatenate(both))
        display = cls(cm, display_labels=display_labels)
        return display.plot(ax=ax, normalize=normalize, **plot_kwargs)
