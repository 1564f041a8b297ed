"""Run every gallery/plot_*.py script (as sphinx-gallery would) and check its output.

Each script runs in-process with runpy under the Agg backend, in an empty working
directory. Every script must produce something: a figure whose axes all hold data,
or a saved file (in the working directory or named by a ``pathlib.Path`` left in
the script's namespace). Scripts listed in ``EXPECTED`` are also checked for the
legend entries and cell texts they are meant to show.

Every script runs headless: it never calls ``plt.show()``, writes its files into
the working directory only (every open figure as a PNG), prints one ``wrote PATH``
line per file, and leaves nothing in the temporary directory.
"""

import pathlib
import runpy
import tempfile
import warnings
from types import SimpleNamespace

import matplotlib.pyplot as plt
import numpy as np
import pytest

from tests.support import stubbed_figures

GALLERY = pathlib.Path(__file__).resolve().parents[2] / "gallery"
SCRIPTS = sorted(GALLERY.glob("plot_*.py"))


def _legend_texts(figures):
    return {
        text.get_text()
        for fig in figures
        for ax in fig.axes
        if ax.get_legend() is not None
        for text in ax.get_legend().get_texts()
    }


def _cell_texts(figures):
    return [[t.get_text() for t in ax.texts] for fig in figures for ax in fig.axes]


def _check_roc(namespace, figures, seeds):
    legend = _legend_texts(figures)
    assert "logistic_regression (AUC = 0.995)" in legend  # not rounded up to 1.00
    # one number of decimals per legend: 3, as 0.9953 needs
    assert "gaussian_naive_bayes (AUC = 0.977)" in legend
    assert "seed example (AUC = 0.67)" in legend
    assert "Chance level (AUC = 0.5)" in legend
    np.testing.assert_allclose(namespace["seed"].fpr, seeds.blog16.fpr)


def _check_precision_recall(namespace, figures, seeds):
    legend = _legend_texts(figures)
    # one entry per model: AP and BEP together
    assert {
        "toy (step-wise AP = 0.87, BEP = 0.67)",
        "toy (AP = 0.87, BEP = 0.67)",
    } <= legend
    # tie block: the BEP is on the sawtooth chord
    assert "sawtooth (step-wise AP = 0.83, BEP = 0.80)" in legend
    assert namespace["tie"].break_even == pytest.approx(0.8)
    assert any(label.startswith("gaussian_naive_bayes (step-wise AP = ")
               and ", BEP = " in label for label in legend)
    first = figures[0].axes
    assert [ax.get_title() for ax in first] == [
        "drawstyle='sawtooth'",
        "drawstyle='steps-post'",
    ]
    np.testing.assert_allclose(
        first[0].get_lines()[0].get_xydata(), seeds.watermelon.sawtooth
    )


def _check_confusion_matrix(namespace, figures, seeds):
    texts = [cells for cells in _cell_texts(figures) if cells]
    cm = seeds.three_class.confusion_matrix
    assert texts[0] == cm.ravel().astype(str).tolist()  # rows = true
    assert texts[1] == cm.T.ravel().astype(str).tolist()  # transposed
    assert texts[2] == ["346\n(96.9%)", "11\n(3.1%)", "24\n(11.3%)", "188\n(88.7%)"]
    logistic = namespace["data"].scores["logistic_regression"] >= 0.5
    tn = int(np.sum(~logistic[namespace["data"].y_true == 0]))
    assert texts[3][0] == f"{tn}\n({tn / 357:.0%})"  # count (share of benign)
    forty = namespace["display"]
    assert forty.text_.shape == (40, 40) and len(texts[4]) == 1600
    assert [t.get_text() for t in forty.ax_.get_xticklabels()][:2] == [
        "class_00",
        "class_01",
    ]


def _check_classification_report(namespace, figures, seeds):
    texts = [cells for cells in _cell_texts(figures) if cells]
    # cat: 5 of 8 predicted cats are cats, 5 of 6 cats found
    assert texts[0][:4] == ["0.62", "0.83", "0.71", "6"]
    assert namespace["display"].averages["accuracy"] == pytest.approx(12 / 18)
    labels = [
        [t.get_text() for t in ax.get_yticklabels()]
        for ax in figures[1].axes
        if ax.get_label() != "<colorbar>"
    ]
    assert [row[:2] for row in labels] == [["benign", "malignant"]] * 2
    assert texts[-1][:3] == ["62%", "83%", "71%"]


