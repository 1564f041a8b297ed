"""Multi-class metrics: classification_report and balanced_accuracy_score.

Values are checked against scikit-learn (test oracle) on hypothesis-drawn inputs
(2–6 classes; integer, huge-integer and string labels; weights with zeros; label
subsets; every zero_division), against hand computations and against the seeds'
worked examples (../shared/seeds/: 000 = notes on Zhou Zhihua, *Machine Learning*
ch. 2; 003 = Thakur, *Approaching (Almost) Any Machine Learning Problem*,
"Evaluation metrics"). Deliberate differences from scikit-learn each have a test
named ``test_difference_*`` that says why.
"""

import math
import re
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

import evalplots.metrics as ep
from evalplots.exceptions import UndefinedMetricWarning

from tests.support import SETTINGS, _sk_quiet, label_pairs

pytestmark = pytest.mark.filterwarnings("ignore:A single label was found:UserWarning")

# fmt: off
# 003 多分类问题的指标 / 混淆矩阵: the 9-sample, 3-class lists
MC_TRUE = [0, 1, 2, 0, 1, 2, 0, 2, 2]
MC_PRED = [0, 2, 1, 0, 2, 1, 0, 0, 2]
# 000 §2.2 混淆矩陣的可視化: the 3-class example
ZHOU_TRUE = [2, 0, 2, 2, 0, 1]
ZHOU_PRED = [0, 0, 2, 2, 0, 2]
# 000 §2.1: six watermelons
MELON_TRUE = [1, 0, 0, 1, 0, 1]
MELON_PRED = [0, 1, 0, 1, 1, 1]
# fmt: on

_SUMMARY = ("accuracy", "micro avg", "macro avg", "weighted avg")


def _quiet(func, *args, **kwargs):
    """Call ``func`` and return (result, whether it raised an UndefinedMetricWarning)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = func(*args, **kwargs)
    return result, any(issubclass(w.category, UndefinedMetricWarning) for w in caught)


def _int_supports(text):
    """scikit-learn's text with float supports ("      1.0") printed as ints ("        1")."""
    return re.sub(r"(\d+)\.0\n", r"  \1\n", text)


def _assert_report_dicts_equal(ours, theirs):
    """Same keys in the same order and the same values, NaN equal to NaN."""
    assert list(ours) == list(theirs)
    for key in theirs:
        a, b = ours[key], theirs[key]
        if isinstance(b, dict):
            assert list(a) == list(b)
            a, b = list(a.values()), list(b.values())
        assert_allclose(a, b, rtol=1e-12, atol=1e-15, err_msg=key)


# ------------------------------------------------- classification_report vs sklearn


@st.composite
def report_inputs(draw):
    """Label pairs, and a ``labels`` argument: None, a reordered subset or superset."""
    y_true, y_pred, w = draw(label_pairs())
    present = np.unique(np.concatenate([y_true, y_pred]))
    choice = draw(st.sampled_from(["none", "subset", "all", "superset"]))
    labels = None
    if choice == "subset":
        size = draw(st.integers(1, present.size))
        labels = present[draw(st.permutations(range(present.size)))[:size]]
    elif choice == "all":
        labels = present[::-1]
    elif choice == "superset":  # a class that occurs in neither array
        extra = "zzz" if present.dtype.kind == "U" else present.max() + 1
        labels = np.append(present, extra)
    return y_true, y_pred, w, labels


@SETTINGS
@given(report_inputs(), st.sampled_from(["warn", 0, 1, np.nan]), st.integers(0, 5),
       st.booleans())  # fmt: skip
