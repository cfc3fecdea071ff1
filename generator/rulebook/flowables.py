"""Flowables that typeset the way an editor asks: tables that split without orphans, figures kept
with their captions (shrunk a little rather than leaving most of a page empty), headings kept with
what they head."""
from __future__ import annotations

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

MIN_ROWS = 3          # a split table leaves at least this many body rows on each page
MIN_FIGURE_SCALE = 0.75   # a figure may shrink this far to fit the rest of a page


class BookTable(Table):
    """A table that repeats its header rows and splits only where each part keeps ``MIN_ROWS`` body rows."""

    def _getFirstPossibleSplitRowPosition(self, availHeight, ignoreSpans=0):
        n = super()._getFirstPossibleSplitRowPosition(availHeight, ignoreSpans)
        rows = len(self._rowHeights)
        if n >= rows:
            return n
        heads = self.repeatRows if isinstance(self.repeatRows, int) else max(self.repeatRows) + 1
        n = min(n, rows - MIN_ROWS)          # enough rows left for the next page
        return n if n - heads >= MIN_ROWS else 0   # too few here: the whole table moves on


class FigureBlock(Flowable):
    """A drawing and its caption as one flowable: never parted, and scaled down (drawing only, the
    caption keeps its size) to at most ``MIN_FIGURE_SCALE`` when that lets it fit the page."""

    def __init__(self, drawing: list[Flowable], caption: Paragraph | None):
        super().__init__()
        self.drawing, self.caption = drawing, caption
        self.scale, self.hAlign = 1.0, "CENTER"
        self._sizes: list[tuple[float, float]] = []
        self._caption_h = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
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
        self.width = avail_width
        self.height = drawn_h * self.scale + self._caption_h
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """A drawing that is a set of rows (a gallery of pieces) may continue on the next page, the
        caption under its last part; any other figure moves to the next page whole."""
        if len(self.drawing) != 1:
            return []
        parts = self.drawing[0].split(avail_width, avail_height)
        if len(parts) != 2:
            return []
        return [FigureBlock([parts[0]], None), FigureBlock([parts[1]], self.caption)]

    def getSpaceAfter(self) -> float:
        return self.caption.getSpaceAfter() if self.caption is not None else 6

    def draw(self) -> None:
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


def keep_headings(flowables: list[Flowable], is_heading) -> list[Flowable]:
    """Each run of headings kept together with the first thing after it that is not a heading (or a
    rule under one), so no heading, and no heading over a heading, ends a page alone."""
    out: list[Flowable] = []
    group: list[Flowable] = []
    for f in flowables:
        if is_heading(f) or (group and _is_rule(f)):
            group.append(f)
        elif group and _is_conditional_break(f):
            continue   # the kept group moves to a new page by itself when it does not fit
        elif group and _is_break(f):
            out += group
            group = []
            out.append(f)
        elif group:
            out.append(KeepTogether([*group, f]))
            group = []
        else:
            out.append(f)
    return out + group


def _is_rule(f: Flowable) -> bool:
    from reportlab.platypus import HRFlowable
    return isinstance(f, HRFlowable)


def _is_break(f: Flowable) -> bool:
    from reportlab.platypus import PageBreak
    return isinstance(f, PageBreak)


def _is_conditional_break(f: Flowable) -> bool:
    from reportlab.platypus import CondPageBreak
    return isinstance(f, CondPageBreak)
