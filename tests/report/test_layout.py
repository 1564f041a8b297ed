"""Layout and text of evalplots reports: keep-with-next, long and wide tables, tall
figures, any script as real text, figure text as text in embedded fonts.

Every PDF is built into tmp_path and read back with pypdf; where only the place of
figures is under test, they are blank stand-ins of their real size (conftest's
``stub_figures``).
"""

import re
import warnings

import numpy as np
import pytest
from matplotlib.figure import Figure
from pypdf import PdfReader
from reportlab.platypus import Flowable, LayoutError
from reportlab.platypus.doctemplate import NullActionFlowable

from evalplots.report import Report, evaluation_report
from evalplots.report._doctemplate import HEADER_GAP, MARGIN
from evalplots.report._fonts import font_runs, markup
from evalplots.report._keep import Captioned, KeepWithNext, keep_with_next


def _pages(path):
    return [" ".join(p.extract_text().split()) for p in PdfReader(path).pages]


def _fonts(reader):
    """{BaseFont: font dict} of every page's fonts."""
    return {f.get_object()["/BaseFont"]: f.get_object() for page in reader.pages
            for f in page["/Resources"]["/Font"].values()}


def _figure(height=3.0):
    fig = Figure(figsize=(6, height))
    fig.subplots().plot([0, 1], [0, 1])
    return fig


# -- 1. keep with next ---------------------------------------------------------------

@pytest.mark.usefixtures("stub_figures")  # where figures fall, not what they show
@pytest.mark.parametrize("kind", ["figure", "table"])
def test_heading_text_and_caption_share_a_page_wherever_the_heading_falls(tmp_path, kind):
    """Filler lines push the heading down line by line across the page bottom."""
    fig = _figure()
    pages_seen = set()
    for n in range(10, 58, 2):
        report = Report("Boundary", invariant=True)
        for i in range(n):
            report.add_paragraph(f"filler line {i}")
        report.add_heading("The heading").add_paragraph("The text under the heading.")
        if kind == "figure":
            report.add_figure(fig, caption="The caption.")
        else:
            report.add_table([[f"r{i}", i] for i in range(8)], header=["name", "value"],
                             caption="The caption.")
        pages = _pages(report.save(tmp_path / f"{kind}{n}.pdf"))
        on = [i for i, text in enumerate(pages)
              if "The heading The text under the heading." in text]
        assert len(on) == 1, (n, pages)
        page = pages[on[0]]
        assert "The caption." in page, (n, pages)
        if kind == "table":
            assert "name value r0 0" in page and "r7 7 The caption." in page
        pages_seen.add(on[0])
    assert len(pages_seen) >= 2  # the boundary was crossed


# one report per name length (the same data as when one test drew all four in a
# loop), so that pytest -n spreads them over the workers
@pytest.mark.usefixtures("stub_figures")  # where figures fall, not what they show
@pytest.mark.parametrize("run, length", list(enumerate((40, 120, 200, 300))))
def test_long_model_names_keep_confusion_heading_with_its_matrix(tmp_path, run, length):
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 200)
    for _ in range(run * 3):  # the scores the earlier lengths drew
        rng.random(200)
    stem = ("a_very_long_model_name_" * 14)[:length]
    names = [f"{stem}{k}" for k in "ABC"]
    report = evaluation_report(y, {n: rng.random(200) for n in names}, invariant=True)
    pages = _pages(report.save(tmp_path / f"long{length}.pdf"))
    counts = [(p.count("Confusion matrix:"), p.count("At threshold 0.5:"),
               p.count("Left: rows are the true class")) for p in pages[1:]]
    assert all(h == t == c for h, t, c in counts), (length, counts)
    assert sum(c for *_, c in counts) == 3
    assert all(len(p.split()) > 12 for p in pages)  # no page with only furniture


def test_eight_models_no_page_holds_only_a_caption(random_models_report):
    pages = _pages(random_models_report(8))  # the report test_report_fill reads too
    for i, page in enumerate(pages):
        body = page.split(f"Page {i + 1} of {len(pages)}", 1)[1]
        body = body.replace("Evaluation report", "", 1 if i else 0).strip()
        first_words = " ".join(body.split()[:4])
        # a page never opens with a caption: those start with these words
        assert not first_words.startswith(("Left:", "Receiver operating", "One row per",
                                           "Metrics of")), (i, first_words)
        assert len(body.split()) > 20, (i, body)


