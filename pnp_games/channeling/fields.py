"""The fields of a State of The Channeling, declared once with their types: the state (core.py,
state.py) and its move generation (movegen.py) and transitions (transitions.py) halves all read them."""
from __future__ import annotations

from typing import Any

from pnp_games.channeling.actions import Action
from pnp_games.channeling.static import Static


class Fields:
    """The slots of a state: the position, the players' hands and supplies, the turn in progress
    (``_t*``) and the log."""

    __slots__ = ("_st", "_grid", "_cubes", "_druids", "_empty", "_deck", "_playable", "_hidden",
                 "_need_hide", "_setup", "_supply", "_over", "_taken", "_splendor", "_cur",
                 "_turn", "_last", "_terminal", "_stalled", "_history", "_deck_ran_out",
                 "_supply_short", "_spent", "_memo", "_phase", "_tg", "_tslot", "_tsrc", "_tpath",
                 "_tleft", "_trefill", "_thide", "_tspot", "_log")

    _st: Static                      # the facts fixed for the whole game, shared by every clone
    _grid: list[int]                 # by cell: the card there (an index of ``_st.cards``), -1 for none
    _cubes: list[int]                # by cell: Light's cubes as +n, Dark's as -n
    _druids: list[int]               # cells of Light's two druids, then Dark's two
    _empty: int                      # a bit per cell left empty (the deck ran out)
    _deck: list[int]                 # cards left to draw, the top last
    _playable: list[int]             # by player: a bit per glyph that may be played
    _hidden: list[int]               # by player: a bit per glyph set face down
    _need_hide: list[bool]           # by player: a fresh hand starts with glyphs set face down
    _setup: int                      # setup hides still due
    _supply: list[int]               # by player: cubes in the supply
    _over: list[int]                 # by player: Overchanneling cubes
    _taken: list[list[int]]          # by player: the cards taken
    _splendor: list[int]             # by player: Splendor of the cards taken
    _cur: int                        # the player to move
    _turn: int                       # turns completed
    _last: int                       # the player who takes the last turn once the end is triggered, or -1
    _terminal: bool
    _stalled: bool                   # stopped at the turn cap
    _history: list[Action | tuple]   # whole turns: records, or raw turns made records when read
    _deck_ran_out: bool
    _supply_short: list[bool]        # by player: a supply ran out
    _spent: list[int]                # by player: turns with no legal move (a spent glyph)
    _memo: tuple[tuple[int, ...], Any] | None  # the last previewed Leyline and its laying
    _phase: int                      # the kind of decision due (decisions.HIDE .. OVER)
    _tg: int                         # the turn in progress: its glyph,
    _tslot: int                      # the moving druid's slot,
    _tsrc: int                       # its start cell,
    _tpath: list[int]                # the Leyline so far,
    _tleft: list[int]                # the cells still to refill,
    _trefill: list[int]              # the refill order,
    _thide: int                      # the glyphs set face down (a mask, -1 for none),
    _tspot: int                      # the cell being refilled
    _log: list[int]                  # every decision id and card drawn, in order
