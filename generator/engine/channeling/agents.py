"""Agents for The Channeling: ``random`` and ``greedy`` (one-turn look-ahead).

The greedy evaluation is additive over the cards of the Leyline, so one turn is scored
without playing it: for every card and every cube amount (moved, stationary, between) the
change in value is computed once, and the best path from each destination to the stationary
druid comes from a small dynamic programme over the grid (``best path = max sum``). Only when
the cube supply is too short for a full Leyline does it fall back to exact evaluation.

The value of a card from the mover's point of view:

* taking it: its Splendor minus the Overchanneling cubes it would cost (weight ``take``);
* own cubes on it: ``own * S * (cubes / V) ** 2`` (progress towards Vigor);
* opponent cubes on it: ``-opp * S * (cubes / V) ** 2`` (so cancelling near-complete
  opposing cards pays).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .. import agents_base
from .actions import Action
from .movegen import bits
from .state import State


class RandomAgent(agents_base.RandomAgent):
    """A uniformly random move (glyph, druid, destination), then a random path and order:
    sampled directly, since listing every legal action would be slow."""

    def choose(self, state: State) -> Action:
        return state.sample_action(self.rng)


@dataclass(frozen=True)
class Weights:
    """Weights of the greedy evaluation."""

    take: float = 1.0
    own: float = 0.45
    opp: float = 0.6


DEFAULT_WEIGHTS = Weights()


def _cell_tables(state: State, p: int, w: Weights) -> tuple[list[float], list[float], list[float]]:
    """Value change per cell when ``p`` adds the moved / stationary / between amounts."""
    st = state._st
    grid = state._grid
    cubes = state._cubes
    sign = 1 - 2 * p
    vig, spl, basis = st.vig, st.spl, st.basis
    amounts = (st.pm, st.ps, st.pb)
    memo = _DELTAS.get((amounts, w))
    if memo is None:
        memo = _DELTAS[amounts, w] = {}
    n = st.cells
    tm, ts, tb = [0.0] * n, [0.0] * n, [0.0] * n
    for c in range(n):
        card = grid[c]
        if card < 0:
            continue
        key = (vig[card], spl[card], basis[card], cubes[c] * sign)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _deltas(key, amounts, w)
        tm[c], ts[c], tb[c] = found
    return tm, ts, tb


_DELTAS: dict[tuple, dict[tuple, tuple[float, float, float]]] = {}


def _deltas(card: tuple[int, int, int, int], amounts: tuple[int, int, int], w: Weights) -> tuple[float, ...]:
    """The value changes on one card (Vigor, Splendor, returned-cubes basis, the mover's cubes on it
    with the opponent's as negative) when the mover adds each of ``amounts``."""
    V, S, basis, v = card
    k = S / (V * V)
    before = w.own * k * v * v if v >= 0 else -w.opp * k * v * v
    out = []
    for amt in amounts:
        nv = v + amt
        if nv >= V:
            ret = basis if basis < nv else nv
            after = w.take * (S - (nv - ret))
        elif nv >= 0:
            after = w.own * k * nv * nv
        else:
            after = -w.opp * k * nv * nv
        out.append(after - before)
    return tuple(out)


def position_value(state: State, p: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Score difference plus cube progress on the grid, from ``p``'s point of view."""
    st = state._st
    s = state.scores()
    value = float(s[p] - s[1 - p])
    sign = 1 - 2 * p
    vig, spl = st.vig, st.spl
    cubes = state._cubes
    for c, card in enumerate(state._grid):
        if card < 0:
            continue
        v = cubes[c] * sign
        if v:
            k = spl[card] / (vig[card] * vig[card])
            value += (w.own if v > 0 else -w.opp) * k * v * v
    return value


Move = tuple  # (value, glyph, slot, destination, path cells or None until traced)


def ranked_moves(state: State, w: Weights = DEFAULT_WEIGHTS
                 ) -> tuple[list[tuple[float, int, int, int, tuple[int, ...]]], dict[int, float]]:
    """Every move (glyph, slot, destination) with its best path and its value.

    Returns (list of (value, glyph, slot, dst, path cells)), best value per glyph).
    """
    moves, best_g, paths = _ranked(state, w)
    return [m if m[4] is not None else paths(m) for m in moves], best_g


def _ranked(state: State, w: Weights):
    """``ranked_moves`` with the paths left untraced where the dynamic programme found them:
    (moves, best value per glyph, a function giving a move with its path). Tracing every
    path would cost more than scoring the moves, and an agent needs the paths of a few."""
    st = state._st
    p = state._cur
    geo = st.geo
    druids = state._druids
    triples = state.move_triples(p)
    if not triples:
        return [], {}, None
    gm, gs, gb = _cell_tables(state, p, w)
    need = st.pm + st.ps + st.pb * (2 * st.n - 3)
    exact = state._supply[p] < need
    out = []
    best_g: dict[int, float] = {}
    toward = geo.toward
    dp: dict[int, tuple[list[float], list[float]]] = {}
    if exact:
        sign = 1 - 2 * p
        for g, slot, dst in triples:
            best = None
            for path, _ in geo.paths[dst][druids[slot ^ 1]]:
                vals = state._lay(p, path)[0]
                val = 0.0
                for c, nv in zip(path, vals):
                    val += _exact_gain(state, c, nv * sign, p, w)
                if best is None or val > best[0]:
                    best = (val, path)
            out.append((best[0], g, slot, dst, best[1]))
    else:
        for g, slot, dst in triples:
            t = druids[slot ^ 1]
            entry = dp.get(t)
            if entry is None:
                entry = dp[t] = _best_sums(st.cells, geo.order_from[t], toward[t], gb)
            out.append((gm[dst] + gs[t] + entry[0][dst], g, slot, dst, None))
    for val, g, _, _, _ in out:
        if val > best_g.get(g, -1e18):
            best_g[g] = val

    def with_path(move: Move) -> Move:
        if move[4] is not None:
            return move
        t = druids[move[2] ^ 1]
        return (*move[:4], _trace(dp[t][1], toward[t], move[3], t))
    return out, best_g, with_path


def _best_sums(cells: int, order: list[int], tw, gb: list[float]) -> tuple[list[float], list[float]]:
    """For every cell a, the best sum of between-amount gains on a shortest path from a's
    neighbour toward the stationary druid (f), and with a's own gain added (h)."""
    h = [0.0] * cells
    f = [0.0] * cells
    for a in order[1:]:
        best = -1e18
        for m in tw[a]:
            if h[m] > best:
                best = h[m]
        f[a] = best
        h[a] = gb[a] + best
    return f, h


def _trace(h: list[float], tw, dst: int, t: int) -> tuple[int, ...]:
    path = [dst]
    a = dst
    while a != t:
        best = None
        for m in tw[a]:
            if best is None or h[m] > h[best]:
                best = m
        a = best
        path.append(a)
    return tuple(path)


def _exact_gain(state: State, c: int, nv: int, p: int, w: Weights) -> float:
    st = state._st
    card = state._grid[c]
    if card < 0:
        return 0.0
    v = state._cubes[c] * (1 - 2 * p)
    V, S = st.vig[card], st.spl[card]
    k = S / (V * V)
    before = w.own * k * v * v if v >= 0 else -w.opp * k * v * v
    if nv >= V:
        ret = st.basis[card] if st.basis[card] < nv else nv
        after = w.take * (S - (nv - ret))
    elif nv >= 0:
        after = w.own * k * nv * nv
    else:
        after = -w.opp * k * nv * nv
    return after - before


def hide_choice(state: State, keep: int, best_g: dict[int, float]) -> tuple[str, ...]:
    """Glyphs to set face down: the least useful now (by best move value), never ``keep``."""
    st = state._st
    cand = [g for g in range(len(st.glyphs)) if g != keep]
    cand.sort(key=lambda g: (best_g.get(g, -1e9), g))
    return tuple(sorted(st.glyphs[g] for g in cand[:st.hidden]))


def build_action(state: State, g: int, slot: int, dst: int, path: tuple[int, ...],
                 best_g: dict[int, float]) -> Action:
    """The Action for a chosen move, with refill in path order and the face-down choice."""
    st = state._st
    names = st.geo.names
    p = state._cur
    lay = state._lay_memo(path)
    taken = lay[4]
    hide = hide_choice(state, g, best_g) if state._need_hide[p] else ()
    action = Action(st.glyphs[g], names[state._druids[slot]], names[dst],
                    tuple(names[c] for c in path), tuple(names[c] for c in taken), hide)
    return state._planned(action, ("move", g, state._plan_hide(hide), slot, dst, path, lay, tuple(taken)))


def fallback_action(state: State, rng: random.Random, best_g: dict[int, float]) -> Action | None:
    """Setup hides and spent glyphs (no move): shared by the heuristic agents."""
    st = state._st
    if state._setup:
        hide = hide_choice(state, -1, best_g)
        return state._planned(Action(hide=hide), ("setup", state._hide_mask(hide)))
    p = state._cur
    g = rng.choice(bits(state._avail(p)))
    hide = hide_choice(state, g, best_g) if state._need_hide[p] else ()
    return state._planned(Action(st.glyphs[g], hide=hide), ("spend", g, state._plan_hide(hide)))


def greedy_action(state: State, rng: random.Random, w: Weights = DEFAULT_WEIGHTS) -> Action:
    """The best move by one-turn look-ahead; exact ties broken by ``rng``."""
    moves, best_g, with_path = _ranked(state, w)
    if state._setup or not moves:
        return fallback_action(state, rng, best_g)
    top = max(m[0] for m in moves)
    best = [m for m in moves if m[0] >= top - 1e-9]
    _, g, slot, dst, path = with_path(best[0] if len(best) == 1 else best[int(rng.random() * len(best))])
    return build_action(state, g, slot, dst, path, best_g)


class GreedyAgent(agents_base.GreedyAgentBase):
    """One-turn look-ahead on the additive evaluation described in the module docstring."""

    default_weights = DEFAULT_WEIGHTS

    def choose(self, state: State) -> Action:
        return greedy_action(state, self.rng, self.weights)
