"""Setting up a game of The Channeling: the deal (the facts fixed for the whole game are ``static.Static``).

All randomness of a game (deck shuffle, which green glyph labels which line) happens here, in
``new_game``, from ``SplitMix64(seed)`` (``engine/rng.py``).
"""
from __future__ import annotations

from typing import Sequence

from generator.play.rng import SplitMix64
from pnp_games.channeling.cards import Card
from pnp_games.channeling.options import ChannelingOptions
from pnp_games.channeling.players import LIGHT
from pnp_games.channeling.state import State
from pnp_games.channeling.static import Static

__all__ = ["Static", "new_game"]


def new_game(options: ChannelingOptions, deck: Sequence[Card], glyph_ids: Sequence[str],
             seed: int, *, shuffle: bool = True) -> State:
    """Set up a game: shuffle the deck, label the lines, deal the grid, place the druids.

    With ``shuffle=False`` the deck is used in the order given (the first ``grid_size**2``
    cards fill the grid row by row; the next card is the top of the deck).

    :raises ValueError: when the glyph ids do not fit the options.
    """
    if not isinstance(options, ChannelingOptions):
        options = ChannelingOptions.model_validate(options)
    glyph_ids = [str(g) for g in glyph_ids]
    if len(glyph_ids) != options.hand_size or len(set(glyph_ids)) != len(glyph_ids):
        raise ValueError(f"expected {options.hand_size} distinct glyph ids, got {glyph_ids}")
    cards = [c if isinstance(c, Card) else Card(c.name, int(c.vigor), int(c.splendor),
                                                 str(getattr(c, "kind", "") or ""))
             for c in deck]
    for c in cards:
        if c.vigor < 1:
            raise ValueError(f"card {c.name!r} has Vigor {c.vigor}; at least 1 is needed")
    rng = SplitMix64(seed)
    order = list(range(len(cards)))
    if shuffle:
        rng.shuffle(order)
    gline = list(range(2 * options.grid_size))
    if options.line_assignment == "shuffled":
        rng.shuffle(gline)
    st = Static(options, cards, glyph_ids, gline, order)
    s = State.__new__(State)
    s._st = st
    s._grid = [-1] * st.cells
    s._empty = 0
    for i in range(st.cells):
        if i < len(order):
            s._grid[i] = order[i]
        else:
            s._empty |= 1 << i
    s._deck = order[st.cells:][::-1]
    s._cubes = [0] * st.cells
    n, m = st.n, st.n // 2
    tl, tr, bl, br = (m - 1) * n + m - 1, (m - 1) * n + m, m * n + m - 1, m * n + m
    if options.druid_start == "light_main_diagonal":
        s._druids = [tl, br, tr, bl]
    else:
        s._druids = [tr, bl, tl, br]
    s._playable = [st.full, st.full]
    s._hidden = [0, 0]
    s._need_hide = [False, False]
    s._setup = 2 if st.hidden else 0
    s._supply = [st.cubes, st.cubes]
    s._over = [0, 0]
    s._taken = [[], []]
    s._splendor = [0, 0]
    s._cur = LIGHT
    s._turn = 0
    s._last = -1
    s._terminal = False
    s._stalled = False
    s._history = []
    s._deck_ran_out = False
    s._supply_short = [False, False]
    s._spent = [0, 0]
    s._memo = None
    s._log = []
    s._start_turn()
    return s
