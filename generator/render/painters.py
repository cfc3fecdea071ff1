"""One painter per element kind. Each takes (canvas, element, ctx) with everything already resolved
to points; ctx maps the template's top-left, y-down millimetre grid onto the page."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from reportlab.lib.colors import CMYKColor
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.render.bindings import format_text, resolve
from generator.render.overprint import overprint_from_here
from generator.render.richtext import ICON_CALLBACK, RichStyle, fit_paragraph, icon_drawer, is_rich
from generator.render.textpath import arc_letters, letter_space, tracked_width


@dataclass
class PaintContext:
    """Where a face goes on the page and how names resolve while painting it."""

    x0: float            # page x of the trim's left edge
    top: float           # page y of the trim's top edge
    width: float
    height: float
    bleed: float
    values: dict[str, Any]
    colour: Callable[[str], Any]
    font: Callable[[str], str]
    shape: Callable[[str], Any]
    image: Callable[[str], Any]
    background: Any = None
    warnings: list[str] = field(default_factory=list)
    small_black_as_k: bool = False   # CMYK: small near-black text as pure K, overprinting
    language: str = ""               # the game's language: hyphenation's dictionary

    def px(self, x: float) -> float:
        return self.x0 + x

    def py(self, y: float) -> float:
        return self.top - y

    def paint(self, name: str | None):
        return None if name is None else self.colour(resolve(name, self.values))


SMALL_TEXT_PT = 12   # text below this size in near-black prints as pure K when the profile asks
NEAR_BLACK_K = 0.9   # a CMYK colour with at least this much black counts as black


def is_small_black(colour: Any, size: float) -> bool:
    return isinstance(colour, CMYKColor) and size < SMALL_TEXT_PT and colour.black >= NEAR_BLACK_K


def _set_paint(c: Canvas, ctx: PaintContext, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
    fill_colour, stroke_colour = ctx.paint(fill), ctx.paint(stroke)
    if fill_colour is not None:
        c.setFillColor(fill_colour)
    if stroke_colour is not None:
        c.setStrokeColor(stroke_colour)
        c.setLineWidth(width)
    return int(fill_colour is not None), int(stroke_colour is not None)


def background(c: Canvas, el, ctx: PaintContext) -> None:
    colour = ctx.paint(el.fill)
    ctx.background = colour
    c.setFillColor(colour)
    b = ctx.bleed + (0.3 if ctx.bleed else 0)  # a hair into the neighbour's bleed hides seams
    c.rect(ctx.x0 - b, ctx.top - ctx.height - b, ctx.width + 2 * b, ctx.height + 2 * b, stroke=0, fill=1)


def rect(c: Canvas, el, ctx: PaintContext) -> None:
    fill, stroke = _set_paint(c, ctx, el.fill, el.stroke, el.stroke_width)
    x, y = ctx.px(el.x), ctx.py(el.y + el.h)
    if el.radius:
        c.roundRect(x, y, el.w, el.h, el.radius, stroke=stroke, fill=fill)
    else:
        c.rect(x, y, el.w, el.h, stroke=stroke, fill=fill)


def circle(c: Canvas, el, ctx: PaintContext) -> None:
    fill, stroke = _set_paint(c, ctx, el.fill, el.stroke, el.stroke_width)
    c.circle(ctx.px(el.cx), ctx.py(el.cy), el.r, stroke=stroke, fill=fill)


def diamond(c: Canvas, el, ctx: PaintContext) -> None:
    fill, stroke = _set_paint(c, ctx, el.fill, el.stroke, el.stroke_width)
    cx, cy, hw, hh = ctx.px(el.cx), ctx.py(el.cy), el.w / 2, el.h / 2
    path = c.beginPath()
    path.moveTo(cx, cy + hh)
    path.lineTo(cx + hw, cy)
    path.lineTo(cx, cy - hh)
    path.lineTo(cx - hw, cy)
    path.close()
    c.drawPath(path, stroke=stroke, fill=fill)


def polygon(c: Canvas, el, ctx: PaintContext) -> None:
    fill, stroke = _set_paint(c, ctx, el.fill if el.closed else None, el.stroke, el.stroke_width)
    path = c.beginPath()
    path.moveTo(ctx.px(el.points[0][0]), ctx.py(el.points[0][1]))
    for x, y in el.points[1:]:
        path.lineTo(ctx.px(x), ctx.py(y))
    if el.closed:
        path.close()
    c.drawPath(path, stroke=stroke, fill=fill)


def hexagon(c: Canvas, el, ctx: PaintContext) -> None:
    fill, stroke = _set_paint(c, ctx, el.fill, el.stroke, el.stroke_width)
    cx, cy = ctx.px(el.cx), ctx.py(el.cy)
    offset = 0 if el.orientation == "flat" else 30
    path = c.beginPath()
    for i in range(6):
        angle = math.radians(60 * i + offset)
        point = (cx + el.r * math.cos(angle), cy + el.r * math.sin(angle))
        path.moveTo(*point) if i == 0 else path.lineTo(*point)
    path.close()
    c.drawPath(path, stroke=stroke, fill=fill)


def line(c: Canvas, el, ctx: PaintContext) -> None:
    _set_paint(c, ctx, None, el.stroke, el.stroke_width)
    if el.dash:
        c.setDash(el.dash)
    c.line(ctx.px(el.x1), ctx.py(el.y1), ctx.px(el.x2), ctx.py(el.y2))
    if el.dash:
        c.setDash()


def lines(c: Canvas, el, ctx: PaintContext) -> None:
    _set_paint(c, ctx, None, el.stroke, el.stroke_width)
    y = el.spacing
    while y <= el.h + 0.01:
        c.line(ctx.px(el.x), ctx.py(el.y + y), ctx.px(el.x + el.w), ctx.py(el.y + y))
        y += el.spacing


def typeset_as_paragraph(el, content: str) -> bool:
    """Marked-up, wrap-shrink and hyphenated text goes through reportlab's Paragraph."""
    return el.path == "box" and (is_rich(content, el.fit) or el.hyphenate)