def test_keep_with_next_groups_heading_text_and_figure_and_drops_cond_breaks():
    from reportlab.platypus import CondPageBreak

    report = Report("R").add_heading("H").add_paragraph("text")
    report.add_flowable(CondPageBreak(300)).add_figure(_figure(), caption="c")
    story = keep_with_next(report._story)
    group = story[-1]
    assert isinstance(group, KeepWithNext)
    assert [type(f).__name__ for f in group.lead] == ["Heading", "CachedParagraph"]
    assert isinstance(group.body, Captioned)


# -- 2. tables ----------------------------------------------------------------------

def test_long_table_repeats_its_header_on_every_page(tmp_path):
    report = Report("Long", invariant=True).add_heading("Rows")
    report.add_table([[f"row_{i}", i * 0.5] for i in range(300)],
                     header=["name", "value"], caption="All 300 rows.")
    pages = _pages(report.save(tmp_path / "long.pdf"))
    assert len(pages) >= 5
    for i, page in enumerate(pages):
        body = page.split("Rows", 1)[1] if i == 0 else page.split("Long", 1)[1]
        assert body.strip().startswith("name value row_"), (i, body[:60])
    text = " ".join(pages)
    assert all(f"row_{i} {i * 0.5:.4f}" in text for i in range(300))
    assert "row_299 149.5000 All 300 rows." in pages[-1]  # caption with the last rows


@pytest.mark.parametrize("before", [0, 2, 30])
def test_a_row_taller_than_a_page_is_split_across_pages_with_all_its_text(tmp_path, before):
    # a reviewer's note of 3,000 words in one cell: wherever the row starts on
    # the page, it continues on the next pages (reportlab raised LayoutError)
    note = " ".join(f"w{i}" + "x" * (i % 7) for i in range(3000))
    rows = [*([f"row_{i}", 0.5, "fine"] for i in range(before)),
            ["model_a", 0.25, note], ["model_b", 0.75, "short note"]]
    report = Report("Notes", invariant=True).add_heading("Reviews")
    report.add_table(rows, header=["model", "AUC", "reviewer's note"], caption="Notes.")
    pages = _pages(report.save(tmp_path / "notes.pdf"))
    words = " ".join(pages).split()
    drawn = [w for w in words if w.startswith("w") and w[1:].rstrip("x").isdigit()]
    assert drawn == note.split()  # every word, once, in order
    first = next(i for i, page in enumerate(pages) if " w0 " in page)
    assert "model_a 0.2500 w0 " in pages[first]  # the row's short cells start with it
    assert first == 0  # begun on the page it reaches (at least half a page is left)
    for page in pages[first + 1:]:  # the header repeated; every page carries text
        body = page.split("Notes", 1)[1]
        assert body.strip().startswith("model AUC reviewer's note w"), body[:60]
    assert pages[-1].endswith("model_b 0.7500 short note Notes.")


def test_a_header_taller_than_a_page_is_printed_once_in_parts(tmp_path):
    # a header that cannot repeat on every page is printed once, split like a row
    title = " ".join(f"h{i}" for i in range(1500))
    report = Report("Header", invariant=True).add_table(
        [["model_a", 0.25], ["model_b", 0.75]], header=["model", title])
    pages = _pages(report.save(tmp_path / "header.pdf"))
    words = " ".join(pages).split()
    assert [w for w in words if w[0] == "h" and w[1:].isdigit()] == title.split()
    assert words[-4:] == ["model_a", "0.2500", "model_b", "0.7500"]


_LONG = " ".join(f"w{i}" for i in range(600))  # a heading of 600 words: over a page
_LONGER = " ".join(f"w{i}" for i in range(1500))  # body text over a page


_TALL_TEXTS = {  # every entry point of a user's text, given a text taller than a page
    "heading": lambda: Report("R").add_heading(_LONG),
    "heading-then-text": lambda: Report("R").add_heading(_LONG).add_paragraph("end"),
    "heading-then-table": lambda: Report("R").add_paragraph("start").add_heading(
        _LONG).add_table([["a", 1]]),
    "subheading": lambda: Report("R").add_heading("H").add_heading(
        _LONG, level=1).add_paragraph("end"),
    "section": lambda: Report("R").add_section(_LONG).add_paragraph("end"),
    "movable-section": lambda: Report("R").add_section("S").add_paragraph(
        "start").add_section(_LONG, movable=True).add_paragraph("end"),
    "title": lambda: Report(_LONG),
    "subtitle": lambda: Report("R", subtitle=_LONGER),
    "paragraph": lambda: Report("R").add_heading("H").add_paragraph(_LONGER),
    "table-caption": lambda: Report("R").add_table([["a", 1]], caption=_LONGER),
    "figure-caption": lambda: Report("R").add_figure(_figure(), caption=_LONGER),
}


