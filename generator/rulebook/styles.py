"""Rulebook styles from layouts/rulebook/*.yaml as reportlab ParagraphStyles, fonts and colours."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily

from generator.model.layouts import Layouts
from generator.render.style import Palette, register_fonts
from generator.rulebook.settings import StyleSheet, TextStyle
from generator.rulebook.ties import Ties, is_unbroken, unbroken_words

ACCENT = "accent"   # the colour name the style sheet gives headings, cover title and bands
MIN_CONTRAST = 4.5  # WCAG: the least contrast of text on paper
_ALIGN = {"left": TA_LEFT, "centre": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
_DEFAULTS = {"font": "body", "size": 10.0, "leading": None, "colour": "ink", "align": "left", "space_before": 0.0,
             "space_after": 0.0, "left_indent": 0.0, "page_break_before": False, "keep_with_next": False,
             "toc_level": None, "hyphenate": False}


@dataclass
class Styles:
    """Everything the rulebook's flowables need to look the same on every page."""

    sheet: StyleSheet
    paragraph: dict[str, ParagraphStyle]
    settings: dict[str, dict[str, Any]]  # each style's resolved YAML values (page breaks, TOC levels)
    fonts: dict[str, str]                # style.yaml font name -> registered (embedded) reportlab name
    palette: Palette
    accent: str = ACCENT                 # the colour name that stands for "accent" (``accent_colour``)
    seat_roles: dict[str, str] = field(default_factory=dict)  # a game's seat names -> seat1, seat2...
    ties: Ties = field(default_factory=Ties)   # the game's short names, kept on one line

    def __getitem__(self, name: str) -> ParagraphStyle:
        return self.paragraph[name]

    def colour(self, role: str):
        """A colour by its role in the style sheet (seat1, path, table_head...); a game's own seat
        names ("north") stand for the seat roles (``seat_roles``)."""
        name = self.sheet.colours[self.seat_roles.get(role, role)]
        return self.palette.get(self.accent if name == ACCENT else name)

    def colour_word(self, role: str) -> str:
        """How a caption names the colour the drawings paint ``role`` with ("green", "black")."""
        role = self.seat_roles.get(role, role)
        if role not in self.sheet.colours:
            raise KeyError(f"a colour role of the rulebook style sheet, one of {sorted(self.sheet.colours)}")
        name = self.sheet.colours[role]
        if name not in self.sheet.colour_words:
            raise KeyError(f"a word for colour '{name}' under colour_words in the rulebook style sheet")
        return self.sheet.colour_words[name]

    @property
    def body_font(self) -> str:
        """The face the figures write in (the sans named ``body`` in style.yaml): running text may
        be set in a book face, but labels on drawings keep the plainer one."""
        return self.fonts.get("body", self.paragraph["body"].fontName)

    @property
    def bold_font(self) -> str:
        return self.fonts.get("bold", self.body_font)


def seat_roles(seats: Iterable[str]) -> dict[str, str]:
    """A game's seat names, as its drawings name their colours ("north"), to the style sheet's seat
    roles in seat order ("seat1", "seat2"...)."""
    return {seat.lower(): f"seat{number}" for number, seat in enumerate(seats, 1)}


