"""read_predictions: strict cells, layouts, id-like columns, selection, Parquet."""

import numpy as np
import pandas as pd
import pytest

from evalplots.datasets import read_predictions, read_predictions_csv


def write(tmp_path, text, name="p.csv"):
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def read(tmp_path, text, **kwargs):
    return read_predictions(write(tmp_path, text), **kwargs)


def _rank_auc(y, s):
    """ROC AUC as the Mann-Whitney statistic (ties count 1/2), independent code."""
    pos, neg = s[y == 1], s[y == 0]
    greater = (pos[:, None] > neg[None, :]).sum()
    ties = (pos[:, None] == neg[None, :]).sum()
    return (greater + 0.5 * ties) / (pos.size * neg.size)


# -- 1. every refusal: one message, naming the line --------------------------------

@pytest.mark.parametrize(
    "text, message",
    [
        ("y_true,m\n1,0.2\n0,\n",
         "score column 'm' is empty on line 3; every score must be a number"),
        ("y_true,m\n1,0.2\n0,NaN\n",
         "score column 'm' has a non-finite value 'NaN' on line 3; remove or impute"),
        ("y_true,m\n1,-Infinity\n0,0.3\n",
         "score column 'm' has a non-finite value '-Infinity' on line 2"),
        ("y_true,m\n1,1e400\n0,0.3\n",
         "score column 'm' has a non-finite value '1e400' on line 2"),
        ("y_true,m\n1,0.2\n0,NA\n",
         "score column 'm' has a non-numeric value 'NA' on line 3"),
        ("y_true,m\n1,0.9\n0,1_0\n",
         "score column 'm' has a non-numeric value '1_0' on line 3"),
        ("y_true,m\n1,0.9\n0,\u0661\u0662\n",
         "score column 'm' has a non-numeric value '\u0661\u0662' on line 3"),
        ("y_true,m\n1,0.9\n0,\uff11\n",
         "score column 'm' has a non-numeric value '\uff11' on line 3"),
        ("y_true,m\n1,0x1p3\n0,0.3\n",
         "score column 'm' has a non-numeric value '0x1p3' on line 2"),
        ("y_true,m\n1,0.5\n0,\"0,12\"\n",
         "score column 'm' has '0,12' on line 3, a number with a decimal comma; "
         "evalplots reads '.' as the decimal point"),
        ("y_true,m\n1,\"0,97\"\n0,\"0,12\"\n",
         "score column 'm' has '0,97' on line 2, a number with a decimal comma"),
        ("y_true,m\n1,0,97\n",
         "line 2 has 3 cells but the header has 2; make every row as long as the "
         "header (numbers with a decimal comma, such as 0,97? write them with a '.' "
         "decimal point)."),
        ("y_true,m\n1,0.2\n0\n", "line 3 has 1 cells but the header has 2"),
        ("y_true,m\n1,0.2,7\n0,0.1\n", "line 2 has 3 cells but the header has 2"),
        ("y_true,m\n1,0.2\n0,0.1,7\n", "line 3 has 3 cells but the header has 2"),
        ("y_true,m\n1,0.2\n\n  \n0,\n", "score column 'm' is empty on line 5"),
        ('y_true,"two\nlines"\n1,0.2\n0,x\n',
         "score column 'two\\nlines' has a non-numeric value 'x' on line 4"),
        ("y_true,m\n1,0.2\n,0.3\n",
         "label column 'y_true' is empty on line 3; give every row a label."),
        ("y_true,m\n1,0.2\nnan,0.3\n",
         "label column 'y_true' is missing on line 3 ('nan'); give every row a label."),
        ("y_true,m\nb,0.2\nNaN,0.3\n", "label column 'y_true' is missing on line 3"),
        ("y_true,m\n1,0.2\ninf,0.3\n",
         "label column 'y_true' has a non-finite value 'inf' on line 3"),
        ("y_true;m\n1;0.9\n0;0.1\n",
         "the header has one column 'y_true;m'; the file looks ';'-separated, but "
         "evalplots reads comma-separated CSV: convert it (e.g. save it again as CSV "
         "with ',' between cells)."),
        ("y_true;m\n1;0,9\n0;0,1\n",
         "with ',' between cells and '.' as the decimal point)."),
        ("y_true\tm\n1\t0.9\n", "looks tab-separated"),
        (",y_true,m\n0,1,0.2\n",
         "column 1 of the header is empty (an unnamed first column is often the index "
         "written by pandas' to_csv: save with index=False)"),
        ("y_true,m\n1,0.2\n", None),  # sanity: the good file reads
    ],
)
def test_refusals_name_the_line(tmp_path, text, message):
    if message is None:
        assert read(tmp_path, text).predictions["m"].tolist() == [0.2]
        return
    with pytest.raises(ValueError) as info:
        read(tmp_path, text)
    assert message in str(info.value)


