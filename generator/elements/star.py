"""`star`: a star of `points` tips round (cx, cy) at radius `r`, the first tip straight up; `inner` is
the radius of the corners between tips, as a fraction of `r`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from generator.core.numbers import Length, finite
from generator.draw.ink import Point, half_stroke, padded
from generator.draw.paint import PaintContext, fill_and_stroke
from generator.draw.regular import star_points, trace_points
from generator.elements.args.groups import Centre, Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Star(Centre, Paint, Element):
    """A star of `points` tips, the first straight up; `inner` is the radius between tips, a fraction of `r`."""

    kind: Literal["star"]
    r: Length  # centre to tip
    points: int = Field(default=5, ge=3, le=60)
    inner: finite(0.05, 1) = 0.5


MODEL = Star
FILLED = True


def corners(el: Star) -> list[Point]:
    return star_points(el.cx, el.cy, el.r, el.points, el.inner)


def trace(path, el: Star, ctx: PaintContext) -> None:
    trace_points(path, ctx, corners(el))


def paint(c: Canvas, el: Star, ctx: PaintContext) -> None:
    fill_and_stroke(c, ctx, el, lambda path: trace(path, el, ctx), lambda: corners(el))


def outline(el: Star, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded(corners(el), half_stroke(el))
