"""Every worked example of the seed texts (../shared/seeds/), one test each.

Each test's docstring names the seed file and the section heading it reproduces:
000 = watermelon-book notes on Zhou Zhihua, *Machine Learning* ch. 2 (metrics);
002 = 老饼讲解 "AUC计算与ROC曲线绘制"; 003 = Thakur, *Approaching (Almost) Any
Machine Learning Problem*, ch. "Evaluation metrics"; 004 = blog on P-R and ROC curves.
Numbers are the seeds' printed outputs; where a seed shows only a procedure, the
seed's own code (transcribed below) is the oracle.
"""

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import evalplots.metrics as M
from evalplots.exceptions import UndefinedMetricWarning

# fmt: off
# 000 §2.1: six watermelons, good = 1
MELON_TRUE = [1, 0, 0, 1, 0, 1]
MELON_PRED = [0, 1, 0, 1, 1, 1]
MELON_SCORE = [0.45, 0.53, 0.24, 0.88, 0.57, 0.76]

# 002: sixteen labels and scores with ties
LAOBING_LABEL = [0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0]
LAOBING_SCORE = [0.2, 0.28, 0.1, 0.6, 0.5, 0.3, 0.6, 0.8, 0.2, 0.25, 0.4, 0.2, 0.5,
                 0.3, 0.18, 0.18]

# 003: the two small lists, the 15-sample ROC data, the multi-class lists
L1 = [0, 1, 1, 1, 0, 0, 0, 1]
L2 = [0, 1, 0, 1, 0, 1, 0, 0]
ROC15_TRUE = [0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1]
ROC15_PROB = [0.1, 0.3, 0.2, 0.6, 0.8, 0.05, 0.9, 0.5, 0.3, 0.66, 0.3, 0.2, 0.85, 0.15,
              0.99]
HANDMADE_THRESHOLDS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.99, 1.0]
MC_TRUE = [0, 1, 2, 0, 1, 2, 0, 2, 2]
MC_PRED = [0, 2, 1, 0, 2, 1, 0, 0, 2]
TOPK_TRUE = [[1, 2, 3], [0, 2], [1], [2, 3], [1, 0], []]
TOPK_PRED = [[0, 1, 2], [1], [0, 2, 3], [2, 3, 4, 0], [0, 1, 2], [0]]
# fmt: on


def _threshold(prob, t):
    return [1 if x >= t else 0 for x in prob]


# ------------------------------------------------------------------- seed 000


def test_000_precision_recall_six_melons():
    """000 §2.1 查準率（Precision）與查全率（Recall）: error 3/6, P = 0.5, R = 0.67."""
    assert M.error_rate(MELON_TRUE, MELON_PRED) == 0.5
    assert M.accuracy_score(MELON_TRUE, MELON_PRED) == 0.5
    assert M.precision_score(MELON_TRUE, MELON_PRED) == 0.5
    assert_allclose(M.recall_score(MELON_TRUE, MELON_PRED), 0.6666666666666666)
    # TP = 2 (melons 4, 6), FP = 2 (2, 5), FN = 1 (1), TN = 1
    rates = M.binary_rates(MELON_TRUE, MELON_PRED)
    assert rates == pytest.approx(
        {"tpr": 2 / 3, "fnr": 1 / 3, "fpr": 2 / 3, "tnr": 1 / 3}
    )


def test_000_confusion_matrix_binary():
    """000 §2.2 混淆矩陣的可視化: [[TN, FP], [FN, TP]] = [[1, 2], [1, 2]]."""
    assert_array_equal(M.confusion_matrix(MELON_TRUE, MELON_PRED), [[1, 2], [1, 2]])


def test_000_confusion_matrix_three_classes():
    """000 §2.2 混淆矩陣的可視化: C_ij = number of class-i samples predicted j."""
    y_true = [2, 0, 2, 2, 0, 1]
    y_pred = [0, 0, 2, 2, 0, 2]
    assert_array_equal(
        M.confusion_matrix(y_true, y_pred), [[2, 0, 0], [0, 0, 1], [1, 0, 2]]
    )


