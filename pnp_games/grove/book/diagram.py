"""Table diagrams of Battle for the Grove drawn from engine states, with the printed pieces.

The circles stand around the Grove as the setup lays them out (three make a triangle). Each place
shows its druids as counts beside the printed faces (standing side, lying side), one row per
player; each circle shows its cubes as a count box and, when held, a ring and the holder's name.
A turn's drawing adds the druids' moves as arrows and what happened at a circle as small labels,
and a legend beneath explains every mark it shows (or, for a run of drawings, one key drawn once
above them: ``legend_items`` of each, merged).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel, ConfigDict
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

import math

from generator.rulebook.hooks import Legend, PieceFaces, PieceRef, Styles, arrowhead, count_box, merged, pill

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
    """The whole table, ``width`` points wide (wider if its figures would print below the style
    sheet's ``min_text``): the circles on a ring around the Grove, each with its druids beneath.
    Geometry is worked out in units of one circle's diameter (y down, the Grove at 0, 0), then scaled."""

    RING = 1.55           # distance of a circle's centre from the Grove's, in diameters, across
    RING_Y = 1.25         # and up and down: a wide triangle, as the setup lays them out
    BLOCK = 0.56          # height of a place's block of druid counts (two rows)
    TALLEST = 0.36        # the tallest druid figure, in diameters (one player's row alone in a block)
    SIDE_ROOMY = 0.62     # room left and right of the outer circles' centres, for their druid counts and
    SIDE = 0.53           # labels, and the least of it, in a narrow drawing (a circle is 1 across)
    min_scale = 1.0       # its text is at the smallest size already: a page must not shrink it further

    def __init__(self, view: GroveView, faces: PieceFaces, parts: GroveParts, styles: Styles, width: float,
                 druids_per_player: int, legend: bool = True):
        super().__init__()
        self.view, self.faces, self.parts, self.styles = view, faces, parts, styles
        self.min_text = styles.sheet.figures.min_text
        n = len(view.circles)
        self.centres = {name: (self.RING * math.cos(math.radians(-90 + k * 360 / n)),
                               self.RING_Y * math.sin(math.radians(-90 + k * 360 / n)))
                        for k, name in enumerate(view.circles)}
        self.grove_w, self.grove_h = 1.3, 0.95
        xs = [x for x, _ in self.centres.values()]
        ys = [y for _, y in self.centres.values()]
        left, right = min(xs + [-self.grove_w / 2]), max(xs + [self.grove_w / 2])
        least = 6.5 * self.min_text   # a diameter holds about 6.5 figures of min_text
        # the room beside the outer circles narrows before the drawing grows past ``width``, never
        # below half a circle or half a "controlled by" label the drawing shows (at the smallest
        # scale, where it is widest): a table nobody controls yet is drawn as narrow as its circles
        holders = sorted({h for h in view.holder.values() if h is not None})
        label = max((stringWidth(f"controlled by {PLAYERS[h].title()}", styles.bold_font, self.min_text)
                     for h in holders), default=None)
        narrowest = self.SIDE if label is None else max(self.SIDE, (label + self.min_text) / 2 / least + 0.03)
        side = max(narrowest, min(self.SIDE_ROOMY, (width / least - (right - left)) / 2))
        self.x0, x1 = left - side, right + side
        units_w = x1 - self.x0
        width = max(width, units_w * least)
        self.scale = width / units_w
        # above and below the outer circles: the holder's ring, its label and the druid counts
        room = self._label_gap() + self._pill_h(0.1) + 0.02 + self.BLOCK + 0.02
        self.y0 = min(ys) - 0.5 - (room if min(ys) < -1e-6 else 0.15)
        y1 = max(ys) + 0.5 + room
        self.legend = Legend(styles, width, legend_items(view) if legend else [], swatches=druid_swatches(styles))
        self.table_h = (y1 - self.y0) * self.scale
        self.width, self.height = width, self.table_h + self.legend.height
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _pt(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.x0) * self.scale, self.height - (y - self.y0) * self.scale

    def _size(self, share: float) -> float:
        """A printed text size: ``share`` of a circle's diameter, never below ``min_text``."""
        return max(self.min_text, share * self.scale)

    def _pill_h(self, share: float) -> float:
        """The height of a label's pill, in diameters, its text ``share`` of a diameter (``_size``)."""
        return self._size(share) * 1.35 / self.scale

    def _ring(self) -> float:
        """The holder's ring around a circle: its stroke's width, in points."""
        return max(2.0, 0.06 * self.scale)

    def _label_gap(self) -> float:
        """From a circle's edge to its "controlled by" label, in diameters: past the ring and its stroke."""
        return 0.05 + self._ring() / 2 / self.scale + 0.03

    def _anchor(self, place: str) -> tuple[float, float]:
        return (0.0, 0.0) if place == GROVE else self.centres[place]

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
        self.legend.draw(self.canv, 0, self.legend.height)

    # ----------------------------------------------------------------- places
    def _grove(self) -> None:
        canv, s = self.canv, self.scale
        x, y = self._pt(-self.grove_w / 2, self.grove_h / 2)
        canv.saveState()
        canv.setFillColor(self.styles.palette.get("parchment"))
        canv.setStrokeColor(self.styles.colour("path"))
        canv.setLineWidth(0.8)
        canv.setDash(3, 2)
        canv.roundRect(x, y, self.grove_w * s, self.grove_h * s, 0.1 * s, stroke=1, fill=1)
        canv.restoreState()
        self._text("Grove", 0.0, -self.grove_h / 2 + 0.05 + self._size(0.12) / s / 2, self._size(0.12), "axis")

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
            canv.setLineWidth(self._ring())
            canv.circle(px, py, 0.55 * s, stroke=1, fill=0)
            canv.restoreState()
            size = self._size(0.1)
            text = f"controlled by {PLAYERS[holder].title()}"
            w = stringWidth(text, self.styles.bold_font, size) + size
            pill(canv, self.styles, *self._pt(cx, self._label_y(name)), w, size * 1.35, text, PLAYERS[holder], size)
        light, dark = self.view.cubes[name]
        if light or dark:
            size = self._size(0.14)
            side = max(0.24 * s, 1.5 * size)
            count_box(canv, self.styles, *self._pt(cx, cy + 0.27), side, str(light or dark),
                      PLAYERS[0] if light else PLAYERS[1], size, bool(light))

    def _outward(self, place: str) -> int:
        """1 when a circle's druids and label go below it, -1 above (a circle above the Grove)."""
        return -1 if self.centres[place][1] < -1e-6 else 1

    def _label_y(self, place: str) -> float:
        """The centre of a circle's "controlled by" label: clear of the art and the ring, away from the Grove."""
        return self.centres[place][1] + self._outward(place) * (0.5 + self._label_gap() + self._pill_h(0.1) / 2)

    def _block_top(self, place: str) -> float:
        cy = self.centres[place][1]
        held = self.view.holder.get(place) is not None
        gap = 0.5 + (self._label_gap() + self._pill_h(0.1) + 0.02 if held else 0.04)
        return cy + gap if self._outward(place) > 0 else cy - gap - self.BLOCK

    def _druids(self, place: str, rows: list[tuple[int, int]]) -> None:
        """Per player with druids there a row: a standing druid (``druid_icon``) and how many stand, a
        lying one and how many lie; the figures as tall as the rows leave room for (one player's row
        takes the whole block), up to ``TALLEST``."""
        canv, s = self.canv, self.scale
        cx, cy = self._anchor(place)
        top = -self.grove_h / 2 + 0.28 if place == GROVE else self._block_top(place)
        size = self._size(0.12)
        block = self.BLOCK if place != GROVE else self.grove_h - 0.3
        shown = [(player, counts) for player, counts in enumerate(rows) if any(counts)]
        row_h = block / max(1, len(shown))
        tall = max(min(row_h * 0.88, self.TALLEST), 1.6 * size / s)
        label_w = stringWidth("\u00d76", self.styles.bold_font, size) / s
        for row, (player, (standing, lying)) in enumerate(shown):
            items = [(flat, count) for flat, count in ((False, standing), (True, lying)) if count]
            widths = [tall * (ICON_W_LYING if flat else ICON_W) + 0.03 + label_w for flat, _ in items]
            block_w = sum(widths) + 0.08 * (len(items) - 1)
            # under its place, kept inside the drawing (an outer circle's row may be wider than the room beside it)
            x = min(max(cx - block_w / 2, self.x0), self.x1 - block_w)
            base = top + row * row_h + (row_h + tall) / 2          # the foot of the row's figures
            for (flat, count), width in zip(items, widths):
                icon_w = width - 0.03 - label_w
                px, py = self._pt(x + icon_w / 2, base - tall / 2)
                druid_icon(canv, self.styles, px, py, tall * s, PLAYERS[player], flat)
                tx, ty = self._pt(x + icon_w + 0.03, base - tall / 2)
                canv.saveState()
                canv.setFont(self.styles.bold_font, size)
                canv.setFillColor(self.styles.palette.get("ink"))
                canv.drawString(tx, ty - size * 0.36, f"\u00d7{count}")
                canv.restoreState()
                x += width + 0.08

    def _supplies(self) -> None:
        size = self._size(0.11)
        side = 1.5 * size
        for player, x in ((0, self.x0 + 0.45), (1, self.x1 - 0.45)):
            y = self.y0 + 0.35
            px, py = self._pt(x, y)
            count_box(self.canv, self.styles, px, py, side, str(self.view.supply[player]), PLAYERS[player], size,
                      player == 0)
            label = f"{PLAYERS[player].title()} supply"
            half = stringWidth(label, self.styles.bold_font, size) / self.scale / 2   # kept inside the drawing
            self._text(label, min(max(x, self.x0 + half), self.x1 - half), y + (side + size) / self.scale * 0.75,
                       size, "axis")

    @property
    def x1(self) -> float:
        return self.width / self.scale + self.x0

    # ----------------------------------------------------------------- what happened
    def _edge(self, place: str, toward: tuple[float, float]) -> tuple[float, float]:
        """Where a line from ``place`` toward a point leaves the place's outline."""
        ax, ay = self._anchor(place)
        dx, dy = toward[0] - ax, toward[1] - ay
        length = math.hypot(dx, dy) or 1.0
        if place == GROVE:
            t = min(self.grove_w / 2 / abs(dx) if dx else 1e9, self.grove_h / 2 / abs(dy) if dy else 1e9)
            return ax + dx * t, ay + dy * t
        return ax + dx / length * 0.56, ay + dy / length * 0.56

    def _move(self, start: str, end: str) -> None:
        """A dashed arrow from one place's edge to the other's."""
        canv, s = self.canv, self.scale
        a, b = self._anchor(start), self._anchor(end)
        (sx, sy), (ex, ey) = self._edge(start, b), self._edge(end, a)
        (ax, ay), (bx, by) = self._pt(sx, sy), self._pt(ex, ey)
        length = max(1e-6, math.hypot(bx - ax, by - ay))
        ux, uy = (bx - ax) / length, (by - ay) / length
        head = max(4.0, 0.1 * s)
        canv.saveState()
        colour = self.styles.colour("move")
        canv.setStrokeColor(colour)
        canv.setFillColor(colour)
        canv.setLineWidth(max(0.9, 0.03 * s))
        canv.setDash(4, 2.5)
        canv.line(ax, ay, bx - ux * head * 0.8, by - uy * head * 0.8)
        canv.setDash()
        arrowhead(canv, bx, by, ux, uy, head)
        canv.restoreState()

    def _marks(self, place: str, marks: list[tuple[str, str]]) -> None:
        """What happened at a place as labels in a row: at a circle beside its art (and its ring), on
        the side toward the middle of the drawing; in the Grove along the top of its box."""
        cx, cy = self._anchor(place)
        size = self._size(0.11)
        widths = [(stringWidth(text, self.styles.bold_font, size) + size * 0.9) / self.scale for text, _ in marks]
        total = sum(widths) + 0.04 * (len(widths) - 1)
        if place == GROVE:
            x, y = cx - total / 2, self.grove_h / 2 - 0.12
        else:
            toward = -1 if cx > 1e-6 else 1          # the side facing the middle (the top circle: its right)
            edge = cx + toward * (0.5 + self._label_gap())
            x = edge if toward > 0 else edge - total
            # a circle beside the Grove: its labels below the Grove's box
            y = max(cy, self.grove_h / 2 + 0.06 + size * 0.7 / self.scale) if cy > 1e-6 else cy
        for (text, role), w in zip(marks, widths):
            pill(self.canv, self.styles, *self._pt(x + w / 2, y), w * self.scale, size * 1.4, text, role, size)
            x += w + 0.04

    def _text(self, text: str, x: float, y: float, size: float, role: str) -> None:
        px, py = self._pt(x, y)
        self.canv.saveState()
        self.canv.setFont(self.styles.bold_font, size)
        self.canv.setFillColor(self.styles.colour(role))
        self.canv.drawCentredString(px, py - size * 0.35, text)
        self.canv.restoreState()



def legend_items(view: GroveView) -> list[tuple[str, str, str]]:
    """The legend of one table drawing: every mark it shows, and none it does not (``DRUID_SWATCHES``
    draws the druids' items)."""
    used = {PLAYERS[p] for cubes in view.cubes.values() for p, n in enumerate(cubes) if n}
    items = [item for player, item in ((PLAYERS[0], ("count-outlined", PLAYERS[0], "Light's cubes")),
                                       (PLAYERS[1], ("count", PLAYERS[1], "Dark's cubes"))) if player in used]
    items += [("circle", PLAYERS[h], f"controlled by {PLAYERS[h].title()}")
              for h in sorted({h for h in view.holder.values() if h is not None})]
    roles = {role for marks in view.marks.values() for _, role in marks}
    if "path" in roles:
        items.append(("pill", "path", "cubes laid"))
    if "cancel" in roles:
        items.append(("pill", "cancel", "canceled, stunned or sent home"))
    if view.moves:
        items.append(("dashed-arrow", "move", "moved"))   # drawn dashed, as the drawing draws a move
    return items + druid_items(_druids_shown(view))


def _druids_shown(view: GroveView) -> set[tuple[int, int]]:
    """(player, 1 if lying) for each kind of druid a drawing shows."""
    return {(p, flat) for rows in view.druids.values() for p, counts in enumerate(rows)
            for flat, n in enumerate(counts) if n}


def druid_items(shown: set[tuple[int, int]]) -> list[tuple[str, str, str]]:
    """One item for standing druids and one for lying ones (those ``shown``), each swatch drawing
    the players' druids shown in that state: two items, not four, keep a key to one row."""
    items = []
    for flat, state in enumerate(STATES):
        players = [PLAYERS[p] for p in (0, 1) if (p, flat) in shown]
        if players:
            items.append(("piece", f"{state}:{'+'.join(players)}", f"\u00d7n druids {state}"))
    return items


def key(views: list[GroveView], *more: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """One legend for a run of drawings: the marks of all of them (and ``more`` items), each once,
    the druids last."""
    items = merged(*more, *(legend_items(v) for v in views))
    shown = set().union(*(_druids_shown(v) for v in views))
    return [i for i in items if i[0] != "piece"] + druid_items(shown)


# ----------------------------------------------------------------- druids
STATES = ("standing", "lying")
ICON_W, ICON_W_LYING = 0.56, 1.05    # a figure's width, in its standing height


def druid_icon(canv: Any, styles: Styles, cx: float, cy: float, tall: float, role: str, lying: bool) -> None:
    """A druid in a box ``tall`` points high centred at (cx, cy): standing, a solid upright figure in
    the colour of player ``role``; lying, the figure flat on the box's floor, hollow (paper inside,
    edged in the colour), so the two differ by shape and tone, not only by angle, in greyscale too."""
    colour = styles.colour(role)
    canv.saveState()
    canv.setStrokeColor(colour if lying else styles.palette.get("ink"))
    canv.setFillColor(styles.palette.get("paper") if lying else colour)
    canv.setLineWidth(max(0.9, tall * 0.09) if lying else 0.5)
    foot = cy - tall / 2
    if lying:   # body along the floor, head at the right
        h = tall * 0.36
        w = tall * ICON_W_LYING
        canv.roundRect(cx - w / 2, foot, w - h, h, h * 0.45, stroke=1, fill=1)
        canv.circle(cx + w / 2 - h * 0.48, foot + h / 2, h * 0.45, stroke=1, fill=1)
    else:
        w = tall * ICON_W
        head = tall * 0.17
        path = canv.beginPath()
        path.moveTo(cx - w / 2, foot)
        path.lineTo(cx + w / 2, foot)
        path.lineTo(cx + w * 0.3, foot + tall * 0.62)
        path.curveTo(cx + w * 0.22, foot + tall * 0.68, cx - w * 0.22, foot + tall * 0.68, cx - w * 0.3, foot + tall * 0.62)
        path.close()
        canv.drawPath(path, stroke=1, fill=1)
        canv.circle(cx, foot + tall - head, head, stroke=1, fill=1)
    canv.restoreState()


def druid_swatches(styles: Styles) -> dict[str, Any]:
    """The legend's swatches of the druids, by the colour names ``druid_items`` gives them: the players'
    standing druids side by side, their lying ones one above the other, within about a swatch."""
    def swatch(roles: list[str], lying: bool) -> Any:
        def draw(canv: Any, cx: float, cy: float, side: float) -> None:
            n = len(roles)
            for k, role in enumerate(roles):
                if lying:   # flat bars stacked, the first on top, centred on the words (a bar lies at its box's foot)
                    tall = side * (1.0 if n == 1 else 0.85)
                    druid_icon(canv, styles, cx, cy + (n - 1 - 2 * k) * side * 0.26 + tall * 0.32, tall, role, True)
                else:
                    tall = side * (1.2 if n == 1 else 1.0)
                    step = tall * (ICON_W + 0.15)
                    druid_icon(canv, styles, cx + (k - (n - 1) / 2) * step, cy, tall, role, False)
        return draw
    choices = ([PLAYERS[0]], [PLAYERS[1]], list(PLAYERS))
    return {f"{state}:{'+'.join(roles)}": swatch(roles, bool(flat))
            for flat, state in enumerate(STATES) for roles in choices}


# ----------------------------------------------------------------- small boards
def small_board(view: GroveView, styles: Styles):
    """A plain drawing of the circles after a turn, for ``SmallBoards``: each circle a ring with its
    letter and its cubes as a count box, a thick ring in the holder's colour when held, and the
    view's marks (druids knocked down or sent home) as labels on the circle's outer side, the
    triangle moved aside when a label needs the room."""
    def draw(canv: Any, x: float, y: float, w: float, h: float, size: float) -> None:
        n = len(view.circles)
        r = min(w * 0.15, h * 0.22, 3.2 * size)
        spread = r * 1.25          # the circles close together, as a triangle
        angles = {name: math.radians(90 - k * 360 / n) for k, name in enumerate(view.circles)}
        labels = _small_labels(view, angles, styles.bold_font, size)
        cx0 = x + w / 2 + _shift_for(labels, angles, spread, r, size, w / 2 - 4)
        cy0 = y + h / 2 - spread * 0.25
        canv.saveState()
        canv.setStrokeColor(styles.palette.get("ink"))
        canv.setLineWidth(0.3)
        canv.roundRect(x + 2, y + 1, w - 4, h + size * 1.5, 3, stroke=1, fill=0)
        canv.restoreState()
        for name, angle in angles.items():   # the first circle on top, as the setup lays them
            px, py = cx0 + spread * math.cos(angle), cy0 + spread * math.sin(angle)
            holder = view.holder.get(name)
            canv.saveState()
            canv.setStrokeColor(styles.colour(PLAYERS[holder]) if holder is not None else styles.palette.get("ink"))
            canv.setLineWidth(2.2 if holder is not None else 0.5)
            canv.setFillColor(styles.palette.get("paper"))
            canv.circle(px, py, r, stroke=1, fill=1)
            canv.setFillColor(styles.palette.get("ink"))
            canv.setFont(styles.bold_font, size)
            canv.drawCentredString(px, py + r * 0.3, name)
            canv.restoreState()
            light, dark = view.cubes[name]
            if light or dark:
                count_box(canv, styles, px, py - r * 0.3, size * 1.6, str(light or dark),
                          PLAYERS[0] if light else PLAYERS[1], size, bool(light))
            for side, offset, width, text, role in labels.get(name, []):
                pill(canv, styles, px + side * (r + _GAP * size + offset + width / 2), py, width, size * 1.4,
                     text, role, size)
    return draw


_GAP = 0.4   # between a circle (with its ring) and its first label, in text sizes


def _small_labels(view: GroveView, angles: dict[str, float], font: str, size: float
                  ) -> dict[str, list[tuple[int, float, float, str, str]]]:
    """Each circle's marks as (side, offset from the first label, width, text, role): in a row on
    the side away from the middle (the top circle's right)."""
    out: dict[str, list[tuple[int, float, float, str, str]]] = {}
    for name, marks in view.marks.items():
        side = 1 if math.cos(angles[name]) > -1e-6 else -1
        offset = 0.0
        for text, role in marks:
            width = stringWidth(text, font, size) + size * 0.9
            out.setdefault(name, []).append((side, offset, width, text, role))
            offset += width + _GAP * size
    return out


def _shift_for(labels: dict[str, list[tuple[int, float, float, str, str]]], angles: dict[str, float],
               spread: float, r: float, size: float, half: float) -> float:
    """How far to move the triangle sideways (points, + to the right) so that every label ends
    within ``half`` of the cell's middle."""
    shift = 0.0
    for name, row in labels.items():
        for side, offset, width, *_ in row:
            reach = side * spread * math.cos(angles[name]) + r + _GAP * size + offset + width   # from the middle
            if reach > half:
                shift = min(shift, half - reach) if side > 0 else max(shift, reach - half)
    return shift


def small_legend(views: list[GroveView]) -> list[tuple[str, str, str]]:
    """The legend of small boards: the marks of each (cubes, holders, labels); they draw no druids."""
    return merged(*(legend_items(replace(view, druids={})) for view in views))
