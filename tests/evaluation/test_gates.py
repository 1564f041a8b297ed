"""Baseline gates: every other model tested against the baseline, one-sided against a
margin (non-inferiority or superiority), Holm-adjusted over the models."""

import math
from statistics import NormalDist

import numpy as np
import pytest

from evalplots import evaluate
from evalplots.datasets import load_breast_cancer_predictions
from evalplots.metrics import delong_test, holm_adjust, margin_test

PHI = NormalDist().cdf


@pytest.mark.parametrize("superiority", [False, True])
def test_margin_test_by_hand(superiority):
    """z, p and the one-sided bound written out; the bound clears the threshold
    exactly when p is below alpha."""
    for d, se, m in [(-0.01, 0.01, 0.05), (0.03, 0.02, 0.01), (-0.04, 0.015, 0.02),
                     (0.0, 0.01, 0.0)]:
        r = margin_test(d, se, m, superiority=superiority, confidence_level=0.9)
        z = (d - m if superiority else d + m) / se
        assert r.z == pytest.approx(z, rel=1e-12)
        assert r.pvalue == pytest.approx(1 - PHI(z), rel=1e-9)
        assert r.bound == pytest.approx(d - NormalDist().inv_cdf(0.9) * se, rel=1e-12)
        assert r.passed == (r.bound > (m if superiority else -m)) == (r.pvalue < 0.1)


def test_margin_test_refuses_what_is_no_margin():
    with pytest.raises(ValueError, match="margin must be >= 0, got -0.02; a margin is"):
        margin_test(0.01, 0.01, -0.02)
    with pytest.raises(ValueError, match="se must be a finite number, got nan"):
        margin_test(0.01, math.nan, 0.02)
    with pytest.raises(ValueError, match="confidence_level must be strictly between"):
        margin_test(0.01, 0.01, 0.02, confidence_level=95)


@pytest.fixture(scope="module")
def sample():
    """The bundled sample's two models and a third: the naive Bayes scores with
    noise (0.020 lower in AUC); logistic regression is clearly the better model."""
    data = load_breast_cancer_predictions()
    rng = np.random.default_rng(3)
    nb = data.scores["gaussian_naive_bayes"]
    scores = {**data.scores, "noisy_nb": nb + rng.normal(0, 0.02, nb.size)}
    return data.y_true, scores, evaluate(data.y_true, scores)


def test_each_gate_is_the_paired_delong_difference_model_minus_baseline(sample):
    """Difference and its standard error from the evaluation's summaries equal the
    row-wise DeLong test, whichever of the two comes first in model order."""
    y, scores, ev = sample
    gates = ev.baseline_gates("gaussian_naive_bayes", 0.01)
    assert [g.model for g in gates] == ["logistic_regression", "noisy_nb"]
    for gate in gates:
        expected = delong_test(y, scores[gate.model], scores["gaussian_naive_bayes"])
        assert gate.test.difference == pytest.approx(expected.difference, abs=1e-12)
        z = (expected.difference + 0.01) / expected.se
        assert gate.test.z == pytest.approx(z, rel=1e-9)
    assert gates[0].test.difference > 0  # logistic regression: AUC 0.995 vs 0.977


def test_verdicts_on_better_worse_and_inside_the_margin(sample):
    _, _, ev = sample
    better = ev.baseline_gates("gaussian_naive_bayes", 0.0, superiority=True)
    assert [g.passed for g in better] == [True, False]  # noisy_nb is no better
    worse = ev.baseline_gates("logistic_regression", 0.005)
    assert [g.passed for g in worse] == [False, False] and not worse.passed
    assert all(g.test.difference < -0.005 for g in worse)
    inside = ev.baseline_gates("gaussian_naive_bayes", 0.05)
    assert [g.passed for g in inside] == [True, True] and inside.passed
    noisy = inside[1].test  # 0.020 worse: within 0.05, not within 0.02
    assert -0.05 < noisy.bound < noisy.difference < -0.01
    assert not ev.baseline_gates("gaussian_naive_bayes", 0.02)[1].passed
    raw = [g.test.pvalue for g in inside]
    assert [g.pvalue_holm for g in inside] == pytest.approx(holm_adjust(raw).tolist(),
                                                            rel=1e-12, abs=0)
    assert str(inside[1]).startswith("noisy_nb vs gaussian_naive_bayes (ROC AUC, "
                                     "non-inferiority, margin 0.050): difference -0.020, ")


def test_a_gate_without_its_test_does_not_pass_and_says_why():
    y = np.array([0, 1, 0, 1, 1, 0, 1, 0])
    scores = {"a": [.2, .8, .3, .7, .6, .4, .9, .1], "b": [.3, .7, .2, .9, .5, .6, .8, .4]}
    ev = evaluate(y, scores, sample_weight=np.full(8, 0.5))
    (gate,) = ev.baseline_gates("a", 0.05)
    assert gate.test is None and not gate.passed and "non-integer weights" in gate.note
    assert math.isnan(gate.pvalue_holm)
    row = ev.baseline_gates("a", 0.05).to_frame().iloc[0]
    assert (row["model"], row["hypothesis"], row["passed"]) == ("b", None, False)
    assert row[["margin", "difference", "bound", "pvalue"]].isna().all()
    assert "non-integer weights" in row["note"]


def test_bad_gate_arguments_name_the_fix(sample):
    _, _, ev = sample
    with pytest.raises(KeyError, match="svm"):
        ev.baseline_gates("svm", 0.01)
    with pytest.raises(ValueError, match=r"metric must be one of 'roc_auc' \(a metric "
                                         r"with a paired test\), got 'accuracy'"):
        ev.baseline_gates("noisy_nb", 0.01, metric="accuracy")
    one = evaluate([0, 1, 0, 1], {"a": [.1, .9, .3, .6]})
    with pytest.raises(ValueError, match="no model to gate against 'a'"):
        one.baseline_gates("a", 0.01)
