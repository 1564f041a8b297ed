"""Precision-recall curve Display: scikit-learn's step drawing and the textbook sawtooth."""

import numpy as np

from evalplots._docstrings import (
    CURVE_PLOT_PARAMS,
    OVR_NAME_AX_PARAMS,
    OVR_SCORE_PARAMS,
    THINNED_CURVE_NOTE,
    fill_doc,
)
from evalplots.display._base import (
    CurveDisplayMixin,
    check_option,
    check_score,
    store_arguments,
)
from evalplots.display._multicurve import (
    check_averages,
    check_binary_labels_arg,
    check_curve_lists,
    check_names,
    check_scores,
    draw_folds,
    expand,
    is_multi_curve,
    plot_one_vs_rest,
)
from evalplots.display._cv_results import CV_PARAMS, fold_scores
from evalplots.display._estimator import (
    ESTIMATOR_DATA_PARAMS,
    ESTIMATOR_NOTES,
    ESTIMATOR_OPTION_PARAMS,
    ESTIMATOR_RAISES,
    plot_from_estimator,
)
from evalplots.display._operating_points import (
    CI_PARAMS,
    check_curve_band,
    check_interval,
    check_mean_std,
    check_single_curve_only,
    check_threshold,
    check_thresholds,
    interval_title,
    mark_points,
    optimal_point,
    optimum_text,
)
from evalplots.display._pr_curve import (
    DRAWSTYLES,
    ISO_F1_VALUES,
    PRCurve,
    check_break_even,
    check_iso_f1_values,
    check_pr_curve,
    draw_chance_level,
    draw_iso_f1,
    draw_pr_curves,
    sawtooth,
)
from evalplots.metrics import (
    average_precision_from_curve,
    break_even_point_from_curve,
    optimal_threshold,
    precision_recall_curve,
)
from evalplots.metrics.ranking._macro_curves import precision_recall_fold_band
from evalplots.metrics.ranking._ovr import as_score_array
from evalplots.metrics.ranking._ovr_curves import ovr_precision_recall_curves

__all__ = ["PrecisionRecallDisplay"]


