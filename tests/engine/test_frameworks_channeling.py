"""The Channeling in known frameworks through its binding and the generic adapters: OpenSpiel's
own random-simulation test and MCTS bot on an imperfect-information game, PettingZoo's API test,
and views that hide the opponent's face-down glyphs (the ``frameworks`` extra)."""
from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from framework_helpers import play_with_mcts_bot  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from generator.adapters import openspiel_game  # noqa: E402,F401  (registers the games)
from generator.adapters.pettingzoo_env import env  # noqa: E402


def test_openspiel_loads_the_game_with_its_fixed_action_space():
    game = pyspiel.load_game("the_channeling")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == 56 + 8 + 4 * 16 and game.max_chance_outcomes() == 36
    open_game = pyspiel.load_game("the_channeling", {"hidden_glyphs": 0, "grid_size": 6, "hand_size": 12})
    assert open_game.num_distinct_actions() == 12 + 4 * 36
    state = game.new_initial_state()
    assert state.current_player() == 0 and len(state.legal_actions()) == 56
    assert state.action_to_string(state.legal_actions()[0]) == "hide g1,g2,g3"


def test_openspiel_random_simulation_test_passes():
    # serialising replays the whole log at every step: a short game for that one
    for params, serialize in (({"turn_cap": 12}, True), ({"hidden_glyphs": 0, "move_origin": "in_line"}, False)):
        game = pyspiel.load_game("the_channeling", params)
        pyspiel.random_sim_test(game, num_sims=2, serialize=serialize, verbose=False)


def test_openspiel_views_hide_the_opponents_face_down_glyphs():
    game = pyspiel.load_game("the_channeling")
    a, b = game.new_initial_state(), game.new_initial_state()
    for state, dark_hide in ((a, "hide g4,g5,g6"), (b, "hide g1,g7,g8")):
        state.apply_action(state.string_to_action("hide g1,g2,g3"))
        state.apply_action(state.string_to_action(dark_hide))
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    assert "hide (3 hidden)" in a.information_state_string(0) and "g4" not in a.information_state_string(0)
    assert len(a.observation_tensor(0)) == game.observation_tensor_size()


def test_openspiel_mcts_bot_plays_whole_games():
    state = play_with_mcts_bot("the_channeling", {"turn_cap": 6}, simulations=6, seed=3)
    assert state.bound.state.turn <= 6 and sum(state.returns()) == 0


def test_pettingzoo_api_test_passes():
    api_test(env("channeling", turn_cap=40), num_cycles=300, verbose_progress=False)


def test_pettingzoo_games_end_won_or_truncated_at_the_cap():
    environment = env("channeling", turn_cap=20, hidden_glyphs=0)
    rng = np.random.default_rng(0)
    for seed in range(2):
        environment.reset(seed=seed)
        for _ in environment.agent_iter():
            obs, reward, terminated, truncated, _ = environment.last()
            action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            environment.step(action)
        state = environment.game_state.state
        assert state.is_terminal() and state.is_stalled() == (state.turn == 20 and state.outcome()[0] is None)


def test_the_binding_keeps_its_promises_without_any_framework():
    from generator.adapters.conformance import check_binding_plays
    from pnp_games.channeling.frameworks import BINDING
    assert check_binding_plays(BINDING, {"turn_cap": 30}, games=4) == []
