"""The command's output file: empty, '-', FIFO and unwritable paths refused before
any work, symlinks written through, the old report kept when a figure fails,
names printed escaped.
"""

import os
import pathlib
import stat

import pytest
from matplotlib.figure import Figure
from pypdf import PdfReader

import evalplots._atomic
import evalplots.cli
import evalplots.report

from tests.support import GOOD_CSV, _lines, run, write_csv


@pytest.mark.parametrize(
    "output, message",
    [
        ("", "evalplots: error: -o is empty; give a file name such as report.pdf."),
        ("-", ("evalplots: error: writing to stdout is not supported; give a file "
              "name such as report.pdf.")),
    ],
)
def test_empty_and_dash_output(tmp_path, output, message):
    result = run("report", write_csv(tmp_path, GOOD_CSV), "-o", output, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == message + "\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["preds.csv"]


def test_fifo_output_is_refused_and_kept(tmp_path):
    fifo = tmp_path / "out.pdf"
    os.mkfifo(fifo)
    result = run("report", write_csv(tmp_path, GOOD_CSV), "-o", fifo, cwd=tmp_path)
    assert result.returncode == 2
    assert _lines(result.stderr) == [
        (f"evalplots: error: -o {str(fifo)!r} exists and is not a regular file (a "
        f"FIFO, device or socket); give the path of a regular file.")]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_symlink_output_without_pdf_suffix_writes_the_target_with_a_note(tmp_path,
                                                                       stub_figures):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "target.txt"
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    result = run("report", write_csv(tmp_path, GOOD_CSV), "-o", "link.txt", "--no-ci",
                 cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "evalplots: -o 'link.txt' does not end in .pdf; writing a PDF there " \
           "anyway." in _lines(result.stderr)
    assert link.is_symlink()
    assert target.read_bytes().startswith(b"%PDF-")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert sorted(p.name for p in target.parent.iterdir()) == ["target.txt"]


def _read_only(monkeypatch, directory):
    """Creating a file in ``directory`` fails as on a read-only mount (the tests run
    as root, for whom permission bits do not stop a write)."""
    real_open = os.open

    def guarded(path, *args, **kwargs):
        if os.path.dirname(os.path.abspath(path)) == str(directory):
            raise OSError(30, "Read-only file system", path)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(evalplots._atomic.os, "open", guarded)


def _no_work(monkeypatch):
    def refused(*args):
        raise AssertionError("the input was read before the outputs were checked")

    monkeypatch.setattr(evalplots.cli, "_load", refused)


@pytest.mark.parametrize("option", ["-o", "--figures"])
def test_an_output_that_cannot_be_written_is_refused_first_by_its_own_path(
        tmp_path, monkeypatch, capsys, option):
    locked = tmp_path / "locked"
    locked.mkdir()
    _read_only(monkeypatch, locked)
    _no_work(monkeypatch)
    where = {"-o": (locked / "r.pdf", tmp_path / "figs"),
             "--figures": (tmp_path / "r.pdf", locked)}[option]
    status = evalplots.cli.main(["report", str(tmp_path / "in.csv"), "-o", str(where[0]),
                                 "--figures", str(where[1])])
    shown = where[0] if option == "-o" else where[1]
    assert (status, capsys.readouterr().err) == (2, (
        f"evalplots: error: {option} {str(shown)!r} cannot be written: Read-only file "
        f"system; check the permissions or choose another path.\n"))
    assert os.listdir(tmp_path) == ["locked"] and os.listdir(locked) == []


@pytest.mark.parametrize("made", ["", "figs", "out/figs"])
def test_a_failing_figure_leaves_the_old_report_as_it_was(tmp_path, monkeypatch, capsys,
                                                           made):
    # the report and the figures are published together: none, when one fails;
    # the directories the run made for them are removed, the ones that were are kept
    report = tmp_path / "r.pdf"
    report.write_bytes(b"the old report")
    figures = tmp_path / "out" / "figs"
    existing = {"": figures, "figs": figures.parent, "out/figs": None}[made]
    if existing is not None:
        existing.mkdir(parents=True)
    real_savefig = Figure.savefig

    def savefig(self, fname, **kwargs):
        if isinstance(fname, str) and "roc_curves" not in fname:  # the second file
            raise OSError(28, "No space left on device", fname)
        return real_savefig(self, fname, **kwargs)

    class QuickReport:  # the report's own rendering is not what is tested here
        page_count_ = 1

        def __init__(self, evaluation, *, progress, **options):
            progress("drawing", 1, 1)

        def save(self, path):
            return evalplots._atomic.write_atomically(
                path, lambda tmp: pathlib.Path(tmp).write_bytes(b"the new report"))

    monkeypatch.setattr(evalplots.report, "evaluation_report", QuickReport)
    monkeypatch.setattr(Figure, "savefig", savefig)
    status = evalplots.cli.main(["report", str(write_csv(tmp_path, GOOD_CSV)), "-o",
                                 str(report), "--figures", str(figures)])
    assert (status, capsys.readouterr().err.splitlines()[-1]) == (2, (
        f"evalplots: error: cannot read or write "
        f"{str(figures / 'det_and_cumulative_gain_curves.pdf')!r}: No space "
        f"left on device; check the path and permissions."))
    assert report.read_bytes() == b"the old report"
    kept = {"": ["out"], "figs": ["out"], "out/figs": []}[made]
    assert sorted(os.listdir(tmp_path)) == [*kept, "preds.csv", "r.pdf"]
    if made != "out/figs":
        assert os.listdir(tmp_path / "out") == (["figs"] if not made else [])
    if not made:
        assert os.listdir(figures) == []  # not even the figure that was drawn


def test_a_file_name_that_is_not_utf8_and_a_bidi_override_are_written_escaped(
        tmp_path, capsys, stub_figures):
    # a name from a Windows zip (Latin-1 bytes: Python's argv holds a surrogate
    # escape, which no encoder writes) and a model name with U+202E, which makes a
    # viewer's properties dialog or a terminal show the text after it reversed
    source = os.fsencode(tmp_path) + b"/r\xe9sultats.csv"
    with open(source, "w") as f:
        f.write("y_true,m\u202e_x\n1,0.9\n0,0.2\n1,0.7\n0,0.4\n")
    status = evalplots.cli.main(["report", os.fsdecode(source), "-o",
                                 str(tmp_path / "r\u202e.pdf")])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert out.startswith(f"{tmp_path}/r\\u202e.pdf (")  # the terminal's line
    info = PdfReader(tmp_path / "r\u202e.pdf").metadata
    assert info["/InputFile"] == f"{tmp_path}/r\\xe9sultats.csv"
    assert info["/Keywords"] == "evaluation report, binary, m\\u202e_x"
    assert not any("\u202e" in str(v) or "\ufffd" in str(v) for v in info.values())
