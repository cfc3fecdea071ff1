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

from generator.play import agents_base
from pnp_games.grove import lookahead
from pnp_games.grove.actions import Action
from pnp_games.grove.state import CHANCE, State
from pnp_games.grove.weights import DEFAULT_WEIGHTS, Weights

__all__ = ["DEFAULT_WEIGHTS", "GreedyAgent", "Weights", "action_values", "expected_value", "position_value"]


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
    owner: list[int | None] = []
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
        total += p * _chosen_value(outcome, player, w)
    return total


def _chosen_value(state: State, player: int, w: Weights) -> float:
    """``position_value`` of ``state``, or, while its mover chooses which druids a Banish sends
    home, of the best choice for the mover (the player to move is the one who rolled)."""
    if not state.sending:
        return position_value(state, player, w)
    values = []
    for send in state.legal_actions():
        chosen = state.clone(history=False)
        chosen.apply_action(send)
        values.append(position_value(chosen, player, w))
    return max(values) if player == state.current_player else min(values)


def action_values(state: State, w: Weights = DEFAULT_WEIGHTS) -> tuple[float, ...]:
    """``expected_value`` of each of ``state.legal_actions()`` (in that order) for the player to move,
    worked out without playing the actions (see ``lookahead``)."""
    return lookahead.action_values(state, w)


class GreedyAgent(agents_base.GreedyAgentBase):
    """Takes the action with the best expected position value; ties broken at random (seeded)."""

    default_weights = DEFAULT_WEIGHTS
    _memo_of: tuple = (None, None)  # (the rule options' tables, the look-ahead's memo for them)

    def choose(self, state: State) -> Action:
        tab, memo = self._memo_of
        if tab is not state._tab:
            memo = lookahead.memo_for(state, self.weights)
            self._memo_of = (state._tab, memo)
        _, best, (actions, _, _) = lookahead.decision(state, memo, self.weights)
        return actions[0] if len(actions) == 1 else self.rng.choice(best)