def test_000_pr_points_by_rank():
    """000 §2.3 P-R曲線與BEP: the six (R, P) points of y_true = [1,1,0,0,1,0] in rank order."""
    y_true = [1, 1, 0, 0, 1, 0]
    expected = [
        (1 / 3, 1.0),
        (2 / 3, 1.0),
        (2 / 3, 2 / 3),
        (2 / 3, 0.5),
        (1.0, 0.6),
        (1.0, 0.5),
    ]
    points = []
    for i in range(len(y_true)):
        y_pred = [1] * (i + 1) + [0] * (len(y_true) - i - 1)
        points.append(
            (M.recall_score(y_true, y_pred), M.precision_score(y_true, y_pred))
        )
    assert_allclose(points, expected)
    # the same points from the threshold counts, ranking by a decreasing score
    _tns, fps, _fns, tps, _ = M.confusion_matrix_at_thresholds(
        y_true, [6, 5, 4, 3, 2, 1]
    )
    assert_allclose(np.c_[tps / 3, tps / (tps + fps)], expected)


def test_000_precision_recall_curve():
    """000 §2.3 P-R曲線與BEP: precision_recall_curve of the six melons.

    The seed prints the old scikit-learn layout, which stops at full recall:
    precision [0.6, 0.5, 2/3, 1, 1, 1], recall [1, 2/3, 2/3, 2/3, 1/3, 0],
    thresholds [0.45, 0.53, 0.57, 0.76, 0.88]. evalplots follows scikit-learn >= 1.8
    and keeps every threshold (here also 0.24, where recall is already 1): the
    seed's arrays are ours without the first entry.
    """
    precision, recall, thresholds = M.precision_recall_curve(MELON_TRUE, MELON_SCORE)
    assert_allclose(precision[1:], [0.6, 0.5, 2 / 3, 1, 1, 1])
    assert_allclose(recall[1:], [1, 2 / 3, 2 / 3, 2 / 3, 1 / 3, 0])
    assert_allclose(thresholds[1:], [0.45, 0.53, 0.57, 0.76, 0.88])
    assert_allclose(precision, [0.5, 0.6, 0.5, 2 / 3, 1, 1, 1])
    assert_allclose(recall, [1, 1, 2 / 3, 2 / 3, 2 / 3, 1 / 3, 0])
    assert_allclose(thresholds, [0.24, 0.45, 0.53, 0.57, 0.76, 0.88])


def test_000_break_even_point():
    """000 §2.3 P-R曲線與BEP: 平衡點 (P = R) of the six melons is 0.67."""
    assert_allclose(M.break_even_point(MELON_TRUE, MELON_SCORE), 2 / 3)


def test_000_f1_and_fbeta():
    """000 §2.4 F1 與 Fβ: F1 = 2PR/(P+R), Fβ = (1+β²)PR/(β²P+R), on the §2.1 melons."""
    p, r = 0.5, 2 / 3
    assert_allclose(M.f1_score(MELON_TRUE, MELON_PRED), 2 * p * r / (p + r))
    for beta in (0.5, 1.0, 2.0):
        b2 = beta**2
        assert_allclose(
            M.fbeta_score(MELON_TRUE, MELON_PRED, beta=beta),
            (1 + b2) * p * r / (b2 * p + r),
        )


def test_000_roc_curve_steps():
    """000 §3.1 ROC: from (0, 0), a positive moves up 1/m+, a negative right 1/m-."""
    fpr, tpr, thresholds = M.roc_curve(MELON_TRUE, MELON_SCORE, drop_intermediate=False)
    order = np.argsort(MELON_SCORE)[::-1]
    labels = np.array(MELON_TRUE)[order]  # 1, 1, 0, 0, 1, 0 by decreasing score
    expected_tpr = np.r_[0, np.cumsum(labels) / 3]
    expected_fpr = np.r_[0, np.cumsum(1 - labels) / 3]
    assert_allclose(tpr, expected_tpr)
    assert_allclose(fpr, expected_fpr)
    assert thresholds[0] == np.inf


