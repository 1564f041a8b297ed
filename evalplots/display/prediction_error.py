"""Prediction-error Display of a regression model.

Actual or residual against predicted values, and the distribution of the residuals;
for large n a hexbin density or a subsample, stated in the axes title.
"""

import numbers

import numpy as np
from matplotlib.ticker import LogFormatter, ScalarFormatter

from evalplots._docstrings import REGRESSION_PARAMS, fill_doc
from evalplots.display._frame import FrameMixin
from evalplots.display._base import (
    LITERAL_TEXT,
    break_lines,
    check_option,
    figure_text,
    get_axes,
    literal_legend,
    merge_style_kwargs,
)
from evalplots.metrics._format import format_quantity
from evalplots.metrics._validation import as_1d, check_consistent_length, check_finite

__all__ = ["PredictionErrorDisplay"]

KINDS = ("residual_vs_predicted", "actual_vs_predicted", "residual_distribution")

#: With ``hexbin="auto"``, more points than this are drawn as a hexbin density.
SCATTER_MAX_POINTS = 1_000

#: scikit-learn's axis titles; the residual is actual − predicted, as in scikit-learn.
PREDICTED_LABEL = "Predicted values"
ACTUAL_LABEL = "Actual values"
RESIDUAL_LABEL = "Residuals (actual - predicted)"
COUNT_LABEL = "Number of samples"
DENSITY_LABEL = "Density"
HEXBIN_COUNT_LABEL = "Samples per hexagon"

#: Reference-line legend entries, by kind.
_LINE_LABEL = {
    "actual_vs_predicted": "Perfect prediction",
    "residual_vs_predicted": "Zero residual",
    "residual_distribution": "Zero residual",
}
#: Legend places: points of a fair model hug the diagonal, so the upper left is free.
_LEGEND_LOC = {"actual_vs_predicted": "upper left"}


class ScaleInLabel(ScalarFormatter):
    """matplotlib's plain tick labels, the axis' power of ten in its title, and
    the title in lines no longer than the axis.

    On a target at 1e-6 or 1e6 scale matplotlib writes the tick labels' common
    power of ten as an offset text ("1e−7") at the end of the axis, where a
    long axis title ("Residuals (actual - predicted)") runs into it. Here the
    power goes into the title instead, "Residuals (actual - predicted)
    [×1e−7]" (a tick label times 1e−7 is the value), and no offset text is
    drawn. No additive offset is used ("+3e6"): tick labels show the values'
    leading digits. A title longer than its axis is broken into lines
    (:func:`~evalplots.display._base.break_lines`): the layout engine does not
    make room for an x title wider than its axes, so it would stick out of
    the figure; the room is the narrowest the axis has been, so that the
    passes of a layout engine (which resize the axes) do not undo the breaks
    they made room for. The title is rewritten only while it is the one this
    formatter wrote: a title the user set afterwards is kept.
    """

    def __init__(self, label):
        super().__init__(useOffset=False)
        self.label = self._written = label
        self._room = float("inf")  # points

    def set_locs(self, locs):
        # docstring inherited
        super().set_locs(locs)
        title, axes = self.axis.label, self.axis.axes
        if title.get_text() not in (self.label, self._written):
            return
        # matplotlib 3.11 made the attribute private (the public name warns)
        power = getattr(self, "_orderOfMagnitude", None)
        if power is None:
            power = self.orderOfMagnitude
        text = self.label + (f" [\N{MULTIPLICATION SIGN}1e{power}]"
                             .replace("-", "\N{MINUS SIGN}") if power else "")
        box = axes.bbox
        room = (box.width if self.axis is axes.xaxis else box.height) * 72 / axes.figure.dpi
        if room > 0:  # the narrowest seen: the layout engine's passes then agree
            self._room = room = min(room, self._room)
        self._written = break_lines(text, room, fontsize=title.get_fontsize()) if room > 0 else text
        title.set_text(self._written)

    def get_offset(self):
        # docstring inherited
        return ""


