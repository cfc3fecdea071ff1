"""Grid geometry, computed once per grid size: square names, lines and every shortest path.

Cells are numbered row by row from the top-left (0) to the bottom-right (n*n - 1). A square's
name is its column letter and row number, row 1 on top: on a 4x4 grid ``a1`` is cell 0 and
``d4`` is cell 15.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

PathInts = tuple[int, ...]
PathNames = tuple[str, ...]


class Geometry(NamedTuple):
    """Precomputed facts of an n x n grid."""

    size: int
    names: tuple[str, ...]
    index: dict[str, int]  # type: ignore[assignment]  # square name -> cell (a field named like tuple.index)
    lines: tuple[tuple[int, ...], ...]          # rows top to bottom, then columns left to right
    line_masks: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]
    # paths[a][b]: every shortest orthogonal path from a to b, as (cells, names)
    paths: tuple[tuple[tuple[tuple[PathInts, PathNames], ...], ...], ...]
    path_of: dict[PathNames, PathInts]           # every shortest path by its names
    # toward[b][a]: neighbours of a one step closer to b
    toward: tuple[tuple[tuple[int, ...], ...], ...]
    # order_from[b]: cells sorted by distance to b, nearest first
    order_from: tuple[tuple[int, ...], ...]


def square_name(row: int, col: int) -> str:
    return f"{chr(97 + col)}{row + 1}"


def _all_paths(n: int, a: int, b: int) -> list[PathInts]:
    ar, ac = divmod(a, n)
    br, bc = divmod(b, n)
    dr = (br > ar) - (br < ar)
    dc = (bc > ac) - (bc < ac)
    out: list[PathInts] = []

    def walk(r: int, c: int, acc: list[int]) -> None:
        acc.append(r * n + c)
        if r == br and c == bc:
            out.append(tuple(acc))
        else:
            if r != br:
                walk(r + dr, c, acc)
            if c != bc:
                walk(r, c + dc, acc)
        acc.pop()

    walk(ar, ac, [])
    return out


@lru_cache(maxsize=None)
def geometry(n: int) -> Geometry:
    """The geometry of an n x n grid (cached)."""
    if not 1 <= n <= 9:
        raise ValueError(f"grid size must be 1 to 9, got {n}")
    cells = n * n
    names = tuple(square_name(*divmod(i, n)) for i in range(cells))
    index = {name: i for i, name in enumerate(names)}
    lines = tuple(tuple(r * n + c for c in range(n)) for r in range(n)) + tuple(
        tuple(r * n + c for r in range(n)) for c in range(n))
    line_masks = tuple(sum(1 << i for i in line) for line in lines)
    neighbours = []
    for i in range(cells):
        r, c = divmod(i, n)
        nb = [(r + dr) * n + (c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
              if 0 <= r + dr < n and 0 <= c + dc < n]
        neighbours.append(tuple(nb))
    dist = tuple(tuple(abs(a // n - b // n) + abs(a % n - b % n) for b in range(cells))
                 for a in range(cells))
    paths = []
    path_of: dict[PathNames, PathInts] = {}
    for a in range(cells):
        row = []
        for b in range(cells):
            entries = []
            if a != b:
                for p in _all_paths(n, a, b):
                    pn = tuple(names[i] for i in p)
                    entries.append((p, pn))
                    path_of[pn] = p
            row.append(tuple(entries))
        paths.append(tuple(row))
    toward = tuple(tuple(tuple(m for m in neighbours[a] if dist[m][b] < dist[a][b])
                         for a in range(cells)) for b in range(cells))
    order_from = tuple(tuple(sorted(range(cells), key=lambda a: (dist[a][b], a)))
                       for b in range(cells))
    return Geometry(n, names, index, lines, line_masks, tuple(neighbours), dist, tuple(paths),
                    path_of, toward, order_from)
