"""Operating points of the ROC and P-R Displays: the point at a chosen threshold
(the confusion matrix there) and the stored optima (Youden's J, max F1) against
scikit-learn and metrics.optimal_threshold, their ties, options and texts.
"""

import numpy as np
import pytest
import sklearn.metrics as skm
from matplotlib.figure import Figure

import evalplots.metrics as em
from evalplots.display import PrecisionRecallDisplay, RocCurveDisplay

from tests.support import S6, Y6, _ax, _random


@pytest.mark.parametrize("threshold", [0.24, 0.5, 0.53, 0.55, 0.57, 0.88])
def test_threshold_point_is_the_confusion_matrix_at_that_threshold(threshold):
    y, s = np.array(Y6), np.array(S6)
    (tn, fp), (fn, tp) = skm.confusion_matrix(y, s >= threshold)  # the oracle
    roc = RocCurveDisplay.from_predictions(y, s, threshold=threshold, ax=_ax())
    np.testing.assert_allclose(roc.threshold_point_.get_xydata(),
                               [[fp / (fp + tn), tp / (tp + fn)]])
    assert roc.threshold_annotation_.get_text() == f"t = {threshold:.3g}"
    assert roc.threshold_point_.get_label() == "_nolegend_"
    pr = PrecisionRecallDisplay.from_predictions(y, s, threshold=threshold, ax=_ax())
    np.testing.assert_allclose(pr.threshold_point_.get_xydata(),
                               [[tp / (tp + fn), tp / (tp + fp)]])


def test_plot_marks_the_stored_optimum_and_finds_none_itself():
    # plot() computes no number: a stored optimum (here a made-up one) is what is
    # marked, and from_predictions stores the optimum of metrics.optimal_threshold
    y, s = _random(3)
    fpr, tpr, thresholds = em.roc_curve(y, s)
    made_up = em.OptimalThreshold(threshold=0.42, criterion="youden", value=0.25,
                                  tpr=0.5, fpr=0.25, precision=0.6)
    display = RocCurveDisplay(fpr, tpr, thresholds=thresholds, optimal=made_up)
    display.plot(ax=_ax(), plot_optimal=True)
    assert display.optimal_point_.get_xydata().tolist() == [[0.25, 0.5]]
    assert display.optimal_annotation_.get_text() == "max J = 0.25 at t = 0.42"
    for cls, criterion, point in ((RocCurveDisplay, "youden", ("fpr", "tpr")),
                                  (PrecisionRecallDisplay, "f1", ("tpr", "precision"))):
        best = em.optimal_threshold(y, s, criterion=criterion)
        display = cls.from_predictions(y, s, ax=_ax(), plot_optimal=True)
        assert display.optimal == best
        assert display.optimal_point_.get_xydata().tolist() == [
            [getattr(best, point[0]), getattr(best, point[1])]]


def test_threshold_keeps_every_point_even_with_drop_intermediate():
    # 0.53 lies inside a collinear run that roc_curve(drop_intermediate=True) drops
    y, s = [0, 0, 0, 1], [0.9, 0.53, 0.5, 0.1]
    display = RocCurveDisplay.from_predictions(y, s, threshold=0.53, ax=_ax())
    np.testing.assert_allclose(display.threshold_point_.get_xydata(), [[2 / 3, 0]])
    assert display.thresholds.size == display.fpr.size == 5


def test_threshold_above_every_score():
    roc = RocCurveDisplay.from_predictions(Y6, S6, threshold=0.95, ax=_ax())
    np.testing.assert_allclose(roc.threshold_point_.get_xydata(), [[0, 0]])
    with pytest.raises(ValueError, match="no sample is predicted positive"):
        PrecisionRecallDisplay.from_predictions(Y6, S6, threshold=0.95, ax=_ax())


