"""Embedded rules engines: pure game logic, agents and a simulation runner (no I/O).

Layout::

    engine/
      errors.py        ActionSyntaxError, IllegalActionError (both ValueError)
      registry.py      options_for, new_game, make_agent, play_game, replay, simulate
      plugins.py       the entry-point group pnp_generator.engines, loaded lazily (ENGINES, get_engine)
      engine_spec.py   EngineSpec (what each game's game.py declares as ENGINE)
      seeds.py         derive_seed, game_seed
      positions.py     build_position: any engine's position from a mapping or YAML text
      sweep.py         grids of rule options / editions / deck variants, differences between cells
      cluster.py       on_cluster: simulations on a Dask distributed cluster
      adapters/        the framework binding protocol; generic OpenSpiel and PettingZoo adapters
      agents_base.py   the Agent protocol, RandomAgent, agent specs -> make_agent
      mcts.py          TreeSearch: the MCTS every game's MCTSAgent configures
      options_base.py  RuleOptions (base of every game's options) and shared fields
      simulation.py    multiprocess runner and the JSON-ready summary
      records.py       GameRecord
      stats.py         wilson, spread, rate
      channeling/      The Channeling (all editions through ChannelingOptions)
        options.py     ChannelingOptions (the values are in each edition's rules:)
        cards.py       Card, expand_deck
        actions.py     Action, format_action, parse_action (the notation)
        geometry.py    squares, lines and every shortest path per pair of cells
        players.py     LIGHT, DARK, PLAYER_NAMES, TERMINAL
        state.py       State: fields and queries, clone, determinize
        movegen.py     MoveGeneration: legal moves, Leyline previews (State mixin)
        transitions.py Transitions: checking and applying actions (State mixin)
        setup.py       Static (facts fixed for a game), new_game (the deal)
        observation.py Observation (one player's view)
        views.py       the log as one player may see it (opponent's face-down glyphs masked)
        positions.py   position / to_data: positions from data and back
        render.py      the board as text
        agents.py      RandomAgent (sampled), GreedyAgent and the additive evaluation
        mcts.py        MCTSAgent (determinised information-set MCTS on TreeSearch)
        game.py        ENGINE: agent specs and setup description for the registry
        appendix/      its rulebook appendix: narrate, board (diagrams), balance, book (APPENDICES)
      grove/           Battle for the Grove (dice as chance nodes, its own runner)
        agent_specs.py make_agent (for game.py and the runner)
        appendix/      its rulebook appendix: story, diagram, book (APPENDICES)

    An engine package imports nothing from ``generator.rulebook`` except in its ``appendix/``,
    which the rulebook loads by the name the spec gives (``EngineSpec.appendices``) when it builds
    a book; tests/engine/test_import_graph.py keeps the imports free of circles.
"""
from generator.engine.errors import ActionSyntaxError, IllegalActionError

__all__ = ["ActionSyntaxError", "IllegalActionError"]
