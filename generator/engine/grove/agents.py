"""The ``greedy`` agent of Battle for the Grove (one action of look-ahead, dice averaged exactly)
and its evaluation; ``random`` is the shared ``agents_base.RandomAgent``.

The greedy evaluation of a position, from one player's side (``position_value``):

* cubes: own cubes on circles minus opposing ones, counted in full up to the control threshold and
  at ``surplus`` each beyond it (a buffer against cancelling); each circle held worth ``control``
  more, and holding enough circles to win worth ``winning`` (the opponent has one turn to break it);
* druids: each standing druid at a circle is worth ``stand_circle`` (it rolls for Channel and Stun)
  or ``stand_held`` at a circle its player already holds, one lying at a circle ``lie_circle``, one
  standing in the Grove ``stand_grove``; the opponent's druids count against.
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import neg

from .. import agents_base
from .actions import BANISH, CHANNEL, END, MOVE, PASS, STAND, STUN, Action, place_index
from .state import CHANCE, State


@dataclass(frozen=True)
class Weights:
    control: float = 4.0
    winning: float = 40.0
    surplus: float = 0.25
    stand_circle: float = 1.2
    stand_held: float = 0.4
    lie_circle: float = 0.4
    stand_grove: float = 0.6
    win: float = 1000.0


DEFAULT_WEIGHTS = Weights()


def position_value(state: State, player: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """How good ``state`` looks for ``player`` (a win is +w.win, a loss -w.win)."""
    if state.is_terminal():
        winner = state.winner()
        return 0.0 if winner is None else (w.win if winner == player else -w.win)
    o = state.options
    sign = 1 - 2 * player
    at = o.control_at
    value = 0.0
    held = [0, 0]
    owner = []
    for v in state._cubes:
        own, opp = max(0, sign * v), max(0, -sign * v)
        value += min(own, at) + w.surplus * max(0, own - at) - min(opp, at) - w.surplus * max(0, opp - at)
        if own >= at:
            value += w.control
            held[0] += 1
            owner.append(player)
        elif opp >= at:
            value -= w.control
            held[1] += 1
            owner.append(1 - player)
        else:
            owner.append(None)
    if held[0] >= o.circles_to_win:
        value += w.winning
    if held[1] >= o.circles_to_win:
        value -= w.winning
    for p, s in ((player, 1.0), (1 - player, -1.0)):
        stand, lie = state._stand[p], state._lie[p]
        value += s * (w.stand_grove * stand[0]
                      + sum((w.stand_held if owner[c - 1] == p else w.stand_circle) * stand[c]
                            + w.lie_circle * lie[c] for c in range(1, o.circles + 1)))
    return value


def expected_value(state: State, action: Action, player: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The value for ``player`` after ``action``, averaged over the dice it calls for."""
    after = state.clone(history=False)
    after.apply_action(action)
    if after.current_player != CHANCE:
        return position_value(after, player, w)
    total = 0.0
    for roll, p in after.chance_outcomes(grouped=True):
        outcome = after.clone(history=False)
        outcome.apply_action(roll)
        total += p * position_value(outcome, player, w)
    return total


