"""Classification: metrics of predicted labels, read off confusion counts.

The confusion matrix and the one home of the formulas of its cells (``_confusion``:
precision, recall, F-beta, MCC, balanced accuracy over one matrix, a threshold
table or a stack of bootstrap matrices); the scores built on it (``_classification``,
``_rates``, ``_report``, ``_agreement``: accuracy, specificity, the F-beta family,
the classification report, MCC and Cohen's kappa); multilabel indicator counts and
set metrics (``_indicator``, ``_multilabel``); and the log loss of predicted class
probabilities (``_logloss``, with the probability-matrix checks).

Public names are exported by :mod:`evalplots.metrics`.
"""
