"""Metric-versus-threshold Display: precision, recall, F1 and more against the threshold."""

import warnings

import numpy as np

from evalplots._docstrings import BINARY_SCORE_PARAMS, THINNED_CURVE_NOTE, fill_doc
from evalplots.display._frame import FrameMixin, threshold_frame_parts
from evalplots.display._base import (
    LITERAL_TEXT,
    CurveDisplayMixin,
    figure_text,
    get_axes,
    literal_legend,
    merge_style_kwargs,
)
from evalplots.display._estimator import BinaryEstimatorMixin
from evalplots.display._operating_points import optimum_text
from evalplots.display._thin import plot_curve
from evalplots.exceptions import EmptyFigureWarning
from evalplots.metrics._format import format_score, format_threshold
from evalplots.metrics._validation import check_threshold

__all__ = ["MetricThresholdCurveDisplay"]

#: metric name -> (legend name, default colour)
METRICS = {
    "precision": ("Precision", "C0"),
    "recall": ("Recall", "C1"),
    "f1": ("F1", "C2"),
    "fbeta": ("F-beta", "C3"),
    "specificity": ("Specificity", "C4"),
    "fpr": ("False positive rate", "C5"),
    "queue_rate": ("Queue rate", "C7"),
    "accuracy": ("Accuracy", "C8"),
}

#: criterion -> (what is optimised, short name of its value)
CRITERIA = {
    "youden": ("max", "J"),
    "f1": ("max", "F1"),
    "fbeta": ("max", "F-beta"),
    "cost": ("min", "cost"),
}


def _metric_names(beta):
    """Legend names, with F-beta written as e.g. 'F2' for beta = 2."""
    names = {k: legend for k, (legend, _) in METRICS.items()}
    names["fbeta"] = f"F{beta:g}"
    return names


def _check_metrics(metrics, argname="metrics"):
    if isinstance(metrics, str):
        metrics = (metrics,)
    metrics = tuple(metrics)
    unknown = [m for m in metrics if m not in METRICS]
    if unknown or not metrics:
        shown = ", ".join(repr(m) for m in METRICS)
        raise ValueError(
            f"{argname} must be a non-empty sequence of {shown}; got {unknown or metrics!r}."
        )
    return metrics


def _check_criteria(plot_optimal):
    if plot_optimal is None or plot_optimal is False:
        return ()
    if plot_optimal is True:  # the criterion the default metrics show
        return ("f1",)
    if isinstance(plot_optimal, str):
        criteria = (plot_optimal,)
    elif isinstance(plot_optimal, (list, tuple)):
        criteria = tuple(plot_optimal)
    else:
        criteria = (plot_optimal,)
    unknown = [c for c in criteria if c not in CRITERIA]
    if unknown:
        shown = ", ".join(repr(c) for c in CRITERIA)
        raise ValueError(
            f"plot_optimal must be None, True, one of {shown} or a sequence of them; got "
            f"{unknown!r}."
        )
    return criteria


def threshold_line(ax, threshold, label, threshold_kw):
    """Draw the chosen threshold as a black dashed vertical line (style: ``threshold_kw``)."""
    kw = merge_style_kwargs(
        {"color": "k", "linestyle": "--", "linewidth": 1.0, "label": label},
        threshold_kw, argname="threshold_kw",
    )  # fmt: skip
    return ax.axvline(threshold, **kw)


