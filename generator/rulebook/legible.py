"""Legibility of the rulebook's figures: the smallest text a figure may print and readable ink on fills.

Contrast follows WCAG 2 (relative luminance, ratio (L1 + 0.05) / (L2 + 0.05)); "in greyscale" means
both colours first turned grey the way a monochrome printer or photocopier does (Rec. 601 luma),
so a pair passes only if it reads in colour and on a black-and-white copy.
"""
from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, black, white
from reportlab.pdfbase.pdfmetrics import stringWidth

MIN_CONTRAST = 4.5   # WCAG AA for normal text


def rgb(colour: Any) -> tuple[float, float, float]:
    """A reportlab colour (RGB or CMYK) or a 0-1 tuple (grey, RGB or CMYK) as RGB in 0-1."""
    if isinstance(colour, Color):
        return tuple(colour.rgb())  # type: ignore[return-value]
    values = tuple(float(v) for v in colour)
    if len(values) == 1:
        return values * 3  # type: ignore[return-value]
    if len(values) == 4:
        c, m, y, k = values
        return (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)
    return values  # type: ignore[return-value]


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(colour: Any) -> float:
    """WCAG relative luminance of a colour."""
    r, g, b = rgb(colour)
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


def grey(colour: Any) -> tuple[float, float, float]:
    """The colour as a monochrome print shows it (Rec. 601 luma)."""
    r, g, b = rgb(colour)
    y = 0.299 * r + 0.587 * g + 0.114 * b
    return y, y, y


def contrast(a: Any, b: Any) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def print_contrast(a: Any, b: Any) -> float:
    """The lower of the contrast in colour and in greyscale: what a reader of either copy gets."""
    return min(contrast(a, b), contrast(grey(a), grey(b)))


def ink_on(fill: Any, *candidates: Any) -> Any:
    """The first candidate ink (black, then white, by default) that reaches ``MIN_CONTRAST`` on
    ``fill`` in colour and in greyscale; failing all, the one that comes closest."""
    inks = candidates or (black, white)
    for ink in inks:
        if print_contrast(ink, fill) >= MIN_CONTRAST:
            return ink
    return max(inks, key=lambda ink: print_contrast(ink, fill))


def fit_size(text: str, font: str, wanted: float, width: float, floor: float) -> float | None:
    """The largest size up to ``wanted`` at which ``text`` fits ``width``; None if only below ``floor``."""
    natural = stringWidth(text, font, wanted)
    size = wanted if natural <= width else wanted * width / natural
    return size if size >= floor else None
