"""Decision curve Display: net benefit against the threshold probability."""

import math
from fractions import Fraction

import numpy as np

from evalplots._docstrings import DISPLAY_NAME_AX_PARAMS, fill_doc
from evalplots.display._base import (
    CHANCE_GID,
    CurveDisplayMixin,
    legend_text,
    merge_style_kwargs,
)

__all__ = ["DecisionCurveDisplay"]

#: gid of the model curves, so that a second model on the same axes widens the limits
DECISION_GID = "evalplots:decision_curve"

#: the two reference strategies, drawn once per axes, carry the chance lines' gid
#: (listed after the models in the legend) and say which they are in this attribute
_REFERENCE = "_evalplots_strategy"

#: the most negative net benefit shown, as a fraction of the highest curve point
_BELOW = 0.1


def _check_thresholds(thresholds):
    t = np.asarray(thresholds, dtype=float)
    if t.ndim != 1 or t.size == 0 or not np.isfinite(t).all() or t.min() < 0 or t.max() >= 1:
        raise ValueError(
            "thresholds must be a non-empty 1-D array of threshold probabilities in "
            "[0, 1); pass the thresholds given to evalplots.metrics.net_benefit."
        )
    return t


def _check_values(values, thresholds, name):
    v = np.asarray(values, dtype=float)
    if v.shape != thresholds.shape or not np.isfinite(v).all():
        raise ValueError(
            f"{name} must be finite, one value per threshold ({thresholds.size}), got "
            f"shape {v.shape}; pass the array returned by evalplots.metrics.net_benefit."
        )
    return v


def odds_label(p):
    """The cost:benefit ratio ``p : (1 − p)`` of a threshold probability, in lowest
    terms (``0.2`` → ``"1:4"``), the labels of the odds axis."""
    p = Fraction(float(p)).limit_denominator(1000)
    ratio = p / (1 - p)
    return f"{ratio.numerator}:{ratio.denominator}"


def threshold_ticks(lo, hi):
    """Ticks of the threshold axis on [lo, hi]: multiples of 0.2, 0.1, 0.05 or 0.01,
    the coarsest step that gives at least three (so that the cost:benefit labels
    above them do not collide)."""
    for step in (0.2, 0.1, 0.05, 0.01):
        ticks = [k * step for k in range(math.ceil(lo / step - 1e-9),
                                         math.floor(hi / step + 1e-9) + 1)]
        ticks = [round(t, 10) for t in ticks if t < 1]
        if len(ticks) >= 3:
            return ticks
    return [round(lo, 10), round(hi, 10)] if hi > lo else [round(lo, 10)]


