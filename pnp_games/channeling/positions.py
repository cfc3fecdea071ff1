"""Positions of The Channeling built from data: for scenario tests, puzzles and rulebook diagrams.

``position(options, deck, glyph_ids, data)`` starts from the deal in deck order (no shuffle) and
changes what ``data`` names; everything else is derived so the position is one a game could
reach: supplies hold the cubes not on the grid or kept as Overchanneling, scores come from the
cards taken, the cards not on the grid or taken form the deck. Keys (all optional)::

    to_move: light            # or dark
    turn: 12                  # turns completed
    last_turn: dark           # the end is triggered: this player plays the last turn
    lines: {ember: row 1, tide: column a, ...}   # every glyph, each line once
    grid: {a1: Oak, b1: null, c1: {vigor: 5}}   # card names (copies by name), null: an empty spot,
                                                 # or the fields a card must have (the first such card)
    deck: [Ash, Elm]          # from the top; the remaining cards follow in deck order
    cubes: {a1: 2, c3: -1}    # Light positive, Dark negative
    druids: {light: [b2, c3], dark: [b3, c2]}
    taken: {light: [Yew], dark: rest}   # rest: every card not placed otherwise (the deck is out)
    overchanneling: {light: 1, dark: 0}
    hand: {light: [ember, moon], dark: [...]}    # glyphs still to play this hand
    hidden: {light: [eye, tide, root], dark: [...]}  # face down (the edition's count)

Without ``hand`` and ``hidden`` the players are still to set their face-down glyphs (as in a
fresh game). Every mistake raises ``PositionError`` naming the key, e.g.
``druids.light[1]: 'z9' is not a square (a1-d4)``.
"""
from __future__ import annotations

from typing import Any, Sequence

from pnp_games.channeling.cards import Card
from pnp_games.channeling.decisions import HIDE, OVER, PLAY
from pnp_games.channeling.options import ChannelingOptions
from pnp_games.channeling.players import DARK, LIGHT
from pnp_games.channeling.setup import Static, new_game
from pnp_games.channeling.state import State

SIDES = {"light": LIGHT, "dark": DARK}
KEYS = ("to_move", "turn", "last_turn", "lines", "grid", "deck", "cubes", "druids", "taken",
        "overchanneling", "hand", "hidden")


class PositionError(ValueError):
    """Data that describes no legal position; the message names the key."""


def position(options: ChannelingOptions, deck: Sequence[Card], glyph_ids: Sequence[str],
             data: dict[str, Any]) -> State:
    """The position ``data`` describes (see the module's docstring).

    :raises PositionError: for an unknown key, name, square or glyph, or counts that cannot be.
    """
    if not isinstance(data, dict):
        raise PositionError(f"a position is a mapping of {', '.join(KEYS)}; got {type(data).__name__}")
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise PositionError(f"{unknown[0]}: unknown key; known keys are {', '.join(KEYS)}")
    s = new_game(options, deck, glyph_ids, 0, shuffle=False)
    st = s._st
    if "lines" in data:
        s._st = st = _with_lines(st, data["lines"])
    _place_cards(s, data)
    _place_cubes(s, data.get("cubes") or {})
    if "druids" in data:
        s._druids = _druids(st, data["druids"])
    _set_hands(s, data)
    s._cur = _side(data.get("to_move", "light"), "to_move")
    s._turn = _count(data.get("turn", 0), "turn")
    s._last = -1 if data.get("last_turn") is None else _side(data["last_turn"], "last_turn")
    s._start_turn()
    return s


def _side(value: Any, key: str) -> int:
    if value not in SIDES:
        raise PositionError(f"{key}: expected light or dark, found {value!r}")
    return SIDES[value]


