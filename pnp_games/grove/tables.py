"""Tables of Battle for the Grove that depend only on the rule options (legal actions by
arrangement, rolls and what each roll achieves, rolls grouped by their effect), shared by every
state with those options so that play and look-ahead work each of them out once."""
from __future__ import annotations

from typing import Iterable

from generator.play.rng import SplitMix64
from pnp_games.grove.actions import BANISH, CHANNEL, END, MOVE, PASS, ROLL, SEND, STAND, STUN, Action, place_index, place_name
from pnp_games.grove.dice import sorted_rolls
from pnp_games.grove.options import GroveOptions

# what an action does, as a small number (the state dispatches on these, not on the kind's text)
OP_STAND, OP_MOVE, OP_CHANNEL, OP_STUN, OP_BANISH, OP_END, OP_PASS, OP_SEND = range(8)
OP_OF_KIND = {STAND: OP_STAND, MOVE: OP_MOVE, CHANNEL: OP_CHANNEL, STUN: OP_STUN, BANISH: OP_BANISH,
              END: OP_END, PASS: OP_PASS, SEND: OP_SEND}
_LEGAL_MOST = 100_000  # arrangements remembered (each leads to one of a few thousand patterns)
_ROLL_TABLE_MOST = 50_000  # rolls drawn by looking the faces up, as long as sides ** dice is at most this


def standing_sent(order: str, n: int, standing: int, lying: int) -> range:
    """How many of the ``n`` opposing druids a Banish sends home may be standing ones, given the
    ``standing`` and ``lying`` ones at the circle (n at most their sum), under the option
    ``banish_order``: one count when an order is fixed, else every count the banisher may choose,
    the most standing first."""
    most, least = min(n, standing), max(0, n - lying)
    if order == "standing_first":
        return range(most, most - 1, -1)
    if order == "lying_first":
        return range(least, least - 1, -1)
    return range(most, least - 1, -1)


def successes(o: GroveOptions, kind: str, standing: int, dice: Iterable[int]) -> int:
    """How many of the dice succeed for a ``kind`` action with ``standing`` druids of the mover at its
    circle (before caps by targets or supply)."""
    if kind == BANISH:
        return sum(1 for d in dice if d >= o.banish_on)
    hits = sum(1 for d in dice if d <= standing)
    return min(hits, standing) if kind == STUN else hits


