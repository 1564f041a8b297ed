"""ROC curve Display."""

from evalplots._docstrings import BINARY_SCORE_PARAMS, DISPLAY_NAME_AX_PARAMS, fill_doc
from evalplots.display._base import (
    CurveDisplayMixin,
    chance_line,
    check_curve,
    check_score,
    legend_label,
    merge_style_kwargs,
)

__all__ = ["RocCurveDisplay"]


class RocCurveDisplay(CurveDisplayMixin):
    """ROC curve visualization: true positive rate against false positive rate.

    Prefer :meth:`from_predictions`, which computes the curve with
    :func:`evalplots.metrics.roc_curve`. All parameters are stored as attributes.

    Parameters
    ----------
    fpr : array-like of shape (n_thresholds,)
        False positive rates, as returned by :func:`evalplots.metrics.roc_curve`.
    tpr : array-like of shape (n_thresholds,)
        True positive rates, as returned by :func:`evalplots.metrics.roc_curve`.
    roc_auc : float, default=None
        Area under the curve, shown in the legend as ``"AUC = 0.78"``; None shows none.
    name : str, default=None
        Model name for the legend; None shows no name.
    pos_label : int, float, bool or str, default=None
        The positive class, shown in the axis titles; None shows none.

    Attributes
    ----------
    line_ : matplotlib.lines.Line2D
        The ROC curve.
    chance_level_ : matplotlib.lines.Line2D or None
        The chance diagonal, or None when not drawn.
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If ``fpr`` and ``tpr`` differ in length, are not 1-D, not finite or leave
        [0, 1], or ``roc_auc`` is not in [0, 1].

    See Also
    --------
    evalplots.metrics.roc_curve : Compute the curve.
    PrecisionRecallDisplay : Precision-recall curve.

    Notes
    -----
    The ROC curve plots TPR = TP / m⁺ against FPR = FP / m⁻ at every threshold, joined
    by straight lines; its area is the AUC, equal to 1 − ℓ_rank (Zhou Zhihua,
    *Machine Learning* §2.3.3). The chance level is the diagonal TPR = FPR (AUC = 0.5).

    Examples
    --------
    >>> from evalplots.display import RocCurveDisplay
    >>> from evalplots.metrics import auc, roc_curve
    >>> y_true = [1, 0, 0, 1, 0, 1]
    >>> y_score = [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]
    >>> fpr, tpr, _ = roc_curve(y_true, y_score)
    >>> display = RocCurveDisplay(fpr, tpr, roc_auc=auc(fpr, tpr), name="toy").plot()
    >>> display.line_.get_label()
    'toy (AUC = 0.78)'
    """

    def __init__(self, fpr, tpr, *, roc_auc=None, name=None, pos_label=None):
        self.fpr, self.tpr = check_curve(fpr, tpr, "fpr", "tpr")
        self.roc_auc = check_score(roc_auc, "roc_auc")
        self.name = name
        self.pos_label = pos_label

    def plot(
        self,
        ax=None,
        *,
        name=None,
        plot_chance_level=True,
        chance_level_kw=None,
        despine=False,
        **kwargs,
    ):
        """Draw the ROC curve.

        Call again with the same ``ax`` to add more models to one axes.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        name : str, default=None
            Name for the legend; None uses the ``name`` given at construction.
        plot_chance_level : bool, default=True
            Whether to draw the chance diagonal (drawn once per axes).
        chance_level_kw : dict, default=None
            Line2D properties of the chance diagonal (default: black, dashed,
            labelled ``"Chance level (AUC = 0.5)"``).
        despine : bool, default=False
            Whether to hide the top and right spines.
        **kwargs : dict
            Line2D properties of the curve (e.g. ``color``, ``linestyle``).

        Returns
        -------
        display : RocCurveDisplay
            ``self``, with ``line_``, ``chance_level_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If a style dict sets one property under two alias names (``c``/``color``),
            or ``ax`` is a polar or 3-D (non-rectilinear) Axes.

        Notes
        -----
        Draws one Line2D through the stored points (FPR_k, TPR_k) in their order,
        joined by straight segments: in ROC space, unlike P-R space, the segment
        between two operating points is achievable by randomising between the two
        classifiers, so linear interpolation is exact and the area under the line is
        the AUC (Zhou Zhihua, *Machine Learning* §2.3.3). The chance
        level is the diagonal TPR = FPR from (0, 0) to (1, 1), drawn once per axes
        and listed last in the legend; the axes are square with limits
        [-0.01, 1.01]. The API (``plot(ax=None, *, name=None, plot_chance_level,
        chance_level_kw, despine, **kwargs) -> self``, the ``line_``,
        ``chance_level_``, ``ax_`` and ``figure_`` attributes) follows scikit-learn's
        Display API (``sklearn.metrics.RocCurveDisplay.plot``).

        Examples
        --------
        >>> from evalplots.display import RocCurveDisplay
        >>> display = RocCurveDisplay([0, 0.5, 1], [0, 1, 1], roc_auc=0.75).plot()
        >>> display.line_.get_label(), display.chance_level_.get_label()
        ('AUC = 0.75', 'Chance level (AUC = 0.5)')
        """
        name = self._prepare_axes(ax, name)
        line_kw = merge_style_kwargs(
            {"label": legend_label(name, "AUC", self.roc_auc)}, kwargs, argname="kwargs"
        )
        chance_kw = merge_style_kwargs(
            {"label": "Chance level (AUC = 0.5)", "color": "k", "linestyle": "--"},
            chance_level_kw,
            argname="chance_level_kw",
        )
        (self.line_,) = self.ax_.plot(self.fpr, self.tpr, **line_kw)
        self.chance_level_ = (
            chance_line(self.ax_, (0, 1), (0, 1), chance_kw)
            if plot_chance_level
            else None
        )
        self._finish_axes(
            xlabel="False Positive Rate",
            ylabel="True Positive Rate",
            despine_axes=despine,
            legend_loc="lower right",
        )
        return self

    @classmethod
    @fill_doc(binary_params=BINARY_SCORE_PARAMS, name_ax=DISPLAY_NAME_AX_PARAMS)
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        pos_label=None,
        sample_weight=None,
        drop_intermediate=True,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Compute the ROC curve and its AUC from predictions, then plot it.

        Parameters
        ----------
        %(binary_params)s
        drop_intermediate : bool, default=True
            Drop thresholds that lie on a straight segment of the curve (the area
            and the drawing are unchanged).
        %(name_ax)s
        **plot_kwargs : dict
            Any option of :meth:`plot` (``plot_chance_level``, ``chance_level_kw``,
            ``despine``, Line2D properties).

        Returns
        -------
        display : RocCurveDisplay
            The plotted display.

        Raises
        ------
        ValueError
            If the labels are not binary, ``pos_label`` is needed or absent from
            ``y_true``, lengths differ, or scores are not finite; if ``y_true`` holds
            only one class (counting samples of non-zero weight), so that FPR = FP/m⁻
            or TPR = TP/m⁺ divides by zero and the curve is undefined; or as
            :meth:`plot`.

        Notes
        -----
        Computes :func:`evalplots.metrics.roc_curve`: at every distinct score t,
        highest first, TPR(t) = TP(t)/m⁺ and FPR(t) = FP(t)/m⁻, where TP(t) and FP(t)
        count (or sum the weights of) the positives and negatives scored ≥ t, from
        the point (0, 0). The legend's AUC is the trapezoidal area
        :func:`evalplots.metrics.auc` of these points,
        AUC = ½ Σ_k (x_{k+1} − x_k)(y_k + y_{k+1}) = 1 − ℓ_rank (Zhou Zhihua,
        *Machine Learning* §2.3.3, eqs. 2.20–2.22); ``drop_intermediate`` removes
        only collinear points, so the area and the drawing are unchanged. The method
        mirrors scikit-learn's ``RocCurveDisplay.from_predictions`` (Display API:
        compute, construct, ``plot``), except that a single-class ``y_true`` raises
        instead of warning and drawing NaN.

        Examples
        --------
        >>> from evalplots.display import RocCurveDisplay
        >>> y_true = [1, 0, 0, 1, 0, 1]
        >>> y_score = [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]
        >>> display = RocCurveDisplay.from_predictions(y_true, y_score, name="toy")
        >>> display.line_.get_label(), display.ax_.get_xlabel()
        ('toy (AUC = 0.78)', 'False Positive Rate (Positive label: 1)')
        """
        from evalplots.metrics import auc, roc_curve

        shown_pos_label, _, _ = cls._check_classes(
            y_true, pos_label, sample_weight, curve="ROC curve", need_negatives=True
        )
        fpr, tpr, _ = roc_curve(
            y_true,
            y_score,
            pos_label=pos_label,
            sample_weight=sample_weight,
            drop_intermediate=drop_intermediate,
        )
        display = cls(
            fpr, tpr, roc_auc=auc(fpr, tpr), name=name, pos_label=shown_pos_label
        )
        return display.plot(ax=ax, **plot_kwargs)
