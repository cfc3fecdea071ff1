"""`group`: child elements drawn in a frame of their own, moved to (`x`, `y`), scaled by `scale`,
turned by `rotate` about that point and, with `clip`, cut to a shape. A badge of five elements is
written once, in its own millimetres from its own origin, and placed, turned or shrunk as one.

The children are elements like a template's (any kind, a group too), with their own `when`,
`repeat`, `rotate`, `opacity` (a group's opacity multiplies theirs), `$field` and `{field}` bindings
and `{{ ... }}` expressions, checked for every piece as a template's elements are; the group's own
keys are written out. For the print-safety check a group's ink is its children's, moved, scaled and
turned as they are drawn (a clip keeps it inside the clip shape); its text is checked for size and
fit, and listed when shrunk, as `group.child`.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, Literal

from pydantic import Field, PrivateAttr

from generator.core.numbers import Length, finite
from generator.draw.ink import Point
from generator.elements.args.groups import Element
from generator.elements.args.placing import ink_placed, paint_placed

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.draw.paint import PaintContext
    from generator.elements import Shape

MAX_CHILDREN = 200


class Group(Element):
    """Child elements drawn as one: moved to (`x`, `y`), scaled by `scale` and turned by `rotate` about
    that point, and with `clip` cut to a shape. The children are written like a template's elements
    (expressions and bindings included), in millimetres from the group's own origin; the group's own
    keys are written out. The print-safety check takes the group's ink to be
    its children's outlines (a text's box) where they are drawn, drawn in to the clip shape."""

    kind: Literal["group"]
    x: Length = 0          # where the group's own (0, 0) sits on the face
    y: Length = 0
    scale: finite(above=0, high=100) = 1
    clip: Shape | None = None  # a closed shape, in the group's millimetres: nothing of the children shows outside it
    elements: dict[str, dict[str, Any]] = Field(default={}, max_length=MAX_CHILDREN,   # drawn in this order
                                                json_schema_extra={"x-holds": "elements"})
    _children: dict[str, Any] = PrivateAttr(default_factory=dict)

    @property
    def children(self) -> dict[str, Any]:
        return self._children

    def adopt(self, validate: Callable[[dict, tuple], Any]) -> None:
        """Check the children as elements where they are written (`validate(data, key path)`)."""
        self._children = {name: validate(data, ("elements", name)) for name, data in self.elements.items()}


MODEL = Group
FILLED = False   # its children say for themselves
NESTED = True


def centre(el: Group, size: tuple[float, float]) -> Point:
    """A group turns about its own origin."""
    return el.x, el.y


def paint(c: Canvas, el: Group, ctx: PaintContext) -> None:
    from generator.elements import trace   # the package's table, complete once a template is read

    c.saveState()
    c.translate(ctx.px(el.x), ctx.py(el.y))
    c.scale(el.scale, el.scale)
    inner = dataclasses.replace(ctx, x0=0.0, top=0.0)   # the children's millimetres start at the group's origin
    if el.clip is not None:
        path = c.beginPath()
        trace(path, el.clip, inner)
        c.clipPath(path, stroke=0, fill=0)
    for child in el.children.values():
        paint_placed(c, child, inner, ctx.opacity)
    c.restoreState()


def outline(el: Group, size: tuple[float, float], glyph_shapes=None, values: dict | None = None) -> list[Point]:
    """The children's ink (each placed as it is painted) in the face's points, before the group's own
    turn; with a clip, the clip's outline drawn in to the box of that ink (ink lies inside both)."""
    from generator.elements import outline as outline_of

    values = values or {}
    ink = [p for child in el.children.values()
           for p in ink_placed(child, size, values, lambda e: outline_of(e, size, glyph_shapes, values))]
    if ink and el.clip is not None:
        left, right = min(x for x, _ in ink), max(x for x, _ in ink)
        top, bottom = min(y for _, y in ink), max(y for _, y in ink)
        ink = [(min(max(x, left), right), min(max(y, top), bottom)) for x, y in outline_of(el.clip, size)]
    return [(el.x + el.scale * x, el.y + el.scale * y) for x, y in ink]
