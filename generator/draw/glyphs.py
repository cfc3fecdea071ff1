"""A glyph's shapes (circles, polygons, polylines in a unit square, y down): drawn on a canvas, and the
points where they put ink."""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.draw.ink import Point, circle_points, padded

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


def draw_glyph(c: Canvas, shapes, colour, knockout, left: float, top: float, scale: float) -> None:
    """A glyph's shapes (drawn in a unit square, y down) in a square of `scale` points at (left, top)."""
    def at(u: float, v: float) -> tuple[float, float]:
        return left + u * scale, top - v * scale

    for shape in shapes:
        paint = knockout if shape.style == "knockout" else colour
        c.setFillColor(paint)
        c.setStrokeColor(paint)
        c.setLineWidth(shape.weight * scale)
        c.setLineJoin(1)
        c.setLineCap(1)
        outline = shape.style == "outline"
        if shape.circle:
            u, v, r = shape.circle
            c.circle(*at(u, v), r * scale, stroke=int(outline), fill=int(not outline))
            continue
        points = shape.polygon or shape.polyline
        path = c.beginPath()
        path.moveTo(*at(*points[0]))
        for point in points[1:]:
            path.lineTo(*at(*point))
        if shape.polygon:
            path.close()
        open_line = shape.polyline is not None
        c.drawPath(path, stroke=int(outline or open_line), fill=int(not outline and not open_line))
    c.setLineCap(0)
    c.setLineJoin(0)


def glyph_points(shapes, left: float, top: float, scale: float) -> list[Point]:
    """The ink of a glyph's shapes drawn in a square of `scale` at (left, top), y down."""
    out: list[Point] = []
    for shape in shapes:
        pad = shape.weight * scale / 2 if shape.style == "outline" or shape.polyline else 0.0
        if shape.circle:
            u, v, r = shape.circle
            out += circle_points(left + u * scale, top + v * scale, r * scale + pad)
        else:
            out += padded([(left + u * scale, top + v * scale) for u, v in shape.polygon or shape.polyline], pad)
    return out
