"""MetricThresholdCurveDisplay and ScoreDistributionDisplay: values and artists.

Oracles: scikit-learn's scores of ``y_score >= t`` at thresholds between and on the
scores, numpy.histogram and scipy.stats.gaussian_kde per class, and a direct loop
over the same stratified resamples for the bootstrap band.
"""

import numpy as np
import pytest
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.patches import StepPatch
from numpy.testing import assert_allclose, assert_array_equal
from scipy.stats import gaussian_kde
from sklearn import metrics as skm

from evalplots.display import MetricThresholdCurveDisplay, ScoreDistributionDisplay
from evalplots.metrics import metrics_at_thresholds
from evalplots.metrics.inference._threshold_bands import threshold_metric_bands
from evalplots.metrics.ranking._thresholds import binary_scores

# fmt: off
SEED002_TRUE = [0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0]
SEED002_SCORE = [0.2, 0.28, 0.1, 0.6, 0.5, 0.3, 0.6, 0.8,
                 0.2, 0.25, 0.4, 0.2, 0.5, 0.3, 0.18, 0.18]
# fmt: on


def _ax():
    return Figure(figsize=(5, 4.5), layout="constrained").add_subplot()


def _legend(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


# ------------------------------------------------------------ metric vs threshold


def test_lines_are_the_table_as_step_functions():
    display = MetricThresholdCurveDisplay.from_predictions(
        SEED002_TRUE, SEED002_SCORE, metrics=("precision", "recall", "f1", "queue_rate"),
        ax=_ax(),
    )  # fmt: skip
    table = metrics_at_thresholds(SEED002_TRUE, SEED002_SCORE)
    assert_array_equal(display.thresholds, table.thresholds)
    assert list(display.line_) == ["precision", "recall", "f1", "queue_rate"]
    for metric, column in [("precision", table.precision), ("recall", table.recall),
                           ("f1", table.fbeta), ("queue_rate", table.queue_rate)]:  # fmt: skip
        line = display.line_[metric]
        assert line.get_drawstyle() == "steps-pre"
        assert_array_equal(line.get_xdata(), table.thresholds[::-1])
        assert_array_equal(line.get_ydata(), column[::-1])
    assert [line.get_label() for line in display.line_.values()] == [
        "Precision", "Recall", "F1", "Queue rate"]  # fmt: skip
    assert display.threshold_line_ is None
    assert display.optimal_line_ is None
    assert display.ci_band_ is None
    assert display.ax_.get_xlabel() == "Threshold (score of class 1)"


@pytest.mark.parametrize("t", [0.05, 0.1, 0.15, 0.18, 0.19, 0.26, 0.45, 0.6, 0.79, 0.8])
def test_values_at_any_threshold_match_sklearn(t):
    """The drawn step function at t equals the scores of y_pred = y_score >= t."""
    display = MetricThresholdCurveDisplay.from_predictions(
        SEED002_TRUE, SEED002_SCORE, metrics=("precision", "recall", "f1", "accuracy",
                                              "specificity", "fpr"), ax=_ax())  # fmt: skip
    y_pred = np.asarray(SEED002_SCORE) >= t
    at = display.values_at(t)
    assert at["precision"] == pytest.approx(skm.precision_score(SEED002_TRUE, y_pred))
    assert at["recall"] == pytest.approx(skm.recall_score(SEED002_TRUE, y_pred))
    assert at["f1"] == pytest.approx(skm.f1_score(SEED002_TRUE, y_pred))
    assert at["accuracy"] == pytest.approx(skm.accuracy_score(SEED002_TRUE, y_pred))
    tn, fp, fn, tp = skm.confusion_matrix(SEED002_TRUE, y_pred).ravel()
    assert at["specificity"] == pytest.approx(tn / (tn + fp))
    assert at["fpr"] == pytest.approx(fp / (tn + fp))


def test_values_above_every_score_are_empty():
    display = MetricThresholdCurveDisplay([0.8, 0.4], {"recall": [0.5, 1.0]})
    assert display.values_at(0.81) == {}
    with pytest.raises(ValueError, match="threshold must be a finite number"):
        display.values_at(np.nan)


def test_chosen_and_optimal_threshold_lines():
    """Seed 002 by hand: F1 = 2TP/(P + TP + FP) is 12/17 at 0.25 (TP 6, FP 4, P 7),
    J = 6/7 - 4/9 = 0.413 there too; at t = 0.5: TP 3, FP 2, so P = 0.6, R = 3/7."""
    ax = _ax()
    display = MetricThresholdCurveDisplay.from_predictions(
        SEED002_TRUE, SEED002_SCORE, threshold=0.5, plot_optimal=["f1", "youden", "cost"],
        cost_fp=2.0, name="seed", ax=ax,
    )  # fmt: skip
    assert display.threshold_line_.get_xdata()[0] == 0.5
    assert display.threshold_line_.get_label() == "threshold t = 0.5"
    assert [line.get_label() for line in display.line_.values()] == [
        "Precision (0.60 at t = 0.5)", "Recall (0.43 at t = 0.5)",
        "F1 (0.50 at t = 0.5)"]  # fmt: skip
    assert set(display.optimal_line_) == {"f1", "youden", "cost"}
    assert display.optimal["f1"].value == pytest.approx(12 / 17)
    assert display.optimal_line_["f1"].get_label() == "max F1 = 0.71 at t = 0.25"
    assert display.optimal_line_["youden"].get_label() == "max J = 0.41 at t = 0.25"
    # 2 FP + FN: 6 at 0.8 (0 FP, 6 FN)
    assert display.optimal_line_["cost"].get_label() == "min cost = 6 at t = 0.8"
    assert display.optimal_line_["cost"].get_xdata()[0] == 0.8
    assert ax.get_legend().get_title().get_text() == "seed"
    assert len(_legend(ax)) == 3 + 1 + 3  # one entry per line


def test_optimal_cost_of_flagging_nothing_is_a_legend_entry():
    # a negative on top, false positives cost 5: flagging nothing costs 2 FN
    display = MetricThresholdCurveDisplay.from_predictions(
        [0, 1, 1, 0], [0.9, 0.5, 0.4, 0.1], plot_optimal="cost", cost_fp=5.0, ax=_ax()
    )
    line = display.optimal_line_["cost"]
    assert display.optimal["cost"].threshold == np.inf
    assert line.get_label() == "min cost = 2: flag no sample"
    assert line.get_xdata().size == 0
    assert "min cost = 2: flag no sample" in _legend(display.ax_)


def test_fbeta_is_named_by_beta_and_from_counts():
    display = MetricThresholdCurveDisplay.from_predictions(
        SEED002_TRUE, SEED002_SCORE, metrics=["f1", "fbeta"], beta=2.0,
        plot_optimal="fbeta", ax=_ax(),
    )  # fmt: skip
    thresholds = display.thresholds
    f2 = [skm.fbeta_score(SEED002_TRUE, np.asarray(SEED002_SCORE) >= t, beta=2)
          for t in thresholds]  # fmt: skip
    f1 = [skm.f1_score(SEED002_TRUE, np.asarray(SEED002_SCORE) >= t) for t in thresholds]
    assert_allclose(display.values["fbeta"], f2)
    assert_allclose(display.values["f1"], f1)
    assert display.line_["fbeta"].get_label() == "F2"
    best = int(np.argmax(f2))
    assert display.optimal_line_["fbeta"].get_label() == (
        f"max F2 = {f2[best]:.2f} at t = {thresholds[best]:.2f}")


def test_weighted_and_string_labels():
    y_true = np.array(["ham", "spam", "spam", "ham", "spam", "ham", "ham"])
    y_score = [0.1, 0.9, 0.4, 0.4, 0.7, 0.2, 0.8]
    weight = [1, 2, 1, 3, 1, 1, 0.5]
    display = MetricThresholdCurveDisplay.from_predictions(
        y_true, y_score, pos_label="spam", sample_weight=weight, metrics=["precision"],
        ax=_ax(),
    )  # fmt: skip
    expected = [skm.precision_score(y_true, np.where(np.asarray(y_score) >= t, "spam",
                                    "ham"), pos_label="spam", sample_weight=weight)
                for t in display.thresholds]  # fmt: skip
    assert_allclose(display.values["precision"], expected)
    assert display.ax_.get_xlabel() == "Threshold (score of class spam)"


def test_ci_band_is_drawn_and_brackets_the_estimate():
    rng = np.random.default_rng(1)
    y_true = rng.integers(0, 2, 400)
    y_score = rng.normal(y_true, 1.0)
    ax = _ax()
    display = MetricThresholdCurveDisplay.from_predictions(
        y_true, y_score, plot_ci=True, n_resamples=300, random_state=0, ci_points=21,
        name="m", ax=ax,
    )  # fmt: skip
    assert display.ci_thresholds.shape == (21,)
    assert display.ci_thresholds[0] == y_score.min()
    assert display.ci_thresholds[-1] == y_score.max()
    assert set(display.ci_band_) == {"precision", "recall", "f1"}
    for metric, band in display.ci_band_.items():
        assert isinstance(band, PolyCollection)
        assert tuple(band.get_facecolor()[0][:3]) == pytest.approx(
            to_rgb(display.line_[metric].get_color()))
        low, high = display.ci[metric]
        assert (low <= high).all()
        # the estimate at the grid's interior points lies inside the band
        estimate = [display.values_at(t)[metric] for t in display.ci_thresholds[1:-1]]
        assert ((low[1:-1] <= np.add(estimate, 1e-12))
                & (np.subtract(estimate, 1e-12) <= high[1:-1])).mean() >= 0.9
    assert ax.get_legend().get_title().get_text() == "m (shaded: 95% bootstrap CI)"
    # recall at the lowest score is 1 in every resample
    assert display.ci["recall"][0][0] == display.ci["recall"][1][0] == 1.0
    # a seed makes it reproducible
    again = MetricThresholdCurveDisplay.from_predictions(
        y_true, y_score, plot_ci=True, n_resamples=300, random_state=0, ci_points=21,
        ax=_ax())  # fmt: skip
    assert_array_equal(again.ci["f1"][0], display.ci["f1"][0])


def test_weighted_band_equals_a_direct_loop_over_the_same_resamples():
    """The weighted path draws positives then negatives with rng.integers; redo it
    with scikit-learn's precision/recall of every resample at every grid point."""
    rng = np.random.default_rng(5)
    y_true = rng.integers(0, 2, 60)
    y_score = np.round(rng.normal(y_true, 1.0), 1)
    weight = rng.uniform(0.5, 2.0, 60)
    grid = np.linspace(y_score.min(), y_score.max(), 9)
    n_res = 50
    bands = threshold_metric_bands(
        binary_scores(y_true, y_score, sample_weight=weight), grid,
        ["precision", "recall", "f1"], n_resamples=n_res, confidence_level=0.9,
        random_state=11,
    )  # fmt: skip
    pos, neg = np.flatnonzero(y_true == 1), np.flatnonzero(y_true == 0)
    draw = np.random.default_rng(11)
    pos_draws = draw.integers(0, pos.size, size=(n_res, pos.size))
    neg_draws = draw.integers(0, neg.size, size=(n_res, neg.size))
    values = {"precision": [], "recall": [], "f1": []}
    for dp, dn in zip(pos_draws, neg_draws):
        idx = np.concatenate((pos[dp], neg[dn]))
        yt, ys, w = y_true[idx], y_score[idx], weight[idx]
        rows = {k: [] for k in values}
        for t in grid:
            yp = ys >= t
            kw = {"sample_weight": w, "zero_division": np.nan}
            rows["precision"].append(skm.precision_score(yt, yp, **kw))
            rows["recall"].append(skm.recall_score(yt, yp, **kw))
            rows["f1"].append(skm.f1_score(yt, yp, **kw))
        for k in values:
            values[k].append(rows[k])
    for k, v in values.items():
        v = np.array(v, dtype=float)
        if k == "f1":  # sklearn's F1 is 0 where ours is 0 too; no NaN expected
            assert not np.isnan(v).any()
        low, high = np.nanquantile(v, [0.05, 0.95], axis=0)
        assert_allclose(bands[k][0], low, rtol=1e-12, err_msg=k)
        assert_allclose(bands[k][1], high, rtol=1e-12, err_msg=k)


def test_unweighted_band_agrees_with_unit_weights():
    """Multinomial cell counts (unweighted) and sample draws (weighted) are the same
    stratified bootstrap: with unit weights the bands agree up to Monte Carlo error."""
    rng = np.random.default_rng(2)
    y_true = rng.integers(0, 2, 300)
    y_score = rng.normal(y_true, 1.0)
    grid = np.linspace(-1, 2, 7)
    names = ["precision", "recall", "queue_rate"]
    a = threshold_metric_bands(binary_scores(y_true, y_score), grid, names,
                               n_resamples=4000, random_state=0)  # fmt: skip
    b = threshold_metric_bands(binary_scores(y_true, y_score, sample_weight=np.ones(300)),
                               grid, names, n_resamples=4000, random_state=1)  # fmt: skip
    for k in names:
        assert_allclose(a[k][0], b[k][0], atol=0.015, err_msg=k)
        assert_allclose(a[k][1], b[k][1], atol=0.015, err_msg=k)
    for n_resamples in (0, 1, True):  # one resample gives no spread: the rule of every bootstrap
        with pytest.raises(ValueError, match=r"n_resamples must be an integer >= 2"):
            threshold_metric_bands(binary_scores(y_true, y_score), grid, names,
                                   n_resamples=n_resamples)


class _Stub:
    """A fitted binary classifier, duck-typed."""

    def __init__(self, classes, proba=True):
        self.classes_ = classes
        if not proba:
            self.predict_proba = None

    def predict_proba(self, X):
        p = np.asarray(X, dtype=float)[:, 0]
        return np.column_stack((1 - p, p))

    def decision_function(self, X):
        return np.asarray(X, dtype=float)[:, 0] - 0.5


def test_from_estimator_with_sklearn_and_decision_function():
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(0)
    X = rng.normal(size=(80, 2))
    y = np.where(X[:, 0] + rng.normal(0, 0.5, 80) > 0, "yes", "no")
    model = LogisticRegression().fit(X, y)
    display = MetricThresholdCurveDisplay.from_estimator(model, X, y, pos_label="yes",
                                                         ax=_ax())  # fmt: skip
    expected = metrics_at_thresholds(y, model.predict_proba(X)[:, 1], pos_label="yes")
    assert_array_equal(display.thresholds, expected.thresholds)
    assert_allclose(display.values["recall"], expected.recall)
    assert display.ax_.get_legend().get_title().get_text() == "LogisticRegression"
    # decision_function, positive class = classes_[0]: the score is negated
    display = MetricThresholdCurveDisplay.from_estimator(
        model, X, y, response_method="decision_function", pos_label="no", ax=_ax())
    expected = metrics_at_thresholds(y, -model.decision_function(X), pos_label="no")
    assert_allclose(display.values["precision"], expected.precision)


def test_from_estimator_errors():
    X = [[0.1], [0.7], [0.4]]
    with pytest.raises(ValueError, match="object has no decision_function method"):
        MetricThresholdCurveDisplay.from_estimator(object(), X, [0, 1, 1],
                                                   response_method="decision_function")
    stub = _Stub([0, 1])
    del stub.classes_
    with pytest.raises(ValueError, match="fit it before"):
        MetricThresholdCurveDisplay.from_estimator(stub, X, [0, 1, 1])
    with pytest.raises(ValueError, match="3 classes"):
        MetricThresholdCurveDisplay.from_estimator(_Stub([0, 1, 2]), X, [0, 1, 1])
    with pytest.raises(ValueError, match="response_method must be one of"):
        MetricThresholdCurveDisplay.from_estimator(_Stub([0, 1]), X, [0, 1, 1],
                                                   response_method="predict")
    with pytest.raises(ValueError, match="positive class is ambiguous"):
        MetricThresholdCurveDisplay.from_estimator(_Stub(["a", "b"]), X, ["a", "b", "b"])
    # no predict_proba: 'auto' falls back to the decision function
    display = MetricThresholdCurveDisplay.from_estimator(_Stub([0, 1], proba=False), X,
                                                         [0, 1, 1], ax=_ax())
    assert_allclose(display.thresholds, [0.2, -0.1, -0.4])


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"metrics": ["auc"]}, "metrics must be a non-empty sequence"),
        ({"metrics": []}, "metrics must be a non-empty sequence"),
        ({"plot_optimal": "gmean"}, "plot_optimal must be None"),
        ({"beta": -1}, "beta must be a number >= 0"),
        ({"plot_ci": True, "ci_points": 1}, "ci_points must be an integer >= 2"),
        ({"plot_ci": True, "confidence_level": 95}, "confidence_level must be"),
        ({"curve_kwargs": {"f1": "red"}}, "curve_kwargs must be a dict"),
        ({"threshold_kw": {"c": "r", "color": "b"}, "threshold": 0.5}, "aliases"),
    ],
)
def test_from_predictions_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        MetricThresholdCurveDisplay.from_predictions(SEED002_TRUE, SEED002_SCORE,
                                                     ax=_ax(), **kwargs)  # fmt: skip


