"""Calibration beyond the reliability diagram: logistic recalibration and Spiegelhalter's test.

Logistic recalibration (Cox 1958) regresses the outcome on the log-odds of the
predicted probability. The slope says whether the predictions are too extreme
(< 1, the mark of overfitting) or too modest (> 1); the intercept with the slope
fixed at 1 (calibration-in-the-large) whether they are too high (< 0) or too
low (> 0) on average. Both are fitted here by Newton's method (for the logistic
likelihood, the same steps as iteratively reweighted least squares), in numpy,
with Wald intervals from the observed information. Spiegelhalter's z-test asks
whether the Brier score is what calibrated predictions would give.
"""

import math
import warnings
from dataclasses import dataclass

import numpy as np

from evalplots._docstrings import fill_doc
from evalplots.exceptions import UndefinedMetricWarning
from evalplots.metrics._format import format_number, format_pvalue
from evalplots.metrics._labels import binary_positive_mask
from evalplots.metrics._validation import (
    as_1d,
    check_consistent_length,
    check_sample_weight,
    check_weight_total,
)
from evalplots.metrics.classification._logloss import _check_prob
from evalplots.metrics.inference._interval import ConfidenceInterval, check_confidence_level
from evalplots.metrics.inference._pvalue import two_sided_normal_pvalue

__all__ = [
    "CalibrationSlopeIntercept",
    "SpiegelhalterTestResult",
    "calibration_slope_intercept",
    "logistic_recalibration",
    "spiegelhalter_z_test",
]

_SOURCES = """D. R. Cox, "Two further applications of a model for binary regression",
    *Biometrika* 45(3/4):562-565, 1958; E. W. Steyerberg, *Clinical Prediction
    Models*, 2nd ed., Springer 2019, §15.3; B. Van Calster, D. Nieboer, Y.
    Vergouwe, B. De Cock, M. J. Pencina and E. W. Steyerberg, "A calibration
    hierarchy for risk models was defined: from utopia to empirical data",
    *J. Clin. Epidemiol.* 74:167-176, 2016."""

#: Newton's method stops when no coefficient moves by more than this
_TOL = 1e-12
_MAX_ITER = 100


def _binary_probabilities(y_true, y_prob, pos_label, sample_weight):
    """``(outcome as float 0/1, probabilities, weights or None)``, validated."""
    y = as_1d(y_true, "y_true")
    prob = as_1d(y_prob, "y_prob")
    check_consistent_length(y_true=y, y_prob=prob)
    prob, _ = _check_prob(prob, prob.shape[0])
    outcome = binary_positive_mask(y, pos_label).astype(np.float64)
    w = check_sample_weight(sample_weight, y.shape[0])
    check_weight_total(w)
    mass = (lambda m: np.count_nonzero(m)) if w is None else (lambda m: w[m].sum())
    for name, mask in (("positive", outcome == 1), ("negative", outcome == 0)):
        if mass(mask) == 0:
            raise ValueError(
                f"y_true holds no {name} sample{'' if w is None else ' of non-zero weight'}; "
                f"calibration against outcomes needs both classes."
            )
    return outcome, prob, w


def _logit(prob):
    extreme = (prob == 0) | (prob == 1)
    if extreme.any():
        raise ValueError(
            f"y_prob holds {np.count_nonzero(extreme)} probabilities of exactly 0 or 1, "
            f"whose log-odds are infinite, so the logistic recalibration is undefined "
            f"(e.g. {prob[extreme][0]!r}); nothing is clipped: pass probabilities "
            f"strictly inside (0, 1), or use the models' unrounded outputs."
        )
    return np.log(prob) - np.log1p(-prob)


def _expit(x):
    return 0.5 * (1.0 + np.tanh(0.5 * x))  # exact in both tails, no overflow warning


def _log_likelihood(eta, outcome, ww):
    # log σ(η) = −log(1 + e^−η), log(1 − σ(η)) = −log(1 + e^η)
    return float(-np.sum(ww * (outcome * np.logaddexp(0.0, -eta)
                               + (1.0 - outcome) * np.logaddexp(0.0, eta))))


