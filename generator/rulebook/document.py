"""The rulebook as a Platypus document: cover, table of contents, running heads, page numbers.

Built in invariant mode, so the same story gives a byte-identical file; every font is a
registered TrueType face (embedded), including the canvas's initial font and the contents page.
"""
from __future__ import annotations

import math
from ast import literal_eval
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (Flowable, Frame, HRFlowable, KeepInFrame, KeepTogether, ListFlowable, NextPageTemplate,
                                PageBreak, PageTemplate, Paragraph, Spacer, TableStyle)
from reportlab.platypus.doctemplate import BaseDocTemplate, LayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from generator.core.errors import UserError
from generator.core.trace import span
from generator.rulebook.filling import Filling, opened
from generator.rulebook.fit import MAX_TRIES, MOST_LOOSE, STEPS, first_level, next_level, saving, tightened
from generator.rulebook.flowables import Columns, FigureBlock, RoomFor
from generator.rulebook.legend import laying_out
from generator.rulebook.markdown import Heading
from generator.rulebook.styles import Styles

if TYPE_CHECKING:
    from generator.rulebook.index import BookIndex


@dataclass(frozen=True)
class PageSetup:
    """Paper and margins in points; a booklet mirrors the inner and outer margins on facing pages."""

    size: tuple[float, float]
    top: float
    bottom: float
    inner: float
    outer: float
    booklet: bool = False

    @property
    def cover_width(self) -> float:
        """The width of a cover's frame: the page less its outer margin on both sides, centred on the
        trim, since a cover's content keeps no binding margin (a booklet's gutter is for the pages
        inside)."""
        return self.size[0] - 2 * self.outer


class RulebookDoc(BaseDocTemplate):
    """Pages: a cover, then body pages with a running head and a page number in the footer."""

    def __init__(self, path: Path, setup: PageSetup, styles: Styles, title: str, running_head: str,
                 whole_tables: bool = True):
        super().__init__(str(path), pagesize=setup.size, invariant=1, pageCompression=1, title=title,
                         author="pnp-generator", creator="pnp-generator", producer="pnp-generator",
                         subject=running_head, initialFontName=styles.body_font, initialFontSize=10,
                         leftMargin=setup.inner, rightMargin=setup.outer, topMargin=setup.top,
                         bottomMargin=setup.bottom, showBoundary=0)
        self.setup, self.styles, self.running_head = setup, styles, running_head
        self.whole_tables = whole_tables   # a short table may move to the next page whole (``BookTable``)
        width, height = setup.size
        frame_h = height - setup.top - setup.bottom

        def frame(name: str, left: float, right: float) -> Frame:
            return Frame(left, setup.bottom, width - left - right, frame_h, id=name, leftPadding=0,
                         rightPadding=0, topPadding=0, bottomPadding=0)

        cover = PageTemplate("cover", [frame("cover", setup.outer, setup.outer)], onPage=self._cover_page)
        if setup.booklet:  # odd pages are right-hand pages: the binding is on their left
            right = PageTemplate("body", [frame("right", setup.inner, setup.outer)], onPage=self._body_page)
            left = PageTemplate("body-left", [frame("left", setup.outer, setup.inner)], onPage=self._body_page)
            # the back cover, centred as the front is, with its bands and without a running head or number
            back = PageTemplate("back", [frame("back", setup.outer, setup.outer)], onPage=self._cover_page)
            self.addPageTemplates([cover, right, left, back])
        else:
            self.addPageTemplates([cover, PageTemplate("body", [frame("body", setup.inner, setup.outer)],
                                                       onPage=self._body_page)])

    def build(self, flowables: list[Flowable], *args, **kwargs) -> None:
        """A layout pass: each figure's key says only the marks no earlier key on its spread explained."""
        with laying_out(lambda: self.page):
            super().build(flowables, *args, **kwargs)

    def handle_pageBegin(self) -> None:
        """A booklet's body page takes the template of its side, by its number: odd pages are
        right-hand pages (binding on the left), even pages left-hand ones. Choosing by the number
        keeps the frames in step with the running head and page number, whatever page breaks and
        template changes came before."""
        if self.setup.booklet and self.pageTemplate.id in ("body", "body-left"):
            side = "body" if (self.page + 1) % 2 else "body-left"
            self.pageTemplate = next(t for t in self.pageTemplates if t.id == side)
        super().handle_pageBegin()

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
        self.filled: dict[int, float] = {}          # page -> height its flowables take from the frame's top
        self.room: dict[int, float] = {}            # page -> height left empty at its foot
        self.placed: list[tuple[int, Flowable]] = []   # each flowable placed, with its page
        self.moved_whole = False                    # a short table went to the next page whole

    def handle_pageEnd(self) -> None:
        frame = self.frame
        self.filled[self.page] = frame._y2 - frame._topPadding - frame._y
        self.room[self.page] = frame._y - frame._y1p
        super().handle_pageEnd()

    def afterFlowable(self, flowable: Flowable) -> None:
        self.placed.append((self.page, flowable))
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
        # the part of the page an imposition must keep whole (its bands may be cut at the page's edge)
        canv.setArtBox((self.setup.outer, self.setup.bottom, width - self.setup.outer, height - self.setup.top))

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
        # the text block with its running head and page number: what an imposition keeps whole
        canv.setArtBox((left, self.setup.bottom - 9 * mm - footer.fontSize, right, head_y + 1 + footer.fontSize))


