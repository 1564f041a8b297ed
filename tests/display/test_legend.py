"""Legend entries of the ROC and P-R Displays: one per model, decimals shared by the
models of an axes, intervals with their level and method, a user's label.
"""

import numpy as np
import pytest
import sklearn.metrics as skm
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

import evalplots.metrics as em
from evalplots.display import PrecisionRecallDisplay, RocCurveDisplay
from evalplots.display._base import LegendScore, legend_label
from evalplots.metrics import ConfidenceInterval

from tests.support import S6, Y6, _ax, _legend_texts, _random


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
