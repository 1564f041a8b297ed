"""Partial AUC over either focus, checked against pROC.

Oracle: pROC's tests/testthat/test-auc.R values on its aSAH data (auc with
partial.auc, partial.auc.focus and partial.auc.correct), and hand-drawn curves.
"""

import pytest

from evalplots.metrics import partial_auc, roc_auc_score
from tests.metrics.test_inference import ASAH, ASAH_Y

# pROC tests/testthat/test-auc.R: auc(r, partial.auc = range, partial.auc.focus,
# partial.auc.correct) for the ranges (1, .9), (.9, .8), (.5, 0)
_PAUC = {
    ("wfns", "specificity", False): (0.0334417344173442, 0.0598373983739837, 0.488134475939354),
    ("wfns", "sensitivity", False): (0.0400999322493225, 0.0609953703703703, 0.483358739837398),
    ("wfns", "specificity", True): (0.649693339038653, 0.763749402199904, 0.952537903757416),
    ("wfns", "sensitivity", True): (0.68473648552275, 0.770561002178649, 0.933434959349593),
    ("ndka", "specificity", False): (0.0107046070460705, 0.0277777777777778, 0.416836043360434),
    ("ndka", "sensitivity", False): (0.0037940379403794, 0.0242547425474255, 0.428523035230352),
    ("ndka", "specificity", True): (0.530024247610897, 0.575163398692811, 0.667344173441734),
    # (1, .9) is below the diagonal: pROC gives NA, we give the formula (checked below)
    ("ndka", "sensitivity", True): (None, 0.554439662043679, 0.714092140921409),
}


@pytest.mark.parametrize("key", list(_PAUC))
def test_partial_auc_matches_pROC(key):
    name, focus, correct = key
    for bounds, expected in zip([(1, 0.9), (0.9, 0.8), (0.5, 0)], _PAUC[key]):
        got = partial_auc(ASAH_Y, ASAH[name], partial_range=bounds, focus=focus, correct=correct)
        if expected is not None:
            assert got == pytest.approx(expected, rel=1e-12)
    full = partial_auc(ASAH_Y, ASAH[name], partial_range=(0, 1), focus=focus, correct=correct)
    assert full == pytest.approx(roc_auc_score(ASAH_Y, ASAH[name]), abs=1e-15)


def test_mcclish_below_the_diagonal_is_the_formula_and_max_fpr_agrees():
    area = partial_auc(ASAH_Y, ASAH["ndka"], partial_range=(0.9, 1), focus="sensitivity")
    a_min, a_max = 0.1 * (2 - 1.9) / 2, 0.1  # the diagonal's area, a perfect curve's
    got = partial_auc(ASAH_Y, ASAH["ndka"], partial_range=(0.9, 1), focus="sensitivity",
                      correct=True)
    assert area < a_min and got == pytest.approx(0.5 * (1 + (area - a_min) / (a_max - a_min)))
    for f in (0.1, 0.37):
        assert partial_auc(ASAH_Y, ASAH["s100b"], partial_range=(1 - f, 1), correct=True) == (
            pytest.approx(roc_auc_score(ASAH_Y, ASAH["s100b"], max_fpr=f), abs=1e-15))


def test_partial_auc_of_a_hand_drawn_curve():
    # points (0,0) (0,.5) (.5,.5) (.5,1) (1,1): TPR .5 on FPR [0,.5), 1 beyond
    y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    assert partial_auc(y, s, partial_range=(0.6, 0.8)) == pytest.approx(0.2 * 0.5)
    assert partial_auc(y, s, partial_range=(0.2, 0.6)) == pytest.approx(0.1 * 0.5 + 0.3)
    # sensitivity band [.25, .75]: 1 - FPR is 1 below TPR .5, .5 above
    assert partial_auc(y, s, partial_range=(0.75, 0.25), focus="sensitivity") == (
        pytest.approx(0.25 + 0.125))


@pytest.mark.parametrize("kwargs, match", [
    ({"partial_range": (0.9, 0.9)}, "two different numbers"),
    ({"partial_range": (0.9, 1.2)}, "two different numbers"),
    ({"partial_range": 0.9}, "two different numbers"),
    ({"partial_range": (0.9, 1), "focus": "fpr"}, "focus must be"),
])
def test_partial_auc_names_the_bad_argument(kwargs, match):
    with pytest.raises(ValueError, match=match):
        partial_auc([0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6], **kwargs)