def _check_subsample(subsample, n_samples):
    """Return the number of points to draw (``n_samples`` when not subsampling)."""
    if subsample is None:
        return n_samples
    if isinstance(subsample, numbers.Integral) and not isinstance(subsample, bool):
        if subsample <= 0:
            raise ValueError(
                f"subsample must be a positive number of samples, a fraction in (0, 1) "
                f"or None, got {subsample!r}."
            )
        return min(int(subsample), n_samples)
    if isinstance(subsample, numbers.Real) and not isinstance(subsample, bool):
        if not 0 < subsample < 1:
            raise ValueError(
                f"subsample must be a fraction in (0, 1) when a float, got "
                f"{subsample!r}; pass an int for a number of samples, or None for "
                f"all of them."
            )
        size = int(n_samples * subsample)
        if size == 0:
            raise ValueError(
                f"subsample={subsample!r} of {n_samples} samples keeps none of them; "
                f"pass a larger fraction or an int."
            )
        return size
    raise ValueError(
        f"subsample must be an int, a float in (0, 1) or None, got "
        f"{type(subsample).__name__} {subsample!r}."
    )


def _check_random_state(random_state):
    """Return a numpy Generator for ``random_state``: None, an int >= 0, a Generator."""
    if random_state is None or isinstance(random_state, np.random.Generator):
        return np.random.default_rng(random_state)
    if (
        isinstance(random_state, numbers.Integral)
        and not isinstance(random_state, bool)
        and random_state >= 0
    ):
        return np.random.default_rng(int(random_state))
    raise ValueError(
        f"random_state must be None, a non-negative int or a numpy.random.Generator, "
        f"got {random_state!r}; pass e.g. random_state=0 for a reproducible subsample."
    )


def _check_hexbin(hexbin):
    if isinstance(hexbin, (bool, np.bool_)) or (
        isinstance(hexbin, str) and hexbin == "auto"
    ):
        return hexbin
    raise ValueError(f"hexbin must be 'auto', True or False, got {hexbin!r}.")


def _sampling_note(n_samples, n_drawn, as_hexbin, random_state):
    """Say how the points were drawn, or None when every sample is a scatter point."""
    if n_drawn == n_samples:
        return f"hexbin of {n_samples:,} samples" if as_hexbin else None
    if random_state is None:
        seed = "random_state=None"
    elif isinstance(random_state, numbers.Integral):
        seed = f"random_state={int(random_state)}"
    else:
        seed = "random_state=<Generator>"
    drawn = f"{n_drawn:,} of {n_samples:,} samples"
    return (
        f"{'hexbin of ' if as_hexbin else ''}{drawn},\nrandom subsample ({seed})"
    )


def _square_limits(lo, hi):
    """Axis limits 5 % beyond [lo, hi] (± 0.5 around a single value)."""
    pad = 0.05 * (hi - lo) if hi > lo else max(0.5, 0.05 * abs(lo))
    return lo - pad, hi + pad