def plain_layout(el, content: str, font: str) -> tuple[float, list[str]]:
    """The size plain text prints at (`fit: shrink` makes it smaller until its tracked width fits)
    and its rows (`fit: wrap` breaks it at spaces)."""
    size = el.size
    if el.fit == "shrink":
        while size > el.min_size and tracked_width(content, font, size, el.tracking) > el.w:
            size -= 0.25
    return size, simpleSplit(content, font, size, el.w) if el.fit == "wrap" else [content]


def text(c: Canvas, el, ctx: PaintContext) -> None:
    content = format_text(el.text, ctx.values, el.labels)
    if typeset_as_paragraph(el, content):
        rich_text(c, el, ctx, content)
        return
    font = ctx.font(el.font)
    size, rows = (el.size, [content]) if el.path == "arc" else plain_layout(el, content, font)
    _text_ink(c, el, ctx, size)
    if el.path == "arc":
        arc_text(c, el, ctx, content, font)
        return
    step = size * el.leading
    block = size + step * (len(rows) - 1)
    if el.valign == "top":
        first = el.y + size * 0.8
    elif el.valign == "bottom":
        first = el.y + el.h - block + size * 0.8
    else:
        first = el.y + (el.h - block) / 2 + size * 0.78
    for i, row in enumerate(rows):
        obj = _text_object(c, el, font, size)
        width = tracked_width(row, font, size, el.tracking) if el.tracking else stringWidth(row, font, size)
        dx = {"left": 0, "centre": (el.w - width) / 2, "right": el.w - width}[el.align]
        obj.setTextOrigin(ctx.px(el.x + dx), ctx.py(first + i * step))
        obj.textOut(row)
        c.drawText(obj)


def _text_ink(c: Canvas, el, ctx: PaintContext, size: float) -> None:
    """Fill (and outline) colours of plain text."""
    c.setFillColor(ctx.paint(el.colour))
    if ctx.small_black_as_k and is_small_black(ctx.paint(el.colour), size):
        c.setFillColor(CMYKColor(0, 0, 0, 1))
        overprint_from_here(c)   # the black prints over what is beneath: a shifted plate leaves no halo
    if el.outline:
        c.setStrokeColor(ctx.paint(el.outline))
        c.setLineWidth(max(0.3, size / 40))


def _text_object(c: Canvas, el, font: str, size: float):
    obj = c.beginText()
    obj.setFont(font, size)
    if el.outline:
        obj.setTextRenderMode(2)
    if el.tracking:
        obj.setCharSpace(letter_space(size, el.tracking))
    return obj


def arc_text(c: Canvas, el, ctx: PaintContext, content: str, font: str) -> None:
    """One line along a circle centred in the element's box, each letter turned to its place."""
    cx, cy = ctx.px(el.x + el.w / 2), ctx.py(el.y + el.h / 2)
    for letter in arc_letters(content, font, el.size, el.tracking, el.radius, el.start,
                              el.direction == "clockwise", el.align):
        c.saveState()
        c.translate(cx + letter.x, cy + letter.y)
        c.rotate(letter.turn)
        obj = _text_object(c, el, font, el.size)
        obj.setTextOrigin(-letter.width / 2, 0)
        obj.textOut(letter.letter)
        c.drawText(obj)
        c.restoreState()


