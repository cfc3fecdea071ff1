"""Flowables that typeset the way an editor asks: tables that split without orphans and keep their
notes, figures kept with their captions (shrunk a little rather than leaving most of a page empty),
headings kept with what they head."""
from __future__ import annotations

import copy
from typing import Callable

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, ListFlowable, Paragraph, Spacer, Table
from reportlab.platypus.doctemplate import FrameBreak

MIN_ROWS = 3          # a split table leaves at least this many body rows on each page
SHORT_ROWS = 8        # a table of at most this many body rows is short...
SHORT_SHARE = 1 / 3   # ...and so is one no taller than this share of the frame
LEAVE_EMPTY = 0.3     # the most of a page a short table leaves blank by moving on whole rather than split
MIN_FIGURE_SCALE = 0.75   # a figure may shrink this far to fit the rest of a page
SIDE_GAP = 12.0           # points between a lone face and the captions set beside it
SIDE_COLUMN = 30 * mm     # the least width of a column of captions beside a face


class BookTable(Table):
    """A table that repeats its header rows and splits only where each part keeps ``MIN_ROWS`` body rows.
    A short one (``SHORT_ROWS``, ``SHORT_SHARE``) moves to the next page whole rather than split when
    the page it leaves stays well filled (``LEAVE_EMPTY``); else it splits as any table, since moving
    it would leave a page mostly empty and lengthen the book.
    ``row_keys``: the text of each row's first cell (a figure of some rows names them so)."""

    row_keys: list[str] | None = None
    remake: Callable[[float], "BookTable"] | None = None   # the same table set at another width, fresh cells
    _cut: int | None = None   # a split asked for before this row (``split_at``)
    kept_above = 0.0   # the height of the headings over it that go to the next page with it (``RoomFor``)

    @property
    def heads(self) -> int:
        return self.repeatRows if isinstance(self.repeatRows, int) else max(self.repeatRows) + 1

    def least_start(self, room: float | None = None, at: Flowable | None = None, kept: float = 0.0) -> float:
        """The least of this table that a page must hold for it to begin there: its header and
        ``MIN_ROWS`` body rows; all of it when it would move whole from the page ``at`` lays out,
        ``room`` left on it under ``kept`` (the height of headings that go with it: ``kept_above``)."""
        self.kept_above = kept
        full = whole_tables_frame(at) if at is not None else None
        if room is not None and full is not None and self.moves_whole(room + kept, full):
            if sum(self._rowHeights) > room:
                moved_whole(at)
            return sum(self._rowHeights)
        return sum(self._rowHeights[:self.heads + MIN_ROWS])

    def moves_whole(self, room: float, full: float) -> bool:
        """Whether this table, short and no taller than a frame ``full`` high, goes to the next page
        whole rather than split from a page that it (and the headings over it) would leave ``room``
        blank: that page stays well filled."""
        height = sum(self._rowHeights)
        short = len(self._rowHeights) - self.heads <= SHORT_ROWS or height <= SHORT_SHARE * full
        return short and height <= full and room <= LEAVE_EMPTY * full

    def _page_moves_whole(self) -> bool:
        """``moves_whole`` on the page being laid out (the frame's room, whatever part of it a
        block around the table offers), told to the layout (``moved_whole``); False outside a
        layout, or in one that splits short tables as any (``whole_tables``)."""
        full = whole_tables_frame(self)
        if full is None:
            return False
        frame = self._doctemplateAttr("frame")
        whole = self.moves_whole(frame._y - frame._y1p + self.kept_above, full)
        if whole:
            moved_whole(self)
        return whole

    def split_at(self, row: int, avail_width: float) -> list[Flowable]:
        """The table parted before ``row`` (header rows counted), the second part under the header again."""
        self._cut = row
        try:
            parts = self.split(avail_width, 1e6)
        finally:
            self._cut = None
        if len(parts) == 2 and self.row_keys is not None:   # a part is a new table: its rows' keys go with it
            parts[0].row_keys = self.row_keys[:row]
            parts[1].row_keys = self.row_keys[:self.heads] + self.row_keys[row:]
        return parts

    def _getFirstPossibleSplitRowPosition(self, availHeight, ignoreSpans=0):
        n = super()._getFirstPossibleSplitRowPosition(availHeight, ignoreSpans)
        if self._cut is not None:
            return min(n, self._cut)
        rows = len(self._rowHeights)
        if n >= rows:
            return n
        heads = self.heads
        n = min(n, rows - MIN_ROWS)          # enough rows left for the next page
        if n - heads < MIN_ROWS or self._page_moves_whole():
            return 0   # too few here, or a short table on a well-filled page: the whole table moves on
        return n


def whole_tables_frame(f: Flowable) -> float | None:
    """The height of the frame ``f`` is laid out in when a short table may move to the next page
    whole there; None outside a layout or in a layout whose ``whole_tables`` is off."""
    doc = f._doctemplate
    if not getattr(doc, "whole_tables", True):
        return None
    return getattr(getattr(doc, "frame", None), "_height", None)


def moved_whole(f: Flowable) -> None:
    """Tells the layout of ``f`` that a short table went to the next page whole."""
    if hasattr(f._doctemplate, "moved_whole"):
        f._doctemplate.moved_whole = True


