"""Game state of The Channeling: the truth, with each player's view available separately.

The API follows OpenSpiel: ``current_player``, ``legal_actions()``, ``apply_action()``,
``is_terminal()``, ``returns()``, ``clone()`` and ``observation(player)``. All randomness
(deck shuffle, which green glyph labels which line) happens in ``new_game`` from
``random.Random(seed)``; after setup the game is deterministic, so a game is fixed by
(options, deck, glyph ids, seed) and the actions played.

Players are 0 (Light, moves first) and 1 (Dark).
"""
from __future__ import annotations

import random
from typing import Sequence

from ..errors import IllegalActionError
from .actions import Action
from .cards import Card
from .geometry import Geometry, geometry
from .movegen import MoveGeneration, bits
from .options import ChannelingOptions

LIGHT, DARK = 0, 1
PLAYER_NAMES = ("light", "dark")
TERMINAL = -4



class Static:
    """Facts fixed for a whole game, shared by every clone of its states."""

    __slots__ = ("options", "geo", "n", "cells", "all_cells", "cards", "vig", "spl", "basis",
                 "glyphs", "gidx", "gline", "gmask", "full", "hidden", "pm", "ps", "pb",
                 "in_line", "trigger", "turn_cap", "cubes", "line_glyph", "deck_order")

    def __init__(self, options: ChannelingOptions, cards: Sequence[Card], glyphs: Sequence[str],
                 gline: Sequence[int], deck_order: Sequence[int]):
        self.options = options
        self.geo: Geometry = geometry(options.grid_size)
        self.n = options.grid_size
        self.cells = self.n * self.n
        self.all_cells = (1 << self.cells) - 1
        self.cards = tuple(cards)
        self.vig = tuple(c.vigor for c in cards)
        self.spl = tuple(c.splendor for c in cards)
        by_vigor = options.cubes_returned_basis == "vigor"
        self.basis = self.vig if by_vigor else self.spl
        self.glyphs = tuple(glyphs)
        self.gidx = {g: i for i, g in enumerate(glyphs)}
        self.gline = tuple(gline)
        self.gmask = tuple(self.geo.line_masks[line] for line in gline)
        self.line_glyph = tuple(self.gline.index(line) for line in range(2 * self.n))
        self.full = (1 << len(glyphs)) - 1
        self.hidden = options.hidden_glyphs
        self.pm = options.placement_moved
        self.ps = options.placement_stationary
        self.pb = options.placement_between
        self.in_line = options.move_origin == "in_line"
        self.trigger = options.end_trigger_cards
        self.turn_cap = options.turn_cap
        self.cubes = options.cubes_per_player
        self.deck_order = tuple(deck_order)


