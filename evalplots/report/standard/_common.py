"""What the standard report of every task shares: fonts, the shell, the table."""

import contextlib
import math
import warnings

from evalplots.display._fonts import figure_font_family, ignore_glyph_warnings
from evalplots.evaluation import METHOD_NAMES
from evalplots.metrics._format import (
    ZERO_WIDTH,
    format_difference,
    format_number,
    format_pvalue,
)
from evalplots.report._fonts import MissingGlyphWarning, cid_font, missing_chars
from evalplots.report.builder import Report

__all__ = ["MAX_MODELS", "ModelView", "Steps", "check_max_models", "comparison_section",
           "ranked_models", "infinite_note", "interval_table_section",
           "metrics_table_section", "new_report", "quiet_figures", "summary_tables"]

#: Models a binary report draws on its curves and gives pages of their own, by
#: default: beyond, the models of highest ROC AUC, the others in the tables and
#: the ranking figure (``evaluation_report(max_models=None)``: every model).
MAX_MODELS = 8


def check_max_models(max_models):
    """``max_models`` validated: None (every model) or an integer >= 1."""
    if max_models is None:
        return None
    if isinstance(max_models, bool) or not isinstance(max_models, int) or max_models < 1:
        raise ValueError(f"max_models must be an integer >= 1 or None (every model), "
                         f"got {max_models!r}.")
    return max_models


def ranked_models(ev):
    """The model names by decreasing ROC AUC (an undefined AUC last; ties in the
    evaluation's order)."""
    rows = ev.metrics_table.rows

    def key(i):
        auc = rows[ev.model_names[i]]["ROC AUC"]
        return (math.isnan(auc), -auc if not math.isnan(auc) else 0.0, i)

    return [ev.model_names[i] for i in sorted(range(len(ev.model_names)), key=key)]


class ModelView:
    """An evaluation seen through some of its models: ``model_names`` is the
    given list, everything else is the evaluation's own (one computation).

    The curve and per-model pages of a report that summarises many models
    draw this view; the tables read the evaluation itself.
    """

    def __init__(self, evaluation, names):
        self._evaluation = evaluation
        self.model_names = list(names)

    def __getattr__(self, attribute):
        return getattr(self._evaluation, attribute)

    def __getitem__(self, name):
        return self._evaluation[name]


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
    note = table.footnote()
    report.add_paragraph(explanation + (" " + note if note else ""))


def summary_tables(report, ev, *, ci, caption, explanation, methods, reference=None):
    """The summary's metrics: with ``ci``, the interval table and the comparisons
    (every pair, or each model against ``reference`` only); without, the plain
    table (nothing is computed for intervals)."""
    if not ci:
        metrics_table_section(report, ev.metrics_table, caption=caption,
                              explanation=explanation)
        return
    interval_table_section(report, ev, caption=caption, explanation=explanation,
                           methods=methods)
    comparison_section(report, ev, reference)


def interval_table_section(report, ev, *, caption, explanation, methods):
    """The summary table with intervals: one row per metric, one column per model
    ("0.912 [0.887, 0.934]"), and the method of each row; the notes under it say
    the level, the resamples, the seed and why a cell has no interval."""
    table, intervals, opts = ev.metrics_table, ev.intervals, ev.interval_options
    rows = []
    for column in table.columns:
        cells = []
        for name in ev.model_names:
            ci = intervals[name].get(column)
            cells.append(ci.format() if ci is not None
                         else format_number(table.rows[name][column]))
        how = [METHOD_NAMES.get(m, m) for m in intervals.methods(column)]
        rows.append([column, *cells, " / ".join(how) or "none"])
    report.add_table(rows, header=["Metric", *ev.model_names, "Interval"],
                     align=["left", *["right"] * len(ev.model_names), "left"],
                     caption=caption)
    level = f"{100 * opts.confidence_level:g} %"
    note = table.footnote()
    report.add_paragraph(explanation + (" " + note if note else ""))
    text = (f"Each cell: estimate [{level} confidence interval]. {methods} "
            f"Bootstrap: {opts.n_resamples:,} resamples, seed {opts.random_state} "
            f"(the same seed gives the same intervals).")
    missing = []
    for column, by_model in intervals.notes.items():
        for reason in dict.fromkeys(by_model.values()):
            names = [n for n, r in by_model.items()  # the models of this reason only
                     if r == reason and math.isfinite(table.rows[n][column])]
            if names:
                missing.append(f"{column} of {', '.join(names)}: {reason}")
    if missing:
        text += " No interval for " + "; for ".join(missing) + "."
    if any(ZERO_WIDTH in cell for row in rows for cell in row[1:-1]):
        text += (f" {ZERO_WIDTH}: the interval's bounds are equal, as every resample "
                 f"(or, for DeLong, every sample) gives the same value — perfectly "
                 f"separated scores, or too few samples to vary; it is no sign of "
                 f"precision.")
    report.add_paragraph(text)


