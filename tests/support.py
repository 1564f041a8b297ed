"""Helpers that tests of several directories share: the command run in-process
or as a program, the deterministic rcParams, report figures stood in for, and
the hypothesis inputs of the differential tests. Fixtures: conftest.py.
"""

import contextlib
import io
import os
import signal
import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure
from pypdf import PdfReader

from evalplots.cli import main


# ---------------------------------------- the command, in this process and as a program


#: The warning filters of a fresh interpreter (``python -m evalplots.cli``): what the
#: command prints of a warning that escapes it, in place of pytest's own filters.
_FRESH_INTERPRETER_FILTERS = (DeprecationWarning, PendingDeprecationWarning,
                              ImportWarning, ResourceWarning)


@contextlib.contextmanager
def _working_directory(path):
    previous = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(previous)


def run(*args, cwd, **env):
    """Run the command in this process, in ``cwd`` with ``env`` set; return what
    ``subprocess.run`` would: the exit status, stdout and stderr.

    A warning that escapes ``main`` is printed to its stderr as a fresh interpreter
    prints it, and so is an exception Python could not raise (``sys.unraisablehook``).
    """
    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch, _working_directory(cwd), \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            warnings.catch_warnings(record=True) as caught:
        for key, value in env.items():
            patch.setenv(key, value)
        patch.setattr(sys, "unraisablehook", sys.__unraisablehook__)
        warnings.simplefilter("default")
        for category in _FRESH_INTERPRETER_FILTERS:
            warnings.filterwarnings("ignore", category=category)
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse's --version and --help
            status = exc.code
        for w in caught:
            err.write(warnings.formatwarning(w.message, w.category, w.filename, w.lineno))
    return subprocess.CompletedProcess(argv, status, out.getvalue(), err.getvalue())


def spawn(*args, cwd, **env):
    """Run ``python -m evalplots.cli`` in ``cwd`` with ``env`` set."""
    return subprocess.run(
        [sys.executable, "-m", "evalplots.cli", *map(str, args)], capture_output=True,
        text=True, cwd=cwd, env={**os.environ, "MPLBACKEND": "Agg", **env}, timeout=300,
        check=False)


def _sigint_as_in_a_terminal():
    signal.signal(signal.SIGINT, signal.SIG_DFL)


#: ``subprocess.Popen`` options for a child a test sends SIGINT to: a session of its
#: own, and SIGINT handled as in a terminal even when the tests run as a background
#: job (which starts every child with SIGINT ignored, so Ctrl-C would not reach it).
AS_IN_A_TERMINAL = {"start_new_session": True, "preexec_fn": _sigint_as_in_a_terminal}


def write_csv(tmp_path, text, name="preds.csv"):
    path = tmp_path / name
    path.write_text(text)
    return path


GOOD_CSV = (
    "id,y_true,model_a,model_b\n"
    + "".join(
        f"s{i},{y},{a},{b}\n"
        for i, (y, a, b) in enumerate(
            [(1, 0.9, 0.6), (0, 0.2, 0.4), (1, 0.7, 0.3), (0, 0.6, 0.1),
             (1, 0.4, 0.8), (0, 0.1, 0.5), (0, 0.3, 0.2), (1, 0.8, 0.7)]
        )
    )
)


def assert_usage_error(result, out, *needles):
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("evalplots: error: ")
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in lines[0]
    assert result.stdout == ""
    assert not out.exists()
    assert not [p for p in out.parent.iterdir() if p.suffix == ".tmp"]


def _lines(stream):
    return stream.strip().splitlines()


# --------------------------------- rendering: the rcParams, report figures stood in for


DETERMINISTIC_RC = {
    "font.family": "DejaVu Sans",
    "font.size": 10.0,
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "svg.hashsalt": "evalplots",
    "path.simplify": False,
    "text.hinting": "default",
    "axes.unicode_minus": True,
}


def stub_figure_drawing(fig):
    """A blank drawing of ``fig``'s size, with four lines of text from top to foot.

    Stands in for :func:`evalplots.report._flowables.figure_to_drawing` in tests of
    the page filling (the figure's size and place are under test, not its content):
    the figure is neither drawn nor converted. Its text stands for a real figure's
    title, tick and axis labels: a page's lowest line of text is where it would be,
    and a page of figures is not mistaken for a page of a heading or a caption only.
    """
    from reportlab.graphics.shapes import Drawing, String

    from evalplots.report._styles import FONT, register_fonts

    register_fonts()
    width, height = fig.get_size_inches() * 72  # what figure_to_drawing gives
    drawing = Drawing(width, height)
    for k in range(4):
        drawing.add(String(4, 4 + k * (height - 16) / 3, f"figure text {k}",
                           fontName=FONT, fontSize=8))
    return drawing