def test_classification_report_matches_sklearn(data, zero_division, digits, named):
    y_true, y_pred, w, labels = data
    n_rows = (
        np.unique(np.concatenate([y_true, y_pred])).size if labels is None else len(labels)
    )
    target_names = [f"class {i}" for i in range(n_rows)] if named else None
    kw = {"labels": labels, "target_names": target_names, "sample_weight": w,
          "zero_division": zero_division}  # fmt: skip

    theirs_text = _sk_quiet(skm.classification_report, y_true, y_pred, digits=digits, **kw)
    if w is None and not (y_true == y_pred).any():  # see test_difference_int_supports
        theirs_text = _int_supports(theirs_text)
    ours_text, ours_warned = _quiet(ep.classification_report, y_true, y_pred,
                                    digits=digits, **kw)  # fmt: skip
    assert ours_text == theirs_text

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        theirs = skm.classification_report(y_true, y_pred, output_dict=True, **kw)
    theirs_warned = any(w.category.__name__ == "UndefinedMetricWarning" for w in caught)
    ours, _ = _quiet(ep.classification_report, y_true, y_pred, output_dict=True, **kw)
    # the one deliberate extra: "micro avg" is always in the dict
    if "accuracy" in theirs:
        assert ours.pop("micro avg") == dict.fromkeys(
            ("precision", "recall", "f1-score"), theirs["accuracy"]
        ) | {"support": theirs["weighted avg"]["support"]}
    _assert_report_dicts_equal(ours, theirs)
    # 'warn' warns exactly when scikit-learn warns
    assert ours_warned == (zero_division == "warn" and theirs_warned)


@SETTINGS
@given(report_inputs(), st.sampled_from(["warn", 0, np.nan]))
def test_classification_report_rows_hold_the_dict(data, zero_division):
    # rows and dict are two forms of one table; rows keep int supports unweighted
    y_true, y_pred, w, labels = data
    kw = {"labels": labels, "sample_weight": w, "zero_division": zero_division}
    rows, _ = _quiet(ep.classification_report, y_true, y_pred, output="rows", **kw)
    as_dict, _ = _quiet(ep.classification_report, y_true, y_pred, output="dict", **kw)
    assert [r[0] for r in rows] == list(as_dict)
    for name, p, r, f, s in rows:
        if name == "accuracy":
            assert (p, r) == (None, None)
            assert_allclose(f, as_dict[name])
        else:
            assert_allclose([p, r, f, s], list(as_dict[name].values()))
        assert isinstance(s, int) == (w is None)
    # the micro row is P, R, F1 of the pooled counts: scikit-learn's average='micro'
    micro = next(r for r in rows if r[0] == "micro avg")
    theirs = _sk_quiet(skm.precision_recall_fscore_support, y_true, y_pred,
                       average="micro", **kw)  # fmt: skip
    assert_allclose(micro[1:4], theirs[:3], rtol=1e-12)


def test_classification_report_large_n_both_counting_paths():
    rng = np.random.default_rng(7)
    n = 100_000
    t = rng.integers(0, 6, n)
    p = np.where(rng.random(n) < 0.6, t, rng.integers(0, 6, n))
    w = rng.integers(0, 4, n).astype(float)
    names = np.array(["ant", "bee", "cat", "dog", "eel", "fox"])
    for y_true, y_pred in ((t, p), (names[t], names[p]), (t * 10**12, p * 10**12)):
        for weight in (None, w):
            ours = ep.classification_report(y_true, y_pred, sample_weight=weight, digits=6)
            assert ours == skm.classification_report(
                y_true, y_pred, sample_weight=weight, digits=6
            )


# ----------------------------------------------- classification_report, by hand


def test_classification_report_text_shows_micro_only_for_a_subset():
    # labels covering every class: "accuracy"; a subset: "micro avg" (scikit-learn)
    full = ep.classification_report(MC_TRUE, MC_PRED, labels=[2, 1, 0, 5], zero_division=0)
    part = ep.classification_report(MC_TRUE, MC_PRED, labels=[2, 0], zero_division=0)
    assert "accuracy" in full and "micro avg" not in full
    assert "micro avg" in part and "accuracy" not in part
    # subset [2, 0]: TP = 1 + 3, predicted 3 + 4, true 4 + 3
    rows = ep.classification_report(MC_TRUE, MC_PRED, labels=[2, 0], output="rows")
    assert [r[0] for r in rows] == ["2", "0", "micro avg", "macro avg", "weighted avg"]
    assert_allclose(rows[2][1:], [4 / 7, 4 / 7, 4 / 7, 7])


