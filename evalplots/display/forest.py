"""Forest plot Display: one metric with its interval per subgroup (and per model)."""

import math

import numpy as np

from evalplots.display._frame import FrameMixin
from evalplots._text import drawn_text
from evalplots.display._base import LITERAL_TEXT, _literal, get_axes, merge_style_kwargs
from evalplots.metrics._format import NOT_AVAILABLE, format_interval, format_number

__all__ = ["ForestPlotDisplay"]

#: Vertical space of one row (inches) when the Display makes its own figure.
ROW_HEIGHT = 0.24
#: Metrics ``from_predictions`` computes: name -> (label, kind).
_PREDICTION_METRICS = {"roc_auc": "ROC AUC", "accuracy": "Accuracy",
                       "precision": "Precision", "recall": "Recall",
                       "specificity": "Specificity", "npv": "NPV"}


def _as_matrix(values, n_rows, name):
    a = np.asarray(values, dtype=float)
    if a.ndim == 1:
        a = a[:, None]
    if a.ndim != 2 or a.shape[0] != n_rows:
        raise ValueError(f"{name} must have shape (n_groups,) or (n_groups, n_models) "
                         f"with n_groups = {n_rows}, got shape {np.shape(values)}.")
    return a


class ForestPlotDisplay(FrameMixin):
    """Forest plot: a metric with its confidence interval for each subgroup.

    Prefer :meth:`from_evaluation` (an evaluation made with ``groups=``) or
    :meth:`from_predictions`. All parameters are stored as attributes.

    Parameters
    ----------
    labels : sequence of str of length n_groups
        The groups, top to bottom, as written in the data.
    estimates : array-like of shape (n_groups,) or (n_groups, n_models)
        The metric per group (and model); NaN where undefined (drawn 'n/a').
    lows, highs : array-like of the shape of ``estimates``
        The interval bounds; NaN where there is no interval (the point alone).
    counts : sequence of int of length n_groups, default=None
        Rows of each group, written beside its row; None writes none.
    overall : array-like of shape (n_models,), default=None
        The metric on all rows, drawn as a vertical reference line per model.
    names : sequence of str of length n_models, default=None
        Model names for the legend (needed with several models).
    metric : str, default=None
        The metric's name, the x-axis title.
    grouping : str, default=None
        What the groups are (e.g. 'site'), the title of the label column.

    Attributes
    ----------
    errorbars_ : list of matplotlib.container.ErrorbarContainer
        One per model: markers and interval lines.
    overall_lines_ : list of matplotlib.lines.Line2D
        The reference lines (empty without ``overall``).
    texts_ : list of matplotlib.text.Text
        The value and count columns.
    table_ax_ : matplotlib.axes.Axes or None
        The axes holding those columns when the Display made the figure (None
        when drawn on a given ``ax``: the columns are then right of it, outside
        the layout; leave room there).
    ax_ : matplotlib.axes.Axes
    figure_ : matplotlib.figure.Figure

    Raises
    ------
    ValueError
        If the shapes disagree or several models have no names.

    Notes
    -----
    A forest plot (Lewis & Clarke, "Forest plots: trying to see the wood and
    the trees", *BMJ* 322:1479, 2001) shows each subgroup's estimate as a
    marker and its interval as a line, with the overall value as a reference:
    a subgroup whose interval misses the reference line differs from the
    overall value. Beside each row, the estimate with its interval and the
    group's size; an undefined value reads 'n/a' and keeps its row, so no
    group disappears. Several models share a row, offset vertically, each in
    its colour of :func:`~evalplots.display.style.model_style`. The Display
    draws only; the numbers come from the evaluation or the metrics.

    Examples
    --------
    >>> from evalplots.display import ForestPlotDisplay
    >>> d = ForestPlotDisplay(["a", "b"], [0.8, 0.7], [0.7, 0.6], [0.9, 0.8],
    ...                       counts=[120, 80], overall=[0.75], metric="ROC AUC").plot()
    >>> [t.get_text() for t in d.texts_][:4]
    ['0.800 [0.700, 0.900]', '120', '0.700 [0.600, 0.800]', '80']
    """

    def __init__(self, labels, estimates, lows, highs, *, counts=None, overall=None,
                 names=None, metric=None, grouping=None):
        self.labels = [str(v) for v in labels]
        n = len(self.labels)
        self.estimates = _as_matrix(estimates, n, "estimates")
        self.lows = _as_matrix(lows, n, "lows")
        self.highs = _as_matrix(highs, n, "highs")
        if not (self.estimates.shape == self.lows.shape == self.highs.shape):
            raise ValueError(f"estimates, lows and highs must have one shape, got "
                             f"{self.estimates.shape}, {self.lows.shape} and "
                             f"{self.highs.shape}.")
        k = self.estimates.shape[1]
        if counts is not None and len(counts) != n:
            raise ValueError(f"counts has {len(counts)} entries for {n} groups; pass one "
                             f"per group.")
        self.counts = None if counts is None else [int(c) for c in counts]
        self.overall = None if overall is None else np.asarray(overall, dtype=float).ravel()
        if self.overall is not None and self.overall.size != k:
            raise ValueError(f"overall has {self.overall.size} values for {k} model(s); "
                             f"pass one per model.")
        if names is None and k > 1:
            raise ValueError(f"{k} models need names (one per column of estimates).")
        self.names = None if names is None else [str(v) for v in names]
        if self.names is not None and len(self.names) != k:
            raise ValueError(f"names has {len(self.names)} entries for {k} model(s).")
        self.metric = metric
        self.grouping = grouping


    def _frame_parts(self):
        """One part per model: the groups with their estimate, interval and count."""
        n_models = self.estimates.shape[1]
        names = self.names or [str(j) for j in range(n_models)]
        counts = np.full(len(self.labels), np.nan) if self.counts is None else self.counts
        return [(names[j] if n_models > 1 else None,
                 {"group": np.asarray(self.labels, dtype=object),
                  "estimate": self.estimates[:, j], "low": self.lows[:, j],
                  "high": self.highs[:, j], "n": np.asarray(counts, dtype=float)})
                for j in range(n_models)]

    def plot(self, ax=None, *, table_ax=None, show_values=True, show_counts=True,
             errorbar_kw=None, overall_kw=None):
        """Draw the forest plot.

        Parameters
        ----------
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on; None makes a figure whose height grows with the
            number of rows (``ROW_HEIGHT`` inches each), with a column axes
            beside it for the n and estimate [CI] columns.
        table_ax : matplotlib.axes.Axes, default=None
            With ``ax``: the axes (sharing ``ax``'s y axis) to write those
            columns in; None writes them right of ``ax``, outside the layout.
        show_values : bool, default=True
            Write each estimate with its interval beside its row (one model).
        show_counts : bool, default=True
            Write each group's size beside its row.
        errorbar_kw : dict, default=None
            ``Axes.errorbar`` properties of every model's markers and lines.
        overall_kw : dict, default=None
            Line2D properties of the reference lines.

        Returns
        -------
        display : ForestPlotDisplay
            ``self``, with the artists set.

        Raises
        ------
        ValueError
            If a style dict is not a dict or names a property twice.

        Notes
        -----
        Rows run top to bottom in the order of ``labels``; the value column is
        written for one model only (several models' numbers are in the tables).

        Examples
        --------
        >>> d = ForestPlotDisplay(["a"], [0.8], [0.7], [0.9]).plot(show_counts=False)
        >>> d.ax_.get_yticklabels()[0].get_text()
        'a'
        """
        from evalplots.display.style import model_style

        n, k = self.estimates.shape
        table = None
        if ax is None:  # with pyplot, as get_axes: it shows in notebooks and scripts
            import matplotlib.pyplot as plt

            fig = plt.figure(figsize=(6.0, 1.0 + ROW_HEIGHT * n * (1 + 0.35 * (k - 1))),
                             layout="constrained")
            ratio = 1.25 if show_values and k == 1 else 0.35
            ax, table = fig.subplots(1, 2, sharey=True, width_ratios=[2.4, ratio])
            table.set_axis_off()
        else:
            ax, _ = get_axes(ax)
            table = table_ax
            if table is not None:
                table.set_axis_off()
        y = np.arange(n, dtype=float)[::-1]
        offsets = (np.arange(k) - (k - 1) / 2) * (0.6 / max(k, 1))
        self.errorbars_, self.overall_lines_, self.texts_ = [], [], []
        for j in range(k):
            style = model_style(j)
            est, lo, hi = self.estimates[:, j], self.lows[:, j], self.highs[:, j]
            have = ~np.isnan(est)
            lo_f = np.where(np.isnan(lo), est, lo)
            hi_f = np.where(np.isnan(hi), est, hi)
            kw = merge_style_kwargs({"fmt": "s", "color": style["color"], "markersize": 5,
                                     "capsize": 0, "elinewidth": 1.2,
                                     "label": None if self.names is None else self.names[j]},
                                    errorbar_kw, argname="errorbar_kw")
            self.errorbars_.append(ax.errorbar(
                est[have], y[have] - offsets[j],
                xerr=np.vstack((est[have] - lo_f[have], hi_f[have] - est[have])), **kw))
            if self.overall is not None and math.isfinite(self.overall[j]):
                okw = merge_style_kwargs({"color": style["color"], "linestyle": "--",
                                          "linewidth": 0.9, "alpha": 0.8},
                                         overall_kw, argname="overall_kw")
                self.overall_lines_.append(ax.axvline(self.overall[j], **okw))
        # the value and count columns: in a table axes of their own when the
        # Display makes the figure, else right of the given axes (outside the layout)
        where = table if table is not None else ax
        # n first, then the estimate [CI] (in fractions of the column's axes)
        x0, gap = (0.03, 0.3 if show_values and k == 1 else 0.45) if table is not None \
            else (1.03, 0.12)
        text_kw = {"transform": where.get_yaxis_transform(), "va": "center",
                   "fontsize": "small", "clip_on": False, "in_layout": table is not None}
        value_column = show_values and k == 1
        counted = show_counts and self.counts is not None
        x_count, x0 = x0, x0 + (gap if counted else 0.0)
        for i in range(n):
            if value_column:
                e, lo, hi = self.estimates[i, 0], self.lows[i, 0], self.highs[i, 0]
                text = (NOT_AVAILABLE if math.isnan(e) else format_number(e, 3)
                        if math.isnan(lo) else format_interval(e, lo, hi))
                self.texts_.append(where.text(x0, y[i], text, ha="left", **text_kw))
            elif k > 1 and np.isnan(self.estimates[i]).all():
                self.texts_.append(where.text(x0, y[i], NOT_AVAILABLE, ha="left",
                                              **text_kw))
            if counted:
                self.texts_.append(where.text(x_count, y[i], f"{self.counts[i]:,}",
                                              ha="left", **text_kw))
        header = {**text_kw, "transform": where.transAxes, "va": "bottom",
                  "fontweight": "bold"}
        top = 1.0 + 0.01
        if value_column:
            self.texts_.append(where.text(x0, top, "estimate [CI]", ha="left", **header))
        if counted:
            self.texts_.append(where.text(x_count, top, "n", ha="left", **header))
        if self.grouping:
            self.texts_.append(ax.text(0.0, top, drawn_text(self.grouping), ha="right",
                                       **{**header, "transform": ax.transAxes},
                                       **LITERAL_TEXT))
        ax.set_yticks(y, [drawn_text(v) for v in self.labels])  # as written, never mathtext
        for label in ax.get_yticklabels():
            label.set_parse_math(False)
        ax.set_ylim(-0.7, n - 0.3)
        ax.tick_params(axis="y", length=0)
        if self.metric:
            ax.set_xlabel(self.metric)
        ax.grid(axis="x", linewidth=0.4, alpha=0.4)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        if self.names is not None and k > 1:
            if table is not None:  # below the plot, outside it
                _literal(ax.figure.legend(*ax.get_legend_handles_labels(),
                                          loc="outside lower center", ncols=min(k, 4),
                                          frameon=False, fontsize="small"))
            else:
                _literal(ax.legend(loc="best", fontsize="small"))
        self.ax_, self.figure_ = ax, ax.figure
        self.table_ax_ = table
        return self

    @classmethod
    def from_evaluation(cls, evaluation, metric="ROC AUC", *, grouping=None, models=None,
                        ax=None, **plot_kw):
        """The forest plot of one grouping of an evaluation made with ``groups=``.

        Parameters
        ----------
        evaluation : Evaluation
            Made by :func:`evalplots.evaluate` with ``groups=``.
        metric : str, default='ROC AUC'
            A column of its metrics table.
        grouping : str or None, default=None
            The grouping (a key of ``evaluation.groups``); None when there is one.
        models : sequence of str or None, default=None
            The models, one marker each per row (None: all).
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on.
        **plot_kw : dict
            Passed to :meth:`plot`.

        Returns
        -------
        display : ForestPlotDisplay

        Raises
        ------
        ValueError
            If the evaluation has no groups, or ``grouping``, ``metric`` or a
            model is unknown.

        Notes
        -----
        Reads ``evaluation.groups[grouping].by_group(metric, model)`` and the
        overall metrics table: the numbers are the evaluation's own.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 1, 0, 1, 0], {"m": [.9, .2, .7, .4, .6, .5]},
        ...               groups={"site": list("aabbcc")})
        >>> d = ForestPlotDisplay.from_evaluation(ev, "Accuracy")
        >>> d.labels, d.counts
        (['a', 'b', 'c'], [2, 2, 2])
        """
        groups = getattr(evaluation, "groups", None)
        if not groups:
            raise ValueError("the evaluation has no groups; evaluate with groups= to "
                             "draw a forest plot.")
        if grouping is None:
            if len(groups) > 1:
                raise ValueError(f"the evaluation has {len(groups)} groupings; name one "
                                 f"of {list(groups)} as the grouping.")
            grouping = next(iter(groups))
        if grouping not in groups:
            raise ValueError(f"no grouping {grouping!r}; the groupings are {list(groups)}.")
        g = groups[grouping]
        models = list(models or evaluation.model_names)
        columns = [g.by_group(metric, model) for model in models]

        def read(value):
            ci = value.ci
            return (value.estimate, math.nan if ci is None else ci.low,
                    math.nan if ci is None else ci.high)

        cells = np.array([[read(c[level]) for c in columns] for level in g.levels],
                         dtype=float).reshape(len(g.levels), len(models), 3)
        est, lo, hi = cells[..., 0], cells[..., 1], cells[..., 2]
        overall = [evaluation.metrics_table.rows[m][metric] for m in models]
        display = cls([str(v) for v in g.levels], est, lo, hi,
                      counts=[g.sizes[level] for level in g.levels], overall=overall,
                      names=models if len(models) > 1 else None, metric=metric,
                      grouping=grouping)
        return display.plot(ax=ax, **plot_kw)

    @classmethod
    def from_predictions(cls, y_true, y_score, groups, *, metric="roc_auc", threshold=0.5,
                         pos_label=None, confidence_level=0.95, name=None, grouping=None,
                         ax=None, **plot_kw):
        """Compute one metric per group with its interval and draw the forest plot.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True binary labels.
        y_score : array-like of shape (n_samples,)
            Scores of the positive class.
        groups : array-like of shape (n_samples,)
            Each row's group; no label missing.
        metric : {'roc_auc', 'accuracy', 'precision', 'recall', 'specificity', 'npv'}, default='roc_auc'
            'roc_auc' with DeLong's interval; the others at ``threshold`` with
            Wilson's interval.
        threshold : float, default=0.5
            ``score >= threshold`` is predicted positive.
        pos_label : int, float, bool, str or None, default=None
            The positive class.
        confidence_level : float, default=0.95
            Coverage of the intervals.
        name : str or None, default=None
            The model's name.
        grouping : str or None, default=None
            What the groups are (the label column's title).
        ax : matplotlib.axes.Axes, default=None
            Axes to draw on.
        **plot_kw : dict
            Passed to :meth:`plot`.

        Returns
        -------
        display : ForestPlotDisplay

        Raises
        ------
        ValueError
            If ``metric`` is unknown, or the arrays are invalid (as the
            metrics raise).

        Notes
        -----
        Per group :func:`evalplots.metrics.roc_auc_ci` or
        :func:`evalplots.metrics.binary_rates_ci`; a group where the metric is
        undefined (e.g. one class only) is drawn 'n/a' and keeps its row.

        Examples
        --------
        >>> d = ForestPlotDisplay.from_predictions(
        ...     [1, 0, 1, 0, 1, 0], [.9, .2, .7, .4, .6, .5], list("aabbcc"))
        >>> d.estimates.ravel().tolist()
        [1.0, 1.0, 1.0]
        """
        import warnings

        from evalplots import metrics
        from evalplots.metrics._labels import binary_classes
        from evalplots.metrics._validation import as_1d

        if metric not in _PREDICTION_METRICS:
            raise ValueError(f"metric must be one of {list(_PREDICTION_METRICS)}, got "
                             f"{metric!r}.")
        y = as_1d(y_true, "y_true")
        s = as_1d(y_score, "y_score")
        g = as_1d(groups, "groups")
        if not (y.size == s.size == g.size):
            raise ValueError(f"y_true, y_score and groups must have one length, got "
                             f"{y.size}, {s.size} and {g.size}.")
        _, pos_label, neg_label = binary_classes(y, pos_label)
        predicted = np.where(s >= threshold, pos_label, neg_label)

        def one(mask):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    if metric == "roc_auc":
                        ci = metrics.roc_auc_ci(y[mask], s[mask], pos_label=pos_label,
                                                confidence_level=confidence_level)
                    else:
                        ci = metrics.binary_rates_ci(
                            y[mask], predicted[mask], pos_label=pos_label,
                            confidence_level=confidence_level)[metric]
            except ValueError:
                return math.nan, math.nan, math.nan
            return ci.estimate, ci.low, ci.high

        levels = np.unique(g)
        rows = [one(g == level) for level in levels]
        overall = one(np.ones(y.size, bool))[0]
        est, lo, hi = (np.array([r[k] for r in rows]) for k in range(3))
        display = cls([str(v) for v in levels.tolist()], est, lo, hi,
                      counts=[int((g == level).sum()) for level in levels],
                      overall=[overall], names=None if name is None else [name],
                      metric=_PREDICTION_METRICS[metric], grouping=grouping)
        return display.plot(ax=ax, **plot_kw)
