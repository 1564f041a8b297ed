"""The faults the test suite catches: inject each one, run the tests, record what fails.

Each :class:`Mutant` is one real bug a developer could write — a wrong tie rule, an
off-by-one threshold, an interval at the wrong level, a caption orphaned at a page
break, a Dask partition dropped, a CLI message without its fix — given as an exact
``old -> new`` replacement in one source file. The injector applies one mutant at a
time to a scratch copy of the repository (``git archive`` of a revision into a
temporary directory; the source tree is never touched), runs a test command there
with the copy's package imported (``python -m pytest`` from the copy, and
``PYTHONPATH`` pointing at it for the tests' subprocesses and Dask workers), and
records whether the tests caught it.

Outcomes:

- ``caught``: pytest reported failing (or erroring) tests; the first one's id is kept;
- ``NOT CAUGHT``: the tests passed with the fault in place;
- ``collection error``: the run failed before any test ran (an import or
  collection error): the mutant broke the import, not a tested behaviour;
- ``does not apply (source changed)``: ``old`` does not occur exactly once in the
  file (the code moved on); such a mutant is never counted as caught or passed.

Usage (from anywhere)::

    python bench/mutants.py --list
    python bench/mutants.py --quick                    # every mutant, mapped tests, -x
    python bench/mutants.py --only roc-tie-rule,holm-not-monotone
    python bench/mutants.py --tests "--mpl -n auto --dist worksteal"   # the README's
    python bench/mutants.py --repo /path/to/evalplots --rev main

Without ``--quick`` each mutant runs the README's test command (``--tests``,
default ``--mpl -n auto --dist worksteal``), the full suite. With ``--quick`` it
runs, with ``-x --mpl``, only the test files that :data:`QUICK_TESTS` maps the
mutant's concept to, plus the doctests of the mutated module and any files the
mutant names itself (``tests=``, for a concept whose catching test lives
elsewhere), so one mutant costs seconds to a minute or two. ``--tests`` with
``--quick`` replaces the options (not the files).

After a rework of the suite, rerun ``python bench/mutants.py`` (full) or
``--quick`` with the mapping updated to the new file layout: every mutant must
still be caught.

Results against main (6d35c31), ``--quick``, sequential, no ``-n``, on the shared
2-core machine (load average 3-5.5 during the runs, so the times are upper bounds).
The first eleven metrics runs had metrics/test_counting_kernel.py first in the metrics list
(hence 100-180 s); it now runs last. ``caption-orphaned`` is caught by the full
suite through report/test_binary_pages.py (not by report/test_builder.py, report/test_layout.py,
tests/test_report_robustness.py (as it was) or report/test_fill.py), which the report concept now
maps; ``save-not-atomic`` by cli/test_interrupts.py, which that mutant now names.
Written but dropped, each with its reason: see :data:`DROPPED`. Main moved on while
this ran: the runs of caption-orphaned (its row below) and the checks behind DROPPED
started after 23:03 and copied main as it was then (the first merges after 6d35c31);
all other rows are against 6d35c31, except roc-tie-rule, weight-ignored (written
again against the small-input kernel) and cli-one-class-message-without-fix (the
message now lives in metrics/_labels), whose rows are of a quick run at 23:20 on the
merged main (18, 26 and 13 s), and the cli, save-not-atomic,
interrupt-leaves-temp-file and second-ctrl-c-interrupts-cleanup rows, of a quick run
at 01:06-01:23 with the CLI tests in-process (load average 7-14: the times are upper
bounds); cli-sigint-restored-at-exit and cli-threshold-message-without-fix were
caught by no test before it.

    id                                    s  caught by (the first failing test)
    ---------------------------------  ----  ----------------------------------
    roc-tie-rule                         27  metrics/test_ranking.py::test_differential_binary_curves
    merged-order-tie-rule                 6  metrics/test_ranking.py::test_differential_binary_curves
    weight-ignored                      178  metrics/test_ranking.py::test_differential_binary_curves
    pos-label-ignored                    34  metrics/test_calibration.py::test_calibration_curve_string_labels_and_pos_label
    bep-wrong-point                      24  metrics/test_ranking.py::test_bep_equals_precision_at_m_pos_without_ties
    ap-trapezoid                        104  metrics/test_ranking.py::test_differential_binary_curves
    roc-drop-corners                    150  metrics/test_ranking.py::test_differential_binary_curves
    auc-decreasing-x                     34  metrics/test_ranking.py::test_auc_direction_and_monotonicity
    optimal-tie-rule                     45  doctest OptimalThreshold
    calibration-bin-edge                 37  metrics/test_calibration.py::test_calibration_curve_matches_sklearn
    ece-unweighted                       46  metrics/test_calibration.py::test_calibration_curve_matches_sklearn_on_generated_ties
    topk-variant-swapped                 45  metrics/test_topk.py::test_ranked_hits_matches_ml_metrics
    topk-denominator                     41  metrics/test_topk.py::test_ranked_hits_matches_ml_metrics
    regression-mpe-sign                  40  metrics/test_regression.py::test_values_by_hand
    kappa-weights-swapped                18  metrics/test_classification.py::test_kappa_labels_define_the_scale
    score-counts-merge-drops-table       26  metrics/test_score_counts.py::test_merged_chunks_give_the_curve_of_the_whole
    delong-variance-divisor              45  evaluation/test_intervals.py::test_delong_interval_by_hand
    delong-z-level                       36  evaluation/test_intervals.py::test_delong_interval_by_hand
    wilson-z-level                       42  evaluation/test_intervals.py::test_wilson_intervals_are_proportion_ci_and_scipy
    wilson-centre                        48  evaluation/test_intervals.py::test_wilson_intervals_are_proportion_ci_and_scipy
    holm-not-monotone                    38  evaluation/test_intervals.py::test_holm_by_hand
    mcnemar-continuity                   83  metrics/test_inference.py::test_mcnemar_chi_square_with_continuity_correction
    cm-transposed-titles                 11  display/test_confusion_matrix.py::test_transposed_draws_predicted_on_rows_and_keeps_the_stored_matrix
    sawtooth-joined-as-steps             60  display/test_precision_recall.py::test_sawtooth_vertices_are_the_textbook_operating_points
    sawtooth-keeps-sentinel              52  display/test_precision_recall.py::test_sawtooth_vertices_are_the_textbook_operating_points
    roc-legend-auc                       46  display/test_roc.py::test_line_vertices_are_the_roc_points_of_every_threshold
    pr-legend-rule-name                  36  display/test_precision_recall.py::test_sawtooth_vertices_are_the_textbook_operating_points
    threshold-off-by-one                  5  evaluation/test_evaluate.py::test_threshold_equal_to_a_score_counts_as_positive
    caption-orphaned                    119  report/test_binary_pages.py::test_perfect_separation_is_named_not_silently_empty
    heading-orphaned                      9  report/test_layout.py::test_long_model_names_keep_confusion_heading_with_its_matrix
    toc-subsections-missing              34  report/test_builder.py::test_pages_toc_outline_and_page_numbers
    page-total-off-by-one                33  report/test_builder.py::test_pages_toc_outline_and_page_numbers
    text-not-escaped                     31  report/test_builder.py::test_user_text_is_escaped_and_shown_literally
    figure-height-cap                    32  report/test_builder.py::test_sample_report_pages_and_headings
    save-not-atomic                     458  cli/test_interrupts.py::test_ctrl_c_before_the_replace_keeps_the_file
    interrupt-leaves-temp-file           13  cli/test_interrupts.py::test_ctrl_c_before_the_replace_keeps_the_file
    second-ctrl-c-interrupts-cleanup     15  cli/test_interrupts.py::test_second_ctrl_c_does_not_interrupt_the_cleanup
    cli-message-without-fix               7  cli/test_command.py::test_error_paths[missing-file]
    cli-threshold-message-without-fix     7  cli/test_command.py::test_error_paths[bad-threshold]
    cli-one-class-message-without-fix    13  cli/test_command.py::test_error_paths[one-class]
    cli-usage-exit-code                  17  cli/test_command.py::test_error_paths[missing-file]
    cli-sigint-restored-at-exit         300  cli/test_interrupts.py::test_main_as_the_program_leaves_sigint_ignored
    cli-interrupt-exit-code             150  cli/test_interrupts.py::test_main_maps_an_interrupt_turned_into_another_error_to_130
    dask-partition-dropped                7  dask/test_evaluate.py::test_binary_exact_equals_in_memory
    dask-merge-counts-twice               7  dask/test_evaluate.py::test_binary_exact_equals_in_memory
    csv-row-dropped                       5  datasets/test_samples.py::test_shape_and_label_balance
    csv-line-number                       7  datasets/test_samples.py::test_reader_errors_name_problem
"""

