"""evalplots.report: the generic Report builder (and, below, the evaluation report).

Every PDF is built into tmp_path and read back with pypdf.
"""

import re

import matplotlib.pyplot as plt
import pytest
from pypdf import PdfReader

from evalplots.report import Report
from evalplots.report import _flowables


def _text(reader):
    return [page.extract_text() for page in reader.pages]


def _outline_titles(items):
    out = []
    for item in items:
        out.extend(_outline_titles(item) if isinstance(item, list) else [item.title])
    return out


def _toc_page_numbers(text):
    """The page numbers printed after the TOC's dot leaders, in order."""
    return re.findall(r"(?:\.\s+){3,}(\d+)", text)


def _line_figure():
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot([0, 0.2, 1], [0, 0.8, 1])
    return fig


def _small_report(title="Small report", **kwargs):
    report = Report(title, author="QA", invariant=True, **kwargs)
    report.add_table_of_contents().add_heading("Numbers")
    report.add_table([["a", 0.5]], header=["name", "value"])
    report.add_page_break().add_heading("Figure").add_heading("Detail", level=1)
    report.add_figure(_line_figure(), caption="A line.")
    return report


def test_pages_toc_outline_and_page_numbers(tmp_path):
    report = _small_report()
    path = report.save(tmp_path / "r.pdf")
    reader = PdfReader(path)
    assert report.page_count_ == len(reader.pages) == 2
    pages = _text(reader)
    assert "Page 1 of 2" in pages[0] and "Page 2 of 2" in pages[1]
    # TOC on page 1 lists each heading with its page number.
    assert _toc_page_numbers(pages[0]) == ["1", "2", "2"]
    toc = pages[0].split("Contents", 1)[1]
    assert all(h in toc for h in ("Numbers", "Figure", "Detail"))
    # Outline: two top-level entries, 'Detail' nested under 'Figure'.
    assert _outline_titles(reader.outline) == ["Numbers", "Figure", "Detail"]
    assert isinstance(reader.outline[2], list)
    assert reader.metadata.title == "Small report"
    assert reader.metadata.author == "QA"


def test_invariant_output_is_reproducible(tmp_path):
    a = _small_report().save(tmp_path / "a.pdf").read_bytes()
    b = _small_report().save(tmp_path / "b.pdf").read_bytes()
    assert a == b


def test_user_text_is_escaped_and_shown_literally(tmp_path):
    nasty = "<b>x</b> & y > z"
    report = Report(f"T {nasty}", author="a<b", invariant=True)
    report.add_heading(f"H {nasty}").add_paragraph(f"P {nasty}")
    report.add_table([[nasty, 1.0]], header=["c<1>", "d&e"], caption=f"C {nasty}")
    path = report.save(tmp_path / "e.pdf")
    reader = PdfReader(path)
    text = _text(reader)[0]
    for prefix in ("T", "H", "P", "C"):
        assert f"{prefix} {nasty}" in text
    assert "c<1>" in text and "d&e" in text and "a<b" in text
    assert _outline_titles(reader.outline) == [f"H {nasty}"]


def test_figures_are_vector(tmp_path):
    report = Report("Vector", invariant=True).add_figure(_line_figure())
    reader = PdfReader(report.save(tmp_path / "v.pdf"))
    page = reader.pages[0]
    xobjects = page["/Resources"].get("/XObject") or {}
    images = [k for k, v in xobjects.items() if v.get_object()["/Subtype"] == "/Image"]
    assert images == []
    content = page.get_contents().get_data().decode("latin-1")
    # axes text is drawn as glyph outlines: many path segments
    n_paths = len(re.findall(r"\s[lcm]\s", content))
    assert n_paths > 500


def test_atomic_write_failure_leaves_nothing(tmp_path, monkeypatch):
    target = tmp_path / "r.pdf"
    target.write_bytes(b"previous report")

    def fail(self):
        raise RuntimeError("boom while drawing")

    monkeypatch.setattr(_flowables.VectorFigure, "draw", fail)
    with pytest.raises(RuntimeError, match="boom"):
        _small_report().save(target)
    assert target.read_bytes() == b"previous report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.pdf"]
    fresh = tmp_path / "new.pdf"
    with pytest.raises(RuntimeError):
        _small_report().save(fresh)
    assert not fresh.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.pdf"]


def test_save_replaces_existing_file(tmp_path):
    target = tmp_path / "r.pdf"
    target.write_bytes(b"old")
    _small_report().save(target)
    assert target.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.pdf"]


def test_save_into_missing_directory(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        _small_report().save(tmp_path / "missing" / "r.pdf")


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda r: r.add_heading("x", level=1), "level=1 follows a level--1"),
        (lambda r: r.add_heading("x", level=3), "level must be 0, 1 or 2"),
        (lambda r: r.add_heading(""), "text must be a non-empty string"),
        (lambda r: r.add_table([]), "rows is empty"),
        (lambda r: r.add_table([[1, 2], [3]]), "different lengths"),
        (lambda r: r.add_table([[1, 2]], header=["a"]), "different lengths"),
        (lambda r: r.add_figure(_line_figure(), width=0), "width must be a fraction"),
        (lambda r: r.add_paragraph(3), "text must be a string"),
    ],
)
def test_bad_arguments_raise_value_error(call, match):
    with pytest.raises(ValueError, match=match):
        call(Report("x"))


def test_bad_title_and_figure():
    with pytest.raises(ValueError, match="title must be a non-empty string"):
        Report("")
    with pytest.raises(TypeError, match="matplotlib Figure"):
        Report("x").add_figure("not a figure")
