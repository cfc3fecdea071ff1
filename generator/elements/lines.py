"""`lines`: ruled lines for handwriting, filling a box."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.core.numbers import Spacing, StrokeWidth
from generator.draw.ink import Point, box_points
from generator.draw.paint import PaintContext
from generator.draw.shapes import stroke_lines
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
    rows, y = [], el.spacing
    while y <= el.h + 0.01:
        rows.append((el.x, el.y + y, el.x + el.w, el.y + y))
        y += el.spacing
    stroke_lines(c, ctx, el, rows)


def outline(el: Lines, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return box_points(el.x, el.y, el.w, el.h)