LEADER_PITCH = 0.5   # ems of the entries' size between the dots of a leader


class Contents(TableOfContents):
    """The table of contents: each entry, a leader of dots and its page number set flush right.
    The dots of every line stand on one grid (a dot every ``LEADER_PITCH`` em from the frame's
    left edge), so the leaders form straight columns down the page, and they stop short of a column
    as wide as the widest page number, so no dot runs into a number."""

    def __init__(self, leader: ParagraphStyle, **kwargs):
        super().__init__(dotsMinLevel=-1, **kwargs)
        self.leader = leader

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        size = super().wrap(avail_width, avail_height)
        self.canv.setNamedCB("drawTOCEntryEnd", self._entry_end(avail_width))
        return size

    def _entry_end(self, width: float):
        leader = self.leader
        pitch = LEADER_PITCH * leader.fontSize
        numbers = [str(page) for _, _, page, *_ in self._lastEntries] or ["0"]
        column = max(stringWidth(n, self.getLevelStyle(0).fontName, self.getLevelStyle(0).fontSize) for n in numbers)
        dot = stringWidth(".", leader.fontName, leader.fontSize)

        def draw(canv, kind, label):
            page, level, key = label.split(",")
            style = self.getLevelStyle(int(level))
            x, y = canv._curr_tx_info["cur_x"], canv._curr_tx_info["cur_y"]
            first = math.ceil((x + pitch) / pitch)                      # a clear space after the entry
            last = math.floor((width - column - pitch - dot) / pitch)  # and before the number column
            canv.saveState()   # the character spacing must not reach the entries drawn after this one
            if last >= first:
                text = canv.beginText(first * pitch, y)
                text.setFont(leader.fontName, leader.fontSize)
                text.setFillColor(leader.textColor)
                text.setCharSpace(pitch - dot)
                text.textOut("." * (last - first + 1))
                text.setCharSpace(0)
                canv.drawText(text)
            number_w = stringWidth(page, style.fontName, style.fontSize)
            canv.setFont(style.fontName, style.fontSize)
            canv.setFillColor(style.textColor)
            canv.drawRightString(width, y, page)
            key = literal_eval(key)
            if key:
                canv.linkRect("", key, (width - number_w, y, width, y + style.leading), relative=1)
            canv.restoreState()
        return draw


def contents(styles: Styles, title: str = "Contents") -> list[Flowable]:
    """The contents page: its title (not listed in itself) and the table filled from the headings."""
    body = styles["toc1"]
    toc = Contents(styles["toc1"])
    toc.levelStyles = [styles["toc0"], styles["toc1"]]
    toc.tableStyle = TableStyle([("FONT", (0, 0), (-1, -1), body.fontName, body.fontSize, body.leading),
                                 ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                 ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                                 ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])
    return [Paragraph(title, styles["h1"]), Spacer(0, 4 * mm), toc]


INDEX_AFTER = 12   # a book longer than this many pages gets an index


