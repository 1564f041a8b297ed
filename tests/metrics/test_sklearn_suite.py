"""scikit-learn's metric tests against evalplots: the outcome must match the committed list.

``sklearn_suite.py`` (next to this file) runs scikit-learn's installed
``test_ranking.py``, ``test_classification.py`` and ``test_regression.py`` in one
pytest subprocess with evalplots' functions patched into ``sklearn.metrics``.
Every failure must be listed in ``sklearn_suite_expected.txt`` with its reason,
and every listed test must still fail: a test that newly fails or newly passes
fails this check, so the list stays true. Regenerate the list with
``PYTHONPATH=. python tests/metrics/sklearn_suite.py --regenerate`` (see that module).
"""

import pytest

from tests.metrics import sklearn_suite


@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    if sklearn_suite.sklearn_tests_dir() is None:
        pytest.skip(
            "scikit-learn's metric test files (sklearn/metrics/tests/test_ranking.py, "
            "test_classification.py, test_regression.py) are not installed"
        )
    return sklearn_suite.run_suite(tmp_path_factory.mktemp("sklearn_suite") / "out.json")


def _listing(ids, results):
    return "\n".join(f"  {t}: {results.get(t, ('', ''))[1][:160]}" for t in ids)


def test_outcomes_match_the_expected_failures(suite):
    expected = sklearn_suite.read_expected()
    newly_failing, newly_passing, unknown = sklearn_suite.compare(suite, expected)
    fix = (
        "\nIf the change is intended, regenerate the list with `PYTHONPATH=. python "
        "tests/metrics/sklearn_suite.py --regenerate` and give new entries a category."
    )
    assert not newly_failing, "scikit-learn tests that newly fail:\n" + _listing(
        newly_failing, suite
    ) + fix
    assert not newly_passing, "listed as failing, but now pass (or vanished):\n" + _listing(
        newly_passing, suite
    ) + fix
    assert not unknown, "entries without a known category:\n" + _listing(unknown, suite)


def test_the_suite_really_ran_with_evalplots_patched_in(suite):
    # all three files collected (543 tests in scikit-learn 1.9.1, minus the deselected
    # one) and most of them pass: a broken patch or import would fail or skip them all
    outcomes = [outcome for outcome, _ in suite.values()]
    assert {t.split("::")[0] for t in suite} == set(sklearn_suite.FILES)
    assert outcomes.count("passed") > 2 * outcomes.count("failed")
    # nor any parametrisation of a deselected test
    assert not [t for t in suite if t.startswith(tuple(sklearn_suite.DESELECTED))]


def test_expected_file_is_well_formed():
    expected = sklearn_suite.read_expected()
    assert expected, "the expected-failures list is empty"
    for test, category in expected.items():
        kind, _, name = category.partition(":")
        assert kind in sklearn_suite.CATEGORIES, (test, category)
        assert bool(name) == (kind in ("deliberate", "pending", "gap")), (test, category)
        assert test.split("::")[0] in sklearn_suite.FILES, test


def test_regeneration_keeps_categories_and_marks_new_failures(tmp_path):
    path = tmp_path / "expected.txt"
    previous = {"test_a.py::kept": "deliberate:labels-complete", "test_a.py::fixed": "gap:x"}
    results = {
        "test_a.py::kept": ("failed", "ValueError: y_true contains 1 value(s) not in labels"),
        "test_a.py::fixed": ("passed", ""),
        "test_a.py::warns": ("failed", "Failed: DID NOT WARN. No warnings of type ..."),
        "test_a.py::words": ("failed", "AssertionError: Regex pattern did not match."),
        "test_a.py::new [x y]": ("failed", "TypeError: unexpected keyword argument 'k'"),
        "test_a.py::skip": ("skipped", ""),
    }
    sklearn_suite.write_expected(results, path=path, previous=previous)
    written = sklearn_suite.read_expected(path)
    assert written == {
        "test_a.py::kept": "deliberate:labels-complete",
        "test_a.py::warns": "warning-class",
        "test_a.py::words": "message-wording",
        "test_a.py::new [x y]": "unclassified",
    }
    newly_failing, newly_passing, unknown = sklearn_suite.compare(results, previous)
    assert newly_failing == ["test_a.py::new [x y]", "test_a.py::warns", "test_a.py::words"]
    assert newly_passing == ["test_a.py::fixed"]
    assert unknown == []
    assert sklearn_suite.compare(results, written)[2] == ["test_a.py::new [x y]"]
