"""Print-ready on every input: the page checker (page_check) on a stress matrix.

Each cell builds a small evaluation and checks what a user would print of it:
the standard report's PDF (its figures recorded, so that their artists' roles
and legend frames are known too), or the report's figures drawn for a paper
(style 'paper', as Evaluation.save_figures writes them: one panel one column,
3.5 in, and also 7 in; two or more panels two columns, 7 in).

The matrix is a covering design, not a cross product: every value of every
factor is in at least one cell (names: length in characters, and whether they
hold spaces, ``_`` or neither; class names are 37 characters long):

==============  ======  ======  =========================  =======  =====  =====  =======
cell            what    models  names                      classes  scale  n      CI
==============  ======  ======  =========================  =======  =====  =====  =======
sample          report  2       19–20, ``_``               2        —      569    with
no-intervals    report  2       19–20, ``_``               2        —      569    without
three           report  3       30, spaces                 2        —      20     with
two-rows        report  1       120, neither               2        —      2      with
three-classes   report  2       60 Cyrillic; CJK           3        —      20     with
tiny-errors     report  2       Hebrew                     —        10⁻⁶   20     with
millions        report  1       60, ``_``                  —        10⁶    20     without
twelve-models   paper   12      3                          2        —      10⁴    —
six-models      paper   6       30, ``_``                  2        —      300    —
twelve-classes  paper   1       30, ``_``                  12       —      36     —
forty-classes   paper   1       30, ``_``                  40       —      120    —
unit-scale      paper   1       30, spaces                 —        1      10⁴    —
thousands       paper   1       30, spaces                 —        10³    20     —
==============  ======  ======  =========================  =======  =====  =====  =======

'sample' and 'no-intervals' are conftest's session reports (built for other
tests too; their figures are not recorded, so only their PDF's words are read).
Each (cell, check) is one test. One that fails today is an xfail(strict=True)
naming the defect (:data:`TODAY`), so that the fix that removes the defect must
remove the marker too.
"""

import matplotlib
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from evalplots.display import style
from evalplots.evaluation import evaluate
from evalplots.report import Report, evaluation_report
from evalplots.report._styles import FONT, register_fonts
from evalplots.report.standard._figures import ONE_COLUMN, TWO_COLUMNS, paper_figures

from tests.page_check import (
    CHECKS,
    assert_figure_print_ready,
    assert_pdf_print_ready,
    SIGNED_ZERO,
    TABLE_GRID,
    figure_defects,
    pdf_defects,
    read_pdf,
    recording_report_figures,
    word_defects,
)

# --- inputs ----------------------------------------------------------------------


def _name(length, kind, k=0):
    """A model name of ``length`` characters: 'spaces', 'underscores', 'plain'
    (neither), or a script ('cyrillic', 'cjk', 'hebrew')."""
    words = {
        "spaces": "gradient boosted trees with early stopping and depth",
        "underscores": "gradient_boosted_trees_with_early_stopping_and_depth",
        "plain": "GradientBoostedTreesWithEarlyStoppingAndDepth",
        "cyrillic": "градиентный бустинг деревьев с ранней остановкой",
        "cjk": "梯度提升决策树模型",
        "hebrew": "מודל רגרסיה ליניארית",
    }[kind]
    text = (words + (" " if kind in ("spaces", "cyrillic", "hebrew") else "")) * 8
    tag = f"{k + 1}"
    return text[:length - len(tag)].rstrip() + tag


def _class_names(k, length=40):
    return [f"class {i:02d} " + "of a rather long description"[:length - 9]
            for i in range(k)]


def _binary(n, n_models, names, seed=0):
    rng = np.random.default_rng(seed)
    y = np.arange(n) % 2 if n < 10 else rng.integers(0, 2, n)
    scores = {}
    for k, name in enumerate(names[:n_models]):
        noise = rng.normal(0, 1.5 + 0.3 * k, n)
        scores[name] = 1 / (1 + np.exp(-(2 * (y - 0.5) * 2 + noise)))
    return y, scores