def test_classification_report_rows_form():
    rows = ep.classification_report(MC_TRUE, MC_PRED, target_names=["a", "b", "c"],
                                    zero_division=0, output="rows")  # fmt: skip
    assert [r[0] for r in rows] == ["a", "b", "c", *_SUMMARY]
    assert rows[3] == ("accuracy", None, None, 4 / 9, 9)
    assert_allclose(rows[4][1:], [4 / 9, 4 / 9, 4 / 9, 9])
    # class "a" (= 0): 3 predicted right, 4 predicted as 0
    assert rows[0] == ("a", 0.75, 1.0, 6 / 7, 3)
    assert all(type(v) is float for r in rows for v in r[1:4] if v is not None)


def test_classification_report_weighted_supports_are_sums_of_weights():
    w = [1, 2, 1, 0.5]
    text = ep.classification_report([0, 1, 2, 2], [0, 2, 2, 1], sample_weight=w,
                                    zero_division=0)  # fmt: skip
    assert "       1.5\n" in text and "       4.5\n" in text
    rows = ep.classification_report([0, 1, 2, 2], [0, 2, 2, 1], sample_weight=w,
                                    zero_division=0, output="rows")  # fmt: skip
    assert [r[4] for r in rows] == [1.0, 2.0, 1.5, 4.5, 4.5, 4.5, 4.5]
    # class 2: TP weight 1 of predicted 1 + 2 = 3 and true 1 + 0.5 = 1.5
    assert_allclose(rows[2][1:4], [1 / 3, 2 / 3, 4 / 9])


def test_classification_report_zero_division_warns_and_nan_is_left_out():
    # 000's example: class 1 is never predicted, so its precision is 0/0
    with pytest.warns(UndefinedMetricWarning, match="precision"):
        report = ep.classification_report(ZHOU_TRUE, ZHOU_PRED, output_dict=True)
    assert report["1"]["precision"] == 0.0
    assert_allclose(report["macro avg"]["precision"], (2 / 3 + 0 + 2 / 3) / 3)
    report = ep.classification_report(ZHOU_TRUE, ZHOU_PRED, output_dict=True,
                                      zero_division=np.nan)  # fmt: skip
    assert math.isnan(report["1"]["precision"])
    assert_allclose(report["macro avg"]["precision"], 2 / 3)  # mean of the other two
    assert_allclose(report["weighted avg"]["precision"], (2 * 2 / 3 + 3 * 2 / 3) / 5)
    assert report["1"]["recall"] == 0.0  # 0 of 1: defined
    report = ep.classification_report(ZHOU_TRUE, ZHOU_PRED, output_dict=True,
                                      zero_division=1)  # fmt: skip
    assert report["1"]["precision"] == 1.0
    assert_allclose(report["macro avg"]["precision"], (2 / 3 + 1 + 2 / 3) / 3)


def test_classification_report_digits():
    text = ep.classification_report([0, 1, 1], [0, 1, 0], digits=4)
    assert "    0.5000    1.0000    0.6667         1\n" in text
    text = ep.classification_report([0, 1, 1], [0, 1, 0], digits=0)
    # 2/3 rounds to "1"; the empty precision and recall cells keep their width
    assert "\n    accuracy                              1         3\n" in text


# --------------------------------------------------- classification_report, seeds


