"""DET curve Display: miss rate against false-alarm rate on normal-deviate axes."""

import warnings

import numpy as np
from matplotlib.ticker import FuncFormatter, Locator

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
    legend_text,
    merge_style_kwargs,
)
from evalplots.exceptions import EmptyFigureWarning
from evalplots.display._estimator import (
    ESTIMATOR_DATA_PARAMS,
    ESTIMATOR_NOTES,
    ESTIMATOR_OPTION_PARAMS,
    ESTIMATOR_RAISES,
    plot_from_estimator,
)
from evalplots.display._thin import plot_curve

__all__ = ["DetCurveDisplay"]

#: gid of the DET curves, so that a second model on the same axes widens the limits
DET_GID = "evalplots:det_curve"

#: tick positions (rates) of the normal-deviate axes; those inside the limits show
_TICKS = (1e-6, 1e-5, 1e-4, 0.001, 0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99, 0.999,
          0.9999, 1 - 1e-5, 1 - 1e-6)  # fmt: skip

#: default half-width of the axes in deviates: rates 0.135% to 99.865% (scikit-learn)
_LIMIT = 3.0

#: where a rate of exactly 0 or 1 (deviate -inf or +inf) is drawn: beyond any limit
_EDGE = 9.0

#: span of the chance line FNR = 1 - FPR, which is the line y = -x in deviates
_CHANCE_SPAN = (-40.0, 40.0)


def _deviates(rate):
    from scipy.special import ndtri

    return ndtri(rate)


def _ticks(limit):
    """The rates of ``_TICKS`` to show on axes spanning the deviates [-limit, limit].

    Walking out from 50%, a tick is kept when it lies inside the limits and at
    least 10.5% of the axis span away from the last kept one, so that labels do
    not collide when the limits widen (at the default limit 3 every tick of
    scikit-learn's DET axes inside them is kept).
    """
    deviates = _deviates(np.array(_TICKS))
    min_gap = 0.105 * 2 * limit
    kept = [0.5]
    for side in (deviates < 0, deviates > 0):
        last = 0.0
        for rate, z in sorted(zip(np.array(_TICKS)[side], deviates[side]),
                              key=lambda pair: abs(pair[1])):
            if abs(z) <= limit and abs(z - last) >= min_gap:
                kept.append(float(rate))
                last = z
    return sorted(kept)


class SpacedTicks(Locator):
    """The ticks of :func:`_ticks` whose labels fit the axis as drawn.

    The span rule of :func:`_ticks` knows nothing of the axis' length or of
    its labels: on a narrow panel (two panels in one 3.5 in column) "99.9%"
    and "99.999%" would run into each other. At each draw, walking out from
    50% on each side, a tick is kept when its label's box is at least a
    quarter em (of the tick-label size) from the last kept one's, the boxes'
    extents along the axis taken from the labels' widths (x axis) or their
    height (y axis) at the tick-label font size.
    """

    def __init__(self, rates):
        self.rates = [float(r) for r in rates]
        self.deviates = [float(z) for z in _deviates(np.array(self.rates))]

    def labels(self):
        """Deviate -> tick label, for the formatter."""
        return {round(z, 9): _percent(r) for r, z in zip(self.rates, self.deviates)}

    def __call__(self):
        from matplotlib.font_manager import FontProperties
        from matplotlib.textpath import text_to_path

        axis = self.axis
        axes = axis.axes
        horizontal = axis is axes.xaxis
        low, high = sorted(axis.get_view_interval())
        length = axes.bbox.width if horizontal else axes.bbox.height
        if not length or high <= low:
            return self.deviates
        size = axis.majorTicks[0].label1.get_fontsize()  # (reading it calls no locator)
        px = axes.figure.dpi / 72.0
        prop = FontProperties(size=size)

        def extent(rate):  # along the axis, in pixels
            if not horizontal:
                return 1.2 * size * px
            width = text_to_path.get_text_width_height_descent(_percent(rate), prop, False)[0]
            return width * px

        scale = length / (high - low)  # pixels per deviate
        gap = 0.25 * size * px  # a thin space
        kept = [z for z in self.deviates if z == 0.0]
        for side in (-1.0, 1.0):
            pairs = sorted(((r, z) for r, z in zip(self.rates, self.deviates) if z * side > 0),
                           key=lambda pair: abs(pair[1]))
            last_z, last_extent = 0.0, extent(0.5)
            for rate, z in pairs:
                if not low <= z <= high:
                    continue
                own = extent(rate)
                if abs(z - last_z) * scale >= (last_extent + own) / 2 + gap:
                    kept.append(z)
                    last_z, last_extent = z, own
        return sorted(kept)


