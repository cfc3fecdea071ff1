"""Information-set MCTS for The Channeling (single observer, determinised).

Every iteration re-draws what the searching player cannot see (the opponent's face-down
glyphs and the deck order) with ``State.determinize``, so the search never reads the
opponent's hidden glyphs. The tree is keyed by actions; a node's children are the ``top_k``
moves of the greedy evaluation in the current determinisation, selected by UCB1 with
availability counts. Below the tree, play continues with greedy moves for ``rollout_turns``
turns and the position is scored by ``position_value`` through a logistic curve
(a finished game scores 1, 0.5 or 0).
"""
from __future__ import annotations

import math
import random

from .actions import Action
from .agents import (DEFAULT_WEIGHTS, Weights, build_action, fallback_action, greedy_action,
                     position_value, ranked_moves)
from .state import State

DEFAULT_ITERATIONS = 200


class _Node:
    __slots__ = ("children", "avail", "n", "w")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.avail: dict[Action, int] = {}
        self.n = 0
        self.w = 0.0


def candidates(state: State, k: int, rng: random.Random,
               w: Weights = DEFAULT_WEIGHTS) -> list[Action]:
    """The ``k`` best moves by the greedy evaluation, best first (one fallback if none)."""
    moves, best_g = ranked_moves(state, w)
    if state._setup or not moves:
        return [fallback_action(state, rng, best_g)]
    moves.sort(key=lambda m: -m[0])
    return [build_action(state, g, slot, dst, path, best_g)
            for _, g, slot, dst, path in moves[:k]]


class MCTSAgent:
    """Determinised information-set MCTS with greedy candidates and greedy rollouts."""

    name = "mcts"

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, seed: int = 0, *, c: float = 0.7,
                 top_k: int = 6, rollout_turns: int = 8, temperature: float = 4.0,
                 weights: Weights = DEFAULT_WEIGHTS):
        self.iterations = iterations
        self.rng = random.Random(seed)
        self.c = c
        self.top_k = top_k
        self.rollout_turns = rollout_turns
        self.temperature = temperature
        self.weights = weights

    def choose(self, state: State) -> Action:
        rng = self.rng
        if state.in_setup:
            return greedy_action(state, rng, self.weights)
        me = state.current_player
        root_cands = candidates(state, self.top_k, rng, self.weights)
        if len(root_cands) == 1:
            return root_cands[0]
        root = _Node()
        c = self.c
        w = self.weights
        for _ in range(self.iterations):
            s = state.determinize(me, rng)
            node = root
            visited: list[tuple[_Node, int]] = []
            while not s._terminal:
                p = s._cur
                cands = root_cands if node is root else candidates(s, self.top_k, rng, w)
                avail = node.avail
                children = node.children
                chosen = None
                for a in cands:
                    avail[a] = avail.get(a, 0) + 1
                    if chosen is None and a not in children:
                        chosen = a
                if chosen is not None:
                    child = children[chosen] = _Node()
                    s.apply_action(chosen)
                    visited.append((child, p))
                    break
                best = -1.0
                for a in cands:
                    ch = children[a]
                    u = ch.w / ch.n + c * math.sqrt(math.log(avail[a]) / ch.n)
                    if u > best:
                        best, chosen = u, a
                node = children[chosen]
                s.apply_action(chosen)
                visited.append((node, p))
            for _ in range(self.rollout_turns):
                if s._terminal:
                    break
                s.apply_action(greedy_action(s, rng, w))
            if s._terminal:
                r0 = (s.returns()[0] + 1.0) / 2.0
            else:
                x = position_value(s, 0, w) / self.temperature
                r0 = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))
            for nd, p in visited:
                nd.n += 1
                nd.w += r0 if p == 0 else 1.0 - r0
        return max(root_cands, key=lambda a: (root.children[a].n if a in root.children else -1))
