"""Calibration (reliability) Display: binned curve, diagonal and counts histogram."""

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.display._frame import FrameMixin
from evalplots.display._base import (
    CHANCE_GID,
    chance_line,
    check_curve,
    check_score,
    get_axes,
    fitted_legend,
    legend_text,
    merge_style_kwargs,
    pos_label_title,
)

__all__ = ["CalibrationDisplay"]

#: gid of the histogram axes a Display adds under ``ax``: a second model drawn on the
#: same ``ax`` finds it and adds its counts there instead of splitting ``ax`` again.
HIST_AXES_GID = "evalplots:calibration_hist"

#: height ratio of the reliability axes to the histogram axes
HEIGHT_RATIOS = (3, 1)

#: decimals of Brier and ECE in the legend: both are losses near 0, where two
#: decimals would write a good model's 0.004 as 0.00
LOSS_DECIMALS = 3


#: Binning parameters of from_predictions and from_estimator.
_BINNING_PARAMS = """n_bins : int, default=10
        Number of bins (>= 1); empty bins are dropped.
    strategy : {'uniform', 'quantile'}, default='uniform'
        Equal-width bins on [0, 1], or edges at the quantiles of the
        probabilities (bins of about equal counts, tied edges kept once); see
        :func:`evalplots.metrics.calibration_curve`.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights (``strategy='uniform'`` only); the
        histogram then shows the weight per bin."""

#: Axes parameters of from_predictions and from_estimator.
_AXES_PARAMS = """ax : matplotlib.axes.Axes, default=None
        Axes of the curve; None creates a figure with the histogram below.
    hist_ax : matplotlib.axes.Axes, default=None
        Axes of the histogram (see :meth:`plot`).
    **plot_kwargs : dict
        Any option of :meth:`plot` (``plot_histogram``, ``ref_line``,
        ``ref_line_kw``, ``hist_kw``, ``legend_title``, Line2D properties)."""


def _format_losses(values):
    """Format losses with one common number of decimals: 3, more if a non-zero value
    would otherwise show as 0.000 (up to 6)."""
    decimals = LOSS_DECIMALS
    while decimals < 6 and any(
        v != 0 and float(f"{v:.{decimals}f}") == 0 for v in values
    ):
        decimals += 1
    return [f"{v:.{decimals}f}" for v in values]


def _legend_label(name, brier_score, ece):
    """``"name (Brier = 0.081, ECE = 0.034)"``; scores that are None are left out."""
    pairs = [(k, v) for k, v in (("Brier", brier_score), ("ECE", ece)) if v is not None]
    texts = _format_losses([v for _, v in pairs])
    shown = ", ".join(f"{k} = {t}" for (k, _), t in zip(pairs, texts))
    if shown:
        return legend_text(f"{name} ({shown})" if name is not None else shown)
    return legend_text(name)


def _check_bins(counts, bin_bounds, n_bins):
    counts = np.asarray(counts)
    if counts.shape != (n_bins,) or counts.dtype.kind not in "iuf":
        raise ValueError(
            f"counts must be a numeric array of shape ({n_bins},) (one entry per "
            f"point of the curve), got shape {counts.shape}; pass the counts returned "
            f"by evalplots.metrics.calibration_curve."
        )
    if not (np.isfinite(counts).all() and (counts > 0).all()):
        raise ValueError(
            "counts must be finite and > 0: calibration_curve drops empty bins, so "
            "every point of the curve has samples."
        )
    if bin_bounds is None:
        return counts, None
    bounds = np.asarray(bin_bounds, dtype=float)
    if (
        bounds.shape != (n_bins, 2)
        or not np.isfinite(bounds).all()
        or bounds.min() < 0
        or bounds.max() > 1
        or (bounds[:, 0] > bounds[:, 1]).any()
    ):
        raise ValueError(
            f"bin_bounds must be an array of shape ({n_bins}, 2) of [lower, upper] "
            f"bin edges in [0, 1], lower <= upper, got {bounds.shape}; "
            f"from_predictions computes it."
        )
    return counts, bounds