class State(MoveGeneration):
    """A position of The Channeling. Mutable; ``clone()`` gives an independent copy."""

    __slots__ = ("_st", "_grid", "_cubes", "_druids", "_empty", "_deck", "_playable", "_hidden",
                 "_need_hide", "_setup", "_supply", "_over", "_taken", "_splendor", "_cur",
                 "_turn", "_last", "_terminal", "_stalled", "_history", "_deck_ran_out",
                 "_supply_short", "_spent", "_memo")

    # ----------------------------------------------------------------- basic queries
    @property
    def options(self) -> ChannelingOptions:
        return self._st.options

    @property
    def current_player(self) -> int:
        """0 (Light) or 1 (Dark); ``TERMINAL`` (-4) once the game is over."""
        return TERMINAL if self._terminal else self._cur

    @property
    def turn(self) -> int:
        """Turns completed so far (setup actions not counted)."""
        return self._turn

    @property
    def history(self) -> list[Action]:
        """Every action applied so far (the truth, hidden glyphs included)."""
        return list(self._history)

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
    def clone(self) -> "State":
        s = State.__new__(State)
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
        return s

    def determinize(self, player: int, rng: random.Random) -> "State":
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

    # ----------------------------------------------------------------- applying actions
    def _hide_mask(self, hide: tuple[str, ...]) -> int:
        st = self._st
        if len(hide) != st.hidden:
            raise IllegalActionError(
                f"expected exactly {st.hidden} glyphs set face down, got {len(hide)}")
        mask = 0
        for name in hide:
            g = st.gidx.get(name)
            if g is None:
                raise IllegalActionError(f"unknown glyph {name!r}")
            if mask >> g & 1:
                raise IllegalActionError(f"glyph {name!r} set face down twice")
            mask |= 1 << g
        return mask

    def _check(self, action: Action):
        """Validate ``action``; return what ``_commit`` needs. Changes nothing."""
        if self._terminal:
            raise IllegalActionError("the game is over")
        st = self._st
        p = self._cur
        if self._setup:
            if action.glyph or not action.hide:
                raise IllegalActionError(
                    f"{PLAYER_NAMES[p]} must first set {st.hidden} glyphs face down: h[...]")
            return ("setup", self._hide_mask(action.hide))
        g = st.gidx.get(action.glyph)
        if g is None:
            raise IllegalActionError(f"unknown glyph {action.glyph!r} in {action}")
        if self._need_hide[p]:
            if not action.hide:
                raise IllegalActionError(
                    f"a fresh hand: {PLAYER_NAMES[p]} must set {st.hidden} glyphs face down")
            hide_mask = self._hide_mask(action.hide)
            if hide_mask >> g & 1:
                raise IllegalActionError(f"glyph {action.glyph!r} is set face down")
        else:
            if action.hide:
                raise IllegalActionError("glyphs are set face down only at the start of a hand")
            hide_mask = -1
            if not self._playable[p] >> g & 1:
                raise IllegalActionError(
                    f"glyph {action.glyph!r} is not playable ({PLAYER_NAMES[p]} has played it "
                    f"or set it face down)")
        if not action.dst:
            if action.src or action.path or action.refill:
                raise IllegalActionError(f"malformed spent glyph: {action!r}")
            if self._has_move(p):
                raise IllegalActionError(
                    "a glyph may be spent only when no glyph allows a move")
            return ("spend", g, hide_mask)
        index = st.geo.index
        src = index.get(action.src)
        dst = index.get(action.dst)
        if src is None or dst is None:
            raise IllegalActionError(f"square off the grid in {action}")
        druids = self._druids
        base = 2 * p
        if src == druids[base]:
            slot = base
        elif src == druids[base + 1]:
            slot = base + 1
        else:
            raise IllegalActionError(f"no {PLAYER_NAMES[p]} druid on {action.src}")
        lm = st.gmask[g]
        if not lm >> dst & 1:
            raise IllegalActionError(f"{action.dst} is not in the line of {action.glyph}")
        if st.in_line and not lm >> src & 1:
            raise IllegalActionError(
                f"the druid on {action.src} is not in the line of {action.glyph}")
        if not self._free() >> dst & 1:
            raise IllegalActionError(f"{action.dst} holds a druid or no card")
        other = druids[slot ^ 1]
        path = st.geo.path_of.get(action.path)
        if path is None or path[0] != dst or path[-1] != other:
            raise IllegalActionError(
                f"{'-'.join(action.path)} is not a shortest path from {action.dst} to "
                f"{st.geo.names[other]}")
        lay = self._lay_memo(path)
        taken = lay[4]
        refill = action.refill
        if len(refill) != len(taken) or (taken and (
                index.get(refill[0], -1) != taken[0] if len(taken) == 1
                else sorted(index.get(x, -1) for x in refill) != sorted(taken))):
            exp = ",".join(st.geo.names[c] for c in taken)
            raise IllegalActionError(
                f"refill order must list each taken spot once ({exp or 'none taken'}), "
                f"got r[{','.join(refill)}]")
        return ("move", g, hide_mask, slot, dst, path, lay, tuple(index[x] for x in refill))

    def apply_action(self, action: Action) -> None:
        """Play ``action`` for the current player.

        :raises IllegalActionError: when the action is not legal here (state unchanged).
        """
        checked = self._check(action)
        self._memo = None
        self._commit(checked)
        self._history.append(action)

    def _commit(self, checked) -> None:
        st = self._st
        p = self._cur
        kind = checked[0]
        if kind == "setup":
            self._hidden[p] = checked[1]
            self._playable[p] = st.full & ~checked[1]
            self._need_hide[p] = False
            self._setup -= 1
            self._cur = 1 - p
            return
        g, hide_mask = checked[1], checked[2]
        if hide_mask >= 0:
            self._hidden[p] = hide_mask
            self._playable[p] = st.full & ~hide_mask
            self._need_hide[p] = False
        if kind == "spend":
            self._spent[p] += 1
        else:
            _, _, _, slot, dst, path, lay, refill = checked
            self._druids[slot] = dst
            vals, used, cancel, short, taken = lay
            cubes = self._cubes
            for c, v in zip(path, vals):
                cubes[c] = v
            supply = self._supply
            supply[p] += cancel - used
            supply[1 - p] += cancel
            if short:
                self._supply_short[p] = True
            if taken:
                grid = self._grid
                sign = 1 - 2 * p
                basis = st.basis
                mine = self._taken[p]
                for c in taken:
                    card = grid[c]
                    count = cubes[c] * sign
                    ret = basis[card] if basis[card] < count else count
                    supply[p] += ret
                    self._over[p] += count - ret
                    self._splendor[p] += st.spl[card]
                    mine.append(card)
                    cubes[c] = 0
                    grid[c] = -1
                deck = self._deck
                for c in refill:
                    if deck:
                        grid[c] = deck.pop()
                    else:
                        self._empty |= 1 << c
                        self._deck_ran_out = True
        # the glyph is played; a hand played out comes back whole
        pl = self._playable[p] & ~(1 << g)
        if pl:
            self._playable[p] = pl
        else:
            self._playable[p] = st.full
            self._hidden[p] = 0
            self._need_hide[p] = st.hidden > 0
        # end of the game
        if self._last == p:
            self._terminal = True
        elif self._last < 0 and len(self._taken[p]) >= st.trigger:
            self._last = 1 - p
        self._turn += 1
        if not self._terminal and self._turn >= st.turn_cap:
            self._terminal = True
            self._stalled = True
        self._cur = 1 - p

    # ----------------------------------------------------------------- views
    def observation(self, player: int):
        """What ``player`` can see (their own face-down glyphs, not the opponent's)."""
        from .observation import observe
        return observe(self, player)

    def observation_string(self, player: int) -> str:
        """The board as text as ``player`` sees it (the opponent's face-down glyphs masked)."""
        from .render import render_board
        return render_board(self, player)

    def __str__(self) -> str:
        from .render import render_board
        return render_board(self)