def write_document(path: Path, setup: PageSetup, styles: Styles, title: str, running_head: str,
                   cover: Callable[[], list[Flowable]], body: Callable[[Styles], list[Flowable]],
                   contents_title: str = "Contents", contents_hint: list | None = None,
                   back: Callable[[Styles], list[Flowable]] | None = None, index: BookIndex | None = None,
                   chapter_breaks: bool = False, cuts: int = 0) -> int:
    """Lay out and write the PDF; returns its page count (a booklet's is a multiple of four).

    ``cover``, ``body`` and ``back`` make fresh flowables (``body`` and ``back`` in the styles they
    are given): layout marks the flowables it places, so a later layout (a booklet fitted or padded
    to whole sheets, a long book given its index) must not reuse an earlier one's. A book longer
    than ``INDEX_AFTER`` pages ends with ``index``: laid out once with every term listed (page
    numbers left open, so the lines are the same), its pages read back from that PDF, then laid out
    with them. ``back`` is one page, the book's last (a booklet's back cover).

    A booklet whose text runs a little past whole sheets is laid out again a little tighter
    (``fit_to_sheets``); one whose text then ends a page or more short of whole sheets is tried with
    its glossary (the last chapter, when the index leaves it out) and its index each opening a page
    (``_last_chapter_apart``), kept when that takes a spare page and no more; one whose last page
    of text is then under half full, or a page short of whole sheets, is laid out a little looser, its
    spaces opened (never its type) until its text runs to the end (``loosest``); what is still short
    of whole sheets is padded with blank pages before its back cover. But a booklet that still runs past
    its sheets takes a ``cut`` of its content first, when ``cuts`` offers some: ``body(looks, cut)``
    makes the body ``cut`` steps shorter (1 to ``cuts``, each shorter than the one before), and the
    booklet takes the least cut that saves it a sheet (``shortest_fit``).

    The table of contents needs a layout pass to learn the page of each heading before the pass
    that prints it. ``contents_hint`` (a list, the entries of the last build of this document) is
    taken as the first pass's entries, and is given back filled with this build's: when nothing
    moved, one pass is enough; when something did, the passes go on as without it, so the file is
    the same either way.
    """
    width = setup.size[0] - setup.inner - setup.outer   # the body frames' width (a booklet's with its gutter)
    height = setup.size[1] - setup.top - setup.bottom

    def story(level: int, padding: int, entries: list[tuple[str, str]] | None, apart: bool,
              cut: int) -> list[Flowable]:
        looks = tightened(styles, level)
        pad: list[Flowable] = []
        for _ in range(padding):
            pad += [PageBreak(), Paragraph("Notes", styles["h3"])]
        # the cover is one page, whatever the paper, centred on the trim (``PageSetup.cover_width``)
        front = KeepInFrame(setup.cover_width, height, cover(), mode="shrink")
        text = body(looks, cut) if cut else body(looks)
        out = [front, NextPageTemplate("body"), PageBreak(), *contents(styles, contents_title),
               *(_last_chapter_apart(text, index.stop) if apart and index is not None else text)]
        if entries is not None and index is not None:
            out += index_pages(looks, index.title, entries, width, chapter_breaks or apart)
        out += pad
        if back is not None:   # its heading outside the filling frame, so it is listed and bookmarked
            head = _head(back(styles))
            wide = setup.cover_width if setup.booklet else width    # a booklet's back cover is centred as its front
            rest = Filling(lambda looks: _headless(back(looks)), styles,
                           height - sum(f.wrap(wide, height)[1] + f.getSpaceAfter() for f in head))
            whole = [*head, rest]
            # a booklet's back cover is a page of its own, as every chapter is with chapter breaks; else it
            # runs on when it fits the page whole
            if setup.booklet:
                out += [NextPageTemplate("back"), PageBreak(), *whole]
            else:
                out += [PageBreak(), *whole] if chapter_breaks else [KeepTogether(whole)]
        return out

    def lay_out(level: int, padding: int, entries: list[tuple[str, str]] | None, apart: bool = False,
                cut: int = 0, to: Path = path) -> RulebookDoc:
        doc = RulebookDoc(to, setup, styles, title, running_head, whole_tables)
        _lay_out(doc, story(level, padding, entries, apart, cut), hint)
        return doc

    hint = contents_hint if contents_hint is not None else []
    entries = None
    whole_tables = True
    doc = lay_out(0, 0, None)
    if doc.moved_whole:   # a short table went to the next page whole: only while that costs the book no page
        whole_tables = False
        split = _trial(path, hint, lambda to: lay_out(0, 0, None, to=to), lambda tried: tried.page < doc.page)
        whole_tables = split is None
        doc = split or doc
    level, written = 0, True   # written: the file holds the book as it is to be, unpadded
    if index is not None and INDEX_AFTER < doc.page < INDEX_AFTER + 4 and setup.booklet and doc.page % 4:
        # a booklet a little past its sheets may fit them tighter, short enough to need no index
        measured = list(hint)
        fitted = fit_to_sheets(doc, styles, back is not None, lambda k: lay_out(k, 0, None))
        if fitted is not None and fitted[1].page <= INDEX_AFTER:
            level, doc, written = fitted
        else:
            hint[:] = measured
    if index is not None and doc.page > INDEX_AFTER:
        doc = lay_out(0, 0, [(term, "") for term, _ in index.terms])
        entries = index.locate(path)
        written = False
    if setup.booklet and doc.page % 4:
        measured = list(hint)
        fitted = fit_to_sheets(doc, styles, back is not None, lambda k: lay_out(k, 0, entries))
        if fitted is None:
            hint[:], written = measured, False   # the file holds the last layout tried
        else:
            level, doc, last = fitted
            if not last:   # a better layout was tried before the last one: the file is to hold it
                doc = lay_out(level, 0, entries)
            found = index.locate(path) if entries is not None and index is not None else None
            written = found == entries   # the terms' pages did not move
            entries = found
    padding = (-doc.page) % 4 if setup.booklet else 0
    cut = 0
    if setup.booklet and cuts and (padding or _ends_short(doc, back is not None, height)):
        measured = list(hint)
        shorter = shortest_fit(doc.page + padding - 4, cuts, styles, back is not None,
                               lambda c, k: lay_out(k, 0, entries, cut=c))
        if shorter is None:
            hint[:], written = measured, False   # the file holds the last layout tried
        else:
            cut, level, doc, last = shorter
            if not last:
                doc = lay_out(level, 0, entries, cut=cut)
            found = index.locate(path) if entries is not None and index is not None else None
            written, entries = found == entries, found
            padding = (-doc.page) % 4
    apart = False
    if padding and entries is not None and not chapter_breaks:
        # a spare page before the back cover: the glossary and the index each open a page of their own
        # rather than a Notes page following them
        tried = lay_out(level, 0, entries, apart=True, cut=cut)
        if doc.page < tried.page <= doc.page + padding:
            doc, apart, written = tried, True, True
            padding = (-doc.page) % 4
        else:
            written = False   # the file holds the layout tried
    # a page short of whole sheets at most: loosened spaces fill that much, not blank pages' worth
    if setup.booklet and level == 0 and (padding == 1 or not padding and _ends_short(doc, back is not None, height)):
        target = doc.page + padding
        loose = loosest(target, back is not None, height, lambda k: lay_out(k, 0, entries, apart, cut))
        if loose is None:
            written = False   # the file holds the last layout tried
        else:
            level, doc, last = loose
            if not last:
                doc = lay_out(level, 0, entries, apart, cut)
            found = index.locate(path) if entries is not None and index is not None else None
            written, entries = found == entries, found
            padding = target - doc.page
    if not written or padding:
        doc = lay_out(level, padding, entries, apart, cut)
        if setup.booklet and doc.page % 4:   # the index's lines with their pages took more room than without
            doc = lay_out(level, (padding - doc.page) % 4, entries, apart, cut)
    return doc.page


