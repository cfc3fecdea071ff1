"""`group`: child elements drawn in a frame of their own, moved to (`x`, `y`), scaled by `scale`,
turned by `rotate` about that point and, with `clip`, cut to a shape. A badge of five elements is
written once, in its own millimetres from its own origin, and placed, turned or shrunk as one.

The children are elements like a template's (any kind, a group too), with their own `when`,
`repeat` and `rotate`. For the print-safety check a group's ink is its children's, moved, scaled
and turned as they are drawn; a clip keeps it inside the clip shape's box.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, Literal

from pydantic import Field, PrivateAttr

from generator.core.numbers import Length, finite
from generator.draw.ink import Point, box_points
from generator.elements.args.groups import Element
from generator.elements.args.placing import ink_placed, paint_placed

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.draw.paint import PaintContext

MAX_CHILDREN = 200
CLIPS = ("rect", "circle", "ellipse", "diamond", "polygon", "hexagon", "star")  # kinds whose outline is their shape


class Group(Element):
    """Child elements drawn as one: moved to (`x`, `y`), scaled by `scale` and turned by `rotate` about
    that point, and with `clip` cut to a shape. The children are written like a template's elements,
    in millimetres from the group's own origin. The print-safety check takes the group's ink to be
    its children's outlines (a text's box) where they are drawn, and with a clip the box where they
    and the clip shape overlap."""

    kind: Literal["group"]
    x: Length = 0          # where the group's own (0, 0) sits on the face
    y: Length = 0
    scale: finite(above=0, high=100) = 1
    # a shape element, in the group's millimetres: nothing of the children shows outside it
    clip: dict[str, Any] | None = Field(default=None, json_schema_extra={"x-holds": "element"})
    elements: dict[str, dict[str, Any]] = Field(default={}, max_length=MAX_CHILDREN,   # drawn in this order
                                                json_schema_extra={"x-holds": "elements"})
    _children: dict[str, Any] = PrivateAttr(default_factory=dict)
    _clip: Any = PrivateAttr(default=None)

    @property
    def pivot(self) -> Point:
        """A group turns about its own origin."""
        return self.x, self.y

    @property
    def children(self) -> dict[str, Any]:
        return self._children

    def adopt(self, validate: Callable[[dict, tuple], Any], refuse: Callable[[tuple, str, str], Exception]) -> None:
        """Check the children and the clip as elements where they are written (`validate(data, key
        path)`); a clip must be a shape with an outline (`refuse(key path, expected, found)`)."""
        self._children = {name: validate(data, ("elements", name)) for name, data in self.elements.items()}
        if self.clip is not None:
            from generator.elements import KINDS

            kind = self.clip.get("kind")
            if kind not in CLIPS or kind not in KINDS:
                raise refuse(("clip", "kind") if kind else ("clip",), "a clip shape, one of "
                             f"{[k for k in CLIPS if k in KINDS]} (a kind whose outline is its shape)",
                             repr(kind) if kind else "no kind")
            self._clip = validate(self.clip, ("clip",))


MODEL = Group
FILLED = False   # its children say for themselves
NESTED = True


def paint(c: Canvas, el: Group, ctx: PaintContext) -> None:
    from generator.elements import paint as paint_element   # the kinds table holds this module too

    c.saveState()
    c.translate(ctx.px(el.x), ctx.py(el.y))
    c.scale(el.scale, el.scale)
    inner = dataclasses.replace(ctx, x0=0.0, top=0.0)   # the children's millimetres start at the group's origin
    if el._clip is not None:
        c.clipPath(clip_path(c, el._clip), stroke=0, fill=0)
    for child in el.children.values():
        paint_placed(c, child, inner, paint_element)
    c.restoreState()


def clip_path(c: Canvas, shape) -> Any:
    """The clip shape as a path in the group's frame (y up, as the canvas is): round shapes exactly,
    the others through their outline's corners."""
    from generator.elements import outline

    path = c.beginPath()
    if shape.kind == "circle":
        path.circle(shape.cx, -shape.cy, shape.r)
    elif shape.kind == "ellipse":
        path.ellipse(shape.cx - shape.rx, -shape.cy - shape.ry, 2 * shape.rx, 2 * shape.ry)
    elif shape.kind == "rect" and shape.radius:
        path.roundRect(shape.x, -shape.y - shape.h, shape.w, shape.h, shape.radius)
    else:
        points = outline(shape, (0, 0))
        path.moveTo(points[0][0], -points[0][1])
        for x, y in points[1:]:
            path.lineTo(x, -y)
        path.close()
    return path


def outline(el: Group, size: tuple[float, float], glyph_shapes=None, values: dict | None = None) -> list[Point]:
    """The children's ink (each placed as it is painted) in the face's points, before the group's own
    turn; with a clip, the corners of the box where that ink and the clip shape overlap."""
    from generator.elements import outline as outline_of

    values = values or {}
    ink = [p for child in el.children.values()
           for p in ink_placed(child, size, values, lambda e: outline_of(e, size, glyph_shapes, values))]
    if ink and el._clip is not None:
        ink = overlap(ink, outline_of(el._clip, size))
    return [(el.x + el.scale * x, el.y + el.scale * y) for x, y in ink]


def overlap(ink: list[Point], clip: list[Point]) -> list[Point]:
    """The corners of the box where two sets of points' boxes meet ([] when they do not)."""
    left = max(min(x for x, _ in ink), min(x for x, _ in clip))
    top = max(min(y for _, y in ink), min(y for _, y in clip))
    right = min(max(x for x, _ in ink), max(x for x, _ in clip))
    bottom = min(max(y for _, y in ink), max(y for _, y in clip))
    return box_points(left, top, right - left, bottom - top) if right >= left and bottom >= top else []
