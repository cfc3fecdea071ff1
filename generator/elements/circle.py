"""`circle`: a circle of radius `r` about (cx, cy)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.core.numbers import Length
from generator.draw.ink import Point, circle_points, half_stroke
from generator.draw.paint import PaintContext, fill_and_stroke
from generator.elements.args.groups import Centre, Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Circle(Centre, Paint, Element):
    kind: Literal["circle"]
    r: Length


MODEL = Circle
FILLED = True


def trace(path, el: Circle, ctx: PaintContext) -> None:
    path.circle(ctx.px(el.cx), ctx.py(el.cy), el.r)


def paint(c: Canvas, el: Circle, ctx: PaintContext) -> None:
    fill_and_stroke(c, ctx, el, lambda path: trace(path, el, ctx), lambda: outline(el, (ctx.width, ctx.height)))


def outline(el: Circle, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return circle_points(el.cx, el.cy, el.r + half_stroke(el))
