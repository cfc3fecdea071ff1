"""Information-set MCTS for The Channeling (single observer, determinised), on the shared
search of ``generator.engine.mcts``, searching every decision.

``choose`` runs one search per decision: the face-down choice, the glyph, the druid, the
destination, each step of the Leyline where two cards are nearer, each refill spot where the
order matters (a decision with one option is played without searching). Every iteration
re-draws what the searching player cannot see (the opponent's face-down glyphs and the deck
order) with ``State.determinize``, so the search never reads them; the refill draws met on the
way are chance nodes, sampled. A node's children are the ``top_k`` options of its decision by
the greedy evaluation (decision_values.py), tried best first. Below the tree the greedy agent plays on (it finishes the turn
under way, then whole turns) for ``rollout_turns`` turns, and the position is scored by
``position_value``.
"""
from __future__ import annotations

import math
from ..mcts import TreeSearch
from .agents import DEFAULT_WEIGHTS, GreedyAgent, Weights, position_value
from .decision_values import ranked_decisions
from .decisions import DRAW
from .state import State

DEFAULT_ITERATIONS = 100   # per decision with a choice


class MCTSAgent(TreeSearch):
    """Determinised information-set MCTS over decisions, with greedy priors and rollouts."""

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, seed: int = 0, *, c: float = 0.7,
                 rollout_turns: int = 4, temperature: float = 4.0, top_k: int = 4,
                 weights: Weights = DEFAULT_WEIGHTS):
        super().__init__(iterations, seed, c=c, rollout_steps=rollout_turns,
                         temperature=temperature, weights=weights)
        self.greedy = GreedyAgent(seed, weights)
        self.greedy.rng = self.rng
        self.top_k = top_k

    def determinise(self, state: State, player: int) -> State:
        return state.determinize(player, self.rng)

    def to_decision(self, state: State) -> bool:
        while state._phase == DRAW:
            state.apply_action(state.sample_chance(self.rng))
        return not state.is_terminal()

    def candidates(self, state: State) -> list[int]:
        """The ``top_k`` best options by the greedy evaluation (all of a decision's options are
        ranked; the search widens over them best first)."""
        return ranked_decisions(state, self.weights)[:self.top_k]

    def rollout_action(self, state: State) -> int:
        if state._phase == DRAW:
            return state.sample_chance(self.rng)
        return self.greedy.choose(state)

    def playout(self, s: State) -> float:
        """Greedy play until ``rollout_steps`` more turns are done (or the game ends)."""
        stop = s._turn + self.rollout_steps
        while not s._terminal and s._turn < stop:
            s.apply_action(self.rollout_action(s))
        if s._terminal:
            return (s.returns()[0] + 1.0) / 2.0
        x = self.evaluate(s) / self.temperature
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))

    def evaluate(self, state: State) -> float:
        return position_value(state, 0, self.weights)
