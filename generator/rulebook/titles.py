"""A display title set in balanced lines: one line when it fits, shrunk a little if that is all it
takes, otherwise broken where the lines come out most even and no line is a lone short word
("Quest for / the Crown", never "Quest for the / Crown")."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from generator.rulebook.breaks import best_break

SHRINK = 0.8          # a title may shrink to this share of its size to stay on one line


@dataclass(frozen=True)
class SetTitle:
    size: float            # the font size, in points
    lines: tuple[str, ...]


def set_title(title: str, width_at: Callable[[str, float], float], size: float, width: float,
              shrink: float = SHRINK) -> SetTitle:
    """``title`` in lines no wider than ``width``; ``width_at(text, size)`` measures a text (in
    proportion to the size, as a font's advance widths are).

    Of the sizes from ``size`` down to ``shrink * size``: no line of a single short word if any
    break avoids one, then the fewest lines, then the largest size; each number of lines broken
    where the widest line is narrowest and the lines most even. So a title that fits one line a
    little smaller is set on one line, and one that needs two is broken "Quest for / the Crown",
    never "Quest for the / Crown". A word wider than ``width`` at ``shrink * size`` takes the
    whole title down until it fits."""
    words = title.split()
    if not words:
        return SetTitle(size, ())
    unit = lambda text: width_at(text, 1.0)  # noqa: E731  (widths in proportion to the size)
    least = shrink * size
    found = []
    for count in range(1, len(words) + 1):
        lines = best_break(words, count, unit)
        fits = min(size, width / lines.widest)
        if fits >= least:
            found.append(((lines.lone, count, -fits), SetTitle(_down(fits), lines.lines)))
    if not found:   # a word too wide for the page even shrunk: every size down to its own
        return set_title(title, width_at, width / max(unit(w) for w in words), width, shrink)
    return min(found, key=lambda kv: kv[0])[1]


def _down(size: float) -> float:
    """A size rounded down to a tenth of a point, so the rounded size still fits."""
    return int(size * 10 + 1e-9) / 10