@fill_doc(regression_params=REGRESSION_PARAMS)
class PredictionErrorDisplay(FrameMixin):
    """Prediction error of a regression model: actual or residual against predicted.

    Prefer :meth:`from_predictions`. All parameters are stored as attributes. Three
    kinds of figure are drawn by :meth:`plot`: actual against predicted values (with
    the identity line), residuals against predicted values (with the zero line), and
    the histogram of the residuals (with the zero and the mean-residual lines). The
    residual is ``y_true - y_pred`` (actual − predicted), as in scikit-learn.

    Parameters
    ----------
    %(regression_params)s
    name : str, default=None
        Model name, shown as the axes title; None shows none.

    Attributes
    ----------
    scatter_ : matplotlib.collections.PathCollection or None
        The scatter of the samples drawn, or None (hexbin or histogram drawn).
    hexbin_ : matplotlib.collections.PolyCollection or None
        The hexbin density (counts per hexagon in ``hexbin_.get_array()``; its
        colorbar, when drawn, is ``hexbin_.colorbar``), or None when not drawn.
    line_ : matplotlib.lines.Line2D
        The perfect-prediction line: y = x for ``kind="actual_vs_predicted"``, the
        zero residual otherwise (horizontal, or vertical in the histogram).
    hist_ : matplotlib.container.BarContainer or None
        The residual histogram's bars, or None when not drawn.
    mean_line_ : matplotlib.lines.Line2D or None
        The vertical line at the mean residual in the histogram, or None.
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If ``y_true`` or ``y_pred`` is empty, not 1-D, non-numeric or holds NaN/inf,
        or their lengths differ.

    See Also
    --------
    evalplots.metrics.mean_squared_error : The mean of the squared residuals.
    evalplots.metrics.r2_score : The share of variance the predictions explain.

    Notes
    -----
    The residual of sample i is :math:`r_i = y_i - \\hat y_i` (actual − predicted;
    scikit-learn's ``PredictionErrorDisplay``): a positive residual means the model
    under-predicts. A good model's points lie close to the identity line
    :math:`y = \\hat y` (actual against predicted) and scatter evenly around zero
    with no trend in :math:`\\hat y` (residual against predicted); a trend reveals a
    bias, a funnel heteroscedastic errors (Thakur, *Approaching (Almost) Any Machine
    Learning Problem*, ch. "Evaluation metrics"). The mean of the squared residuals
    is the MSE (Zhou Zhihua, *Machine Learning* §2.3, eq. 2.2).

    Examples
    --------
    >>> from evalplots.display import PredictionErrorDisplay
    >>> display = PredictionErrorDisplay(
    ...     y_true=[3.0, -0.5, 2.0, 7.0], y_pred=[2.5, 0.0, 2.0, 8.0]).plot()
    >>> display.scatter_.get_offsets().tolist()  # (predicted, actual - predicted)
    [[2.5, 0.5], [0.0, -0.5], [2.0, 0.0], [8.0, -1.0]]
    >>> display.ax_.get_ylabel()
    'Residuals (actual - predicted)'
    """

    _FRAME = ("y_true", "y_pred")

    def __init__(self, *, y_true, y_pred, name=None):
        y_true = check_finite(as_1d(y_true, "y_true"), "y_true")
        y_pred = check_finite(as_1d(y_pred, "y_pred"), "y_pred")
        check_consistent_length(y_true=y_true, y_pred=y_pred)
        self.y_true = y_true
        self.y_pred = y_pred
        self.name = name

    def plot(
        self,
        ax=None,
        *,
        kind="residual_vs_predicted",
        name=None,
        subsample=None,
        random_state=0,
        hexbin="auto",
        colorbar=True,
        scatter_kw=None,
        hexbin_kw=None,
        line_kw=None,
        hist_kw=None,
        mean_line_kw=None,
    ):
        """Draw actual or residual against predicted values, or the residual histogram.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes. One model per axes:
            draw several models on several axes of one figure.
        kind : {'residual_vs_predicted', 'actual_vs_predicted', \
'residual_distribution'}, default='residual_vs_predicted'
            'residual_vs_predicted': residuals (y) against predicted values (x), with
            the zero line. 'actual_vs_predicted': actual (y) against predicted values
            (x) on equal axis ranges, with the identity line y = x.
            'residual_distribution': the histogram of the residuals of all samples,
            with the zero line and the mean residual.
        name : str, default=None
            Model name for the axes title; None uses the ``name`` given at
            construction.
        subsample : int, float or None, default=None
            Points of the two scatter kinds: None draws every sample; an int n draws
            n samples, a float in (0, 1) that fraction of them, drawn at random
            without replacement (in their input order). The histogram always counts
            every sample.
        random_state : int, numpy.random.Generator or None, default=0
            Seed of the subsample; an int gives the same subsample at every call.
            None draws a different one each time (the title says so).
        hexbin : {'auto', True, False}, default='auto'
            Draw the points as a hexbin density (counts per hexagon, logarithmic
            colour scale) instead of a scatter: 'auto' does so when more than
            ``SCATTER_MAX_POINTS`` (1,000) points are to be drawn.
        colorbar : bool, default=True
            Whether to draw the hexbin's colorbar (samples per hexagon).
        scatter_kw : dict, default=None
            Properties of the scatter (``Axes.scatter``; default ``alpha=0.8``).
        hexbin_kw : dict, default=None
            Arguments of ``Axes.hexbin`` (default ``gridsize=50``, ``mincnt=1``,
            ``bins='log'``, ``cmap='viridis'``; for 'actual_vs_predicted' the square
            ``extent`` of the axes, so that the hexagons are regular).
        line_kw : dict, default=None
            Line2D properties of the reference line (perfect prediction y = x, or
            zero residual; default black, dashed,
            ``alpha=0.7``, as in scikit-learn).
        hist_kw : dict, default=None
            Arguments of ``Axes.hist`` for the residual histogram (default
            ``bins='auto'``, numpy's bin rule; ``density=True`` draws a density,
            and the y-axis title says so).
        mean_line_kw : dict, default=None
            Line2D properties of the mean-residual line (default solid, colour
            'C1', labelled ``"Mean residual = …"``).

        Returns
        -------
        display : PredictionErrorDisplay
            ``self``, with ``scatter_``, ``hexbin_``, ``line_``, ``hist_``,
            ``mean_line_``, ``ax_`` and ``figure_`` set (None when not drawn).

        Raises
        ------
        ValueError
            If ``kind``, ``hexbin``, ``subsample`` or ``random_state`` is not one of
            the values above (a float ``subsample`` keeping no sample included), a
            style dict sets one property under two alias names, or ``ax`` is a polar
            or 3-D Axes.

        Notes
        -----
        Residual :math:`r_i = y_i - \\hat y_i` (actual − predicted), as in
        scikit-learn. Nothing is dropped silently: when not every sample is a
        scatter point, the axes title says how they are drawn, e.g. "hexbin of
        1,000,000 samples" or "1,000 of 1,000,000 samples, random subsample
        (random_state=0)". By default every sample is drawn — as points up to
        1,000 of them (scikit-learn's subsample size: beyond it points merge into a
        blot), as a hexbin density above (its colours count samples per hexagon,
        on a log scale, so single outliers stay visible). scikit-learn's
        ``from_predictions`` instead draws, by default, 1,000 samples picked with
        replacement (so some are repeated) and does not say so; pass
        ``subsample=1000`` for a scatter of 1,000 distinct samples. The identity
        line and the axis ranges of 'actual_vs_predicted' span all samples, drawn
        or not. The mean residual of the histogram is
        :math:`\\bar r = \\frac{1}{n}\\sum_i r_i`; a positive mean means the model
        under-predicts on average.

        Examples
        --------
        >>> import numpy as np
        >>> from evalplots.display import PredictionErrorDisplay
        >>> rng = np.random.default_rng(0)
        >>> y_true = rng.normal(size=100_000)
        >>> y_pred = y_true + rng.normal(scale=0.5, size=y_true.size)
        >>> display = PredictionErrorDisplay(y_true=y_true, y_pred=y_pred, name="noisy")
        >>> display = display.plot(kind="actual_vs_predicted")
        >>> display.ax_.get_title()
        'noisy\\nhexbin of 100,000 samples'
        >>> int(display.hexbin_.get_array().sum()), display.scatter_
        (100000, None)
        >>> display = display.plot(subsample=1000)
        >>> print(display.ax_.get_title())
        noisy
        1,000 of 100,000 samples,
        random subsample (random_state=0)
        """
        check_option(kind, KINDS, "kind")
        _check_hexbin(hexbin)
        n_drawn = _check_subsample(subsample, self.y_true.size)
        rng = _check_random_state(random_state)
        line_kw = merge_style_kwargs(
            {
                "color": "k",
                "alpha": 0.7,
                "linestyle": "--",
                "label": _LINE_LABEL[kind],
            },
            line_kw,
            argname="line_kw",
        )
        scatter_kw = merge_style_kwargs(
            {"alpha": 0.8}, scatter_kw, argname="scatter_kw"
        )
        hexbin_kw = merge_style_kwargs(
            {"gridsize": 50, "mincnt": 1, "bins": "log", "cmap": "viridis"},
            hexbin_kw,
            argname="hexbin_kw",
        )
        hist_kw = merge_style_kwargs({"bins": "auto"}, hist_kw, argname="hist_kw")
        mean_line_kw = merge_style_kwargs(
            {"color": "C1", "linestyle": "-"}, mean_line_kw, argname="mean_line_kw"
        )
        self.ax_, self.figure_ = get_axes(ax)
        self.scatter_ = self.hexbin_ = self.hist_ = self.mean_line_ = None
        if kind == "residual_distribution":
            note = None
            self._draw_histogram(line_kw, hist_kw, mean_line_kw)
        else:
            actual = kind == "actual_vs_predicted"
            as_hexbin = n_drawn > SCATTER_MAX_POINTS if hexbin == "auto" else hexbin
            note = _sampling_note(self.y_true.size, n_drawn, as_hexbin, random_state)
            if actual:
                # square axes; the hexbin grid spans them, so its hexagons are regular
                limits = self._draw_identity_line(line_kw)
                hexbin_kw = {"extent": limits + limits, **hexbin_kw}
            else:
                x_range = [self.y_pred.min(), self.y_pred.max()]
                (self.line_,) = self.ax_.plot(x_range, [0, 0], **line_kw)
            drawn = self._drawn_indices(n_drawn, rng)
            x = self.y_pred[drawn]
            y = (self.y_true if actual else self._residuals())[drawn]
            if as_hexbin:
                self._draw_hexbin(x, y, hexbin_kw, colorbar)
            else:
                self.scatter_ = self.ax_.scatter(x, y, **scatter_kw)
            ylabel = ACTUAL_LABEL if actual else RESIDUAL_LABEL
            self.ax_.set(xlabel=PREDICTED_LABEL, ylabel=ylabel)
        for axis in (self.ax_.xaxis, self.ax_.yaxis):
            axis.set_major_formatter(ScaleInLabel(axis.get_label_text()))
        name = self.name if name is None else name
        title = "\n".join(text for text in (name, note) if text is not None)
        if title:  # the model name: shown literally, as every user text
            self.ax_.set_title(figure_text(title), fontsize="medium", **LITERAL_TEXT)
        if self.ax_.get_legend_handles_labels()[0]:
            literal_legend(self.ax_, loc=_LEGEND_LOC.get(kind, "best"))
        return self

    def _drawn_indices(self, n_drawn, rng):
        """All samples (a slice), or a sorted random subsample without replacement."""
        if n_drawn == self.y_true.size:
            return slice(None)
        return np.sort(rng.choice(self.y_true.size, size=n_drawn, replace=False))

    def _residuals(self):
        return self.y_true - self.y_pred

    def _draw_identity_line(self, line_kw):
        """Draw y = x over the range of all samples; return the square axis limits."""
        lo = min(self.y_true.min(), self.y_pred.min())
        hi = max(self.y_true.max(), self.y_pred.max())
        (self.line_,) = self.ax_.plot([lo, hi], [lo, hi], **line_kw)
        limits = _square_limits(lo, hi)
        self.ax_.set(xlim=limits, ylim=limits, aspect="equal")
        return limits

    def _draw_hexbin(self, x, y, hexbin_kw, colorbar):
        self.hexbin_ = self.ax_.hexbin(x, y, **hexbin_kw)
        if colorbar:
            bar = self.figure_.colorbar(self.hexbin_, ax=self.ax_,
                                        label=HEXBIN_COUNT_LABEL)
            # counts as plain numbers ("10", "2"), not "10^1" or "2x10^0": exponents
            # are set at 0.7 of the tick-label size, below what prints legibly
            bar.formatter = LogFormatter()
            bar.minorformatter = LogFormatter(labelOnlyBase=False)

    def _draw_histogram(self, line_kw, hist_kw, mean_line_kw):
        """Histogram of every residual, the zero line and the mean-residual line."""
        residuals = self._residuals()
        if isinstance(hist_kw["bins"], str) and residuals.size and np.ptp(residuals) <= (
                64 * np.spacing(np.abs(residuals).max())):
            # equal but for rounding (y + 0.4 - y): a rule's bins would be narrower
            # than the floats between them ("too many bins"); one bar is the truth
            hist_kw = {**hist_kw, "bins": 1}
        *_, self.hist_ = self.ax_.hist(residuals, **hist_kw)
        self.line_ = self.ax_.axvline(0.0, **line_kw)
        mean = float(residuals.mean())
        mean_line_kw = {"label": f"Mean residual = {format_quantity(mean)}", **mean_line_kw}
        self.mean_line_ = self.ax_.axvline(mean, **mean_line_kw)
        ylabel = DENSITY_LABEL if hist_kw.get("density") else COUNT_LABEL
        self.ax_.set(xlabel=RESIDUAL_LABEL, ylabel=ylabel)
        self.ax_.margins(y=0.3)  # headroom for the legend (the bars stick to 0)

    @classmethod
    @fill_doc(regression_params=REGRESSION_PARAMS)
    def from_predictions(
        cls,
        y_true,
        y_pred,
        *,
        kind="residual_vs_predicted",
        subsample=None,
        random_state=0,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Plot the prediction error of ``y_pred`` against ``y_true``.

        Parameters
        ----------
        %(regression_params)s
        kind : {'residual_vs_predicted', 'actual_vs_predicted', \
'residual_distribution'}, default='residual_vs_predicted'
            The figure to draw; see :meth:`plot`.
        subsample : int, float or None, default=None
            Number (int) or fraction (float in (0, 1)) of the samples drawn as
            points, picked at random without replacement; None draws all of them
            (as a hexbin above 1,000). See :meth:`plot`.
        random_state : int, numpy.random.Generator or None, default=0
            Seed of the subsample.
        name : str, default=None
            Model name, shown as the axes title.
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        **plot_kwargs : dict
            Any other option of :meth:`plot` (``hexbin``, ``colorbar``,
            ``scatter_kw``, ``hexbin_kw``, ``line_kw``, ``hist_kw``,
            ``mean_line_kw``).

        Returns
        -------
        display : PredictionErrorDisplay
            The plotted display; it keeps all samples, drawn or not.

        Raises
        ------
        ValueError
            If ``y_true`` or ``y_pred`` is empty, not 1-D, non-numeric or holds
            NaN/inf, or their lengths differ; or as :meth:`plot`.

        Notes
        -----
        Residual :math:`r_i = y_i - \\hat y_i` (actual − predicted), as in
        scikit-learn's ``PredictionErrorDisplay.from_predictions``, whose API this
        follows (``kind``, ``subsample``, ``random_state``, ``ax``; style dicts
        ``scatter_kw`` and ``line_kw``). Two differences: the subsample is drawn
        without replacement and stated in the title, and by default nothing is
        subsampled — large inputs are drawn as a hexbin density of every sample.

        Examples
        --------
        >>> from evalplots.display import PredictionErrorDisplay
        >>> display = PredictionErrorDisplay.from_predictions(
        ...     [3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0],
        ...     kind="residual_distribution", hist_kw={"bins": [-1.5, -0.5, 0.5, 1.5]})
        >>> [float(bar.get_height()) for bar in display.hist_]  # .5, -.5, 0, -1
        [1.0, 2.0, 1.0]
        >>> display.mean_line_.get_label()
        'Mean residual = -0.25'
        """
        display = cls(y_true=y_true, y_pred=y_pred, name=name)
        return display.plot(
            ax=ax,
            kind=kind,
            subsample=subsample,
            random_state=random_state,
            **plot_kwargs,
        )
