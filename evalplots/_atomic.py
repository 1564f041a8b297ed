"""Atomic file writing: a temporary file next to the target, then os.replace."""

import contextlib
import os
import pathlib
import secrets
import stat

from evalplots._interrupts import commit_point

#: the longest file name (one path component) in bytes on Linux, macOS and
#: Windows file systems alike (ext4, APFS, NTFS count 255 bytes or UTF-16 units)
NAME_MAX = 255
_TMP_EXTRA = len("..0123456789abcdef.tmp")  # what a temporary file's name adds


def cut_to_bytes(text, max_bytes):
    """``text`` cut to at most ``max_bytes`` bytes of UTF-8, at a character boundary.

    Parameters
    ----------
    text : str
        The text to cut (a file name or a part of one).
    max_bytes : int
        The most UTF-8 bytes the result may take.

    Returns
    -------
    str
        The longest prefix of ``text`` whose UTF-8 encoding fits (surrogate
        escapes of undecodable bytes count as the one byte each stands for).

    Examples
    --------
    >>> cut_to_bytes("模型模型", 7), cut_to_bytes("abc", 10)
    ('模型', 'abc')
    """
    data = text.encode("utf-8", "surrogateescape")
    if len(data) <= max_bytes:
        return text
    cut = max_bytes
    while cut > 0 and data[cut] & 0xC0 == 0x80:  # inside a character: back to its start
        cut -= 1
    return data[:cut].decode("utf-8", "surrogateescape")


def resolve_output(path):
    """Check an output path and return the file that will really be written.

    A symbolic link is followed (the link stays; its target is replaced), so the
    temporary file goes next to the resolved target.

    Parameters
    ----------
    path : str or path-like
        The output path as given.

    Returns
    -------
    target : pathlib.Path
        The resolved file to replace.

    Raises
    ------
    ValueError
        If ``path`` is empty, ``'-'``, a directory, or exists and is not a
        regular file (a FIFO, a device, a socket).
    FileNotFoundError
        If the directory of the (resolved) path does not exist.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> resolve_output(d / "r.pdf") == (d / "r.pdf").resolve()
    True
    >>> resolve_output(d)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: ... is a directory; give a file name such as '.../report.pdf'.
    """
    text = os.fspath(path)
    if text == "":
        raise ValueError("the output path is empty; give a file name such as report.pdf.")
    if text == "-":
        raise ValueError("writing to stdout is not supported; give a file name such "
                         "as report.pdf.")
    if text.endswith(("/", os.sep)):
        # pathlib would drop the slash and write a file named like the directory
        raise ValueError(f"{text!r} ends in a path separator, so it names a directory; "
                         f"give a file name such as {os.path.join(text, 'report.pdf')!r}.")
    target = pathlib.Path(text).resolve()
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise ValueError(f"{text!r} is a directory; give a file name such as "
                         f"{os.path.join(text, 'report.pdf')!r}.")
    if mode is not None and not stat.S_ISREG(mode):
        raise ValueError(f"{text!r} exists and is not a regular file (a FIFO, device "
                         f"or socket); give the path of a regular file.")
    if not target.parent.is_dir():
        raise FileNotFoundError(
            f"directory {str(target.parent)!r} does not exist; create it or choose "
            f"another output path."
        )
    return target


def write_atomically(path, write):
    """Call ``write(tmp_path)``, then move the finished file over ``path``.

    The temporary file lives in the directory of the resolved ``path`` (so
    ``os.replace`` is an atomic rename on the same file system). On any
    exception it is removed and ``path`` is left as it was.

    Parameters
    ----------
    path : str or path-like
        Destination; its directory must exist. A symbolic link is followed:
        its target is replaced and the link kept.
    write : callable
        Called with the temporary file's path (a str); must write the file.

    Returns
    -------
    path : pathlib.Path
        ``path`` as given (the link, not its target).

    Raises
    ------
    ValueError
        If ``path`` is empty, ``'-'``, a directory, or exists and is not a
        regular file.
    FileNotFoundError
        If the directory of ``path`` does not exist.

    Notes
    -----
    The new file keeps the permission bits of the file it replaces; a new file
    gets ``0o666 & ~umask``, as :func:`open` would give it.

    Under an :class:`~evalplots._interrupts.InterruptGuard` (the
    ``evalplots`` command), a Ctrl-C that arrived at any moment before the
    replace, even one Python swallowed, raises :class:`KeyboardInterrupt`
    instead of replacing ``path``; one arriving later is ignored.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "x.txt"
    >>> write_atomically(target, lambda tmp: pathlib.Path(tmp).write_text("ok")).read_text()
    'ok'
    """
    target = resolve_output(path)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = _default_file_mode()
    tmp = None
    try:
        for _ in range(100):
            # named before it is created, so that an interrupt at any moment
            # (even between the creation and the assignment) finds it to remove
            name = cut_to_bytes(target.name, NAME_MAX - _TMP_EXTRA)  # fits beside it
            tmp = str(target.parent / f".{name}.{secrets.token_hex(8)}.tmp")
            try:
                os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                break
            except FileExistsError:
                tmp = None  # someone else's file: never remove it
        else:
            raise FileExistsError(f"no free temporary file name in {str(target.parent)!r}")
        write(tmp)
        os.chmod(tmp, mode)
        commit_point()  # a Ctrl-C before this line stops here; after it, it is too late
        os.replace(tmp, target)
    except BaseException:
        if tmp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        raise
    return pathlib.Path(path)


def _default_file_mode():
    """0o666 minus the process umask (mkstemp creates files 0o600)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask
