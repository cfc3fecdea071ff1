"""`image`: a PNG or JPEG, or SVG art drawn as vector shapes, fitted in a box with its aspect ratio kept;
`clip` names a closed shape (a circle, a hexagon, a path...) outside which nothing of it shows."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.draw.art import place_art
from generator.draw.bindings import resolve
from generator.draw.ink import Point, box_points
from generator.draw.paint import PaintContext
from generator.elements.args.groups import Box, Element

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.elements import Shape


class Image(Box, Element):
    kind: Literal["image"]
    file: str
    clip: Shape | None = None  # `Shape` (the kinds with a closed outline) is given by the package


MODEL = Image
FILLED = False


def paint(c: Canvas, el: Image, ctx: PaintContext) -> None:
    if el.clip is None:
        _draw(c, el, ctx)
        return
    from generator.elements import trace  # the package's table, complete once a template is read
    c.saveState()
    path = c.beginPath()
    trace(path, el.clip, ctx)
    c.clipPath(path, stroke=0, fill=0)
    _draw(c, el, ctx)
    c.restoreState()


def _draw(c: Canvas, el: Image, ctx: PaintContext) -> None:
    art = ctx.image(resolve(el.file, ctx.values))
    place_art(c, art, ctx.px(el.x), ctx.py(el.y + el.h), el.w, el.h)


def outline(el: Image, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    """Its box; clipped, the clip's outline drawn in to the box (ink lies inside both)."""
    if el.clip is None:
        return box_points(el.x, el.y, el.w, el.h)
    from generator.elements import outline as outline_of
    return [(min(max(x, el.x), el.x + el.w), min(max(y, el.y), el.y + el.h))
            for x, y in outline_of(el.clip, size, glyph_shapes)]
