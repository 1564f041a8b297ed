"""A multi-panel figure for a paper: the models' curves side by side, panels lettered,
one legend for all.

The panels are the evaluation's own Displays (``ev.display(kind, name)``), drawn in
:func:`evalplots.display.style.context` ``'paper'`` at a journal width, each model in
the same colour and dash pattern in every panel (Okabe-Ito, :func:`line_cycle`), so
that one legend under the panels names them all, in one font size (no legend of a
panel shrinks to fit). Imports matplotlib only when called.
"""

__all__ = ["PANEL_KINDS", "paper_figure"]

#: the kinds of panel a paper figure draws: one curve per model on shared axes
PANEL_KINDS = ("roc", "precision_recall", "calibration", "det", "gain")


def _check_panels(ev, panels):
    if isinstance(panels, str):
        panels = [panels]
    panels = list(panels)
    usable = [k for k in PANEL_KINDS if k in ev.display_kinds]
    bad = [k for k in panels if k not in usable]
    if bad or not panels:
        raise ValueError(f"panels must be a list of some of {usable} (one panel each); "
                         f"got {panels!r}.")
    return panels


def paper_figure(ev, panels, *, width="double", models=None, path=None, letters=True):
    """Draw the models' curves in lettered panels side by side, with one shared legend.

    Parameters
    ----------
    ev : Evaluation
        A binary evaluation (:func:`evalplots.evaluate`).
    panels : sequence of str
        One panel per entry, left to right: ``'roc'``, ``'precision_recall'``,
        ``'calibration'``, ``'det'``, ``'gain'``.
    width : {'single', 'onehalf', 'double'}, default='double'
        The journal size of the figure (:data:`evalplots.display.style.FIGURE_SIZES_MM`:
        183 × 61 mm for 'double').
    models : sequence of str or None, default=None
        The models drawn, in order; None: every model of ``ev``.
    path : str or path-like or None, default=None
        Save the figure there (PDF, SVG or PNG, by the suffix) inside the paper
        style, so that its fonts are embedded TrueType and its size exact.
    letters : bool, default=True
        Letter the panels (a), (b), (c), ... at their top left.

    Returns
    -------
    figure : matplotlib.figure.Figure
        Not attached to pyplot; save it inside
        ``style.context('paper', width=width)`` to keep the fonts and size (or
        pass ``path``).

    Raises
    ------
    ValueError
        If ``panels`` names a kind the evaluation cannot draw, or ``models`` a
        model it does not have.

    Notes
    -----
    Each model keeps one colour and dash pattern in all panels (Okabe & Ito's
    colour-blind-safe palette, a dash pattern each, so a greyscale print keeps
    them apart), so one legend, under the panels, names the models; the
    scores the panels' own legends would give (AUC, AP, ECE) are in the
    evaluation's tables. Calibration panels leave out their count histograms
    and show the models whose scores are probabilities.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> from evalplots.evaluation import paper_figure
    >>> ev = evaluate([0, 1, 1, 0, 1, 0], {"a": [.1, .8, .7, .3, .6, .4],
    ...                                    "b": [.2, .6, .9, .5, .4, .1]})
    >>> fig = paper_figure(ev, ["roc", "precision_recall"])
    >>> [ax.get_title(loc="left") for ax in fig.axes], fig.legends[0].texts[1].get_text()
    (['(a)', '(b)'], 'b')
    """
    from matplotlib.figure import Figure

    from evalplots.display import style

    panels = _check_panels(ev, panels)
    names = ev.model_names if models is None else list(models)
    unknown = [n for n in names if n not in ev.model_names]
    if unknown or not names:
        raise ValueError(f"models must name models of the evaluation, some of "
                         f"{ev.model_names}; got {models!r}.")
    cycle = list(style.line_cycle())
    with style.context("paper", width=width):
        fig = Figure()
        axes = fig.subplots(1, len(panels), squeeze=False)[0]
        handles = {}
        for k, (kind, ax) in enumerate(zip(panels, axes)):
            for i, name in enumerate(names):
                line = _draw(ev, kind, name, ax, first=i == 0,
                             **cycle[ev.model_names.index(name) % len(cycle)])
                if line is not None:
                    handles.setdefault(name, line)
            if ax.get_legend() is not None:
                ax.get_legend().remove()
            ax.set_box_aspect(1)
            if letters:
                ax.set_title(f"({chr(ord('a') + k)})", loc="left", fontweight="bold")
        fig.legend([handles[n] for n in names if n in handles],
                   [n for n in names if n in handles], loc="outside lower center",
                   ncols=min(len(handles), 4))
        if path is not None:
            fig.savefig(path)
    return fig


def _draw(ev, kind, name, ax, *, first, color, linestyle):
    """Draw model ``name``'s curve of ``kind`` on ``ax``; its line, or None when the
    model has none (a calibration curve of scores that are not probabilities)."""
    if kind == "calibration":
        if not ev[name].is_probability:
            return None
        display = ev.calibration_display(name).plot(
            ax=ax, plot_histogram=False, ref_line=first, color=color, linestyle=linestyle)
        return display.line_
    options = {"plot_chance_level": first} if kind in ("roc", "det", "gain") else {}
    display = ev.display(kind, name).plot(ax=ax, color=color, linestyle=linestyle,
                                          **options)
    return display.line_