def _check_report(namespace, figures, seeds):
    from pypdf import PdfReader

    reader = PdfReader(namespace["path"])
    # summary (2 pages: data and provenance; intervals and comparisons), ROC, P-R,
    # threshold, calibration, decision curves with score distributions, both
    # confusion matrices on one page, the appendix
    assert namespace["report"].page_count_ == len(reader.pages) == 9
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert titles[-1] == "Appendix: high-specificity region"
    last = " ".join(reader.pages[-1].extract_text().split())
    assert "Appendix: high-specificity region" in last
    assert "ROC curves, enlarged." in last
    first = " ".join(reader.pages[0].extract_text().split())
    assert "Breast-cancer diagnosis: two models" in first
    summary = " ".join(" ".join(p.extract_text().split()) for p in reader.pages[:2])
    assert "ROC AUC 0.9953 [0.9905, 1.0000] 0.977 [0.964, 0.989] DeLong" in summary


def _check_prediction_error(namespace, figures, seeds):
    displays = namespace["displays"]
    y_true = namespace["y_true"]
    for name, y_pred in namespace["predictions"].items():
        np.testing.assert_allclose(
            displays[name, "residual_vs_predicted"].scatter_.get_offsets(),
            np.column_stack([y_pred, y_true - y_pred]),
        )
        mean = (y_true - y_pred).mean()
        assert displays[name, "residual_distribution"].mean_line_.get_label() == (
            f"Mean residual = {mean:.4g}"
        )
        assert displays[name, "actual_vs_predicted"].ax_.get_title() == name
    titles = [namespace[key].ax_.get_title() for key in ("hexbin", "subsampled")]
    assert titles == [
        "shrunk\nhexbin of 200,000 samples",
        "shrunk\n1,000 of 200,000 samples,\nrandom subsample (random_state=0)",
    ]
    assert len(namespace["subsampled"].scatter_.get_offsets()) == 1_000


def _check_multiclass(namespace, figures, seeds):
    import sklearn.metrics as skm

    y, proba = namespace["y_true"], namespace["proba"]
    legend = _legend_texts(figures)
    assert {
        "setosa (AUC = 0.997)",
        "macro-average (AUC = 0.887)",  # 3 decimals, as setosa's 0.9975
        "setosa (step-wise AP = 0.99, BEP = 0.95)",
        "macro-average (AP = 0.81)",
    } <= legend
    np.testing.assert_allclose(
        namespace["roc"].roc_auc[-1],
        skm.roc_auc_score(y, proba, multi_class="ovr"),
        rtol=1e-12,
    )
    np.testing.assert_allclose(
        namespace["pr"].average_precision[-1],
        skm.average_precision_score(y, proba),
        rtol=1e-12,
    )
    assert abs(namespace["exact_error"]) < 1e-12 < abs(namespace["interp_error"])
    assert abs(namespace["ap_error"]) < 1e-12


def _check_evaluate(namespace, figures, seeds):
    import sklearn.metrics as skm

    data, table = namespace["data"], namespace["table"]
    proba = data.predictions["logistic_regression"]
    assert table.loc["logistic_regression", "Macro OvR AUC"] == pytest.approx(
        skm.roc_auc_score(data.y_true, proba, multi_class="ovr"), abs=1e-12)
    assert namespace["roc"].roc_auc[-1] == pytest.approx(
        table.loc["logistic_regression", "Macro OvR AUC"], abs=1e-15)
    np.testing.assert_allclose(
        namespace["report"].recall,
        skm.recall_score(data.y_true, proba.argmax(1), average=None))
    np.testing.assert_array_equal(
        namespace["cm"].confusion_matrix,
        skm.confusion_matrix(data.y_true,
                             data.predictions["gaussian_naive_bayes"].argmax(1)))


