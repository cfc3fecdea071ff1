"""Game state of Battle for the Grove, with dice as explicit chance nodes.

The API follows OpenSpiel: ``current_player`` (``CHANCE`` while dice are due, ``TERMINAL`` at the
end), ``legal_actions()``, ``chance_outcomes()``, ``apply_action()``, ``is_terminal()``,
``returns()``, ``clone()``. The state never rolls dice by itself: whoever drives the game applies a
chance action, so a game is fixed by its options and its action log, and a search can branch on
dice it has not seen. ``sample_chance(rng)`` draws a fair roll with ``rng``; a game set up by
``new_game`` carries its own dice stream, seeded from the game's seed, which ``sample_chance()``
draws from (the run loop's way, as for every engine); a clone carries none.

Players are 0 (Light) and 1 (Dark). Places are 0 (the Grove) and 1..circles (circles A, B, C).
When a Banish's roll sends some but not all of the opposing druids at its circle home and both
standing and lying ones are there, the banisher chooses which (``send`` actions, under the default
``banish_order``) before the turn passes.
"""
from __future__ import annotations

import random
from operator import or_
from typing import Iterable

from generator.play.errors import IllegalActionError
from generator.play.rng import SplitMix64
from generator.play.seeds import derive_seed
from pnp_games.grove.actions import FIRST, ROLL, Action, parse_action, place_index, place_name
from pnp_games.grove.dice import sorted_rolls, totals
from pnp_games.grove.options import GroveOptions
from pnp_games.grove.tables import OP_BANISH, OP_CHANNEL, OP_END, OP_MOVE, OP_PASS, OP_SEND, OP_STAND, OP_STUN
from pnp_games.grove.tables import standing_sent
from pnp_games.grove.tables import group as _group
from pnp_games.grove.tables import tables as _tables

LIGHT, DARK = 0, 1
CHANCE, TERMINAL = -1, -4
PLAYER_NAMES = ("light", "dark")
_FIRST, _ACT, _BONUS, _ROLL, _OVER, _CHOOSE = range(6)  # phases of a game
_DECIDING = (_ACT, _BONUS, _CHOOSE)  # the phases where a player acts
TALLIES = ("passes", "stands", "moves", "channels", "stuns", "banishes", "cubes_placed", "cubes_cancelled",
           "druids_stunned", "druids_banished", "supply_short", "control_lost")
(_PASSES, _STANDS, _MOVES, _CHANNELS, _STUNS, _BANISHES, _CUBES_PLACED, _CUBES_CANCELLED, _DRUIDS_STUNNED,
 _DRUIDS_BANISHED, _SUPPLY_SHORT, _CONTROL_LOST) = range(len(TALLIES))
_DONE = {OP_CHANNEL: _CHANNELS, OP_STUN: _STUNS, OP_BANISH: _BANISHES}


