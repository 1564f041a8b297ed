"""Names in any script in a report: text in the PDF, fonts embedded, one summary of
the glyphs a figure's font lacks, a covering font as the figures' fallback.
"""

import warnings

import numpy as np
import pytest
from pypdf import PdfReader

from evalplots.report import evaluation_report
from evalplots.report._fonts import MissingGlyphWarning

from tests.report.test_binary_pages import _text
from tests.support import _drawn_strings


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
