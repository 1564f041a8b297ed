"""Cell colours and texts of the confusion-matrix heatmap."""

import numpy as np

__all__ = [
    "contrast_ratio",
    "format_cells",
    "is_integral",
    "normalize_matrix",
    "relative_luminance",
    "text_colors",
]

#: the two cell-text colours; each cell gets the one of higher contrast with it.
DARK_TEXT, LIGHT_TEXT = "0.15", "w"


def relative_luminance(rgba):
    """Relative luminance of RGB(A) colours, by the W3C (WCAG 2.0) formula.

    Parameters
    ----------
    rgba : array-like of shape (n_colors, 3) or (n_colors, 4)
        Colours as floats in [0, 1]; the alpha channel is ignored.

    Returns
    -------
    luminance : ndarray of shape (n_colors,)
        Values in [0, 1]: 0 for black, 1 for white.

    Notes
    -----
    L = 0.2126 R + 0.7152 G + 0.0722 B on linearised channels, c / 12.92 if
    c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 (W3C, WCAG 2.0, "relative
    luminance"). Cell texts are coloured by :func:`text_colors`, which compares
    the contrast ratios this luminance gives.

    Examples
    --------
    >>> from evalplots.display.confusion_matrix import relative_luminance
    >>> relative_luminance([[1, 1, 1], [0, 0, 0], [1, 0, 0]]).round(4).tolist()
    [1.0, 0.0, 0.2126]
    """
    rgb = np.asarray(rgba, dtype=float)[..., :3]
    lin = np.where(rgb <= 0.03928, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return lin @ np.array([0.2126, 0.7152, 0.0722])


def contrast_ratio(rgb_a, rgb_b):
    """WCAG contrast ratio of two (arrays of) colours, from 1:1 to 21:1.

    Parameters
    ----------
    rgb_a, rgb_b : array-like of shape (n_colors, 3) or (n_colors, 4)
        Opaque colours as floats in [0, 1] (alpha is ignored); either may be a
        single colour of shape (3,) or (4,), compared with every colour of the other.

    Returns
    -------
    ratio : ndarray of shape (n_colors,)
        (L1 + 0.05) / (L2 + 0.05), L1 the lighter relative luminance.

    Notes
    -----
    W3C, WCAG 2.x, "contrast ratio": (L1 + 0.05) / (L2 + 0.05) with the relative
    luminances of :func:`relative_luminance`; WCAG asks 4.5:1 for normal text
    (success criterion 1.4.3).

    Examples
    --------
    >>> from evalplots.display._cells import contrast_ratio
    >>> contrast_ratio([[1, 1, 1], [0.5, 0.5, 0.5]], [0, 0, 0]).round(2).tolist()
    [21.0, 5.28]
    """
    la, lb = relative_luminance(rgb_a), relative_luminance(rgb_b)
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


def text_colors(rgba, background="w"):
    """The text colour, dark or white, of higher contrast with each cell colour.

    Parameters
    ----------
    rgba : array-like of shape (n_cells, 4)
        Cell colours as floats in [0, 1]; a cell's alpha blends it over
        ``background`` (a transparent cell — a NaN value, a gap — shows the
        background).
    background : color, default='w'
        The colour behind the cells (the axes' face colour).

    Returns
    -------
    colors : ndarray of shape (n_cells,), dtype=object
        ``DARK_TEXT`` ('0.15') or ``LIGHT_TEXT`` ('w') for each cell; dark when
        both give the same contrast.

    Notes
    -----
    Each cell gets whichever text colour has the higher WCAG 2.x contrast ratio
    (:func:`contrast_ratio`) with it. With dark grey 0.15 (L ≈ 0.0196) and white
    text the switch is at a cell luminance of about 0.22 — lower than seaborn's
    0.408, under which a mid-blue cell of 'Blues' (L ≈ 0.33) would get white text
    at 2.8:1 instead of dark text at 5.5:1.

    Examples
    --------
    >>> from evalplots.display._cells import text_colors
    >>> text_colors([[0.36, 0.64, 0.81, 1.0], [0.03, 0.19, 0.42, 1.0]]).tolist()
    ['0.15', 'w']
    """
    from matplotlib.colors import to_rgb

    rgba = np.asarray(rgba, dtype=float).reshape(-1, 4)
    alpha = rgba[:, 3:]
    shown = alpha * rgba[:, :3] + (1.0 - alpha) * np.asarray(to_rgb(background))
    dark = contrast_ratio(shown, to_rgb(DARK_TEXT))
    light = contrast_ratio(shown, to_rgb(LIGHT_TEXT))
    return np.where(dark >= light, DARK_TEXT, LIGHT_TEXT).astype(object)


def normalize_matrix(cm, normalize):
    """Divide by row ('true'), column ('pred') or total ('all') sums; 0 where sum is 0.

    Same rule as :func:`evalplots.metrics.confusion_matrix` with ``normalize``.
    """
    axis = {"true": 1, "pred": 0, "all": None}[normalize]
    den = cm.sum(axis=axis, keepdims=axis is not None)
    return np.divide(cm, den, out=np.zeros(cm.shape), where=den != 0)


def is_integral(matrix):
    """Whether every entry is a whole number (unweighted or whole-weighted counts)."""
    return matrix.dtype.kind in "biu" or bool(np.all(np.mod(matrix, 1) == 0))


def format_cells(matrix, fmt):
    """Format every cell: ``fmt`` if given, integers as such, other floats with .2f."""
    if fmt is None:
        integral = is_integral(matrix)
        fmt = "d" if integral else ".2f"
        matrix = matrix.astype(np.int64) if integral else matrix
    try:
        format(matrix.flat[0], fmt)
    except (TypeError, ValueError):
        raise ValueError(
            f"values_format={fmt!r} is not a format spec for these values; pass e.g. "
            f"'.2f', '.1%' or 'd' (whole numbers only)."
        ) from None
    return np.vectorize(lambda v: format(v, fmt), otypes=[object])(matrix)
