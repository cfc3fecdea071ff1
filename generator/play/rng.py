"""The seeded generator every engine draws from (dice, shuffles, tie-breaks, random agents):
SplitMix64, small enough to be written the same way in Python and in a compiled game kernel,
so both draw the very same numbers from the same seed.

``SplitMix64(seed)`` keeps one 64-bit counter; each draw adds the golden-ratio increment and mixes
the counter (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014; the
constants of Java's ``SplittableRandom`` and of Vigna's reference C code). Integers below ``n``
are the high 64 bits of ``draw * n`` (Lemire's multiply-shift; its bias, under ``n / 2**64``, is
far below anything a game can show), so every draw takes exactly one 64-bit number and the kernel
reproduces it with one 128-bit multiply. The methods a game uses mirror ``random.Random``'s
(``random``, ``randint``, ``choice``, ``shuffle``, ``sample``, ``choices``) so code written for
either reads alike; the sequences differ from the Mersenne Twister's, on purpose.
"""
from __future__ import annotations

from bisect import bisect
from collections.abc import MutableSequence, Sequence
from itertools import accumulate
from typing import Any, TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
UNIT = 2.0 ** -53


class SplitMix64:
    """A seeded stream of 64-bit numbers and the draws made from them (see the module docstring)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = int(seed) & MASK

    def next64(self) -> int:
        """The next 64-bit number of the stream."""
        z = self.state = (self.state + GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * MIX1) & MASK
        z = ((z ^ (z >> 27)) * MIX2) & MASK
        return z ^ (z >> 31)

    # the constants as default arguments: local names, quicker to read on the hot paths
    def below(self, n: int, _add: int = GOLDEN, _mask: int = MASK, _m1: int = MIX1, _m2: int = MIX2) -> int:
        """A whole number from 0 to ``n - 1`` (``n`` at least 1), one draw."""
        z = self.state = (self.state + _add) & _mask
        z = ((z ^ (z >> 30)) * _m1) & _mask
        z = ((z ^ (z >> 27)) * _m2) & _mask
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self, _add: int = GOLDEN, _mask: int = MASK, _m1: int = MIX1, _m2: int = MIX2,
               _unit: float = UNIT) -> float:
        """A float in [0, 1): the top 53 bits of one draw."""
        z = self.state = (self.state + _add) & _mask
        z = ((z ^ (z >> 30)) * _m1) & _mask
        z = ((z ^ (z >> 27)) * _m2) & _mask
        return ((z ^ (z >> 31)) >> 11) * _unit

    def randint(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high`` inclusive."""
        return low + self.below(high - low + 1)

    def choice(self, seq: Sequence[T], _add: int = GOLDEN, _mask: int = MASK, _m1: int = MIX1,
               _m2: int = MIX2) -> T:
        """One member, by one draw below its length (``below`` written out: the agents' hot path)."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        z = self.state = (self.state + _add) & _mask
        z = ((z ^ (z >> 30)) * _m1) & _mask
        z = ((z ^ (z >> 27)) * _m2) & _mask
        return seq[((z ^ (z >> 31)) * len(seq)) >> 64]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates from the end: one draw per position but the first)."""
        below = self.below
        for i in range(len(seq) - 1, 0, -1):
            j = below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        """``k`` distinct members, in the order drawn (a partial Fisher-Yates from the front)."""
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError(f"sample of {k} from a population of {n}")
        below = self.below
        for i in range(k):
            j = i + below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def choices(self, population: Sequence[T], weights: Sequence[float], k: int = 1) -> list[T]:
        """``k`` members drawn with replacement in proportion to ``weights``."""
        cumulative = list(accumulate(weights))
        total, last = cumulative[-1], len(cumulative) - 1
        return [population[min(bisect(cumulative, self.random() * total), last)] for _ in range(k)]

    def getrandbits(self, k: int) -> int:
        """``k`` random bits (at most 64), from one draw."""
        if not 0 <= k <= 64:
            raise ValueError("getrandbits takes 0 to 64 bits")
        return self.next64() >> (64 - k) if k else 0

    def getstate(self) -> int:
        return self.state

    def setstate(self, state: int) -> None:
        self.state = state & MASK

    def clone(self) -> "SplitMix64":
        """An independent copy that draws the same numbers next."""
        return SplitMix64(self.state)
