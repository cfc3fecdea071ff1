"""Open-loop Monte Carlo tree search for Battle for the Grove, on the shared search of
``generator.play.mcts``.

The tree is keyed by the players' actions only; every iteration rolls fresh dice at chance nodes
(``sample_chance``), so a node's statistics average over the dice as the game itself does. Every
legal action is a candidate and untried ones are added in random order. Below the tree, play
continues with random actions for ``rollout_steps`` steps (dice rolls count as steps) and the
position is scored by the greedy evaluation.
"""
from __future__ import annotations


from generator.play.mcts import TreeSearch
from pnp_games.grove.kernel import STRONG_ITERATIONS
from pnp_games.grove.actions import Action
from pnp_games.grove.agents import DEFAULT_WEIGHTS, Weights, position_value
from pnp_games.grove.state import CHANCE, State

DEFAULT_ITERATIONS = 300


class MCTSAgent(TreeSearch):
    """UCT over player actions with sampled dice, random rollouts and an evaluated cut-off."""

    ties_by_value = True

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, seed: int = 0, *, c: float = 0.8,
                 rollout_steps: int = 12, temperature: float = 6.0, weights: Weights = DEFAULT_WEIGHTS):
        super().__init__(iterations, seed, c=c, rollout_steps=rollout_steps,
                         temperature=temperature, weights=weights)

    def determinise(self, state: State, player: int) -> State:
        return state.clone(history=False)  # the dice are the only hidden thing, rolled as met

    def to_decision(self, state: State) -> bool:
        while state.current_player == CHANCE:
            state.apply_action(state.sample_chance(self.rng))
        return not state.is_terminal()

    def candidates(self, state: State) -> tuple[Action, ...]:
        return state._legal()[0]  # the state's own tuple: the search only reads it

    def pick_new(self, fresh: list[Action]) -> Action:
        return self.rng.choice(fresh)

    def rollout_action(self, state: State) -> Action:
        if state.current_player == CHANCE:
            return state.sample_chance(self.rng)
        return self.rng.choice(state._legal()[0])

    def evaluate(self, state: State) -> float:
        return position_value(state, 0, self.weights)


# ---------------------------------------------------------------------------- the kernel's search
class KernelSearchAgent:
    """``strong`` / ``strong:N``: the kernel's search (``kernel.KernelSearch``) for every action. Without a
    compiled kernel it is the Python ``MCTSAgent`` with as many iterations."""

    name = "strong"

    def __new__(cls, iterations: int = STRONG_ITERATIONS, seed: int = 0):
        from generator.play import kernels
        if kernels.load("pnp_games.grove") is None:
            return MCTSAgent(iterations, seed)
        return super().__new__(cls)

    def __init__(self, iterations: int = STRONG_ITERATIONS, seed: int = 0):
        from generator.play.rng import SplitMix64
        self.iterations = iterations
        self.rng = SplitMix64(seed)

    def choose(self, state: State) -> Action:
        from pnp_games.grove import kernel
        actions = state._legal()[0]
        if len(actions) == 1:
            return actions[0]
        index = kernel.search_choice(state, self.iterations, self.rng)
        assert index is not None, "the strong agent is made only when the kernel is built"
        return actions[index]
