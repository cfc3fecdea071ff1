"""Move generation for The Channeling: moves, Leyline previews, legal actions, sampling.

A mixin of ``State``: it reads the state's fields and never changes the game position (only
the one-entry ``_memo`` of the last previewed Leyline).
"""
from __future__ import annotations

import random
from itertools import combinations, permutations

from ..errors import IllegalActionError
from .actions import Action


def bits(mask: int) -> tuple[int, ...]:
    """Indices of the set bits of ``mask``, lowest first (cached for small masks)."""
    r = _BITS.get(mask)
    if r is None:
        r = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
        if len(_BITS) < 200_000:
            _BITS[mask] = r
    return r


_BITS: dict[int, tuple[int, ...]] = {}


class MoveGeneration:
    """Move generation half of ``State`` (see state.py for the fields)."""

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

    def _has_move(self, p: int) -> bool:
        st = self._st
        free = self._free()
        druids = self._druids
        for g in bits(self._avail(p)):
            lm = st.gmask[g]
            if lm & free and (not st.in_line or lm >> druids[2 * p] & 1
                              or lm >> druids[2 * p + 1] & 1):
                return True
        return False

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

    def legal_actions(self) -> list[Action]:
        """Every legal action, in a fixed order (may be long on a fresh hand with hidden glyphs)."""
        if self._terminal:
            return []
        st = self._st
        names = st.geo.names
        glyphs = st.glyphs
        p = self._cur
        if self._setup:
            return [Action(hide=h) for h in combinations(sorted(glyphs), st.hidden)]
        need_hide = self._need_hide[p]
        out: list[Action] = []

        def hides(g: int) -> list[tuple[str, ...]]:
            if not need_hide:
                return [()]
            others = sorted(x for i, x in enumerate(glyphs) if i != g)
            return list(combinations(others, st.hidden))

        triples = self.move_triples(p)
        hide_cache: dict[int, list[tuple[str, ...]]] = {}
        for g, slot, dst in triples:
            other = self._druids[slot ^ 1]
            hs = hide_cache.get(g)
            if hs is None:
                hs = hide_cache[g] = hides(g)
            for path, pnames in st.geo.paths[dst][other]:
                taken = self._lay(p, path)[4]
                orders = [tuple(names[c] for c in o) for o in permutations(taken)]
                for h in hs:
                    for order in orders:
                        out.append(Action(glyphs[g], names[self._druids[slot]], names[dst],
                                          pnames, order, h))
        if not triples:
            for g in bits(self._avail(p)):
                for h in hides(g):
                    out.append(Action(glyphs[g], hide=h))
        return out

    def is_legal(self, action: Action) -> bool:
        """True when ``apply_action(action)`` would succeed."""
        try:
            self._check(action)
        except IllegalActionError:
            return False
        return True

    def sample_action(self, rng: random.Random) -> Action:
        """A random legal action: a move (glyph, druid, destination) uniformly among all moves,
        then a uniform shortest path, refill order and face-down choice."""
        st = self._st
        glyphs = st.glyphs
        names = st.geo.names
        p = self._cur
        if self._terminal:
            raise IllegalActionError("the game is over")
        if self._setup:
            hide = tuple(sorted(rng.sample(glyphs, st.hidden)))
            return self._planned(Action(hide=hide), ("setup", self._hide_mask(hide)))
        free = self._free()
        druids = self._druids
        base = 2 * p
        choices = []
        total = 0
        for g in bits(self._avail(p)):
            lm = st.gmask[g]
            dm = lm & free
            if not dm:
                continue
            if st.in_line:
                slots = tuple(s for s in (base, base + 1) if lm >> druids[s] & 1)
                if not slots:
                    continue
            else:
                slots = (base, base + 1)
            k = dm.bit_count() * len(slots)
            total += k
            choices.append((k, g, slots, dm))
        hide: tuple[str, ...] = ()
        if not choices:
            g = rng.choice(bits(self._avail(p)))
            if self._need_hide[p]:
                hide = tuple(sorted(rng.sample([x for i, x in enumerate(glyphs) if i != g],
                                               st.hidden)))
            return self._planned(Action(glyphs[g], hide=hide), ("spend", g, self._plan_hide(hide)))
        r = int(rng.random() * total)
        for k, g, slots, dm in choices:
            if r < k:
                break
            r -= k
        ds = bits(dm)
        slot = slots[r // len(ds)]
        dst = ds[r % len(ds)]
        paths = st.geo.paths[dst][druids[slot ^ 1]]
        path, pnames = paths[int(rng.random() * len(paths))] if len(paths) > 1 else paths[0]
        lay = self._lay_memo(path)
        taken = lay[4]
        if len(taken) > 1:
            taken = taken[:]
            rng.shuffle(taken)
        if self._need_hide[p]:
            hide = tuple(sorted(rng.sample([x for i, x in enumerate(glyphs) if i != g],
                                           st.hidden)))
        action = Action(glyphs[g], names[druids[slot]], names[dst], pnames, tuple(names[c] for c in taken), hide)
        return self._planned(action, ("move", g, self._plan_hide(hide), slot, dst, path, lay, tuple(taken)))

    def _planned(self, action: Action, checked: tuple) -> Action:
        """``action``, remembered with what ``_check`` would return for it, so that applying the
        very action this state generated skips checking it again (any change forgets it)."""
        self._plan = (action, checked)
        return action

    def _plan_hide(self, hide: tuple[str, ...]) -> int:
        """The face-down mask ``_check`` gives for a generated action's ``hide``."""
        return self._hide_mask(hide) if self._need_hide[self._cur] else -1

