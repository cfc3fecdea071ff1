"""Agents for The Channeling: ``random`` and ``greedy`` (one-turn look-ahead). Both plan a whole
turn and play it as its decisions (plans.py).

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

from dataclasses import dataclass
from typing import Sequence

from generator.play.rng import SplitMix64
from pnp_games.channeling.decisions import FROM, REFILL, TO, VIA
from pnp_games.channeling.movegen import bits
from pnp_games.channeling.plans import Plan, PlanningAgent, hide_mask, random_plan
from pnp_games.channeling.state import State


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


_DELTAS: dict[tuple, dict[tuple, tuple[float, ...]]] = {}


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
    out: list[Move] = []
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
            assert best is not None  # two squares always have a shortest path between them
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


def _best_sums(cells: int, order: Sequence[int], tw, gb: list[float]) -> tuple[list[float], list[float]]:
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
        best: int | None = None
        for m in tw[a]:
            if best is None or h[m] > h[best]:
                best = m
        assert best is not None  # a cell short of the druid has a neighbour nearer to it
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


def greedy_plan(state: State, rng: SplitMix64, w: Weights = DEFAULT_WEIGHTS) -> Plan | None:
    """The best whole turn by one-turn look-ahead that fits the decisions already made this turn;
    exact ties broken by ``rng``. None at a refill (the greedy order is the Leyline's)."""
    phase = state._phase
    if phase == VIA:
        return _path_plan(state, w)
    if phase == REFILL:
        return None
    p = state._cur
    moves, best_g, with_path = _ranked(state, w)
    if phase in (FROM, TO):
        moves = [m for m in moves if m[1] == state._tg and (phase == FROM or m[2] == state._tslot)]
    if state._setup:
        return Plan(hide_mask(state, hide_choice(state, -1, best_g)))
    if not moves:
        g = rng.choice(bits(state._avail(p)))
        return Plan(_greedy_hide(state, g, best_g), g)
    top = max(m[0] for m in moves)
    best = [m for m in moves if m[0] >= top - 1e-9]
    _, g, slot, dst, path = with_path(best[0] if len(best) == 1 else best[int(rng.random() * len(best))])
    return Plan(_greedy_hide(state, g, best_g), g, slot, dst, path)


def _greedy_hide(state: State, g: int, best_g: dict[int, float]) -> int:
    return hide_mask(state, hide_choice(state, g, best_g)) if state._need_hide[state._cur] else -1


def _path_plan(state: State, w: Weights) -> Plan:
    """The best way to finish the Leyline under way."""
    st = state._st
    p = state._cur
    done = state._tpath
    t = state._druids[state._tslot ^ 1]
    toward = st.geo.toward[t]
    need = st.pm + st.ps + st.pb * (2 * st.n - 3)
    if state._supply[p] < need:
        sign = 1 - 2 * p
        k = len(done)
        best = None
        for path, _ in st.geo.paths[done[0]][t]:
            if list(path[:k]) != done:
                continue
            vals = state._lay(p, path)[0]
            val = sum(_exact_gain(state, c, nv * sign, p, w) for c, nv in zip(path, vals))
            if best is None or val > best[0]:
                best = (val, path)
        assert best is not None  # the Leyline begun has a shortest way on
        path = best[1]
    else:
        gb = _cell_tables(state, p, w)[2]
        h = _best_sums(st.cells, st.geo.order_from[t], toward, gb)[1]
        path = tuple(done[:-1]) + _trace(h, toward, done[-1], t)
    return Plan(-1, state._tg, state._tslot, done[0], path)


class RandomAgent(PlanningAgent):
    """A uniformly random move (glyph, druid, destination), then a random path, refill order and
    face-down choice, planned at the start of a turn and played as its decisions; a decision
    met without a plan (mid-turn, after another chooser) is drawn uniformly from the legal ones."""

    name = "random"

    def plan(self, state: State) -> Plan | None:
        return random_plan(state, self.rng)


class GreedyAgent(PlanningAgent):
    """One-turn look-ahead on the additive evaluation described in the module docstring."""

    name = "greedy"

    def __init__(self, seed: int = 0, weights: Weights | None = None):
        super().__init__(seed)
        self.weights = DEFAULT_WEIGHTS if weights is None else weights

    def plan(self, state: State) -> Plan | None:
        return greedy_plan(state, self.rng, self.weights)

    def fallback(self, state: State) -> int:
        if state._phase == REFILL:  # the Leyline's order
            return state._st.ids.base[REFILL] + state._tleft[0]
        return state.legal_actions()[0]
