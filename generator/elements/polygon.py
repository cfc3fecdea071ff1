"""`polygon`: an outline through `points` (a banner, a shield), or a regular polygon of `sides` corners
round (cx, cy) at radius `r`, the first corner straight up; `closed: false` leaves it open."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from generator.core.numbers import Length
from generator.draw.ink import Point, half_stroke, middle, padded
from generator.draw.paint import PaintContext, fill_and_stroke
from generator.draw.regular import star_points, trace_points
from generator.elements.args.groups import Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Polygon(Paint, Element):
    """An outline through points in mm, or a regular polygon by centre, radius and number of sides."""

    kind: Literal["polygon"]
    points: list[tuple[Length, Length]] | None = Field(default=None, min_length=2, max_length=500)
    sides: int | None = Field(default=None, ge=3, le=60)
    cx: Length | None = None
    cy: Length | None = None
    r: Length | None = None  # centre to corner
    closed: bool = True

    @model_validator(mode="after")
    def _one_form(self) -> Polygon:
        regular = (self.sides, self.cx, self.cy, self.r)
        if self.points is not None and any(v is not None for v in regular):
            raise ValueError("either `points` or `sides` with `cx`, `cy` and `r`, not both")
        if self.points is None and any(v is None for v in regular):
            raise ValueError("`points`, or `sides` with `cx`, `cy` and `r`")
        return self


MODEL = Polygon
FILLED = True


def corners(el: Polygon) -> list[Point]:
    return list(el.points) if el.points is not None else star_points(el.cx, el.cy, el.r, el.sides)


def trace(path, el: Polygon, ctx: PaintContext) -> None:
    trace_points(path, ctx, corners(el), el.closed)


def paint(c: Canvas, el: Polygon, ctx: PaintContext) -> None:
    fill_and_stroke(c, ctx, el, lambda path: trace(path, el, ctx), lambda: corners(el), fill=el.closed)


def outline(el: Polygon, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded(corners(el), half_stroke(el))


def centre(el: Polygon, size: tuple[float, float]) -> Point:
    return (el.cx, el.cy) if el.points is None else middle(list(el.points))
