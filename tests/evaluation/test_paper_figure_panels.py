"""``paper_figure``: lettered panels at a journal width, one legend, one look per model."""

import pytest
from pypdf import PdfReader

from evalplots import evaluate
from evalplots.datasets import load_breast_cancer_predictions
from evalplots.evaluation import paper_figure

from tests.support import pdf_fonts


@pytest.fixture(scope="module")
def ev():
    data = load_breast_cancer_predictions()
    return evaluate(data.y_true, data.predictions, n_resamples=20)


def _model_lines(ax, names):
    """{model: (colour, dash pattern)} of the lines of ``ax`` whose label names one."""
    out = {}
    for line in ax.get_lines():
        for name in names:
            if line.get_label().startswith(name):
                out[name] = (line.get_color(), repr(line._dash_pattern))
    return out


def test_three_panels_lettered_with_one_legend_at_the_double_width(ev, tmp_path):
    fig = paper_figure(ev, ["roc", "precision_recall", "calibration"],
                       path=tmp_path / "f.pdf")
    assert [ax.get_title(loc="left") for ax in fig.axes] == ["(a)", "(b)", "(c)"]
    assert all(ax.get_legend() is None for ax in fig.axes)
    (legend,) = fig.legends
    assert [t.get_text() for t in legend.texts] == ev.model_names
    box = PdfReader(tmp_path / "f.pdf").pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(
        (183 / 25.4 * 72, 61 / 25.4 * 72), abs=0.01)
    fonts = pdf_fonts(tmp_path / "f.pdf")
    assert fonts and all(files == ["/FontFile2"] for _, files in fonts.values())


def test_each_model_looks_the_same_in_every_panel_and_in_the_legend(ev):
    fig = paper_figure(ev, ["roc", "precision_recall", "calibration"])
    looks = [_model_lines(ax, ev.model_names) for ax in fig.axes]
    assert looks[0] == looks[1] == looks[2]
    assert len(set(looks[0].values())) == len(ev.model_names)  # models differ
    legend = {t.get_text(): (h.get_color(), repr(h._dash_pattern))
              for t, h in zip(fig.legends[0].texts, fig.legends[0].legend_handles)}
    assert legend == looks[0]


def test_one_font_size_across_the_panels(ev):
    fig = paper_figure(ev, ["roc", "precision_recall", "det"])
    ticks = {label.get_fontsize() for ax in fig.axes for label in ax.get_xticklabels()}
    titles = {ax.xaxis.label.get_fontsize() for ax in fig.axes}
    legend = {t.get_fontsize() for t in fig.legends[0].texts}
    assert (ticks, titles, legend) == ({6.0}, {8.0}, {6.0})


def test_bad_panels_and_models_name_the_argument(ev):
    with pytest.raises(ValueError, match="panels must be a list of some of"):
        paper_figure(ev, ["roc", "confusion_matrix"])
    with pytest.raises(ValueError, match="models must name models"):
        paper_figure(ev, ["roc"], models=["forest"])
