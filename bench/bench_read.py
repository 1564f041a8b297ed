"""Reading a predictions file: evalplots' checked reader vs a bare pandas read.

Not a test. Run from the repository root:

    python bench/bench_read.py [--n 1000000] [--repeats 5]

Writes a file of ``--n`` rows and 3 columns (``y_true`` in {0, 1} and two
six-decimal score columns, like the bundled sample) as CSV and as Parquet in a
temporary directory, then times, in this one process on the same files:

- CSV: ``pandas.read_csv(path)`` vs ``evalplots.datasets.read_predictions(path)``
  (target: ratio <= 2);
- Parquet: ``pandas.read_parquet(path)`` vs ``read_predictions(path)``.

Times are medians of ``--repeats`` runs. Peak memory is measured in a fresh
subprocess per reader: the growth of the peak resident set size (ru_maxrss)
during the read, after the imports, so pandas' C buffers count too (Linux:
read from /proc/self/status).
"""

import argparse
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import pandas as pd

READERS = {
    "pandas.read_csv": "import pandas; f = pandas.read_csv",
    "pandas.read_parquet": "import pandas; f = pandas.read_parquet",
    "read_predictions": "from evalplots.datasets import read_predictions as f",
}

# VmHWM (peak RSS of this process image) rather than ru_maxrss, which Linux
# carries over from the parent across exec and would hide the growth.
_MEMORY_SNIPPET = """
import sys
def peak():
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmHWM"))
{imports}
before = peak()
result = f(sys.argv[1])
print((peak() - before) * 1024)
"""


def write_files(directory, n, seed=0):
    """The CSV and Parquet versions of one n-row, 3-column predictions table."""
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    frame = pd.DataFrame({
        "y_true": y,
        "model_a": np.round(np.clip(0.3 + 0.4 * y + rng.normal(0, 0.2, n), 0, 1), 6),
        "model_b": np.round(rng.random(n), 6),
    })
    csv_path = directory / "predictions.csv"
    parquet_path = directory / "predictions.parquet"
    frame.to_csv(csv_path, index=False, float_format="%.6f")
    frame.to_parquet(parquet_path, index=False)
    return csv_path, parquet_path


def median_time(func, repeats):
    """Median wall time of ``func()`` over ``repeats`` runs (after one warm-up)."""
    func()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_memory(reader, path):
    """Growth of the peak RSS (bytes) while ``reader`` reads ``path``, in a subprocess."""
    code = _MEMORY_SNIPPET.format(imports=READERS[reader])
    out = subprocess.run([sys.executable, "-c", code, str(path)], check=True,
                         capture_output=True, text=True)
    return int(out.stdout.strip())


def main(argv=None):
    from evalplots.datasets import read_predictions

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        csv_path, parquet_path = write_files(pathlib.Path(tmp), args.n)
        size = csv_path.stat().st_size / 2**20
        print(f"n = {args.n:,} rows x 3 columns; CSV {size:.1f} MiB, Parquet "
              f"{parquet_path.stat().st_size / 2**20:.1f} MiB; median of "
              f"{args.repeats} runs; peak = growth of max RSS in a fresh process\n")
        print(f"{'format':8} {'reader':20} {'time':>9} {'peak':>9}  ratio (evalplots / pandas)")
        for fmt, path, base in (("CSV", csv_path, "pandas.read_csv"),
                                ("Parquet", parquet_path, "pandas.read_parquet")):
            base_func = pd.read_csv if fmt == "CSV" else pd.read_parquet
            t_base = median_time(lambda: base_func(path), args.repeats)
            t_ours = median_time(lambda: read_predictions(path), args.repeats)
            m_base = peak_memory(base, path)
            m_ours = peak_memory("read_predictions", path)
            print(f"{fmt:8} {base:20} {t_base:8.3f}s {m_base / 2**20:7.1f}MB")
            print(f"{fmt:8} {'read_predictions':20} {t_ours:8.3f}s "
                  f"{m_ours / 2**20:7.1f}MB  time x{t_ours / t_base:.2f}, "
                  f"memory x{m_ours / max(m_base, 1):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
