"""Shared pytest fixtures.

Image tests need a deterministic rendering setup: the Agg backend, a fixed style and
font (DejaVu Sans, shipped inside matplotlib), and a fixed SVG hash salt. Nothing here
changes rcParams globally: each test runs inside ``matplotlib.rc_context``.
"""

import matplotlib

matplotlib.use("Agg")

import pathlib  # noqa: E402
import tempfile  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from tests import support  # noqa: E402
from tests.support import DETERMINISTIC_RC, stubbed_figures  # noqa: E402


def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true",
                     help="also run the tests marked slow (tens of seconds each)")


# The longest tests (tens of seconds each on two cores: report builds in a loop,
# subprocess runs of the command, scikit-learn's suite) run first, so that under
# `pytest -n auto --dist worksteal` (the README's command) no worker is left alone
# with one of them at the end of the run: the first worker's share starts with them,
# and an idle worker steals tests still queued for a busy one. (xdist's default
# --dist load would give the first worker all of them in one fixed first chunk.)
# Whole modules where the tests share a module-scoped fixture. A name that no longer
# matches only loses its place at the front.
LONG_FIRST = (
    "tests/dask/test_evaluate.py::",  # one LocalCluster of worker processes for the module
    "tests/metrics/test_sklearn_suite.py::",
    "tests/report/test_print_ready.py::",  # module-scoped cells: one worker builds each once
    "tests/cli/test_interrupts.py::test_ctrl_c_at_points_over_the_run",
    "tests/docs/test_readme.py::test_source_date_epoch_rerun_is_byte_identical",
    "tests/report/test_save_figures.py::test_save_figures_and_report_share_the_fallback_family",
    "tests/report/test_size.py::",
    "tests/cli/test_command.py::test_broken_stdout_pipe_keeps_success",
    "tests/evaluation/test_intervals.py::test_cli_interval_options",
    "tests/report/test_layout.py::test_eight_models_no_page_holds_only_a_caption",
    "tests/metrics/test_ranking.py::test_differential_binary_curves",
)


def _long_first(item):
    for rank, prefix in enumerate(LONG_FIRST):
        if item.nodeid.startswith(prefix):
            return rank
    return len(LONG_FIRST)


def pytest_configure(config):
    # before any test module is imported: the property tests' example counts
    if config.getoption("--run-slow"):
        support.THOROUGH = True
        support.SETTINGS = support.settings(support.SETTINGS,
                                            max_examples=support.examples(60))


def pytest_collection_modifyitems(config, items):
    items.sort(key=_long_first)  # stable: every other test keeps its place
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow; run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def _no_temporary_folders_left(tmp_path_factory):
    """Route :mod:`tempfile` into pytest's own (rotated) temporary tree for the
    session, and fail if an ``evalplots-*`` entry is left there: each run used to
    leave an ``evalplots-gallery-*`` folder in the system temporary directory."""
    scratch = tmp_path_factory.mktemp("tempfile")
    previous = tempfile.tempdir
    tempfile.tempdir = str(scratch)
    yield scratch
    tempfile.tempdir = previous
    left = sorted(p.name for p in scratch.glob("evalplots-*"))
    assert not left, f"the tests left temporary folders behind: {left}"


@pytest.fixture(autouse=True)
def _deterministic_matplotlib():
    """Run every test under the fixed rcParams above (../conftest.py closes its
    figures after)."""
    with matplotlib.rc_context(DETERMINISTIC_RC):
        yield


@pytest.fixture(scope="session")
def binary_sample_report(tmp_path_factory):
    """The standard report of the bundled binary sample, built once per session
    (per xdist worker): ``data``, ``evaluation`` (200 resamples) and the PDF's
    ``path``. Page and layout tests read it instead of building their own."""
    from evalplots.datasets import load_breast_cancer_predictions
    from evalplots.evaluation import evaluate
    from evalplots.report import evaluation_report

    data = load_breast_cancer_predictions()
    ev = evaluate(data.y_true, data.scores, label_names=data.label_names,
                  n_resamples=200)
    path = evaluation_report(ev, invariant=True).save(
        tmp_path_factory.mktemp("binary_sample") / "report.pdf")
    return SimpleNamespace(data=data, evaluation=ev, path=path)


@pytest.fixture(scope="session")
def binary_sample_report_without_intervals(tmp_path_factory):
    """The standard report of the bundled binary sample with ``ci=False`` (the plain
    metrics table), its description and class names given, built once per session:
    ``data``, ``report``, the progress ``steps`` it reported and the PDF's ``path``."""
    from evalplots.datasets import load_breast_cancer_predictions
    from evalplots.report import evaluation_report

    data = load_breast_cancer_predictions()
    steps = []
    report = evaluation_report(
        data.y_true, data.scores, pos_label=1, label_names=data.label_names,
        description=data.description, invariant=True, ci=False,
        progress=lambda step, done, total: steps.append((step, done, total)),
    )
    path = report.save(tmp_path_factory.mktemp("binary_sample_without_intervals")
                       / "report.pdf")
    return SimpleNamespace(data=data, report=report, steps=steps, path=path)


@pytest.fixture
def stub_figures():
    """Reports built in the test get blank figures of the right size (see
    stub_figure_drawing): for tests of where things fall on the pages. The
    fixture's value: the figures stood in for."""
    with stubbed_figures() as figures:
        yield figures


@pytest.fixture(scope="session")
def random_models_report(tmp_path_factory):
    """A function: ``n_models`` -> the PDF of the standard report of that many models
    of random scores on 300 random binary labels (50 resamples), with blank figures
    of the real size (stubbed_figures); each built once per session (per worker).
    Page-filling tests of fill and layout read the same reports."""
    built = {}

    def build(n_models):
        if n_models not in built:
            from evalplots.evaluation import evaluate
            from evalplots.report import evaluation_report

            rng = np.random.default_rng(5)
            y = rng.integers(0, 2, 300)
            scores = {f"model_{i}": rng.random(300) for i in range(n_models)}
            with stubbed_figures():
                report = evaluation_report(evaluate(y, scores, n_resamples=50),
                                           invariant=True)
                built[n_models] = report.save(
                    tmp_path_factory.mktemp("random_models") / f"m{n_models}.pdf")
        return built[n_models]

    return build


# Worked examples of the seeds (../shared/seeds), shared by the Display, image and
# gallery tests. Each fixture returns the inputs and the values they must give.


@pytest.fixture
def watermelon():
    """Seed 000 (Zhou Zhihua, *Machine Learning* §2.3): six scored melons, m+ = 3.

    Ranked by score the labels read [1, 1, 0, 0, 1, 0]; ``sawtooth`` lists the
    textbook (R, P) operating points, highest threshold first.
    """
    return SimpleNamespace(
        y_true=[1, 0, 0, 1, 0, 1],
        y_score=[0.45, 0.53, 0.24, 0.88, 0.57, 0.76],
        ranked=[1, 1, 0, 0, 1, 0],
        sawtooth=[(1 / 3, 1), (2 / 3, 1), (2 / 3, 2 / 3), (2 / 3, 1 / 2), (1, 3 / 5), (1, 1 / 2)],
        break_even=2 / 3,
        average_precision=13 / 15,
        roc_auc=7 / 9,
    )


@pytest.fixture
def blog16():
    """Seed 004 (blog on P-R/ROC curves): 16 samples, 7 positives, tied scores."""
    return SimpleNamespace(
        y_true=[0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0],
        y_score=[0.2, 0.28, 0.1, 0.6, 0.5, 0.3, 0.6, 0.8, 0.2, 0.25, 0.4, 0.2, 0.5, 0.3, 0.18, 0.18],
        fpr=np.array([0, 0, 1, 2, 3, 4, 4, 4, 7, 8, 9]) / 9,
        tpr=np.array([0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 7]) / 7,
        roc_auc=2 / 3,
    )


