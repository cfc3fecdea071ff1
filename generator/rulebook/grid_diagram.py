"""A grid of squares or hexes with pieces, labels and arrows, drawn as the book draws its figures:
the pieces as the sheets print them (``PieceFaces``, text under the figures' smallest size left
out), labels in pills at that size or over, arrows for a move (dashed), a push (solid) and a
choice (dotted), and the legend's items for every mark it draws (``legend_items``, ``swatches``).
A label too wide for its cell is set beside the grid, joined to its cell by a leader line where a
straight one crosses no other cell and no other leader; where it would, the cell shows a numbered
marker instead and the label beside the grid carries the same number (``asides``).
What to draw comes from ``diagrams``; where, from ``grids``."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from generator.model.layouts import Template
from generator.rulebook.drawing import arrowhead, pill
from generator.rulebook.faces import PieceFaces
from generator.rulebook.grids import GridShape, inside_length, segments_cross
from generator.rulebook.legend import LegendItem, merged
from generator.rulebook.legible import ink_on, rgb
from generator.rulebook.styles import Styles

# an arrow's kind -> (its legend swatch, its colour role, its dash)
ARROWS: dict[str, tuple[str, str, tuple[float, float] | None]] = {
    "move": ("dashed-arrow", "move", (4, 2.5)), "push": ("arrow", "path", None),
    "choice": ("dotted-arrow", "axis", (1.2, 2.2))}
LABEL_ROLE = "axis"     # a label's pill is edged in this role's colour
LABEL_SPAN = 1.5        # the widest a label's pill may be, in cells
LABEL_DROP = 0.28       # a label under a cell's pieces: its centre this share of the cell's height below the cell's
LABEL_INSET = 0.05      # a label inside its cell keeps this share of the cell's width clear of each side
LEADER_GAP = 4.0        # points between the grid and a label set beside it, and between two such labels
FANNED = 0.35           # each further piece of a stack shows this share of its width
CELL_TINT = 0.5         # the cells' fill: this share of the parchment colour, the rest paper (light, to save ink)
SMALLEST_CELL = 3.4     # the least height of a cell, in the figures' smallest text sizes: a piece and a label
CROSSING = 0.5          # points of a leader inside another cell that count as crossing it


@dataclass(frozen=True)
class DrawnPiece:
    """One piece as diagrams draw it: its printed face (or a ``window`` of it, in points), drawn
    ``size`` of a cell tall, ``says`` in the legend."""
    name: str
    component: str
    template: Template
    values: dict
    window: tuple[float, float, float, float] | None
    size: float
    says: str

    @property
    def shown(self) -> tuple[float, float, float, float]:
        """The part of the face shown: x, y, w, h in points."""
        return self.window or (0.0, 0.0, *self.template.size)

    @property
    def aspect(self) -> float:
        _, _, w, h = self.shown
        return w / h


@dataclass(frozen=True)
class Placed:
    cell: str
    pieces: list[DrawnPiece]


@dataclass(frozen=True)
class Aside:
    """A label set beside the grid: its cell, its height (points), and its leader line from the
    cell (start, end), or the number its cell and it both show instead (``marker``)."""
    cell: str
    text: str
    y: float
    leader: tuple[tuple[float, float], tuple[float, float]] | None
    marker: str = ""


@dataclass(frozen=True)
class ArrowMark:
    start: str
    end: str
    kind: str
    says: str


class GridDiagram(Flowable):
    """The grid ``shape`` as wide as ``width`` allows, a cell never wider than ``widest_cell``
    points; its text never under the style sheet's ``min_text``."""

    min_scale = 1.0   # its text is at the smallest size already: a page must not shrink it

    def __init__(self, shape: GridShape, placed: list[Placed], labels: dict[str, str], arrows: list[ArrowMark],
                 faces: PieceFaces, styles: Styles, width: float, widest_cell: float, coordinates: bool = False):
        super().__init__()
        self.shape, self.placed, self.labels, self.arrows = shape, placed, labels, arrows
        self.faces, self.styles, self.coordinates = faces, styles, coordinates
        self.min_text = styles.sheet.figures.min_text
        self.band = 1.8 * self.min_text if coordinates else 0.0   # room for column letters and row numbers
        units_w, units_h = shape.size
        self.pad = 1.0   # the cells' strokes stay inside the drawing
        self.aside: list[str] = []   # the labelled cells whose label does not fit inside: set beside the grid
        self.asides: list[Aside] = []
        self.margin = 0.0            # the room beside the grid those labels take, in points
        for _ in range(4):   # a margin makes the cells smaller, which may set another label beside them
            self.unit = min(widest_cell, (width - self.band - 2 - self.margin) / units_w)   # points per unit
            self.height = self.band + units_h * self.unit + 2 * self.pad
            self.aside = [cell for cell, text in labels.items() if not self._fits_inside(cell, text)]
            self.asides = self._asides()
            margin = (LEADER_GAP + max(self._aside_width(a) for a in self.asides)) if self.asides else 0.0
            if margin <= self.margin:
                break
            self.margin = margin
        self.width = self.band + units_w * self.unit + 2 * self.pad + self.margin
        self.hAlign = "CENTER"

    # ----------------------------------------------------------------- measures
    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _size(self, share: float) -> float:
        """A text size: ``share`` of a cell's height, never below ``min_text``."""
        return max(self.min_text, share * self.shape.across[1] * self.unit)

    def label_size(self) -> float:
        return self._size(0.16)

    def _label_width(self, text: str) -> float:
        size = self.label_size()
        return stringWidth(text, self.styles.bold_font, size) + size * 0.9

    def label_fits(self, text: str) -> bool:
        return self._label_width(text) <= LABEL_SPAN * self.shape.across[0] * self.unit

    def _label_drop(self, cell: str) -> float:
        """How far below its cell's centre a label's centre sits, in points: under the pieces, or in
        an empty cell just under its middle (where an arrow ends)."""
        cell_h = self.shape.across[1] * self.unit
        if any(placed.cell == cell and placed.pieces for placed in self.placed):
            return LABEL_DROP * cell_h
        return self.label_size() * 1.35 / 2 + 0.06 * cell_h

    def _room(self, below: float) -> float:
        """A cell's width ``below`` points under (or over) its centre, in points."""
        cell_w, cell_h = (v * self.unit for v in self.shape.across)
        y = abs(below) / self.unit   # in units
        if self.shape.shape == "square":
            return cell_w if y <= 0.5 else 0.0
        if self.shape.orientation == "flat":   # 1 unit across the corners at the middle, half that at a face
            return max(0.0, cell_w * (1 - y / self.shape.across[1]))
        return cell_w if y <= 0.25 else max(0.0, cell_w * (0.5 - y) / 0.25)   # pointy: straight sides, then a point

    def _fits_inside(self, cell: str, text: str) -> bool:
        """Whether the label's pill lies inside its cell, clear of the cell's sides."""
        half = self.label_size() * 1.35 / 2
        edge = self._label_drop(cell) + half   # the pill's lower edge, the cell's narrowest part it covers
        return self._label_width(text) <= self._room(edge) - 2 * LABEL_INSET * self.shape.across[0] * self.unit

    def too_small(self) -> bool:
        return self.shape.across[1] * self.unit < SMALLEST_CELL * self.min_text

    def _pt(self, x: float, y: float) -> tuple[float, float]:
        """Grid units (y down) to the drawing's points (y up)."""
        return self.pad + self.band + x * self.unit, self.height - self.pad - self.band - y * self.unit

    def centre(self, cell: str) -> tuple[float, float]:
        """A cell's centre in the drawing's points."""
        column, row = self.shape.cell(cell)   # type: ignore[misc]  (checked by ``diagrams``)
        return self._pt(*self.shape.centre(column, row))

    # ----------------------------------------------------------------- drawing
    def draw(self) -> None:
        for name in self.shape.names():
            self._cell(name)
        if self.coordinates:
            self._coordinates()
        for placed in self.placed:
            self._pieces(placed)
        for arrow in self.arrows:
            self._arrow(arrow)
        self._labels()

    def _cell(self, name: str) -> None:
        canv = self.canv
        column, row = self.shape.cell(name)   # type: ignore[misc]
        points = [self._pt(x, y) for x, y in self.shape.corners(column, row)]
        path = canv.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        path.close()
        canv.saveState()
        canv.setFillColor(self._cell_fill())
        canv.setStrokeColor(self.styles.colour("axis"))
        canv.setLineWidth(0.7)
        canv.setLineJoin(1)
        canv.drawPath(path, stroke=1, fill=1)
        canv.restoreState()

    def _cell_fill(self) -> Color:
        tint, paper = rgb(self.styles.palette.get("parchment")), rgb(self.styles.palette.get("paper"))
        return Color(*(CELL_TINT * t + (1 - CELL_TINT) * p for t, p in zip(tint, paper)))

    def _coordinates(self) -> None:
        canv, size = self.canv, self.min_text
        canv.saveState()
        canv.setFont(self.styles.bold_font, size)
        canv.setFillColor(ink_on(self.styles.palette.get("paper"), self.styles.colour("axis"),
                                 self.styles.palette.get("ink")))
        top = self.height - self.pad - self.band * 0.5 - size * 0.35
        for column in range(self.shape.columns):
            x, _ = self._pt(*self.shape.centre(column, 0))
            canv.drawCentredString(x, top, chr(97 + column))
        for row in range(self.shape.rows):
            _, y = self._pt(*self.shape.centre(0, row))
            canv.drawCentredString(self.pad + self.band * 0.45, y - size * 0.35, str(row + 1))
        canv.restoreState()

    def _stacks(self, pieces: list[DrawnPiece]) -> list[tuple[DrawnPiece, int]]:
        """Pieces in a row of stacks: the same piece listed in a row is one fanned stack."""
        out: list[tuple[DrawnPiece, int]] = []
        for piece in pieces:
            if out and out[-1][0] is piece:
                out[-1] = (piece, out[-1][1] + 1)
            else:
                out.append((piece, 1))
        return out

    def _pieces(self, placed: Placed) -> None:
        """The cell's pieces side by side, centred (above its label, if it has one); or, when that
        would shrink them more, the first stack above the others (a figure standing over its tokens).
        They shrink together when they would not fit the cell's middle."""
        cell_w, cell_h = (v * self.unit for v in self.shape.across)
        stacks = self._stacks(placed.pieces)
        marked = {aside.cell for aside in self.asides if aside.marker}
        labelled = placed.cell in self.labels and (placed.cell not in self.aside or placed.cell in marked)
        room_w = (0.8 if self.shape.shape == "square" else 0.64) * cell_w   # a hex narrows above and below its middle
        room_h = (0.62 if labelled else 0.88) * cell_h
        rows = min(([stacks], [stacks[:1], stacks[1:]]) if len(stacks) > 1 else ([stacks],),
                   key=lambda split: -self._fit(split, cell_w, cell_h, room_w, room_h))
        scale = self._fit(rows, cell_w, cell_h, room_w, room_h)
        gap = 0.04 * cell_w * scale
        cx, cy = self.centre(placed.cell)
        tall = [max(piece.size for piece, _ in row) * cell_h * scale for row in rows]
        top = cy + (sum(tall) + gap * (len(rows) - 1)) / 2 + (0.12 * cell_h if labelled else 0.0)
        for row, height in zip(rows, tall):
            widths = [self._stack_width(piece, n, cell_h) * scale for piece, n in row]
            x = cx - (sum(widths) + gap * (len(row) - 1)) / 2
            for (piece, count), w in zip(row, widths):
                h = piece.size * cell_h * scale
                for k in range(count):
                    self.paint(piece, x + k * FANNED * h * piece.aspect, top - (height - h) / 2, h)
                x += w + gap
            top -= height + gap

    @staticmethod
    def _stack_width(piece: DrawnPiece, count: int, cell_h: float) -> float:
        return piece.size * cell_h * piece.aspect * (1 + FANNED * (count - 1))

    def _fit(self, rows: list[list[tuple[DrawnPiece, int]]], cell_w: float, cell_h: float, room_w: float,
             room_h: float) -> float:
        """The scale (1 at most) at which ``rows`` of stacks fit ``room_w`` by ``room_h`` points."""
        gap = 0.04 * cell_w
        wide = max(sum(self._stack_width(p, n, cell_h) for p, n in row) + gap * (len(row) - 1) for row in rows)
        tall = sum(max(p.size for p, _ in row) * cell_h for row in rows) + gap * (len(rows) - 1)
        return min(1.0, room_w / wide, room_h / tall)

    def paint(self, piece: DrawnPiece, x: float, top: float, height: float, canv: Any = None) -> None:
        """``piece`` as printed (the part of its face it shows), its top-left corner at (x, top)
        points, ``height`` points tall, edged in ink."""
        canv = canv or self.canv
        wx, wy, ww, wh = piece.shown
        scale = height / wh
        canv.saveState()
        clip = canv.beginPath()
        round_face = piece.template.shape == "round" and piece.window is None
        if round_face:
            clip.circle(x + ww * scale / 2, top - height / 2, height / 2)
        else:
            clip.rect(x, top - height, ww * scale, height)
        canv.clipPath(clip, stroke=0, fill=0)
        self.faces.draw(canv, piece.template, piece.values, x - wx * scale, top + wy * scale,
                        piece.template.size[1] * scale)
        canv.restoreState()
        canv.saveState()
        canv.setStrokeColor(self.styles.palette.get("ink"))
        canv.setLineWidth(0.5)
        if round_face:
            canv.circle(x + ww * scale / 2, top - height / 2, height / 2, stroke=1, fill=0)
        else:
            canv.rect(x, top - height, ww * scale, height, stroke=1, fill=0)
        canv.restoreState()

    def _arrow(self, arrow: ArrowMark) -> None:
        """From the start cell's edge, clear of its pieces, to the end cell's middle (short of it
        when pieces stand there)."""
        canv = self.canv
        (x1, y1), (x2, y2) = self.centre(arrow.start), self.centre(arrow.end)
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        cell_h = self.shape.across[1] * self.unit
        occupied = {placed.cell for placed in self.placed if placed.pieces}
        inset = (0.44 if arrow.start in occupied else 0.15) * cell_h
        end_inset = (0.36 if arrow.end in occupied else 0.0) * cell_h   # an empty cell: to its centre
        head = max(4.5, 0.13 * self.unit)
        _, role, dash = ARROWS[arrow.kind]
        colour = self.styles.colour(role)
        tip_x, tip_y = x2 - ux * end_inset, y2 - uy * end_inset
        canv.saveState()
        canv.setStrokeColor(colour)
        canv.setFillColor(colour)
        canv.setLineWidth(max(1.0, 0.035 * self.unit) * (0.8 if arrow.kind == "choice" else 1.0))
        canv.setLineCap(1)
        if dash:
            canv.setDash(*dash)
        canv.line(x1 + ux * inset, y1 + uy * inset, tip_x - ux * head * 0.8, tip_y - uy * head * 0.8)
        canv.setDash()
        arrowhead(canv, tip_x, tip_y, ux, uy, head)
        canv.restoreState()

    def _aside_left(self) -> float:
        """Where the labels beside the grid start, in points."""
        return self.pad + self.band + self.shape.size[0] * self.unit + LEADER_GAP

    def _aside_width(self, aside: Aside) -> float:
        marker = self._label_width(aside.marker) + LEADER_GAP if aside.marker else 0.0
        return marker + self._label_width(aside.text)

    def polygon(self, cell: str) -> list[tuple[float, float]]:
        """A cell's outline in the drawing's points."""
        column, row = self.shape.cell(cell)   # type: ignore[misc]
        return [self._pt(x, y) for x, y in self.shape.corners(column, row)]

    def _asides(self) -> list[Aside]:
        """The labels of ``aside``, from the top down, each at its cell's height (lower when another
        label is there): with a leader where a straight one from the cell crosses no other cell and
        no leader before it, else with a numbered marker."""
        step = self.label_size() * 1.35 + LEADER_GAP / 2
        left, lowest = self._aside_left(), self.height
        out: list[Aside] = []
        drawn: list[tuple[tuple[float, float], tuple[float, float]]] = []
        markers = 0
        for cell in sorted(self.aside, key=lambda c: -self.centre(c)[1]):
            cx, cy = self.centre(cell)
            y = lowest = min(cy, lowest - step)
            leader = ((cx, cy - self._label_drop(cell) * 0.5), (left, y))
            crossed = any(inside_length(*leader, self.polygon(other)) > CROSSING
                          for other in self.shape.names() if other != cell)
            if crossed or any(segments_cross(*leader, *before) for before in drawn):
                markers += 1
                out.append(Aside(cell, self.labels[cell], y, None, str(markers)))
            else:
                drawn.append(leader)
                out.append(Aside(cell, self.labels[cell], y, leader))
        return out

    def _labels(self) -> None:
        """Each label in its cell, under the cell's pieces; one too wide for that, beside the grid
        (``asides``), with its leader line or its marker, the marker in the cell too."""
        size, canv = self.label_size(), self.canv
        for cell, text in self.labels.items():
            if cell not in self.aside:
                cx, cy = self.centre(cell)
                pill(canv, self.styles, cx, cy - self._label_drop(cell), self._label_width(text), size * 1.35,
                     text, LABEL_ROLE, size)
        left = self._aside_left()
        for aside in self.asides:
            x = left
            if aside.leader:
                canv.saveState()
                canv.setStrokeColor(self.styles.colour(LABEL_ROLE))
                canv.setLineWidth(0.6)
                canv.line(*aside.leader[0], *aside.leader[1])
                canv.restoreState()
            else:
                marker = self._label_width(aside.marker)
                cx, cy = self.centre(aside.cell)
                for px, py in ((cx, cy - self._label_drop(aside.cell)), (x + marker / 2, aside.y)):
                    pill(canv, self.styles, px, py, marker, size * 1.35, aside.marker, LABEL_ROLE, size)
                x += marker + LEADER_GAP
            width = self._label_width(aside.text)
            pill(canv, self.styles, x + width / 2, aside.y, width, size * 1.35, aside.text, LABEL_ROLE, size)

    # ----------------------------------------------------------------- legend
    def legend_items(self) -> list[LegendItem]:
        """Every piece drawn (by the words its data gives) and every kind of arrow, each once."""
        pieces = [("piece", p.name, p.says) for placed in self.placed for p in placed.pieces]
        arrows = [(ARROWS[a.kind][0], ARROWS[a.kind][1], a.says) for a in self.arrows]
        return merged(pieces, arrows)

    def swatches(self) -> dict[str, Callable[[Any, float, float, float], None]]:
        """The legend's swatch of each piece: the piece as drawn, ``side`` points tall (a wide one narrower)."""
        def swatch(piece: DrawnPiece) -> Callable[[Any, float, float, float], None]:
            def paint(canv: Any, cx: float, cy: float, side: float) -> None:
                height = min(side * 1.2, 2 * side / piece.aspect)
                width = height * piece.aspect
                self.paint(piece, cx - width / 2, cy + height / 2, height, canv)
            return paint
        return {p.name: swatch(p) for placed in self.placed for p in placed.pieces}
