"""Applying decisions to a State of The Channeling: the rules of a turn, one decision at a time.

A mixin of ``State``. ``apply_action`` takes a decision id (decisions.py) or, at a chance node,
the card drawn. A turn runs: the face-down choice (at the start of a hand), the glyph (spent at
once when no glyph allows a move), the druid, its destination, the Leyline step by step (the
engine takes every step where only one card is nearer), then the cubes are laid, cards taken,
and each taken spot is refilled: the taker names the next spot where the order matters, and a
chance draw puts a card there. The turn then ends: its whole-turn record joins ``history``.
"""
from __future__ import annotations

from generator.play.errors import IllegalActionError
from pnp_games.channeling.actions import Action
from pnp_games.channeling.decisions import DRAW, FROM, HIDE, OVER, PLAY, REFILL, TO, VIA
from pnp_games.channeling.movegen import MoveGeneration, bits
from pnp_games.channeling.players import PLAYER_NAMES

_EXPECTED = {HIDE: "set glyphs face down (hide ...)", PLAY: "play a glyph (play ...)",
             FROM: "choose the druid that moves (from ...)", TO: "choose where it stops (to ...)",
             VIA: "choose the Leyline's next card (via ...)", REFILL: "choose the spot refilled next (refill ...)"}


class Transitions(MoveGeneration):
    """The half of ``State`` that changes the position, over its move generation (see fields.py for
    the fields)."""

    __slots__ = ()

    def apply_action(self, action: int) -> None:
        """Apply one decision of the player to move, or the card drawn at a chance node.

        :raises IllegalActionError: when ``action`` is not legal here (the state is unchanged).
        """
        phase = self._phase
        if phase == DRAW:
            self._draw(action)
        elif phase == OVER:
            raise IllegalActionError("the game is over")
        else:
            ids = self._st.ids
            if action.__class__ is not int:
                raise IllegalActionError(f"apply_action takes a decision id, got {action!r}; "
                                         f"play_turn applies a whole turn")
            lo = ids.base[phase]
            if not lo <= action < ids.end[phase]:
                raise IllegalActionError(f"{self._describe(action)}: {PLAYER_NAMES[self._cur]} is to "
                                         f"{_EXPECTED[phase]}")
            i = action - lo
            if phase == PLAY:
                self._play(i)
            elif phase == TO:
                self._to(i)
            elif phase == FROM:
                self._from(i)
            elif phase == VIA:
                self._via(i)
            elif phase == HIDE:
                self._hide(i)
            else:
                self._refill(i)
        self._log.append(action)

    def _describe(self, action: int) -> str:
        try:
            return self._st.ids.to_string(action)
        except ValueError:
            return f"decision {action!r}"

    # ----------------------------------------------------------------- the decisions
    def _hide(self, i: int) -> None:
        st = self._st
        p = self._cur
        mask = st.ids.hide_masks[i]
        self._hidden[p] = mask
        self._playable[p] = st.full & ~mask
        self._need_hide[p] = False
        if self._setup:
            self._history.append(Action(hide=tuple(sorted(st.glyphs[g] for g in bits(mask)))))
            self._setup -= 1
            self._cur = 1 - p
            self._start_turn()
        else:
            self._thide = mask
            self._phase = PLAY

    def _play(self, g: int) -> None:
        p = self._cur
        if not self._playable[p] >> g & 1:
            raise IllegalActionError(f"glyph {self._st.glyphs[g]!r} is not playable ({PLAYER_NAMES[p]} "
                                     f"has played it or set it face down)")
        if self._glyph_moves(p, g):
            self._tg = g
            self._phase = FROM
            return
        if any(self._glyph_moves(p, h) for h in bits(self._playable[p])):
            raise IllegalActionError(f"glyph {self._st.glyphs[g]!r} allows no move; a glyph may be "
                                     f"spent only when no glyph allows a move")
        self._tg = g
        self._spent[p] += 1
        self._end_turn(spent=True)

    def _from(self, cell: int) -> None:
        druids = self._druids
        slot = 2 * self._cur
        if druids[slot] != cell:
            slot += 1
        if druids[slot] != cell or self._st.in_line and not self._st.gmask[self._tg] >> cell & 1:
            raise IllegalActionError(f"no {PLAYER_NAMES[self._cur]} druid on "
                                     f"{self._st.geo.names[cell]} that {self._st.glyphs[self._tg]!r} lets move")
        self._tslot = slot
        self._tsrc = cell
        self._phase = TO

    def _to(self, cell: int) -> None:
        st = self._st
        if not st.gmask[self._tg] >> cell & 1:
            raise IllegalActionError(f"{st.geo.names[cell]} is not in the line of {st.glyphs[self._tg]!r}")
        if not self._free() >> cell & 1:
            raise IllegalActionError(f"{st.geo.names[cell]} holds a druid or no card")
        self._druids[self._tslot] = cell
        self._tpath = [cell]
        self._advance()

    def _via(self, cell: int) -> None:
        if cell not in self._st.geo.toward[self._druids[self._tslot ^ 1]][self._tpath[-1]]:
            names = self._st.geo.names
            raise IllegalActionError(f"{names[cell]} is not a step from {names[self._tpath[-1]]} toward "
                                     f"{names[self._druids[self._tslot ^ 1]]}")
        self._tpath.append(cell)
        self._advance()

    def _refill(self, cell: int) -> None:
        if cell not in self._tleft:
            raise IllegalActionError(f"{self._st.geo.names[cell]} is not a spot waiting for a card")
        self._tleft.remove(cell)
        self._trefill.append(cell)
        self._tspot = cell
        self._phase = DRAW

    def _draw(self, card: int) -> None:
        deck = self._deck
        if deck and deck[-1] == card:
            deck.pop()
        elif isinstance(card, int) and card in deck:
            deck.remove(card)
        else:
            raise IllegalActionError(f"card {card!r} is not in the deck")
        self._grid[self._tspot] = card
        self._memo = None
        self._next_refill()

    # ----------------------------------------------------------------- the engine's own steps
    def _advance(self) -> None:
        """Lay the Leyline on where only one card is nearer; ask where two are; lay the cubes
        when it reaches the other druid."""
        other = self._druids[self._tslot ^ 1]
        toward = self._st.geo.toward[other]
        path = self._tpath
        a = path[-1]
        while a != other:
            nearer = toward[a]
            if len(nearer) > 1:
                self._phase = VIA
                return
            a = nearer[0]
            path.append(a)
        self._lay_cubes(tuple(path))

    def _lay_cubes(self, path: tuple[int, ...]) -> None:
        st = self._st
        p = self._cur
        vals, used, cancel, short, taken = self._lay_memo(path)
        self._memo = None
        cubes = self._cubes
        for c, v in zip(path, vals):
            cubes[c] = v
        supply = self._supply
        supply[p] += cancel - used
        supply[1 - p] += cancel
        if short:
            self._supply_short[p] = True
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
        self._tleft = taken
        self._next_refill()

    def _next_refill(self) -> None:
        left = self._tleft
        if not left:
            self._end_turn()
        elif not self._deck:
            for c in left:
                self._empty |= 1 << c
            self._deck_ran_out = True
            self._trefill += left
            self._tleft = []
            self._end_turn()
        elif len(left) == 1:
            self._tspot = left.pop()
            self._trefill.append(self._tspot)
            self._phase = DRAW
        else:
            self._phase = REFILL

    def _turn_record(self, raw: tuple) -> Action:
        """A finished turn kept as (glyph, druid's square, path, refill order, face-down mask),
        cells and indices, as a whole-turn record (made when the history is read)."""
        g, src, path, refill, hide_mask = raw
        st = self._st
        names = st.geo.names
        hide = () if hide_mask < 0 else tuple(sorted(st.glyphs[i] for i in bits(hide_mask)))
        if not path:
            return Action(st.glyphs[g], hide=hide)
        return Action(st.glyphs[g], names[src], names[path[0]], tuple(names[c] for c in path),
                      tuple(names[c] for c in refill), hide)

    def _end_turn(self, spent: bool = False) -> None:
        st = self._st
        p = self._cur
        self._memo = None
        self._history.append((self._tg, self._tsrc, () if spent else tuple(self._tpath),
                              tuple(self._trefill), self._thide))
        # the glyph is played; a hand played out comes back whole
        pl = self._playable[p] & ~(1 << self._tg)
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
        self._start_turn()

    def _start_turn(self) -> None:
        self._tg = self._tslot = self._tsrc = self._thide = self._tspot = -1
        self._tpath = []
        self._tleft = []
        self._trefill = []
        if self._terminal:
            self._phase = OVER
        elif self._setup or self._need_hide[self._cur]:
            self._phase = HIDE
        else:
            self._phase = PLAY
