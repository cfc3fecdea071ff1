"""`diamond`: a rhombus `w` wide and `h` high about (cx, cy)."""
from __future__ import annotations

from typing import Literal

from generator.core.numbers import Length
from generator.draw.ink import Point, half_stroke, padded
from generator.draw.paint import PaintContext
from generator.draw.shapes import filled
from generator.elements.args.groups import Centre, Element, Paint


class Diamond(Centre, Paint, Element):
    kind: Literal["diamond"]
    w: Length
    h: Length


MODEL = Diamond
FILLED = True


def trace(path, el: Diamond, ctx: PaintContext) -> None:
    cx, cy, hw, hh = ctx.px(el.cx), ctx.py(el.cy), el.w / 2, el.h / 2
    path.moveTo(cx, cy + hh)
    path.lineTo(cx + hw, cy)
    path.lineTo(cx, cy - hh)
    path.lineTo(cx - hw, cy)
    path.close()


def outline(el: Diamond, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    hw, hh = el.w / 2, el.h / 2
    return padded([(el.cx, el.cy - hh), (el.cx + hw, el.cy), (el.cx, el.cy + hh), (el.cx - hw, el.cy)],
                  half_stroke(el))


paint = filled(trace, outline)
