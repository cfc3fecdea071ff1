"""Many random games with every invariant checked after every action.

The full check (100,000 games over all editions) is marked ``long``: ``pytest -m long``.
A small sample of the same check runs by default.
"""
from __future__ import annotations

import pytest

from channeling_helpers import DECKS, EDITIONS, GLYPHS, edition_data
from channeling_invariants import play_checked
from pnp_games.channeling import new_game
from pnp_games.channeling.agents import GreedyAgent, RandomAgent
from generator.play.registry import game_seed


def _run(games: int, master: int) -> dict[str, int]:
    ended = {"games": 0, "stalled": 0, "deck_ran_out": 0, "spent": 0}
    for i in range(games):
        edition = EDITIONS[i % len(EDITIONS)]
        deck = DECKS[edition]()
        seed = game_seed(master, i)
        state = new_game(edition_data(edition).options, deck, GLYPHS, seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)] if i % 5 else \
            [GreedyAgent(seed), RandomAgent(seed + 1)]
        play_checked(state, agents, len(deck), GLYPHS)
        ended["games"] += state.is_terminal()
        ended["stalled"] += state.is_stalled()
        fl = state.flags()
        ended["deck_ran_out"] += bool(fl["deck_ran_out"])
        ended["spent"] += bool(sum(fl["spent_glyphs"]))
    return ended


def test_random_games_sample():
    res = _run(300, master=1)
    assert res["games"] == 300


@pytest.mark.long
def test_random_games_100k():
    res = _run(100_000, master=2)
    assert res["games"] == 100_000