def _percent(rate):
    """Tick label of a rate: ``0.1%``, ``5%``, ``99.9%`` (as many digits as needed)."""
    return f"{100 * rate:.10g}%"


@fill_doc(thinning=THINNED_CURVE_NOTE)
class DetCurveDisplay(CurveDisplayMixin):
    """DET curve visualization: false negative rate against false positive rate.

    Prefer :meth:`from_predictions` or :meth:`from_estimator`, which compute the
    curve with :func:`evalplots.metrics.det_curve`. Both rates are drawn on
    normal-deviate (probit) axes, where two normal score distributions give a
    straight line. All parameters are stored as attributes, unchanged.

    Parameters
    ----------
    fpr : array-like of shape (n_points,)
        False positive rates (false-alarm probabilities) in [0, 1], as returned by
        :func:`evalplots.metrics.det_curve`.
    fnr : array-like of shape (n_points,)
        False negative rates (miss probabilities) in [0, 1], of the length of
        ``fpr``.
    name : str, default=None
        Model name for the legend; None shows none.
    pos_label : int, float, bool or str, default=None
        The positive class, shown in the axis titles; None shows none.

    Attributes
    ----------
    line_ : matplotlib.lines.Line2D
        The DET curve, in deviate coordinates (see Notes).
    chance_level_ : matplotlib.lines.Line2D or None
        The chance line FNR = 1 - FPR, or None when not drawn.
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If ``fpr`` and ``fnr`` differ in length, are not 1-D, hold NaN or inf, or
        leave [0, 1].

    See Also
    --------
    evalplots.metrics.det_curve : Compute the curve.
    RocCurveDisplay : The same operating points as TPR against FPR.

    Notes
    -----
    The DET curve (Martin, Doddington, Kamm, Ordowski & Przybocki, "The DET curve in
    assessment of detection task performance", Eurospeech 1997) plots the miss rate
    FNR = FN / P against the false-alarm rate FPR = FP / N at every threshold, each
    on the axis ``Φ⁻¹(rate)`` (``scipy.special.ndtri``, the standard normal
    quantile); ticks are labelled in percent, as scikit-learn's ``DetCurveDisplay``
    does. It is the ROC curve (FNR = 1 - TPR) with both axes warped so that
    the low-error corner, where good models differ, is spread out.

    A rate of exactly 0 or 1 lies at -inf or +inf on this scale. The stored
    ``fpr`` and ``fnr`` keep every point as given (nothing is clipped or
    dropped); only the drawing places such a point at the deviate ∓9, beyond
    the axis limits, so that the line leaves the axes in its direction (the
    point itself is off the axes). scikit-learn clips the stored rates to
    [eps, 1 - eps] instead. The axes span the deviates [-3, 3] (rates 0.135% to
    99.865%, scikit-learn's view), widened symmetrically to show every finite
    point of every DET curve on the axes. The chance level of a random
    classifier, FNR = 1 - FPR, is the line ``y = -x``.

    %(thinning)s

    Examples
    --------
    >>> from evalplots.display import DetCurveDisplay
    >>> from evalplots.metrics import det_curve
    >>> fpr, fnr, _ = det_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> display = DetCurveDisplay(fpr, fnr, name="toy").plot()
    >>> display.line_.get_label(), [float(v) for v in display.ax_.get_xlim()]
    ('toy', [-3.0, 3.0])
    >>> display.fpr  # the stored rates keep FPR = 0
    array([0.5, 0.5, 0. ])
    """

    _FRAME = ("fpr", "fnr")

    def __init__(self, fpr, fnr, *, name=None, pos_label=None):
        self.fpr, self.fnr = check_curve(fpr, fnr, "fpr", "fnr")
        self.name = name
        self.pos_label = pos_label

    def plot(
        self,
        ax=None,
        *,
        name=None,
        plot_chance_level=True,
        chance_level_kw=None,
        legend_title=None,
        **kwargs,
    ):
        """Draw the DET curve on normal-deviate axes.

        Call again with the same ``ax`` to add more models to one axes.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        name : str, default=None
            Name for the legend; None uses the ``name`` given at construction.
        plot_chance_level : bool, default=True
            Whether to draw the chance line FNR = 1 - FPR (once per axes).
        chance_level_kw : dict, default=None
            Line2D properties of the chance line (default: black, dashed,
            labelled ``"Chance level"``).
        legend_title : str, default=None
            Title of the legend; None keeps the title of the axes' legend.
        **kwargs : dict
            Line2D properties of the curve (e.g. ``color``, ``linestyle``).

        Returns
        -------
        display : DetCurveDisplay
            ``self``, with ``line_``, ``chance_level_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If a style dict sets one property under two alias names (``c`` and
            ``color``), or ``ax`` is a polar or 3-D (non-rectilinear) Axes.

        Warns
        -----
        EmptyFigureWarning
            When no point has both rates strictly between 0 and 1 (e.g. a perfect
            separation): the curve then lies wholly outside the deviate axes.

        Notes
        -----
        The curve is one Line2D through the points ``(Φ⁻¹(FPR_k), Φ⁻¹(FNR_k))``
        in their stored order, joined by straight segments in deviate space;
        ``Φ⁻¹`` is ``scipy.special.ndtri``. A rate of 0 or 1 (deviate ∓inf) is
        drawn at ∓9 (at ∓(L + 1) when L > 8), beyond the limits, so the line
        runs off the axes towards it. Both axes share the limits ``[-L, L]``, with L = 3 unless a finite
        point of a DET curve on the axes lies further out (then L is that
        deviate plus 0.25). The ticks are taken from 0.0001%, ..., 0.1%, 1%, 5%,
        20%, 50%, 80%, 95%, 99%, 99.9%, ..., 99.9999%: those inside the limits,
        walking out from 50% and skipping a tick closer than 10.5% of the axis
        span to the last one kept, so that labels never collide; for L = 3 this
        gives 1% to 99%, the ticks scikit-learn's ``DetCurveDisplay.plot`` shows
        (Martin et al., Eurospeech 1997).

        Examples
        --------
        >>> from evalplots.display import DetCurveDisplay
        >>> display = DetCurveDisplay([0.5, 0.1, 0.0], [0.02, 0.2, 1.0]).plot()
        >>> [t.get_text() for t in display.ax_.get_xticklabels()]
        ['1%', '5%', '20%', '50%', '80%', '95%', '99%']
        >>> display.line_.get_xydata()[-1]  # FPR = 0, FNR = 1: off the axes
        array([-9.,  9.])
        """
        name = self._prepare_axes(ax, name)
        x, y = _deviates(self.fpr), _deviates(self.fnr)
        if not (np.isfinite(x) & np.isfinite(y)).any():
            shown = ", ".join(f"({f:g}, {m:g})" for f, m in zip(self.fpr[:4], self.fnr[:4]))
            warnings.warn(
                f"the DET curve{f' of {name!r}' if name else ''} has no point with both "
                f"error rates strictly between 0 and 1 (its (FPR, FNR) points: {shown}"
                f"{', ...' if self.fpr.size > 4 else ''}), e.g. because the scores "
                f"separate the classes perfectly; on normal-deviate axes it lies "
                f"outside the plot, so nothing of it is visible.",
                EmptyFigureWarning, stacklevel=2)
        finite = np.abs(np.concatenate((x, y)))
        finite = finite[np.isfinite(finite)]
        limit = max(_LIMIT, finite.max() + 0.25) if finite.size else _LIMIT
        edge = max(_EDGE, limit + 1.0)
        previous = [line for line in self.ax_.get_lines() if line.get_gid() == DET_GID]
        if previous:
            limit = max(limit, self.ax_.get_xlim()[1])
        line_kw = merge_style_kwargs({"label": legend_text(name)}, kwargs, argname="kwargs")
        line_kw["gid"] = DET_GID
        self.line_ = plot_curve(
            self.ax_, np.clip(x, -edge, edge), np.clip(y, -edge, edge), **line_kw
        )
        chance_kw = merge_style_kwargs(
            {"label": "Chance level", "color": "k", "linestyle": "--"},
            chance_level_kw,
            argname="chance_level_kw",
        )
        self.chance_level_ = (
            chance_line(self.ax_, _CHANCE_SPAN, _CHANCE_SPAN[::-1], chance_kw)
            if plot_chance_level
            else None
        )
        self._finish_axes(
            xlabel="False Positive Rate",
            ylabel="False Negative Rate",
            despine_axes=False,
            legend_loc="upper right",
            legend_title=legend_title,
            xlim=(-limit, limit),
            ylim=(-limit, limit),
        )
        for axis in (self.ax_.xaxis, self.ax_.yaxis):
            locator = SpacedTicks(_ticks(limit))
            labels = locator.labels()
            axis.set_major_locator(locator)
            axis.set_major_formatter(FuncFormatter(
                lambda z, pos, labels=labels: labels.get(round(z, 9), "")))
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
        """Compute the DET curve from predictions, then plot it.

        Parameters
        ----------
        %(binary_params)s
        drop_intermediate : bool, default=True
            Drop the inner points of runs of equal FNR (horizontal runs); the
            drawing is unchanged. (scikit-learn's default for the Display.)
        %(name_ax)s
        **plot_kwargs : dict
            Any option of :meth:`plot` (``plot_chance_level``,
            ``chance_level_kw``, ``legend_title``, Line2D properties).

        Returns
        -------
        display : DetCurveDisplay
            The plotted display.

        Raises
        ------
        ValueError
            If the labels are not binary, ``pos_label`` is needed or absent from
            ``y_true``, lengths differ, or scores are not finite; if ``y_true``
            holds only one class (counting samples of non-zero weight), so that
            FPR or FNR divides by zero; or as :meth:`plot`.

        Notes
        -----
        Computes :func:`evalplots.metrics.det_curve`: at every distinct score
        ``t``, FPR(t) = FP(t) / N and FNR(t) = FN(t) / P for the predictions
        ``y_score >= t``, one point per distinct score (ties are never split),
        with scikit-learn's end points (Martin et al., Eurospeech 1997). The
        method mirrors scikit-learn's ``DetCurveDisplay.from_predictions``.

        Examples
        --------
        >>> from evalplots.display import DetCurveDisplay
        >>> display = DetCurveDisplay.from_predictions(
        ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], name="toy")
        >>> display.fpr, display.fnr
        (array([0.5, 0.5, 0. ]), array([0. , 0.5, 0.5]))
        >>> display.ax_.get_xlabel(), display.ax_.get_legend().get_title().get_text()
        ('False Positive Rate', 'Positive label: 1')
        """
        from evalplots.metrics import det_curve

        shown_pos_label, _, _ = cls._check_classes(
            y_true, pos_label, sample_weight, curve="DET curve", need_negatives=True
        )
        fpr, fnr, _ = det_curve(
            y_true,
            y_score,
            pos_label=pos_label,
            sample_weight=sample_weight,
            drop_intermediate=drop_intermediate,
        )
        display = cls(fpr, fnr, name=name, pos_label=shown_pos_label)
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
        """Compute the DET curve of a fitted binary classifier on ``X``, then plot it.

        Parameters
        ----------
        %(data_params)s
        drop_intermediate : bool, default=True
            As in :meth:`from_predictions`.
        %(option_params)s

        Returns
        -------
        display : DetCurveDisplay
            The plotted display.

        Raises
        ------
        %(raises)s

        Notes
        -----
        %(notes)s (Martin et al., Eurospeech 1997).

        Examples
        --------
        >>> import numpy as np
        >>> from evalplots.display import DetCurveDisplay
        >>> class Threshold:  # any object with classes_ and predict_proba
        ...     classes_ = np.array([0, 1])
        ...     def predict_proba(self, X):
        ...         p = np.asarray(X, dtype=float)[:, 0]
        ...         return np.column_stack([1 - p, p])
        >>> X = [[0.1], [0.4], [0.35], [0.8]]
        >>> display = DetCurveDisplay.from_estimator(Threshold(), X, [0, 0, 1, 1])
        >>> display.line_.get_label(), display.fnr
        ('Threshold', array([0. , 0.5, 0.5]))
        """
        return plot_from_estimator(
            cls, estimator, X, y, response_method=response_method,
            pos_label=pos_label, name=name, sample_weight=sample_weight,
            drop_intermediate=drop_intermediate, ax=ax, **plot_kwargs,
        )
