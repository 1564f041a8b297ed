"""One-vs-rest ROC and P-R Displays: legend numbers against scikit-learn, the drawn
curves against the binary curves, the exact macro curves, the artists, bad input."""

import numpy as np
import pytest
import sklearn.metrics as skm
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from evalplots import metrics
from evalplots.display import PrecisionRecallDisplay, RocCurveDisplay
from evalplots.display._base import format_score, score_decimals
from evalplots.metrics.ranking._ovr_curves import (
    ovr_counts,
    ovr_precision_recall_curves,
    ovr_roc_curves,
)

AVERAGES = ["micro-average", "macro-average"]
TAB10 = ["#1f77b4", "#ff7f0e", "#2ca02c"]


def _ax():
    return Figure(figsize=(4, 4)).add_subplot()


def _sk_auc(y, s, **kw):
    return [
        *skm.roc_auc_score(y, s, multi_class="ovr", average=None, **kw),
        skm.roc_auc_score(y, s, multi_class="ovr", average="micro", **kw),
        skm.roc_auc_score(y, s, multi_class="ovr", average="macro", **kw),
    ]


def _sk_ap(y, s, **kw):
    return [
        *skm.average_precision_score(y, s, average=None, **kw),
        skm.average_precision_score(y, s, average="micro", **kw),
        skm.average_precision_score(y, s, average="macro", **kw),
    ]


def _random(seed, n=90, k=4):
    rng = np.random.default_rng(seed)
    y = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    raw = rng.integers(1, 6, size=(n, k)).astype(float)  # ties in every column
    raw[np.arange(n), y] += rng.integers(0, 3, n)
    return y, raw / raw.sum(axis=1, keepdims=True), rng.uniform(0.2, 2, n)


# ------------------------------------------------------------------ legend values
@pytest.mark.parametrize("weighted", [False, True])
def test_roc_legend_values_are_scikit_learns_roc_auc_score(weighted):
    y, proba, w = _random(0)
    w = w if weighted else None
    display = RocCurveDisplay.from_predictions(y, proba, sample_weight=w, ax=_ax())
    expected = _sk_auc(y, proba, sample_weight=w)
    np.testing.assert_allclose(display.roc_auc, expected, rtol=1e-12)
    names = ["0", "1", "2", "3", *AVERAGES]
    decimals = max(score_decimals(v) for v in expected)  # one for the whole legend
    assert [line.get_label() for line in display.line_] == [
        f"{n} (AUC = {format_score(v, decimals)})" for n, v in zip(names, expected)
    ]


@pytest.mark.parametrize("weighted", [False, True])
def test_pr_legend_values_are_scikit_learns_average_precision_score(weighted):
    y, proba, w = _random(1)
    w = w if weighted else None
    display = PrecisionRecallDisplay.from_predictions(y, proba, sample_weight=w, ax=_ax())
    expected = _sk_ap(y, proba, sample_weight=w)
    np.testing.assert_allclose(display.average_precision, expected, rtol=1e-12)
    labels = [line.get_label() for line in display.line_]
    shown = [*expected, *(b for b in display.break_even if b is not None)]
    d = max(score_decimals(v) for v in shown)  # one for the whole legend
    assert labels[-1] == f"macro-average (AP = {format_score(expected[-1], d)})"
    for label, value, bep in zip(labels[:-1], expected, display.break_even):
        assert label.endswith(f"(AP = {format_score(value, d)}, BEP = {format_score(bep, d)})")


def test_labels_choose_and_order_the_columns(iris30):
    reordered = iris30.y_score[:, [2, 0, 1]]
    labels = ["virginica", "setosa", "versicolor"]
    display = RocCurveDisplay.from_predictions(
        iris30.y_true, reordered, labels=labels, ax=_ax()
    )
    # scikit-learn wants sorted labels: its per-class values, permuted, are ours
    expected = _sk_auc(iris30.y_true, iris30.y_score)
    np.testing.assert_allclose(
        display.roc_auc, [*np.array(expected[:3])[[2, 0, 1]], *expected[3:]], rtol=1e-12
    )
    assert display.name == [*labels, *AVERAGES]
    np.testing.assert_allclose(
        display.roc_auc[:3],
        metrics.roc_auc_score(
            iris30.y_true, reordered, multi_class="ovr", labels=labels, average=None
        ),
        rtol=1e-12,
    )


