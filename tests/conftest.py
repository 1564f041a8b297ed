"""Shared pytest fixtures.

Image tests need a deterministic rendering setup: the Agg backend, a fixed style and
font (DejaVu Sans, shipped inside matplotlib), and a fixed SVG hash salt. Nothing here
changes rcParams globally: each test runs inside ``matplotlib.rc_context``.
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

DETERMINISTIC_RC = {
    "font.family": "DejaVu Sans",
    "font.size": 10.0,
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "svg.hashsalt": "evalplots",
    "path.simplify": False,
    "text.hinting": "default",
    "axes.unicode_minus": True,
}


@pytest.fixture(autouse=True)
def _deterministic_matplotlib():
    """Run every test under the fixed rcParams above and close its figures after."""
    with matplotlib.rc_context(DETERMINISTIC_RC):
        yield
    plt.close("all")