class DecisionCurveDisplay(CurveDisplayMixin):
    """Decision curve visualization: net benefit against the threshold probability.

    Prefer :meth:`from_predictions`, which computes the net benefit with
    :func:`evalplots.metrics.net_benefit` and the treat-all strategy with
    :func:`evalplots.metrics.treat_all_net_benefit`. All parameters are stored
    as attributes, unchanged.

    Parameters
    ----------
    thresholds : array-like of shape (n_thresholds,)
        Threshold probabilities in [0, 1), increasing.
    net_benefit : array-like of shape (n_thresholds,)
        The model's net benefit at each threshold.
    treat_all : array-like of shape (n_thresholds,), default=None
        The net benefit of treating everyone at each threshold; None draws no
        treat-all line.
    name : str, default=None
        Model name for the legend; None shows none.
    pos_label : int, float, bool or str, default=None
        The positive class (the outcome), shown in the legend title.

    Attributes
    ----------
    line_ : matplotlib.lines.Line2D
        The model's decision curve.
    treat_all_ : matplotlib.lines.Line2D or None
        The treat-all line (shared by the models on one axes), or None.
    treat_none_ : matplotlib.lines.Line2D or None
        The treat-none line, net benefit 0 (shared), or None.
    odds_axis_ : matplotlib.axes.Axes
        The secondary x axis at the top, labelled with the cost:benefit ratio
        p_t : (1 − p_t) at the ticks of the threshold axis.
    ax_ : matplotlib.axes.Axes
        The axes drawn on.
    figure_ : matplotlib.figure.Figure
        The figure holding ``ax_``.

    Raises
    ------
    ValueError
        If ``thresholds`` is not 1-D, empty, not finite or outside [0, 1), or
        ``net_benefit`` (``treat_all``) is not finite or not one value per
        threshold.

    See Also
    --------
    evalplots.metrics.net_benefit : Compute the curve.
    CalibrationDisplay : Whether the predicted risks are right on average.

    Notes
    -----
    Decision curve analysis (Vickers & Elkin, "Decision curve analysis: a novel
    method for evaluating prediction models", *Medical Decision Making* 26,
    2006): at the threshold probability p_t a patient is treated when the
    predicted risk is at least p_t, and NB(p_t) = TP/N − FP/N · p_t/(1 − p_t).
    The model is of use where its curve lies above both the treat-all and the
    treat-none (NB = 0) lines. The odds p_t/(1 − p_t) is the number of false
    positives one true positive is worth; the top axis shows it as the
    cost:benefit ratio (1:4 at p_t = 0.2), as in Vickers & Elkin's figures.

    The y axis spans from −10 % of the highest net benefit drawn (at most the
    prevalence) to 5 % above it: the treat-all line falls below that at high
    thresholds and leaves the axes there, as in R's ``dcurves`` plots; the
    stored arrays keep every value.

    Examples
    --------
    >>> from evalplots.display import DecisionCurveDisplay
    >>> display = DecisionCurveDisplay([0.1, 0.2, 0.3], [0.3, 0.25, 0.2],
    ...                                treat_all=[0.33, 0.25, 0.14], name="m").plot()
    >>> display.line_.get_label(), display.treat_all_.get_label()
    ('m', 'Treat all')
    >>> [t.get_text() for t in display.odds_axis_.get_xticklabels()][:3]
    ['1:9', '1:4', '3:7']
    """

    _FRAME = ("thresholds", "net_benefit", "treat_all")

    def __init__(self, thresholds, net_benefit, *, treat_all=None, name=None, pos_label=None):
        self.thresholds = _check_thresholds(thresholds)
        self.net_benefit = _check_values(net_benefit, self.thresholds, "net_benefit")
        self.treat_all = (None if treat_all is None
                          else _check_values(treat_all, self.thresholds, "treat_all"))
        self.name = name
        self.pos_label = pos_label

    def plot(
        self,
        ax=None,
        *,
        name=None,
        plot_treat_all=True,
        plot_treat_none=True,
        treat_all_kw=None,
        treat_none_kw=None,
        legend_title=None,
        **kwargs,
    ):
        """Draw the decision curve with the treat-all and treat-none strategies.

        Call again with the same ``ax`` to add more models to one axes; the two
        reference lines are drawn once.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None creates a new figure and axes.
        name : str, default=None
            Name for the legend; None uses the ``name`` given at construction.
        plot_treat_all : bool, default=True
            Whether to draw the treat-all line (when ``treat_all`` is stored).
        plot_treat_none : bool, default=True
            Whether to draw the treat-none line, net benefit 0.
        treat_all_kw : dict, default=None
            Line2D properties of the treat-all line (default: grey, solid, thin,
            labelled ``"Treat all"``).
        treat_none_kw : dict, default=None
            Line2D properties of the treat-none line (default: black, dashed,
            labelled ``"Treat none"``).
        legend_title : str, default=None
            Title of the legend; None keeps the title of the axes' legend.
        **kwargs : dict
            Line2D properties of the model's curve.

        Returns
        -------
        display : DecisionCurveDisplay
            ``self``, with ``line_``, ``treat_all_``, ``treat_none_``,
            ``odds_axis_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If a style dict sets one property under two alias names (``c`` and
            ``color``) or is not a dict, or ``ax`` is not a rectilinear Axes.

        Notes
        -----
        The x axis spans the thresholds of every decision curve on the axes;
        the y axis from −10 % to 105 % of the highest net benefit drawn there.
        The legend goes where it covers the fewest points (matplotlib's
        ``loc="best"``): the curves fall from the top left, where they start
        at the prevalence, at different places for different data.

        Examples
        --------
        >>> from evalplots.display import DecisionCurveDisplay
        >>> display = DecisionCurveDisplay([0.0, 0.5], [0.4, 0.1]).plot(
        ...     plot_treat_none=False)
        >>> display.treat_none_ is None, display.ax_.get_xlabel()
        (True, 'Threshold probability')
        """
        name = self._prepare_axes(ax, name)
        ax = self.ax_
        line_kw = merge_style_kwargs({"label": legend_text(name)}, kwargs, argname="kwargs")
        all_kw = merge_style_kwargs(
            {"label": "Treat all", "color": "0.45", "linewidth": 1.0}, treat_all_kw,
            argname="treat_all_kw")
        none_kw = merge_style_kwargs(
            {"label": "Treat none", "color": "k", "linestyle": "--", "linewidth": 1.0},
            treat_none_kw, argname="treat_none_kw")
        (self.line_,) = ax.plot(self.thresholds, self.net_benefit, gid=DECISION_GID, **line_kw)
        curves = [ln for ln in ax.get_lines() if ln.get_gid() == DECISION_GID]
        lo = min(float(np.min(ln.get_xdata())) for ln in curves)
        hi = max(float(np.max(ln.get_xdata())) for ln in curves)
        self.treat_all_ = None
        if plot_treat_all and self.treat_all is not None:
            self.treat_all_ = self._shared_line("treat all", self.thresholds,
                                                self.treat_all, all_kw)
        self.treat_none_ = (self._shared_line("treat none", np.array([0.0, 1.0]),
                                              np.zeros(2), none_kw)
                            if plot_treat_none else None)
        drawn = [ln for ln in ax.get_lines() if ln.get_gid() == DECISION_GID
                 or getattr(ln, _REFERENCE, None) == "treat all"]
        top = max(max(float(np.max(ln.get_ydata())) for ln in drawn), 1e-3)
        self._finish_axes(
            xlabel="Threshold probability",
            ylabel="Net benefit",
            despine_axes=False,
            legend_loc="best",
            legend_title=legend_title,
            xlim=(lo, hi),
            ylim=(-_BELOW * top, 1.05 * top),
            aspect="auto",
        )
        self.odds_axis_ = self._odds_axis()
        return self

    def _shared_line(self, strategy, x, y, kwargs):
        """The line of the reference ``strategy`` already on the axes, else a new one."""
        for line in self.ax_.get_lines():
            if getattr(line, _REFERENCE, None) == strategy:
                return line
        (line,) = self.ax_.plot(x, y, gid=CHANCE_GID, **kwargs)
        setattr(line, _REFERENCE, strategy)
        return line

    def _odds_axis(self):
        """Round ticks on the threshold axis and, at the same places, the
        cost:benefit ratio on a top axis."""
        ax = self.ax_
        for child in ax.child_axes:
            if getattr(child, "_evalplots_odds", False):
                child.remove()
        lo, hi = ax.get_xlim()
        ticks = threshold_ticks(lo, hi)
        ax.set_xticks(ticks)
        odds = ax.secondary_xaxis("top")
        odds._evalplots_odds = True
        odds.set_xticks(ticks, [odds_label(t) for t in ticks])
        odds.set_xlabel("Cost:benefit ratio")
        return odds

    @classmethod
    @fill_doc(name_ax=DISPLAY_NAME_AX_PARAMS)
    def from_predictions(
        cls,
        y_true,
        y_prob,
        *,
        thresholds=None,
        pos_label=None,
        sample_weight=None,
        name=None,
        ax=None,
        **plot_kwargs,
    ):
        """Compute the decision curve of predicted probabilities, then plot it.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True binary labels (the outcome). With labels other than {0, 1},
            {-1, 1} or {False, True}, ``pos_label`` must be given.
        y_prob : array-like of shape (n_samples,)
            Predicted probability of the positive class (the risk), in [0, 1].
        thresholds : array-like of shape (n_thresholds,), default=None
            Threshold probabilities in [0, 1), increasing; None means 0, 0.01,
            ..., 0.99 (R's ``dcurves::dca`` default).
        pos_label : int, float, bool or str, default=None
            The label of the positive class; None means 1 (True) for the label
            sets above.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.
        %(name_ax)s
        **plot_kwargs : dict
            Any option of :meth:`plot` (``plot_treat_all``, ``plot_treat_none``,
            their ``_kw`` dicts, ``legend_title``, Line2D properties).

        Returns
        -------
        display : DecisionCurveDisplay
            The plotted display.

        Raises
        ------
        ValueError
            If ``y_prob`` holds values outside [0, 1]; if the labels are not
            binary, ``pos_label`` is needed or absent, lengths differ; if
            ``y_true`` holds only one class; if a threshold is outside [0, 1)
            or the thresholds do not increase; or as :meth:`plot`.

        Notes
        -----
        Computes :func:`evalplots.metrics.net_benefit` and
        :func:`evalplots.metrics.treat_all_net_benefit` at ``thresholds``
        (Vickers & Elkin 2006).

        Examples
        --------
        >>> from evalplots.display import DecisionCurveDisplay
        >>> display = DecisionCurveDisplay.from_predictions(
        ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], thresholds=[0.2, 0.5], name="toy")
        >>> display.net_benefit, display.treat_all
        (array([0.4375, 0.25  ]), array([0.375, 0.   ]))
        """
        from evalplots.metrics import net_benefit, treat_all_net_benefit

        shown_pos_label, _, _ = cls._check_classes(
            y_true, pos_label, sample_weight, curve="decision curve", need_negatives=True
        )
        if thresholds is None:
            thresholds = np.arange(100) / 100.0
        t = np.asarray(thresholds, dtype=float)
        if t.ndim == 1 and t.size > 1 and not (np.diff(t) > 0).all():
            raise ValueError(
                "thresholds must increase (each threshold probability once), e.g. "
                "np.linspace(0, 0.5, 51); sort them first."
            )
        model = net_benefit(y_true, y_prob, t, pos_label=pos_label, sample_weight=sample_weight)
        treat_all = treat_all_net_benefit(y_true, t, pos_label=pos_label,
                                          sample_weight=sample_weight)
        display = cls(t, model, treat_all=treat_all, name=name, pos_label=shown_pos_label)
        return display.plot(ax=ax, **plot_kwargs)
