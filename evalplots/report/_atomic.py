"""Atomic file writing: a temporary file in the target's directory, then os.replace."""

import contextlib
import os
import pathlib
import tempfile


def write_atomically(path, write):
    """Call ``write(tmp_path)``, then move the finished file over ``path``.

    The temporary file lives in the directory of ``path`` (so ``os.replace`` is
    an atomic rename on the same file system). On any exception it is removed
    and ``path`` is left as it was.

    Parameters
    ----------
    path : str or path-like
        Destination; its directory must exist.
    write : callable
        Called with the temporary file's path (a str); must write the file.

    Returns
    -------
    path : pathlib.Path

    Raises
    ------
    FileNotFoundError
        If the directory of ``path`` does not exist.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "x.txt"
    >>> write_atomically(target, lambda tmp: pathlib.Path(tmp).write_text("ok")).read_text()
    'ok'
    """
    path = pathlib.Path(path)
    directory = path.resolve().parent
    if not directory.is_dir():
        raise FileNotFoundError(
            f"directory {str(directory)!r} does not exist; create it or choose "
            f"another output path."
        )
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, _default_file_mode())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    return path


def _default_file_mode():
    """0o666 minus the process umask (mkstemp creates files 0o600)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask
