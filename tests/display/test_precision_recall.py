"""PrecisionRecallDisplay: both drawings, the BEP marker and the chance line."""

import itertools
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from evalplots import metrics
from evalplots.display import PrecisionRecallDisplay
from evalplots.exceptions import UndefinedMetricWarning

from tests.support import S6, Y6, _ax, _legend_texts, examples

# Seed 000 (the ``watermelon`` fixture) scored in rank order: labels [1, 1, 0, 0, 1, 0].
S_RANKED = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4]
# A tie block (0.5: one positive, one negative) spans rank m+ = 2.
Y_TIE = [1, 0, 1, 0]
S_TIE = [0.9, 0.5, 0.5, 0.1]


def _on_polyline(point, vertices, atol=1e-12):
    """Whether ``point`` lies on the polyline through ``vertices``."""
    p = np.asarray(point, float)
    if len(vertices) == 1:
        return bool(np.linalg.norm(np.asarray(vertices[0], float) - p) <= atol)
    for a, b in itertools.pairwise(vertices):
        a, b = np.asarray(a, float), np.asarray(b, float)
        seg = b - a
        t = 0.0 if not seg.any() else np.clip((p - a) @ seg / (seg @ seg), 0, 1)
        if np.linalg.norm(a + t * seg - p) <= atol:
            return True
    return False


def _steps_post_path(xy):
    """Vertices matplotlib draws for drawstyle='steps-post'."""
    path = [tuple(xy[0])]
    for (_, y0), (x1, y1) in itertools.pairwise(xy):
        path += [(x1, y0), (x1, y1)]
    return path


def test_steps_post_draws_the_stored_curve_with_ap_in_the_legend(watermelon):
    display = PrecisionRecallDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, name="toy"
    )
    precision, recall, _ = metrics.precision_recall_curve(
        watermelon.y_true, watermelon.y_score
    )
    np.testing.assert_allclose(display.line_.get_xdata(), recall)
    np.testing.assert_allclose(display.line_.get_ydata(), precision)
    assert display.line_.get_drawstyle() == "steps-post"
    # one legend entry per model: the BEP goes into the curve's entry
    assert display.line_.get_label() == "toy (AP = 0.87, BEP = 0.67)"
    assert display.average_precision == pytest.approx(watermelon.average_precision)


def test_steps_post_matches_scikit_learn_display(watermelon):
    sk_metrics = pytest.importorskip("sklearn.metrics")
    ours = PrecisionRecallDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, name="m", plot_break_even=False
    )
    theirs = sk_metrics.PrecisionRecallDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, name="m"
    )
    np.testing.assert_allclose(ours.line_.get_xydata(), theirs.line_.get_xydata())
    assert ours.line_.get_label() == theirs.line_.get_label() == "m (AP = 0.87)"


def test_sawtooth_vertices_are_the_textbook_operating_points(watermelon):
    display = PrecisionRecallDisplay.from_predictions(
        watermelon.ranked, S_RANKED, drawstyle="sawtooth", plot_break_even=False
    )
    np.testing.assert_allclose(display.line_.get_xydata(), watermelon.sawtooth)
    assert display.line_.get_drawstyle() == "default"
    assert [0.0, 1.0] not in display.line_.get_xydata().tolist()  # no invented (0, 1)
    # AP = 1/3 * (1 + 1 + 3/5): the step rule, named as such
    assert display.average_precision == pytest.approx(13 / 15)
    assert display.line_.get_label() == "step-wise AP = 0.87"
    # the unranked scores of the seed give the same operating points
    unranked = PrecisionRecallDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, drawstyle="sawtooth"
    )
    np.testing.assert_allclose(unranked.line_.get_xydata(), watermelon.sawtooth)


def test_sawtooth_starts_at_origin_when_the_top_score_is_negative():
    display = PrecisionRecallDisplay.from_predictions(
        [0, 1, 1, 0], [0.9, 0.8, 0.7, 0.6], drawstyle="sawtooth"
    )
    np.testing.assert_allclose(
        display.line_.get_xydata(), [(0, 0), (0.5, 0.5), (1, 2 / 3), (1, 0.5)]
    )
    np.testing.assert_allclose(display.break_even_.get_xydata(), [(0.5, 0.5)])


