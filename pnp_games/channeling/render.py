"""The board as plain text, for replays and debugging (pure: returns strings)."""
from __future__ import annotations

from pnp_games.channeling.core import StateCore


_W = 12


def _cell(state: StateCore, i: int) -> str:
    st = state._st
    card = state._grid[i]
    text = "  ....  " if card < 0 else f"{st.vig[card]}/{st.spl[card]}"
    d = state._druids
    marks = "".join("L" if k < 2 else "D" for k in range(4) if d[k] == i)
    v = state._cubes[i]
    cubes = f"+{v}" if v > 0 else (str(v) if v < 0 else "")
    return " ".join(x for x in (text, marks, cubes) if x)


def _hand_text(state: StateCore, p: int, viewer: int | None) -> str:
    if viewer is None or viewer == p:
        text = f"hand {','.join(state.hand(p))}"
        if state._hidden[p]:
            text += f", face down {','.join(state.hidden(p))}"
        return text
    glyphs = state._st.glyphs
    unplayed = state._playable[p] | state._hidden[p]
    names = ",".join(g for i, g in enumerate(glyphs) if unplayed >> i & 1)
    return f"unplayed {names} ({state._hidden[p].bit_count()} of them face down)"


def render_board(state: StateCore, viewer: int | None = None) -> str:
    """The grid with glyph labels: each card as Vigor/Splendor, druids (L/D) and cubes
    (+n Light, -n Dark), then both players' totals. With ``viewer`` (0 or 1) the other
    player's face-down glyphs are not shown, only how many there are."""
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
                    + _hand_text(state, p, viewer))
    rows.append(f"deck {len(state._deck)}, turn {state._turn}")
    return "\n".join(rows)
