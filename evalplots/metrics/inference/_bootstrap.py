"""Bootstrap confidence intervals (percentile and BCa) for any metric function.

Sources: Efron, "Better bootstrap confidence intervals", JASA 82 (1987); Efron &
Tibshirani, *An Introduction to the Bootstrap* (1993), §13.3 (percentile), §14.3
(BCa) and §11 (jackknife); Carpenter & Bithell, Statistics in Medicine 19 (2000);
Robin et al., pROC, BMC Bioinformatics 12:77 (2011) (stratified bootstrap of the AUC).
"""

import warnings

import numpy as np

from evalplots.exceptions import BootstrapWarning
from evalplots.metrics.ranking._auc import roc_auc_score
from evalplots.metrics.inference._interval import ConfidenceInterval, check_confidence_level
from evalplots.metrics.ranking._pr_scores import average_precision_score, break_even_point
from evalplots.metrics.inference._replicates import SortedBinary, StratifiedAuc, auc_jackknife
from evalplots.metrics.inference._resample import resample_plan

__all__ = ["bootstrap_ci", "check_n_resamples", "interval_from_replicates"]

_METHODS = ("bca", "percentile")

# Metrics with a fast kernel: the SortedBinary method and the keyword arguments
# the kernel understands (any other keyword sends the call to the generic loop).
_FAST = {
    roc_auc_score: ("roc_auc", {"sample_weight", "pos_label"}),
    average_precision_score: ("average_precision", {"sample_weight", "pos_label", "average"}),
    break_even_point: ("break_even_point", {"sample_weight", "pos_label"}),
}


def check_n_resamples(n_resamples, *, minimum=2):
    """Return ``n_resamples`` as an int >= ``minimum`` or raise naming it."""
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)) or (
        n_resamples < minimum
    ):
        raise ValueError(
            f"n_resamples must be an integer >= {minimum}, got {n_resamples!r}; "
            f"pass e.g. n_resamples=2000."
        )
    return int(n_resamples)