def _multiclass(n, k, names, seed=0):
    rng = np.random.default_rng(seed)
    classes = np.array(_class_names(k))
    codes = np.arange(n) % k
    rng.shuffle(codes)
    predictions = {}
    for j, name in enumerate(names):
        logits = rng.normal(0, 1, (n, k)) + 2.5 * np.eye(k)[codes]
        p = np.exp(logits)
        predictions[name] = p / p.sum(axis=1, keepdims=True)
    return classes[codes], predictions, classes


def _regression(n, scale, names, seed=0):
    rng = np.random.default_rng(seed)
    y = scale * (3 + rng.normal(0, 1, n))
    return y, {name: y + scale * rng.normal(0, 0.3 + 0.2 * j, n)
               for j, name in enumerate(names)}


def _report(tmp_path, y, predictions, *, ci=True, labels=None, n_resamples=20, **kw):
    ev = evaluate(y, predictions, labels=labels, n_resamples=n_resamples, **kw)
    with recording_report_figures() as figures:
        path = evaluation_report(ev, invariant=True, ci=ci).save(tmp_path / "report.pdf")
    return ev, path, figures


def _figure_defects(ev, kinds):
    """The defects of ``ev``'s paper figures whose file stems start with one of
    ``kinds``, by check, each drawn in style 'paper' as Evaluation.save_figures
    writes it (one panel: one column, 3.5 in; more: two columns, 7 in) and a
    one-panel figure also two columns wide."""

    defects = {}
    for stem, own, draw in paper_figures(ev):
        if stem.startswith(kinds):
            for width in (ONE_COLUMN, TWO_COLUMNS) if own == ONE_COLUMN else (own,):
                with style.context("paper"):  # read in the rcParams it was drawn in
                    fig = draw(style="paper", width=width)
                    fig.draw_without_rendering()
                    found = figure_defects(fig, name=f"{stem} at {width} in")
                for check, lines in found.items():
                    defects.setdefault(check, []).extend(lines)
    return defects


# --- the checker itself ------------------------------------------------------------


def _figure(width=3.0, height=2.0, layout=None):
    fig = Figure(figsize=(width, height), dpi=100, layout=layout)
    FigureCanvasAgg(fig)
    return fig


def _drawn(fig):
    fig.canvas.draw()
    return figure_defects(fig)


def test_checker_names_overlapping_texts_with_their_boxes():
    fig = _figure()
    fig.text(0.2, 0.5, "first words", fontsize=8)
    fig.text(0.25, 0.5, "second", fontsize=8)
    fig.text(0.2, 0.2, "apart", fontsize=8)
    (line,) = _drawn(fig)["overlap"]
    assert line.startswith("figure: 'first words' (figure text) at [")
    assert "overlaps 'second' (figure text) at [" in line and "apart" not in line
    with pytest.raises(AssertionError, match=r"^a figure is not print-ready \(1 defects\):"
                                             r"\n  a figure: 'first words'"):
        assert_figure_print_ready(fig, name="a figure")


def test_turned_tick_labels_are_boxes_along_the_text():
    # 45° labels 0.27 in apart: their upright extents overlap, the labels do not
    fig = _figure(4, 2)
    ax = fig.add_axes((0.1, 0.5, 0.8, 0.4))
    ax.set_xticks(np.arange(12), [f"label_{k:02d}" for k in range(12)], rotation=45,
                  ha="right", rotation_mode="anchor", fontsize=7)
    ax.set_xlim(-0.5, 11.5)
    assert _drawn(fig)["overlap"] == []
    ax.set_xticks(np.arange(0, 12, 0.25), [f"label_{k:02d}" for k in range(48)],
                  rotation=45, ha="right", rotation_mode="anchor", fontsize=7)
    assert _drawn(fig)["overlap"]


