"""Tests of evalplots.datasets (samples and readers)."""
