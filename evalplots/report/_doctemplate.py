"""The page layout of evalplots reports: templates, page numbers, TOC, outline.

Page furniture (header rule and title, "Page N of M" footer) is drawn by the
page templates' ``onPage`` callbacks, so the story stays a flat list of
flowables. Headings report themselves in ``afterFlowable`` to the table of
contents (``TOCEntry`` notifications) and to the PDF outline (bookmarks);
the layout is repeated until the TOC page numbers and the page total are stable
(two passes unless a page number changes the layout).
"""

import io

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFDate, PDFDictionary, PDFInfo, PDFName, PDFString
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import BaseDocTemplate, Frame, LayoutError, PageTemplate
from reportlab.platypus.doctemplate import ActionFlowable
from reportlab.platypus.flowables import Flowable
from reportlab.platypus.tableofcontents import TableOfContents

from evalplots._interrupts import checkpoint
from evalplots._text import shown_text
from evalplots.report._flowables import Heading
from evalplots.report._fonts import font_runs, text_width
from evalplots.report._keep import SectionStart, fill_page
from evalplots.report._styles import FONT, HEADER_RULE, MUTED

MARGIN = 18 * mm
HEADER_GAP = 8 * mm
#: id of the page template turned a quarter (landscape), for wide tables
LANDSCAPE = "landscape"


class PageCounter(Flowable):
    """Zero-size indexing flowable holding the page total of the last pass.

    It is "satisfied" once two passes agree on the total, so ``multiBuild``
    runs until the "of M" in the footers is right.
    """


    def __init__(self):
        super().__init__()
        self.total = None  # total of the last complete pass
        self._pages = 0
        self._previous = None

    def isIndexing(self):
        return 1

    def isSatisfied(self):
        return self.total is not None and self.total == self._previous

    def beforeBuild(self):
        self._previous = self.total
        self._pages = 0

    def afterBuild(self):
        self.total = self._pages

    def notify(self, kind, stuff):
        if kind == "PageEnd":
            self._pages = max(self._pages, stuff)

    def wrap(self, availWidth, availHeight):
        return 0, 0

    def draw(self):
        pass


class DocumentInfo(PDFInfo):
    """reportlab's document information dictionary, plus entries of our own.

    reportlab writes a fixed set of keys (Title, Author, Subject, Keywords,
    Creator, Producer, the dates, Trapped); the PDF format allows any other
    (ISO 32000-1, 14.3.3), which readers such as pypdf and exiftool list.
    ``extra`` maps such key names (without the ``/``) to text. Every text is
    written as :func:`evalplots._text.shown_text` gives it: a viewer's
    properties dialog obeys a bidi override, and no encoder writes a surrogate
    escape (the name of a file that is not UTF-8).
    """

    def __init__(self, info, extra):
        super().__init__()
        self.__dict__.update(info.__dict__)  # what the canvas' setters stored
        self.extra = dict(extra)

    def format(self, document):
        def text(value):
            return PDFString(shown_text(value) if isinstance(value, str) else value)

        entries = {"Title": text(self.title), "Author": text(self.author),
                   "Producer": text(self.producer), "Creator": text(self.creator),
                   "Subject": text(self.subject), "Keywords": text(self.keywords),
                   "Trapped": PDFName(self.trapped)}
        entries["ModDate"] = entries["CreationDate"] = PDFDate(
            ts=document._timeStamp, dateFormatter=self._dateFormatter)
        entries.update((key, text(value)) for key, value in self.extra.items())
        return PDFDictionary(entries).format(document)


