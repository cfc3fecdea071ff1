"""Lists that turn a page the way an editor asks.

A short list (at most ``KEEP_ITEMS`` items, ``KEEP_LINES`` lines in all: setup steps, a turn's
overview) moves to the next page whole, unless that would leave more than ``LEAVE_EMPTY`` of the page
blank: then it turns the page as a longer one does. A longer one splits only between items, leaving
on each page at least ``LEAST_ITEMS`` items, or one item of at least ``LEAST_LINES`` lines (never a
lone line of a list at a page foot or head, as no paragraph leaves one). A
paragraph that introduces a list (it ends in a colon) stays with it: with all of a short list, with
the first items of a longer one or of a short one that turns the page (``LeadList``).

Whether a list may turn the page is asked twice: by the heading over it, which stays only if the
start of the list may stay too (``least_height`` with the room a page break before the heading
would leave blank), and by the
list itself at the page foot (``split``). The first answer is kept as a promise, so the second never
leaves a heading alone at the foot of a page.
"""
from __future__ import annotations

from reportlab.platypus import Flowable, ListFlowable, ListItem

KEEP_ITEMS = 6     # a list of this many items or fewer is kept on one page (when it is short: KEEP_LINES)
KEEP_LINES = 16    # ... and no taller than this many of its lines
LEAST_ITEMS = 2    # a list split across pages leaves at least this many items on each ...
LEAST_LINES = 2    # ... or one item at least this many lines long
LEAVE_EMPTY = 0.5  # a short list turns the page rather than leave more than this share of it blank


def leaves_empty(canv, room: float) -> bool:
    """Whether moving on from a room ``room`` high leaves more than ``LEAVE_EMPTY`` of the page blank
    (the height of the frame being filled on ``canv``'s document; False outside a document)."""
    frame = getattr(getattr(canv, "_doctemplate", None), "frame", None)
    full = getattr(frame, "_height", None)
    return full is not None and room > LEAVE_EMPTY * full


class BookList(ListFlowable):
    """A list that remembers its items and options (so it can be cut between items, and its last
    item kept with a box after it) and splits only between items."""

    def __init__(self, items: list[ListItem], options: dict):
        super().__init__(items, **options)
        self.book_items, self.book_options = items, options
        self._promised = False   # a heading above stayed on the promise that this turns the page here

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

    def is_short(self, canv, width: float) -> bool:
        """Whether this is a short list, kept whole unless that leaves most of a page blank."""
        if len(self.book_items) > KEEP_ITEMS:
            return False
        return self.wrapOn(canv, width, 1e6)[1] <= KEEP_LINES * self._leading()

    def cuts(self, canv, width: float) -> list[int]:
        """Where this list may turn the page (before which item): between items, leaving on each page
        at least ``LEAST_ITEMS`` items or one item of at least ``LEAST_LINES`` lines."""
        count = len(self.book_items)

        def enough(first: int, last: int) -> bool:
            if last - first >= LEAST_ITEMS:
                return True
            return self.part(first, last).wrapOn(canv, width, 1e6)[1] >= (LEAST_LINES - 0.5) * self._leading()
        return [cut for cut in range(1, count) if enough(0, cut) and enough(cut, count)]

    def turns_short(self, canv, width: float, room: float) -> bool:
        """Whether this short list turns the page from a room ``room`` high rather than move on whole:
        it can part (``cuts``), and moving would leave more than ``LEAVE_EMPTY`` of the page blank."""
        return self.is_short(canv, width) and leaves_empty(canv, room) and bool(self.cuts(canv, width))

    def keeps_whole(self, canv, width: float, room: float | None = None) -> bool:
        """Whether this list moves on whole from a room ``room`` high (None: from any room): a short
        list does, unless it turns the page there (``turns_short``) or a heading above it stayed on
        the promise that it would."""
        if not self.is_short(canv, width) or self._promised:
            return False
        return room is None or not self.turns_short(canv, width, room)

    def least_height(self, canv, width: float, room: float | None = None) -> float:
        """``least_at``, asked by a heading over the list whether it may stay (``room``: the height a
        page break before the heading would leave blank): the answer is kept as a promise to ``split``."""
        if room is not None:
            self._promised = self.turns_short(canv, width, room)
        return self.least_at(canv, width, room)

    def least_at(self, canv, width: float, room: float | None = None) -> float:
        """The least of this list a room ``room`` high must hold: all of a list kept whole, its first
        items that may stay (``cuts``) of one that turns the page, two lines and a half of a longer
        list with too few items to part so."""
        whole = self.wrapOn(canv, width, 1e6)[1]
        if self.keeps_whole(canv, width, room):
            return whole
        cuts = self.cuts(canv, width)
        if not cuts:
            return min(whole, 2.5 * self._leading())
        return self.part(0, cuts[0]).wrapOn(canv, width, 1e6)[1]

    def split(self, avail_width: float, avail_height: float, room: float | None = None) -> list[Flowable]:
        """The items that fit, cut where ``cuts`` allows; none when the list moves whole
        (a short one, or too little room). ``room``: the height moving on would leave blank (the
        list's own room unless a lead-in above it moves too). A list with too few items to part so,
        or one that cannot fit even at the top of a page, splits as any list does (between the lines
        of an item)."""
        canv = self.canv   # measuring this list (wrapOn) takes its canvas away: splitOn gives it back
        try:
            return self._split(canv, avail_width, avail_height, avail_height if room is None else room)
        finally:
            self.canv = canv

    def _split(self, canv, avail_width: float, avail_height: float, room: float) -> list[Flowable]:
        postponed = getattr(self, "_postponed", False)   # it did not fit at the top of a page either
        cuts = self.cuts(canv, avail_width)
        if postponed or (not cuts and not self.is_short(canv, avail_width)):
            return super().split(avail_width, avail_height)
        if self.keeps_whole(canv, avail_width, room):
            return []
        for cut in reversed(cuts):
            head = self.part(0, cut)
            if head.wrapOn(canv, avail_width, avail_height)[1] <= avail_height:
                return [head, self.part(cut)]
        return []


class LeadList(Flowable):
    """A paragraph that introduces a list ("Each turn has these steps, in order:") and the list: on
    one page with all of a short list, with its first items of a longer one or of a short one that
    turns the page (moving on would leave this page mostly blank: the lead-in moves too)."""

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

    def least_height(self, canv, width: float, room: float | None = None) -> float:
        """The lead-in and the least of its list (``room``: as for ``BookList.least_height``)."""
        return self.lead.wrapOn(canv, width, 1e6)[1] + self._gap() + self.list.least_height(canv, width, room)

    def getSpaceBefore(self) -> float:
        return self.lead.getSpaceBefore()

    def getSpaceAfter(self) -> float:
        return self.list.getSpaceAfter()

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        if getattr(self, "_postponed", False):
            return [self.lead, self.list]
        lead_h = self.lead.wrapOn(self.canv, avail_width, 1e6)[1] + self._gap()
        if lead_h + self.list.least_at(self.canv, avail_width, avail_height) > avail_height:
            return []
        self.list.canv = self.canv
        try:
            parts = self.list.split(avail_width, avail_height - lead_h, room=avail_height)
        finally:
            del self.list.canv
        return [self.lead, *parts] if parts else []

    def draw(self) -> None:
        self.lead.drawOn(self.canv, 0, self.height - self._lead_h)
        self.list.wrapOn(self.canv, self.width, 1e6)
        self.list.drawOn(self.canv, 0, 0)