@pytest.mark.parametrize(
    "display, kwargs, match",
    [
        (RocCurveDisplay([0, 1], [0, 1]), {"threshold": 0.5}, "needs the curve's thresholds"),
        (RocCurveDisplay([0, 0, 1], [0, 1, 1], thresholds=[np.inf, 1, 0]),
         {"threshold": np.nan}, "finite number"),
        (RocCurveDisplay([0, 1], [0, 1]), {"plot_optimal": "f1"}, "False, True or 'youden'"),
        (PrecisionRecallDisplay([0.5, 1], [1, 0]), {"plot_optimal": "youden"},
         "False, True or 'f1'"),
        (RocCurveDisplay([[0, 1], [0, 1]], [[0, 1], [0, 1]]), {"plot_optimal": "youden"},
         "several curves"),
        (RocCurveDisplay([0, 1], [0, 1]), {"plot_mean_std": True}, "holds one curve"),
        # the band of several curves is stored, never computed by plot()
        (RocCurveDisplay([[0, 1], [0, 1]], [[0, 1], [0, 1]]), {"plot_mean_std": True},
         "has none; build it with from_cv_results"),
        (PrecisionRecallDisplay([[0.5, 1], [0.5, 1]], [[1, 0], [1, 0]]),
         {"plot_mean_std": True}, "has none; build it with from_cv_results"),
    ],
)
def test_point_options_are_checked(display, kwargs, match):
    with pytest.raises(ValueError, match=match):
        display.plot(ax=_ax(), **kwargs)


def test_thresholds_must_match_the_curve():
    with pytest.raises(ValueError, match="thresholds must be a 1-D array of 3"):
        RocCurveDisplay([0, 0.5, 1], [0, 1, 1], thresholds=[1, 0]).plot(ax=_ax())
    with pytest.raises(ValueError, match="thresholds must be a 1-D array of 2"):
        PrecisionRecallDisplay([0.5, 1, 1], [1, 0.5, 0],
                               thresholds=[0.1, 0.2, 0.3]).plot(ax=_ax())


def test_youden_point_against_scikit_learn_and_ties_to_the_highest_threshold():
    for seed in range(3):
        y, s = _random(seed)
        fpr, tpr, thr = skm.roc_curve(y, s, drop_intermediate=False)
        k = np.argmax(tpr - fpr)
        display = RocCurveDisplay.from_predictions(y, s, plot_optimal="youden", ax=_ax())
        np.testing.assert_allclose(display.optimal_point_.get_xydata(), [[fpr[k], tpr[k]]])
        assert display.optimal_annotation_.get_text() == (
            f"max J = {tpr[k] - fpr[k]:.2f} at t = {thr[k]:.3g}"
        )
    # J = 1/2 at t = 0.9 (FPR 0, TPR 1/2) and at t = 0.7 (FPR 1/2, TPR 1): 0.9 wins
    display = RocCurveDisplay.from_predictions(
        [1, 0, 1, 0], [0.9, 0.8, 0.7, 0.6], plot_optimal="youden", ax=_ax()
    )
    np.testing.assert_allclose(display.optimal_point_.get_xydata(), [[0, 0.5]])
    assert display.optimal_annotation_.get_text() == "max J = 0.50 at t = 0.9"


def test_f1_point_against_scikit_learn_and_ties_to_the_highest_threshold():
    for seed in range(3):
        y, s = _random(seed)
        thresholds = np.unique(s)
        f1 = [skm.f1_score(y, s >= t) for t in thresholds]
        best = thresholds[len(f1) - 1 - np.argmax(f1[::-1])]
        pred = s >= best
        display = PrecisionRecallDisplay.from_predictions(y, s, plot_optimal="f1",
                                                          ax=_ax())
        np.testing.assert_allclose(
            display.optimal_point_.get_xydata(),
            [[skm.recall_score(y, pred), skm.precision_score(y, pred)]],
        )
        assert display.optimal_annotation_.get_text() == (
            f"max F1 = {max(f1):.2f} at t = {best + 0.0:.3g}"  # + 0.0: -0.0 is 0
        )
    # F1 = 2/3 at t = 0.9 (P 1, R 1/2) and at t = 0.6 (P 1/2, R 1): 0.9 wins
    display = PrecisionRecallDisplay.from_predictions(
        [1, 0, 0, 1], [0.9, 0.8, 0.7, 0.6], plot_optimal="f1", ax=_ax()
    )
    np.testing.assert_allclose(display.optimal_point_.get_xydata(), [[0.5, 1]])