def _count(value: Any, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{key}: expected a whole number of at least 0, found {value!r}")
    return value


def _by_side(value: Any, key: str) -> dict[int, Any]:
    if not isinstance(value, dict) or not set(value) <= set(SIDES):
        raise PositionError(f"{key}: expected a mapping with light and/or dark, found {value!r}")
    return {SIDES[k]: v for k, v in value.items()}


def _square(st: Static, name: Any, key: str) -> int:
    if name not in st.geo.index:
        names = st.geo.names
        raise PositionError(f"{key}: {name!r} is not a square ({names[0]}-{names[-1]})")
    return st.geo.index[name]


def _glyphs(st: Static, names: Any, key: str) -> int:
    if not isinstance(names, (list, tuple)):
        raise PositionError(f"{key}: expected a list of glyphs, found {names!r}")
    mask = 0
    for i, g in enumerate(names):
        if g not in st.gidx:
            raise PositionError(f"{key}[{i}]: unknown glyph {g!r}; glyphs are {', '.join(st.glyphs)}")
        if mask >> st.gidx[g] & 1:
            raise PositionError(f"{key}[{i}]: glyph {g!r} is named twice")
        mask |= 1 << st.gidx[g]
    return mask


def _with_lines(st: Static, lines: Any) -> Static:
    n = st.n
    wanted = {f"row {i + 1}": i for i in range(n)} | {f"column {chr(97 + i)}": n + i for i in range(n)}
    if not isinstance(lines, dict) or set(lines) != set(st.glyphs):
        raise PositionError(f"lines: expected every glyph ({', '.join(st.glyphs)}) once, found {lines!r}")
    gline = []
    for g in st.glyphs:
        if lines[g] not in wanted:
            raise PositionError(f"lines.{g}: expected 'row 1'-'row {n}' or 'column a'-'column "
                                f"{chr(96 + n)}', found {lines[g]!r}")
        gline.append(wanted[lines[g]])
    if len(set(gline)) != len(gline):
        raise PositionError("lines: two glyphs name the same line")
    return Static(st.options, st.cards, st.glyphs, gline, st.deck_order)


class _Cards:
    """Hands out deck indices by card name, each copy once."""

    def __init__(self, cards: Sequence[Card]):
        self.cards, self.used = cards, set[int]()

    def take(self, name: Any, key: str) -> int:
        """The first unused card called ``name``, or, for a mapping such as ``{vigor: 5}``, the first
        unused card whose fields all agree (so a position can hold "a Vigor 5 card" in any deck)."""
        wanted = name if isinstance(name, dict) else {"name": name}
        fields = Card._fields
        unknown = sorted(k for k in wanted if k not in fields)
        if unknown:
            raise PositionError(f"{key}.{unknown[0]}: not a card field; cards have {', '.join(fields)}")
        for i, card in enumerate(self.cards):
            if i not in self.used and all(getattr(card, k) == v for k, v in wanted.items()):
                self.used.add(i)
                return i
        known = any(all(getattr(c, k) == v for k, v in wanted.items()) for c in self.cards)
        what = repr(name) if not isinstance(name, dict) else "a card with " + ", ".join(
            f"{k} {v!r}" for k, v in wanted.items())
        raise PositionError(f"{key}: {'no copy of' if known else 'no card called' if 'name' in wanted and len(wanted) == 1 else 'no'} "
                            f"{what} left in the deck")


def _place_cards(s: State, data: dict[str, Any]) -> None:
    st = s._st
    if not any(k in data for k in ("grid", "deck", "taken")):
        return
    pool = _Cards(st.cards)
    dealt = {st.geo.names[i]: c for i, c in enumerate(s._grid) if c >= 0}
    given = data.get("grid") or {}
    if not isinstance(given, dict):
        raise PositionError(f"grid: expected a mapping of squares to card names, found {given!r}")
    for sq in given:
        _square(st, sq, f"grid.{sq}")
    s._grid = [-1] * st.cells
    s._empty = 0
    # the cards the data names first, then the deal fills the other places (a dealt card the data
    # has used elsewhere gives way to the next card of the deck)
    for i, name in enumerate(st.geo.names):
        if name in given and given[name] is not None:
            s._grid[i] = pool.take(given[name], f"grid.{name}")
    taken: list[list[int]] = [[], []]
    rest_side = None
    for p, names in _by_side(data.get("taken") or {}, "taken").items():
        side = ("light", "dark")[p]
        if names == "rest":
            rest_side = p
            continue
        if not isinstance(names, list):
            raise PositionError(f"taken.{side}: expected a list of card names or 'rest', found {names!r}")
        taken[p] = [pool.take(n, f"taken.{side}[{i}]") for i, n in enumerate(names)]
    deck = data.get("deck") or []
    if not isinstance(deck, list):
        raise PositionError(f"deck: expected a list of card names from the top, found {deck!r}")
    top = [pool.take(n, f"deck[{i}]") for i, n in enumerate(deck)]
    for i, name in enumerate(st.geo.names):
        if name in given:
            if given[name] is None:
                s._empty |= 1 << i
            continue
        if name not in dealt:
            s._empty |= 1 << i
            continue
        card = dealt[name] if dealt[name] not in pool.used else next(
            (c for c in st.deck_order if c not in pool.used), None)
        if card is None:
            s._empty |= 1 << i
            continue
        pool.used.add(card)
        s._grid[i] = card
    rest = [i for i in st.deck_order if i not in pool.used]
    if rest_side is not None:  # the player has taken every card left over: the deck holds only `deck`
        taken[rest_side], rest = rest, []
    s._deck = (top + rest)[::-1]  # the engine draws from the end
    s._taken = taken
    s._splendor = [sum(st.spl[c] for c in s._taken[p]) for p in (LIGHT, DARK)]


def _place_cubes(s: State, cubes: dict[str, Any]) -> None:
    st = s._st
    s._cubes = [0] * st.cells
    if not isinstance(cubes, dict):
        raise PositionError(f"cubes: expected a mapping of squares to cubes (Light +, Dark -), found {cubes!r}")
    for sq, v in cubes.items():
        i = _square(st, sq, f"cubes.{sq}")
        if not isinstance(v, int) or isinstance(v, bool):
            raise PositionError(f"cubes.{sq}: expected a whole number (Light +, Dark -), found {v!r}")
        if v and s._grid[i] < 0:
            raise PositionError(f"cubes.{sq}: cubes on an empty spot")
        if v and abs(v) >= st.vig[s._grid[i]]:
            raise PositionError(f"cubes.{sq}: {abs(v)} cubes reach the card's Vigor "
                                f"{st.vig[s._grid[i]]}: it would have been taken")
        s._cubes[i] = v


def _druids(st: Static, druids: Any) -> list[int]:
    by_side = _by_side(druids, "druids")
    if set(by_side) != {LIGHT, DARK}:
        raise PositionError("druids: expected both light and dark")
    cells = []
    for side, p in SIDES.items():
        pair = by_side[p]
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise PositionError(f"druids.{side}: expected two squares, found {pair!r}")
        cells += [_square(st, sq, f"druids.{side}[{i}]") for i, sq in enumerate(pair)]
    if len(set(cells)) != 4:
        raise PositionError("druids: two druids on one square")
    return cells


def _set_hands(s: State, data: dict[str, Any]) -> None:
    st = s._st
    over = _by_side(data.get("overchanneling") or {}, "overchanneling")
    s._over = [_count(over.get(p, 0), f"overchanneling.{side}") for side, p in SIDES.items()]
    for side, p in SIDES.items():
        sign = 1 - 2 * p
        s._supply[p] = st.cubes - s._over[p] - sum(v * sign for v in s._cubes if v * sign > 0)
        if s._supply[p] < 0:
            raise PositionError(f"cubes: {side} has more cubes on the grid and kept than the "
                                f"{st.cubes} the rules give")
    if "hand" not in data and "hidden" not in data:
        return
    hands = _by_side(data.get("hand") or {}, "hand")
    hidden = _by_side(data.get("hidden") or {}, "hidden")
    s._setup = 0
    for side, p in SIDES.items():
        h = _glyphs(st, hidden.get(p, []), f"hidden.{side}")
        play = _glyphs(st, hands[p], f"hand.{side}") if p in hands else st.full & ~h
        if h and h.bit_count() != st.hidden:
            raise PositionError(f"hidden.{side}: the rules set {st.hidden} glyphs face down, found {h.bit_count()}")
        if st.hidden and not h and play != st.full:
            raise PositionError(f"hidden.{side}: the rules set {st.hidden} glyphs face down for the "
                                f"rest of a begun hand")
        if play & h:
            raise PositionError(f"hand.{side}: a glyph both in hand and face down")
        if not play and not h:
            raise PositionError(f"hand.{side}: an empty hand is refilled at once; give the whole set")
        s._hidden[p], s._playable[p] = h, play
        s._need_hide[p] = st.hidden > 0 and not h and play == st.full


def to_data(state: State) -> dict[str, Any]:
    """The data that ``position`` turns back into ``state`` (the truth: face-down glyphs and the
    deck order included), for saving a position or a puzzle, between turns.

    :raises PositionError: while a turn is under way (its decisions so far are not position data).
    """
    if state.phase not in (HIDE, PLAY, OVER) or state.phase == PLAY and state._thide >= 0:
        raise PositionError("a position is saved between turns; finish the turn under way first")
    st, names = state._st, state._st.geo.names
    data: dict[str, Any] = {
        "to_move": "light" if state._cur == LIGHT else "dark", "turn": state.turn,
        "last_turn": None if state._last < 0 else ("light", "dark")[state._last],
        "lines": state.glyph_lines,
        "grid": {sq: None if card is None else card.name for sq in names for card in [state.card_at(sq)]},
        "deck": [st.cards[i].name for i in reversed(state._deck)],
        "cubes": {sq: v for sq, v in zip(names, state._cubes) if v},
        "druids": {side: list(state.druids(p)) for side, p in SIDES.items()},
        "taken": {side: [c.name for c in state.taken(p)] for side, p in SIDES.items()},
        "overchanneling": {side: state.overchanneling(p) for side, p in SIDES.items()},
    }
    if not state.in_setup:
        data["hand"] = {side: list(state.hand(p)) for side, p in SIDES.items()}
        data["hidden"] = {side: list(state.hidden(p)) for side, p in SIDES.items()}
    return data
