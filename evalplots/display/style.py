"""Publication styles as context managers; nothing here changes rcParams globally.

Use a style around the code that draws *and saves* a figure (matplotlib reads most
parameters at draw time)::

    with evalplots.display.style.context("paper"):
        display = RocCurveDisplay.from_predictions(y_true, y_score)
        display.figure_.savefig("roc.pdf")
"""

import matplotlib as mpl
import numpy as np

from evalplots.display._fonts import BASE_FAMILY

__all__ = ["FIGURE_SIZES_MM", "OKABE_ITO", "PALETTES", "STYLES", "available", "context",
           "line_cycle"]

_COMMON = {
    "axes.spines.top": False,
    "axes.spines.right": False,
    "legend.frameon": False,
    "pdf.fonttype": 42,  # embed TrueType: editable text, accepted by journals
    "ps.fonttype": 42,
    "savefig.bbox": "tight",
}

#: rcParams of each style. 'paper' fits a single journal column (3.5 in wide).
STYLES = {
    "paper": {
        **_COMMON,
        "figure.figsize": (3.5, 3.5),
        "savefig.dpi": 300,
        "font.size": 8.0,
        "axes.titlesize": 9.0,
        "axes.labelsize": 8.0,
        "xtick.labelsize": 6.0,
        "ytick.labelsize": 6.0,
        "legend.fontsize": 6.0,
        "legend.title_fontsize": 6.0,
        # compact legends: inside a 2 in axes they must leave the curves visible
        "legend.handlelength": 1.2,
        "legend.handletextpad": 0.4,
        "legend.borderpad": 0.2,
        "legend.labelspacing": 0.25,
        "legend.borderaxespad": 0.2,
        "legend.columnspacing": 1.0,
        # tight tick and axis-title spacing: panels of 2.3 in keep their axes large
        "xtick.major.size": 2.5,
        "ytick.major.size": 2.5,
        "xtick.major.pad": 2.0,
        "ytick.major.pad": 2.0,
        "axes.labelpad": 2.0,
        "axes.titlepad": 3.0,
        "figure.constrained_layout.w_pad": 1.5 / 72,  # inches (default 3 pt)
        "figure.constrained_layout.h_pad": 1.5 / 72,
        "figure.constrained_layout.wspace": 0.01,  # of the figure (default 0.02)
        "figure.constrained_layout.hspace": 0.01,
        "lines.linewidth": 1.25,
        "lines.markersize": 4.0,
    },
    "notebook": {
        **_COMMON,
        "figure.figsize": (5.0, 5.0),
        "font.size": 10.0,
        "legend.fontsize": 9.0,
        "lines.linewidth": 1.5,
    },
    # Figures of the PDF report, printed ~17 cm wide: small fonts, thin lines. The
    # figure size is set by each figure; text stays text (TrueType) in vector output.
    "report": {
        "figure.figsize": (7.6, 3.7),
        "font.size": 8.0,
        "axes.titlesize": 9.0,
        "axes.labelsize": 8.0,
        "legend.fontsize": 7.0,
        "xtick.labelsize": 7.0,
        "ytick.labelsize": 7.0,
        "lines.linewidth": 1.3,
        "lines.markersize": 6.0,
        "axes.unicode_minus": False,
        "pdf.fonttype": 42,
    },
    "talk": {
        **_COMMON,
        "figure.figsize": (6.4, 6.4),
        "font.size": 14.0,
        "axes.labelsize": 14.0,
        "legend.fontsize": 12.0,
        "lines.linewidth": 2.5,
        "lines.markersize": 9.0,
    },
}

available = tuple(STYLES)

#: Journal figure sizes, (width, height) in mm: the widths of Nature's figure guide
#: (89 mm one column, 120 mm one and a half, 183 mm two columns; "Formatting guide",
#: nature.com/nature/for-authors/formatting-guide), which most journals' widths are
#: near (Elsevier 90/140/190 mm, Science 5.7/12.1/18.4 cm). Heights: a square panel
#: in one column, a row of panels (three of about 58 mm) in two.
FIGURE_SIZES_MM = {"single": (89.0, 89.0), "onehalf": (120.0, 89.0),
                   "double": (183.0, 61.0)}
_MM = 1 / 25.4  # inches per mm

#: Okabe and Ito's colour-blind-safe palette ("Color Universal Design: how to make
#: figures and presentations that are friendly to colorblind people", 2008,
#: jfly.uni-koeln.de/color), in the order lines take it: blue, vermillion, bluish
#: green, reddish purple, orange, sky blue, black, yellow (last: faint on white).
OKABE_ITO = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
             "#000000", "#F0E442")
