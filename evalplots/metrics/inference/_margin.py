"""One-sided tests of a difference against a margin: non-inferiority and superiority.

The question a team asks before replacing a model in service: is the new one at
least as good as the current one, up to a margin it accepts losing
(non-inferiority), or better by at least a margin (superiority)? Both are one
z-test of the paired difference, shifted by the margin.
"""

import math
from dataclasses import dataclass

from evalplots._docstrings import fill_doc
from evalplots.metrics._format import format_number, format_pvalue

__all__ = ["MarginTestResult", "margin_test"]

_SOURCES = """Blackwelder, W. C. (1982). "Proving the null hypothesis" in clinical trials.
    *Controlled Clinical Trials* 3(4), 345-353 (the shifted null hypothesis).
    Liu, J.-P., Ma, M.-C., Wu, C.-Y. and Tai, J.-Y. (2006). Tests of equivalence and
    non-inferiority for diagnostic accuracy based on the paired areas under ROC
    curves. *Statistics in Medicine* 25(7), 1219-1238 (with DeLong's variance)."""


@dataclass(frozen=True)
class MarginTestResult:
    """Result of :func:`margin_test`.

    Parameters
    ----------
    difference : float
        The estimate of metric(new) − metric(reference).
    margin : float
        The margin, >= 0, in the metric's units.
    bound : float
        The one-sided lower confidence bound of ``difference`` at
        ``confidence_level``.
    z : float
        The test statistic: ``(difference + margin) / se`` (non-inferiority)
        or ``(difference - margin) / se`` (superiority).
    pvalue : float
        One-sided p-value of the null hypothesis: ``Phi(-z)``.
    superiority : bool
        Which null hypothesis: ``difference <= margin`` (superiority) or
        ``difference <= -margin`` (non-inferiority).
    confidence_level : float
        The level of ``bound``; the test rejects at ``1 - confidence_level``.

    Notes
    -----
    ``passed`` (the property) is ``pvalue < 1 - confidence_level``, which is the
    same as ``bound`` lying above ``-margin`` (non-inferiority) or above
    ``margin`` (superiority).

    Examples
    --------
    >>> r = MarginTestResult(0.01, 0.02, -0.005, 2.0, 0.0228, False, 0.95)
    >>> r.passed, r.hypothesis
    (True, 'non-inferiority')
    """

    difference: float
    margin: float
    bound: float
    z: float
    pvalue: float
    superiority: bool
    confidence_level: float

    @property
    def hypothesis(self):
        """``'superiority'`` or ``'non-inferiority'``."""
        return "superiority" if self.superiority else "non-inferiority"

    @property
    def passed(self):
        """Whether the null hypothesis is rejected at ``1 - confidence_level``."""
        return bool(self.pvalue < 1.0 - self.confidence_level)

    def __str__(self):
        level = f"{100 * self.confidence_level:g}%"
        threshold = self.margin if self.superiority else -self.margin
        return (f"{self.hypothesis}: difference = {format_number(self.difference, 3)}, "
                f"one-sided {level} lower bound {format_number(self.bound, 3)} against "
                f"{format_number(threshold, 3)}, z = {format_number(self.z, 2)}, "
                f"p = {format_pvalue(self.pvalue)}")


@fill_doc(sources=_SOURCES)
def margin_test(difference, se, margin, *, superiority=False, confidence_level=0.95):
    """Test a difference against a margin, one-sided: non-inferiority or superiority.

    Parameters
    ----------
    difference : float
        The estimate of metric(new) − metric(reference), e.g. a difference of
        ROC AUCs from the paired DeLong test.
    se : float
        Its standard error, >= 0 (0: a degenerate test, decided by the sign of
        the shifted difference).
    margin : float
        The margin, >= 0, in the metric's units: the loss accepted
        (non-inferiority) or the gain required (superiority).
    superiority : bool, default=False
        Test H0: ``difference <= margin`` (the new one is not better by the
        margin) instead of H0: ``difference <= -margin`` (it is worse by more
        than the margin).
    confidence_level : float, default=0.95
        Level of the one-sided bound; the test rejects H0 at
        ``alpha = 1 - confidence_level``.

    Returns
    -------
    result : MarginTestResult

    Raises
    ------
    ValueError
        If ``difference`` is not finite, ``se`` or ``margin`` is negative or not
        finite, or ``confidence_level`` is not strictly between 0 and 1.

    Notes
    -----
    With ``d`` the difference and ``m`` the margin, non-inferiority tests
    H0: d <= −m against H1: d > −m by ``z = (d + m) / se`` and superiority
    H0: d <= m by ``z = (d − m) / se``; ``p = Phi(−z)``. The one-sided lower
    bound ``d − z_{1−alpha} se`` lies above the threshold (−m or m) exactly
    when ``p < alpha``.

    Sources:

    %(sources)s

    Examples
    --------
    >>> r = margin_test(-0.01, 0.01, 0.05)  # 1 point worse, 5 points allowed
    >>> round(r.z, 6), round(r.bound, 4), r.passed
    (4.0, -0.0264, True)
    >>> margin_test(-0.01, 0.01, 0.05, superiority=True).passed
    False
    """
    values = {"difference": difference, "se": se, "margin": margin}
    for name, value in values.items():
        if not isinstance(value, (int, float)) or isinstance(value, bool) \
                or not math.isfinite(value):
            raise ValueError(f"{name} must be a finite number, got {value!r}.")
    if se < 0 or margin < 0:
        name = "se" if se < 0 else "margin"
        raise ValueError(f"{name} must be >= 0, got {values[name]!r}; a margin is the "
                         f"size of the difference accepted, stated as a positive number.")
    if not isinstance(confidence_level, (int, float)) or not 0 < confidence_level < 1:
        raise ValueError(f"confidence_level must be strictly between 0 and 1, got "
                         f"{confidence_level!r}.")
    from scipy.special import ndtr, ndtri  # scipy only when a test is asked for

    shifted = difference - margin if superiority else difference + margin
    if se > 0:
        z = shifted / se
    else:
        z = math.copysign(math.inf, shifted) if shifted != 0 else 0.0
    bound = difference - float(ndtri(confidence_level)) * se
    return MarginTestResult(float(difference), float(margin), float(bound), float(z),
                            float(ndtr(-z)), bool(superiority), float(confidence_level))

