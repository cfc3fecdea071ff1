"""`qr`: a QR code of a text, a `$field` or an expression, drawn as vector squares.

segno (pure Python) makes the code's matrix; each row's runs of dark modules become rectangles of one
filled path, so the code stays vector at any print size. `size` is the side of the whole square, its
quiet zone (the light margin scanners need, `quiet_zone` modules wide on each side) included, and that
square is the outline the print-safety check holds against the safe zone. A value whose code would
need modules smaller than `MIN_MODULE_MM` at that size (or more than a QR code holds) is refused.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, ValidationInfo, field_validator

from generator.core.numbers import Length
from generator.core.units import MM
from generator.draw.bindings import resolve
from generator.draw.ink import Point, box_points
from generator.draw.paint import PaintContext
from generator.elements.args.groups import Element

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

MIN_MODULE_MM = 0.3    # the smallest module a phone reads reliably from a home print
MAX_VALUE = 2_000      # characters of content (a QR code holds at most about 2,900 bytes)


class QR(Element):
    """A QR code of `value` (text, `$field` or an expression), drawn as vector squares in a square of side
    `size` whose top-left corner is (x, y), quiet zone included. A value that would need modules under
    0.3 mm at that size is refused; the whole square is held against the safe zone."""

    kind: Literal["qr"]
    x: Length
    y: Length
    size: Length = Field(gt=0)  # the side of the square, quiet zone included
    error: Literal["L", "M", "Q", "H"] = "M"  # error correction: about 7, 15, 25 or 30 % of the code may be lost
    quiet_zone: int = Field(default=4, ge=0, le=16)  # light modules round the code (the standard asks for 4)
    colour: str = "ink"                # the dark modules
    fill: str | None = "paper"   # the square behind the code (light modules, quiet zone); none: unpainted
    value: str = Field(min_length=1, max_length=MAX_VALUE)  # last: its check reads the keys above

    @field_validator("value")
    @classmethod
    def _fits(cls, value: str, info: ValidationInfo) -> str:
        if not value.startswith("$") and {"size", "error", "quiet_zone"} <= set(info.data):
            problem = too_long(value, info.data["size"], info.data["error"], info.data["quiet_zone"])
            if problem:
                raise ValueError(problem)
        return value


MODEL = QR
FILLED = False


def matrix(value: str, error: str) -> list[bytearray] | None:
    """The code's modules, row by row (1 is dark), without its quiet zone; None when it cannot hold the value."""
    import segno  # only a template with a QR code pays for it

    try:
        code = segno.make(value, error=error.lower(), micro=False, boost_error=False)
    except segno.DataOverflowError:
        return None
    return [bytearray(m & 1 for m in row) for row in code.matrix]


def too_long(value: str, size: float, error: str, quiet_zone: int) -> str | None:
    """Why a value does not fit a code of `size` points, or None when it does."""
    modules = matrix(value, error)
    if modules is None:
        return f"a value a QR code holds at error correction {error} (this one is {len(value)} characters)"
    side = len(modules) + 2 * quiet_zone
    if size / side < MIN_MODULE_MM * MM:
        return (f"a value short enough for a {size / MM:g} mm QR code: its {side} modules would be "
                f"{size / side / MM:.2f} mm, at least {MIN_MODULE_MM} mm scan reliably (a shorter value, a larger "
                f"size or a lower error correction)")
    return None


def check(el: QR, values: dict) -> tuple[str, str, str] | None:
    """(key, expected, found) when the value bound for one piece does not fit; None when it does."""
    value = str(resolve(el.value, values))
    problem = too_long(value, el.size, el.error, el.quiet_zone) if value else "a value to encode"
    return ("value", problem, repr(value)) if problem else None


def paint(c: Canvas, el: QR, ctx: PaintContext) -> None:
    modules = matrix(str(resolve(el.value, ctx.values)), el.error)
    if modules is None:  # refused by the checks before any drawing; never drawn half
        return
    module = el.size / (len(modules) + 2 * el.quiet_zone)
    left, top = ctx.px(el.x), ctx.py(el.y)
    if el.fill:
        c.setFillColor(ctx.paint(el.fill))
        c.rect(left, top - el.size, el.size, el.size, stroke=0, fill=1)
    c.setFillColor(ctx.paint(el.colour))
    path = c.beginPath()
    for row, bits in enumerate(modules):
        y = top - (el.quiet_zone + row + 1) * module
        start = None
        for col, bit in enumerate([*bits, 0]):  # a light module closes a run of dark ones
            if bit and start is None:
                start = col
            elif not bit and start is not None:
                path.rect(left + (el.quiet_zone + start) * module, y, (col - start) * module, module)
                start = None
    c.drawPath(path, stroke=0, fill=1)


def outline(el: QR, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return box_points(el.x, el.y, el.size, el.size)