def build_styles(layouts: Layouts, sheet: StyleSheet, font_scale: float = 1.0, colour_model: str = "rgb",
                 language: str = "en-US", names: Iterable[str] = (), unbroken: Iterable[str] = ()) -> Styles:
    """The style sheet's styles; those with ``hyphenate`` break words by the patterns of ``language``,
    never a word of the game's terms and piece ``names`` (whose short names are also never split
    between lines: ``Styles.ties``) nor of the other words ``unbroken`` (the index's topics)."""
    names = list(names)
    unbroken = unbroken_words([*names, *unbroken])
    fonts = register_fonts(layouts)
    palette = Palette(layouts, colour_model)
    _register_families(fonts)
    resolved = {name: _resolve(sheet.styles, name) for name in sheet.styles}
    accent = accent_colour(layouts)
    paragraph = {}
    for name, values in resolved.items():
        if values["colour"] == ACCENT:
            values["colour"] = accent
        size = values["size"] * font_scale
        leading = (values["leading"] or values["size"] * 1.25) * font_scale
        paragraph[name] = ParagraphStyle(
            name, fontName=fonts[values["font"]], fontSize=size, leading=leading,
            textColor=palette.get(values["colour"]), alignment=_ALIGN[values["align"]],
            spaceBefore=values["space_before"] * font_scale, spaceAfter=values["space_after"] * font_scale,
            leftIndent=values["left_indent"] * font_scale, keepWithNext=int(bool(values["keep_with_next"])),
            bulletFontName=fonts[values["font"]], allowWidows=0, allowOrphans=0,
            hyphenationLang=hyphenator(language, unbroken) if values["hyphenate"] else "")
    return Styles(sheet, paragraph, resolved, fonts, palette, accent, ties=Ties(names))


HYPHEN_LEFT, HYPHEN_RIGHT = 2, 3   # the least letters before and after a break (English house style)


@lru_cache(maxsize=None)
def hyphenator(language: str, unbroken: frozenset[str] = frozenset()) -> Callable[[str], Iterable[tuple[str, str]]]:
    """pyphen's breaks of a word for ``language`` (en-US, en-GB), as reportlab's paragraphs take them:
    every (head, tail) pair, longest head first; none for a word of ``unbroken`` (``ties.is_unbroken``)."""
    breaks = _pyphen(language)
    if not unbroken:
        return breaks

    def iterate(word: str) -> Iterable[tuple[str, str]]:
        return () if is_unbroken(word, unbroken) else breaks(word)
    return iterate


@lru_cache(maxsize=None)
def _pyphen(language: str) -> Callable[[str], Iterable[tuple[str, str]]]:
    import pyphen
    return pyphen.Pyphen(lang=language.replace("-", "_"), left=HYPHEN_LEFT, right=HYPHEN_RIGHT).iterate


def _register_families(fonts: dict[str, str]) -> None:
    """<b> and <i> in paragraphs pick the faces of the paragraph's family: ``body`` with ``bold``,
    ``italic`` and ``bold-italic``; any other font NAME with NAME-bold, NAME-italic, NAME-bold-italic.
    A missing face falls back to the regular one (bold italic to bold)."""
    for name, face in fonts.items():
        if name == "body":
            bold, italic, both = "bold", "italic", "bold-italic"
        elif name.endswith(("-bold", "-italic")) or name in ("bold", "italic"):
            continue
        else:
            bold, italic, both = f"{name}-bold", f"{name}-italic", f"{name}-bold-italic"
        strong = fonts.get(bold, face)
        registerFontFamily(face, normal=face, bold=strong, italic=fonts.get(italic, face),
                           boldItalic=fonts.get(both, strong))


def accent_colour(layouts: Layouts) -> str:
    """The book's accent: an ``accent`` colour the project or the game names; else the first colour
    of the game's own style.yaml, then of the project's, that reads as text on white paper
    (a contrast of ``MIN_CONTRAST``); else the built-in accent."""
    origins = layouts.style_origins
    colours = layouts.style.colours
    if origins.get(("colour", ACCENT)) is not None and origins[("colour", ACCENT)].layer != "built-in":
        return ACCENT
    for layer in ("game", "project"):
        for name, spec in colours.items():
            found = origins.get(("colour", name))
            if found is not None and found.layer == layer and _contrast_on_white(spec.rgb) >= MIN_CONTRAST:
                return name
    return ACCENT


def _contrast_on_white(rgb: str) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(rgb[i:i + 2], 16) / 255) for i in (1, 3, 5))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return 1.05 / (luminance + 0.05)


def _resolve(styles: dict[str, TextStyle], name: str) -> dict[str, Any]:
    chain = []
    while name is not None:
        chain.append(styles[name])
        name = styles[name].parent
    values = dict(_DEFAULTS)
    for style in reversed(chain):
        values.update({k: v for k, v in style.model_dump(exclude={"parent"}).items() if v is not None})
    return values
