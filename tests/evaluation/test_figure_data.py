"""The data of the binary report's figure pages, read off each model's one sort.

Every array and number is checked against the public metrics functions on the raw
arrays, and the operating points against scikit-learn's confusion matrix.
"""

import numpy as np
import pytest
import sklearn.metrics as skm

from evalplots import evaluate, metrics
from evalplots.datasets import load_breast_cancer_predictions


@pytest.fixture(scope="module")
def sample():
    return load_breast_cancer_predictions()


def tied_data(seed=0, n=400):
    """Scores rounded to 2 decimals (many ties), one model far outside [0, 1]."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    p = np.round(1 / (1 + np.exp(-(1.5 * y + rng.normal(size=n) - 0.7))), 2)
    return y, {"prob": p, "logit": np.round(3 * (y + rng.normal(size=n)), 1)}


@pytest.mark.parametrize("threshold", [0.5, 0.31, 0.0, 0.99, 1.0])
def test_chosen_operating_point_is_the_confusion_matrix_at_the_threshold(threshold):
    y, scores = tied_data()
    ev = evaluate(y, scores, threshold=threshold)
    for name, s in scores.items():
        point = ev[name].operating_points[0]
        pred = (s >= threshold).astype(int)
        (tn, fp), (fn, tp) = skm.confusion_matrix(y, pred, labels=[0, 1])
        assert (point.label, point.threshold) == ("chosen threshold", threshold)
        assert (point.tp, point.fp, point.tn, point.fn) == (tp, fp, tn, fn)
        assert point.tpr == pytest.approx(skm.recall_score(y, pred))
        assert point.fpr == pytest.approx(fp / (fp + tn))
        assert point.f1 == pytest.approx(skm.f1_score(y, pred))
        if tp + fp:
            assert point.precision == pytest.approx(skm.precision_score(y, pred))
        else:
            assert np.isnan(point.precision)


def test_weighted_operating_point_matches_scikit_learn():
    y, scores = tied_data(1)
    w = np.random.default_rng(2).uniform(0, 3, y.size)
    w[:20] = 0
    ev = evaluate(y, scores, threshold=0.4, sample_weight=w)
    pred = (scores["prob"] >= 0.4).astype(int)
    (tn, fp), (fn, tp) = skm.confusion_matrix(y, pred, sample_weight=w)
    point = ev["prob"].operating_points[0]
    np.testing.assert_allclose([point.tp, point.fp, point.tn, point.fn], [tp, fp, tn, fn])
    assert point.precision == pytest.approx(skm.precision_score(y, pred, sample_weight=w))


@pytest.mark.parametrize("criterion", ["youden", "f1"])
def test_optima_equal_optimal_threshold_on_the_raw_arrays(sample, criterion):
    y, scores = tied_data()
    for y_true, preds in ((y, scores), (sample.y_true, sample.scores)):
        ev = evaluate(y_true, preds)
        for name, s in preds.items():
            expected = metrics.optimal_threshold(y_true, s, criterion=criterion)
            assert ev[name].optimal_thresholds[criterion] == expected
            row = 1 if criterion == "youden" else 2
            point = ev[name].operating_points[row]
            assert point.threshold == expected.threshold
            assert (point.tpr, point.fpr) == (expected.tpr, expected.fpr)
            assert point.precision == expected.precision
            # the counts of the row are those of y_score >= threshold
            pred = (np.asarray(s) >= expected.threshold).astype(int)
            (tn, fp), (fn, tp) = skm.confusion_matrix(y_true, pred)
            assert (point.tp, point.fp, point.tn, point.fn) == (tp, fp, tn, fn)


def test_youden_value_on_the_roc_seed():
    # the 16 scores of the ROC seed (老饼讲解): J is largest at 0.25 (TPR 6/7, FPR 4/9)
    y = [0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0]
    s = [0.2, 0.28, 0.1, 0.6, 0.5, 0.3, 0.6, 0.8, 0.2, 0.25, 0.4, 0.2, 0.5, 0.3, 0.18, 0.18]
    chosen, youden, f1 = evaluate(y, {"m": s})["m"].operating_points
    assert (youden.threshold, youden.tp, youden.fp) == (0.25, 6, 4)
    assert youden.youden_j == pytest.approx(6 / 7 - 4 / 9)
    assert f1.f1 == pytest.approx(12 / 17)  # 0.7059, as optimal_threshold's example
    assert (chosen.tp, chosen.fp) == (3, 2)  # scores >= 0.5: 0.8, 0.6, 0.5 | 0.6, 0.5


def test_threshold_table_equals_metrics_at_thresholds():
    y, scores = tied_data()
    ev = evaluate(y, scores)
    for name, s in scores.items():
        expected = metrics.metrics_at_thresholds(y, s)
        got = ev[name].threshold_table
        for field in ("thresholds", "tp", "fp", "precision", "recall", "fpr", "fbeta"):
            np.testing.assert_array_equal(getattr(got, field), getattr(expected, field))


@pytest.mark.parametrize("weighted", [False, True])
def test_threshold_table_shares_the_pr_curve_arrays_bit_for_bit(weighted):
    # the table's precision and recall are views of the P-R curve's arrays (one
    # copy in memory), equal bit for bit to the table computed on its own
    rng = np.random.default_rng(11)
    y = (rng.random(20_000) < 0.2).astype(int)
    s = np.round(rng.normal(size=y.size) + y, 3)  # ties and distinct scores
    w = rng.uniform(0.2, 3.0, y.size) if weighted else None
    m = evaluate(y, {"m": s}, sample_weight=w)["m"]
    expected = metrics.metrics_at_thresholds(y, s, sample_weight=w)
    got = m.threshold_table
    precision, recall, _ = m.precision_recall_curve
    assert np.shares_memory(got.precision, precision) and np.shares_memory(got.recall, recall)
    gain = m.cumulative_gain_curve[1]
    assert np.shares_memory(gain, recall)
    np.testing.assert_array_equal(
        gain, metrics.cumulative_gain_curve(y, s, sample_weight=w)[1])
    for field in ("thresholds", "precision", "recall", "fpr", "fbeta"):
        np.testing.assert_array_equal(getattr(got, field), getattr(expected, field))


def test_det_gain_ks_equal_the_metrics_functions():
    y, scores = tied_data()
    w = np.random.default_rng(3).uniform(0.5, 2, y.size)
    for weight in (None, w):
        ev = evaluate(y, scores, sample_weight=weight)
        for name, s in scores.items():
            m = ev[name]
            for got, expected in (
                (m.det_curve, metrics.det_curve(y, s, sample_weight=weight)),
                (m.cumulative_gain_curve,
                 metrics.cumulative_gain_curve(y, s, sample_weight=weight)),
            ):
                for a, b in zip(got, expected):
                    np.testing.assert_allclose(a, b, rtol=1e-12)
            assert m.ks_statistic == metrics.ks_statistic(y, s, sample_weight=weight)


def test_calibration_equals_the_metrics_functions(sample):
    y, scores = tied_data()
    for y_true, preds in ((y, scores), (sample.y_true, sample.scores)):
        ev = evaluate(y_true, preds)
        for name, s in preds.items():
            m = ev[name]
            if np.min(s) < 0 or np.max(s) > 1:
                assert m.calibration_curve is None
                assert np.isnan(m.expected_calibration_error)
                with pytest.raises(ValueError, match="not probabilities"):
                    ev.calibration_display(name)
                continue
            prob_true, prob_pred, counts = metrics.calibration_curve(y_true, s, n_bins=10)
            bins = m.calibration_curve
            np.testing.assert_allclose(bins.prob_true, prob_true, rtol=1e-12)
            np.testing.assert_allclose(bins.prob_pred, prob_pred, rtol=1e-12)
            np.testing.assert_array_equal(bins.counts, counts)
            assert m.expected_calibration_error == pytest.approx(
                metrics.expected_calibration_error(y_true, s, n_bins=10), abs=1e-15)
            # scikit-learn as the oracle of the reliability curve
            from sklearn.calibration import calibration_curve as sk_curve
            sk_true, sk_pred = sk_curve(y_true, s, n_bins=10)
            np.testing.assert_allclose(bins.prob_true, sk_true, rtol=1e-12)
            np.testing.assert_allclose(bins.prob_pred, sk_pred, rtol=1e-12)
            display = ev.calibration_display(name)
            assert display.brier_score == pytest.approx(skm.brier_score_loss(y_true, s))


def test_bands_draw_the_tables_as_the_merged_summary_does():
    """Unweighted, the bands draw each class's counts over the model's table: the
    bands of the same rows summarized in chunks and merged, and the distribution of
    the band functions' row bootstrap (other draws)."""
    from evalplots.evaluation import BinaryEvaluation
    from evalplots.metrics import BinarySummary

    y, scores = tied_data()
    options = {"n_resamples": 200, "confidence_level": 0.9, "random_state": 7}
    ev = evaluate(y, scores, **options)
    half = y.size // 2
    merged = BinaryEvaluation.from_summary(BinarySummary.merge(
        [BinarySummary.from_arrays(y[part], {k: v[part] for k, v in scores.items()})
         for part in (slice(None, half), slice(half, None))]), **options)
    for name, s in scores.items():
        for bands, rows in ((ev.roc_ci_bands, metrics.roc_curve_ci_band),
                            (ev.precision_recall_ci_bands, metrics.precision_recall_ci_band)):
            bands_merged = (merged.roc_ci_bands if bands is ev.roc_ci_bands
                            else merged.precision_recall_ci_bands)
            for a, b in zip(bands[name], bands_merged[name]):
                np.testing.assert_array_equal(a, b)
            grid, low, high = rows(y, s, n_resamples=2000, confidence_level=0.9,
                                   random_state=0)
            np.testing.assert_array_equal(bands[name][0], grid)
            assert np.abs(bands[name][1] - low).mean() < 0.02, name
            assert np.abs(bands[name][2] - high).mean() < 0.02, name
    # one stream per model: the band does not depend on the other models
    alone = evaluate(y, {"logit": scores["logit"]}, **options)
    np.testing.assert_array_equal(alone.roc_ci_bands["logit"][1], ev.roc_ci_bands["logit"][1])