def test_printed_size_outside_and_signed_zero():
    fig = _figure()
    fig.text(0.1, 0.8, "small", fontsize=5.5)
    fig.text(0.1, 0.5, "zero at -0.000", fontsize=8)
    fig.text(0.9, 0.2, "past the edge", fontsize=8)
    defects = _drawn(fig)
    assert "'small'" in defects["size"][0] and "smallest 5.50 pt" in defects["size"][0]
    assert "'zero at -0.000'" in defects["zero"][0]
    assert "'past the edge'" in defects["bounds"][0]
    # printed at half size, 11 pt is 5.5 pt
    fig = _figure()
    fig.text(0.1, 0.5, "big", fontsize=11)
    fig.canvas.draw()
    assert figure_defects(fig, scale=1.0)["size"] == []
    assert figure_defects(fig, scale=0.5)["size"]


@pytest.mark.parametrize("text, signed", [
    ("-0", True), ("+0", True), ("\u22120.000", True), ("[-0.00,", True), ("-0.0%", True),
    ("-0.02", False), ("1e-07", False), ("2000-01-01", False), ("0.000", False),
    ("10-0", False), ("+0.5", False), ("x-0y", False)])
def test_signed_zero_pattern(text, signed):
    assert bool(SIGNED_ZERO.search(text)) is signed


def test_legend_over_tick_labels_and_two_tick_sizes():
    fig = _figure()
    left, right = fig.subplots(1, 2)
    left.plot([0, 1], [0, 1], label="a curve")
    left.legend(loc="center left", bbox_to_anchor=(-0.3, 0.5), frameon=True)
    right.tick_params(labelsize=6)
    defects = _drawn(fig)
    assert "covered by legend" in defects["frames"][0]
    assert "(tick label)" in defects["frames"][0]
    assert defects["roles"][0].startswith("figure: tick labels are set in 2 sizes")


def test_pdf_words_sizes_and_boxes_as_drawn(tmp_path):
    # the oracle: strings drawn where and as large as we say, read back from the PDF
    register_fonts()
    path = tmp_path / "words.pdf"
    canvas = Canvas(str(path), pagesize=(300, 200))
    canvas.setFont(FONT, 10)
    canvas.drawString(20, 150, "upright words")
    canvas.drawString(60, 150, "over")  # on top of 'words'
    canvas.setFont(FONT, 5)
    canvas.drawString(20, 120, "tiny")
    canvas.setFont(FONT, 8)
    canvas.drawString(290, 100, "edge")  # runs off the right side
    canvas.drawString(20, 90, "\u22120.000")
    canvas.saveState()
    canvas.translate(150, 20)
    canvas.rotate(90)
    canvas.scale(0.5, 0.5)
    canvas.setFont(FONT, 14)
    canvas.drawString(0, 0, "turned")  # 7 pt as printed
    canvas.restoreState()
    canvas.setStrokeColor(Color(*TABLE_GRID))
    for x, size in ((180, 8.5), (240, 7.5)):  # two tables in two sizes
        canvas.rect(x, 130, 50, 20)
        canvas.setFont(FONT, size)
        canvas.drawString(x + 5, 136, "cell")
    canvas.save()
    (page,) = read_pdf(path)
    words = {w.text: w for w in page.words}
    assert sorted(w.text for w in page.words) == sorted(
        ["upright", "words", "over", "tiny", "edge", "\u22120.000", "turned", "cell", "cell"])
    assert words["upright"].size == pytest.approx(10, abs=0.01)
    assert words["upright"].box.extent()[0] == pytest.approx(20, abs=0.01)
    assert words["turned"].size == pytest.approx(7, abs=0.01)
    x0, y0, x1, y1 = words["turned"].box.extent()
    assert x1 - x0 == pytest.approx(7, abs=0.01) and y0 == pytest.approx(20, abs=0.01)
    defects = {check: word_defects(page, (check,)) for check in CHECKS}
    assert len(defects["overlap"]) == 1
    assert "'words'" in defects["overlap"][0] and "'over'" in defects["overlap"][0]
    assert "1 word(s)" in defects["size"][0] and "'tiny'" in defects["size"][0]
    assert "'edge'" in defects["bounds"][0]
    assert "'\u22120.000'" in defects["zero"][0]
    assert defects["roles"][0].startswith("page 1: table cells are set in 2 sizes")


