"""Keep-with-next: headings stay with what follows them, captions with their table or figure.

reportlab's ``keepWithNext`` keeps a heading with the *one* flowable after it,
which may be a paragraph, a ``CondPageBreak`` or a spacer: the figure could
still start the next page and leave the heading at the bottom of this one, and
a caption after a table could start a page of its own. Here:

- :class:`Captioned` holds a table or figure and its caption; the caption
  never starts a page: a table up to half a page high moves to the next page
  whole, a longer one is split so that its last rows go with the caption;
- :class:`KeepWithNext` holds headings, the short paragraphs under them and the
  first table or figure; it starts a new page unless the headings, the
  paragraphs and the start of that table or figure (its header and first rows,
  or the whole figure with its caption) fit on this one;
- :func:`keep_with_next` groups a story so before it is laid out;
- a figure that misses the space left on a page by a little is drawn smaller
  (down to :data:`MIN_FIGURE_SCALE` of its size) instead of moving to the next
  page and leaving this one partly empty;
- :class:`SectionStart` marks where a section begins: the section starts on the
  current page when its first block (heading, short text and the start of its
  table or figure) fits there, else on a new page; before that page break, the
  next *movable* section of the same level may fill the page first
  (:func:`fill_page`, the way LaTeX places floats).
"""

from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
)
from reportlab.platypus.doctemplate import ActionFlowable, FrameBreak

from evalplots.report._flowables import VectorFigure

#: A table (with its caption) at most this fraction of the page high moves to the
#: next page whole instead of splitting.
KEEP_WHOLE = 0.5

#: At most this many paragraphs under a heading are kept with it and the table or
#: figure after them; a longer text keeps only its first paragraph with the heading.
MAX_LEAD_PARAGRAPHS = 3

#: A table split across pages leaves at least this many rows (below its header)
#: on the first page; with fewer room it starts on the next page.
MIN_SPLIT_ROWS = 3

#: A figure that does not fit the space left on a page is drawn down to this
#: fraction of its size (width and height alike) rather than moved to the next page.
MIN_FIGURE_SCALE = 0.8


def _height(flowables, aW, canv):
    """Height of ``flowables`` stacked as a frame stacks them.

    Between two flowables the frame leaves the first one's space after *and* the
    second one's space before (reportlab's ``_listWrapOn`` counts only the
    larger, and a group it measured could miss the page by those points).
    """
    total = 0.0
    for k, f in enumerate(flowables):
        total += f.wrapOn(canv, aW, 0xFFFFFFF)[1]
        if k:
            total += f.getSpaceBefore()
        if k < len(flowables) - 1:
            total += f.getSpaceAfter()
    return total


class _Group(KeepTogether):
    """A KeepTogether whose height (``_H``) is the one the frame will need."""

    def wrap(self, aW, aH):
        size = super().wrap(aW, aH)
        self._H = _height(self._content, aW, self.canv)
        return size


def _body_rows(flowable):
    """Rows of a table below its repeated header (a large number for other flowables)."""
    if not isinstance(flowable, Table):
        return MIN_SPLIT_ROWS
    head = flowable.repeatRows
    return len(flowable._cellvalues) - (len(head) if isinstance(head, (list, tuple))
                                        else int(head or 0))


def _at_top(flowable):
    frame = getattr(flowable, "_frame", None)
    return bool(frame is not None and getattr(frame, "_atTop", False))


class Captioned(_Group):
    """A table or figure and its caption; the caption never starts a page.

    Parameters
    ----------
    content : reportlab.platypus.Flowable
        The table or figure.
    caption : reportlab.platypus.Flowable
        Its caption paragraph (or a spacer when there is none).
    """

    def __init__(self, content, caption):
        super().__init__([content, caption])
        self.content, self.caption = content, caption

    def split(self, aW, aH):
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        if self._H <= aH:
            return [self.content, self.caption]
        fitted = _fitted(self.content, self.caption, aW, aH)
        if fitted is not None:  # the figure misses the page by a little
            return [fitted, self.caption]
        frame = getattr(self, "_frame", None)
        if not _at_top(self) and frame is not None and self._H <= KEEP_WHOLE * frame._height:
            return [FrameBreak(), Captioned(self.content, self.caption)]
        content_h = _height([self.content], aW, self.canv)
        caption_h = self._H - content_h
        # split where the content leaves the page, or earlier so that its last part
        # takes the caption along
        room = aH if content_h > aH else aH - caption_h
        parts = self.content.splitOn(self.canv, aW, room) if room > 0 else []
        if len(parts) > 1 and _body_rows(parts[0]) < MIN_SPLIT_ROWS and not _at_top(self):
            parts = []  # a header and a row or two at the page's foot: move instead
        if len(parts) > 1:
            return [*parts[:-1], Captioned(parts[-1], self.caption)]
        if _at_top(self):  # cannot be helped: lay it out as it comes
            return [self.content, self.caption]
        return [FrameBreak(), Captioned(self.content, self.caption)]


