"""`background`: the whole face in one colour (or a gradient, or an image pattern), run out into the bleed."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.draw.ink import Point, box_points
from generator.draw.paint import PaintContext, fill_and_stroke, is_gradient
from generator.elements.args.groups import Element, Fill

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

SEAM = 0.3  # points into a neighbour's bleed: hides the hairline between two faces


class Background(Element):
    kind: Literal["background"]
    fill: Fill  # a colour, a gradient from trim edge to trim edge, or an image pattern
    bleed: bool = True  # it runs past the trim by design: exempt from the safe-zone check


MODEL = Background
FILLED = False  # an ink saver swaps its colour, never turns it into an outline


def _trace(path, el: Background, ctx: PaintContext) -> None:
    b = ctx.bleed + (SEAM if ctx.bleed else 0)
    path.rect(ctx.x0 - b, ctx.top - ctx.height - b, ctx.width + 2 * b, ctx.height + 2 * b)


def paint(c: Canvas, el: Background, ctx: PaintContext) -> None:
    # what a knocked-out glyph shows: the background's colour, a gradient's first, a pattern's `over`
    colour = el.fill.stops[0] if is_gradient(el.fill) else getattr(el.fill, "over", el.fill)
    if colour is not None:
        ctx.background = ctx.paint(colour)
    fill_and_stroke(c, ctx, el, lambda path: _trace(path, el, ctx), lambda: box_points(0, 0, ctx.width, ctx.height))


def outline(el: Background, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return box_points(0, 0, *size)
