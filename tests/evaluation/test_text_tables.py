"""Paper tables: the metrics with intervals and the comparisons as LaTeX, Markdown, HTML.

Each writing is read back by a parser written here (not the code under test): the
LaTeX tabular split at its unescaped '&', the Markdown pipe table at its unescaped
'|', the HTML with the standard library's parser; the model names must come back
as given and the numbers as scikit-learn and Python's own formatting give them.
Where pdfLaTeX (with booktabs and Latin Modern) is installed, the LaTeX is also
compiled and the names read off the PDF.
"""

import html.parser
import math
import re
import shutil
import subprocess

import numpy as np
import pytest
from sklearn.metrics import brier_score_loss, roc_auc_score

from evalplots import evaluate
from evalplots.datasets import load_sample
from evalplots.evaluation._text_tables import estimate_text_table

#: names holding every character LaTeX or Markdown treat as markup
TRICKY = ("logistic & co 100% #1 [v2]", "[nb]* naive_bayes $x$ {b} ~^\\ |<>")


@pytest.fixture(scope="module")
def sample():
    data = load_sample("breast_cancer")
    scores = dict(zip(TRICKY, data.predictions.values()))
    ev = evaluate(data.y_true, scores, pos_label=data.pos_label, n_resamples=200)
    y = (np.asarray(data.y_true) == data.pos_label).astype(int)
    return ev, y, scores


# --- readers written for the tests -----------------------------------------------

_UNLATEX = [(r"\textbackslash{}", "\\"), (r"\textasciitilde{}", "~"),
            (r"\textasciicircum{}", "^"), (r"\textless{}", "<"), (r"\textgreater{}", ">"),
            (r"\textbar{}", "|"), ("--", "–"), ("$-$", "-"), (r"\&", "&"), (r"\%", "%"),
            (r"\$", "$"), (r"\#", "#"), (r"\_", "_"), (r"\{", "{"), (r"\}", "}")]


def _unlatex(cell):
    """(text, bold) of a LaTeX cell: the escapes undone, ``\\textbf{}`` removed."""
    bold = cell.startswith("\\textbf{") and cell.endswith("}")
    if bold:
        cell = cell[len("\\textbf{"):-1]
    if cell.startswith("{}"):
        cell = cell[2:]
    # no bare special character is left: each one is escaped
    bare = re.sub(r"\\[a-z]+\{\}|\\[&%$#_{}]|\$-\$", "", cell)
    assert not re.search(r"[&%$#_{}~^\\<>|]", bare), cell
    for escaped, text in _UNLATEX:
        cell = cell.replace(escaped, text)
    return cell, bold


def read_tabular(latex):
    """The header and rows of the booktabs tabular in ``latex``, cells as text, and
    the set of bold (row, column) cells."""
    lines = latex.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("\\begin{tabular}"))
    spec = re.fullmatch(r"\\begin\{tabular\}\{([lr]+)\}", lines[start]).group(1)
    end = lines.index("\\end{tabular}")
    body = lines[start + 1:end]
    assert body[0] == "\\toprule" and body[2] == "\\midrule" and body[-1] == "\\bottomrule"
    rows, bold = [], set()
    for i, line in enumerate([body[1], *body[3:-1]]):
        assert line.endswith(" \\\\"), line
        assert not line.startswith(("[", "*")), line  # '\\[' would read a length
        cells = re.split(r"(?<!\\)&", line[:-3])
        assert len(cells) == len(spec), line
        row = []
        for j, cell in enumerate(cells):
            text, is_bold = _unlatex(cell.strip())
            row.append(text)
            if is_bold:
                bold.add((i - 1, j))
        rows.append(row)
    return rows[0], rows[1:], bold


def read_markdown(markdown):
    """Header and rows of the pipe table in ``markdown``, backslash escapes undone."""
    lines = [line for line in markdown.splitlines() if line.startswith("| ")]

    def cells(line):
        parts = re.split(r"(?<!\\)\|", line)[1:-1]
        return [re.sub(r"\\(.)", r"\1", p.strip()) for p in parts]

    assert set(cells(lines[1])) <= {":---", "---:"}
    return cells(lines[0]), [cells(line) for line in lines[2:]]


