"""DetCurveDisplay and CumulativeGainDisplay: what they draw, asserted on their artists,
with scikit-learn (det_curve, DetCurveDisplay, a fitted LogisticRegression) and hand
computations as oracles."""

import subprocess
import sys

import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from scipy.special import ndtri

from evalplots.display import CumulativeGainDisplay, DetCurveDisplay
from evalplots.metrics import (
    KSResult,
    cumulative_gain_curve,
    det_curve,
    ks_statistic,
    lift_curve,
    roc_curve,
)


def _ax():
    return Figure(figsize=(4, 4)).add_subplot()


def _binary_data(n=200, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = (X[:, 0] + 0.8 * rng.normal(size=n) > 0.3).astype(int)
    return X, y


# ------------------------------------------------------------------------- DET
def test_det_stores_scikit_learns_points_and_draws_their_normal_deviates(blog16):
    skm = pytest.importorskip("sklearn.metrics")
    display = DetCurveDisplay.from_predictions(blog16.y_true, blog16.y_score, name="m")
    # the Display drops the inner points of horizontal runs, as scikit-learn's does
    fpr, fnr, _ = skm.det_curve(blog16.y_true, blog16.y_score, drop_intermediate=True)
    np.testing.assert_array_equal(display.fpr, fpr)
    np.testing.assert_array_equal(display.fnr, fnr)
    # FPR = 0 and FNR = 0 are kept in the stored arrays (nothing clipped) ...
    assert display.fpr[-1] == 0.0 and display.fnr[0] == 0.0
    # ... and drawn at the deviate -9, beyond the limits [-3, 3]
    xy = display.line_.get_xydata()
    expected = np.column_stack([ndtri(fpr), ndtri(fnr)])
    finite = np.isfinite(expected)
    np.testing.assert_allclose(xy[finite], expected[finite], rtol=1e-12)
    assert xy[~finite].tolist() == [-9.0, -9.0]
    assert display.line_.get_label() == "m"


def test_det_line_matches_scikit_learns_display_where_the_rates_are_inside(blog16):
    skm = pytest.importorskip("sklearn.metrics")
    ours = DetCurveDisplay.from_predictions(blog16.y_true, blog16.y_score, ax=_ax())
    theirs = skm.DetCurveDisplay.from_predictions(blog16.y_true, blog16.y_score,
                                                  ax=_ax())
    a, b = ours.line_.get_xydata(), theirs.line_.get_xydata()
    inside = np.abs(b) < 8  # scikit-learn clips 0 and 1 to eps: deviates -/+8.1
    np.testing.assert_allclose(a[inside], b[inside], rtol=1e-12)
    assert np.all(np.abs(a[~inside]) > np.abs(ours.ax_.get_xlim()[1]))
    # scikit-learn clips its stored rates; evalplots keeps them
    assert theirs.fpr.min() > 0 and ours.fpr.min() == 0


def test_det_axes_ticks_in_percent_and_square_limits():
    display = DetCurveDisplay([0.5, 0.1, 0.0], [0.02, 0.2, 1.0]).plot()
    ax = display.ax_
    rates = [0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99]
    np.testing.assert_allclose(ax.get_xticks(), ndtri(rates))
    np.testing.assert_allclose(ax.get_yticks(), ndtri(rates))
    labels = ["1%", "5%", "20%", "50%", "80%", "95%", "99%"]
    assert [t.get_text() for t in ax.get_xticklabels()] == labels
    assert [t.get_text() for t in ax.get_yticklabels()] == labels
    assert ax.get_xlim() == ax.get_ylim() == pytest.approx((-3.0, 3.0))
    assert ax.get_xlabel() == "False Positive Rate"
    assert ax.get_ylabel() == "False Negative Rate"


def test_det_ticks_thin_out_before_their_labels_collide_on_a_narrow_panel():
    """Rates down to 1e-5 (limits +-4.51): on a 3.5 in page of two panels in the
    paper style the seven ticks of the span rule would collide ('99.9%99.999%');
    walking out from 50%, only those whose labels clear the last kept one's by a
    quarter em stay. On a wide axes all seven stay."""
    from evalplots.display import style

    fpr, fnr = [0.5, 1e-5, 0.0], [0.01, 0.3, 1.0]
    with style.context("paper"):
        fig = Figure(figsize=(3.5, 1.9), layout="constrained")
        ax = fig.subplots(1, 2)[0]
        DetCurveDisplay(fpr, fnr).plot(ax=ax)
        fig.draw_without_rendering()
        renderer = fig._get_renderer()
        for labels in (ax.get_xticklabels(), ax.get_yticklabels()):
            boxes = [t.get_window_extent(renderer) for t in labels]
            assert not any(p.overlaps(q) for p, q in zip(boxes, boxes[1:]))
        assert [t.get_text() for t in ax.get_xticklabels()] == ["0.1%", "5%", "50%", "95%", "99.999%"]
        wide = DetCurveDisplay(fpr, fnr).plot(ax=Figure(figsize=(7, 7)).add_subplot())
        wide.figure_.draw_without_rendering()
        assert [t.get_text() for t in wide.ax_.get_xticklabels()] == [
            "0.001%", "0.1%", "5%", "50%", "95%", "99.9%", "99.999%"]


def test_det_limits_widen_to_show_every_finite_point_and_stay_wide_for_a_second_model():
    ax = _ax()
    wide = DetCurveDisplay([0.5, 1e-4, 0.0], [0.01, 0.3, 1.0]).plot(ax=ax)
    limit = -ndtri(1e-4) + 0.25
    assert ax.get_xlim() == ax.get_ylim() == pytest.approx((-limit, limit))
    assert "0.01%" in [t.get_text() for t in ax.get_xticklabels()]
    assert wide.line_.get_xydata()[-1].tolist() == [-9.0, 9.0]
    narrow = DetCurveDisplay([0.5, 0.1], [0.1, 0.3]).plot(ax=ax)
    assert ax.get_xlim() == pytest.approx((-limit, limit))
    assert narrow.chance_level_ is wide.chance_level_


def test_det_chance_level_is_fnr_equal_one_minus_fpr():
    display = DetCurveDisplay([0.5, 0.0], [0.5, 1.0]).plot()
    x, y = display.chance_level_.get_xydata().T
    np.testing.assert_array_equal(y, -x)  # Phi^-1(1 - p) = -Phi^-1(p)
    assert display.chance_level_.get_label() == "Chance level"
    legend = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert legend == ["Chance level"]
    none = DetCurveDisplay([0.5, 0.0], [0.5, 1.0]).plot(plot_chance_level=False)
    assert none.chance_level_ is None and none.ax_.get_legend() is None


def test_det_style_kwargs_and_positive_label_in_legend_title():
    labels = np.array(["ham", "spam", "ham", "spam"])
    display = DetCurveDisplay.from_predictions(
        labels, [0.1, 0.9, 0.4, 0.35], pos_label="spam", name="m", color="red",
        chance_level_kw={"ls": ":"},
    )
    assert to_rgba(display.line_.get_color()) == to_rgba("red")
    assert display.chance_level_.get_linestyle() == ":"
    assert display.ax_.get_xlabel() == "False Positive Rate"
    assert display.ax_.get_legend().get_title().get_text() == "Positive label: spam"


def test_det_refuses_bad_rates_and_a_single_class():
    with pytest.raises(ValueError, match=r"fnr values must lie in \[0, 1\]"):
        DetCurveDisplay([0.5, 0.1], [0.5, 1.5])
    with pytest.raises(ValueError, match="same length"):
        DetCurveDisplay([0.5, 0.1], [0.5])
    with pytest.raises(ValueError, match="only one class"):
        DetCurveDisplay.from_predictions([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="sets both 'c' and 'color'"):
        DetCurveDisplay([0.5, 0.1], [0.5, 0.6]).plot(c="r", color="b")


# ------------------------------------------------------------------ from_estimator
@pytest.mark.parametrize("display_cls", [DetCurveDisplay, CumulativeGainDisplay])
def test_from_estimator_uses_predict_proba_like_scikit_learn(display_cls):
    linear_model = pytest.importorskip("sklearn.linear_model")
    X, y = _binary_data()
    clf = linear_model.LogisticRegression().fit(X, y)
    display = display_cls.from_estimator(clf, X, y, ax=_ax())
    expected = display_cls.from_predictions(
        y, clf.predict_proba(X)[:, 1], name="LogisticRegression", ax=_ax()
    )
    np.testing.assert_array_equal(display.line_.get_xydata(),
                                  expected.line_.get_xydata())
    assert display.line_.get_label() == expected.line_.get_label()
    assert display.line_.get_label().startswith("LogisticRegression")


def test_from_estimator_decision_function_and_the_other_class_as_positive():
    skm = pytest.importorskip("sklearn.metrics")
    svm = pytest.importorskip("sklearn.svm")
    X, y = _binary_data()
    labels = np.where(y == 1, "yes", "no")
    clf = svm.LinearSVC().fit(X, labels)  # decision_function only
    display = DetCurveDisplay.from_estimator(clf, X, labels, pos_label="no",
                                             name="svm")
    theirs = skm.DetCurveDisplay.from_estimator(clf, X, labels, pos_label="no",
                                                ax=_ax())
    inside = np.abs(theirs.line_.get_xydata()) < 8
    np.testing.assert_allclose(display.line_.get_xydata()[inside],
                               theirs.line_.get_xydata()[inside], rtol=1e-12)
    assert display.ax_.get_xlabel() == "False Positive Rate"
    assert display.ax_.get_legend().get_title().get_text() == "Positive label: no"
    gain = CumulativeGainDisplay.from_estimator(clf, X, labels, pos_label="no",
                                                response_method="decision_function")
    q, g, _ = cumulative_gain_curve(labels, -clf.decision_function(X), pos_label="no")
    np.testing.assert_array_equal(gain.gain, g)
    np.testing.assert_array_equal(gain.queue_rate, q)


class _NoClasses:
    def predict_proba(self, X):
        return np.zeros((len(X), 2))


class _ThreeClasses(_NoClasses):
    classes_ = np.array([0, 1, 2])


class _TwoClasses(_NoClasses):
    classes_ = np.array([0, 1])


class _PredictOnly:
    classes_ = np.array([0, 1])

    def predict(self, X):
        return np.zeros(len(X))


@pytest.mark.parametrize(
    ("estimator", "kwargs", "match"),
    [
        (_NoClasses(), {}, "no classes_ attribute; fit it"),
        (_ThreeClasses(), {}, "this Display is binary"),
        (_PredictOnly(), {}, "no predict_proba or decision_function"),
        (_TwoClasses(), {"pos_label": 3}, r"pos_label=3 is not a value of"),
        (_PredictOnly(), {"response_method": "predict"}, "response_method must be"),
    ],
)
@pytest.mark.parametrize("display_cls", [DetCurveDisplay, CumulativeGainDisplay])
def test_from_estimator_refuses_what_is_not_a_fitted_binary_classifier(
    display_cls, estimator, kwargs, match
):
    with pytest.raises(ValueError, match=match):
        display_cls.from_estimator(estimator, [[0.0], [1.0]], [0, 1], **kwargs)


def test_display_modules_do_not_import_scikit_learn():
    code = ("import sys, evalplots.display.det_curve, evalplots.display.gain; "
            "print('sklearn' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------------- gain chart
def test_gain_chart_points_reference_curves_and_ks_by_hand(blog16):
    display = CumulativeGainDisplay.from_predictions(
        blog16.y_true, blog16.y_score, name="seed"
    )
    # 16 samples, 7 positives: targeted and found at each distinct score
    targeted = np.array([0, 1, 3, 5, 6, 8, 9, 10, 13, 15, 16])
    np.testing.assert_allclose(display.line_.get_xdata(), targeted / 16)
    np.testing.assert_allclose(display.line_.get_ydata(), blog16.tpr)
    np.testing.assert_allclose(display.fpr, blog16.fpr)
    assert display.prevalence == 7 / 16
    assert display.perfect_.get_xydata().tolist() == [[0, 0], [7 / 16, 1], [1, 1]]
    assert display.chance_level_.get_xydata().tolist() == [[0, 0], [1, 1]]
    # KS: 6/7 - 4/9 = 26/63 at 0.25, where 10 of 16 samples are targeted
    assert display.ks == ks_statistic(blog16.y_true, blog16.y_score)
    assert display.ks.threshold == 0.25
    np.testing.assert_allclose(display.ks_line_.get_xydata(),
                               [[10 / 16, 4 / 9], [10 / 16, 6 / 7]])
    assert display.line_.get_label() == "seed\nKS = 0.41 at 0.25"
    assert to_rgba(display.ks_line_.get_color()) == to_rgba(display.line_.get_color())
    legend = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert legend == ["seed\nKS = 0.41 at 0.25", "Chance level", "Perfect model"]
    assert display.ax_.get_xlim() == pytest.approx((-0.01, 1.01))
    assert display.ax_.get_ylabel() == "Fraction of positives found"
    assert display.ax_.get_legend().get_title().get_text() == "Positive label: 1"


def test_gain_chart_matches_the_metrics_with_weights_and_string_labels():
    rng = np.random.default_rng(4)
    y = np.where(rng.random(300) < 0.3, "churn", "stay")
    s = np.round(rng.normal(size=300) + (y == "churn"), 1)
    w = rng.integers(0, 4, 300).astype(float)
    display = CumulativeGainDisplay.from_predictions(y, s, pos_label="churn",
                                                     sample_weight=w)
    q, g, t = cumulative_gain_curve(y, s, pos_label="churn", sample_weight=w)
    fpr, _, _ = roc_curve(y, s, pos_label="churn", sample_weight=w,
                          drop_intermediate=False)
    for got, expected in [(display.queue_rate, q), (display.gain, g),
                          (display.thresholds, t), (display.fpr, fpr)]:
        np.testing.assert_array_equal(got, expected)
    assert display.prevalence == pytest.approx(w[y == "churn"].sum() / w.sum())
    assert display.ks == ks_statistic(y, s, pos_label="churn", sample_weight=w)


def test_lift_chart_points_and_reference_curves(blog16):
    display = CumulativeGainDisplay.from_predictions(
        blog16.y_true, blog16.y_score, name="seed", kind="lift"
    )
    q, lift, _ = lift_curve(blog16.y_true, blog16.y_score)
    np.testing.assert_array_equal(display.line_.get_xdata(), q)
    np.testing.assert_allclose(display.line_.get_ydata(), lift, rtol=1e-15)
    assert display.line_.get_label() == "seed"  # no KS on the lift chart
    assert display.ks_line_ is None
    assert display.chance_level_.get_xydata().tolist() == [[0, 1], [1, 1]]
    perfect = display.perfect_.get_xydata()
    assert perfect[0].tolist() == [0, 16 / 7] and perfect[1].tolist() == [7 / 16, 16 / 7]
    np.testing.assert_allclose(perfect[1:, 1], 1 / perfect[1:, 0])  # then 1 / q
    assert perfect[-1].tolist() == [1, 1]
    assert display.ax_.get_ylim() == pytest.approx((0, 1.05 * 16 / 7))
    assert display.ax_.get_ylabel() == "Lift"
    assert display.ax_.get_legend().get_title().get_text() == "Positive label: 1"


def test_two_models_share_reference_curves_and_list_models_first(blog16):
    ax = _ax()
    a = CumulativeGainDisplay.from_predictions(blog16.y_true, blog16.y_score,
                                               name="a", ax=ax)
    b = CumulativeGainDisplay.from_predictions(blog16.y_true, blog16.y_true,
                                               name="gain_$", ax=ax)
    assert a.perfect_ is b.perfect_ and a.chance_level_ is b.chance_level_
    # the labels as scores: the perfect model, KS = 1 at the top score
    assert b.ks == KSResult(1.0, 1.0)
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == [
        "a\nKS = 0.41 at 0.25", "gain_$\nKS = 1.00 at 1", "Chance level",
        "Perfect model"]
    assert not any(t.get_parse_math() for t in legend.get_texts())
    ax.figure.canvas.draw()  # a user name with '$' is never parsed as mathtext


def test_plot_options_switch_the_marks_off_and_style_them(blog16):
    display = CumulativeGainDisplay.from_predictions(
        blog16.y_true, blog16.y_score, plot_ks=False, plot_perfect=False,
        plot_chance_level=False, name="m",
    )
    assert display.ks_line_ is display.perfect_ is display.chance_level_ is None
    assert display.line_.get_label() == "m"
    styled = CumulativeGainDisplay.from_predictions(
        blog16.y_true, blog16.y_score, ks_kw={"color": "k", "ls": "--"},
        perfect_kw={"color": "g"},
    )
    assert to_rgba(styled.ks_line_.get_color()) == to_rgba("k")
    assert styled.ks_line_.get_linestyle() == "--"
    assert to_rgba(styled.perfect_.get_color()) == to_rgba("g")
    assert styled.line_.get_label() == "KS = 0.41 at 0.25"  # no name


def test_constructor_without_fpr_or_prevalence_draws_no_ks_and_no_perfect_model():
    display = CumulativeGainDisplay([0, 0.25, 0.75, 1], [0, 0.5, 1, 1]).plot()
    assert display.ks is None and display.ks_line_ is None
    assert display.perfect_ is None
    assert display.queue_rate.tolist() == [0, 0.25, 0.75, 1]


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        (([0.1, 1], [0, 1]), {}, "start at the origin"),
        (([0, 1], [0, 2]), {}, r"gain values must lie in \[0, 1\]"),
        (([0, 1], [0, 1]), {"fpr": [0, 0.5, 1]}, "same length"),
        (([0, 1], [0, 1]), {"thresholds": [0.1, 0.9]}, "decreasing"),
        (([0, 1], [0, 1]), {"thresholds": [1.0]}, "one value per point"),
        (([0, 1], [0, 1]), {"prevalence": 0.0}, r"prevalence must be .* \(0, 1\]"),
    ],
)
def test_gain_constructor_refuses_bad_arrays(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        CumulativeGainDisplay(*args, **kwargs)


def test_gain_refuses_a_bad_kind_and_a_single_class():
    display = CumulativeGainDisplay([0, 1], [0, 1])
    with pytest.raises(ValueError, match="kind must be one of 'gain', 'lift'"):
        display.plot(kind="roc")
    with pytest.raises(ValueError, match="only one class"):
        CumulativeGainDisplay.from_predictions([0, 0, 0], [0.1, 0.2, 0.3])


def test_det_from_predictions_equals_the_metric_without_drop_intermediate(blog16):
    display = DetCurveDisplay.from_predictions(blog16.y_true, blog16.y_score,
                                               drop_intermediate=False)
    fpr, fnr, _ = det_curve(blog16.y_true, blog16.y_score)
    np.testing.assert_array_equal(display.fpr, fpr)
    np.testing.assert_array_equal(display.fnr, fnr)
