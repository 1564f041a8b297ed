"""A run that will be long says so at its start, with the option that shortens it."""

import types

from evalplots import cli


def _notes(n_models, n_rows, *options):
    args = cli.build_parser().parse_args(["report", "x.csv", *options])
    data = types.SimpleNamespace(predictions=dict.fromkeys(range(n_models)),
                                 n_samples=n_rows)
    return cli._duration_notes(data, "binary", args, int(args.n_resamples))


def test_many_models_name_the_summary_and_all_models():
    assert _notes(8, 300) == []  # up to 8 models: every model drawn, nothing to say
    (note,) = _notes(9, 300)
    assert "show the 8 of highest ROC AUC" in note and "--all-models" in note
    (note,) = _notes(200, 300, "--all-models")
    assert "200 models, each drawn on every page" in note


def test_long_intervals_name_no_ci_and_only_when_the_draws_are_many():
    # 2 models x 10⁶ rows: above the tables' cap, the intervals do not resample
    assert _notes(2, 10**6) == []
    (note,) = _notes(6, 10**6)  # 6 models at the cap of 10⁸ draws each
    assert "--no-ci" in note and "6 models" in note
    assert _notes(6, 10**6, "--no-ci") == []
    assert _notes(6, 10**6, "--n-resamples", "50") == []
