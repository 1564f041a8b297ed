"""Tables for a paper: the metrics with their intervals, and the comparisons, as text.

One table, three writings: LaTeX (booktabs), Markdown (GitHub's pipe tables) and
HTML. The evaluation, its :class:`~evalplots.evaluation.IntervalTable` and its
:class:`~evalplots.evaluation.ComparisonTable` each write themselves through the
mixins here (``to_latex``, ``to_markdown``, ``to_html``), so the three agree cell
for cell with each other and with the report: every number is written by
:mod:`evalplots.metrics._format` (intervals by ``format_interval``, estimates by
``format_number``, differences by ``format_difference``, p-values by
``format_pvalue``); this module only lays the cells out, picks the punctuation
of an interval, and escapes what each format treats as markup.

Two ways to write an interval, both common in journals' author guidelines:
``'brackets'``, ``0.995 [0.990, 1.000]`` (the form of the report and of every
``str()`` in evalplots), and ``'parentheses'``, ``0.995 (0.990–1.000)`` with an
en dash, or ``(−0.010 to 0.030)`` when a bound is negative: a dash beside a minus
sign reads as a second minus (AMA Manual of Style, 11th ed., §17.3 and §19.4,
"use *to* in ranges with negative numbers").
"""

import html
import math
import re

from evalplots._docstrings import fill_doc
from evalplots.evaluation._table import MetricsTable
from evalplots.metrics._format import (
    NOT_AVAILABLE,
    format_difference,
    format_interval,
    format_number,
    format_pvalue,
)

__all__ = ["ComparisonTableText", "EvaluationText", "INTERVAL_STYLES", "IntervalTableText",
           "LAYOUTS", "LOWER_IS_BETTER", "METHOD_NAMES", "NEAREST_ZERO_IS_BEST",
           "TextTable", "check_table_options", "comparison_text_table", "latex_escape",
           "markdown_escape",
           "estimate_text_table", "interval_text", "level_text"]

#: how an interval method is named in captions and report texts
METHOD_NAMES = {
    "delong": "DeLong",
    "wilson": "Wilson",
    "bootstrap-bca": "bootstrap BCa",
    "bootstrap-percentile": "bootstrap percentile",
    "bootstrap-normal": "bootstrap SE, normal",
    "influence-logit": "linearised, logit",
}

#: the ways of writing an interval: ``0.995 [0.990, 1.000]`` or ``0.995 (0.990–1.000)``
INTERVAL_STYLES = ("brackets", "parentheses")
#: what the table's columns are: one per model (rows: metrics) or one per metric
LAYOUTS = ("models", "metrics")

#: metric columns of the evaluations where a smaller value is better (losses, errors)
LOWER_IS_BETTER = frozenset({"Brier", "Log loss", "MAE", "MSE", "RMSE", "MSLE", "RMSLE",
                             "MAPE", "ECE"})
#: columns whose best value is the one nearest 0 (a signed bias: the mean percentage error)
NEAREST_ZERO_IS_BEST = frozenset({"MPE"})

#: what :func:`evalplots.metrics._format.format_interval` writes
_INTERVAL = re.compile(r"(\S+) \[(\S+), (\S+)\]")


def level_text(level):
    """``'95 %'`` for 0.95: a confidence level as the report writes it."""
    return f"{100 * level:g} %"


def interval_text(ci, style="brackets", decimals=3):
    """One interval in the table's style, its numbers written by ``format_interval``.

    Parameters
    ----------
    ci : ConfidenceInterval
        The interval.
    style : {'brackets', 'parentheses'}, default='brackets'
        ``'0.995 [0.990, 1.000]'`` or ``'0.995 (0.990–1.000)'``.
    decimals : int, default=3
        Decimals of the three numbers.

    Returns
    -------
    text : str

    Notes
    -----
    The three numbers are those of
    :func:`evalplots.metrics._format.format_interval` (one rule for every
    interval shown); only the punctuation changes. A negative bound in the
    parentheses style is joined by ``' to '`` instead of an en dash.

    Examples
    --------
    >>> from evalplots.metrics import ConfidenceInterval
    >>> interval_text(ConfidenceInterval(.9953, .9891, 1., "delong", .95), "parentheses")
    '0.995 (0.989–1.000)'
    >>> interval_text(ConfidenceInterval(.012, -.01, .03, "delong", .95), "parentheses")
    '0.012 (-0.010 to 0.030)'
    """
    text = format_interval(ci.estimate, ci.low, ci.high, decimals)
    if style == "brackets":
        return text
    estimate, low, high = _INTERVAL.fullmatch(text).groups()
    joint = " to " if low.startswith("-") or high.startswith("-") else "–"
    return f"{estimate} ({low}{joint}{high})"


def check_table_options(*, metrics=None, available=(), columns="models",
                        interval="brackets", decimals=3):
    """The chosen metric columns, after checking the options of a text table.

    Parameters
    ----------
    metrics : sequence of str or None, default=None
        Metric columns to show, in this order; None: all of ``available``.
    available : sequence of str, default=()
        The table's metric columns.
    columns : {'models', 'metrics'}, default='models'
        One column per model, or one per metric.
    interval : {'brackets', 'parentheses'}, default='brackets'
        How an interval is written.
    decimals : int, default=3
        Decimals of every number (>= 0).

    Returns
    -------
    metrics : list of str

    Raises
    ------
    ValueError
        If an option is not one of its values, naming the option and the values.

    Notes
    -----
    Every text table of the evaluations checks its options here.

    Examples
    --------
    >>> check_table_options(metrics=["AP"], available=["ROC AUC", "AP"])
    ['AP']
    """
    if columns not in LAYOUTS:
        raise ValueError(f"columns must be 'models' (one column per model) or 'metrics' "
                         f"(one per metric); got {columns!r}.")
    if interval not in INTERVAL_STYLES:
        raise ValueError(f"interval must be 'brackets' (0.995 [0.990, 1.000]) or "
                         f"'parentheses' (0.995 (0.990–1.000)); got {interval!r}.")
    if isinstance(decimals, bool) or not isinstance(decimals, int) or decimals < 0:
        raise ValueError(f"decimals must be an integer >= 0 (e.g. 3), got {decimals!r}.")
    if metrics is None:
        return list(available)
    if isinstance(metrics, str):
        metrics = [metrics]
    metrics = list(metrics)
    unknown = [m for m in metrics if m not in available]
    if unknown or not metrics:
        raise ValueError(f"metrics must name columns of the table, some of "
                         f"{list(available)}; got {metrics!r}.")
    return metrics


