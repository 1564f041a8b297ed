"""How evalplots writes numbers: the one home of every number format.

Legends, tables, report texts and the ``str()`` of the result records all write
their numbers through these functions, so that one number reads the same wherever
it is shown. One function per kind of number, each docstring stating its rule:
:func:`format_score` (a score in [0, 1] in a legend), :func:`format_number` (a
table cell), :func:`format_threshold` (one rule for every threshold shown),
:func:`format_quantity` (a statistic on any scale), :func:`format_difference`,
:func:`format_pvalue` and :func:`format_interval`.

No number is ever written ``-0`` or ``+0``: a zero, or a number that rounds to
zero at the precision shown, reads ``0`` (:func:`_unsigned_zero`, the ``z``
option of Python 3.11's format mini-language, PEP 682), since the sign of a zero is an accident of
arithmetic or of which of two equal values a sort put first.

Nothing here computes a metric; this module imports nothing but :mod:`math`.
"""

import math

__all__ = [
    "NOT_AVAILABLE",
    "format_interval",
    "format_number",
    "format_difference",
    "format_pvalue",
    "format_quantity",
    "format_score",
    "format_threshold",
    "score_decimals",
    "unsigned_zero",
]

#: the text of an undefined value (NaN or None) in a table
NOT_AVAILABLE = "n/a"
#: significant digits of a threshold in figures, and in tables and texts
THRESHOLD_DIGITS, PRECISE_THRESHOLD_DIGITS = 3, 6


def score_decimals(value):
    """Number of decimals :func:`format_score` gives ``value``.

    2, more when 2 would round a score that is not exactly 0 or 1 to 0 or 1;
    at most 6.

    Examples
    --------
    >>> from evalplots.metrics._format import score_decimals
    >>> score_decimals(0.78), score_decimals(0.99528), score_decimals(1.0)
    (2, 3, 2)
    """
    for decimals in range(2, 7):
        if value in (0.0, 1.0) or round(value, decimals) not in (0.0, 1.0):
            return decimals
    return 6


def format_score(value, decimals=None):
    """A score in [0, 1] with 2 decimals, more when 2 would round it to 0 or 1.

    A legend must not claim a perfect (or null) score that is not: 0.99528 is
    written ``0.995``, not ``1.00``; exact 1 stays ``1.00``. ``decimals``
    forces a number of decimals (one legend uses one number for all its
    entries).

    Examples
    --------
    >>> from evalplots.metrics._format import format_score
    >>> format_score(0.7777), format_score(0.99528), format_score(1.0), format_score(2e-4)
    ('0.78', '0.995', '1.00', '0.0002')
    """
    if decimals is None:
        decimals = score_decimals(value)
    return _unsigned_zero(value, f".{decimals}f")


def format_number(value, decimals=4):
    """A table cell: ``'0.9953'`` for a float, ``'1,234'`` for an integer,
    ``'n/a'`` for NaN or None.

    Examples
    --------
    >>> from evalplots.metrics._format import format_number
    >>> format_number(0.99528), format_number(1234), format_number(float("nan"))
    ('0.9953', '1,234', 'n/a')
    >>> format_number(0.5, 2)
    '0.50'
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return NOT_AVAILABLE
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return _unsigned_zero(value, f".{decimals}f")


def format_difference(value, decimals=3):
    """A difference of two scores, signed: ``'+0.012'``, ``'-0.250'``; a zero
    (at the precision shown) has no sign: ``'0.000'``.

    Examples
    --------
    >>> from evalplots.metrics._format import format_difference
    >>> format_difference(0.0123), format_difference(-0.25), format_difference(0.0002)
    ('+0.012', '-0.250', '0.000')
    """
    return _unsigned_zero(value, f"+.{decimals}f")


def format_quantity(value, digits=4):
    """A number on any scale in ``digits`` significant digits, no trailing zeros.

    Examples
    --------
    >>> from evalplots.metrics._format import format_quantity
    >>> format_quantity(152.133), format_quantity(-0.000123456), format_quantity(2.0)
    ('152.1', '-0.0001235', '2')
    """
    return _unsigned_zero(value, f".{digits}g")


def format_threshold(value, *, precise=False):
    """A threshold in significant digits, no trailing zeros; ``'inf'`` for infinity.

    One rule for every threshold shown (markers, legends, tables, texts):
    thresholds are scores on any scale, so they are written in significant
    digits, never as scores with fixed decimals: 0.5 is ``'0.5'`` on a ROC
    marker and on a threshold Display alike. Figures use 3 significant digits;
    ``precise=True`` gives 6, for tables and texts (Python's ``'g'`` format).

    Examples
    --------
    >>> from evalplots.metrics._format import format_threshold
    >>> format_threshold(0.5), format_threshold(0.73456), format_threshold(12.5)
    ('0.5', '0.735', '12.5')
    >>> format_threshold(0.7345612, precise=True), format_threshold(float("inf"))
    ('0.734561', 'inf')
    """
    return format_quantity(value, PRECISE_THRESHOLD_DIGITS if precise else THRESHOLD_DIGITS)


def format_pvalue(pvalue):
    """``'0.0272'`` for p >= 1e-4, ``'2.7e-07'`` below, as in a results table.

    A p-value that underflowed to 0 (a z of about 38 or more) is written
    ``'< 1e-300'``: it is positive, only smaller than a float can hold.

    Examples
    --------
    >>> from evalplots.metrics._format import format_pvalue
    >>> format_pvalue(0.02718), format_pvalue(2.7e-7), format_pvalue(0.0)
    ('0.0272', '2.7e-07', '< 1e-300')
    """
    if math.isnan(pvalue):
        return "nan"
    if pvalue == 0.0:
        return "< 1e-300"
    return f"{pvalue:.4f}" if pvalue >= 1e-4 else f"{pvalue:.1e}"


def format_interval(estimate, low, high, decimals=3):
    """``'estimate [low, high]'``, the three numbers with ``decimals`` decimals.

    Python's round-half-even formatting of each number; one number of decimals
    for the three, so that a table column or a legend entry reads evenly.

    Examples
    --------
    >>> from evalplots.metrics._format import format_interval
    >>> format_interval(0.9953, 0.9891, 0.999), format_interval(0.5, 0.25, 0.75, 1)
    ('0.995 [0.989, 0.999]', '0.5 [0.2, 0.8]')
    """
    spec = f".{int(decimals)}f"
    estimate, low, high = (_unsigned_zero(v, spec) for v in (estimate, low, high))
    return f"{estimate} [{low}, {high}]"


def _unsigned_zero(value, spec):
    """``format(value, spec)`` with the sign of a zero dropped (:func:`unsigned_zero`),
    that of a signed spec (``'+'``) too. As the ``z`` option of the format
    mini-language (PEP 682), which Python 3.10 lacks.
    """
    return unsigned_zero(format(value, spec))


def unsigned_zero(text):
    """A formatted number with the sign of a zero dropped: ``'0.00'``, not ``'-0.00'``
    or ``'+0.00'``.

    Parameters
    ----------
    text : str
        A number as written by any format (``'-0.000'``, ``'+0'``, ``'-1.5'``).

    Returns
    -------
    str
        ``text``, without the sign of a number whose every digit is 0.

    Examples
    --------
    >>> from evalplots.metrics._format import unsigned_zero
    >>> unsigned_zero("-0.00"), unsigned_zero("-0"), unsigned_zero("-0.01"), unsigned_zero("+0.000")
    ('0.00', '0', '-0.01', '0.000')
    """
    if text[:1] in ("-", "+") and not text[1:].strip("0.,"):
        return text[1:]
    return text