def test_one_class_and_bad_stored_values():
    with pytest.raises(ValueError, match="only one class"):
        MetricThresholdCurveDisplay.from_predictions([1, 1], [0.2, 0.4], ax=_ax())
    with pytest.raises(ValueError, match="rates in \\[0, 1\\]"):
        MetricThresholdCurveDisplay([0.5, 0.2], {"precision": [1.0, 2.0]})
    with pytest.raises(ValueError, match="has shape"):
        MetricThresholdCurveDisplay([0.5, 0.2], {"precision": [1.0]})
    with pytest.raises(ValueError, match="values must be a non-empty"):
        MetricThresholdCurveDisplay([0.5, 0.2], {"auc": [1.0, 0.5]})
    with pytest.raises(ValueError, match="ci needs ci_thresholds"):
        MetricThresholdCurveDisplay([0.5, 0.2], {"recall": [0.5, 1]},
                                    ci={"recall": ([0, 0], [1, 1])})
    display = MetricThresholdCurveDisplay([0.5, 0.2], {"recall": [0.5, 1]})
    with pytest.raises(ValueError, match="not stored in this Display"):
        display.plot(ax=_ax(), metrics=["precision"])


def test_user_names_are_literal():
    ax = _ax()
    MetricThresholdCurveDisplay.from_predictions(SEED002_TRUE, SEED002_SCORE,
                                                 name="gain_$", ax=ax)  # fmt: skip
    ax.figure.canvas.draw()  # no mathtext ParseException
    assert ax.get_legend().get_title().get_text() == "gain_$"
    assert not ax.get_legend().get_title().get_parse_math()


