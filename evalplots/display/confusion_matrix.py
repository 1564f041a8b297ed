"""Confusion-matrix Display, drawn with seaborn's heatmap; optionally transposed."""

import numbers

import numpy as np
from matplotlib.ticker import MaxNLocator

from evalplots.display._frame import FrameMixin, matrix_frame_parts
from evalplots.display._base import check_option, get_axes, merge_style_kwargs
from evalplots.display._cells import (
    format_cells,
    is_integral,
    normalize_matrix,
    contrast_ratio,  # noqa: F401  (documented import path of the helpers)
    relative_luminance,  # noqa: F401
)
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
from evalplots.metrics import confusion_matrix as _confusion_matrix

__all__ = ["ConfusionMatrixDisplay"]

NORMALIZE = (None, "true", "pred", "all")
VALUES = ("auto", "counts", "normalized", "both", "none")
ROTATIONS = ("auto", "horizontal", "vertical")
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


class ConfusionMatrixDisplay(FrameMixin):
    """Confusion matrix visualization as an annotated heatmap.

    Prefer :meth:`from_predictions`. All parameters are stored as attributes.

    Parameters
    ----------
    confusion_matrix : array-like of shape (n_classes, n_classes)
        Rows = true class, columns = predicted class (the layout of
        :func:`evalplots.metrics.confusion_matrix`); counts or weighted counts.
    display_labels : array-like of shape (n_classes,), default=None
        Class names for the ticks, in the order of the rows; None uses
        0 … n_classes − 1. (A dict {label: name} needs the class labels: pass it to
        :meth:`from_predictions`.)

    Attributes
    ----------
    im_ : matplotlib.collections.QuadMesh
        The heatmap cells; their colorbar, when drawn, is ``im_.colorbar`` (whole-number
        ticks for counts).
    text_ : ndarray of shape (n_classes, n_classes), dtype=object, or None
        The cell texts as DRAWN: ``text_[i, j]`` is in drawn row i, column j (so it
        shows entry [j, i] of the stored matrix when ``transposed=True``). None when
        ``values='none'`` or when the texts do not fit the cells (see :meth:`plot`).
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If the matrix is not square 2-D, holds negative or non-finite values, or
        ``display_labels`` is a dict or does not have one entry per class.

    See Also
    --------
    evalplots.metrics.confusion_matrix : Compute the matrix.
    ClassificationReportDisplay : Per-class precision, recall and F1 as a heatmap.

    Notes
    -----
    Entry [i, j] counts the samples of true class i predicted as class j (Zhou Zhihua,
    *Machine Learning* §2.3.2, Table 2.1). Thakur (*Approaching (Almost) Any Machine
    Learning Problem*, "Evaluation metrics") draws the transpose — predicted on the
    rows, actual on the columns; ``plot(transposed=True)`` draws that layout without
    changing the stored matrix. Each cell text is dark grey or white, whichever
    has the higher WCAG 2.x contrast ratio (L1 + 0.05) / (L2 + 0.05) with the cell
    colour (W3C relative luminances L), so it stays readable with any colormap.
    Tick labels and cell texts are fitted to the cell size, so that 2 to 100+
    classes stay readable (rules in :meth:`plot`). The colorbar is as tall as the
    drawn cells.

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

    _frame_parts = matrix_frame_parts

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
        display_labels = check_display_labels(
            display_labels, cm.shape[0], "ConfusionMatrixDisplay"
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
        xticks_rotation="auto",
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
            Cell text: 'counts' the stored matrix; 'normalized' the normalized one
            (needs ``normalize``); 'both' the count with, below it in parentheses,
            the normalized value — with ``normalize=None`` the share of the count's
            true class (the row share of the stored matrix, e.g. ``'12\\n(34%)'``)
            while the colours stay counts; 'none' no text; 'auto' is 'normalized'
            when ``normalize`` is set, else 'counts'.
        values_format : str, default=None
            Format spec (e.g. '.1%') of the normalized values — of the counts when
            they are the only text. None: integers as such, normalized values with
            '.2f', the true-class share of ``values='both'`` without ``normalize``
            with '.0%'.
        cmap : str or matplotlib.colors.Colormap, default='Blues'
            Colormap of the cells.
        colorbar : bool, default=True
            Whether to draw a colorbar.
        xticks_rotation : {'auto', 'horizontal', 'vertical'} or float, default='auto'
            Angle of the column tick labels (degrees for a float). 'auto':
            horizontal when the labels fit side by side, else vertical.
        text_kw : dict, default=None
            Text properties of the cell texts; a given ``color`` overrides the
            contrast rule, a given ``fontsize`` the fitting rule (Notes).
        im_kw : dict, default=None
            Further arguments of :func:`seaborn.heatmap` (e.g. ``vmin``, ``vmax``,
            ``linewidths``, ``cbar_kws``, ``square``, ``rasterized``). Defaults:
            ``vmin=0``, ``vmax=1`` for ``normalize='true'|'pred'`` (rates), the
            largest cell otherwise, ``square=True``, ``rasterized`` when the matrix
            has more than 2500 cells.

        Returns
        -------
        display : ConfusionMatrixDisplay
            ``self``, with ``im_``, ``text_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``normalize``, ``values`` or ``xticks_rotation`` is unknown,
            ``values='normalized'`` lacks ``normalize``, ``im_kw`` sets an argument
            plot() sets itself (e.g. ``cmap``), a style dict sets one property under
            two names, or ``ax`` is a polar or 3-D (non-rectilinear) Axes.

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
        is dark or white, whichever contrasts more with the cell (WCAG contrast
        ratio; see the class Notes). The API (``plot(ax=None, *, ...) -> self``;
        ``im_``, ``text_``, ``ax_``, ``figure_``) follows scikit-learn's Display API
        (``sklearn.metrics.ConfusionMatrixDisplay.plot``).

        **Readability rules** (measured with matplotlib's text layout against the
        cell size, once the figure's layout engine has placed the axes; shared with
        :class:`ClassificationReportDisplay`):

        - Tick labels stay inside the figure: across its axis a class name takes
          at most 40 % of the axes' grid cell; a longer one is broken into up to
          three lines and, still too long, keeps its start and end around "…".
        - Tick labels never overlap. They keep the default size when they fit in
          90 % of the tick spacing (with ``xticks_rotation='auto'``: horizontal,
          else vertical, anchored at the tick); otherwise the font shrinks down to
          5 pt, and below that only every k-th class is labelled (k the smallest
          step that fits).
        - Every cell text fits its cell: the default font size, or the largest
          smaller one at which the widest text fits in 90 % of the cell's width and
          its lines in 90 % of its height. If that is below 5 pt no text is drawn
          and ``text_`` is None. On the default 6.4 × 4.8 in figure (with a
          colorbar) 3-digit counts are written up to 25 classes (19 with
          ``values='both'``) and every class is labelled up to 44 classes; for
          more, make the figure larger (about 0.2 in per class, 0.3 in with
          ``values='both'``) or pass ``text_kw={'fontsize': ...}``.
        - The fit is for the figure as it is when plot() runs; resize it or add
          titles first, or call plot() again afterwards.
        - Above 2500 cells (50 classes) the colour mesh is rasterized inside vector
          output, so a 100-class PDF stays fast to write and to open.

        Examples
        --------
        >>> from evalplots.display import ConfusionMatrixDisplay
        >>> display = ConfusionMatrixDisplay([[1, 2], [1, 2]]).plot(
        ...     normalize="true", values="both", values_format=".0%")
        >>> display.text_[0, 1].get_text()
        '2\\n(67%)'
        >>> display = ConfusionMatrixDisplay([[12, 23], [5, 30]]).plot(values="both")
        >>> display.text_[0, 0].get_text()
        '12\\n(34%)'
        """
        check_option(normalize, NORMALIZE, "normalize")
        check_option(values, VALUES, "values")
        rotation = _check_rotation(xticks_rotation)
        if values == "auto":
            values = "normalized" if normalize else "counts"
        if values == "normalized" and normalize is None:
            raise ValueError(
                "values='normalized' shows normalized values; pass normalize='true', "
                "'pred' or 'all' as well (or values='both' for counts with the share "
                "of their true class)."
            )
        text_kw = merge_style_kwargs({}, text_kw, argname="text_kw")
        heatmap_kw = self._heatmap_kwargs(im_kw, normalize)
        counts = self.confusion_matrix
        shown = counts if normalize is None else normalize_matrix(counts, normalize)
        shares = shown if normalize is not None else normalize_matrix(counts, "true")
        if transposed:
            counts, shown, shares = counts.T, shown.T, shares.T
        n_classes = counts.shape[0]
        labels = (
            np.arange(n_classes) if self.display_labels is None else self.display_labels
        )
        tick_labels = [str(label) for label in labels]

        self.ax_, self.figure_ = get_axes(ax)
        self.im_ = draw_heatmap(
            self.ax_, shown, cmap=cmap, colorbar=colorbar, heatmap_kw=heatmap_kw
        )
        if colorbar and normalize is None and is_integral(counts):
            self.im_.colorbar.locator = MaxNLocator(integer=True)  # counts: 0, 1, 2 …
        true_title, pred_title = "True label", "Predicted label"
        self.ax_.set(
            xlabel=true_title if transposed else pred_title,
            ylabel=pred_title if transposed else true_title,
        )
        cell = fit_tick_labels(self.ax_, tick_labels, tick_labels, xrotation=rotation)
        self.text_ = None
        if values != "none":
            texts = self._cell_texts(counts, shares, values, values_format, normalize)
            size = fit_cell_fontsize(self.ax_.get_figure(root=True), texts, cell, text_kw)
            if size is not None:
                colors = cell_text_colors(self.im_, texts.shape)
                self.text_ = draw_cell_texts(self.ax_, texts, colors, text_kw, size)
        return self

    @staticmethod
    def _heatmap_kwargs(im_kw, normalize):
        """Default seaborn.heatmap arguments merged with the user's ``im_kw``."""
        defaults = {"vmin": 0.0, "square": True}
        if normalize in ("true", "pred"):
            # rates share the scale [0, 1]; shares of the total ('all') are
            # small, and a fixed 1 would make every cell pale
            defaults["vmax"] = 1.0
        return heatmap_kwargs(
            im_kw,
            defaults,
            _OWN_HEATMAP_ARGS,
            "use the plot() arguments (cmap=, colorbar=, display_labels=) instead.",
        )

    @staticmethod
    def _cell_texts(counts, shares, values, values_format, normalize):
        """The text of each drawn cell, shape (n_classes, n_classes), dtype object."""
        if values == "counts":
            return format_cells(counts, values_format)
        default = ".2f" if normalize is not None else ".0%"
        rates = format_cells(shares, default if values_format is None else values_format)
        if values == "normalized":
            return rates
        return format_cells(counts, None) + "\n(" + rates + ")"

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
        display_labels : dict or array-like of shape (n_classes,), default=None
            Tick labels: a dict {label: name} (classes missing from it show the
            label itself), or one name per class in class order; None uses the
            classes. The same rule as the report's ``label_names``.
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
            :meth:`plot`; if ``display_labels`` is a string or a sequence of the
            wrong length.

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
        >>> display = ConfusionMatrixDisplay.from_predictions(
        ...     [0, 1, 1], [0, 1, 0], display_labels={0: "benign", 1: "malignant"})
        >>> [t.get_text() for t in display.ax_.get_yticklabels()]
        ['benign', 'malignant']
        """
        cm = _confusion_matrix(
            y_true, y_pred, labels=labels, sample_weight=sample_weight
        )
        _, names = class_names(y_true, y_pred, labels, display_labels)
        display = cls(cm, display_labels=names)
        return display.plot(ax=ax, normalize=normalize, **plot_kwargs)


def _check_rotation(rotation):
    """'auto', or the tick-label angle in degrees; ValueError naming the argument."""
    if isinstance(rotation, numbers.Real) and not isinstance(rotation, bool):
        if np.isfinite(rotation):
            return float(rotation)
    elif isinstance(rotation, str) and rotation in ROTATIONS:
        return {"horizontal": 0.0, "vertical": 90.0}.get(rotation, rotation)
    raise ValueError(
        f"xticks_rotation must be 'auto', 'horizontal', 'vertical' or an angle in "
        f"degrees, got {rotation!r}."
    )
