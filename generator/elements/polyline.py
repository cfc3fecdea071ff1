"""`polyline`: an open line through `points` (a route, a zig-zag), solid or dashed; never filled."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from generator.core.numbers import Length
from generator.draw.ink import Point, padded
from generator.draw.paint import PaintContext, fill_and_stroke
from generator.draw.regular import trace_points
from generator.elements.args.groups import Element, Stroke

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Polyline(Stroke, Element):
    """An open line through points in mm (a route, a zig-zag), never filled."""

    kind: Literal["polyline"]
    points: list[tuple[Length, Length]] = Field(min_length=2, max_length=500)
    stroke: str = "ink"


MODEL = Polyline
FILLED = False


def paint(c: Canvas, el: Polyline, ctx: PaintContext) -> None:
    c.setLineJoin(1)  # round corners: a sharp turn leaves no spike past the points
    fill_and_stroke(c, ctx, el, lambda path: trace_points(path, ctx, list(el.points), closed=False),
                    lambda: list(el.points), fill=False)


def outline(el: Polyline, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded(list(el.points), el.stroke_width / 2)
