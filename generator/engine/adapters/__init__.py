"""Thin adapters from the rules engines to known frameworks (the optional ``frameworks`` extra).

* ``grove_ids``: Battle for the Grove's actions and dice as integers in fixed ranges, with
  strings that round-trip (the engine's own notation).
* ``grove_features``: one player's view of a Grove state as a fixed-length vector of numbers.
* ``openspiel_grove``: the game registered with OpenSpiel (``pyspiel.load_game("battle_for_the_grove")``).
* ``pettingzoo_grove``: a PettingZoo AEC environment (``grove_env()``).

The Channeling has no adapter yet: a turn is one action folded from the glyph, the move, the path,
the refill order and the face-down choice (up to 22,610 at one decision), so it has no fixed
action space until its decisions are factored.
"""
