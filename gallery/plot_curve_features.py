"""
ROC and P-R: operating points, iso-F1 curves and cross-validation folds
======================================================================

What a reviewer asks of a ROC or precision-recall figure, on the bundled
breast-cancer predictions:

* ``threshold=0.5`` marks the operating point the model is used at (scores >= 0.5
  are positive), ``plot_optimal='youden'`` (ROC) or ``'f1'`` (P-R) the threshold
  that maximises Youden's J = TPR − FPR or F1; ties go to the highest threshold.
* ``plot_iso_f1=True`` draws the curves of equal F1 in light grey, labelled inline.
* Each model has one legend entry, its numbers with one number of decimals for the
  whole legend: "AUC = 0.995" stands next to "AUC = 0.977", and the P-R entry
  holds both AP and BEP, its handle the line with the BEP dot.
* ``plot_ci=True`` draws a pointwise 95% bootstrap band (at fixed FPR for ROC, at
  fixed recall for P-R) and puts the interval in the legend: DeLong's for the
  AUC, a stratified BCa bootstrap for the AP.
* ``from_cv_results`` draws the curve of each cross-validation fold, their mean
  and a ±1 std band, as scikit-learn 1.9's ``from_cv_results`` takes them.
"""

# %%
# Operating point and optimum
# ---------------------------
import pathlib

import matplotlib.pyplot as plt

from evalplots.datasets import load_breast_cancer_predictions
from evalplots.display import PrecisionRecallDisplay, RocCurveDisplay

data = load_breast_cancer_predictions()
fig, (ax_roc, ax_pr) = plt.subplots(1, 2, figsize=(10, 5), layout="constrained")
for name, score in data.scores.items():
    roc = RocCurveDisplay.from_predictions(
        data.y_true, score, pos_label=data.pos_label, name=name, ax=ax_roc,
        threshold=0.5, plot_optimal="youden",
    )
    pr = PrecisionRecallDisplay.from_predictions(
        data.y_true, score, pos_label=data.pos_label, name=name, ax=ax_pr,
        drawstyle="sawtooth", threshold=0.5, plot_optimal="f1", plot_iso_f1=True,
    )
    print(f"{name:22s} ROC at t = 0.5: {roc.threshold_point_.get_xydata()[0].round(3)}"
          f"   {roc.optimal_annotation_.get_text()}")
    print(f"{'':22s} P-R at t = 0.5: {pr.threshold_point_.get_xydata()[0].round(3)}"
          f"   {pr.optimal_annotation_.get_text()}")
# both models are good: zoom on the corner where their points are
ax_roc.set(xlim=(-0.005, 0.25), ylim=(0.75, 1.005),
           title="ROC corner: threshold 0.5 (◆), max J (★)")
ax_pr.set(xlim=(0.75, 1.005), ylim=(0.75, 1.005),
          title="P-R corner: threshold 0.5 (◆), max F1 (★)")

# %%
# The legend's decimals are decided once per legend: the logistic regression's
# AUC 0.9953 needs three (two would claim 1.00), so every entry has three.
print([text.get_text() for text in ax_roc.get_legend().get_texts()])
print([text.get_text() for text in ax_pr.get_legend().get_texts()])

# %%
# Confidence bands and intervals
# ------------------------------
# One model per axes here: each band is drawn in its curve's colour, and the
# legend handle shows the band behind the line.
fig, (ax_roc, ax_pr) = plt.subplots(1, 2, figsize=(10, 5), layout="constrained")
score = data.scores["gaussian_naive_bayes"]
ci_roc = RocCurveDisplay.from_predictions(
    data.y_true, score, pos_label=data.pos_label, name="naive Bayes", ax=ax_roc,
    plot_ci=True, random_state=0,
)
ci_pr = PrecisionRecallDisplay.from_predictions(
    data.y_true, score, pos_label=data.pos_label, name="naive Bayes", ax=ax_pr,
    plot_ci=True, random_state=0,
)
ax_roc.set_title("ROC, 95% band at fixed FPR")
ax_pr.set_title("P-R, 95% band at fixed recall")
print(ci_roc.line_.get_label(), "|", ci_pr.line_.get_label())
print(ci_roc.roc_auc_ci)

# %%
# Cross-validation folds
# ----------------------
# ``cross_validate(..., return_estimator=True, return_indices=True)`` gives the
# fitted model of each fold and its test samples. The mean ROC curve is the exact
# vertical average of the folds (its area is the mean fold AUC); the mean P-R
# curve the mean of the fold step functions (its area is the mean fold AP).
from sklearn.datasets import load_breast_cancer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import cross_validate  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

X, y = load_breast_cancer(return_X_y=True)
y = 1 - y  # malignant (0 in scikit-learn's encoding) is the positive class
model = make_pipeline(StandardScaler(), LogisticRegression(C=0.01))
cv_results = cross_validate(model, X, y, cv=5, return_estimator=True,
                            return_indices=True)
fig, (ax_roc, ax_pr) = plt.subplots(1, 2, figsize=(10, 5), layout="constrained")
folds_roc = RocCurveDisplay.from_cv_results(cv_results, X, y, name="LogReg",
                                            ax=ax_roc, plot_chance_level=True)
folds_pr = PrecisionRecallDisplay.from_cv_results(cv_results, X, y, name="LogReg",
                                                  ax=ax_pr, plot_iso_f1=True)
ax_roc.set_title("5 folds: mean ± 1 std")
ax_pr.set_title("5 folds: mean ± 1 std")
print("fold AUCs:", [round(a, 4) for a in folds_roc.roc_auc])
print(folds_roc.mean_line_.get_label(), "|", folds_pr.mean_line_.get_label())

# %%
# The figures are saved where the script runs (no window opens), and it
# says where.
for number in plt.get_fignums():
    path = pathlib.Path(f"{pathlib.Path(__file__).stem}_{number}.png").resolve()
    plt.figure(number).savefig(path)
    print(f"wrote {path}")
