"""Hints of library messages in the command's terms: every ``keyword=`` a message of
the modules under the command can print names an option of ``evalplots report``, and is
shown as that option."""

import pathlib

import pytest

import evalplots._atomic
import evalplots.cli
import evalplots.evaluation
import evalplots.report


#: library keywords that messages of the modules under the command name, but that
#: a run of the command never gets to see: the command passes them itself
_SET_BY_THE_COMMAND = {
    "labels",  # every class of the target column (the reader refuses any other first)
    "predictions",  # the file's columns (evalplots.dask: predictions=None with a path)
}


def _hinted_keywords(package):
    """``{keyword: files}`` of every ``keyword=`` in the raised and warned messages
    of the modules under ``package`` (an argument a message tells to set)."""
    import ast
    import re

    root = pathlib.Path(evalplots.cli.__file__).parent
    found = {}
    for path in (root / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_warning = (isinstance(node, ast.Call)
                          and getattr(node.func, "attr", getattr(node.func, "id", None))
                          == "warn")
            if not (isinstance(node, ast.Raise) or is_warning):
                continue
            for sub in ast.walk(node):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    for keyword in re.findall(r"(?<![\w.'\"-])([a-z_][a-z0-9_]*)=",
                                              sub.value):
                        found.setdefault(keyword, set()).add(path.name)
    return found


def test_every_hint_the_command_can_print_names_one_of_its_options():
    # the modules a run of the command goes through: every keyword their messages
    # ask for is spelled as the command's option, or is one the command sets itself
    options = evalplots.cli._command_line_options()
    hinted = {}
    for package in ("evaluation", "datasets", "dask", "report/standard"):
        for keyword, files in _hinted_keywords(package).items():
            hinted.setdefault(keyword, set()).update(files)
    unspelled = {k: sorted(v) for k, v in hinted.items()
                 if k not in options and k not in _SET_BY_THE_COMMAND}
    assert unspelled == {}
    assert {"models", "pos_label", "random_state"} <= set(hinted)  # the scan finds them


@pytest.mark.parametrize("message, shown", [
    ("choose them with models= / exclude=", "choose them with --models / --exclude"),
    ("(choose one with --target / target=)", "(choose one with --target)"),
    ("e.g. random_state=0", "e.g. --seed 0"),
    ("a higher threshold=0.7, with transposed=True", "a higher --threshold 0.7, with --transposed"),
    ("use output='rows'", "use output='rows'"),  # another function's argument, not -o
])
def test_library_keywords_are_told_as_the_options_that_set_them(message, shown):
    assert evalplots.cli._command_line_words(message) == shown
