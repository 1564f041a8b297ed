"""Score-distribution Display: the scores of each true class, as histograms or KDEs."""

import numbers

import numpy as np

from evalplots.display._frame import FrameMixin, distribution_frame_parts
from evalplots.display._base import (
    check_option,
    get_axes,
    legend_text,
    literal_legend,
    merge_style_kwargs,
)
from evalplots.display._estimator import BinaryEstimatorMixin
from evalplots.display.threshold import threshold_line
from evalplots.metrics._format import format_threshold
from evalplots.metrics._validation import check_threshold

__all__ = ["ScoreDistributionDisplay"]

KINDS = ("hist", "kde")
STATS = ("density", "count")
HISTTYPES = ("step", "stepfilled")


def _check_positive_int(value, argname, minimum):
    if not isinstance(value, numbers.Integral) or isinstance(value, bool) or value < minimum:
        raise ValueError(f"{argname} must be an integer >= {minimum}, got {value!r}.")
    return int(value)


class ScoreDistributionDisplay(FrameMixin, BinaryEstimatorMixin):
    """Score distribution visualization: one histogram or density per true class.

    Prefer :meth:`from_predictions` or :meth:`from_estimator`, which bin (or smooth)
    the scores of each class of ``y_true``. All parameters are stored as attributes.
    A Display shows one model; for several models draw one Display per axes (e.g.
    a row of subplots with a shared x-axis), so that the class colours keep their
    meaning.

    Parameters
    ----------
    x : array-like
        ``kind='hist'``: the shared bin edges, shape (n_bins + 1,), increasing.
        ``kind='kde'``: the increasing scores at which the densities are given,
        shape (n_points,).
    values : array-like of shape (n_classes, n_bins) or (n_classes, n_points)
        Per class: the bin heights ('hist') or the density at ``x`` ('kde');
        finite and >= 0.
    display_labels : array-like of shape (n_classes,)
        The class names of the rows of ``values``, shown literally in the legend.
    kind : {'hist', 'kde'}, default='hist'
        What ``x`` and ``values`` hold.
    stat : {'density', 'count'}, default='density'
        'density': each class's area is 1 (the shapes compare whatever the class
        sizes); 'count': bin heights are numbers (or weights) of samples.
    name : str, default=None
        Model name, shown as the legend title.

    Attributes
    ----------
    artist_ : list of matplotlib.patches.StepPatch or of matplotlib.lines.Line2D
        One per class, in the order of ``display_labels``: the histogram outline
        ('hist') or the density curve ('kde').
    fill_ : list of matplotlib.collections.PolyCollection or None
        'kde' with ``alpha > 0``: the shaded area under each density; else None.
    threshold_line_ : matplotlib.lines.Line2D or None
        The vertical line at ``threshold``, or None.
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If ``kind`` or ``stat`` is not an option, ``x`` is not increasing, the
        shape of ``values`` does not match ``x`` and ``display_labels``, or a
        value is negative or not finite.

    See Also
    --------
    MetricThresholdCurveDisplay : The metrics that a threshold on these scores gives.

    Notes
    -----
    A threshold t predicts positive every sample scored ≥ t: the mass of the
    positive class right of the line is the recall (TPR), that of the negative
    class the false positive rate. Well-separated distributions mean a high AUC;
    the KDE is Gaussian (Scott's rule by default; Silverman, *Density Estimation
    for Statistics and Data Analysis*, 1986).

    Examples
    --------
    >>> from evalplots.display import ScoreDistributionDisplay
    >>> display = ScoreDistributionDisplay(
    ...     x=[0.0, 0.5, 1.0], values=[[1.6, 0.4], [0.2, 1.8]],
    ...     display_labels=["ham", "spam"]).plot(threshold=0.5)
    >>> [a.get_label() for a in display.artist_], display.threshold_line_.get_label()
    (['ham', 'spam'], 'threshold = 0.50')
    """

    _frame_parts = distribution_frame_parts

    _from_predictions_takes_pos_label = False

    def __init__(self, x, values, *, display_labels, kind="hist", stat="density",
                 name=None):  # fmt: skip
        self.kind = check_option(kind, KINDS, "kind")
        self.stat = check_option(stat, STATS, "stat")
        self.x = np.asarray(x, dtype=float)
        self.values = np.asarray(values, dtype=float)
        self.display_labels = list(display_labels)
        width = self.x.size - 1 if kind == "hist" else self.x.size
        if self.x.ndim != 1 or width < 1 or not (np.diff(self.x) > 0).all():
            raise ValueError(
                "x must be increasing bin edges (at least 2) for kind='hist', or "
                "increasing evaluation points for kind='kde'."
            )
        if self.values.shape != (len(self.display_labels), width):
            raise ValueError(
                f"values must have shape (n_classes, {width}) = "
                f"({len(self.display_labels)}, {width}), got {self.values.shape}."
            )
        if not np.isfinite(self.values).all() or (self.values < 0).any():
            raise ValueError("values must be finite and >= 0 (heights or densities).")
        self.name = name

    def plot(
        self,
        ax=None,
        *,
        threshold=None,
        histtype="step",
        alpha=None,
        name=None,
        curve_kwargs=None,
        threshold_kw=None,
        legend_loc="best",
    ):
        """Draw one histogram or density per class, and the threshold line.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        threshold : float, default=None
            Score threshold drawn as a black dashed vertical line; None draws none.
        histtype : {'step', 'stepfilled'}, default='step'
            'hist' only: outlines, or filled bars (with ``alpha``).
        alpha : float, default=None
            Opacity of the filling: of 'stepfilled' bars (None: 0.4) and of the
            area under each KDE (None: 0.15; 0 draws no area).
        name : str, default=None
            Legend title; None uses the ``name`` given at construction.
        curve_kwargs : list of dict, default=None
            One dict (or None) of artist properties per class, over the defaults
            (tab10 colours in class order, 1.5 pt lines).
        threshold_kw : dict, default=None
            Line2D properties of the threshold line.
        legend_loc : str, default='best'
            ``loc`` of the legend.

        Returns
        -------
        display : ScoreDistributionDisplay
            ``self``, with ``artist_``, ``fill_``, ``threshold_line_``, ``ax_`` and
            ``figure_`` set.

        Raises
        ------
        ValueError
            If ``histtype`` is not an option, ``alpha`` is not in [0, 1],
            ``curve_kwargs`` is not a list of one entry per class, ``threshold`` is
            not a finite number, a style dict sets one property under two alias
            names, or ``ax`` is not rectilinear.

        Notes
        -----
        Histograms are drawn with :meth:`matplotlib.axes.Axes.stairs` on the
        stored edges, so every class shares the bins and the heights are exactly
        the stored ones. The y-axis reads "Density" or "Count" and starts at 0;
        it reaches 1.3 times the tallest bar or density, so the legend has room
        above the distributions.

        Examples
        --------
        >>> from evalplots.display import ScoreDistributionDisplay
        >>> display = ScoreDistributionDisplay(
        ...     [0.0, 0.5, 1.0], [[3, 1], [0, 2]], display_labels=[0, 1], stat="count"
        ... ).plot(histtype="stepfilled")
        >>> display.artist_[1].get_data().values.tolist(), display.ax_.get_ylabel()
        ([0.0, 2.0], 'Count')
        """
        check_option(histtype, HISTTYPES, "histtype")
        n_classes = len(self.display_labels)
        if curve_kwargs is not None and (
            not isinstance(curve_kwargs, list) or len(curve_kwargs) != n_classes
        ):
            raise ValueError(
                f"curve_kwargs must be a list of {n_classes} dicts (one per class) or "
                f"None."
            )
        if alpha is not None and not (isinstance(alpha, numbers.Real) and 0 <= alpha <= 1):
            raise ValueError(f"alpha must be a number in [0, 1] or None, got {alpha!r}.")
        self.ax_, self.figure_ = get_axes(ax)
        filled = self.kind == "hist" and histtype == "stepfilled"
        self.artist_, self.fill_ = [], None
        for i, label in enumerate(self.display_labels):
            color = f"C{i % 10}"
            defaults = {"color": color, "linewidth": 1.5, "label": legend_text(str(label))}
            if filled:
                defaults.update(fill=True, alpha=0.4 if alpha is None else alpha)
            kw = merge_style_kwargs(
                defaults, curve_kwargs[i] if curve_kwargs else None,
                argname=f"curve_kwargs[{i}]",
            )  # fmt: skip
            if self.kind == "hist":
                self.artist_.append(self.ax_.stairs(self.values[i], self.x, **kw))
                continue
            (line,) = self.ax_.plot(self.x, self.values[i], **kw)
            self.artist_.append(line)
            shade = 0.15 if alpha is None else alpha
            if shade > 0:
                self.fill_ = self.fill_ or []
                self.fill_.append(self.ax_.fill_between(
                    self.x, self.values[i], color=line.get_color(), alpha=shade,
                    linewidth=0,
                ))  # fmt: skip
        self.threshold_line_ = None
        if threshold is not None:
            threshold = check_threshold(threshold)
            self.threshold_line_ = threshold_line(
                self.ax_, threshold, f"threshold = {format_threshold(threshold)}",
                threshold_kw,
            )  # fmt: skip
        self.ax_.set(xlabel="Score", ylabel="Density" if self.stat == "density" else "Count")
        # headroom above the tallest class, where the legend goes
        self.ax_.set_ylim(0, 1.3 * max(self.values.max(), self.ax_.get_ylim()[1] / 1.3))
        literal_legend(self.ax_, loc=legend_loc, title=self.name if name is None else name,
                       fontsize="small", title_fontsize="small")  # fmt: skip
        return self

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        kind="hist",
        bins=30,
        stat="density",
        bandwidth=None,
        kde_points=512,
        sample_weight=None,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Bin (or smooth) the scores of each class of ``y_true``, then plot.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels; one distribution per distinct value, in sorted order.
        y_score : array-like of shape (n_samples,)
            Scores (probabilities, confidence values or any finite real number).
        kind : {'hist', 'kde'}, default='hist'
            Histograms on shared bins, or Gaussian kernel density estimates.
        bins : int or array-like, default=30
            'hist': a number of equal-width bins spanning all scores, or the
            increasing bin edges (``numpy.histogram``'s ``bins``).
        stat : {'density', 'count'}, default='density'
            'hist': per-class densities (area 1) or counts (sums of weights when
            weighted). 'kde' is always a density.
        bandwidth : str, float or callable, default=None
            'kde': ``bw_method`` of :class:`scipy.stats.gaussian_kde` (None: Scott's
            rule).
        kde_points : int, default=512
            'kde': number of evenly spaced scores, from the lowest to the highest,
            at which the densities are evaluated.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights (histogram weights; KDE weights).
        name : str, default=None
            Model name (the legend title).
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        **plot_kwargs : dict
            Any option of :meth:`plot` (``threshold``, ``histtype``, ``alpha``,
            ``curve_kwargs``, ``threshold_kw``, ``legend_loc``).

        Returns
        -------
        display : ScoreDistributionDisplay
            The plotted display; ``display_labels`` are the classes of ``y_true``.

        Raises
        ------
        ValueError
            If the arrays are not 1-D, empty or of different lengths, the scores
            are not finite numbers, the labels are invalid, ``sample_weight`` is
            invalid, ``kind``, ``stat`` or ``bins`` is invalid, ``stat='count'``
            is asked with 'kde', or (for 'kde') a class has fewer than two
            distinct scores or zero total weight, so that its density is undefined.

        Notes
        -----
        'hist': :func:`numpy.histogram` of each class on one set of edges
        (``numpy.histogram_bin_edges`` of all scores), so the bars line up;
        'density' divides each class's heights by its total weight times the bin
        width. 'kde': :class:`scipy.stats.gaussian_kde` of each class, evaluated
        between the lowest and the highest score (the tails beyond are not drawn;
        nothing is renormalised).

        Examples
        --------
        >>> from evalplots.display import ScoreDistributionDisplay
        >>> display = ScoreDistributionDisplay.from_predictions(
        ...     ["ham", "spam", "spam", "ham", "ham"], [0.1, 0.9, 0.7, 0.4, 0.3],
        ...     bins=[0, 0.5, 1], stat="count", threshold=0.5)
        >>> display.display_labels, display.values.tolist()
        (['ham', 'spam'], [[3.0, 0.0], [0.0, 2.0]])
        """
        from evalplots.metrics._labels import check_label_arrays, class_values
        from evalplots.metrics._validation import (
            as_1d,
            check_consistent_length,
            check_finite,
            check_sample_weight,
        )

        check_option(kind, KINDS, "kind")
        check_option(stat, STATS, "stat")
        y_true = as_1d(y_true, "y_true")
        y_score = check_finite(as_1d(y_score, "y_score"), "y_score")
        check_consistent_length(y_true=y_true, y_score=y_score)
        check_label_arrays({"y_true": y_true})
        weight = check_sample_weight(sample_weight, y_true.shape[0])
        classes = class_values(y_true)
        masks = [y_true == c for c in classes]
        if kind == "hist":
            try:
                edges = np.histogram_bin_edges(y_score, bins=bins)
            except (TypeError, ValueError) as err:
                raise ValueError(
                    f"bins must be a positive integer or increasing edges, got "
                    f"{bins!r} ({err})."
                ) from None
            values = [
                np.histogram(y_score[m], edges, weights=None if weight is None else weight[m],
                             density=False)[0]  # fmt: skip
                for m in masks
            ]
            values = np.array(values, dtype=float)
            if stat == "density":
                mass = values.sum(axis=1, keepdims=True)
                values = np.divide(values, mass * np.diff(edges), where=mass > 0,
                                   out=np.zeros_like(values))  # fmt: skip
            x = edges
        else:
            if stat != "density":
                raise ValueError("stat='count' needs kind='hist'; a KDE is a density.")
            n_points = _check_positive_int(kde_points, "kde_points", 2)
            x = np.linspace(y_score.min(), y_score.max(), n_points)
            values = np.array([
                _class_kde(y_score[m], None if weight is None else weight[m], bandwidth, c, x)
                for m, c in zip(masks, classes.tolist())
            ])  # fmt: skip
        display = cls(x, values, display_labels=classes.tolist(), kind=kind, stat=stat,
                      name=name)  # fmt: skip
        return display.plot(ax=ax, **plot_kwargs)
def _class_kde(scores, weight, bandwidth, label, x):
    """One class's Gaussian KDE at ``x``; a ValueError naming the class if undefined."""
    from scipy.stats import gaussian_kde

    if np.unique(scores).size < 2 or (weight is not None and weight.sum() <= 0):
        raise ValueError(
            f"class {label!r} has fewer than two distinct scores (or zero weight), so "
            f"its kernel density is undefined; use kind='hist'."
        )
    try:
        return gaussian_kde(scores, bw_method=bandwidth, weights=weight)(x)
    except np.linalg.LinAlgError as err:
        raise ValueError(
            f"the kernel density of class {label!r} is undefined ({err}); use "
            f"kind='hist'."
        ) from None