# ----------------------------------------------------------------- drawn curves
@pytest.mark.parametrize("drop_intermediate", [True, False])
def test_roc_class_and_micro_lines_are_the_binary_roc_curves(iris30, drop_intermediate):
    display = RocCurveDisplay.from_predictions(
        iris30.y_true, iris30.y_score, drop_intermediate=drop_intermediate, ax=_ax()
    )
    onehot = (iris30.codes[:, None] == np.arange(3)).astype(int)
    problems = [(onehot[:, c], iris30.y_score[:, c]) for c in range(3)]
    problems.append((onehot.ravel(), iris30.y_score.ravel()))
    for line, (y, s) in zip(display.line_, problems):
        fpr, tpr, _ = metrics.roc_curve(y, s, drop_intermediate=drop_intermediate)
        np.testing.assert_array_equal(line.get_xydata(), np.column_stack((fpr, tpr)))
        sk_fpr, sk_tpr, _ = skm.roc_curve(y, s, drop_intermediate=False)
        assert metrics.auc(fpr, tpr) == pytest.approx(skm.auc(sk_fpr, sk_tpr), rel=1e-12)


@pytest.mark.parametrize("drawstyle", ["steps-post", "sawtooth"])
def test_pr_class_and_micro_lines_are_the_binary_pr_curves(iris30, drawstyle):
    display = PrecisionRecallDisplay.from_predictions(
        iris30.y_true, iris30.y_score, drawstyle=drawstyle, ax=_ax()
    )
    onehot = (iris30.codes[:, None] == np.arange(3)).astype(int)
    problems = [(onehot[:, c], iris30.y_score[:, c]) for c in range(3)]
    problems.append((onehot.ravel(), iris30.y_score.ravel()))
    for line, marker, (y, s) in zip(display.line_, display.break_even_, problems):
        precision, recall, _ = skm.precision_recall_curve(y, s)
        if drawstyle == "sawtooth":  # operating points, highest threshold first
            precision, recall = precision[-2::-1], recall[-2::-1]
        np.testing.assert_allclose(line.get_xdata(), recall, rtol=1e-12)
        np.testing.assert_allclose(line.get_ydata(), precision, rtol=1e-12)
        bep = metrics.break_even_point(y, s)
        np.testing.assert_allclose(marker.get_xydata(), [[bep, bep]])
        assert to_rgba(marker.get_color()) == to_rgba(line.get_color())
        assert marker.get_label() == "_nolegend_"  # the BEP is in the curve's entry
    macro = display.line_[-1]
    assert macro.get_drawstyle() == "steps-post"  # whatever the drawstyle
    assert display.break_even_[-1] is None  # the macro curve has no BEP
    expected = "default" if drawstyle == "sawtooth" else "steps-post"
    assert {line.get_drawstyle() for line in display.line_[:-1]} == {expected}


def test_macro_lines_have_the_macro_scores_as_area():
    for seed in range(4):
        y, proba, w = _random(seed, n=60, k=3 + seed)
        roc = RocCurveDisplay.from_predictions(y, proba, sample_weight=w, ax=_ax())
        x, t = roc.line_[-1].get_xdata(), roc.line_[-1].get_ydata()
        macro_auc = skm.roc_auc_score(y, proba, multi_class="ovr", sample_weight=w)
        assert abs(metrics.auc(x, t) - macro_auc) < 1e-12
        pr = PrecisionRecallDisplay.from_predictions(y, proba, sample_weight=w, ax=_ax())
        r, p = pr.line_[-1].get_xdata(), pr.line_[-1].get_ydata()
        macro_ap = skm.average_precision_score(y, proba, sample_weight=w)
        assert abs(metrics.average_precision_from_curve(p, r) - macro_ap) < 1e-12


