"""`barcode`: a Code 128 barcode of a text, a `$field` or an expression, fitted to its box.

reportlab's own Code 128 (reportlab.graphics.barcode.code128) encodes the value and draws each bar as
a filled rectangle, so the barcode stays vector. The bars and their quiet zones (ten bar widths each
side, when `quiet_zone` is on) fill the box's width; a value whose narrowest bar would be thinner than
`MIN_BAR_MM` at that width is refused.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, ValidationInfo, field_validator

from generator.core.units import MM
from generator.draw.bindings import resolve
from generator.draw.ink import Point, box_points
from generator.draw.paint import PaintContext
from generator.elements.args.groups import Box, Element

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

MIN_BAR_MM = 0.2     # the narrowest bar a scanner reads from a home print
QUIET_BARS = 10      # the quiet zone each side, in narrow bars (what Code 128 asks for)
MAX_VALUE = 80       # characters


class Barcode(Box, Element):
    """A Code 128 barcode of `value` (printable ASCII: text, `$field` or an expression), its bars and quiet
    zones filling the box's width as vector rectangles. A value whose narrowest bar would be under 0.2 mm
    is refused."""

    kind: Literal["barcode"]
    quiet_zone: bool = True            # a light margin of ten narrow bars at each end, inside the box
    colour: str = "ink"                # the bars
    fill: str | None = "paper"   # the box behind the bars; none leaves it unpainted
    value: str = Field(min_length=1, max_length=MAX_VALUE)  # last: its check reads the keys above

    @field_validator("value")
    @classmethod
    def _fits(cls, value: str, info: ValidationInfo) -> str:
        if not value.startswith("$") and {"w", "quiet_zone"} <= set(info.data):
            problem = too_long(value, info.data["w"], info.data["quiet_zone"])
            if problem:
                raise ValueError(problem)
        return value


MODEL = Barcode
FILLED = False


def _modules(value: str) -> int:
    """How many narrow-bar widths the code of `value` takes, without quiet zones."""
    from reportlab.graphics.barcode.code128 import Code128  # only a template with a barcode pays for it

    return round(Code128(value, barWidth=1, quiet=0).width)


def too_long(value: str, width: float, quiet_zone: bool) -> str | None:
    """Why a value does not fit a barcode `width` points wide, or None when it does."""
    if not all(" " <= ch <= "~" for ch in value):
        return "a value of printable ASCII characters (Code 128 encodes no others)"
    bars = _modules(value) + (2 * QUIET_BARS if quiet_zone else 0)
    if width / bars < MIN_BAR_MM * MM:
        return (f"a value short enough for a {width / MM:g} mm barcode: its {bars} bar widths would be "
                f"{width / bars / MM:.2f} mm each, at least {MIN_BAR_MM} mm scan reliably")
    return None


def check(el: Barcode, values: dict) -> tuple[str, str, str] | None:
    """(key, expected, found) when the value bound for one piece does not fit; None when it does."""
    value = str(resolve(el.value, values))
    problem = too_long(value, el.w, el.quiet_zone) if value else "a value to encode"
    return ("value", problem, repr(value)) if problem else None


def paint(c: Canvas, el: Barcode, ctx: PaintContext) -> None:
    from reportlab.graphics.barcode.code128 import Code128

    value = str(resolve(el.value, ctx.values))
    if not value or not value.isascii():  # refused by the checks before any drawing; never drawn half
        return
    quiet = QUIET_BARS if el.quiet_zone else 0
    bar = el.w / (_modules(value) + 2 * quiet)
    left, bottom = ctx.px(el.x), ctx.py(el.y + el.h)
    if el.fill:
        c.setFillColor(ctx.paint(el.fill))
        c.rect(left, bottom, el.w, el.h, stroke=0, fill=1)
    c.setFillColor(ctx.paint(el.colour))
    Code128(value, barWidth=bar, barHeight=el.h, quiet=0, humanReadable=0).drawOn(c, left + quiet * bar, bottom)


def outline(el: Barcode, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return box_points(el.x, el.y, el.w, el.h)