def _check_curve_features(namespace, figures, seeds):
    import sklearn.metrics as skm

    data = namespace["data"]
    legend = _legend_texts(figures)
    assert {"logistic_regression (AUC = 0.995)",
            "gaussian_naive_bayes (AUC = 0.977)"} <= legend
    # the operating point at 0.5 of the last model drawn (gaussian_naive_bayes)
    score = data.scores["gaussian_naive_bayes"]
    pred = score >= 0.5
    positive = data.y_true == data.pos_label
    np.testing.assert_allclose(
        namespace["roc"].threshold_point_.get_xydata(),
        [[np.mean(pred[~positive]), np.mean(pred[positive])]],
    )
    np.testing.assert_allclose(
        namespace["pr"].threshold_point_.get_xydata(),
        [[skm.recall_score(positive, pred), skm.precision_score(positive, pred)]],
    )
    aucs = namespace["folds_roc"].roc_auc
    assert namespace["folds_roc"].mean_line_.get_label() == (
        f"LogReg (AUC = {np.mean(aucs):.2f} ± {np.std(aucs):.2f})"
    )
    assert len(namespace["folds_pr"].line_) == 5
    from evalplots.metrics import roc_auc_ci

    ci = roc_auc_ci(data.y_true, score, pos_label=data.pos_label)
    assert namespace["ci_roc"].roc_auc_ci == ci
    assert namespace["ci_roc"].line_.get_label() == f"naive Bayes (AUC = {ci.format(2)})"
    assert namespace["ci_pr"].ci_band_ is not None


def _check_calibration(namespace, figures, seeds):
    import sklearn.calibration as skc
    import sklearn.metrics as skm

    data, displays = namespace["data"], namespace["displays"]
    legend = _legend_texts(figures)
    assert {
        "logistic_regression (Brier = 0.020, ECE = 0.016)",
        "gaussian_naive_bayes (Brier = 0.057, ECE = 0.059)",
        "Perfectly calibrated",
    } <= legend
    for (strategy, name), display in displays.items():
        y_prob = data.scores[name]
        prob_true, prob_pred = skc.calibration_curve(
            data.y_true, y_prob, n_bins=10, strategy=strategy
        )
        np.testing.assert_array_equal(display.prob_pred, prob_pred)
        np.testing.assert_array_equal(display.prob_true, prob_true)
        assert display.counts.sum() == data.n_samples
        assert display.brier_score == pytest.approx(
            skm.brier_score_loss(data.y_true, y_prob), rel=1e-12
        )
    # tied probabilities (0 and 1) leave naive Bayes 3 distinct quantile bins
    assert displays["quantile", "gaussian_naive_bayes"].counts.size == 3
    assert len(figures[0].axes) == 4  # two curves, each with its histogram


def _check_threshold_curve(namespace, figures, seeds):
    legend = _legend_texts(figures)
    assert "Precision (0.99 at t = 0.5)" in legend
    assert "max F1 = 0.97 at t = 0.487" in legend
    assert "min cost = 58 at t = 0.205" in legend
    displays = namespace["displays"]
    assert all(d.ci_band_ is not None for d in displays.values())
    best = namespace["costly"]
    assert (best.threshold, best.value) == (0.20496, 58.0)


def _check_score_distribution(namespace, figures, seeds):
    import numpy as np

    assert namespace["mass"] == pytest.approx(namespace["recall"])
    hist, kde = namespace["displays"][:2]
    assert np.allclose((hist.values * np.diff(hist.x)).sum(axis=1), 1.0)
    assert {"0", "1", "threshold = 0.5"} <= _legend_texts(figures)
    assert kde.kind == "kde" and len(kde.fill_) == 2


def _check_det_curve(namespace, figures, seeds):
    import sklearn.metrics as skm

    data = namespace["data"]
    logistic = namespace["displays"]["logistic_regression"]
    fpr, fnr, _ = skm.det_curve(data.y_true, data.scores["logistic_regression"],
                                drop_intermediate=True)
    np.testing.assert_array_equal(logistic.fpr, fpr)
    np.testing.assert_array_equal(logistic.fnr, fnr)
    assert logistic.fpr[-1] == 0.0 and logistic.fnr[0] == 0.0  # kept, not clipped
    ax_real, ax_sim = figures[0].axes
    assert [t.get_text() for t in ax_real.get_xticklabels()] == [
        "1%", "5%", "20%", "50%", "80%", "95%", "99%"]
    assert ax_sim.get_xlim()[1] > 3  # widened to show the 20,000-sample tails


