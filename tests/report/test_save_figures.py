"""Evaluation.save_figures and `evalplots report --figures`: the report's figures for papers.

The recipes are the report's (evalplots.report.standard._figures): the evaluation
calls into them only when asked to save, and they read the evaluation through its
public names.
"""

import ast
import os
import pathlib
import struct
import subprocess
import sys
import warnings

import matplotlib
import numpy as np
import pytest
from matplotlib.figure import Figure
from pypdf import PdfReader

from evalplots import evaluate
from evalplots._atomic import write_atomically
from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import style
from evalplots.display._fonts import MissingGlyphWarning
from evalplots.report.standard._figures import file_stem, paper_figures

from tests.support import DETERMINISTIC_RC, pdf_fonts, run, stubbed_figures


def assert_truetype_only(path):
    fonts = pdf_fonts(path)
    assert fonts, f"{path.name} has no text"
    for name, (subtype, embedded) in fonts.items():
        assert subtype in ("/TrueType", "/Type0"), f"{path.name}: {name} is {subtype}"
        assert embedded == ["/FontFile2"], f"{path.name}: {name} is not embedded TrueType"


def pdf_size_inches(path):
    box = PdfReader(path).pages[0].mediabox
    return round(float(box.width) / 72, 3), round(float(box.height) / 72, 3)


@pytest.fixture(scope="module")
def sample():
    data = load_breast_cancer_predictions()
    return evaluate(data.y_true, data.predictions, threshold=0.5, pos_label=1,
                    label_names=data.label_names)


@pytest.fixture(scope="module")
def saved(sample, tmp_path_factory):
    """The sample's figures saved once per module as PDF and as SVG, under conftest's
    rcParams with warnings as errors (none on the sample): ``{format: paths}``, and
    the rcParams before and after each save under ``'rc'``."""
    out, rc = {}, []
    with matplotlib.rc_context(DETERMINISTIC_RC):
        for format in ("pdf", "svg"):
            before = dict(matplotlib.rcParams)
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                out[format] = sample.save_figures(
                    tmp_path_factory.mktemp(f"saved_{format}"), format)
            rc.append((before, dict(matplotlib.rcParams)))
    return {**out, "rc": rc}


def test_binary_pdf_files_names_widths_and_fonts(saved):
    paths = saved["pdf"]
    assert [p.name for p in paths] == [
        "roc_curves.pdf", "det_and_cumulative_gain_curves.pdf",
        "precision_recall_steps.pdf", "precision_recall_sawtooth.pdf",
        "metrics_vs_threshold.pdf", "score_distributions.pdf", "calibration.pdf",
        "confusion_matrix_logistic_regression.pdf",
        "confusion_matrix_gaussian_naive_bayes.pdf"]
    assert sorted(os.listdir(paths[0].parent)) == sorted(p.name for p in paths)
    widths = {p.name: pdf_size_inches(p)[0] for p in paths}
    assert widths == {"roc_curves.pdf": 7.0, "det_and_cumulative_gain_curves.pdf": 7.0,
                      "precision_recall_steps.pdf": 7.0,
                      "precision_recall_sawtooth.pdf": 7.0,
                      "metrics_vs_threshold.pdf": 7.0, "score_distributions.pdf": 7.0,
                      "calibration.pdf": 7.0,  # two models: two panels
                      "confusion_matrix_logistic_regression.pdf": 3.5,
                      "confusion_matrix_gaussian_naive_bayes.pdf": 3.5}
    for path in paths:
        assert_truetype_only(path)
        assert len(PdfReader(path).pages) == 1
    # the text is searchable: the legend of the ROC figure names both models and AUCs
    text = PdfReader(paths[0]).pages[0].extract_text()
    assert "logistic_regression (AUC = 0.995)" in text
    assert "gaussian_naive_bayes (AUC = 0.977)" in text
    assert "operating point at threshold 0.5" in text
    # the threshold figure names the chosen threshold and both optima per model
    text = " ".join(PdfReader(paths[4]).pages[0].extract_text().split())
    assert "Precision (0.99 at t = 0.5)" in text  # logistic regression: 0.9854
    assert text.count("max J = ") == 2 and text.count("max F1 = ") == 2


