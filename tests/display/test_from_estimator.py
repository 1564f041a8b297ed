"""from_estimator of the ROC and P-R Displays: the positive column of predict_proba,
pos_label and decision_function, on a fitted scikit-learn model.
"""

import numpy as np
import pytest
import sklearn.metrics as skm

from evalplots.display import PrecisionRecallDisplay, RocCurveDisplay

from tests.support import _ax


@pytest.fixture(scope="module")
def fitted():
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    X, y = make_classification(n_samples=120, random_state=0)
    labels = np.array(["no", "yes"])[y]
    return LogisticRegression().fit(X, labels), X, labels


@pytest.mark.parametrize("Display", [RocCurveDisplay, PrecisionRecallDisplay])
def test_from_estimator_uses_the_positive_column_of_predict_proba(Display, fitted):
    clf, X, y = fitted
    with pytest.raises(ValueError, match="ambiguous; pass pos_label"):
        Display.from_estimator(clf, X, y)  # the project's label rule: 'no'/'yes'
    ours = Display.from_estimator(clf, X, y, pos_label="yes", ax=_ax())
    direct = Display.from_predictions(y, clf.predict_proba(X)[:, 1], pos_label="yes",
                                      name="LogisticRegression", ax=_ax())
    np.testing.assert_allclose(ours.line_.get_xydata(), direct.line_.get_xydata())
    assert ours.line_.get_label() == direct.line_.get_label()
    assert ours.pos_label == "yes"
    sk_display = getattr(skm, Display.__name__).from_estimator(clf, X, y)
    np.testing.assert_allclose(ours.line_.get_xydata(), sk_display.line_.get_xydata())


def test_from_estimator_pos_label_and_decision_function(fitted):
    clf, X, y = fitted
    neg = RocCurveDisplay.from_estimator(clf, X, y, pos_label="no",
                                         response_method="decision_function", ax=_ax())
    expected = skm.roc_auc_score(y == "no", -clf.decision_function(X))
    assert neg.roc_auc == pytest.approx(expected)
    assert neg.pos_label == "no"
    with pytest.raises(ValueError, match="pos_label"):
        RocCurveDisplay.from_estimator(clf, X, y, pos_label="maybe")
