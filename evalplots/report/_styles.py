"""Fonts and paragraph/table styles of evalplots reports.

Every style is derived with ``parent=`` from reportlab's sample stylesheet; the
sample stylesheet itself is never mutated (``getSampleStyleSheet()`` returns a
fresh object on each call, and we only read from it).

The text font is DejaVu Sans, which matplotlib ships, registered under our own
family name so that any Unicode model name or title renders (the PDF core
fonts only cover Latin-1).
"""

import dataclasses
import pathlib

import matplotlib
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT = "EvalplotsSans"
FONT_BOLD = "EvalplotsSans-Bold"
_FONT_FILES = {
    FONT: "DejaVuSans.ttf",
    FONT_BOLD: "DejaVuSans-Bold.ttf",
    "EvalplotsSans-Oblique": "DejaVuSans-Oblique.ttf",
    "EvalplotsSans-BoldOblique": "DejaVuSans-BoldOblique.ttf",
}

_ALIGNMENT = {"right": TA_RIGHT, "center": TA_CENTER}

#: The smallest text size (points) of a printed page: a figure is never drawn so
#: small that its smallest text is set below it.
MIN_PRINTED_TEXT = 6.0

HEADER_RULE = colors.HexColor("#9aa5b1")
TABLE_HEAD = colors.HexColor("#e8edf2")
TABLE_GRID = colors.HexColor("#c3ccd5")
MUTED = colors.HexColor("#52606d")

#: The leading of a contents entry, and the padding above and below its row of the
#: contents table (points).
TOC_LEADING = 12
TOC_PADDING = 1


def register_fonts():
    """Register the DejaVu Sans family with reportlab (idempotent)."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    ttf_dir = pathlib.Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    for name, filename in _FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(ttf_dir / filename)))
    pdfmetrics.registerFontFamily(
        FONT,
        normal=FONT,
        bold=FONT_BOLD,
        italic="EvalplotsSans-Oblique",
        boldItalic="EvalplotsSans-BoldOblique",
    )


@dataclasses.dataclass(frozen=True)
class Styles:
    """The paragraph styles one report uses (a fresh set per report)."""

    title: ParagraphStyle
    subtitle: ParagraphStyle
    headings: tuple
    body: ParagraphStyle
    caption: ParagraphStyle
    table_cell: ParagraphStyle
    table_head: ParagraphStyle
    toc_levels: tuple
    toc_title: ParagraphStyle
    _aligned: dict = dataclasses.field(default_factory=dict, init=False, repr=False)

    def aligned(self, style, align):
        """``style`` with the given alignment ('left', 'right' or 'center')."""
        if align == "left":
            return style
        key = (style.name, align)
        if key not in self._aligned:
            self._aligned[key] = ParagraphStyle(
                f"{style.name}-{align}", parent=style, alignment=_ALIGNMENT[align]
            )
        return self._aligned[key]


def make_styles(font=FONT, bold=FONT_BOLD):
    """Return a fresh :class:`Styles`, each derived from the sample stylesheet.

    ``font`` and ``bold`` are registered reportlab font names (DejaVu Sans by
    default; a fallback font that covers the report's text otherwise).
    """
    register_fonts()
    sample = getSampleStyleSheet()
    # no paragraph leaves a single line on either side of a page break
    body = ParagraphStyle(
        "EPBody", parent=sample["BodyText"], fontName=font, fontSize=9.5, leading=13,
        allowWidows=0, allowOrphans=0,
    )
    headings = tuple(
        ParagraphStyle(
            f"EPHeading{level}",
            parent=sample[f"Heading{level + 1}"],
            fontName=bold,
            fontSize=size,
            leading=size * 1.25,
            spaceBefore=space,
            spaceAfter=6,
            keepWithNext=1,
        )
        for level, (size, space) in enumerate([(16, 4), (12.5, 10), (10.5, 8)])
    )
    # the contents share the first page with the summary: one line per entry at
    # the body's size on a tighter leading (a row pitch of TOC_LEADING +
    # 2 * TOC_PADDING), a little more space above each section
    toc_levels = tuple(
        ParagraphStyle(
            f"EPTOC{level}",
            parent=body,
            fontName=bold if level == 0 else font,
            leading=TOC_LEADING,
            leftIndent=14 * level,
            firstLineIndent=0,
            spaceBefore=4 if level == 0 else 0,
        )
        for level in range(3)
    )
    return Styles(
        title=ParagraphStyle(
            "EPTitle", parent=sample["Title"], fontName=bold, fontSize=22,
            leading=27, spaceAfter=6,
        ),
        subtitle=ParagraphStyle(
            "EPSubtitle", parent=body, alignment=TA_CENTER, textColor=MUTED,
            spaceAfter=14,
        ),
        headings=headings,
        body=body,
        caption=ParagraphStyle(
            "EPCaption", parent=body, fontSize=8.5, leading=11, textColor=MUTED,
            alignment=TA_CENTER, spaceBefore=2, spaceAfter=10,
        ),
        table_cell=ParagraphStyle("EPCell", parent=body, fontSize=8.5, leading=10.5),
        table_head=ParagraphStyle(
            "EPCellHead", parent=body, fontName=bold, fontSize=8.5, leading=10.5
        ),
        toc_levels=toc_levels,
        toc_title=ParagraphStyle("EPTOCTitle", parent=headings[0]),
    )