def test_000_auc():
    """000 §3.2 AUC（Area Under roc Curve）: auc(fpr, tpr) = roc_auc_score = 0.7777…"""
    fpr, tpr, _ = M.roc_curve(MELON_TRUE, MELON_SCORE)
    assert_allclose(M.auc(fpr, tpr), 0.7777777777777778)
    assert_allclose(M.roc_auc_score(MELON_TRUE, MELON_SCORE), 0.7777777777777778)
    # the trapezoid formula of the section, written out
    assert_allclose(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2), 7 / 9)


def test_000_rank_loss():
    """000 §3.2 AUC: AUC as the pair count, ℓ_rank, and AUC + ℓ_rank = 1."""
    s = np.array(MELON_SCORE)
    pos, neg = s[np.array(MELON_TRUE) == 1], s[np.array(MELON_TRUE) == 0]
    pairs = np.subtract.outer(pos, neg)
    assert_allclose(M.roc_auc_score(MELON_TRUE, MELON_SCORE), (pairs > 0).mean())
    assert_allclose(M.rank_loss(MELON_TRUE, MELON_SCORE), (pairs < 0).mean())
    assert_allclose(M.rank_loss(MELON_TRUE, MELON_SCORE), 2 / 9)


# ------------------------------------------------------------------- seed 002


def test_002_roc_curve_all_points():
    """002 01. 调用sklearn计算AUC: roc_curve(drop_intermediate=False) and AUC 0.6667.

    The seed's first threshold is 1.8 (max + 1, old scikit-learn); evalplots uses
    inf, as scikit-learn >= 1.3 does.
    """
    fpr, tpr, thresholds = M.roc_curve(
        LAOBING_LABEL, LAOBING_SCORE, drop_intermediate=False
    )
    assert_allclose(
        thresholds, [np.inf, 0.8, 0.6, 0.5, 0.4, 0.3, 0.28, 0.25, 0.2, 0.18, 0.1]
    )
    assert_allclose(fpr, np.array([0, 0, 1, 2, 3, 4, 4, 4, 7, 8, 9]) / 9)
    assert_allclose(tpr, np.array([0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 7]) / 7)
    assert_allclose(M.auc(fpr, tpr), 0.6666666666666666)


def test_002_hand_computed_auc_areas():
    """002 02./03. 手算AUC / 自写代码计算AUC: the area of every trapezoid, summing to 2/3."""
    fpr, tpr, _ = M.roc_curve(LAOBING_LABEL, LAOBING_SCORE, drop_intermediate=False)
    areas = np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2
    seed_areas = [0.0, 0.023810, 0.039683, 0.047619, 0.055556, 0.0, 0.0, 0.285714,
                  0.103175, 0.111111]  # fmt: skip
    assert_allclose(areas, seed_areas, atol=1e-6)
    assert_allclose(M.roc_auc_score(LAOBING_LABEL, LAOBING_SCORE), 0.6666666666666667)


def test_002_drop_intermediate():
    """002 提醒: drop_intermediate=True (the default) drops the collinear points only."""
    full_fpr, full_tpr, _ = M.roc_curve(
        LAOBING_LABEL, LAOBING_SCORE, drop_intermediate=False
    )
    fpr, tpr, _ = M.roc_curve(LAOBING_LABEL, LAOBING_SCORE)
    full = set(zip(np.round(full_fpr, 12), np.round(full_tpr, 12)))
    kept = list(zip(np.round(fpr, 12), np.round(tpr, 12)))
    assert set(kept) <= full and len(kept) < len(full)
    # (1/9, 2/7) lies on the segment (0, 1/7)-(2/9, 3/7); (4/9, 5/7) on a vertical run
    assert (round(1 / 9, 12), round(2 / 7, 12)) not in kept
    assert (round(4 / 9, 12), round(5 / 7, 12)) not in kept
    assert_allclose(M.auc(fpr, tpr), 2 / 3)


