"""`rect`: a rectangle, its corners rounded by `radius`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.core.numbers import Length
from generator.draw.ink import Point, box_points, half_stroke, padded
from generator.draw.paint import PaintContext, fill_and_stroke
from generator.elements.args.groups import Box, Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Rect(Box, Paint, Element):
    kind: Literal["rect"]
    radius: Length = 0


MODEL = Rect
FILLED = True


def trace(path, el: Rect, ctx: PaintContext) -> None:
    x, y = ctx.px(el.x), ctx.py(el.y + el.h)
    if el.radius:
        path.roundRect(x, y, el.w, el.h, el.radius)
    else:
        path.rect(x, y, el.w, el.h)


def paint(c: Canvas, el: Rect, ctx: PaintContext) -> None:
    fill_and_stroke(c, ctx, el, lambda path: trace(path, el, ctx), lambda: outline(el, (ctx.width, ctx.height)))


def outline(el: Rect, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded(box_points(el.x, el.y, el.w, el.h), half_stroke(el))
