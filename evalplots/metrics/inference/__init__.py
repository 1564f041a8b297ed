"""Inference: confidence intervals, confidence bands and paired tests.

The interval record every method returns (``_interval``) and the normal tail of
the tests (``_pvalue``); resampling plans and the sorted-once replicates of one
binary sample (``_resample``, ``_replicates``); the percentile and BCa bootstrap
(``_bootstrap``); pointwise bootstrap bands of the ROC and P-R curves and of the
threshold metrics (``_ci_bands``, ``_threshold_bands``); DeLong's interval and
paired test of the AUC (``_delong``), McNemar's test (``_mcnemar``), binomial
proportion intervals (``_proportion``), Holm's adjustment (``_holm``) and the
one-sided tests of a difference against a margin (``_margin``).

Public names are exported by :mod:`evalplots.metrics`.
"""