class State:
    """A position of Battle for the Grove. Mutable; ``clone()`` gives an independent copy."""

    __slots__ = ("options", "_tab", "_offered", "_stand", "_lie", "_cubes", "_supply", "_cur", "_phase",
                 "_pending", "_pending_op", "_acted", "_turn", "_first", "_winner", "_stalled", "_history",
                 "_tally", "_dice", "_sending")

    def __init__(self, options: GroveOptions | None = None, dice: SplitMix64 | None = None):
        self.options = o = options or GroveOptions()
        self._tab = _tables(o)
        self._offered: tuple | None = None  # the legal actions worked out for this position, if any
        places = o.circles + 1
        self._stand = [[0] * places, [0] * places]
        self._lie = [[o.druids_per_player] + [0] * o.circles, [o.druids_per_player] + [0] * o.circles]
        self._cubes = [0] * o.circles           # per circle: Light cubes as +n, Dark cubes as -n
        self._supply = [o.cubes_per_player, o.cubes_per_player]
        self._cur = LIGHT
        self._phase = _FIRST if o.first_player == "dice" else _ACT
        self._first = None if o.first_player == "dice" else LIGHT
        self._pending: Action | None = None
        self._pending_op: tuple[int, int] | None = None  # the pending action as (op, circle)
        self._acted = 0
        self._turn = 0
        self._winner: int | None = None
        self._stalled = False
        self._history: list[Action] | None = []
        self._tally = [[0] * len(TALLIES), [0] * len(TALLIES)]  # counts in the order of TALLIES
        self._dice = dice  # the game's own dice stream (``sample_chance()``), if any
        self._sending = 0  # while the banisher chooses: how many opposing druids the Banish sends home

    # ----------------------------------------------------------------- queries
    @property
    def current_player(self) -> int:
        phase = self._phase
        if phase == _ACT or phase == _BONUS or phase == _CHOOSE:
            return self._cur
        return TERMINAL if phase == _OVER else CHANCE

    @property
    def turn(self) -> int:
        """Turns completed so far."""
        return self._turn

    @property
    def first_player(self) -> int | None:
        return self._first

    @property
    def history(self) -> list[Action]:
        return list(self._history or [])

    @property
    def pending(self) -> Action | None:
        """The Channel, Stun or Banish waiting for its dice."""
        return self._pending

    @property
    def sending(self) -> int:
        """How many opposing druids the pending Banish sends home while its player chooses which
        (0 when no such choice is open)."""
        return self._sending if self._phase == _CHOOSE else 0

    @property
    def in_bonus(self) -> bool:
        """True when the player stood a druid up in the Grove and may take a second action."""
        return self._phase == _BONUS

    def places(self) -> list[str]:
        return [place_name(i) for i in range(self.options.circles + 1)]

    def standing(self, player: int, place: str) -> int:
        return self._stand[player][place_index(place)]

    def lying(self, player: int, place: str) -> int:
        return self._lie[player][place_index(place)]

    def cubes(self, circle: str) -> tuple[int, int]:
        """(Light cubes, Dark cubes) on a circle; after cancelling, at most one is non-zero."""
        v = self._cubes[place_index(circle) - 1]
        return (v, 0) if v >= 0 else (0, -v)

    def supply(self, player: int) -> int:
        return self._supply[player]

    def controller(self, circle: str) -> int | None:
        light, dark = self.cubes(circle)
        at = self.options.control_at
        return LIGHT if light >= at else DARK if dark >= at else None

    def controlled(self, player: int) -> int:
        at = self.options.control_at
        sign = 1 - 2 * player
        return sum(1 for v in self._cubes if v * sign >= at)

    def tally(self, player: int) -> dict[str, int]:
        """Counts of what ``player`` did and suffered so far (for statistics)."""
        return dict(zip(TALLIES, self._tally[player]))

    def is_terminal(self) -> bool:
        return self._phase == _OVER

    def is_stalled(self) -> bool:
        return self._stalled

    def stall_certain(self) -> bool:
        """True when the game can only end stalled at the turn cap: neither player has a cube in
        supply, so no Channel can place or cancel a cube again (Channel is the only action that
        changes cubes, and cubes return to a supply only when cancelled), and neither player holds
        enough circles to win, which no other action can change. Games are not cut short here:
        the turn cap still ends them, so records and stall counts stay as they were."""
        if self._phase == _OVER or self._supply[0] or self._supply[1]:
            return False
        to_win = self.options.circles_to_win
        return self.controlled(LIGHT) < to_win and self.controlled(DARK) < to_win

    def winner(self) -> int | None:
        return self._winner

    def outcome(self) -> tuple[int | None, None]:
        """(winner or None for a stalled game, no tie-break: a game is won outright or stalls)."""
        return self._winner, None

    def scores(self) -> tuple[int, int]:
        """The circles each player holds."""
        return self.controlled(LIGHT), self.controlled(DARK)

    def flags(self) -> dict[str, bool]:
        return {"stalled": self._stalled}

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser; 0 each while playing or for a stalled game."""
        if self._winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self._winner == LIGHT else [-1.0, 1.0]

    # ----------------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """The actions of the player to move, or every chance outcome at a chance node."""
        phase = self._phase
        if phase == _ACT or phase == _BONUS or phase == _CHOOSE:
            return list(self._legal()[0])
        if phase == _OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def _legal(self) -> tuple[tuple[Action, ...], dict[Action, tuple[int, int, int]], tuple]:
        """The player's legal actions (in their fixed order) with each one's (op, place, destination)
        (see ``Tables.legal_for``), worked out once per arrangement of what decides them: the mover's
        druids and, when Banish may be taken from afar, the places where the opponent has druids."""
        found = self._offered
        if found is not None:
            return found
        p = self._cur
        if self._phase == _CHOOSE:
            assert self._pending_op is not None  # the banisher chooses for a pending Banish
            c = self._pending_op[1]
            found = self._offered = self._tab.send_entry(self._sending, self._stand[1 - p][c], self._lie[1 - p][c])
            return found
        stand, lie = self._stand[p], self._lie[p]
        bonus = self._phase == _BONUS
        if self.options.banish_needs_standing_druid:
            key = (*stand, *lie, bonus)
        else:  # the opponent's druids per place, standing or lying, as a non-zero number where any are
            key = (*stand, *lie, bonus, *map(or_, self._stand[1 - p], self._lie[1 - p]))
        found = self._tab.legal.get(key)
        if found is None:
            found = self._tab.legal_for(key, stand, lie, key[2 * len(stand) + 1:], bonus)
        self._offered = found
        return found

    def is_legal(self, action: Action) -> bool:
        if action.is_chance:
            return self._chance_ok(action)
        return self._phase in _DECIDING and action in self._legal()[1]

    def chance_outcomes(self, grouped: bool = False) -> list[tuple[Action, float]]:
        """(chance action, probability) pairs at a chance node; [] elsewhere.

        ``grouped`` merges rolls with the same effect (e.g. every roll giving two successes), keeping
        the first as representative: what a search needs, with the same probabilities in total.
        """
        o = self.options
        if self._phase == _FIRST:
            dist = totals(o.dice, o.die_sides)
            pairs = [(Action(FIRST, dice=(a, b)), pa * pb) for a, pa in dist for b, pb in dist]
            if not grouped:
                return pairs
            return _group(pairs, lambda a: (a.dice[0] > a.dice[1]) - (a.dice[0] < a.dice[1]))
        if self._phase != _ROLL:
            return []
        rolls = [(Action(ROLL, dice=faces), p) for faces, p in sorted_rolls(o.dice, o.die_sides)]
        if not grouped:
            return rolls
        pending, pending_op = self._pending, self._pending_op
        assert pending is not None and pending_op is not None  # dice are due for a pending action
        op, c = pending_op
        groups = self._tab.effect_groups(pending.kind, self._stand[self._cur][c], self._op_limit(op, c))
        return [(roll, p) for roll, _, p in groups]

    def _chance_ok(self, action: Action) -> bool:
        o = self.options
        if self._phase == _FIRST and action.kind == FIRST:
            low, high = o.dice, o.dice * o.die_sides
            return all(low <= t <= high for t in action.dice)
        return self._phase == _ROLL and action.kind == ROLL and action.dice in self._tab.rolls

    def sample_chance(self, rng: "SplitMix64 | random.Random | None" = None) -> Action:
        """A fair roll for the current chance node, drawn with ``rng`` or, without one, from the
        game's own dice stream.

        :raises IllegalActionError: when no dice are due, or neither ``rng`` nor a stream is there.
        """
        if rng is None:
            rng = self._dice
            if rng is None:
                raise IllegalActionError("this state has no dice stream of its own: pass an rng")
        if self._phase == _ROLL:
            return self._tab.roll(rng)
        if self._phase == _FIRST:
            o = self.options
            a, b = (sum(rng.randint(1, o.die_sides) for _ in range(o.dice)) for _ in range(2))
            return Action(FIRST, dice=(a, b))
        raise IllegalActionError("no dice are due")

    # ----------------------------------------------------------------- applying actions
    def apply_action(self, action: Action) -> None:
        """Play one action (a player's or a chance outcome).

        :raises IllegalActionError: when the rules do not allow ``action`` now.
        """
        phase = self._phase
        if phase == _ACT or phase == _BONUS or phase == _CHOOSE:
            op = (self._offered or self._legal())[1].get(action)
            if op is None:
                raise IllegalActionError(f"{action} is not legal now ({self._describe_phase()})")
            self._offered = None
            if self._history is not None:
                self._history.append(action)
            self._play(action, op)
            return
        hits = self._tab.roll_hits.get(action) if phase == _ROLL else None
        if hits is not None:
            if self._history is not None:
                self._history.append(action)
            if self._resolve(hits):  # else the banisher chooses which druids go home
                self._pending = self._pending_op = None
                self._end_turn()  # no second action follows one with dice
            return
        if not self.is_legal(action):
            raise IllegalActionError(f"{action} is not legal now ({self._describe_phase()})")
        if self._history is not None:
            self._history.append(action)
        light, dark = action.dice  # the first-player roll
        if light != dark:
            self._first = self._cur = LIGHT if light > dark else DARK
            self._phase = _ACT

    def _play(self, action: Action, decoded: tuple[int, int, int]) -> None:
        """Play a player's action, known to be legal, given as its (op, place, destination)."""
        op, at, to = decoded
        p = self._cur
        tally = self._tally[p]
        if op == OP_STAND:
            self._lie[p][at] -= 1
            self._stand[p][at] += 1
            tally[_STANDS] += 1
            self._after_action(bonus=at == 0 and self.options.stand_bonus_at_grove)
        elif op == OP_MOVE:
            stand = self._stand[p]
            stand[to] += stand[at]
            stand[at] = 0
            tally[_MOVES] += 1
            self._after_action(bonus=False)
        elif op == OP_SEND:
            self._send_home(at, to)
            self._pending = self._pending_op = None
            self._end_turn()
        elif op >= OP_END:
            if op == OP_PASS:
                tally[_PASSES] += 1
            self._end_turn()
        else:
            tally[_DONE[op]] += 1
            limit = self._op_limit(op, at)
            if limit > 0 and (op == OP_BANISH or self._stand[p][at] > 0):
                self._pending, self._pending_op = action, (op, at)
                self._phase = _ROLL
            else:  # no roll could change anything: the action is spent without dice
                self._after_action(bonus=False)

    def _after_action(self, bonus: bool) -> None:
        self._acted += 1
        if bonus and self._acted < self.options.actions_per_turn:
            self._phase = _BONUS
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self._turn += 1
        self._cur = p = 1 - self._cur
        self._acted = 0
        self._phase = _ACT
        tab = self._tab
        at, held = tab.control_at, 0
        for v in self._cubes:
            if (v if p == LIGHT else -v) >= at:
                held += 1
        if held >= tab.to_win:  # the win check opens a turn
            self._winner = p
            self._phase = _OVER
        elif self._turn >= tab.turn_cap:
            self._stalled = True
            self._phase = _OVER

    def _op_limit(self, op: int, c: int) -> int:
        """The most an action can achieve at circle ``c``: cubes in supply for a Channel, opposing
        druids there to stun (standing) or banish (standing or lying)."""
        if op == OP_CHANNEL:
            return self._supply[self._cur]
        q = 1 - self._cur
        if op == OP_STUN:
            return self._stand[q][c]
        return self._stand[q][c] + self._lie[q][c]

    def _resolve(self, hits: tuple[tuple[int, int, int], ...]) -> bool:
        """Resolve the pending action with a roll of these ``hits`` (see ``Tables.roll_hits``); False
        when a Banish leaves its player to choose which druids go home (the phase is then ``_CHOOSE``)."""
        pending_op = self._pending_op
        assert pending_op is not None  # a roll resolves a pending action
        op, c = pending_op
        p = self._cur
        q = 1 - p
        wanted = hits[self._stand[p][c]][op - OP_CHANNEL]
        limit = self._op_limit(op, c)
        n = wanted if wanted < limit else limit
        tally = self._tally[p]
        if op == OP_CHANNEL:
            if n < wanted:
                tally[_SUPPLY_SHORT] += 1
            sign = 1 - 2 * p
            before = self._cubes[c - 1]
            opposing = max(0, -sign * before)
            cancelled = min(opposing, n)
            self._supply[p] += cancelled - n
            self._supply[q] += cancelled
            self._cubes[c - 1] = before + sign * n
            tally[_CUBES_PLACED] += n
            tally[_CUBES_CANCELLED] += cancelled
            at = self.options.control_at
            if opposing >= at > opposing - cancelled:
                self._tally[q][_CONTROL_LOST] += 1
        elif op == OP_STUN:
            self._stand[q][c] -= n
            self._lie[q][c] += n
            tally[_DRUIDS_STUNNED] += n
        else:
            counts = standing_sent(self.options.banish_order, n, self._stand[q][c], self._lie[q][c])
            if len(counts) > 1:
                self._sending, self._phase = n, _CHOOSE
                return False
            self._send_home(counts[0], n - counts[0])
        return True

    def _send_home(self, standing: int, lying: int) -> None:
        """The pending Banish sends this many of the opponent's standing and lying druids home."""
        pending_op = self._pending_op
        assert pending_op is not None  # druids go home for a pending Banish
        c, q = pending_op[1], 1 - self._cur
        self._stand[q][c] -= standing
        self._lie[q][c] -= lying
        self._lie[q][0] += standing + lying
        self._tally[self._cur][_DRUIDS_BANISHED] += standing + lying
        self._sending = 0

    # ----------------------------------------------------------------- notation, copies, text
    def parse(self, text: str) -> Action:
        """The action ``text`` names, checked against the rules.

        :raises ActionSyntaxError: for text that is not an action.
        :raises IllegalActionError: for an action the rules do not allow now.
        """
        action = parse_action(text)
        if not self.is_legal(action):
            raise IllegalActionError(f"{text!r} is not legal now ({self._describe_phase()})")
        return action

    def push(self, text: str) -> Action:
        action = self.parse(text)
        self.apply_action(action)
        return action

    def clone(self, history: bool = True) -> "State":
        s = State.__new__(State)
        s.options, s._tab, s._offered = self.options, self._tab, None
        s._stand = [self._stand[0][:], self._stand[1][:]]
        s._lie = [self._lie[0][:], self._lie[1][:]]
        s._cubes = self._cubes[:]
        s._supply = self._supply[:]
        s._cur, s._phase, s._pending, s._acted = self._cur, self._phase, self._pending, self._acted
        s._pending_op, s._sending = self._pending_op, self._sending
        s._turn, s._first, s._winner, s._stalled = self._turn, self._first, self._winner, self._stalled
        s._history = self._history[:] if history and self._history is not None else None
        s._tally = [self._tally[0][:], self._tally[1][:]]
        s._dice = None  # a search rolls its own dice
        return s

    def _describe_phase(self) -> str:
        if self._phase == _OVER:
            return "the game is over"
        if self._phase == _FIRST:
            return "the first player is being rolled for"
        if self._phase == _ROLL:
            return f"dice are due for {self._pending}"
        who = PLAYER_NAMES[self._cur]
        if self._phase == _CHOOSE:
            return f"{who} chooses which {self._sending} druids {self._pending} sends home"
        return f"{who} may take a second action or end" if self._phase == _BONUS else f"{who} to act"

    def __str__(self) -> str:
        from pnp_games.grove.render import render_state
        return render_state(self)


def new_game(options: GroveOptions | None, inputs: None = None, seed: int = 0) -> State:
    """A fresh game with its dice stream seeded from ``seed`` (setup has no randomness: every roll is
    a chance action applied later). The Grove reads nothing from an edition but its rules: ``inputs``
    is None."""
    return State(options, SplitMix64(derive_seed("dice", seed)))


def replay(actions: Iterable[str], options: GroveOptions | None = None) -> State:
    """The state after playing a log of actions in notation.

    :raises ActionSyntaxError, IllegalActionError: for a log that is not a legal game.
    """
    state = State(options)
    for text in actions:
        state.push(text)
    return state
