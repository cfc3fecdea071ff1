"""Placing an element on a face: whether the piece draws it (`when`), its copies (`repeat`) and its
turn (`rotate`, about its centre). The face painter and the print-safety check place every element
this way, and a group places its children the same way inside its own frame."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from generator.core.units import MM
from generator.draw.bindings import resolve
from generator.draw.ink import Point, centre_of, placed
from generator.elements.args.conditions import holds, repeat_offsets

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.draw.paint import PaintContext


def copies(element, values: dict) -> list[tuple[float, float]]:
    """Offsets (points, x right, y down) of each copy of an element: one at (0, 0) without a repeat."""
    if element.repeat is None:
        return [(0.0, 0.0)]
    return repeat_offsets(element.repeat, int(resolve(element.repeat.count, values)), MM)


def paint_placed(c: Canvas, element, ctx: PaintContext, paint: Callable[[Any, Any, Any], None]) -> None:
    """Paint every copy of an element the piece draws, each turned about the element's centre."""
    if not holds(element.when, ctx.values):
        return
    for dx, dy in copies(element, ctx.values):
        c.saveState()
        c.translate(dx, -dy)
        if element.rotate:
            x, y = centre_of(element, (ctx.width, ctx.height))
            c.translate(ctx.px(x), ctx.py(y))
            c.rotate(-element.rotate)
            c.translate(-ctx.px(x), -ctx.py(y))
        paint(c, element, ctx)
        c.restoreState()


def ink_placed(element, size: tuple[float, float], values: dict, outline: Callable[[Any], list[Point]]) -> list[Point]:
    """Where every copy of an element the piece draws puts ink, turned as it is painted."""
    if not holds(element.when, values):
        return []
    return placed(outline(element), element, size, copies(element, values))