import argparse
import dataclasses
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

README_TESTS = "--mpl -n auto --dist worksteal"
QUICK_OPTIONS = "-x --mpl"

#: Concept -> the test files whose failure should catch a fault of that concept
#: (``--quick``). The doctests of the mutated module always run too.
QUICK_TESTS = {
    # the slowest file last: -x stops at the first failure
    "metrics": ["tests/metrics/test_ranking.py", "tests/metrics/test_classification.py",
                "tests/metrics/test_topk.py", "tests/metrics/test_regression.py",
                "tests/metrics/test_calibration.py", "tests/metrics/test_labels.py",
                "tests/metrics/test_score_counts.py", "tests/metrics/test_counting_kernel.py"],
    "intervals": ["tests/evaluation/test_intervals.py", "tests/metrics/test_inference.py"],
    "display": ["tests/display/test_confusion_matrix.py",
                "tests/display/test_precision_recall.py", "tests/display/test_roc.py",
                "tests/display/test_legend.py", "tests/display/test_operating_points.py",
                "tests/display/test_ci_bands.py"],
    "evaluation": ["tests/evaluation/test_evaluate.py"],
    "report": ["tests/report/test_builder.py", "tests/report/test_layout.py",
               "tests/report/test_output_paths.py", "tests/report/test_fonts.py",
               "tests/report/test_binary_pages.py"],  # a figure's page holds its caption
    "cli": ["tests/cli/test_command.py", "tests/cli/test_output.py",
            "tests/cli/test_input.py",
            "tests/cli/test_interrupts.py"],
    "dask": ["tests/dask/test_evaluate.py"],
    "datasets": ["tests/datasets/test_samples.py", "tests/datasets/test_read_predictions.py"],
    "interrupts": ["tests/cli/test_interrupts.py"],
}


