"""The greedy evaluation of each option of a decision: the value of the best whole turn that
begins with it. The MCTS agent tries the best options first and widens to the others as a node
gains visits."""
from __future__ import annotations

from pnp_games.channeling.agents import DEFAULT_WEIGHTS, Weights, _best_sums, _cell_tables, _ranked
from pnp_games.channeling.decisions import FROM, HIDE, PLAY, TO, VIA
from pnp_games.channeling.movegen import bits
from pnp_games.channeling.state import State


def ranked_decisions(state: State, w: Weights = DEFAULT_WEIGHTS) -> list[int]:
    """The legal decisions, best first by the greedy evaluation (ties in id order)."""
    legal = state.legal_actions()
    phase = state._phase
    if len(legal) < 2 or phase not in (HIDE, PLAY, FROM, TO, VIA):
        return legal
    values = _values(state, phase, w)
    return sorted(legal, key=lambda d: -values.get(d, -1e18))


def _values(state: State, phase: int, w: Weights) -> dict[int, float]:
    st = state._st
    base = st.ids.base[phase]
    if phase == VIA:
        t = state._druids[state._tslot ^ 1]
        gb = _cell_tables(state, state._cur, w)[2]
        h = _best_sums(st.cells, st.geo.order_from[t], st.geo.toward[t], gb)[1]
        return {base + m: h[m] for m in st.geo.toward[t][state._tpath[-1]]}
    moves, best_g, _ = _ranked(state, w)
    if phase == HIDE:
        # hiding a glyph gives up its best move this turn: hide the least useful ones
        return {base + i: -sum(best_g.get(g, 0.0) for g in bits(m))
                for i, m in enumerate(st.ids.hide_masks)}
    out: dict[int, float] = {}
    for value, g, slot, dst, _ in moves:
        if phase == PLAY:
            key = g
        elif g != state._tg:
            continue
        elif phase == FROM:
            key = state._druids[slot]
        elif slot != state._tslot:
            continue
        else:
            key = dst
        if value > out.get(base + key, -1e18):
            out[base + key] = value
    return out
