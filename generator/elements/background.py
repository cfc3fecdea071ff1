"""`background`: the whole face in one colour, run out into the bleed."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.draw.ink import Point, box_points
from generator.draw.paint import PaintContext
from generator.elements.args.groups import Element

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

SEAM = 0.3  # points into a neighbour's bleed: hides the hairline between two faces


class Background(Element):
    kind: Literal["background"]
    fill: str
    bleed: bool = True  # it runs past the trim by design: exempt from the safe-zone check


MODEL = Background
FILLED = False  # an ink saver swaps its colour, never turns it into an outline


def paint(c: Canvas, el: Background, ctx: PaintContext) -> None:
    colour = ctx.paint(el.fill)
    ctx.background = colour
    c.setFillColor(colour)
    b = ctx.bleed + (SEAM if ctx.bleed else 0)
    c.rect(ctx.x0 - b, ctx.top - ctx.height - b, ctx.width + 2 * b, ctx.height + 2 * b, stroke=0, fill=1)


def outline(el: Background, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return box_points(0, 0, *size)
