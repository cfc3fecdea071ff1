"""`path`: a shape from SVG path data (`d`, as in an SVG file's <path>: M, L, H, V, C, S, Q, T, A, Z, in
millimetres from the trim's top-left corner, y down), moved by (x, y) and drawn as a vector path."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from pydantic import Field, field_validator

from generator.core.numbers import MAX_SIDE_MM, Length
from generator.core.units import MM
from generator.draw.ink import Point, half_stroke, middle, padded
from generator.draw.paint import PaintContext, fill_and_stroke
from generator.elements.args.groups import Element, Paint

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

MAX_DATA = 20_000     # characters of path data
MAX_SEGMENTS = 2_000  # lines and curves in one path
SAMPLES = 8           # points along a curve for its outline


class Path(Paint, Element):
    """A shape from SVG path data in mm, y down (M, L, H, V, C, S, Q, T, A, Z), moved by `x` and `y`."""

    kind: Literal["path"]
    d: str = Field(max_length=MAX_DATA)
    x: Length = 0
    y: Length = 0

    @field_validator("d")
    @classmethod
    def _readable(cls, d: str) -> str:
        try:
            drawing(d)
        except ValueError as exc:
            raise ValueError(f"SVG path data such as 'M 0 0 L 10 0 L 5 8 Z' ({exc})") from None
        return d


MODEL = Path
FILLED = True


@lru_cache(maxsize=512)
def drawing(d: str) -> tuple[tuple, ...]:
    """The path as moves, lines, cubic curves and closes (("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2,
    x, y), ("Z",)) in millimetres, and the points its outline passes (("P", x, y)); raises ValueError."""
    from svgelements import Arc, Close, CubicBezier, Line, Move, QuadraticBezier  # read only for a path
    from svgelements import Path as SvgPath

    try:
        segments = list(SvgPath(d).segments())
    except Exception as exc:  # the parser raises several types for text it cannot read
        raise ValueError("not readable as path data") from None
    if len(segments) > MAX_SEGMENTS:
        raise ValueError(f"{len(segments)} segments, at most {MAX_SEGMENTS}")
    if not any(not isinstance(s, Move) for s in segments):
        raise ValueError("nothing drawn")
    out: list[tuple] = []
    for seg in segments:
        if isinstance(seg, Arc):
            curves = list(seg.as_cubic_curves())
        elif isinstance(seg, QuadraticBezier):  # the same curve as a cubic
            q, a, b = seg.control, seg.start, seg.end
            curves = [CubicBezier(a, a + (q - a) * (2 / 3), b + (q - b) * (2 / 3), b)]
        else:
            curves = [seg]
        for curve in curves:
            out += _ops(curve, Move, Line, Close, CubicBezier)
    numbers = [v for op in out for v in op[1:]]
    if not all(math.isfinite(v) and abs(v) <= MAX_SIDE_MM for v in numbers):
        raise ValueError(f"numbers within {MAX_SIDE_MM} mm")
    return tuple(out)


def _ops(seg, Move, Line, Close, CubicBezier) -> list[tuple]:
    if isinstance(seg, Move):
        return [("M", seg.end.x, seg.end.y)]
    if isinstance(seg, Close):
        return [("Z",)]
    samples = [("P", *seg.point(k / SAMPLES)) for k in range(SAMPLES + 1)]
    if isinstance(seg, CubicBezier):
        return [("C", seg.control1.x, seg.control1.y, seg.control2.x, seg.control2.y, seg.end.x, seg.end.y),
                *samples]
    return [("L", seg.end.x, seg.end.y), *samples[::SAMPLES]]


def trace(path, el: Path, ctx: PaintContext) -> None:
    def at(i: int, op: tuple) -> tuple[float, float]:
        return ctx.px(el.x + op[i] * MM), ctx.py(el.y + op[i + 1] * MM)

    for op in drawing(el.d):
        if op[0] == "M":
            path.moveTo(*at(1, op))
        elif op[0] == "L":
            path.lineTo(*at(1, op))
        elif op[0] == "C":
            path.curveTo(*at(1, op), *at(3, op), *at(5, op))
        elif op[0] == "Z":
            path.close()


def paint(c: Canvas, el: Path, ctx: PaintContext) -> None:
    fill_and_stroke(c, ctx, el, lambda path: trace(path, el, ctx), lambda: _points(el), nonzero=True)


def _points(el: Path) -> list[Point]:
    return [(el.x + op[1] * MM, el.y + op[2] * MM) for op in drawing(el.d) if op[0] == "P"]


def outline(el: Path, size: tuple[float, float], glyph_shapes=None) -> list[Point]:
    return padded(_points(el), half_stroke(el))


def centre(el: Path, size: tuple[float, float]) -> Point:
    return middle(_points(el))
