"""A report's size does not grow with the number of samples: curves are drawn
thinned and figure coordinates are written to 0.01 pt."""

import matplotlib
import numpy as np
import pytest
from matplotlib.figure import Figure
from reportlab.graphics.shapes import Group, Path, PolyLine, Polygon

from evalplots import evaluate
from evalplots.report import evaluation_report
from evalplots.report._flowables import POINT_DECIMALS, figure_to_drawing


def _points(node):
    for item in node.contents:
        if isinstance(item, Group):
            yield from _points(item)
        elif isinstance(item, (Path, PolyLine, Polygon)):
            yield from item.points


def test_figure_coordinates_are_rounded_to_hundredths_of_a_point():
    fig = Figure(figsize=(3, 2))
    x = np.linspace(0, 1, 500)
    fig.add_subplot().plot(x, np.sin(7 * x))
    points = np.array(list(_points(figure_to_drawing(fig))))
    assert points.size > 1000
    np.testing.assert_array_equal(points, np.round(points, POINT_DECIMALS))


def _report_size(tmp_path, n):
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.1).astype(int)
    scores = {"good": np.clip(0.3 * y + rng.normal(0.4, 0.15, n), 0, 1),
              "weak": np.clip(0.1 * y + rng.normal(0.45, 0.2, n), 0, 1)}
    # matplotlib's default path simplification (conftest turns it off for images)
    with matplotlib.rc_context({"path.simplify": True}):
        report = evaluation_report(evaluate(y, scores), ci=False)
    path = report.save(tmp_path / f"{n}.pdf")
    return path.stat().st_size


@pytest.mark.slow
def test_pdf_of_a_million_samples_is_at_most_half_as_large_again_as_of_a_thousand(
        tmp_path):
    # the target; between the two (10⁴-10⁵ samples) the curves have real
    # detail at the thinning bound (steps of 1/n_pos) and the PDF is larger
    small, large = _report_size(tmp_path, 1000), _report_size(tmp_path, 10**6)
    assert large <= 1.5 * small, (small, large)
