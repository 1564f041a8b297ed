"""ROC and P-R Displays: one legend entry per model with shared decimals,
operating and optimal points, iso-F1 lines, CI bands, from_estimator and
from_cv_results. Values are checked against scikit-learn and hand computations."""

import numpy as np
import pytest
import sklearn.metrics as skm
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

import evalplots.metrics as em
import evalplots.metrics._format as fmt
from evalplots.display import PrecisionRecallDisplay, RocCurveDisplay
from evalplots.display._base import LegendScore, format_score, legend_label, score_decimals
from evalplots.metrics import ConfidenceInterval

Y6 = [1, 0, 0, 1, 0, 1]
S6 = [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]


def _ax():
    return Figure().add_subplot()


def _legend_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


def _random(seed, n=80):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return y, np.round(rng.normal(y, 1.0), 1)  # rounded: tied scores


# ----------------------------------------------------------------- legend numbers
def test_legend_shares_decimals_and_relabels_models_already_drawn():
    ax = _ax()
    first = RocCurveDisplay([0, 0.2, 1], [0, 1, 1], roc_auc=0.98, name="a").plot(ax=ax)
    assert first.line_.get_label() == "a (AUC = 0.98)"
    RocCurveDisplay([0, 0.01, 1], [0, 1, 1], roc_auc=0.9953, name="b").plot(ax=ax)
    # 0.9953 needs 3 decimals (2 would claim 1.00); every entry then has 3
    assert _legend_texts(ax) == [
        "a (AUC = 0.980)", "b (AUC = 0.995)", "Chance level (AUC = 0.5)"
    ]
    assert first.line_.get_label() == "a (AUC = 0.980)"


def test_legend_label_formats_intervals_and_spreads():
    score = LegendScore(0.9953, low=0.9891, high=0.9990)
    assert legend_label("m", "AUC", score) == "m (AUC = 0.995 [0.989, 0.999])"
    assert legend_label(None, "AUC", LegendScore(0.93, std=0.021), decimals=2) == (
        "AUC = 0.93 ± 0.02"
    )
    assert legend_label("m", "AP", 0.5, "BEP", float("nan")) == "m (AP = 0.50)"


def test_pr_one_legend_entry_per_model_with_the_bep_marker_in_its_handle():
    ax = _ax()
    y, s = _random(0)
    a = PrecisionRecallDisplay.from_predictions(Y6, S6, name="a", ax=ax)
    b = PrecisionRecallDisplay.from_predictions(y, s, name="b", ax=ax,
                                                drawstyle="sawtooth")
    ap, bep = skm.average_precision_score(y, s), em.break_even_point(y, s)
    assert _legend_texts(ax) == [
        "a (AP = 0.87, BEP = 0.67)",
        f"b (step-wise AP = {ap:.2f}, BEP = {bep:.2f})",
    ]
    for display in (a, b):
        assert display.break_even_.get_label() == "_nolegend_"
    markers = [
        ln for ln in ax.get_legend().findobj(Line2D) if ln.get_linestyle() == "None"
    ]
    assert [to_rgba(m.get_color()) for m in markers] == [
        to_rgba(a.line_.get_color()), to_rgba(b.line_.get_color())
    ]


def test_user_label_wins_over_the_computed_entry():
    display = RocCurveDisplay.from_predictions(Y6, S6, label="mine", ax=_ax())
    assert display.line_.get_label() == "mine"
    assert "mine" in _legend_texts(display.ax_)


# -------------------------------------------------------------- operating points
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


def test_a_number_that_rounds_to_zero_is_never_written_minus_zero():
    assert (fmt.format_score(-0.0), fmt.format_number(-0.00004), fmt.format_threshold(-0.0),
            fmt.format_quantity(-0.0), fmt.format_difference(-0.0004),
            fmt.format_interval(-0.0, -0.0001, 0.5)) == (
        "0.00", "0.0000", "0", "0", "0.000", "0.000 [0.000, 0.500]")
    assert (fmt.format_number(-0.5), fmt.format_difference(-0.25), fmt.format_threshold(-1e-9)) == (
        "-0.5000", "-0.250", "-1e-09")


def test_plot_optimal_without_a_stored_optimum_is_a_value_error():
    display = RocCurveDisplay([0, 0, 0.5, 1], [0, 0.5, 1, 1])
    with pytest.raises(ValueError, match="plot_optimal= needs the stored optimum; "
                                         "pass optimal="):
        display.plot(ax=_ax(), plot_optimal="youden")


# --------------------------------------------------------------------- iso-F1
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


