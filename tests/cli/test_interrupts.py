"""Ctrl-C at any moment of `evalplots report`: exit 130, one line, the old file intact.

Two kinds of test. In-process ones send a real SIGINT to the test process at a
chosen point of Report.save (before and during the replace, inside a finalizer,
inside cleanup code that turns the interrupt into another exception), under an
InterruptGuard or the CLI's main(). Subprocess ones run the command on a CSV
big enough to take a few seconds and interrupt it at points spread over the run,
up to its very end; the long version is marked ``slow`` (``pytest --run-slow``).
"""

import gc
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from evalplots import _interrupts, cli
from evalplots._interrupts import InterruptGuard
from evalplots.report import Report
from evalplots.report import _doctemplate
from tests.support import AS_IN_A_TERMINAL

PACKAGE_ROOT = os.path.dirname(os.path.dirname(cli.__file__))  # the child imports it too
OLD = b"%PDF-1.4 the previous report\n"
LINE = "evalplots: interrupted; {} was not changed\n"


@pytest.fixture
def python_sigint():
    """SIGINT with Python's default handler, as in a terminal (even when the tests
    run as a background job, which starts with SIGINT ignored)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def _ctrl_c():
    """Send SIGINT to this process, only if a guard will take it (never to pytest)."""
    assert signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    os.kill(os.getpid(), signal.SIGINT)
    for _ in range(10):  # Python runs the handler between bytecodes; give it some
        pass


def _report():
    return Report("Interrupted").add_heading("Results").add_paragraph("text")


def _old_file(tmp_path):
    out = tmp_path / "report.pdf"
    out.write_bytes(OLD)
    return out


def _listing(tmp_path):
    return sorted(p.name for p in tmp_path.iterdir())


# -- Report.save under a guard ----------------------------------------------------

def test_ctrl_c_before_the_replace_keeps_the_file(tmp_path, monkeypatch, python_sigint):
    out = _old_file(tmp_path)
    real_chmod = os.chmod

    def chmod_then_ctrl_c(*args, **kwargs):  # the step just before the commit point
        real_chmod(*args, **kwargs)
        _ctrl_c()

    monkeypatch.setattr(os, "chmod", chmod_then_ctrl_c)
    with InterruptGuard() as guard, pytest.raises(KeyboardInterrupt):
        _report().save(out)
    assert guard.interrupted
    assert out.read_bytes() == OLD
    assert _listing(tmp_path) == ["report.pdf"]


def test_ctrl_c_during_the_replace_is_too_late(tmp_path, monkeypatch, python_sigint):
    out = _old_file(tmp_path)
    real_replace = os.replace

    def replace_with_ctrl_c(*args, **kwargs):
        _ctrl_c()
        real_replace(*args, **kwargs)
        _ctrl_c()

    monkeypatch.setattr(os, "replace", replace_with_ctrl_c)
    with InterruptGuard() as guard:
        _report().save(out)  # no KeyboardInterrupt: past the commit point
    assert not guard.interrupted
    assert out.read_bytes().startswith(b"%PDF-") and out.read_bytes() != OLD
    assert _listing(tmp_path) == ["report.pdf"]


def test_swallowed_ctrl_c_stops_at_the_next_page(tmp_path, monkeypatch, python_sigint,
                                                 capfd):
    """A KeyboardInterrupt raised in a finalizer is swallowed by Python; the guard
    keeps it quiet (no "Exception ignored") and raises it after the page."""
    out = _old_file(tmp_path)

    class Finalized:
        def __del__(self):
            _ctrl_c()  # raised here, inside __del__: Python can only print it

    real_after_page = _doctemplate.ReportDocTemplate.afterPage

    def after_page(self):
        Finalized()  # collected at once: the interrupt lands in its __del__
        gc.collect()
        real_after_page(self)

    monkeypatch.setattr(_doctemplate.ReportDocTemplate, "afterPage", after_page)
    with InterruptGuard() as guard, pytest.raises(KeyboardInterrupt):
        _report().save(out)
    assert guard.interrupted
    assert out.read_bytes() == OLD
    assert _listing(tmp_path) == ["report.pdf"]
    assert capfd.readouterr().err == ""


def test_commit_point_raises_an_interrupt_that_never_surfaced(tmp_path, python_sigint):
    out = _old_file(tmp_path)
    with InterruptGuard() as guard, pytest.raises(KeyboardInterrupt):
        guard.interrupted = True  # as a SIGINT swallowed after the last page leaves it
        _report().save(out)
    assert out.read_bytes() == OLD
    assert _listing(tmp_path) == ["report.pdf"]


def test_second_ctrl_c_does_not_interrupt_the_cleanup(tmp_path, monkeypatch,
                                                     python_sigint):
    out = _old_file(tmp_path)
    real_unlink = os.unlink

    def unlink_with_ctrl_c(path, *args, **kwargs):
        _ctrl_c()  # the user presses Ctrl-C again while the temporary file goes
        real_unlink(path, *args, **kwargs)

    def interrupted_build(self, story):
        _ctrl_c()

    monkeypatch.setattr(os, "unlink", unlink_with_ctrl_c)
    monkeypatch.setattr(_doctemplate.ReportDocTemplate, "build_story", interrupted_build)
    with InterruptGuard(), pytest.raises(KeyboardInterrupt):
        _report().save(out)
    assert out.read_bytes() == OLD
    assert _listing(tmp_path) == ["report.pdf"]


def test_guard_restores_the_handler_and_leaves_an_ignored_sigint_alone():
    before = signal.getsignal(signal.SIGINT)
    with InterruptGuard() as guard:
        assert guard.active == (before is signal.default_int_handler)
    assert signal.getsignal(signal.SIGINT) is before
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a background job
    try:
        with InterruptGuard() as guard:
            assert not guard.active
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)
    assert _interrupts._active is None


# -- the CLI's main() in-process ------------------------------------------------------

CSV = "y_true,m\n" + "".join(f"{i % 2},{(i * 37 % 101) / 101:.4f}\n" for i in range(60))


def _main(tmp_path, capsys):
    (tmp_path / "preds.csv").write_text(CSV)
    out = _old_file(tmp_path)
    status = cli.main(["report", str(tmp_path / "preds.csv"), "-o", str(out)])
    captured = capsys.readouterr()
    return status, captured, out


def test_main_maps_an_interrupt_turned_into_another_error_to_130(
        tmp_path, monkeypatch, capsys, python_sigint):
    """reportlab's renderer deletes attributes in ``finally`` blocks; an interrupt
    before they were set comes out as AttributeError."""

    def build_story(self, story):
        node = type("Group", (), {})()
        try:
            _ctrl_c()
            node._parent = None
        finally:
            del node._parent

    monkeypatch.setattr(_doctemplate.ReportDocTemplate, "build_story", build_story)
    status, captured, out = _main(tmp_path, capsys)
    assert status == 130
    assert captured.err == LINE.format(out)
    assert captured.out == ""
    assert out.read_bytes() == OLD
    assert _listing(tmp_path) == ["preds.csv", "report.pdf"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # restored


def test_main_ctrl_c_during_the_replace_writes_the_report(tmp_path, monkeypatch, capsys,
                                                          python_sigint):
    real_replace = os.replace

    def replace_with_ctrl_c(*args, **kwargs):
        _ctrl_c()
        real_replace(*args, **kwargs)

    monkeypatch.setattr(os, "replace", replace_with_ctrl_c)
    status, captured, out = _main(tmp_path, capsys)
    assert status == 0
    assert "interrupted" not in captured.err
    assert captured.out.startswith(f"{out} (")
    assert out.read_bytes().startswith(b"%PDF-") and out.read_bytes() != OLD


# -- the command, interrupted at points spread over its run -------------------------

def _big_csv(path, n):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    table = np.column_stack([y, np.clip(0.3 * y + 0.7 * rng.random(n), 0, 1),
                             rng.random(n)])
    np.savetxt(path, table, fmt=["%d", "%.6f", "%.6f"], delimiter=",",
               header="y_true,model_a,model_b", comments="")
    return path


def _spawn(csv_path, out):
    return subprocess.Popen(
        [sys.executable, "-m", "evalplots.cli", "report", str(csv_path), "-o", str(out)],
        cwd=out.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "MPLBACKEND": "Agg"}, **AS_IN_A_TERMINAL)


def _wait_for(proc, out, stage, timeout=300):
    """Wait until the PDF build started (``"build"``: its temporary file exists) or
    the finished PDF replaced ``out`` (``"replaced"``); give up when the process ends."""
    end = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < end:
        if stage == "build" and any(out.parent.glob(".report.pdf.*.tmp")):
            return
        if stage == "replaced" and out.stat().st_size != len(OLD):
            return
        time.sleep(0.001)


def _outcome(proc, stdout, stderr, finished, out, tmp_path, where):
    """Check how a run ended (``finished``: before any SIGINT was sent); name it."""
    where = f"{where}: {stderr!r}"
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, where
    assert _listing(tmp_path) == ["big.csv", "report.pdf"], where  # no temp file
    if proc.returncode == 130:
        assert not finished, where
        assert stderr == LINE.format(out), where
        assert stdout == "", where
        assert out.read_bytes() == OLD, where
        return "interrupted"
    # only once the PDF was complete and moved into place
    assert proc.returncode == 0, where
    assert "interrupted" not in stderr, where
    assert stdout.startswith(f"{out} ("), where
    assert out.read_bytes().startswith(b"%PDF-") and out.read_bytes() != OLD
    return "finished before" if finished else "after the commit"


def _interrupt_at(points, tmp_path, n_rows):
    """Run the command once to its end, then once per point; check each outcome.

    The first run gets no SIGINT at all (the point after the end): it must write the
    report as any run does, and its time is the run's duration. A point is a fraction
    of that duration, ``("build", seconds)`` (that long after the PDF build started)
    or ``"replaced"`` (as soon as the finished PDF replaced the old one, while the
    process still runs). Returns the outcomes, the first run's first.
    """
    csv_path = _big_csv(tmp_path / "big.csv", n_rows)
    out = tmp_path / "report.pdf"
    out.write_bytes(OLD)
    start = time.perf_counter()
    proc = _spawn(csv_path, out)
    stdout, stderr = proc.communicate(timeout=300)
    duration = time.perf_counter() - start
    outcomes = [_outcome(proc, stdout, stderr, True, out, tmp_path, "no SIGINT")]
    assert outcomes == ["finished before"]
    for point in points:
        out.write_bytes(OLD)
        proc = _spawn(csv_path, out)
        if point == "replaced":
            _wait_for(proc, out, "replaced")
        elif isinstance(point, tuple):
            _wait_for(proc, out, "build")
            time.sleep(point[1])
        else:
            time.sleep(point * duration)
        finished = proc.poll() is not None
        if not finished:
            proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=300)
        outcomes.append(_outcome(proc, stdout, stderr, finished, out, tmp_path,
                                 f"SIGINT at {point} (run of {duration:.1f} s)"))
    print(f"\n{len(points)} interrupts, the uninterrupted run {duration:.1f} s:",
          {o: outcomes.count(o) for o in sorted(set(outcomes))})
    return outcomes


@pytest.mark.parametrize("seam, call", [
    ("step", 0),  # computing the metrics
    ("step", 2),  # drawing the P-R curves (figure finalizers run)
    ("step", 6),  # the last confusion matrix
    ("page", 1),  # inside reportlab's build, after the second page
])
def test_ctrl_c_at_each_stage_of_the_run(tmp_path, monkeypatch, capsys, python_sigint,
                                         seam, call):
    """A real SIGINT at a chosen progress step or laid-out page of main()'s run."""
    module = cli if seam == "step" else _doctemplate
    real_checkpoint = module.checkpoint
    calls = []

    def checkpoint_with_ctrl_c():
        calls.append(None)
        if len(calls) == call + 1:
            _ctrl_c()
        real_checkpoint()

    monkeypatch.setattr(module, "checkpoint", checkpoint_with_ctrl_c)
    status, captured, out = _main(tmp_path, capsys)
    assert len(calls) == call + 1  # stopped right there
    assert status == 130
    assert captured.err == LINE.format(out)
    assert captured.out == ""
    assert out.read_bytes() == OLD
    assert _listing(tmp_path) == ["preds.csv", "report.pdf"]


