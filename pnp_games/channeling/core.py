"""A state of The Channeling without its views: the fields (fields.py) and their queries, the outcome,
cloning and determinizing, over move generation (movegen.py) and transitions (transitions.py).

``state.State`` adds the whole turns (turns.py) and the views (observation.py, render.py), which take
a state by this type: they sit above it, the State above them.
"""
from __future__ import annotations

import random
from typing import Self

from generator.play.errors import IllegalActionError
from generator.play.rng import SplitMix64
from pnp_games.channeling.actions import Action
from pnp_games.channeling.cards import Card
from pnp_games.channeling.decisions import DRAW, DecisionIds
from pnp_games.channeling.movegen import bits
from pnp_games.channeling.options import ChannelingOptions
from pnp_games.channeling.players import CHANCE, DARK, TERMINAL
from pnp_games.channeling.transitions import Transitions


class StateCore(Transitions):
    """A position of The Channeling without its whole turns and views (see ``state.State``)."""

    __slots__ = ()

    # ----------------------------------------------------------------- basic queries
    @property
    def options(self) -> ChannelingOptions:
        return self._st.options

    @property
    def current_player(self) -> int:
        """0 (Light) or 1 (Dark); ``CHANCE`` (-1) while a refill draw is due; ``TERMINAL`` (-4)
        once the game is over."""
        phase = self._phase
        return self._cur if phase < DRAW else (CHANCE if phase == DRAW else TERMINAL)

    @property
    def phase(self) -> int:
        """The kind of decision due (``decisions.HIDE`` .. ``REFILL``, ``DRAW`` or ``OVER``)."""
        return self._phase

    @property
    def decision_ids(self) -> DecisionIds:
        """The id <-> text tables of this game's decisions."""
        return self._st.ids

    def num_distinct_actions(self) -> int:
        return self._st.ids.size

    def max_chance_outcomes(self) -> int:
        return self._st.ids.deck_size

    def action_to_string(self, action: int) -> str:
        """The text of a decision id (or of a chance outcome, at a chance node)."""
        return self._st.ids.to_string(action, self._phase == DRAW)

    def string_to_action(self, text: str) -> int:
        return self._st.ids.parse(text)[0]

    @property
    def decisions(self) -> list[int]:
        """Every decision and chance outcome applied so far, as ids."""
        return list(self._log)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(card drawn, probability) for the refill draw due; [] elsewhere."""
        if self._phase != DRAW:
            return []
        p = 1.0 / len(self._deck)
        return [(c, p) for c in sorted(self._deck)]

    def sample_chance(self, rng: "SplitMix64 | random.Random | None" = None) -> int:
        """The outcome of the draw due: the top card of the deck (shuffled at setup with the
        game's seed, so already a fair draw); with ``rng``, a card drawn from the deck at random
        (for a search, whose deck order is made up)."""
        if self._phase != DRAW:
            raise IllegalActionError("no card is to be drawn")
        return self._deck[-1] if rng is None else self._deck[int(rng.random() * len(self._deck))]

    @property
    def turn(self) -> int:
        """Turns completed so far (setup actions not counted)."""
        return self._turn

    @property
    def history(self) -> list[Action]:
        """Every whole turn completed so far, setup hides included (the truth, hidden glyphs too)."""
        return list(self._records())

    def _records(self) -> list[Action]:
        """``_history`` with its raw turns made whole-turn records (in place: done once each)."""
        h = self._history
        for i, entry in enumerate(h):
            if entry.__class__ is tuple:
                h[i] = self._turn_record(entry)
        return h  # type: ignore[return-value]  # every raw turn is a record now

    @property
    def in_setup(self) -> bool:
        """True while players still set their first glyphs face down."""
        return self._setup > 0

    @property
    def deck_size(self) -> int:
        return len(self._deck)

    @property
    def glyph_lines(self) -> dict[str, str]:
        """Which grid line each glyph names, e.g. ``{"ember": "row 2", "moon": "column c"}``."""
        n = self._st.n
        return {g: (f"row {line + 1}" if line < n else f"column {chr(97 + line - n)}")
                for g, line in zip(self._st.glyphs, self._st.gline)}

    def is_terminal(self) -> bool:
        return self._terminal

    def is_stalled(self) -> bool:
        """True when the game stopped at the turn cap."""
        return self._stalled

    def card_at(self, square: str) -> Card | None:
        c = self._grid[self._st.geo.index[square]]
        return None if c < 0 else self._st.cards[c]

    def cubes_at(self, square: str) -> tuple[int, int]:
        """(Light cubes, Dark cubes) on a square."""
        v = self._cubes[self._st.geo.index[square]]
        return (v, 0) if v >= 0 else (0, -v)

    def druids(self, player: int) -> tuple[str, str]:
        names = self._st.geo.names
        return names[self._druids[2 * player]], names[self._druids[2 * player + 1]]

    def supply(self, player: int) -> int:
        return self._supply[player]

    def overchanneling(self, player: int) -> int:
        return self._over[player]

    def taken(self, player: int) -> tuple[Card, ...]:
        cards = self._st.cards
        return tuple(cards[i] for i in self._taken[player])

    def hand(self, player: int) -> tuple[str, ...]:
        """Glyphs ``player`` may play now (face-down ones excluded)."""
        g = self._st.glyphs
        return tuple(g[i] for i in bits(self._playable[player]))

    def hidden(self, player: int) -> tuple[str, ...]:
        """Glyphs ``player`` has set face down (the truth; not part of the opponent's view)."""
        g = self._st.glyphs
        return tuple(g[i] for i in bits(self._hidden[player]))

    def must_hide(self, player: int) -> bool:
        """True when ``player`` starts a fresh hand and must set glyphs face down first."""
        return self._need_hide[player]

    def scores(self) -> tuple[int, int]:
        """Splendor taken minus Overchanneling cubes, per player."""
        return (self._splendor[0] - self._over[0], self._splendor[1] - self._over[1])

    def flags(self) -> dict[str, object]:
        return {"deck_ran_out": self._deck_ran_out, "supply_ran_out": list(self._supply_short),
                "spent_glyphs": list(self._spent), "stalled": self._stalled}

    # ----------------------------------------------------------------- outcome
    def outcome(self) -> tuple[int | None, str | None]:
        """(winner or None for a draw, tie-breaker used or None); only once terminal."""
        if not self._terminal or self._stalled:
            return None, None
        s = self.scores()
        if s[0] != s[1]:
            return (0 if s[0] > s[1] else 1), None
        for rule in self._st.options.tie_breakers:
            if rule == "fewer_cards":
                a, b = len(self._taken[0]), len(self._taken[1])
                if a != b:
                    return (0 if a < b else 1), rule
            elif rule == "second_player":
                return DARK, rule
        return None, None

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser, 0 each for a draw or an unfinished game."""
        if not self._terminal:
            return [0.0, 0.0]
        w, _ = self.outcome()
        if w is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    # ----------------------------------------------------------------- cloning
    def clone(self) -> Self:
        cls = self.__class__
        s = cls.__new__(cls)
        s._st = self._st
        s._grid = self._grid[:]
        s._cubes = self._cubes[:]
        s._druids = self._druids[:]
        s._empty = self._empty
        s._deck = self._deck[:]
        s._playable = self._playable[:]
        s._hidden = self._hidden[:]
        s._need_hide = self._need_hide[:]
        s._setup = self._setup
        s._supply = self._supply[:]
        s._over = self._over[:]
        s._taken = [self._taken[0][:], self._taken[1][:]]
        s._splendor = self._splendor[:]
        s._cur = self._cur
        s._turn = self._turn
        s._last = self._last
        s._terminal = self._terminal
        s._stalled = self._stalled
        s._history = self._history[:]
        s._deck_ran_out = self._deck_ran_out
        s._supply_short = self._supply_short[:]
        s._spent = self._spent[:]
        s._memo = None
        s._phase = self._phase
        s._tg = self._tg
        s._tslot = self._tslot
        s._tsrc = self._tsrc
        s._tpath = self._tpath[:]
        s._tleft = self._tleft[:]
        s._trefill = self._trefill[:]
        s._thide = self._thide
        s._tspot = self._tspot
        s._log = self._log[:]
        return s

    def determinize(self, player: int, rng: "SplitMix64 | random.Random") -> Self:
        """A clone in which everything ``player`` cannot see is re-drawn at random.

        The opponent's face-down glyphs are drawn from the opponent's unplayed glyphs, and the
        deck is reshuffled. Only what ``player`` may know is read; the history is dropped.
        """
        s = self.clone()
        s._history = []
        opp = 1 - player
        k = self._hidden[opp].bit_count()
        if k:
            unplayed = bits(self._hidden[opp] | self._playable[opp])
            chosen = rng.sample(unplayed, k)
            mask = 0
            for g in chosen:
                mask |= 1 << g
            s._hidden[opp] = mask
            s._playable[opp] = (self._hidden[opp] | self._playable[opp]) & ~mask
        s._deck.sort()          # forget the true order before drawing a new one
        rng.shuffle(s._deck)
        return s
