"""`ring`: `count` dots round a circle (a cost, a strength), the count bound to a field or written."""
from __future__ import annotations

import math
from typing import Literal

from generator.core.numbers import Bindable, Degrees, Length
from generator.draw.ink import Point, circle_points, half_stroke
from generator.draw.paint import PaintContext
from generator.draw.shapes import counted
from generator.elements.args.groups import Centre, Element, Paint


class Ring(Centre, Paint, Element):
    kind: Literal["ring"]
    r: Length
    count: Bindable
    dot: Length
    start: Degrees = 90  # degrees, counter-clockwise from the right; 90 puts the first dot on top


MODEL = Ring
FILLED = True


def _dot(path, el: Ring, ctx: PaintContext, i: int, count: int) -> None:
    angle = math.radians(el.start - 360 * i / count)
    path.circle(ctx.px(el.cx) + el.r * math.cos(angle), ctx.py(el.cy) + el.r * math.sin(angle), el.dot)


def outline(el: Ring, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return circle_points(el.cx, el.cy, el.r + el.dot + half_stroke(el))


trace, paint = counted(_dot, outline)  # dot by dot; a gradient runs across the whole ring