# ------------------------------------------------------------------ CI bands
def test_roc_band_and_interval_from_the_constructor():
    band = ([0, 0.5, 1], [0, 0.6, 1], [0.2, 0.9, 1])
    ci = ConfidenceInterval(0.9953, 0.9891, 0.9990, "delong", 0.95)
    display = RocCurveDisplay(
        [0, 0, 1], [0, 1, 1], roc_auc=0.9953, roc_auc_ci=ci, ci_band=band, name="m"
    ).plot(ax=_ax())
    assert display.line_.get_label() == "m (AUC = 0.995 [0.989, 0.999])"
    vertices = display.ci_band_.get_paths()[0].vertices
    for x, low, high in zip(*band):  # both bounds at each grid FPR
        assert [x, low] in vertices.tolist() and [x, high] in vertices.tolist()
    assert to_rgba(display.ci_band_.get_facecolor()[0])[:3] == to_rgba(
        display.line_.get_color())[:3]
    # the legend handle shows the band behind the line
    (patch,) = display.ax_.get_legend().findobj(Rectangle)
    assert patch.get_facecolor() == pytest.approx(display.ci_band_.get_facecolor()[0])
    no_band = display.plot(ax=_ax(), plot_ci=False)
    assert no_band.ci_band_ is None


def test_pr_band_and_interval_from_the_constructor():
    precision, recall, thresholds = em.precision_recall_curve(Y6, S6)
    ci = ConfidenceInterval(0.8667, 0.61, 1.0, "bootstrap-bca", 0.95)
    display = PrecisionRecallDisplay(
        precision, recall, average_precision=0.8667, average_precision_ci=ci,
        break_even=2 / 3, thresholds=thresholds,
        ci_band=([0.2, 1.0], [0.5, 0.4], [1.0, 0.9]),
    ).plot(ax=_ax(), threshold=0.7)
    assert display.line_.get_label() == "AP = 0.87 [0.61, 1.00], BEP = 0.67"
    assert display.ci_band_ is not None
    np.testing.assert_allclose(display.threshold_point_.get_xydata(), [[2 / 3, 1]])


@pytest.mark.parametrize(
    "band, match",
    [
        (([0, 1], [0, 1]), "tuple"),
        (([0, 1], [0.5, 1], [0.4, 1]), "lower bound exceeds"),
        (([1, 0], [0, 0], [1, 1]), "non-decreasing"),
        (([0, 1], [0, 1.5], [1, 2]), r"rates in \[0, 1\]"),
    ],
)
def test_bands_are_checked(band, match):
    with pytest.raises(ValueError, match=match):
        RocCurveDisplay([0, 1], [0, 1], ci_band=band).plot(ax=_ax())


def test_band_and_interval_need_one_curve():
    with pytest.raises(ValueError, match="ci_band describe one curve"):
        RocCurveDisplay([[0, 1], [0, 1]], [[0, 1], [0, 1]],
                        ci_band=([0, 1], [0, 1], [0, 1])).plot(ax=_ax())


def _labelled(seed, weighted):
    y, s = _random(seed, n=200)
    w = np.random.default_rng(seed).integers(1, 4, y.size) if weighted else None
    return np.array(["no", "yes"])[y], s, w


@pytest.mark.parametrize("weighted", [False, True])
def test_roc_plot_ci_computes_the_band_and_delong_interval(weighted):
    y, s, w = _labelled(3, weighted)
    common = {"pos_label": "yes", "sample_weight": w, "confidence_level": 0.9}
    display = RocCurveDisplay.from_predictions(
        y, s, plot_ci=True, n_resamples=200, random_state=0, name="m", ax=_ax(), **common
    )
    ci = em.roc_auc_ci(y, s, method="delong", **common)
    assert display.roc_auc_ci == ci
    assert ci.estimate == pytest.approx(display.roc_auc, abs=1e-12)
    grid, low, high = em.roc_curve_ci_band(y, s, n_resamples=200, random_state=0,
                                           **common)
    for mine, theirs in zip(display.ci_band, (grid, low, high)):
        np.testing.assert_array_equal(mine, theirs)
    d = max(score_decimals(v) for v in (ci.estimate, ci.low, ci.high))
    assert display.line_.get_label() == (
        f"m (AUC = {format_score(display.roc_auc, d)} [{format_score(ci.low, d)}, "
        f"{format_score(ci.high, d)}])"
    )
    np.testing.assert_allclose(  # the band drawn: both bounds at every grid FPR
        np.unique(display.ci_band_.get_paths()[0].vertices[:, 0]), grid)


@pytest.mark.parametrize("weighted", [False, True])
def test_pr_plot_ci_computes_the_band_and_interval(weighted):
    y, s, w = _labelled(4, weighted)
    common = {"pos_label": "yes", "sample_weight": w, "confidence_level": 0.9,
              "n_resamples": 200, "random_state": 0}
    display = PrecisionRecallDisplay.from_predictions(y, s, plot_ci=True, ax=_ax(),
                                                      **common)
    for mine, theirs in zip(display.ci_band, em.precision_recall_ci_band(y, s, **common)):
        np.testing.assert_array_equal(mine, theirs)
    ci = em.bootstrap_ci(em.average_precision_score, y, s, **common)
    assert display.average_precision_ci == ci
    assert ci.estimate == pytest.approx(display.average_precision, abs=1e-12)
    assert display.line_.get_label().startswith("AP = ")
    assert "[" in display.line_.get_label() and ", BEP = " in display.line_.get_label()


