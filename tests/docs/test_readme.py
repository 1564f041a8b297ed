"""The README's Python examples run, and print the numbers the README shows."""

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def _python_block(containing):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    (block,) = [b for b in blocks if containing in b]
    return block


def test_ci_runs_the_readme_test_command():
    """.ci/run installs and tests word for word as the README's test command says."""
    (setup,) = [ln for ln in README.read_text(encoding="utf-8").splitlines()
                if ln.startswith("python3 -m venv .venv && ") and " && pytest " in ln]
    command = setup.split(" && ")[-1]
    assert command.startswith("pytest --mpl -n auto")
    script = (README.parent / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in script  # a line of its own, followed by its wall time
    assert script[-1] == 'exit "$status"'  # the test command's status
    assert 'pip install --quiet -e ".[test]"' in script


def test_interval_and_comparison_example_prints_the_readme_numbers():
    block = _python_block("delong_test(y, a, b)")
    printed = []
    exec(block, {"print": lambda *args: printed.append(" ".join(map(str, args)))})  # noqa: S102
    assert printed[0] == "0.9953 [0.9905, 1.0000]"
    assert printed[1] == "0.995 [0.986, 0.998]"
    assert printed[2] == "0.994 [0.985, 0.998]"
    assert "difference = 0.019 [0.008, 0.029]" in printed[3]
    assert "z = 3.40, p = 0.0007" in printed[3]
    assert "b = 28, c = 5" in printed[4] and "p = 0.0001" in printed[4]
    # and each comment in the README says what its line prints
    for line, out in zip(
        [ln for ln in block.splitlines() if ln.startswith("print(")], printed, strict=True
    ):
        shown = line.split("#", 1)[1].strip().split(",")[0].split(";")[0]
        if shown[0].isdigit():
            assert out.startswith(shown), (line, out)


def test_paper_figure_example_saves_truetype_fonts(tmp_path, monkeypatch):
    """The README's paper figure: the sizes and fonts the README states, exactly: 89 mm
    square, 8 pt axis titles, 6 pt tick labels and legend, embedded TrueType fonts."""
    import pdfplumber
    from pypdf import PdfReader
    from tests.support import pdf_fonts

    block = _python_block('style.context("paper"')
    monkeypatch.chdir(tmp_path)
    exec(block, {})  # noqa: S102
    fonts = pdf_fonts(tmp_path / "roc.pdf")
    assert fonts and all(subtype in ("/TrueType", "/Type0") and files == ["/FontFile2"]
                         for subtype, files in fonts.values()), fonts
    readme = README.read_text(encoding="utf-8")
    assert "exactly 89 mm wide" in readme and "`\"single\"` (89 × 89 mm)" in readme
    box = PdfReader(tmp_path / "roc.pdf").pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((89 / 25.4 * 72,) * 2,
                                                                    abs=0.01)
    assert "8 pt axis titles,\n6 pt tick labels and legend" in readme
    with pdfplumber.open(tmp_path / "roc.pdf") as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size", "upright"])
    size = {w["text"]: round(w["size"], 2) for w in words if w["upright"]}
    assert size["False"] == size["Rate"] == 8.0  # the x axis title
    assert size["0.2"] == size["0.8"] == 6.0  # tick labels
    assert size["logistic_regression"] == size["gaussian_naive_bayes"] == 6.0  # legend
    text = PdfReader(tmp_path / "roc.pdf").pages[0].extract_text()
    assert "logistic_regression (AUC = 0.995)" in text
    # what the note warns about: saved outside the block, the same figure has Type 3 fonts
    outside = block.replace('fig.savefig("roc.pdf")', "pass") + '\nfig.savefig("roc3.pdf")'
    exec(outside, {})  # noqa: S102
    assert {subtype for subtype, _ in pdf_fonts(tmp_path / "roc3.pdf").values()} == {"/Type3"}


def test_source_date_epoch_rerun_is_byte_identical(tmp_path):
    """The README's SOURCE_DATE_EPOCH command, run twice as the program: the same
    bytes, and the date its comment gives. It is the command's default run (the
    bundled sample, intervals on), so the runs also check what that run says and
    writes: one notice, the report's line on stdout, the provenance of the sample."""
    import hashlib
    import shlex

    from pypdf import PdfReader
    from tests.support import spawn

    from evalplots.datasets import SAMPLE_CSV

    (line,) = [ln for ln in README.read_text(encoding="utf-8").splitlines()
               if ln.startswith("SOURCE_DATE_EPOCH=")]
    command, comment = line.split("#", 1)
    assignment, program, *args = shlex.split(command)
    key, value = assignment.split("=")
    assert (key, program) == ("SOURCE_DATE_EPOCH", "evalplots")
    assert args == ["report", "-o", "report.pdf"]  # the defaults: no INPUT, no option
    runs = []
    for _ in range(2):
        result = spawn(*args, cwd=tmp_path, **{key: value})
        assert result.returncode == 0, result.stderr
        assert result.stderr.splitlines() == [
            "evalplots: no INPUT given; using the bundled sample (Wisconsin "
            "breast-cancer, 569 samples, 2 models)."]
        runs.append((tmp_path / "report.pdf").read_bytes())
    assert runs[0] == runs[1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.pdf"]
    reader = PdfReader(tmp_path / "report.pdf")
    assert result.stdout.startswith(f"report.pdf ({len(reader.pages)} pages, ")
    meta = reader.metadata
    assert comment.strip().startswith(f"dated {meta['/ReportDate']},")
    assert meta["/InputFile"] == ("bundled sample breast_cancer "
                                  "(breast_cancer_predictions.csv)")
    assert meta["/InputSHA256"] == hashlib.sha256(SAMPLE_CSV.read_bytes()).hexdigest()
    assert meta["/InputRows"] == "569"
    assert meta["/CommandLine"] == "evalplots report -o report.pdf"
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    # with intervals by default: the AUC row, DeLong's, and the pair test
    assert "ROC AUC 0.9953 [0.9905, 1.0000] 0.977 [0.964, 0.989] DeLong" in text
    assert "Bootstrap: 1,000 resamples, seed 0" in text
    assert "Holm: with one pair of models, the Holm-adjusted p is the raw p" in text


def test_page_tour_matches_the_sample_report(binary_sample_report):
    """Each numbered page of the README's tour names the headings on that page."""
    from pypdf import PdfReader

    text = README.read_text(encoding="utf-8")
    tour = text[text.index("The standard report of **binary** models, page by page"):]
    tour = tour[:tour.index("![The eight pages")]
    pages = {int(n): re.findall(r"\*\*(.+?)\*\*", body)
             for n, body in re.findall(r"^(\d+)\. (.*?)(?=^\d+\. |\Z)", tour, re.M | re.S)}
    reader = PdfReader(binary_sample_report.path)
    assert len(reader.pages) == len(pages) == 8

    def outline(items):
        for item in items:
            yield from outline(item) if isinstance(item, list) else [item]

    on_page = {}
    for o in outline(reader.outline):
        on_page.setdefault(reader.get_destination_page_number(o) + 1, []).append(o.title)
    for n, headings in pages.items():
        for heading in headings:
            assert any(t.startswith(heading) for t in on_page[n]), (n, heading, on_page[n])


def test_latex_table_example_prints_the_readme_table():
    """The README's paper table is what ``to_latex`` writes for the sample."""
    from evalplots import evaluate
    from evalplots.datasets import load_breast_cancer_predictions

    block = _python_block("ev.to_latex(")
    printed = []
    namespace = {"evaluate": evaluate, "data": load_breast_cancer_predictions(),
                 "print": printed.append}
    exec(block, namespace)  # noqa: S102
    (shown,) = re.findall(r"```latex\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert printed == [shown]


def test_figure_file_list_names_every_binary_figure():
    """The README's list of --figures files is save_figures' own (its doctest's list)."""
    from evalplots.evaluation import Evaluation

    doc = Evaluation.save_figures.__doc__
    names = re.findall(r"'([a-z_]+?)(?:_my_model)?\.svg'", doc)
    prose = README.read_text(encoding="utf-8").split("The files are named for")[1]
    binary = prose.split("(binary)")[0]
    shown = [n.replace("_<model>", "") for n in re.findall(r"`([a-z_<>]+)`", binary)]
    assert shown == names


def test_paper_figure_example_saves_the_double_column_figure(tmp_path, monkeypatch):
    """The README's three-panel figure: 183 x 61 mm, three lettered panels."""
    from pypdf import PdfReader

    block = _python_block("paper_figure(ev,")
    monkeypatch.chdir(tmp_path)
    namespace = {}
    exec(block.replace("evaluate(data.y_true, data.predictions)",  # a quicker bootstrap
                       "evaluate(data.y_true, data.predictions, n_resamples=20)"),
         namespace)  # noqa: S102
    box = PdfReader(tmp_path / "figure.pdf").pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(
        (183 / 25.4 * 72, 61 / 25.4 * 72), abs=0.01)
    assert (README.parent / "docs" / "paper_figure.png").is_file()
