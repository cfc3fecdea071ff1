"""A short text broken between words into a given number of lines, where the lines come out most
even: the one routine behind a cover's title and a figure's wrapped labels."""
from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations
from typing import Callable

LONE = 0.5            # a line of one word narrower than this share of the widest line is a lone short word
MOST_SPLITS = 4000    # ways of breaking tried at most for one number of lines (a title is a few words)


@dataclass(frozen=True)
class Break:
    lines: tuple[str, ...]
    lone: int        # how many lines are a lone short word
    widest: float    # the widest line's width


def best_break(words: list[str], count: int, width_of: Callable[[str], float], limit: float = math.inf) -> Break:
    """``words`` broken into ``count`` lines: of the breaks whose widest line is at most ``limit``
    (all of them if none is), the one with the fewest lone short words ("Quest for the / Crown"),
    then the narrowest widest line, then the most even lines."""
    best, best_key = Break((), 0, 0.0), None
    for n, cuts in enumerate(combinations(range(1, len(words)), count - 1)):
        if n >= MOST_SPLITS:
            break
        bounds = (0, *cuts, len(words))
        lines = tuple(" ".join(words[a:b]) for a, b in zip(bounds, bounds[1:]))
        widths = [width_of(line) for line in lines]
        widest = max(widths)
        lone = sum(1 for line, w in zip(lines, widths) if " " not in line and w < LONE * widest)
        key = (widest > limit, lone, widest, widest - min(widths))
        if best_key is None or key < best_key:
            best, best_key = Break(lines, lone, widest), key
    return best