@pytest.mark.parametrize("case", sorted(_TALL_TEXTS))
def test_a_text_taller_than_a_page_is_laid_out_across_pages(tmp_path, case):
    # a heading or title of 600 words looped forever (reportlab's keep-with-next
    # grouped it again and again at the top of a page: the layout's step bound
    # turns that into a LayoutError), a section's raised a TypeError (Heading could
    # not be split); now every such text continues on the next pages, whole
    report = _TALL_TEXTS[case]()
    reader = PdfReader(report.save(tmp_path / "tall.pdf"))
    assert len(reader.pages) >= 2
    words = []
    for page in reader.pages:
        lines = page.extract_text().splitlines()  # not the footer, nor the header
        words += " ".join(x for x in lines if not re.fullmatch(r"Page \d+ of \d+", x)
                          and not x.endswith("…")).split()  # (the title, cut short)
    text = _LONGER if case in ("paragraph", "subtitle", "table-caption", "figure-caption") else _LONG
    assert [w for w in words if w[0] == "w" and w[1:].isdigit()] == text.split()


@pytest.mark.parametrize("n_columns", [61, 120])
def test_wide_tables_build_and_print_every_cell(tmp_path, n_columns):
    rows = [[f"m{i}", *(round(i + j / 1000, 3) for j in range(n_columns - 1))]
            for i in range(4)]
    header = ["model", *(f"f{j}" for j in range(n_columns - 1))]
    report = Report("Wide", invariant=True).add_heading("Wide")
    report.add_table(rows, header=header, caption="A wide table.", float_format="{:.3f}")
    text = " ".join(_pages(report.save(tmp_path / "wide.pdf")))
    words = set(text.split())
    for row in rows:
        assert {row[0], *(f"{v:.3f}" for v in row[1:])} <= words
    assert set(header) <= words
    assert "A wide table." in text


def _wide(n_columns, n_rows=4):
    rows = [[f"m{i}", *(round(i + j / 1000, 3) for j in range(n_columns - 1))]
            for i in range(n_rows)]
    return rows, ["model", *(f"f{j}" for j in range(n_columns - 1))]


def _orientation(reader):
    """'P' or 'L' per page, from the media box (pages are never /Rotate'd)."""
    assert all(page.get("/Rotate", 0) == 0 for page in reader.pages)
    return "".join("L" if page.mediabox.width > page.mediabox.height else "P"
                   for page in reader.pages)


def test_wide_table_turns_to_landscape_whole_with_its_heading(tmp_path):
    """30 columns: in portrait two groups of columns, on a landscape page one table
    (at a smaller font) with every cell; the heading and text before it go along,
    what follows is portrait again."""
    from evalplots.report._tables import layout_table

    rows, header = _wide(30)
    report = (Report("Turn", invariant=True).add_heading("Before")
              .add_paragraph("Portrait text.").add_heading("Wide", level=1)
              .add_paragraph("Thirty columns.")
              .add_table(rows, header=header, caption="A wide table.",
                         float_format="{:.3f}", landscape="auto")
              .add_heading("After").add_paragraph("Portrait again."))
    path = report.save(tmp_path / "turn.pdf")
    reader = PdfReader(path)
    assert _orientation(reader) == "PLP"
    # A4 turned: 841.89 x 595.28 pt
    assert (round(float(reader.pages[1].mediabox.width), 2),
            round(float(reader.pages[1].mediabox.height), 2)) == (841.89, 595.28)
    pages = _pages(path)
    assert pages[0].endswith("Before Portrait text.")  # 'Page 1 of 3 Turn' first
    assert pages[1].startswith("Page 2 of 3 Turn Wide Thirty columns. model f0 f1")
    words = set(pages[1].split())
    for row in rows:
        assert {row[0], *(f"{v:.3f}" for v in row[1:])} <= words
    assert set(header) <= words and "A wide table." in pages[1]
    assert "Columns 1 and" not in pages[1]  # one table, no groups
    assert "After Portrait again." in pages[2]
    dest = {o.title: reader.get_destination_page_number(o) + 1 for o in
            [*reader.outline, *[x for o in reader.outline if isinstance(o, list)
                                for x in o]] if not isinstance(o, list)}
    assert (dest["Before"], dest["Wide"], dest["After"]) == (1, 2, 3)
    # the control: portrait would have needed groups of columns
    st = report.styles.table_cell
    texts = [header, *[[report._format(v, "{:.3f}") for v in r] for r in rows]]
    assert len(layout_table(texts, [st] * 30, [st] * 30, 595.2756 - 2 * MARGIN,
                            header_rows=1).groups) == 2


