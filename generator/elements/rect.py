"""`rect`: a rectangle, its corners rounded by `radius`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.core.numbers import Length
from generator.draw.ink import Point, box_points, half_stroke, padded
from generator.draw.paint import PaintContext, set_paint
from generator.elements.args.groups import Box, Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Rect(Box, Paint, Element):
    kind: Literal["rect"]
    radius: Length = 0


MODEL = Rect
FILLED = True


def paint(c: Canvas, el: Rect, ctx: PaintContext) -> None:
    fill, stroke = set_paint(c, ctx, el.fill, el.stroke, el.stroke_width)
    x, y = ctx.px(el.x), ctx.py(el.y + el.h)
    if el.radius:
        c.roundRect(x, y, el.w, el.h, el.radius, stroke=stroke, fill=fill)
    else:
        c.rect(x, y, el.w, el.h, stroke=stroke, fill=fill)


def outline(el: Rect, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded(box_points(el.x, el.y, el.w, el.h), half_stroke(el))