def test_003_classification_report_averages():
    """003 多分类问题的指标: macro 0.3611, micro 0.4444, weighted 0.3981 precision;
    weighted F1 0.41269841269841273 — the rows of one report."""
    report = ep.classification_report(MC_TRUE, MC_PRED, output_dict=True, zero_division=0)
    assert_allclose(report["macro avg"]["precision"], 0.3611111111111111, rtol=1e-15)
    assert_allclose(report["micro avg"]["precision"], 0.4444444444444444, rtol=1e-15)
    assert_allclose(report["accuracy"], 0.4444444444444444, rtol=1e-15)
    assert_allclose(report["weighted avg"]["precision"], 0.39814814814814814, rtol=1e-15)
    assert_allclose(report["weighted avg"]["f1-score"], 0.41269841269841273, rtol=1e-15)
    # 混淆矩阵 (Figure 8): support of class 2 is 4, of class 0 is 3
    assert [report[c]["support"] for c in "012"] == [3.0, 2.0, 4.0]


def test_000_classification_report_zhou_macro_micro():
    """000 §2.2's 3-class example, averaged by Zhou §2.3.2 (macro-P/R/F1, micro-P/R/F1).

    Per class (one-vs-rest): 0: TP 2, FP 1, FN 0; 1: TP 0, FP 0, FN 1; 2: TP 2, FP 1,
    FN 1. Zhou's micro-P = mean TP / (mean TP + mean FP) = (4/3) / (4/3 + 2/3) = 2/3;
    his macro-F1 is the F1 of macro-P and macro-R, the report's the mean per-class F1.
    """
    report = ep.classification_report(ZHOU_TRUE, ZHOU_PRED, output_dict=True,
                                      zero_division=0)  # fmt: skip
    macro_p, macro_r = (2 / 3 + 0 + 2 / 3) / 3, (1 + 0 + 2 / 3) / 3
    assert_allclose(report["macro avg"]["precision"], macro_p)
    assert_allclose(report["macro avg"]["recall"], macro_r)
    assert_allclose(report["macro avg"]["f1-score"], (0.8 + 0 + 2 / 3) / 3)  # 22/45
    zhou_macro_f1 = 2 * macro_p * macro_r / (macro_p + macro_r)  # 40/81
    assert not math.isclose(report["macro avg"]["f1-score"], zhou_macro_f1)
    for key in ("precision", "recall", "f1-score"):
        assert_allclose(report["micro avg"][key], 2 / 3)
    assert_allclose(report["accuracy"], 4 / 6)


# --------------------------------------------------------- balanced accuracy


@SETTINGS
@given(label_pairs(), st.booleans())
def test_balanced_accuracy_matches_sklearn(data, adjusted):
    y_true, y_pred, w = data
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        theirs = skm.balanced_accuracy_score(y_true, y_pred, sample_weight=w,
                                             adjusted=adjusted)  # fmt: skip
    theirs_warned = any("not in y_true" in str(x.message) for x in caught)
    ours, ours_warned = _quiet(ep.balanced_accuracy_score, y_true, y_pred,
                               sample_weight=w, adjusted=adjusted)  # fmt: skip
    w_arr = np.ones(len(y_true)) if w is None else w
    n_classes = np.unique(y_true[w_arr > 0]).size
    if adjusted and n_classes == 1:  # see test_difference_adjusted_single_class
        assert math.isnan(ours) and ours_warned
        return
    assert_allclose(ours, theirs, rtol=1e-12, atol=1e-15)
    assert ours_warned == theirs_warned
    # the definition: recall averaged over the classes of y_true
    macro_recall = _sk_quiet(skm.recall_score, y_true, y_pred, average="macro",
                             labels=np.unique(y_true[w_arr > 0]), sample_weight=w)  # fmt: skip
    if not adjusted:
        assert_allclose(ours, macro_recall, rtol=1e-12)