def bootstrap_ci(
    metric,
    y_true,
    y_pred,
    *,
    n_resamples=2000,
    method="bca",
    stratify=True,
    confidence_level=0.95,
    random_state=None,
    **metric_kwargs,
):
    """Bootstrap confidence interval of any metric ``metric(y_true, y_pred, **kw)``.

    Parameters
    ----------
    metric : callable
        ``metric(y_true, y_pred, **metric_kwargs) -> float``, e.g.
        :func:`roc_auc_score`, :func:`average_precision_score`,
        :func:`break_even_point`, :func:`f1_score`, :func:`log_loss`,
        :func:`mean_absolute_error`, :func:`r2_score`.
    y_true : array-like of shape (n_samples,)
        True labels or target values.
    y_pred : array-like of shape (n_samples,) or (n_samples, n_columns)
        Predictions: labels, scores, values, or a probability matrix (whose rows
        are resampled with ``y_true``).
    n_resamples : int, default=2000
        Number of bootstrap resamples B (at least 2).
    method : {'bca', 'percentile'}, default='bca'
        'bca': bias-corrected and accelerated (Efron 1987); 'percentile': the
        ``alpha/2`` and ``1 - alpha/2`` quantiles of the replicates.
    stratify : bool, default=True
        Resample within the classes of ``y_true`` (every resample keeps each
        class's count), when ``y_true`` holds class labels; see Notes.
    confidence_level : float, default=0.95
        Nominal coverage ``1 - alpha`` in (0, 1).
    random_state : None, int or numpy.random.Generator, default=None
        Seed of ``numpy.random.default_rng``; the same seed gives the same interval.
    **metric_kwargs
        Passed to ``metric``. ``sample_weight`` (shape (n_samples,)) is per row
        and is resampled with the rows; every other keyword is passed unchanged.

    Returns
    -------
    ci : ConfidenceInterval
        ``estimate`` (the metric on the full sample), ``low``, ``high``,
        ``method`` ('bootstrap-bca' or 'bootstrap-percentile': the method actually
        used) and ``confidence_level``.

    Raises
    ------
    ValueError
        If ``metric`` is not callable or does not return one finite number on the
        full sample, if ``method``, ``n_resamples`` or ``confidence_level`` is
        invalid, if ``y_true``, ``y_pred`` and ``sample_weight`` differ in length,
        or if the metric raises or returns NaN on a bootstrap resample (the error
        names the resample; NaNs are never dropped silently).

    Warns
    -----
    BootstrapWarning
        When every replicate is equal (zero-width interval), or when BCa is
        undefined (infinite bias correction ``z0`` -- the estimate at the edge of
        the bootstrap distribution, e.g. AUC = 1 -- or a 0/0 acceleration, or a
        jackknife sample on which the metric fails); the percentile interval is
        then returned, with ``method='bootstrap-percentile'``.

    Notes
    -----
    **Resampling.** Each resample draws n rows with replacement; with
    ``stratify=True`` and class labels in ``y_true`` it draws ``n_k`` rows with
    replacement within each class k (pROC's stratified bootstrap), so no
    resample lacks a class. ``y_true`` counts as class labels when it is 1-D and
    passes the label rule of :mod:`evalplots.metrics` (strings, bools, integers,
    whole-number floats; a fractional float is a regression target) and has at
    most ``max(2, n_samples // 5)`` distinct values; otherwise (regression
    targets, counts with many distinct values) resampling is plain, because
    strata of one or two rows would freeze those rows in every resample.

    **Percentile** (Efron & Tibshirani 1993, §13.3): ``[q(alpha/2), q(1-alpha/2)]``
    of the replicates ``theta*_b``, quantiles by linear interpolation.
    **BCa** (Efron 1987; Efron & Tibshirani §14.3, eq. 14.10-14.15):
    ``z0 = Phi^-1((#{theta* < theta_hat} + #{theta* <= theta_hat}) / 2B)`` (the
    mid-rank form of ``scipy.stats.bootstrap``),
    ``a = sum d_i^3 / (6 (sum d_i^2)^(3/2))`` with ``d_i = mean(theta_(.)) -
    theta_(i)`` over the jackknife values ``theta_(i)``, and the interval is
    ``[q(alpha_1), q(alpha_2)]`` with ``alpha_j = Phi(z0 + (z0 + z_j) / (1 - a
    (z0 + z_j)))``, ``z_1 = Phi^-1(alpha/2)``, ``z_2 = Phi^-1(1 - alpha/2)``.

    **Jackknife.** Leave-one-out for n <= 1000. For n > 1000, a delete-d
    jackknife over 1000 groups dealt in turn from the rows of each class (no
    random numbers): the acceleration is a ratio of the third to the 1.5th
    power of the second moment of the influence values, and both moments add
    over the rows of a group, so the grouped values estimate the same ``a`` at
    1000 metric evaluations instead of n.

    **Fast kernels.** For :func:`roc_auc_score`, :func:`average_precision_score`
    and :func:`break_even_point` (recognised by identity, with 1-D scores and
    keyword arguments among ``sample_weight``, ``pos_label``, ``average``), each
    resample is read as a vector of row multiplicities over the scores sorted
    once, and blocks of resamples are evaluated as cumulative sums over 2-D
    arrays. The unweighted stratified AUC needs only the larger class's counts:
    each draw of the other class reads its placement value (DeLong's
    ``2 #(beaten) + #(tied)``) off their cumulative sum; its jackknife values
    come from the full sample's placement values in O(n log n). The resamples
    and jackknife groups are the generic loop's for one ``random_state``
    (unweighted AUCs are bit-identical; AP and weighted values agree to rounding).
    Any other metric is called once per resample on the resampled rows.

    **scipy.** ``scipy.special.ndtr``/``ndtri`` give Phi and its inverse.
    ``scipy.stats.bootstrap`` is not called: it cannot stratify, its BCa
    jackknife is leave-one-out (n metric calls), and its resamples are arrays of
    values, not the multiplicity counts the fast kernels need. The formulas above
    are scipy's (the tests compare the two).

    Examples
    --------
    >>> import numpy as np
    >>> from evalplots.metrics import bootstrap_ci, roc_auc_score, mean_absolute_error
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 200)
    >>> score = y + rng.normal(size=200)
    >>> ci = bootstrap_ci(roc_auc_score, y, score, random_state=0)
    >>> print(ci, ci.method)
    0.76 [0.68, 0.82] bootstrap-bca
    >>> y_reg = rng.normal(size=100)
    >>> ci = bootstrap_ci(mean_absolute_error, y_reg, y_reg + rng.normal(size=100),
    ...                   method='percentile', random_state=0)
    >>> ci.method, ci.low < ci.estimate < ci.high
    ('bootstrap-percentile', True)
    """
    if not callable(metric):
        raise ValueError(
            f"metric must be a function metric(y_true, y_pred, **kwargs) -> float, got "
            f"{metric!r}; pass e.g. evalplots.metrics.roc_auc_score."
        )
    if method not in _METHODS:
        raise ValueError(f"method must be one of {_METHODS}, got {method!r}.")
    n_resamples = check_n_resamples(n_resamples)
    level = check_confidence_level(confidence_level)
    sample = _Sample(metric, y_true, y_pred, metric_kwargs)
    estimate = sample.evaluate(None, "the full sample")
    plan = resample_plan(sample.y_true, sample.n_samples, stratify=stratify)
    rng = np.random.default_rng(random_state)
    kernel = _fast_kernel(metric, sample, plan)
    if kernel is None:
        replicates = sample.replicates(plan.index_blocks(rng, n_resamples))
    else:
        replicates = kernel.replicates(plan, rng, n_resamples)
        sample.check_finite(replicates)
    return interval_from_replicates(
        replicates, estimate, level, method, lambda: _jackknife(sample, plan, kernel),
        stacklevel=4,
    )