def test_threshold_legend_below_fits_a_plain_figure():
    from evalplots.display import MetricThresholdCurveDisplay

    fig = Figure()  # matplotlib's default size, no layout engine
    d = MetricThresholdCurveDisplay.from_predictions(
        [0, 1, 0, 1, 1, 0], [.1, .8, .4, .6, .9, .3], threshold=0.5, plot_optimal="f1",
        ax=fig.add_subplot())
    fig.draw_without_rendering()  # runs the layout, as savefig does
    legend = d.ax_.get_legend().get_window_extent()
    assert fig.bbox.contains(legend.x0, legend.y0) and legend.y0 >= 0
    assert fig.get_layout_engine() is not None


def test_degenerate_det_and_threshold_curves_warn():
    from evalplots.display import DetCurveDisplay, MetricThresholdCurveDisplay
    from evalplots.exceptions import EmptyFigureWarning

    with pytest.warns(EmptyFigureWarning, match="no point with both error rates"):
        DetCurveDisplay.from_predictions([0, 0, 1, 1], [.1, .2, .8, .9], name="perfect",
                                         ax=Figure().add_subplot())
    with pytest.warns(EmptyFigureWarning, match="single value"):
        d = MetricThresholdCurveDisplay.from_predictions(
            [0, 1, 0, 1], [.5, .5, .5, .5], ax=Figure().add_subplot())
    assert d.line_["precision"].get_marker() == "o"  # drawn as a point
    assert d.line_["precision"].get_ydata().tolist() == [0.5]