def test_bands_of_tied_classes_follow_the_band_functions_tie_rule():
    """When each class sits at one score every resample is the data itself, so the
    bands are exact: a tie of both classes is the diagonal step of roc_curve_ci_band
    (TPR 0 until FPR 1) and the precision of the tie, not positives first."""
    y = np.array([1, 1, 1, 0, 0, 0, 0, 0])
    tied = evaluate(y, {"m": np.full(8, 0.4)}, n_resamples=20)
    for bands, band in ((tied.roc_ci_bands, metrics.roc_curve_ci_band),
                        (tied.precision_recall_ci_bands, metrics.precision_recall_ci_band)):
        expected = band(y, np.full(8, 0.4), n_resamples=20, random_state=0)
        for a, b in zip(bands["m"], expected):
            np.testing.assert_array_equal(a, b)
    assert tied.roc_ci_bands["m"][2][:-1].max() == 0.0
    assert tied.precision_recall_ci_bands["m"][1].tolist() == [3 / 8] * 101


def test_fractional_weight_bands_equal_the_band_functions_with_the_same_stream():
    """Under fractional weights the rows are kept for the bands: the band functions'
    bootstrap of the weighted rows, from the evaluation's stream."""
    y, scores = tied_data()
    w = np.random.default_rng(2).random(y.size) + 0.5
    ev = evaluate(y, scores, sample_weight=w, n_resamples=200, confidence_level=0.9,
                  random_state=7)
    opts = ev.interval_options
    for name, s in scores.items():
        for bands, band in ((ev.roc_ci_bands, metrics.roc_curve_ci_band),
                            (ev.precision_recall_ci_bands, metrics.precision_recall_ci_band)):
            expected = band(y, s, n_resamples=200, confidence_level=0.9, sample_weight=w,
                            random_state=opts.rng("band", name))
            for a, b in zip(bands[name], expected):
                np.testing.assert_array_equal(a, b)


