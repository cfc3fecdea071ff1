"""One player's view of a Battle for the Grove state as numbers (everything in the Grove is public).

The vector, for ``c`` circles: standing and lying druids per place for the viewer then the
opponent (4*(c+1), counts over druids per player), cubes per circle from the viewer's side
(c, over the control threshold), both supplies (2, over cubes per player), whose turn it is (2:
viewer, opponent), the phase (5: first-player roll, action, second action, dice due, the
banisher choosing which druids go home) and the
action waiting for dice (3 kinds + c circles).
"""
from __future__ import annotations

from pnp_games.grove.state import CHANCE, State

PHASES = ("first", "act", "bonus", "roll", "choose")
KINDS = ("channel", "stun", "banish")


def feature_size(circles: int) -> int:
    return 4 * (circles + 1) + circles + 2 + 2 + len(PHASES) + len(KINDS) + circles


def features(state: State, player: int) -> list[float]:
    o = state.options
    places = state.places()
    opp = 1 - player
    out: list[float] = []
    for p in (player, opp):
        out += [state.standing(p, x) / o.druids_per_player for x in places]
        out += [state.lying(p, x) / o.druids_per_player for x in places]
    for circle in places[1:]:
        light, dark = state.cubes(circle)
        out.append(((light - dark) if player == 0 else (dark - light)) / o.control_at)
    out += [state.supply(player) / o.cubes_per_player, state.supply(opp) / o.cubes_per_player]
    mover = state.current_player
    out += [float(mover == player), float(mover == opp)]
    out += [float(phase == name) for name in PHASES for phase in [phase_of(state)]]
    pending = state.pending
    out += [float(pending is not None and pending.kind == k) for k in KINDS]
    out += [float(pending is not None and pending.at == c) for c in places[1:]]
    return out


def phase_of(state: State) -> str:
    """One of ``PHASES`` (or "over"), read from the state's public queries."""
    if state.is_terminal():
        return "over"
    if state.current_player == CHANCE:
        return "roll" if state.pending is not None else "first"
    if state.sending:
        return "choose"
    return "bonus" if state.in_bonus else "act"


def text(state: State, player: int) -> str:
    """The board as text (the same for both players: nothing is hidden)."""
    return str(state)
