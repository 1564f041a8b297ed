"""Tests of the `evalplots` command."""
