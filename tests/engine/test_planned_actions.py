"""An action a state generated itself (the random agent's sample, the greedy agent's choice) is
applied without being checked again; the result must be what checking and applying an equal
action read from its notation gives, position for position."""
from __future__ import annotations

import random

import pytest

from channeling_helpers import DECKS, GLYPHS, edition_data
from generator.engine.channeling import new_game, parse_action
from generator.engine.channeling.agents import GreedyAgent, RandomAgent
from generator.engine.errors import IllegalActionError


def snapshot(state) -> tuple:
    return (state.observation_string(0), state.observation_string(1), state.scores(), state.turn,
            state.current_player, state.is_terminal(), [str(a) for a in state.history])


@pytest.mark.parametrize("edition", sorted(DECKS))
@pytest.mark.parametrize("agent", [RandomAgent, GreedyAgent])
def test_generated_action_applies_as_the_checked_one(edition, agent):
    options = edition_data(edition).options
    for seed in range(6):
        state = new_game(options, DECKS[edition](), GLYPHS, seed)
        players = [agent(seed), agent(seed + 100)]
        while not state.is_terminal():
            action = players[state.current_player].choose(state)
            checked = state.clone()
            checked.apply_action(parse_action(str(action)))
            state.apply_action(action)
            assert snapshot(state) == snapshot(checked)


def test_a_generated_action_is_forgotten_once_the_state_changes():
    options = edition_data("2025").options
    state = new_game(options, DECKS["2025"](), GLYPHS, 3)
    rng = random.Random(1)
    while state.in_setup:
        state.apply_action(state.sample_action(rng))
    move = state.sample_action(rng)
    assert move.dst
    state.apply_action(move)
    with pytest.raises(IllegalActionError):
        state.apply_action(move)  # the other player moves now: checked, and refused
