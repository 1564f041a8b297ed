"""ROC curve Display: one binary curve, or one-vs-rest curves in one axes."""

from evalplots._docstrings import (
    CURVE_PLOT_PARAMS,
    OVR_NAME_AX_PARAMS,
    OVR_SCORE_PARAMS,
    THINNED_CURVE_NOTE,
    fill_doc,
)
from evalplots.display._base import (
    CurveDisplayMixin,
    LegendScore,
    chance_line,
    check_curve,
    check_score,
    legend_label,
    merge_style_kwargs,
    set_legend_entry,
    store_arguments,
)
from evalplots.display._cv_results import CV_PARAMS, fold_scores
from evalplots.display._estimator import (
    ESTIMATOR_DATA_PARAMS,
    ESTIMATOR_NOTES,
    ESTIMATOR_OPTION_PARAMS,
    ESTIMATOR_RAISES,
    plot_from_estimator,
)
from evalplots.display._multicurve import (
    check_averages,
    check_binary_labels_arg,
    check_curve_lists,
    check_names,
    check_scores,
    curve_styles,
    draw_folds,
    is_multi_curve,
    line_kwargs,
    plot_one_vs_rest,
)
from evalplots.display._operating_points import (
    CI_PARAMS,
    check_curve_band,
    check_interval,
    check_mean_std,
    check_single_curve_only,
    check_threshold,
    check_thresholds,
    draw_band,
    interval_title,
    mark_points,
    optimal_point,
    optimum_text,
)
from evalplots.display._thin import plot_curve
from evalplots.metrics import auc, optimal_threshold, roc_curve
from evalplots.metrics.ranking._macro_curves import roc_fold_band

__all__ = ["RocCurveDisplay"]