def test_balanced_accuracy_by_hand():
    # 003's 3 classes: recalls 3/3, 0/2, 1/4
    assert_allclose(ep.balanced_accuracy_score(MC_TRUE, MC_PRED), (1 + 0 + 0.25) / 3)
    assert_allclose(
        ep.balanced_accuracy_score(MC_TRUE, MC_PRED, adjusted=True),
        ((1.25 / 3) - 1 / 3) / (1 - 1 / 3),
    )
    # 000's 3-class example: recalls 2/2, 0/1, 2/3 -> Zhou's macro-R
    assert_allclose(ep.balanced_accuracy_score(ZHOU_TRUE, ZHOU_PRED), 5 / 9)
    # weights: class 0 recall 1/1, class 1 recall 3/(3 + 1)
    assert_allclose(
        ep.balanced_accuracy_score([0, 1, 1], [0, 1, 0], sample_weight=[1, 3, 1]),
        (1 + 0.75) / 2,
    )


def test_000_balanced_accuracy_is_mean_of_tpr_and_tnr():
    """000 §2.1 watermelons (TP 2, FN 1, FP 2, TN 1): BA = (TPR + TNR) / 2, and the
    adjusted score is Youden's J = TPR + TNR - 1 (ROC rates, Zhou §2.3.3 eq. 2.18)."""
    rates = ep.binary_rates(MELON_TRUE, MELON_PRED)
    assert (rates["tpr"], rates["tnr"]) == (2 / 3, 1 / 3)
    assert_allclose(ep.balanced_accuracy_score(MELON_TRUE, MELON_PRED), 0.5)
    assert_allclose(ep.balanced_accuracy_score(MELON_TRUE, MELON_PRED, adjusted=True), 0.0,
                    atol=1e-15)  # fmt: skip
    y_true, y_pred = [1, 1, 1, 0, 0], [1, 1, 0, 0, 0]  # TPR 2/3, TNR 1
    assert_allclose(ep.balanced_accuracy_score(y_true, y_pred, adjusted=True), 2 / 3)


def test_balanced_accuracy_warns_for_a_class_only_predicted():
    # class 2 is never true: left out of the mean (as scikit-learn), with a warning
    # that names it; its predictions still count as misses of class 1
    with pytest.warns(UndefinedMetricWarning, match=r"class\(es\) \[2\]"):
        score = ep.balanced_accuracy_score([0, 0, 1, 1], [0, 0, 1, 2])
    assert score == (1 + 0.5) / 2
    # a class of y_true whose samples all weigh 0 is left out the same way
    with pytest.warns(UndefinedMetricWarning, match=r"\['b'\]"):
        score = ep.balanced_accuracy_score(["a", "b", "c"], ["a", "b", "a"],
                                           sample_weight=[1, 0, 1])  # fmt: skip
    assert score == 0.5


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"target_names": ["a", "b"]}, "target_names has 2 names but there are 3 classes"),
        ({"labels": [0, 1], "target_names": ["a"]}, "target_names has 1 names"),
        ({"digits": -1}, "digits must be an integer >= 0"),
        ({"digits": 2.5}, "digits must be an integer >= 0"),
        ({"digits": True}, "digits must be an integer >= 0"),
        ({"output": "html"}, "output must be 'text', 'dict', 'rows' or None"),
        ({"output_dict": "yes"}, "output_dict must be True or False"),
        ({"output_dict": True, "output": "rows"}, "output_dict=True asks for a dict"),
        ({"zero_division": 2}, "zero_division must be"),
        ({"labels": [0, 0, 1]}, "labels contains duplicate values"),
        ({"labels": [7, 8]}, "None of labels"),
        ({"labels": ["a", "b"]}, "labels holds strs but y_true holds numbers"),
        ({"sample_weight": [1, 1]}, "sample_weight has 2 entries"),
        ({"sample_weight": [1, -1, 1, 1, 1, 1, 1, 1, 1]}, "sample_weight contains negative"),
        ({"target_names": ["a", "a", "b"], "output": "dict"}, r"Row names \['a'\] repeat"),
        ({"target_names": ["a", "accuracy", "b"], "output_dict": True},
         r"Row names \['accuracy'\] repeat, or clash"),
    ],
)
def test_classification_report_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        ep.classification_report(MC_TRUE, MC_PRED, **{"zero_division": 0, **kwargs})