def _trial(path: Path, hint: list, lay_out: Callable[[Path], RulebookDoc],
           better: Callable[[RulebookDoc], bool]) -> RulebookDoc | None:
    """Another layout (``lay_out`` to a file of its own), put in the place of ``path`` when it is
    ``better``; else None, and the file and the contents' ``hint`` stay as they were."""
    trial = path.with_name(f".{path.stem}-trial{path.suffix}")
    measured = list(hint)
    try:
        tried = lay_out(trial)
        if better(tried):
            trial.replace(path)
            return tried
        hint[:] = measured
        return None
    finally:
        trial.unlink(missing_ok=True)


def _ends_short(doc: RulebookDoc, has_back: bool, height: float) -> bool:
    """Whether the last page of ``doc``'s text (before its back cover, when it ``has_back``) is
    under half full: its last sheet holds little more than a remnant."""
    return doc.filled.get(doc.page - 1 if has_back else doc.page, 0.0) < height / 2


def loosest(target: int, has_back: bool, height: float,
            lay_out: Callable[[int], RulebookDoc]) -> tuple[int, RulebookDoc, bool] | None:
    """A booklet whose text ends a page or so short of its ``target`` pages (whole sheets) laid out
    looser (``lay_out`` at a level of -1 to -``fit.MOST_LOOSE``), so that its text runs to the end:
    the levels are tried by bisection for the loosest that keeps it to ``target`` pages, and of those
    tried whose last page of text is at least half full, the one with the most pages, then the
    loosest, is taken: its level, its layout and whether that layout was the last one written; None
    when none is."""
    lo, hi, last = 1, MOST_LOOSE, None
    fits: list[tuple[int, RulebookDoc]] = []
    while lo <= hi:
        mid = (lo + hi) // 2
        with span(f"rulebook fill to sheets: loosened {mid} of {MOST_LOOSE}"):
            last = lay_out(-mid)
        if last.page <= target:
            lo = mid + 1
            if not _ends_short(last, has_back, height):
                fits.append((-mid, last))
        else:
            hi = mid - 1
    if not fits:
        return None
    level, doc = max(fits, key=lambda fit: (fit[1].page, -fit[0]))
    return level, doc, doc is last


