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


def _numbered(games: range, seats: int = 2) -> "GameTable":
    """A made-up table whose every column names its game: the winner is the index mod seats."""
    from generator.play.records import GameTable
    return GameTable([i % seats for i in games], [None] * len(games), [list(games), [-i for i in games]],
                     [i * 10 for i in games], [False] * len(games), [False] * len(games), {"index": list(games)})


@pytest.mark.parametrize("start, stop", [(0, 9), (3, 10), (4, 5), (7, 9)])
@pytest.mark.parametrize("swap", [False, True])
def test_a_kernels_batches_come_back_in_game_order_with_their_seating(start, stop, swap):
    from generator.runs.simulation import by_seating, seats
    asked = []

    def batch(pair, games):
        asked.append((pair, games))
        return _numbered(games)
    table = by_seating(["a", "b"], swap, start, stop, batch)
    assert table.figures["index"] == list(range(start, stop)) and table.turns == [10 * i for i in range(start, stop)]
    assert table.scores == [list(range(start, stop)), [-i for i in range(start, stop)]]
    assert table.swapped == [seats(["a", "b"], i, swap)[1] for i in range(start, stop)]
    assert all(pair == seats(["a", "b"], g, swap)[0] for pair, games in asked for g in games)
    assert by_seating(["a", "b"], swap, start, stop, lambda pair, games: None) is None


def test_a_table_joins_and_reads_rows():
    from generator.play.loop import GameRow
    from generator.play.records import GameTable
    joined = GameTable.joined([_numbered(range(0, 3)), _numbered(range(3, 5))])
    assert joined == _numbered(range(5)) and len(joined) == 5
    rows = [GameRow(i % 2, None, (i, -i), 10 * i, False, False, {"n": i}, {}) for i in range(4)]
    assert GameTable.from_rows(rows, lambda row: {"index": row.figures["n"]}) == _numbered(range(4))


def test_spread_gives_what_a_plain_loop_gives():
    import math
    import random
    rng = random.Random(5)
    for values in ([rng.randint(-3, 40) for _ in range(1001)], [rng.random() * 9 for _ in range(300)],
                   [rng.choice([1, 2.5, 0.0, -0.0, 3]) for _ in range(40)], [7], [2, 1]):
        n, mean = len(values), sum(values) / len(values)
        var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        s = sorted(values)
        median = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
        assert spread(values) == {"mean": mean, "stdev": math.sqrt(var), "min": float(s[0]), "max": float(s[-1]),
                                  "median": float(median)}
