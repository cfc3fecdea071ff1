"""Each player's view of a state: everything public plus their own face-down glyphs."""
from __future__ import annotations

from dataclasses import dataclass

from pnp_games.channeling.cards import Card
from pnp_games.channeling.core import StateCore
from pnp_games.channeling.views import history_for


@dataclass(frozen=True)
class Observation:
    """What one player sees. Cubes are signed: positive Light, negative Dark."""

    player: int
    current_player: int
    turn: int
    grid_size: int
    cards: tuple[Card | None, ...]           # per square, row by row from a1
    cubes: tuple[int, ...]
    druids: tuple[tuple[str, str], tuple[str, str]]
    glyph_lines: tuple[tuple[str, str], ...]  # (glyph, "row 2" / "column c")
    deck_count: int
    taken: tuple[tuple[Card, ...], tuple[Card, ...]]
    overchanneling: tuple[int, int]
    supply: tuple[int, int]
    hand: tuple[str, ...]                    # own playable glyphs
    hidden: tuple[str, ...]                  # own face-down glyphs
    must_hide: bool                          # own fresh hand: face-down choice pending
    opponent_unplayed: tuple[str, ...]       # opponent's glyphs not yet played this hand
    opponent_hidden_count: int
    end_triggered: bool
    terminal: bool
    history: tuple[str, ...] = ()            # the log as this player may see it (views.history_for)


def observe(state: StateCore, player: int) -> Observation:
    st = state._st
    opp = 1 - player
    glyphs = st.glyphs
    unplayed = state._playable[opp] | state._hidden[opp]
    return Observation(
        player=player,
        current_player=state.current_player,
        turn=state._turn,
        grid_size=st.n,
        cards=tuple(None if c < 0 else st.cards[c] for c in state._grid),
        cubes=tuple(state._cubes),
        druids=(state.druids(0), state.druids(1)),
        glyph_lines=tuple(state.glyph_lines.items()),
        deck_count=len(state._deck),
        taken=(state.taken(0), state.taken(1)),
        overchanneling=(state._over[0], state._over[1]),
        supply=(state._supply[0], state._supply[1]),
        hand=state.hand(player),
        hidden=state.hidden(player),
        must_hide=state._need_hide[player] or (state._setup > 0 and state._hidden[player] == 0
                                               and st.hidden > 0),
        opponent_unplayed=tuple(g for i, g in enumerate(glyphs) if unplayed >> i & 1),
        opponent_hidden_count=state._hidden[opp].bit_count(),
        end_triggered=state._last >= 0,
        terminal=state._terminal,
        history=history_for(state, player),
    )