def test_calibration_file_only_for_probabilities():
    """The figure list (names, widths) that save_figures writes; the one-panel
    calibration figure drawn at its width."""
    data = load_breast_cancer_predictions()
    s = data.scores["logistic_regression"]
    figures = {stem: (width, draw) for stem, width, draw in paper_figures(
        evaluate(data.y_true, {"score": 4 * s - 2, "prob": s}))}
    width, draw = figures["calibration"]
    assert width == 3.5  # one panel: the one model of probabilities
    with style.context("paper"):
        fig = draw(style="paper", width=width)
    assert fig.get_size_inches()[0] == 3.5
    assert [ax.get_title() for ax in fig.axes if ax.get_title()] == ["prob"]
    stems = [stem for stem, _, _ in paper_figures(evaluate(data.y_true,
                                                           {"score": 4 * s - 2}))]
    assert "calibration" not in stems and "score_distributions" in stems


def test_multiclass_and_regression_files(tmp_path):
    rng = np.random.default_rng(0)
    y = np.repeat(["cat", "dog", "cão"], 20)
    proba = rng.dirichlet(np.ones(3), size=60)
    labels = rng.choice(["cat", "dog", "cão"], size=60)
    ev = evaluate(y, {"net / v2": proba, "rules": labels}, labels=["cat", "cão", "dog"])
    names = [p.name for p in ev.save_figures(tmp_path / "mc")]
    assert names == ["classification_report_net_v2.pdf", "one_vs_rest_curves_net_v2.pdf",
                     "confusion_matrix_net_v2.pdf", "classification_report_rules.pdf",
                     "confusion_matrix_rules.pdf"]  # labels only: no curves
    for name in names:
        assert_truetype_only(tmp_path / "mc" / name)
        width = pdf_size_inches(tmp_path / "mc" / name)[0]
        assert width == (7.0 if name.startswith("one_vs_rest") else 3.5), name

    target = rng.normal(10, 2, size=50)
    reg = evaluate(target, {"ridge": target + rng.normal(0, 1, 50)}, task="regression")
    (path,) = reg.save_figures(tmp_path / "reg")
    assert path.name == "prediction_errors_ridge.pdf"
    assert pdf_size_inches(path)[0] == 7.0
    assert_truetype_only(path)


def test_svg_and_png(sample, saved, tmp_path, monkeypatch):
    svg = saved["svg"]
    assert [p.suffix for p in svg] == [".svg"] * 9
    head = svg[0].read_text()[:400]
    assert 'width="504pt"' in head  # 7 in at 72 pt per inch
    assert "<text" not in svg[0].read_text()  # svg.fonttype 'path': glyphs as outlines
    only_figures(monkeypatch, "confusion_matrix_logistic_regression")
    (png,) = sample.save_figures(tmp_path, format="png", dpi=100)
    with open(png, "rb") as f:  # one-column confusion matrix: 3.5 in at 100 dpi
        width, _ = struct.unpack(">II", f.read(24)[16:24])
    assert width == 350


def only_figures(monkeypatch, *stems):
    """Within the test, save_figures writes only the figures named ``stems``."""
    from evalplots.report.standard import _figures

    every = _figures.paper_figures
    monkeypatch.setattr(_figures, "paper_figures", lambda ev, **kw: [
        figure for figure in every(ev, **kw) if figure[0] in stems])


def blank_figures(monkeypatch):
    """Within the test, save_figures writes a blank figure of each file's width: for
    tests of the files' names, not of what they show."""
    from evalplots.report.standard import _figures

    every = _figures.paper_figures
    monkeypatch.setattr(_figures, "paper_figures", lambda ev, **kw: [
        (stem, width, lambda width=width, **_: Figure(figsize=(width, 1)))
        for stem, width, _ in every(ev, **kw)])


def test_pdf_and_svg_are_reproducible(sample, saved, tmp_path, monkeypatch):
    """Saved again, the curves and a heatmap are the same bytes."""
    stems = ("roc_curves", "confusion_matrix_gaussian_naive_bayes")
    only_figures(monkeypatch, *stems)
    for format in ("pdf", "svg"):
        second = sample.save_figures(tmp_path / format, format)
        assert [p.stem for p in second] == list(stems)
        first = [p for p in saved[format] if p.stem in stems]
        assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]


