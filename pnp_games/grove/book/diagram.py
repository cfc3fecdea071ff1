"""Table diagrams of Battle for the Grove drawn from engine states, with the printed pieces.

Each place shows its druids as printed (standing side or lying side), one row per player; each
circle shows its cubes as a chit with the count and, when held, a ring in the holder's colour. A
turn's drawing adds the druids' moves as arrows and what happened at a circle as small labels.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from generator.rulebook.hooks import PieceFaces, PieceRef, Styles, arrowhead, pill

PLAYERS = ("light", "dark")
GROVE = "G"


class GroveParts(BaseModel):
    """Which component plays which part on the drawn table (rulebook.yaml ``board:``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    circles: PieceRef                  # one token per circle, told apart by its letter
    druids: PieceRef                   # one per player colour: the face stands, the back lies
    cubes: PieceRef                    # one per player colour


@dataclass
class GroveView:
    """What a drawing shows; every field read from an engine state."""

    circles: list[str]                                   # 'A', 'B', 'C'
    druids: dict[str, list[tuple[int, int]]]             # place -> per player (standing, lying)
    cubes: dict[str, tuple[int, int]]                    # circle -> (light, dark)
    holder: dict[str, int | None]                        # circle -> 0, 1 or None
    supply: tuple[int, int]
    moves: list[tuple[str, str, int]] = field(default_factory=list)          # (from, to, player)
    marks: dict[str, list[tuple[str, str]]] = field(default_factory=dict)     # place -> [(text, colour role)]


def grove_view(state: Any) -> GroveView:
    places = state.places()
    return GroveView(
        places[1:],
        {x: [(state.standing(p, x), state.lying(p, x)) for p in (0, 1)] for x in places},
        {c: state.cubes(c) for c in places[1:]}, {c: state.controller(c) for c in places[1:]},
        (state.supply(0), state.supply(1)))


class GroveDiagram(Flowable):
    """The whole table, ``width`` points wide: the circles in a row, each with its druids beneath,
    and the Grove as a band below them with the two supplies at its ends. (On the table the circles
    stand around the Grove; a row keeps the drawing small.) Geometry is worked out in units of one
    circle's diameter (y down from the top), then scaled."""

    TOKEN = 0.27          # a druid's size, in circle diameters (printed: 25 mm against 64 mm)
    STEP = 0.62           # overlap of druids in a row: the share of a druid each next one moves along
    ROW_GAP = 0.06
    TOP = 0.12            # room above the circles for the arcs of moves between circles

    def __init__(self, view: GroveView, faces: PieceFaces, parts: GroveParts, styles: Styles, width: float,
                 druids_per_player: int):
        super().__init__()
        self.view, self.faces, self.parts, self.styles = view, faces, parts, styles
        d = self.TOKEN
        self.row_w = d * (1 + self.STEP * max(0, druids_per_player - 1)) + 0.3 * d
        self.cluster_h = 2 * d + self.ROW_GAP
        unit = max(1.0, self.row_w) + 0.18
        self.centres = {name: (unit * (k + 0.5), self.TOP + 0.5) for k, name in enumerate(view.circles)}
        total = unit * len(view.circles)
        self.grove_top = self.TOP + 1.0 + 0.08 + self.cluster_h + 0.14
        self.grove_h = 0.2 + self.cluster_h + 0.1
        self.grove_c = (total / 2, self.grove_top + self.grove_h / 2)
        self.x0, x1 = 0.0, total
        self.scale = width / (x1 - self.x0)
        self.width, self.height = width, (self.grove_top + self.grove_h + 0.02) * self.scale
        self.y0 = 0.0
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _pt(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.x0) * self.scale, self.height - (y - self.y0) * self.scale

    def _anchor(self, place: str) -> tuple[float, float]:
        return self.grove_c if place == GROVE else self.centres[place]

    def draw(self) -> None:
        self._grove()
        for name in self.view.circles:
            self._circle(name)
        for start, end, _player in self.view.moves:
            self._move(start, end)
        for place, rows in self.view.druids.items():
            self._druids(place, rows)
        for place, marks in self.view.marks.items():
            self._marks(place, marks)
        self._supplies()

    # ----------------------------------------------------------------- places
    def _grove(self) -> None:
        canv, s = self.canv, self.scale
        x, y = self._pt(0.02, self.grove_top + self.grove_h)
        canv.saveState()
        canv.setFillColor(self.styles.palette.get("parchment"))
        canv.setStrokeColor(self.styles.colour("path"))
        canv.setLineWidth(0.8)
        canv.setDash(3, 2)
        canv.roundRect(x, y, (self.x1 - 0.04) * s, self.grove_h * s, 0.1 * s, stroke=1, fill=1)
        canv.restoreState()
        self._text("Grove", self.grove_c[0], self.grove_top + 0.11, 0.12, "path")

    @property
    def x1(self) -> float:
        return self.width / self.scale + self.x0

    def _circle(self, name: str) -> None:
        canv, s = self.canv, self.scale
        cx, cy = self.centres[name]
        ref = self.parts.circles
        piece = self.faces.piece(ref.component, **{**ref.where, ref.field: name})
        self.faces.draw(canv, *self.faces.face(ref.component, piece), *self._pt(cx - 0.5, cy - 0.5), s)
        holder = self.view.holder.get(name)
        if holder is not None:
            px, py = self._pt(cx, cy)
            canv.saveState()
            canv.setStrokeColor(self.styles.colour(PLAYERS[holder]))
            canv.setLineWidth(0.06 * s)
            canv.circle(px, py, 0.53 * s, stroke=1, fill=0)
            canv.restoreState()
        light, dark = self.view.cubes[name]
        if light or dark:
            self._cube(PLAYERS[0] if light else PLAYERS[1], light or dark, cx, cy + 0.27, 0.22)

    def _cube(self, colour: str, count: int, cx: float, cy: float, side: float) -> None:
        ref = self.parts.cubes
        piece = self.faces.piece(ref.component, **{**ref.where, ref.field: colour})
        self.faces.draw(self.canv, *self.faces.face(ref.component, piece), *self._pt(cx - side / 2, cy - side / 2),
                        side * self.scale)
        ink = f"{colour}-ink" if f"{colour}-ink" in self.styles.palette else "ink"
        size = 0.62 * side * self.scale
        px, py = self._pt(cx, cy)
        self.canv.saveState()
        self.canv.setFont(self.styles.bold_font, size)
        self.canv.setFillColor(self.styles.palette.get(ink))
        self.canv.drawCentredString(px, py - size * 0.36, str(count))
        self.canv.restoreState()

    def _druids(self, place: str, rows: list[tuple[int, int]]) -> None:
        d = self.TOKEN
        cx, cy = self._anchor(place)
        top = self.grove_top + 0.2 if place == GROVE else cy + 0.5 + 0.08
        ref = self.parts.druids
        for player, (standing, lying) in enumerate(rows):
            y = top + player * (d + self.ROW_GAP)
            x = cx - self.row_w / 2
            piece = self.faces.piece(ref.component, **{**ref.where, ref.field: PLAYERS[player]})
            for side, count in (("face", standing), ("back", lying)):
                template, values = self.faces.face(ref.component, piece, side)
                for _ in range(count):
                    self.faces.draw(self.canv, template, values, *self._pt(x, y), d * self.scale)
                    x += d * self.STEP
                if count and side == "face":
                    x += 0.3 * d

    def _supplies(self) -> None:
        y = self.grove_top + self.grove_h / 2 - 0.05
        for player, x in ((0, 0.38), (1, self.x1 - 0.38)):
            self._cube(PLAYERS[player], self.view.supply[player], x, y, 0.22)
            self._text(f"{PLAYERS[player].title()} supply", x, y + 0.22, 0.075, "axis")

    # ----------------------------------------------------------------- what happened
    def _move(self, start: str, end: str) -> None:
        """A dashed arrow: straight up from the Grove, or in an arc above the row between circles."""
        canv, s = self.canv, self.scale
        ex, ey = self.centres[end]
        if start == GROVE:
            points = [(ex, self.grove_top + 0.02), (ex, ey + 0.5)]
        else:
            sx, _ = self.centres[start]
            lift = 0.1 + self.TOP * 0.6
            points = [(sx, ey - 0.5), (sx, -lift), (ex, -lift), (ex, ey - 0.5)]
        pts = [self._pt(x, y) for x, y in points]
        (ax, ay), (bx, by) = pts[-2], pts[-1]
        length = max(1e-6, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
        ux, uy = (bx - ax) / length, (by - ay) / length
        head = 0.1 * s
        canv.saveState()
        colour = self.styles.colour("move")
        canv.setStrokeColor(colour)
        canv.setFillColor(colour)
        canv.setLineWidth(max(0.9, 0.03 * s))
        canv.setDash(4, 2.5)
        line = canv.beginPath()
        line.moveTo(*pts[0])
        end_x, end_y = bx - ux * head * 0.8, by - uy * head * 0.8
        if len(pts) == 4:
            line.curveTo(pts[1][0], pts[1][1], pts[2][0], pts[2][1], end_x, end_y)
        else:
            line.lineTo(end_x, end_y)
        canv.drawPath(line, stroke=1, fill=0)
        canv.setDash()
        arrowhead(canv, bx, by, ux, uy, head)
        canv.restoreState()

    def _marks(self, place: str, marks: list[tuple[str, str]]) -> None:
        cx, cy = self._anchor(place)
        y = self.grove_top + 0.11 if place == GROVE else cy - 0.22
        widths = [self._pill_width(text) for text, _ in marks]
        x = cx - (sum(widths) + 0.04 * (len(widths) - 1)) / 2
        for (text, role), w in zip(marks, widths):
            self._pill(x + w / 2, y, text, role)
            x += w + 0.04

    def _pill_size(self) -> float:
        return 0.11 * self.scale  # scales with the diagram, like everything in it

    def _pill_width(self, text: str) -> float:
        size = self._pill_size()
        return (stringWidth(text, self.styles.bold_font, size) + size * 0.9) / self.scale

    def _pill(self, x: float, y: float, text: str, role: str) -> None:
        canv, size = self.canv, self._pill_size()
        pill(canv, self.styles, *self._pt(x, y), self._pill_width(text) * self.scale, size * 1.4, text, role, size)

    def _text(self, text: str, x: float, y: float, size: float, role: str) -> None:
        px, py = self._pt(x, y)
        self.canv.saveState()
        self.canv.setFont(self.styles.bold_font, size * self.scale)
        self.canv.setFillColor(self.styles.colour(role))
        self.canv.drawCentredString(px, py - size * self.scale * 0.35, text)
        self.canv.restoreState()
