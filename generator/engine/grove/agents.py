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

from .. import agents_base
from .actions import BANISH, CHANNEL, END, MOVE, PASS, STAND, STUN, Action, place_index
from .state import _BONUS, CHANCE, State


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


class _Board:
    """The values of positions reached by one action, worked out on copies of the board's small
    lists without copying or replaying the state. A position's value is a sum of one term per
    circle (remembered by the circle's contents, seen from the mover's side) and the Grove's."""

    def __init__(self, state: State, w: Weights):
        o = state.options
        self.o, self.w = o, w
        self.terms: dict[tuple, tuple[float, int, int]] = _TERMS.setdefault((o, w), {})

    def circle(self, key: tuple) -> tuple[float, int, int]:
        """(value, held by the mover, held by the opponent) of one circle: (mover's cubes as + and the
        opponent's as -, mover standing, opponent standing, mover lying, opponent lying)."""
        o, w = self.o, self.w
        v, sm, so, lm, lo = key
        at = o.control_at
        own, opp = max(0, v), max(0, -v)
        value = min(own, at) + w.surplus * max(0, own - at) - min(opp, at) - w.surplus * max(0, opp - at)
        value += w.control if own >= at else -w.control if opp >= at else 0.0
        value += (w.stand_held if own >= at else w.stand_circle) * sm + w.lie_circle * lm
        value -= (w.stand_held if opp >= at else w.stand_circle) * so + w.lie_circle * lo
        found = self.terms[key] = (value, int(own >= at), int(opp >= at))
        return found

    def value(self, sign: int, cubes: list[int], mine: tuple[list[int], list[int]],
              theirs: tuple[list[int], list[int]], ends_turn: bool, last_turn: bool) -> float:
        """``position_value`` of the board for the mover (``sign`` +1 for Light), after the win
        check and the turn cap when the action ends the turn."""
        o, w, terms = self.o, self.w, self.terms
        value, held, lost = 0.0, 0, 0
        for c in range(1, o.circles + 1):
            key = (sign * cubes[c - 1], mine[0][c], theirs[0][c], mine[1][c], theirs[1][c])
            term = terms.get(key) or self.circle(key)
            value += term[0]
            held += term[1]
            lost += term[2]
        if ends_turn:  # the opponent's turn opens with the win check, then the turn cap
            if lost >= o.circles_to_win:
                return -w.win
            if last_turn:
                return 0.0
        if held >= o.circles_to_win:
            value += w.winning
        if lost >= o.circles_to_win:
            value -= w.winning
        return value + w.stand_grove * (mine[0][0] - theirs[0][0])


_TERMS: dict[tuple, dict[tuple, tuple[float, int, int]]] = {}


def action_values(state: State, actions: list[Action], w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """``expected_value`` of each action for the player to move, without playing the actions."""
    board = _Board(state, w)
    o, me = state.options, state.current_player
    you, sign = 1 - me, 1 - 2 * me
    cubes = state._cubes
    stand, lie = state._stand, state._lie
    last_turn = state.turn + 1 >= o.turn_cap
    can_bonus = state._acted + 1 < o.actions_per_turn and o.stand_bonus_at_grove
    out = []
    for action in actions:
        kind = action.kind
        mine = (stand[me][:], lie[me][:])
        theirs = (stand[you], lie[you])
        if kind in (END, PASS):
            out.append(board.value(sign, cubes, mine, theirs, True, last_turn))
            continue
        at = place_index(action.at)
        if kind == STAND:
            mine[1][at] -= 1
            mine[0][at] += 1
            out.append(board.value(sign, cubes, mine, theirs, not (at == 0 and can_bonus), last_turn))
        elif kind == MOVE:
            to = place_index(action.to)
            mine[0][to] += mine[0][at]
            mine[0][at] = 0
            out.append(board.value(sign, cubes, mine, theirs, True, last_turn))
        else:
            out.append(_dice_value(board, state, action, at, sign, mine, last_turn))
    return out


def _dice_value(board: _Board, state: State, action: Action, at: int, sign: int,
                mine: tuple[list[int], list[int]], last_turn: bool) -> float:
    """The value of a Channel, Stun or Banish averaged over its dice (as ``State._resolve`` plays it)."""
    kind, me = action.kind, state.current_player
    you = 1 - me
    theirs = (state._stand[you], state._lie[you])
    cubes = state._cubes
    if not state._effect_possible(action):  # spent without dice
        return board.value(sign, cubes, mine, theirs, True, last_turn)
    total = 0.0
    for _, n, p in state._tab.effect_groups(kind, mine[0][at], state._limit(action)):
        after_cubes, after = cubes, theirs
        if kind == CHANNEL:
            after_cubes = cubes[:]
            after_cubes[at - 1] += sign * n
        else:
            after = (theirs[0][:], theirs[1][:])
            if kind == STUN:
                after[0][at] -= n
                after[1][at] += n
            else:
                if state.options.banish_order == "standing_first":
                    standing = min(n, theirs[0][at])
                else:
                    standing = max(0, n - theirs[1][at])
                after[0][at] -= standing
                after[1][at] -= n - standing
                after[1][0] += n
        total += p * board.value(sign, after_cubes, mine, after, True, last_turn)
    return total


class GreedyAgent(agents_base.GreedyAgentBase):
    """Takes the action with the best expected position value; ties broken at random (seeded)."""

    default_weights = DEFAULT_WEIGHTS

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        values = action_values(state, actions, self.weights)
        best = max(values)
        return self.rng.choice([a for v, a in zip(values, actions) if v >= best - 1e-9])