@pytest.mark.parametrize(("name", "stem"), [
    ("logistic regression", "logistic_regression"),
    ("a/b\\c:d*e?f\"g<h>i|j", "a_b_c_d_e_f_g_h_i_j"),
    ("Модель-1", "Модель-1"),
    ("模型 A", "模型_A"),
    ("..hidden.", "hidden"),
    ("///", "model"),
    ("CON", "CON_"),
    ("x\ty\nz", "x_y_z"),
    ("m\u202egpj.exe", "m_gpj.exe"),  # a bidi override: the name would read mexe.jpg
    ("r\udce9sultat\x85", "r_sultat"),  # a surrogate escape (bytes not UTF-8), a C1
    ("m" * 300, "m" * 100),
])
def test_file_stem(name, stem):
    assert file_stem(name) == stem


def test_names_that_collide_get_numbers(tmp_path, monkeypatch):
    blank_figures(monkeypatch)
    ev = evaluate([0, 1, 1, 0], {"a/b": [.2, .6, .9, .4], "a:b": [.3, .7, .4, .1],
                                 "a_b": [.1, .9, .8, .2]})
    names = [p.name for p in ev.save_figures(tmp_path, format="svg")
             if p.name.startswith("confusion")]
    assert names == ["confusion_matrix_a_b.svg", "confusion_matrix_a_b_2.svg",
                     "confusion_matrix_a_b_3.svg"]


def test_names_fit_in_255_bytes_and_differ_where_file_systems_fold_them(tmp_path,
                                                                        monkeypatch):
    # 90 CJK characters are 270 bytes of UTF-8 (file names are limited to 255
    # bytes); two such names equal in their first 80 characters stay two files;
    # RF and rf, résumé composed (NFC) and decomposed (NFD) are one file on macOS
    # and Windows, so each pair gets a number as other collisions do
    long = "模" * 90
    y = np.array([0.5, 1.5, 2.5, 3.5])
    names = [long, long[:80] + "型" * 10, "RF", "rf", "r\u00e9sum\u00e9", "re\u0301sume\u0301"]
    ev = evaluate(y, {name: y + [0.1, -0.2, 0.3, 0.1 * i] for i, name in enumerate(names)})
    blank_figures(monkeypatch)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingGlyphWarning)  # no CJK font needed here
        files = [p.name for p in ev.save_figures(tmp_path, "svg")]
    assert max(len(f.encode()) for f in files) <= 255
    cut = "模" * 74  # 222 bytes: 255 less room for the fixed parts ("classification_r...")
    assert files == [f"prediction_errors_{cut}.svg", f"prediction_errors_{cut[:-1]}_2.svg",
                     "prediction_errors_RF.svg", "prediction_errors_rf_2.svg",
                     "prediction_errors_r\u00e9sum\u00e9.svg",
                     "prediction_errors_r\u00e9sum\u00e9_2.svg"]
    assert sorted(os.listdir(tmp_path)) == sorted(files)  # six files, none replaced


def test_a_file_name_of_255_bytes_is_written_atomically(tmp_path):
    # the temporary file beside it must fit too: its name is cut, not the target's
    target = tmp_path / ("é" * 125 + ".pdf")  # 254 bytes
    write_atomically(target, lambda tmp: pathlib.Path(tmp).write_bytes(b"ok"))
    assert os.listdir(tmp_path) == [target.name] and target.read_bytes() == b"ok"


def test_error_leaves_no_partial_file(sample, tmp_path, monkeypatch):
    old = tmp_path / "precision_recall_steps.pdf"
    old.write_bytes(b"old figure")
    calls = []
    original = Figure.savefig

    def failing(self, fname, **kwargs):
        calls.append(fname)
        if len(calls) == 2:  # the second file: half written, then an error
            with open(fname, "wb") as f:
                f.write(b"%PDF-1.4 half")
            raise OSError("disk full")
        return original(self, fname, **kwargs)

    monkeypatch.setattr(Figure, "savefig", failing)
    with pytest.raises(OSError, match="disk full"):
        sample.save_figures(tmp_path)
    assert sorted(os.listdir(tmp_path)) == ["precision_recall_steps.pdf", "roc_curves.pdf"]
    assert old.read_bytes() == b"old figure"  # the file being replaced is intact
    assert_truetype_only(tmp_path / "roc_curves.pdf")  # written before: complete


def test_bad_arguments(sample, tmp_path):
    with pytest.raises(ValueError, match="format must be one of 'pdf', 'svg', 'png'; got 'eps'"):
        sample.save_figures(tmp_path, format="eps")
    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(ValueError, match="exists and is not a directory"):
        sample.save_figures(a_file)
    assert os.listdir(tmp_path) == ["file"]


