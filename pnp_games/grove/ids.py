"""Battle for the Grove's actions as integers in fixed ranges, for frameworks that need them.

Player actions (``num_distinct_actions`` of them for ``c`` circles, 40 for three with 3 dice)::

    stand p          p                         (p: 0 the Grove, 1.. the circles)
    move i>j         (c+1) + i*(c+1) + j
    channel k        (c+1)**2 + (c+1) + 3*(k-1)       stun k: +1, banish k: +2
    end, pass        next
    send s/l         then one per split of n = 1 .. min(dice, druids) druids sent home by a Banish
                     into s standing and l lying (by n, the most standing first)

Chance outcomes (``max_chance_outcomes``): the sorted rolls of the dice first (56 for 3d6), then
the first-player rolls as (Light total, Dark total) pairs. The string of an id is the engine's
notation (``move G>A``, ``roll 2-5-6``), which ``parse_action`` reads back.
"""
from __future__ import annotations

from functools import lru_cache

from pnp_games.grove.actions import BANISH, CHANNEL, END, FIRST, MOVE, PASS, ROLL, SEND, STAND, STUN, Action, place_name
from pnp_games.grove.dice import sorted_rolls, totals
from pnp_games.grove.options import GroveOptions

DICE_KINDS = (CHANNEL, STUN, BANISH)


class GroveIds:
    """The id <-> action tables of one set of options."""

    def __init__(self, options: GroveOptions):
        c = options.circles
        places = c + 1
        actions = [Action(STAND, place_name(p)) for p in range(places)]
        actions += [Action(MOVE, place_name(i), place_name(j)) for i in range(places) for j in range(places)]
        actions += [Action(kind, place_name(k)) for k in range(1, c + 1) for kind in DICE_KINDS]
        actions += [Action(END), Action(PASS)]
        actions += [Action(SEND, home=(s, n - s)) for n in range(1, min(options.dice, options.druids_per_player) + 1)
                    for s in range(n, -1, -1)]
        self.actions = tuple(actions)
        rolls = [Action(ROLL, dice=faces) for faces, _ in sorted_rolls(options.dice, options.die_sides)]
        sums = [t for t, _ in totals(options.dice, options.die_sides)]
        firsts = [Action(FIRST, dice=(a, b)) for a in sums for b in sums]
        self.outcomes = tuple(rolls + firsts)
        self._player = {a: i for i, a in enumerate(self.actions)}
        self._chance = {a: i for i, a in enumerate(self.outcomes)}

    @property
    def num_distinct_actions(self) -> int:
        return len(self.actions)

    @property
    def max_chance_outcomes(self) -> int:
        return len(self.outcomes)

    def id_of(self, action: Action) -> int:
        """The integer of a player action or a chance outcome (each in its own range)."""
        return (self._chance if action.is_chance else self._player)[action]

    def action(self, action_id: int, chance: bool = False) -> Action:
        """:raises ValueError: for an id outside its range."""
        table = self.outcomes if chance else self.actions
        if not 0 <= action_id < len(table):
            raise ValueError(f"action id {action_id} is outside 0-{len(table) - 1}")
        return table[action_id]


@lru_cache(maxsize=32)
def ids_for(options: GroveOptions) -> GroveIds:
    return GroveIds(options)

