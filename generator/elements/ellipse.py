"""`ellipse`: an ellipse of radii `rx` (across) and `ry` (down) about (cx, cy)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from generator.core.numbers import Length
from generator.draw.ink import Point, half_stroke
from generator.draw.paint import PaintContext, set_paint
from generator.elements.args.groups import Centre, Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

SAMPLES = 48  # points round its outline: within 0.1 mm of the curve on a card-sized ellipse


class Ellipse(Centre, Paint, Element):
    kind: Literal["ellipse"]
    rx: Length
    ry: Length


MODEL = Ellipse
FILLED = True


def paint(c: Canvas, el: Ellipse, ctx: PaintContext) -> None:
    fill, stroke = set_paint(c, ctx, el.fill, el.stroke, el.stroke_width)
    cx, cy = ctx.px(el.cx), ctx.py(el.cy)
    c.ellipse(cx - el.rx, cy - el.ry, cx + el.rx, cy + el.ry, stroke=stroke, fill=fill)


def outline(el: Ellipse, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    pad = half_stroke(el)
    return [(el.cx + (el.rx + pad) * math.cos(2 * math.pi * k / SAMPLES),
             el.cy + (el.ry + pad) * math.sin(2 * math.pi * k / SAMPLES)) for k in range(SAMPLES)]
