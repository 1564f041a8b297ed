"""Ranking: metrics of an order, not of a decision.

Binary scores: the one-sort counting kernel (``_thresholds``) and the mergeable
count tables (``_score_counts``) that every threshold curve and ranking score is
read off; the ROC, precision-recall, DET and cumulative-gain curves (``_curves``,
``_det``, ``_gain``), the AUC, average precision and break-even point (``_auc``,
``_pr_scores``), every confusion-matrix metric at every threshold and the optimal
threshold (``_threshold_metrics``). Several classes: the one-vs-rest reading of a
score matrix and its averages (``_ovr``), the per-class, micro and exact macro
curves (``_ovr_curves``, ``_macro_curves``). Rankings per row: top-k accuracy
(classes per sample), label ranking (labels per sample), DCG/NDCG and P@k, AP@k,
MAP@k (items per query).

Public names are exported by :mod:`evalplots.metrics`.
"""
