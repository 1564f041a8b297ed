"""Number formatting (metrics._format), the one rule of legends and tables."""

import evalplots.metrics._format as fmt


def test_a_number_that_rounds_to_zero_is_never_written_minus_zero():
    assert (fmt.format_score(-0.0), fmt.format_number(-0.00004), fmt.format_threshold(-0.0),
            fmt.format_quantity(-0.0), fmt.format_difference(-0.0004),
            fmt.format_interval(-0.0, -0.0001, 0.5)) == (
        "0.00", "0.0000", "0", "0", "0.000", "0.000 [0.000, 0.500]")
    assert (fmt.format_number(-0.5), fmt.format_difference(-0.25), fmt.format_threshold(-1e-9)) == (
        "-0.5000", "-0.250", "-1e-09")
