"""What a notebook shows: Report page previews and the evaluation's tables."""

import base64
import io
import re
import sys
import warnings

import numpy as np
import pytest

from evalplots import evaluate
from evalplots.datasets import load_breast_cancer_predictions
from evalplots.report import Report, evaluation_report

from tests.support import stubbed_figures



@pytest.fixture(scope="module")
def sample_report():
    """The sample's standard report, its figures blank stand-ins of their real size
    (conftest's stubbed_figures): the preview is under test, not the figures."""
    data = load_breast_cancer_predictions()
    ev = evaluate(data.y_true, data.predictions, pos_label=1, label_names=data.label_names)
    with stubbed_figures():
        return evaluation_report(ev, title="Sample <report>")


def _images(html):
    return re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)" width="310" '
                      r'alt="page (\d+) of (\d+)"', html)


def test_report_preview_shows_the_first_pages_and_counts_the_rest(sample_report,
                                                                  monkeypatch):
    pytest.importorskip("pypdfium2")
    from PIL import Image

    monkeypatch.setattr(sample_report, "preview_pages", 2)
    html = sample_report._repr_html_()
    images = _images(html)
    total = images[0][2]  # the summary, with intervals and comparisons, may take two
    assert [(page, t) for _, page, t in images] == [("1", total), ("2", total)]
    assert int(total) >= 4
    assert f"<b>Sample &lt;report&gt;</b>: {total} pages" in html
    assert html.count("<img") == 2 and f"… {int(total) - 2} more pages" in html
    for encoded, _, _ in images:
        image = Image.open(io.BytesIO(base64.b64decode(encoded)))
        assert image.format == "PNG"
        assert image.size == (621, 877)  # A4 (595.3 x 841.9 pt) at 75 dpi, rounded up
        pixels = np.asarray(image.convert("L"))
        assert pixels[0, 0] == 255  # white paper
        assert (pixels < 100).mean() > 0.002  # and dark text / curves on it


def test_short_report_preview_has_no_more_line():
    pytest.importorskip("pypdfium2")
    html = Report("One page").add_heading("Results")._repr_html_()
    assert [(p, t) for _, p, t in _images(html)] == [("1", "1")]
    assert "<b>One page</b>: 1 page</p>" in html and "…" not in html


def test_report_preview_without_pypdfium2_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # import fails
    html = Report("A & B").add_heading("x").add_page_break().add_heading("y")._repr_html_()
    assert html == ("<div><p><b>A &amp; B</b>: 2 pages. Page previews need pypdfium2: "
                    "<code>pip install \"evalplots[notebook]\"</code>; or save the report "
                    "with <code>.save(path)</code> and open the PDF.</p></div>")


def test_preview_pages_must_be_positive(monkeypatch):
    from evalplots.report._preview import preview_html

    with pytest.raises(ValueError, match="max_pages must be a positive int, got 0"):
        preview_html(Report("R"), max_pages=0)


def test_every_evaluation_shows_its_table_in_a_notebook():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # log loss of a 0 probability
        multi = evaluate(["a", "b", "c", "a"], {"m": ["a", "b", "b", "a"]})
    html = multi._repr_html_()
    assert ">0.750 [" in html  # accuracy 3/4, with its interval
    assert "Accuracy" in html and "<td>m</td>" in html or ">m<" in html
    reg = evaluate([1.5, 2.5, 3.5], {"r": [1.0, 2.5, 4.5]}, task="regression")
    html = reg._repr_html_()
    assert ">0.500 [" in html  # MAE = (0.5 + 0 + 1) / 3
