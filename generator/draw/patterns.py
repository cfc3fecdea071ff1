"""Image patterns: a fill that repeats one image across a shape, as a PDF tiling pattern. The image
is drawn once into a small form (one image XObject, or vector shapes for SVG art) and the viewer or
RIP repeats it, so a pattern costs the same however many tiles show, the tiles meet without seams,
and an opacity or a blend applies to the fill as a whole."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from generator.draw.art import art_size, place_art
from generator.draw.bindings import resolve

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

Box = tuple[float, float, float, float]  # left, top, width, height (template points, y down)


def is_pattern(fill: Any) -> bool:
    return getattr(fill, "image", None) is not None


def tile_size(scale: float, art: Any) -> tuple[float, float]:
    """One tile's width and height: ``scale`` wide, as tall as the art's proportions make it."""
    w, h = art_size(art)
    return scale, scale * h / w


def box_of(points: list[tuple[float, float]]) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def tile(c: Canvas, ctx: Any, pattern, points: list[tuple[float, float]]) -> None:
    """Paint a pattern over the current clip: its `over` colour, then the image repeated from the
    top-left corner of the box round ``points`` (template coordinates), on out into the bleed.
    ``ctx`` is the painter's PaintContext (paint.py, which calls this)."""
    left, top, width, height = box_of(points)
    reach = ctx.bleed + 1  # past the box: a background's clip runs out into the bleed
    x0, y0, x1, y1 = ctx.px(left) - reach, ctx.py(top + height) - reach, ctx.px(left + width) + reach, ctx.py(top) + reach
    if pattern.over is not None:
        c.setFillColor(ctx.paint(pattern.over))
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    art = ctx.image(resolve(pattern.image, ctx.values))
    w, h = tile_size(pattern.scale, art)
    cell = _cell(c, art, resolve(pattern.image, ctx.values), w, h)
    filled = _filled_form(c, cell, (w, h), (ctx.px(left), ctx.py(top) - h), (x0, y0, x1, y1))
    c.saveState()
    if pattern.opacity * ctx.opacity < 1:
        c.setFillAlpha(pattern.opacity * ctx.opacity)
    if pattern.blend != "normal":
        c.setBlendMode(pattern.blend.capitalize())
    c.doForm(filled)
    c.restoreState()


def _names(c: Canvas) -> dict:
    return c.__dict__.setdefault("_pnp_patterns", {})  # per canvas: forms and patterns live in one file


def _cell(c: Canvas, art: Any, name: str, w: float, h: float) -> str:
    """The form holding one tile: the art fitted to w x h points (drawn once a file for each size)."""
    names = _names(c)
    key = ("cell", name, round(w, 4), round(h, 4))
    if key not in names:
        from generator.draw.forms import end_form  # reportlab loads only for painting, not for reading looks
        names[key] = f"patterncell{len(names)}"
        c.beginForm(names[key], 0, 0, w, h)
        place_art(c, art, 0, 0, w, h)
        end_form(c)
    return names[key]


def _filled_form(c: Canvas, cell: str, size: tuple[float, float], origin: tuple[float, float],
                 area: tuple[float, float, float, float]) -> str:
    """A form that fills ``area`` (page points: x0, y0, x1, y1) with a tiling pattern repeating the
    ``cell`` form, one of its tiles with its bottom-left corner at ``origin``. Being its own form, it
    carries the pattern in its own resources, and the pattern's space is the space it is drawn in."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFResourceDictionary, PDFStream

    names = _names(c)
    number = len(names)
    doc, (w, h) = c._doc, size
    cell_name = doc.getXObjectName(cell)
    stream = PDFStream(PDFDictionary({
        "Type": PDFName("Pattern"), "PatternType": 1, "PaintType": 1, "TilingType": 1,
        "BBox": PDFArray([0, 0, w, h]), "XStep": w, "YStep": h, "Matrix": PDFArray([1, 0, 0, 1, *origin]),
        "Resources": PDFDictionary({"XObject": doc.xobjDict([cell])})}), f"{cell_name} Do".join("/\n").encode())
    stream.filters = []
    pattern = doc.Reference(stream, f"PnpPattern{number}")
    names[("pattern", number)] = form = f"patternfill{number}"
    x0, y0, x1, y1 = area
    c.beginForm(form, x0, y0, x1, y1)
    c._code.append(f"/Pattern cs /P0 scn {x0:.4f} {y0:.4f} {x1 - x0:.4f} {y1 - y0:.4f} re f")
    resources = PDFResourceDictionary()
    resources.Pattern = {"P0": pattern}
    c.endForm(Resources=resources)
    return form