@fill_doc(thinning=THINNED_CURVE_NOTE)
class MetricThresholdCurveDisplay(FrameMixin, BinaryEstimatorMixin):
    """Threshold metrics visualization: precision, recall, F1 ... against the threshold.

    Prefer :meth:`from_predictions` or :meth:`from_estimator`, which compute every
    metric at every distinct score with :func:`evalplots.metrics.metrics_at_thresholds`
    (and, on request, the optimal thresholds and a bootstrap band). All parameters
    are stored as attributes.

    Parameters
    ----------
    thresholds : array-like of shape (n_thresholds,)
        The distinct scores, decreasing; a sample is positive at threshold t when
        its score is >= t.
    values : dict of str to array-like of shape (n_thresholds,)
        Metric name (``'precision'``, ``'recall'``, ``'f1'``, ``'fbeta'``,
        ``'specificity'``, ``'fpr'``, ``'queue_rate'``, ``'accuracy'``) -> its
        value (a rate in [0, 1]) at each threshold.
    optimal : dict of str to OptimalThreshold, default=None
        Criterion (``'youden'``, ``'f1'``, ``'fbeta'``, ``'cost'``) -> the result of
        :func:`evalplots.metrics.optimal_threshold`; drawn as vertical lines.
    ci : dict of str to tuple of two array-like of shape (n_grid,), default=None
        Metric name -> ``(low, high)``: a pointwise band on ``ci_thresholds``.
    ci_thresholds : array-like of shape (n_grid,), default=None
        The thresholds of the band (needed with ``ci``).
    confidence_level : float, default=None
        The band's coverage, shown in the legend title (e.g. 0.95).
    beta : float, default=1.0
        The β of ``'fbeta'`` (its legend name is e.g. ``F2``).
    name : str, default=None
        Model name, shown as the legend title.
    pos_label : int, float, bool or str, default=None
        The positive class, shown in the x-axis title.

    Attributes
    ----------
    line_ : dict of str to matplotlib.lines.Line2D
        One step line per drawn metric.
    threshold_line_ : matplotlib.lines.Line2D or None
        The vertical line at the chosen ``threshold``, or None.
    optimal_line_ : dict of str to Line2D or None
        One vertical line per optimal threshold, or None when none is drawn.
    ci_band_ : dict of str to matplotlib.collections.PolyCollection or None
        One band per drawn metric that has one, or None.
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If ``values`` is empty or names an unknown metric, an array has another
        length than ``thresholds`` or a value outside [0, 1] (or NaN), or ``ci``
        is given without matching ``ci_thresholds``.

    See Also
    --------
    evalplots.metrics.metrics_at_thresholds : The table drawn here.
    evalplots.metrics.optimal_threshold : The vertical lines.

    Notes
    -----
    Every metric is a step function of the threshold: for t in
    (s_{k+1}, s_k] (consecutive distinct scores) the predicted positives are those
    scored ≥ s_k, so the value is that of row k; the lines are drawn with
    ``drawstyle='steps-pre'`` on increasing thresholds, exactly this function.
    Precision is TP/(TP+FP), recall TP/P, F-beta (1+β²)TP/((1+β²)TP+β²FN+FP)
    (Zhou Zhihua, *Machine Learning* §2.3.2), queue rate (TP+FP)/n. The figure is
    the one of yellowbrick's ``DiscriminationThreshold`` and of scikit-learn
    issue #21391, drawn here from one sort without refitting.

    %(thinning)s

    Examples
    --------
    >>> from evalplots.display import MetricThresholdCurveDisplay
    >>> display = MetricThresholdCurveDisplay(
    ...     thresholds=[0.8, 0.4, 0.35, 0.1],
    ...     values={"precision": [1, 0.5, 2 / 3, 0.5], "recall": [0.5, 0.5, 1, 1]},
    ... ).plot(threshold=0.35)
    >>> display.threshold_line_.get_label()
    'threshold t = 0.35'
    >>> [line.get_label() for line in display.line_.values()]
    ['Precision (0.67 at t = 0.35)', 'Recall (1.00 at t = 0.35)']
    """

    _frame_parts = threshold_frame_parts

    def __init__(
        self,
        thresholds,
        values,
        *,
        optimal=None,
        ci=None,
        ci_thresholds=None,
        confidence_level=None,
        beta=1.0,
        name=None,
        pos_label=None,
    ):
        self.thresholds = np.asarray(thresholds, dtype=float)
        if self.thresholds.ndim != 1 or self.thresholds.size == 0:
            raise ValueError(
                f"thresholds must be a non-empty 1-D array, got shape "
                f"{self.thresholds.shape}."
            )
        _check_metrics(list(values), "values")
        self.values = {k: self._check_rates(v, k) for k, v in values.items()}
        self.optimal = dict(optimal) if optimal else {}
        self.ci_thresholds = None if ci_thresholds is None else np.asarray(
            ci_thresholds, dtype=float)  # fmt: skip
        if ci and self.ci_thresholds is None:
            raise ValueError("ci needs ci_thresholds, the thresholds of the band.")
        self.ci = {}
        for key, (low, high) in (ci or {}).items():
            low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
            if low.shape != self.ci_thresholds.shape or high.shape != low.shape:
                raise ValueError(
                    f"ci[{key!r}] must be two arrays of the shape of ci_thresholds "
                    f"{self.ci_thresholds.shape}, got {low.shape} and {high.shape}."
                )
            self.ci[key] = (low, high)
        self.confidence_level = confidence_level
        self.beta = beta
        self.name = name
        self.pos_label = pos_label

    def _check_rates(self, value, key):
        a = np.asarray(value, dtype=float)
        if a.shape != self.thresholds.shape:
            raise ValueError(
                f"values[{key!r}] has shape {a.shape}, but thresholds has "
                f"{self.thresholds.shape}; pass one value per threshold."
            )
        if not (np.isfinite(a).all() and a.min() >= 0 and a.max() <= 1):
            raise ValueError(
                f"values[{key!r}] must be rates in [0, 1] without NaN; pass the "
                f"arrays of metrics_at_thresholds."
            )
        return a

    def values_at(self, threshold):
        """The stored metrics at any threshold, as the step function drawn.

        Parameters
        ----------
        threshold : float
            Predict positive when the score is >= ``threshold``.

        Returns
        -------
        values : dict of str to float
            Metric name -> value at the row of the lowest stored threshold that is
            >= ``threshold``; an empty dict when ``threshold`` is above every score
            (nothing is predicted positive, precision is 0/0).

        Raises
        ------
        ValueError
            If ``threshold`` is not a finite number.

        Notes
        -----
        With distinct scores s_0 > s_1 > ..., a threshold t in (s_{k+1}, s_k]
        predicts the same samples positive as s_k.

        Examples
        --------
        >>> from evalplots.display import MetricThresholdCurveDisplay
        >>> display = MetricThresholdCurveDisplay([0.8, 0.4], {"recall": [0.5, 1.0]})
        >>> display.values_at(0.5), display.values_at(0.4), display.values_at(0.9)
        ({'recall': 0.5}, {'recall': 1.0}, {})
        """
        threshold = check_threshold(threshold)
        # thresholds decrease: rows with thresholds[k] >= t are a prefix
        k = int(np.searchsorted(-self.thresholds, -threshold, side="right")) - 1
        if k < 0:
            return {}
        return {key: float(v[k]) for key, v in self.values.items()}

    def plot(
        self,
        ax=None,
        *,
        metrics=None,
        threshold=None,
        name=None,
        curve_kwargs=None,
        threshold_kw=None,
        optimal_kw=None,
        ci_kw=None,
        legend_loc="below",
    ):
        """Draw the metrics against the threshold, with threshold lines and bands.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        metrics : sequence of str, default=None
            Which stored metrics to draw, in this order; None draws all of them.
        threshold : float, default=None
            A chosen threshold, drawn as a black dashed vertical line; each
            metric's legend entry then gives its value there, e.g.
            ``Precision (0.94 at t = 0.50)``. None draws none.
        name : str, default=None
            Legend title; None uses the ``name`` given at construction.
        curve_kwargs : dict, default=None
            Metric name -> dict of Line2D properties of that metric's line (over
            the defaults: a fixed colour per metric, 1.5 pt wide).
        threshold_kw, optimal_kw : dict, default=None
            Line2D properties of the chosen threshold's line (black, dashed) and
            of the optimal thresholds' lines (grey, dotted).
        ci_kw : dict, default=None
            PolyCollection properties of the bands (the metric's colour, alpha 0.2).
        legend_loc : str, default='below'
            'below': the legend goes under the axes, in two columns, so that it
            hides no curve (a figure without a layout engine gets the
            constrained layout, which keeps the legend inside the figure); any
            other value is the ``loc`` of a legend inside.

        Returns
        -------
        display : MetricThresholdCurveDisplay
            ``self``, with ``line_``, ``threshold_line_``, ``optimal_line_``,
            ``ci_band_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``metrics`` names a metric that is not stored, ``threshold`` is not
            a finite number, ``curve_kwargs`` is not a dict of dicts, a style dict
            sets one property under two alias names, or ``ax`` is not rectilinear.

        Warns
        -----
        EmptyFigureWarning
            When there is a single threshold (all scores equal): the metrics are
            then drawn as points, which a step line could not show.

        Notes
        -----
        Each metric is drawn as the exact step function of the threshold
        (``drawstyle='steps-pre'`` on increasing thresholds, see the class Notes).
        A vertical line at an optimal threshold is labelled with the criterion's
        value there, e.g. ``max F1 = 0.71 at t = 0.25`` (Youden's J = TPR − FPR,
        or ``min cost``). When the cheapest choice is to predict no sample
        positive (threshold ``inf``), there is no line to draw: the legend says
        ``min cost = 2: flag no sample`` beside an empty line. Legend numbers use
        :func:`format_score` decimals.

        Examples
        --------
        >>> from evalplots.display import MetricThresholdCurveDisplay
        >>> display = MetricThresholdCurveDisplay(
        ...     [0.8, 0.4, 0.1], {"recall": [0.5, 1, 1], "precision": [1, 2 / 3, 0.5]}
        ... ).plot(metrics=["recall"])
        >>> list(display.line_), display.line_["recall"].get_drawstyle()
        (['recall'], 'steps-pre')
        """
        metrics = tuple(self.values) if metrics is None else _check_metrics(metrics)
        missing = [m for m in metrics if m not in self.values]
        if missing:
            raise ValueError(
                f"metrics {missing!r} are not stored in this Display (it has "
                f"{list(self.values)}); compute them with from_predictions(metrics=...)."
            )
        if curve_kwargs is not None and not (
            isinstance(curve_kwargs, dict)
            and all(isinstance(v, dict) or v is None for v in curve_kwargs.values())
        ):
            raise ValueError(
                "curve_kwargs must be a dict of metric name -> dict of Line2D "
                "properties, e.g. {'f1': {'linewidth': 3}}."
            )
        single = self.thresholds.size == 1
        if single:
            warnings.warn(
                f"the scores{f' of {self.name!r}' if self.name else ''} take a single "
                f"value ({self.thresholds[0]:g}), so each metric has one value, at "
                f"that threshold; it is drawn as a point, as no step line can show it.",
                EmptyFigureWarning, stacklevel=2)
        at = {} if threshold is None else self.values_at(threshold)
        t_text = None if threshold is None else format_threshold(threshold)
        self.ax_, self.figure_ = get_axes(ax)
        names = _metric_names(self.beta)
        x = self.thresholds[::-1]
        self.line_ = {}
        self.ci_band_ = {} if any(m in self.ci for m in metrics) else None
        for metric in metrics:
            label = names[metric]
            if metric in at:
                label = f"{label} ({format_score(at[metric])} at t = {t_text})"
            kw = merge_style_kwargs(
                {"color": METRICS[metric][1], "linewidth": 1.5, "label": label,
                 "drawstyle": "steps-pre", **({"marker": "o"} if single else {})},
                (curve_kwargs or {}).get(metric), argname=f"curve_kwargs[{metric!r}]",
            )  # fmt: skip
            line = plot_curve(self.ax_, x, self.values[metric][::-1], **kw)
            self.line_[metric] = line
            if metric in self.ci:
                band_kw = merge_style_kwargs(
                    {"color": line.get_color(), "alpha": 0.2, "linewidth": 0},
                    ci_kw, argname="ci_kw",
                )  # fmt: skip
                low, high = self.ci[metric]
                self.ci_band_[metric] = self.ax_.fill_between(
                    self.ci_thresholds, low, high, **band_kw
                )
        self.threshold_line_ = None
        if threshold is not None:
            self.threshold_line_ = threshold_line(
                self.ax_, threshold, f"threshold t = {t_text}", threshold_kw
            )
        self.optimal_line_ = None
        if self.optimal:
            self.optimal_line_ = {}
            styles = ("-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1, 1, 1)))
            for (criterion, best), style in zip(self.optimal.items(), styles * 2):
                kw = merge_style_kwargs(
                    {"color": "0.35", "linestyle": style, "linewidth": 1.2,
                     "label": self._optimal_label(criterion, best, names)},
                    optimal_kw, argname="optimal_kw",
                )  # fmt: skip
                self.optimal_line_[criterion] = (
                    self.ax_.axvline(best.threshold, **kw)
                    if np.isfinite(best.threshold)
                    else self.ax_.plot([], [], **kw)[0]  # legend entry only
                )
        self._finish_axes(name, legend_loc)
        return self

    def _optimal_label(self, criterion, best, names):
        sense, short = CRITERIA[criterion]
        if criterion == "fbeta":
            short = names["fbeta"]
        return optimum_text(best, short, sense)

    def _finish_axes(self, name, legend_loc):
        name = self.name if name is None else name
        suffix = f" (score of class {self.pos_label})" if self.pos_label is not None else ""
        # the class name is shown as written (never parsed as mathtext)
        self.ax_.set_xlabel(figure_text(f"Threshold{suffix}"), **LITERAL_TEXT)
        self.ax_.set(ylabel="Metric value", ylim=(-0.02, 1.02))
        title = name
        if self.ci_band_:
            level = self.confidence_level
            band = f"shaded: {level:.0%} bootstrap CI" if level else "shaded: CI"
            title = f"{name} ({band})" if name is not None else band
        placement = {"loc": legend_loc}
        if legend_loc == "below":
            placement = {"loc": "upper center", "bbox_to_anchor": (0.5, -0.14),
                         "ncols": 2, "borderaxespad": 0.0}  # fmt: skip
            if self.figure_.get_layout_engine() is None:
                # a legend under the axes lies outside them: without a layout
                # engine the figure would cut it off
                self.figure_.set_layout_engine("constrained")
        literal_legend(self.ax_, title=title, fontsize="small", title_fontsize="small",
                       **placement)  # fmt: skip

    @classmethod
    @fill_doc(binary_params=BINARY_SCORE_PARAMS)
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        metrics=("precision", "recall", "f1"),
        beta=1.0,
        pos_label=None,
        sample_weight=None,
        threshold=None,
        plot_optimal=None,
        cost_fp=1.0,
        cost_fn=1.0,
        plot_ci=False,
        n_resamples=1000,
        confidence_level=0.95,
        ci_points=101,
        random_state=None,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Compute the metrics at every threshold from predictions, then plot.

        Parameters
        ----------
        %(binary_params)s
        metrics : sequence of str, default=('precision', 'recall', 'f1')
            Any of 'precision', 'recall', 'f1', 'fbeta', 'specificity', 'fpr',
            'queue_rate', 'accuracy'.
        beta : float, default=1.0
            β of 'fbeta' (and of the 'fbeta' criterion).
        threshold : float, default=None
            A chosen threshold to mark (see :meth:`plot`).
        plot_optimal : str, sequence of str or bool, default=None
            Criteria of :func:`evalplots.metrics.optimal_threshold` ('youden',
            'f1', 'fbeta', 'cost') whose optimal thresholds are marked; True
            means 'f1', False or None none.
        cost_fp, cost_fn : float, default=1.0
            Costs of the 'cost' criterion.
        plot_ci : bool, default=False
            Whether to compute and draw a pointwise bootstrap band of each metric.
        n_resamples : int, default=1000
            Stratified bootstrap resamples of the band.
        confidence_level : float, default=0.95
            Coverage of the band.
        ci_points : int, default=101
            Number of evenly spaced thresholds, from the lowest to the highest
            score, at which the band is evaluated.
        random_state : None, int or numpy.random.Generator, default=None
            Seed of the resampling.
        name : str, default=None
            Model name (the legend title).
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        **plot_kwargs : dict
            Any other option of :meth:`plot` (``curve_kwargs``, ``threshold_kw``,
            ``optimal_kw``, ``ci_kw``, ``legend_loc``).

        Returns
        -------
        display : MetricThresholdCurveDisplay
            The plotted display.

        Raises
        ------
        ValueError
            If ``y_true`` is not binary or holds one class only (counting samples
            of non-zero weight), ``pos_label`` is ambiguous or absent, lengths
            differ, scores are not finite, ``metrics`` or ``plot_optimal`` names an
            unknown option, ``beta`` or the costs are invalid, ``n_resamples`` is
            not a positive integer, ``confidence_level`` is not in (0, 1) or
            ``ci_points`` is below 2; or as :meth:`plot`.

        Notes
        -----
        One sort of the scores gives the confusion matrix at every distinct score
        (:func:`evalplots.metrics.metrics_at_thresholds`); each metric is a ratio
        of those counts. The optimal thresholds are
        :func:`evalplots.metrics.optimal_threshold`'s (ties: the highest
        threshold). The band is a stratified bootstrap (positives and negatives
        resampled separately, with replacement): at each of ``ci_points``
        thresholds, the (1 − level)/2 and (1 + level)/2 percentiles of the metric
        over the resamples (Efron & Tibshirani 1993, §13.3); resamples where the
        metric is 0/0 (precision above every resampled score) are left out at that
        threshold.

        Examples
        --------
        >>> from evalplots.display import MetricThresholdCurveDisplay
        >>> y_true = [0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0]
        >>> y_score = [0.2, 0.28, 0.1, 0.6, 0.5, 0.3, 0.6, 0.8,
        ...            0.2, 0.25, 0.4, 0.2, 0.5, 0.3, 0.18, 0.18]
        >>> display = MetricThresholdCurveDisplay.from_predictions(
        ...     y_true, y_score, plot_optimal="f1", threshold=0.5)
        >>> display.optimal_line_["f1"].get_label()
        'max F1 = 0.71 at t = 0.25'
        >>> display.line_["f1"].get_label()
        'F1 (0.50 at t = 0.50)'
        """
        from evalplots.metrics import optimal_threshold
        from evalplots.metrics.inference._threshold_bands import threshold_metric_bands
        from evalplots.metrics.ranking._threshold_metrics import check_beta, metrics_from_counts
        from evalplots.metrics.ranking._thresholds import binary_scores

        metrics = _check_metrics(metrics)
        beta = check_beta(beta)
        criteria = _check_criteria(plot_optimal)
        shown_pos_label, _, _ = CurveDisplayMixin._check_classes(
            y_true, pos_label, sample_weight, curve="metric-threshold curve",
            need_negatives=True,
        )  # fmt: skip
        data = binary_scores(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
        fps, tps, thresholds = data.counts()
        thresholds = thresholds.astype(np.float64, copy=False)
        table = metrics_from_counts(fps, tps, thresholds, beta=beta)
        f1 = table.fbeta if beta == 1 else metrics_from_counts(fps, tps, thresholds).fbeta
        values = {m: f1 if m == "f1" else getattr(table, m) for m in metrics}
        optimal = {
            c: optimal_threshold(
                y_true, y_score, criterion=c, beta=beta if c == "fbeta" else 1.0,
                cost_fp=cost_fp, cost_fn=cost_fn, pos_label=pos_label,
                sample_weight=sample_weight,
            )
            for c in criteria
        }  # fmt: skip
        ci = grid = None
        if plot_ci:
            if not isinstance(ci_points, (int, np.integer)) or ci_points < 2:
                raise ValueError(f"ci_points must be an integer >= 2, got {ci_points!r}.")
            grid = np.linspace(thresholds[-1], thresholds[0], ci_points)
            ci = threshold_metric_bands(
                data, grid, metrics, beta=beta, n_resamples=n_resamples,
                confidence_level=confidence_level, random_state=random_state,
            )  # fmt: skip
        display = cls(
            thresholds, values, optimal=optimal, ci=ci, ci_thresholds=grid,
            confidence_level=confidence_level if plot_ci else None, beta=beta,
            name=name, pos_label=shown_pos_label,
        )  # fmt: skip
        return display.plot(ax=ax, threshold=threshold, **plot_kwargs)
