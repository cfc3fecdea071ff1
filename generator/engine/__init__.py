"""Embedded rules engines: pure game logic, agents and a simulation runner (no I/O).

Layout::

    engine/
      errors.py        ActionSyntaxError, IllegalActionError (both ValueError)
      registry.py      ENGINES, new_game, make_agent, play_game, replay, simulate
      simulation.py    multiprocess runner and the JSON-ready summary
      records.py       GameRecord
      stats.py         wilson, spread, rate
      channeling/      The Channeling (all editions through ChannelingOptions)
        options.py     ChannelingOptions, EDITION_RULES, edition_options
        cards.py       Card, expand_deck
        actions.py     Action, format_action, parse_action (the notation)
        geometry.py    squares, lines and every shortest path per pair of cells
        state.py       State, new_game
        observation.py Observation (one player's view)
        render.py      the board as text
        agents.py      RandomAgent, GreedyAgent and the additive evaluation
        mcts.py        MCTSAgent (determinised information-set MCTS)
        game.py        agent specs and setup description for the registry
"""
from .errors import ActionSyntaxError, IllegalActionError

__all__ = ["ActionSyntaxError", "IllegalActionError"]
