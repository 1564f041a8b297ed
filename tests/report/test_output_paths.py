"""Report.save's output path: symlinks kept and their targets written, FIFOs,
directories and empty paths refused, permission bits kept.
"""

import os
import stat

import pytest

from evalplots._atomic import write_atomically
from evalplots.report import Report


def _write(text):
    return lambda tmp: open(tmp, "w").write(text)


def test_symlink_is_kept_and_its_target_written(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "target.pdf"
    target.write_text("old")
    link = tmp_path / "link.pdf"
    link.symlink_to(target)
    assert write_atomically(link, _write("new")) == link
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new"
    assert sorted(p.name for p in real.iterdir()) == ["target.pdf"]  # no temp left
    dangling = tmp_path / "dangling.pdf"
    dangling.symlink_to(real / "new.pdf")
    write_atomically(dangling, _write("x"))
    assert dangling.is_symlink() and (real / "new.pdf").read_text() == "x"


def test_report_save_through_symlink(tmp_path):
    target = tmp_path / "t.pdf"
    target.write_text("old")
    (tmp_path / "l.pdf").symlink_to(target)
    Report("x").save(tmp_path / "l.pdf")
    assert (tmp_path / "l.pdf").is_symlink()
    assert target.read_bytes().startswith(b"%PDF-")


def test_fifo_is_refused_not_replaced(tmp_path):
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="exists and is not a regular file"):
        write_atomically(fifo, _write("x"))
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    link = tmp_path / "to_fifo.pdf"  # a link to a non-regular file: same refusal
    link.symlink_to(fifo)
    with pytest.raises(ValueError, match="not a regular file"):
        Report("x").save(link)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.pdf", "to_fifo.pdf"]


def test_directory_and_empty_path_are_refused(tmp_path):
    with pytest.raises(ValueError, match=r"is a directory; give a file name such as "
                                         r"'.*report\.pdf'"):
        Report("x").save(tmp_path)
    with pytest.raises(ValueError, match="the output path is empty"):
        Report("x").save("")
    with pytest.raises(ValueError, match="writing to stdout is not supported"):
        Report("x").save("-")
    assert list(tmp_path.iterdir()) == []


def test_trailing_separator_names_a_directory(tmp_path):
    # found by a newcomer: "-o somedir/" wrote a file named somedir, and "-o f/"
    # replaced an existing file f
    existing = tmp_path / "f"
    existing.write_text("keep")
    for text in (f"{tmp_path}/newdir/", f"{existing}/"):
        with pytest.raises(ValueError, match="ends in a path separator"):
            Report("x").save(text)
    assert existing.read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]


def test_permission_bits_are_kept(tmp_path):
    old = tmp_path / "old.pdf"
    old.write_text("x")
    old.chmod(0o640)
    Report("x").save(old)
    assert stat.S_IMODE(os.stat(old).st_mode) == 0o640
    mask = os.umask(0o027)
    try:
        new = Report("x").save(tmp_path / "new.pdf")
    finally:
        os.umask(mask)
    assert stat.S_IMODE(os.stat(new).st_mode) == 0o640  # 0o666 & ~0o027
