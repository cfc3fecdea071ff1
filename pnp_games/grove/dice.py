"""Exact dice distributions, for chance outcomes (sorted faces or totals) with their probabilities."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial
from collections import Counter


@lru_cache(maxsize=None)
def sorted_rolls(dice: int, sides: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every roll of ``dice`` dice as sorted faces, with its probability (they sum to 1).

    >>> len(sorted_rolls(3, 6)), round(sum(p for _, p in sorted_rolls(3, 6)), 12)
    (56, 1.0)
    """
    total = sides ** dice
    out = []
    for faces in combinations_with_replacement(range(1, sides + 1), dice):
        ways = factorial(dice)
        for count in Counter(faces).values():
            ways //= factorial(count)
        out.append((faces, float(Fraction(ways, total))))
    return tuple(out)


@lru_cache(maxsize=None)
def totals(dice: int, sides: int) -> tuple[tuple[int, float], ...]:
    """The distribution of the sum of ``dice`` dice."""
    counts = Counter(sum(faces) for faces in product(range(1, sides + 1), repeat=dice))
    n = sides ** dice
    return tuple((t, counts[t] / n) for t in sorted(counts))