def test_displays_carry_bands_only_when_asked():
    y, scores = tied_data()
    ev = evaluate(y, scores, n_resamples=50)
    assert ev.roc_display("prob").ci_band is None
    assert ev.precision_recall_display("prob").ci_band is None
    assert "_ci_bands" not in vars(ev)  # not computed
    band = ev.roc_display("prob", ci=True).ci_band
    np.testing.assert_array_equal(band[1], ev.roc_ci_bands["prob"][1])


@pytest.mark.parametrize("threshold", [0.5, 0.37, 5.0, -100.0])
def test_roc_display_marks_the_exact_operating_point(threshold):
    y, scores = tied_data()
    ev = evaluate(y, scores, threshold=threshold)
    for name in scores:
        point = ev[name].operating_points[0]
        display = ev.roc_display(name).plot(threshold=threshold)
        x, y_ = display.threshold_point_.get_xydata()[0]
        assert (x, y_) == pytest.approx((point.fpr, point.tpr), abs=1e-15)
        # the inserted point lies on the drawn curve: same area, same vertices
        assert metrics.auc(display.fpr, display.tpr) == pytest.approx(ev[name].roc_auc,
                                                                      abs=1e-12)
        fpr, tpr, _ = ev[name].roc_curve
        assert display.fpr.size - fpr.size in (0, 1)


