"""Open-loop Monte Carlo tree search for Battle for the Grove.

The tree is keyed by the players' actions only; every iteration rolls fresh dice at chance nodes
(``sample_chance``), so a node's statistics average over the dice as the game itself does. Actions
are chosen by UCB1 with availability counts (an action counts only in iterations where it was
legal). Below the tree, play continues with random actions for ``rollout_steps`` steps and the
position is scored by the greedy evaluation through a logistic curve (a finished game scores 1, 0.5
or 0).
"""
from __future__ import annotations

import math
import random

from .actions import Action
from .agents import DEFAULT_WEIGHTS, Weights, position_value
from .state import CHANCE, State

DEFAULT_ITERATIONS = 300


class _Node:
    __slots__ = ("children", "avail", "n", "w")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.avail: dict[Action, int] = {}
        self.n = 0
        self.w = 0.0


class MCTSAgent:
    """UCT over player actions with sampled dice, random rollouts and an evaluated cut-off."""

    name = "mcts"

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, seed: int = 0, *, c: float = 0.8,
                 rollout_steps: int = 12, temperature: float = 6.0, weights: Weights = DEFAULT_WEIGHTS):
        self.iterations = iterations
        self.rng = random.Random(seed)
        self.c = c
        self.rollout_steps = rollout_steps
        self.temperature = temperature
        self.weights = weights

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        for _ in range(self.iterations):
            self._iterate(state.clone(history=False), root)
        return max(actions, key=lambda a: (root.children[a].n if a in root.children else -1,
                                           root.children[a].w if a in root.children else 0.0))

    def _iterate(self, s: State, root: _Node) -> None:
        rng = self.rng
        node = root
        visited: list[tuple[_Node, int]] = []
        while not s.is_terminal():
            if s.current_player == CHANCE:
                s.apply_action(s.sample_chance(rng))
                continue
            p = s.current_player
            actions = s.legal_actions()
            for a in actions:
                node.avail[a] = node.avail.get(a, 0) + 1
            fresh = [a for a in actions if a not in node.children]
            if fresh:
                chosen = rng.choice(fresh)
                child = node.children[chosen] = _Node()
                s.apply_action(chosen)
                visited.append((child, p))
                break
            chosen = max(actions, key=lambda a: self._ucb(node, a))
            node = node.children[chosen]
            s.apply_action(chosen)
            visited.append((node, p))
        result = self._rollout(s)
        for nd, p in visited:
            nd.n += 1
            nd.w += result if p == 0 else 1.0 - result

    def _ucb(self, node: _Node, action: Action) -> float:
        child = node.children[action]
        return child.w / child.n + self.c * math.sqrt(math.log(node.avail[action]) / child.n)

    def _rollout(self, s: State) -> float:
        """Light's share of the result: 1, 0.5 or 0 if the game ends, else a squashed evaluation."""
        rng = self.rng
        for _ in range(self.rollout_steps):
            if s.is_terminal():
                break
            if s.current_player == CHANCE:
                s.apply_action(s.sample_chance(rng))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal():
            return (s.returns()[0] + 1.0) / 2.0
        x = position_value(s, 0, self.weights) / self.temperature
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))
