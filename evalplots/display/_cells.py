"""Cell colours and texts of the confusion-matrix heatmap."""

import numpy as np

__all__ = ["format_cells", "is_integral", "normalize_matrix", "relative_luminance"]

#: seaborn's threshold: dark text on cells lighter than this relative luminance.
LUMINANCE_THRESHOLD = 0.408
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
    luminance"). seaborn's heatmap uses the same formula and writes dark text on
    cells with L > 0.408, white text otherwise; this Display does the same.

    Examples
    --------
    >>> from evalplots.display.confusion_matrix import relative_luminance
    >>> relative_luminance([[1, 1, 1], [0, 0, 0], [1, 0, 0]]).round(4).tolist()
    [1.0, 0.0, 0.2126]
    """
    rgb = np.asarray(rgba, dtype=float)[..., :3]
    lin = np.where(rgb <= 0.03928, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return lin @ np.array([0.2126, 0.7152, 0.0722])


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