def test_landscape_options(tmp_path):
    rows, header = _wide(30)
    narrow = [["a", 0.5], ["b", 0.25]]
    # default False: portrait column groups, as before; 'auto' leaves a narrow table
    report = (Report("Opt", invariant=True).add_table(rows, header=header)
              .add_table(narrow, landscape="auto"))
    path = report.save(tmp_path / "o.pdf")
    assert _orientation(PdfReader(path)) == "P"
    assert "Columns 1 and 2–18 of 30 (continued below)." in _pages(path)[0]
    # True turns any table; two in a row share landscape pages; a page break
    # already there is turned, not doubled
    report = (Report("Opt", invariant=True).add_page_break().add_heading("T")
              .add_table(narrow, landscape=True).add_table(rows, header=header,
                                                             landscape=True)
              .add_paragraph("end"))
    reader = PdfReader(report.save(tmp_path / "t.pdf"))
    assert _orientation(reader) == "PLP"
    with pytest.raises(ValueError, match="landscape must be True, False or 'auto', "
                                         "got 'yes'"):
        Report("x").add_table(narrow, landscape="yes")


def test_a_table_that_fits_when_shrunk_is_one_table():
    from evalplots.report._tables import FONT_SIZES, layout_table
    from reportlab.lib.styles import ParagraphStyle

    st = ParagraphStyle("s", fontName="Helvetica", fontSize=8.5)
    texts = [["0.1234"] * 18]
    layout = layout_table(texts, [st] * 18, [st] * 18, 481)
    assert len(layout.groups) == 1 and layout.font_size < FONT_SIZES[0]
    assert sum(layout.groups[0][1]) <= 481 + 1e-9
    narrow = layout_table([["0.1234"] * 3], [st] * 3, [st] * 3, 481)
    assert narrow.font_size == 8.5 and len(narrow.groups) == 1


@pytest.mark.usefixtures("stub_figures")  # where figures fall, not what they show
def test_tall_figure_is_scaled_to_the_frame(tmp_path):
    report = Report("Tall", invariant=True).add_paragraph("Before.")
    report.add_figure(_figure(height=20), caption="A tall figure.", max_height=5000)
    path = report.save(tmp_path / "tall.pdf")
    figure = report._story[-1].content
    frame_h = report.pagesize[1] - 2 * (MARGIN + HEADER_GAP)
    width, height = figure.wrap(report.pagesize[0] - 2 * MARGIN, frame_h)
    assert height < frame_h - 10
    assert width == pytest.approx(height * 6 / 20)  # aspect ratio kept
    pages = _pages(path)
    # it misses page 1 by the title and one line: drawn a little smaller there
    # (at least MIN_FIGURE_SCALE), rather than alone on page 2
    assert len(pages) == 1 and "Before." in pages[0] and "A tall figure." in pages[0]


# -- 3. any script ----------------------------------------------------------------------