#: a dash pattern per colour, so that lines stay apart in greyscale print
_OKABE_ITO_DASHES = ("-", "--", ":", "-.", (0, (5, 1, 1, 1, 1, 1)), (0, (1, 1)),
                     (0, (8, 2)), (0, (3, 1, 1, 1)))
#: the palettes :func:`context` takes: name -> (colours, dash patterns)
PALETTES = {"okabe_ito": (OKABE_ITO, _OKABE_ITO_DASHES)}


def line_cycle(palette="okabe_ito"):
    """The ``axes.prop_cycle`` of a palette: each line a colour *and* a dash pattern.

    Parameters
    ----------
    palette : {'okabe_ito'}, default='okabe_ito'
        One of :data:`PALETTES`.

    Returns
    -------
    cycle : cycler.Cycler
        Eight (colour, linestyle) pairs, then again.

    Raises
    ------
    ValueError
        If ``palette`` is not one of :data:`PALETTES`.

    Notes
    -----
    Colour and dash are paired (added, not multiplied), so the first eight
    lines of an axes differ in both: a reader who cannot tell the colours apart
    (colour-blind, or a greyscale print) still tells the lines apart by their
    dashes. Okabe-Ito's colours are told apart by the common colour-vision
    deficiencies (Okabe & Ito 2008).

    Examples
    --------
    >>> from evalplots.display.style import line_cycle
    >>> [d["color"] for d in line_cycle()][:3]
    ['#0072B2', '#D55E00', '#009E73']
    """
    from cycler import cycler

    if palette not in PALETTES:
        raise ValueError(f"palette must be one of {', '.join(map(repr, PALETTES))} or "
                         f"None; got {palette!r}.")
    colors, dashes = PALETTES[palette]
    return cycler(color=list(colors)) + cycler(linestyle=list(dashes))


def context(style="paper", rc=None, *, fallback_family=None, width=None, palette=None):
    """Return a context manager that applies a publication style temporarily.

    Parameters
    ----------
    style : {'paper', 'notebook', 'report', 'talk'}, default='paper'
        'paper': one journal column (3.5 × 3.5 in, 8 pt text, 6 pt tick labels
        and compact 6 pt legends, tight tick and layout padding, 300 dpi,
        TrueType fonts in PDF) — also for multi-panel figures of a full page
        width, e.g. three panels in 7 × 2.4 in; 'notebook': 5 × 5 in, 10 pt;
        'report': the figures of the PDF report (8 pt text, thin lines; each
        figure sets its size); 'talk': 6.4 × 6.4 in, 14 pt.
    rc : dict, default=None
        Extra rcParams applied on top of the style.
    fallback_family : str, default=None
        A font family for the characters DejaVu Sans lacks (an installed CJK
        font, as :func:`evalplots.display._fonts.figure_font_family` finds one):
        text is drawn in DejaVu Sans and, glyph by glyph, in this family.
    width : {'single', 'onehalf', 'double'} or None, default=None
        A journal figure size (:data:`FIGURE_SIZES_MM`): 89 × 89 mm (one
        column), 120 × 89 mm, 183 × 61 mm (two columns, a row of panels). The
        figure is laid out with constrained layout and saved at exactly that
        size (``savefig.bbox = 'standard'``: nothing trimmed); None keeps the
        style's size and its tight bounding box.
    palette : {'okabe_ito'} or None, default=None
        A colour-blind-safe line cycle (:func:`line_cycle`): the lines drawn on
        an axes take Okabe-Ito's colours, each with its own dash pattern, so
        that they differ in greyscale too. None keeps matplotlib's cycle.

    Returns
    -------
    context : contextlib.AbstractContextManager
        A :func:`matplotlib.rc_context`; the previous rcParams come back on exit. It
        also works as a function decorator.

    Raises
    ------
    ValueError
        If ``style`` is not one of :data:`available`, ``width`` not one of
        :data:`FIGURE_SIZES_MM`, ``palette`` not one of :data:`PALETTES`, or
        ``rc`` holds an unknown rcParam.

    Notes
    -----
    Sizes follow common journal figure widths (one column ≈ 3.5 in, 8 pt text as in most
    author guidelines, nothing below 5 pt: a legend too wide for its axes shrinks down
    to 5 pt, see :class:`evalplots.display._base.FittedLegend`); ``pdf.fonttype = 42``
    embeds TrueType fonts so text stays editable. Built on :func:`matplotlib.rc_context`
    (the mechanism of :func:`matplotlib.style.context` and seaborn's
    ``plotting_context``): the style lives only inside the ``with`` block, in keeping
    with the Display rule that nothing changes ``rcParams`` globally.

    matplotlib (3.6 and later) falls back glyph by glyph across the entries of
    ``font.family`` only: a generic entry such as ``'sans-serif'`` stands for
    one font, the first installed one of ``font.sans-serif``, so a fallback
    put in that list is never reached and its glyphs are drawn as boxes. The
    fallback family therefore goes into ``font.family`` itself, after DejaVu
    Sans: ``font.family = ['DejaVu Sans', fallback_family]``.

    Examples
    --------
    >>> import matplotlib as mpl
    >>> from evalplots.display import style
    >>> before = mpl.rcParams["font.size"]
    >>> with style.context("paper"):
    ...     mpl.rcParams["font.size"]
    8.0
    >>> mpl.rcParams["font.size"] == before
    True
    >>> with style.context("paper", width="double"):  # 183 x 61 mm
    ...     [round(v, 2) for v in mpl.rcParams["figure.figsize"]]
    [7.2, 2.4]
    """
    if not isinstance(style, str) or style not in STYLES:
        raise ValueError(
            f"style must be one of {', '.join(map(repr, available))}; got {style!r}."
        )
    params = dict(STYLES[style])
    if width is not None:
        if width not in FIGURE_SIZES_MM:
            raise ValueError(f"width must be one of "
                             f"{', '.join(map(repr, FIGURE_SIZES_MM))} or None; "
                             f"got {width!r}.")
        w, h = FIGURE_SIZES_MM[width]
        params.update({"figure.figsize": (w * _MM, h * _MM), "savefig.bbox": "standard",
                       "figure.constrained_layout.use": True})
    if palette is not None:
        params["axes.prop_cycle"] = line_cycle(palette)
    if fallback_family is not None:
        params["font.family"] = [BASE_FAMILY, fallback_family]
    if rc is not None:
        unknown = sorted(set(rc) - set(mpl.rcParams))
        if unknown:
            raise ValueError(f"rc holds unknown rcParams {unknown}; see mpl.rcParams.")
        params.update(rc)
    return mpl.rc_context(params)