def test_precision_recall_display_marks_the_operating_point():
    y, scores = tied_data()
    ev = evaluate(y, scores, threshold=0.5)
    point = ev["prob"].operating_points[0]
    display = ev.precision_recall_display("prob").plot(threshold=0.5)
    assert tuple(display.threshold_point_.get_xydata()[0]) == pytest.approx(
        (point.tpr, point.precision))


def test_display_arrays_match_the_stored_curves():
    y, scores = tied_data()
    ev = evaluate(y, scores)
    m = ev["prob"]
    det = ev.det_display("prob")
    fpr, fnr, _ = metrics.det_curve(y, scores["prob"], drop_intermediate=True)
    np.testing.assert_array_equal(det.fpr, fpr)
    np.testing.assert_array_equal(det.fnr, fnr)
    gain = ev.gain_display("prob")
    assert gain.ks == m.ks_statistic  # the drawing keeps the KS vertex
    # the dropped points were collinear: the area under the gain curve is kept
    q, g, _ = m.cumulative_gain_curve
    assert metrics.auc(gain.queue_rate, gain.gain) == pytest.approx(metrics.auc(q, g))
    threshold = ev.threshold_display("prob")
    np.testing.assert_array_equal(threshold.values["f1"], m.threshold_table.fbeta)
    assert threshold.optimal == m.optimal_thresholds


def test_score_bins_are_shared_only_between_probabilities():
    y, scores = tied_data()
    both = evaluate(y, {"a": scores["prob"], "b": scores["prob"] ** 2})
    assert both.score_bins["a"] is both.score_bins["b"] or np.array_equal(
        both.score_bins["a"], both.score_bins["b"])
    lo = min(scores["prob"].min(), (scores["prob"] ** 2).min())
    assert both.score_bins["a"][0] == lo and both.score_bins["a"].size == 31
    mixed = evaluate(y, scores)
    assert mixed.score_bins["logit"][0] == scores["logit"].min()
    assert mixed.score_bins["prob"][-1] == scores["prob"].max()
    display = mixed.score_distribution_display("logit")
    neg = np.histogram(scores["logit"][y == 0], mixed.score_bins["logit"], density=True)[0]
    pos = np.histogram(scores["logit"][y == 1], mixed.score_bins["logit"], density=True)[0]
    np.testing.assert_allclose(display.values, [neg, pos])
    assert display.display_labels == ["0", "1"]