def new_game(options: ChannelingOptions, deck: Sequence[Card], glyph_ids: Sequence[str],
             seed: int, *, shuffle: bool = True) -> State:
    """Set up a game: shuffle the deck, label the lines, deal the grid, place the druids.

    With ``shuffle=False`` the deck is used in the order given (the first ``grid_size**2``
    cards fill the grid row by row; the next card is the top of the deck).

    :raises ValueError: when the glyph ids do not fit the options.
    """
    if not isinstance(options, ChannelingOptions):
        options = ChannelingOptions.model_validate(options)
    glyph_ids = [str(g) for g in glyph_ids]
    if len(glyph_ids) != options.hand_size or len(set(glyph_ids)) != len(glyph_ids):
        raise ValueError(f"expected {options.hand_size} distinct glyph ids, got {glyph_ids}")
    cards = [c if isinstance(c, Card) else Card(c.name, int(c.vigor), int(c.splendor),
                                                 str(getattr(c, "kind", "") or ""))
             for c in deck]
    for c in cards:
        if c.vigor < 1:
            raise ValueError(f"card {c.name!r} has Vigor {c.vigor}; at least 1 is needed")
    rng = random.Random(seed)
    order = list(range(len(cards)))
    if shuffle:
        rng.shuffle(order)
    gline = list(range(2 * options.grid_size))
    if options.line_assignment == "shuffled":
        rng.shuffle(gline)
    st = Static(options, cards, glyph_ids, gline, order)
    s = State.__new__(State)
    s._st = st
    s._grid = [-1] * st.cells
    s._empty = 0
    for i in range(st.cells):
        if i < len(order):
            s._grid[i] = order[i]
        else:
            s._empty |= 1 << i
    s._deck = order[st.cells:][::-1]
    s._cubes = [0] * st.cells
    n, m = st.n, st.n // 2
    tl, tr, bl, br = (m - 1) * n + m - 1, (m - 1) * n + m, m * n + m - 1, m * n + m
    if options.druid_start == "light_main_diagonal":
        s._druids = [tl, br, tr, bl]
    else:
        s._druids = [tr, bl, tl, br]
    s._playable = [st.full, st.full]
    s._hidden = [0, 0]
    s._need_hide = [False, False]
    s._setup = 2 if st.hidden else 0
    s._supply = [st.cubes, st.cubes]
    s._over = [0, 0]
    s._taken = [[], []]
    s._splendor = [0, 0]
    s._cur = LIGHT
    s._turn = 0
    s._last = -1
    s._terminal = False
    s._stalled = False
    s._history = []
    s._deck_ran_out = False
    s._supply_short = [False, False]
    s._spent = [0, 0]
    s._memo = None
    return s