# ---------------------------------------------------------------------- artists
def test_roc_artists_colours_and_legend(iris30):
    display = RocCurveDisplay.from_predictions(
        iris30.y_true, iris30.y_score, name="forest", ax=_ax()
    )
    ax = display.ax_
    assert len(display.line_) == 5 and len(ax.get_lines()) == 6  # + the diagonal
    assert [to_rgba(ln.get_color()) for ln in display.line_[:3]] == [
        to_rgba(c) for c in TAB10
    ]
    micro, macro = display.line_[3:]
    assert to_rgba(micro.get_color()) == to_rgba("k") and micro.get_linestyle() == ":"
    assert to_rgba(macro.get_color()) == to_rgba("0.45") and macro.get_linestyle() == "-."
    chance = display.chance_level_
    assert chance.get_linestyle() == "--"  # three distinct dash patterns
    legend = ax.get_legend()
    assert legend.get_title().get_text() == "forest (one-vs-rest)"
    assert [t.get_text() for t in legend.get_texts()] == [
        # one number of decimals in the legend: 3, as 0.9975 needs (not "1.00")
        "setosa (AUC = 0.997)",
        "versicolor (AUC = 0.805)",
        "virginica (AUC = 0.857)",  # 0.8575 - 1 ulp, rounded down
        "micro-average (AUC = 0.900)",
        "macro-average (AUC = 0.887)",
        "Chance level (AUC = 0.5)",
    ]
    assert ax.get_xlabel() == "False Positive Rate"  # no single positive label


def test_pr_artists_and_chance_lines(iris30):
    display = PrecisionRecallDisplay.from_predictions(
        iris30.y_true, iris30.y_score, ax=_ax(), plot_chance_level=True
    )
    assert display.ax_.get_legend().get_title().get_text() == "One-vs-rest"
    assert [t.get_text() for t in display.ax_.get_legend().get_texts()] == [
        "setosa (AP = 0.99, BEP = 0.95)",
        "versicolor (AP = 0.66, BEP = 0.70)",
        "virginica (AP = 0.79, BEP = 0.65)",
        "micro-average (AP = 0.82, BEP = 0.75)",
        "macro-average (AP = 0.81)",
    ]
    # one chance line per curve, at its prevalence, in its colour, not in the legend
    heights = [c.get_ydata()[0] for c in display.chance_level_]
    np.testing.assert_allclose(heights, [1 / 3] * 5)
    for line, chance in zip(display.line_, display.chance_level_):
        assert to_rgba(chance.get_color()) == to_rgba(line.get_color())
    assert [b is None for b in display.break_even_] == [False] * 4 + [True]


def test_sawtooth_legend_names_the_rule_of_each_number(iris30):
    display = PrecisionRecallDisplay.from_predictions(
        iris30.y_true, iris30.y_score, drawstyle="sawtooth", plot_break_even=False,
        ax=_ax(),
    )
    labels = [line.get_label() for line in display.line_]
    assert labels[0] == "setosa (step-wise AP = 0.99)"
    assert labels[-1] == "macro-average (AP = 0.81)"  # drawn as steps: its area
    assert display.break_even_ == [None] * 5


def test_constructor_from_stored_arrays_draws_what_from_predictions_draws(iris30):
    # what the evaluation object does: count once, build both Displays
    counts = ovr_counts(iris30.codes, iris30.y_score)
    roc, pr = ovr_roc_curves(counts), ovr_precision_recall_curves(counts)
    names = [*iris30.classes, *AVERAGES]
    by_hand = RocCurveDisplay(
        fpr=roc.fpr, tpr=roc.tpr, roc_auc=list(roc.roc_auc), name=names,
        average=roc.average,
    ).plot(ax=_ax(), legend_title="forest (one-vs-rest)")
    via = RocCurveDisplay.from_predictions(
        iris30.y_true, iris30.y_score, name="forest", ax=_ax()
    )
    for a, b in zip(by_hand.line_, via.line_):
        assert a.get_label() == b.get_label() and a.get_color() == b.get_color()
        np.testing.assert_array_equal(a.get_xydata(), b.get_xydata())
    by_hand = PrecisionRecallDisplay(
        pr.precision, pr.recall, average_precision=list(pr.average_precision),
        break_even=pr.break_even, prevalence_pos_label=list(pr.prevalence),
        name=names, average=pr.average,
    ).plot(ax=_ax(), drawstyle="sawtooth")
    via = PrecisionRecallDisplay.from_predictions(
        iris30.y_true, iris30.y_score, ax=_ax(), drawstyle="sawtooth"
    )
    for a, b in zip(by_hand.line_ + by_hand.break_even_[:4], via.line_ + via.break_even_[:4]):
        assert a.get_label() == b.get_label()
        np.testing.assert_array_equal(a.get_xydata(), b.get_xydata())


