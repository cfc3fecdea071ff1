"""Battle for the Grove as a registry entry (``ENGINE``): agents by spec, setup description, its
own runner for play and simulation."""
from __future__ import annotations

from typing import Any

from generator.play.engine_spec import EngineSpec, GameInfo
from pnp_games.grove.actions import parse_action
from pnp_games.grove.agent_specs import make_agent
from pnp_games.grove.options import GroveOptions
from pnp_games.grove.positions import from_data
from pnp_games.grove.state import State, new_game

# text rendering and the runner are imported when used: reading options needs neither


def render_state(state: State, *args: Any, **kwargs: Any) -> str:
    from pnp_games.grove.render import render_state
    return render_state(state, *args, **kwargs)


def describe_setup(state: State) -> dict[str, Any]:
    """The setup of a fresh game: druids and cubes per player, the circles, who rolls first."""
    o = state.options
    return {"circles": state.places()[1:], "druids_per_player": o.druids_per_player,
            "cubes_per_player": o.cubes_per_player, "druids_start": "lying down in the Grove",
            "first_player": o.first_player}


def expand_deck(entries) -> list:
    """Battle for the Grove deals no cards: there is no deck to expand."""
    return []


def play_game(options, deck, glyph_ids, seed: int, agents):
    """The registry's ``play_game`` hook: one seeded game, dice rolled from the game's seed."""
    from pnp_games.grove import runner
    return runner.play_game(options, seed, agents)


def simulate(options, deck, glyph_ids, games: int, agents, seed: int = 0, jobs: int = 1, progress=None,
             swap_seats: bool = False) -> dict[str, Any]:
    """The registry's ``simulate`` hook (see ``runner.simulate`` and ``runner.summarise``)."""
    from pnp_games.grove import runner
    return runner.simulate(options, games, agents, seed, jobs, progress, swap_seats=swap_seats)


def format_summary(result: dict[str, Any]) -> str:
    from pnp_games.grove import runner
    return runner.format_summary(result)


ENGINE = EngineSpec(name="grove", options_model=GroveOptions, new_game=new_game, make_agent=make_agent,
                    describe_setup=describe_setup, render=render_state, expand_deck=expand_deck,
                    parse_action=parse_action, play_game=play_game, simulate=simulate,
                    agent_kinds=("random", "greedy", "mcts", "strong"),
                    format_summary=format_summary,
                    info=GameInfo(seats=("Light", "Dark"), chance=True, chance_name="Dice"),
                    position=lambda options, deck, glyph_ids, data: from_data(options, data),
                    appendices="pnp_games.grove.book.book:APPENDICES",
                    frameworks=f"{__package__}.frameworks:BINDING")