def logistic_recalibration(outcome, lp, w, *, fit_slope):
    """Maximum-likelihood ``(coefficients, covariance)`` of ``logit P(y) = a + b · lp``
    (``fit_slope``) or ``a + lp`` (the slope fixed at 1: an offset), by Newton's
    method from the calibrated start (a, b) = (0, 1) (or the prevalence's
    log-odds, if its likelihood is higher); None when it does not converge (separated data:
    the estimate is infinite)."""
    X = np.column_stack([np.ones_like(lp), lp]) if fit_slope else np.ones((lp.size, 1))
    offset = np.zeros_like(lp) if fit_slope else lp
    ww = np.ones_like(lp) if w is None else w
    # start at the calibrated point, or at the prevalence if that fits better
    # (log-odds so far off that every probability rounds to 0 or 1)
    prevalence = float(np.sum(ww * outcome) / np.sum(ww))
    constant = math.log(prevalence / (1.0 - prevalence))
    starts = ([np.array([0.0, 1.0]), np.array([constant, 0.0])] if fit_slope
              else [np.array([0.0]), np.array([constant - float(np.average(lp, weights=ww))])])
    fits = [(_log_likelihood(X @ b + offset, outcome, ww), i) for i, b in enumerate(starts)]
    beta = starts[max(fits)[1]]
    eta = X @ beta + offset
    for _ in range(_MAX_ITER):
        mu = _expit(eta)
        gradient = X.T @ (ww * (outcome - mu))
        information = (X * (ww * mu * (1.0 - mu))[:, None]).T @ X
        try:
            step = np.linalg.solve(information, gradient)
        except np.linalg.LinAlgError:
            return None
        beta = beta + step
        eta = X @ beta + offset
        if not np.isfinite(beta).all():
            return None
        if np.max(np.abs(step)) <= _TOL * max(1.0, np.max(np.abs(beta))):
            mu = _expit(eta)
            information = (X * (ww * mu * (1.0 - mu))[:, None]).T @ X
            try:
                return beta, np.linalg.inv(information)
            except np.linalg.LinAlgError:
                return None
    return None


@dataclass(frozen=True)
class CalibrationSlopeIntercept:
    """Result of :func:`calibration_slope_intercept`.

    Parameters
    ----------
    slope : ConfidenceInterval
        The calibration slope b of ``logit P(y = 1) = a + b · logit(p)``, with
        its Wald interval; 1 for calibrated predictions.
    intercept : ConfidenceInterval
        Calibration-in-the-large: a of ``logit P(y = 1) = a + logit(p)`` (slope
        fixed at 1), with its Wald interval; 0 for calibrated predictions.

    Notes
    -----
    ``str()`` gives one line for a report:
    ``slope = 0.912 [0.801, 1.023], intercept = -0.054 [-0.187, 0.079] (95% CI)``.

    Examples
    --------
    >>> from evalplots.metrics import CalibrationSlopeIntercept, ConfidenceInterval
    >>> print(CalibrationSlopeIntercept(
    ...     ConfidenceInterval(0.912, 0.801, 1.023, "wald", 0.95),
    ...     ConfidenceInterval(-0.054, -0.187, 0.079, "wald", 0.95)))
    slope = 0.912 [0.801, 1.023], intercept = -0.054 [-0.187, 0.079] (95% CI)
    """

    slope: ConfidenceInterval
    intercept: ConfidenceInterval

    def __str__(self):
        level = f"{100 * self.slope.confidence_level:g}%"
        return (f"slope = {self.slope.format(3)}, intercept = "
                f"{self.intercept.format(3)} ({level} CI)")


def _wald(estimate, variance, level):
    from scipy.special import ndtri  # scipy only when an interval is asked for

    half = float(ndtri(0.5 + level / 2.0)) * math.sqrt(max(variance, 0.0))
    return ConfidenceInterval(float(estimate), float(estimate - half), float(estimate + half),
                              "wald", level)


