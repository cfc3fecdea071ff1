"""Placing an element on a face: whether the piece draws it (`when`), its copies (`repeat`), its
opacity and its turn (`rotate`, about the point its kind turns about). The face painter places every
element this way, and a group places its children the same way inside its own frame."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from generator.core.units import MM
from generator.draw.bindings import resolve
from generator.elements.args.conditions import holds, repeat_offsets

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.draw.paint import PaintContext


def copies(element, values: dict) -> list[tuple[float, float]]:
    """Offsets (points, x right, y down) of each copy of an element: one at (0, 0) without a repeat."""
    if element.repeat is None:
        return [(0.0, 0.0)]
    return repeat_offsets(element.repeat, int(resolve(element.repeat.count, values)), MM)


def paint_placed(c: Canvas, element, ctx: PaintContext, opacity: float = 1.0) -> None:
    """Paint every copy of an element the piece draws, each turned about the element's centre;
    `opacity` is that of what holds it (a group's), which the element's own multiplies."""
    from generator.elements import centre, paint   # the package's table, complete once a template is read

    if not holds(element.when, ctx.values):
        return
    ctx.opacity = opacity * element.opacity  # reportlab sets the opacity with each colour (see PaintContext.paint)
    for dx, dy in copies(element, ctx.values):
        c.saveState()
        c.translate(dx, -dy)
        if ctx.opacity < 1:  # for what sets no colour: images, gradients
            c.setFillAlpha(ctx.opacity)
            c.setStrokeAlpha(ctx.opacity)
        if element.rotate:
            x, y = centre(element, (ctx.width, ctx.height))
            c.translate(ctx.px(x), ctx.py(y))
            c.rotate(-element.rotate)
            c.translate(-ctx.px(x), -ctx.py(y))
        paint(c, element, ctx)
        c.restoreState()


def ink_placed(element, size: tuple[float, float], values: dict, outline: Callable[[Any], list]) -> list:
    """Where every copy of an element the piece draws puts ink, turned as it is painted."""
    from generator.elements import placed

    if not holds(element.when, values):
        return []
    return placed(outline(element), element, size, copies(element, values))
