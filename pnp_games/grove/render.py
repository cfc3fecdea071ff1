"""A plain-text picture of a Grove position, for logs and replays."""
from __future__ import annotations

from pnp_games.grove.actions import place_name

SYMBOLS = (("L", "l"), ("D", "d"))  # standing, lying: Light, Dark


def render_state(state) -> str:
    """One line per place: druids (capital = standing, small = lying) and cubes; then supplies.

    >>> from pnp_games.grove.state import State
    >>> print(render_state(State()).splitlines()[1])
    G  Grove  llllll dddddd
    """
    o = state.options
    lines = [f"{state.turn} turns played; {_whose(state)}"]  # a turn may hold several actions and rolls
    for i in range(o.circles + 1):
        name = place_name(i)
        druids = " ".join(part for part in (
            SYMBOLS[p][0] * state.standing(p, name) + SYMBOLS[p][1] * state.lying(p, name) for p in (0, 1)) if part)
        if i == 0:
            lines.append(f"{name}  Grove  {druids}".rstrip())
            continue
        light, dark = state.cubes(name)
        owner = state.controller(name)
        cubes = f"{light} light" if light else f"{dark} dark" if dark else "no cubes"
        mark = f" (controlled by {('light', 'dark')[owner]})" if owner is not None else ""
        lines.append(f"{name}  {cubes}{mark}  {druids}".rstrip())
    lines.append(f"supply: light {state.supply(0)}, dark {state.supply(1)}")
    return "\n".join(lines)


def _whose(state) -> str:
    if state.is_terminal():
        w = state.winner()
        return "stalled" if w is None else f"{('light', 'dark')[w]} wins"
    p = state.current_player
    if p < 0:
        return f"dice due for {state.pending}" if state.pending else "rolling for first player"
    return f"{('light', 'dark')[p]} to act" + (" (second action)" if state.in_bonus else "")