def _histogram_axes(ax):
    """The histogram axes under ``ax``: the one a previous Display made, or a new one
    taking the bottom quarter of ``ax``'s grid cell."""
    for other in ax.figure.axes:
        if (
            other is not ax
            and other.get_gid() == HIST_AXES_GID
            and ax.get_shared_x_axes().joined(ax, other)
        ):
            return other
    spec = ax.get_subplotspec()
    if spec is None:
        raise ValueError(
            "ax was not made in a grid (fig.add_axes), so the counts histogram cannot "
            "be placed under it; pass hist_ax= (an Axes for the histogram) or "
            "plot_histogram=False."
        )
    grid = spec.subgridspec(2, 1, height_ratios=HEIGHT_RATIOS)
    ax.set_subplotspec(grid[0])
    hist_ax = ax.figure.add_subplot(grid[1], sharex=ax)
    hist_ax.set_gid(HIST_AXES_GID)
    return hist_ax


def _positive_proba(estimator, X, pos_label):
    """``(probability of the positive class, pos_label)`` from ``predict_proba``."""
    from evalplots.metrics._labels import resolve_pos_label

    predict_proba = getattr(estimator, "predict_proba", None)
    if predict_proba is None:
        raise ValueError(
            f"estimator {type(estimator).__name__} has no predict_proba, and a "
            f"calibration curve needs probabilities; calibrate it first (e.g. "
            f"sklearn.calibration.CalibratedClassifierCV) or pass probabilities to "
            f"from_predictions."
        )
    classes = getattr(estimator, "classes_", None)
    if classes is None:
        raise ValueError(
            f"estimator {type(estimator).__name__} has no classes_ attribute, so the "
            f"column of the positive class is unknown; fit it first, or pass the "
            f"positive-class probabilities to from_predictions."
        )
    classes = np.asarray(classes)
    if classes.shape[0] != 2:
        raise ValueError(
            f"CalibrationDisplay is binary, but the estimator has "
            f"{classes.shape[0]} classes {classes.tolist()[:6]}; pass one class's "
            f"probabilities and pos_label to from_predictions."
        )
    pos_label = resolve_pos_label(classes, pos_label, name="estimator.classes_")
    proba = np.asarray(predict_proba(X))
    if proba.ndim != 2 or proba.shape[1] != 2:
        raise ValueError(
            f"estimator.predict_proba returned shape {proba.shape}, but a binary "
            f"classifier gives (n_samples, 2), one column per class of classes_."
        )
    column = classes.tolist().index(pos_label)
    return proba[:, column], pos_label


