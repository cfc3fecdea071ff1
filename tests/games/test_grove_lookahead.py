"""The greedy agent's fast look-ahead (``action_values``, worked out on the board without playing
the actions) gives the values of the plain one (``expected_value``: copy the state, play the
action, average the position's value over every grouped roll), in positions from random games
under several rule variants."""
from __future__ import annotations

import random

import pytest

from pnp_games.grove import CHANCE, GroveOptions, State
from pnp_games.grove.agents import DEFAULT_WEIGHTS, Weights, action_values, expected_value

VARIANTS = [GroveOptions(),
            GroveOptions(banish_order="lying_first", banish_needs_standing_druid=False, cubes_per_player=8),
            GroveOptions(move_to_grove=True, actions_per_turn=1, control_at=3, turn_cap=40),
            GroveOptions(circles=5, circles_to_win=3, dice=2, die_sides=10, banish_on=8, druids_per_player=4)]
ODD_WEIGHTS = Weights(control=3.0, winning=11.0, surplus=0.5, stand_circle=0.7, stand_held=1.9,
                      lie_circle=-0.3, stand_grove=2.2, win=500.0)


def positions(options: GroveOptions, seed: int, every: int = 3):
    """Positions with a player to move, from one random game (every ``every``-th decision)."""
    rng, state, seen = random.Random(seed), State(options), 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        seen += 1
        if seen % every == 0:
            yield state.clone()
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
@pytest.mark.parametrize("weights", [DEFAULT_WEIGHTS, ODD_WEIGHTS], ids=["default", "odd"])
def test_fast_lookahead_equals_playing_each_action(variant, weights):
    options, checked = VARIANTS[variant], 0
    for seed in range(4):
        for state in positions(options, seed):
            actions = state.legal_actions()
            me = state.current_player
            fast = list(action_values(state, weights))
            plain = [expected_value(state, a, me, weights) for a in actions]
            assert fast == pytest.approx(plain, abs=1e-9), (str(state), actions)
            checked += 1
    assert checked > 40
