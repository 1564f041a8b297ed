"""The evaluation's interval options: validated once, one reproducible stream per key."""

import numpy as np
import pytest

from evalplots import evaluate
from evalplots.evaluation import IntervalOptions


def test_defaults_are_fixed_and_passed_through_evaluate():
    for ev in (evaluate([0, 1, 1, 0], {"m": [.1, .6, .7, .4]}),
               evaluate([0, 1, 2, 2], {"m": [0, 1, 1, 2]}, task="multiclass"),
               evaluate([0.5, 1.5, 2.5], {"m": [.4, 1.6, 2.2]})):
        opts = ev.interval_options
        assert (opts.confidence_level, opts.n_resamples, opts.random_state) == (0.95, 1000, 0)
    ev = evaluate([0, 1, 1, 0], {"m": [.1, .6, .7, .4]}, confidence_level=0.9,
                  n_resamples=50, random_state=7)
    opts = ev.interval_options
    assert (opts.confidence_level, opts.n_resamples, opts.random_state) == (0.9, 50, 7)


def test_streams_follow_numpy_seedsequence_and_differ_by_key():
    opts = IntervalOptions(random_state=3)
    import zlib
    expected = np.random.default_rng(np.random.SeedSequence(
        3, spawn_key=(zlib.crc32(b"bootstrap"), zlib.crc32(b"AP")))).random(5)
    np.testing.assert_array_equal(opts.rng("bootstrap", "AP").random(5), expected)
    assert not np.array_equal(opts.rng("bootstrap", "AUC").random(5), expected)


def test_none_draws_a_seed_that_reproduces_the_run():
    drawn = IntervalOptions(random_state=None)
    again = IntervalOptions(random_state=drawn.random_state)
    np.testing.assert_array_equal(drawn.rng("k").random(3), again.rng("k").random(3))


@pytest.mark.parametrize("kwargs, name", [
    ({"random_state": -1}, "random_state"), ({"random_state": 1.5}, "random_state"),
    ({"random_state": True}, "random_state"), ({"n_resamples": 1}, "n_resamples"),
    ({"confidence_level": 1.0}, "confidence_level"),
])
def test_bad_options_name_the_argument(kwargs, name):
    with pytest.raises(ValueError, match=name):
        evaluate([0, 1, 1, 0], {"m": [.1, .6, .7, .4]}, **kwargs)