@fill_doc(thinning=THINNED_CURVE_NOTE)
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
    thresholds : array-like of shape (n_points,), default=None
        The threshold of each point, decreasing (the first, ``inf``, gives
        (0, 0)), as returned by :func:`~evalplots.metrics.roc_curve`; needed by
        ``plot(threshold=...)``. One curve only.
    roc_auc_ci : ConfidenceInterval, default=None
        Interval of the AUC (e.g. :func:`evalplots.metrics.roc_auc_ci`), shown in
        the legend: ``"AUC = 0.995 [0.989, 0.999]"``. One curve only.
    ci_band : tuple of 3 ndarrays of shape (n_grid,), default=None
        ``(fpr_grid, tpr_low, tpr_high)``, the pointwise band of
        :func:`evalplots.metrics.roc_curve_ci_band`, drawn by
        ``plot(plot_ci=True)``. One curve only.
    optimal : OptimalThreshold, default=None
        The point of largest Youden's J (criterion 'youden'), as
        :func:`evalplots.metrics.optimal_threshold` returns it; marked by
        ``plot(plot_optimal=True)``. One curve only.
    fold_band : FoldBand, default=None
        With several curves of one model (e.g. cross-validation folds): their
        exact vertical average, its ±1 std band and the mean ± std of their
        AUCs, as :meth:`from_cv_results` computes them; drawn by
        ``plot(plot_mean_std=True)``.

    Attributes
    ----------
    line_ : matplotlib.lines.Line2D or list of Line2D
        The ROC curve; a list (one per curve, in order) when the Display holds
        a list of curves.
    chance_level_ : matplotlib.lines.Line2D or None
        The chance diagonal, or None when not drawn.
    threshold_point_, optimal_point_ : matplotlib.lines.Line2D or None
        Markers of the operating point at ``threshold`` and of the point of
        largest Youden J; None when not drawn.
    threshold_annotation_, optimal_annotation_ : matplotlib.text.Annotation or None
        Their short texts (``"t = 0.5"``, ``"max J = 0.67 at t = 0.76"``).
    ci_band_ : matplotlib.collections.PolyCollection or None
        The CI band, or None when not drawn.
    mean_line_, std_band_ : Line2D and PolyCollection, or None
        With ``plot_mean_std=True``: the mean curve of several curves (e.g. CV
        folds) and its ±1 std band.
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        Not at construction, which stores the arguments as given: :meth:`plot`
        checks them before drawing and raises if ``fpr`` and ``tpr`` differ in
        length, are not 1-D, not finite or leave [0, 1], ``roc_auc`` is not in
        [0, 1], ``average`` is not one of the
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

    Legend numbers have two decimals, more when two would round a score to 1.00
    or 0.00; all numbers of one legend share the largest such number of
    decimals ("AUC = 0.995" stands next to "AUC = 0.980"): a model added to
    the axes relabels those already there, unless ``plot(align_decimals=False)``. An interval shows as
    ``"AUC = 0.995 [0.989, 0.999]"``; its handle shows the band behind the line.

    ``plot(threshold=t)`` marks the operating point at t — scores >= t predicted
    positive — the stored point of the smallest stored threshold >= t. It is
    exact when every threshold is stored (:meth:`from_predictions` keeps them
    all when ``threshold`` is given). ``plot(plot_optimal='youden')`` marks the
    stored ``optimal`` point, of largest Youden index J = TPR − FPR (Youden,
    "Index for rating diagnostic tests", Cancer 3, 1950), found by
    :func:`evalplots.metrics.optimal_threshold` (ties to the highest threshold);
    J is linear along a segment, so its maximum is always at a vertex of the
    drawn curve, even with ``drop_intermediate=True``.

    The CI band (``ci_band``, e.g. from :meth:`from_predictions` with
    ``plot_ci=True``) is pointwise at fixed FPR — vertical averaging (Fawcett
    2006, §10.1): at each FPR of its grid, the bootstrap percentile interval of
    the TPR.

    %(thinning)s

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

    _FRAME = ("fpr", "tpr", "thresholds")

    def __init__(
        self,
        fpr,
        tpr,
        *,
        roc_auc=None,
        name=None,
        pos_label=None,
        average=None,
        thresholds=None,
        roc_auc_ci=None,
        ci_band=None,
        optimal=None,
        fold_band=None,
    ):
        store_arguments(self, locals())

    def _check_stored(self):
        """Check the stored arrays before drawing them, keeping them as arrays
        (lists of arrays for several curves); see the class's Raises."""
        if is_multi_curve(self.fpr):
            curves = check_curve_lists(self.fpr, self.tpr, "fpr", "tpr", check_curve)
            self.fpr, self.tpr = [c[0] for c in curves], [c[1] for c in curves]
            self.roc_auc = check_scores(self.roc_auc, len(curves), "roc_auc")
            self.name = check_names(self.name, len(curves))
            self.average = check_averages(self.average, len(curves))
            check_single_curve_only(thresholds=self.thresholds, roc_auc_ci=self.roc_auc_ci,
                                    ci_band=self.ci_band, optimal=self.optimal)
            return
        self.fpr, self.tpr = check_curve(self.fpr, self.tpr, "fpr", "tpr")
        self.roc_auc = check_score(self.roc_auc, "roc_auc")
        self.average = check_averages(self.average)
        self.thresholds = check_thresholds(
            self.thresholds, self.fpr.size, "thresholds", "one per point of fpr, decreasing"
        )
        self.roc_auc_ci = check_interval(self.roc_auc_ci, "roc_auc_ci")
        self.ci_band = check_curve_band(self.ci_band, "ci_band", "fpr", "tpr")

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
        align_decimals=True,
        threshold=None,
        threshold_kw=None,
        plot_optimal=False,
        optimal_kw=None,
        plot_ci=True,
        ci_kw=None,
        plot_mean_std=False,
        mean_kw=None,
        band_kw=None,
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
        threshold : float, default=None
            Mark the operating point at this threshold (scores >= threshold are
            positive) with a diamond and the text ``"t = 0.5"``. Needs the stored
            ``thresholds``; one curve only.
        threshold_kw : dict, default=None
            Line2D properties of the threshold marker.
        plot_optimal : {False, True, 'youden'}, default=False
            True or 'youden' marks the stored ``optimal`` point (largest
            J = TPR − FPR) with a star and ``"max J = 0.67 at t = 0.76"``.
        optimal_kw : dict, default=None
            Line2D properties of the optimal-point marker.
        plot_ci : bool, default=True
            Whether to draw the stored ``ci_band`` (nothing when there is none).
        ci_kw : dict, default=None
            PolyCollection properties of the band (default: the curve's colour,
            alpha 0.2).
        plot_mean_std : bool, default=False
            Several curves only: take them as repetitions of one model (e.g.
            cross-validation folds): draw them thin in one colour, and the stored
            ``fold_band``: their exact vertical average and a ±1 std band of the
            TPR at fixed FPR, with one legend entry ``"name (AUC = 0.93 ± 0.02)"``
            (see :meth:`from_cv_results`).
        mean_kw : dict, default=None
            Line2D properties of the mean curve.
        band_kw : dict, default=None
            PolyCollection properties of the ±1 std band.
        **kwargs : dict
            Line2D properties of every curve (e.g. ``color``, ``linestyle``).

        Returns
        -------
        display : RocCurveDisplay
            ``self``, with ``line_``, ``chance_level_``, ``ax_``, ``figure_`` and
            the other artists of the class Attributes set.

        Raises
        ------
        ValueError
            If the stored arguments are invalid (see the class's Raises), a
            style dict sets one property under two alias names (``c``/``color``),
            ``ax`` is a polar or 3-D (non-rectilinear) Axes, or, with several
            curves, ``name`` or ``curve_kwargs`` is a list of another length; if
            ``threshold`` is not a finite number or is given without stored
            thresholds, ``plot_optimal`` is not False or 'youden' or is given
            without a stored ``optimal``, ``threshold``
            or ``plot_optimal`` is given for several curves, or
            ``plot_mean_std=True`` with one curve or without a stored
            ``fold_band``.

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
        self._check_stored()
        multi = isinstance(self.fpr, list)
        threshold = check_threshold(threshold, self.thresholds, multi)
        best = optimal_point(plot_optimal, "youden", multi, self.optimal)
        check_mean_std(plot_mean_std, multi, self.fold_band)
        name = self._prepare_axes(ax, name)
        self.threshold_point_ = self.optimal_point_ = None
        self.ci_band_ = self.mean_line_ = self.std_band_ = None
        self.threshold_annotation_ = self.optimal_annotation_ = None
        if plot_mean_std:
            self.line_, self.mean_line_, self.std_band_ = draw_folds(
                self.ax_,
                [(x, y, "default") for x, y in zip(self.fpr, self.tpr)],
                self.fold_band,
                self.roc_auc,
                name,
                metric_name="AUC",
                curve_kwargs=curve_kwargs,
                kwargs=kwargs,
                mean_kw=mean_kw,
                band_kw=band_kw,
            )
        elif multi:
            names = check_names(name, len(self.fpr))
            defaults = curve_styles(self.average)
            for default, curve_name, score in zip(defaults, names, self.roc_auc):
                default["label"] = legend_label(curve_name, "AUC", score)
            kws = line_kwargs(defaults, kwargs, curve_kwargs)
            self.line_ = []
            for x, y, kw, default, curve_name, score in zip(
                self.fpr, self.tpr, kws, defaults, names, self.roc_auc
            ):
                line = plot_curve(self.ax_, x, y, **kw)
                if kw.get("label") == default["label"]:
                    set_legend_entry(line, curve_name, "AUC", score)
                self.line_.append(line)
        else:
            score = (
                self.roc_auc
                if self.roc_auc_ci is None or self.roc_auc is None
                else LegendScore(self.roc_auc, self.roc_auc_ci.low, self.roc_auc_ci.high)
            )
            default = {"label": legend_label(name, "AUC", score)}
            (kw,) = line_kwargs([default], kwargs, curve_kwargs)
            self.line_ = plot_curve(self.ax_, self.fpr, self.tpr, **kw)
            if plot_ci and self.ci_band is not None:
                self.ci_band_ = draw_band(self.line_, self.ci_band, ci_kw)
            optimum = None if best is None else (best.fpr, best.tpr,
                                                  optimum_text(best, "J"))
            (self.threshold_point_, self.threshold_annotation_, self.optimal_point_,
             self.optimal_annotation_) = mark_points(
                self.line_, self.fpr, self.tpr, self.thresholds, threshold=threshold,
                threshold_kw=threshold_kw, optimum=optimum, optimal_kw=optimal_kw,
            )
            if kw.get("label") == default["label"]:
                set_legend_entry(self.line_, name, "AUC", score, before=(self.ci_band_,))
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
        if not multi and self.roc_auc is not None:
            legend_title = interval_title(self.ax_, legend_title, self.pos_label,
                                          self.roc_auc_ci)
        self._finish_axes(
            xlabel="False Positive Rate",
            ylabel="True Positive Rate",
            despine_axes=despine,
            legend_loc="lower right",
            legend_title=legend_title,
            align_decimals=align_decimals,
        )
        return self

    @classmethod
    @fill_doc(ovr_params=OVR_SCORE_PARAMS, name_ax=OVR_NAME_AX_PARAMS, ci_params=CI_PARAMS)
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
        plot_ci=False,
        n_resamples=1000,
        confidence_level=0.95,
        random_state=None,
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
            and the drawing are unchanged). Not applied when ``threshold`` is
            given (in ``plot_kwargs``): the operating point at any threshold must
            then be a stored point.
        %(name_ax)s
        %(ci_params)s
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

        With ``plot_ci=True``: the legend's interval is DeLong's
        (:func:`evalplots.metrics.roc_auc_ci`, ``method='delong'``; DeLong,
        DeLong & Clarke-Pearson, Biometrics 44, 1988) and the band
        :func:`evalplots.metrics.roc_curve_ci_band` (stratified bootstrap, TPR
        percentiles at fixed FPR).

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
        from evalplots.metrics.ranking._ovr import as_score_array
        from evalplots.metrics.ranking._ovr_curves import ovr_roc_curves

        if as_score_array(y_score).ndim == 2:
            if plot_ci:
                raise ValueError(
                    "plot_ci=True draws the band of one binary curve; with a 2-D "
                    "y_score (one-vs-rest) leave plot_ci=False."
                )

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
        # the operating point at a threshold must be a stored point: keep them all
        keep_all = plot_kwargs.get("threshold") is not None
        fpr, tpr, thresholds = roc_curve(
            y_true,
            y_score,
            pos_label=pos_label,
            sample_weight=sample_weight,
            drop_intermediate=drop_intermediate and not keep_all,
        )
        optimal = None
        if plot_kwargs.get("plot_optimal"):
            optimal = optimal_threshold(y_true, y_score, criterion="youden",
                                        pos_label=pos_label, sample_weight=sample_weight)
        roc_auc_ci = ci_band = None
        if plot_ci:
            from evalplots.metrics import roc_auc_ci as delong_ci
            from evalplots.metrics import roc_curve_ci_band

            common = {"pos_label": pos_label, "confidence_level": confidence_level}
            roc_auc_ci = delong_ci(y_true, y_score, method="delong",
                                   sample_weight=sample_weight, **common)
            ci_band = roc_curve_ci_band(
                y_true, y_score, n_resamples=n_resamples, sample_weight=sample_weight,
                random_state=random_state, **common,
            )
        display = cls(
            fpr, tpr, roc_auc=auc(fpr, tpr), name=name, pos_label=shown_pos_label,
            thresholds=thresholds, roc_auc_ci=roc_auc_ci, ci_band=ci_band,
            optimal=optimal,
        )
        return display.plot(ax=ax, **plot_kwargs)

    @classmethod
    @fill_doc(data_params=ESTIMATOR_DATA_PARAMS, option_params=ESTIMATOR_OPTION_PARAMS,
              raises=ESTIMATOR_RAISES, notes=ESTIMATOR_NOTES)
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        sample_weight=None,
        drop_intermediate=True,
        response_method="auto",
        pos_label=None,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Compute the ROC curve of a fitted binary classifier on ``X, y``, then plot.

        Parameters
        ----------
        %(data_params)s
        drop_intermediate : bool, default=True
            As in :meth:`from_predictions`.
        %(option_params)s

        Returns
        -------
        display : RocCurveDisplay
            The plotted display.

        Raises
        ------
        %(raises)s

        Notes
        -----
        %(notes)s (Fawcett, "An introduction to ROC analysis", 2006).

        Examples
        --------
        >>> import numpy as np
        >>> from evalplots.display import RocCurveDisplay
        >>> class Threshold:  # any object with classes_ and predict_proba
        ...     classes_ = np.array([0, 1])
        ...     def predict_proba(self, X):
        ...         p = np.asarray(X, dtype=float)[:, 0]
        ...         return np.column_stack([1 - p, p])
        >>> X = [[0.45], [0.53], [0.24], [0.88], [0.57], [0.76]]
        >>> display = RocCurveDisplay.from_estimator(Threshold(), X, [1, 0, 0, 1, 0, 1])
        >>> display.line_.get_label()
        'Threshold (AUC = 0.78)'
        """
        return plot_from_estimator(
            cls, estimator, X, y, response_method=response_method, pos_label=pos_label,
            name=name, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            ax=ax, **plot_kwargs,
        )

    @classmethod
    @fill_doc(cv_params=CV_PARAMS)
    def from_cv_results(
        cls,
        cv_results,
        X,
        y,
        *,
        sample_weight=None,
        drop_intermediate=True,
        response_method="auto",
        pos_label=None,
        ax=None,
        name=None,
        curve_kwargs=None,
        plot_chance_level=False,
        chance_level_kw=None,
        despine=False,
        **kwargs,
    ):
        """ROC curves of the cross-validation folds, their mean and ±1 std band.

        Parameters
        ----------
        %(cv_params)s
        plot_chance_level : bool, default=False
            Whether to draw the chance diagonal.
        chance_level_kw : dict, default=None
            Line2D properties of the chance diagonal.
        despine : bool, default=False
            Whether to hide the top and right spines.
        **kwargs : dict
            Other options of :meth:`plot` (``mean_kw``, ``band_kw``,
            ``legend_title``, Line2D properties of the mean curve).

        Returns
        -------
        display : RocCurveDisplay
            The display holding one curve per fold (lists), plotted with
            ``plot_mean_std=True``: ``line_`` the fold curves, ``mean_line_`` the
            mean curve and ``std_band_`` the band.

        Raises
        ------
        ValueError
            If ``cv_results`` lacks the keys, ``y`` does not match the folds,
            ``name`` is a list but ``curve_kwargs`` is not, or as
            :meth:`from_estimator` for a fold.

        Notes
        -----
        Each fold's curve is :func:`evalplots.metrics.roc_curve` of its test
        samples scored by its estimator, with the AUC of each. The mean curve is
        the vertical average (Fawcett, "An introduction to ROC analysis", 2006,
        §10.1) of the fold curves taken exactly — the mean TPR at every FPR where
        some fold has a vertex, both ends of vertical runs — so its area is the
        mean fold AUC; the band is the mean ± one (population) standard deviation
        of the fold TPRs at those FPRs, clipped to [0, 1] for drawing. The
        signature follows scikit-learn 1.9's ``RocCurveDisplay.from_cv_results``
        (``chance_level_kw`` spelled as in :meth:`plot`, where scikit-learn
        writes ``chance_level_kwargs``).

        Examples
        --------
        >>> import numpy as np
        >>> from evalplots.display import RocCurveDisplay
        >>> class Column:  # decision_function = sign * first feature
        ...     classes_ = np.array([0, 1])
        ...     def __init__(self, sign): self.sign = sign
        ...     def decision_function(self, X): return self.sign * np.asarray(X)[:, 0]
        >>> X = np.array([[0.45], [0.53], [0.24], [0.88], [0.57], [0.76]])
        >>> y = np.array([1, 0, 0, 1, 0, 1])
        >>> cv = {"estimator": [Column(1), Column(1)],
        ...       "indices": {"test": [np.array([0, 1, 2]), np.array([3, 4, 5])]}}
        >>> display = RocCurveDisplay.from_cv_results(cv, X, y, name="m")
        >>> display.roc_auc, display.mean_line_.get_label()
        ([0.5, 1.0], 'm (AUC = 0.75 ± 0.25)')
        """
        fpr, tpr, scores = [], [], []
        for y_test, y_score, fold_pos_label, w in fold_scores(
            cv_results, X, y, sample_weight=sample_weight,
            response_method=response_method, pos_label=pos_label,
        ):
            cls._check_classes(y_test, fold_pos_label, w, curve="ROC curve of a fold",
                               need_negatives=True)
            x, t, _ = roc_curve(y_test, y_score, pos_label=fold_pos_label,
                                sample_weight=w, drop_intermediate=drop_intermediate)
            fpr.append(x)
            tpr.append(t)
            scores.append(auc(x, t))
        names = name if isinstance(name, list) else None
        display = cls(fpr, tpr, roc_auc=scores, name=names, pos_label=fold_pos_label,
                      fold_band=roc_fold_band(fpr, tpr, scores))
        return display.plot(
            ax=ax, name=name, curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
            chance_level_kw=chance_level_kw, despine=despine, plot_mean_std=True, **kwargs,
        )