# ------------------------------------------------------------------- seed 003


def test_003_accuracy():
    """003 准确率（Accuracy）: accuracy_score(l1, l2) = 0.625."""
    assert M.accuracy_score(L1, L2) == 0.625


def test_003_tp_fp_fn_tn():
    """003 真正例、真负例、假正例、假负例: TP 2, FP 1, FN 2, TN 3; accuracy_v2 0.625."""
    (tn, fp), (fn, tp) = M.confusion_matrix(L1, L2)
    assert (tp, fp, fn, tn) == (2, 1, 2, 3)
    assert (tp + tn) / (tp + tn + fp + fn) == 0.625


def test_003_precision_scenario():
    """003 精确率（Precision）: TP 8, TN 80, FP 10, FN 2 → accuracy 0.88, P 0.444, R 0.80."""
    y_true = [1] * 8 + [0] * 80 + [0] * 10 + [1] * 2
    y_pred = [1] * 8 + [0] * 80 + [1] * 10 + [0] * 2
    assert_allclose(M.accuracy_score(y_true, y_pred), 0.88)
    assert_allclose(M.precision_score(y_true, y_pred), 8 / 18)
    assert_allclose(M.recall_score(y_true, y_pred), 0.80)


def test_003_precision_and_recall_small_lists():
    """003 精确率（Precision）/ 召回率（Recall）: precision(l1, l2) = 0.6667, recall 0.5."""
    assert_allclose(M.precision_score(L1, L2), 0.6666666666666666)
    assert M.recall_score(L1, L2) == 0.5


def test_003_precision_recall_curve_handmade_thresholds():
    """003 精确率-召回率曲线（Precision-Recall Curve）: P and R at the 14 thresholds."""
    y_true = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0]
    # fmt: off
    y_prob = [0.02638412, 0.11114267, 0.31620708, 0.0490937, 0.0191491, 0.17554844,
              0.15952202, 0.03819563, 0.11639273, 0.079377, 0.08584789, 0.39095342,
              0.27259048, 0.03447096, 0.04644807, 0.03543574, 0.18521942, 0.05934905,
              0.61977213, 0.33056815]
    thresholds = [0.0490937, 0.05934905, 0.079377, 0.08584789, 0.11114267, 0.11639273,
                  0.15952202, 0.17554844, 0.18521942, 0.27259048, 0.31620708,
                  0.33056815, 0.39095342, 0.61977213]
    # fmt: on

    def tp_fp(t):  # the seed's loop, with its own counting functions
        pred = _threshold(y_prob, t)
        tp = sum(1 for a, b in zip(y_true, pred) if a == 1 and b == 1)
        fp = sum(1 for a, b in zip(y_true, pred) if a == 0 and b == 1)
        return tp, fp

    seed_p = [tp_fp(t)[0] / sum(tp_fp(t)) for t in thresholds]
    seed_r = [tp_fp(t)[0] / 3 for t in thresholds]
    precision, recall, thr = M.precision_recall_curve(y_true, y_prob)
    idx = np.searchsorted(thr, thresholds)
    assert_allclose(thr[idx], thresholds)
    assert_allclose(precision[idx], seed_p)
    assert_allclose(recall[idx], seed_r)
    for t, p, r in zip(thresholds, seed_p, seed_r):
        assert_allclose(M.precision_score(y_true, _threshold(y_prob, t)), p)
        assert_allclose(M.recall_score(y_true, _threshold(y_prob, t)), r)


def test_003_f1():
    """003 F1 分数（F1 Score）: f1 = 0.5714285714285715 = 2TP/(2TP+FP+FN)."""
    y_true = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0]
    y_pred = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0]
    assert_allclose(M.f1_score(y_true, y_pred), 0.5714285714285715)