class _Cells(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.caption, self._in = [], "", None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.rows[-1].append("")
            self._in = "cell"
        elif tag == "caption":
            self._in = "caption"

    def handle_endtag(self, tag):
        if tag in ("td", "th", "caption"):
            self._in = None

    def handle_data(self, data):
        if self._in == "cell":
            self.rows[-1][-1] += data
        elif self._in == "caption":
            self.caption += data


def read_html(text):
    reader = _Cells()
    reader.feed(text)
    return reader.rows[0], reader.rows[1:], reader.caption


def _by_hand(ci):
    return f"{ci.estimate:.3f} [{ci.low:.3f}, {ci.high:.3f}]"


# --- the metrics table --------------------------------------------------------------

def test_latex_cells_are_the_intervals_and_the_names_come_back(sample):
    ev, y, scores = sample
    header, rows, _ = read_tabular(ev.to_latex())
    assert header == ["Metric", *TRICKY]
    assert [r[0] for r in rows] == ev.metrics_table.columns
    for row in rows:
        for name, cell in zip(TRICKY, row[1:]):
            ci = ev.intervals[name].get(row[0])
            value = ev.metrics_table.rows[name][row[0]]
            assert cell == (_by_hand(ci) if ci else "inf" if value == math.inf else
                            f"{value:.3f}")
    auc = {name: cell for name, cell in zip(TRICKY, rows[0][1:])}
    for name in TRICKY:  # the estimate is scikit-learn's AUC
        assert auc[name].split(" ")[0] == f"{roc_auc_score(y, scores[name]):.3f}"


def test_one_column_per_metric_transposes_the_table(sample):
    ev, _, _ = sample
    by_model = read_tabular(ev.to_latex(metrics=["AP", "ROC AUC"], columns="metrics"))
    assert by_model[0] == ["Model", "AP", "ROC AUC"]
    assert [r[0] for r in by_model[1]] == list(TRICKY)
    by_metric = read_tabular(ev.to_latex(metrics=["ROC AUC", "AP"]))
    assert by_model[1][0][2] == by_metric[1][0][1]  # AUC of the first model


def test_caption_says_the_level_and_each_method(sample):
    ev, _, _ = sample
    latex = ev.to_latex(metrics=["ROC AUC", "AP", "Accuracy"])
    caption = re.search(r"\\caption\{(.*)\}", latex).group(1)
    assert "95 \\% confidence intervals" in caption
    assert "ROC AUC: DeLong" in caption and "Accuracy: Wilson" in caption
    assert "AP: bootstrap BCa (200 resamples, seed 0)" in caption
    ev90 = evaluate([1, 0, 0, 1, 0, 1, 1, 0], {"m": [.8, .3, .6, .7, .2, .4, .9, .1]},
                    confidence_level=0.9)
    assert "90 % confidence" in ev90.to_markdown(metrics=["ROC AUC"])


def test_bold_marks_the_best_value_the_smallest_loss_and_displayed_ties():
    y = np.array([0, 0, 1, 1, 0, 1, 0, 1, 1, 0])
    a = np.array([.1, .4, .35, .8, .2, .7, .5, .9, .6, .3])
    b = a ** 2  # the same ranking: the same AUC; another Brier score
    ev = evaluate(y, {"a": a, "b": b}, n_resamples=50)
    header, rows, bold = read_tabular(ev.to_latex(metrics=["ROC AUC", "Brier"],
                                                  bold_best=True, ci=False))
    assert roc_auc_score(y, a) == roc_auc_score(y, b)
    assert {(0, 1), (0, 2)} <= bold  # tied AUC: both
    best = 1 + int(brier_score_loss(y, b) < brier_score_loss(y, a))
    assert (1, best) in bold and (1, 3 - best) not in bold
    # equal as written at the table's decimals: both bold, though not equal
    t = estimate_text_table({"a": {"AUC": .9951}, "b": {"AUC": .9949}, "c": {"AUC": .9}},
                            None, ["a", "b", "c"], ["AUC"], bold_best=True)
    assert t.bold == {(0, 1), (0, 2)}
    # an infinite loss is the worst; an undefined value is not compared
    t = estimate_text_table({"a": {"Log loss": math.inf}, "b": {"Log loss": .3},
                             "c": {"Log loss": math.nan}}, None, ["a", "b", "c"],
                            ["Log loss"], bold_best=True)
    assert t.bold == {(0, 2)}


def test_no_intervals_gives_point_estimates_and_computes_none():
    ev = evaluate([1, 0, 0, 1, 0, 1, 1, 0], {"m": [.8, .3, .6, .7, .2, .4, .9, .1]})
    latex = ev.to_latex(ci=False, metrics=["ROC AUC"])
    assert "intervals" not in vars(ev)
    assert read_tabular(latex)[1] == [["ROC AUC", f"{roc_auc_score([1, 0, 0, 1, 0, 1, 1, 0], [.8, .3, .6, .7, .2, .4, .9, .1]):.3f}"]]
    assert "Point estimates (no confidence intervals)" in latex


def test_parentheses_use_an_en_dash_and_to_beside_a_minus():
    y = [1, 0, 0, 1, 0, 1, 1, 0]
    ev = evaluate(y, {"a": [.8, .3, .6, .7, .2, .4, .9, .1],
                      "b": [.6, .5, .4, .3, .7, .8, .9, .2]}, n_resamples=50)
    ci = ev.intervals["a"]["ROC AUC"]
    md = ev.to_markdown(metrics=["ROC AUC"], interval="parentheses")
    assert (f"{ci.estimate:.3f} ({ci.low:.3f}–{ci.high:.3f})"
            in read_markdown(md)[1][0])
    d = ev.comparisons[0].ci  # DeLong's difference: its interval holds 0
    assert d.low < 0 < d.high
    rows = read_markdown(ev.comparisons.to_markdown(interval="parentheses"))[1]
    assert rows[0][3] == f"{d.estimate:.3f} ({d.low:.3f} to {d.high:.3f})"
    latex_rows = read_tabular(ev.comparisons.to_latex(interval="parentheses"))[1]
    assert latex_rows[0][3] == rows[0][3]  # the minus read back from $-$


def test_markdown_and_html_hold_the_same_cells(sample):
    ev, _, _ = sample
    latex = read_tabular(ev.to_latex(interval="parentheses"))
    md = read_markdown(ev.to_markdown(interval="parentheses"))
    header, rows, caption = read_html(ev.to_html(interval="parentheses"))
    assert md[0] == header == latex[0]
    assert md[1] == rows == latex[1]
    assert "confidence intervals" in caption


def test_notes_say_why_a_value_has_no_interval(sample):
    ev, _, _ = sample
    infinite = [n for n in TRICKY if ev.metrics_table.rows[n]["Log loss"] == math.inf]
    assert infinite  # the naive Bayes model gives a positive probability 0
    md = ev.to_markdown(metrics=["Log loss"])
    assert "No interval for Log loss of" in md and "infinite" in md
    assert "No interval" not in ev.to_markdown(metrics=["ROC AUC"])


def test_interval_table_writes_itself(sample):
    ev, _, _ = sample
    mine = read_tabular(ev.intervals.to_latex(metrics=["ROC AUC", "AP"]))
    assert mine[1] == read_tabular(ev.to_latex(metrics=["ROC AUC", "AP"]))[1]
    assert ev.intervals._repr_html_() == ev.intervals.to_html()


@pytest.mark.parametrize("options, message", [
    ({"columns": "rows"}, "columns must be 'models'"),
    ({"interval": "square"}, "interval must be 'brackets'"),
    ({"decimals": -1}, "decimals must be an integer"),
    ({"decimals": 2.5}, "decimals must be an integer"),
    ({"metrics": ["AUC"]}, r"metrics must name columns .*'ROC AUC'"),
    ({"metrics": []}, "metrics must name columns"),
    ({"environment": "tabularx"}, "environment must be 'table'"),
])
def test_bad_options_name_the_argument(options, message):
    ev = evaluate([1, 0, 0, 1], {"m": [.8, .3, .6, .7]})
    with pytest.raises(ValueError, match=message):
        ev.to_latex(ci=False, **options)


# --- the comparisons ----------------------------------------------------------------

def test_comparison_table_rows_are_the_tests(sample):
    ev, _, _ = sample
    header, rows, _ = read_tabular(ev.comparisons.to_latex())
    assert header[:6] == ["Model a", "Model b", "Test", "a - b [95 % CI]", "p", "Holm p"]
    assert read_html(ev.comparisons.to_html())[0][3] == "a − b [95 % CI]"
    delong, mcnemar = ev.comparisons
    assert rows[0][:4] == [*TRICKY, "DeLong: ROC AUC", _by_hand(delong.ci)]
    assert rows[1][3] == f"{mcnemar.difference:+.3f}"
    assert float(rows[1][4]) == pytest.approx(mcnemar.pvalue, abs=5e-5)
    assert read_html(ev.comparisons.to_html())[1] == rows


def test_one_model_has_no_comparison_table():
    ev = evaluate([1, 0, 0, 1], {"m": [.8, .3, .6, .7]})
    with pytest.raises(ValueError, match="two models"):
        ev.comparisons.to_latex()
    assert "No comparison" in ev.comparisons._repr_html_()


# --- compiled by LaTeX --------------------------------------------------------------

def _latex_ready():
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        return False
    found = subprocess.run(["kpsewhich", "booktabs.sty", "lmodern.sty"],
                           capture_output=True, text=True).stdout.split()
    return len(found) == 2


@pytest.mark.skipif(not _latex_ready(), reason="pdflatex with booktabs and lmodern "
                    "(Debian: texlive-latex-base texlive-latex-recommended lmodern)")
def test_pdflatex_compiles_the_tables_and_prints_the_names(sample, tmp_path):
    pdfplumber = pytest.importorskip("pdfplumber")
    ev, _, _ = sample
    (tmp_path / "metrics.tex").write_text(ev.to_latex(bold_best=True, label="tab:m"),
                                          encoding="utf-8")
    (tmp_path / "comparisons.tex").write_text(
        ev.comparisons.to_latex(interval="parentheses"), encoding="utf-8")
    (tmp_path / "by_model.tex").write_text(  # rows begin with the model names
        ev.to_latex(columns="metrics", metrics=["ROC AUC", "AP"]),
        encoding="utf-8")
    (tmp_path / "paper.tex").write_text(
        "\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{lmodern}\n"
        "\\usepackage[margin=1cm,landscape]{geometry}\n\\usepackage{booktabs}\n"
        "\\begin{document}\n\\input{metrics}\n\\input{comparisons}\n\\input{by_model}\n"
        "\\end{document}\n",
        encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                          "paper.tex"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    assert "Undefined control sequence" not in run.stdout
    with pdfplumber.open(tmp_path / "paper.pdf") as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert f"Metric {TRICKY[0]} {TRICKY[1]}" in text  # the names as given
    assert f"{TRICKY[0]} {TRICKY[1]} DeLong: ROC AUC" in text
    assert f"\n{TRICKY[1]} 0.977" in text  # a row that begins with '['
    ci = ev.intervals[TRICKY[0]]["ROC AUC"]
    assert f"ROC AUC {_by_hand(ci)}" in text
    assert "95 % confidence intervals" in text
    d = ev.comparisons[0].ci
    assert f"{d.estimate:.3f} ({d.low:.3f}–{d.high:.3f})" in text  # an en dash, no minus
