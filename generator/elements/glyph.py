"""`glyph`: a game glyph or an icon of icons.yaml (by name or `$field`), centred in a box as vector art."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.draw.bindings import resolve
from generator.draw.glyphs import draw_glyph, glyph_points
from generator.draw.ink import Point, box_points
from generator.draw.paint import PaintContext
from generator.elements.args.groups import Box, Element

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class GlyphElement(Box, Element):
    kind: Literal["glyph"]
    glyph: str
    colour: str = "ink"


MODEL = GlyphElement
FILLED = False


def paint(c: Canvas, el: GlyphElement, ctx: PaintContext) -> None:
    scale = min(el.w, el.h)
    left = ctx.px(el.x) + (el.w - scale) / 2
    top = ctx.py(el.y) - (el.h - scale) / 2
    draw_glyph(c, ctx.shape(resolve(el.glyph, ctx.values)).shapes, ctx.paint(el.colour), ctx.background,
               left, top, scale)


def outline(el: GlyphElement, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    """The glyph's own ink when its shapes are known (``glyph_shapes`` maps a glyph name to them),
    else its box."""
    shapes = glyph_shapes(el.glyph) if glyph_shapes else None
    if shapes is None:
        return box_points(el.x, el.y, el.w, el.h)
    scale = min(el.w, el.h)
    return glyph_points(shapes, el.x + (el.w - scale) / 2, el.y + (el.h - scale) / 2, scale)