@pytest.mark.parametrize(
    "y_true, y_pred, kwargs, match",
    [
        ([0, 1], [0.2, 0.9], {}, "y_pred holds non-integer values such as 0.2"),
        ([0, 1], [0, 1, 1], {}, "Inconsistent numbers of samples"),
        ([], [], {}, "y_true is empty"),
        ([[0, 1]], [[0, 1]], {}, "y_true must be 1-D"),
        ([0, "a"], [0, 0], {}, "Labels of different types: y_true holds strs"),
        ([0, 1], [0, 1], {"sample_weight": [0, 0]}, "sample_weight sums to 0"),
        ([0, 1], [0, 1], {"sample_weight": [1, np.nan]}, "sample_weight contains 1 non-finite"),
        ([0, 1], [0, 1], {"adjusted": "yes"}, "adjusted must be True or False"),
    ],
)
def test_balanced_accuracy_bad_input(y_true, y_pred, kwargs, match):
    with pytest.raises(ValueError, match=match):
        ep.balanced_accuracy_score(y_true, y_pred, **kwargs)


# ------------------------------------------------------- deliberate differences


def test_difference_target_names_must_match_labels():
    # With labels given, scikit-learn only warns about a length mismatch and then
    # zips names to rows, silently dropping rows; evalplots refuses.
    with pytest.warns(UserWarning, match="labels size, 3, does not match"):
        text = skm.classification_report(MC_TRUE, MC_PRED, labels=[0, 1, 2],
                                         target_names=["a", "b"], zero_division=0)  # fmt: skip
    assert "   a " in text and "   2 " not in text  # class 2's row is gone
    with pytest.raises(ValueError, match="target_names has 2 names but there are 3"):
        ep.classification_report(MC_TRUE, MC_PRED, labels=[0, 1, 2],
                                 target_names=["a", "b"], zero_division=0)  # fmt: skip


def test_difference_dict_always_has_micro_avg():
    # scikit-learn's dict has "accuracy" or "micro avg"; evalplots' always has the
    # micro average (after "accuracy" when both apply), so it can be read without
    # knowing whether labels covered every class. The text output is unchanged.
    theirs = skm.classification_report(MC_TRUE, MC_PRED, output_dict=True, zero_division=0)
    ours = ep.classification_report(MC_TRUE, MC_PRED, output_dict=True, zero_division=0)
    assert "micro avg" not in theirs
    assert list(ours) == ["0", "1", "2", *_SUMMARY]
    assert ours["micro avg"] == {"precision": 4 / 9, "recall": 4 / 9, "f1-score": 4 / 9,
                                 "support": 9.0}  # fmt: skip


def test_difference_dict_refuses_names_that_would_collide():
    # scikit-learn's dict silently keeps only the last of two rows of one name
    theirs = skm.classification_report(["a", "b"], ["a", "b"], target_names=["x", "x"],
                                       output_dict=True)  # fmt: skip
    assert list(theirs) == ["x", "accuracy", "macro avg", "weighted avg"]
    with pytest.raises(ValueError, match="would lose rows"):
        ep.classification_report(["a", "b"], ["a", "b"], target_names=["x", "x"],
                                 output_dict=True)  # fmt: skip
    # the text and the rows keep both rows, as scikit-learn's text does
    rows = ep.classification_report(["a", "b"], ["a", "b"], target_names=["x", "x"],
                                    output="rows")  # fmt: skip
    assert [r[0] for r in rows[:2]] == ["x", "x"]


