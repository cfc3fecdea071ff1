"""Checks that a binding keeps the protocol, without any framework installed.

``check_binding_plays(binding, params, games, seed)`` plays random games through the binding
(chance sampled with its own probabilities) and returns every broken promise it saw, as text:
ids outside their ranges, unsorted or empty legal actions, probabilities that do not sum to one,
strings that do not round-trip, a ``sample_chance`` outside the outcomes, tensors of the wrong
length, a clone that shares state, a game longer than ``max_game_length``, returns of the wrong
length. An engine author runs it before
trying OpenSpiel's and PettingZoo's own tests, whose failures say less.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from generator.adapters.binding import CHANCE, TERMINAL, BoundGame, BoundState, FrameworkBinding, check_binding


def check_binding_plays(binding: FrameworkBinding, params: Mapping[str, Any] | None = None,
                        games: int = 5, seed: int = 0) -> list[str]:
    """Every protocol problem seen over ``games`` random games (an empty list when none)."""
    check_binding(binding)
    game = binding.configure(params or {})
    if not isinstance(game, BoundGame):
        return [f"configure() gave {type(game).__name__}, which lacks members of BoundGame"]
    problems = _round_trip_problems(game)
    rng = random.Random(seed)
    for number in range(games):
        problems += [f"game {number}: {p}" for p in _play(game, len(binding.player_names), rng)]
    return problems


def _round_trip_problems(game: BoundGame) -> list[str]:
    problems = []
    for chance, size in ((False, game.num_distinct_actions), (True, game.max_chance_outcomes)):
        for action_id in range(size):
            text = game.action_to_string(action_id, chance)
            back = game.string_to_action(text, chance)
            if back != action_id:
                kind = "chance outcome" if chance else "action"
                problems.append(f"{kind} {action_id} reads {text!r}, which reads back as {back}")
    return problems


def _play(game: BoundGame, players: int, rng: random.Random) -> list[str]:
    state = game.new_initial_state()
    if not isinstance(state, BoundState):
        return [f"new_initial_state() gave {type(state).__name__}, which lacks members of BoundState"]
    problems: list[str] = []
    length = 0
    while not state.is_terminal() and not problems:
        problems += _views(game, state, players)
        problems += _clone_is_independent(state)
        action = _pick(game, state, rng, problems)
        if action is None:
            break
        state.apply(action)
        length += 1
        if length > game.max_game_length:
            problems.append(f"still playing after max_game_length ({game.max_game_length}) actions")
    if not problems:
        problems += _end(state, players)
    return problems


def _pick(game: BoundGame, state: BoundState, rng: random.Random, problems: list[str]) -> int | None:
    player = state.current_player()
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        ids = [i for i, _ in outcomes]
        total = sum(p for _, p in outcomes)
        if not outcomes or abs(total - 1) > 1e-9 or ids != sorted(set(ids)):
            problems.append(f"chance outcomes {outcomes[:5]}... are empty, unsorted or sum to {total}")
        elif not all(0 <= i < game.max_chance_outcomes for i in ids):
            problems.append(f"a chance outcome id is outside 0-{game.max_chance_outcomes - 1}: {ids}")
        elif hasattr(state, "sample_chance") and state.sample_chance(rng) not in ids:
            problems.append("sample_chance() drew an outcome that chance_outcomes() does not list")
        else:
            return rng.choices(ids, [p for _, p in outcomes])[0]
        return None
    if player == TERMINAL or not 0 <= player:
        problems.append(f"current_player() is {player} in a state that is not terminal")
        return None
    legal = state.legal_actions()
    if not legal or legal != sorted(set(legal)) or not 0 <= legal[0] <= legal[-1] < game.num_distinct_actions:
        problems.append(f"legal actions {legal} are empty, unsorted or outside 0-{game.num_distinct_actions - 1}")
        return None
    return rng.choice(legal)


def _views(game: BoundGame, state: BoundState, players: int) -> list[str]:
    problems = []
    for player in range(players):
        size = len(state.observation_tensor(player))
        if size != game.observation_size:
            problems.append(f"player {player}'s observation tensor has {size} numbers, not {game.observation_size}")
        for view in (state.observation_string, state.information_state_string):
            if not isinstance(view(player), str):
                problems.append(f"{view.__name__}({player}) is not a string")
    return problems


def _clone_is_independent(state: BoundState) -> list[str]:
    before = (str(state), state.information_state_string(0))
    copy = state.clone()
    moves = copy.chance_outcomes() if copy.current_player() == CHANCE else copy.legal_actions()
    if moves:
        first = moves[0]
        copy.apply(first[0] if isinstance(first, tuple) else first)
    if (str(state), state.information_state_string(0)) != before:
        return ["playing on a clone changed the original state"]
    return []


def _end(state: BoundState, players: int) -> list[str]:
    problems = []
    if state.current_player() != TERMINAL:
        problems.append(f"current_player() is {state.current_player()} at the end, not TERMINAL")
    if len(state.returns()) != players:
        problems.append(f"returns() has {len(state.returns())} values for {players} players")
    if state.legal_actions():
        problems.append("a finished game still has legal actions")
    return problems
