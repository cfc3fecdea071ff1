"""A block set to fill the room a page gives it: the book's reference page, the turn at a glance.

A reference page a player looks things up on is set as a card: a tinted panel, framed, as tall as its
room. Its type is a designed size, not a filler: ``MOST`` times the book's, less only when its room
does not hold it so (a glance sharing its page, a booklet's back cover); what room is left in the panel
is shared out evenly between its blocks. It is set ragged right. A drawing on it is
something to look at, not to look up: when its room does not hold it at the book's type, the page
goes without its drawings. Too tall for its room at the book's own type, it shrinks as a
``KeepInFrame`` does (a booklet's back cover). Measured without a bound, as a ``KeepTogether``
measures what it keeps together, it gives its least height (the book's type, no drawings): a page
that holds that keeps it, and then it fills the rest of that page.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from reportlab.lib.enums import TA_JUSTIFY, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepInFrame, KeepTogether, Spacer
from reportlab.platypus.flowables import _listWrapOn

from generator.rulebook.flowables import FigureBlock
from generator.rulebook.styles import Styles

MOST = 1.2          # the card's type, as a multiple of the book's (one size in every book that has room)
PAD = 0.8           # the panel's margin round its text, in lines of the book's type
UNBOUNDED = 1e6     # points: a height asked with no bound (reportlab measures with 0xfffffff)
STEPS = 8           # halvings of the search for the largest type that fits


def enlarged(styles: Styles, factor: float) -> Styles:
    """``styles`` with every paragraph style's type, leading, spaces and indents times ``factor``, set
    ragged right: large type set justified opens wide spaces between words."""
    return replace(styles, paragraph={name: _grown(style, factor) for name, style in styles.paragraph.items()})


def _grown(style: ParagraphStyle, factor: float) -> ParagraphStyle:
    return style.clone(style.name, fontSize=style.fontSize * factor, leading=style.leading * factor,
                       spaceBefore=style.spaceBefore * factor, spaceAfter=style.spaceAfter * factor,
                       leftIndent=style.leftIndent * factor, firstLineIndent=style.firstLineIndent * factor,
                       bulletFontSize=style.bulletFontSize * factor, bulletIndent=style.bulletIndent * factor,
                       alignment=TA_LEFT if style.alignment == TA_JUSTIFY else style.alignment)


def opened(flowables: list[Flowable]) -> list[Flowable]:
    """``flowables`` with each group kept together opened (one page holds them all; a group kept
    together is laid out by being split, and a frame within a page never splits it)."""
    return [g for f in flowables for g in (opened(f._content) if isinstance(f, KeepTogether) else [f])]


def _blocks(content: list[Flowable], width: float, canv) -> list[int]:
    """The indices of the flowables in ``content`` that take room (not a bookmark, not an empty space)."""
    return [i for i, f in enumerate(content) if f.wrapOn(canv, width, UNBOUNDED)[1] > 0]


class Filling(Flowable):
    """The flowables ``make`` sets in given styles, at the largest type that fits the room it is
    wrapped in (``MOST`` times ``styles`` at most), spread to its foot; never taller than
    ``max_height`` (the frame's height, less what stands above it on a page of its own). Given a bounded
    room it is a panel as tall as that room."""

    def __init__(self, make: Callable[[Styles], list[Flowable]], styles: Styles, max_height: float):
        super().__init__()
        self.make, self.styles, self.max_height = make, styles, max_height
        self.factor = 1.0
        self.bare = False   # its figures left out: the room does not hold them at the book's type
        self._inner: KeepInFrame | None = None

    def _set(self, factor: float, width: float, extra: float = 0.0) -> tuple[list[Flowable], float]:
        """The content at ``factor`` with ``extra`` points between blocks, and its height at ``width``."""
        content = opened(self.make(enlarged(self.styles, factor)))
        if self.bare:
            content = [f for f in content if not isinstance(f, FigureBlock)]
        if extra > 0:
            spaced = set(_blocks(content, width, getattr(self, "canv", None))[1:])
            content = [g for i, f in enumerate(content) for g in ([Spacer(0, extra)] if i in spaced else []) + [f]]
        return content, _listWrapOn(content, width, getattr(self, "canv", None))[1]

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        # the panel stands out into the margins by ``pad``: its text keeps the frame's width (its tables are set to it)
        unbounded = avail_height >= UNBOUNDED
        pad = PAD * self.styles["body"].leading
        width = avail_width
        room = (self.max_height if unbounded else min(avail_height, self.max_height)) - 2 * pad
        self.bare = unbounded
        content, height = self._set(1.0, width)
        if height > room and any(isinstance(f, FigureBlock) for f in content):
            self.bare = True
            content, height = self._set(1.0, width)
        low = 1.0
        if not unbounded and height <= room:
            low, content, height = self._largest(width, room, content, height)
            blocks = len(_blocks(content, width, getattr(self, "canv", None)))
            if blocks > 1 and room - height > 1:
                content, height = self._set(low, width, (room - height) / (blocks - 1))
        self.factor, self.pad = low, pad
        self._inner = KeepInFrame(width, room, content, mode="shrink")
        self._inner.canv = getattr(self, "canv", None)
        inner_height = self._inner.wrap(width, room)[1]
        self.width, self.height = avail_width, (inner_height if unbounded else room) + 2 * pad
        return self.width, self.height

    def _largest(self, width: float, room: float, content: list[Flowable],
                 height: float) -> tuple[float, list[Flowable], float]:
        """The largest type up to ``MOST`` whose content fits ``room``, with that content and its height."""
        low = 1.0
        tried, tried_height = self._set(MOST, width)
        if tried_height <= room:
            return MOST, tried, tried_height
        high = MOST
        for _ in range(STEPS):
            middle = (low + high) / 2
            tried, tried_height = self._set(middle, width)
            if tried_height <= room:
                low, content, height = middle, tried, tried_height
            else:
                high = middle
        return low, content, height

    def draw(self) -> None:
        assert self._inner is not None, "drawn before it was wrapped"
        canv = self.canv
        canv.saveState()
        canv.setFillColor(self.styles.colour("note_fill"))
        canv.setStrokeColor(self.styles.colour("rule"))
        canv.setLineWidth(0.75)
        canv.rect(-self.pad, 0, self.width + 2 * self.pad, self.height, stroke=1, fill=1)
        canv.restoreState()
        self._inner.drawOn(canv, 0, self.height - self.pad - self._inner.height)
