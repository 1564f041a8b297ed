"""Tests of evalplots.evaluation (the evaluation objects)."""
