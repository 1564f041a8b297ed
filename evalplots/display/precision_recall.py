"""Precision-recall curve Display: scikit-learn's step drawing and the textbook sawtooth."""

import math

import numpy as np

from evalplots._docstrings import BINARY_SCORE_PARAMS, DISPLAY_NAME_AX_PARAMS, fill_doc
from evalplots.display._base import (
    CurveDisplayMixin,
    chance_line,
    check_curve,
    check_option,
    check_score,
    legend_label,
    merge_style_kwargs,
)
from evalplots.metrics import (
    average_precision_from_curve,
    break_even_point_from_curve,
    precision_recall_curve,
)

__all__ = ["PrecisionRecallDisplay"]

DRAWSTYLES = ("steps-post", "sawtooth")

#: legend name of the AP for each drawing: AP is the area under the step curve only.
_AP_NAME = {"steps-post": "AP", "sawtooth": "step-wise AP"}


def _sawtooth(precision, recall):
    """Return the sawtooth vertices ``(recall, precision)``, highest threshold first.

    The stored arrays run from the lowest threshold (recall 1) to the highest, then
    the sentinel (R=0, P=1), which is not an operating point: it is dropped and the
    rest reversed.
    """
    return recall[-2::-1], precision[-2::-1]


class PrecisionRecallDisplay(CurveDisplayMixin):
    """Precision-recall curve visualization, step-wise or textbook sawtooth.

    Prefer :meth:`from_predictions`, which computes everything with
    :mod:`evalplots.metrics`. All parameters are stored as attributes.

    Parameters
    ----------
    precision : array-like of shape (n_thresholds + 1,)
        Precision values as returned by :func:`evalplots.metrics.precision_recall_curve`
        (lowest threshold first, sentinel P = 1 last).
    recall : array-like of shape (n_thresholds + 1,)
        Recall values in the same layout: non-increasing, sentinel R = 0 last.
    average_precision : float, default=None
        Step-wise average precision, shown in the legend; None shows none.
    break_even : float, default=None
        Break-even point; None computes it from the curve when it is drawn.
    prevalence_pos_label : float, default=None
        Share of positives, the precision of a random classifier; needed for
        ``plot_chance_level=True``.
    name : str, default=None
        Model name for the legend; None shows no name.
    pos_label : int, float, bool or str, default=None
        The positive class, shown in the axis titles; None shows none.

    Attributes
    ----------
    line_ : matplotlib.lines.Line2D
        The precision-recall curve.
    break_even_ : matplotlib.lines.Line2D or None
        The BEP marker, or None when not drawn.
    chance_level_ : matplotlib.lines.Line2D or None
        The chance line at the prevalence, or None when not drawn.
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If the arrays differ in length, are not finite, leave [0, 1], or ``recall``
        is not non-increasing (the layout of ``precision_recall_curve``).

    See Also
    --------
    evalplots.metrics.precision_recall_curve : Compute the curve.
    evalplots.metrics.break_even_point : Compute the BEP.

    Notes
    -----
    Write P_k, R_k for precision and recall at the k-th highest threshold (R_0 = 0).

    ``drawstyle='steps-post'`` is scikit-learn's drawing: precision is held constant at
    P_k over the recall interval (R_{k-1}, R_k]. The area under this step curve is the
    average precision AP = Σ_k (R_k − R_{k−1}) P_k
    (:func:`evalplots.metrics.average_precision_score`), so the legend reads
    ``"name (AP = 0.87)"``.

    ``drawstyle='sawtooth'`` is the textbook P-R curve (Zhou Zhihua, *Machine Learning*
    §2.3): the operating point of every distinct threshold, highest first, joined by
    straight segments — up-right at a positive, straight down at a negative — from
    (1/m⁺, 1) or (0, 0) to (1, m⁺/m), with no invented (0, 1) point. The area under it
    is *not* the AP (linear interpolation in P-R space is not achievable; Davis &
    Goadrich, ICML 2006), so the legend names the rule: ``"name (step-wise AP = 0.87)"``.

    The break-even point (BEP) is the value b where P = R on the sawtooth curve
    (Zhou Zhihua, §2.3; :func:`evalplots.metrics.break_even_point`); the marker is
    drawn at (b, b) and labelled ``"BEP = 0.67"``. At an operating point with TP > 0,
    P = R exactly when m⁺ samples are predicted positive. When some threshold predicts
    exactly m⁺ positive (always so without tied scores) the BEP is that operating point,
    P = R = TP/m⁺ = precision at k = m⁺. Both drawings pass through every operating
    point (the step drawing turns its corners there), so the marker lies on either
    curve. When a block of tied scores spans rank m⁺, no operating point has P = R: b is
    where the sawtooth's straight segment from (R_a, P_a), the operating point above
    the block, to (R_b, P_b), the one that ends it, meets P = R; the step drawing goes
    through the corner (R_a, P_b) instead and does not pass through (b, b), so
    with ``'steps-post'`` the marker then sits on that block's sawtooth chord, off the
    step curve. When the top tie block alone holds more than m⁺ samples, the curve
    never meets P = R: the BEP is NaN (the metric warns) and no marker is drawn.

    Legend numbers have two decimals, more when two would round a score to a perfect
    1.00 or a null 0.00 (0.99528 shows as 0.995).

    Examples
    --------
    >>> from evalplots.display import PrecisionRecallDisplay
    >>> display = PrecisionRecallDisplay.from_predictions(
    ...     [1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76],
    ...     drawstyle="sawtooth")
    >>> display.line_.get_label(), display.break_even_.get_label()
    ('step-wise AP = 0.87', 'BEP = 0.67')
    """

    def __init__(
        self,
        precision,
        recall,
        *,
        average_precision=None,
        break_even=None,
        prevalence_pos_label=None,
        name=None,
        pos_label=None,
    ):
        self.recall, self.precision = check_curve(
            recall, precision, "recall", "precision"
        )
        if np.any(np.diff(self.recall) > 0):
            raise ValueError(
                "recall must be non-increasing (the layout of "
                "evalplots.metrics.precision_recall_curve: recall 1 first, the sentinel "
                "R=0, P=1 last); if your arrays run the other way, pass recall[::-1] and "
                "precision[::-1]."
            )
        if self.recall[-1] != 0.0 or self.precision[-1] != 1.0:
            raise ValueError(
                "recall and precision must end with the sentinel R=0, P=1, as returned "
                "by evalplots.metrics.precision_recall_curve; append it (np.r_[x, 0] and "
                "np.r_[p, 1])."
            )
        self.average_precision = check_score(average_precision, "average_precision")
        self.break_even = (
            math.nan
            if break_even is not None and math.isnan(break_even)
            else check_score(break_even, "break_even")
        )
        self.prevalence_pos_label = check_score(
            prevalence_pos_label, "prevalence_pos_label"
        )
        self.name = name
        self.pos_label = pos_label

    def plot(
        self,
        ax=None,
        *,
        name=None,
        drawstyle="steps-post",
        plot_break_even=True,
        break_even_kw=None,
        plot_chance_level=False,
        chance_level_kw=None,
        despine=False,
        **kwargs,
    ):
        """Draw the precision-recall curve, its BEP marker and the chance line.

        Call again with the same ``ax`` to add more models to one axes.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        name : str, default=None
            Name for the legend; None uses the ``name`` given at construction.
        drawstyle : {'steps-post', 'sawtooth'}, default='steps-post'
            'steps-post': scikit-learn's step curve, whose area is the AP.
            'sawtooth': the textbook curve through every operating point (see Notes).
        plot_break_even : bool, default=True
            Whether to mark the break-even point on the curve.
        break_even_kw : dict, default=None
            Line2D properties of the BEP marker (default: a circle in the curve's
            colour, labelled ``"BEP = 0.67"``).
        plot_chance_level : bool, default=False
            Whether to draw the horizontal chance line P = prevalence.
        chance_level_kw : dict, default=None
            Line2D properties of the chance line.
        despine : bool, default=False
            Whether to hide the top and right spines.
        **kwargs : dict
            Line2D properties of the curve; set the drawing with ``drawstyle``, not
            with a Line2D ``drawstyle``/``ds`` property.

        Returns
        -------
        display : PrecisionRecallDisplay
            ``self``, with ``line_``, ``break_even_``, ``chance_level_``, ``ax_`` and
            ``figure_`` set.

        Raises
        ------
        ValueError
            If ``drawstyle`` is unknown, ``kwargs`` holds ``drawstyle``/``ds``, a style
            dict sets one property under two names, ``plot_chance_level=True``
            without ``prevalence_pos_label``, or ``ax`` is a polar or 3-D (non-rectilinear) Axes.

        Notes
        -----
        See the class Notes for which number matches which drawing and where the
        BEP marker sits.

        Examples
        --------
        >>> from evalplots.display import PrecisionRecallDisplay
        >>> display = PrecisionRecallDisplay(
        ...     [0.5, 0.6, 0.5, 2/3, 1, 1, 1], [1, 1, 2/3, 2/3, 2/3, 1/3, 0],
        ...     average_precision=0.8667).plot(drawstyle="sawtooth")
        >>> display.break_even_.get_xydata().round(4).tolist()
        [[0.6667, 0.6667]]
        """
        check_option(drawstyle, DRAWSTYLES, "drawstyle")
        if "drawstyle" in kwargs or "ds" in kwargs:
            raise ValueError(
                "kwargs sets the Line2D drawstyle; choose the drawing with "
                "plot(drawstyle='steps-post' or 'sawtooth') instead."
            )
        if plot_chance_level and self.prevalence_pos_label is None:
            raise ValueError(
                "plot_chance_level=True needs prevalence_pos_label; pass it to "
                "PrecisionRecallDisplay(...) or use from_predictions, which computes it."
            )
        name = self._prepare_axes(ax, name)
        if drawstyle == "sawtooth":
            x, y = _sawtooth(self.precision, self.recall)
            mpl_drawstyle = "default"
        else:
            x, y, mpl_drawstyle = self.recall, self.precision, "steps-post"
        label = legend_label(name, _AP_NAME[drawstyle], self.average_precision)
        line_kw = merge_style_kwargs(
            {"label": label, "drawstyle": mpl_drawstyle}, kwargs, argname="kwargs"
        )
        (self.line_,) = self.ax_.plot(x, y, **line_kw)

        self.break_even_ = (
            self._plot_break_even(name, break_even_kw) if plot_break_even else None
        )
        self.chance_level_ = None
        if plot_chance_level:
            prevalence = self.prevalence_pos_label
            chance_kw = merge_style_kwargs(
                {
                    "label": f"Chance level (prevalence = {prevalence:0.2f})",
                    "color": "k",
                    "linestyle": "--",
                },
                chance_level_kw,
                argname="chance_level_kw",
            )
            self.chance_level_ = chance_line(
                self.ax_, (0, 1), (prevalence, prevalence), chance_kw
            )
        self._finish_axes(
            xlabel="Recall",
            ylabel="Precision",
            despine_axes=despine,
            legend_loc="lower left",
        )
        return self

    def _plot_break_even(self, name, break_even_kw):
        """Mark (b, b) on the curve; None when the BEP is undefined (NaN)."""
        bep = self.break_even
        if bep is None:
            bep = break_even_point_from_curve(self.precision, self.recall)
        if math.isnan(bep):  # the metric has already warned why
            return None
        marker_kw = merge_style_kwargs(
            {
                "label": legend_label(name, "BEP", bep),
                "marker": "o",
                "linestyle": "none",
                "color": self.line_.get_color(),
                "markeredgecolor": "k",
                "zorder": self.line_.get_zorder() + 0.1,
            },
            break_even_kw,
            argname="break_even_kw",
        )
        (marker,) = self.ax_.plot([bep], [bep], **marker_kw)
        return marker

    @classmethod
    @fill_doc(binary_params=BINARY_SCORE_PARAMS, name_ax=DISPLAY_NAME_AX_PARAMS)
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        pos_label=None,
        sample_weight=None,
        drop_intermediate=False,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Compute the P-R curve, AP, BEP and prevalence from predictions, then plot.

        Parameters
        ----------
        %(binary_params)s
        drop_intermediate : bool, default=False
            Drop thresholds that do not change the step drawing. Must stay False for
            ``drawstyle='sawtooth'``, which needs every operating point.
        %(name_ax)s
        **plot_kwargs : dict
            Any option of :meth:`plot` (``drawstyle``, ``plot_break_even``,
            ``break_even_kw``, ``plot_chance_level``, ``chance_level_kw``, ``despine``,
            Line2D properties).

        Returns
        -------
        display : PrecisionRecallDisplay
            The plotted display.

        Raises
        ------
        ValueError
            If the labels are not binary, ``pos_label`` is needed or absent, lengths
            differ, scores are not finite, or ``drop_intermediate=True`` is combined
            with ``drawstyle='sawtooth'``; if ``y_true`` has no positive sample (of
            non-zero weight), so that recall = TP/m⁺ is undefined; or as :meth:`plot`.

        Notes
        -----
        Computes, each with :mod:`evalplots.metrics`: the curve
        (:func:`~evalplots.metrics.precision_recall_curve`: P(t) = TP(t)/(TP(t) +
        FP(t)) and R(t) = TP(t)/m⁺ at every distinct score t, plus the sentinel
        R = 0, P = 1), the step-wise average precision AP = Σ_k (R_k − R_{k−1}) P_k
        (:func:`~evalplots.metrics.average_precision_score`, no interpolation), the
        break-even point (:func:`~evalplots.metrics.break_even_point`) and the
        prevalence m⁺/m (weighted: the positives' share of the total weight), the
        precision of a random classifier, for the chance line. P, R and the BEP are
        those of Zhou Zhihua, *Machine Learning* §2.3.2 (eqs. 2.8–2.9);
        the class Notes say which number matches which drawing. Without negatives
        the curve is defined (P = 1 everywhere); without positives it is not, and
        this raises. The method mirrors scikit-learn's
        ``PrecisionRecallDisplay.from_predictions`` (Display API: compute, construct,
        ``plot``).

        Examples
        --------
        >>> from evalplots.display import PrecisionRecallDisplay
        >>> display = PrecisionRecallDisplay.from_predictions(
        ...     [1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76], name="toy",
        ...     plot_chance_level=True)
        >>> display.line_.get_label(), display.chance_level_.get_label()
        ('toy (AP = 0.87)', 'Chance level (prevalence = 0.50)')
        """
        if drop_intermediate and plot_kwargs.get("drawstyle") == "sawtooth":
            raise ValueError(
                "drop_intermediate=True removes operating points that the sawtooth "
                "drawing needs; pass drop_intermediate=False with drawstyle='sawtooth'."
            )
        shown_pos_label, positive, weights = cls._check_classes(
            y_true,
            pos_label,
            sample_weight,
            curve="precision-recall curve",
            need_negatives=False,
        )
        precision, recall, _ = precision_recall_curve(
            y_true,
            y_score,
            pos_label=pos_label,
            sample_weight=sample_weight,
            drop_intermediate=drop_intermediate,
        )
        # AP and BEP are read off the computed curve: one pass over the data
        display = cls(
            precision,
            recall,
            average_precision=average_precision_from_curve(precision, recall),
            break_even=break_even_point_from_curve(precision, recall),
            prevalence_pos_label=float(np.average(positive, weights=weights)),
            name=name,
            pos_label=shown_pos_label,
        )
        return display.plot(ax=ax, **plot_kwargs)
