"""The one owner of label rules: evalplots.metrics._labels."""

import numpy as np
import pytest

from evalplots.metrics._labels import (
    class_values,
    default_pos_label,
    label_name_map,
    match_label_text,
    resolve_pos_label,
)
from evalplots.report import evaluation_report


@pytest.mark.parametrize(
    ("classes", "expected"),
    [
        (np.array([0, 1]), 1),
        (np.array([-1, 1]), 1),
        (np.array([0.0, 1.0]), 1),
        (np.array([1]), 1),
        (np.array([False, True]), True),
        (np.array([0, 2]), None),
        (np.array([-1, 0]), None),
        (np.array(["0", "1"]), None),  # text, not numbers: no implicit class
        (np.array(["ham", "spam"]), None),
    ],
)
def test_default_pos_label(classes, expected):
    assert default_pos_label(classes) == expected


def test_resolve_pos_label_types_and_errors():
    assert resolve_pos_label(np.array(["ham", "spam"]), "spam") == "spam"
    assert isinstance(resolve_pos_label(np.array([0, 1]), 1.0), int)  # typed as the class
    with pytest.raises(ValueError, match=r"\{'ham', 'spam'\}, so the positive class is "
                                         r"ambiguous; pass pos_label='ham' or "
                                         r"pos_label='spam'\.$"):
        resolve_pos_label(np.array(["ham", "spam"]))
    with pytest.raises(ValueError, match=r"pos_label=3 is not a value of y_true, which "
                                         r"takes \{0, 1\}; pass pos_label=0 or pos_label=1"):
        resolve_pos_label(np.array([0, 1]), 3)


@pytest.mark.parametrize(
    ("text", "classes", "expected"),
    [
        ("1", np.array([0, 1]), 1),
        ("1.0", np.array([0, 1]), 1),
        ("-1", np.array([-1, 1]), -1),
        ("true", np.array([False, True]), True),
        ("False", np.array([False, True]), False),
        ("spam", np.array(["ham", "spam"]), "spam"),
    ],
)
def test_match_label_text(text, classes, expected):
    got = match_label_text(text, classes)
    assert got == expected and type(got) is type(expected)


def test_match_label_text_refuses_unknown():
    with pytest.raises(ValueError, match=r"pos_label='7' is not a value of y_true, which "
                                         r"takes \{0, 1\}"):
        match_label_text("7", np.array([0, 1]))
    with pytest.raises(ValueError, match="is not a value of"):
        match_label_text("1", np.array([False, True]))  # a bool is not the number 1 here


def test_label_name_map():
    classes = np.array([0, 1])
    assert label_name_map(None, classes) == {0: "0", 1: "1"}
    assert label_name_map({1: "malignant"}, classes) == {0: "0", 1: "malignant"}
    assert label_name_map(["benign", "malignant"], classes) == {0: "benign", 1: "malignant"}
    with pytest.raises(ValueError, match="sequence of 2 names"):
        label_name_map(["only one"], classes)


def test_duplicate_label_names_are_named_not_misreported():
    """label_names={0: 'x', 1: 'x'} used to fail with 'y_true holds only one class'."""
    with pytest.raises(ValueError, match="several classes the same name 'x'"):
        label_name_map({0: "x", 1: "x"}, np.array([0, 1]))
    with pytest.raises(ValueError, match="several classes the same name 'x'"):
        evaluation_report([0, 1, 0, 1], {"m": [0.1, 0.9, 0.2, 0.8]}, label_names={0: "x", 1: "x"})


@pytest.mark.parametrize("labels", [[-0.0, 0.0, 1.0], [0.0, -0.0, 1.0], [1.0, -0.0, 2.0, 0.0],
                                    [-0.0, -0.0]])
def test_minus_zero_and_zero_are_the_class_0_whichever_comes_first(labels):
    classes = class_values(np.array(labels))
    assert classes.tolist() == sorted(set(labels)) and not np.signbit(classes).any()
