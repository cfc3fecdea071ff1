"""`arc`: part of a circle round (cx, cy) at radius `r`, from angle `start` to `end` (degrees
counter-clockwise from the right), stroked, solid or dashed; never filled."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.draw.ink import Point, padded
from generator.draw.paint import PaintContext, fill_and_stroke
from generator.draw.regular import arc_points
from generator.elements.args.groups import Element, Stroke, Sweep

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Arc(Sweep, Stroke, Element):
    """Part of a circle from `start` to `end` (degrees counter-clockwise from the right), stroked, never filled."""

    kind: Literal["arc"]
    stroke: str = "ink"


MODEL = Arc
FILLED = False


def paint(c: Canvas, el: Arc, ctx: PaintContext) -> None:
    cx, cy = ctx.px(el.cx), ctx.py(el.cy)
    fill_and_stroke(c, ctx, el, lambda path: path.arc(cx - el.r, cy - el.r, cx + el.r, cy + el.r, el.start,
                                                      el.end - el.start),
                    lambda: outline(el, (ctx.width, ctx.height)), fill=False)


def outline(el: Arc, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded(arc_points(el.cx, el.cy, el.r, el.start, el.end), el.stroke_width / 2)
