"""`sector`: a slice of a disc round (cx, cy) at radius `r` from angle `start` to `end` (degrees
counter-clockwise from the right, as a ring's `start`); with `inner`, a slice of a ring."""
from __future__ import annotations

from typing import Literal

from generator.core.numbers import Length
from generator.draw.ink import Point, half_stroke, padded
from generator.draw.paint import PaintContext
from generator.draw.shapes import filled
from generator.draw.regular import arc_points
from generator.elements.args.groups import Element, Paint, Sweep


class Sector(Sweep, Paint, Element):
    """A slice of a disc from `start` to `end` (degrees counter-clockwise from the right); `inner` cuts a hole."""

    kind: Literal["sector"]
    inner: Length = 0  # the radius of the hole: 0 cuts a slice of pie


MODEL = Sector
FILLED = True


def trace(path, el: Sector, ctx: PaintContext) -> None:
    cx, cy, extent = ctx.px(el.cx), ctx.py(el.cy), el.end - el.start
    if el.inner > 0:
        path.arc(cx - el.r, cy - el.r, cx + el.r, cy + el.r, el.start, extent)
        path.arcTo(cx - el.inner, cy - el.inner, cx + el.inner, cy + el.inner, el.end, -extent)
    else:
        path.moveTo(cx, cy)
        path.arcTo(cx - el.r, cy - el.r, cx + el.r, cy + el.r, el.start, extent)
    path.close()


def outline(el: Sector, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    edge = arc_points(el.cx, el.cy, el.r, el.start, el.end)
    hole = arc_points(el.cx, el.cy, el.inner, el.end, el.start) if el.inner > 0 else [(el.cx, el.cy)]
    return padded(edge + hole, half_stroke(el))


paint = filled(trace, outline)
