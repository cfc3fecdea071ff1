"""Where a drawn element puts ink: points on the outline of its marks (in the template's points,
y down, stroke widths included, rotation and repeats applied), for the print-safety check of shapes."""
from __future__ import annotations

import math

from generator.render.painters import hex_cluster_centres, hex_corners, hex_outer_boundary

Point = tuple[float, float]
_SAMPLES = 24  # points round a circle: enough to tell 0.1 mm on a token


def _circle(cx: float, cy: float, r: float) -> list[Point]:
    return [(cx + r * math.cos(2 * math.pi * k / _SAMPLES), cy + r * math.sin(2 * math.pi * k / _SAMPLES))
            for k in range(_SAMPLES)]


def _box(x: float, y: float, w: float, h: float, pad: float = 0) -> list[Point]:
    return [(x - pad, y - pad), (x + w + pad, y - pad), (x + w + pad, y + h + pad), (x - pad, y + h + pad)]


def _padded(points: list[Point], pad: float) -> list[Point]:
    """Each corner grown by half a stroke in every direction (a little generous on a slant)."""
    if not pad:
        return points
    return [(x + dx, y + dy) for x, y in points for dx, dy in ((pad, 0), (-pad, 0), (0, pad), (0, -pad))]


def _stroke(el) -> float:
    return el.stroke_width / 2 if getattr(el, "stroke", None) else 0.0


def glyph_points(shapes, left: float, top: float, scale: float) -> list[Point]:
    """The ink of a glyph's shapes drawn in a square of `scale` at (left, top), y down."""
    out: list[Point] = []
    for shape in shapes:
        pad = shape.weight * scale / 2 if shape.style == "outline" or shape.polyline else 0.0
        if shape.circle:
            u, v, r = shape.circle
            out += _circle(left + u * scale, top + v * scale, r * scale + pad)
        else:
            out += _padded([(left + u * scale, top + v * scale) for u, v in shape.polygon or shape.polyline], pad)
    return out


def outline_points(el, shapes=None) -> list[Point]:
    """Ink outline of one copy of an element as written (before rotation and repeats); [] for none.
    `shapes` are a glyph element's shapes, when known."""
    kind = el.kind
    if kind == "glyph" and shapes is not None:
        scale = min(el.w, el.h)
        return glyph_points(shapes, el.x + (el.w - scale) / 2, el.y + (el.h - scale) / 2, scale)
    if kind == "rect":
        return _padded(_box(el.x, el.y, el.w, el.h), _stroke(el))
    if kind == "circle":
        return _circle(el.cx, el.cy, el.r + _stroke(el))
    if kind == "diamond":
        hw, hh = el.w / 2, el.h / 2
        return _padded([(el.cx, el.cy - hh), (el.cx + hw, el.cy), (el.cx, el.cy + hh), (el.cx - hw, el.cy)],
                       _stroke(el))
    if kind == "hexagon":
        return _padded(hex_corners(el.cx, el.cy, el.r, el.orientation), _stroke(el))
    if kind == "polygon":
        return _padded(list(el.points), _stroke(el))
    if kind == "line":
        return _padded([(el.x1, el.y1), (el.x2, el.y2)], el.stroke_width / 2)
    if kind in ("lines", "glyph", "image"):
        return _box(el.x, el.y, el.w, el.h)
    if kind == "ring":
        return _circle(el.cx, el.cy, el.r + el.dot + _stroke(el))
    if kind == "petals":
        return _circle(el.cx, el.cy, el.r + _stroke(el))
    if kind == "hexgrid":
        centres = hex_cluster_centres(el.cx, el.cy, el.r, el.rings, el.orientation)
        pad = max(el.stroke_width / 2 if el.stroke else 0, el.outline_width / 2 if el.outline else 0)
        return _padded(hex_outer_boundary(centres, el.r, el.orientation), pad)
    return []


def centre_of(el, size: tuple[float, float]) -> Point:
    """The point an element turns about (as faces.paint turns it)."""
    if hasattr(el, "cx"):
        return el.cx, el.cy
    if hasattr(el, "points"):
        xs, ys = [x for x, _ in el.points], [y for _, y in el.points]
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    if hasattr(el, "w"):
        return el.x + el.w / 2, el.y + el.h / 2
    return size[0] / 2, size[1] / 2


def placed(points: list[Point], el, size: tuple[float, float], offsets: list[Point]) -> list[Point]:
    """Points turned by the element's rotation (clockwise on the page) and moved to every copy."""
    if el.rotate:
        cx, cy = centre_of(el, size)
        a = math.radians(el.rotate)
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
