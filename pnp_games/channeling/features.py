"""One player's view of a Channeling state as numbers and as text, hiding the opponent's
face-down glyphs and the deck order.

The vector, for ``c`` squares and ``H`` glyphs: per square (8 each) a card lies there, its Vigor
and Splendor (over 10), the viewer's and the opponent's cubes on it (over 10), a druid of the
viewer's or the opponent's, and whether the Leyline under way crosses it; per glyph (5 each) in
the viewer's hand, set face down by the viewer, not yet played by the opponent, the glyph chosen
this turn, its line (over 2n); then the opponent's face-down count (over H), both supplies (over
cubes per player), both scores and cards taken (over 50 and 10), the deck count (over the deck),
the end triggered, the viewer to move, the druid chosen this turn, and the phase (8: the decision
kinds, a draw, the end).
"""
from __future__ import annotations

from pnp_games.channeling.decisions import KINDS, OVER
from pnp_games.channeling.render import render_board
from pnp_games.channeling.state import State

PHASE_NAMES = KINDS + ("draw", "over")


def feature_size(cells: int, glyphs: int) -> int:
    return 8 * cells + 5 * glyphs + 10 + len(PHASE_NAMES)


def features(state: State, player: int) -> list[float]:
    st = state._st
    opp = 1 - player
    sign = 1 - 2 * player
    mine, theirs = state._druids[2 * player:2 * player + 2], state._druids[2 * opp:2 * opp + 2]
    path = set(state._tpath)
    out: list[float] = []
    for c in range(st.cells):
        card = state._grid[c]
        v = state._cubes[c] * sign
        out += [float(card >= 0), st.vig[card] / 10 if card >= 0 else 0.0,
                st.spl[card] / 10 if card >= 0 else 0.0, max(v, 0) / 10, max(-v, 0) / 10,
                float(c in mine), float(c in theirs), float(c in path)]
    unplayed = state._playable[opp] | state._hidden[opp]
    for g in range(len(st.glyphs)):
        out += [float(state._playable[player] >> g & 1), float(state._hidden[player] >> g & 1),
                float(unplayed >> g & 1), float(state._tg == g), st.gline[g] / (2 * st.n)]
    scores = state.scores()
    out += [state._hidden[opp].bit_count() / len(st.glyphs),
            state._supply[player] / max(1, st.cubes), state._supply[opp] / max(1, st.cubes),
            scores[player] / 50, scores[opp] / 50,
            len(state._taken[player]) / 10, len(state._taken[opp]) / 10,
            len(state._deck) / max(1, len(st.cards)), float(state._last >= 0),
            float(state.current_player == player)]
    out += [float(state._phase == i) for i in range(len(PHASE_NAMES))]
    return out


def text(state: State, player: int) -> str:
    """The board as ``player`` sees it, with the turn under way."""
    board = render_board(state, player)
    if state._phase == OVER:
        return board
    names = state._st.geo.names
    parts = [f"{PHASE_NAMES[state._phase]} due"]
    if state._tg >= 0:
        parts.append(f"glyph {state._st.glyphs[state._tg]}")
    if state._tsrc >= 0:
        parts.append(f"druid from {names[state._tsrc]}")
    if state._tpath:
        parts.append("Leyline " + "-".join(names[c] for c in state._tpath))
    return f"{board}\n{'; '.join(parts)}"
