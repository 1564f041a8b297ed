"""Tests of evalplots.metrics (numpy only)."""
