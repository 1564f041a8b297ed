"""Shared timing and memory helpers for the benchmark scripts (not tests)."""

import gc
import time
import tracemalloc

import numpy as np


def median_time(func, *, repeat=5, min_time=0.05, clock=time.perf_counter):
    """Median time of one call of ``func`` in seconds (wall time by default).

    Each of ``repeat`` samples loops ``func`` enough times to last ``min_time``
    (so tiny calls are not dominated by timer resolution). ``clock`` may be
    ``time.process_time``: the CPU time of this process, which other processes
    on a shared machine disturb less than the wall time.
    """
    func()  # warm up
    t0 = clock()
    func()
    once = clock() - t0
    loops = max(1, int(min_time / max(once, 1e-9)))
    samples = []
    for _ in range(repeat):
        gc.disable()
        t0 = clock()
        for _ in range(loops):
            func()
        samples.append((clock() - t0) / loops)
        gc.enable()
    return float(np.median(samples))


def peak_extra_bytes(func):
    """Peak memory allocated while ``func`` runs, beyond what was held before.

    numpy reports its buffers to tracemalloc, so this counts array temporaries.
    """
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    base, _ = tracemalloc.get_traced_memory()
    result = func()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del result
    return peak - base


def fmt_time(seconds):
    """Human-readable time: µs, ms or s."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:8.1f} ms"
    return f"{seconds:8.2f} s "
