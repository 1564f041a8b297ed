"""Fixtures shared by the tests (tests/) and the doctests (evalplots/)."""

import gc

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


def pytest_collectstart(collector):
    """No garbage collection while the session collects: pytest's assertion rewriting
    builds millions of short-lived AST nodes among the objects of every imported
    library, and the collector's passes over them were a third of collection's CPU
    (about 4.5 s per xdist worker; the rewritten modules cannot be cached where
    PYTHONDONTWRITEBYTECODE is set)."""
    if collector.nodeid == "":  # the session: the start of collection
        gc.disable()


def pytest_collection_finish(session):
    """Collection is over: the collector runs again, and what the imports left
    alive is frozen out of its passes (it stays alive to the end anyway)."""
    gc.enable()
    gc.freeze()