def interval_from_replicates(replicates, estimate, level, method, jackknife, *, stacklevel=3):
    """The percentile or BCa interval of bootstrap ``replicates`` (finite floats).

    ``jackknife()`` returns the jackknife values (or None when undefined); it is
    called only for BCa. Falls back to the percentile interval, with a
    BootstrapWarning, where BCa is undefined (see :func:`bootstrap_ci`).
    ``stacklevel`` counts from the caller of this function.
    """
    alpha = 1.0 - level
    bounds = None
    if replicates.min() == replicates.max():
        _warn(
            f"all {replicates.size} bootstrap replicates equal {replicates[0]:.6g}, so "
            f"the interval has zero width",
            stacklevel=stacklevel,
        )
    elif method == "bca":
        bounds = _bca_bounds(replicates, estimate, alpha, jackknife, stacklevel + 1)
    if bounds is None:
        method = "percentile"
        bounds = np.quantile(replicates, [alpha / 2.0, 1.0 - alpha / 2.0])
    return ConfidenceInterval(
        estimate, float(bounds[0]), float(bounds[1]), f"bootstrap-{method}", level
    )


def _warn(reason, stacklevel=4):
    """Warn from bootstrap_ci's caller (``stacklevel`` counts from here)."""
    warnings.warn(
        f"{reason}; the percentile interval is returned.", BootstrapWarning,
        stacklevel=stacklevel,
    )


class _Sample:
    """The metric's inputs, indexable by rows, and its calls on resampled rows."""

    def __init__(self, metric, y_true, y_pred, metric_kwargs):
        self.metric = metric
        self.name = getattr(metric, "__name__", repr(metric))
        self.y_true = _rows(y_true)
        self.y_pred = _rows(y_pred)
        self.kwargs = dict(metric_kwargs)
        weight = self.kwargs.pop("sample_weight", None)
        self.weight = None if weight is None else _rows(weight)
        lengths = {"y_true": self.y_true, "y_pred": self.y_pred, "sample_weight": self.weight}
        sizes = {k: (v.shape[0] if v.ndim else 0) for k, v in lengths.items() if v is not None}
        if len(set(sizes.values())) != 1 or 0 in sizes.values():
            desc = ", ".join(f"{k} has {v}" for k, v in sizes.items())
            raise ValueError(
                f"bootstrap_ci resamples rows, so y_true, y_pred and sample_weight need "
                f"the same number of rows (> 0; a scalar has none); {desc}."
            )
        self.n_samples = sizes["y_true"]
        self._raw = (y_true, y_pred, weight)

    def evaluate(self, rows, where):
        """The metric on ``rows`` (None: the inputs as given) as a float."""
        if rows is None:
            y_true, y_pred, weight = self._raw
        else:
            y_true, y_pred = self.y_true[rows], self.y_pred[rows]
            weight = None if self.weight is None else self.weight[rows]
        kwargs = self.kwargs if weight is None else {**self.kwargs, "sample_weight": weight}
        try:
            value = self.metric(y_true, y_pred, **kwargs)
        except Exception as err:
            if rows is None:
                raise
            raise ValueError(f"{self.name} failed on {where}: {err}") from err
        if np.ndim(value) != 0:
            raise ValueError(
                f"{self.name} returned an array of shape {np.shape(value)} on {where}; "
                f"bootstrap_ci needs a metric that returns one number (e.g. pass "
                f"average='macro' rather than average=None)."
            )
        value = float(value)
        if not np.isfinite(value) and rows is None:
            raise ValueError(
                f"{self.name} is {value} on the full sample, so it has no interval; "
                f"check the inputs."
            )
        return value

    def replicates(self, index_blocks):
        """The metric on every resample (generic loop); raises on a NaN."""
        values = []
        for block in index_blocks:
            for rows in block:
                values.append(self.evaluate(rows, f"bootstrap resample {len(values)}"))
        values = np.asarray(values)
        self.check_finite(values)
        return values

    def check_finite(self, values):
        """Raise naming the first replicate that is NaN or inf."""
        bad = np.flatnonzero(~np.isfinite(values))
        if bad.size:
            raise ValueError(
                f"{self.name} returned NaN or inf on {bad.size} of {values.size} "
                f"bootstrap resamples (first: resample {bad[0]}); they are not dropped "
                f"silently. Use stratify=True, choose the metric's zero_division, or "
                f"a metric defined on every resample."
            )


