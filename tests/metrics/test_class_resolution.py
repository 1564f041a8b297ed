"""The one class-resolution call (metrics._labels.binary_classes) and its messages,
in Python and on the command line (spelled there from the error's fields)."""

import re

import numpy as np
import pytest

from evalplots import cli
from evalplots.evaluation import AmbiguousTaskError, detect_task, evaluate
from evalplots.metrics._labels import ChoiceError, binary_classes, resolve_pos_label


def test_binary_classes_resolves_the_classes_and_the_positive_one():
    classes, pos, neg = binary_classes(np.array([1, 0, 1]))
    assert (classes.tolist(), pos, neg) == ([0, 1], 1, 0)
    got = binary_classes(np.array(["spam", "ham"]), "ham")
    assert got.classes.tolist() == ["ham", "spam"]
    assert (got.pos_label, got.neg_label) == ("ham", "spam")
    assert isinstance(binary_classes(np.array([0, 1]), 1.0).pos_label, int)


@pytest.mark.parametrize(
    ("y", "pos_label", "message", "argument", "choices"),
    [
        (["a", "b", "c"], None, "a binary evaluation needs two classes, but y_true holds "
         "3 {'a', 'b', 'c'}; pass task='multiclass'.", "task", ("multiclass",)),
        ([0, 1, 2], None, "a binary evaluation needs two classes, but y_true holds 3 "
         "{0, 1, 2}; pass task='multiclass' or task='regression'.", "task",
         ("multiclass", "regression")),
        (["B", "M"], None, "y_true takes values {'B', 'M'}, so the positive class is "
         "ambiguous; pass pos_label='B' or pos_label='M'.", "pos_label", ("B", "M")),
        ([0, 1], 3, "pos_label=3 is not a value of y_true, which takes {0, 1}; pass "
         "pos_label=0 or pos_label=1.", "pos_label", (0, 1)),
    ],
    ids=["three-text-classes", "three-numbers", "ambiguous", "not-a-class"],
)
def test_choice_errors_carry_the_argument_and_its_values(y, pos_label, message, argument,
                                                         choices):
    with pytest.raises(ChoiceError) as info:
        binary_classes(np.array(y), pos_label)
    assert str(info.value) == message
    assert (info.value.argument, info.value.choices) == (argument, choices)


def test_a_single_class_is_a_value_error_without_a_choice():
    with pytest.raises(ValueError, match=r"^y_true holds a single class \{1\}, but a "
                                         r"binary evaluation needs exactly two") as info:
        binary_classes(np.array([1, 1]))
    assert not isinstance(info.value, ChoiceError)


def test_the_evaluation_raises_the_messages_of_the_one_call():
    for y, pos_label in ((["a", "b", "c"], None), (["B", "M"], None), ([0, 1], 3),
                         ([1, 1], None)):
        with pytest.raises(ValueError) as expected:
            binary_classes(np.array(y), pos_label)
        with pytest.raises(type(expected.value), match=f"^{re.escape(str(expected.value))}$"):
            evaluate(y, {"m": np.linspace(0.1, 0.9, len(y))}, task="binary",
                     pos_label=pos_label)


def test_resolve_pos_label_spells_the_fix_per_front_end():
    with pytest.raises(ChoiceError) as info:
        resolve_pos_label(np.array(["ham", "spam"]), name="the label column")
    assert info.value.message(cli._option) == (
        "the label column takes values {'ham', 'spam'}, so the positive class is "
        "ambiguous; pass --pos-label ham or --pos-label spam.")


def test_ambiguous_task_is_a_choice_error_of_task():
    with pytest.raises(AmbiguousTaskError) as info:
        detect_task([1, 2, 3], {"m": [1, 2, 2]})
    assert (info.value.argument, info.value.choices) == ("task", ("multiclass", "regression"))
    assert str(info.value).endswith("; pass task='multiclass' or task='regression'.")
    with pytest.raises(ChoiceError) as info:
        detect_task([0, 1, 2], {"m": [0.2, 0.3, 0.4]})
    assert (info.value.argument, info.value.choices) == ("task", ("regression",))
    assert str(info.value).endswith("; if the target is a quantity, pass task='regression'.")


def _run(tmp_path, capsys, text, *options):
    path = tmp_path / "in.csv"
    path.write_text(text)
    status = cli.main(["report", str(path), "-o", str(tmp_path / "out.pdf"), "--no-ci",
                       *options])
    return status, capsys.readouterr().err.strip()


@pytest.mark.parametrize(
    ("text", "options", "expected"),
    [
        ("y_true,m\nB,0.2\nM,0.3\n", [], "the label column takes values {'B', 'M'}, so "
         "the positive class is ambiguous; pass --pos-label B or --pos-label M."),
        ("y_true,m\n0,0.2\n1,0.3\n", ["--pos-label", "7"], "--pos-label 7 is not a value "
         "of the label column, which takes {0, 1}; pass --pos-label 0 or --pos-label 1."),
        ("y_true,m\na b,0.2\nc,0.3\n", ["--pos-label", "x y"], "--pos-label 'x y' is not "
         "a value of the label column, which takes {'a b', 'c'}; pass --pos-label 'a b' "
         "or --pos-label c."),
        ("y_true,m\na,0.2\nb,0.7\nc,0.4\n", ["--task", "binary"], "a binary report needs "
         "two classes, but the label column holds 3 {'a', 'b', 'c'}; pass --task "
         "multiclass."),
        ("y_true,m\n1,0.2\n1,0.3\n", [], "the label column holds a single class {1}, but "
         "a binary report needs exactly two (both positive and negative samples)."),
        ("y_true,m\n1,2\n2,3\n3,3\n1,1\n", [], "y_true holds 3 whole-number values and the "
         "predictions are whole numbers too: this reads as multi-class labels and as "
         "regression; pass --task multiclass or --task regression."),
        ("y_true,m\n0,0.2\n1,0.3\n2,0.4\n", [], "if the target is a quantity, pass --task "
         "regression."),
    ],
    ids=["ambiguous", "not-a-class", "quoted", "three-classes", "one-class",
         "ambiguous-task", "no-task"],
)
def test_cli_spells_the_choices_as_options(tmp_path, capsys, text, options, expected):
    status, err = _run(tmp_path, capsys, text, *options)
    assert status == 2
    assert err.startswith("evalplots: error: ") and err.endswith(expected)
    assert "pos_label=" not in err and "task=" not in err
