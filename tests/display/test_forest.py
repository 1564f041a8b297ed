"""ForestPlotDisplay: the stored and drawn numbers are the evaluation's and the metrics'
per group; an undefined group keeps its row; bad shapes are named."""

import math

import numpy as np
import pytest

from evalplots import evaluate
from evalplots.display import ForestPlotDisplay
from evalplots.metrics import binary_rates_ci, roc_auc_ci


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(21)
    n = 400
    y = rng.integers(0, 2, n)
    site = rng.choice(np.array(["b", "a", "c"]), n)
    s = 1 / (1 + np.exp(-(y + rng.normal(size=n))))
    return y, s, site


def test_from_predictions_draws_each_groups_interval(data):
    y, s, site = data
    d = ForestPlotDisplay.from_predictions(y, s, site, grouping="site")
    assert d.labels == ["a", "b", "c"]
    for i, level in enumerate(d.labels):
        ci = roc_auc_ci(y[site == level], s[site == level])
        assert (d.estimates[i, 0], d.lows[i, 0], d.highs[i, 0]) == (ci.estimate, ci.low,
                                                                   ci.high)
        assert d.counts[i] == (site == level).sum()
        # the marker and the interval line are drawn where the numbers say
        assert d.errorbars_[0].lines[0].get_xdata()[i] == ci.estimate
    assert d.overall_lines_[0].get_xdata()[0] == roc_auc_ci(y, s).estimate
    recall = ForestPlotDisplay.from_predictions(y, s, site, metric="recall", threshold=0.6)
    m = site == "a"
    ci = binary_rates_ci(y[m], (s[m] >= 0.6).astype(int))["recall"]
    assert (recall.estimates[0, 0], recall.lows[0, 0]) == (ci.estimate, ci.low)


def test_from_evaluation_reads_the_groups_values(data):
    y, s, site = data
    ev = evaluate(y, {"m": s, "n": s ** 2 + 0.1 * (y == 0)}, groups={"site": site},
                  n_resamples=20)
    d = ForestPlotDisplay.from_evaluation(ev, "Recall")
    values = ev.groups["site"].by_group("Recall", "n")
    assert d.estimates[:, 1].tolist() == [v.estimate for v in values.values()]
    assert d.highs[:, 1].tolist() == [v.ci.high for v in values.values()]
    assert d.names == ["m", "n"]
    assert d.overall.tolist() == [ev.metrics_table.rows[m]["Recall"] for m in ("m", "n")]


def test_an_undefined_group_keeps_its_row_as_na():
    y = np.array([1, 0, 1, 0, 1, 1])
    s = np.array([.9, .2, .7, .4, .6, .8])
    d = ForestPlotDisplay.from_predictions(y, s, ["a", "a", "b", "b", "tiny", "tiny"])
    assert d.labels == ["a", "b", "tiny"] and math.isnan(d.estimates[2, 0])
    texts = [t.get_text() for t in d.texts_]
    assert texts[:6] == ["1.0000 [zero width]", "2", "1.0000 [zero width]", "2", "n/a",
                         "2"]
    assert len(d.errorbars_[0].lines[0].get_xdata()) == 2  # no marker for 'tiny'


def test_rows_run_top_to_bottom_and_the_figure_grows_with_them():
    small = ForestPlotDisplay(list("ab"), [.8, .7], [.7, .6], [.9, .8]).plot()
    large = ForestPlotDisplay([f"g{i}" for i in range(40)], np.full(40, .8),
                              np.full(40, .7), np.full(40, .9)).plot()
    assert [t.get_text() for t in small.ax_.get_yticklabels()] == ["a", "b"]
    assert small.ax_.get_yticks().tolist() == [1.0, 0.0]
    assert large.figure_.get_figheight() > 4 * small.figure_.get_figheight()


@pytest.mark.parametrize("kwargs, match", [
    ({"estimates": [.8], "lows": [.7, .6], "highs": [.9, .8]}, "estimates must have shape"),
    ({"counts": [1]}, "counts has 1 entries for 2 groups"),
    ({"estimates": [[.8, .7], [.7, .6]], "lows": [[.7, .6], [.6, .5]],
      "highs": [[.9, .8], [.8, .7]]}, "2 models need names"),
    ({"overall": [.1, .2]}, "overall has 2 values for 1 model"),
])
def test_bad_shapes_are_named(kwargs, match):
    args = {"estimates": [.8, .7], "lows": [.7, .6], "highs": [.9, .8], **kwargs}
    with pytest.raises(ValueError, match=match):
        ForestPlotDisplay(["a", "b"], args.pop("estimates"), args.pop("lows"),
                          args.pop("highs"), **args)


def test_from_evaluation_needs_groups():
    ev = evaluate([1, 0, 1, 0], {"m": [.9, .2, .7, .4]})
    with pytest.raises(ValueError, match="evaluate with groups="):
        ForestPlotDisplay.from_evaluation(ev)


def test_group_labels_are_drawn_as_written():
    d = ForestPlotDisplay(["$x$", "b_1"], [.8, .7], [.7, .6], [.9, .8], grouping="$g$").plot()
    labels = d.ax_.get_yticklabels()
    assert [t.get_text() for t in labels] == ["$x$", "b_1"]
    assert not any(t.get_parse_math() for t in labels)
    assert not any(t.get_parse_math() for t in d.texts_ if t.get_text() == "$g$")
