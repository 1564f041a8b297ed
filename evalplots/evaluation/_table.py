"""The metrics table of an evaluation: one row per model, one column per metric.

The same table feeds the notebook view (``_repr_html_``), ``to_frame()`` and the
report, so every place shows the same numbers with the same 'n/a' notes.
"""

import html

from evalplots.metrics._format import NOT_AVAILABLE, format_number

__all__ = ["MetricsTable"]


class MetricsTable:
    """An ordered table ``{model: {column: value}}`` with notes on undefined values.

    Parameters
    ----------
    columns : sequence of str
        Column names, in display order.
    rows : dict of str to dict
        Model name -> ``{column: float or int}``; NaN marks an undefined value.
    notes : dict of str to str, default=None
        Column -> why a value of that column can be undefined ('n/a').
    remarks : sequence of str, default=()
        Sentences shown under the table, e.g. how the values were obtained
        (an evaluation built from summaries says so here).

    Raises
    ------
    ValueError
        If a row lacks one of ``columns``.

    Notes
    -----
    A plain container: the evaluation objects fill it once with the values of
    :mod:`evalplots.metrics`; nothing here computes a metric.

    Examples
    --------
    >>> t = MetricsTable(["AUC"], {"m": {"AUC": 0.75}})
    >>> t.text_rows()
    [['m', '0.7500']]
    """

    def __init__(self, columns, rows, notes=None, remarks=()):
        self.columns = list(columns)
        self.remarks = list(remarks)
        for name, row in rows.items():
            missing = [c for c in self.columns if c not in row]
            if missing:
                raise ValueError(f"row {name!r} lacks column(s) {missing}.")
        self.rows = rows
        self.notes = dict(notes or {})

    def text_rows(self, digits=None):
        """Rows of formatted cells, the model name first.

        Parameters
        ----------
        digits : int or None, default=None
            Decimals of float cells; None: each to the digits it carries (4
            significant digits, 4 decimals below 1, scientific notation from
            1e6 and below 1e-3; :func:`~evalplots.metrics._format.format_number`).

        Returns
        -------
        rows : list of list of str
            One list per model: its name, then one cell per column.

        Notes
        -----
        Cells are formatted by
        :func:`evalplots.metrics._format.format_number` ('n/a' for NaN).

        Examples
        --------
        >>> MetricsTable(["a"], {"m": {"a": float("nan")}}).text_rows()
        [['m', 'n/a']]
        """
        return [[name, *(format_number(row[c], digits) for c in self.columns)]
                for name, row in self.rows.items()]

    def footnote(self):
        """The sentences under the table: the 'n/a' reasons, then the remarks.

        Returns
        -------
        note : str
            ``""`` when there is nothing to say.

        Notes
        -----
        :meth:`undefined_note` followed by ``remarks``.

        Examples
        --------
        >>> MetricsTable(["F1"], {"m": {"F1": 0.5}}, remarks=["From summaries."]).footnote()
        'From summaries.'
        """
        return " ".join(t for t in (self.undefined_note(), *self.remarks) if t)

    def undefined_note(self):
        """One sentence saying why each 'n/a' column is undefined, or ``""``.

        Returns
        -------
        note : str
            E.g. ``"'n/a' (undefined) for BEP: ..."``.

        Notes
        -----
        Columns that share a reason are listed together.

        Examples
        --------
        >>> t = MetricsTable(["F1"], {"m": {"F1": float("nan")}}, notes={"F1": "no positive"})
        >>> t.undefined_note()
        "'n/a' (undefined) for F1: no positive."
        """
        reasons = {}
        for column in self.columns:
            if any(format_number(row[column]) == NOT_AVAILABLE
                   for row in self.rows.values()):
                reason = self.notes.get(column, "undefined for these data")
                reasons.setdefault(reason, []).append(column)
        if not reasons:
            return ""
        parts = [f"for {', '.join(cols)}: {reason}" for reason, cols in reasons.items()]
        return f"'n/a' (undefined) {'; '.join(parts)}."

    def to_frame(self):
        """The table as a pandas DataFrame (index: model names).

        Returns
        -------
        frame : pandas.DataFrame of shape (n_models, n_columns)
            Values as floats/ints; NaN where undefined.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        pandas is imported only here.

        Examples
        --------
        >>> MetricsTable(["a"], {"m": {"a": 0.5}}).to_frame()
                 a
        model
        m      0.5
        """
        import pandas as pd

        frame = pd.DataFrame.from_dict(self.rows, orient="index")[self.columns]
        frame.index.name = "model"
        return frame

    def to_html(self, caption=None, digits=None):
        """An HTML ``<table>`` of :meth:`text_rows` (all text escaped).

        Parameters
        ----------
        caption : str or None, default=None
            Shown above the table.
        digits : int or None, default=None
            Decimals of float cells (None: as :meth:`text_rows`).

        Returns
        -------
        html : str

        Notes
        -----
        Used by the evaluation objects' ``_repr_html_`` (Jupyter).

        Examples
        --------
        >>> "<td>0.50</td>" in MetricsTable(["a"], {"m<b>": {"a": 0.5}}).to_html(digits=2)
        True
        """
        esc = html.escape
        head = "".join(f"<th>{esc(c)}</th>" for c in ["Model", *self.columns])
        body = "".join(
            "<tr>" + "".join(
                f"<td>{esc(cell)}</td>" if i else f"<th>{esc(cell)}</th>"
                for i, cell in enumerate(row)) + "</tr>"
            for row in self.text_rows(digits))
        cap = f"<caption>{esc(caption)}</caption>" if caption else ""
        note = self.footnote()
        foot = f"<p><small>{esc(note)}</small></p>" if note else ""
        return (f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
                f"</table>{foot}")
