"""The designer's report's engine work besides the balance rows, each a cached ``Work`` a build can
start ahead: one ``simulate`` run of a set of rules (``summary_work``), an agent's edge over a
baseline from each seat (``edge_works`` and ``edge``), and the same runs over variants of the rules
changed one at a time (``sweep``, through ``runs.sweep``'s figures).

Every run is one ``simulate`` call (seeds ``game_seed(seed, i)``), so the report can print the
command that plays it again; a run is one unit of work, and the runs of a report are many, so the
build's scheduler spreads them over its cores.
"""
from __future__ import annotations

from typing import Any, Sequence

from pydantic import TypeAdapter

from generator.runs.strength import edge_of
from generator.runs.sweep import against_first, cell_figures
from generator.runs.work import EngineInputs, Work, resolve

SUMMARY = TypeAdapter(dict[str, Any])  # a kept summary of another shape is a miss


def summary_work(inputs: EngineInputs, games: int, seed: int, agents: Sequence[str]) -> Work:
    """``games`` games of ``inputs`` played by ``agents`` (by seat), summarised by ``simulate``."""
    agents = tuple(agents)
    return Work("summary", {**inputs.key(), "seed": seed, "agents": list(agents), "games": games}, inputs.engine,
                [(inputs, games, seed, agents)], _simulate, _first, [games], SUMMARY)


def _simulate(unit: tuple) -> dict[str, Any]:
    from generator.runs.simulation import simulate
    inputs, games, seed, agents = unit
    return simulate(inputs.options, inputs.inputs, games, list(agents), seed, game=inputs.engine)


def _first(parts: list) -> Any:
    return parts[0]


def edge_works(inputs: EngineInputs, agent: str, baseline: str, games: int, seed: int) -> tuple[Work, Work]:
    """The two runs that measure ``agent`` against ``baseline``: ``games`` games from each seat."""
    return (summary_work(inputs, games, seed, (agent, baseline)),
            summary_work(inputs, games, seed, (baseline, agent)))


def edge(inputs: EngineInputs, agent: str, baseline: str, games: int, seed: int, jobs: int = 1) -> dict[str, Any]:
    """``agent``'s wins against ``baseline`` from each seat and overall, with 95% intervals, and its
    edge (see ``strength.edge_of``)."""
    first, second = (resolve(w, jobs) for w in edge_works(inputs, agent, baseline, games, seed))
    return edge_of(first, second)


def sweep(cells: Sequence[tuple[dict[str, Any], EngineInputs]], games: int, seed: int, agents: Sequence[str],
          seats: Sequence[str], jobs: int = 1) -> list[dict[str, Any]]:
    """Each (label, inputs) cell played with the same seeds; its figures (``sweep.cell_figures``) and
    each seat's win rate against the first cell's, with the difference's 95% interval."""
    out = [cell_figures(label, resolve(summary_work(inputs, games, seed, agents), jobs), seats)
           for label, inputs in cells]
    return against_first(out, seats)