@pytest.mark.parametrize("drawstyle", ["steps-post", "sawtooth"])
def test_break_even_marker_on_the_curve_without_ties(drawstyle, watermelon):
    display = PrecisionRecallDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, drawstyle=drawstyle
    )
    marker = display.break_even_
    bep = watermelon.break_even
    np.testing.assert_allclose(marker.get_xydata(), [(bep, bep)])
    assert marker.get_label() == "_nolegend_"  # the BEP is in the curve's entry
    assert display.line_.get_label().endswith("BEP = 0.67")
    assert marker.get_marker() == "o" and marker.get_linestyle() == "None"
    assert marker.get_color() == display.line_.get_color()
    xy = display.line_.get_xydata()
    drawn = _steps_post_path(xy) if drawstyle == "steps-post" else xy
    assert _on_polyline((bep, bep), drawn)
    legend = display.ax_.get_legend()
    ap_name = "AP" if drawstyle == "steps-post" else "step-wise AP"
    assert [t.get_text() for t in legend.get_texts()] == [f"{ap_name} = 0.87, BEP = 0.67"]
    # its handle draws the line with the BEP marker on it
    drawn = legend.findobj(Line2D)
    assert [ln.get_marker() for ln in drawn if ln.get_linestyle() == "None"] == ["o"]
    assert [ln.get_color() for ln in drawn] == [display.line_.get_color()] * 2


def test_break_even_with_ties_is_on_the_sawtooth_chord_not_the_steps():
    bep = metrics.break_even_point(Y_TIE, S_TIE)
    assert bep == pytest.approx(0.8)  # chord (1/2, 1) -> (1, 2/3) meets P = R at 0.8
    saw = PrecisionRecallDisplay.from_predictions(Y_TIE, S_TIE, drawstyle="sawtooth")
    steps = PrecisionRecallDisplay.from_predictions(Y_TIE, S_TIE, name="tie")
    for display in (saw, steps):
        np.testing.assert_allclose(display.break_even_.get_xydata(), [(0.8, 0.8)])
    assert _on_polyline((0.8, 0.8), saw.line_.get_xydata())
    # Documented: the step drawing goes through the corner (R_a, P_b) = (1/2, 2/3).
    step_path = _steps_post_path(steps.line_.get_xydata())
    assert _on_polyline((0.5, 2 / 3), step_path)
    assert not _on_polyline((0.8, 0.8), step_path)
    assert steps.line_.get_label() == "tie (AP = 0.83, BEP = 0.80)"


def test_plot_computes_no_break_even_it_is_not_given():
    precision, recall, _ = metrics.precision_recall_curve(Y_TIE, S_TIE)
    display = PrecisionRecallDisplay(precision, recall).plot()
    assert display.break_even_ is None and display.line_.get_label() == "_nolegend_"
    bep = metrics.break_even_point_from_curve(precision, recall)
    display = PrecisionRecallDisplay(precision, recall, break_even=bep).plot()
    np.testing.assert_allclose(display.break_even_.get_xydata(), [(0.8, 0.8)])
    assert display.line_.get_label() == "BEP = 0.80"


def test_undefined_break_even_draws_no_marker():
    # the top tie block (all four) holds more samples than the two positives
    with pytest.warns(UndefinedMetricWarning):
        display = PrecisionRecallDisplay.from_predictions([1, 0, 1, 0], [0.5] * 4)
    assert display.break_even_ is None
    assert np.isnan(display.break_even)


def test_no_break_even_marker_when_asked(watermelon):
    display = PrecisionRecallDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score, plot_break_even=False
    )
    assert display.break_even_ is None
    assert len(display.ax_.get_lines()) == 1


def test_break_even_kw(watermelon):
    display = PrecisionRecallDisplay.from_predictions(
        watermelon.y_true,
        watermelon.y_score,
        break_even_kw={"marker": "D", "ms": 9, "label": "P = R"},
    )
    assert display.break_even_.get_marker() == "D"
    assert display.break_even_.get_markersize() == 9
    assert display.break_even_.get_label() == "P = R"