@pytest.fixture
def three_class():
    """The issue's 3-class example; ``confusion_matrix`` has rows = true class."""
    return SimpleNamespace(
        y_true=[0, 1, 2, 0, 1, 2, 0, 2, 2],
        y_pred=[0, 2, 1, 0, 2, 1, 0, 0, 2],
        confusion_matrix=np.array([[3, 0, 0], [0, 0, 2], [1, 2, 1]]),
    )


@pytest.fixture
def iris30():
    """A fixed 3-class example (the issue's OvR figures): 30 samples, 10 per class,
    probabilities in tenths (many tied scores), columns in the order of ``classes``."""
    # fmt: off
    codes = [2, 2, 2, 0, 2, 1, 1, 2, 1, 1, 0, 2, 1, 1, 0,
             1, 0, 0, 0, 0, 2, 1, 1, 0, 0, 2, 0, 2, 1, 2]
    tenths = [[0, 2, 8], [2, 1, 7], [0, 7, 3], [9, 1, 0], [2, 6, 2], [2, 4, 4],
              [0, 5, 5], [4, 3, 3], [3, 1, 6], [1, 3, 6], [7, 3, 0], [1, 3, 6],
              [1, 3, 6], [3, 6, 1], [5, 1, 4], [1, 8, 1], [7, 2, 1], [6, 3, 1],
              [4, 3, 3], [8, 1, 1], [0, 3, 7], [2, 7, 1], [1, 7, 2], [9, 1, 0],
              [7, 3, 0], [0, 3, 7], [8, 1, 1], [1, 1, 8], [0, 6, 4], [1, 4, 5]]
    # fmt: on
    classes = np.array(["setosa", "versicolor", "virginica"])
    return SimpleNamespace(
        classes=classes,
        codes=np.array(codes),
        y_true=classes[codes],
        y_score=np.array(tenths) / 10,
    )