class NotedTable(Flowable):
    """A table and the notes under it (block quotes that follow it at once), which never open a
    page alone: when the notes do not fit under the table, the table's last ``MIN_ROWS`` body rows
    (at least) go over with them, or the whole table does when it is too short to split."""

    def __init__(self, table: BookTable, notes: list[Flowable]):
        super().__init__()
        self.table, self.notes = table, notes
        self._sizes: list[tuple[float, float]] = []

    def _parts(self) -> list[Flowable]:
        return [self.table, *self.notes]

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self._sizes = [f.wrapOn(self.canv, avail_width, avail_height) for f in self._parts()]
        self.width = avail_width
        self.height = sum(h for _, h in self._sizes) + self._spaces()
        return self.width, self.height

    def _spaces(self) -> float:
        parts = self._parts()
        return sum(f.getSpaceAfter() for f in parts[:-1]) + sum(f.getSpaceBefore() for f in parts[1:])

    def _notes_height(self, avail_width: float) -> float:
        return sum(f.wrapOn(self.canv, avail_width, 1e6)[1] for f in self.notes) + self._spaces()

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """The table's first rows here and the rest with the notes on the next page; nothing (all
        of it moves on) when the table cannot split and keep its rows on each side."""
        for room in (avail_height, avail_height - self._notes_height(avail_width)):
            if room <= 0:
                continue
            self.table.wrapOn(self.canv, avail_width, room)
            parts = self.table.splitOn(self.canv, avail_width, room)
            if len(parts) == 2:
                return [parts[0], NotedTable(parts[1], self.notes)]
        return []

    def getSpaceBefore(self) -> float:
        return self.table.getSpaceBefore()

    def getSpaceAfter(self) -> float:
        return self.notes[-1].getSpaceAfter() if self.notes else self.table.getSpaceAfter()

    def draw(self) -> None:
        y = self.height
        for i, (f, (_, h)) in enumerate(zip(self._parts(), self._sizes)):
            y -= h + (f.getSpaceBefore() if i else 0)
            f.drawOn(self.canv, 0, y)
            y -= f.getSpaceAfter()


class FigureBlock(Flowable):
    """A drawing and its caption as one flowable: never parted, and scaled down (drawing only, the
    caption keeps its size) to at most ``MIN_FIGURE_SCALE`` when that lets it fit the page. A drawing
    wider than the frame is scaled to its width: never drawn into the margins. A lone face (a drawing
    with ``side_labels``: a gallery of one piece) too tall for the rest of the page with its captions
    under it takes them beside it instead, when that leaves them a column of ``SIDE_COLUMN`` and
    lets it fit: its count and name, then the caption, at the face's foot, as a book sets a side
    caption, rather than leaving the page part empty."""

    def __init__(self, drawing: list[Flowable], caption: Paragraph | None):
        super().__init__()
        self.drawing, self.caption = drawing, caption
        self.scale, self.hAlign = 1.0, "CENTER"
        self._sizes: list[tuple[float, float]] = []
        self._caption_h = 0.0
        self.beside: tuple[list[tuple[str, str, float, object]], Paragraph | None] | None = None

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self._beside(False)
        self._sizes = [d.wrap(avail_width, 1e6) for d in self.drawing]
        drawn_h = sum(h for _, h in self._sizes)
        self._caption_h = 0.0
        if self.caption is not None:
            _, h = self.caption.wrap(avail_width, 1e6)
            self._caption_h = h + self.caption.getSpaceBefore()
        room = avail_height - self._caption_h
        self.scale = 1.0
        # a drawing whose text already sits at the figures' smallest size says how far it may shrink
        floor = max([MIN_FIGURE_SCALE] + [getattr(d, "min_scale", 0.0) for d in self.drawing])
        if drawn_h > room and drawn_h * floor <= room:
            self.scale = room / drawn_h
        widest = max((w for w, _ in self._sizes), default=0.0)
        if widest > avail_width:
            self.scale = min(self.scale, avail_width / widest)
        self.width = avail_width
        self.height = drawn_h * self.scale + self._caption_h
        if self.height > avail_height:
            self._set_beside(avail_width, avail_height)
        return self.width, self.height

    def _beside(self, on: bool) -> list[tuple[str, str, float, object]] | None:
        """The lone face's labels when it can take them beside it (``on``), else None: its captions
        go under it again."""
        self.beside = None
        labels = self.drawing[0].side_labels() if len(self.drawing) == 1 and hasattr(self.drawing[0], "side_labels") \
            else None
        if labels is not None:
            self.drawing[0].labels_beside = on
        return labels if on else None

    def _set_beside(self, avail_width: float, avail_height: float) -> None:
        labels = self._beside(True)
        if labels is None:
            return
        drawing = self.drawing[0]
        face_w = drawing.natural_width(avail_width)
        w, h = drawing.wrap(face_w, 1e6)
        column = avail_width - w - SIDE_GAP
        caption = None
        if self.caption is not None:
            style = self.caption.style
            caption = Paragraph(self.caption.text, style.clone(f"{style.name}-beside", alignment=TA_LEFT))
            caption.wrap(max(column, 1.0), 1e6)
        text_h = _labels_height(labels) + (caption.height + _LABEL_GAP if caption is not None else 0.0)
        widest = max(stringWidth(text, font, size) for text, font, size, _ in labels)
        if column < max(SIDE_COLUMN, widest) or max(h, text_h) > avail_height:
            self._beside(False)
            drawing.wrap(avail_width, 1e6)
            return
        self.beside = (labels, caption)
        self._sizes, self.scale, self._caption_h = [(w, h)], 1.0, 0.0
        self.height = max(h, text_h)

    def _draw_beside(self) -> None:
        """The face, and beside it its labels over the caption, the two set as one group centred on
        the width, standing on the block's foot."""
        assert self.beside is not None
        labels, caption = self.beside
        canv, (w, h) = self.canv, self._sizes[0]
        lines = [stringWidth(text, font, size) for text, font, size, _ in labels]
        if caption is not None:
            lines += caption.getActualLineWidths0()
        left = (self.width - w - SIDE_GAP - max(lines)) / 2
        self.drawing[0].drawOn(canv, left, 0)
        x, y = left + w + SIDE_GAP, 0.0
        if caption is not None:
            caption.drawOn(canv, x, 0)
            y = caption.height + _LABEL_GAP
        y += _labels_height(labels)
        canv.saveState()
        for text, font, size, colour in labels:
            y -= _LABEL_LEADING * size
            canv.setFont(font, size)
            canv.setFillColor(colour)
            canv.drawString(x, y + (_LABEL_LEADING - 1) * size, text)
        canv.restoreState()

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """A figure moves to the next page whole; only a drawing that is a set of rows (a gallery of
        pieces) too tall for any page, or one that says it ``runs_on`` as a table does (small boards),
        continues on the next one, the caption under its last part."""
        frame = self._doctemplateAttr("frame")
        full = getattr(frame, "_height", None)
        drawn = sum(d.wrap(avail_width, 1e6)[1] for d in self.drawing) + self._caption_h
        if len(self.drawing) != 1 or full is None or (drawn <= full and not getattr(self.drawing[0], "runs_on", False)):
            return []
        parts = self.drawing[0].split(avail_width, avail_height)
        if len(parts) != 2:
            return []
        return [FigureBlock([parts[0]], None), FigureBlock([parts[1]], self.caption)]

    def getSpaceAfter(self) -> float:
        return self.caption.getSpaceAfter() if self.caption is not None else 6

    def draw(self) -> None:
        if self.beside is not None:
            self._draw_beside()
            return
        canv, y = self.canv, self.height
        for flowable, (w, h) in zip(self.drawing, self._sizes):
            y -= h * self.scale
            x = (self.width - w * self.scale) / 2
            canv.saveState()
            canv.translate(x, y)
            canv.scale(self.scale, self.scale)
            flowable.drawOn(canv, 0, 0)
            canv.restoreState()
        if self.caption is not None:
            self.caption.drawOn(canv, 0, 0)


_LABEL_LEADING = 1.3   # a side label's line, in its size
_LABEL_GAP = 2.0       # points between the labels beside a face and the caption under them


def _labels_height(labels: list[tuple[str, str, float, object]]) -> float:
    return sum(_LABEL_LEADING * size for _, _, size, _ in labels)


class TableFigure(Flowable):
    """A table and, under it, a figure of some of its rows (small boards, each naming its row by the
    text of the row's first cell: ``row_keys``), kept so that every board is on the page of its row.
    At a page foot the table parts where the rows that stay (at least ``MIN_ROWS``, as many left for
    the next page) and the boards of those rows fit the rest of the page; the other rows and boards
    go on together. When no such part fits, the whole moves to the next page, unless that would
    leave more than ``LEAVE_EMPTY`` of this page blank: then the table runs on here as any table
    and its boards follow it."""

    LEAVE_EMPTY = 0.5   # the most of a page a table and its boards leave blank by moving on whole

    def __init__(self, table: BookTable, gap: float, figure: FigureBlock):
        super().__init__()
        self.table, self.gap, self.figure = table, gap, figure
        self.boards = figure.drawing[0]
        self._promised = False   # a heading above stayed on the promise that the table runs on (``least``)

    @staticmethod
    def pairs(table: Flowable, figure: Flowable) -> bool:
        """Whether ``figure`` draws rows of ``table``: a figure of small boards naming each board's row."""
        drawing = figure.drawing if isinstance(figure, FigureBlock) else []
        keys = getattr(drawing[0], "row_keys", None) if len(drawing) == 1 else None
        return isinstance(table, BookTable) and table.row_keys is not None and keys is not None

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        table_h = self.table.wrapOn(self.canv, avail_width, 1e6)[1]
        figure_h = self.figure.wrapOn(self.canv, avail_width, 1e6)[1]
        self.width, self.height = avail_width, table_h + self.gap + figure_h
        return self.width, self.height

    def getSpaceBefore(self) -> float:
        return self.table.getSpaceBefore()

    def getSpaceAfter(self) -> float:
        return self.figure.getSpaceAfter()

    def _parts(self, avail_width: float) -> list[tuple[int, int, float]]:
        """Each way to part: (body rows that stay, boards that stay, their height), fewest rows first.
        Boards that all stay are the whole figure, caption and the key it has on this page."""
        self.wrap(avail_width, 1e6)
        heads, rows = self.table.heads, self.table._rowHeights
        keys = self.table.row_keys or []
        body = len(rows) - heads
        out = []
        for stay in range(MIN_ROWS, body - MIN_ROWS + 1):
            shown = set(keys[heads:heads + stay])
            boards = 0
            while boards < len(self.boards.row_keys) and self.boards.row_keys[boards] in shown:
                boards += 1
            figure_h = self.figure.height if boards == len(self.boards.boards) else self.boards.height_of(boards)
            height = sum(rows[:heads + stay]) + (self.gap + figure_h if boards else 0.0)
            out.append((stay, boards, height))
        return out

    def least(self, avail_width: float, room: float, blank: float) -> float:
        """The least height of this that must fit in ``room`` for anything of it to stay: its
        smallest part, or all of it; the table's first rows when it would run on as any table
        (``blank``: the height moving on would leave empty, a heading over it moving too)."""
        parts = self._parts(avail_width)
        self._promised = not any(p[2] <= room for p in parts) and self._runs_on(blank, parts)
        if self._promised:   # the heading stays on the promise that the table runs on under it
            return self.table.least_start()
        return parts[0][2] if parts else self.height

    def _runs_on(self, room: float, parts: list[tuple[int, int, float]]) -> bool:
        """Whether, with none of ``parts`` fitting ``room``, the table runs on as any table: no
        page holds it whole nor any of its parts, or moving on would leave more than
        ``LEAVE_EMPTY`` of the page blank."""
        full = getattr(self._doctemplateAttr("frame"), "_height", None)
        least = min([self.height] + [p[2] for p in parts])
        return full is not None and (least > full or room > self.LEAVE_EMPTY * full)

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        parts = self._parts(avail_width)
        fitting = [p for p in parts if p[2] <= avail_height]
        if not fitting:
            if not (self._promised or self._runs_on(avail_height, parts)):
                return []
            if self.table.wrapOn(self.canv, avail_width, avail_height)[1] <= avail_height:
                return [self.table, Spacer(0, self.gap), self.figure]
            parts = self.table.splitOn(self.canv, avail_width, avail_height)   # the first part must fit here
            return [*parts, Spacer(0, self.gap), self.figure] if len(parts) == 2 else []
        stay, boards, _ = fitting[-1]
        first, rest = self.table.split_at(self.table.heads + stay, avail_width)
        if not boards:
            return [first, Spacer(0, self.gap), TableFigure(rest, self.gap, self.figure)]
        if boards == len(self.boards.boards):
            return [first, Spacer(0, self.gap), self.figure, rest]
        shown, left = self.boards.parted(boards)
        return [first, Spacer(0, self.gap), FigureBlock([shown], None), Spacer(0, self.gap),
                TableFigure(rest, self.gap, FigureBlock([left], self.figure.caption))]

    def draw(self) -> None:
        figure_h = self.figure.wrapOn(self.canv, self.width, 1e6)[1]
        self.table.drawOn(self.canv, 0, figure_h + self.gap)
        self.figure.drawOn(self.canv, 0, 0)


ROWS_GUTTER = 14.0   # points between a table's rows and the lone board set beside them


def rows_beside(table: BookTable, figure: FigureBlock) -> Flowable | None:
    """A table and the lone small board of one of its rows side by side: the rows, set narrower, on
    the left with the board's key and caption under them, the board on the right, all on one page. Under the table the board adds the table's height to the
    block; beside it, the block is as tall as the board. None unless the figure is one board (that
    can be set ``alone``), the rows keep at least half the width, and set that narrow they are no
    taller than the board: a longer table keeps its boards under it (``TableFigure``), parting with
    them row by row."""
    drawing = figure.drawing[0]
    alone = getattr(drawing, "alone", None)
    if table.remake is None or alone is None or len(drawing.boards) != 1:
        return None
    board, key = alone()
    board_w, board_h = board.wrap(drawing.width, 1e6)
    text_w = drawing.width - board_w - ROWS_GUTTER
    if text_w < drawing.width / 2:   # a board that wide leaves the rows too narrow a column
        return None
    rows = table.remake(text_w)
    if rows.wrap(text_w, 1e6)[1] > board_h:
        return None
    text: list[Flowable] = [rows] if key is None else [rows, Spacer(0, Beside.KEY_GAP), key.at_width(text_w)]
    if figure.caption is not None:   # under the rows, by the board it tells of, flush left as they are
        caption = figure.caption
        text.append(Paragraph(caption.text, caption.style.clone(f"{caption.style.name}-beside", alignment=TA_LEFT)))
    return KeepTogether([Beside(text, [board], text_w, ROWS_GUTTER)])


def keep_tables_with_figures(flowables: list[Flowable]) -> list[Flowable]:
    """Each table followed (past a spacer) by a figure of its rows, made one ``TableFigure``; one
    board of a short table is set beside its rows instead (``rows_beside``)."""
    out: list[Flowable] = []
    for f in flowables:
        if isinstance(f, FigureBlock) and len(out) >= 2 and _is_space(out[-1]) and TableFigure.pairs(out[-2], f):
            gap = out.pop().height
            table = out.pop()
            out.append(rows_beside(table, f) or TableFigure(table, gap, f))
        else:
            out.append(f)
    return out


def keep_keys_with_drawings(flowables: list[Flowable]) -> list[Flowable]:
    """Each key drawn once for the diagrams that follow it (a figure whose drawing ``heads_next``),
    with the paragraph that introduces it when that ends in a colon ("The key to them all:"), made
    one ``KeyBlock``: ``keep_headings`` keeps it, as it keeps a heading, with the start of what
    follows, so a key never ends a page with its drawings overleaf."""
    out: list[Flowable] = []
    for f in flowables:
        if _heads_next(f):
            lead = [out.pop()] if out and _is_lead_in(out[-1]) else []
            out.append(KeyBlock([*lead, f]))
        else:
            out.append(f)
    return out


class KeyBlock(Flowable):
    """A key for the drawings after it, and its lead-in, set one under the other and never parted."""

    heads_next = True   # kept with the start of what follows it (``keep_headings``)

    def __init__(self, parts: list[Flowable]):
        super().__init__()
        self.parts = parts

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width, self.height = avail_width, _height(self.canv, self.parts, avail_width)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        return []

    def getSpaceBefore(self) -> float:
        return self.parts[0].getSpaceBefore()

    def getSpaceAfter(self) -> float:
        return self.parts[-1].getSpaceAfter()

    def draw(self) -> None:
        y = self.height
        for i, f in enumerate(self.parts):
            w, h = f.wrapOn(self.canv, self.width, 1e6)
            y -= h + (f.getSpaceBefore() if i else 0)
            f.drawOn(self.canv, 0, y)
            y -= f.getSpaceAfter()


def _heads_next(f: Flowable) -> bool:
    drawing = f.drawing if isinstance(f, FigureBlock) else [f]
    return len(drawing) == 1 and getattr(drawing[0], "heads_next", False)


def _is_lead_in(f: Flowable) -> bool:
    import re
    return isinstance(f, Paragraph) and re.sub(r"<[^>]*>", "", f.text).rstrip().endswith(":")


class RoomFor(CondPageBreak):
    """A page break taken only when the rest of the frame cannot hold ``kept`` (headings) and the
    first ``lines`` lines of ``follower``: a heading stays with the start of what it heads while a
    long paragraph or list still runs on across the page foot (the paragraph styles forbid orphans).
    When the follower is shorter than that (a one-line lead-in), the start of ``after`` counts too."""

    def __init__(self, kept: list[Flowable], follower: Flowable, after: Flowable | None = None, lines: int = 2):
        super().__init__(0)
        self.kept, self.follower, self.after, self.lines = kept, follower, after, lines
        self.nested = False   # measured inside a ShortSection: no page break may be asked for then
        self._room = 1e6

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self._room = avail_height   # what a break here leaves empty
        need = 0.0
        for f in self.kept:
            need += f.wrapOn(self.canv, avail_width, avail_height)[1] + f.getSpaceBefore() + f.getSpaceAfter()
        kept = need
        first = self._start(self.follower, avail_width, avail_height - kept)
        need += first
        if isinstance(self.follower, Beside) and self._moves_whole(self.follower, avail_width, avail_height - kept):
            need = max(need, kept + self.follower.height + self.follower.getSpaceBefore())
        whole = self.follower.wrapOn(self.canv, avail_width, 1e6)[1]
        # a lead-in is a line or two of text ("Here is every card:"), never a figure or a longer paragraph
        lead_in = isinstance(self.follower, (Paragraph, ListFlowable)) and \
            whole <= (self.lines + 0.5) * _leading(self.follower) + self.follower.getSpaceBefore()
        floats = isinstance(self.after, FigureBlock)   # a figure after a lead-in may float to the next page
        if lead_in and not floats and first >= whole and self.after is not None:
            room = avail_height - need - self.follower.getSpaceAfter()
            more = need + self.follower.getSpaceAfter() + self._start(self.after, avail_width, room)
            full = getattr(self._doctemplateAttr("frame"), "_height", more)
            need = more if more <= full else need   # what no page could hold is not waited for
        self.height = need
        if self.nested:
            return 0, 0
        return super().wrap(avail_width, avail_height)

    def _moves_whole(self, beside: "Beside", width: float, height: float) -> bool:
        """Whether ``beside`` goes to the next page whole from a room ``height`` high: it is taller and
        cannot split there (its text fits whole at the full width while its figure does not)."""
        beside.canv = self.canv
        return beside.wrap(width, height)[1] > height and not beside.split(width, height)

    def _lines_of(self, flowables: list[Flowable], width: float) -> float:
        """The height of the first ``lines`` lines of a run of paragraphs at ``width``; a paragraph
        that is cut keeps at least two lines (no orphans)."""
        need, wanted = 0.0, self.lines
        for t in flowables:
            h = t.wrapOn(self.canv, width, 1e6)[1]
            lead = _leading(t)
            count = max(1, round(h / lead))
            if count >= wanted or not isinstance(t, Paragraph):
                return need + min(h, max(wanted, 2) * lead)
            need += h + t.getSpaceAfter()
            wanted -= count
        return need

    def _start(self, f: Flowable, width: float, room: float = 1e6) -> float:
        """The height of the part of ``f`` that must share a page with the heading (``room``: the
        height left for it on this page)."""
        whole = f.wrapOn(self.canv, width, 1e6)[1]
        if hasattr(f, "least_height"):   # a list that keeps some items together (``lists``): whether
            # it may turn the page depends on what a break here would leave blank
            return f.least_height(self.canv, width, self._room) + f.getSpaceBefore()
        if isinstance(f, (Paragraph, ListFlowable)):
            lead = _leading(f)
            if isinstance(f, Paragraph) and whole < 2 * self.lines * lead - 0.5:
                return whole + f.getSpaceBefore()   # too short to split without a widow or an orphan: all of it
            return min(whole, (self.lines + 0.5) * lead) + f.getSpaceBefore()   # half a line to spare
        if isinstance(f, Beside):   # its first lines; its figure when its text is no taller
            f.canv = self.canv
            first = f.text[0] if f.text else None
            if isinstance(first, Paragraph) and not f.short_text(width):
                return self._lines_of(f.text, width)
            return f._figure_size(width)[1] + f.getSpaceBefore()
        if isinstance(f, Columns):
            f.canv = self.canv
            return f.first_height() + f.getSpaceBefore()
        if isinstance(f, TableFigure):
            f.canv = self.canv
            return f.least(width, room - f.getSpaceBefore(), self._room) + f.getSpaceBefore()
        if isinstance(f, NotedTable):
            f = f.table
        if isinstance(f, BookTable):
            room -= f.getSpaceBefore()
            return f.least_start(room, self, self._room - room) + f.getSpaceBefore()
        return whole + f.getSpaceBefore()


class RoomForBox(RoomFor):
    """A page break before the lead-in of a box (a worked example, text beside its drawing), taken
    only when the lead-in (the rule sentence before the box, with the headings over it) would end
    a page while the box goes to the next one whole: the two then turn the page together, unless
    that leaves more than ``LEAVE_EMPTY`` of this page blank or no page could hold them."""

    LEAVE_EMPTY = 0.35

    def __init__(self, kept: list[Flowable], lead: Flowable, box: Flowable):
        super().__init__(kept, lead)
        self.lead, self.box = lead, box

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.height = 0.0
        kept = sum(f.wrapOn(self.canv, avail_width, avail_height)[1] + f.getSpaceBefore() + f.getSpaceAfter()
                   for f in self.kept)
        lead = self.lead.wrapOn(self.canv, avail_width, 1e6)[1] + self.lead.getSpaceBefore()
        left = avail_height - kept - lead - self.lead.getSpaceAfter() - self.box.getSpaceBefore()
        if left >= 0 and not self._box_begins_in(avail_width, left):   # the box would open the next page alone
            need = avail_height - left + self.box.wrapOn(self.canv, avail_width, 1e6)[1]
            full = getattr(self._doctemplateAttr("frame"), "_height", None)
            if full is not None and avail_height <= self.LEAVE_EMPTY * full and need <= full:
                self.height = need
        if self.nested:
            return 0, 0
        return CondPageBreak.wrap(self, avail_width, avail_height)

    def _box_begins_in(self, width: float, room: float) -> bool:
        """Whether the box, or a first part of it, is set in ``room``."""
        if self.box.wrapOn(self.canv, width, room)[1] <= room:
            return True
        return room > 0 and bool(self.box.splitOn(self.canv, width, room))


def keep_leads_with_boxes(flowables: list[Flowable], is_heading) -> list[Flowable]:
    """Each box (text beside its drawing: ``Beside``) that follows a paragraph gets a ``RoomForBox``
    before that paragraph (before the headings over it, when the paragraph opens their section),
    so that the rule it shows never ends one page while the box opens the next."""
    out = list(flowables)
    for i in range(len(out) - 1, 0, -1):
        if not isinstance(out[i], Beside) or out[i].continued:
            continue
        j = i - 1
        while j >= 0 and _is_space(out[j]):
            j -= 1
        lead = out[j] if j >= 0 else None
        if not isinstance(lead, Paragraph) or is_heading(lead):
            continue
        at = j
        while at > 0 and (is_heading(out[at - 1]) or _is_rule(out[at - 1]) or _is_space(out[at - 1])):
            at -= 1
        while at < j and _is_space(out[at]):
            at += 1
        kept = out[at:j] if any(is_heading(f) for f in out[at:j]) else []
        at = j - len(kept)
        if kept and at > 0 and isinstance(out[at - 1], RoomFor):   # the headings' own room: this one is asked first
            at -= 1
        out.insert(at, RoomForBox([f for f in kept if not _is_space(f)], lead, out[i]))
    return out


def _leading(f: Flowable) -> float:
    """The line height of a paragraph; of a list, that of its bullets' font (its items' size)."""
    leading = getattr(getattr(f, "style", None), "leading", None)
    if isinstance(leading, (int, float)) and not isinstance(f, ListFlowable):
        return float(leading)
    return 1.45 * float(getattr(f, "_bulletFontSize", None) or getattr(f, "bulletFontSize", None) or 10)


class Beside(Flowable):
    """Text in a column on the left, a figure on the right. At a page foot with room for the figure
    it splits: the figure and the text that fits beside it stay, the rest of the text runs on below
    at the full width; with no room for the figure it moves to the next page whole. A key that ends
    the figure (a flowable that is ``movable`` and can be set ``at_width``) goes where the block
    is shortest: under the drawing, under a text shorter than the drawing, or across both columns."""

    KEY_GAP = 4.0   # points between the columns and a key set across them

    def __init__(self, text: list[Flowable], figure: list[Flowable], text_width: float, gutter: float,
                 continued: bool = False, key_at_foot: bool = False):
        super().__init__()
        self.text, self.figure, self.text_width, self.gutter = text, figure, text_width, gutter
        self.continued = continued   # its text goes on below it: no key may come between
        self.key_at_foot = key_at_foot   # its text goes on overleaf: its key across the page foot
        self._chosen: dict[tuple[float, tuple], tuple[list[Flowable], list[Flowable], list[Flowable]]] = {}

    def _columns(self, avail_width: float) -> tuple[list[Flowable], list[Flowable], list[Flowable]]:
        """(the text column's flowables, the figure column's, what is set across both beneath them):
        of the ways below, the one that makes the block shortest. The key under the drawing, under a
        text shorter than the drawing, or across both columns; a text taller than the drawing may
        also run on below it at the full width (the key, if any, across the foot of the block).
        Chosen once for each width and each set of marks the key prints where it is measured (measuring,
        wrapping and drawing the block ask again and again; a key prints fewer marks on a spread where
        an earlier key explained some)."""
        key = self.figure[-1] if len(self.figure) > 1 else None
        shown = tuple(key.shown()) if hasattr(key, "shown") else ()
        if (avail_width, shown) not in self._chosen:
            self._chosen[avail_width, shown] = self._choose_columns(avail_width)
        return self._chosen[avail_width, shown]

    def _choose_columns(self, avail_width: float) -> tuple[list[Flowable], list[Flowable], list[Flowable]]:
        key = self.figure[-1] if len(self.figure) > 1 and getattr(self.figure[-1], "movable", False) else None
        if self.continued and key is not None and self.key_at_foot:
            return self.text, self.figure[:-1], [key.at_width(avail_width, centred=True)]
        if self.continued:
            return self.text, self.figure, []
        drawing = self.figure[:-1] if key is not None else self.figure
        drawn = _height(self.canv, drawing, avail_width)
        text = _height(self.canv, self.text, self.text_width)
        choices = []
        if key is None:
            choices.append((max(drawn, text), (self.text, self.figure, [])))
        else:
            under_text = [*self.text, key.at_width(self.text_width)]
            across = key.at_width(avail_width, centred=True)
            choices += [(max(drawn, _height(self.canv, under_text, self.text_width)), (under_text, drawing, [])),
                        (max(drawn + key.wrap(avail_width, 1e6)[1], text), (self.text, self.figure, [])),
                        (max(drawn, text) + self.KEY_GAP + across.height, (self.text, drawing, [across]))]
        taken, rest = _fill(self.canv, self.text, self.text_width, drawn) if text > drawn else ([], [])
        if taken and rest:   # the text wraps around the drawing
            below = rest + ([key.at_width(avail_width, centred=True)] if key is not None else [])
            choices.append((max(drawn, _height(self.canv, taken, self.text_width)) + self.KEY_GAP
                            + _height(self.canv, below, avail_width), (taken, drawing, below)))
        return min(choices, key=lambda c: c[0])[1]

    def _figure_size(self, avail_width: float) -> tuple[float, float]:
        sizes = [f.wrapOn(self.canv, avail_width, 1e6) for f in self._columns(avail_width)[1]]
        return max(w for w, _ in sizes), sum(h for _, h in sizes)

    def _text_height(self, avail_width: float) -> float:
        return _height(self.canv, self._columns(avail_width)[0], self.text_width)

    def _below_height(self, avail_width: float) -> float:
        below = self._columns(avail_width)[2]
        return self.KEY_GAP + _height(self.canv, below, avail_width) if below else 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.figure_width, figure_h = self._figure_size(avail_width)
        self.width = avail_width
        self.height = max(figure_h, self._text_height(avail_width)) + self._below_height(avail_width)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """With room for the figure: the figure and the text that fits beside it, the rest of the
        text below at the full width (the key stays under the drawing, never inside the text).
        With room for the drawing and its key set across the page foot only: the text beside the
        drawing, the key across beneath both, the rest of the text overleaf. Without: the text that
        fits at the full width, the figure opening the next page beside the rest, only for a figure
        taller than any page: otherwise the block moves to the next page whole, so that the figure is
        on the page where its text begins."""
        figure_h = _height(self.canv, self.figure, avail_width)
        if figure_h <= avail_height:
            taken, rest = _fill(self.canv, self.text, self.text_width, avail_height)
            if not taken or not rest:
                return []
            return [Beside(taken, self.figure, self.text_width, self.gutter, continued=True), *rest]
        key = self.figure[-1] if len(self.figure) > 1 and getattr(self.figure[-1], "movable", False) else None
        if key is not None:   # the key under a narrow drawing is tall: across the page foot it may fit
            drawn = _height(self.canv, self.figure[:-1], avail_width)
            across = key.at_width(avail_width, centred=True).wrap(avail_width, 1e6)[1]
            if drawn + self.KEY_GAP + across <= avail_height:
                taken, rest = _fill(self.canv, self.text, self.text_width, drawn)
                if taken and rest:   # the rest goes overleaf: no text under the key on this page
                    from reportlab.platypus.doctemplate import FrameBreak
                    return [Beside(taken, self.figure, self.text_width, self.gutter, continued=True,
                                   key_at_foot=True), FrameBreak(), *rest]
        full = getattr(self._doctemplateAttr("frame"), "_height", None)
        if full is None or figure_h <= full:   # the figure goes on the page its text begins: whole overleaf
            return []
        taken, rest = _fill(self.canv, self.text, avail_width, avail_height)
        if not taken or not rest:   # a figure never opens a page without its text beside it
            return []
        return [*taken, Beside(rest, self.figure, self.text_width, self.gutter)]

    def short_text(self, avail_width: float) -> bool:
        """Whether the text beside the figure is no taller than the figure: then the two only move
        together (there is nothing to leave on this page while the figure opens the next)."""
        return self._text_height(avail_width) <= self._figure_size(avail_width)[1] + self._below_height(avail_width)

    def draw(self) -> None:
        text, figure, below = self._columns(self.width)
        y = self.height - max(self._figure_size(self.width)[1], self._text_height(self.width)) - self.KEY_GAP
        for i, f in enumerate(below):
            f.wrapOn(self.canv, self.width, 1e6)
            y -= f.height + (f.getSpaceBefore() if i else 0)
            f.drawOn(self.canv, (self.width - f.width) / 2, y)
            y -= f.getSpaceAfter()
        y = self.height
        for i, f in enumerate(text):
            h = f.wrapOn(self.canv, self.text_width, 1e6)[1]
            y -= h + (f.getSpaceBefore() if i else 0)
            f.drawOn(self.canv, 0, y)
            y -= f.getSpaceAfter()
        y = self.height
        for f in figure:
            w, h = f.wrapOn(self.canv, self.figure_width, 1e6)
            y -= h
            f.drawOn(self.canv, self.width - self.figure_width + (self.figure_width - w) / 2, y)


def _height(canv, flowables: list[Flowable], width: float) -> float:
    """The height of flowables set one under the other at ``width``, their spaces between them counted."""
    height = 0.0
    for i, f in enumerate(flowables):
        height += f.wrapOn(canv, width, 1e6)[1] + (f.getSpaceBefore() if i else 0)
        height += f.getSpaceAfter() if i < len(flowables) - 1 else 0
    return height


def _fill(canv, flowables: list[Flowable], width: float, height: float) -> tuple[list[Flowable], list[Flowable]]:
    """The flowables (the last one split if it allows) that fill ``height`` at ``width``, and the rest."""
    taken: list[Flowable] = []
    rest = list(flowables)
    left = height
    while rest:
        f = rest[0]
        space = f.getSpaceBefore() if taken else 0
        h = f.wrapOn(canv, width, 1e6)[1]
        if space + h <= left:
            taken.append(rest.pop(0))
            left -= space + h + f.getSpaceAfter()
            continue
        parts = _split_apart(f, canv, width, left - space) if left - space > 0 else []
        if len(parts) == 2:
            taken.append(parts[0])
            rest[0] = parts[1]
        break
    return taken, rest


def _split_apart(f: Flowable, canv, width: float, height: float) -> list[Flowable]:
    """``f`` split at ``width`` to ``height``, leaving ``f`` itself as it was. Splitting a hyphenated
    paragraph with markup changes its words in place (reportlab 4 and 5), so the whole paragraph,
    set again at another width after a trial split, would print a word's hyphen mid-line
    ("hyphen- ation"). A measuring split is tried on a copy."""
    if not isinstance(f, Paragraph):
        return f.splitOn(canv, width, height)
    return copy.deepcopy(f, {id(f.style): f.style}).splitOn(canv, width, height)   # the style (its hyphenator) shared


SHORT_SECTION = 0.45   # a section with a figure, no taller than this share of a page, is never parted


class ShortSection(KeepTogether):
    """A heading, its text and its figure kept on one page when together they take at most
    ``SHORT_SECTION`` of the frame; a longer section flows like any other text."""

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        rooms = [f for f in self._content if isinstance(f, RoomFor)]
        for room in rooms:
            room.nested = True
        try:
            return super().wrap(avail_width, avail_height)
        finally:
            for room in rooms:
                room.nested = False

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        frame = self._doctemplateAttr("frame")
        full = getattr(frame, "_height", None)
        self.wrap(avail_width, avail_height)   # KeepTogether answers a huge height to be split: _H is the real one
        if full is None or self._H <= SHORT_SECTION * full:
            return super().split(avail_width, avail_height)
        content = list(self._content)   # flows: what is set first must fit or split itself
        first = content[0]
        if isinstance(first, CondPageBreak) or first.wrapOn(self.canv, avail_width, avail_height)[1] <= avail_height:
            return content
        parts = first.splitOn(self.canv, avail_width, avail_height)
        if parts:
            return [*parts, *content[1:]]
        from reportlab.platypus.doctemplate import FrameBreak
        return [FrameBreak(), *content]


def keep_headings(flowables: list[Flowable], is_heading) -> list[Flowable]:
    """Each run of headings kept with the start of the first thing after it that is not a heading
    (or a rule under one), so no heading, and no heading over a heading, ends a page alone: with
    the first lines of a paragraph or list (``RoomFor``), with the whole of anything else. A short
    section that holds a figure is kept whole (``ShortSection``)."""
    out: list[Flowable] = []
    for run in _sections(flowables, is_heading):
        kept = _keep_start(run, flowables, is_heading)
        if is_heading(run[0]) and any(isinstance(f, FigureBlock) for f in run):
            out.append(ShortSection(kept))
        else:
            out += kept
    return out


def _sections(flowables: list[Flowable], is_heading) -> list[list[Flowable]]:
    """The flowables cut before each run of headings and around page breaks."""
    runs: list[list[Flowable]] = [[]]
    for f in flowables:
        if _is_break(f):
            runs += [[f], []]
        elif is_heading(f) and runs[-1] and not _headings_only(runs[-1], is_heading):
            runs.append([f])
        else:
            runs[-1].append(f)
    return [r for r in runs if r]


def _headings_only(run: list[Flowable], is_heading) -> bool:
    """A run of headings, with the rules and spaces under them (a chapter's rule before its first section)."""
    return is_heading(run[0]) and all(is_heading(f) or _is_rule(f) or _is_space(f) for f in run)


def _keep_start(run: list[Flowable], flowables: list[Flowable], is_heading) -> list[Flowable]:
    out: list[Flowable] = []
    group: list[Flowable] = []
    for f in run:
        if is_heading(f) or (group and (_is_rule(f) or _is_space(f))):
            group.append(f)
        elif group and (isinstance(f, (Paragraph, ListFlowable, Beside, BookTable, NotedTable, Columns, TableFigure))
                        or hasattr(f, "least_height")):
            for kept in group:
                kept.keepWithNext = 0   # the room is asked for here: no KeepTogether from the style
            out += [RoomFor(group, f, _next(flowables, f)), *group, f]
            group = []
        elif group:
            out.append(KeepTogether([*group, f]))
            group = []
        else:
            out.append(f)
    return out + group


def _next(flowables: list[Flowable], f: Flowable) -> Flowable | None:
    """The flowable after ``f`` that draws something (spacers skipped)."""
    index = next(i for i, g in enumerate(flowables) if g is f)
    return next((g for g in flowables[index + 1:] if not isinstance(g, Spacer) or isinstance(g, CondPageBreak)), None)


def _is_space(f: Flowable) -> bool:
    return isinstance(f, Spacer) and not isinstance(f, CondPageBreak)


def _is_rule(f: Flowable) -> bool:
    from reportlab.platypus import HRFlowable
    return isinstance(f, HRFlowable)


def _is_break(f: Flowable) -> bool:
    from reportlab.platypus import PageBreak
    return isinstance(f, PageBreak)


TAIL_LINES = 4   # the least lines of a Columns block on a page, when it is split across pages


def _line_height(block: Flowable, height: float) -> float:
    style = getattr(block, "style", None)
    return getattr(style, "leading", None) or height


class Columns(Flowable):
    """Short blocks (a glossary's entries) in ``count`` columns, read down the first column and on
    into the next, the columns as even as whole blocks allow. At a page foot the blocks that fit the
    rest of the page, balanced the same way, stay; the others run on to the next page. Each part is
    at least ``TAIL_LINES`` lines tall: a block too short for that moves whole."""

    def __init__(self, blocks: list[Flowable], count: int, width: float, gap: float):
        super().__init__()
        self.blocks, self.count, self.gap = blocks, count, gap
        self.column = (width - gap * (count - 1)) / count
        self.width = width
        self._cuts: list[int] = []

    def _heights(self) -> list[float]:
        return [b.wrapOn(self.canv, self.column, 1e6)[1] + b.getSpaceBefore() + b.getSpaceAfter() for b in self.blocks]

    def _balance(self, heights: list[float]) -> tuple[float, list[int]]:
        """The least height that holds ``heights`` in order in ``count`` columns, and where each column
        after the first begins."""
        best: tuple[float, list[int]] = (sum(heights), [])
        for tallest in sorted({sum(heights[i:j]) for i in range(len(heights)) for j in range(i + 1, len(heights) + 1)}):
            cuts, filled = [], 0.0
            for i, h in enumerate(heights):
                if filled + h > tallest + 0.01:
                    cuts.append(i)
                    filled = 0.0
                filled += h
            if len(cuts) < self.count:
                return tallest, cuts
        return best

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.height, self._cuts = self._balance(self._heights())
        return self.width, self.height

    def _least(self, heights: list[float]) -> float:
        """The least height a part of this block may take on a page: ``TAIL_LINES`` lines."""
        return TAIL_LINES * min(_line_height(b, h) for b, h in zip(self.blocks, heights)) - 0.01

    def first_height(self) -> float:
        """The least this can leave on a page: its shortest first part, or all of it when it is too
        short to split into two parts of ``TAIL_LINES`` lines each."""
        heights = self._heights()
        least = self._least(heights) if heights else 0.0
        for n in range(self.count, len(heights)):
            first = self._balance(heights[:n])[0]
            if first >= least:
                return first if self._balance(heights[n:])[0] >= least else self._balance(heights)[0]
        return self._balance(heights)[0]

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        heights = self._heights()
        fit = 0
        for n in range(1, len(heights)):
            if self._balance(heights[:n])[0] > avail_height:
                break
            fit = n
        held, least = fit, self._least(heights)
        while fit > 0 and self._balance(heights[fit:])[0] < least:
            fit -= 1   # no widow lines: the part carried over (an index's end) holds a few lines
        if fit < min(self.count, len(self.blocks) - 1) or fit == 0 or self._balance(heights[:fit])[0] < least:
            return []   # nor orphan lines: it moves whole
        turn = [FrameBreak()] if fit < held else []   # what is held back opens the next page
        return [Columns(self.blocks[:fit], self.count, self.width, self.gap), *turn,
                Columns(self.blocks[fit:], self.count, self.width, self.gap)]

    def draw(self) -> None:
        starts = [0, *self._cuts, len(self.blocks)]
        for column, (a, b) in enumerate(zip(starts, starts[1:])):
            x, y = column * (self.column + self.gap), self.height
            for block in self.blocks[a:b]:
                h = block.wrapOn(self.canv, self.column, 1e6)[1]
                y -= h + block.getSpaceBefore()
                block.drawOn(self.canv, x, y)
                y -= block.getSpaceAfter()
