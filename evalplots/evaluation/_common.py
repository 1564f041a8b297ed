"""What every evaluation shares: the models, the metrics table and its views."""

import contextlib
import functools
import numbers
import warnings
import zlib
from collections.abc import Mapping

import numpy as np

from evalplots.evaluation._notebook import NotebookView
from evalplots.evaluation._text_tables import EvaluationText
from evalplots.metrics.inference._bootstrap import check_n_resamples
from evalplots.metrics.inference._interval import check_confidence_level

#: the advice of an evaluation's infinite-log-loss warning: evaluate() and the
#: command have no eps, so it names what the user can change, the probabilities
FINITE_LOSS_HINT = ("nothing is clipped: for a finite log loss, give the true classes "
                    "probabilities above 0 (clip them, or write them with more decimals)")

__all__ = ["FINITE_LOSS_HINT", "Evaluation", "IntervalOptions", "cell_samples", "check_model_names",
           "check_random_state", "named_warnings"]

#: The fixed default bootstrap seed: a report is reproducible unless asked otherwise.
DEFAULT_SEED = 0


def check_random_state(random_state):
    """Return ``random_state`` as a non-negative int, drawing one when it is None.

    None draws fresh entropy once; the drawn seed is returned (and then shown in
    reports), so even a "random" run can be repeated with ``random_state=seed``.
    """
    if random_state is None:
        return int(np.random.SeedSequence().entropy % 2**63)
    if (isinstance(random_state, bool) or not isinstance(random_state, numbers.Integral)
            or random_state < 0):
        raise ValueError(f"random_state must be a non-negative integer seed or None, got "
                         f"{random_state!r}; e.g. random_state=0.")
    return int(random_state)


class IntervalOptions:
    """How an evaluation computes its confidence intervals, and their random streams.

    Parameters
    ----------
    confidence_level : float, default=0.95
        Nominal two-sided coverage in (0, 1).
    n_resamples : int, default=1000
        Bootstrap resamples (>= 2).
    random_state : int or None, default=0
        Bootstrap seed; None draws one (kept in ``random_state``).

    Attributes
    ----------
    confidence_level : float
    n_resamples : int
    random_state : int
        The seed actually used (drawn when None was passed).

    Raises
    ------
    ValueError
        If an option is out of range, naming it.

    Notes
    -----
    :meth:`rng` gives each computation its own stream, derived from the seed and
    a key (e.g. ``("bootstrap", "AP", model_name)``) through numpy's
    ``SeedSequence(seed, spawn_key=...)``: streams are independent, and one
    interval does not change when another is added or computed first. One
    stream may serve several models when their draws are the same: the binary
    AP/BEP bootstrap of the tables drawn as positions reads one resample of
    positions per class from ``("bootstrap", "AP, BEP")``, and a table drawn
    as a multinomial has its own ``("bootstrap", "AP, BEP", model)``; either
    way a model's interval depends on the seed, its own table and the class
    totals only.

    Examples
    --------
    >>> from evalplots.evaluation import IntervalOptions
    >>> opts = IntervalOptions(n_resamples=200)
    >>> opts.random_state, opts.n_resamples, opts.confidence_level
    (0, 200, 0.95)
    >>> float(opts.rng("a").random()) == float(opts.rng("a").random())
    True
    """

    def __init__(self, confidence_level=0.95, n_resamples=1000, random_state=DEFAULT_SEED):
        self.confidence_level = check_confidence_level(confidence_level)
        self.n_resamples = check_n_resamples(n_resamples)
        self.random_state = check_random_state(random_state)

    def rng(self, *key):
        """A numpy Generator for the computation named by ``key``.

        Parameters
        ----------
        *key : str or int
            Names the computation, e.g. ``("bootstrap", "AP", "model A")``.

        Returns
        -------
        rng : numpy.random.Generator

        Notes
        -----
        ``SeedSequence(random_state, spawn_key=crc32 of each key part)``.

        Examples
        --------
        >>> from evalplots.evaluation import IntervalOptions
        >>> a, b = IntervalOptions(), IntervalOptions()
        >>> int(a.rng("x").integers(10**6)) == int(b.rng("x").integers(10**6))
        True
        >>> int(a.rng("x").integers(10**6)) == int(a.rng("y").integers(10**6))
        False
        """
        spawn_key = tuple(zlib.crc32(str(part).encode("utf-8")) for part in key)
        return np.random.default_rng(np.random.SeedSequence(self.random_state,
                                                            spawn_key=spawn_key))

    def __repr__(self):
        return (f"IntervalOptions(confidence_level={self.confidence_level}, "
                f"n_resamples={self.n_resamples}, random_state={self.random_state})")