def test_saved_figure_pdf_reads_as_its_artists(tmp_path):
    # a figure saved as PDF (what save_figures writes) is read word by word, and
    # agrees with the artists: sizes, boxes, a log axis' superscripts below 6 pt
    fig = _figure(3, 2, layout="constrained")
    ax = fig.add_subplot()
    ax.set_yscale("log")
    ax.set_ylim(1, 1000)
    ax.tick_params(labelsize=8)
    ax.set_xlabel("the x label", fontsize=9)
    path = tmp_path / "figure.pdf"
    with matplotlib.rc_context({"pdf.fonttype": 42}):
        fig.savefig(path)
    (page,) = read_pdf(path)
    artists = figure_defects(fig)
    pdf = {w.text: w for w in page.words}
    assert pdf["label"].size == pytest.approx(9, abs=0.01)
    assert page.box.extent() == pytest.approx((0, 0, 216, 144))
    words = [w for w in page.words if w.text.startswith("10")]
    assert words and all(w.smallest == pytest.approx(8 * 0.7, abs=0.05) for w in words)
    assert "(tick label)" in artists["size"][0] and "smallest 5.60 pt" in artists["size"][0]
    assert word_defects(page, ("size",))[0].startswith("page 1: 4 word(s) set below 6 pt")


def test_recorded_figure_lands_where_the_pdf_prints_it(tmp_path):
    # the artists' boxes moved onto the page meet the PDF's words of the same text
    fig = _figure(4, 2, layout="constrained")
    fig.add_subplot().set_xlabel("the x label")
    with recording_report_figures() as figures:
        path = Report("R").add_figure(fig, width=0.5).save(tmp_path / "r.pdf")
    (placed,) = figures
    assert placed.page == 1
    assert placed.scale * 4 * 72 == pytest.approx((placed.box.half[0] * 2), rel=1e-6)
    printed = {w.text: w for w in placed.printed().words}
    (page,) = read_pdf(path, figures)
    pdf = {w.text: w for w in page.words}
    x0, y0, x1, y1 = printed["the x label"].box.extent()
    assert pdf["the"].box.extent()[0] == pytest.approx(x0, abs=1.0)
    assert pdf["label"].box.extent()[2] == pytest.approx(x1, abs=1.0)
    assert pdf["the"].box.cy == pytest.approx((y0 + y1) / 2, abs=1.0)
    assert_pdf_print_ready(path, figures)


# --- the cells ---------------------------------------------------------------------

def _evaluate(y, predictions, **kw):
    return evaluate(y, predictions, n_resamples=20, **kw)


def _three(tmp_path):
    names = [_name(30, "spaces", k) for k in range(3)]
    return _report(tmp_path, *_binary(20, 3, names))


def _two_rows(tmp_path):
    return _report(tmp_path, *_binary(2, 1, [_name(120, "plain")]))


def _three_classes(tmp_path):
    y, p, classes = _multiclass(20, 3, [_name(60, "cyrillic"), _name(9, "cjk", 1)])
    return _report(tmp_path, y, p, labels=classes)


def _tiny_errors(tmp_path):
    return _report(tmp_path, *_regression(20, 1e-6, [_name(20, "hebrew", k) for k in range(2)]))


def _millions(tmp_path):
    return _report(tmp_path, *_regression(20, 1e6, [_name(60, "underscores")]), ci=False)