def _best_models(values, column, decimals):
    """The models whose value of ``column`` is the best, as written at ``decimals``:
    none unless two models or more have a value (not NaN)."""
    finite = {name: v for name, v in values.items()  # an infinite loss is the worst
              if v is not None and not math.isnan(v)}
    if len(finite) < 2:
        return set()
    if column in NEAREST_ZERO_IS_BEST:
        key = abs
    elif column in LOWER_IS_BETTER:
        key = lambda v: v  # noqa: E731
    else:
        key = lambda v: -v  # noqa: E731
    best = min(finite.values(), key=key)
    shown = format_number(float(abs(best) if column in NEAREST_ZERO_IS_BEST else best),
                          decimals)
    return {name for name, v in finite.items()
            if format_number(float(abs(v) if column in NEAREST_ZERO_IS_BEST else v),
                             decimals) == shown}


def _methods_sentence(intervals, metrics, resampling):
    """'ROC AUC: DeLong; AP, BEP: bootstrap BCa (1,000 resamples, seed 0); ...'."""
    by_method = {}
    for column in metrics:
        methods = []
        for row in intervals.values():
            if column in row and row[column].method not in methods:
                methods.append(row[column].method)
        if methods:
            how = " / ".join(METHOD_NAMES.get(m, m) for m in methods)
            by_method.setdefault(how, []).append(column)
    parts = []
    for how, columns in by_method.items():
        extra = (f" ({resampling[0]:,} resamples, seed {resampling[1]})"
                 if resampling is not None and "bootstrap" in how
                 and "SE" not in how else "")
        parts.append(f"{', '.join(columns)}: {how}{extra}")
    return "; ".join(parts)


def _levels(cis):
    levels = sorted({ci.confidence_level for ci in cis})
    return " / ".join(level_text(level) for level in levels)


def estimate_text_table(estimates, intervals, model_names, metrics, *, columns="models",
                        interval="brackets", decimals=3, bold_best=False, caption=None,
                        notes=(), resampling=None):
    """The metrics of the models, with their intervals, as a :class:`TextTable`.

    Parameters
    ----------
    estimates : dict of str to dict of str to float
        Model -> metric -> the metrics table's value (NaN: undefined).
    intervals : dict of str to dict of str to ConfidenceInterval or None
        Model -> metric -> interval (absent: none); None for a table of point
        estimates only.
    model_names : sequence of str
        The models, in order.
    metrics : sequence of str
        The metric columns, in order (checked by :func:`check_table_options`).
    columns : {'models', 'metrics'}, default='models'
        One column per model (a row per metric), or one per metric.
    interval : {'brackets', 'parentheses'}, default='brackets'
        How an interval is written.
    decimals : int, default=3
        Decimals of every number.
    bold_best : bool, default=False
        Bold the best model's cell of each metric.
    caption : str or None, default=None
        None: a caption saying what the cells hold, the level and the method
        of each interval.
    notes : sequence of str, default=()
        Sentences under the table ('n/a' reasons, missing intervals).
    resampling : tuple of (int, int) or None, default=None
        ``(n_resamples, seed)`` of the bootstrap intervals, said in the caption.

    Returns
    -------
    table : TextTable

    Notes
    -----
    A cell is the interval when there is one, else the estimate
    (``format_number``; 'n/a' when undefined). The best value of a metric is
    the largest, the smallest for :data:`LOWER_IS_BETTER` (an infinite loss
    the worst), the nearest 0 for :data:`NEAREST_ZERO_IS_BEST`; every model
    whose estimate, written with the table's decimals, equals the best one's
    is bold (a table does not claim a difference it does not show); nothing is
    bold unless two models have a value ('n/a' has none).

    Examples
    --------
    >>> t = estimate_text_table({"a": {"AUC": .9}, "b": {"AUC": .8}}, None, ["a", "b"],
    ...                         ["AUC"], bold_best=True)
    >>> t.rows, t.bold
    ([['AUC', '0.900', '0.800']], {(0, 1)})
    """
    intervals_given = intervals is not None
    intervals = intervals or {}
    cells, bold = {}, set()
    for column in metrics:
        values = {name: estimates[name][column] for name in model_names}
        best = _best_models(values, column, decimals) if bold_best else set()
        for name in model_names:
            ci = intervals.get(name, {}).get(column)
            cells[name, column] = (interval_text(ci, interval, decimals) if ci is not None
                                   else format_number(_as_number(values[name]), decimals))
            if name in best:
                bold.add((name, column))
    if columns == "models":
        header = ["Metric", *model_names]
        keys = [[(name, column) for name in model_names] for column in metrics]
        stubs = list(metrics)
    else:
        header = ["Model", *metrics]
        keys = [[(name, column) for column in metrics] for name in model_names]
        stubs = list(model_names)
    rows = [[stub, *(cells[key] for key in row)] for stub, row in zip(stubs, keys)]
    bold_cells = {(i, j + 1) for i, row in enumerate(keys) for j, key in enumerate(row)
                  if key in bold}
    if caption is None:
        shown = [ci for row in intervals.values() for column, ci in row.items()
                 if column in metrics]
        if intervals_given and shown:
            form = ("estimate [low, high]" if interval == "brackets"
                    else "estimate (low–high)")
            caption = (f"Estimates with {_levels(shown)} confidence intervals, written "
                       f"{form}. Intervals: "
                       f"{_methods_sentence(intervals, metrics, resampling)}.")
        else:
            caption = "Point estimates (no confidence intervals)."
    return TextTable(header, rows, numeric=[False] + [True] * (len(header) - 1),
                     caption=caption, notes=notes, bold=bold_cells)


