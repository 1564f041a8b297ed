"""Every number and array behind the multi-class and regression reports, saved or compared bit for bit.

Run by hand (not a test), from the repository root, before and after a change that
must not change any reported number::

    PYTHONPATH=<old tree> python bench/check_task_arrays.py --save /tmp/before.npz
    PYTHONPATH=<new tree> python bench/check_task_arrays.py --compare /tmp/before.npz

For the bundled digits (multi-class) and diabetes (regression) samples, unweighted,
with whole-number weights and with fractional weights, it builds ``evaluate(...)``
and collects the metrics table (``ev.to_frame()``), ``ev.intervals.to_frame()``,
``ev.comparisons.to_frame()`` and the arrays of every Display the report draws
(confusion matrices, classification reports, one-vs-rest ROC and P-R curves,
prediction errors) and the residual statistics. ``--compare`` lists every array
that differs in shape, dtype or any bit (NaNs compare equal) and exits 1 if one does.
``--time`` times ``evaluate(...)`` with its intervals and comparisons instead.
"""

import argparse
import sys
import time
import warnings

import numpy as np

from check_report_arrays import _arrays, compare


def inputs():
    from evalplots.datasets import load_diabetes_predictions, load_digits_predictions

    rng = np.random.default_rng(0)
    for sample, data in (("digits", load_digits_predictions()),
                         ("diabetes", load_diabetes_predictions())):
        n = data.y_true.shape[0]
        yield f"{sample}", data, None
        yield f"{sample} integer weights", data, rng.integers(0, 4, n)
        yield f"{sample} fractional weights", data, rng.random(n) + 0.1


def _frame(prefix, frame, out):
    frame = frame.reset_index()
    for column in frame.columns:
        values = frame[column].to_numpy()
        out[f"{prefix}.{column}"] = (values.astype(str) if values.dtype == object
                                     else values)


def evaluation(data, weight):
    from evalplots import evaluate

    return evaluate(data.y_true, data.predictions, task=data.task, sample_weight=weight,
                    n_resamples=1000, random_state=0)


def collect():
    out = {}
    for label, data, weight in inputs():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ev = evaluation(data, weight)
            _frame(f"{label}/table", ev.to_frame(), out)
            _frame(f"{label}/intervals", ev.intervals.to_frame(), out)
            _arrays(f"{label}/interval notes", ev.intervals.notes, out)
            _frame(f"{label}/comparisons", ev.comparisons.to_frame(), out)
            for name in ev.model_names:
                if ev.task == "multiclass":
                    displays = ["confusion_matrix_display", "classification_report_display"]
                    if ev[name].has_scores:
                        displays += ["roc_display", "precision_recall_display"]
                    _arrays(f"{label}/{name}/class_counts", ev.class_counts, out)
                else:
                    displays = ["prediction_error_display"]
                    _arrays(f"{label}/{name}/residual_stats", ev[name].residual_stats, out)
                    _arrays(f"{label}/target_stats", ev.target_stats, out)
                for attr in displays:
                    _arrays(f"{label}/{name}/{attr}", getattr(ev, attr)(name), out)
    return out


def timing(repeat):
    """Best of ``repeat`` wall times (s) of evaluate + table + intervals + comparisons."""
    best = {}
    for label, data, weight in inputs():
        times = []
        for _ in range(repeat):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                start = time.perf_counter()
                ev = evaluation(data, weight)
                ev.metrics_table, ev.intervals, ev.comparisons
                times.append(time.perf_counter() - start)
        best[label] = min(times)
    return best


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save")
    group.add_argument("--compare")
    group.add_argument("--time", type=int, metavar="REPEAT")
    options = parser.parse_args(argv)
    if options.time:
        for label, seconds in timing(options.time).items():
            print(f"{label:32s} {seconds * 1e3:8.1f} ms")
        return 0
    arrays = collect()
    if options.save:
        np.savez_compressed(options.save, **arrays)
        print(f"saved {len(arrays)} arrays to {options.save}")
        return 0
    return compare(options.compare, arrays)


if __name__ == "__main__":
    sys.exit(main())