@pytest.mark.parametrize("n", [8, 2048])  # the two validation paths (few, one pass)
@pytest.mark.parametrize("first", [-0.0, 0.0])
def test_a_tie_of_minus_and_plus_zero_is_the_threshold_zero_whichever_comes_first(n, first):
    # -0.0 and 0.0 are one score; which of the two a sort puts first depends on the
    # CPU's sort kernel, so both orders are built here and must give the same results
    other = 0.0 if first == -0.0 else -0.0
    y = np.tile([1, 1, 0, 0], n // 4)
    s = np.tile([0.9, first, other, -0.5], n // 4)
    for thresholds in (em.roc_curve(y, s, drop_intermediate=False)[2],
                       em.precision_recall_curve(y, s)[2],
                       em.ScoreCounts.from_arrays(y, s).score):
        assert 0.0 in thresholds and not np.signbit(thresholds[thresholds == 0]).any()
    display = PrecisionRecallDisplay.from_predictions(y, s, plot_optimal="f1", ax=_ax())
    # F1 at t = 0: P = 2/3, R = 1 -> 0.8; at t = 0.9: P = 1, R = 1/2 -> 2/3
    assert display.optimal_annotation_.get_text() == "max F1 = 0.80 at t = 0"


def test_plot_optimal_without_a_stored_optimum_is_a_value_error():
    display = RocCurveDisplay([0, 0, 0.5, 1], [0, 0.5, 1, 1])
    with pytest.raises(ValueError, match="plot_optimal= needs the stored optimum; "
                                         "pass optimal="):
        display.plot(ax=_ax(), plot_optimal="youden")


@pytest.mark.parametrize("seed", range(4))
def test_optimal_points_agree_with_metrics_optimal_threshold(seed):
    y, s = _random(seed, n=60)
    roc = RocCurveDisplay.from_predictions(y, s, plot_optimal="youden", ax=_ax())
    best = em.optimal_threshold(y, s, criterion="youden")
    np.testing.assert_allclose(roc.optimal_point_.get_xydata(), [[best.fpr, best.tpr]])
    assert roc.optimal_annotation_.get_text().endswith(f"t = {best.threshold:.3g}")
    pr = PrecisionRecallDisplay.from_predictions(y, s, plot_optimal="f1", ax=_ax())
    best = em.optimal_threshold(y, s, criterion="f1")
    np.testing.assert_allclose(pr.optimal_point_.get_xydata(),
                               [[best.recall, best.precision]])


@pytest.mark.parametrize(
    ("display_cls", "criterion"), [(RocCurveDisplay, "youden"), (PrecisionRecallDisplay, "f1")]
)
def test_plot_optimal_true_means_the_displays_only_criterion(display_cls, criterion):
    # a flag whose only option is one criterion takes True for it (a newcomer's first try)
    y, s = [0, 1, 0, 1, 1, 0, 1, 0], [0.1, 0.8, 0.3, 0.6, 0.4, 0.5, 0.9, 0.2]
    flag = display_cls.from_predictions(y, s, plot_optimal=True, ax=Figure().subplots())
    named = display_cls.from_predictions(y, s, plot_optimal=criterion,
                                         ax=Figure().subplots())
    assert flag.optimal_point_.get_xydata().tolist() == (
        named.optimal_point_.get_xydata().tolist())
    with pytest.raises(ValueError, match="plot_optimal must be False, True or"):
        display_cls.from_predictions(y, s, plot_optimal="cost", ax=Figure().subplots())


def test_nearby_marker_texts_of_two_curves_are_stacked_not_overprinted():
    fig = Figure()
    ax = fig.add_subplot()
    y = [0, 0, 1, 1, 0, 1, 0, 1]
    texts = []
    for name, score in (("a", [.1, .3, .6, .8, .4, .7, .2, .9]),
                        ("b", [.1, .35, .6, .85, .4, .7, .25, .9])):
        d = RocCurveDisplay.from_predictions(y, score, name=name, ax=ax, threshold=0.5,
                                             plot_optimal=True)
        texts.append((d.threshold_annotation_, d.optimal_annotation_))
    # same operating points: the second curve's texts move one line further out,
    # in its own colour, so that both stay readable
    (t1, o1), (t2, o2) = texts
    assert t1.xy == t2.xy
    assert t2.xyann[1] == t1.xyann[1] - 9 and o2.xyann[1] == o1.xyann[1] + 9
    assert t2.get_color() == d.line_.get_color() and t1.get_color() == "0.15"
    fig.draw_without_rendering()
    assert not t1.get_window_extent().overlaps(t2.get_window_extent())