def _undefined(level, stacklevel):
    warnings.warn(
        "the logistic recalibration did not converge: the predicted log-odds "
        "separate the classes (every positive ranked above every negative, or the "
        "reverse), so the maximum-likelihood slope is infinite; slope and intercept "
        "are NaN.", UndefinedMetricWarning, stacklevel=stacklevel + 1)
    nan = ConfidenceInterval(math.nan, math.nan, math.nan, "wald", level)
    return CalibrationSlopeIntercept(nan, nan)


@fill_doc(sources=_SOURCES)
def calibration_slope_intercept(
    y_true, y_prob, *, pos_label=None, sample_weight=None, confidence_level=0.95
):
    """Calibration slope and calibration-in-the-large, with Wald intervals.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. With labels other than {0, 1}, {-1, 1} or
        {False, True}, ``pos_label`` must be given.
    y_prob : array-like of shape (n_samples,)
        Predicted probability of the positive class, strictly inside (0, 1).
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for the label sets
        above.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights, as frequency weights in the likelihood.
    confidence_level : float, default=0.95
        Coverage of the two Wald intervals, in (0, 1).

    Returns
    -------
    result : CalibrationSlopeIntercept
        ``slope`` and ``intercept``, each a :class:`ConfidenceInterval`
        (method ``'wald'``).

    Raises
    ------
    ValueError
        If ``y_prob`` holds values outside (0, 1) (a probability of exactly 0
        or 1 has infinite log-odds: nothing is clipped), NaN or inf; if the
        arrays are not 1-D or differ in length; if ``y_true`` lacks a class,
        has more than two or an ambiguous positive class; if ``sample_weight``
        is invalid; if ``confidence_level`` is not in (0, 1).

    Warns
    -----
    UndefinedMetricWarning
        When the log-odds separate the classes, so that the maximum-likelihood
        slope is infinite: both results are then NaN.

    Notes
    -----
    Logistic recalibration (Cox 1958). With the linear predictor
    :math:`\\eta_i = \\log(p_i / (1 - p_i))`,

    - the **calibration slope** is :math:`\\hat b` of the logistic model
      :math:`\\operatorname{logit} P(y_i = 1) = a + b\\,\\eta_i`;
    - the **calibration intercept** (calibration-in-the-large) is
      :math:`\\hat a` of :math:`\\operatorname{logit} P(y_i = 1) = a + \\eta_i`,
      the slope fixed at 1 (:math:`\\eta` an offset).

    Calibrated predictions give b = 1 and a = 0 (Van Calster et al. 2016's
    "weak calibration"). Both models are fitted by maximum likelihood with
    Newton's method from (a, b) = (0, 1), to a relative step of 1e-12; the
    Wald interval is :math:`\\hat\\theta \\pm z_{1-\\alpha/2}
    \\sqrt{[I(\\hat\\theta)^{-1}]_{\\theta\\theta}}`, I the information
    :math:`X^\\top \\operatorname{diag}(w\\,\\mu(1-\\mu)) X`. The values equal
    statsmodels' ``Logit(y, [1, η])`` and ``GLM(y, 1, family=Binomial(),
    offset=η)``. R's ``rms::val.prob`` reports the same slope; its
    "Intercept" is the *a* of the two-parameter model, not the
    calibration-in-the-large given here.

    Sources:
    %(sources)s

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import calibration_slope_intercept
    >>> rng = np.random.default_rng(0)
    >>> eta = rng.normal(size=2000)
    >>> y = rng.random(2000) < 1 / (1 + np.exp(-eta))
    >>> too_extreme = 1 / (1 + np.exp(-2 * eta))  # log-odds doubled
    >>> print(calibration_slope_intercept(y, too_extreme))
    slope = 0.507 [0.449, 0.565], intercept = 0.096 [-0.017, 0.209] (95% CI)
    """
    level = check_confidence_level(confidence_level)
    outcome, prob, w = _binary_probabilities(y_true, y_prob, pos_label, sample_weight)
    lp = _logit(prob)
    slope_fit = logistic_recalibration(outcome, lp, w, fit_slope=True)
    intercept_fit = logistic_recalibration(outcome, lp, w, fit_slope=False)
    if slope_fit is None or intercept_fit is None:
        return _undefined(level, stacklevel=2)
    (_, b), cov_b = slope_fit
    (a,), cov_a = intercept_fit
    return CalibrationSlopeIntercept(_wald(b, cov_b[1, 1], level), _wald(a, cov_a[0, 0], level))


