"""The documentation: docstrings, README, gallery and seed examples."""
