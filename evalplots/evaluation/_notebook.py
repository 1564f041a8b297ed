"""How an evaluation shows itself in a notebook: the data, the metrics with their
intervals, the comparisons.

Jupyter (IPython's display formatter) calls ``_repr_html_`` for the rich view and
``_repr_markdown_`` where Markdown is shown (e.g. a Markdown export, or a front end
without HTML). Both show the same three parts, as the report's summary does: what
was evaluated (task, models, samples, positive class and threshold), the metrics
table with each interval (:meth:`EvaluationText.to_html`) and every pair test.
The intervals are computed on first display, once (``ev.intervals``).
"""

import html

from evalplots.evaluation._text_tables import markdown_escape

__all__ = ["NotebookView"]


class NotebookView:
    """The notebook view of an evaluation (a mixin of
    :class:`~evalplots.evaluation.Evaluation`).

    Notes
    -----
    Reads the evaluation's description, its paper tables (``to_html``,
    ``to_markdown``: their captions say the level, the methods, the resamples
    and the seed) and ``comparisons``.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> ev = evaluate([1, 0, 0, 1, 0, 1, 1, 0], {"m": [.8, .3, .6, .7, .2, .4, .9, .1]})
    >>> "0.938 [0.764, 1.000]" in ev._repr_html_()
    True
    """

    def _repr_html_(self):
        esc = html.escape
        parts = [f"<p><b>{esc(self._description())}</b></p>", self.to_html()]
        if self.comparisons:
            parts += ["<p><b>Comparisons</b></p>", self.comparisons.to_html()]
        return '<div class="evalplots-evaluation">' + "".join(parts) + "</div>"

    def _repr_markdown_(self):
        parts = [f"**{markdown_escape(self._description())}**", self.to_markdown()]
        if self.comparisons:
            parts += ["**Comparisons**", self.comparisons.to_markdown()]
        return "\n\n".join(parts) + "\n"