# The command as a program, sent a real SIGINT from outside at a point the child
# announces: it creates READY there, then waits (for the signal while reading; just
# after the finished PDF replaced the old file, until SENT exists).
CHILD = """
import os, sys, time
from evalplots import cli

ready, sent, point = sys.argv[1:4]
def wait(for_signal):
    open(ready, "w").close()
    end = time.monotonic() + 60
    while time.monotonic() < end and (for_signal or not os.path.exists(sent)):
        time.sleep(0.01)
if point == "reading":
    real_load = cli._load
    cli._load = lambda *args: (wait(True), real_load(*args))[1]
else:
    real_replace = os.replace
    os.replace = lambda *args, **kwargs: (real_replace(*args, **kwargs), wait(False))[0]
sys.argv = ["evalplots", *sys.argv[4:]]
sys.exit(cli.main())
"""


@pytest.mark.parametrize("point", ["reading", "replaced"])
def test_command_takes_a_real_sigint(tmp_path, point):
    """Before the commit point the command stops with 130 and one line, and writes
    no file; once the report replaced the old file a Ctrl-C no longer stops it."""
    (tmp_path / "preds.csv").write_text(CSV)
    out = tmp_path / "report.pdf" if point == "reading" else _old_file(tmp_path)
    ready = tmp_path.parent / f"{tmp_path.name}.ready"
    sent = tmp_path.parent / f"{tmp_path.name}.sent"
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(ready), str(sent), point,
         "report", str(tmp_path / "preds.csv"), "-o", str(out), "--no-ci"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "MPLBACKEND": "Agg", "PYTHONPATH": PACKAGE_ROOT},
        **AS_IN_A_TERMINAL)
    while not ready.exists() and proc.poll() is None:
        time.sleep(0.005)  # until the child reached the point
    proc.send_signal(signal.SIGINT)
    sent.touch()
    stdout, stderr = proc.communicate(timeout=120)
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    if point == "reading":
        assert (proc.returncode, stderr, stdout) == (
            130, "evalplots: interrupted; no report written\n", "")
        assert _listing(tmp_path) == ["preds.csv"]  # no report, no temporary file
    else:
        assert _listing(tmp_path) == ["preds.csv", "report.pdf"]  # no temporary file
        assert proc.returncode == 0, stderr
        assert stdout.startswith(f"{out} (")
        assert out.read_bytes().startswith(b"%PDF-") and out.read_bytes() != OLD


