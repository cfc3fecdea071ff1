"""The Channeling as a registry entry (``ENGINE``): agents by spec, setup description."""
from __future__ import annotations

from typing import Any

from generator.play.agents_base import agent_factory
from generator.play.engine_spec import EngineSpec, GameInfo
from pnp_games.channeling.actions import parse_action
from pnp_games.channeling.cards import Deal, deal_of
from pnp_games.channeling.options import ChannelingOptions
from pnp_games.channeling.positions import position as position_of
from pnp_games.channeling.render import render_board
from pnp_games.channeling.setup import new_game as set_up
from pnp_games.channeling.state import State
from pnp_games.channeling.summary import figure_columns, figures, format_summary, summarise_figures
from pnp_games.channeling.views import notation_for

# agents are imported when used: reading options needs none
make_agent = agent_factory({"random": f"{__package__}.agents:RandomAgent",
                            "greedy": f"{__package__}.agents:GreedyAgent",
                            "mcts": f"{__package__}.mcts:MCTSAgent",
                            "strong": f"{__package__}.mcts:KernelSearchAgent"}, example_iterations=400)


def new_game(options: ChannelingOptions, inputs: Deal, seed: int) -> State:
    """A fresh game of the edition's deck and glyphs (``inputs``), shuffled and dealt from ``seed``."""
    return set_up(options, inputs.deck, inputs.glyph_ids, seed)


def position(options: ChannelingOptions, inputs: Deal, data: dict[str, Any]) -> State:
    """The position a mapping describes (see ``positions.position``)."""
    return position_of(options, inputs.deck, inputs.glyph_ids, data)


def kernel_table(options: ChannelingOptions, inputs: Deal, seed: int, games: range, agents: Any) -> Any:
    """The engine's ``kernel`` hook: the compiled kernel's ``GameTable`` (see ``kernel.play_table``)."""
    from pnp_games.channeling.kernel import play_table
    return play_table(options, inputs.deck, inputs.glyph_ids, seed, games, agents)


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


ENGINE = EngineSpec(name="channeling", options_model=ChannelingOptions, new_game=new_game, inputs=deal_of,
                    make_agent=make_agent, describe_setup=describe_setup, render=render_board,
                    parse_action=parse_action, position=position,
                    agent_kinds=("random", "greedy", "mcts", "strong"),
                    notation_for=notation_for, render_for=render_board, apply_record=State.play_turn,
                    info=GameInfo(seats=("Light", "Dark"), tie_breaks=("fewer_cards", "second_player"),
                                  hidden_information=True),
                    figures=figures, figure_columns=figure_columns, summarise_figures=summarise_figures, format_summary=format_summary,
                    frameworks=f"{__package__}.frameworks:BINDING", kernel=f"{__package__}.game:kernel_table",
                    appendices="pnp_games.channeling.book.book:APPENDICES")
