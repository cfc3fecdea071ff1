"""Information-set MCTS for The Channeling (single observer, determinised), on the shared
search of ``generator.play.mcts``, searching every decision.

``choose`` runs one search per decision: the face-down choice, the glyph, the druid, the
destination, each step of the Leyline where two cards are nearer, each refill spot where the
order matters (a decision with one option is played without searching). Every iteration
re-draws what the searching player cannot see (the opponent's face-down glyphs and the deck
order) with ``State.determinize``, so the search never reads them; the refill draws met on the
way are chance nodes, sampled. The root's children are the ``top_k`` options of the decision by
the greedy evaluation (decision_values.py), tried best first; deeper in the tree the rest of the
searcher's turn follows the greedy evaluation's best option (so an option is judged by its best
completion, not by an average over poor ones) and each later decision offers its ``reply_k``
best options. Below the tree the greedy agent plays on for ``rollout_turns`` turns, and the
position is scored by ``position_value``.
"""
from __future__ import annotations

import math

from generator.play.mcts import TreeSearch
from pnp_games.channeling.kernel import STRONG_ITERATIONS
from pnp_games.channeling.agents import DEFAULT_WEIGHTS, GreedyAgent, Weights, position_value
from pnp_games.channeling.decision_values import ranked_decisions
from pnp_games.channeling.decisions import DRAW
from pnp_games.channeling.state import State

DEFAULT_ITERATIONS = 100   # per decision with a choice


class MCTSAgent(TreeSearch):
    """Determinised information-set MCTS over decisions, with greedy priors and rollouts."""

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, seed: int = 0, *, c: float = 0.7,
                 rollout_turns: int = 4, temperature: float = 4.0, top_k: int = 4, reply_k: int = 2,
                 weights: Weights = DEFAULT_WEIGHTS):
        super().__init__(iterations, seed, c=c, rollout_steps=rollout_turns,
                         temperature=temperature, weights=weights)
        self.greedy = GreedyAgent(seed, weights)
        self.greedy.rng = self.rng
        self.top_k, self.reply_k = top_k, reply_k

    def determinise(self, state: State, player: int) -> State:
        return state.determinize(player, self.rng)

    def to_decision(self, state: State) -> bool:
        while state._phase == DRAW:
            state.apply_action(state.sample_chance(self.rng))
        return not state.is_terminal()

    def choose(self, state: State) -> int:
        self._root = (state._turn, state._cur)
        root_cands = ranked_decisions(state, self.weights)[:self.top_k]
        if len(root_cands) == 1:
            return root_cands[0]
        children = self.search(state, root_cands).children
        return max(root_cands, key=lambda a: children[a].n if a in children else -1)

    def candidates(self, state: State) -> list[int]:
        """Below the root: the rest of this turn as the greedy evaluation would finish it (so a
        root option is judged by its best completion, not an average over poor ones), and the
        ``reply_k`` best options of each later decision."""
        same_turn = (state._turn, state._cur) == self._root
        return ranked_decisions(state, self.weights)[:1 if same_turn else self.reply_k]

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


# ---------------------------------------------------------------------------- the kernel's search
class KernelSearchAgent(GreedyAgent):
    """``strong`` / ``strong:N``: the kernel's search (``kernel.KernelSearch``) at each turn's start, its turn
    then played as decisions; greedy where the turn was begun by another chooser. Without a
    compiled kernel it is the Python ``MCTSAgent`` with as many iterations (one notice)."""

    name = "strong"

    def __new__(cls, iterations: int = STRONG_ITERATIONS, seed: int = 0):
        from generator.play import kernels
        if kernels.load("pnp_games.channeling") is None:
            return MCTSAgent(iterations, seed)
        return super().__new__(cls)

    def __init__(self, iterations: int = STRONG_ITERATIONS, seed: int = 0):
        super().__init__(seed)
        self.iterations = iterations

    def plan(self, state: State):
        from pnp_games.channeling import kernel
        from pnp_games.channeling.decisions import HIDE, PLAY
        from pnp_games.channeling.plans import Plan
        phase = state._phase
        if phase == HIDE or phase == PLAY and state._thide < 0:
            found = kernel.search_plan(state, self.iterations, self.rng)
            if found is not None:
                return Plan(*found)
        return super().plan(state)
