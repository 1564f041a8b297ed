"""evalplots.report: the generic Report builder (and, below, the evaluation report).

Every PDF is built into tmp_path and read back with pypdf.
"""

import re

import matplotlib.pyplot as plt
import pytest
from pypdf import PdfReader

from evalplots.report import Report, _flowables


def _text(reader):
    """Each page's text, whitespace (table cell breaks included) collapsed."""
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def _outline_titles(items):
    out = []
    for item in items:
        out.extend(_outline_titles(item) if isinstance(item, list) else [item.title])
    return out


def _image_xobjects(resources):
    """Names of image XObjects in ``resources``, searching inside form XObjects."""
    found = []
    xobjects = (resources or {}).get("/XObject") or {}
    for name, ref in xobjects.items():
        obj = ref.get_object()
        if obj["/Subtype"] == "/Image":
            found.append(name)
        else:
            found.extend(_image_xobjects(obj.get("/Resources")))
    return found


def _toc_page_numbers(text):
    """The page numbers printed after the TOC's dot leaders, in order."""
    return re.findall(r"(?:\.\s+){3,}(\d+)", text)


def _line_figure():
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot([0, 0.2, 1], [0, 0.8, 1])
    return fig


def _small_report(title="Small report", **kwargs):
    report = Report(title, author="QA", invariant=True, **kwargs)
    report.add_table_of_contents().add_heading("Numbers")
    report.add_table([["a", 0.5]], header=["name", "value"])
    report.add_page_break().add_heading("Figure").add_heading("Detail", level=1)
    report.add_figure(_line_figure(), caption="A line.")
    return report


def test_pages_toc_outline_and_page_numbers(tmp_path):
    report = _small_report()
    path = report.save(tmp_path / "r.pdf")
    reader = PdfReader(path)
    assert report.page_count_ == len(reader.pages) == 2
    pages = _text(reader)
    assert "Page 1 of 2" in pages[0] and "Page 2 of 2" in pages[1]
    # TOC on page 1 lists each heading with its page number.
    assert _toc_page_numbers(pages[0]) == ["1", "2", "2"]
    toc = pages[0].split("Contents", 1)[1]
    assert all(h in toc for h in ("Numbers", "Figure", "Detail"))
    # Outline: two top-level entries, 'Detail' nested under 'Figure'.
    assert _outline_titles(reader.outline) == ["Numbers", "Figure", "Detail"]
    assert isinstance(reader.outline[2], list)
    assert reader.metadata.title == "Small report"
    assert reader.metadata.author == "QA"


def test_invariant_output_is_reproducible(tmp_path):
    a = _small_report().save(tmp_path / "a.pdf").read_bytes()
    b = _small_report().save(tmp_path / "b.pdf").read_bytes()
    assert a == b


def test_user_text_is_escaped_and_shown_literally(tmp_path):
    nasty = "<b>x</b> & y > z"
    report = Report(f"T {nasty}", author="a<b", invariant=True)
    report.add_heading(f"H {nasty}").add_paragraph(f"P {nasty}")
    report.add_table([[nasty, 1.0]], header=["c<1>", "d&e"], caption=f"C {nasty}")
    path = report.save(tmp_path / "e.pdf")
    reader = PdfReader(path)
    text = _text(reader)[0]
    for prefix in ("T", "H", "P", "C"):
        assert f"{prefix} {nasty}" in text
    assert "c<1>" in text and "d&e" in text and "a<b" in text
    assert _outline_titles(reader.outline) == [f"H {nasty}"]


def test_figures_are_vector_with_searchable_text(tmp_path):
    fig = _line_figure()
    fig.axes[0].set_xlabel("False positive rate")
    report = Report("Vector", invariant=True).add_figure(fig)
    reader = PdfReader(report.save(tmp_path / "v.pdf"))
    page = reader.pages[0]
    assert _image_xobjects(page["/Resources"]) == []
    text = _text(reader)[0]
    # the tick labels and the axis title are text, not glyph outlines
    assert "0.0 0.2 0.4 0.6 0.8 1.0 False positive rate" in text
    content = page.get_contents().get_data().decode("latin-1")
    assert len(re.findall(r"\s[lcm]\s", content)) < 150  # the line, ticks, spines
    _assert_embedded_no_type3(page)