@contextlib.contextmanager
def named_warnings(name):
    """Re-issue the warnings raised inside the block prefixed with the model's name.

    A note such as "the break-even point is undefined" is useless in a report of
    five models unless it says which one.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    for w in caught:
        warnings.warn(f"{name}: {w.message}", w.category, stacklevel=3)


def cell_samples(matrix):
    """The cells of a confusion matrix as weighted (true, predicted) samples.

    ``(codes_true, codes_pred, weights)`` with one entry per cell: a count metric
    evaluated on them equals the metric on the samples the matrix counted (it
    depends on the samples only through the matrix), in O(k²) instead of O(n).
    """
    k = matrix.shape[0]
    codes = np.arange(k)
    return np.repeat(codes, k), np.tile(codes, k), np.asarray(matrix).ravel()


def check_model_names(predictions):
    """Return ``predictions`` as a dict after checking it maps names to arrays."""
    if not isinstance(predictions, Mapping) or not predictions:
        raise ValueError(
            "predictions must be a non-empty dict {model name: array}; wrap a single "
            "model's predictions as {'model': y_score}."
        )
    for name in predictions:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(
                f"model names (the keys of predictions) must be non-empty strings, got "
                f"{name!r}."
            )
    return dict(predictions)


class Evaluation(NotebookView, EvaluationText):
    """Shared behaviour of the binary, multi-class and regression evaluations.

    Not made directly: :func:`evalplots.evaluate` returns a subclass. Subclasses
    set ``task``, ``source`` (the
    :class:`~evalplots.evaluation._source.SummarySource` of their summaries),
    fill ``models`` (name -> per-model result) and implement ``_table()``
    returning a :class:`~evalplots.evaluation._table.MetricsTable`.

    Notes
    -----
    Everything is computed on first use and kept (``functools.cached_property``),
    so the table, the Displays and the report share one computation.

    Examples
    --------
    >>> from evalplots import evaluate
    >>> from evalplots.evaluation import Evaluation
    >>> isinstance(evaluate([0, 1], {"m": [0.3, 0.6]}), Evaluation)
    True
    """

    task = None
    #: Subgroups ({grouping: GroupEvaluation}) when evaluated with ``groups=``, else None.
    groups = None
    #: FoldEvaluation when evaluated with ``folds=``, else None.
    folds = None

    @property
    def model_names(self):
        """Model names, in the order given.

        Returns
        -------
        names : list of str

        Notes
        -----
        The order of ``predictions`` is the order of the table rows and legends.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> evaluate([0, 1, 1], {"b": [.2, .6, .9], "a": [.1, .8, .7]}).model_names
        ['b', 'a']
        """
        return list(self.models)

    @property
    def n_samples(self):
        """Number of samples (rows of ``y_true``), weight-0 samples included.

        Returns
        -------
        n : int

        Notes
        -----
        The rows summarized (``source.n_rows``): ``len(y_true)`` for
        :func:`evalplots.evaluate`.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> evaluate([0, 1, 1], {"m": [.2, .7, .4]}).n_samples
        3
        """
        return self.source.n_rows

    @property
    def weighted(self):
        """Whether the samples carry weights (counts are then sums of weights).

        Returns
        -------
        weighted : bool

        Notes
        -----
        ``sample_weight is not None`` for :func:`evalplots.evaluate`; for an
        evaluation merged from summaries, whether some row's weight differed
        from 1 (``source.weighted``).

        Examples
        --------
        >>> from evalplots import evaluate
        >>> evaluate([0, 1, 1], {"m": [.2, .7, .4]}, sample_weight=[1, 2, 1]).weighted
        True
        """
        return self.source.weighted

    def _summary_remarks(self):
        """Sentences for the metrics table saying it was built from merged summaries."""
        return self.source.remarks()

    def __getitem__(self, name):
        try:
            return self.models[name]
        except KeyError:
            raise KeyError(
                f"no model {name!r}; the models are {self.model_names}"
            ) from None

    @functools.cached_property
    def metrics_table(self):
        """The metrics table (computed once; see ``columns``).

        Returns
        -------
        table : MetricsTable
            One row per model.

        Notes
        -----
        Undefined values (0/0) are NaN, shown 'n/a', with the reason in
        ``table.notes``; the warning that said so names the model.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 1, 1, 0], {"m": [.2, .6, .9, .4]})
        >>> ev.metrics_table.rows["m"]["ROC AUC"]
        1.0
        """
        return self._table()

    @functools.cached_property
    def intervals(self):
        """Confidence intervals of the metrics table, per model (computed once).

        Returns
        -------
        intervals : IntervalTable
            ``{model: {column: ConfidenceInterval}}`` (a dict); a column without
            an interval is absent, and ``intervals.notes[column]`` says why.
            ``intervals.to_frame()`` gives one row per (model, metric).

        Notes
        -----
        At ``interval_options.confidence_level``, with
        ``interval_options.n_resamples`` resamples and one random stream per
        model and computation (so a result does not depend on the order of
        computation). Binary: DeLong for ROC AUC, stratified bootstrap BCa for
        AP and BEP, Wilson for accuracy, precision, recall, specificity and
        NPV, a bootstrap of the confusion cells (BCa) for F1, MCC and balanced
        accuracy, the ideal bootstrap standard error of the mean loss for
        Brier and log loss. Multi-class: Wilson for accuracy, bootstrap of the
        confusion cells for balanced accuracy, macro/weighted F1 and MCC, the
        mean-loss interval for log loss. Regression: bootstrap BCa of MAE,
        RMSE and R². See ``evalplots.evaluation._intervals`` for the reasons.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1, 1, 0], {"m": [.8, .3, .6, .7, .2, .4, .9, .1]})
        >>> print(ev.intervals["m"]["ROC AUC"], ev.intervals["m"]["ROC AUC"].method)
        0.94 [0.76, 1.00] delong
        >>> print(ev.intervals["m"]["Accuracy"], ev.intervals["m"]["Accuracy"].method)
        0.75 [0.41, 0.93] wilson
        """
        return self._intervals()

    @functools.cached_property
    def comparisons(self):
        """Every pair of models compared, with raw and Holm-adjusted p-values.

        Returns
        -------
        comparisons : ComparisonTable
            A list of ModelComparison (``model_a``, ``model_b``, ``test``,
            ``quantity``, ``difference``, ``ci``, ``pvalue``, ``pvalue_holm``,
            ``note``); empty with one model. ``comparisons.to_frame()`` gives a
            DataFrame.

        Notes
        -----
        Binary: paired DeLong test of the AUCs, McNemar's test at the threshold.
        Multi-class: McNemar on correct/incorrect, paired bootstrap of the
        macro-F1 difference. Regression: paired bootstraps of the MAE and R²
        differences (percentile interval; p from inverting it, see
        ``evalplots.evaluation._compare``). The p-values of one test over all
        pairs are Holm-adjusted together (Holm 1979): testing many pairs at
        once makes a chance "significant" pair likely otherwise.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> y = [1, 0, 0, 1, 0, 1, 1, 0]
        >>> ev = evaluate(y, {"a": [.8, .3, .6, .7, .2, .4, .9, .1],
        ...                   "b": [.6, .5, .4, .3, .7, .8, .9, .2]})
        >>> [(c.test, round(c.difference, 4), round(c.pvalue, 4)) for c in ev.comparisons]
        [('DeLong', 0.1875, 0.4436), ('McNemar', 0.125, 1.0)]
        """
        return self._comparisons()

    def to_frame(self):
        """The metrics table as a pandas DataFrame, one row per model.

        Returns
        -------
        frame : pandas.DataFrame of shape (n_models, n_metrics)

        Raises
        ------
        ImportError
            If pandas is not installed.

        Notes
        -----
        The same numbers as the report's summary table and ``_repr_html_``.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> evaluate([0, 1, 1, 0], {"m": [.2, .6, .9, .4]}).to_frame()["ROC AUC"].tolist()
        [1.0]
        """
        return self.metrics_table.to_frame()

    @property
    def display_kinds(self):
        """The kinds :meth:`display` builds, e.g. ``('calibration', ..., 'threshold')``."""
        suffix = "_display"
        return tuple(sorted(attr[:-len(suffix)] for attr in dir(type(self))
                            if attr.endswith(suffix) and not attr.startswith("_")))

    def _display_arguments(self, name):
        """The constructor arguments the Displays of the task share, for the model
        ``name``: each is passed to the Displays whose constructor takes it
        (:func:`evalplots.evaluation._displays.display_factory`)."""
        return {"name": name}

    def display(self, kind, name, **options):
        """A model's Display of ``kind``, built from the stored arrays, not yet drawn.

        One entry to every Display of the evaluation, beside the named methods
        (``ev.display("roc", name)`` is ``ev.roc_display(name)``).

        Parameters
        ----------
        kind : str
            One of :attr:`display_kinds`, e.g. ``'roc'``, ``'precision_recall'``,
            ``'confusion_matrix'``.
        name : str
            A model name.
        **options : dict
            Options of the named method, e.g. ``ci=True`` for ``'roc'``.

        Returns
        -------
        display : Display
            What ``<kind>_display(name, **options)`` returns; call ``.plot(...)``.

        Raises
        ------
        ValueError
            If ``kind`` is not one of :attr:`display_kinds`.
        KeyError
            If there is no such model.

        Notes
        -----
        Every Display is built from arrays the evaluation computed once (curves,
        counts, optima, bands): the Display only draws them. Each named method
        reads its arrays; one template (``evaluation._displays.display_factory``)
        builds the Display.

        Examples
        --------
        >>> from evalplots import evaluate
        >>> ev = evaluate([1, 0, 0, 1, 0, 1], {"m": [.45, .53, .24, .88, .57, .76]})
        >>> ev.display("roc", "m").plot().line_.get_label()
        'm (AUC = 0.78)'
        >>> "gain" in ev.display_kinds
        True
        """
        if kind not in self.display_kinds:
            shown = ", ".join(map(repr, self.display_kinds))
            raise ValueError(f"kind must be one of {shown}; got {kind!r}.")
        return getattr(self, f"{kind}_display")(name, **options)

    def save_figures(self, directory, format="pdf", *, dpi=300):
        """Write each figure of the standard report as its own file, for a paper.

        Parameters
        ----------
        directory : str or path-like
            Where to write; made (with its parents) if it does not exist. Files
            of the same names are replaced.
        format : {'pdf', 'svg', 'png'}, default='pdf'
            File format (and file name suffix).
        dpi : float, default=300
            Resolution of 'png' files (and of any raster part of the others).

        Returns
        -------
        paths : list of pathlib.Path
            The files written, in the report's order.

        Raises
        ------
        ValueError
            If ``format`` is not one of the three, or ``directory`` exists and is
            not a directory.
        OSError
            If a file cannot be written (files written before stay complete).

        Warns
        -----
        MissingGlyphWarning
            Once, when model or class names hold CJK characters and no installed
            font covers them (matplotlib draws boxes); install e.g. Noto Sans CJK.

        Notes
        -----
        The figures are the report's (the same recipe draws both), in
        :func:`evalplots.display.style.context` ``'paper'``: 8 pt text, figures of
        one panel one journal column wide (3.5 in), of two or more panels two
        columns (7 in). File names say what each file holds:

        - binary: ``roc_curves`` (with operating points and Youden optima),
          ``det_and_cumulative_gain_curves``, ``precision_recall_steps``,
          ``precision_recall_sawtooth`` (full range and detail, all models),
          ``metrics_vs_threshold`` (one panel per model),
          ``score_distributions`` (one panel per model), ``calibration`` (the
          models whose scores are probabilities; none when no model's are),
          ``confusion_matrix_<model>`` (rows = true class);
        - multi-class: ``classification_report_<model>``,
          ``one_vs_rest_curves_<model>`` (models with scores) and
          ``confusion_matrix_<model>``;
        - regression: ``prediction_errors_<model>``.

        ``<model>`` is the model name with characters file systems refuse
        (``<>:"/\\|?*``, controls) and whitespace turned into ``_``, letters of
        any script kept, cut to fit a file name's 255 bytes, and ``_2``, ``_3``
        added if two names end up alike, also alike to a file system that ignores
        case or Unicode normalisation (``RF`` and ``rf``, on macOS and Windows).
        PDF text is embedded TrueType (``pdf.fonttype = 42``): matplotlib's
        default, Type 3, is refused by many journals' checks. SVG text is drawn
        as outlines (``svg.fonttype = 'path'``): SVG cannot embed a font, so
        outlines look the same on every machine; use the PDF for editable text.
        CJK characters in model and class names are drawn in the same fallback
        font family as in the PDF report: an installed font that covers them
        (or a file named in ``EVALPLOTS_FONT_PATH``), after DejaVu Sans.
        Each file is written to a temporary file and then renamed (atomic): an
        error never leaves a half-written file. PDF and SVG files hold no date,
        so they are the same bytes on every run.

        Examples
        --------
        >>> import tempfile
        >>> from evalplots import evaluate
        >>> ev = evaluate([0, 1, 1, 0], {"my model": [.2, .6, .9, .4]})
        >>> [p.name for p in ev.save_figures(tempfile.mkdtemp(), format="svg")]
        ... # doctest: +NORMALIZE_WHITESPACE
        ['roc_curves.svg', 'det_and_cumulative_gain_curves.svg',
         'precision_recall_steps.svg', 'precision_recall_sawtooth.svg',
         'metrics_vs_threshold.svg', 'score_distributions.svg', 'calibration.svg',
         'confusion_matrix_my_model.svg']
        """
        # upward, into the report that draws the figures: imported on call, since at
        # module level it would be a cycle and load reportlab with every evaluation
        from evalplots.report.standard._figures import save_figures

        return save_figures(self, directory, format, dpi=dpi)

    def __repr__(self):
        return f"<{type(self).__name__}: {self._description()}>"
