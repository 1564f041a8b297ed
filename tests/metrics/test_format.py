"""Number formatting (metrics._format), the one rule of legends and tables."""

import evalplots.metrics._format as fmt


def test_a_number_that_rounds_to_zero_is_never_written_minus_zero():
    assert (fmt.format_score(-0.0), fmt.format_number(-0.00004), fmt.format_threshold(-0.0),
            fmt.format_quantity(-0.0), fmt.format_difference(-0.0004),
            fmt.format_interval(-0.0, -0.0001, 0.5)) == (
        "0.00", "-4.000e-5", "0", "0", "0.000", "0.00 [0.00, 0.50]")
    assert (fmt.format_number(-0.5), fmt.format_difference(-0.25), fmt.format_threshold(-1e-9),
            fmt.format_number(-0.00001, 4)) == ("-0.5000", "-0.250", "-1e-9", "0.0000")


# --- numbers at the precision they carry (hand-written expected strings) -------------


def test_an_interval_is_read_to_two_significant_digits_of_its_width():
    # width 0.0095: to 1e-4; width 0.21: to 0.01; width 0.04: to 0.001, zero unsigned
    assert fmt.format_interval(0.99528, 0.99051, 1.0) == "0.9953 [0.9905, 1.0000]"
    assert fmt.format_interval(0.349, 0.155, 0.365) == "0.35 [0.15, 0.36]"
    assert fmt.format_interval(-0.0001, -0.02, 0.02) == "0.000 [-0.020, 0.020]"
    # dollars: width 3,752 is read to the hundred, thousands separated
    assert fmt.format_interval(25330.800, 23578.994, 27330.813) == "25,300 [23,600, 27,300]"
    # an error at 1e-6 scale: one exponent, not "0.000 [0.000, 0.000]"
    assert fmt.format_interval(2.3456e-7, 1.6123e-7, 3.0899e-7) == "2.3e-7 [1.6e-7, 3.1e-7]"
    assert fmt.format_interval(-1e-12, -2e-7, 2e-7) == "0.0e-7 [-2.0e-7, 2.0e-7]"
    # a million-dollar MSE with its interval: 4.4e10, width 6e9 read to 1e8
    assert fmt.format_interval(4.4000167e10, 4.11e10, 4.71e10) == "4.40e10 [4.11e10, 4.71e10]"


def test_a_zero_width_interval_says_so():
    assert fmt.format_interval(1.0, 1.0, 1.0) == "1.0000 [zero width]"
    assert fmt.format_interval(2.5e-7, 2.5e-7, 2.5e-7) == "2.500e-7 [zero width]"
    assert fmt.format_interval(0.5, 0.5, 0.5, 2) == "0.50 [0.50, 0.50]"  # decimals given


def test_a_ratio_is_read_to_two_significant_digits_of_its_relative_width():
    # LR+ 2.0 [0.29, 14] spans a factor of 49: two significant digits, not "2 [0, 14]"
    assert fmt.format_ratio(2.0, 0.2857, 14.0) == "2.0 [0.29, 14]"
    # relative width 0.105: three digits; 0.0105: four; integer digits are kept
    assert fmt.format_ratio(2.0, 1.9, 2.1) == "2.00 [1.90, 2.10]"
    assert fmt.format_ratio(20.0, 19.9, 20.109) == "20.00 [19.90, 20.11]"
    assert fmt.format_ratio(113.95, 40.2, 350.4) == "114 [40, 350]"
    # alone: three significant digits; degenerate and undefined bounds say so
    assert (fmt.format_ratio(113.95), fmt.format_ratio(0.012345)) == ("114", "0.0123")
    assert fmt.format_ratio(3.0, 3.0, 3.0) == "3.00 [zero width]"
    assert fmt.format_ratio(0.0, float("nan"), float("nan")) == "0.0000 [n/a, n/a]"


def test_a_lone_table_value_keeps_four_decimals_below_ten_and_its_integer_digits():
    assert [fmt.format_number(v) for v in (0.99528, 0.0123, 152.1337, 25330.8, 949407586.602,
                                           44000167427.7085, 2.3456e-7, 0.0, 9999999.6)] == [
        "0.9953", "0.0123", "152.13", "25,331", "9.494e8", "4.400e10", "2.346e-7", "0.0000",
        "1.000e7"]
    assert fmt.format_quantity(2816543.2) == "2.817e6" and fmt.format_quantity(-0.5) == "-0.5"


def test_a_bootstrap_pvalue_is_no_finer_than_its_resamples():
    import numpy as np

    from evalplots.evaluation._compare import bootstrap_pvalue, bootstrap_pvalue_floor

    # 1,000 differences all above 0: p = 2 (0 + 1) / 1001, the floor
    p, floor = bootstrap_pvalue(np.ones(1000)), bootstrap_pvalue_floor(1000)
    assert p == floor == 2 / 1001
    assert fmt.format_pvalue(p, floor) == "< 0.002"
    # 2 of 1,000 at or below 0: p = 2 * 3 / 1001 = 0.005994, written to 0.001
    two_below = np.r_[np.ones(998), -np.ones(2)]
    assert fmt.format_pvalue(bootstrap_pvalue(two_below), floor) == "0.006"
    assert fmt.format_pvalue(2 / 21, bootstrap_pvalue_floor(20)) == "< 0.1"
    assert fmt.format_pvalue(0.0272) == "0.0272"  # an analytic test: no floor


def test_a_legend_never_shows_more_decimals_than_the_table():
    from matplotlib.figure import Figure

    from evalplots.display._base import align_legend_decimals, set_legend_entry

    assert fmt.format_score(0.999996) == "1.0000" and fmt.score_decimals(0.998732) == 3
    ax = Figure().add_subplot()
    a, b = ax.plot([0, 1], [0, 1]), ax.plot([0, 1], [1, 0])
    set_legend_entry(a[0], "a", "AUC", 0.999996)
    set_legend_entry(b[0], "b", "AUC", 0.87)
    assert align_legend_decimals(ax) == 4
    assert [line.get_label() for line in ax.lines] == ["a (AUC = 1.0000)", "b (AUC = 0.8700)"]