class CalibrationDisplay(FrameMixin):
    """Calibration curve (reliability diagram) with a histogram of the bin counts.

    Prefer :meth:`from_predictions` or :meth:`from_estimator`, which bin the
    probabilities with :func:`evalplots.metrics.calibration_curve` and compute the
    Brier score and the ECE shown in the legend. All parameters are stored as
    attributes.

    Parameters
    ----------
    prob_true : array-like of shape (n_bins,)
        Fraction of positives in each non-empty bin, in [0, 1].
    prob_pred : array-like of shape (n_bins,)
        Mean predicted probability in each non-empty bin, in [0, 1].
    counts : array-like of shape (n_bins,)
        Samples (or weight sum) in each bin; every entry > 0.
    bin_bounds : array-like of shape (n_bins, 2), default=None
        [lower, upper] edge of each bin, in [0, 1]: the extent of its histogram
        bar. None: no histogram can be drawn (``plot(plot_histogram=False)``).
    brier_score : float, default=None
        Brier score of the model, in [0, 1], shown in the legend when given.
    ece : float, default=None
        Expected calibration error over these bins, in [0, 1], shown in the legend
        when given.
    name : str, default=None
        Model name for the legend.
    pos_label : int, float, bool or str, default=None
        The positive class, shown as the legend title when given.

    Attributes
    ----------
    line_ : matplotlib.lines.Line2D
        The reliability curve, (prob_pred, prob_true) joined with markers.
    ref_line_ : matplotlib.lines.Line2D or None
        The "Perfectly calibrated" diagonal (one per axes), or None.
    hist_ : matplotlib.container.BarContainer or None
        One bar per bin, spanning the bin, of height its count; or None.
    ax_ : matplotlib.axes.Axes
        The axes of the curve.
    hist_ax_ : matplotlib.axes.Axes or None
        The axes of the histogram (sharing x with ``ax_`` when the Display made
        it), or None.
    figure_ : matplotlib.figure.Figure
        The figure holding both.

    Raises
    ------
    ValueError
        If ``prob_true`` and ``prob_pred`` are not 1-D arrays of one length with
        values in [0, 1]; if ``counts`` has another length or an entry <= 0; if
        ``bin_bounds`` is not (n_bins, 2) ordered edges in [0, 1]; if
        ``brier_score`` or ``ece`` is not in [0, 1].

    Notes
    -----
    The reliability diagram plots, for each non-empty bin of predicted
    probabilities, the observed frequency of positives against the mean predicted
    probability; a calibrated model lies on the diagonal y = x, a curve below it
    is over-confident in the positive class (DeGroot & Fienberg, "The comparison
    and evaluation of forecasters", 1983; Niculescu-Mizil & Caruana, ICML 2005,
    §4). A point resting on few samples is noisy, so the histogram below shows
    how many samples each bin holds (scikit-learn issue #23709). Brier score and
    ECE: see :func:`evalplots.metrics.brier_score_loss` and
    :func:`evalplots.metrics.expected_calibration_error`. The shape (attributes,
    ``plot``, ``from_predictions``, ``from_estimator``) follows scikit-learn's
    ``sklearn.calibration.CalibrationDisplay``, which has no histogram and no
    scores in the legend.

    Examples
    --------
    >>> from evalplots.display import CalibrationDisplay
    >>> display = CalibrationDisplay(
    ...     prob_true=[0.0, 0.5, 1.0], prob_pred=[0.2, 0.525, 0.85], counts=[3, 2, 4],
    ...     bin_bounds=[[0, 1 / 3], [1 / 3, 2 / 3], [2 / 3, 1]], brier_score=0.05,
    ...     ece=0.138889, name="toy").plot()
    >>> display.line_.get_label()
    'toy (Brier = 0.050, ECE = 0.139)'
    >>> [float(bar.get_height()) for bar in display.hist_]
    [3.0, 2.0, 4.0]
    """

    _FRAME = ("prob_pred", "prob_true", "counts")

    def __init__(
        self,
        prob_true,
        prob_pred,
        counts,
        *,
        bin_bounds=None,
        brier_score=None,
        ece=None,
        name=None,
        pos_label=None,
    ):
        self.prob_true, self.prob_pred = check_curve(
            prob_true, prob_pred, "prob_true", "prob_pred"
        )
        self.counts, self.bin_bounds = _check_bins(
            counts, bin_bounds, self.prob_true.shape[0]
        )
        self.brier_score = check_score(brier_score, "brier_score")
        self.ece = check_score(ece, "ece")
        self.name = name
        self.pos_label = pos_label

    def plot(
        self,
        ax=None,
        *,
        name=None,
        hist_ax=None,
        plot_histogram=True,
        ref_line=True,
        ref_line_kw=None,
        hist_kw=None,
        legend_title=None,
        **kwargs,
    ):
        """Draw the reliability curve, the diagonal and the counts histogram.

        Call again with the same ``ax`` to add a model: its curve joins the
        others, its bars the same histogram axes.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes of the curve. None: a new 5 in × 6 in figure with the curve on
            top and the histogram below (height ratio 3:1, shared x).
        name : str, default=None
            Name for the legend; None uses the ``name`` given at construction.
        hist_ax : matplotlib.axes.Axes, default=None
            Axes of the histogram. None with ``ax`` given: the histogram axes a
            previous Display placed under ``ax``, else ``ax``'s grid cell is split
            — ``ax`` keeps the top 3/4 and a new axes sharing its x takes the bottom
            1/4 (``ax`` must come from a grid: ``add_subplot``, ``subplots``). A
            given ``hist_ax`` is used as is, with its x-limits set to [-0.01, 1.01].
        plot_histogram : bool, default=True
            Whether to draw the histogram (needs ``bin_bounds``).
        ref_line : bool, default=True
            Whether to draw the "Perfectly calibrated" diagonal (once per axes).
        ref_line_kw : dict, default=None
            Line2D properties of the diagonal (default: black, dotted).
        hist_kw : dict, default=None
            ``Axes.bar`` properties of the bars (default: faces of the curve's
            colour at opacity 0.35, solid edges of that colour).
        legend_title : str, default=None
            Legend title; None gives ``"Positive label: <pos_label>"`` when the
            positive label is known.
        **kwargs : dict
            Line2D properties of the curve (default: square markers, solid line).

        Returns
        -------
        display : CalibrationDisplay
            ``self``, with ``line_``, ``ref_line_``, ``hist_``, ``ax_``,
            ``hist_ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``plot_histogram`` is True without ``bin_bounds``, or with an ``ax``
            not made in a grid and no ``hist_ax``; if ``ax`` or ``hist_ax`` is not
            rectilinear; if a style dict sets one property under two aliases.

        Notes
        -----
        The curve joins the points (prob_pred_j, prob_true_j) of the non-empty
        bins in increasing order; the diagonal y = x from (0, 0) to (1, 1) is a
        perfectly calibrated model. Bar j spans bin j, [lower_j, upper_j], with
        height counts_j: uniform bins give equal widths, quantile bins equal
        heights and varying widths; a bin of tied probabilities (zero width)
        shows as its edge line. Several models' bars overlap, translucent, in
        their curves' colours. Brier and ECE are written with one number of
        decimals (3; more when a non-zero value would read 0.000). The axis
        titles stay short ("Mean predicted probability", "Fraction of positives")
        and the positive label goes once, in the legend title.

        Examples
        --------
        >>> from evalplots.display import CalibrationDisplay
        >>> display = CalibrationDisplay([0.1, 0.8], [0.2, 0.7], [5, 5]).plot(
        ...     plot_histogram=False)
        >>> display.hist_ is None, display.ref_line_.get_label()
        (True, 'Perfectly calibrated')
        """
        if plot_histogram and self.bin_bounds is None:
            raise ValueError(
                "plot_histogram=True needs bin_bounds (the extent of each bin); "
                "construct the Display with bin_bounds=, use from_predictions, or "
                "pass plot_histogram=False."
            )
        self._make_axes(ax, hist_ax, plot_histogram)
        name = self.name if name is None else name
        line_kw = merge_style_kwargs(
            {"marker": "s", "markersize": 4, "linestyle": "-"}, kwargs,
            argname="kwargs",
        )
        label = _legend_label(name, self.brier_score, self.ece)
        if label is not None:
            line_kw.setdefault("label", label)
        (self.line_,) = self.ax_.plot(self.prob_pred, self.prob_true, **line_kw)
        ref_kw = merge_style_kwargs(
            {"label": "Perfectly calibrated", "color": "k", "linestyle": ":"},
            ref_line_kw,
            argname="ref_line_kw",
        )
        self.ref_line_ = (
            chance_line(self.ax_, (0, 1), (0, 1), ref_kw) if ref_line else None
        )
        self.hist_ = None
        if self.hist_ax_ is not None:
            self._draw_histogram(hist_kw)
        self._finish(legend_title)
        return self

    def _make_axes(self, ax, hist_ax, plot_histogram):
        if ax is None and plot_histogram and hist_ax is None:
            import matplotlib.pyplot as plt

            figure = plt.figure(figsize=(5.0, 6.0), layout="constrained")
            ax, hist_ax = figure.subplots(
                2, 1, sharex=True, height_ratios=HEIGHT_RATIOS
            )
            hist_ax.set_gid(HIST_AXES_GID)
        self.ax_, self.figure_ = get_axes(ax)
        if not plot_histogram:
            self.hist_ax_ = None
            return
        if hist_ax is None:
            hist_ax = _histogram_axes(self.ax_)
        else:
            get_axes(hist_ax)  # rectilinear check
        self.hist_ax_ = hist_ax
        if self.hist_ax_.get_gid() == HIST_AXES_GID:  # ours: under ax, sharing x
            self.ax_.tick_params(axis="x", labelbottom=False)

    def _draw_histogram(self, hist_kw):
        from matplotlib.colors import to_rgba

        color = self.line_.get_color()
        kw = merge_style_kwargs(
            # translucent faces (several models overlap), solid edges
            {"facecolor": to_rgba(color, 0.35), "edgecolor": color, "linewidth": 1.0},
            hist_kw,
            argname="hist_kw",
        )
        low, high = self.bin_bounds[:, 0], self.bin_bounds[:, 1]
        self.hist_ = self.hist_ax_.bar(
            low, self.counts, width=high - low, align="edge", **kw
        )
        self.hist_ax_.set(
            xlim=(-0.01, 1.01), xlabel="Mean predicted probability", ylabel="Count"
        )

    def _finish(self, legend_title):
        self.ax_.set(
            xlim=(-0.01, 1.01),
            ylim=(-0.01, 1.01),
            ylabel="Fraction of positives",
        )
        if self.hist_ax_ is None or self.hist_ax_.get_gid() != HIST_AXES_GID:
            self.ax_.set_xlabel("Mean predicted probability")
        handles, labels = self.ax_.get_legend_handles_labels()
        if not handles:
            return
        # models first, in drawing order; the shared diagonal last
        order = sorted(
            range(len(handles)), key=lambda i: handles[i].get_gid() == CHANCE_GID
        )
        if legend_title is None:
            legend_title = pos_label_title(self.pos_label)
        # 'best': a reliability curve can pass through any corner
        fitted_legend(
            self.ax_,
            [handles[i] for i in order],
            [labels[i] for i in order],
            title=legend_title,
            loc="best",
            fontsize="small",
            title_fontsize="small",
        )

    @classmethod
    @fill_doc(binning=_BINNING_PARAMS, axes=_AXES_PARAMS)
    def from_predictions(
        cls,
        y_true,
        y_prob,
        *,
        n_bins=10,
        strategy="uniform",
        pos_label=None,
        sample_weight=None,
        name=None,
        ax=None,
        hist_ax=None,
        **plot_kwargs,
    ):
        """Bin the probabilities, compute Brier score and ECE, then plot.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True binary labels. With labels other than {0, 1}, {-1, 1} or
            {False, True}, ``pos_label`` must be given.
        y_prob : array-like of shape (n_samples,)
            Predicted probability of the positive class, in [0, 1].
        %(binning)s
        pos_label : int, float, bool or str, default=None
            The label of the positive class; None means 1 (True) for the label
            sets above.
        name : str, default=None
            Model name for the legend.
        %(axes)s

        Returns
        -------
        display : CalibrationDisplay
            The plotted display.

        Raises
        ------
        ValueError
            If ``y_prob`` is not 1-D or holds values outside [0, 1] (scores: apply
            a sigmoid or calibrate; nothing is rescaled), NaN or inf; if the
            labels are not binary or ``pos_label`` is needed; if lengths differ;
            if ``n_bins`` or ``strategy`` is invalid; if ``sample_weight`` is
            given with quantile bins; or as :meth:`plot`.

        Notes
        -----
        Computes :func:`evalplots.metrics.calibration_curve` (the points and the
        counts; bin j holds e_j < p <= e_{j+1}, scikit-learn's rule), the ECE
        Σ_b (n_b/N) |prob_true_b − prob_pred_b| over the same bins (Naeini et
        al. 2015) and :func:`evalplots.metrics.brier_score_loss`
        Σ_i w_i (p_i − y_i)² / Σ_i w_i (Brier 1950), shown as
        ``"name (Brier = 0.081, ECE = 0.034)"``. The ECE depends on the binning,
        so compare models binned alike. Mirrors scikit-learn's
        ``CalibrationDisplay.from_predictions`` (whose default is 5 bins).

        Examples
        --------
        >>> from evalplots.display import CalibrationDisplay
        >>> y_true = [0, 0, 0, 0, 1, 1, 1, 1, 1]
        >>> y_prob = [0.1, 0.2, 0.3, 0.4, 0.65, 0.7, 0.8, 0.9, 1.0]
        >>> display = CalibrationDisplay.from_predictions(
        ...     y_true, y_prob, n_bins=3, name="toy")
        >>> display.line_.get_label(), display.counts.tolist()
        ('toy (Brier = 0.062, ECE = 0.139)', [3, 2, 4])
        """
        from evalplots.metrics import brier_score_loss
        from evalplots.metrics.calibration._calibration import binary_bins, calibration_error
        from evalplots.metrics._labels import class_values, default_pos_label
        from evalplots.metrics._validation import as_1d

        bins = binary_bins(
            y_true, y_prob, n_bins=n_bins, strategy=strategy, pos_label=pos_label,
            sample_weight=sample_weight,
        )
        brier = brier_score_loss(
            y_true, y_prob, sample_weight=sample_weight, pos_label=pos_label
        )
        ece = calibration_error(bins.prob_true, bins.prob_pred, bins.counts)
        if pos_label is None:
            pos_label = default_pos_label(class_values(as_1d(y_true, "y_true")))
        display = cls(
            bins.prob_true, bins.prob_pred, bins.counts, bin_bounds=bins.bin_bounds,
            brier_score=brier, ece=ece, name=name, pos_label=pos_label,
        )
        return display.plot(ax=ax, hist_ax=hist_ax, **plot_kwargs)

    @classmethod
    @fill_doc(binning=_BINNING_PARAMS, axes=_AXES_PARAMS)
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        n_bins=10,
        strategy="uniform",
        pos_label=None,
        sample_weight=None,
        name=None,
        ax=None,
        hist_ax=None,
        **plot_kwargs,
    ):
        """Predict probabilities with a fitted binary classifier, then plot.

        Parameters
        ----------
        estimator : object
            A fitted binary classifier with ``predict_proba`` and ``classes_``
            (any scikit-learn-compatible object; scikit-learn is not imported).
        X : array-like of shape (n_samples, n_features)
            Input passed to ``estimator.predict_proba``.
        y : array-like of shape (n_samples,)
            True binary labels.
        %(binning)s
        pos_label : int, float, bool or str, default=None
            The positive class, one of ``estimator.classes_``; None means 1 (True)
            for classes {0, 1}, {-1, 1} or {False, True}.
        name : str, default=None
            Model name for the legend; None uses the estimator's class name.
        %(axes)s

        Returns
        -------
        display : CalibrationDisplay
            The plotted display.

        Raises
        ------
        ValueError
            If the estimator has no ``predict_proba`` (a calibration curve needs
            probabilities, not decision scores) or no ``classes_``, has other than
            two classes, or the positive class is ambiguous or not among its
            classes; or as :meth:`from_predictions`.

        Notes
        -----
        The probabilities are column ``classes_.index(pos_label)`` of
        ``estimator.predict_proba(X)``, then :meth:`from_predictions`. Duck-typed
        like scikit-learn's ``CalibrationDisplay.from_estimator``; a
        ``decision_function`` is never used, because scores are not probabilities.

        Examples
        --------
        >>> from evalplots.display import CalibrationDisplay
        >>> class Half:
        ...     classes_ = [0, 1]
        ...     def predict_proba(self, X):
        ...         return [[1 - x[0], x[0]] for x in X]
        >>> display = CalibrationDisplay.from_estimator(
        ...     Half(), [[0.2], [0.4], [0.9]], [0, 1, 1], n_bins=2)
        >>> display.line_.get_label(), display.prob_true.tolist()
        ('Half (Brier = 0.137, ECE = 0.167)', [0.5, 1.0])
        """
        y_prob, pos_label = _positive_proba(estimator, X, pos_label)
        return cls.from_predictions(
            y, y_prob, n_bins=n_bins, strategy=strategy, pos_label=pos_label,
            sample_weight=sample_weight,
            name=type(estimator).__name__ if name is None else name,
            ax=ax, hist_ax=hist_ax, **plot_kwargs,
        )
