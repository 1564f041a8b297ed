"""What ``evalplots report --engine dask`` needs: a cluster, and the input as partitions.

Beside the command, above both the report and :mod:`evalplots.dask` (which knows
no report); imported only with ``--engine dask`` (the [dask] extra).

The command keeps its own rules (``--task``, ``--pos-label``, messages, the
report); this module gives it a :class:`DaskPredictions` that looks like the
in-memory :class:`evalplots.datasets.Predictions` where the command reads it
(the classes, small stand-in arrays for the task's rules, notes) and whose
:meth:`DaskPredictions.evaluate` runs the partitioned evaluation.
"""

import contextlib
import logging
import os
import signal
import threading

import distributed

from evalplots.dask._evaluate import evaluate_prepared, prepare
from evalplots.report import Provenance

__all__ = ["DaskPredictions", "cluster", "load"]


@contextlib.contextmanager
def _interrupts_deferred():
    """Hold Ctrl-C back while a cluster starts; raise it once the cluster can be closed.

    An interrupt inside ``LocalCluster()`` would leave worker processes that no
    ``with`` block closes; recorded here, it is raised right after, inside the
    block that closes them.
    """
    if threading.current_thread() is not threading.main_thread():
        yield lambda: None
        return
    caught = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    released = []

    def release():
        if not released:
            released.append(True)
            signal.signal(signal.SIGINT, previous)
            if caught and callable(previous):
                previous(signal.SIGINT, None)  # the command's own handler raises it

    try:
        yield release
    finally:
        release()


@contextlib.contextmanager
def cluster(scheduler=None, workers=None):
    """A ``distributed.Client``: to ``scheduler``, or to a LocalCluster closed on exit.

    Parameters
    ----------
    scheduler : str or None
        Address of a running scheduler (``tcp://HOST:PORT``); None starts a
        ``LocalCluster`` of ``workers`` worker processes (one thread each, no
        dashboard), closed when the block ends, Ctrl-C included.
    workers : int or None
        Worker processes of the local cluster; None: one per CPU.

    Yields
    ------
    client : distributed.Client
    """
    with contextlib.ExitStack() as stack:
        with _interrupts_deferred() as release:
            if scheduler is not None:
                try:
                    client = distributed.Client(scheduler, timeout="10s")
                except (OSError, TimeoutError) as exc:
                    raise ValueError(f"cannot reach the scheduler {scheduler!r} "
                                     f"({' '.join(str(exc).split())}); check "
                                     f"--scheduler") from None
            else:
                n = workers if workers is not None else (os.cpu_count() or 1)
                # no dashboard; its HTTP routes on a free port (8787 may be taken)
                local = stack.enter_context(distributed.LocalCluster(
                    n_workers=n, threads_per_worker=1, processes=True,
                    dashboard_address=None, silence_logs=logging.CRITICAL,
                    scheduler_kwargs={"dashboard_address": ":0"}))
                client = distributed.Client(local)
            stack.enter_context(client)
            release()  # a Ctrl-C during the start is raised here: the stack closes
        yield client


class DaskPredictions:
    """The partitioned input, with the attributes the command reads.

    Attributes
    ----------
    y_true, predictions : ndarray, dict of ndarray
        Small stand-ins (the classes, each model's first predictions) on which
        the command's task rule and ``--pos-label`` rule run.
    classes : ndarray or None
        The target's classes over all partitions.
    n_samples : int
        Rows over all partitions.
    notes : tuple of str
        The reader's notices.
    """

    task = None
    pos_label = None
    label_names = None
    description = ""

    def __init__(self, path, parts, spec, info, name=None):
        self.path, self.parts, self.spec, self.info = path, parts, spec, info
        self.name = name
        self.y_true = info["standin_y"]
        self.predictions = info["standin_predictions"]
        self.classes = info["classes"]
        self.n_samples = info["n_rows"]
        self.notes = info["notes"]

    def evaluate(self, y_true, predictions, *, task, pos_label=None, threshold=0.5,
                 labels=None, label_names=None, ordinal=False, confidence_level=0.95,
                 n_resamples=1000, random_state=0, ci=True, progress=None):
        """:func:`evalplots.evaluate`'s signature; ``y_true``/``predictions`` are ignored."""
        del y_true, predictions, labels  # the partitions hold the data
        self.spec["task"] = task
        return evaluate_prepared(
            self.parts, self.spec, self.info, pos_label=pos_label, threshold=threshold,
            label_names=label_names, ordinal=ordinal, confidence_level=confidence_level,
            n_resamples=n_resamples, random_state=random_state, method="auto",
            memory_budget=_budget(), n_bins=1000, max_points=20_000, split_every=8,
            ci=ci, progress=progress)

    def provenance(self, command_line):
        """The report's provenance: the pattern and its files (not hashed: too large)."""
        files = len(self.parts.where)
        name = self.name or f"{self.path} ({files} file{'s' if files != 1 else ''})"
        return Provenance(input_name=name, input_rows=self.n_samples,
                          command_line=command_line)


def _budget():
    """The memory budget of the command: None, the default of :func:`evaluate` (twice
    the largest file's needed columns in memory, at least 64 MiB)."""
    return None


def load(path, *, target, models, exclude, task, progress=None, name=None):
    """Scan ``path`` (a file, directory or glob) into a :class:`DaskPredictions`."""
    parts, spec, info = prepare(path, task=None if task == "auto" else task,
                                target=target, models=models, exclude=exclude,
                                progress=progress)
    return DaskPredictions(path, parts, spec, info, name=name)