@pytest.mark.parametrize("kind", ["ties on the edges", "integers", "float32", "weighted"])
def test_score_histograms_are_numpys_bin_for_bin(kind):
    # unweighted counts are read off the count table: the same integers as
    # np.histogram of each class's scores, a score on an edge in the bin above
    # it, the largest score in the last bin
    from evalplots.evaluation._binary import _class_histograms

    rng = np.random.default_rng(3)
    n = 3000
    y = rng.random(n) < 0.3
    score = {"ties on the edges": np.round(rng.random(n), 1),  # 0.1 steps: edges
             "integers": rng.integers(-5, 6, n),
             "float32": rng.normal(size=n).astype(np.float32),
             "weighted": np.round(rng.random(n), 2)}[kind]
    weight = rng.integers(0, 3, n).astype(float) if kind == "weighted" else None
    ev = evaluate(y, {"m": score}, sample_weight=weight)
    lo, hi = float(score.min()), float(score.max())
    for edges in (ev.score_bins["m"], np.linspace(lo, hi, 11),  # 10 bins of 0.1
                  np.histogram_bin_edges([], 7, range=(lo + 0.1, hi - 0.2))):  # not all
        got = _class_histograms(ev["m"], edges)
        for mask, counts in zip((~y, y), got):
            expected = np.histogram(score[mask], edges.size - 1, range=(edges[0], edges[-1]),
                                    weights=None if weight is None else weight[mask])[0]
            assert counts.dtype == expected.dtype
            np.testing.assert_array_equal(counts, expected)


LONG_NAMES = ("logistic_regression_with_l2_penalty_C_1.0_standardised",
              "gaussian_naive_bayes_var_smoothing_1e-9_calibrated",
              "random forest 500 trees max depth none")


@pytest.mark.parametrize("figure", ["threshold_figure", "calibration_figure",
                                    "score_distribution_figure"])
def test_long_model_names_are_broken_to_fit_their_panels(sample, figure):
    """Three long names side by side (each wider than its panel): every title is
    broken into lines no wider than its axes, so no two titles overlap; the lines
    join back into the name (at '_', '-' or a space)."""
    from evalplots.report.standard import _figures

    scores = list(sample.predictions.values())
    predictions = dict(zip(LONG_NAMES, [scores[0], scores[1], (scores[0] + scores[1]) / 2]))
    ev = evaluate(sample.y_true, predictions)
    fig = getattr(_figures, figure)(ev, list(LONG_NAMES))
    fig.draw_without_rendering()
    renderer = fig._get_renderer()
    titled = [ax for ax in fig.axes if ax.get_title()]
    assert len(titled) == 3
    boxes = []
    for ax, name in zip(titled, LONG_NAMES):
        lines = ax.get_title().split("\n")
        assert len(lines) >= 2  # each name is wider than one panel at 7.6 in / 3
        assert "".join(lines) == name or " ".join(lines) == name
        box = ax.title.get_window_extent(renderer)
        assert box.width <= ax.get_window_extent(renderer).width
        boxes.append(box)
    for k in range(2):
        assert boxes[k].x1 < boxes[k + 1].x0  # side by side, apart


def test_short_model_names_are_titles_unchanged(sample):
    from evalplots.report.standard import _figures

    ev = evaluate(sample.y_true, sample.predictions)
    fig = _figures.threshold_figure(ev)
    assert [ax.get_title() for ax in fig.axes if ax.get_title()] == list(ev.model_names)


def test_break_lines_breaks_an_unbreakable_name_between_characters():
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    from evalplots.display._base import break_lines

    name = "x" * 80  # no '_', '-' or space to break at
    lines = break_lines(name, 100, fontsize=10, max_lines=10).split("\n")
    assert "".join(lines) == name and len(lines) >= 4
    widths = [text_to_path.get_text_width_height_descent(line, FontProperties(size=10),
                                                         ismath=False)[0] for line in lines]
    assert max(widths) <= 100 and min(widths[:-1]) > 100 - 10  # full lines, each fits
    assert break_lines("short", 100, fontsize=10) == "short"


