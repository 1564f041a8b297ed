"""net_benefit and treat_all_net_benefit (decision curve analysis).

Oracles: the values of R's dcurves package (Sjoberg) in its own tests, on its
df_binary data (tests/testthat/test-dca.R; the data from its data-raw/dca.csv,
MIT licence, stored here as tests/metrics/data/dcurves_df_binary.csv); a direct
O(n · n_thresholds) count written below from Vickers & Elkin (2006); hand counts.
"""

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalplots.metrics import net_benefit, treat_all_net_benefit
from tests.support import examples

DATA = Path(__file__).parent / "data" / "dcurves_df_binary.csv"


def load_df_binary():
    table = np.genfromtxt(DATA, delimiter=",", names=True)
    return {name: table[name] for name in table.dtype.names}


def direct_net_benefit(y, p, thresholds, w=None):
    """Vickers & Elkin (2006), eq. in §2, counted sample by sample."""
    y, p = np.asarray(y), np.asarray(p, dtype=float)
    w = np.ones(y.size) if w is None else np.asarray(w, dtype=float)
    out = []
    for t in thresholds:
        treated = p >= t
        tp = w[treated & (y == 1)].sum()
        fp = w[treated & (y == 0)].sum()
        out.append(tp / w.sum() - fp / w.sum() * t / (1 - t))
    return np.array(out)


def test_matches_dcurves_published_values():
    # dcurves tests/testthat/test-dca.R: dca(cancer ~ cancerpredmarker, df_binary),
    # threshold 0.25: (treat all, treat none, model)
    d = load_df_binary()
    assert d["cancer"].size == 750
    model = net_benefit(d["cancer"], d["cancerpredmarker"], [0.25])
    treat_all = treat_all_net_benefit(d["cancer"], [0.25])
    assert (treat_all[0], model[0]) == pytest.approx((-0.1466667, 0.0640000), abs=1e-6)
    # dca(cancer ~ famhistory, thresholds = 0) = (0.140, 0, 0.032): dcurves moves a
    # risk of exactly 0 to -eps, so a 0/1 marker at threshold 0 treats the ones
    # only; here a threshold just above 0 (the odds 1e-15 leave 0.032)
    assert treat_all_net_benefit(d["cancer"], 0.0)[0] == pytest.approx(0.140, abs=1e-12)
    assert net_benefit(d["cancer"], d["famhistory"], 1e-15)[0] == pytest.approx(0.032, abs=1e-12)
    assert net_benefit(d["cancer"], d["famhistory"], 0.0)[0] == pytest.approx(0.140, abs=1e-12)


def test_hand_computation():
    y = [0, 0, 1, 1, 0, 1, 0, 0]
    p = [0.1, 0.3, 0.35, 0.8, 0.2, 0.6, 0.5, 0.05]
    # t = 0.5: treated 0.8 (+), 0.6 (+), 0.5 (-): 2/8 - 1/8 * 1 (ties treated: p >= t)
    # t = 0: everyone treated: prevalence 3/8; t = 0.9: no one: 0
    nb = net_benefit(y, p, [0.5, 0.0, 0.9])
    np.testing.assert_allclose(nb, [2 / 8 - 1 / 8, 3 / 8, 0.0], rtol=0, atol=1e-15)
    np.testing.assert_allclose(treat_all_net_benefit(y, [0.5]), [3 / 8 - 5 / 8], atol=1e-15)


@settings(max_examples=examples(150), deadline=None)
@given(
    st.integers(1, 3000),
    st.integers(0, 2**32 - 1),
    st.sampled_from(["distinct", "tied", "float32", "weighted", "integer"]),
)
def test_matches_the_direct_count(n, seed, kind):
    # n up to 3000 crosses the switch from the argsort counts to the merged order
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=n)
    p = rng.random(n)
    w = None
    if kind == "tied":
        p = np.round(p, 1)
    elif kind == "float32":
        p = p.astype(np.float32)
    elif kind == "weighted":
        w = rng.integers(0, 4, size=n).astype(float)
        if w.sum() == 0:
            w[0] = 1.0
    elif kind == "integer":
        p = rng.integers(0, 2, size=n)
    thresholds = np.r_[rng.random(20), 0.0, 0.1, 0.3, 0.5, np.float32(0.3)]
    got = net_benefit(y, p, thresholds, sample_weight=w)
    np.testing.assert_allclose(got, direct_net_benefit(y, p, thresholds, w), rtol=0, atol=1e-12)


def test_float32_scores_meet_float64_thresholds_exactly():
    # 0.3 is not a float32: the float32 just above 0.3 is >= 0.3, the one below is not
    above = np.nextafter(np.float32(0.3), np.float32(1))
    below = np.float32(0.3) if np.float32(0.3) < 0.3 else np.nextafter(np.float32(0.3), np.float32(0))
    p = np.r_[np.full(600, above), np.full(600, below)].astype(np.float32)
    y = np.r_[np.ones(600, dtype=int), np.zeros(600, dtype=int)]
    assert net_benefit(y, p, [0.3])[0] == pytest.approx(0.5, abs=1e-15)


def test_string_labels_with_pos_label():
    y = np.array(["no", "yes", "yes", "no"])
    p = [0.2, 0.7, 0.4, 0.5]
    assert np.array_equal(net_benefit(y, p, [0.3, 0.6], pos_label="yes"),
                          net_benefit([0, 1, 1, 0], p, [0.3, 0.6]))


@pytest.mark.parametrize(
    "thresholds, match",
    [([0.2, 1.0], r"thresholds must be threshold probabilities in \[0, 1\)"),
     ([-0.1], r"\[0, 1\)"), ([np.nan], "thresholds"), ([[0.1, 0.2]], "1-D")],
)
def test_bad_thresholds(thresholds, match):
    with pytest.raises(ValueError, match=match):
        net_benefit([0, 1], [0.2, 0.8], thresholds)
    with pytest.raises(ValueError, match=match):
        treat_all_net_benefit([0, 1], thresholds)


def test_scores_outside_unit_interval_are_refused():
    with pytest.raises(ValueError, match=r"y_prob holds values outside \[0, 1\]"):
        net_benefit([0, 1], [-0.5, 2.0], [0.1])
    big = np.linspace(0, 1.5, 2000)  # the one-pass (keyed) validation path
    with pytest.raises(ValueError, match=r"max 1.5"):
        net_benefit(np.arange(2000) % 2, big, [0.1])
