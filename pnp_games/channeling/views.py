"""What one player may see of the game's log: the opponent's face-down choices are masked.

The full log (``State.history``) stays the truth for replays and the rulebook's narration; these
views are for anything shown to a player, or fed to an agent or a learner that plays one seat.
``h[eye,moon,tide] ember:b2>c3 c3-c2-b2`` by the opponent reads ``h[3 hidden] ember:b2>c3 c3-c2-b2``.
"""
from __future__ import annotations

from pnp_games.channeling.actions import Action, format_action
from pnp_games.channeling.core import StateCore


def notation_for(action: Action, viewer: int, actor: int) -> str:
    """The notation of ``action`` (played by ``actor``) as ``viewer`` sees it."""
    if actor == viewer or not action.hide:
        return format_action(action)
    masked = f"h[{len(action.hide)} hidden]"
    rest = format_action(action._replace(hide=()))
    return f"{masked} {rest}" if rest else masked


def actors(state: StateCore) -> list[int]:
    """Who played each action of ``state.history``: every action (setup hides included) passes
    the turn, so seats alternate back from the player to move."""
    n, to_move = len(state._history), state._cur
    return [(to_move + n - i) % 2 for i in range(n)]


def history_for(state: StateCore, player: int) -> tuple[str, ...]:
    """The log in notation as ``player`` may see it."""
    return tuple(notation_for(a, player, who) for a, who in zip(state._records(), actors(state)))