def test_plot_ci_refuses_one_vs_rest():
    proba = np.eye(3)[[0, 1, 2, 0, 1, 2]] * 0.8 + 0.05
    with pytest.raises(ValueError, match="plot_ci=True draws the band of one binary"):
        RocCurveDisplay.from_predictions([0, 1, 2, 0, 1, 2], proba, plot_ci=True)


# ------------------------------------------------------------ from_estimator
@pytest.fixture(scope="module")
def fitted():
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    X, y = make_classification(n_samples=120, random_state=0)
    labels = np.array(["no", "yes"])[y]
    return LogisticRegression().fit(X, labels), X, labels


@pytest.mark.parametrize("Display", [RocCurveDisplay, PrecisionRecallDisplay])
def test_from_estimator_uses_the_positive_column_of_predict_proba(Display, fitted):
    clf, X, y = fitted
    with pytest.raises(ValueError, match="ambiguous; pass pos_label"):
        Display.from_estimator(clf, X, y)  # the project's label rule: 'no'/'yes'
    ours = Display.from_estimator(clf, X, y, pos_label="yes", ax=_ax())
    direct = Display.from_predictions(y, clf.predict_proba(X)[:, 1], pos_label="yes",
                                      name="LogisticRegression", ax=_ax())
    np.testing.assert_allclose(ours.line_.get_xydata(), direct.line_.get_xydata())
    assert ours.line_.get_label() == direct.line_.get_label()
    assert ours.pos_label == "yes"
    sk_display = getattr(skm, Display.__name__).from_estimator(clf, X, y)
    np.testing.assert_allclose(ours.line_.get_xydata(), sk_display.line_.get_xydata())


def test_from_estimator_pos_label_and_decision_function(fitted):
    clf, X, y = fitted
    neg = RocCurveDisplay.from_estimator(clf, X, y, pos_label="no",
                                         response_method="decision_function", ax=_ax())
    expected = skm.roc_auc_score(y == "no", -clf.decision_function(X))
    assert neg.roc_auc == pytest.approx(expected)
    assert neg.pos_label == "no"
    with pytest.raises(ValueError, match="pos_label"):
        RocCurveDisplay.from_estimator(clf, X, y, pos_label="maybe")


# ------------------------------------------------------------ from_cv_results
@pytest.fixture(scope="module")
def cv():
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_validate

    X, y = make_classification(n_samples=150, random_state=1, flip_y=0.2)
    results = cross_validate(LogisticRegression(), X, y, cv=3,
                             return_estimator=True, return_indices=True)
    return results, X, y


def test_roc_from_cv_results_folds_as_scikit_learn_and_exact_mean(cv):
    results, X, y = cv
    ours = RocCurveDisplay.from_cv_results(results, X, y, name="LR", ax=_ax())
    theirs = skm.RocCurveDisplay.from_cv_results(results, X, y)
    for mine, sk in zip(ours.line_, theirs.line_):
        np.testing.assert_allclose(mine.get_xydata(), sk.get_xydata())
    np.testing.assert_allclose(ours.roc_auc, theirs.roc_auc)
    mean, std = np.mean(theirs.roc_auc), np.std(theirs.roc_auc)
    assert ours.mean_line_.get_label() == f"LR (AUC = {mean:.2f} ± {std:.2f})"
    # the mean curve is the exact vertical average: its area is the mean AUC
    x, t = ours.mean_line_.get_xdata(), ours.mean_line_.get_ydata()
    assert em.auc(x, t) == pytest.approx(mean, abs=1e-12)
    # the band is mean ± std of the folds' TPR at each FPR of the mean curve
    fold_tpr = np.array([np.interp(x[-1], f.get_xdata(), f.get_ydata())
                         for f in ours.line_])
    path = ours.std_band_.get_paths()[0].vertices
    assert [1.0, min(1, fold_tpr.mean() + fold_tpr.std())] in path.tolist()
    assert _legend_texts(ours.ax_) == [f"LR (AUC = {mean:.2f} ± {std:.2f})"]
    folds = {to_rgba(f.get_color()) for f in ours.line_}
    assert folds == {to_rgba(ours.mean_line_.get_color())}