# ------------------------------------------------------------ score distribution


def test_histograms_share_bins_and_match_numpy():
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 2, 200)
    y_score = rng.beta(2 + 3 * y_true, 5 - 3 * y_true)
    weight = rng.uniform(0.5, 2, 200)
    ax = _ax()
    display = ScoreDistributionDisplay.from_predictions(
        y_true, y_score, bins=12, stat="count", sample_weight=weight, threshold=0.5,
        ax=ax,
    )  # fmt: skip
    edges = np.histogram_bin_edges(y_score, 12)
    assert_allclose(display.x, edges)
    for i, c in enumerate([0, 1]):
        m = y_true == c
        counts = np.histogram(y_score[m], edges, weights=weight[m])[0]
        assert_allclose(display.values[i], counts)
        assert isinstance(display.artist_[i], StepPatch)
        assert_allclose(display.artist_[i].get_data().values, counts)
        assert_allclose(display.artist_[i].get_data().edges, edges)
    assert display.values.sum() == pytest.approx(weight.sum())
    assert display.threshold_line_.get_xdata()[0] == 0.5
    assert _legend(ax) == ["0", "1", "threshold = 0.5"]
    assert ax.get_ylabel() == "Count" and ax.get_xlabel() == "Score"
    assert display.fill_ is None


