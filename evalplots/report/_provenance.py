"""Where a report comes from: the :class:`Provenance` record and the report's date.

The library fills what it knows by itself (the versions of evalplots, Python,
numpy, matplotlib and reportlab; the date), the caller adds what only it knows
(the input file, its SHA-256 and row count, the command line): the CLI with
:meth:`Provenance.from_file`. The standard report prints it at the end of its
summary and writes it into the PDF's document information
(:mod:`evalplots.report.standard._provenance`).
"""

import dataclasses
import datetime
import hashlib
import os
import platform

import numpy

from evalplots._version import __version__

__all__ = ["Provenance", "library_versions", "report_date", "sha256_file"]

#: Bytes read at a time when hashing a file: memory stays flat for any file size.
CHUNK_SIZE = 1 << 20
#: The date reportlab writes into an ``invariant`` PDF (2000-01-01 00:00 UTC).
INVARIANT_EPOCH = 946684800


def library_versions():
    """``{name: version}`` of evalplots, Python, numpy, matplotlib and reportlab.

    Returns
    -------
    versions : dict of str to str
        In that order.

    Examples
    --------
    >>> list(library_versions())
    ['evalplots', 'Python', 'numpy', 'matplotlib', 'reportlab']
    """
    # slow (matplotlib, reportlab: about a second), and loaded anyway by the report
    # that asks: not at module level, so that report_date() is cheap for the CLI
    import matplotlib
    import reportlab

    return {"evalplots": __version__, "Python": platform.python_version(),
            "numpy": numpy.__version__, "matplotlib": matplotlib.__version__,
            "reportlab": reportlab.Version}


def sha256_file(path, *, chunk_size=CHUNK_SIZE):
    """The SHA-256 of a file's bytes, read in chunks, as 64 hex digits.

    Parameters
    ----------
    path : str or path-like
        The file.
    chunk_size : int, default=1048576
        Bytes read at a time.

    Returns
    -------
    digest : str

    Raises
    ------
    OSError
        If the file cannot be read.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "empty.csv")
    >>> open(path, "wb").close()
    >>> sha256_file(path)[:16]  # the SHA-256 of no bytes
    'e3b0c44298fc1c14'
    """
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(chunk_size), b""):
            digest.update(chunk)
    return digest.hexdigest()


def report_date(invariant=False):
    """The report's date, as reportlab dates the PDF: a timezone-aware datetime.

    ``SOURCE_DATE_EPOCH`` (seconds since 1970, the reproducible-builds
    convention) when set, else 2000-01-01 for an ``invariant`` report (both
    UTC), else now in local time. So a rerun with ``SOURCE_DATE_EPOCH`` set
    prints the same date and writes the same bytes.

    Parameters
    ----------
    invariant : bool, default=False
        The report's ``invariant`` option.

    Returns
    -------
    date : datetime.datetime

    Raises
    ------
    ValueError
        If ``SOURCE_DATE_EPOCH`` is set but is not a whole number of seconds.

    Examples
    --------
    >>> import os
    >>> saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    >>> report_date(invariant=True).isoformat()
    '2000-01-01T00:00:00+00:00'
    >>> os.environ["SOURCE_DATE_EPOCH"] = "1700000000"
    >>> report_date().isoformat()
    '2023-11-14T22:13:20+00:00'
    >>> _ = os.environ.pop("SOURCE_DATE_EPOCH")
    >>> if saved is not None:
    ...     os.environ["SOURCE_DATE_EPOCH"] = saved
    """
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            seconds = int(epoch)
        except ValueError:
            raise ValueError(f"SOURCE_DATE_EPOCH must be a whole number of seconds "
                             f"since 1970-01-01 UTC, got {epoch!r}; e.g. "
                             f"SOURCE_DATE_EPOCH=$(date +%s).") from None
        return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)
    if invariant:
        return datetime.datetime.fromtimestamp(INVARIANT_EPOCH, datetime.timezone.utc)
    return datetime.datetime.now().astimezone()


@dataclasses.dataclass(frozen=True)
class Provenance:
    """Where a report comes from: input file, command line, software, date.

    Parameters
    ----------
    input_name : str or None, default=None
        The input file as the user named it (or a bundled sample's
        description); None when the data did not come from a file.
    input_sha256 : str or None, default=None
        SHA-256 of the input file's bytes, 64 hex digits.
    input_rows : int or None, default=None
        Data rows read from the input (the header not counted).
    command_line : str or None, default=None
        The command that made the report, shell-quoted.
    date : datetime.datetime or None, default=None
        The report's date; None dates it when it is built
        (:func:`report_date`: ``SOURCE_DATE_EPOCH``, ``invariant`` or now).
    versions : dict of str to str, default=library_versions()
        Software versions, filled in by the library.

        A plain frozen record: nothing is checked.

    Notes
    -----
    The standard report prints these, together with the evaluation's own
    options (decision threshold and positive class for binary models, the
    confidence level, bootstrap resamples and seed of the intervals), in a
    table at the end of its summary, and writes them into the PDF's document
    information (e.g. ``/InputSHA256``), where ``pypdf`` or ``exiftool`` read
    them. This is the checklist of reproducible computational results of
    Sandve et al. (2013), "Ten simple rules for reproducible computational
    research", PLoS Comput Biol 9(10): e1003285 (rules 1, 3, 6: record how a
    result was produced, the exact versions, and the random seed).

    Examples
    --------
    >>> import os, tempfile
    >>> from evalplots.report import Provenance
    >>> path = os.path.join(tempfile.mkdtemp(), "p.csv")
    >>> with open(path, "w") as f:
    ...     _ = f.write("y_true,m\\n1,0.9\\n0,0.2\\n")
    >>> p = Provenance.from_file(path, rows=2, command_line="evalplots report p.csv")
    >>> p.input_name == path, p.input_sha256[:12], p.input_rows
    (True, 'b84e2b9682a4', 2)
    >>> sorted(p.versions)
    ['Python', 'evalplots', 'matplotlib', 'numpy', 'reportlab']
    """

    input_name: str = None
    input_sha256: str = None
    input_rows: int = None
    command_line: str = None
    date: datetime.datetime = None
    versions: dict = dataclasses.field(default_factory=library_versions)

    @classmethod
    def from_file(cls, path, *, rows=None, command_line=None, name=None):
        """The provenance of a report made from the file at ``path``.

        Parameters
        ----------
        path : str or path-like
            The input file; its bytes are hashed (SHA-256, read in chunks).
        rows : int or None, default=None
            Data rows read from it.
        command_line : str or None, default=None
            The command, shell-quoted (e.g. ``shlex.join(sys.argv)``).
        name : str or None, default=None
            How to name the input; None gives ``path`` as given.

        Returns
        -------
        provenance : Provenance

        Raises
        ------
        OSError
            If the file cannot be read.

        Notes
        -----
        The hash is of the file's bytes, so it identifies the exact input
        (``sha256sum FILE`` prints the same digits).

        Examples
        --------
        >>> from evalplots.datasets import SAMPLE_CSV
        >>> from evalplots.report import Provenance
        >>> Provenance.from_file(SAMPLE_CSV, name="sample").input_name
        'sample'
        """
        return cls(input_name=os.fspath(path) if name is None else name,
                   input_sha256=sha256_file(path), input_rows=rows,
                   command_line=command_line)
