"""Cumulative gain and lift Display, with the KS statistic marked on the gain chart."""

import numpy as np

from evalplots._docstrings import (
    BINARY_SCORE_PARAMS,
    DISPLAY_NAME_AX_PARAMS,
    THINNED_CURVE_NOTE,
    fill_doc,
)
from evalplots.display._base import (
    CurveDisplayMixin,
    chance_line,
    check_curve,
    check_option,
    legend_text,
    merge_style_kwargs,
)
from evalplots.display._estimator import (
    ESTIMATOR_DATA_PARAMS,
    ESTIMATOR_NOTES,
    ESTIMATOR_OPTION_PARAMS,
    ESTIMATOR_RAISES,
    plot_from_estimator,
)
from evalplots.display._thin import plot_curve
from evalplots.metrics._format import format_score, format_threshold

__all__ = ["CumulativeGainDisplay"]

#: what ``plot(kind=...)`` may draw
KINDS = ("gain", "lift")

#: points of the perfect model's lift curve 1 / q on (prevalence, 1]
_PERFECT_LIFT_POINTS = 200


def _check_thresholds(thresholds, n_points):
    t = np.asarray(thresholds, dtype=float)
    if t.shape != (n_points,):
        raise ValueError(
            f"thresholds must be a 1-D array with one value per point ({n_points}), "
            f"got shape {t.shape}; pass the thresholds of cumulative_gain_curve."
        )
    if np.isnan(t).any() or (np.diff(t) > 0).any():
        raise ValueError(
            "thresholds must be decreasing and hold no NaN, as cumulative_gain_curve "
            "returns them (inf first, then the distinct scores)."
        )
    return t


def _check_prevalence(prevalence):
    if prevalence is None:
        return None
    value = float(prevalence)
    if not 0.0 < value <= 1.0:
        raise ValueError(
            f"prevalence must be the share of positives, in (0, 1], got {prevalence!r}."
        )
    return value


@fill_doc(thinning=THINNED_CURVE_NOTE)
class CumulativeGainDisplay(CurveDisplayMixin):
    """Cumulative gain (or lift) chart: share of positives found vs share targeted.

    Prefer :meth:`from_predictions` or :meth:`from_estimator`, which compute the
    curve with :func:`evalplots.metrics.cumulative_gain_curve` and everything the
    chart marks: the perfect model (from the prevalence) and the KS statistic
    (from the share of negatives targeted and the thresholds). All parameters are
    stored as attributes, unchanged.

    Parameters
    ----------
    queue_rate : array-like of shape (n_points,)
        Share of the samples targeted at each threshold, increasing from the
        origin 0, as returned by :func:`evalplots.metrics.cumulative_gain_curve`.
    gain : array-like of shape (n_points,)
        Share of the positives among them (the true positive rate), from 0.
    fpr : array-like of shape (n_points,), default=None
        Share of the negatives among them (the false positive rate) at the same
        points; needed to mark the KS statistic.
    thresholds : array-like of shape (n_points,), default=None
        The decreasing thresholds of the points (``inf`` first); needed to mark
        the KS statistic.
    prevalence : float, default=None
        Share of positives P / n in (0, 1]; needed to draw the perfect model.
    name : str, default=None
        Model name for the legend; None shows none.
    pos_label : int, float, bool or str, default=None
        The positive class, shown in the axis titles; None shows none.

    Attributes
    ----------
    ks : KSResult or None
        ``(statistic, threshold)`` of the stored rates (see :meth:`plot`); None
        without ``fpr`` and ``thresholds``.
    line_ : matplotlib.lines.Line2D
        The gain (or lift) curve.
    chance_level_ : matplotlib.lines.Line2D or None
        The random model: the diagonal (gain) or lift = 1; None when not drawn.
    perfect_ : matplotlib.lines.Line2D or None
        The perfect model's curve; None when not drawn or ``prevalence`` is None.
    ks_line_ : matplotlib.lines.Line2D or None
        The KS gap: a vertical segment at the KS threshold from the share of
        negatives to the share of positives targeted; None when not drawn. Its
        value and threshold are written in the curve's legend entry, on a
        second line: ``"name\\nKS = 0.62 at 0.47"``.
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If the arrays differ in length, are not 1-D, hold NaN or inf or leave
        [0, 1], the curve does not start at the origin (0, 0), ``thresholds``
        is not decreasing, or ``prevalence`` is not in (0, 1].

    See Also
    --------
    evalplots.metrics.cumulative_gain_curve : Compute the curve.
    evalplots.metrics.lift_curve : The lift at each threshold.
    evalplots.metrics.ks_statistic : The KS statistic and its threshold.

    Notes
    -----
    Targeting the samples scored ``>= t``, the queue rate is
    ``(TP(t) + FP(t)) / n`` and the gain ``TP(t) / P`` (Berry & Linoff, *Data
    Mining Techniques*, ch. 5; Thakur, *Approaching (Almost) Any Machine Learning
    Problem*). A random ranking follows the diagonal; a perfect one rises
    straight to gain 1 at queue rate P / n, then stays at 1. The lift
    ``gain / queue_rate`` is the precision of the targeted samples over the
    prevalence: 1 for a random ranking, ``n / P`` for a perfect one up to queue
    rate P / n, then ``1 / queue_rate``. The KS statistic
    ``max_t |TPR(t) - FPR(t)|`` (Siddiqi, *Credit Risk Scorecards*, ch. 6) is
    the largest vertical gap between the shares of positives and of negatives
    targeted at one threshold; on the gain chart it is drawn at that
    threshold's queue rate, from the share of negatives (below the diagonal) to
    the gain (above it).

    %(thinning)s

    Examples
    --------
    >>> from evalplots.display import CumulativeGainDisplay
    >>> from evalplots.metrics import cumulative_gain_curve
    >>> queue_rate, gain, _ = cumulative_gain_curve([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
    >>> display = CumulativeGainDisplay(queue_rate, gain, prevalence=0.5,
    ...                                 name="toy").plot()
    >>> display.line_.get_label(), display.perfect_.get_xydata().tolist()
    ('toy', [[0.0, 0.0], [0.5, 1.0], [1.0, 1.0]])
    """

    _FRAME = ("queue_rate", "gain")

    def __init__(
        self,
        queue_rate,
        gain,
        *,
        fpr=None,
        thresholds=None,
        prevalence=None,
        name=None,
        pos_label=None,
    ):
        self.queue_rate, self.gain = check_curve(queue_rate, gain, "queue_rate", "gain")
        if self.queue_rate[0] != 0 or self.gain[0] != 0:
            raise ValueError(
                "queue_rate and gain must start at the origin (0, 0) (nothing "
                "targeted), as cumulative_gain_curve returns them."
            )
        self.fpr = (
            None if fpr is None else check_curve(queue_rate, fpr, "queue_rate", "fpr")[1]
        )
        self.thresholds = (
            None if thresholds is None else _check_thresholds(thresholds, self.gain.size)
        )
        self.prevalence = _check_prevalence(prevalence)
        self.name = name
        self.pos_label = pos_label

    @property
    def ks(self):
        """The KS statistic of the stored rates and its threshold, or None.

        Returns
        -------
        ks : KSResult or None
            ``max |gain - fpr|`` over the finite thresholds and the highest
            threshold reaching it (the rule of
            :func:`evalplots.metrics.ks_statistic`); None when ``fpr`` or
            ``thresholds`` was not given.
        """
        if self.fpr is None or self.thresholds is None:
            return None
        from evalplots.metrics.ranking._gain import ks_from_counts

        finite = np.isfinite(self.thresholds)
        # rates are counts divided by their totals: the last point is (1, 1)
        return ks_from_counts(self.fpr[finite], self.gain[finite], self.thresholds[finite])

    def plot(
        self,
        ax=None,
        *,
        name=None,
        kind="gain",
        plot_chance_level=True,
        chance_level_kw=None,
        plot_perfect=True,
        perfect_kw=None,
        plot_ks=True,
        ks_kw=None,
        legend_title=None,
        **kwargs,
    ):
        """Draw the cumulative gain (or lift) curve, the reference curves and KS.

        Call again with the same ``ax`` to add more models to one axes.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        name : str, default=None
            Name for the legend; None uses the ``name`` given at construction.
        kind : {'gain', 'lift'}, default='gain'
            'gain': the share of positives found (y) against the share of samples
            targeted (x). 'lift': their ratio against the share targeted.
        plot_chance_level : bool, default=True
            Whether to draw the random model (the diagonal, or lift = 1), once
            per axes.
        chance_level_kw : dict, default=None
            Line2D properties of the random model (default: black, dashed).
        plot_perfect : bool, default=True
            Whether to draw the perfect model (needs ``prevalence``).
        perfect_kw : dict, default=None
            Line2D properties of the perfect model (default: grey, dotted).
        plot_ks : bool, default=True
            Whether to mark the KS statistic (``kind='gain'`` only; needs
            ``fpr`` and ``thresholds``).
        ks_kw : dict, default=None
            Line2D properties of the KS gap (default: the curve's colour, with
            short horizontal caps).
        legend_title : str, default=None
            Title of the legend; None keeps the title of the axes' legend.
        **kwargs : dict
            Line2D properties of the curve (e.g. ``color``, ``linestyle``).

        Returns
        -------
        display : CumulativeGainDisplay
            ``self``, with ``line_``, ``chance_level_``, ``perfect_``,
            ``ks_line_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``kind`` is not 'gain' or 'lift', a style dict sets one property
            under two alias names (``c`` and ``color``), or ``ax`` is a polar or
            3-D (non-rectilinear) Axes.

        Notes
        -----
        'gain' draws the stored points (queue rate, gain) joined by straight
        segments: targeting part of a block of tied scores at random moves
        along that segment (Berry & Linoff, *Data Mining Techniques*, ch. 5).
        The random model is the diagonal; the perfect model the polyline
        (0, 0), (P/n, 1), (1, 1). The KS gap is a vertical segment at the queue
        rate of the KS threshold, from its FPR to its TPR (gain), in the
        curve's colour; the curve's legend entry reads ``"name\\nKS = 0.62 at
        0.47"``, the statistic with the decimals of every legend and the
        threshold to 3 significant digits. (In the legend rather than next to
        the gap: the gaps of several models often stand side by side, and their
        labels would overlap; on a second line, so that the legend stays narrow
        enough to sit beside the gaps.) It is the statistic of
        :func:`evalplots.metrics.ks_statistic` (the highest threshold on ties).
        Axes: square, [-0.01, 1.01] on both; the legend goes where it hides the
        fewest points (``loc='best'``, in a small font), as the lower-right
        corner, free on gain charts without KS, may hold the lower ends of the
        KS gaps.

        'lift' draws ``gain / queue_rate`` at every point but the origin, where
        it is 0/0 (:func:`evalplots.metrics.lift_curve`); the random model is
        lift = 1, the perfect model ``n / P`` up to queue rate P / n, then
        ``1 / queue_rate``. The y axis runs from 0 to 5% above the highest
        curve on the axes; the legend goes where it hides the fewest points
        (``loc='best'``): above the curves or under the random model's lift of
        1, depending on the prevalence.

        Examples
        --------
        >>> from evalplots.display import CumulativeGainDisplay
        >>> display = CumulativeGainDisplay(
        ...     [0, 0.25, 0.75, 1], [0, 0.5, 1, 1], fpr=[0, 0, 0.5, 1],
        ...     thresholds=[float("inf"), 0.9, 0.5, 0.1], prevalence=0.5).plot()
        >>> display.ks, display.line_.get_label()
        (KSResult(statistic=0.5, threshold=0.9), 'KS = 0.50 at 0.9')
        >>> display.ks_line_.get_xydata().tolist()
        [[0.25, 0.0], [0.25, 0.5]]
        >>> lift = CumulativeGainDisplay([0, 0.25, 0.75, 1], [0, 0.5, 1, 1]).plot(
        ...     kind="lift")
        >>> lift.line_.get_ydata()
        array([2.        , 1.33333333, 1.        ])
        """
        from evalplots.metrics.ranking._gain import lift_from_gain

        check_option(kind, KINDS, "kind")
        name = self._prepare_axes(ax, name)
        line_kw = merge_style_kwargs({"label": legend_text(name)}, kwargs, argname="kwargs")
        if kind == "gain":
            x, y = self.queue_rate, self.gain
            chance = ((0, 1), (0, 1))
        else:
            x, y = self.queue_rate[1:], lift_from_gain(self.queue_rate, self.gain)
            chance = ((0, 1), (1, 1))
        self.line_ = plot_curve(self.ax_, x, y, **line_kw)
        chance_kw = merge_style_kwargs(
            {"label": "Chance level", "color": "k", "linestyle": "--"},
            chance_level_kw,
            argname="chance_level_kw",
        )
        self.chance_level_ = (
            chance_line(self.ax_, *chance, chance_kw) if plot_chance_level else None
        )
        self.perfect_ = None
        if plot_perfect and self.prevalence is not None:
            perfect_kw = merge_style_kwargs(
                {"label": "Perfect model", "color": "0.5", "linestyle": ":"},
                perfect_kw,
                argname="perfect_kw",
            )
            self.perfect_ = chance_line(
                self.ax_, *self._perfect_curve(kind), perfect_kw
            )
        self.ks_line_ = None
        ks = self.ks if plot_ks and kind == "gain" else None
        if ks is not None:
            self._mark_ks(ks, ks_kw)
        if kind == "gain":
            limits = {"ylim": (-0.01, 1.01), "aspect": "equal"}
        else:
            limits = {"ylim": (0.0, 1.05 * self.ax_.dataLim.y1), "aspect": "auto"}
        self._finish_axes(
            xlabel="Fraction of samples targeted",
            ylabel="Fraction of positives found" if kind == "gain" else "Lift",
            despine_axes=False,
            legend_loc="lower right" if kind == "gain" and ks is None else "best",
            small_legend=self.ks_line_ is not None,
            legend_title=legend_title,
            **limits,
        )
        return self

    def _perfect_curve(self, kind):
        """(x, y) of the perfect model: all positives ranked first."""
        p = self.prevalence
        if kind == "gain":
            return (0.0, p, 1.0), (0.0, 1.0, 1.0)
        q = np.linspace(p, 1.0, _PERFECT_LIFT_POINTS)
        return np.concatenate(([0.0], q)), np.concatenate(([1.0 / p], 1.0 / q))

    def _mark_ks(self, ks, ks_kw):
        """Draw the KS gap at the KS threshold's queue rate; label the legend entry."""
        at = int(np.flatnonzero(self.thresholds == ks.threshold)[0])
        x, low, high = self.queue_rate[at], self.fpr[at], self.gain[at]
        kw = merge_style_kwargs(
            {"color": self.line_.get_color(), "linewidth": 1.2, "marker": "_",
             "markersize": 8},
            ks_kw,
            argname="ks_kw",
        )
        (self.ks_line_,) = self.ax_.plot([x, x], [low, high], **kw)
        text = f"KS = {format_score(ks.statistic)} at {format_threshold(ks.threshold)}"
        name = self.line_.get_label()
        self.line_.set_label(text if name.startswith("_") else f"{name}\n{text}")

    @classmethod
    @fill_doc(binary_params=BINARY_SCORE_PARAMS, name_ax=DISPLAY_NAME_AX_PARAMS)
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        pos_label=None,
        sample_weight=None,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Compute the cumulative gain curve and KS from predictions, then plot.

        Parameters
        ----------
        %(binary_params)s
        %(name_ax)s
        **plot_kwargs : dict
            Any option of :meth:`plot` (``kind``, ``plot_chance_level``,
            ``plot_perfect``, ``plot_ks``, the ``*_kw`` style dicts,
            ``legend_title``, Line2D properties).

        Returns
        -------
        display : CumulativeGainDisplay
            The plotted display, holding ``queue_rate``, ``gain``, ``fpr``,
            ``thresholds`` and ``prevalence``.

        Raises
        ------
        ValueError
            If the labels are not binary, ``pos_label`` is needed or absent from
            ``y_true``, lengths differ, or scores are not finite; if ``y_true``
            holds only one class (counting samples of non-zero weight): without
            positives the gain is 0/0, without negatives the KS statistic is; or
            as :meth:`plot`.

        Notes
        -----
        One sort of the scores gives the cumulative counts TP(t), FP(t) at every
        distinct score t (ties are never split); from them
        :func:`evalplots.metrics.cumulative_gain_curve` (queue rate and gain), the
        FPR of :func:`evalplots.metrics.roc_curve` at the same points, the
        prevalence P / n and, in :meth:`plot`, the KS statistic of
        :func:`evalplots.metrics.ks_statistic` (Berry & Linoff, *Data Mining
        Techniques*, ch. 5; Siddiqi, *Credit Risk Scorecards*, ch. 6).

        Examples
        --------
        >>> from evalplots.display import CumulativeGainDisplay
        >>> display = CumulativeGainDisplay.from_predictions(
        ...     [1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1], name="toy")
        >>> display.gain, display.prevalence
        (array([0. , 0.5, 1. , 1. ]), 0.5)
        >>> display.line_.get_label()
        'toy\\nKS = 0.50 at 0.9'
        """
        from evalplots.metrics.ranking._gain import gain_from_counts
        from evalplots.metrics.ranking._curves import roc_from_counts
        from evalplots.metrics.ranking._thresholds import binary_scores

        shown_pos_label, _, _ = cls._check_classes(
            y_true, pos_label, sample_weight, curve="cumulative gain curve",
            need_negatives=True,
        )
        counts = binary_scores(
            y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
        ).counts()
        queue_rate, gain, thresholds = gain_from_counts(*counts)
        fpr, _, _ = roc_from_counts(*counts, drop_intermediate=False)
        fps, tps, _ = counts
        display = cls(
            queue_rate,
            gain,
            fpr=fpr,
            thresholds=thresholds,
            prevalence=float(tps[-1] / (tps[-1] + fps[-1])),
            name=name,
            pos_label=shown_pos_label,
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
        response_method="auto",
        pos_label=None,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Compute the gain curve of a fitted binary classifier on ``X``, then plot.

        Parameters
        ----------
        %(data_params)s
        %(option_params)s

        Returns
        -------
        display : CumulativeGainDisplay
            The plotted display.

        Raises
        ------
        %(raises)s

        Notes
        -----
        %(notes)s (Berry & Linoff, *Data Mining Techniques*, ch. 5).

        Examples
        --------
        >>> import numpy as np
        >>> from evalplots.display import CumulativeGainDisplay
        >>> class Linear:  # any object with classes_ and decision_function
        ...     classes_ = np.array(["ham", "spam"])
        ...     def decision_function(self, X):
        ...         return np.asarray(X, dtype=float)[:, 0]
        >>> X = [[2.0], [0.5], [0.5], [-1.0]]
        >>> y = ["spam", "ham", "spam", "ham"]
        >>> display = CumulativeGainDisplay.from_estimator(Linear(), X, y, pos_label="spam")
        >>> display.line_.get_label(), display.gain
        ('Linear\\nKS = 0.50 at 2', array([0. , 0.5, 1. , 1. ]))
        """
        return plot_from_estimator(
            cls, estimator, X, y, response_method=response_method,
            pos_label=pos_label, name=name, sample_weight=sample_weight,
            ax=ax, **plot_kwargs,
        )
