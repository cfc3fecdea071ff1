"""What every element painter shares: where a face goes on the page and how names resolve (the paint
context), and setting a fill and a stroke by colour name."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from generator.draw.bindings import resolve

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


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

    def px(self, x: float) -> float:
        return self.x0 + x

    def py(self, y: float) -> float:
        return self.top - y

    def paint(self, name: str | None):
        return None if name is None else self.colour(resolve(name, self.values))


SMALL_TEXT_PT = 12   # text below this size in near-black prints as pure K when the profile asks
NEAR_BLACK_K = 0.9   # a CMYK colour with at least this much black counts as black


def is_small_black(colour: Any, size: float) -> bool:
    from reportlab.lib.colors import CMYKColor  # reportlab loads only for painting, not for reading looks
    return isinstance(colour, CMYKColor) and size < SMALL_TEXT_PT and colour.black >= NEAR_BLACK_K


def set_paint(c: Canvas, ctx: PaintContext, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
    fill_colour, stroke_colour = ctx.paint(fill), ctx.paint(stroke)
    if fill_colour is not None:
        c.setFillColor(fill_colour)
    if stroke_colour is not None:
        c.setStrokeColor(stroke_colour)
        c.setLineWidth(width)
    return int(fill_colour is not None), int(stroke_colour is not None)
