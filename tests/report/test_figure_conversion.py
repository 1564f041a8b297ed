"""Figures into the PDF (evalplots.report._flowables): the shortcuts taken on the
way from a matplotlib figure to a reportlab drawing change nothing that is drawn.

- the layout engine runs once, outside savefig, which then draws once: the SVG is
  byte for byte the one savefig writes on its own (two draws);
- the SVG is made leaner before svglib reads it: the drawing holds the same shapes
  and strings, with the same styles, at the same places, as svglib's own reading;
- reportlab's check of each shape attribute is off while svglib converts: the
  drawing is the one made with the check on.
"""

import contextlib
import io

import matplotlib
import numpy as np
import pytest
from matplotlib.figure import Figure
from reportlab.graphics.shapes import Group
from svglib.svglib import load_svg_file, svg2rlg

from evalplots.display import ConfusionMatrixDisplay, RocCurveDisplay
from evalplots.report import _flowables

Y_TRUE = np.array([0, 0, 1, 1, 0, 1, 0, 1, 1, 0])
Y_SCORE = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.6, 0.55, 0.7, 0.3])


def _roc_and_confusion_figure():
    """Two panels: a ROC curve with a legend, a confusion matrix with a colorbar."""
    fig = Figure(figsize=(6.5, 3), layout="constrained")
    left, right = fig.subplots(1, 2)
    RocCurveDisplay.from_predictions(Y_TRUE, Y_SCORE, ax=left, name="model")
    ConfusionMatrixDisplay.from_predictions(Y_TRUE, Y_SCORE > 0.5, ax=right,
                                            display_labels=["benign", "malignant"])
    fig.suptitle("Évaluation — Модель")
    return fig


def _tight_figure():
    fig = Figure(figsize=(3, 2), layout="tight")
    ax = fig.add_subplot()
    ax.plot([0, 1, 2], [2, 0, 1], label="line")
    ax.set_ylabel("a long axis title\non two lines")
    ax.set_xlabel(r"mathtext: $\alpha_i^2 \leq \frac{1}{2}$ and $\mathbf{bold}$")
    ax.legend()
    return fig


def _plain_figure():
    fig = Figure(figsize=(3, 2))
    fig.add_subplot().bar(["a", "b"], [1, 2])
    return fig


def _no_axes_figure():
    fig = Figure(figsize=(2, 1), layout="constrained")
    fig.text(0.5, 0.5, "only text")
    return fig


def _svg(fig, *, once):
    buf = io.BytesIO()
    with matplotlib.rc_context(_flowables._SVG_RC):
        if once:
            with _flowables._laid_out_once(fig):
                fig.savefig(buf, format="svg", metadata={"Date": None})
        else:
            fig.savefig(buf, format="svg", metadata={"Date": None})
    return buf.getvalue()


@pytest.mark.parametrize("make", [_roc_and_confusion_figure, _tight_figure,
                                  _plain_figure, _no_axes_figure])
def test_layout_run_once_gives_savefigs_own_svg(make):
    # constrained layout depends on how often it ran: a fresh figure for each
    once, plain = _svg(make(), once=True), _svg(make(), once=False)
    assert b"<text" in once  # text kept as text (svg.fonttype none)
    assert once == plain


def test_layout_run_once_puts_the_figure_back():
    fig = _roc_and_confusion_figure()
    engine, canvas, dpi = fig.get_layout_engine(), fig.canvas, fig.dpi
    _svg(fig, once=True)
    assert fig.get_layout_engine() is engine
    assert fig.canvas is canvas and canvas.figure is fig and fig.dpi == dpi == 100.0


def _leaves(node, transform=(1, 0, 0, 1, 0, 0)):
    """(type, attributes, transform from the drawing) of every non-group shape."""
    out = []
    for item in node.contents:
        if isinstance(item, Group):
            out.extend(_leaves(item, _multiply(transform, tuple(item.transform))))
        else:
            attributes = {k: _value(v) for k, v in vars(item).items()}
            out.append((type(item).__name__, attributes, transform))
    return out


def _value(value):
    """A comparable form of a shape's attribute (an image by its pixels)."""
    if hasattr(value, "tobytes"):  # a PIL image: its repr holds its address
        return (value.mode, value.size, value.tobytes())
    return repr(value)


def _multiply(a, b):
    """The product of two affine transforms, as reportlab's mmult(a, b)."""
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1],
            a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
            a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])


def _groups(node):
    return sum(1 + _groups(item) for item in node.contents if isinstance(item, Group))


@pytest.mark.parametrize("make", [_roc_and_confusion_figure, _tight_figure])
def test_lean_svg_draws_the_same_shapes_and_strings(make):
    svg = _svg(make(), once=True)
    _flowables.register_fonts()
    svglibs = svg2rlg(io.BytesIO(svg), font_map=_flowables._REPORT_FONTS)
    root = load_svg_file(io.BytesIO(svg))
    _flowables._lean_svg(root)
    lean = _flowables.SvgRenderer(io.BytesIO(svg),
                                  font_map=_flowables._REPORT_FONTS).render(root)
    expected, got = _leaves(svglibs), _leaves(lean)
    assert len(got) > 30
    assert got == expected
    strings = [a["text"] for kind, a, _ in got if kind == "String"]
    assert "'True label'" in strings or "'a long axis title'" in strings
    # the artists' id-only groups are gone (those left: clipping, transforms, uses)
    assert _groups(lean) < 0.6 * _groups(svglibs)


@pytest.mark.parametrize("make", [_roc_and_confusion_figure, _tight_figure])
def test_unchecked_shapes_give_the_drawing_reportlabs_checks_give(make, monkeypatch):
    unchecked = _leaves(_flowables.figure_to_drawing(make()))
    monkeypatch.setattr(_flowables, "_unchecked_shapes", contextlib.nullcontext)
    checked = _leaves(_flowables.figure_to_drawing(make()))
    assert len(checked) > 30
    assert unchecked == checked


def test_lean_svg_keeps_a_group_that_is_pointed_to_and_one_with_a_style():
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg" '
           b'xmlns:xlink="http://www.w3.org/1999/xlink" width="10pt" height="10pt">'
           b'<g id="kept"><path d="M 0 0 L 1 1"/></g><use xlink:href="#kept"/>'
           b'<g id="a"><g id="styled" style="fill: #ff0000"><text style="font-size: '
           b'8px; font-family: \'DejaVu Sans\', \'Arial\', sans-serif; font-weight: '
           b'700">x</text></g></g></svg>')
    root = load_svg_file(io.BytesIO(svg))
    _flowables._lean_svg(root)
    ids = [g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")]
    assert ids == ["kept", "styled"]
    text = next(root.iter("{http://www.w3.org/2000/svg}text"))
    assert text.get("style") == ("font-size: 8px; font-family: sans-serif; "
                                 "font-weight: 700")


def test_figure_to_drawing_sets_bold_text_in_the_bold_face():
    fig = Figure(figsize=(2, 1))
    fig.text(0.1, 0.5, "bold", fontweight="bold")
    fig.text(0.6, 0.5, "plain")
    drawing = _flowables.figure_to_drawing(fig)
    fonts = {a["text"]: a["fontName"] for kind, a, _ in _leaves(drawing)
             if kind == "String"}
    assert fonts == {"'bold'": repr(_flowables.FONT_BOLD),
                     "'plain'": repr(_flowables.FONT)}