def test_003_tpr_fpr_table():
    """003 ROC 曲线与 AUC (Figure 3): TPR and FPR at thresholds 0 … 0.5."""
    table = {
        0.0: (1.0, 1.0),
        0.1: (1.0, 0.9),
        0.2: (1.0, 0.7),
        0.3: (0.8, 0.6),
        0.4: (0.8, 0.3),
        0.5: (0.8, 0.3),
    }
    for t, (tpr, fpr) in table.items():
        rates = M.binary_rates(ROC15_TRUE, _threshold(ROC15_PROB, t))
        assert_allclose((rates["tpr"], rates["fpr"]), (tpr, fpr))
        # specificity = 1 - FPR (TNR), as the section says
        assert_allclose(
            M.specificity_score(ROC15_TRUE, _threshold(ROC15_PROB, t)), 1 - fpr
        )


def test_003_roc_auc():
    """003 ROC 曲线与 AUC: roc_auc_score = 0.8300000000000001."""
    assert_allclose(M.roc_auc_score(ROC15_TRUE, ROC15_PROB), 0.83)


def test_003_tp_fp_table():
    """003 选择阈值（Threshold） (Figure 5): TP and FP at the 13 handmade thresholds."""
    tp = [5, 5, 5, 4, 4, 4, 4, 3, 3, 2, 2, 1, 0]
    fp = [10, 9, 7, 6, 3, 3, 2, 1, 1, 1, 0, 0, 0]
    for t, tp_t, fp_t in zip(HANDMADE_THRESHOLDS, tp, fp):
        cm = M.confusion_matrix(ROC15_TRUE, _threshold(ROC15_PROB, t), labels=[0, 1])
        assert (cm[1, 1], cm[0, 1]) == (tp_t, fp_t)
    # the same counts read off the threshold sweep (a handmade threshold between
    # two scores behaves as the next score above it; above all scores: 0, 0)
    _tns, fps, _fns, tps, thr = M.confusion_matrix_at_thresholds(ROC15_TRUE, ROC15_PROB)
    for t, tp_t, fp_t in zip(HANDMADE_THRESHOLDS, tp, fp):
        above = thr >= t
        got = (tps[above][-1], fps[above][-1]) if above.any() else (0, 0)
        assert got == (tp_t, fp_t)


def test_003_log_loss():
    """003 对数损失（Log Loss）: log_loss = 0.49882711861432294; 0.6733 and 0.7133."""
    assert_allclose(M.log_loss(ROC15_TRUE, ROC15_PROB), 0.49882711861432294, rtol=1e-12)
    assert_allclose(M.log_loss([1], [0.51], labels=[0, 1]), 0.6733, atol=1e-4)
    assert_allclose(M.log_loss([0], [0.51], labels=[0, 1]), 0.7133, atol=1e-4)


def test_003_macro_micro_weighted_precision():
    """003 多分类问题的指标: macro 0.3611, micro 0.4444, weighted 0.3981 precision."""
    assert_allclose(
        M.precision_score(MC_TRUE, MC_PRED, average="macro"), 0.3611111111111111
    )
    assert_allclose(
        M.precision_score(MC_TRUE, MC_PRED, average="micro"), 0.4444444444444444
    )
    assert_allclose(
        M.precision_score(MC_TRUE, MC_PRED, average="weighted"), 0.39814814814814814
    )


def test_003_weighted_f1():
    """003 多分类问题的指标: weighted_f1 = 0.41269841269841273."""
    assert_allclose(
        M.f1_score(MC_TRUE, MC_PRED, average="weighted"), 0.41269841269841273
    )


def test_003_multiclass_confusion_matrix():
    """003 混淆矩阵（Confusion Matrix） (Figure 8): the book draws the transpose."""
    cm = M.confusion_matrix(MC_TRUE, MC_PRED)
    assert_array_equal(cm, [[3, 0, 0], [0, 0, 2], [1, 2, 1]])
    # Figure 8: predicted on the rows; class 0's column holds 3 correct and 1 "1"
    assert_array_equal(cm.T[:, 0], [3, 0, 0])
    assert cm.sum(axis=1)[0] == 3