@fill_doc(thinning=THINNED_CURVE_NOTE)
class PrecisionRecallDisplay(CurveDisplayMixin):
    """Precision-recall curve visualization, step-wise or textbook sawtooth.

    Prefer :meth:`from_predictions`, which computes everything with
    :mod:`evalplots.metrics`: the binary curve for a 1-D ``y_score``, the
    one-vs-rest curve of every class with the micro and macro averages for a 2-D
    ``y_score``. All parameters are stored as attributes.

    The Display holds one curve (arrays) or several (lists of two or more arrays,
    one entry per curve, as scikit-learn >= 1.7 allows); every other argument is
    then None or a list with one entry per curve::

        PrecisionRecallDisplay(
            precision=[p0, p1, p2, p_micro, p_macro],
            recall=[r0, r1, r2, r_micro, r_macro],
            average_precision=[ap0, ap1, ap2, ap_micro, ap_macro],
            break_even=[b0, b1, b2, b_micro, None],
            prevalence_pos_label=[pi0, pi1, pi2, 1 / 3, 1 / 3],
            name=["setosa", "versicolor", "virginica",
                  "micro-average", "macro-average"],
            average=[None, None, None, "micro", "macro"])

    Parameters
    ----------
    precision : array-like of shape (n_thresholds + 1,) or list of such arrays
        Precision values as returned by :func:`evalplots.metrics.precision_recall_curve`
        (lowest threshold first, sentinel P = 1 last).
    recall : array-like of shape (n_thresholds + 1,) or list of such arrays
        Recall values in the same layout: non-increasing, sentinel R = 0 last.
    average_precision : float or list of float, default=None
        Step-wise average precision, shown in the legend; None shows none.
    break_even : float or list of float, default=None
        Break-even point, marked by ``plot(plot_break_even=True)`` (NaN:
        undefined, no marker); None marks none (compute it with
        :func:`evalplots.metrics.break_even_point_from_curve`).
    prevalence_pos_label : float or list of float, default=None
        Share of positives, the precision of a random classifier; needed for
        ``plot_chance_level=True``.
    name : str or list of str, default=None
        Model name for the legend; None shows no name. With several curves: None
        or a list of one name per curve (e.g. the class names).
    pos_label : int, float, bool or str, default=None
        The positive class, shown as the legend title; None shows none (as for
        one-vs-rest curves, where each class is positive in turn).
    average : {None, 'micro', 'macro'} or list of these, default=None
        What each curve is: None a class (or binary) curve, 'micro' or 'macro' an
        average over classes. A 'macro' curve is always drawn 'steps-post' and
        has no BEP (see Notes). With several curves it also sets the default
        style: class colours, 'micro' black dotted, 'macro' grey dash-dotted.
    thresholds : array-like of shape (n_thresholds,), default=None
        The threshold of each point but the sentinel, increasing, as returned by
        :func:`~evalplots.metrics.precision_recall_curve`; needed by
        ``plot(threshold=...)``. One curve only.
    average_precision_ci : ConfidenceInterval, default=None
        Interval of the AP (:class:`evalplots.metrics.ConfidenceInterval`), shown
        in the legend, ``"AP = 0.87 [0.80, 0.93]"``. One curve only.
    ci_band : tuple of 3 ndarrays of shape (n_grid,), default=None
        ``(recall_grid, precision_low, precision_high)``, the pointwise band of
        :func:`evalplots.metrics.precision_recall_ci_band`, drawn by
        ``plot(plot_ci=True)``. One curve only.
    optimal : OptimalThreshold, default=None
        The operating point of largest F1 (criterion 'f1'), as
        :func:`evalplots.metrics.optimal_threshold` returns it; marked by
        ``plot(plot_optimal=True)``. One curve only.
    fold_band : FoldBand, default=None
        With several curves of one model (e.g. cross-validation folds): their
        mean step curve, its ±1 std band and the mean ± std of their APs, as
        :meth:`from_cv_results` computes them; drawn by
        ``plot(plot_mean_std=True)``.

    Attributes
    ----------
    line_ : matplotlib.lines.Line2D or list of Line2D
        The precision-recall curve (a list, one per curve, with several curves).
    break_even_ : matplotlib.lines.Line2D or None, or a list of these
        The BEP marker, or None when not drawn.
    chance_level_ : matplotlib.lines.Line2D or None, or a list of these
        The chance line at the prevalence, or None when not drawn.
    threshold_point_, optimal_point_ : matplotlib.lines.Line2D or None
        Markers of the operating point at ``threshold`` and of the max-F1 point;
        None when not drawn.
    threshold_annotation_, optimal_annotation_ : matplotlib.text.Annotation or None
        Their short texts (``"t = 0.5"``, ``"max F1 = 0.86 at t = 0.53"``).
    ci_band_ : matplotlib.collections.PolyCollection or None
        The CI band, or None when not drawn.
    iso_f1_lines_ : list of matplotlib.lines.Line2D or None
        The iso-F1 curves, one per value, or None when not drawn.
    iso_f1_labels_ : list of matplotlib.text.Text or None
        Their inline labels ``"F1=0.8"``.
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
        checks them before drawing and raises if the arrays differ in length,
        are not finite, leave [0, 1], or ``recall``
        is not non-increasing (the layout of ``precision_recall_curve``); if a
        score is outside [0, 1] or ``average`` not one of the options; with
        several curves, if a list argument has another number of entries than
        ``precision``, or ``name`` is a single string.

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
    drawn at (b, b), its value in the curve's legend entry, ``"name (AP = 0.87,
    BEP = 0.67)"``, whose handle shows the line with the marker on it (one entry
    per model). At an operating point with TP > 0,
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
    1.00 or a null 0.00 (0.99528 shows as 0.995); all numbers of one legend share
    the largest such number of decimals, so that entries read alike (a model added
    to the axes relabels those already there, unless
    ``plot(align_decimals=False)``). An interval shows as
    ``"AP = 0.87 [0.80, 0.93]"``.

    ``plot(threshold=t)`` marks the operating point at t — scores >= t predicted
    positive — which is the stored point of the smallest stored threshold >= t:
    (R, P) = (TP/m⁺, TP/(TP + FP)) there. ``plot(plot_optimal='f1')`` marks the
    stored ``optimal`` operating point, of largest F1 = 2PR/(P + R) (van
    Rijsbergen's F-measure with β = 1; F1 = 0 where P + R = 0), found by
    :func:`evalplots.metrics.optimal_threshold` (ties to the highest
    threshold). The threshold's point is exact when every threshold is stored
    (``drop_intermediate=False``, the default of :meth:`from_predictions`).

    Iso-F1 lines (``plot_iso_f1=True``): the points of equal F1 = f satisfy
    P = f·R / (2R − f), drawn for R from f/(2 − f) (where P = 1) to 1.

    The CI band (``ci_band``, e.g. from :meth:`from_predictions` with
    ``plot_ci=True``) is pointwise at fixed recall: at each recall of its grid,
    the bootstrap percentile interval of the precision.

    One-vs-rest (several curves): each class curve and the micro average (the
    pooled problem of all (sample, class) pairs) are binary P-R curves, drawn in
    either drawing with their BEP marker; the BEP goes into the curve's legend
    entry, ``"setosa (AP = 0.99, BEP = 0.95)"``, and the chance lines (one per
    curve, in its colour) have none. The macro average is the mean of the class
    step functions, p(r) = (1/k) Σ_c p_c(r), where p_c(r) = P_n on (R_{n−1}, R_n]
    is the function AP integrates; its step-wise area is exactly the macro AP
    (``average_precision_score(..., average='macro')``). It has no thresholds
    behind it, hence no operating points: no sawtooth (straight segments between
    its corners would be an invented curve) and no BEP. It is therefore always
    drawn 'steps-post', labelled ``"macro-average (AP = 0.81)"`` — its number is
    the area of what is drawn — even when the other curves are sawtooth (labelled
    "step-wise AP"). Colours and legend placement are those of
    :class:`RocCurveDisplay`: tab10 classes (tab20 beyond 10, 'turbo' beyond 20),
    a small-font legend that moves outside the axes beyond 13 entries.

    %(thinning)s

    Examples
    --------
    >>> from evalplots.display import PrecisionRecallDisplay
    >>> display = PrecisionRecallDisplay.from_predictions(
    ...     [1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76],
    ...     drawstyle="sawtooth")
    >>> display.line_.get_label(), display.break_even_.get_xydata().round(2).tolist()
    ('step-wise AP = 0.87, BEP = 0.67', [[0.67, 0.67]])
    """

    _FRAME = ("precision", "recall", "thresholds")

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
        average=None,
        thresholds=None,
        average_precision_ci=None,
        ci_band=None,
        optimal=None,
        fold_band=None,
    ):
        store_arguments(self, locals())

    def _check_stored(self):
        """Check the stored arrays before drawing them, keeping them as arrays
        (lists of arrays for several curves); see the class's Raises."""
        if is_multi_curve(self.precision):
            check_single_curve_only(thresholds=self.thresholds,
                                    average_precision_ci=self.average_precision_ci,
                                    ci_band=self.ci_band, optimal=self.optimal)
            curves = check_curve_lists(
                self.precision, self.recall, "precision", "recall", check_pr_curve
            )
            n_curves = len(curves)
            self.recall = [c[0] for c in curves]
            self.precision = [c[1] for c in curves]
            self.average_precision = check_scores(
                self.average_precision, n_curves, "average_precision"
            )
            self.break_even = [
                check_break_even(v, f"break_even[{i}]")
                for i, v in enumerate(expand(self.break_even, n_curves, "break_even"))
            ]
            self.prevalence_pos_label = check_scores(
                self.prevalence_pos_label, n_curves, "prevalence_pos_label"
            )
            self.name = check_names(self.name, n_curves)
            self.average = check_averages(self.average, n_curves)
            return
        self.recall, self.precision = check_pr_curve(
            self.precision, self.recall, "precision", "recall"
        )
        self.average_precision = check_score(self.average_precision, "average_precision")
        self.break_even = check_break_even(self.break_even, "break_even")
        self.prevalence_pos_label = check_score(
            self.prevalence_pos_label, "prevalence_pos_label"
        )
        self.average = check_averages(self.average)
        self.thresholds = check_thresholds(
            self.thresholds, self.precision.size - 1, "thresholds",
            "one per point of precision but the sentinel, increasing",
        )
        self.average_precision_ci = check_interval(
            self.average_precision_ci, "average_precision_ci"
        )
        self.ci_band = check_curve_band(self.ci_band, "ci_band", "recall", "precision")

    @fill_doc(curve_params=CURVE_PLOT_PARAMS)
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
        curve_kwargs=None,
        legend_title=None,
        align_decimals=True,
        threshold=None,
        threshold_kw=None,
        plot_optimal=False,
        optimal_kw=None,
        plot_iso_f1=False,
        iso_f1_values=ISO_F1_VALUES,
        iso_f1_kw=None,
        plot_ci=True,
        ci_kw=None,
        plot_mean_std=False,
        mean_kw=None,
        band_kw=None,
        **kwargs,
    ):
        """Draw the precision-recall curve(s), BEP marker(s) and chance line(s).

        Call again with the same ``ax`` to add more models to one axes.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        name : str or list of str, default=None
            Name for the legend; None uses the ``name`` given at construction.
            With several curves: a list of one name per curve.
        drawstyle : {'steps-post', 'sawtooth'}, default='steps-post'
            'steps-post': scikit-learn's step curve, whose area is the AP.
            'sawtooth': the textbook curve through every operating point (see Notes).
            A 'macro' curve is always drawn 'steps-post'.
        plot_break_even : bool, default=True
            Whether to mark the break-even point on each curve (not on a 'macro'
            curve, which has none).
        break_even_kw : dict, default=None
            Line2D properties of the BEP markers (default: a circle in the curve's
            colour, without legend entry: the BEP is in the curve's entry).
        plot_chance_level : bool, default=False
            Whether to draw the horizontal chance line P = prevalence (one per
            curve, in the curve's colour and without legend entry, when there are
            several curves).
        chance_level_kw : dict, default=None
            Line2D properties of the chance line(s).
        despine : bool, default=False
            Whether to hide the top and right spines.
        %(curve_params)s
        threshold : float, default=None
            Mark the operating point at this threshold (scores >= threshold are
            positive), with a diamond and the text ``"t = 0.5"``. Needs the
            stored ``thresholds``; one curve only.
        threshold_kw : dict, default=None
            Line2D properties of the threshold marker.
        plot_optimal : {False, True, 'f1'}, default=False
            True or 'f1' marks the stored ``optimal`` point (largest F1) with a
            star and ``"max F1 = 0.86 at t = 0.53"``.
        optimal_kw : dict, default=None
            Line2D properties of the optimal-point marker.
        plot_iso_f1 : bool, default=False
            Whether to draw the iso-F1 curves, in light grey, labelled inline.
        iso_f1_values : sequence of float, default=(0.2, 0.4, 0.6, 0.8)
            Their F1 values, each in (0, 1).
        iso_f1_kw : dict, default=None
            Line2D properties of the iso-F1 curves.
        plot_ci : bool, default=True
            Whether to draw the stored ``ci_band`` (nothing when there is none).
        ci_kw : dict, default=None
            PolyCollection properties of the band (default: the curve's colour,
            alpha 0.2).
        plot_mean_std : bool, default=False
            Several curves only: take them as repetitions of one model (e.g.
            cross-validation folds): draw them thin in one colour, and the stored
            ``fold_band``: their mean step curve (the mean of the step functions
            AP integrates, exact on the union of their recall values) and a ±1
            std band at fixed recall, with
            one legend entry ``"name (AP = 0.87 ± 0.03)"`` (see
            :meth:`from_cv_results`). No BEP is drawn then, and the chance line
            is the one of the first curve's prevalence.
        mean_kw : dict, default=None
            Line2D properties of the mean curve.
        band_kw : dict, default=None
            PolyCollection properties of the ±1 std band.
        **kwargs : dict
            Line2D properties of every curve; set the drawing with ``drawstyle``,
            not with a Line2D ``drawstyle``/``ds`` property.

        Returns
        -------
        display : PrecisionRecallDisplay
            ``self``, with ``line_``, ``break_even_``, ``chance_level_``, ``ax_``,
            ``figure_`` and the other artists of the class Attributes set (``line_``, ``break_even_`` and ``chance_level_`` are
            lists, one entry per curve, when the Display holds several curves).

        Raises
        ------
        ValueError
            If the stored arguments are invalid (see the class's Raises),
            ``drawstyle`` is unknown, ``kwargs`` or ``curve_kwargs`` holds
            ``drawstyle``/``ds``, a style dict sets one property under two names,
            ``plot_chance_level=True`` without ``prevalence_pos_label`` (for every
            curve), ``ax`` is a polar or 3-D (non-rectilinear) Axes, or, with
            several curves, ``name`` or ``curve_kwargs`` is a list of another length;
            if ``threshold`` is not a finite number, is given without stored
            thresholds or is above all of them (precision undefined),
            ``plot_optimal`` is not False or 'f1' or is given without a stored
            ``optimal``, ``threshold`` or
            ``plot_optimal`` is given for several curves, ``iso_f1_values`` are not
            in (0, 1), or ``plot_mean_std=True`` with one curve or without a
            stored ``fold_band``.

        Notes
        -----
        See the class Notes for which number matches which drawing, where the
        BEP marker sits and what is drawn for a 'macro' curve.

        Examples
        --------
        >>> from evalplots.display import PrecisionRecallDisplay
        >>> display = PrecisionRecallDisplay(
        ...     [0.5, 0.6, 0.5, 2/3, 1, 1, 1], [1, 1, 2/3, 2/3, 2/3, 1/3, 0],
        ...     average_precision=0.8667, break_even=2/3).plot(drawstyle="sawtooth")
        >>> display.break_even_.get_xydata().round(4).tolist()
        [[0.6667, 0.6667]]
        """
        check_option(drawstyle, DRAWSTYLES, "drawstyle")
        own = curve_kwargs if isinstance(curve_kwargs, list) else [curve_kwargs]
        if any("drawstyle" in kw or "ds" in kw for kw in [kwargs, *own] if kw):
            raise ValueError(
                "kwargs sets the Line2D drawstyle; choose the drawing with "
                "plot(drawstyle='steps-post' or 'sawtooth') instead."
            )
        self._check_stored()
        multi = isinstance(self.precision, list)
        threshold = check_threshold(threshold, self.thresholds, multi)
        best = optimal_point(plot_optimal, "f1", multi, self.optimal)
        iso_f1_values = check_iso_f1_values(iso_f1_values) if plot_iso_f1 else None
        check_mean_std(plot_mean_std, multi, self.fold_band)
        stored = (
            self.precision,
            self.recall,
            self.average_precision,
            self.break_even,
            self.prevalence_pos_label,
            self.average,
        )
        curves = [PRCurve(*c) for c in zip(*(s if multi else [s] for s in stored))]
        if plot_chance_level and any(c.prevalence is None for c in curves):
            raise ValueError(
                "plot_chance_level=True needs prevalence_pos_label; pass it to "
                "PrecisionRecallDisplay(...) or use from_predictions, which computes it."
            )
        name = self._prepare_axes(ax, name)
        self.iso_f1_lines_ = self.iso_f1_labels_ = None
        if plot_iso_f1:
            self.iso_f1_lines_, self.iso_f1_labels_ = draw_iso_f1(
                self.ax_, iso_f1_values, iso_f1_kw
            )
        self.threshold_point_ = self.optimal_point_ = self.ci_band_ = None
        self.threshold_annotation_ = self.optimal_annotation_ = None
        self.mean_line_ = self.std_band_ = None
        if plot_mean_std:
            self._plot_folds(name, drawstyle, kwargs, curve_kwargs, mean_kw, band_kw)
            self.break_even_ = None
            self.chance_level_ = (
                draw_chance_level(self.mean_line_, curves[0].prevalence, False,
                                  chance_level_kw)
                if plot_chance_level
                else None
            )
        else:
            if not multi:
                curves = [curves[0]._replace(average_precision_ci=self.average_precision_ci)]
            drawn = draw_pr_curves(
                self.ax_,
                curves,
                check_names(name, len(curves)) if multi else [name],
                multi=multi,
                drawstyle=drawstyle,
                plot_break_even=plot_break_even,
                break_even_kw=break_even_kw,
                plot_chance_level=plot_chance_level,
                chance_level_kw=chance_level_kw,
                kwargs=kwargs,
                curve_kwargs=curve_kwargs,
                bands=[self.ci_band if plot_ci and not multi else None] * len(curves),
                ci_kw=ci_kw,
            )
            self.line_, self.break_even_, self.chance_level_, bands = (
                drawn if multi else (artists[0] for artists in drawn)
            )
            if not multi:
                self.ci_band_ = bands
                optimum = None if best is None else (best.tpr, best.precision,
                                                      optimum_text(best, "F1"))
                (self.threshold_point_, self.threshold_annotation_,
                 self.optimal_point_, self.optimal_annotation_) = mark_points(
                    self.line_, self.recall, self.precision, self.thresholds,
                    threshold=threshold, threshold_kw=threshold_kw, optimum=optimum,
                    optimal_kw=optimal_kw,
                )
        if not multi and self.average_precision is not None:
            legend_title = interval_title(self.ax_, legend_title, self.pos_label,
                                          self.average_precision_ci)
        self._finish_axes(
            xlabel="Recall",
            ylabel="Precision",
            despine_axes=despine,
            legend_loc="lower left",
            legend_title=legend_title,
            align_decimals=align_decimals,
        )
        return self

    def _plot_folds(self, name, drawstyle, kwargs, curve_kwargs, mean_kw, band_kw):
        """The fold curves, their mean step curve and the ±1 std band."""
        folds = [
            (*(sawtooth(p, r) if drawstyle == "sawtooth" else (r, p)),
             "default" if drawstyle == "sawtooth" else "steps-post")
            for p, r in zip(self.precision, self.recall)
        ]
        self.line_, self.mean_line_, self.std_band_ = draw_folds(
            self.ax_, folds, self.fold_band, self.average_precision, name,
            metric_name="AP", curve_kwargs=curve_kwargs, kwargs=kwargs,
            mean_kw=mean_kw, band_kw=band_kw, drawstyle="steps-post", step="post",
        )

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
        drop_intermediate=False,
        name=None,
        ax=None,
        plot_ci=False,
        n_resamples=1000,
        confidence_level=0.95,
        random_state=None,
        **plot_kwargs,
    ):
        """Compute the P-R curve(s), AP, BEP and prevalence from predictions, then plot.

        A 1-D ``y_score`` gives the binary curve; a 2-D ``y_score`` of shape
        (n_samples, n_classes) the one-vs-rest curve of every class plus the micro-
        and macro-average curves, in one axes.

        Parameters
        ----------
        %(ovr_params)s
        drop_intermediate : bool, default=False
            Drop thresholds that do not change the step drawing. Must stay False for
            ``drawstyle='sawtooth'``, which needs every operating point. Not
            applied when ``threshold`` is given (in ``plot_kwargs``): the operating
            point at any threshold must then be a stored point.
        %(name_ax)s
        %(ci_params)s
        **plot_kwargs : dict
            Any option of :meth:`plot` (``drawstyle``, ``plot_break_even``,
            ``break_even_kw``, ``plot_chance_level``, ``chance_level_kw``, ``despine``,
            ``curve_kwargs``, ``legend_title``, Line2D properties).

        Returns
        -------
        display : PrecisionRecallDisplay
            The plotted display. One-vs-rest: its lists hold the n_classes class
            curves in column order, then the micro and the macro average.

        Raises
        ------
        ValueError
            If the labels are not binary (1-D ``y_score``), ``pos_label`` is needed
            or absent, lengths differ, scores are not finite, or
            ``drop_intermediate=True`` is combined with ``drawstyle='sawtooth'``; if
            ``y_true`` has no positive sample (of non-zero weight), so that recall =
            TP/m⁺ is undefined; one-vs-rest, if the columns of ``y_score`` are not
            one per class of ``labels``, ``y_true`` holds a label outside
            ``labels``, a class of ``labels`` has no sample (of positive weight) —
            its recall would be 0/0 — or ``pos_label`` is given; or as :meth:`plot`.

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

        With ``plot_ci=True``: the legend's AP interval is
        :func:`evalplots.metrics.bootstrap_ci` of
        :func:`~evalplots.metrics.average_precision_score` (stratified, BCa) and
        the band :func:`evalplots.metrics.precision_recall_ci_band` (stratified
        bootstrap, precision percentiles at fixed recall).

        One-vs-rest (a 2-D ``y_score``): each class's curve is the binary curve of
        (y_true == class, its column); the micro average that of all n·k
        (sample, class) pairs, one-hot labels against the raveled scores; the macro
        average the mean of the class step curves (class Notes). Each class and the
        micro average are counted once (one sort each) and the curve, AP and BEP
        are read off those counts. The legend values are
        ``average_precision_score(y_true, y_score, average=a)`` with a = None
        (classes), 'micro' and 'macro' (for the default ``labels``; with
        ``labels`` the same scores in that column order).

        Examples
        --------
        >>> from evalplots.display import PrecisionRecallDisplay
        >>> display = PrecisionRecallDisplay.from_predictions(
        ...     [1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76], name="toy",
        ...     plot_chance_level=True)
        >>> display.line_.get_label(), display.chance_level_.get_label()
        ('toy (AP = 0.87, BEP = 0.67)', 'Chance level (prevalence = 0.50)')

        One-vs-rest, from a 2-D score matrix:

        >>> y_true = ["cat", "dog", "bird", "dog", "cat", "bird"]
        >>> proba = [[.1, .7, .2], [.2, .2, .6], [.7, .2, .1],
        ...          [.3, .3, .4], [.2, .5, .3], [.5, .1, .4]]
        >>> display = PrecisionRecallDisplay.from_predictions(y_true, proba)
        >>> [line.get_label() for line in display.line_]  # doctest: +NORMALIZE_WHITESPACE
        ['bird (AP = 1.00, BEP = 1.00)', 'cat (AP = 1.00, BEP = 1.00)',
         'dog (AP = 0.83, BEP = 0.80)', 'micro-average (AP = 0.98, BEP = 0.92)',
         'macro-average (AP = 0.94)']
        """
        if drop_intermediate and plot_kwargs.get("drawstyle") == "sawtooth":
            raise ValueError(
                "drop_intermediate=True removes operating points that the sawtooth "
                "drawing needs; pass drop_intermediate=False with drawstyle='sawtooth'."
            )
        if as_score_array(y_score).ndim == 2:
            if plot_ci:
                raise ValueError(
                    "plot_ci=True draws the band of one binary curve; with a 2-D "
                    "y_score (one-vs-rest) leave plot_ci=False."
                )

            def build(counts, names):
                pr = ovr_precision_recall_curves(
                    counts, drop_intermediate=drop_intermediate
                )
                return cls(
                    pr.precision, pr.recall,
                    average_precision=list(pr.average_precision),
                    break_even=pr.break_even, prevalence_pos_label=list(pr.prevalence),
                    name=names, average=pr.average,
                )

            return plot_one_vs_rest(
                build, y_true, y_score, labels=labels, pos_label=pos_label,
                sample_weight=sample_weight, name=name, ax=ax, plot_kwargs=plot_kwargs,
            )
        check_binary_labels_arg(labels)
        shown_pos_label, positive, weights = cls._check_classes(
            y_true,
            pos_label,
            sample_weight,
            curve="precision-recall curve",
            need_negatives=False,
        )
        # the operating point at a threshold must be a stored point: keep them all
        keep_all = plot_kwargs.get("threshold") is not None
        precision, recall, thresholds = precision_recall_curve(
            y_true,
            y_score,
            pos_label=pos_label,
            sample_weight=sample_weight,
            drop_intermediate=drop_intermediate and not keep_all,
        )
        optimal = None
        if plot_kwargs.get("plot_optimal"):
            optimal = optimal_threshold(y_true, y_score, criterion="f1",
                                        pos_label=pos_label, sample_weight=sample_weight)
        ap_ci = ci_band = None
        if plot_ci:
            from evalplots.metrics import (
                average_precision_score,
                bootstrap_ci,
                precision_recall_ci_band,
            )

            common = {"pos_label": pos_label, "sample_weight": sample_weight,
                      "confidence_level": confidence_level,
                      "n_resamples": n_resamples, "random_state": random_state}
            ap_ci = bootstrap_ci(average_precision_score, y_true, y_score, **common)
            ci_band = precision_recall_ci_band(y_true, y_score, **common)
        # AP and BEP are read off the computed curve: one pass over the data
        display = cls(
            precision,
            recall,
            average_precision=average_precision_from_curve(precision, recall),
            break_even=break_even_point_from_curve(precision, recall),
            prevalence_pos_label=float(np.average(positive, weights=weights)),
            name=name,
            pos_label=shown_pos_label,
            thresholds=thresholds,
            average_precision_ci=ap_ci,
            ci_band=ci_band,
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
        drop_intermediate=False,
        response_method="auto",
        pos_label=None,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Compute the P-R curve of a fitted binary classifier on ``X, y``, then plot.

        Parameters
        ----------
        %(data_params)s
        drop_intermediate : bool, default=False
            As in :meth:`from_predictions`.
        %(option_params)s

        Returns
        -------
        display : PrecisionRecallDisplay
            The plotted display.

        Raises
        ------
        %(raises)s

        Notes
        -----
        %(notes)s (Zhou Zhihua, *Machine Learning* §2.3.2).

        Examples
        --------
        >>> import numpy as np
        >>> from evalplots.display import PrecisionRecallDisplay
        >>> class Threshold:  # any object with classes_ and predict_proba
        ...     classes_ = np.array([0, 1])
        ...     def predict_proba(self, X):
        ...         p = np.asarray(X, dtype=float)[:, 0]
        ...         return np.column_stack([1 - p, p])
        >>> X = [[0.45], [0.53], [0.24], [0.88], [0.57], [0.76]]
        >>> display = PrecisionRecallDisplay.from_estimator(
        ...     Threshold(), X, [1, 0, 0, 1, 0, 1])
        >>> display.line_.get_label()
        'Threshold (AP = 0.87, BEP = 0.67)'
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
        drop_intermediate=False,
        response_method="auto",
        pos_label=None,
        ax=None,
        name=None,
        curve_kwargs=None,
        plot_chance_level=False,
        chance_level_kw=None,
        despine=False,
        drawstyle="steps-post",
        **kwargs,
    ):
        """P-R curves of the cross-validation folds, their mean and ±1 std band.

        Parameters
        ----------
        %(cv_params)s
        plot_chance_level : bool, default=False
            Whether to draw the chance line at the prevalence of all test samples
            (the folds together).
        chance_level_kw : dict, default=None
            Line2D properties of the chance line.
        despine : bool, default=False
            Whether to hide the top and right spines.
        drawstyle : {'steps-post', 'sawtooth'}, default='steps-post'
            Drawing of the fold curves; the mean curve is a step function, always
            drawn 'steps-post'.
        **kwargs : dict
            Other options of :meth:`plot` (``mean_kw``, ``band_kw``,
            ``legend_title``, ``plot_iso_f1``, Line2D properties of the mean curve).

        Returns
        -------
        display : PrecisionRecallDisplay
            The display holding one curve per fold (lists), plotted with
            ``plot_mean_std=True``: ``line_`` the fold curves, ``mean_line_`` the
            mean curve and ``std_band_`` the band.

        Raises
        ------
        ValueError
            If ``cv_results`` lacks the keys, ``y`` does not match the folds,
            ``name`` is a list but ``curve_kwargs`` is not, a fold's test samples
            hold no positive, or as :meth:`from_estimator` for a fold.

        Notes
        -----
        Each fold's curve is :func:`evalplots.metrics.precision_recall_curve` of
        its test samples scored by its estimator, with its AP. The mean curve is
        the mean of the fold step functions p_f(r) = P_n on (R_{n−1}, R_n] — the
        functions AP integrates — on the union of the folds' recall values, so
        its step-wise area is the mean fold AP (as the macro average of
        :meth:`from_predictions`); the band is the mean ± one (population)
        standard deviation of the fold precisions at each recall, clipped to
        [0, 1] for drawing. The legend shows the mean ± std of the fold APs. The
        signature follows scikit-learn 1.9's
        ``PrecisionRecallDisplay.from_cv_results`` (``chance_level_kw`` spelled
        as in :meth:`plot`, where scikit-learn writes ``chance_level_kwargs``;
        ``drawstyle`` added).

        Examples
        --------
        >>> import numpy as np
        >>> from evalplots.display import PrecisionRecallDisplay
        >>> class Column:  # decision_function = first feature
        ...     classes_ = np.array([0, 1])
        ...     def decision_function(self, X): return np.asarray(X)[:, 0]
        >>> X = np.array([[0.45], [0.53], [0.24], [0.88], [0.57], [0.76]])
        >>> y = np.array([1, 0, 0, 1, 0, 1])
        >>> cv = {"estimator": [Column(), Column()],
        ...       "indices": {"test": [np.array([0, 1, 2]), np.array([3, 4, 5])]}}
        >>> display = PrecisionRecallDisplay.from_cv_results(cv, X, y, name="m")
        >>> display.average_precision, display.mean_line_.get_label()
        ([0.5, 1.0], 'm (AP = 0.75 ± 0.25)')
        """
        precision, recall, scores, positives, weights = [], [], [], [], []
        for y_test, y_score, fold_pos_label, w in fold_scores(
            cv_results, X, y, sample_weight=sample_weight,
            response_method=response_method, pos_label=pos_label,
        ):
            _, positive, w = cls._check_classes(
                y_test, fold_pos_label, w, curve="precision-recall curve of a fold",
                need_negatives=False,
            )
            p, r, _ = precision_recall_curve(
                y_test, y_score, pos_label=fold_pos_label, sample_weight=w,
                drop_intermediate=drop_intermediate,
            )
            precision.append(p)
            recall.append(r)
            scores.append(average_precision_from_curve(p, r))
            positives.append(positive)
            weights.append(np.ones(positive.size) if w is None else w)
        prevalence = float(np.average(np.concatenate(positives),
                                      weights=np.concatenate(weights)))
        display = cls(
            precision, recall, average_precision=scores,
            prevalence_pos_label=[prevalence] * len(scores),
            name=name if isinstance(name, list) else None, pos_label=fold_pos_label,
            fold_band=precision_recall_fold_band(precision, recall, scores),
        )
        return display.plot(
            ax=ax, name=name, curve_kwargs=curve_kwargs, drawstyle=drawstyle,
            plot_chance_level=plot_chance_level, chance_level_kw=chance_level_kw,
            despine=despine, plot_mean_std=True, **kwargs,
        )
