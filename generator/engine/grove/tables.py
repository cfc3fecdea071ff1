"""Tables of Battle for the Grove that depend only on the rule options (legal actions by
arrangement, rolls, rolls grouped by their effect), shared by every state with those options so
that play and look-ahead work each of them out once."""
from __future__ import annotations

from typing import Iterable

from .actions import BANISH, ROLL, STUN, Action
from .dice import sorted_rolls
from .options import GroveOptions


def successes(o: GroveOptions, kind: str, standing: int, dice: Iterable[int]) -> int:
    """How many of the dice succeed for a ``kind`` action with ``standing`` druids of the mover at its
    circle (before caps by targets or supply)."""
    if kind == BANISH:
        return sum(1 for d in dice if d >= o.banish_on)
    hits = sum(1 for d in dice if d <= standing)
    return min(hits, standing) if kind == STUN else hits


class Tables:
    """What depends only on the rule options, worked out as games need it and shared by every
    state with those options: legal actions by arrangement, the rolls (each sorted roll once),
    rolls grouped by effect, and tables the agents keep under keys of their own."""

    __slots__ = ("options", "legal", "effects", "rolls", "memo")

    def __init__(self, options: GroveOptions) -> None:
        self.options = options
        self.rolls = {faces: Action(ROLL, dice=faces) for faces, _ in sorted_rolls(options.dice, options.die_sides)}
        self.memo: dict = {}  # for the agents' own tables, under keys of their choosing
        self.legal: dict[tuple, tuple[tuple[Action, ...], frozenset]] = {}
        self.effects: dict[tuple, tuple[tuple[Action, int, float], ...]] = {}

    def effect_groups(self, kind: str, standing: int, limit: int) -> tuple[tuple[Action, int, float], ...]:
        """The rolls for a pending ``kind`` grouped by their effect (how many successes count, given
        the mover's ``standing`` druids there and the ``limit`` of cubes or targets): (first roll of
        the group, successes, probability of the group), in the order of the sorted rolls.

        The effect of a roll depends only on these, so the grouping is worked out once per key."""
        key = (kind, standing, limit)
        found = self.effects.get(key)
        if found is None:
            o = self.options
            rolls = [(Action(ROLL, dice=faces), p) for faces, p in sorted_rolls(o.dice, o.die_sides)]

            def effect(roll: Action) -> int:
                return min(successes(o, kind, standing, roll.dice), limit)
            found = self.effects[key] = tuple((roll, effect(roll), p) for roll, p in group(rolls, effect))
        return found


_TABLES: dict[GroveOptions, Tables] = {}


def tables(options: GroveOptions) -> Tables:
    """The tables of ``options`` (made on first use)."""
    found = _TABLES.get(options)
    if found is None:
        found = _TABLES[options] = Tables(options)
    return found


def group(pairs: list[tuple[Action, float]], key) -> list[tuple[Action, float]]:
    """Pairs with the same ``key(action)`` merged: the first action, the probabilities summed in order."""
    groups: dict = {}
    for action, p in pairs:
        k = key(action)
        if k in groups:
            groups[k][1] += p
        else:
            groups[k] = [action, p]
    return [(a, p) for a, p in groups.values()]