def _check_cumulative_gain(namespace, figures, seeds):
    import scipy.stats

    data = namespace["data"]
    legend = _legend_texts(figures)
    assert "logistic_regression\nKS = 0.95 at 0.487" in legend
    for name, score in data.scores.items():
        y = np.asarray(data.y_true)
        expected = scipy.stats.ks_2samp(score[y == 1], score[y == 0]).statistic
        assert namespace["gains"][name].ks.statistic == pytest.approx(expected,
                                                                      abs=1e-12)
    ax_gain, ax_lift = figures[0].axes
    assert ax_lift.get_ylabel().startswith("Lift")


EXPECTED = {
    "plot_calibration.py": _check_calibration,
    "plot_threshold_curve.py": _check_threshold_curve,
    "plot_score_distribution.py": _check_score_distribution,
    "plot_curve_features.py": _check_curve_features,
    "plot_evaluate.py": _check_evaluate,
    "plot_multiclass_curves.py": _check_multiclass,
    "plot_report.py": _check_report,
    "plot_roc_curve.py": _check_roc,
    "plot_precision_recall.py": _check_precision_recall,
    "plot_confusion_matrix.py": _check_confusion_matrix,
    "plot_prediction_error.py": _check_prediction_error,
    "plot_classification_report.py": _check_classification_report,
    "plot_det_curve.py": _check_det_curve,
    "plot_cumulative_gain.py": _check_cumulative_gain,
}


def _saved_files(namespace, workdir):
    named = [
        value
        for value in namespace.values()
        if isinstance(value, pathlib.Path) and value.is_file()
    ]
    return named + [p for p in workdir.rglob("*") if p.is_file()]


def test_gallery_is_not_empty():
    assert {p.name for p in SCRIPTS} >= set(EXPECTED)


def _no_show(*args, **kwargs):
    raise AssertionError("a gallery script called plt.show(): it would block a terminal")


def _check_written(stdout, workdir, figures):
    """One ``wrote PATH`` line per file, each in the working directory."""
    written = [pathlib.Path(line.removeprefix("wrote ").split(" (")[0])
               for line in stdout.splitlines() if line.startswith("wrote ")]
    assert written, f"no 'wrote PATH' line in {stdout!r}"
    for path in written:
        assert path.is_absolute() and path.parent == workdir.resolve(), path
        assert path.is_file() and path.stat().st_size > 0, path
    pngs = sorted(p for p in written if p.suffix == ".png")
    assert len(pngs) == len(figures)  # every open figure, once
    for path in pngs:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path
    assert sorted(p.resolve() for p in workdir.iterdir()) == sorted(written)


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_gallery_script_runs_and_shows_something(
    script, tmp_path, monkeypatch, capsys, watermelon, blog16, three_class
):
    workdir = tmp_path / "work"
    scratch = tmp_path / "tempdir"  # where tempfile would put anything
    workdir.mkdir()
    scratch.mkdir()
    monkeypatch.chdir(workdir)
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.setattr(plt, "show", _no_show)
    plt.close("all")
    # a report's figures are converted with blank stand-ins of their size: what they
    # show is the report tests' subject, the script's pages and texts are this one's
    with warnings.catch_warnings(), stubbed_figures():
        warnings.filterwarnings("ignore", "FigureCanvasAgg is non-interactive")
        namespace = runpy.run_path(str(script), run_name="__main__")
    figures = [plt.figure(n) for n in plt.get_fignums()]
    _check_written(capsys.readouterr().out, workdir, figures)
    assert list(scratch.iterdir()) == []  # no temporary folder left behind
    files = _saved_files(namespace, workdir)
    assert figures or files, f"{script.name} produced neither a figure nor a file"
    for fig in figures:
        for ax in fig.axes:
            assert ax.has_data() or ax.get_label() == "<colorbar>", (
                f"{script.name}: an empty axes {ax.get_title()!r}"
            )
    for path in files:
        assert path.stat().st_size > 0, f"{script.name} wrote an empty {path.name}"
        if path.suffix == ".pdf":
            assert path.read_bytes()[:5] == b"%PDF-"
    check = EXPECTED.get(script.name)
    if check is not None:
        check(
            namespace,
            figures,
            SimpleNamespace(
                watermelon=watermelon, blog16=blog16, three_class=three_class
            ),
        )
