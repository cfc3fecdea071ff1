"""What every element painter shares: where a face goes on the page and how names resolve (the paint
context); setting a fill and a stroke by colour name; filling a shape's path with a colour, a
gradient (a vector shading, in the build's colour model) or an image pattern (see patterns.py) and
stroking it, solid or dashed."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from generator.draw.bindings import resolve
from generator.draw.patterns import is_pattern, tile

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

FILL_NON_ZERO = 1  # reportlab.pdfgen.canvas.FILL_NON_ZERO, without loading reportlab to read looks


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
    opacity: float = 1               # of the element being painted: every colour it sets carries it

    def px(self, x: float) -> float:
        return self.x0 + x

    def py(self, y: float) -> float:
        return self.top - y

    def paint(self, name: str | None):
        if name is None:
            return None
        colour = self.colour(resolve(name, self.values))
        return colour if self.opacity >= 1 else colour.clone(alpha=self.opacity)


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


def is_gradient(fill: Any) -> bool:
    return getattr(fill, "gradient", None) is not None


def fill_and_stroke(c: Canvas, ctx: PaintContext, el, trace: Callable[[Any], None],
                    points: Callable[[], list[tuple[float, float]]], fill: bool = True,
                    nonzero: bool = False) -> None:
    """Fill the path ``trace`` adds (with ``el.fill``: a colour, or a gradient or an image pattern laid
    across the box of the shape's ``points``, in template coordinates) and stroke it with
    ``el.stroke``, dashed by ``el.dash``.
    Where the path crosses itself the even-odd rule leaves holes, unless ``nonzero`` (SVG's rule)."""
    mode = FILL_NON_ZERO if nonzero else None
    path = c.beginPath()
    trace(path)
    paint = el.fill if fill else None
    if is_laid(paint):
        lay(c, ctx, paint, path, points(), nonzero)
        paint = None
    dash = getattr(el, "dash", None)
    filled, stroked = set_paint(c, ctx, paint, getattr(el, "stroke", None), getattr(el, "stroke_width", 0))
    if stroked and dash:
        c.setDash(dash)
    if filled or stroked:
        c.drawPath(path, stroke=stroked, fill=filled, fillMode=mode)
    if stroked and dash:
        c.setDash()


def is_laid(fill: Any) -> bool:
    """A fill laid across its shape, a gradient or an image pattern, rather than one flat colour."""
    return is_gradient(fill) or is_pattern(fill)


def lay(c: Canvas, ctx: PaintContext, fill, path, points: list[tuple[float, float]], nonzero: bool = False) -> None:
    """Fill a reportlab path with a gradient or an image pattern laid across the box of ``points``."""
    c.saveState()
    c.clipPath(path, stroke=0, fill=0, fillMode=FILL_NON_ZERO if nonzero else None)
    (shade if is_gradient(fill) else tile)(c, ctx, fill, points)
    c.restoreState()


def shade(c: Canvas, ctx: PaintContext, gradient, points: list[tuple[float, float]]) -> None:
    """Paint a gradient over the current clip, its ends at the extremes of ``points`` (template
    coordinates, y down): a linear one along its angle, a radial one from their centre outwards."""
    colours = [ctx.paint(stop) for stop in gradient.stops]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    if gradient.gradient == "radial":
        radius = max(math.hypot(x - cx, y - cy) for x, y in points) or 1e-3
        c.radialGradient(ctx.px(cx), ctx.py(cy), radius, colours, gradient.at, extend=True)
        return
    dx, dy = math.cos(math.radians(gradient.angle)), math.sin(math.radians(gradient.angle))
    along = [x * dx + y * dy for x, y in points]
    middle = cx * dx + cy * dy
    start, end = min(along) - middle, max(along) - middle
    if end - start < 1e-6:
        end = start + 1e-3
    c.linearGradient(ctx.px(cx + dx * start), ctx.py(cy + dy * start), ctx.px(cx + dx * end),
                     ctx.py(cy + dy * end), colours, gradient.at, extend=True)
