"""Every number and array behind the standard binary report, saved or compared bit for bit.

Run by hand (not a test), from the repository root, before and after a change that
must not change any reported number::

    python bench/check_report_arrays.py --save /tmp/before.npz      # on the old tree
    python bench/check_report_arrays.py --compare /tmp/before.npz   # on the new tree

For several inputs (``--n`` rows of six-decimal scores like the bundled sample;
rounded scores with many ties; float32 scores; integer weights; fractional
weights; scores outside [0, 1]) it builds ``evaluate(...)`` and collects the metrics
table, every cached curve and count table of every model, the arrays of every
Display the report draws (ROC, P-R, DET, gain, threshold, calibration, score
distribution, confusion matrix); with ``--intervals``, every interval, comparison
and bootstrap band; with ``--drawn``, the points each figure of the report actually
draws (the thinned lines). The bundled sample (``load_breast_cancer_predictions``)
is one more input. ``--compare`` reports every array
that differs in shape, dtype or any bit (NaNs compare equal), and exits 1 if one does.
"""

import argparse
import sys
import warnings

import numpy as np


def inputs(n):
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.1).astype(np.int64)
    good = np.round(np.clip(0.3 * y + rng.normal(0.4, 0.15, n), 0, 1), 6)
    weak = np.round(np.clip(0.1 * y + rng.normal(0.45, 0.2, n), 0, 1), 6)
    tied = np.round(np.clip(0.2 * y + rng.normal(0.4, 0.2, n), 0, 1), 2)
    logit = 2 * y + rng.normal(0, 1.5, n)
    yield "six decimals", y, {"good": good, "weak": weak}, None
    yield "ties", y, {"tied": tied, "good": good}, None
    yield "float32", y, {"good": good.astype(np.float32), "tied": tied.astype(np.float32)}, None
    yield "logits", y, {"logit": logit, "good": good}, None
    yield "integer weights", y, {"good": good, "tied": tied}, rng.integers(0, 4, n)
    yield "fractional weights", y, {"good": good, "tied": tied}, rng.random(n)


def sample_input():
    """The bundled binary sample, as the report of ``evalplots report`` reads it."""
    from evalplots.datasets import load_breast_cancer_predictions

    data = load_breast_cancer_predictions()
    return "sample", data.y_true, data.predictions, None


def _arrays(prefix, value, out):
    """Flatten numbers, arrays, tuples, dicts and simple objects into ``out``."""
    if value is None:
        out[prefix] = np.array("None")
    elif isinstance(value, (bool, int, float, str, np.generic)):
        out[prefix] = np.asarray(value)
    elif isinstance(value, np.ndarray):
        out[prefix] = value
    elif isinstance(value, dict):
        for k, v in value.items():
            _arrays(f"{prefix}.{k}", v, out)
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            _arrays(f"{prefix}[{i}]", v, out)
    elif hasattr(value, "_asdict"):
        _arrays(prefix, value._asdict(), out)
    elif hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        names = (vars(value) if hasattr(value, "__dict__") else
                 {s: getattr(value, s, None) for s in value.__slots__})
        for k, v in names.items():
            if not k.startswith("_") and not k.endswith("_"):
                _arrays(f"{prefix}.{k}", v, out)
    else:
        out[prefix] = np.asarray(repr(value))


MODEL_ATTRS = ("counts", "roc_curve", "precision_recall_curve", "roc_auc",
               "average_precision", "break_even_point", "confusion_matrix",
               "is_probability", "brier_score", "log_loss", "threshold_metrics",
               "optimal_thresholds", "operating_points", "det_curve",
               "cumulative_gain_curve", "ks_statistic", "calibration_curve",
               "expected_calibration_error")
DISPLAYS = ("roc_display", "precision_recall_display", "det_display", "gain_display",
            "threshold_display", "score_distribution_display",
            "confusion_matrix_display")


def _frame(prefix, frame, out):
    """Every column of a DataFrame (its index as strings) into ``out``."""
    out[f"{prefix}.index"] = np.asarray([repr(i) for i in frame.index])
    for column in frame.columns:
        values = frame[column].to_numpy()
        out[f"{prefix}.{column}"] = (values.astype(str) if values.dtype == object
                                     else values)


def collect(n, drawn, intervals):
    from evalplots import evaluate

    out = {}
    for label, y, predictions, weight in [*inputs(n), sample_input()]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ev = evaluate(y, predictions, pos_label=1, threshold=0.5, sample_weight=weight)
            _arrays(f"{label}/table", ev.metrics_table.rows, out)
            if intervals:
                _frame(f"{label}/intervals", ev.intervals.to_frame(), out)
                _arrays(f"{label}/interval_notes", ev.intervals.notes, out)
                _frame(f"{label}/comparisons", ev.comparisons.to_frame(), out)
                _arrays(f"{label}/roc_ci_bands", ev.roc_ci_bands, out)
                _arrays(f"{label}/precision_recall_ci_bands",
                        ev.precision_recall_ci_bands, out)
            _arrays(f"{label}/score_bins", ev.score_bins, out)
            for name in ev.model_names:
                m = ev[name]
                table = m.threshold_table
                for attr in MODEL_ATTRS:
                    _arrays(f"{label}/{name}/{attr}", getattr(m, attr), out)
                for attr in ("thresholds", "tp", "fp", "tpr", "fpr", "precision", "recall",
                             "fbeta"):
                    _arrays(f"{label}/{name}/threshold_table.{attr}", getattr(table, attr),
                            out)
                for attr in DISPLAYS:
                    _arrays(f"{label}/{name}/{attr}", getattr(ev, attr)(name), out)
                if m.is_probability:
                    _arrays(f"{label}/{name}/calibration_display",
                            ev.calibration_display(name), out)
            if drawn:
                _drawn(label, ev, out)
    return out


def _drawn(label, ev, out):
    """The points of every line of every figure of the report (after thinning)."""
    from evalplots.report.standard import _figures as figures

    made = {"roc": figures.roc_page_figure(ev)[0],
            "pr": figures.precision_recall_figure(ev),
            "threshold": figures.threshold_figure(ev),
            "scores": figures.score_distribution_figure(ev)}
    calibrated = [n for n in ev.model_names if ev[n].is_probability]
    if calibrated:
        made["calibration"] = figures.calibration_figure(ev, calibrated)
    for key, fig in made.items():
        for i, ax in enumerate(fig.axes):
            for j, line in enumerate(ax.get_lines()):
                out[f"{label}/drawn/{key}/{i}/{j}"] = np.asarray(line.get_xydata())
            for j, patch in enumerate(ax.patches):
                out[f"{label}/drawn/{key}/{i}/patch{j}"] = np.asarray(
                    patch.get_path().vertices)


def close(a, b, tol=1e-12):
    """Same shape and dtype, and equal within ``tol`` (relative, or absolute near 0)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype or a.dtype.kind not in "fc":
        return False
    return bool(np.allclose(a, b, rtol=tol, atol=tol, equal_nan=True))


def same(a, b):
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.dtype.kind in "fc":
        return bool(a.tobytes() == b.tobytes()
                    or np.array_equal(a, b, equal_nan=True) and
                    np.array_equal(np.signbit(a), np.signbit(b)))
    return bool(np.array_equal(a, b))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save")
    group.add_argument("--compare")
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--drawn", action="store_true",
                        help="also the drawn (thinned) points of every figure")
    parser.add_argument("--intervals", action="store_true",
                        help="also every interval, comparison and bootstrap band")
    options = parser.parse_args(argv)
    arrays = collect(options.n, options.drawn, options.intervals)
    if options.save:
        np.savez_compressed(options.save, **arrays)
        print(f"saved {len(arrays)} arrays to {options.save}")
        return 0
    return compare(options.compare, arrays)


def compare(path, arrays):
    """Print every array of ``arrays`` that differs from the one saved in ``path``
    (or is missing on either side); 1 if one does, else 0."""
    with np.load(path, allow_pickle=False) as before:
        keys = set(before.files) | set(arrays)
        differ = [k for k in sorted(keys) if k not in before.files or k not in arrays
                  or not same(before[k], arrays[k])]
        near = {k for k in differ if k in before.files and k in arrays
                and close(before[k], arrays[k])}
        for k in differ:
            if k in near:
                print(f"within 1e-12: {k}")
            elif k in before.files and k in arrays:
                a, b = np.asarray(before[k]), np.asarray(arrays[k])
                gap = (f" (max |diff| {np.nanmax(np.abs(a - b)):.3g})"
                       if a.shape == b.shape and a.dtype.kind in "fc" else "")
                print(f"differs: {k}{gap}")
            else:
                print(f"differs: {k} (only {'before' if k in before.files else 'after'})")
    print(f"{len(keys) - len(differ)} of {len(keys)} arrays identical, "
          f"{len(near)} within 1e-12, {len(differ) - len(near)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
