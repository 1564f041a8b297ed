"""evalplots.report under hostile input: output paths, unicode names, ties, many models.

Companion of report/test_builder.py (which covers the normal report); every PDF is
written into tmp_path and read back with pypdf.
"""

import os
import stat
import warnings

import numpy as np
import pytest
from matplotlib.lines import Line2D
from pypdf import PdfReader

from evalplots.exceptions import UndefinedMetricWarning
from evalplots.report import Report, evaluation_report
from evalplots._atomic import write_atomically
from evalplots import evaluate
from evalplots.report.standard._figures import precision_recall_figure, roc_figure
from evalplots.display.style import model_style
from evalplots.report._fonts import MissingGlyphWarning, missing_chars


def _text(path):
    return [" ".join(p.extract_text().split()) for p in PdfReader(path).pages]


def _write(text):
    return lambda tmp: open(tmp, "w").write(text)


# -- 1. the atomic writer ------------------------------------------------------

def test_symlink_is_kept_and_its_target_written(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "target.pdf"
    target.write_text("old")
    link = tmp_path / "link.pdf"
    link.symlink_to(target)
    assert write_atomically(link, _write("new")) == link
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new"
    assert sorted(p.name for p in real.iterdir()) == ["target.pdf"]  # no temp left
    dangling = tmp_path / "dangling.pdf"
    dangling.symlink_to(real / "new.pdf")
    write_atomically(dangling, _write("x"))
    assert dangling.is_symlink() and (real / "new.pdf").read_text() == "x"


def test_report_save_through_symlink(tmp_path):
    target = tmp_path / "t.pdf"
    target.write_text("old")
    (tmp_path / "l.pdf").symlink_to(target)
    Report("x").save(tmp_path / "l.pdf")
    assert (tmp_path / "l.pdf").is_symlink()
    assert target.read_bytes().startswith(b"%PDF-")


def test_fifo_is_refused_not_replaced(tmp_path):
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="exists and is not a regular file"):
        write_atomically(fifo, _write("x"))
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    link = tmp_path / "to_fifo.pdf"  # a link to a non-regular file: same refusal
    link.symlink_to(fifo)
    with pytest.raises(ValueError, match="not a regular file"):
        Report("x").save(link)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.pdf", "to_fifo.pdf"]


def test_directory_and_empty_path_are_refused(tmp_path):
    with pytest.raises(ValueError, match=r"is a directory; give a file name such as "
                                         r"'.*report\.pdf'"):
        Report("x").save(tmp_path)
    with pytest.raises(ValueError, match="the output path is empty"):
        Report("x").save("")
    with pytest.raises(ValueError, match="writing to stdout is not supported"):
        Report("x").save("-")
    assert list(tmp_path.iterdir()) == []


def test_trailing_separator_names_a_directory(tmp_path):
    # found by a newcomer: "-o somedir/" wrote a file named somedir, and "-o f/"
    # replaced an existing file f
    existing = tmp_path / "f"
    existing.write_text("keep")
    for text in (f"{tmp_path}/newdir/", f"{existing}/"):
        with pytest.raises(ValueError, match="ends in a path separator"):
            Report("x").save(text)
    assert existing.read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]


def test_permission_bits_are_kept(tmp_path):
    old = tmp_path / "old.pdf"
    old.write_text("x")
    old.chmod(0o640)
    Report("x").save(old)
    assert stat.S_IMODE(os.stat(old).st_mode) == 0o640
    mask = os.umask(0o027)
    try:
        new = Report("x").save(tmp_path / "new.pdf")
    finally:
        os.umask(mask)
    assert stat.S_IMODE(os.stat(new).st_mode) == 0o640  # 0o666 & ~0o027


# -- 3. unicode names -------------------------------------------------------------

def test_latin_accents_render_in_table_heading_toc_and_outline(tmp_path):
    name = "modèle_é"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # DejaVu covers it: no warning at all
        report = evaluation_report([0, 1, 0, 1], {name: [0.1, 0.8, 0.3, 0.6]},
                                   invariant=True, ci=False)
    path = report.save(tmp_path / "u.pdf")
    pages = _text(path)
    assert f"{name}1.0000" in pages[0].replace(" ", "")  # metrics table (the name may wrap)
    assert f"Confusion matrix: {name}" in pages[0]  # contents
    assert f"Confusion matrix: {name}" in pages[-1]  # heading
    titles = [o.title for o in PdfReader(path).outline if not isinstance(o, list)]
    assert titles[-1] == f"Confusion matrix: {name}"


