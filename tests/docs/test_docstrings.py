"""Every public name has the numpydoc sections the design asks for.

Walks the callables in the ``__all__`` of evalplots.metrics, display (and
display.style), evaluation, report, datasets and dask; for classes, the class
docstring (which documents ``__init__``) and each public method. Required: Parameters
(unless the callable takes no arguments) whose entries are the signature's
parameters, Returns (functions and methods), Raises when the body raises (naming
every type it raises; an empty "Raises / None" is filler and refused), Notes and
Examples, each as a numpydoc heading (the title, then a line of dashes).
"""

import ast
import inspect
import pathlib
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


def _target(obj):
    """The callable whose signature and body a docstring documents."""
    return obj.__init__ if inspect.isclass(obj) else obj


def _signature_parameters(obj):
    """Parameter names of ``obj`` (a class: its ``__init__``; a named tuple: its
    fields), or None when the signature is not known (builtins, ``*args`` only)."""
    if inspect.isclass(obj) and hasattr(obj, "_fields"):
        return set(obj._fields)
    try:
        signature = inspect.signature(_target(obj))
    except (TypeError, ValueError):
        return None
    names = [n for n in signature.parameters if n not in ("self", "cls")]
    if inspect.isclass(obj) and obj.__init__ is object.__init__:
        return None
    return set(names)


def _function_node(func):
    """The ``def`` of ``func`` in its module's syntax tree (decorators included)."""
    func = inspect.unwrap(func)
    try:
        path = inspect.getsourcefile(func)
        first = func.__code__.co_firstlineno
    except (TypeError, AttributeError):
        return None
    if path is None or not pathlib.Path(path).is_file():  # made by dataclass/NamedTuple
        return None
    tree = ast.parse(pathlib.Path(path).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and first in (
                node.lineno, *(d.lineno for d in node.decorator_list)):
            return node
    return None


def raised_types(obj):
    """Names of the exception types that ``obj``'s own body raises (``raise X(...)``;
    nested functions and re-raises left out)."""
    func = _target(obj)
    if inspect.isclass(obj) and func is object.__init__:
        return set()
    node = _function_node(func)
    found = set()

    def visit(parent):
        for child in ast.iter_child_nodes(parent):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                  ast.ClassDef)):
                continue
            if isinstance(child, ast.Raise) and child.exc is not None:
                exc = child.exc.func if isinstance(child.exc, ast.Call) else child.exc
                name = exc.attr if isinstance(exc, ast.Attribute) else getattr(exc, "id", "")
                if name[:1].isupper():
                    found.add(name)
            visit(child)

    if node is not None:
        visit(node)
    return found


def required_sections(obj):
    """The numpydoc sections ``obj``'s docstring must hold: Parameters when it takes
    arguments, Returns (functions and methods), Raises when its body raises, Notes
    and Examples."""
    if inspect.isclass(obj) and issubclass(obj, BaseException):
        return ["Notes", "Examples"]  # a warning or error class: raises nothing
    parameters = ["Parameters"] if _signature_parameters(obj) else []
    returns = [] if inspect.isclass(obj) else ["Returns"]
    raises = ["Raises"] if raised_types(obj) else []
    return [*parameters, *returns, *raises, "Notes", "Examples"]


def sections(obj):
    """``{heading: body}`` of ``obj``'s numpydoc sections."""
    doc = inspect.getdoc(obj) or ""
    heads = list(_HEADING.finditer(doc))
    return {m.group(1): doc[m.end():heads[i + 1].start() if i + 1 < len(heads) else None]
            for i, m in enumerate(heads)}


def missing_sections(obj):
    present = set(sections(obj))
    return [s for s in required_sections(obj) if s not in present]


def _entries(body):
    """The entry names of a Parameters section ("a, b : int" gives a and b)."""
    return {name.strip().lstrip("*")
            for line in body.split("\n") if line and not line.startswith(" ")
            for name in line.split(" : ")[0].split(",")}


CASES = [pytest.param(obj, id=key) for key, obj in _documented_objects()]


@pytest.mark.parametrize("obj", CASES)
def test_public_name_has_numpydoc_sections(obj):
    assert missing_sections(obj) == []


@pytest.mark.parametrize("obj", CASES)
def test_documented_parameters_are_the_signature(obj):
    expected, found = _signature_parameters(obj), sections(obj)
    if expected is None or "Parameters" not in found:
        assert "Parameters" not in found or expected is None
        return
    assert _entries(found["Parameters"].strip("\n")) == expected


@pytest.mark.parametrize("obj", CASES)
def test_every_raised_type_is_documented_and_nothing_else_is_filler(obj):
    body = sections(obj).get("Raises", "")
    assert body.strip() not in ("None", "None."), "leave out an empty Raises section"
    assert {t for t in raised_types(obj) if t not in body} == set()


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
    assert missing_sections(f) == ["Returns", "Examples"]

    def g(x):
        if x:
            raise KeyError(x)

    g.__doc__ = doc
    assert missing_sections(g) == ["Returns", "Raises", "Examples"]
    assert raised_types(g) == {"KeyError"}


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
