"""The report's Cross-validation and Subgroups sections and page 1's statement of
weights, folds and groups: the numbers in the PDF are the evaluation's."""

import numpy as np
import pytest
from pypdf import PdfReader

from evalplots import evaluate
from evalplots.report import evaluation_report
from tests.support import stubbed_figures


@pytest.fixture(scope="module")
def structured(tmp_path_factory):
    rng = np.random.default_rng(5)
    n = 400
    y = rng.integers(0, 2, n)
    site = rng.choice(np.array(["Lyon", "Paris", "Nice"]), n)
    fold = rng.permutation(np.arange(n) % 4) + 1
    w = rng.integers(1, 3, n)
    scores = {"a": 1 / (1 + np.exp(-(y + rng.normal(size=n)))),
              "b": 1 / (1 + np.exp(-(0.5 * y + rng.normal(size=n))))}
    ev = evaluate(y, scores, groups={"site": site}, folds=fold, sample_weight=w,
                  n_resamples=30)
    path = tmp_path_factory.mktemp("structure") / "r.pdf"
    with stubbed_figures():  # the text is under test, not the figures
        evaluation_report(ev).save(path)
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(path).pages]
    return ev, pages


def test_page_one_states_weights_folds_and_groups(structured):
    ev, pages = structured
    assert "Samples are weighted" in pages[0]
    assert "out-of-fold predictions of 4 folds (column 'fold')" in pages[0]
    assert "Headline numbers are pooled" in pages[0]
    assert "Subgroups by 'site' (3 groups)" in pages[0]


def test_cross_validation_table_holds_each_fold_and_the_mean_sd(structured):
    ev, pages = structured
    text = " ".join(pages)
    assert "Cross-validation" in text
    s = ev.folds.mean_sd("ROC AUC", "a")
    assert f"{s.mean:.3f} ± {s.sd:.3f}" in text
    for fold, value in ev.folds.per_fold("ROC AUC", "a").items():
        assert f"{fold} {ev.folds.sizes[fold]} {value:.3f}" in text


def test_subgroup_tables_hold_the_gaps_fairness_and_tests(structured):
    ev, pages = structured
    text = " ".join(pages)
    g = ev.groups["site"]
    assert "Subgroups: site" in text
    gap = g.difference("ROC AUC", "b")
    assert f"{gap.high} − {gap.low} {gap.ci.format(3)}" in text
    fair = g.fairness("a")
    assert fair.rates["Nice"]["TPR"].ci.format(3) in text
    assert f"equalized odds difference ({fair.equalized_odds_difference.metric})" in text
    h = g.auc_test("a").heterogeneity
    assert f"χ² of equal AUCs (3 groups) {h.statistic:.2f} 2" in text