def test_density_integrates_to_one_per_class():
    y_true = [0, 0, 0, 0, 1, 1]
    y_score = [0.1, 0.2, 0.2, 0.6, 0.8, 0.9]
    display = ScoreDistributionDisplay.from_predictions(y_true, y_score, bins=4, ax=_ax())
    # edges 0.1, 0.3, 0.5, 0.7, 0.9 (width 0.2); class 0: 3, 0, 1, 0 of 4
    assert_allclose(display.x, [0.1, 0.3, 0.5, 0.7, 0.9])
    assert_allclose(display.values[0], [3 / 4 / 0.2, 0, 1 / 4 / 0.2, 0])
    assert_allclose(display.values[1], [0, 0, 0, 1.0 / 0.2])
    assert_allclose((display.values * np.diff(display.x)).sum(axis=1), [1, 1])
    assert display.ax_.get_ylabel() == "Density"


def test_kde_matches_scipy_and_fills():
    rng = np.random.default_rng(4)
    y_true = rng.integers(0, 3, 150)  # three classes: one density each
    y_score = rng.normal(y_true, 0.7)
    display = ScoreDistributionDisplay.from_predictions(
        y_true, y_score, kind="kde", kde_points=64, bandwidth=0.3, ax=_ax()
    )
    x = np.linspace(y_score.min(), y_score.max(), 64)
    assert_allclose(display.x, x)
    for c in range(3):
        expected = gaussian_kde(y_score[y_true == c], bw_method=0.3)(x)
        assert_allclose(display.values[c], expected)
        assert_array_equal(display.artist_[c].get_ydata(), expected)
    assert len(display.fill_) == 3
    display = ScoreDistributionDisplay.from_predictions(y_true, y_score, kind="kde",
                                                        alpha=0, ax=_ax())  # fmt: skip
    assert display.fill_ is None


