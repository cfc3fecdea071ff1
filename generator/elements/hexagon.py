"""`hexagon`: a regular hexagon of radius `r` (centre to corner), flat or pointy side up."""
from __future__ import annotations

import math
from typing import Literal

from generator.core.numbers import Length
from generator.draw.hexes import hex_corners
from generator.draw.ink import Point, half_stroke, padded
from generator.draw.paint import PaintContext
from generator.draw.shapes import filled
from generator.elements.args.groups import Centre, Element, Paint


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


def outline(el: Hexagon, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded(hex_corners(el.cx, el.cy, el.r, el.orientation), half_stroke(el))


paint = filled(trace, outline)
