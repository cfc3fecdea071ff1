"""`star`: a star of `points` tips round (cx, cy) at radius `r`, the first tip straight up; `inner` is
the radius of the corners between tips, as a fraction of `r`."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.core.numbers import Length, finite
from generator.draw.ink import Point
from generator.draw.regular import star_points
from generator.draw.shapes import cornered
from generator.elements.args.groups import Centre, Element, Paint


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


trace, paint, outline = cornered(corners)
