"""Battle for the Grove in known frameworks through its binding and the generic adapters: OpenSpiel's own random-simulation test and MCTS bot,
and PettingZoo's API test (the ``frameworks`` extra)."""
from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from framework_helpers import play_with_mcts_bot  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from generator.adapters import openspiel_game  # noqa: E402,F401  (registers the games)
from generator.adapters.pettingzoo_env import env  # noqa: E402
from pnp_games.grove import GroveOptions, parse_action  # noqa: E402
from pnp_games.grove.ids import ids_for  # noqa: E402


def grove_env(**rules):
    return env("grove", **rules)


@pytest.mark.parametrize("circles", [3, 5])
def test_every_action_id_round_trips_through_its_notation(circles):
    ids = ids_for(GroveOptions(circles=circles, circles_to_win=2))
    for chance, table in ((False, ids.actions), (True, ids.outcomes)):
        for i in range(len(table)):
            action = ids.action(i, chance)
            assert parse_action(str(action)) == action and ids.id_of(action) == i
    sends = sum(n + 1 for n in range(1, 4))   # a Banish's splits of 1 to 3 druids sent home (3 dice)
    assert ids.num_distinct_actions == (circles + 1) + (circles + 1) ** 2 + 3 * circles + 2 + sends


def test_openspiel_loads_the_game_with_rule_options_as_parameters():
    game = pyspiel.load_game("battle_for_the_grove")
    assert game.num_distinct_actions() == 31 + 9 and game.max_chance_outcomes() == 56 + 16 * 16
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    small = pyspiel.load_game("battle_for_the_grove", {"circles": 4, "turn_cap": 50})
    assert small.num_distinct_actions() == 5 + 25 + 12 + 2 + 9   # 9: a Banish's sends
    state = small.new_initial_state()
    assert state.is_chance_node() and abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9


def test_openspiel_random_simulation_test_passes():
    game = pyspiel.load_game("battle_for_the_grove", {"turn_cap": 40})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_views_come_from_the_binding():
    game = pyspiel.load_game("battle_for_the_grove", {"first_player": "light"})
    state = game.new_initial_state()
    for text in ("stand G", "move G>A", "banish A", "roll 1-5-6"):
        state.apply_action(state.string_to_action(text))
    assert state.information_state_string(1) == "stand G move G>A banish A roll 1-5-6"
    assert state.bound.state.lying(0, "G") == 6  # the six banished Light's druid at A
    tensor = state.observation_tensor(0)
    assert len(tensor) == game.observation_tensor_size() == 4 * 4 + 3 + 2 + 2 + 4 + 3 + 3 + 1   # 1: choosing a Banish's send
    assert state.observation_string(0) == state.observation_string(1) == str(state.bound.state)
    assert state.action_to_string(state.legal_actions()[0]) == "stand G"


def test_openspiel_mcts_bot_plays_whole_games():
    state = play_with_mcts_bot("battle_for_the_grove", {"turn_cap": 16}, simulations=12, seed=1)
    assert state.bound.state.turn <= 16 and sum(state.returns()) == 0


def test_pettingzoo_api_test_passes():
    api_test(grove_env(turn_cap=60), num_cycles=300, verbose_progress=False)


def test_pettingzoo_games_end_won_or_truncated_at_the_cap():
    env = grove_env(turn_cap=30)
    rng = np.random.default_rng(0)
    for seed in range(3):
        env.reset(seed=seed)
        steps = 0
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            steps += 1
        state = env.game_state.state
        assert state.is_terminal() and steps >= state.turn
        assert state.is_stalled() == (state.turn == 30)
