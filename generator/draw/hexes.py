"""Hexagon geometry in template points with y down; r is centre to corner. Neighbouring hexes share a
whole flat face: their centres lie sqrt(3) * r apart, across that face."""
from __future__ import annotations

import math


def _hex_offset(orientation: str) -> float:
    return 0.0 if orientation == "flat" else 30.0


def hex_corners(x: float, y: float, r: float, orientation: str) -> list[tuple[float, float]]:
    a0 = _hex_offset(orientation)
    return [(x + r * math.cos(math.radians(a0 + 60 * k)), y + r * math.sin(math.radians(a0 + 60 * k)))
            for k in range(6)]


def hex_cluster_centres(cx: float, cy: float, r: float, rings: int, orientation: str) -> list[tuple[float, float]]:
    """The centre hex first, then ring after ring (each ring in order round the centre).

    >>> len(hex_cluster_centres(0, 0, 10, 1, "flat")), len(hex_cluster_centres(0, 0, 10, 2, "flat"))
    (7, 19)
    """
    step = math.sqrt(3) * r
    a0 = _hex_offset(orientation) + 30  # neighbours lie across the faces, between two corners
    dirs = [(math.cos(math.radians(a0 + 60 * k)), math.sin(math.radians(a0 + 60 * k))) for k in range(6)]
    out = [(cx, cy)]
    for ring in range(1, rings + 1):
        x, y = cx + dirs[4][0] * step * ring, cy + dirs[4][1] * step * ring
        for side in range(6):
            for _ in range(ring):
                out.append((x, y))
                x, y = x + dirs[side][0] * step, y + dirs[side][1] * step
    return out


def hex_outer_boundary(centres: list[tuple[float, float]], r: float, orientation: str) -> list[tuple[float, float]]:
    """The cluster's outer edge as one closed polygon (corners in order)."""
    def key(p: tuple[float, float]) -> tuple[int, int]:
        return round(p[0] * 1000), round(p[1] * 1000)

    edges: dict[tuple, tuple] = {}
    count: dict[frozenset, int] = {}
    for x, y in centres:
        pts = hex_corners(x, y, r, orientation)
        for k in range(6):
            a, b = pts[k], pts[(k + 1) % 6]
            count[frozenset((key(a), key(b)))] = count.get(frozenset((key(a), key(b))), 0) + 1
            edges[(key(a), key(b))] = (a, b)
    outer = {ka: (a, b) for (ka, kb), (a, b) in edges.items() if count[frozenset((ka, kb))] == 1}
    start = min(outer)
    ring, at = [], start
    while True:
        a, b = outer[at]
        ring.append(a)
        at = key(b)
        if at == start or len(ring) > len(outer):
            return ring
