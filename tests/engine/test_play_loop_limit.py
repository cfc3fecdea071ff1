"""The run loop's turn limit, on a made-up game: each action is one turn, the game ends after ``length``."""
from __future__ import annotations

from generator.play.loop import play_out


class _Counting:
    def __init__(self, length: int):
        self.length, self.turn, self.current_player = length, 0, 0

    def is_terminal(self) -> bool:
        return self.turn >= self.length

    def apply_action(self, action: int) -> None:
        self.turn += 1
        self.current_player = 1 - self.current_player


class _Agent:
    def choose(self, state: _Counting) -> int:
        return 0


def test_a_game_past_the_limit_stops_as_soon_as_it_passes_it():
    state, log = _Counting(600), []
    play_out(state, [_Agent(), _Agent()], log, max_turns=100)
    assert not state.is_terminal() and state.turn == 101 and len(log) == 101


def test_a_game_within_the_limit_is_played_to_its_end():
    for limit in (None, 68, 600):
        state = _Counting(68)
        play_out(state, [_Agent(), _Agent()], max_turns=limit)
        assert state.is_terminal() and state.turn == 68