def _as_number(value):
    """A table value as ``format_number`` takes it: NaN (or None) as NaN, an integer
    as int, anything else as float."""
    if value is None:
        return math.nan
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return float(value)


def comparison_text_table(comparisons, *, interval="brackets", decimals=3, caption=None):
    """Every pair comparison as a :class:`TextTable`: a, b, test, a − b, p, Holm p.

    Parameters
    ----------
    comparisons : ComparisonTable
        The evaluation's comparisons (at least one).
    interval : {'brackets', 'parentheses'}, default='brackets'
        How the interval of a difference is written.
    decimals : int, default=3
        Decimals of the differences and their intervals.
    caption : str or None, default=None
        None: a caption saying what each column holds, the level and the
        method of the intervals.

    Returns
    -------
    table : TextTable

    Raises
    ------
    ValueError
        If there is no comparison (an evaluation of one model).

    Notes
    -----
    The columns of the report's comparison table: the difference with its
    interval (else the signed difference, ``format_difference``), the raw
    two-sided p-value and Holm's adjusted one (``format_pvalue``), and the
    details (McNemar's discordant counts, DeLong's z) when some row has them.

    Examples
    --------
    >>> from evalplots.evaluation import ComparisonTable, ModelComparison
    >>> t = comparison_text_table(ComparisonTable(
    ...     [ModelComparison("a", "b", "McNemar", "errors", 0.02, None, 0.01)]))
    >>> t.header, t.rows
    (['Model a', 'Model b', 'Test', 'a − b', 'p', 'Holm p'], [['a', 'b', 'McNemar: errors', '+0.020', '0.0100', '0.0100']])
    """
    if not comparisons:
        raise ValueError("there is no comparison to write: comparisons need two models "
                         "or more.")
    cis = [c.ci for c in comparisons if c.ci is not None]
    level = f" [{_levels(cis)} CI]" if interval == "brackets" else f" ({_levels(cis)} CI)"
    header = ["Model a", "Model b", "Test", "a − b" + (level if cis else ""), "p", "Holm p"]
    rows = []
    for c in comparisons:
        if c.ci is not None:
            difference = interval_text(c.ci, interval, decimals)
        elif math.isnan(c.difference):
            difference = NOT_AVAILABLE
        else:
            difference = format_difference(c.difference, decimals)
        rows.append([c.model_a, c.model_b, c.family, difference,
                     *(NOT_AVAILABLE if math.isnan(p) else format_pvalue(p)
                       for p in (c.pvalue, c.pvalue_holm)), c.note])
    numeric = [False, False, False, True, True, True]
    if any(c.note for c in comparisons):
        header.append("Details")
        numeric.append(False)
    else:
        rows = [row[:-1] for row in rows]
    if caption is None:
        methods = []
        for c in comparisons:
            if c.ci is not None:
                how = f"{METHOD_NAMES.get(c.ci.method, c.ci.method)} for {c.quantity}"
                if how not in methods:
                    methods.append(how)
        caption = ("Every pair of models on the same samples: the difference of the "
                   "metric (first model minus second)"
                   + (f" with its {_levels(cis)} confidence interval" if cis else "")
                   + ", the raw two-sided p-value and Holm's adjusted p-value (Holm "
                   "1979; the pairs of one test are one family)."
                   + (f" Intervals: {'; '.join(methods)}." if methods else ""))
    return TextTable(header, rows, numeric=numeric, caption=caption)


# --- the three writings ---------------------------------------------------------

#: LaTeX's special characters in text, and the few non-ASCII signs the tables use
_LATEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
          "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
          "^": r"\textasciicircum{}", "<": r"\textless{}", ">": r"\textgreater{}",
          "|": r"\textbar{}", "–": "--", "—": "---", "−": "$-$", "²": r"\textsuperscript{2}",
          "³": r"\textsuperscript{3}", "±": r"$\pm$", "×": r"$\times$", "≥": r"$\geq$",
          "≤": r"$\leq$", "½": r"\textonehalf{}", "\n": " ", "\r": " ", "\t": " "}
_LATEX_RE = re.compile("|".join(map(re.escape, _LATEX)))
#: a minus sign of a number: a hyphen before a digit, not inside a word or exponent
_MINUS = re.compile(r"(?<![\w.])-(?=\d)")
#: Markdown's inline markup characters (and the pipe of a table cell), escaped in names
_MARKDOWN_RE = re.compile(r"([\\`*_\[\]<>|~#])")
#: in a caption, note or column title: the same but brackets (no link without a target)
_PROSE_RE = re.compile(r"([\\`*_<>|~])")
#: in a number: only a pipe would break the table
_PIPE_RE = re.compile(r"(\|)")


def markdown_escape(text, markup=_PROSE_RE):
    """``text`` on one line, the characters of ``markup`` backslash-escaped (Markdown
    prose by default: emphasis, code, HTML, pipes; not brackets)."""
    return markup.sub(r"\\\1", " ".join(str(text).split()))


def latex_escape(text, numeric=False):
    """``text`` as LaTeX text: specials escaped; in a number, a minus as ``$-$``."""
    text = str(text)
    if numeric:  # before the escapes: an en dash becomes '--', whose '-' is no minus
        text = _MINUS.sub("−", text)
    out = _LATEX_RE.sub(lambda m: _LATEX[m.group()], text)
    if out.startswith(("[", "*")):  # after '\\' of the row before: not an argument
        out = "{}" + out
    return out


