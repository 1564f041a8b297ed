"""Publication styles are context managers and never leak into rcParams."""

import matplotlib as mpl
import pytest

from evalplots.display import RocCurveDisplay, style


def test_context_applies_and_restores():
    before = dict(mpl.rcParams)
    with style.context("paper"):
        assert mpl.rcParams["font.size"] == 8.0
        assert mpl.rcParams["pdf.fonttype"] == 42
        display = RocCurveDisplay([0, 1], [0, 1], roc_auc=0.5).plot()
    assert display.ax_.xaxis.label.get_fontsize() == 8.0
    assert dict(mpl.rcParams) == before


def test_rc_overrides_the_style():
    with style.context("talk", rc={"font.size": 11.0}):
        assert mpl.rcParams["font.size"] == 11.0
        assert mpl.rcParams["lines.linewidth"] == 2.5


def test_every_style_is_usable():
    assert style.available == ("paper", "notebook", "report", "talk")
    for name in style.available:
        with style.context(name):
            assert mpl.rcParams["figure.figsize"] == list(
                style.STYLES[name]["figure.figsize"]
            )


@pytest.mark.parametrize(
    "args, kwargs, match",
    [
        (
            ("poster",),
            {},
            "style must be one of 'paper', 'notebook', 'report', 'talk'; got 'poster'",
        ),
        (
            ("paper",),
            {"rc": {"font.sise": 3}},
            r"rc holds unknown rcParams \['font.sise'\]",
        ),
    ],
)
def test_bad_arguments(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        style.context(*args, **kwargs)


def test_a_fallback_family_draws_the_glyphs_dejavu_sans_lacks(cjk_font):
    """matplotlib falls back glyph by glyph across font.family only: the fallback
    family is drawn (and embedded) beside DejaVu Sans, with no missing glyph."""
    import io
    import warnings

    from matplotlib.figure import Figure
    from pypdf import PdfReader

    buffer = io.BytesIO()
    with style.context("paper", fallback_family=cjk_font.family):
        assert mpl.rcParams["font.family"] == ["DejaVu Sans", cjk_font.family]
        fig = Figure()
        fig.text(0.1, 0.5, "模型 model")
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no "Glyph ... missing from font(s)"
            fig.savefig(buffer, format="pdf")
    fonts = {str(font.get_object()["/BaseFont"]).split("+")[-1]
             for font in PdfReader(buffer).pages[0]["/Resources"]["/Font"].values()}
    assert fonts == {"DejaVuSans", "EvalplotsTestCJK-Regular"}


def test_importing_the_display_package_changes_no_rcparams():
    import subprocess
    import sys

    code = (
        "import matplotlib as mpl; before = dict(mpl.rcParams); "
        "import evalplots.display, evalplots.display.style; "
        "print(dict(mpl.rcParams) == before)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert out.stdout.strip() == "True", out.stderr


def _luminance(color):
    """WCAG 2 relative luminance of an sRGB colour (computed here, not by the library)."""
    from matplotlib.colors import to_rgb

    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in to_rgb(color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_okabe_ito_lines_differ_in_greyscale_by_dash_or_luminance():
    import itertools

    import numpy as np
    from matplotlib.figure import Figure

    from evalplots import RocCurveDisplay

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 100)
    with style.context("paper", palette="okabe_ito"):
        ax = Figure().add_subplot()
        for i in range(8):
            RocCurveDisplay.from_predictions(y, y + rng.random(100) * (i + 1), ax=ax,
                                             name=f"m{i}", plot_chance_level=False)
    lines = [line for line in ax.get_lines() if line.get_label().startswith("m")]
    # Okabe & Ito's published colours (jfly.uni-koeln.de/color), each once
    assert sorted(line.get_color().upper() for line in lines) == sorted(
        ["#000000", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00",
         "#CC79A7"])
    for a, b in itertools.combinations(lines, 2):
        # the (offset, on-off sequence) matplotlib strokes each line with
        dashes_differ = a._dash_pattern != b._dash_pattern
        grey_differs = abs(_luminance(a.get_color()) - _luminance(b.get_color())) > 0.1
        assert dashes_differ or grey_differs, (a.get_label(), b.get_label())


@pytest.mark.parametrize("width, mm", [("single", (89, 89)), ("onehalf", (120, 89)),
                                       ("double", (183, 61))])
def test_journal_widths_save_at_exactly_their_size(tmp_path, width, mm):
    from matplotlib.figure import Figure
    from pypdf import PdfReader

    with style.context("paper", width=width):
        fig = Figure()
        ax = fig.add_subplot()
        ax.plot([0, 1], [0, 1], label="a long legend entry to fit inside")
        ax.set_xlabel("False positive rate")
        ax.legend()
        fig.savefig(tmp_path / "f.pdf")
    box = PdfReader(tmp_path / "f.pdf").pages[0].mediabox
    points = [float(box.width), float(box.height)]
    assert points == pytest.approx([v / 25.4 * 72 for v in mm], abs=0.01)


def test_bad_width_and_palette_name_the_argument():
    with pytest.raises(ValueError, match="width must be one of 'single'"):
        style.context("paper", width="column")
    with pytest.raises(ValueError, match="palette must be one of 'okabe_ito'"):
        style.context("paper", palette="viridis")
