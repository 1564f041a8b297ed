"""How evalplots writes numbers: the one home of every number format.

Legends, tables, report texts and the ``str()`` of the result records all write
their numbers through these functions, so that one number reads the same wherever
it is shown. One function per kind of number, each docstring stating its rule:
:func:`format_score` (a score in [0, 1] in a legend), :func:`format_number` (a
table cell), :func:`format_threshold` (one rule for every threshold shown),
:func:`format_quantity` (a statistic on any scale), :func:`format_difference`,
:func:`format_pvalue`, :func:`format_interval` and :func:`format_ratio` (a ratio,
whose precision is relative).

Precision: a number is written to the digits it carries. A table's lone
value has :data:`TABLE_DIGITS` decimals below 10 and one fewer per further
integer digit (``'0.9953'``, ``'152.13'``, ``'25,331'``); an estimate with
an interval is rounded where the interval's width has two significant
digits (:func:`interval_decimals`), so a 1e-6 error is not ``'0.000 [0.000,
0.000]'`` nor a million-dollar MSE given to six decimals. Outside [:data:`SCIENTIFIC_BELOW`, :data:`SCIENTIFIC_FROM`)
numbers are written in scientific notation, ``'2.346e-7'`` and ``'4.400e10'``
(the exponent of an interval's three numbers is one); below it, thousands
are separated by commas (``'25,300'``). An interval of zero width says so
(:data:`ZERO_WIDTH`). A resampling p-value is written no finer than its
resolution (:func:`format_pvalue`'s ``floor``).

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
    "format_ratio",
    "format_score",
    "format_threshold",
    "interval_decimals",
    "score_decimals",
    "unsigned_zero",
]

#: the text of an undefined value (NaN or None) in a table
NOT_AVAILABLE = "n/a"
#: significant digits of a threshold in figures, and in tables and texts
THRESHOLD_DIGITS, PRECISE_THRESHOLD_DIGITS = 3, 6
#: significant digits of a lone value in a table, and the most decimals of a
#: score anywhere (a legend never shows more than the table)
TABLE_DIGITS = 4
#: magnitudes below the first or from the second are written in scientific notation
SCIENTIFIC_BELOW, SCIENTIFIC_FROM = 1e-3, 1e6
#: significant digits of a ratio written without an interval
RATIO_DIGITS = 3
#: what an interval whose bounds are equal shows instead of "[x, x]"
ZERO_WIDTH = "[zero width]"


def _exponent(value):
    """The power of ten of the leading digit of ``value`` (not 0)."""
    return math.floor(math.log10(abs(value)))


def _scientific(magnitude):
    return not SCIENTIFIC_BELOW <= magnitude < SCIENTIFIC_FROM


def _rounded(value, last, exponent=None):
    """``value`` rounded at the digit ``10 ** last``: in fixed notation with
    thousands separators, or as a mantissa times ``10 ** exponent`` written
    ``'2.3e-7'``."""
    if exponent is None:
        if last > 0:
            value = round(value, -last)
        return _unsigned_zero(value, f",.{max(0, -last)}f")
    mantissa = _unsigned_zero(value / 10.0 ** exponent, f".{max(0, exponent - last)}f")
    return f"{mantissa}e{exponent}"


def _significant(value, digits, *, table=False):
    """``value`` in ``digits`` significant digits: fixed notation within
    [SCIENTIFIC_BELOW, SCIENTIFIC_FROM), never fewer than the integer digits;
    scientific notation outside. A ``table`` value in fixed notation has
    ``digits`` decimals below 10 (a column of scores reads evenly, ``1.0000``
    beside ``0.9953``) and one fewer per further integer digit."""
    if value == 0:
        return _unsigned_zero(0.0, f".{digits}f")
    exponent = _exponent(value)
    if _scientific(abs(value)):
        if abs(round(value / 10.0 ** exponent, digits - 1)) >= 10:  # 9.9996e9 -> 1.000e10
            exponent += 1
        return _rounded(value, exponent - digits + 1, exponent)
    last = max(-digits, exponent - digits) if table else exponent - digits + 1
    return _rounded(value, min(0, last))


def score_decimals(value):
    """Number of decimals :func:`format_score` gives ``value``.

    2, more when 2 would round a score that is not exactly 0 or 1 to 0 or 1;
    at most :data:`TABLE_DIGITS` (4), the decimals of the tables, so that a
    legend never claims more precision than the table beside it.

    Examples
    --------
    >>> from evalplots.metrics._format import score_decimals
    >>> score_decimals(0.78), score_decimals(0.99528), score_decimals(1.0)
    (2, 3, 2)
    >>> score_decimals(0.998732), score_decimals(0.9999996)
    (3, 4)
    """
    for decimals in range(2, TABLE_DIGITS + 1):
        if value in (0.0, 1.0) or round(value, decimals) not in (0.0, 1.0):
            return decimals
    return TABLE_DIGITS


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


def format_number(value, decimals=None):
    """A table cell: a float to the digits it carries, ``'1,234'`` for an
    integer, ``'n/a'`` for NaN or None.

    With ``decimals`` None a float is written by its scale: :data:`TABLE_DIGITS`
    (4) decimals below 10 (a score: ``'0.9953'`` beside ``'1.0000'``), one
    fewer per further integer digit (``'152.13'``, ``'25,331'``: never fewer
    than its integer digits), and in scientific notation with 4 significant
    digits from 1e6 and below 1e-3 (``'4.400e10'``, ``'2.346e-7'``). A given
    ``decimals`` writes that many decimals.

    Examples
    --------
    >>> from evalplots.metrics._format import format_number
    >>> format_number(0.99528), format_number(1234), format_number(float("nan"))
    ('0.9953', '1,234', 'n/a')
    >>> format_number(152.1337), format_number(25330.8), format_number(44000167427.7)
    ('152.13', '25,331', '4.400e10')
    >>> format_number(2.3456e-7), format_number(-0.00001), format_number(0.5, 2)
    ('2.346e-7', '-1.000e-5', '0.50')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return NOT_AVAILABLE
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if decimals is not None:
        return _unsigned_zero(value, f".{decimals}f")
    if not math.isfinite(value):
        return format(value)
    return _significant(float(value), TABLE_DIGITS, table=True)


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

    The notation of :func:`format_number`: fixed within [1e-3, 1e6), never
    fewer digits than the integer part, thousands separated by commas;
    scientific outside (``'2.817e6'``). ``'inf'`` for infinity.

    Examples
    --------
    >>> from evalplots.metrics._format import format_quantity
    >>> format_quantity(152.133), format_quantity(-0.000123456), format_quantity(2.0)
    ('152.1', '-1.235e-4', '2')
    >>> format_quantity(675012.4), format_quantity(2816543.2), format_quantity(0.0)
    ('675,012', '2.817e6', '0')
    >>> format_quantity(0.0012345)
    '0.001234'

    """
    if not math.isfinite(value):
        return format(value)
    text = _significant(float(value), digits)
    mantissa, e, exponent = text.partition("e")
    if "." in mantissa:
        mantissa = mantissa.rstrip("0").rstrip(".")
    return unsigned_zero(mantissa) + e + exponent


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


def format_pvalue(pvalue, floor=0.0):
    """``'0.0272'`` for p >= 1e-4, ``'2.7e-07'`` below, as in a results table;
    a resampling p-value no finer than its resolution.

    A p-value that underflowed to 0 (a z of about 38 or more) is written
    ``'< 1e-300'``: it is positive, only smaller than a float can hold.

    ``floor`` is the smallest p-value the test can give, 0 for an analytic
    test. A paired bootstrap of B resamples gives p = 2 (k + 1) / (B + 1)
    (k resamples at least as extreme; :func:`evalplots.evaluation._compare.
    bootstrap_pvalue`): its floor is 2 / (B + 1), and its p-values are
    multiples of 1 / (B + 1). A p-value at the floor is written ``'< f'``, f
    the floor rounded up to one significant digit (``'< 0.002'`` for 1,000
    resamples where none was as extreme): only that it is below the
    resolution is known. Any other is written with the decimals of one
    significant digit of the floor (``'0.006'``, not ``'0.0060'``).

    Examples
    --------
    >>> from evalplots.metrics._format import format_pvalue
    >>> format_pvalue(0.02718), format_pvalue(2.7e-7), format_pvalue(0.0)
    ('0.0272', '2.7e-07', '< 1e-300')
    >>> format_pvalue(2 / 1001, floor=2 / 1001), format_pvalue(6 / 1001, floor=2 / 1001)
    ('< 0.002', '0.006')
    >>> format_pvalue(2 / 21, floor=2 / 21), format_pvalue(6 / 21, floor=2 / 21)
    ('< 0.1', '0.29')
    """
    if math.isnan(pvalue):
        return "nan"
    if floor > 0:
        if pvalue <= floor * (1 + 1e-9):
            return f"< {_rounded_up(floor):g}"
        return f"{pvalue:.{max(0, -_exponent(floor))}f}"
    if pvalue == 0.0:
        return "< 1e-300"
    return f"{pvalue:.4f}" if pvalue >= 1e-4 else f"{pvalue:.1e}"


def _rounded_up(value):
    """``value`` > 0 rounded up to one significant digit, strictly above it."""
    exponent = _exponent(value)
    digit = math.floor(value / 10.0 ** exponent) + 1
    return digit * 10.0 ** exponent


def interval_decimals(low, high):
    """The power of ten at which an interval's numbers are rounded: where the
    interval's width ``high - low`` has two significant digits (None for a
    width of 0 or not finite).

    An interval of width 0.012 is read to 0.001 (``'0.912 [0.905, 0.917]'``),
    one of width 0.62 to 0.01 (``'0.35 [0.15, 0.78]'``): digits finer than
    the interval's own width say nothing about the estimate (the rule of two
    significant digits of the uncertainty; Cole, "Too many digits: the
    presentation of numerical data", *Arch. Dis. Child.* 100, 2015).

    Examples
    --------
    >>> from evalplots.metrics._format import interval_decimals
    >>> interval_decimals(0.905, 0.917), interval_decimals(0.155, 0.780)
    (-3, -2)
    >>> interval_decimals(23578.9, 27330.8), interval_decimals(1.0, 1.0)
    (2, None)
    """
    width = high - low
    if not (math.isfinite(width) and width > 0):
        return None
    return _exponent(width) - 1


def format_interval(estimate, low, high, decimals=None):
    """``'estimate [low, high]'``, the three numbers to the digits the interval carries.

    With ``decimals`` None the three numbers are rounded where the interval's
    width has two significant digits (:func:`interval_decimals`), in fixed
    notation, or in scientific notation with one exponent when the largest of
    them lies outside [1e-3, 1e6) (``'2.3e-7 [1.6e-7, 3.1e-7]'``). An
    interval whose bounds are equal (every resample gave the same value)
    is written ``'estimate [zero width]'``: the estimate to the digits of a
    table, and no bounds that would look like precision. A given
    ``decimals`` writes each number with that many decimals (a legend whose
    entries share one number of decimals).

    Python's round-half-even formatting of each number.

    Examples
    --------
    >>> from evalplots.metrics._format import format_interval
    >>> format_interval(0.9953, 0.9891, 0.999), format_interval(0.349, 0.155, 0.780)
    ('0.9953 [0.9891, 0.9990]', '0.35 [0.15, 0.78]')
    >>> format_interval(25330.8, 23578.994, 27330.813)
    '25,300 [23,600, 27,300]'
    >>> format_interval(2.3456e-7, 1.6123e-7, 3.0899e-7)
    '2.3e-7 [1.6e-7, 3.1e-7]'
    >>> format_interval(1.0, 1.0, 1.0), format_interval(0.5, 0.25, 0.75, 1)
    ('1.0000 [zero width]', '0.5 [0.2, 0.8]')
    """
    if decimals is not None:
        spec = f".{int(decimals)}f"
        estimate, low, high = (_unsigned_zero(v, spec) for v in (estimate, low, high))
        return f"{estimate} [{low}, {high}]"
    numbers = (estimate, low, high)
    if not all(math.isfinite(v) for v in numbers):
        return f"{format_number(estimate)} [{format_number(low)}, {format_number(high)}]"
    last = interval_decimals(low, high)
    if last is None:
        return f"{format_number(float(estimate))} {ZERO_WIDTH}"
    largest = max(abs(v) for v in numbers)
    exponent = _exponent(largest) if _scientific(largest) else None
    estimate, low, high = (_rounded(float(v), last, exponent) for v in numbers)
    return f"{estimate} [{low}, {high}]"


def format_ratio(estimate, low=None, high=None):
    """A ratio (a likelihood ratio, an odds ratio), alone or with its interval,
    in significant digits: ``'2.0 [0.29, 14]'``, ``'114 [40, 350]'``.

    A ratio's precision is relative: its interval is computed on the log scale
    and is symmetric there, so fixed decimals would write 2.0 [0.29, 14] as
    ``'2 [0, 14]'`` (its width, 14, read to units) and LR+ = 113.95 to
    hundredths. Each of the three numbers is written in the significant digits
    at which the interval's relative width ``high / low - 1`` has two: 2 when
    the interval spans more than a factor of two, one more per tenfold
    narrower (``'2.00 [1.90, 2.10]'``), and never fewer than the integer
    digits. A ratio without an interval has
    :data:`RATIO_DIGITS` (3) significant digits; an interval of zero width
    says so (:data:`ZERO_WIDTH`); bounds that are not finite and positive are
    written as a table writes them (:func:`format_number`).

    Parameters
    ----------
    estimate : float
        The ratio, >= 0.
    low, high : float or None, default=None
        Its interval's bounds; None writes the ratio alone.

    Returns
    -------
    text : str
        ``'estimate'`` or ``'estimate [low, high]'``.

    Notes
    -----
    Two significant digits of the uncertainty (Cole, "Too many digits: the
    presentation of numerical data", *Arch. Dis. Child.* 100, 2015), with the
    uncertainty of a ratio measured as a ratio: :func:`interval_decimals` is
    the same rule on the linear scale.

    Examples
    --------
    >>> from evalplots.metrics._format import format_ratio
    >>> format_ratio(2.0, 0.2857, 14.0), format_ratio(113.95, 40.2, 350.4)
    ('2.0 [0.29, 14]', '114 [40, 350]')
    >>> format_ratio(2.0, 1.9, 2.1), format_ratio(113.95), format_ratio(0.25123)
    ('2.00 [1.90, 2.10]', '114', '0.251')
    >>> format_ratio(3.0, 3.0, 3.0)
    '3.00 [zero width]'
    """
    def significant(value, digits):
        if not math.isfinite(value):
            return format_number(float(value))
        return _significant(float(value), digits)

    if low is None or high is None:
        return significant(estimate, RATIO_DIGITS)
    if not (math.isfinite(low) and math.isfinite(high) and 0 < low <= high):
        return f"{format_number(estimate)} [{format_number(low)}, {format_number(high)}]"
    if high == low:
        return f"{significant(estimate, RATIO_DIGITS)} {ZERO_WIDTH}"
    digits = max(2, 2 - _exponent(high / low - 1.0))
    return (f"{significant(estimate, digits)} "
            f"[{significant(low, digits)}, {significant(high, digits)}]")


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
