"""Battle for the Grove as a registry entry: agents by spec, setup description, text picture."""
from __future__ import annotations

from typing import Any

from .agents import GreedyAgent, RandomAgent
from .render import render_state
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
        iterations = int(arg) if arg.isdigit() else 0
        if iterations < 1:
            raise ValueError(f"agent {spec!r}: mcts iterations must be a positive integer, e.g. 'mcts:300'")
        return MCTSAgent(iterations=iterations, seed=seed)
    raise ValueError(f"unknown agent {spec!r}; choose from random, greedy, mcts, mcts:N (N = iterations)")


def describe_setup(state: State) -> dict[str, Any]:
    """The setup of a fresh game: druids and cubes per player, the circles, who rolls first."""
    o = state.options
    return {"circles": state.places()[1:], "druids_per_player": o.druids_per_player,
            "cubes_per_player": o.cubes_per_player, "druids_start": "lying down in the Grove",
            "first_player": o.first_player}


def render(state: State) -> str:
    return render_state(state)


def expand_deck(entries) -> list:
    """Battle for the Grove deals no cards: there is no deck to expand."""
    return []


def play_game(options, deck, glyph_ids, seed: int, agents):
    """The registry's ``play_game`` hook: one seeded game, dice rolled from the game's seed."""
    from .runner import play_game as play
    return play(options, seed, agents)


def simulate(options, deck, glyph_ids, games: int, agents, seed: int = 0, jobs: int = 1, progress=None,
             swap_seats: bool = False) -> dict[str, Any]:
    """The registry's ``simulate`` hook (see ``runner.simulate`` and ``runner.summarise``)."""
    from .runner import simulate as run
    return run(options, games, agents, seed, jobs, progress, swap_seats=swap_seats)


def registry_fields() -> dict[str, Any]:
    """What ``generator.engine.registry.EngineSpec`` needs to drive this engine, by field name."""
    from .actions import parse_action
    from .options import GroveOptions
    from .runner import format_summary
    from .state import new_game

    return {"name": "grove", "options_model": GroveOptions, "new_game": new_game, "make_agent": make_agent,
            "agent_kinds": AGENT_KINDS, "describe_setup": describe_setup, "render": render,
            "expand_deck": expand_deck, "parse_action": parse_action, "play_game": play_game,
            "simulate": simulate, "format_summary": format_summary}
