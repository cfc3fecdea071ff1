"""The rulebook as a Platypus document: cover, table of contents, running heads, page numbers.

Built in invariant mode, so the same story gives a byte-identical file; every font is a
registered TrueType face (embedded), including the canvas's initial font and the contents page.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import (Flowable, Frame, KeepInFrame, ListFlowable, NextPageTemplate, PageBreak, PageTemplate,
                                Paragraph, Spacer, TableStyle)
from reportlab.platypus.doctemplate import BaseDocTemplate, LayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from ..errors import UserError
from .flowables import FigureBlock
from .markdown import Heading
from .styles import Styles


@dataclass(frozen=True)
class PageSetup:
    """Paper and margins in points; a booklet mirrors the inner and outer margins on facing pages."""

    size: tuple[float, float]
    top: float
    bottom: float
    inner: float
    outer: float
    booklet: bool = False


class RulebookDoc(BaseDocTemplate):
    """Pages: a cover, then body pages with a running head and a page number in the footer."""

    def __init__(self, path: Path, setup: PageSetup, styles: Styles, title: str, running_head: str):
        super().__init__(str(path), pagesize=setup.size, invariant=1, pageCompression=1, title=title,
                         author="pnp-generator", creator="pnp-generator", producer="pnp-generator",
                         subject=running_head, initialFontName=styles.body_font, initialFontSize=10,
                         leftMargin=setup.inner, rightMargin=setup.outer, topMargin=setup.top,
                         bottomMargin=setup.bottom, showBoundary=0)
        self.setup, self.styles, self.running_head = setup, styles, running_head
        width, height = setup.size
        frame_h = height - setup.top - setup.bottom

        def frame(name: str, left: float, right: float) -> Frame:
            return Frame(left, setup.bottom, width - left - right, frame_h, id=name, leftPadding=0,
                         rightPadding=0, topPadding=0, bottomPadding=0)

        cover = PageTemplate("cover", [frame("cover", setup.outer, setup.outer)], onPage=self._cover_page)
        if setup.booklet:  # odd pages are right-hand pages: the binding is on their left
            right = PageTemplate("body", [frame("right", setup.inner, setup.outer)], onPage=self._body_page,
                                 autoNextPageTemplate="body-left")
            left = PageTemplate("body-left", [frame("left", setup.outer, setup.inner)], onPage=self._body_page,
                                autoNextPageTemplate="body")
            cover.autoNextPageTemplate = "body-left"
            self.addPageTemplates([cover, right, left])
        else:
            self.addPageTemplates([cover, PageTemplate("body", [frame("body", setup.inner, setup.outer)],
                                                       onPage=self._body_page)])

    @property
    def text_width(self) -> float:
        return self.setup.size[0] - self.setup.inner - self.setup.outer

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        """A figure that does not fit the rest of the page floats: the paragraphs after it that fit
        there whole are set first, and the figure opens the next page (never past a heading)."""
        if len(flowables) > 1 and isinstance(flowables[0], FigureBlock) and self._floats_past(*flowables[:2]):
            flowables[0], flowables[1] = flowables[1], flowables[0]
        super().handle_flowable(flowables)

    def _floats_past(self, figure: FigureBlock, after: Flowable) -> bool:
        if not isinstance(after, (Paragraph, ListFlowable)) or isinstance(after, Heading):
            return False
        frame = self.frame
        room = frame._y - frame._y1p
        width = frame._getAvailableWidth()
        if figure.wrapOn(self.canv, width, room)[1] <= room:
            return False
        return after.wrapOn(self.canv, width, room)[1] + after.getSpaceBefore() <= room

    def beforeDocument(self) -> None:
        self._outline_level = -1  # each layout pass starts a new outline

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, Heading):
            # the frame's y is now below the heading and its space after: the bookmark points at its top,
            # which is also where the rulebook lint looks for what follows a heading on its page
            top = self.frame._y + flowable.style.spaceAfter + flowable.height
            self.canv.bookmarkHorizontalAbsolute(flowable.key, top)
            level = flowable.toc_level if flowable.toc_level is not None else 2
            level = min(level, 2, self._outline_level + 1)  # '######' after '#' nests one deeper
            self._outline_level = level
            self.canv.addOutlineEntry(flowable.plain, flowable.key, level=level, closed=level > 0)
            if flowable.toc_level is not None:
                self.notify("TOCEntry", (flowable.toc_level, escape(flowable.plain), self.page, flowable.key))

    def _cover_page(self, canv, doc) -> None:
        width, height = self.setup.size
        band = 9 * mm
        canv.saveState()
        canv.setFillColor(self.styles.colour("note_bar"))
        canv.rect(0, height - band, width, band, stroke=0, fill=1)
        canv.rect(0, 0, width, band, stroke=0, fill=1)
        canv.restoreState()

    def _body_page(self, canv, doc) -> None:
        width, height = self.setup.size
        odd = doc.page % 2 == 1
        left = self.setup.inner if (odd or not self.setup.booklet) else self.setup.outer
        right = width - (self.setup.outer if (odd or not self.setup.booklet) else self.setup.inner)
        footer = self.styles["footer"]
        canv.saveState()
        canv.setStrokeColor(self.styles.colour("rule"))
        canv.setLineWidth(0.4)
        head_y = height - self.setup.top + 5 * mm
        canv.line(left, head_y - 2, right, head_y - 2)
        canv.setFont(footer.fontName, footer.fontSize)
        canv.setFillColor(footer.textColor)
        if self.setup.booklet and odd:  # the running head sits on the outer edge of facing pages
            canv.drawRightString(right, head_y + 1, self.running_head)
        else:
            canv.drawString(left, head_y + 1, self.running_head)
        canv.drawCentredString((left + right) / 2, self.setup.bottom - 9 * mm, str(doc.page))
        canv.restoreState()


def contents(styles: Styles, title: str = "Contents") -> list[Flowable]:
    """The contents page: its title (not listed in itself) and the table filled from the headings."""
    body = styles["body"]
    toc = TableOfContents(dotsMinLevel=0)
    toc.levelStyles = [styles["toc0"], styles["toc1"]]
    toc.tableStyle = TableStyle([("FONT", (0, 0), (-1, -1), body.fontName, body.fontSize, body.leading),
                                 ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                 ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                                 ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])
    return [Paragraph(title, styles["h1"]), Spacer(0, 4 * mm), toc]


def write_document(path: Path, setup: PageSetup, styles: Styles, title: str, running_head: str,
                   cover: Callable[[], list[Flowable]], body: Callable[[], list[Flowable]],
                   contents_title: str = "Contents", contents_hint: list | None = None) -> int:
    """Lay out and write the PDF; returns its page count (a booklet's is a multiple of four).

    ``cover`` and ``body`` make fresh flowables: layout marks the flowables it places, so a second
    layout (a booklet padded to whole sheets) must not reuse the first one's.

    The table of contents needs a layout pass to learn the page of each heading before the pass
    that prints it. ``contents_hint`` (a list, the entries of the last build of this document) is
    taken as the first pass's entries, and is given back filled with this build's: when nothing
    moved, one pass is enough; when something did, the passes go on as without it, so the file is
    the same either way.
    """
    width = setup.size[0] - 2 * setup.outer
    height = setup.size[1] - setup.top - setup.bottom

    def story(padding: int) -> list[Flowable]:
        pad: list[Flowable] = []
        for _ in range(padding):
            pad += [PageBreak(), Paragraph("Notes", styles["h3"])]
        front = KeepInFrame(width, height, cover(), mode="shrink")  # the cover is one page, whatever the paper
        return [front, NextPageTemplate("body"), PageBreak(), *contents(styles, contents_title), *body(), *pad]

    hint = contents_hint if contents_hint is not None else []
    doc = RulebookDoc(path, setup, styles, title, running_head)
    _lay_out(doc, story(0), hint)
    if setup.booklet and doc.page % 4:
        padding = 4 - doc.page % 4
        doc = RulebookDoc(path, setup, styles, title, running_head)
        _lay_out(doc, story(padding), hint)
    return doc.page


def _lay_out(doc: RulebookDoc, flowables: list[Flowable], hint: list) -> None:
    toc = next((f for f in flowables if isinstance(f, TableOfContents)), None)
    if toc is not None:
        toc._entries = [tuple(entry) for entry in hint]  # read as the last pass's by the first pass
    try:
        doc.multiBuild(flowables)
    except LayoutError:
        raise UserError("rule text: a table cell or block taller than a page cannot be laid out; "
                        "split it into shorter parts") from None
    if toc is not None:
        hint[:] = [list(entry) for entry in toc._entries]