@dataclasses.dataclass(frozen=True)
class Mutant:
    """One fault: replace ``old`` (occurring exactly once) by ``new`` in ``file``."""

    id: str
    concept: str
    file: str
    old: str
    new: str
    breaks: str
    tests: tuple = ()  # more test files for --quick, beyond the concept's


M = Mutant
ALL_MUTANTS = [
    # ---------------------------------------------------------------- metrics
    M("roc-tie-rule", "metrics", "evalplots/metrics/ranking/_thresholds.py",
      "np.not_equal(score[1:], score[:-1], out=last[:-1])",
      "last[:-1] = True",
      "tied scores get one operating point each (small and weighted inputs): the ROC/PR "
      "curves step inside a tie"),
    M("merged-order-tie-rule", "metrics", "evalplots/metrics/ranking/_thresholds.py",
      "return np.greater(np.bitwise_xor(a, b), 1, out=out)",
      "return np.greater(np.bitwise_xor(a, b), 0, out=out)",
      "on the large-input path a positive and a negative with the same score count as "
      "two scores (the class bit read as part of the score)"),
    M("weight-ignored", "metrics", "evalplots/metrics/ranking/_thresholds.py",
      "w, positive = weight[order], positive[order]",
      "w, positive = np.ones(order.size), positive[order]",
      "sample_weight is validated and then ignored by the weighted curves"),
    M("pos-label-ignored", "metrics", "evalplots/metrics/_labels.py",
      "return listed[listed.index(pos_label)]",
      "return listed[-1]",
      "an explicit pos_label is replaced by the larger class"),
    M("bep-wrong-point", "metrics", "evalplots/metrics/ranking/_pr_scores.py",
      "return float(r[j - 1] + t * (r[j] - r[j - 1]))",
      "return float(r[j])",
      "the BEP is read at the operating point after the P = R crossing, not on the "
      "segment that crosses it"),
    M("ap-trapezoid", "metrics", "evalplots/metrics/ranking/_pr_scores.py",
      "area = float(np.sum(np.multiply(steps, p[:-1], out=steps)))",
      "area = float(np.sum(np.multiply(steps, (p[:-1] + p[1:]) / 2, out=steps)))",
      "AP of a stored curve by the trapezoid instead of the step-wise sum"),
    M("roc-drop-corners", "metrics", "evalplots/metrics/ranking/_curves.py",
      "keep[1:-1] |= step[1:] != step[:-1]",
      "keep[1:-1] &= step[1:] != step[:-1]",
      "drop_intermediate drops corners of the ROC curve where only one count's step "
      "changes"),
    M("auc-decreasing-x", "metrics", "evalplots/metrics/ranking/_curves.py",
      "direction = -1.0",
      "direction = 1.0",
      "auc() of a curve with decreasing x returns minus the area"),
    M("optimal-tie-rule", "metrics", "evalplots/metrics/ranking/_threshold_metrics.py",
      "return int((values >= top - _TIE_RTOL * max(1.0, abs(top))).argmax())",
      "return int(values.size - 1 - (values[::-1] >= top - _TIE_RTOL "
      "* max(1.0, abs(top))).argmax())",
      "a tie for the optimal threshold goes to the lowest threshold, not the highest"),
    M("calibration-bin-edge", "metrics", "evalplots/metrics/calibration/_calibration.py",
      'np.add(ids, prob > edge, out=ids, casting="unsafe")',
      'np.add(ids, prob >= edge, out=ids, casting="unsafe")',
      "a probability equal to a bin edge falls in the bin above (scikit-learn: below)"),
    M("ece-unweighted", "metrics", "evalplots/metrics/calibration/_calibration.py",
      "return float(np.average(gap, weights=counts))",
      "return float(gap.mean())",
      "ECE averages the bins' gaps without weighting them by their counts"),
    M("topk-variant-swapped", "metrics", "evalplots/metrics/ranking/_topk.py",
      'if variant == "mean_precision":',
      'if variant == "ranked_hits":',
      "AP@k's two variants swapped"),
    M("topk-denominator", "metrics", "evalplots/metrics/ranking/_topk.py",
      "            min(n_relevant, k),\n",
      "            n_relevant,\n",
      "'ranked_hits' AP@k divides by |relevant| instead of min(|relevant|, k)"),
    M("regression-mpe-sign", "metrics", "evalplots/metrics/regression/_regression.py",
      "return _combine(_per_output_mean((t - p) / t, w), out)",
      "return _combine(_per_output_mean((p - t) / t, w), out)",
      "mean percentage error with the sign flipped (prediction minus truth)"),
    M("kappa-weights-swapped", "metrics", "evalplots/metrics/classification/_agreement.py",
      'w = {None: (dist > 0).astype(np.float64), "linear": dist, "quadratic": dist**2}[',
      'w = {None: (dist > 0).astype(np.float64), "linear": dist**2, "quadratic": dist}[',
      "Cohen's kappa: the linear and quadratic disagreement weights swapped"),
    M("score-counts-merge-drops-table", "metrics", "evalplots/metrics/ranking/_score_counts.py",
      "return cls._grouped(np.concatenate([t.score for t in tables]),\n"
      "                            np.concatenate([t.positive for t in tables]),\n"
      "                            np.concatenate([t.negative for t in tables]))",
      "return cls._grouped(np.concatenate([t.score for t in tables[1:]]),\n"
      "                            np.concatenate([t.positive for t in tables[1:]]),\n"
      "                            np.concatenate([t.negative for t in tables[1:]]))",
      "merging score tables loses the first table"),
    # -------------------------------------------------------------- intervals
    M("delong-variance-divisor", "intervals", "evalplots/metrics/inference/_delong.py",
      "variance += squares / (mass - 1.0) / mass",
      "variance += squares / mass / mass",
      "DeLong's S10/S01 with divisor m instead of m - 1: the variance is understated"),
    M("delong-z-level", "intervals", "evalplots/metrics/inference/_delong.py",
      "return float(ndtri(0.5 + level / 2.0))",
      "return float(ndtri(level))",
      "the DeLong interval uses the one-sided z (1.645 for 95 %: a 90 % interval)"),
    M("wilson-z-level", "intervals", "evalplots/metrics/inference/_proportion.py",
      "z = float(ndtri(1.0 - alpha / 2.0))",
      "z = float(ndtri(1.0 - alpha))",
      "the Wilson interval at the wrong level (z of 90 % for 95 %)"),
    M("wilson-centre", "intervals", "evalplots/metrics/inference/_proportion.py",
      "center = (k + z2 / 2.0) / (n + z2)",
      "center = k / n",
      "the Wilson interval centred on k/n instead of (k + z²/2)/(n + z²)"),
    M("holm-not-monotone", "intervals", "evalplots/metrics/inference/_holm.py",
      "stepped = np.maximum.accumulate((m - np.arange(m)) * p[order])",
      "stepped = (m - np.arange(m)) * p[order]",
      "Holm's adjusted p-values without the step-down maximum (can decrease)"),
    M("mcnemar-continuity", "intervals", "evalplots/metrics/inference/_mcnemar.py",
      "statistic = max(abs(b - c) - 1, 0) ** 2 / n",
      "statistic = (b - c) ** 2 / n",
      "McNemar's chi-square without the continuity correction"),
    # ---------------------------------------------------------------- display
    M("cm-transposed-titles", "display", "evalplots/display/confusion_matrix.py",
      "xlabel=true_title if transposed else pred_title,\n"
      "            ylabel=pred_title if transposed else true_title,",
      "xlabel=pred_title,\n            ylabel=true_title,",
      "a transposed confusion matrix keeps the untransposed axis titles"),
    M("sawtooth-joined-as-steps", "display", "evalplots/display/_pr_curve.py",
      'default["drawstyle"] = "default" if styles[-1] == "sawtooth" else "steps-post"',
      'default["drawstyle"] = "steps-pre" if styles[-1] == "sawtooth" else "steps-post"',
      "the sawtooth's operating points joined by steps instead of straight segments"),
    M("sawtooth-keeps-sentinel", "display", "evalplots/display/_pr_curve.py",
      "return recall[-2::-1], precision[-2::-1]",
      "return recall[::-1], precision[::-1]",
      "the sawtooth draws the invented sentinel point (R, P) = (0, 1)"),
    M("roc-legend-auc", "display", "evalplots/display/roc.py",
      "fpr, tpr, roc_auc=auc(fpr, tpr), name=name,",
      "fpr, tpr, roc_auc=auc(tpr, fpr), name=name,",
      "the legend's AUC (arguments swapped: 1 - AUC) no longer matches the drawn curve"),
    M("pr-legend-rule-name", "display", "evalplots/display/_pr_curve.py",
      'AP_NAMES = {"steps-post": "AP", "sawtooth": "step-wise AP"}',
      'AP_NAMES = {"steps-post": "AP", "sawtooth": "AP"}',
      "the sawtooth's legend calls the step-wise AP the area of the drawn curve"),
    # ------------------------------------------------------------- evaluation
    M("threshold-off-by-one", "evaluation", "evalplots/evaluation/_binary.py",
      "np.searchsorted(thresholds[::-1], self.threshold,\n"
      '                                                     side="left"))',
      "np.searchsorted(thresholds[::-1], self.threshold,\n"
      '                                                     side="right"))',
      "the confusion matrix at the threshold predicts score > t instead of score >= t"),
    # ----------------------------------------------------------------- report
    M("caption-orphaned", "report", "evalplots/report/_keep.py",
      "        if self._H <= aH:\n            return [self.content, self.caption]",
      "        if _height([self.content], aW, self.canv) <= aH:\n"
      "            return [self.content, self.caption]",
      "the fit test forgets the caption: a table or figure that fits the page without "
      "it leaves its caption to start the next page alone"),
    M("heading-orphaned", "report", "evalplots/report/_keep.py",
      "return [FrameBreak(), *self.lead, self.body]",
      "return [*self.lead, self.body]",
      "a heading whose table does not start on the page stays at its foot"),
    M("toc-subsections-missing", "report", "evalplots/report/_doctemplate.py",
      '            self.notify("TOCEntry", (flowable.level, flowable.markup, self.page,\n'
      "                                     flowable.key))",
      "            if flowable.level == 0:\n"
      '                self.notify("TOCEntry", (flowable.level, flowable.markup, self.page,\n'
      "                                         flowable.key))",
      "subsection headings are missing from the table of contents"),
    M("page-total-off-by-one", "report", "evalplots/report/_doctemplate.py",
      "self.total = self._pages",
      "self.total = self._pages - 1",
      "the footers say 'Page N of M' with M one short"),
    M("text-not-escaped", "report", "evalplots/report/_fonts.py",
      'return "".join(escape(t) if f == font else',
      'return "".join(t if f == font else',
      "user text reaches Paragraph unescaped ('<', '&' read as markup)"),
    M("figure-height-cap", "report", "evalplots/report/_flowables.py",
      "scale = min(scale, max(self.max_height / d.height, self.min_scale))",
      "scale = max(scale, max(self.max_height / d.height, self.min_scale))",
      "a figure's max_height no longer caps its drawn height"),
    M("save-not-atomic", "report", "evalplots/_atomic.py",
      "        write(tmp[0])\n        os.chmod(tmp[0], mode)\n"
      "        if pending is not None:  # moved into place with the others (publish_together)\n"
      "            pending.append((tmp[0], target))\n"
      "            return pathlib.Path(path)\n"
      "        commit_point()  # a Ctrl-C before this line stops here; after it, it is too late\n"
      "        os.replace(tmp[0], target)\n",
      "        _remove(tmp)\n        tmp.clear()\n        write(str(target))\n"
      "        os.chmod(target, mode)\n"
      "        commit_point()  # a Ctrl-C before this line stops here; after it, it is too late\n",
      "the PDF is written straight to its destination: an exception leaves a "
      "half-written file", tests=("tests/cli/test_interrupts.py",)),
    # --------------------------------------------------------------- interrupts
    M("interrupt-leaves-temp-file", "interrupts", "evalplots/_atomic.py",
      "    except BaseException:\n        _remove(tmp)\n        raise",
      "    except Exception:\n        _remove(tmp)\n        raise",
      "Ctrl-C during the write leaves the temporary file behind"),
    M("no-checkpoint-after-page", "interrupts", "evalplots/report/_doctemplate.py",
      "        checkpoint()  # a Ctrl-C that reportlab's cleanup code swallowed stops here\n",
      "        pass\n",
      "a Ctrl-C that a finalizer or reportlab swallowed no longer stops the layout at "
      "the next page"),
    M("second-ctrl-c-interrupts-cleanup", "interrupts", "evalplots/_interrupts.py",
      "        if self._committing or self.interrupted:\n            return\n",
      "        if self._committing:\n            return\n",
      "a second Ctrl-C raises again, inside the cleanup that removes the temporary file"),
    M("commit-point-swallows-interrupt", "interrupts", "evalplots/_interrupts.py",
      "    guard._committing = True  # one store: a SIGINT is either before it or ignored\n"
      "    if guard.interrupted:\n        raise KeyboardInterrupt\n",
      "    guard._committing = True  # one store: a SIGINT is either before it or ignored\n",
      "a Ctrl-C that a finalizer swallowed no longer stops the file from being replaced"),
    # -------------------------------------------------------------------- cli
    M("cli-message-without-fix", "cli", "evalplots/cli.py",
      'raise UsageError(f"INPUT {args.input!r} does not exist; check the path "\n'
      '                         f"(or omit INPUT to use the bundled sample)") from None',
      'raise UsageError(f"INPUT {args.input!r} does not exist") from None',
      "a missing INPUT is reported without saying how to fix it"),
    M("cli-threshold-message-without-fix", "cli", "evalplots/cli.py",
      'raise UsageError(f"--threshold must be a finite number, got {text!r}; "\n'
      '                         f"e.g. --threshold 0.5")',
      'raise UsageError(f"--threshold must be a finite number, got {text!r}")',
      "a bad --threshold is reported without an example of a good one"),
    M("cli-one-class-message-without-fix", "cli", "evalplots/metrics/_labels.py",
      'raise ValueError(f"{name} holds {held}, but {what} needs exactly two (both "\n'
      '                         f"positive and negative samples).")',
      'raise ValueError(f"{name} holds {held}.")',
      "a one-class label column is reported without saying what the report needs"),
    M("cli-usage-exit-code", "cli", "evalplots/cli.py",
      "        return EXIT_USAGE\n",
      "        return 1\n",
      "an input error exits 1 instead of argparse's usage status 2"),
    M("cli-sigint-restored-at-exit", "cli", "evalplots/cli.py",
      "    with InterruptGuard(keep_ignoring=argv is None) as guard:\n",
      "    with InterruptGuard(keep_ignoring=False) as guard:\n",
      "the program puts Python's SIGINT handler back before it exits: a late Ctrl-C "
      "kills the interpreter on its way out, with the exit status already decided"),
    M("cli-interrupt-exit-code", "cli", "evalplots/cli.py",
      "                return EXIT_INTERRUPTED\n",
      "                return EXIT_USAGE\n",
      "Ctrl-C exits 2 (usage error) instead of 130"),
    # ------------------------------------------------------------------- dask
    M("dask-partition-dropped", "dask", "evalplots/dask/_reduce.py",
      "level = [client.submit(merged, level[i:i + split_every], pure=False)",
      "level = [client.submit(merged, level[i:i + split_every - 1], pure=False)",
      "the tree reduction on a cluster drops the last partition of every group"),
    M("dask-merge-counts-twice", "dask", "evalplots/dask/_reduce.py",
      "return parts[0] if len(parts) == 1 else merge(parts)",
      "return parts[0] if len(parts) == 1 else merge(parts + parts[:1])",
      "each merge counts its first summary twice"),
    M("dask-local-partition-dropped", "dask", "evalplots/dask/_reduce.py",
      "level = [merged(level[i:i + split_every])",
      "level = [merged(level[i + 1:i + split_every])",
      "the tree reduction without a cluster drops the first partition of every group"),
    # --------------------------------------------------------------- datasets
    M("csv-row-dropped", "datasets", "evalplots/datasets/_csv.py",
      "        frame = _pandas_read(fh)\n",
      "        frame = _pandas_read(fh, skiprows=1)\n",
      "the CSV reader skips the first data row (the header skipped twice)"),
    M("csv-line-number", "datasets", "evalplots/datasets/_csv.py",
      "        start = lines.count + 1\n",
      "        start = lines.count\n",
      "messages about a bad CSV row name the line before it"),
]