def _assert_embedded_no_type3(page):
    """Every font of ``page`` is an embedded DejaVu Sans subset, none is Type 3."""
    for font in page["/Resources"]["/Font"].values():
        font = font.get_object()
        assert font["/Subtype"] != "/Type3"
        assert "DejaVuSans" in font["/BaseFont"]
        descendant = font.get("/DescendantFonts")
        descriptor = (descendant[0].get_object() if descendant else font)["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object()


def test_atomic_write_failure_leaves_nothing(tmp_path, monkeypatch):
    target = tmp_path / "r.pdf"
    target.write_bytes(b"previous report")

    def fail(self):
        raise RuntimeError("boom while drawing")

    monkeypatch.setattr(_flowables.VectorFigure, "draw", fail)
    with pytest.raises(RuntimeError, match="boom"):
        _small_report().save(target)
    assert target.read_bytes() == b"previous report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.pdf"]
    fresh = tmp_path / "new.pdf"
    with pytest.raises(RuntimeError):
        _small_report().save(fresh)
    assert not fresh.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.pdf"]


def test_save_replaces_existing_file(tmp_path):
    target = tmp_path / "r.pdf"
    target.write_bytes(b"old")
    _small_report().save(target)
    assert target.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.pdf"]


def test_save_into_missing_directory(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        _small_report().save(tmp_path / "missing" / "r.pdf")


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda r: r.add_heading("x", level=1), "level=1 follows a level--1"),
        (lambda r: r.add_heading("x", level=3), "level must be 0, 1 or 2"),
        (lambda r: r.add_heading(""), "text must be a non-empty string"),
        (lambda r: r.add_table([]), "rows is empty"),
        (lambda r: r.add_table([[1, 2], [3]]), "different lengths"),
        (lambda r: r.add_table([[1, 2]], header=["a"]), "different lengths"),
        (lambda r: r.add_figure(_line_figure(), width=0), "width must be a fraction"),
        (lambda r: r.add_paragraph(3), "text must be a string"),
        (lambda r: r.add_table([[1, 2]], align=["left"]), "align must give one of"),
        (lambda r: r.add_table([[1, 2]], align=["left", "up"]), "align must give one of"),
    ],
)
def test_bad_arguments_raise_value_error(call, match):
    with pytest.raises(ValueError, match=match):
        call(Report("x"))


def test_bad_title_and_figure():
    with pytest.raises(ValueError, match="title must be a non-empty string"):
        Report("")
    with pytest.raises(TypeError, match="matplotlib Figure"):
        Report("x").add_figure("not a figure")


# -- the standard evaluation report -------------------------------------------

from evalplots import metrics
from evalplots.report import evaluation_metrics, evaluation_report


@pytest.fixture(scope="module")
def sample_pdf(binary_sample_report_without_intervals):
    built = binary_sample_report_without_intervals
    reader = PdfReader(built.path)
    return built.data, built.report, reader, built.steps, _text(reader)


def test_sample_report_pages_and_headings(sample_pdf):
    _, report, reader, _, pages = sample_pdf
    # 7 full pages: the plain metrics table fits under the data on page 1; the
    # provenance, then the ROC figure (drawn a little smaller) fill page 2
    assert report.page_count_ == len(reader.pages) == 7
    assert "Evaluation report" in pages[0] and "Contents" in pages[0]
    assert "569 samples: 212 positive (37.3 %), class 'malignant' (label 1)" in pages[0]
    assert "357 negative, class 'benign'" in pages[0]
    assert "CC BY 4.0" in pages[0]
    assert "Metrics" in pages[0] and "Decision threshold 0.5" in pages[0]
    assert "Provenance" in pages[1] and "ROC curves" in pages[1]
    assert "Precision-recall curves" in pages[2]
    assert "Operating points" in pages[3]
    assert "Calibration" in pages[4]
    assert "Clinical utility" in pages[5] and "Score distributions" in pages[5]
    # both models' confusion matrices share the last page
    assert "Confusion matrix: logistic_regression" in pages[6]
    assert "Confusion matrix: gaussian_naive_bayes" in pages[6]
    for i, page in enumerate(pages, start=1):
        assert f"Page {i} of 7" in page


