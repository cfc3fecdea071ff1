"""Battle for the Grove as a registry entry (``ENGINE``): agents by spec, setup description, its own
figures and report; played by the run loop every engine shares."""
from __future__ import annotations

from typing import Any

from generator.play.engine_spec import EngineSpec, GameInfo
from pnp_games.grove.actions import parse_action
from pnp_games.grove.agent_specs import make_agent
from pnp_games.grove.options import GroveOptions
from pnp_games.grove.positions import from_data
from pnp_games.grove.state import State, new_game

# text rendering and the run's summary are imported when used: reading options needs neither


def render_state(state: State, *args: Any, **kwargs: Any) -> str:
    from pnp_games.grove.render import render_state
    return render_state(state, *args, **kwargs)


def describe_setup(state: State) -> dict[str, Any]:
    """The setup of a fresh game: druids and cubes per player, the circles, who rolls first."""
    o = state.options
    return {"circles": state.places()[1:], "druids_per_player": o.druids_per_player,
            "cubes_per_player": o.cubes_per_player, "druids_start": "lying down in the Grove",
            "first_player": o.first_player}


def position(options: GroveOptions, inputs: None, data: dict[str, Any]) -> State:
    """The position a mapping describes (see ``positions.from_data``)."""
    return from_data(options, data)


def figures(state: State) -> dict[str, Any]:
    from pnp_games.grove import summary
    return summary.figures(state)


def figure_columns(row: Any) -> dict[str, Any]:
    from pnp_games.grove import summary
    return summary.figure_columns(row)


def summarise_figures(table: Any, agents: Any) -> dict[str, Any]:
    from pnp_games.grove import summary
    return summary.summarise_figures(table, agents)


def format_summary(result: dict[str, Any]) -> str:
    from pnp_games.grove import summary
    return summary.format_summary(result)


ENGINE = EngineSpec(name="grove", options_model=GroveOptions, new_game=new_game, make_agent=make_agent,
                    describe_setup=describe_setup, render=render_state, parse_action=parse_action,
                    agent_kinds=("random", "greedy", "mcts", "strong"),
                    figures=figures, figure_columns=figure_columns, summarise_figures=summarise_figures, format_summary=format_summary,
                    info=GameInfo(seats=("Light", "Dark"), chance=True, chance_name="Dice"),
                    position=position, kernel=f"{__package__}.kernel:game_table",
                    appendices="pnp_games.grove.book.book:APPENDICES",
                    frameworks=f"{__package__}.frameworks:BINDING")
