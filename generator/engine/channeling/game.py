"""The Channeling as a registry entry (``ENGINE``): agents by spec, setup description."""
from __future__ import annotations

from typing import Any

from ..agents_base import agent_factory
from ..engine_spec import EngineSpec
from .actions import parse_action
from .cards import expand_deck
from .options import ChannelingOptions
from .positions import position
from .render import render_board
from .setup import new_game
from .state import State
from .views import notation_for

# agents are imported when used: reading options needs none
make_agent = agent_factory({"random": f"{__package__}.agents:RandomAgent",
                            "greedy": f"{__package__}.agents:GreedyAgent",
                            "mcts": f"{__package__}.mcts:MCTSAgent"}, example_iterations=400)


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


ENGINE = EngineSpec(name="channeling", options_model=ChannelingOptions, new_game=new_game,
                    make_agent=make_agent, describe_setup=describe_setup, render=render_board,
                    expand_deck=expand_deck, parse_action=parse_action, position=position,
                    notation_for=notation_for, render_for=render_board, apply_record=State.play_turn,
                    frameworks=f"{__package__}.frameworks:BINDING", kernel=f"{__package__}.kernel:play_rows",
                    appendices="generator.engine.channeling.appendix.book:APPENDICES")
