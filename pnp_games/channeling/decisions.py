"""The Channeling's decisions as integers in fixed ranges, with string forms that round-trip.

A turn is a sequence of small decisions; each kind has its own range of ids (for ``c`` squares,
``H`` glyphs of which ``k`` are set face down, ``C(H, k)`` ways to choose them)::

    hide eye,moon,tide   0 .. C(H,k)-1        the face-down choice at the start of a hand
    play ember           + H                  the glyph played (or spent when none allows a move)
    from b2              + c                  the druid that moves, by its square
    to c3                + c                  where it stops
    via c2               + c                  the next card of the Leyline, where two are nearer
    refill c3            + c                  which taken spot is refilled next, where it matters

``num_distinct_actions`` is their total (128 on a 4x4 grid with 3 of 8 glyphs hidden). Chance
outcomes are the deck draws: ``draw 17`` puts card 17 of the game's deck list (the order the deck
was given in, before the shuffle) on the spot being refilled; ``max_chance_outcomes`` is the deck
size. ``parse(str(i)) == i`` for every id.
"""
from __future__ import annotations

import re
from itertools import combinations
from math import comb

from generator.play.errors import ActionSyntaxError

KINDS = ("hide", "play", "from", "to", "via", "refill")
HIDE, PLAY, FROM, TO, VIA, REFILL = range(6)
DRAW, OVER = 6, 7           # the state's phases beyond the decision kinds: a chance draw, the end


class DecisionIds:
    """The id <-> text tables of one game (grid size, glyph names, hidden count, deck size)."""

    def __init__(self, glyphs: tuple[str, ...], hidden: int, names: tuple[str, ...], deck_size: int):
        self.glyphs, self.names, self.deck_size = glyphs, names, deck_size
        self.gidx = {g: i for i, g in enumerate(glyphs)}
        self.cidx = {n: i for i, n in enumerate(names)}
        # every face-down choice as a glyph mask, in the order of ``combinations``
        self.hide_masks = tuple(sum(1 << g for g in c) for c in combinations(range(len(glyphs)), hidden)) \
            if hidden else ()
        self.hide_id = {m: i for i, m in enumerate(self.hide_masks)}
        sizes = (len(self.hide_masks), len(glyphs), len(names), len(names), len(names), len(names))
        self.base = tuple(sum(sizes[:i]) for i in range(len(sizes)))
        self.size = sum(sizes)
        self.end = self.base[1:] + (self.size,)       # each kind's ids are base[k] .. end[k]-1
        assert len(self.hide_masks) == (comb(len(glyphs), hidden) if hidden else 0)

    @property
    def num_distinct_actions(self) -> int:
        return self.size

    @property
    def max_chance_outcomes(self) -> int:
        return self.deck_size

    def kind(self, action_id: int) -> tuple[int, int]:
        """(kind, index within the kind) of a decision id. :raises ValueError: when out of range."""
        if not 0 <= action_id < self.size:
            raise ValueError(f"decision id {action_id} is outside 0-{self.size - 1}")
        for k in range(len(KINDS) - 1, -1, -1):
            if action_id >= self.base[k]:
                return k, action_id - self.base[k]
        raise AssertionError("unreachable")

    def to_string(self, action_id: int, chance: bool = False) -> str:
        if chance:
            if not 0 <= action_id < self.deck_size:
                raise ValueError(f"chance outcome {action_id} is outside 0-{self.deck_size - 1}")
            return f"draw {action_id}"
        kind, i = self.kind(action_id)
        if kind == HIDE:
            mask = self.hide_masks[i]
            return "hide " + ",".join(sorted(g for j, g in enumerate(self.glyphs) if mask >> j & 1))
        if kind == PLAY:
            return f"play {self.glyphs[i]}"
        return f"{KINDS[kind]} {self.names[i]}"

    def parse(self, text: str) -> tuple[int, bool]:
        """(id, is a chance outcome) of a decision's text. :raises ActionSyntaxError: for text
        that names no decision of this game."""
        kind, _, arg = str(text).strip().partition(" ")
        found = None
        if kind == "draw" and re.fullmatch(r"\d+", arg) and int(arg) < self.deck_size:
            return int(arg), True
        if kind == "hide":
            mask = 0
            for g in arg.split(","):
                if g not in self.gidx or mask >> self.gidx[g] & 1:
                    mask = -1
                    break
                mask |= 1 << self.gidx[g]
            i = self.hide_id.get(mask)
            found = None if i is None else self.base[HIDE] + i
        elif kind == "play" and arg in self.gidx:
            found = self.base[PLAY] + self.gidx[arg]
        elif kind in KINDS[FROM:] and arg in self.cidx:
            found = self.base[KINDS.index(kind)] + self.cidx[arg]
        if found is None:
            raise ActionSyntaxError(
                f"not a decision: {text!r} (expected e.g. 'hide eye,moon,tide', 'play ember', "
                f"'from b2', 'to c3', 'via c2', 'refill c3' or 'draw 17')")
        return found, False
