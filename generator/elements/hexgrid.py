"""`hexgrid`: a cluster of hexagons sharing flat faces, with its cut outline and its axes."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from generator.core.numbers import Length, StrokeWidth
from generator.draw.hexes import hex_cluster_centres, hex_corners, hex_outer_boundary
from generator.draw.ink import Point, padded
from generator.draw.paint import PaintContext, is_laid, lay, set_paint
from generator.elements.args.groups import Centre, Element, Fill

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class HexGrid(Centre, Element):
    """A cluster of hexagons sharing flat faces: one centre hex and `rings` rings of hexes around it
    (rings 1 is a 7-hex tile). `outline` strokes the cluster's outer edge, the cut line; `axes` draws
    the straight lines through the centre hex that cross faces, the lines a piece may travel."""

    kind: Literal["hexgrid"]
    r: Length  # one hex, centre to corner
    rings: int = Field(default=1, ge=0, le=6)
    orientation: Literal["flat", "pointy"] = "flat"
    fill: Fill | None = None  # a colour, or a gradient or an image pattern laid across the whole cluster
    centre_fill: Fill | None = None  # the centre hex; the others take `fill`
    stroke: str | None = "ink"
    stroke_width: StrokeWidth = 0.5
    outline: str | None = None
    outline_width: StrokeWidth = 1.0
    axes: str | None = None
    axes_width: StrokeWidth = 0.4
    bleed: bool = True  # run the outer hexes' fill out into the bleed, so a slightly wide cut shows no paper


MODEL = HexGrid
FILLED = False


def paint(c: Canvas, el: HexGrid, ctx: PaintContext) -> None:
    centres = hex_cluster_centres(el.cx, el.cy, el.r, el.rings, el.orientation)
    boundary = hex_outer_boundary(centres, el.r, el.orientation)

    def polygon(points, stroke: int, fill: int) -> None:
        path = c.beginPath()
        _trace(path, points, ctx)
        c.drawPath(path, stroke=stroke, fill=fill)

    if is_laid(el.fill):  # one gradient or pattern across the cluster, run out into the bleed
        grown = el.r + (2 * ctx.bleed / math.sqrt(3) if el.bleed else 0)  # each face ctx.bleed further out
        path = c.beginPath()
        for x, y in centres:
            _trace(path, hex_corners(x, y, grown, el.orientation), ctx)
        lay(c, ctx, el.fill, path, boundary, nonzero=True)
    elif el.bleed and ctx.bleed and el.fill:
        c.saveState()
        c.setLineJoin(1)
        set_paint(c, ctx, el.fill, el.fill, 2 * ctx.bleed)
        polygon(boundary, 1, 1)
        c.restoreState()
    for i, (x, y) in enumerate(centres):
        corners = hex_corners(x, y, el.r, el.orientation)
        fill = el.centre_fill if i == 0 and el.centre_fill else el.fill
        if is_laid(fill):
            if i == 0 and el.centre_fill:
                path = c.beginPath()
                _trace(path, corners, ctx)
                lay(c, ctx, fill, path, corners)
            fill = None
        f, s = set_paint(c, ctx, fill, el.stroke, el.stroke_width)
        polygon(corners, s, f)
    if el.axes:
        set_paint(c, ctx, None, el.axes, el.axes_width)
        c.setDash([1.5, 1.5])
        x0, y0 = centres[0]
        reach = el.rings + 0.5  # on to the midpoint of the outermost hex's far face
        for x, y in centres[1:7]:
            c.line(ctx.px(x0), ctx.py(y0), ctx.px(x0 + (x - x0) * reach), ctx.py(y0 + (y - y0) * reach))
        c.setDash()
    if el.outline:
        c.saveState()
        c.setLineJoin(1)
        set_paint(c, ctx, None, el.outline, el.outline_width)
        polygon(boundary, 1, 0)
        c.restoreState()


def _trace(path, points, ctx: PaintContext) -> None:
    path.moveTo(ctx.px(points[0][0]), ctx.py(points[0][1]))
    for x, y in points[1:]:
        path.lineTo(ctx.px(x), ctx.py(y))
    path.close()


def outline(el: HexGrid, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    centres = hex_cluster_centres(el.cx, el.cy, el.r, el.rings, el.orientation)
    pad = max(el.stroke_width / 2 if el.stroke else 0, el.outline_width / 2 if el.outline else 0)
    return padded(hex_outer_boundary(centres, el.r, el.orientation), pad)