#: Mutants written but left out of :data:`MUTANTS`, the faults the suite catches
#: today, with why (kept so that a test added for one can bring it back).
DROPPED = {
    "commit-point-swallows-interrupt": (
        "not caught: cli/test_interrupts.py, tests/test_report_robustness.py (as it was) and "
        "tests/test_cli_robustness.py (as it was) pass; the page checkpoint raises a recorded "
        "interrupt first, so no test reaches the commit point with one"),
    "no-checkpoint-after-page": (
        "not caught: cli/test_interrupts.py, tests/test_cli_robustness.py (as it was) and "
        "tests/test_report_robustness.py (as it was) pass; the checkpoints between report sections "
        "and the commit point stop the run as well"),
    "dask-local-partition-dropped": (
        "not caught reliably: dask/test_evaluate.py and the dask doctests passed in one "
        "run; in another only test_cli_ctrl_c_closes_the_local_cluster failed, a "
        "timing test unrelated to the fault"),
}

MUTANTS = [m for m in ALL_MUTANTS if m.id not in DROPPED]


# ----------------------------------------------------------------- the injector

class Outcome:
    CAUGHT = "caught"
    NOT_CAUGHT = "NOT CAUGHT"
    COLLECTION = "collection error"
    NOT_APPLIED = "does not apply (source changed)"


