"""Every public name has the numpydoc sections the design asks for.

Walks the callables in ``evalplots.metrics.__all__``, ``evalplots.display.__all__``
(and ``evalplots.display.style``), ``evalplots.report.__all__`` and
``evalplots.datasets.__all__``; for classes, the class docstring (which documents
``__init__``) and each public method. Required: Parameters
(unless the callable takes no arguments), Returns (functions and methods), Raises,
Notes and Examples, each as a numpydoc heading (the title, then a line of dashes).
"""

import inspect
import re

import pytest

import evalplots.dask
import evalplots.datasets
import evalplots.display
import evalplots.display.style
import evalplots.evaluation
import evalplots.metrics
import evalplots.report

PACKAGES = [
    evalplots.metrics,
    evalplots.display,
    evalplots.display.style,
    evalplots.evaluation,
    evalplots.report,
    evalplots.datasets,
    evalplots.dask,
]

_HEADING = re.compile(r"^(\w[\w ]*)\n-{3,}$", re.MULTILINE)



def _takes_arguments(obj):
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):  # builtins without a signature
        return True
    return any(name not in ("self", "cls") for name in signature.parameters)


def _documented_objects():
    """(id, object, is_class) for every public name and public method."""
    seen = set()
    for package in PACKAGES:
        for name in package.__all__:
            obj = getattr(package, name)
            key = f"{package.__name__}.{name}"
            if id(obj) in seen or not callable(obj):  # constants: STYLES, available
                continue
            seen.add(id(obj))
            yield key, obj
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                yield from _public_methods(key, obj)


def _public_methods(key, cls):
    """Public methods of ``cls``, inherited ones included (e.g. from a mixin), as
    long as an evalplots class defines them."""
    done = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("evalplots"):
            continue
        for attr, member in vars(klass).items():
            if attr.startswith("_") or attr in done:
                continue
            done.add(attr)
            if isinstance(member, (classmethod, staticmethod)):
                member = member.__func__
            if inspect.isfunction(member):
                yield f"{key}.{attr}", member


def required_sections(obj):
    """The numpydoc sections ``obj``'s docstring must hold."""
    if inspect.isclass(obj):
        init = obj.__init__
        takes = init is not object.__init__ and _takes_arguments(init)
        if issubclass(obj, BaseException):  # a warning or error class: raises nothing
            return ["Notes", "Examples"]
        return [*(["Parameters"] if takes else []), "Raises", "Notes", "Examples"]
    parameters = ["Parameters"] if _takes_arguments(obj) else []
    return [*parameters, "Returns", "Raises", "Notes", "Examples"]


def missing_sections(obj):
    present = set(_HEADING.findall(inspect.getdoc(obj) or ""))
    return [s for s in required_sections(obj) if s not in present]


CASES = [pytest.param(obj, id=key) for key, obj in _documented_objects()]


@pytest.mark.parametrize("obj", CASES)
def test_public_name_has_numpydoc_sections(obj):
    assert missing_sections(obj) == []


def test_the_walk_covers_the_displays_methods_and_the_metrics():
    ids = {case.id for case in CASES}
    for cls in (
        "RocCurveDisplay",
        "PrecisionRecallDisplay",
        "ConfusionMatrixDisplay",
        "PredictionErrorDisplay",
    ):
        assert f"evalplots.display.{cls}" in ids
        assert f"evalplots.display.{cls}.plot" in ids
        assert f"evalplots.display.{cls}.from_predictions" in ids
    assert "evalplots.metrics.confusion_matrix" in ids
    assert "evalplots.report.Report" in ids
    assert len(ids) > 50


def test_section_parser():
    doc = "Summary.\n\nParameters\n----------\nx : int\n\nNotes\n-----\nText.\n"

    def f(x):
        pass

    f.__doc__ = doc
    assert missing_sections(f) == ["Returns", "Raises", "Examples"]


_ENTRY_SECTIONS = re.compile(
    r"^(Parameters|Returns|Raises|Warns|Attributes)\n-{3,}\n(.*?)(?=\n\n\w[\w ]*\n-{3,}|\Z)",
    re.S | re.M,
)
#: a line at column 0 of these sections must be an entry: "name : type" or one word
_ENTRY = re.compile(r"^[\w*, .]+ : .+$|^[\w.*]+$")


@pytest.mark.parametrize("obj", CASES)
def test_entry_descriptions_are_indented(obj):
    """numpydoc needs each description indented under its entry; shared fragments
    (fill_doc) once lost that indentation without any doctest noticing."""
    doc = inspect.getdoc(obj) or ""
    flush_left = [
        line
        for section in _ENTRY_SECTIONS.finditer(doc)
        for line in section.group(2).split("\n")
        if line and not line.startswith(" ") and not _ENTRY.match(line)
    ]
    assert flush_left == []
