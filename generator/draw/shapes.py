"""Painters element kinds share: a shape a `trace` adds to a path, filled and stroked; a closed shape
through its corners; marks counted round a centre (a ring's dots, a flower's petals); straight
strokes. A kind's module makes its own `trace`, `paint` and `outline` from these."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from generator.draw.bindings import resolve
from generator.draw.ink import Point, half_stroke, padded
from generator.draw.paint import PaintContext, fill_and_stroke, set_paint
from generator.draw.regular import trace_points

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

Trace = Callable[[Any, Any, PaintContext], None]     # (reportlab path, element, context)
Outline = Callable[..., list[Point]]                 # (element, face size, glyph shapes=None)


def filled(trace: Trace, outline: Outline) -> Callable[[Canvas, Any, PaintContext], None]:
    """`paint` for a shape `trace` adds to a path: filled and stroked, a gradient or pattern laid across
    its `outline`."""
    def paint(c: Canvas, el: Any, ctx: PaintContext) -> None:
        fill_and_stroke(c, ctx, el, lambda path: trace(path, el, ctx), lambda: outline(el, (ctx.width, ctx.height)))
    return paint


def cornered(corners: Callable[[Any], list[Point]]) -> tuple[Trace, Callable, Outline]:
    """`trace`, `paint` and `outline` of a closed shape through `corners(element)`, in template
    millimetres; a gradient or pattern is laid across the corners."""
    def trace(path, el: Any, ctx: PaintContext) -> None:
        trace_points(path, ctx, corners(el))

    def paint(c: Canvas, el: Any, ctx: PaintContext) -> None:
        fill_and_stroke(c, ctx, el, lambda path: trace(path, el, ctx), lambda: corners(el))

    def outline(el: Any, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
        return padded(corners(el), half_stroke(el))

    return trace, paint, outline


Mark = Callable[[Any, Any, PaintContext, int, int], None]  # (path, element, context, which, how many)


def counted(mark: Mark, outline: Outline) -> tuple[Trace, Callable]:
    """`trace` and `paint` of `count` marks round a centre, the count written or bound to a field:
    `mark` adds the i-th of them to a path. Painted mark by mark (overlapping marks stay whole), a
    gradient laid across the whole `outline`."""
    def trace(path, el: Any, ctx: PaintContext) -> None:
        count = int(resolve(el.count, ctx.values))
        for i in range(count):
            mark(path, el, ctx, i, count)

    def paint(c: Canvas, el: Any, ctx: PaintContext) -> None:
        count = int(resolve(el.count, ctx.values))
        for i in range(count):
            fill_and_stroke(c, ctx, el, lambda path, i=i: mark(path, el, ctx, i, count),
                            lambda: outline(el, (ctx.width, ctx.height)))

    return trace, paint


def stroke_lines(c: Canvas, ctx: PaintContext, el: Any, lines: list[tuple[float, float, float, float]]) -> None:
    """Straight lines (x1, y1, x2, y2 in template millimetres) in the element's stroke, solid or dashed."""
    set_paint(c, ctx, None, el.stroke, el.stroke_width)
    if el.dash:
        c.setDash(el.dash)
    for x1, y1, x2, y2 in lines:
        c.line(ctx.px(x1), ctx.py(y1), ctx.px(x2), ctx.py(y2))
    if el.dash:
        c.setDash()
