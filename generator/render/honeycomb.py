"""Hexagonal pieces with shared cuts, packed edge to edge as a honeycomb: flat-topped hexes in
columns offset by half a hex, pointy-topped ones in rows offset likewise (the orientation of their
cut line). Each face is clipped to its hexagon, grown by the bleed where no neighbour touches it, so
neighbours never overprint one another and the cluster's outer edge has bleed; every edge is cut once.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.render.cut_lines import hex_radius, hex_trim

Box = tuple[float, float]  # (x, top): the top-left corner of a piece's trim box on the page
Segment = tuple[tuple[float, float], tuple[float, float]]


def is_honeycomb(template) -> bool:
    return template.shape == "hex" and template.shared_cuts


@dataclass(frozen=True)
class Honeycomb:
    """The packing of one hex size: r is the hexagon's centre-to-corner radius."""

    r: float
    flat: bool

    @classmethod
    def of(cls, size: tuple[float, float]) -> Honeycomb:
        return cls(*hex_radius(*size))

    @property
    def across(self) -> float:
        """Flat side to flat side: also the distance between two neighbours' centres."""
        return math.sqrt(3) * self.r

    def _steps(self) -> tuple[float, float, float, float]:
        """(step x, step y, hexagon width, hexagon height)."""
        if self.flat:
            return 1.5 * self.r, self.across, 2 * self.r, self.across
        return self.across, 1.5 * self.r, self.across, 2 * self.r

    def _offset(self) -> tuple[float, float]:
        """How much wider and taller the half-hex offset of every other column (row) makes the cluster."""
        return (0.0, self.across / 2) if self.flat else (self.across / 2, 0.0)

    def span(self, cols: int, rows: int) -> tuple[float, float]:
        """Width and height of the trim of a cluster of cols x rows hexes."""
        sx, sy, hw, hh = self._steps()
        ox, oy = self._offset()
        return hw + (cols - 1) * sx + ox, hh + (rows - 1) * sy + oy

    def fit(self, width: float, height: float) -> tuple[int, int]:
        """The most columns and rows whose cluster fits in width x height."""
        sx, sy, hw, hh = self._steps()
        ox, oy = self._offset()
        return (max(0, math.floor((width - hw - ox) / sx) + 1 if width >= hw + ox else 0),
                max(0, math.floor((height - hh - oy) / sy) + 1 if height >= hh + oy else 0))

    def centre(self, col: int, row: int, left: float, top: float) -> tuple[float, float]:
        """Page centre of the hex at (col, row) of a cluster whose trim starts at (left, top)."""
        sx, sy, hw, hh = self._steps()
        cx = left + hw / 2 + col * sx + (0 if self.flat else (row % 2) * self.across / 2)
        cy = top - hh / 2 - row * sy - ((col % 2) * self.across / 2 if self.flat else 0)
        return cx, cy


def _centre(box: Box, size: tuple[float, float]) -> tuple[float, float]:
    return box[0] + size[0] / 2, box[1] - size[1] / 2


@contextmanager
def hex_cell(c: Canvas, size: tuple[float, float], bleed: float, box: Box, boxes: list[Box]):
    """Clip what is drawn inside to the piece's hexagon grown by the bleed, minus its neighbours in boxes."""
    w, h = size
    cx, cy = _centre(box, size)
    reach = 1.2 * Honeycomb.of(size).across  # neighbours are one `across` apart, the next ones 1.73 times that
    c.saveState()
    c.clipPath(_polygon(c, [hex_trim(cx, cy, w + 2 * bleed, h + 2 * bleed)]), stroke=0, fill=0)
    neighbours = [hex_trim(*centre, w, h) for centre in (_centre(b, size) for b in boxes)
                  if 0 < math.dist(centre, (cx, cy)) < reach]
    if neighbours:  # even-odd: a rectangle around the cell with the neighbours' hexagons cut out of it
        outside = [[(cx - w, cy - h), (cx + w, cy - h), (cx + w, cy + h), (cx - w, cy + h)]]
        c.clipPath(_polygon(c, outside + neighbours), stroke=0, fill=0, fillMode=1)
    try:
        yield
    finally:
        c.restoreState()


def _polygon(c: Canvas, rings: list[list[tuple[float, float]]]):
    path = c.beginPath()
    for ring in rings:
        path.moveTo(*ring[0])
        for point in ring[1:]:
            path.lineTo(*point)
        path.close()
    return path


def shared_edges(size: tuple[float, float], boxes: list[Box]) -> list[Segment]:
    """Every edge of the hexagons once: an edge two neighbours share is one cut. Edges are told
    apart by their midpoints, on a 1 pt grid (distinct edges' midpoints lie far further apart)."""
    seen: set[tuple[int, int]] = set()
    edges = []
    for box in boxes:
        corners = hex_trim(*_centre(box, size), *size)
        for a, b in zip(corners, corners[1:] + corners[:1]):
            mx, my = round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2)
            if not any((mx + dx, my + dy) in seen for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                seen.add((mx, my))
                edges.append((a, b))
    return edges
