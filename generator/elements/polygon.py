"""`polygon`: any outline through points in mm (a star, a banner, an arrow); `closed: false` leaves it open."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from generator.core.numbers import Length
from generator.draw.ink import Point, half_stroke, padded
from generator.draw.paint import PaintContext, set_paint
from generator.elements.args.groups import Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Polygon(Paint, Element):
    """Any outline through points in mm (a star, a banner, an arrow); `closed: false` leaves it open."""

    kind: Literal["polygon"]
    points: list[tuple[Length, Length]] = Field(min_length=2, max_length=500)
    closed: bool = True


MODEL = Polygon
FILLED = False


def paint(c: Canvas, el: Polygon, ctx: PaintContext) -> None:
    fill, stroke = set_paint(c, ctx, el.fill if el.closed else None, el.stroke, el.stroke_width)
    path = c.beginPath()
    path.moveTo(ctx.px(el.points[0][0]), ctx.py(el.points[0][1]))
    for x, y in el.points[1:]:
        path.lineTo(ctx.px(x), ctx.py(y))
    if el.closed:
        path.close()
    c.drawPath(path, stroke=stroke, fill=fill)


def outline(el: Polygon, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded(list(el.points), half_stroke(el))
