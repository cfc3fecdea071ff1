"""`text`: a field-bound line or paragraph in a box; plain text is set directly, marked-up text
(bold, italic, colour, inline icons) through reportlab's Paragraph."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from generator.core.numbers import FontSize, Leading
from generator.draw.bindings import format_text
from generator.draw.glyphs import draw_glyph
from generator.draw.ink import Point, box_points
from generator.draw.overprint import overprint_from_here
from generator.draw.paint import PaintContext, is_small_black
from generator.draw.richtext import ICON_CALLBACK, RichStyle, fit_paragraph, icon_drawer, is_rich
from generator.elements.args.groups import Box, Element

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Text(Box, Element):
    kind: Literal["text"]
    text: str
    font: str = "body"
    bold_font: str = "bold"      # what **bold** in the text is set in
    italic_font: str = "italic"  # and *italic*
    size: FontSize = 9
    colour: str = "ink"
    outline: str | None = None
    align: Literal["left", "centre", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "middle"
    fit: Literal["shrink", "wrap", "wrap-shrink", "none"] = "none"
    min_size: FontSize = 4  # the floor `shrink` and `wrap-shrink` stop at
    leading: Leading = 1.2
    labels: dict[str, str] = {}  # map a field's raw value to printed text


MODEL = Text
FILLED = False


def paint(c: Canvas, el: Text, ctx: PaintContext) -> None:
    content = format_text(el.text, ctx.values, el.labels)
    if is_rich(content, el.fit):
        rich_text(c, el, ctx, content)
        return
    from reportlab.lib.colors import CMYKColor  # reportlab loads only for painting, not for reading looks
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font, size = ctx.font(el.font), el.size
    if el.fit == "shrink":
        while size > el.min_size and stringWidth(content, font, size) > el.w:
            size -= 0.25
    rows = simpleSplit(content, font, size, el.w) if el.fit == "wrap" else [content]
    step = size * el.leading
    block = size + step * (len(rows) - 1)
    if el.valign == "top":
        first = el.y + size * 0.8
    elif el.valign == "bottom":
        first = el.y + el.h - block + size * 0.8
    else:
        first = el.y + (el.h - block) / 2 + size * 0.78
    c.setFillColor(ctx.paint(el.colour))
    if ctx.small_black_as_k and is_small_black(ctx.paint(el.colour), size):
        c.setFillColor(CMYKColor(0, 0, 0, 1, alpha=ctx.opacity))
        overprint_from_here(c)   # the black prints over what is beneath: a shifted plate leaves no halo
    if el.outline:
        c.setStrokeColor(ctx.paint(el.outline))
        c.setLineWidth(max(0.3, size / 40))
    for i, row in enumerate(rows):
        obj = c.beginText()
        obj.setFont(font, size)
        if el.outline:
            obj.setTextRenderMode(2)
        width = stringWidth(row, font, size)
        dx = {"left": 0, "centre": (el.w - width) / 2, "right": el.w - width}[el.align]
        obj.setTextOrigin(ctx.px(el.x + dx), ctx.py(first + i * step))
        obj.textOut(row)
        c.drawText(obj)


def rich_style(el: Text, ctx: PaintContext) -> RichStyle:
    return RichStyle(ctx.font(el.font), ctx.font(el.bold_font), ctx.font(el.italic_font), el.size, el.leading,
                     ctx.paint(el.colour), el.align, ctx.colour)


def rich_text(c: Canvas, el: Text, ctx: PaintContext, content: str) -> None:
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


def outline(el: Text, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    """The text's box (the print-safety check measures the printed rows themselves, with their fonts)."""
    return box_points(el.x, el.y, el.w, el.h)
