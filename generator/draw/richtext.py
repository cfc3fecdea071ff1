"""Rich text in a text element: `**bold**`, `*italic*`, `~~struck~~`, a line break, spans
`[words](gold,12pt,font=display,underline,smallcaps,strike)` and inline icons `:coin:` (a game glyph
or an icon of icons.yaml), typeset by reportlab's Paragraph.

The markup is parsed by markdown-it (emphasis, strike-through, links and line breaks only) and turned
into Paragraph's own mark-up: bold and italic take the style's `bold` and `italic` fonts; a link's
target is a span's list of styles, comma-separated without spaces: a colour of style.yaml, a size
in points, `font=NAME` (a font of style.yaml), `underline`, `strike` and `smallcaps` (lower-case
letters set as capitals at 80% of the size). A span's size shrinks with the text. An icon is drawn as
vector art by a Paragraph callback, an em wide, sitting on the baseline, in a space the text leaves for it.
With a hyphenation language, a word too long for its line is broken at a syllable by pyphen.
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
_MARKUP = re.compile(r"\*|(?<![A-Za-z0-9])_|\]\(|~~|:[a-z0-9][a-z0-9_-]*:|\n")
_SPAN = re.compile(r'<a href="([^"]*)">(.*?)</a>', re.S)
_UNREAD_SPAN = re.compile(r"\[[^\]]*\]\([^)]*\)")   # link syntax markdown-it did not take (a space in it)
_TAG_OR_TEXT = re.compile(r"(<[^>]*>|&[#A-Za-z0-9]+;)")
_LOWER_RUNS = re.compile(r"([^\W\d_]+)")
_SIZE = re.compile(r"^(\d+(?:\.\d+)?)pt$")
SPAN_STYLES = ("underline", "strike", "smallcaps")
SMALL_CAPS = 0.8   # a small capital is this many font sizes high
MAX_SPAN_PT = 400
ICON_CALLBACK = "pnp_icon"
ICON_EM = 1.0      # an icon is this many font sizes wide and high
ICON_DROP = 0.12   # and sits this far (in font sizes) below the baseline, as a round letter's bowl does
NBSP_EM = 0.318    # width of a no-break space in an em (Bitstream Vera; close enough for most faces)


def is_rich(text: str, fit: str) -> bool:
    return fit == "wrap-shrink" or bool(_MARKUP.search(text))


@lru_cache(maxsize=1)
def _markdown():
    from markdown_it import MarkdownIt  # imported only when some text is marked up

    return MarkdownIt("zero", {"breaks": True}).enable(["emphasis", "link", "newline", "escape", "strikethrough"])


@lru_cache(maxsize=4096)
def _html(text: str) -> str:
    return _markdown().renderInline(text)


@dataclass(frozen=True)
class Span:
    """The styles of one `[words](...)` span."""

    colour: str | None = None
    size: float | None = None     # points, at the text's own size (shrinks with it)
    font: str | None = None       # a font name of style.yaml
    underline: bool = False
    strike: bool = False
    smallcaps: bool = False


def read_span(target: str) -> Span:
    """A span's comma-separated styles; raises ValueError naming the item it cannot read."""
    found: dict = {}
    for item in target.split(","):
        size = _SIZE.match(item)
        if item in SPAN_STYLES:
            found[item] = True
        elif size:
            if not 0 < float(size.group(1)) <= MAX_SPAN_PT:
                raise ValueError(f"{item} (a size above 0 and at most {MAX_SPAN_PT} pt)")
            found["size"] = float(size.group(1))
        elif item.startswith("font=") and len(item) > 5:
            found["font"] = item[5:]
        elif re.fullmatch(r"[a-z0-9][a-z0-9_-]*", item) and "colour" not in found:
            found["colour"] = item
        else:
            raise ValueError(item or "an empty item")
    return Span(**found)


def names_used(text: str) -> tuple[list[str], list[str]]:
    """(icons, colours) a text's markup names, for checking them before drawing."""
    html = _html(text)
    spans = [_read_or_none(target) for target in _COLOUR_LINK.findall(html)]
    return ICON.findall(html), [span.colour for span in spans if span and span.colour]


