"""Tests of evalplots.dask (on a LocalCluster)."""