def test_003_multilabel_log_loss():
    """003 top-k 指标 (end): multi-label log loss = mean column-wise log loss."""
    y = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]])
    p = np.array([[0.8, 0.1, 0.7], [0.3, 0.6, 0.9], [0.6, 0.7, 0.2], [0.1, 0.2, 0.6]])
    per_column = [M.log_loss(y[:, j], p[:, j]) for j in range(3)]
    assert_allclose(M.log_loss(y, p), np.mean(per_column))


def test_003_ap_at_k_per_sample():
    """003 top-k 指标（P@k、AP@k、MAP@k）: AP@1,2,3 of [1,2,3] vs [0,1,2] = 0, 0.25, 0.3889."""
    got = [
        M.average_precision_at_k([1, 2, 3], [0, 1, 2], k=k, variant="mean_precision")
        for k in (1, 2, 3)
    ]
    assert_allclose(got, [0.0, 0.25, 0.38888888888888884])


@pytest.mark.parametrize(
    "k, prose, code",
    [
        (1, 0.3333333333333333, 0.3333333333333333),
        (2, 0.375, 0.375),
        (3, 0.3611111111111111, 0.3611111111111111),
        (4, 0.3333333333333333, 0.34722222222222215),
    ],
)
def test_003_map_at_k(k, prose, code):
    """003 top-k 指标（P@k、AP@k、MAP@k）: mapk for k = 1…4.

    The seed prints 0.3333, 0.375, 0.3611, 0.3472. Its code divides P@i by
    len(y_pred[:i]) while its prose divides by i; they differ at k = 4 only (one
    query has 3 predictions): 0.3333 by the prose (evalplots' default), 0.3472 by
    the code (denominator='n_predicted').
    """
    assert_allclose(
        M.mean_average_precision_at_k(
            TOPK_TRUE, TOPK_PRED, k=k, variant="mean_precision"
        ),
        prose,
    )
    assert_allclose(
        M.mean_average_precision_at_k(
            TOPK_TRUE,
            TOPK_PRED,
            k=k,
            variant="mean_precision",
            denominator="n_predicted",
        ),
        code,
    )


def test_003_ml_metrics_apk():
    """003 top-k 指标: the ml_metrics apk quoted by the seed ('ranked_hits')."""

    def apk(actual, predicted, k=10):  # transcribed from the seed
        if len(predicted) > k:
            predicted = predicted[:k]
        score, num_hits = 0.0, 0.0
        for i, p in enumerate(predicted):
            if p in actual and p not in predicted[:i]:
                num_hits += 1.0
                score += num_hits / (i + 1.0)
        if not actual:
            return 0.0
        return score / min(len(actual), k)

    for k in (1, 2, 3, 4):
        for t, p in zip(TOPK_TRUE[:-1], TOPK_PRED[:-1]):
            assert_allclose(M.average_precision_at_k(t, p, k=k), apk(t, p, k))
        # the empty query: ml_metrics returns 0.0 silently; evalplots warns (0/0)
        with pytest.warns(UndefinedMetricWarning):
            assert M.average_precision_at_k([], [0], k=k) == apk([], [0], k)


