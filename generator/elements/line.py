"""`line`: a straight line from (x1, y1) to (x2, y2), solid or dashed."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.core.numbers import Length
from generator.draw.ink import Point, padded
from generator.draw.paint import PaintContext
from generator.draw.shapes import stroke_lines
from generator.elements.args.groups import Element, Stroke

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Line(Stroke, Element):
    kind: Literal["line"]
    x1: Length
    y1: Length
    x2: Length
    y2: Length
    stroke: str = "ink"


MODEL = Line
FILLED = False


def paint(c: Canvas, el: Line, ctx: PaintContext) -> None:
    stroke_lines(c, ctx, el, [(el.x1, el.y1, el.x2, el.y2)])


def outline(el: Line, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded([(el.x1, el.y1), (el.x2, el.y2)], el.stroke_width / 2)
