"""ROC curve Display: one binary curve, or one-vs-rest curves in one axes."""

from evalplots._docstrings import (
    CURVE_PLOT_PARAMS,
    OVR_NAME_AX_PARAMS,
    OVR_SCORE_PARAMS,
    fill_doc,
)
from evalplots.display._base import (
    CurveDisplayMixin,
    chance_line,
    check_curve,
    check_score,
    legend_label,
    merge_style_kwargs,
)
from evalplots.display._multicurve import (
    check_averages,
    check_binary_labels_arg,
    check_curve_lists,
    check_names,
    check_scores,
    curve_styles,
    is_multi_curve,
    line_kwargs,
    plot_one_vs_rest,
)

__all__ = ["RocCurveDisplay"]


class RocCurveDisplay(CurveDisplayMixin):
    """ROC curve visualization: true positive rate against false positive rate.

    Prefer :meth:`from_predictions`, which computes the curve with
    :func:`evalplots.metrics.roc_curve` (a 1-D ``y_score``) or the one-vs-rest curves
    of every class with their micro and macro averages (a 2-D ``y_score``). All
    parameters are stored as attributes.

    The Display holds one curve (arrays) or several (lists: one entry per curve,
    as scikit-learn >= 1.7 allows), e.g. the one-vs-rest curves of a multi-class
    problem::

        RocCurveDisplay(fpr=[f0, f1, f2, f_micro, f_macro],
                        tpr=[t0, t1, t2, t_micro, t_macro],
                        roc_auc=[a0, a1, a2, a_micro, a_macro],
                        name=["setosa", "versicolor", "virginica",
                              "micro-average", "macro-average"],
                        average=[None, None, None, "micro", "macro"])

    Parameters
    ----------
    fpr : array-like of shape (n_thresholds,) or list of such arrays
        False positive rates, as returned by :func:`evalplots.metrics.roc_curve`;
        a list of two or more arrays holds one array per curve.
    tpr : array-like of shape (n_thresholds,) or list of such arrays
        True positive rates, as returned by :func:`evalplots.metrics.roc_curve`;
        a list holds one array per curve, of the length of the matching ``fpr``.
    roc_auc : float or list of float, default=None
        Area under the curve, shown in the legend as ``"AUC = 0.78"``; None shows
        none. With several curves: None or a list (one value or None per curve).
    name : str or list of str, default=None
        Model name for the legend; None shows no name. With several curves: None
        or a list of one name per curve (e.g. the class names).
    pos_label : int, float, bool or str, default=None
        The positive class, shown as the legend title; None shows none (as for
        one-vs-rest curves, where each class is positive in turn).
    average : {None, 'micro', 'macro'} or list of these, default=None
        What each curve is: None a class (or binary) curve, 'micro' or 'macro' an
        average over classes. With several curves it sets the default style:
        class curves in distinct colours, 'micro' black dotted, 'macro' grey
        dash-dotted. None for every curve when not given.

    Attributes
    ----------
    line_ : matplotlib.lines.Line2D or list of Line2D
        The ROC curve; a list (one per curve, in order) when the Display holds
        a list of curves.
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
        [0, 1], ``roc_auc`` is not in [0, 1], ``average`` is not one of the
        options; with several curves, if a list argument has another number of
        entries than ``fpr``, or ``name`` is a single string.

    See Also
    --------
    evalplots.metrics.roc_curve : Compute the curve.
    PrecisionRecallDisplay : Precision-recall curve.

    Notes
    -----
    The ROC curve plots TPR = TP / m⁺ against FPR = FP / m⁻ at every threshold, joined
    by straight lines; its area is the AUC, equal to 1 − ℓ_rank (Zhou Zhihua,
    *Machine Learning* §2.3.3). The chance level is the diagonal TPR = FPR (AUC = 0.5).

    One-vs-rest (see :meth:`from_predictions`): class c's curve is the ROC curve of
    "class c against the rest" scored by column c; the micro average is the ROC
    curve of the pooled binary problem of all (sample, class) pairs; the macro
    average is the vertical average of the class curves (Fawcett, "An introduction
    to ROC analysis", Pattern Recognition Letters 27, 2006, §10.1), taken exactly:
    TPR_macro(x) = (1/k) Σ_c TPR_c(x) on the union of every class's FPR values, with
    both the lower and the upper end of each vertical run, so that the area under
    the drawn macro curve equals the macro AUC (the mean of the class AUCs). Each
    legend value is ``roc_auc_score(y_true, y_score, multi_class='ovr',
    average=...)`` (None for a class, 'micro', 'macro'). Class colours are tab10
    up to 10 classes, tab20 up to 20 and samples of the 'turbo' colormap beyond,
    where neighbouring classes become hard to tell apart; a legend of more than
    13 entries (10 classes, 2 averages and the chance line fit) moves outside the
    axes, to their right, in a smaller font.

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

    Two class curves and their macro average, built from stored arrays:

    >>> display = RocCurveDisplay(
    ...     fpr=[[0, 0, 1], [0, 0.5, 1], [0, 0, 0.5, 1]],
    ...     tpr=[[0, 1, 1], [0, 0.5, 1], [0, 0.5, 0.75, 1]],
    ...     roc_auc=[1.0, 0.5, 0.75], name=["cat", "dog", "macro-average"],
    ...     average=[None, None, "macro"]).plot()
    >>> [line.get_label() for line in display.line_]
    ['cat (AUC = 1.00)', 'dog (AUC = 0.50)', 'macro-average (AUC = 0.75)']
    """

    def __init__(
        self, fpr, tpr, *, roc_auc=None, name=None, pos_label=None, average=None
    ):
        self.pos_label = pos_label
        if is_multi_curve(fpr):
            curves = check_curve_lists(fpr, tpr, "fpr", "tpr", check_curve)
            self.fpr, self.tpr = [c[0] for c in curves], [c[1] for c in curves]
            self.roc_auc = check_scores(roc_auc, len(curves), "roc_auc")
            self.name = check_names(name, len(curves))
            self.average = check_averages(average, len(curves))
            return
        self.fpr, self.tpr = check_curve(fpr, tpr, "fpr", "tpr")
        self.roc_auc = check_score(roc_auc, "roc_auc")
        self.name = name
        self.average = check_averages(average)

    @fill_doc(curve_params=CURVE_PLOT_PARAMS)
    def plot(
        self,
        ax=None,
        *,
        name=None,
        plot_chance_level=True,
        chance_level_kw=None,
        despine=False,
        curve_kwargs=None,
        legend_title=None,
        **kwargs,
    ):
        """Draw the ROC curve (or curves).

        Call again with the same ``ax`` to add more models to one axes.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        name : str or list of str, default=None
            Name for the legend; None uses the ``name`` given at construction.
            With several curves: a list of one name per curve.
        plot_chance_level : bool, default=True
            Whether to draw the chance diagonal (drawn once per axes).
        chance_level_kw : dict, default=None
            Line2D properties of the chance diagonal (default: black, dashed,
            labelled ``"Chance level (AUC = 0.5)"``).
        despine : bool, default=False
            Whether to hide the top and right spines.
        %(curve_params)s
        **kwargs : dict
            Line2D properties of every curve (e.g. ``color``, ``linestyle``).

        Returns
        -------
        display : RocCurveDisplay
            ``self``, with ``line_``, ``chance_level_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If a style dict sets one property under two alias names (``c``/``color``),
            ``ax`` is a polar or 3-D (non-rectilinear) Axes, or, with several
            curves, ``name`` or ``curve_kwargs`` is a list of another length.

        Notes
        -----
        Draws one Line2D through the stored points (FPR_k, TPR_k) in their order,
        joined by straight segments: in ROC space, unlike P-R space, the segment
        between two operating points is achievable by randomising between the two
        classifiers, so linear interpolation is exact and the area under the line is
        the AUC (Zhou Zhihua, *Machine Learning* §2.3.3). The chance
        level is the diagonal TPR = FPR from (0, 0) to (1, 1), drawn once per axes
        and listed last in the legend; the axes are square with limits
        [-0.01, 1.01]. With several curves, one Line2D per curve, in order: class
        curves (``average`` None) in tab10 colours (tab20 beyond 10, 'turbo'
        beyond 20), 'micro' black dotted and 'macro' grey dash-dotted, 2 pt wide;
        ``kwargs`` then ``curve_kwargs`` override these defaults. The API
        (``plot(ax=None, *, name=None, plot_chance_level, chance_level_kw,
        despine, curve_kwargs) -> self``, the ``line_``, ``chance_level_``,
        ``ax_`` and ``figure_`` attributes) follows scikit-learn's Display API
        (``sklearn.metrics.RocCurveDisplay.plot``).

        Examples
        --------
        >>> from evalplots.display import RocCurveDisplay
        >>> display = RocCurveDisplay([0, 0.5, 1], [0, 1, 1], roc_auc=0.75).plot()
        >>> display.line_.get_label(), display.chance_level_.get_label()
        ('AUC = 0.75', 'Chance level (AUC = 0.5)')
        """
        name = self._prepare_axes(ax, name)
        multi = isinstance(self.fpr, list)
        fpr, tpr, roc_auc = (
            (self.fpr, self.tpr, self.roc_auc)
            if multi
            else ([self.fpr], [self.tpr], [self.roc_auc])
        )
        names = check_names(name, len(fpr)) if multi else [name]
        defaults = curve_styles(self.average) if multi else [{}]
        for default, curve_name, score in zip(defaults, names, roc_auc):
            default["label"] = legend_label(curve_name, "AUC", score)
        kws = line_kwargs(defaults, kwargs, curve_kwargs)
        lines = [self.ax_.plot(x, y, **kw)[0] for x, y, kw in zip(fpr, tpr, kws)]
        self.line_ = lines if multi else lines[0]
        chance_kw = merge_style_kwargs(
            {"label": "Chance level (AUC = 0.5)", "color": "k", "linestyle": "--"},
            chance_level_kw,
            argname="chance_level_kw",
        )
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
            legend_title=legend_title,
        )
        return self

    @classmethod
    @fill_doc(ovr_params=OVR_SCORE_PARAMS, name_ax=OVR_NAME_AX_PARAMS)
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        labels=None,
        pos_label=None,
        sample_weight=None,
        drop_intermediate=True,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Compute the ROC curve(s) and AUC(s) from predictions, then plot.

        A 1-D ``y_score`` gives the binary ROC curve; a 2-D ``y_score`` of shape
        (n_samples, n_classes) the one-vs-rest curve of every class plus the micro-
        and macro-average curves, in one axes.

        Parameters
        ----------
        %(ovr_params)s
        drop_intermediate : bool, default=True
            Drop thresholds that lie on a straight segment of the curve (the area
            and the drawing are unchanged).
        %(name_ax)s
        **plot_kwargs : dict
            Any option of :meth:`plot` (``plot_chance_level``, ``chance_level_kw``,
            ``despine``, ``curve_kwargs``, ``legend_title``, Line2D properties).

        Returns
        -------
        display : RocCurveDisplay
            The plotted display. One-vs-rest: its lists hold the n_classes class
            curves in column order, then the micro and the macro average.

        Raises
        ------
        ValueError
            If the labels are not binary (1-D ``y_score``), ``pos_label`` is needed
            or absent from ``y_true``, lengths differ, or scores are not finite; if
            ``y_true`` holds only one class (counting samples of non-zero weight),
            so that FPR = FP/m⁻ or TPR = TP/m⁺ divides by zero and the curve is
            undefined; one-vs-rest, if the columns of ``y_score`` are not one per
            class of ``labels``, ``y_true`` holds a label outside ``labels``, a
            class of ``labels`` has no sample (of positive weight) — its curve
            would be 0/0 — or ``pos_label`` is given; or as :meth:`plot`.

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

        One-vs-rest (a 2-D ``y_score``): each class's curve is the binary ROC curve
        of (y_true == class, its column); the micro average that of all n·k
        (sample, class) pairs, one-hot labels against the raveled scores; the macro
        average the exact vertical average of the class curves (class Notes). The
        legend values are ``roc_auc_score(y_true, y_score, multi_class='ovr',
        labels=labels, average=a)`` with a = None (classes), 'micro' and 'macro';
        ``y_score`` need not be probabilities here (``roc_auc_score`` wants them).

        Examples
        --------
        >>> from evalplots.display import RocCurveDisplay
        >>> y_true = [1, 0, 0, 1, 0, 1]
        >>> y_score = [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]
        >>> display = RocCurveDisplay.from_predictions(y_true, y_score, name="toy")
        >>> display.line_.get_label(), display.ax_.get_xlabel()
        ('toy (AUC = 0.78)', 'False Positive Rate')

        One-vs-rest, from a 2-D score matrix:

        >>> y_true = ["cat", "dog", "bird", "dog", "cat", "bird"]
        >>> proba = [[.1, .7, .2], [.2, .2, .6], [.7, .2, .1],
        ...          [.3, .3, .4], [.2, .5, .3], [.5, .1, .4]]
        >>> display = RocCurveDisplay.from_predictions(y_true, proba, name="toy")
        >>> [line.get_label() for line in display.line_]  # doctest: +NORMALIZE_WHITESPACE
        ['bird (AUC = 1.00)', 'cat (AUC = 1.00)', 'dog (AUC = 0.94)',
         'micro-average (AUC = 0.99)', 'macro-average (AUC = 0.98)']
        """
        from evalplots.metrics import auc, roc_curve
        from evalplots.metrics._ovr import as_score_array
        from evalplots.metrics._ovr_curves import ovr_roc_curves

        if as_score_array(y_score).ndim == 2:

            def build(counts, names):
                roc = ovr_roc_curves(counts, drop_intermediate=drop_intermediate)
                return cls(
                    roc.fpr, roc.tpr, roc_auc=list(roc.roc_auc), name=names,
                    average=roc.average,
                )

            return plot_one_vs_rest(
                build, y_true, y_score, labels=labels, pos_label=pos_label,
                sample_weight=sample_weight, name=name, ax=ax, plot_kwargs=plot_kwargs,
            )
        check_binary_labels_arg(labels)
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