def check_mutants(mutants):
    """Raise on duplicate ids, unknown concepts or empty replacements."""
    unknown = set(DROPPED) - {m.id for m in mutants}
    if unknown:
        raise ValueError(f"DROPPED names unknown mutants: {sorted(unknown)}")
    seen = set()
    for m in mutants:
        if m.id in seen:
            raise ValueError(f"duplicate mutant id {m.id!r}")
        seen.add(m.id)
        if m.concept not in QUICK_TESTS:
            raise ValueError(f"{m.id}: concept {m.concept!r} has no QUICK_TESTS entry")
        if m.old == m.new:
            raise ValueError(f"{m.id}: old and new are the same")


def applies(text, mutant):
    """Whether ``mutant.old`` occurs exactly once in ``text``."""
    return text.count(mutant.old) == 1


def make_copy(repo, rev, where):
    """Extract ``rev`` of ``repo`` into the directory ``where`` (git archive)."""
    archive = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", rev],
                             check=True, capture_output=True).stdout
    tar_path = Path(where) / ".source.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(where, filter="data")
    tar_path.unlink()


def test_env(copy):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(copy), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.setdefault("MPLBACKEND", "Agg")
    return env


def check_import(copy, python):
    """The copy's package is the one imported, in-process and in a subprocess."""
    out = subprocess.run([python, "-c", "import evalplots; print(evalplots.__file__)"],
                         cwd="/", env=test_env(copy), capture_output=True, text=True,
                         check=True).stdout.strip()
    if not Path(out).resolve().is_relative_to(Path(copy).resolve()):
        raise RuntimeError(f"the copy does not import its own package: {out}")