def _head(page: list[Flowable]) -> list[Flowable]:
    """The heading of a page of its own and the rule under it (out of any group that keeps them
    with what follows)."""
    flat = [f for f in opened(page) if not isinstance(f, RoomFor)]
    return [f for f in flat[:3] if isinstance(f, (Heading, HRFlowable))]


def _headless(page: list[Flowable]) -> list[Flowable]:
    """A page of its own without its heading: whatever comes before the heading stays."""
    head = _head(page)
    return [f for f in opened(page) if not any(f is h for h in head)]


def _last_chapter_apart(flowables: list[Flowable], unindexed) -> list[Flowable]:
    """``flowables`` with a page break before their last chapter when the index does not cover it
    (its title matches ``unindexed``: the glossary), so that it opens a page of its own."""
    for i in range(len(flowables) - 1, -1, -1):
        f = flowables[i]
        if isinstance(f, Heading) and f.toc_level == 0:
            if not unindexed.match(f.plain):
                return flowables
            at = i - 1 if i and isinstance(flowables[i - 1], RoomFor) else i   # before the room asked for it
            return [*flowables[:at], PageBreak(), *flowables[at:]]
    return flowables


def fit_to_sheets(doc: RulebookDoc, styles: Styles, has_back: bool,
                  lay_out: Callable[[int], RulebookDoc]) -> tuple[int, RulebookDoc, bool] | None:
    """A booklet ``doc`` laid out again tighter (``lay_out`` at a level of ``fit.STEPS``) to take
    fewer sheets, its text ending on a sheet's last page (before the back cover, when it
    ``has_back``) if it can: the level, its layout, and whether that layout was the last one
    written; None when no tighter layout takes fewer sheets. The text past that page, the room
    left above it and what each step would save are measured once, on ``doc``'s pages; at most
    ``fit.MAX_TRIES`` layouts are tried."""
    pages = doc.page
    last = pages - 1 if has_back else pages     # the last page of text
    end = last - pages % 4                      # where it would end on whole sheets
    past = sum(doc.filled.get(page, 0.0) for page in range(end + 1, last + 1))
    # the room left at the foot of the sheet's last page takes some of it (not all: what did not go
    # there, a paragraph's last lines or a block kept whole, left it empty)
    overflow = max(past - doc.room.get(end, 0.0), past / 2)
    placed = [flowable for page, flowable in doc.placed if page <= last]
    savings = [saving(placed, styles, level) for level in range(len(STEPS) + 1)]
    best: tuple[tuple[int, int], int, RulebookDoc] | None = None
    level = first_level(overflow, savings)
    for _ in range(MAX_TRIES):
        if level is None:
            break
        with span(f"rulebook fit to sheets: {overflow:.0f} pt over, level {level}"):
            tried = lay_out(level)
        score = (-(-tried.page // 4), (-tried.page) % 4)   # sheets, then blank pages
        if score < (-(-pages // 4), 0) and (best is None or score < best[0]):
            best = (score, level, tried)
        level = next_level(level, tried.page - (pages - pages % 4))
    if best is None:
        return None
    return best[1], best[2], best[2] is tried


def shortest_fit(target: int, cuts: int, styles: Styles, has_back: bool,
                 lay_out: Callable[[int, int], RulebookDoc]) -> tuple[int, int, RulebookDoc, bool] | None:
    """The least cut (1 to ``cuts``) of a booklet's content that brings it to ``target`` pages or
    fewer set as tight as the spacing steps go (``lay_out(cut, level)`` lays it out at a level of
    ``fit.STEPS``), found by bisection, since the spacing steps come before the content; then the
    fewest steps that cut needs (``fit_to_sheets``): the cut, the level, its layout and whether it
    was the last one written; None when no cut brings the booklet to ``target`` pages."""
    tightest: dict[int, RulebookDoc] = {}
    last = None

    def pages(cut: int, level: int) -> RulebookDoc:
        nonlocal last
        if level == len(STEPS) and cut in tightest:   # laid out already (the file may hold another)
            return tightest[cut]
        with span(f"rulebook cut {cut} of {cuts}, level {level}"):
            last = lay_out(cut, level)
        return last
    lo, hi, found = 1, cuts, None
    while lo <= hi:
        mid = (lo + hi) // 2
        tightest[mid] = pages(mid, len(STEPS))
        if tightest[mid].page <= target:
            found, hi = mid, mid - 1
        else:
            lo = mid + 1
    if found is None:
        return None
    plain = pages(found, 0)
    if plain.page <= target:
        return found, 0, plain, True
    fitted = fit_to_sheets(plain, styles, has_back, lambda k: pages(found, k))
    if fitted is not None and fitted[1].page <= target:
        return found, fitted[0], fitted[1], fitted[1] is last
    return found, len(STEPS), tightest[found], tightest[found] is last


def index_pages(styles: Styles, title: str, entries: list[tuple[str, str]], width: float,
                chapter_break: bool = False) -> list[Flowable]:
    """The index: a chapter heading and the terms with their pages, in two columns."""
    from reportlab.platypus import Table
    item = styles["index"] if "index" in styles.paragraph else styles["toc1"].clone("index", leftIndent=0)
    gap = 6 * mm
    column = (width - gap) / 2
    # the terms' column as wide as the widest term and a space, the pages set close after it, a line
    # of the index to a term (no rules between lines, as a book's index)
    widest = max((stringWidth(term, item.fontName, item.fontSize) for term, _ in entries), default=0.0)
    term_w = min(column * 0.6, widest + item.fontSize)
    body = styles["body"]
    look = TableStyle([("FONT", (0, 0), (-1, -1), body.fontName, body.fontSize, body.leading),
                       ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                       ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                       ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])
    rows = [Table([[Paragraph(escape(term), item), Paragraph(numbers or "&nbsp;", item)]],
                  colWidths=[term_w, column - term_w], style=look) for term, numbers in entries]
    grid = Columns(rows, 2, width, gap)   # read down each column, page by page
    heading = Heading(escape(title), styles["h1"], 0, "index", title)
    rule = HRFlowable(width="100%", thickness=0.8, color=styles.colour("rule"), spaceBefore=0, spaceAfter=8)
    # the heading and its rule with the index's first lines (all of a short index) on one page
    heading.keepWithNext = 0   # the room is asked for by RoomFor
    return [PageBreak() if chapter_break else RoomFor([heading, rule], grid), heading, rule, grid]


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