def test_difference_labels_none_of_which_occur():
    # scikit-learn reports all-zero rows (with warnings); evalplots, as its
    # precision_recall_fscore_support, asks for label values that occur in the data.
    text = _sk_quiet(skm.classification_report, [0, 1], [0, 1], labels=[5, 6])
    assert "0.00" in text
    with pytest.raises(ValueError, match="None of labels"):
        ep.classification_report([0, 1], [0, 1], labels=[5, 6])


def test_difference_adjusted_single_class():
    # One class in y_true: chance is 1/K = 1 and the adjusted score divides by 0.
    # scikit-learn returns -inf (or NaN when BA = 1) with a numpy RuntimeWarning;
    # evalplots returns NaN with an UndefinedMetricWarning in both cases.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert skm.balanced_accuracy_score([0, 0, 0], [0, 1, 1], adjusted=True) == -np.inf
    with pytest.warns(UndefinedMetricWarning) as record:
        assert math.isnan(ep.balanced_accuracy_score([0, 0, 0], [0, 1, 1], adjusted=True))
    assert any("single class" in str(w.message) for w in record)
    with pytest.warns(UndefinedMetricWarning, match="single class"):
        assert math.isnan(ep.balanced_accuracy_score([0, 0], [0, 0], adjusted=True))
    # not adjusted, one class is just that class's recall (class 1 only predicted)
    with pytest.warns(UndefinedMetricWarning, match="never occur"):
        assert ep.balanced_accuracy_score([0, 0, 0, 0], [0, 0, 0, 1]) == 0.75


def test_difference_balanced_accuracy_warning_category():
    # scikit-learn warns with a plain UserWarning; evalplots' UndefinedMetricWarning is
    # a UserWarning subclass, so code filtering UserWarning sees it too.
    with pytest.warns(UserWarning, match="not in y_true"):
        skm.balanced_accuracy_score([0, 0, 1], [0, 2, 1])
    with pytest.warns(UserWarning, match="never occur in y_true"):
        ep.balanced_accuracy_score([0, 0, 1], [0, 2, 1])


def test_difference_int_supports():
    # Unweighted supports are counts. scikit-learn prints them as floats ("1.0")
    # when no sample at all is predicted right (its no-true-positive branch starts
    # from float zeros); evalplots prints integers whatever the predictions.
    theirs = _sk_quiet(skm.classification_report, [0, 1], [1, 0])
    assert "       1.0\n" in theirs
    ours = ep.classification_report([0, 1], [1, 0])  # 0/1 everywhere: no 0/0
    assert ours == _int_supports(theirs)
    assert "         1\n" in ours


# ------------------------------------------- multi-class AUC on the faster paths


@pytest.mark.parametrize("k", [3, 7])
def test_multiclass_auc_large_n_with_ties(k):
    # ovo sorts each class's rows once (no per-pair mask); ovr/ovo checks read class
    # counts. Scores rounded to 2 decimals: ties within and across classes.
    rng = np.random.default_rng(k)
    n = 30_000
    y = rng.integers(0, k, n)
    raw = np.round(rng.random((n, k)) + 0.3 * (np.arange(k) == y[:, None]), 2) + 0.01
    proba = raw / raw.sum(axis=1, keepdims=True)
    names = np.array([f"c{i}" for i in range(k)])
    w = rng.integers(0, 4, n).astype(float)
    for average in ("macro", "weighted"):
        assert_allclose(
            ep.roc_auc_score(names[y], proba, multi_class="ovo", average=average),
            skm.roc_auc_score(names[y], proba, multi_class="ovo", average=average),
            rtol=1e-12,
        )
    for average in ("macro", "weighted", "micro", None):
        for weight in (None, w):
            assert_allclose(
                ep.roc_auc_score(y, proba, multi_class="ovr", average=average,
                                 sample_weight=weight),
                skm.roc_auc_score(y, proba, multi_class="ovr", average=average,
                                  sample_weight=weight),
                rtol=1e-12,
            )  # fmt: skip
