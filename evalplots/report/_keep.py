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
- :func:`keep_with_next` groups a story so before it is laid out.
"""

from reportlab.platypus import CondPageBreak, KeepTogether, PageBreak, Paragraph, Spacer
from reportlab.platypus.doctemplate import ActionFlowable, FrameBreak
from reportlab.platypus.flowables import _listWrapOn

#: A table (with its caption) at most this fraction of the page high moves to the
#: next page whole instead of splitting.
KEEP_WHOLE = 0.5

#: At most this many paragraphs under a heading are kept with it and the table or
#: figure after them; a longer text keeps only its first paragraph with the heading.
MAX_LEAD_PARAGRAPHS = 3


def _height(flowables, aW, canv):
    """Height of ``flowables`` stacked (spaces between them included)."""
    return _listWrapOn(flowables, aW, canv)[1]


def _at_top(flowable):
    frame = getattr(flowable, "_frame", None)
    return bool(frame is not None and getattr(frame, "_atTop", False))


class Captioned(KeepTogether):
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
        frame = getattr(self, "_frame", None)
        if not _at_top(self) and frame is not None and self._H <= KEEP_WHOLE * frame._height:
            return [FrameBreak(), Captioned(self.content, self.caption)]
        content_h = _height([self.content], aW, self.canv)
        caption_h = self._H - content_h
        # split where the content leaves the page, or earlier so that its last part
        # takes the caption along
        room = aH if content_h > aH else aH - caption_h
        parts = self.content.splitOn(self.canv, aW, room) if room > 0 else []
        if len(parts) > 1:
            return [*parts[:-1], Captioned(parts[-1], self.caption)]
        if _at_top(self):  # cannot be helped: lay it out as it comes
            return [self.content, self.caption]
        return [FrameBreak(), Captioned(self.content, self.caption)]


class KeepWithNext(KeepTogether):
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
        if self._H <= aH or _at_top(self):
            return [*self.lead, self.body]
        room = aH - _height(self.lead, aW, self.canv)
        if room > 0:
            self.body._frame = getattr(self, "_frame", None)  # the page it would start on
            parts = self.body.splitOn(self.canv, aW, room)
            if parts and not isinstance(parts[0], ActionFlowable) and _starts(parts[0], aW,
                                                                        room, self.canv):
                return [*self.lead, *parts]
        return [FrameBreak(), *self.lead, self.body]


def _starts(flowable, aW, room, canv):
    """Whether the first part of a split ``flowable`` fits in ``room``."""
    return _height([flowable], aW, canv) <= room + 1e-6


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
    page empty).

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
                         or isinstance(story[j], (CondPageBreak, Spacer))):
            if story[j].getKeepWithNext():
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
