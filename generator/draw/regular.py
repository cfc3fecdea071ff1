"""Regular polygons and stars by centre and radius, in template coordinates (y down), the first
corner straight up."""
from __future__ import annotations

import math

Point = tuple[float, float]


def star_points(cx: float, cy: float, r: float, count: int, inner: float | None = None) -> list[Point]:
    """``count`` corners round (cx, cy) at radius ``r``; with ``inner`` (a fraction of ``r``) a star,
    a corner at that radius between each two.

    >>> [(round(x, 6), round(y, 6)) for x, y in star_points(0, 0, 1, 4)]
    [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)]
    """
    steps = count if inner is None else 2 * count
    out = []
    for k in range(steps):
        radius = r if inner is None or k % 2 == 0 else r * inner
        angle = math.radians(-90 + 360 * k / steps)
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def arc_points(cx: float, cy: float, r: float, start: float, end: float) -> list[Point]:
    """Points along a circle from ``start`` to ``end`` (degrees counter-clockwise from the right, as
    seen on the page), at most 5 degrees apart."""
    steps = max(1, math.ceil(abs(end - start) / 5))
    return [(cx + r * math.cos(math.radians(start + (end - start) * k / steps)),
             cy - r * math.sin(math.radians(start + (end - start) * k / steps))) for k in range(steps + 1)]


def trace_points(path, ctx, points: list[Point], closed: bool = True) -> None:
    """Add a polygon (or an open line) through template ``points`` to a reportlab path."""
    path.moveTo(ctx.px(points[0][0]), ctx.py(points[0][1]))
    for x, y in points[1:]:
        path.lineTo(ctx.px(x), ctx.py(y))
    if closed:
        path.close()
