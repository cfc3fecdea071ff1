"""The game loop every engine is played with: agents decide by seat, the state samples its own chance
outcomes; a finished game becomes one row: its result and the game's own figures."""
from __future__ import annotations

from typing import Any, NamedTuple, Sequence

def play_out(state: Any, players: Sequence[Any], log: list | None = None) -> None:
    """Play ``state`` to its end: each seat's agent decides, and at a chance node
    (``current_player`` -1) the state's own seeded outcome, ``sample_chance()``, is applied.
    ``log`` (if given) receives the players' actions."""
    while not state.is_terminal():
        p = state.current_player
        if p == -1:
            state.apply_action(state.sample_chance())
            continue
        action = players[p].choose(state)
        state.apply_action(action)
        if log is not None:
            log.append(action)


class GameRow(NamedTuple):
    """One finished game, as a simulation keeps it: the generic result and the game's own figures."""

    winner: int | None
    tie_break: str | None
    scores: tuple[int, ...]        # by seat
    turns: int
    stalled: bool                  # stopped at the turn cap
    swapped: bool                  # the agents sat the other way round
    figures: dict[str, Any]        # the engine's ``figures(state)``
    flags: dict[str, Any]          # the state's ``flags()``


def game_row(engine: Any, state: Any, swapped: bool) -> GameRow:
    """A finished game of ``engine`` (its ``EngineSpec``) as one row."""
    winner, tie_break = state.outcome()
    flags = state.flags() if hasattr(state, "flags") else {}
    figures = engine.figures(state) if engine.figures else {}
    return GameRow(winner, tie_break, tuple(state.scores()), state.turn, bool(flags.get("stalled")), swapped,
                   figures, flags)
