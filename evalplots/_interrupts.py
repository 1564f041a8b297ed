"""Ctrl-C while a report is written: stop promptly, never half-commit, never lose it.

Standard library only, at the package root, so that the command installs its
handler before it imports anything heavy; evalplots.report and evalplots.cli
use it.

Python raises :class:`KeyboardInterrupt` wherever the main thread happens to be,
and three places there turn it into something else:

- finalizers and weakref callbacks (matplotlib and svglib objects are collected
  all the time while figures are drawn and closed): Python prints
  "Exception ignored in ... KeyboardInterrupt" and the work goes on, so the
  report used to be written and the command exited 0;
- library cleanup code: reportlab's renderer deletes ``node._parent`` in a
  ``finally`` block that the interrupt kept from being set, so the interrupt
  came out as ``AttributeError: 'Group' object has no attribute '_parent'``;
- the atomic replace: an interrupt handled just after :func:`os.replace`
  reported a failure for a file already replaced.

An :class:`InterruptGuard` records every SIGINT, so a swallowed or replaced
interrupt is still known: :func:`checkpoint` (called between report sections
and after each laid-out page) and :func:`commit_point` (called by
:func:`evalplots._atomic.write_atomically` just before the replace)
raise it again. From the commit point on, SIGINT is ignored: the file is
complete and is being moved into place, so the interrupt came too late.
"""

import contextlib
import signal
import sys
import threading

_active = None  # the InterruptGuard in force, if any


class InterruptGuard:
    """Record SIGINT while a command runs; ignore it after the commit point.

    Used as a context manager around a whole command, in the main thread. The
    first SIGINT sets :attr:`interrupted` and raises :class:`KeyboardInterrupt`
    as Python would; later ones are only recorded, so cleanup code (removing
    the temporary file, printing the one-line message) cannot be interrupted
    in turn. A :class:`KeyboardInterrupt` that Python could not raise (inside a
    finalizer, weakref or GC callback) is not printed as "Exception ignored", nor
    is any later error of such a callback (the interrupt may have left it half
    done); the next :func:`checkpoint` raises the interrupt.

    Parameters
    ----------
    keep_ignoring : bool, default=False
        When the block ends, leave SIGINT ignored instead of restoring the
        previous handler: for a program that is about to exit, so that a late
        Ctrl-C cannot kill it while the interpreter shuts down (its exit status
        is decided).

    Attributes
    ----------
    interrupted : bool
        True once SIGINT arrived before the commit point.
    active : bool
        Whether the guard installed its handler: only in the main thread and
        when SIGINT has Python's default handler (a background job started
        with SIGINT ignored keeps ignoring it).

    Examples
    --------
    >>> with InterruptGuard() as guard:
    ...     guard.interrupted = True  # as a SIGINT swallowed in a finalizer leaves it
    ...     try:
    ...         checkpoint()
    ...     except KeyboardInterrupt:
    ...         print("stopped at the checkpoint")
    stopped at the checkpoint
    """

    def __init__(self, *, keep_ignoring=False):
        self.interrupted = False
        self.active = False
        self._keep_ignoring = keep_ignoring
        self._committing = False
        self._previous_handler = None
        self._previous_hook = None

    def __enter__(self):
        global _active
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            self._previous_handler = signal.signal(signal.SIGINT, self._handle)
            self._previous_hook = sys.unraisablehook
            sys.unraisablehook = self._unraisable
            self.active = True
        _active = self
        return self

    def __exit__(self, *exc_info):
        global _active
        _active = None
        if self.active:
            self._committing = True  # from here on, SIGINT is ignored ...
            sys.unraisablehook = self._previous_hook
            handler = signal.SIG_IGN if self._keep_ignoring else self._previous_handler
            signal.signal(signal.SIGINT, handler)  # ... until this handler takes over
            self.active = False
        if self._keep_ignoring and self.interrupted:
            _forget_unhandled_interrupt()
        return False

    def _handle(self, signum, frame):
        if self._committing or self.interrupted:
            return
        self.interrupted = True
        raise KeyboardInterrupt

    def _unraisable(self, unraisable):
        if self.interrupted:
            # the KeyboardInterrupt itself (recorded; the next checkpoint raises
            # it), or what it broke in a callback it hit (distributed's GC timer
            # then fails its own assertion): the run ends "interrupted" anyway
            return
        self._previous_hook(unraisable)


def checkpoint():
    """Raise :class:`KeyboardInterrupt` if the active guard recorded one.

    Called at safe points (between report sections, after each page), so that
    an interrupt Python swallowed stops the work soon. Does nothing without an
    active guard or after the commit point.

    Raises
    ------
    KeyboardInterrupt
        If SIGINT arrived before the commit point.

    Examples
    --------
    >>> checkpoint()  # no guard: nothing happens
    """
    guard = _active
    if guard is not None and guard.interrupted and not guard._committing:
        raise KeyboardInterrupt


def commit_point():
    """Pass the point of no return, or raise if SIGINT came before it.

    From here on the active guard ignores SIGINT; the caller moves a complete
    file into place. A program calls this once, for its last write.

    Raises
    ------
    KeyboardInterrupt
        If SIGINT arrived before this call (even if Python swallowed it).

    Examples
    --------
    >>> commit_point()  # no guard: nothing happens
    """
    guard = _active
    if guard is None:
        return
    guard._committing = True  # one store: a SIGINT is either before it or ignored
    if guard.interrupted:
        raise KeyboardInterrupt


def _forget_unhandled_interrupt():
    """Clear CPython's "KeyboardInterrupt went unhandled" flag (best effort).

    CPython sets ``_Py_UnhandledKeyboardInterrupt`` when a KeyboardInterrupt
    leaves code run by :func:`exec` or :func:`eval` of a string (dataclasses
    and namedtuples are made that way while modules import) and never clears
    it when the exception is then caught; under ``python -m`` the process
    then kills itself with SIGINT at exit instead of exiting with its status
    (seen as status -2 instead of 130 by a parent process). The flag is
    exported data of CPython 3.10 and 3.11; elsewhere this does nothing.
    """
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.c_int.in_dll(ctypes.pythonapi, "_Py_UnhandledKeyboardInterrupt").value = 0