_SUMMARY = re.compile(r"^(FAILED|ERROR) (\S+)", re.MULTILINE)


def classify(returncode, output):
    """``(outcome, first failing test id)`` of a pytest run."""
    found = _SUMMARY.findall(output)
    tests = [(kind, ident) for kind, ident in found if "::" in ident]
    collecting = [ident for kind, ident in found if "::" not in ident]
    if returncode == 0:
        return Outcome.NOT_CAUGHT, ""
    if tests:
        return Outcome.CAUGHT, tests[0][1]
    if collecting or returncode in (2, 3, 4) or "error during collection" in output:
        return Outcome.COLLECTION, (collecting[0] if collecting else f"exit {returncode}")
    return Outcome.CAUGHT, f"exit {returncode} (no test id in the summary)"


def command(mutant, args, python):
    if args.quick:
        files = [*QUICK_TESTS[mutant.concept], *mutant.tests, mutant.file]
        options = args.tests if args.tests is not None else QUICK_OPTIONS
        files = list(dict.fromkeys(files))
    else:
        files = []
        options = args.tests if args.tests is not None else README_TESTS
    return [python, "-m", "pytest", "-q", "-rfE", "-p", "no:cacheprovider",
            *shlex.split(options), *files]


def run_one(mutant, copy, args, python):
    path = Path(copy) / mutant.file
    original = path.read_text()
    if not applies(original, mutant):
        return Outcome.NOT_APPLIED, f"old occurs {original.count(mutant.old)} times", 0.0
    path.write_text(original.replace(mutant.old, mutant.new))
    try:
        start = time.monotonic()
        proc = subprocess.run(command(mutant, args, python), cwd=copy, env=test_env(copy),
                              capture_output=True, text=True, timeout=args.timeout)
        seconds = time.monotonic() - start
        outcome, first = classify(proc.returncode, proc.stdout + proc.stderr)
        if args.verbose and outcome != Outcome.CAUGHT:
            print(proc.stdout[-3000:], proc.stderr[-2000:], sep="\n", file=sys.stderr)
    except subprocess.TimeoutExpired:
        seconds = time.monotonic() - start
        outcome, first = Outcome.NOT_CAUGHT, f"timeout after {args.timeout} s"
    finally:
        path.write_text(original)
    return outcome, first, seconds


