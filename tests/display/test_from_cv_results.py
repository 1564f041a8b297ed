"""from_cv_results of the ROC and P-R Displays: the folds of scikit-learn's
cross_validate as its own Displays draw them, and the exact mean curves.
"""

import numpy as np
import pytest
import sklearn.metrics as skm
from matplotlib.colors import to_rgba

import evalplots.metrics as em
from evalplots.display import PrecisionRecallDisplay, RocCurveDisplay

from tests.support import _ax, _legend_texts


@pytest.fixture(scope="module")
def cv():
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_validate

    X, y = make_classification(n_samples=150, random_state=1, flip_y=0.2)
    results = cross_validate(LogisticRegression(), X, y, cv=3,
                             return_estimator=True, return_indices=True)
    return results, X, y


def test_roc_from_cv_results_folds_as_scikit_learn_and_exact_mean(cv):
    results, X, y = cv
    ours = RocCurveDisplay.from_cv_results(results, X, y, name="LR", ax=_ax())
    theirs = skm.RocCurveDisplay.from_cv_results(results, X, y)
    for mine, sk in zip(ours.line_, theirs.line_):
        np.testing.assert_allclose(mine.get_xydata(), sk.get_xydata())
    np.testing.assert_allclose(ours.roc_auc, theirs.roc_auc)
    mean, std = np.mean(theirs.roc_auc), np.std(theirs.roc_auc)
    assert ours.mean_line_.get_label() == f"LR (AUC = {mean:.2f} ± {std:.2f})"
    # the mean curve is the exact vertical average: its area is the mean AUC
    x, t = ours.mean_line_.get_xdata(), ours.mean_line_.get_ydata()
    assert em.auc(x, t) == pytest.approx(mean, abs=1e-12)
    # the band is mean ± std of the folds' TPR at each FPR of the mean curve
    fold_tpr = np.array([np.interp(x[-1], f.get_xdata(), f.get_ydata())
                         for f in ours.line_])
    path = ours.std_band_.get_paths()[0].vertices
    assert [1.0, min(1, fold_tpr.mean() + fold_tpr.std())] in path.tolist()
    assert _legend_texts(ours.ax_) == [f"LR (AUC = {mean:.2f} ± {std:.2f})"]
    folds = {to_rgba(f.get_color()) for f in ours.line_}
    assert folds == {to_rgba(ours.mean_line_.get_color())}


def test_pr_from_cv_results_mean_step_curve_has_the_mean_ap(cv):
    results, X, y = cv
    ours = PrecisionRecallDisplay.from_cv_results(results, X, y, ax=_ax())
    tests = results["indices"]["test"]
    expected = [
        skm.average_precision_score(y[t], est.predict_proba(X[t])[:, 1])
        for est, t in zip(results["estimator"], tests)
    ]
    np.testing.assert_allclose(ours.average_precision, expected)
    # scikit-learn drops flat-recall points by default; ours keeps them (sawtooth)
    dropped = PrecisionRecallDisplay.from_cv_results(results, X, y, ax=_ax(),
                                                     drop_intermediate=True)
    theirs = skm.PrecisionRecallDisplay.from_cv_results(results, X, y)
    for mine, sk in zip(dropped.line_, theirs.line_):
        np.testing.assert_allclose(mine.get_xydata(), sk.get_xydata())
    r, p = ours.mean_line_.get_xdata(), ours.mean_line_.get_ydata()
    assert em.average_precision_from_curve(p, r) == pytest.approx(np.mean(expected))
    assert ours.mean_line_.get_drawstyle() == "steps-post"
    assert _legend_texts(ours.ax_) == [
        f"AP = {np.mean(expected):.2f} ± {np.std(expected):.2f}"
    ]


def test_from_cv_results_curve_kwargs_list_labels_each_fold(cv):
    results, X, y = cv
    styles = [{"color": c} for c in ("r", "g", "b")]
    display = RocCurveDisplay.from_cv_results(results, X, y, name=["f1", "f2", "f3"],
                                              curve_kwargs=styles, ax=_ax())
    aucs = display.roc_auc
    texts = _legend_texts(display.ax_)
    assert texts[:3] == [f"f{i + 1} (AUC = {a:.2f})" for i, a in enumerate(aucs)]
    assert texts[3].startswith("mean (AUC = ")
    assert [to_rgba(f.get_color()) for f in display.line_] == [
        to_rgba(c) for c in "rgb"
    ]
    with pytest.raises(ValueError, match="curve_kwargs is not a list"):
        RocCurveDisplay.from_cv_results(results, X, y, name=["a", "b", "c"])


def test_from_cv_results_checks_its_input(cv):
    results, X, y = cv
    with pytest.raises(ValueError, match="return_indices=True"):
        RocCurveDisplay.from_cv_results({"estimator": results["estimator"]}, X, y)
    with pytest.raises(ValueError, match="test folds hold 150"):
        PrecisionRecallDisplay.from_cv_results(results, X[:100], y[:100])