def _rows(x):
    """``x`` as an ndarray whose first axis is the rows."""
    if hasattr(x, "to_numpy"):
        x = x.to_numpy()
    return np.asarray(x)


def _fast_kernel(metric, sample, plan):
    """The fast kernel for a recognised metric and call, or None (generic loop)."""
    try:
        name, allowed = _FAST[metric]
    except (KeyError, TypeError):  # not recognised, or unhashable
        return None
    if sample.y_pred.ndim != 1 or not set(sample.kwargs) <= allowed:
        return None
    data = SortedBinary(
        sample.y_true, sample.y_pred, pos_label=sample.kwargs.get("pos_label"),
        sample_weight=sample.weight,
    )
    kernel = _Kernel(getattr(data, name), data.position)
    if name == "roc_auc" and not data.weighted and len(plan.strata) == 2:
        kernel.draws_func = StratifiedAuc(data.score, data.positive, plan.strata)
    if name == "roc_auc" and not data.weighted:
        kernel.jackknife_func = lambda groups: auc_jackknife(data.score, data.positive, groups)
    return kernel


class _Kernel:
    """A count kernel (``func(counts) -> values``) and, optionally, a draw kernel."""

    def __init__(self, func, position):
        self.func, self.position = func, position
        self.draws_func = self.jackknife_func = None

    def replicates(self, plan, rng, n_resamples):
        if self.draws_func is not None:
            blocks = plan.draw_blocks(rng, n_resamples)
            return np.concatenate([self.draws_func(d) for d in blocks])
        blocks = plan.count_blocks(rng, n_resamples, self.position)
        return np.concatenate([self.func(c) for c in blocks])

    def jackknife(self, plan):
        """The statistic with each jackknife group's rows given multiplicity 0."""
        groups = plan.jackknife_groups()
        if self.jackknife_func is not None:
            return self.jackknife_func(groups)
        values = []
        for start in range(0, len(groups), plan.block):
            chunk = groups[start:start + plan.block]
            counts = np.ones((len(chunk), plan.n_samples), dtype=np.int64)
            for row, group in enumerate(chunk):
                counts[row, self.position[group]] = 0
            values.append(self.func(counts))
        return np.concatenate(values)


def _jackknife(sample, plan, kernel):
    """Jackknife values of the metric (None if the metric fails on one of them)."""
    if kernel is not None:
        values = kernel.jackknife(plan)
        return values if np.isfinite(values).all() else None
    groups = plan.jackknife_groups()
    keep = np.ones(plan.n_samples, dtype=bool)
    values = np.empty(len(groups))
    for g, group in enumerate(groups):
        keep[group] = False
        try:
            values[g] = sample.evaluate(np.flatnonzero(keep), f"jackknife sample {g}")
        except ValueError:
            return None
        keep[group] = True
    return values if np.isfinite(values).all() else None


def _bca_bounds(replicates, estimate, alpha, jackknife, stacklevel=4):
    """BCa quantiles of ``replicates`` or None (after a warning) when undefined."""
    n_resamples = replicates.size
    below = np.count_nonzero(replicates < estimate) + np.count_nonzero(replicates <= estimate)
    if below in (0, 2 * n_resamples):
        side = "below" if below == 0 else "above"
        _warn(
            f"the estimate {estimate:.6g} lies {side} every bootstrap replicate, so the "
            f"BCa bias correction z0 is infinite", stacklevel
        )
        return None
    from scipy.special import ndtr, ndtri  # scipy only when an interval is asked for

    z0 = ndtri(below / (2.0 * n_resamples))
    values = jackknife()
    if values is None:
        _warn("the metric is undefined on a jackknife sample, so the BCa acceleration is "
              "undefined", stacklevel)
        return None
    d = values.mean() - values
    spread = np.sum(d**2)
    if spread == 0:
        _warn("the jackknife values are all equal, so the BCa acceleration is 0/0", stacklevel)
        return None
    accel = np.sum(d**3) / (6.0 * spread**1.5)
    z = ndtri(np.array([alpha / 2.0, 1.0 - alpha / 2.0]))
    denom = 1.0 - accel * (z0 + z)
    if not (denom > 0).all():
        _warn(f"the BCa acceleration a = {accel:.3g} is too large for this level", stacklevel)
        return None
    levels = ndtr(z0 + (z0 + z) / denom)
    return np.quantile(replicates, levels)
