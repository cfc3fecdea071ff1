"""The geometry of a drawn grid of squares or hexes, in units of one cell, y down.

Cells are named as the books name places: a column letter (a, b ... from the left) and a row
number (1, 2 ... from the top), so ``c2`` is the third column's second cell. A square grid's cell
is 1 unit square. A hex grid's hex is 1 unit across its corners; ``flat`` hexes stand in columns,
each odd column (b, d ...) half a hex lower than its neighbours; ``pointy`` hexes lie in rows, each
even row (2, 4 ...) half a hex to the right. Neighbouring hexes share a whole flat face.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

Point = tuple[float, float]
SQRT3_2 = math.sqrt(3) / 2
CELL_NAME = re.compile(r"([a-z])([1-9][0-9]?)")


@dataclass(frozen=True)
class GridShape:
    shape: Literal["square", "hex"]
    columns: int
    rows: int
    orientation: Literal["flat", "pointy"] = "flat"   # hexes only

    def cell(self, name: str) -> tuple[int, int] | None:
        """(column, row) counted from 0 of a cell's name, None for a name not on this grid."""
        found = CELL_NAME.fullmatch(str(name))
        if found is None:
            return None
        column, row = ord(found.group(1)) - ord("a"), int(found.group(2)) - 1
        return (column, row) if column < self.columns and row < self.rows else None

    def names(self) -> list[str]:
        """Every cell, row by row."""
        return [f"{chr(97 + c)}{r + 1}" for r in range(self.rows) for c in range(self.columns)]

    @property
    def size(self) -> Point:
        """The grid's width and height, in units."""
        if self.shape == "square":
            return float(self.columns), float(self.rows)
        if self.orientation == "flat":
            return 0.75 * (self.columns - 1) + 1, SQRT3_2 * (self.rows + (0.5 if self.columns > 1 else 0))
        return SQRT3_2 * (self.columns + (0.5 if self.rows > 1 else 0)), 0.75 * (self.rows - 1) + 1

    @property
    def across(self) -> Point:
        """A cell's width and height, in units (a hex: across its faces one way, its corners the other)."""
        if self.shape == "square":
            return 1.0, 1.0
        return (1.0, SQRT3_2) if self.orientation == "flat" else (SQRT3_2, 1.0)

    def centre(self, column: int, row: int) -> Point:
        if self.shape == "square":
            return column + 0.5, row + 0.5
        if self.orientation == "flat":
            return 0.5 + 0.75 * column, SQRT3_2 * (row + 0.5 + (0.5 if column % 2 else 0))
        return SQRT3_2 * (column + 0.5 + (0.5 if row % 2 else 0)), 0.5 + 0.75 * row

    def corners(self, column: int, row: int) -> list[Point]:
        """The cell's outline, corner by corner."""
        x, y = self.centre(column, row)
        if self.shape == "square":
            return [(x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5)]
        start = 0 if self.orientation == "flat" else 30
        return [(x + 0.5 * math.cos(math.radians(start + 60 * k)), y + 0.5 * math.sin(math.radians(start + 60 * k)))
                for k in range(6)]


def inside_length(a: Point, b: Point, polygon: list[Point]) -> float:
    """How long a stretch of the segment from ``a`` to ``b`` runs inside the convex ``polygon``
    (its corners in order, either way round): 0 for a segment that misses it or runs along its edge."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    turn = 1.0 if _area2(polygon) > 0 else -1.0
    low, high = 0.0, 1.0
    for (px, py), (qx, qy) in zip(polygon, polygon[1:] + polygon[:1]):
        nx, ny = -(qy - py) * turn, (qx - px) * turn       # the edge's inward normal
        start = nx * (ax - px) + ny * (ay - py)            # > 0: a is on the inner side
        along = nx * dx + ny * dy
        if abs(along) < 1e-12:
            if start <= 1e-9:
                return 0.0                                 # parallel, on or outside this edge
            continue
        t = -start / along
        if along > 0:
            low = max(low, t)
        else:
            high = min(high, t)
    return max(0.0, high - low) * math.hypot(dx, dy)


def _area2(polygon: list[Point]) -> float:
    return sum(px * qy - qx * py for (px, py), (qx, qy) in zip(polygon, polygon[1:] + polygon[:1]))


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the segments a-b and c-d cross (touching at an end does not count)."""
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0
