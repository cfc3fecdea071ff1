"""Cheap clones through the frameworks: a clone shares the bound game and the engine's
precomputed tables (the same objects) and copies only the mutable state, so playing on from the
clone leaves the original as it was."""
from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from generator.adapters import openspiel_game  # noqa: E402
from generator.adapters.pettingzoo_env import env  # noqa: E402

# engine, parameters, the engine state's attribute holding its tables (shared by every copy)
GAMES = [("grove", {"turn_cap": 60}, "_tab"), ("channeling", {"turn_cap": 30}, "_st")]


def _advance(state, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _different_action(state, rng: random.Random, avoid: int | None) -> int:
    legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    others = [a for a in legal if a != avoid]
    return rng.choice(others or legal)


@pytest.mark.parametrize("engine,params,tables", GAMES)
def test_openspiel_clone_shares_the_game_and_tables_and_diverges(engine, params, tables):
    game = pyspiel.load_game(openspiel_game.register(engine), params)
    state = game.new_initial_state()
    rng = random.Random(3)
    _advance(state, rng, 12)
    before = str(state), state.history()
    copy = state.clone()
    assert str(copy) == before[0] and copy.history() == before[1]
    assert copy.game_bound is state.game_bound
    engine_copy, engine_state = copy.bound.state, state.bound.state
    assert engine_copy is not engine_state
    assert getattr(engine_copy, tables) is getattr(engine_state, tables)
    # play on from the clone only: the original does not move
    while copy.history() == before[1] or str(copy) == before[0]:
        copy.apply_action(_different_action(copy, rng, None))
    assert str(state) == before[0] and state.history() == before[1]
    # and the original plays on to a different position than the clone reached
    state.apply_action(_different_action(state, rng, copy.history()[len(before[1])]))
    assert state.history() != copy.history()[:len(state.history())]


@pytest.mark.parametrize("engine,params,tables", GAMES)
def test_a_fresh_state_and_its_clone_start_alike(engine, params, tables):
    game = pyspiel.load_game(openspiel_game.register(engine), params)
    state = game.new_initial_state()
    copy = state.clone()
    assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()
    assert copy.bound is not state.bound


@pytest.mark.parametrize("engine,params,tables", GAMES)
def test_pettingzoo_clone_shares_the_game_and_diverges(engine, params, tables):
    zoo = env(engine, **params)
    zoo.reset(seed=5)
    for _ in range(6):
        obs, _, terminated, truncated, _ = zoo.last()
        zoo.step(int(obs["action_mask"].nonzero()[0][0]))
    copy = zoo.clone()
    assert copy.game is zoo.game and copy.binding is zoo.binding
    assert copy.game_state is not zoo.game_state
    assert getattr(copy.game_state.state, tables) is getattr(zoo.game_state.state, tables)
    assert str(copy.game_state) == str(zoo.game_state) and copy.agent_selection == zoo.agent_selection
    before = str(zoo.game_state)
    for _ in range(4):
        obs, _, terminated, truncated, _ = copy.last()
        copy.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][-1]))
    assert str(zoo.game_state) == before and str(copy.game_state) != before
    # both copies draw the same chance outcomes from here: the same moves give the same game
    twin = zoo.clone()
    for one in (zoo, twin):
        for _ in range(8):
            obs, _, terminated, truncated, _ = one.last()
            one.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0]))
    assert str(zoo.game_state) == str(twin.game_state)