def test_cjk_name_is_text_and_warns_once_about_figures(tmp_path, no_cjk_font):
    name = "中文模型"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = evaluation_report([0, 1, 0, 1], {name: [0.1, 0.8, 0.3, 0.6]},
                                   invariant=True, ci=False)
        path = report.save(tmp_path / "cjk.pdf")
    messages = [str(w.message) for w in caught]
    assert messages == [(
        "figure text: no installed font covers '中型文模': the PDF report shows them in a "
        "built-in CID font, which it names but cannot embed (a viewer without that font "
        "shows boxes), the figures are laid out with placeholder widths and figures "
        "saved on their own show boxes; install a CJK font (e.g. Noto Sans CJK, "
        "WenQuanYi) or name its file in EVALPLOTS_FONT_PATH to fix all three.")]
    assert caught[0].category is MissingGlyphWarning
    pages = _text(path)
    summary = "".join(pages[:2]).replace(" ", "")
    assert f"{name}1.0000" in summary  # the table (the name may wrap)
    roc = [p for p in pages if "ROC curves" in p and "False Positive Rate" in p]
    assert f"{name} (AUC = 1.00)" in roc[0]  # the ROC figure's legend


def _drawn_strings(path):
    """The text of each drawing operation of every page, NFKC-normalised (Arabic
    presentation forms back to letters). pypdf, as PDF viewers copying text, reads
    a right-to-left run from right to left: a name drawn in reading order comes
    back in logical order, one drawn as stored comes back reversed."""
    import unicodedata

    out = []
    for page in PdfReader(path).pages:
        page.extract_text(visitor_text=lambda text, *args: out.append(text))
    return [unicodedata.normalize("NFKC", t).strip() for t in out if t.strip()]


def test_right_to_left_names_are_drawn_in_reading_order(tmp_path):
    hebrew, arabic = "מודל", "نموذج"
    report = evaluation_report([0, 1, 0, 1], {hebrew: [0.1, 0.8, 0.3, 0.6],
                                              arabic: [0.2, 0.7, 0.4, 0.5]},
                               invariant=True, ci=False)
    path = report.save(tmp_path / "rtl.pdf")
    strings = _drawn_strings(path)
    for name in (hebrew, arabic):
        assert strings.count(name) >= 4, strings  # the table, headings, the figures
        assert name[::-1] not in "".join(strings)
    assert f"( {hebrew}" in strings  # a figure legend: "<name> (AUC = ...)"
    # what the reader's software orders itself stays in logical order
    reader = PdfReader(path)
    assert reader.metadata["/Keywords"].endswith(f"{hebrew}, {arabic}")
    assert [o.title for o in reader.outline if not isinstance(o, list)][-2:] == [
        f"Confusion matrix: {hebrew}", f"Confusion matrix: {arabic}"]


def test_figure_glyph_warnings_are_summarised(no_cjk_font):
    from matplotlib.figure import Figure

    from evalplots.report._flowables import figure_to_drawing

    fig = Figure()
    fig.subplots().set_title("中文 and 한국어 and \u0e01")  # Thai: no font at all
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure_to_drawing(fig)
    assert [str(w.message) for w in caught] == [
        "figure text: no installed font covers '中文한국어': the PDF report shows them in a "
        "built-in CID font, which it names but cannot embed (a viewer without that font "
        "shows boxes), the figures are laid out with placeholder widths and figures "
        "saved on their own show boxes; install a CJK font (e.g. Noto Sans CJK, "
        "WenQuanYi) or name its file in EVALPLOTS_FONT_PATH to fix all three; no "
        "available font can show '\u0e01'; they appear as boxes."]


def test_no_font_is_left_unembedded(tmp_path):
    report = evaluation_report([0, 1, 0, 1], {"m": [0.1, 0.8, 0.3, 0.6]},
                               invariant=True)
    reader = PdfReader(report.save(tmp_path / "f.pdf"))
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert "DejaVuSans" in font["/BaseFont"]
            assert "/DescendantFonts" in font or "/FontDescriptor" in font


# -- 4. undefined metrics -----------------------------------------------------------

def test_all_tied_scores_explain_bep_na(tmp_path):
    with pytest.warns(UndefinedMetricWarning, match="never meets P = R"):
        report = evaluation_report([1, 0, 1, 0, 0], {"m": [0.5] * 5}, invariant=True,
                                   ci=False)
    summary = " ".join(_text(report.save(tmp_path / "t.pdf"))[:2])
    assert "m 0.5000 0.4000 n/a" in summary
    assert ("'n/a' (undefined) for BEP: the sawtooth precision-recall curve never "
            "meets P = R") in summary
    assert "no sample is predicted positive" not in summary


