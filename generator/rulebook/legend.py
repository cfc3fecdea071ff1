"""The key to table diagrams: one swatch and a few words for every mark a diagram shows, beneath
one diagram or, for a run of diagrams, drawn once above them all (``LegendFigure``, its items the
``merged`` items of every diagram); and a count box (outlined for one player, filled for the
other, so the two tell apart on a black-and-white copy too).

A key says each mark once a spread (two facing pages: 2-3, 4-5, ...; page 1 faces none): while a
document is laid out (``laying_out``), a key set on a spread where an earlier key explained some of
its marks prints only the others, or nothing. Which page a key lands on is known only as it is
placed, so a key decides what it prints each time it is measured, from the page being laid out."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Callable, Iterable, Iterator, Mapping

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from generator.rulebook.drawing import arrowhead, pill
from generator.rulebook.legible import ink_on
from generator.rulebook.styles import Styles

LegendItem = tuple[str, str, str]   # (kind, colour, words), as ``Legend`` takes them
WIDE = ("dashed-arrow", "dotted-arrow", "move")     # kinds drawn in a swatch twice as long
Swatch = Callable[[Any, float, float, float], None]   # (canvas, centre x, centre y, side) draws one piece


def merged(*item_lists: list[LegendItem]) -> list[LegendItem]:
    """The items of several legends as one: each item once, in the order first met."""
    return list(dict.fromkeys(item for items in item_lists for item in items))


def keyed(key: Mapping[str, LegendItem], used: Iterable[str]) -> list[LegendItem]:
    """The legend of a figure that draws the marks ``used``: the item ``key`` gives for each of them,
    in the key's order, and none for a mark the figure does not draw.

    :raises KeyError: for a mark the key has no item for (every mark a figure draws is explained).
    """
    used = set(used)
    unknown = sorted(used - set(key))
    if unknown:
        raise KeyError(f"marks with no legend item: {', '.join(unknown)}")
    return [item for mark, item in key.items() if mark in used]


class Spreads:
    """The marks the keys set so far explained, spread by spread; ``page()`` is the page being laid out."""

    def __init__(self, page: Callable[[], int]):
        self.page = page
        self.explained: dict[int, set[LegendItem]] = {}

    def _shown(self) -> set[LegendItem]:
        return self.explained.setdefault(self.page() // 2, set())   # pages 2k and 2k+1 face each other

    def unexplained(self, items: list[LegendItem]) -> list[LegendItem]:
        shown = self._shown()
        return [item for item in items if item not in shown]

    def explain(self, items: Iterable[LegendItem]) -> None:
        self._shown().update(items)


_SPREADS: ContextVar[Spreads | None] = ContextVar("figure_key_spreads", default=None)


@contextmanager
def laying_out(page: Callable[[], int]) -> Iterator[Spreads]:
    """A layout pass (``page()`` the page it is on): keys set in it say each mark once a spread."""
    spreads = Spreads(page)
    token = _SPREADS.set(spreads)
    try:
        yield spreads
    finally:
        _SPREADS.reset(token)


class SpreadLegend:
    """The legend of a figure's key as set where the figure lands: ``items`` (every mark the figure
    draws) less those an earlier key on the spread explained; all of them with ``whole`` (a key
    drawn on purpose) or outside a layout, where the last one chosen stays. ``make`` sets a legend
    of some items."""

    def __init__(self, items: list[LegendItem], make: Callable[[list[LegendItem]], Legend], whole: bool = False):
        self.items, self.whole, self._make = items, whole, make
        self._made: dict[tuple[LegendItem, ...], Legend] = {}
        self.legend = self._legend(items)

    def _legend(self, items: list[LegendItem]) -> Legend:
        key = tuple(items)
        if key not in self._made:
            self._made[key] = self._make(items)
        return self._made[key]

    def settle(self) -> Legend:
        """The legend to set on the page being laid out (called as the figure is measured)."""
        spreads = _SPREADS.get()
        if spreads is not None and not self.whole:
            self.legend = self._legend(spreads.unexplained(self.items))
        return self.legend

    def drawn(self) -> None:
        """Called as the legend is drawn: its figure's marks are explained on this spread.

        :raises RuntimeError: when a mark the legend left out is explained by no earlier key of the
            spread (it was measured on another spread than it is drawn on).
        """
        spreads = _SPREADS.get()
        if spreads is None:
            return
        missing = set(spreads.unexplained(self.items)) - set(self.legend.items)
        if missing:
            raise RuntimeError(f"a key left out marks no key of its spread explains: "
                               f"{', '.join(sorted(words for _, _, words in missing))}")
        spreads.explain(self.items)


def count_box(canv: Any, styles: Styles, px: float, py: float, side: float, text: str, role: str,
              size: float, outlined: bool = False) -> None:
    """A count in a square box centred at (px, py) points, in the colours of player ``role``: a paper
    box with a thick border of that colour, or (``outlined`` False) a box filled with it."""
    colour = styles.colour(role)
    fill = styles.palette.get("paper") if outlined else colour
    canv.saveState()
    canv.setFillColor(fill)
    canv.setStrokeColor(colour)
    border = max(1.0, side * 0.1) if outlined else 0.5
    # wide enough for the count to clear its border on both sides
    width = max(side, stringWidth(text, styles.bold_font, size) + 2 * border + side * 0.08)
    canv.setLineWidth(border)
    canv.roundRect(px - width / 2, py - side / 2, width, side, side * 0.18, stroke=1, fill=1)
    canv.setFillColor(ink_on(fill, styles.palette.get("ink"), styles.palette.get("paper")))
    canv.setFont(styles.bold_font, size)
    canv.drawCentredString(px, py - size * 0.36, text)
    canv.restoreState()


class Legend:
    """Rows of (swatch, words) ``width`` points wide; ``items`` are (kind, colour, words) with kind
    one of badge (a disc of a palette colour), count and count-outlined (a count box of a player role), pill (a figure
    in a role's colour), ring (a dashed circle), circle (a solid ring), disc (a filled circle edged in ink), line (a
    thick line), arrow, dashed-arrow (a move, drawn dashed as the diagrams draw one), dotted-arrow (a choice),
    piece (a piece as a diagram draws it: ``swatches[colour]`` paints it), move (a dashed ring where a
    piece stood and a dashed arrow from it), outline (a card outlined in a role's colour), empty (a dashed box in a role's colour: a place
    with no card) and text (words alone)."""

    def __init__(self, styles: Styles, width: float, items: list[tuple[str, str, str]], centred: bool = True,
                 swatches: Mapping[str, Swatch] | None = None):
        self.styles, self.width, self.items, self.centred = styles, width, items, centred
        self.swatches = dict(swatches or {})
        self.size = styles.sheet.figures.min_text
        self.swatch = self.size * 1.5
        self.row_h = self.size * 2.0
        self.rows = self._rows()
        self.heights = [self._row_height(row) for row in self.rows]
        self.height = sum(self.heights) + (self.size * 0.6 if self.rows else 0)

    def _row_height(self, row: list[tuple[str, str, str]]) -> float:
        """A row of swatches needs room for them; the further lines of a long item are set as text."""
        return self.size * 1.3 if all(kind == "text" for kind, _, _ in row) else self.row_h

    def _swatch_width(self, kind: str) -> float:
        """A move's swatch is twice as long as the others: a dash or two of a short arrow reads as a line."""
        return self.swatch * (2 if kind in WIDE else 1)

    def _item_width(self, words: str, kind: str = "") -> float:
        return (self._swatch_width(kind) + self.size * 0.5 + stringWidth(words, self.styles.body_font, self.size)
                + self.size * 1.4)

    def _rows(self) -> list[list[tuple[str, str, str]]]:
        """The items in as few rows as they fit: in their order, a row filled before the next starts;
        or, where that leaves room it cannot use, packed (``_packed``) into fewer rows."""
        items = self._fitted()
        rows: list[list] = []
        used = self.width
        for item in items:
            w = self._item_width(item[2], item[0])
            if used + w > self.width and (not rows or rows[-1]):
                rows.append([])
                used = 0
            rows[-1].append(item)
            used += w
        if any(kind == "text" for kind, _, _ in items):
            return rows   # an item broken into lines keeps its lines together, in order
        for count in range(1, len(rows)):
            packed = self._packed(items, count)
            if packed:
                return packed
        return rows

    def _packed(self, items: list[tuple[str, str, str]], count: int) -> list[list[tuple[str, str, str]]] | None:
        """``items`` in ``count`` rows, or None where they do not fit: the widest first, each into the
        first row with room for it (first-fit decreasing), so one row's free width takes an item the
        next row would have started with; each row keeps the items in their order, and the rows are
        in the order of their first items."""
        gap = self.size * 1.4   # an item's width holds the space after it; the last of a row needs none
        widths = [self._item_width(words, kind) for kind, _, words in items]
        rows: list[list[int]] = [[] for _ in range(count)]
        for index in sorted(range(len(items)), key=lambda i: (-widths[i], i)):
            row = next((r for r in rows if sum(widths[i] for i in r) + widths[index] - gap <= self.width), None)
            if row is None:
                return None
            row.append(index)
        return [[items[i] for i in sorted(row)] for row in sorted((r for r in rows if r), key=min)]

    def _fitted(self) -> list[tuple[str, str, str]]:
        """The items, an item too wide for the legend broken into lines (the rest as words alone)."""
        from reportlab.lib.utils import simpleSplit
        out = []
        for kind, colour, words in self.items:
            room = self.width - self._item_width("", kind)
            lines = simpleSplit(words, self.styles.body_font, self.size, room) or [words]
            out.append((kind, colour, lines[0]))
            out += [("text", "ink", line) for line in lines[1:]]
        return out

    def draw(self, canv: Any, x0: float, top: float) -> None:
        """Draw with the legend's top-left corner at (x0, top) points."""
        y = top - self.size * 0.6
        for row, height in zip(self.rows, self.heights):
            total = sum(self._item_width(words, kind) for kind, _, words in row) - self.size * 1.4
            x = x0 + (max(0.0, (self.width - total) / 2) if self.centred else 0.0)
            cy = y - height / 2
            y -= height
            for kind, colour, words in row:
                wide = self._swatch_width(kind)
                self._swatch(canv, kind, colour, x + wide / 2, cy, wide)
                canv.saveState()
                canv.setFont(self.styles.body_font, self.size)
                canv.setFillColor(self.styles.palette.get("ink"))
                canv.drawString(x + wide + self.size * 0.5, cy - self.size * 0.35, words)
                canv.restoreState()
                x += self._item_width(words, kind)

    def _swatch(self, canv: Any, kind: str, colour: str, cx: float, cy: float, wide: float) -> None:
        s, styles, half = self.swatch, self.styles, wide / 2
        canv.saveState()
        if kind == "piece":
            self.swatches[colour](canv, cx, cy, s)
        elif kind == "badge":
            fill = styles.palette.get(colour)
            canv.setFillColor(fill)
            canv.setStrokeColor(styles.palette.get("ink"))
            canv.setLineWidth(0.5)
            canv.circle(cx, cy, s / 2, stroke=1, fill=1)
        elif kind in ("count", "count-outlined"):
            count_box(canv, styles, cx, cy, s, "n", colour, self.size, kind == "count-outlined")
        elif kind == "pill":
            text = "\u2212n" if colour == "cancel" else "+n"   # a count, as the count box's "n"
            pill(canv, styles, cx, cy, s * 1.2, self.size * 1.35, text, colour, self.size)
        elif kind == "ring":
            canv.setStrokeColor(styles.colour(colour))
            canv.setDash(2, 1.5)
            canv.setLineWidth(0.9)
            canv.circle(cx, cy, s / 2, stroke=1, fill=0)
        elif kind == "line":
            canv.setStrokeColor(styles.colour(colour))
            canv.setLineWidth(s * 0.3)
            canv.setLineCap(1)
            canv.line(cx - s / 2, cy, cx + s / 2, cy)
        elif kind == "circle":
            canv.setStrokeColor(styles.colour(colour))
            canv.setLineWidth(2.0)
            canv.circle(cx, cy, s / 2 - 1, stroke=1, fill=0)
        elif kind == "disc":   # a filled circle with an ink edge: told from a "circle" (a ring) in greyscale
            canv.setStrokeColor(styles.palette.get("ink"))
            canv.setFillColor(styles.colour(colour))
            canv.setLineWidth(0.5)
            canv.circle(cx, cy, s / 2 - 0.5, stroke=1, fill=1)
        elif kind in ("arrow", "dashed-arrow", "dotted-arrow"):
            canv.setStrokeColor(styles.colour(colour))
            canv.setFillColor(styles.colour(colour))
            canv.setLineWidth(0.9)
            if kind == "dashed-arrow":
                canv.setDash(2.5, 1.5)
            elif kind == "dotted-arrow":   # round dots
                canv.setLineCap(1)
                canv.setDash(0.8, 1.8)
            canv.line(cx - half, cy, cx + half - s / 4, cy)
            canv.setDash()
            arrowhead(canv, cx + half, cy, 1, 0, s / 3)
        elif kind == "move":
            ring = s * 0.35
            canv.setStrokeColor(styles.colour(colour))
            canv.setFillColor(styles.colour(colour))
            canv.setLineWidth(0.8)
            canv.setDash(2, 1.2)
            canv.circle(cx - half + ring, cy, ring, stroke=1, fill=0)
            canv.line(cx - half + 2 * ring, cy, cx + half - s / 4, cy)
            canv.setDash()
            arrowhead(canv, cx + half, cy, 1, 0, s / 3)
        elif kind == "empty":
            canv.setStrokeColor(styles.colour(colour))
            canv.setDash(2, 1.5)
            canv.setLineWidth(0.6)
            canv.roundRect(cx - s * 0.35, cy - s / 2, s * 0.7, s, s * 0.08, stroke=1, fill=0)
        elif kind == "outline":
            canv.setStrokeColor(styles.colour(colour))
            canv.setFillColor(styles.palette.get("paper"))
            canv.setLineWidth(1.6)
            canv.roundRect(cx - s * 0.35, cy - s / 2, s * 0.7, s, s * 0.08, stroke=1, fill=1)
        canv.restoreState()


