"""Lists that turn a page the way an editor asks.

A short list (at most ``KEEP_ITEMS`` items, ``KEEP_LINES`` lines in all: setup steps, a turn's
overview) is never split: it moves to the next page whole. A longer one splits only between items,
leaving at least ``LEAST_ITEMS`` on each page. A paragraph that introduces a list (it ends in a colon)
stays with it: with all of a short list, with the first items of a longer one (``LeadList``).
"""
from __future__ import annotations

from reportlab.platypus import Flowable, ListFlowable, ListItem

KEEP_ITEMS = 6     # a list of this many items or fewer is kept on one page (when it is short: KEEP_LINES)
KEEP_LINES = 16    # ... and no taller than this many of its lines
LEAST_ITEMS = 2    # a list split across pages leaves at least this many items on each


class BookList(ListFlowable):
    """A list that remembers its items and options (so it can be cut between items, and its last
    item kept with a box after it) and splits only between items."""

    def __init__(self, items: list[ListItem], options: dict):
        super().__init__(items, **options)
        self.book_items, self.book_options = items, options

    def part(self, first: int, last: int | None = None) -> "BookList":
        """Items ``first`` to ``last`` (not included) as a list that prints as they do here: numbered
        on, without the space under the list unless it holds the last item."""
        items = self.book_items[first:last]
        start = self.book_options["start"]
        options = {**self.book_options, "start": start + first if isinstance(start, int) else start}
        if last is not None and last < len(self.book_items):
            options["spaceAfter"] = 0
        return BookList(items, options)

    def _leading(self) -> float:
        return 1.45 * float(self.book_options.get("bulletFontSize") or 10)

    def keeps_whole(self, canv, width: float) -> bool:
        """Whether this is a short list, never split."""
        if len(self.book_items) > KEEP_ITEMS:
            return False
        return self.wrapOn(canv, width, 1e6)[1] <= KEEP_LINES * self._leading()

    def least_height(self, canv, width: float) -> float:
        """The least of this list a page must hold: all of a short list, its first ``LEAST_ITEMS``
        items of a longer one, two lines and a half of a list with too few items to part so."""
        whole = self.wrapOn(canv, width, 1e6)[1]
        if self.keeps_whole(canv, width):
            return whole
        if len(self.book_items) < 2 * LEAST_ITEMS:
            return min(whole, 2.5 * self._leading())
        return self.part(0, LEAST_ITEMS).wrapOn(canv, width, 1e6)[1]

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """The items that fit, at least ``LEAST_ITEMS`` on each side; none when the list moves whole
        (a short one, or too little room). A list with too few items to part so, or one that cannot
        fit even at the top of a page, splits as any list does (between the lines of an item)."""
        canv = self.canv   # measuring this list (wrapOn) takes its canvas away: splitOn gives it back
        try:
            return self._split(canv, avail_width, avail_height)
        finally:
            self.canv = canv

    def _split(self, canv, avail_width: float, avail_height: float) -> list[Flowable]:
        count = len(self.book_items)
        postponed = getattr(self, "_postponed", False)   # it did not fit at the top of a page either
        whole = self.keeps_whole(canv, avail_width)
        if postponed or (count < 2 * LEAST_ITEMS and not whole):
            return super().split(avail_width, avail_height)
        if whole:
            return []
        for cut in range(count - LEAST_ITEMS, LEAST_ITEMS - 1, -1):
            head = self.part(0, cut)
            if head.wrapOn(canv, avail_width, avail_height)[1] <= avail_height:
                return [head, self.part(cut)]
        return []


class LeadList(Flowable):
    """A paragraph that introduces a list ("Each turn has these steps, in order:") and the list: on
    one page with all of a short list, with its first items of a longer one."""

    def __init__(self, lead: Flowable, items: BookList):
        super().__init__()
        self.lead, self.list = lead, items

    def _gap(self) -> float:
        return max(self.lead.getSpaceAfter(), self.list.getSpaceBefore())

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        self._lead_h = self.lead.wrapOn(self.canv, avail_width, 1e6)[1]
        self.height = self._lead_h + self._gap() + self.list.wrapOn(self.canv, avail_width, 1e6)[1]
        return avail_width, self.height

    def least_height(self, canv, width: float) -> float:
        return self.lead.wrapOn(canv, width, 1e6)[1] + self._gap() + self.list.least_height(canv, width)

    def getSpaceBefore(self) -> float:
        return self.lead.getSpaceBefore()

    def getSpaceAfter(self) -> float:
        return self.list.getSpaceAfter()

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        if getattr(self, "_postponed", False):
            return [self.lead, self.list]
        lead_h = self.lead.wrapOn(self.canv, avail_width, 1e6)[1] + self._gap()
        if lead_h + self.list.least_height(self.canv, avail_width) > avail_height:
            return []
        self.list.canv = self.canv
        try:
            parts = self.list.split(avail_width, avail_height - lead_h)
        finally:
            del self.list.canv
        return [self.lead, *parts] if parts else []

    def draw(self) -> None:
        self.lead.drawOn(self.canv, 0, self.height - self._lead_h)
        self.list.wrapOn(self.canv, self.width, 1e6)
        self.list.drawOn(self.canv, 0, 0)
