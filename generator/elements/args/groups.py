"""Argument groups as model mixins: a kind's model lists the groups it takes, then its own keys.

    class Rect(Box, Paint, Element): kind: Literal["rect"]; radius: Length = 0

Element comes last, so every kind lists `kind` first and the groups' keys next.
"""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import Discriminator, Field, Tag, model_validator

from generator.core.numbers import MAX_DASHES, DashLength, Degrees, Length, Spacing, Strict, StrokeWidth, finite
from generator.elements.args.conditions import Condition, Repeat

Opacity = finite(0, 1)
MAX_STOPS = 16


class Transform(Strict):
    rotate: Degrees = 0  # degrees clockwise about the element's centre


class Element(Transform):
    """What every element takes."""

    kind: str  # each kind's model narrows it to its own name
    when: Condition = {}  # draw only when the piece meets it (see elements/args/conditions.py)
    repeat: Repeat | None = None  # draw it several times along a row, column, grid or arc
    bleed: bool = False  # meant to run past the trim: exempt from the print-safety check of its ink
    opacity: Opacity = 1  # 0 (not drawn) to 1 (opaque): how much of what lies beneath shows through
    expression_keys: ClassVar[frozenset[str]] = frozenset()  # an element loaded with expressions names its keys


class Box(Strict):
    """A box by its top-left corner, width and height (millimetres from the trim's top-left corner)."""

    x: Length
    y: Length
    w: Length
    h: Length


class Centre(Strict):
    """A shape placed by its centre."""

    cx: Length
    cy: Length


class Sweep(Centre):
    """Part of a circle round (cx, cy): radius `r`, from angle `start` to `end` (degrees
    counter-clockwise from the right)."""

    r: Length
    start: Degrees = 0
    end: Degrees = 90


class Gradient(Strict):
    """A fill that runs through colours across its shape: `linear` in the direction `angle` (degrees
    clockwise from left-to-right: 90 runs top to bottom), the first stop at one edge of the shape and
    the last at the other; `radial` from the shape's centre (first stop) out to its farthest point."""

    gradient: Literal["linear", "radial"]
    stops: list[str] = Field(min_length=2, max_length=MAX_STOPS)  # colour names (or $field)
    at: list[finite(0, 1)] | None = None  # where each stop sits, 0 to 1, rising; evenly spaced without it
    angle: Degrees = 0

    @model_validator(mode="after")
    def _positions(self) -> Gradient:
        if self.at is not None and (len(self.at) != len(self.stops) or self.at != sorted(self.at)):
            raise ValueError(f"`at`: {len(self.stops)} positions from 0 to 1, rising, one for each stop")
        return self


BLENDS = ("normal", "multiply", "screen", "overlay", "darken", "lighten")


class Pattern(Strict):
    """A fill that tiles an image across its shape, clipped to it: each tile `scale` wide (its height
    in the image's proportions), the first tile's top-left corner at the top-left of the shape's box.
    `over` paints a colour beneath the tiles first; `opacity` and `blend` say how the image lies on
    it (a texture over a colour: a grey texture `blend: multiply` darkens the colour where it is dark)."""

    image: str  # a PNG, JPEG or SVG file in the game's folder (or $field)
    scale: Spacing  # one tile's width, at least 1 mm
    over: str | None = None  # a colour name (or $field) beneath the tiles
    opacity: Opacity = 1  # of the tiles over `over`
    blend: Literal[BLENDS] = "normal"


def _fill_form(value: Any) -> str:
    if isinstance(value, (dict, Pattern, Gradient)):
        return "pattern[mapping]" if isinstance(value, Pattern) or "image" in value else "gradient[mapping]"
    return "colour[name]"


# A colour name (or $field), a gradient, or an image pattern; a mapping with `image` is checked as a
# pattern and any other mapping as a gradient, so its mistakes are reported as such (the tags hold "["
# so that error messages leave them out of the key path).
Fill = Annotated[Union[Annotated[str, Tag("colour[name]")], Annotated[Gradient, Tag("gradient[mapping]")],
                       Annotated[Pattern, Tag("pattern[mapping]")]],
                 Discriminator(_fill_form)]


class Stroke(Strict):
    """A line's colour, width (points) and dash pattern (lengths in points, on and off)."""

    stroke: str | None = None
    stroke_width: StrokeWidth = 0.5
    dash: list[DashLength] = Field(default=[], max_length=MAX_DASHES)


class Paint(Stroke):
    """A fill (a colour, a gradient or an image pattern) and a stroke; none draws nothing of that kind."""

    fill: Fill | None = None
