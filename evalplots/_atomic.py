"""Atomic file writing: a temporary file next to the target, then os.replace."""

import contextlib
import contextvars
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
    OSError
        If the temporary file cannot be created or written (its error, with
        ``path`` as the file name).

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
    tmp, pending = [], _PENDING.get()
    try:
        _create_temporary(target, path, tmp)
        write(tmp[0])
        os.chmod(tmp[0], mode)
        if pending is not None:  # moved into place with the others (publish_together)
            pending.append((tmp[0], target))
            return pathlib.Path(path)
        commit_point()  # a Ctrl-C before this line stops here; after it, it is too late
        os.replace(tmp[0], target)
    except OSError as exc:
        _remove(tmp)
        if tmp and exc.filename == tmp[0]:  # the user's path, not the temporary file's
            raise type(exc)(exc.errno, exc.strerror, os.fspath(path)) from None
        raise
    except BaseException:
        _remove(tmp)
        raise
    return pathlib.Path(path)


def check_writable(path):
    """Raise now if a file cannot be created at ``path`` (or made in its directory).

    For a path whose directories do not exist yet (``save_figures`` makes
    them), the nearest one that exists is tried. A temporary file is created
    and removed there, as :func:`write_atomically` will create its own: the
    one test that sees permissions, ACLs, read-only mounts and full inode
    tables alike.

    Parameters
    ----------
    path : str or path-like
        The output file as the user gave it; error messages name it.

    Raises
    ------
    OSError
        As creating the file would (``PermissionError``, read-only file system,
        ...), with ``path`` as the file name.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> check_writable(pathlib.Path(tempfile.mkdtemp()) / "new" / "dir" / "f.pdf")
    """
    target = pathlib.Path(os.path.abspath(path))
    while not target.parent.exists() and target.parent != target:
        target = target.parent
    tmp = []
    try:
        _create_temporary(target, path, tmp)
    finally:
        _remove(tmp)


def make_directories(path):
    """Create the directory ``path`` and its missing parents (as ``mkdir -p``).

    Inside :func:`publish_together`, the directories this call created are
    removed again when the block fails, so that a failed run leaves no empty
    directory behind; a directory that existed before is never removed.

    Parameters
    ----------
    path : str or path-like
        The directory.

    Raises
    ------
    OSError
        As :meth:`pathlib.Path.mkdir` (e.g. ``FileExistsError`` for a file of that
        name, ``PermissionError``).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> make_directories(d / "a" / "b"); (d / "a" / "b").is_dir()
    True
    """
    missing, parent = [], pathlib.Path(os.path.abspath(path))
    while not os.path.lexists(parent) and parent != parent.parent:
        missing.append(parent)
        parent = parent.parent
    created = _CREATED.get()
    try:
        pathlib.Path(path).mkdir(parents=True, exist_ok=True)
    finally:  # those made before a failure too
        if created is not None:
            created.extend(p for p in missing if p.is_dir())


@contextlib.contextmanager
def publish_together():
    """Inside, :func:`write_atomically` moves no file into place: all at the end.

    Each file is written to its temporary file as usual; on a normal exit of
    the ``with`` block every one is moved over its target, on an exception (or
    a Ctrl-C before the first move) every temporary file is removed and no
    target is changed: all outputs or none. Directories made inside the block
    by :func:`make_directories` are removed too when it fails, if still empty.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> with publish_together():
    ...     _ = write_atomically(d / "a.txt", lambda tmp: pathlib.Path(tmp).write_text("a"))
    ...     sorted(p.name for p in d.iterdir() if not p.name.startswith("."))
    []
    >>> sorted(p.name for p in d.iterdir())
    ['a.txt']
    """
    pending, created = [], []
    tokens = _PENDING.set(pending), _CREATED.set(created)
    try:
        yield
        commit_point()  # a Ctrl-C before this line stops here; after it, it is too late
        while pending:
            tmp, target = pending[0]
            os.replace(tmp, target)
            pending.pop(0)
        created.clear()  # published: the directories hold the outputs
    finally:
        _PENDING.reset(tokens[0])
        _CREATED.reset(tokens[1])
        _remove([tmp for tmp, _ in pending])
        for directory in sorted(created, key=lambda d: len(d.parts), reverse=True):
            with contextlib.suppress(OSError):  # deepest first; one holding a file stays
                os.rmdir(directory)


#: the files a publish_together block has written and not yet moved into place
_PENDING = contextvars.ContextVar("pending_outputs", default=None)
#: the directories a publish_together block has created
_CREATED = contextvars.ContextVar("created_directories", default=None)


def _create_temporary(target, shown, created):
    """Create an empty temporary file beside ``target``; append its path to ``created``.

    An error names ``shown`` (the user's path), never the temporary file.
    """
    for _ in range(100):
        # named before it is created, so that an interrupt at any moment
        # (even between the creation and the assignment) finds it to remove
        name = cut_to_bytes(target.name, NAME_MAX - _TMP_EXTRA)  # fits beside it
        tmp = str(target.parent / f".{name}.{secrets.token_hex(8)}.tmp")
        created.append(tmp)
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            return
        except FileExistsError:
            created.pop()  # someone else's file: never remove it
        except OSError as exc:
            created.pop()
            raise type(exc)(exc.errno, exc.strerror, os.fspath(shown)) from None
    raise FileExistsError(f"no free temporary file name in {str(target.parent)!r}")


def _remove(paths):
    """Remove the temporary files that exist of ``paths``."""
    for tmp in paths:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def _default_file_mode():
    """0o666 minus the process umask (mkstemp creates files 0o600)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask
