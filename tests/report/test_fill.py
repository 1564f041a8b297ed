"""Pages are filled: figures shrink a little to fit, movable sections fill the page a
full-page figure leaves, paragraphs leave no single line, tables no lone row, and
the standard reports of the bundled samples have no page left half empty.

Every PDF is built into tmp_path and read back with pypdf; how full a page is comes
from the position of its lowest line of text (figure text included). The figures are
blank stand-ins of their real size (conftest's ``stub_figures``): where they fall is
under test here, not what they show.
"""

import re

import pytest
from matplotlib.figure import Figure
from pypdf import PdfReader

from evalplots.report import Report
from evalplots.report._doctemplate import HEADER_GAP, MARGIN
from evalplots.report._keep import MIN_FIGURE_SCALE, MIN_SPLIT_ROWS, FittedFigure

pytestmark = pytest.mark.usefixtures("stub_figures")

_FOOTER = re.compile(r"^Page \d+ of \d+$")


def _lines(path):
    """Each page's lines of body text: running header and footer left out."""
    pages = []
    for i, page in enumerate(PdfReader(path).pages):
        lines = [" ".join(line.split()) for line in page.extract_text().splitlines()]
        lines = [line for line in lines if line and not _FOOTER.match(line)]
        if i and lines and lines[0] == "R":  # the running header (title "R")
            lines = lines[1:]
        pages.append(lines)
    return pages


def fills(path):
    """How far down each page's text frame its lowest text line reaches (0 to 1)."""
    out = []
    for page in PdfReader(path).pages:
        top = float(page.mediabox.height) - MARGIN - HEADER_GAP
        bottom = MARGIN + HEADER_GAP
        ys = []

        def visit(text, cm, tm, font, size):
            if text.strip():
                ys.append(tm[4] * cm[1] + tm[5] * cm[3] + cm[5])
        page.extract_text(visitor_text=visit)
        body = [y for y in ys if bottom - 12 <= y <= top + 2]  # not header, footer
        out.append((top - min(body)) / (top - bottom) if body else 0.0)
    return out


def _figure(height):
    fig = Figure(figsize=(6, height))
    fig.subplots().plot([0, 1], [0, 1])
    return fig


def _filler(report, n):
    for i in range(n):
        report.add_paragraph(f"filler line {i}")
    return report


# -- a figure that misses the page by a little ----------------------------------------

def test_fitted_figure_shrinks_to_leave_its_reserve_and_no_further():
    from evalplots.report._flowables import VectorFigure, figure_to_drawing

    figure = VectorFigure(figure_to_drawing(_figure(4.0)), width_fraction=1.0)
    w, h = figure.wrap(400, 10_000)
    assert (w, h) == pytest.approx((400, 400 * 4 / 6))
    fitted = FittedFigure(figure, reserve=30)
    # 20 points short: drawn 20.5 points lower (0.5 below the frame's rounding fuzz),
    # narrower in proportion
    w2, h2 = fitted.wrap(400, h + 30 - 20)
    assert h2 == pytest.approx(h - 20.5)
    assert w2 / h2 == pytest.approx(w / h)
    # room enough: its natural size
    assert fitted.wrap(400, h + 100) == pytest.approx((w, h))
    # shrinking below MIN_FIGURE_SCALE is refused: the natural size (does not fit)
    assert fitted.wrap(400, MIN_FIGURE_SCALE * h + 30 - 5) == pytest.approx((w, h))
    assert MIN_FIGURE_SCALE == 0.8


def _figure_scales(path):
    """Per page, the scales the figures are drawn at (``s 0 0 s 0 0 cm``, s != 1;
    the 1s are the translations of the drawing's groups)."""
    out = []
    for page in PdfReader(path).pages:
        content = page.get_contents().get_data().decode("latin-1")
        out.append([float(a) for a, b in
                    re.findall(r"([\d.]+) 0 0 ([\d.]+) 0 0 cm", content)
                    if a == b and float(a) != 1])
    return out


def test_a_figure_that_misses_the_page_by_a_little_is_drawn_smaller(tmp_path):
    """Filler lines push a heading, its figure and caption down the page."""
    fig = _figure(4.0)
    natural = (Report("R").pagesize[0] - 2 * MARGIN) / (6 * 72)  # full text width
    outcomes = []
    for n in range(6, 34, 2):
        report = _filler(Report("R", invariant=True), n)
        report.add_heading("The heading")
        report.add_figure(fig, caption="The caption.")
        path = report.save(tmp_path / f"f{n}.pdf")
        pages = _lines(path)
        on = [i for i, page in enumerate(pages) if "The heading" in page]
        assert len(on) == 1 and "The caption." in pages[on[0]], n  # never apart
        (scale,) = _figure_scales(path)[on[0]]
        assert MIN_FIGURE_SCALE * natural - 1e-3 <= scale <= natural + 1e-3, n
        outcomes.append((on[0], round(scale / natural, 3)))
    # first whole on page 1, then smaller on page 1, then whole on page 2
    assert outcomes[0] == (0, 1.0) and outcomes[-1] == (1, 1.0)
    shrunk = [s for page, s in outcomes if s < 1]
    assert shrunk and all(page == 0 for page, s in outcomes if s < 1)
    assert min(shrunk) >= MIN_FIGURE_SCALE
    assert [page for page, _ in outcomes] == sorted(page for page, _ in outcomes)


# -- sections that fill a page --------------------------------------------------------

def _sections(tmp_path, *, movable, name):
    """Page 1: filler to about its middle; then a section whose figure needs a
    whole page, and a small one after it."""
    report = Report("R", invariant=True).add_table_of_contents()
    _filler(report, 10)
    report.add_section("Big figure")
    report.add_figure(_figure(8.0), caption="The big one.")
    report.add_section("Small table", movable=movable)
    report.add_table([[f"r{i}", i] for i in range(5)], header=["name", "value"],
                     caption="The small one.")
    report.add_section("After", movable=movable)
    report.add_paragraph("The end.")
    path = report.save(tmp_path / name)
    return path, _lines(path), _outline(path)


def _outline(path):
    reader = PdfReader(path)
    return [(o.title, reader.get_destination_page_number(o)) for o in reader.outline]


def test_a_movable_section_fills_the_page_a_full_page_figure_leaves(tmp_path):
    path, pages, outline = _sections(tmp_path, movable=True, name="movable.pdf")
    # the small table (and the short text after it) fill page 1; the figure, which
    # needs a whole page, waits for page 2
    assert outline == [("Small table", 0), ("After", 0), ("Big figure", 1)]
    assert "r4" in pages[0]  # the table's last row
    assert "The small one." in pages[0] and "The end." in pages[0]
    assert "The big one." in pages[1] and len(pages) == 2
    # the table of contents lists the sections in page order
    toc = " ".join(pages[0])
    assert toc.index("Small table") < toc.index("Big figure")


def test_a_section_that_is_not_movable_keeps_its_place(tmp_path):
    path, pages, outline = _sections(tmp_path, movable=False, name="fixed.pdf")
    assert outline == [("Big figure", 1), ("Small table", 2), ("After", 2)]
    assert fills(path)[0] < 0.6  # the cost: page 1 about half empty


def test_a_section_waits_only_while_its_page_is_half_empty(tmp_path):
    """The first movable section, a long table, runs on to page 2 and ends near its
    top: the big figure still waits there, and the next movable section fills
    page 2; then page 2 is more than half full and the figure comes first."""
    report = _filler(Report("R", invariant=True), 10)
    report.add_section("Big figure").add_figure(_figure(8.0), caption="Big.")
    report.add_section("Long table", movable=True)
    report.add_table([[f"row{i:02d}", i] for i in range(42)], header=["name", "v"])
    for k in (1, 2):
        report.add_section(f"Movable {k}", movable=True)
        report.add_figure(_figure(3.0), caption=f"Caption {k}.")
    path = report.save(tmp_path / "wait.pdf")
    assert _outline(path) == [("Long table", 0), ("Movable 1", 1), ("Big figure", 2),
                              ("Movable 2", 3)]
    assert all(f > 0.5 for f in fills(path)[:-1])


def test_add_section_validates_like_add_heading():
    report = Report("R")
    with pytest.raises(ValueError, match="level must be 0, 1 or 2"):
        report.add_section("x", level=5)
    with pytest.raises(ValueError, match="level=2 follows a level--1 heading"):
        report.add_section("x", level=2)
    assert report._story[-1].__class__.__name__ != "SectionStart"  # nothing added


# -- widows, orphans and lone rows ---------------------------------------------------

def test_a_paragraph_never_leaves_a_single_line_on_either_page(tmp_path):
    words = " ".join(f"w{i:03d}" for i in range(150))  # about 7 lines
    seen = set()
    for n in range(28, 40):
        report = Report("R", invariant=True)
        _filler(report, n)
        report.add_paragraph(words).add_heading("Next", level=0)
        pages = _lines(report.save(tmp_path / f"w{n}.pdf"))
        on = [[line for line in page if line.startswith("w") or " w" in line]
              for page in pages]
        parts = [len(lines) for lines in on if lines]
        assert sum(parts) >= 6
        assert all(k >= 2 for k in parts), (n, parts)  # no widow, no orphan
        seen.add(len(parts))
    assert seen == {1, 2}  # the page boundary was crossed


def test_a_split_table_leaves_at_least_three_rows_on_the_first_page(tmp_path):
    seen = set()
    for n in range(26, 40, 2):
        report = Report("R", invariant=True)
        _filler(report, n)
        report.add_table([[f"row{i:02d}", i] for i in range(60)], header=["name", "v"])
        pages = _lines(report.save(tmp_path / f"t{n}.pdf"))
        rows = [sum(bool(re.fullmatch(r"row\d\d", line)) for line in page)
                for page in pages]
        assert sum(rows) == 60
        assert rows[0] == 0 or rows[0] >= MIN_SPLIT_ROWS, (n, rows)
        seen.add(rows[0])
    assert 0 in seen and max(seen) >= MIN_SPLIT_ROWS


# -- the standard reports ---------------------------------------------------------

def _cli_report(tmp_path, name, *args):
    """Run ``evalplots report ARGS -o tmp_path/name``; the PDF, its pages' text and
    {outline heading: 0-based page}."""
    from evalplots.cli import main

    path = tmp_path / name
    assert main(["report", *args, "-o", str(path)]) == 0
    reader = PdfReader(path)
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    return path, texts, dict(_outline_all(reader))


def _outline_all(reader):
    def visit(items):
        for item in items:
            if isinstance(item, list):
                yield from visit(item)
            else:
                yield item.title, reader.get_destination_page_number(item)
    return list(visit(reader.outline))


def test_binary_report_without_intervals_fills_its_pages(tmp_path):
    path, pages, outline = _cli_report(tmp_path, "noci.pdf", "--no-ci")
    # was 7 pages without the decision curves, page 2 holding only the metrics
    # table (27 % of its frame)
    assert len(pages) == 7
    # page 1: under the compact contents, the whole summary: the data, the metrics
    # table (its first row) and the explanation under it to its last line
    assert outline["Metrics"] == outline["Data"] == 0
    assert "logistic_regression 0.9953 0.9942" in pages[0]
    assert "probability exactly 0; nothing is clipped." in pages[0]
    # page 2: the provenance, then the ROC figure with its caption
    assert outline["Provenance"] == outline["ROC curves"] == 1
    assert "Diamonds: each model's operating point" in pages[1]
    assert [outline[h] for h in ("Precision-recall curves", "Threshold", "Calibration",
                                 "Clinical utility", "Score distributions")] == [2, 3, 4, 5, 5]
    # the threshold page: its figure and the three tables of operating points
    assert "chosen threshold 0.5 0.9575 0.0084 0.9854 0.9713 203 3 354 9" in pages[3]
    assert "Sensitivity at 90 % specificity" in pages[3]
    f = fills(path)
    # the calibration page ends at four fifths of its frame: the decision curves
    # after it do not fit under its table and paragraph
    assert f[4] > 0.75 and all(x > 0.8 for i, x in enumerate(f) if i != 4), f


def test_regression_report_puts_the_metrics_under_the_provenance(tmp_path):
    path, pages, outline = _cli_report(tmp_path, "regression.pdf", "--sample",
                                       "diabetes", "--n-resamples", "200")
    assert len(pages) == 3
    # page 1: the data and the whole metrics table (R² is its last row)
    assert outline["Data"] == outline["Metrics"] == 0
    assert re.search(r"R² 0\.\d+ \[", pages[0])
    # page 2: the comparisons, the provenance and the first model's figure with its
    # caption (it missed page 2 by a few lines before)
    assert outline["Comparisons"] == outline["Provenance"] == 1
    assert outline["Prediction errors: ridge"] == 1
    assert "Left: true against predicted values" in pages[1]
    f = fills(path)
    assert f[0] > 0.9 and f[1] > 0.75, f  # were 0.74 and 0.65


def test_multiclass_report_leaves_no_line_of_a_paragraph_alone(tmp_path):
    path, pages, outline = _cli_report(tmp_path, "digits.pdf", "--sample", "digits",
                                       "--n-resamples", "200")
    # the comparisons' paragraph ends on the page where it starts (its last line
    # opened page 3 before)
    head = "McNemar: b samples only model a gets right"
    tail = "the Holm-adjusted p is the raw p (Holm 1979)."
    assert [i for i, p in enumerate(pages) if head in p] == \
        [i for i, p in enumerate(pages) if tail in p] == [1]
    assert outline["Provenance"] == outline["Per-class metrics: logistic_regression"] == 2
    assert all(f > 0.6 for f in fills(path)), fills(path)


def _lines_of(path):
    out = []
    for page in PdfReader(path).pages:
        lines = [" ".join(line.split()) for line in page.extract_text().splitlines()]
        out.append([line for line in lines[1:] if line and not _FOOTER.match(line)])
    return out


@pytest.mark.parametrize("n_models", [3, 8])
def test_no_page_but_the_last_is_half_empty(random_models_report, n_models):
    path = random_models_report(n_models)
    f = fills(path)
    assert all(x > 0.5 for x in f[:-1]), f
    pages = _lines_of(path)
    for k, page in enumerate(pages):
        assert len(page) > 3, (k, page)  # never a page of a heading or a caption only
