"""Calibration of predicted probabilities: the reliability curve, ECE/MCE and the
Brier score.

Public names are exported by :mod:`evalplots.metrics`.
"""