class _Lookahead:
    """The values of the positions one action of the player to move can reach, worked out without
    copying or replaying the state. A position's value is a sum of one term per circle, remembered
    by the circle's contents seen from the mover's side, and the Grove's term: an action changes one
    or two circles, so only their terms are looked up again. The terms are added in the circles'
    order, as ``position_value`` adds them, so the values are the same to the last bit."""

    def __init__(self, state: State, w: Weights):
        o = self.o = state.options
        self.w = w
        self.memo = memo = _memo(state, w)
        self.terms: dict[tuple, tuple[float, int, int]] = memo.terms
        me = state.current_player
        you, sign = 1 - me, 1 - 2 * me
        stand, lie, cubes = state._stand, state._lie, state._cubes
        # per circle: (mover's cubes as + and the opponent's as -, mover standing, opponent standing,
        # mover lying, opponent lying)
        self.keys = [(sign * cubes[c - 1], stand[me][c], stand[you][c], lie[me][c], lie[you][c])
                     for c in range(1, o.circles + 1)]
        self.base = base = [self.term(k) for k in self.keys]
        self.prefix, total = [], 0.0  # the sum of the terms before each circle, as the full sum reaches it
        for t, _, _ in base:
            self.prefix.append(total)
            total += t
        self.total = total
        self.held = sum(h for _, h, _ in base)
        self.lost = sum(lo for _, _, lo in base)
        self.grove = stand[me][0] - stand[you][0]
        self.grove_value = w.stand_grove * self.grove
        self.standing_in_grove = stand[me][0]
        self.last_turn = state.turn + 1 >= o.turn_cap
        self.supply = state._supply[me]

    def term(self, key: tuple) -> tuple[float, int, int]:
        """(value, held by the mover, held by the opponent) of one circle."""
        found = self.terms.get(key)
        if found is not None:
            return found
        w, at = self.w, self.o.control_at
        v, sm, so, lm, lo = key
        own, opp = max(0, v), max(0, -v)
        value = min(own, at) + w.surplus * max(0, own - at) - min(opp, at) - w.surplus * max(0, opp - at)
        value += w.control if own >= at else -w.control if opp >= at else 0.0
        value += (w.stand_held if own >= at else w.stand_circle) * sm + w.lie_circle * lm
        value -= (w.stand_held if opp >= at else w.stand_circle) * so + w.lie_circle * lo
        found = self.terms[key] = (value, int(own >= at), int(opp >= at))
        return found

    def finish(self, value: float, held: int, lost: int, grove_value: float, ends_turn: bool) -> float:
        """The position's value from the sum of its circles' terms and the circles held and lost:
        when the action ends the turn, the opponent's win check and the turn cap come first."""
        o, w = self.o, self.w
        if ends_turn:
            if lost >= o.circles_to_win:
                return -w.win
            if self.last_turn:
                return 0.0
        if held >= o.circles_to_win:
            value += w.winning
        if lost >= o.circles_to_win:
            value -= w.winning
        return value + grove_value

    def value(self, changed: tuple = (), grove: int = 0, ends_turn: bool = True) -> float:
        """``position_value`` for the mover with the circles in ``changed`` ((index from 0, new
        contents) pairs) replaced and ``grove`` more of the mover's druids standing in the Grove."""
        grove_value = self.w.stand_grove * (self.grove + grove) if grove else self.grove_value
        if not changed:
            return self.finish(self.total, self.held, self.lost, grove_value, ends_turn)
        terms = self.base[:]
        for i, key in changed:
            terms[i] = self.term(key)
        value, held, lost = 0.0, 0, 0
        for t, h, lo in terms:
            value += t
            held += h
            lost += lo
        return self.finish(value, held, lost, grove_value, ends_turn)


class _Memo:
    """What the look-ahead remembers for one set of rule options and weights: decisions by position,
    circle terms by the circle's contents, and a dice action's outcomes by the circle's contents."""

    __slots__ = ("decisions", "terms", "outcomes")

    def __init__(self) -> None:
        self.decisions: dict[tuple, tuple[tuple[float, ...], tuple[Action, ...]]] = {}
        self.terms: dict[tuple, tuple[float, int, int]] = {}
        self.outcomes: dict[tuple, tuple[tuple[float, int, int, float], ...]] = {}


def _memo(state: State, w: Weights) -> _Memo:
    """The look-ahead's tables for ``w``, kept with the tables the state's rule options share."""
    memo = state._tab.memo
    found = memo.get(("greedy", w))
    if found is None:
        found = memo[("greedy", w)] = _Memo()
    return found


def action_values(state: State, w: Weights = DEFAULT_WEIGHTS) -> tuple[float, ...]:
    """``expected_value`` of each of ``state.legal_actions()`` (in that order) for the player to move,
    without playing the actions."""
    return _decision(state, _memo(state, w), w)[0]


def _decision(state: State, memo: _Memo, w: Weights) -> tuple[tuple[float, ...], tuple[Action, ...]]:
    """The values of the legal actions and those within 1e-9 of the best, in their order.

    Greedy games meet the same positions again and again, so both are remembered by everything
    they depend on (a bounded table per rule options and weights)."""
    o, me = state.options, state._cur
    stand, lie = state._stand, state._lie
    # seen from the mover's side (Dark's position is Light's with the colours swapped, and values
    # alike); a Channel places at most one cube a die, so a supply beyond that changes nothing
    you = 1 - me
    cubes = state._cubes if me == 0 else map(neg, state._cubes)
    supply = state._supply[me]
    key = (*stand[me], *stand[you], *lie[me], *lie[you], *cubes, supply if supply < o.dice else o.dice,
           state._phase, state._acted, state._turn + 1 >= o.turn_cap)
    decisions = memo.decisions
    found = decisions.get(key)
    if found is None:
        if len(decisions) >= _MEMO_SIZE:
            decisions.clear()
        actions = state._legal()[0]
        values = tuple(_action_values(state, actions, w))
        best = max(values) - 1e-9
        found = decisions[key] = (values, tuple(a for v, a in zip(values, actions) if v >= best))
    return found