def test_pr_from_cv_results_mean_step_curve_has_the_mean_ap(cv):
    results, X, y = cv
    ours = PrecisionRecallDisplay.from_cv_results(results, X, y, ax=_ax())
    tests = results["indices"]["test"]
    expected = [
        skm.average_precision_score(y[t], est.predict_proba(X[t])[:, 1])
        for est, t in zip(results["estimator"], tests)
    ]
    np.testing.assert_allclose(ours.average_precision, expected)
    # scikit-learn drops flat-recall points by default; ours keeps them (sawtooth)
    dropped = PrecisionRecallDisplay.from_cv_results(results, X, y, ax=_ax(),
                                                     drop_intermediate=True)
    theirs = skm.PrecisionRecallDisplay.from_cv_results(results, X, y)
    for mine, sk in zip(dropped.line_, theirs.line_):
        np.testing.assert_allclose(mine.get_xydata(), sk.get_xydata())
    r, p = ours.mean_line_.get_xdata(), ours.mean_line_.get_ydata()
    assert em.average_precision_from_curve(p, r) == pytest.approx(np.mean(expected))
    assert ours.mean_line_.get_drawstyle() == "steps-post"
    assert _legend_texts(ours.ax_) == [
        f"AP = {np.mean(expected):.2f} ± {np.std(expected):.2f}"
    ]


def test_from_cv_results_curve_kwargs_list_labels_each_fold(cv):
    results, X, y = cv
    styles = [{"color": c} for c in ("r", "g", "b")]
    display = RocCurveDisplay.from_cv_results(results, X, y, name=["f1", "f2", "f3"],
                                              curve_kwargs=styles, ax=_ax())
    aucs = display.roc_auc
    texts = _legend_texts(display.ax_)
    assert texts[:3] == [f"f{i + 1} (AUC = {a:.2f})" for i, a in enumerate(aucs)]
    assert texts[3].startswith("mean (AUC = ")
    assert [to_rgba(f.get_color()) for f in display.line_] == [
        to_rgba(c) for c in "rgb"
    ]
    with pytest.raises(ValueError, match="curve_kwargs is not a list"):
        RocCurveDisplay.from_cv_results(results, X, y, name=["a", "b", "c"])


def test_from_cv_results_checks_its_input(cv):
    results, X, y = cv
    with pytest.raises(ValueError, match="return_indices=True"):
        RocCurveDisplay.from_cv_results({"estimator": results["estimator"]}, X, y)
    with pytest.raises(ValueError, match="test folds hold 150"):
        PrecisionRecallDisplay.from_cv_results(results, X[:100], y[:100])


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


# --- the report's figures as a newcomer reads them

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


def test_legend_interval_says_its_level_and_method():
    ci = ConfidenceInterval(0.84, 0.76, 0.89, "delong", 0.9)
    fig = Figure()
    d = RocCurveDisplay([0, 0.2, 1], [0, 0.8, 1], roc_auc=0.84, roc_auc_ci=ci, name="m",
                        pos_label=1).plot(ax=fig.add_subplot())
    title = d.ax_.get_legend().get_title().get_text()
    assert title == "Positive label: 1\n[ ]: 90% CI (DeLong)"
    assert d.line_.get_label() == "m (AUC = 0.84 [0.76, 0.89])"
    # a second model with an interval does not repeat the note
    RocCurveDisplay([0, 0.3, 1], [0, 0.7, 1], roc_auc=0.7, roc_auc_ci=ci, name="n",
                    pos_label=1).plot(ax=d.ax_)
    assert d.ax_.get_legend().get_title().get_text() == title
    ap = ConfidenceInterval(0.8, 0.7, 0.9, "bootstrap-bca", 0.95)
    d = PrecisionRecallDisplay([0.5, 1.0, 1.0], [1.0, 0.5, 0.0], average_precision=0.8,
                               average_precision_ci=ap).plot(ax=Figure().add_subplot())
    assert d.ax_.get_legend().get_title().get_text() == "[ ]: 95% CI (BCa bootstrap)"


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


def _scored(cls, score, name):
    if cls is RocCurveDisplay:
        return cls([0, 0, 1], [0, 1, 1], roc_auc=score, name=name)
    return cls([0.5, 1, 1], [1, 1, 0], average_precision=score, break_even=np.nan,
               name=name)


@pytest.mark.parametrize("cls", [RocCurveDisplay, PrecisionRecallDisplay])
def test_a_model_added_relabels_the_others_only_when_it_aligns_decimals(cls):
    metric = "AUC" if cls is RocCurveDisplay else "AP"
    ax = _ax()
    first = _scored(cls, 0.75, "a").plot(ax=ax)
    other = _scored(cls, 0.9975, "b").plot(ax=ax, align_decimals=False)
    assert first.line_.get_label() == f"a ({metric} = 0.75)"  # untouched
    assert other.line_.get_label() == f"b ({metric} = 0.998)"
    other.plot(ax=ax)  # the default aligns the legend, as plot's API says
    assert first.line_.get_label() == f"a ({metric} = 0.750)"