def test_non_utf8_file_asks_to_resave(tmp_path):
    path = write(tmp_path, "y_true,m\n1,0.5\n0,caf\xe9\n".encode("latin-1"))
    with pytest.raises(ValueError) as info:
        read_predictions(path)
    assert not isinstance(info.value, UnicodeDecodeError)
    assert str(info.value) == (
        f"{str(path)!r} is not UTF-8 text (byte 0xe9 on line 3 is not valid UTF-8); "
        f"re-save it as UTF-8 (e.g. 'CSV UTF-8' in a spreadsheet's Save As).")


def test_utf8_byte_order_mark_is_accepted(tmp_path):
    data = read(tmp_path, b"\xef\xbb\xbfy_true,m\n1,0.5\n0,0.25\n")
    np.testing.assert_array_equal(data.y_true, [1, 0])


@pytest.mark.parametrize("text", ["y_true\u200b,m\u2060\n1,0.5\n0,0.25\n",
                                  "id,\ufeffy_true,\u200em \xa0\n1,1,0.5\n2,0,0.25\n"])
def test_format_characters_at_the_ends_of_a_header_name_are_stripped(tmp_path, text):
    # invisible: a zero-width space, a word joiner, a byte order mark inside the
    # file (from concatenated exports), a left-to-right mark; as spaces and NBSP are
    data = read(tmp_path, text.encode())
    np.testing.assert_array_equal(data.y_true, [1, 0])
    assert list(data.predictions) == ["m"]


def test_a_format_character_inside_a_name_is_shown_escaped(tmp_path):
    with pytest.raises(ValueError) as info:
        read(tmp_path, "y\u200b_true,m\n1,0.5\n0,0.25\n".encode())
    assert str(info.value).startswith(
        "no label column 'y_true'; the columns are y\\u200b_true, m (")


def test_parquet_bytes_under_a_csv_name(tmp_path):
    path = tmp_path / "p.csv"
    pd.DataFrame({"y_true": [0, 1], "m": [0.1, 0.9]}).to_parquet(path)
    with pytest.raises(ValueError, match="is a Parquet file, not CSV text; give it a "
                                         r"\.parquet suffix"):
        read_predictions(path)


def test_typo_deep_in_a_large_file_names_its_line(tmp_path):
    """pandas reads large files in chunks and may type a column per chunk (ints,
    then text); the typo is still found and located."""
    body = "".join(f"{i % 2},{(i % 997) / 1000}\n" for i in range(300_000))
    path = write(tmp_path, "y_true,m\n" + body + "1,oops\n0,0.5\n")
    with pytest.raises(ValueError, match="non-numeric value 'oops' on line 300002;"):
        read_predictions(path)


def test_blank_lines_are_skipped_not_rows(tmp_path):
    data = read(tmp_path, "y_true,m\n\n1,0.5\n   \n0,0.25\n\n")
    np.testing.assert_array_equal(data.y_true, [1, 0])
    np.testing.assert_array_equal(data.predictions["m"], [0.5, 0.25])


def test_na_like_text_is_never_silently_missing(tmp_path):
    """pandas' default NA strings ('NA', 'null', 'None', 'N/A') are text here."""
    data = read(tmp_path, "y_true,m,note\nNA,0.5,null\nB,0.2,None\n")
    np.testing.assert_array_equal(data.y_true, ["NA", "B"])
    assert data.ignored_columns == ("note",)


# -- 2. labels ------------------------------------------------------------------------

def test_true_false_labels_are_bool(tmp_path):
    data = read(tmp_path, "y_true,m,pred\nTrue,0.9,true\nFalse,0.2,FALSE\n"
                          "TRUE,0.4,False\n")
    assert data.y_true.dtype == bool
    np.testing.assert_array_equal(data.y_true, [True, False, True])
    np.testing.assert_array_equal(data.classes, [False, True])
    assert data.predictions["m"].dtype == np.float64
    assert data.predictions["pred"].dtype == bool  # predicted labels, typed alike
    np.testing.assert_array_equal(data.predictions["pred"], [True, False, False])