def test_cjk_cyrillic_and_accents_are_text_in_the_pdf(tmp_path, no_cjk_font):
    title = "模型评估 — 猫/狗"
    y = np.array(["cão", "猫"] * 20)
    rng = np.random.default_rng(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the figures' note when no CJK font is installed
        scores = {"Модель-1": rng.random(40), "Ελληνικά": rng.random(40)}
        report = evaluation_report(y, scores, pos_label="猫", title=title, invariant=True, ci=False)
    path = report.save(tmp_path / "scripts.pdf")
    pages = _pages(path)
    assert title in pages[0]
    assert "positive class: 猫" in pages[0]
    assert "label '猫'" in pages[0] and "label 'cão'" in pages[0]
    metrics = [p for p in pages if "Metrics Model ROC AUC" in p][0]  # the table
    assert "Модель-1" in metrics and "Ελληνικά" in metrics
    assert any("Модель-1 (AUC = " in p for p in pages[1:])  # the ROC legend: figure text
    cm = [p for p in pages[1:] if "Confusion matrix: Модель-1" in p][0]
    assert "cão 猫 Predicted label" in cm  # the matrix's tick labels
    reader = PdfReader(path)
    first = {f.get_object()["/BaseFont"] for f in reader.pages[0]["/Resources"]["/Font"].values()}
    assert "/STSong-Light" in first  # the title and the class name (no running header)
    fonts = _fonts(reader)
    assert all(f["/Subtype"] != "/Type3" for f in fonts.values())
    assert {name for name in fonts if name != "/STSong-Light"} <= {
        name for name in fonts if "DejaVuSans" in name}


def test_font_runs_pick_the_cid_font_of_each_script(no_cjk_font):
    assert font_runs("ab 模型") == (("ab ", "EvalplotsSans"), ("模型", "STSong-Light"))
    assert font_runs("かな") == (("かな", "HeiseiMin-W3"),)
    assert font_runs("한국어") == (("한국어", "HYSMyeongJo-Medium"),)
    assert font_runs("Модель cão Ελ") == (("Модель cão Ελ", "EvalplotsSans"),)
    assert markup("<猫> & x") == '&lt;<font face="STSong-Light">猫</font>&gt; &amp; x'


def test_japanese_and_korean_headings_are_text(tmp_path):
    report = Report("ひらがな 한국어", invariant=True).add_heading("見出し かな")
    report.add_table([["한국어", 1]], header=["名前", "値"], caption="キャプション")
    pages = _pages(report.save(tmp_path / "jk.pdf"))
    for text in ("ひらがな 한국어", "見出し かな", "한국어 1", "名前 値", "キャプション"):
        assert text in pages[0]


# -- 4. figure text: text in embedded fonts, no Type 3 ----------------------------------

def test_mathtext_and_bold_figure_text_use_embedded_fonts(tmp_path):
    fig = Figure(figsize=(4, 3))
    ax = fig.subplots()
    ax.plot([0.01, 1], [0.01, 1])
    ax.set_xscale("log")  # tick labels are mathtext: 10^{-2}
    ax.set_title("Bold title", fontweight="bold")
    ax.set_xlabel("slanted", style="italic")
    report = Report("Math", invariant=True).add_figure(fig)
    reader = PdfReader(report.save(tmp_path / "math.pdf"))
    text = _pages(tmp_path / "math.pdf")[0]
    assert "Bold title" in text
    assert "1 0 − 2 1 0 − 1 1 0 0" in text  # 10^-2, 10^-1, 10^0: base and exponent
    fonts = _fonts(reader)
    assert set(fonts) <= {n for n in fonts if "DejaVuSans" in n}  # no Helvetica
    assert any("DejaVuSans-Bold" in n for n in fonts)
    assert any("DejaVuSans-Oblique" in n for n in fonts)
    for font in fonts.values():
        assert font["/Subtype"] != "/Type3"


class _NeverPlaced(Flowable):
    """Taller than any page, and split into a do-nothing action and itself."""

    def wrap(self, availWidth, availHeight):
        return availWidth, 2 * availHeight + 1

    def split(self, availWidth, availHeight):
        return [NullActionFlowable(), self]


def test_a_layout_that_places_nothing_fails_instead_of_looping(tmp_path):
    # reportlab would hand this flowable back forever; the step bound ends it
    report = Report("R").add_flowable(_NeverPlaced())
    with pytest.raises(LayoutError, match=r"placed nothing in \d+ steps on page 1"):
        report.save(tmp_path / "loop.pdf")
    assert not list(tmp_path.iterdir())  # no partial file


def test_a_heading_split_across_pages_has_one_outline_entry_on_its_first_page(tmp_path):
    report = (Report("R", invariant=True).add_heading("Before").add_paragraph("text")
              .add_heading(_LONG).add_paragraph("after"))
    reader = PdfReader(report.save(tmp_path / "outline.pdf"))
    entries = [(e.title, reader.get_destination_page_number(e)) for e in reader.outline]
    starts = next(k for k, p in enumerate(reader.pages) if "w0 w1" in p.extract_text())
    assert entries == [("Before", 0), (_LONG, starts)]
    assert "w599" not in reader.pages[starts].extract_text()  # it went on
