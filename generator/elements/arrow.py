"""`arrow`: a straight arrow from (x1, y1) to its head at (x2, y2): a shaft `width` wide and a head
`head_width` wide and `head_length` long, as one closed shape."""
from __future__ import annotations

import math
from typing import Literal

from pydantic import Field

from generator.core.numbers import Length, PositiveLength
from generator.draw.ink import Point, middle
from generator.draw.shapes import cornered
from generator.elements.args.groups import Element, Paint


class Arrow(Paint, Element):
    """A straight arrow from (x1, y1) to its tip at (x2, y2): a shaft `width` wide, a head `head_width`
    wide and `head_length` long."""

    kind: Literal["arrow"]
    x1: Length
    y1: Length
    x2: Length  # the tip
    y2: Length
    width: PositiveLength = Field(default=1.5, validate_default=True)  # mm, like every length
    head_width: PositiveLength = Field(default=5, validate_default=True)
    head_length: PositiveLength = Field(default=4, validate_default=True)


MODEL = Arrow
FILLED = True


def corners(el: Arrow) -> list[Point]:
    """Tail left, along the shaft, out to the head's barb, the tip, and back down the other side."""
    length = math.hypot(el.x2 - el.x1, el.y2 - el.y1) or 1e-6
    ux, uy = (el.x2 - el.x1) / length, (el.y2 - el.y1) / length  # along
    nx, ny = -uy, ux  # across
    neck = max(0.0, length - el.head_length)

    def at(a: float, b: float) -> Point:
        return el.x1 + ux * a + nx * b, el.y1 + uy * a + ny * b

    shaft, head = el.width / 2, el.head_width / 2
    return [at(0, shaft), at(neck, shaft), at(neck, head), at(length, 0), at(neck, -head), at(neck, -shaft),
            at(0, -shaft)]


trace, paint, outline = cornered(corners)


def centre(el: Arrow, size: tuple[float, float]) -> Point:
    return middle([(el.x1, el.y1), (el.x2, el.y2)])