class TextTable:
    """A table of text cells, written as LaTeX (booktabs), Markdown or HTML.

    Parameters
    ----------
    header : sequence of str
        The column titles; the first is the title of the row names.
    rows : sequence of sequence of str
        One list of cells per row, as long as ``header``; the row's name first.
    numeric : sequence of bool
        Per column, whether it holds numbers (right-aligned; a minus is typeset
        as one in LaTeX).
    caption : str, default=''
        Above the table.
    notes : sequence of str, default=()
        Sentences under the table.
    bold : set of tuple of (int, int), default=None
        (row, column) of the cells set in bold.

    Raises
    ------
    ValueError
        If a row is not as long as the header.

    Notes
    -----
    A plain container of text; nothing here formats a number
    (:mod:`evalplots.metrics._format` wrote the cells).

    Examples
    --------
    >>> t = TextTable(["Model", "AUC"], [["a & b", "0.90"]], numeric=[False, True])
    >>> print(t.to_markdown())
    | Model | AUC |
    | :--- | ---: |
    | a & b | 0.90 |
    """

    def __init__(self, header, rows, *, numeric, caption="", notes=(), bold=None):
        self.header = list(header)
        self.rows = [list(row) for row in rows]
        for row in self.rows:
            if len(row) != len(self.header):
                raise ValueError(f"a row of {len(row)} cells for {len(self.header)} "
                                 f"columns: {row!r}.")
        self.numeric = list(numeric)
        self.caption = caption or ""
        self.notes = [n for n in notes if n]
        self.bold = set(bold or ())

    def to_latex(self, *, label=None, environment="table"):
        """The table as LaTeX: a ``table`` float around a booktabs ``tabular``.

        Parameters
        ----------
        label : str or None, default=None
            ``\\label`` of the table (e.g. ``'tab:metrics'``).
        environment : {'table', None}, default='table'
            'table': a float with ``\\caption`` above the tabular and the notes
            under it; None: the ``tabular`` alone (to ``\\input`` into a float
            of one's own).

        Returns
        -------
        latex : str
            Needs ``\\usepackage{booktabs}`` (said in its first line, a comment).

        Raises
        ------
        ValueError
            If ``environment`` is neither 'table' nor None.

        Notes
        -----
        Text is escaped (``& % $ # _ { } ~ ^ \\ < > |``), a number's minus is
        ``$-$`` and an en dash ``--``; letters beyond ASCII are written as they
        are (pdfLaTeX reads UTF-8 Latin letters; names in other scripts need
        XeLaTeX or LuaLaTeX). Rules: ``\\toprule``, ``\\midrule`` under the
        header, ``\\bottomrule`` (Fear, booktabs: no vertical rules).

        Examples
        --------
        >>> t = TextTable(["Model", "AUC"], [["a_1", "-0.5"]], numeric=[False, True])
        >>> print(t.to_latex(environment=None))
        % needs \\usepackage{booktabs}
        \\begin{tabular}{lr}
        \\toprule
        Model & AUC \\\\
        \\midrule
        a\\_1 & $-$0.5 \\\\
        \\bottomrule
        \\end{tabular}
        """
        if environment not in ("table", None):
            raise ValueError(f"environment must be 'table' (a float with its caption) "
                             f"or None (the tabular alone); got {environment!r}.")
        spec = "".join("r" if n else "l" for n in self.numeric)
        lines = ["\\begin{tabular}{" + spec + "}", "\\toprule",
                 " & ".join(latex_escape(h) for h in self.header) + " \\\\", "\\midrule"]
        for i, row in enumerate(self.rows):
            cells = []
            for j, cell in enumerate(row):
                text = latex_escape(cell, self.numeric[j])
                cells.append(f"\\textbf{{{text}}}" if (i, j) in self.bold else text)
            lines.append(" & ".join(cells) + " \\\\")
        lines += ["\\bottomrule", "\\end{tabular}"]
        if environment is None:
            return "\n".join(["% needs \\usepackage{booktabs}", *lines]) + "\n"
        head = ["% needs \\usepackage{booktabs}", "\\begin{table}", "\\centering"]
        if self.caption:
            head.append(f"\\caption{{{latex_escape(self.caption)}}}")
        if label:
            head.append(f"\\label{{{label}}}")
        foot = ([f"\\par\\smallskip\\footnotesize {latex_escape(' '.join(self.notes))}"]
                if self.notes else [])
        return "\n".join([*head, *lines, *foot, "\\end{table}"]) + "\n"

    def to_markdown(self):
        """The table as Markdown: a pipe table (GitHub, pandoc), caption above, notes under.

        Returns
        -------
        markdown : str

        Notes
        -----
        Markup characters of the cells (``\\ ` * _ [ ] < > | ~ #``) are
        backslash-escaped, so a model named ``a_b*`` shows as written; bold
        cells are ``**...**``; numeric columns are right-aligned (``---:``).

        Examples
        --------
        >>> t = TextTable(["Model", "AUC"], [["a|b", "0.9"]], numeric=[False, True],
        ...               caption="AUC.", bold={(0, 1)})
        >>> print(t.to_markdown())
        AUC.
        <BLANKLINE>
        | Model | AUC |
        | :--- | ---: |
        | a\\|b | **0.9** |
        """
        def cell(text, bold=False, markup=_MARKDOWN_RE):
            text = markdown_escape(text, markup)
            return f"**{text}**" if bold and text else text

        lines = ["| " + " | ".join(cell(h, markup=_PROSE_RE) for h in self.header) + " |",
                 "| " + " | ".join("---:" if n else ":---" for n in self.numeric) + " |"]
        lines += ["| " + " | ".join(cell(c, (i, j) in self.bold,
                                         _PIPE_RE if self.numeric[j] else _MARKDOWN_RE)
                                    for j, c in enumerate(row))
                  + " |" for i, row in enumerate(self.rows)]
        parts = ([cell(self.caption, markup=_PROSE_RE)] if self.caption else [])
        parts.append("\n".join(lines))
        if self.notes:
            parts.append(cell(" ".join(self.notes), markup=_PROSE_RE))
        return "\n\n".join(parts)

    def to_html(self):
        """The table as an HTML ``<table>`` (text escaped), notes in a paragraph under it.

        Returns
        -------
        html : str

        Notes
        -----
        The caption is the table's ``<caption>``, row names are ``<th>``,
        numeric cells are right-aligned, bold cells ``<strong>``; every text
        is escaped by :func:`html.escape`.

        Examples
        --------
        >>> t = TextTable(["Model", "AUC"], [["<b>", "0.9"]], numeric=[False, True])
        >>> t.to_html()  # doctest: +ELLIPSIS
        '<table class="evalplots"><thead><tr><th>Model</th>...<th>&lt;b&gt;</th>...'
        """
        esc = html.escape
        right = ' style="text-align: right"'

        def cell(i, j, text):
            text = esc(text)
            if (i, j) in self.bold:
                text = f"<strong>{text}</strong>"
            if j == 0:
                return f"<th>{text}</th>"
            return f"<td{right if self.numeric[j] else ''}>{text}</td>"

        head = "".join(f"<th{right if n and j else ''}>{esc(h)}</th>"
                       for j, (h, n) in enumerate(zip(self.header, self.numeric)))
        body = "".join("<tr>" + "".join(cell(i, j, c) for j, c in enumerate(row)) + "</tr>"
                       for i, row in enumerate(self.rows))
        cap = f"<caption>{esc(self.caption)}</caption>" if self.caption else ""
        foot = (f"<p><small>{esc(' '.join(self.notes))}</small></p>" if self.notes
                else "")
        return (f'<table class="evalplots">{cap}<thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>{foot}")


# --- the tables' own methods (mixins of the evaluation and its two tables) -------

_OPTION_PARAMS = """metrics : sequence of str or None, default=None
        Metric columns to show, in this order (e.g. ``['ROC AUC', 'AP']``);
        None: every column of the metrics table.
    columns : {'models', 'metrics'}, default='models'
        'models': one column per model, a row per metric (as in the report);
        'metrics': one column per metric, a row per model.
    interval : {'brackets', 'parentheses'}, default='brackets'
        ``'0.995 [0.990, 1.000]'`` or ``'0.995 (0.990–1.000)'``.
    decimals : int, default=3
        Decimals of every number of the table.
    bold_best : bool, default=False
        Bold the best model's cell of each metric (the largest value; the
        smallest for losses and errors; the nearest 0 for MPE).
    caption : str or None, default=None
        None: a caption saying what the cells hold, the confidence level and
        the method of each metric's interval."""

_COMPARISON_PARAMS = """interval : {'brackets', 'parentheses'}, default='brackets'
        ``'0.012 [-0.010, 0.030]'`` or ``'0.012 (-0.010 to 0.030)'``.
    decimals : int, default=3
        Decimals of the differences and their intervals.
    caption : str or None, default=None
        None: a caption saying what the columns hold, the level and the method
        of the intervals."""

_LATEX_PARAMS = """label : str or None, default=None
        The table's ``\\label`` (e.g. ``'tab:metrics'``).
    environment : {'table', None}, default='table'
        'table': a ``table`` float with ``\\caption`` and the notes; None: the
        ``tabular`` alone."""

_CI_PARAM = """ci : bool, default=True
        Show the confidence intervals (computed on first use, as
        ``intervals``); False: the point estimates only."""

_LATEX_NOTES = """LaTeX: a booktabs ``tabular`` (``\\usepackage{booktabs}``) in a
    ``table`` float, the caption above; text escaped (``& % $ # _ { } ~ ^ \\``),
    a negative number's minus typeset as ``$-$``, an en dash as ``--``
    (:meth:`TextTable.to_latex`)."""


def _missing_notes(intervals, estimates, metrics):
    """'No interval for AP of m: reason.': each metric of ``metrics`` with a value
    (not 'n/a': the table's own note says why) and no interval, from ``intervals.notes`` ({column: {model: reason}})."""
    missing = []
    for column, by_model in intervals.notes.items():
        if column not in metrics:
            continue
        for reason in dict.fromkeys(by_model.values()):
            names = [n for n, r in by_model.items() if r == reason  # not 'n/a' ones
                     and not math.isnan(estimates.get(n, {}).get(column, math.nan))]
            if names:
                missing.append(f"{column} of {', '.join(names)}: {reason}")
    return [f"No interval for {'; for '.join(missing)}."] if missing else []


class IntervalTableText:
    """The paper tables of an :class:`~evalplots.evaluation.IntervalTable`.

    Notes
    -----
    A mixin: the table's rows (``{model: {column: ConfidenceInterval}}``), its
    ``columns``, ``notes`` and estimates make the cells; a metric without an
    interval shows its estimate, and the notes say why it has none.

    Examples
    --------
    >>> from evalplots.evaluation import IntervalTable
    >>> issubclass(IntervalTable, IntervalTableText)
    True
    """

    def _text_table(self, metrics, columns, interval, decimals, bold_best, caption):
        metrics = check_table_options(metrics=metrics, available=self.columns,
                                      columns=columns, interval=interval, decimals=decimals)
        estimates = {name: {c: (row[c].estimate if c in row else
                                self._estimates.get(name, {}).get(c, math.nan))
                            for c in self.columns} for name, row in self.items()}
        return estimate_text_table(estimates, self, list(self), metrics, columns=columns,
                                   interval=interval, decimals=decimals,
                                   bold_best=bold_best, caption=caption,
                                   notes=_missing_notes(self, estimates, metrics))

    @fill_doc(options=_OPTION_PARAMS, latex=_LATEX_PARAMS, latex_notes=_LATEX_NOTES)
    def to_latex(self, *, metrics=None, columns="models", interval="brackets", decimals=3,
                 bold_best=False, caption=None, label=None, environment="table"):
        """The intervals as a LaTeX table (booktabs), for a paper.

        Parameters
        ----------
        %(options)s
        %(latex)s

        Returns
        -------
        latex : str

        Raises
        ------
        ValueError
            If an option is not one of its values, naming it.

        Notes
        -----
        %(latex_notes)s

        Examples
        --------
        >>> from evalplots.evaluation import IntervalTable
        >>> from evalplots.metrics import ConfidenceInterval
        >>> t = IntervalTable({"m_1": {"AUC": ConfidenceInterval(.8, .7, .9, "delong", .95)}},
        ...                   {}, ["AUC"])
        >>> print(t.to_latex(environment=None).splitlines()[3:6])
        ['Metric & m\\\\_1 \\\\\\\\', '\\\\midrule', 'AUC & 0.800 [0.700, 0.900] \\\\\\\\']
        """
        if environment not in ("table", None):
            raise ValueError(f"environment must be 'table' or None; got {environment!r}.")
        return self._text_table(metrics, columns, interval, decimals, bold_best,
                                caption).to_latex(label=label, environment=environment)

    @fill_doc(options=_OPTION_PARAMS)
    def to_markdown(self, *, metrics=None, columns="models", interval="brackets",
                    decimals=3, bold_best=False, caption=None):
        """The intervals as a Markdown pipe table, for a README or a notebook.

        Parameters
        ----------
        %(options)s

        Returns
        -------
        markdown : str

        Notes
        -----
        The cells of :meth:`to_latex`; markup characters in names escaped.

        Examples
        --------
        >>> from evalplots.evaluation import IntervalTable
        >>> from evalplots.metrics import ConfidenceInterval
        >>> t = IntervalTable({"m": {"AUC": ConfidenceInterval(.8, .7, .9, "delong", .95)}},
        ...                   {}, ["AUC"])
        >>> print(t.to_markdown(interval="parentheses").splitlines()[-1])
        | AUC | 0.800 (0.700–0.900) |
        """
        return self._text_table(metrics, columns, interval, decimals, bold_best,
                                caption).to_markdown()

    @fill_doc(options=_OPTION_PARAMS)
    def to_html(self, *, metrics=None, columns="models", interval="brackets", decimals=3,
                bold_best=False, caption=None):
        """The intervals as an HTML table (the notebook view).

        Parameters
        ----------
        %(options)s

        Returns
        -------
        html : str

        Notes
        -----
        The cells of :meth:`to_latex`; text escaped. ``_repr_html_`` shows it.

        Examples
        --------
        >>> from evalplots.evaluation import IntervalTable
        >>> from evalplots.metrics import ConfidenceInterval
        >>> t = IntervalTable({"m": {"AUC": ConfidenceInterval(.8, .7, .9, "delong", .95)}},
        ...                   {}, ["AUC"])
        >>> "0.800 [0.700, 0.900]" in t.to_html()
        True
        """
        return self._text_table(metrics, columns, interval, decimals, bold_best,
                                caption).to_html()

    def _repr_html_(self):
        return self.to_html()


class ComparisonTableText:
    """The paper tables of a :class:`~evalplots.evaluation.ComparisonTable`.

    Notes
    -----
    A mixin: one row per pair and test, as in the report
    (:func:`comparison_text_table`).

    Examples
    --------
    >>> from evalplots.evaluation import ComparisonTable
    >>> issubclass(ComparisonTable, ComparisonTableText)
    True
    """

    @fill_doc(options=_COMPARISON_PARAMS, latex=_LATEX_PARAMS, latex_notes=_LATEX_NOTES)
    def to_latex(self, *, interval="brackets", decimals=3, caption=None, label=None,
                 environment="table"):
        """The comparisons as a LaTeX table (booktabs), for a paper.

        Parameters
        ----------
        %(options)s
        %(latex)s

        Returns
        -------
        latex : str

        Raises
        ------
        ValueError
            If an option is not one of its values, or there is no comparison
            (one model).

        Notes
        -----
        %(latex_notes)s

        Examples
        --------
        >>> from evalplots.evaluation import ComparisonTable, ModelComparison
        >>> t = ComparisonTable([ModelComparison("a", "b", "McNemar", "errors", -.02,
        ...                                      None, .01)])
        >>> t.to_latex(environment=None).splitlines()[5]
        'a & b & McNemar: errors & $-$0.020 & 0.0100 & 0.0100 \\\\\\\\'
        """
        check_table_options(interval=interval, decimals=decimals)
        if environment not in ("table", None):
            raise ValueError(f"environment must be 'table' or None; got {environment!r}.")
        return comparison_text_table(self, interval=interval, decimals=decimals,
                                     caption=caption).to_latex(label=label,
                                                               environment=environment)

    @fill_doc(options=_COMPARISON_PARAMS)
    def to_markdown(self, *, interval="brackets", decimals=3, caption=None):
        """The comparisons as a Markdown pipe table.

        Parameters
        ----------
        %(options)s

        Returns
        -------
        markdown : str

        Raises
        ------
        ValueError
            If an option is not one of its values, or there is no comparison.

        Notes
        -----
        The cells of :meth:`to_latex`.

        Examples
        --------
        >>> from evalplots.evaluation import ComparisonTable, ModelComparison
        >>> t = ComparisonTable([ModelComparison("a", "b", "T", "x", .02, None, .5)])
        >>> t.to_markdown().splitlines()[-1]
        '| a | b | T: x | +0.020 | 0.5000 | 0.5000 |'
        """
        check_table_options(interval=interval, decimals=decimals)
        return comparison_text_table(self, interval=interval, decimals=decimals,
                                     caption=caption).to_markdown()

    @fill_doc(options=_COMPARISON_PARAMS)
    def to_html(self, *, interval="brackets", decimals=3, caption=None):
        """The comparisons as an HTML table (the notebook view).

        Parameters
        ----------
        %(options)s

        Returns
        -------
        html : str
            A sentence saying so when there is no comparison (one model).

        Notes
        -----
        The cells of :meth:`to_latex`; text escaped.

        Examples
        --------
        >>> from evalplots.evaluation import ComparisonTable
        >>> ComparisonTable([]).to_html()
        '<p>No comparison: one model.</p>'
        """
        check_table_options(interval=interval, decimals=decimals)
        if not self:
            return "<p>No comparison: one model.</p>"
        return comparison_text_table(self, interval=interval, decimals=decimals,
                                     caption=caption).to_html()

    def _repr_html_(self):
        return self.to_html()


class EvaluationText:
    """The paper tables of an evaluation: its metrics with their intervals.

    Notes
    -----
    A mixin of :class:`~evalplots.evaluation.Evaluation`: the metrics table
    (``metrics_table``), its intervals (``intervals``, with the options of
    ``interval_options``) and the reasons of every 'n/a' and missing interval.
    The comparisons write themselves: ``ev.comparisons.to_latex()``.

    Examples
    --------
    >>> from evalplots.evaluation import Evaluation
    >>> issubclass(Evaluation, EvaluationText)
    True
    """

    def _text_table(self, metrics, columns, interval, decimals, bold_best, caption, ci):
        table = self.metrics_table
        metrics = check_table_options(metrics=metrics, available=table.columns,
                                      columns=columns, interval=interval, decimals=decimals)
        shown = MetricsTable(metrics, table.rows, notes=table.notes)  # their 'n/a' only
        notes = [shown.undefined_note(), *table.remarks]
        intervals = resampling = None
        if ci:
            intervals, opts = self.intervals, self.interval_options
            resampling = (opts.n_resamples, opts.random_state)
            notes += _missing_notes(intervals, table.rows, metrics)
        return estimate_text_table(table.rows, intervals, self.model_names, metrics,
                                   columns=columns, interval=interval, decimals=decimals,
                                   bold_best=bold_best, caption=caption, notes=notes,
                                   resampling=resampling)

    @fill_doc(options=_OPTION_PARAMS, latex=_LATEX_PARAMS, latex_notes=_LATEX_NOTES,
              ci=_CI_PARAM)
    def to_latex(self, *, metrics=None, columns="models", interval="brackets", decimals=3,
                 bold_best=False, caption=None, ci=True, label=None, environment="table"):
        """The metrics with their confidence intervals as a LaTeX table, for a paper.

        Parameters
        ----------
        %(options)s
        %(ci)s
        %(latex)s

        Returns
        -------
        latex : str

        Raises
        ------
        ValueError
            If an option is not one of its values, naming it.

        Notes
        -----
        The caption says the confidence level and each metric's interval method
        (with the bootstrap's resamples and seed); the notes under the table why
        a value is 'n/a' or has no interval. The cells are those of the report's
        summary table (:mod:`evalplots.metrics._format`).

        %(latex_notes)s

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1, 1, 0], {"m": [.8, .3, .6, .7, .2, .4, .9, .1]})
        >>> print(ev.to_latex(metrics=["ROC AUC", "Accuracy"], environment=None))
        % needs \\usepackage{booktabs}
        \\begin{tabular}{lr}
        \\toprule
        Metric & m \\\\
        \\midrule
        ROC AUC & 0.938 [0.764, 1.000] \\\\
        Accuracy & 0.750 [0.409, 0.929] \\\\
        \\bottomrule
        \\end{tabular}
        """
        if environment not in ("table", None):
            raise ValueError(f"environment must be 'table' or None; got {environment!r}.")
        return self._text_table(metrics, columns, interval, decimals, bold_best, caption,
                                ci).to_latex(label=label, environment=environment)

    @fill_doc(options=_OPTION_PARAMS, ci=_CI_PARAM)
    def to_markdown(self, *, metrics=None, columns="models", interval="brackets",
                    decimals=3, bold_best=False, caption=None, ci=True):
        """The metrics with their confidence intervals as a Markdown pipe table.

        Parameters
        ----------
        %(options)s
        %(ci)s

        Returns
        -------
        markdown : str
            The caption, the table, then the notes, separated by blank lines.

        Notes
        -----
        The cells of :meth:`to_latex`; markup characters in names escaped.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1, 1, 0], {"m": [.8, .3, .6, .7, .2, .4, .9, .1]})
        >>> print(ev.to_markdown(metrics=["ROC AUC"], columns="metrics"))
        ... # doctest: +NORMALIZE_WHITESPACE
        Estimates with 95 % confidence intervals, written estimate [low, high].
        Intervals: ROC AUC: DeLong.
        <BLANKLINE>
        | Model | ROC AUC |
        | :--- | ---: |
        | m | 0.938 [0.764, 1.000] |
        """
        return self._text_table(metrics, columns, interval, decimals, bold_best, caption,
                                ci).to_markdown()

    @fill_doc(options=_OPTION_PARAMS, ci=_CI_PARAM)
    def to_html(self, *, metrics=None, columns="models", interval="brackets", decimals=3,
                bold_best=False, caption=None, ci=True):
        """The metrics with their confidence intervals as an HTML table.

        Parameters
        ----------
        %(options)s
        %(ci)s

        Returns
        -------
        html : str

        Notes
        -----
        The cells of :meth:`to_latex`; text escaped.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1, 1, 0], {"m": [.8, .3, .6, .7, .2, .4, .9, .1]})
        >>> "0.938 [0.764, 1.000]" in ev.to_html()
        True
        """
        return self._text_table(metrics, columns, interval, decimals, bold_best, caption,
                                ci).to_html()

    def save_tables(self, directory, *, ci=True, provenance=None):
        """Write the paper tables and every number, machine-readable, into ``directory``.

        Parameters
        ----------
        directory : str or path-like
            Where to write; made (with its parents) if it does not exist. Files
            of the same names are replaced.
        ci : bool, default=True
            With the confidence intervals and the comparisons (computed on first
            use); False: the point estimates only.
        provenance : Provenance, dict or None, default=None
            Where the numbers come from (e.g. :class:`evalplots.report.Provenance`:
            input file, its SHA-256, rows, command line, versions, date), copied
            into ``numbers.json``.

        Returns
        -------
        paths : list of pathlib.Path
            The files written: ``metrics.tex``, ``metrics.md``, ``metrics.csv``,
            then (with ``ci`` and two models or more) ``comparisons.tex``,
            ``comparisons.md``, ``comparisons.csv``, and ``numbers.json``.

        Raises
        ------
        ValueError
            If ``directory`` exists and is not a directory.
        OSError
            If a file cannot be written (files written before stay complete).

        Notes
        -----
        The ``.tex`` and ``.md`` files are :meth:`to_latex` and
        :meth:`to_markdown` (with their defaults) and the comparisons' own. The
        CSV files hold one row per (model, metric) and per comparison, numbers
        in full precision (``repr``: ``nan``, ``inf``). ``numbers.json`` holds
        them all, each number with its interval, method, level and the reason
        when it has none, plus the interval options and ``provenance``; JSON
        has no NaN or infinity, so NaN is ``null`` and an infinity the string
        ``"inf"`` (``"-inf"``). Each file is written to a temporary file and
        renamed (atomic): inside :func:`evalplots._atomic.publish_together` (the
        command's ``--tables``) all of them, with the report, or none.

        Examples
        --------
        >>> import json, pathlib, tempfile
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1, 1, 0], {"m": [.8, .3, .6, .7, .2, .4, .9, .1]})
        >>> [p.name for p in ev.save_tables(tempfile.mkdtemp())]
        ['metrics.tex', 'metrics.md', 'metrics.csv', 'numbers.json']
        >>> d = pathlib.Path(tempfile.mkdtemp())
        >>> record = json.loads(ev.save_tables(d)[-1].read_text())["metrics"][0]
        >>> record["metric"], record["estimate"], record["method"]
        ('ROC AUC', 0.9375, 'delong')
        """
        import pathlib

        from evalplots._atomic import make_directories

        directory = pathlib.Path(directory)
        if directory.exists() and not directory.is_dir():
            raise ValueError(f"directory {str(directory)!r} exists and is not a directory; "
                             f"give a directory for the table files.")
        make_directories(directory)
        metrics = _metric_records(self, ci)
        comparisons = _comparison_records(self.comparisons) if ci else []
        files = [("metrics.tex", self.to_latex(ci=ci)),
                 ("metrics.md", self.to_markdown(ci=ci) + "\n"),
                 ("metrics.csv", _csv_text(metrics))]
        if comparisons:
            files += [("comparisons.tex", self.comparisons.to_latex()),
                      ("comparisons.md", self.comparisons.to_markdown() + "\n"),
                      ("comparisons.csv", _csv_text(comparisons))]
        files.append(("numbers.json", _numbers_json(self, ci, metrics, comparisons,
                                                    provenance)))
        return [_write_text(directory / name, text) for name, text in files]


def _metric_records(ev, ci):
    """One dict per (model, metric): the estimate, its interval, method, level, note."""
    table = ev.metrics_table
    intervals = ev.intervals if ci else None
    records = []
    for name in ev.model_names:
        for column in table.columns:
            value = table.rows[name][column]
            interval = intervals[name].get(column) if intervals is not None else None
            if interval is not None:
                note = ""
            elif intervals is None:
                note = "intervals not computed (ci=False)"
            else:
                note = intervals.notes.get(column, {}).get(name, "")
            if isinstance(value, float) and math.isnan(value):  # 'n/a' in the tables
                reason = table.notes.get(column, "undefined for these data")
                note = f"undefined: {reason}" + (f"; {note}" if note else "")
            records.append({
                "model": name, "metric": column, "estimate": value,
                "low": interval.low if interval else math.nan,
                "high": interval.high if interval else math.nan,
                "method": interval.method if interval else None,
                "confidence_level": interval.confidence_level if interval else math.nan,
                "note": note})
    return records


def _comparison_records(comparisons):
    """One dict per pair and test: the difference, its interval, p, Holm's p, note."""
    return [{"model_a": c.model_a, "model_b": c.model_b, "test": c.test,
             "quantity": c.quantity, "difference": c.difference,
             "low": c.ci.low if c.ci else math.nan, "high": c.ci.high if c.ci else math.nan,
             "method": c.ci.method if c.ci else None,
             "confidence_level": c.ci.confidence_level if c.ci else math.nan,
             "pvalue": c.pvalue, "pvalue_holm": c.pvalue_holm, "note": c.note}
            for c in comparisons]


def _csv_text(records):
    """The records as CSV: a header row, then one row per record."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(list(records[0]))
    for record in records:
        writer.writerow([_csv_cell(v) for v in record.values()])
    return out.getvalue()


def _csv_cell(value):
    """A CSV cell: a float (numpy's too) as Python's shortest ``repr``, None empty."""
    if value is None:
        return ""
    if isinstance(value, float) or (hasattr(value, "dtype") and value.dtype.kind == "f"):
        return repr(float(value))
    if hasattr(value, "item"):  # a numpy integer
        return str(value.item())
    return value


def _json_value(value):
    """A value as strict JSON holds it: NaN as None, an infinity as 'inf' / '-inf',
    a dataclass as its fields, a date in ISO 8601, numpy numbers as Python's."""
    import dataclasses
    import datetime

    if isinstance(value, float) or hasattr(value, "dtype"):
        value = value.item() if hasattr(value, "item") else value
        if isinstance(value, float) and not math.isfinite(value):
            return None if math.isnan(value) else ("inf" if value > 0 else "-inf")
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _json_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_value(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value


def _numbers_json(ev, ci, metrics, comparisons, provenance):
    """``numbers.json``: every number with its interval, and where they come from."""
    import json

    from evalplots._version import __version__

    opts = ev.interval_options
    record = {
        "evalplots": __version__,
        "task": ev.task,
        "description": ev._description(),
        "interval_options": ({"confidence_level": opts.confidence_level,
                              "n_resamples": opts.n_resamples,
                              "random_state": opts.random_state} if ci else None),
        "provenance": provenance,
        "metrics": metrics,
        "comparisons": comparisons,
    }
    return json.dumps(_json_value(record), indent=2, ensure_ascii=False,
                      allow_nan=False) + "\n"


def _write_text(path, text):
    """``text`` into ``path`` as UTF-8, atomically (:func:`write_atomically`)."""
    import pathlib

    from evalplots._atomic import write_atomically

    return write_atomically(path, lambda tmp: pathlib.Path(tmp).write_text(
        text, encoding="utf-8"))