def test_plot_options_for_several_curves(iris30):
    display = RocCurveDisplay.from_predictions(
        iris30.y_true,
        iris30.y_score,
        ax=_ax(),
        linewidth=3,
        curve_kwargs=[None, {"color": "r"}, None, {"lw": 1}, None],
    )
    assert [ln.get_linewidth() for ln in display.line_] == [3, 3, 3, 1, 3]
    assert to_rgba(display.line_[1].get_color()) == to_rgba("r")
    display.plot(ax=_ax(), name=["a", "b", "c", "micro", "macro"], curve_kwargs={"alpha": 0.5})
    assert display.line_[0].get_label() == "a (AUC = 0.997)"
    assert {ln.get_alpha() for ln in display.line_} == {0.5}
    assert display.name[0] == "setosa"  # plot(name=...) does not change the display


@pytest.mark.parametrize(
    "k, palette, outside", [(10, "tab10", False), (11, "tab20", True), (21, None, True)]
)
def test_many_classes(k, palette, outside):
    import matplotlib as mpl

    y, proba, _ = _random(3, n=8 * k, k=k)
    display = RocCurveDisplay.from_predictions(y, proba, ax=_ax())
    colors = [to_rgba(ln.get_color()) for ln in display.line_[:k]]
    assert len(set(colors)) == k  # distinct
    if palette is not None:
        assert colors == [to_rgba(c) for c in mpl.colormaps[palette].colors[:k]]
    legend = display.ax_.get_legend()
    assert len(legend.get_texts()) == k + 3
    assert (legend.get_bbox_to_anchor().x0 > display.ax_.bbox.x1) == outside


# ------------------------------------------------------------------- bad input
@pytest.mark.parametrize("cls", [RocCurveDisplay, PrecisionRecallDisplay])
@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"y_score": np.full((30, 2), 0.5)}, "2 columns but there are 3 classes"),
        ({"y_score": np.full((30, 1), 0.5)}, r"shape \(30, 1\): one column"),
        ({"labels": ["setosa", "versicolor"]}, "3 columns but there are 2 classes"),
        ({"labels": ["setosa", "versicolor", "iris"]}, "not in labels"),
        ({"labels": ["setosa", "setosa", "virginica"]}, "labels must be unique"),
        ({"pos_label": "setosa"}, "pos_label='setosa' applies to a binary y_score"),
        ({"sample_weight": np.r_[np.ones(29), 0] * (np.arange(30) > 40)},
         "sample_weight sums to 0"),
    ],
)
def test_bad_ovr_input(cls, kwargs, match, iris30):
    args = {"y_true": iris30.y_true, "y_score": iris30.y_score, "ax": _ax(), **kwargs}
    with pytest.raises(ValueError, match=match):
        cls.from_predictions(**args)


@pytest.mark.parametrize("cls", [RocCurveDisplay, PrecisionRecallDisplay])
def test_a_class_without_samples_is_an_error(cls, iris30):
    # 'iris' is a column the data never use: its curve would be 0/0
    scores = np.column_stack((iris30.y_score, np.zeros(30)))
    labels = [*iris30.classes, "iris"]
    with pytest.raises(ValueError, match=r"Class\(es\) \{'iris'\} of labels never occur"):
        cls.from_predictions(iris30.y_true, scores, labels=labels, ax=_ax())
    weight = (iris30.codes != 2).astype(float)
    with pytest.raises(ValueError, match=r"\{'virginica'\} have total sample_weight 0"):
        cls.from_predictions(iris30.y_true, iris30.y_score, sample_weight=weight, ax=_ax())