def spans_used(text: str) -> list[Span]:
    """Every span of a text's markup; raises ValueError for one whose styles cannot be read or
    whose link syntax markdown-it did not take (a space inside the brackets' target)."""
    html = _html(text)
    unread = _UNREAD_SPAN.search(html)
    if unread and "](" in unread.group(0):
        raise ValueError(unread.group(0))
    spans = []
    for target in _COLOUR_LINK.findall(html):
        try:
            spans.append(read_span(target))
        except ValueError as exc:
            raise ValueError(f"({target}): {exc}") from None
    return spans


def _read_or_none(target: str) -> Span | None:
    try:
        return read_span(target)
    except ValueError:
        return None


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
    font_of: Callable[[str], str] = str   # a style.yaml font name -> its reportlab name
    hyphenation: str = ""  # a pyphen language: words too long for a line break at a syllable
    base: float = 0.0      # the size span sizes are written against (the size before shrinking)

    def __post_init__(self) -> None:
        self.base = self.base or self.size


def paragraph(content: str, style: RichStyle) -> "Paragraph":
    size = style.size
    markup = _COLOURED.sub(_mark_icon_colour, _html(content))
    markup = (markup.replace("<strong>", f'<font name="{style.bold}">').replace("</strong>", "</font>")
              .replace("<em>", f'<font name="{style.italic}">').replace("</em>", "</font>")
              .replace("<s>", "<strike>").replace("</s>", "</strike>"))
    markup = _BREAK.sub("<br/>", markup)
    space = f'<font size="{size * ICON_EM / NBSP_EM:.3f}">&nbsp;</font>'
    markup = _MARKED_ICON.sub(lambda m: f'<onDraw name="{ICON_CALLBACK}" label="{m.group(1)}"/>{space}', markup)
    sized = []
    markup = _SPAN.sub(lambda m: _span_markup(m, style, sized), markup)
    from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    alignment = {"left": TA_LEFT, "centre": TA_CENTER, "right": TA_RIGHT}[style.align]
    extra = {"hyphenationLang": style.hyphenation} if style.hyphenation else {}
    if sized:
        extra["autoLeading"] = "max"   # a line holding a larger span grows to hold it
    para_style = ParagraphStyle("pnp", fontName=style.font, fontSize=size, leading=size * style.leading,
                                textColor=style.colour, alignment=alignment, splitLongWords=0, **extra)
    return Paragraph(markup, para_style)


def _span_markup(link: re.Match, style: RichStyle, sized: list) -> str:
    """A span as Paragraph's tags: one <font> with its colour, name and size, then <u> and <strike>."""
    span = read_span(link.group(1))
    inner = link.group(2)
    size = span.size * style.size / style.base if span.size else style.size
    attrs = ""
    if span.font:
        attrs += f' name="{style.font_of(span.font)}"'
    if span.size:
        attrs += f' size="{size:.3f}"'
        sized.append(size)
    if span.colour:
        attrs += f' color="{_css(style.colour_of(span.colour))}"'
    if span.smallcaps:
        inner = _small_caps(inner, size * SMALL_CAPS)
    opens, closes = f"<font{attrs}>", "</font>"
    for tag in ("u", "strike"):
        if getattr(span, "underline" if tag == "u" else tag):
            opens, closes = opens + f"<{tag}>", f"</{tag}>" + closes
    return opens + inner + closes


def _small_caps(markup: str, size: float) -> str:
    """Lower-case letters as capitals of the small size; tags and entities as they are."""
    parts = _TAG_OR_TEXT.split(markup)
    for i in range(0, len(parts), 2):   # the text between tags and entities
        parts[i] = _LOWER_RUNS.sub(lambda m: _capitals(m.group(1), size), parts[i])
    return "".join(parts)


def _capitals(word: str, size: float) -> str:
    out, run = [], ""
    for letter in word + " ":
        if letter.islower():
            run += letter
            continue
        if run:
            out.append(f'<font size="{size:.3f}">{run.upper()}</font>')
            run = ""
        out.append(letter)
    return "".join(out)[:-1]


def _mark_icon_colour(link: re.Match) -> str:
    """`[:coin:](gold)`: the icons inside a colour link are drawn in its colour (`:coin@gold:`)."""
    span = _read_or_none(link.group(1))
    if span is None or span.colour is None:
        return link.group(0)
    inner = ICON.sub(lambda icon: f":{icon.group(1)}@{span.colour}:", link.group(2))
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
