"""Rich text in a text element: `**bold**`, `*italic*`, a line break, `[words](colour)` and inline
icons `:coin:` (a game glyph or an icon of icons.yaml), typeset by reportlab's Paragraph.

The markup is parsed by markdown-it (emphasis, links and line breaks only) and turned into
Paragraph's own mark-up: bold and italic take the style's `bold` and `italic` fonts, a link's
target names a colour. An icon is drawn as vector art by a Paragraph callback, an em wide, sitting
on the baseline, in a space the text leaves for it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reportlab.platypus import Paragraph

ICON = re.compile(r":([a-z0-9][a-z0-9_-]*):")
_COLOUR_LINK = re.compile(r'<a href="([^"]*)">')
_BREAK = re.compile(r"<br\s*/?>\n?")
_COLOURED = re.compile(r'<a href="([^"]*)">(.*?)</a>', re.S)  # icons inside take the link's colour
_MARKED_ICON = re.compile(r":([a-z0-9][a-z0-9_-]*(?:@[^:\s\"<>]+)?):")
_MARKUP = re.compile(r"\*|(?<![A-Za-z0-9])_|\]\(|:[a-z0-9][a-z0-9_-]*:|\n")
ICON_CALLBACK = "pnp_icon"
ICON_EM = 1.0      # an icon is this many font sizes wide and high
ICON_DROP = 0.12   # and sits this far (in font sizes) below the baseline, as a round letter's bowl does
NBSP_EM = 0.318    # width of a no-break space in an em (Bitstream Vera; close enough for most faces)


def is_rich(text: str, fit: str) -> bool:
    return fit == "wrap-shrink" or bool(_MARKUP.search(text))


@lru_cache(maxsize=1)
def _markdown():
    from markdown_it import MarkdownIt  # imported only when some text is marked up

    return MarkdownIt("zero", {"breaks": True}).enable(["emphasis", "link", "newline", "escape"])


@lru_cache(maxsize=4096)
def _html(text: str) -> str:
    return _markdown().renderInline(text)


def names_used(text: str) -> tuple[list[str], list[str]]:
    """(icons, colours) a text's markup names, for checking them before drawing."""
    html = _html(text)
    return ICON.findall(html), _COLOUR_LINK.findall(html)


@dataclass
class RichStyle:
    font: str              # reportlab font names
    bold: str
    italic: str
    size: float
    leading: float         # a multiple of the size
    colour: object
    align: str
    colour_of: Callable[[str], object]


def paragraph(content: str, style: RichStyle) -> "Paragraph":
    size = style.size
    markup = _COLOURED.sub(_mark_icon_colour, _html(content))
    markup = (markup.replace("<strong>", f'<font name="{style.bold}">').replace("</strong>", "</font>")
              .replace("<em>", f'<font name="{style.italic}">').replace("</em>", "</font>")
              .replace("</a>", "</font>"))
    markup = _BREAK.sub("<br/>", markup)
    markup = _COLOUR_LINK.sub(lambda m: f'<font color="{_css(style.colour_of(m.group(1)))}">', markup)
    space = f'<font size="{size * ICON_EM / NBSP_EM:.3f}">&nbsp;</font>'
    markup = _MARKED_ICON.sub(lambda m: f'<onDraw name="{ICON_CALLBACK}" label="{m.group(1)}"/>{space}', markup)
    from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    alignment = {"left": TA_LEFT, "centre": TA_CENTER, "right": TA_RIGHT}[style.align]
    para_style = ParagraphStyle("pnp", fontName=style.font, fontSize=size, leading=size * style.leading,
                                textColor=style.colour, alignment=alignment)
    return Paragraph(markup, para_style)


def _mark_icon_colour(link: re.Match) -> str:
    """`[:coin:](gold)`: the icons inside a colour link are drawn in its colour (`:coin@gold:`)."""
    inner = ICON.sub(lambda icon: f":{icon.group(1)}@{link.group(1)}:", link.group(2))
    return f'<a href="{link.group(1)}">{inner}</a>'


def fit_paragraph(content: str, style: RichStyle, width: float, height: float, fit: str,
                  floor: float) -> tuple["Paragraph", float, float, float]:
    """(paragraph, size, width used, height used): rich text always wraps; with `shrink` or
    `wrap-shrink` it then shrinks, a quarter point at a time, until it fits or reaches the floor."""
    while True:
        para = paragraph(content, style)
        used_w, used_h = para.wrap(width, height * 10)
        widest = max((width - _extra_space(line) for line in _lines(para)), default=used_w)
        fits = used_h <= height + 0.05 and widest <= width + 0.05
        if fit not in ("shrink", "wrap-shrink") or fits or style.size <= floor:
            return para, style.size, widest, used_h
        style.size = max(floor, style.size - 0.25)


def _lines(para: Paragraph) -> list:
    blpara = getattr(para, "blPara", None)
    return list(getattr(blpara, "lines", []) or [])


def _extra_space(line) -> float:
    """The room a wrapped line leaves (negative when one word is wider than the box)."""
    return line.extraSpace if hasattr(line, "extraSpace") else line[0]


def icon_drawer(draw_icon: Callable[[object, str, float, float, float], None]):
    """The canvas callback Paragraph calls at each icon (label `name` or `name@colour`): it draws the
    icon an em wide on the baseline."""
    def callback(canvas, kind, label):
        info = canvas._curr_tx_info
        size = info["xs"].style.fontSize  # the paragraph's size, not the wider space after the icon
        x, baseline = info["cur_x"], info["cur_y"]
        side = size * ICON_EM
        draw_icon(canvas, label, x, baseline - size * ICON_DROP + side, side)  # top-left, y up
    return callback


def _css(colour) -> str:
    if hasattr(colour, "cyan"):
        return f"cmyk({colour.cyan:.4f},{colour.magenta:.4f},{colour.yellow:.4f},{colour.black:.4f})"
    return "#" + colour.hexval()[2:]
