"""`petals`: `count` petals round a centre, like a flower (a count bound to a field or written)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.core.numbers import Bindable, Degrees, Length
from generator.draw.bindings import resolve
from generator.draw.ink import Point, circle_points, half_stroke
from generator.draw.paint import PaintContext, set_paint
from generator.elements.args.groups import Centre, Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Petals(Centre, Paint, Element):
    kind: Literal["petals"]
    r: Length
    inner: Length = 0
    width: Length
    count: Bindable
    start: Degrees = 90


MODEL = Petals
FILLED = True


def paint(c: Canvas, el: Petals, ctx: PaintContext) -> None:
    count = int(resolve(el.count, ctx.values))
    fill, stroke = set_paint(c, ctx, el.fill, el.stroke, el.stroke_width)
    cx, cy = ctx.px(el.cx), ctx.py(el.cy)
    length, half = el.r - el.inner, el.width / 2
    for i in range(count):
        c.saveState()
        c.translate(cx, cy)
        c.rotate(el.start - 90 - 360 * i / count)
        path = c.beginPath()
        path.moveTo(0, el.inner)
        path.curveTo(half * 1.3, el.inner + length * 0.3, half * 1.1, el.inner + length * 0.75, 0, el.r)
        path.curveTo(-half * 1.1, el.inner + length * 0.75, -half * 1.3, el.inner + length * 0.3, 0, el.inner)
        path.close()
        c.drawPath(path, stroke=stroke, fill=fill)
        c.restoreState()


def outline(el: Petals, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return circle_points(el.cx, el.cy, el.r + half_stroke(el))