def _measure_readability(display):
    """Draw ``display``'s figure with Agg; check labels and cell texts by extent.

    Asserts that the axes has a positive size, that every tick label lies inside the
    figure, that no two tick labels of an axis overlap and that every cell text lies
    within its cell (width and height); returns the numbers of x labels, y labels
    and cell texts drawn, so that a test can also check what is shown.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = display.ax_.get_figure(root=True)
    canvas = figure.canvas
    if not isinstance(canvas, FigureCanvasAgg):
        canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    ax = display.ax_
    assert ax.bbox.width > 1 and ax.bbox.height > 1, ax.bbox
    counts = []
    for labels, along in ((ax.get_xticklabels(), "x0"), (ax.get_yticklabels(), "y0")):
        for label in labels:
            box = label.get_window_extent(renderer)
            assert figure.bbox.containsx(box.x0) and figure.bbox.containsx(box.x1) and \
                figure.bbox.containsy(box.y0) and figure.bbox.containsy(box.y1), (
                    label.get_text(), box, figure.bbox)
        boxes = sorted(
            (t.get_window_extent(renderer) for t in labels if t.get_text()),
            key=lambda box: getattr(box, along),
        )
        for first, second in zip(boxes, boxes[1:]):
            assert not first.overlaps(second), (first, second)
        counts.append(len(boxes))
    (x0, y0), (x1, y1) = ax.transData.transform([(0, 0), (1, 1)])
    cell_w, cell_h = abs(x1 - x0), abs(y1 - y0)
    texts = [] if display.text_ is None else [t for t in display.text_.flat if t]
    for text in texts:
        box = text.get_window_extent(renderer)
        assert box.width <= cell_w and box.height <= cell_h, (text.get_text(), box)
        x, y = text.get_position()
        center = ax.transData.transform([(x, y)])[0]
        assert abs(box.x0 + box.width / 2 - center[0]) < 1  # centred in its cell
    counts.append(len(texts))
    return tuple(counts)


@pytest.fixture
def measure_readability():
    """A function: draw a heatmap Display, assert it is readable, return counts."""
    return _measure_readability


@pytest.fixture
def forty_classes():
    """40 classes class_00 … class_39: counts 900 … 999 on the diagonal (999 once,
    for class_27), 0 … 99 elsewhere; deterministic, rows = true class."""
    i = np.arange(40)
    cm = (np.arange(1600).reshape(40, 40) * 7919) % 100
    cm[i, i] = 900 + (i * 37) % 100
    return SimpleNamespace(
        confusion_matrix=cm, labels=[f"class_{k:02d}" for k in range(40)]
    )


def _paper_figure(names=("model A", "model B")):
    """The journal figure, built in style 'paper': 7 × 2.4 in, three panels.

    ROC and sawtooth P-R curves of two models named ``names`` on seed 004's 16 samples
    (the first: the seed's scores; the second: a better model), and the second model's
    confusion matrix at threshold 0.5 with named classes. Returns
    ``(figure, (roc, pr, cm))``, laid out and drawn with Agg inside the style (every
    rcParam it reads applies).
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from evalplots.display import (
        ConfusionMatrixDisplay,
        PrecisionRecallDisplay,
        RocCurveDisplay,
        style,
    )

    y_true = [0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0]
    # fmt: off
    scores = [[0.2, 0.28, 0.1, 0.6, 0.5, 0.3, 0.6, 0.8,
               0.2, 0.25, 0.4, 0.2, 0.5, 0.3, 0.18, 0.18],
              [0.1, 0.7, 0.3, 0.9, 0.65, 0.45, 0.5, 0.95,
               0.15, 0.55, 0.2, 0.35, 0.6, 0.05, 0.4, 0.25]]
    # fmt: on
    models = dict(zip(names, scores))
    with style.context("paper"):
        figure = Figure(figsize=(7.0, 2.4), dpi=100, layout="constrained")
        FigureCanvasAgg(figure)
        roc, pr, cm = figure.subplots(1, 3)
        for name, score in models.items():
            RocCurveDisplay.from_predictions(y_true, score, name=name, ax=roc)
            PrecisionRecallDisplay.from_predictions(
                y_true, score, name=name, ax=pr, drawstyle="sawtooth"
            )
        y_pred = (np.asarray(scores[1]) >= 0.5).astype(int)
        ConfusionMatrixDisplay.from_predictions(
            y_true, y_pred, display_labels=["benign", "malignant"], ax=cm
        )
        figure.canvas.draw()
    return figure, (roc, pr, cm)


@pytest.fixture
def paper_figure():
    """A function building the 7 × 2.4 in 'paper' figure (see _paper_figure)."""
    return _paper_figure


#: A CJK font of a few glyphs (tests/fonts/regenerate.py, OFL): the tests that embed
#: an installed CJK font name it in EVALPLOTS_FONT_PATH, so they run on any machine.
TEST_CJK_FONT = str(pathlib.Path(__file__).parent / "fonts" / "EvalplotsTestCJK-Regular.ttf")


@pytest.fixture
def cjk_font(monkeypatch):
    """The test CJK font, named in EVALPLOTS_FONT_PATH; returns its FallbackFont."""
    from evalplots.display import _fonts

    monkeypatch.setenv(_fonts.FONT_PATH_VARIABLE, TEST_CJK_FONT)
    found = _fonts.find_fallback_font("模型")
    assert found.path == TEST_CJK_FONT, found
    return found


@pytest.fixture
def no_cjk_font(monkeypatch):
    """No font covers CJK, whatever is installed: the font search finds nothing
    (its caches are emptied before and after, so no other test sees this)."""
    from evalplots.display import _fonts
    from evalplots.report import _fonts as report_fonts

    def clear():
        for cached in (_fonts._find_fallback_font, report_fonts._font_runs):
            cached.cache_clear()

    monkeypatch.delenv(_fonts.FONT_PATH_VARIABLE, raising=False)
    monkeypatch.setattr(_fonts, "_candidates", lambda setting: ())
    clear()
    yield
    clear()