class ReportDocTemplate(BaseDocTemplate):
    """Page templates: "first" without header, "later" with the title, and
    "landscape", a "later" page turned a quarter (for wide tables).

    Parameters
    ----------
    filename : str or file-like
        Where the PDF goes.
    header : str
        Plain text drawn in the running header of every page but the first.
    font : str, default="EvalplotsSans"
        Registered font of the page furniture (and the canvas' initial font).
    info : dict of str to str or None, default=None
        More entries of the PDF's document information (:class:`DocumentInfo`).
    **kwargs
        Passed to :class:`reportlab.platypus.BaseDocTemplate` (pagesize,
        title, author, subject, invariant, ...).
    """

    def __init__(self, filename, *, header="", font=FONT, info=None, **kwargs):
        # the canvas selects its initial font on every page: make it the
        # embedded one, not the (non-embedded) Helvetica default
        kwargs.setdefault("initialFontName", font)
        kwargs.setdefault("leftMargin", MARGIN)
        kwargs.setdefault("rightMargin", MARGIN)
        kwargs.setdefault("topMargin", MARGIN + HEADER_GAP)
        kwargs.setdefault("bottomMargin", MARGIN + HEADER_GAP)
        super().__init__(filename, **kwargs)
        self.header = header
        self.font = font
        self.info = dict(info or {})
        self.page_counter = PageCounter()
        self._idle_steps = 0  # see handle_flowable
        frame = Frame(
            self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
            leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
        )
        # the same margins on a page turned a quarter: for tables too wide to stand
        wide = (self.pagesize[1], self.pagesize[0])
        landscape_frame = Frame(
            self.leftMargin, self.bottomMargin, wide[0] - self.leftMargin - self.rightMargin,
            wide[1] - self.topMargin - self.bottomMargin, id="landscape-body",
            leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
        )
        self.addPageTemplates([
            PageTemplate("first", frames=[frame], onPage=self._footer,
                         autoNextPageTemplate="later", pagesize=self.pagesize),
            PageTemplate("later", frames=[frame], onPage=self._header_footer,
                         pagesize=self.pagesize),
            PageTemplate(LANDSCAPE, frames=[landscape_frame], onPage=self._header_footer,
                         pagesize=wide),
        ])

    # -- page furniture ------------------------------------------------------
    def _footer(self, canv, doc):
        canv.saveState()
        canv.setFont(self.font, 8)
        canv.setFillColor(MUTED)
        total = self.page_counter.total
        text = f"Page {doc.page} of {total}" if total else f"Page {doc.page}"
        canv.drawCentredString(canv._pagesize[0] / 2, MARGIN, text)  # this page's size
        canv.restoreState()

    def _header_footer(self, canv, doc):
        self._footer(canv, doc)
        canv.saveState()
        page_w, page_h = canv._pagesize  # portrait or landscape
        width = page_w - self.leftMargin - self.rightMargin
        top = page_h - MARGIN
        canv.setFont(self.font, 8)
        canv.setFillColor(MUTED)
        x = self.leftMargin
        for run, font in font_runs(self._fit(self.header, width, self.font), self.font):
            canv.setFont(font, 8)
            canv.drawString(x, top, run)
            x += stringWidth(run, font, 8)
        canv.setStrokeColor(HEADER_RULE)
        canv.setLineWidth(0.5)
        canv.line(self.leftMargin, top - 3, self.leftMargin + width, top - 3)
        canv.restoreState()

    @staticmethod
    def _fit(text, width, font=FONT, size=8):
        if text_width(text, font, size) <= width:
            return text
        while text and text_width(text + "…", font, size) > width:
            text = text[:-1]
        return text + "…"

    # -- hooks ---------------------------------------------------------------
    def beforeDocument(self):
        """Add our entries to the document information (each pass makes a canvas)."""
        if self.info:
            doc = self.canv._doc
            doc.info = DocumentInfo(doc.info, self.info)

    def filterFlowables(self, flowables):
        """Start a section here or on a new page, filling this one first (fill_page)."""
        if flowables and isinstance(flowables[0], SectionStart):
            fill_page(flowables, self.frame, self.canv, self.page)

    def handle_keepWithNext(self, flowables):
        """reportlab's grouping of flowables kept with the next, but no group of one.

        A flowable that keeps with the next one with nothing after it (the end of
        the story, a heading taller than a page whose group was split back into
        its flowables) would be grouped alone; at the top of a page the group
        gives it back unchanged, and it would be grouped again, forever. It is
        laid out (and split) as it stands instead.
        """
        first = flowables[0] if flowables else None
        super().handle_keepWithNext(flowables)
        if flowables and flowables[0] is not first and len(flowables[0]._content) == 1:
            flowables[0] = first

    def handle_flowable(self, flowables):
        """reportlab's step, bounded: a layout that places nothing for
        :data:`MAX_IDLE_STEPS` steps raises ``LayoutError`` instead of looping."""
        self._idle_steps += 1
        if self._idle_steps > MAX_IDLE_STEPS:
            self._idle_steps = 0
            raise LayoutError(
                f"the report's layout placed nothing in {MAX_IDLE_STEPS} steps on page "
                f"{self.page} (at {self._fIdent(flowables[0], 80)}); please report it "
                f"with the input that caused it.")
        super().handle_flowable(flowables)

    def afterPage(self):
        self.notify("PageEnd", self.page)
        checkpoint()  # a Ctrl-C that reportlab's cleanup code swallowed stops here

    def afterFlowable(self, flowable):
        """Register headings with the table of contents and the PDF outline
        (the first part of a heading split across pages), and count the step."""
        if not isinstance(flowable, ActionFlowable):
            self._idle_steps = 0  # something took its place on the page
        if isinstance(flowable, Heading) and flowable.key is not None:
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(shown_text(flowable.plain), flowable.key, flowable.level,
                                      closed=False)
            self.notify("TOCEntry", (flowable.level, flowable.markup, self.page,
                                     flowable.key))

    #: Whether this pass draws the figures (see :meth:`build_story`).
    draws_figures = True

    def build_story(self, story):
        """Lay out ``story`` (a list of flowables) over as few passes as it needs.

        The first pass lays everything out but draws no figure, into a
        throwaway buffer: it finds the page of every heading and the page
        total. Every later pass draws everything into the file, and the first
        one on which the table of contents and the "of M" of the footers agree
        with the pass before is saved. The contents are filled with the story's
        headings before the first pass (pages unknown: they do not change the
        layout, reportlab draws them after it), so that the first pass already
        gives the contents their final height: the second pass, the same layout
        with every page number right, is the last. The loop is
        ``BaseDocTemplate.multiBuild``'s.
        """
        story = [self.page_counter, *story]
        indexing = [f for f in story if f.isIndexing()]
        self._indexingFlowables = indexing
        self._doSave = 0  # each pass's canvas is saved here, not by build()
        entries = _contents_entries(story)
        for flowable in indexing:
            if isinstance(flowable, TableOfContents) and not flowable._entries:
                flowable._entries = list(entries)
        target = self.filename
        self.filename, self.draws_figures = io.BytesIO(), False
        edits = []
        self._multiBuildEdits = edits.append
        try:
            for _ in range(_MAX_PASSES):
                for flowable in indexing:
                    flowable.beforeBuild()
                self.build(story[:])
                for flowable in indexing:
                    flowable.afterBuild()
                if self.draws_figures and self._allSatisfied():
                    self.canv.save()
                    return
                self.filename, self.draws_figures = target, True
                while edits:
                    edit = edits.pop(0)
                    edit[0](*edit[1:])
            raise IndexError(f"the table of contents and page numbers did not settle "
                             f"in {_MAX_PASSES} passes")
        finally:
            self.filename, self.draws_figures = target, True
            del self._multiBuildEdits


def _contents_entries(flowables):
    """The contents entries of the headings in ``flowables`` and the groups they
    hold, in story order, at page 0: ``(level, markup, 0, key)``."""
    entries = []
    for flowable in flowables:
        if isinstance(flowable, Heading):
            if flowable.key is not None:
                entries.append((flowable.level, flowable.markup, 0, flowable.key))
        else:
            entries.extend(_contents_entries(getattr(flowable, "_content", ())))
    return entries


#: Layout steps (flowables handled, splits, groupings) in a row that may pass
#: without a flowable taking its place on a page (a page break counts as placed):
#: a report's splits and action flowables (template switches, section markers)
#: take a few steps between two placed flowables.
MAX_IDLE_STEPS = 2000

#: Passes before giving up on page numbers that do not settle (reportlab's 10, + 1).
_MAX_PASSES = 12
