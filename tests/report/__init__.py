"""Tests of evalplots.report (the PDF builder and the standard report)."""