def test_stepfilled_and_literal_class_names():
    ax = _ax()
    display = ScoreDistributionDisplay.from_predictions(
        ["US$ 10-20", "<$5", "<$5", "US$ 10-20"], [0.2, 0.4, 0.5, 0.9], bins=2,
        histtype="stepfilled", alpha=0.5, name="gain_$", ax=ax,
    )  # fmt: skip
    ax.figure.canvas.draw()  # no mathtext ParseException
    assert display.display_labels == ["<$5", "US$ 10-20"]
    assert _legend(ax) == ["<$5", "US$ 10-20"]
    assert all(a.get_fill() and a.get_alpha() == 0.5 for a in display.artist_)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"kind": "violin"}, "kind must be one of"),
        ({"stat": "percent"}, "stat must be one of"),
        ({"kind": "kde", "stat": "count"}, "stat='count' needs kind='hist'"),
        ({"bins": -3}, "bins must be a positive integer"),
        ({"kind": "kde", "kde_points": 1}, "kde_points must be an integer >= 2"),
        ({"histtype": "bar"}, "histtype must be one of"),
        ({"alpha": 2}, "alpha must be a number in"),
        ({"threshold": "0.5"}, "threshold must be a finite number"),
        ({"curve_kwargs": [{}]}, "curve_kwargs must be a list of 2"),
    ],
)
def test_score_distribution_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        ScoreDistributionDisplay.from_predictions([0, 1, 0, 1], [0.1, 0.6, 0.3, 0.9],
                                                  ax=_ax(), **kwargs)  # fmt: skip