@dataclass(frozen=True)
class SpiegelhalterTestResult:
    """Result of :func:`spiegelhalter_z_test`.

    Parameters
    ----------
    z : float
        Spiegelhalter's statistic; positive when the Brier score is larger than
        calibrated predictions would give.
    pvalue : float
        Two-sided p-value of H0: the predictions are calibrated.

    Notes
    -----
    ``str()`` gives ``z = 1.23, p = 0.219 (Spiegelhalter's test)``.

    Examples
    --------
    >>> from evalplots.metrics import SpiegelhalterTestResult
    >>> print(SpiegelhalterTestResult(1.23, 0.2187))
    z = 1.23, p = 0.2187 (Spiegelhalter's test)
    """

    z: float
    pvalue: float

    def __str__(self):
        return (f"z = {format_number(self.z, 2)}, p = {format_pvalue(self.pvalue)} "
                f"(Spiegelhalter's test)")


def spiegelhalter_z_test(y_true, y_prob, *, pos_label=None, sample_weight=None):
    """Spiegelhalter's z-test of calibration, from the Brier score.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. With labels other than {0, 1}, {-1, 1} or
        {False, True}, ``pos_label`` must be given.
    y_prob : array-like of shape (n_samples,)
        Predicted probability of the positive class, in [0, 1].
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None means 1 (True) for the label sets
        above.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights (frequency weights).

    Returns
    -------
    result : SpiegelhalterTestResult
        ``z`` and the two-sided ``pvalue``.

    Raises
    ------
    ValueError
        If ``y_prob`` holds values outside [0, 1], NaN or inf; if the arrays
        are not 1-D or differ in length; if ``y_true`` lacks a class, has more
        than two or an ambiguous positive class; if ``sample_weight`` is
        invalid.

    Warns
    -----
    UndefinedMetricWarning
        When every probability is 0, ½ or 1, so that the variance of the
        statistic is 0: z and the p-value are then NaN.

    Notes
    -----
    Under H0 (:math:`y_i \\sim \\text{Bernoulli}(p_i)`) the Brier sum
    :math:`\\sum_i (y_i - p_i)^2` has mean :math:`\\sum_i p_i(1 - p_i)` and
    variance :math:`\\sum_i (1 - 2p_i)^2 p_i (1 - p_i)`, so

    .. math::
        z = \\frac{\\sum_i (y_i - p_i)(1 - 2p_i)}
        {\\sqrt{\\sum_i (1 - 2p_i)^2\\, p_i (1 - p_i)}}, \\qquad p = 2\\,\\Phi(-|z|)

    (:math:`(y - p)^2 - p(1 - p) = (y - p)(1 - 2p)` for y in {0, 1}); weights
    multiply each term. D. J. Spiegelhalter, "Probabilistic prediction in
    patient management and clinical trials", *Statistics in Medicine*
    5(5):421-433, 1986; R's ``rms::val.prob`` reports it as ``S:z`` and
    ``S:p``.

    Examples
    --------
    >>> from evalplots.metrics import spiegelhalter_z_test
    >>> print(spiegelhalter_z_test([0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.3, 0.9]))
    z = -1.03, p = 0.3017 (Spiegelhalter's test)
    """
    outcome, prob, w = _binary_probabilities(y_true, y_prob, pos_label, sample_weight)
    ww = 1.0 if w is None else w
    spread = 1.0 - 2.0 * prob
    numerator = float(np.sum(ww * (outcome - prob) * spread))
    variance = float(np.sum(ww * spread * spread * prob * (1.0 - prob)))
    if variance <= 0.0:
        warnings.warn(
            "every probability is 0, 1/2 or 1, so the Brier score has no variance "
            "under calibration and Spiegelhalter's z is undefined (0/0): z and p are NaN.",
            UndefinedMetricWarning, stacklevel=2)
        return SpiegelhalterTestResult(math.nan, math.nan)
    z = numerator / math.sqrt(variance)
    return SpiegelhalterTestResult(z, two_sided_normal_pvalue(z))