def test_precision_na_note_names_precision(tmp_path):
    report = evaluation_report([0, 1, 0, 1], {"m": [0.1, 0.2, 0.3, 0.4]},
                               threshold=0.9, invariant=True, ci=False)
    summary = " ".join(_text(report.save(tmp_path / "p.pdf"))[:2])
    assert ("'n/a' (undefined) for Precision: no sample is predicted positive at "
            "the threshold;") in summary
    assert "for BEP" not in summary


# -- 5. many models -------------------------------------------------------------------

def test_twelve_models_never_share_colour_and_linestyle():
    rng = np.random.default_rng(0)
    y = np.array(["neg", "pos"] * 20)
    scores = {f"model_{i:02d}": rng.random(40) for i in range(12)}
    ev = evaluate(y, scores, pos_label="pos")
    for fig in (roc_figure(ev), precision_recall_figure(ev)):
        for ax in fig.axes:
            curves = [ln for ln in ax.get_lines() if isinstance(ln, Line2D)
                      and len(ln.get_xdata()) > 2]
            styles = [(ln.get_color(), ln.get_linestyle()) for ln in curves]
            assert len(styles) == 12
            assert len(set(styles)) == 12, styles
    assert len({tuple(model_style(i).values()) for i in range(300)}) == 300


# -- 6. label names ---------------------------------------------------------------------

@pytest.mark.parametrize("label_names", [["neg", "pos"], ("neg", "pos"),
                                         {0: "neg", 1: "pos"}])
def test_label_names_sequence_or_mapping(tmp_path, label_names):
    report = evaluation_report([0, 1, 0, 1], {"m": [0.1, 0.8, 0.3, 0.6]},
                               label_names=label_names, invariant=True)
    summary = _text(report.save(tmp_path / "l.pdf"))[0]
    assert "class 'pos' (label 1)" in summary and "class 'neg' (label 0)" in summary


@pytest.mark.parametrize("label_names", [["only one"], "np", 3])
def test_bad_label_names_say_what_to_pass(label_names):
    with pytest.raises(ValueError, match=r"label_names must be a dict \{label: name\} "
                                         r"or a sequence of 2 names in class order"):
        evaluation_report([0, 1], {"m": [0.1, 0.9]}, label_names=label_names)


# -- 9. layout -----------------------------------------------------------------------------

@pytest.mark.usefixtures("stub_figures")  # the summary's text is under test
def test_large_sample_counts_have_thousands_separators(tmp_path):
    y = np.tile([0, 1], 6000)
    report = evaluation_report(y, {"m": np.linspace(0, 1, y.size)}, invariant=True)
    summary = _text(report.save(tmp_path / "big.pdf"))[0]
    assert "1 model, 12,000 samples" in summary
    assert "12,000 samples: 6,000 positive (50.0 %)" in summary


def test_roc_panels_have_equal_size_and_pr_chance_lines_on_both_panels():
    y = np.array([0, 1, 0, 1, 1, 0])
    scores = {"m": np.array([0.1, 0.8, 0.3, 0.6, 0.4, 0.5])}
    ev = evaluate(y, scores)
    fig = roc_figure(ev)
    fig.canvas.draw()
    full, detail = (ax.get_position() for ax in fig.axes)
    assert full.height == pytest.approx(detail.height, rel=1e-3)
    assert full.width == pytest.approx(detail.width, rel=1e-3)
    pr = precision_recall_figure(ev)
    chance = [[ln for ln in ax.get_lines() if ln.get_label().startswith("Chance")]
              for ax in pr.axes]
    assert [len(c) for c in chance] == [1, 1, 0, 0]  # both upper panels, no detail


@pytest.mark.usefixtures("stub_figures")  # where figures fall, not what they show
def test_three_models_confusion_matrices_on_two_pages(tmp_path):
    y = [0, 1, 0, 1, 1, 0]
    scores = {f"m{i}": [0.1, 0.8, 0.3, 0.6, 0.4 + i / 10, 0.5] for i in range(3)}
    report = evaluation_report(y, scores, invariant=True, ci=False)
    reader = PdfReader(report.save(tmp_path / "c.pdf"))
    # summary, threshold (filling the page the summary leaves before the ROC page),
    # ROC, P-R, calibration + score distributions, 2 models, 1 model
    assert report.page_count_ == 7
    dest = {o.title: reader.get_destination_page_number(o) + 1
            for o in reader.outline if not isinstance(o, list)}
    assert [dest[f"Confusion matrix: m{i}"] for i in range(3)] == [6, 6, 7]