def test_chance_level_at_the_weighted_prevalence(watermelon):
    display = PrecisionRecallDisplay.from_predictions(
        watermelon.y_true,
        watermelon.y_score,
        sample_weight=[3, 1, 1, 1, 1, 1],
        plot_chance_level=True,
    )
    assert display.prevalence_pos_label == pytest.approx(5 / 8)
    assert display.chance_level_.get_xydata().tolist() == [[0, 0.625], [1, 0.625]]
    assert display.chance_level_.get_label() == "Chance level (prevalence = 0.62)"
    assert (
        PrecisionRecallDisplay.from_predictions(
            watermelon.y_true, watermelon.y_score
        ).chance_level_
        is None
    )


def test_chance_level_needs_the_prevalence(watermelon):
    precision, recall, _ = metrics.precision_recall_curve(
        watermelon.y_true, watermelon.y_score
    )
    with pytest.raises(
        ValueError, match="plot_chance_level=True needs prevalence_pos_label"
    ):
        PrecisionRecallDisplay(precision, recall).plot(plot_chance_level=True)


def test_axes_titles_limits_and_legend_position(watermelon):
    display = PrecisionRecallDisplay.from_predictions(
        watermelon.y_true, watermelon.y_score
    )
    ax = display.ax_
    # short axis titles; the positive label is said once, as the legend title
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("Recall", "Precision")
    assert ax.get_legend().get_title().get_text() == "Positive label: 1"
    assert ax.get_xlim() == pytest.approx((-0.01, 1.01))
    assert ax.get_ylim() == pytest.approx((-0.01, 1.01))
    assert ax.get_aspect() == 1.0
    assert ax.get_legend()._loc == 3  # 'lower left'


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"drawstyle": "steps"}, "drawstyle must be one of 'steps-post', 'sawtooth'"),
        ({"drawstyle": None}, "drawstyle must be one of"),
        (
            {"ds": "steps-pre"},
            r"kwargs sets the Line2D drawstyle; choose .*plot\(drawstyle",
        ),
        (
            {"chance_level_kw": {"ls": "-", "linestyle": ":"}},
            "chance_level_kw sets both",
        ),
    ],
)
def test_bad_plot_arguments(kwargs, match, watermelon):
    precision, recall, _ = metrics.precision_recall_curve(
        watermelon.y_true, watermelon.y_score
    )
    display = PrecisionRecallDisplay(precision, recall, prevalence_pos_label=0.5)
    with pytest.raises(ValueError, match=match):
        display.plot(plot_chance_level=True, **kwargs)


def test_sawtooth_refuses_dropped_intermediate_points(watermelon):
    with pytest.raises(
        ValueError, match="drop_intermediate=False with drawstyle='sawtooth'"
    ):
        PrecisionRecallDisplay.from_predictions(
            watermelon.y_true,
            watermelon.y_score,
            drop_intermediate=True,
            drawstyle="sawtooth",
        )