def test_label_typing(tmp_path):
    assert read(tmp_path, "y_true,m\n1.0,0.5\n0.0,0.2\n").y_true.dtype == np.int64
    floats = read(tmp_path, "y_true,m\n1.5,0.5\n-0.25,0.2\n")
    assert floats.y_true.dtype == np.float64 and floats.classes is None
    text = read(tmp_path, "y_true,m\n M ,0.5\nB,0.2\n")
    np.testing.assert_array_equal(text.y_true, ["M", "B"])  # stripped
    np.testing.assert_array_equal(text.classes, ["B", "M"])


# -- 3. layouts -----------------------------------------------------------------------

IRIS_LIKE = (
    "species,forest:setosa,forest:versicolor,forest:virginica,knn,note\n"
    "setosa,0.8,0.15,0.05,setosa,a\n"
    "versicolor,0.1,0.6,0.3,virginica,b\n"
    "virginica,0.0,0.25,0.75,virginica,c\n"
    "setosa,0.7,0.2,0.1,setosa,d\n"
)


def test_multiclass_layout_with_string_classes(tmp_path):
    data = read(tmp_path, IRIS_LIKE, target="species")
    np.testing.assert_array_equal(data.classes, ["setosa", "versicolor", "virginica"])
    assert list(data.predictions) == ["forest", "knn"]
    forest = data.predictions["forest"]
    assert forest.shape == (4, 3) and forest.dtype == np.float64
    np.testing.assert_array_equal(forest[1], [0.1, 0.6, 0.3])
    knn = data.predictions["knn"]
    assert knn.dtype.kind == "U"
    np.testing.assert_array_equal(knn, ["setosa", "virginica", "virginica", "setosa"])
    assert data.ignored_columns == ("note",)
    assert data.notes == ("ignoring non-numeric column(s) 'note'.",)
    assert data.task is None


def test_multiclass_columns_follow_sorted_classes_not_file_order(tmp_path):
    data = read(tmp_path, "y,m:2,m:0,m:1.0\n0,0.2,0.5,0.3\n1,0.1,0.1,0.8\n2,0.6,0.3,0.1\n",
                target="y")
    np.testing.assert_array_equal(data.classes, [0, 1, 2])
    np.testing.assert_array_equal(data.predictions["m"][0], [0.5, 0.3, 0.2])


def test_class_values_may_contain_colons(tmp_path):
    data = read(tmp_path, "y,v2:m:a:b,v2:m:c\na:b,0.9,0.1\nc,0.3,0.7\n", target="y")
    assert list(data.predictions) == ["v2:m"]
    np.testing.assert_array_equal(data.predictions["v2:m"], [[0.9, 0.1], [0.3, 0.7]])


@pytest.mark.parametrize(
    "header, message",
    [
        ("y,f:a,f:b,g", "model 'f' has no column 'f:c'; a model with <model>:<class> "
                        "columns needs one per class of 'y' (a, b, c)."),
        ("y,f:a,f:b,f:d", "model 'f' has no column 'f:c' ('f:d' names no class)"),
        ("y,f,f:a,f:b,f:c", "model 'f' has both the column 'f' and <model>:<class> "
                            "columns ('f:a', 'f:b', 'f:c'); rename one of them."),
        ("y,f:a,f:b,f:c,f: a", "columns 'f:a' and 'f: a' both hold class 'a' of "
                               "model 'f'; keep one."),
        ("y,m,run:7", "column 'run:7' is not a <model>:<class> column: '7' is not a "
                      "value of 'y' (a, b, c); fix the class or rename the column "
                      "without ':'."),
        ("y,:a,:b,:c", "column ':a' has no model name before ':'"),
    ],
)
def test_multiclass_column_errors(tmp_path, header, message):
    rows = "".join(f"{c}," + ",".join(["0.5"] * (header.count(",") - 1)) + ",1\n"
                   for c in "abc")
    with pytest.raises(ValueError) as info:
        read(tmp_path, header + "\n" + rows, target="y")
    assert message in str(info.value)


def test_colon_means_nothing_for_a_float_target(tmp_path):
    data = read(tmp_path, "y_true,ridge:v2\n1.5,1.4\n2.25,2.0\n")
    assert list(data.predictions) == ["ridge:v2"] and data.classes is None


def test_predicted_label_columns(tmp_path):
    data = read(tmp_path, "y,scores,labels,counts\n0,0.1,0,5\n1,0.8,2,3\n2,0.4,2,3\n"
                          "1,0.3,1,5\n", target="y")
    assert data.predictions["labels"].dtype == np.int64  # values of y: labels
    np.testing.assert_array_equal(data.predictions["labels"], [0, 2, 2, 1])
    assert data.predictions["counts"].dtype == np.float64  # 5 is no class: a score
    assert data.predictions["scores"].dtype == np.float64