def test_an_installed_cjk_font_is_embedded_in_the_text_and_the_figures(
        cjk_font, monkeypatch, tmp_path):
    """A CJK font file (the tests' subset, found as an installed one would be): no
    warning, the figures drawn with its family as fallback, and every font of the
    PDF embedded: the CJK runs of the text and of the figures in subsets of it,
    none in a built-in CID font (which a PDF can only name)."""
    from tests.report.test_save_figures import assert_truetype_only
    from tests.support import pdf_fonts

    from evalplots.report.standard import _figures

    families, real_style = [], _figures.figure_style
    monkeypatch.setattr(_figures, "figure_style", lambda name="report", font_family=None:
                        families.append(font_family) or real_style(name, font_family))
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingGlyphWarning)
        report = evaluation_report([0, 1, 0, 1], {"中文": [0.1, 0.8, 0.3, 0.6]},
                                   label_names={0: "猫", 1: "类别"}, invariant=True,
                                   ci=False)
    path = report.save(tmp_path / "cjk.pdf")
    assert set(families) == {"Evalplots Test CJK"}
    fonts = pdf_fonts(path)
    assert not any("STSong" in name for name in fonts), sorted(fonts)
    assert len([name for name in fonts if "EvalplotsCJK-" in name]) >= 3, sorted(fonts)
    assert_truetype_only(path)
    pages = _text(path)
    assert "中文1.0000" in pages[0].replace(" ", "")  # the metrics table
    assert any("中文 (AUC = 1.00)" in page for page in pages)  # the ROC figure's legend
    assert any("猫 类别 Predicted label" in page for page in pages)  # matrix ticks


def test_pr_legend_joins_ap_and_bep_of_each_model_once():
    """The legend entry reads "m (AP = 0.81, BEP = 0.67)", not the name twice."""
    import sklearn.metrics as skm

    from evalplots.display._base import format_score

    y = np.array([0, 1, 0, 1, 1, 0])
    s = np.array([0.1, 0.8, 0.3, 0.6, 0.4, 0.5])
    fig = precision_recall_figure(evaluate(y, {"m": s}))
    texts = [t.get_text() for t in fig.legends[0].get_texts()]
    ap = format_score(skm.average_precision_score(y, s))
    # ranked labels 1,1,0,1,0,0: P = R first at k = 3 (2 of 3), so BEP = 2/3
    assert texts[0] == f"m (AP = {ap}, BEP = 0.67)"


def test_a_postscript_outline_face_is_embedded_as_truetype(tmp_path):
    """Noto Sans CJK, the common CJK font, has PostScript (CFF) outlines, which
    reportlab cannot embed: the subset converts them. A CFF copy of two glyphs
    of the tests' font (fontTools' FontBuilder, contours the CFF way round) comes
    back as TrueType outlines
    with the same advance widths, contour direction (TrueType's clockwise) and,
    within the 1-unit tolerance of the conversion, the same bounds and area as
    the TrueType originals."""
    import io

    from tests.conftest import TEST_CJK_FONT
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.areaPen import AreaPen
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.reverseContourPen import ReverseContourPen
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTFont as Font

    from evalplots.report._fonts import truetype_subset

    source = Font(TEST_CJK_FONT)
    cmap, glyphs, hmtx = source.getBestCmap(), source.getGlyphSet(), source["hmtx"]
    names = [".notdef", cmap[ord("模")], cmap[ord("型")]]
    charstrings = {}
    for name in names:
        pen = T2CharStringPen(hmtx[name][0], glyphs)
        glyphs[name].draw(ReverseContourPen(pen))  # CFF's outer contours: counter-clockwise
        charstrings[name] = pen.getCharString()
    builder = FontBuilder(source["head"].unitsPerEm, isTTF=False)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord("模"): names[1], ord("型"): names[2]})
    builder.setupCFF("TestCFF", {"FullName": "Test CFF"}, charstrings, {})
    builder.setupHorizontalMetrics({name: hmtx[name] for name in names})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": "Test CFF", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    cff = tmp_path / "test-cff.otf"
    builder.save(str(cff))
    assert open(cff, "rb").read(4) == b"OTTO"
    subset = Font(io.BytesIO(truetype_subset(str(cff), 0, "模型")))
    assert "glyf" in subset and "CFF " not in subset
    assert subset.getBestCmap() == {ord("模"): names[1], ord("型"): names[2]}
    for name in names[1:]:
        expected, got = BoundsPen(glyphs), BoundsPen(subset.getGlyphSet())
        glyphs[name].draw(expected)
        subset.getGlyphSet()[name].draw(got)
        assert np.allclose(got.bounds, expected.bounds, atol=1.0), (got.bounds,
                                                                     expected.bounds)
        assert subset["hmtx"][name][0] == hmtx[name][0]
        expected, got = AreaPen(glyphs), AreaPen(subset.getGlyphSet())
        glyphs[name].draw(expected)
        subset.getGlyphSet()[name].draw(got)
        assert got.value == pytest.approx(expected.value, rel=0.01)  # sign: direction
