"""How strongly an agent plays, measured against the greedy agent from each seat, and the
strongest agent of a ladder a CPU budget affords.

``edge_over_greedy`` plays ``games`` games with the agent in the first seat against greedy and as
many with it in the second, and gives its win rate from each seat and overall with 95% Wilson intervals
(``stats.rate``), greedy's, and the edge (the agent's overall rate minus greedy's). A report
names its balance tables' agent with this edge, so a reader can tell the game from the agent.
``strongest_affordable`` walks a ladder of agents (weakest first) and keeps the last whose game,
timed in CPU seconds, fits the budget.

``STRONG_AGENT`` (``strong``) is the compiled kernels' search, every engine's strongest agent at the
iteration count its game sets (``strong:N`` for another count); ``strong_edge`` measures its edge
over greedy. Without a compiled kernel ``strong`` is the slow Python ``mcts`` search instead.
"""
from __future__ import annotations

import time
from typing import Any, Sequence

from generator.runs.stats import rate

STRONG_AGENT = "strong"
LADDER = ("greedy", "strong:25", "strong:50", "strong:100", "strong:200", "strong:400", "strong:800")


def edge_over_greedy(options: Any, inputs: Any, agent: str, games: int,
                     *, seed: int = 0, jobs: int = 1, game: str | None = None) -> dict[str, Any]:
    """``agent`` against greedy, ``games`` games from each seat (see the module docstring)."""
    from generator.runs.simulation import simulate
    as_first = simulate(options, inputs, games, [agent, "greedy"], seed, jobs, game=game)
    as_second = simulate(options, inputs, games, ["greedy", agent], seed, jobs, game=game)
    return edge_of(as_first, as_second)


def edge_of(as_first: dict[str, Any], as_second: dict[str, Any]) -> dict[str, Any]:
    """The edge of an agent over a baseline from two ``simulate`` summaries: the agent in the first
    seat against the baseline, then the baseline in the first seat against it (as many games each)."""
    agent, baseline = as_first["agents"]
    games = as_first["games"]
    first = as_first["win_rate_by_agent"][f"0:{agent}"]["count"]
    second = as_second["win_rate_by_agent"][f"1:{agent}"]["count"]
    base = as_first["win_rate_by_agent"][f"1:{baseline}"]["count"] + as_second["win_rate_by_agent"][f"0:{baseline}"]["count"]
    overall, base_rate = rate(first + second, 2 * games), rate(base, 2 * games)
    return {"agent": agent, "baseline": baseline, "games": 2 * games, "by_seat": [rate(first, games), rate(second, games)],
            "wins": overall, "greedy_wins": base_rate,
            "other": rate(2 * games - first - second - base, 2 * games),  # draws and stalled games
            "edge": overall["rate"] - base_rate["rate"]}


def strong_edge(options: Any, inputs: Any, games: int = 200, *,
                seed: int = 0, jobs: int = 1, game: str | None = None) -> dict[str, Any]:
    """``edge_over_greedy`` of ``STRONG_AGENT``: ``games`` games from each seat."""
    return edge_over_greedy(options, inputs, STRONG_AGENT, games, seed=seed, jobs=jobs, game=game)


def cpu_seconds_per_game(options: Any, inputs: Any, agent: str,
                         games: int = 2, *, seed: int = 0, game: str | None = None) -> float:
    """CPU seconds a game of ``agent`` against itself takes here (one process)."""
    from generator.runs.simulation import simulate
    start = time.process_time()
    simulate(options, inputs, games, [agent, agent], seed, game=game)
    return (time.process_time() - start) / games


def strongest_affordable(options: Any, inputs: Any, cpu_s_per_game: float,
                         ladder: Sequence[str] = LADDER, *, game: str | None = None) -> tuple[str, float]:
    """(the last agent of ``ladder`` whose game costs at most ``cpu_s_per_game`` CPU seconds here,
    its cost); the first rung when none fits. The ladder must go from weakest to strongest."""
    chosen, cost = ladder[0], cpu_seconds_per_game(options, inputs, ladder[0], game=game)
    for agent in ladder[1:]:
        spent = cpu_seconds_per_game(options, inputs, agent, game=game)
        if spent > cpu_s_per_game:
            break
        chosen, cost = agent, spent
    return chosen, cost
