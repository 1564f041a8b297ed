"""Fixtures shared by the tests (tests/) and the doctests (evalplots/)."""

import pytest


@pytest.fixture(autouse=True)
def _close_figures():
    """Close the pyplot figures each test or doctest opened.

    A Display's ``plot()`` without ``ax=`` opens a pyplot figure; the doctests of
    the Displays show that call, and without this their figures piled up over a
    run until matplotlib warned "More than 20 figures have been opened".
    """
    yield
    import matplotlib.pyplot as plt  # after tests/conftest.py has chosen Agg

    plt.close("all")
