"""`image`: a PNG or JPEG, or SVG art drawn as vector shapes, fitted in a box with its aspect ratio kept."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.draw.bindings import resolve
from generator.draw.ink import Point, box_points
from generator.draw.paint import PaintContext
from generator.elements.args.groups import Box, Element

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Image(Box, Element):
    kind: Literal["image"]
    file: str


MODEL = Image
FILLED = False


def paint(c: Canvas, el: Image, ctx: PaintContext) -> None:
    reader = ctx.image(resolve(el.file, ctx.values))
    if hasattr(reader, "drawOn"):  # an SVG drawing: placed as vector art, aspect ratio kept, centred
        scale = min(el.w / reader.width, el.h / reader.height)
        w, h = reader.width * scale, reader.height * scale
        c.saveState()
        c.translate(ctx.px(el.x + (el.w - w) / 2), ctx.py(el.y + (el.h + h) / 2))
        c.scale(scale, scale)
        reader.drawOn(c, 0, 0)
        c.restoreState()
        return
    c.drawImage(reader, ctx.px(el.x), ctx.py(el.y + el.h), el.w, el.h, preserveAspectRatio=True, anchor="c",
                mask="auto")


def outline(el: Image, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return box_points(el.x, el.y, el.w, el.h)
