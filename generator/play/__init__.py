"""The rules-engine protocol and what plays one game: pure game logic around it, no I/O.

Layout::

    play/
      engine_spec.py   EngineSpec (what each game's game.py declares as ENGINE) and its hooks' Protocols
      plugins.py       the entry-point group pnp_generator.engines, loaded lazily (ENGINES, get_engine)
      registry.py      options_for, inputs_for, new_game, make_agent, play_game, replay
      loop.py          the one run loop of every engine: play_out, play, play_game (a record), game_row
      errors.py        ActionSyntaxError, IllegalActionError (both ValueError)
      seeds.py         derive_seed, game_seed
      positions.py     build_position: any engine's position from a mapping or YAML text
      agents_base.py   the Agent protocol, RandomAgent, agent specs -> make_agent
      mcts.py          TreeSearch: the MCTS every game's MCTSAgent configures
      options_base.py  RuleOptions (base of every game's options) and shared fields
      records.py       GameRecord (one game played) and GameRow (a game of a simulation)

Many games at once (simulations, sweeps, a cluster) are in ``generator.runs``; the framework
bindings (OpenSpiel, PettingZoo) in ``generator.adapters``. The games themselves are plug-in
packages (the shipped ones in ``pnp_games/``), each with its rulebook appendix in ``book/``, which
the rulebook loads by the name the spec gives (``EngineSpec.appendices``) when it builds a book.
"""
from generator.play.errors import ActionSyntaxError, IllegalActionError

__all__ = ["ActionSyntaxError", "IllegalActionError"]
