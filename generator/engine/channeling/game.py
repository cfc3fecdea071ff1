"""The Channeling as a registry entry: setup description, agents by spec, per-game summary."""
from __future__ import annotations

from typing import Any

from .agents import GreedyAgent, RandomAgent
from .state import State

AGENT_KINDS = ("random", "greedy", "mcts")


def make_agent(spec: str, seed: int):
    """An agent from a spec: ``random``, ``greedy``, ``mcts`` or ``mcts:ITERATIONS``.

    :raises ValueError: for an unknown spec or a bad iteration count.
    """
    name, _, arg = str(spec).strip().partition(":")
    name = name.lower()
    if name == "random" and not arg:
        return RandomAgent(seed)
    if name == "greedy" and not arg:
        return GreedyAgent(seed)
    if name == "mcts":
        from .mcts import MCTSAgent
        if not arg:
            return MCTSAgent(seed=seed)
        try:
            iterations = int(arg)
        except ValueError:
            iterations = 0
        if iterations < 1:
            raise ValueError(f"agent {spec!r}: mcts iterations must be a positive integer, "
                             f"e.g. 'mcts:400'")
        return MCTSAgent(iterations=iterations, seed=seed)
    raise ValueError(f"unknown agent {spec!r}; choose from random, greedy, mcts, mcts:N "
                     f"(N = iterations, e.g. mcts:400)")


def describe_setup(state: State) -> dict[str, Any]:
    """The initial setup of a (fresh) game: line labels, grid, deck order, druids."""
    st = state._st
    cards = st.cards
    order = st.deck_order
    return {
        "glyph_lines": state.glyph_lines,
        "grid": [cards[i].name for i in order[:st.cells]],
        "deck_order": [cards[i].name for i in order],
        "druids": {"light": list(state.druids(0)), "dark": list(state.druids(1))},
    }
