"""`ring`: `count` dots round a circle (a cost, a strength), the count bound to a field or written."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from generator.core.numbers import Bindable, Degrees, Length
from generator.draw.bindings import resolve
from generator.draw.ink import Point, circle_points, half_stroke
from generator.draw.paint import PaintContext, set_paint
from generator.elements.args.groups import Centre, Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Ring(Centre, Paint, Element):
    kind: Literal["ring"]
    r: Length
    count: Bindable
    dot: Length
    start: Degrees = 90  # degrees, counter-clockwise from the right; 90 puts the first dot on top


MODEL = Ring
FILLED = True


def paint(c: Canvas, el: Ring, ctx: PaintContext) -> None:
    count = int(resolve(el.count, ctx.values))
    fill, stroke = set_paint(c, ctx, el.fill, el.stroke, el.stroke_width)
    cx, cy = ctx.px(el.cx), ctx.py(el.cy)
    for i in range(count):
        angle = math.radians(el.start - 360 * i / count)
        c.circle(cx + el.r * math.cos(angle), cy + el.r * math.sin(angle), el.dot, stroke=stroke, fill=fill)


def outline(el: Ring, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return circle_points(el.cx, el.cy, el.r + el.dot + half_stroke(el))