def rich_style(el, ctx: PaintContext) -> RichStyle:
    return text_style(el, ctx.font, ctx.colour, ctx.paint(el.colour), ctx.language)


def text_style(el, font: Callable[[str], str], colour_of: Callable[[str], Any], colour: Any,
               language: str) -> RichStyle:
    """How a text element's rich text is typeset (the painter and the print-safety check agree)."""
    return RichStyle(font(el.font), font(el.bold_font), font(el.italic_font), el.size, el.leading, colour,
                     el.align, colour_of, font, language if getattr(el, "hyphenate", False) else "")


def rich_text(c: Canvas, el, ctx: PaintContext, content: str) -> None:
    """Marked-up text through reportlab's Paragraph, inline icons drawn by a callback (see richtext)."""
    para, _, _, used_h = fit_paragraph(content, rich_style(el, ctx), el.w, el.h, el.fit, el.min_size)
    top = {"top": el.y, "bottom": el.y + el.h - used_h}.get(el.valign, el.y + (el.h - used_h) / 2)
    colour = ctx.paint(el.colour)

    def draw_icon(canvas, label, left, top_y, side):
        name, _, own_colour = label.partition("@")
        paint = ctx.paint(own_colour) if own_colour else colour
        draw_glyph(canvas, ctx.shape(name).shapes, paint, ctx.background, left, top_y, side)

    c.setNamedCB(ICON_CALLBACK, icon_drawer(draw_icon))
    para.drawOn(c, ctx.px(el.x), ctx.py(top + used_h))


def ring(c: Canvas, el, ctx: PaintContext) -> None:
    count = int(resolve(el.count, ctx.values))
    fill, stroke = _set_paint(c, ctx, el.fill, el.stroke, el.stroke_width)
    cx, cy = ctx.px(el.cx), ctx.py(el.cy)
    for i in range(count):
        angle = math.radians(el.start - 360 * i / count)
        c.circle(cx + el.r * math.cos(angle), cy + el.r * math.sin(angle), el.dot, stroke=stroke, fill=fill)


def petals(c: Canvas, el, ctx: PaintContext) -> None:
    count = int(resolve(el.count, ctx.values))
    fill, stroke = _set_paint(c, ctx, el.fill, el.stroke, el.stroke_width)
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


def glyph(c: Canvas, el, ctx: PaintContext) -> None:
    scale = min(el.w, el.h)
    left = ctx.px(el.x) + (el.w - scale) / 2
    top = ctx.py(el.y) - (el.h - scale) / 2
    draw_glyph(c, ctx.shape(resolve(el.glyph, ctx.values)).shapes, ctx.paint(el.colour), ctx.background,
               left, top, scale)


def draw_glyph(c: Canvas, shapes, colour, knockout, left: float, top: float, scale: float) -> None:
    """A glyph's shapes (drawn in a unit square, y down) in a square of `scale` points at (left, top)."""
    def at(u: float, v: float) -> tuple[float, float]:
        return left + u * scale, top - v * scale

    for shape in shapes:
        paint = knockout if shape.style == "knockout" else colour
        c.setFillColor(paint)
        c.setStrokeColor(paint)
        c.setLineWidth(shape.weight * scale)
        c.setLineJoin(1)
        c.setLineCap(1)
        outline = shape.style == "outline"
        if shape.circle:
            u, v, r = shape.circle
            c.circle(*at(u, v), r * scale, stroke=int(outline), fill=int(not outline))
            continue
        points = shape.polygon or shape.polyline
        path = c.beginPath()
        path.moveTo(*at(*points[0]))
        for point in points[1:]:
            path.lineTo(*at(*point))
        if shape.polygon:
            path.close()
        open_line = shape.polyline is not None
        c.drawPath(path, stroke=int(outline or open_line), fill=int(not outline and not open_line))
    c.setLineCap(0)
    c.setLineJoin(0)


def image(c: Canvas, el, ctx: PaintContext) -> None:
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


# Hexagon geometry for hex-grid elements, in millimetre points with y down; r is centre to corner.
# Neighbouring hexes share a whole flat face: their centres lie sqrt(3) * r apart, across that face.
def _hex_offset(orientation: str) -> float:
    return 0.0 if orientation == "flat" else 30.0