class Tables:
    """What depends only on the rule options, worked out as games need it and shared by every
    state with those options: legal actions by arrangement, the rolls (each sorted roll once) with
    their successes, rolls grouped by effect, and tables the agents keep under keys of their own."""

    __slots__ = ("options", "legal", "patterns", "actions", "effects", "sends", "rolls", "roll_hits", "memo", "_by_faces",
                 "dice", "sides", "control_at", "to_win", "turn_cap")

    def __init__(self, options: GroveOptions) -> None:
        o = self.options = options
        # the numbers the hot paths read, as plain attributes (quicker to read than the model's fields)
        self.dice, self.sides, self.control_at = o.dice, o.die_sides, o.control_at
        self.to_win, self.turn_cap = o.circles_to_win, o.turn_cap
        self.rolls = {faces: Action(ROLL, dice=faces) for faces, _ in sorted_rolls(o.dice, o.die_sides)}
        # per roll: the successes of (Channel, Stun, Banish) for each count of the mover's standing druids
        self.roll_hits = {roll: tuple((successes(o, CHANNEL, s, roll.dice), successes(o, STUN, s, roll.dice),
                                       successes(o, BANISH, s, roll.dice)) for s in range(o.druids_per_player + 1))
                          for roll in self.rolls.values()}
        self._by_faces = _rolls_by_faces(self.rolls, o.dice, o.die_sides)
        self.memo: dict = {}  # for the agents' own tables, under keys of their choosing
        self.legal: dict[tuple, tuple[tuple[Action, ...], dict[Action, tuple[int, int, int]], tuple]] = {}
        self.patterns: dict[tuple, tuple[tuple[Action, ...], dict[Action, tuple[int, int, int]], tuple]] = {}
        self.actions: dict[tuple, Action] = {}
        self.effects: dict[tuple, tuple[tuple[Action, int, float], ...]] = {}
        self.sends: dict[tuple, tuple[tuple[Action, ...], dict[Action, tuple[int, int, int]], tuple]] = {}

    def roll(self, rng) -> Action:
        """A fair roll of the dice drawn with ``rng``: from a ``SplitMix64``, one draw below
        ``sides ** dice`` names the faces of every die at once (first die most significant), as the
        compiled kernel draws them; any other generator (a ``random.Random``, say) rolls each die
        with ``randint``, as do dice too many for the faces table."""
        by_faces = self._by_faces
        if by_faces is not None and rng.__class__ is SplitMix64:
            return by_faces[rng.below(len(by_faces))]
        sides = self.sides
        return self.rolls[tuple(sorted([rng.randint(1, sides) for _ in range(self.dice)]))]

    def legal_for(self, key: tuple, stand: list[int], lie: list[int], opponent: tuple[int, ...], bonus: bool):
        """The legal actions of a mover with druids ``stand`` and ``lie`` (``opponent`` is non-zero at
        each place where the opponent has druids and Banish may be taken from afar, empty when it may
        not): (actions in their fixed order, each action with its (op, place, destination) as a
        mapping, the same (op, place, destination) in the actions' order).

        They depend only on which places hold druids: ``key`` (the exact arrangement, quick to make)
        is remembered as leading to the entry of that pattern, which is made once."""
        found = self.legal.get(key)
        if found is None:
            afar = tuple(map(bool, opponent[1:]))  # circles only: no Banish in the Grove
            pattern = (tuple(map(bool, stand)), tuple(map(bool, lie)), afar, bonus)
            found = self.patterns.get(pattern)
            if found is None:
                found = self.patterns[pattern] = self._legal_entry(stand, lie, afar, bonus)
            if len(self.legal) >= _LEGAL_MOST:
                self.legal.clear()
            self.legal[key] = found
        return found

    def send_entry(self, n: int, standing: int, lying: int) -> tuple:
        """The banisher's choices when a Banish sends ``n`` of the opponent's ``standing`` and
        ``lying`` druids at its circle home, as ``legal_for`` gives actions: ``send`` actions, the
        most standing first, each with (OP_SEND, standing sent, lying sent)."""
        key = (n, standing, lying)
        found = self.sends.get(key)
        if found is None:
            counts = standing_sent(self.options.banish_order, n, standing, lying)
            actions = tuple(Action(SEND, home=(s, n - s)) for s in counts)
            ops = {a: (OP_SEND, a.home[0], a.home[1]) for a in actions}
            found = self.sends[key] = (actions, ops, tuple(ops.values()))
        return found

    def _legal_entry(self, stand: list[int], lie: list[int], afar: tuple[bool, ...], bonus: bool) -> tuple:
        actions = self._player_actions(stand, lie, afar)
        actions = actions + [self._action(END)] if bonus else actions or [self._action(PASS)]
        ops = {a: (OP_OF_KIND[a.kind], _index(a.at), _index(a.to)) for a in actions}
        return tuple(actions), ops, tuple(ops.values())

    def _action(self, kind: str, at: int = -1, to: int = -1) -> Action:
        """The one Action object of each action (entries share them)."""
        found = self.actions.get((kind, at, to))
        if found is None:
            found = self.actions[(kind, at, to)] = Action(kind, "" if at < 0 else place_name(at),
                                                          "" if to < 0 else place_name(to))
        return found

    def _player_actions(self, stand: list[int], lie: list[int], afar: tuple[bool, ...]) -> list[Action]:
        o, action = self.options, self._action
        out = [action(STAND, i) for i in range(o.circles + 1) if lie[i]]
        for i in range(o.circles + 1):
            if not stand[i]:
                continue
            targets = range(1, o.circles + 1) if i == 0 else [j for j in range(o.circles + 1)
                                                               if j != i and (j or o.move_to_grove)]
            out += [action(MOVE, i, j) for j in targets]
        for c in range(1, o.circles + 1):
            if stand[c]:
                out += [action(CHANNEL, c), action(STUN, c), action(BANISH, c)]
            elif afar and afar[c - 1]:
                out.append(action(BANISH, c))  # from afar: only where there is someone to banish
        return out

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


def _index(name: str) -> int:
    return place_index(name) if name else -1


def _rolls_by_faces(rolls: dict, dice: int, sides: int) -> list[Action] | None:
    """The roll of every sequence of faces (from 0), at the index ``f1 * sides ** (dice - 1) + ... + fn``."""
    if sides ** dice > _ROLL_TABLE_MOST:
        return None
    out = []
    for index in range(sides ** dice):
        faces = []
        for _ in range(dice):
            index, face = divmod(index, sides)
            faces.append(face + 1)
        out.append(rolls[tuple(sorted(faces))])
    return out


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
