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