def test_text_labels_with_a_typo_are_refused(tmp_path):
    with pytest.raises(ValueError, match=r"column 'knn' looks like predicted labels "
                                         r"\(most cells are values of 'species'\) but "
                                         r"line 4 holds 'virginca', which is not one of "
                                         r"them \(setosa, versicolor, virginica\)"):
        read(tmp_path, IRIS_LIKE.replace("c\nsetosa,0.7", "c\nsetosa,0.7")
             .replace("0.75,virginica", "0.75,virginca"), target="species")


def test_regression_layout(tmp_path):
    data = read(tmp_path, "y_true,ridge,forest\n151.5,140.25,160\n75.0,80.5,70\n"
                          "141.2,150,139.5\n")
    assert data.y_true.dtype == np.float64 and data.classes is None
    np.testing.assert_array_equal(data.predictions["forest"], [160.0, 70.0, 139.5])
    assert data.predictions["forest"].dtype == np.float64


# -- 4. identifier-like columns -------------------------------------------------------

def test_an_id_column_is_not_a_model(tmp_path):
    """As a new user tried: with an `id` column 1..6, the report used to show a
    model "id" with ROC AUC 1/3."""
    text = "id,y_true,model\n1,1,0.9\n2,1,0.8\n3,0,0.3\n4,0,0.4\n5,0,0.6\n6,1,0.7\n"
    data = read(tmp_path, text)
    assert list(data.predictions) == ["model"]
    assert data.id_columns == ("id",)
    assert data.notes == ("excluding column 'id' (its name marks a row identifier); "
                          "name it in models= to read it as a model.",)
    forced = read(tmp_path, text, models=["id", "model"])
    assert list(forced.predictions) == ["id", "model"] and forced.notes == ()
    assert _rank_auc(forced.y_true, forced.predictions["id"]) == pytest.approx(1 / 3)


@pytest.mark.parametrize("name", ["ID", "Index", "row", "Sample ID", "row-number",
                                  "patient_id", "uuid", "idx"])
def test_id_names(tmp_path, name):
    data = read(tmp_path, f"y_true,{name},m\n1,17,0.9\n0,17,0.2\n1,40,0.6\n")
    assert data.id_columns == (name,) and list(data.predictions) == ["m"]


def test_consecutive_integers_are_a_row_number(tmp_path):
    data = read(tmp_path, "y_true,k,m,votes\n1,3,0.9,2\n0,1,0.2,0\n1,2,0.6,2\n0,4,0.1,1\n")
    assert data.id_columns == ("k",)
    assert data.notes == ("excluding column 'k' (it holds each integer from 1 to 4 once, "
                          "like a row number); name it in models= to read it as a model.",)
    assert list(data.predictions) == ["m", "votes"]  # repeated integers: a model


def test_text_id_column_is_ignored_as_before(tmp_path):
    data = read(tmp_path, "id,y_true,m\ns1,1,0.9\ns2,0,0.2\n")
    assert data.id_columns == () and data.ignored_columns == ("id",)
    assert data.notes == ("ignoring non-numeric column(s) 'id'.",)


def test_only_id_columns_left(tmp_path):
    with pytest.raises(ValueError, match=r"no numeric score column besides 'y_true' "
                                         r"\('row' looked like row identifiers: name "
                                         r"them in models= to read them\)"):
        read(tmp_path, "row,y_true\n0,1\n1,0\n2,1\n")


# -- 5. models= and exclude= ----------------------------------------------------------

SELECT = "y,a,b:0,b:1,c,note\n0,0.1,0.9,0.1,0.3,x\n1,0.8,0.2,0.8,0.6,y\n"


def test_models_selects_and_orders(tmp_path):
    data = read(tmp_path, SELECT, target="y", models=["c", "b"])
    assert list(data.predictions) == ["c", "b"]
    assert data.predictions["b"].shape == (2, 2)