#: Report cells: name -> a function of tmp_path giving (evaluation, PDF, figures).
REPORTS = {
    "three": _three,
    "two-rows": _two_rows,
    "three-classes": _three_classes,
    "tiny-errors": _tiny_errors,
    "millions": _millions,
}


def _twelve_models():
    ev = _evaluate(*_binary(10_000, 12, [_name(3, "plain", k) for k in range(12)]))
    return _figure_defects(ev, ("roc_curves", "det", "precision_recall_steps"))


def _six_models():
    ev = _evaluate(*_binary(300, 6, [_name(30, "underscores", k) for k in range(6)]))
    return _figure_defects(ev, ("metrics_vs_threshold", "calibration"))


def _many_classes(k):
    def cell():
        y, p, classes = _multiclass(3 * k, k, [_name(30, "underscores")])
        ev = _evaluate(y, p, labels=classes)
        return _figure_defects(ev, ("classification_report", "confusion"))
    return cell


def _regression_cell(scale, n):
    def cell():
        ev = _evaluate(*_regression(n, scale, [_name(30, "spaces")]))
        return _figure_defects(ev, ("prediction_errors",))
    return cell


#: Figure cells: name -> a function giving the defects of paper figures.
FIGURES = {
    "twelve-models": _twelve_models,
    "six-models": _six_models,
    "twelve-classes": _many_classes(12),
    "forty-classes": _many_classes(40),
    "unit-scale": _regression_cell(1.0, 10_000),
    "thousands": _regression_cell(1e3, 20),
}


# --- the matrix ----------------------------------------------------------------------
#: (cell, check) -> the defect it shows today; each is an xfail(strict=True), so the
#: fix that removes the defect must remove its line here.
TODAY = {
    ("no-intervals", "size"): "page 2: the ROC page figure, shrunk to the room left on "
                              "the page (down to MIN_FIGURE_SCALE, 0.8): its tick "
                              "labels are 5.1 pt",
    ("two-rows", "roles"): "decision-curve page: the score-distribution figure under the "
                           "decision curves is drawn 1 % smaller to fit (FittedFigure), so "
                           "the page's tick labels, axis labels and legend entries are "
                           "set in two sizes (6.26 and 6.31 pt)",
}


def _cells(names):
    return [pytest.param(name, check, id=f"{name}-{check}", marks=[pytest.mark.xfail(
                strict=True, reason=TODAY[name, check])] if (name, check) in TODAY else [])
            for name in names for check in CHECKS]


@pytest.fixture(scope="module")
def report_defects(tmp_path_factory):
    """A function: report cell name -> its defects by check, built once."""
    found = {}

    def defects(name):
        if name not in found:
            _, path, figures = REPORTS[name](tmp_path_factory.mktemp(name))
            found[name] = pdf_defects(path, figures)
        return found[name]

    return defects


@pytest.fixture(scope="module")
def figure_cell_defects():
    """A function: figure cell name -> its defects by check, drawn once."""
    found = {}

    def defects(name):
        if name not in found:
            found[name] = FIGURES[name]()
        return found[name]

    return defects


@pytest.fixture(scope="module")
def sample_defects(binary_sample_report, binary_sample_report_without_intervals):
    """The defects by check of the two sample reports the suite builds anyway
    (conftest's session fixtures; their figures not recorded: the PDF's words
    only, tables the only role)."""
    return {"sample": pdf_defects(binary_sample_report.path),
            "no-intervals": pdf_defects(binary_sample_report_without_intervals.path)}


@pytest.mark.parametrize("cell, check", _cells(["sample", "no-intervals"]))
def test_sample_reports(sample_defects, cell, check):
    assert not sample_defects[cell][check]


@pytest.mark.parametrize("cell, check", _cells(REPORTS))
def test_report_cells(report_defects, cell, check):
    assert not report_defects(cell)[check]


@pytest.mark.parametrize("cell, check", _cells(FIGURES))
def test_figure_cells(figure_cell_defects, cell, check):
    assert not figure_cell_defects(cell)[check]
