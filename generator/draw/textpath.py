"""Letter spacing and text along a circle, for a text element's `tracking` and `path: arc`.

Tracking is given in thousandths of an em, as type designers give it: `tracking: 100` puts a
tenth of the font size between each two letters. Text on an arc sits with its baseline on a circle:
read clockwise, its letters stand outward (a name along a token's top edge); read counter-clockwise,
they hang inward (a name along its bottom edge, read left to right).
"""
from __future__ import annotations

import math
from dataclasses import dataclass


def letter_space(size: float, tracking: float) -> float:
    """Points between two letters at this size."""
    return size * tracking / 1000


def tracked_width(text: str, font: str, size: float, tracking: float) -> float:
    """The printed width of a line: its letters plus the spacing between each two of them."""
    from reportlab.pdfbase.pdfmetrics import stringWidth  # reportlab loads only for painting

    return stringWidth(text, font, size) + letter_space(size, tracking) * max(len(text) - 1, 0)


@dataclass(frozen=True)
class PlacedLetter:
    letter: str
    x: float          # the letter's baseline centre, points from the circle's centre, y up
    y: float
    turn: float       # degrees counter-clockwise the letter is turned from upright
    width: float


def arc_letters(text: str, font: str, size: float, tracking: float, radius: float, start: float,
                clockwise: bool, align: str) -> list[PlacedLetter]:
    """Each letter of ``text`` placed along a circle of ``radius`` (its baseline), ``start`` degrees
    counter-clockwise from the right: the text's middle (align centre), first letter (left) or last
    letter (right) is there."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    space = letter_space(size, tracking)
    widths = [stringWidth(letter, font, size) for letter in text]
    total = sum(widths) + space * max(len(text) - 1, 0)
    before = {"left": 0.0, "centre": total / 2, "right": total}[align]   # arc length before the start angle
    sign = -1 if clockwise else 1                                        # which way the text runs
    placed, run = [], 0.0
    for letter, width in zip(text, widths):
        angle = math.radians(start) + sign * (run + width / 2 - before) / radius
        turn = math.degrees(angle) + (-90 if clockwise else 90)
        placed.append(PlacedLetter(letter, radius * math.cos(angle), radius * math.sin(angle), turn, width))
        run += width + space
    return placed


def letter_corners(letter: PlacedLetter, ascent: float, descent: float) -> list[tuple[float, float]]:
    """The four corners of a placed letter's box (its width, from descent to ascent), y up."""
    turn = math.radians(letter.turn)
    cos, sin = math.cos(turn), math.sin(turn)
    return [(letter.x + u * cos - v * sin, letter.y + u * sin + v * cos)
            for u in (-letter.width / 2, letter.width / 2) for v in (descent, ascent)]
