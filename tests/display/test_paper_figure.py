"""Paper-ready at small sizes, checked by measuring what is drawn.

The figure: ``style.context('paper')``, 7 × 2.4 in, three panels — ROC and sawtooth
P-R curves of two models, and a confusion matrix (``paper_figure`` in conftest.py).
Every text is measured with the Agg renderer that drew it: no two texts (tick
labels, axis titles, legends, colorbar labels, cell texts) overlap, none leaves the
figure, each legend lies inside its axes, and every axes keeps at least half of its
panel. The checks read the geometry only, whatever the legends say.
"""

import itertools

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from evalplots.display import RocCurveDisplay, style
from evalplots.display._base import LEGEND_MIN_FONTSIZE, FittedLegend


def _tick_labels(axis):
    """The tick labels ``axis`` draws: ticks inside the view limits, with text."""
    low, high = sorted(axis.get_view_interval())
    slack = 1e-9 * max(1.0, high - low)
    return [
        label
        for tick in axis.get_major_ticks()
        if low - slack <= tick.get_loc() <= high + slack
        for label in (tick.label1, tick.label2)
        if label.get_visible() and label.get_text()
    ]


def _text_boxes(figure, renderer):
    """(name, window extent) of every drawn text; a legend counts as one box."""
    boxes = []
    every_axes = [*figure.axes, *(c for ax in figure.axes for c in ax.child_axes)]
    for i, ax in enumerate(every_axes):
        texts = [*_tick_labels(ax.xaxis), *_tick_labels(ax.yaxis)]
        texts += [ax.xaxis.label, ax.yaxis.label, ax.title, *ax.texts]
        boxes += [
            (f"axes {i} {t.get_text()!r}", t.get_window_extent(renderer))
            for t in texts
            if t.get_visible() and t.get_text()
        ]
        if ax.get_legend() is not None:
            legend = ax.get_legend().get_window_extent(renderer)
            boxes.append((f"axes {i} legend", legend))
    return boxes


#: short names, and names as long as real ones (the legends must shrink to fit)
NAMES = [("model A", "model B"), ("logistic regression", "gradient boosting")]


@pytest.mark.parametrize("names", NAMES)
def test_no_text_overlaps_another_or_leaves_the_figure(paper_figure, names):
    figure, _ = paper_figure(names)
    renderer = figure.canvas.get_renderer()
    boxes = _text_boxes(figure, renderer)
    # the figure has what it should: 3 axes titles per curve axes pair, class names
    names = [name for name, _ in boxes]
    assert sum("legend" in name for name in names) == 2
    assert sum("'malignant'" in name for name in names) == 2  # x and y ticks
    assert len(boxes) > 40
    overlapping = [
        (a, b) for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2)
        if box_a.overlaps(box_b)
    ]
    assert overlapping == []
    page = figure.bbox
    outside = [
        name for name, box in boxes
        if box.x0 < page.x0 or box.y0 < page.y0 or box.x1 > page.x1 or box.y1 > page.y1
    ]
    assert outside == []


@pytest.mark.parametrize("names", NAMES)
def test_every_axes_keeps_at_least_half_of_its_panel(paper_figure, names):
    figure, panels = paper_figure(names)
    width, height = figure.get_size_inches()
    for ax in panels:
        rows, cols = ax.get_subplotspec().get_gridspec().get_geometry()
        panel = (width / cols) * (height / rows)  # one gridspec cell
        drawn = ax.get_position()  # after the layout and the equal aspect
        share = drawn.width * width * drawn.height * height / panel
        assert share >= 0.5, (ax.get_xlabel(), share)


@pytest.mark.parametrize("names", NAMES)
def test_legends_lie_inside_their_axes_and_name_the_positive_label(paper_figure, names):
    figure, (roc, pr, _) = paper_figure(names)
    renderer = figure.canvas.get_renderer()
    for ax in (roc, pr):
        legend = ax.get_legend()
        box = legend.get_window_extent(renderer)
        axes_box = ax.get_window_extent(renderer)
        assert axes_box.x0 <= box.x0 and box.x1 <= axes_box.x1
        assert axes_box.y0 <= box.y0 and box.y1 <= axes_box.y1
        sizes = [t.get_fontsize() for t in (*legend.get_texts(), legend.get_title())]
        assert min(sizes) >= LEGEND_MIN_FONTSIZE
        # the positive label is said once, as the legend title; axis titles are short
        assert legend.get_title().get_text() == "Positive label: 1"
        assert "Positive label" not in ax.get_xlabel() + ax.get_ylabel()
    assert roc.get_xlabel() == "False Positive Rate"
    assert roc.get_ylabel() == "True Positive Rate"
    assert (pr.get_xlabel(), pr.get_ylabel()) == ("Recall", "Precision")


def test_the_colorbar_is_as_tall_as_the_matrix(paper_figure):
    figure, (_, _, cm) = paper_figure()
    (bar,) = cm.child_axes
    cells, bar_box = cm.get_window_extent(), bar.get_window_extent()
    assert (bar_box.y0, bar_box.y1) == pytest.approx((cells.y0, cells.y1))
    assert bar_box.x0 > cells.x1


def _narrow_axes(width):
    figure = Figure(figsize=(width, width), dpi=100)
    FigureCanvasAgg(figure)
    return figure.add_axes((0.2, 0.2, 0.7, 0.7))


LONG = "model A (step-wise AP = 0.63, BEP = 0.50)"


def test_a_legend_wider_than_its_axes_shrinks_its_texts_to_fit():
    ax = _narrow_axes(2.4)  # axes 1.68 in wide; the entry is ~1.8 in at 6 pt
    with style.context("paper"):
        RocCurveDisplay([0, 0.5, 1], [0, 1, 1], name=LONG, pos_label=1).plot(ax=ax)
        legend = ax.get_legend()
        assert isinstance(legend, FittedLegend)
        ax.figure.canvas.draw()
    renderer = ax.figure.canvas.get_renderer()
    box, axes_box = legend.get_window_extent(renderer), ax.get_window_extent(renderer)
    assert axes_box.x0 <= box.x0 and box.x1 <= axes_box.x1
    sizes = [t.get_fontsize() for t in legend.get_texts()]
    assert all(LEGEND_MIN_FONTSIZE <= size < 6.0 for size in sizes)  # shrunk, not gone
    # enlarged, the same legend gets its own size back
    ax.figure.set_size_inches(6.0, 6.0)
    ax.figure.canvas.draw()
    assert {t.get_fontsize() for t in legend.get_texts()} == {6.0}


def test_legends_that_fit_or_sit_outside_keep_their_size():
    ax = _narrow_axes(4.0)
    RocCurveDisplay([0, 0.5, 1], [0, 1, 1], roc_auc=0.75).plot(ax=ax)
    ax.figure.canvas.draw()
    assert {t.get_fontsize() for t in ax.get_legend().get_texts()} == {10.0}
    outside = _narrow_axes(1.0)
    line = outside.plot([0, 1])
    legend = FittedLegend(outside, line, [LONG], bbox_to_anchor=(1, 1))
    outside.legend_ = legend
    outside.figure.canvas.draw()
    assert legend.get_texts()[0].get_fontsize() == 10.0
