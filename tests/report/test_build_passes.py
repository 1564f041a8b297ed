"""How often a report's layout runs: passes of the build and line breaks of its paragraphs.

reportlab breaks a paragraph's lines anew at every wrap, and a build repeats the
whole layout until the page numbers settle. The report keeps a paragraph's lines
per width (:class:`~evalplots.report._flowables.CachedParagraph`) and fills the
table of contents before the first pass, so that two passes suffice: one that
finds the pages, one that draws them. The counts here are of calls, not of time.
"""

import re

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Paragraph
from pypdf import PdfReader

from evalplots.report import Report
from evalplots.report._flowables import CachedParagraph

TEXT = ("The area under the ROC curve is the probability that a positive scores "
        "above a negative; ties count one half. ") * 3


@pytest.mark.parametrize("width", [60.0, 150.0, 400.0])
def test_kept_lines_are_the_lines_reportlab_breaks(width):
    style = ParagraphStyle("body", fontSize=9, leading=11)
    kept, fresh = CachedParagraph(TEXT, style), Paragraph(TEXT, style)
    kept.wrap(width / 2, 50)  # another width first: the second answer is its own
    assert kept.wrap(width, 500) == fresh.wrap(width, 500)
    assert kept.wrap(width, 5) == fresh.wrap(width, 500)  # the height left: no matter
    lines = [getattr(line, "words", line) for line in kept.blPara.lines]
    assert [getattr(line, "words", line) for line in fresh.blPara.lines] == lines
    assert len(lines) > 1 if width < 400 else len(lines) >= 1


def _counted(monkeypatch):
    """Record the Paragraph.breakLines calls (paragraph, widths) and count the
    BaseDocTemplate.build calls (the passes)."""
    calls = {"breakLines": [], "build": 0}
    break_lines, build = Paragraph.breakLines, BaseDocTemplate.build

    def counting_break_lines(self, width, *args, **kwargs):
        calls["breakLines"].append((self, tuple(width)))
        return break_lines(self, width, *args, **kwargs)

    def counting_build(self, *args, **kwargs):
        calls["build"] += 1
        return build(self, *args, **kwargs)

    monkeypatch.setattr(Paragraph, "breakLines", counting_break_lines)
    monkeypatch.setattr(BaseDocTemplate, "build", counting_build)
    return calls


def _report(n_sections=40):
    """Sections enough for the contents to push the first one to page 3 (a pass
    laid out with reportlab's one-line placeholder for the contents would put it
    on page 1), each a paragraph, every tenth with a table of paragraph cells."""
    report = Report("Passes", invariant=True).add_table_of_contents()
    for k in range(n_sections):
        report.add_section(f"Section {k}").add_paragraph(TEXT)
        if k % 10 == 9:
            report.add_table([[f"row {i}", i / 7] for i in range(25)],
                             header=["name", "value"], caption=f"Table {k}.")
    return report


def test_two_passes_and_lines_broken_once_per_paragraph_and_width(tmp_path, monkeypatch):
    report = _report()
    calls = _counted(monkeypatch)
    path = report.save(tmp_path / "passes.pdf")
    assert calls["build"] == 2  # one finds the pages, one draws them
    ours = [(id(p), w) for p, w in calls["breakLines"] if isinstance(p, CachedParagraph)]
    assert len(ours) >= 2 * 40  # the headings and texts at least
    assert len(ours) == len(set(ours))  # each paragraph once per width
    reader = PdfReader(path)
    assert report.page_count_ == len(reader.pages) > 2
    # where each section starts, read off its bookmark; the contents must say so
    starts = [reader.get_destination_page_number(item) + 1 for item in reader.outline
              if not isinstance(item, list)]
    assert len(starts) == 40 and starts[0] > 2  # after two pages of contents
    contents = " ".join(" ".join(page.extract_text().split())
                        for page in reader.pages[:starts[0]])
    assert [int(n) for n in re.findall(r"(?:\. )+(\d+)", contents)] == starts
