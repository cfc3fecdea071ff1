"""The toy engine's framework binding: everything OpenSpiel and PettingZoo need, in plain Python.

Action id ``i`` takes ``i + 1`` counters; its string is the engine's notation (the number taken).
There is no chance. A player sees the heap and whose turn it is; the game is public, so an
information state is the list of takes so far. (OpenSpiel has a C++ game called "nim" already, so
this one is "one_heap_nim" there.)
"""
from __future__ import annotations

from generator.adapters.binding import PERFECT, TERMINAL, options_from, rule_parameters

from .game import NimOptions, NimState


class NimGame:
    min_utility, max_utility, utility_sum = -1.0, 1.0, 0.0
    max_chance_outcomes = 0
    observation_size = 3

    def __init__(self, options: NimOptions):
        self.options = options
        self.num_distinct_actions = options.take_most
        self.max_game_length = options.heap

    def action_to_string(self, action_id: int, chance: bool) -> str:
        if chance or not 0 <= action_id < self.num_distinct_actions:
            raise ValueError(f"no action {action_id}")
        return str(action_id + 1)

    def string_to_action(self, text: str, chance: bool) -> int:
        take = int(text)
        if chance or not 1 <= take <= self.num_distinct_actions:
            raise ValueError(f"no action {text!r}")
        return take - 1

    def new_initial_state(self) -> "BoundNim":
        return BoundNim(NimState(self.options), [])


class BoundNim:
    def __init__(self, state: NimState, takes: list[int]):
        self.state, self.takes = state, takes

    def current_player(self) -> int:
        return TERMINAL if self.state.is_terminal() else self.state.current_player

    def legal_actions(self) -> list[int]:
        return [take - 1 for take in self.state.legal_actions()] if not self.state.is_terminal() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def apply(self, action_id: int) -> None:
        self.state.apply_action(action_id + 1)
        self.takes.append(action_id + 1)

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        winner = self.state.winner
        return [0.0, 0.0] if winner is None else [1.0 if p == winner else -1.0 for p in (0, 1)]

    def clone(self) -> "BoundNim":
        state = NimState(self.state.options)
        state.heap, state.current_player, state.turn, state.winner = (
            self.state.heap, self.state.current_player, self.state.turn, self.state.winner)
        return BoundNim(state, list(self.takes))

    def observation_tensor(self, player: int) -> list[float]:
        to_move = self.current_player()
        return [self.state.heap / self.state.options.heap, float(to_move == player),
                float(to_move == 1 - player)]

    def observation_string(self, player: int) -> str:
        return str(self)

    def information_state_string(self, player: int) -> str:
        return " ".join(map(str, self.takes))

    def __str__(self) -> str:
        return f"heap {self.state.heap}, " + ("over" if self.is_terminal() else f"seat {self.state.current_player} to take")


class NimBinding:
    short_name, long_name = "one_heap_nim", "One-heap Nim"
    player_names, information = ("first", "second"), PERFECT
    parameters = rule_parameters(NimOptions)

    def configure(self, params=None) -> NimGame:
        return NimGame(options_from(NimOptions, params))


BINDING = NimBinding()
