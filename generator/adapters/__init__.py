"""Rules engines in known frameworks, through one binding protocol.

* ``binding``: the protocol an engine implements (game, bound game and state levels), named by its
  ``EngineSpec.frameworks``; plain Python, importable without any framework.
* ``conformance``: ``check_binding_plays``, random games through a binding checking every promise.
* ``openspiel_game``: one OpenSpiel Python game per bound engine, registered on import
  (``pyspiel.load_game("<short_name>", {"turn_cap": 100})``).
* ``pettingzoo_env``: ``env("<engine>", turn_cap=100)``, a PettingZoo AEC environment for any bound engine.

The last two need the ``frameworks`` extra (open-spiel, pettingzoo, gymnasium, numpy). Each
engine's own ids, features and binding live in its package (its ``frameworks`` module, which the spec names).
"""
