"""The Monte Carlo tree search every engine's ``mcts`` agent runs.

The tree is keyed by the players' actions. Each iteration plays on a fresh copy of the position
(``determinise``: a re-draw of what the searching player cannot see, or a plain copy), resolves
chance nodes as it meets them (``to_decision``), walks down by UCB1 with availability counts (an
action counts only in iterations where it was a candidate), adds one node, plays on with the
game's rollout policy for ``rollout_steps`` steps and scores the result from the first seat's side: a
finished game 1, 0.5 or 0, an unfinished one its evaluation squashed by a logistic curve. After
``iterations`` iterations the most visited root action is played.

A game's agent subclasses ``TreeSearch`` and supplies ``determinise``, ``candidates``,
``rollout_action`` and ``evaluate``, and where its game needs them ``to_decision`` (chance nodes)
and ``pick_new`` (which untried action to add).
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from .rng import SplitMix64


class Node:
    __slots__ = ("children", "avail", "n", "w")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.avail: dict[Any, int] = {}
        self.n = 0
        self.w = 0.0


class TreeSearch:
    """UCT over the candidates a game offers; see the module docstring for the hooks."""

    name = "mcts"
    # break ties between equally visited root actions by their total value (else: first listed)
    ties_by_value = False

    def __init__(self, iterations: int, seed: int, *, c: float, rollout_steps: int,
                 temperature: float, weights: Any):
        self.iterations = iterations
        self.rng = SplitMix64(seed)
        self.c = c
        self.rollout_steps = rollout_steps
        self.temperature = temperature
        self.weights = weights

    # ----------------------------------------------------------------- hooks of a game
    def candidates(self, state: Any) -> Sequence[Any]:
        """The actions the tree considers for the player to move."""
        raise NotImplementedError

    def rollout_action(self, state: Any) -> Any:
        """The next action below the tree (chance nodes included)."""
        raise NotImplementedError

    def evaluate(self, state: Any) -> float:
        """A heuristic value of an unfinished position from the first seat's side (0 = even)."""
        raise NotImplementedError

    def determinise(self, state: Any, player: int) -> Any:
        """The copy one iteration plays on, as ``player`` may see it."""
        raise NotImplementedError

    def to_decision(self, state: Any) -> bool:
        """Resolve chance until a player is to move; False once the game is over."""
        return not state.is_terminal()

    def pick_new(self, fresh: list[Any]) -> Any:
        """Which untried candidate to add to the tree."""
        return fresh[0]

    # ----------------------------------------------------------------- the search
    def choose(self, state: Any) -> Any:
        root_cands = self.candidates(state)
        if len(root_cands) == 1:
            return root_cands[0]
        children = self.search(state, root_cands).children
        if self.ties_by_value:
            return max(root_cands, key=lambda a: (children[a].n, children[a].w)
                       if a in children else (-1, 0.0))
        return max(root_cands, key=lambda a: children[a].n if a in children else -1)

    def search(self, state: Any, root_cands: Sequence[Any]) -> Node:
        """The tree after ``iterations`` iterations from ``state`` (whose candidates are
        ``root_cands``)."""
        root = Node()
        me = state.current_player
        c = self.c
        for _ in range(self.iterations):
            s = self.determinise(state, me)
            node = root
            visited: list[tuple[Node, int]] = []
            while self.to_decision(s):
                p = s.current_player
                cands = root_cands if node is root else self.candidates(s)
                avail = node.avail
                children = node.children
                for a in cands:
                    avail[a] = avail.get(a, 0) + 1
                fresh = [a for a in cands if a not in children]
                if fresh:
                    chosen = self.pick_new(fresh)
                    child = children[chosen] = Node()
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
            first = self.playout(s)
            for nd, p in visited:
                nd.n += 1
                nd.w += first if p == 0 else 1.0 - first
        return root

    def playout(self, s: Any) -> float:
        """The first seat's share of the result after the rollout: 1, 0.5 or 0 if the game ends, else
        the squashed evaluation."""
        for _ in range(self.rollout_steps):
            if s.is_terminal():
                break
            s.apply_action(self.rollout_action(s))
        if s.is_terminal():
            return (s.returns()[0] + 1.0) / 2.0
        x = self.evaluate(s) / self.temperature
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))
