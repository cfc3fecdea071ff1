"""Where a drawn element puts ink: points on the outline of its marks (in the template's points, y down,
stroke widths included), turned and moved to each copy, and how far they reach past the safe zone."""
from __future__ import annotations

import math

Point = tuple[float, float]
_SAMPLES = 24  # points round a circle: enough to tell 0.1 mm on a token


def circle_points(cx: float, cy: float, r: float) -> list[Point]:
    return [(cx + r * math.cos(2 * math.pi * k / _SAMPLES), cy + r * math.sin(2 * math.pi * k / _SAMPLES))
            for k in range(_SAMPLES)]


def box_points(x: float, y: float, w: float, h: float, pad: float = 0) -> list[Point]:
    return [(x - pad, y - pad), (x + w + pad, y - pad), (x + w + pad, y + h + pad), (x - pad, y + h + pad)]


def padded(points: list[Point], pad: float) -> list[Point]:
    """Each corner grown by half a stroke in every direction (a little generous on a slant)."""
    if not pad:
        return points
    return [(x + dx, y + dy) for x, y in points for dx, dy in ((pad, 0), (-pad, 0), (0, pad), (0, -pad))]


def half_stroke(el) -> float:
    return el.stroke_width / 2 if getattr(el, "stroke", None) else 0.0


def middle(points: list[Point]) -> Point:
    """The centre of the box round ``points``."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def turned_and_copied(points: list[Point], degrees: float, centre: Point, offsets: list[Point]) -> list[Point]:
    """Points turned by ``degrees`` (clockwise on the page) about ``centre`` and moved to every copy."""
    if degrees:
        cx, cy = centre
        a = math.radians(degrees)
        points = [(cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a),
                   cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a)) for x, y in points]
    return [(x + dx, y + dy) for dx, dy in offsets for x, y in points]


def beyond_safe_zone(points: list[Point], size: tuple[float, float], shape: str, margin: float) -> float:
    """How far (points) the farthest point lies outside the safe zone; 0 when all are inside."""
    if not points:
        return 0.0
    w, h = size
    if shape in ("round", "hex"):  # the safe zone is the inscribed circle, less the margin
        radius = min(w, h) / 2 - margin
        return max(0.0, max(math.hypot(x - w / 2, y - h / 2) - radius for x, y in points))
    return max(0.0, max(max(margin - x, x - (w - margin), margin - y, y - (h - margin)) for x, y in points))
