"""Simulation runner, records and statistics."""
from __future__ import annotations

import json

import pytest

from channeling_helpers import DECKS, deal, edition_data
from generator.play.registry import ENGINES, game_seed, new_game, play_game, replay
from generator.runs.simulation import simulate
from generator.runs.stats import spread, wilson


def test_results_do_not_depend_on_jobs():
    args = (edition_data("2025").options, deal(DECKS["2025"]()), 40, ["greedy", "random"])
    one = simulate(*args, seed=8, jobs=1, swap_seats=True)
    two = simulate(*args, seed=8, jobs=2, swap_seats=True)
    assert one == two


def test_result_dict_has_the_figures_and_is_json():
    seen = []
    res = simulate(edition_data("thirty").options, deal(DECKS["thirty"]()), 30,
                   ["random", "random"], seed=1, progress=seen.append)
    assert sum(seen) == 30
    json.loads(json.dumps(res))
    for key in ("win_rate_by_seat", "scores", "turns", "ties", "cards_taken_per_game",
                "overchanneling_per_game", "deck_ran_out", "supply_ran_out", "no_legal_move",
                "stalled", "options"):
        assert key in res
    w = res["wins"]
    assert w["light"] + w["dark"] + w["draw"] == 30
    lo, hi = res["win_rate_by_seat"]["light"]["ci95"]
    assert 0 <= lo <= res["win_rate_by_seat"]["light"]["rate"] <= hi <= 1
    t = res["ties"]
    assert sum(t["broken_by"].values()) == t["count"]


def test_bad_arguments():
    args = (edition_data("2025").options, deal(DECKS["2025"]()))
    with pytest.raises(ValueError):
        simulate(*args, 0, ["random", "random"])
    with pytest.raises(ValueError, match="agent"):
        simulate(*args, 3, ["random", "nope"])
    with pytest.raises(ValueError):
        simulate(*args, 3, ["random"])


def test_play_game_record_replays():
    o = edition_data("forest").options
    rec = play_game(o, deal(DECKS["forest"]()), 4, ["greedy", "random"])
    json.loads(json.dumps(rec.to_dict()))
    s = replay(o, deal(DECKS["forest"]()), 4, rec.actions)
    assert s.is_terminal() and s.scores() == rec.scores and s.turn == rec.turns
    assert rec.setup["grid"] == [c.name for c in
                                 (new_game(o, deal(DECKS["forest"]()), 4).card_at(q)
                                  for q in ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2",
                                            "a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4"))]


def test_game_seeds_are_stable():
    assert game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1) != game_seed(2, 1)
    assert "channeling" in ENGINES


def test_wilson_and_spread():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and 0.69 < lo < 0.73
    s = spread([1, 2, 3, 4])
    assert s["mean"] == 2.5 and s["median"] == 2.5 and abs(s["stdev"] - 1.290994) < 1e-6