class FittedFigure(VectorFigure):
    """A figure drawn smaller, when it must, to leave ``reserve`` points under it.

    Parameters
    ----------
    figure : VectorFigure
        The figure at its natural size (not changed).
    reserve : float
        Height in points kept free below the figure (its caption).

    Notes
    -----
    The size is chosen when the frame places the figure, from the height really
    left there, so that the caption after it fits exactly; the figure never
    shrinks below :data:`MIN_FIGURE_SCALE` of its natural size (it then keeps
    that size and does not fit).
    """

    def __init__(self, figure, reserve):
        super().__init__(figure.drawing, width_fraction=figure.width_fraction,
                         max_height=figure.max_height, frame_height=figure.frame_height)
        self.reserve = reserve

    def wrap(self, availWidth, availHeight):
        width, height = super().wrap(availWidth, availHeight)
        room = availHeight - self.reserve - 0.5  # below the frame's rounding fuzz
        if MIN_FIGURE_SCALE * height <= room < height:
            self._scale *= room / height
            self.width, self.height = width * room / height, room
        return self.width, self.height


def _fitted(content, caption, aW, aH):
    """``content`` as a :class:`FittedFigure` when, shrunk, it fits with ``caption``
    in ``aH``; else None (not a figure, or it would shrink too much)."""
    if not isinstance(content, VectorFigure):
        return None
    reserve = caption.wrap(aW, aH)[1] + caption.getSpaceBefore()
    fitted = FittedFigure(content, reserve)  # its own wrap decides the size
    return fitted if fitted.wrap(aW, aH)[1] + reserve + 0.5 <= aH else None


class KeepWithNext(_Group):
    """Headings and short paragraphs kept with the start of the flowable after them.

    Parameters
    ----------
    lead : list of reportlab.platypus.Flowable
        The headings and the paragraphs under them.
    body : reportlab.platypus.Flowable
        What they introduce: a :class:`Captioned` table or figure, or a paragraph.
    """

    def __init__(self, lead, body):
        super().__init__([*lead, body])
        self.lead, self.body = list(lead), body

    def split(self, aW, aH):
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        if self._H <= aH:
            return [*self.lead, self.body]
        if _at_top(self):
            first = self.lead[0]  # a heading taller than the page: split as text
            if first.wrapOn(self.canv, aW, aH)[1] > aH:
                return [*(first.splitOn(self.canv, aW, aH) or [first]), *self.lead[1:],
                        self.body]
            return [*self.lead, self.body]
        room = (aH - _height(self.lead, aW, self.canv) - self.lead[-1].getSpaceAfter()
                - self.body.getSpaceBefore())
        if room > 0:
            self.body._frame = getattr(self, "_frame", None)  # the page it would start on
            parts = self.body.splitOn(self.canv, aW, room)
            if parts and not isinstance(parts[0], ActionFlowable) and _starts(parts[0], aW,
                                                                        room, self.canv):
                return [*self.lead, *parts]
        return [FrameBreak(), *self.lead, self.body]


def _starts(flowable, aW, room, canv):
    """Whether the first part of a split ``flowable`` fits in ``room``."""
    return flowable.wrapOn(canv, aW, room)[1] <= room + 1e-6


class CondPageBreakOffTop(CondPageBreak):
    """A ``CondPageBreak`` that does nothing at the top of a page (no empty page)."""

    def wrap(self, availWidth, availHeight):
        frame = self._doctemplateAttr("frame")
        if frame is not None and getattr(frame, "_atTop", False):
            return 0, 0
        return super().wrap(availWidth, availHeight)


def _is_text(flowable):
    return isinstance(flowable, Paragraph) and not flowable.getKeepWithNext()


