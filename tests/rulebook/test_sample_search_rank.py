"""How the sample search ranks the games it plays: every wanted event first, then a close final
score, then the shorter game. Made-up games only: each record lists its turns' events and scores."""
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


def _game(scores: list[int], events: tuple[str, ...] = WANTED, turns: int = 10) -> dict[str, Any]:
    told = [[1, list(events)]] + [[t, []] for t in range(2, turns + 1)]
    return {"scores": scores, "events": told}


def _search(monkeypatch, games: list[dict[str, Any]], max_turns: int | None = None) -> dict[str, Any]:
    """The search over ``games`` (seed 1 is the first), played by a stand-in for the engine: a game
    played with a turn limit it goes past is stopped there (``played`` notes the limit)."""
    import generator.play.registry as registry
    from generator.runs.sample_search import _search_seeds
    played: list[Any] = []

    def play_within(options, inputs, seed, agents, limit, game=None):
        played.append(seed if limit is None else (seed, limit))
        game_data = games[seed - 1]
        return None if limit is not None and len(game_data["events"]) > limit else _Record(seed, game_data)

    monkeypatch.setattr(registry, "play_within", play_within)
    inputs = SimpleNamespace(options=None, inputs=None, engine="made-up")
    result = _search_seeds((inputs, ("a", "b"), 1, len(games), WANTED, _read, 0, max_turns))
    return {**result, "played": played}


def test_a_close_game_is_preferred_to_an_earlier_rout(monkeypatch):
    result = _search(monkeypatch, [_game([33, 19]), _game([35, 30]), _game([31, 32])])
    assert result["seed"] == 2 and result["played"] == [1, 2]   # the first close game ends the search


def test_the_first_game_showing_everything_and_close_ends_the_search(monkeypatch):
    result = _search(monkeypatch, [_game([20, 21]), _game([30, 30])])
    assert result["seed"] == 1 and result["played"] == [1]


def test_every_wanted_event_outranks_a_close_score(monkeypatch):
    result = _search(monkeypatch, [_game([30, 29], events=("rise",)), _game([40, 10]), _game([50, 5])])
    assert result["seed"] == 2 and result["played"] == [1, 2, 3]


def test_without_a_close_game_the_closest_wins_then_the_shorter(monkeypatch):
    games = [_game([40, 10]), _game([30, 20], turns=30), _game([20, 30], turns=12), _game([50, 10])]
    result = _search(monkeypatch, games)
    assert result["seed"] == 3 and result["played"] == [1, 2, 3, 4]


def test_a_game_past_the_turn_limit_is_stopped_and_passed_over(monkeypatch):
    """A close game showing every event but longer than the limit loses to a later rout that ends
    within it; the long game is neither ranked nor kept (it was stopped, not played to its end)."""
    games = [_game([30, 29], turns=40), _game([40, 10], turns=20), _game([31, 30], turns=25)]
    result = _search(monkeypatch, games, max_turns=30)
    assert result["seed"] == 3 and result["played"] == [(1, 30), (2, 30), (3, 30)]
    assert set(result["records"]) == {"2", "3"}


def test_a_game_within_the_limit_is_taken_even_if_a_longer_one_shows_more(monkeypatch):
    games = [_game([30, 29], turns=40), _game([30, 29], events=("rise",), turns=20)]
    result = _search(monkeypatch, games, max_turns=30)
    assert result["seed"] == 2 and result["tried"] == 2


def test_when_every_game_passes_the_limit_they_are_played_to_their_ends(monkeypatch):
    games = [_game([40, 10], turns=40), _game([30, 29], turns=50)]
    result = _search(monkeypatch, games, max_turns=30)
    assert result["seed"] == 2 and result["played"] == [(1, 30), (2, 30), 1, 2]
    assert set(result["records"]) == {"1", "2"}


def test_the_turn_limit_is_part_of_the_searchs_cache_key():
    from generator.runs.sample_search import SampleSearch, search_work
    inputs = SimpleNamespace(key=lambda: {"rules": 1}, engine="made-up")
    keys = [search_work(inputs, ("a", "b"), 1, SampleSearch(shows={"rise": "r"}, max_turns=limit), _read).parts
            for limit in (None, 30)]
    assert [k["max_turns"] for k in keys] == [None, 30]


@pytest.mark.parametrize("scores, close", [
    ([33, 19], False), ([35, 30], True), ([32, 29], True), ([33, 26], False), ([2, 1], True), ([1, 2], True),
    ([3, 0], False), ([7, 7], True), ([5], True), ([], True), ([4, 9, 8], True), ([-3, -10], False)])
def test_a_close_game_is_one_whose_lead_is_a_small_share_of_the_winners_score(scores, close):
    """A lead of up to 15% of the winner's score, and always one point, is close (a game scored in
    circles won ends 2-1 at its closest)."""
    from generator.runs.sample_search import overshoot
    assert (overshoot(scores) == 0) is close


def test_the_searchs_cache_key_covers_the_ranking_code():
    """The ranking lives in the search's own module, which the engine fingerprint in the search's
    cache key hashes: a kept search made by other ranking code is never read back."""
    from pathlib import Path
    import generator.runs.sample_search as search
    from generator.runs.cache import engine_sources
    files, _ = engine_sources(None)
    assert Path(search.__file__).resolve() in {Path(f).resolve() for f in files}
