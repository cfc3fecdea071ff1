"""`hexagon`: a regular hexagon of radius `r` (centre to corner), flat or pointy side up."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from generator.core.numbers import Length
from generator.draw.hexes import hex_corners
from generator.draw.ink import Point, half_stroke, padded
from generator.draw.paint import PaintContext, fill_and_stroke
from generator.elements.args.groups import Centre, Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Hexagon(Centre, Paint, Element):
    kind: Literal["hexagon"]
    r: Length  # centre to corner
    orientation: Literal["flat", "pointy"] = "flat"


MODEL = Hexagon
FILLED = True


def trace(path, el: Hexagon, ctx: PaintContext) -> None:
    cx, cy = ctx.px(el.cx), ctx.py(el.cy)
    offset = 0 if el.orientation == "flat" else 30
    for i in range(6):
        angle = math.radians(60 * i + offset)
        point = (cx + el.r * math.cos(angle), cy + el.r * math.sin(angle))
        path.moveTo(*point) if i == 0 else path.lineTo(*point)
    path.close()


def paint(c: Canvas, el: Hexagon, ctx: PaintContext) -> None:
    fill_and_stroke(c, ctx, el, lambda path: trace(path, el, ctx), lambda: outline(el, (ctx.width, ctx.height)))


def outline(el: Hexagon, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded(hex_corners(el.cx, el.cy, el.r, el.orientation), half_stroke(el))
