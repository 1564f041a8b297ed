"""Tests of evalplots.display (the Displays, drawn with Agg)."""
