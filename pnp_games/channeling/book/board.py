"""Board diagrams of The Channeling drawn from engine states, with the printed faces of the pieces.

A ``BoardView`` is read from a state through the engine's public accessors; ``BoardDiagram``
paints it: the deck in the top-left corner, the green glyph cards along the top (columns) and
down the left (rows), the grid of cards, druids, cubes, and optionally a druid's move, a Leyline
and figures on the cards (cubes laid, cubes cancelled).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from generator.rulebook.hooks import (MIN_EDGE_CONTRAST, Key, Legend, PieceFaces, PieceRef, Styles, arrowhead, badge,
                                      badge_swatch, count_box, extent, fit_lines, ink_on, keyed, pill, value_corner,
                                      value_shape)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardValue(Strict):
    field: str                         # the engine card's field, e.g. vigor
    colour: str                        # a colour of the style sheet
    label: str                         # what the legend calls it


class BoardParts(Strict):
    """Which component plays which part on the drawn table (from the game's rules/rulebook.yaml)."""

    line_labels: PieceRef              # one per glyph, e.g. the green glyph cards
    druids: PieceRef                   # one per player colour
    cubes: PieceRef                    # one per player colour
    # the card fields a board shows as figures, left to right, each with its colour and name for the
    # legend (a board's cards are too small for their art: it shows these values instead, each in
    # the shape the edition's card prints it in)
    values: list[CardValue] = []


def value_shapes(faces: PieceFaces, parts: BoardParts) -> dict[str, str]:
    """Each value's shape on the edition's deck (``value_shape``): a board draws its figures so."""
    deck = faces.edition.spec.deck
    return {value.field: value_shape(faces, deck, value.field) if deck else "circle" for value in parts.values}


def value_corners(faces: PieceFaces, parts: BoardParts) -> dict[str, tuple[str, str]] | None:
    """Each value's corner on the edition's deck (``value_corner``): a board draws its figures there.
    None (the figures side by side along the top) where the face leaves one out or sets two in one corner."""
    deck = faces.edition.spec.deck
    corners = {value.field: value_corner(faces, deck, value.field) for value in parts.values} if deck else {}
    if not corners or None in corners.values() or len(set(corners.values())) < len(corners):
        return None
    return {field: corner for field, corner in corners.items() if corner is not None}


def value_swatches(parts: BoardParts, styles: Styles, shapes: dict[str, str]) -> dict[str, Any]:
    """The legend's value marks (``piece`` items named ``value-FIELD``), each in its shape."""
    return {f"value-{v.field}": badge_swatch(styles, shapes[v.field], v.colour) for v in parts.values}


def square_name(index: int, n: int) -> str:
    row, col = divmod(index, n)
    return f"{chr(97 + col)}{row + 1}"


def square_index(name: str, n: int) -> int:
    return (int(name[1:]) - 1) * n + ord(name[0]) - 97


@dataclass
class BoardView:
    """What a board diagram shows; every field read from an engine state."""

    size: int
    cards: list[Any]                         # per cell, row by row: an engine card or None (empty spot)
    cubes: list[tuple[int, int]]             # per cell: (light, dark)
    druids: dict[int, str]                   # cell -> player colour
    row_glyphs: list[str]
    column_glyphs: list[str]
    deck: int
    path: list[int] = field(default_factory=list)
    move: tuple[int, int] | None = None      # (from, to) of the druid that moved
    marks: dict[int, list[tuple[str, str]]] = field(default_factory=dict)  # cell -> [(text, colour role)]
    taken: list[tuple[int, Any, str]] = field(default_factory=list)  # (cell, card, taker's colour) this turn


PLAYERS = ("light", "dark")


def board_view(state: Any) -> BoardView:
    n = state.options.grid_size
    names = [square_name(i, n) for i in range(n * n)]
    druids = {square_index(sq, n): PLAYERS[p] for p in (0, 1) for sq in state.druids(p)}
    rows, columns = [""] * n, [""] * n
    for glyph, line in state.glyph_lines.items():
        kind, _, where = line.partition(" ")
        if kind == "row":
            rows[int(where) - 1] = glyph
        else:
            columns[ord(where) - 97] = glyph
    return BoardView(n, [state.card_at(s) for s in names], [state.cubes_at(s) for s in names], druids, rows,
                     columns, state.deck_size)


def board_width(wanted: float, available: float, min_text: float, size: int = 4, widest_word: float = 0.0) -> float:
    """The width to draw a board at: ``wanted`` unless its cards would be too narrow for figures of
    ``min_text`` points stacked in them (about 5 such figures wide), or for ``widest_word`` (the
    widest word of the names it prints, in points at ``min_text``) on a name's line, then wider, up
    to ``available``."""
    natural = 0.11 + BoardDiagram.BORDER + 0.05 + size + (size - 1) * 0.05   # in card widths
    return min(available, max(wanted, natural * 5 * min_text, natural * widest_word / BoardDiagram.NAME_SHARE * (1 + 1e-6)))


def widest_word(view: "BoardView", font: str, size: float) -> float:
    """The widest word of the card names on a board, in points at ``size``."""
    return max((stringWidth(word, font, size) for card in view.cards if card is not None
                for word in card.name.split()), default=0.0)


class BoardDiagram(Flowable):
    """A whole table as the players see it, ``width`` points wide, with a legend of its marks beneath.

    Every text it prints is at least the style sheet's ``min_text`` points: sizes scale with the
    diagram but never go below that floor. The cards on the grid are drawn plain, with their values
    (rulebook.yaml ``board.values``) as figures: at a board's size their art is unreadable. Their
    names are printed where one fits a line; with ``named`` (the setup board, which introduces the
    cards) every name is printed, a long one on two lines (give such a board the width
    ``board_width`` finds for the names' widest word). Where no name fits one line, or the board
    was ``widened`` for its names (a small page), its rows are as tall as what their cards show:
    the value badges, a druid's place where one stands, the name's lines.
    """

    BORDER = 0.5   # glyph cards and the deck drawn at half size: they label the grid, they are not played on
    NAME_SHARE = 0.9   # a name's line may be this share of a card's width
    min_scale = 1.0  # its text is at the smallest size already: a page must not shrink it further

    def __init__(self, view: BoardView, faces: PieceFaces, parts: BoardParts, styles: Styles, width: float,
                 legend: bool = True, named: bool = False, widened: bool = False):
        super().__init__()
        self.named, self.widened = named, widened
        self.view, self.faces, self.parts, self.styles = view, faces, parts, styles
        deck_id = faces.edition.spec.deck
        assert deck_id is not None  # a game drawn on a board of cards has a deck
        self.deck_id: str = deck_id
        self.card_w, self.card_h = faces.face(deck_id, faces.component(deck_id).pieces[0])[0].size
        self.shapes = value_shapes(faces, parts)
        self.corners = value_corners(faces, parts)
        self.reach = max((extent(shape) for shape in self.shapes.values()), default=1.0)   # a diamond: wider
        self.gap = 0.05 * self.card_w
        self.band = 0.11 * self.card_w
        n = view.size
        natural_w = self.band + self.BORDER * self.card_w + self.gap + n * self.card_w + (n - 1) * self.gap
        self.min_text = styles.sheet.figures.min_text
        self.scale = width / natural_w
        # a card whose name cannot be printed legibly is drawn no taller than its values and druid need
        self.names = self._names_fit()
        # a value the face prints at its foot: beside the druid's place, which stands to the other side
        low = {h for v, h in (self.corners or {}).values() if v == "bottom"}
        top = {h for v, h in (self.corners or {}).values() if v == "top"}
        self.low = next(iter(low)) if len(low) == 1 else None
        self.free_top = self.low if self.low and self.low not in top else None   # the cube count goes there
        self.cell_h = self.card_h if self.names else min(self.card_h, self._compact_height())
        # cards too small for a name on one line are drawn short, a row as tall as what its cards show
        self.row_h = [self._named_row(row) if self.short_names else self.cell_h for row in range(n)]
        natural_h = self.band + self.BORDER * self.card_h + self.gap + sum(self.row_h) + (n - 1) * self.gap
        self.legend = Legend(styles, width, self._legend_items(), swatches=self._swatches()) if legend else None
        self.board_h = natural_h * self.scale
        self.width, self.height = width, self.board_h + (self.legend.height if self.legend else 0.0)
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _name(self, name: str) -> tuple[float, list[str]] | None:
        """A card's name as the board prints it: its size and lines (a long name on two lines), None
        when it fits only below the figures' smallest size."""
        return fit_lines(name, self.styles.bold_font, self._size(0.1), self.NAME_SHARE * self.card_w * self.scale,
                         self.min_text)

    def _names_fit(self) -> int:
        """How many lines the names on this board take (0: no card can print its name legibly, and
        the cards are drawn short; unless ``named``, also when no name fits on one line); a board
        drawn with the printed faces keeps their shape."""
        self.short_names = False
        if not self.parts.values:
            return 1
        names = [self._name(card.name) for card in self.view.cards if card is not None]
        one_line = any(len(name[1]) == 1 for name in names if name)
        self.short_names = self.named and any(names) and (self.widened or not one_line)
        if not one_line and not self.short_names:
            return 0
        return 2 if any(name is None or len(name[1]) > 1 for name in names) else 1

    def _named_row(self, row: int) -> float:
        """The height of a row of a ``named`` board: its cards' value badges, a druid's place if one
        stands or cubes lie in the row, and the names' lines."""
        n = self.view.size
        cells = range(row * n, (row + 1) * n)
        stands = any(i in self.view.druids or any(self.view.cubes[i]) or i in self.view.marks for i in cells)
        return self._stack_top() + (self._druid_d() + 0.04 * self.card_w if stands else 0.0) + self._name_height()

    def _stack_top(self) -> float:
        """Where a card's druid place starts, under its badges (and the row of figures, on a board
        that has figures, or on any board not ``named``)."""
        if self.short_names and not self.view.marks:
            return 0.05 * self.card_w + self._badge_side() + 0.04 * self.card_w
        return self._marks_y() + 0.7 * self._size(0.13) / self.scale

    def _name_height(self) -> float:
        """The height a card's name takes at its foot (its lines and a margin), unscaled."""
        return (0.4 + 1.15 * self.names) * self._size(0.1) / self.scale

    def _compact_height(self) -> float:
        """A card's height with the value badges, the row of figures and a druid stacked, no name."""
        top = self._marks_y() + 0.7 * self._size(0.13) / self.scale
        return max(top + self._druid_d() + 0.08 * self.card_w, self.BORDER * self.card_h + 2 * self.gap)

    # geometry in unscaled points, y down from the diagram's top
    def _cell_origin(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, self.view.size)
        x0 = self.band + self.BORDER * self.card_w + self.gap
        y0 = self.band + self.BORDER * self.card_h + self.gap
        return x0 + col * (self.card_w + self.gap), y0 + sum(self.row_h[:row]) + row * self.gap

    def _centre(self, index: int) -> tuple[float, float]:
        x, y = self._cell_origin(index)
        return x + self.card_w / 2, y + self.row_h[index // self.view.size] / 2

    def _druid_at(self, index: int) -> tuple[float, float]:
        x, y = self._cell_origin(index)
        return x + self._druid_x(), y + self._druid_y(index)

    def _druid_x(self) -> float:
        """The middle of a druid's place from the card's left: the middle, or beside a value at the card's foot."""
        if self.low is None:
            return self.card_w / 2
        edge = 0.05 * self.card_w + self._druid_d() / 2
        return edge if self.low == "right" else self.card_w - edge

    def _pt(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale, self.height - y * self.scale

    # the rows of a card on the board, top to bottom: value badges, marks, druid (and cube count), name
    def _badge_side(self) -> float:
        """How tall the value badges are drawn (the widest of their shapes), unscaled."""
        return max(1.45 * self._size(0.2), 0.3 * self.card_w * self.scale) / self.scale * self.reach

    def _marks_y(self) -> float:
        return 0.05 * self.card_w + self._badge_side() + 0.75 * self._size(0.13) / self.scale

    def _druid_d(self) -> float:
        return 0.4 * self.card_w

    def _druid_y(self, index: int) -> float:
        """The centre of a druid's place on the card at ``index``, from the card's top."""
        top = self._stack_top()
        bottom = self.row_h[index // self.view.size] - (self._name_height() if self.names else 0.04 * self.card_w)
        return (top + bottom) / 2

    def _size(self, share: float) -> float:
        """A printed text size: ``share`` of a card's width, never below ``min_text``."""
        return max(self.min_text, share * self.card_w * self.scale)

    def draw(self) -> None:
        canv, view, s = self.canv, self.view, self.scale
        faces = self.faces
        self.drawn: set[str] = set()   # the marks drawn, each of which the legend must explain
        bw, bh = self.BORDER * self.card_w, self.BORDER * self.card_h
        deck = faces.component(self.deck_id)
        back = faces.face(self.deck_id, deck.pieces[0], "back") if deck.spec.back else None
        if back and view.deck:
            faces.draw(canv, *back, *self._pt(self.band, self.band), bh * s)
        self._pill(self.band + bw / 2, self.band + bh / 2, f"deck {view.deck}", "axis", 0.085)
        labels = self.parts.line_labels
        for col, glyph in enumerate(view.column_glyphs):
            x, _ = self._cell_origin(col)
            self._face(labels, glyph, x + (self.card_w - bw) / 2, self.band, bh)
            self._label(chr(97 + col), x + self.card_w / 2, self.band * 0.72)
        for row, glyph in enumerate(view.row_glyphs):
            _, y = self._cell_origin(row * view.size)
            self._face(labels, glyph, self.band, y + (self.row_h[row] - bh) / 2, bh)
            self._label(str(row + 1), self.band * 0.45, y + self.row_h[row] / 2 + self.band * 0.25)
        refilled = {cell: colour for cell, _card, colour in view.taken}   # outlined in the taker's colour
        for i, card in enumerate(view.cards):
            x, y = self._cell_origin(i)
            if card is None:
                self._empty(x, y, self.row_h[i // view.size])
            else:
                self._card(card, x, y, self.card_w, self.row_h[i // view.size], refilled.get(i))
                if i in refilled:
                    self._drew(f"taken-{i}")
        if view.path:
            self._path()
        if view.move:
            self._move(*view.move)
        for cell, colour in view.druids.items():
            (cx, cy), d = self._druid_at(cell), self._druid_d()
            self._face(self.parts.druids, colour, cx - d / 2, cy - d / 2, d)
            self._druid_edge(cx, cy, d / 2, colour)
            if self._keys_druids():
                self._drew(f"{colour}-druid")
        for i, (light, dark) in enumerate(view.cubes):
            if light or dark:
                self._cubes(i, "light" if light else "dark", light or dark)
        for cell, marks in view.marks.items():
            self._marks(cell, marks)
        unexplained = self.drawn - self._shown()
        if unexplained:   # a mark the legend leaves out: the legend is read from the view, the drawing must match
            raise RuntimeError(f"board marks drawn with no legend item: {', '.join(sorted(unexplained))}")
        if self.legend:
            self.legend.draw(canv, 0, self.legend.height)

    def key(self) -> Key:
        """The legend as a flowable of its own (for a diagram drawn without it)."""
        return Key(self.styles, self.width, self._legend_items(), swatches=self._swatches())

    # ----------------------------------------------------------------- cards
    def _card(self, card: Any, x: float, y: float, w: float, h: float, ring: str | None = None) -> None:
        """A card as a plain face: its values as figures in the corners its printed face sets them in (the
        top corners where it does not say), its name if it fits."""
        if not self.parts.values:  # no values named: the printed face, whatever text it keeps
            piece = self.faces.card_piece(self.deck_id, card)
            self.faces.draw(self.canv, *self.faces.face(self.deck_id, piece), *self._pt(x, y), h * self.scale)
            return
        canv, s = self.canv, self.scale
        palette = self.styles.palette
        canv.saveState()
        canv.setFillColor(palette.get("paper"))
        canv.setStrokeColor(self.styles.colour(ring) if ring else palette.get("frame"))
        canv.setLineWidth(1.6 if ring else 0.6)
        px, py = self._pt(x, y + h)
        canv.roundRect(px, py, w * s, h * s, 0.06 * w * s, stroke=1, fill=1)
        canv.restoreState()
        size = self._size(0.2 * w / self.card_w)
        side = max(1.45 * size, 0.3 * w * s) / s
        inset = 0.05 * w + side * self.reach / 2
        slots = [x + inset, x + w - inset] if len(self.parts.values) == 2 else \
            [x + inset + k * (w - 2 * inset) / max(1, len(self.parts.values) - 1) for k in range(len(self.parts.values))]
        foot = y + h - (self._name_height() if self.names else 0.0) - inset   # a bottom value: above the name
        for value, cx in zip(self.parts.values, slots):
            corner = self.corners[value.field] if self.corners else ("top", "")
            cx = {"left": x + inset, "right": x + w - inset}.get(corner[1], cx)
            px, py = self._pt(cx, y + inset if corner[0] == "top" else foot)
            badge(self.canv, self.styles, self.shapes[value.field], px, py, side * s, value.colour,
                  str(getattr(card, value.field)), size)
            self._drew(value.field)
        name = self._name(card.name) if self.names else None
        if name:   # None: a single word too long for a card at the smallest size (its values still show)
            size, lines = name
            canv.saveState()
            canv.setFont(self.styles.bold_font, size)
            canv.setFillColor(palette.get("ink"))
            for k, line in enumerate(reversed(lines)):   # the last line at the card's foot, the others above it
                nx, ny = self._pt(x + w / 2, y + h - (0.5 + 1.15 * k) * size / s)
                canv.drawCentredString(nx, ny, line)
            canv.restoreState()

    def _face(self, ref: PieceRef, value: Any, x: float, y: float, height: float) -> None:
        piece = self.faces.piece(ref.component, **{**ref.where, ref.field: value})
        self.faces.draw(self.canv, *self.faces.face(ref.component, piece), *self._pt(x, y), height * self.scale)

    def _druid_edge(self, cx: float, cy: float, radius: float, colour: str) -> None:
        """An outline round a druid's printed face in the player's drawing colour (or the ink), dark
        enough against the card beneath for a pale token to keep its shape on a greyscale copy."""
        paper = self.styles.palette.get("paper")
        edge = ink_on(paper, self.styles.colour(colour), self.styles.palette.get("ink"), minimum=MIN_EDGE_CONTRAST)
        canv = self.canv
        canv.saveState()
        canv.setStrokeColor(edge)
        canv.setLineWidth(max(0.8, 0.02 * self.card_w * self.scale))
        canv.circle(*self._pt(cx, cy), radius * self.scale, stroke=1, fill=0)
        canv.restoreState()

    def _empty(self, x: float, y: float, h: float) -> None:
        canv = self.canv
        self._drew("empty")
        canv.saveState()
        canv.setStrokeColor(self.styles.colour("axis"))
        canv.setDash(3, 2)
        canv.setLineWidth(0.6)
        px, py = self._pt(x, y + h)
        canv.roundRect(px, py, self.card_w * self.scale, h * self.scale, 3, stroke=1, fill=0)
        canv.restoreState()

    # ----------------------------------------------------------------- what happened
    def _path(self) -> None:
        canv = self.canv
        self._drew("leyline")
        points = [self._pt(*self._centre(c)) for c in self.view.path]
        canv.saveState()
        canv.setStrokeColor(self.styles.colour("path"))
        canv.setStrokeAlpha(0.8)
        canv.setLineWidth(max(1.5, 0.06 * self.card_w * self.scale))
        canv.setLineCap(1)
        canv.setLineJoin(1)
        line = canv.beginPath()
        line.moveTo(*points[0])
        for p in points[1:]:
            line.lineTo(*p)
        canv.drawPath(line, stroke=1, fill=0)
        canv.restoreState()

    def _move(self, start: int, end: int) -> None:
        import math
        canv, s = self.canv, self.scale
        self._drew("move")   # a dashed ring where the druid stood, a dashed arrow to where it went
        (x1, y1), (x2, y2) = self._pt(*self._druid_at(start)), self._pt(*self._druid_at(end))
        radius = 0.23 * self.card_w * s
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        tip_x, tip_y = x2 - ux * radius, y2 - uy * radius
        head = max(3.5, 0.09 * self.card_w * s)
        canv.saveState()
        colour = self.styles.colour("move")
        canv.setStrokeColor(colour)
        canv.setFillColor(colour)
        canv.setLineWidth(max(0.8, 0.025 * self.card_w * s))
        canv.setDash(4, 2.5)
        canv.circle(x1, y1, radius, stroke=1, fill=0)
        canv.line(x1 + ux * radius, y1 + uy * radius, tip_x - ux * head * 0.8, tip_y - uy * head * 0.8)
        canv.setDash()
        arrowhead(canv, tip_x, tip_y, ux, uy, head)
        canv.restoreState()

    def _cubes(self, cell: int, colour: str, count: int) -> None:
        """The count of cubes on a card, in a box right of where the druid stands."""
        x, y = self._cell_origin(cell)
        self._drew(f"{colour}-cubes")
        size = self._size(0.15)
        side = max(0.24 * self.card_w, 1.5 * size / self.scale)
        cx = min(x + self.card_w / 2 + self._druid_d() / 2 + side / 2 + 0.02 * self.card_w,
                 x + self.card_w - side / 2 - 0.02 * self.card_w)
        cy = y + self._druid_y(cell)
        if self.free_top:   # a value at the foot beside the druid: the count in the top corner it left free
            inset = 0.05 * self.card_w + self._badge_side() / 2
            cx, cy = (x + self.card_w - inset if self.free_top == "right" else x + inset), y + inset
        count_box(self.canv, self.styles, *self._pt(cx, cy), side * self.scale, str(count), colour,
                  size, colour == PLAYERS[0])

    def _marks(self, cell: int, marks: list[tuple[str, str]]) -> None:
        """Figures on a card (cubes laid, cancelled) in a row just under its value badges."""
        x, y = self._cell_origin(cell)
        size = self._size(0.13)
        widths = [self._pill_width(text, size) for text, _ in marks]
        gap = 0.02 * self.card_w
        left = x + self.card_w / 2 - (sum(widths) + gap * (len(widths) - 1)) / 2
        for (text, role), w in zip(marks, widths):
            self._pill(left + w / 2, y + self._marks_y(), text, role, size=size)
            self._drew({"path": "laid", "cancel": "canceled"}[role])
            left += w + gap

    def _pill_width(self, text: str, size: float) -> float:
        return (stringWidth(text, self.styles.bold_font, size) + size * 0.8) / self.scale

    def _label(self, text: str, x: float, y: float) -> None:
        size = self._size(0.09)
        px, py = self._pt(x, y)
        self.canv.saveState()
        self.canv.setFont(self.styles.bold_font, size)
        self.canv.setFillColor(self.styles.colour("axis"))
        self.canv.drawCentredString(px, py, text)
        self.canv.restoreState()

    def _pill(self, x: float, y: float, text: str, role: str, share: float = 0.13, size: float | None = None) -> None:
        """A figure in a rounded box centred at (x, y): cubes laid, cancelled, the deck's count."""
        size = size or self._size(share)
        w = self._pill_width(text, size) * self.scale
        pill(self.canv, self.styles, *self._pt(x, y), w, size * 1.35, text, role, size)

    # ----------------------------------------------------------------- legend
    def _key(self) -> dict[str, tuple[str, str, str]]:
        """Every mark a board may draw, by name, with its legend item (in the legend's order)."""
        view = self.view
        key = {value.field: ("piece", f"value-{value.field}", value.label) for value in self.parts.values}
        key.update({f"{PLAYERS[0]}-cubes": ("count-outlined", PLAYERS[0], f"{PLAYERS[0].title()}'s cubes on a card"),
                    f"{PLAYERS[1]}-cubes": ("count", PLAYERS[1], f"{PLAYERS[1].title()}'s cubes on a card"),
                    "laid": ("pill", "path", "cubes laid this turn"),
                    "canceled": ("pill", "cancel", "cubes canceled"),
                    f"{PLAYERS[0]}-druid": ("piece", f"{PLAYERS[0]}-druid", f"{PLAYERS[0].title()}'s druid"),
                    f"{PLAYERS[1]}-druid": ("piece", f"{PLAYERS[1]}-druid", f"{PLAYERS[1].title()}'s druid"),
                    "move": ("move", "move", "the druid's move, from where it was"),
                    "leyline": ("line", "path", "the Leyline")})
        for cell, card, colour in view.taken:   # refilled: the new card is outlined in the taker's colour
            key[f"taken-{cell}"] = ("outline", colour, f"{colour.title()} took {card.name} "
                                                       f"({square_name(cell, view.size)}), new card dealt")
        key["empty"] = ("empty", "axis", "an empty place")
        return key

    def _shown(self) -> set[str]:
        """The marks this board draws, read from its view (``draw`` checks it drew no other)."""
        view = self.view
        marks = {value.field for value in self.parts.values} if any(c is not None for c in view.cards) else set()
        marks |= {f"{PLAYERS[0] if light else PLAYERS[1]}-cubes" for light, dark in view.cubes if light or dark}
        roles = {role for marks_on in view.marks.values() for _, role in marks_on}
        marks |= {name for name, role in (("laid", "path"), ("canceled", "cancel")) if role in roles}
        marks |= {f"{colour}-druid" for colour in view.druids.values()} if self._keys_druids() else set()
        marks |= {"move"} if view.move else set()
        marks |= {"leyline"} if view.path else set()
        marks |= {f"taken-{cell}" for cell, _card, _colour in view.taken if view.cards[cell] is not None}
        return marks | ({"empty"} if any(card is None for card in view.cards) else set())

    def _legend_items(self) -> list[tuple]:
        """What the legend explains: only the marks this board shows, every one of them."""
        return keyed(self._key(), self._shown())

    def _keys_druids(self) -> bool:
        """Whether the legend names the druids it draws: on a board of play (cubes on its cards or a
        druid's move), beside the marks of the players' pieces; a board of the set-up, whose text
        places the druids, is keyed by its values alone."""
        return bool(self.view.move) or any(light or dark for light, dark in self.view.cubes)

    def _swatches(self) -> dict[str, Any]:
        """The legend's druids, each as the board draws it (its printed face, outlined), and its values."""
        def druid(colour: str):
            def paint(canv: Any, cx: float, cy: float, side: float) -> None:
                piece = self.faces.piece(self.parts.druids.component, **{**self.parts.druids.where,
                                                                         self.parts.druids.field: colour})
                self.faces.draw(canv, *self.faces.face(self.parts.druids.component, piece), cx - side / 2,
                                cy + side / 2, side)
            return paint
        return {**{f"{colour}-druid": druid(colour) for colour in PLAYERS},
                **value_swatches(self.parts, self.styles, self.shapes)}

    def _drew(self, mark: str) -> None:
        self.drawn.add(mark)


# ----------------------------------------------------------------- small boards
def small_board(view: BoardView, parts: BoardParts, styles: Styles, shapes: dict[str, str]):
    """A plain drawing of the grid after a turn, for ``SmallBoards``: each card a box with its values
    (``board.values``) as figures in their colours and ``shapes``, its cubes as a count box and a druid standing
    there as a ring in Light's colour or a disc filled with Dark's; an empty spot dashed."""
    def draw(canv: Any, x: float, y: float, w: float, h: float, size: float) -> None:
        n = view.size
        cell = min((w - 8 - size * 1.2) / n, (h - 4 - size * 1.3) / n)
        left = x + (w - cell * n + size * 1.2) / 2
        top = y + (h - size * 1.3) / 2 + cell * n / 2
        canv.saveState()
        canv.setFont(styles.bold_font, size)
        canv.setFillColor(styles.colour("axis"))
        for k in range(n):   # the squares' names, as the log writes them: columns a, b ..., rows 1, 2 ...
            canv.drawCentredString(left + (k + 0.5) * cell, top + size * 0.35, chr(97 + k))
            canv.drawCentredString(left - size * 0.7, top - (k + 0.5) * cell - size * 0.36, str(k + 1))
        canv.restoreState()
        for i, card in enumerate(view.cards):
            row, col = divmod(i, n)
            cx, cy = left + col * cell, top - (row + 1) * cell
            canv.saveState()
            canv.setStrokeColor(styles.colour("axis") if card is None else styles.palette.get("frame"))
            canv.setLineWidth(0.5)
            if card is None:
                canv.setDash(2, 1.5)
            canv.roundRect(cx + 0.6, cy + 0.6, cell - 1.2, cell - 1.2, 1.5, stroke=1, fill=0)
            canv.restoreState()
            if card is not None:
                _small_values(canv, styles, parts, shapes, card, cx, cy + cell * 0.72, cell, size)
            light, dark = view.cubes[i]
            if light or dark:
                count_box(canv, styles, cx + cell * 0.7, cy + cell * 0.28, size * 1.5, str(light or dark),
                          PLAYERS[0] if light else PLAYERS[1], size, bool(light))
            if i in view.druids:   # the first player's a ring, the second's a filled disc: apart in greyscale too
                canv.saveState()
                filled = view.druids[i] == PLAYERS[1]
                canv.setStrokeColor(styles.palette.get("ink") if filled else styles.colour(view.druids[i]))
                canv.setFillColor(styles.colour(view.druids[i]))
                canv.setLineWidth(0.5 if filled else 1.6)
                canv.circle(cx + cell * 0.27, cy + cell * 0.28, size * (0.7 if filled else 0.6), stroke=1,
                            fill=int(filled))
                canv.restoreState()
    return draw


def _small_values(canv: Any, styles: Styles, parts: BoardParts, shapes: dict[str, str], card: Any, x: float,
                  y: float, cell: float, size: float) -> None:
    """The card's values side by side, each a number on a mark of its colour and shape."""
    step = cell / (len(parts.values) + 1)
    for k, value in enumerate(parts.values, start=1):
        badge(canv, styles, shapes[value.field], x + k * step, y, size * 1.4, value.colour,
              str(getattr(card, value.field)), size, line=0.3)


def small_marks(view: BoardView, parts: BoardParts) -> set[str]:
    """The marks ``small_board`` draws for ``view``: the values of its cards, the cube counts and
    druids of each colour present, and an empty place."""
    marks = {value.field for value in parts.values} if any(card is not None for card in view.cards) else set()
    marks |= {f"{PLAYERS[0]}-cubes" for light, _ in view.cubes if light}
    marks |= {f"{PLAYERS[1]}-cubes" for light, dark in view.cubes if dark and not light}
    marks |= {f"{colour}-druid" for colour in view.druids.values()}
    return marks | ({"empty"} if any(card is None for card in view.cards) else set())


def small_legend(parts: BoardParts, views: list[BoardView]) -> list[tuple[str, str, str]]:
    """The legend under small boards of ``views``: only the marks those boards draw."""
    key = {value.field: ("piece", f"value-{value.field}", value.label) for value in parts.values}
    key.update({f"{PLAYERS[0]}-cubes": ("count-outlined", PLAYERS[0], "Light's cubes"),
                f"{PLAYERS[1]}-cubes": ("count", PLAYERS[1], "Dark's cubes"),
                f"{PLAYERS[0]}-druid": ("circle", PLAYERS[0], "Light's druid"),
                f"{PLAYERS[1]}-druid": ("disc", PLAYERS[1], "Dark's druid"),
                "empty": ("empty", "axis", "an empty place")})
    return keyed(key, set().union(*(small_marks(view, parts) for view in views)))