def comparison_section(report, ev, reference=None):
    """Every pair of models (or each against ``reference``): the difference with
    its interval, p and Holm's p."""
    comparisons = ev.comparisons if reference is None else ev.comparisons_with(reference)
    if not comparisons:
        return
    report.add_heading("Comparisons", level=1)
    rows = []
    for c in comparisons:
        if c.ci is not None:
            difference = c.ci.format()
        elif math.isnan(c.difference):
            difference = "n/a"
        else:
            difference = format_difference(c.difference)
        rows.append([c.model_a, c.model_b, c.family, difference,
                     "n/a" if math.isnan(c.pvalue) else format_pvalue(c.pvalue, c.pvalue_floor),
                     "n/a" if math.isnan(c.pvalue_holm)
                     else format_pvalue(c.pvalue_holm, c.pvalue_floor),
                     c.note])
    level = f"{100 * ev.interval_options.confidence_level:g} %"
    header = ["Model a", "Model b", "Test", f"a − b [{level} CI]", "p", "Holm p", "Details"]
    align = ["left", "left", "left", "right", "right", "right", "left"]
    if not any(c.note for c in comparisons):  # no details to give (paired bootstraps)
        rows, header, align = [r[:-1] for r in rows], header[:-1], align[:-1]
    which = ("Every pair of models" if reference is None else
             f"Each model against {reference}, the model of highest ROC AUC (with "
             f"{len(ev.model_names)} models, not every pair)")
    report.add_table(rows, header=header, align=align,
                     caption=f"{which} on the same samples: the difference "
                             "of the metric (first model minus second), its interval, "
                             "the raw two-sided p-value and the Holm-adjusted one.")
    n_pairs = max(comparisons.n_pairs(c.family) for c in comparisons)
    holm = ("Holm: with one pair of models, the Holm-adjusted p is the raw p "
            "(Holm 1979)." if n_pairs == 1 else
            f"Holm: each test is run on {'all' if reference is None else 'these'} "
            f"{n_pairs} pairs at once, and the more pairs, "
            f"the likelier one looks significant by chance; Holm's step-down adjustment "
            f"(Holm 1979) keeps the chance of any false finding among them at the "
            f"nominal level.")
    report.add_paragraph(f"{_TEST_NOTES[ev.task]} {holm}")


_PAIRED = ("Paired bootstrap: both models on the same resamples; percentile interval, "
           "p = the smallest level at which it excludes 0 (Davison & Hinkley 1997). "
           "With B resamples p is at least 2/(B + 1); a p written '< ...' is at that "
           "floor: no resample fell on the far side of 0.")
_MCNEMAR = ("McNemar: b samples only model a gets right, c only b; exact binomial below "
            "25, else chi-square; a - b = (b - c) / n, the accuracy difference.")
_TEST_NOTES = {
    "binary": "DeLong: paired test of two AUCs on the same samples (DeLong et al. "
              "1988). " + _MCNEMAR,
    "multiclass": _MCNEMAR + " " + _PAIRED,
    "regression": _PAIRED,
}


def infinite_note(ev):
    """Why a log loss is inf: nothing is clipped, so a 0 for the true class counts."""
    infinite = [n for n, row in ev.metrics_table.rows.items()
                if row.get("Log loss") == float("inf")]
    if not infinite:
        return ""
    return (f" Log loss 'inf' ({', '.join(infinite)}): some sample's true class has "
            f"probability exactly 0; nothing is clipped.")
