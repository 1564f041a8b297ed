"""scikit-learn's own metric tests, run against evalplots' metric functions.

scikit-learn's ``sklearn/metrics/tests/test_ranking.py``, ``test_classification.py``
and ``test_regression.py`` (installed with scikit-learn) are run by pytest in a
subprocess with this module loaded as a plugin (``-p sklearn_suite``). Before the
test modules are imported, every public function of :mod:`evalplots.metrics` whose
name scikit-learn's ``sklearn.metrics`` also has is patched into ``sklearn.metrics``;
after collection the same names are patched into each test module's globals (for a
name bound before the patch). scikit-learn's own internals are not patched, so a
test that calls a scikit-learn estimator or scorer still runs scikit-learn code
around the patched metric.

The outcome of every test is compared with the committed list of expected
failures, ``sklearn_suite_expected.txt`` (see :func:`read_expected` for its
format); ``tests/metrics/test_sklearn_suite.py`` fails on any test that newly fails or
newly passes.

Regenerate the list (after a change that flips entries, e.g. merging a branch)::

    PYTHONPATH=. python tests/metrics/sklearn_suite.py --regenerate

Entries that still fail keep their category; new failures get one from the
failure message when it is clearly a warning-class or wording difference, and
``unclassified`` otherwise — the check fails until a person replaces it with a
category (:data:`CATEGORIES`). ``python tests/metrics/sklearn_suite.py`` without the
flag prints the differences only.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

__all__ = [
    "CATEGORIES",
    "DESELECTED",
    "FILES",
    "compare",
    "read_expected",
    "run_suite",
    "sklearn_tests_dir",
    "write_expected",
]

FILES = ("test_ranking.py", "test_classification.py", "test_regression.py")
EXPECTED = Path(__file__).with_name("sklearn_suite_expected.txt")

#: Why a scikit-learn test may fail against evalplots. ``deliberate:<name>`` and
#: ``gap:<name>`` take a name listed in the README's "Differences from scikit-learn".
CATEGORIES = {
    "warning-class": "expects scikit-learn's warning class (sklearn.exceptions."
    "UndefinedMetricWarning, UserWarning, FutureWarning); evalplots warns its own "
    "UndefinedMetricWarning, or raises instead of warning",
    "message-wording": "expects scikit-learn's exact error or warning text",
    "error-type": "evalplots raises ValueError where scikit-learn raises TypeError "
    "or NotImplementedError",
    "deliberate": "a named, documented deliberate difference (README)",
    "pending": "delivered by a branch not merged yet; regenerate after the merge",
    "gap": "scikit-learn behaviour evalplots does not offer yet (named)",
}

#: Tests not run, with the reason.
DESELECTED = {
    "test_classification.py::test_classification_metric_division_by_zero_nan_validation":
        "cross_val_score(n_jobs=2) starts joblib worker processes: ~10 s of process "
        "start-up that tests joblib pickling of np.nan, not a metric",
}


def sklearn_tests_dir():
    """The installed ``sklearn/metrics/tests`` directory, or None when absent."""
    try:
        import sklearn.metrics
    except ImportError:
        return None
    path = Path(sklearn.metrics.__file__).parent / "tests"
    return path if all((path / f).is_file() for f in FILES) else None


# --- the plugin (runs inside the subprocess) ---------------------------------

_PATCHED = {}
_RESULTS = {}


def _short_id(nodeid):
    path, _, rest = nodeid.partition("::")
    return f"{path.rsplit('/', 1)[-1]}::{rest}"


def pytest_configure(config):
    import sklearn.metrics

    import evalplots.metrics

    for name in evalplots.metrics.__all__:
        ours = getattr(evalplots.metrics, name)
        if callable(ours) and not isinstance(ours, type) and hasattr(sklearn.metrics, name):
            _PATCHED[name] = ours
            setattr(sklearn.metrics, name, ours)


def pytest_collection_modifyitems(session, config, items):
    modules = {id(item.module): item.module for item in items if hasattr(item, "module")}
    for module in modules.values():
        for name, ours in _PATCHED.items():
            if name in vars(module):
                setattr(module, name, ours)


def pytest_runtest_logreport(report):
    """Record each test's outcome: the call's, or a failed/skipped setup or teardown."""
    if report.when != "call" and report.outcome == "passed":
        return
    test = _short_id(report.nodeid)
    if _RESULTS.get(test, ("passed",))[0] != "passed":
        return  # the first failure or skip stands
    message = ""
    if report.failed:
        crash = getattr(report.longrepr, "reprcrash", None)
        message = crash.message if crash is not None else str(report.longrepr)[-500:]
    _RESULTS[test] = (report.outcome, message)


def pytest_sessionfinish(session):
    out = os.environ.get("EVALPLOTS_SKLEARN_SUITE_OUT")
    if out:
        Path(out).write_text(json.dumps({"patched": sorted(_PATCHED), "results": _RESULTS}))


# --- running and comparing (the parent process) -------------------------------


def run_suite(out_path, tests_dir=None):
    """Run the three files in a subprocess; return ``{test id: (outcome, message)}``.

    ``outcome`` is 'passed', 'failed' or 'skipped'; ``message`` the first line(s)
    of the failure. Raises RuntimeError when pytest itself fails to run.
    """
    tests_dir = tests_dir or sklearn_tests_dir()
    repo = Path(__file__).resolve().parents[2]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(Path(__file__).resolve().parent), str(repo), env.get("PYTHONPATH", "")]
    )
    env["EVALPLOTS_SKLEARN_SUITE_OUT"] = str(out_path)
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    cmd = [
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
        "-p", "sklearn_suite", "-c", os.devnull, "--rootdir", str(tests_dir),
        "-o", "addopts=", "--tb=line", "-rN",
        *(str(tests_dir / f) for f in FILES),
        # node ids relative to the rootdir: pytest matches --deselect as a prefix of
        # the id as it prints it (an absolute path deselects nothing)
        *(arg for test in DESELECTED for arg in ("--deselect", test)),
    ]  # fmt: skip
    proc = subprocess.run(cmd, env=env, cwd=tests_dir, capture_output=True, text=True)
    if proc.returncode not in (0, 1) or not Path(out_path).exists():
        raise RuntimeError(
            f"pytest did not run scikit-learn's tests (exit code {proc.returncode}):\n"
            f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
        )
    return {k: tuple(v) for k, v in json.loads(Path(out_path).read_text())["results"].items()}


_LINE = re.compile(r"^(\S+)\s+(.+)$")


def read_expected(path=EXPECTED):
    """``{test id: category}`` from the expected-failures file.

    One failure per line: ``<category> <test id>``, the category first (no
    spaces) and the test id, ``file.py::test_name[params]``, as the rest of the
    line. Blank lines and lines starting with ``#`` are comments.
    """
    expected = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        category, test = _LINE.match(line).groups()
        expected[test] = category
    return expected


def _guess(message):
    """A category read off a failure message, or 'unclassified'."""
    if "DID NOT WARN" in message:
        return "warning-class"
    if re.search(r"Regex pattern did not match|ill-defined|Use `zero_division`", message):
        return "message-wording"
    return "unclassified"


def write_expected(results, path=EXPECTED, previous=None):
    """Write the failing tests of ``results``, keeping the categories of ``previous``."""
    previous = previous or {}
    failing = sorted(k for k, (outcome, _) in results.items() if outcome == "failed")
    lines = [
        "# scikit-learn's metric tests that fail against evalplots, one per line:",
        "# <category> <test id>. Written by `PYTHONPATH=. python tests/metrics/sklearn_suite.py",
        "# --regenerate`; edit the categories by hand (never the ids). Categories:",
        *(f"#   {name}: {text}" for name, text in CATEGORIES.items()),
        "# 'deliberate:<name>', 'pending:<branch>' and 'gap:<name>' are listed in the",
        "# README, section 'Differences from scikit-learn'.",
        "",
    ]
    for test in failing:
        category = previous.get(test) or _guess(results[test][1])
        lines.append(f"{category} {test}")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def compare(results, expected):
    """(newly failing, newly passing, unclassified) test ids, each sorted."""
    failing = {k for k, (outcome, _) in results.items() if outcome == "failed"}
    newly_failing = sorted(failing - expected.keys())
    newly_passing = sorted(expected.keys() - failing)
    unknown = sorted(
        k for k, c in expected.items() if c.split(":", 1)[0] not in CATEGORIES
    )
    return newly_failing, newly_passing, unknown


def main(argv=None):
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--regenerate", action="store_true",
                        help=f"rewrite {EXPECTED.name} from this run")  # fmt: skip
    args = parser.parse_args(argv)
    if sklearn_tests_dir() is None:
        print("scikit-learn's metric test files are not installed; nothing to run.")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        results = run_suite(Path(tmp) / "results.json")
    counts = {o: sum(1 for v in results.values() if v[0] == o) for o in ("passed", "failed", "skipped")}
    print(f"{len(results)} tests: {counts}")
    previous = read_expected() if EXPECTED.exists() else {}
    if args.regenerate:
        write_expected(results, previous=previous)
        print(f"wrote {EXPECTED}")
        previous = read_expected()
    newly_failing, newly_passing, unknown = compare(results, previous)
    for title, ids in (("newly failing", newly_failing), ("newly passing", newly_passing),
                       ("without a category", unknown)):  # fmt: skip
        for test in ids:
            print(f"{title}: {test}  {results.get(test, ('', ''))[1][:200]}")
    return int(bool(newly_failing or newly_passing or unknown))


if __name__ == "__main__":
    sys.exit(main())
