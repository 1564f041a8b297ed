"""What a cell of text may say: the strict number syntax shared by the readers.

Used for CSV cells, text columns of Parquet files and command-line values.
"""

import re

__all__ = ["DECIMAL_COMMA_PATTERN", "NON_FINITE_PATTERN", "NUMBER_PATTERN",
           "looks_like_decimal_comma", "parse_number"]

# Plain ASCII decimal or scientific notation, or nan/inf spelled out (so that
# they can be rejected with a clear message). float() alone would also take
# '1_0' (10.0), non-ASCII digits ('١') and surrounding whitespace. Written
# without flags so that pandas' string engines (pyarrow's RE2, Python's re)
# read it the same.
NON_FINITE_PATTERN = r"[+-]?(?:[nN][aA][nN]|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?)"
NUMBER_PATTERN = (
    r"(?:[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|" + NON_FINITE_PATTERN + ")"
)
_NUMBER = re.compile(NUMBER_PATTERN)
# A number written with a decimal comma, as spreadsheets in many locales save it.
DECIMAL_COMMA_PATTERN = r"[+-]?[0-9]*,[0-9]+"
_DECIMAL_COMMA = re.compile(DECIMAL_COMMA_PATTERN)


def parse_number(text):
    """``float(text)`` for a plain ASCII number, else None.

    Parameters
    ----------
    text : str
        One CSV cell or command-line value, already stripped.

    Returns
    -------
    value : float or None
        None unless ``text`` is a decimal or scientific number in ASCII digits
        or ``nan``/``inf``/``infinity`` (any case, optional sign).

    Examples
    --------
    >>> parse_number("1e-3"), parse_number("-.5"), parse_number("1_0"), parse_number("\u0661")
    (0.001, -0.5, None, None)
    """
    if _NUMBER.fullmatch(text) is None:
        return None
    return float(text)


def looks_like_decimal_comma(text):
    """True for a cell such as ``0,97`` (a number written with a decimal comma).

    Examples
    --------
    >>> looks_like_decimal_comma("0,97"), looks_like_decimal_comma("0.97")
    (True, False)
    """
    return _DECIMAL_COMMA.fullmatch(text) is not None
