"""Positions built by hand or from data: for rule scenarios, puzzles, rulebook diagrams and tests."""
from __future__ import annotations

from pnp_games.grove.actions import place_index
from pnp_games.grove.options import GroveOptions
from pnp_games.grove.state import _ACT, _OVER, DARK, LIGHT, PLAYER_NAMES, State


def position(druids: dict[str, str], cubes: dict[str, int] | None = None, to_move: int = LIGHT,
             options: GroveOptions | None = None) -> State:
    """A position built by hand, for scenarios, diagrams and tests.

    ``druids`` maps places to letters as ``render_state`` prints them (``L``/``D`` standing Light/Dark,
    ``l``/``d`` lying), e.g. ``{"G": "llldd", "A": "LLD"}``; every druid must be placed. ``cubes``
    maps circles to Light cubes (positive) or Dark cubes (negative); supplies hold the rest.

    :raises ValueError: for unknown places or letters, or counts that do not add up.
    """
    state = State(options)
    o = state.options
    state._lie = [[0] * (o.circles + 1), [0] * (o.circles + 1)]
    letters = {"L": (LIGHT, state._stand), "l": (LIGHT, state._lie), "D": (DARK, state._stand), "d": (DARK, state._lie)}
    for place, text in druids.items():
        index = place_index(place) if place in state.places() else -1
        if index < 0:
            raise ValueError(f"unknown place {place!r}; places are {state.places()}")
        for ch in text:
            if ch not in letters:
                raise ValueError(f"unknown druid letter {ch!r} at {place}; use L, l, D, d")
            player, table = letters[ch]
            table[player][index] += 1
    for p in (LIGHT, DARK):
        placed = sum(state._stand[p]) + sum(state._lie[p])
        if placed != o.druids_per_player:
            raise ValueError(f"{PLAYER_NAMES[p]} has {placed} druids placed, the rules give {o.druids_per_player}")
    for circle, n in (cubes or {}).items():
        if circle not in state.places()[1:]:
            raise ValueError(f"unknown circle {circle!r}; circles are {state.places()[1:]}")
        state._cubes[place_index(circle) - 1] = n
    for p, sign in ((LIGHT, 1), (DARK, -1)):
        state._supply[p] = o.cubes_per_player - sum(max(0, sign * v) for v in state._cubes)
        if state._supply[p] < 0:
            raise ValueError(f"{PLAYER_NAMES[p]} has more cubes on circles than the rules give")
    state._phase, state._first, state._cur = _ACT, LIGHT if to_move == LIGHT else DARK, to_move
    if state.controlled(to_move) >= o.circles_to_win:  # the position opens a turn: its win check applies
        state._winner, state._phase = to_move, _OVER
    return state


SIDES = {"light": LIGHT, "dark": DARK}
KEYS = ("druids", "cubes", "to_move", "turn")


def from_data(options: GroveOptions | None, data: dict) -> State:
    """The position a mapping describes, e.g. ``{"druids": {"G": "llldd", "A": "LLLDd"},
    "cubes": {"A": 5, "B": -3}, "to_move": "dark", "turn": 14}`` (see ``position``).

    :raises ValueError: naming the key of an unknown key, place, letter or count.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a position is a mapping of {', '.join(KEYS)}; got {type(data).__name__}")
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise ValueError(f"{unknown[0]}: unknown key; known keys are {', '.join(KEYS)}")
    side, turn = data.get("to_move", "light"), data.get("turn", 0)
    if side not in SIDES:
        raise ValueError(f"to_move: expected light or dark, found {side!r}")
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise ValueError(f"turn: expected a whole number of at least 0, found {turn!r}")
    if not isinstance(data.get("druids"), dict):
        raise ValueError("druids: expected a mapping of places to druid letters, e.g. {G: llldd, A: LLLDd}")
    cubes = data.get("cubes") or {}
    if not isinstance(cubes, dict) or not all(isinstance(v, int) and not isinstance(v, bool) for v in cubes.values()):
        raise ValueError(f"cubes: expected circles with whole numbers (Light +, Dark -), found {cubes!r}")
    try:
        state = position(data["druids"], cubes, SIDES[side], options)
    except ValueError as exc:
        raise ValueError(f"{'cubes' if 'cube' in str(exc) or 'circle' in str(exc) else 'druids'}: {exc}") from None
    state._turn = turn
    return state
