"""Battle for the Grove's agents by spec (``random``, ``greedy``, ``mcts``, ``mcts:N``); kept apart
from ``game`` so the engine's modules build agents without importing the registry entry."""
from __future__ import annotations

from generator.play.agents_base import RandomAgent, agent_factory

# the greedy agent and the search are imported when first asked for: reading options needs neither
make_agent = agent_factory({"random": RandomAgent, "greedy": f"{__package__}.agents:GreedyAgent",
                            "mcts": f"{__package__}.mcts:MCTSAgent",
                            "strong": f"{__package__}.mcts:KernelSearchAgent"}, example_iterations=300)
