"""The notebook view of an evaluation: the data, the metrics with their intervals and
the comparisons, as HTML and as Markdown; the threshold table's HTML."""

import html

import numpy as np
import pytest
from sklearn.metrics import precision_score, roc_auc_score

from evalplots import evaluate

from tests.evaluation.test_text_tables import read_html, read_markdown

Y = [1, 0, 0, 1, 0, 1, 1, 0, 1, 0]
A = [.8, .3, .6, .7, .2, .4, .9, .1, .65, .35]
B = [.6, .5, .4, .3, .7, .8, .9, .2, .55, .45]


@pytest.fixture(scope="module")
def ev():
    return evaluate(Y, {"a<&>": A, "b": B}, n_resamples=100)


def _tables(text):
    """The HTML tables of ``text``, each read by read_html."""
    return [read_html(part.split("</table>")[0] + "</table>")
            for part in text.split("<table")[1:]]


def test_html_shows_the_data_the_intervals_and_the_comparisons(ev):
    view = ev._repr_html_()
    assert html.escape(ev._description()) in view
    metrics, comparisons = _tables(view)
    assert metrics[0] == ["Metric", "a<&>", "b"]  # escaped, read back as given
    auc = ev.intervals["a<&>"]["ROC AUC"]
    assert metrics[1][0] == ["ROC AUC", f"{roc_auc_score(Y, A):.3f} [{auc.low:.3f}, "
                             f"{auc.high:.3f}]", metrics[1][0][2]]
    assert "confidence intervals" in metrics[2]
    assert [row[2] for row in comparisons[1]] == ["DeLong: ROC AUC",
                                                  "McNemar: errors at the threshold"]
    assert "<a&>" not in view  # every name escaped


def test_markdown_shows_the_same_tables(ev):
    view = ev._repr_markdown_()
    first, second = view.split("**Comparisons**")
    assert read_markdown(first)[1] == _tables(ev._repr_html_())[0][1]
    assert read_markdown(second)[1] == _tables(ev._repr_html_())[1][1]


def test_one_model_shows_no_comparison():
    one = evaluate(Y, {"a": A}, n_resamples=50)
    assert "Comparisons" not in one._repr_html_()
    assert "Comparisons" not in one._repr_markdown_()


def test_threshold_table_shows_as_a_table(ev):
    table = ev["a<&>"].threshold_table
    rows = _tables(table._repr_html_())[0][1]
    assert len(rows) == len(A)  # one row per distinct score
    by_threshold = {float(r[1]): r for r in rows}
    header = _tables(table._repr_html_())[0][0]
    column = header.index("precision")
    expected = precision_score(Y, np.asarray(A) >= 0.6)
    assert float(by_threshold[0.6][column]) == pytest.approx(expected, abs=1e-6)