def keep_with_next(story):
    """``story`` with each heading (any flowable whose ``keepWithNext`` is set) grouped.

    A run of headings, up to :data:`MAX_LEAD_PARAGRAPHS` paragraphs under them and
    the :class:`Captioned` table or figure after those become one
    :class:`KeepWithNext`; with more text, or no table or figure, the headings
    are kept with the first flowable after them. A ``CondPageBreak`` or spacer
    between them is dropped: the group's own page break replaces it; any other
    ``CondPageBreak`` does nothing at the top of a page (it would leave the
    page empty). A :class:`SectionStart` between headings moves before them:
    the headings above a section open it.

    Parameters
    ----------
    story : list of reportlab.platypus.Flowable

    Returns
    -------
    story : list of reportlab.platypus.Flowable

    Examples
    --------
    >>> from reportlab.lib.styles import ParagraphStyle
    >>> from reportlab.platypus import Paragraph
    >>> head = ParagraphStyle("h", keepWithNext=1)
    >>> story = [Paragraph("H", head), Paragraph("text", ParagraphStyle("b"))]
    >>> [type(f).__name__ for f in keep_with_next(story)]
    ['KeepWithNext']
    """
    out, i, n = [], 0, len(story)
    while i < n:
        item = story[i]
        if type(item) is CondPageBreak:
            item = CondPageBreakOffTop(item.height)
        if not item.getKeepWithNext():
            out.append(item)
            i += 1
            continue
        lead, j = [], i
        while j < n and (story[j].getKeepWithNext()
                         or isinstance(story[j], (CondPageBreak, Spacer, SectionStart))):
            if isinstance(story[j], SectionStart):  # the headings above open it too
                out.append(story[j])
            elif story[j].getKeepWithNext():
                lead.append(story[j])
            j += 1
        texts = []
        k = j
        while k < n and _is_text(story[k]) and len(texts) < MAX_LEAD_PARAGRAPHS:
            texts.append(story[k])
            k += 1
        while k < n and isinstance(story[k], (CondPageBreak, Spacer)):
            k += 1
        if k < n and isinstance(story[k], Captioned):
            out.append(KeepWithNext(lead + texts, story[k]))
            i = k + 1
        elif (j < n and not isinstance(story[j], (PageBreak, ActionFlowable))
              and not story[j].isIndexing()):  # multiBuild must see a TOC in the story
            out.append(KeepWithNext(lead, story[j]))
            i = j + 1
        else:
            out.extend(lead)
            i = j
    return out


class SectionStart(ActionFlowable):
    """Where a section begins; see :func:`fill_page`.

    Parameters
    ----------
    level : int
        The level of the section's heading (0 for a section, 1 for a subsection).
    movable : bool
        Whether the section may be laid out before the sections ahead of it (of
        the same level), to fill a page they would leave partly empty.
    """

    def __init__(self, level, movable, *, waiting_on=None):
        super().__init__()
        self.level, self.movable = level, movable
        self.waiting_on = waiting_on  # the page where it first did not fit

    def apply(self, doc):
        """Reached when the section starts where it stands: nothing to do."""


def _first_block(flowables):
    """The first flowable that takes room (the section's heading group)."""
    for f in flowables:
        if not isinstance(f, (ActionFlowable, CondPageBreak)):
            return f
    return None


def _starts_here(flowable, frame, canv):
    """Whether ``flowable`` (or the first part of it, when it splits) fits in
    what is left of ``frame``: the test platypus applies, without drawing."""
    if flowable is None:
        return True
    aW = frame._getAvailableWidth()
    aH = frame._y - frame._y1p - (0 if frame._atTop else flowable.getSpaceBefore())
    if aH <= 0:
        return False
    flowable._frame, flowable.canv = frame, canv
    try:
        if flowable.wrap(aW, aH)[1] <= aH + 1e-6:
            return True
        parts = flowable.split(aW, aH)
    finally:
        del flowable._frame, flowable.canv
    return (bool(parts) and not isinstance(parts[0], ActionFlowable)
            and _starts(parts[0], aW, aH, canv))


def _section_end(flowables, start):
    """Index of the next :class:`SectionStart` after ``start`` (or the end)."""
    for i in range(start + 1, len(flowables)):
        if isinstance(flowables[i], SectionStart):
            return i
    return len(flowables)


def fill_page(flowables, frame, canv, page):
    """Lay out the section whose :class:`SectionStart` heads ``flowables``.

    It starts here when its first block fits in what is left of ``frame`` (or
    the frame is empty). Otherwise, the first movable section after it of the
    same level (none once a section of a lower level begins) is moved ahead of it
    if its own first block fits here, so that it fills this page; the section
    then comes after it, tried again in the same way while still on page
    ``page``, or on a later page that is still more than half empty (it waits no
    longer than that). When nothing fits, the section starts a new page (the marker is replaced by a frame break).
    ``flowables`` (the pass's list of flowables still to lay out) is changed in
    place; the story the next pass starts from is not.
    """
    marker = flowables[0]
    end = _section_end(flowables, 0)
    if frame._atTop or _starts_here(_first_block(flowables[1:end]), frame, canv):
        return  # the marker itself does nothing
    if (marker.waiting_on not in (None, page)  # the sections it let by went on to
            and frame._y - frame._y1p < KEEP_WHOLE * frame._aH):  # a later page,
        flowables[0] = FrameBreak()  # now more than half full: its turn
        return
    i = end
    while i < len(flowables) and flowables[i].level >= marker.level:
        j = _section_end(flowables, i)
        if flowables[i].level == marker.level and flowables[i].movable:
            if _starts_here(_first_block(flowables[i + 1:j]), frame, canv):
                section = flowables[i:j]
                del flowables[i:j]
                # a copy (the story's marker is the same object in every pass)
                flowables[0] = SectionStart(marker.level, marker.movable, waiting_on=page)
                flowables[0:0] = section
                return
            break  # movable sections keep their order among themselves
        i = j
    flowables[0] = FrameBreak()