# --- The palette: the one home of the colours of classes and models -------------

#: line styles that tell apart models of one colour (10 colours x 4 styles)
MODEL_LINESTYLES = ("-", "--", ":", "-.")


def class_colors(n_classes):
    """``n_classes`` distinct colours, for the classes of one figure.

    tab10 up to 10 classes, tab20 up to 20, then samples of 'turbo' (where
    neighbouring classes become hard to tell apart). Class curves are solid, so
    the colour alone tells them apart.

    Examples
    --------
    >>> from evalplots.display.style import class_colors
    >>> len(class_colors(3)), len(set(class_colors(25)))
    (3, 25)
    """
    if n_classes <= 10:
        return list(mpl.colormaps["tab10"].colors[:n_classes])
    if n_classes <= 20:
        return list(mpl.colormaps["tab20"].colors[:n_classes])
    return [tuple(c) for c in mpl.colormaps["turbo"](np.linspace(0.05, 0.95, n_classes))]


def model_style(i):
    """Colour and line style of the ``i``-th model: no two models alike.

    The ten tab10 colours solid, then dashed, dotted and dash-dotted (40
    models), then the ten light tab20 shades in the same four styles (80);
    beyond that, colours from evenly spaced hues (never repeated).

    Examples
    --------
    >>> from evalplots.display.style import model_style
    >>> model_style(0), model_style(10)
    ({'color': '#1f77b4', 'linestyle': '-'}, {'color': '#1f77b4', 'linestyle': '--'})
    """
    from matplotlib.colors import hsv_to_rgb, to_hex

    if i < 80:
        palette = mpl.colormaps["tab20"].colors[i // 40::2]
        return {"color": to_hex(palette[i % 10]),
                "linestyle": MODEL_LINESTYLES[i // 10 % 4]}
    hue = ((i - 80) * 0.6180339887) % 1.0  # golden-ratio steps: distinct hues
    return {"color": to_hex(hsv_to_rgb((hue, 0.8, 0.6 + 0.3 * (i % 2)))),
            "linestyle": "-"}