def test_main_as_the_program_leaves_sigint_ignored(tmp_path, monkeypatch, capsys,
                                                   python_sigint):
    """Run as the program (no argv: it reads sys.argv), main() returns with SIGINT
    ignored, so that a late Ctrl-C cannot kill the interpreter on its way out with
    the status already decided; called with arguments, it puts the handler back."""
    argv = ["report", str(tmp_path / "missing.csv"), "-o", str(tmp_path / "r.pdf")]
    monkeypatch.setattr(sys, "argv", ["evalplots", *argv])
    assert cli.main() == 2
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    signal.signal(signal.SIGINT, signal.default_int_handler)
    assert cli.main(argv) == 2
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert capsys.readouterr().err.count("does not exist") == 2


@pytest.mark.slow
def test_ctrl_c_at_many_points_of_a_large_report(tmp_path):
    points = [*np.linspace(0.05, 1.1, 30).tolist(), *[("build", t) for t in
              np.linspace(0, 1.5, 7).tolist()], "replaced", "replaced", "replaced"]
    outcomes = _interrupt_at(points, tmp_path, n_rows=200_000)
    assert outcomes.count("interrupted") >= 25


def test_after_an_interrupt_a_callback_it_broke_stays_quiet(python_sigint, monkeypatch):
    """Once interrupted, a later error in a finalizer (e.g. distributed's GC timer,
    half-updated when the interrupt hit it) is not reported; before any interrupt
    such an error still reaches the usual hook (which prints "Exception ignored")."""
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)

    class Broken:
        def __del__(self):
            raise AssertionError("timer already started")

    with InterruptGuard() as guard:
        Broken()
        gc.collect()
        assert [(u.exc_type, str(u.exc_value)) for u in reported] == \
            [(AssertionError, "timer already started")]
        guard.interrupted = True  # as the first SIGINT leaves it
        Broken()
        gc.collect()
    assert len(reported) == 1