def test_sample_report_outline_and_toc(sample_pdf):
    _, _, reader, _, pages = sample_pdf
    titles = ["Summary", "Data", "Metrics", "Provenance", "ROC curves",
              "Precision-recall curves", "Threshold", "Operating points", "Calibration",
              "Clinical utility", "Score distributions",
              "Confusion matrix: logistic_regression",
              "Confusion matrix: gaussian_naive_bayes"]
    assert _outline_titles(reader.outline) == titles
    assert [reader.get_destination_page_number(o) + 1 for o in reader.outline
            if not isinstance(o, list)] == [1, 2, 3, 4, 5, 6, 6, 7, 7]
    assert _toc_page_numbers(pages[0]) == [
        "1", "1", "1", "2", "2", "3", "4", "4", "5", "6", "6", "7", "7"]


def test_sample_report_metric_values_are_printed(sample_pdf):
    data, _, _, _, pages = sample_pdf
    summary = pages[0] + pages[1]
    for name, s in data.scores.items():
        y = data.y_true
        pred = (s >= 0.5).astype(int)
        row = [metrics.roc_auc_score(y, s), metrics.average_precision_score(y, s),
               metrics.break_even_point(y, s), metrics.accuracy_score(y, pred),
               metrics.precision_score(y, pred), metrics.recall_score(y, pred),
               metrics.f1_score(y, pred)]
        assert " ".join(f"{v:.4f}" for v in row) in summary
    # fixed values, checked against scikit-learn independently (AUC, AP, BEP,
    # accuracy, precision, recall, F1 at threshold 0.5)
    assert ("logistic_regression 0.9953 0.9942 0.9623 0.9789 0.9854 0.9575 "
            "0.9713") in summary
    # (the long name wraps in the 14-column table)
    assert "0.9768 0.9537 0.9198 0.9385 0.9447 0.8868 0.9148" in summary


def test_sample_report_figures_are_vector(sample_pdf):
    reader, pages = sample_pdf[2], sample_pdf[-1]
    for page in reader.pages[1:]:
        assert _image_xobjects(page["/Resources"]) == []
        content = page.get_contents().get_data().decode("latin-1")
        assert len(re.findall(r"\s[lcm]\s", content)) > 300  # the curves
        _assert_embedded_no_type3(page)
    # the figures' text is text: axis titles, tick labels, legend entries
    assert "0.0 0.2 0.4 0.6 0.8 1.0 False Positive Rate" in pages[1]
    assert "logistic_regression (AUC = " in pages[1]
    assert "Precision" in pages[2] and "Recall" in pages[2]


def test_sample_report_confusion_counts(sample_pdf):
    data, *_, pages = sample_pdf
    y, s = data.y_true, data.scores["logistic_regression"]
    cm = metrics.confusion_matrix(y, (s >= 0.5).astype(int))
    (tn, fp), (fn, tp) = cm.tolist()
    assert (f"{tp} true positives, {fp} false positives, {fn} false negatives, "
            f"{tn} true negatives") in pages[6]


def test_progress_reports_every_step(sample_pdf):
    steps = sample_pdf[3]
    assert [s[0] for s in steps] == [
        "computing metrics", "drawing ROC curves", "drawing P-R curves",
        "drawing metrics against the threshold", "drawing calibration curves",
        "drawing decision curves", "drawing score distributions",
        "confusion matrix: logistic_regression", "confusion matrix: gaussian_naive_bayes"]
    assert [s[1:] for s in steps] == [(i, 9) for i in range(9)]  # 9 steps, 7 pages