@pytest.mark.parametrize(("n_models", "width"), [(2, 7.6), (2, 6.0), (3, 7.6)])
def test_threshold_legends_sit_below_the_x_label(sample, n_models, width):
    """Short panels (three per row, or a narrow figure) used to put the legend over
    the x label (anchored at a fraction of the axes' height)."""
    from evalplots.report.standard._figures import threshold_figure

    scores = list(sample.predictions.values())
    scores.append((scores[0] + scores[1]) / 2)
    ev = evaluate(sample.y_true, dict(zip("abc", scores[:n_models])))
    fig = threshold_figure(ev, width=width)
    fig.draw_without_rendering()
    renderer = fig._get_renderer()
    for ax in fig.axes:
        label = ax.xaxis.label.get_window_extent(renderer)
        legend = ax.get_legend().get_window_extent(renderer)
        assert legend.y1 < label.y0  # the legend's top is below the label's bottom
        assert legend.y0 >= 0  # and inside the figure


def test_break_lines_cuts_a_too_long_text_in_the_middle():
    """A 200-character name would take ~10 title lines and squeeze the axes to
    nothing: at most 3 lines, the start kept, then '…' and the name's end, each
    line fitting."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    from evalplots.display._base import break_lines

    name = "_".join(f"word{k}" for k in range(40))
    lines = break_lines(name, 100, fontsize=10).split("\n")
    assert len(lines) == 3 and lines[-1].startswith("…") and len(lines[-1]) > 5
    assert name.startswith("".join(lines[:2])) and name.endswith(lines[-1][1:])
    widths = [text_to_path.get_text_width_height_descent(line, FontProperties(size=10),
                                                         ismath=False)[0] for line in lines]
    assert max(widths) <= 100
    # the end is as long as fits: one more character would not
    longer = "…" + name[-len(lines[-1]):]
    assert text_to_path.get_text_width_height_descent(
        longer, FontProperties(size=10), ismath=False)[0] > 100
    assert break_lines(name, 100, fontsize=10, max_lines=50).replace("\n", "") == name


def test_long_names_that_differ_at_the_end_keep_different_panel_titles():
    """Two 200-character model names that share all but their last characters
    used to get the same '…'-ended title; the end is kept, and every line still
    fits its axes."""
    from matplotlib.figure import Figure

    from evalplots.report.standard._figures import panel_title

    stem = "gradient_boosting_" + "_".join(f"feature{k}" for k in range(20))
    names = [f"{stem}_C_{c}".rjust(200, "x") for c in ("0.1", "1.0")]
    assert names[0] != names[1] and names[0][:-3] == names[1][:-3]
    fig = Figure(figsize=(7.6, 3), layout="constrained")
    axes = fig.subplots(1, 2)
    for ax, name in zip(axes, names):
        panel_title(ax, name, 7.6 / 2)
    titles = [ax.get_title() for ax in axes]
    assert titles[0] != titles[1]
    for title, name in zip(titles, names):
        lines = title.split("\n")
        assert len(lines) == 3 and lines[-1].startswith("…")
        assert name.endswith(lines[-1][1:]) and name.startswith("".join(lines[:2]))
    fig.draw_without_rendering()
    renderer = fig._get_renderer()
    for ax in axes:
        assert ax.title.get_window_extent(renderer).width <= ax.get_window_extent(renderer).width


def test_decision_curve_and_recalibration_equal_the_metrics_functions(sample):
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, size=500)
    inside = {"p": np.round(1 / (1 + np.exp(-(2 * y - 1 + rng.normal(size=500)))), 3),
              "score": y + rng.normal(size=500)}
    w = rng.integers(1, 4, size=500).astype(float)
    for weight in (None, w):
        ev = evaluate(y, inside, sample_weight=weight)
        thresholds, model, treat_all = ev["p"].decision_curve
        np.testing.assert_array_equal(thresholds, np.arange(100) / 100)
        np.testing.assert_allclose(model, metrics.net_benefit(
            y, inside["p"], thresholds, sample_weight=weight), rtol=0, atol=1e-14)
        np.testing.assert_allclose(treat_all, metrics.treat_all_net_benefit(
            y, thresholds, sample_weight=weight), rtol=0, atol=1e-14)
        display = ev.decision_curve_display("p")
        np.testing.assert_array_equal(display.net_benefit, model)
        # the table's cells are frequency weights: the fit equals the rows' fit
        fit = ev["p"].calibration_slope_intercept
        rows = metrics.calibration_slope_intercept(y, inside["p"], sample_weight=weight)
        assert fit.slope.interval == pytest.approx(rows.slope.interval, rel=1e-9)
        assert fit.intercept.interval == pytest.approx(rows.intercept.interval, rel=1e-9,
                                                       abs=1e-12)
        assert ev["score"].decision_curve is None
        assert ev["score"].calibration_slope_intercept is None
        with pytest.raises(ValueError, match="no decision curve"):
            ev.decision_curve_display("score")
    # probabilities of exactly 0 or 1 (the sample's, rounded): no recalibration
    ev = evaluate(sample.y_true, sample.scores)
    assert all(ev[name].calibration_slope_intercept is None for name in sample.scores)
    assert ev["logistic_regression"].decision_curve is not None


def test_recalibration_of_separated_classes_is_none_without_a_warning():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ev = evaluate([0, 0, 1, 1], {"m": [0.1, 0.2, 0.7, 0.9]})
        assert ev["m"].calibration_slope_intercept is None


def test_clinical_points_and_calibration_tests_equal_the_metrics_functions(sample):
    from evalplots.evaluation._binary import CLINICAL_POINT_COLUMNS

    y, scores = tied_data(seed=3)
    w = np.random.default_rng(4).integers(1, 4, size=y.size)  # frequency weights
    ev = evaluate(y, scores, sample_weight=w, n_resamples=300)
    rows_y, opts = np.repeat(y, w), ev.interval_options
    for name, s in scores.items():
        rows_s = np.repeat(s, w)
        got = ev.operating_point_intervals[name]
        for column, specificity in zip(CLINICAL_POINT_COLUMNS, (0.9, 0.95)):
            # the counts' bootstrap is the rows' one, draw for draw
            assert got[column] == metrics.sensitivity_at_specificity(
                rows_y, rows_s, specificity, n_resamples=300, random_state=opts.rng(
                    "bootstrap", "sensitivity at specificity", name, f"{specificity:g}"))
        ratios = metrics.likelihood_ratios(rows_y, rows_s >= 0.5)
        assert (got["LR+"], got["LR-"]) == (ratios.positive, ratios.negative)
    p = scores["prob"]
    assert ev["prob"].spiegelhalter_test.z == pytest.approx(
        metrics.spiegelhalter_z_test(y, p, sample_weight=w).z, rel=1e-12)
    assert ev["prob"].brier_skill_score == pytest.approx(
        metrics.brier_skill_score(y, p, sample_weight=w), rel=1e-12)
    assert ev["logit"].spiegelhalter_test is None
    assert "not probabilities" in ev["logit"].calibration_slope_intercept_note
    # the sample's rounded probabilities: the note counts the rows at exactly 0 or 1
    ev = evaluate(sample.y_true, sample.scores)
    for name, s in sample.scores.items():
        k = int(np.isin(np.asarray(s), (0.0, 1.0)).sum())
        assert ev[name].calibration_slope_intercept_note.startswith(
            f"{k:,} probabilities are exactly 0 or 1")
    # no false positive at the threshold: LR+ infinite, no interval, the reason said
    ev = evaluate([0, 0, 1, 1, 1], {"m": [0.1, 0.2, 0.3, 0.6, 0.9]})
    assert "LR+" not in ev.operating_point_intervals["m"]
    assert "no FP" in ev.operating_point_intervals.notes["LR+"]["m"]
    assert ev["m"].calibration_slope_intercept_note == (
        "the predicted log-odds separate the classes, so the maximum-likelihood slope "
        "is infinite")