def select(only):
    if not only:
        return MUTANTS
    wanted = [w.strip() for w in only.split(",") if w.strip()]
    by_id = {m.id: m for m in ALL_MUTANTS}  # a dropped one may be named
    unknown = [w for w in wanted if w not in by_id]
    if unknown:
        raise SystemExit(f"unknown mutant id(s): {', '.join(unknown)}; see --list")
    return [by_id[w] for w in wanted]


def list_mutants(mutants, repo):
    for m in mutants:
        source = Path(repo) / m.file
        state = ("" if source.is_file() and applies(source.read_text(), m)
                 else "  [does not apply (source changed)]")
        print(f"{m.id:36} {m.concept:11} {m.file}{state}\n{'':36} {m.breaks}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--only", help="comma-separated mutant ids")
    parser.add_argument("--tests", help=f"pytest options (default {README_TESTS!r}; "
                                        f"with --quick {QUICK_OPTIONS!r})")
    parser.add_argument("--quick", action="store_true",
                        help="run only the test files mapped to each mutant's concept, -x")
    parser.add_argument("--repo", default=str(Path(__file__).resolve().parents[1]),
                        help="repository to copy (default: the one this script is in)")
    parser.add_argument("--rev", default="HEAD", help="revision to copy (default HEAD)")
    parser.add_argument("--timeout", type=float, default=1800.0,
                        help="seconds before a run counts as not caught")
    parser.add_argument("--python", default=sys.executable, help="interpreter with pytest")
    parser.add_argument("--verbose", action="store_true",
                        help="print the tail of the output of runs that were not caught")
    args = parser.parse_args(argv)
    # a SIGTERM ends the run like Ctrl-C: the test run is killed, the copy removed
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    check_mutants(ALL_MUTANTS)
    mutants = select(args.only)
    if args.list:
        list_mutants(mutants, args.repo)
        return 0
    results = []
    with tempfile.TemporaryDirectory(prefix="evalplots-mutants-") as copy:
        make_copy(args.repo, args.rev, copy)
        check_import(copy, args.python)
        for m in mutants:
            outcome, first, seconds = run_one(m, copy, args, args.python)
            results.append((m, outcome, first, seconds))
            print(f"{m.id:36} {outcome:18} {seconds:7.1f} s  {first}", flush=True)
        shutil.rmtree(Path(copy) / "result_images", ignore_errors=True)
    caught = sum(r[1] == Outcome.CAUGHT for r in results)
    print(f"\n{caught} of {len(results)} caught")
    return 0 if caught == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