class Key(Flowable):
    """A ``Legend`` as a flowable of its own, ``width`` points wide, rows centred: the key beneath a
    drawing, of the marks no earlier key on its spread explained (``SpreadLegend``: no height when
    there are none). A key may be set at another width (``at_width``, its rows flush left unless
    ``centred``): ``Beside`` sets it under a short text, or across text and drawing, when that takes
    less height."""

    movable = True   # Beside may set it in the text column
    min_scale = 1.0   # its text is at the figures' smallest size already: a page must not shrink it
    whole = False     # every item wherever it is set

    def __init__(self, styles: Styles, width: float, items: list[tuple[str, str, str]], centred: bool = True,
                 swatches: Mapping[str, Swatch] | None = None):
        super().__init__()
        self.styles, self.items, self.swatches, self.centred = styles, items, swatches, centred
        self.spread_legend = SpreadLegend(items, lambda shown: Legend(styles, width, shown, centred, swatches),
                                          self.whole)
        self.width, self.height = width, self.spread_legend.legend.height
        self.hAlign = "CENTER"

    @property
    def legend(self) -> Legend:
        return self.spread_legend.legend

    def at_width(self, width: float, centred: bool = False) -> "Key":
        return type(self)(self.styles, width, self.items, centred, self.swatches)

    def shown(self) -> list[LegendItem]:
        """The items this key prints on the page being laid out."""
        return self.spread_legend.settle().items

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.height = self.spread_legend.settle().height
        return self.width, self.height

    def draw(self) -> None:
        self.spread_legend.drawn()
        self.legend.draw(self.canv, 0, self.height)


class LegendFigure(Key):
    """A legend on its own, as wide as the text: the key drawn once for the diagrams that follow."""

    movable = False   # a figure of its own: it stays where the text puts it
    heads_next = True   # never at a page foot with its diagrams overleaf: kept with the first of them
    whole = True      # drawn on purpose, with the text that introduces it
