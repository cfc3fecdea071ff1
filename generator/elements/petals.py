"""`petals`: `count` petals round a centre, like a flower (a count bound to a field or written)."""
from __future__ import annotations

import math
from typing import Literal

from generator.core.numbers import Bindable, Degrees, Length
from generator.draw.ink import Point, circle_points, half_stroke
from generator.draw.paint import PaintContext
from generator.draw.shapes import counted
from generator.elements.args.groups import Centre, Element, Paint


class Petals(Centre, Paint, Element):
    kind: Literal["petals"]
    r: Length
    inner: Length = 0
    width: Length
    count: Bindable
    start: Degrees = 90


MODEL = Petals
FILLED = True


def _petal(path, el: Petals, ctx: PaintContext, i: int, count: int) -> None:
    """One petal, drawn pointing up from the centre, then turned to its place."""
    cx, cy = ctx.px(el.cx), ctx.py(el.cy)
    length, half = el.r - el.inner, el.width / 2
    a = math.radians(el.start - 90 - 360 * i / count)

    def at(x: float, y: float) -> tuple[float, float]:
        return cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)

    path.moveTo(*at(0, el.inner))
    path.curveTo(*at(half * 1.3, el.inner + length * 0.3), *at(half * 1.1, el.inner + length * 0.75), *at(0, el.r))
    path.curveTo(*at(-half * 1.1, el.inner + length * 0.75), *at(-half * 1.3, el.inner + length * 0.3),
                 *at(0, el.inner))
    path.close()


def outline(el: Petals, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return circle_points(el.cx, el.cy, el.r + half_stroke(el))


trace, paint = counted(_petal, outline)  # petal by petal, each over the one before; a gradient runs across the flower