def test_exclude_skips_without_checking(tmp_path):
    text = SELECT.replace("0.8,0.6,y", "0.8,oops,y")
    with pytest.raises(ValueError, match="'c' has a non-numeric value 'oops'"):
        read(tmp_path, text, target="y")
    data = read(tmp_path, text, target="y", exclude=["c"])
    assert list(data.predictions) == ["a", "b"]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"models": ["a", "zz"]}, "models= names 'zz', which is not a model here; the models are: "
                                  "'a', 'b', 'c', 'note'."),
        ({"exclude": ["b:0"]}, "exclude= names 'b:0', which is not a model here"),
        ({"models": ["a"], "exclude": ["a"]}, "'a' is both in models= and exclude="),
        ({"exclude": ["a", "b", "c", "note"]},
         "no model left: models= keeps every model and exclude= drops 'a', 'b', 'c', "
         "'note'; keep at least one."),
        ({"models": []}, "no model left: models= keeps no model and exclude= drops "
                         "nothing;"),
        ({"models": ["note"]}, "column 'note' holds no numbers (nor predicted labels), "
                               "so it cannot be a model"),
        ({"models": [1]}, "models= must be a list of model names (str)"),
    ],
)
def test_selection_errors(tmp_path, kwargs, message):
    with pytest.raises(ValueError) as info:
        read(tmp_path, SELECT, target="y", **kwargs)
    assert message in str(info.value)


def test_a_single_name_is_accepted(tmp_path):
    assert list(read(tmp_path, SELECT, target="y", models="a").predictions) == ["a"]


# -- 6. Parquet -----------------------------------------------------------------------

def test_parquet_round_trip_matches_csv(tmp_path):
    csv_data = read(tmp_path, IRIS_LIKE, target="species")
    frame = pd.read_csv(tmp_path / "p.csv")
    frame.to_parquet(tmp_path / "p.parquet", index=False)
    pq_data = read_predictions(tmp_path / "p.parquet", target="species")
    np.testing.assert_array_equal(pq_data.y_true, csv_data.y_true)
    np.testing.assert_array_equal(pq_data.classes, csv_data.classes)
    assert list(pq_data.predictions) == list(csv_data.predictions)
    for name, values in csv_data.predictions.items():
        np.testing.assert_array_equal(pq_data.predictions[name], values)
    assert pq_data.notes == csv_data.notes


def test_parquet_typed_columns(tmp_path):
    path = tmp_path / "p.PQ"
    pd.DataFrame({"y_true": [True, False, True], "m": [0.9, 0.2, 0.6],
                  "id": [7, 9, 11], "when": pd.to_datetime(["2024-01-01"] * 3)}
                 ).to_parquet(path)
    data = read_predictions(path)
    assert data.y_true.dtype == bool
    assert list(data.predictions) == ["m"]
    assert data.id_columns == ("id",) and data.ignored_columns == ("when",)


@pytest.mark.parametrize(
    "frame, message",
    [
        (pd.DataFrame({"y_true": [0, 1, 1], "m": [0.1, np.nan, 0.4]}),
         "score column 'm' has a non-finite value 'nan' on row 2"),
        (pd.DataFrame({"y_true": [0, 1, 1], "m": [0.1, 0.3, np.inf]}),
         "score column 'm' has a non-finite value 'inf' on row 3"),
        (pd.DataFrame({"y_true": pd.array([0, None, 1], dtype="Int64"),
                       "m": [0.1, 0.2, 0.4]}),
         "label column 'y_true' is empty on row 2"),
        (pd.DataFrame({"y_true": ["a", "b", None], "m": [0.1, 0.2, 0.4]}),
         "label column 'y_true' is empty on row 3"),
        (pd.DataFrame({"y_true": [0, 1], "m": ["0.5", "1_0"]}),
         "score column 'm' has a non-numeric value '1_0' on row 2"),
        (pd.DataFrame({"y_true": [0, 1], "m": [0.5, 0.2]}).iloc[:0],
         "has columns but no data rows"),
    ],
)
def test_parquet_refusals_name_the_row(tmp_path, frame, message):
    path = tmp_path / "p.parquet"
    frame.to_parquet(path)
    with pytest.raises(ValueError) as info:
        read_predictions(path)
    assert message in str(info.value)


def test_parquet_index_is_not_read_and_said_so(tmp_path):
    path = tmp_path / "p.parquet"
    pd.DataFrame({"y_true": [0, 1], "m": [0.1, 0.9]},
                 index=pd.Index([10, 11], name="patient")).to_parquet(path)
    data = read_predictions(path)
    assert data.notes == ("not reading the Parquet file's index 'patient'; "
                          "reset_index() before saving to use it as a column.",)


def test_not_a_parquet_file(tmp_path):
    path = write(tmp_path, "y_true,m\n1,0.5\n", name="p.parquet")
    with pytest.raises(ValueError, match=r"is not a readable Parquet file \(.*\); pass "
                                         r"a Parquet file, or a CSV file with a \.csv "
                                         r"suffix"):
        read_predictions(path)
    with pytest.raises(FileNotFoundError):
        read_predictions(tmp_path / "missing.parquet")


def test_read_predictions_csv_is_the_same_reader():
    assert read_predictions_csv is read_predictions
