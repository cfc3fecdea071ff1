"""Game state of The Channeling: the truth, with each player's view available separately.

The API follows OpenSpiel and works on small decisions with integer ids (decisions.py):
``current_player`` (``CHANCE`` while a refill draw is due, ``TERMINAL`` at the end),
``legal_actions()``, ``chance_outcomes()``, ``apply_action(id)``, ``is_terminal()``,
``returns()``, ``clone()`` and ``observation(player)``. A turn is a sequence of decisions (the
face-down choice at the start of a hand, the glyph, the druid, its destination, the Leyline's
steps where two cards are nearer, the refill spots where the order matters), each refill
followed by a chance draw. ``play_turn`` applies a whole turn in the notation of actions.py as
its decisions, and ``history`` keeps the whole turns played.

The deck is shuffled once, in ``setup.new_game`` with the game's seed; that shuffle is the game's
chance stream: ``sample_chance()`` is the card on top of the deck, so a game is fixed by (options,
deck, glyph ids, seed) and the players' decisions. A search draws other cards at will.

Players are 0 (Light, moves first) and 1 (Dark). The State is split by job: the fields in
fields.py (``Fields``), move generation and the legal decisions in movegen.py
(``MoveGeneration``), applying decisions in transitions.py (``Transitions``), queries, outcome and
cloning in core.py (``StateCore``), whole turns in turns.py and the views in observation.py and
render.py (reached through the methods here), the deal in setup.py.
"""
from __future__ import annotations

from pnp_games.channeling.actions import Action
from pnp_games.channeling.core import StateCore
from pnp_games.channeling.observation import Observation, observe
from pnp_games.channeling.render import render_board
from pnp_games.channeling.turns import is_legal_turn, play_turn


class State(StateCore):
    """A position of The Channeling. Mutable; ``clone()`` gives an independent copy."""

    __slots__ = ()

    def play_turn(self, action: Action | str) -> None:
        """Apply a whole turn (an ``Action`` or its notation) as its decisions, drawing refills
        from the top of the deck. :raises IllegalActionError: when the turn is not legal here
        (the state is then unchanged)."""
        play_turn(self, action)

    def is_legal_turn(self, action: Action | str) -> bool:
        """True when ``play_turn(action)`` would succeed."""
        return is_legal_turn(self, action)

    # ----------------------------------------------------------------- views
    def observation(self, player: int) -> Observation:
        """What ``player`` can see (their own face-down glyphs, not the opponent's)."""
        return observe(self, player)

    def observation_string(self, player: int) -> str:
        """The board as text as ``player`` sees it (the opponent's face-down glyphs masked)."""
        return render_board(self, player)

    def __str__(self) -> str:
        return render_board(self)
