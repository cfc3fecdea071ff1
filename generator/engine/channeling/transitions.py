"""Applying actions to a State of The Channeling: the rules of a turn.

A mixin of ``State``: ``_check`` validates an action without changing anything, ``_commit``
plays it (cubes laid, cards taken and refilled, hands renewed, the end of the game).
"""
from __future__ import annotations

from ..errors import IllegalActionError
from .actions import Action
from .players import PLAYER_NAMES


class Transitions:
    """The half of ``State`` that changes the position (see state.py for the fields)."""

    __slots__ = ()

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
        plan = self._plan
        # an action this state generated itself comes with its checked form (see ``_planned``)
        checked = plan[1] if plan is not None and plan[0] is action else self._check(action)
        self._memo = self._plan = None
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