def hex_corners(x: float, y: float, r: float, orientation: str) -> list[tuple[float, float]]:
    a0 = _hex_offset(orientation)
    return [(x + r * math.cos(math.radians(a0 + 60 * k)), y + r * math.sin(math.radians(a0 + 60 * k)))
            for k in range(6)]


def hex_cluster_centres(cx: float, cy: float, r: float, rings: int, orientation: str) -> list[tuple[float, float]]:
    """The centre hex first, then ring after ring (each ring in order round the centre).

    >>> len(hex_cluster_centres(0, 0, 10, 1, "flat")), len(hex_cluster_centres(0, 0, 10, 2, "flat"))
    (7, 19)
    """
    step = math.sqrt(3) * r
    a0 = _hex_offset(orientation) + 30  # neighbours lie across the faces, between two corners
    dirs = [(math.cos(math.radians(a0 + 60 * k)), math.sin(math.radians(a0 + 60 * k))) for k in range(6)]
    out = [(cx, cy)]
    for ring in range(1, rings + 1):
        x, y = cx + dirs[4][0] * step * ring, cy + dirs[4][1] * step * ring
        for side in range(6):
            for _ in range(ring):
                out.append((x, y))
                x, y = x + dirs[side][0] * step, y + dirs[side][1] * step
    return out


def hex_outer_boundary(centres: list[tuple[float, float]], r: float, orientation: str) -> list[tuple[float, float]]:
    """The cluster's outer edge as one closed polygon (corners in order)."""
    def key(p: tuple[float, float]) -> tuple[int, int]:
        return round(p[0] * 1000), round(p[1] * 1000)

    edges: dict[tuple, tuple] = {}
    count: dict[frozenset, int] = {}
    for x, y in centres:
        pts = hex_corners(x, y, r, orientation)
        for k in range(6):
            a, b = pts[k], pts[(k + 1) % 6]
            count[frozenset((key(a), key(b)))] = count.get(frozenset((key(a), key(b))), 0) + 1
            edges[(key(a), key(b))] = (a, b)
    outer = {ka: (a, b) for (ka, kb), (a, b) in edges.items() if count[frozenset((ka, kb))] == 1}
    start = min(outer)
    ring, at = [], start
    while True:
        a, b = outer[at]
        ring.append(a)
        at = key(b)
        if at == start or len(ring) > len(outer):
            return ring


def hexgrid(c: Canvas, el, ctx: PaintContext) -> None:
    centres = hex_cluster_centres(el.cx, el.cy, el.r, el.rings, el.orientation)
    boundary = hex_outer_boundary(centres, el.r, el.orientation)

    def polygon(points, stroke: int, fill: int) -> None:
        path = c.beginPath()
        path.moveTo(ctx.px(points[0][0]), ctx.py(points[0][1]))
        for x, y in points[1:]:
            path.lineTo(ctx.px(x), ctx.py(y))
        path.close()
        c.drawPath(path, stroke=stroke, fill=fill)

    if el.bleed and ctx.bleed and el.fill:
        c.saveState()
        c.setLineJoin(1)
        _set_paint(c, ctx, el.fill, el.fill, 2 * ctx.bleed)
        polygon(boundary, 1, 1)
        c.restoreState()
    for i, (x, y) in enumerate(centres):
        fill = el.centre_fill if i == 0 and el.centre_fill else el.fill
        f, s = _set_paint(c, ctx, fill, el.stroke, el.stroke_width)
        polygon(hex_corners(x, y, el.r, el.orientation), s, f)
    if el.axes:
        _set_paint(c, ctx, None, el.axes, el.axes_width)
        c.setDash([1.5, 1.5])
        x0, y0 = centres[0]
        reach = el.rings + 0.5  # on to the midpoint of the outermost hex's far face
        for x, y in centres[1:7]:
            c.line(ctx.px(x0), ctx.py(y0), ctx.px(x0 + (x - x0) * reach), ctx.py(y0 + (y - y0) * reach))
        c.setDash()
    if el.outline:
        c.saveState()
        c.setLineJoin(1)
        _set_paint(c, ctx, None, el.outline, el.outline_width)
        polygon(boundary, 1, 0)
        c.restoreState()


PAINTERS: dict[str, Callable[[Canvas, Any, PaintContext], None]] = {
    "background": background, "rect": rect, "circle": circle, "diamond": diamond, "hexagon": hexagon,
    "line": line, "lines": lines, "text": text, "ring": ring, "petals": petals, "glyph": glyph, "image": image,
    "hexgrid": hexgrid, "polygon": polygon,
}