def test_003_regression_metrics():
    """003 回归指标 (MAE, MSE, RMSE, MSLE, RMSLE, MPE, MAPE, R²): the seed's loop code."""
    y_true = [3.0, 0.5, 2.0, 7.0, 4.2]
    y_pred = [2.5, 0.8, 2.0, 8.0, 3.9]
    pairs = list(zip(y_true, y_pred))
    n = len(pairs)
    mae = sum(abs(a - b) for a, b in pairs) / n
    mse = sum((a - b) ** 2 for a, b in pairs) / n
    msle = sum((np.log(1 + a) - np.log(1 + b)) ** 2 for a, b in pairs) / n
    mpe = sum((a - b) / a for a, b in pairs) / n
    mape = sum(np.abs(a - b) / a for a, b in pairs) / n
    mean = np.mean(y_true)
    r2 = 1 - sum((a - b) ** 2 for a, b in pairs) / sum((a - mean) ** 2 for a in y_true)
    assert_allclose(M.mean_absolute_error(y_true, y_pred), mae)
    assert_allclose(
        M.mean_absolute_error(y_true, y_pred),
        np.mean(np.abs(np.array(y_true) - np.array(y_pred))),
    )  # mae_np
    assert_allclose(M.mean_squared_error(y_true, y_pred), mse)
    assert_allclose(M.root_mean_squared_error(y_true, y_pred), np.sqrt(mse))
    assert_allclose(M.mean_squared_log_error(y_true, y_pred), msle)
    assert_allclose(M.root_mean_squared_log_error(y_true, y_pred), np.sqrt(msle))
    assert_allclose(M.mean_percentage_error(y_true, y_pred), mpe)
    assert_allclose(M.mean_absolute_percentage_error(y_true, y_pred), mape)
    assert_allclose(M.r2_score(y_true, y_pred), r2)


def test_003_quadratic_weighted_kappa():
    """003 高级指标: QWK = 0.33333333333333337 while accuracy = 0.4444444444444444."""
    y_true = [1, 2, 3, 1, 2, 3, 1, 2, 3]
    y_pred = [2, 1, 3, 1, 2, 3, 3, 1, 2]
    assert_allclose(
        M.cohen_kappa_score(y_true, y_pred, weights="quadratic"), 0.33333333333333337
    )
    assert_allclose(M.accuracy_score(y_true, y_pred), 0.4444444444444444)


def test_003_mcc():
    """003 高级指标: MCC = (TP·TN − FP·FN)/√((TP+FP)(FN+TN)(FP+TN)(TP+FN)), seed's code."""
    tp, tn, fp, fn = 2, 3, 1, 2  # of l1, l2 (see test_003_tp_fp_fn_tn)
    expected = (tp * tn - fp * fn) / (
        (tp + fp) * (fn + tn) * (fp + tn) * (tp + fn)
    ) ** 0.5
    assert_allclose(M.matthews_corrcoef(L1, L2), expected)


# ------------------------------------------------------------------- seed 004


def test_004_pr_point_at_threshold():
    """004 PR曲線: TP=6, FN=0, FP=2, TN=2 at threshold 0.5 → recall 1, precision 0.75."""
    y_true = [1] * 6 + [0] * 4
    hyp = [1] * 6 + [1, 1, 0, 0]
    assert M.recall_score(y_true, hyp) == 1.0
    assert M.precision_score(y_true, hyp) == 0.75
    assert_array_equal(M.confusion_matrix(y_true, hyp), [[2, 2], [0, 6]])


def test_004_roc_drawing_procedure():
    """004 ROC曲線 (繪圖過程): m positives, n negatives; up 1/m at a positive, right 1/n."""
    fpr, tpr, _ = M.roc_curve(ROC15_TRUE, ROC15_PROB, drop_intermediate=False)
    # no tied scores across classes here except 0.3/0.2 (negatives only)
    m, n = 5, 10
    steps = np.c_[np.diff(fpr) * n, np.diff(tpr) * m]
    # every step is a whole number of negatives right and positives up
    assert_allclose(steps, np.round(steps))
    assert (fpr[0], tpr[0]) == (0, 0) and (fpr[-1], tpr[-1]) == (1, 1)
    # and TPR = recall, FPR = FP/(FP+TN) at each threshold, as the post defines them
    _, _, thr = M.roc_curve(ROC15_TRUE, ROC15_PROB, drop_intermediate=False)
    for f, t, h in zip(fpr[1:], tpr[1:], thr[1:]):
        rates = M.binary_rates(ROC15_TRUE, _threshold(ROC15_PROB, h))
        assert_allclose((rates["fpr"], rates["tpr"]), (f, t))
