"""`lines`: ruled lines for handwriting, filling a box."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.core.numbers import Spacing, StrokeWidth
from generator.draw.ink import Point, box_points
from generator.draw.paint import PaintContext, set_paint
from generator.elements.args.groups import Box, Element, Stroke

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Lines(Box, Stroke, Element):
    """Ruled lines for handwriting, filling a box."""

    kind: Literal["lines"]
    spacing: Spacing = 6
    stroke: str = "faint"
    stroke_width: StrokeWidth = 0.4


MODEL = Lines
FILLED = False


def paint(c: Canvas, el: Lines, ctx: PaintContext) -> None:
    set_paint(c, ctx, None, el.stroke, el.stroke_width)
    if el.dash:
        c.setDash(el.dash)
    y = el.spacing
    while y <= el.h + 0.01:
        c.line(ctx.px(el.x), ctx.py(el.y + y), ctx.px(el.x + el.w), ctx.py(el.y + y))
        y += el.spacing
    if el.dash:
        c.setDash()


def outline(el: Lines, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return box_points(el.x, el.y, el.w, el.h)