def test_rcparams_unchanged(saved):
    for before, after in saved["rc"]:  # and no warning on the sample (saved's)
        assert after == before


def test_cli_figures(tmp_path, stub_figures):  # the report's own figures: not here
    result = run("report", "--sample", "diabetes", "--task", "regression",
                     "-o", tmp_path / "r.pdf", "--figures", tmp_path / "new" / "figs",
                     cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    figs = tmp_path / "new" / "figs"
    assert sorted(os.listdir(figs)) == ["prediction_errors_gradient_boosting.pdf",
                                        "prediction_errors_ridge.pdf"]
    assert result.stdout.splitlines()[-1] == (
        f"2 figures in {figs}: prediction_errors_ridge.pdf, "
        f"prediction_errors_gradient_boosting.pdf")
    for name in os.listdir(figs):
        assert_truetype_only(figs / name)
        assert pdf_size_inches(figs / name)[0] == 7.0
    assert (tmp_path / "r.pdf").exists()


def test_cli_figures_svg_and_bad_directory(tmp_path, stub_figures):
    result = run("report", "--sample", "diabetes", "--task", "regression", "-o",
                     tmp_path / "r.pdf", "--figures", tmp_path, "--figure-format", "svg",
                     cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(p for p in os.listdir(tmp_path) if p.endswith(".svg")) == [
        "prediction_errors_gradient_boosting.svg", "prediction_errors_ridge.svg"]
    a_file = tmp_path / "r.pdf"
    result = run("report", "-o", tmp_path / "s.pdf", "--figures", a_file, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1] == (
        f"evalplots: error: --figures {str(a_file)!r} exists and is not a directory; "
        f"give a directory for the figure files.")
    assert not (tmp_path / "s.pdf").exists()


# -- CJK names: the report's fallback font family ---------------------------------

CJK_Y = [0, 1, 0, 1, 1, 0]
CJK_SCORES = {"模型-1": [0.1, 0.8, 0.3, 0.6, 0.7, 0.2], "Модель-1": [0.2, 0.9, 0.4, 0.5, 0.6, 0.1]}


def test_cjk_name_uses_the_installed_fallback_font(tmp_path, cjk_font, monkeypatch):
    """matplotlib draws the glyphs DejaVu Sans lacks in the fallback family only
    when that family is an entry of font.family (the style's rule)."""
    only_figures(monkeypatch, "roc_curves")  # its legend holds the names
    ev = evaluate(CJK_Y, CJK_SCORES)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a covering font: no warning at all
        paths = ev.save_figures(tmp_path)
    fonts = pdf_fonts(paths[0])  # roc_curves.pdf: the legend holds the name
    family = cjk_font.family.replace(" ", "")
    assert any(family in name for name in fonts), (family, sorted(fonts))
    assert_truetype_only(paths[0])


def test_cjk_name_without_a_font_warns_once(tmp_path, no_cjk_font, monkeypatch):
    """No covering font (forced, whatever is installed): one MissingGlyphWarning,
    none of matplotlib's per-glyph warnings, and the files are written. SVG: the
    glyphs are laid out, and warned about, as for PDF at a third of the cost
    (test_fonts' no-font report writes PDF figures without the glyphs)."""
    from evalplots.report._fonts import MissingGlyphWarning

    only_figures(monkeypatch, "roc_curves", "confusion_matrix_模型-1",
                 "confusion_matrix_Модель-1")  # three figures, one warning
    ev = evaluate(CJK_Y, CJK_SCORES)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        paths = ev.save_figures(tmp_path, format="svg")
    assert [(w.category, str(w.message)) for w in caught] == [(MissingGlyphWarning, (
        "figure text: no installed font covers '型模': the PDF report shows them in a "
        "built-in CID font, which it names but cannot embed (a viewer without that font "
        "shows boxes), the figures are laid out with placeholder widths and figures "
        "saved on their own show boxes; install a CJK font (e.g. Noto Sans CJK, "
        "WenQuanYi) or name its file in EVALPLOTS_FONT_PATH to fix all three."))]
    assert caught[0].filename == __file__  # names the caller's line
    assert [p.name for p in paths] == ["roc_curves.svg", "confusion_matrix_模型-1.svg",
                                       "confusion_matrix_Модель-1.svg"]


def test_a_named_font_that_is_no_font_is_refused_by_name(monkeypatch, tmp_path):
    from evalplots.display import _fonts

    not_a_font = tmp_path / "notes.ttf"
    not_a_font.write_text("not a font")
    monkeypatch.setenv(_fonts.FONT_PATH_VARIABLE, str(not_a_font))
    with pytest.raises(ValueError, match=rf"^EVALPLOTS_FONT_PATH names '{not_a_font}', "
                                         r"which is not a readable font file \("):
        evaluate(CJK_Y, CJK_SCORES).save_figures(tmp_path / "figures")


def test_save_figures_and_report_share_the_fallback_family(monkeypatch, tmp_path):
    """The one rule, with DejaVu Serif standing in for an installed CJK font: the
    report and save_figures draw every figure with the same fallback family, found
    for the same characters (class names included). The family is chosen when each
    figure is drawn: the report's figures are not converted (stubbed_figures) and
    save_figures' not written."""
    from evalplots.display import _fonts
    from evalplots.report import evaluation_report
    from evalplots.report.standard import _figures

    asked, families, real_style = [], [], _figures.figure_style
    monkeypatch.setattr(_fonts, "find_fallback_font", lambda chars: asked.append(chars)
                        or _fonts.FallbackFont("DejaVuSerif.ttf", "DejaVu Serif"))
    monkeypatch.setattr(_figures, "figure_style", lambda name="report", font_family=None:
                        families.append((name, font_family)) or real_style(name, font_family))
    monkeypatch.setattr(_figures, "write_atomically", lambda path, write: path)
    ev = evaluate(CJK_Y, CJK_SCORES, label_names={0: "cão", 1: "猫"})
    with warnings.catch_warnings(), stubbed_figures() as drawn:
        warnings.simplefilter("error")
        evaluation_report(ev, invariant=True)
        assert drawn  # the report drew its figures
        ev.save_figures(tmp_path)
    assert asked == ["型模猫", "型模猫"]
    assert {f for _, f in families} == {"DejaVu Serif"}
    assert {n for n, _ in families} == {"report", "paper"}


def test_the_evaluation_loads_the_report_only_to_save_figures(tmp_path):
    """An evaluation computes without the report (and reportlab); save_figures
    calls up into the report, which owns the figure recipes."""
    code = (
        "import sys\n"
        "from evalplots.evaluation import evaluate\n"
        "ev = evaluate([0, 1, 1, 0], {'m': [.2, .6, .9, .4]})\n"
        "ev.metrics_table, ev.intervals\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'reportlab'"
        " or m.startswith('evalplots.report'))[:1])\n"
        "try:\n"  # a refused format: the recipes are imported, nothing is drawn
        f"    ev.save_figures({str(tmp_path)!r}, format='eps')\n"
        "except ValueError as exc:\n"
        "    print(str(exc).split(';')[0])\n"
        "print('evalplots.report.standard._figures' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[:3] == ["[]", "format must be one of 'pdf', 'svg', 'png'", "True"]


#: Number formatting's one home, shared by the legends and the report's tables.
_FORMATTING = "evalplots.metrics._format"


def _report_sources():
    import evalplots.report

    root = pathlib.Path(evalplots.report.__file__).parent
    return {path.relative_to(root).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(root.rglob("*.py"))}


def test_the_report_reads_the_evaluation_through_its_public_names():
    """No module of the report imports a private name of the evaluation or the
    metrics (formatting aside), nor reads a private attribute of an evaluation or
    of one of its models (``ev._x``, ``ev[name]._x``)."""
    private = []
    for where, tree in _report_sources().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and (
                    node.module.split(".")[:2] in (["evalplots", "evaluation"],
                                                   ["evalplots", "metrics"])):
                hidden = any(part.startswith("_") for part in node.module.split("."))
                names = {alias.name for alias in node.names}
                if node.module != _FORMATTING and hidden or any(n.startswith("_") for n in names):
                    private.append(f"{where}:{node.lineno} from {node.module}")
            elif isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                owner = node.value.value if isinstance(node.value, ast.Subscript) \
                    else node.value
                if isinstance(owner, ast.Name) and owner.id in ("ev", "evaluation"):
                    private.append(f"{where}:{node.lineno} .{node.attr}")
    assert private == []
