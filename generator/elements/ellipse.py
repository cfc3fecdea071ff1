"""`ellipse`: an ellipse of radii `rx` (across) and `ry` (down) about (cx, cy)."""
from __future__ import annotations

import math
from typing import Literal

from generator.core.numbers import Length
from generator.draw.ink import Point, half_stroke
from generator.draw.paint import PaintContext
from generator.draw.shapes import filled
from generator.elements.args.groups import Centre, Element, Paint

SAMPLES = 48  # points round its outline: within 0.1 mm of the curve on a card-sized ellipse


class Ellipse(Centre, Paint, Element):
    """An ellipse `rx` across and `ry` down from its centre."""

    kind: Literal["ellipse"]
    rx: Length
    ry: Length


MODEL = Ellipse
FILLED = True


def trace(path, el: Ellipse, ctx: PaintContext) -> None:
    path.ellipse(ctx.px(el.cx) - el.rx, ctx.py(el.cy) - el.ry, 2 * el.rx, 2 * el.ry)


def outline(el: Ellipse, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    pad = half_stroke(el)
    return [(el.cx + (el.rx + pad) * math.cos(2 * math.pi * k / SAMPLES),
             el.cy + (el.ry + pad) * math.sin(2 * math.pi * k / SAMPLES)) for k in range(SAMPLES)]


paint = filled(trace, outline)
