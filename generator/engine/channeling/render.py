"""The board as plain text, for replays and debugging (pure: returns strings)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

_W = 12


def _cell(state: "State", i: int) -> str:
    st = state._st
    card = state._grid[i]
    text = "  ....  " if card < 0 else f"{st.vig[card]}/{st.spl[card]}"
    d = state._druids
    marks = "".join("L" if k < 2 else "D" for k in range(4) if d[k] == i)
    v = state._cubes[i]
    cubes = f"+{v}" if v > 0 else (str(v) if v < 0 else "")
    return " ".join(x for x in (text, marks, cubes) if x)


def render_board(state: "State") -> str:
    """The grid with glyph labels: each card as Vigor/Splendor, druids (L/D) and cubes
    (+n Light, -n Dark), then both players' totals."""
    st = state._st
    n = st.n
    glyphs = st.glyphs
    head = " " * _W + "".join(
        f"{chr(97 + c)}:{glyphs[st.line_glyph[n + c]]}".ljust(_W) for c in range(n))
    rows = [head.rstrip()]
    for r in range(n):
        label = f"{r + 1}:{glyphs[st.line_glyph[r]]}".ljust(_W)
        rows.append((label + "".join(_cell(state, r * n + c).ljust(_W)
                                     for c in range(n))).rstrip())
    s = state.scores()
    for p, name in ((0, "Light"), (1, "Dark")):
        rows.append(f"{name}: {len(state._taken[p])} cards, splendor {state._splendor[p]}, "
                    f"overchanneling {state._over[p]}, score {s[p]}, supply {state._supply[p]}, "
                    f"hand {','.join(state.hand(p))}"
                    + (f", face down {','.join(state.hidden(p))}" if state._hidden[p] else ""))
    rows.append(f"deck {len(state._deck)}, turn {state._turn}")
    return "\n".join(rows)
