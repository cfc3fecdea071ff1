"""Information-set MCTS for The Channeling (single observer, determinised), on the shared
search of ``generator.engine.mcts``.

Every iteration re-draws what the searching player cannot see (the opponent's face-down
glyphs and the deck order) with ``State.determinize``, so the search never reads the
opponent's hidden glyphs. A node's children are the ``top_k`` moves of the greedy evaluation
in the current determinisation, tried in order of that evaluation. Below the tree, play
continues with greedy moves for ``rollout_turns`` turns and the position is scored by
``position_value``.
"""
from __future__ import annotations

import random

from ..mcts import TreeSearch
from .actions import Action
from .agents import (DEFAULT_WEIGHTS, Weights, build_action, fallback_action, greedy_action,
                     position_value, _ranked)
from .state import State

DEFAULT_ITERATIONS = 200


def candidates(state: State, k: int, rng: random.Random,
               w: Weights = DEFAULT_WEIGHTS) -> list[Action]:
    """The ``k`` best moves by the greedy evaluation, best first (one fallback if none)."""
    moves, best_g, with_path = _ranked(state, w)
    if state._setup or not moves:
        return [fallback_action(state, rng, best_g)]
    moves.sort(key=lambda m: -m[0])
    return [build_action(state, g, slot, dst, path, best_g)
            for _, g, slot, dst, path in map(with_path, moves[:k])]


class MCTSAgent(TreeSearch):
    """Determinised information-set MCTS with greedy candidates and greedy rollouts."""

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, seed: int = 0, *, c: float = 0.7,
                 top_k: int = 6, rollout_turns: int = 8, temperature: float = 4.0,
                 weights: Weights = DEFAULT_WEIGHTS):
        super().__init__(iterations, seed, c=c, rollout_steps=rollout_turns,
                         temperature=temperature, weights=weights)
        self.top_k = top_k

    def choose(self, state: State) -> Action:
        if state.in_setup:
            return greedy_action(state, self.rng, self.weights)
        return super().choose(state)

    def determinise(self, state: State, player: int) -> State:
        return state.determinize(player, self.rng)

    def candidates(self, state: State) -> list[Action]:
        return candidates(state, self.top_k, self.rng, self.weights)

    def rollout_action(self, state: State) -> Action:
        return greedy_action(state, self.rng, self.weights)

    def evaluate(self, state: State) -> float:
        return position_value(state, 0, self.weights)