def test_kde_of_a_constant_class_is_refused():
    with pytest.raises(ValueError, match="class 1 has fewer than two distinct scores"):
        ScoreDistributionDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.3, 0.8, 0.8],
                                                  kind="kde", ax=_ax())  # fmt: skip


def test_score_distribution_from_estimator():
    display = ScoreDistributionDisplay.from_estimator(
        _Stub(["neg", "pos"]), [[0.1], [0.7], [0.4], [0.9]], ["neg", "pos", "neg", "pos"],
        pos_label="neg", bins=[0, 0.5, 1], stat="count", ax=_ax(),
    )  # fmt: skip
    # the score shown is P(neg) = 1 - x: 0.9, 0.3, 0.6, 0.1
    assert_allclose(display.values, [[0, 2], [2, 0]])
    assert display.ax_.get_legend().get_title().get_text() == "_Stub"


def test_plot_optimal_true_marks_max_f1_and_a_bad_value_is_a_value_error():
    y, s = [0, 1, 0, 1, 1, 0, 1, 0], [0.1, 0.8, 0.3, 0.6, 0.4, 0.5, 0.9, 0.2]
    display = MetricThresholdCurveDisplay.from_predictions(
        y, s, plot_optimal=True, ax=Figure().subplots())
    # F1 by hand: t = 0.4 flags 0.9, 0.8, 0.6, 0.5, 0.4 -> TP 4, FP 1, F1 = 8/9
    assert list(display.optimal) == ["f1"]
    assert display.optimal["f1"].threshold == 0.4
    assert display.optimal["f1"].value == pytest.approx(8 / 9)
    with pytest.raises(ValueError, match="plot_optimal must be None, True"):
        MetricThresholdCurveDisplay.from_predictions(y, s, plot_optimal=3)
