"""Move generation for The Channeling: moves, Leyline previews, the legal decisions and the
legal whole turns.

A mixin of ``State``: it reads the state's fields and never changes the game position (only
the one-entry ``_memo`` of the last previewed Leyline).
"""
from __future__ import annotations

from itertools import permutations

from pnp_games.channeling.actions import Action
from pnp_games.channeling.decisions import DRAW, FROM, HIDE, OVER, PLAY, REFILL, TO, VIA
from pnp_games.channeling.fields import Fields


def bits(mask: int) -> tuple[int, ...]:
    """Indices of the set bits of ``mask``, lowest first (cached for small masks)."""
    r = _BITS.get(mask)
    if r is None:
        r = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
        if len(_BITS) < 200_000:
            _BITS[mask] = r
    return r


_BITS: dict[int, tuple[int, ...]] = {}


class MoveGeneration(Fields):
    """Move generation half of ``State`` (see fields.py for the fields)."""

    __slots__ = ()

    def _free(self) -> int:
        d = self._druids
        return self._st.all_cells & ~(self._empty | 1 << d[0] | 1 << d[1] | 1 << d[2] | 1 << d[3])

    def _avail(self, p: int) -> int:
        """Glyphs that could be played this turn (a fresh hand: any of them)."""
        return self._st.full if self._need_hide[p] else self._playable[p]

    def move_triples(self, p: int | None = None) -> list[tuple[int, int, int]]:
        """(glyph index, druid slot, destination cell) of every possible move."""
        if p is None:
            p = self._cur
        st = self._st
        free = self._free()
        out = []
        base = 2 * p
        druids = self._druids
        for g in bits(self._avail(p)):
            lm = st.gmask[g]
            dm = lm & free
            if not dm:
                continue
            for slot in (base, base + 1):
                if st.in_line and not lm >> druids[slot] & 1:
                    continue
                for dst in bits(dm):
                    out.append((g, slot, dst))
        return out

    def _lay(self, p: int, path: tuple[int, ...]):
        """Cubes laid along ``path`` by ``p``, without changing the state.

        Returns (new signed cube counts per path cell, cubes used, cancelled pairs,
        supply fell short, cells whose card is taken, in path order).
        """
        st = self._st
        grid = self._grid
        cubes = self._cubes
        avail = self._supply[p]
        sign = 1 - 2 * p
        last = len(path) - 1
        pm, ps, pb = st.pm, st.ps, st.pb
        vig = st.vig
        vals = []
        taken = []
        used = cancel = 0
        short = False
        for i, c in enumerate(path):
            card = grid[c]
            v = cubes[c]
            if card < 0:
                vals.append(v)
                continue
            amt = pm if i == 0 else (ps if i == last else pb)
            if amt > avail - used:
                amt = avail - used
                short = True
            if amt <= 0:
                vals.append(v)
                continue
            used += amt
            opp = -v * sign
            if opp > 0:
                cancel += amt if amt < opp else opp
            nv = v + sign * amt
            vals.append(nv)
            if nv * sign >= vig[card]:
                taken.append(c)
        return vals, used, cancel, short, taken

    def _lay_memo(self, path: tuple[int, ...]):
        """``_lay`` for the current player, remembered until the state next changes (an agent
        that previews a path and then plays it pays once)."""
        memo = self._memo
        if memo is not None and memo[0] == path:
            return memo[1]
        lay = self._lay(self._cur, path)
        self._memo = (path, lay)
        return lay

    def taken_by_move(self, path_cells: tuple[int, ...], p: int | None = None) -> list[int]:
        """Cells whose cards would be taken if the current player lays along ``path_cells``."""
        return self._lay(self._cur if p is None else p, path_cells)[4]

    # ----------------------------------------------------------------- legal decisions
    def legal_actions(self) -> list[int]:
        """The ids of the decisions open to the player to move (chance outcomes at a chance
        node), in increasing order; [] once the game is over."""
        phase = self._phase
        if phase == DRAW:
            return sorted(self._deck)
        if phase == OVER:
            return []
        st = self._st
        base = st.ids.base[phase] if phase <= REFILL else 0
        if phase == HIDE:
            return list(range(base, base + len(st.ids.hide_masks)))
        if phase == PLAY:
            return [base + g for g in self._playable_glyphs(self._cur)]
        if phase == FROM:
            return sorted(base + self._druids[s] for s in self._movers(self._cur, self._tg))
        if phase == TO:
            return [base + c for c in bits(st.gmask[self._tg] & self._free())]
        if phase == VIA:
            path = self._tpath
            return sorted(base + c for c in st.geo.toward[self._druids[self._tslot ^ 1]][path[-1]])
        return sorted(base + c for c in self._tleft)

    def is_legal(self, action: int) -> bool:
        """True when ``apply_action(action)`` would succeed (a decision id, or a chance outcome)."""
        return action in self.legal_actions()

    def _glyph_moves(self, p: int, g: int) -> bool:
        """True when glyph ``g`` lets ``p`` move a druid."""
        st = self._st
        lm = st.gmask[g]
        if not lm & self._free():
            return False
        d = self._druids
        return not st.in_line or bool(lm >> d[2 * p] & 1 or lm >> d[2 * p + 1] & 1)

    def _playable_glyphs(self, p: int) -> list[int]:
        """Glyphs ``p`` may play now: those that allow a move, or, when none does, any (spent)."""
        hand = bits(self._playable[p])
        moving = [g for g in hand if self._glyph_moves(p, g)]
        return moving or list(hand)

    def _movers(self, p: int, g: int) -> list[int]:
        """Druid slots of ``p`` that glyph ``g`` lets move."""
        st = self._st
        base = 2 * p
        if not st.in_line:
            return [base, base + 1]
        lm = st.gmask[g]
        return [s for s in (base, base + 1) if lm >> self._druids[s] & 1]

    # ----------------------------------------------------------------- whole turns
    def legal_turns(self) -> list[Action]:
        """Every legal whole turn from the start of a turn, in a fixed order, as ``play_turn``
        takes them (long on a fresh hand: each face-down choice times each move)."""
        if self._phase not in (HIDE, PLAY):
            return []
        st = self._st
        names = st.geo.names
        glyphs = st.glyphs
        p = self._cur
        if self._setup:
            return [Action(hide=tuple(sorted(glyphs[g] for g in bits(m)))) for m in st.ids.hide_masks]
        masks = st.ids.hide_masks if self._phase == HIDE else (None,)
        out: list[Action] = []
        for mask in masks:
            hand = self._playable[p] if mask is None else st.full & ~mask
            hide = () if mask is None else tuple(sorted(glyphs[g] for g in bits(mask)))
            moving = [g for g in bits(hand) if self._glyph_moves(p, g)]
            if not moving:
                out += [Action(glyphs[g], hide=hide) for g in bits(hand)]
            for g in moving:
                for slot in self._movers(p, g):
                    for dst in bits(st.gmask[g] & self._free()):
                        for path, pnames in st.geo.paths[dst][self._druids[slot ^ 1]]:
                            taken = self._lay(p, path)[4]
                            for order in permutations(taken):
                                out.append(Action(glyphs[g], names[self._druids[slot]], names[dst],
                                                  pnames, tuple(names[c] for c in order), hide))
        return out
