"""How the sample search ranks the games it plays: every wanted event first, then no misleading
turn, then a close game (its result in doubt until late), then the shorter game. Made-up games only:
each record lists its turns' events and the scores after each turn."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

WANTED = ("rise", "fall")


class _Record:
    def __init__(self, seed: int, game: dict[str, Any]):
        self.data = {"seed": seed, **game}

    def to_dict(self) -> dict[str, Any]:
        return dict(self.data)


def _read(inputs: Any, record: dict[str, Any]) -> list[tuple[int, set[str]]]:
    return [(turn, set(events)) for turn, events in record["events"]]


def _game(led: int, events: tuple[str, ...] = WANTED, turns: int = 10, setup: tuple[str, ...] = ()) -> dict[str, Any]:
    """A game of ``turns`` turns whose first player draws level with the second (1 to 1) after the
    second's turn, then leads after each of the last ``led`` turns (won 2 to 1); ``setup``: the
    events of a choice made before the first turn (turn 0)."""
    told = ([[0, list(setup)]] if setup else []) + [[1, list(events)]] + [[t, []] for t in range(2, turns + 1)]
    track = [(0, 1)] * (turns - led) + [(2, 1)] * led
    return {"actions": [], "winner": 0, "scores": list(track[-1]), "events": told, "track": track}


def _search(monkeypatch, games: list[dict[str, Any]], max_turns: int | None = None) -> dict[str, Any]:
    """The search over ``games`` (seed 1 is the first), played by a stand-in for the engine: a game
    played with a turn limit it goes past is stopped there (``played`` notes the limit)."""
    import generator.play.registry as registry
    from generator.runs.sample_search import _search_seeds
    played: list[Any] = []

    def play_within(options, inputs, seed, agents, limit, game=None):
        played.append(seed if limit is None else (seed, limit))
        game_data = games[seed - 1]
        return None if limit is not None and len(game_data["track"]) > limit else _Record(seed, game_data)

    def score_track(options, inputs, seed, actions, game=None):
        return games[seed - 1]["track"]

    monkeypatch.setattr(registry, "play_within", play_within)
    monkeypatch.setattr(registry, "score_track", score_track)
    inputs = SimpleNamespace(options=None, inputs=None, engine="made-up")
    result = _search_seeds((inputs, ("a", "b"), 1, len(games), WANTED, _read, 0, max_turns))
    return {**result, "played": played}


def test_a_close_game_is_preferred_to_an_earlier_rout(monkeypatch):
    result = _search(monkeypatch, [_game(9), _game(2), _game(1)])
    assert result["seed"] == 2 and result["played"] == [1, 2]   # the first close game ends the search


def test_the_first_game_showing_everything_and_close_ends_the_search(monkeypatch):
    result = _search(monkeypatch, [_game(1), _game(2)])
    assert result["seed"] == 1 and result["played"] == [1]


def test_every_wanted_event_outranks_a_close_score(monkeypatch):
    result = _search(monkeypatch, [_game(1, events=("rise",)), _game(8), _game(9)])
    assert result["seed"] == 2 and result["played"] == [1, 2, 3]


def test_without_a_close_game_the_closest_wins_then_the_shorter(monkeypatch):
    """Won 2 to 1 (a lead half the winner's score), each game is as close as the turns its winner
    led to the end make it: seeds 2 and 3 took the lead for good 15% of their turns before the last
    15% (12 of 40 turns, 6 of 20), seeds 1 and 4 longer before."""
    games = [_game(9), _game(12, turns=40), _game(6, turns=20), _game(6)]
    result = _search(monkeypatch, games)
    assert result["seed"] == 3 and result["played"] == [1, 2, 3, 4]


def test_a_game_whose_players_choose_alike_unseen_is_passed_over_like_a_wasted_action(monkeypatch):
    """Both players setting up alike (``alike``) reads as a rule: a later game without it wins, and
    the closest game among those that have one only when none is without."""
    result = _search(monkeypatch, [_game(1, setup=("alike",)), _game(8), _game(2)])
    assert result["seed"] == 3 and result["played"] == [1, 2, 3]
    result = _search(monkeypatch, [_game(1, setup=("alike",)), _game(8, setup=("alike",))])
    assert result["seed"] == 1 and result["played"] == [1, 2]


def test_a_game_past_the_turn_limit_is_stopped_and_passed_over(monkeypatch):
    """A close game showing every event but longer than the limit loses to a later rout that ends
    within it; the long game is neither ranked nor kept (it was stopped, not played to its end)."""
    games = [_game(1, turns=40), _game(18, turns=20), _game(1, turns=25)]
    result = _search(monkeypatch, games, max_turns=30)
    assert result["seed"] == 3 and result["played"] == [(1, 30), (2, 30), (3, 30)]
    assert set(result["records"]) == {"2", "3"}


def test_a_game_within_the_limit_is_taken_even_if_a_longer_one_shows_more(monkeypatch):
    games = [_game(1, turns=40), _game(1, events=("rise",), turns=20)]
    result = _search(monkeypatch, games, max_turns=30)
    assert result["seed"] == 2 and result["tried"] == 2


def test_when_every_game_passes_the_limit_they_are_played_to_their_ends(monkeypatch):
    games = [_game(38, turns=40), _game(1, turns=50)]
    result = _search(monkeypatch, games, max_turns=30)
    assert result["seed"] == 2 and result["played"] == [(1, 30), (2, 30), 1, 2]
    assert set(result["records"]) == {"1", "2"}


def test_the_turn_limit_is_part_of_the_searchs_cache_key():
    from generator.runs.sample_search import SampleSearch, search_work
    inputs = SimpleNamespace(key=lambda: {"rules": 1}, engine="made-up")
    keys = [search_work(inputs, ("a", "b"), 1, SampleSearch(shows={"rise": "r"}, max_turns=limit), _read).parts
            for limit in (None, 30)]
    assert [k["max_turns"] for k in keys] == [None, 30]


LEVEL, AHEAD = (1, 1), (2, 1)


@pytest.mark.parametrize("track, winner, close", [
    ([LEVEL] * 9 + [AHEAD], 0, True),            # ahead only after the last turn
    ([AHEAD] * 10, 0, False),                    # ahead from the first turn on
    ([LEVEL] * 8 + [AHEAD] * 2, 0, True),        # ahead in the last round (a turn each) only
    ([LEVEL] * 7 + [AHEAD] * 3, 0, False),       # 3 of 10 turns: past the last round and 15%
    ([LEVEL] * 34 + [AHEAD] * 6, 0, True),       # 6 of 40 turns: 15%
    ([LEVEL] * 33 + [AHEAD] * 7, 0, False),
    ([AHEAD] * 5 + [(1, 2)] + [AHEAD] * 2, 0, True),   # the lead changed hands late
    ([(1, 2)] * 10, 1, False),                   # the second player led from the start
    ([LEVEL] * 10, 0, True),                     # won on a tie-break: level to the end
    ([AHEAD] * 10, None, True),                  # a draw
    ([], None, True),
    ([(4, 9, 8)] * 9 + [(4, 9, 10)], 2, True),   # three seats: ahead of both only after the last turn
    ([(-3, -10)] * 10, 0, False),                # scores below zero
    ([(9, 4)] * 13 + [(35, 30)], 0, True),       # led throughout, the loser within 15% at the end
    ([(9, 4)] * 13 + [(33, 26)], 0, False),
    ([(3, 2, 1)] * 13 + [(4, 9, 8)], 1, True)])
def test_a_close_game_is_one_in_doubt_until_late(track, winner, close):
    """Close: the winner took the lead for good (ahead of every other player after each turn to the
    end) in the last 15% of the game's turns or in its last round, or the loser ended within 15% of
    the winner's score, however many points a score has: a lead of one in a game won at 2 is no
    closer than the turns it was held."""
    from generator.runs.sample_search import overshoot
    assert (overshoot(track, winner) == 0) is close


@pytest.mark.parametrize("game, edition", [("battle-for-the-grove", "2024"), ("the-channeling", "2025")])
def test_the_score_track_is_the_scores_after_each_turn_of_a_replayed_record(game, edition):
    """The engine's record replayed from its seed: one entry of scores (by seat) per turn, the last
    the record's final scores; the scores change during the game (circles held, points taken)."""
    from generator.model import load_edition
    from generator.play.registry import play_game, score_track
    from generator.runs.work import engine_inputs
    inputs = engine_inputs(load_edition(game, edition))
    record = play_game(inputs.options, inputs.inputs, 3, ["greedy", "greedy"], game=inputs.engine)
    track = score_track(inputs.options, inputs.inputs, 3, record.actions, game=inputs.engine)
    assert len(track) == record.turns and track[-1] == tuple(record.scores)
    assert len(set(track)) > 2


def test_the_searchs_cache_key_covers_the_ranking_code():
    """The ranking lives in the search's own module, which the engine fingerprint in the search's
    cache key hashes: a kept search made by other ranking code is never read back."""
    from pathlib import Path
    import generator.runs.sample_search as search
    from generator.runs.cache import engine_sources
    files, _ = engine_sources(None)
    assert Path(search.__file__).resolve() in {Path(f).resolve() for f in files}