@contextlib.contextmanager
def stubbed_figures():
    """Within: reports add :func:`stub_figure_drawing`'s drawings for figures; gives
    the list of the figures stood in for, in the order the report added them."""
    figures = []

    def stand_in(fig):
        figures.append(fig)
        return stub_figure_drawing(fig)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("evalplots.report._content.figure_to_drawing", stand_in)
        yield figures


# ------------------------------------ hypothesis: labels and scikit-learn as the oracle


#: Set by conftest from ``--run-slow``: the property tests run their full example
#: counts; the default run draws a third of them (at least 20).
THOROUGH = False


def examples(n):
    """The number of hypothesis examples for a property test written for ``n``."""
    return n if THOROUGH else max(20, n // 3)


SETTINGS = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


ALPHABETS = {
    "int": [0, 1, 2, 3, 4, 5],
    "neg_int": [-7, -1, 3, 10, 11, 12],
    "huge_int": [0, 10**9, 2 * 10**9, 3, 4, 5],
    "str": ["cat", "dog", "bird", "ant", "eel", "fox"],
}


@st.composite
def label_pairs(draw, max_classes=6, min_size=1, max_size=300):
    kind = draw(st.sampled_from(sorted(ALPHABETS)))
    n_classes = draw(st.integers(2, max_classes))
    alphabet = ALPHABETS[kind][:n_classes]
    n = draw(st.integers(min_size, max_size))
    idx = st.integers(0, n_classes - 1)
    t = draw(st.lists(idx, min_size=n, max_size=n))
    p = draw(st.lists(idx, min_size=n, max_size=n))
    # sometimes mostly-correct predictions, so that scores are not all near chance
    if draw(st.booleans()):
        p = [ti if i % 3 else pi for i, (ti, pi) in enumerate(zip(t, p))]
    y_true = np.array([alphabet[i] for i in t])
    y_pred = np.array([alphabet[i] for i in p])
    weights = None
    if draw(st.booleans()):
        # integer-valued weights give many ties; zeros included
        weights = np.array(
            draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)), dtype=float
        )
        if weights.sum() == 0:
            weights[0] = 1.0
    return y_true, y_pred, weights


def _sk_quiet(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


def _sk(func, *args, **kwargs):
    """Call a scikit-learn metric with its warnings silenced (it is the oracle)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


# ---------------------------------------------------------------------------- PDF fonts


def pdf_fonts(path):
    """{font name: (Subtype, embedded font-file key)} of every font a PDF uses."""
    fonts = {}

    def visit(resources):
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor_owner = font
            if font["/Subtype"] == "/Type0":
                descriptor_owner = font["/DescendantFonts"][0].get_object()
            descriptor = descriptor_owner.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = [k for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in descriptor]
            fonts[str(font.get("/BaseFont"))] = (font["/Subtype"], embedded)
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if "/Resources" in xobject:
                visit(xobject["/Resources"])

    for page in PdfReader(path).pages:
        visit(page.get("/Resources"))
    return fonts


# --------------- the curve Displays: seed 000's six scores, an axes, tied random scores


Y6 = [1, 0, 0, 1, 0, 1]
S6 = [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]


def _ax():
    return Figure().add_subplot()


def _legend_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


def _random(seed, n=80):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return y, np.round(rng.normal(y, 1.0), 1)  # rounded: tied scores


# ------------------------------------------ what a PDF viewer copies of a figure's text


def _drawn_strings(path):
    """The text of each drawing operation of every page, NFKC-normalised (Arabic
    presentation forms back to letters). pypdf, as PDF viewers copying text, reads
    a right-to-left run from right to left: a name drawn in reading order comes
    back in logical order, one drawn as stored comes back reversed."""
    import unicodedata

    out = []
    for page in PdfReader(path).pages:
        page.extract_text(visitor_text=lambda text, *args: out.append(text))
    return [unicodedata.normalize("NFKC", t).strip() for t in out if t.strip()]
