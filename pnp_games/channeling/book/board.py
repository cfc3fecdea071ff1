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

from generator.rulebook.hooks import PieceFaces, PieceRef, Styles, arrowhead, pill


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BoardParts(Strict):
    """Which component plays which part on the drawn table (from the game's rules/rulebook.yaml)."""

    line_labels: PieceRef              # one per glyph, e.g. the green glyph cards
    druids: PieceRef                   # one per player colour
    cubes: PieceRef                    # one per player colour


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


class BoardDiagram(Flowable):
    """A whole table as the players see it, ``width`` points wide."""

    BORDER = 0.5   # glyph cards and the deck drawn at half size: they label the grid, they are not played on
    BADGE_Y = 0.37  # centre of the cube badges below a card's top edge, in card widths

    def __init__(self, view: BoardView, faces: PieceFaces, parts: BoardParts, styles: Styles, width: float):
        super().__init__()
        self.view, self.faces, self.parts, self.styles = view, faces, parts, styles
        deck_id = faces.edition.spec.deck
        self.deck_id = deck_id
        self.card_w, self.card_h = faces.face(deck_id, faces.component(deck_id).pieces[0])[0].size
        self.gap = 0.05 * self.card_w
        self.band = 0.11 * self.card_w
        n = view.size
        natural_w = self.band + self.BORDER * self.card_w + self.gap + n * self.card_w + (n - 1) * self.gap
        natural_h = self.band + self.BORDER * self.card_h + self.gap + n * self.card_h + (n - 1) * self.gap
        self.scale = width / natural_w
        self.width, self.height = width, natural_h * self.scale
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    # geometry in unscaled points, y down from the diagram's top
    def _cell_origin(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, self.view.size)
        x0 = self.band + self.BORDER * self.card_w + self.gap
        y0 = self.band + self.BORDER * self.card_h + self.gap
        return x0 + col * (self.card_w + self.gap), y0 + row * (self.card_h + self.gap)

    def _centre(self, index: int) -> tuple[float, float]:
        x, y = self._cell_origin(index)
        return x + self.card_w / 2, y + self.card_h / 2

    def _pt(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale, self.height - y * self.scale

    def draw(self) -> None:
        canv, view, s = self.canv, self.view, self.scale
        faces = self.faces
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
            self._face(labels, glyph, self.band, y + (self.card_h - bh) / 2, bh)
            self._label(str(row + 1), self.band * 0.45, y + self.card_h / 2 + self.band * 0.25)
        for i, card in enumerate(view.cards):
            x, y = self._cell_origin(i)
            if card is None:
                self._empty(x, y)
            else:
                piece = faces.card_piece(self.deck_id, card)
                faces.draw(canv, *faces.face(self.deck_id, piece), *self._pt(x, y), self.card_h * s)
        if view.path or view.move:
            canv.saveState()
            self._knock_out_card_text()   # the Leyline and the move arrow stop short of any printed text
            if view.path:
                self._path()
            if view.move:
                self._move(*view.move)
            canv.restoreState()
        for cell, colour in view.druids.items():
            cx, cy = self._centre(cell)
            d = 0.46 * self.card_w
            self._face(self.parts.druids, colour, cx - d / 2, cy - d / 2, d)
        for i, (light, dark) in enumerate(view.cubes):
            if light or dark:
                self._cubes(i, "light" if light else "dark", light or dark)
        for cell, marks in view.marks.items():
            x, y = self._cell_origin(cell)
            # below the card's name and above the druid, where a card shows art, never text
            text_x = x + self.card_w / 2 - (len(marks) - 1) * 0.16 * self.card_w
            for k, (text, role) in enumerate(marks):
                self._pill(text_x + k * 0.32 * self.card_w, y + self.BADGE_Y * self.card_w, text, role, 0.13)

    def _knock_out_card_text(self) -> None:
        """Clip what follows to the diagram minus every text box of the cards on the grid."""
        from reportlab.pdfgen.canvas import FILL_EVEN_ODD
        clip = self.canv.beginPath()
        clip.rect(0, 0, self.width, self.height)
        for x, y, w, h in self._text_boxes():
            px, py = self._pt(x, y + h)
            clip.rect(px, py, w * self.scale, h * self.scale)
        self.canv.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)

    def _text_boxes(self) -> list[tuple[float, float, float, float]]:
        """Where the cards on the grid print text: (x, y, w, h) in the diagram's unscaled points, y down."""
        return [box for i in range(len(self.view.cards)) for box in self._card_text_boxes(i)]

    def _card_text_boxes(self, cell: int) -> list[tuple[float, float, float, float]]:
        card = self.view.cards[cell]
        if card is None:
            return []
        template, _ = self.faces.face(self.deck_id, self.faces.card_piece(self.deck_id, card))
        x0, y0 = self._cell_origin(cell)
        k = self.card_h / template.size[1]
        return [(x0 + e.x * k, y0 + e.y * k, e.w * k, e.h * k) for e in template.elements.values()
                if getattr(e, "kind", None) == "text"]

    def _face(self, ref: PieceRef, value: Any, x: float, y: float, height: float) -> None:
        piece = self.faces.piece(ref.component, **{**ref.where, ref.field: value})
        self.faces.draw(self.canv, *self.faces.face(ref.component, piece), *self._pt(x, y), height * self.scale)

    def _empty(self, x: float, y: float) -> None:
        canv = self.canv
        canv.saveState()
        canv.setStrokeColor(self.styles.colour("axis"))
        canv.setDash(3, 2)
        canv.setLineWidth(0.6)
        px, py = self._pt(x, y + self.card_h)
        canv.roundRect(px, py, self.card_w * self.scale, self.card_h * self.scale, 3, stroke=1, fill=0)
        canv.restoreState()

    def _path(self) -> None:
        canv = self.canv
        points = [self._pt(*self._centre(c)) for c in self.view.path]
        canv.saveState()
        canv.setStrokeColor(self.styles.colour("path"))
        canv.setStrokeAlpha(0.8)
        canv.setLineWidth(0.07 * self.card_w * self.scale)
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
        (x1, y1), (x2, y2) = self._pt(*self._centre(start)), self._pt(*self._centre(end))
        radius = 0.23 * self.card_w * s
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        tip_x, tip_y = x2 - ux * radius, y2 - uy * radius
        head = 0.09 * self.card_w * s
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
        x, y = self._cell_origin(cell)
        side = 0.25 * self.card_w
        left = x + (self.card_w - side) / 2
        # above any text the card prints under it (the legend), so the chit never covers text
        under = [by for bx, by, bw, _ in self._card_text_boxes(cell)
                 if by > y + self.card_h / 2 and bx < left + side and bx + bw > left]
        top = min(under, default=y + self.card_h * 0.95) - side - 0.01 * self.card_h
        self._face(self.parts.cubes, colour, left, top, side)
        ink = f"{colour}-ink" if f"{colour}-ink" in self.styles.palette else "ink"
        size = 0.15 * self.card_w * self.scale
        px, py = self._pt(left + side / 2, top + side / 2)
        self.canv.saveState()
        self.canv.setFont(self.styles.bold_font, size)
        self.canv.setFillColor(self.styles.palette.get(ink))
        self.canv.drawCentredString(px, py - size * 0.36, str(count))
        self.canv.restoreState()

    def _label(self, text: str, x: float, y: float) -> None:
        size = 0.09 * self.card_w * self.scale
        px, py = self._pt(x, y)
        self.canv.saveState()
        self.canv.setFont(self.styles.bold_font, size)
        self.canv.setFillColor(self.styles.colour("axis"))
        self.canv.drawCentredString(px, py, text)
        self.canv.restoreState()

    def _pill(self, x: float, y: float, text: str, role: str, size_share: float) -> None:
        """A figure in a rounded box centred at (x, y): cubes laid, cancelled, the deck's count."""
        canv = self.canv
        size = size_share * self.card_w * self.scale  # scales with the diagram, like everything in it
        font = self.styles.bold_font
        w = stringWidth(text, font, size) + size * 0.8
        pill(canv, self.styles, *self._pt(x, y), w, size * 1.35, text, role, size)