@pytest.mark.parametrize("cls", [RocCurveDisplay, PrecisionRecallDisplay])
def test_labels_with_a_binary_score_is_an_error(cls, watermelon):
    with pytest.raises(ValueError, match="labels names the columns of a 2-D y_score"):
        cls.from_predictions(watermelon.y_true, watermelon.y_score, labels=[0, 1])


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"tpr": [[0, 1], [0, 1], [0, 1]]}, "fpr is a list of 2 curves, so tpr must"),
        ({"tpr": np.array([0, 1])}, "so tpr must be a list of 2 arrays too"),
        ({"roc_auc": [0.5]}, "roc_auc has 1 entries but there are 2 curves"),
        ({"roc_auc": 0.5}, "roc_auc must be a list with one entry per curve"),
        ({"roc_auc": [0.5, 2]}, r"roc_auc\[1\] must be a number in \[0, 1\]"),
        ({"name": "forest"}, "name is one string but the Display holds 2 curves"),
        ({"average": [None, "weighted"]}, r"average\[1\] must be one of None, 'micro'"),
        ({"fpr": [[0, 1], [0, 2]]}, r"fpr\[1\] values must lie in \[0, 1\]"),
    ],
)
def test_bad_multi_curve_constructor_input(kwargs, match):
    args = {"fpr": [[0, 1], [0, 0.5, 1]], "tpr": [[0, 1], [0, 1, 1]], **kwargs}
    with pytest.raises(ValueError, match=match):
        RocCurveDisplay(**args).plot(ax=Figure().subplots())


def test_bad_multi_curve_pr_input():
    p, r = [0.5, 1, 1], [1, 0.5, 0]
    with pytest.raises(ValueError, match=r"recall\[1\] must be non-increasing"):
        PrecisionRecallDisplay([p, [1, 0.5, 1]], [r, [0, 1, 0]]).plot(ax=Figure().subplots())
    with pytest.raises(ValueError, match=r"break_even\[0\] must be a number"):
        PrecisionRecallDisplay([p, p], [r, r], break_even=[2, None]).plot(
            ax=Figure().subplots())
    display = PrecisionRecallDisplay([p, p], [r, r], prevalence_pos_label=[0.5, None])
    with pytest.raises(ValueError, match="plot_chance_level=True needs prevalence"):
        display.plot(ax=_ax(), plot_chance_level=True)
    with pytest.raises(ValueError, match="kwargs sets the Line2D drawstyle"):
        display.plot(ax=_ax(), curve_kwargs=[None, {"ds": "steps"}])
    with pytest.raises(ValueError, match="curve_kwargs has 1 entries"):
        display.plot(ax=_ax(), curve_kwargs=[{}])


def test_legend_title_is_kept_when_more_curves_are_added(iris30, watermelon):
    ax = _ax()
    RocCurveDisplay.from_predictions(iris30.y_true, iris30.y_score, name="forest", ax=ax)
    RocCurveDisplay.from_predictions(watermelon.y_true, watermelon.y_score, name="toy", ax=ax)
    legend = ax.get_legend()
    assert legend.get_title().get_text() == "forest (one-vs-rest)"
    # 3 decimals, as the one-vs-rest entries already in this legend (setosa 0.9975)
    assert legend.get_texts()[5].get_text() == "toy (AUC = 0.778)"
    RocCurveDisplay([0, 1], [0, 1]).plot(ax=ax, legend_title="two models")
    assert ax.get_legend().get_title().get_text() == "two models"


def test_a_single_macro_curve_is_steps_without_break_even(iris30):
    full = PrecisionRecallDisplay.from_predictions(iris30.y_true, iris30.y_score, ax=_ax())
    macro = PrecisionRecallDisplay(
        full.precision[-1], full.recall[-1], average_precision=full.average_precision[-1],
        name="forest", average="macro",
    ).plot(ax=_ax(), drawstyle="sawtooth")
    assert macro.line_.get_drawstyle() == "steps-post"
    assert macro.break_even_ is None
    assert macro.line_.get_label() == "forest (AP = 0.81)"
    with pytest.raises(ValueError, match="average must be one of None, 'micro', 'macro'"):
        RocCurveDisplay([0, 1], [0, 1], average="weighted").plot(ax=Figure().subplots())
