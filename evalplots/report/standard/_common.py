"""What the standard report of every task shares: fonts, the shell, the table."""

import contextlib
import warnings

from reportlab.platypus import CondPageBreak

from evalplots.display._fonts import figure_font_family, ignore_glyph_warnings
from evalplots.report._fonts import MissingGlyphWarning, cid_font, missing_chars
from evalplots.report._doctemplate import MARGIN
from evalplots.report.builder import Report

__all__ = ["Steps", "keep_on_one_page", "metrics_table_section", "new_report",
           "quiet_figures"]


def new_report(evaluation, *, title, subtitle, author, invariant):
    """The :class:`Report` shell and the figures' fallback font family (or None).

    The PDF text shows Latin, Greek and Cyrillic in DejaVu Sans and CJK in
    reportlab's built-in CID fonts. The figures need an installed font for CJK:
    one covering the names' CJK characters becomes the figures' fallback family;
    without one, a single :class:`MissingGlyphWarning` says so. Characters no
    font can show warn once per model name, class name or title.
    """
    kinds = {**{str(n): "class name" for n in getattr(evaluation, "label_names", {}).values()},
             **{n: "model name" for n in evaluation.model_names}}
    if title:
        kinds[title] = "title"
    missing = {text: missing_chars(text) for text in kinds}
    for text, chars in missing.items():
        if any(cid_font(ch) is None for ch in chars):
            warnings.warn(f"{kinds[text]} {text!r} has characters the report font cannot "
                          f"show; they appear as boxes.", MissingGlyphWarning, stacklevel=3)
    # the title is not drawn in the figures; model and class names are (the rule
    # Evaluation.save_figures follows too)
    family = figure_font_family([t for t, kind in kinds.items() if kind != "title"],
                                stacklevel=3)
    report = Report(title or "Evaluation report", author=author, invariant=invariant,
                    subtitle=subtitle)
    return report, family


@contextlib.contextmanager
def quiet_figures():
    """Drawing the figures repeats no warning: the names and metrics warned once.

    matplotlib's own per-glyph warnings ("Glyph 26085 ... missing from font") say
    again what the one MissingGlyphWarning of :func:`new_report` said.
    """
    with ignore_glyph_warnings(), warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingGlyphWarning)
        yield


def keep_on_one_page(report, fig, *, width=1.0, text_lines=3):
    """Start a new page unless a heading, some text and ``fig`` fit on this one.

    ``text_lines`` counts the lines of the heading, paragraph and caption that go
    with the figure; the figure's drawn height is its height scaled to ``width``
    of the text frame (as :meth:`Report.add_figure` scales it).
    """
    frame = report.pagesize[0] - 2 * MARGIN
    w_in, h_in = fig.get_size_inches()
    scale = min(1.0, frame * width / (72 * w_in))
    report.add_flowable(CondPageBreak(72 * h_in * scale + 30 + 13 * text_lines))


class Steps:
    """Calls ``progress(step, done, total)`` before each named step."""

    def __init__(self, steps, progress):
        self.steps = list(steps)
        self._progress = progress
        self._done = 0

    def __call__(self):
        if self._progress is not None and self._done < len(self.steps):
            self._progress(self.steps[self._done], self._done, len(self.steps))
        self._done += 1


def metrics_table_section(report, table, *, caption, explanation):
    """The summary's metrics table, its caption, and the 'n/a' reasons under it."""
    report.add_table(table.text_rows(), header=["Model", *table.columns],
                     align=["left", *["right"] * len(table.columns)], caption=caption)
    note = table.undefined_note()
    report.add_paragraph(explanation + (" " + note if note else ""))
