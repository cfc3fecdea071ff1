"""`text`: a field-bound line or paragraph in a box; plain text is set directly (with `tracking`, its
letters spaced; with `path: arc`, along a circle), marked-up text (bold, italic, spans of their own
colour, size, font and style, inline icons) and hyphenated text through reportlab's Paragraph."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Literal

from generator.core.numbers import Degrees, FontSize, Leading, PositiveLength, finite
from generator.draw.bindings import format_text
from generator.draw.glyphs import draw_glyph
from generator.draw.ink import Point, box_points
from generator.draw.overprint import overprint_from_here
from generator.draw.paint import PaintContext, is_small_black
from generator.draw.richtext import ICON_CALLBACK, RichStyle, fit_paragraph, icon_drawer, is_rich
from generator.draw.textpath import arc_letters, letter_space, tracked_width
from generator.elements.args.groups import Box, Element

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Text(Box, Element):
    """Words in a box: a field's value (`{field}`) or the template's own. Rich text takes bold, italic,
    strike-through, spans `[words](gold,12pt,font=NAME,underline,strike,smallcaps)` and icons `:coin:`;
    `fit` wraps and shrinks it, `hyphenate` breaks words at syllables in the game's language,
    `tracking` spaces the letters of one line, and `path: arc` sets one line along a circle."""

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
    tracking: finite(-500, 1000) = 0  # letter spacing in thousandths of an em (plain text on one line, or an arc)
    hyphenate: bool = False  # break words at syllables, in the game's language (with fit wrap or wrap-shrink)
    path: Literal["box", "arc"] = "box"  # arc: one line along a circle centred in the box
    radius: PositiveLength | None = None  # arc: the baseline's distance from the box's centre
    start: Degrees = 90  # arc: degrees counter-clockwise from the right where the text sits (by its align)
    direction: Literal["clockwise", "counterclockwise"] = "clockwise"  # arc: letters outward, or inward


MODEL = Text
FILLED = False


def typeset_as_paragraph(el: Text, content: str) -> bool:
    """Marked-up, wrap-shrink and hyphenated text goes through reportlab's Paragraph."""
    return el.path == "box" and (is_rich(content, el.fit) or el.hyphenate)


def plain_layout(el: Text, content: str, font: str) -> tuple[float, list[str]]:
    """The size plain text prints at (`fit: shrink` makes it smaller until its tracked width fits)
    and its rows (`fit: wrap` breaks it at spaces)."""
    from reportlab.lib.utils import simpleSplit  # reportlab loads only for painting, not for reading looks

    size = el.size
    if el.fit == "shrink":
        while size > el.min_size and tracked_width(content, font, size, el.tracking) > el.w:
            size -= 0.25
    return size, simpleSplit(content, font, size, el.w) if el.fit == "wrap" else [content]


def paint(c: Canvas, el: Text, ctx: PaintContext) -> None:
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
    from reportlab.pdfbase.pdfmetrics import stringWidth

    step = size * el.leading
    block = size + step * (len(rows) - 1)
    if el.valign == "top":
        first = el.y + size * 0.8
    elif el.valign == "bottom":
        first = el.y + el.h - block + size * 0.8
    else:
        first = el.y + (el.h - block) / 2 + size * 0.78
    for i, row in enumerate(rows):
        obj = _text_object(c, el, font, size, el.tracking)
        width = tracked_width(row, font, size, el.tracking) if el.tracking else stringWidth(row, font, size)
        dx = {"left": 0, "centre": (el.w - width) / 2, "right": el.w - width}[el.align]
        obj.setTextOrigin(ctx.px(el.x + dx), ctx.py(first + i * step))
        obj.textOut(row)
        c.drawText(obj)


def _text_ink(c: Canvas, el: Text, ctx: PaintContext, size: float) -> None:
    """Fill (and outline) colours of plain text."""
    from reportlab.lib.colors import CMYKColor

    c.setFillColor(ctx.paint(el.colour))
    if ctx.small_black_as_k and is_small_black(ctx.paint(el.colour), size):
        c.setFillColor(CMYKColor(0, 0, 0, 1, alpha=ctx.opacity))
        overprint_from_here(c)   # the black prints over what is beneath: a shifted plate leaves no halo
    if el.outline:
        c.setStrokeColor(ctx.paint(el.outline))
        c.setLineWidth(max(0.3, size / 40))


def _text_object(c: Canvas, el: Text, font: str, size: float, tracking: float):
    obj = c.beginText()
    obj.setFont(font, size)
    if el.outline:
        obj.setTextRenderMode(2)
    if tracking:
        obj.setCharSpace(letter_space(size, tracking))
    return obj


def arc_text(c: Canvas, el: Text, ctx: PaintContext, content: str, font: str) -> None:
    """One line along a circle centred in the element's box, each letter turned to its place."""
    cx, cy = ctx.px(el.x + el.w / 2), ctx.py(el.y + el.h / 2)
    for letter in arc_letters(content, font, el.size, el.tracking, el.radius, el.start,
                              el.direction == "clockwise", el.align):
        c.saveState()
        c.translate(cx + letter.x, cy + letter.y)
        c.rotate(letter.turn)
        obj = _text_object(c, el, font, el.size, 0)
        obj.setTextOrigin(-letter.width / 2, 0)
        obj.textOut(letter.letter)
        c.drawText(obj)
        c.restoreState()


def rich_style(el: Text, ctx: PaintContext) -> RichStyle:
    return text_style(el, ctx.font, ctx.colour, ctx.paint(el.colour), ctx.language)


def text_style(el: Text, font: Callable[[str], str], colour_of: Callable[[str], Any], colour: Any,
               language: str) -> RichStyle:
    """How a text element's rich text is typeset (the painter and the print-safety check agree)."""
    return RichStyle(font(el.font), font(el.bold_font), font(el.italic_font), el.size, el.leading, colour,
                     el.align, colour_of, font, language if el.hyphenate else "")


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