_MEMO_SIZE = 200_000


def _action_values(state: State, actions: tuple[Action, ...], w: Weights) -> list[float]:
    look = _Lookahead(state, w)
    o = state.options
    can_bonus = state._acted + 1 < o.actions_per_turn and o.stand_bonus_at_grove
    out = []
    for action in actions:
        kind = action.kind
        if kind in (END, PASS):
            out.append(look.value())
            continue
        at = place_index(action.at)
        if kind == STAND:
            if at == 0:
                out.append(look.value(grove=1, ends_turn=not can_bonus))
            else:
                v, sm, so, lm, lo = look.keys[at - 1]
                out.append(look.value(((at - 1, (v, sm + 1, so, lm - 1, lo)),)))
        elif kind == MOVE:
            out.append(_move_value(look, at, place_index(action.to)))
        else:
            out.append(_dice_value(look, state, kind, at - 1))
    return out


def _move_value(look: _Lookahead, at: int, to: int) -> float:
    """The value after every standing druid of the mover goes from ``at`` to ``to``."""
    keys, changed, grove = look.keys, [], 0
    if at == 0:
        moving = look.standing_in_grove
        grove = -moving
    else:
        v, sm, so, lm, lo = keys[at - 1]
        moving = sm
        changed.append((at - 1, (v, 0, so, lm, lo)))
    if to == 0:
        grove += moving
    else:
        v, sm, so, lm, lo = keys[to - 1]
        changed.append((to - 1, (v, sm + moving, so, lm, lo)))
    return look.value(tuple(changed), grove)


def _dice_value(look: _Lookahead, state: State, kind: str, i: int) -> float:
    """The value of a Channel, Stun or Banish at circle ``i`` (from 0) averaged over its dice (as
    ``State._resolve`` plays it); it always ends the turn."""
    key = look.keys[i]
    v, sm, so, lm, lo = key
    limit = look.supply if kind == CHANNEL else so if kind == STUN else so + lo
    if limit <= 0 or (kind != BANISH and sm <= 0):  # spent without dice
        return look.value()
    outcomes = _outcomes(look, state, kind, key, min(limit, look.o.dice))
    to_win, last_turn, grove_value = look.o.circles_to_win, look.last_turn, look.grove_value
    win, winning = look.w.win, look.w.winning
    start, rest = look.prefix[i], [t for t, _, _ in look.base[i + 1:]]
    _, old_held, old_lost = look.base[i]
    held_elsewhere, lost_elsewhere = look.held - old_held, look.lost - old_lost
    total = 0.0
    for t, h, lo, p in outcomes:  # look.finish(...) of each, written out: this loop is the hot one
        if lost_elsewhere + lo >= to_win:
            total += p * -win
            continue
        if last_turn:
            total += p * 0.0
            continue
        value = start + t
        for x in rest:
            value += x
        if held_elsewhere + h >= to_win:
            value += winning
        total += p * (value + grove_value)
    return total


def _outcomes(look: _Lookahead, state: State, kind: str, key: tuple, limit: int) -> tuple:
    """The circle's term after each grouped roll of a ``kind`` action there: (value, held by the
    mover, held by the opponent, probability of the group), remembered by the circle's contents."""
    table = look.memo.outcomes
    found = table.get((kind, key, limit))
    if found is None:
        v, sm, so, lm, lo = key
        standing_first = look.o.banish_order == "standing_first"
        out = []
        for _, n, p in state._tab.effect_groups(kind, sm, limit):
            if kind == CHANNEL:
                after = (v + n, sm, so, lm, lo)
            elif kind == STUN:
                after = (v, sm, so - n, lm, lo + n)
            else:
                standing = min(n, so) if standing_first else max(0, n - lo)
                after = (v, sm, so - standing, lm, lo - (n - standing))
            out.append((*look.term(after), p))
        found = table[(kind, key, limit)] = tuple(out)
    return found


class GreedyAgent(agents_base.GreedyAgentBase):
    """Takes the action with the best expected position value; ties broken at random (seeded)."""

    default_weights = DEFAULT_WEIGHTS
    _memo_of: tuple = (None, None)  # (the rule options' tables, the look-ahead's memo for them)

    def choose(self, state: State) -> Action:
        actions = state._legal()[0]
        if len(actions) == 1:
            return actions[0]
        tab, memo = self._memo_of
        if tab is not state._tab:
            memo = _memo(state, self.weights)
            self._memo_of = (state._tab, memo)
        return self.rng.choice(_decision(state, memo, self.weights)[1])
