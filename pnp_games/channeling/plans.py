"""Agents that plan a whole turn and then emit it as decisions.

The random and greedy agents choose a whole move at the start of a turn (as people do) and answer
each of the turn's decisions from that plan. A plan that no longer fits the turn under way (say a
search chose the glyph) is dropped, and the agent plans again from the decisions already made.
"""
from __future__ import annotations

from typing import NamedTuple

from generator.play.rng import SplitMix64
from pnp_games.channeling.decisions import FROM, HIDE, PLAY, REFILL, TO, VIA
from pnp_games.channeling.movegen import bits
from pnp_games.channeling.state import State


class Plan(NamedTuple):
    """A whole turn: face-down mask (-1: none), glyph, druid slot, destination cell, Leyline cells
    and refill order (cells; None: the path order). A spent glyph or a setup hide has slot -1."""

    hide: int = -1
    glyph: int = -1
    slot: int = -1
    dst: int = -1
    path: tuple[int, ...] = ()
    refill: tuple[int, ...] | None = None


def next_decision(state: State, plan: Plan) -> int | None:
    """The plan's decision for the state's phase, or None when the turn under way left the plan."""
    phase = state._phase
    ids = state._st.ids
    if phase == HIDE:
        return None if plan.hide < 0 else ids.base[HIDE] + ids.hide_id[plan.hide]
    if phase == PLAY:
        if plan.glyph < 0 or state._thide >= 0 and state._thide != plan.hide:
            return None
        return ids.base[PLAY] + plan.glyph
    if state._tg != plan.glyph or plan.slot < 0:
        return None
    if phase == FROM:
        return ids.base[FROM] + state._druids[plan.slot]
    if state._tslot != plan.slot:
        return None
    if phase == TO:
        return ids.base[TO] + plan.dst
    done = state._tpath
    if phase == VIA:
        k = len(done)
        if k >= len(plan.path) or plan.path[k - 1] != done[-1] or done[0] != plan.dst:
            return None
        return ids.base[VIA] + plan.path[k]
    if phase == REFILL:
        left = state._tleft
        order = plan.refill or ()
        return ids.base[REFILL] + next((c for c in order if c in left), left[0])
    return None


def _decisions(state: State, plan: Plan) -> list[int]:
    """The decisions a plan made at the start of a turn asks for before the first draw, last
    first ([] when the plan starts elsewhere)."""
    phase = state._phase
    if phase not in (HIDE, PLAY) or phase == PLAY and state._thide >= 0:
        return []
    st = state._st
    base = st.ids.base
    out = []
    if phase == HIDE:
        out.append(base[HIDE] + st.ids.hide_id[plan.hide])
        if state._setup:
            return out[::-1]
    out.append(base[PLAY] + plan.glyph)
    if plan.slot >= 0:
        out += [base[FROM] + state._druids[plan.slot], base[TO] + plan.dst]
        path = plan.path
        toward = st.geo.toward[path[-1]]
        out += [base[VIA] + path[k] for k in range(1, len(path)) if len(toward[path[k - 1]]) > 1]
    return out[::-1]


class PlanningAgent:
    """An agent answering each decision from a whole-turn plan (see the module docstring).

    Subclasses give ``plan(state)`` (None when they cannot plan from here) and ``fallback(state)``.
    """

    name = "planning"

    def __init__(self, seed: int = 0):
        self.rng = SplitMix64(seed)
        self._plan: Plan | None = None
        self._for: tuple = ()
        self._queue: list[int] = []  # a fresh plan's decisions up to the first draw, last first
        self._at = -1                # ... valid while the state's log has this many entries

    def choose(self, state: State) -> int:
        queue = self._queue
        if queue and len(state._log) == self._at and self._for[0] is state:
            self._at += 1
            return queue.pop()
        key = self._for
        if key and key[0] is state and key[1] == state._turn and key[2] == state._cur and self._plan is not None:
            decision = next_decision(state, self._plan)
            if decision is not None:
                return decision
        plan = self.plan(state)
        if plan is not None:
            self._plan, self._for = plan, (state, state._turn, state._cur)
            self._queue = _decisions(state, plan)
            self._at = len(state._log)
            if self._queue:
                self._at += 1
                return self._queue.pop()
            decision = next_decision(state, plan)
            if decision is not None:
                return decision
        return self.fallback(state)

    def plan(self, state: State) -> Plan | None:
        raise NotImplementedError

    def fallback(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


def hide_mask(state: State, names: tuple[str, ...] | list[str]) -> int:
    gidx = state._st.gidx
    return sum(1 << gidx[g] for g in names)


def random_plan(state: State, rng: SplitMix64) -> Plan | None:
    """A random whole turn from a turn's start (None elsewhere): a move (glyph, druid,
    destination) uniformly among all moves, then a uniform shortest path, refill order and
    face-down choice."""
    if state._phase not in (HIDE, PLAY):
        return None
    st = state._st
    glyphs = st.glyphs
    p = state._cur
    if state._setup:
        return Plan(hide_mask(state, rng.sample(glyphs, st.hidden)))
    free = state._free()
    druids = state._druids
    base = 2 * p
    choices = []
    total = 0
    for g in bits(state._avail(p)):
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
    need_hide = state._need_hide[p]
    if not choices:
        g = rng.choice(bits(state._avail(p)))
        hide = _random_hide(state, g, rng) if need_hide else -1
        return Plan(hide, g)
    r = int(rng.random() * total)
    for k, g, slots, dm in choices:
        if r < k:
            break
        r -= k
    ds = bits(dm)
    slot = slots[r // len(ds)]
    dst = ds[r % len(ds)]
    paths = st.geo.paths[dst][druids[slot ^ 1]]
    path = (paths[int(rng.random() * len(paths))] if len(paths) > 1 else paths[0])[0]
    taken = state._lay_memo(path)[4]
    if len(taken) > 1:
        taken = taken[:]
        rng.shuffle(taken)
    hide = _random_hide(state, g, rng) if need_hide else -1
    return Plan(hide, g, slot, dst, path, tuple(taken))


def _random_hide(state: State, keep: int, rng: SplitMix64) -> int:
    glyphs = state._st.glyphs
    return hide_mask(state, rng.sample([x for i, x in enumerate(glyphs) if i != keep], state._st.hidden))