@pytest.mark.parametrize(
    "precision, recall, kwargs, match",
    [
        ([1, 0.5, 1], [0, 1, 0], {}, "recall must be non-increasing"),
        ([0.5, 1], [1, 0.5], {}, "must end with the sentinel R=0, P=1"),
        ([1.5, 1], [1, 0], {}, r"precision values must lie in \[0, 1\]"),
        ([0.5, 1], [1, 0], {"average_precision": -1}, "average_precision must be"),
        ([0.5, 1], [1, 0, 0], {}, "must have the same length"),
    ],
)
def test_bad_constructor_input(precision, recall, kwargs, match):
    with pytest.raises(ValueError, match=match):
        PrecisionRecallDisplay(precision, recall, **kwargs).plot(ax=Figure().subplots())


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.booleans(), min_size=2, max_size=12).filter(lambda y: any(y)))
def test_sawtooth_is_the_ranked_operating_points_and_bep_is_precision_at_m(labels):
    # distinct scores, ranked as listed: k-th point is (TP_k / m+, TP_k / k)
    y = np.array(labels, dtype=int)
    scores = np.linspace(1, 0, y.size)
    display = PrecisionRecallDisplay.from_predictions(
        y, scores, drawstyle="sawtooth", ax=Figure().add_subplot()
    )
    tp, k, m_pos = np.cumsum(y), np.arange(1, y.size + 1), y.sum()
    np.testing.assert_allclose(display.line_.get_xydata(), np.c_[tp / m_pos, tp / k])
    bep = tp[m_pos - 1] / m_pos
    np.testing.assert_allclose(display.break_even_.get_xydata(), [(bep, bep)])
    steps = PrecisionRecallDisplay.from_predictions(
        y, scores, ax=Figure().add_subplot()
    )
    assert _on_polyline((bep, bep), _steps_post_path(steps.line_.get_xydata()))


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(
        st.tuples(st.booleans(), st.integers(0, 3)), min_size=2, max_size=12
    ).filter(lambda pairs: any(label for label, _ in pairs))
)
def test_break_even_marker_lies_on_the_sawtooth_even_with_ties(pairs):
    y = np.array([label for label, _ in pairs], dtype=int)
    scores = np.array([score for _, score in pairs], dtype=float)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)  # BEP may be NaN
        display = PrecisionRecallDisplay.from_predictions(
            y, scores, drawstyle="sawtooth", ax=Figure().add_subplot()
        )
    if np.isnan(display.break_even):
        assert display.break_even_ is None
        return
    point = display.break_even_.get_xydata()[0]
    assert point[0] == pytest.approx(point[1])
    assert _on_polyline(point, display.line_.get_xydata(), atol=1e-9)


def test_from_predictions_without_positives_says_so():
    # No UndefinedMetricWarning from precision_recall_curve leaks before the error.
    with pytest.raises(
        ValueError,
        match=r"y_true holds only one class, 0 \(no positive sample\), so the "
        r"precision-recall curve is undefined",
    ):
        PrecisionRecallDisplay.from_predictions([0, 0, 0], [0.1, 0.2, 0.3])


def test_from_predictions_without_negatives_is_the_flat_curve():
    display = PrecisionRecallDisplay.from_predictions([1, 1, 1], [0.1, 0.2, 0.3])
    np.testing.assert_allclose(display.precision, 1.0)
    assert display.average_precision == 1.0
    assert display.prevalence_pos_label == 1.0


# ------------------------------------------------------------------------- iso-F1 lines


def test_iso_f1_lines_are_curves_of_constant_f1_inside_the_unit_square():
    display = PrecisionRecallDisplay.from_predictions(
        Y6, S6, plot_iso_f1=True, iso_f1_values=(0.3, 0.8), iso_f1_kw={"lw": 0.5},
        ax=_ax(),
    )
    assert len(display.iso_f1_lines_) == 2
    for f, line, text in zip((0.3, 0.8), display.iso_f1_lines_, display.iso_f1_labels_):
        r, p = line.get_xdata(), line.get_ydata()
        np.testing.assert_allclose(2 * p * r / (p + r), f)
        assert p.max() == pytest.approx(1) and r.max() == pytest.approx(1)
        assert r.min() == pytest.approx(f / (2 - f))  # where P reaches 1
        assert line.get_linewidth() == 0.5 and line.get_label() == "_nolegend_"
        assert text.get_text() == f"F1={f:g}"
        assert to_rgba(text.get_color()) == to_rgba(line.get_color())
    assert _legend_texts(display.ax_) == ["AP = 0.87, BEP = 0.67"]


def test_iso_f1_lines_are_drawn_once_per_axes():
    ax = _ax()
    a = PrecisionRecallDisplay.from_predictions(Y6, S6, plot_iso_f1=True, ax=ax)
    b = PrecisionRecallDisplay.from_predictions(Y6, S6[::-1], plot_iso_f1=True, ax=ax)
    assert a.iso_f1_lines_ == b.iso_f1_lines_
    assert len(ax.texts) == 4 and a.iso_f1_labels_[0].get_text() == "F1=0.2"


@pytest.mark.parametrize("values", [(), (0.5, 1.0), "0.5", (0, 0.4)])
def test_iso_f1_values_are_checked(values):
    with pytest.raises(ValueError, match="iso_f1_values"):
        PrecisionRecallDisplay.from_predictions(
            Y6, S6, plot_iso_f1=True, iso_f1_values=values, ax=_ax()
        )
