"""Regression: error metrics of real-valued predictions (absolute, squared,
logarithmic and percentage errors, R²), single and multi-output.

Public names are exported by :mod:`evalplots.metrics`.
"""