def test_evaluation_metrics_seed_values():
    m = evaluation_metrics([1, 0, 0, 1, 0, 1], [0.45, 0.53, 0.24, 0.88, 0.57, 0.76])
    assert m["ROC AUC"] == pytest.approx(7 / 9)
    assert m["AP"] == pytest.approx(0.8666666666666667)
    assert m["BEP"] == pytest.approx(2 / 3)
    assert (m["tn"], m["fp"], m["fn"], m["tp"]) == (1, 2, 1, 2)
    assert m["Precision"] == 0.5 and m["Recall"] == pytest.approx(2 / 3)


def test_nothing_predicted_positive_prints_na(tmp_path, stub_figures):
    report = evaluation_report([0, 1, 0, 1], {"m": [0.1, 0.2, 0.3, 0.4]},
                               threshold=0.9, invariant=True, ci=False)
    text = _text(PdfReader(report.save(tmp_path / "na.pdf")))[0]
    assert "m 0.7500 0.8333 0.5000 0.5000 n/a 0.0000 0.0000" in text
    assert "Decision threshold 0.9" in text


def test_string_labels_and_escaped_model_names(tmp_path, stub_figures):
    name = "<svm> & co"
    report = evaluation_report(["M", "B", "B", "M"], {name: [0.9, 0.2, 0.6, 0.7]},
                               pos_label="M", title="T <1> & 2", invariant=True)
    reader = PdfReader(report.save(tmp_path / "s.pdf"))
    assert "T <1> & 2" in _text(reader)[0]
    text = " ".join(_text(reader))
    # the model is a column of the summary (intervals), its AUC 1: DeLong's variance is 0
    assert f"Metric {name} Interval" in text and "ROC AUC 1.0000 " in text
    assert "DeLong's variance is 0 or undefined" in text
    assert f"Confusion matrix: {name}" in _outline_titles(reader.outline)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"scores": {}}, "predictions must be a non-empty dict"),
        ({"scores": [0.1, 0.2]}, "predictions must be a non-empty dict"),
        ({"scores": {"": [0.1, 0.9]}}, "model names"),
        ({"scores": {"m": [0.1]}}, "Inconsistent numbers of samples"),
        ({"scores": {"m": [0.1, float("nan")]}}, "non-finite"),
        ({"y_true": [1, 1]}, "exactly two"),
        ({"y_true": ["a", "b"]}, "pass pos_label="),
        ({"pos_label": 3}, "pos_label=3 is not a value"),
        ({"threshold": float("inf")}, "threshold must be a finite number"),
        ({"threshold": "0.5"}, "threshold must be a finite number"),
    ],
)
def test_evaluation_report_bad_input(kwargs, match):
    args = {"y_true": [0, 1], "scores": {"m": [0.1, 0.9]}, **kwargs}
    with pytest.raises(ValueError, match=match):
        evaluation_report(args.pop("y_true"), args.pop("scores"), **args)


def test_layering_report_never_imports_cli_display_never_reportlab():
    import subprocess
    import sys

    code = (
        "import sys, evalplots.display\n"
        "assert not any(m.startswith('reportlab') for m in sys.modules), 'reportlab'\n"
        "import evalplots.report\n"
        "assert 'evalplots.cli' not in sys.modules, 'cli'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_building_a_report_leaves_rcparams_alone(tmp_path):
    import matplotlib

    before = dict(matplotlib.rcParams)
    report = evaluation_report([0, 1, 0, 1], {"m": [0.1, 0.8, 0.3, 0.6]}, invariant=True)
    report.save(tmp_path / "rc.pdf")
    assert dict(matplotlib.rcParams) == before


def test_save_twice_and_extend_after_saving(tmp_path):
    report = _small_report()
    first = report.save(tmp_path / "a.pdf").read_bytes()
    assert report.save(tmp_path / "b.pdf").read_bytes() == first
    report.add_page_break().add_heading("Later")
    reader = PdfReader(report.save(tmp_path / "c.pdf"))
    assert report.page_count_ == 3
    assert _outline_titles(reader.outline)[-1] == "Later"
    assert _toc_page_numbers(_text(reader)[0]) == ["1", "2", "2", "3"]
